/*
 * pinosolve.play._core: the CPython binding of the double-dummy search core (search/, plain C,
 * compiled into this one unit). It reads Python's arguments into a Search, runs the search
 * without the GIL, asks Python's signal handlers between nodes (the core's interrupt hook),
 * and turns results and failures into Python values and exceptions. The interface is in
 * _core.h.
 */
#include "_core.h"
#include "search/core.c"

static PyObject *TimeoutError_;

/* The core's interrupt hook while ab runs without the GIL: take the GIL back, run the signal
 * handlers, let it go again; nonzero when one raised (the exception stays set for Core_ab). */
static int check_signals(void *hook) {
    Core *self = hook;
    PyEval_RestoreThread(self->released);
    int raised = PyErr_CheckSignals() < 0;
    self->released = PyEval_SaveThread();
    return raised;
}

/* n whole numbers, each lo..hi (a ValueError otherwise, even past a C long) */
static int read_ints(PyObject *seq, int *out, int n, const char *what, int lo, int hi) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %d values", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int over;
        long v = PyLong_AsLongAndOverflow(PySequence_Fast_GET_ITEM(fast, i), &over);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (over || v < lo || v > hi) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: each value from %d to %d", what, lo, hi);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* Let go of the table: free it, or stop searching another Core's. */
static void drop_table(Core *self) {
    if (self->table_owner) {
        /* (the lender, which may be searching in another thread now, takes its table back
         * at its next search: see ready) */
        self->table_owner->lent--;
        Py_CLEAR(self->table_owner);
    } else {
        free(self->s.tt);
        free(self->s.busy);
    }
    self->s.tt = NULL;
    self->s.busy = NULL;
    self->s.grow_wanted = NULL;
}

static void Core_dealloc(Core *self) {
    drop_table(self);
    free(self->s.recent);
    free(self->s.suitkey);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* the fields of TrickRules by the names Python gives them (the rules file's [trick] keys) */
static const struct { const char *name; size_t offset; } TRICK_FIELDS[] = {
    {"follow_suit", offsetof(TrickRules, follow_suit)},
    {"head", offsetof(TrickRules, head)},
    {"trump_if_void", offsetof(TrickRules, trump_if_void)},
    {"overtrump", offsetof(TrickRules, overtrump)},
    {"trump_when_cannot_overtrump", offsetof(TrickRules, trump_when_cannot_overtrump)},
    {"head_after_ruff", offsetof(TrickRules, head_after_ruff)},
    {"partner_exempt", offsetof(TrickRules, partner_exempt)},
    {"free_play", offsetof(TrickRules, free_play)},
};
#define NTRICK_FIELDS (sizeof TRICK_FIELDS / sizeof TRICK_FIELDS[0])
static const char *const HEAD_NAMES[] = {"always", "trump-led", "never"};  /* by HEAD_* */

/* Core's trick argument (a dict of the trick rules by name) into *out; -1 with an exception
 * naming the field (trick.NAME) when one is missing, unknown or out of its range */
static int read_trick_rules(PyObject *obj, TrickRules *out) {
    if (!PyDict_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "trick: a dict of the trick rules by name, got %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t at = 0;
    while (PyDict_Next(obj, &at, &key, &value)) {
        size_t f = 0;
        while (f < NTRICK_FIELDS &&
               !(PyUnicode_Check(key) &&
                 PyUnicode_CompareWithASCIIString(key, TRICK_FIELDS[f].name) == 0))
            f++;
        if (f == NTRICK_FIELDS) {
            PyErr_Format(PyExc_ValueError, "trick: no rule named %R", key);
            return -1;
        }
    }
    for (size_t f = 0; f < NTRICK_FIELDS; f++) {
        const char *name = TRICK_FIELDS[f].name;
        int *field = (int *)((char *)out + TRICK_FIELDS[f].offset);
        PyObject *v = PyDict_GetItemString(obj, name);  /* borrowed */
        if (!v) {
            PyErr_Format(PyExc_ValueError, "trick.%s: missing", name);
            return -1;
        }
        if (field == &out->head) {
            int h = 0;
            while (h < 3 && !(PyUnicode_Check(v) &&
                              PyUnicode_CompareWithASCIIString(v, HEAD_NAMES[h]) == 0))
                h++;
            if (h == 3) {
                PyErr_Format(PyExc_ValueError,
                             "trick.head: 'always', 'trump-led' or 'never', got %R", v);
                return -1;
            }
            *field = h;
            continue;
        }
        int over = 0;
        long x = PyLong_Check(v) ? PyLong_AsLongAndOverflow(v, &over) : -1;
        if (x == -1 && PyErr_Occurred()) return -1;
        if (over || (x != 0 && x != 1)) {
            PyErr_Format(PyExc_ValueError, "trick.%s: 0 or 1 (False or True), got %R", name, v);
            return -1;
        }
        *field = (int)x;
    }
    return 0;
}

static int Core_init(Core *self, PyObject *args, PyObject *kw) {
    if (self->lent) {  /* (the borrowers search its table, by its rules) */
        PyErr_SetString(PyExc_ValueError, "this Core lends its table to another: it cannot be "
                        "made again");
        return -1;
    }
    if (self->searching) {
        PyErr_SetString(PyExc_ValueError, "this Core is searching: it cannot be made again");
        return -1;
    }
    /* a borrower lets go of the lender's table before it changes its game: a failure below
     * must not leave it searching that table by other rules */
    drop_table(self);
    static char *names[] = {"side", "trump", "strength", "points", "last_trick", "trick",
                            "tt_bits", "use_tt", "use_equivalence", "use_relative", "options",
                            "grow_bits", NULL};
    PyObject *side, *strength, *points, *trick;
    int trump, last, tt_bits = 20, use_tt = 1, use_equiv = 1, use_rel = 1;
    int options = OPT_DEFAULT, grow_bits = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiOOiO|iiiiii", names, &side, &trump,
                                     &strength, &points, &last, &trick, &tt_bits,
                                     &use_tt, &use_equiv, &use_rel, &options, &grow_bits))
        return -1;
    Py_ssize_t n = PySequence_Size(side);
    if (n < 0) return -1;
    if (n < 2 || n > MAXSEAT) {
        PyErr_SetString(PyExc_ValueError, "side: 2 to 8 seats");
        return -1;
    }
    if (tt_bits < 4 || tt_bits > 28) {
        PyErr_Format(PyExc_ValueError, "tt_bits: 4 to 28, got %d", tt_bits);
        return -1;
    }
    if (grow_bits < 0 || grow_bits > 28) {
        PyErr_Format(PyExc_ValueError, "grow_bits: 4 to 28 (0: the table keeps its size), "
                     "got %d", grow_bits);
        return -1;
    }
    if (trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump: 0..3, or -1 for none");
        return -1;
    }
    TrickRules rules;
    if (read_trick_rules(trick, &rules) < 0) return -1;
    self->s.n = (int)n;
    if (read_ints(side, self->s.side, self->s.n, "side", 0, 1) < 0) return -1;
    for (int l = 0; l < self->s.n; l++)
        for (int k = 0; k < self->s.n; k++) self->s.seat_at[l][k] = (int8_t)((l + k) % self->s.n);
    int strength_of[NRANK];
    if (read_ints(strength, strength_of, NRANK, "strength", 0, NRANK) < 0) return -1;
    self->s.npos = 0;
    for (int r = 0; r < NRANK; r++) self->s.rank_of_pos[r] = -1;
    for (int r = 0; r < NRANK; r++) {
        int st = strength_of[r];
        if (st < 0 || st > NRANK || (st < NRANK && self->s.rank_of_pos[st] >= 0)) {
            PyErr_SetString(PyExc_ValueError,
                            "strength: distinct values 0..5 per rank (6: not in the deck)");
            return -1;
        }
        self->s.pos_of_rank[r] = st < NRANK ? st : -1;
        if (st < NRANK) { self->s.rank_of_pos[st] = r; self->s.npos++; }
    }
    for (int p = 0; p < self->s.npos; p++)
        if (self->s.rank_of_pos[p] < 0) {
            PyErr_SetString(PyExc_ValueError, "strength: the deck's ranks must be 0..k-1");
            return -1;
        }
    int ext_points[NCARD];
    if (read_ints(points, ext_points, NCARD, "points", 0, POINTS_MAX) < 0) return -1;
    if (last < 0 || last > POINTS_MAX) {
        PyErr_Format(PyExc_ValueError, "last_trick: from 0 to %d", POINTS_MAX);
        return -1;
    }
    memset(self->s.pts, 0, sizeof self->s.pts);
    for (int k = 0; k < NCARD; k++) {
        int p = self->s.pos_of_rank[k % NRANK];
        if (p >= 0) self->s.pts[(k / NRANK) * 8 + p] = ext_points[k];
    }
    int dearest = 0;
    for (int id = 0; id < NID; id++) if (self->s.pts[id] > dearest) dearest = self->s.pts[id];
    for (int id = 0; id < NID; id++)  /* the points themselves where none is above ORDER_PTS */
        self->s.order_pts[id] = dearest <= ORDER_PTS ? self->s.pts[id]
                            : (int)((long long)self->s.pts[id] * ORDER_PTS / dearest);
    for (int s = 0; s < MAXSEAT; s++)
        for (int id = 0; id < NID; id++) {
            self->s.zc[s][id] = small_card(s, self->s.pts[id]);
            self->s.za[s][id] = small_card(s + 16, id + 1000);
        }
    for (int i = 0; i <= 8; i++) {  /* in memory order, whatever the byte order */
        uint8_t bytes[8] = {0};
        memset(bytes, 0xFF, (size_t)i);
        memcpy(&self->s.first[i], bytes, 8);
    }
    self->s.nvals = 0;
    memset(self->s.vmask, 0, sizeof self->s.vmask);
    for (int su = 0; su < 4; su++)
        for (int p = 0; p < self->s.npos; p++) {
            int v = self->s.pts[su * 8 + p], i = 0;
            while (i < self->s.nvals && self->s.vals[i] < v) i++;
            if (i == self->s.nvals || self->s.vals[i] != v) {  /* a new value: insert it */
                memmove(&self->s.vals[i + 1], &self->s.vals[i],
                        (size_t)(self->s.nvals - i) * sizeof self->s.vals[0]);
                memmove(&self->s.vmask[i + 1], &self->s.vmask[i],
                        (size_t)(self->s.nvals - i) * sizeof self->s.vmask[0]);
                memset(&self->s.vmask[i], 0, sizeof self->s.vmask[0]);
                self->s.vals[i] = v;
                self->s.nvals++;
            }
            uint8_t bytes[8];
            memcpy(bytes, &self->s.vmask[i][su], 8);
            bytes[p] = 0xFF;
            memcpy(&self->s.vmask[i][su], bytes, 8);
        }
    self->s.rules = rules;
    self->s.trump = trump;
    self->s.last_trick = last;
    self->s.opts = options;
    memset(self->s.killer, -1, sizeof self->s.killer);
    memset(self->s.prev, 0, sizeof self->s.prev);
    if (!use_tt) self->s.opts &= ~OPT_TT;
    if (!use_equiv) self->s.opts &= ~OPT_EQUIV;
    if (!use_rel) self->s.opts &= ~OPT_RELATIVE;
    self->defer_tricks = 2;  /* (the table was let go at the start) */
    self->grow_wanted = 0;
    self->s.cancelled = 0;
    free(self->s.recent);
    self->s.recent = calloc((size_t)1 << RECENT_BITS, sizeof(Recent));
    if (!self->s.recent) { PyErr_NoMemory(); return -1; }
    free(self->s.suitkey);
    self->s.suitkey = calloc((size_t)4 * SUITKEYS, sizeof(SuitKey));
    if (!self->s.suitkey) { PyErr_NoMemory(); return -1; }
    size_t buckets = (size_t)1 << (tt_bits > 6 ? tt_bits - BUCKET_BITS : 4);
    void *mem = table_alloc(buckets * BUCKET * sizeof(Entry));
    if (!mem) {
        PyErr_NoMemory();
        return -1;
    }
    memset(mem, 0, buckets * BUCKET * sizeof(Entry));
    self->s.tt = mem;
    self->s.tt_mask = buckets - 1;
    self->s.grow_limit = grow_bits > tt_bits ? (size_t)1 << (grow_bits - BUCKET_BITS) : buckets;
    schedule_growth(&self->s);
    return 0;
}

/* load hands (list of lists of external card indices) into the search state */
static int load_hands(Search *c, PyObject *hands) {
    PyObject *fast = PySequence_Fast(hands, "hands");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != c->n) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "hands: one list per seat");
        return -1;
    }
    memset(c->cnt, 0, sizeof c->cnt);
    memset(c->pres, 0, sizeof c->pres);
    memset(c->col, 0, sizeof c->col);
    memset(c->slen, 0, sizeof c->slen);
    memset(c->lvl, 0, sizeof c->lvl);
    memset(c->suitsum, 0, sizeof c->suitsum);
    memset(c->inplay, 0, sizeof c->inplay);
    c->held = 0;
    c->zpos = 0;
    for (int s = 0; s < c->n; s++) {
        PyObject *h = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, s), "hand");
        if (!h) { Py_DECREF(fast); return -1; }
        c->size[s] = 0;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(h); i++) {
            long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(h, i));
            int id = -1;
            if (card >= 0 && card < NCARD && c->pos_of_rank[card % NRANK] >= 0)
                id = (int)(card / NRANK) * 8 + c->pos_of_rank[card % NRANK];
            int copies = 0;  /* of this card in the hands so far (byte_sum needs a bound) */
            for (int t = 0; t <= s && id >= 0; t++) copies += c->cnt[t][id];
            if (id < 0 || copies >= MAXCOPY) {
                Py_DECREF(h); Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, id < 0 ? "bad card in hand"
                                                             : "more than 8 copies of a card");
                return -1;
            }
            give(c, s, id);
        }
        Py_DECREF(h);
    }
    Py_DECREF(fast);
    return 0;
}

/* hands, leader and the trick so far into the search state, and the points in play (the
 * cards' and the last trick's); -1 with an exception set, also when those are more than
 * POINTS_MAX (each card's are at most that: their sum cannot overflow here) */
static int load_position(Core *self, PyObject *hands, int leader, PyObject *trick_obj,
                         int *trick, int *tlen_out, int *wi_out, int *in_play) {
    if (leader < 0 || leader >= self->s.n) {
        PyErr_SetString(PyExc_ValueError, "leader out of range");
        return -1;
    }
    if (load_hands(&self->s, hands) < 0) return -1;
    PyObject *tf = PySequence_Fast(trick_obj, "trick");
    if (!tf) return -1;
    Py_ssize_t tlen = PySequence_Fast_GET_SIZE(tf);
    if (tlen >= self->s.n) {
        Py_DECREF(tf);
        PyErr_SetString(PyExc_ValueError, "trick full");
        return -1;
    }
    int wi = 0;
    for (Py_ssize_t i = 0; i < tlen; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
        if (card < 0 || card >= NCARD || self->s.pos_of_rank[card % NRANK] < 0) {
            Py_DECREF(tf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad card in trick");
            return -1;
        }
        trick[i] = (int)(card / NRANK) * 8 + self->s.pos_of_rank[card % NRANK];
        if (i && beats(&self->s, trick[i], trick[wi])) wi = (int)i;
    }
    Py_DECREF(tf);
    long long points = cards_points(&self->s, trick, (int)tlen);
    for (int s = 0; s < self->s.n; s++)
        for (int id = 0; id < NID; id++) points += (long long)self->s.cnt[s][id] * self->s.pts[id];
    if (tlen || self->s.held) points += self->s.last_trick;
    if (points > POINTS_MAX) {
        PyErr_Format(PyExc_ValueError, "%lld points in play, more than %d", points, POINTS_MAX);
        return -1;
    }
    *tlen_out = (int)tlen;
    *wi_out = wi;
    *in_play = (int)points;
    return 0;
}

/* Before a search: the Core was made, and a borrower searches its lender's table as it is
 * now (it may have grown since); -1 with an exception otherwise. */
static int ready(Core *self) {
    if (!self->s.tt) {
        PyErr_SetString(PyExc_ValueError, "this Core was not made (__init__ failed)");
        return -1;
    }
    if (self->released) {  /* (one Search: two searches at once would share its state) */
        PyErr_SetString(PyExc_ValueError, "this Core is searching in another thread");
        return -1;
    }
    Core *owner = self->table_owner;
    if (owner && (self->s.tt != owner->s.tt || self->s.grow_limit != owner->s.grow_limit)) {
        self->s.tt = owner->s.tt;
        self->s.tt_mask = owner->s.tt_mask;
        self->s.grow_limit = owner->s.grow_limit;
        schedule_growth(&self->s);
    }
    if (!owner && !self->lent && self->s.busy && !self->searching) {
        /* it lent its table and has it back: it grows it itself, and defers nothing */
        free(self->s.busy);
        self->s.busy = NULL;
        self->s.grow_wanted = NULL;
        self->grow_wanted = 0;
        schedule_growth(&self->s);
    }
    return 0;
}

static PyObject *Core_ab(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, alpha, beta, rem, tlen, wi, in_play;
    double budget = 0;
    if (!PyArg_ParseTuple(args, "OiOiii|d", &hands, &leader, &trick_obj, &alpha, &beta, &rem,
                          &budget))
        return NULL;
    if (ready(self) < 0) return NULL;
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi, &in_play) < 0)
        return NULL;
    if (rem != in_play) {
        PyErr_Format(PyExc_ValueError, "rem: %d, but the points in play are %d", rem, in_play);
        return NULL;
    }
    /* every value lies in 0..rem: a window reaching further means the same, and this one
     * keeps alpha - gain and beta - gain along any line within an int */
    if (alpha < -1) alpha = -1;
    if (alpha > rem) alpha = rem;
    if (beta < 0) beta = 0;
    if (beta > rem + 1) beta = rem + 1;
    Core *table = self->table_owner ? self->table_owner : self;
    self->s.deadline = budget > 0 ? now() + budget : 0;
    self->s.timed_out = 0;
    self->s.defer_floor = self->s.held + tlen - self->defer_tricks * self->s.n + 1;
    Rel rel;
    self->s.interrupted = check_signals;
    self->s.hook = self;
    table->searching++;  /* (with the GIL: grow and share_table read it) */
    Py_INCREF(table);
    self->released = PyEval_SaveThread();  /* as Py_BEGIN_ALLOW_THREADS, kept for ab */
    int v = ab(&self->s, leader, trick, tlen, wi, cards_points(&self->s, trick, tlen), alpha, beta, rem,
               &rel);
    PyEval_RestoreThread(self->released);
    self->released = NULL;
    table->searching--;
    Py_DECREF(table);
    self->s.interrupted = NULL;
    if (PyErr_Occurred()) return NULL;  /* a signal handler raised (see ab) */
    if (v == TIMEOUT_FLAG) {
        PyErr_SetString(TimeoutError_, "search time budget spent");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *Core_playout(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, tlen, wi, in_play;
    if (!PyArg_ParseTuple(args, "OiO", &hands, &leader, &trick_obj)) return NULL;
    if (ready(self) < 0) return NULL;
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi, &in_play) < 0)
        return NULL;
    return PyLong_FromLong(playout(&self->s, leader, trick, tlen, wi, 0));
}

static PyObject *Core_estimate(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, plies, tlen, wi, in_play;
    if (!PyArg_ParseTuple(args, "OiOi", &hands, &leader, &trick_obj, &plies)) return NULL;
    if (ready(self) < 0) return NULL;
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi, &in_play) < 0)
        return NULL;
    return PyLong_FromLong(estimate(&self->s, leader, trick, tlen, wi, plies));
}

/* Do two searches play the same game (rules, trump, sides)? Then their table entries mean the
 * same. */
static int same_game(const Search *a, const Search *b) {
    return a->n == b->n && a->trump == b->trump && a->last_trick == b->last_trick &&
           a->npos == b->npos && memcmp(a->side, b->side, sizeof a->side) == 0 &&
           memcmp(a->rank_of_pos, b->rank_of_pos, sizeof a->rank_of_pos) == 0 &&
           memcmp(a->pts, b->pts, sizeof a->pts) == 0 &&
           memcmp(&a->rules, &b->rules, sizeof a->rules) == 0 &&
           (a->opts & (OPT_RELATIVE | OPT_PARTITION)) == (b->opts & (OPT_RELATIVE | OPT_PARTITION));
}

static PyTypeObject CoreType;

static PyObject *Core_share_table(Core *self, PyObject *arg) {
    if (!PyObject_TypeCheck(arg, &CoreType)) {
        PyErr_Format(PyExc_TypeError, "share_table: a Core, got %.100s", Py_TYPE(arg)->tp_name);
        return NULL;
    }
    Core *other = (Core *)arg;
    while (other->table_owner) other = other->table_owner;
    if (other == self) Py_RETURN_NONE;
    if (!other->s.tt || !self->s.tt) {
        PyErr_SetString(PyExc_ValueError, "share_table: a Core not made (__init__ failed)");
        return NULL;
    }
    if (self->lent) {
        PyErr_SetString(PyExc_ValueError, "share_table: this Core lends its table already");
        return NULL;
    }
    if (!same_game(&self->s, &other->s)) {
        PyErr_SetString(PyExc_ValueError, "share_table: the Cores play different games (rules, "
                        "trump, sides or key options): their entries would not mean the same");
        return NULL;
    }
    Core *mine = self->table_owner ? self->table_owner : self;
    if (self->released || mine->searching || other->searching) {
        PyErr_SetString(PyExc_ValueError, "share_table: a search of either table is running");
        return NULL;
    }
    if (!other->s.busy) {
        other->s.busy = calloc((size_t)1 << BUSY_BITS, sizeof(uint64_t));
        if (!other->s.busy) return PyErr_NoMemory();
        other->s.busy_mask = ((uint64_t)1 << BUSY_BITS) - 1;
    }
    if (self->table_owner != other) {
        drop_table(self);
        Py_INCREF(other);
        self->table_owner = other;
        other->lent++;
    }
    self->s.tt = other->s.tt;
    self->s.tt_mask = other->s.tt_mask;
    self->s.busy = other->s.busy;
    self->s.busy_mask = other->s.busy_mask;
    self->s.grow_limit = other->s.grow_limit;
    /* a shared table moves only while no search reads it: a search that outgrows it stops
     * every search of it (grow_wanted), and the caller grows it (grow) */
    self->s.grow_wanted = other->s.grow_wanted = &other->grow_wanted;
    schedule_growth(&other->s);
    schedule_growth(&self->s);
    Py_RETURN_NONE;
}

static PyObject *Core_grow(Core *self, PyObject *unused) {
    (void)unused;
    if (self->table_owner) {
        PyErr_SetString(PyExc_ValueError, "grow: this Core searches another's table (grow that)");
        return NULL;
    }
    if (self->searching) {
        PyErr_SetString(PyExc_ValueError, "grow: a search of the table is running");
        return NULL;
    }
    size_t before = self->s.tt_mask + 1;
    self->grow_wanted = 0;
    if (before < self->s.grow_limit) grow_table(&self->s);
    if (self->s.tt_mask + 1 == before)  /* no memory for it (or at its limit): it stays */
        self->s.grow_limit = before;
    schedule_growth(&self->s);
    return PyBool_FromLong(self->s.tt_mask + 1 > before);
}

static PyObject *Core_get_grow_wanted(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->table_owner ? self->table_owner->grow_wanted : self->grow_wanted);
}

static PyObject *Core_get_cancelled(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->s.cancelled);
}

static int Core_set_cancelled(Core *self, PyObject *value, void *closure) {
    (void)closure;
    if (!value) {
        PyErr_SetString(PyExc_TypeError, "cancelled cannot be deleted");
        return -1;
    }
    int truth = PyObject_IsTrue(value);
    if (truth < 0) return -1;
    self->s.cancelled = truth;
    return 0;
}

static PyObject *Core_get_defer_tricks(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->defer_tricks);
}

static int Core_set_defer_tricks(Core *self, PyObject *value, void *closure) {
    (void)closure;
    long v = value ? PyLong_AsLong(value) : -1;
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 64) {
        PyErr_SetString(PyExc_ValueError, "defer_tricks: 0 to 64");
        return -1;
    }
    self->defer_tricks = (int)v;
    return 0;
}

static PyObject *Core_get_entries(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t((self->s.tt_mask + 1) * BUCKET);
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->s.nodes);
}

#ifdef STATS
static PyObject *Core_stats(Core *self, PyObject *a) {
    (void)self; (void)a;
    for (int t = 0; t < 4; t++) {
        printf("tlen %d: moves", t);
        for (int i = 0; i < 8; i++) printf(" %lld", st_nodes[t][i]);
        printf(" | cut at");
        for (int i = 0; i < 8; i++) printf(" %lld", st_cut[t][i]);
        printf(" | all-nodes %lld\n", st_all[t]);
    }
    printf("tt probes %lld hits %lld cuts %lld; quick calls %lld cuts %lld\n", st_ttprobe,
           st_tthit, st_ttcut, st_qcall, st_qcut);
    printf("expanded: side 1 on lead %lld, side 0 %lld\n", st_exp[0], st_exp[1]);
    printf("answered by recent %lld, exact %lld, partition %lld\n", st_recent, st_exact_ans,
           st_coarse_ans);
    st_recent = st_exact_ans = st_coarse_ans = 0;
    st_ttcut = st_qcall = st_qcut = st_exp[0] = st_exp[1] = 0;
    printf("by tricks left:");
    for (int i = 0; i < 16; i++) printf(" %lld", st_depth[i]);
    printf("\n"); memset(st_depth, 0, sizeof st_depth);
    memset(st_nodes, 0, sizeof st_nodes); memset(st_cut, 0, sizeof st_cut);
    memset(st_all, 0, sizeof st_all); st_ttprobe = st_tthit = 0;
    Py_RETURN_NONE;
}
#endif
static PyMethodDef Core_methods[] = {
#ifdef STATS
    {"stats", (PyCFunction)Core_stats, METH_NOARGS, "print counters"},
#endif
    {"ab", (PyCFunction)Core_ab, METH_VARARGS,
     "ab(hands, leader, trick, alpha, beta, rem[, budget_seconds]) -> side-0 points"},
    {"share_table", (PyCFunction)Core_share_table, METH_O,
     "share_table(other): search other's table from now on (see _core.h)"},
    {"grow", (PyCFunction)Core_grow, METH_NOARGS,
     "grow() -> bool: double the table this Core lends, if below its limit (see _core.h)"},
    {"estimate", (PyCFunction)Core_estimate, METH_VARARGS,
     "estimate(hands, leader, trick, plies) -> side-0 points: minimax over the next plies "
     "cards, each line then played out (a first guess for the driver)"},
    {"playout", (PyCFunction)Core_playout, METH_VARARGS,
     "playout(hands, leader, trick) -> side-0 points when both sides play their first-ordered "
     "card (a guess for the driver)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes searched so far", NULL},
    {"entries", (getter)Core_get_entries, NULL, "the table's size in entries", NULL},
    {"grow_wanted", (getter)Core_get_grow_wanted, NULL,
     "a search of this shared table outgrew it: the caller grows it", NULL},
    {"cancelled", (getter)Core_get_cancelled, (setter)Core_set_cancelled,
     "set from another thread: ab stops and raises Timeout", NULL},
    {"defer_tricks", (getter)Core_get_defer_tricks, (setter)Core_set_defer_tricks,
     "tricks from the root at which moves are deferred, where the table is shared", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pinosolve.play._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Compiled double-dummy search with a persistent transposition table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "Compiled double-dummy search core.", -1, NULL,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    TimeoutError_ = PyErr_NewException("pinosolve.play._core.Timeout", NULL, NULL);
    Py_INCREF(TimeoutError_);
    PyModule_AddObject(m, "Timeout", TimeoutError_);
    Py_INCREF(&CoreType);
    PyModule_AddObject(m, "Core", (PyObject *)&CoreType);
    static const struct { const char *name; int value; } opts[] = {
        {"OPT_TT", OPT_TT}, {"OPT_EQUIV", OPT_EQUIV}, {"OPT_RELATIVE", OPT_RELATIVE},
        {"OPT_QUICK", OPT_QUICK}, {"OPT_ORDER", OPT_ORDER}, {"OPT_MASTER", OPT_MASTER}, {"OPT_GUESS", OPT_GUESS},
        {"OPT_PARTITION", OPT_PARTITION}, {"OPT_KILLER", OPT_KILLER},
        {"OPT_SIBLING", OPT_SIBLING}, {"OPT_RECENT", OPT_RECENT},
        {"OPT_DEFAULT", OPT_DEFAULT}};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        PyModule_AddIntConstant(m, opts[i].name, opts[i].value);
    PyModule_AddIntConstant(m, "ENTRY_BYTES", (long)sizeof(Entry));  /* for the table limit */
    PyModule_AddIntConstant(m, "POINTS_MAX", POINTS_MAX);  /* the most points in play */
    return m;
}
