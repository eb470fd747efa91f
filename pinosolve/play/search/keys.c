/* Position keys: suit by suit, relative ranks, and what a result relied on (Rel): the
 * partition search's patterns.
 * Part of the search core (search.h), compiled as one unit by core.c. */

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

static inline uint64_t small_card(int seat, int pts) {  /* the codes of Search.zc */
    return finish(((uint64_t)(unsigned)seat << 32 | (uint32_t)pts) + 0x632BE59BD9B4E019ULL);
}

#define SUITKEYS (MAXSEAT * MAXCOPY * NRANK + 1)

/* Suit su's part of the key: its slot's, when the slot was built from the very holdings the
 * suit has now (compared whole, not by a hash), else built anew there. Along a search path a
 * suit's count only falls, so its slot was mostly last written at an ancestor. */
static const SuitKey *suit_key(const Search *c, int su) {
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

static void build_key(const Search *c, int leader, Key *k) {
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
        PREFETCH(&c->tt[(k->exact & c->tt_mask) * BUCKET + i]);
        PREFETCH(&c->tt[(k->coarse & c->tt_mask) * BUCKET + i]);
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
static unsigned cut_of(const Search *c, const Key *k, Rel rel) {
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
static inline void compared(const Search *c, int player, int w, Rel *rel) {
    unsigned mine = c->pres[player][SUIT(w)];
    if (!mine) return;
    if (mine >> (POS(w) + 1)) mark(rel, w);
    else mark(rel, SUIT(w) * 8 + highest_bit(mine));
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

static inline int suit_len(const Search *c, int s, int su) { return c->slen[s][su]; }

/* The sum of the bytes of x: copy counts of one suit, of one seat or of several (load_hands
 * keeps a card's copies in all hands to MAXCOPY), so the sum stays below 256 and the
 * multiply leaves it in the top byte. */
