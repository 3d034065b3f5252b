"""The protocol written down as data: protocol.schema.json is in step with the code, every request the harness sends and every answer of the reference server in a default run validate, the examples of docs/harness.md validate, and a wrong type or spelling is a divergence naming its JSON path and the schema rule."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance.harness.run import HarnessReport, format_report, run_harness
from schwinget_spec.conformance.protocol.engine_session import LoopbackClient
from schwinget_spec.conformance.protocol.levels import ask_fest_schedule, send_fest_start
from schwinget_spec.conformance.protocol.messages import (
    FEST_SCHEDULE_MAX_LINE_BYTES,
    MAX_LINE_BYTES,
    ProtocolError,
    SubprocessClient,
    checked_answer,
    parse_state,
)
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer
from schwinget_spec.conformance.protocol.schema import (
    MAX_DEPTH,
    REQUESTS,
    SCHEMA_PATH,
    SchemaFault,
    answer_fault,
    build_schema,
    depth_fault,
    load_schema,
    main,
    request_fault,
)
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

ROOT = Path(__file__).resolve().parent.parent
HARNESS_MD = ROOT / "docs" / "harness.md"

Handle = Callable[[Any], dict[str, Any]]


def _recording(seen: list[tuple[dict[str, Any], dict[str, Any]]]) -> Callable[[], LoopbackClient]:
    """Starts a reference engine in process per call whose every request and answer are kept in ``seen``."""

    def start() -> LoopbackClient:
        server = ReferenceServer(ReferenceEngine())

        def handle(request: Any) -> dict[str, Any]:
            answer = server.handle(request)
            seen.append((request, answer))
            return answer

        return LoopbackClient(handle)

    return start


def _tampered(tamper: Callable[[dict[str, Any], dict[str, Any]], None]) -> Callable[[], LoopbackClient]:
    """Starts a reference engine in process per call whose answers ``tamper(request, answer)`` changes."""

    def start() -> LoopbackClient:
        server = ReferenceServer(ReferenceEngine())

        def handle(request: Any) -> dict[str, Any]:
            answer = server.handle(request)
            tamper(request, answer)
            return answer

        return LoopbackClient(handle)

    return start


def test_the_shipped_schema_is_built_from_the_protocol() -> None:
    """protocol.schema.json equals build_schema() (the switches and values, levels and codes of the code), is draft-07, and defines a request and an answer for every command."""
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == build_schema()
    assert main(["--check"]) == 0
    schema = load_schema()
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    names = set(schema["definitions"])
    assert {f"request.{cmd}" for cmd in REQUESTS} <= names
    assert {f"answer.{cmd}" for cmd in REQUESTS} | {"answer.error"} <= names


def test_every_request_and_answer_of_a_default_run_validates() -> None:
    """A whole default run (every level) against the reference engine: every request the harness sends and every answer of the reference server, refusals included, validate against the schema."""
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    report = run_harness(["(in process)"], client_factory=_recording(seen))
    assert report.passed, format_report(report)
    commands = {request["cmd"] for request, _ in seen}
    # an engine in process is stopped without bye
    assert commands == set(REQUESTS) - {"bye"}
    assert any(answer["ok"] is False for _, answer in seen)
    faults = {}
    for request, answer in seen:
        fault = request_fault(request) or answer_fault(request["cmd"], answer)
        if fault is not None:
            faults[json.dumps(request)[:200]] = str(fault)
    assert faults == {}


_EXAMPLE = re.compile(r"^(?P<side>[<>]) (?P<text>\{.*?)(?=^[<>] |\Z)", re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    """Every message of the ``>``/``<`` examples in docs/harness.md's code blocks, as (side, text)."""
    blocks: list[list[str]] = []
    inside = False
    for line in HARNESS_MD.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    out = []
    for block in blocks:
        for found in _EXAMPLE.finditer("\n".join(block) + "\n"):
            out.append((found["side"], " ".join(found["text"].split())))
    return out


def test_the_examples_of_harness_md_validate() -> None:
    """Every example request and answer written in full in docs/harness.md validates against the schema, and every request and every answer has one."""
    requests, answers = set(), set()
    last = None
    for side, text in _examples():
        if "..." in text or "{...}" in text:
            last = None if side == "<" else "elided"
            continue
        message = json.loads(text)
        if side == ">":
            assert request_fault(message) is None, text
            last = message["cmd"]
            requests.add(last)
        elif last is not None and last != "elided":
            assert answer_fault(last, message) is None, text
            answers.add(last)
    assert requests == set(REQUESTS)
    assert answers == set(REQUESTS)


@pytest.mark.parametrize(
    ("cmd", "answer", "path", "rule"),
    [
        ("match_result", {"ok": True, "totals": ["6", "6"], "winner": 1}, "$.winner", "enum"),
        ("fest_meeting", {"ok": True, "starter": "P0"}, "$.starter", "type"),
        ("match_next", {"ok": True, "gang": 1, "starter": 0}, "$.starter", "enum"),
        ("points", {"ok": True, "points": [7, 0]}, "$.points[0]", "type"),
        ("state", {"ok": True, "to_move": "p1", "tricks": [0, 0], "pile_size": 12, "hand_sizes": [5, 5],
                   "is_over": False, "hands": [["R1", "R2", "R3", "R4", "R5"], ["G1", "G2", "G3", "G4", "G5"]]},
         "$.to_move", "enum"),
        ("result", {"ok": True, "tricks": [6, 5], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": "P0",
                    "plattwurf": None}, "$", "required"),
        ("apply", {"ok": False, "error": "illegal", "clause": 7}, "$.clause", "type"),
    ],
)
def test_a_wrong_type_or_spelling_is_named_by_path_and_rule(cmd: str, answer: dict[str, Any], path: str, rule: str) -> None:
    """A seat written as a number, a Schwinger number written as a seat, points as numbers, a seat in lower case, a missing field: the fault names its JSON path and the schema rule."""
    fault = answer_fault(cmd, answer)
    assert isinstance(fault, SchemaFault)
    assert (fault.path, fault.rule) == (path, rule)
    assert f"schema rule {rule!r}" in str(fault)


def test_the_harness_adds_the_path_and_rule_to_what_its_parse_refuses() -> None:
    """An answer the harness's own parse refuses keeps the parse's reason and gains the schema's path and rule; one the parse lets through but the schema does not is malformed too."""
    def refuse(answer: Any) -> None:
        raise ProtocolError("the answer to 'fest_meeting' needs 'starter'", kind="malformed")

    with pytest.raises(ProtocolError, match=r"needs 'starter' \[at \$\.starter: must be integer \(schema rule 'type'") as caught:
        checked_answer("fest_meeting", {"ok": True, "starter": "P0"}, refuse)
    assert caught.value.kind == "malformed"
    with pytest.raises(ProtocolError, match=r"breaks the protocol at \$\.tricks\[0\]: must be bigger than or equal to 0") as negative:
        checked_answer("state", {"ok": True, "to_move": None, "tricks": [-1, 12], "pile_size": 0, "hand_sizes": [0, 0],
                                 "is_over": True, "hands": [[], []]}, lambda answer: None)
    assert negative.value.kind == "malformed"


def _level_divergence(report: HarnessReport) -> tuple[str, str | None, str]:
    levels = report.levels
    assert levels is not None
    d = levels.divergence
    assert d is not None, format_report(report)
    return d.kind, d.field, d.message


@pytest.mark.parametrize(
    ("cmd", "change", "words"),
    [
        ("match_result", lambda a: a.update(winner=None if a["winner"] is None else int(a["winner"][1])), "$.winner"),
        ("fest_meeting", lambda a: a.update(starter=f"P{a['starter']}"), "$.starter"),
    ],
)
def test_an_engine_spelling_a_value_otherwise_diverges_naming_path_and_rule(
    cmd: str, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    """The outside implementer's two failed runs: a match winner as an integer (as in the trace format) and a fest_meeting starter as a seat are protocol divergences (malformed) naming the JSON path and the schema rule."""

    def tamper(request: dict[str, Any], answer: dict[str, Any]) -> None:
        if request["cmd"] == cmd and answer["ok"]:
            change(answer)

    report = run_harness(["(in process)"], games=0, steer=0, client_factory=_tampered(tamper))
    kind, field, message = _level_divergence(report)
    assert (kind, field) == ("protocol", "malformed")
    assert words in message
    assert "schema rule" in message


@pytest.mark.clause("fest.twice_each", "fest.parallel")
def test_a_schwingfest_of_256_fits_the_protocol() -> None:
    """The schedule of a Schwingfest of 256 Schwinger (about 580 KiB on 128 card sets, far over the 64 KiB of another answer) travels from the reference server in a subprocess as one fest_schedule line, validates, and holds every pair twice."""
    with SubprocessClient([sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server"], timeout=120.0) as client:
        client.hello()
        send_fest_start(client, 256, 128, ScoringSystem.SCHWINGERWERTUNG, Rules(), declared=())
        rounds = ask_fest_schedule(client, 256)
        assert client.is_alive
    line = json.dumps({"ok": True, "rounds": [[list(p) for p in r] for r in rounds]}, separators=(",", ":"))
    assert MAX_LINE_BYTES < len(line) < FEST_SCHEDULE_MAX_LINE_BYTES
    pairs = Counter(p for r in rounds for p in r)
    assert len(pairs) == 256 * 255 // 2
    assert set(pairs.values()) == {2}
    assert all(len(r) <= 128 and len({s for p in r for s in p}) == 2 * len(r) for r in rounds)


def test_the_hot_path_check_after_the_parse_agrees_with_the_whole_schema() -> None:
    """For the answers of every step of a Gang that the harness's parse accepts (start, apply, legal, state: those of a short run, and states with a count below zero or an extra field), the quick check after the parse finds a fault exactly when the whole schema does."""
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    run_harness(["(in process)"], games=3, vectors=False, steer=0, client_factory=_recording(seen))
    answers = [(request["cmd"], answer) for request, answer in seen if request["cmd"] in ("start", "apply", "legal", "state")]
    states = [answer for cmd, answer in answers if cmd == "state"][:20]
    for state in states:
        answers += [
            ("state", {**state, "tricks": [-1, state["tricks"][1]]}),
            ("state", {**state, "tricks": [state["tricks"][0], -2]}),
            ("state", {**state, "pile_size": -1}),
            ("state", {**state, "note": "an extra field"}),
        ]
    parses = {"state": parse_state, "legal": lambda a: a["actions"], "start": lambda a: None, "apply": lambda a: None}
    compared = faults = 0
    for cmd, answer in answers:
        if answer.get("ok") is not True:
            continue
        parses[cmd](answer)
        quick, whole = answer_fault(cmd, answer, parsed=True), answer_fault(cmd, answer)
        assert (quick is None) == (whole is None), (cmd, answer)
        compared += 1
        faults += whole is not None
    assert faults == 3 * len(states) > 0
    assert compared > faults


def _constrained_depth(node: Any, definitions: dict[str, Any], seen: tuple[str, ...] = ()) -> int:
    """How many levels of arrays and objects below a message the schema node constrains (a $ref followed, a cycle counted as deep)."""
    if not isinstance(node, dict):
        return 0
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return 99 if name in seen else _constrained_depth(definitions[name], definitions, (*seen, name))
    below = [node[k] for k in ("items", "additionalProperties") if isinstance(node.get(k), dict)]
    below += [v for k in ("properties", "patternProperties") for v in node.get(k, {}).values()]
    beside = [v for k in ("anyOf", "oneOf", "allOf") for v in node.get(k, [])]
    beside += [node[k] for k in ("if", "then", "else", "not") if isinstance(node.get(k), dict)]
    return max([0, *(1 + _constrained_depth(v, definitions, seen) for v in below),
                *(_constrained_depth(v, definitions, seen) for v in beside)])


def test_an_answer_deeper_than_the_limit_is_named_by_its_path_before_the_schema() -> None:
    """MAX_DEPTH (32) is eight times the 4 levels the schema constrains below a message (docs/changelog.md), and an answer nested deeper, 900 levels here, is a fault at the path of its first level too deep, with no recursion."""
    definitions = load_schema()["definitions"]
    assert max(_constrained_depth(d, definitions) for d in definitions.values()) == 4
    assert MAX_DEPTH == 32
    deep: Any = []
    for _ in range(900):
        deep = [deep]
    fault = answer_fault("legal", {"ok": True, "actions": ["G3", deep]})
    assert fault is not None
    assert (fault.rule, fault.definition) == ("depth", "answer.legal")
    assert fault.path == "$.actions[1]" + "[0]" * 30
    assert answer_fault("legal", {"ok": True, "actions": [[[["x"]]]]}) is not None
    assert depth_fault("answer.legal", {"ok": True, "actions": ["G3"]}) is None
