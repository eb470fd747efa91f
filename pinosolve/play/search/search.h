/*
 * The double-dummy search core of pinosolve.play._core: plain C, nothing of Python (the
 * binding, ../_core.c, wraps it), one file per technique, compiled as one unit (core.c).
 *
 * The same game as pinosolve/play/reference.py (the reference it is tested against): the value
 * is the points side 0 takes from here to the end, found by fail-soft alpha-beta driven with
 * null windows. Everything about the variant comes in as data: seats and sides, trump, rank
 * strengths, card points, last-trick bonus and the trick rules by name (TrickRules). Nothing
 * here knows any variant. The interface Python sees is in ../_core.h; the structs are here.
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
 *  - searches in threads over one table (Core.share_table): entries read and written
 *    lockless (probe.c), and near the root a move another thread is searching is left
 *    until the others are done (defer.c: simplified ABDADA), so the threads split the tree;
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
#ifndef PINOSOLVE_SEARCH_H
#define PINOSOLVE_SEARCH_H

#include <stdint.h>

/* The three compiler builtins the core uses, for compilers that lack them (MSVC, for the
 * Windows wheels): the lowest and the highest set bit of a non-zero mask, and a prefetch
 * hint (a hint only: nothing depends on it). GCC and Clang keep their builtins. */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __inline int lowest_bit(unsigned m) { unsigned long i; _BitScanForward(&i, m); return (int)i; }
static __inline int highest_bit(unsigned m) { unsigned long i; _BitScanReverse(&i, m); return (int)i; }
#define PREFETCH(p) ((void)(p))
#else
#define lowest_bit(m) __builtin_ctz(m)
#define highest_bit(m) (31 - __builtin_clz(m))
#define PREFETCH(p) __builtin_prefetch(p)
#endif

/* limits, beyond any variant */
#define NCARD 24        /* external card indices: suit * 6 + rank */
#define NRANK 6
#define NID 32          /* internal ids: suit * 8 + pos */
#define MAXSEAT 8
#define MAXCOPY 8
#define POINTS_MAX ((1 << 20) - 1)  /* the most points in play: see Values in _core.c */
#define NCTX 17         /* killer contexts: see killer_slot */

/* the technique switches (Core's options) */
enum {
    OPT_TT = 1,         /* transposition table */
    OPT_EQUIV = 2,      /* equivalent cards searched once */
    OPT_RELATIVE = 4,   /* partition keys on relative ranks */
    OPT_QUICK = 8,      /* quick points at trick boundaries, the last trick without search */
    OPT_ORDER = 16,     /* tuned move ordering (else the reference's simple one) */
    OPT_MASTER = 32,    /* master trumps bound both sides at trick boundaries */
    OPT_GUESS = 64,     /* the driver's tests at a playout's value (used in Python) */
    OPT_PARTITION = 128, /* table entries cover every position alike in the ranks that mattered */
    OPT_KILLER = 256,   /* cards that refuted a sibling lately are tried first (after the table's) */
    OPT_SIBLING = 512,  /* a move alike in the ranks its sibling's result relied on: not searched */
    OPT_RECENT = 1024,  /* recent positions answered without building their key (Recent) */
    OPT_DEFAULT = OPT_TT | OPT_EQUIV | OPT_RELATIVE | OPT_QUICK | OPT_ORDER | OPT_MASTER |
                  OPT_GUESS | OPT_PARTITION | OPT_KILLER | OPT_SIBLING | OPT_RECENT,
};

/* when a follower who follows suit must head the trick (the rules file's trick.head) */
enum { HEAD_ALWAYS = 0, HEAD_TRUMP_LED = 1, HEAD_NEVER = 2 };

/* The trick-play rules of one variant and stage: Core's ``trick`` argument, field by field
 * (each 0 or 1 but head). */
typedef struct TrickRules {
    int follow_suit;                  /* a follower holding the led suit plays it */
    int head;                         /* HEAD_*: ... and must beat the trick's best card */
    int trump_if_void;                /* void in the led suit: must trump */
    int overtrump;                    /* ... and beat a trump already on the trick */
    int trump_when_cannot_overtrump;  /* unable to overtrump: must trump all the same */
    int head_after_ruff;              /* a trumped plain lead: followers still beat its best */
    int partner_exempt;               /* no heading or overtrumping a partner's winning card */
    int free_play;                    /* no obligations at all (two-hand stock stage) */
} TrickRules;

/* One transposition-table entry. 16 bytes, two cache lines a bucket: the bounds take 20 bits
 * each (0..POINTS_MAX) */
typedef struct {
    uint32_t check;     /* coarse code bits (see build_key) */
    uint32_t lock;      /* the position seen through cut */
    unsigned lo : 20;   /* bounds on the points still to win */
    unsigned cut : 12;  /* exact rank levels per key slot, 3 bits each (each level 0..6) */
    unsigned hi : 20;
    unsigned best : 5;  /* 1 + slot * 8 + relative index (at most 29), or 0: none */
    unsigned depth : 7; /* cards left in play when stored, at most 127; 0 = empty */
} Entry;
_Static_assert(sizeof(Entry) == 16, "a table entry takes 16 bytes");

/* A small table of recent trick-boundary positions, found by a code kept up to date card by
 * card (no key to build): in a four-hand search a third of the boundary positions are answered
 * by one seen lately, in a table that stays in cache. Bounds are facts about a position, so an
 * old entry is only weaker, never wrong. */
#ifndef RECENT_BITS
#define RECENT_BITS 12
#endif
typedef struct Recent {
    uint64_t code;
    int32_t lo, hi;
    uint32_t rel;     /* what the bounds relied on (a Rel) */
} Recent;

/* One search: the rules (fixed when made), the table, and the search state of the position
 * being searched. Inside the core a card is suit * 8 + pos, pos its rank's strength
 * (0 = strongest). The binding (_core.c) wraps one in the Python object Core. */
typedef struct Search {
    int n, trump, last_trick, opts;
    int side[MAXSEAT];
    int8_t seat_at[MAXSEAT][MAXSEAT];  /* (leader + k) % n, without a division */
    int npos;                    /* ranks in the deck */
    int rank_of_pos[NRANK];      /* pos -> external rank */
    int pos_of_rank[NRANK];      /* external rank -> pos, or -1 when not in the deck */
    int pts[NID];                /* card points, 0..POINTS_MAX */
    int order_pts[NID];          /* the same, scaled to at most ORDER_PTS (see order) */
    int nvals;                   /* distinct card point values */
    int vals[NRANK * 4];         /* them, lowest first */
    uint64_t first[9];           /* 0xFF at the first i bytes of a cnt_row, for i = 0..8 */
    uint64_t vmask[NRANK * 4][4];  /* per value and suit: 0xFF at each byte of cnt[seat][suit
                                      * 8 ..] whose card has that value (see spare_points) */
    TrickRules rules;
    Entry *tt;
    uint64_t tt_mask;            /* bucket count - 1 */
    uint64_t grow_limit;         /* the most buckets the table may grow to (grow_table) */
    long long grow_at;           /* the node count at which it next doubles */
    /* search state */
    uint8_t cnt[MAXSEAT][NID];
    uint8_t pres[MAXSEAT][4];
    uint32_t col[4][8];
    int size[MAXSEAT];
    int held;                    /* cards in every hand together */
    uint8_t slen[MAXSEAT][4];    /* cards per seat and suit */
    uint64_t zc[MAXSEAT][NID];   /* a random code per (seat, card points): see build_key */
    uint64_t lvl[4][8];          /* per rank level: the sum of its holders' codes */
    uint64_t suitsum[4];         /* per suit: the sum over its levels */
    uint64_t za[MAXSEAT][NID];   /* a random code per (seat, card): see Recent */
    uint64_t zpos;               /* the sum of za over every card held */
    struct Recent *recent;
    uint16_t inplay[4];          /* cards of each suit held, all seats together */
    struct SuitKey *suitkey;     /* [4][MAXSEAT * MAXCOPY * NRANK + 1]: see SuitKey */
    long long nodes;
    double deadline;
    int timed_out;
    volatile int cancelled;      /* set by another thread: ab stops as on a timeout */
    uint64_t *busy;              /* where searches share a table: moves being searched (defer) */
    uint64_t busy_mask;
    int defer_floor;             /* moves are deferred at nodes with at least this many cards */
    volatile int *grow_wanted;   /* where the table is shared: set when a search outgrows it,
                                    and every search sharing it stops (the caller grows it) */
    int (*interrupted)(void *hook);  /* asked every 2^16 nodes where set: nonzero stops ab */
    void *hook;                  /* its argument */
    int8_t prev[64];             /* per cards left: the context the trick before left (killer_slot) */
    int8_t killer[MAXSEAT][NCTX][64][MAXSEAT][2]; /* cards that refuted lately: see killer_slot */
} Search;

#endif /* PINOSOLVE_CORE_H */
