"""The ``schwinget`` command line: exit codes, key output lines, the clause index and its check, and the seeded demo."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.bots import play_gang_recorded
from schwinget_spec.clauses import CLAUSES, Clause
from schwinget_spec.cli import clauses as cli_clauses
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.registry.clause_index import build_clause_index, find_ids, project_root
from schwinget_spec.rules import Rules

ROOT = project_root()


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``python -m schwinget_spec.cli ARGS`` and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=120,
    )


# -- help and errors


def test_help_lists_the_commands() -> None:
    """``schwinget --help`` exits 0 and names both commands."""
    proc = run("--help")
    assert proc.returncode == 0, proc.stderr
    assert "clauses" in proc.stdout
    assert "demo" in proc.stdout


def test_demo_help_offers_every_rule_switch() -> None:
    """``schwinget demo --help`` has one ``--rules-...`` option per field of Rules."""
    proc = run("demo", "--help")
    assert proc.returncode == 0, proc.stderr
    for name in Rules.__attrs_attrs__:
        assert f"--rules-{name.name.replace('_', '-')}" in proc.stdout


def test_library_error_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """A SchwingetError reaching the command line prints one line on stderr, no traceback, and exits 2."""
    from schwinget_spec.cli import demo as cli_demo  # noqa: PLC0415
    from schwinget_spec.errors import SchwingetError  # noqa: PLC0415

    def refuse(seed: int) -> tuple[object, object]:
        raise SchwingetError(f"seed must be an integer from 0 to 2**64-1, got {seed}")

    monkeypatch.setattr(cli_demo, "demo_bots", refuse)
    result = CliRunner().invoke(cli.cli, ["demo", "--gang"])
    assert result.exit_code == 2
    assert result.stdout.count("\n") == 2  # the title and the rules line came before the refusal
    lines = result.stderr.strip().splitlines()
    assert lines == ["Error: seed must be an integer from 0 to 2**64-1, got 1"]


def test_seed_out_of_range_and_unknown_player_name_the_option() -> None:
    """A seed out of range and a starter that is no seat are usage errors naming their option, exit 2."""
    for args, option in ((("demo", "--seed", "-1"), "'--seed'"), (("demo", "--starter", "P3"), "'--starter'")):
        proc = run(*args)
        assert proc.returncode == 2
        assert proc.stdout == ""
        assert "Traceback" not in proc.stderr
        assert option in proc.stderr.strip().splitlines()[-1]


# -- the demo


def test_demo_gang_is_deterministic_for_a_seed() -> None:
    """The same seed prints the same Gang twice; another seed prints another one."""
    first = run("demo", "--gang", "--seed", "7")
    second = run("demo", "--gang", "--seed", "7")
    other = run("demo", "--gang", "--seed", "8")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout


def test_demo_gang_tells_the_engine_s_game() -> None:
    """``demo --gang`` prints the deal, one line per Schwung with its deciding clause, and the result the engine computes."""
    seed = 7
    proc = run("demo", "--gang", "--seed", str(seed))
    assert proc.returncode == 0, proc.stderr
    played = play_gang_recorded(Deal.shuffled(seed), Player.P0, Rules(), cli.demo_bots(seed))
    final = played.final
    lines = proc.stdout.splitlines()
    deal = final.deal
    assert f"P0 holds    {' '.join(c.code for c in deal.hands[0])}" in lines
    assert f"P1 holds    {' '.join(c.code for c in deal.hands[1])}" in lines
    assert any(line.startswith(f"revealed    {deal.revealed.code}") for line in lines)
    for record in final.history:
        index = next(i for i, line in enumerate(lines) if line.startswith(f"Schwung {record.number} "))
        assert f"leads {record.led.code}" in lines[index]
        assert f"answers {record.answer.code}" in lines[index]
        assert lines[index + 1].strip().startswith(f"{record.clause_id}: {CLAUSES[record.clause_id].en}")
    result = final.result
    assert any(
        line.startswith(f"result      tricks P0 {result.tricks[0]} : P1 {result.tricks[1]}") for line in lines
    )


def test_demo_shows_angriff_and_kampfrichter_with_their_clauses() -> None:
    """Over a few seeds the demo shows an Angriff and a Kampfrichter's choice, each followed by its clause."""
    seen_angriff = seen_choice = False
    for seed in range(1, 6):
        out = run("demo", "--seed", str(seed)).stdout
        if "starts the Angriff before Schwung" in out:
            seen_angriff = True
            assert "angriff.who: " in out
            assert "angriff.locks_pile: " in out
        if "played the Kampfrichter and chooses" in out:
            seen_choice = True
            assert "kampfrichter.chooses: " in out
    assert seen_angriff
    assert seen_choice


def test_demo_match_shows_four_gaenge_and_both_systems() -> None:
    """The default demo plays a short match: four Gänge with points and totals under both scoring systems."""
    proc = run("demo", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert proc.stdout.splitlines()[0].startswith("Schwinget demo: a short match (4 Gänge)")
    for number in range(1, 5):
        assert f"Gang {number} of 4" in out
    assert out.count("points      Schwingerwertung: ") == 4
    assert out.count("points      Punktewertung: ") >= 1
    assert "Totals" in out
    assert re.search(r"│ total +│ +\d+\.\d\d │ +\d+\.\d\d │ +\d+ │ +\d+ │", out)
    assert re.search(r"┃ +Schwingerwertung P0 ┃ +P1 ┃ +Punktewertung P0 ┃ +P1 ┃", out)
    assert out == run("demo", "--seed", "3").stdout


def test_demo_rule_switch_is_applied() -> None:
    """A ``--rules-...`` option changes the Rules in force, and the demo says so."""
    proc = run("demo", "--gang", "--rules-special-cards-follow-colour")
    assert proc.returncode == 0, proc.stderr
    assert "special_cards_follow_colour=True" in proc.stdout


# -- schwinget clauses


def test_clauses_table_lists_every_clause() -> None:
    """``schwinget clauses`` exits 0 and prints a row for every clause id."""
    proc = run("clauses")
    assert proc.returncode == 0, proc.stderr
    for clause_id in CLAUSES:
        assert clause_id in proc.stdout


def test_clauses_lang_chooses_the_text() -> None:
    """``--lang de`` shows the German sentence of a clause, ``--lang en`` its paraphrase."""
    clause = CLAUSES["schwung.higher_wins"]
    german = run("clauses", "--lang", "de").stdout
    english = run("clauses", "--lang", "en").stdout
    assert clause.de.split()[0] in german
    assert " ".join(clause.en.split()[:4]) in english


def test_clauses_json_parses_and_matches_the_index() -> None:
    """``clauses --json`` is JSON with every clause in registry order and the same counts as the index."""
    proc = run("clauses", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [c["id"] for c in data["clauses"]] == list(CLAUSES)
    assert data["tests_found"] is True
    index = build_clause_index()
    for entry, use in zip(data["clauses"], index.uses, strict=True):
        assert len(entry["enforced"]) == len(use.enforced)
        assert len(entry["tested"]) == len(use.tested)
        assert entry["de"] == use.clause.de


def test_clauses_check_without_tests_exits_1(tmp_path: Path) -> None:
    """``clauses --check`` against a directory without tests/ says the tests are missing and exits 1."""
    proc = run("clauses", "--check", "--root", str(tmp_path))
    assert proc.returncode == 1
    assert "no tests/ directory" in proc.stderr


def _project(tmp_path: Path, test_text: str) -> Path:
    """A minimal checkout: a pyproject.toml and one test file with ``test_text``."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(test_text, encoding="utf-8")
    return tmp_path


def _synthetic(*ids: str) -> dict[str, Clause]:
    return {i: Clause(id=i, section="S", de="d", fr="f", en=f"paraphrase of {i}") for i in ids}


def test_clauses_check_passes_when_every_clause_has_code_and_test(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a clause set whose every id is in the library and in a test, ``--check`` exits 0."""
    enforced = next(use.clause.id for use in build_clause_index().uses if use.enforced)
    root = _project(tmp_path, f'@pytest.mark.clause("{enforced}")\ndef test_a() -> None: ...\n')
    monkeypatch.setattr(cli_clauses, "clause_registry", lambda: _synthetic(enforced))
    result = CliRunner().invoke(cli.cli, ["clauses", "--check", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert "all 1 clauses are enforced and tested" in result.output


def test_clauses_check_lists_each_gap_and_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--check`` exits 1 and names each clause with no code, no test, or neither."""
    enforced = next(use.clause.id for use in build_clause_index().uses if use.enforced)
    root = _project(tmp_path, 'MARK = "synthetic.only_tested"\n')
    monkeypatch.setattr(
        cli_clauses,
        "clause_registry",
        lambda: _synthetic(enforced, "synthetic.only_tested", "synthetic.nowhere"),
    )
    result = CliRunner().invoke(cli.cli, ["clauses", "--check", "--root", str(root)])
    assert result.exit_code == 1
    assert f"{enforced}: no test" in result.output
    assert "synthetic.only_tested: no code (S)" in result.output
    assert "synthetic.nowhere: no code, no test" in result.output
    assert "3 of 3 clauses lack code or a test" in result.output


def test_find_ids_matches_whole_dotted_words() -> None:
    """An id counts only as a whole dotted word: a sentence's full stop is allowed, a longer dotted word is not."""
    text = "\n".join(
        [
            '@pytest.mark.clause("alpha.beta", "gamma.delta")',
            "see alpha.beta.",
            "x.alpha.beta and alpha.beta_extra",
            "alpha.betas",
        ]
    )
    found = find_ids(text, ["alpha.beta", "gamma.delta"])
    assert found == [(1, "alpha.beta", True), (1, "gamma.delta", True), (2, "alpha.beta", False)]


def test_index_ignores_the_registry_and_the_command_line() -> None:
    """Enforcement is searched in the library's top-level modules but not in clauses.py, clause_index.py or the cli package."""
    index = build_clause_index()
    paths = {loc.path for use in index.uses for loc in use.enforced}
    assert "schwinget_spec/gang.py" in paths
    assert not {"schwinget_spec/clauses.py", "schwinget_spec/clause_table.py", "schwinget_spec/registry/clause_index.py"} & paths
    assert not {p for p in paths if p.startswith(("schwinget_spec/cli/", "schwinget_spec/proofs/", "schwinget_spec/conformance/"))}
    # the command line does name clause ids (to explain a game), so the exclusion is what keeps it out
    cli_sources = (ROOT / "schwinget_spec" / "cli").glob("*.py")
    assert any("schwung.farbzwang" in f.read_text(encoding="utf-8") or "match.first_starter" in f.read_text(encoding="utf-8") for f in cli_sources)
    tested = {loc.path.split("/")[0] for use in index.uses for loc in use.tested}
    assert tested <= {"tests", "properties"}


def test_ci_runs_the_readme_test_command() -> None:
    """``.ci/run`` runs the README's test command verbatim, and the README gives exactly two one-line set-up commands."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if line.startswith("python3 -m venv .venv && ")]
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/schwinget demo")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert any(line.startswith(commands[1] + " ||") for line in ci.splitlines())


def test_readme_says_where_the_command_is_after_set_up() -> None:
    """The README's command-line section names the command the set-up installs in the venv's bin, and how to activate the venv."""
    import tomllib  # noqa: PLC0415

    root = project_root()
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## The command line\n", 1)[1].split("\n## ", 1)[0]
    [script] = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert "python3 -m venv .venv && .venv/bin/pip install" in readme
    assert f"`.venv/bin/{script}`" in section
    assert "`. .venv/bin/activate`" in section
    assert "python -m schwinget_spec.cli" in section
    assert (Path(sys.executable).parent / script).exists()


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_demo_speaks_the_chosen_language_throughout(lang: str) -> None:
    """``demo --lang de|fr`` writes no English word of its narration, and quotes the booklet's sentence of each clause in that language."""
    out = CliRunner().invoke(cli.cli, ["demo", "--lang", lang, "--seed", "1"], env={"COLUMNS": "400"}).stdout
    english = CliRunner().invoke(cli.cli, ["demo", "--lang", "en", "--seed", "1"], env={"COLUMNS": "400"}).stdout
    for word in ("holds", "revealed", "face down", "leads", "answers", "wins", "tricks", "result", "Totals", "winner", "seed"):
        assert word in english
        assert not re.search(rf"\b{word}\b", re.sub(r"[a-z_]+\.[a-z_0-9]+", "", out)), word  # clause ids aside
    assert f"match.winner: {getattr(CLAUSES['match.winner'], lang)}" in out
    assert {"de": "Summen", "fr": "Totaux"}[lang] in out
