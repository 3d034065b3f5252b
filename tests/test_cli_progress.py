"""The long commands (``impact``, ``simulate``, ``vectors check``, ``conformance mutants``) show a progress bar on a terminal and nothing of it when piped."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest

COMMANDS = [
    ("simulate", "--matches", "30"),
    ("impact", "--games", "24", "--switch", "konter_beats_trump_six"),
    ("vectors", "check"),
    ("conformance", "mutants", "--only", "higher-six-loses-to-one", "--in-process", "--games", "2", "--markdown"),
]


def _run(args: tuple[str, ...], *, terminal: bool) -> tuple[str, str]:
    """Run ``schwinget ARGS`` with stdout piped and stderr on a pseudo-terminal (or piped); return stdout and stderr."""
    import pty  # noqa: PLC0415

    master, slave = pty.openpty() if terminal else (None, None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "schwinget_spec.cli", *args],
        stdout=subprocess.PIPE, stderr=slave if terminal else subprocess.PIPE, stdin=subprocess.DEVNULL,
        env={**os.environ, "TERM": "xterm"},
    )
    err = b""
    if master is not None and slave is not None:
        os.close(slave)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                err += chunk
            elif proc.poll() is not None:
                break
        os.close(master)
    out, piped_err = proc.communicate(timeout=300)
    assert proc.returncode == 0, (out + (piped_err or b"")).decode()
    return out.decode(), (err or piped_err or b"").decode("utf-8", "replace")


@pytest.mark.parametrize("args", COMMANDS, ids=[a[0] for a in COMMANDS])
def test_progress_on_a_terminal_and_quiet_when_piped(args: tuple[str, ...]) -> None:
    """On a terminal the bar (rich, on stderr) shows the command's name and a count; piped, stderr stays empty."""
    out_tty, err_tty = _run(args, terminal=True)
    assert args[0] in err_tty
    assert "━" in err_tty
    out_pipe, err_pipe = _run(args, terminal=False)
    assert err_pipe == ""
    # the bar never goes to standard output: what is printed is the same either way, but for the timing
    assert _untimed(out_pipe) == _untimed(out_tty)


def _untimed(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(("speed", "engines:"))]
