"""One Schwung decided: which answers are allowed (Farbzwang) and who wins the trick, or whether the Kampfrichter leaves it pending."""

from __future__ import annotations

from functools import cache

import attrs

from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = [
    "COLOUR_MASK",
    "FOLLOW_MASK",
    "SPECIAL_MASK",
    "SchwungOutcome",
    "allowed_answers",
    "resolve_schwung",
]

COLOUR_MASK: dict[Colour, int] = {
    colour: sum(c.bit for c in ALL_CARDS if c.colour is colour) for colour in Colour
}
"""For each colour, the bit mask of its six cards."""
SPECIAL_MASK = Card.KR.bit | Card.BK.bit
"""The bit mask of the Kampfrichter and the Brienzer-Konter."""
FOLLOW_MASK: tuple[int, ...] = tuple(0 if c.colour is None else COLOUR_MASK[c.colour] for c in ALL_CARDS)
"""For each card index, the bit mask of the cards of its colour (the cards that follow it); 0 for the special cards."""

# Enum members read through their class (``Card.KR``) pass through the attribute hook
# of Python 3.11's EnumType, several times the cost of reading a global.
_KR = Card.KR
_BK = Card.BK
_OTHER = (Player.P1, Player.P0)


def allowed_answers(hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
    """The cards of ``hand`` (a bit mask) that may answer ``led``, as a bit mask.

    - A special card led has no colour to follow: any card may answer.
    - Holding no card of the led colour, any card may answer (``schwung.void_any``).
    - Otherwise the answer follows the led colour (``schwung.farbzwang``), or is a trump
      (``trump.anytime``), or, unless ``rules.special_cards_follow_colour``, a special
      card (ambiguity AMB-SPECIAL-FARBZWANG).
    """
    allowed = hand & FOLLOW_MASK[led._value_]  # the led colour's cards; none for a special card
    if not allowed:
        return hand
    if trump is not None:
        allowed |= hand & COLOUR_MASK[trump]
    if not rules.special_cards_follow_colour:
        allowed |= hand & SPECIAL_MASK
    return allowed


@attrs.frozen
class SchwungOutcome:
    """How a Schwung ended: ``winner`` takes the trick, or None when the Kampfrichter neutralised it.

    ``clause_id`` names the clause that decided it.
    """

    winner: Player | None
    clause_id: str


@cache
def _outcome(winner: Player | None, clause_id: str) -> SchwungOutcome:
    # One SchwungOutcome per winner and clause, built once: the values are immutable.
    return SchwungOutcome(winner, clause_id)


def _konter_beats(six: Card, trump: Colour | None, rules: Rules) -> bool:
    # konter.beats_six; a trump 6 only while rules.konter_beats_trump_six (AMB-KONTER-TRUMP-SIX)
    return six.is_brienzer_schwung and (rules.konter_beats_trump_six or six.colour is not trump)


def resolve_schwung(
    leader: Player,
    led: Card,
    answer: Card,
    trump: Colour | None,
    rules: Rules,
    *,
    is_last: bool,
    answer_was_void: bool,
) -> SchwungOutcome:
    """Who wins the Schwung in which ``leader`` led ``led`` and the opponent answered ``answer``.

    ``is_last``: this is the very last Schwung of the Gang. ``answer_was_void``: the
    answering player held no card of the led colour before answering.

    A Kampfrichter, led or answered, neutralises the other card
    (``kampfrichter.neutralises``: the winner is None and its player chooses the next
    leader) except on the last Schwung (``kampfrichter.last_schwung``, or
    ``konter.last_trick`` against the Konter), against the Konter under
    ``rules.konter_loses_to_kampfrichter`` (AMB-KONTER-VS-KR), and when it answers a
    coloured lead from a void hand under ``rules.void_kampfrichter_neutralises=False``
    (AMB-KAMPFRICHTER-VOID: ``schwung.void_loses``, the leader wins).
    """
    answerer = _OTHER[leader]  # leader.other
    if led is _KR or answer is _KR:
        kr_player = leader if led is _KR else answerer
        other_card = answer if led is _KR else led
        if is_last:
            if other_card is _BK:
                return _outcome(_OTHER[kr_player], "konter.last_trick")
            return _outcome(_OTHER[kr_player], "kampfrichter.last_schwung")
        if other_card is _BK and rules.konter_loses_to_kampfrichter:
            # konter.loses read against the Kampfrichter too (AMB-KONTER-VS-KR)
            return _outcome(kr_player, "konter.loses")
        if answer_was_void and not rules.void_kampfrichter_neutralises:
            # schwung.void_loses prevails over kampfrichter.neutralises (AMB-KAMPFRICHTER-VOID):
            # the void Kampfrichter answer loses, the leader takes the trick
            return _outcome(leader, "schwung.void_loses")
        return _outcome(None, "kampfrichter.neutralises")
    if led is _BK:
        if _konter_beats(answer, trump, rules):
            return _outcome(leader, "konter.beats_six")
        if answer.is_brienzer_schwung:
            return _outcome(answerer, "trump.beats")
        return _outcome(answerer, "konter.loses")
    if answer is _BK:
        if _konter_beats(led, trump, rules):
            if answer_was_void and not rules.void_konter_beats_six:
                return _outcome(leader, "schwung.void_loses")
            return _outcome(answerer, "konter.beats_six")
        if led.is_brienzer_schwung:
            return _outcome(leader, "trump.beats")
        return _outcome(leader, "konter.loses")
    led_colour = led.colour
    answer_colour = answer.colour
    if answer_colour is led_colour:
        higher = answerer if answer.index > led.index else leader
        return _outcome(higher, "schwung.higher_wins")
    if trump is not None:
        if answer_colour is trump:
            return _outcome(answerer, "trump.beats")
        if led_colour is trump:
            return _outcome(leader, "trump.beats")
    return _outcome(leader, "schwung.void_loses")

