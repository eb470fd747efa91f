"""Studies of many deals: seeded deals, each analysed alone, in chunks that any
worker can run.

Deal ``k`` of a study with seed ``S`` is ``seeded_deal(v, S, k)``
(``pinosolve.variants.dealer``: the shuffle of ``deal_seed(S, k)``), which
``pinosolve deal --seed S --index k`` deals too: it depends on (S, k) alone, never on which
worker made it or in what order, so a chunk of deals is a pure
task (the same records every time it runs), and a study can be split, retried and resumed
freely. ``study_chunk(spec, start, stop)`` is that task: one record per deal of
``start..stop-1`` that passes the filter.

A record: ``index``, ``deal`` (PBN), ``trump``, ``leader``, ``value`` (the double-dummy points
of the leader's side from the opening lead), and as asked ``values`` (every trump and lead),
``meld`` (each seat's best meld in the trump), ``made`` (for each bid, whether the bidder's
contract is made, by a threshold test; where the bidder takes the kitty and lays cards away,
after he does, keeping the most meld, with ``laid_away`` the cards, counted for him as
``score`` counts them), ``trump_length`` (the bidder's trumps, else the
leader's: ``trump_length_of``), ``bounds`` (where a ``timeout`` cut a deal's search short).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Optional
from collections.abc import Callable, Iterable, Iterator

from pinosolve.analysis.conditions import Condition, parse_conditions  # (--where's language)
from pinosolve.errors import PinosolveError
from pinosolve.play.budget import Budget
from pinosolve.variants.dealer import MAX_INDEX, deal_seed, seeded_deal

MAX_DEALS = MAX_INDEX  # deals in one study at most


# --- the study -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Spec:
    """What a study asks of each deal (picklable: it goes to the workers as it is), checked
    as it is made, as the command line checks its options: ``variant`` (a Variant or its
    ID), ``seed`` (0 to 2**64 - 1), ``trump`` (a suit; None: a seeded trump per deal),
    ``leader`` (None: the bidder, else the first seat), ``bids`` (each a contract of the
    variant; they need the ``bidder``), ``partner`` (a called partner) or ``called_card`` (the card
    the bidder calls, or ``auto``: the highest trump he lacks; each deal's partner is then its
    first holder from the bidder's left, and where the rules pass cards the pass is made as
    bid advice makes it, before play), ``filter`` (the
    filter's text or its conditions), ``timeout`` (seconds per deal). ``PinosolveError``
    for a bad value; seats and the trump are kept by their names.

    >>> Spec("four-hand", seed=1, trump="♠", leader="n").trump
    'S'
    """

    variant: Any
    seed: int
    trump: Optional[str] = None        # None: a seeded trump per deal
    leader: Optional[str] = None       # None: the first seat
    all_trumps: bool = False
    all_leads: bool = False
    best_meld: bool = False
    bids: tuple[int, ...] = ()
    bidder: Optional[str] = None
    partner: Optional[str] = None
    filter: tuple[Condition, ...] = field(default_factory=tuple)
    timeout: Optional[float] = None
    called_card: Optional[str] = None         # a card, or "auto"

    def __post_init__(self) -> None:
        from pinosolve.inputs import as_amount, as_variant
        from pinosolve.play.budget import check_timeout
        from pinosolve.scoring.bidding import check_contract
        from pinosolve.variants.sides import bidding_team, seat_name
        from pinosolve.variants.shuffle import check_seed

        def put(name: str, value: Any) -> None:
            object.__setattr__(self, name, value)

        v = as_variant(self.variant)
        put("variant", v)
        put("seed", check_seed(self.seed))
        if self.trump is not None:
            trump = v.parse_trump(self.trump)
            assert trump is not None  # (parse_trump names a suit unless told to allow none)
            put("trump", trump.name)
        for name in ("leader", "bidder", "partner"):
            if getattr(self, name) is not None:
                put(name, seat_name(v, getattr(self, name), name))
        for name in ("all_trumps", "all_leads", "best_meld"):
            if not isinstance(getattr(self, name), bool):
                raise PinosolveError(f"{name} must be true or false, got "
                                     f"{getattr(self, name)!r:.40}")
        if isinstance(self.bids, (str, bytes)) or not isinstance(self.bids, Iterable):
            raise PinosolveError(f"bids must be a list of bids, got {self.bids!r:.40}")
        put("bids", tuple(as_amount(b, "bid") for b in self.bids))
        if self.bids and self.bidder is None:
            raise PinosolveError("bids need the bidder (bidder=)")
        for b in self.bids:
            check_contract(v, b)
        if self.partner is not None:  # (refused where the variant calls no partner)
            bidding_team(v, self.bidder or v.seats[0], self.partner)
        if self.called_card is not None:
            from pinosolve.variants.sides import check_call

            if self.partner is not None:
                raise PinosolveError("give the called card (called_card) or the partner, not both: "
                                     "the call names each deal's partner")
            if not (isinstance(self.called_card, str) and self.called_card.lower() == "auto"):
                put("called_card", str(check_call(v, self.called_card)))
            else:
                check_call(v, "AS" if v.deck.counts[0] else "AH")  # (a called-card variant)
                put("called_card", "auto")
        if self.filter is None or isinstance(self.filter, str):
            put("filter", parse_conditions(v, self.filter))
        elif not all(isinstance(c, Condition) for c in self.filter):
            raise PinosolveError("filter: the filter's text, or conditions of parse_conditions")
        else:
            put("filter", tuple(self.filter))
        put("timeout", check_timeout(self.timeout))


def settings_key(spec: Spec) -> str:
    """A digest of every setting of the study (the rules data included): the Dask tasks of
    two studies on one scheduler never share a key unless they are the same task."""
    import pickle

    return hashlib.sha256(pickle.dumps(spec)).hexdigest()[:16]


def study_chunk(spec: Spec, start: int, stop: int) -> list[dict[str, Any]]:
    """The records of deals ``start..stop-1`` that pass the filter, in order: a pure task.
    ``PinosolveError`` for a bad range or a spec that is not a ``Spec``."""
    _range(spec, start, stop)
    return [r for k in range(start, stop) if (r := study_deal(spec, k)) is not None]


def _index(index: Any) -> int:
    """A deal's index in a study: a whole number from 0 to MAX_DEALS."""
    from pinosolve.inputs import as_whole

    if not 0 <= as_whole(index, "index") <= MAX_DEALS:
        raise PinosolveError(f"index must be from 0 to {MAX_DEALS}, got {index}")
    return int(index)


def _range(spec: Any, start: Any, stop: Any) -> None:
    from pinosolve.inputs import as_whole

    if not isinstance(spec, Spec):
        raise PinosolveError(f"a study takes a Spec, got {type(spec).__name__}")
    start, stop = as_whole(start, "start"), as_whole(stop, "stop")
    if not 0 <= start <= stop <= MAX_DEALS:
        raise PinosolveError(f"deals {start} to {stop}: give 0 <= start <= stop <= "
                             f"{MAX_DEALS}")


def study_deal(spec: Spec, index: int) -> Optional[dict[str, Any]]:
    """Deal ``index``'s record, or None where the filter turns it away."""
    from pinosolve.game import Game

    v = spec.variant
    dealt, trump = deal_of(spec, index)
    deal = dealt.deal
    if not _kept(spec, deal, trump):
        return None
    leader = spec.leader or (spec.bidder if spec.bidder else v.seats[0])
    roles = _roles(v, spec)
    record: dict[str, Any] = {"index": index, "seed": spec.seed, "deal": str(deal),
                              "trump": trump.name, "leader": leader}
    partner, after_pass = spec.partner, deal
    if spec.called_card is not None:  # the call on the hands as dealt, and the pass it makes
        from pinosolve.deal import Deal
        from pinosolve.scoring.passing import call_partner
        from pinosolve.variants.sides import card_to_call

        bidder = roles["declarer"]
        hands = dict(deal.items())
        card = (card_to_call(v, trump, hands[bidder]) if spec.called_card == "auto"
                else spec.called_card)
        called = call_partner(v, trump, hands, bidder, card)
        partner = roles["partner"] = called.partner
        after_pass = Deal(tuple(v.seats), tuple(called.hands[s] for s in v.seats))
        record.update(called_card=str(called.card), partner=partner)
    limit = worker_table_limit()
    res = Game(v, deal, trump=trump, leader=leader, **roles).solve(
        Budget(spec.timeout, limit), value_only=True)
    record["value"] = res.value
    if res.value is None:
        record["bounds"] = list(res.bounds)
    if spec.all_trumps or spec.all_leads:
        record["values"] = _values(v, deal, trump, leader, roles, spec, limit)
    if spec.best_meld:
        from pinosolve.meld.solver import best_meld

        record["meld"] = {s: best_meld(v, h, trump).meld for s, h in deal.items()}
    record["trump_length"] = sum(1 for c in deal[spec.bidder or leader] if c.suit == trump)
    if spec.bids:
        from pinosolve.scoring.makeable import makeable

        assert spec.bidder is not None  # (a Spec with bids names its bidder)
        played, laid = after_pass, None
        if v.rules.deal.bidder_discards:
            played, laid = _lay_away(v, dealt, spec.bidder, trump)
            record["laid_away"] = [str(c) for c in laid]
        record["made"] = {str(b): makeable(v, played, trump, spec.bidder, b, partner,
                                           laid_away=laid, timeout=spec.timeout,
                                           exact=False).made
                          for b in spec.bids}
    return record


def _lay_away(v: Any, dealt: Any, bidder: str, trump: Any) -> tuple[Any, Any]:
    """The deal after the bidder takes the kitty ``dealt`` leaves undealt and lays cards
    away (the most meld kept: ``pinosolve.scoring.passing.lay_away``, as bid advice does),
    and the cards laid away."""
    from pinosolve.cards import Hand
    from pinosolve.deal import Deal
    from pinosolve.scoring.passing import lay_away

    hands = dict(dealt.deal.items())
    laid = lay_away(v, trump, hands[bidder], Hand(dealt.undealt))
    hands[bidder] = hands[bidder] + Hand(dealt.undealt) - laid
    return Deal(tuple(v.seats), tuple(hands[s] for s in v.seats)), laid


def deal_of(spec: Spec, index: int) -> tuple[Any, Any]:
    """Deal ``index`` of the study, with its undealt cards (``variants.dealer.Dealt``:
    ``seeded_deal(variant, seed, index)``, what ``pinosolve deal --seed SEED --index INDEX``
    deals), and its trump (the spec's, else one the seed draws: the suit of
    ``deal_seed(seed, index) % 4``). ``PinosolveError`` for an index outside 0 to 10**9.

    >>> from pinosolve.variants.variant import load_variant
    >>> v = load_variant("four-hand")
    >>> deal_of(Spec(v, seed=7), 3)[0] == seeded_deal(v, 7, 3)
    True
    """
    if not isinstance(spec, Spec):
        raise PinosolveError(f"a study takes a Spec, got {type(spec).__name__}")
    from pinosolve.cards import Suit

    dealt = seeded_deal(spec.variant, spec.seed, index)
    return dealt, Suit.parse(spec.trump) if spec.trump is not None else \
        Suit(deal_seed(spec.seed, index) % 4)


def _kept(spec: Spec, deal: Any, trump: Any) -> bool:
    return all(c.holds(spec.variant, deal[c.seat], trump) for c in spec.filter)


def gives_record(spec: Spec, index: int) -> bool:
    """Whether deal ``index`` passes the filter, so that the study writes a record of it
    (the filter alone: nothing is solved)."""
    dealt, trump = deal_of(spec, index)
    return _kept(spec, dealt.deal, trump)


def worker_table_limit() -> Optional[int]:
    """The table limit of a search on a Dask worker: from the memory the worker was given
    (``memory_limit``) shared by its threads; None elsewhere (the process's own limit)."""
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):
        return None
    from pinosolve.play.tables import table_limit

    memory = getattr(getattr(worker, "memory_manager", None), "memory_limit", None) or 0
    threads = getattr(getattr(worker, "state", worker), "nthreads", 1)
    return table_limit(memory=int(memory), parts=max(1, int(threads)))


def _roles(v: Any, spec: Spec) -> dict[str, Any]:
    from pinosolve.variants.sides import sides_fixed

    if sides_fixed(v):
        return {}
    roles = {"declarer": spec.bidder or v.seats[0]}
    if v.rules.players.partnership == "called-card":  # (a call names each deal's partner)
        roles["partner"] = spec.partner or roles["declarer"]
    return roles


def _values(v: Any, deal: Any, trump: Any, leader: str, roles: dict[str, Any],
            spec: Spec, limit: Optional[int]) -> dict[str, dict[str, Optional[int]]]:
    """The value of the leader's side for every trump (``all_trumps``) and lead
    (``all_leads``): {trump: {leader: value}}."""
    from pinosolve.cards import Suit
    from pinosolve.game import Game

    trumps = list(Suit) if spec.all_trumps else [trump]
    leads = list(v.seats) if spec.all_leads else [leader]
    return {t.name: {s: Game(v, deal, trump=t, leader=s, **roles).solve(
        Budget(spec.timeout, limit), value_only=True).value for s in leads}
        for t in trumps}


def trump_length_of(spec: Spec) -> dict[str, str]:
    """Whose trumps a record's ``trump_length`` counts: the bidder's where the study names
    one, else the leader's (``--leader``, else the first seat), as
    ``{"seat": SEAT, "role": "bidder" | "leader"}``.

    >>> trump_length_of(Spec("four-hand", seed=1, bidder="E"))
    {'seat': 'E', 'role': 'bidder'}
    """
    if spec.bidder is not None:
        return {"seat": spec.bidder, "role": "bidder"}
    return {"seat": spec.leader or spec.variant.seats[0], "role": "leader"}


def check_record(spec: Spec, r: Any, deals: int, after: int = -1) -> int:
    """A one-line error unless ``r`` (a record of an --out file, to resume) is this study's:
    its index comes after ``after`` (records are written in index order) and within the
    study, its deal is the one its index makes from the seed, and its keys and trump and
    leader are what the options ask. Its index."""
    from pinosolve.cards import Suit

    v = spec.variant
    leader = spec.leader or (spec.bidder if spec.bidder else v.seats[0])
    k = r.get("index") if isinstance(r, dict) else None
    why = None
    if not isinstance(r, dict):
        why = "a line that is not a record"
    elif isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < deals:
        why = f"index {k!r} is not a deal of this study (0 to {deals - 1})"
    elif k <= after:
        why = f"deal {k} is there twice, or out of order"
    elif r.get("seed") != spec.seed:
        why = f"deal {k} is of seed {r.get('seed')!r}, not {spec.seed}"
    elif not _well_formed(r):
        why = f"deal {k}'s record is not one this command writes"
    elif r.get("deal") != str(v.random_deal(deal_seed(spec.seed, k))):
        why = f"deal {k} is not this seed's (another seed or variant)"
    elif r.get("leader") != leader:
        why = f"deal {k} was led by {r.get('leader')}, not {leader}"
    elif r.get("trump") != (spec.trump or Suit(deal_seed(spec.seed, k) % 4).name):
        why = f"deal {k} was played in another trump"
    elif sorted(r.get("made", {})) != sorted(str(b) for b in spec.bids) or \
            ("meld" in r) != spec.best_meld or \
            ("values" in r) != (spec.all_trumps or spec.all_leads):
        why = f"deal {k} answers other options (--bid, --best-meld, --all-trumps, --all-leads)"
    if why is not None:
        raise PinosolveError(f"the records to resume are not this study's: {why}; give "
                             "another --out, or the options they were made with")
    assert isinstance(k, int)
    return k


def _well_formed(r: dict[str, Any]) -> bool:
    """Whether a record has the types this module writes (a file edited by hand may not)."""
    def whole(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    made = r.get("made", {})
    return ((r.get("value") is None or whole(r.get("value"))) and whole(r.get("trump_length"))
            and isinstance(made, dict)
            and all(re.fullmatch(r"\d{1,13}", b) and (ok is None or isinstance(ok, bool))
                    for b, ok in made.items()))


def chunks(deals: int, size: int, start: int = 0) -> Iterator[tuple[int, int]]:
    """The study's tasks from deal ``start`` on: ranges of ``size`` deals, one at a time (a
    study of a billion deals never holds them all)."""
    from pinosolve.inputs import as_whole

    if as_whole(size, "chunk") < 1:
        raise PinosolveError(f"chunk must be at least 1, got {size}")
    for a in range(_index(start), _index(deals), size):
        yield a, min(deals, a + size)


def study(spec: Spec, deals: int) -> list[dict[str, Any]]:
    """Every record of a study of ``deals`` deals, in index order, in this process (the
    command line's ``--backend local`` runs the same chunks in worker processes)."""
    _range(spec, 0, deals)
    return study_chunk(spec, 0, deals)


def run_dask(spec: Spec, tasks: Iterable[tuple[int, int]], client: Any,
             take: Callable[[int, int, list[dict[str, Any]]], None], retries: int = 3,
             window: int = 64) -> None:
    """The chunks ``tasks`` on a Dask ``client``'s workers, at most ``window`` at a time,
    ``take(start, stop, records)`` called as each finishes (in any order). Each chunk is a
    pure task keyed by the study's settings (``settings_key``): the scheduler may run it
    again, ``retries`` times after an error and wherever a worker was lost."""
    from distributed import as_completed

    key = settings_key(spec)
    todo = iter(tasks)
    where: dict[Any, tuple[int, int]] = {}

    def submit() -> Optional[Any]:
        task = next(todo, None)
        if task is None:
            return None
        a, b = task
        future = client.submit(study_chunk, spec, a, b, pure=True, retries=retries,
                               key=f"pinosolve-study-{key}-{a}-{b}")
        where[future] = task
        return future

    first = [f for f in (submit() for _ in range(window)) if f is not None]
    running = as_completed(first)
    for future in running:
        a, b = where.pop(future)
        take(a, b, future.result())
        nxt = submit()
        if nxt is not None:
            running.add(nxt)


CLOSE_WAIT = 30.0  # seconds a local cluster's worker has to end on its own when it closes


def close_dask(client: Any, cluster: Any = None, timeout: float = CLOSE_WAIT) -> None:
    """Close a Dask ``client`` and then the ``cluster`` it was made for (a ``LocalCluster``
    this process started; None: a cluster someone else runs, left running), in that order,
    quietly. A worker's nanny that closes kills a worker process still alive after 4 s,
    with a warning on stderr ("Worker process still alive after 4.0 seconds, killing", once
    per worker: a worker ending its searches, freeing its tables and the solver's threads,
    may take longer); so each of the cluster's nannies is closed first and given
    ``timeout`` seconds, and only then the cluster."""
    import asyncio

    try:
        client.close(timeout=timeout)
    finally:
        if cluster is not None:
            async def nannies() -> None:
                await asyncio.gather(*(w.close(timeout=timeout)
                                       for w in list(cluster.workers.values())),
                                     return_exceptions=True)

            try:
                cluster.sync(nannies)
            finally:
                cluster.close(timeout=2 * timeout)


class Tally:
    """The summary of a study, kept as the records pass (counts and sums, never the records
    themselves): ``add`` each record, then ``summary()``."""

    def __init__(self) -> None:
        self.deals = self.n = 0
        self.total = self.squares = 0
        self.histogram: dict[int, int] = {}
        self.by_length: dict[int, list[int]] = {}  # trump length -> [deals, sum, squares]
        self.made: dict[str, list[int]] = {}  # bid -> [made, decided, undecided]

    def add(self, r: dict[str, Any]) -> None:
        self.deals += 1
        x = r.get("value")
        if x is not None:
            self.n += 1
            self.total += x
            self.squares += x * x
            self.histogram[x] = self.histogram.get(x, 0) + 1
            row = self.by_length.setdefault(r["trump_length"], [0, 0, 0])
            row[0] += 1
            row[1] += x
            row[2] += x * x
        for bid, ok in r.get("made", {}).items():
            row = self.made.setdefault(bid, [0, 0, 0])
            if ok is None:
                row[2] += 1
            else:
                row[0] += 1 if ok else 0
                row[1] += 1

    def summary(self) -> dict[str, Any]:
        """For people: the number of deals, the mean value and its standard error, the
        values' histogram, the mean by trump length, and the make rate of each bid."""
        return {"deals": self.deals, "bounded": self.deals - self.n,
                **_stats(self.n, self.total, self.squares),
                "histogram": [{"value": k, "deals": self.histogram[k]}
                              for k in sorted(self.histogram)],
                "by_trump_length": [{"trump_length": k, "deals": row[0],
                                     **_stats(*row)}
                                    for k, row in sorted(self.by_length.items())],
                "make_rates": [{"bid": int(b), "deals": sum(row[1:]),
                                "made": round(row[0] / row[1], 4) if row[1] else None,
                                "undecided": row[2]}
                               for b, row in sorted(self.made.items(),
                                                    key=lambda kv: int(kv[0]))]}


def _stats(n: int, total: int, squares: int) -> dict[str, Any]:
    """The mean and its standard error from a count, a sum and a sum of squares."""
    import math

    if not n:
        return {"mean": None, "stderr": 0.0}
    mean = total / n
    var = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    return {"mean": round(mean, 4), "stderr": round(math.sqrt(var / n), 4)}


def summarize(records: list[dict[str, Any]]) -> dict[str, Any]:
    """``Tally``'s summary of ``records``."""
    tally = Tally()
    for r in records:
        tally.add(r)
    return tally.summary()
