"""The report page of one or several conformance runs side by side: clause × implementation (and situation, level, vector), each failure told as the game that shows it; static HTML or markdown."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path

from schwinget_spec.clauses import CLAUSES, get_clause
from schwinget_spec.conformance.harness.scorecard import LevelScore
from schwinget_spec.conformance.reports.game import tell_reproduction
from schwinget_spec.conformance.reports.summary import (
    LEVEL_TEXT,
    Cell,
    CellStatus,
    Failure,
    RunSummary,
    clause_level,
    situation_descriptions,
)
from schwinget_spec.files import write_text_atomically
from schwinget_spec.support.safe_text import code_fence, code_span, markdown_text, xml_text

__all__ = ["html_page", "markdown_page", "write_page"]

_MARK = {
    CellStatus.PASSED: "✔",
    CellStatus.FAILED: "✘",
    CellStatus.NOT_REACHED: "○",
    CellStatus.SKIPPED: "–",
    CellStatus.NOT_OBSERVABLE: "n/a",
    CellStatus.UNKNOWN: "?",
}
_LEGEND = (
    (CellStatus.PASSED, "passed: exercised by that many games the implementation agreed on"),
    (CellStatus.FAILED, "failed: the divergence names it (the reproduction is below)"),
    (CellStatus.NOT_REACHED, "not reached: of a level the run checked, but no game exercised it"),
    (CellStatus.SKIPPED, "skipped: its level was not checked (not declared) or a skip list left it out"),
    (CellStatus.NOT_OBSERVABLE, "not observable: no run can exercise it"),
    (CellStatus.UNKNOWN, "unknown: the report carries no coverage"),
)
_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f4f4f4}
td.c{text-align:center;white-space:nowrap}
.passed{background:#e3f6e3}.failed{background:#fbd9d9;font-weight:bold}
.not_reached{background:#fff3cd}.skipped{background:#eee;color:#777}
.not_observable{color:#999}.unknown{color:#999}
tr.section th{background:#dde7f2}
tr.diverged td{background:#fbd9d9;font-weight:bold}
code,pre{font-family:ui-monospace,monospace}pre{background:#f7f7f7;padding:.5em;overflow-x:auto}
.card{display:inline-block;min-width:1.8em;margin:0 .1em;padding:0 .2em;border-radius:3px;text-align:center;
 font-family:ui-monospace,monospace;color:#fff}
.R{background:#c0392b}.G{background:#27ae60}.B{background:#2c6fbb}.Y{background:#c9a400}.K{background:#555}
small{color:#666}
"""


def _count_text(cell: Cell) -> str:
    mark = _MARK[cell.status]
    return f"{mark} {cell.count}" if cell.count and cell.status in (CellStatus.PASSED, CellStatus.FAILED) else mark


def _rows(summaries: Sequence[RunSummary]) -> list[tuple[str, str, str]]:
    """(section, clause id, English text) for every clause, in the booklet's order."""
    return [(c.section, c.id, c.en) for c in CLAUSES.values()]


# -- HTML


def _e(text: object) -> str:
    # characters no HTML page may hold (controls, lone surrogates) shown escaped, then the markup escaped
    return html.escape(xml_text(str(text)))


def _cards_html(codes: str) -> str:
    out = []
    for code in codes.split():
        kind = "K" if code in ("KR", "BK") else code[0]
        out.append(f'<span class="card {_e(kind)}">{_e(code)}</span>')
    return "".join(out)


def _cell_html(cell: Cell, anchor: str | None) -> str:
    title = f' title="{_e(cell.note)}"' if cell.note else ""
    text = _e(_count_text(cell))
    if cell.status is CellStatus.FAILED and anchor:
        text = f'<a href="#{anchor}">{text}</a>'
    return f'<td class="c {cell.status.value}"{title}>{text}</td>'


def _anchor(index: int, number: int = 0) -> str:
    return f"failure-{index}-{number}"


def _failure_for(summary: RunSummary, group: str, key: str) -> int | None:
    """The number of the first failure of ``summary`` that a cell of ``key`` in ``group`` links to, None if none."""
    for number, f in enumerate(summary.failures):
        if (
            (group == "levels" and f.level == key)
            or (group == "clauses" and f.clause_id == key)
            or (group == "vectors" and f.source.removeprefix("vector ").split(",")[0] == key)
            or group == "situations"
        ):
            return number
    return None


def _link(index: int, summary: RunSummary, group: str, key: str) -> str | None:
    number = _failure_for(summary, group, key)
    return None if number is None else _anchor(index, number)


def _level_text(score: LevelScore) -> str:
    """A level's figures as the scorecard has them, in one line."""
    if score.status == "not_declared":
        return "not declared"
    if score.status == "not_checked":
        return f"not checked ({score.note or 'not reached'})"
    stop = " (stopped at the bound)" if score.bounded else f" ({score.note})" if score.note else ""
    vectors = f"vectors {score.vectors_passed} passed, {score.vectors_failed} failed"
    if score.vectors_not_reached:
        vectors += f", {score.vectors_not_reached} not reached"
    if score.vectors_skipped:
        vectors += f", {score.vectors_skipped} skipped"
    return (
        f"{score.games_played} {score.unit} played: {score.games_passed} passed, {score.games_failed} failed, "
        f"{score.games_skipped} not played{stop}; {vectors}"
    )


def _scorecard_rows(summaries: Sequence[RunSummary]) -> list[str]:
    """The levels of the scorecards, one row per level, one column per run."""
    return list(dict.fromkeys(s.level for summary in summaries if summary.scorecard for s in summary.scorecard.levels))


def _scorecard_html(summaries: Sequence[RunSummary]) -> list[str]:
    levels = _scorecard_rows(summaries)
    if not levels:
        return []
    out = ["<h2>Scorecard</h2>", "<table>", "<tr><th>level</th>" + "".join(f"<th>{_e(s.label)}</th>" for s in summaries) + "</tr>"]
    for level in levels:
        cells = []
        for i, summary in enumerate(summaries):
            score = None if summary.scorecard is None else summary.scorecard.level(level)
            if score is None:
                cells.append('<td class="c unknown">?</td>')
                continue
            css = {"failed": "failed", "passed": "passed", "not_declared": "skipped"}.get(score.status, "not_reached")
            mark = {"failed": "✘", "passed": "✔", "not_declared": "–"}.get(score.status, "○")
            parts = [f"<b>{_e(mark)}</b> {_e(_level_text(score))}"]
            if score.clauses_failed:
                parts.append("clauses failed: " + ", ".join(f"<code>{_e(c)}</code> {n}" for c, n in score.clauses_failed))
            if score.first_failure is not None:
                anchor = _link(i, summary, "levels", level)
                first = f"{score.first_failure.kind} in {score.first_failure.source}"
                text = f'<a href="#{anchor}">{_e(first)}</a>' if anchor else _e(first)
                parts.append(f"first divergence: {text}")
            cells.append(f'<td class="{css}">' + "<br>".join(parts) + "</td>")
        out.append(f"<tr><th><code>{_e(level)}</code></th>{''.join(cells)}</tr>")
    out.append("</table>")
    return out


def _matrix_html(
    title: str, summaries: Sequence[RunSummary], group: str, rows: Sequence[tuple[str, str, str]]
) -> list[str]:
    if not rows:
        return []
    out = [f"<h2>{_e(title)}</h2>", "<table>", "<tr><th>id</th><th>what</th>"]
    out.append("".join(f"<th>{_e(s.label)}</th>" for s in summaries) + "</tr>")
    section = None
    for sec, key, text in rows:
        if sec != section:
            section = sec
            out.append(f'<tr class="section"><th colspan="{2 + len(summaries)}">{_e(sec)}</th></tr>')
        cells = "".join(_cell_html(s.cell(group, key), _link(i, s, group, key)) for i, s in enumerate(summaries))
        out.append(f"<tr><td><code>{_e(key)}</code></td><td>{_e(text)}</td>{cells}</tr>")
    out.append("</table>")
    return out


def _failure_html(failure: Failure, summary: RunSummary, anchor: str) -> list[str]:
    out = [f'<h3 id="{anchor}">{_e(summary.label)}: {_e(failure.kind)} at the {_e(failure.level)} level</h3>']
    out.append(f"<p>In <b>{_e(failure.source)}</b>: {_e(failure.message)}</p>")
    if failure.field is not None:
        out.append(
            f"<p><code>{_e(failure.field)}</code>: reference <code>{_e(json.dumps(failure.expected))}</code>, "
            f"implementation <code>{_e(json.dumps(failure.actual))}</code></p>"
        )
    if failure.clause_id is not None:
        clause = get_clause(failure.clause_id)
        out.append(
            f"<p>Clause <code>{_e(clause.id)}</code> ({_e(clause.section)}): {_e(clause.en)}<br>"
            f"<small>de: {_e(clause.de)}<br>fr: {_e(clause.fr)}</small></p>"
        )
    fresh = {
        "reproduced": "The reproduction diverged again on a freshly started implementation.",
        "unshrunk": "The shrunk reproduction did not diverge on a freshly started implementation; this is the "
        "unshrunk one, which did.",
        "not_reproduced": "NOT REPRODUCED on a freshly started implementation: the fault depends on what the "
        "implementation served before; replay the whole run with the same seed.",
    }.get(failure.fresh or "")
    if fresh:
        out.append(f"<p><b>{_e(fresh)}</b></p>")
    told = None if failure.reproduction is None else tell_reproduction(failure.reproduction)
    if told is not None:
        changed = [f"{name}={str(value).lower()}" for name, value in told.rules]
        out.append("<table>")
        out.append(f"<tr><th>P0</th><td>{_cards_html(told.hands[0])}</td></tr>")
        out.append(f"<tr><th>P1</th><td>{_cards_html(told.hands[1])}</td></tr>")
        out.append(f"<tr><th>revealed</th><td>{_cards_html(told.revealed)} trump: {_e(told.trump)}</td></tr>")
        out.append(f"<tr><th>pile</th><td>{_cards_html(told.pile)}</td></tr>")
        out.append(f"<tr><th>starter</th><td>{_e(told.starter)}</td></tr>")
        out.append(f"<tr><th>rules</th><td>{_e(', '.join(changed) or 'default')}</td></tr>")
        out.append("</table>")
        out.append("<table><tr><th></th><th>who</th><th>action</th><th>reference</th><th>clause</th></tr>")
        for line in told.lines:
            css = ' class="diverged"' if line.diverged else ""
            decided = "" if line.clause_id is None else f"<code>{_e(line.clause_id)}</code>"
            out.append(
                f"<tr{css}><td>{_e(line.step)}</td><td>{_e(line.who)}</td><td>{_e(line.what)}</td>"
                f"<td>{_e(line.outcome)}</td><td>{decided}</td></tr>"
            )
        out.append("</table>")
    replay = list((failure.reproduction or {}).get("protocol_lines") or []) or list(failure.requests)
    if replay:
        out.append("<details><summary>replay: the request lines</summary><pre>")
        out.append(_e("\n".join(replay)))
        out.append("</pre></details>")
    if failure.stderr:
        out.append(f"<details><summary>stderr of the implementation</summary><pre>{_e(failure.stderr)}</pre></details>")
    return out


def _situation_rows() -> list[tuple[str, str, str]]:
    return [(level, name, description) for name, (level, description, _) in situation_descriptions().items()]


def _all_keys(summaries: Sequence[RunSummary], group: str) -> list[str]:
    return list(dict.fromkeys(key for s in summaries for key, _ in getattr(s, group)))


def html_page(summaries: Sequence[RunSummary], title: str = "Schwinget conformance") -> str:
    """A static HTML page: the runs side by side, the matrices (levels, clauses, situations, vectors), then each failure told as a game."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        "<table><tr><th></th>" + "".join(f"<th>{_e(s.label)}</th>" for s in summaries) + "</tr>",
    ]
    facts = list(dict.fromkeys(k for s in summaries for k, _ in s.facts))
    for fact in facts:
        values = "".join(f"<td>{_e(dict(s.facts).get(fact, ''))}</td>" for s in summaries)
        out.append(f"<tr><th>{_e(fact)}</th>{values}</tr>")
    out.append("</table>")
    out.append("<p>" + " &nbsp; ".join(f"<b>{_e(_MARK[status])}</b> {_e(text)}" for status, text in _LEGEND) + "</p>")
    out += _scorecard_html(summaries)
    levels = [("levels", lv, LEVEL_TEXT.get(lv, "")) for lv in _all_keys(summaries, "levels")]
    out += _matrix_html("Levels", summaries, "levels", levels)
    out += _matrix_html("Clauses of the booklet", summaries, "clauses", _rows(summaries))
    situations = _situation_rows() or [("situations", k, "") for k in _all_keys(summaries, "situations")]
    out += _matrix_html("Named situations", summaries, "situations", situations)
    vectors = [("vectors", k, "") for k in _all_keys(summaries, "vectors")]
    out += _matrix_html("Vectors", summaries, "vectors", vectors)
    failures = [(i, n, s, f) for i, s in enumerate(summaries) for n, f in enumerate(s.failures)]
    if failures:
        out.append("<h2>Failures</h2>")
        for i, number, summary, failure in failures:
            out += _failure_html(failure, summary, _anchor(i, number))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# -- markdown


def _md(text: object) -> str:
    # every text of a report file may come from an engine: plain text, no HTML, no link (safe_text)
    return markdown_text(str(text))


def _matrix_md(title: str, summaries: Sequence[RunSummary], group: str, rows: Sequence[tuple[str, str, str]]) -> list[str]:
    if not rows:
        return []
    out = [f"## {_md(title)}", "", "| id | level | " + " | ".join(_md(s.label) for s in summaries) + " |"]
    out.append("|---|---|" + "---|" * len(summaries))
    for sec, key, _ in rows:
        cells = " | ".join(_md(_count_text(s.cell(group, key))) for s in summaries)
        out.append(f"| {code_span(key)} | {_md(sec)} | {cells} |")
    return [*out, ""]


def markdown_page(summaries: Sequence[RunSummary], title: str = "Schwinget conformance") -> str:
    """The same page as markdown (tables and lists), for a pull request comment or a wiki.

    Every text of the reports is escaped (``schwinget_spec.support.safe_text``): it shows as
    written but holds no HTML and no link; engine output and reproductions stand in code
    spans and code blocks that it cannot close.
    """
    out = [f"# {_md(title)}", "", "| | " + " | ".join(_md(s.label) for s in summaries) + " |", "|---|" + "---|" * len(summaries)]
    for fact in dict.fromkeys(k for s in summaries for k, _ in s.facts):
        out.append(f"| {_md(fact)} | " + " | ".join(_md(dict(s.facts).get(fact, "")) for s in summaries) + " |")
    out += ["", " ".join(f"**{_MARK[status]}** {_md(text)}." for status, text in _LEGEND), ""]
    levels = _scorecard_rows(summaries)
    if levels:
        out += ["## Scorecard", "", "| level | " + " | ".join(_md(s.label) for s in summaries) + " |", "|---|" + "---|" * len(summaries)]
        for level in levels:
            cells = []
            for summary in summaries:
                score = None if summary.scorecard is None else summary.scorecard.level(level)
                if score is None:
                    cells.append("?")
                    continue
                mark = {"failed": "✘", "passed": "✔", "not_declared": "–"}.get(score.status, "○")
                text = f"{mark} {_level_text(score)}"
                if score.clauses_failed:
                    text += "; clauses failed: " + ", ".join(f"{c} {n}" for c, n in score.clauses_failed)
                if score.first_failure is not None:
                    text += f"; first divergence: {score.first_failure.kind} in {score.first_failure.source}"
                cells.append(_md(text))
            out.append(f"| {code_span(level)} | " + " | ".join(cells) + " |")
        out.append("")
    out += _matrix_md("Levels", summaries, "levels", [("", lv, "") for lv in _all_keys(summaries, "levels")])
    out += _matrix_md("Clauses", summaries, "clauses", [(clause_level(c), c, "") for c in CLAUSES])
    situations = _situation_rows() or [("", k, "") for k in _all_keys(summaries, "situations")]
    out += _matrix_md("Named situations", summaries, "situations", situations)
    out += _matrix_md("Vectors", summaries, "vectors", [("", k, "") for k in _all_keys(summaries, "vectors")])
    for summary in summaries:
        for failure in summary.failures:
            out += [
                f"## {_md(summary.label)}: {_md(failure.kind)} at the {_md(failure.level)} level",
                "",
                f"In {_md(failure.source)}: {_md(failure.message)}",
                "",
            ]
            if failure.field is not None:
                out += [
                    f"{code_span(failure.field)}: reference {code_span(json.dumps(failure.expected))}, "
                    f"implementation {code_span(json.dumps(failure.actual))}",
                    "",
                ]
            if failure.clause_id is not None:
                named = get_clause(failure.clause_id)
                out += [f"Clause {code_span(named.id)}: {_md(named.en)}", "", f"> de: {_md(named.de)}", ">", f"> fr: {_md(named.fr)}", ""]
            if failure.fresh:
                out += [f"Fresh replay: {_md(failure.fresh)}.", ""]
            told = None if failure.reproduction is None else tell_reproduction(failure.reproduction)
            if told is not None:
                out += [f"Deal: P0 {code_span(told.hands[0])}, P1 {code_span(told.hands[1])}, revealed {code_span(told.revealed)} "
                        f"(trump {_md(told.trump)}), pile {code_span(told.pile)}; {_md(told.starter)} starts.", "",
                        "| | who | action | reference | clause |", "|---|---|---|---|---|"]
                for line in told.lines:
                    mark = " **← diverges**" if line.diverged else ""
                    out.append(f"| {_md(line.step)} | {_md(line.who)} | {_md(line.what)}{mark} | {_md(line.outcome)} | "
                               f"{'' if line.clause_id is None else code_span(line.clause_id)} |")
                out.append("")
            replay = list((failure.reproduction or {}).get("protocol_lines") or []) or list(failure.requests)
            if replay:
                out += [*code_fence([str(line) for line in replay]), ""]
    return "\n".join(out)


def write_page(summaries: Sequence[RunSummary], path: str | Path) -> None:
    """Write the page to ``path``: markdown for a ``.md`` file, HTML otherwise; whole or not at all (``files.OutputFileError``)."""
    p = Path(path)
    text = markdown_page(summaries) if p.suffix.lower() in (".md", ".markdown") else html_page(summaries)
    write_text_atomically(p, text)
