"""One rule for an interrupted ``schwinget`` command: exit code 130 and one line saying what was saved, never click's "Aborted!" (exit 1) or a traceback.

``play`` says it in the language of ``--lang`` (tests/test_play.py); ``conformance run``
stopped by SIGINT or SIGTERM stops its engine first (tests/test_harness_faults.py). The
protocol servers run by hand (reference, mutants, twin) follow the same rule.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NoReturn

import pytest
from click.testing import CliRunner, Result

from schwinget_spec import cli
from schwinget_spec.cli.common import INTERRUPTED
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.files import write_bytes_atomically

NOTHING_SAVED = "interrupted: stopped before the end, nothing saved\n"


def invoke(*args: str) -> Result:
    """Run ``schwinget ARGS`` in this process, as the console entry point does."""
    return CliRunner().invoke(cli.cli, list(args), prog_name="schwinget")


def _ctrl_c(*_args: object, **_kwargs: object) -> NoReturn:
    raise KeyboardInterrupt


def _assert_interrupted(result: Result, line: str) -> None:
    assert result.exit_code == INTERRUPTED == 130, result.output
    assert result.stderr == line
    assert "Aborted" not in result.output


@pytest.mark.parametrize(("target", "args"), [
    ("schwinget_spec.studies.simulate.simulate", ("simulate", "--matches", "1")),
    ("schwinget_spec.cli.verify.verify_trace_file", ("verify", "trace.json")),
    ("schwinget_spec.cli.demo.start_match", ("demo",)),
])
def test_any_command_interrupted_exits_130_saying_nothing_was_saved(
    target: str, args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A command with nothing of its own to say about an interrupt exits 130 with the one line of the group, not click's "Aborted!" and 1."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "trace.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(target, _ctrl_c)
    _assert_interrupted(invoke(*args), NOTHING_SAVED)


def test_an_interrupted_conformance_run_writes_no_report(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``conformance run`` interrupted says the implementation was stopped and no report written, and writes no --json file."""
    monkeypatch.setattr("schwinget_spec.conformance.harness.run.run_harness", _ctrl_c)
    report = tmp_path / "run.json"
    result = invoke("conformance", "run", "--json", str(report), "--", "engine")
    _assert_interrupted(result, "interrupted: the implementation was stopped, no report written\n")
    assert not report.exists()


def test_interrupted_mutants_print_no_matrix(monkeypatch: pytest.MonkeyPatch) -> None:
    """``conformance mutants`` interrupted says the running mutant was stopped, and prints no matrix."""
    monkeypatch.setattr("schwinget_spec.conformance.mutants.kill.kill_matrix", _ctrl_c)
    result = invoke("conformance", "mutants", "--only", "no-farbzwang")
    _assert_interrupted(result, "interrupted: the running mutant was stopped, no matrix printed\n")
    assert result.stdout == ""


def test_sigterm_to_mutants_is_an_interrupt() -> None:
    """SIGTERM during ``conformance mutants`` ends it as Ctrl-C does: exit 130 and its one line, not death by the signal."""
    code = (
        "import os, signal, time\n"
        "from schwinget_spec.conformance.mutants import kill\n"
        "def terminated(*args, **kwargs):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    time.sleep(60)\n"
        "kill.kill_matrix = terminated\n"
        "from schwinget_spec.cli import main\n"
        "main(['conformance', 'mutants', '--only', 'no-farbzwang'])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 130, run.stderr
    assert run.stderr == "interrupted: the running mutant was stopped, no matrix printed\n"


def test_interrupted_vectors_export_names_the_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``vectors export`` interrupted after one file says how many of the files its directory holds, each whole."""
    copied: list[str] = []

    def write_one_then_ctrl_c(target: Path, data: bytes) -> None:
        if copied:
            raise KeyboardInterrupt
        copied.append(target.name)
        write_bytes_atomically(target, data)

    monkeypatch.setattr("schwinget_spec.cli.conformance.write_bytes_atomically", write_one_then_ctrl_c)
    out = tmp_path / "vectors"
    result = invoke("vectors", "export", str(out))
    total = len(load_vectors().files_present) + 1
    _assert_interrupted(result, f"interrupted: {out} holds 1 of the {total} files, each whole; export again\n")
    assert [p.name for p in out.iterdir()] == copied


@pytest.mark.parametrize("server", [
    ("schwinget_spec.conformance.protocol.reference_server",),
    ("schwinget_spec.conformance.mutants.engine", "no-farbzwang"),
    ("schwinget_spec.twin.engine",),
])
def test_ctrl_c_to_a_protocol_server_exits_130_without_a_traceback(server: tuple[str, ...]) -> None:
    """The reference server, a mutant and the twin, run by hand and interrupted while waiting for a request, exit 130 with one line, not a traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", *server], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    proc.stdin.write('{"cmd": "hello"}\n')
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["ok"] is True
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err == "interrupted: stopped serving, nothing saved\n"


def test_ctrl_c_while_the_workers_start_is_not_lost() -> None:
    """A SIGINT that comes while the worker processes of a local run start (SIGINT ignored for them) interrupts once they have started, and they ignore it."""
    code = (
        "import multiprocessing, os, signal\n"
        "from multiprocessing.context import SpawnContext\n"
        "from schwinget_spec.studies.backends import process_pool as _pool\n"
        "start = SpawnContext.Pool\n"
        "def interrupted_start(self, workers, **kwargs):\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    return start(self, workers, **kwargs)\n"
        "SpawnContext.Pool = interrupted_start\n"
        "if __name__ == '__main__':\n"
        "    try:\n"
        "        with _pool(multiprocessing.get_context('spawn'), 1) as pool:\n"
        "            print(pool.apply(signal.getsignal, (signal.SIGINT,)) is signal.SIG_IGN)\n"
        "            print('not interrupted')\n"
        "    except KeyboardInterrupt:\n"
        "        print('interrupted')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert run.stdout == "interrupted\n", run.stdout + run.stderr


def _workers(pid: int) -> list[str]:
    # the worker processes, spawned or forked (the resource tracker, also a child, is not one)
    children = _read(f"/proc/{pid}/task/{pid}/children").decode("ascii").split()
    return [c for c in children if b"resource_tracker" not in _read(f"/proc/{c}/cmdline")]


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""


def _session(sid: int) -> list[str]:
    # every running process of the session the command was started in (its workers, their helpers)
    found = []
    for entry in os.listdir("/proc"):
        stat = _read(f"/proc/{entry}/stat") if entry.isdigit() else b""
        fields = stat.rsplit(b")", 1)[1].split() if stat else []
        if len(fields) > 3 and int(fields[3]) == sid and fields[0] != b"Z":
            found.append(entry)
    return found


POOLED = {
    "simulate": ["simulate", "--matches", "1000000", "--workers", "2"],
    "balance": ["balance", "--deals", "1000000", "--jobs", "2"],
    "impact": ["impact", "--play", "solver", "--games", "100000", "--jobs", "2"],
    "prove": ["prove", "--jobs", "2"],
}
"""A long run of every command that starts worker processes (--jobs or --workers above 1), each stopped as soon as its workers exist."""
WAYS = [
    ("SIGINT", True, 130), ("SIGTERM", False, 143), ("SIGHUP", True, 129),
]
"""Each signal, whether it goes to the whole process group (Ctrl-C and a closed terminal do) or to the command alone (kill), and the exit code it gives."""


@pytest.mark.parametrize(("name", "way"), [
    *((name, way) for name in POOLED for way in WAYS[:2]), ("balance", WAYS[2]), ("prove", WAYS[2]),
])
def test_a_signal_to_a_pooled_command_stops_every_worker(name: str, way: tuple[str, bool, int]) -> None:
    """Ctrl-C (SIGINT to the group), SIGTERM to the command alone and SIGHUP to the group stop a command with two workers: exit 130, 143 or 129, one line, no traceback, and no process of its session left (SIGTERM once ended the command at once and left its workers running for half a minute)."""
    signame, to_group, code = way
    proc = subprocess.Popen(
        [sys.executable, "-m", "schwinget_spec.cli", *POOLED[name]],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        until = time.monotonic() + 60
        while len(_workers(proc.pid)) < 2 and time.monotonic() < until:
            time.sleep(0.02)
        assert len(_workers(proc.pid)) == 2, "the worker processes did not start"
        (os.killpg if to_group else os.kill)(proc.pid, getattr(signal, signame))
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == code, err
    assert err == NOTHING_SAVED
    assert out == ""
    # the resource tracker ends once the command's end closes its pipe: a moment, not a run
    until = time.monotonic() + 10
    while _session(proc.pid) and time.monotonic() < until:
        time.sleep(0.05)
    assert _session(proc.pid) == []


@pytest.mark.parametrize("delay", [0.0, 0.03, 0.1, 0.3])
def test_ctrl_c_at_any_moment_exits_130_with_one_line(delay: float) -> None:
    """SIGINT at several delays after the package starts loading (imports, click, the run) ends the command with exit 130 and one line.

    Python reports each module it imports (``PYTHONPROFILEIMPORTTIME``); the signal is
    sent ``delay`` seconds after it reports ``schwinget_spec.support.startup``, through ``python
    -m`` and through the console script, twice each. Before that module, the interrupt
    is Python's own (docs/cli.md).
    """
    script = Path(sys.executable).parent / "schwinget"
    commands = [[sys.executable, "-m", "schwinget_spec.cli"], *([[str(script)]] if script.exists() else [])]
    for command in commands:
        for _ in range(2):
            process = subprocess.Popen(
                [*command, "simulate", "--matches", "5000"],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"},
            )
            assert process.stderr is not None
            for line in process.stderr:
                if line.rstrip().endswith("schwinget_spec.support.startup"):
                    break
            time.sleep(delay)
            process.send_signal(signal.SIGINT)
            _, rest = process.communicate(timeout=120)
            said = [line for line in rest.splitlines() if not line.startswith("import time:")]
            assert process.returncode == INTERRUPTED, rest[-2000:]
            assert len(said) == 1, said
            assert said[0].startswith("interrupted: ")


def test_importing_the_library_leaves_the_excepthook() -> None:
    """A program that imports schwinget_spec keeps its own sys.excepthook: only the command installs the interrupt hook."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys, schwinget_spec; print(sys.excepthook is sys.__excepthook__)"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert done.stdout.strip() == "True"
