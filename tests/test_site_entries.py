"""The site's open questions, notes and retired ids as the registry holds them: every count counts questions, notes are listed apart with their Note, a retired id keeps its page, and every "Ask it" line of docs/ambiguities.md becomes a link to its cookbook question."""

from __future__ import annotations

import html
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.registry.ambiguities import AMBIGUITIES, AMBIGUITY_BY_ID, RETIRED

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _ext(name: str) -> Any:
    """A module of the site's extension (docs/_ext)."""
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(DOCS / "_ext"))


@pytest.fixture(scope="module")
def site() -> Any:
    """The module docs/_ext/schwinget_site.py (the page generators)."""
    pytest.importorskip("sphinx")
    return _ext("schwinget_site")


@pytest.fixture(scope="module")
def data(site: Any) -> Any:
    """The site data a question page reads: the impact table of docs/ambiguities.md (the booklet, the clause index and the vectors are not needed)."""
    figures = _ext("open_questions")
    doc = figures.DOC.read_text(encoding="utf-8")
    games = re.search(r"--games (\d+)", figures.command(doc))
    assert games is not None
    return site.SiteData("", "", None, (), (), figures.impact_rows(doc), int(games[1]))


def _as_html(markdown: str) -> str:
    """A generated page's headings and entry links as MyST writes them into HTML (enough for the index's check)."""
    out = re.sub(r"^## (.+)$", r"<h2>\1</h2>", markdown, flags=re.M)
    return re.sub(r"\[([A-Z0-9-]+)\]\(([A-Z0-9-]+)\.md\)", r'<a class="reference internal" href="\2.html">\1</a>', out)


def test_the_counts_count_questions_and_name_the_notes() -> None:
    """The registry splits into open questions and notes (an entry with a Note); the site's count line states both, the questions first."""
    figures = _ext("open_questions")
    assert [a.id for a in figures.QUESTIONS] == [a.id for a in AMBIGUITIES if a.note is None]
    assert [a.id for a in figures.NOTES] == [a.id for a in AMBIGUITIES if a.note is not None]
    assert figures.NOTES, "the registry has notes (AMB-STARTER among them)"
    assert figures.count_line() == (
        f"{len(AMBIGUITIES) - len(figures.NOTES)} open questions (and {len(figures.NOTES)} notes: "
        "entries the booklet settles itself)"
    )


def test_the_booklet_s_count_line_is_checked_against_questions_not_entries() -> None:
    """The booklet's count line as generated passes; the old line that counted every entry as an open question is named."""
    facts = _ext("site_facts")
    figures = _ext("open_questions")
    align = _ext("booklet_alignment")
    rows = align.load()
    anchors = "".join(f'<tr id="s{n}"><td class="sw-n">' for n in range(1, len(rows) + 1))
    links = "".join(f'<a class="sw-id" href="clauses/{c}.html">' for c in CLAUSES)
    head = f"<p>{len(rows)} rows: 108 German and 107 French sentences, 2 rows with one side empty, {len(CLAUSES)} clauses, "
    assert facts.check_booklet(f"{head}{html.escape(figures.count_line())}.</p>{anchors}{links}") == []
    old = facts.check_booklet(f"{head}{len(AMBIGUITIES)} open questions.</p>{anchors}{links}")
    assert len(old) == 1
    assert old[0].startswith("the booklet's count line says ")


def test_the_index_lists_questions_notes_and_retired_ids_apart(site: Any) -> None:
    """The open questions' index has a part for each kind, each counted in its heading and listing exactly the registry's ids; a note listed among the questions is named."""
    facts = _ext("site_facts")
    page = _as_html(site.ambiguities_index_page())
    assert facts.check_entries_index(page) == []
    note = next(a for a in AMBIGUITIES if a.note is not None)
    moved = page.replace("<h2>Notes", f'<a class="reference internal" href="{note.id}.html"></a><h2>Notes', 1)
    assert [p.split(" lists ")[0] for p in facts.check_entries_index(moved)] == ["the index's part 'The open questions'"]
    miscounted = re.sub(r"<h2>Notes \(\d+\)", "<h2>Notes (99)", page)
    assert facts.check_entries_index(miscounted)[0].startswith("the index's part 'Notes' counts ")


def test_a_note_s_page_shows_its_note_and_a_question_s_page_says_it_is_open(site: Any, data: Any) -> None:
    """An entry the booklet settles has its Note paragraph and says it is a note; an open question's page says it is open and shows no Note."""
    for amb in AMBIGUITIES:
        page = site.ambiguity_page(amb, data)
        if amb.note is not None:
            assert f"**Note.** {amb.note}" in page, amb.id
            assert page.startswith(f"# {amb.id}: {amb.title} (note)\n"), amb.id
            assert "A note, not an open question." in page, amb.id
        else:
            assert "**Note.**" not in page, amb.id
            assert "An open question:" in page, amb.id


def test_a_retired_id_keeps_a_page_that_says_why_and_what_replaced_it(site: Any) -> None:
    """The retired AMB-LANG-TRUMP-PLACE has a page: retired, when, the registry's reason, and links to the clauses that hold its matter now."""
    entry = next(r for r in RETIRED if r.id == "AMB-LANG-TRUMP-PLACE")
    assert entry.id not in AMBIGUITY_BY_ID
    page = site.retired_page(entry)
    assert page.startswith(f"# {entry.id} (retired): {entry.title}\n")
    assert f"Retired in {html.escape(entry.retired)}." in page
    assert re.sub(r"<[^>]+>", "", page.split("<h2>Why</h2>", 1)[1].split("</p>", 1)[0]).strip() == html.escape(entry.reason).replace(
        "`", ""
    )
    for clause in ("trump.anytime", "trump.beats"):
        assert clause in CLAUSES
        assert f'<a href="../clauses/{clause}.html"><code>{clause}</code></a>' in page


def test_every_ask_it_line_becomes_a_link_to_its_cookbook_question(site: Any, data: Any) -> None:
    """Each entry whose text has an "Ask it" line links, on its page, to each cookbook question the line names, at the question's anchor on the ask page, showing the question's text."""
    links = _ext("ask_links")
    facts = _ext("site_facts")
    text = (DOCS / "ambiguities.md").read_text(encoding="utf-8")
    by_entry = links.links_by_entry()
    assert sum(len(v) for v in by_entry.values()) == text.count("**Ask it.**") >= 6
    for amb_id, questions in by_entry.items():
        page = site.ambiguity_page(AMBIGUITY_BY_ID[amb_id], data)
        for q in questions:
            assert f'href="../../ask.html#{links.anchor(q.number)}"' in page, (amb_id, q.number)
        assert facts.check_ask_links(amb_id, page) == [], amb_id
        assert facts.check_ask_links(amb_id, page.replace("#cookbook-", "#question-")) != [], amb_id
    without = next(a for a in AMBIGUITIES if a.id not in by_entry)
    assert "## Ask it" not in site.ambiguity_page(without, data)


def test_an_ask_it_line_naming_the_wrong_question_is_refused() -> None:
    """A line whose command is not the cookbook question it names, or that names a number the cookbook lacks, is an error naming the entry."""
    links = _ext("ask_links")
    text = (DOCS / "ambiguities.md").read_text(encoding="utf-8")
    wrong = text.replace("([Ask the rules](ask.md), question 15)", "([Ask the rules](ask.md), question 14)", 1)
    with pytest.raises(ValueError, match="AMB-SPECIAL-FARBZWANG: the Ask it line asks"):
        links.links_by_entry(wrong)
    missing = text.replace("([Ask the rules](ask.md), question 15)", "([Ask the rules](ask.md), question 999)", 1)
    with pytest.raises(ValueError, match=r"question 999, which docs/ask\.md.s cookbook lacks"):
        links.links_by_entry(missing)
