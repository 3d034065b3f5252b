"""Hostile inputs at the edges: run files of every wrong type, enormous counts and numbers, each refused with a library error or exit 2 naming what is wrong."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schwinget_spec.cli import bounds, cli
from schwinget_spec.conformance.mutants.kill import run_mutant
from schwinget_spec.conformance.mutants.registry import get_mutant
from schwinget_spec.conformance.reports import (
    ReportFileError,
    html_page,
    junit_xml,
    load_report,
    markdown_page,
    summarise_readings,
)
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Angriff, GangResult, Outcome
from schwinget_spec.match import MAX_SEEDS, MatchLength, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.studies import impact, impact_match, simulate

# -- conformance report: run files of the wrong shape


@pytest.fixture(scope="module")
def run_file() -> dict[str, Any]:
    """The JSON report of a failing run (a mutant engine, in process), with a reading column, as a run file holds it."""
    _, report = run_mutant(get_mutant("konter-beats-trump-five"), in_process=True, games=0)
    data: dict[str, Any] = json.loads(json.dumps(report.to_json()))
    data["vector_results"] = data["vector_results"][:4]
    data["readings"] = [{**json.loads(json.dumps(data)), "reading": {"konter_beats_trump_six": False}}]
    data["readings"][0].pop("readings", None)
    return data


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            out += _paths(item, (*path, i))
    return out


_SWAPS = ("x", "", 0, -1, 7, True, False, None, 1.5, [], [1], ["x"], {}, {"a": 1}, "\ud800", "\x1b]0;x\x07", 10**40)


def _swapped(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    if not path:
        return value
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def _swapped_file(run_file: dict[str, Any], tmp_path: Path, data: st.DataObject) -> Path:
    path = data.draw(st.sampled_from(_paths(run_file)))
    swapped = _swapped(run_file, path, data.draw(st.sampled_from(_SWAPS)))
    source = tmp_path / "run.json"
    source.write_text(json.dumps(swapped), encoding="utf-8")
    return source


_HOSTILE = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@settings(_HOSTILE, max_examples=400)
@given(data=st.data())
def test_type_swapped_run_files_are_read_or_refused(run_file: dict[str, Any], tmp_path: Path, data: st.DataObject) -> None:
    """400 run files, each with one value swapped for one of another type: each is refused naming the file, or read into its columns."""
    source = _swapped_file(run_file, tmp_path, data)
    refused: ReportFileError | None = None
    try:
        loaded = load_report(source)
    except ReportFileError as exc:
        refused = exc
    if refused is not None:
        assert str(refused).startswith(f"{source}: ")
    else:
        assert summarise_readings(loaded)


@settings(_HOSTILE, max_examples=60)
@given(data=st.data())
def test_type_swapped_run_files_make_whole_pages(run_file: dict[str, Any], tmp_path: Path, data: st.DataObject) -> None:
    """A type-swapped run file that is read makes an HTML page, a markdown page and JUnit XML that all encode as UTF-8."""
    source = _swapped_file(run_file, tmp_path, data)
    try:
        summaries = summarise_readings(load_report(source))
    except ReportFileError:
        return
    html_page(summaries).encode("utf-8")
    markdown_page(summaries).encode("utf-8")
    junit_xml(summaries).encode("utf-8")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"implementation": "x", "passed": true, "command": true}', "/command: must be array"),
        ('{"implementation": "x", "passed": true, "vectors_played": "x"}', "/vectors_played: must be integer"),
        ('{"implementation": "x", "passed": true, "coverage": {"clauses": {"deal.shuffle": "x"}}}',
         "/coverage/clauses/deal.shuffle: must be integer"),
        ('{"implementation": "x", "passed": true, "divergence": {"clause_id": "no.such"}}',
         "/divergence/clause_id: must be a clause id of the booklet (schwinget clauses) or null"),
        ('{"implementation": "x", "passed": true, "readings": [{"implementation": "x", "passed": 1, "reading": {}}]}',
         "/readings/0/passed: must be boolean"),
        ('{"implementation": "x", "passed": true, "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "is not JSON: nested too deeply"),
        ('{"implementation": "x", "passed": true, "x": ' + "[" * 70 + "]" * 70 + "}", "/x/0/0/0"),
    ],
)
def test_report_command_names_the_file_and_the_json_path(tmp_path: Path, text: str, message: str) -> None:
    """``conformance report`` on a run file of the wrong shape exits 2 naming the file and the JSON pointer of the fault."""
    source = tmp_path / "run.json"
    source.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["conformance", "report", str(source), "-o", str(tmp_path / "page.html")])
    assert result.exit_code == 2
    assert f"{source}: {message}" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "page.html").exists()


# -- results no Gang can give, recorded by a scorekeeper


def _result(**change: Any) -> GangResult:
    base = GangResult(tricks=(6, 5), schwuenge=11, angriff=None, plattwurf=None, winner=Player.P0, outcome=Outcome.SIEG_OHNE_ANGRIFF)
    return attrs.evolve(base, **change)


@pytest.mark.clause("gang.end_no_angriff", "trick.winner_takes", "angriff.not_empty_pile")
@pytest.mark.parametrize(
    ("result", "field", "clause"),
    [
        (_result(tricks=(100, 0)), "result.tricks", "gang.end_no_angriff"),
        (_result(tricks=(10**5000, 0)), "result.tricks", "gang.end_no_angriff"),
        (_result(schwuenge=12), "result.schwuenge", "gang.end_no_angriff"),
        (_result(tricks=(7, 5)), "result.tricks", "trick.winner_takes"),
        (_result(tricks=(6, 0), schwuenge=11, angriff=Angriff(Player.P0, 6), outcome=Outcome.SIEG_MIT_ANGRIFF),
         "result.angriff.after_schwung", "angriff.not_empty_pile"),
        (_result(angriff=Angriff(Player.P0, 10**5000), outcome=Outcome.SIEG_MIT_ANGRIFF),
         "result.angriff.after_schwung", "angriff.not_empty_pile"),
    ],
)
def test_a_result_no_gang_gives_is_refused_naming_the_clause(result: GangResult, field: str, clause: str) -> None:
    """A match and a Schwingfest refuse a result whose counts no Gang reaches, naming the field and the clause, and stay as they were."""
    match = start_match(ScoringSystem.SCHWINGERWERTUNG, MatchLength.SHORT, Player.P0)
    fest = start_schwingfest(("A", "B", "C"), ScoringSystem.SCHWINGERWERTUNG)
    for record in (lambda: match.apply_result(result), lambda: fest.apply_result(fest.schedule.meetings[0], result)):
        with pytest.raises(InvalidArgumentError) as info:
            record()
        assert (info.value.parameter, info.value.clause_id) == (field, clause)
        assert len(str(info.value)) < 400
    assert match.gaenge == ()
    assert fest.fought == ()


def test_rules_with_an_unknown_switch_names_it() -> None:
    """``Rules(bogus=1)`` and ``attrs.evolve(rules, bogus=1)`` raise InvalidArgumentError naming ``bogus``, also a TypeError."""
    for make in (lambda: Rules(bogus=1), lambda: attrs.evolve(Rules(), bogus=1)):  # type: ignore[call-arg]
        with pytest.raises(InvalidArgumentError) as info:
            make()
        assert info.value.parameter == "bogus"
        assert isinstance(info.value, TypeError)


# -- bounds on requested work


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["simulate", "--matches", "1", "--workers", "1000000"], "--workers"),
        (["simulate", "--matches", str(10**30)], "--matches"),
        (["impact", "--games", str(10**30)], "--games"),
        (["prove", "--jobs", "100000"], "--jobs"),
        (["conformance", "run", "--games", str(10**30), "--", "engine"], "--games"),
        (["conformance", "run", "--games", "-1", "--", "engine"], "--games"),
        (["conformance", "run", "--seed", str(2**64), "--", "engine"], "--seed"),
        (["conformance", "run", "--steer", "100000", "--", "engine"], "--steer"),
        (["conformance", "mutants", "--games", str(10**30)], "--games"),
        (["conformance", "mutants", "--seed", "-1"], "--seed"),
    ],
)
def test_every_count_beyond_its_bound_is_a_usage_error(args: list[str], option: str) -> None:
    """A count, seed or process number beyond its documented bound is refused before any work: exit 2 naming the option."""
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.output


def test_the_command_bounds_are_the_library_bounds() -> None:
    """The bounds the commands check are those of the library they call."""
    assert bounds.MAX_MATCHES == MAX_SEEDS
    assert bounds.MAX_GAMES == impact.MAX_GAMES
    assert bounds.WORKERS_PER_CORE == simulate.WORKERS_PER_CORE
    assert bounds.max_processes() == simulate.max_workers() == simulate.WORKERS_PER_CORE * (os.cpu_count() or 1)


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: simulate.simulate(simulate.Setup(("random", "random"), 1), workers=10**6), "workers"),
        (lambda: simulate.Setup(("random", "random"), 10**30), "matches"),
        (lambda: impact.measure(10**30), "games"),
        (lambda: impact.total_gaenge(10**30), "games"),
        (lambda: impact_match.measure_starters(10**30), "games"),
        (lambda: impact_match.measure_situations(10**30), "games"),
    ],
)
def test_the_library_refuses_work_beyond_its_bounds(call: Any, parameter: str) -> None:
    """Asking the library for more matches, Gänge or workers than its bounds is InvalidArgumentError naming the parameter."""
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert info.value.parameter == parameter


def test_the_bounds_table_of_the_cli_page_is_the_program_s() -> None:
    """docs/cli.md lists the bounds of cli/bounds.py, with their values."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    table = page.split("<!-- bounds:", 1)[1].split("\n\n", 1)[0]
    assert f"| {bounds.WORKERS_PER_CORE} per core of the machine" in table
    assert f"| `simulate --matches` | {bounds.MAX_MATCHES:,} |" in table
    assert f"`conformance mutants --games` | {bounds.MAX_GAMES:,} |" in table
    assert f"| `conformance run --steer` | {bounds.MAX_STEER:,} |" in table
    assert f"| every `--seed` | 0 to {bounds.MAX_SEED:,} (2**64 - 1) |" in table


# -- the bulk play's results: indices and packed bytes


@pytest.mark.parametrize("index", [3, -1, -4, "0", True, False, 10**30, 10**5000, 1.0, None, b"\x00"], ids=[str(i) for i in range(11)])
def test_a_bulk_result_is_read_only_at_an_index_it_holds(index: object) -> None:
    """BulkResult.result refuses an index past the Gänge played, negative, a bool, a str, a float, None or an enormous int with InvalidArgumentError naming i (a negative one once read from the end)."""
    from schwinget_spec.twin import play  # noqa: PLC0415

    played = play.play_random(3, results=True)
    assert played.gaenge == 3
    assert played.result(2) == play.decode_result(played.codes()[2])
    with pytest.raises(InvalidArgumentError) as caught:
        played.result(index)  # type: ignore[arg-type]
    assert caught.value.parameter == "i"


@pytest.mark.parametrize(("fields", "parameter"), [
    (("twin", {}, b"abc"), "packed"), (("twin", {}, "abcd"), "packed"), (("twin", {}, [1, 2, 3, 4]), "packed"),
    (("twin", {}, bytearray(4)), "packed"), (("x", {}), "engine"), (("twin", 5), "counts"),
    (("twin", {"gaenge": "1"}), "counts"),
])
def test_a_bulk_result_built_by_hand_is_checked(fields: tuple[object, ...], parameter: str) -> None:
    """A BulkResult built with packed bytes of no whole number of results, a str or list as packed, an unknown engine or counts that are no mapping of ints is refused naming the field, not accepted to fail later."""
    from schwinget_spec.twin import play  # noqa: PLC0415

    with pytest.raises(InvalidArgumentError) as caught:
        play.BulkResult(*fields)  # type: ignore[arg-type]
    assert caught.value.parameter == parameter
    with pytest.raises(InvalidArgumentError, match=r"^i: no results"):
        play.BulkResult("twin", {}).result(0)
