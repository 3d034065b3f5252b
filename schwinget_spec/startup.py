"""Ctrl-C while a ``schwinget`` command is still loading: exit code 130 and one line, as once it runs, never a traceback.

The package imports this module first. In a process that is the ``schwinget`` command
(its console script, ``python -m schwinget_spec.cli`` or ``python -m
schwinget_spec.conformance``) it installs a ``sys.excepthook`` for a ``KeyboardInterrupt``
that nothing caught: one line on stderr and exit code 130, whenever it comes (while the
package and click load, while click reads the options, or after a command returned).
A program that imports the library is left alone: its hook is not touched. Ctrl-C in
the first milliseconds, before Python has loaded its ``site`` module and this package,
is Python's own (the process ends by SIGINT, which a shell also reports as 130).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from types import TracebackType

__all__ = ["INTERRUPTED_LINE", "install_interrupt_hook", "is_the_command"]

INTERRUPTED_LINE = "interrupted: stopped before the end, nothing saved\n"
"""What an interrupted command says when nothing caught the interrupt (``cli.common.exit_interrupted`` says the same)."""

_MODULES = ("schwinget_spec.cli", "schwinget_spec.cli.__main__", "schwinget_spec.conformance", "schwinget_spec.conformance.__main__")


def is_the_command() -> bool:
    """True in a process started as the ``schwinget`` command or ``python -m`` one of its modules."""
    argv = getattr(sys, "orig_argv", None) or sys.argv
    if sys.argv and os.path.basename(sys.argv[0]) in ("schwinget", "schwinget.exe", "schwinget-script.py"):
        return True
    return any(flag == "-m" and module in _MODULES for flag, module in itertools.pairwise(argv))


def _hook(kind: type[BaseException], value: BaseException, traceback: TracebackType | None) -> None:
    if not issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, traceback)
        return
    for stream in (sys.stdout, sys.stderr):
        # a closed or broken stream: the exit code still says it
        with contextlib.suppress(Exception):
            stream.flush()
    with contextlib.suppress(OSError):
        os.write(2, INTERRUPTED_LINE.encode())
    # os._exit: Python would otherwise end the process by SIGINT after the hook
    os._exit(130)


def install_interrupt_hook() -> None:
    """Install the hook above, in a process that is the ``schwinget`` command only (``is_the_command``)."""
    if is_the_command() and sys.excepthook is sys.__excepthook__:
        sys.excepthook = _hook


install_interrupt_hook()
