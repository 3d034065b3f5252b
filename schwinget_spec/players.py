"""The two players of a Gang, by seat."""

from __future__ import annotations

import enum

from schwinget_spec.errors import ParseError

__all__ = ["Player"]


class Player(enum.IntEnum):
    """A seat at the table: ``P0`` or ``P1`` (Schwinget is a game for two, clause ``setup.two_players``).

    An int, so it indexes per-player tuples.
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
        return self.name

    @classmethod
    def parse(cls, text: str | int) -> Player:
        """The player from ``0``, ``1``, ``"P0"`` or ``"P1"`` (case-insensitive)."""
        key = str(text).strip().upper().removeprefix("P")
        if key == "0":
            return Player.P0
        if key == "1":
            return Player.P1
        raise ParseError(f"unknown player {text!r}: expected P0 or P1")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name


_OTHER = (Player.P1, Player.P0)
