/* The search: playouts and estimates for the driver's guesses, and the fail-soft
 * alpha-beta with the techniques of search.h.
 * Part of the search core (search.h), compiled as one unit by core.c. */

static inline int trick_won(const Search *c, int cards) {
    return c->held ? cards : cards + c->last_trick;
}

/* The points of the first n cards of a trick. */
static inline int cards_points(const Search *c, const int *trick, int n) {
    int sum = 0;
    for (int j = 0; j < n; j++) sum += c->pts[trick[j]];
    return sum;
}

static inline int trick_points(const Search *c, const int *trick) {
    return trick_won(c, cards_points(c, trick, c->n));
}

/* The best lead the table holds for this trick-boundary position, or -1. */
static int table_best(Search *c, int leader) {
    if (!(c->opts & OPT_TT)) return -1;
    Key key;
    build_key(c, leader, &key);
    Entry e;
    return probe(c, &key, -1, INF, &e) ? decode_best(&key, (int)e.best - 1) : -1;
}

/* A quick guess at the value: both sides play their first-ordered card to the end (the
 * table's best lead, unless `blind`, and the killers included, so after a search this is close
 * to its line). */
static int playout(Search *c, int leader, int *trick, int tlen, int wi, int blind) {
    int played[NID * MAXCOPY * MAXSEAT], who[NID * MAXCOPY * MAXSEAT], np = 0, total = 0;
    for (;;) {
        int player = c->seat_at[leader][tlen];
        if (!c->size[player]) break;
        int moves[NID];
        uint8_t tops[4][8];
        int tt_best = tlen || blind ? -1 : table_best(c, leader);
        int m = gen_moves(c, player, leader, trick, tlen, wi, tt_best, moves, tops, NULL);
        if (!m) break;
        int card = moves[0];
        take(c, player, card);
        played[np] = card; who[np++] = player;
        trick[tlen] = card;
        if (tlen && beats(c, card, trick[wi])) wi = tlen;
        if (tlen + 1 < c->n) { tlen++; continue; }
        int w = c->seat_at[leader][wi], won = trick_points(c, trick);
        if (c->side[w] == 0) total += won;
        leader = w; tlen = 0; wi = 0;
    }
    while (np > 0) { np--; give(c, who[np], played[np]); }
    return total;
}

/* A better first guess than the playout's (four-hand deals: its mean error 1.5 points where
 * the playout's is 2.3, and 1.9 points too low): both sides look `plies` cards ahead, every
 * distinct legal card, and play out from there (without the table: it is a guess before any
 * test, when the table has nothing to say). */
static int estimate(Search *c, int leader, int *trick, int tlen, int wi, int plies) {
    int player = c->seat_at[leader][tlen];
    if (plies <= 0 || !c->size[player]) {
        int copy[MAXSEAT];  /* the playout writes the tricks it plays over the array */
        memcpy(copy, trick, (size_t)tlen * sizeof *trick);
        return playout(c, leader, copy, tlen, wi, 1);
    }
    int moves[NID];
    uint8_t tops[4][8];
    int m = gen_moves(c, player, leader, trick, tlen, wi, -1, moves, tops, NULL);
    int maximise = c->side[player] == 0, best = maximise ? -INF : INF;
    for (int i = 0; i < m; i++) {
        int card = moves[i], v;
        take(c, player, card);
        trick[tlen] = card;
        int w2 = (tlen && !beats(c, card, trick[wi])) ? wi : tlen;
        if (tlen + 1 == c->n) {
            int w = c->seat_at[leader][w2], won = trick_points(c, trick), next[MAXSEAT];
            v = (c->side[w] == 0 ? won : 0) + estimate(c, w, next, 0, 0, plies - 1);
        } else {
            v = estimate(c, leader, trick, tlen + 1, w2, plies - 1);
        }
        give(c, player, card);
        if (maximise ? v > best : v < best) best = v;
    }
    return best;
}

/* Small siblings: the result of a searched move x relied on its suit only down to
 * small_below[x] (the child's rel joined with this node's own comparisons). A later move y of
 * the same suit and points, weaker than that like x itself, leaves a position that differs
 * from x's only in a small card of the same points, which x's result covers (the partition
 * argument of build_key): y is worth what x was, so it cannot improve on the best so far and
 * is not searched. The proof it borrows is x's, already joined into this node's. */
static int small_sibling(const Search *c, const int *moves, const uint8_t *small_below, int i) {
    int y = moves[i];
    for (int j = 0; j < i; j++) {
        int x = moves[j];
        if (SUIT(x) == SUIT(y) && c->pts[x] == c->pts[y] &&
            !(small_below[j] & ((1u << POS(y)) | (1u << POS(x)))))
            return 1;
    }
    return 0;
}

static int ab(Search *c, int leader, int *trick, int tlen, int wi, int table, int alpha,
              int beta, int rem, Rel *rel);

/* Bounds lo..hi on a position, tightened by a fail-soft result searched in (a0, b0). */
static inline void tighten(int best, int a0, int b0, int *lo, int *hi) {
    if (best <= a0) { if (best < *hi) *hi = best; }
    else if (best >= b0) { if (best > *lo) *lo = best; }
    else *lo = *hi = best;
}

/* `player` plays `card` and the search goes on from there: ab's value of the move. `table`:
 * the points of the cards already in the trick, kept along it instead of summed at its end. */
static inline int play(Search *c, int player, int card, int leader, int *trick, int tlen, int wi,
                       int table, int alpha, int beta, int rem, Rel *crel) {
    int v;
    take(c, player, card);
    trick[tlen] = card;
    table += c->pts[card];
    int w2 = (tlen && !beats(c, card, trick[wi])) ? wi : tlen;
    if (tlen + 1 == c->n) {
        int w = c->seat_at[leader][w2], won = trick_won(c, table);
        int gain = c->side[w] == 0 ? won : 0;
        int next[MAXSEAT];
        c->prev[c->size[w] & 63] = (int8_t)trick_context(c, trick, w2, leader, w);
        v = ab(c, w, next, 0, 0, 0, alpha - gain, beta - gain, rem - won, crel);
        if (v != TIMEOUT_FLAG) v += gain;
    } else {
        v = ab(c, leader, trick, tlen + 1, w2, table, alpha, beta, rem, crel);
    }
    give(c, player, card);
    return v;
}

/* Points side 0 takes from here, fail-soft within (alpha, beta). trick[0..tlen) is on the
 * table led by `leader`; wi is the position in it of the card winning so far. rel receives
 * the ranks the result relied on (a Rel; see build_key). A rank is relied on when a card is
 * compared with the trick's winning card (for who wins, or for what a follower may play),
 * when a bound counts sure winners, when a table entry answered, and when equivalent cards
 * were searched once and part of their group is relied on. */
static int ab(Search *c, int leader, int *trick, int tlen, int wi, int table, int alpha,
              int beta, int rem, Rel *rel) {
    *rel = 0;
    if (c->timed_out) return TIMEOUT_FLAG;
    c->nodes++;
    if ((c->nodes & 4095) == 0) {
        if (c->cancelled || (c->grow_wanted && *c->grow_wanted) ||
            (c->deadline > 0 && now() > c->deadline)) {
            c->timed_out = 1;
            return TIMEOUT_FLAG;
        }
        /* An interrupt (Ctrl-C): every 2^16 nodes (a few ms) the caller's hook is asked,
         * where one is set (the binding's runs Python's signal handlers: Python runs them
         * only between bytecodes, never inside this call, which may last hours). A hook
         * that says stop unwinds the search as a timeout does. */
        if ((c->nodes & 65535) == 0 && c->interrupted) {
            int raised = c->interrupted(c->hook);
            if (raised) {  /* (the binding keeps the exception set for Core_ab) */
                c->timed_out = 1;
                return TIMEOUT_FLAG;
            }
        }
    }
    if (c->nodes >= c->grow_at) {
        if (!c->grow_wanted) grow_table(c);
        else {  /* a shared table moves only while no search reads it: all stop, it grows */
            *c->grow_wanted = 1;
            c->grow_at = LLONG_MAX;
        }
    }
    if (rem <= 0) return 0;
    if (alpha >= rem) return rem;
    if (beta <= 0) return 0;
    Entry found, *e = NULL;
    Recent *r = NULL;  /* this position's slot in the recent table */
    uint64_t code = 0;
    int stored = 0, known_lo = 0, known_hi = rem;  /* the table's bounds, read at the probe */
    int tt_best = -1, a0 = alpha, b0 = beta;
    Rel erel = 0;     /* what the table's entry relied on */
    int narrowed = 0; /* the entry narrowed the window: the result relies on erel too */
    Key key;
    if (tlen == 0) {
        int last = c->opts & OPT_QUICK;
        for (int s = 0; s < c->n && last; s++) last = c->size[s] == 1;
        if (last) {
            /* the last trick plays itself; all that matters is which side takes it, so the
             * proof is that its winning card beats every card of the other side */
            int t[MAXSEAT], w = 0;
            for (int k = 0; k < c->n; k++) {
                int s = c->seat_at[leader][k];
                for (int x = 0; x < 4; x++)
                    if (c->pres[s][x]) { t[k] = x * 8 + lowbit(c->pres[s][x]); break; }
                if (k && beats(c, t[k], t[w])) w = k;
            }
            int side = c->side[c->seat_at[leader][w]];
            for (int k = 0; k < c->n; k++)
                if (c->side[c->seat_at[leader][k]] != side && SUIT(t[k]) == SUIT(t[w])) {
                    mark(rel, t[w]);
                    break;
                }
            return side == 0 ? rem : 0;
        }
        if ((c->opts & (OPT_TT | OPT_RECENT)) == (OPT_TT | OPT_RECENT)) {
            code = mix(c->zpos, (uint64_t)leader) | 1;
            r = &c->recent[code & (((uint64_t)1 << RECENT_BITS) - 1)];
            if (r->code == code && settles(r->lo, r->hi, alpha, beta)) {
#ifdef STATS
                st_recent++;
#endif
                *rel = r->rel;
                return settled_value(r->lo, r->hi, beta);
            }
        }
        if (c->opts & OPT_TT) {
            build_key(c, leader, &key);
            e = probe(c, &key, alpha, beta, &found) ? &found : NULL;
            stored = 1;
#ifdef STATS
            st_ttprobe++; if (e) st_tthit++;
#endif
            if (e) {
                /* (a copy: the children's stores may reuse its slot before this node stores) */
                known_lo = e->lo;
                known_hi = e->hi;
                erel = rel_of(&key, e->cut);
#ifdef STATS
                if (e->lo >= beta || e->lo == e->hi || e->hi <= alpha) st_ttcut++;
#endif
                if (answers(e, alpha, beta)) {
                    *rel = erel;
                    if (r) remember(r, code, e->lo, e->hi, erel);
                    return settled_value(e->lo, e->hi, beta);
                }
                if (e->lo > alpha) { alpha = e->lo; narrowed = 1; }
                if (e->hi < beta) { beta = e->hi; narrowed = 1; }
                tt_best = decode_best(&key, (int)e->best - 1);
            }
        }
        /* quick points bound the value: from below when side 0 leads, from above when side 1
         * does. After the table: most positions are settled there first, and an entry's proof
         * relies on fewer ranks, which makes wider partitions above (cutting on quick points
         * before the probe cost a double-deck deal 17% more nodes; working them out before it,
         * in the prefetch's shadow, saved no time) */
        int qlo = 0, qhi = rem;
        Rel qrel = 0;
        if (c->opts & OPT_QUICK) {
            int sure = quick_points(c, leader, &qrel);
            if (c->side[leader] == 0) qlo = sure;
            else qhi = rem - sure;
        }
#ifdef STATS
        if (c->opts & OPT_QUICK) {
            st_qcall++;
            if (qlo >= beta || qhi <= alpha) st_qcut++;
            else st_exp[c->side[leader] == 0]++;
        }
#endif
        if (qlo >= beta || qhi <= alpha) {
            /* when the entry narrowed the window, its proof joins in */
            *rel = narrowed ? qrel | erel : qrel;
            if (r) remember(r, code, qlo, qhi, *rel);
            return qlo >= beta ? qlo : qhi;
        }
        if ((c->opts & OPT_MASTER) && c->trump >= 0) {
            /* master trumps: a trump that no opposing seat can match or beat wins the
             * trick it falls on for its side, whenever it is played */
            int t = c->trump;
            unsigned side_pres[2] = {0, 0};
            uint64_t side_row[2] = {0, 0};  /* per side: its seats' copy counts of trumps */
            for (int s = 0; s < c->n; s++) {
                side_pres[c->side[s]] |= c->pres[s][t];
                side_row[c->side[s]] += cnt_row(c, s, t);
            }
            int got[2] = {0, 0};
            for (int sd = 0; sd < 2; sd++) {
                unsigned theirs = side_pres[1 - sd];
                uint64_t m = side_row[sd] & c->first[theirs ? lowbit(theirs) : 8];
                for (int v = 0; v < c->nvals && m; v++)
                    got[sd] += c->vals[v] * byte_sum(m & c->vmask[v][t]);
            }
            /* relied on: the other side's strongest trump (the masters are the stronger
             * levels); with no trump there, none: every trump is a master, and small cards
             * keep their points per seat. When the table's entry narrowed the window, its
             * proof joins in, as for quick points */
            int sd = got[0] >= beta ? 0 : rem - got[1] <= alpha ? 1 : -1;
            if (sd >= 0) {
                Rel mrel = 0;
                if (side_pres[1 - sd]) mark(&mrel, t * 8 + lowbit(side_pres[1 - sd]));
                *rel = narrowed ? mrel | erel : mrel;
                return sd == 0 ? got[0] : rem - got[1];
            }
        }
    }
    int player = c->seat_at[leader][tlen];
    unsigned lm[4];
    if (tlen) {
        /* what this seat may play, and whether it beats the trick, compare with the winner */
        int w = trick[wi], led = SUIT(trick[0]);
        /* a seat that must follow a ruffed lead cannot win: the trump's rank does not matter */
        if (SUIT(w) == led || c->rules.free_play || !c->rules.follow_suit || !c->pres[player][led])
            compared(c, player, w, rel);
        if (c->rules.head_after_ruff && SUIT(w) != led && c->pres[player][led]) {
            int target = -1;
            for (int i = 0; i < tlen; i++)
                if (SUIT(trick[i]) == led && (target < 0 || POS(trick[i]) < POS(target)))
                    target = trick[i];
            if (target >= 0) compared(c, player, target, rel);
        }
        int win_seat = c->seat_at[leader][wi];
        legal(c, player, trick, tlen, w, c->side[win_seat] == c->side[player], lm);
        uint32_t all = lm[0] | lm[1] << 8 | lm[2] << 16 | lm[3] << 24;
        if (all && !(all & (all - 1))) {
            /* one card to play (bit su * 8 + pos is card su * 8 + pos): no move list */
            Rel crel;
            int v = play(c, player, lowbit(all), leader, trick, tlen, wi, table, alpha, beta, rem,
                         &crel);
            *rel |= crel;
            return v;
        }
    }
    int maximise = c->side[player] == 0;
    int moves[NID];
    uint8_t tops[4][8];
    int m = gen_moves(c, player, leader, trick, tlen, wi, tt_best, moves, tops, tlen ? lm : NULL);
    int best = maximise ? -INF : INF, best_card = -1, cutoff = 0;
    Rel acc = 0, crel;
    uint8_t small_below[NID];  /* per searched move: see small_sibling */
    /* threads over one table: a move another is searching is left for a second pass */
    int defer = c->busy && m > 1 && c->held >= c->defer_floor, left[NID], nleft = 0;
    for (int pass = 0; pass < 2 && !cutoff; pass++) {
        int count = pass ? nleft : m;
        for (int j = 0; j < count; j++) {
            int i = pass ? left[j] : j, card = moves[i], v;
            if (small_sibling(c, moves, small_below, i)) { small_below[i] = 0xFF; continue; }
            uint64_t mc = 0;
            if (defer && !pass) {
                mc = move_code(c, player, card, leader, tlen);
                if (i > 0 && is_busy(c, mc)) {
                    left[nleft++] = i;
                    small_below[i] = 0xFF;  /* not searched yet: lends its result to none */
                    continue;
                }
                set_busy(c, mc);
            }
            v = play(c, player, card, leader, trick, tlen, wi, table, alpha, beta, rem, &crel);
            if (mc) clear_busy(c, mc);
            if (v == TIMEOUT_FLAG) return TIMEOUT_FLAG;
            /* 0xFF: lends its result to none */
            small_below[i] = (c->opts & OPT_SIBLING) ? rel_suit(crel | *rel, SUIT(card)) : 0xFF;
            if (maximise) {
                if (v > best) { best = v; best_card = card; if (v > alpha) alpha = v; }
            } else {
                if (v < best) { best = v; best_card = card; if (v < beta) beta = v; }
            }
            if (alpha >= beta) {
#ifdef STATS
                st_cut[tlen < 4 ? tlen : 3][i < 7 ? i : 7]++;
#endif
                cutoff = 1;
                if (i > 0) {
                    int8_t *kl = killer_slot(c, player, trick, tlen, c->seat_at[leader][wi]);
                    if (kl[0] != card) { kl[1] = kl[0]; kl[0] = (int8_t)card; }
                }
                /* the card that refutes is all the proof needs: what it relied on and, when
                 * it is of the winning card's suit, its own comparison with that card
                 * (whether it beats it decides both whether it may be played and who takes
                 * the trick); the comparisons that made the other cards legal or not do not
                 * matter */
                if (tlen && !c->rules.head_after_ruff && SUIT(card) == SUIT(trick[wi])) {
                    int w = trick[wi];
                    *rel = upto(SUIT(w), POS(card) < POS(w) ? POS(card) : POS(w));
                }
                *rel |= crel;
                break;
            }
            acc |= crel;
        }
    }
#ifdef STATS
    st_nodes[tlen < 4 ? tlen : 3][m < 7 ? m : 7]++;
    st_depth[c->size[leader] + (tlen ? 1 : 0) < 16 ? c->size[leader] + (tlen ? 1 : 0) : 15]++;
    if (!cutoff) st_all[tlen < 4 ? tlen : 3]++;
#endif
    if (narrowed) *rel |= erel;
    if (!cutoff) {
        *rel |= acc;
        /* every card was answered, equivalent ones through their group's searched card: a
         * group with a relied-on member is relied on down to that card */
        for (int changed = 1; changed;) {
            changed = 0;
            for (int i = 0; i < m; i++) {
                int su = SUIT(moves[i]), p = POS(moves[i]), top = tops[su][p];
                unsigned r = rel_suit(*rel, su);
                if (top < p && (r >> top & 1) && !(r >> p & 1)) {
                    *rel |= upto(su, p);
                    changed = 1;
                }
            }
        }
    }
    if (stored) {
        int lo = known_lo, hi = known_hi;
        tighten(best, a0, b0, &lo, &hi);
        /* the bounds the entry held, merged in, hold where erel does: the exact position
         * gets both; its partition gets this result alone when that partition is wider */
        unsigned own = cut_of(c, &key, *rel), cut = erel ? cut_of(c, &key, *rel | erel) : own;
        int8_t bm = (int8_t)(best_card >= 0 ? encode_best(&key, best_card) : -1);
        put(c, &key, 1, cut, lo, hi, bm, c->held);
        if (r) remember(r, code, lo, hi, *rel | erel);
        if (c->opts & OPT_PARTITION) {
            if (own != cut) {
                lo = 0, hi = rem;
                tighten(best, a0, b0, &lo, &hi);
                put(c, &key, 0, own, lo, hi, bm, c->held);
            } else if (cut != key.full) put(c, &key, 0, cut, lo, hi, bm, c->held);
        }
    }
    return best;
}
