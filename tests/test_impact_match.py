"""The match-level impact and the situations: Wilson intervals, starters and ranks under each match or fest reading, and the situations found in a Gang."""

from __future__ import annotations

import pytest
from builders import started

from schwinget_spec.actions import ANGRIFF, parse_action
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.registry.ambiguities import AMBIGUITY_BY_ID
from schwinget_spec.studies.impact import LEVELS, readings
from schwinget_spec.studies.impact_match import (
    GANG_SITUATIONS,
    Figure,
    format_situations,
    format_starters,
    measure_situations,
    measure_starters,
    result_situations,
    step_situations,
    wilson,
)


def play(state: GangState, codes: str) -> GangState:
    """The state after the space-separated action codes (``|`` separates Schwünge for the reader)."""
    for code in codes.replace("|", " ").split():
        state = state.apply(code)
    return state


def test_wilson_interval_known_values() -> None:
    """The Wilson interval of 0/10, 5/10 and 10/10 (z = 1.96), and it always holds the share."""
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.27753, abs=1e-5)
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert wilson(10, 10)[1] == 1.0
    for k in range(21):
        low, high = wilson(k, 20)
        assert low <= k / 20 <= high


def test_wilson_refuses_impossible_shares() -> None:
    """A count above the runs, a negative count or no runs are refused."""
    for count, runs in ((3, 2), (-1, 2), (0, 0)):
        with pytest.raises(ValueError, match="share"):
            wilson(count, runs)


def test_figure_prints_count_runs_share_and_interval() -> None:
    """A figure prints as count / runs (share; interval), the interval in percent to one decimal."""
    assert str(Figure(5, 10)) == "5 / 10 (50.0 %; 23.7–76.3 %)"
    assert Figure(0, 10).as_dict() == {"count": 0, "runs": 10, "low": 0.0, "high": pytest.approx(0.27753, abs=1e-5)}


@pytest.fixture(scope="module")
def starters() -> list:  # type: ignore[type-arg]
    """The starters and ranks on 96 Gänge' worth of games: 24 matches and 8 fests."""
    return measure_starters(96, seed=3)


@pytest.mark.clause("match.draw_starter", "fest.twice_each")
def test_starter_rows_cover_every_match_and_fest_reading(starters: list) -> None:  # type: ignore[type-arg]
    """One row per non-default reading of every match or fest switch, with its run counts."""
    expected = [(n, repr(r)) for n in LEVELS if LEVELS[n] != "gang" for r in readings(n)]
    assert [(r.switch, r.reading) for r in starters] == expected
    for r in starters:
        assert r.runs == (24 if r.level == "match" else 8)
        assert r.gaenge.runs == r.runs * (4 if r.level == "match" else 12)
        assert (r.ranks is None) is (r.level == "match")
        assert r.runs_changed.count <= r.runs


@pytest.mark.clause("fest.twice_each")
def test_fest_readings_move_the_starters_they_must(starters: list) -> None:  # type: ignore[type-arg]
    """Against the default (the loser of a pair's first meeting starts the second, the younger after a draw), 'alternate' moves the second meetings whose first the younger lost or drew, 'younger' those the older lost: together every second meeting (half the Gänge) once; the tie-break moves no starter but may move ranks."""
    by = {(r.switch, r.reading): r for r in starters}
    younger = by[("fest_starter", "'younger'")]
    alternate = by[("fest_starter", "'alternate'")]
    assert younger.gaenge.runs == alternate.gaenge.runs
    assert (younger.gaenge.count + alternate.gaenge.count) * 2 == younger.gaenge.runs
    assert younger.gaenge.count > 0
    assert alternate.gaenge.count > 0
    tiebreak = by[("fest_tiebreak", "'wins_then_plattwuerfe'")]
    assert tiebreak.gaenge.count == 0
    assert tiebreak.runs_changed.count == 0


def test_starters_table_has_a_row_per_reading(starters: list) -> None:  # type: ignore[type-arg]
    """The Markdown table has a header, a rule and one row per reading."""
    lines = format_starters(starters).splitlines()
    assert len(lines) == 2 + len(starters)
    assert lines[2].startswith("| `draw_tie_starter='drawn_gang_starter'` | 24 matches | ")


def test_situations_name_entries_and_count_within_their_runs() -> None:
    """Every situation row names an entry of the registry; counts lie within the runs; the table has one line per row."""
    rows = measure_situations(48, seed=5)
    assert [r.entry for r in rows][: len(GANG_SITUATIONS)] == list(GANG_SITUATIONS)
    for r in rows:
        assert r.entry in AMBIGUITY_BY_ID
        assert 0 <= r.figure.count <= r.figure.runs
        assert r.figure.runs == {"Gänge": 48, "matches": 12, "fests": 4}[r.unit]
    assert len(format_situations(rows).splitlines()) == 2 + len(rows)


@pytest.mark.clause("kampfrichter.neutralises", "schwung.void_any")
def test_step_situations_finds_a_void_kampfrichter_and_the_draw_before_the_choice() -> None:
    """P1, void in red, answers R3 with the Kampfrichter before the Angriff: both situations are seen; holding red, only the second."""
    state = play(started("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4", "Y1"), "R3")
    assert step_situations(state, parse_action("KR")) == {"AMB-KAMPFRICHTER-VOID", "AMB-DRAW-BEFORE-CHOICE"}
    state = play(started("R3 G1 G2 G3 G4", "KR R1 B2 B3 B4", "Y1"), "R3")
    assert step_situations(state, parse_action("KR")) == {"AMB-SPECIAL-FARBZWANG", "AMB-DRAW-BEFORE-CHOICE"}


@pytest.mark.clause("konter.beats_six", "trump.beats")
def test_step_situations_finds_the_konter_cases() -> None:
    """A led Konter answered by the trump 6, and a void Konter answering a led 6."""
    state = play(started("BK G1 G2 G3 G4", "Y6 B1 B2 B3 B4", "Y1"), "BK")
    assert step_situations(state, parse_action("Y6")) == {"AMB-KONTER-LED", "AMB-KONTER-TRUMP-SIX"}
    state = play(started("R6 G1 G2 G3 G4", "BK B1 B2 B3 B4", "Y1"), "R6")
    assert step_situations(state, parse_action("BK")) == {"AMB-KONTER-VOID"}


@pytest.mark.clause("angriff.who", "kampfrichter.collect")
def test_step_situations_finds_an_angriff_over_a_pending_trick() -> None:
    """The chosen leader attacks while the Kampfrichter trick is pending; a plain lead is no situation."""
    state = play(started("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4", "Y1"), "R3 KR L0")
    assert step_situations(state, ANGRIFF) == {"AMB-ANGRIFF-AFTER-KR"}
    assert step_situations(state, parse_action("G1")) == set()


@pytest.mark.clause("plattwurf.definition", "table.gut_gekaempft")
def test_result_situations_of_a_plattwurf() -> None:
    """A 5:0 Plattwurf shows no situation; the 7:3 Plattwurf of AMB-GUT-GEKAEMPFT-PLATTWURF shows a thrown loser with 3 tricks."""
    state = started("Y2 Y3 Y4 Y5 Y6", "R1 R2 R3 R4 R5", "Y1")
    assert result_situations(play(state, "A Y6 R1 | Y5 R2 | Y4 R3 | Y3 R4 | Y2 R5")) == set()
    thrown = play_out(start_gang(Deal.shuffled(1555), Player.P0), random_chooser(1555))
    assert (thrown.result.tricks, thrown.result.is_plattwurf) == ((7, 3), True)
    assert result_situations(thrown) == {"AMB-GUT-GEKAEMPFT-PLATTWURF"}
