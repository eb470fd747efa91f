"""A review as one self-contained HTML page: ``html_report(review, record)``.

The page holds everything it shows (styles and the graphs as inline SVG, no script, no font,
no link out), so it opens in any browser with no network. For one hand: the hands as play
began, each trick with each card's double-dummy cost and, with the information lens, its
information cost and label; the value graph (the declaring side's double-dummy total after
each trick, and with the information lens the points each side gave away by each lens, card
by card); the biggest losses; the two lenses by seat and by side. For several hands
(``ReviewSet``): the pooled tables, then each hand. Every text from a record (player names,
events) is escaped.

>>> from pinosolve.analysis.review import review
>>> r = review({"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.",
...             "trump": "S", "play": "KS TS QS 9S"})
>>> page = html_report(r)
>>> page.startswith("<!DOCTYPE html>"), "<svg" in page, "http" in page
(True, True, False)
"""

from __future__ import annotations

import html
from typing import Any, Optional

from pinosolve.cards import Card, Suit

_RED = {Suit.H, Suit.D}
_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:70em}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .5em;
vertical-align:top}th{background:#f3f3f3}.red{color:#c0142a}.black{color:#111}
.badge{display:inline-block;border-radius:.3em;padding:0 .3em;font-size:.85em;color:#fff}
.best{background:#2e7d32}.good{background:#689f38}.inaccuracy{background:#f9a825;color:#222}
.mistake{background:#ef6c00}.blunder{background:#c62828}.renege{background:#6a1b9a}
.lucky{background:#0277bd}.unlucky{background:#5d4037}.dd{color:#555;font-size:.85em}
.better{font-size:.85em;white-space:nowrap}.meld{font-weight:bold}
.hands td{font-family:ui-monospace,monospace}.note{color:#555;font-size:.9em}
"""
LABEL_NOTE = ("labels from the information cost (the points a card gave away on average "
              "against the best card from its player's view)")


def number(x: float, places: int = 1, sign: bool = False) -> str:
    """``x`` rounded to ``places`` decimals, never a negative zero (a value that rounds to
    zero prints as ``0``, ``0.0``, ...); ``sign``: a ``+`` before a value above zero.

    >>> number(-0.04), number(-0.04, 2), number(0.04, 1, sign=True), number(1.25, 1, True)
    ('0.0', '-0.04', '0.0', '+1.2')
    """
    text = f"{x:.{places}f}"
    if float(text) == 0:
        return f"{0:.{places}f}"
    return ("+" if sign and x > 0 else "") + text


def loss(x: float, places: int = 0) -> str:
    """Points given away, as the review prints them: ``-x`` (``places`` decimals), and
    ``0``, never ``-0``, for none (or a loss that rounds to none).

    >>> loss(2), loss(0), loss(0.004, 2), loss(1.5, 2)
    ('-2', '0', '0.00', '-1.50')
    """
    text = number(x, places)
    return text if float(text) == 0 else "-" + number(abs(x), places)


def loss_bounds(lo: float, hi: float, places: int = 0) -> str:
    """A loss proved between ``lo`` and ``hi`` points as the range of the change it made:
    ``-hi..-lo`` (``-3..0``), never a ``-0``.

    >>> loss_bounds(0, 3), loss_bounds(1, 3), loss_bounds(0.25, 1.5, 1)
    ('-3..0', '-3..-1', '-1.5..-0.2')
    """
    return f"{loss(hi, places)}..{loss(lo, places)}"


def cards_text(cards: Any, joiner: str = " or ") -> str:
    """Cards as the tables name them (``A♠ or A♥``)."""
    return joiner.join((c if isinstance(c, Card) else Card.parse(str(c))).symbol
                       for c in cards)


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _n(x: float) -> str:
    """A number as the page shows it: one decimal at most, never a negative zero."""
    return f"{round(x, 1) + 0.0:g}"


def _card(card: Any) -> str:
    c = card if isinstance(card, Card) else Card.parse(str(card))
    colour = "red" if c.suit in _RED else "black"
    return f'<span class="{colour}">{_e(c.symbol)}</span>'


def _hands(review: Any) -> str:
    """The hands as play began, a row a seat, a column a suit."""
    from pinosolve.variants.variant import load_variant

    v = load_variant(review.variant) if isinstance(review.variant, str) else review.variant
    deal = v.parse_deal(review.deal)
    rows = []
    for seat in deal.seats:
        hand = deal[seat]
        cells = []
        for suit in Suit:
            cards = [c for c in hand if c.suit == suit]
            colour = "red" if suit in _RED else "black"
            text = " ".join(c.rank.letter for c in cards) or "—"
            cells.append(f'<td><span class="{colour}">{_e(suit.symbol)}</span> {_e(text)}</td>')
        rows.append(f"<tr><th>{_e(seat)}</th>{''.join(cells)}</tr>")
    return f'<table class="hands">{"".join(rows)}</table>'


def _better(cards: Any) -> str:
    """What should have been played: ``→ A♠ or A♥`` (empty for none)."""
    if not cards:
        return ""
    return ('<span class="better" title="what should have been played">→ '
            + " or ".join(_card(c) for c in cards) + "</span>")


def _cell(play: Any) -> str:
    out = [_card(play.card)]
    if not play.is_legal:
        out.append(f'<span class="badge renege" title="{_e(play.rule or "")}">renege</span>')
        out.append(f'<span class="dd">{_e(play.rule or "")}</span>')
    elif play.cost is not None:
        out.append(f'<span class="dd">dd {loss(play.cost)}</span>')
    elif play.cost_bounds:
        out.append(f'<span class="dd">dd {loss_bounds(*play.cost_bounds)}</span>')
    if play.better:
        out.append(_better(play.better))
    info = play.information
    if info is not None and play.label is not None:
        low, high = info.cost_bounds or (0.0, 0.0)
        cost = (_n(0) if info.cost is not None and number(info.cost, 1) == "0.0" else
                loss(info.cost, 1) if info.cost is not None else loss_bounds(low, high, 1))
        how = ("no other card" if info.is_forced else "every consistent deal" if info.exact
               else f"{info.deals} deals, ± {number(info.stderr, 1)}")
        out.append(f'<br><span class="dd" title="{_e(how)}">info {_e(cost)}</span>')
        if info.better:
            out.append(_better(info.better))
        out.append(f'<span class="badge {_e(play.label)}">{_e(play.label)}</span>')
        if play.luck:
            out.append(f'<span class="badge {_e(play.luck)}">{_e(play.luck)}</span>')
    values = ", ".join(f"{c.symbol} {x}" for c, x in play.values.items())
    return f'<td title="{_e(values)}">{" ".join(out)}</td>'


def trick_anchor(trick: int, hand: Optional[int] = None) -> str:
    """The id of a trick's row in the page: ``trick-3``, in a set of hands ``hand-7-trick-3``.

    >>> trick_anchor(3), trick_anchor(3, 7)
    ('trick-3', 'hand-7-trick-3')
    """
    return (f"hand-{hand}-" if hand is not None else "") + f"trick-{trick}"


def _tricks(review: Any, hand: Optional[int] = None) -> str:
    seats = list(review.summary.cost_by_seat)
    head = "".join(f"<th>{_e(s)}</th>" for s in seats)
    rows = []
    tricks: dict[int, list[Any]] = {}
    for p in review.plays:
        tricks.setdefault(p.trick, []).append(p)
    for number_, plays in tricks.items():
        by_seat = {p.seat: p for p in plays}
        cells = "".join(_cell(by_seat[s]) if s in by_seat else "<td>—</td>" for s in seats)
        rows.append(f'<tr id="{trick_anchor(number_, hand)}"><td>{number_}</td>'
                    f"<td>{_e(plays[0].seat)}</td>{cells}</tr>")
    return (f'<table class="tricks"><tr><th>trick</th><th>led by</th>{head}</tr>'
            f'{"".join(rows)}</table>')


def _polyline(points: list[tuple[float, float]], colour: str, dash: str = "") -> str:
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline fill="none" stroke="{colour}" stroke-width="2"{extra} '
            f'points="{path}"/>')


def _graph(review: Any) -> str:
    """The value graph as inline SVG: the declaring side's double-dummy total after each
    trick; with the information lens, each side's points given away by each lens, card by
    card, on a second panel."""
    summary = review.summary
    standings = summary.values_by_trick
    width, height, pad = 720, 240, 40
    tricks = max([p.trick for p in review.plays] + [t.tricks for t in standings] + [1])
    totals = [t.trick_points + t.bounds[0] for t in standings]
    top = max(totals + [1])

    def x_of(t: float) -> float:
        return pad + (width - 2 * pad) * t / tricks

    def y_of(v: float, scale: float, h: int) -> float:
        return h - pad + 10 - (h - pad - 10) * v / scale

    parts = [f'<svg role="img" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" class="graph" '
             f'aria-label="value graph">',
             f'<text x="{pad}" y="16" font-size="13">{_e(summary.side)}: points taken + '
             'double-dummy value, after each trick</text>']
    for t in range(tricks + 1):
        parts.append(f'<text x="{x_of(t):.1f}" y="{height - 8}" font-size="10" '
                     f'text-anchor="middle">{t}</text>')
    parts.append(f'<line x1="{pad}" y1="{height - pad + 10}" x2="{width - pad}" '
                 f'y2="{height - pad + 10}" stroke="#999"/>')
    for v in (0, top):
        parts.append(f'<text x="{pad - 6}" y="{y_of(v, top, height) + 4:.1f}" font-size="10" '
                     f'text-anchor="end">{v}</text>')
    pts = [(x_of(t.tricks), y_of(total, top, height)) for t, total in zip(standings, totals)]
    parts.append(_polyline(pts, "#1565c0"))
    for x, y in pts:
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#1565c0"/>')
    parts.append("</svg>")
    lens = review.information
    if lens is None:
        return "".join(parts)
    # the second panel: points given away so far, by side and lens, card by card
    from pinosolve.analysis.information import running_losses

    n = len(review.plays)
    runs = {(side, kind): run for side, lenses in running_losses(review.to_json()).items()
            for kind, run in lenses.items()}
    scale = max([max(r) for r in runs.values()] + [1.0])

    def cx(k: int) -> float:
        return pad + (width - 2 * pad) * k / max(n, 1)

    colours = ["#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#0277bd"]
    out = [f'<svg role="img" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" class="graph" '
           f'aria-label="points given away by each lens">',
           f'<text x="{pad}" y="16" font-size="13">points given away so far, card by card: '
           'information lens (solid), double dummy (dashed)</text>',
           f'<line x1="{pad}" y1="{height - pad + 10}" x2="{width - pad}" '
           f'y2="{height - pad + 10}" stroke="#999"/>']
    for v in (0, scale):
        out.append(f'<text x="{pad - 6}" y="{y_of(v, scale, height) + 4:.1f}" font-size="10" '
                   f'text-anchor="end">{_n(v)}</text>')
    for i, s in enumerate(lens.by_side):
        colour = colours[i % len(colours)]
        for kind, dash in (("info", ""), ("dd", "5,4")):
            run = runs[(s, kind)]
            out.append(_polyline([(cx(k), y_of(v, scale, height)) for k, v in enumerate(run)],
                                 colour, dash))
        out.append(f'<text x="{width - pad}" y="{30 + 14 * i}" font-size="11" '
                   f'text-anchor="end" fill="{colour}">{_e(s)}</text>')
    out.append(f'<text x="{width / 2:.0f}" y="{height - 8}" font-size="10" '
               'text-anchor="middle">cards played</text></svg>')
    return "".join(parts) + "<br>" + "".join(out)


def _lens_table(reports: dict[str, Any], hand: Optional[int] = None) -> str:
    """The lenses' reports, a row each; ``hand``: the hand of a set they are of (their
    losses link to its tricks)."""
    head = ("<tr><th></th><th>accuracy</th><th>choices</th>" + "".join(
        f'<th><span class="badge {k}">{k}</span></th>' for k in
        ("best", "good", "inaccuracy", "mistake", "blunder", "renege", "lucky", "unlucky"))
        + "<th>lost: info</th><th>dd</th><th>luck</th><th>biggest losses</th></tr>")
    rows = []
    for name, rep in reports.items():
        acc = "—" if rep.accuracy is None else f"{rep.accuracy:.1f}"
        counts = "".join(f"<td>{rep.labels[k]}</td>" for k in
                         ("best", "good", "inaccuracy", "mistake", "blunder", "renege",
                          "lucky", "unlucky"))
        big = ", ".join(_moment(m, hand) for m in rep.biggest) or "—"
        rows.append(f"<tr><th>{_e(name)}</th><td>{acc}</td><td>{rep.choices}</td>{counts}"
                    f"<td>{number(rep.info_lost, 1)}</td><td>{_n(rep.dd_lost)}</td>"
                    f"<td>{number(rep.luck, 1, sign=True)}</td><td>{big}</td></tr>")
    return f'<table class="lenses">{head}{"".join(rows)}</table>'


def _moment(m: Any, hand: Optional[int] = None) -> str:
    """One of the biggest losses: who, the card, what it cost by each lens, what should have
    been played, and a link to its trick ("(hand 7, trick 3)"; ``hand``: the hand of a set
    the loss is in, where the loss does not say)."""
    where = ((f"hand {m.hand}, " if m.hand is not None else "") + f"trick {m.trick}")
    target = trick_anchor(m.trick, m.hand if m.hand is not None else hand)
    link = f'(<a href="#{target}">{where}</a>)'
    if m.label == "renege":
        what = "renege" + (f" {_better(m.better)}" if m.better else "")
    else:
        what = f"{_e(loss(m.cost, 1))} {_better(m.better)}".rstrip()
        if m.dd_cost:
            what += f'; <span class="dd">dd {_e(loss(m.dd_cost))}</span>'
            if m.dd_better:
                what += f" {_better(m.dd_better)}"
    return f"{_e(m.seat)} {_card(m.card)} {what} {link}"


def _meld_notes(checks: Any) -> str:
    """A paragraph for each recorded meld that is not what the hand held."""
    out = []
    for c in checks or ():
        if c.verdict == "right":
            continue
        who = " and ".join(c.seats)
        melds = f" ({', '.join(f'{m.name} {m.meld}' for m in c.melds)})" if c.melds else ""
        out.append(f'<p class="meld {_e(c.verdict)}">meld {_e(c.verdict)}: the record gives '
                   f"{_e(who)} {c.recorded}, but the hand{'s' if len(c.seats) > 1 else ''} "
                   f"held {c.max_meld}{_e(melds)} when "
                   f"{'they' if len(c.seats) > 1 else 'it'} melded.</p>")
    return "".join(out)


def _hand_section(review: Any, title: str, hand: Optional[int] = None) -> str:
    s = review.summary
    taken = ", ".join(f"{_e(k)} {v}" for k, v in s.points_taken.items())
    contract = ""
    if s.bid is not None:
        verdict = {True: "yes", False: "no", None: "not decided"}
        contract = (f"<p>contract: {_e(s.bidder)} bid {s.bid}, meld {s.meld}; makeable: "
                    f"{verdict[s.makeable]}; made: {verdict[s.made]}</p>")
    anchor = f' id="hand-{hand}"' if hand is not None else ""
    parts = [f"<h2{anchor}>{_e(title)}</h2>",
             f"<p>{_e(review.variant)}, trump {_card_suit(review.trump)}, "
             f"{_e(review.leader)} leads. Points taken: {taken}"
             f"{'' if s.finished else ' (play unfinished)'}.</p>", contract,
             _meld_notes(review.meld_checks),
             _hands(review), "<h3>the play</h3>", _tricks(review, hand),
             '<p class="note">dd: the points the card gave away against its side\'s best card '
             'with every card seen; info: on average, from its player\'s view; → the card '
             'that should have been played (each card tied for best).</p>',
             "<h3>value graph</h3>", _graph(review)]
    lens = review.information
    if lens is not None:
        parts += ["<h3>the two lenses by seat</h3>", _lens_table(lens.by_seat, hand),
                  "<h3>by side</h3>", _lens_table(lens.by_side, hand), _legend(lens)]
    if review.note:
        parts.append(f'<p class="note">{_e(review.note)}</p>')
    return "".join(parts)


def _card_suit(suit: Any) -> str:
    s = suit if isinstance(suit, Suit) else Suit.parse(str(suit))
    return f'<span class="{"red" if s in _RED else "black"}">{_e(s.symbol)}</span>'


def _legend(lens: Any) -> str:
    good, inaccuracy, mistake = (x * lens.points for x in lens.thresholds)
    how = ""
    if getattr(lens, "exact", None) is not None:
        how = (f" Decisions over every consistent deal: {lens.exact}; over {lens.samples} "
               f"sampled deals: {lens.sampled} (seed {lens.seed}).")
    return (f'<p class="note">{LABEL_NOTE}, in a deal of {lens.points} points: best 0, good '
            f'below {good:g}, inaccuracy below {inaccuracy:g}, mistake below {mistake:g}, '
            f'blunder from {mistake:g}. Unlucky: best or good, yet at least an inaccuracy '
            'double dummy; lucky: a mistake or a blunder that cost nothing double dummy. '
            'Accuracy: 100 × (1 − cost / blunder line), at least 0, averaged over the cards '
            f'that were a choice.{how}</p>')


def hand_file(line: Any) -> Optional[str]:
    """The name of the file a hand of a set was read from (a ``HandLine``'s ``file``, its
    folder left out), None where it was not read from one."""
    import os

    return os.path.basename(line.file) if line.file else None


def hand_name(line: Any, several: bool = False) -> Optional[str]:
    """The file a hand of a set was read from (``hand_file``), with ``several`` its number
    in the file too (``club.pgr #2``); None where the set does not tell."""
    name = hand_file(line)
    if name and several and line.record is not None:
        name += f" #{line.record}"
    return name


def skipped_text(skip: Any) -> str:
    """A file or hand a review of many passed over, and why: ``club.pgr #2: ...``."""
    import os

    where = os.path.basename(skip.file) + (f" #{skip.record}" if skip.record else "")
    return f"{where}: {skip.reason}"


def _skipped(skipped: Any) -> str:
    if not skipped:
        return ""
    items = "".join(f"<li>{_e(skipped_text(x))}</li>" for x in skipped)
    return f'<h2>passed over</h2><ul class="skipped">{items}</ul>'


def hand_title(line: Any, several: bool = False) -> str:
    """A hand of a set named as the page names it: ``hand 7: club.pgr, Club night``; with
    ``several`` (its file holds more than one hand), its number there too:
    ``hand 7: club.pgr #2, Club night``."""
    named = ", ".join(x for x in (hand_name(line, several), line.event) if x)
    return f"hand {line.hand}" + (f": {named}" if named else "")


def html_report(result: Any, source: Optional[Any] = None) -> str:
    """The page (see the module) for ``result``, a ``Review`` or a ``ReviewSet``;
    ``source``: the record(s) reviewed, for the events' names (optional)."""
    from pinosolve.analysis.review_set import ReviewSet

    if isinstance(result, ReviewSet):
        title = f"{result.variant}: {len(result.hands)} hands reviewed"
        from collections import Counter

        files = Counter(hand_file(line) for line in result.hands)
        titles = {line.hand: hand_title(line, files[hand_file(line)] > 1)
                  for line in result.hands}
        index = "".join(f'<li><a href="#hand-{line.hand}">{_e(titles[line.hand])}</a></li>'
                        for line in result.hands)
        body = [f"<h1>{_e(title)}</h1>", f'<ol class="hands-index">{index}</ol>',
                _skipped(result.skipped),
                "<h2>by seat</h2>", _lens_table(result.by_seat)]
        if result.by_player:
            body += ["<h2>by player</h2>", _lens_table(result.by_player)]
        if result.by_role:
            body += ["<h2>by role</h2>", _lens_table(result.by_role)]
        body += ["<h2>first leads</h2>", _lens_table({"every hand": result.first_lead,
                                                     **result.first_lead_by_player}),
                 _legend(result)]
        for line, review in zip(result.hands, result.reviews):
            body.append(_hand_section(review, titles[line.hand], line.hand))
    else:
        event = None
        if source is not None and not isinstance(source, list):
            event = dict(getattr(source, "tags", ())).get("Event")
        title = f"{result.variant} reviewed" + (f": {event}" if event else "")
        body = [f"<h1>{_e(title)}</h1>", _hand_section(result, "the hand")]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{_STYLE}</style></head><body>"
            + "".join(body) + "</body></html>\n")
