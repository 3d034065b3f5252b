"""The JSON-lines protocol between the kit and an implementation: its messages and schema, the readings an engine declares, the engine as a subprocess, and the reference server.

The names of ``messages`` (the protocol's old module path) are imported from it when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schwinget_spec.support.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from schwinget_spec.conformance.protocol.messages import (
        ALL_SWITCHES,
        DEFAULT_START_TIMEOUT,
        DEFAULT_TIMEOUT,
        FEST_SCHEDULE_MAX_LINE_BYTES,
        FEST_SWITCHES,
        GANG_SWITCHES,
        LEVELS,
        MATCH_SWITCHES,
        MAX_LINE_BYTES,
        PROTOCOL1_GANG_SWITCHES,
        PROTOCOL_VERSION,
        SCORING_SWITCHES,
        SUPPORTED_PROTOCOLS,
        ActionRefusedError,
        Hello,
        ProtocolError,
        RemoteGang,
        StateReport,
        SubprocessAdapter,
        SubprocessClient,
        checked_answer,
        deal_from_codes,
        gang_rules_to_json,
        parse_hello,
        parse_result,
        parse_state,
        start_message,
    )

__all__ = [
    "ALL_SWITCHES",
    "DEFAULT_START_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "FEST_SCHEDULE_MAX_LINE_BYTES",
    "FEST_SWITCHES",
    "GANG_SWITCHES",
    "LEVELS",
    "MATCH_SWITCHES",
    "MAX_LINE_BYTES",
    "PROTOCOL1_GANG_SWITCHES",
    "PROTOCOL_VERSION",
    "SCORING_SWITCHES",
    "SUPPORTED_PROTOCOLS",
    "ActionRefusedError",
    "Hello",
    "ProtocolError",
    "RemoteGang",
    "StateReport",
    "SubprocessAdapter",
    "SubprocessClient",
    "checked_answer",
    "deal_from_codes",
    "gang_rules_to_json",
    "parse_hello",
    "parse_result",
    "parse_state",
    "start_message",
]

_WHERE: dict[str, str] = {
    "ALL_SWITCHES": "schwinget_spec.conformance.protocol.messages",
    "DEFAULT_START_TIMEOUT": "schwinget_spec.conformance.protocol.messages",
    "DEFAULT_TIMEOUT": "schwinget_spec.conformance.protocol.messages",
    "FEST_SCHEDULE_MAX_LINE_BYTES": "schwinget_spec.conformance.protocol.messages",
    "FEST_SWITCHES": "schwinget_spec.conformance.protocol.messages",
    "GANG_SWITCHES": "schwinget_spec.conformance.protocol.messages",
    "LEVELS": "schwinget_spec.conformance.protocol.messages",
    "MATCH_SWITCHES": "schwinget_spec.conformance.protocol.messages",
    "MAX_LINE_BYTES": "schwinget_spec.conformance.protocol.messages",
    "PROTOCOL1_GANG_SWITCHES": "schwinget_spec.conformance.protocol.messages",
    "PROTOCOL_VERSION": "schwinget_spec.conformance.protocol.messages",
    "SCORING_SWITCHES": "schwinget_spec.conformance.protocol.messages",
    "SUPPORTED_PROTOCOLS": "schwinget_spec.conformance.protocol.messages",
    "ActionRefusedError": "schwinget_spec.conformance.protocol.messages",
    "Hello": "schwinget_spec.conformance.protocol.messages",
    "ProtocolError": "schwinget_spec.conformance.protocol.messages",
    "RemoteGang": "schwinget_spec.conformance.protocol.messages",
    "StateReport": "schwinget_spec.conformance.protocol.messages",
    "SubprocessAdapter": "schwinget_spec.conformance.protocol.messages",
    "SubprocessClient": "schwinget_spec.conformance.protocol.messages",
    "checked_answer": "schwinget_spec.conformance.protocol.messages",
    "deal_from_codes": "schwinget_spec.conformance.protocol.messages",
    "gang_rules_to_json": "schwinget_spec.conformance.protocol.messages",
    "parse_hello": "schwinget_spec.conformance.protocol.messages",
    "parse_result": "schwinget_spec.conformance.protocol.messages",
    "parse_state": "schwinget_spec.conformance.protocol.messages",
    "start_message": "schwinget_spec.conformance.protocol.messages",
}


__getattr__ = lazy_getattr(__name__, _WHERE)
