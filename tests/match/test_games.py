"""Matches of whole games: the same deals at every seating, the running scores and the
winner checked against a plain sum of the boards, resuming, and the command line."""

from __future__ import annotations

import pytest

from pinosolve import load_variant
from pinosolve.errors import PinosolveError
from pinosolve.match.game import GAME_ROUNDS, unit_seats
from pinosolve.match.match import MatchSpec, play_deal, run_match
from pinosolve.match.seating import arrangements, dealer_of
from pinosolve.records.read import read_record
from pinosolve.scoring.round import score_units


def _by_seating(result):
    by = {}
    for b in result.boards:
        by.setdefault(b.seating, []).append(b)
    return by


@pytest.mark.parametrize("vid, game", [("two-hand", 0), ("four-hand", 1),
                                       ("three-hand-kitty", 2), ("four-hand-classic", 0)])
def test_a_game_is_the_same_deals_at_every_seating_until_a_side_goes_out(vid, game):
    """Round r of game g is deal g*GAME_ROUNDS + r, dealt in turn, at every seating; each
    seating's totals are the plain sum of its boards' scores, and the game ends at the
    first round where exactly one running score reaches the target (these variants break
    no tie here), which is its winner."""
    v = load_variant(vid)
    result, records = play_deal(MatchSpec(v, "rules", "rules", seed=7, games=True), game)
    by = _by_seating(result)
    assert list(by) == list(arrangements(v)) == [g.seating for g in result.games]
    deals = {}
    at = 0
    for g in result.games:
        boards = by[g.seating]
        assert g.rounds == len(boards)
        totals = {u: 0 for u in score_units(v)}
        for r, b in enumerate(boards):
            rec = read_record(records[at], vid)
            at += 1
            assert int(dict(rec.tags)["Index"]) == game * GAME_ROUNDS + r
            assert rec.dealer == dealer_of(v, game + r)
            assert deals.setdefault(r, b.deal) == b.deal  # the same cards at every seating
            for u in totals:
                totals[u] += b.scores[unit_seats(v, u)[0]]
            over = [u for u, x in totals.items() if x >= v.rules.scoring.game]
            if r < len(boards) - 1:
                assert not over or len(over) > 1, "the game went on after a side was out"
        assert totals == g.totals
        best = max(totals.values())
        over = [u for u, x in totals.items() if x >= v.rules.scoring.game]
        if len(over) == 1:
            assert g.winners == (over[0],) and totals[over[0]] == best


def test_the_game_difference_and_games_won():
    """The difference is the mean over the seatings of A's less B's points a deal; games
    won add up to the games where every seating has a winner."""
    spec = MatchSpec("two-hand", "rules", "random", seed=3, games=True)
    r = run_match(spec, 3, keep_differences=True)
    assert r.games == 3 and r.by_player["A"].games_won + r.by_player["B"].games_won == 3
    v = load_variant("two-hand")
    for k, d in enumerate(r.differences):
        result, _ = play_deal(spec, k)
        per = [sum(b.difference(v) for b in bs) / len(bs)
               for bs in _by_seating(result).values()]
        assert d == pytest.approx(round(sum(per) / len(per), 4))
    assert r.deals == sum(max(g.rounds for g in play_deal(spec, k)[0].games)
                          for k in range(3))


def test_a_match_of_games_resumes_and_is_not_a_match_of_deals(tmp_path):
    spec = MatchSpec("two-hand", "rules", "random", seed=5, games=True)
    whole = run_match(spec, 3, keep_differences=True)
    out = tmp_path / "g"
    run_match(spec, 2, out=str(out))
    lines = (out / "deals.jsonl").read_text().splitlines(keepends=True)
    (out / "deals.jsonl").write_text(lines[0] + lines[1][:50])  # a kill mid-line
    resumed = run_match(spec, 3, out=str(out), keep_differences=True)
    assert resumed.differences == whole.differences and resumed.games == 3
    with pytest.raises(PinosolveError, match="another match"):
        run_match(MatchSpec("two-hand", "rules", "random", seed=5), 2, out=str(out))


def test_games_refused_where_the_variant_has_none():
    with pytest.raises(PinosolveError, match="no game to play to"):
        MatchSpec("three-hand-auction", "rules", "random", games=True)
    with pytest.raises(PinosolveError, match="games: True or False"):
        MatchSpec("two-hand", "rules", "random", games=1)
    with pytest.raises(PinosolveError, match="past the last index"):
        run_match(MatchSpec("two-hand", "rules", "random", games=True), 1,
                  start=10**9 // GAME_ROUNDS)


def test_the_command_plays_games(cli):
    r = cli("match", "rules", "random", "--variant", "two-hand", "--games", "2")
    assert r.code == 0 and "2 games" in r.out and "games won" in r.out
    j = cli("match", "rules", "random", "--variant", "two-hand", "--games", "2",
            "--json").json()
    assert j["games"] == 2 and j["by_player"]["A"]["games_won"] >= 0
    for args, says in ((["--games", "2", "--deals", "2"], "--deals or --games"),
                       (["--games", "0"], "--games must be"),
                       (["--games", "1", "--variant", "three-hand-auction"], "no game")):
        r = cli("match", "rules", "random", *args,
                *([] if "--variant" in args else ["--variant", "two-hand"]))
        assert r.code == 2 and says in r.err and len(r.err.strip().splitlines()) == 1


def _meld_laid_variants():
    from pinosolve import variant_ids

    return [vid for vid in variant_ids()
            if load_variant(vid).rules.scoring.going_out == "meld-laid"]


@pytest.mark.parametrize("vid", _meld_laid_variants())
def test_where_meld_counts_as_laid_a_round_gives_each_meld_in_order(vid):
    """The facts a game takes hold each meld as it was laid (dix included), adding up to
    each seat's meld: so a meld that reaches the target takes its player out at once."""
    from pinosolve.match.board import play_round
    from pinosolve.players import make_player
    from pinosolve.variants.dealer import seeded_deal

    v = load_variant(vid)
    seen = 0
    for k in range(12):
        players = {s: make_player("random") for s in v.seats}
        _, facts = play_round(v, seeded_deal(v, 3, k), dealer_of(v, k), ("A", "B"), players,
                              {s: k for s in v.seats})
        order = facts.meld_order or ()
        for seat in v.seats:
            assert sum(p for s, p in order if s == seat) == facts.meld.get(seat, 0)
        seen += len(order)
    assert seen


def test_a_meld_laid_that_reaches_the_target_wins_at_once():
    """two-hand-24, seed 137, game 0, B at N: S is at 53 of 60 and lays 8 points of meld in
    the last round, so S is out at once, whatever N's tricks (a review found the game given
    to N by the tie-break, the meld order lost)."""
    v = load_variant("two-hand-24")
    result, _ = play_deal(MatchSpec(v, "random", "random", seed=137, games=True), 0)
    game = next(g for g in result.games if g.seating == ("B", "A"))
    assert game.winners == ("S",) and "with meld" in game.why


@pytest.mark.parametrize("tamper", [
    lambda g: g.update(winners=[u for u in g["totals"] if u not in g["winners"]]),
    lambda g: g.update(winners="NS"),
    lambda g: g.update(winners=[]),
    lambda g: g.update(winners=g["winners"] * 2),
    lambda g: g.update(rounds=str(g["rounds"])),
    lambda g: g.update(rounds=True),
    lambda g: g.update(totals=list(g["totals"].items())),
    lambda g: g.update(seating=list(g["seating"])),
])
def test_a_game_tampered_with_is_played_again(tmp_path, tamper):
    import json

    spec = MatchSpec("two-hand", "rules", "random", seed=5, games=True)
    out = tmp_path / "g"
    first = run_match(spec, 2, out=str(out))
    lines = [json.loads(x) for x in (out / "deals.jsonl").read_text().splitlines()]
    tamper(lines[1]["games"][0])
    (out / "deals.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    again = run_match(spec, 2, out=str(out))
    assert again.by_player["A"].games_won == first.by_player["A"].games_won
    kept = [json.loads(x) for x in (out / "deals.jsonl").read_text().splitlines()]
    assert kept[1]["games"] == json.loads(json.dumps(first_games(spec, 1)))


def first_games(spec, index):
    return [g.to_json() for g in play_deal(spec, index)[0].games]
