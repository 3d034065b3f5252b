"""The verifier's input rules pinned on each reproducer class of issues 16 and 30: the JSON number rule, the text rule, duplicate keys, the size limit, files that are not regular, values that are no JSON, and parsed documents held to the limits of a text."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from schwinget_spec.conformance.trace.text import MAX_TRACE_BYTES, parse_trace_text
from schwinget_spec.conformance.trace.verify import (
    MAX_GAENGE,
    Verdict,
    VerdictKind,
    load_schema,
    verify_trace,
    verify_trace_file,
    verify_trace_text,
)
from schwinget_spec.conformance.vectors.suite import load_vectors

VECTORS = load_vectors().vectors


def _conforming(kind: str) -> dict[str, Any]:
    vector = next(v for v in VECTORS if v.kind == "trace" and v.input["kind"] == kind and v.expected["verdict"] == "conforms")
    doc: dict[str, Any] = json.loads(json.dumps(vector.input))
    return doc


GANG = _conforming("gang")
MATCH = _conforming("match")
FEST = _conforming("schwingfest")


def _all_ways(text: str, tmp_path: Path) -> list[Verdict]:
    """The verdicts on ``text`` given as a str, as UTF-8 bytes, and as a file."""
    path = tmp_path / "t.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    out = [verify_trace_text(text.encode("utf-8", "surrogatepass")), verify_trace_file(path)]
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return out
    return [verify_trace_text(text), *out]


def _same(verdicts: list[Verdict]) -> Verdict:
    first = verdicts[0]
    for other in verdicts[1:]:
        assert (other.kind, other.rule, other.where) == (first.kind, first.rule, first.where), (first, other)
    return first


@pytest.mark.parametrize("number", ["3.0", "0E+0", "-0.0", "1e0", "0.5", "NaN", "Infinity", "-Infinity"])
def test_a_seed_that_is_no_json_integer_is_malformed_with_its_pointer(number: str, tmp_path: Path) -> None:
    """``"seed": 3.0`` (and 0E+0, -0.0, NaN...) is malformed at ``/gaenge/0/seed`` by every entry point: never an exception."""
    doc = json.loads(json.dumps(GANG))
    doc["gaenge"][0]["seed"] = 12345
    text = json.dumps(doc).replace('"seed": 12345', f'"seed": {number}')
    verdict = _same(_all_ways(text, tmp_path))
    assert (verdict.kind, verdict.rule, verdict.where) == (VerdictKind.MALFORMED, "number", "/gaenge/0/seed")


@pytest.mark.parametrize(
    ("document", "pointer"),
    [
        (MATCH, "/length"),
        (FEST, "/sets"),
        (FEST, "/gaenge/0/seats/0"),
        (FEST, "/claims/winner"),
        (GANG, "/version"),
        (GANG, "/gaenge/0/claims/end/tricks/0"),
    ],
)
def test_every_integer_field_refuses_a_whole_float_alike(document: dict[str, Any], pointer: str, tmp_path: Path) -> None:
    """``"length": 4.0``, ``"sets": 1.0``, float seats, a winner ``1.0``: the same rule everywhere, in text and in a parsed document."""
    doc = json.loads(json.dumps(document))
    parts = pointer.strip("/").split("/")
    node = doc
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last: Any = int(parts[-1]) if isinstance(node, list) else parts[-1]
    value = node[last]
    node[last] = float(0 if value is None else value)
    for verdict in (_same(_all_ways(json.dumps(doc), tmp_path)), verify_trace(doc)):
        assert (verdict.kind, verdict.rule, verdict.where) == (VerdictKind.MALFORMED, "number", pointer)


def test_float_seats_in_a_parsed_schwingfest_get_a_verdict() -> None:
    """``"seats": [1.0, 2]`` in a parsed document is malformed, never a TypeError (issue 16)."""
    doc = json.loads(json.dumps(FEST))
    doc["gaenge"][0]["seats"] = [float(doc["gaenge"][0]["seats"][0]), doc["gaenge"][0]["seats"][1]]
    verdict = verify_trace(doc)
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "number")


def test_a_duplicate_key_is_malformed(tmp_path: Path) -> None:
    """A key twice in one object is malformed (not "the last one wins"), with the pointer of the object."""
    text = json.dumps(GANG).replace('"starter":', '"starter": "P1", "starter":', 1)
    verdict = _same(_all_ways(text, tmp_path))
    assert (verdict.kind, verdict.rule, verdict.where) == (VerdictKind.MALFORMED, "duplicate_key", "/gaenge/0")


@pytest.mark.parametrize(
    "data",
    [
        b"\xef\xbb\xbf" + json.dumps(GANG).encode(),
        json.dumps(GANG).encode("utf-16"),
        json.dumps(GANG).encode("utf-16-le"),
        json.dumps(GANG).encode("utf-32"),
        json.dumps(GANG).replace('"gang"', '"g\\ud800"', 1).encode().replace(b"\\ud800", b"\xed\xa0\x80"),
    ],
    ids=["bom", "utf-16", "utf-16-le", "utf-32", "encoded-surrogate"],
)
def test_bytes_and_files_are_read_alike(data: bytes, tmp_path: Path) -> None:
    """A BOM, UTF-16/32 and encoded surrogates are malformed for bytes and for a file alike (one decoding)."""
    path = tmp_path / "t.json"
    path.write_bytes(data)
    from_bytes, from_file = verify_trace_text(data), verify_trace_file(path)
    assert (from_bytes.kind, from_bytes.rule, from_bytes.message) == (from_file.kind, from_file.rule, from_file.message)
    assert from_bytes.kind is VerdictKind.MALFORMED
    assert from_bytes.rule in ("text", "json")  # UTF-16-LE without BOM is valid UTF-8 (with NULs), then not JSON


def test_a_str_with_a_bom_is_malformed_like_the_bytes() -> None:
    """A str starting with U+FEFF is malformed like the same bytes."""
    verdict = verify_trace_text("\ufeff" + json.dumps(GANG))
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "text")


def test_the_size_limit_counts_utf8_bytes_of_a_str() -> None:
    """A str under the limit in characters but over it in UTF-8 bytes is malformed (rule size); so are the bytes."""
    text = '{"id": "' + "é" * (MAX_TRACE_BYTES // 2 + 8) + '"}'
    assert len(text) < MAX_TRACE_BYTES < len(text.encode("utf-8"))
    for data in (text, text.encode("utf-8")):
        verdict = verify_trace_text(data)
        assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "size")


def test_a_lone_surrogate_in_the_id_gives_a_printable_verdict() -> None:
    """``"id": "\\ud800"`` (a JSON escape) gets a verdict whose JSON encodes as UTF-8: the surrogate is kept as an escape."""
    doc = json.loads(json.dumps(GANG))
    doc["id"] = "\ud800x"
    for verdict in (verify_trace_text(json.dumps(doc)), verify_trace(doc)):
        assert verdict.kind is VerdictKind.CONFORMS
        assert verdict.trace_id == "\\ud800x"
        json.dumps(verdict.to_json(), ensure_ascii=False).encode("utf-8")


def test_a_str_holding_a_lone_surrogate_is_malformed() -> None:
    """A str that UTF-8 cannot encode is not trace text (rule text)."""
    verdict = verify_trace_text('{"id": "\ud800"}')
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "text")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs need a POSIX system")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    """A FIFO with no writer as the trace path is refused at once (rule file), not opened for a blocking read."""
    fifo = tmp_path / "trace.json"
    os.mkfifo(fifo)
    result: list[Verdict] = []
    reader = threading.Thread(target=lambda: result.append(verify_trace_file(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=20)
    if reader.is_alive():  # pragma: no cover - the failure: the open blocked
        with open(fifo, "wb"):
            pass
        pytest.fail("verify_trace_file blocked on a FIFO")
    assert (result[0].kind, result[0].rule) == (VerdictKind.MALFORMED, "file")
    assert "FIFO" in result[0].message


@pytest.mark.parametrize("path", ["/dev/null", "/", "no/such/file.json", ""])
def test_paths_that_are_no_regular_file_are_refused(path: str) -> None:
    """A device, a directory, a missing file and an empty path are malformed with rule file, naming the path."""
    if path.startswith("/dev") and not os.path.exists(path):
        pytest.skip("no /dev/null here")
    verdict = verify_trace_file(path)
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "file")


@pytest.mark.parametrize(
    "value",
    [{1, 2}, (1, 2), object(), {1: "a"}, {"format": b"x"}, [1.5], {"a": float("nan")}, {"kind": {"x": 1j}}],
    ids=["set", "tuple", "object", "int-key", "bytes", "float", "nan", "complex"],
)
def test_values_that_are_no_json_get_a_verdict(value: Any) -> None:
    """verify_trace on Python values JSON cannot hold is malformed, never an exception."""
    verdict = verify_trace(value)
    assert verdict.kind is VerdictKind.MALFORMED


def test_a_self_containing_value_gets_a_verdict() -> None:
    """A list that contains itself (no JSON text can) is malformed: nested too deeply."""
    loop: list[Any] = []
    loop.append(loop)
    assert verify_trace(loop).kind is VerdictKind.MALFORMED


def test_parse_keeps_integers_and_refuses_nothing_else_of_a_valid_trace() -> None:
    """The reading rules accept every shipped trace vector's text unchanged."""
    for vector in VECTORS:
        if vector.kind == "trace":
            assert parse_trace_text(json.dumps(vector.input)) == vector.input


def _claimed_gang(seed: int = 7) -> dict[str, Any]:
    from schwinget_spec.deal import Deal  # noqa: PLC0415
    from schwinget_spec.gang import start_gang  # noqa: PLC0415
    from schwinget_spec.match import play_out, random_chooser  # noqa: PLC0415
    from schwinget_spec.players import Player  # noqa: PLC0415
    from schwinget_spec.trace import gang_trace  # noqa: PLC0415

    doc: dict[str, Any] = json.loads(json.dumps(gang_trace(play_out(start_gang(Deal.shuffled(seed), Player.P0), random_chooser(seed)))))
    return doc


@pytest.mark.parametrize(("field", "index"), [("is_over", None), ("pile_size", None), ("tricks", 0), ("tricks", 1), ("hand_sizes", 0), ("hand_sizes", 1)])
def test_a_step_claim_equal_to_the_reference_but_of_another_json_type_is_malformed(field: str, index: int | None) -> None:
    """``0`` for ``false`` or ``true`` for ``1`` in a step claim is malformed (schema rule ``type``), although Python finds them equal."""
    def value(step: dict[str, Any]) -> Any:
        return step[field] if index is None else step[field][index]

    doc, i = next(
        (doc, i)
        for doc in map(_claimed_gang, range(7, 40))
        for i, step in enumerate(doc["gaenge"][0]["claims"]["steps"])
        if value(step) in (0, 1)
    )
    step = doc["gaenge"][0]["claims"]["steps"][i]
    swapped = {True: 1, False: 0}[value(step)] if isinstance(value(step), bool) else bool(value(step))
    if index is None:
        step[field] = swapped
    else:
        step[field][index] = swapped
    where = f"/gaenge/0/claims/steps/{i}/{field}" + ("" if index is None else f"/{index}")
    verdict = verify_trace(doc)
    assert (verdict.kind, verdict.rule, verdict.where) == (VerdictKind.MALFORMED, "type", where)
    assert verify_trace(_claimed_gang()).conforms


def test_the_codes_checked_by_set_are_what_the_schema_patterns_accept() -> None:
    """The verifier checks deal cards and actions by set membership; the sets are exactly the schema's patterns."""
    import itertools  # noqa: PLC0415
    import re  # noqa: PLC0415

    from schwinget_spec.conformance.trace.verify import _ACTION_CODES, _CARD_CODES, load_schema  # noqa: PLC0415

    definitions = load_schema()["definitions"]
    alphabet = "RGBYKALx0123456789 \n"
    strings = ["".join(p) for n in range(4) for p in itertools.product(alphabet, repeat=n)]
    for codes, name in ((_CARD_CODES, "card"), (_ACTION_CODES, "action")):
        pattern = re.compile(definitions[name]["pattern"].replace("$", r"\Z"))
        assert {s for s in strings if pattern.search(s)} == codes, name


@pytest.mark.parametrize("bad", ["G7", "g3", "G3\n", "", 5, None, True, ["G3"], {"G3": 1}])
@pytest.mark.parametrize("where", ["actions/3", "deal/pile/0", "deal/hands/1/4", "deal/face_down/2"])
def test_a_bad_card_or_action_code_gets_the_exact_schema_verdict(bad: Any, where: str) -> None:
    """A card of a deal or an action that is no code is malformed where the full schema says, also with a fault before it."""
    import fastjsonschema  # noqa: PLC0415

    from schwinget_spec.conformance.trace.verify import _exact_validator  # noqa: PLC0415

    for earlier_fault in (False, True):
        doc = _claimed_gang()
        node: Any = doc["gaenge"][0]
        *parts, last = where.split("/")
        for part in parts:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last)] = bad
        if earlier_fault:
            doc["gaenge"][0]["claims"]["start"]["pile_size"] = -1
        with pytest.raises(fastjsonschema.JsonSchemaValueException) as exact:
            _exact_validator()(doc)
        verdict = verify_trace(doc)
        assert verdict.kind is VerdictKind.MALFORMED
        assert (verdict.rule, verdict.where) == (exact.value.rule, "/" + "/".join(exact.value.path[1:]))


_BASE_TEXT = json.dumps(GANG)


@pytest.mark.parametrize(
    "data",
    [
        "\ufeff" + _BASE_TEXT,
        _BASE_TEXT.encode("utf-16"),
        _BASE_TEXT.encode("utf-8") + b"\xff",
        _BASE_TEXT.replace('"gang"', '"\ud800"', 1),
        _BASE_TEXT.replace('"version": 2', '"version": 2.0'),
        _BASE_TEXT.replace('"version": 2', '"version": NaN'),
        _BASE_TEXT[:-1],
        "[" * 100_000 + "]" * 100_000,
        " " * (MAX_TRACE_BYTES + 1),
        5,
    ],
    ids=["bom", "utf16", "not-utf8", "lone-surrogate", "float", "nan", "cut", "deep", "too-long", "not-text"],
)
def test_the_quick_reading_refuses_what_the_exact_reading_refuses(data: Any) -> None:
    """read_trace_quickly gives None for every text parse_trace_text refuses (it leaves naming the fault to it)."""
    from schwinget_spec.conformance.trace.text import TraceTextError, read_trace_quickly  # noqa: PLC0415

    with pytest.raises(TraceTextError):
        parse_trace_text(data)
    assert read_trace_quickly(data) is None


def test_the_quick_reading_gives_the_value_and_the_colons() -> None:
    """read_trace_quickly gives the same value as parse_trace_text and the colons of the text; a duplicate key keeps the last value."""
    from schwinget_spec.conformance.trace.text import read_trace_quickly  # noqa: PLC0415

    for text in (_BASE_TEXT, json.dumps(MATCH), json.dumps(FEST, indent=1)):
        quick = read_trace_quickly(text)
        assert quick is not None
        assert quick == (parse_trace_text(text), text.count(":"))
        assert read_trace_quickly(text.encode("utf-8")) == quick
    assert read_trace_quickly('{"a": 1, "a": 2}') == ({"a": 2}, 2)


# -- parsed documents held to the limits of a text before they are walked (issue 30)


def test_shared_nested_lists_are_refused_at_once() -> None:
    """``x = [x, x]`` 60 deep (2**60 values once expanded) is malformed by the size rule after a walk of its 61 distinct lists."""
    shared: list[Any] = []
    for _ in range(60):
        shared = [shared, shared]
    verdict = verify_trace(shared)
    assert (verdict.kind, verdict.rule) == (VerdictKind.MALFORMED, "size")
    doc = json.loads(json.dumps(GANG))
    doc["description"] = shared
    assert (verify_trace(doc).kind, verify_trace(doc).rule) == (VerdictKind.MALFORMED, "size")


def test_a_dict_holding_itself_is_nested_without_end() -> None:
    """A dict that holds itself is malformed (rule json) at the pointer of the first repetition."""
    doc: dict[str, Any] = json.loads(json.dumps(GANG))
    doc["rules"] = {"inner": doc}
    verdict = verify_trace(doc)
    assert (verdict.kind, verdict.rule, verdict.where) == (VerdictKind.MALFORMED, "json", "/rules/inner")


def test_a_shared_part_that_fits_is_judged_as_its_text() -> None:
    """A Gang shared by reference in a match gets the same verdict as the match written out as text."""
    doc = json.loads(json.dumps(MATCH))
    doc["gaenge"] = [doc["gaenge"][0]] * len(doc["gaenge"])
    parsed, text = verify_trace(doc), verify_trace_text(json.dumps(doc))
    assert (parsed.kind, parsed.rule, parsed.where, parsed.gang) == (text.kind, text.rule, text.where, text.gang)


@pytest.mark.parametrize("where", ["id", "claim"])
def test_an_integer_of_more_than_4300_digits_is_malformed_like_the_text(where: str) -> None:
    """An integer of 5,000 digits (in the id, or in a claim) is malformed with rule json, in the text and in the parsed document alike."""
    doc = json.loads(json.dumps(GANG))
    marker = 987654321987
    if where == "id":
        doc["id"] = marker
        pointer = "/id"
    else:
        doc["gaenge"][0]["claims"]["end"]["tricks"] = [marker, 0]
        pointer = "/gaenge/0/claims/end/tricks/0"
    text = json.dumps(doc).replace(str(marker), "9" * 5000)
    doc = json.loads(json.dumps(doc).replace(str(marker), "1"))
    if where == "id":
        doc["id"] = 10**4999
    else:
        doc["gaenge"][0]["claims"]["end"]["tricks"][0] = 10**4999
    parsed, read = verify_trace(doc), verify_trace_text(text)
    assert (parsed.kind, parsed.rule, parsed.where) == (VerdictKind.MALFORMED, "json", pointer)
    assert (read.kind, read.rule) == (VerdictKind.MALFORMED, "json")


def test_the_gang_limit_is_checked_before_the_walk() -> None:
    """10**5 references to one Gang are refused by the Gang limit (schema rule maxItems at /gaenge) without a walk; 4,097 as the text is."""
    doc = json.loads(json.dumps(MATCH))
    doc["gaenge"] = [doc["gaenge"][0]] * 100_000
    verdict = verify_trace(doc)
    assert (verdict.kind, verdict.rule, verdict.where) == (VerdictKind.MALFORMED, "maxItems", "/gaenge")
    doc["gaenge"] = doc["gaenge"][:4097]
    text = verify_trace_text(json.dumps(doc))
    assert (text.kind, text.rule, text.where, text.message) == (verdict.kind, verdict.rule, verdict.where, verdict.message)


def test_max_gaenge_is_the_schema_limit() -> None:
    """``MAX_GAENGE`` is the schema's ``maxItems`` of ``gaenge``."""
    assert load_schema()["properties"]["gaenge"]["maxItems"] == MAX_GAENGE


def test_a_document_over_the_size_limit_is_malformed_like_its_text() -> None:
    """A parsed document whose JSON text is longer than the limit is malformed by rule size, as the text is."""
    doc = json.loads(json.dumps(GANG))
    doc["description"] = "x" * MAX_TRACE_BYTES
    parsed, read = verify_trace(doc), verify_trace_text(json.dumps(doc))
    assert (parsed.kind, parsed.rule) == (read.kind, read.rule) == (VerdictKind.MALFORMED, "size")


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:2]):
            out += _places(item, (*path, i))
    return out


def _put(doc: Any, path: tuple[Any, ...], value: Any) -> bool:
    parent = doc
    for key in path[:-1]:
        if not isinstance(parent, dict | list) or (isinstance(parent, list) and not isinstance(key, int)):
            return False
        try:
            parent = parent[key]
        except (KeyError, IndexError, TypeError):
            return False
    if isinstance(parent, dict) or (isinstance(parent, list) and isinstance(path[-1], int) and path[-1] < len(parent)):
        parent[path[-1]] = value
        return True
    return False


@settings(max_examples=60, deadline=None)
@given(data=st.data(), value=_JSON, shared=st.booleans())
def test_a_parsed_document_gets_the_verdict_of_its_text(data: st.DataObject, value: Any, shared: bool) -> None:
    """A trace with a value replaced (once, or in two places by one shared object) gets the same verdict parsed as written out."""
    doc = json.loads(json.dumps(MATCH))
    places = _places(doc)
    first = data.draw(st.sampled_from(places))
    second = data.draw(st.sampled_from(places)) if shared else None
    if second is not None:
        _put(doc, second, value)
    assume(_put(doc, first, value))
    try:
        written = json.dumps(doc)
    except ValueError:
        # the shared value was put inside itself: no text gives that document, and the parsed one is malformed
        assert (verify_trace(doc).kind, verify_trace(doc).rule) == (VerdictKind.MALFORMED, "json")
        return
    parsed, text = verify_trace(doc), verify_trace_text(written)
    assert (parsed.kind, parsed.rule, parsed.where, parsed.gang, parsed.step) == (text.kind, text.rule, text.where, text.gang, text.step)
