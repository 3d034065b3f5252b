"""Games as traces and back: a Gang, a match or a Schwingfest, finished or running, written as its trace, and a trace judged by the verifier and replayed into the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from schwinget_spec.conformance.trace.verify import Verdict, VerdictKind, rules_from_json, verify_trace
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.support.safe_text import shown
from schwinget_spec.trace import TRACE_FORMAT, gang_trace, match_trace, schwingfest_trace

__all__ = ["Game", "Trace", "TraceError"]

Game = GangState | MatchState | SchwingfestState
"""What a trace records: one Gang, a match or a Schwingfest."""

_SEATS = {"P0": Player.P0, "P1": Player.P1}
_ENDS_EARLY = frozenset({"gang.end_no_angriff", "gang.end_angriff"})
"""The rules of the verifier's verdict on a Gang whose actions end before the Gang does."""


class TraceError(SchwingetError):
    """A trace that is not the record of a game: ``verdict`` is the verifier's ``Verdict`` on it.

    The verdict says what is wrong (``malformed``, ``illegal_action``, ``wrong_claim``),
    where (``verdict.where``, a JSON pointer such as ``/gaenge/0/actions/7``), by which
    clause, and for a wrong claim the claimed and the reference values; the error's
    message and ``clause_id`` are the verdict's.
    """

    def __init__(self, verdict: Verdict) -> None:
        where = f" at {verdict.where}" if verdict.where else ""
        super().__init__(f"{verdict.kind.value}{where}: {verdict.message}", clause_id=verdict.clause_id)
        self.verdict = verdict


def _game(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, GangState | MatchState | SchwingfestState):
        raise InvalidArgumentError("game", f"expected a GangState, a MatchState or a SchwingfestState, got {shown(value)}")


@attrs.frozen
class Trace:
    """A game with the Gang states it played, as a trace records it: ``to_json`` writes the trace, ``Trace.from_json`` reads one back.

    ``game`` is a ``GangState``, a ``MatchState`` or a ``SchwingfestState``, finished or
    running. For a match or a Schwingfest, ``gaenge`` are the finished Gang states it
    recorded, in order (a ``MatchState`` keeps each Gang's result, not its cards); for a
    Gang it is empty, the Gang being the game. ``trace_id`` is the trace's ``id``, if
    any. Gang states that are not the ones the game recorded (another result, starter or
    rules) are refused with ``InvalidArgumentError`` naming ``gaenge[i]``.
    """

    game: Game = attrs.field(validator=_game)
    gaenge: tuple[GangState, ...] = ()
    trace_id: str | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.gaenge, tuple) or not all(isinstance(s, GangState) for s in self.gaenge):
            raise InvalidArgumentError("gaenge", f"expected a tuple of GangStates, got {shown(self.gaenge)}")
        if self.trace_id is not None and not isinstance(self.trace_id, str):
            raise InvalidArgumentError("trace_id", f"expected a string or None, got {shown(self.trace_id)}")
        game = self.game
        if isinstance(game, GangState):
            if self.gaenge:
                raise InvalidArgumentError("gaenge", "the trace of a Gang holds that Gang alone: give no other Gang states")
            return
        if isinstance(game, MatchState):
            recorded = [(g.result, g.starter) for g in game.gaenge]
        else:
            recorded = [(g.result, g.meeting.seat(g.starter)) for g in game.fought]
        if len(self.gaenge) != len(recorded):
            raise InvalidArgumentError("gaenge", f"the game recorded {len(recorded)} Gänge, got {len(self.gaenge)} Gang states")
        for i, ((result, seat), state) in enumerate(zip(recorded, self.gaenge, strict=True)):
            if not state.is_over or state.result != result or state.starter != seat or state.rules != game.rules:
                raise InvalidArgumentError(
                    f"gaenge[{i}]", f"not the finished Gang {i + 1} the game recorded (its result, starter and rules)"
                )

    @property
    def kind(self) -> str:
        """The trace's ``kind``: ``"gang"``, ``"match"`` or ``"schwingfest"``."""
        if isinstance(self.game, GangState):
            return "gang"
        return "match" if isinstance(self.game, MatchState) else "schwingfest"

    @property
    def states(self) -> tuple[GangState, ...]:
        """Every Gang state of the trace, in order: the Gang itself, or ``gaenge``."""
        return (self.game,) if isinstance(self.game, GangState) else self.gaenge

    def to_json(self, *, with_claims: bool = True) -> dict[str, Any]:
        """The trace of the game (``trace.gang_trace``, ``match_trace``, ``schwingfest_trace``), with the reference's claims unless ``with_claims`` is False.

        A running game is written as far as it went: a running Gang without its end
        claims, a running match or Schwingfest with the Gänge recorded so far and without
        the final claims (totals, winner, ranks). A match or Schwingfest that has recorded
        no Gang yet has no trace (a trace holds at least one Gang): ``InvalidArgumentError``
        naming ``game``.
        """
        game = self.game
        if isinstance(game, GangState):
            return gang_trace(game, with_claims=with_claims, trace_id=self.trace_id)
        if not self.gaenge:
            raise InvalidArgumentError("game", "a trace holds at least one Gang: this game has recorded none yet")
        if isinstance(game, MatchState):
            return match_trace(game, self.gaenge, with_claims=with_claims, trace_id=self.trace_id)
        return schwingfest_trace(game, self.gaenge, with_claims=with_claims, trace_id=self.trace_id)

    @classmethod
    def from_json(cls, document: object) -> Trace:
        """The game a trace records, replayed through the engine; a trace the verifier does not accept raises ``TraceError`` with its verdict.

        A finished game's trace must conform (``verify_trace``). A running game's trace
        (what ``to_json`` writes of one) is accepted where the verifier's only fault is
        that the game is not over: a Gang whose actions end before it does, a match of
        fewer Gänge than its length (each Gang of which must conform as a trace of its
        own, and start as the match's rules say), a Schwingfest with meetings still to
        fight; such a trace claims no end of what is not over (``malformed`` at
        ``/claims`` or ``/gaenge/0/claims/end``). A version 1 trace is read with the
        verifier's ``DeprecationWarning``.
        """
        verdict = verify_trace(document)
        if not verdict.conforms:
            if not _running(document, verdict):
                raise TraceError(verdict)
            assert isinstance(document, dict)
            _check_running(document)
        assert isinstance(document, dict)
        try:
            return _rebuilt(cls, document)
        except SchwingetError as exc:  # pragma: no cover - the verifier refused anything the replay could
            raise TraceError(Verdict(VerdictKind.MALFORMED, str(exc), rule=type(exc).__name__, clause_id=exc.clause_id)) from None


def _running(document: object, verdict: Verdict) -> bool:
    # True if the verifier's only fault with ``document`` is that the game it records is not over
    if verdict.kind is not VerdictKind.MALFORMED or type(document) is not dict:
        return False
    kind = document.get("kind")
    if type(kind) is not str:  # compared only as a str: a foreign value's __eq__ never runs
        return False
    if kind == "gang":
        return verdict.where == "/gaenge/0/actions" and verdict.rule in _ENDS_EARLY
    if kind == "match":
        return verdict.where == "/gaenge" and verdict.rule == "match.end" and len(document["gaenge"]) < document["length"]
    return kind == "schwingfest" and verdict.where == "/gaenge" and verdict.rule == "fest.twice_each"


def _check_running(document: Mapping[str, Any]) -> None:
    # What the verifier did not judge of a running game's trace: no claim of its end, and for a
    # match its starters and each Gang as a trace of its own
    trace_id = document.get("id")
    if "claims" in document:
        raise TraceError(Verdict(
            VerdictKind.MALFORMED, "the game is not over: its trace claims no totals, winner or ranks",
            where="/claims", trace_id=trace_id, rule="claims",
        ))
    gaenge = document["gaenge"]
    if document["kind"] == "gang":
        if "end" in gaenge[0].get("claims", {}):
            raise TraceError(Verdict(
                VerdictKind.MALFORMED, "the Gang is not over: its record claims no end",
                where="/gaenge/0/claims/end", trace_id=trace_id, rule="claims",
            ))
        return
    if document["kind"] == "match":
        _check_running_match(document)


def _check_running_match(document: Mapping[str, Any]) -> None:
    # Each Gang of a running match's trace, in order: started by the player due (as the
    # verifier checks a finished match's), then judged as a trace of its own.
    rules = _rules(document)
    match = start_match(ScoringSystem(document["scoring"]), MatchLength(document["length"]), _SEATS[document["younger"]], rules)
    trace_id = document.get("id")
    for g, record in enumerate(document["gaenge"]):
        due, clause_id = match.next_starter_with_clause()
        if record["starter"] != due.code:
            raise TraceError(Verdict(
                VerdictKind.ILLEGAL_ACTION, f"Gang {g + 1} is started by {record['starter']}, but {due} starts it",
                where=f"/gaenge/{g}/starter", trace_id=trace_id, gang=g, action=f"start {record['starter']}", clause_id=clause_id,
            ))
        alone = {
            "format": TRACE_FORMAT,
            "version": document["version"],
            "kind": "gang",
            "rules": document.get("rules", {}),
            "scoring": document["scoring"],
            "gaenge": [record],
        }
        verdict = verify_trace(alone)
        if not verdict.conforms:
            where = verdict.where.replace("/gaenge/0", f"/gaenge/{g}", 1)
            raise TraceError(attrs.evolve(verdict, where=where, gang=g, trace_id=trace_id))
        match = match.apply_gang(_gang_state(record, rules))


def _rules(document: Mapping[str, Any]) -> Rules:
    # the rules the verifier judges the trace under (a version 1 trace keeps the defaults it was written under)
    return rules_from_json(document.get("rules", {}), version=document["version"])


def _gang_state(record: Mapping[str, Any], rules: Rules) -> GangState:
    # the Gang of a trace's record, replayed from its deal through apply
    state = start_gang(Deal.from_json(record["deal"]), _SEATS[record["starter"]], rules)
    for code in record["actions"]:
        state = state.apply(code)
    return state


def _rebuilt(cls: type[Trace], document: Mapping[str, Any]) -> Trace:
    # the game of a trace the verifier accepted (or found only running)
    rules = _rules(document)
    records = document["gaenge"]
    states = tuple(_gang_state(record, rules) for record in records)
    trace_id = document.get("id")
    if document["kind"] == "gang":
        return cls(states[0], (), trace_id)
    system = ScoringSystem(document["scoring"])
    if document["kind"] == "match":
        match = start_match(system, MatchLength(document["length"]), _SEATS[document["younger"]], rules)
        for state in states:
            match = match.apply_gang(state)
        return cls(match, states, trace_id)
    fest = start_schwingfest(document["players"], system, document.get("sets", 1), rules)
    met: set[tuple[int, int]] = set()
    for record, state in zip(records, states, strict=True):
        a, b = record["seats"]
        fest = fest.apply_gang(Meeting(a, b, 2 if (a, b) in met else 1), state)
        met.add((a, b))
    return cls(fest, states, trace_id)
