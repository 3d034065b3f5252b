"""The benchmark scripts stay runnable: each answers --help, and the verifier's and the engine's run a small measurement beside a baseline tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py") if p.name != "fresh.py")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=BENCHMARKS.parent, check=False)


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_benchmark_answers_help(script: str) -> None:
    """Each script imports (its helpers in benchmarks/ included) and parses its options."""
    done = _run(str(BENCHMARKS / script), "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:")


def test_the_shared_runner_measures_a_baseline_tree(tmp_path: Path) -> None:
    """``--baseline DIR`` runs every measurement with the schwinget_spec in DIR too and prints the ratio (fresh.run_fresh)."""
    package = Path(__file__).resolve().parent.parent / "schwinget_spec"
    (tmp_path / "schwinget_spec").symlink_to(package)
    done = _run(str(BENCHMARKS / "bench_verify.py"), "--runs", "1", "--count", "20", "--fest-players", "4",
                "--baseline", str(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("x the baseline" in line and "4-player Schwingfest" in line for line in lines), done.stdout
    assert sum(f"baseline {tmp_path}" in line for line in lines) == 6, done.stdout


def test_the_baseline_tree_is_the_one_measured(tmp_path: Path) -> None:
    """The child runs import schwinget_spec from DIR, not from this checkout: a DIR whose package cannot load fails the run."""
    (tmp_path / "schwinget_spec").mkdir()
    (tmp_path / "schwinget_spec" / "__init__.py").write_text('raise ImportError("the baseline tree was imported")\n')
    done = _run(str(BENCHMARKS / "bench_gang.py"), "--runs", "1", "--count", "10", "--baseline", str(tmp_path))
    assert done.returncode != 0
    assert "the baseline tree was imported" in done.stderr


@pytest.mark.parametrize(("script", "option", "value"), [
    ("bench_verify.py", "--growth", "2,x"),
    ("bench_verify.py", "--baseline", "/nonexistent"),
    ("bench_gang.py", "--baseline", "benchmarks"),
    ("bench_startup.py", "--this", "/nonexistent"),
])
def test_a_bad_option_value_is_one_line_and_exit_code_2(script: str, option: str, value: str) -> None:
    """A benchmark refuses a bad value (a baseline tree without a schwinget_spec package too) as argparse does: one usage line, exit code 2, no traceback."""
    done = _run(str(BENCHMARKS / script), option, value)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert option in done.stderr.splitlines()[-1]
