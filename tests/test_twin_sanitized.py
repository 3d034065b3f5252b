"""The compiled twin under AddressSanitizer and UndefinedBehaviorSanitizer: built at test time with gcc, attacked by tests/sanitized_twin/fuzz.py in a subprocess; any report of either sanitizer, a crash or an unexpected exception fails the suite."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "tests" / "sanitized_twin" / "fuzz.py"
CANARY = ROOT / "tests" / "sanitized_twin" / "canary.c"
SOURCES = {name: ROOT / "schwinget_spec" / "twin" / f"{name}.c" for name in ("_twin", "_solver")}
"""The compiled modules the fuzz attacks, by name."""
CALLS = (
    "start", "start_seed", "deck", "play_random", "play_pairs", "random_bots", "match_rows", "fest_rows",
    "replay_recorded", "Gang.apply", "Gang.rollout", "Gang.__eq__", "Gang getters",
    "solver.value", "solver.solve", "solver.children", "solver.moves", "solver.play", "solver.values_of_seeds",
)
"""Every public call of both modules: the fuzz must try each EXAMPLES times."""

EXAMPLES = 150
"""Examples per public call: about 20 s for the whole attack on the project's 2-core machine."""

FLAGS = ("-shared", "-fPIC", "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-fno-omit-frame-pointer")
"""How the sanitized build is compiled (docs/performance.md quotes the same command)."""

REPORTS = ("ERROR: AddressSanitizer", "runtime error:", "ERROR: LeakSanitizer", "Fatal Python error")
"""What a sanitizer (or Python itself) writes when it finds something."""

NO_GCC = (
    "the sanitizer fuzz of the compiled twin needs gcc with its AddressSanitizer and UndefinedBehaviorSanitizer "
    "runtimes (libasan, libubsan: Debian's gcc package ships them); the README's set-up needs gcc for the twin too"
)


def _gcc() -> str:
    """gcc, or a failure that says what is missing (never a skip: in CI, CI=true, a missing compiler is an error of the machine)."""
    gcc = shutil.which("gcc")
    if gcc is None:
        where = "in CI (CI=true)" if os.environ.get("CI") else "on this machine"
        pytest.fail(f"gcc not found {where}: {NO_GCC}")
    return gcc


def _runtime(gcc: str, name: str) -> str:
    """The path of a sanitizer runtime as gcc finds it, or a failure naming it."""
    path = subprocess.run([gcc, f"-print-file-name={name}"], capture_output=True, text=True, check=True).stdout.strip()
    if not os.path.isabs(path) or not os.path.exists(path):
        pytest.fail(f"gcc does not find {name}: {NO_GCC}")
    return path


def _build(gcc: str, source: Path, target: Path) -> None:
    include = sysconfig.get_paths()["include"]
    run = subprocess.run([gcc, *FLAGS, f"-I{include}", str(source), "-o", str(target)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"the sanitized build of {source.name} failed:\n{run.stderr[-3000:]}"


def _environment(gcc: str) -> dict[str, str]:
    env = dict(os.environ)
    env["LD_PRELOAD"] = f"{_runtime(gcc, 'libasan.so')} {_runtime(gcc, 'libubsan.so')}"
    env["ASAN_OPTIONS"] = "detect_leaks=0"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1"
    env["PYTHONWARNINGS"] = "ignore"
    return env


def _built(where: Path, name: str, source: Path) -> tuple[Path, dict[str, str]]:
    """``source`` built under both sanitizers into ``where``, and the environment that runs it."""
    gcc = _gcc()
    env = _environment(gcc)
    target = where / f"{name}{sysconfig.get_config_var('EXT_SUFFIX')}"
    _build(gcc, source, target)
    return target, env


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Path], dict[str, str]]:
    """The compiled twin and solver built under both sanitizers into a temporary directory, and the environment that runs them."""
    where = tmp_path_factory.mktemp("sanitized")
    built = {name: _built(where, name, source) for name, source in SOURCES.items()}
    return {name: path for name, (path, _) in built.items()}, built["_twin"][1]


@pytest.fixture(scope="module")
def canary(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The canary library built as the twin is."""
    return _built(tmp_path_factory.mktemp("canary"), "canary", CANARY)


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(FUZZ), *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=False)


@pytest.mark.parametrize(("kind", "report"), [("asan", "heap-use-after-free"), ("ubsan", "shift exponent 40")])
def test_a_fault_fails_the_sanitized_run(canary: tuple[Path, dict[str, str]], kind: str, report: str) -> None:
    """A read of freed heap memory and a shift past an int's width, in a library built as the twin is, each end the run with the sanitizer's report and a non-zero exit: the fuzz below can fail."""
    library, env = canary
    run = _run(env, str(library), "--canary", kind)
    assert run.returncode != 0, run.stdout
    assert report in run.stderr, run.stderr[-3000:]
    assert any(r in run.stderr for r in REPORTS)


def test_the_twin_survives_the_fuzz_under_both_sanitizers(sanitized: tuple[dict[str, Path], dict[str, str]]) -> None:
    """Every public call of the compiled twin and solver, handed hostile values (reentrant __eq__/__hash__/__index__ that change the call's own lists and dicts, subclasses, enormous and negative numbers, wrong types), answers or raises a library error: no sanitizer report, no crash, no other exception."""
    built, env = sanitized
    run = _run(env, str(built["_twin"]), "--solver", str(built["_solver"]), "--examples", str(EXAMPLES))
    found = [r for r in REPORTS if r in run.stderr]
    assert not found, f"{found}:\n{run.stderr[-6000:]}"
    assert run.returncode == 0, f"exit {run.returncode}:\n{run.stderr[-6000:]}"
    summary = json.loads(run.stdout.splitlines()[-1])
    assert summary["findings"] == 0
    assert summary["examples"] == dict.fromkeys(CALLS, EXAMPLES)


def test_the_documented_fuzz_is_the_one_run() -> None:
    """docs/performance.md quotes the examples per call and the build flags this test uses."""
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert f"{EXAMPLES} examples each" in text
    assert f"--examples {EXAMPLES}" in text
    assert " ".join(FLAGS) in text


@pytest.mark.parametrize("ci", ["true", ""])
def test_a_machine_without_gcc_fails_saying_what_to_install(monkeypatch: pytest.MonkeyPatch, ci: str) -> None:
    """Without gcc the sanitizer test fails (never skips), in CI and elsewhere, naming gcc and its sanitizer runtimes."""
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setenv("CI", ci)
    with pytest.raises(pytest.fail.Exception, match=r"gcc not found .*libasan, libubsan") as info:
        _gcc()
    assert ("in CI (CI=true)" in str(info.value)) is bool(ci)
