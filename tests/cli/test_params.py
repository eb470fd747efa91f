"""Each command's parameter record (``cli.params``) read from whatever a batch line may hold:
a typed record, or one ``PinosolveError``; never another exception."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinosolve.cli.advise import ADVISE
from pinosolve.cli.bid import BID
from pinosolve.cli.foundation import DEAL, SHOW
from pinosolve.cli.infer import INFER
from pinosolve.cli.legal import LEGAL
from pinosolve.cli.makeable import MAKEABLE
from pinosolve.cli.meld import MELD
from pinosolve.cli.passing import PASS
from pinosolve.cli.review import REVIEW_LINES
from pinosolve.cli.score import SCORE
from pinosolve.cli.solve import SOLVE
from pinosolve.cli.verify import VERIFY
from pinosolve.errors import PinosolveError

ANALYSES = {"advise": ADVISE, "bid": BID, "deal": DEAL, "show": SHOW, "infer": INFER,
            "legal": LEGAL, "makeable": MAKEABLE, "meld": MELD, "pass": PASS,
            "review": REVIEW_LINES, "score": SCORE, "solve": SOLVE, "verify": VERIFY}
# keys the records read besides their fields (a view's, a round's, a record's)
EXTRA = ("rules", "leader", "play", "bidder", "partner", "shown", "passed", "gave", "received",
         "kitty", "gone", "record", "deal", "meld", "points", "won", "tricks", "last_trick",
         "laid_away", "throw_in", "shoot", "bid", "trump")

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 2**70), st.floats(),
                    st.sampled_from(["S", "none", "N", "E", "AS TS", "two-hand", "four-hand",
                                     "N:AS TS - - -", "", "-", "x" * 50, "25", "NS=10"]),
                    st.text(max_size=6))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["N", "S", "NS", "x"]),
                                                 inner, max_size=3)), max_leaves=6)


@pytest.mark.parametrize("name", sorted(ANALYSES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_parameter_record_is_read_or_refused_in_one_line(name, data):
    analysis = ANALYSES[name]
    keys = [f.name for f in dataclasses.fields(analysis.params)] + list(EXTRA)
    raw = data.draw(st.dictionaries(st.sampled_from(keys), VALUES, max_size=6))
    raw.setdefault("variant", data.draw(st.sampled_from(["four-hand", "two-hand",
                                                         "three-hand-kitty"])))
    try:
        params = analysis.params.read(raw)
    except PinosolveError as exc:
        assert str(exc) and "\n" not in str(exc), (raw, str(exc))
        return
    assert isinstance(params, analysis.params)
    with pytest.raises(dataclasses.FrozenInstanceError):
        params.variant = None  # type: ignore[misc]  # (a record, never changed)


@pytest.mark.parametrize("command, key", [("infer", "record"), ("score", "record"),
                                          ("review", "record"), ("verify", "sequence")])
def test_a_batch_line_never_names_stdin_as_its_file(cli, command, key):
    """Standard input is the batch itself: a line whose file is '-' gets its error record,
    and the lines after it are read as lines (once read as that file's text)."""
    lines = f'{{"{key}": "-"}}\n{{"{key}": "no-such-file.pgn"}}\n'
    run = cli(command, "--variant", "four-hand", "--input", "-", stdin=lines)
    answers = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 1 and [a["line"] for a in answers] == [1, 2], run
    assert "'-' (stdin) is where --input reads" in answers[0]["error"]
    assert "not found" in answers[1]["error"], answers
    # one object over several lines, read from stdin: its file is not stdin either
    run = cli(command, "--variant", "four-hand", "--input", "-", stdin=f'{{\n"{key}": "-"\n}}')
    assert run.code == 2 and "'-' (stdin) is where --input reads" in run.err, run


def test_null_is_an_option_not_given(cli):
    """A batch line's null means the option is not given, for a flag as for the rest."""
    run = cli("deal", "--variant", "two-hand", "--input", "-",
              stdin='{"seed": 3, "record": null}\n')
    assert run.code == 0 and json.loads(run.out)["seed"] == 3, run
