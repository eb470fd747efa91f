/* The table asked and written: an entry answers a window, or gives its best lead.
 * Part of the search core (search.h), compiled as one unit by core.c. */

static inline int answers(const Entry *e, int alpha, int beta) {
    return settles(e->lo, e->hi, alpha, beta);
}

/* Entries are read and written as two 64-bit words, the first stored xor'd with the second
 * (lockless hashing, as Hyatt and Mann describe it): where searches in threads share one table
 * (Core.share_table), an entry read while another thread writes it has a check and a lock
 * that fit no position, and is a miss, never a mixture of two results. Alone, it costs an
 * xor. */
typedef union {
    Entry e;
    uint64_t w[2];
} EntryWords;
_Static_assert(sizeof(EntryWords) == 16, "an entry is two words");

#if defined(_MSC_VER) && !defined(__clang__)
#define LOAD_WORD(p) (*(volatile const uint64_t *)(p))
#define STORE_WORD(p, v) (*(volatile uint64_t *)(p) = (v))
#else
#define LOAD_WORD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE_WORD(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#endif

static inline Entry load_entry(const Entry *slot) {
    const uint64_t *p = (const uint64_t *)(const void *)slot;
    EntryWords x;
    x.w[1] = LOAD_WORD(p + 1);
    x.w[0] = LOAD_WORD(p) ^ x.w[1];
    return x.e;
}

static inline void store_entry(Entry *slot, Entry e) {
    uint64_t *p = (uint64_t *)(void *)slot;
    EntryWords x;
    x.e = e;
    STORE_WORD(p, x.w[0] ^ x.w[1]);
    STORE_WORD(p + 1, x.w[1]);
}

/* The entry of this position's partition, if any, into *out (1; else 0): the first that
 * settles the window (alpha, beta), else the first found. */
static int probe(Search *c, Key *k, int alpha, int beta, Entry *out) {
    Entry *b = &c->tt[(k->exact & c->tt_mask) * BUCKET];
    int found = 0;
    uint32_t full = k->full_lock;
    for (int i = 0; i < BUCKET; i++) {
        Entry x = load_entry(&b[i]);
        if (x.depth && x.check == k->exact_check && x.lock == full) {
            *out = x;
            if (answers(&x, alpha, beta)) {
#ifdef STATS
                st_exact_ans++;
#endif
                return 1;
            }
            found = 1;
            break;
        }
    }
    if (!(c->opts & OPT_PARTITION)) return found;
    b = &c->tt[(k->coarse & c->tt_mask) * BUCKET];
    for (int i = 0; i < BUCKET; i++) {
        Entry x = load_entry(&b[i]);
        if (x.depth && x.check == k->check && x.lock == key_lock(k, x.cut)) {
            if (answers(&x, alpha, beta)) {
#ifdef STATS
                st_coarse_ans++;
#endif
                *out = x;
                return 1;
            }
            if (!found) { *out = x; found = 1; }
        }
    }
    return found;
}

/* Store a result in the exact tier (found by the whole position) or the partition tier
 * (found through its cut): over its own entry if the bucket has it, else the shallowest. */
static void put(Search *c, const Key *k, int exact, unsigned cut, int lo, int hi, int8_t best,
                int depth) {
    Entry *b = &c->tt[((exact ? k->exact : k->coarse) & c->tt_mask) * BUCKET];
    uint32_t check = exact ? k->exact_check : k->check;
    uint32_t lock = exact ? k->full_lock : key_lock(k, cut);
    int slot = 0;
    unsigned shallowest = 128;
    for (int i = 0; i < BUCKET; i++) {
        Entry x = load_entry(&b[i]);
        if (x.check == check && x.lock == lock && (exact || x.cut == cut)) {
            slot = i;
            break;
        }
        if (x.depth < shallowest) { slot = i; shallowest = x.depth; }
    }
    Entry e;
    memset(&e, 0, sizeof e);
    e.check = check;
    e.lock = lock;
    e.cut = cut;
    e.lo = (unsigned)lo;  /* 0 <= lo <= hi <= POINTS_MAX: the bounds of a value */
    e.hi = (unsigned)hi;
    e.best = (unsigned)(best + 1);
    e.depth = (unsigned)(depth > 127 ? 127 : depth < 1 ? 1 : depth);
    store_entry(&b[slot], e);
}

/* The distinct legal cards of `player`, equivalent cards once, best first. */
