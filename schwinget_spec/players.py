"""The two players of a Gang, by seat."""

from __future__ import annotations

import enum
from typing import Any

from schwinget_spec.errors import InvalidArgumentError, ParseError
from schwinget_spec.support.safe_text import shown

__all__ = ["Player", "as_player"]


class _SeatType(enum.EnumType):
    # Player(value) of a value that is no seat: a library error naming ``value``, shown
    # safely (Python's own message fails on an int of more than 4,300 digits).
    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            return super().__call__(value, *args, **kwargs)
        try:
            member = cls._value2member_map_.get(value)
        except TypeError:
            member = None
        if member is None:
            raise InvalidArgumentError("value", f"a Player is P0 or P1 (0 or 1), got {shown(value)}")
        return member


class Player(enum.IntEnum, metaclass=_SeatType):
    """A seat at the table: ``P0`` or ``P1`` (Schwinget is a game for two, clause ``setup.two_players``).

    An int, so it indexes per-player tuples. It has no truth value: ``P0`` is the int 0, so
    ``if winner:`` would read "P0 won" as "nobody won"; ``bool()`` of a player raises
    ``TypeError``, and an optional player is tested with ``is None``.
    """

    P0 = 0
    P1 = 1

    @property
    def other(self) -> Player:
        """The opponent."""
        return _OTHER[self]

    @property
    def code(self) -> str:
        """``P0`` or ``P1``."""
        return _CODES[self]

    @classmethod
    def parse(cls, text: str | int) -> Player:
        """The player from ``0``, ``1``, ``"P0"`` or ``"P1"`` (case-insensitive)."""
        if isinstance(text, bool) or not isinstance(text, str | int):
            raise ParseError(f"unknown player {shown(text)}: expected P0 or P1")
        # an int other than 0 and 1 is refused below without being made text (it may have any number of digits)
        key = text.strip().upper().removeprefix("P") if isinstance(text, str) else {0: "0", 1: "1"}.get(text, "?")
        if key == "0":
            return Player.P0
        if key == "1":
            return Player.P1
        raise ParseError(f"unknown player {shown(text)}: expected P0 or P1")

    def __bool__(self) -> bool:
        raise TypeError(f"{self.name} has no truth value: compare an optional Player with `is None`")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name


_OTHER = (Player.P1, Player.P0)
_CODES = ("P0", "P1")


def as_player(value: object, parameter: str) -> Player:
    """``value`` as a Player: a ``Player`` or the int 0 or 1.

    Anything else (a code like ``"P0"``, a bool, another number) raises
    ``InvalidArgumentError`` naming ``parameter``; ``Player.parse`` reads codes.
    """
    if type(value) is Player:
        return value
    if type(value) is int and 0 <= value <= 1:
        return _BY_INDEX[value]
    raise InvalidArgumentError(parameter, f"expected a Player (P0 or P1), got {shown(value)}")


_BY_INDEX = (Player.P0, Player.P1)
