"""The implementation under test as a subprocess speaking the JSON-lines protocol, started again whenever it died."""

from __future__ import annotations

from collections.abc import Sequence

from schwinget_spec.conformance.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    SubprocessAdapter,
    SubprocessClient,
)

__all__ = ["EngineSession"]


class EngineSession:
    """A subprocess implementation that is started again if it died (after a timeout, a crash or a protocol error)."""

    def __init__(self, command: Sequence[str], timeout: float, start_timeout: float, cwd: str | None) -> None:
        self.command = tuple(command)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.cwd = cwd
        self.client: SubprocessClient | None = None
        self.adapter: SubprocessAdapter | None = None

    def connect(self) -> tuple[SubprocessAdapter, str, tuple[str, ...]]:
        """Start the implementation and check its ``hello``: the adapter, its name and version, and the switches it honours."""
        client = SubprocessClient(self.command, timeout=self.timeout, start_timeout=self.start_timeout, cwd=self.cwd)
        try:
            hello = client.hello()
        except ProtocolError:
            client.kill()
            raise
        if hello.protocol != PROTOCOL_VERSION:
            client.close()
            raise ProtocolError(
                f"the implementation speaks protocol {hello.protocol}; this harness speaks {PROTOCOL_VERSION}",
                kind="malformed",
            )
        self.client = client
        self.adapter = SubprocessAdapter(client)
        return self.adapter, f"{hello.name} {hello.version}", hello.switches

    def get(self) -> SubprocessAdapter:
        """The adapter of a live implementation, started again if it died."""
        if self.client is None or self.adapter is None or not self.client.is_alive:
            if self.client is not None:
                self.client.kill()
            self.connect()
        assert self.adapter is not None
        return self.adapter

    def close(self) -> None:
        """Stop the implementation."""
        if self.client is not None:
            self.client.close()
