/* Searches in threads over one table split the tree (simplified ABDADA, after Weill's
 * ABDADA as Kerrigan simplified it): near the root, a move another thread is searching from
 * the same node is left until this node's other moves are done, by when its result is likely
 * in the table. The first move is never left: it is the one most likely to cut, and a node
 * that cuts needs no other. Which moves are being searched is kept in a small table of
 * codes the threads share, read and written without locks: a code lost or overwritten only
 * costs some work twice, never a wrong value (deferring changes the order of the moves,
 * never which are searched).
 * Part of the search core (search.h), compiled as one unit by core.c. */

#define BUSY_BITS 15  /* the shared table of moves being searched: 2^15 codes, 256 KiB */

/* The code of `player` playing `card` at this node (its hands as they are before the card) */
static inline uint64_t move_code(const Search *c, int player, int card, int leader, int tlen) {
    return mix(c->zpos - c->za[player][card], (uint64_t)(leader << 4 | (tlen + 1))) | 1;
}

static inline int is_busy(const Search *c, uint64_t code) {
    return LOAD_WORD(&c->busy[code & c->busy_mask]) == code;
}

static inline void set_busy(Search *c, uint64_t code) {
    STORE_WORD(&c->busy[code & c->busy_mask], code);
}

static inline void clear_busy(Search *c, uint64_t code) {
    uint64_t *slot = &c->busy[code & c->busy_mask];
    if (LOAD_WORD(slot) == code) STORE_WORD(slot, 0);
}
