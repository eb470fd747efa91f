/*
 * pinosolve.play._core: the compiled double-dummy search.
 *
 * The same game as pinosolve/play/reference.py (the reference it is tested against): the value
 * is the points side 0 takes from here to the end, found by fail-soft alpha-beta driven with
 * null windows. Everything about the variant comes in as data: seats and sides, trump, rank
 * strengths, card points, last-trick bonus and the trick rules by name (TrickRules). Nothing
 * here knows any variant. The interface Python sees, and the structs, are in _core.h.
 *
 * Representation. Inside the core a card is suit * 8 + pos, where pos is the rank's strength
 * (0 = strongest). Each seat keeps a copy count per card and a 6-bit presence mask per suit
 * (bit pos set when it holds that rank), so "can I beat it", "am I void" and the equivalence
 * test are mask operations. col[suit][pos] packs every seat's copy count of one card in
 * nibbles; it is what the relative key is built from.
 *
 * Techniques (each can be switched off for measurement, see OPT_*):
 *  - a transposition table at trick boundaries, 8-way buckets, depth-preferred replacement,
 *    storing lower/upper bounds on the points still to win and the best lead;
 *  - a small table of recent trick-boundary positions, found by a code kept up to date card
 *    by card, asked before the key is built (Recent);
 *  - partition keys: at a trick boundary only the relative order of the cards left matters,
 *    with each card's point value kept; plain suits are sorted so that suit permutations
 *    share entries;
 *  - partition search (Ginsberg; DDS's "winning ranks"): each result also says which ranks it
 *    relied on, and its entry then answers every position that differs only in the weaker
 *    cards, as long as each seat holds the same point values among them (build_key, ab);
 *  - pinochle-correct card equivalence (same points, no card held elsewhere or on the table
 *    with a strength in [stronger, weaker], both ends included);
 *  - small siblings: a card whose sibling's result did not rely on either's rank, with the
 *    same points, is worth the same and not searched (small_sibling);
 *  - keys built suit by suit, each suit's part kept per card count and rebuilt only when the
 *    suit changed (SuitKey);
 *  - quick points: the leader's side surely takes the trick it leads with a card nobody can
 *    beat, and the last trick is scored without search;
 *  - master trumps: a trump that no opposing seat can match or beat takes a trick for its
 *    side whoever leads, which bounds the value both ways (three-hand deals: 18% fewer nodes);
 *  - move ordering: the table's best lead first, then the two cards that last refuted a
 *    sibling in the same context (killer moves, for leads and followers alike: see
 *    killer_slot), then sure winners, then game heuristics.
 *
 * Values. Every value (points, bounds, alpha and beta) is an int, and every point total a
 * deal can put in play is at most POINTS_MAX: each card's points and the last-trick bonus
 * 0..POINTS_MAX (Core_init refuses others), their sum over the cards in play too (load_position
 * refuses more), so no sum of them overflows. Table entries keep bounds in 20 bits each, which
 * POINTS_MAX is set by; the rules loader refuses a variant that could put more in play
 * (pinosolve.variants.schema.POINTS_LIMIT, the same number).
 */
#include "_core.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define INF (1 << 29)   /* beyond any value */
#define ORDER_PTS 9999  /* the most points a card weighs in move ordering (see order) */
#define TIMEOUT_FLAG (-(1 << 30))
#define SUIT(c) ((c) >> 3)
#define POS(c) ((c) & 7)
#define BUCKET 8        /* entries per bucket: two cache lines */
#define BUCKET_BITS 3   /* log2(BUCKET) */
#define GROW_AFTER 8    /* the table doubles once the search has visited this many nodes an entry */


/* Do bounds lo..hi settle the window (alpha, beta)? Then settled_value is the fail-soft answer. */
static inline int settles(int lo, int hi, int alpha, int beta) {
    return lo >= beta || hi <= alpha || lo == hi;
}

static inline int settled_value(int lo, int hi, int beta) {
    return lo >= beta || lo == hi ? lo : hi;
}

/* bounds lo..hi on this position, relying on rel, into its slot (merged with what the slot
 * holds on the same position) */
static inline void remember(Recent *r, uint64_t code, int lo, int hi, uint32_t rel) {
    if (r->code == code) {
        if (r->lo > lo) lo = r->lo;
        if (r->hi < hi) hi = r->hi;
        rel |= r->rel;
    }
    r->code = code; r->lo = lo; r->hi = hi; r->rel = rel;
}


static PyObject *TimeoutError_;

/* A search that outgrows its table gets one twice as large, with every entry kept: an entry
 * lies in its bucket modulo the old bucket count, so each of the two copies of the old table
 * holds it where a probe through the wider mask looks (the copy that is not its own ages out).
 * Safe at any node: no frame keeps a pointer into the table past its probe. Easy searches stay
 * in cache, hard ones get room. */
static void schedule_growth(Core *c) {
    size_t buckets = c->tt_mask + 1;
    c->grow_at = buckets < c->grow_limit ? (long long)(buckets * BUCKET) * GROW_AFTER : LLONG_MAX;
}

/* Table memory, on cache lines; a table of 2 MiB or more on huge pages where the system offers
 * them on request, since a probe is a random access and a TLB miss on 4 KiB pages doubles the
 * cost of its cache miss. */
static void *table_alloc(size_t bytes) {
    size_t huge = (size_t)2 << 20;
    void *mem = NULL;
    if (posix_memalign(&mem, bytes >= huge ? huge : 64, bytes) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= huge) madvise(mem, bytes, MADV_HUGEPAGE);
#endif
    return mem;
}

static void grow_table(Core *c) {
    size_t old = c->tt_mask + 1;
    void *mem = table_alloc(2 * old * BUCKET * sizeof(Entry));
    if (!mem) {
        c->grow_at = LLONG_MAX;  /* keep the table it has */
        return;
    }
    memcpy(mem, c->tt, old * BUCKET * sizeof(Entry));
    memcpy((Entry *)mem + old * BUCKET, c->tt, old * BUCKET * sizeof(Entry));
    free(c->tt);
    c->tt = mem;
    c->tt_mask = 2 * old - 1;
    schedule_growth(c);
}
#ifdef STATS
static long long st_depth[16], st_nodes[4][8], st_cut[4][8], st_all[4], st_ttprobe, st_tthit,
    st_ttcut, st_qcut, st_qcall, st_exp[2], st_exact_ans, st_coarse_ans, st_recent;
#endif

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int lowbit(unsigned m) { return __builtin_ctz(m); }
static inline int pop8(unsigned x) {  /* bits set in a byte (a portable build has no popcnt) */
    x = (x & 0x55u) + ((x >> 1) & 0x55u);
    x = (x & 0x33u) + ((x >> 2) & 0x33u);
    return (int)((x + (x >> 4)) & 0x0Fu);
}
static inline unsigned above(int pos) { return (1u << pos) - 1; }  /* stronger positions */

/* does card c, played later, beat the trick's current best w? */
static inline int beats(const Core *c, int card, int w) {
    if (SUIT(card) == SUIT(w)) return POS(card) < POS(w);
    return SUIT(card) == c->trump;
}

static inline void take(Core *c, int seat, int card) {
    int su = SUIT(card), p = POS(card);
    /* without a branch: whether a copy is left is as good as a coin toss */
    c->pres[seat][su] &= (uint8_t)~((unsigned)(--c->cnt[seat][card] == 0) << p);
    c->col[su][p] -= 1u << (4 * seat);
    c->size[seat]--;
    c->held--;
    c->slen[seat][su]--;
    c->lvl[su][p] -= c->zc[seat][card];
    c->suitsum[su] -= c->zc[seat][card];
    c->zpos -= c->za[seat][card];
    c->inplay[su]--;
}

static inline void give(Core *c, int seat, int card) {
    int su = SUIT(card), p = POS(card);
    c->cnt[seat][card]++;
    c->pres[seat][su] |= (uint8_t)(1u << p);
    c->col[su][p] += 1u << (4 * seat);
    c->size[seat]++;
    c->held++;
    c->slen[seat][su]++;
    c->lvl[su][p] += c->zc[seat][card];
    c->suitsum[su] += c->zc[seat][card];
    c->zpos += c->za[seat][card];
    c->inplay[su]++;
}

/* Legal cards of `player` as a presence mask per suit (out[4]). trick[0..tlen) is on the
 * table, best = the card currently winning it. */
static void legal(const Core *c, int player, const int *trick, int tlen, int best,
                  int partner_winning, unsigned out[4]) {
    const uint8_t *p = c->pres[player];
    for (int s = 0; s < 4; s++) out[s] = p[s];
    if (tlen == 0 || c->rules.free_play) return;
    int led = SUIT(trick[0]);
    int ruffed = SUIT(best) == c->trump && led != c->trump;
    int exempt = c->rules.partner_exempt && partner_winning;
    if (c->rules.follow_suit && p[led]) {
        for (int s = 0; s < 4; s++) if (s != led) out[s] = 0;
        int heading = c->rules.head == HEAD_ALWAYS || (c->rules.head == HEAD_TRUMP_LED && led == c->trump);
        if (heading && !exempt) {
            int target = -1;
            if (!ruffed) target = POS(best);
            else if (c->rules.head_after_ruff) {
                for (int i = 0; i < tlen; i++)
                    if (SUIT(trick[i]) == led && (target < 0 || POS(trick[i]) < target))
                        target = POS(trick[i]);
            }
            if (target >= 0 && (p[led] & above(target))) out[led] = p[led] & above(target);
        }
        return;
    }
    int t = c->trump;
    if (t < 0 || led == t || !p[t] || !c->rules.trump_if_void) return;
    if (ruffed && c->rules.overtrump && !exempt) {
        unsigned over = p[t] & above(POS(best));
        if (over) {
            for (int s = 0; s < 4; s++) out[s] = s == t ? over : 0;
            return;
        }
        if (!c->rules.trump_when_cannot_overtrump) return;
    }
    for (int s = 0; s < 4; s++) if (s != t) out[s] = 0;
}

/* Equivalent cards: within one suit, cards of `mask` whose strengths are adjacent in the
 * player's view (nothing held by another seat or lying on the table in [stronger, weaker])
 * and that have the same points. Keeps the weakest of each group. */
static unsigned equivalence(const Core *c, int su, unsigned mask, unsigned others,
                            uint8_t *group_top) {
    unsigned keep = 0;
    int prev = -1, top = -1;
    while (mask) {
        int p = lowbit(mask);
        mask &= mask - 1;
        if (prev >= 0 && c->pts[su * 8 + prev] == c->pts[su * 8 + p] &&
            !(others & (((2u << p) - 1) & ~((1u << prev) - 1)))) {
            keep &= ~(1u << prev);  /* the weaker card represents the group */
        } else {
            top = p;
        }
        group_top[p] = (uint8_t)top;
        keep |= 1u << p;
        prev = p;
    }
    return keep;
}

/* The table key of a trick-boundary position (partition search).
 *
 * A stored result holds for every position that agrees with the searched one on the cards
 * whose ranks mattered: per suit, its strongest few rank levels still in play ("exact": each
 * level's points and every seat's copies), while the weaker cards ("small") only need the same
 * point values per seat. The search reports, for every result, the weakest rank per suit whose
 * identity it relied on (a Rel, see below); every level at least that strong is exact.
 *
 * The bucket comes from a coarse code that every position of a partition shares (leader and,
 * per suit, each seat's length and point sum); each entry keeps how many levels per key slot it
 * needs exact (cut) and a lock of the position seen through that cut, so a probe recomputes
 * the lock for each candidate from per-level prefix chains and suffix sums. Trump takes slot 0;
 * plain suits are sorted by their coarse code (then their exact code), so suit permutations
 * share entries. */

/* One suit's part of a key: a function of the suit's cards and their holders alone, so it is
 * kept per suit and card count (SuitKey cache in Core) and rebuilt only when the suit changed:
 * most tricks are played in one or two suits. */
typedef struct SuitKey {
    uint32_t col[8];                /* the suit's col[] it was built from (when built) */
    int len;                        /* rank levels in play */
    unsigned levels;                /* their strength positions, as a mask */
    int pos[NRANK];                 /* per level: its strength position */
    uint64_t pre[NRANK + 1];        /* chain over the first i levels' codes (points << 32 |
                                       every seat's copies) */
    uint64_t suf[NRANK + 1];        /* commutative sum of (seat, points) over levels i.. */
    uint64_t seen[NRANK + 1];       /* the suit seen with its first i levels exact: pre[i],
                                       suf[i] and i mixed, a key lock's term (key_lock) */
    uint64_t exact;                 /* the chain over every level */
    int built;
} SuitKey;

typedef struct {
    const SuitKey *s[4];            /* per suit */
    int suit_of[4];                 /* key slot -> suit */
    int leader;
    uint64_t coarse, exact;         /* bucket sources: partition entries, exact entries */
    uint32_t check, exact_check;
    unsigned full;                  /* the cut with every level exact */
    uint32_t full_lock;             /* the lock through it */
} Key;

static inline uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 31);
}

static inline uint64_t rotate(uint64_t v, int r) { return r ? (v << r) | (v >> (64 - r)) : v; }

/* A sum of codes mixed into a hash whose every bit depends on all of the sum's. */
static inline uint64_t finish(uint64_t h) {
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

static inline uint64_t small_card(int seat, int pts) {  /* the codes of Core.zc */
    return finish(((uint64_t)(unsigned)seat << 32 | (uint32_t)pts) + 0x632BE59BD9B4E019ULL);
}

#define SUITKEYS (MAXSEAT * MAXCOPY * NRANK + 1)

/* Suit su's part of the key: its slot's, when the slot was built from the very holdings the
 * suit has now (compared whole, not by a hash), else built anew there. Along a search path a
 * suit's count only falls, so its slot was mostly last written at an ancestor. */
static const SuitKey *suit_key(const Core *c, int su) {
    SuitKey *sk = &c->suitkey[su * SUITKEYS + c->inplay[su]];
    if (sk->built && !memcmp(sk->col, c->col[su], sizeof sk->col)) return sk;
    int relative = c->opts & OPT_RELATIVE;
    int len = 0;
    unsigned levels = 0;
    uint64_t h = 0x51ED270B27A3C1D5ULL, before = 0, all = c->suitsum[su];
    sk->pre[0] = h;
    for (int p = 0; p < c->npos; p++) {
        uint32_t packed = c->col[su][p];
        if (!packed && relative) continue;
        uint64_t code = ((uint64_t)(uint32_t)c->pts[su * 8 + p] << 32) | packed;
        sk->pos[len] = p;
        levels |= 1u << p;
        sk->suf[len] = all - before;
        before += c->lvl[su][p];
        h = (h ^ code) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
        sk->pre[++len] = h;
    }
    sk->suf[len] = 0;
    for (int x = 0; x <= len; x++) {
        uint64_t h = (sk->pre[x] + (uint64_t)x) * 0xC2B2AE3D27D4EB4FULL;
        h ^= h >> 29;
        h = (h ^ sk->suf[x]) * 0x9E3779B97F4A7C15ULL;
        sk->seen[x] = h ^ (h >> 31);
    }
    sk->len = len;
    sk->levels = levels;
    sk->exact = h;
    memcpy(sk->col, c->col[su], sizeof sk->col);
    sk->built = 1;
    return sk;
}

static uint32_t key_lock(const Key *k, unsigned cut);

static void build_key(const Core *c, int leader, Key *k) {
    int relative = c->opts & OPT_RELATIVE;
    uint64_t coarse[4], exact[4];
    /* each bucket code a sum of its suits' terms, trump's rotated apart, mixed once (plain
     * suits in any order: a permutation of them shares entries); the low bits pick the
     * bucket, the high ones are the check. Fetched at once: the key's slots and the probe's
     * locks are worked out while the buckets come in */
    uint64_t h = 0x1234567ULL + (uint64_t)leader * 0x9E3779B97F4A7C15ULL;
    uint64_t x = 0x7654321ULL + (uint64_t)leader * 0xC2B2AE3D27D4EB4FULL;
    for (int su = 0; su < 4; su++) {
        k->s[su] = suit_key(c, su);
        exact[su] = k->s[su]->exact;
        coarse[su] = c->suitsum[su];  /* the multiset of (seat, points) in the suit */
        if (su == c->trump) {
            h += rotate(coarse[su], 32);
            x += rotate(exact[su] + (uint64_t)k->s[su]->len, 32);
        } else {
            /* a suit's coarse code is a sum over its cards (seat and points, not suit): a
             * plain sum over suits would not tell which suit a card is in */
            h += coarse[su] * (coarse[su] | 1);
            x += exact[su] + (uint64_t)k->s[su]->len;
        }
    }
    k->coarse = finish(h);
    k->check = (uint32_t)(k->coarse >> 32);
    k->exact = finish(x ^ 0xE8AC7ULL);
    k->exact_check = (uint32_t)(k->exact >> 32);
    for (int i = 0; i < BUCKET; i += 4) {
        __builtin_prefetch(&c->tt[(k->exact & c->tt_mask) * BUCKET + i]);
        __builtin_prefetch(&c->tt[(k->coarse & c->tt_mask) * BUCKET + i]);
    }
    int slot = 0;
    if (c->trump >= 0) k->suit_of[slot++] = c->trump;
    for (int su = 0; su < 4; su++) if (su != c->trump) k->suit_of[slot++] = su;
    if (relative) {
        int first = c->trump >= 0 ? 1 : 0;
        for (int i = first + 1; i < 4; i++) {
            int x = k->suit_of[i], j = i - 1;
            while (j >= first) {
                int y = k->suit_of[j];
                if (coarse[y] < coarse[x] || (coarse[y] == coarse[x] && exact[y] <= exact[x]))
                    break;
                k->suit_of[j + 1] = y;
                j--;
            }
            k->suit_of[j + 1] = x;
        }
    }
    k->full = 0;
    for (int i = 0; i < 4; i++) k->full |= (unsigned)k->s[k->suit_of[i]]->len << (3 * i);
    k->leader = leader;
    k->full_lock = key_lock(k, k->full);
}

/* The lock of the position seen through `cut` (3 bits per key slot: exact levels); 0 when
 * the cut does not fit this position (stored locks are never 0). Each slot's term is its
 * suit key's, mixed when that was built (a probe computes locks for several cuts), and told
 * apart from the other slots' by a rotation. */
static uint32_t key_lock(const Key *k, unsigned cut) {
    uint64_t h = 0x89ABCDEFULL ^ ((uint64_t)k->leader << 7);
    for (int i = 0; i < 4; i++) {
        const SuitKey *sk = k->s[k->suit_of[i]];
        int x = (cut >> (3 * i)) & 7;
        if (x > sk->len) return 0;
        h += rotate(sk->seen[x], 16 * i);
    }
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    return (uint32_t)h | 1u;
}

/* What a result relied on (see build_key), as a Rel: one byte per suit, bit p set when the
 * strength position p is relied on, and then every stronger one too, so that joining two
 * proofs is an OR. */
typedef uint32_t Rel;

static inline Rel upto(int su, int pos) { return ((2u << pos) - 1) << (8 * su); }
static inline unsigned rel_suit(Rel r, int su) { return (r >> (8 * su)) & 0xFFu; }
static inline void mark(Rel *rel, int card) { *rel |= upto(SUIT(card), POS(card)); }

/* rel -> cut (exact levels per key slot), and back */
static unsigned cut_of(const Core *c, const Key *k, Rel rel) {
    int exact_all = !(c->opts & OPT_PARTITION) || !(c->opts & OPT_RELATIVE);
    unsigned cut = 0;
    for (int i = 0; i < 4; i++) {
        int su = k->suit_of[i], x = 0;
        unsigned r = rel_suit(rel, su);
        /* a Rel is a thermometer: the levels it covers are the strongest ones */
        if (exact_all) x = k->s[su]->len;
        else x = pop8(k->s[su]->levels & r);
        cut |= (unsigned)x << (3 * i);
    }
    return cut;
}

static Rel rel_of(const Key *k, unsigned cut) {
    Rel rel = 0;
    for (int i = 0; i < 4; i++) {
        int su = k->suit_of[i], x = (cut >> (3 * i)) & 7;
        if (x) rel |= upto(su, k->s[su]->pos[x - 1]);
    }
    return rel;
}

/* `player` holds cards of w's suit, each compared with w (may it, must it beat w?): for each
 * pair the stronger card is relied on, which is w itself unless all of them are stronger. */
static inline void compared(const Core *c, int player, int w, Rel *rel) {
    unsigned mine = c->pres[player][SUIT(w)];
    if (!mine) return;
    if (mine >> (POS(w) + 1)) mark(rel, w);
    else mark(rel, SUIT(w) * 8 + (31 - __builtin_clz(mine)));
}

/* slot*8+index <-> card, through the key's suit order */
static int encode_best(const Key *k, int card) {
    int su = SUIT(card), slot = 0, idx = 0;
    while (k->suit_of[slot] != su) slot++;
    idx = pop8(k->s[su]->levels & above(POS(card)));  /* levels stronger than it */
    return slot * 8 + idx;
}

static int decode_best(const Key *k, int best) {
    if (best < 0) return -1;
    int su = k->suit_of[best >> 3], idx = best & 7;
    return idx < k->s[su]->len ? su * 8 + k->s[su]->pos[idx] : -1;
}

static inline int suit_len(const Core *c, int s, int su) { return c->slen[s][su]; }

/* The sum of the bytes of x: copy counts of one suit, of one seat or of several (load_hands
 * keeps a card's copies in all hands to MAXCOPY), so the sum stays below 256 and the
 * multiply leaves it in the top byte. */
static inline int byte_sum(uint64_t x) { return (int)((x * 0x0101010101010101ULL) >> 56); }

/* Seat s's copy counts of suit su's cards, a byte each (byte p: strength position p). */
static inline uint64_t cnt_row(const Core *c, int s, int su) {
    uint64_t row;
    memcpy(&row, &c->cnt[s][su * 8], sizeof row);
    return row;
}

/* The points of `n` of seat s's cards other than the ones counted per suit (the cheapest of
 * each suit for an opponent, the dearest for a partner): its cheapest n of the others, or its
 * dearest n when `dear`. Point value by point value, in that order: each suit's cards of the
 * value (one masked byte sum of the seat's copy counts) go first to the suit's counted ones,
 * the rest are taken. */
static int spare_points(const Core *c, int s, const uint8_t *counted, int n, int dear) {
    uint64_t row[4];
    int skip[4], sum = 0;
    for (int su = 0; su < 4; su++) {
        row[su] = cnt_row(c, s, su);
        skip[su] = counted[su];
    }
    for (int i = 0; i < c->nvals && n > 0; i++) {
        int v = dear ? c->nvals - 1 - i : i, avail = 0;
        for (int su = 0; su < 4; su++) {
            int k = byte_sum(row[su] & c->vmask[v][su]);
            if (skip[su] >= k) skip[su] -= k;
            else { avail += k - skip[su]; skip[su] = 0; }
        }
        int take = avail < n ? avail : n;
        sum += take * c->vals[v];
        n -= take;
    }
    return sum;
}

/* Quick points: a lower bound on what the leader's side takes by cashing sure winners.
 * The leader first cashes its trumps that no other seat can beat (an equal copy played later
 * loses), strongest first; every seat must follow to them, so a seat with no more trumps than
 * that is drawn and can no longer ruff. Then in each plain suit it cashes its cards that no
 * other seat can beat, but only as many rounds as every other seat that still holds a trump has
 * to follow (after that it may ruff). In any suit, once the others' cards of the suit are all
 * gone the leader's smaller cards win too (length winners). Every opponent adds at least its
 * lowest-point cards of the suit while it has them (a card it discarded instead fell on one of
 * these tricks as well), and a partner the highest-point ones, its side's choice. Each of them
 * plays a card to every trick cashed, so one out of a suit also adds, for the other cards it
 * played, an opponent its cheapest and a partner its dearest of the cards not yet counted
 * (a seat out of the suit led and of trumps may play any card; one that still holds a trump
 * is never out of a suit cashed). All of these depend only on the points each seat holds per
 * suit, which every position of a partition shares. Where nobody must follow suit, only the
 * sure winners count. All tricks cashed: the last-trick bonus too. */
static int quick_points(const Core *c, int leader, Rel *rel) {
    int t = c->trump, total = 0, tricks = 0, drawn = 0;
    int must_follow = c->rules.follow_suit && !c->rules.free_play;
    uint8_t counted[MAXSEAT][4] = {{0}};  /* per seat and suit: its cards counted */
    for (int i = 0; i < 4; i++) {
        int su = t < 0 ? i : i == 0 ? t : i <= t ? i - 1 : i;  /* trump first */
        unsigned mine = c->pres[leader][su];
        if (!mine) continue;
        unsigned others = 0;
        int cap = 1 << 20, longest = 0;
        for (int s = 0; s < c->n; s++) {
            if (s == leader) continue;
            others |= c->pres[s][su];
            int len = suit_len(c, s, su);
            if (len > longest) longest = len;
            if (t >= 0 && su != t && suit_len(c, s, t) > drawn) {
                if (!must_follow) len = 0;
                if (len < cap) cap = len;
            }
        }
        int lim = others ? lowbit(others) : c->npos - 1;
        int held = suit_len(c, leader, su);
        int masters = byte_sum(cnt_row(c, leader, su) & c->first[lim + 1]);
        /* length winners only where the others must follow: free to keep their cards of the
         * suit, they can beat the leader's small ones later */
        int k = masters >= longest && must_follow ? held : masters;
        if (k > cap) k = cap;
        if (!k) continue;
        int weakest = -1;  /* the weakest card cashed, strongest first */
        for (int p = 0, left = k; left; p++) {
            int n = c->cnt[leader][su * 8 + p];
            if (!n) continue;
            if (n > left) n = left;
            total += n * c->pts[su * 8 + p];
            left -= n;
            weakest = p;
        }
        /* relied on: the others' strongest card (how many of the leader's beat it), and which
         * of the leader's cards are cashed unless all are */
        int below = (mine >> (lim + 1)) != 0;  /* cards of the leader that lose to lim */
        if (others && below) *rel |= upto(su, lim);
        if ((k < held || (others && !below)) && weakest >= 0) *rel |= upto(su, weakest);
        tricks += k;
        if (su == t && must_follow) drawn = k;
        if (!must_follow) continue;
        for (int s = 0; s < c->n; s++) {
            if (s == leader || !c->pres[s][su]) continue;
            /* an opponent's k lowest-point cards of the suit; a partner's k highest, which its
             * side may choose to play: none of them can beat the leader's, so heading does not
             * bind it */
            int need = k, mate = c->side[s] == c->side[leader];
            uint64_t row = cnt_row(c, s, su);
            for (int i = 0; i < c->nvals && need; i++) {
                int v = mate ? c->nvals - 1 - i : i, n = byte_sum(row & c->vmask[v][su]);
                if (n > need) n = need;
                total += n * c->vals[v];
                need -= n;
            }
            counted[s][su] = (uint8_t)(k - need);
        }
    }
    /* a seat out of the suit led (and, within the rounds counted, out of trumps) played some
     * other card: every seat played a card to each trick cashed, so beyond the cards counted
     * it played that many more, an opponent at least its cheapest others, a partner (its
     * side's choice, any card being legal there) its dearest */
    for (int s = 0; s < c->n && must_follow && tricks; s++) {
        const uint8_t *x = counted[s];
        int extra = (tricks < c->size[s] ? tricks : c->size[s]) - (x[0] + x[1] + x[2] + x[3]);
        if (s != leader && extra > 0)
            total += spare_points(c, s, x, extra, c->side[s] == c->side[leader]);
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

/* Killer moves: the two cards that last refuted a sibling, kept per seat, cards left, place in
 * the trick and context. A follower's context is the suit led and whether its side is winning
 * the trick; a leader's is the trick before (its suit led, whether it was ruffed, whether the
 * side that led it won it), written by the trick's last card in ab. Refutations repeat across
 * siblings of one context far more than across contexts. */
static inline int trick_context(const Core *c, const int *trick, int w2, int leader, int w) {
    return 1 + SUIT(trick[0]) * 4 + (SUIT(trick[w2]) != SUIT(trick[0])) * 2 +
           (c->side[w] == c->side[leader]);
}

static inline int8_t *killer_slot(Core *c, int player, const int *trick, int tlen,
                                  int win_seat) {
    int left = c->size[player] & 63;
    int ctx = tlen ? SUIT(trick[0]) * 2 + (c->side[win_seat] == c->side[player])
                   : c->prev[left];
    return c->killer[tlen][ctx][left][player];
}

/* Move ordering, best first: the table's best lead; then, leading, plain suits that no
 * opponent can ruff (partner's ruff welcome), high cards first, trumps after; following,
 * a counter on partner's card when nobody after can take it, else the cheapest loser; a
 * winner when possible: the cheapest one from the last seat, the strongest one before.
 * The keys weigh a card's points scaled to at most ORDER_PTS (order_pts), which keeps each
 * kind of key within its band below the next kind's. */
static void order(Core *c, int player, int leader, const int *trick, int tlen, int best,
                  int win_seat, int tt_best, int *cards, int n) {
    int key[NID];
    int tuned = c->opts & OPT_ORDER, t = c->trump;
    int led = tlen ? SUIT(trick[0]) : -1, safe = 1;
    if (tlen && tuned && c->side[win_seat] == c->side[player])
        for (int j = tlen + 1; j < c->n && safe; j++) {
            int s = c->seat_at[leader][j];
            if (c->side[s] != c->side[player] && can_overtake(c, s, led, best)) safe = 0;
        }
    const int8_t *killer = NULL;
    if (c->opts & OPT_KILLER)
        killer = killer_slot(c, player, trick, tlen, win_seat);
    /* leading, per plain suit: can an opponent ruff it (bit 0), can partner (bit 1)? */
    int ruffs[4] = {0, 0, 0, 0};
    if (!tlen && tuned && t >= 0)
        for (int s = 0; s < c->n; s++) {
            if (s == leader || !c->pres[s][t]) continue;
            int who = c->side[s] != c->side[leader] ? 1 : 2;
            for (int su = 0; su < 4; su++) if (!c->pres[s][su]) ruffs[su] |= who;
        }
    for (int i = 0; i < n; i++) {
        int card = cards[i], st = POS(card), su = SUIT(card);
        int is_trump = su == t, pts = c->order_pts[card];
        int k;
        if (card == tt_best) k = -1000000;
        else if (killer && card == killer[0]) k = -900000;
        else if (killer && card == killer[1]) k = -800000;
        else if (!tlen) {
            if (!tuned) k = st * 10 + (is_trump ? 0 : 1);
            else {
                int ruff = ruffs[su] & 1, pruff = ruffs[su] & 2;  /* none in trumps */
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

/* An entry whose partition holds this position, if any: the first that settles the window
 * (alpha, beta), else the first found. Entries that need every level exact live in a bucket
 * of the exact position; the others in the bucket of the coarse code, which all positions of
 * their partition share. */
static inline int answers(const Entry *e, int alpha, int beta) {
    return settles(e->lo, e->hi, alpha, beta);
}

static Entry *probe(Core *c, Key *k, int alpha, int beta) {
    Entry *b = &c->tt[(k->exact & c->tt_mask) * BUCKET], *first = NULL;
    uint32_t full = k->full_lock;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].depth && b[i].check == k->exact_check && b[i].lock == full) {
            if (answers(&b[i], alpha, beta)) {
#ifdef STATS
                st_exact_ans++;
#endif
                return &b[i];
            }
            first = &b[i];
            break;
        }
    if (!(c->opts & OPT_PARTITION)) return first;
    b = &c->tt[(k->coarse & c->tt_mask) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
        if (b[i].depth && b[i].check == k->check && b[i].lock == key_lock(k, b[i].cut)) {
            if (answers(&b[i], alpha, beta)) {
#ifdef STATS
                st_coarse_ans++;
#endif
                return &b[i];
            }
            if (!first) first = &b[i];
        }
    return first;
}

/* Store a result in the exact tier (found by the whole position) or the partition tier
 * (found through its cut): over its own entry if the bucket has it, else the shallowest. */
static void put(Core *c, const Key *k, int exact, unsigned cut, int lo, int hi, int8_t best,
                int depth) {
    Entry *b = &c->tt[((exact ? k->exact : k->coarse) & c->tt_mask) * BUCKET];
    uint32_t check = exact ? k->exact_check : k->check;
    uint32_t lock = exact ? k->full_lock : key_lock(k, cut);
    Entry *slot = &b[0];
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].check == check && b[i].lock == lock && (exact || b[i].cut == cut)) {
            slot = &b[i];
            break;
        }
        if (b[i].depth < slot->depth) slot = &b[i];
    }
    slot->check = check;
    slot->lock = lock;
    slot->cut = cut;
    slot->lo = (unsigned)lo;  /* 0 <= lo <= hi <= POINTS_MAX: the bounds of a value */
    slot->hi = (unsigned)hi;
    slot->best = (unsigned)(best + 1);
    slot->depth = (unsigned)(depth > 127 ? 127 : depth < 1 ? 1 : depth);
}

/* The distinct legal cards of `player`, equivalent cards once, best first. */
static int gen_moves(Core *c, int player, int leader, const int *trick, int tlen, int wi,
                     int tt_best, int *moves, uint8_t group_top[4][8], const unsigned *given) {
    int best_card_on_table = tlen ? trick[wi] : -1;
    int win_seat = tlen ? c->seat_at[leader][wi] : -1;
    int partner_winning = tlen && c->side[win_seat] == c->side[player];
    unsigned lm[4];
    if (given) memcpy(lm, given, sizeof lm);  /* the legal cards, worked out by the caller */
    else legal(c, player, trick, tlen, best_card_on_table, partner_winning, lm);
    int m = 0;
    int equiv = c->opts & OPT_EQUIV;
    for (int su = 0; su < 4; su++) {
        unsigned mask = lm[su];
        if (!mask) continue;
        if (equiv && (mask & (mask - 1))) {  /* equivalence sets every card's group */
            unsigned others = 0;
            for (int s = 0; s < c->n; s++) if (s != player) others |= c->pres[s][su];
            for (int i = 0; i < tlen; i++) if (SUIT(trick[i]) == su) others |= 1u << POS(trick[i]);
            mask = equivalence(c, su, mask, others, group_top[su]);
        } else {
            for (unsigned q = mask; q; q &= q - 1) group_top[su][lowbit(q)] = (uint8_t)lowbit(q);
        }
        while (mask) { moves[m++] = su * 8 + lowbit(mask); mask &= mask - 1; }
    }
    if (m > 1) order(c, player, leader, trick, tlen, best_card_on_table, win_seat, tt_best, moves, m);
    return m;
}

/* The points of a full trick just played (its cards taken from the hands), from its cards'
 * points: the last trick also carries the last-trick bonus. */
static inline int trick_won(const Core *c, int cards) {
    return c->held ? cards : cards + c->last_trick;
}

/* The points of the first n cards of a trick. */
static inline int cards_points(const Core *c, const int *trick, int n) {
    int sum = 0;
    for (int j = 0; j < n; j++) sum += c->pts[trick[j]];
    return sum;
}

static inline int trick_points(const Core *c, const int *trick) {
    return trick_won(c, cards_points(c, trick, c->n));
}

/* The best lead the table holds for this trick-boundary position, or -1. */
static int table_best(Core *c, int leader) {
    if (!(c->opts & OPT_TT)) return -1;
    Key key;
    build_key(c, leader, &key);
    Entry *e = probe(c, &key, -1, INF);
    return e ? decode_best(&key, (int)e->best - 1) : -1;
}

/* A quick guess at the value: both sides play their first-ordered card to the end (the
 * table's best lead, unless `blind`, and the killers included, so after a search this is close
 * to its line). */
static int playout(Core *c, int leader, int *trick, int tlen, int wi, int blind) {
    int played[NID * MAXCOPY * MAXSEAT], who[NID * MAXCOPY * MAXSEAT], np = 0, total = 0;
    for (;;) {
        int player = c->seat_at[leader][tlen];
        if (!c->size[player]) break;
        int moves[NID];
        uint8_t tops[4][8];
        int tt_best = tlen || blind ? -1 : table_best(c, leader);
        int m = gen_moves(c, player, leader, trick, tlen, wi, tt_best, moves, tops, NULL);
        if (!m) break;
        int card = moves[0];
        take(c, player, card);
        played[np] = card; who[np++] = player;
        trick[tlen] = card;
        if (tlen && beats(c, card, trick[wi])) wi = tlen;
        if (tlen + 1 < c->n) { tlen++; continue; }
        int w = c->seat_at[leader][wi], won = trick_points(c, trick);
        if (c->side[w] == 0) total += won;
        leader = w; tlen = 0; wi = 0;
    }
    while (np > 0) { np--; give(c, who[np], played[np]); }
    return total;
}

/* A better first guess than the playout's (four-hand deals: its mean error 1.5 points where
 * the playout's is 2.3, and 1.9 points too low): both sides look `plies` cards ahead, every
 * distinct legal card, and play out from there (without the table: it is a guess before any
 * test, when the table has nothing to say). */
static int estimate(Core *c, int leader, int *trick, int tlen, int wi, int plies) {
    int player = c->seat_at[leader][tlen];
    if (plies <= 0 || !c->size[player]) {
        int copy[MAXSEAT];  /* the playout writes the tricks it plays over the array */
        memcpy(copy, trick, (size_t)tlen * sizeof *trick);
        return playout(c, leader, copy, tlen, wi, 1);
    }
    int moves[NID];
    uint8_t tops[4][8];
    int m = gen_moves(c, player, leader, trick, tlen, wi, -1, moves, tops, NULL);
    int maximise = c->side[player] == 0, best = maximise ? -INF : INF;
    for (int i = 0; i < m; i++) {
        int card = moves[i], v;
        take(c, player, card);
        trick[tlen] = card;
        int w2 = (tlen && !beats(c, card, trick[wi])) ? wi : tlen;
        if (tlen + 1 == c->n) {
            int w = c->seat_at[leader][w2], won = trick_points(c, trick), next[MAXSEAT];
            v = (c->side[w] == 0 ? won : 0) + estimate(c, w, next, 0, 0, plies - 1);
        } else {
            v = estimate(c, leader, trick, tlen + 1, w2, plies - 1);
        }
        give(c, player, card);
        if (maximise ? v > best : v < best) best = v;
    }
    return best;
}

/* Small siblings: the result of a searched move x relied on its suit only down to
 * small_below[x] (the child's rel joined with this node's own comparisons). A later move y of
 * the same suit and points, weaker than that like x itself, leaves a position that differs
 * from x's only in a small card of the same points, which x's result covers (the partition
 * argument of build_key): y is worth what x was, so it cannot improve on the best so far and
 * is not searched. The proof it borrows is x's, already joined into this node's. */
static int small_sibling(const Core *c, const int *moves, const uint8_t *small_below, int i) {
    int y = moves[i];
    for (int j = 0; j < i; j++) {
        int x = moves[j];
        if (SUIT(x) == SUIT(y) && c->pts[x] == c->pts[y] &&
            !(small_below[j] & ((1u << POS(y)) | (1u << POS(x)))))
            return 1;
    }
    return 0;
}

static int ab(Core *c, int leader, int *trick, int tlen, int wi, int table, int alpha,
              int beta, int rem, Rel *rel);

/* Bounds lo..hi on a position, tightened by a fail-soft result searched in (a0, b0). */
static inline void tighten(int best, int a0, int b0, int *lo, int *hi) {
    if (best <= a0) { if (best < *hi) *hi = best; }
    else if (best >= b0) { if (best > *lo) *lo = best; }
    else *lo = *hi = best;
}

/* `player` plays `card` and the search goes on from there: ab's value of the move. `table`:
 * the points of the cards already in the trick, kept along it instead of summed at its end. */
static inline int play(Core *c, int player, int card, int leader, int *trick, int tlen, int wi,
                       int table, int alpha, int beta, int rem, Rel *crel) {
    int v;
    take(c, player, card);
    trick[tlen] = card;
    table += c->pts[card];
    int w2 = (tlen && !beats(c, card, trick[wi])) ? wi : tlen;
    if (tlen + 1 == c->n) {
        int w = c->seat_at[leader][w2], won = trick_won(c, table);
        int gain = c->side[w] == 0 ? won : 0;
        int next[MAXSEAT];
        c->prev[c->size[w] & 63] = (int8_t)trick_context(c, trick, w2, leader, w);
        v = ab(c, w, next, 0, 0, 0, alpha - gain, beta - gain, rem - won, crel);
        if (v != TIMEOUT_FLAG) v += gain;
    } else {
        v = ab(c, leader, trick, tlen + 1, w2, table, alpha, beta, rem, crel);
    }
    give(c, player, card);
    return v;
}

/* Points side 0 takes from here, fail-soft within (alpha, beta). trick[0..tlen) is on the
 * table led by `leader`; wi is the position in it of the card winning so far. rel receives
 * the ranks the result relied on (a Rel; see build_key). A rank is relied on when a card is
 * compared with the trick's winning card (for who wins, or for what a follower may play),
 * when a bound counts sure winners, when a table entry answered, and when equivalent cards
 * were searched once and part of their group is relied on. */
static int ab(Core *c, int leader, int *trick, int tlen, int wi, int table, int alpha,
              int beta, int rem, Rel *rel) {
    *rel = 0;
    if (c->timed_out) return TIMEOUT_FLAG;
    c->nodes++;
    if ((c->nodes & 4095) == 0) {
        if (c->deadline > 0 && now() > c->deadline) {
            c->timed_out = 1;
            return TIMEOUT_FLAG;
        }
        /* Ctrl-C: Python runs signal handlers only between bytecodes, never inside this call,
         * which may last hours; so every 2^16 nodes (a few ms) it takes the GIL back and runs
         * them. A handler that raises unwinds the search as a timeout does. */
        if ((c->nodes & 65535) == 0 && c->released) {
            PyEval_RestoreThread(c->released);
            int raised = PyErr_CheckSignals() < 0;
            c->released = PyEval_SaveThread();
            if (raised) {  /* the exception stays set for Core_ab */
                c->timed_out = 1;
                return TIMEOUT_FLAG;
            }
        }
    }
    if (c->nodes >= c->grow_at) grow_table(c);
    if (rem <= 0) return 0;
    if (alpha >= rem) return rem;
    if (beta <= 0) return 0;
    Entry *e = NULL;
    Recent *r = NULL;  /* this position's slot in the recent table */
    uint64_t code = 0;
    int stored = 0, known_lo = 0, known_hi = rem;  /* the table's bounds, read at the probe */
    int tt_best = -1, a0 = alpha, b0 = beta;
    Rel erel = 0;     /* what the table's entry relied on */
    int narrowed = 0; /* the entry narrowed the window: the result relies on erel too */
    Key key;
    if (tlen == 0) {
        int last = c->opts & OPT_QUICK;
        for (int s = 0; s < c->n && last; s++) last = c->size[s] == 1;
        if (last) {
            /* the last trick plays itself; all that matters is which side takes it, so the
             * proof is that its winning card beats every card of the other side */
            int t[MAXSEAT], w = 0;
            for (int k = 0; k < c->n; k++) {
                int s = c->seat_at[leader][k];
                for (int x = 0; x < 4; x++)
                    if (c->pres[s][x]) { t[k] = x * 8 + lowbit(c->pres[s][x]); break; }
                if (k && beats(c, t[k], t[w])) w = k;
            }
            int side = c->side[c->seat_at[leader][w]];
            for (int k = 0; k < c->n; k++)
                if (c->side[c->seat_at[leader][k]] != side && SUIT(t[k]) == SUIT(t[w])) {
                    mark(rel, t[w]);
                    break;
                }
            return side == 0 ? rem : 0;
        }
        if ((c->opts & (OPT_TT | OPT_RECENT)) == (OPT_TT | OPT_RECENT)) {
            code = mix(c->zpos, (uint64_t)leader) | 1;
            r = &c->recent[code & (((uint64_t)1 << RECENT_BITS) - 1)];
            if (r->code == code && settles(r->lo, r->hi, alpha, beta)) {
#ifdef STATS
                st_recent++;
#endif
                *rel = r->rel;
                return settled_value(r->lo, r->hi, beta);
            }
        }
        if (c->opts & OPT_TT) {
            build_key(c, leader, &key);
            e = probe(c, &key, alpha, beta);
            stored = 1;
#ifdef STATS
            st_ttprobe++; if (e) st_tthit++;
#endif
            if (e) {
                /* read now: the children's stores may reuse this slot before this node stores */
                known_lo = e->lo;
                known_hi = e->hi;
                erel = rel_of(&key, e->cut);
#ifdef STATS
                if (e->lo >= beta || e->lo == e->hi || e->hi <= alpha) st_ttcut++;
#endif
                if (answers(e, alpha, beta)) {
                    *rel = erel;
                    if (r) remember(r, code, e->lo, e->hi, erel);
                    return settled_value(e->lo, e->hi, beta);
                }
                if (e->lo > alpha) { alpha = e->lo; narrowed = 1; }
                if (e->hi < beta) { beta = e->hi; narrowed = 1; }
                tt_best = decode_best(&key, (int)e->best - 1);
            }
        }
        /* quick points bound the value: from below when side 0 leads, from above when side 1
         * does. After the table: most positions are settled there first, and an entry's proof
         * relies on fewer ranks, which makes wider partitions above (cutting on quick points
         * before the probe cost a double-deck deal 17% more nodes; working them out before it,
         * in the prefetch's shadow, saved no time) */
        int qlo = 0, qhi = rem;
        Rel qrel = 0;
        if (c->opts & OPT_QUICK) {
            int sure = quick_points(c, leader, &qrel);
            if (c->side[leader] == 0) qlo = sure;
            else qhi = rem - sure;
        }
#ifdef STATS
        if (c->opts & OPT_QUICK) {
            st_qcall++;
            if (qlo >= beta || qhi <= alpha) st_qcut++;
            else st_exp[c->side[leader] == 0]++;
        }
#endif
        if (qlo >= beta || qhi <= alpha) {
            /* when the entry narrowed the window, its proof joins in */
            *rel = narrowed ? qrel | erel : qrel;
            if (r) remember(r, code, qlo, qhi, *rel);
            return qlo >= beta ? qlo : qhi;
        }
        if ((c->opts & OPT_MASTER) && c->trump >= 0) {
            /* master trumps: a trump that no opposing seat can match or beat wins the
             * trick it falls on for its side, whenever it is played */
            int t = c->trump;
            unsigned side_pres[2] = {0, 0};
            uint64_t side_row[2] = {0, 0};  /* per side: its seats' copy counts of trumps */
            for (int s = 0; s < c->n; s++) {
                side_pres[c->side[s]] |= c->pres[s][t];
                side_row[c->side[s]] += cnt_row(c, s, t);
            }
            int got[2] = {0, 0};
            for (int sd = 0; sd < 2; sd++) {
                unsigned theirs = side_pres[1 - sd];
                uint64_t m = side_row[sd] & c->first[theirs ? lowbit(theirs) : 8];
                for (int v = 0; v < c->nvals && m; v++)
                    got[sd] += c->vals[v] * byte_sum(m & c->vmask[v][t]);
            }
            /* relied on: the other side's strongest trump (the masters are the stronger
             * levels); with no trump there, none: every trump is a master, and small cards
             * keep their points per seat. When the table's entry narrowed the window, its
             * proof joins in, as for quick points */
            int sd = got[0] >= beta ? 0 : rem - got[1] <= alpha ? 1 : -1;
            if (sd >= 0) {
                Rel mrel = 0;
                if (side_pres[1 - sd]) mark(&mrel, t * 8 + lowbit(side_pres[1 - sd]));
                *rel = narrowed ? mrel | erel : mrel;
                return sd == 0 ? got[0] : rem - got[1];
            }
        }
    }
    int player = c->seat_at[leader][tlen];
    unsigned lm[4];
    if (tlen) {
        /* what this seat may play, and whether it beats the trick, compare with the winner */
        int w = trick[wi], led = SUIT(trick[0]);
        /* a seat that must follow a ruffed lead cannot win: the trump's rank does not matter */
        if (SUIT(w) == led || c->rules.free_play || !c->rules.follow_suit || !c->pres[player][led])
            compared(c, player, w, rel);
        if (c->rules.head_after_ruff && SUIT(w) != led && c->pres[player][led]) {
            int target = -1;
            for (int i = 0; i < tlen; i++)
                if (SUIT(trick[i]) == led && (target < 0 || POS(trick[i]) < POS(target)))
                    target = trick[i];
            if (target >= 0) compared(c, player, target, rel);
        }
        int win_seat = c->seat_at[leader][wi];
        legal(c, player, trick, tlen, w, c->side[win_seat] == c->side[player], lm);
        uint32_t all = lm[0] | lm[1] << 8 | lm[2] << 16 | lm[3] << 24;
        if (all && !(all & (all - 1))) {
            /* one card to play (bit su * 8 + pos is card su * 8 + pos): no move list */
            Rel crel;
            int v = play(c, player, lowbit(all), leader, trick, tlen, wi, table, alpha, beta, rem,
                         &crel);
            *rel |= crel;
            return v;
        }
    }
    int maximise = c->side[player] == 0;
    int moves[NID];
    uint8_t tops[4][8];
    int m = gen_moves(c, player, leader, trick, tlen, wi, tt_best, moves, tops, tlen ? lm : NULL);
    int best = maximise ? -INF : INF, best_card = -1, cutoff = 0;
    Rel acc = 0, crel;
    uint8_t small_below[NID];  /* per searched move: see small_sibling */
    for (int i = 0; i < m; i++) {
        int card = moves[i], v;
        if (small_sibling(c, moves, small_below, i)) { small_below[i] = 0xFF; continue; }
        v = play(c, player, card, leader, trick, tlen, wi, table, alpha, beta, rem, &crel);
        if (v == TIMEOUT_FLAG) return TIMEOUT_FLAG;
        /* 0xFF: lends its result to none */
        small_below[i] = (c->opts & OPT_SIBLING) ? rel_suit(crel | *rel, SUIT(card)) : 0xFF;
        if (maximise) {
            if (v > best) { best = v; best_card = card; if (v > alpha) alpha = v; }
        } else {
            if (v < best) { best = v; best_card = card; if (v < beta) beta = v; }
        }
        if (alpha >= beta) {
#ifdef STATS
            st_cut[tlen < 4 ? tlen : 3][i < 7 ? i : 7]++;
#endif
            cutoff = 1;
            if (i > 0) {
                int8_t *kl = killer_slot(c, player, trick, tlen, c->seat_at[leader][wi]);
                if (kl[0] != card) { kl[1] = kl[0]; kl[0] = (int8_t)card; }
            }
            /* the card that refutes is all the proof needs: what it relied on and, when it
             * is of the winning card's suit, its own comparison with that card (whether it
             * beats it decides both whether it may be played and who takes the trick); the
             * comparisons that made the other cards legal or not do not matter */
            if (tlen && !c->rules.head_after_ruff && SUIT(card) == SUIT(trick[wi])) {
                int w = trick[wi];
                *rel = upto(SUIT(w), POS(card) < POS(w) ? POS(card) : POS(w));
            }
            *rel |= crel;
            break;
        }
        acc |= crel;
    }
#ifdef STATS
    st_nodes[tlen < 4 ? tlen : 3][m < 7 ? m : 7]++;
    st_depth[c->size[leader] + (tlen ? 1 : 0) < 16 ? c->size[leader] + (tlen ? 1 : 0) : 15]++;
    if (!cutoff) st_all[tlen < 4 ? tlen : 3]++;
#endif
    if (narrowed) *rel |= erel;
    if (!cutoff) {
        *rel |= acc;
        /* every card was answered, equivalent ones through their group's searched card: a
         * group with a relied-on member is relied on down to that card */
        for (int changed = 1; changed;) {
            changed = 0;
            for (int i = 0; i < m; i++) {
                int su = SUIT(moves[i]), p = POS(moves[i]), top = tops[su][p];
                unsigned r = rel_suit(*rel, su);
                if (top < p && (r >> top & 1) && !(r >> p & 1)) {
                    *rel |= upto(su, p);
                    changed = 1;
                }
            }
        }
    }
    if (stored) {
        int lo = known_lo, hi = known_hi;
        tighten(best, a0, b0, &lo, &hi);
        /* the bounds the entry held, merged in, hold where erel does: the exact position
         * gets both; its partition gets this result alone when that partition is wider */
        unsigned own = cut_of(c, &key, *rel), cut = erel ? cut_of(c, &key, *rel | erel) : own;
        int8_t bm = (int8_t)(best_card >= 0 ? encode_best(&key, best_card) : -1);
        put(c, &key, 1, cut, lo, hi, bm, c->held);
        if (r) remember(r, code, lo, hi, *rel | erel);
        if (c->opts & OPT_PARTITION) {
            if (own != cut) {
                lo = 0, hi = rem;
                tighten(best, a0, b0, &lo, &hi);
                put(c, &key, 0, own, lo, hi, bm, c->held);
            } else if (cut != key.full) put(c, &key, 0, cut, lo, hi, bm, c->held);
        }
    }
    return best;
}

/* ---- Python interface ------------------------------------------------------------------ */

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

static void Core_dealloc(Core *self) {
    free(self->tt);
    free(self->recent);
    free(self->suitkey);
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
    self->n = (int)n;
    if (read_ints(side, self->side, self->n, "side", 0, 1) < 0) return -1;
    for (int l = 0; l < self->n; l++)
        for (int k = 0; k < self->n; k++) self->seat_at[l][k] = (int8_t)((l + k) % self->n);
    int strength_of[NRANK];
    if (read_ints(strength, strength_of, NRANK, "strength", 0, NRANK) < 0) return -1;
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
    if (read_ints(points, ext_points, NCARD, "points", 0, POINTS_MAX) < 0) return -1;
    if (last < 0 || last > POINTS_MAX) {
        PyErr_Format(PyExc_ValueError, "last_trick: from 0 to %d", POINTS_MAX);
        return -1;
    }
    memset(self->pts, 0, sizeof self->pts);
    for (int k = 0; k < NCARD; k++) {
        int p = self->pos_of_rank[k % NRANK];
        if (p >= 0) self->pts[(k / NRANK) * 8 + p] = ext_points[k];
    }
    int dearest = 0;
    for (int id = 0; id < NID; id++) if (self->pts[id] > dearest) dearest = self->pts[id];
    for (int id = 0; id < NID; id++)  /* the points themselves where none is above ORDER_PTS */
        self->order_pts[id] = dearest <= ORDER_PTS ? self->pts[id]
                            : (int)((long long)self->pts[id] * ORDER_PTS / dearest);
    for (int s = 0; s < MAXSEAT; s++)
        for (int id = 0; id < NID; id++) {
            self->zc[s][id] = small_card(s, self->pts[id]);
            self->za[s][id] = small_card(s + 16, id + 1000);
        }
    for (int i = 0; i <= 8; i++) {  /* in memory order, whatever the byte order */
        uint8_t bytes[8] = {0};
        memset(bytes, 0xFF, (size_t)i);
        memcpy(&self->first[i], bytes, 8);
    }
    self->nvals = 0;
    memset(self->vmask, 0, sizeof self->vmask);
    for (int su = 0; su < 4; su++)
        for (int p = 0; p < self->npos; p++) {
            int v = self->pts[su * 8 + p], i = 0;
            while (i < self->nvals && self->vals[i] < v) i++;
            if (i == self->nvals || self->vals[i] != v) {  /* a new value: insert it */
                memmove(&self->vals[i + 1], &self->vals[i],
                        (size_t)(self->nvals - i) * sizeof self->vals[0]);
                memmove(&self->vmask[i + 1], &self->vmask[i],
                        (size_t)(self->nvals - i) * sizeof self->vmask[0]);
                memset(&self->vmask[i], 0, sizeof self->vmask[0]);
                self->vals[i] = v;
                self->nvals++;
            }
            uint8_t bytes[8];
            memcpy(bytes, &self->vmask[i][su], 8);
            bytes[p] = 0xFF;
            memcpy(&self->vmask[i][su], bytes, 8);
        }
    self->rules = rules;
    self->trump = trump;
    self->last_trick = last;
    self->opts = options;
    memset(self->killer, -1, sizeof self->killer);
    memset(self->prev, 0, sizeof self->prev);
    if (!use_tt) self->opts &= ~OPT_TT;
    if (!use_equiv) self->opts &= ~OPT_EQUIV;
    if (!use_rel) self->opts &= ~OPT_RELATIVE;
    free(self->tt);
    self->tt = NULL;
    free(self->recent);
    self->recent = calloc((size_t)1 << RECENT_BITS, sizeof(Recent));
    if (!self->recent) { PyErr_NoMemory(); return -1; }
    free(self->suitkey);
    self->suitkey = calloc((size_t)4 * SUITKEYS, sizeof(SuitKey));
    if (!self->suitkey) { PyErr_NoMemory(); return -1; }
    size_t buckets = (size_t)1 << (tt_bits > 6 ? tt_bits - BUCKET_BITS : 4);
    void *mem = table_alloc(buckets * BUCKET * sizeof(Entry));
    if (!mem) {
        PyErr_NoMemory();
        return -1;
    }
    memset(mem, 0, buckets * BUCKET * sizeof(Entry));
    self->tt = mem;
    self->tt_mask = buckets - 1;
    self->grow_limit = grow_bits > tt_bits ? (size_t)1 << (grow_bits - BUCKET_BITS) : buckets;
    schedule_growth(self);
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
    long long points = cards_points(self, trick, (int)tlen);
    for (int s = 0; s < self->n; s++)
        for (int id = 0; id < NID; id++) points += (long long)self->cnt[s][id] * self->pts[id];
    if (tlen || self->held) points += self->last_trick;
    if (points > POINTS_MAX) {
        PyErr_Format(PyExc_ValueError, "%lld points in play, more than %d", points, POINTS_MAX);
        return -1;
    }
    *tlen_out = (int)tlen;
    *wi_out = wi;
    *in_play = (int)points;
    return 0;
}

static PyObject *Core_ab(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, alpha, beta, rem, tlen, wi, in_play;
    double budget = 0;
    if (!PyArg_ParseTuple(args, "OiOiii|d", &hands, &leader, &trick_obj, &alpha, &beta, &rem,
                          &budget))
        return NULL;
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
    self->deadline = budget > 0 ? now() + budget : 0;
    self->timed_out = 0;
    Rel rel;
    self->released = PyEval_SaveThread();  /* as Py_BEGIN_ALLOW_THREADS, kept for ab */
    int v = ab(self, leader, trick, tlen, wi, cards_points(self, trick, tlen), alpha, beta, rem,
               &rel);
    PyEval_RestoreThread(self->released);
    self->released = NULL;
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
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi, &in_play) < 0)
        return NULL;
    return PyLong_FromLong(playout(self, leader, trick, tlen, wi, 0));
}

static PyObject *Core_estimate(Core *self, PyObject *args) {
    PyObject *hands, *trick_obj;
    int leader, plies, tlen, wi, in_play;
    if (!PyArg_ParseTuple(args, "OiOi", &hands, &leader, &trick_obj, &plies)) return NULL;
    int trick[MAXSEAT];
    if (load_position(self, hands, leader, trick_obj, trick, &tlen, &wi, &in_play) < 0)
        return NULL;
    return PyLong_FromLong(estimate(self, leader, trick, tlen, wi, plies));
}

static PyObject *Core_get_entries(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t((self->tt_mask + 1) * BUCKET);
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
