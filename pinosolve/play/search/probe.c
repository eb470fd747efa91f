/* The table asked and written: an entry answers a window, or gives its best lead.
 * Part of the search core (search.h), compiled as one unit by core.c. */

static inline int answers(const Entry *e, int alpha, int beta) {
    return settles(e->lo, e->hi, alpha, beta);
}

static Entry *probe(Search *c, Key *k, int alpha, int beta) {
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
static void put(Search *c, const Key *k, int exact, unsigned cut, int lo, int hi, int8_t best,
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
