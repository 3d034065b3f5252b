"""The generator of the conformance vector files: every group in order, each file written as deterministic JSON."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.conformance.trace.verify import verify_trace
from schwinget_spec.conformance.vectors.gen_defects import malformed_vectors, wrong_claim_vectors
from schwinget_spec.conformance.vectors.gen_gang import illegal_vectors, rule_vectors, valid_vectors
from schwinget_spec.conformance.vectors.gen_matches import fest_vectors, match_vectors
from schwinget_spec.conformance.vectors.gen_perft import perft_vectors
from schwinget_spec.conformance.vectors.gen_scoring import scoring_vectors
from schwinget_spec.conformance.vectors.runner import verdict_matches
from schwinget_spec.conformance.vectors.suite import SUITE_VERSION, VECTOR_FORMAT
from schwinget_spec.files import write_text_atomically
from schwinget_spec.rules import Rules

__all__ = ["depends_on", "dumps", "generate_files", "switch_flips", "write_vectors"]

_LINE_WIDTH = 160
_FIRST_KEYS = ("format", "suite_version", "group", "id", "kind", "description", "clauses")


# -- deterministic JSON


def _key_order(key: str) -> tuple[int, str]:
    return (_FIRST_KEYS.index(key), "") if key in _FIRST_KEYS else (len(_FIRST_KEYS), key)


def _fmt(value: Any, level: int) -> str:
    compact = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))
    if not isinstance(value, (dict, list)) or not value or len(compact) + 2 * level <= _LINE_WIDTH:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{json.dumps(k)}: {_fmt(value[k], level)}" for k in sorted(value, key=_key_order)) + "}"
        return compact
    pad = "  " * (level + 1)
    if isinstance(value, list):
        inner = ",\n".join(pad + _fmt(item, level + 1) for item in value)
        return "[\n" + inner + "\n" + "  " * level + "]"
    keys = sorted(value, key=_key_order)
    inner = ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: {_fmt(value[k], level + 1)}" for k in keys)
    return "{\n" + inner + "\n" + "  " * level + "}"


def dumps(value: Any) -> str:
    """``value`` as the suite writes JSON: two-space indent, short values on one line, keys sorted (ids first), a final newline."""
    return _fmt(value, 0) + "\n"


# -- files


_GROUPS: tuple[tuple[str, str, Callable[[], list[dict[str, Any]]]], ...] = (
    ("gang.valid", "Complete legal Gänge with the reference's claims after every step: each must conform.", valid_vectors),
    ("gang.rules", "The readings of each rules switch that changes a Gang, and a claim of the other reading.", rule_vectors),
    ("gang.illegal_action", "A legal Gang with one illegal action inserted: removing it gives a conforming trace.", illegal_vectors),
    ("gang.wrong_claim", "A legal Gang with one wrong claim: restoring the reference value gives a conforming trace.",
     wrong_claim_vectors),
    ("malformed", "Documents that are not valid traces: one defect each.", malformed_vectors),
    ("scoring", "One finished Gang per row of the Wertungstabelle under each system, and the good loser's point, with its points.",
     scoring_vectors),
    ("match", "Whole matches under both scoring systems: points, starters, totals and the winner.", match_vectors),
    ("schwingfest", "Whole Schwingfeste of 3 and 4 Schwinger: meetings, starters, points and standings.", fest_vectors),
    ("perft", "Counts of distinct legal action sequences from fixed positions, depth by depth.", perft_vectors),
)


# -- the switches a vector's expectation depends on


def switch_flips(rules_json: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every (switch, value) that differs from the value ``rules_json`` gives the switch (its default when absent)."""
    defaults = Rules()
    for field in attrs.fields(Rules):
        current = rules_json.get(field.name, getattr(defaults, field.name))
        options = (True, False) if isinstance(getattr(defaults, field.name), bool) else tuple(field.validator.options)  # type: ignore[union-attr]
        for value in options:
            if value != current:
                yield field.name, value


def depends_on(vector: Mapping[str, Any]) -> list[str]:
    """The switches whose flip changes ``vector``'s expectation: a trace is verified again under every other value of every switch.

    A perft vector counts the play of one Gang, which reads the Gang switches only
    (``protocol.GANG_SWITCHES``, kept equal to the switches the Gang engine reads by a
    test): it lists those, without recounting.
    """
    if vector["kind"] == "perft":
        return sorted(GANG_SWITCHES)
    doc = vector["input"]
    if not isinstance(doc, dict) or not isinstance(doc.get("rules", {}), dict):
        return []
    out = set()
    for name, value in switch_flips(doc.get("rules", {})):
        flipped = copy.deepcopy(doc)
        flipped.setdefault("rules", {})[name] = value
        if not verdict_matches(vector["expected"], verify_trace(flipped).to_json()):
            out.add(name)
    return sorted(out)


def generate_files() -> dict[str, str]:
    """Every vector file of the suite: file name to its text (deterministic), each vector with its ``depends_on``."""
    files: dict[str, str] = {}
    for group, description, build in _GROUPS:
        vectors = build()
        for vector in vectors:
            vector["depends_on"] = depends_on(vector)
        files[f"{group.replace('.', '-')}.json"] = dumps({
            "format": VECTOR_FORMAT,
            "suite_version": SUITE_VERSION,
            "group": group,
            "description": description,
            "vectors": vectors,
        })
    return files


def write_vectors(directory: str | Path) -> list[Path]:
    """Regenerate the suite into ``directory`` (created if missing); returns the files written.

    Each file is written whole or not at all (``files.write_text_atomically``): a failure
    leaves it as it was, and ``OutputFileError`` names it.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in generate_files().items():
        path = target / name
        write_text_atomically(path, text)
        written.append(path)
    return written
