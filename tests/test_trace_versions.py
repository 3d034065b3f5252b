"""The trace format's versions: version 2 writes every seat "P0"/"P1", a match's winner too; version 1 (a winner 0/1, fest_starter "alternate" when left out) is still read, with a deprecation note."""

from __future__ import annotations

import copy
import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.conformance.trace.verify import (
    READ_VERSIONS,
    VERSION_1_DEFAULTS,
    Verdict,
    VerdictKind,
    load_schema,
    rules_from_json,
    verify_trace,
    verify_trace_file,
    verify_trace_text,
)
from schwinget_spec.deal import Deal
from schwinget_spec.match import MatchLength, play_out, random_chooser, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trace import TRACE_VERSION, match_trace, schwingfest_trace


def _match_doc(seed: int) -> dict[str, Any]:
    match = start_match(ScoringSystem.PUNKTEWERTUNG, MatchLength.SHORT, Player.P0)
    states = []
    for k in range(4):
        state = play_out(match.start_next_gang(Deal.shuffled(seed + k)), random_chooser(seed + k))
        match = match.apply_gang(state)
        states.append(state)
    doc: dict[str, Any] = json.loads(json.dumps(match_trace(match, states, trace_id="m")))
    return doc


@pytest.fixture(scope="module")
def won() -> dict[str, Any]:
    """A short match's trace, version 2, that P1 wins (seed 1)."""
    doc = _match_doc(1)
    assert doc["claims"]["winner"] == "P1"
    return doc


def _version_1(doc: dict[str, Any]) -> dict[str, Any]:
    old = copy.deepcopy(doc)
    old["version"] = 1
    winner = old["claims"]["winner"]
    old["claims"]["winner"] = None if winner is None else int(winner[1])
    return old


def _quietly(verify: Any, value: Any) -> Verdict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        verdict: Verdict = verify(value)
    return verdict


@pytest.mark.clause("match.winner")
def test_a_match_trace_writes_its_winner_as_a_seat(won: dict[str, Any]) -> None:
    """The reference writes version 2 and the match's winner "P1", as the protocol's ``match_result`` and a Gang's claims spell a seat; it conforms with no note."""
    assert (TRACE_VERSION, READ_VERSIONS) == (2, (1, 2))
    assert (won["version"], won["claims"]["winner"], won["younger"]) == (2, "P1", "P0")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        verdict = verify_trace(won)
    assert (verdict.kind, verdict.deprecation) == (VerdictKind.CONFORMS, None)
    assert "deprecation" not in verdict.to_json()


@pytest.mark.clause("match.winner")
def test_a_version_1_match_trace_conforms_with_a_deprecation_note(won: dict[str, Any], tmp_path: Path) -> None:
    """A version 1 trace with the winner 1 conforms by every entry point; the verdict carries the note and the Python API warns."""
    old = _version_1(won)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    for verify, value in ((verify_trace, old), (verify_trace_text, json.dumps(old)), (verify_trace_file, path)):
        with pytest.warns(DeprecationWarning, match="version 1") as caught:
            verdict = verify(value)
        assert len(caught) == 1
        assert caught[0].filename == __file__
        assert verdict.kind is VerdictKind.CONFORMS
        assert verdict.deprecation is not None
        assert '"P0" or "P1"' in verdict.deprecation
        assert verdict.to_json()["deprecation"] == verdict.deprecation


def test_schwinget_verify_shows_the_note_and_passes_a_version_1_trace(won: dict[str, Any], tmp_path: Path) -> None:
    """``schwinget verify`` on a version 1 trace exits 0, prints the note under the verdict, and ``--json`` carries it as ``deprecation``."""
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_version_1(won)), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        people = CliRunner().invoke(cli, ["verify", str(path)], env={"COLUMNS": "200"})
        machine = CliRunner().invoke(cli, ["verify", "--json", str(path)])
    assert people.exit_code == 0, people.output
    assert people.output.splitlines()[:2] == [f"{path}: conforms", f"  note: {_quietly(verify_trace, _version_1(won)).deprecation}"]
    assert machine.exit_code == 0
    entry = json.loads(machine.output)[0]
    assert (entry["verdict"], entry["deprecation"]) == ("conforms", _quietly(verify_trace, _version_1(won)).deprecation)


@pytest.mark.clause("match.winner")
def test_a_version_1_trace_keeps_its_wrong_claims_and_its_note(won: dict[str, Any]) -> None:
    """A version 1 trace claiming the other winner (0) is a wrong claim against the reference's 1, and still carries the note."""
    old = _version_1(won)
    old["claims"]["winner"] = 0
    verdict = _quietly(verify_trace, old)
    assert (verdict.kind, verdict.where, verdict.claimed, verdict.reference) == (VerdictKind.WRONG_CLAIM, "/claims/winner", 0, 1)
    assert verdict.deprecation is not None


@pytest.mark.parametrize(
    ("version", "winner", "allowed"),
    [(2, 1, "['P0', 'P1', None]"), (2, 0, "['P0', 'P1', None]"), (1, "P1", "integer or null"), (2, "p1", "['P0', 'P1', None]")],
)
def test_a_winner_in_the_other_version_s_spelling_is_malformed(won: dict[str, Any], version: int, winner: Any, allowed: str) -> None:
    """A version 2 trace with a winner 0/1, or a version 1 trace with "P1": malformed at ``/claims/winner``, by the schema."""
    doc = copy.deepcopy(won)
    doc["version"] = version
    doc["claims"]["winner"] = winner
    for verdict in (_quietly(verify_trace, doc), _quietly(verify_trace_text, json.dumps(doc))):
        assert (verdict.kind, verdict.where) == (VerdictKind.MALFORMED, "/claims/winner")
        assert allowed in verdict.message


def test_a_version_the_verifier_does_not_read_is_malformed(won: dict[str, Any]) -> None:
    """Version 3 (and 0) is malformed at ``/version`` by the schema's enum of the versions read."""
    for version in (0, 3):
        verdict = verify_trace({**won, "version": version})
        assert (verdict.kind, verdict.where, verdict.rule, verdict.deprecation) == (VerdictKind.MALFORMED, "/version", "enum", None)
    assert load_schema()["properties"]["version"] == {"enum": list(READ_VERSIONS)}


def test_a_version_that_is_a_boolean_is_malformed_not_version_1(won: dict[str, Any]) -> None:
    """``"version": true`` equals 1 in Python but is no version: malformed at ``/version``, with no deprecation note."""
    for version in (True, False, 1.0):
        verdict = verify_trace({**won, "version": version})
        assert (verdict.kind, verdict.where, verdict.deprecation) == (VerdictKind.MALFORMED, "/version", None)


@pytest.mark.clause("fest.twice_each")
def test_a_schwingfest_winner_stays_a_schwinger_s_number() -> None:
    """A Schwingfest's winner is a Schwinger (an index of ``players``), no seat: a number in version 2 as in 1, and "P0" is malformed."""
    fest = start_schwingfest(["A", "B", "C"], ScoringSystem.PUNKTEWERTUNG)
    states = []
    for k, meeting in enumerate(m for r in fest.schedule.rounds for m in r):
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(40 + k)), random_chooser(40 + k))
        fest = fest.apply_gang(meeting, state)
        states.append(state)
    doc = json.loads(json.dumps(schwingfest_trace(fest, states)))
    assert doc["version"] == 2
    assert doc["claims"]["winner"] in (0, 1, 2, None)
    assert all(g["starter"] in ("P0", "P1") for g in doc["gaenge"])
    assert verify_trace(doc).kind is VerdictKind.CONFORMS
    doc["claims"]["winner"] = "P0"
    verdict = verify_trace(doc)
    assert (verdict.kind, verdict.where) == (VerdictKind.MALFORMED, "/claims/winner")


def _fest_doc(starter: str) -> dict[str, Any]:
    fest = start_schwingfest(["A", "B", "C"], ScoringSystem.PUNKTEWERTUNG, rules=Rules(fest_starter=starter))  # type: ignore[arg-type]
    states = []
    for k, meeting in enumerate(m for r in fest.schedule.rounds for m in r):
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(60 + k)), random_chooser(60 + k))
        fest = fest.apply_gang(meeting, state)
        states.append(state)
    doc: dict[str, Any] = json.loads(json.dumps(schwingfest_trace(fest, states)))
    del doc["rules"]["fest_starter"]
    return doc


@pytest.mark.clause("match.loser_starts", "fest.twice_each")
def test_a_version_1_trace_leaving_out_fest_starter_is_read_under_the_default_it_was_written_under() -> None:
    """A version 1 Schwingfest trace without ``fest_starter`` is read under ``"alternate"``, version 1's default; a version 2 trace without it under ``"loser_of_first_meeting"``, the default now."""
    assert VERSION_1_DEFAULTS == {"fest_starter": "alternate"}
    assert rules_from_json({}, version=1) == Rules(fest_starter="alternate")
    assert rules_from_json({"fest_starter": "younger"}, version=1) == Rules(fest_starter="younger")
    assert rules_from_json({}) == Rules() == Rules(fest_starter="loser_of_first_meeting")
    old = {**_fest_doc("alternate"), "version": 1}
    assert _quietly(verify_trace, old).kind is VerdictKind.CONFORMS
    wrong = verify_trace({**old, "version": 2})
    assert (wrong.kind, wrong.clause_id) == (VerdictKind.ILLEGAL_ACTION, "match.loser_starts")
    new = _fest_doc("loser_of_first_meeting")
    assert verify_trace(new).kind is VerdictKind.CONFORMS
    assert _quietly(verify_trace, {**new, "version": 1}).kind is VerdictKind.ILLEGAL_ACTION
