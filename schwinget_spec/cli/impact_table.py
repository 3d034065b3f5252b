"""The tables of ``schwinget impact`` laid out for the width of the terminal: shares only below 120 columns, counts and shares from there on."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from schwinget_spec.studies.impact import ImpactRow

__all__ = ["FULL_FROM", "FULL_TABLE", "impact_table", "markdown_table", "strong_table"]

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


FULL_TABLE = (
    "The full table (counts, 95 % intervals, the Gang's shift of points): --markdown or --json; "
    "docs/ambiguities.md holds it for --play solver"
)
"""Where ``impact --play`` points the reader for what its terminal table leaves out."""


def strong_table(rows: Sequence[ImpactRow], width: int) -> Table | None:
    """The figures of ``impact --play`` between strong players, beside random play's, within ``width`` columns; None when no row was weighed.

    Per reading: the share of the runs (in %) whose winner changed (a Gang: who wins or a
    Gestellter; a match: its winner or a draw; a fest: who ranks first) and whose points
    changed under each system, under random play and under strong play, and whether the
    weight moved beyond the 95 % intervals. Narrow (below ``FULL_FROM``): the weight under
    the reading's name; wide: a column of its own.
    """
    from schwinget_spec.studies.impact import weight_change  # noqa: PLC0415 (rich tables import no measure)

    weighed = [r for r in rows if r.strong is not None]
    if not weighed:
        return None
    first = weighed[0].strong
    assert first is not None
    full = width >= FULL_FROM
    play = "both play best, every card known" if first.play == "solver" else f"a {first.play} bot at each seat"
    table = Table(
        title=f"Strong play ({first.play}: {play}) beside random play: % of the runs whose winner or points changed",
        box=None, pad_edge=False, padding=(0, 1), header_style="bold underline",
    )
    table.add_column("switch = reading (runs)", ratio=1)
    for head in ("winner", "SW", "PW") if not full else ("winner", "points (SW)", "points (PW)"):
        for kind in ("random", "strong"):
            table.add_column(f"{head}\n{kind}", justify="right", no_wrap=True)
    if full:
        table.add_column("weight against random play", no_wrap=True)
    for r in weighed:
        s = r.strong
        assert s is not None
        weight = weight_change(r)
        name = Text.assemble((r.switch, "bold"), f"\n= {r.reading} ({r.runs} {_UNIT[r.level]})")
        if not full:
            name.append(f"\nweight: {weight}", style="italic")
        cells = [
            _share(r.outcome, r.runs), _share(s.outcome, s.runs),
            _share(r.points_sw, r.runs), _share(s.points_sw, s.runs),
            _share(r.points_pw, r.runs), _share(s.points_pw, s.runs),
        ]
        table.add_row(name, *cells, *((weight,) if full else ()))
    return table


def markdown_table(markdown: str, width: int) -> RenderableType:
    """A Markdown table (a header row, a rule, rows; as docs/ambiguities.md shows it) laid out for ``width`` columns.

    Code spans lose their backticks. Where the table fits, a table; where it does not,
    one short record per row: its first cell, then each other cell under its header,
    wrapped at words.
    """
    rows = [
        [cell.strip().strip("`") for cell in line.strip().strip("|").split(" | ")]
        for line in markdown.splitlines()
        if line.startswith("|") and not line.startswith("|---")
    ]
    header, body = rows[0], rows[1:]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    if sum(widths) + 2 * (len(widths) - 1) <= width:
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold underline")
        for name in header:
            table.add_column(name, no_wrap=True)
        for cells in body:
            table.add_row(*cells)
        return table
    records: list[RenderableType] = []
    for cells in body:
        records.append(Text(cells[0], style="bold"))
        for name, cell in zip(header[1:], cells[1:], strict=True):
            records.append(Padding(Text.assemble((f"{name}: ", "italic"), cell), (0, 0, 0, 2)))
    return Group(*records)
