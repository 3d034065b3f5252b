"""The conformance vector suite as shipped: the vector record types and the loader of the vector files."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.errors import SchwingetError
from schwinget_spec.support.frozen import freeze

__all__ = ["SUITE_VERSION", "VECTOR_FORMAT", "Suite", "Vector", "VectorFileError", "load_vectors", "shipped_directory"]

SUITE_VERSION = 3
"""The version of the vector suite; a vector's meaning never changes within a version."""
VECTOR_FORMAT = "schwinget-vectors"
"""The value of a vector file's ``format`` field."""


def shipped_directory() -> Path:
    """The directory of the vectors shipped with the package."""
    return Path(str(resources.files("schwinget_spec.conformance").joinpath("vectors")))


# -- loading


@attrs.frozen
class Vector:
    """One vector: ``kind`` is ``trace`` (``input`` is a trace document) or ``perft`` (``input`` a position).

    A vector is immutable and hashable: ``rules``, ``input``, ``expected`` and ``defect``
    are frozen JSON (``schwinget_spec.support.frozen``), still dicts and lists to readers and to
    ``json``; ``copy.deepcopy`` of one gives a plain, mutable copy to change.
    """

    id: str
    kind: str
    group: str
    description: str
    clauses: tuple[str, ...] = attrs.field(converter=tuple)
    rules: Mapping[str, Any] = attrs.field(converter=freeze)
    input: Any = attrs.field(converter=freeze)
    expected: Mapping[str, Any] = attrs.field(converter=freeze)
    file: str
    defect: Mapping[str, Any] | None = attrs.field(default=None, converter=freeze)
    depends_on: tuple[str, ...] | None = None
    """The switches the expected result depends on (flipping any other leaves it unchanged); None in a file written before the field."""


@attrs.frozen
class Suite:
    """The loaded vectors and the vector files found and read (every file found must have been read)."""

    vectors: tuple[Vector, ...]
    files_present: tuple[str, ...]
    files_read: tuple[str, ...]

    def __iter__(self) -> Iterator[Vector]:
        return iter(self.vectors)

    def __len__(self) -> int:
        return len(self.vectors)

    def by_id(self) -> dict[str, Vector]:
        """The vectors by id."""
        return {v.id: v for v in self.vectors}


class VectorFileError(SchwingetError, ValueError):
    """A vector file that is not a vector file of this suite version."""


def _load_file(path: Path) -> list[Vector]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or doc.get("format") != VECTOR_FORMAT:
        raise VectorFileError(f"{path.name}: not a {VECTOR_FORMAT} file")
    if doc.get("suite_version") != SUITE_VERSION:
        raise VectorFileError(f"{path.name}: suite_version {doc.get('suite_version')!r}, this loader reads {SUITE_VERSION}")
    group = doc["group"]
    return [
        Vector(
            id=v["id"], kind=v["kind"], group=group, description=v["description"], clauses=tuple(v["clauses"]),
            rules=v["rules"], input=v["input"], expected=v["expected"], file=path.name, defect=v.get("defect"),
            depends_on=tuple(v["depends_on"]) if isinstance(v.get("depends_on"), list) else None,
        )
        for v in doc["vectors"]
    ]


def load_vectors(directory: str | Path | None = None) -> Suite:
    """Every vector of the ``*.json`` files of ``directory`` (default: the shipped suite), in file and vector order.

    Raises ``VectorFileError`` on a file of another format or suite version, or a duplicate id.
    """
    base = shipped_directory() if directory is None else Path(directory)
    present = tuple(sorted(p.name for p in base.iterdir() if p.is_file() and p.suffix == ".json"))
    vectors: list[Vector] = []
    read: list[str] = []
    for name in present:
        vectors.extend(_load_file(base / name))
        read.append(name)
    seen: set[str] = set()
    for v in vectors:
        if v.id in seen:
            raise VectorFileError(f"{v.file}: the id {v.id} appears twice")
        seen.add(v.id)
    return Suite(tuple(vectors), present, tuple(read))
