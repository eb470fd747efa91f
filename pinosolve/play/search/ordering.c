/* Move ordering: the table's lead, killers, sure winners, then the game's heuristics; the
 * moves of a node generated in that order.
 * Part of the search core (search.h), compiled as one unit by core.c. */

static void order(Search *c, int player, int leader, const int *trick, int tlen, int best,
                  int win_seat, int tt_best, int *cards, int n) {
    int key[NID];
    int tuned = c->opts & OPT_ORDER, t = c->trump;
    int led = tlen ? SUIT(trick[0]) : -1, safe = 1;
    if (tlen && tuned && c->side[win_seat] == c->side[player])
        for (int j = tlen + 1; j < c->n && safe; j++) {
            int s = c->seat_at[leader][j];
            if (c->side[s] != c->side[player] && can_overtake(c, s, led, best)) safe = 0;
        }
    const int8_t *killer = NULL;
    if (c->opts & OPT_KILLER)
        killer = killer_slot(c, player, trick, tlen, win_seat);
    /* leading, per plain suit: can an opponent ruff it (bit 0), can partner (bit 1)? */
    int ruffs[4] = {0, 0, 0, 0};
    if (!tlen && tuned && t >= 0)
        for (int s = 0; s < c->n; s++) {
            if (s == leader || !c->pres[s][t]) continue;
            int who = c->side[s] != c->side[leader] ? 1 : 2;
            for (int su = 0; su < 4; su++) if (!c->pres[s][su]) ruffs[su] |= who;
        }
    for (int i = 0; i < n; i++) {
        int card = cards[i], st = POS(card), su = SUIT(card);
        int is_trump = su == t, pts = c->order_pts[card];
        int k;
        if (card == tt_best) k = -1000000;
        else if (killer && card == killer[0]) k = -900000;
        else if (killer && card == killer[1]) k = -800000;
        else if (!tlen) {
            if (!tuned) k = st * 10 + (is_trump ? 0 : 1);
            else {
                int ruff = ruffs[su] & 1, pruff = ruffs[su] & 2;  /* none in trumps */
                k = (is_trump ? 100 : 0) + (ruff ? 200 : 0) - (pruff && !ruff ? 50 : 0) +
                    st * 10 + pts;
            }
        }
        else if (c->side[win_seat] == c->side[player])
            k = safe ? -pts * 10 + st : 300000 + pts * 10 - st;
        else if (beats(c, card, best))
            k = 100000 + (is_trump ? 1000 : 0) + pts +
                ((tuned && tlen + 1 < c->n) ? st * 10 : -st * 10);
        else k = 200000 + pts * 10 - st;
        key[i] = k;
    }
    for (int i = 1; i < n; i++) {
        int x = cards[i], kx = key[i], j = i - 1;
        while (j >= 0 && key[j] > kx) { cards[j + 1] = cards[j]; key[j + 1] = key[j]; j--; }
        cards[j + 1] = x;
        key[j + 1] = kx;
    }
}

/* An entry whose partition holds this position, if any: the first that settles the window
 * (alpha, beta), else the first found. Entries that need every level exact live in a bucket
 * of the exact position; the others in the bucket of the coarse code, which all positions of
 * their partition share. */

static int gen_moves(Search *c, int player, int leader, const int *trick, int tlen, int wi,
                     int tt_best, int *moves, uint8_t group_top[4][8], const unsigned *given) {
    int best_card_on_table = tlen ? trick[wi] : -1;
    int win_seat = tlen ? c->seat_at[leader][wi] : -1;
    int partner_winning = tlen && c->side[win_seat] == c->side[player];
    unsigned lm[4];
    if (given) memcpy(lm, given, sizeof lm);  /* the legal cards, worked out by the caller */
    else legal(c, player, trick, tlen, best_card_on_table, partner_winning, lm);
    int m = 0;
    int equiv = c->opts & OPT_EQUIV;
    for (int su = 0; su < 4; su++) {
        unsigned mask = lm[su];
        if (!mask) continue;
        if (equiv && (mask & (mask - 1))) {  /* equivalence sets every card's group */
            unsigned others = 0;
            for (int s = 0; s < c->n; s++) if (s != player) others |= c->pres[s][su];
            for (int i = 0; i < tlen; i++) if (SUIT(trick[i]) == su) others |= 1u << POS(trick[i]);
            mask = equivalence(c, su, mask, others, group_top[su]);
        } else {
            for (unsigned q = mask; q; q &= q - 1) group_top[su][lowbit(q)] = (uint8_t)lowbit(q);
        }
        while (mask) { moves[m++] = su * 8 + lowbit(mask); mask &= mask - 1; }
    }
    if (m > 1) order(c, player, leader, trick, tlen, best_card_on_table, win_seat, tt_best, moves, m);
    return m;
}

/* The points of a full trick just played (its cards taken from the hands), from its cards'
 * points: the last trick also carries the last-trick bonus. */
