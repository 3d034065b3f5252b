"""The readings an engine plays: per rule switch, the values it declares in ``hello`` (and the values assumed for the switches it does not declare).

An engine behind the protocol may settle an open question of the booklet its own way
(``docs/ambiguities.md``). It says so in ``hello``: ``"switches"`` is either a list of
names (each named switch with every value it takes) or an object mapping a switch to
the non-empty list of the values it plays (``{"draw_tie_starter": ["drawn_gang_other"]}``).
``Readings`` holds that declaration as a value. The harness sends a switch only if it
is declared, and then only a declared value; a switch not declared is played at its
assumed value (the default, unless a caller assumes another reading) and never sent.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any

import attrs

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.json_read import key_path
from schwinget_spec.rules import Rules
from schwinget_spec.support.safe_text import shown

__all__ = ["SWITCH_NAMES", "Readings", "Value", "as_readings", "parse_value", "switch_values"]

Value = bool | str
"""The value of one rule switch: True or False, or one of the strings a switch of several readings takes."""

SWITCH_NAMES: tuple[str, ...] = tuple(field.name for field in attrs.fields(Rules))
"""Every rule switch, in the order of ``Rules``."""


def switch_values(name: str) -> tuple[Value, ...]:
    """Every value the switch ``name`` takes, its default first; raises ``InvalidArgumentError`` naming ``name`` for an unknown switch."""
    fields = attrs.fields_dict(Rules)
    if name not in fields:
        raise InvalidArgumentError("switch", f"unknown rules switch {name!r}; known: {', '.join(SWITCH_NAMES)}")
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return (default, not default)
    options: tuple[str, ...] = tuple(fields[name].validator.options)  # type: ignore[union-attr]
    return (default, *(o for o in options if o != default))


def _show(value: Value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else value


@attrs.frozen
class Readings(Collection[str]):
    """The values of every rule switch an engine plays: ``declared`` per declared switch, ``assumed`` for the others.

    As a collection it holds the names of the declared switches (those a request
    sends), so it stands wherever a collection of declared switch names is expected.
    """

    declared: tuple[tuple[str, tuple[Value, ...]], ...] = ()
    """Each declared switch (in the order of ``Rules``) with the values the engine plays, in the order of ``switch_values``."""
    assumed: Rules = attrs.field(factory=Rules)
    """The value each switch not declared is played at (never sent); the defaults unless a caller assumes another reading."""

    # -- building

    @classmethod
    def of(cls, names: Collection[str], assumed: Rules | None = None) -> Readings:
        """Every value of each switch in ``names`` (the old list form of ``hello``'s ``switches``); unknown names are left out."""
        return cls(
            tuple((n, switch_values(n)) for n in SWITCH_NAMES if n in names),
            Rules() if assumed is None else assumed,
        )

    @classmethod
    def from_json(cls, value: Any, where: str = "switches", known_switches: Collection[str] = SWITCH_NAMES) -> Readings:
        """The readings ``hello`` declares in ``switches``: a list of names or an object of switch -> list of values (of ``known_switches``).

        Raises ``InvalidArgumentError`` naming ``where`` and the switch or value for an
        unknown switch, an unknown value, a name or a value listed twice, an empty list
        of values, or a value of the wrong type.
        """
        if isinstance(value, list):
            names: list[str] = []
            for index, name in enumerate(value):
                if not isinstance(name, str):
                    raise InvalidArgumentError(f"{where}[{index}]", f"a switch name is a string, got {shown(name)}")
                if name not in known_switches:
                    raise InvalidArgumentError(f"{where}[{index}]", f"unknown rules switch {name!r}"[:200])
                if name in names:
                    raise InvalidArgumentError(f"{where}[{index}]", f"the switch {name!r} is listed twice")
                names.append(name)
            return cls.of(names)
        if not isinstance(value, Mapping):
            raise InvalidArgumentError(where, f"a list of switch names or an object of switch -> values, got {shown(value)}")
        declared: dict[str, tuple[Value, ...]] = {}
        for name, values in value.items():
            if not isinstance(name, str) or name not in known_switches:
                raise InvalidArgumentError(key_path(where, name), f"unknown rules switch {shown(name)}")
            known = switch_values(name)
            if not isinstance(values, list) or not values:
                raise InvalidArgumentError(
                    f"{where}.{name}", f"a non-empty list of the values played, of {_listed(known)}; got {shown(values)}"
                )
            seen: list[Value] = []
            for index, v in enumerate(values):
                if type(v) is not type(known[0]) or v not in known:
                    raise InvalidArgumentError(
                        f"{where}.{name}[{index}]", f"{shown(v)} is not a value of {name}: {_listed(known)}"[:200]
                    )
                if v in seen:
                    raise InvalidArgumentError(f"{where}.{name}[{index}]", f"the value {_show(v)} is listed twice")
                seen.append(v)
            declared[name] = tuple(v for v in known if v in seen)
        return cls(tuple((n, declared[n]) for n in SWITCH_NAMES if n in declared))

    @classmethod
    def from_text(cls, spec: str, known_switches: Collection[str] = SWITCH_NAMES, where: str = "readings") -> Readings:
        """Readings from the text ``SWITCH=V1,V2;SWITCH=V`` (``all``: every value of every switch; ``none``: no switch); raises ``InvalidArgumentError`` naming ``where``."""
        if spec == "all":
            return cls.of(known_switches)
        if spec == "none":
            return cls()
        out: dict[str, list[Value]] = {}
        for part in filter(None, (p.strip() for p in spec.split(";"))):
            name, sep, listed = part.partition("=")
            name = name.strip()
            if not sep or not listed.strip():
                raise InvalidArgumentError(where, f"expected SWITCH=VALUE[,VALUE...], got {part!r}"[:200])
            if name in out:
                raise InvalidArgumentError(where, f"the switch {name!r} is named twice"[:200])
            if name not in known_switches:
                raise InvalidArgumentError(where, f"unknown rules switch {name!r}; known: {', '.join(known_switches)}"[:300])
            out[name] = [parse_value(name, v.strip(), where) for v in listed.split(",")]
        return cls.from_json(out, where, known_switches)

    def assuming(self, rules: Rules) -> Readings:
        """These readings, with the switches not declared played at their values in ``rules``."""
        return attrs.evolve(self, assumed=rules)

    def without(self, pairs: Iterable[tuple[str, Value]]) -> Readings:
        """These readings with the values of ``pairs`` taken out (a skip list's unsupported values); a switch keeps its values when none would be left."""
        drop: dict[str, set[Value]] = {}
        for name, value in pairs:
            drop.setdefault(name, set()).add(value)
        declared = []
        for name, values in self.declared:
            kept = tuple(v for v in values if v not in drop.get(name, set()))
            declared.append((name, kept or values))
        return attrs.evolve(self, declared=tuple(declared))

    def merged(self, other: Readings) -> Readings:
        """The switches of both, ``other``'s values where both declare a switch."""
        mine = dict(self.declared)
        mine.update(other.declared)
        return attrs.evolve(self, declared=tuple((n, mine[n]) for n in SWITCH_NAMES if n in mine))

    # -- the collection of declared names

    def __contains__(self, name: object) -> bool:
        return any(n == name for n, _ in self.declared)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(n for n, _ in self.declared))

    def __len__(self) -> int:
        return len(self.declared)

    # -- questions

    def values_of(self, name: str) -> tuple[Value, ...]:
        """The values of ``name`` the engine plays: the declared ones, or the assumed value of a switch not declared."""
        for n, values in self.declared:
            if n == name:
                return values
        return (getattr(self.assumed, name),)

    def allows(self, name: str, value: Value) -> bool:
        """True if the engine plays ``value`` of the switch ``name``."""
        return value in self.values_of(name) and type(value) is type(getattr(Rules(), name))

    def outside(self, rules: Rules, names: Collection[str] = SWITCH_NAMES) -> tuple[tuple[str, Value], ...]:
        """The switches of ``names`` that ``rules`` sets to a value the engine does not play, with that value."""
        return tuple((n, getattr(rules, n)) for n in SWITCH_NAMES if n in names and not self.allows(n, getattr(rules, n)))

    @property
    def base(self) -> Rules:
        """The rules played where nothing else is chosen: each switch at its default if the engine plays it, else at its first value played."""
        defaults = Rules()
        values: dict[str, Any] = {}
        for name in SWITCH_NAMES:
            played = self.values_of(name)
            if getattr(defaults, name) not in played:
                values[name] = played[0]
        return attrs.evolve(defaults, **values)

    def fit(self, rules: Rules, names: Collection[str] = SWITCH_NAMES) -> Rules:
        """``rules`` with each switch of ``names`` the engine does not play at that value moved to its ``base`` value."""
        base = self.base
        moved = {n: getattr(base, n) for n, _ in self.outside(rules, names)}
        return attrs.evolve(rules, **moved) if moved else rules

    @property
    def not_default(self) -> tuple[tuple[str, Value], ...]:
        """The switches whose default the engine does not play, each with the value played in its place (``base``)."""
        base, defaults = self.base, Rules()
        return tuple((n, getattr(base, n)) for n in SWITCH_NAMES if getattr(base, n) != getattr(defaults, n))

    @property
    def varying(self) -> tuple[str, ...]:
        """The declared switches with two values or more played (those random games vary)."""
        return tuple(n for n, values in self.declared if len(values) > 1)

    @property
    def is_all(self) -> bool:
        """True if every declared switch is declared with every value it takes (the list form of ``hello``)."""
        return all(values == switch_values(n) for n, values in self.declared)

    def to_json(self) -> dict[str, list[Value]]:
        """The declared switches and values as JSON (the object form of ``hello``'s ``switches``)."""
        return {n: list(values) for n, values in self.declared}

    def hello_json(self) -> list[str] | dict[str, list[Value]]:
        """``hello``'s ``switches``: the list of names when every declared switch has every value, else the object form."""
        return list(self) if self.is_all else self.to_json()

    def describe_not_default(self) -> str:
        """``draw_tie_starter=drawn_gang_other, ...``: the readings played in place of a default; empty if none."""
        return ", ".join(f"{n}={_show(v)}" for n, v in self.not_default)


def parse_value(name: str, text: str, where: str = "readings") -> Value:
    """The value of the switch ``name`` written as text (``true``/``false`` for a switch of two readings); raises ``InvalidArgumentError`` naming it."""
    known = switch_values(name)
    if isinstance(known[0], bool):
        if text in ("true", "false"):
            return text == "true"
    elif text in known:
        return text
    raise InvalidArgumentError(where, f"{text!r} is not a value of {name}: {_listed(known)}"[:200])


def _listed(values: tuple[Value, ...]) -> str:
    return ", ".join(_show(v) for v in values)


def as_readings(switches: Iterable[str]) -> Readings:
    """``switches`` as ``Readings``: itself if it is one, else every value of each named switch (an engine that lists names)."""
    return switches if isinstance(switches, Readings) else Readings.of(tuple(switches))
