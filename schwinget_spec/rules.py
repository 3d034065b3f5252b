"""The rule switches: one field per open question of the booklet, each defaulting to the documented reading."""

from __future__ import annotations

import attrs

__all__ = ["Rules"]


@attrs.frozen
class Rules:
    """Which reading of each open rule question is in force.

    Every field is documented in ``docs/ambiguities.md`` under the id given here, with
    the German and French text, the readings, and why the default was chosen. The
    defaults (``Rules()``) are the library's reading of the booklet.
    """

    special_cards_follow_colour: bool = False
    """AMB-SPECIAL-FARBZWANG. False (default): the Kampfrichter and the Brienzer-Konter
    may answer any lead, like trump. True: they count as "not the led colour", so a
    player holding the led colour may not answer with them."""

    void_konter_beats_six: bool = True
    """AMB-KONTER-VOID. True (default): a Brienzer-Konter answered to a led 6 wins
    (``konter.beats_six``) even when its player holds no card of the led colour. False:
    the void rule (``schwung.void_loses``) prevails and such a Konter loses."""

    konter_beats_trump_six: bool = True
    """AMB-KONTER-TRUMP-SIX. True (default): the Brienzer-Konter beats every 6, trump 6
    included. False: a trump 6 beats the Konter (``trump.beats`` prevails)."""
