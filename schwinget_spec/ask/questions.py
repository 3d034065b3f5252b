"""A question: a proposition about a Gang with its quantifier (there is, every, under which readings, a deal whatever both play or under perfect play) and its readings."""

from __future__ import annotations

from typing import Literal

import attrs

from schwinget_spec.ask.terms import GANG_SWITCHES, Prop, size_of
from schwinget_spec.checks import check_int
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "KINDS",
    "MAX_SIZE",
    "Kind",
    "Question",
    "deal_where",
    "every",
    "there_is",
    "under_which_readings",
]

Kind = Literal["exists", "every", "readings", "any_play", "best_play"]
KINDS: tuple[str, ...] = ("exists", "every", "readings", "any_play", "best_play")
MAX_SIZE = 600
"""The most words a question may have once its Schwung quantifiers are unrolled: a larger one is refused before Z3 starts."""


def _readings(value: object) -> tuple[tuple[str, bool], ...]:
    if isinstance(value, dict):
        value = tuple(value.items())
    if not isinstance(value, tuple):
        raise InvalidArgumentError("readings", f"expected switch names with True or False, got {value!r}")
    out: dict[str, bool] = {}
    for item in value:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise InvalidArgumentError("readings", f"expected (switch, value) pairs, got {item!r}")
        name, on = item
        if name not in GANG_SWITCHES:
            match_level = {f.name for f in attrs.fields(Rules)} - set(GANG_SWITCHES)
            why = "acts on a match or a Schwingfest, not inside one Gang" if name in match_level else "is no Rules switch"
            raise InvalidArgumentError(f"readings.{name}", f"{name!r} {why}; a Gang's switches: {', '.join(GANG_SWITCHES)}")
        if not isinstance(on, bool):
            raise InvalidArgumentError(f"readings.{name}", f"a switch is on or off (True or False), got {on!r}")
        out[name] = on
    return tuple(sorted(out.items()))


@attrs.frozen
class Question:
    """What is asked: ``kind`` (exists, every, readings, any_play, best_play), the proposition, the readings fixed, the text it was written as.

    Switches not in ``readings`` take the default of ``Rules()``, except in a ``readings``
    question, which leaves them open and answers for each. ``system`` is the scoring
    system a ``best_play`` question is played for.
    """

    kind: Kind
    prop: Prop
    readings: tuple[tuple[str, bool], ...] = attrs.field(default=(), converter=_readings)
    text: str = ""
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    seed: int | None = None
    """A game question about one deal, ``Deal.shuffled(seed)``, instead of a deal to be found."""
    starter: Player = Player.P0
    """Who leads Schwung 1 of the deal ``seed`` names."""

    def __attrs_post_init__(self) -> None:
        if self.seed is not None:
            check_int(self.seed, "seed", minimum=0, maximum=2**64 - 1)
            if self.kind not in ("any_play", "best_play"):
                raise InvalidArgumentError("seed", "one deal is asked about in a game question only (whatever both play, under perfect play)")
        if not isinstance(self.starter, Player):
            raise InvalidArgumentError("starter", f"expected a Player, got {self.starter!r}")
        if self.kind not in KINDS:
            raise InvalidArgumentError("kind", f"expected one of {', '.join(KINDS)}, got {self.kind!r}")
        if not isinstance(self.prop, Prop):
            raise InvalidArgumentError("prop", f"expected a proposition of schwinget_spec.ask, got {self.prop!r}")
        size = size_of(self.prop)
        if size > MAX_SIZE:
            raise InvalidArgumentError("question", f"too large: {size} words once its Schwung quantifiers are unrolled, at most {MAX_SIZE}")

    def fixed(self) -> dict[str, bool]:
        """The switch values the question fixes; in all but a ``readings`` question, every other switch at its default."""
        out = dict(self.readings)
        if self.kind != "readings":
            defaults = Rules()
            for name in GANG_SWITCHES:
                out.setdefault(name, bool(getattr(defaults, name)))
        return out

    def open_switches(self) -> tuple[str, ...]:
        """The switches a ``readings`` question leaves open (none for the others)."""
        if self.kind != "readings":
            return ()
        fixed = dict(self.readings)
        return tuple(name for name in GANG_SWITCHES if name not in fixed)


def there_is(prop: Prop, **readings: bool) -> Question:
    """There is a Gang where ``prop`` holds: a witness, replayed on the engine, or a proof that none exists."""
    return Question("exists", prop, tuple(readings.items()))


def every(prop: Prop, **readings: bool) -> Question:
    """Every Gang has ``prop``: a proof naming its clauses, or a counterexample replayed on the engine."""
    return Question("every", prop, tuple(readings.items()))


def under_which_readings(prop: Prop, **fixed: bool) -> Question:
    """Under which readings of the switches not in ``fixed`` is there a Gang where ``prop`` holds."""
    return Question("readings", prop, tuple(fixed.items()))


def deal_where(
    prop: Prop,
    play: Literal["any", "best"] = "any",
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG,
    *,
    seed: int | None = None,
    starter: Player = Player.P0,
    **readings: bool,
) -> Question:
    """There is a deal where ``prop`` holds at the end whatever both play (``any``), or when both play best for ``system``'s points (``best``).

    With ``seed`` the question is about the one deal ``Deal.shuffled(seed)`` with ``starter``
    leading: does ``prop`` hold there whatever both play, or under perfect play.
    """
    if play not in ("any", "best"):
        raise InvalidArgumentError("play", f"expected 'any' (whatever both play) or 'best' (under perfect play), got {play!r}")
    return Question("any_play" if play == "any" else "best_play", prop, tuple(readings.items()), system=system, seed=seed,
                    starter=starter)
