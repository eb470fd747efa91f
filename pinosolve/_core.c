/*
 * pinosolve._core: the compiled double-dummy search.
 *
 * The same game as pinosolve/solver.py (the reference it is tested against): the value is the
 * points side 0 takes from here to the end, found by fail-soft alpha-beta driven with null
 * windows. Everything about the variant comes in as data: seats and sides, trump, rank
 * strengths, card points, last-trick bonus and the obligation knobs. Nothing here knows any
 * variant.
 *
 * Representation. Inside the core a card is suit * 8 + pos, where pos is the rank's strength
 * (0 = strongest). Each seat keeps a copy count per card and a 6-bit presence mask per suit
 * (bit pos set when it holds that rank), so "can I beat it", "am I void" and the equivalence
 * test are mask operations. col[suit][pos] packs every seat's copy count of one card in
 * nibbles; it is what the relative key is built from.
 *
 * Techniques (each can be switched off for measurement, see OPT_*):
 *  - a transposition table at trick boundaries, 4-way buckets, depth-preferred replacement,
 *    storing lower/upper bounds on the points still to win and the best lead;
 *  - partition keys: at a trick boundary only the relative order of the cards left matters,
 *    with each card's point value kept; plain suits are sorted so that suit permutations
 *    share entries;
 *  - pinochle-correct card equivalence (same points, no card held elsewhere or on the table
 *    with a strength in [stronger, weaker], both ends included);
 *  - quick points: the leader's side surely takes the trick it leads with a card nobody can
 *    beat, and the last trick is scored without search;
 *  - move ordering: the table's best lead first, then sure winners, then game heuristics.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCARD 24        /* external card indices: suit * 6 + rank */
#define NRANK 6
#define NID 32          /* internal ids: suit * 8 + pos */
#define MAXSEAT 8
#define MAXCOPY 8
#define INF (1 << 29)
#define TIMEOUT_FLAG (-(1 << 30))
#define SUIT(c) ((c) >> 3)
#define POS(c) ((c) & 7)
#define BUCKET 4

enum {
    OPT_TT = 1,         /* transposition table */
    OPT_EQUIV = 2,      /* equivalent cards searched once */
    OPT_RELATIVE = 4,   /* partition keys on relative ranks */
    OPT_QUICK = 8,      /* quick points at trick boundaries, the last trick without search */
    OPT_ORDER = 16,     /* tuned move ordering (else the reference's simple one) */
    OPT_MASTER = 32,    /* master trumps bound both sides at trick boundaries */
    OPT_GUESS = 64,     /* the driver's first test at a playout's value (used in Python) */
    OPT_DEFAULT = OPT_TT | OPT_EQUIV | OPT_RELATIVE | OPT_QUICK | OPT_ORDER | OPT_GUESS,
};

typedef struct {
    uint64_t lock;
    int16_t lo, hi;
    int8_t best;        /* slot * 8 + relative index, or -1 */
    uint8_t depth;      /* cards left in play when stored; 0 = empty */
    uint8_t pad[2];
} Entry;

typedef struct { int len; uint64_t code[NRANK]; int pos[NRANK]; } SuitCode;

typedef struct {
    PyObject_HEAD
    int n, trump, last_trick, free_play, opts;
    int side[MAXSEAT];
    int npos;                    /* ranks in the deck */
    int rank_of_pos[NRANK];      /* pos -> external rank */
    int pos_of_rank[NRANK];      /* external rank -> pos, or -1 when not in the deck */
    int pts[NID];
    int follow, head, trump_if_void, overtrump, tcno, head_after_ruff, partner_exempt;
    Entry *tt;
    uint64_t tt_mask;            /* bucket count - 1 */
    /* search state */
    uint8_t cnt[MAXSEAT][NID];
    uint8_t pres[MAXSEAT][4];
    uint32_t col[4][8];
    int size[MAXSEAT];
    long long nodes;
    double deadline;
    int timed_out;
} Core;

static PyObject *TimeoutError_;
#ifdef STATS
static long long st_depth[16], st_nodes[4][8], st_cut[4][8], st_all[4], st_ttprobe, st_tthit, st_ttcut;
#endif

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int lowbit(unsigned m) { return __builtin_ctz(m); }
static inline unsigned above(int pos) { return (1u << pos) - 1; }  /* stronger positions */

/* does card c, played later, beat the trick's current best w? */
static inline int beats(const Core *c, int card, int w) {
    if (SUIT(card) == SUIT(w)) return POS(card) < POS(w);
    return SUIT(card) == c->trump;
}

static inline void take(Core *c, int seat, int card) {
    int su = SUIT(card), p = POS(card);
    if (--c->cnt[seat][card] == 0) c->pres[seat][su] &= (uint8_t)~(1u << p);
    c->col[su][p] -= 1u << (4 * seat);
    c->size[seat]--;
}

static inline void give(Core *c, int seat, int card) {
    int su = SUIT(card), p = POS(card);
    if (c->cnt[seat][card]++ == 0) c->pres[seat][su] |= (uint8_t)(1u << p);
    c->col[su][p] += 1u << (4 * seat);
    c->size[seat]++;
}

/* Legal cards of `player` as a presence mask per suit (out[4]). trick[0..tlen) is on the
 * table, best = the card currently winning it. */
static void legal(const Core *c, int player, const int *trick, int tlen, int best,
                  int partner_winning, unsigned out[4]) {
    const uint8_t *p = c->pres[player];
    for (int s = 0; s < 4; s++) out[s] = p[s];
    if (tlen == 0 || c->free_play) return;
    int led = SUIT(trick[0]);
    int ruffed = SUIT(best) == c->trump && led != c->trump;
    int exempt = c->partner_exempt && partner_winning;
    if (c->follow && p[led]) {
        for (int s = 0; s < 4; s++) if (s != led) out[s] = 0;
        int heading = c->head == 0 || (c->head == 1 && led == c->trump);
        if (heading && !exempt) {
            int target = -1;
            if (!ruffed) target = POS(best);
            else if (c->head_after_ruff) {
                for (int i = 0; i < tlen; i++)
                    if (SUIT(trick[i]) == led && (target < 0 || POS(trick[i]) < target))
                        target = POS(trick[i]);
            }
            if (target >= 0 && (p[led] & above(target))) out[led] = p[led] & above(target);
        }
        return;
    }
    int t = c->trump;
    if (t < 0 || led == t || !p[t] || !c->trump_if_void) return;
    if (ruffed && c->overtrump && !exempt) {
        unsigned over = p[t] & above(POS(best));
        if (over) {
            for (int s = 0; s < 4; s++) out[s] = s == t ? over : 0;
            return;
        }
        if (!c->tcno) return;
    }
    for (int s = 0; s < 4; s++) if (s != t) out[s] = 0;
}

/* Equivalent cards: within one suit, cards of `mask` whose strengths are adjacent in the
 * player's view (nothing held by another seat or lying on the table in [stronger, weaker])
 * and that have the same points. Keeps the weakest of each group. */
static unsigned equivalence(const Core *c, int su, unsigned mask, unsigned others) {
    unsigned keep = 0;
    int prev = -1;
    while (mask) {
        int p = lowbit(mask);
        mask &= mask - 1;
        if (prev >= 0 && c->pts[su * 8 + prev] == c->pts[su * 8 + p] &&
            !(others & (((2u << p) - 1) & ~((1u << prev) - 1)))) {
            keep &= ~(1u << prev);  /* the weaker card represents the group */
        }
        keep |= 1u << p;
        prev = p;
    }
    return keep;
}

/* The relative key of a trick-boundary position: per suit, the cards still in play in
 * strength order, each as (points, every seat's copies); trump first, plain suits sorted by
 * that encoding; then the leader. suit_of[slot] maps back for the stored best lead. */
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

static void position_key(const Core *c, int leader, uint64_t *key, uint64_t *lock,
                         SuitCode codes[4], int suit_of[4]) {
    int relative = c->opts & OPT_RELATIVE;
    for (int su = 0; su < 4; su++) {
        SuitCode *sc = &codes[su];
        sc->len = 0;
        for (int p = 0; p < c->npos; p++) {
            uint32_t packed = c->col[su][p];
            if (!packed && relative) continue;
            sc->code[sc->len] = ((uint64_t)(uint32_t)c->pts[su * 8 + p] << 32) | packed;
            sc->pos[sc->len] = p;
            sc->len++;
        }
    }
    int slot = 0;
    if (c->trump >= 0) suit_of[slot++] = c->trump;
    for (int su = 0; su < 4; su++) if (su != c->trump) suit_of[slot++] = su;
    if (relative) {
        int first = c->trump >= 0 ? 1 : 0;
        for (int i = first + 1; i < 4; i++) {
            int x = suit_of[i], j = i - 1;
            while (j >= first && suitcmp(&codes[suit_of[j]], &codes[x]) > 0) {
                suit_of[j + 1] = suit_of[j];
                j--;
            }
            suit_of[j + 1] = x;
        }
    }
    /* two independent multiply chains over the codes, each finished with an avalanche */
    uint64_t h1 = 0x1234567ULL + (uint64_t)leader, h2 = 0x89ABCDEFULL ^ ((uint64_t)leader << 7);
    for (int i = 0; i < 4; i++) {
        const SuitCode *sc = &codes[suit_of[i]];
        h1 = (h1 ^ (0xF00D0000ULL + (uint64_t)sc->len)) * 0x9E3779B97F4A7C15ULL;
        h2 = (h2 + (0xBEEF0000ULL ^ (uint64_t)sc->len)) * 0xC2B2AE3D27D4EB4FULL;
        for (int g = 0; g < sc->len; g++) {
            h1 = (h1 ^ sc->code[g]) * 0x9E3779B97F4A7C15ULL;
            h2 = (h2 + sc->code[g]) * 0xC2B2AE3D27D4EB4FULL;
            h2 ^= h2 >> 29;
        }
    }
    *key = mix(h1, 0);
    h2 = mix(h2, 0x5EED);
    *lock = h2 | 1;  /* never 0 */
}

/* slot*8+index <-> card, through the key's suit order */
static int encode_best(const SuitCode codes[4], const int suit_of[4], int card) {
    int su = SUIT(card), slot = 0, idx = 0;
    while (suit_of[slot] != su) slot++;
    const SuitCode *sc = &codes[su];
    while (idx < sc->len && sc->pos[idx] != POS(card)) idx++;
    return slot * 8 + idx;
}

static int decode_best(const SuitCode codes[4], const int suit_of[4], int best) {
    if (best < 0) return -1;
    int su = suit_of[best >> 3], idx = best & 7;
    const SuitCode *sc = &codes[su];
    return idx < sc->len ? su * 8 + sc->pos[idx] : -1;
}

static inline int suit_len(const Core *c, int s, int su) {
    int k = 0;
    for (int p = 0; p < c->npos; p++) k += c->cnt[s][su * 8 + p];
    return k;
}

/* Quick points: a lower bound on what the leader's side takes by cashing sure winners.
 * In each suit the leader leads its cards that no other seat can beat (an equal copy played
 * later loses), strongest first; in a plain suit only as many rounds as every other seat that
 * holds a trump still has to follow (after that it may ruff). Trump holders follow during
 * every round, so the suits' plans do not disturb each other. Every other seat adds at least
 * its lowest-point cards of the suit while it has them (a card of the suit it discarded earlier
 * fell on one of these tricks too). All tricks cashed: the last-trick bonus as well. */
static int quick_points(const Core *c, int leader) {
    int t = c->trump, total = 0, tricks = 0;
    int must_follow = c->follow && !c->free_play;
    for (int su = 0; su < 4; su++) {
        unsigned mine = c->pres[leader][su];
        if (!mine) continue;
        unsigned others = 0;
        int cap = 1 << 20;
        for (int s = 0; s < c->n; s++) {
            if (s == leader) continue;
            others |= c->pres[s][su];
            if (t >= 0 && su != t && c->pres[s][t]) {
                int len = must_follow ? suit_len(c, s, su) : 0;
                if (len < cap) cap = len;
            }
        }
        int lim = others ? lowbit(others) : c->npos - 1;
        int k = 0;
        for (int p = 0; p <= lim && k < cap; p++) {
            int n = c->cnt[leader][su * 8 + p];
            while (n-- > 0 && k < cap) { k++; total += c->pts[su * 8 + p]; }
        }
        if (!k) continue;
        tricks += k;
        if (!must_follow) continue;
        for (int s = 0; s < c->n; s++) {
            if (s == leader || !c->pres[s][su]) continue;
            /* its k lowest-point cards of the suit */
            int vals[NRANK * MAXCOPY], nv = 0;
            for (int p = 0; p < c->npos; p++)
                for (int q = 0; q < c->cnt[s][su * 8 + p]; q++) vals[nv++] = c->pts[su * 8 + p];
            for (int i = 1; i < nv; i++) {
                int x = vals[i], j = i - 1;
                while (j >= 0 && vals[j] > x) { vals[j + 1] = vals[j]; j--; }
                vals[j + 1] = x;
            }
            for (int i = 0; i < nv && i < k; i++) total += vals[i];
        }
    }
    if (tricks >= c->size[leader]) total += c->last_trick;
    return total;
}

/* Could a seat still to play in this trick take it from `best`? (for ordering only) */
static int can_overtake(const Core *c, int s, int led, int best) {
    const uint8_t *q = c->pres[s];
    int t = c->trump;
    if (q[led]) return SUIT(best) == led && (q[led] & above(POS(best)));
    if (t < 0 || !q[t]) return 0;
    return SUIT(best) != t || (q[t] & above(POS(best)));
}

/* Move ordering, best first: the table's best lead; then, leading, plain suits that no
 * opponent can ruff (partner's ruff welcome), high cards first, trumps after; following,
 * a counter on partner's card when nobody after can take it, else the cheapest loser; a
 * winner when possible: the cheapest one from the last seat, the strongest one before. */
static void order(const Core *c, int player, int leader, const int *trick, int tlen, int best,
                  int win_seat, int tt_best, int *cards, int n) {
    int key[NID];
    int tuned = c->opts & OPT_ORDER, t = c->trump;
    int led = tlen ? SUIT(trick[0]) : -1, safe = 1;
    if (tlen && tuned && c->side[win_seat] == c->side[player])
        for (int j = tlen + 1; j < c->n && safe; j++) {
            int s = (leader + j) % c->n;
            if (c->side[s] != c->side[player] && can_overtake(c, s, led, best)) safe = 0;
        }
    for (int i = 0; i < n; i++) {
        int card = cards[i], st = POS(card), su = SUIT(card);
        int is_trump = su == t, pts = c->pts[card];
        int k;
        if (card == tt_best) k = -1000000;
        else if (!tlen) {
            if (!tuned) k = st * 10 + (is_trump ? 0 : 1);
            else {
                int ruff = 0, pruff = 0;
                if (!is_trump && t >= 0)
                    for (int s = 0; s < c->n; s++) {
                        if (s == leader || c->pres[s][su] || !c->pres[s][t]) continue;
                        if (c->side[s] != c->side[leader]) ruff = 1; else pruff = 1;
                    }
                k = (is_trump ? 100 : 0) + (ruff ? 200 : 0) - (pruff && !ruff ? 50 : 0) +
                    st * 10 + pts;
            }
        }
        else if (c->side[win_seat] == c->side[player])
            k = safe ? -pts * 10 + st : 300000 + pts * 10 - st;
        else if (beats(c, card, best))
            k = 100000 + (is_trump ? 1000 : 0) + pts +
                ((tuned && tlen + 1 < c->n) ? st * 10 : -st * 10);
        else k = 200000 + pts * 10 - st;
        key[i] = k;
    }
    for (int i = 1; i < n; i++) {
        int x = cards[i], kx = key[i], j = i - 1;
        while (j >= 0 && key[j] > kx) { cards[j + 1] = cards[j]; key[j + 1] = key[j]; j--; }
        cards[j + 1] = x;
        key[j + 1] = kx;
    }
}

static Entry *probe(Core *c, uint64_t key, uint64_t lock, Entry **slot, int depth) {
    Entry *b = &c->tt[(key & c->tt_mask) * BUCKET];
    Entry *victim = &b[0];
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].lock == lock && b[i].depth) { *slot = &b[i]; return &b[i]; }
        if (b[i].depth < victim->depth) victim = &b[i];
    }
    (void)depth;
    *slot = victim;
    return NULL;
}

/* The distinct legal cards of `player`, equivalent cards once, best first. */
static int gen_moves(const Core *c, int player, int leader, const int *trick, int tlen, int wi,
                     int tt_best, int *moves) {
    int best_card_on_table = tlen ? trick[wi] : -1;
    int win_seat = tlen ? (leader + wi) % c->n : -1;
    int partner_winning = tlen && c->side[win_seat] == c->side[player];
    unsigned lm[4];
    legal(c, player, trick, tlen, best_card_on_table, partner_winning, lm);
    int m = 0;
    int equiv = c->opts & OPT_EQUIV;
    for (int su = 0; su < 4; su++) {
        unsigned mask = lm[su];
        if (!mask) continue;
        if (equiv && (mask & (mask - 1))) {
            unsigned others = 0;
            for (int s = 0; s < c->n; s++) if (s != player) others |= c->pres[s][su];
            for (int i = 0; i < tlen; i++) if (SUIT(trick[i]) == su) others |= 1u << POS(trick[i]);
            mask = equivalence(c, su, mask, others);
        }
        while (mask) { moves[m++] = su * 8 + lowbit(mask); mask &= mask - 1; }
    }
    if (m > 1) order(c, player, leader, trick, tlen, best_card_on_table, win_seat, tt_best, moves, m);
    return m;
}

/* A quick guess at the value: both sides play their first-ordered card to the end. */
static int playout(Core *c, int leader, int *trick, int tlen, int wi) {
    int played[NID * MAXCOPY * MAXSEAT], who[NID * MAXCOPY * MAXSEAT], np = 0, total = 0;
    for (;;) {
        int player = (leader + tlen) % c->n;
        if (!c->size[player]) break;
        int moves[NID];
        int m = gen_moves(c, player, leader, trick, tlen, wi, -1, moves);
        if (!m) break;
        int card = moves[0];
        take(c, player, card);
        played[np] = card; who[np++] = player;
        trick[tlen] = card;
        if (tlen && beats(c, card, trick[wi])) wi = tlen;
        if (tlen + 1 < c->n) { tlen++; continue; }
        int w = (leader + wi) % c->n, won = 0, any = 0;
        for (int j = 0; j < c->n; j++) { won += c->pts[trick[j]]; any |= c->size[j]; }
        if (!any) won += c->last_trick;
        if (c->side[w] == 0) total += won;
        leader = w; tlen = 0; wi = 0;
    }
    while (np > 0) { np--; give(c, who[np], played[np]); }
    return total;
}

/* Points side 0 takes from here, fail-soft within (alpha, beta). trick[0..tlen) is on the
 * table led by `leader`; wi is the position in it of the card winning so far. */
static int ab(Core *c, int leader, int *trick, int tlen, int wi, int alpha, int beta,
              int rem) {
    if (c->timed_out) return TIMEOUT_FLAG;
    c->nodes++;
    if ((c->nodes & 4095) == 0 && c->deadline > 0 && now() > c->deadline) {
        c->timed_out = 1;
        return TIMEOUT_FLAG;
    }
    if (rem <= 0) return 0;
    if (alpha >= rem) return rem;
    if (beta <= 0) return 0;
    Entry *e = NULL, *slot = NULL;
    int tt_best = -1, a0 = alpha, b0 = beta;
    uint64_t key = 0, lock = 0;
    SuitCode codes[4];
    int suit_of[4];
    int player = (leader + tlen) % c->n;
    if (tlen == 0) {
        int last = c->opts & OPT_QUICK;
        for (int s = 0; s < c->n && last; s++) last = c->size[s] == 1;
        if (last) {
            /* the last trick plays itself */
            int t[MAXSEAT], w = 0;
            for (int k = 0; k < c->n; k++) {
                int s = (leader + k) % c->n;
                for (int x = 0; x < 4; x++)
                    if (c->pres[s][x]) { t[k] = x * 8 + lowbit(c->pres[s][x]); break; }
                if (k && beats(c, t[k], t[w])) w = k;
            }
            return c->side[(leader + w) % c->n] == 0 ? rem : 0;
        }
        if (c->opts & OPT_TT) {
            position_key(c, leader, &key, &lock, codes, suit_of);
            e = probe(c, key, lock, &slot, 0);
#ifdef STATS
            st_ttprobe++; if (e) st_tthit++;
#endif
            if (e) {
                if (e->lo >= beta) return e->lo;
                if (e->hi <= alpha) return e->hi;
                if (e->lo == e->hi) return e->lo;
                if (e->lo > alpha) alpha = e->lo;
                if (e->hi < beta) beta = e->hi;
                tt_best = decode_best(codes, suit_of, e->best);
            }
        }
        if ((c->opts & OPT_MASTER) && c->trump >= 0) {
            /* master trumps: a trump that no opposing seat can match or beat wins the
             * trick it falls on for its side, whenever it is played */
            int t = c->trump;
            unsigned side_pres[2] = {0, 0};
            for (int s = 0; s < c->n; s++) side_pres[c->side[s]] |= c->pres[s][t];
            int got[2] = {0, 0};
            for (int sd = 0; sd < 2; sd++) {
                unsigned mine = side_pres[sd], theirs = side_pres[1 - sd];
                unsigned lim = theirs ? above(lowbit(theirs)) : 0xFFu;
                unsigned m = mine & lim;
                while (m) {
                    int p = lowbit(m);
                    m &= m - 1;
                    uint32_t cp = c->col[t][p];
                    int copies = 0;
                    while (cp) { copies += cp & 15; cp >>= 4; }
                    got[sd] += copies * c->pts[t * 8 + p];
                }
            }
            if (got[0] >= beta) return got[0];
            if (rem - got[1] <= alpha) return rem - got[1];
        }
        if (c->opts & OPT_QUICK) {
            int sure = quick_points(c, leader);
            if (c->side[leader] == 0) {
                if (sure >= beta) return sure;
            } else {
                if (rem - sure <= alpha) return rem - sure;
            }
        }
    }
    int maximise = c->side[player] == 0;
    int moves[NID];
    int m = gen_moves(c, player, leader, trick, tlen, wi, tt_best, moves);
    int best = maximise ? -INF : INF, best_card = -1;
    for (int i = 0; i < m; i++) {
        int card = moves[i], v;
        take(c, player, card);
        trick[tlen] = card;
        int w2 = (tlen && !beats(c, card, trick[wi])) ? wi : tlen;
        if (tlen + 1 == c->n) {
            int w = (leader + w2) % c->n, won = 0, any = 0;
            for (int j = 0; j < c->n; j++) { won += c->pts[trick[j]]; any |= c->size[j]; }
            if (!any) won += c->last_trick;
            int gain = c->side[w] == 0 ? won : 0;
            int next[MAXSEAT];
            v = ab(c, w, next, 0, 0, alpha - gain, beta - gain, rem - won);
            if (v != TIMEOUT_FLAG) v += gain;
        } else {
            v = ab(c, leader, trick, tlen + 1, w2, alpha, beta, rem);
        }
        give(c, player, card);
        if (v == TIMEOUT_FLAG) return TIMEOUT_FLAG;
        if (maximise) {
            if (v > best) { best = v; best_card = card; if (v > alpha) alpha = v; }
        } else {
            if (v < best) { best = v; best_card = card; if (v < beta) beta = v; }
        }
        if (alpha >= beta) {
#ifdef STATS
            st_cut[tlen < 4 ? tlen : 3][i < 7 ? i : 7]++;
#endif
            break;
        }
    }
#ifdef STATS
    st_nodes[tlen < 4 ? tlen : 3][m < 7 ? m : 7]++;
    st_depth[c->size[leader] + (tlen ? 1 : 0) < 16 ? c->size[leader] + (tlen ? 1 : 0) : 15]++;
    if (!(alpha >= beta)) st_all[tlen < 4 ? tlen : 3]++;
#endif
    if (slot) {
        int lo = 0, hi = rem;
        if (e) { lo = e->lo; hi = e->hi; }
        if (best <= a0) { if (best < hi) hi = best; }
        else if (best >= b0) { if (best > lo) lo = best; }
        else { lo = hi = best; }
        slot->lock = lock;
        slot->lo = (int16_t)lo;
        slot->hi = (int16_t)hi;
        slot->best = (int8_t)(best_card >= 0 ? encode_best(codes, suit_of, best_card) : -1);
        int left = 0;
        for (int s = 0; s < c->n; s++) left += c->size[s];
        slot->depth = (uint8_t)(left > 255 ? 255 : left < 1 ? 1 : left);
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
    free(self->tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Core_init(Core *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"side", "trump", "strength", "points", "last_trick", "knobs",
                            "free_play", "tt_bits", "use_tt", "use_equivalence",
                            "use_relative", "options", NULL};
    PyObject *side, *strength, *points, *knobs;
    int trump, last, free_play = 0, tt_bits = 20, use_tt = 1, use_equiv = 1, use_rel = 1;
    int options = OPT_DEFAULT;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiOOiO|iiiiii", names, &side, &trump,
                                     &strength, &points, &last, &knobs, &free_play, &tt_bits,
                                     &use_tt, &use_equiv, &use_rel, &options))
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
    if (trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump: 0..3, or -1 for none");
        return -1;
    }
    self->n = (int)n;
    if (read_ints(side, self->side, self->n, "side") < 0) return -1;
    int strength_of[NRANK];
    if (read_ints(strength, strength_of, NRANK, "strength") < 0) return -1;
    self->npos = 0;
    for (int r = 0; r < NRANK; r++) self->rank_of_pos[r] = -1;
    for (int r = 0; r < NRANK; r++) {
        int st = strength_of[r];
        if (st < 0 || st > NRANK || (st < NRANK && self->rank_of_pos[st] >= 0)) {
            PyErr_SetString(PyExc_ValueError,
                            "strength: distinct values 0..5 per rank (6: not in the deck)");
            return -1;
        }
        self->pos_of_rank[r] = st < NRANK ? st : -1;
        if (st < NRANK) { self->rank_of_pos[st] = r; self->npos++; }
    }
    for (int p = 0; p < self->npos; p++)
        if (self->rank_of_pos[p] < 0) {
            PyErr_SetString(PyExc_ValueError, "strength: the deck's ranks must be 0..k-1");
            return -1;
        }
    int ext_points[NCARD];
    if (read_ints(points, ext_points, NCARD, "points") < 0) return -1;
    memset(self->pts, 0, sizeof self->pts);
    for (int k = 0; k < NCARD; k++) {
        int p = self->pos_of_rank[k % NRANK];
        if (p >= 0) self->pts[(k / NRANK) * 8 + p] = ext_points[k];
    }
    int k[7];
    if (read_ints(knobs, k, 7, "knobs") < 0) return -1;
    self->follow = k[0]; self->head = k[1]; self->trump_if_void = k[2]; self->overtrump = k[3];
    self->tcno = k[4]; self->head_after_ruff = k[5]; self->partner_exempt = k[6];
    self->trump = trump;
    self->last_trick = last;
    self->free_play = free_play;
    self->opts = options;
    if (!use_tt) self->opts &= ~OPT_TT;
    if (!use_equiv) self->opts &= ~OPT_EQUIV;
    if (!use_rel) self->opts &= ~OPT_RELATIVE;
    free(self->tt);
    self->tt = NULL;
    size_t buckets = (size_t)1 << (tt_bits > 6 ? tt_bits - 2 : 4);
    void *mem = NULL;  /* one bucket per cache line */
    if (posix_memalign(&mem, 64, buckets * BUCKET * sizeof(Entry)) != 0) {
        PyErr_NoMemory();
        return -1;
    }
    memset(mem, 0, buckets * BUCKET * sizeof(Entry));
    self->tt = mem;
    self->tt_mask = buckets - 1;
    return 0;
}

/* load hands (list of lists of external card indices) into the search state */
static int load_hands(Core *c, PyObject *hands) {
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
    for (int s = 0; s < c->n; s++) {
        PyObject *h = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, s), "hand");
        if (!h) { Py_DECREF(fast); return -1; }
        c->size[s] = 0;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(h); i++) {
            long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(h, i));
            int id = -1;
            if (card >= 0 && card < NCARD && c->pos_of_rank[card % NRANK] >= 0)
                id = (int)(card / NRANK) * 8 + c->pos_of_rank[card % NRANK];
            if (id < 0 || c->cnt[s][id] >= MAXCOPY) {
                Py_DECREF(h); Py_DECREF(fast);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad card in hand");
                return -1;
            }
            give(c, s, id);
        }
        Py_DECREF(h);
    }
    Py_DECREF(fast);
    return 0;
}

/* hands, leader and the trick so far into the search state; -1 with an exception set */
static int load_position(Core *self, PyObject *hands, int leader, PyObject *trick_obj,
                         int *trick, int *tlen_out, int *wi_out) {
    if (leader < 0 || leader >= self->n) {
        PyErr_SetString(PyExc_ValueError, "leader out of range");
        return -1;
    }
    if (load_hands(self, hands) < 0) return -1;
    PyObject *tf = PySequence_Fast(trick_obj, "trick");
    if (!tf) return -1;
    Py_ssize_t tlen = PySequence_Fast_GET_SIZE(tf);
    if (tlen >= self->n) {
        Py_DECREF(tf);
        PyErr_SetString(PyExc_ValueError, "trick full");
        return -1;
    }
    int wi = 0;
    for (Py_ssize_t i = 0; i < tlen; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
        if (card < 0 || card >= NCARD || self->pos_of_rank[card % NRANK] < 0) {
            Py_DECREF(tf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad card in trick");
            return -1;
        }
        trick[i] = (int)(card / NRANK) * 8 + self->pos_of_rank[card % NRANK];
        if (i && beats(self, trick[i], trick[wi])) wi = (int)i;
    }
    Py_DECREF(tf);
    *tlen_out = (int)tlen;
    *wi_out = wi;
    return 0;
}

static PyObject *Core_ab(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, alpha, beta, rem, tlen, wi;
    double budget = 0;
    if (!PyArg_ParseTuple(args, "OiOiii|d", &hands, &leader, &trick_obj, &alpha, &beta, &rem,
                          &budget))
        return NULL;
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi) < 0) return NULL;
    self->deadline = budget > 0 ? now() + budget : 0;
    self->timed_out = 0;
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = ab(self, leader, trick, tlen, wi, alpha, beta, rem);
    Py_END_ALLOW_THREADS
    if (v == TIMEOUT_FLAG) {
        PyErr_SetString(TimeoutError_, "search time budget spent");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *Core_playout(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, tlen, wi;
    if (!PyArg_ParseTuple(args, "OiO", &hands, &leader, &trick_obj)) return NULL;
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi) < 0) return NULL;
    return PyLong_FromLong(playout(self, leader, trick, tlen, wi));
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
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
    printf("tt probes %lld hits %lld\nby tricks left:", st_ttprobe, st_tthit);
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
    {"playout", (PyCFunction)Core_playout, METH_VARARGS,
     "playout(hands, leader, trick) -> side-0 points when both sides play their first-ordered "
     "card (a guess for the driver)"},
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
    static const struct { const char *name; int value; } opts[] = {
        {"OPT_TT", OPT_TT}, {"OPT_EQUIV", OPT_EQUIV}, {"OPT_RELATIVE", OPT_RELATIVE},
        {"OPT_QUICK", OPT_QUICK}, {"OPT_ORDER", OPT_ORDER}, {"OPT_MASTER", OPT_MASTER}, {"OPT_GUESS", OPT_GUESS},
        {"OPT_DEFAULT", OPT_DEFAULT}};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        PyModule_AddIntConstant(m, opts[i].name, opts[i].value);
    return m;
}
