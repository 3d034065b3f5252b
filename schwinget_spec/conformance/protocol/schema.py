"""The harness protocol written down as data: a JSON Schema (draft-07) of every request and answer of versions 1 and 2, and the check of an answer against it.

``protocol.schema.json`` (beside ``trace.schema.json``) holds one definition per request
(``request.<cmd>``) and per answer (``answer.<cmd>``, and ``answer.error`` for an
``"ok": false`` answer); ``build_schema`` writes it from the protocol's own constants
(the switches and their values, the levels, the codes), and a test keeps the file equal
to it (``python -m schwinget_spec.conformance.protocol.schema --write`` remakes it).
The harness checks every answer it reads against its definition (``answer_fault``),
compiled once per definition with fastjsonschema: a wrong type or spelling is named by
its JSON path and the schema rule it breaks.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import fastjsonschema

__all__ = [
    "ANSWERED_COMMANDS",
    "MAX_DEPTH",
    "REQUESTS",
    "SCHEMA_PATH",
    "SchemaFault",
    "answer_fault",
    "build_schema",
    "depth_fault",
    "load_schema",
    "main",
    "request_fault",
]

SCHEMA_PATH = Path(__file__).with_name("protocol.schema.json")
"""The protocol's schema as shipped: ``schwinget_spec/conformance/protocol/protocol.schema.json``."""

REQUESTS: tuple[str, ...] = (
    "hello", "start", "legal", "apply", "state", "result", "points",
    "match_start", "match_next", "match_result",
    "fest_start", "fest_schedule", "fest_meeting", "fest_result", "bye",
)
"""Every request of the protocol (``cmd``), in the order of docs/harness.md."""
ANSWERED_COMMANDS = REQUESTS
"""Every request has an answer of its own shape (``answer.<cmd>``)."""

_DRAFT = "http://json-schema.org/draft-07/schema#"

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a message may have (the message itself is level 1): eight times what the schema's deepest definition constrains (4 levels, ``request.start``). The generated validator recurses once per level, and a value of any depth the JSON reader takes (near 1,000) would exceed Python's limit there; deeper is a fault named before the schema is checked (``depth_fault``)."""


@attrs.frozen
class SchemaFault:
    """Where an answer or a request breaks the schema: the JSON ``path`` (``$.tricks[1]``), the schema ``rule`` (``type``, ``enum``, ``required``, ...), the ``definition`` checked and the validator's ``message``."""

    path: str
    rule: str
    definition: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message} (schema rule {self.rule!r} of {self.definition!r}, protocol.schema.json)"[:400]


# -- building the schema from the protocol's constants


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/definitions/{name}"}


def _pair(item: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": dict(item), "minItems": 2, "maxItems": 2}


def _ok(properties: Mapping[str, Any] | None = None, description: str = "") -> dict[str, Any]:
    props: dict[str, Any] = {"ok": {"const": True}}
    props.update(properties or {})
    out: dict[str, Any] = {"description": description} if description else {}
    out.update({"type": "object", "required": list(props), "properties": props})
    return out


def _request(cmd: str, properties: Mapping[str, Any] | None = None, description: str = "") -> dict[str, Any]:
    props: dict[str, Any] = {"cmd": {"const": cmd}}
    props.update(properties or {})
    out: dict[str, Any] = {"description": description} if description else {}
    out.update({"type": "object", "required": list(props), "additionalProperties": False, "properties": props})
    return out


def _rules(switches: Sequence[str], values: Callable[[str], tuple[Any, ...]]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {name: {"enum": list(values(name))} for name in switches},
    }


def build_schema() -> dict[str, Any]:
    """The protocol's schema, from the constants of ``protocol``, ``protocol_levels`` and ``readings`` (what ``protocol.schema.json`` holds)."""
    from schwinget_spec.conformance.protocol import names as protocol  # noqa: PLC0415
    from schwinget_spec.conformance.protocol.names import FEST_LEVEL_SWITCHES, MATCH_LEVEL_SWITCHES  # noqa: PLC0415
    from schwinget_spec.conformance.protocol.readings import switch_values  # noqa: PLC0415
    from schwinget_spec.schwingfest import MAX_PLAYERS  # noqa: PLC0415
    from schwinget_spec.scoring import ScoringSystem  # noqa: PLC0415

    cards = sorted(protocol.CARD_CODES, key=_card_order)
    definitions: dict[str, Any] = {
        "seat": {"description": "A seat: P0 or P1, never a number.", "enum": ["P0", "P1"]},
        "seat_or_null": {"description": "A seat, or null for none.", "enum": ["P0", "P1", None]},
        "card": {"description": "A card code: colour letter and value 1-6, KR the Kampfrichter, BK the Brienzer-Konter.",
                 "enum": cards},
        "action": {"description": "A card code, A (the Angriff), L0 or L1 (the next leader chosen after a neutralised Schwung).",
                   "enum": [*cards, "A", "L0", "L1"]},
        "count": {"type": "integer", "minimum": 0},
        "schwinger": {"description": "A Schwinger's number, 0 the youngest.", "type": "integer", "minimum": 0},
        "points": {
            "description": "Points written as the booklet prints them: two decimals under the Schwingerwertung "
                           "(\"9.75\"), whole points under the Punktewertung (\"7\"); a string, never a number.",
            "type": "string", "pattern": "^(0|[1-9][0-9]*)([.][0-9]{2})?$",
        },
        "system": {"enum": [s.value for s in ScoringSystem]},
        "hand": {"type": "array", "items": _ref("card"), "uniqueItems": True},
        "deal": {
            "type": "object", "additionalProperties": False, "required": ["hands", "revealed", "face_down", "pile"],
            "properties": {
                "hands": _pair({"type": "array", "items": _ref("card"), "minItems": 5, "maxItems": 5}),
                "revealed": _ref("card"),
                "face_down": {"type": "array", "items": _ref("card"), "minItems": 3, "maxItems": 3},
                "pile": {"type": "array", "items": _ref("card"), "minItems": 12, "maxItems": 12},
            },
        },
        "gang_rules": _rules(protocol.GANG_SWITCHES, switch_values),
        "scoring_rules": _rules(protocol.SCORING_SWITCHES, switch_values),
        "match_rules": _rules(MATCH_LEVEL_SWITCHES, switch_values),
        "fest_rules": _rules(FEST_LEVEL_SWITCHES, switch_values),
    }
    readings = {
        "oneOf": [
            {"description": "Switch names: every value of each.",
             "type": "array", "items": {"enum": list(protocol.ALL_SWITCHES)}, "uniqueItems": True},
            {"description": "Switch -> the values played (a non-empty subset).",
             "type": "object", "additionalProperties": False,
             "properties": {
                 name: {"type": "array", "items": {"enum": list(switch_values(name))}, "minItems": 1, "uniqueItems": True}
                 for name in protocol.ALL_SWITCHES
             }},
        ]
    }
    hello_v1 = _ok({
        "name": {"type": "string"}, "version": {"type": "string"}, "protocol": {"const": 1},
    }, "Version 1: a Gang-only engine and the four switches of version 1.")
    hello_v1["properties"]["switches"] = {
        "type": "array", "items": {"enum": list(protocol.PROTOCOL1_GANG_SWITCHES)}, "uniqueItems": True,
    }
    hello_v2 = _ok({
        "name": {"type": "string"}, "version": {"type": "string"}, "protocol": {"const": 2},
        "levels": {"type": "array", "items": {"enum": list(protocol.LEVELS)}, "uniqueItems": True,
                   "contains": {"const": "gang"}},
    }, "Version 2: the levels implemented (gang always), the readings played.")
    hello_v2["properties"]["switches"] = readings
    definitions.update({
        "request.hello": _request("hello"),
        "request.start": _request("start", {"deal": _ref("deal"), "starter": _ref("seat"), "rules": _ref("gang_rules")},
                                  "rules: the declared Gang switches (version 1: its four)."),
        "request.legal": _request("legal"),
        "request.apply": _request("apply", {"action": _ref("action")}),
        "request.state": _request("state"),
        "request.result": _request("result"),
        "request.points": _request("points", {"system": _ref("system"), "rules": _ref("scoring_rules")}),
        "request.match_start": _request("match_start", {
            "system": _ref("system"), "length": {"enum": [4, 6]}, "younger": _ref("seat"), "rules": _ref("match_rules"),
        }),
        "request.match_next": _request("match_next"),
        "request.match_result": _request("match_result"),
        "request.fest_start": _request("fest_start", {
            "players": {"type": "integer", "minimum": 3, "maximum": MAX_PLAYERS},
            "sets": {"type": "integer", "minimum": 1},
            "system": _ref("system"), "rules": _ref("fest_rules"),
        }),
        "request.fest_schedule": _request("fest_schedule"),
        "request.fest_meeting": _request("fest_meeting", {"pair": _pair(_ref("schwinger"))}),
        "request.fest_result": _request("fest_result"),
        "request.bye": _request("bye"),
        "answer.error": {
            "description": "An ok: false answer.",
            "type": "object", "required": ["ok", "error"],
            "properties": {
                "ok": {"const": False}, "error": {"enum": sorted(protocol.ERROR_CODES, key=_ERROR_ORDER.index)},
                "message": {"type": "string"}, "clause": {"type": "string"},
            },
        },
        "answer.hello": {
            "type": "object", "required": ["ok", "protocol"],
            "properties": {"ok": {"const": True}, "protocol": {"enum": list(protocol.SUPPORTED_PROTOCOLS)}},
            "if": {"properties": {"protocol": {"const": 1}}},
            "then": _ref("answer.hello.v1"),
            "else": _ref("answer.hello.v2"),
        },
        "answer.hello.v1": hello_v1,
        "answer.hello.v2": hello_v2,
        "answer.start": _ok(),
        "answer.legal": _ok({"actions": {"type": "array", "items": _ref("action"), "uniqueItems": True}}),
        "answer.apply": _ok(),
        "answer.state": _ok({
            "to_move": _ref("seat_or_null"), "tricks": _pair(_ref("count")), "pile_size": _ref("count"),
            "hand_sizes": _pair(_ref("count")), "is_over": {"type": "boolean"}, "hands": _pair(_ref("hand")),
        }),
        "answer.result": _ok({
            "tricks": _pair(_ref("count")), "schwuenge": _ref("count"),
            "outcome": {"enum": ["plattwurf_eigener_angriff", "plattwurf_gegnerischer_angriff",
                                 "sieg_mit_angriff", "sieg_ohne_angriff", "gestellter"]},
            "winner": _ref("seat_or_null"), "plattwurf": _ref("seat_or_null"),
            "angriff": {"oneOf": [
                {"type": "null"},
                {"type": "object", "required": ["player", "after_schwung"],
                 "properties": {"player": _ref("seat"), "after_schwung": _ref("count")}},
            ]},
        }),
        "answer.points": _ok({"points": _pair(_ref("points"))}),
        "answer.match_start": _ok(),
        "answer.match_next": _ok({"gang": {"type": "integer", "minimum": 1}, "starter": _ref("seat")},
                                 "starter: a seat, \"P0\" or \"P1\"."),
        "answer.match_result": _ok({"totals": _pair(_ref("points")), "winner": _ref("seat_or_null")},
                                   "winner: a seat, \"P0\" or \"P1\", or null; never a number."),
        "answer.fest_start": _ok(),
        "answer.fest_schedule": _ok({"rounds": {
            "type": "array", "minItems": 1,
            "items": {"type": "array", "items": _pair(_ref("schwinger"))},
        }}),
        "answer.fest_meeting": _ok({"starter": _ref("schwinger")}, "starter: a Schwinger's number, never a seat."),
        "answer.fest_result": _ok({"standings": {"type": "array", "items": {
            "type": "object", "required": ["schwinger", "points", "rank"],
            "properties": {"schwinger": _ref("schwinger"), "points": _ref("points"),
                           "rank": {"type": "integer", "minimum": 1}},
        }}}),
        "answer.bye": _ok(),
    })
    return {
        "$schema": _DRAFT,
        "$id": "https://schwinget-spec.invalid/protocol/v2",
        "title": "Schwinget conformance harness protocol, versions 1 and 2",
        "description": (
            "One definition per request (request.<cmd>) and per answer (answer.<cmd>; answer.error for ok: false). "
            "docs/harness.md explains every message. The schema checks the shape and the spelling; what the "
            "answers must say is judged by the harness against the reference."
        ),
        "definitions": definitions,
    }


_ERROR_ORDER = ("illegal", "unsupported", "bad_request", "not_over", "internal")


def _card_order(code: str) -> tuple[int, int]:
    colours = "RGBY"
    if code[0] in colours and code[1:].isdigit():
        return (colours.index(code[0]), int(code[1:]))
    return (4, 0 if code == "KR" else 1)


def _text(schema: Mapping[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


# -- checking


@functools.cache
def load_schema() -> dict[str, Any]:
    """The shipped schema (``protocol.schema.json``)."""
    text = resources.files("schwinget_spec.conformance.protocol").joinpath("protocol.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _inline(node: Any, definitions: Mapping[str, Any]) -> Any:
    # ``node`` with every $ref replaced by its definition (fastjsonschema calls a function
    # per $ref, three times the cost)
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline(definitions[node["$ref"].rsplit("/", 1)[-1]], definitions)
        return {k: _inline(v, definitions) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, definitions) for v in node]
    return node


@functools.cache
def _validator(definition: str) -> Callable[[Any], Any]:
    definitions = load_schema()["definitions"]
    return fastjsonschema.compile(_inline(definitions[definition], definitions))


def _path(name: str) -> str:
    # fastjsonschema names the place as "data.tricks[1]" or "data['a b']"
    return "$" + name[len("data"):] if name.startswith("data") else name


def depth_fault(definition: str, value: Any) -> SchemaFault | None:
    """A fault at the first array or object nested deeper than ``MAX_DEPTH`` inside ``value`` (its JSON path), found without recursion; None if there is none."""
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(value, 1, ())]
    while stack:
        node, level, where = stack.pop()
        if isinstance(node, dict):
            items: Any = node.items()
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        if level > MAX_DEPTH:
            return SchemaFault(
                _json_path(where), "depth", definition,
                f"is nested deeper than {MAX_DEPTH} levels of arrays and objects, deeper than any message of the protocol",
            )
        stack.extend((item, level + 1, (*where, key)) for key, item in reversed(list(items)))
    return None


def _json_path(where: Sequence[str | int]) -> str:
    out = "$"
    for key in where:
        if isinstance(key, int):
            out += f"[{key}]"
        elif key.isidentifier():
            out += f".{key}"
        else:
            out += f"[{json.dumps(key)[:40]}]"
    return out


def _fault(definition: str, value: Any) -> SchemaFault | None:
    deep = depth_fault(definition, value)
    if deep is not None:
        return deep
    try:
        _validator(definition)(value)
    except fastjsonschema.JsonSchemaValueException as exc:
        name = exc.name or "data"
        message = exc.message
        if message.startswith(name):
            message = message[len(name):].strip()
        return SchemaFault(_path(name), str(exc.rule), definition, message)
    return None


def _counts_not_negative(answer: Mapping[str, Any]) -> bool:
    tricks = answer["tricks"]
    return bool(tricks[0] >= 0 and tricks[1] >= 0 and answer["pile_size"] >= 0)


_PARSED_ENOUGH: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "start": lambda answer: True,
    "apply": lambda answer: True,
    "legal": lambda answer: True,
    "state": _counts_not_negative,
}
"""The answers of the hot path (every step of a Gang) that the harness's parse already holds to the schema but for what the test here adds: ``{"ok": true}`` (``start``, ``apply``: the client has checked ``ok``), the ``legal`` actions (a list of codes, each once), and the ``state`` (``protocol.parse_state``: seats, integer pairs, codes each once, sizes that agree) but for its counts not being negative. When the test fails, the whole schema names the fault; ``tests/test_protocol_schema.py`` holds the two to the same answers."""


def answer_fault(cmd: str, answer: Mapping[str, Any], *, parsed: bool = False) -> SchemaFault | None:
    """Where ``answer``, the answer to the request ``cmd``, breaks the schema (``answer.<cmd>``, or ``answer.error`` when ``ok`` is false); None if it does not, or ``cmd`` is no request of the protocol.

    ``parsed``: the harness's parse accepted the answer; the answers of every step of a
    Gang (``start``, ``apply``, ``legal``, ``state``) then need only what the parse does
    not check (``_PARSED_ENOUGH``), and the whole schema names a fault.
    """
    if cmd not in ANSWERED_COMMANDS:
        return None
    if answer.get("ok") is False:
        return _fault("answer.error", answer)
    enough = _PARSED_ENOUGH.get(cmd) if parsed else None
    if enough is not None and enough(answer):
        return None
    return _fault(f"answer.{cmd}", answer)


def request_fault(message: Mapping[str, Any]) -> SchemaFault | None:
    """Where the request ``message`` breaks the schema (``request.<cmd>``); an unknown ``cmd`` is a fault at ``$.cmd``."""
    cmd = message.get("cmd")
    if cmd not in REQUESTS:
        return SchemaFault("$.cmd", "enum", "request", f"must be one of {list(REQUESTS)}, got {cmd!r}")
    return _fault(f"request.{cmd}", message)


def main(argv: Sequence[str] | None = None) -> int:
    """``--write``: remake ``protocol.schema.json`` from the protocol's constants; ``--check``: exit 1 if it differs."""
    args = list(sys.argv[1:] if argv is None else argv)
    text = _text(build_schema())
    if args == ["--write"]:
        SCHEMA_PATH.write_text(text, encoding="utf-8")
        return 0
    if args == ["--check"]:
        same = SCHEMA_PATH.read_text(encoding="utf-8") == text
        if not same:
            sys.stderr.write("protocol.schema.json differs from build_schema(): run with --write\n")
        return 0 if same else 1
    sys.stderr.write("usage: python -m schwinget_spec.conformance.protocol.schema --write | --check\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
