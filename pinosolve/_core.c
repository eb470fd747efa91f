/*
 * pinosolve._core: the compiled double-dummy search.
 *
 * The same algorithm as pinosolve/solver.py (the reference it is tested against): fail-soft
 * alpha-beta on the points side 0 takes from here, a transposition table at trick boundaries
 * storing lower/upper bounds on the points still to win and the best lead, move ordering, and
 * the pinochle-correct card equivalence. Everything about the variant comes in as data: the
 * number of seats and their sides, trump, rank strengths, card points, last-trick bonus and the
 * obligation knobs. Nothing here knows any variant.
 *
 * Cards are indices 0..23: suit = card / 6, rank = card % 6. Hands are copy counts.
 * The table is fixed-size (a power of two), indexed by a 64-bit Zobrist hash of the hands and
 * the leader, and checked with a second independent 64-bit hash; entries are replaced always.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define NCARD 24
#define NRANK 6
#define MAXSEAT 8
#define MAXCOPY 8
#define INF (1 << 29)
#define TIMEOUT_FLAG (-(1 << 30))

typedef struct {
    uint64_t key, lock;
    int16_t lo, hi;
    int8_t best;
    uint8_t used;
} Entry;

typedef struct {
    PyObject_HEAD
    int n, trump, last_trick, free_play, use_tt, use_equiv, use_relative;
    int side[MAXSEAT];
    int strength[NRANK];
    int points[NCARD];
    /* obligations */
    int follow, head, trump_if_void, overtrump, tcno, head_after_ruff, partner_exempt;
    Entry *tt;
    uint64_t tt_mask;
    uint64_t zkey[MAXSEAT][NCARD][MAXCOPY + 1], zlock[MAXSEAT][NCARD][MAXCOPY + 1];
    uint64_t zlead_key[MAXSEAT], zlead_lock[MAXSEAT];
    /* search state */
    uint8_t hand[MAXSEAT][NCARD];
    int hand_size[MAXSEAT];
    uint64_t hkey, hlock;
    long long nodes;
    double deadline;
    int timed_out;
} Core;

static PyObject *TimeoutError_;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* does card c, played later, beat b? */
static inline int beats(const Core *c, int card, int best) {
    int cs = card / NRANK, bs = best / NRANK;
    if (cs == bs) return c->strength[card % NRANK] < c->strength[best % NRANK];
    return cs == c->trump;
}

static inline int winner_pos(const Core *c, const int *trick, int len) {
    int w = 0;
    for (int i = 1; i < len; i++)
        if (beats(c, trick[i], trick[w])) w = i;
    return w;
}

/* distinct legal cards of `seat` into out[]; returns how many */
static int legal(const Core *c, int seat, const int *trick, int tlen, int partner_winning,
                 int *out) {
    const uint8_t *h = c->hand[seat];
    int n = 0;
    if (tlen == 0 || c->free_play) {
        for (int k = 0; k < NCARD; k++) if (h[k]) out[n++] = k;
        return n;
    }
    int led = trick[0] / NRANK;
    int w = winner_pos(c, trick, tlen);
    int best = trick[w];
    int ruffed = (best / NRANK == c->trump) && led != c->trump;
    int exempt = c->partner_exempt && partner_winning;
    int has_led = 0;
    for (int r = 0; r < NRANK; r++) if (h[led * NRANK + r]) { has_led = 1; break; }
    if (c->follow && has_led) {
        int heading = (c->head == 0) || (c->head == 1 && led == c->trump);
        int target = -1; /* a card the follower must beat, if any */
        if (heading && !exempt) {
            if (!ruffed) target = best;
            else if (c->head_after_ruff) {
                int top = -1;
                for (int i = 0; i < tlen; i++)
                    if (trick[i] / NRANK == led &&
                        (top < 0 || c->strength[trick[i] % NRANK] < c->strength[top % NRANK]))
                        top = trick[i];
                target = top;
            }
        }
        if (target >= 0) {
            for (int r = 0; r < NRANK; r++) {
                int k = led * NRANK + r;
                if (h[k] && c->strength[r] < c->strength[target % NRANK]) out[n++] = k;
            }
            if (n) return n;
        }
        for (int r = 0; r < NRANK; r++) { int k = led * NRANK + r; if (h[k]) out[n++] = k; }
        return n;
    }
    int t = c->trump;
    int has_trump = 0;
    if (t >= 0) for (int r = 0; r < NRANK; r++) if (h[t * NRANK + r]) { has_trump = 1; break; }
    if (t < 0 || led == t || !has_trump || !c->trump_if_void) {
        for (int k = 0; k < NCARD; k++) if (h[k]) out[n++] = k;
        return n;
    }
    if (ruffed && c->overtrump && !exempt) {
        for (int r = 0; r < NRANK; r++) {
            int k = t * NRANK + r;
            if (h[k] && c->strength[r] < c->strength[best % NRANK]) out[n++] = k;
        }
        if (n) return n;
        if (!c->tcno) {
            for (int k = 0; k < NCARD; k++) if (h[k]) out[n++] = k;
            return n;
        }
    }
    for (int r = 0; r < NRANK; r++) { int k = t * NRANK + r; if (h[k]) out[n++] = k; }
    return n;
}

/* group equivalent cards; keeps one representative (the weakest of each group) */
static int equivalence(const Core *c, int seat, const int *trick, int tlen, int *cards, int n) {
    if (!c->use_equiv || n < 2) return n;
    /* others[suit][strength] = a card of that suit and strength held elsewhere or on table */
    uint8_t others[4][NRANK];
    memset(others, 0, sizeof others);
    for (int i = 0; i < tlen; i++)
        others[trick[i] / NRANK][c->strength[trick[i] % NRANK]] = 1;
    for (int s = 0; s < c->n; s++) {
        if (s == seat) continue;
        for (int k = 0; k < NCARD; k++)
            if (c->hand[s][k]) others[k / NRANK][c->strength[k % NRANK]] = 1;
    }
    /* sort by suit, then strength (strongest first) */
    for (int i = 1; i < n; i++) {
        int x = cards[i], j = i - 1;
        while (j >= 0 && (cards[j] / NRANK > x / NRANK ||
                          (cards[j] / NRANK == x / NRANK &&
                           c->strength[cards[j] % NRANK] > c->strength[x % NRANK]))) {
            cards[j + 1] = cards[j];
            j--;
        }
        cards[j + 1] = x;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m > 0) {
            int prev = cards[m - 1], x = cards[i];
            if (prev / NRANK == x / NRANK && c->points[prev] == c->points[x]) {
                int lo = c->strength[prev % NRANK], hi = c->strength[x % NRANK], clear = 1;
                for (int st = lo; st <= hi; st++)
                    if (others[x / NRANK][st]) { clear = 0; break; }
                if (clear) { cards[m - 1] = x; continue; } /* keep the weaker as representative */
            }
        }
        cards[m++] = cards[i];
    }
    return m;
}

static void order(const Core *c, int player, const int *trick, int tlen, int leader,
                  int tt_best, int *cards, int n) {
    int key[NCARD];
    int win_seat = -1, best = -1, led = -1;
    if (tlen) {
        int w = winner_pos(c, trick, tlen);
        best = trick[w];
        win_seat = (leader + w) % c->n;
        led = trick[0] / NRANK;
    }
    for (int i = 0; i < n; i++) {
        int card = cards[i], st = c->strength[card % NRANK];
        int is_trump = card / NRANK == c->trump, pts = c->points[card];
        int k;
        if (card == tt_best) k = -1000000;
        else if (!tlen) k = st * 10 + (is_trump ? 0 : 1);
        else if (c->side[win_seat] == c->side[player]) k = -pts * 10 + st;
        else if (beats(c, card, best)) k = 100000 + (is_trump ? 1000 : 0) - st * 10 + pts;
        else k = 200000 + pts * 10 - st;
        (void)led;
        key[i] = k;
    }
    for (int i = 1; i < n; i++) {
        int x = cards[i], kx = key[i], j = i - 1;
        while (j >= 0 && key[j] > kx) { cards[j + 1] = cards[j]; key[j + 1] = key[j]; j--; }
        cards[j + 1] = x;
        key[j + 1] = kx;
    }
}

static inline void take(Core *c, int seat, int card) {
    int k = c->hand[seat][card];
    c->hkey ^= c->zkey[seat][card][k] ^ c->zkey[seat][card][k - 1];
    c->hlock ^= c->zlock[seat][card][k] ^ c->zlock[seat][card][k - 1];
    c->hand[seat][card] = (uint8_t)(k - 1);
    c->hand_size[seat]--;
}

static inline void give(Core *c, int seat, int card) {
    int k = c->hand[seat][card];
    c->hkey ^= c->zkey[seat][card][k] ^ c->zkey[seat][card][k + 1];
    c->hlock ^= c->zlock[seat][card][k] ^ c->zlock[seat][card][k + 1];
    c->hand[seat][card] = (uint8_t)(k + 1);
    c->hand_size[seat]++;
}

/* The canonical trick-boundary key: per suit, the remaining ranks in strength order, each as
 * (points, copies held by every seat); the trump suit first, the plain suits sorted by that
 * encoding, then the leader. Positions with the same key are the same game: only relative
 * order, identical copies, points, trump and who holds what matter at a trick boundary.
 * slot_of[suit] and suit_of[slot] translate the stored best lead. */
typedef struct { int len; uint32_t code[NRANK]; int rank[NRANK]; } SuitCode;

static int suitcmp(const SuitCode *a, const SuitCode *b) {
    if (a->len != b->len) return a->len < b->len ? -1 : 1;
    for (int i = 0; i < a->len; i++)
        if (a->code[i] != b->code[i]) return a->code[i] < b->code[i] ? -1 : 1;
    return 0;
}

static inline uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 31);
}

static void relative_key(const Core *c, int leader, uint64_t *key, uint64_t *lock,
                         SuitCode codes[4], int suit_of[4]) {
    int by_strength[NRANK + 1];  /* a rank not in the deck has strength NRANK */
    for (int st = 0; st <= NRANK; st++) by_strength[st] = -1;
    for (int r = 0; r < NRANK; r++) by_strength[c->strength[r]] = r;
    for (int su = 0; su < 4; su++) {
        SuitCode *sc = &codes[su];
        sc->len = 0;
        for (int st = 0; st < NRANK; st++) {
            int r = by_strength[st], k = su * NRANK + r;
            if (r < 0) continue;
            uint32_t packed = 0, any = 0;
            for (int s = 0; s < c->n; s++) {
                packed |= (uint32_t)c->hand[s][k] << (3 * s);
                any |= c->hand[s][k];
            }
            if (!any) continue;
            sc->code[sc->len] = ((uint32_t)c->points[k] << 24) | packed;
            sc->rank[sc->len] = r;
            sc->len++;
        }
    }
    int slot = 0;
    if (c->trump >= 0) suit_of[slot++] = c->trump;
    for (int su = 0; su < 4; su++) if (su != c->trump) suit_of[slot++] = su;
    /* sort the plain suits (slots after trump) by their encoding */
    int first = c->trump >= 0 ? 1 : 0;
    for (int i = first + 1; i < 4; i++) {
        int x = suit_of[i], j = i - 1;
        while (j >= first && suitcmp(&codes[suit_of[j]], &codes[x]) > 0) {
            suit_of[j + 1] = suit_of[j];
            j--;
        }
        suit_of[j + 1] = x;
    }
    uint64_t h1 = 0x1234567ULL + (uint64_t)leader, h2 = 0x89ABCDEFULL ^ ((uint64_t)leader << 7);
    for (int i = 0; i < 4; i++) {
        const SuitCode *sc = &codes[suit_of[i]];
        h1 = mix(h1, 0xF00D0000ULL + (uint64_t)sc->len);
        h2 = mix(h2, 0xBEEF0000ULL ^ ((uint64_t)sc->len << 3));
        for (int g = 0; g < sc->len; g++) {
            h1 = mix(h1, sc->code[g]);
            h2 = mix(h2, (uint64_t)sc->code[g] * 0x2545F4914F6CDD1DULL + 17);
        }
    }
    *key = h1;
    *lock = h2;
}

static int ab(Core *c, int leader, int *trick, int tlen, int alpha, int beta, int rem) {
    if (c->timed_out) return TIMEOUT_FLAG;
    c->nodes++;
    if ((c->nodes & 4095) == 0 && c->deadline > 0 && now() > c->deadline) {
        c->timed_out = 1;
        return TIMEOUT_FLAG;
    }
    if (rem <= 0) return 0;
    if (alpha >= rem) return rem;
    if (beta <= 0) return 0;
    Entry *e = NULL;
    int tt_best = -1, a0 = alpha, b0 = beta;
    uint64_t key = 0, lock = 0;
    SuitCode codes[4];
    int suit_of[4];
    if (tlen == 0 && c->use_tt) {
        if (c->use_relative) {
            relative_key(c, leader, &key, &lock, codes, suit_of);
        } else {
            key = c->hkey ^ c->zlead_key[leader];
            lock = c->hlock ^ c->zlead_lock[leader];
        }
        e = &c->tt[key & c->tt_mask];
        if (e->used && e->key == key && e->lock == lock) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            tt_best = e->best;
            if (c->use_relative && tt_best >= 0) { /* slot*8+relative index -> card */
                const SuitCode *sc = &codes[suit_of[tt_best >> 3]];
                int idx = tt_best & 7;
                tt_best = idx < sc->len ? suit_of[tt_best >> 3] * NRANK + sc->rank[idx] : -1;
            }
        }
    }
    int player = (leader + tlen) % c->n;
    int maximise = c->side[player] == 0;
    int partner_winning = 0;
    if (tlen) {
        int w = (leader + winner_pos(c, trick, tlen)) % c->n;
        partner_winning = c->side[w] == c->side[player];
    }
    int moves[NCARD];
    int m = legal(c, player, trick, tlen, partner_winning, moves);
    m = equivalence(c, player, trick, tlen, moves, m);
    order(c, player, trick, tlen, leader, tt_best, moves, m);
    int best = maximise ? -INF : INF, best_card = -1;
    for (int i = 0; i < m; i++) {
        int card = moves[i], v;
        take(c, player, card);
        trick[tlen] = card;
        if (tlen + 1 == c->n) {
            int w = (leader + winner_pos(c, trick, c->n)) % c->n, won = 0, any = 0;
            for (int j = 0; j < c->n; j++) { won += c->points[trick[j]]; any |= c->hand_size[j]; }
            if (!any) won += c->last_trick;
            int gain = c->side[w] == 0 ? won : 0;
            int next[MAXSEAT];
            v = ab(c, w, next, 0, alpha - gain, beta - gain, rem - won);
            if (v != TIMEOUT_FLAG) v += gain;
        } else {
            v = ab(c, leader, trick, tlen + 1, alpha, beta, rem);
        }
        give(c, player, card);
        if (v == TIMEOUT_FLAG) return TIMEOUT_FLAG;
        if (maximise) {
            if (v > best) { best = v; best_card = card; if (v > alpha) alpha = v; }
        } else {
            if (v < best) { best = v; best_card = card; if (v < beta) beta = v; }
        }
        if (alpha >= beta) break;
    }
    if (e) {
        int lo = 0, hi = rem;
        if (e->used && e->key == key && e->lock == lock) { lo = e->lo; hi = e->hi; }
        if (best <= a0) { if (best < hi) hi = best; }
        else if (best >= b0) { if (best > lo) lo = best; }
        else lo = hi = best;
        int stored = best_card;
        if (c->use_relative && best_card >= 0) {
            int su = best_card / NRANK, slot = 0, idx = 0;
            while (suit_of[slot] != su) slot++;
            const SuitCode *sc = &codes[su];
            while (idx < sc->len && sc->rank[idx] != best_card % NRANK) idx++;
            stored = slot * 8 + idx;
        }
        e->key = key; e->lock = lock; e->lo = (int16_t)lo; e->hi = (int16_t)hi;
        e->best = (int8_t)stored; e->used = 1;
    }
    return best;
}

/* ---- Python interface ------------------------------------------------------------------ */

static int read_ints(PyObject *seq, int *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %d values", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static void Core_dealloc(Core *self) {
    PyMem_RawFree(self->tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Core_init(Core *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"side", "trump", "strength", "points", "last_trick", "knobs",
                            "free_play", "tt_bits", "use_tt", "use_equivalence",
                            "use_relative", NULL};
    PyObject *side, *strength, *points, *knobs;
    int trump, last, free_play = 0, tt_bits = 20, use_tt = 1, use_equiv = 1, use_rel = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiOOiO|iiiii", names, &side, &trump, &strength,
                                     &points, &last, &knobs, &free_play, &tt_bits, &use_tt,
                                     &use_equiv, &use_rel))
        return -1;
    Py_ssize_t n = PySequence_Size(side);
    if (n < 2 || n > MAXSEAT) {
        PyErr_SetString(PyExc_ValueError, "side: 2 to 8 seats");
        return -1;
    }
    if (tt_bits < 4 || tt_bits > 28) {
        PyErr_SetString(PyExc_ValueError, "tt_bits: 4 to 28");
        return -1;
    }
    self->n = (int)n;
    if (read_ints(side, self->side, self->n, "side") < 0) return -1;
    if (read_ints(strength, self->strength, NRANK, "strength") < 0) return -1;
    for (int r = 0; r < NRANK; r++)
        if (self->strength[r] < 0 || self->strength[r] > NRANK) {
            PyErr_SetString(PyExc_ValueError, "strength: each rank 0..6 (6: not in the deck)");
            return -1;
        }
    if (read_ints(points, self->points, NCARD, "points") < 0) return -1;
    int k[7];
    if (read_ints(knobs, k, 7, "knobs") < 0) return -1;
    self->follow = k[0]; self->head = k[1]; self->trump_if_void = k[2]; self->overtrump = k[3];
    self->tcno = k[4]; self->head_after_ruff = k[5]; self->partner_exempt = k[6];
    self->trump = trump;
    self->last_trick = last;
    self->free_play = free_play;
    self->use_tt = use_tt;
    self->use_equiv = use_equiv;
    self->use_relative = use_rel;
    PyMem_RawFree(self->tt);
    self->tt = PyMem_RawCalloc((size_t)1 << tt_bits, sizeof(Entry));
    if (!self->tt) { PyErr_NoMemory(); return -1; }
    self->tt_mask = ((uint64_t)1 << tt_bits) - 1;
    uint64_t seed = 0x5EED5EEDULL;
    for (int s = 0; s < MAXSEAT; s++) {
        for (int cd = 0; cd < NCARD; cd++)
            for (int q = 0; q <= MAXCOPY; q++) {
                self->zkey[s][cd][q] = q ? splitmix(&seed) : 0;
                self->zlock[s][cd][q] = q ? splitmix(&seed) : 0;
            }
        self->zlead_key[s] = splitmix(&seed);
        self->zlead_lock[s] = splitmix(&seed);
    }
    return 0;
}

/* load hands (list of lists of card indices) into the search state */
static int load_hands(Core *c, PyObject *hands) {
    PyObject *fast = PySequence_Fast(hands, "hands");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != c->n) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "hands: one list per seat");
        return -1;
    }
    memset(c->hand, 0, sizeof c->hand);
    c->hkey = c->hlock = 0;
    for (int s = 0; s < c->n; s++) {
        PyObject *h = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, s), "hand");
        if (!h) { Py_DECREF(fast); return -1; }
        c->hand_size[s] = 0;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(h); i++) {
            long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(h, i));
            if (card < 0 || card >= NCARD || c->hand[s][card] >= MAXCOPY) {
                Py_DECREF(h); Py_DECREF(fast);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad card in hand");
                return -1;
            }
            give(c, s, (int)card);
        }
        Py_DECREF(h);
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *Core_ab(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, alpha, beta, rem;
    double budget = 0;
    if (!PyArg_ParseTuple(args, "OiOiii|d", &hands, &leader, &trick_obj, &alpha, &beta, &rem,
                          &budget))
        return NULL;
    if (leader < 0 || leader >= self->n) {
        PyErr_SetString(PyExc_ValueError, "leader out of range");
        return NULL;
    }
    if (load_hands(self, hands) < 0) return NULL;
    int trick[MAXSEAT];
    PyObject *tf = PySequence_Fast(trick_obj, "trick");
    if (!tf) return NULL;
    Py_ssize_t tlen = PySequence_Fast_GET_SIZE(tf);
    if (tlen >= self->n) { Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "trick full"); return NULL; }
    for (Py_ssize_t i = 0; i < tlen; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
        if (card < 0 || card >= NCARD) {
            Py_DECREF(tf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad card in trick");
            return NULL;
        }
        trick[i] = (int)card;
    }
    Py_DECREF(tf);
    self->deadline = budget > 0 ? now() + budget : 0;
    self->timed_out = 0;
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = ab(self, leader, trick, (int)tlen, alpha, beta, rem);
    Py_END_ALLOW_THREADS
    if (v == TIMEOUT_FLAG) {
        PyErr_SetString(TimeoutError_, "search time budget spent");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Core_methods[] = {
    {"ab", (PyCFunction)Core_ab, METH_VARARGS,
     "ab(hands, leader, trick, alpha, beta, rem[, budget_seconds]) -> side-0 points"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes searched so far", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pinosolve._core.Core",
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
    TimeoutError_ = PyErr_NewException("pinosolve._core.Timeout", NULL, NULL);
    Py_INCREF(TimeoutError_);
    PyModule_AddObject(m, "Timeout", TimeoutError_);
    Py_INCREF(&CoreType);
    PyModule_AddObject(m, "Core", (PyObject *)&CoreType);
    return m;
}
