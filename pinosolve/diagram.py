"""Hands drawn for people: the compass diagram and the table, as text and as HTML.

Four seats named N E S W are drawn as a bridge column prints a deal: North on top, West and
East either side, South below, one line a suit. Any other table (two, three or five seats) is
a table, one row a seat and one column a suit. :meth:`pinosolve.deal.Deal.diagram` and
:meth:`pinosolve.game.Game.diagram` draw with these; a notebook shows the HTML form.

>>> from pinosolve.cards import Hand
>>> hands = [Hand.parse(t) for t in ("AK.A..", "T.K.A.", "Q.T.T.", "9.Q.K.")]
>>> print(diagram_text(("N", "E", "S", "W"), hands))
            N
            ♠ A K
            ♥ A
            ♦ —
            ♣ —
W                       E
♠ 9                     ♠ 10
♥ Q                     ♥ K
♦ K                     ♦ A
♣ —                     ♣ —
            S
            ♠ Q
            ♥ 10
            ♦ 10
            ♣ —
>>> print(diagram_text(("P1", "P2"), hands[:2], ["trump ♠"]))
trump ♠
P1  ♠ A K   ♥ A   ♦ —   ♣ —
P2  ♠ 10    ♥ K   ♦ A   ♣ —
"""

from __future__ import annotations

from html import escape
from collections.abc import Sequence

from pinosolve.cards import Hand, Suit

COMPASS = ("N", "E", "S", "W")
_RED = (Suit.H, Suit.D)


def _suit_lines(hand: Hand) -> list[str]:
    return [f"{s.symbol} {hand.ranks(s)}" for s in Suit]


def is_compass(seats: Sequence[str]) -> bool:
    """Whether the seats are the four compass seats, drawn as a compass diagram."""
    return len(seats) == 4 and set(seats) == set(COMPASS)


def diagram_text(seats: Sequence[str], hands: Sequence[Hand],
                 notes: Sequence[str] = ()) -> str:
    """The hands as plain text: a compass diagram for N E S W, else a table.

    Args:
        seats: the seat names, in the order of ``hands``.
        hands: one hand a seat.
        notes: lines printed above the hands (trump, who is to move, the trick on the table).

    Returns:
        The diagram, lines joined by newlines, with no trailing spaces.
    """
    by_seat = dict(zip(seats, hands))
    lines = list(notes)
    if is_compass(seats):
        west, east = _suit_lines(by_seat["W"]), _suit_lines(by_seat["E"])
        width = max(len(t) for t in west + ["W"]) + 2
        middle = max(12, width)
        gap = max(24, middle + max(len(t) for t in _suit_lines(by_seat["N"])
                                   + _suit_lines(by_seat["S"])) + 2)
        pad = " " * middle
        lines += [pad + "N"] + [pad + t for t in _suit_lines(by_seat["N"])]
        lines.append("W".ljust(gap) + "E")
        lines += [w.ljust(gap) + e for w, e in zip(west, east)]
        lines += [pad + "S"] + [pad + t for t in _suit_lines(by_seat["S"])]
    else:
        name_width = max(len(s) for s in seats)
        cols = [[f"{s.symbol} {h.ranks(s)}" for h in hands] for s in Suit]
        widths = [max(len(t) for t in col) for col in cols]
        for row, seat in enumerate(seats):
            cells = [cols[i][row].ljust(widths[i]) for i in range(len(cols))]
            lines.append((seat.ljust(name_width) + "  " + "   ".join(cells)).rstrip())
    return "\n".join(line.rstrip() for line in lines)


def _suit_html(hand: Hand, suit: Suit) -> str:
    colour = "#c00" if suit in _RED else "inherit"
    return (f'<span style="color:{colour}">{suit.symbol}</span> '
            f"{escape(hand.ranks(suit))}")


def _hand_html(seat: str, hand: Hand) -> str:
    rows = "<br>".join(_suit_html(hand, s) for s in Suit)
    return f"<b>{escape(seat)}</b><br>{rows}"


def diagram_html(seats: Sequence[str], hands: Sequence[Hand],
                 notes: Sequence[str] = ()) -> str:
    """The same diagram as an HTML fragment (hearts and diamonds red), for a notebook.

    >>> from pinosolve.cards import Hand
    >>> html = diagram_html(("A", "B"), [Hand.parse("A..."), Hand.parse(".K..")], ["x<y"])
    >>> "x&lt;y" in html and '<span style="color:#c00">♥</span> K' in html
    True
    """
    head = "".join(f"<div>{escape(n)}</div>" for n in notes)
    cell = 'style="padding:0 1.5em 0.5em 0;vertical-align:top;text-align:left"'
    if is_compass(seats):
        by_seat = dict(zip(seats, hands))
        table = (f"<table><tr><td {cell}></td><td {cell}>{_hand_html('N', by_seat['N'])}"
                 f"</td><td {cell}></td></tr><tr><td {cell}>{_hand_html('W', by_seat['W'])}"
                 f"</td><td {cell}></td><td {cell}>{_hand_html('E', by_seat['E'])}</td></tr>"
                 f"<tr><td {cell}></td><td {cell}>{_hand_html('S', by_seat['S'])}</td>"
                 f"<td {cell}></td></tr></table>")
    else:
        rows = "".join(
            f"<tr><td {cell}><b>{escape(seat)}</b></td>"
            + "".join(f"<td {cell}>{_suit_html(hand, s)}</td>" for s in Suit) + "</tr>"
            for seat, hand in zip(seats, hands))
        table = f"<table>{rows}</table>"
    return f'<div class="pinosolve-diagram">{head}{table}</div>'
