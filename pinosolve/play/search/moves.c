/* Cards in and out of hands, who beats whom, the legal cards of a seat and the cards
 * equivalent to one another.
 * Part of the search core (search.h), compiled as one unit by core.c. */

static inline int lowbit(unsigned m) { return lowest_bit(m); }
static inline int pop8(unsigned x) {  /* bits set in a byte (a portable build has no popcnt) */
    x = (x & 0x55u) + ((x >> 1) & 0x55u);
    x = (x & 0x33u) + ((x >> 2) & 0x33u);
    return (int)((x + (x >> 4)) & 0x0Fu);
}
static inline unsigned above(int pos) { return (1u << pos) - 1; }  /* stronger positions */

/* does card c, played later, beat the trick's current best w? */
static inline int beats(const Search *c, int card, int w) {
    if (SUIT(card) == SUIT(w)) return POS(card) < POS(w);
    return SUIT(card) == c->trump;
}

static inline void take(Search *c, int seat, int card) {
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

static inline void give(Search *c, int seat, int card) {
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
static void legal(const Search *c, int player, const int *trick, int tlen, int best,
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
static unsigned equivalence(const Search *c, int su, unsigned mask, unsigned others,
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
 * kept per suit and card count (SuitKey cache in Search) and rebuilt only when the suit changed:
 * most tricks are played in one or two suits. */
