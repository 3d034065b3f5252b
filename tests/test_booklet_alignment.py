"""The aligned booklet (docs/_data/booklet_alignment.json): every sentence of both languages once and in order, each row's clauses on both sides or a reason, the two printed tables equal to their transcription."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from schwinget_spec.clauses import CLAUSES

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "rules"
DE = (RULES / "schwinget.de.txt").read_text(encoding="utf-8")
FR = (RULES / "schwinget.fr.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def alignment() -> Any:
    """The module docs/_ext/booklet_alignment.py (it needs no Sphinx)."""
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        return importlib.import_module("booklet_alignment")
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))


def test_the_committed_alignment_has_no_problem(alignment: Any) -> None:
    """Every sentence of both files once and in order, a note on every row with one side empty or different clauses, tables as transcribed, every clause quoted."""
    rows = alignment.load()
    assert alignment.problems(rows, DE, FR) == []
    assert set(alignment.clause_rows(rows, DE, FR)) == set(CLAUSES)


@pytest.mark.clause("deal.trump")
def test_the_trump_sentences_share_a_row(alignment: Any) -> None:
    """The sentence that names the trump card stands beside its translation, and the sentence before it beside its own."""
    rows = alignment.load()
    row = next(r for r in rows if any("Diese Karte zeigt die Trumpf-Farbe" in s for s in r.de))
    assert row.fr == ("Cette carte indique la couleur de l’atout de cette passe (dans l’exemple, le vert, explication ci-dessous).",)
    before = rows[rows.index(row) - 1]
    assert before.de == ("2. 4 Schwungkarten verdeckt beiseitelegen und die oberste aufdecken.",)
    assert before.fr == ("2. Mettre de côté 4 cartes de Prise de lutte, face cachée, et retourner la première carte.",)


def test_the_parenthesis_cut_by_a_line_stays_in_one_row(alignment: Any) -> None:
    """The list of special cards, whose parenthesis a line break cuts in the printed booklet, is one sentence beside one."""
    rows = alignment.load()
    row = next(r for r in rows if any("je 1x in Deutsch und" in s for s in r.de))
    assert row.de == ("• 10 Spezialkarten: 2 Angriffskarten (Stier), 2 Punkteübersicht (je 1x in Deutsch und Französisch), 6 Gangkarten",)
    assert row.fr == (
        "• 10 cartes spéciales: 2 cartes d’attaque (taureau), 2 aperçus des points (1x en allemand et 1x en français), 6 cartes de passe",
    )


def test_a_shifted_row_is_found(alignment: Any) -> None:
    """Moving a French sentence one row down changes the order of nothing but is caught by the clauses of the two rows."""
    rows = list(alignment.load())
    n = next(i for i, r in enumerate(rows) if any("Diese Karte zeigt" in s for s in r.de))
    rows[n], rows[n + 1] = (
        attrs.evolve(rows[n], fr=()),
        attrs.evolve(rows[n + 1], fr=(*rows[n].fr, *rows[n + 1].fr)),
    )
    found = alignment.problems(rows, DE, FR)
    assert [p.split(":")[0] for p in found] == [f"row {n + 1}", f"row {n + 2}"]


def test_a_missing_or_repeated_sentence_is_found(alignment: Any) -> None:
    """A row dropped or repeated is named with the first sentence that differs from the booklet."""
    rows = list(alignment.load())
    assert alignment.problems(rows[:3] + rows[4:], DE, FR)[0].startswith("de: sentence 4 of the rows is ")
    assert alignment.problems([*rows, rows[-1]], DE, FR) == ["de: the rows hold 109 sentences, the booklet 108"]


def test_a_table_row_that_differs_from_its_transcription_is_found(alignment: Any) -> None:
    """A Wertungstabelle row whose figures are not the transcribed ones is refused."""
    rows = list(alignment.load())
    n = next(i for i, r in enumerate(rows) if r.table == "wertungstabelle" and r.row == "gestellter")
    rows[n] = attrs.evolve(rows[n], row="sieg_ohne_angriff")
    found = alignment.problems(rows, DE, FR)
    assert len(found) == 2
    assert all(p.startswith(f"row {n + 1}: the ") and "does not print the transcribed row" in p for p in found)


def test_the_tables_are_drawn_from_the_transcription(alignment: Any) -> None:
    """The booklet's rows draw the overview card and the Wertungstabelle as HTML tables, one per language, with the explanation column, each cell labelled with its column's headers."""
    html = alignment.render_rows(alignment.load(), DE, FR)
    assert html.count('<table class="sw-table sw-wertungstabelle">') == 2
    assert html.count('<table class="sw-table sw-punkteuebersicht">') == 2
    assert (
        '<td class="sw-num" data-label="Variante 1 Schwingerwertung · Sieger">9.00</td>'
        '<td class="sw-num" data-label="Variante 1 Schwingerwertung · Verlierer">9.00</td>'
        '<td class="sw-num" data-label="Variante 2 Punktewertung · Sieger">1</td>'
        '<td class="sw-num" data-label="Variante 2 Punktewertung · Verlierer">1</td>'
        '<td data-label="Erklärung">Beide Spieler haben gleich viele Stiche erzielt.</td>'
    ) in html


def test_every_german_sentence_has_a_clause_or_a_reason(alignment: Any, tmp_path: Path) -> None:
    """Each German sentence is quoted by a clause or named in the completeness table of docs/ambiguities.md; a table without the rows leaves the sentences no clause quotes unclaimed."""
    assert alignment.unclaimed_sentences(DE) == []
    empty = tmp_path / "ambiguities.md"
    empty.write_text("### Every German sentence\n", encoding="utf-8")
    unclaimed = alignment.unclaimed_sentences(DE, empty)
    assert "Spieldauer: 10-20 Minuten" in unclaimed
    assert all(not s.clauses for s in alignment.annotate(DE, "de") if s.text in unclaimed)
