/*
 * pinosolve.play._core: the interface of the compiled double-dummy search: the binding
 * (_core.c) of the search core (search/, plain C).
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
 *                   keeps its first size. The table is the search's own, unless it is
 *                   shared (share_table).
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
 *   Core.share_table(other)
 *       Search other's table from now on (this one's own is let go): searches in threads,
 *       one Core each, then share what they prove, and near the root each leaves the moves
 *       another is searching for last (search/defer.c). other must have the same rules,
 *       trump and sides (ValueError), and neither may be searching. A Core that lends its
 *       table cannot be made again (__init__); __init__ on a borrower first lets go of the
 *       lender's table. A borrower searches the lender's table as it is when ab starts
 *       (grown or not).
 *   Core.grow_wanted  (read only) a search of a shared table outgrew it: every search of
 *       it stopped with Timeout, and the caller grows it (grow) and asks again.
 *   Core.grow() -> bool
 *       Double the table this Core lends, keeping its entries, if below its limit (True if
 *       it grew; a doubling that finds no memory keeps the table and its size for good);
 *       clears grow_wanted. ValueError while any search of the table runs.
 *   Core.cancelled  (read and write) set from another thread while ab runs: ab stops within
 *       a few thousand nodes and raises Timeout. ab never clears it: the caller does.
 *   Core.defer_tricks  (read and write) how many tricks from the position ab is given its
 *       moves may be deferred, where the table is shared (2).
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
#include "search/search.h"

/* The Python object Core: one Search, and the thread state saved while ab runs without the
 * GIL (the interrupt hook takes it back to run the signal handlers). */
typedef struct Core {
    PyObject_HEAD
    Search s;
    PyThreadState *released;
    struct Core *table_owner;  /* the Core whose table this one searches (share_table), or NULL */
    int lent;                  /* Cores searching this one's table */
    int defer_tricks;          /* tricks from the root at which moves are deferred (defer.c) */
    volatile int grow_wanted;  /* a search of this table (lent) outgrew it: see Core.grow */
    int searching;             /* searches of this Core's own table running now (its own ab and
                                  its borrowers'), counted with the GIL held */
} Core;

#endif
