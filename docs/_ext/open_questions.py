"""The open questions' measured figures as docs/ambiguities.md states them: its impact and situation tables read back, so that the site shows each figure from the one command that made it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from schwinget_spec.registry.ambiguities import AMBIGUITIES, Ambiguity
from schwinget_spec.studies.impact import ImpactRow, Level, StrongCounts, interval, weight_change

__all__ = [
    "DOC", "IMPACT_HEADING", "NOTES", "QUESTIONS", "SITUATIONS_HEADING", "command", "count_line", "impact_rows",
    "situation_rows", "strong_section",
]

DOC = Path(__file__).resolve().parents[1] / "ambiguities.md"
"""The document whose tables hold the figures."""
IMPACT_HEADING = "## Impact: which questions change a game"
"""The heading above the command and the table of how often each reading changes a game."""
SITUATIONS_HEADING = "### How often the situations arise"
"""The heading above the command and the table of how often each entry's situation arises."""

QUESTIONS: tuple[Ambiguity, ...] = tuple(a for a in AMBIGUITIES if a.note is None)
"""The entries of the registry that are open questions (the text leaves them open), in the document's order: what every count of "open questions" on the site counts."""
NOTES: tuple[Ambiguity, ...] = tuple(a for a in AMBIGUITIES if a.note is not None)
"""The entries that are notes (the booklet settles them; ``Ambiguity.note`` says where): listed apart, never counted as questions."""


def count_line() -> str:
    """How many entries the registry holds, said as the site says it everywhere: the open questions, then the notes apart."""
    notes = f"{len(NOTES)} {'note' if len(NOTES) == 1 else 'notes'}"
    return f"{len(QUESTIONS)} open questions (and {notes}: entries the booklet settles itself)"


_LEVELS: dict[str, Level] = {"Gänge": "gang", "matches": "match", "fests": "fest"}


def _after(text: str, heading: str) -> tuple[str, list[str]]:
    """The ``schwinget impact`` command under ``heading`` and the rows of the first table after it (header and rule left out)."""
    part = text.split(f"\n{heading}\n", 1)[1]
    found = re.search(r"```\n(schwinget impact [^\n]*)\n```", part)
    if found is None:
        raise ValueError(f"no schwinget impact command under {heading!r}")
    lines = part[found.end() :].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return found.group(1), rows[2:]


def command(text: str, heading: str = IMPACT_HEADING) -> str:
    """The command that made the table under ``heading``."""
    return _after(text, heading)[0]


def _count(cell: str) -> int | None:
    if cell == "–":
        return None
    found = re.fullmatch(r"(\d+) \(\d+\.\d %\)", cell)
    if found is None:
        raise ValueError(f"not a count with its share: {cell!r}")
    return int(found.group(1))


def _strong(play: str, runs: int, cells: list[str]) -> StrongCounts:
    """The strong players' counts of a weighed row (``schwinget impact --play``): outcome, both points, the shift's total."""
    counts = [_count(c) for c in cells[:3]]
    if any(c is None for c in counts):
        raise ValueError(f"strong counts without outcome or points: {cells!r}")
    outcome, points_sw, points_pw = (int(c or 0) for c in counts)
    shift = re.fullmatch(r"\d+\.\d{3} \((\d+)\.(\d\d) in all\)", cells[3])
    return StrongCounts(play, runs, outcome, points_sw, points_pw, None if shift is None else int(shift[1]) * 100 + int(shift[2]))


def impact_rows(text: str) -> tuple[ImpactRow, ...]:
    """The rows of the impact table of ``text`` (docs/ambiguities.md) as ``ImpactRow`` values, as ``schwinget impact`` printed them.

    A table weighed under strong play (``--play``) has six more columns; each row then
    carries them as ``strong`` (``StrongCounts``, the play named by the command).
    """
    out = []
    made_by = command(text)
    play = re.search(r"--play (\S+)", made_by)
    for line in _after(text, IMPACT_HEADING)[1]:
        cells = line.strip("| ").split(" | ")
        found = re.fullmatch(r"`([a-z_]+)=(.+)`", cells[0])
        runs, unit = cells[1].split(" ")
        if found is None or len(cells) != (10 if play is None else 16):
            raise ValueError(f"not a row of the impact table: {line!r}")
        legal, tricks, outcome, points_sw, points_pw, starters, ranks = map(_count, cells[2:9])
        measured = (tricks, outcome, points_sw, points_pw)
        if any(c is None for c in measured):
            raise ValueError(f"a row of the impact table without tricks, outcome or points: {line!r}")
        strong = None if play is None else _strong(play[1], int(runs), cells[10:14])
        tricks_n, outcome_n, sw_n, pw_n = (int(c or 0) for c in measured)
        out.append(ImpactRow(found[1], found[2], _LEVELS[unit], int(runs), legal, tricks_n, outcome_n, sw_n, pw_n,
                             starters, ranks, strong=strong))
    return tuple(out)


def situation_rows(text: str) -> dict[str, list[tuple[str, str]]]:
    """Entry id -> (situation, how often it arises, with its interval) from the situations table of ``text``."""
    out: dict[str, list[tuple[str, str]]] = {}
    for line in _after(text, SITUATIONS_HEADING)[1]:
        amb, situation, figure = line.strip("| ").split(" | ")
        out.setdefault(amb.strip("`"), []).append((situation, figure))
    return out


def _figure(count: int, runs: int) -> str:
    low, high = interval(count, runs)
    return f"{100 * count / runs:.1f} % ({100 * low:.1f}–{100 * high:.1f} %)"


def strong_section(rows: Sequence[ImpactRow], text: str) -> str:
    """A question page's "Under strong play" section for its rows of the impact table of ``text``: each reading's share under random play and under the table's strong play, with 95 % intervals; "" when the table was not weighed."""
    weighed = [r for r in rows if r.strong is not None]
    if not weighed:
        return ""
    first = weighed[0].strong
    assert first is not None
    play = first.play
    lines = [
        "| reading | runs | outcome: random | outcome: strong | points (SW): random | points (SW): strong "
        "| points (PW): random | points (PW): strong | weight against random play |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in weighed:
        s = r.strong
        assert s is not None
        lines.append(
            f"| `{r.reading}` | {r.runs} | {_figure(r.outcome, r.runs)} | {_figure(s.outcome, s.runs)} "
            f"| {_figure(r.points_sw, r.runs)} | {_figure(s.points_sw, s.runs)} | {_figure(r.points_pw, r.runs)} "
            f"| {_figure(s.points_pw, s.runs)} | {weight_change(r)} |"
        )
    return (
        f"\n## Under strong play\n\nThe same runs between strong players ({play}: "
        + ("both play best with every card known" if play == "solver" else f"a {play} bot at each seat")
        + f"; `{command(text)}`, the table of [Ambiguities](../../ambiguities.md)), beside random play, "
        "each share with its 95 % interval. Strong play's outcome is who wins (a match's winner, a fest's "
        "first place); random play's, the outcome row or the winner:\n\n" + "\n".join(lines) + "\n"
    )
