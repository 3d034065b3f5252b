"""The wide figure tables of the site read by a person: the impact table of docs/ambiguities.md as the few columns a reader compares, each row's other figures one click away and the whole table as CSV."""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Mapping, Sequence

from docutils import nodes

__all__ = [
    "IMPACT_CSV", "impact_csv", "impact_html", "markdown_table", "replace_impact_table", "transpose_markdown_tables",
    "transposed_html",
]

IMPACT_CSV = "_generated/impact.csv"
"""Where the build writes the impact table as CSV, relative to the output directory."""

_SHARE = re.compile(r"\((\d+\.\d) %\)")


def markdown_table(text: str, heading: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of the first Markdown table under ``heading`` in ``text`` (cells stripped, code spans kept)."""
    part = text.split(f"\n{heading}\n", 1)[1]
    lines: list[str] = []
    for line in part.splitlines():
        if line.startswith("|"):
            lines.append(line)
        elif lines:
            break
    cells = [[c.strip() for c in line.strip().strip("|").split(" | ")] for line in lines]
    return cells[0], cells[2:]


def impact_csv(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The impact table as CSV: every column as printed, code spans without their backticks."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([c.strip("`") for c in row] for row in rows)
    return out.getvalue()


def _share(cell: str) -> str:
    found = _SHARE.search(cell)
    return f"{found[1]} %" if found else html.escape(cell)


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def impact_html(header: Sequence[str], rows: Sequence[Sequence[str]], pages: Mapping[str, str], depth: str = "") -> str:
    """The impact table as a reader compares it: reading, runs, and how often the outcome and the points changed under random and (when weighed) strong play; under each row, a fold with all its figures; above, the whole table as CSV.

    ``pages`` maps a switch to its open question's id, whose page has the question's impact in full.
    """
    col = {name: i for i, name in enumerate(header)}
    strong = next((h.split(":", 1)[0] for h in header if h.endswith(": outcome")), None)
    measures = (("outcome", "outcome"), ("points (SW)", "points (Schwingerwertung)"), ("points (PW)", "points (Punktewertung)"))
    under = f"random → {_esc(strong)}" if strong else "random play"
    heads = ["switch = reading (runs)", *(f"{name} <br><small>{under}</small>" for name, _ in measures)]
    if strong is not None:
        heads.append(f"weight <br><small>{_esc(strong)} against random</small>")
    body = []
    for row in rows:
        reading = row[0].strip("`")
        switch = reading.split("=", 1)[0]
        amb = pages.get(switch)
        name = f"<code>{'=<wbr>'.join(_esc(part) for part in reading.split('=', 1))}</code>"
        if amb is not None:
            name = f'<a href="{depth}_generated/ambiguities/{amb}.html#impact">{name}</a>'
        cells = [f'{name}<br><span class="sw-where">{_esc(row[1])}</span>']
        for _, column in measures:
            share = _share(row[col[column]])
            if strong is not None:
                share += f"<br>→ {_share(row[col[f'{strong}: {column}']])}"
            cells.append(share)
        if strong is not None:
            cells.append(_esc(row[col["weight against random play"]]))
        figures = "".join(f"<dt>{_esc(h)}</dt><dd>{_esc(c.strip('`'))}</dd>" for h, c in zip(header[1:], row[1:], strict=True))
        body.append(
            f"<tr><td>{cells[0]}</td>" + "".join(f'<td class="sw-num">{c}</td>' for c in cells[1:4])
            + "".join(f"<td>{c}</td>" for c in cells[4:]) + "</tr>"
        )
        body.append(
            f'<tr class="sw-more"><td colspan="{len(heads)}"><details><summary>all {len(header)} figures of '
            f"<code>{_esc(reading)}</code></summary><dl class=\"sw-figures\">{figures}</dl></details></td></tr>"
        )
    return (
        f'<p class="sw-meta">The shares each reading changed; a row\'s fold has all its figures, counts and 95 % '
        f'intervals; the whole table of {len(header)} columns: <a href="{depth}{IMPACT_CSV}" download>impact.csv</a>. '
        "Outcome: a Gang's result (who wins, and how), a match's winner or a draw, a Schwingfest's first place"
        + (f"; under {_esc(strong)} play, who wins (a Gang: or a Gestellter)." if strong else ".")
        + "</p>"
        f'<div class="sw-scroll"><table class="sw-impact"><thead><tr>{"".join(f"<th>{h}</th>" for h in heads)}</tr></thead>'
        f'<tbody>{"".join(body)}</tbody></table></div>'
    )


def replace_impact_table(doctree: nodes.document, header: Sequence[str], rows: Sequence[Sequence[str]], pages: Mapping[str, str]) -> bool:
    """Replace the printed impact table in ``doctree`` (the table with ``header``'s columns and first header; the build's smart quotes change the others) by ``impact_html``; whether it was found."""
    for table in list(doctree.findall(nodes.table)):
        head = [entry.astext().strip() for entry in next(iter(table.findall(nodes.thead)), nodes.thead()).findall(nodes.entry)]
        if len(head) == len(header) and head[0] == header[0]:
            table.replace_self(nodes.raw("", impact_html(header, rows, pages), format="html"))
            return True
    return False


def transposed_html(header: Sequence[str], rows: Sequence[Sequence[str]], css: str = "sw-table") -> str:
    """A table of a few rows and many columns turned a quarter: one row per column, one column per row (the first column's cells become the headers)."""
    heads = "".join(f"<th>{c}</th>" for c in [_esc(header[0]), *(r[0] for r in rows)])
    body = "".join(
        f"<tr><th>{_esc(name)}</th>" + "".join(f"<td>{r[i]}</td>" for r in rows) + "</tr>"
        for i, name in enumerate(header) if i
    )
    return f'<table class="{css} sw-transposed"><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>'


def _inline(cell: str) -> str:
    """A Markdown cell's code spans as HTML code, the rest escaped."""
    parts = cell.split("`")
    return "".join(f"<code>{_esc(p)}</code>" if i % 2 else _esc(p) for i, p in enumerate(parts))


def transpose_markdown_tables(markdown: str, min_columns: int = 6) -> str:
    """Every Markdown table of ``markdown`` with at least ``min_columns`` columns turned a quarter (``transposed_html``) as a raw HTML block; narrower tables and the prose stay."""
    out: list[str] = []
    table: list[str] = []

    def flush() -> None:
        cells = [[c.strip() for c in line.strip().strip("|").split(" | ")] for line in table]
        if len(cells) >= 3 and len(cells[0]) >= min_columns:
            rows = [[_inline(c) for c in row] for row in cells[2:]]
            out.append("```{raw} html\n" + transposed_html(cells[0], rows) + "\n```")
        else:
            out.extend(table)
        table.clear()

    for line in markdown.split("\n"):
        if line.startswith("|"):
            table.append(line)
            continue
        if table:
            flush()
        out.append(line)
    if table:
        flush()
    return "\n".join(out)
