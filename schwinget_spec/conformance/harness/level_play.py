"""The lock step of the protocol's scoring, match and Schwingfest levels: whole matches and Schwingfeste played through an engine beside the reference, each answer compared and named by its clause."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.harness.divergence_clauses import fest_starter_clause, points_clause
from schwinget_spec.conformance.harness.exercised import ExercisedValues
from schwinget_spec.conformance.harness.games import GameSpec, script_policy
from schwinget_spec.conformance.harness.level_report import LevelCheck, LevelDivergence, LevelsReport
from schwinget_spec.conformance.harness.level_specs import FestSpec, MatchSpec, PlannedGang
from schwinget_spec.conformance.harness.lockstep import DivergenceError, LockstepGame, PlayCounts
from schwinget_spec.conformance.harness.report import Divergence
from schwinget_spec.conformance.harness.situations import fest_situations, match_situations
from schwinget_spec.conformance.protocol.levels import (
    ask_fest_meeting,
    ask_fest_result,
    ask_fest_schedule,
    ask_match_next,
    ask_match_result,
    ask_points,
    fest_start_message,
    match_start_message,
    points_message,
    send_fest_start,
    send_match_start,
)
from schwinget_spec.conformance.protocol.messages import (
    LEVELS,
    ActionRefusedError,
    Hello,
    ProtocolError,
    SubprocessAdapter,
    start_message,
)
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, start_schwingfest
from schwinget_spec.scoring import GOOD_LOSER_TRICKS, ScoringSystem, TableRow, compute_gang_score
from schwinget_spec.trace import end_claims

__all__ = [
    "FRESH_NOT_REPRODUCED",
    "FRESH_REPRODUCED",
    "FestSpec",
    "FreshEngine",
    "LevelPlay",
    "MatchSpec",
    "PlannedGang",
    "points_clause",
]

FreshEngine = Callable[[], contextlib.AbstractContextManager[SubprocessAdapter]]
"""Gives a newly started implementation, stopped on leaving (``EngineSession.fresh``): the fresh confirmation of a level divergence."""
FRESH_REPRODUCED = "reproduced"
"""``LevelDivergence.fresh``: the same requests gave the same difference on a freshly started implementation."""
FRESH_NOT_REPRODUCED = "not_reproduced"
"""``LevelDivergence.fresh``: on a freshly started implementation the same requests did not give the same difference."""

_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
_SCORING_CLAUSES = ("scoring.two_systems", "scoring.choose_system", "scoring.tricks_only", "scoring.tricks_decide", "table.columns")
"""The clauses every scored Gang exercises, besides its row and its system's clause."""
_SYSTEM_CLAUSE = {
    ScoringSystem.SCHWINGERWERTUNG: "scoring.schwingerwertung_both",
    ScoringSystem.PUNKTEWERTUNG: "scoring.punktewertung_winner",
}
_MATCH_CLAUSES = ("match.goal", "match.end", "match.winner", "match.record_points", "match.redeal", "setup.gangkarten")
"""The clauses every match played to its end exercises, besides the starter clause of each Gang."""
_FEST_CLAUSES = ("fest.more_players", "fest.twice_each", "fest.parallel", "match.record_points", "match.winner")
"""The clauses every Schwingfest played to its end exercises, besides the starter clause of each meeting."""


class _LevelStopError(Exception):
    def __init__(self, divergence: LevelDivergence) -> None:
        self.divergence = divergence


class _DeadlineError(Exception):
    """The run's deadline passed while a level waited for an answer."""


class _GangStopError(Exception):
    def __init__(self, divergence: Divergence, spec: GameSpec) -> None:
        self.divergence = divergence
        self.spec = spec


def _json_line(message: Mapping[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class LevelPlay:
    """Plays the scoring, match and Schwingfest levels an engine declared, beside the reference, each up to ``max_failures`` differences.

    ``get_adapter`` gives the session's adapter (the engine started again if it died);
    ``hello`` is what the engine declared. ``run`` plays the levels in order and returns
    the ``LevelsReport`` and, when a Gang met inside a level diverged, that Gang's
    ``Divergence`` (reported like any Gang divergence).
    """

    def __init__(
        self, get_adapter: Callable[[], SubprocessAdapter], hello: Hello, fresh: FreshEngine | None = None, *, max_failures: int = 1
    ) -> None:
        self.get_adapter = get_adapter
        self.hello = hello
        self.fresh = fresh
        self.max_failures = max_failures
        """How many diverging games a level goes on to before it stops."""
        self.requests: list[str] = []
        self.scored = 0
        self.scored_vectors = 0
        self.clause_counts: Counter[str] = Counter()
        self.situation_counts: Counter[str] = Counter()
        self.exercised = ExercisedValues()

    # -- the parts of one level game

    def _stop(self, level: str, kind: str, message: str, source: str, **fields: Any) -> _LevelStopError:
        return _LevelStopError(LevelDivergence(level, kind, message, source, requests=tuple(self.requests), **fields))

    def _protocol(self, level: str, exc: ProtocolError, source: str) -> Exception:
        if exc.kind == "deadline":
            return _DeadlineError(exc.reason)
        return self._stop(level, "protocol", exc.reason, source, field=exc.kind, stderr=exc.stderr)

    def _play_gang(self, spec: GameSpec) -> GangState:
        """Play the scripted Gang ``spec`` and return the reference's final state.

        The Gang level has checked the play already, so a level Gang is played light:
        ``start``, the actions, and ``result`` compared with the reference. Only when
        that differs (or the engine refuses an action or breaks the protocol) is the Gang
        replayed in full lock step, so that the divergence is reported like any Gang
        divergence, with its clause and a shrunk reproduction.
        """
        adapter = self.get_adapter()
        actions = spec.actions or ()
        self.requests.append(_json_line(start_message(spec.deal, spec.starter, spec.rules, adapter.client.start_switches)))
        self.requests.extend(_json_line({"cmd": "apply", "action": a}) for a in actions)
        state = start_gang(spec.deal, spec.starter, spec.rules)
        for code in actions:
            state = state.apply(code)
        # what went wrong in the light play, named in the report if full lock step agrees
        field, failure, actual, stderr = "result", "", None, ""
        try:
            adapter.client.start(spec.deal, spec.starter, spec.rules)
            for code in actions:
                adapter.client.apply(code)
            actual = adapter.client.result()
            if actual == end_claims(state):
                return state
            failure = "its result differed from the reference's"
        except ProtocolError as exc:
            if exc.kind == "deadline":
                raise _DeadlineError(exc.reason) from None
            field, failure, stderr = exc.kind, exc.reason, exc.stderr
        except ActionRefusedError as exc:
            field, failure = "refused_legal", f"it refused the legal action {exc.action} ({exc.reason})"
        try:
            LockstepGame(self.get_adapter(), spec, PlayCounts()).play(script_policy(actions))
        except DivergenceError as found:
            raise _GangStopError(found.divergence, spec) from None
        raise self._stop(
            "gang", "protocol",
            f"the Gang played without observations (start, the actions, result) failed: {failure}; played again in full lock step it agreed",
            spec.source, field=field, expected=end_claims(state), actual=actual, stderr=stderr,
        )

    def _check_points(self, level: str, state: GangState, system: ScoringSystem, rules: Rules, source: str) -> None:
        declared = self.hello.readings
        self.requests.append(_json_line(points_message(system, rules, declared=declared)))
        try:
            actual = ask_points(self.get_adapter().client, system, rules, declared=declared)
        except ProtocolError as exc:
            raise self._protocol(level, exc, source) from None
        score = compute_gang_score(state.result, system, rules)
        expected = score.points
        self.scored += 1
        if actual != expected:
            raise self._stop(
                level, "wrong_points",
                f"the points of the finished Gang ({state.result.outcome.value}, tricks "
                f"{state.result.tricks[0]}:{state.result.tricks[1]}) under the {system.label} are "
                f"{json.dumps([str(p) for p in actual])}; the reference has {json.dumps([str(p) for p in expected])}",
                source, field="points", expected=[str(p) for p in expected], actual=[str(p) for p in actual],
                clause_id=points_clause(state.result, system, rules, expected, actual),
            )
        exercised = {*_SCORING_CLAUSES, score.row.clause_id, _SYSTEM_CLAUSE[system]}
        loser = state.result.loser
        if system is ScoringSystem.PUNKTEWERTUNG and loser is not None and state.result.tricks[loser] >= GOOD_LOSER_TRICKS:
            exercised.add(TableRow.GUT_GEKAEMPFT.clause_id)
        self.clause_counts.update(exercised)

    # -- scoring

    def score_gang(self, spec: GameSpec, checks: Iterable[tuple[ScoringSystem, Rules]], *, vector: bool) -> None:
        """Play ``spec`` and ask its points under each (system, rules) of ``checks``."""
        self.requests = []
        state = self._play_gang(spec)
        asked = []
        for system, rules in checks:
            self._check_points("scoring", state, system, rules, spec.source)
            asked.append((system, rules))
        result = state.result
        loser = None if result is None else result.loser
        if result is not None and loser is not None and result.outcome.is_plattwurf and result.tricks[loser] >= GOOD_LOSER_TRICKS:
            # the good loser's point after a Plattwurf: each value of good_loser_after_plattwurf asked gives another answer
            self.exercised.add(("good_loser_after_plattwurf", r.good_loser_after_plattwurf)
                               for system, r in asked if system is ScoringSystem.PUNKTEWERTUNG)
        self.scored_vectors += int(vector)

    # -- match

    def play_match(self, spec: MatchSpec) -> None:
        """Play the match ``spec``: ``match_start``, per Gang ``match_next`` (the starter), the Gang, ``points``, then ``match_result``."""
        self.requests = []
        level, source = "match", spec.source
        declared = self.hello.readings
        self.requests.append(_json_line(match_start_message(spec.system, spec.length, spec.younger, spec.rules, declared=declared)))
        try:
            send_match_start(self.get_adapter().client, spec.system, spec.length, spec.younger, spec.rules, declared=declared)
        except ProtocolError as exc:
            raise self._protocol(level, exc, source) from None
        ref = start_match(spec.system, MatchLength(spec.length), spec.younger, spec.rules)
        exercised = set(_MATCH_CLAUSES)
        for number, planned in enumerate(spec.gaenge, 1):
            self.requests.append(_json_line({"cmd": "match_next"}))
            try:
                starter = ask_match_next(self.get_adapter().client, number)
            except ProtocolError as exc:
                raise self._protocol(level, exc, source) from None
            due, clause = ref.next_starter_with_clause()
            exercised.add(clause)
            if starter != due:
                raise self._stop(
                    level, "wrong_starter", f"Gang {number} is started by {starter.code}; the reference has {due.code}",
                    source, field=f"starter of Gang {number}", expected=due.code, actual=starter.code, clause_id=clause,
                )
            game = GameSpec(f"{source}, Gang {number}", planned.deal, due, spec.rules,
                            planned.actions_for(due, spec.rules), planned.seed)
            state = self._play_gang(game)
            self._check_points(level, state, spec.system, spec.rules, f"{source}, Gang {number}")
            ref = ref.apply_gang(state)
        self.requests.append(_json_line({"cmd": "match_result"}))
        try:
            end = ask_match_result(self.get_adapter().client, spec.system)
        except ProtocolError as exc:
            raise self._protocol(level, exc, source) from None
        result = ref.result
        expected_totals, actual_totals = [str(t) for t in result.totals], [str(t) for t in end.totals]
        if expected_totals != actual_totals:
            raise self._stop(level, "wrong_totals", f"the match's totals are {json.dumps(actual_totals)}; the reference has {json.dumps(expected_totals)}",
                             source, field="totals", expected=expected_totals, actual=actual_totals,
                             clause_id="match.record_points")
        if end.winner != result.winner:
            def code(p: Player | None) -> str | None:
                return None if p is None else p.code

            raise self._stop(
                level, "wrong_winner",
                f"the match's winner is {json.dumps(code(end.winner))} with totals {json.dumps(actual_totals)}; the reference has "
                f"{json.dumps(code(result.winner))}" + (" (equal totals: nobody has the most points)" if result.winner is None else ""),
                source, field="winner", expected=code(result.winner), actual=code(end.winner), clause_id="match.winner",
            )
        self.clause_counts.update(exercised)
        shown = match_situations(ref)
        self.situation_counts.update(shown)
        if "match_draw_equal_points_starts" in shown:
            self.exercised.add([("draw_tie_starter", spec.rules.draw_tie_starter)])
        tricks = [sum(g.result.tricks[seat] for g in ref.gaenge) for seat in (0, 1)]
        if "match_equal_totals" in shown and tricks[0] != tricks[1]:
            self.exercised.add([("match_draw", spec.rules.match_draw)])

    # -- Schwingfest

    def play_fest(self, spec: FestSpec) -> None:
        """Play the Schwingfest ``spec``: ``fest_start``, the engine's schedule, per meeting ``fest_meeting`` (the starter), the Gang, ``points``, then ``fest_result``."""
        self.requests = []
        level, source = "schwingfest", spec.source
        declared = self.hello.readings
        self.requests.append(_json_line(fest_start_message(spec.players, spec.sets, spec.system, spec.rules, declared=declared)))
        client = self.get_adapter().client
        try:
            send_fest_start(client, spec.players, spec.sets, spec.system, spec.rules, declared=declared)
            self.requests.append(_json_line({"cmd": "fest_schedule"}))
            rounds = ask_fest_schedule(client, spec.players)
        except ProtocolError as exc:
            raise self._protocol(level, exc, source) from None
        self._check_schedule(spec, rounds)
        names = tuple(f"S{i}" for i in range(spec.players))
        ref = start_schwingfest(names, spec.system, spec.sets, spec.rules)
        legs: dict[tuple[int, int], int] = {}
        exercised = {*_FEST_CLAUSES, *(("fest.four_players",) if spec.players == 4 else ())}
        for a, b in (pair for round_ in rounds for pair in round_):
            leg = legs[(a, b)] = legs.get((a, b), 0) + 1
            first = ref.gang_of(Meeting(a, b, 1)) if leg == 2 else None
            starter_clause = fest_starter_clause(spec.rules.fest_starter, leg, first is not None and first.result.winner is None)
            exercised.add(starter_clause)
            meeting = Meeting(a, b, leg)
            self.requests.append(_json_line({"cmd": "fest_meeting", "pair": [a, b]}))
            try:
                starter = ask_fest_meeting(self.get_adapter().client, a, b)
            except ProtocolError as exc:
                raise self._protocol(level, exc, source) from None
            due = ref.starter_of(meeting)
            if starter != due:
                raise self._stop(
                    level, "wrong_starter",
                    f"meeting {leg} of Schwinger {a} and {b} is started by {starter}; the reference has {due} "
                    f"(fest_starter {json.dumps(spec.rules.fest_starter)})",
                    source, field=f"starter of meeting {a}-{b}/{leg}", expected=due, actual=starter,
                    clause_id=starter_clause,
                )
            planned = spec.meetings[(a, b, leg)]
            seat = meeting.seat(due)
            where = f"{source}, meeting {a}-{b}/{leg}"
            state = self._play_gang(GameSpec(where, planned.deal, seat, spec.rules, planned.actions_for(seat, spec.rules), planned.seed))
            self._check_points(level, state, spec.system, spec.rules, where)
            ref = ref.apply_gang(meeting, state)
        self.requests.append(_json_line({"cmd": "fest_result"}))
        try:
            standings = ask_fest_result(self.get_adapter().client, spec.players, spec.system)
        except ProtocolError as exc:
            raise self._protocol(level, exc, source) from None
        totals = [str(t) for t in ref.totals()]
        ranks = [0] * spec.players
        for line in ref.standings:
            ranks[line.schwinger] = line.rank
        actual_totals = [str(s.points) for s in standings]
        actual_ranks = [s.rank for s in standings]
        if actual_totals != totals:
            raise self._stop(level, "wrong_standings", f"the Schwinger's points are {json.dumps(actual_totals)}; the reference has {json.dumps(totals)}",
                             source, field="points", expected=totals, actual=actual_totals, clause_id="match.record_points")
        if actual_ranks != ranks:
            raise self._stop(
                level, "wrong_standings",
                f"the ranks of Schwinger 0..{spec.players - 1} are {json.dumps(actual_ranks)} with points {json.dumps(totals)}; the reference has "
                f"{json.dumps(ranks)} (fest_tiebreak {json.dumps(spec.rules.fest_tiebreak)})",
                source, field="ranks", expected=ranks, actual=actual_ranks, clause_id="match.winner",
            )
        self.clause_counts.update(exercised)
        self.situation_counts.update(fest_situations(ref))
        if any(g.meeting.leg == 1 and g.result.winner is not None for g in ref.fought):
            self.exercised.add([("fest_starter", spec.rules.fest_starter)])
        points = [s.points for s in ref.standings]
        if len(set(points)) < len(points):
            self.exercised.add([("fest_tiebreak", spec.rules.fest_tiebreak)])

    def _check_schedule(self, spec: FestSpec, rounds: tuple[tuple[tuple[int, int], ...], ...]) -> None:
        counts: dict[tuple[int, int], int] = {}
        for number, round_ in enumerate(rounds, 1):
            seen: set[int] = set()
            for a, b in round_:
                counts[(a, b)] = counts.get((a, b), 0) + 1
                if a in seen or b in seen:
                    raise self._stop("schwingfest", "wrong_schedule",
                                     f"round {number} has Schwinger {a if a in seen else b} in two meetings at once",
                                     spec.source, field="rounds", actual=[list(p) for p in round_], clause_id="fest.parallel")
                seen.update((a, b))
            if len(round_) > spec.sets:
                raise self._stop("schwingfest", "wrong_schedule",
                                 f"round {number} has {len(round_)} meetings on {spec.sets} card set(s)",
                                 spec.source, field="rounds", actual=[list(p) for p in round_], clause_id="fest.parallel")
        for a in range(spec.players):
            for b in range(a + 1, spec.players):
                if counts.get((a, b), 0) != 2:
                    raise self._stop("schwingfest", "wrong_schedule",
                                     f"Schwinger {a} and {b} meet {counts.get((a, b), 0)} times in the schedule; each pair meets twice",
                                     spec.source, field=f"meetings of {a}-{b}", expected=2, actual=counts.get((a, b), 0),
                                     clause_id="fest.twice_each")

    # -- the fresh confirmation

    def _play_item(self, level: str, item: Any) -> None:
        if level == "scoring":
            self.score_gang(item[0], item[1], vector=item[2])
        elif level == "match":
            self.play_match(item)
        else:
            self.play_fest(item)

    def confirm_fresh(self, level: str, item: Any, divergence: LevelDivergence) -> LevelDivergence:
        """``divergence`` with ``fresh`` set: the same level game played again on a freshly started implementation.

        The fresh engine receives the same request lines (the game is the same, so the
        reference asks the same); if its answers differ from the reference's the same way
        (level, kind, field, clause), the divergence is ``FRESH_REPRODUCED``, otherwise
        ``FRESH_NOT_REPRODUCED``: the fault depends on what the implementation served
        before. Without ``fresh``, or when the run's deadline passes, ``fresh`` stays None.
        """
        if self.fresh is None:
            return divergence
        again: LevelDivergence | None = None
        try:
            with self.fresh() as adapter:
                replay = LevelPlay(lambda: adapter, self.hello)
                try:
                    replay._play_item(level, item)
                except _LevelStopError as stop:
                    again = stop.divergence
                except _GangStopError:
                    pass
        except (_DeadlineError, ProtocolError) as exc:
            if isinstance(exc, _DeadlineError) or exc.kind == "deadline":
                return divergence
        same = again is not None and again.signature == divergence.signature
        return attrs.evolve(divergence, fresh=FRESH_REPRODUCED if same else FRESH_NOT_REPRODUCED)

    def explained(self, level: str, item: Any, divergence: LevelDivergence) -> LevelDivergence:
        """``divergence`` with the readings under which the implementation's play of the match or Schwingfest ``item`` agrees (``readings_profile.explanation_lines``, on a fresh implementation)."""
        if self.fresh is None or level not in ("match", "schwingfest") or divergence.kind == "protocol":
            return divergence
        # readings_profile plays the level games of this module: imported where it is used
        from schwinget_spec.conformance.harness.readings_profile import FreshEngines, explanation_lines  # noqa: PLC0415

        lines = explanation_lines(FreshEngines(self.fresh, self.hello), item, item.rules)
        return attrs.evolve(divergence, explanations=lines) if lines else divergence

    def confirm_gang_fresh(self, spec: GameSpec, divergence: Divergence) -> Divergence:
        """A Gang divergence met inside a level with ``fresh`` set: its Gang alone replayed in lock step on a freshly started implementation."""
        if self.fresh is None:
            return divergence
        try:
            with self.fresh() as adapter:
                LockstepGame(adapter, spec, PlayCounts()).play(script_policy(spec.actions or ()))
        except DivergenceError as found:
            if found.divergence.signature == divergence.signature:
                return attrs.evolve(divergence, fresh=FRESH_REPRODUCED)
        except ProtocolError as exc:
            if exc.kind == "deadline":
                return divergence
        return attrs.evolve(divergence, fresh=FRESH_NOT_REPRODUCED)

    # -- the whole run

    def run(
        self,
        *,
        scoring: Sequence[tuple[GameSpec, Sequence[tuple[ScoringSystem, Rules]], bool]],
        matches: Sequence[MatchSpec],
        fests: Sequence[FestSpec],
        skipped: Mapping[str, Sequence[tuple[str, str]]],
        gang_played: tuple[int, int],
        gang_failed: int = 0,
    ) -> tuple[LevelsReport, Divergence | None]:
        """Play every declared level in order, each to its end or to ``max_failures`` diverging games; the report (a check per level with its failures) and the first Gang met inside a level that diverged in its play, if any.

        A divergence does not stop the run: the level goes on with its next game, and the
        next level is played whatever the earlier ones found. The first divergence of each
        level is confirmed on a fresh implementation (``confirm_fresh``) before it is
        reported; a Gang met inside a level that diverges in its play is a failure of that
        level, named like a Gang divergence (its kind and clause, its request lines). Each
        level's check lists its vectors with ``passed``, ``failed`` or ``not_reached``.
        """
        declared = self.hello.levels
        checks: dict[str, LevelCheck] = {"gang": LevelCheck("gang", True, True, *gang_played, failed=gang_failed)}
        plans: list[tuple[str, Sequence[Any]]] = [("scoring", scoring), ("match", matches), ("schwingfest", fests)]
        stopped = False
        gang_divergence: Divergence | None = None
        for level, items in plans:
            ids = [_vector_id(item) for item in items]
            if level not in declared:
                checks[level] = LevelCheck(level, False, False)
                continue
            not_reached = tuple((vid, "not_reached") for vid in ids if vid is not None)
            if stopped:
                checks[level] = LevelCheck(level, True, False, note="the run stopped at its deadline", vector_results=not_reached)
                continue
            played = vectors = steered = 0
            before = self.scored
            results: list[str] = []
            failures: list[LevelDivergence] = []
            first_at: int | None = None
            note = ""
            for item in items:
                if len(failures) >= self.max_failures:
                    break
                results.append("failed")
                found: LevelDivergence | None = None
                try:
                    self._play_item(level, item)
                except _LevelStopError as stop:
                    found = stop.divergence if failures else self.explained(level, item, self.confirm_fresh(level, item, stop.divergence))
                except _GangStopError as stop:
                    gang = stop.divergence if failures else self.confirm_gang_fresh(stop.spec, stop.divergence)
                    gang_divergence = gang if gang_divergence is None else gang_divergence
                    found = _as_level_divergence(gang)
                except _DeadlineError:
                    stopped = True
                    results[-1] = "not_reached"
                    break
                except ProtocolError as exc:
                    # the implementation could not be started again for this game
                    if exc.kind == "deadline":
                        stopped = True
                        results[-1] = "not_reached"
                        break
                    found = LevelDivergence(level, "protocol", exc.reason, _source(item), field=exc.kind, stderr=exc.stderr)
                    note = f"the implementation could not be started again: {exc.reason}"
                if found is not None:
                    if first_at is None:
                        first_at = (self.scored - before if level == "scoring" else played) + 1
                    failures.append(found)
                    if note:
                        break
                    continue
                results[-1] = "passed"
                played += 1
                vectors += int(ids[len(results) - 1] is not None)
                steered += int(_is_steered(item))
            outcome = tuple(
                (vid, results[i] if i < len(results) else "not_reached") for i, vid in enumerate(ids) if vid is not None
            )
            bounded = len(failures) >= self.max_failures and len(results) < len(items)
            unplayed = len(items) - results.count("passed") - results.count("failed")
            if stopped:
                checks[level] = LevelCheck(level, True, False, played, vectors, note="the run stopped at its deadline",
                                           vector_results=outcome, failed=len(failures), failures=tuple(failures),
                                           first_failure_at=first_at, unplayed=unplayed)
                continue
            if level == "scoring":
                played = self.scored - before
            checks[level] = LevelCheck(level, True, True, played, vectors, tuple(skipped.get(level, ())), note=note,
                                       vector_results=outcome, steered=steered, failed=len(failures),
                                       failures=tuple(failures), bounded=bounded, first_failure_at=first_at,
                                       unplayed=unplayed)
        if "scoring" in declared and checks["scoring"].checked:
            # the Gänge of matches and Schwingfeste were scored too
            c = checks["scoring"]
            checks["scoring"] = attrs.evolve(c, played=self.scored)
        first = next((c.failures[0] for level in LEVELS if (c := checks[level]).failures), None)
        report = LevelsReport(
            self.hello.protocol, tuple(checks[level] for level in LEVELS), first,
            tuple(sorted(self.clause_counts.items())), tuple(sorted(self.situation_counts.items())),
            stopped_at_deadline=stopped, exercised=tuple(self.exercised.counts.items()),
        )
        return report, gang_divergence


def _source(item: Any) -> str:
    """Where a level game comes from (a scored Gang, a match or a Schwingfest)."""
    return str(item[0].source if isinstance(item, tuple) else item.source)


def _as_level_divergence(d: Divergence) -> LevelDivergence:
    """A Gang divergence met inside a level, as a failure listed under that level: of the level ``gang`` (the Gang's play diverged), its kind, clause and fields, and the request lines that replay the Gang after ``hello``."""
    return LevelDivergence(
        "gang", d.kind.value, d.message, d.source, field=d.field, expected=d.expected, actual=d.actual,
        clause_id=d.clause_id, requests=tuple(d.protocol_lines()[1:]), stderr=d.stderr, fresh=d.fresh,
    )


def _is_steered(item: Any) -> bool:
    """True for a steered match or Schwingfest (``steering_levels``): its source says so."""
    return isinstance(item, MatchSpec | FestSpec) and item.source.startswith("steered")


def _vector_id(item: Any) -> str | None:
    """The id of the vector a level game comes from (its source ``vector <id>``), None for a random one."""
    if isinstance(item, tuple):
        spec, _, vector = item
        source = spec.source if vector else ""
    else:
        source = item.source if item.vector else ""
    return source.removeprefix("vector ") if source.startswith("vector ") else None
