"""Fit the model of the players (``pinosolve/analysis/models.toml``) on match records, and
measure what it tells of the true deal on held-out ones.

    python tools/fit_model.py fit --variant four-hand DIR ...      # write models.toml's row
    python tools/fit_model.py measure --variant four-hand DIR ...  # the held-out figures

A DIR is a match's ``--out`` folder (its ``records/*.pbn``) or a record file. ``fit``: each
model's weights for leads and for follows (``fitted``: every feature; ``rules``: the rules
card's alone) by maximum likelihood (a conditional logit, Newton's method with a small ridge)
over every card chosen among two legal ones or more, with the true hands; then each model's
``temper``, the power of the likelihood that gives the true deals of these records the most
log-probability. ``measure``: at each decision with a choice, from its player's view, the
log-probability of the true deal (natural log) without the model (the shuffle) and with it,
and the share of the hidden cards placed right (the chance that a hidden card is put with
its true holder by a deal drawn from the inference).

Both estimate the normaliser of the weights from ``--candidates`` deals drawn as the shuffle
draws them (``--seed``): the log of a mean underestimates the log of the expectation (Jensen),
so a gain is overstated by at most that bias; the figures for more candidates show its size.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.analysis.information import decision_view  # noqa: E402
from pinosolve.analysis.model import PlayModel, choices, load_model  # noqa: E402
from pinosolve.cards import NUM_CARDS  # noqa: E402
from pinosolve.records.read import read_records  # noqa: E402

TEMPERS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
MODEL_FILE = ROOT / "pinosolve" / "analysis" / "models.toml"


def records_of(paths: list[str], variant: str) -> list:
    out = []
    for p in paths:
        path = Path(p)
        files = sorted(path.glob("records/*.pbn")) if path.is_dir() else [path]
        for f in files:
            out.extend(read_records(f, variant))
    return [r for r in out if _played(r)]


def _played(record) -> bool:
    """Whether the record holds a round played (not a round thrown in or all passed)."""
    from pinosolve.errors import PinosolveError

    try:
        decision_view(record, record.variant.seats[0], 0)
    except PinosolveError:
        return False
    return bool(record.cards_played())


def start_table(view, record) -> dict[int, list[int]]:
    """The record's hands as play began, as start holdings of the view's holders and the
    unseen pile (-1)."""
    hands = record.hands_at_play()
    table = {}
    rest = list(view.hidden)
    for s in view.holders:
        counts = list(hands[view.seats[s]].counts)
        table[s] = counts
        rest = [a - b for a, b in zip(rest, counts)]
    table[-1] = rest
    return table


def fit_weights(rows: list[tuple[list[tuple[float, ...]], int]], mask: list[bool]
                ) -> tuple[float, ...]:
    """The weights (features where ``mask`` is False held at 0) that maximise the
    likelihood of (features of each legal card, index chosen) rows: Newton's method on the
    conditional logit, with a ridge of 0.01."""
    import numpy as np

    keep = [i for i, m in enumerate(mask) if m]
    data = [(np.array(f)[:, keep], k) for f, k in rows]
    w = np.zeros(len(keep))
    for _ in range(50):
        grad = -0.01 * w
        hess = -0.01 * np.eye(len(keep))
        for f, k in data:
            x = f @ w
            p = np.exp(x - x.max())
            p /= p.sum()
            mean = p @ f
            grad += f[k] - mean
            hess -= (f * p[:, None]).T @ f - np.outer(mean, mean)
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-6:
            break
    full = [0.0] * len(mask)
    for i, x in zip(keep, w):
        full[i] = round(float(x), 4)
    return tuple(full)


@dataclass
class Decision:
    """One decision's figures: the true deal's raw log-likelihood and log prior, and per
    candidate its raw log-likelihood and its share of hidden cards placed right."""

    true_ll: float
    log_prior: float
    lls: list[float]
    placed: list[float]


def decisions(records: list, models: list[PlayModel], candidates: int, seed: int,
              limit: int = 0) -> list[list[Decision]]:
    """Per model, each decision's figures (the same candidates for every model)."""
    raw = [m.tempered(1.0) for m in models]
    out: list[list[Decision]] = [[] for _ in models]
    rng = random.Random(seed)
    for r in records:
        game = r.to_game(played=False)
        play = r.cards_played()
        for k, card in enumerate(play):
            seat = game.to_move
            legal = game.legal_moves()
            game.play(card)
            if len(legal) < 2:
                continue
            view = decision_view(r, seat, k)
            true = start_table(view, r)
            if not any(True for _ in choices(view, true)):
                continue  # (nothing the others chose: the model cannot tell deals apart)
            now_true = _now(view, true)
            hidden_now = sum(sum(row) for row in now_true.values())
            tables = [view.table.draw(rng) for _ in range(candidates)]
            placed = [_placed(view, t, now_true, hidden_now) for t in tables]
            prior = _log_prior(view, true)
            for m, ds in zip(raw, out):
                memo: dict = {}
                ds.append(Decision(m.log_likelihood(view, true, memo), prior,
                                   [m.log_likelihood(view, t, memo) for t in tables], placed))
            if limit and len(out[0]) >= limit:
                return out
    return out


def _now(view, table: dict[int, list[int]]) -> dict[int, list[int]]:
    played = view.played
    return {h: [a - b for a, b in zip(row, played[h])] if h >= 0 else list(row)
            for h, row in table.items()}


def _placed(view, table, now_true, hidden_now) -> float:
    now = _now(view, table)
    copies = [sum(now_true[h][k] for h in now_true) for k in range(NUM_CARDS)]
    hit = sum(now_true[h][k] * now[h][k] / copies[k]
              for h in now_true for k in range(NUM_CARDS) if copies[k])
    return hit / hidden_now


def _log_prior(view, table) -> float:
    """log(shuffle weight of the table / every consistent deal's)."""
    w = 0.0
    for k in range(NUM_CARDS):
        n = view.hidden[k]
        if not n:
            continue
        w += math.lgamma(n + 1) - sum(math.lgamma(table[h][k] + 1) for h in table)
    return w - math.log(view.table.weighted())


def scores(ds: list[Decision], temper: float) -> tuple[float, float]:
    """Mean log-probability of the true deal and mean share placed right, at ``temper``."""
    lp, pl = 0.0, 0.0
    for d in ds:
        xs = [temper * x for x in d.lls]
        top = max(xs)
        w = [math.exp(x - top) for x in xs]
        log_z = top + math.log(sum(w) / len(w))
        lp += d.log_prior + temper * d.true_ll - log_z
        pl += sum(a * b for a, b in zip(w, d.placed)) / sum(w)
    return lp / len(ds), pl / len(ds)


def fit(args: argparse.Namespace) -> None:
    from pinosolve.analysis.model import FEATURES

    records = records_of(args.paths, args.variant)
    rows: dict[bool, list[tuple[list[tuple[float, ...]], int]]] = {True: [], False: []}
    agree = {True: 0, False: 0}
    for r in records:
        seat = r.variant.seats[0]
        view = decision_view(r, seat, len(r.cards_played()))
        for c in choices(view, start_table(view, r), everyone=True):
            led = not c.event.before
            k = c.legal.index(c.event.card)
            rows[led].append((c.features, k))
            agree[led] += c.features[k][0] == 1.0
    n_lead, n_follow = len(rows[True]), len(rows[False])
    print(f"{len(records)} records: {n_lead} leads (the rules card in "
          f"{agree[True] / max(1, n_lead):.1%}), {n_follow} follows "
          f"({agree[False] / max(1, n_follow):.1%})")
    every = [True] * len(FEATURES)
    alone = [i == 0 for i in range(len(FEATURES))]
    models = [PlayModel(name, fit_weights(rows[True], mask), fit_weights(rows[False], mask))
              for name, mask in (("fitted", every), ("rules", alone))]
    for m in models:
        print(f"{m.name}: lead {dict(zip(FEATURES, m.lead))}")
        print(f"{' ' * len(m.name)}  follow {dict(zip(FEATURES, m.follow))}")
    per_model = decisions(records, models, args.candidates, args.seed, args.limit)
    note = (f"{len(records)} records ({', '.join(Path(p).name for p in args.paths)}), "
            f"{n_lead + n_follow} cards chosen, {len(per_model[0])} decisions")
    for m, ds in zip(models, per_model):
        best = max(TEMPERS, key=lambda t: scores(ds, t)[0])
        for t in TEMPERS:
            lp, pl = scores(ds, t)
            print(f"{m.name} temper {t:.1f}: log P(true deal) {lp:.3f}, placed right "
                  f"{pl:.4f}{'  <- best' if t == best else ''}")
        write_row(m.name, args.variant, len(records[0].variant.seats), m.lead, m.follow,
                  best, note)


def write_row(name: str, variant: str, seats: int, lead: tuple[float, ...],
              follow: tuple[float, ...], temper: float, note: str) -> None:
    import tomllib

    data = tomllib.loads(MODEL_FILE.read_text()) if MODEL_FILE.exists() else {}
    data.setdefault(name, {})[variant] = {"seats": seats, "lead": list(lead),
                                          "follow": list(follow), "temper": temper,
                                          "fitted_on": note}
    lines = ["# Written by tools/fit_model.py fit: do not edit by hand. Per model and",
             "# variant, the weights of pinosolve.analysis.model.FEATURES for leads and",
             "# for follows, and the power of the likelihood (temper)."]
    for model in sorted(data):
        for vid in sorted(data[model]):
            row = data[model][vid]
            lines += ["", f"[{model}.{vid}]", f"seats = {row['seats']}",
                      f"lead = {list(row['lead'])}", f"follow = {list(row['follow'])}",
                      f"temper = {row['temper']}", f"fitted_on = \"{row.get('fitted_on', '')}\""]
    MODEL_FILE.write_text("\n".join(lines) + "\n")
    print(f"wrote [{name}.{variant}] to {MODEL_FILE.relative_to(ROOT)}")


def measure(args: argparse.Namespace) -> None:
    records = records_of(args.paths, args.variant)
    models = [load_model(name, args.variant) for name in ("rules", "fitted")]
    started = time.perf_counter()
    per_model = decisions(records, models, args.candidates, args.seed, args.limit)
    base_lp, base_pl = scores(per_model[0], 0.0)
    print(f"{args.variant}: {len(records)} held-out records, {len(per_model[0])} decisions "
          f"with a choice and cards the others chose; {args.candidates} candidates each "
          f"({time.perf_counter() - started:.0f} s)")
    print("| inference | log P(true deal), nats | gain | placed right |")
    print("|---|---|---|---|")
    print(f"| shuffle (no model) | {base_lp:.3f} | | {base_pl:.2%} |")
    for m, ds in zip(models, per_model):
        for t in sorted({m.temper, 1.0}):
            lp, pl = scores(ds, t)
            print(f"| {m.name}, temper {t} | {lp:.3f} | {lp - base_lp:+.3f} | {pl:.2%} |")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("fit", "measure"))
    p.add_argument("paths", nargs="+")
    p.add_argument("--variant", required=True)
    p.add_argument("--candidates", type=int, default=200)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--limit", type=int, default=0, help="decisions at most (0: all)")
    args = p.parse_args()
    (fit if args.what == "fit" else measure)(args)


if __name__ == "__main__":
    main()
