"""The booklet's German and French aligned as a translator would, row by row, read from docs/_data/booklet_alignment.json, checked and drawn as HTML."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.registry.ambiguities import AMBIGUITIES, booklet_sentences
from schwinget_spec.scoring import PUNKTEUEBERSICHT, WERTUNGSTABELLE_DE, WERTUNGSTABELLE_FR, TranscribedRow

__all__ = [
    "ALIGNMENT", "Annotated", "Row", "annotate", "clause_rows", "completeness_rows", "load", "problems", "render_rows",
    "unclaimed_sentences",
]

ALIGNMENT = Path(__file__).resolve().parents[1] / "_data" / "booklet_alignment.json"
"""The aligned rows: each an object with the German sentences ``de``, the French ``fr`` (either
may be empty), an optional ``note`` (why one side is empty or the clauses differ) and, for
the two printed tables, ``table`` (``punkteuebersicht`` or ``wertungstabelle``) and ``row``
(``head`` or a ``TableRow`` value)."""

TABLES = ("punkteuebersicht", "wertungstabelle")
"""The two tables the booklet prints: the overview card and the Wertungstabelle."""

_HEADS: dict[tuple[str, str], tuple[tuple[tuple[str, int, int], ...], tuple[str, ...]]] = {
    ("punkteuebersicht", "de"): ((("", 1, 2), ("Schwingerwertung", 2, 1), ("Punkte", 1, 1)), ("Sieger", "Verlierer", "Sieger")),
    ("punkteuebersicht", "fr"): ((("", 1, 2), ("Schwingerwertung", 2, 1), ("Punkte", 1, 1)), ("Sieger", "Verlierer", "Sieger")),
    ("wertungstabelle", "de"): (
        (("Gangresultat", 1, 2), ("Variante 1 Schwingerwertung", 2, 1), ("Variante 2 Punktewertung", 2, 1), ("Erklärung", 1, 2)),
        ("Sieger", "Verlierer", "Sieger", "Verlierer"),
    ),
    ("wertungstabelle", "fr"): (
        (("Résultat de la passe", 1, 2), ("Variante 1 Classement des lutteurs", 2, 1), ("Variante 2 Classement par points", 2, 1),
         ("Explication", 1, 2)),
        ("Vainqueur", "Perdant", "Vainqueur", "Perdant"),
    ),
}
"""Each table's two header lines per language (text, columns spanned, rows spanned): the words of
the booklet's header sentences, set in columns (``problems`` checks they are the same words)."""


@attrs.frozen
class Row:
    """One aligned row: the sentences of each language that say the same thing, in reading order."""

    de: tuple[str, ...]
    fr: tuple[str, ...]
    note: str | None = None
    table: str | None = None
    row: str | None = None


def load(path: Path = ALIGNMENT) -> tuple[Row, ...]:
    """The aligned rows of ``path``."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Row(tuple(r["de"]), tuple(r["fr"]), r.get("note"), r.get("table"), r.get("row")) for r in raw
    )


# -- which clauses and open questions quote a sentence


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@cache
def _pieces(fragment: str) -> tuple[str, ...]:
    return tuple(p for p in (_flat(s).rstrip(".:") for s in booklet_sentences(fragment)) if len(p) > 3)


def _mentions(sentence: str, fragments: Iterable[str]) -> bool:
    flat = _flat(sentence).removeprefix("• ")
    for fragment in fragments:
        for piece in _pieces(fragment):
            if piece in flat or (len(flat) > 12 and flat.rstrip(".:") in piece):
                return True
    return False


@attrs.frozen
class Annotated:
    """One sentence of one language with the clause ids and open questions that quote it."""

    text: str
    clauses: tuple[str, ...]
    ambiguities: tuple[str, ...]


@cache
def annotate(text: str, lang: str) -> tuple[Annotated, ...]:
    """The booklet ``text`` cut into sentences, each with the clauses and open questions quoting it in ``lang``."""
    out = []
    for sentence in booklet_sentences(text):
        clauses = tuple(c.id for c in CLAUSES.values() if _mentions(sentence, [getattr(c, lang)]))
        ambs = tuple(a.id for a in AMBIGUITIES if _mentions(sentence, getattr(a, lang)))
        out.append(Annotated(sentence, clauses, ambs))
    return tuple(out)


def _annotated_rows(
    rows: Sequence[Row], de_text: str, fr_text: str
) -> list[tuple[list[Annotated], list[Annotated]]]:
    """Each row's sentences with their clauses (the rows must hold every sentence once, in order)."""
    de, fr = iter(annotate(de_text, "de")), iter(annotate(fr_text, "fr"))
    return [([next(de) for _ in r.de], [next(fr) for _ in r.fr]) for r in rows]


def clause_rows(rows: Sequence[Row], de_text: str, fr_text: str) -> dict[str, int]:
    """The first row (numbered from 1) where each clause is quoted, in either language."""
    out: dict[str, int] = {}
    for n, (de, fr) in enumerate(_annotated_rows(rows, de_text, fr_text), start=1):
        for sentence in (*de, *fr):
            for c in sentence.clauses:
                out.setdefault(c, n)
    return out


# -- the checks


def _transcription(table: str, lang: str) -> tuple[TranscribedRow, ...]:
    if table == "punkteuebersicht":
        return PUNKTEUEBERSICHT
    return WERTUNGSTABELLE_DE if lang == "de" else WERTUNGSTABELLE_FR


def _split_table_row(line: TranscribedRow, text: str) -> str | None:
    """The explanation that follows the label and figures of ``line`` in ``text``; None when ``text`` does not print them."""
    figures = " ".join(c for c in line.cells if c is not None)
    head = f"{line.label} {figures}"
    if text != head and not text.startswith(head + " "):
        return None
    return text[len(head):].strip()


def _order_problems(rows: Sequence[Row], text: str, lang: str) -> list[str]:
    expected = list(booklet_sentences(text))
    got = [s for r in rows for s in getattr(r, lang)]
    for n, (a, b) in enumerate(zip(got, expected, strict=False), start=1):
        if a != b:
            return [f"{lang}: sentence {n} of the rows is {a!r}, the booklet's is {b!r}"]
    if len(got) != len(expected):
        return [f"{lang}: the rows hold {len(got)} sentences, the booklet {len(expected)}"]
    return []


def _table_problems(n: int, row: Row) -> list[str]:
    out = []
    if row.table not in TABLES:
        return [f"row {n}: unknown table {row.table!r}"]
    for lang in ("de", "fr"):
        text = " ".join(getattr(row, lang))
        if row.row == "head":
            top, bottom = _HEADS[(row.table, lang)]
            words = sorted(" ".join([*(t for t, _, _ in top), *bottom]).split())
            if sorted(text.split()) != words:
                out.append(f"row {n}: the {lang} header of {row.table} is not the booklet's {text!r}")
            continue
        line = {t.row.value: t for t in _transcription(row.table, lang)}.get(row.row or "")
        if line is None:
            out.append(f"row {n}: {row.row!r} is no row of {row.table}")
        elif _split_table_row(line, text) is None:
            out.append(f"row {n}: the {lang} text {text!r} does not print the transcribed row {line.label!r} {line.cells}")
    return out


def problems(rows: Sequence[Row], de_text: str, fr_text: str) -> list[str]:
    """Everything wrong with ``rows``: a sentence missing, repeated or out of order; a row with one side empty or different clauses on its two sides and no note; a table row that does not print its transcription; a clause quoted nowhere."""
    out = _order_problems(rows, de_text, "de") + _order_problems(rows, fr_text, "fr")
    if out:
        return out
    for n, (row, (de, fr)) in enumerate(zip(rows, _annotated_rows(rows, de_text, fr_text), strict=True), start=1):
        if not row.de and not row.fr:
            out.append(f"row {n} is empty")
        clauses_de = {c for s in de for c in s.clauses}
        clauses_fr = {c for s in fr for c in s.clauses}
        if (not row.de or not row.fr or clauses_de != clauses_fr) and not row.note:
            out.append(
                f"row {n}: one side is empty or the clauses differ ({sorted(clauses_de)} and {sorted(clauses_fr)}) and no note says why"
            )
        if row.table is not None:
            out.extend(_table_problems(n, row))
    quoted = set(clause_rows(rows, de_text, fr_text))
    missing = sorted(set(CLAUSES) - quoted)
    if missing:
        out.append(f"no sentence quotes the clauses {', '.join(missing)}")
    return out


COMPLETENESS_DOC = Path(__file__).resolve().parents[1] / "ambiguities.md"
"""The guide whose table "Every German sentence" names, for each sentence of the German booklet, its clauses, its open questions or why it holds no rule."""


def completeness_rows(doc: Path = COMPLETENESS_DOC) -> dict[str, str]:
    """Each German sentence of the completeness table with its cell of clauses and entries (or "no rule ...")."""
    text = doc.read_text(encoding="utf-8")
    part = text.split("\n### Every German sentence\n", 1)[-1]
    rows = [row[2:-2].split(" | ") for row in re.findall(r"^\| \d+ \| .* \|$", part, flags=re.M)]
    return {cells[1]: cells[3] for cells in rows if len(cells) == 5}


def unclaimed_sentences(de_text: str, doc: Path = COMPLETENESS_DOC) -> list[str]:
    """The German sentences that no clause quotes and that the completeness table neither ties to a clause or open question nor says hold no rule."""
    table = completeness_rows(doc)
    out = []
    for sentence in annotate(de_text, "de"):
        if sentence.clauses:
            continue
        cell = table.get(sentence.text, "")
        named = set(re.findall(r"`([^`]+)`", cell))
        if not (named & ({*CLAUSES, *(a.id for a in AMBIGUITIES)}) or cell.startswith("no rule")):
            out.append(sentence.text)
    return out


# -- drawing


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _links(sentences: Iterable[Annotated], depth: str) -> str:
    clauses = dict.fromkeys(c for s in sentences for c in s.clauses)
    ambs = dict.fromkeys(a for s in sentences for a in s.ambiguities)
    links = [f'<a class="sw-id" href="{depth}clauses/{c}.html">{c}</a>' for c in clauses]
    notes = {a.id for a in AMBIGUITIES if a.note is not None}
    links += [
        f'<a class="sw-id sw-amb-note" href="{depth}ambiguities/{a}.html" title="a note: the booklet settles it">{a}</a>'
        if a in notes else f'<a class="sw-id sw-amb" href="{depth}ambiguities/{a}.html">{a}</a>'
        for a in ambs
    ]
    return " ".join(links)


def _cell(sentences: Sequence[Annotated], lang: str, note: str | None) -> str:
    label = "Deutsch" if lang == "de" else "Français"
    note_html = f'<p class="sw-note">{_esc(note)}</p>' if note and not sentences else ""
    if not sentences:
        return f'<td class="sw-{lang} sw-empty" data-lang="{label}">{note_html}</td>'
    text = " ".join(f'<span class="sw-sentence">{_esc(s.text)}</span>' for s in sentences)
    ids = _links(sentences, "")
    return f'<td class="sw-{lang}" lang="{lang}" data-lang="{label}">{text}{"<br>" + ids if ids else ""}</td>'


def column_labels(table: str, lang: str) -> list[str]:
    """Each column's header of a printed table in ``lang``, the two header lines joined (``Schwingerwertung · Sieger``): the label of its cells where the table is laid out as cards."""
    top, bottom = _HEADS[(table, lang)]
    below = iter(bottom)
    out = []
    for text, span, down in top:
        if down == 2:
            out.extend([text] * span)
        else:
            out.extend(f"{text} · {next(below, '')}".removesuffix(" · ") for _ in range(span))
    return out


def _table_html(
    table: str, lang: str, group: Sequence[tuple[int, Row, list[Annotated]]], anchors: bool
) -> str:
    top, bottom = _HEADS[(table, lang)]
    head = "<tr>" + "".join(
        f'<th colspan="{c}" rowspan="{r}">{_esc(t)}</th>' for t, c, r in top
    ) + "</tr><tr>" + "".join(f"<th>{_esc(t)}</th>" for t in bottom) + "</tr>"
    lines = {t.row.value: t for t in _transcription(table, lang)}
    labels = column_labels(table, lang)
    body = []
    head_ids = ""
    for n, row, sentences in group:
        if row.row == "head":
            head_ids = _links(sentences, "")
            continue
        line = lines[row.row or ""]
        explanation = _split_table_row(line, " ".join(s.text for s in sentences)) or ""
        cells = [c for c in line.cells if c is not None] if table == "punkteuebersicht" else list(line.cells)
        ids = _links(sentences, "")
        anchor = f' id="s{n}"' if anchors else ""
        body.append(
            f'<tr{anchor}><td data-label="{_esc(labels[0])}">{_esc(line.label)}{"<br>" + ids if ids else ""}</td>'
            + "".join(
                f'<td class="sw-num" data-label="{_esc(label)}">{_esc(c or "")}</td>'
                for c, label in zip(cells, labels[1:], strict=False)
            )
            + (f'<td data-label="{_esc(labels[-1])}">{_esc(explanation)}</td>' if table == "wertungstabelle" else "")
            + "</tr>"
        )
    ids = f'<p class="sw-ids">{head_ids}</p>' if head_ids else ""
    return f'<div class="sw-scroll"><table class="sw-table sw-{table}"><thead>{head}</thead><tbody>{"".join(body)}</tbody></table></div>{ids}'


def render_rows(rows: Sequence[Row], de_text: str, fr_text: str) -> str:
    """The aligned rows as the ``<tr>`` lines of the booklet table; each printed table drawn as a table across both columns, the German above the French."""
    annotated = _annotated_rows(rows, de_text, fr_text)
    out: list[str] = []
    n = 0
    while n < len(rows):
        row = rows[n]
        if row.table is None:
            de, fr = annotated[n]
            out.append(
                f'<tr id="s{n + 1}"><td class="sw-n" data-lang="row"><a href="#s{n + 1}">{n + 1}</a></td>'
                f"{_cell(de, 'de', row.note)}{_cell(fr, 'fr', row.note)}</tr>"
            )
            n += 1
            continue
        end = n
        while end < len(rows) and rows[end].table == row.table:
            end += 1
        group_de = [(i + 1, rows[i], annotated[i][0]) for i in range(n, end)]
        group_fr = [(i + 1, rows[i], annotated[i][1]) for i in range(n, end)]
        notes = dict.fromkeys(r.note for r in rows[n:end] if r.note)
        note = "".join(f'<p class="sw-note">{_esc(t)}</p>' for t in notes)
        out.append(
            f'<tr id="s{n + 1}"><td class="sw-n" data-lang="row"><a href="#s{n + 1}">{n + 1}–{end}</a></td>'
            f'<td class="sw-printed" colspan="2">'
            f'<div class="sw-printed-lang" lang="de"><span class="sw-lang">Deutsch</span>{_table_html(row.table, "de", group_de, anchors=True)}{note}</div>'
            f'<div class="sw-printed-lang" lang="fr"><span class="sw-lang">Français</span>{_table_html(row.table, "fr", group_fr, anchors=False)}</div></td></tr>'
        )
        n = end
    return "\n".join(out)
