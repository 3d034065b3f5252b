"""The plain C playout of benchmarks/baseline_playout.c plays the rules: the same Gänge as the twin and the readable engine, so the speed it sets is a limit of the same work."""

from __future__ import annotations

import ctypes
import importlib.util
import platform
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from schwinget_spec import twin
from schwinget_spec.twin import pure

SOURCE = Path(__file__).resolve().parent.parent / "benchmarks" / "baseline_playout.c"
N_COUNTS = 14


def _build(tmp_path: Path) -> ctypes.CDLL:
    """The baseline compiled as the benchmark compiles it (the shipped build's -O3), loaded through ctypes."""
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc not found: the README's set-up needs gcc for the twin and this benchmark's baseline")
    target = tmp_path / "baseline_playout.so"
    subprocess.run([gcc, "-shared", "-fPIC", "-O3", "-Wall", "-Werror", str(SOURCE), "-o", str(target)], check=True)
    lib = ctypes.CDLL(str(target))
    lib.baseline_play_random.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint, ctypes.POINTER(ctypes.c_uint64)]
    lib.baseline_play_random.restype = None
    return lib


def _counts(lib: ctypes.CDLL, count: int, seed: int, switches: int) -> tuple[int, ...]:
    out = (ctypes.c_uint64 * N_COUNTS)()
    lib.baseline_play_random(count, seed, switches, out)
    return tuple(out)


@pytest.mark.clause("deal.shuffle", "schwung.farbzwang", "kampfrichter.neutralises", "kampfrichter.chooses",
                    "konter.beats_six", "angriff.locks_pile", "plattwurf.definition", "gang.more_tricks_wins")
def test_the_baseline_plays_the_twins_gaenge_under_every_switch_combination(tmp_path: Path) -> None:
    """Over a seeded batch of 2,000 Gänge for each of the 32 switch masks the baseline's counts equal the twin's play_random counts."""
    lib = _build(tmp_path)
    engine = twin.engine_module()
    for switches in range(32):
        seed = 1_000 + switches
        assert _counts(lib, 2_000, seed, switches) == tuple(engine.play_random(2_000, seed, switches, False)[0]), switches


@pytest.mark.clause("schwung.farbzwang", "trump.beats", "konter.loses", "schwung.void_loses")
def test_the_baseline_plays_the_readable_engines_gaenge(tmp_path: Path) -> None:
    """Over 40 Gänge for each of the 32 switch masks the baseline's counts equal those of the readable engine's bulk play."""
    lib = _build(tmp_path)
    for switches in range(32):
        assert _counts(lib, 40, switches, switches) == tuple(pure.play_random(40, switches, switches, False)[0]), switches


def _cpu_has_popcnt() -> bool:
    """The CPU's popcount instruction, as Linux lists it in /proc/cpuinfo (x86)."""
    info = Path("/proc/cpuinfo")
    return info.is_file() and any(
        line.startswith("flags") and "popcnt" in line.split() for line in info.read_text().splitlines())


def test_the_twin_uses_the_cpus_popcount_when_the_cpu_has_one() -> None:
    """The installed twin runs its popcount build exactly when the CPU lists the instruction (x86 Linux)."""
    compiled = twin.compiled()
    machine = platform.machine().lower()
    if machine in {"x86_64", "amd64", "i686", "i386"} and Path("/proc/cpuinfo").is_file():
        assert int(_cpu_has_popcnt()) == compiled.POPCNT
    else:
        assert compiled.POPCNT == 0


@pytest.mark.clause("deal.shuffle", "schwung.farbzwang", "kampfrichter.chooses")
def test_the_portable_build_plays_the_same_gaenge(tmp_path: Path) -> None:
    """A twin built without the popcount build (SCHWINGET_NO_POPCNT_DISPATCH) gives the installed twin's packed results, byte for byte."""
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc not found: the README's set-up needs gcc for the twin")
    source = Path(twin.__file__).resolve().parent / "_twin.c"
    target = tmp_path / f"_twin{sysconfig.get_config_var('EXT_SUFFIX')}"
    subprocess.run([gcc, "-shared", "-fPIC", "-O1", "-DSCHWINGET_NO_POPCNT_DISPATCH",
                    f"-I{sysconfig.get_paths()['include']}", str(source), "-o", str(target)], check=True)
    spec = importlib.util.spec_from_file_location("schwinget_spec.twin._twin", target)
    assert spec is not None
    assert spec.loader is not None
    portable = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(portable)
    assert portable.POPCNT == 0
    for switches in (0, 5, 26, 31):
        assert portable.play_random(3_000, switches, switches, True) == twin.compiled().play_random(3_000, switches, switches, True)


def test_the_benchmark_runs_both_side_by_side() -> None:
    """benchmarks/bench_lean_core.py builds both, checks they play the same Gänge and prints the ratio of the two."""
    script = SOURCE.parent / "bench_lean_core.py"
    done = subprocess.run([sys.executable, str(script), "--count", "2000", "--runs", "1"], capture_output=True,
                          text=True, check=False, cwd=SOURCE.parent.parent)
    assert done.returncode == 0, done.stderr
    assert "twin/baseline speed" in done.stdout
    assert "play different Gänge" not in done.stdout
