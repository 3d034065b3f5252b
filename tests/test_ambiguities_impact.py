"""The match-level and situation figures of docs/ambiguities.md are the program's: each table is recomputed with the command printed above it (tests/test_impact.py checks the impact table), and the match_draw row through the twin counts what match.py plays."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.studies import impact
from schwinget_spec.studies.impact_match import (
    format_situations,
    format_starters,
    measure_situations,
    measure_starters,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "ambiguities.md"


def _command_and_table(heading: str) -> tuple[dict[str, str], list[str]]:
    """The options of the ``schwinget impact`` command under ``heading`` and the lines of the first table after it."""
    part = DOC.read_text(encoding="utf-8").split(f"\n{heading}\n", 1)[1]
    command = re.search(r"```\n(schwinget impact [^\n]*)\n```", part)
    assert command is not None, heading
    options = dict(re.findall(r"--([a-z]+) (\d+)", command.group(1)))
    after = part[command.end() :].splitlines()
    start = next(i for i, line in enumerate(after) if line.startswith("|"))
    table = []
    for line in after[start:]:
        if not line.startswith("|"):
            break
        table.append(line)
    assert len(table) > 2, heading
    return options, table


def test_starters_table_is_the_program_s() -> None:
    """The table under "Who starts and who ranks where" is what ``schwinget impact --starters`` prints for its options."""
    options, table = _command_and_table("### Who starts and who ranks where")
    rows = measure_starters(int(options["games"]), int(options["seed"]))
    assert table == format_starters(rows).splitlines()


def test_situations_table_is_the_program_s() -> None:
    """The table under "How often the situations arise" is what ``schwinget impact --situations`` prints for its options."""
    options, table = _command_and_table("### How often the situations arise")
    rows = measure_situations(int(options["games"]), int(options["seed"]))
    assert table == format_situations(rows).splitlines()



@pytest.mark.parametrize("tie", ["younger", "drawn_gang_starter", "drawn_gang_other"])
def test_match_draw_row_through_the_twin_is_match_py_s(tie: str) -> None:
    """The match_draw row counts, through the twin's Gänge, the matches whose winner the switch changes, as match.py plays them, under every draw_tie_starter reading."""
    default = Rules(draw_tie_starter=tie)  # type: ignore[arg-type]
    other = attrs.evolve(default, match_draw="more_tricks")
    row = impact._twin_result_row("match_draw", "more_tricks", 300, 7, None, readings=(default, other))
    seeds = impact._seeds(7)
    changed = 0
    for _ in range(300):
        deal_seeds = [next(seeds) for _ in range(4)]
        choice_seeds = [next(seeds) for _ in range(4)]
        matches = [impact._match(system, default, deal_seeds, choice_seeds) for system in ScoringSystem]
        changed += any(m.result.winner != attrs.evolve(m, rules=other).result.winner for m in matches)
    assert changed > 0
    assert (row.outcome, row.tricks, row.points_sw, row.points_pw, row.starters) == (changed, 0, 0, 0, 0)
