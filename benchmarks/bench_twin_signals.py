"""Benchmark: what the compiled twin's signal checks cost and buy: bulk play of this checkout's _twin.c beside another build of it, by CPU time, and the time from SIGINT to KeyboardInterrupt inside each long call."""

from __future__ import annotations

import argparse
import importlib.util
import signal
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "schwinget_spec" / "twin" / "_twin.c"

_INTERRUPTED = """
import sys, time
from schwinget_spec import twin
from schwinget_spec.studies.impact import _score_table
from schwinget_spec.rules import Rules
c, scores = twin.compiled(), _score_table((Rules(), Rules()))
schedule = bytes([0, 1, 1, 2, 3, 1, 0, 2, 1, 1, 3, 1, 0, 3, 1, 1, 2, 1, 0, 1, 2, 2, 3, 2, 0, 2, 2, 1, 3, 2, 0, 3, 2, 1, 2, 2])
calls = {
    "play_random(10**12)": lambda: twin.play_random(10**12, 0),
    "play_pairs(MAX_COUNT)": lambda: twin.play_pairs(twin.MAX_COUNT, 0, Rules(), Rules()),
    "match_rows(MAX_COUNT)": lambda: c.match_rows(twin.MAX_COUNT, 0, (0, 1), (0, 0), scores),
    "fest_rows(MAX_COUNT)": lambda: c.fest_rows(twin.MAX_COUNT, 0, (0, 1), (0, 0), (0, 0), schedule, scores),
}
try:
    print("ready", flush=True)
    calls[sys.argv[1]]()
except KeyboardInterrupt:
    print(time.monotonic(), flush=True)
"""
CALLS = ("play_random(10**12)", "play_pairs(MAX_COUNT)", "match_rows(MAX_COUNT)", "fest_rows(MAX_COUNT)")


def build(source: Path, where: Path) -> ModuleType:
    """``source`` compiled as setup.py compiles the twin (-O3), imported under the twin's name."""
    target = where / f"_twin{sysconfig.get_config_var('EXT_SUFFIX')}"
    include = sysconfig.get_paths()["include"]
    # -I the twin's folder: a _twin.c copied elsewhere still finds the headers it shares with the solver (_cards.h, _errors.h)
    subprocess.run(["gcc", "-shared", "-fPIC", "-O3", f"-I{include}", f"-I{SOURCE.parent}", str(source), "-o", str(target)],
                   check=True)
    spec = importlib.util.spec_from_file_location("schwinget_spec.twin._twin", target)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {target}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bulk(baseline: Path, count: int, runs: int) -> None:
    """Print play_random and play_pairs by CPU time for this checkout's build and the baseline's, run by run alternately."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "this").mkdir()
        (Path(tmp) / "base").mkdir()
        this, base = build(SOURCE, Path(tmp) / "this"), build(baseline, Path(tmp) / "base")
        calls: dict[str, Callable[[ModuleType], Any]] = {
            f"play_random({count:,})": lambda m: m.play_random(count, 7, 0, False),
            f"play_random({count:,}, keep)": lambda m: m.play_random(count, 7, 0, True),
            f"play_pairs({count // 2:,})": lambda m: m.play_pairs(count // 2, 7, 0, 31),
        }
        for name, call in calls.items():
            if call(this) != call(base):
                raise SystemExit(f"{name}: the two builds disagree")
            times: dict[str, list[float]] = {"this": [], "base": []}
            for r in range(runs):
                order = (("this", this), ("base", base)) if r % 2 == 0 else (("base", base), ("this", this))
                for label, module in order:
                    began = time.process_time()
                    call(module)
                    times[label].append(time.process_time() - began)
            t, b = statistics.median(times["this"]), statistics.median(times["base"])
            print(f"  {name:32s} CPU s: this {t:.3f}, baseline {b:.3f}; speed this/baseline {b / t:.3f}")


def interrupts(tries: int) -> None:
    """Print the time from SIGINT to KeyboardInterrupt inside each long call of the installed twin."""
    for name in CALLS:
        delays = []
        for _ in range(tries):
            proc = subprocess.Popen([sys.executable, "-c", _INTERRUPTED, name], stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None
            proc.stdout.readline()
            time.sleep(0.5)
            sent = time.monotonic()
            proc.send_signal(signal.SIGINT)
            out, _ = proc.communicate(timeout=60)
            delays.append(float(out) - sent)
        print(f"  {name:32s} SIGINT to KeyboardInterrupt: median {statistics.median(delays) * 1000:.1f} ms, "
              f"longest {max(delays) * 1000:.1f} ms ({tries} tries)")


def main() -> None:
    """Parse the options and measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0].removeprefix("Benchmark: "))
    parser.add_argument("--baseline", metavar="FILE", type=Path,
                        help="a _twin.c to compare with (e.g. git show COMMIT:schwinget_spec/twin/_twin.c > old.c)")
    parser.add_argument("--count", type=int, default=1_000_000, help="Gänge per bulk run (default 10**6)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per build (default 7)")
    parser.add_argument("--tries", type=int, default=5, help="SIGINTs per long call (default 5)")
    args = parser.parse_args()
    if args.baseline is not None:
        if not args.baseline.is_file():
            parser.error(f"--baseline: no file {args.baseline}")
        bulk(args.baseline, args.count, args.runs)
    interrupts(args.tries)


if __name__ == "__main__":
    main()
