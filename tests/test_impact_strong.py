"""Every reading weighed under strong play (schwinget_spec.studies.impact_strong): the solver's counts recomputed from the deals, the match and fest runs on fixed deals, the table's strong columns and the flag, the command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.cli.analysis import IMPACT_PLAYS
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled
from schwinget_spec.studies.impact import ImpactRow, StrongCounts, format_table, weight_change
from schwinget_spec.studies.impact_strong import PLAYS, Weigher, strong_counts, total, weigh

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")

_SW, _PW = ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG


def _row(points_sw: int, points_pw: int, strong_sw: int, strong_pw: int, runs: int = 1000) -> ImpactRow:
    strong = StrongCounts("solver", runs, 0, strong_sw, strong_pw, 0)
    return ImpactRow("konter_beats_trump_six", "False", "gang", runs, 0, 0, 0, points_sw, points_pw, None, None, strong=strong)


@pytest.mark.clause("schwung.farbzwang", "cards.special")
def test_a_gang_row_counts_the_solved_values_of_the_measured_deals() -> None:
    """The solver's Gang counts equal the values solved directly on impact.measure's deals (Gang i: the 2i-th number of the stream, P(i % 2) leading)."""
    runs, seed = 40, 7
    (counts,) = strong_counts("solver", runs, seed, ["special_cards_follow_colour"])
    other = Rules(special_cards_follow_colour=True)
    rng = SplitMix64.seeded(seed)
    outcome = sw = pw = shift = 0
    for i in range(runs):
        deal_seed, rng = rng.next()
        _, rng = rng.next()
        starts = [start_gang(Deal.shuffled(deal_seed), Player(i % 2), r) for r in (Rules(), other)]
        a_sw, b_sw = (compiled.value(s, _SW) for s in starts)
        a_pw, b_pw = (compiled.value(s, _PW) for s in starts)
        outcome += (a_sw > 0) - (a_sw < 0) != (b_sw > 0) - (b_sw < 0)
        sw += a_sw != b_sw
        pw += a_pw != b_pw
        shift += abs(a_sw - b_sw)
    assert counts == StrongCounts("solver", runs, outcome, sw, pw, shift)
    assert sw > 0


@pytest.mark.clause("match.winner")
def test_readings_that_decide_only_results_never_change_the_points_between_strong_players() -> None:
    """match_draw and fest_tiebreak change no totals between solver players (the same Gänge on the same deals), only who wins or ranks first."""
    match_row, fest_row = strong_counts("solver", 48, 3, ["match_draw", "fest_tiebreak"])
    assert (match_row.runs, match_row.points_sw, match_row.points_pw, match_row.shift_sw) == (12, 0, 0, None)
    assert (fest_row.runs, fest_row.points_sw, fest_row.points_pw) == (4, 0, 0)


def test_a_gang_met_again_is_replayed_from_its_line() -> None:
    """The weigher solves a Gang once: the same deal, starter, switches and system replay the remembered line to the same end."""
    weigher = Weigher("solver")
    state = start_gang(Deal.shuffled(11), Player.P1, Rules())
    first = weigher.finish(state, 11, 5, _SW)
    again = weigher.finish(state, 11, 99, _SW)
    assert len(weigher.lines) == 1
    assert again == first
    assert first.is_over


def test_the_flag_compares_the_intervals_of_each_system() -> None:
    """weight_change names each system whose strong share lies beyond the random share's 95 % interval, and says "same" otherwise."""
    assert weight_change(_row(100, 100, 100, 100)) == "same"
    assert weight_change(_row(100, 100, 10, 100)) == "lower (SW)"
    assert weight_change(_row(100, 100, 300, 10)) == "higher (SW), lower (PW)"
    assert weight_change(attrs.evolve(_row(0, 0, 0, 0), strong=None)) == ""


def test_the_table_adds_the_strong_columns_to_every_row_or_none() -> None:
    """A weighed table has 16 columns, the strong play named in each new header; a table mixing weighed and unweighed rows is refused."""
    rows = [_row(100, 100, 10, 100)]
    lines = format_table(rows).splitlines()
    assert [line.count(" | ") for line in lines] == [15, 0, 15]
    assert "| solver: outcome |" in lines[0]
    assert lines[2].endswith("| 0 (0.0 %) | 10 (1.0 %) | 100 (10.0 %) | 0.000 (0.00 in all) | ± 2.02 | lower (SW) |")
    with pytest.raises(InvalidArgumentError, match="rows"):
        format_table([*rows, attrs.evolve(rows[0], strong=None)])


def test_weigh_keeps_the_random_rows_and_refuses_an_unknown_play() -> None:
    """weigh's rows are impact.measure's with the strong counts added; an unknown play is refused naming the parameter."""
    random_rows = weigh("random", 20, 1, ["konter_beats_trump_six"])
    (row,) = weigh("heuristic", 20, 1, ["konter_beats_trump_six"])
    assert attrs.evolve(row, strong=None) == random_rows[0]
    assert row.strong is not None
    assert (row.strong.play, row.strong.runs) == ("heuristic", 20)
    assert total("heuristic", 20, ["konter_beats_trump_six"]) == 2 * total("random", 20, ["konter_beats_trump_six"]) == 80
    with pytest.raises(InvalidArgumentError, match="play"):
        weigh("grandmaster", 20)
    with pytest.raises(InvalidArgumentError, match="play"):
        strong_counts("random", 20)


def test_the_command_takes_play() -> None:
    """schwinget impact --play solver prints the weighed table and JSON; --play with --starters is a usage error (exit 2)."""
    assert IMPACT_PLAYS == PLAYS
    runner = CliRunner()
    args = ["impact", "--games", "12", "--seed", "2", "--switch", "void_konter_beats_six", "--play", "solver"]
    shown = runner.invoke(cli.cli, [*args, "--markdown"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.splitlines()[2].count(" | ") == 15
    data = json.loads(runner.invoke(cli.cli, [*args, "--json"]).output)
    assert data["play"] == "solver"
    assert set(data["rows"][0]["strong"]) == {"play", "runs", "outcome", "points_sw", "points_pw", "shift_sw", "interval95", "weight"}
    refused = runner.invoke(cli.cli, ["impact", "--starters", "--play", "solver"])
    assert refused.exit_code == 2
    assert "--play" in refused.output


def test_each_question_page_shows_the_strong_figures_of_the_document() -> None:
    """The site's "Under strong play" section of each switch (docs/_ext/open_questions.strong_section) gives each reading's strong shares and flag as docs/ambiguities.md's table holds them."""
    ext = Path(__file__).resolve().parent.parent / "docs" / "_ext"
    sys.path.insert(0, str(ext))
    try:
        import open_questions  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415
    finally:
        sys.path.remove(str(ext))
    text = open_questions.DOC.read_text(encoding="utf-8")
    rows = open_questions.impact_rows(text)
    assert all(r.strong is not None for r in rows)
    for switch in {r.switch for r in rows}:
        own = [r for r in rows if r.switch == switch]
        section = open_questions.strong_section(own, text)
        for r in own:
            assert r.strong is not None
            share = f"{100 * r.strong.points_sw / r.strong.runs:.1f} %"
            assert f"| `{r.reading}` | {r.runs} |" in section
            assert share in section
            assert section.count(f"| {weight_change(r)} |") >= 1
    assert open_questions.strong_section([attrs.evolve(r, strong=None) for r in rows], text) == ""
