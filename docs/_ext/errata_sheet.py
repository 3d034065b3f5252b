"""The errata as a sheet for the publisher, one page per language: each erratum's sentence as printed and as proposed, the reading it settles and how often the other readings change the winner; printed to an A4 PDF by Chromium at every build."""

from __future__ import annotations

import html
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from schwinget_spec.registry.ambiguities import AMBIGUITY_BY_ID
from schwinget_spec.registry.errata import ERRATA, Erratum
from schwinget_spec.studies.impact import ImpactRow, interval

__all__ = [
    "LANGUAGES", "WINNER_MEASURE", "anchor", "chromium", "largest_change", "page_lines", "pdf_name", "print_pdf", "sheet_page",
    "winner_share",
]

LANGUAGES = {"de": "Deutsch", "fr": "Français"}
"""The booklet's languages, each with a sheet."""

WINNER_MEASURE = {
    "gang": "the result of the Gang (who wins, or how: Sieg, Plattwurf, Gestellter)",
    "match": "the winner of the match (or a draw)",
    "fest": "the winner of the Schwingfest (who ranks first)",
}
"""What changes in the share of games the impact table's outcome column counts, by the level its switch is measured at."""

STRONG_MEASURE = {
    "gang": "who wins the Gang (or a Gestellter)",
    "match": "the winner of the match (or a draw)",
    "fest": "the winner of the Schwingfest (who ranks first)",
}
"""What changes in the strong players' share (the outcome column under strong play), by level."""


def anchor(erratum: Erratum) -> str:
    """The id of an erratum's section on the sheets and on docs/errata.md (``err-fest-starter``)."""
    return erratum.id.lower()


def pdf_name(lang: str) -> str:
    """The file name of a sheet's PDF, beside its page."""
    return f"errata-{lang}.pdf"


def _share(count: int, runs: int) -> str:
    low, high = interval(count, runs)
    return f"{100 * count / runs:.1f} % (95 % interval {100 * low:.1f}–{100 * high:.1f} %)"


def winner_share(row: ImpactRow) -> str:
    """How often one reading changes the winner, the measure named: random play's share of the runs, and the strong players' when the table was weighed, each with its 95 % interval."""
    unit = {"gang": "Gänge", "match": "matches", "fest": "Schwingfeste of four"}[row.level]
    text = f"changes {WINNER_MEASURE[row.level]} in {_share(row.outcome, row.runs)} of {row.runs} {unit} played at random"
    if row.strong is not None:
        who = "both players playing best with every card known" if row.strong.play == "solver" else f"a {row.strong.play} bot at each seat"
        text += f"; with {who}, {STRONG_MEASURE[row.level]} changes in {_share(row.strong.outcome, row.strong.runs)}"
    return text


_POINTS_OF = {"gang": "the Gang's points", "match": "the match's totals", "fest": "the Schwingfest's totals"}
_UNITS = {"gang": "Gänge", "match": "matches", "fest": "Schwingfeste of four"}


def largest_change(rows: Sequence[ImpactRow]) -> tuple[ImpactRow, str, int]:
    """The largest change among ``rows`` (one switch's readings) of the three results the impact table counts: the winner (outcome column), the points under either system; the row, the measure named and the count. Ties go to the winner, then the Schwingerwertung."""
    best: tuple[ImpactRow, str, int] | None = None
    for r in rows:
        for measure, count in (
            (WINNER_MEASURE[r.level], r.outcome),
            (f"{_POINTS_OF[r.level]} under the Schwingerwertung", r.points_sw),
            (f"{_POINTS_OF[r.level]} under the Punktewertung", r.points_pw),
        ):
            if best is None or count / r.runs > best[2] / best[0].runs:
                best = (r, measure, count)
    if best is None:
        raise ValueError("no rows to weigh")
    return best


def page_lines(amb_id: str, impact: Sequence[ImpactRow]) -> list[str]:
    """The lines of docs/errata.md that weigh the question ``amb_id``: each other reading's winner share (``winner_share``, as on the sheets), then the largest change of any result, which orders the errata."""
    amb = AMBIGUITY_BY_ID[amb_id]
    rows = [r for r in impact if amb.switch is not None and r.switch == amb.switch]
    if not rows:
        raise ValueError(f"{amb_id}: its switch {amb.switch!r} has no row in the impact table")
    lines = [f"- **{amb_id}** ({amb.title}):"]
    lines += [f"  - `{r.switch}={r.reading}` {winner_share(r)}." for r in rows]
    row, measure, count = largest_change(rows)
    lines.append(
        f"  - Its weight in this list: `{row.switch}={row.reading}` changes {measure} in "
        f"{100 * count / row.runs:.1f} % of the {_UNITS[row.level]}."
    )
    return lines


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _code(text: str) -> str:
    """Markdown code spans of the registry's English as HTML."""
    parts = text.split("`")
    return "".join(f"<code>{_esc(p)}</code>" if i % 2 else _esc(p) for i, p in enumerate(parts))


def _proposed(erratum: Erratum, lang: str) -> str:
    printed = getattr(erratum, f"printed_{lang}")
    proposed = getattr(erratum, f"proposed_{lang}")
    if erratum.kind == "extends" and proposed.startswith(printed):
        return f"{_esc(printed)}<ins>{_esc(proposed[len(printed):])}</ins>"
    return f"<ins>{_esc(proposed)}</ins>"


def _erratum_html(n: int, erratum: Erratum, lang: str, impact: Sequence[ImpactRow]) -> str:
    questions = []
    for amb_id in erratum.settles:
        amb = AMBIGUITY_BY_ID[amb_id]
        rows = [r for r in impact if amb.switch is not None and r.switch == amb.switch]
        shares = "".join(
            f"<li>the other reading <code>{_esc(r.switch)}={_esc(r.reading)}</code> {winner_share(r)}</li>"
            for r in rows
        ) or "<li>not measured</li>"
        questions.append(
            f'<li><a href="../ambiguities/{amb_id}.html">{amb_id}</a>: {_esc(amb.title)}<ul>{shares}</ul></li>'
        )
    kind = "replaces the printed sentence" if erratum.kind == "replaces" else "extends the printed sentence (the words added are underlined)"
    return f"""<section class="sw-erratum" id="{anchor(erratum)}">
<h2>{n}. {_esc(erratum.id)}</h2>
<dl class="sw-erratum-fields">
<dt>As printed</dt><dd lang="{lang}"><blockquote>{_esc(getattr(erratum, f"printed_{lang}"))}</blockquote></dd>
<dt>Proposed</dt><dd lang="{lang}"><blockquote>{_proposed(erratum, lang)}</blockquote><span class="sw-where">The proposal {kind}.</span></dd>
<dt>Settles</dt><dd>{_code(erratum.reading)}</dd>
<dt>How often it decides a game</dt><dd><ul>{"".join(questions)}</ul></dd>
</dl>
</section>"""


def sheet_page(lang: str, impact: Sequence[ImpactRow], command: str, pdf: bool) -> str:
    """The sheet for ``lang`` (``de`` or ``fr``) as a page of the site (MyST with raw HTML)."""
    other = "fr" if lang == "de" else "de"
    body = "\n".join(_erratum_html(n, e, lang, impact) for n, e in enumerate(ERRATA, start=1))
    download = (
        f'<a href="{pdf_name(lang)}" download>{pdf_name(lang)}</a> (A4, printed from this page by Chromium at this build)'
        if pdf else "not built here (the build found no Chromium to print it)"
    )
    return f"""# Errata for the publisher: {LANGUAGES[lang]}

```{{raw}} html
<div class="sw-sheet" lang="{lang}">
<p class="sw-meta">PDF: {download} · <a href="{other}.html">{LANGUAGES[other]}</a> · the argument for each: <a href="../../errata.html">Errata</a>, <a href="../../ambiguities.html">Ambiguities</a></p>
<p>{len(ERRATA)} proposed changes of the booklet's wording ({LANGUAGES[lang]}), each settling open questions in
the reading this library plays by default. For each: the sentence as printed, the proposed sentence, the reading it
settles, and how often the other readings change the <em>winner</em> of a game: measured by
<code>{_esc(command)}</code> over the same random deals and choices under each reading (the impact table of
Ambiguities; the Gänge, matches or Schwingfeste of four its switch is measured on). No two errata change the same
sentence: all can be applied.</p>
{body}
</div>
```
"""


def chromium() -> str | None:
    """The Chromium (or Chrome) that prints the PDFs, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def print_pdf(browser: str, page: Path, out: Path) -> None:
    """Print ``page`` (built HTML) to ``out`` as an A4 PDF without header and footer (the page's @page rule sets A4)."""
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--print-to-pdf={out}", "--no-pdf-header-footer",
         page.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
    )
    if done.returncode != 0 or not out.is_file():
        raise RuntimeError(f"Chromium did not print {page} to {out}: {done.stderr[-1000:]}")
