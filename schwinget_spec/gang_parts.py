"""The parts of a Gang's state that both players see: what the state waits for, the Angriff, and each completed Schwung."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

from schwinget_spec.cards import Card
from schwinget_spec.players import Player

__all__ = ["Angriff", "Phase", "SchwungRecord"]


class Phase(enum.Enum):
    """What the state waits for."""

    LEAD = "lead"
    """The leader may start the Angriff (if allowed) or lead a card (``gang.turn``)."""
    ANSWER = "answer"
    """The opponent answers the led card (``schwung.answer``)."""
    CHOOSE_LEADER = "choose_leader"
    """The Kampfrichter's player decides who leads next (``kampfrichter.chooses``)."""
    OVER = "over"
    """Both hands are empty and no draw is left (``gang.end_no_angriff``, ``gang.end_angriff``)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __str__(self) -> str:
        """The wire value: ``str(Phase.X) == Phase.X.value``, the spelling of traces and the protocol."""
        return self.value


@attrs.frozen
class Angriff:
    """The Angriff of a Gang: who started it, and after how many completed Schwünge (0-5)."""

    player: Player
    after_schwung: int


@attrs.frozen(repr=False)
class SchwungRecord:
    """One completed Schwung.

    ``winner`` is None when the Kampfrichter neutralised it; the winner of the next
    Schwung receives it too (``kampfrichter.collect``), and that next record's
    ``tricks`` is 2. ``clause_id`` names the clause that decided it.
    """

    number: int
    leader: Player
    led: Card
    answer: Card
    winner: Player | None
    clause_id: str
    tricks: int
    after_angriff: bool

    @property
    def cards(self) -> tuple[Card, Card]:
        """The led card and the answer."""
        return (self.led, self.answer)

    def __repr__(self) -> str:
        won = "neutralised" if self.winner is None else f"{self.winner} +{self.tricks}"
        return f"Schwung {self.number}: {self.leader} {self.led} / {self.answer} -> {won} ({self.clause_id})"


_C = TypeVar("_C", bound=AttrsInstance)


def _slot_constructor(cls: type[_C]) -> Callable[..., _C]:
    """A constructor of the frozen attrs class ``cls`` taking its fields by position, that writes the slots directly.

    attrs' ``__init__`` of a frozen class writes each field through
    ``object.__setattr__``; the engine builds a state and a record per action, and
    writing the slots through their descriptors costs about a quarter less. The value
    built is the one ``cls(*fields)`` builds: this is refused (``TypeError``) for a class
    whose fields have validators, converters or defaults, that has
    ``__attrs_pre_init__`` or ``__attrs_post_init__``, which the constructor would skip,
    or that has a slot no field names (a cached hash), which it would leave unset.
    """
    fields = attrs.fields(cls)
    own_slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())} - {"__weakref__"}
    if (
        any(f.validator is not None or f.converter is not None or f.default is not attrs.NOTHING for f in fields)
        or hasattr(cls, "__attrs_pre_init__")
        or hasattr(cls, "__attrs_post_init__")
        or own_slots != {f.name for f in fields}
    ):
        raise TypeError(f"{cls.__name__} has checks or defaults that only its own __init__ applies")
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    namespace.update({f"set_{name}": getattr(cls, name).__set__ for name in names})
    lines = [f"def make({', '.join(names)}):", "    self = new(cls)"]
    lines += [f"    set_{name}(self, {name})" for name in names]
    lines.append("    return self")
    exec("\n".join(lines), namespace)  # straight-line code, as attrs writes its __init__
    make: Callable[..., _C] = namespace["make"]
    make.__doc__ = f"{cls.__name__}(*fields), built without attrs' __init__ (``gang_parts._slot_constructor``)."
    return make
