"""The generators and oracles the tests share: random positions and games of every
variant, the roles that fix who plays together, and the plain-minimax values
(``tests.dd_oracle``) that the searches are checked against. One home: a test module
imports them from here, never from another test module."""

from __future__ import annotations

import random
from pathlib import Path

import pinosolve
from pinosolve import Card, Game, Suit, load_file, load_variant
from pinosolve.play.driver import solve as _solve
from pinosolve.play.legality import legal_plays
from pinosolve.play.position import Position
from pinosolve.play.rules import PlayRules
from pinosolve.variants.variant import rules_dir, variant_ids
from tests import dd_oracle


def solve_any(*args, **kw):
    """``solve`` on positions as ``random_position`` draws them, whose trick may break the
    trick-play rules: the searches are compared on any state, which reaches more of them.
    ``solve``'s own refusal of such a trick is tested on its own."""
    kw.setdefault("check_trick", False)
    return _solve(*args, **kw)


FAMILIES = {
    # family: (variants (or example files), how many cards each player may hold at most)
    "two-hand": (["two-hand", "two-hand-57", "two-hand-1000", "examples/two-hand-57-trump-led",
                  "examples/two-hand-1000-ten-high"], 6),
    "three-hand": (["three-hand-kitty", "three-hand-auction"], 4),
    "four-hand": (["four-hand", "four-hand-classic", "trickster-classic", "trickster-modern",
                   "examples/trickster-head-trump-led", "examples/trickster-counters-a10kq"], 4),
    "double-deck": (["double-deck"], 4),
    "five-hand": (["five-hand-call"], 3),
}


def family_variant(ref: str):
    if ref.startswith("examples/"):
        return load_file(rules_dir() / f"{ref}.toml")
    return load_variant(ref)


def random_sides(v, rnd: random.Random) -> list[int]:
    n = len(v.seats)
    if v.rules.players.partnership == "fixed":
        names = list(v.rules.players.sides)
        return [next(i for i, s in enumerate(names) if seat in v.rules.players.sides[s])
                for seat in v.seats]
    if n == 2:
        return [0, 1]
    declarer = rnd.randrange(n)
    team = {declarer}
    if v.rules.players.partnership == "called-card":
        team.add(rnd.randrange(n))
    return [0 if i in team else 1 for i in range(n)]


def random_position(v, rnd: random.Random, max_cards: int):
    n = len(v.seats)
    deck = list(v.deck)
    rnd.shuffle(deck)
    m = rnd.randint(0, max_cards - 1)  # cards each player holds once this trick is over
    played = rnd.randint(0, n - 1)
    if m == 0 and played == 0:
        m = 1
    leader = rnd.randrange(n)
    hands = [[] for _ in range(n)]
    for k in range(n):
        seat = (leader + k) % n
        size = m if k < played else m + 1
        hands[seat] = [deck.pop().index for _ in range(size)]
    trick = [deck.pop().index for _ in range(played)]
    trump = rnd.randrange(4)
    return Position(hands, leader, trick, tuple(random_sides(v, rnd)), trump)


def random_legal_position(v, rnd: random.Random, max_cards: int):
    """``random_position``, but with the trick so far played by the rules: each card chosen
    at random among those its seat could play (the CLI refuses a trick that breaks them)."""
    pos = random_position(v, rnd, max_cards)
    rules = PlayRules.of(v)
    n = len(pos.hands)
    hands = [list(h) for h in pos.hands]
    for k, card in enumerate(pos.trick):
        hands[(pos.leader + k) % n].append(card)
    trick: list[int] = []
    for k in range(len(pos.trick)):
        seat = (pos.leader + k) % n
        winning = (pos.leader + rules.winner(trick, pos.trump)) % n if trick else seat
        legal, _ = legal_plays(rules, hands[seat], trick, pos.trump,
                               bool(trick) and pos.side[winning] == pos.side[seat])
        card = rnd.choice(legal)
        hands[seat].remove(card)
        trick.append(card)
    return Position(hands, pos.leader, trick, pos.side, pos.trump)


def random_obligations(rules: PlayRules, rnd: random.Random) -> PlayRules:
    """The rules with random trick-play obligations: every knob, including combinations no
    shipped variant sets."""
    import dataclasses

    trick = dataclasses.replace(
        rules.trick, follow_suit=rnd.random() < 0.85,
        head=rnd.choice(("always", "trump-led", "never")),
        trump_if_void=rnd.random() < 0.7, overtrump=rnd.random() < 0.6,
        trump_when_cannot_overtrump=rnd.random() < 0.5,
        head_after_ruff=rnd.random() < 0.4, partner_exempt=rnd.random() < 0.4)
    return dataclasses.replace(rules, trick=trick, free=rnd.random() < 0.1)


def oracle_values(v, pos):
    s = lambda c: str(Card.from_index(c))
    rules = v.rules
    strength = dd_oracle.strength_of(rules)
    points = dict(rules.points.cards)
    hands = [[s(c) for c in h] for h in pos.hands]
    trick = [s(c) for c in pos.trick]
    trump = "SHDC"[pos.trump]
    mover = pos.to_move
    side = [0 if pos.side[i] == pos.side[mover] else 1 for i in range(len(hands))]
    partner_winning = bool(trick) and side[
        (pos.leader + dd_oracle.trick_winner(trick, trump, strength)) % len(hands)] == 0
    legal = dd_oracle.legal(rules, hands[mover], trick, trump, strength, partner_winning)
    return {card: dd_oracle.play(rules, points, rules.points.last_trick, hands, pos.leader,
                                 trick, trump, side, strength, card) for card in legal}


def switch_runs() -> list[tuple[str, int]]:
    """The compiled core's options with each default technique switched off in turn, then
    with none on ("bare"), labelled: for the tests that every switch keeps every value."""
    from pinosolve.play import _core
    from pinosolve.play.core import SWITCHES

    runs = [(f"no {n}", _core.OPT_DEFAULT & ~getattr(_core, n)) for n in SWITCHES]
    return runs + [("bare", 0)]


def backends() -> list[str]:
    try:
        from pinosolve.play import _core  # noqa: F401
    except ImportError:
        return ["python"]
    return ["python", "c"]


VARIANTS = variant_ids() + ["tests/data/four-hand-partner-exempt.toml"]


def load_any(variant_id: str):
    return load_file(variant_id) if variant_id.endswith(".toml") else load_variant(variant_id)


def roles_of(v) -> dict:
    """Who plays together where the rules do not fix it: seat 2 bids, seat 4 is called."""
    kind, seats = v.rules.players.partnership, v.seats
    if kind == "fixed" or len(seats) == 2:
        return {}
    return {"declarer": seats[1], **({"partner": seats[3]} if kind == "called-card" else {})}


def new_game(v, seed: int) -> Game:
    return Game(v, v.random_deal(seed), trump=Suit(seed % 4), leader=v.seats[seed % len(v.seats)],
                **roles_of(v))


def ending(v, seed: int, tricks_left: int) -> Game:
    """A position reached by random legal play with ``tricks_left`` tricks (or fewer) to go,
    sometimes in the middle of a trick."""
    g = new_game(v, seed)
    rng = random.Random(1000 + seed)
    while max(len(g.hand(s)) for s in v.seats) > tricks_left:
        g.play(rng.choice(g.legal_moves()))
    for _ in range(rng.randrange(len(v.seats))):
        g.play(rng.choice(g.legal_moves()))
    return g


def oracle_value(v, g: Game) -> tuple[int, dict[str, int]]:
    """Plain minimax: the side to move's points from here, and each legal card's."""
    rules = v.rules
    strength = dd_oracle.strength_of(rules)
    mover = v.seats.index(g.to_move)
    side = [0 if g.sides[i] == g.sides[mover] else 1 for i in range(len(v.seats))]
    hands = [[str(c) for c in g.hand(s)] for s in v.seats]
    args = (rules, dict(rules.points.cards), rules.points.last_trick)
    lead = v.seats.index(g.leader)
    trick = [str(c) for c in g.trick]
    value = dd_oracle.minimax(*args, hands, lead, trick, g.trump.name, side, strength)
    cards = {str(c): dd_oracle.play(*args, hands, lead, trick, g.trump.name, side, strength,
                                    str(c)) for c in g.legal_moves()}
    return value, cards


# --- fixtures: hands, deals and figures several test modules use -------------------------

FULL_DEAL = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
# the cards gone in a four-hand ending where S holds QS 9S KD (for advise --exact)
GONE = ("AS TS KS QS JS JS 9S AH TH TH KH QH JH JH 9H 9H AD AD TD KD QD QD JD 9D "
        "AC AC TC TC KC KC QC QC JC JC 9C 9C")
PASS_HAND = "AH TH KH JH 9H AS AD AC KS QS QD 9C"


def gone_of(hand: str, hidden: str) -> str:
    """The four-hand cards gone in a view where the viewer holds ``hand`` and the other
    seats ``hidden`` (four-hand deals every card: the rest were seen in tricks before)."""
    from collections import Counter

    deck = Counter(a + s for s in "SHDC" for a in "ATKQJ9" for _ in range(2))
    return " ".join(sorted((deck - Counter(hand.split()) - Counter(hidden.split())).elements()))


# a four-hand ending where S holds QS 9S KD AH and the others 12 cards between them
GONE4 = gone_of("QS 9S KD AH", "AS TS JS KH QH JH 9H KD QD AH AC TC")

# each variant's figures from its rule text: source, players, deck, hand size, undealt cards,
# points in play, points for the last trick
EXPECTED = {
    "two-hand": ("000", 2, 48, 12, 24, 25, 1),
    "two-hand-57": ("002", 2, 48, 12, 24, 57, 1),
    "two-hand-1000": ("004", 2, 48, 12, 24, 250, 10),
    "three-hand-kitty": ("000", 3, 48, 15, 3, 25, 1),
    "three-hand-auction": ("004", 3, 48, 15, 3, 250, 10),
    "four-hand": ("000", 4, 48, 12, 0, 25, 1),
    "four-hand-classic": ("001", 4, 48, 12, 0, 250, 10),
    "trickster-classic": ("003", 4, 48, 12, 0, 250, 10),
    "trickster-modern": ("003", 4, 48, 12, 0, 25, 1),
    "trickster-three": ("003", 3, 48, 16, 0, 250, 10),
    "double-deck": ("000", 4, 80, 20, 0, 50, 2),
    "five-hand-call": ("000", 5, 80, 16, 0, 50, 2),
}


def bids_near(v, total: int, how_many: int = 3) -> list[int]:
    """The legal bids nearest the side's total, on both sides of it."""
    from pinosolve.scoring.bidding import value_problem

    legal = [b for b in range(v.rules.bidding.minimum, v.rules.bidding.minimum + 2000)
             if value_problem(v.rules.bidding, b) is None]
    below = [b for b in legal if b <= total][-how_many:]
    above = [b for b in legal if b > total][:how_many]
    return below + above


def toml_review(path: Path) -> tuple[dict, dict]:
    import tomllib

    from pinosolve.variants.variant import resolve

    data = tomllib.loads(path.read_text())
    v = resolve(data.get("variant"), data.get("rules"))
    position = dict(data["position"], variant=v)
    return position, pinosolve.review(position).to_json()


# the record format's documentation, whose examples the records tests run
RECORDS_DOC = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text()
