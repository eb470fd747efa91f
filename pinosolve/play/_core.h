/*
 * pinosolve.play._core: the interface of the compiled double-dummy search (_core.c).
 *
 * Python sees one module, pinosolve.play._core, holding:
 *
 *   Core(side, trump, strength, points, last_trick, trick, tt_bits=20, use_tt=1,
 *        use_equivalence=1, use_relative=1, options=OPT_DEFAULT, grow_bits=0)
 *       One search context: the rules of one deal and a transposition table kept across
 *       calls (its bounds are facts about positions, so they stay true from call to call).
 *       side        a sequence of 2..MAXSEAT ints, 0 or 1: each seat's side, in the
 *                   variant's clockwise order; values are the points side 0 takes.
 *       trump       0..3 (a suit), or -1: no trump.
 *       strength    6 ints, per external rank index: 0 the strongest; the ranks in the deck
 *                   take 0..k-1, each once, and a rank out of the deck takes 6.
 *       points      NCARD ints, per external card index (suit * 6 + rank): 0..POINTS_MAX.
 *       last_trick  the last trick's bonus, 0..POINTS_MAX.
 *       trick       the trick-play rules by name (TrickRules below): a dict with exactly
 *                   the keys follow_suit, head, trump_if_void, overtrump,
 *                   trump_when_cannot_overtrump, head_after_ruff, partner_exempt and
 *                   free_play; head is one of the strings "always", "trump-led", "never",
 *                   every other value 0 or 1 (False or True). The names are those of the
 *                   rules file's [trick] table (free_play: no obligations at all, the
 *                   two-hand stock stage).
 *       tt_bits     log2 of the table's first size in entries, 4..28.
 *       grow_bits   log2 of the most entries the table may grow to as the search outgrows
 *                   it (it doubles, keeping its entries), 4..28; 0 or at most tt_bits: it
 *                   keeps its first size. The table is the search's own: two Core objects
 *                   never share one, and each has the sizes it was made with.
 *       use_tt, use_equivalence, use_relative: 0 switches off OPT_TT, OPT_EQUIV,
 *                   OPT_RELATIVE (as leaving them out of options does).
 *       options     the OPT_* technique switches below, for measuring them one by one.
 *     Errors: ValueError naming the argument (and, for trick, the field: "trick.head: ...")
 *     for a value out of its range, a missing or unknown trick field; TypeError for an
 *     argument of the wrong type; MemoryError when the table cannot be had.
 *
 *   Core.ab(hands, leader, trick, alpha, beta, rem[, budget_seconds]) -> int
 *       Fail-soft alpha-beta: the points side 0 takes from here to the end (the cards on the
 *       table and the last-trick bonus included) when that lies in (alpha, beta); else a
 *       bound on it beyond the window on the side it failed. hands: one sequence of external
 *       card indices per seat (repeats for copies, at most MAXCOPY of a card in play);
 *       leader: the seat that led the trick; trick: the cards on the table in play order,
 *       fewer than the seats; rem: every point still in play, which the core checks (at
 *       most POINTS_MAX). budget_seconds > 0: raises Timeout once spent. Runs without the
 *       GIL; a signal handler that raises (Ctrl-C) ends it with that exception. The
 *       position is taken as it is: its soundness (hand sizes, a trick its seats could have
 *       played) is the caller's to check. ValueError for a bad card, seat, trick or rem.
 *
 *   Core.playout(hands, leader, trick) -> int
 *       Side 0's points when every seat plays its first-ordered card to the end: a guess.
 *   Core.estimate(hands, leader, trick, plies) -> int
 *       Minimax over the next ``plies`` cards, each line then played out: a first guess.
 *   Core.nodes    nodes searched so far, over every call.
 *   Core.entries  the table's size in entries now.
 *
 *   Timeout       the exception ab raises when its budget is spent.
 *   OPT_*         the technique switches (the enum below); OPT_DEFAULT: all of them.
 *   ENTRY_BYTES   one table entry's size, for sizing tables against memory.
 *   POINTS_MAX    the most points in play (pinosolve.variants.schema.POINTS_LIMIT).
 */
#ifndef PINOSOLVE_CORE_H
#define PINOSOLVE_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

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

/* The Python object Core: the rules (fixed when made), the table, and the search state of the
 * position being searched. Inside the core a card is suit * 8 + pos, pos its rank's strength
 * (0 = strongest). */
typedef struct {
    PyObject_HEAD
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
    PyThreadState *released;     /* the thread state saved while ab runs without the GIL */
    int8_t prev[64];             /* per cards left: the context the trick before left (killer_slot) */
    int8_t killer[MAXSEAT][NCTX][64][MAXSEAT][2]; /* cards that refuted lately: see killer_slot */
} Core;

#endif /* PINOSOLVE_CORE_H */
