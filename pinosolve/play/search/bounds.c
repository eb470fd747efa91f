/* Bounds from sure tricks: quick points and master trumps, checked before any search.
 * Part of the search core (search.h), compiled as one unit by core.c. */

static inline int byte_sum(uint64_t x) { return (int)((x * 0x0101010101010101ULL) >> 56); }

/* Seat s's copy counts of suit su's cards, a byte each (byte p: strength position p). */
static inline uint64_t cnt_row(const Search *c, int s, int su) {
    uint64_t row;
    memcpy(&row, &c->cnt[s][su * 8], sizeof row);
    return row;
}

/* The points of `n` of seat s's cards other than the ones counted per suit (the cheapest of
 * each suit for an opponent, the dearest for a partner): its cheapest n of the others, or its
 * dearest n when `dear`. Point value by point value, in that order: each suit's cards of the
 * value (one masked byte sum of the seat's copy counts) go first to the suit's counted ones,
 * the rest are taken. */
static int spare_points(const Search *c, int s, const uint8_t *counted, int n, int dear) {
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
static int quick_points(const Search *c, int leader, Rel *rel) {
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
static int can_overtake(const Search *c, int s, int led, int best) {
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
static inline int trick_context(const Search *c, const int *trick, int w2, int leader, int w) {
    return 1 + SUIT(trick[0]) * 4 + (SUIT(trick[w2]) != SUIT(trick[0])) * 2 +
           (c->side[w] == c->side[leader]);
}

static inline int8_t *killer_slot(Search *c, int player, const int *trick, int tlen,
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
