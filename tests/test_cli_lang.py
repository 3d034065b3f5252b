"""``schwinget clauses --lang``: the line about missing tests, the ``--check`` messages and the ``--status`` table in German, French or English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.clauses import Clause
from schwinget_spec.cli import clauses as cli_clauses
from schwinget_spec.presentation.words import text
from schwinget_spec.registry.clause_index import build_clause_index
from schwinget_spec.registry.verification_status import LEVEL_TEXT, LEVELS


def _synthetic(*ids: str) -> dict[str, Clause]:
    return {i: Clause(id=i, section="S", de="d", fr="f", en=f"paraphrase of {i}") for i in ids}


def test_every_level_has_its_words_in_each_language() -> None:
    """Each level of evidence has a short name and words in de, fr and en; the English words are ``LEVEL_TEXT``'s."""
    for level in LEVELS:
        assert text("en", f"level.{level}") == level
        assert text("en", f"level_text.{level}") == LEVEL_TEXT[level]
        assert len({text(lang, f"level_text.{level}") for lang in ("de", "fr")}) == 2


@pytest.mark.parametrize(("lang", "unknown", "problem"), [
    ("de", "getestet: unbekannt. kein Verzeichnis tests/ in", "clauses --check: kein Verzeichnis tests/ in"),
    ("fr", "testé : inconnu. pas de répertoire tests/ dans", "clauses --check: pas de répertoire tests/ dans"),
    ("en", "tested: unknown. no tests/ directory in", "clauses --check: no tests/ directory in"),
])
def test_without_tests_clauses_says_so_in_the_language(lang: str, unknown: str, problem: str, tmp_path: Path) -> None:
    """Without a tests/ directory, ``clauses --lang`` says "tested: unknown" and ``--check`` its reason in that language."""
    runner = CliRunner()
    listed = runner.invoke(cli.cli, ["clauses", "--lang", lang, "--root", str(tmp_path)], env={"COLUMNS": "400"})
    assert listed.exit_code == 0, listed.output
    assert f"{unknown} {tmp_path.resolve()}" in listed.stdout
    checked = runner.invoke(cli.cli, ["clauses", "--check", "--lang", lang, "--root", str(tmp_path)])
    assert checked.exit_code == 1
    assert f"{problem} {tmp_path.resolve()}" in checked.stderr


@pytest.mark.parametrize(("lang", "gaps", "count"), [
    ("de", ("kein Test", "kein Code (S)", "kein Code, kein Test"), "3 von 3 Klauseln fehlt Code oder ein Test"),
    ("fr", ("pas de test", "pas de code (S)", "pas de code, pas de test"), "3 clauses sur 3 sans code ou sans test"),
])
def test_check_names_each_gap_in_the_language(
    lang: str, gaps: tuple[str, str, str], count: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``clauses --check --lang de|fr`` names each clause's gap and the count in that language, and exits 1."""
    enforced = next(use.clause.id for use in build_clause_index().uses if use.enforced)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text('MARK = "synthetic.only_tested"\n', encoding="utf-8")
    monkeypatch.setattr(cli_clauses, "clause_registry", lambda: _synthetic(enforced, "synthetic.only_tested", "synthetic.nowhere"))
    result = CliRunner().invoke(cli.cli, ["clauses", "--check", "--lang", lang, "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{enforced}: {gaps[0]}" in result.output
    assert f"synthetic.only_tested: {gaps[1]}" in result.output
    assert f"synthetic.nowhere: {gaps[2]}" in result.output
    assert count in result.output


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_passing_check_says_so_in_the_language(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With every clause enforced and tested, ``clauses --check --lang de|fr`` says so in that language and exits 0."""
    enforced = next(use.clause.id for use in build_clause_index().uses if use.enforced)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(f'@pytest.mark.clause("{enforced}")\n', encoding="utf-8")
    monkeypatch.setattr(cli_clauses, "clause_registry", lambda: _synthetic(enforced))
    result = CliRunner().invoke(cli.cli, ["clauses", "--check", "--lang", lang, "--root", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert {"de": "alle 1 Klauseln sind umgesetzt und getestet", "fr": "les 1 clauses sont toutes appliquées et testées"}[lang] in result.output


@pytest.mark.parametrize(("lang", "header", "proved"), [("de", "Klausel", "bewiesen"), ("fr", "clause", "prouvée")])
def test_status_table_speaks_the_language_at_80_columns(lang: str, header: str, proved: str) -> None:
    """``clauses --status --lang de|fr`` titles, heads and fills the table in that language, no line wider than 80."""
    result = CliRunner().invoke(cli.cli, ["clauses", "--status", "--lang", lang], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert text(lang, "status.title", n=len(build_clause_index().uses)) in result.output  # type: ignore[arg-type]
    assert header in lines[2]
    assert proved in next(line for line in lines if "schwung.farbzwang" in line)
    for english in ("Verification status", "evidence", "queries", "test lines", "vectors"):
        assert english not in result.output


@pytest.mark.parametrize(("lang", "line"), [
    ("de", "getestet: unbekannt. kein Verzeichnis tests/ in"),
    ("fr", "testé : inconnu. pas de répertoire tests/ dans"),
])
def test_explain_and_clauses_say_the_same_without_tests_in_each_language(
    lang: str, line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no tests are installed, ``explain --lang`` says of the tests what ``clauses --lang`` says, and labels the rest in that language."""
    def without_tests(clauses: object = None, **_: object) -> object:
        return build_clause_index({} if clauses is None else clauses, root=tmp_path)  # type: ignore[arg-type]

    monkeypatch.setattr(cli_clauses, "build_clause_index", without_tests)
    runner = CliRunner()
    explained = runner.invoke(cli.cli, ["explain", "schwung.higher_wins", "--lang", lang], env={"COLUMNS": "400"})
    listed = runner.invoke(cli.cli, ["clauses", "--lang", lang, "--root", str(tmp_path)], env={"COLUMNS": "400"})
    assert explained.exit_code == 0, explained.output
    expected = f"{line} {tmp_path.resolve()}"
    assert expected in explained.stdout
    assert expected in listed.stdout
    assert text(lang, "explain.enforced") in explained.stdout  # type: ignore[arg-type]
    for english in ("enforced:", "tested:", "ambiguities:"):
        assert english not in explained.stdout
