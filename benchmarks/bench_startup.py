"""Benchmark: the wall-clock seconds of whole ``schwinget`` commands (--help, verify of a small and of the largest trace, clauses) and the import time of ``schwinget_spec.cli``; medians of several runs, each in a fresh interpreter."""

from __future__ import annotations

import argparse
import functools
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_verify import make_fest_trace, make_traces
from fresh import add_baseline, environment, package_tree

# what the console script runs: the entry point, then the exit code it raises
_MAIN = "import sys; from schwinget_spec.cli import main; sys.exit(main())"


def _env(path: str | None) -> dict[str, str]:
    return environment(path, COLUMNS="100")


def command_seconds(args: list[str], path: str | None, cwd: str) -> float:
    """Wall-clock seconds of ``schwinget ARGS`` in a fresh interpreter (with the schwinget_spec of ``path`` if given)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MAIN, *args], capture_output=True, env=_env(path), cwd=cwd, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"schwinget {' '.join(args)} exited {done.returncode}: {done.stderr.decode()[-400:]}")
    return elapsed


def import_seconds(path: str | None, cwd: str) -> float:
    """Seconds ``python -X importtime`` gives ``import schwinget_spec.cli``, everything it imports included."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import schwinget_spec.cli"],
        capture_output=True, text=True, env=_env(path), cwd=cwd, check=True,
    )
    for line in done.stderr.splitlines():
        _, cumulative, name = line.split("|")
        if name.strip() == "schwinget_spec.cli" and not name.startswith("  "):
            return int(cumulative) / 1e6
    raise SystemExit("python -X importtime did not report schwinget_spec.cli")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--fest-players", type=int, default=64, help="Schwinger of the largest trace (default 64; 0 skips it)")
    add_baseline(parser)
    parser.add_argument(
        "--this", metavar="DIR", type=package_tree,
        help="measure the schwinget_spec found in DIR instead of this checkout's (e.g. a `git archive` of HEAD, "
        "without work in progress)",
    )
    args = parser.parse_args()
    sides: list[tuple[str, str | None]] = [
        (f"this {args.this}" if args.this else "this checkout", str(Path(args.this).resolve()) if args.this else None)
    ]
    if args.baseline:
        sides.append((f"baseline {args.baseline}", str(Path(args.baseline).resolve())))
    with tempfile.TemporaryDirectory() as tmp:
        small, fest = Path(tmp, "gang.json"), Path(tmp, "fest.json")
        small.write_text(make_traces(1, 0, with_claims=True)[0], encoding="utf-8")
        commands: list[tuple[str, list[str]]] = [
            ("schwinget --help", ["--help"]),
            ("schwinget verify GANG (3.9 KiB)", ["verify", str(small)]),
            ("schwinget verify --json GANG", ["verify", "--json", str(small)]),
            ("schwinget clauses", ["clauses"]),
        ]
        if args.fest_players:
            fest.write_text(make_fest_trace(args.fest_players, 0), encoding="utf-8")
            size = fest.stat().st_size / 2**20
            commands.append((f"schwinget verify FEST ({args.fest_players} players, {size:.1f} MiB)", ["verify", str(fest)]))
        print(
            f"Python {platform.python_version()} ({platform.python_implementation()}), {args.runs} runs, "
            f"load average {os.getloadavg()[0]:.2f} at the start; wall-clock seconds, median (min-max)"
        )
        # run from the temporary directory: the checkout's own directory would shadow a baseline's PYTHONPATH
        measures: list[tuple[str, Callable[[str | None], float]]] = [
            ("import schwinget_spec.cli (-X importtime)", functools.partial(import_seconds, cwd=tmp))
        ]
        measures += [(label, functools.partial(command_seconds, argv, cwd=tmp)) for label, argv in commands]
        for label, measure in measures:
            for _, path in sides:
                measure(path)  # the bytecode caches written once, outside the figures
            figures: dict[str, list[float]] = {name: [] for name, _ in sides}
            for _ in range(args.runs):
                for name, path in sides:
                    figures[name].append(measure(path))
            medians = {name: statistics.median(values) for name, values in figures.items()}
            for name, values in figures.items():
                print(f"  {label:<48} {name:<28} {medians[name]:.3f} s ({min(values):.3f}-{max(values):.3f})")
            if args.baseline:
                this, base = (medians[name] for name, _ in sides)
                print(f"  {'':<48} {'ratio':<28} {this / base:.2f}x")
        print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
