"""The versions page of the site: the protocol, trace format and vector suite versions read from the library, and each message of the harness protocol's JSON Schema with its definition."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import schwinget_spec
from schwinget_spec.conformance.protocol.messages import PROTOCOL_VERSION
from schwinget_spec.conformance.vectors.suite import SUITE_VERSION
from schwinget_spec.trace import TRACE_VERSION

__all__ = ["SCHEMA", "versions_page"]

SCHEMA = Path(schwinget_spec.__file__).resolve().parent / "conformance" / "protocol" / "protocol.schema.json"
"""The JSON Schema of the harness protocol's messages (``conformance/protocol/protocol.schema.json``)."""


def _definition(name: str, body: Any) -> str:
    text = json.dumps(body, ensure_ascii=False, indent=2)
    return (
        f'<details id="schema-{html.escape(name)}"><summary><code>{html.escape(name)}</code>'
        f' {html.escape(str(body.get("description", "")) if isinstance(body, dict) else "")}</summary>'
        f'<div class="sw-scroll"><pre>{html.escape(text)}</pre></div></details>'
    )


def versions_page() -> str:
    """The page: the three versions, the changelog's place, every request and answer of the schema and the shared definitions."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    defs: dict[str, Any] = schema.get("definitions", {})
    groups = (
        ("Requests (harness to engine)", [n for n in defs if n.startswith("request.")]),
        ("Answers (engine to harness)", [n for n in defs if n.startswith("answer.")]),
        ("Shared definitions", [n for n in defs if not n.startswith(("request.", "answer."))]),
    )
    parts = []
    for title, names in groups:
        parts.append(f"<h2>{html.escape(title)} ({len(names)})</h2>" + "".join(_definition(n, defs[n]) for n in names))
    return f"""# Versions and the protocol's schema

This site describes the versions below, read from the library when the site was built;
what changed between versions, for implementers, is the [changelog](../changelog.md).

| what | version | where it is defined |
|---|---|---|
| harness protocol | {PROTOCOL_VERSION} | `schwinget_spec.conformance.protocol.messages.PROTOCOL_VERSION`, [the harness](../harness.md) |
| trace format | {TRACE_VERSION} | `schwinget_spec.trace.TRACE_VERSION`, [conformance](../conformance.md) |
| vector suite | {SUITE_VERSION} | `schwinget_spec.conformance.vectors.suite.SUITE_VERSION`, [vectors](../vectors.md) |

## The harness messages' JSON Schema

{html.escape(str(schema.get("title", "")))}: `{html.escape(str(schema.get("$id", "")))}`
(`schwinget_spec/conformance/protocol/protocol.schema.json`). {html.escape(str(schema.get("description", "")))}
Each message below opens to its definition.

```{{raw}} html
{"".join(parts)}
```
"""
