"""Skips and readings in a harness run: skipped vectors are listed with their reasons and counted as vectors and Gänge, stale skips are reported, and --all-readings reports per reading."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from unittest import mock

from click.testing import CliRunner

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card
from schwinget_spec.cli import cli
from schwinget_spec.conformance.harness.games import select_vectors
from schwinget_spec.conformance.harness.run import check_adapter, format_report, readings_of, run_harness
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.conformance.vectors.skiplist import parse_skiplist
from schwinget_spec.gang import GangState
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.testing import ReferenceAdapter
from schwinget_spec.trick import SchwungOutcome, resolve_schwung

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "examples" / "js" / "schwinget.js"
NODE = shutil.which("node") or "node"


def _skiplist(*entries: dict[str, object]) -> object:
    return parse_skiplist({"format": "schwinget-skiplist", "version": 1, "implementation": "test", "skip": list(entries)})


def test_vectors_and_gaenge_are_counted_apart() -> None:
    """The shipped suite's playable vectors hold more Gänge than vectors; the others are counted, not dropped silently."""
    selection = select_vectors()
    assert len(selection.games) > selection.vectors > 0
    assert selection.vectors + selection.other == selection.total
    assert len({g.vector for g in selection.games}) == selection.vectors


def test_undeclared_switches_skip_vectors_with_a_reason() -> None:
    """An engine that declares no switch skips every vector that sets one, each listed with the switch it needs."""
    selection = select_vectors(switches=())
    assert selection.skipped
    for skipped in selection.skipped:
        assert not skipped.by_skiplist
        assert "not declared, played at" in skipped.reason
        assert skipped.gaenge >= 1
    report = check_adapter(ReferenceAdapter(), games=0, steer=0, switches=())
    assert report.passed
    text = format_report(report)
    assert f"skipped: {len(selection.skipped)} vectors" in text
    assert all(s.id in text for s in selection.skipped)
    data = report.to_json()
    assert data["skipped_vectors"] == len(selection.skipped)
    assert {s["by"] for s in data["skipped"]} == {"undeclared_switch"}


def test_a_skip_list_entry_is_listed_and_a_passing_one_is_stale() -> None:
    """A vector the skip list names is not played, is listed with its reason and link, and, since the reference passes it, is a stale skip."""
    first = select_vectors().games[0].vector
    assert first is not None
    skiplist = _skiplist({"id": first, "reason": "not yet", "link": "https://example.invalid/1"})
    report = check_adapter(ReferenceAdapter(), games=0, steer=0, skiplist=skiplist)  # type: ignore[arg-type]
    assert report.passed
    assert [s.id for s in report.skipped] == [first]
    assert report.skipped[0].by_skiplist
    assert report.stale_skips == (first,)
    text = format_report(report)
    assert f"{first} [1 Gänge]: not yet (https://example.invalid/1)" in text
    assert "stale skips: 1" in text
    assert report.vectors_played == select_vectors().vectors - 1


def _konter_ignores_trump_six_switch(
    leader: Player, led: Card, answer: Card, trump: object, rules: Rules, *, is_last: bool, answer_was_void: bool
) -> SchwungOutcome:
    return resolve_schwung(
        leader, led, answer, trump, Rules(void_konter_beats_six=rules.void_konter_beats_six),  # type: ignore[arg-type]
        is_last=is_last, answer_was_void=answer_was_void,
    )


class _IgnoresKonterTrumpSix(ReferenceAdapter):
    """Declares konter_beats_trump_six but always plays its default."""

    def apply(self, state: GangState, action: str) -> GangState:
        with mock.patch.object(gang_module, "resolve_schwung", _konter_ignores_trump_six_switch):
            return state.apply(action)


def test_readings_are_every_combination_of_the_declared_gang_switches() -> None:
    """Two declared switches give four readings, the default first; none gives the default alone."""
    assert readings_of(()) == [Rules()]
    four = readings_of(("konter_beats_trump_six", "void_konter_beats_six", "not_a_switch"))
    assert len(four) == 4
    assert four[0] == Rules()
    assert len(set(four)) == 4
    assert len(readings_of(GANG_SWITCHES)) == 2 ** len(GANG_SWITCHES)


def test_all_readings_report_per_reading() -> None:
    """An engine that ignores one switch passes under its default reading (its verdict names that reading) and diverges under the other, and the report says which."""
    report = check_adapter(
        _IgnoresKonterTrumpSix(), games=4, steer=2, seed=0, switches=("konter_beats_trump_six",), all_readings=True,
        shrink=False,
    )
    assert not report.passed
    assert [r.reading for r in report.readings] == [(("konter_beats_trump_six", True),), (("konter_beats_trump_six", False),)]
    assert report.readings[0].report.passed
    failing = report.readings[1].report.divergence
    assert failing is not None
    assert failing.rules.konter_beats_trump_six is False
    text = format_report(report)
    assert "default rules: passed" in text
    assert "konter_beats_trump_six=false: DIVERGES" in text
    assert "diverges under 1 of 2 readings" in text
    data = json.loads(json.dumps(report.to_json()))
    assert [r["passed"] for r in data["readings"]] == [True, False]
    # each reading's verdict names its reading: the pass under the default says so
    assert data["readings"][0]["verdict"].startswith("PASSED under readings defaults (Rules()): gang")
    coverage = report.coverage
    assert coverage is not None
    subs = [r.report.coverage for r in report.readings]
    assert all(c is not None for c in subs)
    assert dict(coverage.clauses)["deal.hands"] == sum(dict(c.clauses)["deal.hands"] for c in subs if c is not None)
    assert dict(coverage.clauses)["deal.hands"] > 0


def test_cli_run_takes_a_skip_list_and_is_quiet_when_piped(tmp_path: Path) -> None:
    """conformance run --skip reads the skip list, piped no progress bar reaches the output, and a bad skip list is a usage error."""
    skip = tmp_path / "skip.json"
    skip.write_text(json.dumps({
        "format": "schwinget-skiplist", "version": 1, "implementation": "js",
        "skip": [{"id": "gang.", "reason": "not yet"}],
    }))
    runner = CliRunner()
    result = runner.invoke(
        cli, ["conformance", "run", "--no-vectors", "--games", "1", "--steer", "0", "--skip", str(skip), "--", NODE, str(JS)],
    )
    assert result.exit_code == 0, result.output
    assert "not reached: " in result.output
    assert "━" not in result.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "nope"}))
    refused = runner.invoke(cli, ["conformance", "run", "--skip", str(bad), "--", NODE, str(JS)])
    assert refused.exit_code == 2
    assert "--skip" in refused.output


def test_the_levels_coverage_is_counted() -> None:
    """Against the JavaScript engine, which plays every level, the coverage counts the scoring, match and Schwingfest clauses too."""
    report = run_harness([NODE, str(JS)], games=1, steer=0, vectors=False)
    coverage = report.coverage
    assert coverage is not None
    assert set(coverage.counted) == {"gang", "scoring", "match", "schwingfest"}
    counts = dict(coverage.clauses)
    assert counts["table.columns"] > 0
    assert counts["match.loser_starts"] > 0
    assert counts["fest.twice_each"] > 0
    assert not any(c.startswith(("match.", "table.", "scoring.", "fest.")) for c in coverage.unreached_clauses)


def test_a_skipped_match_vector_is_not_called_stale_by_its_gaenge_alone() -> None:
    """A match vector expects more than its Gänge: skipped, it is listed, but passing its Gänge does not make the skip stale."""
    skiplist = _skiplist({"id": "match.", "reason": "no matches"})
    report = check_adapter(ReferenceAdapter(), games=0, steer=0, skiplist=skiplist)  # type: ignore[arg-type]
    assert report.skipped
    assert all(s.id.startswith("match.") for s in report.skipped)
    assert report.stale_skips == ()
