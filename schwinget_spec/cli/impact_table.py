"""The table of ``schwinget impact`` laid out for the width of the terminal: shares only below 120 columns, counts and shares from there on."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from schwinget_spec.impact import ImpactRow

__all__ = ["FULL_FROM", "impact_table"]

FULL_FROM = 120
"""From this many columns on, each cell shows the count and its share; below, the share alone (``--json`` has the counts)."""

_UNIT = {"gang": "Gänge", "match": "matches", "fest": "fests"}
_HEADERS = (
    ("legal", "legal moves"),
    ("trick", "tricks"),
    ("outc.", "outcome"),
    ("SW", "points (Schwingerwertung)"),
    ("PW", "points (Punktewertung)"),
    ("start", "starters"),
    ("ranks", "ranks"),
)


def _share(count: int | None, runs: int) -> str:
    return "–" if count is None else f"{100 * count / runs:.1f}"


def _full(count: int | None, runs: int) -> str:
    return "–" if count is None else f"{count} ({100 * count / runs:.1f} %)"


def impact_table(rows: Sequence[ImpactRow], width: int) -> Table:
    """The rows of ``impact`` as a table that fits ``width`` columns.

    Narrow: the switch on one line and its reading with the runs under it, then the
    share of the runs (in %) the reading changed, one short column per effect (legal
    moves, tricks, outcome, points under the Schwingerwertung and the Punktewertung,
    starters, ranks; "–": not measured at that level). Wide: the count and the share of
    each, with the full headers.
    """
    full = width >= FULL_FROM
    title = "How often each reading changed the game" + ("" if full else " (% of the runs; counts: --json)")
    # no rules between the columns: two spaces of padding keep the numbers apart and leave the width to the names
    table = Table(title=title, box=None, pad_edge=False, padding=(0, 1), header_style="bold underline")
    table.add_column("switch = reading (runs)", ratio=1)
    for short, long in _HEADERS:
        table.add_column(long if full else short, justify="right", no_wrap=True, width=None if full else 5)
    cell = _full if full else _share
    for r in rows:
        counts = (r.legal, r.tricks, r.outcome, r.points_sw, r.points_pw, r.starters, r.ranks)
        name = Text.assemble((r.switch, "bold"), f"\n= {r.reading} ({r.runs} {_UNIT[r.level]})")
        table.add_row(name, *(cell(c, r.runs) for c in counts))
    return table
