"""The reference engine behind the JSON-lines protocol (version 2, every level): ``python -m schwinget_spec.conformance.protocol.reference_server``.

Every rule decision goes through one method of ``ReferenceEngine``, so that a single-bug
engine is a subclass overriding one method (the mutants of the conformance kit are
built that way). The override points, by level:

- Gang: ``start_gang``, ``legal_actions``, ``apply``, ``end_claims``.
- scoring: ``row_points`` (one row of the Wertungstabelle under one system),
  ``is_good_loser`` (the good loser's point), ``gang_points`` (both together).
- match: ``first_starter``, ``starter_after_win``, ``starter_after_draw``,
  ``tie_starter`` (equal points after a Gestellter), ``gang_starter`` (all four),
  ``match_totals``, ``match_winner``, ``equal_totals_winner`` (a match with equal totals).
- Schwingfest: ``fest_schedule``, ``fest_starter``, ``fest_standings``.

``ReferenceServer`` holds the session (the current Gang, match and Schwingfest) and
turns requests into calls of these methods; ``serve`` runs it over two streams;
``answer_requests`` is the request loop every protocol server of the package shares
(this one, the mutants and the compiled twin's): one bounded line at a time, read as
UTF-8, a bad line answered ``bad_request``; ``read_deal``, ``read_player`` and
``read_rules`` read the fields of a request. ``--engine module:Class`` serves a
subclass (``python -m schwinget_spec.conformance.protocol.reference_server --engine
my_mutants:NoGoodLoser``).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import io
import json
import sys
import traceback
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import IO, Any

import attrs

from schwinget_spec.conformance.protocol.messages import (
    ALL_SWITCHES,
    LEVELS,
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    deal_from_codes,
)
from schwinget_spec.conformance.protocol.readings import Readings, parse_value
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError, InvalidArgumentError, SchwingetError
from schwinget_spec.gang import GangResult, GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import MAX_PLAYERS, make_schedule
from schwinget_spec.scoring import (
    GOOD_LOSER_TRICKS,
    WERTUNGSTABELLE,
    Points,
    ScoringSystem,
    TableRow,
)
from schwinget_spec.trace import end_claims

__all__ = [
    "MAX_REQUEST_CHARS",
    "BadRequestError",
    "EngineFest",
    "EngineLoadError",
    "EngineMatch",
    "PlayedGang",
    "ReferenceEngine",
    "ReferenceServer",
    "answer_requests",
    "load_engine",
    "main",
    "read_deal",
    "read_player",
    "read_rules",
    "serve",
    "serve_until_interrupted",
]

MAX_REQUEST_CHARS = MAX_LINE_BYTES
"""The longest request line a server reads (64 Ki characters, the harness's limit for an answer line): a longer one is answered ``bad_request`` and skipped."""
_MAX_MESSAGE_CHARS = 1000
"""The longest ``message`` of a ``bad_request`` answer: it may quote the request, and must stay far below the harness's line limit."""


@attrs.frozen
class PlayedGang:
    """One finished Gang of a match or a Schwingfest as the engine recorded it: who started it, its result and both players' points."""

    starter: Player
    result: GangResult
    points: tuple[Points, Points]


@attrs.frozen
class EngineMatch:
    """A match as the engine keeps it: the system, the length, the younger player, the switches, and the Gänge played."""

    system: ScoringSystem
    length: int
    younger: Player
    rules: Rules
    gaenge: tuple[PlayedGang, ...] = ()


@attrs.frozen
class EngineFest:
    """A Schwingfest as the engine keeps it: ``players`` Schwinger (0 the youngest), the switches, and the meetings fought.

    ``fought`` holds ``((a, b), gang)`` in the order fought; ``a`` sat as P0.
    """

    players: int
    sets: int
    system: ScoringSystem
    rules: Rules
    fought: tuple[tuple[tuple[int, int], PlayedGang], ...] = ()

    def meetings_of(self, a: int, b: int) -> tuple[PlayedGang, ...]:
        """The fought meetings of the pair ``a``, ``b``, first one first."""
        return tuple(g for pair, g in self.fought if pair == (a, b))


class ReferenceEngine:
    """The rules the reference server plays, one overridable method per rule decision.

    A subclass that overrides one method is an engine with one bug: the conformance kit
    must catch it and name the clause. Keep each override to the decision it names; the
    server calls nothing else.
    """

    name = "schwinget-reference"
    """The ``name`` the server answers in ``hello``."""
    protocol: int = PROTOCOL_VERSION
    """The protocol version the server answers in ``hello`` (1: a Gang-only engine of the first version)."""
    levels: tuple[str, ...] = LEVELS
    """The levels the server declares in ``hello``."""
    switches: tuple[str, ...] = ALL_SWITCHES
    """The switches the server declares in ``hello``."""

    # -- Gang

    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        """The first state of a Gang (``start``)."""
        return start_gang(deal, starter, rules)

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        """The codes of the legal actions (``legal``)."""
        return tuple(a.code for a in state.legal_actions())

    def apply(self, state: GangState, action: str) -> GangState:
        """The state after ``action`` (``apply``); raises ``IllegalActionError`` naming the clause for a forbidden one."""
        return state.apply(action)

    def end_claims(self, state: GangState) -> dict[str, Any]:
        """The answer to ``result`` for a finished Gang (tricks, Schwünge, outcome, winner, Plattwurf, Angriff)."""
        return end_claims(state)

    # -- scoring

    def row_points(self, row: TableRow, system: ScoringSystem) -> tuple[Points | None, Points | None]:
        """(Sieger, Verlierer) of one row of the Wertungstabelle under ``system`` (``table.*``); the Gestellter's both players take the first."""
        return WERTUNGSTABELLE[row].figures(system)

    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        """True if the loser of ``result`` scores the good loser's point (``table.gut_gekaempft``, AMB-GUT-GEKAEMPFT-PLATTWURF)."""
        loser = result.loser
        return (
            system is ScoringSystem.PUNKTEWERTUNG
            and loser is not None
            and result.tricks[loser] >= GOOD_LOSER_TRICKS
            and (rules.good_loser_after_plattwurf or not result.outcome.is_plattwurf)
        )

    def gang_points(self, result: GangResult, system: ScoringSystem, rules: Rules) -> tuple[Points, Points]:
        """The points of P0 and P1 for a finished Gang (``points``): the row of its outcome, and the good loser's point."""
        row = TableRow.for_outcome(result.outcome)
        win, lose = self.row_points(row, system)
        if result.winner is None:
            # table.gestellter: both take the same cell
            assert win is not None
            return (win, win)
        if self.is_good_loser(result, system, rules):
            lose = self.row_points(TableRow.GUT_GEKAEMPFT, system)[1]
        assert win is not None
        assert lose is not None
        out = [lose, lose]
        out[result.winner] = win
        return (out[0], out[1])

    # -- match

    def first_starter(self, match: EngineMatch) -> Player:
        """Who starts Gang 1: the younger player (``match.first_starter``)."""
        return match.younger

    def starter_after_win(self, match: EngineMatch, last: PlayedGang) -> Player:
        """Who starts after a Gang with a winner: its loser (``match.loser_starts``)."""
        assert last.result.loser is not None
        return last.result.loser

    def starter_after_draw(self, match: EngineMatch, last: PlayedGang) -> Player:
        """Who starts after a Gestellter: the player with fewer points (``match.draw_starter``), else ``tie_starter``."""
        t0, t1 = self.match_totals(match)
        if t0 != t1:
            return Player.P0 if t0 < t1 else Player.P1
        return self.tie_starter(match, last)

    def tie_starter(self, match: EngineMatch, last: PlayedGang) -> Player:
        """Who starts after a Gestellter at equal points: ``Rules.draw_tie_starter`` (AMB-DRAW-TIE-STARTER)."""
        tie = match.rules.draw_tie_starter
        if tie == "younger":
            return match.younger
        if tie == "drawn_gang_starter":
            return last.starter
        return last.starter.other

    def gang_starter(self, match: EngineMatch) -> Player:
        """Who starts the next Gang of ``match`` (``match_next``)."""
        if not match.gaenge:
            return self.first_starter(match)
        last = match.gaenge[-1]
        if last.result.winner is not None:
            return self.starter_after_win(match, last)
        return self.starter_after_draw(match, last)

    def match_totals(self, match: EngineMatch) -> tuple[Points, Points]:
        """The points of P0 and P1 so far: the sum of their Gang points (``match.record_points``)."""
        return (
            Points.total(match.system, (g.points[0] for g in match.gaenge)),
            Points.total(match.system, (g.points[1] for g in match.gaenge)),
        )

    def match_winner(self, match: EngineMatch, totals: tuple[Points, Points]) -> Player | None:
        """The winner of a finished match: the most points (``match.winner``); equal totals: ``Rules.match_draw`` (AMB-MATCH-DRAW)."""
        if totals[0] == totals[1]:
            return self.equal_totals_winner(match)
        return Player.P0 if totals[0] > totals[1] else Player.P1

    def equal_totals_winner(self, match: EngineMatch) -> Player | None:
        """The winner of a match with equal totals (AMB-MATCH-DRAW): None under ``"draw"``; under ``"more_tricks"`` more tricks over all Gänge (``gang.tricks_decide``)."""
        if match.rules.match_draw == "draw":
            return None
        s0 = sum(g.result.tricks[0] for g in match.gaenge)
        s1 = sum(g.result.tricks[1] for g in match.gaenge)
        if s0 == s1:
            return None
        return Player.P0 if s0 > s1 else Player.P1

    # -- Schwingfest

    def fest_schedule(self, players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The rounds of the Schwingfest, each a tuple of pairs ``(a, b)``, ``a < b`` (``fest.twice_each``, ``fest.parallel``)."""
        schedule = make_schedule(players, sets)
        return tuple(tuple((m.a, m.b) for m in round_) for round_ in schedule.rounds)

    def fest_starter(self, fest: EngineFest, a: int, b: int) -> int:
        """The Schwinger who starts the next meeting of ``a`` (the younger) and ``b`` (``Rules.fest_starter``, AMB-FEST-STARTER)."""
        before = fest.meetings_of(a, b)
        mode = fest.rules.fest_starter
        if not before or mode == "younger":
            return a  # match.first_starter: the younger of the pair
        if mode == "alternate":
            return b
        loser = before[0].result.loser
        if loser is not None:
            return a if loser is Player.P0 else b  # match.loser_starts
        # match.draw_starter: a Gestellter leaves the pair's points equal; AMB-DRAW-TIE-STARTER decides
        return b if fest.rules.draw_tie_starter == "drawn_gang_other" else a

    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        """(Schwinger, points, rank) for every Schwinger: ranks by points, ``Rules.fest_tiebreak`` for equal points (AMB-FEST-TIES)."""
        n = fest.players
        totals = [Points.zero(fest.system)] * n
        won, platt = [0] * n, [0] * n
        for (a, b), g in fest.fought:
            totals[a] = totals[a] + g.points[0]
            totals[b] = totals[b] + g.points[1]
            if g.result.winner is not None:
                w = a if g.result.winner is Player.P0 else b
                won[w] += 1
                platt[w] += int(g.result.is_plattwurf)

        def key(s: int) -> tuple[int, ...]:
            if fest.rules.fest_tiebreak == "wins_then_plattwuerfe":
                return (totals[s].hundredths, won[s], platt[s])
            return (totals[s].hundredths,)

        return tuple((s, totals[s], 1 + sum(1 for t in range(n) if key(t) > key(s))) for s in range(n))


class BadRequestError(SchwingetError):
    """A request the server cannot read: answered with ``"error": "bad_request"``."""


class ReferenceServer:
    """One session of the protocol over a ``ReferenceEngine``: the current Gang, match and Schwingfest.

    A Gang started (``start``) after ``match_next`` or ``fest_meeting`` belongs to that
    match or Schwingfest; the server records it there when the next ``match_next``,
    ``match_result``, ``fest_meeting`` or ``fest_result`` is asked.
    """

    def __init__(
        self, engine: ReferenceEngine | None = None, *, play: Rules | None = None, declare: Readings | None = None
    ) -> None:
        self.engine = ReferenceEngine() if engine is None else engine
        self.play = Rules() if play is None else play
        """The value of each switch a request does not send (``--play``)."""
        self.declare = Readings.of(self.engine.switches) if declare is None else declare
        """The switches and values ``hello`` declares (``--declare``); a request sending another is answered ``unsupported``."""
        self.gang: GangState | None = None
        self.match: EngineMatch | None = None
        self.fest: EngineFest | None = None
        self._owner: str | None = None
        self._pair: tuple[int, int] | None = None

    def handle(self, request: Any) -> dict[str, Any]:
        """The answer to one request (a parsed JSON value)."""
        if not isinstance(request, Mapping):
            raise BadRequestError("a request is a JSON object")
        cmd = request.get("cmd")
        method = getattr(self, f"_cmd_{cmd}", None) if isinstance(cmd, str) else None
        if method is None:
            raise BadRequestError(f"unknown cmd {cmd!r}")
        answer: dict[str, Any] = method(request)
        return answer

    # -- Gang

    def _cmd_hello(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "ok": True,
            "name": self.engine.name,
            "version": _version(),
            "protocol": self.engine.protocol,
            "levels": list(self.engine.levels),
            "switches": list(self.declare) if self.engine.protocol == 1 else self.declare.hello_json(),
        }

    def _cmd_bye(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        return {"ok": True}

    def _cmd_start(self, request: Mapping[str, Any]) -> dict[str, Any]:
        rules = read_rules(request.get("rules"), self.declare, base=self.play)
        if rules is None:
            return {"ok": False, "error": "unsupported", "message": "unknown rules switch or value"}
        deal = read_deal(request.get("deal"))
        starter = read_player(request.get("starter"), "starter")
        self.gang = self.engine.start_gang(deal, starter, rules)
        return {"ok": True}

    def _current(self) -> GangState:
        if self.gang is None:
            raise BadRequestError("no Gang started")
        return self.gang

    def _cmd_legal(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        state = self._current()
        return {"ok": True, "actions": [] if state.is_over else list(self.engine.legal_actions(state))}

    def _cmd_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        action = request.get("action")
        if not isinstance(action, str):
            raise BadRequestError("action must be a string")
        try:
            self.gang = self.engine.apply(self._current(), action)
        except IllegalActionError as exc:
            return {"ok": False, "error": "illegal", "clause": exc.clause_id, "message": exc.reason}
        return {"ok": True}

    def _cmd_state(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        state = self._current()
        hands = [[c.code for c in state.hand(p)] for p in (Player.P0, Player.P1)]
        return {
            "ok": True,
            "to_move": None if state.is_over else state.to_move.code,
            "tricks": list(state.tricks),
            "pile_size": state.pile_size,
            "hand_sizes": [len(h) for h in hands],
            "is_over": state.is_over,
            "hands": hands,
        }

    def _cmd_result(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        state = self._current()
        if not state.is_over:
            return {"ok": False, "error": "not_over", "message": "the Gang is not over"}
        return {"ok": True, **self.engine.end_claims(state)}

    # -- scoring

    def _cmd_points(self, request: Mapping[str, Any]) -> dict[str, Any]:
        state = self._current()
        if not state.is_over:
            return {"ok": False, "error": "not_over", "message": "the Gang is not over"}
        system = _system(request.get("system"))
        rules = read_rules(request.get("rules"), self.declare, base=state.rules)
        if rules is None:
            return {"ok": False, "error": "unsupported", "message": "unknown rules switch or value"}
        points = self.engine.gang_points(state.result, system, rules)
        return {"ok": True, "points": [str(p) for p in points]}

    def _played(self, system: ScoringSystem, rules: Rules) -> PlayedGang | None:
        """The Gang started for the match or fest, once finished; None if there is none (it is taken once)."""
        state = self.gang
        if self._owner is None or state is None or not state.is_over:
            return None
        self._owner = None
        return PlayedGang(state.starter, state.result, self.engine.gang_points(state.result, system, rules))

    # -- match

    def _cmd_match_start(self, request: Mapping[str, Any]) -> dict[str, Any]:
        rules = read_rules(request.get("rules"), self.declare, base=self.play)
        if rules is None:
            return {"ok": False, "error": "unsupported", "message": "unknown rules switch or value"}
        length = request.get("length")
        if not _is_int(length) or length not in (4, 6):
            raise BadRequestError(f"length must be 4 or 6, got {length!r}")
        self.match = EngineMatch(_system(request.get("system")), length, read_player(request.get("younger"), "younger"), rules)
        self.gang = None
        self._owner = None
        return {"ok": True}

    def _record_match_gang(self) -> EngineMatch:
        if self.match is None:
            raise BadRequestError("no match started")
        played = self._played(self.match.system, self.match.rules) if self._owner == "match" else None
        if played is not None:
            self.match = attrs.evolve(self.match, gaenge=(*self.match.gaenge, played))
        return self.match

    def _cmd_match_next(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        match = self._record_match_gang()
        if len(match.gaenge) >= match.length:
            raise BadRequestError(f"the match is over after {match.length} Gänge")
        self._owner = "match"
        return {"ok": True, "gang": len(match.gaenge) + 1, "starter": self.engine.gang_starter(match).code}

    def _cmd_match_result(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        match = self._record_match_gang()
        if len(match.gaenge) < match.length:
            return {"ok": False, "error": "not_over", "message": f"{len(match.gaenge)} of {match.length} Gänge played"}
        totals = self.engine.match_totals(match)
        winner = self.engine.match_winner(match, totals)
        return {"ok": True, "totals": [str(t) for t in totals], "winner": None if winner is None else winner.code}

    # -- Schwingfest

    def _cmd_fest_start(self, request: Mapping[str, Any]) -> dict[str, Any]:
        rules = read_rules(request.get("rules"), self.declare, base=self.play)
        if rules is None:
            return {"ok": False, "error": "unsupported", "message": "unknown rules switch or value"}
        players: Any = request.get("players")
        sets: Any = request.get("sets", 1)
        if not (_is_int(players) and 3 <= players <= MAX_PLAYERS):
            raise BadRequestError(f"players must be 3 to {MAX_PLAYERS}, got {players!r}"[:200])
        if not (_is_int(sets) and sets >= 1):
            raise BadRequestError(f"sets must be 1 or more, got {sets!r}"[:200])
        self.fest = EngineFest(players, sets, _system(request.get("system")), rules)
        self.gang = None
        self._owner = None
        return {"ok": True}

    def _record_fest_gang(self) -> EngineFest:
        if self.fest is None:
            raise BadRequestError("no Schwingfest started")
        played = self._played(self.fest.system, self.fest.rules) if self._owner == "fest" else None
        if played is not None and self._pair is not None:
            self.fest = attrs.evolve(self.fest, fought=(*self.fest.fought, (self._pair, played)))
        return self.fest

    def _cmd_fest_schedule(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        fest = self._record_fest_gang()
        rounds = self.engine.fest_schedule(fest.players, fest.sets)
        return {"ok": True, "rounds": [[list(pair) for pair in round_] for round_ in rounds]}

    def _cmd_fest_meeting(self, request: Mapping[str, Any]) -> dict[str, Any]:
        fest = self._record_fest_gang()
        pair = request.get("pair")
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(v) and 0 <= v < fest.players for v in pair)
                and pair[0] < pair[1]):
            raise BadRequestError("pair must be [a, b] with a < b")
        self._owner, self._pair = "fest", (pair[0], pair[1])
        return {"ok": True, "starter": self.engine.fest_starter(fest, pair[0], pair[1])}

    def _cmd_fest_result(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        fest = self._record_fest_gang()
        lines = self.engine.fest_standings(fest)
        return {
            "ok": True,
            "standings": [{"schwinger": s, "points": str(p), "rank": r} for s, p, r in lines],
        }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _version() -> str:
    try:
        return importlib.metadata.version("schwinget_spec")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def read_rules(value: Any, switches: Collection[str], base: Rules | None = None) -> Rules | None:
    """The ``rules`` of a request: ``base`` (default ``Rules()``) with the switches it sets; None if it sets one not in ``switches`` or to a value of another type, or one ``switches`` (a ``Readings``) does not declare (answered ``unsupported``).

    Raises ``BadRequestError`` if ``value`` is neither an object nor absent (None).
    """
    values = {} if base is None else attrs.asdict(base)
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise BadRequestError("rules must be an object")
    known = attrs.fields_dict(Rules)
    for name, v in value.items():
        if name not in known or name not in switches or type(v) is not type(getattr(Rules(), name)):
            return None
        if isinstance(switches, Readings) and not switches.allows(name, v):
            return None
        values[name] = v
    try:
        return Rules(**values)
    except (TypeError, ValueError):
        return None


def read_deal(value: Any) -> Deal:
    """The ``deal`` of a request, as ``Deal.to_codes`` writes it (``protocol.deal_from_codes``); raises ``BadRequestError`` ("bad deal: ...") naming what is wrong."""
    try:
        return deal_from_codes(value)
    except SchwingetError as exc:
        raise BadRequestError(f"bad deal: {exc}") from None


def read_player(value: Any, name: str) -> Player:
    """The seat ``"P0"`` or ``"P1"`` of the request field ``name``; raises ``BadRequestError`` naming it."""
    if value == "P0":
        return Player.P0
    if value == "P1":
        return Player.P1
    raise BadRequestError(f"{name} must be \"P0\" or \"P1\"")


def _system(value: Any) -> ScoringSystem:
    if value not in ("schwingerwertung", "punktewertung"):
        raise BadRequestError("system must be \"schwingerwertung\" or \"punktewertung\"")
    return ScoringSystem(value)


def _answer(handle: Callable[[Any], dict[str, Any]], line: str) -> tuple[dict[str, Any], bool]:
    """The answer to one request line, and whether it was ``bye``."""
    if len(line) > MAX_REQUEST_CHARS and not line.endswith("\n"):
        return {"ok": False, "error": "bad_request", "message": f"the request is longer than {MAX_REQUEST_CHARS} characters"}, False
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        # bytes that are not UTF-8 reach the server as lone surrogates (surrogateescape)
        return {"ok": False, "error": "bad_request", "message": "the request is not UTF-8 text"}, False
    request: Any = None
    try:
        request = json.loads(line)
        answer = handle(request)
    except RecursionError:
        answer = {"ok": False, "error": "bad_request", "message": "the request is nested too deeply"}
    except (ValueError, SchwingetError) as exc:
        # BadRequestError, a library error naming the field, or JSON that does not parse
        answer = {"ok": False, "error": "bad_request", "message": str(exc)[:_MAX_MESSAGE_CHARS]}
    except Exception:  # every other failure is the engine's, reported as internal
        answer = {"ok": False, "error": "internal", "message": traceback.format_exc()[-2000:]}
    return answer, isinstance(request, Mapping) and request.get("cmd") == "bye"


def answer_requests(handle: Callable[[Any], dict[str, Any]], stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
    """Answer the requests of ``stdin`` on ``stdout`` with ``handle``, one JSON line each, until ``bye`` or the end of the input.

    ``handle`` takes a parsed request and returns its answer; a ``BadRequestError`` or
    another ``SchwingetError`` it raises is answered ``bad_request`` with its message,
    any other exception ``internal`` with the end of its traceback. A line that is not
    JSON, not UTF-8, nested too deeply for the parser, or longer than
    ``MAX_REQUEST_CHARS`` is answered ``bad_request`` without reaching ``handle``; an
    over-long line is read only ``MAX_REQUEST_CHARS`` at a time, so it never fills the
    memory. Blank lines are passed over. By default ``stdin`` is the process's standard
    input read as UTF-8 with ``surrogateescape`` (whatever the locale) and ``stdout`` its
    standard output.
    """
    if stdin is None:
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="surrogateescape")
    out = sys.stdout if stdout is None else stdout
    while True:
        line = stdin.readline(MAX_REQUEST_CHARS + 1)
        if not line:
            return
        if not line.strip():
            continue
        answer, bye = _answer(handle, line)
        # the rest of an over-long line is read and dropped, a piece at a time
        while not line.endswith("\n") and line:
            line = stdin.readline(MAX_REQUEST_CHARS + 1)
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        out.flush()
        if bye:
            return


def serve(engine: ReferenceEngine, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
    """Serve ``engine``: answer requests from ``stdin`` on ``stdout`` (``answer_requests``; by default the process's own), one JSON line each, until ``bye`` or the end of the input."""
    answer_requests(ReferenceServer(engine).handle, stdin, stdout)


def serve_until_interrupted(serve_requests: Callable[[], None]) -> None:
    """Run ``serve_requests`` as a program's main loop: Ctrl-C ends it with exit code 130 and one line on stderr, as it ends every ``schwinget`` command, not with a traceback."""
    try:
        serve_requests()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: stopped serving, nothing saved\n")
        sys.exit(130)


class EngineLoadError(SchwingetError):
    """``--engine module:Class`` names no engine: a bad spec, a module that does not import, no such class, not a ``ReferenceEngine`` subclass, or one that cannot be built without arguments."""


def load_engine(spec: str) -> ReferenceEngine:
    """An engine from ``module:Class`` (a ``ReferenceEngine`` subclass, built without arguments); raises ``EngineLoadError`` naming what is wrong."""
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name or not class_name.isidentifier():
        raise EngineLoadError(f"--engine takes module:Class (a ReferenceEngine subclass), got {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # the module is the user's: any failure to import it is named
        raise EngineLoadError(f"--engine {spec}: module {module_name!r} does not import: {type(exc).__name__}: {exc}") from None
    engine_class = getattr(module, class_name, None)
    if engine_class is None:
        raise EngineLoadError(f"--engine {spec}: module {module_name!r} has no {class_name!r}")
    if not (isinstance(engine_class, type) and issubclass(engine_class, ReferenceEngine)):
        raise EngineLoadError(f"--engine {spec}: {class_name!r} is not a ReferenceEngine subclass")
    try:
        engine = engine_class()
    except Exception as exc:  # the class is the user's: a constructor that fails is named
        raise EngineLoadError(f"--engine {spec}: {class_name}() fails: {type(exc).__name__}: {exc}") from None
    return engine


_USAGE = (
    "usage: python -m schwinget_spec.conformance.protocol.reference_server [--engine module:Class] "
    "[--play SWITCH=VALUE ...] [--declare all|none|SWITCH=V1,V2[;...] ...]"
)


class _UsageError(SchwingetError):
    """A command-line option of the server that does not read: one line naming it, exit 2."""


def _options(args: Sequence[str]) -> tuple[str | None, Rules, Readings | None]:
    """The ``--engine``, ``--play`` and ``--declare`` options of ``args``; raises ``_UsageError`` naming the one that does not read."""
    engine: str | None = None
    play: dict[str, Any] = {}
    declare: Readings | None = None
    pending = list(args)
    while pending:
        arg = pending.pop(0)
        option, eq, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if option not in ("--engine", "--play", "--declare"):
            raise _UsageError(f"unexpected argument {arg!r}")
        if not eq:
            if not pending:
                raise _UsageError(f"{option} needs a value")
            value = pending.pop(0)
        if option == "--engine":
            if engine is not None:
                raise _UsageError("--engine is given twice")
            engine = value
        elif option == "--play":
            name, sep, text = value.partition("=")
            if not sep:
                raise _UsageError(f"--play: expected SWITCH=VALUE, got {value!r}")
            if name not in ALL_SWITCHES:
                raise _UsageError(f"--play: unknown rules switch {name!r}; known: {', '.join(ALL_SWITCHES)}")
            if name in play:
                raise _UsageError(f"--play: the switch {name!r} is played twice")
            try:
                play[name] = parse_value(name, text, "--play")
            except InvalidArgumentError as exc:
                raise _UsageError(str(exc)) from None
        else:
            try:
                more = Readings.from_text(value, ALL_SWITCHES, "--declare")
            except InvalidArgumentError as exc:
                raise _UsageError(str(exc)) from None
            declare = more if declare is None or value in ("all", "none") else declare.merged(more)
    return engine, Rules(**play), declare


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the reference engine on standard input and output.

    ``--engine module:Class`` serves a subclass instead (a single-bug engine);
    ``--play SWITCH=VALUE`` (repeatable) is the value played for a switch a request
    does not send; ``--declare all|none|SWITCH=V1,V2[;...]`` (repeatable) the switches
    and values ``hello`` declares (by default the engine's ``switches``, every value).
    An option that does not read ends the server with one line and exit code 2.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        sys.stdout.write(f"{_USAGE}\n\n{__doc__}")
        return
    try:
        spec, play, declare = _options(args)
        engine = ReferenceEngine() if spec is None else load_engine(spec)
    except _UsageError as exc:
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(2)
    except EngineLoadError as exc:
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(2)
    server = ReferenceServer(engine, play=play, declare=declare)
    serve_until_interrupted(lambda: answer_requests(server.handle))


if __name__ == "__main__":
    # run the imported module's main, so that a subclass loaded by --engine and this
    # server share one ReferenceEngine class (not a second copy in __main__)
    importlib.import_module("schwinget_spec.conformance.protocol.reference_server").main()
