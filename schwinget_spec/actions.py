"""What a player can do: play a card, start the Angriff, or (after a Kampfrichter) choose who leads."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.errors import InvalidArgumentError, ParseError
from schwinget_spec.players import Player, as_player
from schwinget_spec.support.safe_text import shown

__all__ = [
    "ANGRIFF",
    "Action",
    "ChooseLeader",
    "PlayCard",
    "StartAngriff",
    "choose_leader",
    "parse_action",
    "play",
]


def _card(_instance: object, _attribute: attrs.Attribute[Card] | None, value: Card) -> None:
    if type(value) is not Card:
        raise InvalidArgumentError(
            "card", f"expected a Card (Card.G3, or Card.parse('G3')), got {shown(value)}", clause_id="cards.schwungkarten"
        )


def _leader(value: object) -> Player:
    return as_player(value, "player")


@attrs.frozen(repr=False)
class PlayCard:
    """Play ``card`` from hand: a lead (``schwung.lead``) or an answer (``schwung.answer``). Code: the card's code.

    ``card`` must be a ``Card``; anything else raises ``InvalidArgumentError``.
    """

    card: Card = attrs.field(validator=_card)

    @property
    def code(self) -> str:
        """The card's short code, e.g. ``G3``."""
        return _CARD_CODES[self.card._value_]

    def __repr__(self) -> str:
        return self.card.name


@attrs.frozen(repr=False)
class StartAngriff:
    """Start the Angriff before leading (``angriff.who``). Code: ``A``."""

    @property
    def code(self) -> str:
        """``A``."""
        return "A"

    def __repr__(self) -> str:
        return "A"


@attrs.frozen(repr=False)
class ChooseLeader:
    """The Kampfrichter's player decides that ``player`` leads next (``kampfrichter.chooses``). Code: ``L0`` or ``L1``.

    ``player`` is a ``Player`` or the int 0 or 1; anything else raises ``InvalidArgumentError``.
    """

    player: Player = attrs.field(converter=_leader)

    @property
    def code(self) -> str:
        """``L0`` or ``L1``."""
        return f"L{int(self.player)}"

    def __repr__(self) -> str:
        return self.code


Action: TypeAlias = PlayCard | StartAngriff | ChooseLeader
"""Any action of a Gang."""

_CARD_CODES: tuple[str, ...] = tuple(c.name for c in ALL_CARDS)

_PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in ALL_CARDS)
ANGRIFF = StartAngriff()
"""The one StartAngriff value."""
_CHOOSE = (ChooseLeader(Player.P0), ChooseLeader(Player.P1))
_ALL_ACTIONS: tuple[Action, ...] = (*_PLAY, ANGRIFF, *_CHOOSE)
_BY_CODE: dict[str, Action] = {a.code: a for a in _ALL_ACTIONS}


def play(card: Card) -> PlayCard:
    """The action of playing ``card`` (a shared instance)."""
    _card(None, None, card)
    return _PLAY[card.index]


def choose_leader(player: Player) -> ChooseLeader:
    """The action of choosing ``player`` to lead next (a shared instance)."""
    return _CHOOSE[as_player(player, "player")]


def parse_action(text: str) -> Action:
    """The action with code ``text``: a card code (``G3``, ``KR``), ``A`` or ``L0``/``L1``."""
    if not isinstance(text, str):
        raise InvalidArgumentError("text", f"an action code is a string like 'G3', 'A' or 'L0', got {shown(text)}")
    action = _BY_CODE.get(text)
    if action is not None:
        return action
    key = text.strip().upper()
    if key == "A":
        return ANGRIFF
    if key in ("L0", "L1"):
        return _CHOOSE[int(key[1])]
    try:
        return _PLAY[Card.parse(key).value]
    except ParseError:
        raise ParseError(
            f"unknown action code {shown(text)}: expected a card code (like G3, KR, BK), "
            "A for the Angriff, or L0/L1 for the Kampfrichter's choice of the next leader",
            clause_id="gang.turn",
        ) from None
