"""The verifier: replays a trace against the reference and gives one verdict (conforms, malformed, illegal action, wrong claim)."""

from __future__ import annotations

import enum
import json
import os
import warnings
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from itertools import zip_longest
from types import MappingProxyType
from typing import Any

import attrs
import fastjsonschema

from schwinget_spec.actions import Action, parse_action
from schwinget_spec.cards import Card
from schwinget_spec.clauses import get_clause
from schwinget_spec.conformance.trace.text import (
    MAX_TRACE_BYTES,
    TraceTextError,
    gc_paused,
    json_value_problem,
    parse_trace_text,
    read_trace_file,
    read_trace_quickly,
)
from schwinget_spec.deal import Deal
from schwinget_spec.errors import (
    IllegalActionError,
    InvalidDealError,
    MatchError,
    ParseError,
    SchwingetError,
    SchwingfestError,
)
from schwinget_spec.gang import GangResult, GangState, start_gang
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import GangScore, ScoringSystem, compute_gang_score
from schwinget_spec.support.frozen import freeze, thaw
from schwinget_spec.trace import TRACE_FORMAT, TRACE_VERSION, result_claims, state_claims
from schwinget_spec.twin.recorded import RecordedReplayer, recorded_replayer

__all__ = [
    "MAX_GAENGE",
    "MAX_TRACE_BYTES",
    "READ_VERSIONS",
    "VERSION_1_DEFAULTS",
    "RulesJsonError",
    "Verdict",
    "VerdictKind",
    "load_schema",
    "rules_from_json",
    "verify_trace",
    "verify_trace_file",
    "verify_trace_text",
]


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

    def __str__(self) -> str:
        """The wire value: ``str(VerdictKind.X) == VerdictKind.X.value``, the spelling of traces and the protocol."""
        return self.value


def _text(value: str) -> str:
    # A trace may hold lone surrogates (``"\ud800"``), which no UTF-8 output can carry:
    # the verdict shows them as escapes, so that it can always be printed and sent.
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def _optional_text(value: str | None) -> str | None:
    return None if value is None else _text(str(value))


def _claim(value: Any) -> Any:
    # The claimed and reference values: frozen copies (the caller's document stays its
    # own, and the verdict stays hashable), with their strings printable as UTF-8.
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, dict):
        return freeze({_text(str(k)): _claim(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return freeze([_claim(v) for v in value])
    return value


@attrs.frozen
class Verdict:
    """The verdict on one trace; fields that do not apply to the kind are None.

    ``where`` is a JSON pointer into the trace (``/gaenge/0/actions/7``); ``step`` is the
    index of the action in its Gang (``None`` for the start and the end of a Gang).
    A verdict is immutable and hashable: ``claimed`` and ``reference`` are frozen copies
    (``schwinget_spec.support.frozen``), and a string of the trace that UTF-8 cannot carry (a
    lone surrogate) is kept as a backslash escape.
    """

    kind: VerdictKind
    message: str = attrs.field(converter=_text)
    where: str = attrs.field(default="", converter=_text)
    trace_id: str | None = attrs.field(default=None, converter=_optional_text)
    gang: int | None = None
    step: int | None = None
    action: str | None = attrs.field(default=None, converter=_optional_text)
    clause_id: str | None = None
    rule: str | None = None
    field: str | None = attrs.field(default=None, converter=_optional_text)
    claimed: Any = attrs.field(default=None, converter=_claim)
    reference: Any = attrs.field(default=None, converter=_claim)
    deprecation: str | None = None
    """A note on a trace written in a version this library still reads but no longer writes (version 1), else None."""

    @property
    def conforms(self) -> bool:
        """True for the verdict CONFORMS."""
        return self.kind is VerdictKind.CONFORMS

    def to_json(self) -> dict[str, Any]:
        """The verdict as a JSON object; the clause's DE and FR text are added when a clause is named."""
        # ``where`` is always present: "" is the JSON pointer of the whole document
        out: dict[str, Any] = {"verdict": self.kind.value, "message": self.message, "where": self.where}
        for name in ("trace_id", "gang", "step", "action", "clause_id", "rule", "field", "deprecation"):
            value = getattr(self, name)
            if value not in (None, ""):
                out[name] = value
        if self.kind is VerdictKind.WRONG_CLAIM:
            out["claimed"] = thaw(self.claimed)
            out["reference"] = thaw(self.reference)
        if self.clause_id is not None:
            clause = get_clause(self.clause_id)
            out["clause_de"] = clause.de
            out["clause_fr"] = clause.fr
        return out


def load_schema() -> dict[str, Any]:
    """The JSON Schema of the trace format (draft 7), as shipped with the package."""
    text = resources.files("schwinget_spec.conformance.trace").joinpath("trace.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


_INLINED = ("card", "action", "player", "points", "tricks")
"""Definitions small enough to copy into every place that refers to them before compiling."""


def _inline(node: Any, definitions: Mapping[str, Any]) -> Any:
    # Each ``$ref`` costs the compiled validator a function call that formats an error
    # path, even when nothing is wrong; copying the small definitions in keeps the shipped
    # schema readable and the check the same, at half the cost on claims-heavy traces.
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        name = ref.removeprefix("#/definitions/")
        if len(node) == 1 and name in _INLINED:
            return _inline(definitions[name], definitions)
        return {key: _inline(value, definitions) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline(item, definitions) for item in node]
    return node


def _compiled_schema() -> dict[str, Any]:
    schema = load_schema()
    inlined: dict[str, Any] = _inline(schema, schema["definitions"])
    return inlined


@cache
def _exact_validator() -> Callable[[Any], Any]:
    # The claims after each step (most of a long trace) are checked by the replay: one
    # comparison with the reference's own claims, which are valid by construction, and
    # the schema's check (``_claims_validator``) only for a claim that differs.
    schema = _compiled_schema()
    schema["definitions"]["gang_claims"]["properties"]["steps"]["items"] = {}
    return fastjsonschema.compile(schema)


def _without_codes(schema: dict[str, Any]) -> dict[str, Any]:
    # ``schema`` without the pattern of each card of a deal and of each action (a regular
    # expression per item, most of the schema's cost on a long trace): ``_codes_valid``
    # checks those by set membership.
    definitions = schema["definitions"]
    definitions["gang_claims"]["properties"]["steps"]["items"] = {}
    deal = definitions["deal"]["properties"]
    deal["hands"]["items"]["items"] = {}
    deal["face_down"]["items"] = {}
    deal["pile"]["items"] = {}
    definitions["gang"]["properties"]["actions"]["items"] = {}
    return schema


@cache
def _validator() -> Callable[[Any], Any]:
    # ``_exact_validator`` without the codes (``_without_codes``); when anything fails the
    # exact validator runs again to name the first fault, so a verdict does not change.
    return fastjsonschema.compile(_without_codes(_compiled_schema()))


@cache
def _quick_validator() -> Callable[[Any], Any]:
    # ``_validator`` without the claims at the start and at the end of each Gang either:
    # on the quick path (``_judge_quickly``) the replay compares them with the
    # reference's own, and checks one against the schema only when it differs.
    schema = _without_codes(_compiled_schema())
    claims = schema["definitions"]["gang_claims"]["properties"]
    claims["start"] = {}
    claims["end"] = {}
    return fastjsonschema.compile(schema)


_CARDS: dict[str, Card] = {card.code: card for card in Card}
_CARD_CODES = frozenset(_CARDS)
"""Every string the schema's ``card`` pattern accepts."""
_CARD_BIT = {code: card.bit for code, card in _CARDS.items()}.__getitem__
_CARD_INDEX = {code: card.index for code, card in _CARDS.items()}.__getitem__
_ACTIONS: dict[str, Action] = {code: parse_action(code) for code in (*_CARD_CODES, "A", "L0", "L1")}
"""Every string the schema's ``action`` pattern accepts, and its action."""
_ACTION_CODES = frozenset(_ACTIONS)


def _codes_valid(document: Any) -> bool:
    # What ``_validator`` leaves out of ``_exact_validator``, on a document it accepted:
    # every card of every deal and every action is one of the codes.
    cards = _CARD_CODES.issuperset
    actions = _ACTION_CODES.issuperset
    try:
        for gang in document["gaenge"]:
            deal = gang["deal"]
            hands = deal["hands"]
            if not (
                cards(hands[0]) and cards(hands[1]) and cards(deal["face_down"]) and cards(deal["pile"])
                and actions(gang["actions"])
            ):
                return False
    except TypeError:  # an item that is not a string (a list or an object)
        return False
    return True


@cache
def _claims_validator(definition: str) -> Callable[[Any], Any]:
    # The schema of one kind of claim: ``state_claims_or_null`` (after a step),
    # ``state_claims`` (at the start of a Gang) or ``end_claims``.
    schema = _compiled_schema()
    return fastjsonschema.compile({"$ref": f"#/definitions/{definition}", "definitions": schema["definitions"]})


class _VerdictReachedError(Exception):
    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict


def _pointer(path: list[str]) -> str:
    parts = path[1:] if path and path[0] == "data" else path
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts) if parts else ""


def _unread(error: TraceTextError) -> Verdict:
    return Verdict(VerdictKind.MALFORMED, error.reason, where=error.where, rule=error.rule)


READ_VERSIONS = (1, TRACE_VERSION)
"""The trace format versions the verifier reads: the one it writes, and version 1 for one more version."""

_VERSION_1_NOTE = (
    "a trace of format version 1, read for one more version: version 2 writes a match's claimed winner "
    '"P0" or "P1" (a seat, as every other seat of a trace), not 0 or 1 (docs/conformance.md, section 8)'
)


def _warned(verdict: Verdict) -> Verdict:
    # The Python API's deprecation warning for a verdict on a version 1 trace (the verdict
    # carries the same note, for a reader of its JSON).
    if verdict.deprecation is not None:
        warnings.warn(verdict.deprecation, DeprecationWarning, stacklevel=3)
    return verdict


def _noted(verdict: Verdict, document: Any) -> Verdict:
    # ``verdict`` with the deprecation note if ``document`` is a trace of format version 1.
    if type(document) is dict and type(document.get("version")) is int and document["version"] == 1 and document.get("format") == TRACE_FORMAT:
        return attrs.evolve(verdict, deprecation=_VERSION_1_NOTE)
    return verdict


def verify_trace_text(text: str | bytes) -> Verdict:
    """The verdict on a trace given as JSON text (``str``) or its UTF-8 bytes; never raises for any input.

    The text is read by the rules of ``schwinget_spec.conformance.trace.text`` (UTF-8
    without BOM, at most ``MAX_TRACE_BYTES`` bytes, integers only, no duplicate keys);
    a text that breaks one is malformed, with ``rule`` naming it. A trace of format
    version 1 is judged as before and its verdict carries a ``deprecation`` note, also
    issued as a ``DeprecationWarning``.
    """
    return _warned(_verify_text(text))


def _verify_text(text: str | bytes) -> Verdict:
    # One pause of the collector for the parse and the replay, and the document freed
    # before it runs again: it would otherwise walk the whole document once more.
    with gc_paused():
        quick = read_trace_quickly(text)
        if quick is not None:
            verdict = _judge_quickly(*quick)
            del quick
            if verdict is not None:
                return verdict
        try:
            document = parse_trace_text(text)
        except TraceTextError as exc:
            return _unread(exc)
        verdict = _judge_value(document)
        del document
    return verdict


def verify_trace_file(path: str | os.PathLike[str]) -> Verdict:
    """The verdict on the trace in the file ``path``, read exactly as ``verify_trace_text`` reads bytes; never raises.

    A path that cannot be read, or is not a regular file (a FIFO, a device, a
    directory: refused without being opened for blocking reads), is malformed with
    ``rule`` ``file``; at most ``MAX_TRACE_BYTES`` + 1 bytes are read. A version 1
    trace is noted and warned of as by ``verify_trace_text``.
    """
    try:
        data = read_trace_file(path)
    except TraceTextError as exc:
        return _unread(exc)
    return _warned(_verify_text(data))


def verify_trace(document: Any) -> Verdict:
    """The verdict on a trace given as a parsed JSON value; never raises for any input.

    The value is held to the same rules as a text: only dicts with string keys, lists,
    strings, ints, booleans and None (a float is malformed: the JSON number rule), and the
    limits of a text, checked before the value is walked (``json_value_problem``): more
    than ``MAX_GAENGE`` Gänge is refused first, unwalked (schema rule ``maxItems``); then
    its JSON text at most ``MAX_TRACE_BYTES`` bytes (a list shared in many places counts
    as often as it appears), nested at most ``MAX_NESTING`` deep, no integer of more
    digits than Python turns into text. A version 1 trace is noted and warned of as by
    ``verify_trace_text``.
    """
    too_many = _too_many_gaenge(document)
    if too_many is not None:
        return _warned(too_many)
    problem = json_value_problem(document)
    if problem is not None:
        return _unread(problem)
    return _warned(_judge(document))


MAX_GAENGE = 4096
"""The most Gänge a trace holds (the schema's ``maxItems`` of ``gaenge``, tests/test_verify_inputs.py keeps them equal)."""


def _too_many_gaenge(document: Any) -> Verdict | None:
    # The Gang limit of the schema, before the Gänge are walked: the verdict the exact path
    # gives a document of too many Gänge, at once for any number of them. The schema checks
    # the list's length before its items, and the fields before ``gaenge`` (format,
    # version, kind...) before the list: a fault there comes first. The same document with
    # no Gang (cheap to walk) shows it, by the exact path's own checks in their order (the
    # JSON value rules, then the schema); its only other fault, the empty list, stands for
    # the long one.
    if not isinstance(document, dict):
        return None
    gaenge = document.get("gaenge")
    if not isinstance(gaenge, list) or len(gaenge) <= MAX_GAENGE:
        return None
    probe = {**document, "gaenge": []}
    problem = json_value_problem(probe)
    if problem is not None:
        return _unread(problem)
    earlier = _schema_verdict(probe)
    if earlier is not None and earlier.where != "/gaenge":
        return earlier
    return _noted(Verdict(
        VerdictKind.MALFORMED,
        f"data.gaenge must contain less than or equal to {MAX_GAENGE} items (schema rule 'maxItems')",
        where="/gaenge",
        rule="maxItems",
    ), document)


def _judge(document: Any) -> Verdict:
    with gc_paused():
        verdict = _judge_quickly(document, None)
        return _judge_value(document) if verdict is None else verdict


def _check_schema(document: Any) -> None:
    # Raises the exact validator's error for the first fault, or returns if there is none.
    try:
        _validator()(document)
        if _codes_valid(document):
            return
    except fastjsonschema.JsonSchemaValueException:
        pass
    _exact_validator()(document)


def _judge_value(document: Any) -> Verdict:
    # The exact path: the schema, then the replay, by the readable engine alone.
    return _schema_verdict(document) or _replay_verdict(document, None)


def _judge_quickly(document: Any, colons: int | None) -> Verdict | None:
    # The quick path, for a document read by ``read_trace_quickly`` (``colons``: the
    # colons of its text) or given parsed (None). It returns the exact path's verdict or
    # None, and does the exact path's work with less: the lighter ``_quick_validator``,
    # and the claims at the start and the end of a Gang checked against the schema by the
    # replay only when they differ from the reference's (a claim equal to the reference's,
    # with JSON's types, is valid: the reference's claims are). So when the replay finds
    # nothing wrong, the exact path would not either: the trace conforms. When it finds a
    # fault, the exact path would first have run the full schema, which may find an
    # earlier one: that runs now, on the same document, and decides. Anything else (the
    # light schema refused the document, a duplicate key may hide in the text) is left to
    # the exact path (None), which reads the text again and names the fault.
    try:
        _quick_validator()(document)
        if not _codes_valid(document) or (colons is not None and _pairs(document) != colons):
            return None
    except (fastjsonschema.JsonSchemaValueException, TypeError, RecursionError):
        return None
    try:
        verdict = _replay_verdict(document, _twin_replay())
    except Exception:  # a value the full schema refuses may trip the replay: the exact path names it
        return None
    if verdict.kind is VerdictKind.CONFORMS:
        return verdict
    return _schema_verdict(document) or verdict


def _pairs(document: Any) -> int:
    # The key/value pairs of a document that ``_quick_validator`` accepted, counted in
    # every object the schema allows; raises TypeError where a claim is no object. The
    # colons of the text are at least as many, and more if a key appears twice in an
    # object (the parsed object keeps one) or a string holds a colon: when both counts
    # are equal, the text has no duplicate key (``read_trace_quickly``).
    count = len(document) + len(document.get("rules", ())) + len(document.get("claims", ()))
    for gang in document["gaenge"]:
        count += len(gang) + len(gang["deal"])
        claims = gang.get("claims")
        if claims is None:
            continue
        count += len(claims) + _object_size(claims.get("start", {}))
        end = claims.get("end", {})
        count += _object_size(end)
        angriff = end.get("angriff")
        if angriff is not None:
            count += _object_size(angriff)
        steps = claims.get("steps", ())
        kinds = set(map(type, steps))
        if kinds <= _DICT:
            count += sum(map(len, steps))
        elif kinds <= _DICT_OR_NULL:
            count += sum(len(step) for step in steps if step is not None)
        else:
            raise TypeError("a claim after a step is neither an object nor null")
    return count


_DICT = frozenset((dict,))
_DICT_OR_NULL = frozenset((dict, type(None)))


def _object_size(value: Any) -> int:
    if type(value) is not dict:
        raise TypeError("a claim is not an object")
    return len(value)


def _schema_verdict(document: Any) -> Verdict | None:
    # The verdict of the full schema, or None if the document passes it.
    try:
        _check_schema(document)
    except fastjsonschema.JsonSchemaValueException as exc:
        return _noted(Verdict(
            VerdictKind.MALFORMED,
            f"{exc.message} (schema rule {exc.rule!r})",
            where=_pointer(list(exc.path or [])),
            rule=str(exc.rule),
        ), document)
    except RecursionError:
        return Verdict(VerdictKind.MALFORMED, "the trace is nested too deeply", rule="json")
    return None


@cache
def _twin_replay() -> RecordedReplayer | None:
    # The quick path's replay of a Gang record in the compiled twin, if it is built; it
    # returns the result only where the readable engine finds nothing to say, else None.
    return recorded_replayer()


def _replay_verdict(document: Any, twin: RecordedReplayer | None) -> Verdict:
    # The verdict of the replay of a document that passed the schema; ``twin``: the
    # twin's replay of a Gang record, tried before the readable engine's (the quick path).
    trace_id = document.get("id")
    try:
        _verify(document, twin)
    except _VerdictReachedError as stop:
        verdict = attrs.evolve(stop.verdict, trace_id=trace_id)
    except SchwingetError as exc:
        # The library refused a value of the trace that the checks before did not: the
        # trace is malformed there (``rule`` names the error's class).
        verdict = Verdict(
            VerdictKind.MALFORMED, str(exc), trace_id=trace_id, rule=type(exc).__name__, clause_id=exc.clause_id
        )
    except RecursionError:
        verdict = Verdict(VerdictKind.MALFORMED, "the trace is nested too deeply", trace_id=trace_id, rule="json")
    else:
        verdict = Verdict(VerdictKind.CONFORMS, "every action is legal and every claim matches", trace_id=trace_id)
    return _noted(verdict, document)


def _malformed(where: str, rule: str, message: str, clause_id: str | None = None) -> _VerdictReachedError:
    return _VerdictReachedError(Verdict(VerdictKind.MALFORMED, message, where=where, rule=rule, clause_id=clause_id))


class RulesJsonError(ParseError):
    """A trace's ``rules`` object names an unknown switch or a value the switch does not take; ``where`` is its JSON pointer."""

    def __init__(self, reason: str, *, where: str) -> None:
        super().__init__(reason)
        self.where = where


VERSION_1_DEFAULTS: Mapping[str, Any] = MappingProxyType({"fest_starter": "alternate"})
"""The switches whose default a version 1 trace was written under and the library has since changed: a version 1
trace that leaves one out keeps the reading it was played under (``fest_starter``'s default was ``"alternate"``)."""


def rules_from_json(obj: Mapping[str, Any], where: str = "/rules", *, version: int = TRACE_VERSION) -> Rules:
    """The Rules value a trace's ``rules`` object selects; switches not given keep their defaults.

    The defaults are those of the trace format ``version``: a version 1 trace that leaves
    out a switch of ``VERSION_1_DEFAULTS`` keeps the value version 1 played. Raises
    ``RulesJsonError`` (a ``ParseError``) naming the switch for an unknown switch or a
    value it does not take.
    """
    fields = {f.name: f for f in attrs.fields(Rules)}
    defaults = Rules()
    values: dict[str, Any] = dict(VERSION_1_DEFAULTS) if version == 1 else {}
    for name, value in obj.items():
        if name not in fields:
            raise RulesJsonError(
                f"unknown rules switch {name!r}; known: {', '.join(fields)}", where=f"{where}/{name}"
            )
        if isinstance(getattr(defaults, name), bool):
            if not isinstance(value, bool):
                raise RulesJsonError(f"rules switch {name!r} takes true or false", where=f"{where}/{name}")
        else:
            options = tuple(getattr(fields[name].validator, "options", ()))
            if value not in options:
                listed = ", ".join(repr(o) for o in options)
                raise RulesJsonError(
                    f"rules switch {name!r} takes one of {listed}, not {value!r}", where=f"{where}/{name}"
                )
        values[name] = value
    return Rules(**values)


def _deal_from_json(obj: Mapping[str, Any], where: str) -> Deal:
    card = _CARDS.__getitem__
    try:
        return Deal(
            hands=(tuple(map(card, obj["hands"][0])), tuple(map(card, obj["hands"][1]))),
            revealed=card(obj["revealed"]),
            face_down=tuple(map(card, obj["face_down"])),
            pile=tuple(map(card, obj["pile"])),
        )
    except InvalidDealError as exc:
        raise _malformed(where, exc.clause_id or "deal", f"not a legal deal: {exc.reason}", exc.clause_id) from None


def _verify(document: Mapping[str, Any], twin: RecordedReplayer | None) -> None:
    if document["format"] != TRACE_FORMAT or type(document["version"]) is not int or document["version"] not in READ_VERSIONS:
        raise _malformed("/version", "version", "unsupported trace format or version")
    try:
        rules = rules_from_json(document.get("rules", {}), version=document["version"])
    except RulesJsonError as exc:
        raise _malformed(exc.where, "rules", exc.reason) from None
    kind = document["kind"]
    gaenge = document["gaenge"]
    system = ScoringSystem(document["scoring"]) if "scoring" in document else None
    if kind == "gang":
        if len(gaenge) != 1:
            raise _malformed("/gaenge", "kind", f"a trace of kind 'gang' holds one Gang, not {len(gaenge)}")
        result = _verify_gang(gaenge[0], 0, rules, twin)
        _check_points(gaenge[0], 0, result, system, rules)
        return
    for field in ("scoring",) + (("length", "younger") if kind == "match" else ("players",)):
        if field not in document:
            raise _malformed(f"/{field}", "required", f"a trace of kind {kind!r} needs the field {field!r}")
    assert system is not None
    if kind == "match":
        _verify_match(document, rules, system, twin)
    else:
        _verify_schwingfest(document, rules, system, twin)


def _check_points(
    gang: Mapping[str, Any], g: int, result: GangResult, system: ScoringSystem | None, rules: Rules,
    *, score: GangScore | None = None,
) -> None:
    # ``score``: the Gang's score as the match or the fest recorded it, if it did
    claimed = gang.get("claims", {}).get("end", {}).get("points")
    if claimed is None:
        return
    if system is None:
        raise _malformed(
            f"/gaenge/{g}/claims/end/points", "scoring",
            "points are claimed but the trace names no scoring system", "scoring.choose_system",
        )
    if score is None:
        score = compute_gang_score(result, system, rules)
    reference = [str(p) for p in score.points]
    if claimed != reference:
        raise _claim_mismatch(
            f"/gaenge/{g}/claims/end/points", g, None, "points", claimed=claimed, reference=reference,
            message=f"claims points {' / '.join(claimed)}, the Wertungstabelle gives {' / '.join(reference)}",
        )


def _wrong_starter(g: int, claimed: str, due: Player, clause_id: str, who: str) -> _VerdictReachedError:
    return _VerdictReachedError(
        Verdict(
            VerdictKind.ILLEGAL_ACTION,
            f"Gang {g + 1} is started by {claimed}, but {who} starts it",
            where=f"/gaenge/{g}/starter",
            gang=g,
            action=f"start {claimed}",
            clause_id=clause_id,
        )
    )


def _verify_match(
    document: Mapping[str, Any], rules: Rules, system: ScoringSystem, twin: RecordedReplayer | None
) -> None:
    gaenge = document["gaenge"]
    match: MatchState = start_match(system, MatchLength(document["length"]), Player[document["younger"]], rules)
    if len(gaenge) != match.length.gaenge:
        raise _malformed(
            "/gaenge", "match.end",
            f"a {match.length.name.lower()} match has {match.length.gaenge} Gänge, the trace holds {len(gaenge)}",
            "match.end",
        )
    for g, gang in enumerate(gaenge):
        due, clause_id = match.next_starter_with_clause()
        if gang["starter"] != due.code:
            raise _wrong_starter(g, gang["starter"], due, clause_id, str(due))
        result = _verify_gang(gang, g, rules, twin)
        try:
            match = match.apply_result(result)
        except MatchError as exc:  # pragma: no cover - the checks above leave nothing for it to refuse
            raise _malformed(f"/gaenge/{g}", exc.clause_id or "match", exc.reason, exc.clause_id) from None
        _check_points(gang, g, result, system, rules, score=match.gaenge[-1].score)
    end = match.result
    claims = document.get("claims", {})
    # the winner, a seat: "P0"/"P1" from version 2 on, 0/1 in a version 1 trace (the schema holds each to its spelling)
    winner: str | int | None = None
    if end.winner is not None:
        winner = end.winner.code if document["version"] >= 2 else int(end.winner)
    _check_final(claims, [str(t) for t in end.totals], winner, None)


def _verify_schwingfest(
    document: Mapping[str, Any], rules: Rules, system: ScoringSystem, twin: RecordedReplayer | None
) -> None:
    names = document["players"]
    try:
        fest: SchwingfestState = start_schwingfest(names, system, document.get("sets", 1), rules)
    except SchwingfestError as exc:
        raise _malformed("/players", exc.clause_id or "players", exc.reason, exc.clause_id) from None
    met: set[tuple[int, int]] = set()
    # the schedule's own Meeting values: found by identity where the fest looks them up
    scheduled = {(m.a, m.b, m.leg): m for m in fest.schedule.meetings}
    for g, gang in enumerate(document["gaenge"]):
        seats = gang.get("seats")
        if seats is None or seats[0] >= seats[1] or seats[1] >= len(names):
            raise _malformed(
                f"/gaenge/{g}/seats", "seats",
                f"each Gang of a Schwingfest names its two Schwinger as seats [a, b] with a < b < {len(names)} "
                "(a sits as P0)",
            )
        a, b = seats
        leg = 2 if (a, b) in met else 1
        meeting = scheduled.get((a, b, leg)) or Meeting(a, b, leg)
        if meeting.leg == 2 and fest.gang_of(meeting) is not None:
            raise _wrong_meeting(g, names, a, b)
        met.add((a, b))
        try:
            due = meeting.seat(fest.starter_of(meeting))
        except SchwingfestError as exc:  # pragma: no cover - legs are inferred in order
            raise _malformed(f"/gaenge/{g}", exc.clause_id or "fest", exc.reason, exc.clause_id) from None
        if gang["starter"] != due.code:
            clause_id = "match.first_starter" if meeting.leg == 1 else "match.loser_starts"
            raise _wrong_starter(g, gang["starter"], due, clause_id, f"{names[meeting.schwinger(due)]} ({due})")
        result = _verify_gang(gang, g, rules, twin)
        fest = fest.apply_result(meeting, result)
        _check_points(gang, g, result, system, rules, score=fest.fought[-1].score)
    if not fest.is_over:
        missing = ", ".join(str(m) for m in fest.remaining[:5])
        raise _malformed(
            "/gaenge", "fest.twice_each",
            f"the Schwingfest is not complete: each pair meets twice; missing {missing}", "fest.twice_each",
        )
    standings = fest.standings
    ranks = [0] * len(names)
    totals = [""] * len(names)
    for standing in standings:
        ranks[standing.schwinger] = standing.rank
        totals[standing.schwinger] = str(standing.points)  # fest.totals(), as the standings hold it
    standings_winner = [s.schwinger for s in standings if s.rank == 1]
    winner = standings_winner[0] if len(standings_winner) == 1 else None
    _check_final(document.get("claims", {}), totals, winner, ranks)


def _wrong_meeting(g: int, names: list[str], a: int, b: int) -> _VerdictReachedError:
    return _VerdictReachedError(
        Verdict(
            VerdictKind.ILLEGAL_ACTION,
            f"{names[a]} and {names[b]} meet a third time; in a Schwingfest each pair meets twice",
            where=f"/gaenge/{g}/seats",
            gang=g,
            action=f"meet {a} {b}",
            clause_id="fest.twice_each",
        )
    )


def _check_final(
    claims: Mapping[str, Any], totals: list[str], winner: str | int | None, ranks: list[int] | None
) -> None:
    reference: dict[str, Any] = {"totals": totals, "winner": winner}
    if ranks is not None:
        reference["ranks"] = ranks
    for name, value in claims.items():
        if name not in reference:
            raise _malformed(f"/claims/{name}", "claims", f"the claim {name!r} does not apply to this kind of trace")
        if value != reference[name]:
            raise _claim_mismatch(
                f"/claims/{name}", -1, None, name, claimed=value, reference=reference[name],
                message=f"claims {name} {value!r}, the reference has {reference[name]!r}",
            )


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


_PLAYER_OF_CODE = {"P0": Player.P0, "P1": Player.P1}


def _check_claims_shape(claims: Any, where: str, definition: str) -> None:
    try:
        _claims_validator(definition)(claims)
    except fastjsonschema.JsonSchemaValueException as exc:
        path = list(exc.path or [])
        prefix = "".join(f"[{p}]" if p.isdigit() else f".{p}" for p in where.split("/")[1:])
        message = exc.message.replace("data", "data" + prefix, 1)
        raise _malformed(where + _pointer(path), str(exc.rule), f"{message} (schema rule {exc.rule!r})") from None


def _claims_match(state: GangState, claims: Any) -> bool:
    # True if ``claims`` are the six claims the reference makes of ``state``, with JSON's
    # types: Python's ``0 == False`` would let ``"is_over": 0`` or ``"tricks": [true, 0]``
    # pass the comparison of dicts, so the types of the numbers and the boolean are
    # checked after it. Anything else (some claims, a wrong one, a wrong type) goes to
    # ``_check_state_claims``.
    return claims == state_claims(state) and _json_typed(claims)


def _json_typed(claims: Mapping[str, Any]) -> bool:
    # For claims equal to the reference's: True if their numbers and boolean have JSON's
    # types too (``0 == False`` in Python).
    tricks = claims["tricks"]
    sizes = claims["hand_sizes"]
    return type(claims["is_over"]) is bool and (
        type(claims["pile_size"]) is type(tricks[0]) is type(tricks[1]) is type(sizes[0]) is type(sizes[1]) is int
    )


def _end_claims_match(end: Any, reference: Mapping[str, Any]) -> bool:
    # True if each claim of ``end`` is the reference's, with JSON's types, but the points,
    # which only need to be a list here: ``_check_points`` compares them. The reference's
    # end claims hold no boolean, so equal values differ in type only where a boolean
    # stands for a number (``True == 1``): in the tricks, the Schwünge or the Angriff's
    # Schwung. Anything else goes to the schema and then to a comparison claim by claim.
    if type(end) is not dict:
        return False
    for name, value in end.items():
        if name == "points":
            if type(value) is not list:  # null too, which _check_points takes for no claim
                return False
        elif name not in reference or value != reference[name]:
            return False
    angriff = end.get("angriff")
    return (
        bool not in map(type, end.get("tricks", ()))
        and type(end.get("schwuenge")) is not bool
        and not (isinstance(angriff, dict) and type(angriff.get("after_schwung")) is bool)
    )


def _check_state_claims(
    state: GangState, claims: Mapping[str, Any] | None, where: str, g: int, step: int | None
) -> None:
    # Claims that differ from the reference's: checked against the schema first (on the
    # exact path a start claim passed it with the whole document, and passes again).
    _check_claims_shape(claims, where, "state_claims" if step is None else "state_claims_or_null")
    if claims is None:
        return
    full = state_claims(state)
    if claims == full or not claims:
        return
    if "legal_actions" in claims:
        claimed = claims["legal_actions"]
        reference = full["legal_actions"]
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
    for name, claimed in claims.items():
        if name == "legal_actions":
            continue
        reference = full[name]
        if claimed != reference:
            raise _claim_mismatch(
                f"{where}/{name}",
                g,
                step,
                name,
                claimed=claimed,
                reference=reference,
                message=f"claims {name} {claimed!r}, the reference has {reference!r}",
            )


def _verify_gang(gang: Mapping[str, Any], g: int, rules: Rules, twin: RecordedReplayer | None) -> GangResult:
    # The result of the Gang record ``gang`` (the ``g``-th), or the verdict on it raised:
    # ``twin`` (the quick path's) replays it first and gives the result if the readable
    # engine would find nothing to say; anything else the readable engine replays and judges.
    base = f"/gaenge/{g}"
    claims = gang.get("claims", {})
    step_claims = claims.get("steps", [])
    actions = gang["actions"]
    deal: Deal | None = None
    if "seed" in gang:
        deal = _deal_from_json(gang["deal"], f"{base}/deal")
        if Deal.shuffled(gang["seed"]) != deal:
            raise _malformed(
                f"{base}/seed", "deal.shuffle", "the deal is not the one the seed gives (docs/deal-algorithm.md)",
                "deal.shuffle",
            )
    if len(step_claims) > len(actions):
        if deal is None:
            _deal_from_json(gang["deal"], f"{base}/deal")  # a deal that is none is named first
        raise _malformed(
            f"{base}/claims/steps", "claims",
            f"{len(step_claims)} step claims for {len(actions)} actions: one claim per action at most",
        )
    starter = _PLAYER_OF_CODE[gang["starter"]]
    if twin is not None:
        start = claims.get("start")
        masks = _deal_masks(gang["deal"])
        # (a start claim written as null is the readable engine's to judge: the schema refuses it)
        if masks is not None and (start is not None or "start" not in claims):
            result = twin(masks, starter, rules, actions, start=start, steps=step_claims)
            if result is not None and ("end" not in claims or _end_claims_match(claims["end"], result_claims(result))):
                return result
    if deal is None:
        deal = _deal_from_json(gang["deal"], f"{base}/deal")
    return _replay_gang(start_gang(deal, starter, rules), actions, claims, step_claims, base=base, g=g)


def _deal_masks(obj: Mapping[str, Any]) -> tuple[int, int, int, bytes] | None:
    # The deal of a Gang record as the twin takes it (both hands as masks, the revealed
    # card's index, the pile as bytes) if it is a deal of 26 different cards; else None,
    # and ``_deal_from_json`` names the fault. The schema has checked the shape and the codes.
    try:
        hands = obj["hands"]
        pile = obj["pile"]
        codes = {*hands[0], *hands[1], obj["revealed"], *obj["face_down"], *pile}
        if len(codes) != len(_CARDS) or not codes <= _CARD_CODES:
            return None
        return sum(map(_CARD_BIT, hands[0])), sum(map(_CARD_BIT, hands[1])), _CARD_INDEX(obj["revealed"]), bytes(
            map(_CARD_INDEX, pile)
        )
    except (KeyError, TypeError, IndexError):
        return None


def _replay_gang(
    state: GangState, actions: list[Any], claims: Mapping[str, Any], step_claims: list[Any], *, base: str, g: int
) -> GangResult:
    # The readable engine's replay of a Gang record from its first state, claims compared at every step.
    if "start" in claims:
        start_claims = claims["start"]
        if not _claims_match(state, start_claims):
            _check_state_claims(state, start_claims, f"{base}/claims/start", g, None)
    action_of = _ACTIONS.get
    apply = GangState.apply
    claims_of = state_claims
    for i, (code, step) in enumerate(zip_longest(actions, step_claims)):  # a missing claim is None
        try:
            # the schema admits only codes of _ACTIONS; apply parses anything else
            state = apply(state, action_of(code, code))
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
        # _claims_match, written out: this runs after every action of the trace
        if step is not None and (step != claims_of(state) or not _json_typed(step)):
            _check_state_claims(state, step, f"{base}/claims/steps/{i}", g, i)
    if not state.is_over:
        clause = "gang.end_angriff" if state.angriff is not None else "gang.end_no_angriff"
        raise _malformed(
            f"{base}/actions",
            clause,
            f"the trace ends after {len(actions)} actions but the Gang is not over "
            f"({state.to_move} is to move in Schwung {state.schwung_number})",
            clause,
        )
    result = state.result
    if "end" in claims:
        end = claims["end"]
        reference = result_claims(result)
        if _end_claims_match(end, reference):
            return result
        _check_claims_shape(end, f"{base}/claims/end", "end_claims")
        for name, value in end.items():
            if name == "points":
                continue
            if value != reference[name]:
                raise _claim_mismatch(
                    f"{base}/claims/end/{name}", g, None, name, claimed=value, reference=reference[name],
                    message=f"claims {name} {value!r} at the end, the reference has {reference[name]!r}",
                )
    return result
