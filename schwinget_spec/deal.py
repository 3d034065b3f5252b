"""The deal of one Gang: both hands, the four set-aside cards with the revealed trump card, and the draw pile in order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

import attrs

from schwinget_spec.cards import ALL_CARDS, Card, Colour, parse_cards
from schwinget_spec.errors import InvalidDealError, SchwingetError
from schwinget_spec.json_read import check_plain
from schwinget_spec.players import Player, as_player
from schwinget_spec.rng import SplitMix64, shuffled
from schwinget_spec.support.safe_text import shown

__all__ = ["HAND_SIZE", "PILE_SIZE", "Deal"]

HAND_SIZE = 5
"""Cards dealt to each player (clause ``deal.hands``)."""
SET_ASIDE_SIZE = 4
"""Cards set aside face down, the top one revealed (clause ``deal.set_aside``)."""
PILE_SIZE = 12
"""Cards in the draw pile: 26 - 2 * 5 - 4 (clause ``deal.pile``)."""

_INDEX = attrgetter("_value_")
# A card's index 0-25 (``Card.index``), read by a C call: the sort key of a hand, and
# with _CARD_TYPE the quick check of a whole deal.
_CARD_TYPE = frozenset((Card,))


def _tuple_of_cards(value: object, field: str) -> tuple[Card, ...]:
    if type(value) is tuple or type(value) is list:  # the usual case, without the checks of the ABC below
        return tuple(value)
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidDealError(f"{field} must be a sequence of Cards, got {shown(value)}", clause_id="cards.schwungkarten")
    return tuple(value)


def _codes(value: object, field: str) -> tuple[Card, ...]:
    # card codes as a space-joined string or a list of single codes
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, Sequence) and all(isinstance(code, str) for code in value):
        return tuple(Card.parse(code) for code in value)
    raise InvalidDealError(
        f"{field} must be card codes, a string like 'G3 KR Y6' or a list of codes, got {shown(value)}",
        clause_id="cards.schwungkarten",
    )


def _sorted_hand(cards: Iterable[Card], field: str) -> tuple[Card, ...]:
    hand = _tuple_of_cards(cards, field)
    if not _CARD_TYPE.issuperset(map(type, hand)):
        for card in hand:
            if not isinstance(card, Card):
                raise InvalidDealError(
                    f"{field} holds {shown(card)}, which is not a Card", clause_id="cards.schwungkarten"
                )
    return tuple(sorted(hand, key=_INDEX))


def _face_down(value: Iterable[Card]) -> tuple[Card, ...]:
    return _tuple_of_cards(value, "face_down")


def _pile(value: Iterable[Card]) -> tuple[Card, ...]:
    return _tuple_of_cards(value, "pile")


def _hands(value: Sequence[Iterable[Card]]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    plain = type(value) is tuple or type(value) is list  # the usual case, without the checks of the ABC
    if not plain and (isinstance(value, str | bytes) or not isinstance(value, Sequence)):
        raise InvalidDealError(f"hands must be a pair of hands, got {shown(value)}", clause_id="deal.hands")
    if len(value) != 2:
        raise InvalidDealError(
            f"a deal has two hands, got {len(value)}", clause_id="deal.hands"
        )
    return (_sorted_hand(value[0], "hands[0]"), _sorted_hand(value[1], "hands[1]"))


@attrs.frozen(repr=False)
class Deal:
    """Who holds what at the start of a Gang.

    - ``hands``: the five cards of ``P0`` and of ``P1`` (kept sorted; order in hand carries no rule).
    - ``revealed``: the top set-aside card, face up; its colour is trump (``deal.trump``),
      none if it is the Kampfrichter or the Brienzer-Konter (``deal.no_trump``).
    - ``face_down``: the other three set-aside cards; out of play (``deal.set_aside``).
    - ``pile``: the twelve cards of the draw pile, the first one drawn first (``deal.pile``).

    Together these are exactly the 26 Schwungkarten (``cards.schwungkarten``); the
    constructor refuses anything else with an ``InvalidDealError`` naming the field.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = attrs.field(converter=_hands)
    revealed: Card
    face_down: tuple[Card, ...] = attrs.field(converter=_face_down)
    pile: tuple[Card, ...] = attrs.field(converter=_pile)

    def __attrs_post_init__(self) -> None:
        # The usual case first, in a few calls: 5 + 5 + 1 + 3 + 12 Cards, 26 different
        # indices. Anything else is looked at one card at a time, below, to name the fault.
        h0, h1 = self.hands
        everything = (*h0, *h1, self.revealed, *self.face_down, *self.pile)
        if (
            len(h0) == HAND_SIZE and len(h1) == HAND_SIZE and len(self.face_down) == SET_ASIDE_SIZE - 1
            and len(self.pile) == PILE_SIZE and _CARD_TYPE.issuperset(map(type, everything))
            and len(set(map(_INDEX, everything))) == len(ALL_CARDS)
        ):
            return
        for field, cards in (
            ("hands[0]", self.hands[0]),
            ("hands[1]", self.hands[1]),
            ("face_down", self.face_down),
            ("pile", self.pile),
        ):
            for card in cards:
                if not isinstance(card, Card):
                    raise InvalidDealError(
                        f"{field} holds {shown(card)}, which is not a Card", clause_id="cards.schwungkarten"
                    )
        if not isinstance(self.revealed, Card):
            raise InvalidDealError(
                f"revealed is {shown(self.revealed)}, which is not a Card", clause_id="cards.schwungkarten"
            )
        for i in (0, 1):
            if len(self.hands[i]) != HAND_SIZE:
                raise InvalidDealError(
                    f"hands[{i}] holds {len(self.hands[i])} cards; each player is dealt {HAND_SIZE}",
                    clause_id="deal.hands",
                )
        if len(self.face_down) != SET_ASIDE_SIZE - 1:
            raise InvalidDealError(
                f"face_down holds {len(self.face_down)} cards; 4 are set aside, the top one "
                "revealed, so 3 stay face down",
                clause_id="deal.set_aside",
            )
        if len(self.pile) != PILE_SIZE:
            raise InvalidDealError(
                f"pile holds {len(self.pile)} cards; the draw pile is the remaining {PILE_SIZE}",
                clause_id="deal.pile",
            )
        seen: dict[Card, str] = {}
        for field, cards in (
            ("hands[0]", self.hands[0]),
            ("hands[1]", self.hands[1]),
            ("revealed", (self.revealed,)),
            ("face_down", self.face_down),
            ("pile", self.pile),
        ):
            for card in cards:
                if card in seen:
                    raise InvalidDealError(
                        f"{card.code} appears twice, in {seen[card]} and in {field}; "
                        "each of the 26 Schwungkarten exists once",
                        clause_id="cards.schwungkarten",
                    )
                seen[card] = field

    # -- other ways to build a deal

    @classmethod
    def from_deck(cls, deck: Sequence[Card]) -> Deal:
        """Deal a deck given top card first, as the booklet's points 1-3 describe.

        Card 0 goes to ``P0``, card 1 to ``P1``, and so on alternately until both hold
        five (``deal.hands``); cards 10-13 are set aside with card 10 on top, revealed
        (``deal.set_aside``); cards 14-25 are the pile, card 14 drawn first (``deal.pile``).
        """
        deck = _tuple_of_cards(deck, "deck")
        if len(deck) != len(ALL_CARDS):
            raise InvalidDealError(
                f"a deck has 26 cards, got {len(deck)}", clause_id="cards.schwungkarten"
            )
        return cls(
            hands=(deck[0:10:2], deck[1:10:2]),
            revealed=deck[10],
            face_down=deck[11:14],
            pile=deck[14:],
        )

    @classmethod
    def shuffled(cls, seed: int) -> Deal:
        """The deal for ``seed`` (0 <= seed < 2**64): the 26 cards shuffled (``deal.shuffle``), reproducible in any language.

        The 26 cards in canonical order (``Card`` values 0-25) are shuffled by
        Fisher-Yates driven by SplitMix64 seeded with ``seed`` (``schwinget_spec.rng``),
        then dealt by ``from_deck``. ``docs/deal-algorithm.md`` specifies it with test vectors.
        """
        deck, _ = shuffled(ALL_CARDS, SplitMix64.seeded(seed))
        return cls.from_deck(deck)

    @classmethod
    def from_codes(
        cls,
        *,
        hands: Sequence[str | Sequence[str]],
        revealed: str,
        face_down: str | Sequence[str],
        pile: str | Sequence[str],
    ) -> Deal:
        """A deal from card codes: ``Deal.from_codes(hands=("G1 G2 ...", "..."), revealed="R3", face_down="...", pile="...")``.

        Each group of cards is a space-joined string or a list of codes, so that
        ``Deal.from_codes(**deal.to_codes())`` gives ``deal`` back.
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
            raise InvalidDealError(
                f"hands must be a pair of card-code strings or lists, got {shown(hands)}", clause_id="deal.hands"
            )
        try:
            return cls(
                hands=(_codes(hands[0], "hands[0]"), _codes(hands[1], "hands[1]")),
                revealed=Card.parse(revealed),
                face_down=_codes(face_down, "face_down"),
                pile=_codes(pile, "pile"),
            )
        except SchwingetError as exc:
            if isinstance(exc, InvalidDealError):
                raise
            raise InvalidDealError(exc.reason, clause_id=exc.clause_id) from None

    def to_json(self) -> dict[str, object]:
        """This deal as its wire value, the ``deal`` of traces and of the protocol: ``to_codes()``; ``Deal.from_json`` reads it back."""
        return self.to_codes()

    @classmethod
    def from_json(cls, data: object) -> Deal:
        """The deal ``to_json`` wrote: an object of ``hands`` (two lists of codes), ``revealed``, ``face_down`` and ``pile``.

        Anything else raises ``InvalidDealError`` naming the field.
        """
        check_plain(data, "deal")
        if not isinstance(data, dict):
            raise InvalidDealError(f"a deal is a JSON object, got {shown(data)}", clause_id="deal.hands")
        fields = ("hands", "revealed", "face_down", "pile")
        missing = [f for f in fields if f not in data]
        # a key is compared and written only once it is known to be a str (a JSON name); any
        # other is shown by shown(), which names an enormous int by its size
        extra = sorted(k if type(k) is str else shown(k) for k in data if type(k) is not str or k not in fields)
        if missing or extra:
            raise InvalidDealError(
                f"a deal has the fields {', '.join(fields)}; "
                + (f"missing: {', '.join(missing)}" if missing else f"unknown: {shown(', '.join(extra))}"),
                clause_id="deal.hands",
            )
        return cls.from_codes(hands=data["hands"], revealed=data["revealed"], face_down=data["face_down"], pile=data["pile"])

    # -- what the deal says

    @property
    def trump(self) -> Colour | None:
        """The trump colour: the revealed card's colour (``deal.trump``); None if it is special (``deal.no_trump``)."""
        return self.revealed.colour

    def hand(self, player: Player) -> tuple[Card, ...]:
        """The five cards dealt to ``player``."""
        return self.hands[as_player(player, "player")]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck order that ``from_deck`` turns into this deal (hands interleaved in sorted order)."""
        h0, h1 = self.hands
        dealt = tuple(c for pair in zip(h0, h1, strict=True) for c in pair)
        return (*dealt, self.revealed, *self.face_down, *self.pile)

    def to_codes(self) -> dict[str, object]:
        """This deal as card codes, the shape used by traces: hands, revealed, face_down, pile."""
        return {
            "hands": [[c.code for c in self.hands[0]], [c.code for c in self.hands[1]]],
            "revealed": self.revealed.code,
            "face_down": [c.code for c in self.face_down],
            "pile": [c.code for c in self.pile],
        }

    def __repr__(self) -> str:
        h0 = " ".join(c.code for c in self.hands[0])
        h1 = " ".join(c.code for c in self.hands[1])
        fd = " ".join(c.code for c in self.face_down)
        pile = " ".join(c.code for c in self.pile)
        return f"Deal(P0=[{h0}], P1=[{h1}], revealed={self.revealed.code}, face_down=[{fd}], pile=[{pile}])"
