"""Bad input at every option and path of the ``schwinget`` commands: exit code 2, one ``Error:`` line naming the option, never a traceback; and the exit-code table of the README and ``--help``."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schwinget_spec import cli
from schwinget_spec.cli.common import EXIT_CODES
from schwinget_spec.conformance.vectors import load_vectors
from schwinget_spec.presentation.interactive import PlayedMatch, Table, save_trace_or_fallback
from schwinget_spec.registry.clause_index import project_root

ROOT = project_root()


def invoke(*args: str, stdin: str = "") -> Result:
    """Run ``schwinget ARGS`` in this process, as the console entry point does."""
    return CliRunner().invoke(cli.cli, list(args), input=stdin, prog_name="schwinget")


def _files(tmp: Path) -> dict[str, str]:
    """The hostile paths the table uses: a file where a directory is wanted, a directory, a FIFO, bad JSON, missing files."""
    (tmp / "afile").write_text("x", encoding="utf-8")
    (tmp / "adir").mkdir()
    (tmp / "bad.json").write_text("{bad", encoding="utf-8")
    (tmp / "skip-wrong.json").write_text(json.dumps({"format": "nope"}), encoding="utf-8")
    fifo = tmp / "fifo"
    os.mkfifo(fifo)
    return {
        "AFILE": str(tmp / "afile"),
        "ADIR": str(tmp / "adir"),
        "BAD": str(tmp / "bad.json"),
        "SKIPWRONG": str(tmp / "skip-wrong.json"),
        "FIFO": str(fifo),
        "MISSING": str(tmp / "nonexistent.json"),
        "NODIR": str(tmp / "nosuchdir" / "x.json"),
    }


# (arguments, the name the error line must carry); placeholders are filled by _files()
BAD_INPUT: list[tuple[tuple[str, ...], str]] = [
    (("--no-such-option",), "--no-such-option"),
    (("nosuchcommand",), "nosuchcommand"),
    # demo
    (("demo", "--seed", "-1"), "--seed"),
    (("demo", "--seed", "x"), "--seed"),
    (("demo", "--seed", str(2**64)), "--seed"),
    (("demo", "--starter", "P3"), "--starter"),
    (("demo", "--lang", "it"), "--lang"),
    (("demo", "--rules-draw-tie-starter", "nobody"), "--rules-draw-tie-starter"),
    # play (every check happens before the first deal)
    (("play", "--seed", "-5"), "--seed"),
    (("play", "--bot", "genius"), "--bot"),
    (("play", "--scoring", "elo"), "--scoring"),
    (("play", "--lang", "it"), "--lang"),
    (("play", "--trace-out", "NODIR"), "--trace-out"),
    (("play", "--trace-out", "ADIR"), "--trace-out"),
    (("play", "--trace-out", "AFILE/x.json"), "--trace-out"),
    # simulate
    (("simulate", "--matches", "0"), "--matches"),
    (("simulate", "--workers", "-1"), "--workers"),
    (("simulate", "--seed", "-1"), "--seed"),
    (("simulate", "--bot-a", "genius"), "--bot-a"),
    (("simulate", "--bot-b", "genius"), "--bot-b"),
    (("simulate", "--scoring", "elo"), "--scoring"),
    # replay
    (("replay", "MISSING"), "TRACE"),
    (("replay", "ADIR"), "TRACE"),
    (("replay", "FIFO"), "TRACE"),
    (("replay", "MISSING", "--lang", "it"), "--lang"),
    # verify
    (("verify",), "TRACES"),
    (("verify", "MISSING"), "TRACE"),
    (("verify", "ADIR"), "TRACE"),
    (("verify", "FIFO"), "TRACE"),
    (("verify", "--lang", "it", "BAD"), "--lang"),
    # clauses and explain
    (("clauses", "--root", "/nonexistent"), "--root"),
    (("clauses", "--root", "AFILE"), "--root"),
    (("clauses", "--lang", "it"), "--lang"),
    (("explain", "no.such.clause"), "no.such.clause"),
    (("explain", "schwung.farbzwang", "--lang", "it"), "--lang"),
    # impact
    (("impact", "--games", "0"), "--games"),
    (("impact", "--seed", "-1"), "--seed"),
    (("impact", "--switch", "nope"), "--switch"),
    # vectors
    (("vectors", "export", "AFILE/sub"), "DIRECTORY"),
    (("vectors", "export", "AFILE"), "DIRECTORY"),
    (("vectors", "export", "/proc/x"), "DIRECTORY"),
    (("vectors", "check", "--skip", "BAD"), "--skip"),
    (("vectors", "check", "--skip", "SKIPWRONG"), "--skip"),
    (("vectors", "check", "--skip", "MISSING"), "--skip"),
    (("vectors", "check", "--skip", "FIFO"), "--skip"),
    (("vectors", "check", "--skip", "ADIR"), "--skip"),
    (("vectors", "nosuch"), "nosuch"),
    # prove (the queries are never run: the options are refused first)
    (("prove", "--query", "no.such.query"), "no.such.query"),
    (("prove", "--jobs", "0"), "--jobs"),
    # conformance run (the harness's own checks are tested with the harness; the command line's are here)
    (("conformance", "run"), "COMMAND"),
    (("conformance", "run", "--games", "x", "--", "true"), "--games"),
]


@pytest.mark.parametrize(("args", "named"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_exits_2_with_one_error_line_naming_it(args: tuple[str, ...], named: str, tmp_path: Path) -> None:
    """Each bad option, argument or path: exit code 2, no traceback, and exactly one ``Error:`` line that names it."""
    files = _files(tmp_path)
    filled = [files.get(a, a) for a in args]
    filled = [re.sub(r"^AFILE/", files["AFILE"] + "/", a) for a in filled]
    result = invoke(*filled)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code == 2, (args, result.output)
    errors = [line for line in result.stderr.splitlines() if "Error" in line or line.startswith(("explain:",))]
    assert len(errors) == 1, result.stderr
    assert named in errors[0], errors[0]


def test_verify_judges_the_readable_files_and_exits_2_for_a_missing_one(tmp_path: Path) -> None:
    """A missing file is a usage problem (exit 2, named on stderr), not a malformed trace; the other files still get their verdict."""
    vector = next(v for v in load_vectors().vectors if v.kind == "trace" and v.expected.get("verdict") == "conforms")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(vector.input), encoding="utf-8")
    missing = tmp_path / "nonexistent.json"
    result = invoke("verify", str(good), str(missing))
    assert result.exit_code == 2
    assert f"{good}: conforms" in result.stdout
    assert "malformed" not in result.output
    assert f"{missing}: no such file" in result.stderr
    assert "1 conform, 0 do not, 1 could not be read" in result.stdout
    as_json = json.loads(invoke("verify", "--json", str(good), str(missing)).stdout)
    assert [e.get("verdict", e.get("error")) for e in as_json] == ["conforms", "no such file"]
    # a trace that does not conform is a verdict: exit 1
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert invoke("verify", str(good), str(bad)).exit_code == 1


def test_vectors_export_writes_into_a_new_directory(tmp_path: Path) -> None:
    """The happy path next to the refused ones: a new nested directory is created and filled."""
    target = tmp_path / "a" / "b"
    result = invoke("vectors", "export", str(target))
    assert result.exit_code == 0, result.output
    assert (target / "schema" / "trace.schema.json").is_file()


def test_play_saves_to_a_fallback_when_the_trace_path_fails_at_the_end(tmp_path: Path) -> None:
    """When the checked path cannot be written after the match, the trace goes to a fallback file and nothing is lost."""
    played = _a_played_match()
    gone = tmp_path / "gone" / "x.json"
    fallback = tmp_path / "fallback"
    fallback.mkdir()
    saved, error = save_trace_or_fallback(played, gone, "play-1", fallbacks=(tmp_path / "missing", fallback))
    assert isinstance(error, FileNotFoundError)
    assert saved is not None
    assert saved.parent == fallback
    assert saved.name.startswith("x-")
    assert json.loads(saved.read_text(encoding="utf-8")) == played.trace("play-1")
    nowhere, _ = save_trace_or_fallback(played, gone, "play-1", fallbacks=(tmp_path / "missing",))
    assert nowhere is None


def test_play_says_where_the_fallback_went(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``schwinget play``: the directory of --trace-out vanishes during the match; the end names the fallback file and exits 0."""
    from schwinget_spec.presentation import interactive as play_module  # noqa: PLC0415

    where = tmp_path / "here"
    where.mkdir()
    trace = where / "t.json"
    real = play_module.play_interactive
    entries = _entries_for(seed=3)

    def play_then_remove(table: Table, ask: Callable[[str], str], say: Callable[[str, str], None]) -> PlayedMatch:
        played = real(table, ask, say)
        where.rmdir()
        return played

    monkeypatch.setattr(play_module, "play_interactive", play_then_remove)
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "--seed", "3", "--trace-out", str(trace), stdin="\n".join(entries) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    said = re.search(r"could not write .*t\.json \(No such file or directory\); trace saved to (\S+) instead", result.stdout)
    assert said is not None, result.stdout[-1000:]
    assert Path(said.group(1)).is_file()


def _entries_for(seed: int) -> list[str]:
    """The entries of a person who always types the first legal code that is not the Angriff."""
    entries: list[str] = []
    _play(seed, entries)
    return entries


def _play(seed: int, entries: list[str]) -> PlayedMatch:
    from schwinget_spec.presentation.interactive import play_interactive  # noqa: PLC0415

    def ask(prompt: str) -> str:
        found = re.search(r"\[([A-Z0-9 ]+)\]: $", prompt)
        assert found is not None
        codes = found.group(1).split()
        entry = next((c for c in codes if c != "A"), codes[0])
        entries.append(entry)
        return entry

    return play_interactive(Table(seed=seed), ask, lambda _line, _style: None)


def _a_played_match() -> PlayedMatch:
    return _play(1, [])


def test_exit_codes_table_is_in_the_readme_and_the_help() -> None:
    """The README's exit-code table and the epilog of ``schwinget --help`` give the same codes as ``EXIT_CODES``, 130 for an interrupted command too, 129 and 143 for SIGHUP and SIGTERM while workers run."""
    assert [code for code, _ in EXIT_CODES] == [0, 1, 2, 130, 129, 143]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for code, meaning in EXIT_CODES:
        assert f"| {code} | {meaning} |" in readme
    flat = " ".join(invoke("--help").stdout.split())
    for code, meaning in EXIT_CODES:
        assert f"{code} {meaning}" in flat
