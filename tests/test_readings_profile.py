"""The reading profile: the values of each switch an engine that declares nothing plays, found by steered games, and the reading that explains a divergence."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from schwinget_spec.cli import bounds, cli
from schwinget_spec.conformance.harness.readings_profile import (
    MAX_PROFILE_STEER,
    PROFILE_LEVELS,
    Explanation,
    ReadingServer,
    explain_divergence,
    explanation_lines,
    format_profile,
    loopback,
    profile_engine,
    reading_explaining,
    switch_values,
)
from schwinget_spec.conformance.harness.steering import steered_games
from schwinget_spec.conformance.harness.steering_levels import steered_levels
from schwinget_spec.conformance.mutants.engines import (
    ENGINES,
    AnsweredKonterLosesToSix,
    FestTiebreakIgnored,
    TieOlderStarts,
)
from schwinget_spec.conformance.protocol.engine_session import EngineSession
from schwinget_spec.conformance.protocol.messages import (
    FEST_SWITCHES,
    GANG_SWITCHES,
    MATCH_SWITCHES,
    SCORING_SWITCHES,
)
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.rules import Rules

_GANG_COMBINATIONS = [dict(zip(GANG_SWITCHES, values, strict=True)) for values in itertools.product((False, True), repeat=len(GANG_SWITCHES))]
_LEVEL_READINGS = [
    (level, name, value)
    for level, names in (("match", (*SCORING_SWITCHES, *MATCH_SWITCHES)), ("schwingfest", FEST_SWITCHES))
    for name in names
    for value in switch_values(name)
]


def _profile_of(  # type: ignore[no-untyped-def]
    rules: Rules, *, levels: tuple[str, ...], declared: tuple[str, ...] = (), steer: int = 6, engine: object = None,
    deadline_seconds: float = 600.0,
):
    server = ReadingServer(rules, declared, engine, levels=levels)  # type: ignore[arg-type]
    return profile_engine(client_factory=loopback(server), steer=steer, deadline=deadline_seconds)


@pytest.mark.clause(
    "schwung.farbzwang", "konter.beats_six", "kampfrichter.neutralises", "trump.beats", "konter.loses", "schwung.void_loses"
)
def test_profile_recovers_every_combination_of_the_gang_readings() -> None:
    """For each of the 32 combinations of the Gang switches, the profile of a reference engine playing it without declaring it is exactly that combination."""
    wrong = []
    for values in _GANG_COMBINATIONS:
        profile = _profile_of(Rules(**values), levels=("gang",), steer=1)
        found = {s.switch: s.consistent for s in profile.switches if s.level == "gang"}
        if found != {name: (value,) for name, value in values.items()} or profile.exit_code != 0:
            wrong.append((values, found, profile.verdict))
    assert wrong == []


@pytest.mark.clause("match.draw_starter", "match.loser_starts", "match.winner", "table.gut_gekaempft")
@pytest.mark.parametrize(("level", "name", "value"), _LEVEL_READINGS, ids=[f"{n}={v}" for _, n, v in _LEVEL_READINGS])
def test_profile_recovers_each_match_and_schwingfest_reading(level: str, name: str, value: object) -> None:
    """An engine playing one reading of a scoring, match or Schwingfest switch (its Gang switches declared) is profiled with exactly that value and the defaults of the others of its level."""
    rules = Rules(**{name: value})  # type: ignore[arg-type]
    profile = _profile_of(rules, levels=("gang", "scoring", level), declared=GANG_SWITCHES, steer=3)
    found = {s.switch: s.consistent for s in profile.switches if s.status not in ("declared", "not_checked")}
    if level == "schwingfest":
        # fest_start sends draw_tie_starter, which acts in a Schwingfest only on a second meeting after a drawn first
        # under "loser_of_first_meeting"; the younger started that drawn meeting, so no Schwingfest tells "younger"
        # from "drawn_gang_starter": the engine's value is among those consistent
        assert rules.draw_tie_starter in found.pop("draw_tie_starter")
    assert found == {n: (getattr(rules, n),) for n in found}
    assert name in found
    assert profile.exit_code == 0
    assert all(s.status == "declared" for s in profile.switches if s.switch in GANG_SWITCHES)


@pytest.mark.clause("konter.beats_six", "match.draw_starter")
def test_profile_through_the_reference_server_subprocess() -> None:
    """The reference server started with two other readings and declaring nothing is profiled with both, each separated at least once, and the text names them to declare."""
    command = [
        sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server",
        "--play", "konter_beats_trump_six=false", "--play", "draw_tie_starter=drawn_gang_other", "--declare", "none",
    ]
    profile = profile_engine(command, steer=3)
    by_name = {s.switch: s for s in profile.switches}
    assert profile.exit_code == 0, format_profile(profile)
    assert by_name["konter_beats_trump_six"].consistent == (False,)
    assert by_name["draw_tie_starter"].consistent == ("drawn_gang_other",)
    assert by_name["draw_tie_starter"].separating >= 1
    assert profile.rules == Rules(konter_beats_trump_six=False, draw_tie_starter="drawn_gang_other")
    text = format_profile(profile)
    assert '  konter_beats_trump_six: [false]' in text
    assert '  draw_tie_starter: ["drawn_gang_other"]' in text
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.clause("match.draw_starter")
def test_a_switch_declared_with_one_value_is_sent_that_value() -> None:
    """The reference server declaring draw_tie_starter with its one value drawn_gang_other is sent that value, never the default, and the other switches are profiled."""
    command = [
        sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server",
        "--play", "draw_tie_starter=drawn_gang_other", "--declare", "draw_tie_starter=drawn_gang_other",
    ]
    profile = profile_engine(command, steer=1)
    assert profile.failure is None
    assert profile.exit_code == 0
    assert [s.switch for s in profile.switches if s.status == "declared"] == ["draw_tie_starter"]
    assert profile.rules == Rules()


@pytest.mark.clause("konter.beats_six")
def test_a_gang_bug_is_consistent_with_no_reading() -> None:
    """An engine whose answered Brienzer-Konter loses to a 6 is explained by no reading: situations no reading explains, exit code 1."""
    profile = _profile_of(Rules(), levels=("gang",), steer=3, engine=AnsweredKonterLosesToSix())
    assert profile.exit_code == 1
    assert profile.unexplained_count >= 1
    assert profile.unexplained[0].level == "gang"
    assert "tricks" in profile.unexplained[0].detail or "to_move" in profile.unexplained[0].detail
    assert profile.verdict.startswith("INCONSISTENT")


@pytest.mark.clause("match.draw_starter")
def test_a_tie_starter_bug_is_consistent_with_no_value_of_the_switch() -> None:
    """An engine where the older player starts after every Gestellter at equal points is consistent with no value of draw_tie_starter."""
    profile = _profile_of(Rules(), levels=("gang", "scoring", "match"), declared=GANG_SWITCHES, engine=TieOlderStarts())
    by_name = {s.switch: s for s in profile.switches}
    assert by_name["draw_tie_starter"].status == "none"
    assert by_name["draw_tie_starter"].consistent == ()
    assert all(v.disagreed > 0 for v in by_name["draw_tie_starter"].values)
    assert profile.inconsistent == ("draw_tie_starter",)
    assert profile.exit_code == 1
    assert "no reading of draw_tie_starter" in profile.verdict


@pytest.mark.clause("fest.twice_each", "fest.parallel")
@pytest.mark.parametrize(("mutant", "clause"), [("FestOnceEach", "fest.twice_each"), ("FestCrowdedRounds", "fest.parallel")])
def test_a_schedule_no_reading_allows_is_a_bug(mutant: str, clause: str) -> None:
    """A Schwingfest schedule where pairs meet once, or a round holds more meetings than card sets, is explained by no reading, naming the clause."""
    profile = _profile_of(Rules(), levels=("gang", "scoring", "schwingfest"), steer=1, engine=ENGINES[mutant]())
    assert profile.exit_code == 1
    assert profile.unexplained[0].level == "schwingfest"
    assert profile.unexplained[0].where == "the schedule"
    assert profile.unexplained[0].detail.endswith(clause)


@pytest.mark.clause("fest.twice_each")
def test_a_mutant_that_is_a_reading_is_profiled_as_that_reading() -> None:
    """An engine that ignores fest_tiebreak and shares ranks is an engine of the reading "shared", whatever it is asked to play."""
    profile = _profile_of(
        Rules(fest_tiebreak="wins_then_plattwuerfe"), levels=("gang", "scoring", "schwingfest"), declared=GANG_SWITCHES,
        engine=FestTiebreakIgnored(),
    )
    assert {s.switch: s.consistent for s in profile.switches}["fest_tiebreak"] == ("shared",)
    assert profile.exit_code == 0


def test_declared_switches_and_undeclared_levels_are_not_profiled() -> None:
    """A switch the engine declares is reported declared, one of a level it does not declare not checked, and the JSON says so."""
    profile = _profile_of(Rules(), levels=("gang", "scoring"), declared=("special_cards_follow_colour",), steer=1)
    data = profile.to_json()
    status = {s["switch"]: s["status"] for s in data["switches"]}
    assert status["special_cards_follow_colour"] == "declared"
    assert status["draw_tie_starter"] == "not_checked"
    assert status["fest_starter"] == "not_checked"
    assert status["good_loser_after_plattwurf"] in ("found", "open")
    assert data["exit_code"] == 0
    assert json.loads(json.dumps(data)) == data


def _engine_script(tmp_path: Path, after_hello: str) -> tuple[list[str], Path]:
    """A fake engine that answers hello (declaring nothing) and then runs ``after_hello`` for every request; it writes its pid to a file."""
    script = tmp_path / "engine.py"
    pid_file = tmp_path / "pid.txt"
    script.write_text(
        "import json, os, sys, time\n"
        f"open({str(pid_file)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
        "for line in sys.stdin:\n"
        "    req = json.loads(line)\n"
        "    if req['cmd'] == 'hello':\n"
        "        print(json.dumps({'ok': True, 'name': 'fake', 'version': '0', 'protocol': 2, 'levels': ['gang']}), flush=True)\n"
        "        continue\n"
        + "".join(f"    {row}\n" for row in after_hello.splitlines()),
        encoding="utf-8",
    )
    return [sys.executable, str(script)], pid_file


def _gone(pid_file: Path) -> bool:
    pids = [int(p) for p in pid_file.read_text(encoding="utf-8").split()]
    time.sleep(0.2)
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        return False
    return bool(pids)


@pytest.mark.parametrize(
    ("behaviour", "kind"),
    [("sys.exit(3)", "exited"), ("time.sleep(60)", "timeout"), ("print('not json', flush=True)", "malformed")],
    ids=["crash", "hang", "lie"],
)
def test_an_engine_that_crashes_hangs_or_lies_gets_a_verdict(tmp_path: Path, behaviour: str, kind: str) -> None:
    """An engine that exits, hangs or answers garbage after hello ends the profile with a failure naming what happened, exit code 1, and no process left."""
    command, pid_file = _engine_script(tmp_path, behaviour)
    profile = profile_engine(command, steer=1, timeout=0.5)
    assert profile.failure is not None
    assert f"broke the protocol ({kind})" in profile.failure
    assert profile.exit_code == 1
    assert format_profile(profile).splitlines()[-1].startswith("result: FAILED: the engine broke the protocol")
    assert _gone(pid_file)


def test_an_interrupted_profile_exits_130_and_stops_the_engine(tmp_path: Path) -> None:
    """``schwinget conformance profile`` stopped by Ctrl-C (SIGINT) while its engine hangs exits 130 with one line, and the engine is stopped."""
    command, pid_file = _engine_script(tmp_path, "time.sleep(60)")
    proc = subprocess.Popen(
        [sys.executable, "-m", "schwinget_spec.cli", "conformance", "profile", "--timeout", "60", "--", *command],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    waited = 0.0
    while not pid_file.exists() and waited < 30:
        time.sleep(0.1)
        waited += 0.1
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["interrupted: the implementation was stopped, no profile written"]
    assert out == ""
    assert _gone(pid_file)


def test_a_profile_stopped_at_its_deadline_says_so() -> None:
    """A profile that runs out of its deadline ends with a failure naming the deadline, exit code 1."""
    profile = _profile_of(Rules(), levels=("gang",), steer=6, deadline_seconds=0.05)
    assert profile.failure is not None
    assert profile.failure.startswith("stopped at the deadline")
    assert profile.exit_code == 1


def test_an_engine_that_does_not_start_and_a_command_that_cannot_run() -> None:
    """An engine that exits before hello fails to start (exit 1); a command that cannot be run is not started (the CLI's usage error)."""
    silent = profile_engine([sys.executable, "-c", "import sys; sys.exit(0)"], steer=1, start_timeout=5)
    assert silent.failure is not None
    assert silent.failure.startswith("failed to start")
    assert not silent.not_started
    assert silent.exit_code == 1
    missing = profile_engine(["/nonexistent/engine"], steer=1)
    assert missing.not_started


def test_the_profile_steer_bound_is_the_command_s_and_the_cli_page_s() -> None:
    """The library's bound on steer is the command's, and docs/cli.md lists it."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    assert MAX_PROFILE_STEER == bounds.MAX_STEER
    assert f"| `conformance profile --steer` | {MAX_PROFILE_STEER:,} |" in page.split("<!-- bounds:", 1)[1].split("\n\n", 1)[0]


def test_profile_refuses_bad_settings() -> None:
    """A steer below 1, a seed that is no whole number, or a timeout that is no positive number is refused naming it."""
    with pytest.raises(InvalidArgumentError, match="steer"):
        profile_engine(["x"], steer=0)
    with pytest.raises(InvalidArgumentError, match="steer"):
        profile_engine(["x"], steer=10_001)
    with pytest.raises(InvalidArgumentError, match="seed"):
        profile_engine(["x"], seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="seed"):
        profile_engine(["x"], seed=-1)
    with pytest.raises(ValueError, match="timeout"):
        profile_engine(["x"], timeout=float("nan"))
    with pytest.raises(InvalidArgumentError, match="switch"):
        switch_values("no_such_switch")
    with pytest.raises(InvalidArgumentError, match="rules"):
        ReadingServer("defaults")  # type: ignore[arg-type]


def test_cli_profile_json_and_exit_codes(tmp_path: Path) -> None:
    """``schwinget conformance profile --json`` prints the profile of the reference server playing a non-default reading (exit 0); a command that cannot run is exit 2; a bug is exit 1."""
    runner = CliRunner()
    ok = runner.invoke(cli, [
        "conformance", "profile", "--steer", "1", "--json", "--", sys.executable, "-m",
        "schwinget_spec.conformance.protocol.reference_server", "--play", "special_cards_follow_colour=true", "--declare", "none",
    ])
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.output)
    assert {s["switch"]: s["consistent"] for s in data["switches"]}["special_cards_follow_colour"] == [True]
    missing = runner.invoke(cli, ["conformance", "profile", "--", str(tmp_path / "missing")])
    assert missing.exit_code == 2
    assert "Error:" in missing.output
    command, _ = _engine_script(tmp_path, "sys.exit(3)")
    crashed = runner.invoke(cli, ["conformance", "profile", "--steer", "1", "--timeout", "1", "--", *command])
    assert crashed.exit_code == 1
    assert "result: FAILED" in crashed.output
    for option in (["--steer", "0"], ["--steer", "10001"], ["--seed", "-1"], ["--seed", str(2**64)]):
        bad = runner.invoke(cli, ["conformance", "profile", *option, "--", "x"])
        assert bad.exit_code == 2
        assert option[0] in bad.output


def _session(server: ReadingServer) -> EngineSession:
    return EngineSession(("(in process)",), 5.0, 20.0, None, client_factory=loopback(server))


@pytest.mark.clause("konter.beats_six", "trump.beats")
def test_reading_explaining_names_the_gang_reading_with_its_clause() -> None:
    """A Gang with the Konter against the trump 6, diverging under the defaults, is explained by konter_beats_trump_six=false alone, with the Schwung and the clause."""
    spec = steered_games(1, 0, GANG_SWITCHES, situations=("konter_against_trump_six",), reading=Rules()).games[0]
    session = _session(ReadingServer(Rules(konter_beats_trump_six=False)))
    try:
        explained = reading_explaining(session, spec, Rules())
        agreeing = reading_explaining(session, spec, Rules(konter_beats_trump_six=False))
    finally:
        session.close()
    assert [(e.switch, e.value, e.ambiguity) for e in explained] == [("konter_beats_trump_six", False, "AMB-KONTER-TRUMP-SIX")]
    assert "trump.beats" in explained[0].evidence
    assert explained[0].sentence.startswith("the engine plays AMB-KONTER-TRUMP-SIX as `false`: declare it (")
    assert agreeing == ()


@pytest.mark.clause("match.draw_starter")
def test_reading_explaining_names_the_match_reading() -> None:
    """A match with a Gestellter at equal points, played by an engine of drawn_gang_other, is explained by draw_tie_starter=drawn_gang_other with the Gang and the clause."""
    matches = steered_levels(2, 0, (), levels=("match",)).matches
    session = _session(ReadingServer(Rules(draw_tie_starter="drawn_gang_other")))
    found: list[Explanation] = []
    try:
        for spec in matches:
            if "match_draw_equal_points_starts" in spec.source:
                found = list(reading_explaining(session, attrs.evolve(spec, rules=Rules())))
                if found:
                    break
    finally:
        session.close()
    assert [(e.switch, e.value) for e in found] == [("draw_tie_starter", "drawn_gang_other")]
    assert "the starter of Gang" in found[0].evidence
    assert "match.draw_starter" in found[0].evidence
    assert found[0].sentence.startswith("the engine plays AMB-DRAW-TIE-STARTER as `drawn_gang_other`: declare it (")
    assert found[0].sentence in _DOC.read_text(encoding="utf-8")


@pytest.mark.clause("schwung.farbzwang", "kampfrichter.neutralises")
@pytest.mark.parametrize(
    ("rules", "switch", "value"),
    [
        (Rules(special_cards_follow_colour=True), "special_cards_follow_colour", True),
        (Rules(void_kampfrichter_neutralises=False), "void_kampfrichter_neutralises", False),
    ],
    ids=["special_farbzwang", "kampfrichter_void"],
)
def test_explain_divergence_names_the_reading_of_a_harness_divergence(rules: Rules, switch: str, value: bool) -> None:
    """The first divergence of a harness run against an engine of another Gang reading, declaring nothing, is explained by exactly that reading."""
    from schwinget_spec.conformance.harness.run import run_harness  # noqa: PLC0415

    factory = loopback(ReadingServer(rules, levels=("gang",)))
    report = run_harness(["(in process)"], client_factory=factory, games=20, steer=2, vectors=False)
    assert report.divergence is not None
    session = EngineSession(("(in process)",), 5.0, 20.0, None, client_factory=factory)
    try:
        explained = explain_divergence(session, report.divergence)
    finally:
        session.close()
    assert [(e.switch, e.value) for e in explained] == [(switch, value)]
    assert explained[0].evidence.startswith(report.divergence.source)
    assert explanation_lines(session, report.divergence) == (explained[0].sentence,)


def test_explanation_lines_of_an_engine_that_crashes_are_none(tmp_path: Path) -> None:
    """An engine that breaks the protocol while a divergence is replayed gives no explanation lines, and no error."""
    command, _ = _engine_script(tmp_path, "sys.exit(3)")
    spec = steered_games(1, 0, GANG_SWITCHES, situations=("konter_against_trump_six",), reading=Rules()).games[0]
    session = EngineSession(command, 1.0, 20.0, None)
    try:
        assert explanation_lines(session, spec, Rules()) == ()
    finally:
        session.close()


_DOC = Path(__file__).resolve().parents[1] / "docs" / "profile.md"


def test_the_sample_of_docs_profile_is_the_profile_of_its_command() -> None:
    """The sample of docs/profile.md is what the profile of the reference server playing drawn_gang_other prints, in process, line for line (the version aside)."""
    text = _DOC.read_text(encoding="utf-8")
    block = text.split("<!-- sample: profile -->\n```\n", 1)[1].split("\n```", 1)[0]
    command, _, shown = block.partition("\n")
    assert command == (
        "$ schwinget conformance profile --steer 2 -- python -m schwinget_spec.conformance.protocol.reference_server "
        "--play draw_tie_starter=drawn_gang_other --declare none"
    )
    profile = _profile_of(Rules(draw_tie_starter="drawn_gang_other"), levels=("gang", "scoring", "match", "schwingfest"), steer=2)
    made = format_profile(profile)
    assert re.sub(r"schwinget-reference \S+", "schwinget-reference V", shown) == re.sub(r"schwinget-reference \S+", "schwinget-reference V", made)


@pytest.mark.clause("match.draw_starter", "match.loser_starts")
def test_reading_explaining_a_schwingfest_of_two_other_readings() -> None:
    """A Schwingfest played by an engine of two other readings (fest_starter "alternate" and fest_tiebreak) is explained at its first difference, a second meeting after a drawn first, by fest_starter="alternate" and by draw_tie_starter="drawn_gang_other" (the older starts either way), neither agreeing to the end."""
    spec = steered_levels(2, 0, (), levels=("schwingfest",)).fests[0]
    session = _session(ReadingServer(Rules(fest_starter="alternate", fest_tiebreak="wins_then_plattwuerfe")))
    try:
        explained = reading_explaining(session, attrs.evolve(spec, rules=Rules()))
    finally:
        session.close()
    assert [(e.switch, e.value, e.to_the_end) for e in explained] == [
        ("draw_tie_starter", "drawn_gang_other", False), ("fest_starter", "alternate", False),
    ]
    assert "the starter of meeting 2 of" in explained[0].evidence
    assert explained[0].sentence.endswith("; a later difference of the game needs another reading too")


@pytest.mark.clause("match.draw_starter", "match.loser_starts", "schwung.farbzwang")
def test_profile_recovers_an_engine_of_no_default_at_all() -> None:
    """An engine that plays a value other than the default of every switch, and declares none, is profiled with each of them exactly."""
    values = {name: switch_values(name)[-1] for _, names in PROFILE_LEVELS for name in names}
    profile = _profile_of(Rules(**values), levels=("gang", "scoring", "match", "schwingfest"))  # type: ignore[arg-type]
    assert {s.switch: s.consistent for s in profile.switches} == {name: (value,) for name, value in values.items()}
    assert profile.exit_code == 0
    declare = format_profile(profile).split("not the default; declare in hello:\n", 1)[1].split("\n\n", 1)[0]
    assert sorted(declare.splitlines()) == sorted(f"  {name}: {json.dumps([value])}" for name, value in values.items())


@pytest.mark.clause("konter.beats_six", "trump.beats", "match.draw_starter")
def test_the_harness_report_names_the_reading_to_declare() -> None:
    """A harness run of an engine of other Gang and match readings, declaring nothing, says under each level's first divergence which reading the engine plays and to declare it, in the text and the JSON."""
    from schwinget_spec.conformance.harness.run import format_report, run_harness  # noqa: PLC0415

    factory = loopback(ReadingServer(Rules(konter_beats_trump_six=False, draw_tie_starter="drawn_gang_other"),
                                     levels=("gang", "scoring", "match")))
    report = run_harness(["(in process)"], client_factory=factory, games=5, steer=1, max_failures_per_level=1)
    assert report.divergence is not None
    assert report.levels is not None
    match_failure = next(c for c in report.levels.checks if c.level == "match").failures[0]
    assert [line.split(":")[0] for line in report.divergence.explanations] == [
        "the engine plays AMB-KONTER-TRUMP-SIX as `false`"
    ]
    assert [line.split(":")[0] for line in match_failure.explanations] == [
        "the engine plays AMB-DRAW-TIE-STARTER as `drawn_gang_other`"
    ]
    text = format_report(report)
    assert f"  {report.divergence.explanations[0]}" in text
    assert f"  {match_failure.explanations[0]}" in text
    assert report.to_json()["divergence"]["explanations"] == list(report.divergence.explanations)
