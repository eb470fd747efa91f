"""The called partner (source 000, five players: "The bid winner declares trump and one card.
The first person that has this card ... is the bid winner's partner"): read from the hands as
dealt in every analysis, and, where nothing is passed, inferred from one seat's view.

The oracle lists every start table of the hidden cards of a small call-partner game
(``tests/data/five-hand-small.toml``, 40 cards) late in the play, replays the view's play on
each with the engine's legality, weights each as a shuffle deals the physical copies, and
names each deal's partner by the source's sentence read plainly; ``infer``'s partner shares and
``advise``'s exact values (plain minimax on each deal with its own partner) must equal it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from pinosolve import Game, IllegalPlay, PinosolveError, load_file, load_variant
from pinosolve.analysis.advice import advise
from pinosolve.analysis.hidden import infer
from pinosolve.analysis.view import View
from tests.generators import oracle_value
from tests.view_oracle import pbn

SMALL = Path(__file__).parent.parent / "data" / "five-hand-small.toml"


def first_holder(seats, declarer, hands, card):
    """The source's sentence: the first seat from the declarer's left that holds the card; the
    declarer himself if nobody else does."""
    k = seats.index(declarer)
    for step in range(1, len(seats)):
        seat = seats[(k + step) % len(seats)]
        if card in hands[seat]:
            return seat
    return declarer


def late_call_view(seed: int, left: int = 2):
    """A view from the first trick of the small game with every trick but ``left`` played, a
    random declarer, a viewer other than him, and a called card of which some copy has not
    been seen by the viewer (so that the partner may be in doubt). Returns the variant, the
    game, the hands as dealt, the view's keys but the seat and hand, and the viewer."""
    v = load_file(SMALL)
    rng = random.Random(seed)
    deal = v.random_deal(seed)
    declarer = rng.choice(v.seats)
    g = Game(v, deal, trump="SHDC"[seed % 4], leader=declarer, declarer=declarer,
             partner=declarer)
    start = {s: [str(c) for c in g.hand(s)] for s in v.seats}
    while len(g.hand(v.seats[0])) > left or g.trick:
        g.play(rng.choice(g.legal_moves()))
    play = [str(c) for t in g.to_record().play for c in t]
    me = rng.choice([s for s in v.seats if s != declarer])
    seen = Counter(start[me]) + Counter(play)
    unseen = sorted(c for c in set(str(x) for x in v.deck) if seen[c] < 2)
    call = rng.choice(unseen)
    return v, g, start, {"variant": v, "trump": g.trump.name, "leader": declarer,
                         "declarer": declarer, "called_card": call, "play": play}, me


def oracle(v, view, me):
    """Every consistent start table of the hidden cards: (hands, weight, partner)."""
    seats = list(v.seats)
    deck = Counter(str(c) for c in v.deck)
    mine = Counter(view["hand"])
    # who played what: the play replayed on the true deal
    played = {s: [] for s in seats}
    probe = Game(v, pbn(v, view["truth"]), trump=view["trump"], leader=view["leader"],
                 declarer=view["declarer"], partner=view["declarer"])
    for card in view["play"]:
        played[probe.to_move].append(card)
        probe.play(card)
    others = [s for s in seats if s != me]
    unknown = list((deck - mine - Counter(c for s in others for c in played[s])).elements())
    sizes = [v.rules.deal.hand_size - len(played[s]) for s in others]
    hidden = deck - mine
    out = {}

    def splits(cards, sizes):
        if not sizes:
            yield []
            return
        for group in itertools.combinations(range(len(cards)), sizes[0]):
            rest = [c for i, c in enumerate(cards) if i not in group]
            for tail in splits(rest, sizes[1:]):
                yield [[cards[i] for i in group], *tail]

    for split in splits(sorted(unknown), sizes):
        hands = {me: list(view["hand"])}
        for s, extra in zip(others, split):
            hands[s] = sorted(played[s] + extra)
        key = tuple(tuple(hands[s]) for s in others)
        if key in out:
            continue
        g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"],
                 declarer=view["declarer"], partner=view["declarer"])
        try:
            for card in view["play"]:
                g.play(card)
        except IllegalPlay:
            continue
        weight = 1
        for card, copies in hidden.items():
            left = copies
            for s in others:
                k = hands[s].count(card)
                weight *= comb(left, k)
                left -= k
        out[key] = (hands, weight,
                    first_holder(seats, view["declarer"], hands, view["called_card"]))
    return list(out.values())


@pytest.mark.parametrize("seed", range(4))
def test_partner_shares_equal_the_enumeration(seed):
    v, g, start, base, me = late_call_view(seed)
    view = {**base, "seat": me, "hand": start[me]}
    deals = oracle(v, {**view, "truth": start}, me)
    total = sum(w for _, w, _ in deals)
    want = Counter()
    for _, w, partner in deals:
        want[partner] += w
    got = infer(view)
    assert got.deals == len(deals)
    assert got.partner_shares is not None and str(got.called_card) == base["called_card"]
    assert set(got.partner_shares) == set(want), (got.partner_shares, want)
    for seat, w in want.items():
        assert got.partner_shares[seat] == pytest.approx(float(Fraction(w, total)), abs=1e-6)
    # each deal the view lists carries its own partner
    listed = Counter()
    for game, weight in View(view).every_deal(10**6):
        listed[game.partner] += weight
    assert {s: Fraction(w, sum(listed.values())) for s, w in listed.items()} == \
        {s: Fraction(w, total) for s, w in want.items()}


@pytest.mark.parametrize("seed", range(2))
def test_exact_advice_with_a_secret_partner_is_the_mean_of_plain_minimax(seed):
    v, g, start, base, _ = late_call_view(100 + seed)
    me = g.to_move
    view = {**base, "seat": me, "hand": start[me]}
    deals = oracle(v, {**view, "truth": start}, me)
    sums: Counter = Counter()
    total = 0
    for hands, weight, partner in deals:
        game = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"],
                    declarer=view["declarer"], partner=partner)
        for card in view["play"]:
            game.play(card)
        _, values = oracle_value(v, game)
        for card, value in values.items():
            sums[card] += weight * value
        total += weight
    got = advise(view, exact=True)
    assert {str(c): a.mean for c, a in got.by_card.items()} == \
        {c: round(s / total, 4) for c, s in sums.items()}


NO_PASS = "five-hand-call-no-pass"


def _dealt(vid, seed):
    from pinosolve.variants.variant import resolve

    v = resolve(None, vid) if vid == NO_PASS else load_variant(vid)
    deal = v.random_deal(seed)
    return v, deal, {s: [str(c) for c in h] for s, h in deal.items()}


@pytest.mark.parametrize("seed", range(4))
def test_every_analysis_reads_the_partner_from_the_hands_as_dealt(seed):
    """solve (Game), makeable, study and a record's Call name the source's partner; where the
    rules pass cards (five-hand-called_card: the called card face up and three more) makeable plays
    the deal after the pass the pass model makes, the called card among those passed."""
    from pinosolve.analysis.study import Spec, study_deal
    from pinosolve.records.read import read_record
    from pinosolve.scoring.makeable import makeable

    rng = random.Random(seed)
    v, deal, hands = _dealt(NO_PASS, seed)
    bidder = rng.choice(v.seats)
    call = rng.choice(sorted(set(str(c) for c in v.deck)))
    want = first_holder(v.seats, bidder, hands, call)
    g = Game(v, deal, trump="H", declarer=bidder, called_card=call)
    assert g.partner == want and str(g.called_card) == call
    assert Game(v, deal, trump="H", declarer=bidder, called_card=call, partner=want).partner \
        == want
    assert read_record(str(g.to_record())).to_game().partner == want
    made = makeable(v, deal, "H", bidder, 50, called_card=call, exact=False, timeout=0.2)
    assert made.seats == tuple(s for s in v.seats if s in (bidder, want))
    five, deal5, hands5 = _dealt("five-hand-call", seed)
    want5 = first_holder(five.seats, bidder, hands5, call)
    made5 = makeable(five, deal5, "H", bidder, 50, called_card=call, exact=False, timeout=0.2)
    assert made5.seats == tuple(s for s in five.seats if s in (bidder, want5))
    assert str(made5.called_card) == call
    if want5 != bidder:
        assert any(f"{want5} passes" in r and Card_symbol(call) in r.split("and")[0]
                   for r in made5.reasons), made5.reasons
    spec = Spec(five, seed=seed, trump="H", bidder=bidder, called_card=call, timeout=0.1)
    record = study_deal(spec, 0)
    dealt = {s: [str(c) for c in h] for s, h in
             five.parse_deal(record["deal"], full=True).items()}
    assert (record["called_card"], record["partner"]) == \
        (call, first_holder(five.seats, bidder, dealt, call))
    from pinosolve.variants.sides import card_to_call

    auto = study_deal(Spec(five, seed=seed, trump="H", bidder=bidder, called_card="auto",
                           timeout=0.1), 0)
    assert auto["called_card"] == str(card_to_call(five, five.parse_trump("H"),
                                                   five.parse_hand(" ".join(dealt[bidder]))))


def Card_symbol(text):
    from pinosolve import Card

    return Card.parse(text).symbol


def test_a_call_where_it_cannot_name_the_partner_is_one_line():
    v, deal, hands = _dealt(NO_PASS, 1)
    five, deal5, _ = _dealt("five-hand-call", 1)
    cases = [
        (lambda: Game(five, deal5, trump="H", declarer="1", called_card="AH"), "pass 4 cards"),
        (lambda: Game(v, deal, trump="H", declarer="1", called_card="AH",
                      partner=next(s for s in v.seats if s not in
                                   ("1", first_holder(v.seats, "1", hands, "AH")))),
         "but the called"),
        (lambda: Game(v, deal, trump="H", declarer="1", called_card="AH              junk"),
         "one card"),
        (lambda: Game(v, deal, trump="H", declarer="1", called_card="auto"), "is for study"),
        (lambda: Game(v, deal, trump="H", declarer="1", called_card=["AH"]), "one card"),
        (lambda: Game(v, deal, trump="H", called_card="AH"), "name the declarer"),
        (lambda: Game(v, deal, trump="H", declarer="1", called_card="9H"), "not a card"),
        (lambda: Game(v, deal, trump="H", declarer="1", called_card=7), "one card"),
        (lambda: Game("four-hand", load_variant("four-hand").random_deal(1), trump="H",
                      called_card="AH"), "no called partner"),
        (lambda: View({"variant": five, "trump": "H", "seat": "2", "hand": deal5["2"],
                       "declarer": "1", "called_card": "AH"}), "every seat knows him"),
        (lambda: advise({"variant": v, "trump": "H", "seat": "1", "hand": deal["1"],
                         "leader": "1", "declarer": "1", "called_card": "AH"}, bid=50, meld=10),
         "the side is not known"),
    ]
    g = Game(v, deal, trump="H", declarer="1", leader="1", partner="1")
    g.play(g.legal_moves()[0])
    cases.append((lambda: Game(v, "1:" + " ".join(g.hand(s).dotted() for s in v.seats),
                               trump="H", declarer="1", called_card="AH", leader="2"),
                  "hands as dealt"))
    for make, words in cases:
        with pytest.raises(PinosolveError, match=words):
            make()


def test_a_record_whose_partner_the_call_contradicts_is_refused():
    from pinosolve.records.read import read_record

    v, deal, hands = _dealt(NO_PASS, 2)
    call = "AS"
    want = first_holder(v.seats, "1", hands, call)
    wrong = next(s for s in v.seats if s not in ("1", want))
    text = str(Game(v, deal, trump="S", declarer="1", called_card=call).to_record())
    assert '[CalledCard "AS"]' in text and "[Partner" not in text
    with pytest.raises(PinosolveError, match=f"Partner: {wrong}, but the called"):
        read_record(text.replace('[CalledCard "AS"]', f'[CalledCard "AS"]\n[Partner "{wrong}"]'))
    view = read_record(text.replace("[Play", '[Seat "3"]\n[Play')).view_input()
    assert view["called_card"] == "AS" and "partner" not in view


def test_the_command_line_takes_call(cli):
    v, deal, hands = _dealt(NO_PASS, 3)
    want = first_holder(v.seats, "2", hands, "KD")
    text = "1:" + " ".join(deal[s].dotted() for s in v.seats)
    got = cli("solve", "--rules", NO_PASS, "--deal", text, "--trump", "D", "--bidder", "2",
              "--leader", "2", "--called-card", "KD", "--timeout", "0.2", "--value-only", "--json")
    assert got.code == 0, got.err
    import json

    seats = json.loads(got.out)["seats"]  # the side to move: the leader's (the bidder's)
    assert set(seats) == {"2", want} and json.loads(got.out)["to_move"] == "2"
    line = json.dumps({"rules": NO_PASS, "deal": text, "trump": "D", "bidder": "2",
                       "leader": "2",
                       "called_card": "KD", "timeout": 0.2, "value_only": True})
    batch = cli("solve", "--input", "-", stdin=line + "\n")
    assert batch.code == 0 and json.loads(batch.out.splitlines()[0])["seats"] == seats
    bad = cli("makeable", "--variant", "four-hand", "--deal",
              str(load_variant("four-hand").random_deal(1)), "--trump", "H", "--bidder", "N",
              "--bid", "30", "--called-card", "AH")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "no called partner" in bad.err


def test_score_and_game_read_the_partner_from_the_called_card(cli, tmp_path):
    """A record's CalledCard names the partner for score (and so for game) as for review."""
    import json

    v, deal, hands = _dealt(NO_PASS, 4)
    g = Game(v, deal, trump="H", declarer="1", leader="1", called_card="AH")
    rng = random.Random(4)
    while g.legal_moves():
        g.play(rng.choice(g.legal_moves()))
    path = tmp_path / "hand.pbn"
    path.write_text(str(g.to_record()).replace('[Contract "1 - H"]', '[Contract "1 50 H"]'))
    got = cli("score", "--record", str(path), "--json")
    assert got.code == 0, got.err
    bidding = next(s for s in json.loads(got.out)["sides"] if s["bidding"])
    assert set(bidding["seats"]) == {"1", first_holder(v.seats, "1", hands, "AH")}
