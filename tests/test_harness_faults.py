"""Harness faults: whatever a misbehaving engine does, the run ends with a clear answer and leaves no process behind."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.conformance.harness.run import (
    Divergence,
    DivergenceKind,
    GameSpec,
    HarnessReport,
    format_report,
    run_harness,
    verdict_line,
)
from schwinget_spec.conformance.protocol.engine_session import HarnessSettingError
from schwinget_spec.conformance.protocol.messages import PROTOCOL_VERSION
from schwinget_spec.conformance.protocol.schema import MAX_DEPTH, depth_fault

_PRELUDE = (
    "import json, os, subprocess, sys, time\n"
    "PIDS = sys.argv[1]\n"
    "def helper():\n"
    "    # a helper process that inherits the standard output and would hold it open\n"
    "    child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])\n"
    "    with open(PIDS, 'a') as f:\n"
    "        f.write(f'{os.getpid()} {child.pid}\\n')\n"
    "def setsid_helper():\n"
    "    # a helper in a session of its own (setsid), out of the engine's group, whose parent\n"
    "    # exits at once: an orphan neither the group nor the engine's tree of children holds\n"
    "    code = 'import subprocess, sys; p = subprocess.Popen([sys.executable, \"-c\", \"import time; time.sleep(3600)\"], start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(p.pid)'\n"
    "    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout\n"
    "    with open(PIDS, 'a') as f:\n"
    "        f.write(f'{os.getpid()} {int(out)}\\n')\n"
    "def answer(obj):\n"
    "    print(json.dumps(obj), flush=True)\n"
)


def _fake(tmp_path: Path, on_hello: str, on_request: str) -> tuple[list[str], Path]:
    """A fake engine: a Python script that runs ``on_hello`` then answers hello, and runs ``on_request`` for every other request; its pids and its helpers' go to a file."""
    script = tmp_path / "fake_engine.py"
    pids = tmp_path / "pids.txt"
    script.write_text(
        _PRELUDE
        + "for line in sys.stdin:\n"
        "    req = json.loads(line)\n"
        "    if req['cmd'] == 'hello':\n"
        + "".join(f"        {row}\n" for row in on_hello.splitlines())
        + f"        answer({{'ok': True, 'name': 'fake', 'version': '0', 'protocol': {PROTOCOL_VERSION}, 'levels': ['gang']}})\n"
        "        continue\n"
        + "".join(f"    {row}\n" for row in on_request.splitlines()),
        encoding="utf-8",
    )
    return [sys.executable, str(script), str(pids)], pids


def _started(pids: Path) -> list[int]:
    if not pids.exists():
        return []
    return [int(p) for line in pids.read_text().splitlines() for p in line.split()]


def _alive(pid: int) -> bool:
    """True if ``pid`` runs (a zombie waiting for its reaper has stopped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _assert_none_left(pids: Path) -> None:
    started = _started(pids)
    assert started, "the fake engine never wrote its pids"
    # a killed process may take a moment to be reaped by init
    until = time.monotonic() + 5.0
    while any(_alive(p) for p in started) and time.monotonic() < until:
        time.sleep(0.05)
    assert [p for p in started if _alive(p)] == []


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process checks read /proc")


def test_crash_with_a_helper_holding_stdout_is_an_exit_not_a_timeout(tmp_path: Path) -> None:
    """An engine that starts a helper and crashes is reported as exited (the helper keeps stdout open), and the helper is stopped."""
    command, pids = _fake(tmp_path, "helper()", "os._exit(3)")
    started = time.monotonic()
    report = run_harness(command, games=1, vectors=False, timeout=30.0, shrink=False)
    assert time.monotonic() - started < 20.0
    d = report.divergence
    assert d is not None
    assert d.kind is DivergenceKind.PROTOCOL
    assert d.field == "exited"
    _assert_none_left(pids)


def test_hung_engine_with_a_helper_leaves_nothing(tmp_path: Path) -> None:
    """A hung engine is a timeout, and its whole process group (the helper too) is stopped, replays and the fresh confirmation included."""
    command, pids = _fake(tmp_path, "helper()", "time.sleep(3600)")
    # no steered Gänge: each would start the hung engine again and wait out another timeout
    report = run_harness(command, games=1, vectors=False, timeout=0.5, shrink=True, steer=0)
    d = report.divergence
    assert d is not None
    assert d.field == "timeout"
    # the run started the engine again for the fresh confirmation: each start left a helper
    assert len(_started(pids)) >= 4
    _assert_none_left(pids)


def test_helper_left_after_a_clean_bye_is_stopped(tmp_path: Path) -> None:
    """An engine that answers bye and exits, but leaves a helper running, has the helper stopped with its group."""
    command, pids = _fake(tmp_path, "helper()", "answer({'ok': True})\nif req['cmd'] == 'bye':\n    sys.exit(0)")
    report = run_harness(command, games=0, vectors=False, steer=0)
    assert report.passed, format_report(report)
    _assert_none_left(pids)


@pytest.mark.parametrize("on_request", [
    "answer({'ok': True})\nif req['cmd'] == 'bye':\n    sys.exit(0)",
    "os._exit(3)",
])
def test_a_helper_in_a_session_of_its_own_is_stopped(tmp_path: Path, on_request: str) -> None:
    """An engine whose helper left its process group and session (setsid) and was orphaned has it stopped at the end of the run, after a clean bye and after a crash: the kit stops every process carrying the engine's mark, not only its group."""
    command, pids = _fake(tmp_path, "setsid_helper()", on_request)
    run_harness(command, games=0, vectors=False, steer=0)
    _assert_none_left(pids)


@pytest.mark.parametrize("name", ["timeout", "start_timeout", "deadline"])
@pytest.mark.parametrize("value", [math.nan, -1.0, 0.0, math.inf])
def test_timeouts_are_validated(name: str, value: float) -> None:
    """A timeout or deadline that is not a positive finite number is refused before anything starts, naming the parameter."""
    with pytest.raises(HarnessSettingError, match=name) as caught:
        run_harness(["no-such-engine-is-started"], **{name: value})  # type: ignore[arg-type]
    assert caught.value.parameter == name


@pytest.mark.parametrize("option", ["--timeout", "--deadline"])
@pytest.mark.parametrize("value", ["nan", "-1", "inf", "0"])
def test_cli_timeouts_are_usage_errors(option: str, value: str) -> None:
    """`conformance run --timeout nan` (and -1, inf, 0; --deadline alike) is a usage error naming the option, exit 2."""
    result = CliRunner().invoke(cli, ["conformance", "run", option, value, "--", "no-such-engine"])
    assert result.exit_code == 2, result.output
    assert option in result.output


def test_deadline_stops_a_slow_engine_and_says_so(tmp_path: Path) -> None:
    """An engine slower than the run's deadline is stopped at the deadline; the report says so and is not a pass."""
    command, pids = _fake(tmp_path, "helper()", "time.sleep(3)\nanswer({'ok': True})")
    started = time.monotonic()
    report = run_harness(command, games=5, vectors=False, timeout=10.0, deadline=1.0)
    elapsed = time.monotonic() - started
    assert elapsed < 8.0
    assert report.stopped_at_deadline
    assert report.divergence is None
    assert not report.passed
    assert "STOPPED AT THE DEADLINE (1 s" in format_report(report)
    assert report.to_json()["stopped_at_deadline"] is True
    _assert_none_left(pids)


def test_cli_deadline_exit_code_and_json_file(tmp_path: Path) -> None:
    """`--deadline` reaches the harness; `--json PATH` writes the report there; a run stopped by its deadline exits 1."""
    command, pids = _fake(tmp_path, "helper()", "time.sleep(3)\nanswer({'ok': True})")
    out = tmp_path / "report.json"
    result = CliRunner().invoke(
        cli, ["conformance", "run", "--no-vectors", "--games", "2", "--deadline", "1", "--json", str(out), "--", *command]
    )
    assert result.exit_code == 1, result.output
    assert "STOPPED AT THE DEADLINE" in result.output
    assert json.loads(out.read_text())["stopped_at_deadline"] is True
    _assert_none_left(pids)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_to_the_harness_stops_the_engine_group(tmp_path: Path, signum: int) -> None:
    """SIGTERM to a running `conformance run` stops the hung engine and its helper, as SIGINT does."""
    command, pids = _fake(tmp_path, "helper()", "time.sleep(3600)")
    harness = subprocess.Popen(
        [sys.executable, "-m", "schwinget_spec.cli", "conformance", "run", "--no-vectors", "--timeout", "60", "--", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        until = time.monotonic() + 30.0
        while not _started(pids) and time.monotonic() < until:
            time.sleep(0.05)
        time.sleep(0.3)
        harness.send_signal(signum)
        _, stderr = harness.communicate(timeout=20.0)
    finally:
        if harness.poll() is None:
            harness.kill()
    assert harness.returncode == 130, stderr.decode()
    assert b"interrupted" in stderr
    _assert_none_left(pids)


# -- reproductions that reproduce: a fault that depends on the number of requests served

_COUNTING = (
    "import json, sys\n"
    "from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer\n"
    "LIMIT, FAULT = int(sys.argv[1]), sys.argv[2]\n"
    "server = ReferenceServer(ReferenceEngine())\n"
    "served = applied = 0\n"
    "for line in sys.stdin:\n"
    "    req = json.loads(line)\n"
    "    served += 1\n"
    "    answer = server.handle(req)\n"
    "    applied = 0 if req['cmd'] == 'start' else applied + (req['cmd'] == 'apply' and answer['ok'])\n"
    "    if served > LIMIT and req['cmd'] == 'legal' and FAULT == 'no_angriff':\n"
    "        answer['actions'] = [a for a in answer['actions'] if a != 'A']\n"
    "    if served > LIMIT and req['cmd'] == 'legal' and FAULT == 'no_later_angriff' and applied:\n"
    "        answer['actions'] = [a for a in answer['actions'] if a != 'A']\n"
    "    if served > LIMIT and req['cmd'] == 'state' and FAULT == 'tricks':\n"
    "        answer['tricks'] = [answer['tricks'][0] + 1, answer['tricks'][1]]\n"
    "    print(json.dumps(answer), flush=True)\n"
    "    if req['cmd'] == 'bye':\n"
    "        break\n"
)


def _counting_engine(tmp_path: Path, limit: int, fault: str) -> list[str]:
    """The reference engine behind the protocol, with a fault once it has served ``limit`` requests (since it started)."""
    script = tmp_path / "counting_engine.py"
    script.write_text(_COUNTING, encoding="utf-8")
    return [sys.executable, str(script), str(limit), fault]


def _diverges_fresh(command: list[str], d: Divergence) -> bool:
    """True if the reported reproduction diverges the same way when played alone on a newly started engine."""
    spec = GameSpec(source="replay", deal=d.deal, starter=d.starter, rules=d.rules, actions=d.actions)
    again = run_harness(command, games=0, vectors=False, scripted=[spec], shrink=False).divergence
    return again is not None and again.signature == d.signature


def test_shrunk_reproduction_that_needs_history_gives_the_unshrunk_one(tmp_path: Path) -> None:
    """Shrinking on the live engine finds a shorter Gang that does not fail on a fresh engine: the report gives the unshrunk one, which does, and says so."""
    # no Angriff offered after the first Schwung (angriff.who; before it the refusal would name gang.turn)
    command = _counting_engine(tmp_path, 12, "no_later_angriff")
    report = run_harness(command, games=10, vectors=False)
    d = report.divergence
    assert d is not None
    assert d.fresh == "unshrunk"
    assert d.shrunk_length is not None
    assert d.shrunk_length < len(d.actions)
    assert _diverges_fresh(command, d)
    text = format_report(report)
    assert f"unshrunk: the shrunk one of {d.shrunk_length} actions did not diverge on a freshly started" in text
    assert report.to_json()["divergence"]["fresh"] == "unshrunk"


def test_fault_after_many_requests_is_reported_as_not_reproduced(tmp_path: Path) -> None:
    """A fault that shows only after 300 requests is never called reproducible: the report says the reproduction did not diverge on a fresh engine."""
    command = _counting_engine(tmp_path, 300, "tricks")
    report = run_harness(command, games=20, vectors=False)
    d = report.divergence
    assert d is not None
    assert d.fresh == "not_reproduced"
    assert not _diverges_fresh(command, d)
    assert "NOT REPRODUCED on a freshly started implementation" in format_report(report)


def test_deterministic_fault_is_confirmed_fresh(tmp_path: Path) -> None:
    """A fault present from the first request is confirmed on a fresh engine, and the report says so."""
    command = _counting_engine(tmp_path, 0, "no_angriff")
    report = run_harness(command, games=3, vectors=False)
    d = report.divergence
    assert d is not None
    assert d.fresh == "reproduced"
    assert _diverges_fresh(command, d)
    assert "confirmed on a freshly started implementation" in format_report(report)


# -- answers nested hundreds deep, and a hello with a key twice: a verdict, never a traceback

_DEEP = (
    "import json, sys\n"
    "from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer\n"
    "MODE, DEPTH = sys.argv[1], int(sys.argv[2])\n"
    "server = ReferenceServer(ReferenceEngine())\n"
    "legal = 0\n"
    "for line in sys.stdin:\n"
    "    req = json.loads(line)\n"
    "    answer = server.handle(req)\n"
    "    if req['cmd'] == 'hello' and MODE == 'hello-list':\n"
    "        answer['switches'] = '@'\n"
    "    if req['cmd'] == 'hello' and MODE == 'hello-object':\n"
    "        answer['switches'] = {'match_draw': '@'}\n"
    "    if req['cmd'] == 'legal' and MODE == 'legal':\n"
    "        legal += 1\n"
    "        if legal == 3:\n"
    "            answer['actions'] = '@'\n"
    "    text = json.dumps(answer).replace('\"@\"', '[' * DEPTH + ']' * DEPTH)\n"
    "    if req['cmd'] == 'hello' and MODE == 'hello-twice':\n"
    "        text = text.replace('\"name\":', '\"name\": \"first\", \"name\":', 1)\n"
    "    print(text, flush=True)\n"
    "    if req['cmd'] == 'bye':\n"
    "        break\n"
)


def _deep_engine(tmp_path: Path, mode: str, depth: int) -> list[str]:
    """The reference engine behind the protocol, whose hello (switches as a list or an object) or third legal answer holds a list nested ``depth`` deep, or whose hello has the key name twice."""
    script = tmp_path / "deep_engine.py"
    script.write_text(_DEEP, encoding="utf-8")
    return [sys.executable, str(script), mode, str(depth)]


@pytest.mark.parametrize(("mode", "depth", "path"), [
    ("hello-list", 900, "$.switches[0][0]"), ("hello-object", 500, "$.switches.match_draw[0][0]"),
    ("legal", 900, "$.actions[0][0]"),
])
def test_an_answer_nested_hundreds_deep_is_malformed_with_its_path(tmp_path: Path, mode: str, depth: int, path: str) -> None:
    """A hello whose switches (list or object form), or a legal answer mid-game, holds a list nested 500 to 900 deep gets its verdict in run and profile (failed to start, or a malformed answer) naming the JSON path and the depth, not a RecursionError."""
    command = _deep_engine(tmp_path, mode, depth)
    report = run_harness(command, games=2, vectors=False, steer=0, shrink=False, max_failures_per_level=1)
    if mode == "legal":
        assert report.divergence is not None
        assert (report.divergence.kind, report.divergence.field) == (DivergenceKind.PROTOCOL, "malformed")
        said = report.divergence.message
    else:
        assert report.startup_error is not None
        assert not report.not_started
        said = report.startup_error
        assert verdict_line(report).startswith(f"FAILED TO START: malformed hello at {path}")
    assert f"[at {path}" in said
    assert "nested deeper than 32 levels" in said
    profile = CliRunner().invoke(cli, ["conformance", "profile", "--steer", "1", "--", *command])
    assert profile.exit_code == 1, profile.output
    assert "result: FAILED" in profile.output
    assert "Traceback" not in profile.output
    if mode != "legal":
        assert f"result: FAILED: failed to start: malformed hello at {path}" in profile.output


def test_the_reports_of_a_run_with_a_900_deep_answer_are_written(tmp_path: Path) -> None:
    """conformance run --json --junit on an engine whose legal answer is nested 900 deep exits 1 with its verdict, and conformance report writes the markdown page of that run: no RecursionError on the way."""
    command = _deep_engine(tmp_path, "legal", 900)
    run = CliRunner().invoke(cli, ["conformance", "run", "--games", "2", "--no-vectors", "--steer", "0",
                                   "--max-failures-per-level", "1", "--json", str(tmp_path / "run.json"),
                                   "--junit", str(tmp_path / "run.xml"), "--", *command])
    assert run.exit_code == 1, run.output
    assert "nested deeper than 32 levels" in (tmp_path / "run.xml").read_text(encoding="utf-8")
    page = CliRunner().invoke(cli, ["conformance", "report", "-o", str(tmp_path / "page.md"), str(tmp_path / "run.json")])
    assert page.exit_code == 0, page.output
    assert "nested deeper than 32 levels" in (tmp_path / "page.md").read_text(encoding="utf-8")


def test_a_hello_with_a_key_twice_fails_to_start(tmp_path: Path) -> None:
    """A hello answer holding the key name twice is malformed, as a trace with a duplicate key is: the run fails to start saying so, where the last name once won silently."""
    report = run_harness(_deep_engine(tmp_path, "hello-twice", 0), games=1, vectors=False, steer=0, shrink=False)
    assert report.startup_error is not None
    assert "the key 'name' twice" in report.startup_error
    assert verdict_line(report) == "FAILED TO START: malformed hello"


def test_the_harness_doc_quotes_the_depth_limit_and_the_malformed_hello_verdict() -> None:
    """docs/harness.md states the depth limit as schema.MAX_DEPTH and the verdict of a hello nested too deep as verdict_line writes it for the path depth_fault names."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "harness.md").read_text(encoding="utf-8")
    assert f"| {MAX_DEPTH} levels (the answer itself is level 1; `schema.MAX_DEPTH`) |" in text
    nested: list[object] = []
    for _ in range(40):
        nested = [nested]
    fault = depth_fault("answer.hello", {"ok": True, "switches": [nested]})
    assert fault is not None
    report = HarnessReport("x", (), 0, 0, 0, 0, 0, 0.0, startup_error=f"bad [at {fault}]", startup_kind="malformed")
    assert f"result: {verdict_line(report)}\n" in text
