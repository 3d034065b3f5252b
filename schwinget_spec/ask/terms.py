"""The words of a question: typed terms for players, cards, counts and propositions about one Gang, in the booklet's vocabulary."""

from __future__ import annotations

from typing import Literal

import attrs

from schwinget_spec.cards import Card, Colour
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Outcome
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "GANG_SWITCHES",
    "MAX_SCHWUNG",
    "PLAYER_NAMES",
    "And",
    "AngriffAt",
    "AngriffSchwung",
    "Answered",
    "CardIs",
    "CardRef",
    "ColourIs",
    "Compare",
    "Const",
    "EverySchwung",
    "Gestellter",
    "Holds",
    "Implies",
    "Leads",
    "Led",
    "Locked",
    "Neutralised",
    "Not",
    "Num",
    "Or",
    "Pending",
    "Plattwurf",
    "Played",
    "PlayerRef",
    "Points",
    "Prop",
    "Reading",
    "Revealed",
    "RowIs",
    "Schwuenge",
    "SchwungRef",
    "SomeSchwung",
    "Tricks",
    "TrumpIs",
    "ValueIs",
    "Void",
    "Wins",
    "WinsSchwung",
    "names_result_player",
    "reads_points",
    "size_of",
    "subterms",
]

MAX_SCHWUNG = 11
"""The longest Gang has 11 Schwünge (``gang.end_no_angriff``): a Schwung number is 1 to 11."""

GANG_SWITCHES: tuple[str, ...] = (
    "special_cards_follow_colour",
    "void_konter_beats_six",
    "void_kampfrichter_neutralises",
    "konter_beats_trump_six",
    "konter_loses_to_kampfrichter",
    "good_loser_after_plattwurf",
)
"""The ``Rules`` switches that act inside one Gang and its points: a question may fix them or leave them open."""

SchwungRef = int | str
"""A Schwung number 1 to 11, or the name of a Schwung bound by ``SomeSchwung`` / ``EverySchwung``."""

CMP_OPS = ("=", "!=", "<", "<=", ">", ">=")


def _schwung(value: object) -> SchwungRef:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise InvalidArgumentError("schwung", f"expected a Schwung number 1 to {MAX_SCHWUNG} or a name, got {value!r}")
    if isinstance(value, int) and not 1 <= value <= MAX_SCHWUNG:
        raise InvalidArgumentError("schwung", f"a Gang has Schwünge 1 to {MAX_SCHWUNG}, got {value}")
    if isinstance(value, str) and not value.isidentifier():
        raise InvalidArgumentError("schwung", f"a Schwung's name is a word such as s, got {value!r}")
    return value


def _optional_schwung(value: object) -> SchwungRef | None:
    return None if value is None else _schwung(value)


@attrs.frozen
class PlayerRef:
    """A player as a question names one: ``P0``, ``P1``, ``starter`` (leads Schwung 1, ``gang.turn``), ``opponent`` (the starter's), or ``winner`` and ``loser`` of the Gang.

    The winner and the loser (the booklet's Sieger and Verlierer, ``gang.more_tricks_wins``,
    ``plattwurf.wins``) exist only when the Gang has a winner: a statement about either is
    false after a Gestellter, ``not`` one true.
    """

    name: Literal["P0", "P1", "starter", "opponent", "winner", "loser"]

    def __attrs_post_init__(self) -> None:
        if self.name not in PLAYER_NAMES:
            raise InvalidArgumentError("player", f"expected {', '.join(PLAYER_NAMES)}, got {self.name!r}")


PLAYER_NAMES: tuple[str, ...] = ("P0", "P1", "starter", "opponent", "winner", "loser")
"""The players a question can name."""


def names_result_player(prop: object) -> bool:
    """True when ``prop`` (one proposition, not its parts joined by and, or, not) names the winner or the loser of the Gang."""
    return any(isinstance(t, PlayerRef) and t.name in ("winner", "loser") for t in subterms(prop))


# -- numbers


@attrs.frozen
class Num:
    """A count of a Gang: compare it with ``at_least``, ``at_most``, ``equals``, ``more_than``, ``fewer_than``, ``differs``."""

    def _cmp(self, op: str, other: Num | int | str) -> Compare:
        return Compare(self, op, _num(other, self))

    def equals(self, other: Num | int | str) -> Compare:
        """The proposition: this count equals ``other``."""
        return self._cmp("=", other)

    def differs(self, other: Num | int | str) -> Compare:
        """The proposition: this count differs from ``other``."""
        return self._cmp("!=", other)

    def at_least(self, other: Num | int | str) -> Compare:
        """The proposition: this count is ``other`` or more."""
        return self._cmp(">=", other)

    def at_most(self, other: Num | int | str) -> Compare:
        """The proposition: this count is ``other`` or less."""
        return self._cmp("<=", other)

    def more_than(self, other: Num | int | str) -> Compare:
        """The proposition: this count is above ``other``."""
        return self._cmp(">", other)

    def fewer_than(self, other: Num | int | str) -> Compare:
        """The proposition: this count is below ``other``."""
        return self._cmp("<", other)


def _num(value: Num | int | str, beside: Num) -> Num:
    if isinstance(value, Num):
        return value
    return Const.of(value, points=isinstance(beside, Points))


@attrs.frozen
class Const(Num):
    """A whole number; beside points it is hundredths (``Const.of("9.75", points=True)`` is 975)."""

    value: int

    @classmethod
    def of(cls, value: int | str, *, points: bool = False) -> Const:
        """A number a user wrote: an int, or a decimal string; beside points, points as the booklet writes them (9.75, 7)."""
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise InvalidArgumentError("number", f"expected a whole number or points such as 9.75, got {value!r}")
        text = str(value).strip()
        whole, _, frac = text.partition(".")
        if not whole.isdigit() or (frac and (not frac.isdigit() or len(frac) > 2)) or (frac and not points):
            expected = "points such as 9.75 or 7" if points else "a whole number"
            raise InvalidArgumentError("number", f"expected {expected}, got {text!r}")
        if not points:
            return cls(int(whole))
        return cls(int(whole) * 100 + int(frac.ljust(2, "0") or "0"))


@attrs.frozen
class Tricks(Num):
    """The tricks (Stiche) of ``player`` at the end of the Gang, or before Schwung ``before`` (``trick.winner_takes``)."""

    player: PlayerRef
    before: SchwungRef | None = attrs.field(default=None, converter=_optional_schwung)


@attrs.frozen
class Schwuenge(Num):
    """The number of Schwünge the Gang lasted: 11 without an Angriff, k + 5 after one before Schwung k + 1 (``gang.end_angriff``)."""


@attrs.frozen
class AngriffSchwung(Num):
    """The Schwung before which the Angriff was started (1 to 6), 0 when nobody attacked (``angriff.who``)."""


@attrs.frozen
class Points(Num):
    """The points of ``player`` under ``system``, in hundredths (9.75 is 975; a Punkt of the Punktewertung is 100) (``table.*``)."""

    player: PlayerRef
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG


# -- cards


@attrs.frozen
class CardRef:
    """A card of the Gang a question can look at: the card led or answered in a Schwung, or the revealed card."""


@attrs.frozen
class Led(CardRef):
    """The card led (ausgespielt) in Schwung ``schwung`` (``schwung.lead``)."""

    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class Answered(CardRef):
    """The card answered (erwidert) in Schwung ``schwung`` (``schwung.answer``)."""

    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class Revealed(CardRef):
    """The revealed card (aufgedeckt) that gives the trump colour (``deal.trump``)."""


# -- propositions


@attrs.frozen
class Prop:
    """A proposition about one Gang; combine with ``&``, ``|``, ``~`` and ``implies``."""

    def __and__(self, other: Prop) -> Prop:
        return And((self, other))

    def __or__(self, other: Prop) -> Prop:
        return Or((self, other))

    def __invert__(self) -> Prop:
        return Not(self)

    def implies(self, other: Prop) -> Prop:
        """The proposition: when this holds, ``other`` holds."""
        return Implies(self, other)


@attrs.frozen
class Compare(Prop):
    """Two counts compared: ``op`` is one of ``= != < <= > >=``."""

    left: Num
    op: str
    right: Num

    def __attrs_post_init__(self) -> None:
        if self.op not in CMP_OPS:
            raise InvalidArgumentError("op", f"expected one of {' '.join(CMP_OPS)}, got {self.op!r}")


@attrs.frozen
class CardIs(Prop):
    """The card ``card`` is ``value`` (and its Schwung was played)."""

    card: CardRef
    value: Card


@attrs.frozen
class ColourIs(Prop):
    """The card ``card`` has colour ``colour``: a ``Colour``, ``"trump"`` (the Gang's trump colour) or ``"special"`` (KR, BK)."""

    card: CardRef
    colour: Colour | Literal["trump", "special"]


@attrs.frozen
class ValueIs(Prop):
    """The Kampfwert of ``card`` compared with ``value`` (1 to 6; the special cards have none, so this is false for them)."""

    card: CardRef
    op: str
    value: int


@attrs.frozen
class TrumpIs(Prop):
    """The trump colour of the Gang is ``colour``; None: no trump, the revealed card was special (``deal.no_trump``)."""

    colour: Colour | None


@attrs.frozen
class Holds(Prop):
    """``player`` holds ``card`` in the hand before Schwung ``before`` (1: the hand as dealt, ``deal.hands``)."""

    player: PlayerRef
    card: Card
    before: SchwungRef = attrs.field(default=1, converter=_schwung)


@attrs.frozen
class Void(Prop):
    """In Schwung ``schwung`` a card of a colour was led and the answerer held none of that colour (``schwung.void_any``, ``schwung.void_loses``)."""

    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class Played(Prop):
    """Schwung ``schwung`` is played (the Gang lasts that long)."""

    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class Neutralised(Prop):
    """The Kampfrichter neutralised Schwung ``schwung``: its trick stays in the middle (``kampfrichter.neutralises``)."""

    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class Pending(Prop):
    """A neutralised trick is pending before Schwung ``before`` (``kampfrichter.collect``); None: at the end of the Gang."""

    before: SchwungRef | None = attrs.field(default=None, converter=_optional_schwung)


@attrs.frozen
class Locked(Prop):
    """The pile is locked in Schwung ``schwung``: the Angriff was started before it or earlier (``angriff.locks_pile``)."""

    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class Leads(Prop):
    """``player`` leads Schwung ``schwung`` (``trick.winner_leads``, ``kampfrichter.chooses``, ``gang.turn``)."""

    player: PlayerRef
    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class WinsSchwung(Prop):
    """``player`` wins the trick of Schwung ``schwung`` (decided, not neutralised)."""

    player: PlayerRef
    schwung: SchwungRef = attrs.field(converter=_schwung)


@attrs.frozen
class AngriffAt(Prop):
    """An Angriff was started, by ``player`` if given, before Schwung ``before`` if given (``angriff.who``)."""

    player: PlayerRef | None = None
    before: SchwungRef | None = attrs.field(default=None, converter=_optional_schwung)


@attrs.frozen
class Plattwurf(Prop):
    """The Gang ended in a Plattwurf, won by ``player`` if given (``plattwurf.definition``)."""

    player: PlayerRef | None = None


@attrs.frozen
class Wins(Prop):
    """``player`` wins the Gang: by Plattwurf, else by more tricks (``gang.more_tricks_wins``)."""

    player: PlayerRef


@attrs.frozen
class Gestellter(Prop):
    """The Gang is a Gestellter: no Plattwurf and equal tricks (``table.gestellter``)."""


@attrs.frozen
class RowIs(Prop):
    """The Gang scores from row ``row`` of the Wertungstabelle."""

    row: Outcome


@attrs.frozen
class Reading(Prop):
    """The ``Rules`` switch ``switch`` is ``value``: a reading of the booklet as part of a question."""

    switch: str
    value: bool

    def __attrs_post_init__(self) -> None:
        if self.switch not in GANG_SWITCHES:
            raise InvalidArgumentError("switch", f"expected one of {', '.join(GANG_SWITCHES)}, got {self.switch!r}")


@attrs.frozen
class Not(Prop):
    """``body`` does not hold."""

    body: Prop


@attrs.frozen
class And(Prop):
    """Every part holds."""

    parts: tuple[Prop, ...]


@attrs.frozen
class Or(Prop):
    """At least one part holds."""

    parts: tuple[Prop, ...]


@attrs.frozen
class Implies(Prop):
    """When ``when`` holds, ``then`` holds."""

    when: Prop
    then: Prop


@attrs.frozen
class SomeSchwung(Prop):
    """Some played Schwung, named ``name`` inside ``body``, makes ``body`` hold."""

    name: str
    body: Prop


@attrs.frozen
class EverySchwung(Prop):
    """Every played Schwung, named ``name`` inside ``body``, makes ``body`` hold."""

    name: str
    body: Prop


def size_of(prop: Prop) -> int:
    """The number of words of ``prop`` once each Schwung quantifier is unrolled over 11 Schwünge: what a question costs Z3."""
    if isinstance(prop, (And, Or)):
        return 1 + sum(size_of(p) for p in prop.parts)
    if isinstance(prop, Not):
        return 1 + size_of(prop.body)
    if isinstance(prop, Implies):
        return 1 + size_of(prop.when) + size_of(prop.then)
    if isinstance(prop, (SomeSchwung, EverySchwung)):
        return 1 + MAX_SCHWUNG * size_of(prop.body)
    return 1


def subterms(term: object) -> list[object]:
    """``term`` and every term inside it, depth first."""
    out: list[object] = [term]
    if attrs.has(type(term)):
        for field in attrs.fields(type(term)):  # type: ignore[arg-type]
            value = getattr(term, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    out += subterms(item)
    return out


def reads_points(prop: Prop) -> bool:
    """True when ``prop`` reads a player's points or the good loser's switch."""
    return any(
        isinstance(t, Points) or (isinstance(t, Reading) and t.switch == "good_loser_after_plattwurf") for t in subterms(prop)
    )
