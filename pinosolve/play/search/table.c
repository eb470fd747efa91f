/* The transposition table's memory: its buckets, doubling as a search outgrows it, the
 * small table of recent positions, and the clock.
 * Part of the search core (search.h), compiled as one unit by core.c. */

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


/* A search that outgrows its table gets one twice as large, with every entry kept: an entry
 * lies in its bucket modulo the old bucket count, so each of the two copies of the old table
 * holds it where a probe through the wider mask looks (the copy that is not its own ages out).
 * Safe at any node: no frame keeps a pointer into the table past its probe. Easy searches stay
 * in cache, hard ones get room. */
static void schedule_growth(Search *c) {
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

static void grow_table(Search *c) {
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
