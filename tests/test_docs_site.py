"""The documentation site: it builds with warnings as errors, every clause and open question has its page, its links resolve, and a real browser shows both languages."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from schwinget_spec.ambiguities import AMBIGUITIES
from schwinget_spec.clauses import CLAUSES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SHOTS = ROOT / "build" / "site-screenshots"


def _needs(available: bool, what: str) -> None:
    """Outside CI a missing docs tool skips with its name; in CI (CI=true) it fails: the site is part of the check."""
    if available:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing in CI: .ci/run installs it")
    pytest.skip(f"{what} is not installed here (pip install -e '.[docs]'; apt-get install chromium)")


def _site_module() -> object:
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import schwinget_site  # noqa: PLC0415

        return schwinget_site
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _browse(chromium: str, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *args, url],
        capture_output=True, text=True, timeout=120, check=False,
    )


def test_broken_links_finds_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    """The link check of the build reports a link to no file and a link to an anchor the page lacks."""
    _needs(importlib.util.find_spec("sphinx") is not None, "Sphinx")
    site = _site_module()
    (tmp_path / "a.html").write_text('<p id="here"><a href="b.html#there">x</a><a href="#here">y</a></p>')
    (tmp_path / "b.html").write_text('<a href="c.html">z</a><a href="a.html#here">ok</a><code>&lt;a href="d.html"&gt;</code>')
    assert site.broken_links(tmp_path) == ["a.html -> b.html#there", "b.html -> c.html"]  # type: ignore[attr-defined]


def test_site_builds_and_reads_in_a_browser(tmp_path_factory: pytest.TempPathFactory) -> None:
    """`python -m sphinx -W` builds the site; each clause and open question has a page; its facts are the engine's; Chromium shows both languages and working clause links, and eight pages at 1280 and 390 px without a page wider than the window."""
    _needs(importlib.util.find_spec("sphinx") is not None, "Sphinx")
    out = tmp_path_factory.mktemp("site") / "html"
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)],
        capture_output=True, text=True, timeout=900, check=False, cwd=ROOT,
    )
    assert build.returncode == 0, build.stderr[-4000:]

    generated = out / "_generated"
    assert {p.stem for p in (generated / "clauses").glob("*.html")} >= set(CLAUSES)
    assert {p.stem for p in (generated / "ambiguities").glob("*.html")} >= {a.id for a in AMBIGUITIES}
    assert (out / "_images").is_dir()
    assert any(p.name.startswith("outcomes") for p in (out / "_images").iterdir())
    assert _site_module().broken_links(out) == []  # type: ignore[attr-defined]

    chromium = _chromium()
    _needs(chromium is not None, "Chromium")
    assert chromium is not None
    booklet = (generated / "booklet.html").as_uri()
    clause = (generated / "clauses" / "deal.trump.html").as_uri()
    dom = _browse(chromium, booklet, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "Diese Karte zeigt die Trumpf-Farbe dieses Ganges an" in dom.stdout
    assert "Cette carte indique la couleur de l’atout de cette passe" in dom.stdout
    links = set(re.findall(r'href="clauses/([^"]+)\.html"', dom.stdout))
    assert links >= set(CLAUSES)
    assert all((generated / "clauses" / f"{c}.html").is_file() for c in links)

    page = _browse(chromium, clause, "--dump-dom")
    assert "Diese Karte zeigt die Trumpf-Farbe" in page.stdout
    assert "Cette carte indique la couleur" in page.stdout
    for href in re.findall(r'href="(\.\./source/[^"#]+)#L-(\d+)"', page.stdout):
        assert (generated / "clauses" / href[0]).resolve().is_file(), href

    assert _facts_module().check_site(out) == []  # type: ignore[attr-defined]
    cli_page = (out / "cli.html").read_text(encoding="utf-8")
    assert "\u2013check" not in cli_page
    assert "--check" in cli_page
    assert '<table class="sw-cli-exit sw-table">' in cli_page
    assert (generated / "status.html").read_text(encoding="utf-8").count('<tr id="') == len(CLAUSES)

    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = {
        "booklet": generated / "booklet.html",
        "clause": generated / "clauses" / "deal.trump.html",
        "question": generated / "ambiguities" / "AMB-SPECIAL-FARBZWANG.html",
        "table": generated / "table.html",
        "status": generated / "status.html",
        "cli": out / "cli.html",
        "api": out / "api.html",
        "index": out / "index.html",
    }
    wide = out / "_generated" / "wide.html"
    wide.write_text('<html><body style="margin:0"><div style="width:1000px">x</div></body></html>', encoding="utf-8")
    assert _page_width(chromium, wide, 390) >= 1000  # the probe sees a page wider than its frame
    for name, path in pages.items():
        for label, width in (("desktop", 1280), ("phone", 390)):
            shot = SHOTS / f"{name}-{label}.png"
            done = _browse(chromium, path.as_uri(), f"--window-size={width},1400", f"--screenshot={shot}")
            assert done.returncode == 0, done.stderr[-2000:]
            assert shot.stat().st_size > 10_000, shot
            assert _page_width(chromium, path, width) <= width, f"{name} overflows at {width} px"


def _page_width(chromium: str, page: Path, width: int) -> int:
    """The width of ``page``'s document as Chromium lays it out in a frame ``width`` pixels wide (a probe page beside it reads the frame's scrollWidth into the DOM)."""
    probe = page.with_name(f"_width_probe_{page.name}")
    probe.write_text(
        f'<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="{page.name}" '
        f'style="width:{width}px;height:1400px;border:0"></iframe><script>window.addEventListener("load", () => '
        '{ const d = document.getElementById("f").contentDocument.documentElement; '
        'document.body.setAttribute("data-sw-width", String(d.scrollWidth)); });</script></body></html>',
        encoding="utf-8",
    )
    try:
        dom = _browse(chromium, probe.as_uri(), "--allow-file-access-from-files", "--window-size=1400,1400", "--dump-dom")
    finally:
        probe.unlink()
    found = re.search(r'data-sw-width="(\d+)"', dom.stdout)
    assert found is not None, dom.stderr[-2000:]
    return int(found.group(1))


def _facts_module() -> object:
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module("site_facts")
    finally:
        sys.path.remove(str(DOCS / "_ext"))
