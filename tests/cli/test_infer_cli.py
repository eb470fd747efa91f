"""``pinosolve infer``: the table and JSON of a view, the facts in words, bad views in one
line (exit 2), a batch going on past a bad line, and the README's view."""

from __future__ import annotations

import json

import pytest

import pinosolve
from tests.generators import GONE, GONE4

VIEW = ["--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
        "QS 9S KD AH", "--leader", "N", "--play", "AS KH 9S JS TS", "--gone", GONE4]


def test_table_and_json_of_a_view(cli):
    run = cli("infer", *VIEW, "--json")
    assert run.code == 0, run.err
    got = run.json()
    want = pinosolve.infer({"variant": "four-hand", "trump": "S", "seat": "S",
                            "hand": "QS 9S KD AH", "leader": "N",
                            "play": "AS KH 9S JS TS", "gone": GONE4}).to_json()
    assert got == want
    assert got["by_seat"]["E"]["voids"] == ["S"] and got["to_move"] == "E"
    assert "E showed out of ♠ on trick 1 (K♥) [trick.follow_suit]" in \
        got["by_seat"]["E"]["reasons"]
    table = cli("infer", *VIEW)
    assert table.code == 0 and "consistent deals:" in table.out and "showed out" in table.out


def test_shown_meld_and_cards_passed_are_held(cli):
    run = cli("infer", *VIEW, "--shown", "W=KD QD", "--json")
    assert run.code == 0, run.err
    assert run.json()["by_seat"]["W"]["certain"] == ["KD", "QD"]
    # S passed N one A♥ and holds the other: N holds one, for certain
    passed = cli("infer", *VIEW, "--gave", "AH", "--json")
    assert passed.code == 0 and passed.json()["by_seat"]["N"]["certain"] == ["AH"]
    gave = cli("infer", "--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
               "QS 9S KD", "--leader", "N", "--play", "AS KH 9S", "--gave", "AH", "--gone",
               GONE, "--json")
    assert gave.code == 0, gave.err
    assert gave.json()["by_seat"]["N"]["certain"] == ["AH"]


def test_bad_views_are_one_line_and_exit_2(cli):
    base = dict(zip(VIEW[::2], VIEW[1::2]))
    for change in (["--seat", "Q"], ["--hand", "ZZ"], ["--trump", "X"],
                   ["--play", "AS KH 9S JS TS " + "AD " * 50],
                   ["--play", "AS KH KH"]):      # S, the viewer, holds no KH
        args = {**base, change[0]: change[1]}
        run = cli("infer", *[x for kv in args.items() for x in kv])
        assert run.code == 2 and run.out == "", change
        assert run.err.startswith("pinosolve: error:") and run.err.count("\n") == 1, change
    renege = cli("infer", "--variant", "four-hand", "--trump", "S", "--seat", "N", "--hand",
                 "AS KH 9D", "--leader", "W", "--play", "QS KH", "--gone", GONE)
    assert renege.code == 2 and "renege" in renege.err
    impossible = cli("infer", *VIEW, "--shown", "E=AS AS")
    assert impossible.code == 2 and "no deal explains" in impossible.err


def test_a_batch_goes_on_past_a_bad_line(cli):
    lines = [{"trump": "S", "seat": "S", "hand": "QS 9S KD AH", "leader": "N",
              "play": "AS KH", "gone": GONE4},
             {"trump": "S", "seat": "S", "hand": "QS 9S KD AH", "leader": "N",
              "play": "AS KH", "shown": {"E": "KS"}, "gone": GONE4},
             {"trump": "S", "seat": "S", "hand": "QS 9S KD AH", "leader": "N",
              "play": "AS KH", "shown": {"W": "KD"}, "gone": GONE4}]
    run = cli("infer", "--variant", "four-hand", "--input", "-",
              stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    assert run.code == 1
    out = run.lines()
    assert out[0]["by_seat"]["E"]["voids"] == ["S"]
    assert out[1]["line"] == 2 and "no deal explains" in out[1]["error"]
    assert out[2]["by_seat"]["W"]["certain"] == ["KD"]


def test_probe_findings_are_answered(cli):
    """Found by a probe of the command and API: each is now one clear answer."""
    import pytest

    from pinosolve import PinosolveError, View

    v = {"variant": "four-hand", "trump": "S", "seat": "S", "hand": "QS 9S KD AH",
         "leader": "N", "play": "AS KH", "gone": GONE4}
    for seed in ([1], True, -1, 1.5, "x", float("nan")):
        with pytest.raises(PinosolveError, match="seed"):
            View(v).sample(1, seed=seed)  # checked at the call, not on the first draw
    with pytest.raises(PinosolveError, match="did not hold"):
        pinosolve.infer({**v, "shown": {"S": "AS"}})
    assert pinosolve.infer({**v, "shown": {"S": "QS"}}).deals == pinosolve.infer(v).deals
    for bad, word in (({"shown": {"N": "KC", "n": "QC"}}, "twice"), ({"play": 0}, "cards"),
                      ({"gone": False}, "cards"), ({"kitty": "AS"}, "no kitty"),
                      ({"partner": "E"}, "fixed sides")):
        with pytest.raises(PinosolveError, match=word):
            pinosolve.infer({**v, **bad})
    # the declarer who took the kitty: its kitty cards in its hand or gone constrain nothing
    kitty = ["--variant", "three-hand-kitty", "--trump", "S", "--seat", "E", "--bidder", "E",
             "--hand", "AS 9S KD AH QC JC 9C TH KH QD JD 9H AD TD 9D", "--gone", "AC TC KC",
             "--json"]
    with_kitty = cli("infer", *kitty, "--kitty", "AD TD 9D")
    assert with_kitty.code == 0, with_kitty.err
    assert with_kitty.json()["deals"] == cli("infer", *kitty).json()["deals"]
    # N (the bidder) passed the A♠ back: S's partner holds for certain only K♠ Q♠ J♠
    passed = cli("infer", "--variant", "four-hand", "--trump", "S", "--seat", "S", "--bidder",
                 "N", "--hand", "AS 9S KD AH QC JC 9C TH KH QD JD 9H", "--gave",
                 "AS KS QS JS", "--received", "AS 9S KD AH", "--json")
    assert passed.json()["by_seat"]["N"]["certain"] == ["KS", "QS", "JS"]


def test_the_view_keys_of_the_issue_work_in_a_batch(cli):
    """A batch line gives the view by the issue's keys: declarer, shown, passed (the cards
    that went either way: those in the hand were received), kitty, gone."""
    line = {"trump": "S", "seat": "S", "declarer": "N", "leader": "N",
            "hand": "AS 9S KD AH QC JC 9C TH KH QD JD 9H", "play": "KS QH",
            "shown": {"W": "KC QC"}, "passed": "KS QS JS AH", "gone": ""}
    run = cli("infer", "--variant", "four-hand", "--input", "-", stdin=json.dumps(line) + "\n")
    assert run.code == 0, run.out
    got = run.lines()[0]
    # K♠ was played by N; Q♠ J♠ went to N (not in S's hand); A♥ came from N (in S's hand)
    assert got["by_seat"]["N"]["certain"] == ["QS", "JS"]
    assert got["by_seat"]["W"]["certain"] == ["KC", "QC"]
    both = cli("infer", "--variant", "four-hand", "--input", "-",
               stdin=json.dumps({**line, "gave": "QS"}) + "\n")
    assert both.code == 1 and "once" in both.lines()[0]["error"]


WITNESS_VIEW = ["--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
                "AS 9S KD AH QC JC 9C TH KH QD JD 9H", "--leader", "N", "--play",
                "KS QH AS JS KD QD 9D TD"]


def test_a_witness_from_the_command_line_and_in_a_batch(cli):
    """A "may" shown by one deal (reproducible from its seed), a "cannot" (E showed out of
    spades) proved by none, in a table, in JSON and in a batch line."""
    run = cli("infer", *WITNESS_VIEW, "--witness", "W:TS", "--seed", "4", "--json")
    answer = json.loads(run.out)
    assert run.code == 0 and answer["exists"] and answer["seed"] == 4, run
    assert answer["holds"] == [{"seat": "W", "card": "TS"}]
    assert 0 < answer["deals_holding"] < answer["deals"]
    again = json.loads(cli("infer", *WITNESS_VIEW, "--witness", "W:TS", "--seed", "4",
                           "--json").out)
    assert again == answer
    run = cli("infer", *WITNESS_VIEW, "--witness", "E:TS")
    assert run.code == 0 and "no consistent deal gives E holding 10♠" in run.out, run
    lines = '{"witness": "E:TS"}\n{"witness": "W:TS and W:TS", "seed": 1}\n{"witness": "X"}\n'
    run = cli("infer", *WITNESS_VIEW, "--input", "-", stdin=lines)
    out = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 1 and not out[0]["exists"] and out[1]["seed"] == 1, run
    assert "not SEAT:CARD" in out[2]["error"]
    run = cli("infer", *WITNESS_VIEW, "--seed", "4")
    assert run.code == 2 and "give --witness" in run.err, run


def test_a_none_shows_its_proof_in_the_table_and_the_json(cli):
    """The proof --help promises: the same in the table and in the JSON (and a batch line),
    typed as the schema says."""
    from jsonschema import Draft202012Validator

    from pinosolve.schemas import command_schema

    table = cli("infer", *WITNESS_VIEW, "--witness", "E:TS")
    run = cli("infer", *WITNESS_VIEW, "--witness", "E:TS", "--json")
    proof = run.json()["proof"]
    assert run.code == 0 and proof["contradiction"] == "card" and proof["seats"] == ["E"], run
    assert proof["limits"] == [{"card": "TS", "hidden": 2, "least": 1, "most": 0}]
    assert {"seat": "E", "card": "TS", "least": 1, "most": 0, "asked": True} in \
        proof["ranges"]
    assert proof["text"] in table.out and proof["text"].startswith("E would hold a 10♠ now")
    assert all(r in table.out for r in proof["reasons"]) and "showed out of" in table.out
    assert proof["others"] == [] and "can hold none (E showed out of ♠" in proof["text"]
    batch = cli("infer", *WITNESS_VIEW, "--input", "-", stdin='{"witness": "E:TS"}\n')
    assert batch.lines()[0]["proof"] == proof
    Draft202012Validator(command_schema("infer")).validate(run.json())


SPADES = ("--variant", "four-hand", "--trump", "S", "--seat", "S", "--leader", "N")


@pytest.mark.parametrize("hand, ask, says, seats", [
    ("AS AS 9S KD AH QC JC 9C TH KH QD JD", "E:AS",
     "E would hold an A♠ now (asked), but no A♠ is hidden from S: S holds both", ["E"]),
    ("AS 9S 9S KD AH QC JC 9C TH KH QD JD", "E:AS and W:AS",
     "E and W would hold 2 x A♠ between them now (asked), but only 1 is hidden from S "
     "(S holds the other)", ["E", "W"]),
    ("AS 9S 9S KD AH QC JC 9C TH KH QD JD", "E:9S and W:9S and N:9S",
     "N would hold a 9♠ now (asked), but no 9♠ is hidden from S: S holds both", ["N"]),
    ("AS 9S 9S KD AH QC JC 9C TH KH QD JD", "E:AS and E:AS",
     "E would hold 2 x A♠ now (asked), but only 1 is hidden from S (S holds the other)",
     ["E"])])
def test_a_proof_names_the_seats_asked_and_what_hides_the_cards(cli, hand, ask, says, seats):
    """The proof is about the seats asked, in numbers a player checks: the copies they
    would hold and the copies hidden (where the others are), never another seat's "at
    most -1"."""
    run = cli("infer", *SPADES, "--hand", hand, "--witness", ask, "--json")
    proof = run.json()["proof"]
    assert run.code == 0 and proof["text"] == says and proof["seats"] == seats, run
    assert proof["others"] == [] and min(x["most"] for x in proof["limits"]) >= 0, proof
    assert says in cli("infer", *SPADES, "--hand", hand, "--witness", ask).out


MID_VIEW = {"variant": "four-hand", "trump": "S", "seat": "N",
            "hand": "AS AS TS KS QS JS AH TH KH AD TD AC", "leader": "N",
            "play": "AH 9H QH JH AD 9D KD QD"}
MID = ["--variant", "four-hand", "--trump", "S", "--seat", "N", "--hand", MID_VIEW["hand"],
       "--leader", "N", "--play", MID_VIEW["play"]]


def test_holding_shares_weighted_by_a_model_are_the_librarys(cli):
    from pinosolve.analysis.hidden import infer

    run = cli("infer", *MID, "--shares", "40", "--seed", "2", "--model", "fitted", "--json")
    assert run.code == 0, run.err
    got = run.json()
    assert got == infer(MID_VIEW, 40, 2, "fitted").to_json()
    assert got["model"] == "fitted" and 1 <= got["effective"] <= 320
    plain = cli("infer", *MID, "--shares", "40", "--seed", "2", "--json").json()
    assert "model" not in plain
    # (the weights move the shares: a model of zero weights draws the same candidates)
    from pinosolve.analysis.model import FEATURES, PlayModel

    flat = PlayModel("flat", (0.0,) * len(FEATURES), (0.0,) * len(FEATURES))
    assert infer(MID_VIEW, 40, 2, flat).to_json()["holding_shares"] != got["holding_shares"]
    for seat, held in got["holding_shares"].items():  # (shares of 40 draws)
        assert all(abs(x * 40 - round(x * 40)) < 1e-6 for x in held.values()), seat
    text = cli("infer", *MID, "--shares", "40", "--seed", "2", "--model", "rules")
    assert text.code == 0 and "model rules" in text.out
    bad = cli("infer", *MID, "--model", "fitted")
    assert bad.code == 2 and "--shares" in bad.err and bad.err.count("\n") == 1
    bad = cli("infer", *MID, "--shares", "4", "--model", "nope")
    assert bad.code == 2 and "not a model" in bad.err and bad.err.count("\n") == 1
