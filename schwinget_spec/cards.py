"""The 26 Schwungkarten: four colours of values 1-6, the Kampfrichter and the Brienzer-Konter."""

from __future__ import annotations

import enum
from typing import NewType

from schwinget_spec.errors import InvalidArgumentError, ParseError
from schwinget_spec.support.safe_text import shown

__all__ = [
    "ALL_CARDS",
    "COLOUR_CARDS",
    "Card",
    "Colour",
    "Value",
    "parse_cards",
]

Value = NewType("Value", int)
"""A card's Kampfwert, 1 to 6 (clause ``cards.schwungkarten``)."""


class Colour(enum.Enum):
    """One of the four colours (clause ``cards.schwungkarten``).

    The booklet names only green ("im Beispiel Grün"); the other three names are labels
    chosen by this library (ambiguity ``AMB-COLOUR-NAMES``) and carry no rule.
    """

    RED = "R"
    GREEN = "G"
    BLUE = "B"
    YELLOW = "Y"

    @property
    def code(self) -> str:
        """The one-letter code used in card codes (``G`` in ``G3``)."""
        return self.value

    def __repr__(self) -> str:
        return f"Colour.{self.name}"

    def __str__(self) -> str:
        """The wire value: ``str(Colour.X) == Colour.X.value``, the spelling of traces and the protocol."""
        return self.value

    @classmethod
    def parse(cls, text: str) -> Colour:
        """The colour whose one-letter code is ``text`` (case-insensitive)."""
        if not isinstance(text, str):
            raise InvalidArgumentError("text", f"a colour code is a string like 'G', got {shown(text)}")
        try:
            return _COLOUR_BY_CODE[text.strip().upper()]
        except KeyError:
            raise ParseError(
                f"unknown colour code {shown(text)}: expected one of R, G, B, Y",
                clause_id="cards.schwungkarten",
            ) from None


_COLOUR_BY_CODE = {c.value: c for c in Colour}
_COLOURS = tuple(Colour)


class Card(enum.Enum):
    """One of the 26 Schwungkarten (clause ``cards.schwungkarten``).

    The value of each member is its index 0-25 in the canonical order used by the
    seed-to-deal algorithm (``docs/deal-algorithm.md``): R1..R6, G1..G6, B1..B6,
    Y1..Y6, then the Kampfrichter (``KR``) and the Brienzer-Konter (``BK``).
    Special cards have no colour and no value (clause ``cards.special``).
    """

    R1 = 0
    R2 = 1
    R3 = 2
    R4 = 3
    R5 = 4
    R6 = 5
    G1 = 6
    G2 = 7
    G3 = 8
    G4 = 9
    G5 = 10
    G6 = 11
    B1 = 12
    B2 = 13
    B3 = 14
    B4 = 15
    B5 = 16
    B6 = 17
    Y1 = 18
    Y2 = 19
    Y3 = 20
    Y4 = 21
    Y5 = 22
    Y6 = 23
    KR = 24
    BK = 25

    # The properties read ``_value_`` (the member's plain attribute) rather than ``value``
    # (a descriptor): they sit on the engine's hot path, and the descriptor costs several
    # times more.
    _value_: int

    @property
    def index(self) -> int:
        """Position 0-25 in the canonical card order."""
        return self._value_

    @property
    def code(self) -> str:
        """The short code: ``G3`` for green 3, ``KR`` Kampfrichter, ``BK`` Brienzer-Konter."""
        return _CODE_OF[self._value_]

    @property
    def colour(self) -> Colour | None:
        """The card's colour; None for the two special cards."""
        return _COLOUR_OF[self._value_]

    @property
    def rank(self) -> Value | None:
        """The card's Kampfwert 1-6; None for the two special cards."""
        return _VALUE_OF[self._value_]

    @property
    def is_special(self) -> bool:
        """True for the Kampfrichter and the Brienzer-Konter (clause ``cards.special``)."""
        return self._value_ >= 24

    @property
    def is_kampfrichter(self) -> bool:
        """True for the Kampfrichter card."""
        return self is Card.KR

    @property
    def is_konter(self) -> bool:
        """True for the Brienzer-Konter card."""
        return self is Card.BK

    @property
    def is_brienzer_schwung(self) -> bool:
        """True for a card of Kampfwert 6, which the Brienzer-Konter beats (clause ``konter.beats_six``)."""
        return _VALUE_OF[self._value_] == 6

    @property
    def bit(self) -> int:
        """This card as a one-bit mask (bit ``index``), for card sets held as integers."""
        return 1 << self._value_

    @classmethod
    def of(cls, colour: Colour, value: int) -> Card:
        """The coloured card of ``colour`` and ``value``."""
        if not isinstance(colour, Colour):
            raise InvalidArgumentError("colour", f"expected a Colour, got {shown(colour)}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgumentError("value", f"a card value is an int from 1 to 6, got {shown(value)}")
        if not 1 <= value <= 6:
            raise ParseError(
                f"card value {shown(value)} is out of range: values run from 1 to 6",
                clause_id="cards.schwungkarten",
            )
        return ALL_CARDS[_COLOURS.index(colour) * 6 + value - 1]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0-25) of the canonical order."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise InvalidArgumentError("index", f"a card index is an int from 0 to 25, got {shown(index)}")
        if not 0 <= index < 26:
            raise ParseError(
                f"card index {shown(index)} is out of range 0-25", clause_id="cards.schwungkarten"
            )
        return ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card whose short code is ``text`` (case-insensitive): ``G3``, ``KR``, ``BK``."""
        if not isinstance(text, str):
            raise InvalidArgumentError("text", f"a card code is a string like 'G3', got {shown(text)}")
        card = _CARD_BY_CODE.get(text.strip().upper())
        if card is None:
            raise ParseError(
                f"unknown card code {shown(text)}: expected a colour R, G, B or Y followed by "
                "a value 1-6 (like G3), KR for the Kampfrichter or BK for the Brienzer-Konter",
                clause_id="cards.schwungkarten",
            )
        return card

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._value_ < other._value_


ALL_CARDS: tuple[Card, ...] = tuple(Card)
"""The 26 Schwungkarten in canonical order."""

COLOUR_CARDS: tuple[Card, ...] = ALL_CARDS[:24]
"""The 24 coloured cards."""

_COLOUR_OF: tuple[Colour | None, ...] = tuple(
    [_COLOURS[i // 6] for i in range(24)] + [None, None]
)
_VALUE_OF: tuple[Value | None, ...] = tuple(
    [Value(i % 6 + 1) for i in range(24)] + [None, None]
)
_CARD_BY_CODE = {c.name: c for c in ALL_CARDS}
_CODE_OF: tuple[str, ...] = tuple(c.name for c in ALL_CARDS)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from codes separated by spaces or commas: ``"G3 KR y6"``."""
    if not isinstance(text, str):
        raise InvalidArgumentError("text", f"card codes are a string like 'G3 KR y6', got {shown(text)}")
    return tuple(Card.parse(tok) for tok in text.replace(",", " ").split())
