"""Every process an engine started, found and stopped: its process group, its tree of children, and any process that carries the engine's mark in its environment (a helper that left the group with ``setsid``).

The kit starts each engine in a process group of its own and stops the group at the end
(``SubprocessClient.kill``). A helper that calls ``setsid`` (or double-forks into a new
session) leaves that group, and once its parent exits it is no longer in the engine's
tree of children either: it belongs to the system's reaper. Such a process still holds
the environment it was started with, so the kit marks the engine's environment with a
token of its own (``ENGINE_MARK``) and, when it stops the engine, stops every process
of this user whose environment carries that token, besides the engine's tree of children
walked through ``/proc`` (which finds a descendant that cleared its environment while
its parent still runs). On a system without ``/proc`` only the group is stopped.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
from collections.abc import Iterable
from pathlib import Path

__all__ = ["ENGINE_MARK", "engine_processes", "new_mark", "stop_engine_processes"]

ENGINE_MARK = "SCHWINGET_ENGINE_RUN"
"""The environment variable whose value marks the processes of one engine's run (``new_mark``)."""

_PROC = Path("/proc")
_ROUNDS = 5
"""How many times the kit looks again for processes to stop: a process being stopped may have started another meanwhile."""


def new_mark() -> str:
    """A fresh token for ``ENGINE_MARK``: 128 random bits, so that no two runs share it."""
    return secrets.token_hex(16)


def _children(pid: int) -> list[int]:
    out: list[int] = []
    with contextlib.suppress(OSError):
        for task in (_PROC / str(pid) / "task").iterdir():
            with contextlib.suppress(OSError, ValueError):
                out.extend(int(c) for c in (task / "children").read_text(encoding="ascii").split())
    return out


def _tree(root: int) -> set[int]:
    """``root``'s descendants now (not ``root``), walked without recursion."""
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in _children(stack.pop()):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def _marked(entry: bytes) -> set[int]:
    found: set[int] = set()
    with contextlib.suppress(OSError):
        for path in _PROC.iterdir():
            if not path.name.isdigit():
                continue
            try:
                environ = (path / "environ").read_bytes()
            except OSError:  # gone, or another user's: not one of ours
                continue
            if entry in environ.split(b"\0"):
                found.add(int(path.name))
    return found


def engine_processes(pid: int | None, mark: str) -> set[int]:
    """The processes of the engine started as ``pid`` with ``mark``: ``pid`` and its tree of children, and every process whose environment carries the mark; this process never.

    ``pid`` is None once the engine has been reaped: its number may then belong to
    another process, and its orphans are found by the mark alone.
    """
    found = _marked(f"{ENGINE_MARK}={mark}".encode())
    if pid is not None:
        found |= _tree(pid) | {pid}
    found.discard(os.getpid())
    return found


def _kill_all(pids: Iterable[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def stop_engine_processes(pid: int | None, mark: str) -> None:
    """Stop (SIGKILL) every process of ``engine_processes``, again until none is left or after a few rounds; nothing happens without ``/proc``."""
    if not _PROC.is_dir():
        return
    for _ in range(_ROUNDS):
        found = {p for p in engine_processes(pid, mark) if _running(p)}
        if not found:
            return
        _kill_all(found)


def _running(pid: int) -> bool:
    # a zombie has stopped: its parent (or the system's reaper) only has to collect it
    try:
        stat = (_PROC / str(pid) / "stat").read_bytes()
    except OSError:
        return False
    return stat.rsplit(b")", 1)[-1].split()[:1] not in ([b"Z"], [b"X"])
