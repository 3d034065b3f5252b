"""The JSON Schema of a run file (``schwinget conformance run --json``) as the report writer reads it: each field it reads, of the type it reads it as.

A run file is read by the report page and the JUnit writer; it may come from anywhere
(another version, a hand edit, a hostile CI job). ``run_file_problem`` checks it before
any of it is used: every field the writers read has its JSON type (a count is an integer,
a text a string, a list a list), the nesting is bounded, and a field the writers do not
read may hold anything. A file that breaks it is refused naming its JSON pointer, never
read half-way into a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import fastjsonschema

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.support.safe_text import MAX_SHOWN, terminal_text

__all__ = ["MAX_RUN_FILE_NESTING", "run_file_problem", "run_file_schema", "shown_pointer"]

MAX_RUN_FILE_NESTING = 64
"""The deepest nesting of arrays and objects a run file may have (a report needs 7)."""

_STRING = {"type": "string"}
_STRINGS = {"type": "array", "items": _STRING}
_COUNT = {"type": "integer", "minimum": 0}
_OPTIONAL_STRING = {"type": ["string", "null"]}


def _vector_entries() -> dict[str, Any]:
    return {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"id": _STRING, "status": _STRING, "reason": _STRING, "link": _STRING},
        },
    }


def _scorecard() -> dict[str, Any]:
    counts = ("games_passed", "games_failed", "games_skipped", "vectors_passed", "vectors_failed", "vectors_not_reached", "vectors_skipped")
    return {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "level": _STRING,
                "status": _STRING,
                "declared": {"type": "boolean"},
                "checked": {"type": "boolean"},
                "bounded": {"type": "boolean"},
                "note": _STRING,
                **dict.fromkeys(counts, _COUNT),
                "clauses_failed": {"type": "object", "additionalProperties": _COUNT},
                "first_failure": {
                    "type": ["object", "null"],
                    "properties": {"source": _STRING, "kind": _STRING, "clause_id": {"enum": [None, *CLAUSES]}, "message": _STRING},
                },
            },
        },
    }


def _failure() -> dict[str, Any]:
    return {
        "type": ["object", "null"],
        "properties": {
            "level": _STRING,
            "kind": _STRING,
            "message": _STRING,
            "source": _STRING,
            "clause_id": {"enum": [None, *CLAUSES]},
            "field": _OPTIONAL_STRING,
            "reproduction": {
                "type": ["object", "null"],
                "properties": {
                    "deal": {"type": "object"},
                    "starter": _STRING,
                    "rules": {"type": "object", "additionalProperties": {"type": ["boolean", "string"]}},
                    "actions": _STRINGS,
                    "protocol_lines": _STRINGS,
                },
            },
            "requests": _STRINGS,
            "fresh": _OPTIONAL_STRING,
            "stderr": _STRING,
        },
    }


@cache
def run_file_schema() -> dict[str, Any]:
    """The JSON Schema (draft 7) of a run file: ``implementation`` and ``passed`` required, every field the report writers read typed."""
    run: dict[str, Any] = {
        "type": "object",
        "required": ["implementation", "passed"],
        "properties": {
            "implementation": _STRING,
            "passed": {"type": "boolean"},
            "verdict": _STRING,
            "command": _STRINGS,
            "seed": {"type": ["integer", "string"]},
            "switches": _STRINGS,
            "vectors_played": _COUNT,
            "random_games_played": _COUNT,
            "actions_played": _COUNT,
            "illegal_offered": _COUNT,
            "elapsed_seconds": {"type": "number"},
            "startup_error": _OPTIONAL_STRING,
            "startup_kind": _OPTIONAL_STRING,
            "stopped_at_deadline": {"type": "boolean"},
            "levels_checked": _STRINGS,
            "levels_not_checked": _STRINGS,
            "skipped": _vector_entries(),
            "vector_results": _vector_entries(),
            "divergence": {"$ref": "#/definitions/failure"},
            "level_divergence": {"$ref": "#/definitions/failure"},
            "gang_failures": {"type": "array", "items": {"$ref": "#/definitions/failure"}},
            "scorecard": _scorecard(),
            "max_failures_per_level": {"type": ["integer", "null"], "minimum": 1},
            "vector_gaenge_played": _COUNT,
            "steered_games_played": _COUNT,
            "readings_played": {
                "type": ["object", "null"],
                "additionalProperties": {"type": "array", "items": {"type": ["boolean", "string"]}},
            },
            "undeclared": {"type": "array", "items": {"type": "object", "properties": {"text": _STRING}}},
            "exercised": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"switch": _STRING, "value": {"type": ["boolean", "string"]}, "separating": _COUNT},
                },
            },
            "coverage": {
                "type": ["object", "null"],
                "properties": {
                    "checked": _STRINGS,
                    "unobservable_clauses": {"type": "object", "additionalProperties": _STRING},
                    "clauses": {"type": "object", "additionalProperties": _COUNT},
                    "situations": {"type": "object", "additionalProperties": {"type": ["integer", "null"], "minimum": 0}},
                    "impossible_situations": _STRINGS,
                },
            },
            "levels": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "level": _STRING,
                        "played": {"type": ["integer", "null"], "minimum": 0},
                        "declared": {"type": "boolean"},
                        "checked": {"type": "boolean"},
                        "note": _OPTIONAL_STRING,
                        "vector_results": _vector_entries(),
                        "skipped": _vector_entries(),
                        "failures": {"type": "array", "items": {"$ref": "#/definitions/failure"}},
                    },
                },
            },
        },
    }
    reading = {
        "allOf": [
            {"$ref": "#/definitions/run"},
            {
                "required": ["reading"],
                "properties": {"reading": {"type": "object", "additionalProperties": {"type": ["boolean", "string"]}}},
            },
        ]
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "a run file of schwinget conformance run --json, as the report writers read it",
        "definitions": {"failure": _failure(), "run": run},
        "allOf": [{"$ref": "#/definitions/run"}],
        "properties": {"readings": {"type": "array", "items": reading}},
    }


@cache
def _validator() -> Callable[[Any], Any]:
    return fastjsonschema.compile(run_file_schema())


def shown_pointer(pointer: str) -> str:
    """A JSON pointer into a run file as an error message shows it: control characters escaped, at most 200 characters."""
    text = terminal_text(pointer, keep_lines=False)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def _pointer(parts: Sequence[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _too_deep(data: Any) -> str | None:
    # the JSON pointer of the first value nested deeper than MAX_RUN_FILE_NESTING, or None
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_RUN_FILE_NESTING:
            return shown_pointer(_pointer(path))
        if isinstance(value, dict):
            stack.extend((item, [*path, key]) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, [*path, i]) for i, item in enumerate(value))
    return None


def _resolved(data: Any, parts: Sequence[str | int]) -> list[str | int]:
    # The validator names a value by its keys joined with dots, so a key holding a dot
    # (a clause id) comes back split: the parts are joined again where the file has such a key.
    out: list[str | int] = []
    node, i = data, 0
    while i < len(parts):
        if isinstance(node, list):
            index = str(parts[i])
            if not index.isdigit() or int(index) >= len(node):
                break
            node = node[int(index)]
            out.append(int(index))
            i += 1
            continue
        if not isinstance(node, dict):
            break
        for j in range(len(parts), i, -1):
            key = ".".join(str(p) for p in parts[i:j])
            if key in node:
                node = node[key]
                out.append(key)
                i = j
                break
        else:
            break
    return [*out, *parts[i:]]


def run_file_problem(data: Any) -> tuple[str, str] | None:
    """Where and why ``data`` (a parsed run file) is not one the report writers can read: (JSON pointer, reason), or None.

    The pointer is ``""`` for the whole document.
    """
    deep = _too_deep(data)
    if deep is not None:
        return deep, f"nested deeper than {MAX_RUN_FILE_NESTING} levels"
    try:
        _validator()(data)
    except fastjsonschema.JsonSchemaValueException as exc:
        name = exc.name or "data"
        reason = exc.message[len(name):].strip() if exc.message.startswith(name) else exc.message
        if exc.rule == "enum":
            reason = "must be a clause id of the booklet (schwinget clauses) or null"
        # a key of the file is part of the pointer: shown escaped and cut, as anything from the file
        return shown_pointer(_pointer(_resolved(data, list(exc.path or [])[1:]))), reason
    return None
