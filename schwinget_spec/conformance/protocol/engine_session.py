"""The implementation under test as a subprocess speaking the JSON-lines protocol, started again whenever it died, stopped with its whole process group in every case."""

from __future__ import annotations

import contextlib
import json
import math
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import FrameType
from typing import Any

from schwinget_spec.conformance.protocol.messages import (
    Hello,
    ProtocolError,
    SubprocessAdapter,
    SubprocessClient,
)
from schwinget_spec.errors import SchwingetError

__all__ = [
    "DEFAULT_DEADLINE",
    "ClientFactory",
    "EngineSession",
    "HarnessSettingError",
    "HarnessTerminated",
    "LoopbackClient",
    "check_seconds",
    "terminate_as_interrupt",
]

DEFAULT_DEADLINE = 600.0
"""Seconds a whole ``conformance run`` may take (games, shrinking and the fresh replay) before it stops and says so."""


class HarnessSettingError(SchwingetError, ValueError):
    """A setting of the harness is out of range (a timeout or deadline that is not a positive finite number of seconds); names the parameter."""

    def __init__(self, reason: str, *, parameter: str) -> None:
        super().__init__(reason)
        self.parameter = parameter


class HarnessTerminated(KeyboardInterrupt):
    """The harness process received SIGTERM: raised in the main thread like SIGINT's ``KeyboardInterrupt``, so the engine is stopped on the way out."""


def check_seconds(parameter: str, value: object) -> float:
    """``value`` as seconds if it is a positive finite number; raises ``HarnessSettingError`` naming ``parameter`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HarnessSettingError(f"{parameter} must be a number of seconds, got {value!r}", parameter=parameter)
    seconds = float(value)
    if not math.isfinite(seconds) or seconds <= 0:
        raise HarnessSettingError(
            f"{parameter} must be a positive finite number of seconds, got {value!r}", parameter=parameter
        )
    return seconds


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises ``HarnessTerminated`` (a ``KeyboardInterrupt``) in the main thread, as SIGINT does.

    Outside the main thread, or where there is no SIGTERM, nothing changes.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        raise HarnessTerminated(f"signal {signum}")

    previous: Callable[[int, FrameType | None], Any] | int | None = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)


class LoopbackClient(SubprocessClient):
    """A ``SubprocessClient`` that answers in process through ``handle`` (a request object in, an answer object out), with no subprocess.

    Each request and answer still travels as one JSON line, so the harness sees exactly
    what a subprocess would send; an exception from ``handle`` is answered as the
    protocol's ``internal`` error. Used to run the kit against in-process engines (the
    mutants' fast route) with the same code as against a subprocess.
    """

    def __init__(self, handle: Callable[[Any], dict[str, Any]], *, timeout: float = 5.0, start_timeout: float = 20.0) -> None:
        # no process: only what request() and the adapters read
        self.command = ("(in process)",)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.deadline = None
        self._handle = handle
        self._open = True

    @property
    def stderr_tail(self) -> str:
        """Nothing: an in-process engine has no standard error of its own."""
        return ""

    @property
    def is_alive(self) -> bool:
        """True until ``close`` or ``kill``."""
        return self._open

    def request(self, message: Mapping[str, Any], *, timeout: float | None = None) -> dict[str, Any]:
        """Send ``message`` through ``handle`` as a JSON line, and read its answer back from one."""
        if not self._open:
            raise ProtocolError(f"the in-process engine was stopped before {message.get('cmd')!r}", kind="exited")
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self._open = False
            raise ProtocolError(f"the run's deadline passed before {message.get('cmd')!r}", kind="deadline")
        try:
            answer = self._handle(json.loads(json.dumps(message)))
        except Exception as exc:  # the engine's own failure, as a subprocess would report it
            answer = {"ok": False, "error": "internal", "message": f"{type(exc).__name__}: {exc}"}
        result = json.loads(json.dumps(answer))
        if not isinstance(result, dict) or not isinstance(result.get("ok"), bool):
            raise ProtocolError(f"the answer to {message.get('cmd')!r} must be an object with 'ok'", kind="malformed")
        return result

    def close(self) -> None:
        """Stop answering."""
        self._open = False

    def kill(self) -> None:
        """Stop answering."""
        self._open = False


ClientFactory = Callable[[], SubprocessClient]
"""Starts one implementation (a ``SubprocessClient``, or a ``LoopbackClient`` for an in-process engine)."""


class EngineSession:
    """A subprocess implementation that is started again if it died (after a timeout, a crash or a protocol error).

    ``deadline`` is a ``time.monotonic()`` instant no request waits past (None for
    none). Every process the session started is stopped with its process group when it
    is replaced and on ``close``; ``fresh`` gives a new process for one use.
    ``client_factory``, if given, starts each implementation instead of ``command`` (an
    in-process ``LoopbackClient``, say).
    """

    def __init__(
        self,
        command: Sequence[str],
        timeout: float,
        start_timeout: float,
        cwd: str | None,
        *,
        deadline: float | None = None,
        client_factory: ClientFactory | None = None,
    ) -> None:
        self.client_factory = client_factory
        self.command = tuple(command)
        self.timeout = check_seconds("timeout", timeout)
        self.start_timeout = check_seconds("start_timeout", start_timeout)
        self.cwd = cwd
        self.deadline = deadline
        self.client: SubprocessClient | None = None
        self.adapter: SubprocessAdapter | None = None
        self.hello: Hello | None = None
        """The engine's answer to ``hello``: its protocol version, levels and switches."""

    @property
    def past_deadline(self) -> bool:
        """True once the deadline has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def _start(self) -> tuple[SubprocessClient, str, tuple[str, ...]]:
        if self.client_factory is not None:
            client = self.client_factory()
        else:
            client = SubprocessClient(self.command, timeout=self.timeout, start_timeout=self.start_timeout, cwd=self.cwd)
        client.deadline = self.deadline
        try:
            hello = client.hello()
        except BaseException:
            # a protocol error, or an interrupt while waiting: nothing may outlive the start
            client.kill()
            raise
        # parse_hello refused a version the harness does not speak; keep what the engine declared
        self.hello = hello
        return client, f"{hello.name} {hello.version}", hello.switches

    def connect(self) -> tuple[SubprocessAdapter, str, tuple[str, ...]]:
        """Start the implementation and check its ``hello``: the adapter, its name and version, and the switches it honours."""
        client, name, switches = self._start()
        self.client = client
        self.adapter = SubprocessAdapter(client)
        return self.adapter, name, switches

    def get(self) -> SubprocessAdapter:
        """The adapter of a live implementation, started again if it died."""
        if self.client is None or self.adapter is None or not self.client.is_alive:
            if self.client is not None:
                self.client.kill()
            self.connect()
        assert self.adapter is not None
        return self.adapter

    @contextlib.contextmanager
    def fresh(self) -> Iterator[SubprocessAdapter]:
        """A newly started implementation that has served nothing but ``hello``, stopped (with its group) on leaving."""
        client, _, _ = self._start()
        try:
            yield SubprocessAdapter(client)
        finally:
            client.close()

    def close(self) -> None:
        """Stop the implementation and whatever is left of its process group."""
        if self.client is not None:
            self.client.close()
