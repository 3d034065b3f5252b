"""The rule switches: one field per open question of the booklet, each defaulting to the documented reading."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.json_read import check_plain
from schwinget_spec.support.safe_text import shown

__all__ = ["Rules"]


def _switch(default: bool) -> Any:
    def check(_instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
        if not isinstance(value, bool):
            raise InvalidArgumentError(attribute.name, f"the switch takes True or False, not {shown(value)}")

    return attrs.field(default=default, validator=check)


@attrs.frozen
class _OneOf:
    # ``options`` is public to the readers of a switch's values (``rules_from_json``).
    options: tuple[str, ...]

    def __call__(self, _instance: object, attribute: attrs.Attribute[str], value: object) -> None:
        if not isinstance(value, str) or value not in self.options:
            listed = ", ".join(repr(o) for o in self.options)
            raise InvalidArgumentError(attribute.name, f"the switch takes one of {listed}, not {shown(value)}")


def _one_of(options: tuple[str, ...]) -> _OneOf:
    return _OneOf(options)


@attrs.frozen
class Rules:
    """Which reading of each open rule question is in force.

    Every field is documented in ``docs/ambiguities.md`` under the id given here, with
    the German and French text, the readings, and why the default was chosen. The
    defaults (``Rules()``) are the library's reading of the booklet. A value a switch
    does not take raises ``InvalidArgumentError`` naming the switch; so does a name that
    is no switch (``Rules(bogus=1)``: the error names ``bogus``, and is a ``TypeError``
    as Python's own would be).
    """

    def __new__(cls, *args: Any, **switches: Any) -> Rules:
        # before attrs' __init__, whose refusal of an unknown keyword is Python's own TypeError
        if switches and not _SWITCHES.issuperset(switches):
            unknown = next(name for name in switches if name not in _SWITCHES)
            raise InvalidArgumentError(
                unknown, f"Rules has no switch named {shown(unknown)}; the switches are {', '.join(sorted(_SWITCHES))}"
            )
        return super().__new__(cls)

    special_cards_follow_colour: bool = _switch(False)
    """AMB-SPECIAL-FARBZWANG. False (default): the Kampfrichter and the Brienzer-Konter
    may answer any lead, like trump. True: they count as "not the led colour", so a
    player holding the led colour may not answer with them."""

    void_konter_beats_six: bool = _switch(True)
    """AMB-KONTER-VOID. True (default): a Brienzer-Konter answered to a led 6 wins
    (``konter.beats_six``) even when its player holds no card of the led colour. False:
    the void rule (``schwung.void_loses``) prevails and such a Konter loses."""

    void_kampfrichter_neutralises: bool = _switch(True)
    """AMB-KAMPFRICHTER-VOID. True (default): a Kampfrichter answered by a player who holds
    no card of the led colour neutralises the led card (``kampfrichter.neutralises``)
    like any other Kampfrichter answer, and its player chooses the next leader
    (``kampfrichter.chooses``). False: the void rule (``schwung.void_loses``) prevails and
    the leader takes the trick at once and leads next (``trick.winner_leads``). No
    neutralised trick is ever pending then: only the Kampfrichter leaves one, and the
    deck holds one Kampfrichter, the card being played. On the last Schwung both readings give the
    trick to the leader (``kampfrichter.last_schwung``)."""

    konter_beats_trump_six: bool = _switch(True)
    """AMB-KONTER-TRUMP-SIX. True (default): the Brienzer-Konter beats every 6, trump 6
    included. False: a trump 6 beats the Konter (``trump.beats`` prevails)."""

    konter_loses_to_kampfrichter: bool = _switch(False)
    """AMB-KONTER-VS-KR. False (default): before the last Schwung the Kampfrichter
    neutralises the Brienzer-Konter like any other card (``kampfrichter.neutralises``): the
    trick stays in the middle. True: the Konter "verliert" against the Kampfrichter as
    against every card that is not a 6 (``konter.loses``): the Kampfrichter's player takes
    the trick at once and leads next (no neutralised trick is pending then: the deck
    holds one Kampfrichter, the card being played). On the last Schwung both readings give the trick to
    the Konter (``konter.last_trick``)."""

    good_loser_after_plattwurf: bool = _switch(True)
    """AMB-GUT-GEKAEMPFT-PLATTWURF. True (default): under the Punktewertung a loser with 3
    tricks or more in the whole Gang scores 1 point (``table.gut_gekaempft``) whatever row
    the Gang falls in, a Plattwurf included. False: a loser thrown by Plattwurf scores 0
    whatever its tricks."""

    draw_tie_starter: Literal["younger", "drawn_gang_starter", "drawn_gang_other"] = attrs.field(
        default="younger",
        validator=_one_of(("younger", "drawn_gang_starter", "drawn_gang_other")),
    )
    """AMB-DRAW-TIE-STARTER. Who starts the next Gang after a Gestellter when both players
    have equal points (``match.draw_starter`` decides only unequal points). ``"younger"``
    (default): the younger player, who started Gang 1 (``match.first_starter``).
    ``"drawn_gang_starter"``: the player who started the drawn Gang starts again.
    ``"drawn_gang_other"``: the other player than the one who started the drawn Gang."""

    match_draw: Literal["draw", "more_tricks"] = attrs.field(
        default="draw",
        validator=_one_of(("draw", "more_tricks")),
    )
    """AMB-MATCH-DRAW. The end of a match whose totals are equal (``match.winner`` names
    whoever has the most points). ``"draw"`` (default): nobody has the most points, the
    match is drawn. ``"more_tricks"``: the player who made more tricks over all Gänge wins
    ("Dabei ist die Anzahl gemachter Stiche entscheidend", ``gang.tricks_decide``, read as
    the goal's tie-break); equal tricks too, the match is drawn."""

    fest_starter: Literal["loser_of_first_meeting", "alternate", "younger"] = attrs.field(
        default="loser_of_first_meeting",
        validator=_one_of(("loser_of_first_meeting", "alternate", "younger")),
    )
    """AMB-FEST-STARTER. Who starts each Gang of a Schwingfest (each meeting is one Gang).
    ``"loser_of_first_meeting"`` (default): the pair's two meetings as a short match under
    the match's Ablauf: the younger starts the first meeting (``match.first_starter``); the
    loser of the first meeting starts the second (``match.loser_starts``); after a drawn
    first meeting the pair's points are equal (a Gestellter gives both the same,
    ``match.draw_starter``), so ``draw_tie_starter`` decides: the younger under
    ``"younger"`` and ``"drawn_gang_starter"``, the older under ``"drawn_gang_other"``.
    ``"alternate"`` (the default before vector suite 3): the younger of the pair starts
    their first meeting, the older their second. ``"younger"``: the younger of the pair
    starts both meetings."""

    fest_tiebreak: Literal["shared", "wins_then_plattwuerfe"] = attrs.field(
        default="shared",
        validator=_one_of(("shared", "wins_then_plattwuerfe")),
    )
    """AMB-FEST-TIES. How Schwingfest standings rank Schwinger with equal points.
    ``"shared"`` (default): equal points share a rank. ``"wins_then_plattwuerfe"``: more
    Gänge won ranks first, then more Plattwurf wins; still equal, the rank is shared."""

    def to_json(self) -> dict[str, bool | str]:
        """Every switch by name with its wire value (true/false, or the reading's string): the ``rules`` of traces; ``Rules.from_json`` reads it back."""
        return {field.name: getattr(self, field.name) for field in attrs.fields(Rules)}

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """The Rules a ``rules`` object selects; switches not given keep their defaults.

        A name that is no switch or a value the switch does not take raises
        ``InvalidArgumentError`` naming the switch (as ``Rules(**data)`` does).
        """
        check_plain(data, "rules")
        if not isinstance(data, dict) or not all(isinstance(name, str) for name in data):
            raise InvalidArgumentError("rules", f"expected a JSON object of switch names, got {shown(data)}")
        return cls(**data)


_SWITCHES = frozenset(field.name for field in attrs.fields(Rules))
"""The names of the switches of ``Rules``."""
