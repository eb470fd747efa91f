"""CLI conventions: --version, variants, rules, --json, --input batches, python -m."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pinosolve import Suit, __version__
from pinosolve.cards import symbols
from pinosolve.variants.variant import variant_ids
from tests.generators import EXPECTED


def test_version(cli):
    run = cli("--version")
    assert run.code == 0 and run.out.strip().startswith(f"pinosolve {__version__}")


def test_variants_json_lists_every_id(cli):
    run = cli("variants", "--json")
    assert run.code == 0, run.err
    rows = run.json()
    ids = [r["id"] for r in rows]
    assert set(EXPECTED) <= set(ids) and ids == sorted(ids) == variant_ids()
    for r in rows:
        assert r["description"] and "\n" not in r["description"]


def test_variants_table_fits_80_columns(cli):
    run = cli("variants")
    assert run.code == 0
    assert max(len(line) for line in run.out.splitlines()) <= 80
    assert "four-hand" in run.out


def test_rules_json_is_resolved(cli):
    run = cli("rules", "four-hand", "--json")
    data = run.json()
    assert data["id"] == "four-hand" and data["points"]["total"] == 25
    assert data["meld"]["kinds"]["run"]["cards"] == "A@ T@ K@ Q@ J@"
    assert cli("rules", "four-hand").code == 0


def test_rules_keys_reference(cli):
    data = cli("rules", "--keys", "--json").json()
    keys = {row["key"] for row in data}
    for key in ("trick.head", "trick.head_after_ruff", "trick.trump_when_cannot_overtrump",
                "trick.partner_exempt", "trick.stock_obligations", "meld.kinds",
                "bidding.bands", "scoring.save_meld", "scoring.throw_in", "passing.cards",
                "deal.kitty_kind", "points.round_up_from"):
        assert key in keys
    assert all(row["doc"] for row in data)


def test_show_hand_json(cli):
    run = cli("show", "AAT.K9..QJ", "--variant", "four-hand", "--json")
    assert run.json() == {"variant": "four-hand", "hand": ["AS", "AS", "TS", "KH", "9H", "QC",
                                                           "JC"],
                          "dotted": "AAT.K9..QJ", "cards_held": 7, "points": 4}


def test_show_table_uses_suit_symbols(cli):
    run = cli("show", "AS TH", "--variant", "four-hand")
    assert run.code == 0 and "♠" in run.out and "10" in run.out


def test_deal_is_reproducible_and_valid(cli):
    a = cli("deal", "--variant", "four-hand", "--seed", "7", "--json").json()
    b = cli("deal", "--variant", "four-hand", "--seed", "7", "--json").json()
    c = cli("deal", "--variant", "four-hand", "--seed", "8", "--json").json()
    assert a == b and a["deal"] != c["deal"]
    shown = cli("show", "--deal", a["deal"], "--full", "--variant", "four-hand", "--json").json()
    assert all(len(cards) == 12 for cards in shown["hands"].values())
    assert sum(shown["hand_points"].values()) == 24


def test_batch_one_line_out_per_line_in_and_errors_do_not_stop(cli):
    lines = [
        {"hand": "AS TS"},
        {"hand": "XS"},
        "not json",
        {"hand": "AS", "variant": "nope"},
        {"deal": "N:A... - - -"},
        {"hand": "AS", "colour": "red"},
        [1, 2],
        {"hand": 5},
        {"hand": ["AS", "KS"]},
    ]
    stdin = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    run = cli("show", "--variant", "four-hand", "--input", "-", stdin=stdin)
    assert run.code == 1, run.err  # the batch has error lines
    out = run.lines()
    assert len(out) == len(lines)
    assert [r["line"] for r in out] == list(range(1, len(lines) + 1))
    assert out[0]["hand"] == ["AS", "TS"]
    assert "XS" in out[1]["error"] and out[1]["line"] == 2
    assert "JSON" in out[2]["error"]
    assert "nope" in out[3]["error"]
    assert out[4]["hands"]["N"] == ["AS"]
    assert "colour" in out[5]["error"]
    assert "error" in out[6] and "error" in out[7]
    assert out[8]["hand"] == ["AS", "KS"]


def test_batch_from_file_with_per_line_variant(cli, tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"hand": "9S"}) + "\n" +
                    json.dumps({"hand": "9S", "variant": "double-deck"}) + "\n")
    out = cli("show", "--variant", "four-hand", "--input", str(path)).lines()
    assert out[0]["cards_held"] == 1 and "9S" in out[1]["error"]


def test_python_dash_m():
    proc = subprocess.run([sys.executable, "-m", "pinosolve", "variants", "--json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout)


def test_no_arguments_prints_help(cli):
    run = cli()
    assert run.code == 0 and "Usage" in run.out


def test_import_does_not_load_ortools():
    code = "import sys, pinosolve.cli; assert 'ortools' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.parametrize("vid", ["two-hand", "two-hand-57", "two-hand-1000"])
@pytest.mark.parametrize("seed", [0, 4, 99])
def test_deal_of_a_stock_game_turns_up_trump_and_keeps_the_stock_in_order(cli, vid, seed):
    """Sources 002 and 004: twelve cards each, "the next card is turned up to determine trump
    ... and the remainder of the deck (the stock) is placed crosswise on this upturned card".
    The deal command printed the stock sorted and turned no card."""
    import random

    from pinosolve import load_variant
    from pinosolve.variants.dealer import deal_seed

    v = load_variant(vid)
    deck = [str(c) for c in v.deck]
    random.Random(deal_seed(seed, 0)).shuffle(deck)  # (deal --seed S: index 0 of seed S)
    data = cli("deal", "--variant", vid, "--seed", str(seed), "--json").json()
    assert data["turned"] == deck[24] and data["trump"] == deck[24][1]
    assert data["kitty"] == deck[25:] + [deck[24]]  # drawn top first, the turned card last
    table = cli("deal", "--variant", vid, "--seed", str(seed)).out
    assert f"stock, top first: {symbols(deck[25:])}" in " ".join(table.split())
    assert f"turned up under the stock: {symbols([deck[24]])} " \
           f"(trump {Suit[deck[24][1]].symbol})" in table


@pytest.mark.parametrize("vid", variant_ids())
def test_the_deal_line_prints_whole_for_a_script(cli, vid):
    """The README trial: at 80 columns, in a pipe, a double-deck deal printed as two lines
    (the first ending in a space), which a script then fed on as two. The printed deal is
    one line, the same text as the JSON's."""
    data = cli("deal", "--variant", vid, "--seed", "1", "--json").json()
    first = cli("deal", "--variant", vid, "--seed", "1").out.splitlines()[0]
    assert first == data["deal"]


def test_a_batch_line_may_name_other_rules_than_the_options(cli):
    """The README trial: the command-line options are defaults, yet a line's "variant" beside
    a --rules option (or "rules" beside --variant) was "give --variant or --rules, not both"."""
    lines = ('{"hand": "AS", "trump": "S", "variant": "double-deck"}\n'
             '{"hand": "AS KS QS", "trump": "S"}\n')
    out = cli("meld", "--rules", "rules/examples/trickster-kitty.toml", "--input", "-",
              stdin=lines).lines()
    assert [r["variant"] for r in out] == ["double-deck", "trickster-kitty"], out
    out = cli("meld", "--variant", "double-deck", "--input", "-",
              stdin='{"hand": "AS", "trump": "S", "rules": "rules/four-hand.toml"}\n').lines()
    assert out[0]["variant"] == "four-hand", out
    both = cli("meld", "--input", "-", stdin='{"hand": "AS", "trump": "S", "variant": '
                                             '"four-hand", "rules": "rules/four-hand.toml"}\n')
    assert "not both" in both.lines()[0]["error"]


@pytest.mark.parametrize("args, word", [
    (["meld", "AS KS QS", "--variant", "four-hand", "--trump", "S", "--all-trumps"],
     "--trump"),
    (["solve", "--variant", "four-hand", "--declarer", "E", "--trump", "S", "--leader", "N",
      "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."], "--bidder"),
    (["solve", "--variant", "two-hand", "--partner", "S", "--trump", "S", "--leader", "N",
      "--deal", "N:AK.A.. T.K.A."], "--partner"),
    (["verify", "--sequence", "puzzles/meld/12-upgrade-royal-marriage-to-run.toml",
      "--claim", "KS QS"], "--claim"),
])
def test_options_that_cannot_both_count_are_refused(cli, args, word):
    """The README trial: --trump beside --all-trumps, --declarer in fixed sides and --claim
    beside --sequence were silently dropped. Each is one line naming the option to drop."""
    run = cli(*args)
    assert run.code == 2 and f"drop {word}" in run.err and run.err.count("\n") == 1, run.err


def test_small_refusals_say_what_to_do(cli):
    """The README trial: a 26-digit bid was legal; a game record given to puzzle was
    "missing key 'type'"; a finished trick was "4 cards, but a trick of four-hand has 4"."""
    run = cli("bid", "--variant", "four-hand", "--auction", "25 99999999999999999999999999")
    assert "more than any side can make" in run.out
    run = cli("puzzle", "puzzles/games/source001-bidder-goes-out.toml")
    assert run.code == 2 and "pinosolve game" in run.err
    run = cli("legal", "--variant", "four-hand", "--trump", "S", "--hand", "AS",
              "--trick", "KS QS JS 9S")
    assert run.code == 2 and "finished trick" in run.err


def test_show_full_checks_a_hand_as_it_checks_a_deal(cli):
    """``show --full --hand`` ignored --full. Every hand size around the variant's
    is refused (or taken) the same way by --hand, a batch line and the library."""
    import pytest

    from pinosolve import PinosolveError, load_variant
    from pinosolve.variants.holdings import show_hand

    for vid in ("four-hand", "three-hand-kitty", "double-deck"):
        v = load_variant(vid)
        cards = [str(c) for c in v.deck]
        size = v.rules.deal.hand_size
        for n in (1, size - 1, size, size + 1):
            hand = " ".join(cards[:n])
            run = cli("show", "--full", "--hand", hand, "--variant", vid, "--json")
            batch = cli("show", "--variant", vid, "--input", "-",
                        stdin=json.dumps({"hand": hand, "full": True}) + "\n")
            if n == size:
                assert run.code == 0 and run.json()["cards_held"] == size, run.err
                assert batch.code == 0 and "error" not in batch.lines()[0]
                assert show_hand(v, hand, full=True).cards_held == size
            else:
                assert run.code == 2 and f"deals {size} [deal.hand_size]" in run.err, run.err
                assert batch.code == 1 and "deal.hand_size" in batch.lines()[0]["error"]
                with pytest.raises(PinosolveError, match="deal.hand_size"):
                    show_hand(v, hand, full=True)
            assert cli("show", "--hand", hand, "--variant", vid).code == 0  # (no --full)


def test_red_suits_print_red_where_colour_is_on_and_never_with_no_color():
    """♥ and ♦ in red on a colour terminal (FORCE_COLOR stands for one); NO_COLOR, or a
    pipe, prints no colour at all."""
    import os
    import subprocess
    import sys

    def run(**env):
        clean = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        return subprocess.run([sys.executable, "-m", "pinosolve", "show", "--variant",
                               "four-hand", "AH KD QS"], capture_output=True, text=True,
                              env={**clean, **env}, check=True).stdout

    coloured = run(FORCE_COLOR="1")
    assert "31m♥" in coloured and "31m♦" in coloured and "31m♠" not in coloured
    assert "\x1b[" not in run()
    assert "31m" not in run(FORCE_COLOR="1", NO_COLOR="1")


def test_meld_with_no_trump_named_answers_for_every_trump(cli):
    """The bidder's question: no --trump is every trump, as --all-trumps, ties marked; an
    option of one trump's answer asks for the trump."""
    hand = "KH QH KS QS KD QD KC QC"
    plain = cli("meld", hand, "--variant", "four-hand", "--json")
    every = cli("meld", hand, "--variant", "four-hand", "--all-trumps", "--json")
    assert plain.code == 0 and plain.json() == every.json()
    table = cli("meld", hand, "--variant", "four-hand")
    marked = [row for row in table.out.splitlines()
              if row.startswith("│") and row.split("│")[1].rstrip().endswith("*")]
    assert "4 tied" in table.out and len(marked) == 4
    for option in (["--all"], ["--compare", "four-hand-classic"]):
        run = cli("meld", hand, "--variant", "four-hand", *option)
        assert run.code == 2 and "name it with --trump" in run.err, run.err


def test_verify_with_no_hand_takes_the_cards_laid_with_a_note(cli):
    """Only the meld was shown: the holding is the cards laid, each claim's own (at most the
    deck's copies), and the ruling says so."""
    from pinosolve import verify

    r = verify("four-hand", None, ["KH QH", "KS QS"], "S")
    assert r.valid and r.meld == 6 and str(r.hand) == str(verify(
        "four-hand", "KH QH KS QS", ["KH QH", "KS QS"], "S").hand)
    assert r.notes and "no holding given" in r.notes[0]
    many = verify("four-hand", None, ["KH QH", "KH QH", "KH QH"], "S")  # (2 copies a card)
    assert many.hand.counts == verify("four-hand", "KH KH QH QH", ["KH QH"], "S").hand.counts
    run = cli("verify", "--trump", "S", "--claim", "KH QH", "--claim", "KS QS", "--variant",
              "four-hand")
    assert run.code == 0 and "note: no holding given" in run.out, run.out


def test_verify_prints_each_ruling_once(cli):
    """A conflict fails every claim in it with one reason: the table gives it once (the other
    claims say "as claim N"), and the list below names the claims without repeating it; the
    JSON's problems name it once, with every claim it fails."""
    args = ("verify", "--trump", "H", "--hand", "AH TH KH QH JH KS QS", "--claim", "KH QH",
            "--claim", "KH QH", "--claim", "AH TH KH QH JH", "--claim", "KS QS",
            "--variant", "four-hand")
    run = cli(*args)
    assert run.code == 1
    assert run.out.count("cannot serve") == 1 and run.out.count("as claim 1") == 2, run.out
    assert "claims 1 (K♥ Q♥), 2 (K♥ Q♥) and 3 (A♥ 10♥ K♥ Q♥ J♥): as ruled above" in run.out
    problems = cli(*args, "--json").json()["problems"]
    conflicts = [p for p in problems if "cannot serve" in p]
    assert len(conflicts) == 1 and conflicts[0].startswith(
        "claims 1 (K♥ Q♥), 2 (K♥ Q♥) and 3 (A♥ 10♥ K♥ Q♥ J♥): "), problems
