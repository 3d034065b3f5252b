"""The Sphinx extension that builds the schwinget_spec site's pages from the project's own data: the booklet, clauses, open questions, vectors, proofs, source and figures."""

from __future__ import annotations

import html
import itertools
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import api_reference
import ask_links
import attrs
import booklet_alignment
import clause_evidence
import cli_reference
import errata_sheet
import figure_tables
import generated_source
import open_questions
import schema_pages
import site_facts
import site_figures
from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging as sphinx_logging

import schwinget_spec
from schwinget_spec.cards import Card
from schwinget_spec.clauses import CLAUSES, Clause
from schwinget_spec.conformance.vectors.suite import Vector, load_vectors
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.registry.ambiguities import AMBIGUITIES, RETIRED, Ambiguity, RetiredEntry
from schwinget_spec.registry.clause_index import ClauseIndex, build_clause_index
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE_DE, WERTUNGSTABELLE_FR, TranscribedRow

__all__ = ["SiteData", "card_html", "collect", "setup", "write_pages"]

GENERATED = generated_source.GENERATED
"""The docname prefix of the generated pages (written into the output directory at every build, never into docs/)."""

_LOG = sphinx_logging.getLogger(__name__)

_ROOT = Path(schwinget_spec.__file__).resolve().parents[1]
_RULES = _ROOT.parent / "shared" / "rules"

_COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}


# -- the data every page is made of


@attrs.frozen
class ProofRow:
    """One Z3 query of ``schwinget prove`` (the fast set): its name, claim, answer and the clauses involved."""

    name: str
    claim: str
    answer: str
    ok: bool
    seconds: float
    clauses: tuple[str, ...]


@attrs.frozen
class SiteData:
    """Everything the generated pages show, read once per build."""

    de_text: str
    fr_text: str
    index: ClauseIndex
    vectors: tuple[Vector, ...]
    proofs: tuple[ProofRow, ...]
    impact: tuple[Any, ...]
    impact_games: int


def _run_proofs() -> tuple[ProofRow, ...]:
    from schwinget_spec.proofs import run_queries  # noqa: PLC0415

    return tuple(
        ProofRow(r.name, r.claim, r.answer, r.ok, r.seconds, tuple(r.clauses))
        for r in run_queries(include_slow=False, jobs=os.cpu_count() or 1)
    )


def collect(*, proofs: bool = True) -> SiteData:
    """Read the booklet, the clause index, the shipped vectors, the fast Z3 queries and the impact of each switch (docs/ambiguities.md's table)."""
    doc = open_questions.DOC.read_text(encoding="utf-8")
    games = re.search(r"--games (\d+)", open_questions.command(doc))
    return SiteData(
        de_text=(_RULES / "schwinget.de.txt").read_text(encoding="utf-8"),
        fr_text=(_RULES / "schwinget.fr.txt").read_text(encoding="utf-8"),
        index=build_clause_index(root=_ROOT),
        vectors=load_vectors().vectors,
        proofs=_run_proofs() if proofs else (),
        impact=open_questions.impact_rows(doc),
        impact_games=int(games.group(1)) if games else 0,
    )


# -- small helpers


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def card_html(code: str) -> str:
    """A card as an inline HTML card face: colour and value, the Kampfrichter and the Brienzer-Konter by their names."""
    card = Card.parse(code)
    text = str(card)
    if text == "KR":
        return '<span class="sw-card sw-kr" title="Kampfrichter">KR</span>'
    if text == "BK":
        return '<span class="sw-card sw-bk" title="Brienzer-Konter">BK</span>'
    colour = _COLOUR_NAMES[text[0]]
    return f'<span class="sw-card sw-{colour}" title="{colour} {text[1]}">{text[1]}</span>'


def _cards(codes: Iterable[str]) -> str:
    return " ".join(card_html(c) for c in codes)


def _amb_anchor(amb_id: str) -> str:
    return amb_id.lower()


# -- the annotated booklet


def booklet_page(data: SiteData) -> str:
    """The booklet in both languages side by side, aligned row by row as ``docs/_data/booklet_alignment.json`` holds it, with the ids of clauses and open questions."""
    rows = booklet_alignment.load()
    bad = booklet_alignment.problems(rows, data.de_text, data.fr_text)
    if bad:
        raise ExtensionError("the aligned booklet (docs/_data/booklet_alignment.json): " + "; ".join(bad[:10]))
    unclaimed = booklet_alignment.unclaimed_sentences(data.de_text)
    if unclaimed:
        raise ExtensionError(
            "sentences of the booklet with no clause, no open question and no reason in docs/ambiguities.md's "
            f"completeness table: {unclaimed[:10]}"
        )
    n_de = sum(len(r.de) for r in rows)
    n_fr = sum(len(r.fr) for r in rows)
    moved = sum(1 for r in rows if not r.de or not r.fr)
    return f"""# The booklet, annotated

The rule booklet of Schwinget in its two languages, German on the left and French on the
right, in reading order. Each row holds the sentences that say the same thing: one beside
one, one beside two where a language cuts a sentence in two, and a row with one side empty
where a language says something the other does not say at that place (a note says where
it does). Under each sentence stand the ids of the clauses that quote it (a click opens the
clause: its code, tests, vectors, proofs and status) and, marked in amber, the open
questions that concern it (an entry the booklet settles itself, a note, has a dashed grey
mark). The overview card and the Wertungstabelle are drawn as the
tables they are, from the library's transcription, checked against the booklet's text at
every build. The alignment was made and read row by row by hand; it is stored as data
(`docs/_data/booklet_alignment.json`) and checked by `tests/test_booklet_alignment.py`.

{len(rows)} rows: {n_de} German and {n_fr} French sentences, {moved} rows with one side empty,
{len(CLAUSES)} clauses, {open_questions.count_line()}.

```{{raw}} html
<div class="sw-booklet-wrap"><table class="sw-booklet">
<thead><tr><th>#</th><th lang="de">Deutsch</th><th lang="fr">Français</th></tr></thead>
<tbody>
{booklet_alignment.render_rows(rows, data.de_text, data.fr_text)}
</tbody></table></div>
```
"""


# -- the Wertungstabelle


def _table_rows(rows: Sequence[TranscribedRow]) -> str:
    out = []
    for row in rows:
        cells = "".join(f"<td>{_esc(c) if c else ''}</td>" for c in row.cells)
        out.append(
            f'<tr><td><a href="clauses/{row.row.clause_id}.html">{_esc(row.label)}</a></td>{cells}</tr>'
        )
    return "\n".join(out)


def table_page() -> str:
    """The booklet's scoring table in German and French, each row linked to its clause."""
    head_de = "<tr><th>Gangresultat</th><th>Schwingerwertung Sieger</th><th>Verlierer</th><th>Punktewertung Sieger</th><th>Verlierer</th></tr>"
    head_fr = "<tr><th>Résultat de la passe</th><th>Classement des lutteurs vainqueur</th><th>perdant</th><th>Classement par points vainqueur</th><th>perdant</th></tr>"
    return f"""# The Wertungstabelle

The scoring table of the booklet as it is printed, in German and in French (the cells are
the library's transcription, `schwinget_spec.scoring.WERTUNGSTABELLE_DE` and `_FR`, checked
against the booklet by the tests). Each row links to its clause.

## Deutsch

```{{raw}} html
<table class="sw-table" lang="de"><thead>{head_de}</thead><tbody>
{_table_rows(WERTUNGSTABELLE_DE)}
</tbody></table>
```

## Français

```{{raw}} html
<table class="sw-table" lang="fr"><thead>{head_fr}</thead><tbody>
{_table_rows(WERTUNGSTABELLE_FR)}
</tbody></table>
```
"""


# -- source pages with line anchors


def _source_doc(rel: str) -> str:
    return f"source/{rel}"


def source_page(rel: str) -> str:
    """One file of the project, highlighted, each line with the anchor ``L-<n>``."""
    from pygments import highlight  # noqa: PLC0415
    from pygments.formatters import HtmlFormatter  # noqa: PLC0415
    from pygments.lexers import PythonLexer  # noqa: PLC0415

    code = (_ROOT / rel).read_text(encoding="utf-8")
    formatter = HtmlFormatter(lineanchors="L", linenos="inline", anchorlinenos=True, cssclass="highlight sw-source")
    return f"# {rel}\n\n```{{raw}} html\n{highlight(code, PythonLexer(), formatter)}\n```\n"


def booklet_rows_by_clause(data: SiteData) -> dict[str, int]:
    """The first row of the annotated booklet where each clause is quoted."""
    return booklet_alignment.clause_rows(booklet_alignment.load(), data.de_text, data.fr_text)


# -- clause pages


def _vectors_by_clause(vectors: Iterable[Vector]) -> dict[str, list[Vector]]:
    out: dict[str, list[Vector]] = defaultdict(list)
    for v in vectors:
        for c in v.clauses:
            out[c].append(v)
    return out


def _ambs_by_clause() -> dict[str, list[Ambiguity]]:
    out: dict[str, list[Ambiguity]] = defaultdict(list)
    for a in AMBIGUITIES:
        for c in a.clauses:
            out[c].append(a)
    return out


def _html_list(items: Sequence[str], empty: str, *, shown: int = 0) -> str:
    """``items`` as a list; past ``shown`` items (when set) the rest folds under a summary."""
    if not items:
        return f'<p class="sw-none">{_esc(empty)}</p>'
    if shown and len(items) > shown:
        rest = "".join(f"<li>{i}</li>" for i in items[shown:])
        return (
            "<ul>" + "".join(f"<li>{i}</li>" for i in items[:shown]) + "</ul>"
            f"<details><summary>{len(items) - shown} more</summary><ul>{rest}</ul></details>"
        )
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def _statuses(data: SiteData) -> dict[str, Any]:
    from schwinget_spec.registry.verification_status import all_statuses  # noqa: PLC0415

    return dict(all_statuses(index=data.index))


def _status_badge(status: Any) -> str:
    from schwinget_spec.registry.verification_status import LEVEL_TEXT  # noqa: PLC0415

    return f'<span class="sw-status sw-status-{status.level}">{_esc(LEVEL_TEXT[status.level])}</span>'


def clause_page(clause: Clause, data: SiteData, booklet_row: int) -> str:
    """One clause: both texts, the paraphrase, its verification status, the code that enforces it, its tests, vectors, proofs, mutants and open questions."""
    use = {u.clause.id: u for u in data.index.uses}[clause.id]
    status = _statuses(data)[clause.id]
    excerpts = clause_evidence.code_excerpts(use.enforced)
    enforced = [clause_evidence.excerpt_html(e, "../") for e in excerpts]
    items = clause_evidence.test_items(use.tested)
    tests = [t for t in items if t.is_test]
    helpers = [t for t in items if not t.is_test]
    tested = [_test_item_html(t) for t in tests]
    helped = [_test_item_html(t) for t in helpers]
    used_by = (
        f'<details class="sw-helpers"><summary>Used by the tests ({len(helpers)}): fixtures, helpers and data that name this clause</summary>'
        f'{_html_list(helped, "")}</details>'
        if helpers else ""
    )
    vectors = [
        f'<a href="../vectors.html#{v.id}"><code>{_esc(v.id)}</code></a> {_esc(v.description)}'
        for v in _vectors_by_clause(data.vectors).get(clause.id, [])
    ]
    claims = {q.name: q.claim for q in _all_queries()}
    proofs = [
        f'<a href="../proofs.html#{_esc(name)}"><code>{_esc(name)}</code></a> {_esc(claims.get(name, ""))}'
        for name in status.proofs
    ]
    kills = clause_evidence.kill_matrix()
    mutants = [
        f"<code>{_esc(mid)}</code>: {_esc(what)}. "
        + (
            f"Caught by {_esc(row.caught_by)} after {_esc(row.games)} games, naming <code>{_esc(row.named)}</code> ({_esc(row.catch)})."
            if row is not None else "Not in the recorded kill matrix."
        )
        for mid, what, row in clause_evidence.mutants_of(clause.id, kills)
    ]
    exhaustive = "".join(
        f"<li><code>{_esc(name)}</code>: every one of {n:,} inputs</li>" for name, n in status.exhaustive
    )
    entries = _ambs_by_clause().get(clause.id, [])
    ambs = [f'<a href="../ambiguities/{a.id}.html">{a.id}</a> {_esc(a.title)}' for a in entries if a.note is None]
    notes = [f'<a href="../ambiguities/{a.id}.html">{a.id}</a> {_esc(a.title)}' for a in entries if a.note is not None]
    notes_html = (
        f"<h2>Notes ({len(notes)}): entries the booklet settles itself, no open question</h2>{_html_list(notes, '')}"
        if notes else ""
    )
    return f"""# {clause.id}

{clause.en}

```{{raw}} html
<p class="sw-meta">Verification: {_status_badge(status)} ({_esc(status.summary)}) · <a href="../status.html#{clause.id}">all clauses</a></p>
<table class="sw-quote"><tr>
<td lang="de"><span class="sw-lang">Deutsch</span><blockquote>{_esc(clause.de)}</blockquote></td>
<td lang="fr"><span class="sw-lang">Français</span><blockquote>{_esc(clause.fr)}</blockquote></td>
</tr></table>
<p class="sw-meta">Section of the booklet: {_esc(clause.section)} · <a href="../booklet.html#s{booklet_row}">row {booklet_row} of the annotated booklet</a></p>
<h2>Enforced by the library ({len(excerpts)} {"excerpt" if len(excerpts) == 1 else "excerpts"}: the lines that decide, highlighted)</h2>
{"".join(enforced) or '<p class="sw-none">No place of the engine names this clause: it is stated by the library&#39;s structure (see the tests).</p>'}
<h2>Tests ({len(tests)})</h2>
{_html_list(tested, "No test function names this clause.")}
{used_by}
<h2>Conformance vectors that exercise it ({len(vectors)})</h2>
{_html_list(vectors, "No shipped vector names this clause.", shown=8)}
<h2>Proofs: the Z3 queries that involve it ({len(proofs)})</h2>
{_html_list(proofs, "No query of schwinget prove involves this clause.")}
{f"<h2>Checked on every input</h2><ul>{exhaustive}</ul>" if exhaustive else ""}
<h2>Shipped mutants that break it ({len(mutants)})</h2>
{_html_list(mutants, "No shipped mutant breaks this clause (docs/harness.md: the mutants).")}
<h2>Open questions ({len(ambs)})</h2>
{_html_list(ambs, "The booklet leaves nothing open here that this library has found.")}
{notes_html}
```
"""


def _test_item_html(t: clause_evidence.TestItem) -> str:
    """A test (or a helper of the tests) on a clause page: its name linked to its line, its file, its docstring's first paragraph rendered."""
    name = t.name if t.name != "(module level)" else f"module-level code of {t.path}, line {t.line}"
    return (
        f'<a href="../source/{t.path}.html#L-{t.line}"><code>{_esc(name)}</code></a> '
        f'<span class="sw-where">{_esc(t.path)}</span><br><span class="sw-doc">{clause_evidence.docstring_html(t.doc)}</span>'
    )


def _all_queries() -> tuple[Any, ...]:
    from schwinget_spec.proofs.queries import QUERIES  # noqa: PLC0415

    return tuple(QUERIES)


def status_page(data: SiteData) -> str:
    """The appendix: every clause with its verification status and the evidence behind it, counted."""
    from schwinget_spec.registry.verification_status import LEVEL_TEXT, LEVELS  # noqa: PLC0415

    statuses = _statuses(data)
    counts = {level: sum(1 for s in statuses.values() if s.level == level) for level in LEVELS}
    rows = []
    for section, group in itertools.groupby(CLAUSES.values(), key=lambda c: c.section):
        rows.append(f'<tr class="sw-section"><th colspan="7">{_esc(section)}</th></tr>')
        for c in group:
            st = statuses[c.id]
            rows.append(
                f'<tr id="{c.id}"><td><a href="clauses/{c.id}.html"><code>{c.id}</code></a></td><td>{_status_badge(st)}</td>'
                f"<td>{len(st.proofs)}</td><td>{st.exhaustive_inputs:,}</td><td>{st.vectors}</td><td>{len(st.mutants)}</td><td>{st.tests}</td></tr>"
            )
    summary = "".join(f"<tr><td>{_esc(LEVEL_TEXT[lv])}</td><td>{counts[lv]}</td></tr>" for lv in LEVELS)
    return f"""# Appendix: the verification of every clause

Each clause's verification status, the strongest evidence that holds for it
(`schwinget_spec.registry.verification_status.all_statuses`, computed when this site was built from
the tests and the committed evidence `schwinget_spec/registry/verification_evidence.json`): proved
for every deal by a Z3 query, checked on every input, exercised by the shipped vectors,
caught when a shipped mutant breaks it, or tested. The build fails when a clause has no
test or a shipped mutant is not caught in the recorded kill matrix.

```{{raw}} html
<div class="sw-scroll"><table class="sw-clauses"><thead><tr><th>status</th><th>clauses</th></tr></thead><tbody>{summary}
<tr><td>all</td><td>{len(statuses)}</td></tr></tbody></table></div>
<div class="sw-scroll"><table class="sw-clauses"><thead><tr><th>clause</th><th>status</th><th>queries</th><th>inputs checked</th>
<th>vectors</th><th>mutants</th><th>test lines</th></tr></thead><tbody>
{chr(10).join(rows)}
</tbody></table></div>
```
"""


def clauses_index_page(data: SiteData) -> str:
    """Every clause with its paraphrase and its counts, grouped by the booklet's sections."""
    uses = {u.clause.id: u for u in data.index.uses}
    vec = _vectors_by_clause(data.vectors)
    statuses = _statuses(data)
    rows = []
    for section, group in itertools.groupby(CLAUSES.values(), key=lambda c: c.section):
        rows.append(f'<tr class="sw-section"><th colspan="7">{_esc(section)}</th></tr>')
        for c in group:
            u = uses[c.id]
            st = statuses[c.id]
            rows.append(
                f'<tr><td><a href="{c.id}.html"><code>{c.id}</code></a></td><td>{_esc(c.en)}</td>'
                f"<td>{len(u.enforced)}</td><td>{len(u.tested)}</td><td>{len(vec.get(c.id, []))}</td>"
                f"<td>{len(st.proofs)}</td><td>{_status_badge(st)}</td></tr>"
            )
    toc = "\n".join(f"{c}" for c in CLAUSES)
    return f"""# Clauses

Every rule statement of the booklet as a clause with a stable id, in the booklet's order.
For each: how many places of the library enforce it, how many tests name it, how many
shipped conformance vectors exercise it, how many Z3 queries of `schwinget prove` involve it
and its verification status ([the appendix](../status.md) counts them).

```{{raw}} html
<div class="sw-booklet-wrap"><table class="sw-clauses"><thead><tr><th>id</th><th>paraphrase</th>
<th>code</th><th>tests</th><th>vectors</th><th>proofs</th><th>status</th></tr></thead><tbody>
{chr(10).join(rows)}
</tbody></table></div>
```

```{{toctree}}
:hidden:

{toc}
```
"""


# -- open questions


def _ask_section(amb: Ambiguity) -> str:
    """A question page's "Ask it" section: each cookbook question its entry names, linked to its place on the ask page with its text; "" when it names none."""
    links = ask_links.links_by_entry().get(amb.id, [])
    if not links:
        return ""
    items = "".join(
        f'<li><a class="sw-ask" href="../../ask.html#{ask_links.anchor(q.number)}">Question {q.number}: {_esc(q.title)}</a>'
        f'<br><code class="sw-ask-q">schwinget ask "{_esc(q.question)}"</code></li>'
        for q in links
    )
    return (
        "\n## Ask it\n\nThe question of [Ask the rules](../../ask.md) that separates the readings, with the "
        "program's answer under every reading there:\n\n```{raw} html\n<ul>" + items + "</ul>\n```\n"
    )


def _kind_html(amb: Ambiguity) -> str:
    """The line under a page's title that says what the entry is: an open question, or a note and where the booklet settles it."""
    if amb.note is None:
        return '<p class="sw-entry-kind">An open question: the booklet can be read more than one way here.</p>'
    return (
        '<p class="sw-entry-kind"><strong>A note, not an open question.</strong> The booklet settles it; the entry '
        "records the reading because readers ask. It has no switch and no erratum.</p>"
    )


def ambiguity_page(amb: Ambiguity, data: SiteData) -> str:
    """One entry: what it is (an open question or a note), both texts, its Note paragraph if a note, the situation, readings, default, switch, impact, the cookbook questions that ask it, clauses and tests."""
    quotes = "".join(
        f'<tr><td lang="de" data-lang="Deutsch"><blockquote>{_esc(d)}</blockquote></td>'
        f'<td lang="fr" data-lang="Français"><blockquote>{_esc(f)}</blockquote></td></tr>'
        for d, f in itertools.zip_longest(amb.de, amb.fr, fillvalue="")
    )
    clauses = [f'<a href="../clauses/{c}.html"><code>{c}</code></a>' for c in amb.clauses if c in CLAUSES]
    tests = [_test_link(t) for t in amb.tests]
    switch = (
        f"`Rules.{amb.switch}` (default `{getattr(Rules(), amb.switch)!r}`)"
        if amb.switch
        else f"No switch. {amb.no_switch_reason or ''}"
    )
    impact = [r for r in data.impact if amb.switch and r.switch == amb.switch]
    impact_md = ""
    if impact:
        figure = site_figures.impact_figure_name(amb.switch or "")
        lines = ["| reading | runs | legal moves | tricks | outcome | points (SW) | points (PW) | starters | ranks | 95 % interval |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        for r in impact:
            cells = [r.legal, r.tricks, r.outcome, r.points_sw, r.points_pw, r.starters, r.ranks]
            lines.append(
                f"| `{r.reading}` | {r.runs} | " + " | ".join("–" if c is None else f"{100 * c / r.runs:.1f} %" for c in cells)
                + f" | ± {r.margin:.2f} |"
            )
        impact_md = (
            f"## Impact\n\nHow often another reading changed a game, over the same random games "
            f"(`schwinget impact --games {data.impact_games} --seed 1`, the table of "
            f"[Ambiguities](../../ambiguities.md)):\n\n"
            + "\n".join(lines)
            + f"\n\n![impact of {amb.switch}](../figures/{figure})\n"
            + open_questions.strong_section(impact, open_questions.DOC.read_text(encoding="utf-8"))
            + _erratum_line(amb)
        )
    situations = open_questions.situation_rows(open_questions.DOC.read_text(encoding="utf-8")).get(amb.id, [])
    if situations:
        impact_md += (
            "\n## How often\n\nHow often the situation arises under the default rules, with random play "
            f"(`{open_questions.command(open_questions.DOC.read_text(encoding='utf-8'), open_questions.SITUATIONS_HEADING)}`, "
            "the table of [Ambiguities](../../ambiguities.md)):\n\n| situation | arises in |\n|---|---|\n"
            + "".join(f"| {situation} | {figure} |\n" for situation, figure in situations)
        )
    impact_md = figure_tables.transpose_markdown_tables(impact_md)
    note = f"**Note.** {amb.note}\n\n" if amb.note is not None else ""
    return f"""# {amb.id}: {amb.title}{" (note)" if amb.note is not None else ""}

*{amb.section}*

```{{raw}} html
{_kind_html(amb)}
<table class="sw-quote"><thead><tr><th>Deutsch</th><th>Français</th></tr></thead><tbody>{quotes}</tbody></table>
```

{note}**Situation.** {amb.situation}

**Readings.** {amb.readings}

**Default.** {amb.default}

**Switch.** {switch}

**Engine.** {amb.engine}

{impact_md}
{_ask_section(amb)}
## Clauses

```{{raw}} html
{_html_list(clauses, "none")}
```

## Tests

```{{raw}} html
{_html_list(tests, "none")}
```
"""


def _erratum_line(amb: Ambiguity) -> str:
    """A question page's line that links the erratum settling it: on the errata page and on each language's sheet."""
    from schwinget_spec.registry.errata import erratum_for  # noqa: PLC0415

    erratum = erratum_for(amb.id)
    if erratum is None:
        return "\nNo erratum settles it ([Errata](../../errata.md) says why).\n"
    mark = errata_sheet.anchor(erratum)
    sheets = ", ".join(
        f'<a href="../errata/{lang}.html#{mark}">{name}</a>' for lang, name in errata_sheet.LANGUAGES.items()
    )
    return (
        f'\nA wording for the booklet that settles it: <a href="../../errata.html#{mark}">{erratum.id}</a> '
        f"(for the publisher: {sheets}).\n"
    )


def _test_link(test: str) -> str:
    path, _, name = test.partition("::")
    if not name:
        path, name = "tests/test_ambiguities.py", path
    line = _def_line(path, name)
    if line is None:
        raise ExtensionError(f"the open questions name the test {test!r}, which does not exist")
    return f'<a href="../source/{path}.html#L-{line}"><code>{_esc(path)}::{_esc(name)}</code></a>'


def _def_line(path: str, name: str) -> int | None:
    file = _ROOT / path
    if not file.is_file():
        return None
    pattern = re.compile(rf"^\s*(?:async\s+)?def {re.escape(name)}\b|^class {re.escape(name)}\b")
    for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        if pattern.match(line):
            return n
    return None


def _retired_reason_html(entry: RetiredEntry) -> str:
    """A retired entry's reason with its code spans; a clause id among them links to the clause's page."""
    parts = entry.reason.split("`")
    return "".join(
        (f'<a href="../clauses/{p}.html"><code>{p}</code></a>' if p in CLAUSES else f"<code>{_esc(p)}</code>")
        if i % 2 else _esc(p)
        for i, p in enumerate(parts)
    )


def retired_page(entry: RetiredEntry) -> str:
    """The page of a retired id, kept so that an old link still leads somewhere: it says the entry is retired, when, why, and what holds its matter now."""
    replaced = [c for c in re.findall(r"`([^`]+)`", entry.reason) if c in CLAUSES]
    now = (
        "<p>What holds its matter now: " + ", ".join(f'<a href="../clauses/{c}.html"><code>{c}</code></a>' for c in replaced)
        + " (the clauses that quote the text in its printed place).</p>"
        if replaced else "<p>No entry or clause replaces it: the question it asked does not arise.</p>"
    )
    return f"""# {entry.id} (retired): {entry.title}

```{{raw}} html
<p class="sw-entry-kind sw-retired"><strong>Retired in {_esc(entry.retired)}.</strong> This id is no open question and no
note any more; it is kept so that old links and citations are explained, and it is never given to another entry.</p>
<h2>Why</h2>
<p>{_retired_reason_html(entry)}</p>
{now}
<p>The list of retired ids: <a href="../../ambiguities.html#retired-entries">Ambiguities, "Retired entries"</a> ·
<a href="index.html">all open questions and notes</a></p>
```
"""


def ambiguities_index_page() -> str:
    """Every entry by its kind: the open questions with their switches, then the notes, then the retired ids, each part counted."""
    questions = ["| id | question | switch |", "|---|---|---|"]
    for a in open_questions.QUESTIONS:
        questions.append(f"| [{a.id}]({a.id}.md) | {a.title} | {f'`{a.switch}`' if a.switch else 'none'} |")
    notes = ["| id | what it records |", "|---|---|"]
    for a in open_questions.NOTES:
        notes.append(f"| [{a.id}]({a.id}.md) | {a.title} |")
    retired = ["| id | title | retired |", "|---|---|---|"]
    for r in RETIRED:
        retired.append(f"| [{r.id}]({r.id}.md) | {r.title} | {r.retired} |")
    toc = "\n".join([*(a.id for a in AMBIGUITIES), *(r.id for r in RETIRED)])
    return f"""# Open questions

Where the booklet can be read more than one way, or is silent on a situation that play can
reach. Each has a page with both languages, the readings, the default this library plays
and why, the switch of `Rules` that selects another reading, its measured impact and its
tests. The whole argument, with the method that found them, is the guide
[Ambiguities](../../ambiguities.md). The registry holds {len(AMBIGUITIES)} entries:
{open_questions.count_line()}; {len(RETIRED)} more {"id is" if len(RETIRED) == 1 else "ids are"} retired.

## The open questions ({len(open_questions.QUESTIONS)})

Each is a question the booklet's text leaves open; these, and only these, are what the
site counts as open questions.

{chr(10).join(questions)}

## Notes ({len(open_questions.NOTES)})

Entries the booklet settles itself, kept because readers ask: each page's **Note** says
where the text settles it. A note has no switch and no erratum, and is not counted among
the open questions.

{chr(10).join(notes)}

## Retired ids ({len(RETIRED)})

Ids once published whose question rested on a mistake; each keeps its page, which says
why it was retired and what holds its matter now.

{chr(10).join(retired)}

```{{toctree}}
:hidden:

{toc}
```
"""


# -- vectors and proofs


def vectors_page(data: SiteData) -> str:
    """Every shipped conformance vector, with an anchor per id and links to its clauses."""
    parts = []
    for group, vs in itertools.groupby(data.vectors, key=lambda v: v.group):
        items = []
        for v in vs:
            clauses = " ".join(f'<a href="clauses/{c}.html"><code>{c}</code></a>' for c in v.clauses if c in CLAUSES)
            items.append(
                f'<tr id="{_esc(v.id)}"><td><code>{_esc(v.id)}</code></td><td>{_esc(v.description)}</td><td>{clauses}</td></tr>'
            )
        parts.append(f"<h2>{_esc(group)} ({len(items)})</h2><table class=\"sw-vectors\"><tbody>{''.join(items)}</tbody></table>")
    return f"""# Conformance vectors

The {len(data.vectors)} vectors shipped in `schwinget_spec/conformance/vectors/`, by group,
each with the clauses it exercises. The format and how to run them: [Vectors](../vectors.md).

```{{raw}} html
{chr(10).join(parts)}
```
"""


def _proof_table(data: SiteData) -> tuple[list[str], list[list[str]]]:
    """The rows of the proofs appendix: as HTML (query, what it proves, answer, clauses folded) and as CSV cells (every field)."""
    from schwinget_spec.registry.verification_status import load_evidence  # noqa: PLC0415

    ran = {p.name: p for p in data.proofs}
    recorded: dict[str, list[str]] = defaultdict(list)
    for cid, names in load_evidence().proofs.items():
        for name in names:
            recorded[name].append(cid)
    rows = []
    csv_rows: list[list[str]] = [["query", "claim", "answer", "as expected", "seconds", "clauses"]]
    for q in _all_queries():
        p = ran.get(q.name)
        ids = p.clauses if p is not None else tuple(c for c in CLAUSES if c in recorded.get(q.name, ()))
        shown = [c for c in ids if c in CLAUSES]
        links = " ".join(f'<a href="clauses/{c}.html"><code>{c}</code></a>' for c in shown)
        clauses = (
            f'<details><summary>{len(shown)} {"clause" if len(shown) == 1 else "clauses"}</summary>{links}</details>'
            if shown else '<span class="sw-none">no clause</span>'
        )
        if p is not None:
            answer = f'{_esc(p.answer)} <span class="sw-where">{"as expected" if p.ok else "NOT AS EXPECTED"}, {p.seconds:.2f} s</span>'
            csv_rows.append([q.name, q.claim, p.answer, "yes" if p.ok else "no", f"{p.seconds:.2f}", " ".join(shown)])
        else:
            answer = f'{_esc(q.expected)} <span class="sw-where">expected; {"slow query, " if q.slow else ""}recorded in the evidence</span>'
            csv_rows.append([q.name, q.claim, q.expected, "recorded", "", " ".join(shown)])
        rows.append(
            f'<tr id="{_esc(q.name)}"><td><code>{_esc(q.name).replace(".", ".<wbr>").replace("_", "_<wbr>")}</code></td><td>{_esc(q.claim)}</td>'
            f"<td>{answer}</td><td>{clauses}</td></tr>"
        )
    return rows, csv_rows


def proofs_csv(data: SiteData) -> str:
    """The proofs appendix as CSV, one line per query with every field (the download beside the table)."""
    import csv  # noqa: PLC0415
    import io  # noqa: PLC0415

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(_proof_table(data)[1])
    return out.getvalue()


def proofs_page(data: SiteData) -> str:
    """Every Z3 query of ``schwinget prove``: what it proves, its answer (run at build time, or recorded), its clauses folded; the whole table as CSV beside it."""
    rows, _ = _proof_table(data)
    ran_note = (
        f"the fast set was run when this site was built ({sum(1 for p in data.proofs if p.ok)} of {len(data.proofs)} answers as expected)"
        if data.proofs else
        "this build took every answer from the committed evidence (built with -D schwinget_proofs=0; `schwinget prove` runs them)"
    )
    return f"""# Proofs

Every Z3 query of `schwinget prove` ({len(_all_queries())}): what it proves, its answer and
the clauses it involves. {ran_note[0].upper() + ran_note[1:]}. The slow queries, the drop-one
analysis `cons.drop_one.*` among them, show the expected answer and the clauses recorded in
the committed evidence (`schwinget_spec/registry/verification_evidence.json`, written by
`python -m schwinget_spec.cli.evidence --write`). The whole table, one line per query:
<a href="proofs.csv" download>proofs.csv</a>. The model and its queries: [Proofs](../proofs.md).

```{{raw}} html
<div class="sw-scroll"><table class="sw-proofs"><thead><tr><th>query</th><th>what it proves</th><th>answer</th><th>clauses</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table></div>
```
"""


# -- a Gang told with cards


def gang_page() -> str:
    """A seeded Gang between two random players, Schwung by Schwung, with the cards drawn as cards; ``site_facts.check_gang`` replays it at every build."""
    from schwinget_spec import ScoringSystem, compute_gang_score  # noqa: PLC0415

    state, moves = site_facts.played_gang()
    deal = state.deal
    first = start_gang(deal, starter=Player.P0, rules=Rules())
    rows = []
    for rec in state.history:
        winner = "neutralised (pending)" if rec.winner is None else f"{rec.winner.name} wins"
        rows.append(
            f'<tr class="sw-schwung"><td>{rec.number}</td><td>{rec.leader.name}</td><td>{card_html(str(rec.led))}</td>'
            f'<td>{card_html(str(rec.answer))}</td><td class="sw-trick">{winner}</td><td><a href="clauses/{rec.clause_id}.html">'
            f"<code>{rec.clause_id}</code></a></td></tr>"
        )
    result = state.result
    trump = first.trump
    points = "; ".join(
        f"{s.system.value} P0 {s.points[0]}, P1 {s.points[1]}"
        for s in (compute_gang_score(result, system) for system in ScoringSystem)
    )
    return f"""# A Gang, told with cards

The Gang `Deal.shuffled(seed={site_facts.GANG_SEED})`, `P0` starting, two random players
(`RandomBot.seeded(1)` and `RandomBot.seeded(2)`), played by the reference engine when this
site was built. Each Schwung names the clause that decided it. The build replays the moves
below on the engine and fails if the result, the points or a Schwung's winner on this page
is not the engine's.

```{{raw}} html
<div class="sw-scroll"><table class="sw-gang">
<tr><th>P0 holds</th><td>{_cards(str(c) for c in first.hand(Player.P0))}</td></tr>
<tr><th>P1 holds</th><td>{_cards(str(c) for c in first.hand(Player.P1))}</td></tr>
<tr><th>revealed</th><td>{card_html(str(deal.revealed))} trump: {_esc(trump.name if trump is not None else "none")}</td></tr>
<tr><th>pile</th><td>{_cards(str(c) for c in deal.pile)}</td></tr>
</table></div>
<div class="sw-scroll"><table class="sw-gang"><thead><tr><th>Schwung</th><th>leads</th><th>led</th><th>answer</th><th>trick</th><th>clause</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table></div>
<p class="sw-moves" data-seed="{site_facts.GANG_SEED}" data-starter="P0">Moves: <code>{_esc(" ".join(moves))}</code></p>
<p class="sw-result">Result: tricks {result.tricks[0]}:{result.tricks[1]}, outcome <code>{_esc(result.outcome.value)}</code>,
winner {_esc(result.winner.name if result.winner is not None else "none")}.</p>
<p class="sw-points">Points: {_esc(points)}.</p>
```
"""


# -- the landing page's quick start


QUICK_GANG = """from schwinget_spec import Deal, Player, start_gang

state = start_gang(Deal.shuffled(seed=7), starter=Player.P0)
while not state.is_over:
    state = state.apply(state.legal_actions()[0])
print(state.result.tricks, state.result.outcome, state.result.winner)
"""
"""The quick start's Gang in five lines: run at every build, its output printed under it."""

QUICK_ENGINE = "schwinget_spec.conformance.reference_server"
"""The module the quick start runs as the engine under the harness (checked to exist at every build)."""


def quickstart_page() -> str:
    """The quick start of the landing page: install, a Gang in five lines with the output it printed at this build, verify a trace, run the harness."""
    import contextlib  # noqa: PLC0415
    import importlib.util  # noqa: PLC0415
    import io  # noqa: PLC0415

    if importlib.util.find_spec(QUICK_ENGINE) is None:
        raise ExtensionError(f"the quick start runs python -m {QUICK_ENGINE}, which does not exist")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(QUICK_GANG, "<quick start>", "exec"), {})
    return f"""**Install** (Python 3.11 or later):

```sh
python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/schwinget demo
```

**Play a Gang in five lines** (the first legal action each time; the output is the one this
code printed when the site was built):

```python
{QUICK_GANG}```

```text
{out.getvalue()}```

**Play against a bot and verify the trace**:

```sh
schwinget play --seed 11 --trace-out game.json
schwinget verify game.json
```

**Run the conformance harness** against an implementation that speaks the protocol (here
the reference engine itself):

```sh
schwinget conformance run -- python -m {QUICK_ENGINE}
```
"""


# -- the command line's synopsis


def _cli_synopsis() -> str:
    from schwinget_spec.cli import cli  # noqa: PLC0415

    return cli_reference.synopsis_page(cli)


# -- writing the pages


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _source_files(data: SiteData) -> set[str]:
    files = {loc.path for u in data.index.uses for loc in (*u.enforced, *u.tested)}
    for a in AMBIGUITIES:
        for t in a.tests:
            path, _, name = t.partition("::")
            files.add(path if name else "tests/test_ambiguities.py")
    return files


def write_pages(outdir: Path, data: SiteData) -> list[Path]:
    """Write every generated page under ``outdir``; returns the pages written."""
    pages: dict[str, str] = {
        "booklet.md": booklet_page(data),
        "table.md": table_page(),
        "clauses/index.md": clauses_index_page(data),
        "ambiguities/index.md": ambiguities_index_page(),
        "vectors.md": vectors_page(data),
        "proofs.md": proofs_page(data),
        "gang.md": gang_page(),
        "status.md": status_page(data),
        "cli_synopsis.md": _cli_synopsis(),
        "quickstart.md": quickstart_page(),
        "versions.md": schema_pages.versions_page(),
    }
    printer = errata_sheet.chromium()
    made_by = open_questions.command(open_questions.DOC.read_text(encoding="utf-8"))
    for lang in errata_sheet.LANGUAGES:
        pages[f"errata/{lang}.md"] = errata_sheet.sheet_page(lang, data.impact, made_by, pdf=printer is not None)
    rows = booklet_rows_by_clause(data)
    for clause in CLAUSES.values():
        pages[f"clauses/{clause.id}.md"] = clause_page(clause, data, rows[clause.id])
    for amb in AMBIGUITIES:
        pages[f"ambiguities/{amb.id}.md"] = ambiguity_page(amb, data)
    for entry in RETIRED:
        pages[f"ambiguities/{entry.id}.md"] = retired_page(entry)
    sources = sorted(_source_files(data))
    for rel in sources:
        pages[f"{_source_doc(rel)}.md"] = source_page(rel)
    pages["source/index.md"] = "# Source\n\nThe files the clause pages link to, highlighted.\n\n```{toctree}\n:hidden:\n\n" + "\n".join(
        f"{rel}" for rel in sources
    ) + "\n```\n"
    written = []
    for name, text in pages.items():
        _write(outdir / name, text)
        written.append(outdir / name)
    for stale in set(outdir.rglob("*.md")) - set(written):
        stale.unlink()
    figures = site_figures.draw_all(outdir / "figures", data.impact)
    missing = [f for f in figures if not f.is_file()]
    if missing:
        raise ExtensionError(f"figures missing after drawing: {', '.join(str(m) for m in missing)}")
    return written


def proofs_wanted(app: Sphinx) -> bool:
    """Whether this build runs the fast Z3 queries: ``-D schwinget_proofs=0`` or ``SCHWINGET_DOCS_PROOFS=0`` takes them from the committed evidence instead."""
    value = str(app.config.schwinget_proofs).strip().lower()
    return value not in ("0", "false", "no", "off", "") and os.environ.get("SCHWINGET_DOCS_PROOFS", "1") != "0"


def _step(what: str) -> Any:
    """Announce a step of the build and, when it ends, its time (Sphinx's log, shown unless -q)."""
    import contextlib  # noqa: PLC0415
    import time  # noqa: PLC0415

    @contextlib.contextmanager
    def timed() -> Any:
        _LOG.info("schwinget: %s ...", what)
        start = time.perf_counter()
        yield
        _LOG.info("schwinget: %s: done in %.1f s", what, time.perf_counter() - start)

    return timed()


def _on_builder_inited(app: Sphinx) -> None:
    proofs = proofs_wanted(app)
    with _step("reading the booklet, the clause index, the vectors and the impact table"):
        data = collect(proofs=False)
    if proofs:
        with _step(
            "running the fast Z3 queries of schwinget prove (about 100 s on two cores; "
            "-D schwinget_proofs=0 or SCHWINGET_DOCS_PROOFS=0 takes them from the committed evidence)"
        ):
            data = attrs.evolve(data, proofs=_run_proofs())
    else:
        _LOG.info("schwinget: the Z3 queries are not run (schwinget_proofs=0): the proofs pages show the committed evidence")
    with _step("checking the evidence: every clause tested, every shipped mutant caught"):
        bad = clause_evidence.build_problems(_statuses(data), clause_evidence.kill_matrix())
    if bad:
        raise ExtensionError("; ".join(bad))
    root = generated_source.install(app)
    with _step(f"writing the generated pages to {root}"):
        written = write_pages(root, data)
        downloads = Path(app.outdir) / GENERATED
        downloads.mkdir(parents=True, exist_ok=True)
        _write(downloads / "proofs.csv", proofs_csv(data))
        _write(Path(app.outdir) / figure_tables.IMPACT_CSV, figure_tables.impact_csv(*_impact_table()))
    _LOG.info("schwinget: %d generated pages", len(written))


def _impact_table() -> tuple[list[str], list[list[str]]]:
    """The impact table of docs/ambiguities.md as printed: its header and its rows."""
    return figure_tables.markdown_table(open_questions.DOC.read_text(encoding="utf-8"), open_questions.IMPACT_HEADING)


def _erratum_anchors(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each erratum's section of docs/errata.md gets the stable id of its erratum (``err-fest-starter``), the one the question pages link to."""
    if docname != "errata":
        return
    from schwinget_spec.registry.errata import ERRATA  # noqa: PLC0415

    missing = {errata_sheet.anchor(e): e.id for e in ERRATA}
    for section in doctree.findall(nodes.section):
        title = section.next_node(nodes.title)
        for mark, erratum_id in list(missing.items()):
            if title is not None and re.search(rf"\b{re.escape(erratum_id)}$", title.astext()):
                section["ids"].append(mark)
                del missing[mark]
    if missing:
        raise ExtensionError(f"docs/errata.md has no section for {', '.join(sorted(missing.values()))}")


def _cookbook_anchors(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each numbered question of docs/ask.md's cookbook gets the stable id ``cookbook-<n>`` (``ask_links.anchor``), the one the question pages' "Ask it" links name."""
    if docname != "ask":
        return
    missing = set(ask_links.cookbook())
    for section in doctree.findall(nodes.section):
        title = section.next_node(nodes.title)
        found = re.match(r"(\d+)\. ", title.astext()) if title is not None else None
        if found is not None and int(found[1]) in missing:
            section["ids"].append(ask_links.anchor(int(found[1])))
            missing.discard(int(found[1]))
    if missing:
        raise ExtensionError(f"docs/ask.md has no section for the cookbook questions {sorted(missing)}")


def _compact_impact_table(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The impact table of docs/ambiguities.md drawn as the few columns a reader compares (``figure_tables.impact_html``)."""
    if docname != "ambiguities":
        return
    header, rows = _impact_table()
    pages = {a.switch: a.id for a in AMBIGUITIES if a.switch}
    if not figure_tables.replace_impact_table(doctree, header, rows, pages):
        raise ExtensionError("docs/ambiguities.md: the impact table was not found to draw it for reading")


# -- the card role: {card}`G3`


def card_role(  # noqa: PLR0917 (the signature docutils calls a role with)
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner, options: Mapping[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{card}`G3 KR``: the cards as card faces in HTML."""
    try:
        out = _cards(text.split())
    except Exception as exc:
        msg = inliner.reporter.error(f"not a card code: {text!r} ({exc})", line=lineno)
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    return [nodes.raw(rawtext, out, format="html")], []


# -- card codes in the guides drawn as cards


_CARD_CODES = re.compile(r"(?:[RGBY][1-6]|KR|BK)(?: (?:[RGBY][1-6]|KR|BK))*")


def _cards_in_guides(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Inline code that is nothing but card codes (`G3`, `KR BK`) is drawn as cards where the guides tell a Gang."""
    if docname in ("api", "cli") or docname.startswith(f"{GENERATED}/source/"):
        return
    for literal in list(doctree.findall(nodes.literal)):
        text = literal.astext()
        if _CARD_CODES.fullmatch(text):
            literal.replace_self(nodes.raw(text, _cards(text.split()), format="html"))


# -- the link check of the built site


class _Links(HTMLParser):
    """The ids and the local link targets of one HTML page (its tags only: code shown on the page is text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name == "href" and tag == "a" and value is not None:
                self.hrefs.append(value)


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def broken_links(outdir: Path) -> list[str]:
    """Every local link of the built HTML whose file or anchor does not exist, as ``page -> target``."""
    parsed: dict[Path, _Links] = {}

    def links_of(page: Path) -> _Links:
        if page not in parsed:
            parsed[page] = _parse(page)
        return parsed[page]

    out = []
    for page in sorted(outdir.rglob("*.html")):
        for href in links_of(page).hrefs:
            url = urlsplit(href)
            if url.scheme or url.netloc:
                continue
            target = page if url.path == "" else (page.parent / url.path).resolve()
            if url.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            if not target.exists():
                out.append(f"{page.relative_to(outdir)} -> {href}")
                continue
            if url.fragment and target.suffix == ".html" and url.fragment not in links_of(target).ids:
                out.append(f"{page.relative_to(outdir)} -> {href}")
    return sorted(set(out))


def _on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    printer = errata_sheet.chromium()
    if printer is not None:
        for lang in errata_sheet.LANGUAGES:
            sheet = outdir / GENERATED / "errata" / f"{lang}.html"
            with _step(f"printing the errata sheet ({lang}) to an A4 PDF with Chromium"):
                errata_sheet.print_pdf(printer, sheet, sheet.with_name(errata_sheet.pdf_name(lang)))
    bad = broken_links(outdir)
    if bad:
        raise ExtensionError(f"{len(bad)} links lead nowhere: " + "; ".join(bad[:20]))
    wrong = site_facts.check_site(outdir)
    if wrong:
        raise ExtensionError(f"{len(wrong)} facts of the site are not the engine's: " + "; ".join(wrong[:20]))
    pages = {p.stem for p in (outdir / GENERATED / "clauses").glob("*.html")}
    missing = sorted(set(CLAUSES) - pages)
    if missing:
        raise ExtensionError(f"clauses without a page: {', '.join(missing)}")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the page generator, the card role and the link check."""
    app.add_config_value("schwinget_proofs", "1", "env", types=frozenset({str, bool, int}))
    app.connect("builder-inited", _on_builder_inited)
    app.connect("build-finished", _on_build_finished)
    app.add_role("card", card_role)
    app.add_directive("schwinget-api", api_reference.ApiTable)
    app.connect("doctree-resolved", _cards_in_guides)
    app.connect("doctree-resolved", _compact_impact_table)
    app.connect("doctree-resolved", _erratum_anchors)
    app.connect("doctree-resolved", _cookbook_anchors)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
