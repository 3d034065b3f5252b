"""``schwinget prove`` and ``schwinget conformance run`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.proofs import QUERIES, QueryResult

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )


@pytest.mark.clause("kampfrichter.collect", "konter.beats_six")
def test_prove_runs_named_queries_and_reports_them() -> None:
    """Two fast queries give their expected answers, exit 0, and the JSON names each with its answer."""
    result = _run("prove", "--json", "--query", "inv.nothing_pending", "--query", "wit.konter_beats_trump_six")
    assert result.returncode == 0, result.stdout + result.stderr
    answers = {r["name"]: r["answer"] for r in json.loads(result.stdout)}
    assert answers == {"inv.nothing_pending": "proved", "wit.konter_beats_trump_six": "witness"}


@pytest.mark.clause("match.winner")
def test_prove_query_pattern_runs_every_match_in_order() -> None:
    """``--query 'rule.fest_tiebreak*'`` runs the queries the pattern matches, in the order of QUERIES, and nothing else."""
    result = _run("prove", "--json", "--query", "rule.fest_tiebreak*")
    assert result.returncode == 0, result.stdout + result.stderr
    names = [r["name"] for r in json.loads(result.stdout)]
    assert names == ["rule.fest_tiebreak", "rule.fest_tiebreak.points_first"]


def test_prove_pattern_matching_nothing_is_refused() -> None:
    """A pattern that matches no query is refused like an unknown name."""
    result = _run("prove", "--query", "rule.no_such_*")
    assert result.returncode == 2
    assert "unknown query 'rule.no_such_*'" in result.stderr


def test_prove_unknown_query_is_one_clear_line_and_exit_2() -> None:
    """An unknown query name exits 2 with one line that says how to list the queries."""
    result = _run("prove", "--query", "inv.no_such_thing")
    assert result.returncode == 2
    assert "unknown query 'inv.no_such_thing'" in result.stderr
    assert "Traceback" not in result.stderr


def test_prove_list_names_every_query_without_running_them() -> None:
    """--list prints one line per query with its expected answer."""
    result = _run("prove", "--list")
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == len(QUERIES)


def test_conformance_run_passes_the_js_example_and_fails_the_buggy_copy() -> None:
    """The example JavaScript engine passes (exit 0); the copy with one bug diverges (exit 1) naming a clause."""
    good = _run("conformance", "run", "--games", "20", "--", "node", "examples/js/schwinget.js")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "result: PASSED" in good.stdout
    bad = _run("conformance", "run", "--json", "--games", "20", "--", "node", "examples/js/schwinget_buggy.js")
    assert bad.returncode == 1
    report = json.loads(bad.stdout)
    assert report["passed"] is False
    assert report["divergence"]["clause_id"] in ("kampfrichter.last_schwung", "konter.last_trick")


def test_command_line_and_harness_need_no_test_extra() -> None:
    """The command line, the verifier and the harness import with Hypothesis unavailable (a normal install)."""
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'hypothesis':\n"
        "            raise ImportError('hypothesis is not installed')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import schwinget_spec.cli, schwinget_spec.conformance.harness.run, schwinget_spec.conformance\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert result.stdout.strip() == "ok", result.stderr


def test_clauses_proofs_column_counts_the_queries_that_involve_each_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    """With --proofs, each clause lists the queries answered as expected that involve it; failed answers do not count."""
    from schwinget_spec import proofs  # noqa: PLC0415 - the module whose run_queries is replaced

    def fake_run_queries(names: object = None, *, include_slow: bool = True) -> list[QueryResult]:
        assert include_slow is False
        return [
            QueryResult("q.ok", "a claim", "proved", "proved", 0.1, ("schwung.farbzwang", "trump.beats"), ""),
            QueryResult("q.bad", "a claim", "proved", "counterexample", 0.1, ("trump.beats",), ""),
        ]

    monkeypatch.setattr(proofs, "run_queries", fake_run_queries)
    result = CliRunner().invoke(cli, ["clauses", "--proofs", "--json"])
    assert result.exit_code == 0, result.output
    by_id = {c["id"]: c["proofs"] for c in json.loads(result.output)["clauses"]}
    assert by_id["schwung.farbzwang"] == ["q.ok"]
    assert by_id["trump.beats"] == ["q.ok"]
    assert by_id["konter.loses"] == []
