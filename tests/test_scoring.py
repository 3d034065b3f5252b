"""Scoring of one Gang: the Wertungstabelle cell by cell in both languages and both systems, exact points, the good loser."""

from __future__ import annotations

import re

import pytest

from schwinget_spec.clauses import get_clause
from schwinget_spec.deal import Deal
from schwinget_spec.errors import ParseError, SchwingetError
from schwinget_spec.gang import Angriff, GangResult, Outcome, start_gang
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import (
    PUNKTEUEBERSICHT,
    WERTUNGSTABELLE,
    WERTUNGSTABELLE_DE,
    WERTUNGSTABELLE_FR,
    Points,
    ScoringSystem,
    TableRow,
    compute_gang_score,
)

S = ScoringSystem.SCHWINGERWERTUNG
P = ScoringSystem.PUNKTEWERTUNG

EXPECTED: dict[TableRow, tuple[str | None, str | None, str | None, str]] = {
    # Typed from the issue and the booklet: Schwingerwertung Sieger/Verlierer, Punktewertung Sieger/Verlierer.
    TableRow.PLATTWURF_EIGENER_ANGRIFF: ("10.00", "8.50", "7", "0"),
    TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF: ("10.00", "8.75", "5", "0"),
    TableRow.SIEG_MIT_ANGRIFF: ("9.75", "8.75", "3", "0"),
    TableRow.SIEG_OHNE_ANGRIFF: ("9.75", "8.50", "2", "0"),
    TableRow.GESTELLTER: ("9.00", "9.00", "1", "1"),
    TableRow.GUT_GEKAEMPFT: (None, None, None, "1"),
}

RESULT_ROWS = [row for row in TableRow if row.is_result_row]


def make_result(outcome: Outcome, winner: Player | None, tricks: tuple[int, int]) -> GangResult:
    """A GangResult of ``outcome``; the Angriff, where the outcome has one, comes after 5 Schwünge."""
    angriff = None
    plattwurf = None
    if outcome in (Outcome.PLATTWURF_EIGENER_ANGRIFF, Outcome.SIEG_MIT_ANGRIFF):
        assert winner is not None
        angriff = Angriff(winner, 5)
    elif outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF:
        assert winner is not None
        angriff = Angriff(winner.other, 5)
    elif outcome is Outcome.GESTELLTER:
        angriff = Angriff(Player.P0, 5)
    if outcome.is_plattwurf:
        plattwurf = winner
    schwuenge = sum(tricks)
    return GangResult(tricks, schwuenge, angriff, plattwurf, winner, outcome)


OUTCOME_OF = {TableRow.for_outcome(o): o for o in Outcome}


@pytest.mark.clause(
    "table.columns",
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
    "table.gestellter",
    "table.gut_gekaempft",
)
@pytest.mark.parametrize("row", list(TableRow))
def test_german_and_french_tables_agree_cell_by_cell(row: TableRow) -> None:
    """Each cell of the German Wertungstabelle is printed the same in the French table and as the issue lists it."""
    de = next(line for line in WERTUNGSTABELLE_DE if line.row is row)
    fr = next(line for line in WERTUNGSTABELLE_FR if line.row is row)
    for column in range(4):
        assert de.cells[column] == fr.cells[column] == EXPECTED[row][column], (row, column)


def test_tables_list_every_row_once_in_booklet_order() -> None:
    """The two transcriptions and the overview card each hold the six rows once, in the booklet's order."""
    for table in (WERTUNGSTABELLE_DE, WERTUNGSTABELLE_FR, PUNKTEUEBERSICHT):
        assert [line.row for line in table] == list(TableRow)


@pytest.mark.clause("table.gut_gekaempft", "table.gestellter")
@pytest.mark.parametrize("row", list(TableRow))
def test_overview_card_agrees_with_the_table(row: TableRow) -> None:
    """The Punkteübersicht card's three columns repeat the table: its one Punkte column is the winner's, the good loser's on the last line."""
    card = next(line for line in PUNKTEUEBERSICHT if line.row is row).cells
    sw, sl, pw, pl = EXPECTED[row]
    if row is TableRow.GUT_GEKAEMPFT:
        assert card[:3] == ("–", "–", pl)
    else:
        assert card[:3] == (sw, sl, pw)
    assert card[3] is None


@pytest.mark.clause(
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
)
@pytest.mark.parametrize(
    "row",
    [
        TableRow.PLATTWURF_EIGENER_ANGRIFF,
        TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF,
        TableRow.SIEG_MIT_ANGRIFF,
        TableRow.SIEG_OHNE_ANGRIFF,
    ],
)
def test_explanation_column_states_the_winners_figures(row: TableRow) -> None:
    """The table's explanation text ("erhält ... 9.75 oder 3 Punkte") names the same winner's figures as the table cells."""
    match = re.search(r"(\d+\.\d\d) oder (\d+) Punkte", get_clause(row.clause_id).de)
    assert match is not None
    figures = WERTUNGSTABELLE[row]
    assert figures.schwingerwertung is not None
    assert (match.group(1), match.group(2)) == (str(figures.schwingerwertung[0]), str(figures.punktewertung[0]))


@pytest.mark.clause(
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
    "table.gestellter",
    "scoring.schwingerwertung_both",
    "scoring.punktewertung_winner",
)
@pytest.mark.parametrize("system", list(ScoringSystem))
@pytest.mark.parametrize("winner", [Player.P0, Player.P1])
@pytest.mark.parametrize("row", RESULT_ROWS)
def test_each_result_row_scores_its_cells(row: TableRow, winner: Player, system: ScoringSystem) -> None:
    """A Gang of each outcome gives the winner and the loser exactly their cells of the row, whichever seat wins."""
    outcome = OUTCOME_OF[row]
    tricks = (5, 5) if row is TableRow.GESTELLTER else ((7, 2) if winner is Player.P0 else (2, 7))
    result = make_result(outcome, None if row is TableRow.GESTELLTER else winner, tricks)
    score = compute_gang_score(result, system)
    sw, sl, pw, pl = EXPECTED[row]
    win_text, lose_text = (sw, sl) if system is S else (pw, pl)
    assert win_text is not None
    expect_win = Points.parse(win_text, system)
    expect_lose = Points.parse(lose_text if lose_text is not None else "0", system)
    assert score.row is row
    assert score.rows == (row, row)
    if row is TableRow.GESTELLTER:
        assert score.points == (expect_win, expect_win)
        assert score.winner is None
    else:
        assert score.points_of(winner) == expect_win
        assert score.points_of(winner.other) == expect_lose
        assert score.winner is winner


@pytest.mark.clause("scoring.schwingerwertung_both")
@pytest.mark.parametrize("row", RESULT_ROWS)
def test_schwingerwertung_gives_both_players_points(row: TableRow) -> None:
    """Under the Schwingerwertung the loser scores too, at least 8.50, and never the good loser's extra point."""
    winner = None if row is TableRow.GESTELLTER else Player.P1
    tricks = (4, 4) if winner is None else (3, 6)
    score = compute_gang_score(make_result(OUTCOME_OF[row], winner, tricks), S)
    assert min(score.points) >= Points.parse("8.50", S)
    assert not score.is_good_loser


@pytest.mark.clause("table.gut_gekaempft", "scoring.punktewertung_winner")
@pytest.mark.parametrize(
    ("row", "loser_tricks", "good"),
    [
        (TableRow.SIEG_MIT_ANGRIFF, 3, True),
        (TableRow.SIEG_MIT_ANGRIFF, 2, False),
        (TableRow.SIEG_OHNE_ANGRIFF, 5, True),
        (TableRow.SIEG_OHNE_ANGRIFF, 3, True),
        (TableRow.SIEG_OHNE_ANGRIFF, 2, False),
        (TableRow.SIEG_OHNE_ANGRIFF, 0, False),
    ],
)
def test_good_loser_scores_one_point_with_three_tricks(row: TableRow, loser_tricks: int, good: bool) -> None:
    """Under the Punktewertung a loser with 3 tricks or more scores 1 point from the row "Verloren, aber gut gekämpft", else 0."""
    result = make_result(OUTCOME_OF[row], Player.P0, (11 - loser_tricks, loser_tricks))
    score = compute_gang_score(result, P)
    assert score.is_good_loser is good
    assert score.points[1] == Points.parse("1" if good else "0", P)
    assert score.rows == (row, TableRow.GUT_GEKAEMPFT if good else row)
    assert score.points[0] == Points.parse(EXPECTED[row][2] or "", P)


@pytest.mark.clause("table.gut_gekaempft", "table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff")
@pytest.mark.parametrize(
    "outcome", [Outcome.PLATTWURF_EIGENER_ANGRIFF, Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF]
)
@pytest.mark.parametrize("after_plattwurf", [True, False])
def test_good_loser_after_plattwurf_follows_the_switch(outcome: Outcome, after_plattwurf: bool) -> None:
    """AMB-GUT-GEKAEMPFT-PLATTWURF: a thrown loser with 4 tricks scores 1 by default, 0 with the switch off."""
    result = make_result(outcome, Player.P1, (4, 5))
    score = compute_gang_score(result, P, Rules(good_loser_after_plattwurf=after_plattwurf))
    assert score.points[0] == Points.parse("1" if after_plattwurf else "0", P)
    assert score.is_good_loser is after_plattwurf
    assert score.points[1] == Points.parse("7" if outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF else "5", P)


def test_default_rules_give_the_thrown_good_loser_its_point() -> None:
    """The default reading is the literal one: the good loser's point applies after a Plattwurf too."""
    assert Rules().good_loser_after_plattwurf is True
    result = make_result(Outcome.PLATTWURF_EIGENER_ANGRIFF, Player.P0, (7, 3))
    assert compute_gang_score(result, P).points == (Points.parse("7", P), Points.parse("1", P))


@pytest.mark.clause("table.gestellter", "table.gut_gekaempft")
def test_gestellter_has_no_good_loser() -> None:
    """A Gestellter has no loser: both take 1 (9.00), whatever their tricks, and nobody the good loser's row."""
    for system, figure in ((P, "1"), (S, "9.00")):
        score = compute_gang_score(make_result(Outcome.GESTELLTER, None, (5, 5)), system)
        assert score.points == (Points.parse(figure, system), Points.parse(figure, system))
        assert not score.is_good_loser


@pytest.mark.clause("scoring.tricks_only", "scoring.tricks_decide")
def test_score_reads_only_outcome_and_tricks() -> None:
    """Two Gänge with the same outcome, winner and trick counts score the same, whatever else differs (the Angriff's timing)."""
    a = GangResult((7, 2), 9, Angriff(Player.P0, 4), None, Player.P0, Outcome.SIEG_MIT_ANGRIFF)
    b = GangResult((7, 2), 9, Angriff(Player.P1, 4), None, Player.P0, Outcome.SIEG_MIT_ANGRIFF)
    for system in ScoringSystem:
        assert compute_gang_score(a, system) == compute_gang_score(b, system)


@pytest.mark.clause("scoring.choose_system")
def test_points_of_two_systems_never_mix() -> None:
    """Adding or comparing Schwingerwertung and Punktewertung points raises, naming the clause that one system holds for all Gänge."""
    with pytest.raises(SchwingetError) as info:
        _ = Points.parse("9.75", S) + Points.parse("3", P)
    assert info.value.clause_id == "scoring.choose_system"
    with pytest.raises(SchwingetError):
        _ = Points.parse("9.75", S) < Points.parse("3", P)


@pytest.mark.parametrize(
    ("hundredths", "system", "text"),
    [(975, S, "9.75"), (3850, S, "38.50"), (900, S, "9.00"), (0, S, "0.00"), (700, P, "7"), (1200, P, "12"), (0, P, "0")],
)
def test_points_print_like_the_booklet(hundredths: int, system: ScoringSystem, text: str) -> None:
    """Points print with two decimals under the Schwingerwertung and as whole numbers under the Punktewertung, and parse back."""
    points = Points(system, hundredths)
    assert str(points) == text
    assert Points.parse(text, system) == points


def test_points_add_exactly() -> None:
    """Four Gänge of 9.75, 10.00, 8.75 and 9.00 total exactly 37.50, with no rounding."""
    parts = [Points.parse(t, S) for t in ("9.75", "10.00", "8.75", "9.00")]
    assert str(Points.total(S, parts)) == "37.50"
    assert Points.total(S, parts).hundredths == 3750


@pytest.mark.parametrize("text", ["9.7", "9,75", "-1", "", "1.234", "x"])
def test_points_parse_refuses_other_notations(text: str) -> None:
    """Points written other than ``9.75`` or ``7`` are refused with a ParseError."""
    with pytest.raises(ParseError):
        Points.parse(text, S)


def test_punktewertung_points_are_whole_and_no_points_negative() -> None:
    """Punktewertung points with hundredths and negative points cannot be built."""
    with pytest.raises(ParseError):
        Points.parse("9.75", P)
    with pytest.raises(ValueError, match="negative"):
        Points(S, -25)


@pytest.mark.clause("scoring.two_systems")
def test_scoring_system_parses_its_names() -> None:
    """There are exactly two scoring systems; they parse from their names and initials, and refuse anything else."""
    assert [system.label for system in ScoringSystem] == ["Schwingerwertung", "Punktewertung"]
    assert ScoringSystem.parse("Schwingerwertung") is S
    assert ScoringSystem.parse("p") is P
    with pytest.raises(ParseError):
        ScoringSystem.parse("elo")


@pytest.mark.clause("table.sieg_ohne_angriff", "table.plattwurf_eigener_angriff", "scoring.tricks_only")
def test_played_gang_is_scored_from_its_result() -> None:
    """A Gang played from seed 2 (P0 starts, 2:9 without an Angriff) and one from seed 43 (a Plattwurf after P0's Angriff) score as the table says."""
    gang = play_out(start_gang(Deal.shuffled(2), Player.P0), random_chooser(2))
    assert gang.result.outcome is Outcome.SIEG_OHNE_ANGRIFF
    assert gang.result.tricks == (2, 9)
    assert [str(p) for p in compute_gang_score(gang.result, S).points] == ["8.50", "9.75"]
    assert [str(p) for p in compute_gang_score(gang.result, P).points] == ["0", "2"]
    platt = play_out(start_gang(Deal.shuffled(43), Player.P0), random_chooser(43))
    assert platt.result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF
    assert platt.result.tricks == (7, 1)
    assert [str(p) for p in compute_gang_score(platt.result, S).points] == ["10.00", "8.50"]
    assert [str(p) for p in compute_gang_score(platt.result, P).points] == ["7", "0"]
