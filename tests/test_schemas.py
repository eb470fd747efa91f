"""Typed results: every command's JSON validates against the schema made from its result
types, the schema files are up to date, one key keeps one type, and the public API."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from jsonschema import Draft202012Validator

from pinosolve.schemas import BATCH, COMMANDS, command_schema, schema_files
from tests.conftest import ROOT
from tests.generators import FULL_DEAL, GONE, GONE4, PASS_HAND

# every form of each command's answer, with the options that ask for it
EXAMPLES = {
    "meld": [
        ["meld", "AC TC KC QC JC 9C JD KS QS", "--trump", "C", "--variant",
         "four-hand-classic"],
        ["meld", "AS KS QS", "--trump", "H", "--all", "--variant", "four-hand"],
        ["meld", "AH TH KH KH QH JH", "--trump", "H", "--variant", "four-hand-classic",
         "--compare", "trickster-classic"],
        ["meld", "KD QD", "--trump", "none", "--variant", "four-hand"],
        ["meld", "AS KS QS JS TS", "--all-trumps", "--variant", "four-hand"],
    ],
    "verify": [
        ["verify", "--trump", "H", "--hand", "AH TH KH QH JH", "--claim", "AH TH KH QH JH",
         "--claim", "KH QH", "--announced", "190", "--variant", "four-hand-classic"],
        ["verify", "--trump", "H", "--hand", "QS QS JD JD", "--claim", "QS JD", "--claim",
         "QS JD", "--variant", "two-hand-57"],
        ["verify", "--sequence", "puzzles/meld/14-second-pinochle-broken.toml"],
        ["verify", "--sequence", "puzzles/meld/17-dix-must-be-exchanged.toml"],
    ],
    "legal": [
        ["legal", "--trump", "S", "--hand", "AD 9D KS 9S QC", "--trick", "JD QC", "--variant",
         "four-hand"],
        ["legal", "--trump", "S", "--hand", "AD 9D", "--variant", "four-hand"],
    ],
    "score": [
        ["score", "--variant", "four-hand-classic", "--bidder", "N", "--bid", "340", "--meld",
         "N=40", "--meld", "S=30", "--meld", "E=60", "--meld", "W=20", "--throw-in"],
        ["score", "--variant", "three-hand-auction", "--bidder", "E", "--bid", "300", "--meld",
         "E=160", "--points", "N=60", "--points", "E=137", "--points", "W=53"],
        ["score", "--variant", "four-hand", "--input", "tests/data/round.json"],
    ],
    "game": [
        ["game", "puzzles/games/source001-bidder-goes-out.toml"],
        ["game", "puzzles/games/source000-two-hand-most-tricks.toml"],
    ],
    "bid": [
        ["bid", "--variant", "double-deck", "--auction", "50 55 58 60 65 70 pass 100 110"],
        ["bid", "--variant", "double-deck", "--auction", "50 61"],
        ["bid", "--variant", "four-hand", "--auction", "pass pass pass pass"],
        ["bid", "--variant", "four-hand", "--auction", "25 pass pass pass"],
    ],
    "pass": [
        ["pass", "--variant", "four-hand", "--trump", "H", "--hand", PASS_HAND, "--received",
         "QH KH JD QC", "--all"],
        ["pass", "--variant", "four-hand", "--trump", "H", "--hand", PASS_HAND,
         "--partner-hand", "QH KH JD QC 9S 9S TS TD TC JC JC 9D", "--received", "QH KH JD QC"],
    ],
    "makeable": [
        ["makeable", "--variant", "four-hand", "--trump", "S", "--bidder", "N", "--bid", "30",
         "--deal", FULL_DEAL],
    ],
    "show": [
        ["show", "AAT.K9..QJ", "--variant", "four-hand"],
        ["show", "--deal", "N:AK.T.QJ. 9.A.K. Q.J.T.A", "--variant", "three-hand-kitty"],
    ],
    "deal": [
        ["deal", "--variant", "two-hand", "--seed", "3"],
        ["deal", "--variant", "three-hand-kitty"],
        ["deal", "--variant", "four-hand", "--seed", str(2**64 - 1)],
    ],
    "solve": [
        ["solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
         "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."],
        ["solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
         "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "--value-only"],
        ["solve", "--variant", "five-hand-call", "--trump", "C", "--leader", "4", "--deal",
         "1:Q...J ..K.K .T..K .T.T. .K.Q.", "--declarer", "2", "--partner", "4"],
    ],
    "ddtable": [
        ["ddtable", "--variant", "four-hand", "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."],
        ["ddtable", "--variant", "three-hand-kitty", "--bidder", "E", "--deal",
         "N:AK.A.. T.K.A. Q.T.T.", "--threads", "2"],
    ],
    "review": [
        ["review", "--record", "tests/data/review-renege.toml"],
        ["review", "--record", "tests/data/review-contract.toml"],
    ],
    "infer": [
        ["infer", "--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
         "QS 9S KD AH", "--leader", "N", "--play", "AS KH 9S JS TS", "--gone", GONE4],
        ["infer", "--variant", "three-hand-kitty", "--trump", "S", "--seat", "N", "--bidder",
         "E", "--hand", "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH", "--leader", "E",
         "--play", "KH QH TH", "--shown", "W=KD QD"],
    ],
    "advise": [
        ["advise", "--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
         "QS 9S KD", "--leader", "N", "--play", "AS KH", "--exact", "--bid", "25",
         "--meld", "20", "--bidder", "N", "--gone", GONE],
        ["advise", "--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
         "QS 9S KD AH", "--leader", "N", "--play", "AS KH", "--samples", "5", "--seed", "1",
         "--timeout", "0.000001", "--gone", GONE4],
        ["advise", "--bidding", "--variant", "four-hand", "--seat", "N", "--hand",
         "AS AS TS KS QS JS 9S AH KH QD JC 9C", "--trump", "S", "--samples", "2", "--seed",
         "1", "--auction", "25 26 pass pass"],
    ],
    "play": [
        ["play", "--variant", "four-hand", "--seat", "S", "--seed", "1", "--answers", "25"],
        ["play", "--variant", "two-hand", "--seat", "N", "--seed", "2"],
    ],
    "match": [
        ["match", "rules", "random", "--variant", "two-hand", "--deals", "12", "--seed", "1",
         "--sprt", "0,5"],
    ],
}

# batch lines per command: a good line and bad ones (each answer must fit the schema)
BATCHES = {
    "meld": (["--variant", "four-hand"],
             [{"hand": "AS TS KS QS JS", "trump": "S"}, {"hand": "XS"},
              {"hand": "KD QD", "all_trumps": True}]),
    "verify": (["--variant", "four-hand"],
               [{"hand": "KS QS", "claim": ["KS QS"], "trump": "S"}, {"claim": 3}]),
    "legal": (["--variant", "four-hand", "--trump", "S"],
              [{"hand": "AS KH", "trick": "TS"}, {"hand": "AS AS AS"}]),
    "score": (["--variant", "four-hand"],
              [{"bidder": "N", "bid": 25, "trump": "S", "meld": {"N": 12, "E": 4},
                "points": {"NS": 15, "EW": 10}}, {"bidder": "Q"}]),
    "bid": (["--variant", "four-hand"], [{"auction": "25 26 pass"}, {"auction": "7"}]),
    "pass": (["--variant", "four-hand", "--trump", "H"],
             [{"hand": PASS_HAND, "received": "QH KH JD QC"}, {"hand": "AS"}]),
    "makeable": (["--variant", "four-hand"],
                 [{"deal": FULL_DEAL, "trump": "S", "bidder": "N", "bid": 30}, {"deal": "N:AS"}]),
    "show": (["--variant", "four-hand"],
             [{"hand": "AS TS"}, {"deal": "N:A... T... K... Q..."}, {"hand": "XS"}]),
    "deal": (["--variant", "two-hand"], [{"seed": 1}, {}, {"seed": -1}]),
    "solve": (["--variant", "four-hand", "--trump", "S"],
              [{"deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "leader": "N"},
               {"deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "leader": "E", "trick": "AS",
                "value_only": True, "timeout": 5},
               {"deal": "N:AK.A.. T.K.A.", "leader": "N"}]),
    "ddtable": (["--variant", "four-hand"],
                [{"deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "timeout": 5},
                 {"deal": "N:AK.A.. T.K.A. Q.T.T.", "variant": "three-hand-kitty",
                  "bidder": "E"},
                 {"deal": "N:AK.A.. T.K.A."}]),
    "review": (["--variant", "four-hand"],
               [{"deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S", "play": "KS TS QS 9S"},
                {"deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S", "play": "TS"},
                {"record": "tests/data/review-contract.toml", "timeout": 30}]),
    "infer": (["--variant", "four-hand"],
              [{"trump": "S", "seat": "S", "hand": "QS 9S KD AH", "leader": "N",
                "play": "AS KH 9S JS TS", "gone": GONE4},
               {"trump": "S", "seat": "S", "hand": "QS 9S KD AH", "leader": "N",
                "play": "AS KH", "shown": {"E": "KS"}, "gone": GONE4},
               {"variant": "three-hand-kitty", "trump": "S", "seat": "N", "bidder": "E",
                "hand": "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH", "leader": "E",
                "play": "KH QH TH"}]),
    "advise": (["--variant", "four-hand"],
               [{"trump": "S", "seat": "S", "hand": "QS 9S KD", "leader": "N",
                 "play": "AS KH", "exact": True, "gone": GONE},
                {"bidding": True, "seat": "N", "hand": "AS AS TS KS QS JS 9S AH KH QD JC 9C",
                 "trump": "S", "samples": 2, "seed": 1},
                {"trump": "S", "seat": "N", "hand": "QS 9S KD", "leader": "N",
                 "play": "AS KH"}]),
    "play": (["--variant", "four-hand"],
             [{"seat": "S", "seed": 1, "answers": ["25"]},
              {"seat": "N", "seed": 1, "answers": ["25", "nonsense"]}]),
}


def _validator(command, batch=False):
    schema = command_schema(command, batch)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_every_command_and_batch_has_examples():
    assert set(EXAMPLES) == set(COMMANDS)
    assert set(BATCHES) == set(BATCH)


def test_schema_files_are_up_to_date():
    """docs/schemas/ is what tools/make_schemas.py writes from the result types now."""
    from tools.make_schemas import render

    folder = ROOT / "docs" / "schemas"
    files = schema_files()
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(files)
    for name, obj in files.items():
        assert (folder / name).read_text(encoding="utf-8") == render(obj), (
            f"docs/schemas/{name} is out of date: run python tools/make_schemas.py")


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_json_answers_fit_their_schema(cli, command):
    validator = _validator(command)
    for args in EXAMPLES[command]:
        run = cli(*args, "--json")
        assert run.code in (0, 1), (args, run.err)
        errors = [e.message for e in validator.iter_errors(run.json())]
        assert errors == [], (args, errors[:3])


@pytest.mark.parametrize("command", sorted(BATCHES))
def test_batch_answers_fit_their_schema(cli, command):
    validator = _validator(command, batch=True)
    options, lines = BATCHES[command]
    stdin = "".join(json.dumps(line) + "\n" for line in lines) + "not json\n"
    run = cli(command, *options, "--input", "-", stdin=stdin)
    assert run.code == 1, run.err  # (1: the last line is an error)
    answers = run.lines()
    assert [a["line"] for a in answers] == list(range(1, len(lines) + 2))
    assert "error" not in answers[0] and "error" in answers[-1], answers
    for answer in answers:
        errors = [e.message for e in validator.iter_errors(answer)]
        assert errors == [], (answer, errors[:3])


def test_schemas_refuse_what_the_vocabulary_forbids(cli):
    """The schemas can fail: a bool where the legal cards go, meld points as text, an answer
    line without its line number, an unknown key."""
    legal = cli(*EXAMPLES["legal"][0], "--json").json()
    validator = _validator("legal")
    assert validator.is_valid(legal)
    assert not validator.is_valid({**legal, "legal": True})
    assert not validator.is_valid({**legal, "legal": ["XS"]})
    assert not validator.is_valid({**legal, "extra": 1})
    meld = cli(*EXAMPLES["meld"][0], "--json").json()
    assert not _validator("meld").is_valid({**meld, "meld": "150"})
    assert not _validator("meld", batch=True).is_valid(meld)
    assert _validator("meld", batch=True).is_valid({"line": 1, **meld})
    assert _validator("meld", batch=True).is_valid({"line": 3, "error": "bad card"})


def _types(value, path, seen):
    """Every key's JSON type (by key name, wherever it sits) in ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not key.islower() or key == "none":  # a table keyed by seats, cards, suits
                _types(item, path, seen)
                continue
            if item is not None:
                kind = type(item).__name__
                if isinstance(item, list) and item:
                    kind += "/" + type(item[0]).__name__
                seen.setdefault(key, set()).add(kind)
            _types(item, path + [key], seen)
    elif isinstance(value, list):
        for item in value:
            _types(item, path, seen)


def test_one_key_one_type_across_commands(cli):
    """An independent check of the vocabulary (docs/json.md): over every example answer, each
    key holds one JSON type (lists: one type of item), wherever it appears. Keys whose
    values are tables keyed by seats, cards or suits are looked into, not counted. The one
    exception, scoped and written in docs/json.md: a review's play entries, where the review
    names the trick's number ``trick``."""
    seen: dict[str, set[str]] = {}
    for examples in EXAMPLES.values():
        for args in examples:
            answer = cli(*args, "--json").json()
            answer.pop("answer", None)  # (game: the answer table on file, as written there)
            if args[0] == "review":  # its play entries' trick: the review's name
                for play in answer["plays"]:
                    assert type(play.pop("trick")) is int and "legal" not in play
            if args[0] == "advise" and "cards" in answer:  # advice's {card: advice}
                advice = answer.pop("cards")
                assert type(advice) is dict and all(type(a) is dict for a in advice.values())
                _types({"card_advice": list(advice.values())}, [], seen)
            _types(answer, [], seen)
    mixed = {key: kinds for key, kinds in seen.items()
             if len({k.split("/")[0] for k in kinds}) > 1
             or len({k for k in kinds if "/" in k}) > 1}
    # int and float both count as a number; "seconds" is one
    mixed.pop("seconds", None)
    assert mixed == {}
    for key in ("legal", "cards", "hand", "melds", "laid", "trick"):
        assert seen[key] <= {"list", "list/str", "list/dict"}, (key, seen[key])
    for key in ("meld", "points", "total", "line", "bid"):
        assert seen.get(key, {"int"}) == {"int"}, (key, seen[key])


def test_public_api_is_lazy_and_typed():
    """The analyses are importable from pinosolve without loading OR-Tools until used, take
    text or typed objects, and their repr shows cards, not count vectors."""
    code = ("import sys, pinosolve\n"
            "from pinosolve import legal, score\n"
            "assert not any(m.startswith('ortools') for m in sys.modules)\n"
            "r = pinosolve.best_meld('four-hand', 'AS TS KS QS JS', 'S')\n"
            "print(repr(r))\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "Declaration(trump=S, meld=15, melds=[run 15: AS TS KS QS JS])"


def test_public_api_answers_match_the_commands(cli):
    import pinosolve
    from pinosolve import Hand, Suit, load_variant

    v = load_variant("four-hand")
    by_text = pinosolve.legal("four-hand", "AD 9D KS 9S QC", "JD QC", "S")
    by_type = pinosolve.legal(v, Hand.parse("AD 9D KS 9S QC"), ["JD", "QC"], Suit.S)
    assert by_text == by_type
    assert by_text.to_json() == cli(*EXAMPLES["legal"][0], "--json").json()
    assert [str(c) for c in by_text.legal] == ["AD"]
    decl = pinosolve.best_meld_all_trumps("four-hand", "AS KS QS JS TS")
    assert decl.best_trump is Suit.S and decl.best.meld == 15
    assert "0, 0" not in repr(decl) and "counts" not in repr(decl)
    ruling = pinosolve.verify("four-hand", "KS QS", "KS QS", "S", announced=4)
    assert ruling.valid and ruling.claims[0].name == "royal marriage"
    assert pinosolve.score("four-hand", {"bidder": "N", "bid": 25, "trump": "S",
                                         "meld": {"N": 12}, "points": {"NS": 15, "EW": 10}}
                           ).made is True


@pytest.mark.parametrize("call, words", [
    (lambda p: p.best_meld("four-hand", "XS", "S"), "bad card"),
    (lambda p: p.best_meld("no-such-variant", "AS", "S"), "no-such-variant"),
    (lambda p: p.legal("four-hand", "AS", "TS", None), "trump"),
    (lambda p: p.legal("four-hand", "AS", "TS KS QS JS", "S"), "finished trick"),
    (lambda p: p.verify("four-hand", "KS QS", [], "S"), "claimed meld"),
    (lambda p: p.score("four-hand", 3), "table of keys"),
    (lambda p: p.makeable("four-hand", "N:AS", "S", "N", 25), "deal"),
    (lambda p: p.advise({"variant": "four-hand", "trump": "S", "seat": "N", "hand": "XS"}),
     "bad card"),
    (lambda p: p.advise_bid("four-hand", "N", "AS KS"), "hand_size"),
])
def test_public_api_refuses_bad_input_in_one_line(call, words):
    import pinosolve

    with pytest.raises(pinosolve.PinosolveError) as info:
        call(pinosolve)
    assert words in str(info.value) and "\n" not in str(info.value)
