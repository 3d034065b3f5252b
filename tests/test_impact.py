"""The impact measure: the same draws under two readings, one row per non-default reading, and the ``schwinget impact`` command."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from schwinget_spec import cli, twin
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.solver import compiled
from schwinget_spec.studies.impact import (
    LEVELS,
    ImpactRow,
    format_table,
    measure,
    plan,
    play_pair,
    readings,
    runs_for,
    total_gaenge,
)
from schwinget_spec.studies.impact_strong import weigh

GANG_SWITCHES = tuple(name for name, level in LEVELS.items() if level == "gang")


@pytest.fixture(scope="module")
def rows() -> list[ImpactRow]:
    """The measure on 240 Gänge (60 matches, 20 fests) from seed 1."""
    return measure(240, seed=1)


def test_every_rules_field_has_a_level_and_every_reading_a_row(rows: list[ImpactRow]) -> None:
    """Each Rules field is measured, once per non-default reading, in field order."""
    assert set(LEVELS) == {f.name for f in attrs.fields(Rules)}
    assert [(r.switch, r.reading) for r in rows] == [(n, repr(v)) for n, v in plan()]
    assert len(rows) == sum(len(readings(f.name)) for f in attrs.fields(Rules))


def test_row_shape(rows: list[ImpactRow]) -> None:
    """Counts lie between 0 and the number of runs; legal moves only for Gang switches, ranks only for fests."""
    for r in rows:
        assert r.runs == runs_for(r.level, 240)
        assert (r.legal is None) is (r.level != "gang")
        assert (r.starters is None) is (r.level == "gang")
        assert (r.ranks is None) is (r.level != "fest")
        for count in (r.legal, r.tricks, r.outcome, r.points_sw, r.points_pw, r.starters, r.ranks):
            assert count is None or 0 <= count <= r.runs


@pytest.mark.clause("schwung.farbzwang", "konter.beats_six", "konter.loses", "table.gut_gekaempft")
def test_every_gang_switch_changes_something(rows: list[ImpactRow]) -> None:
    """Every Gang switch changes some count; only the Farbzwang switch changes legal moves; the good loser only Punktewertung points."""
    by_switch = {r.switch: r for r in rows}
    for name in GANG_SWITCHES:
        r = by_switch[name]
        assert max(r.legal or 0, r.tricks, r.outcome, r.points_sw, r.points_pw) > 0, name
    assert (by_switch["special_cards_follow_colour"].legal or 0) > 0
    for name in ("void_konter_beats_six", "konter_beats_trump_six", "konter_loses_to_kampfrichter"):
        assert by_switch[name].legal == 0
        assert by_switch[name].tricks > 0
    good = by_switch["good_loser_after_plattwurf"]
    assert (good.legal, good.tricks, good.outcome, good.points_sw) == (0, 0, 0, 0)
    assert good.points_pw > 0


def test_fest_switches(rows: list[ImpactRow]) -> None:
    """The fest starter changes who starts; the tie-break changes ranks only, never starters, tricks or points."""
    by_reading = {(r.switch, r.reading): r for r in rows}
    assert (by_reading[("fest_starter", "'younger'")].starters or 0) > 0
    tie = by_reading[("fest_tiebreak", "'wins_then_plattwuerfe'")]
    assert (tie.starters, tie.tricks, tie.points_sw, tie.points_pw) == (0, 0, 0, 0)
    assert (tie.ranks or 0) > 0


def test_measure_is_reproducible() -> None:
    """The same games and seed give the same rows; another seed gives other deals."""
    one = measure(30, seed=5, switches=["special_cards_follow_colour"])
    assert one == measure(30, seed=5, switches=["special_cards_follow_colour"])
    assert [r.switch for r in one] == ["special_cards_follow_colour"]


def test_unknown_switch_is_refused() -> None:
    """A name that is no Rules field is refused, naming it."""
    with pytest.raises(ValueError, match="no_such_switch"):
        measure(10, switches=["no_such_switch"])


@pytest.mark.clause("schwung.farbzwang")
def test_same_draws_give_the_same_gang_under_equal_rules() -> None:
    """Two equal readings played from the same stream give the same Gang and never differ in legal moves."""
    a, b, legal = play_pair(Deal.shuffled(3), Player.P0, Rules(), Rules(), 99)
    assert a == b
    assert not legal


@pytest.mark.clause("schwung.farbzwang", "cards.special")
def test_play_pair_sees_a_legal_difference() -> None:
    """Some Gang of the first 40 seeds has a position where the Farbzwang switch changes the legal answers."""
    other = Rules(special_cards_follow_colour=True)
    assert any(play_pair(Deal.shuffled(s), Player.P0, Rules(), other, s)[2] for s in range(40))


def test_total_counts_every_gang_played() -> None:
    """The progress total equals the Gänge the measure reports through its progress callback."""
    seen: list[int] = []
    measure(24, seed=2, progress=seen.append)
    assert sum(seen) == total_gaenge(24)


def test_table_has_a_row_per_reading(rows: list[ImpactRow]) -> None:
    """The Markdown table has a header, a rule and one row per reading with the run counts."""
    lines = format_table(rows).splitlines()
    assert len(lines) == 2 + len(rows)
    assert lines[2].startswith("| `special_cards_follow_colour=True` | 240 Gänge |")


def test_command_prints_table_and_json() -> None:
    """``schwinget impact`` prints the table, ``--json`` the rows; an unknown ``--switch`` exits 2."""
    runner = CliRunner()
    table = runner.invoke(cli.cli, ["impact", "--games", "12", "--switch", "konter_beats_trump_six", "--markdown"])
    assert table.exit_code == 0
    assert "`konter_beats_trump_six=False` | 12 Gänge |" in table.stdout
    data = runner.invoke(cli.cli, ["impact", "--games", "12", "--switch", "fest_tiebreak", "--json"])
    assert data.exit_code == 0
    payload = json.loads(data.stdout)
    assert payload["games"] == 12
    assert [r["switch"] for r in payload["rows"]] == ["fest_tiebreak"]
    bad = runner.invoke(cli.cli, ["impact", "--switch", "nope"])
    assert bad.exit_code == 2


def test_the_table_of_the_ambiguities_document_is_the_programs() -> None:
    """docs/ambiguities.md shows the impact table the program prints: its command, its header, and its rows recomputed from that command.

    With the compiled twin every row is measured again (in a second). Without it the Gang
    switch rows are (about ten seconds for 5,000 Gänge), and the match and fest rows, which
    the readable engine would take about a minute to play, are checked for their switch,
    reading and runs. The strong players' columns of ``--play`` are weighed again with
    the compiled solver (about 20 s of CPU); without it the random columns are compared.
    """
    doc = (Path(__file__).resolve().parent.parent / "docs" / "ambiguities.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Impact: which questions change a game") :]
    command = re.search(r"^schwinget impact(?P<args>[^\n]*) --markdown$", section, re.MULTILINE)
    assert command is not None, "the impact section names the command that made its table"
    args = command["args"].split()
    games = int(args[args.index("--games") + 1]) if "--games" in args else None
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 0
    after = section[command.end() :].splitlines()
    first = next(i for i, line in enumerate(after) if line.startswith("|"))
    lines = list(itertools.takewhile(lambda line: line.startswith("|"), after[first:]))
    play = args[args.index("--play") + 1] if "--play" in args else "random"

    def table(switches: Sequence[str]) -> str:
        # weigh(play, ...) prints the whole table; without the compiled solver, the random columns of each line
        if play == "random" or compiled.available():
            return format_table(weigh(play, games, seed, switches))
        return "\n".join(" | ".join(line.split(" | ")[:10]) + " |" for line in format_table(measure(games, seed, switches)).splitlines())

    if not (play == "random" or compiled.available()):
        lines = [" | ".join(line.split(" | ")[:10]) + " |" for line in lines]
    expected = table(GANG_SWITCHES).splitlines()
    assert lines[:2] == expected[:2]
    gang_rows = [line for line in lines[2:] if "Gänge |" in line]
    assert gang_rows == expected[2:]
    others = [(n, r) for n, r in plan() if LEVELS[n] != "gang"]
    shown = [line for line in lines[2:] if "Gänge |" not in line]
    assert [line.split(" | ")[0] for line in shown] == [f"| `{n}={r!r}`" for n, r in others]
    if twin.ENGINE == "twin":
        assert shown == table(sorted({n for n, _ in others})).splitlines()[2:]
    assert all(
        f"| {runs_for(LEVELS[n], games)} {'matches' if LEVELS[n] == 'match' else 'fests'} |" in line
        for (n, _), line in zip(others, shown, strict=True)
    )
