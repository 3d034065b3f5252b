"""The Wertungstabelle: exact points, the two scoring systems, and the points of one finished Gang."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from schwinget_spec.errors import InvalidArgumentError, ParseError, SchwingetError
from schwinget_spec.gang import GangResult, Outcome
from schwinget_spec.players import Player, as_player
from schwinget_spec.rules import Rules
from schwinget_spec.support.safe_text import shown

__all__ = [
    "MAX_HUNDREDTHS",
    "PUNKTEUEBERSICHT",
    "WERTUNGSTABELLE",
    "WERTUNGSTABELLE_DE",
    "WERTUNGSTABELLE_FR",
    "GangScore",
    "Points",
    "RowFigures",
    "ScoringSystem",
    "TableRow",
    "TranscribedRow",
    "as_system",
    "compute_gang_score",
]


class ScoringSystem(enum.Enum):
    """The two ways to score a Gang (``scoring.two_systems``), chosen once before the match (``scoring.choose_system``)."""

    SCHWINGERWERTUNG = "schwingerwertung"
    """Variante 1: both players score, the winner and the loser (``scoring.schwingerwertung_both``); printed with two decimals."""
    PUNKTEWERTUNG = "punktewertung"
    """Variante 2: only the winner scores, but for the good loser (``scoring.punktewertung_winner``); whole points."""

    def __str__(self) -> str:
        """The wire value: ``str(ScoringSystem.X) == ScoringSystem.X.value``, the spelling of traces and the protocol."""
        return self.value

    @property
    def label(self) -> str:
        """The booklet's German name: ``Schwingerwertung`` or ``Punktewertung``."""
        return "Schwingerwertung" if self is ScoringSystem.SCHWINGERWERTUNG else "Punktewertung"

    @classmethod
    def parse(cls, text: str) -> ScoringSystem:
        """The system from its name (``schwingerwertung``, ``punktewertung``; also ``s``/``p``), case-insensitive."""
        if not isinstance(text, str):
            raise InvalidArgumentError("text", f"a scoring system is named by a string, got {shown(text)}")
        key = text.strip().lower()
        for system in cls:
            if key in (system.value, system.value[0]):
                return system
        raise ParseError(f"unknown scoring system {shown(text)}: expected schwingerwertung or punktewertung")


def as_system(value: object, parameter: str = "system") -> ScoringSystem:
    """``value`` as a ScoringSystem: a ``ScoringSystem``, or its name as ``ScoringSystem.parse`` reads it.

    Anything else raises ``InvalidArgumentError`` naming ``parameter`` (a name no system
    has raises ``ParseError``): a string is never taken for the other system.
    """
    if type(value) is ScoringSystem:
        return value
    if isinstance(value, str):
        return ScoringSystem.parse(value)
    raise InvalidArgumentError(parameter, f"expected a ScoringSystem or its name, got {shown(value)}")


def _system_field(_instance: object, _attribute: attrs.Attribute[ScoringSystem], value: ScoringSystem) -> None:
    if type(value) is not ScoringSystem:
        raise InvalidArgumentError("system", f"expected a ScoringSystem, got {shown(value)}")


MAX_HUNDREDTHS = 2**63 - 1
"""The most hundredths a ``Points`` holds: what a signed 64-bit integer holds, far beyond any Schwingfest (10.00 points a Gang)."""


@attrs.frozen(repr=False)
class Points:
    """An exact number of points under one scoring system: ``hundredths`` is the points times 100.

    Never a float: the booklet's figures (10.00, 9.75, 8.50, 7, 1) are all whole
    hundredths. Points of the two systems never mix (``scoring.choose_system``): adding
    or comparing them raises ``SchwingetError``. Under the Punktewertung points are whole.
    ``str`` prints as the booklet does: ``9.75``, ``38.50`` (Schwingerwertung), ``7``, ``12``
    (Punktewertung); ``Points.parse`` reads that back. A ``system`` that is not a
    ``ScoringSystem``, or ``hundredths`` that are not a whole, non-negative int (whole
    points under the Punktewertung), raise ``InvalidArgumentError``.
    """

    system: ScoringSystem = attrs.field(validator=_system_field)
    hundredths: int = attrs.field()

    @hundredths.validator
    def _check(self, _attribute: object, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgumentError("hundredths", f"expected an int, got {shown(value)}")
        if value < 0:
            raise InvalidArgumentError("hundredths", f"points are never negative, got {shown(value)} hundredths")
        if value > MAX_HUNDREDTHS:
            raise InvalidArgumentError(
                "hundredths", f"at most {MAX_HUNDREDTHS} hundredths (a 64-bit integer), got {shown(value)}"
            )
        if self.system is ScoringSystem.PUNKTEWERTUNG and value % 100:
            raise InvalidArgumentError("hundredths", f"Punktewertung points are whole, got {value} hundredths")

    @classmethod
    def zero(cls, system: ScoringSystem) -> Points:
        """No points under ``system`` (a ``ScoringSystem`` or its name)."""
        return cls(as_system(system), 0)

    def to_json(self) -> str:
        """The wire value: the points as the booklet prints them, a string (``"9.75"``, ``"7"``), never a number."""
        return str(self)

    @classmethod
    def from_json(cls, data: object, system: ScoringSystem) -> Points:
        """The points ``to_json`` wrote, under ``system`` (the wire value does not carry it: a trace or message names it once)."""
        if type(data) is not str:
            # a str subclass's own methods (strip, __eq__) never run on the wire value
            raise InvalidArgumentError("text", f"points are written as a string like '9.75' or '7', got a {type(data).__name__}")
        return cls.parse(data, system)

    @classmethod
    def parse(cls, text: str, system: ScoringSystem) -> Points:
        """Points from the booklet's notation: ``"9.75"``, ``"10.00"``, ``"7"`` (whole numbers or two decimals).

        Only the ASCII digits 0-9 are digits here; ``system`` is a ``ScoringSystem`` or its name.
        """
        if not isinstance(text, str):
            raise InvalidArgumentError("text", f"points are written as a string like '9.75' or '7', got {shown(text)}")
        system = as_system(system)
        raw = text.strip()
        whole, dot, frac = raw.partition(".")
        if not _ascii_digits(whole) or (dot and (len(frac) != 2 or not _ascii_digits(frac))):
            raise ParseError(f"points {shown(text)} are not written like 9.75 or 7")
        if len(whole.lstrip("0")) > len(str(MAX_HUNDREDTHS // 100)):
            # refused by its length before int() reads it: no enormous number is converted
            raise InvalidArgumentError(
                "text", f"at most {MAX_HUNDREDTHS // 100} whole points, got {len(whole):,} digits"
            )
        try:
            return cls(system, int(whole) * 100 + (int(frac) if dot else 0))
        except ValueError as exc:
            raise ParseError(f"points {shown(text)}: {exc}") from None

    @classmethod
    def total(cls, system: ScoringSystem, items: Iterable[Points]) -> Points:
        """The sum of ``items`` under ``system`` (zero for none)."""
        out = cls.zero(system)
        if isinstance(items, str | bytes) or not isinstance(items, Iterable):
            raise InvalidArgumentError("items", f"expected an iterable of Points, got {shown(items)}")
        for item in items:
            if not isinstance(item, Points):
                raise InvalidArgumentError("items", f"expected Points, got {shown(item)}")
            out = out + item
        return out

    def _same(self, other: Points) -> None:
        if not isinstance(other, Points):
            raise InvalidArgumentError("other", f"Points compare only with Points, got {shown(other)}")
        if other.system is not self.system:
            raise SchwingetError(
                f"cannot combine {self.system.label} points with {other.system.label} points: "
                "one scoring system holds for all Gänge",
                clause_id="scoring.choose_system",
            )

    def __add__(self, other: Points) -> Points:
        if not isinstance(other, Points):
            return NotImplemented
        self._same(other)
        return Points(self.system, self.hundredths + other.hundredths)

    def __lt__(self, other: Points) -> bool:
        self._same(other)
        return self.hundredths < other.hundredths

    def __le__(self, other: Points) -> bool:
        self._same(other)
        return self.hundredths <= other.hundredths

    def __gt__(self, other: Points) -> bool:
        self._same(other)
        return self.hundredths > other.hundredths

    def __ge__(self, other: Points) -> bool:
        self._same(other)
        return self.hundredths >= other.hundredths

    def __str__(self) -> str:
        if self.system is ScoringSystem.PUNKTEWERTUNG:
            return str(self.hundredths // 100)
        return f"{self.hundredths // 100}.{self.hundredths % 100:02d}"

    def __repr__(self) -> str:
        return f"Points({self}, {self.system.label})"


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


class TableRow(enum.Enum):
    """One line of the booklet's Wertungstabelle, in the booklet's order."""

    PLATTWURF_EIGENER_ANGRIFF = "plattwurf_eigener_angriff"
    """Plattwurf-Sieg bei Angriff durch den Sieger: ``Outcome.PLATTWURF_EIGENER_ANGRIFF`` (``table.plattwurf_eigener_angriff``)."""
    PLATTWURF_GEGNERISCHER_ANGRIFF = "plattwurf_gegnerischer_angriff"
    """Plattwurf-Sieg bei Angriff durch Verlierer: ``Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF`` (``table.plattwurf_gegnerischer_angriff``)."""
    SIEG_MIT_ANGRIFF = "sieg_mit_angriff"
    """Einfacher Sieg – mit Angriff: ``Outcome.SIEG_MIT_ANGRIFF`` (``table.sieg_mit_angriff``)."""
    SIEG_OHNE_ANGRIFF = "sieg_ohne_angriff"
    """Einfacher Sieg – ohne Angriff: ``Outcome.SIEG_OHNE_ANGRIFF`` (``table.sieg_ohne_angriff``)."""
    GESTELLTER = "gestellter"
    """Gestellter – unentschieden: ``Outcome.GESTELLTER`` (``table.gestellter``)."""
    GUT_GEKAEMPFT = "gut_gekaempft"
    """Verloren – aber gut gekämpft: a Punktewertung loser with 3 tricks or more (``table.gut_gekaempft``, ``GangScore.is_good_loser``)."""

    def __str__(self) -> str:
        """The wire value: ``str(TableRow.X) == TableRow.X.value``, the spelling of traces and the protocol."""
        return self.value

    @property
    def clause_id(self) -> str:
        """The clause of the booklet that states this row (``table.*``)."""
        return f"table.{self.value}"

    @property
    def is_result_row(self) -> bool:
        """True for the five rows that say how the Gang ended; False for the good loser's row."""
        return self is not TableRow.GUT_GEKAEMPFT

    @classmethod
    def for_outcome(cls, outcome: Outcome) -> TableRow:
        """The result row of a Gang's outcome."""
        row = _ROW_OF_OUTCOME.get(outcome) if isinstance(outcome, Outcome) else None
        if row is None:
            raise InvalidArgumentError("outcome", f"expected an Outcome, got {shown(outcome)}")
        return row


_ROW_OF_OUTCOME: Mapping[Outcome, TableRow] = MappingProxyType(
    {
        Outcome.PLATTWURF_EIGENER_ANGRIFF: TableRow.PLATTWURF_EIGENER_ANGRIFF,
        Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF: TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF,
        Outcome.SIEG_MIT_ANGRIFF: TableRow.SIEG_MIT_ANGRIFF,
        Outcome.SIEG_OHNE_ANGRIFF: TableRow.SIEG_OHNE_ANGRIFF,
        Outcome.GESTELLTER: TableRow.GESTELLTER,
    }
)


# -- the table as the booklet prints it


@attrs.frozen
class TranscribedRow:
    """One line of a printed table, verbatim: its label and its cells as printed (None for a blank cell).

    A cell printed as a dash stays ``"–"``. ``cells`` are, in the booklet's column order
    (``table.columns``): Schwingerwertung Sieger, Verlierer, Punktewertung Sieger, Verlierer. The overview card (``PUNKTEUEBERSICHT``) prints only
    three columns; its fourth cell is None.
    """

    row: TableRow
    label: str
    cells: tuple[str | None, str | None, str | None, str | None]


WERTUNGSTABELLE_DE: tuple[TranscribedRow, ...] = (
    TranscribedRow(TableRow.PLATTWURF_EIGENER_ANGRIFF, "Plattwurf-Sieg bei Angriff durch den Sieger", ("10.00", "8.50", "7", "0")),
    TranscribedRow(TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF, "Plattwurf-Sieg bei Angriff durch Verlierer", ("10.00", "8.75", "5", "0")),
    TranscribedRow(TableRow.SIEG_MIT_ANGRIFF, "Einfacher Sieg – mit Angriff", ("9.75", "8.75", "3", "0")),
    TranscribedRow(TableRow.SIEG_OHNE_ANGRIFF, "Einfacher Sieg – ohne Angriff", ("9.75", "8.50", "2", "0")),
    TranscribedRow(TableRow.GESTELLTER, "Gestellter – unentschieden", ("9.00", "9.00", "1", "1")),
    TranscribedRow(TableRow.GUT_GEKAEMPFT, "Verloren – aber gut gekämpft (mind. 3 Stiche)", (None, None, None, "1")),
)
"""The Wertungstabelle of ``schwinget.de.txt`` (Gangresultat / Variante 1 Schwingerwertung / Variante 2 Punktewertung)."""

WERTUNGSTABELLE_FR: tuple[TranscribedRow, ...] = (
    TranscribedRow(TableRow.PLATTWURF_EIGENER_ANGRIFF, "Victoire par Gagné à plat en cas d’attaque par le vainqueur", ("10.00", "8.50", "7", "0")),
    TranscribedRow(TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF, "Victoire par Gagné à plat en cas d’attaque par le perdant", ("10.00", "8.75", "5", "0")),
    TranscribedRow(TableRow.SIEG_MIT_ANGRIFF, "Victoire facile avec attaque", ("9.75", "8.75", "3", "0")),
    TranscribedRow(TableRow.SIEG_OHNE_ANGRIFF, "Victoire facile sans attaque", ("9.75", "8.50", "2", "0")),
    TranscribedRow(TableRow.GESTELLTER, "Passe nulle (match nul)", ("9.00", "9.00", "1", "1")),
    TranscribedRow(TableRow.GUT_GEKAEMPFT, "Perdu, mais bien combattu (min. 3 plis)", (None, None, None, "1")),
)
"""The table of ``schwinget.fr.txt`` (Résultat de la passe / Variante 1 Classement des lutteurs / Variante 2 Classement par points)."""

PUNKTEUEBERSICHT: tuple[TranscribedRow, ...] = (
    TranscribedRow(TableRow.PLATTWURF_EIGENER_ANGRIFF, "Plattwurf-Sieg – Angriff durch Sieger", ("10.00", "8.50", "7", None)),
    TranscribedRow(TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF, "Plattwurf-Sieg – Angriff durch Verlierer", ("10.00", "8.75", "5", None)),
    TranscribedRow(TableRow.SIEG_MIT_ANGRIFF, "Sieg – jemand griff an", ("9.75", "8.75", "3", None)),
    TranscribedRow(TableRow.SIEG_OHNE_ANGRIFF, "Sieg – keiner griff an", ("9.75", "8.50", "2", None)),
    TranscribedRow(TableRow.GESTELLTER, "Gestellter – unentschieden", ("9.00", "9.00", "1", None)),
    TranscribedRow(TableRow.GUT_GEKAEMPFT, "Verloren – aber gut gekämpft (mind. 3 Stiche)", ("–", "–", "1", None)),
)
"""The overview card (Punkteübersicht) printed in both files: three columns, Schwingerwertung
Sieger, Verlierer, and one Punkte column, which on the good loser's line holds the loser's point."""


@attrs.frozen
class RowFigures:
    """The points of one table row: (Sieger, Verlierer) per system; None where the booklet leaves the cell blank."""

    row: TableRow
    schwingerwertung: tuple[Points, Points] | None
    punktewertung: tuple[Points | None, Points]

    def figures(self, system: ScoringSystem) -> tuple[Points | None, Points | None]:
        """(Sieger, Verlierer) of this row under ``system`` (a ``ScoringSystem`` or its name); None for a blank cell."""
        system = as_system(system)
        if system is ScoringSystem.SCHWINGERWERTUNG:
            return (None, None) if self.schwingerwertung is None else self.schwingerwertung
        return self.punktewertung


def _cell(text: str | None, system: ScoringSystem) -> Points | None:
    return None if text is None else Points.parse(text, system)


def _figures(line: TranscribedRow) -> RowFigures:
    s = ScoringSystem.SCHWINGERWERTUNG
    p = ScoringSystem.PUNKTEWERTUNG
    sw, sl, pw, pl = (_cell(line.cells[0], s), _cell(line.cells[1], s), _cell(line.cells[2], p), _cell(line.cells[3], p))
    assert pl is not None
    return RowFigures(line.row, None if sw is None or sl is None else (sw, sl), (pw, pl))


WERTUNGSTABELLE: Mapping[TableRow, RowFigures] = MappingProxyType(
    {line.row: _figures(line) for line in WERTUNGSTABELLE_DE}
)
"""The figures of every row, read once from ``WERTUNGSTABELLE_DE`` (tests check the French table and the overview card agree)."""

GOOD_LOSER_TRICKS = 3
"""Tricks a loser needs for the good loser's point (``table.gut_gekaempft``: mind. 3 Stiche)."""


# -- the points of one Gang


@attrs.frozen
class GangScore:
    """The points both players score for one Gang, and the table row each player's points come from.

    ``row`` is the Gang's result row (one of the five result rows). ``rows[p]`` is the row
    player ``p``'s points are read from: ``row`` for both, except a Punktewertung loser
    with 3 tricks or more, whose point comes from ``TableRow.GUT_GEKAEMPFT``.
    ``points[p]`` is player ``p``'s points (``P0`` first).
    """

    system: ScoringSystem
    row: TableRow
    winner: Player | None
    points: tuple[Points, Points]
    rows: tuple[TableRow, TableRow]

    @property
    def is_good_loser(self) -> bool:
        """True if the loser scored the good loser's point (``table.gut_gekaempft``)."""
        return TableRow.GUT_GEKAEMPFT in self.rows

    def points_of(self, player: Player) -> Points:
        """The points of ``player``."""
        return self.points[as_player(player, "player")]

    def __str__(self) -> str:
        return f"{self.row.value}: P0 {self.points[0]}, P1 {self.points[1]}"


def compute_gang_score(result: GangResult, system: ScoringSystem, rules: Rules | None = None) -> GangScore:
    """The points of a finished Gang under ``system``, read from the Wertungstabelle.

    Only the outcome and the trick counts matter (``scoring.tricks_decide``,
    ``scoring.tricks_only``): the cards are
    not looked at. The result row gives the winner's and the loser's points (``table.*``);
    under the Schwingerwertung both score (``scoring.schwingerwertung_both``); under the
    Punktewertung only the winner, except that a loser with 3 tricks or more in the whole
    Gang scores 1 (``scoring.punktewertung_winner``, ``table.gut_gekaempft``), after a
    Plattwurf too unless ``rules.good_loser_after_plattwurf`` is False (AMB-GUT-GEKAEMPFT-PLATTWURF).

    ``system`` is a ``ScoringSystem`` or its name (``"schwingerwertung"``), read by
    ``as_system``; a ``result`` that is not a ``GangResult`` or ``rules`` that are not
    ``Rules`` raise ``InvalidArgumentError``.
    """
    if not isinstance(result, GangResult):
        raise InvalidArgumentError("result", f"expected a GangResult, got {shown(result)}")
    system = as_system(system)
    if rules is not None and not isinstance(rules, Rules):
        raise InvalidArgumentError("rules", f"expected Rules or None, got {shown(rules)}")
    rules = Rules() if rules is None else rules
    row = TableRow.for_outcome(result.outcome)
    figures = WERTUNGSTABELLE[row].figures(system)
    if result.winner is None:
        # table.gestellter: both players take the same cell
        draw = figures[0]
        assert draw is not None
        return GangScore(system, row, None, (draw, draw), (row, row))
    winner = result.winner
    loser = winner.other
    win_points, lose_points = figures
    assert win_points is not None
    assert lose_points is not None
    loser_row = row
    if (
        system is ScoringSystem.PUNKTEWERTUNG
        and result.tricks[loser] >= GOOD_LOSER_TRICKS
        and (rules.good_loser_after_plattwurf or not result.outcome.is_plattwurf)
    ):
        # table.gut_gekaempft: "Hat der Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt."
        loser_row = TableRow.GUT_GEKAEMPFT
        good = WERTUNGSTABELLE[TableRow.GUT_GEKAEMPFT].punktewertung[1]
        lose_points = good
    points = (win_points, lose_points) if winner is Player.P0 else (lose_points, win_points)
    rows = (row, loser_row) if winner is Player.P0 else (loser_row, row)
    return GangScore(system, row, winner, points, rows)
