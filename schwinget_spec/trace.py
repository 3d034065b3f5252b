"""The trace format: a Gang (or a match, or a Schwingfest) as JSON, recorded from the engine; docs/conformance.md specifies it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from schwinget_spec.deal import PILE_SIZE
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangResult, GangState, Phase, start_gang
from schwinget_spec.rules import Rules

if TYPE_CHECKING:
    from schwinget_spec.match import MatchState
    from schwinget_spec.schwingfest import SchwingfestState

__all__ = [
    "TRACE_FORMAT",
    "TRACE_VERSION",
    "actions_of",
    "end_claims",
    "gang_record",
    "gang_trace",
    "match_trace",
    "result_claims",
    "rules_to_json",
    "schwingfest_trace",
    "state_claims",
]

TRACE_FORMAT = "schwinget-trace"
"""The value of a trace's ``format`` field."""
TRACE_VERSION = 2
"""The trace format version this library writes; the verifier reads version 1 too, with a deprecation note (docs/conformance.md §8)."""


def actions_of(state: GangState) -> tuple[str, ...]:
    """The action codes that led from the start of the Gang to ``state``, in order: ``state.action_codes()``."""
    return state.action_codes()


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The switches of ``rules`` as a JSON object (booleans, and the readings' strings): ``rules.to_json()``."""
    return dict(rules.to_json())


def state_claims(state: GangState) -> dict[str, Any]:
    """What a state shows, in the shape of a trace's step claims.

    The verifier builds these after every step of a trace to compare them with the
    claimed ones in one comparison of dicts, so they are read as directly as the state
    allows (the codes of the legal actions without the actions, the pile size from the
    cards drawn).
    """
    over = state.phase is _OVER
    hands = state.hands
    return {
        "legal_actions": [*state.legal_action_codes()],
        "to_move": None if over else _PLAYER_CODES[state.to_move],
        "tricks": [*state.tricks],
        "pile_size": PILE_SIZE - state.pile_drawn,
        "hand_sizes": [hands[0].bit_count(), hands[1].bit_count()],
        "is_over": over,
    }


_PLAYER_CODES = ("P0", "P1")
_OVER = Phase.OVER  # read once: an enum member read through its class costs several times more


def end_claims(state: GangState) -> dict[str, Any]:
    """The result of a finished Gang in the shape of a trace's end claims (without points)."""
    return result_claims(state.result)


def result_claims(result: GangResult) -> dict[str, Any]:
    """``result`` in the shape of a trace's end claims (without points): ``result.to_json()``."""
    return result.to_json()


def gang_record(state: GangState, *, with_claims: bool = True) -> dict[str, Any]:
    """One entry of a trace's ``gaenge`` for the Gang that led to ``state``.

    With ``with_claims``, the record carries the reference's own claims after every
    step (and at the start and the end): a trace that any conforming implementation
    must reproduce.
    """
    record: dict[str, Any] = {
        "deal": state.deal.to_codes(),
        "starter": state.starter.code,
        "actions": list(actions_of(state)),
    }
    if with_claims:
        current = start_gang(state.deal, state.starter, state.rules)
        claims: dict[str, Any] = {"start": state_claims(current), "steps": []}
        for code in record["actions"]:
            current = current.apply(code)
            claims["steps"].append(state_claims(current))
        if current.is_over:
            claims["end"] = end_claims(current)
        record["claims"] = claims
    return record


def gang_trace(state: GangState, *, with_claims: bool = True, trace_id: str | None = None) -> dict[str, Any]:
    """A complete trace of kind ``gang`` for the Gang that led to ``state``."""
    trace: dict[str, Any] = {
        "format": TRACE_FORMAT,
        "version": TRACE_VERSION,
        "kind": "gang",
    }
    if trace_id is not None:
        trace["id"] = trace_id
    trace["rules"] = rules_to_json(state.rules)
    trace["gaenge"] = [gang_record(state, with_claims=with_claims)]
    return trace


def _check_gaenge(recorded: Sequence[Any], states: Sequence[GangState], what: str) -> None:
    if len(states) != len(recorded):
        raise SchwingetError(
            f"the {what} recorded {len(recorded)} Gänge but {len(states)} Gang states were given"
        )
    for i, (entry, state) in enumerate(zip(recorded, states, strict=True)):
        if not state.is_over or state.result != entry.result:
            raise SchwingetError(f"Gang state {i} is not the finished Gang {i + 1} of the {what}")


def match_trace(
    match: MatchState, gaenge: Sequence[GangState], *, with_claims: bool = True, trace_id: str | None = None
) -> dict[str, Any]:
    """A trace of kind ``match``: ``gaenge`` are the finished Gang states that ``match`` recorded, in order.

    With ``with_claims``, every Gang carries the reference's claims and its points, and
    the trace ends with the totals and the winner (``"P0"``, ``"P1"``, or null for a draw: a seat,
    spelt as the protocol and the Gang's claims spell it).
    """
    _check_gaenge(match.gaenge, gaenge, "match")
    trace: dict[str, Any] = {"format": TRACE_FORMAT, "version": TRACE_VERSION, "kind": "match"}
    if trace_id is not None:
        trace["id"] = trace_id
    trace["rules"] = rules_to_json(match.rules)
    trace["scoring"] = match.system.value
    trace["length"] = match.length.gaenge
    trace["younger"] = match.younger.code
    trace["gaenge"] = []
    for entry, state in zip(match.gaenge, gaenge, strict=True):
        record = gang_record(state, with_claims=with_claims)
        if with_claims:
            record["claims"]["end"]["points"] = [str(p) for p in entry.score.points]
        trace["gaenge"].append(record)
    if with_claims and match.is_over:
        result = match.result
        trace["claims"] = {
            "totals": [str(t) for t in result.totals],
            "winner": None if result.winner is None else result.winner.code,
        }
    return trace


def schwingfest_trace(
    fest: SchwingfestState, gaenge: Sequence[GangState], *, with_claims: bool = True, trace_id: str | None = None
) -> dict[str, Any]:
    """A trace of kind ``schwingfest``: ``gaenge`` are the finished Gang states ``fest`` recorded, in order."""
    _check_gaenge(fest.fought, gaenge, "Schwingfest")
    trace: dict[str, Any] = {"format": TRACE_FORMAT, "version": TRACE_VERSION, "kind": "schwingfest"}
    if trace_id is not None:
        trace["id"] = trace_id
    trace["rules"] = rules_to_json(fest.rules)
    trace["scoring"] = fest.system.value
    trace["players"] = list(fest.names)
    trace["sets"] = fest.schedule.sets
    trace["gaenge"] = []
    for entry, state in zip(fest.fought, gaenge, strict=True):
        record = gang_record(state, with_claims=with_claims)
        record["seats"] = [entry.meeting.a, entry.meeting.b]
        if with_claims:
            record["claims"]["end"]["points"] = [str(p) for p in entry.score.points]
        trace["gaenge"].append(record)
    if with_claims and fest.is_over:
        standings = fest.standings
        ranks = [0] * len(fest.names)
        for standing in standings:
            ranks[standing.schwinger] = standing.rank
        leaders = [s.schwinger for s in standings if s.rank == 1]
        trace["claims"] = {
            "totals": [str(t) for t in fest.totals()],
            "winner": leaders[0] if len(leaders) == 1 else None,
            "ranks": ranks,
        }
    return trace
