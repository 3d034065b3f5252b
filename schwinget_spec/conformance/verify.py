"""The verifier: replays a trace against the reference and gives one verdict (conforms, malformed, illegal action, wrong claim)."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import attrs
import fastjsonschema

from schwinget_spec.actions import parse_action
from schwinget_spec.cards import Card
from schwinget_spec.clauses import get_clause
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError, InvalidDealError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.trace import TRACE_FORMAT, TRACE_VERSION, end_claims

__all__ = [
    "MAX_TRACE_BYTES",
    "Verdict",
    "VerdictKind",
    "load_schema",
    "verify_trace",
    "verify_trace_text",
]

MAX_TRACE_BYTES = 16 * 1024 * 1024
"""The largest trace text the verifier reads; a longer one is judged malformed unread."""


class VerdictKind(enum.Enum):
    """The four verdicts on a trace."""

    CONFORMS = "conforms"
    """Every action was legal and every claim matched the reference."""
    MALFORMED = "malformed"
    """The trace is not a valid trace document: ``where`` is the JSON path, ``rule`` the schema rule or clause."""
    ILLEGAL_ACTION = "illegal_action"
    """An action the rules forbid: ``gang``, ``step``, ``action`` and ``clause_id`` say which and why."""
    WRONG_CLAIM = "wrong_claim"
    """A claim differs from the reference: ``field``, ``claimed`` and ``reference`` show the difference."""


@attrs.frozen
class Verdict:
    """The verdict on one trace; fields that do not apply to the kind are None.

    ``where`` is a JSON pointer into the trace (``/gaenge/0/actions/7``); ``step`` is the
    index of the action in its Gang (``None`` for the start and the end of a Gang).
    """

    kind: VerdictKind
    message: str
    where: str = ""
    trace_id: str | None = None
    gang: int | None = None
    step: int | None = None
    action: str | None = None
    clause_id: str | None = None
    rule: str | None = None
    field: str | None = None
    claimed: Any = None
    reference: Any = None

    @property
    def conforms(self) -> bool:
        """True for the verdict CONFORMS."""
        return self.kind is VerdictKind.CONFORMS

    def to_json(self) -> dict[str, Any]:
        """The verdict as a JSON object; the clause's DE and FR text are added when a clause is named."""
        out: dict[str, Any] = {"verdict": self.kind.value, "message": self.message}
        for name in ("where", "trace_id", "gang", "step", "action", "clause_id", "rule", "field"):
            value = getattr(self, name)
            if value not in (None, ""):
                out[name] = value
        if self.kind is VerdictKind.WRONG_CLAIM:
            out["claimed"] = self.claimed
            out["reference"] = self.reference
        if self.clause_id is not None:
            clause = get_clause(self.clause_id)
            out["clause_de"] = clause.de
            out["clause_fr"] = clause.fr
        return out


def load_schema() -> dict[str, Any]:
    """The JSON Schema of the trace format (draft 7), as shipped with the package."""
    text = resources.files("schwinget_spec.conformance").joinpath("trace.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Callable[[Any], Any]:
    return fastjsonschema.compile(load_schema())


class _VerdictReachedError(Exception):
    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict


def _pointer(path: list[str]) -> str:
    parts = path[1:] if path and path[0] == "data" else path
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts) if parts else ""


def verify_trace_text(text: str | bytes) -> Verdict:
    """The verdict on a trace given as JSON text; never raises for any input."""
    if len(text) > MAX_TRACE_BYTES:
        return Verdict(
            VerdictKind.MALFORMED,
            f"the trace is {len(text)} bytes long; the verifier reads at most {MAX_TRACE_BYTES}",
            rule="size",
        )
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return Verdict(VerdictKind.MALFORMED, f"not JSON: {exc}", rule="json")
    return verify_trace(document)


def verify_trace(document: Any) -> Verdict:
    """The verdict on a trace given as a parsed JSON value; never raises for any input."""
    try:
        _validator()(document)
    except fastjsonschema.JsonSchemaValueException as exc:
        return Verdict(
            VerdictKind.MALFORMED,
            f"{exc.message} (schema rule {exc.rule!r})",
            where=_pointer(list(exc.path or [])),
            rule=str(exc.rule),
        )
    except RecursionError:
        return Verdict(VerdictKind.MALFORMED, "the trace is nested too deeply", rule="json")
    trace_id = document.get("id")
    try:
        _verify(document)
    except _VerdictReachedError as stop:
        return attrs.evolve(stop.verdict, trace_id=trace_id)
    return Verdict(VerdictKind.CONFORMS, "every action is legal and every claim matches", trace_id=trace_id)


def _malformed(where: str, rule: str, message: str, clause_id: str | None = None) -> _VerdictReachedError:
    return _VerdictReachedError(Verdict(VerdictKind.MALFORMED, message, where=where, rule=rule, clause_id=clause_id))


def rules_from_json(obj: Mapping[str, Any], where: str = "/rules") -> Rules:
    """The Rules value a trace's ``rules`` object selects; unknown switches or values are malformed."""
    fields = {f.name: f for f in attrs.fields(Rules)}
    defaults = Rules()
    values: dict[str, Any] = {}
    for name, value in obj.items():
        if name not in fields:
            raise _malformed(
                f"{where}/{name}", "rules", f"unknown rules switch {name!r}; known: {', '.join(fields)}"
            )
        default = getattr(defaults, name)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise _malformed(f"{where}/{name}", "rules", f"rules switch {name!r} takes true or false")
            values[name] = value
        else:
            options = tuple(getattr(fields[name].validator, "options", ()))
            if value not in options:
                listed = ", ".join(repr(o) for o in options)
                raise _malformed(
                    f"{where}/{name}", "rules", f"rules switch {name!r} takes one of {listed}, not {value!r}"
                )
            values[name] = value
    return Rules(**values)


def _deal_from_json(obj: Mapping[str, Any], where: str) -> Deal:
    try:
        return Deal(
            hands=(tuple(Card[c] for c in obj["hands"][0]), tuple(Card[c] for c in obj["hands"][1])),
            revealed=Card[obj["revealed"]],
            face_down=tuple(Card[c] for c in obj["face_down"]),
            pile=tuple(Card[c] for c in obj["pile"]),
        )
    except InvalidDealError as exc:
        raise _malformed(where, exc.clause_id or "deal", f"not a legal deal: {exc.reason}", exc.clause_id) from None


def _verify(document: Mapping[str, Any]) -> None:
    if document["format"] != TRACE_FORMAT or document["version"] != TRACE_VERSION:
        raise _malformed("/version", "version", "unsupported trace format or version")
    rules = rules_from_json(document.get("rules", {}))
    kind = document["kind"]
    gaenge = document["gaenge"]
    if kind == "gang" and len(gaenge) != 1:
        raise _malformed("/gaenge", "kind", f"a trace of kind 'gang' holds one Gang, not {len(gaenge)}")
    for g, gang in enumerate(gaenge):
        _verify_gang(gang, g, rules)


def _claim_mismatch(
    where: str, g: int, step: int | None, field: str, *, claimed: Any, reference: Any, message: str
) -> _VerdictReachedError:
    return _VerdictReachedError(
        Verdict(
            VerdictKind.WRONG_CLAIM,
            message,
            where=where,
            gang=g,
            step=step,
            field=field,
            claimed=claimed,
            reference=reference,
        )
    )


def _check_state_claims(
    state: GangState, claims: Mapping[str, Any] | None, where: str, g: int, step: int | None
) -> None:
    if not claims:
        return
    if "legal_actions" in claims:
        claimed = claims["legal_actions"]
        reference = [a.code for a in state.legal_actions()]
        if set(claimed) != set(reference) or len(claimed) != len(set(claimed)):
            extra = sorted(set(claimed) - set(reference))
            missing = sorted(set(reference) - set(claimed))
            parts = []
            if extra:
                parts.append(f"offers {' '.join(extra)}, which the rules forbid here")
            if missing:
                parts.append(f"does not offer {' '.join(missing)}, which the rules allow here")
            if not parts:
                parts.append("lists an action twice")
            raise _claim_mismatch(
                f"{where}/legal_actions", g, step, "legal_actions", claimed=claimed, reference=reference, message="; ".join(parts)
            )
    checks: tuple[tuple[str, Callable[[], Any]], ...] = (
        ("to_move", lambda: None if state.is_over else state.to_move.code),
        ("tricks", lambda: list(state.tricks)),
        ("pile_size", lambda: state.pile_size),
        ("hand_sizes", lambda: [state.hands[0].bit_count(), state.hands[1].bit_count()]),
        ("is_over", lambda: state.is_over),
    )
    for name, get in checks:
        if name in claims:
            reference = get()
            if claims[name] != reference:
                raise _claim_mismatch(
                    f"{where}/{name}",
                    g,
                    step,
                    name,
                    claimed=claims[name],
                    reference=reference,
                    message=f"claims {name} {claims[name]!r}, the reference has {reference!r}",
                )


def _verify_gang(gang: Mapping[str, Any], g: int, rules: Rules) -> None:
    base = f"/gaenge/{g}"
    deal = _deal_from_json(gang["deal"], f"{base}/deal")
    if "seed" in gang and Deal.shuffled(gang["seed"]) != deal:
        raise _malformed(
            f"{base}/seed", "deal.shuffle", "the deal is not the one the seed gives (docs/deal-algorithm.md)", "deal.shuffle"
        )
    state = start_gang(deal, Player[gang["starter"]], rules)
    claims = gang.get("claims", {})
    step_claims = claims.get("steps", [])
    actions = gang["actions"]
    if len(step_claims) > len(actions):
        raise _malformed(
            f"{base}/claims/steps", "claims",
            f"{len(step_claims)} step claims for {len(actions)} actions: one claim per action at most",
        )
    _check_state_claims(state, claims.get("start"), f"{base}/claims/start", g, None)
    for i, code in enumerate(actions):
        try:
            state = state.apply(parse_action(code))
        except IllegalActionError as exc:
            raise _VerdictReachedError(
                Verdict(
                    VerdictKind.ILLEGAL_ACTION,
                    exc.reason,
                    where=f"{base}/actions/{i}",
                    gang=g,
                    step=i,
                    action=code,
                    clause_id=exc.clause_id,
                )
            ) from None
        if i < len(step_claims):
            _check_state_claims(state, step_claims[i], f"{base}/claims/steps/{i}", g, i)
    if not state.is_over:
        clause = "gang.end_angriff" if state.angriff is not None else "gang.end_no_angriff"
        raise _malformed(
            f"{base}/actions",
            clause,
            f"the trace ends after {len(actions)} actions but the Gang is not over "
            f"({state.to_move} is to move in Schwung {state.schwung_number})",
            clause,
        )
    end = claims.get("end")
    if end:
        reference = end_claims(state)
        for name, value in end.items():
            if name == "points":
                continue
            if value != reference[name]:
                raise _claim_mismatch(
                    f"{base}/claims/end/{name}", g, None, name, claimed=value, reference=reference[name],
                    message=f"claims {name} {value!r} at the end, the reference has {reference[name]!r}",
                )
