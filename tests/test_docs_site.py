"""The documentation site, built once: warnings as errors, every clause and open question has its page, its links resolve, the errata sheets print to A4, and a real browser shows both languages and every table's columns at 390, 768 and 1280 px."""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.registry.ambiguities import AMBIGUITIES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SHOTS = ROOT / "build" / "site-screenshots"
PROBE = Path(__file__).resolve().parent / "site_probe.js"


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


WIDTHS = {"phone": 390, "tablet": 768, "desktop": 1280}
"""The widths every checked page is measured and photographed at."""

CHECKED = {
    "booklet": ("_generated/booklet.html", "#s19"),
    "clause": ("_generated/clauses/deal.trump.html", "h1"),
    "question": ("_generated/ambiguities/AMB-SPECIAL-FARBZWANG.html", "#impact"),
    "errata": ("errata.html", "h1"),
    "errata-sheet-de": ("_generated/errata/de.html", "h1"),
    "proofs-appendix": ("_generated/proofs.html", "table"),
    "proofs-guide": ("proofs.html", "table"),
    "impact-table": ("ambiguities.html", "table.sw-impact"),
}
"""The pages the browser test measures and photographs: name -> (page, what the screenshot opens on). The
booklet opens on its printed tables (rows 19-25), the question on its impact, the guides on their tables."""

MEASURED = (
    *(page for page, _ in CHECKED.values()),
    "_generated/table.html", "_generated/status.html", "_generated/clauses/index.html", "_generated/vectors.html",
    "_generated/gang.html", "index.html", "cli.html", "api.html", "harness.html", "performance.html", "bots.html",
    "conformance.html", "changelog.html", "_generated/errata/fr.html", "_generated/ambiguities/index.html",
    "_generated/ambiguities/AMB-LANG-TRUMP-PLACE.html",
)
"""Every page whose tables the browser test measures at each width (the checked pages and the guides with tables)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once for this module with ``-W``, its proofs taken from the committed evidence (``-D schwinget_proofs=0``: the Z3 queries have their own tests)."""
    _needs(importlib.util.find_spec("sphinx") is not None, "Sphinx")
    out = tmp_path_factory.mktemp("site") / "html"
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "-D", "schwinget_proofs=0",
         str(DOCS), str(out)],
        capture_output=True, text=True, timeout=900, check=False, cwd=ROOT,
    )
    assert build.returncode == 0, build.stderr[-4000:]
    return out


@pytest.fixture(scope="module")
def chromium() -> str:
    """The headless browser the pages are read in."""
    found = _chromium()
    _needs(found is not None, "Chromium")
    assert found is not None
    return found


def test_the_site_builds_into_its_output_directory_with_every_page(site: Path) -> None:
    """Each clause and open question has a page (the build checked its links and facts), the downloads are there; the generated pages live in the output directory, never in docs/."""
    generated = site / "_generated"
    assert {p.stem for p in (generated / "clauses").glob("*.html")} >= set(CLAUSES)
    assert {p.stem for p in (generated / "ambiguities").glob("*.html")} >= {a.id for a in AMBIGUITIES}
    assert (site / "_images").is_dir()
    assert any(p.name.startswith("outcomes") for p in (site / "_images").iterdir())
    # the build itself failed on a broken link or a fact the engine contradicts (broken_links, check_site at build-finished)
    assert not (DOCS / "_generated").exists()
    assert (site / ".doctrees" / "generated" / "booklet.md").is_file()
    cli_page = (site / "cli.html").read_text(encoding="utf-8")
    assert "\u2013check" not in cli_page
    assert "--check" in cli_page
    assert '<table class="sw-cli-exit sw-table">' in cli_page
    assert (generated / "status.html").read_text(encoding="utf-8").count('<tr id="') == len(CLAUSES)
    assert (generated / "proofs.csv").read_text(encoding="utf-8").count("\n") == len(_queries()) + 1
    impact = (site / "_generated" / "impact.csv").read_text(encoding="utf-8").splitlines()
    assert len(impact[0].split(",")) >= 10
    assert 'href="_generated/impact.csv"' in (site / "ambiguities.html").read_text(encoding="utf-8")


def test_notes_retired_ids_and_ask_it_links_are_on_the_built_site(site: Path) -> None:
    """The retired id keeps a page, a note's page shows its Note, and every "Ask it" line of docs/ambiguities.md became a link whose anchor the ask page holds (the build's link check and facts passed on them too)."""
    from schwinget_spec.registry.ambiguities import RETIRED  # noqa: PLC0415

    pages = site / "_generated" / "ambiguities"
    for entry in RETIRED:
        assert f"Retired in {html.escape(entry.retired)}." in (pages / f"{entry.id}.html").read_text(encoding="utf-8")
    note = next(a for a in AMBIGUITIES if a.note is not None)
    assert "A note, not an open question." in (pages / f"{note.id}.html").read_text(encoding="utf-8")
    ask = (site / "ask.html").read_text(encoding="utf-8")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import ask_links  # noqa: PLC0415
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    lines = (DOCS / "ambiguities.md").read_text(encoding="utf-8").count("**Ask it.**")
    linked = 0
    for amb_id, questions in ask_links.links_by_entry().items():
        page = (pages / f"{amb_id}.html").read_text(encoding="utf-8")
        for q in questions:
            mark = ask_links.anchor(q.number)
            assert f'href="../../ask.html#{mark}"' in page, amb_id
            assert f'id="{mark}"' in ask, mark
            linked += 1
    assert linked == lines


def test_the_errata_sheets_are_a4_pdfs_linked_from_their_pages(site: Path) -> None:
    """The German and French sheets: every erratum with its printed and proposed sentence and the winner's share; each printed to an A4 PDF and linked; each question page links its erratum's anchor."""
    from schwinget_spec.registry.errata import ERRATA, erratum_for  # noqa: PLC0415

    for lang in ("de", "fr"):
        page = (site / "_generated" / "errata" / f"{lang}.html").read_text(encoding="utf-8")
        for erratum in ERRATA:
            assert f'id="{erratum.id.lower()}"' in page
            assert html.escape(getattr(erratum, f"printed_{lang}"), quote=True) in page
        assert page.count(" changes the ") >= len(ERRATA)
        assert f'href="errata-{lang}.pdf"' in page
        pdf = (site / "_generated" / "errata" / f"errata-{lang}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF")
        boxes = {tuple(round(float(x)) for x in box.split()) for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", pdf)}
        assert boxes == {(0, 0, 595, 842)}  # A4 in points
    question = (site / "_generated" / "ambiguities" / "AMB-FEST-STARTER.html").read_text(encoding="utf-8")
    settles = erratum_for("AMB-FEST-STARTER")
    assert settles is not None
    assert f'href="../../errata.html#{settles.id.lower()}"' in question
    assert f'href="../errata/de.html#{settles.id.lower()}"' in question


def test_both_languages_and_the_clause_links_read_in_a_browser(site: Path, chromium: str) -> None:
    """Chromium shows the booklet in German and French with a working link to every clause, and a clause page with both texts and source links that resolve."""
    generated = site / "_generated"
    dom = _browse(chromium, (generated / "booklet.html").as_uri(), "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "Diese Karte zeigt die Trumpf-Farbe dieses Ganges an" in dom.stdout
    assert "Cette carte indique la couleur de l’atout de cette passe" in dom.stdout
    links = set(re.findall(r'href="clauses/([^"]+)\.html"', dom.stdout))
    assert links >= set(CLAUSES)
    assert all((generated / "clauses" / f"{c}.html").is_file() for c in links)
    page = _browse(chromium, (generated / "clauses" / "deal.trump.html").as_uri(), "--dump-dom")
    assert "Diese Karte zeigt die Trumpf-Farbe" in page.stdout
    assert "Cette carte indique la couleur" in page.stdout
    for href in re.findall(r'href="(\.\./source/[^"#]+)#L-(\d+)"', page.stdout):
        assert (generated / "clauses" / href[0]).resolve().is_file(), href


def test_no_table_hides_a_column_at_any_width(site: Path, chromium: str) -> None:
    """At 390, 768 and 1280 px every cell of every table is on the page and inside its box (or folded one click away), a hidden header leaves a label on every cell, no table cell scrolls, nothing of the text runs off the page outside a code block's scroll box, and no page is wider than the window; a planted table cut off by its box is found."""
    planted = site / "_generated" / "_planted.html"
    planted.write_text(
        '<html><body><div style="width:200px;overflow-x:auto"><table><thead><tr><th>a</th><th>claim</th></tr></thead>'
        '<tbody><tr><td>x</td><td style="white-space:nowrap">' + "what was proved " * 20 + "</td></tr></tbody></table></div></body></html>",
        encoding="utf-8",
    )
    found = _measure(chromium, site, 390, ["_generated/_planted.html"])
    assert any("row 2 column 2 is " in p for p in found["_generated/_planted.html"]["problems"])
    for width in WIDTHS.values():
        measured = _measure(chromium, site, width, MEASURED)
        for page in MEASURED:
            assert measured[page]["problems"] == [], (width, page, measured[page]["problems"][:10])
            assert measured[page]["width"] <= width, f"{page} overflows at {width} px"
        assert measured["_generated/booklet.html"]["tables"] >= 5


def test_every_checked_page_is_photographed_at_every_width(site: Path, chromium: str) -> None:
    """A screenshot of each checked page (the booklet on its printed tables, a question on its impact) at 390, 768 and 1280 px lands in build/site-screenshots/; one run of Chromium per width photographs them all."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, width in WIDTHS.items():
        shots = _screenshots(chromium, site, width, SHOTS / f"_all-{width}.png")
        for name, shot in shots.items():
            path = SHOTS / f"{name}-{label}-{width}.png"
            shot.save(path)
            assert path.stat().st_size > 10_000, path
            assert len(shot.getcolors(maxcolors=1 << 16) or range(1 << 16)) > 16, f"{path} is blank"


def _frame_page(site: Path, name: str, body: str) -> Path:
    page = site / name
    page.write_text(f'<!DOCTYPE html><html><body style="margin:0">{body}</body></html>', encoding="utf-8")
    return page


def _measure(chromium: str, site: Path, width: int, pages: Sequence[str]) -> dict[str, dict[str, Any]]:
    """What tests/site_probe.js finds on ``pages`` (relative to ``site``), each framed ``width`` pixels wide, in one run of Chromium."""
    frames = "".join(
        f'<iframe data-page="{p}" src="{p}" style="width:{width}px;height:1400px;border:0;display:block"></iframe>'
        for p in pages
    )
    probe = _frame_page(site, f"_probe_{width}.html", frames + f"<script>{PROBE.read_text(encoding='utf-8')}</script>")
    try:
        dom = _browse(chromium, probe.as_uri(), "--allow-file-access-from-files", f"--window-size={width + 40},1400", "--dump-dom")
    finally:
        probe.unlink()
    found = re.search(r'<pre id="sw-measure">(.*?)</pre>', dom.stdout, flags=re.S)
    assert found is not None, dom.stderr[-2000:]
    result: dict[str, dict[str, Any]] = json.loads(html.unescape(found.group(1)))
    assert set(result) == set(pages)
    return result


SHOT_HEIGHT = 1400
"""The height of each screenshot in pixels."""


def _screenshots(chromium: str, site: Path, width: int, whole: Path) -> dict[str, Any]:
    """Each checked page at ``width`` px, ``SHOT_HEIGHT`` px tall, opening on the first element its selector finds: the pages framed one under the other in one screenshot, then cut apart (PIL images by name)."""
    from PIL import Image  # noqa: PLC0415 (Pillow comes with the docs tools, matplotlib's)

    frames = "".join(
        f'<div style="height:{SHOT_HEIGHT}px;overflow:hidden"><iframe data-opens-on="{html.escape(opens_on, quote=True)}" '
        f'src="{page}" style="width:{width}px;height:150000px;border:0;display:block"></iframe></div>'
        for page, opens_on in CHECKED.values()
    )
    script = (
        'document.querySelectorAll("iframe").forEach(function (f) { f.addEventListener("load", function () { '
        "var e = f.contentDocument.querySelector(f.dataset.opensOn); "
        'if (e) { f.style.marginTop = (-(e.getBoundingClientRect().top - 40)) + "px"; } }); });'
    )
    frame = _frame_page(site, f"_shots_{width}.html", frames + f"<script>{script}</script>")
    try:
        done = _browse(chromium, frame.as_uri(), "--allow-file-access-from-files", "--virtual-time-budget=5000",
                       f"--window-size={width},{SHOT_HEIGHT * len(CHECKED)}", f"--screenshot={whole}")
    finally:
        frame.unlink()
    assert done.returncode == 0, done.stderr[-2000:]
    with Image.open(whole) as image:
        out = {
            name: image.crop((0, i * SHOT_HEIGHT, width, (i + 1) * SHOT_HEIGHT)).copy()
            for i, name in enumerate(CHECKED)
        }
    whole.unlink()
    return out


def _queries() -> tuple[Any, ...]:
    from schwinget_spec.proofs.queries import QUERIES  # noqa: PLC0415

    return tuple(QUERIES)
