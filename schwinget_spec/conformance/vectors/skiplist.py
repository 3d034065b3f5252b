"""The skip list: how an implementation declares the vectors and rule variants it does not support, each with a reason."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.conformance.vectors import Vector
from schwinget_spec.rules import Rules
from schwinget_spec.support.frozen import thaw

__all__ = [
    "SKIPLIST_FORMAT",
    "SkipEntry",
    "SkipList",
    "SkipListError",
    "filter_vectors",
    "load_skiplist",
    "parse_skiplist",
]

SKIPLIST_FORMAT = "schwinget-skiplist"
"""The value of a skip list's ``format`` field."""
_VERSION = 1
_MAX_ENTRIES = 10_000
_MAX_TEXT = 2_000


class SkipListError(ValueError):
    """A skip list that does not follow the format of docs/vectors.md; the message names the JSON path."""


@attrs.frozen
class SkipEntry:
    """One declaration: a vector ``id`` (or an id prefix ending in ``.``), or a rules ``switch`` with its ``value``.

    Exactly one of ``id`` and ``switch`` is set; ``reason`` is required, ``link`` optional.
    """

    reason: str
    id: str | None = None
    switch: str | None = None
    value: bool | str | None = None
    link: str | None = None

    def skips(self, vector: Vector) -> bool:
        """True if this entry declares ``vector`` unsupported: its id, or a ``switch`` entry whose value ``vector``'s rules set and its result depends on.

        A vector whose rules set the value but whose expected result does not depend on
        the switch (the switch is not in ``depends_on``) is not skipped: ``filter_vectors``
        gives it to run under a value the implementation plays. A vector written before
        ``depends_on`` (None) is skipped whenever its rules set the value.
        """
        if self.id is not None:
            return vector.id == self.id or (self.id.endswith(".") and vector.id.startswith(self.id))
        if self.switch is None or self.switch not in vector.rules or vector.rules[self.switch] != self.value:
            return False
        depends_on = getattr(vector, "depends_on", None)
        return depends_on is None or self.switch in depends_on


@attrs.frozen
class SkipList:
    """An implementation's declared gaps: the entries, in file order."""

    implementation: str
    entries: tuple[SkipEntry, ...]

    def reason_for(self, vector: Vector) -> SkipEntry | None:
        """The first entry that skips ``vector``, or None if the implementation must pass it."""
        return next((e for e in self.entries if e.skips(vector)), None)

    def harness_reason_for(self, vector: Vector) -> SkipEntry | None:
        """The first entry that skips ``vector`` in a harness run, or None.

        The harness chooses the rules it plays a vector under, so a ``switch`` entry
        skips only the vectors whose expected result depends on that value (the switch
        is in ``depends_on``, or the vector lists no ``depends_on``); the others are
        played under a value the implementation plays (``unplayed`` takes the entry's
        value out of the readings the harness sends).
        """
        for entry in self.entries:
            if not entry.skips(vector):
                continue
            depends_on = getattr(vector, "depends_on", None)
            if entry.switch is None or depends_on is None or entry.switch in depends_on:
                return entry
        return None

    def unplayed(self) -> tuple[tuple[str, bool | str], ...]:
        """The (switch, value) pairs the ``switch`` entries declare unsupported: a harness run never sends them."""
        return tuple((e.switch, e.value) for e in self.entries if e.switch is not None and e.value is not None)


def _text(obj: Mapping[str, Any], key: str, where: str, *, required: bool) -> str | None:
    if key not in obj:
        if required:
            raise SkipListError(f"{where}: the field {key!r} is required")
        return None
    value = obj[key]
    if not isinstance(value, str) or not value.strip() or len(value) > _MAX_TEXT:
        raise SkipListError(f"{where}/{key}: a non-empty string of at most {_MAX_TEXT} characters")
    return value


def _entry(raw: Any, where: str, switches: Mapping[str, Any]) -> SkipEntry:
    if not isinstance(raw, dict):
        raise SkipListError(f"{where}: each entry is an object")
    unknown = sorted(set(raw) - {"id", "switch", "value", "reason", "link"})
    if unknown:
        raise SkipListError(f"{where}: unknown fields {unknown}")
    reason = _text(raw, "reason", where, required=True)
    assert reason is not None
    link = _text(raw, "link", where, required=False)
    vid = _text(raw, "id", where, required=False)
    switch = _text(raw, "switch", where, required=False)
    if (vid is None) == (switch is None):
        raise SkipListError(f"{where}: an entry names either an 'id' or a 'switch', not both or neither")
    if switch is None:
        if "value" in raw:
            raise SkipListError(f"{where}/value: only a 'switch' entry takes a value")
        return SkipEntry(reason=reason, id=vid, link=link)
    if switch not in switches:
        raise SkipListError(f"{where}/switch: unknown rules switch {switch!r}; known: {', '.join(switches)}")
    if "value" not in raw:
        raise SkipListError(f"{where}: a 'switch' entry needs the 'value' it does not support")
    value = raw["value"]
    default = switches[switch]
    if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (bool, str)):
        raise SkipListError(f"{where}/value: {switch!r} takes a value of the type of its default {default!r}")
    return SkipEntry(reason=reason, switch=switch, value=value, link=link)


def parse_skiplist(document: Any) -> SkipList:
    """The skip list of a parsed JSON document; raises ``SkipListError`` naming the path of the first problem."""
    if not isinstance(document, dict):
        raise SkipListError("(root): a skip list is a JSON object")
    if document.get("format") != SKIPLIST_FORMAT:
        raise SkipListError(f"/format: must be {SKIPLIST_FORMAT!r}")
    if document.get("version") != _VERSION:
        raise SkipListError(f"/version: must be {_VERSION}")
    unknown = sorted(set(document) - {"format", "version", "implementation", "skip"})
    if unknown:
        raise SkipListError(f"(root): unknown fields {unknown}")
    implementation = _text(document, "implementation", "", required=True)
    assert implementation is not None
    raw = document.get("skip", [])
    if not isinstance(raw, list) or len(raw) > _MAX_ENTRIES:
        raise SkipListError(f"/skip: a list of at most {_MAX_ENTRIES} entries")
    defaults = {f.name: f.default for f in attrs.fields(Rules)}
    switches = {name: value for name, value in defaults.items() if isinstance(value, (bool, str))}
    return SkipList(implementation, tuple(_entry(e, f"/skip/{i}", switches) for i, e in enumerate(raw)))


def load_skiplist(path: str | Path) -> SkipList:
    """The skip list in the JSON file at ``path``."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise SkipListError(f"{path}: not JSON: {exc}") from None
    return parse_skiplist(document)


def filter_vectors(vectors: Iterable[Vector], skiplist: SkipList | None) -> tuple[list[Vector], list[tuple[Vector, SkipEntry]]]:
    """The vectors to run, and the skipped ones with the entry that skips each.

    A vector to run whose rules set a value a ``switch`` entry declares unsupported, on
    which its result does not depend, is given with that switch set (in ``rules`` and in
    its trace's ``rules``) to the first value of the switch the list does not declare
    unsupported, the default first: its expected verdict is the same under every value.
    """
    run: list[Vector] = []
    skipped: list[tuple[Vector, SkipEntry]] = []
    unplayed = set() if skiplist is None else set(skiplist.unplayed())
    for vector in vectors:
        entry = None if skiplist is None else skiplist.reason_for(vector)
        if entry is None:
            run.append(_played(vector, unplayed))
        else:
            skipped.append((vector, entry))
    return run, skipped


def _played(vector: Vector, unplayed: set[tuple[str, bool | str]]) -> Vector:
    # ``vector`` with each switch its rules set to an unplayed value moved to a played one
    # (only switches it does not depend on are left for this: the others skipped it).
    changes = {}
    for name, value in vector.rules.items():
        if (name, value) in unplayed:
            played = [v for v in _values(name) if (name, v) not in unplayed]
            if played:
                changes[name] = played[0]
    if not changes or not isinstance(vector.input, Mapping) or not isinstance(vector.input.get("rules"), Mapping):
        return vector
    document = thaw(vector.input)
    document["rules"].update(changes)
    return attrs.evolve(vector, rules={**thaw(vector.rules), **changes}, input=document)


def _values(name: str) -> tuple[bool | str, ...]:
    # The values of the switch ``name``, its default first.
    field = attrs.fields_dict(Rules)[name]
    default: bool | str = getattr(Rules(), name)
    if isinstance(default, bool):
        return (default, not default)
    options: tuple[str, ...] = tuple(getattr(field.validator, "options", ()))
    return (default, *(o for o in options if o != default))
