"""Fuzzing the verifier: arbitrary JSON, mutated valid traces and random text never make it raise, and a broken trace never conforms."""

from __future__ import annotations

import copy
import json
import os
import tempfile
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from schwinget_spec.conformance.trace.verify import (
    Verdict,
    VerdictKind,
    verify_trace,
    verify_trace_file,
    verify_trace_text,
)
from schwinget_spec.conformance.vectors.gen_defects import _MALFORMED
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.trace import gang_trace

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _finished(seed: int) -> GangState:
    state = start_gang(Deal.shuffled(seed), Player(seed % 2))
    k = seed
    while not state.is_over:
        legal = state.legal_actions()
        k = (k * 1103515245 + 12345) % 2**31
        state = state.apply(legal[k % len(legal)])
    return state


TRACES = [gang_trace(_finished(seed)) for seed in range(8)]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=40,
)
trace_keys = st.sampled_from(["format", "version", "kind", "id", "rules", "gaenge", "claims", "scoring", "deal", "actions",
                              "starter", "seed", "hands", "pile", "revealed", "face_down", "steps", "start", "end", "tricks"])


def _judge(document: Any) -> Verdict:
    verdict = verify_trace(document)
    assert isinstance(verdict, Verdict)
    assert isinstance(verdict.to_json(), dict)
    json.dumps(verdict.to_json())
    return verdict


@FUZZ
@given(json_values)
def test_any_json_value_gets_a_verdict(value: Any) -> None:
    """Any JSON value gets a verdict without an exception, and one that is not a trace object is malformed."""
    verdict = _judge(value)
    if not isinstance(value, dict):
        assert verdict.kind is VerdictKind.MALFORMED


@FUZZ
@given(st.dictionaries(trace_keys, json_values, max_size=8))
def test_objects_with_trace_keys_get_a_verdict(value: dict[str, Any]) -> None:
    """Objects made of the trace's own keys with arbitrary values get a verdict, never an exception, and never conform."""
    assert _judge(value).kind is not VerdictKind.CONFORMS


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


@FUZZ
@given(st.sampled_from(range(len(TRACES))), st.data())
def test_deleting_a_required_key_never_conforms(index: int, data: st.DataObject) -> None:
    """Deleting a required key (format, version, kind, gaenge, deal, starter, actions, a deal field) is never judged conforming."""
    doc = copy.deepcopy(TRACES[index])
    required = [("format",), ("version",), ("kind",), ("gaenge",), ("gaenge", 0, "deal"), ("gaenge", 0, "starter"),
                ("gaenge", 0, "actions"), ("gaenge", 0, "deal", "hands"), ("gaenge", 0, "deal", "pile"),
                ("gaenge", 0, "deal", "revealed"), ("gaenge", 0, "deal", "face_down")]
    path = data.draw(st.sampled_from(required))
    del _parent(doc, path)[path[-1]]
    assert _judge(doc).kind is VerdictKind.MALFORMED


@FUZZ
@given(st.sampled_from(range(len(TRACES))), st.data(), json_values)
def test_replacing_any_value_gets_a_verdict(index: int, data: st.DataObject, value: Any) -> None:
    """Replacing any value of a valid trace by an arbitrary JSON value gets a verdict; a value of another JSON type never conforms."""
    doc = copy.deepcopy(TRACES[index])
    path = data.draw(st.sampled_from(_paths(doc)))
    parent = _parent(doc, path)
    old = parent[path[-1]]
    parent[path[-1]] = value
    verdict = _judge(doc)
    def sort(v: Any) -> str:
        # JSON knows one number type (1 and 1.0 are equal) and null claims are allowed in places
        if isinstance(v, bool):
            return "bool"
        return "number" if isinstance(v, (int, float)) else type(v).__name__

    if sort(old) != sort(value) and old is not None and value is not None:
        assert verdict.kind is not VerdictKind.CONFORMS


_SLOTS = [("hands", 0, i) for i in range(5)] + [("hands", 1, i) for i in range(5)] + [("pile", i) for i in range(12)] + [
    ("face_down", i) for i in range(3)
] + [("revealed",)]


def _slot(deal: dict[str, Any], slot: tuple[Any, ...]) -> tuple[Any, Any]:
    node: Any = deal
    for key in slot[:-1]:
        node = node[key]
    return node, slot[-1]


@FUZZ
@given(st.sampled_from(range(len(TRACES))), st.lists(st.sampled_from(_SLOTS), min_size=2, max_size=2, unique=True))
def test_deal_mutations_get_a_verdict(index: int, slots: list[tuple[Any, ...]]) -> None:
    """Swapping two cards of a deal gets a verdict without an exception; copying one card over another is malformed."""
    swapped = copy.deepcopy(TRACES[index])
    (node_a, key_a), (node_b, key_b) = (_slot(swapped["gaenge"][0]["deal"], s) for s in slots)
    node_a[key_a], node_b[key_b] = node_b[key_b], node_a[key_a]
    _judge(swapped)
    duplicated = copy.deepcopy(TRACES[index])
    (node_a, key_a), (node_b, key_b) = (_slot(duplicated["gaenge"][0]["deal"], s) for s in slots)
    node_b[key_b] = node_a[key_a]
    assert _judge(duplicated).kind is VerdictKind.MALFORMED


@FUZZ
@given(st.sampled_from(range(len(TRACES))), st.data())
def test_truncated_or_extended_actions_never_conform(index: int, data: st.DataObject) -> None:
    """Dropping the last actions, or appending actions after the end, is never judged conforming."""
    doc = copy.deepcopy(TRACES[index])
    gang = doc["gaenge"][0]
    del gang["claims"]
    if data.draw(st.booleans()):
        keep = data.draw(st.integers(0, len(gang["actions"]) - 1))
        gang["actions"] = gang["actions"][:keep]
        assert _judge(doc).kind is VerdictKind.MALFORMED
    else:
        extra = data.draw(st.lists(st.sampled_from(["A", "L0", "L1", "G1", "KR", "BK", "R6"]), min_size=1, max_size=40))
        gang["actions"] += extra
        assert _judge(doc).kind is not VerdictKind.CONFORMS


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 5), st.integers(100, 200_000))
def test_huge_and_deep_documents_get_a_verdict(kind: int, size: int) -> None:
    """Huge lists and deeply nested arrays, in place of any part of a trace, are judged malformed without an exception."""
    doc = copy.deepcopy(TRACES[0])
    deep: Any = []
    for _ in range(min(size, 5000)):
        deep = [deep]
    huge = ["G1"] * size
    if kind == 0:
        doc["gaenge"][0]["actions"] = huge
    elif kind == 1:
        doc["gaenge"] = [doc["gaenge"][0]] * min(size, 10_000)
    elif kind == 2:
        doc["gaenge"][0]["deal"]["pile"] = deep
    elif kind == 3:
        doc["gaenge"][0]["claims"]["steps"] = [None] * size
    elif kind == 4:
        doc = deep
    else:
        doc["rules"] = {f"s{i}": True for i in range(min(size, 10_000))}
    assert _judge(doc).kind is not VerdictKind.CONFORMS


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_random_text_gets_a_verdict(text: bytes | str) -> None:
    """Random bytes or text get a verdict without an exception; text that is not a JSON object is malformed."""
    verdict = verify_trace_text(text)
    assert isinstance(verdict, Verdict)
    assert verdict.kind is VerdictKind.MALFORMED


@FUZZ
@given(st.sampled_from(range(len(TRACES))), st.integers(0, 2000))
def test_truncated_trace_text_is_malformed(index: int, cut: int) -> None:
    """A trace's JSON text cut short anywhere is malformed."""
    text = json.dumps(TRACES[index])
    assert verify_trace_text(text[: min(cut, len(text) - 1)]).kind is VerdictKind.MALFORMED


def test_deeply_nested_text_is_malformed() -> None:
    """JSON text nested far beyond any trace's depth is malformed, not a crash."""
    assert verify_trace_text("[" * 200_000 + "]" * 200_000).kind is VerdictKind.MALFORMED
    assert verify_trace_text('{"a":' * 100_000 + "1" + "}" * 100_000).kind is VerdictKind.MALFORMED


# -- mutation by the reading rules: numbers, keys, bytes (bounded; benchmarks/fuzz_traces.py runs the long fuzz)

SHIPPED = [json.loads(json.dumps(v.input)) for v in load_vectors().vectors if v.kind == "trace"][:40]


def _int_paths(doc: Any) -> list[tuple[Any, ...]]:
    return [p for p in _paths(doc) if type(_parent(doc, p)[p[-1]]) is int]


@FUZZ
@given(st.sampled_from(range(len(SHIPPED))), st.data(), st.sampled_from(["{}.0", "{}E+0", "{}e0", "{}.00"]))
def test_any_integer_written_as_a_float_is_malformed_there(index: int, data: st.DataObject, form: str) -> None:
    """Writing any integer of a shipped trace with a fraction or an exponent is malformed with that value's JSON pointer, by text and by document."""
    doc = copy.deepcopy(SHIPPED[index])
    path = data.draw(st.sampled_from(_int_paths(doc)))
    parent = _parent(doc, path)
    marker = "__the_number__"
    value = parent[path[-1]]
    parent[path[-1]] = marker
    text = json.dumps(doc).replace(f'"{marker}"', form.format(value))
    pointer = "".join(f"/{p}" for p in path)
    by_text = verify_trace_text(text)
    assert (by_text.kind, by_text.rule, by_text.where) == (VerdictKind.MALFORMED, "number", pointer)
    parent[path[-1]] = float(value)
    by_document = _judge(doc)
    assert (by_document.kind, by_document.rule, by_document.where) == (VerdictKind.MALFORMED, "number", pointer)


@FUZZ
@given(st.sampled_from(range(len(SHIPPED))), st.data())
def test_any_key_written_twice_is_malformed(index: int, data: st.DataObject) -> None:
    """Repeating any key of any object of a shipped trace (with any value) is malformed as a duplicate key."""
    doc = copy.deepcopy(SHIPPED[index])
    objects = [p for p in [(), *_paths(doc)] if isinstance(_get(doc, p), dict) and _get(doc, p)]
    path = data.draw(st.sampled_from(objects))
    target = _get(doc, path)
    key = data.draw(st.sampled_from(sorted(target)))
    marker = "__the_duplicate__"
    target[marker] = None
    text = json.dumps(doc).replace(f'"{marker}": null', f"{json.dumps(key)}: {json.dumps(data.draw(json_values))}")
    verdict = verify_trace_text(text)
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "duplicate_key")


@FUZZ
@given(st.sampled_from(range(len(SHIPPED))), st.lists(st.tuples(st.integers(0, 10**9), st.integers(0, 255)), min_size=1, max_size=4))
def test_bytes_and_file_give_the_same_verdict_on_corrupted_bytes(index: int, flips: list[tuple[int, int]]) -> None:
    """A shipped trace with bytes overwritten gets the same verdict from verify_trace_text(bytes) and verify_trace_file, never an exception."""
    data = bytearray(json.dumps(SHIPPED[index], ensure_ascii=False).encode("utf-8"))
    for where, byte in flips:
        data[where % len(data)] = byte
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "t.json")
        with open(path, "wb") as handle:
            handle.write(data)
        from_file = verify_trace_file(path)
    from_bytes = verify_trace_text(bytes(data))
    assert from_file == from_bytes
    json.dumps(from_bytes.to_json(), ensure_ascii=False).encode("utf-8")


@FUZZ
@given(st.sampled_from(range(len(SHIPPED))), st.data(), st.text(min_size=1, max_size=6))
def test_any_string_with_odd_characters_gets_a_printable_verdict(index: int, data: st.DataObject, odd: str) -> None:
    """Any string of a trace replaced by arbitrary text (lone surrogates included) gets a verdict that prints as UTF-8."""
    doc = copy.deepcopy(SHIPPED[index])
    strings = [p for p in _paths(doc) if isinstance(_parent(doc, p)[p[-1]], str)]
    path = data.draw(st.sampled_from(strings))
    _parent(doc, path)[path[-1]] = data.draw(st.sampled_from(["\ud800", "\udfff", ""])) + odd
    for verdict in (_judge(doc), verify_trace_text(json.dumps(doc))):
        json.dumps(verdict.to_json(), ensure_ascii=False).encode("utf-8")
        hash(verdict)


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


# -- the quick path (read without the duplicate-key hook, lighter schema) gives the exact path's verdict


def _exact_verdict(text: str | bytes) -> Verdict:
    """The verdict of the exact path alone: the text read with every reading rule, the full schema, then the replay."""
    from schwinget_spec.conformance.trace.text import TraceTextError, parse_trace_text  # noqa: PLC0415
    from schwinget_spec.conformance.trace.verify import _judge_value, _unread  # noqa: PLC0415

    try:
        document = parse_trace_text(text)
    except TraceTextError as exc:
        return _unread(exc)
    return _judge_value(document)


def _exact_document_verdict(document: Any) -> Verdict:
    """The verdict of the exact path alone on a parsed document: the JSON value rules, the full schema, then the replay."""
    from schwinget_spec.conformance.trace.text import json_value_problem  # noqa: PLC0415
    from schwinget_spec.conformance.trace.verify import _judge_value, _unread  # noqa: PLC0415

    problem = json_value_problem(document)
    return _judge_value(document) if problem is None else _unread(problem)


_ODD_CLAIMS = st.sampled_from([None, True, False, 0, 1, -1, "", "P0", [], [0, 0], [True, 0], {}, {"x": 1}, {"tricks": [0, True]}])


@FUZZ
@given(st.sampled_from(range(len(SHIPPED))), st.data(), json_values | _ODD_CLAIMS)
def test_the_quick_path_gives_the_exact_verdict_on_any_replaced_value(index: int, data: st.DataObject, value: Any) -> None:
    """Any value of a shipped trace replaced by another (claims by near misses: true for 1, null, {}) gets the exact path's verdict."""
    doc = copy.deepcopy(SHIPPED[index])
    path = data.draw(st.sampled_from(_paths(doc)))
    _parent(doc, path)[path[-1]] = value
    text = json.dumps(doc)
    assert verify_trace_text(text) == _exact_verdict(text)
    assert verify_trace(doc) == _exact_document_verdict(doc)


@FUZZ
@given(st.sampled_from(range(len(SHIPPED))), st.data(), st.sampled_from(["a:b", "::", "x"]))
def test_the_quick_path_gives_the_exact_verdict_on_duplicate_keys_and_colons(index: int, data: st.DataObject, text_value: str) -> None:
    """A key written twice, also beside strings holding colons and claims left out, gets the exact path's verdict (duplicate_key)."""
    doc = copy.deepcopy(SHIPPED[index])
    doc["id"] = text_value
    objects = [p for p in [(), *_paths(doc)] if isinstance(_get(doc, p), dict) and _get(doc, p)]
    where = data.draw(st.sampled_from(objects))
    target = _get(doc, where)
    key = data.draw(st.sampled_from(sorted(target)))
    apart = [p for p in objects if p[: len(where)] != where and where[: len(p)] != p]
    if apart and data.draw(st.booleans()):
        # one pair fewer in another object, so that a count of pairs alone could not tell
        other = _get(doc, data.draw(st.sampled_from(apart)))
        del other[sorted(other)[-1]]
    marker = "__the_duplicate__"
    target[marker] = None
    text = json.dumps(doc).replace(f'"{marker}": null', f"{json.dumps(key)}: {json.dumps(data.draw(json_values))}")
    verdict = verify_trace_text(text)
    assert verdict == _exact_verdict(text)
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "duplicate_key")


def test_the_reference_traces_take_the_quick_path() -> None:
    """The reference's own traces of every kind (a Gang, a match, a Schwingfest) pass the full schema and conform on the quick path.

    The quick path checks a claim against the schema only where it differs from the
    reference's: that the reference's own claims pass the schema is what makes it sound.
    """
    import fastjsonschema  # noqa: PLC0415

    from schwinget_spec.conformance.trace.text import read_trace_quickly  # noqa: PLC0415
    from schwinget_spec.conformance.trace.verify import _judge_quickly, load_schema  # noqa: PLC0415

    full_schema = fastjsonschema.compile(load_schema())
    kinds = set()
    every = [json.loads(json.dumps(v.input)) for v in load_vectors().vectors if v.kind == "trace"]
    for trace in [*TRACES, *every]:
        if verify_trace(trace).conforms:
            full_schema(trace)
            quick = read_trace_quickly(json.dumps(trace))
            assert quick is not None
            verdict = _judge_quickly(*quick)
            assert verdict is not None, trace.get("id")
            assert verdict.conforms, trace.get("id")
            kinds.add(trace["kind"])
    assert kinds == {"gang", "match", "schwingfest"}
    # a colon inside a string leaves the text to the exact path, with the same verdict
    text = json.dumps({**TRACES[0], "id": "with: a colon"})
    quick = read_trace_quickly(text)
    assert quick is not None
    assert _judge_quickly(*quick) is None
    assert verify_trace_text(text).conforms


def _claim_paths(doc: Any) -> list[tuple[Any, ...]]:
    """Every claim of the first Gang's start and end and of the whole trace, and every value inside them."""
    out = []
    for root in (("gaenge", 0, "claims", "start"), ("gaenge", 0, "claims", "end"), ("gaenge", 0, "claims", "steps", 0),
                 ("claims",)):
        try:
            node = _get(doc, root)
        except (KeyError, IndexError):
            continue
        out += [root, *[(*root, *p) for p in _paths(node)]]
    return out


_NEAR_MISSES = [None, True, False, 0, 1, 2, -1, "", "P0", "1.00", [], [0], [0, 0], [True, 0], [0, False], ["1.00", "0"],
                {}, {"x": 1}, {"player": "P0", "after_schwung": True}, {"player": "P0", "after_schwung": 0}]


def test_the_quick_path_gives_the_exact_verdict_on_every_near_miss_of_a_claim() -> None:
    """Each claim of a Gang trace, a match and a Schwingfest (and each value inside one) replaced by each near miss gets the exact path's verdict."""
    every = [json.loads(json.dumps(v.input)) for v in load_vectors().vectors if v.kind == "trace"]
    chosen = {}
    for trace in every:
        if verify_trace(trace).conforms and "claims" in trace["gaenge"][0]:
            chosen.setdefault(trace["kind"], trace)
    assert set(chosen) == {"gang", "match", "schwingfest"}
    checked = 0
    for trace in chosen.values():
        for path in _claim_paths(trace):
            for value in [*_NEAR_MISSES, "__delete__"]:
                doc = copy.deepcopy(trace)
                if value == "__delete__":
                    del _parent(doc, path)[path[-1]]
                else:
                    _parent(doc, path)[path[-1]] = value
                text = json.dumps(doc)
                assert verify_trace_text(text) == _exact_verdict(text), (path, value)
                checked += 1
    assert checked > 1000


# -- two faults at once: the quick and the exact path name the same first one

MALFORMED_INPUTS = {v.id: v.input for v in load_vectors().vectors if v.id.startswith("malformed.")}
"""The shipped malformed vectors' documents, each with one fault."""


def _many_gaenge(document: dict[str, Any]) -> None:
    """A fault the schema's maxItems names: 5,000 Gänge (the schema allows 4,096)."""
    document["gaenge"] = document["gaenge"] * 5000


MUTATIONS = [*((topic, mutate) for topic, _description, mutate, *_rest in _MALFORMED), ("many_gaenge", _many_gaenge)]
"""Each fault of the malformed group as the generator makes it, and too many Gänge."""


def _same_first_fault(document: dict[str, Any]) -> Verdict:
    """Assert that the document's verdict is the exact path's, read as a parsed value and as text; return it."""
    text = json.dumps(document)
    exact = _exact_verdict(text)
    assert verify_trace_text(text) == exact
    quick = verify_trace(document)
    assert quick == _exact_document_verdict(document)
    assert (quick.kind, quick.where, quick.rule) == (exact.kind, exact.where, exact.rule)
    return quick


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(sorted(MALFORMED_INPUTS)), st.sampled_from(range(len(MUTATIONS))))
def test_two_faults_of_the_malformed_vectors_get_the_same_first_fault_on_every_path(vid: str, index: int) -> None:
    """A shipped malformed vector with a second fault of the group (or 5,000 Gänge) added gets one verdict from verify_trace, verify_trace_text and the exact path alone: the same first fault, where and rule."""
    document = copy.deepcopy(MALFORMED_INPUTS[vid])
    try:
        MUTATIONS[index][1](document)
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        assume(False)  # the first fault removed what the second changes
    _same_first_fault(document)


@pytest.mark.parametrize(("vid", "where", "rule"), [
    ("malformed.schema.kind.001", "/kind", "enum"),
    ("malformed.schema.format.001", "/format", "const"),
    ("malformed.schema.version.001", "/version", "enum"),
    ("malformed.rules.unknown_switch.001", "/gaenge", "maxItems"),
])
def test_too_many_gaenge_beside_an_earlier_fault_names_the_earlier_one(vid: str, where: str, rule: str) -> None:
    """5,000 Gänge in a trace of kind "tournament" (or another format or version) are refused at /kind (/format, /version) on every path, as the schema checks those fields before the list; beside a fault of the rules, at /gaenge maxItems (the quick path once named /gaenge for all of them)."""
    document = copy.deepcopy(MALFORMED_INPUTS[vid])
    _many_gaenge(document)
    verdict = _same_first_fault(document)
    assert (verdict.kind, verdict.where, verdict.rule) == (VerdictKind.MALFORMED, where, rule)
