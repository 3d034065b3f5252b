"""The Schwingfest: n >= 3 Schwinger meet each other twice, one Gang per meeting, in rounds on the card sets at hand; with standings."""

from __future__ import annotations

import heapq
import math
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from schwinget_spec.checks import check_callable, check_type, field_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingfestError
from schwinget_spec.gang import GangResult, GangState, check_result, start_gang
from schwinget_spec.json_read import check_plain, read_at, read_count, read_object, read_text
from schwinget_spec.match import (
    Chooser,
    _check_points,
    _play_by_bots,
    _players,
    check_reachable_counts,
    gang_seeds,
    play_out,
    random_chooser,
    rules_difference,
)
from schwinget_spec.players import Player, as_player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GangScore, Points, ScoringSystem, as_system, compute_gang_score
from schwinget_spec.support.frozen import FrozenDict
from schwinget_spec.support.safe_text import shown

if TYPE_CHECKING:
    from schwinget_spec.bots import Bot

__all__ = [
    "FestGang",
    "Meeting",
    "Schedule",
    "SchwingfestError",
    "SchwingfestState",
    "Standing",
    "gaenge_per_schwinger",
    "make_schedule",
    "min_rounds",
    "play_schwingfest",
    "start_schwingfest",
]

MEETINGS_PER_PAIR = 2
"""Each Schwinger meets each other twice (``fest.twice_each``)."""


MAX_PLAYERS = 256
"""The most Schwinger this library schedules (65,280 Gänge); the trace format holds 64."""


MAX_SETS = MAX_PLAYERS // 2
"""The most card sets this library schedules: a round of ``MAX_PLAYERS`` Schwinger holds at most that many Gänge."""


def _check_size(players: int, sets: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players < 3:
        raise SchwingfestError(
            f"a Schwingfest needs more than 2 Schwinger, got {shown(players)}", clause_id="fest.more_players"
        )
    if players > MAX_PLAYERS:
        raise SchwingfestError(f"players: this library schedules at most {MAX_PLAYERS} Schwinger, got {shown(players)}")
    if isinstance(sets, bool) or not isinstance(sets, int) or sets < 1:
        raise SchwingfestError(
            f"a Schwingfest needs at least one card set, got {shown(sets)}", clause_id="fest.parallel"
        )
    if sets > MAX_SETS:
        raise InvalidArgumentError(
            "sets", f"this library schedules at most {MAX_SETS} card sets (no round of {MAX_PLAYERS} uses more), got {shown(sets)}"
        )


def gaenge_per_schwinger(players: int) -> int:
    """Gänge each Schwinger fights in a Schwingfest of ``players``: 2(n-1), one per meeting (``fest.twice_each``).

    3 Schwinger: 4 Gänge each; 4 Schwinger: 6 (``fest.four_players``). The whole fest
    has n(n-1) Gänge.
    """
    _check_size(players, 1)
    return MEETINGS_PER_PAIR * (players - 1)


def min_rounds(players: int, sets: int) -> int:
    """The fewest rounds any schedule of a Schwingfest can have (``fest.parallel``).

    In a round each Schwinger fights at most one Gang and each Gang needs its own card
    set, so a round holds at most ``min(sets, n // 2)`` Gänge: there are n(n-1) Gänge,
    hence at least ``ceil(n(n-1) / min(sets, n // 2))`` rounds (for odd n and enough sets
    that is 2n: one Schwinger rests in every round). And each Schwinger fights 2(n-1)
    Gänge, one per round, hence at least 2(n-1) rounds. ``make_schedule`` meets the
    larger of the two bounds.
    """
    _check_size(players, sets)
    total = players * (players - 1)
    per_round = min(sets, players // 2)
    return max(gaenge_per_schwinger(players), math.ceil(total / per_round))


def _index(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise InvalidArgumentError(
            attribute.name, f"a Schwinger is a number 0, 1, 2... below {MAX_PLAYERS}, got {shown(value)}"
        )


@attrs.frozen(order=True, cache_hash=True)
class Meeting:
    """One Gang of a Schwingfest: Schwinger ``a`` against ``b`` (indices, ``a < b``), their ``leg``-th meeting (1 or 2).

    In the Gang, ``a`` sits as ``P0`` and ``b`` as ``P1``. Schwinger are numbered in the
    order given to ``start_schwingfest``, youngest first, so ``a`` is the younger. Other
    values (a float, ``a >= b``) raise ``InvalidArgumentError``, a third leg ``SchwingfestError``.
    """

    a: int = attrs.field(validator=_index)
    b: int = attrs.field(validator=_index)
    leg: int = attrs.field()

    @leg.validator
    def _check_leg(self, _attribute: object, value: int) -> None:
        if self.a >= self.b:
            raise InvalidArgumentError("b", f"a meeting names the younger Schwinger first: a < b, got {self.a} and {self.b}")
        if type(value) is not int:
            raise InvalidArgumentError("leg", f"expected an int, 1 or 2, got {shown(value)}")
        if value not in (1, 2):
            raise SchwingfestError(f"leg: each pair meets twice, leg 1 or 2, got {shown(value)}", clause_id="fest.twice_each")

    def seat(self, schwinger: int) -> Player:
        """The seat of ``schwinger`` in this Gang; ``InvalidArgumentError`` if ``schwinger`` does not fight in it."""
        if type(schwinger) is int:
            if schwinger == self.a:
                return Player.P0
            if schwinger == self.b:
                return Player.P1
        raise InvalidArgumentError("schwinger", f"Schwinger {shown(schwinger)} does not fight in {self}")

    def schwinger(self, seat: Player) -> int:
        """The Schwinger in ``seat``."""
        return self.a if as_player(seat, "seat") is Player.P0 else self.b

    def __str__(self) -> str:
        return f"{self.a}-{self.b}/{self.leg}"


@attrs.frozen
class Schedule:
    """The Gänge of a Schwingfest in rounds: the Gänge of a round fight at the same time, each on its own card set.

    ``rounds`` has ``min_rounds(players, sets)`` rounds; every pair meets twice; in every
    round a Schwinger fights at most once and at most ``sets`` Gänge are fought; a pair's
    first meeting (leg 1) comes in an earlier round than its second. ``make_schedule``
    builds one; the constructor checks the types and that no meeting appears twice.
    """

    players: int = attrs.field(validator=field_type(int))
    sets: int = attrs.field(validator=field_type(int))
    rounds: tuple[tuple[Meeting, ...], ...] = attrs.field()
    _meetings: tuple[Meeting, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _place: Mapping[Meeting, tuple[int, int]] = attrs.field(init=False, eq=False, hash=False, repr=False)

    @rounds.validator
    def _check_rounds(self, _attribute: object, value: object) -> None:
        if not isinstance(value, tuple) or not all(isinstance(r, tuple) for r in value):
            raise InvalidArgumentError("rounds", f"expected a tuple of rounds, each a tuple of Meetings, got {shown(value)}")

    def __attrs_post_init__(self) -> None:
        meetings = tuple(m for r in self.rounds for m in r)
        place: dict[Meeting, tuple[int, int]] = {}
        for number, r in enumerate(self.rounds, 1):
            for m in r:
                if not isinstance(m, Meeting):
                    raise InvalidArgumentError("rounds", f"expected Meetings, got {shown(m)}")
                if m in place:
                    raise InvalidArgumentError("rounds", f"{m} appears twice", clause_id="fest.twice_each")
                place[m] = (len(place), number)
        object.__setattr__(self, "_meetings", meetings)
        object.__setattr__(self, "_place", FrozenDict(place))

    @property
    def meetings(self) -> tuple[Meeting, ...]:
        """Every Gang of the fest, round by round."""
        return self._meetings

    def position(self, meeting: Meeting) -> int | None:
        """The place (0-based) of ``meeting`` in ``meetings``, or None if it is not a Gang of this Schwingfest."""
        place = self._place.get(meeting) if isinstance(meeting, Meeting) else None
        return None if place is None else place[0]

    def round_of(self, meeting: Meeting) -> int:
        """The round (1-based) in which ``meeting`` is fought."""
        place = self._place.get(meeting) if isinstance(meeting, Meeting) else None
        if place is None:
            shown_meeting = meeting if isinstance(meeting, Meeting) else shown(meeting)
            raise SchwingfestError(f"{shown_meeting} is not a Gang of this Schwingfest", clause_id="fest.twice_each")
        return place[1]


def _one_factorization(players: int) -> list[list[tuple[int, int]]]:
    # The circle method: Schwinger m-1 stays, the others turn; with odd n a resting seat
    # (index n) is added and its pairings dropped.
    m = players + players % 2
    out = []
    for r in range(m - 1):
        ring = [(r + i) % (m - 1) for i in range(m - 1)]
        pairs = [(ring[0], m - 1)] + [(ring[i], ring[m - 1 - i]) for i in range(1, m // 2)]
        out.append([(min(p), max(p)) for p in pairs if max(p) < players])
    return out


def _swap_alternating_path(
    big: list[tuple[int, int]], small: list[tuple[int, int]]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    # big and small are matchings with len(big) > len(small); their union is made of
    # alternating paths and cycles, and some path has one edge more in big than in small:
    # exchanging its edges moves one Gang from big to small and keeps both matchings.
    at_big = {v: e for e in big for v in e}
    at_small = {v: e for e in small for v in e}
    for start in at_big:
        if start in at_small:
            continue
        path: list[tuple[tuple[int, int], bool]] = []
        v, in_big = start, True
        while True:
            edge = (at_big if in_big else at_small).get(v)
            if edge is None:
                break
            path.append((edge, in_big))
            v = edge[1] if edge[0] == v else edge[0]
            in_big = not in_big
        if len(path) % 2:
            from_big = [e for e, b in path if b]
            from_small = [e for e, b in path if not b]
            new_big = [e for e in big if e not in from_big] + from_small
            new_small = [e for e in small if e not in from_small] + from_big
            return new_big, new_small
    raise AssertionError("two matchings of unequal size always have an augmenting alternating path")


def _even_out(rounds: list[list[tuple[int, int]]]) -> None:
    # while the largest round has two Gänge more than the smallest, move one along an
    # alternating path: the first largest and the first smallest round (by index) each
    # time. The rounds of each size are kept in a heap of their indices (an entry whose
    # round has since changed size is dropped when met), so a move costs no scan of all
    # rounds: 256 Schwinger on one set (65,280 rounds) take seconds, not hours.
    sizes = [len(r) for r in rounds]
    by_size: list[list[int]] = [[] for _ in range(max(sizes) + 1)]
    for i, size in enumerate(sizes):
        by_size[size].append(i)  # ascending indices: already heaps

    def first(size: int) -> int | None:
        heap = by_size[size]
        while heap and sizes[heap[0]] != size:
            heapq.heappop(heap)
        return heap[0] if heap else None

    high, low = len(by_size) - 1, min(sizes)
    while True:
        while first(high) is None:
            high -= 1
        while first(low) is None:
            low += 1
        if high - low <= 1:
            return
        big, small = first(high), first(low)
        assert big is not None
        assert small is not None
        rounds[big], rounds[small] = _swap_alternating_path(rounds[big], rounds[small])
        for i in (big, small):
            sizes[i] = len(rounds[i])
            heapq.heappush(by_size[sizes[i]], i)
        high, low = max(high, sizes[big], sizes[small]), min(low, sizes[big], sizes[small])


def make_schedule(players: int, sets: int = 1) -> Schedule:
    """A schedule of a Schwingfest of ``players`` Schwinger on ``sets`` card sets with the fewest rounds (``fest.parallel``).

    Start from a double round robin by the circle method (2(n-1) rounds for even n, 2n
    for odd n, each a set of disjoint pairs), add empty rounds up to ``min_rounds``, then
    even the rounds out: while one round has two Gänge more than another, exchange the
    Gänge along an alternating path between the two (both stay sets of disjoint pairs).
    The rounds then differ by at most one Gang, so none holds more than
    ``ceil(n(n-1) / min_rounds) <= sets`` Gänge. Each pair's earlier meeting is its leg 1.
    """
    target = min_rounds(players, sets)
    base = _one_factorization(players)
    rounds: list[list[tuple[int, int]]] = [list(r) for r in base] + [list(r) for r in base]
    rounds += [[] for _ in range(target - len(rounds))]
    _even_out(rounds)
    seen: set[tuple[int, int]] = set()
    out = []
    for r in rounds:
        meetings = []
        for pair in sorted(r):
            meetings.append(Meeting(pair[0], pair[1], 2 if pair in seen else 1))
            seen.add(pair)
        out.append(tuple(meetings))
    return Schedule(players, sets, tuple(out))


# -- the fest in play


@attrs.frozen
class FestGang:
    """One fought Gang of a Schwingfest: the meeting, the Schwinger who started it, its result and points."""

    meeting: Meeting
    starter: int
    result: GangResult
    score: GangScore

    def points_of(self, schwinger: int) -> Points:
        """The points ``schwinger`` scored in this Gang."""
        return self.score.points[self.meeting.seat(schwinger)]


@attrs.frozen
class Standing:
    """One line of the standings: the rank, the Schwinger and their record.

    ``plattwuerfe`` counts the Gänge the Schwinger won by Plattwurf. Ranks follow the
    points; equal points share a rank, or are told apart by ``Rules.fest_tiebreak``
    (AMB-FEST-TIES); Schwinger still equal share the rank and are listed youngest first.
    """

    rank: int
    schwinger: int
    name: str
    points: Points
    gaenge: int
    won: int
    drawn: int
    lost: int
    plattwuerfe: int

    def to_json(self) -> dict[str, Any]:
        """The wire value: every field by name, the points as their string (``Points.to_json``); the protocol's ``fest_result`` standings carry ``schwinger``, ``points`` and ``rank`` of it."""
        return {
            "rank": self.rank,
            "schwinger": self.schwinger,
            "name": self.name,
            "points": self.points.to_json(),
            "gaenge": self.gaenge,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "plattwuerfe": self.plattwuerfe,
        }

    @classmethod
    def from_json(cls, data: object, system: ScoringSystem) -> Standing:
        """The line ``to_json`` wrote, its points under ``system``; anything else raises a library error naming the field.

        Refused as no Schwingfest gives them, naming the field: a rank from 1 and a
        Schwinger from 0 beyond ``MAX_PLAYERS``, more Gänge than a Schwinger fights
        (``gaenge_per_schwinger``, ``fest.twice_each``), Gänge won, drawn and lost that do
        not add up to the Gänge, more Plattwürfe than Gänge won (each count refused by its
        size before it is used).
        """
        counts = ("rank", "schwinger", "gaenge", "won", "drawn", "lost", "plattwuerfe")
        check_plain(data, "standing")
        obj = read_object(data, "standing", (*counts[:2], "name", "points", *counts[2:]))
        most = MEETINGS_PER_PAIR * (MAX_PLAYERS - 1)
        limits = {"rank": MAX_PLAYERS, "schwinger": MAX_PLAYERS - 1}
        read = {name: read_count(obj[name], f"standing.{name}", limits.get(name, most)) for name in counts}
        if read["rank"] == 0:
            raise InvalidArgumentError("standing.rank", "a rank counts from 1, got 0")
        if read["won"] + read["drawn"] + read["lost"] != read["gaenge"]:
            raise InvalidArgumentError(
                "standing.gaenge",
                f"{read['won']} won, {read['drawn']} drawn and {read['lost']} lost are not {read['gaenge']} Gänge",
                clause_id="fest.twice_each",
            )
        if read["plattwuerfe"] > read["won"]:
            raise InvalidArgumentError(
                "standing.plattwuerfe", f"a Plattwurf wins a Gang: {read['plattwuerfe']} of {read['won']} Gänge won",
                clause_id="plattwurf.definition",
            )
        return cls(
            name=read_text(obj["name"], "standing.name"),
            points=read_at("standing.points", "text", Points.from_json, obj["points"], system),
            **read,
        )


_SYSTEMS = {system.value: system for system in ScoringSystem}


_ROW = 64
"""Meetings per row of a Schwingfest state's index of fought Gänge."""


@attrs.frozen
class SchwingfestState:
    """A Schwingfest as an immutable value. Build the first one with ``start_schwingfest``.

    ``names`` are the Schwinger, youngest first; ``schedule`` fixes the meetings and
    rounds; ``fought`` are the Gänge fought so far, in the order recorded. Looking a
    meeting up (``gang_of``, and so ``apply_gang`` and ``apply_result``) takes constant time: the state keeps,
    for each meeting of the schedule, its place in ``fought``, in rows of ``_ROW``
    meetings, so that recording a Gang copies one row and the tuple of rows rather than
    a place for every meeting (a 64-player fest has 4,032).
    """

    names: tuple[str, ...] = attrs.field(validator=field_type(tuple))
    system: ScoringSystem = attrs.field(validator=field_type(ScoringSystem))
    rules: Rules = attrs.field(validator=field_type(Rules))
    schedule: Schedule = attrs.field(validator=field_type(Schedule))
    fought: tuple[FestGang, ...] = attrs.field(default=(), validator=field_type(tuple))
    # (the ``fought`` tuple it describes, the place in it of each meeting of the schedule or -1,
    # meeting k at [k // _ROW][k % _ROW])
    _slots: tuple[tuple[FestGang, ...], tuple[tuple[int, ...], ...]] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_slots"
    )

    def __attrs_post_init__(self) -> None:
        if self._slots is not None and self._slots[0] is self.fought:
            return
        slots = [-1] * len(self.schedule.meetings)
        for i, g in enumerate(self.fought):
            if not isinstance(g, FestGang):
                raise InvalidArgumentError(f"fought[{i}]", f"expected a FestGang, got {shown(g)}")
            k = self.schedule.position(g.meeting)
            if k is None or slots[k] >= 0:
                raise InvalidArgumentError(f"fought[{i}]", f"{g.meeting} is not an open meeting of the schedule")
            slots[k] = i
        rows = tuple(tuple(slots[r : r + _ROW]) for r in range(0, len(slots), _ROW))
        object.__setattr__(self, "_slots", (self.fought, rows))

    @property
    def is_over(self) -> bool:
        """True once every meeting of the schedule is fought."""
        return len(self.fought) == len(self.schedule.meetings)

    @property
    def remaining(self) -> tuple[Meeting, ...]:
        """The meetings still to fight, in schedule order."""
        assert self._slots is not None
        places = (i for row in self._slots[1] for i in row)
        return tuple(m for m, i in zip(self.schedule.meetings, places, strict=True) if i < 0)

    def gang_of(self, meeting: Meeting) -> FestGang | None:
        """The fought Gang of ``meeting``, or None if it is not fought yet (or not a meeting of the schedule)."""
        return self._fought(meeting)

    def _fought(self, meeting: Meeting) -> FestGang | None:
        k = self.schedule.position(meeting)
        assert self._slots is not None
        if k is None:
            return None
        i = self._slots[1][k // _ROW][k % _ROW]
        return None if i < 0 else self.fought[i]

    def starter_of(self, meeting: Meeting) -> int:
        """The Schwinger who starts the Gang of ``meeting`` under ``Rules.fest_starter`` (AMB-FEST-STARTER)."""
        if not isinstance(meeting, Meeting):
            raise InvalidArgumentError("meeting", f"expected a Meeting, got {shown(meeting)}")
        mode = self.rules.fest_starter
        if mode == "younger" or meeting.leg == 1:
            # match.first_starter: the younger of the pair
            return meeting.a
        if mode == "alternate":
            return meeting.b
        first = self._fought(Meeting(meeting.a, meeting.b, 1))
        if first is None:
            raise SchwingfestError(
                f"{self.names[meeting.a]} and {self.names[meeting.b]} must fight their first meeting "
                "before the second: its loser starts the second",
                clause_id="match.loser_starts",
            )
        loser = first.result.loser
        if loser is not None:
            # match.loser_starts: the loser of the pair's first meeting
            return first.meeting.schwinger(loser)
        # match.draw_starter: a Gestellter gives both the same points, so the pair's points are
        # equal and AMB-DRAW-TIE-STARTER decides; the younger started the drawn first meeting
        return meeting.b if self.rules.draw_tie_starter == "drawn_gang_other" else meeting.a

    def start_meeting(self, meeting: Meeting, deal: Deal) -> GangState:
        """The first state of the Gang of ``meeting`` dealt as ``deal``, with its starter and the fest's rules."""
        self._check_open(meeting)
        return start_gang(deal, meeting.seat(self.starter_of(meeting)), self.rules)

    def _check_open(self, meeting: Meeting) -> int:
        # The place of ``meeting`` in the schedule, if it is a meeting of it not fought yet.
        if not isinstance(meeting, Meeting):
            raise InvalidArgumentError("meeting", f"expected a Meeting, got {shown(meeting)}")
        k = self.schedule.position(meeting)
        if k is None:
            raise SchwingfestError(
                f"{meeting} is not a meeting of this Schwingfest", clause_id="fest.twice_each"
            )
        assert self._slots is not None
        if self._slots[1][k // _ROW][k % _ROW] >= 0:
            raise SchwingfestError(
                f"{self.names[meeting.a]} and {self.names[meeting.b]} already fought meeting {meeting.leg}; "
                "each pair meets twice",
                clause_id="fest.twice_each",
            )
        return k

    def apply_gang(self, meeting: Meeting, gang: GangState) -> SchwingfestState:
        """The fest with the finished Gang ``gang`` recorded for ``meeting`` (``a`` as P0, ``b`` as P1).

        Raises ``SchwingfestError`` if the meeting is not in the schedule or already fought
        (``fest.twice_each``), the Gang is unfinished (``match.record_points``), its starter
        is not the one due (AMB-FEST-STARTER), or it was played under other rule switches.
        """
        k = self._check_open(meeting)
        if not isinstance(gang, GangState):
            raise InvalidArgumentError("gang", f"expected a finished GangState, got {shown(gang)}")
        if not gang.is_over:
            raise SchwingfestError(
                f"the Gang of {meeting} is not finished; points are recorded after a Gang ends",
                clause_id="match.record_points",
            )
        starter = self.starter_of(meeting)
        if gang.starter != meeting.seat(starter):
            raise SchwingfestError(
                f"the Gang of {meeting} was started by {gang.starter}, but {self.names[starter]} "
                f"({meeting.seat(starter)}) starts it",
                clause_id="match.first_starter" if meeting.leg == 1 else "match.loser_starts",
            )
        if gang.rules is not self.rules and gang.rules != self.rules:
            raise SchwingfestError(
                f"the Gang of {meeting} was played under other rule switches than the fest: "
                f"{rules_difference(gang.rules, self.rules)}"
            )
        return self._record(meeting, k, starter, gang.result)

    def apply_result(self, meeting: Meeting, result: GangResult) -> SchwingfestState:
        """The fest with the Gang of ``meeting`` recorded by its result (``a`` as P0, ``b`` as P1), as a scorekeeper notes a Gang played at a table.

        The Gang is recorded as started by ``starter_of(meeting)`` (AMB-FEST-STARTER) and
        scored under the fest's system and rules; ``apply_gang`` of a finished Gang with
        that result gives the same fest. Raises ``SchwingfestError`` if the meeting is not
        in the schedule or already fought (``fest.twice_each``), or if it is a second
        meeting whose starter is the loser of the first and the first is not fought
        (``match.loser_starts``); ``InvalidArgumentError`` naming ``meeting``, or ``result``
        (or its field) for anything ``gang.check_result`` refuses: not a ``GangResult``, a
        field of the wrong type, or a winner or outcome the trick counts, Angriff and
        Plattwurf do not give, or counts no Gang reaches (``match.check_reachable_counts``,
        naming the clause). The rest of the result is taken as given.
        """
        k = self._check_open(meeting)
        check_reachable_counts(result)
        check_result(result)
        check_reachable_counts(result, totals=True)
        return self._record(meeting, k, self.starter_of(meeting), result)

    def _record(self, meeting: Meeting, k: int, starter: int, result: GangResult) -> SchwingfestState:
        # The fest with ``result`` fought for ``meeting``, place ``k`` of the schedule, started by ``starter``.
        fest_gang = FestGang(meeting, starter, result, compute_gang_score(result, self.system, self.rules))
        fought = self.fought + (fest_gang,)  # noqa: RUF005 - one copy of the tuple, where (*a, b) makes two
        assert self._slots is not None
        rows = self._slots[1]
        r, c = divmod(k, _ROW)
        row = (*rows[r][:c], len(self.fought), *rows[r][c + 1 :])
        slots = (fought, (*rows[:r], row, *rows[r + 1 :]))
        return SchwingfestState(self.names, self.system, self.rules, self.schedule, fought, slots)

    def play_seed(
        self, meeting: Meeting, seed: int, choose: Chooser | None = None, *, players: tuple[Bot, Bot] | None = None
    ) -> SchwingfestState:
        """The fest after ``meeting`` is fought on ``Deal.shuffled(seed)``, played by ``players``: the bots of ``a`` (P0) and ``b`` (P1).

        The bots decide from their ``PlayerView`` (``schwinget_spec.bots``), as in
        ``MatchState.play_deal``; without them the Gang is played by
        ``random_chooser(seed)``. ``choose``, a function of the whole ``GangState``, still
        works but is deprecated (``DeprecationWarning``).
        """
        pair = _players(players, choose)
        return self._play(meeting, seed, pair, choose)[0]

    def _play(
        self, meeting: Meeting, seed: int, pair: tuple[Bot, Bot] | None, choose: Chooser | None
    ) -> tuple[SchwingfestState, tuple[Bot, Bot] | None]:
        # the fest after ``meeting`` on Deal.shuffled(seed), by the two bots (returned as they end
        # the Gang) or else by the chooser (random_chooser(seed) when None)
        if choose is not None:
            check_callable(choose, "choose")
        state = self.start_meeting(meeting, Deal.shuffled(seed))
        if pair is not None:
            gang, pair = _play_by_bots(state, pair)
            return self.apply_gang(meeting, gang), pair
        return self.apply_gang(meeting, play_out(state, random_chooser(seed) if choose is None else choose)), None

    def to_json(self) -> dict[str, Any]:
        """The wire value: the fest's settings and each Gang fought by its result, in the order recorded; ``SchwingfestState.from_json`` replays it.

        ``{"names": ["Anna", "Beat", "Chris"], "system": "schwingerwertung", "sets": 1,
        "rules": {...}, "fought": [{"meeting": {"a": 0, "b": 2, "leg": 1}, "starter": 0,
        "result": {...}, "points": ["9.75", "8.50"]}, ...]}``: the schedule is
        ``make_schedule(len(names), sets)``, as ``start_schwingfest`` makes it; each
        ``result`` is ``GangResult.to_json`` with ``a`` as P0; the ``starter`` (a Schwinger)
        and the ``points`` (``a``'s, ``b``'s) are what the fest recorded, claims that
        ``from_json`` checks against the replay. A fest on another schedule than
        ``make_schedule``'s has no wire value: ``InvalidArgumentError`` naming ``schedule``.
        """
        if self.schedule != make_schedule(self.schedule.players, self.schedule.sets):
            raise InvalidArgumentError(
                "schedule", "only a fest on make_schedule(players, sets)'s schedule, as start_schwingfest makes it, has a wire value"
            )
        return {
            "names": list(self.names),
            "system": self.system.value,
            "sets": self.schedule.sets,
            "rules": self.rules.to_json(),
            "fought": [
                {
                    "meeting": {"a": g.meeting.a, "b": g.meeting.b, "leg": g.meeting.leg},
                    "starter": g.starter,
                    "result": g.result.to_json(),
                    "points": [g.score.points[0].to_json(), g.score.points[1].to_json()],
                }
                for g in self.fought
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> SchwingfestState:
        """The fest ``to_json`` wrote, rebuilt by ``start_schwingfest`` and ``apply_result`` of each Gang's result in order.

        Anything else raises ``InvalidArgumentError`` naming the JSON path
        (``fest.fought[3].meeting.leg``) and, where a rule refuses it, the clause: a field
        of the wrong type, unknown or missing; too few Schwinger (``fest.more_players``) or
        names alike; a meeting not in the schedule or fought twice (``fest.twice_each``); a
        second meeting before the first when its loser starts (``match.loser_starts``); a
        result ``apply_result`` refuses; a starter other than the one due or points other
        than the Wertungstabelle gives (``match.record_points``).
        """
        check_plain(data, "fest")
        obj = read_object(data, "fest", ("names", "system", "sets", "rules", "fought"))
        system = _SYSTEMS.get(obj["system"]) if isinstance(obj["system"], str) else None
        if system is None:
            raise InvalidArgumentError("fest.system", f"expected schwingerwertung or punktewertung, got {shown(obj['system'])}")
        names = obj["names"]
        if not isinstance(names, list):
            raise InvalidArgumentError("fest.names", f"expected an array of the Schwinger's names, youngest first, got {shown(names)}")
        sets = read_count(obj["sets"], "fest.sets")
        if not 1 <= sets <= MAX_SETS:
            raise InvalidArgumentError("fest.sets", f"expected 1 to {MAX_SETS} card sets, got {shown(sets)}", clause_id="fest.parallel")
        rules = read_at("fest.rules", "rules", Rules.from_json, obj["rules"])
        fest = read_at("fest.names", "names", start_schwingfest, names, system, sets, rules)
        fought = obj["fought"]
        if not isinstance(fought, list) or len(fought) > len(fest.schedule.meetings):
            raise InvalidArgumentError(
                "fest.fought", f"expected an array of at most {len(fest.schedule.meetings)} Gänge fought, got {shown(fought)}"
            )
        for i, entry in enumerate(fought):
            where = f"fest.fought[{i}]"
            raw = read_object(entry, where, ("meeting", "starter", "result", "points"))
            pair = read_object(raw["meeting"], f"{where}.meeting", ("a", "b", "leg"))
            meeting = read_at(f"{where}.meeting", None, Meeting, pair["a"], pair["b"], pair["leg"])
            result = read_at(f"{where}.result", "result", GangResult.from_json, raw["result"])
            read_at(f"{where}.meeting", None, fest._check_open, meeting)
            read_at(f"{where}.meeting", None, fest.starter_of, meeting)
            fest = read_at(f"{where}.result", "result", fest.apply_result, meeting, result)
            recorded = fest.fought[-1]
            if raw["starter"] != recorded.starter or type(raw["starter"]) is not int:
                raise InvalidArgumentError(
                    f"{where}.starter",
                    f"the Gang of {meeting} is started by Schwinger {recorded.starter}, not {shown(raw['starter'])}",
                    clause_id="match.first_starter" if meeting.leg == 1 else "match.loser_starts",
                )
            _check_points(raw["points"], recorded.score.points, system, f"{where}.points")
        return fest

    def totals(self) -> tuple[Points, ...]:
        """The points of every Schwinger so far."""
        system = self.system
        hundredths = [0] * len(self.names)
        for g in self.fought:
            meeting = g.meeting
            points = g.score.points
            mine = points[0]
            theirs = points[1]
            if type(mine) is not Points or type(theirs) is not Points or mine.system is not system or theirs.system is not system:
                return self._totals_by_adding()  # anything else is added as Points add up, which names the fault
            hundredths[meeting.a] += mine.hundredths
            hundredths[meeting.b] += theirs.hundredths
        return tuple(Points(system, h) for h in hundredths)

    def _totals_by_adding(self) -> tuple[Points, ...]:
        out = [Points.zero(self.system)] * len(self.names)
        for g in self.fought:
            out[g.meeting.a] = out[g.meeting.a] + g.score.points[0]
            out[g.meeting.b] = out[g.meeting.b] + g.score.points[1]
        return tuple(out)

    @property
    def standings(self) -> tuple[Standing, ...]:
        """The standings so far, best first (ranks and ties: see ``Standing``)."""
        n = len(self.names)
        won, drawn, lost, platt, count = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
        for g in self.fought:
            for s in (g.meeting.a, g.meeting.b):
                count[s] += 1
            winner = g.result.winner
            if winner is None:
                drawn[g.meeting.a] += 1
                drawn[g.meeting.b] += 1
                continue
            w = g.meeting.schwinger(winner)
            won[w] += 1
            lost[g.meeting.schwinger(winner.other)] += 1
            if g.result.is_plattwurf:
                platt[w] += 1
        totals = self.totals()

        def key(s: int) -> tuple[int, ...]:
            if self.rules.fest_tiebreak == "wins_then_plattwuerfe":
                return (totals[s].hundredths, won[s], platt[s])
            return (totals[s].hundredths,)

        keys = [key(s) for s in range(n)]
        order = sorted(range(n), key=lambda s: (tuple(-k for k in keys[s]), s))
        return tuple(
            Standing(
                rank=1 + sum(1 for other in keys if other > keys[s]),
                schwinger=s,
                name=self.names[s],
                points=totals[s],
                gaenge=count[s],
                won=won[s],
                drawn=drawn[s],
                lost=lost[s],
                plattwuerfe=platt[s],
            )
            for s in order
        )

    def standings_table(self) -> str:
        """The standings as a printed table."""
        lines = [f"{'rank':<5} {'Schwinger':<12} {'points':>7} {'G':>3} {'W':>3} {'D':>3} {'L':>3} {'Pw':>3}"]
        for st in self.standings:
            lines.append(
                f"{st.rank:<5} {st.name:<12} {st.points!s:>7} {st.gaenge:>3} {st.won:>3} "
                f"{st.drawn:>3} {st.lost:>3} {st.plattwuerfe:>3}"
            )
        return "\n".join(lines)


def start_schwingfest(
    names: Sequence[str], system: ScoringSystem, sets: int = 1, rules: Rules | None = None
) -> SchwingfestState:
    """A Schwingfest before its first Gang: ``names`` youngest first (n >= 3, ``fest.more_players``), on ``sets`` card sets.

    ``names`` is a sequence of strings, ``system`` a ``ScoringSystem`` or its name; other
    values raise ``InvalidArgumentError`` naming the parameter.
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidArgumentError("names", f"expected a sequence of names, got {shown(names)}")
    names = tuple(names)
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise InvalidArgumentError(f"names[{i}]", f"a Schwinger's name is a string, got {shown(name)}")
    if len(set(names)) != len(names):
        raise SchwingfestError(f"the Schwinger need distinct names, got {shown(names)}")
    return SchwingfestState(
        names=names,
        system=as_system(system),
        rules=Rules() if rules is None else check_type(rules, Rules, "rules"),
        schedule=make_schedule(len(names), sets),
    )


def play_schwingfest(
    names: Sequence[str],
    seed: int,
    system: ScoringSystem,
    sets: int = 1,
    *,
    rules: Rules | None = None,
    players: Sequence[Bot] | None = None,
    choose: Chooser | None = None,
) -> SchwingfestState:
    """A whole Schwingfest from one seed: the k-th meeting of the schedule (round by round) is fought on
    ``Deal.shuffled(gang_seeds(seed, n(n-1))[k])``, i.e. on the k-th output of SplitMix64 seeded with ``seed``.

    ``players`` are the bots of the Schwinger (one each, in the order of ``names``), each
    deciding from its ``PlayerView`` and carried from one of its Gänge to the next;
    without them each meeting is played by ``random_chooser`` of its seed
    (``play_seed(meeting, seed)``). ``choose``, a function of the whole ``GangState``,
    still works but is deprecated (``DeprecationWarning``).
    """
    if choose is not None:
        if players is not None:
            raise InvalidArgumentError("choose", "give the players (one bot per Schwinger) or a chooser, not both")
        warnings.warn(
            "choose= (a function of the whole GangState) is deprecated: pass players=[...], one bot per "
            "Schwinger that decides from its PlayerView (schwinget_spec.bots)",
            DeprecationWarning,
            stacklevel=2,
        )
    fest = start_schwingfest(names, system, sets, rules)
    bots = None if players is None else _fest_players(players, len(fest.names))
    meetings = fest.schedule.meetings
    for meeting, gang_seed in zip(meetings, gang_seeds(seed, len(meetings)), strict=True):
        if bots is None:
            fest = fest._play(meeting, gang_seed, None, choose)[0]
            continue
        fest, pair = fest._play(meeting, gang_seed, (bots[meeting.a], bots[meeting.b]), None)
        assert pair is not None
        bots[meeting.a], bots[meeting.b] = pair
    return fest


def _fest_players(players: object, count: int) -> list[Bot]:
    # one bot per Schwinger, each with a choose method
    if (
        not isinstance(players, tuple | list)
        or len(players) != count
        or not all(callable(getattr(bot, "choose", None)) for bot in players)
    ):
        raise InvalidArgumentError(
            "players", f"expected {count} bots (one per Schwinger, youngest first), each with a choose method, got {shown(players)}"
        )
    return list(players)
