"""The plain C playout of benchmarks/baseline_playout.c plays the rules: the same Gänge as the twin and the readable engine, so the speed it sets is a limit of the same work."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
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
