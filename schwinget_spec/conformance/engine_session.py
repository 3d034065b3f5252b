"""The old path of ``schwinget_spec.conformance.protocol.engine_session``, where the code now lives: this module re-exports its public names."""

from __future__ import annotations

from schwinget_spec.conformance.protocol.engine_session import (
    DEFAULT_DEADLINE,
    ClientFactory,
    EngineSession,
    HarnessSettingError,
    HarnessTerminated,
    LoopbackClient,
    check_seconds,
    terminate_as_interrupt,
)

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
