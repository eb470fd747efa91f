"""A hand as the board's page shows it: ``record_view({"text": ...})``.

The page sends what the user pasted or opened: a game record (``docs/records.md``), review's
TOML or JSON table of one, or a deal (``N:... ... ...``) with its ``variant`` and ``trump``
(and optionally ``leader``; and ``bidder``, ``partner`` or ``called_card`` where the variant's
play needs them: ``variant_play``); and, with ``play``, the cards to show played in place of the
record's (a line of the user's own: the record's cards as far as it follows them, then cards
each legal where it is played). The answer holds what the page draws and the batch lines it
sends for each analysis, so that the page never reads a record itself: ``given``, what the
text was (``record``, ``table`` or ``deal``); ``rules``, the rules as a batch line names them
(``{"variant"}``, or ``{"rules"}`` for a shipped house rule); the record's canonical text
(for the share link); the seats; each hand as dealt and as play began; the auction (each
call with its seat), the passes, the kitty and the cards laid away; the contract; the meld;
the play (a card a line, with its seat and trick), and ``to_move``, the seat to play after it
(None: the hand is over); the tags, and the players they name
(``review_set.player_names``); ``review`` (the review
command's keys for the hand) and ``views`` (each seat's view keys at the start of play, for
infer and advise: the page adds the cards played so far as ``play``); ``solve``, for each
position of the play (before each card, and after the last), the ``solve`` batch line of the
position (None where no card is left to play, or the trick on the table holds a renege), so
that every position has its double-dummy values, a deal's start and a record's unfinished end
included; and ``decision_seeds``, the seed each decision of the information lens draws its
deals from (``derived_seed(LENS_SEED, k)``, as text: a JavaScript number holds 53 bits), so
that advice asked at a decision the lens judged draws the lens's own deals and answers the
same means.

>>> v = record_view({"text": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "variant": "four-hand",
...                  "trump": "S"})
>>> v["seats"], v["play"], v["review"]["trump"], v["rules"], v["given"]
(['N', 'E', 'S', 'W'], [], 'S', {'variant': 'four-hand'}, 'deal')
>>> v["solve"][0]["deal"], v["solve"][0]["leader"], v["to_move"]
('N:AK.A.. T.K.A. Q.T.T. 9.Q.K.', 'N', 'N')
>>> w = record_view({"text": v["text"], "play": ["AS", "TS"]})
>>> [(e["seat"], e["card"], e["trick"]) for e in w["play"]], w["solve"][2]["trick"]
([('N', 'AS', 1), ('E', 'TS', 1)], 'AS TS')
"""

from __future__ import annotations

from typing import Any, Optional

from pinosolve.errors import PinosolveError

MAX_TEXT = 64 << 10  # a hand's record is about 1 KiB
_KEYS = ("text", "variant", "trump", "leader", "bidder", "partner", "called_card", "play")
MAX_PLAY = 1000  # cards of a line of one's own (a hand has at most 80)
LENS_SEED = 1  # the board's information lens: review --information --seed LENS_SEED


def record_view(body: Any) -> dict[str, Any]:
    """The page's view of the hand in ``body`` (see the module); ``PinosolveError`` in one
    line for anything that is not one hand of a variant pinosolve ships."""
    from pinosolve.analysis.information import decision_view_input, derived_seed
    from pinosolve.analysis.review_set import player_names
    from pinosolve.records.read import records_of_text
    from pinosolve.records.record import variant_name
    from pinosolve.records.tags import looks_like_record
    from pinosolve.variants.variant import example_names

    if not isinstance(body, dict) or not isinstance(body.get("text"), str):
        raise PinosolveError("record: give {\"text\": a game record, or a deal with variant "
                             "and trump}")
    unknown = sorted(set(body) - set(_KEYS))
    if unknown:
        raise PinosolveError(f"record: unknown key {unknown[0]!r}; keys are {', '.join(_KEYS)}")
    text = body["text"]
    if not text.strip():
        raise PinosolveError("record: nothing given: paste a game record, review's table of "
                             "one, or a deal")
    if len(text) > MAX_TEXT:
        raise PinosolveError(f"record: at most {MAX_TEXT >> 10} KiB of text (one hand)")
    if looks_like_record(text):
        records = records_of_text(text)
        if len(records) != 1:
            raise PinosolveError(f"record: {len(records)} records; give one hand")
        record, given = records[0], "record"
    elif text.lstrip()[:1] in ("{", "[") or "=" in text.split("\n", 1)[0] or \
            text.lstrip().startswith("#"):
        record, given = _table(text), "table"
    else:
        record, given = _dealt(text, body), "deal"
    if "play" in body:
        record = _with_play(record, body["play"])
    v = record.variant
    hands = record.hands_at_play()
    # the rules as a batch line names them: a built-in variant, or a shipped house rule
    name = variant_name(v)
    rules = {"rules": name} if name in example_names() else {"variant": name}
    review = record.review_input()
    del review["variant"]
    review.update(rules)
    views: dict[str, Any] = {}
    for seat in v.seats:
        try:
            view = decision_view_input(record, seat, 0)
        except PinosolveError:
            continue
        del view["variant"]
        view.update(rules)
        view.pop("play", None)
        views[seat] = view
    play = [{"card": str(card), "trick": number}
            for number, trick in enumerate(record.play, 1) for card in trick]
    solve, after = _seats_of_play(record, play, rules)
    return {"given": given, "solve": solve, "to_move": after,
            "decision_seeds": [str(derived_seed(LENS_SEED, k)) for k in range(len(play))],
            "text": str(record), "variant": name, "rules": rules, "seats": list(v.seats),
            "trump": None if record.trump is None else record.trump.letter,
            "leader": record.leader, "bidder": record.bidder, "bid": record.bid,
            "partner": record.partner_seat(), "called_card":
                None if record.called_card is None else str(record.called_card),
            "dealt": {s: None if h is None else h.cards() for s, h in record.deal.items()},
            "hands": {s: None if h is None else h.cards() for s, h in hands.items()},
            "meld": {s: m if isinstance(m, int) else m.cards() for s, m in record.meld.items()},
            "tags": dict(record.tags), "play": play, "review": review, "views": views,
            "players": player_names(record), "auction": _auction(record),
            "passes": [{"giver": p.giver, "receiver": p.receiver, "cards": p.cards.cards()}
                       for p in record.passes],
            "kitty": None if record.kitty is None else record.kitty.cards(),
            "laid_away": None if record.laid_away is None else record.laid_away.cards()}


def _auction(record: Any) -> list[dict[str, Any]]:
    """The calls in order, each with its seat (None: a pass)."""
    if record.auction_first is None:
        return []
    seats = list(record.variant.seats)
    first = seats.index(record.auction_first)
    return [{"seat": seats[(first + k) % len(seats)], "call": call}
            for k, call in enumerate(record.auction)]


def _seats_of_play(record: Any, play: list[dict[str, Any]], rules: dict[str, Any]
                   ) -> tuple[list[Optional[dict[str, Any]]], Optional[str]]:
    """Each card's seat, as the hand is played on (a renege included); the ``solve`` batch
    line of each position, before each card and after the last (None where the hand is
    over, or the trick on the table holds a renege, which no position to solve holds); and
    the seat to play after the last card (None: the hand is over)."""
    g = record.to_game(played=False)
    lines = []
    for entry in play:
        lines.append(_solve_line(g, rules))
        entry["seat"] = g.to_move
        g.play_as_played(entry["card"])
    lines.append(_solve_line(g, rules))
    return lines, None if g.over else g.to_move


def _solve_line(g: Any, rules: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The ``solve`` batch line of the game's position, None where it has none to solve."""
    from pinosolve.game import Game

    if g.over:
        return None
    line: dict[str, Any] = {**rules, "deal": str(g.deal), "trump": g.trump.letter,
                            "leader": g.leader, "trick": " ".join(str(c) for c in g.trick)}
    for key, seat in (("bidder", g.declarer), ("partner", g.partner)):
        if seat is not None:
            line[key] = seat
    try:  # (a trick holding a renege is refused, as solve would refuse it)
        Game(g.variant, line["deal"], trump=line["trump"], leader=line["leader"],
             trick=line["trick"], declarer=g.declarer, partner=g.partner)
    except PinosolveError:
        return None
    return line


def _with_play(record: Any, cards: Any) -> Any:
    """``record`` with ``cards`` played in place of its play: its own cards as far as they
    are the record's (a renege it recorded included), then each card legal where it is
    played; a one-line error naming the first card that is not."""
    from dataclasses import replace

    from pinosolve.cards import Card

    if not isinstance(cards, list) or len(cards) > MAX_PLAY or \
            not all(isinstance(c, str) for c in cards):
        raise PinosolveError(f"play: a list of at most {MAX_PLAY} card names, such as "
                             "[\"AS\", \"TS\"]")
    recorded = [str(c) for c in record.cards_played()]
    g = record.to_game(played=False)
    ours = False
    for k, card in enumerate(cards):
        ours = ours or k >= len(recorded) or card != recorded[k]
        try:
            if ours:
                g.play(card)
            else:
                g.play_as_played(card)
        except PinosolveError as exc:
            raise PinosolveError(f"play: card {k + 1} ({card[:8]}): {exc}") from None
    n = len(record.variant.seats)
    played = [Card.parse(c) for c in cards]
    tricks = tuple(tuple(played[i:i + n]) for i in range(0, len(played), n))
    return replace(record, play=tricks, result=None, notes=())


def _table(text: str) -> Any:
    """A record given as review's TOML or JSON table (``variant`` a built-in variant, or
    ``rules`` a shipped house rule's name: the board reads no file)."""
    from pinosolve.analysis.review import record_of
    from pinosolve.files import parse_document

    data = parse_document(text, "record")
    if not isinstance(data, dict):
        raise PinosolveError("record: a table with variant (or rules), deal, trump and play")
    data = dict(data)
    rules = data.pop("rules", None)
    name = rules if rules is not None else data.get("variant")
    if rules is not None and data.get("variant") is not None:
        raise PinosolveError("record: give variant or rules, not both")
    data["variant"] = _shipped(name, "record")
    return record_of(data)


def variant_play(name: str) -> dict[str, Any]:
    """What the page needs to open a deal of the variant (or shipped house rule) ``name``,
    read from its rules (``players``, ``passing``): its ``seats``, clockwise; ``bidder``,
    whether its play needs the bidder named (the sides of play are his and the rest's:
    ``sides.sides_fixed``); ``partner``, whether it needs his partner too (a called-card
    partnership): a seat, the bidder's own where he plays alone, or ``called_card``,
    whether the card he called may name him instead (the first holder of a copy from the
    bidder's left, in the hands as dealt: where no cards are passed before play, and only
    in a whole deal).

    >>> variant_play("three-hand-auction")
    {'seats': ['N', 'E', 'W'], 'bidder': True, 'partner': False, 'called_card': False}
    >>> variant_play("five-hand-call")["partner"], variant_play("four-hand")["bidder"]
    (True, False)
    """
    from pinosolve.variants.sides import sides_fixed

    v = _shipped(name, "variant")
    called = v.rules.players.partnership == "called-card"
    return {"seats": list(v.seats), "bidder": not sides_fixed(v), "partner": called,
            "called_card": called and not v.rules.passing.cards}


def _dealt(text: str, body: dict[str, Any]) -> Any:
    """A record of a deal given as text, with the body's variant, trump and leader, and the
    bidder, partner or called card where given."""
    from pinosolve.game import Game

    for key in ("variant", "trump"):
        if not isinstance(body.get(key), str):
            raise PinosolveError(f"record: a deal needs its {key} (or give a game record, with "
                                 "its tags)")
    for key in ("leader", "bidder", "partner", "called_card"):
        if body.get(key) is not None and not isinstance(body[key], str):
            raise PinosolveError(f"record: {key}: a seat's name as text" if key != "called_card"
                                 else "record: called_card: a card's name as text, such as AH")
    g = Game(_shipped(body["variant"], "variant"), text.strip(), trump=body["trump"],
             leader=body.get("leader"), declarer=body.get("bidder"),
             partner=body.get("partner"), called_card=body.get("called_card"))
    return g.to_record()


def _shipped(name: Any, what: str) -> Any:
    """The variant ``name`` names, a built-in one or a shipped house rule (the board reads
    no file); else a one-line error that ``what`` begins."""
    from pinosolve.inputs import as_variant
    from pinosolve.variants.variant import example_names, variant_ids

    if not isinstance(name, str) or (name not in variant_ids() and name not in example_names()):
        raise PinosolveError(f"{what}: {str(name)[:60]!r} is not a built-in variant or a "
                             "shipped house rule (the board reads no file)")
    return as_variant(name)
