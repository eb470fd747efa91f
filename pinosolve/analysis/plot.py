"""The value graph of a reviewed hand, bid advice's make-probability curves and a study's
summary, drawn with matplotlib (the optional extra ``pinosolve[plot]``).

``plot_review(review, path)`` draws the declaring side's double-dummy total (the points it has
taken plus the points it can still make sure of) at the start and after each trick, so that
best play keeps the line level and each costly card moves it: down for the declaring side's
own costly cards, up for the other side's; with the information lens a second panel draws the
points each side gave away so far by each lens, card by card. Bounds a time limit left apart
are drawn as a band;
costly cards and reneges are marked on the trick they were played to, with the seat, the card
and the cost. The file type follows the name: ``.png``, ``.svg`` or ``.pdf``. Cards are named
as the tables name them (``K♠``), and every marker has its legend.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Union

from pinosolve.errors import PinosolveError
from pinosolve.files import writable_file

FORMATS = (".png", ".svg", ".pdf")


def plot_path(path: Union[str, Path]) -> Path:
    """``path`` checked as a place for the graph: a ``.png``, ``.svg`` or ``.pdf`` file name
    in a folder that exists, that can be written (``PinosolveError`` otherwise), before any
    search is run."""
    if not isinstance(path, (str, Path)) or not str(path):
        raise PinosolveError(f"plot: give a .png, .svg or .pdf file name, got {path!r:.60}")
    where = Path(path)
    shown = f"{str(path)!r:.80}"
    if where.suffix.lower() not in FORMATS or str(path).endswith(("/", ".")):
        raise PinosolveError(f"plot {shown}: give a .png, .svg or .pdf file name")
    return writable_file(where, f"plot {shown}")


def require_matplotlib() -> Any:
    """matplotlib, or a ``PinosolveError`` saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise PinosolveError("plots need matplotlib: pip install "
                             "'pinosolve[plot]'") from None
    return matplotlib


def _pyplot() -> Any:
    """matplotlib's pyplot on its file-only backend."""
    matplotlib = require_matplotlib()
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_review(review: Any, path: Union[str, Path]) -> Path:
    """Draw ``review`` (a ``pinosolve.analysis.review.Review`` or its ``to_json()``) into
    ``path`` (``.png``, ``.svg`` or ``.pdf``); returns the path written."""
    where = plot_path(path)
    data = _json_of(review)
    if not isinstance(data, dict) or not isinstance(data.get("summary"), dict) \
            or not isinstance(data.get("plays"), list):
        raise PinosolveError("plot: give a review (pinosolve.review's answer, or its JSON)")
    return _drawn(_draw, data, where, "a review's")


def _json_of(result: Any) -> Any:
    """A result's JSON: a dict as it is, else its ``to_json()`` (None without one)."""
    return result if isinstance(result, dict) else getattr(result, "to_json", lambda: None)()


def _drawn(draw: Any, data: dict[str, Any], where: Path, what: str) -> Path:
    """``draw(plt, data, where)``; a JSON that lacks what the drawing reads is one line."""
    plt = _pyplot()
    try:
        draw(plt, data, where)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise PinosolveError(f"plot: not {what} JSON ({type(exc).__name__}: "
                             f"{str(exc)[:80]})") from None
    return where


def _draw(plt: Any, data: dict[str, Any], where: Path) -> None:
    """The graph of ``data`` (a review's JSON) into ``where``."""
    from matplotlib.ticker import MaxNLocator

    summary = data["summary"]
    standings = summary["values_by_trick"]
    xs = [s["tricks"] for s in standings]
    lows = [s["trick_points"] + s["bounds"][0] for s in standings]
    highs = [s["trick_points"] + s["bounds"][1] for s in standings]
    lenses = data.get("information") is not None
    if lenses:  # (with the information lens: a second panel, the points each lens says lost)
        fig, (ax, below) = plt.subplots(2, 1, figsize=(8, 8), dpi=100,
                                        gridspec_kw={"height_ratios": [3, 2]})
    else:
        fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:  # (an SVG keeps its words as text: searchable, and smaller)
        ax.plot(xs, lows, marker="o", color="tab:blue",
                label=f"{summary['side']}: points taken + double-dummy value")
        if lows != highs:
            ax.plot(xs, highs, marker="o", color="tab:blue", linestyle=":")
            ax.fill_between(xs, lows, highs, color="tab:blue", alpha=0.15,
                            label="proved bounds (time ran out)")
        tricks = max([p["trick"] for p in data["plays"]] + xs + [1])
        ax.set_xlim(-0.3, tricks + 0.3)
        lanes = _mark_cards(ax, data["plays"], dict(zip(xs, lows)), set(summary["seats"]))
        _marker_legend(ax, data["plays"], set(summary["seats"]), summary["side"])
        ax.set_xticks(range(0, tricks + 1))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("tricks played")
        ax.set_ylabel(f"{summary['side']}'s double-dummy total")
        ax.set_title(f"{data['variant']}, trump {_suit(data['trump'])}, {data['leader']} "
                     f"leads: {summary['side']}'s value")
        if lenses:
            _draw_lenses(below, data)
        _save(plt, fig, ax, where, lanes)
    finally:
        plt.close(fig)


def _draw_lenses(ax: Any, data: dict[str, Any]) -> None:
    """The points each side gave away so far by each lens, card by card: the information
    lens solid, double dummy dashed, a colour a side."""
    from pinosolve.analysis.information import running_losses

    colours = ["tab:red", "tab:green", "tab:purple", "tab:orange", "tab:blue"]
    for k, (side, lenses) in enumerate(running_losses(data).items()):
        colour = colours[k % len(colours)]
        xs = range(len(lenses["info"]))
        ax.plot(xs, lenses["info"], color=colour, label=f"{side}: from its view (information)")
        ax.plot(xs, lenses["dd"], color=colour, linestyle="--",
                label=f"{side}: with every card seen (double dummy)")
    ax.set_xlabel("cards played")
    ax.set_ylabel("points given away so far")
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small")


def _save(plt: Any, fig: Any, ax: Any, where: Path, lanes: Optional[_Lanes] = None) -> None:
    """A grid and the legend, then the figure into ``where`` (an SVG keeps its words as
    text); the labels in ``lanes`` spread once it is laid out."""
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    if lanes is not None:
        lanes.spread()
    with plt.rc_context({"svg.fonttype": "none"}):
        fig.savefig(where, format=where.suffix.lower()[1:])


def _suit(trump: str) -> str:
    """A trump as the tables name it: ``♠``; no trump as ``none``."""
    from pinosolve.cards import Suit

    return Suit[trump].symbol if trump in Suit.__members__ else str(trump)


def _symbol(card: str) -> str:
    """A card as the tables name it: ``K♠``, ``10♥``."""
    from pinosolve.cards import Card

    return Card.parse(card).symbol


def _mark_cards(ax: Any, plays: list[dict[str, Any]], level: dict[int, int],
                declaring: set[str]) -> _Lanes:
    """Costly cards (a triangle: down for the declaring side's, up for the other side's) and
    reneges (a cross) on the trick they were played to, each labelled."""
    by_trick: dict[int, list[dict[str, Any]]] = {}
    for play in plays:
        by_trick.setdefault(play["trick"], []).append(play)
    lanes = _Lanes(ax)
    for number, cards in sorted(by_trick.items()):
        y = level.get(number - 1, level.get(number, 0))
        for k, play in enumerate(cards):
            x = number - 1 + (k + 1) / (len(cards) + 1)
            if not play["is_legal"]:
                ax.plot([x], [y], marker="X", color="black", markersize=9, linestyle="none")
                lanes.label(f"{play['seat']} {_symbol(play['card'])} renege", x, y, up=True)
            elif play["cost"] or (play.get("cost_bounds") or (0, 0))[0]:
                from pinosolve.analysis.report import loss, loss_bounds

                cost = loss(play["cost"]) if play["cost"] is not None else \
                    loss_bounds(*play["cost_bounds"])
                ours = play["seat"] in declaring
                ax.plot([x], [y], marker="v" if ours else "^", linestyle="none",
                        color="tab:red" if ours else "tab:green", markersize=8)
                lanes.label(f"{play['seat']} {_symbol(play['card'])} {cost}", x, y,
                            up=not ours)
    return lanes


class _Lanes:
    """Labels above or below their marks, each moved out from its mark, a lane of ``STEP``
    points at a time, until it overprints no label placed before it: a crowded trick of five
    costly cards stacks its labels instead of writing them over each other. ``spread`` places
    them once the figure is laid out (the labels' extents are the renderer's)."""

    STEP = 9.0  # points between lanes
    MOST = 12  # lanes at most: further out, a label is left where it is

    def __init__(self, ax: Any) -> None:
        self.ax = ax
        self.labels: list[tuple[Any, bool]] = []  # (annotation, above its mark)

    def label(self, text: str, x: float, y: float, up: bool) -> None:
        ann = self.ax.annotate(text, (x, y), textcoords="offset points",
                               xytext=(0, 8 if up else -14), ha="center", fontsize="x-small")
        ann.set_in_layout(False)
        self.labels.append((ann, up))

    def spread(self) -> None:
        renderer = self.ax.get_figure().canvas.get_renderer()
        placed: list[Any] = []
        for ann, up in self.labels:
            box = ann.get_window_extent(renderer)
            for _ in range(self.MOST):
                if not any(box.overlaps(other) for other in placed):
                    break
                dx, dy = ann.xyann
                ann.xyann = (dx, dy + (self.STEP if up else -self.STEP))
                box = ann.get_window_extent(renderer)
            placed.append(box)


def _marker_legend(ax: Any, plays: list[dict[str, Any]], declaring: set[str],
                   side: str) -> None:
    """A legend entry (an empty line with the marker) for each kind of mark drawn."""
    costly = [p for p in plays if p["is_legal"] and
              (p["cost"] or (p.get("cost_bounds") or (0, 0))[0])]
    kinds = (("v", "tab:red", f"a costly card of {side}",
              any(p["seat"] in declaring for p in costly)),
             ("^", "tab:green", "a costly card of the other side",
              any(p["seat"] not in declaring for p in costly)),
             ("X", "black", "a renege", any(not p["is_legal"] for p in plays)))
    for marker, colour, label, drawn in kinds:
        if drawn:
            ax.plot([], [], marker=marker, color=colour, linestyle="none", label=label)


def plot_bid_advice(advice: Any, path: Union[str, Path]) -> Path:
    """Draw the make-probability curve per trump of ``advice`` (a
    ``pinosolve.analysis.bid_advice.BidAdvice`` or its ``to_json()``) into ``path``: the
    chance of making each open bid level, one line per trump, the confidence asked as a
    dashed line and each trump's highest bid marked; returns the path written."""
    where = plot_path(path)
    data = _json_of(advice)
    if not isinstance(data, dict) or not isinstance(data.get("per_trump"), list):
        raise PinosolveError("plot: give bid advice (advise_bid's answer, or its JSON)")
    return _drawn(_draw_bids, data, where, "bid advice's")


SUIT_STYLE = {"S": ("♠ spades", "black"), "H": ("♥ hearts", "tab:red"),
              "D": ("♦ diamonds", "tab:orange"), "C": ("♣ clubs", "tab:green")}


def _draw_bids(plt: Any, data: dict[str, Any], where: Path) -> None:
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:
        right = 0  # the x axis ends where every trump's chance has fallen below 5%
        for k, t in enumerate(data["per_trump"]):
            label, colour = SUIT_STYLE.get(t["trump"], (t["trump"], None))
            bids = [lv["bid"] for lv in t["levels"]]
            lows = [lv["p_make"] if lv.get("p_make") is not None else lv["p_make_bounds"][0]
                    for lv in t["levels"]]
            highs = [lv["p_make"] if lv.get("p_make") is not None else lv["p_make_bounds"][1]
                     for lv in t["levels"]]
            ax.step(bids, lows, where="mid", color=colour, label=label)
            if lows != highs:
                ax.fill_between(bids, lows, highs, step="mid", color=colour, alpha=0.15)
            right = max(right, next((b for b, p in zip(bids, highs) if p < 0.05),
                                    bids[-1] if bids else 0))
            if t.get("highest") is not None:
                i = bids.index(t["highest"])
                ax.plot([bids[i]], [lows[i]], marker="o", color=colour)
                ax.annotate(str(bids[i]), (bids[i], lows[i]), textcoords="offset points",
                            xytext=(5, 5 + 11 * k), fontsize="small", color=colour)
        ax.axhline(data["confidence"], linestyle="--", color="grey",
                   label=f"confidence {data['confidence']:g}")
        ax.set_ylim(-0.03, 1.03)
        if right:
            ax.set_xlim(right=right + 3)
        ax.set_xlabel("bid")
        ax.set_ylabel("chance of making it")
        seed = f", seed {data['seed']}" if data.get("seed") is not None else ""
        ax.set_title(f"{data['variant']}: seat {data['seat']}'s bids over "
                     f"{data['samples']} deals{seed}")
        _save(plt, fig, ax, where)
    finally:
        plt.close(fig)


def plot_study(summary: dict[str, Any], path: Union[str, Path], title: str = "") -> Path:
    """Draw a study's summary (``pinosolve study --json``'s) into ``path``: the histogram of
    the values, the mean by trump length (± two standard errors) and, where bids were asked,
    each bid's make rate; ``title`` says what was studied (the variant, the trump); returns
    the path."""
    where = plot_path(path)
    if not isinstance(summary, dict) or not isinstance(summary.get("histogram"), list):
        raise PinosolveError("plot: give a study's summary")
    return _drawn(lambda plt, data, at: _draw_study(plt, data, at, title), summary, where,
                  "a study summary's")


def _draw_study(plt: Any, summary: dict[str, Any], where: Path, title: str = "") -> None:
    rates = [m for m in summary.get("make_rates", []) if m["made"] is not None]
    panels = 3 if rates else 2
    fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 4.2), dpi=100)
    left, right = axes[0], axes[1]
    try:
        left.bar([h["value"] for h in summary["histogram"]],
                 [h["deals"] for h in summary["histogram"]], color="tab:blue", label="deals")
        from matplotlib.ticker import MaxNLocator

        left.set_xlabel("the leader's side's double-dummy points")
        left.set_ylabel("deals")
        left.yaxis.set_major_locator(MaxNLocator(integer=True))
        rows = [r for r in summary["by_trump_length"] if r["mean"] is not None]
        right.errorbar([r["trump_length"] for r in rows], [r["mean"] for r in rows],
                       yerr=[2 * r["stderr"] for r in rows], marker="o", capsize=3,
                       color="tab:red", label="mean ± 2 s.e.")
        whose = summary.get("trump_length_of")
        right.set_xlabel("trumps held" if not isinstance(whose, dict) else
                         f"trumps the {whose.get('role')} ({whose.get('seat')}) holds")
        right.set_ylabel("double-dummy points")
        right.grid(alpha=0.3)
        right.legend(loc="best", fontsize="small")
        if rates:
            made = axes[2]
            made.bar([str(m["bid"]) for m in rates], [m["made"] for m in rates],
                     color="tab:green", label="made (of the deals decided)")
            made.set_ylim(0, 1)
            made.set_xlabel("bid")
            made.set_ylabel("share of deals made")
            made.grid(alpha=0.3, axis="y")
            made.legend(loc="best", fontsize="small")
        seed = f", seed {summary['seed']}" if summary.get("seed") is not None else ""
        fig.suptitle(f"{title + ': ' if title else ''}{summary['deals']} deals{seed}")
        _save(plt, fig, left, where)
    finally:
        plt.close(fig)


def plot_match(result: Any, path: Union[str, Path]) -> Path:
    """Draw a match's running mean difference (A less B, points a deal) with its 95%
    interval (the mean ± 1.96 standard errors after each deal) into ``path``: ``result`` a
    ``MatchResult`` (or its JSON) that kept its ``differences``; returns the path."""
    where = plot_path(path)
    data = _json_of(result)
    if not isinstance(data, dict) or not isinstance(data.get("differences"), list):
        raise PinosolveError("plot: give a match's answer with its differences")
    return _drawn(_draw_match, data, where, "a match's")


def _draw_match(plt: Any, data: dict[str, Any], where: Path) -> None:
    import math

    diffs = [float(x) for x in data["differences"]]
    xs, means, lows, highs = [], [], [], []
    total = squares = 0.0
    for n, x in enumerate(diffs, 1):
        total += x
        squares += x * x
        mean = total / n
        var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / n)
        xs.append(n)
        means.append(mean)
        lows.append(mean - half)
        highs.append(mean + half)
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=100)
    try:
        ax.fill_between(xs, lows, highs, color="tab:blue", alpha=0.2,
                        label="95% interval (mean ± 1.96 s.e.)")
        ax.plot(xs, means, color="tab:blue", label="running mean")
        ax.axhline(0, color="black", linewidth=0.8)
        bounds = data.get("sprt_bounds")
        if isinstance(bounds, list) and len(bounds) == 2:
            for b, style, which in zip(bounds, (":", "--"), ("low", "high")):
                ax.axhline(b, color="tab:red", linestyle=style, linewidth=0.8,
                           label=f"sequential test's {which}: {b:g}")
        players = data.get("players") or {}
        ax.set_xlabel("deals")
        ax.set_ylabel("A - B, points a deal")
        ax.set_title(f"{data.get('variant', '')}: A {players.get('A', '?')} against B "
                     f"{players.get('B', '?')}")
        _save(plt, fig, ax, where)
    finally:
        plt.close(fig)
