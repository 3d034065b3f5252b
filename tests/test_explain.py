"""``schwinget explain``: every clause id and every ambiguity id in German, French and English, one language, JSON, and unknown ids."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.clauses import CLAUSES, Clause
from schwinget_spec.registry.ambiguities import AMBIGUITIES
from schwinget_spec.registry.clause_index import ClauseIndex, project_root
from schwinget_spec.rules import Rules

CLAUSE_IDS = tuple(CLAUSES)
AMB_IDS = tuple(a.id for a in AMBIGUITIES)


def invoke(*args: str) -> tuple[int, str, str]:
    """Run ``schwinget ARGS`` in process; exit code, stdout, stderr."""
    result = CliRunner().invoke(cli.cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m schwinget_spec.cli ARGS`` as a process."""
    return subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", *args],
        capture_output=True,
        text=True,
        cwd=project_root(),
        check=False,
        timeout=120,
    )


@pytest.mark.parametrize("clause_id", CLAUSE_IDS)
def test_every_clause_is_explained_in_three_languages(clause_id: str) -> None:
    """For each clause id the output holds the German and French booklet text, the paraphrase, and where it is enforced and tested."""
    code, out, _ = invoke("explain", clause_id)
    clause = CLAUSES[clause_id]
    assert code == 0
    flat = " ".join(out.split())
    for text in (clause.de, clause.fr, clause.en):
        assert " ".join(text.split()) in flat
    assert "enforced: " in out
    assert "tested: " in out


@pytest.mark.parametrize("amb_id", AMB_IDS)
def test_every_ambiguity_is_explained_in_three_languages(amb_id: str) -> None:
    """For each AMB id the output holds every German and French quote, the English situation, readings and default, and the switch."""
    code, out, _ = invoke("explain", amb_id)
    entry = next(a for a in AMBIGUITIES if a.id == amb_id)
    assert code == 0
    flat = " ".join(out.split())
    for text in (*entry.de, *entry.fr, entry.situation, entry.readings, entry.default):
        assert " ".join(text.split()) in flat
    expected = "switch: none" if entry.switch is None else f"switch: Rules.{entry.switch}"
    assert expected in flat


@pytest.mark.parametrize("amb_id", AMB_IDS)
def test_every_ambiguity_as_json(amb_id: str) -> None:
    """``--json`` gives the entry's quotes, English fields, switch with its Rules default, clauses and tests."""
    code, out, _ = invoke("explain", amb_id, "--json")
    assert code == 0
    data = json.loads(out)
    entry = next(a for a in AMBIGUITIES if a.id == amb_id)
    assert (data["kind"], data["id"]) == ("ambiguity", amb_id)
    assert tuple(data["de"]) == entry.de
    assert tuple(data["fr"]) == entry.fr
    assert data["en"]["default"] == entry.default
    assert tuple(data["clauses"]) == entry.clauses
    assert tuple(data["tests"]) == entry.tests
    if entry.switch is None:
        assert data["switch"] is None
    else:
        assert data["switch"] == {"field": entry.switch, "default": attrs.fields_dict(Rules)[entry.switch].default}


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
def test_lang_shows_one_language(lang: str) -> None:
    """``--lang`` shows only that language's text of a clause."""
    code, out, _ = invoke("explain", "schwung.farbzwang", "--lang", lang)
    clause = CLAUSES["schwung.farbzwang"]
    assert code == 0
    flat = " ".join(out.split())  # the prose is wrapped at the terminal's width
    for other in ("de", "fr", "en"):
        assert (getattr(clause, other) in flat) is (other == lang)


def test_lang_with_json_keeps_one_language() -> None:
    """``--json --lang fr`` keeps the French text and drops the German and English ones."""
    code, out, _ = invoke("explain", "AMB-KONTER-VOID", "--json", "--lang", "fr")
    data = json.loads(out)
    assert code == 0
    assert "fr" in data
    assert "de" not in data
    assert "en" not in data


def test_amb_id_is_found_whatever_its_case() -> None:
    """An AMB id typed in lower case is found."""
    code, out, _ = invoke("explain", "amb-konter-vs-kr")
    assert code == 0
    assert "AMB-KONTER-VS-KR" in out


def test_unknown_id_exits_2_with_close_matches() -> None:
    """A misspelt id exits with code 2 and names the closest ids on stderr."""
    code, out, err = invoke("explain", "AMB-KONTER-VOD")
    assert code == 2
    assert out == ""
    assert "AMB-KONTER-VOID" in err
    code, _, err = invoke("explain", "schwung.farbzwan")
    assert code == 2
    assert "schwung.farbzwang" in err


def test_subprocess_explains_a_clause_and_an_ambiguity() -> None:
    """As a process: a clause and an entry print with exit 0, an unknown id fails with exit 2 and a one-line message."""
    clause = run("explain", "konter.last_trick")
    assert clause.returncode == 0
    assert CLAUSES["konter.last_trick"].fr in clause.stdout
    entry = run("explain", "AMB-LANG-JURE", "--lang", "fr")
    assert entry.returncode == 0
    assert "Le juré décide maintenant qui sera le prochain à jouer." in entry.stdout
    unknown = run("explain", "nothing.here")
    assert unknown.returncode == 2
    assert len(unknown.stderr.strip().splitlines()) == 1
    assert "Traceback" not in unknown.stderr


def test_explain_and_clauses_say_the_same_without_tests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no tests are installed, ``explain`` says "tested: unknown" with the reason ``clauses`` gives, never "tested: none"."""
    import schwinget_spec.cli.clauses as clauses_cli  # noqa: PLC0415
    from schwinget_spec.registry.clause_index import build_clause_index  # noqa: PLC0415

    def without_tests(clauses: Mapping[str, Clause] = CLAUSES, **_: object) -> ClauseIndex:
        return build_clause_index(clauses, root=tmp_path)

    monkeypatch.setattr(clauses_cli, "build_clause_index", without_tests)
    runner = CliRunner()
    explained = runner.invoke(cli.cli, ["explain", "schwung.higher_wins"], env={"COLUMNS": "400"})
    listed = runner.invoke(cli.cli, ["clauses", "--root", str(tmp_path)], env={"COLUMNS": "400"})
    assert explained.exit_code == 0, explained.output
    line = f"tested: unknown. no tests/ directory in {tmp_path.resolve()}: the tests are not installed with the package"
    assert line in explained.stdout
    assert line in listed.stdout
    assert "tested: none" not in explained.stdout
    data = json.loads(runner.invoke(cli.cli, ["explain", "schwung.higher_wins", "--json"]).stdout)
    assert data["tests_found"] is False
    assert data["tested"] == []
