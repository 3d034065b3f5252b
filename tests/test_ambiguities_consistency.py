"""docs/ambiguities.md agrees with itself, with the registry and with the site: rows list the entries they cite, entries are cited, questions are answered, figures stand once."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from booklet import normalise
from test_ambiguities_registry import QUESTIONS, _question_records, _table_rows

from schwinget_spec.registry.ambiguities import AMBIGUITIES, booklet_sentences
from schwinget_spec.studies.impact import format_table, plan

DOC = Path(__file__).resolve().parent.parent / "docs" / "ambiguities.md"
_AMB = re.compile(r"`(AMB-[A-Z0-9-]+)`")


def _listed(cells: list[str]) -> set[str]:
    """The entries a row lists in its "clauses and entries" column."""
    return set(_AMB.findall(cells[3]))


def test_every_entry_a_row_cites_is_listed_in_that_row() -> None:
    """Each entry named in a row's questions column is also listed in the row's "clauses and entries" column."""
    missing = {
        cells[0]: sorted(set(_AMB.findall(cells[4])) - _listed(cells))
        for cells in _table_rows()
        if set(_AMB.findall(cells[4])) - _listed(cells)
    }
    assert missing == {}


def quotes_sentence(quote: str, sentence: str) -> bool:
    """True if ``quote`` holds ``sentence``, or ``sentence`` holds one of the sentences of ``quote`` (a quote may stop inside a sentence); pieces shorter than 16 characters never count."""
    flat = normalise(sentence)
    pieces = [normalise(p) for p in booklet_sentences(quote)]
    return (len(flat) >= 16 and flat in normalise(quote)) or any(len(p) >= 16 and p in flat for p in pieces)


def test_every_entry_quoting_a_sentence_is_listed_in_its_row() -> None:
    """An entry of the registry whose German quote holds a sentence of the booklet, or part of one, is listed in that sentence's row."""
    missing = {}
    for cells in _table_rows():
        quoting = {a.id for a in AMBIGUITIES if any(quotes_sentence(q, cells[1]) for q in a.de)}
        if quoting - _listed(cells):
            missing[cells[0]] = sorted(quoting - _listed(cells))
    assert missing == {}


def test_the_site_reads_the_figures_of_this_document() -> None:
    """The site's reader of docs/ambiguities.md gives back the impact table as ``schwinget impact`` prints it, and a situation row for entries only."""
    sys.path.insert(0, str(DOC.parent / "_ext"))
    try:
        import open_questions  # noqa: PLC0415
    finally:
        sys.path.remove(str(DOC.parent / "_ext"))
    text = DOC.read_text(encoding="utf-8")
    rows = open_questions.impact_rows(text)
    printed = format_table(list(rows)).splitlines()
    assert "\n".join(printed) in text
    assert {(r.switch, r.reading) for r in rows} == {(n, repr(v)) for n, v in plan()}
    assert set(open_questions.situation_rows(text)) <= {a.id for a in AMBIGUITIES}


def test_every_entry_is_cited_by_a_row_and_listed_where_cited() -> None:
    """Every entry is named in the questions column of at least one row."""
    cited = Counter(amb for cells in _table_rows() for amb in _AMB.findall(cells[4]))
    assert [a.id for a in AMBIGUITIES if cited[a.id] == 0] == []


def test_every_question_of_a_row_has_one_answer() -> None:
    """In each row each question of the method appears at most once, with an answer: "text (...)" or entries; every question is asked somewhere."""
    seen: Counter[tuple[int, str]] = Counter()
    for row, question, settled in _question_records():
        seen[(row, question)] += 1
        assert settled.strip() not in ("", "text"), (row, question)
        assert settled.startswith("text (") or _AMB.match(settled), (row, question, settled)
    assert [key for key, n in seen.items() if n > 1] == []
    assert {question for _, question in seen} == set(QUESTIONS)


def test_each_figure_of_the_open_questions_stands_once() -> None:
    """Every "count / runs (share; interval)" figure and every row of the three impact tables occurs once in the document, and no entry quotes a share of its own."""
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(?:AMB-[A-Z0-9-]+|[a-z_]+=[^`]+)` \|.*\|$", text, flags=re.M)
    assert len(rows) > 30
    assert [r for r, n in Counter(rows).items() if n > 1] == []
    entries = text.split("\n## Impact: which questions change a game\n", 1)[0]
    assert re.findall(r"\d+(?:\.\d+)? %", entries) == []
    commands = re.findall(r"^schwinget impact [^\n]*$", text, flags=re.M)
    assert len(commands) == len(set(commands)) == 3
