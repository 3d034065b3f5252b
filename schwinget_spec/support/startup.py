"""Ctrl-C while a ``schwinget`` command is still loading: exit code 130 and one line, as once it runs, never a traceback.

The package imports this module first. In a process that is the ``schwinget`` command
(its console script, ``python -m schwinget_spec.cli`` or ``python -m
schwinget_spec.conformance``) it makes Ctrl-C (SIGINT) end the process at once with one
line on stderr and exit code 130 while the package, click and the command's modules
load: nothing is saved yet, and a ``KeyboardInterrupt`` raised there could end in a
traceback, in click's "Aborted!" or be swallowed by Python inside an import's callback.
Where a command runs (``interrupts_raise``), Ctrl-C is Python's ``KeyboardInterrupt``
again, so that the command stops cleanly and says what it saved; a ``KeyboardInterrupt``
that nothing catches still ends in the same line and 130 (``sys.excepthook``). A program
that imports the library is left alone. Ctrl-C in the first milliseconds, before Python
has loaded its ``site`` module and this package, is Python's own (the process ends by
SIGINT, which a shell also reports as 130).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import FrameType, TracebackType
from typing import NoReturn

__all__ = ["INTERRUPTED_LINE", "end_interrupted", "install_interrupt_hook", "interrupts_raise", "is_the_command"]

INTERRUPTED_LINE = "interrupted: stopped before the end, nothing saved\n"
"""What an interrupted command says when nothing caught the interrupt (``cli.common.exit_interrupted`` says the same)."""

_MODULES = ("schwinget_spec.cli", "schwinget_spec.cli.__main__", "schwinget_spec.conformance", "schwinget_spec.conformance.__main__")


def is_the_command() -> bool:
    """True in a process started as the ``schwinget`` command or ``python -m`` one of its modules."""
    if sys.argv and os.path.basename(sys.argv[0]) in ("schwinget", "schwinget.exe", "schwinget-script.py"):
        return True
    argv = getattr(sys, "orig_argv", None) or sys.argv
    return any(argv[i] == "-m" and argv[i + 1] in _MODULES for i in range(len(argv) - 1))


def _end_interrupted() -> NoReturn:
    for stream in (sys.stdout, sys.stderr):
        # a closed or broken stream: the exit code still says it
        with suppress(Exception):
            stream.flush()
    with suppress(OSError):
        os.write(2, INTERRUPTED_LINE.encode())
    # os._exit: no KeyboardInterrupt to unwind (nothing is saved yet), and Python would
    # otherwise end the process by SIGINT after an uncaught one
    os._exit(130)


def end_interrupted() -> NoReturn:
    """End the process at once after Ctrl-C: the streams flushed, ``INTERRUPTED_LINE`` on stderr, exit code 130, nothing unwound (a thread still inside compiled code cannot hold the end)."""
    _end_interrupted()


def _on_sigint(_signum: int, _frame: FrameType | None) -> None:
    _end_interrupted()


def _hook(kind: type[BaseException], value: BaseException, traceback: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        _end_interrupted()
    sys.__excepthook__(kind, value, traceback)


def install_interrupt_hook() -> None:
    """In a process that is the ``schwinget`` command only (``is_the_command``): Ctrl-C ends it at once with one line and 130."""
    if not is_the_command():
        return
    if sys.excepthook is sys.__excepthook__:
        sys.excepthook = _hook
    # outside the main thread (ValueError) Python's own handling stays
    with suppress(ValueError):
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_sigint)


@contextmanager
def interrupts_raise() -> Iterator[None]:
    """Within the block, Ctrl-C raises ``KeyboardInterrupt`` (Python's default), so that a running command stops cleanly and says what it saved."""
    ours = signal.getsignal(signal.SIGINT) is _on_sigint
    if ours:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGINT, _on_sigint)


install_interrupt_hook()
