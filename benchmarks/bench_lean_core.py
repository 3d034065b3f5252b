"""Benchmark: the compiled twin's bulk play beside a plain C playout of the same rules (benchmarks/baseline_playout.c), both built with the same flags, side by side: medians by CPU time, the ratio twin/baseline, and instructions per Gang under callgrind (a run less an empty one)."""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
TWIN = ROOT / "schwinget_spec" / "twin" / "_twin.c"
BASELINE = Path(__file__).resolve().parent / "baseline_playout.c"
N_COUNTS = 14

# What setup.py hands the compiler for the twin on a POSIX system: Python's own CFLAGS (which
# setuptools passes to every extension) and the extension's extra_compile_args.
BUILD_FLAGS = f"{sysconfig.get_config_var('CFLAGS') or ''} -O3"

_CALLGRIND_DRIVER = """
import ctypes, importlib.util, sys
kind, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "twin":
    spec = importlib.util.spec_from_file_location("schwinget_spec.twin._twin", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.play_random(count, 7, 0, False)
else:
    lib = ctypes.CDLL(path)
    lib.baseline_play_random.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint, ctypes.POINTER(ctypes.c_uint64)]
    lib.baseline_play_random(count, 7, 0, (ctypes.c_uint64 * 14)())
"""


def compile_shared(source: Path, target: Path, flags: str) -> None:
    """Compile ``source`` into the shared library ``target`` with ``flags`` (and Python's headers)."""
    include = sysconfig.get_paths()["include"]
    # -I the twin's folder: a _twin.c copied elsewhere still finds the headers it shares with the solver (_cards.h, _errors.h)
    command = ["gcc", "-shared", "-fPIC", *shlex.split(flags), f"-I{include}", f"-I{TWIN.parent}", str(source), "-o",
               str(target)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(command)} failed:\n{done.stderr}")


def build_twin(source: Path, where: Path, flags: str) -> tuple[Path, ModuleType]:
    """A _twin.c built with ``flags`` into ``where``, imported under the twin's name."""
    target = where / f"_twin{sysconfig.get_config_var('EXT_SUFFIX')}"
    compile_shared(source, target, flags)
    spec = importlib.util.spec_from_file_location("schwinget_spec.twin._twin", target)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {target}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return target, module


class Baseline:
    """The plain C playout built with the given flags, called through ctypes (one call per batch)."""

    def __init__(self, where: Path, flags: str) -> None:
        self.path = where / "baseline_playout.so"
        compile_shared(BASELINE, self.path, flags)
        self._lib = ctypes.CDLL(str(self.path))
        self._lib.baseline_play_random.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint,
                                                   ctypes.POINTER(ctypes.c_uint64)]
        self._lib.baseline_play_random.restype = None

    def play_random(self, count: int, seed: int, switches: int) -> tuple[int, ...]:
        """The counts of ``count`` random Gänge, in the order of the twin's ``play_random``."""
        out = (ctypes.c_uint64 * N_COUNTS)()
        self._lib.baseline_play_random(count, seed, switches, out)
        return tuple(out)


def side_by_side(twin: ModuleType, base: Baseline, count: int, runs: int, switches: int) -> tuple[float, float]:
    """Median CPU seconds of ``count`` Gänge by the twin and by the baseline, run by run alternately."""
    times: dict[str, list[float]] = {"twin": [], "base": []}
    calls = {"twin": lambda: twin.play_random(count, 7, switches, False),
             "base": lambda: base.play_random(count, 7, switches)}
    for r in range(runs):
        for label in (("twin", "base") if r % 2 == 0 else ("base", "twin")):
            began = time.process_time()
            calls[label]()
            times[label].append(time.process_time() - began)
    return statistics.median(times["twin"]), statistics.median(times["base"])


def instructions(kind: str, path: Path, count: int) -> int:
    """Instructions of ``count`` Gänge in one bulk call under callgrind: a run of ``count`` less a run of none (the interpreter's own)."""
    totals = []
    for n in (count, 0):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                       sys.executable, "-c", _CALLGRIND_DRIVER, kind, str(path), str(n)]
            done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
            if done.returncode != 0:
                raise SystemExit(f"callgrind failed:\n{done.stderr[-2000:]}")
            lines = [line for line in out.read_text().splitlines() if line.startswith(("totals:", "summary:"))]
            if not lines:
                raise SystemExit("callgrind wrote no totals")
            totals.append(int(lines[0].split()[1]))
    return totals[0] - totals[1]


def main() -> None:
    """Parse the options, check that both play the same Gänge, and measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0].removeprefix("Benchmark: "))
    parser.add_argument("--flags", default=BUILD_FLAGS,
                        help=f"compiler flags for both builds (default: the shipped build's, {BUILD_FLAGS!r})")
    parser.add_argument("--baseline-flags", metavar="FLAGS",
                        help="other flags for the baseline only (default: the same as --flags), e.g. '-O3 -march=native'")
    parser.add_argument("--twin", metavar="FILE", type=Path, default=TWIN,
                        help="the _twin.c to measure (default: this checkout's; e.g. git show COMMIT:schwinget_spec/twin/_twin.c > old.c)")
    parser.add_argument("--count", type=int, default=1_000_000, help="Gänge per timed run (default 10**6)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each (default 7)")
    parser.add_argument("--switches", type=int, default=0, choices=range(32), metavar="0-31",
                        help="the Gang switches as a mask of 5 bits (default 0)")
    parser.add_argument("--callgrind", type=int, default=0, metavar="COUNT",
                        help="also count instructions per Gang under valgrind's callgrind over COUNT Gänge (0: no)")
    args = parser.parse_args()
    if args.count < 1 or args.runs < 1:
        parser.error("--count and --runs must be at least 1")
    if not args.twin.is_file():
        parser.error(f"--twin: no file {args.twin}")
    if args.callgrind and shutil.which("valgrind") is None:
        parser.error("--callgrind: valgrind is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        twin_path, twin = build_twin(args.twin, Path(tmp), args.flags)
        base_flags = args.flags if args.baseline_flags is None else args.baseline_flags
        base = Baseline(Path(tmp), base_flags)
        for sw in range(32):
            if tuple(twin.play_random(2_000, sw, sw, False)[0]) != base.play_random(2_000, sw, sw):
                raise SystemExit(f"the twin and the baseline play different Gänge (switches {sw})")
        print(f"twin: {args.twin}")
        print(f"flags: twin {args.flags}; baseline {base_flags}")
        print(f"load average before: {os.getloadavg()[0]:.1f}")
        t, b = side_by_side(twin, base, args.count, args.runs, args.switches)
        print(f"  play_random({args.count:,}) CPU s, median of {args.runs}: twin {t:.3f}, baseline {b:.3f}; "
              f"twin/baseline speed {b / t:.3f}")
        print(f"  Gänge per CPU second: twin {args.count / t:,.0f}, baseline {args.count / b:,.0f}")
        if args.callgrind:
            ti = instructions("twin", twin_path, args.callgrind)
            bi = instructions("base", base.path, args.callgrind)
            print(f"  instructions per Gang (callgrind, {args.callgrind:,} Gänge): twin {ti / args.callgrind:,.0f}, "
                  f"baseline {bi / args.callgrind:,.0f}; twin/baseline speed {bi / ti:.3f}")
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
