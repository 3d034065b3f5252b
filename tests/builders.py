"""Helpers for hand-built tests: explicit deals from short code strings, playing a list of action codes, and misuses of the API to refuse."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from schwinget_spec import ALL_CARDS, Card, Deal, GangState, Player, Rules, parse_cards, start_gang
from schwinget_spec.errors import SchwingetError

__all__ = ["Misuse", "make_deal", "play_codes", "started"]


@attrs.frozen
class Misuse:
    """One misuse of the API: a call, the error class it must raise and the parameter the error must name."""

    label: str
    call: Callable[[], object]
    error: type[SchwingetError]
    parameter: str


def make_deal(p0: str, p1: str, revealed: str, pile: str = "", face_down: str = "") -> Deal:
    """A deal with hands ``p0``/``p1`` and the trump card ``revealed`` given as codes.

    ``pile`` lists the first cards drawn, in order; ``face_down`` the first set-aside
    cards. The cards named nowhere fill the pile first (after those given), then the
    face-down cards, in canonical order, so a test names only the cards it relies on.
    """
    h0, h1 = parse_cards(p0), parse_cards(p1)
    top = Card.parse(revealed)
    given_pile, given_down = parse_cards(pile), parse_cards(face_down)
    listed = [*h0, *h1, top, *given_pile, *given_down]
    named = set(listed)
    if len(named) != len(listed):
        twice = sorted({c for c in listed if listed.count(c) > 1})
        raise ValueError(f"make_deal: {' '.join(c.code for c in twice)} named more than once")
    rest = [c for c in ALL_CARDS if c not in named]
    pile_cards = list(given_pile)
    while len(pile_cards) < 12 and rest:
        pile_cards.append(rest.pop(0))
    down = list(given_down) + rest
    return Deal(hands=(h0, h1), revealed=top, face_down=tuple(down), pile=tuple(pile_cards))


def play_codes(state: GangState, codes: str | Iterable[str]) -> GangState:
    """The state after applying each action code of ``codes`` (a space-separated string or a list) in turn."""
    if isinstance(codes, str):
        codes = codes.split()
    for code in codes:
        state = state.apply(code)
    return state


def started(
    p0: str,
    p1: str,
    revealed: str,
    pile: str = "",
    face_down: str = "",
    *,
    starter: Player = Player.P0,
    rules: Rules | None = None,
) -> GangState:
    """The first state of a Gang dealt by ``make_deal`` with ``starter`` to lead."""
    return start_gang(make_deal(p0, p1, revealed, pile, face_down), starter, rules)


def hidden_cards_swapped(deal: Deal) -> Deal:
    """``deal`` with P1's first card exchanged for a face-down card and two undrawn pile cards swapped: P0 cannot tell them apart."""
    hidden = deal.hands[1][0]
    other = deal.face_down[0]
    return Deal(
        hands=(deal.hands[0], tuple(other if c is hidden else c for c in deal.hands[1])),
        revealed=deal.revealed,
        face_down=(hidden, *deal.face_down[1:]),
        pile=(*deal.pile[:2], deal.pile[5], *deal.pile[3:5], deal.pile[2], *deal.pile[6:]),
    )
