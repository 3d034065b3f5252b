"""The site states no fact the engine contradicts: the checks that read its pages back (docs/_ext/site_facts.py) pass on the pages as generated and name a planted wrong fact."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ext(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))


@pytest.fixture(scope="module")
def facts() -> Any:
    """The module docs/_ext/site_facts.py."""
    return _ext("site_facts")


@pytest.fixture(scope="module")
def gang_html() -> str:
    """The HTML of "A Gang, told with cards" as the site generator writes it (Sphinx passes it through as raw HTML)."""
    pytest.importorskip("sphinx")
    return str(_ext("schwinget_site").gang_page().split("```{raw} html", 1)[1])


def test_the_gang_page_is_the_engines_gang(facts: Any, gang_html: str) -> None:
    """The page's moves replayed on the engine give the result line, the points and every Schwung's winner the page states."""
    assert facts.check_gang(gang_html) == []
    state, moves = facts.played_gang()
    assert state.result.winner is not None
    assert f"winner {state.result.winner.name}." in gang_html
    assert " ".join(moves) in gang_html


def test_a_winner_printed_as_none_is_found(facts: Any, gang_html: str) -> None:
    """The bug the page once had (a winner P0 tested for truth, printed "none") is a wrong fact."""
    state, _ = facts.played_gang()
    name = state.result.winner.name
    wrong = gang_html.replace(f"winner {name}.", "winner none.")
    assert facts.check_gang(wrong) == [
        f"the result line says 'Result: tricks {state.result.tricks[0]}:{state.result.tricks[1]}, outcome "
        f"{state.result.outcome.value}, winner none.', the engine 'Result: tricks {state.result.tricks[0]}:"
        f"{state.result.tricks[1]}, outcome {state.result.outcome.value}, winner {name}.'"
    ]


def test_wrong_points_a_wrong_trick_and_a_bad_move_are_found(facts: Any, gang_html: str) -> None:
    """A changed point, a Schwung given to the other player and a move the engine refuses are each named."""
    points = gang_html.replace("schwingerwertung P0 ", "schwingerwertung P0 1", 1)
    assert [p.split(" says ")[0] for p in facts.check_gang(points)] == ["the points line"]
    trick = gang_html.replace('<td class="sw-trick">P0 wins', '<td class="sw-trick">P1 wins', 1)
    assert [p.split(" say ")[0] for p in facts.check_gang(trick)] == ["the Schwünge"]
    _, moves = facts.played_gang()
    bad = gang_html.replace(f"Moves: <code>{moves[0]} ", "Moves: <code>L1 ", 1)
    assert facts.check_gang(bad)[0].startswith("move 1 (L1) is refused by the engine: ")


def test_the_booklet_counts_are_checked(facts: Any) -> None:
    """A count line that differs from the alignment data is named; the page's own line passes."""
    align = _ext("booklet_alignment")
    rows = align.load()
    anchors = "".join(f'<tr id="s{n}"><td class="sw-n">' for n in range(1, len(rows) + 1))
    links = "".join(f'<a class="sw-id" href="clauses/{c}.html">' for c in _ext("schwinget_spec.clauses").CLAUSES)
    line = facts.check_booklet("")[0]
    assert line == "the page states no count line"
    good = f"<p>{len(rows)} rows: 109 German and 110 French sentences, 9 rows with one side empty, "
    tail = f"{len(_ext('schwinget_spec.clauses').CLAUSES)} clauses, {len(_ext('schwinget_spec.ambiguities').AMBIGUITIES)} open questions.</p>"
    assert facts.check_booklet(good + tail + anchors + links) == []
    assert facts.check_booklet(good.replace("109 German", "108 German") + tail + anchors + links)[0].startswith(
        "the booklet's count line says "
    )
