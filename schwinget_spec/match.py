"""The match: 4 or 6 Gänge between two players, who starts each Gang, the running totals and the winner."""

from __future__ import annotations

import enum
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from schwinget_spec.actions import Action
from schwinget_spec.checks import check_callable, check_int, check_type, field_type, tuple_of
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, MatchError
from schwinget_spec.gang import (
    GangResult,
    GangState,
    check_reachable_counts,
    check_result,
    start_gang,
)
from schwinget_spec.json_read import (
    check_plain,
    read_at,
    read_object,
    read_pair,
    read_seat,
    read_seat_or_null,
)
from schwinget_spec.players import Player, as_player
from schwinget_spec.rng import MASK64, SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GangScore, Points, ScoringSystem, as_system, compute_gang_score
from schwinget_spec.support.safe_text import shown

if TYPE_CHECKING:
    from schwinget_spec.bots import Bot

__all__ = [
    "Chooser",
    "MatchError",
    "MatchGang",
    "MatchLength",
    "MatchResult",
    "MatchState",
    "as_length",
    "check_reachable_counts",
    "first_legal",
    "gaenge_started_by_tie",
    "gang_seeds",
    "play_match",
    "play_match_deals",
    "play_out",
    "random_chooser",
    "rules_difference",
    "start_match",
]

Chooser = Callable[[GangState], Action]
"""Picks the next action of a Gang from its state; a pure function, so that a match replays exactly."""

_GAMMA = 0x9E3779B97F4A7C15


class MatchLength(enum.Enum):
    """The two lengths of a match, by the number of Gangkarten used (``setup.gangkarten``)."""

    SHORT = 4
    """Kurzes Spiel: 4 Gänge."""
    LONG = 6
    """Langes Spiel: 6 Gänge."""

    @property
    def gaenge(self) -> int:
        """The number of Gänge: 4 or 6 (``match.end``)."""
        return self.value

    def __str__(self) -> str:
        """The wire value as text: ``"4"`` or ``"6"``, the number of Gänge (a trace's ``length`` is the number itself)."""
        return str(self.value)


_SYSTEMS = {system.value: system for system in ScoringSystem}


def as_length(value: object, parameter: str = "length") -> MatchLength:
    """``value`` as a MatchLength: a ``MatchLength`` or its number of Gänge, 4 or 6; else ``InvalidArgumentError``."""
    if type(value) is MatchLength:
        return value
    if type(value) is int and value in (4, 6):
        return MatchLength(value)
    raise InvalidArgumentError(parameter, f"expected a MatchLength (or 4 or 6 Gänge), got {shown(value)}", clause_id="setup.gangkarten")


def _rules(value: object) -> Rules:
    if value is None:
        return Rules()
    return check_type(value, Rules, "rules")


# -- playing a Gang through


def first_legal(state: GangState) -> Action:
    """The first of the legal actions: a fixed, simple way to play a Gang through."""
    check_type(state, GangState, "state")
    return state.legal_actions()[0]


def random_chooser(seed: int) -> Chooser:
    """A chooser picking uniformly among the legal actions, reproducibly from ``seed``.

    At step ``k`` of a Gang it takes legal action number ``SplitMix64(state=seed + k·γ).below(n)``
    (γ = 0x9E3779B97F4A7C15, mod 2**64), i.e. the k-th draw of the SplitMix64 stream of
    ``seed``. It depends only on the state's step, so it is a pure function.
    """
    SplitMix64.seeded(seed)

    def choose(state: GangState) -> Action:
        legal = state.legal_actions()
        index, _ = SplitMix64((seed + state.step * _GAMMA) & MASK64).below(len(legal))
        return legal[index]

    return choose


def play_out(state: GangState, choose: Chooser) -> GangState:
    """The finished Gang reached from ``state`` by applying ``choose``'s action until the Gang is over."""
    check_type(state, GangState, "state")
    check_callable(choose, "choose")
    while not state.is_over:
        state = state.apply(choose(state))
    return state


MAX_SEEDS = 1 << 24
"""The most seeds ``gang_seeds`` gives at once: far more than the Gänge of any match or Schwingfest."""


def gang_seeds(seed: int, count: int) -> tuple[int, ...]:
    """The per-Gang seeds of a match played from ``seed``: the first ``count`` outputs (0 to ``MAX_SEEDS``) of SplitMix64 seeded with ``seed``."""
    rng = SplitMix64.seeded(seed)
    check_int(count, "count", 0, MAX_SEEDS)
    out = []
    for _ in range(count):
        value, rng = rng.next()
        out.append(value)
    return tuple(out)


def rules_difference(played: Rules, expected: Rules) -> str:
    """The rule switches where ``played`` differs from ``expected``, as ``name=played (expected ...)``."""
    check_type(played, Rules, "played")
    check_type(expected, Rules, "expected")
    return ", ".join(
        f"{f.name}={getattr(played, f.name)!r} (expected {getattr(expected, f.name)!r})"
        for f in attrs.fields(Rules)
        if getattr(played, f.name) != getattr(expected, f.name)
    )


# -- the match


@attrs.frozen
class MatchGang:
    """One played Gang of a match: its number (1-based), who started it, its result and its points."""

    number: int
    starter: Player
    result: GangResult
    score: GangScore


@attrs.frozen
class MatchResult:
    """The end of a match: the totals and the winner, or a draw.

    ``winner`` is the player with more points (``match.goal``, ``match.winner``). With equal
    totals (under both systems, e.g. four Gestellte) ``Rules.match_draw`` decides
    (AMB-MATCH-DRAW): by default nobody has the most points and ``winner`` is None
    (``is_draw``); under ``"more_tricks"`` the player with more tricks over all Gänge wins,
    and only equal tricks too leave a draw.
    """

    system: ScoringSystem
    totals: tuple[Points, Points]
    winner: Player | None

    @property
    def is_draw(self) -> bool:
        """True if the match has no winner (equal totals, and equal tricks under ``match_draw="more_tricks"``)."""
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        """The wire value: ``{"system": "schwingerwertung", "totals": ["20.00", "18.50"], "winner": "P0"}`` (winner null for a draw).

        ``totals`` and ``winner`` are the protocol's ``match_result`` answer; ``MatchResult.from_json`` reads it back.
        """
        return {
            "system": self.system.value,
            "totals": [self.totals[0].to_json(), self.totals[1].to_json()],
            "winner": None if self.winner is None else self.winner.code,
        }

    @classmethod
    def from_json(cls, data: object) -> MatchResult:
        """The match result ``to_json`` wrote; anything else raises a library error naming the field.

        The winner must be one the totals allow (``match.winner``): the player with more
        points, and with equal totals nobody or either (``Rules.match_draw`` may decide
        by the tricks, which the result does not carry).
        """
        check_plain(data, "match_result")
        obj = read_object(data, "match_result", ("system", "totals", "winner"))
        system = _SYSTEMS.get(obj["system"]) if type(obj["system"]) is str else None
        if system is None:
            raise InvalidArgumentError(
                "match_result.system", f"expected schwingerwertung or punktewertung, got {shown(obj['system'])}"
            )
        pair = read_pair(obj["totals"], "match_result.totals")
        totals = (
            read_at("match_result.totals[0]", "text", Points.from_json, pair[0], system),
            read_at("match_result.totals[1]", "text", Points.from_json, pair[1], system),
        )
        winner = read_seat_or_null(obj["winner"], "match_result.winner")
        if totals[0] != totals[1]:
            more = Player.P0 if totals[0] > totals[1] else Player.P1
            if winner is not more:
                raise InvalidArgumentError(
                    "match_result.winner",
                    f"the totals {totals[0]} and {totals[1]} make {more} the winner, got {'none' if winner is None else winner}",
                    clause_id="match.winner",
                )
        return cls(system, totals, winner)

    def __str__(self) -> str:
        verdict = "draw" if self.winner is None else f"{self.winner} wins"
        return f"{self.system.label}: P0 {self.totals[0]}, P1 {self.totals[1]} - {verdict}"


@attrs.frozen
class MatchState:
    """A match of 4 or 6 Gänge as an immutable value. Build the first one with ``start_match``.

    ``younger`` is the younger player, who starts Gang 1 (``match.first_starter``);
    ``system`` is the scoring system for all Gänge (``scoring.choose_system``); ``gaenge``
    are the Gänge played so far. ``apply_gang``, ``apply_result``, ``play_deal`` and
    ``play_seed`` return the match with one more Gang and leave this one unchanged. Each field is checked for its
    type (``InvalidArgumentError`` naming it); ``start_match`` also reads names and numbers.
    """

    system: ScoringSystem = attrs.field(validator=field_type(ScoringSystem))
    length: MatchLength = attrs.field(validator=field_type(MatchLength))
    younger: Player = attrs.field(validator=field_type(Player))
    rules: Rules = attrs.field(validator=field_type(Rules))
    gaenge: tuple[MatchGang, ...] = attrs.field(default=(), validator=tuple_of(MatchGang))

    # -- what the state says

    @property
    def is_over(self) -> bool:
        """True once all 4 or 6 Gänge are played (``match.end``)."""
        return len(self.gaenge) >= self.length.gaenge

    @property
    def gang_number(self) -> int:
        """The number of the next Gang (1-based); ``length.gaenge + 1`` once over."""
        return len(self.gaenge) + 1

    @property
    def totals(self) -> tuple[Points, Points]:
        """The points of P0 and P1 so far: the sum of their Gang points (``match.record_points``)."""
        return (
            Points.total(self.system, (g.score.points[0] for g in self.gaenge)),
            Points.total(self.system, (g.score.points[1] for g in self.gaenge)),
        )

    @property
    def total_tricks(self) -> tuple[int, int]:
        """The tricks of P0 and P1 over the Gänge played so far (read by ``Rules.match_draw``)."""
        return (
            sum(g.result.tricks[0] for g in self.gaenge),
            sum(g.result.tricks[1] for g in self.gaenge),
        )

    @property
    def next_starter(self) -> Player | None:
        """Who starts the next Gang; None once the match is over."""
        if self.is_over:
            return None
        return self.next_starter_with_clause()[0]

    def next_starter_with_clause(self) -> tuple[Player, str]:
        """Who starts the next Gang and the id of the clause that says so (also once the match is over)."""
        if not self.gaenge:
            return self.younger, "match.first_starter"
        last = self.gaenge[-1]
        if last.result.loser is not None:
            return last.result.loser, "match.loser_starts"
        # match.draw_starter: "aktuell weniger Punkten"; the drawn Gang gave both the same
        # points, so counting it or not picks the same player.
        t0, t1 = self.totals
        if t0 != t1:
            return (Player.P0 if t0 < t1 else Player.P1), "match.draw_starter"
        # AMB-DRAW-TIE-STARTER: equal points after a Gestellter
        tie = self.rules.draw_tie_starter
        if tie == "younger":
            return self.younger, "match.draw_starter"
        if tie == "drawn_gang_starter":
            return last.starter, "match.draw_starter"
        return last.starter.other, "match.draw_starter"

    @property
    def result(self) -> MatchResult:
        """The totals and the winner (or a draw) of the finished match; raises ``MatchError`` before the end."""
        if not self.is_over:
            raise MatchError(
                f"the match is not over: Gang {self.gang_number} of {self.length.gaenge} is next",
                clause_id="match.end",
            )
        t0, t1 = self.totals
        # match.winner: the most points
        if t0 != t1:
            return MatchResult(self.system, (t0, t1), Player.P0 if t0 > t1 else Player.P1)
        # AMB-MATCH-DRAW: equal totals are a draw, or the tricks decide (gang.tricks_decide)
        if self.rules.match_draw == "more_tricks":
            s0, s1 = self.total_tricks
            if s0 != s1:
                return MatchResult(self.system, (t0, t1), Player.P0 if s0 > s1 else Player.P1)
        return MatchResult(self.system, (t0, t1), None)

    # -- transitions

    def apply_gang(self, gang: GangState) -> MatchState:
        """The match with the finished Gang ``gang`` recorded as its next Gang.

        Raises ``MatchError`` if the match is over (``match.end``), the Gang is not
        finished (``match.record_points``), it was started by another player than the one
        due (``match.first_starter``, ``match.loser_starts``, ``match.draw_starter``), or it
        was played under other rule switches than the match.
        """
        self._check_not_over()
        number = self.gang_number
        if not isinstance(gang, GangState):
            raise InvalidArgumentError("gang", f"expected a finished GangState, got {shown(gang)}")
        if not gang.is_over:
            raise MatchError(
                f"Gang {number} is not finished (Schwung {gang.schwung_number} is being played); "
                "points are recorded after a Gang ends",
                clause_id="match.record_points",
            )
        due, clause_id = self.next_starter_with_clause()
        if gang.starter != due:
            raise MatchError(
                f"Gang {number} was started by {gang.starter}, but {due} starts it",
                clause_id=clause_id,
            )
        if gang.rules != self.rules:
            raise MatchError(
                f"Gang {number} was played under other rule switches than the match: "
                f"{rules_difference(gang.rules, self.rules)}"
            )
        return self._record(due, gang.result)

    def apply_result(self, result: GangResult) -> MatchState:
        """The match with its next Gang recorded by its result, as a scorekeeper notes a Gang played at a table.

        The Gang is recorded as started by the player due (``next_starter_with_clause``:
        ``match.first_starter``, ``match.loser_starts``, ``match.draw_starter``) and scored
        under the match's system and rules (``match.record_points``); ``apply_gang`` of a
        finished Gang with that result gives the same match. Raises ``MatchError`` if the
        match is over (``match.end``) and ``InvalidArgumentError`` naming ``result`` (or its
        field) for anything ``gang.check_result`` refuses: not a ``GangResult``, a field of
        the wrong type, or a winner or outcome the trick counts, Angriff and Plattwurf do
        not give; and counts no Gang reaches (``check_reachable_counts``: more than 11
        Schwünge, an Angriff after more than 5, more tricks than Schwünge), naming the
        clause. Whether the exact trick counts can be reached is taken as given.
        """
        self._check_not_over()
        check_reachable_counts(result)
        check_result(result)
        check_reachable_counts(result, totals=True)
        return self._record(self.next_starter_with_clause()[0], result)

    def _check_not_over(self) -> None:
        if self.is_over:
            raise MatchError(
                f"the match is over after {self.length.gaenge} Gänge: no Gang {self.gang_number}",
                clause_id="match.end",
            )

    def _record(self, starter: Player, result: GangResult) -> MatchState:
        # match.record_points: the next Gang, started by ``starter``, with its points
        score = compute_gang_score(result, self.system, self.rules)
        return attrs.evolve(self, gaenge=(*self.gaenge, MatchGang(self.gang_number, starter, result, score)))

    def start_next_gang(self, deal: Deal) -> GangState:
        """The first state of the next Gang dealt as ``deal``, with the right starter and the match's rules."""
        self._check_not_over()
        return start_gang(deal, self.next_starter_with_clause()[0], self.rules)

    def play_deal(
        self, deal: Deal, choose: Chooser | None = None, *, players: tuple[Bot, Bot] | None = None
    ) -> MatchState:
        """The match after the next Gang, dealt as ``deal`` (``match.redeal``) and played by ``players``.

        ``players`` are two bots (P0's first, ``schwinget_spec.bots``) that decide from
        their ``PlayerView``, as in ``play_match``; the bots as they end the Gang are not
        kept (``play_match_deals`` carries them from one Gang to the next). ``choose``, a
        function of the whole ``GangState``, still works but is deprecated
        (``DeprecationWarning``); one of the two is needed.
        """
        pair = _players(players, choose)
        if pair is None and choose is None:
            raise InvalidArgumentError("players", "a Gang needs its two players: players=(bot_p0, bot_p1)")
        return self._play(deal, pair, choose)

    def play_seed(
        self, seed: int, choose: Chooser | None = None, *, players: tuple[Bot, Bot] | None = None
    ) -> MatchState:
        """The match after the next Gang, dealt by ``Deal.shuffled(seed)`` and played by ``players`` (two bots, as in ``play_deal``).

        Without ``players`` the Gang is played by ``random_chooser(seed)``: the one seed
        then fixes both the deal and every decision. ``choose`` still works but is
        deprecated, as in ``play_deal``.
        """
        pair = _players(players, choose)
        return self._play(Deal.shuffled(seed), pair, random_chooser(seed) if choose is None else choose)

    def _play(self, deal: Deal, pair: tuple[Bot, Bot] | None, choose: Chooser | None) -> MatchState:
        # the next Gang dealt as ``deal``, played by the two bots or else by the chooser
        if pair is not None:
            return self.apply_gang(_play_by_bots(self.start_next_gang(check_type(deal, Deal, "deal")), pair)[0])
        check_callable(choose, "choose")
        assert choose is not None
        return self.apply_gang(play_out(self.start_next_gang(deal), choose))

    # -- the wire value

    def to_json(self) -> dict[str, Any]:
        """The wire value: the match's settings and each Gang played by its result; ``MatchState.from_json`` replays it.

        ``{"system": "schwingerwertung", "length": 4, "younger": "P0", "rules": {...},
        "gaenge": [{"starter": "P1", "result": {...}, "points": ["9.75", "8.50"]}, ...]}``:
        ``rules`` is ``Rules.to_json``, each ``result`` ``GangResult.to_json``; a Gang's
        ``starter`` and ``points`` (P0's, P1's) are what the match recorded, claims that
        ``from_json`` checks against the replay.
        """
        return {
            "system": self.system.value,
            "length": self.length.gaenge,
            "younger": self.younger.code,
            "rules": self.rules.to_json(),
            "gaenge": [
                {
                    "starter": g.starter.code,
                    "result": g.result.to_json(),
                    "points": [g.score.points[0].to_json(), g.score.points[1].to_json()],
                }
                for g in self.gaenge
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> MatchState:
        """The match ``to_json`` wrote, rebuilt by ``start_match`` and ``apply_result`` of each Gang's result in order.

        Anything else raises ``InvalidArgumentError`` naming the JSON path
        (``match.gaenge[2].result.winner``) and, where a rule refuses it, the clause: a
        field of the wrong type, unknown or missing; more Gänge than the match has
        (``match.end``); a result ``apply_result`` refuses; a starter other than the one due
        (``match.first_starter``, ``match.loser_starts``, ``match.draw_starter``) or points
        other than the Wertungstabelle gives (``match.record_points``).
        """
        check_plain(data, "match")
        obj = read_object(data, "match", ("system", "length", "younger", "rules", "gaenge"))
        system = _SYSTEMS.get(obj["system"]) if isinstance(obj["system"], str) else None
        if system is None:
            raise InvalidArgumentError("match.system", f"expected schwingerwertung or punktewertung, got {shown(obj['system'])}")
        length = read_at("match.length", "length", as_length, obj["length"])
        younger = read_seat(obj["younger"], "match.younger")
        match = start_match(system, length, younger, read_at("match.rules", "rules", Rules.from_json, obj["rules"]))
        gaenge = obj["gaenge"]
        if not isinstance(gaenge, list):
            raise InvalidArgumentError("match.gaenge", f"expected an array of the Gänge played, got {shown(gaenge)}")
        if len(gaenge) > length.gaenge:
            raise InvalidArgumentError(
                "match.gaenge", f"a match of {length.gaenge} Gänge records no more, got {len(gaenge)}", clause_id="match.end"
            )
        for i, entry in enumerate(gaenge):
            where = f"match.gaenge[{i}]"
            raw = read_object(entry, where, ("starter", "result", "points"))
            result = read_at(f"{where}.result", "result", GangResult.from_json, raw["result"])
            due, clause_id = match.next_starter_with_clause()
            match = read_at(f"{where}.result", "result", match.apply_result, result)
            starter = read_seat(raw["starter"], f"{where}.starter")
            if starter is not due:
                raise InvalidArgumentError(f"{where}.starter", f"Gang {i + 1} is started by {due}, not {starter}", clause_id=clause_id)
            _check_points(raw["points"], match.gaenge[-1].score.points, system, f"{where}.points")
        return match

    # -- display

    def score_sheet(self) -> str:
        """The match as players note it on paper: one line per Gang, then the totals."""
        lines = [f"{self.system.label}, {self.length.name.lower()} match ({self.length.gaenge} Gänge)"]
        lines.append(f"{'Gang':<5} {'starts':<7} {'tricks':<7} {'row':<31} {'P0':>6} {'P1':>6}")
        for g in self.gaenge:
            tricks = f"{g.result.tricks[0]}:{g.result.tricks[1]}"
            lines.append(
                f"{g.number:<5} {g.starter!s:<7} {tricks:<7} {g.score.row.value:<31} "
                f"{g.score.points[0]!s:>6} {g.score.points[1]!s:>6}"
            )
        t0, t1 = self.totals
        lines.append(f"{'total':<52} {t0!s:>6} {t1!s:>6}")
        if self.is_over:
            lines.append(str(self.result))
        else:
            lines.append(f"Gang {self.gang_number}: {self.next_starter} starts")
        return "\n".join(lines)


def _check_points(data: object, recorded: tuple[Points, Points], system: ScoringSystem, where: str) -> None:
    # the points a Gang's JSON claims, checked against those recorded by the replay (match.record_points)
    claimed = read_pair(data, where)
    for seat in (0, 1):
        points = read_at(f"{where}[{seat}]", "text", Points.from_json, claimed[seat], system)
        if points != recorded[seat]:
            raise InvalidArgumentError(
                f"{where}[{seat}]",
                f"the Gang gives P{seat} {recorded[seat]} points by the Wertungstabelle, not {points}",
                clause_id="match.record_points",
            )


def gaenge_started_by_tie(match: MatchState) -> tuple[int, ...]:
    """The numbers of the played Gänge of ``match`` whose starter ``Rules.draw_tie_starter`` chose: those right after a Gestellter at equal points (AMB-DRAW-TIE-STARTER)."""
    out = []
    t0 = t1 = 0
    for i, g in enumerate(match.gaenge[:-1]):
        t0 += g.score.points[0].hundredths
        t1 += g.score.points[1].hundredths
        if g.result.winner is None and t0 == t1:
            out.append(i + 2)
    return tuple(out)


def start_match(
    system: ScoringSystem, length: MatchLength, younger: Player, rules: Rules | None = None
) -> MatchState:
    """A match before its first Gang: ``younger`` starts Gang 1 (``match.first_starter``).

    ``system`` is a ``ScoringSystem`` or its name, ``length`` a ``MatchLength`` or 4 or 6,
    ``younger`` a ``Player`` or 0 or 1; anything else raises ``InvalidArgumentError``
    (``ParseError`` for an unknown system name) naming the parameter.
    """
    return MatchState(
        system=as_system(system),
        length=as_length(length),
        younger=as_player(younger, "younger"),
        rules=_rules(rules),
    )


def play_match(
    seed: int,
    system: ScoringSystem,
    length: MatchLength,
    younger: Player,
    *,
    rules: Rules | None = None,
    players: tuple[Bot, Bot] | None = None,
    choose: Chooser | None = None,
) -> MatchState:
    """A whole match from one seed, reproducibly.

    Gang ``i`` (1-based) is dealt by ``Deal.shuffled(gang_seeds(seed, n)[i - 1])``: the
    per-Gang seeds are the successive outputs of SplitMix64 seeded with ``seed``.
    ``players`` are the two bots (P0's first, ``schwinget_spec.bots``) that decide from
    their ``PlayerView``, as in ``bots.play_gang``, each carried from one Gang to the
    next. Without them each seed also drives the Gang's random play
    (``play_seed(seed)``). ``choose``, a function of the whole ``GangState``, still
    works but is deprecated (``DeprecationWarning``): bots see only what a player may see.
    """
    pair = _players(players, choose)
    match = start_match(system, length, younger, rules)
    for gang_seed in gang_seeds(seed, match.length.gaenge):
        if pair is None:
            match = match._play(Deal.shuffled(gang_seed), None, random_chooser(gang_seed) if choose is None else choose)
        else:
            gang, pair = _play_by_bots(match.start_next_gang(Deal.shuffled(gang_seed)), pair)
            match = match.apply_gang(gang)
    return match


def play_match_deals(
    deals: Sequence[Deal],
    system: ScoringSystem,
    younger: Player,
    *,
    players: tuple[Bot, Bot] | None = None,
    choose: Chooser | None = None,
    rules: Rules | None = None,
) -> MatchState:
    """A whole match from explicit deals, one per Gang: 4 deals for a short match, 6 for a long one (``setup.gangkarten``).

    The Gänge are played by ``players``, two bots as in ``play_match``; ``choose`` (a
    function of the whole ``GangState``) still works but is deprecated. One of the two is needed.
    """
    pair = _players(players, choose)
    if pair is None and choose is None:
        raise InvalidArgumentError("players", "a match from deals needs its two players: players=(bot_p0, bot_p1)")
    if not isinstance(deals, tuple | list):
        raise InvalidArgumentError("deals", f"expected a list of 4 or 6 Deals, got {shown(deals)}")
    if len(deals) not in (MatchLength.SHORT.gaenge, MatchLength.LONG.gaenge):
        raise MatchError(
            f"a match has 4 or 6 Gänge, got {len(deals)} deals", clause_id="setup.gangkarten"
        )
    match = start_match(system, MatchLength(len(deals)), younger, rules)
    for deal in deals:
        if pair is None:
            match = match._play(deal, None, choose)
        else:
            check_type(deal, Deal, "deal")
            gang, pair = _play_by_bots(match.start_next_gang(deal), pair)
            match = match.apply_gang(gang)
    return match


def _players(players: object, choose: Chooser | None) -> tuple[Bot, Bot] | None:
    # the two bots of a match, checked; a chooser instead is accepted with its deprecation
    if choose is not None:
        if players is not None:
            raise InvalidArgumentError("choose", "give the players (two bots) or a chooser, not both")
        warnings.warn(
            "choose= (a function of the whole GangState) is deprecated: pass players=(bot_p0, bot_p1), "
            "two bots that decide from their PlayerView (schwinget_spec.bots)",
            DeprecationWarning,
            stacklevel=3,
        )
        return None
    if players is None:
        return None
    if (
        not isinstance(players, tuple | list)
        or len(players) != 2
        or not all(callable(getattr(bot, "choose", None)) for bot in players)
    ):
        raise InvalidArgumentError("players", f"expected two bots (P0's first), each with a choose method, got {shown(players)}")
    return (players[0], players[1])


def _play_by_bots(state: GangState, pair: tuple[Bot, Bot]) -> tuple[GangState, tuple[Bot, Bot]]:
    # each bot decides from its own view (deal.hand_private), as bots.play_gang plays
    bots = list(pair)
    while not state.is_over:
        player = state.to_move
        action, bots[player] = bots[player].choose(state.view(player))
        state = state.apply(action)
    return state, (bots[0], bots[1])
