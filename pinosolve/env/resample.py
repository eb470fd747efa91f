"""A state drawn from what one seat knows: ``resample(state, player, rng)``.

The hidden cards (every other seat's hand as dealt, an unseen kitty or widow, the stock's
face-down cards in draw order) are drawn as a shuffle would deal them, given what the seat
saw: its own hand, the turned card, a kitty shown, its own draws. The hands come from
pinosolve's exact table of consistent deals (``pinosolve.analysis.deals.DealTable``: each
deal as often as the shuffles that make it), within bounds every consistent deal meets (a
seat holds at least the copies it showed or played that it cannot have been given), and the
rest of the hidden cards are shuffled into their places. The round is then replayed with
the same decisions but the passes and lay-aways the seat did not see, which are chosen
afresh (uniformly over the cards the seat could give): a deal under which a decision was
illegal, or under which the seat would have seen anything else (its information state
differs), is drawn again. So the draws are uniform over the consistent deals as a shuffle
weights them, exactly, the unseen passes taken as uniform choices.

>>> import random, pyspiel, pinosolve.env
>>> game = pyspiel.load_game("pinochle", {"rules": "tiny"})
>>> state = game.new_initial_state()
>>> for a in (0, 1, 4, 5, 6):   # N: AS KS, S: AD KD, AC turned
...     state.apply_action(a)
>>> other = resample(state, 0, random.Random(1))
>>> other.information_state_string(0) == state.information_state_string(0)
True
"""

from __future__ import annotations

import random
from typing import Any

from pinosolve.analysis.deals import DealTable
from pinosolve.cards import NUM_CARDS
from pinosolve.env.game import EnvError

TRIES = 20000  # deals drawn at most before giving up (a view the replay never meets)
SECONDS = 20.0  # and the most time spent drawing them


class _Holders:
    """What ``DealTable`` reads of a view: the seats that hold hidden cards, their hand
    size, the cards left out of the hands, the hidden copies of each card."""

    def __init__(self, holders: list[int], hand_size: int, out: int, hidden: list[int]) -> None:
        self.holders, self.hand_size, self.out, self.hidden = holders, hand_size, out, hidden
        self.kinds = [k for k in range(NUM_CARDS) if hidden[k] > 0]


def resample(state: Any, player: int, rng: random.Random) -> Any:
    """A state ``player`` cannot tell from ``state``, drawn as the module says
    (``EnvError`` at a chance node of the deal, or when no deal is found)."""
    game = state.get_game()
    if state.table is None:
        raise EnvError("pinochle: resample after the deal (the hands are still being dealt)")
    known = state.information_state_string(player)
    table = _bounds(state, player)
    actions = [pa.action for pa in state.full_history() if pa.player != -1]
    deal_cards = sum(size for _, size in game.groups)
    melds = [text for _, _, text in state.melds]
    timeline = _timeline(state, player) if game.stock else None
    start = _start_table(state, player)
    forced: list[list[str]] = []
    import time

    give_up = time.monotonic() + SECONDS
    for _ in range(TRIES):
        if time.monotonic() > give_up:
            break
        if start is not None:
            deal, forced = _draw_start(state, player, start, rng)
            stock: list[int] = []
        else:
            deal, stock = _draw(state, player, table, rng)
        if timeline is not None and not _fits(timeline, deal[1 - player], stock, game):
            continue
        other = game.new_initial_state()
        for seat_cards in deal:
            for a in seat_cards:
                other.apply_action(a)
        if _replay(other, actions, stock, player, rng, melds, not state.is_chance_node(),
                   forced, len(state.table.passes) if state.chosen else -1) and \
                other.information_state_string(player) == known:
            return other
    raise EnvError(f"pinochle: no deal consistent with seat {player}'s view found in "
                   f"{TRIES} draws or {SECONDS:.0f} s (of the {deal_cards} cards dealt)")


def _bounds(state: Any, player: int) -> DealTable:
    """The deal table of the hidden hands (a kitty every seat saw taken out)."""
    v, a = state.get_game().variant, state.get_game().actions
    seats = list(range(len(v.seats)))
    deck = list(v.deck.counts)
    hidden = list(deck)
    for t in state.hands[player]:
        hidden[a.card_index(t)] -= 1
    if state.turned is not None:
        hidden[a.card_index(state.turned)] -= 1
    lo = {h: [0] * NUM_CARDS for h in [*seats, -1]}
    pile_known = _pile_known(state)
    if pile_known is not None:
        for k, n in enumerate(pile_known):
            hidden[k] -= n
    for _, p, card, seen in state.drawn:  # (stock: the seat's own draws are its to know)
        if p == player and not seen:
            hidden[card] -= 1
    holders = [s for s in seats if s != player]
    out = sum(hidden) - v.rules.deal.hand_size * len(holders)
    hi = {h: [min(deck[k], hidden[k]) for k in range(NUM_CARDS)] for h in [*seats, -1]}
    for s, (low, high) in _play_bounds(state, player).items():
        lo[s] = [min(x, hidden[k]) for k, x in enumerate(low)]
        hi[s] = [min(x, hidden[k]) for k, x in enumerate(high)]
    for s in holders:
        for k, n in enumerate(_revealed(state, s, player)):
            lo[s][k] = max(lo[s][k], min(n, hidden[k]))
    view: Any = _Holders(holders, v.rules.deal.hand_size, out, hidden)
    return DealTable(view, lo, hi)


def _start_table(state: Any, player: int) -> Any:
    """For a seat in trick play that saw neither pass of the other side (the defenders of
    four-hand): the table of consistent deals as play began (pinosolve's bounds: the cards
    shown, played, and each card's duties), from which the hands are drawn before the
    passes that made them; None elsewhere."""
    t, v = state.table, state.get_game().variant
    me = v.seats[player]
    if state.get_game().stock or t.game is None or len(t.passes) != 2 or \
            any(me in (g, r) for g, r, _ in t.passes) or t.kitty is not None or \
            v.rules.passing.called_card_passed:
        return None
    found = _view_bounds(state, player)
    return None if found is None else DealTable(*found)


def _view_bounds(state: Any, player: int) -> Any:
    """``player``'s view in trick play (``pinosolve.analysis.view.View``, as the players'
    advice reads it) and its bounds on each seat's cards as play began (the cards shown and
    played, and each card's duties); None for a view those bounds do not take."""
    from pinosolve.analysis.constraints import bounds_of
    from pinosolve.analysis.view import View
    from pinosolve.errors import PinosolveError
    from pinosolve.players.pimc import ADVICE_KEYS

    seen = state.table.view(state.get_game().variant.seats[player])
    given = {k: seen[k] for k in ADVICE_KEYS if k in seen}
    if "partner" in given:
        given.pop("called_card", None)
    try:
        view = View(given)
        lo, hi, _, _ = bounds_of(view, len(view.events))
    except PinosolveError:
        return None
    return view, lo, hi


def _draw_start(state: Any, player: int, start: DealTable, rng: random.Random
                ) -> tuple[list[list[int]], list[list[str]]]:
    """A deal drawn from the hands as play began (``_start_table``): the passes drawn
    uniformly from what each receiver held as play began, and undone."""
    from pinosolve.cards import Card

    game, t = state.get_game(), state.table
    v, a = game.variant, game.actions
    drawn = start.draw(rng)
    (giver, receiver, _), _ = t.passes
    p, b = v.seats.index(giver), v.seats.index(receiver)
    k = v.rules.passing.cards
    held = {s: [c for c, n in enumerate(drawn[s]) for _ in range(n)] for s in drawn if s >= 0}
    to_bidder = rng.sample(held[b], k)   # (what the partner gave: with the bidder now)
    back = rng.sample(held[p], k)        # (what the bidder gave back: with the partner now)
    for c in to_bidder:
        held[b].remove(c)
    for c in back:
        held[p].remove(c)
    held[b] += back
    held[p] += to_bidder
    hands = {s: [a.card_action(c) for c in cards] for s, cards in held.items()}
    hands[player] = list(state.hands[player])
    deal = [sorted(hands[s]) for s, _ in game.groups if s >= 0]
    if state.turned is not None:
        deal.append([state.turned])
    texts = [[str(Card.from_index(c)) for c in to_bidder], [str(Card.from_index(c))
                                                            for c in back]]
    return deal, texts


def _timeline(state: Any, player: int) -> list[tuple[str, int]]:
    """The stock stage as ``player`` saw it: ``("draw", n)`` for the other's n-th face-down
    card drawn (its place in the stock), ``("gone", card)`` for each card the other played
    or melded from its hand (by ``Card.index``), in order, until the stock is drawn out."""
    from pinosolve.cards import Card

    game = state.get_game()
    name = game.variant.seats[1 - player]
    out: list[tuple[str, int]] = []
    draws = 0
    for event in state.logs[player]:
        if event.startswith("draw:"):
            if event == "draw:?":
                out.append(("draw", draws))
            draws += 1
            if draws >= game.variant.rules.deal.kitty - 1:
                break
            continue
        parts = event.split(":", 2)
        if len(parts) < 3 or parts[0] != name or parts[1] not in ("play", "meld"):
            continue
        for word in parts[2].replace(";", " ").split():
            if not word.startswith("table:") and word != "exchange":
                out.append(("gone", Card.parse(word).index))
    return out


def _fits(timeline: list[tuple[str, int]], hand: list[int], stock: list[int],
          game: Any) -> bool:
    """Whether the other seat, dealt ``hand`` (card actions) and drawing from ``stock``
    (face-down cards in draw order), held each card it played or melded when it did."""
    held = [0] * NUM_CARDS
    for t in hand:
        held[game.actions.card_index(t)] += 1
    for what, x in timeline:
        if what == "draw":
            held[stock[x]] += 1
        else:
            held[x] -= 1
            if held[x] < 0:
                return False
    return True


def _stock_revealed(state: Any, seat: int, player: int) -> list[int]:
    """In the stock stage, the copies of each card ``seat`` (the other) must have been
    dealt: each card it played or melded from its hand, by the time it did, less the cards
    it had drawn by then (``_timeline``)."""
    shown, low = [0] * NUM_CARDS, [0] * NUM_CARDS
    drawn = 0
    for what, x in _timeline(state, player):
        if what == "draw":
            drawn += 1
        else:
            shown[x] += 1
            low[x] = max(low[x], shown[x] - drawn)
    return low


def _play_bounds(state: Any, player: int) -> dict[int, tuple[list[int], list[int]]]:
    """In trick play, pinosolve's bounds on the hands as play began
    (``pinosolve.analysis.constraints``: the cards shown, played, and the duties each card
    played met), carried back to the hands as dealt for each seat whose cards changed in
    between (kitty, lay-away, passes) only in ways ``player`` saw; {} before play."""
    t, v = state.table, state.get_game().variant
    if state.get_game().stock or t.game is None:
        return {}
    me = v.seats[player]
    found = _view_bounds(state, player)
    if found is None:
        return {}
    _, lo, hi = found
    out: dict[int, tuple[list[int], list[int]]] = {}
    for s, name in enumerate(v.seats):
        if name == me or s not in lo:
            continue
        change = _change(t, v, name, me)
        if change is None:
            continue
        gain, loss = change  # (as play began = dealt + gain - loss)
        out[s] = ([max(0, x - g + y) for x, g, y in zip(lo[s], gain, loss)],
                  [max(0, x - g + y) for x, g, y in zip(hi[s], gain, loss)])
    return out


def _change(t: Any, v: Any, name: str, me: str) -> Any:
    """The cards ``name`` gained and lost between the deal and the first lead, where ``me``
    saw them all (None where it did not)."""
    gain, loss = [0] * NUM_CARDS, [0] * NUM_CARDS
    if name == t.bidder and t.kitty is not None and v.rules.deal.bidder_takes_kitty:
        gain = list(t.kitty.counts)
        if v.rules.deal.bidder_discards:
            return None  # (the cards laid away: the bidder's own secret)
    for g, r, h in t.passes:
        if name not in (g, r):
            continue
        if me not in (g, r):
            return None
        side = gain if r == name else loss
        for k, n in enumerate(h.counts):
            side[k] += n
    return gain, loss


def _pile_known(state: Any) -> Any:
    """The kitty's copies by card where every seat has seen it, else None."""
    t, v = state.table, state.get_game().variant
    if getattr(t, "kitty", None) is not None and v.rules.deal.bidder_takes_kitty and \
            getattr(t, "bidder", None) is not None:
        return list(t.kitty.counts)
    return None


def _revealed(state: Any, seat: int, player: int) -> list[int]:
    """Copies of each card ``seat`` must have been dealt, by what ``player`` saw: the cards
    it showed, played or passed to ``player``, less any it may have been given since."""
    game = state.get_game()
    v = game.variant
    t = state.table
    name = v.seats[seat]
    seen = [0] * NUM_CARDS
    given = [0] * NUM_CARDS
    if game.stock:
        return _stock_revealed(state, seat, player)
    for s, h in t.shown.items():
        if s == name:
            seen = list(h.counts)
    if t.game is not None:
        played = [0] * NUM_CARDS
        for tr in t.game.tricks:
            for j, c in enumerate(tr.cards):
                if v.seats[(v.seats.index(tr.leader) + j) % len(v.seats)] == name:
                    played[c.index] += 1
        n = len(v.seats)
        at = v.seats.index(t.game.leader)
        for j, c in enumerate(t.game.trick):
            if v.seats[(at + j) % n] == name:
                played[c.index] += 1
        seen = [max(x, y) for x, y in zip(seen, played)]
    me = v.seats[player]
    for g, r, h in t.passes:
        if g == name and r == me:  # (in its hand as well as what it showed and played)
            seen = [x + y for x, y in zip(seen, h.counts)]
        if r == name:  # (a pass it received: any card, up to the pass, unless seen)
            extra = h.counts if g == me else [v.rules.passing.cards] * NUM_CARDS
            given = [x + y for x, y in zip(given, extra)]
    if name == t.bidder and t.kitty is not None and v.rules.deal.bidder_takes_kitty:
        given = [x + y for x, y in zip(given, t.kitty.counts)]
    return [max(0, x - y) for x, y in zip(seen, given)]


def _draw(state: Any, player: int, table: DealTable, rng: random.Random
          ) -> tuple[list[list[int]], list[int]]:
    """One candidate: the deal as chance actions (each group in deck order), and for a
    stock game the stock's face-down cards in draw order (by ``Card.index``)."""
    game = state.get_game()
    a = game.actions
    drawn = table.draw(rng)
    hands: dict[int, list[int]] = {}
    for h, counts in drawn.items():
        hands[h] = [a.card_action(k) for k, n in enumerate(counts) for _ in range(n)]
    hands[player] = list(state.hands[player])
    deal = [sorted(hands[s]) for s, _ in game.groups if s >= 0]
    if state.turned is not None:
        deal.append([state.turned])
    stock: list[int] = []
    if game.stock:
        pile = [k for k, n in enumerate(drawn[-1]) for _ in range(n)]
        rng.shuffle(pile)
        order = []
        mine = [card for _, p, card, seen in state.drawn if p == player and not seen]
        who = [p for _, p, _, seen in state.drawn if not seen]
        for p in who:
            order.append(mine.pop(0) if p == player else pile.pop())
        stock = order + pile
    return deal, stock


def _replay(other: Any, actions: list[int], stock: list[int], player: int,
            rng: random.Random, melds: list[str], settle: bool = True,
            forced: Any = (), open_pass: int = -1) -> bool:
    """Replay the decisions at ``other`` (its deal made), drawing ``stock`` in order at each
    chance node; a pass or a lay-away ``player`` did not see is chosen afresh, uniformly
    over the cards the seat may give; a stock meld is the same meld (``melds``, in order),
    whatever its rank among the choices; ``settle``: the draws after the last decision too;
    ``forced``: the cards of each unseen pass, in order, where they are drawn already;
    ``open_pass``: the number of the pass being chosen, unseen by its receiver yet (-1: none).
    False where a decision is illegal."""
    a = other.get_game().actions
    seats = other.get_game().variant.seats
    start = len(other.table.pos.stock) if stock else 0
    plan: list[str] = []
    laid = iter(melds)
    passes = iter(forced)
    for action in [*actions, None]:
        while other.is_chance_node() and (action is not None or settle):
            at = start - len(other.table.pos.stock) + len(other.draws)  # (face-down drawn)
            if at >= len(stock):
                return False
            outcome = a.card_action(stock[at])
            if outcome not in dict(other.chance_outcomes()):
                return False
            other.apply_action(outcome)
        if action is None:
            return True
        if other.is_terminal():
            return False
        d = other.decision()
        if d is not None and d.count and seats.index(d.seat) != player and \
                (not _receives(other, d, player) or len(other.table.passes) == open_pass):
            if not other.chosen:  # (its cards in deck order, as the game takes them)
                plan = sorted(next(passes, []) or _fresh(d, rng),
                              key=lambda c: a.action_of("pass", c))
            action = a.action_of(d.kind, plan[len(other.chosen)])
        elif d is not None and d.kind == "meld" and a.stock:
            text = next(laid, None)
            if text not in d.choices:
                return False
            action = a.action_of("meld", text, d.choices)
        if action not in other.legal_actions():
            return False
        other.apply_action(action)
    return True


def _receives(state: Any, d: Any, player: int) -> bool:
    """Whether ``player`` gets the cards of pass ``d`` (and so saw them)."""
    if d.kind != "pass":
        return False
    _, receiver = state.table._pass_seats()
    return bool(state.get_game().variant.seats.index(receiver) == player)


def _fresh(d: Any, rng: random.Random) -> list[str]:
    """A pass or a lay-away drawn uniformly: the required cards, and the rest from the
    cards held (each copy alike)."""
    left = list(d.choices)
    for c in d.required:
        left.remove(c)
    return list(d.required) + rng.sample(left, d.count - len(d.required))
