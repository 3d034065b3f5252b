"""The shipped conformance vectors: each gives its expected verdict, every Gang clause is exercised, every file is read, the generator reproduces them."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.trace.verify import Verdict, VerdictKind, verify_trace
from schwinget_spec.conformance.vectors import (
    SUITE_VERSION,
    UNTRACEABLE_CLAUSES,
    Vector,
    check_vector,
    dumps,
    gang_clause_ids,
    generate_files,
    load_vectors,
    perft,
    reference_perft,
    run_vectors,
    shipped_directory,
    write_vectors,
)
from schwinget_spec.conformance.vectors.skiplist import SkipListError, filter_vectors, parse_skiplist
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Outcome, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.trace import rules_to_json

SUITE = load_vectors()
GANG_SWITCHES = ("special_cards_follow_colour", "void_konter_beats_six", "konter_beats_trump_six", "konter_loses_to_kampfrichter")


@pytest.mark.parametrize("vector", SUITE.vectors, ids=lambda v: v.id)
def test_vector_gives_its_expected_verdict(vector: Vector) -> None:
    """Each shipped vector, run against the reference verifier (or the reference perft), gives exactly its expected result."""
    result = check_vector(vector)
    assert result.passed, f"expected {dict(vector.expected)}, got {dict(result.got)}"


def test_every_vector_file_was_read() -> None:
    """Every JSON file in the vectors directory was opened by the loader, and the suite is not empty."""
    present = sorted(p.name for p in shipped_directory().iterdir() if p.suffix == ".json")
    assert list(SUITE.files_read) == present
    assert len(SUITE.files_read) >= 6
    assert {v.file for v in SUITE} == set(present)


def test_every_gang_clause_is_exercised() -> None:
    """Every clause id of the Gang is named by at least one vector (save the ones no trace can show, each with a reason)."""
    named = {c for v in SUITE for c in v.clauses}
    missing = sorted(set(gang_clause_ids()) - named - set(UNTRACEABLE_CLAUSES))
    assert not missing, f"Gang clauses no vector exercises: {missing}"
    assert set(UNTRACEABLE_CLAUSES) <= set(gang_clause_ids())


def test_every_clause_is_exercised() -> None:
    """Every clause id of the registry, the scoring, match and Schwingfest ones included, is named by a vector."""
    named = {c for v in SUITE for c in v.clauses}
    missing = sorted(set(CLAUSES) - named - set(UNTRACEABLE_CLAUSES))
    assert not missing, f"clauses no vector exercises: {missing}"


def test_schwingfest_vectors_cover_three_and_four_schwinger() -> None:
    """The Schwingfest group holds conforming Schwingfeste of 3 and of 4 Schwinger, and one defect of each kind."""
    fest = [v for v in SUITE if v.group == "schwingfest"]
    sizes = {len(v.input["players"]) for v in fest if v.expected["verdict"] == "conforms"}
    assert sizes == {3, 4}
    assert {v.expected["verdict"] for v in fest} == {"conforms", "illegal_action", "wrong_claim", "malformed"}


def _dense(ranks: list[int]) -> list[int]:
    """``ranks`` as dense ranking gives them: the next rank after a shared one is one lower."""
    shared = sorted(set(ranks))
    return [shared.index(r) + 1 for r in ranks]


@pytest.mark.clause("match.winner")
def test_vectors_separate_shared_from_dense_ranks_under_both_systems() -> None:
    """Under each scoring system and the default readings a conforming Schwingfest vector has ranks that dense ranking gets wrong (1, 1, 3); a trace claiming the dense ranks is a wrong claim of its ranks, while the old shared-rank vector (2, 2, 1) cannot tell the two apart."""
    separating = {}
    for vector in SUITE:
        if vector.group != "schwingfest" or vector.expected["verdict"] != "conforms":
            continue
        if any(vector.input["rules"].get(k, v) != v for k, v in rules_to_json(Rules()).items()):
            continue
        ranks = list(vector.input["claims"]["ranks"])
        if _dense(ranks) != ranks:
            separating[vector.id] = vector
    assert sorted(separating) == [
        "schwingfest.valid.four.001",
        "schwingfest.valid.rank_after_shared.punktewertung.001",
        "schwingfest.valid.rank_after_shared.schwingerwertung.001",
    ]
    assert {v.input["scoring"] for v in separating.values()} == {"punktewertung", "schwingerwertung"}
    for vector in separating.values():
        doc = copy.deepcopy(vector.input.thaw() if hasattr(vector.input, "thaw") else json.loads(json.dumps(vector.input)))
        reference = list(doc["claims"]["ranks"])
        doc["claims"]["ranks"] = _dense(reference)
        verdict = verify_trace(doc).to_json()
        assert (verdict["verdict"], verdict["field"], verdict["reference"]) == ("wrong_claim", "ranks", reference)
    old = next(v for v in SUITE if v.id == "schwingfest.valid.shared_rank.001")
    assert _dense(list(old.input["claims"]["ranks"])) == list(old.input["claims"]["ranks"])


def test_every_outcome_has_a_conforming_game() -> None:
    """Each Outcome is the end claim of at least one conforming Gang vector."""
    outcomes = {
        v.input["gaenge"][0]["claims"]["end"]["outcome"]
        for v in SUITE
        if v.kind == "trace" and v.expected["verdict"] == "conforms" and v.input["kind"] == "gang"
    }
    assert outcomes == {o.value for o in Outcome}


def test_every_reading_of_each_gang_switch_has_a_conforming_game() -> None:
    """Both readings of every rules switch that affects a Gang appear in a conforming vector whose game depends on it."""
    for switch in GANG_SWITCHES:
        for reading in (True, False):
            vid = f"gang.rules.{switch}.{str(reading).lower()}.001"
            vector = SUITE.by_id()[vid]
            assert vector.rules[switch] is reading
            assert vector.expected == {"verdict": "conforms"}
            assert f"gang.rules.{switch}.{str(reading).lower()}.wrong_reading.001" in SUITE.by_id()


def test_ids_are_unique_well_formed_and_versioned() -> None:
    """Ids are unique, dotted lower-case words ending in a three-digit number, and every file carries the suite version."""
    ids = [v.id for v in SUITE]
    assert len(ids) == len(set(ids))
    for vid in ids:
        assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)*\.\d{3}", vid), vid
    for name in SUITE.files_read:
        assert json.loads((shipped_directory() / name).read_text("utf-8"))["suite_version"] == SUITE_VERSION


def test_negative_vectors_name_a_rule_not_a_message() -> None:
    """No expected verdict carries a message text, and each negative one names its place (step, field, path or clause)."""
    for v in SUITE:
        if v.kind != "trace":
            continue
        assert "message" not in v.expected
        kind = v.expected["verdict"]
        if kind == "illegal_action":
            assert {"action", "clause_id"} <= set(v.expected)
        elif kind == "wrong_claim":
            assert {"field", "claimed", "reference"} <= set(v.expected)
        elif kind == "malformed":
            assert "where" in v.expected
            assert "rule" in v.expected or "clause_id" in v.expected


def _without_inserted(vector: Vector) -> dict[str, Any]:
    doc: dict[str, Any] = copy.deepcopy(vector.input)
    assert vector.defect is not None
    index = int(vector.defect["inserted_action"].rsplit("/", 1)[1])
    gang = doc["gaenge"][0]
    del gang["actions"][index]
    steps = gang["claims"]["steps"]
    if index < len(steps):
        assert steps[index] is None
        del steps[index]
    return doc


def _restored(vector: Vector) -> dict[str, Any]:
    doc: dict[str, Any] = copy.deepcopy(vector.input)
    assert vector.defect is not None
    *path, last = vector.defect["pointer"].strip("/").split("/")
    target: Any = doc
    for key in path:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[last] = vector.defect["reference"]
    return doc


@pytest.mark.parametrize("vector", [v for v in SUITE if v.defect is not None], ids=lambda v: v.id)
def test_negative_vector_has_exactly_one_defect(vector: Vector) -> None:
    """Undoing the one recorded defect (removing the inserted action, restoring the claim) gives a conforming trace."""
    repaired = _without_inserted(vector) if "inserted_action" in vector.defect else _restored(vector)  # type: ignore[operator]
    assert vector.expected["verdict"] != "conforms"
    assert verify_trace(repaired).kind is VerdictKind.CONFORMS


def test_every_illegal_and_wrong_claim_vector_records_its_defect() -> None:
    """Every illegal-action and wrong-claim vector says where its defect is, so that it can be checked to be the only one."""
    for v in SUITE:
        if v.kind == "trace" and v.expected["verdict"] in ("illegal_action", "wrong_claim") and v.input["kind"] == "gang":
            assert v.defect is not None, v.id


def test_regenerating_gives_the_shipped_files(tmp_path: Path) -> None:
    """The generator, run again into an empty directory, writes byte for byte the files shipped with the package."""
    written = write_vectors(tmp_path)
    assert sorted(p.name for p in written) == list(SUITE.files_present)
    for path in written:
        assert path.read_bytes() == (shipped_directory() / path.name).read_bytes(), path.name


def test_dumps_is_deterministic_and_ends_with_a_newline() -> None:
    """The suite's JSON writer sorts keys (ids first), keeps short values on one line and ends with a newline."""
    text = dumps({"b": [1, 2], "id": "x", "a": {"z": 1, "y": [True, None]}})
    assert text == '{"id": "x", "a": {"y": [true, null], "z": 1}, "b": [1, 2]}\n'
    assert json.loads(text) == {"b": [1, 2], "id": "x", "a": {"z": 1, "y": [True, None]}}


def _brute_perft(state: GangState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(_brute_perft(state.apply(a), depth - 1) for a in state.legal_actions())


@pytest.mark.clause("gang.turn", "schwung.farbzwang", "angriff.who", "kampfrichter.chooses")
@pytest.mark.parametrize(("seed", "starter"), [(1, 0), (5, 1), (11, 0)])
def test_memoised_perft_equals_plain_enumeration(seed: int, starter: int) -> None:
    """The memoised perft counts the same sequences as plain enumeration of every legal action sequence."""
    state = start_gang(Deal.shuffled(seed), Player(starter))
    for depth in range(5):
        assert perft(state, depth) == _brute_perft(state, depth)


def test_a_wrong_verifier_fails_the_negative_vectors() -> None:
    """A verifier that calls everything conforming fails every negative vector and passes every positive one."""

    def lenient(document: Any) -> Verdict:
        return Verdict(VerdictKind.CONFORMS, "accepted")

    results = run_vectors([v for v in SUITE if v.kind == "trace"], verify=lenient)
    for r in results:
        assert r.passed is (r.vector.expected["verdict"] == "conforms"), r.vector.id


def test_a_wrong_move_counter_fails_the_perft_vectors() -> None:
    """A move counter that is off by one at depth 3 fails every perft vector."""
    def off(position: Any, depth: int) -> int:
        return reference_perft(position, depth) + (depth == 3)

    perfts = [v for v in SUITE if v.kind == "perft"]
    assert perfts
    assert not any(r.passed for r in run_vectors(perfts, count=off))


def test_a_verifier_may_answer_with_verdict_json() -> None:
    """The runner accepts a verifier returning the verdict's JSON object, as a port in another language would."""
    results = run_vectors([v for v in SUITE if v.kind == "trace"], verify=lambda d: verify_trace(d).to_json())
    assert all(r.passed for r in results)


def test_generate_files_names_one_file_per_group() -> None:
    """The generator names one file per group, and each file's group matches its name."""
    files = generate_files()
    for name, text in files.items():
        assert json.loads(text)["group"].replace(".", "-") + ".json" == name


def test_a_switch_entry_skips_only_the_vectors_depending_on_it_and_runs_the_others_under_a_played_value() -> None:
    """An engine that plays only ``fest_starter="alternate"`` skips the vectors whose result depends on the switch; every other vector runs, its rules (and its trace's) set to ``"alternate"``, and passes."""
    skiplist = parse_skiplist({
        "format": "schwinget-skiplist", "version": 1, "implementation": "alternate only",
        "skip": [
            {"switch": "fest_starter", "value": "loser_of_first_meeting", "reason": "plays alternate only"},
            {"switch": "fest_starter", "value": "younger", "reason": "plays alternate only"},
        ],
    })
    run, skipped = filter_vectors(SUITE, skiplist)
    assert {v.id for v, _ in skipped} == {
        v.id for v in SUITE if v.depends_on is not None and "fest_starter" in v.depends_on and v.rules.get("fest_starter") != "alternate"
    }
    assert "schwingfest.valid.three.001" in {v.id for v, _ in skipped}
    assert "schwingfest.valid.alternate.001" in {v.id for v in run}
    assert "gang.valid.outcome.sieg_mit_angriff.001" not in {v.id for v, _ in skipped}
    traces = [v for v in run if v.kind == "trace" and isinstance(v.input, dict) and "fest_starter" in v.input.get("rules", {})]
    assert traces
    assert all(v.rules["fest_starter"] == v.input["rules"]["fest_starter"] == "alternate" for v in traces)
    assert all(r.passed for r in run_vectors(run))
    unchanged = [v for v in SUITE if v.id == "gang.valid.outcome.sieg_mit_angriff.001"]
    assert unchanged[0].rules["fest_starter"] == "loser_of_first_meeting"


def test_skiplist_filters_by_id_prefix_and_switch() -> None:
    """A skip list drops the vectors it names by id, by id prefix and by a rules switch's value, and says why."""
    skiplist = parse_skiplist({
        "format": "schwinget-skiplist", "version": 1, "implementation": "example",
        "skip": [
            {"id": "perft.", "reason": "no move counter"},
            {"id": "malformed.schema.version.001", "reason": "our parser reads any version", "link": "https://example.invalid/1"},
            {"switch": "special_cards_follow_colour", "value": True, "reason": "only the default reading"},
        ],
    })
    run, skipped = filter_vectors(SUITE, skiplist)
    skipped_ids = {v.id for v, _ in skipped}
    assert all(v.kind == "perft" for v in SUITE if v.id.startswith("perft.") and v.id in skipped_ids)
    assert "malformed.schema.version.001" in skipped_ids
    assert "gang.rules.special_cards_follow_colour.true.001" in skipped_ids
    assert "gang.rules.special_cards_follow_colour.false.001" not in skipped_ids
    assert len(run) + len(skipped) == len(SUITE)
    assert all(entry.reason for _, entry in skipped)
    assert filter_vectors(SUITE, None) == (list(SUITE), [])


@pytest.mark.parametrize(
    ("document", "where"),
    [
        ([], "(root)"),
        ({"format": "other", "version": 1, "implementation": "x"}, "/format"),
        ({"format": "schwinget-skiplist", "version": 2, "implementation": "x"}, "/version"),
        ({"format": "schwinget-skiplist", "version": 1}, "implementation"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x", "skip": [{"id": "a.001"}]}, "/skip/0"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x", "skip": [{"id": "a.001", "reason": " "}]}, "/skip/0/reason"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x",
          "skip": [{"id": "a.001", "switch": "void_konter_beats_six", "value": True, "reason": "r"}]}, "/skip/0"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x",
          "skip": [{"switch": "no_such_switch", "value": True, "reason": "r"}]}, "/skip/0/switch"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x",
          "skip": [{"switch": "void_konter_beats_six", "value": "yes", "reason": "r"}]}, "/skip/0/value"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x",
          "skip": [{"switch": "void_konter_beats_six", "reason": "r"}]}, "/skip/0"),
        ({"format": "schwinget-skiplist", "version": 1, "implementation": "x", "skip": [{"id": "a", "reason": "r", "why": 1}]}, "/skip/0"),
    ],
)
def test_skiplist_refuses_a_malformed_list_naming_where(document: Any, where: str) -> None:
    """A skip list without a reason, with both an id and a switch, an unknown switch or a wrong value is refused, naming the place."""
    with pytest.raises(SkipListError, match=re.escape(where)):
        parse_skiplist(document)


def test_reference_rules_defaults_are_the_default_vectors() -> None:
    """Vectors of the valid group play under the default rules, so an implementation of the defaults alone can run them."""
    defaults = rules_to_json(Rules())
    for v in SUITE:
        if v.id.startswith("gang.valid."):
            assert v.rules == defaults, v.id


def test_python_dash_m_conformance_checks_without_warnings() -> None:
    """``python -m schwinget_spec.conformance --check`` (as docs/vectors.md says) runs the suite with no runpy warning."""
    run = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-m", "schwinget_spec.conformance", "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().endswith(f"{len(load_vectors().vectors)}/{len(load_vectors().vectors)} vectors pass")
    assert run.stderr == ""
