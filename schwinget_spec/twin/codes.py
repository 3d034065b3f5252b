"""The small numbers both twin engines speak: action codes, the switch mask and the packed Gang result."""

from __future__ import annotations

from typing import Any

import attrs

from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, UnknownNameError
from schwinget_spec.gang import Angriff, GangResult, Outcome
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = [
    "ACTION_CODES",
    "ANGRIFF",
    "CHOOSE_P0",
    "CHOOSE_P1",
    "N_ACTIONS",
    "SWITCHES",
    "action_of",
    "card_codes",
    "deal_args",
    "decode_result",
    "encode_result",
    "rules_of",
    "shown",
    "switch_bits",
]

ACTION_CODES: tuple[str, ...] = (*(c.code for c in ALL_CARDS), "A", "L0", "L1")
"""The code of action ``a``: 0-25 play that card (canonical order), 26 the Angriff, 27/28 L0/L1."""
N_ACTIONS = len(ACTION_CODES)
ANGRIFF = 26
"""The action that starts the Angriff."""
CHOOSE_P0 = 27
"""The Kampfrichter's player chooses P0 to lead next."""
CHOOSE_P1 = 28
"""The Kampfrichter's player chooses P1 to lead next."""


def shown(value: object) -> str:
    """A refused value as an error message shows it, as the compiled twin does: its ``repr`` cut to 200 characters; an int whose ``repr`` Python refuses (more than 4,300 digits) by its size."""
    try:
        text = repr(value)
    except Exception:  # an int too long to print, or a __repr__ that fails
        if isinstance(value, int):
            return f"an int of {int.bit_length(value)} bits"
        return f"a {type(value).__name__} whose repr() fails"
    return text if len(text) <= 200 else f"{text[:200]}..."

SWITCHES: tuple[str, ...] = (
    "special_cards_follow_colour",
    "void_konter_beats_six",
    "konter_beats_trump_six",
    "konter_loses_to_kampfrichter",
    "void_kampfrichter_neutralises",
)
"""The ``Rules`` fields that change the play of a Gang; bit ``i`` of a switch mask is field ``i`` being True."""

_INDEX = {code: i for i, code in enumerate(ACTION_CODES)}
_OUTCOMES = tuple(Outcome)


def action_of(code: str) -> int:
    """The action number of a code (``G3``, ``A``, ``L0``; case and spaces around it do not matter).

    Raises ``UnknownNameError`` (also a ``KeyError``) naming ``code`` for a string that names
    no action, ``InvalidArgumentError`` for anything that is not a string.
    """
    if not isinstance(code, str):
        raise InvalidArgumentError("code", f"an action code is a string (G3, A, L0), got {shown(code)}")
    number = _INDEX.get(code.strip().upper())
    if number is None:
        raise UnknownNameError("code", code, f"no action has the code {code!r}; the codes are {', '.join(ACTION_CODES)}")
    return number


def _bits(value: object, bits: int, parameter: str, what: str) -> int:
    # ``value`` if it is an int (not a bool) of at most ``bits`` bits, else InvalidArgumentError
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << bits:
        raise InvalidArgumentError(parameter, f"{what}, got {shown(value)}")
    return value


def card_codes(mask: int) -> tuple[str, ...]:
    """The codes of the cards in a hand mask (bit ``i`` the card of index ``i``), in canonical order."""
    mask = _bits(mask, len(ALL_CARDS), "mask", "a mask of cards is an int of 26 bits")
    return tuple(c.code for c in ALL_CARDS if mask >> c.index & 1)


def switch_bits(rules: Rules) -> int:
    """The Gang switches of ``rules`` as a mask."""
    if not isinstance(rules, Rules):
        raise InvalidArgumentError("rules", f"expected Rules, got {shown(rules)}")
    return sum(1 << i for i, name in enumerate(SWITCHES) if getattr(rules, name))


def rules_of(bits: int, base: Rules | None = None) -> Rules:
    """``base`` (default ``Rules()``) with the Gang switches of the mask ``bits``."""
    bits = _bits(bits, len(SWITCHES), "bits", f"a switch mask is an int of {len(SWITCHES)} bits")
    if base is not None and not isinstance(base, Rules):
        raise InvalidArgumentError("base", f"expected Rules or None, got {shown(base)}")
    values: dict[str, Any] = {name: bool(bits >> i & 1) for i, name in enumerate(SWITCHES)}
    return attrs.evolve(base or Rules(), **values)


def deal_args(deal: Deal) -> tuple[int, int, int, bytes]:
    """Both hands as masks, the revealed card's index and the pile as bytes: what ``start`` takes."""
    if not isinstance(deal, Deal):
        raise InvalidArgumentError("deal", f"expected a Deal, got {shown(deal)}")
    h0, h1 = deal.hands
    return sum(c.bit for c in h0), sum(c.bit for c in h1), deal.revealed.index, bytes([c.index for c in deal.pile])


def _seat(bits: int) -> Player | None:
    return None if bits == 0 else Player(bits - 1)


def decode_result(code: int) -> GangResult:
    """The ``GangResult`` packed in ``code``.

    Bits 0-3 tricks of P0, 4-7 of P1, 8-11 Schwünge, 12-13 the Angriff's player (0 none,
    1 + seat), 14-16 after how many Schwünge, 17-18 the Plattwurf winner, 19-20 the winner
    (0 none, 1 + seat), 21-23 the outcome (``Outcome`` in declaration order). The fields
    are read as packed (``gang.check_result`` judges whether they agree); a code that packs
    no such fields (a seat 3, an outcome 5-7, not an int of 24 bits) raises
    ``InvalidArgumentError`` naming ``code``.
    """
    if type(code) is not int or not 0 <= code < 1 << 24 or code >> 21 >= len(_OUTCOMES) or 3 in (
        code >> 12 & 3, code >> 17 & 3, code >> 19 & 3
    ):
        _bits(code, 24, "code", "a packed Gang result is an int of 24 bits")
        raise InvalidArgumentError("code", f"{code} packs no Gang result: a seat field holds 3 or the outcome {code >> 21}")
    attacker = _seat(code >> 12 & 3)
    return GangResult(
        tricks=(code & 15, code >> 4 & 15),
        schwuenge=code >> 8 & 15,
        angriff=None if attacker is None else Angriff(attacker, code >> 14 & 7),
        plattwurf=_seat(code >> 17 & 3),
        winner=_seat(code >> 19 & 3),
        outcome=_OUTCOMES[code >> 21 & 7],
    )


def encode_result(result: GangResult) -> int:
    """``result`` packed as ``decode_result`` reads it."""

    if not isinstance(result, GangResult):
        raise InvalidArgumentError("result", f"expected a GangResult, got {shown(result)}")

    def seat(player: Player | None) -> int:
        return 0 if player is None else 1 + int(player)

    angriff = result.angriff
    return (
        result.tricks[0]
        | result.tricks[1] << 4
        | result.schwuenge << 8
        | (0 if angriff is None else seat(angriff.player)) << 12
        | (0 if angriff is None else angriff.after_schwung) << 14
        | seat(result.plattwurf) << 17
        | seat(result.winner) << 19
        | _OUTCOMES.index(result.outcome) << 21
    )

