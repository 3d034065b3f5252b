"""docs/proofs.md's query table, the recorded run it is written from and the runner's costs, kept in step with the prover's queries (no Z3 run)."""

from __future__ import annotations

import attrs
import pytest

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.proofs import figures
from schwinget_spec.proofs.costs import DEFAULT_COST, QUERY_COSTS, cost_of
from schwinget_spec.proofs.queries import QUERIES

REGISTRY = [(q.name, q.expected, q.slow) for q in QUERIES]
CLAIMS = {q.name: q.claim for q in QUERIES}
SLOW = {q.name: q.slow for q in QUERIES}


def _region() -> str:
    _, region, _ = figures.split_page(figures.doc_path().read_text(encoding="utf-8"))
    return region


def test_every_query_has_one_row_and_every_row_names_a_query() -> None:
    """The table lists each query of the prover once, in the prover's order, and no row names a query that does not exist."""
    rows = figures.parse_table(_region())
    assert [r.name for r in rows] == [q.name for q in QUERIES]


def test_expected_column_and_slow_mark_are_the_provers() -> None:
    """Each row's expected answer and its "(slow)" mark are those of the query in the prover."""
    rows = {r.name: r for r in figures.parse_table(_region())}
    assert {n: (rows[n].expected, rows[n].slow) for n, _, _ in REGISTRY} == {n: (e, s) for n, e, s in REGISTRY}


def test_recorded_run_covers_every_query_with_the_expected_answer() -> None:
    """The recorded run holds every query of the prover, none more, each answered as the prover expects."""
    run = figures.load_run()
    assert [(q.name, q.expected) for q in run.queries] == [(n, e) for n, e, _ in REGISTRY]
    assert [q.name for q in run.queries if q.answer != q.expected] == []


def test_table_is_the_recorded_runs() -> None:
    """The table's figures, clauses and run line are those the generator writes from the recorded run: nothing edited by hand."""
    run = figures.load_run()
    region = _region()
    assert figures.table_problems(run, figures.parse_table(region), REGISTRY) == []
    assert region.strip("\n") == figures.render_region(run, figures.parse_table(region), CLAIMS, SLOW)
    rows = {r.name: r for r in figures.parse_table(region)}
    for q in run.queries:
        assert rows[q.name].seconds == f"{q.cpu_seconds:.2f}"
        assert rows[q.name].clauses.startswith(", ".join(q.clauses))


def test_every_query_has_a_cost_from_the_recorded_run_and_no_cost_is_stale() -> None:
    """The runner's costs are the recorded run's CPU seconds: one for every query, none for a query that no longer exists."""
    assert set(QUERY_COSTS) == {q.name for q in QUERIES}
    assert {q.name: q.cpu_seconds for q in figures.load_run().queries} == QUERY_COSTS
    assert cost_of("no.such.query") == DEFAULT_COST


def test_problems_name_a_missing_row_a_stale_row_and_a_wrong_answer() -> None:
    """A table without one query's row, with a row naming no query, or with another expected answer, is reported naming each."""
    run = figures.load_run()
    rows = figures.parse_table(_region())
    first, second, *rest = rows
    doctored = [attrs.evolve(first, name="inv.no_such_query"), attrs.evolve(second, expected="witness"), *rest]
    problems = figures.table_problems(run, doctored, REGISTRY)
    assert f"the table has no row for the query {first.name}" in problems
    assert "the table has a row inv.no_such_query that names no query" in problems
    assert any(p.startswith(f"the table's row {second.name} says witness") for p in problems)
    wrong = attrs.evolve(run, queries=(attrs.evolve(run.queries[0], answer="unknown"), *run.queries[1:]))
    assert f"the recorded run answered unknown to {run.queries[0].name}, not {run.queries[0].expected}" in figures.table_problems(
        wrong, rows, REGISTRY
    )


def test_render_keeps_the_pages_words_and_takes_the_runs_figures() -> None:
    """Rendering keeps a row's hand-written claim and the words after its clauses, and writes the run's seconds, not the page's."""
    run = figures.load_run()
    name = run.queries[0].name
    rows = [attrs.evolve(r, claim="a claim in other words", seconds="99.99") if r.name == name else r
            for r in figures.parse_table(_region())]
    out = figures.parse_table(figures.render_region(run, rows, CLAIMS, SLOW))
    assert (out[0].claim, out[0].seconds) == ("a claim in other words", f"{run.queries[0].cpu_seconds:.2f}")


def test_a_page_without_its_markers_and_a_malformed_record_are_refused() -> None:
    """Text without the marker lines, or a record that is not a run, is refused with a library error naming what is wrong."""
    with pytest.raises(InvalidArgumentError, match="marker"):
        figures.replace_region("no markers here", "")
    with pytest.raises(InvalidArgumentError, match="not a recorded run"):
        figures.ProveRun.from_json({"queries": []}, "record")


@pytest.mark.parametrize("argv", [["--check", "--jobs", "0"], ["--check", "--jobs", "two"], ["--check", "--max-load", "nan"], ["--check", "--max-load", "-1"]])
def test_a_bad_option_is_a_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Zero or a word for --jobs, a load average that is not above 0 (or not a number) is refused with exit code 2 and the option named."""
    with pytest.raises(SystemExit) as exited:
        figures.main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert argv[1] in err
