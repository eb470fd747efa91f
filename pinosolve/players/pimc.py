"""``pimc``: the advice pinosolve gives, as a player. Each card is ``advise``'s best
(perfect-information Monte Carlo over the deals its view allows); each call follows
``advise_bid`` (the highest bid made in ``confidence`` of its sampled deals, default 0.8: it
raises by the smallest step while that bid is open, and names that advice's best trump); the
bidder's pass back is ``pass``'s (the most meld kept) and a lay-away is the same model's.
The partner's pass (which ``pass`` answers only with both hands seen), the called card, the
meld and the two-hand stock stage (whose search reaches only the stock's last tricks) are
``rules``'s.

Parameters: ``samples`` (deals per decision, default 32), ``seconds`` (the most one deal's
search may take; past it, bounds), ``threads`` (deals solved at once), ``bid_samples``
(deals for the bid advice, default half of ``samples``, at least 4: each is solved once per
trump, from the full deal), ``confidence`` (the share of them a bid must be made in),
``model`` (``fitted`` or ``rules``: the deals of each card's advice weighted by a model of the
other players, ``pinosolve.analysis.model``; default none), ``method`` (``advise``'s: ``pimc``,
the default, ``epimc``, ``presumed`` or ``alphamu``), ``depth`` (its depth, default 1) and
``held`` (the method is used once the mover holds at most this many cards, default 6; plain
PIMC before: its tree grows about tenfold a card held, ``docs/beyond-pimc.md``).
``alphamu`` asks about the contract the view shows (``bid``, the bidding side's
``meld_points``); where the view cannot tell it (no bid, the partner not known yet, a
defender who cannot tell the cards laid away) that card is plain PIMC's.

>>> from pinosolve.players.pimc import PimcPlayer
>>> PimcPlayer({"samples": "8"}).name
'pimc:samples=8'
"""

from __future__ import annotations

from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.cards import Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.players.base import check_params, number_param, whole_param
from pinosolve.players.rules import RulesPlayer
from pinosolve.table.decision import Choice, Decision
from pinosolve.variants.variant import Variant

ADVICE_KEYS = ("variant", "trump", "seat", "hand", "leader", "play", "bidder", "partner",
               "called_card", "shown", "passed", "kitty", "gone")


class PimcPlayer(RulesPlayer):
    """See the module."""

    kind = "pimc"

    def __init__(self, params: Optional[Mapping[str, str]] = None) -> None:
        super().__init__({})
        self.params = dict(params or {})
        check_params(self.kind, self.params, ("samples", "seconds", "threads", "bid_samples",
                                              "confidence", "model", "method", "depth",
                                              "held"))
        self.samples = whole_param(self.kind, self.params, "samples", 32, 1, 20000)
        self.bid_samples = whole_param(self.kind, self.params, "bid_samples",
                                       max(4, self.samples // 2), 1, 20000)
        confidence = number_param(self.kind, self.params, "confidence", 0.8, 0, 1)
        assert confidence is not None
        self.confidence = confidence
        self.threads = whole_param(self.kind, self.params, "threads", 1, 1, 64)
        self.seconds = number_param(self.kind, self.params, "seconds", None, 0, 3600)
        from pinosolve.analysis.model import model_name

        try:
            self.model = model_name(self.params.get("model"))
        except PinosolveError as exc:
            raise PinosolveError(f"player {self.kind}: {exc}") from None
        from pinosolve.analysis.advice import METHODS

        self.method = self.params.get("method", "pimc")
        if self.method not in METHODS:
            raise PinosolveError(f"player {self.kind}: method must be one of "
                                 f"{', '.join(METHODS)}, got {self.method!r:.40}")
        self.depth = whole_param(self.kind, self.params, "depth", 1, 1, 3) \
            if self.method != "pimc" else None
        self.held = whole_param(self.kind, self.params, "held", 6, 1, 64)
        given = [k for k in ("depth", "held") if k in self.params]
        if self.method == "pimc" and given:
            raise PinosolveError(f"player {self.kind}: {', '.join(given)} go with a method "
                                 "other than pimc")
        self._bid: Optional[tuple[Optional[int], Suit]] = None
        self._asked = 0

    def start(self, variant: Variant, seat: str, seed: int) -> None:
        super().start(variant, seat, seed)
        self._bid, self._asked = None, 0

    def _seed(self) -> int:
        self._asked += 1
        return (self.seed * 1_000_003 + self._asked) % (1 << 63)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        kind = decision.kind
        if kind == "play" and view.get("stage") != 1 and len(decision.choices) > 1:
            return self._card_advice(view, decision)
        if kind == "call" and len(decision.choices) > 1:
            return self._call_advice(view, decision)
        if kind == "trump" and self._bid is not None and "kitty" not in view:
            return self._bid[1].letter  # (after a kitty, the hand is another: rules's trump)
        if kind == "pass" and view.get("bidder") == self.seat:
            return self._pass_back(view, decision)
        if kind == "lay_away":
            return self._lay_away(view, decision)
        return super().choose(view, decision)

    def _card_advice(self, view: Mapping[str, Any], d: Decision) -> Choice:
        from pinosolve.analysis.advice import advise

        given = {k: view[k] for k in ADVICE_KEYS if k in view}
        if "partner" in given:
            given.pop("called_card", None)
        seed = self._seed()
        method: str = self.method
        contract: dict[str, Any] = {}
        if len(view.get("holding", ())) > self.held:
            method = "pimc"
        if method == "alphamu":
            shown = _contract_of(view, given)
            if shown is None:
                method = "pimc"
            else:
                contract = shown
        advice = advise(given, samples=self.samples, seed=seed, timeout=self.seconds,
                        threads=self.threads, model=self.model, method=method,
                        depth=None if method == "pimc" else self.depth, **contract)
        best = str(next(iter(advice.by_card)))
        return best if best in d.choices else d.default()

    def _call_advice(self, view: Mapping[str, Any], d: Decision) -> Choice:
        from pinosolve.analysis.bid_advice import advise_bid

        v = self.variant
        assert v is not None
        if self._bid is None:
            advice = advise_bid(v, self.seat, view["holding"], samples=self.bid_samples,
                                seed=self._seed(), timeout=self.seconds, threads=self.threads,
                                dealer=view.get("dealer"), confidence=self.confidence)
            self._bid = (advice.highest_bid, advice.best_trump)
        bids = [int(c) for c in d.choices if c.isdigit()]
        if "pass" not in d.choices or not bids:
            return d.default() if not bids else str(min(bids))
        highest = self._bid[0]
        return str(min(bids)) if highest is not None and min(bids) <= highest else "pass"

    def _pass_back(self, view: Mapping[str, Any], d: Decision) -> Choice:
        from pinosolve.scoring.passing import pass_back

        v = self.variant
        assert v is not None
        received = Hand.parse(" ".join(view["passed"]["received"]))
        held = Hand.parse(" ".join(view["holding"]))
        back = pass_back(v, Suit[view["trump"]], held - received, received).returned
        return d.check(back.cards())

    def _lay_away(self, view: Mapping[str, Any], d: Decision) -> Choice:
        from pinosolve.scoring.passing import lay_away

        v = self.variant
        assert v is not None
        kitty = Hand.parse(" ".join(view["kitty"]))
        held = Hand.parse(" ".join(view["holding"]))
        away = lay_away(v, Suit[view["trump"]], held - kitty, kitty)
        return d.check(away.cards())


def _contract_of(view: Mapping[str, Any], given: Mapping[str, Any]
                 ) -> Optional[dict[str, Any]]:
    """The contract a player's ``view`` shows, as ``advise`` takes it (``bid``, ``meld``),
    or None where it shows none, the partner is not known yet, or the advice's view
    (``given``) cannot tell the cards the bidder laid away (``View.lays_away``)."""
    from pinosolve.analysis.view import View

    if view.get("bid") is None or ("called_card" in view and "partner" not in view):
        return None
    try:
        View(given).lays_away()
    except PinosolveError:
        return None
    return {"bid": view["bid"], "meld": dict(view.get("meld_points") or {}) or 0}
