"""Pinochle as an OpenSpiel game: ``pyspiel.load_game("pinochle", {"variant": ...})``.

The game is pinosolve's table (``pinosolve.table``) with chance in front of it: the deal, each
hand one card type at a time in deck order (``pinosolve.env.dealing``), the turned card, and
in a stock variant each card drawn from the stock as it is drawn. Every decision of the
table is one action (``pinosolve.env.actions``), but a pass or a lay-away, which is one card
an action, as OpenSpiel's hearts passes, taken in deck order. Returns: each seat's score of
the round (``returns="score"``, the table's ``scores()``, a side's score to each of its seats), or
``returns="difference"``, each seat's score less the mean of the others' (zero-sum).

Parameters: ``variant`` (a shipped variant's ID, default ``four-hand``), ``rules`` (a rules
file or a house rule's name, instead of ``variant``), ``dealer`` (the dealer's seat number,
-1 for the last seat) and ``returns``. A bad parameter raises ``EnvError``, a
``pyspiel.SpielError`` and a ``PinosolveError``, its message one line.

>>> import pyspiel, pinosolve.env
>>> game = pyspiel.load_game("pinochle", {"variant": "two-hand"})
>>> game.num_players(), game.num_distinct_actions() > 48
(2, True)
"""

from __future__ import annotations

from typing import Any, Optional

import pyspiel

from pinosolve.cards import Card, Hand
from pinosolve.deal import Deal
from pinosolve.env.actions import ActionMap
from pinosolve.env.dealing import outcomes
from pinosolve.errors import PinosolveError
from pinosolve.table.decision import Decision
from pinosolve.variants.dealer import Dealt
from pinosolve.variants.variant import Variant

DEFAULTS = {"variant": "four-hand", "rules": "", "dealer": -1, "returns": "score"}
RETURNS = ("score", "difference")
MAX_ACTIONS = 20_000  # (bids and all: a rules file whose meld values make more is refused)


class EnvError(PinosolveError, pyspiel.SpielError):
    """A bad game parameter or action: OpenSpiel's error and pinosolve's, in one line."""


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name="pinochle", long_name="Pinochle (pinosolve)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS))


GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)


def game_variant(params: dict[str, Any]) -> Variant:
    """The variant a game's parameters name (``EnvError`` for an unknown one, a broken
    rules file, or a parameter of the wrong kind)."""
    from pinosolve.variants.variant import resolve

    vid, rules = params.get("variant", DEFAULTS["variant"]), params.get("rules", "")
    if not isinstance(vid, str) or not isinstance(rules, str):
        raise EnvError("pinochle: variant and rules are text")
    try:
        return resolve(None if rules else vid, rules or None)
    except PinosolveError as exc:
        raise EnvError(f"pinochle: {exc}") from None


class PinochleGame(pyspiel.Game):
    """The game (see the module)."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        from pinosolve.table.state import bid_ceiling

        given = dict(params or {})
        unknown = sorted(set(given) - set(DEFAULTS))
        if unknown:
            raise EnvError(f"pinochle: unknown parameter {unknown[0]!r} (known: "
                           f"{', '.join(DEFAULTS)})")
        v = self.variant = game_variant(given)
        if v.rules.scoring.shoot_the_moon:
            raise EnvError(f"pinochle: {v.id} shoots the moon, which the table does not "
                           "play yet [scoring.shoot_the_moon = true]")
        n = len(v.seats)
        if not 2 <= n <= 5:
            raise EnvError(f"pinochle: {v.id} seats {n}; the game seats 2 to 5")
        dealer = given.get("dealer", -1)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not -1 <= dealer < n:
            raise EnvError(f"pinochle: dealer is a seat number from 0 to {n - 1} (or -1: the "
                           f"last), got {dealer!r}")
        self.dealer = v.seats[dealer]
        self.returns_kind = given.get("returns", "score")
        if self.returns_kind not in RETURNS:
            raise EnvError(f"pinochle: returns is one of {', '.join(RETURNS)}, got "
                           f"{self.returns_kind!r}")
        self.actions = ActionMap(v)
        if self.actions.size > MAX_ACTIONS:
            raise EnvError(f"pinochle: {v.id} needs {self.actions.size} actions (bids to "
                           f"{self.actions.top}); the game offers at most {MAX_ACTIONS}")
        self.stock = v.rules.deal.kitty_kind == "stock"
        top = max((x for k in v.rules.meld.kinds.values() if k.enabled for x in k.values),
                  default=0)
        meld_bound = 4 * sum(max(k.values) for k in v.rules.meld.kinds.values() if k.enabled)
        self.bound = n * (bid_ceiling(v) + 2 * v.rules.points.total + meld_bound + top)
        zero = self.returns_kind == "difference"
        deck = sum(v.deck.counts)
        tricks = deck // n
        calls = n * (self.actions.bids + 2)
        length = calls + 4 + v.rules.deal.bidder_discards + 2 * v.rules.passing.cards + n \
            + deck + (deck if self.stock else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=self.actions.cards, num_players=n,
            min_utility=-float(self.bound) * (2 if zero else 1),
            max_utility=float(self.bound) * (2 if zero else 1),
            utility_sum=0.0 if zero else None, max_game_length=length)
        self.tricks = tricks
        gtype = _game_type(pyspiel.GameType.Utility.ZERO_SUM if zero
                           else pyspiel.GameType.Utility.GENERAL_SUM)
        super().__init__(gtype, info, {**DEFAULTS, **given})
        # the groups the deal hands out by chance: each seat's hand, then the turned card
        size = v.rules.deal.hand_size
        self.groups: list[tuple[int, int]] = [(p, size) for p in range(n)]
        if v.rules.deal.turn_trump and v.rules.deal.kitty:
            self.groups.append((-1, 1))
        self.pool = [v.deck.counts[k] for k in self.actions.card_indexes]

    def new_initial_state(self) -> PinochleState:
        """The state before the first card is dealt."""
        return PinochleState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer of information states (perfect recall) and observations."""
        from pinosolve.env.observer import PinochleObserver

        if params:
            raise EnvError(f"pinochle: the observer takes no parameters, got {params!r}")
        return PinochleObserver(self, iig_obs_type)


class PinochleState(pyspiel.State):
    """A state of the game (see the module)."""

    def __init__(self, game: PinochleGame) -> None:
        super().__init__(game)
        self.shared = _Shared(game)
        self.pool = list(game.pool)
        self.group = 0
        self.picks: list[int] = []
        self.hands: list[list[int]] = [[] for _ in game.variant.seats]
        self.turned: Optional[int] = None
        self.table: Any = None
        self.logs: list[list[str]] = [[] for _ in game.variant.seats]
        self.drawn: list[tuple[int, int, int, bool]] = []  # stock: (trick, seat, card, seen)
        self.melds: list[tuple[int, int, str]] = []  # stock: (trick, seat, meld) laid
        self.chosen: list[str] = []  # the cards picked so far of a pass or a lay-away
        self._decision: Optional[Decision] = None
        self._legal: dict[int, str] = {}
        self.draws: list[int] = []  # stock: the cards drawn this trick so far (chance)

    # --- whose turn, what is legal ---------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt or drawn, TERMINAL at the end."""
        if self.table is None:
            return pyspiel.PlayerId.CHANCE
        d = self._pending()
        if self._drawing():
            return pyspiel.PlayerId.CHANCE
        if d is None:
            return pyspiel.PlayerId.TERMINAL
        return self.shared.variant.seats.index(d.seat)

    def is_terminal(self) -> bool:
        return self.table is not None and self._pending() is None and not self._drawing()

    def _drawing(self) -> bool:
        return getattr(self.table, "deferred", None) is not None

    def _pending(self) -> Optional[Decision]:
        """The table's decision pending (None while a draw waits for chance, or at the end);
        a decision that leads straight to a draw (a winner with nothing to meld) starts it."""
        while self._decision is None and not self._drawing():
            d = self.table.decision()
            if d is None:
                if self._drawing():
                    self._settle()
                    continue
                return None
            self._decision = d
            self._legal = self._legal_of(d)
        return self._decision

    def _legal_of(self, d: Decision) -> dict[int, str]:
        a = self.shared.actions
        if d.count:
            return self._picks(d)
        if d.kind == "meld" and not a.stock:
            return {a.meld + (1 if c == "" else 0): c for c in d.choices}
        return dict(sorted((a.action_of(d.kind, c, d.choices), c) for c in d.choices))

    def _picks(self, d: Decision) -> dict[int, str]:
        """The cards a pass or a lay-away may take next: in deck order (one order for each
        set of cards, as the deal), the required cards among them."""
        a = self.shared.actions
        left = list(d.choices)
        for c in self.chosen:
            left.remove(c)
        need = list(d.required)
        for c in self.chosen:
            if c in need:
                need.remove(c)
        picks = d.count - len(self.chosen)
        if len(need) >= picks:
            return {a.action_of(d.kind, c): c
                    for c in sorted(set(need), key=lambda c: a.action_of(d.kind, c))}
        last = a.action_of(d.kind, self.chosen[-1]) if self.chosen else -1
        free = sorted(a.action_of(d.kind, c) for c in left if c not in need)
        out = {}
        for c in sorted(set(left), key=lambda c: a.action_of(d.kind, c)):
            k = a.action_of(d.kind, c)
            if k < last:
                continue
            # (this card taken, the free cards from it on and the required ones left are
            # enough for the picks after it, whether it is free or required)
            if sum(1 for x in free if x >= k) + len(need) >= picks:
                out[k] = c
        return out

    def decision(self) -> Optional[Decision]:
        """The table's decision pending (None at chance nodes and at the end); a pass or a
        lay-away is asked one card at a time (``chosen``: the cards picked so far)."""
        if self.table is None:
            return None
        d = self._pending()
        return None if self._drawing() else d

    def legal_choices(self) -> dict[int, str]:
        """Each legal action of the seat to move and the choice it makes, in the table's
        spelling (a card of a pass or a lay-away: that card); empty at chance nodes."""
        return dict(self._legal) if self.decision() is not None else {}

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        if player == pyspiel.PlayerId.CHANCE:
            return [t for t, _ in self.chance_outcomes()]
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card type that may be dealt or drawn next, and its chance."""
        if self.table is None:
            _, size = self.shared.game.groups[self.group]
            return outcomes(self.pool, size, self.picks)
        face_down = self._face_down()
        total = sum(face_down)
        return [(t, n / total) for t, n in enumerate(face_down) if n]

    def _face_down(self) -> list[int]:
        """The stock's face-down cards not yet drawn, by card type."""
        counts = [0] * self.shared.actions.cards
        pos = self.table.pos
        for c in pos.stock[len(self.draws):-1]:
            counts[self.shared.actions.card_action(c)] += 1
        return counts

    # --- acting ------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self._deal(action)
        elif self._drawing():
            self._draw(action)
        else:
            self._act(action)

    def _deal(self, action: int) -> None:
        if action not in dict(self.chance_outcomes()):
            raise EnvError(f"pinochle: action {action} ({self._text(action)}) is not a card "
                           "the deal can give now")
        seat, size = self.shared.game.groups[self.group]
        self.picks.append(action)
        card = self.shared.actions.text(action)
        if seat >= 0:
            self.logs[seat].append("d:" + card)
        else:
            for log in self.logs:
                log.append("turned:" + card)
        if len(self.picks) < size:
            return
        for t in self.picks:
            self.pool[t] -= 1
        if seat >= 0:
            self.hands[seat] = self.picks
        else:
            self.turned = self.picks[0]
        self.picks = []
        self.group += 1
        if self.group == len(self.shared.game.groups):
            self._start_table()

    def _start_table(self) -> None:
        v, a = self.shared.variant, self.shared.actions
        rest = [a.card_indexes[t] for t, n in enumerate(self.pool) for _ in range(n)]
        hands = tuple(Hand([Card.from_index(a.card_indexes[t]) for t in h]) for h in self.hands)
        turned = Card.from_index(a.card_indexes[self.turned]) if self.turned is not None \
            else None
        dealt = Dealt(Deal(v.seats, hands), tuple(Card.from_index(c) for c in rest), turned,
                      v.rules.deal.kitty_kind)
        if self.shared.game.stock:
            self.table = DrawTable(v, dealt, self.shared.game.dealer)
        else:
            from pinosolve.table.state import Table

            self.table = Table(v, dealt, self.shared.game.dealer)
        self._settle()

    def _draw(self, action: int) -> None:
        face_down = self._face_down()
        if not 0 <= action < len(face_down) or not face_down[action]:
            raise EnvError(f"pinochle: action {action} ({self._text(action)}) is not a card "
                           "left in the stock")
        pos = self.table.pos
        k = len(self.draws)
        card = self.shared.actions.card_index(action)
        at = pos.stock.index(card, k, len(pos.stock) - 1)
        pos.stock[k], pos.stock[at] = pos.stock[at], pos.stock[k]
        self.draws.append(card)
        self._settle()

    def _settle(self) -> None:
        """Draw where every card to draw is known (one face-down card left, or none)."""
        t = self.table
        while getattr(t, "deferred", None) is not None:
            need = 2 if t.deferred == 0 and len(t.pos.stock) > 2 else 1
            if len(self.draws) < need and sum(1 for n in self._face_down() if n) > 1:
                return
            if len(self.draws) < need:  # (one kind of card left: no chance)
                self._draw_known(need)
            self._finish_draw()

    def _draw_known(self, need: int) -> None:
        pos = self.table.pos
        self.draws.extend(pos.stock[len(self.draws):need])

    def _finish_draw(self) -> None:
        t = self.table
        w = t._winner
        take = t.deferred
        pos = t.pos
        last = len(pos.stock) == 2
        first = pos.stock[take]
        second = pos.stock[0] if take == 1 else pos.stock[1]
        turned_to = (w if take == 1 else 1 - w) if last else -1  # (the turned card: seen)
        for p, card in ((w, first), (1 - w, second)):
            text = str(Card.from_index(card))
            for q, log in enumerate(self.logs):
                log.append("draw:" + (text if q == p or p == turned_to else "?"))
            self.drawn.append((len(t.stage1) - 1, p, card, p == turned_to))
        self.draws = []
        t.finish_draw()

    def _act(self, action: int) -> None:
        d = self._pending()
        if d is None or action not in self._legal:
            who = "the round is over" if d is None else f"{d.kind} by {d.seat}"
            raise EnvError(f"pinochle: action {action} ({self._text(action)}) is not legal "
                           f"({who})")
        choice = self._legal[action]
        seat = self.shared.variant.seats.index(d.seat)
        if d.count:
            self.chosen.append(choice)
            self.logs[seat].append(f"{d.kind}:{choice}")
            if len(self.chosen) < d.count:
                self._legal = self._legal_of(d)
                return
            made: Any = tuple(self.chosen)
            self.chosen = []
        else:
            made = choice
        before = self._snapshot()
        self.table.apply(made)
        self._decision = None
        self._log(d, seat, made, before)
        self._settle()

    def _snapshot(self) -> tuple[Any, ...]:
        t = self.table
        return (getattr(t, "bidder", None), t.trump, getattr(t, "kitty", None))

    def _log(self, d: Decision, seat: int, made: Any, before: tuple[Any, ...]) -> None:
        """Each seat's record of what it saw of a decision made."""
        v, t = self.shared.variant, self.table
        name = v.seats[seat]
        if d.kind in ("pass", "lay_away"):
            if d.kind == "pass":
                receiver = v.seats.index(t.passes[-1][1])
                self.logs[receiver].append("got:" + " ".join(made))
            for q, log in enumerate(self.logs):
                if q != seat:
                    log.append(f"{d.kind}:{name}")
            return
        text = made if d.kind != "meld" or self.shared.actions.stock else (made or "none")
        public = f"{name}:{d.kind}:{text}"
        for log in self.logs:
            log.append(public)
        if self.shared.actions.stock and d.kind == "meld":
            self.melds.append((len(t.stage1) - 1, seat, made))
        bidder = getattr(t, "bidder", None)
        if before[0] is None and bidder is not None and t.kitty is not None and \
                v.rules.deal.bidder_takes_kitty:
            shown = "kitty:" + " ".join(t.kitty.cards())
            for log in self.logs:
                log.append(shown)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, the hidden cards drawn uniformly
        over the consistent deals as a shuffle weights them (``pinosolve.env.resample``);
        ``probability_sampler()`` (a number in [0, 1), as OpenSpiel's IS-MCTS passes it)
        seeds the draw."""
        import random

        from pinosolve.env.resample import resample

        seed = int(float(probability_sampler()) * (1 << 53))
        return resample(self, player_id, random.Random(seed))

    # --- the end -----------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each seat's return: zeros until the end; then its score (see the module)."""
        if not self.is_terminal():
            return [0.0] * len(self.shared.variant.seats)
        scores = self.table.scores()
        out = [float(scores[s]) for s in self.shared.variant.seats]
        if self.shared.game.returns_kind == "difference":
            n, total = len(out), sum(out)
            out = [x - (total - x) / (n - 1) for x in out]
        return out

    def rewards(self) -> list[float]:
        return self.returns()

    # --- text ---------------------------------------------------------------------------

    def _text(self, action: int) -> str:
        try:
            return self.shared.actions.text(action)
        except PinosolveError:
            return "no action"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return ("deal " if self.table is None else "draw ") + self._text(action)
        d = self._pending() if self.table is not None else None
        stock = self.shared.actions.stock
        if d is not None and stock and d.kind == "meld" and action in self._legal:
            return "meld " + (self._legal[action] or "none")
        return self._text(action)

    def __str__(self) -> str:
        if self.table is None:
            return "dealing: " + " | ".join(" ".join(self.shared.actions.text(t) for t in h)
                                            for h in self.hands)
        seats = self.shared.variant.seats
        view = self.table.open_view(seats[0])
        keys = ("hands", "stock", "kitty", "auction_calls", "bidder", "bid", "trump", "shown",
                "play", "trick", "table")
        return "; ".join(f"{k}={view[k]}" for k in keys if k in view)


class _Shared:
    """What every state of a game shares and a clone of a state does not copy: the game,
    its variant and its actions."""

    def __init__(self, game: PinochleGame) -> None:
        self.game, self.variant, self.actions = game, game.variant, game.actions

    def __copy__(self) -> _Shared:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


from pinosolve.table.stock import StockTable  # noqa: E402 (after the game's own names)


class DrawTable(StockTable):
    """A stock table whose draws wait for chance: ``deferred`` is the draw pending (0: the
    top card, 1: the turned one), and ``finish_draw`` makes it once the cards to draw are
    in place at the top of the stock."""

    deferred: Optional[int] = None
    _next_waits = False

    def _draw(self, take: int) -> None:
        self.deferred = take

    def _next_trick(self) -> None:
        if self.deferred is not None:
            self._next_waits = True
            return
        super()._next_trick()

    def _waiting(self) -> bool:
        return self.deferred is not None  # (None is then the decision: a draw is pending)

    def finish_draw(self) -> None:
        take, self.deferred = self.deferred, None
        assert take is not None
        StockTable._draw(self, take)
        if self._next_waits:
            self._next_waits = False
            StockTable._next_trick(self)


pyspiel.register_game(GAME_TYPE, PinochleGame)
