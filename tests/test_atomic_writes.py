"""Nothing half-written: every output file is written whole or not at all, and a failed write leaves the old file (or none) and says so."""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.conformance.harness.run import check_adapter
from schwinget_spec.conformance.protocol.adapter import ReferenceAdapter
from schwinget_spec.errors import SchwingetError
from schwinget_spec.files import OutputFileError, write_text_atomically

_REPORT = {"implementation": "engine", "passed": True}


def _disk_full(monkeypatch: pytest.MonkeyPatch, after: int = 0) -> None:
    """Make the ``after``-th and every later write of schwinget_spec.files fail as a full disk does."""
    calls = {"n": 0}
    real = os.fsync

    def fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] > after:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr("schwinget_spec.files.os.fsync", fsync)


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".part"))


def test_failed_write_keeps_the_old_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A write that fails on a full disk leaves the old file as it was, no temporary file, and an error naming the file."""
    target = tmp_path / "page.html"
    target.write_text("old", encoding="utf-8")
    _disk_full(monkeypatch)
    with pytest.raises(OutputFileError) as caught:
        write_text_atomically(target, "new" * 1000)
    assert str(caught.value) == f"{target}: cannot be written: No space left on device; the old file is left as it was"
    assert isinstance(caught.value, OSError)
    assert isinstance(caught.value, SchwingetError)
    assert caught.value.errno == errno.ENOSPC
    assert target.read_text(encoding="utf-8") == "old"
    assert _leftovers(tmp_path) == []


def test_failed_write_of_a_new_file_leaves_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A new file whose write fails is not there afterwards, and the error says no file was written."""
    _disk_full(monkeypatch)
    with pytest.raises(OutputFileError, match="no file was written"):
        write_text_atomically(tmp_path / "new.json", "{}")
    assert list(tmp_path.iterdir()) == []


def test_written_file_keeps_its_mode(tmp_path: Path) -> None:
    """A file written again keeps its permission bits; a new one gets those open() would give it."""
    target = tmp_path / "a.txt"
    target.write_text("x", encoding="utf-8")
    target.chmod(0o640)
    write_text_atomically(target, "y")
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.read_text(encoding="utf-8") == "y"
    fresh = tmp_path / "b.txt"
    write_text_atomically(fresh, "z")
    mask = os.umask(0)
    os.umask(mask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~mask


def test_lone_surrogate_is_refused_before_writing(tmp_path: Path) -> None:
    """Text UTF-8 cannot encode is refused before any file is touched."""
    target = tmp_path / "t.md"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(OutputFileError, match="lone surrogate at character 1"):
        write_text_atomically(target, "a\ud800")
    assert target.read_text(encoding="utf-8") == "old"


@pytest.mark.parametrize("option", ["-o", "--junit"])
def test_report_command_on_a_full_disk_exits_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, option: str) -> None:
    """``conformance report`` whose page or JUnit file cannot be written exits 2 with one line, the old file intact."""
    source = tmp_path / "run.json"
    source.write_text(json.dumps(_REPORT), encoding="utf-8")
    page, junit = tmp_path / "page.html", tmp_path / "junit.xml"
    page.write_text("old page", encoding="utf-8")
    junit.write_text("old junit", encoding="utf-8")
    _disk_full(monkeypatch, after=0 if option == "-o" else 1)
    result = CliRunner().invoke(cli, ["conformance", "report", str(source), "-o", str(page), "--junit", str(junit)])
    assert result.exit_code == 2
    failed = page if option == "-o" else junit
    assert result.output.strip().endswith(f"{failed}: cannot be written: No space left on device; the old file is left as it was")
    assert junit.read_text(encoding="utf-8") == "old junit"
    if option == "-o":
        assert page.read_text(encoding="utf-8") == "old page"
    assert _leftovers(tmp_path) == []


def test_run_json_on_a_full_disk_exits_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``conformance run --json PATH`` whose file cannot be written exits 2 naming it; the old report stays."""
    report = check_adapter(ReferenceAdapter(), games=1, seed=0, vectors=False, steer=0)

    def run_harness(*_args: Any, **_kwargs: Any) -> Any:
        return report

    monkeypatch.setattr("schwinget_spec.conformance.harness.run.run_harness", run_harness)
    target = tmp_path / "run.json"
    target.write_text("old", encoding="utf-8")
    _disk_full(monkeypatch)
    result = CliRunner().invoke(cli, ["conformance", "run", "--json", str(target), "--", "engine"])
    assert result.exit_code == 2
    assert f"{target}: cannot be written: No space left on device; the old file is left as it was" in result.output
    assert target.read_text(encoding="utf-8") == "old"


def test_vectors_export_on_a_full_disk_says_what_is_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``vectors export`` failing after two files exits 2, says two files were written whole, and leaves no partial file."""
    _disk_full(monkeypatch, after=2)
    out = tmp_path / "vectors"
    result = CliRunner().invoke(cli, ["vectors", "export", str(out)])
    assert result.exit_code == 2
    assert "No space left on device; no file was written; 2 of the" in result.output
    assert "files were written whole before it" in result.output
    assert len([p for p in out.iterdir() if p.is_file()]) == 2
    assert _leftovers(out) == []


def test_file_size_limit_leaves_the_old_page(tmp_path: Path) -> None:
    """A real failed write (a process whose file size limit is 1 KiB) leaves the old page and exits 2."""
    source = tmp_path / "run.json"
    source.write_text(json.dumps(_REPORT), encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text("old page", encoding="utf-8")

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    done = subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", "conformance", "report", str(source), "-o", str(page)],
        capture_output=True, text=True, preexec_fn=limited, timeout=120, check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().endswith(f"{page}: cannot be written: File too large; the old file is left as it was")
    assert "Traceback" not in done.stderr
    assert page.read_text(encoding="utf-8") == "old page"
    assert _leftovers(tmp_path) == []


def test_vector_regeneration_on_a_full_disk_leaves_whole_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``write_vectors`` (``python -m schwinget_spec.conformance --write``) failing at its second file leaves the first whole and the second as it was."""
    from schwinget_spec.conformance.vectors import generate  # noqa: PLC0415

    monkeypatch.setattr(generate, "generate_files", lambda: {"a.json": "[1]\n", "b.json": "[2]\n"})
    (tmp_path / "b.json").write_text("old", encoding="utf-8")
    _disk_full(monkeypatch, after=1)
    with pytest.raises(OutputFileError, match=re.escape("b.json: cannot be written: No space left on device; the old file is left as it was")):
        generate.write_vectors(tmp_path)
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == "[1]\n"
    assert (tmp_path / "b.json").read_text(encoding="utf-8") == "old"
    assert _leftovers(tmp_path) == []


def test_a_device_is_written_as_it_is_and_a_link_through(tmp_path: Path) -> None:
    """``/dev/null`` is written into, never replaced by a file; a symbolic link stays a link and its file gets the text."""
    write_text_atomically("/dev/null", "page")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    real = tmp_path / "real.html"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(real.name)
    write_text_atomically(link, "new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    assert _leftovers(tmp_path) == []


def test_a_fallback_trace_that_cannot_be_written_whole_is_removed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``play``'s fallback file whose write fails is removed, and the next fallback place gets the whole trace."""
    from schwinget_spec.presentation import interactive  # noqa: PLC0415

    played = interactive.play_interactive(
        interactive.Table(seed=1), lambda prompt: prompt.rsplit("[", 1)[1].split()[0].rstrip("]:"), lambda _l, _s: None
    )
    full, free = tmp_path / "full", tmp_path / "free"
    full.mkdir()
    free.mkdir()
    real_mkstemp = interactive.tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        handle, name = real_mkstemp(*args, **kwargs)
        if Path(name).parent == full:
            # a descriptor that cannot be written: the write fails as on a full disk
            os.close(handle)
            handle = os.open(name, os.O_RDONLY)
        return handle, name

    monkeypatch.setattr(interactive.tempfile, "mkstemp", mkstemp)
    saved, error = interactive.save_trace_or_fallback(played, tmp_path / "gone" / "t.json", "play-1", fallbacks=(full, free))
    assert error is not None
    assert saved is not None
    assert saved.parent == free
    assert json.loads(saved.read_text(encoding="utf-8")) == played.trace("play-1")
    assert list(full.iterdir()) == []
