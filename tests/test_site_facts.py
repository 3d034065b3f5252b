"""The site states no fact the engine contradicts: the checks that read its pages back (docs/_ext/site_facts.py) pass on the pages as generated and name a planted wrong fact."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.clauses import CLAUSES

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
    good = f"<p>{len(rows)} rows: 108 German and 107 French sentences, 2 rows with one side empty, "
    tail = f"{len(_ext('schwinget_spec.clauses').CLAUSES)} clauses, {_ext('open_questions').count_line()}.</p>"
    assert facts.check_booklet(good + tail + anchors + links) == []
    assert facts.check_booklet(good.replace("108 German", "109 German") + tail + anchors + links)[0].startswith(
        "the booklet's count line says "
    )


def test_the_build_fails_on_an_untested_clause_or_a_surviving_mutant() -> None:
    """The recorded kill matrix and the statuses pass; a clause without tests, a mutant missing from the matrix and one shown uncaught are each named."""
    pytest.importorskip("pygments")
    evidence = _ext("clause_evidence")
    import attrs  # noqa: PLC0415

    from schwinget_spec.registry.verification_status import all_statuses  # noqa: PLC0415

    statuses = all_statuses()
    kills = evidence.kill_matrix()
    assert evidence.build_problems(statuses, kills) == []
    first = next(iter(statuses))
    untested = {**statuses, first: attrs.evolve(statuses[first], tests=0)}
    assert evidence.build_problems(untested, kills) == [f"the clause {first} has no test"]
    mutant = next(iter(kills))
    missing = {k: v for k, v in kills.items() if k != mutant}
    assert evidence.build_problems(statuses, missing) == [
        f"the shipped mutant {mutant} is not in the kill matrix of docs/harness.md"
    ]
    survived = {**kills, mutant: attrs.evolve(kills[mutant], caught_by="survived", catch="none")}
    assert evidence.build_problems(statuses, survived) == [
        f"the shipped mutant {mutant} survives (kill matrix: caught by 'survived', 'none')"
    ]


def test_a_clause_page_lists_tests_by_name_and_code_by_function() -> None:
    """The evidence of deal.trump: its tests by function name with their docstrings, its code by the function that holds it."""
    pytest.importorskip("pygments")
    evidence = _ext("clause_evidence")
    from schwinget_spec.registry.clause_index import build_clause_index  # noqa: PLC0415

    use = next(u for u in build_clause_index().uses if u.clause.id == "deal.trump")
    tests = {(t.path, t.name): t.doc for t in evidence.test_items(use.tested)}
    assert tests[("tests/test_deal.py", "test_trump_is_the_colour_of_the_revealed_card")] == (
        "The revealed card's colour is the trump colour of the Gang, in the deal and in the state."
    )
    functions = {(e.path, e.function) for e in evidence.code_excerpts(use.enforced)}
    assert ("schwinget_spec/gang.py", "GangState.trump") in functions
    html = evidence.excerpt_html(next(e for e in evidence.code_excerpts(use.enforced) if e.function == "GangState.trump"), "../")
    assert '<a href="../source/schwinget_spec/gang.py.html#L-' in html
    assert "schwinget_spec.gang.GangState.trump" in html


def test_every_clause_page_shows_the_lines_that_decide_and_tests_apart_from_helpers() -> None:
    """For every clause: each "enforced by" excerpt shows no docstring line and highlights at least one line of code; the tests listed are test functions, the rest goes to the helpers' fold."""
    pytest.importorskip("pygments")
    evidence = _ext("clause_evidence")
    from schwinget_spec.registry.clause_index import build_clause_index  # noqa: PLC0415

    excerpts = 0
    for use in build_clause_index().uses:
        for e in evidence.code_excerpts(use.enforced):
            shown = evidence.shown_lines(e)
            assert not set(shown) & evidence.docstring_lines(e.path), (use.clause.id, e)
            assert set(e.lines) <= set(shown), (use.clause.id, e)
            assert any(evidence.is_code(e.path, n) for n in e.lines), (use.clause.id, e)
            excerpts += 1
        for t in evidence.test_items(use.tested):
            assert t.is_test == any(part.startswith("test") for part in t.name.split(".")), (use.clause.id, t)
    assert excerpts >= len(CLAUSES)
    use = next(u for u in build_clause_index().uses if u.clause.id == "schwung.farbzwang")
    decide = {(e.path, e.function): e for e in evidence.code_excerpts(use.enforced)}
    allowed = decide[("schwinget_spec/trick.py", "allowed_answers")]
    assert any("FOLLOW_MASK" in evidence._lines(allowed.path)[n - 1] for n in evidence.shown_lines(allowed))


def test_a_docstring_is_rendered_not_shown_as_rst() -> None:
    """A test's docstring on its clause page: double backticks become code, emphasis stays emphasis, the rest is escaped."""
    evidence = _ext("clause_evidence")
    assert evidence.docstring_html("``Rules(a=1)`` beats *x* & `y`") == "<code>Rules(a=1)</code> beats <em>x</em> &amp; <code>y</code>"
