"""The old path of ``schwinget_spec.conformance.protocol.reference_server``, where the code now lives: this module re-exports its public names."""

from __future__ import annotations

from schwinget_spec.conformance.protocol.reference_server import (
    MAX_REQUEST_CHARS,
    BadRequestError,
    EngineFest,
    EngineLoadError,
    EngineMatch,
    PlayedGang,
    ReferenceEngine,
    ReferenceServer,
    answer_requests,
    load_engine,
    main,
    read_deal,
    read_player,
    read_rules,
    serve,
    serve_until_interrupted,
)

__all__ = [
    "MAX_REQUEST_CHARS",
    "BadRequestError",
    "EngineFest",
    "EngineLoadError",
    "EngineMatch",
    "PlayedGang",
    "ReferenceEngine",
    "ReferenceServer",
    "answer_requests",
    "load_engine",
    "main",
    "read_deal",
    "read_player",
    "read_rules",
    "serve",
    "serve_until_interrupted",
]

if __name__ == "__main__":
    main()
