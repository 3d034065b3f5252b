"""What the benchmarks share: each measurement in a fresh interpreter, with an older schwinget_spec first on the path for ``--baseline``."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_baseline", "environment", "package_tree", "run_fresh"]


def package_tree(value: str) -> str:
    """``value`` if it is a directory holding a schwinget_spec package (an argparse type: anything else is a usage error).

    A directory without one would leave PYTHONPATH pointing nowhere, and the run would
    quietly measure this checkout's package under the baseline's name.
    """
    if not (Path(value) / "schwinget_spec" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(
            f"{value} holds no schwinget_spec package (make one with: git archive COMMIT schwinget_spec | tar -x -C {value})"
        )
    return value


def add_baseline(parser: argparse.ArgumentParser) -> None:
    """Add ``--baseline DIR``: every measurement run with the schwinget_spec found in DIR as well, run by run."""
    parser.add_argument(
        "--baseline", metavar="DIR", type=package_tree,
        help="also run every measurement with the schwinget_spec found in DIR (e.g. a `git archive` of an older commit), "
        "alternating run by run, and print the ratio",
    )


def environment(path: str | None, **extra: str) -> dict[str, str]:
    """This process's environment with ``extra`` set and, if ``path`` is given, its schwinget_spec first on PYTHONPATH."""
    env = dict(os.environ, **extra)
    if path is not None:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    return env


def run_fresh(script: str, args: list[str], path: str | None = None, **extra: str) -> Any:
    """What ``script`` run with ``args`` in a fresh interpreter prints as JSON: no warm caches or garbage from the run before.

    ``path``: a directory whose schwinget_spec is measured instead of this checkout's;
    ``extra``: environment variables to set (e.g. ``SCHWINGET_NO_TWIN="1"``). A run that
    fails ends the benchmark with the end of its error output, not a traceback of this one.
    """
    done = subprocess.run(
        [sys.executable, script, *args], capture_output=True, text=True, check=False, env=environment(path, **extra)
    )
    if done.returncode != 0:
        where = "" if path is None else f" with the schwinget_spec of {path}"
        tail = "\n".join(done.stderr.strip().splitlines()[-6:])
        raise SystemExit(f"a measurement run{where} failed (exit code {done.returncode}):\n{tail}")
    return json.loads(done.stdout)
