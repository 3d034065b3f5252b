"""Reports cannot be turned against their reader: every text from an engine is escaped for HTML, markdown, JUnit XML and the terminal."""

from __future__ import annotations

import copy
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from schwinget_spec.cli import cli
from schwinget_spec.conformance.mutants.kill import run_mutant
from schwinget_spec.conformance.mutants.registry import get_mutant
from schwinget_spec.conformance.protocol.messages import PROTOCOL_VERSION
from schwinget_spec.conformance.reports import html_page, junit_xml, markdown_page, summarise
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.support.safe_text import (
    code_fence,
    code_span,
    markdown_text,
    shown,
    terminal_json,
    terminal_text,
    xml_text,
)

HOSTILE = (
    '<script>alert(1)</script> <img src=x onerror=alert(2)> <iframe src="javascript:alert(3)"></iframe> '
    "[click](javascript:alert(4)) ![i](https://evil.example/i.png) <https://evil.example> https://evil.example "
    "www.evil.example mail@evil.example \x1b]0;pwned\x07 \x1b[2J \x00\x0b\x9b\u202e ``` | # *x*"
)
"""A text an engine might send: tags, links of every kind markdown knows, terminal escapes, characters XML cannot hold."""


@pytest.fixture(scope="module")
def hostile() -> dict[str, Any]:
    """The JSON report of a failing run (a mutant engine, in process) whose every engine text is HOSTILE."""
    _, report = run_mutant(get_mutant("konter-beats-trump-five"), in_process=True, games=0)
    data: dict[str, Any] = json.loads(json.dumps(report.to_json()))
    data = copy.deepcopy(data)
    data["implementation"] = HOSTILE
    data["command"] = [HOSTILE]
    divergence = data["divergence"]
    divergence["message"] = HOSTILE
    divergence["kind"] = HOSTILE
    divergence["stderr"] = HOSTILE + "\nsecond line " + HOSTILE
    divergence["field"] = HOSTILE
    divergence["actual"] = HOSTILE
    divergence["reproduction"]["protocol_lines"] = [HOSTILE, "```", HOSTILE]
    data["vector_results"] = [*data.get("vector_results", []), {"id": HOSTILE, "status": "passed", "reason": HOSTILE}]
    return data


def test_html_page_escapes_every_engine_text(hostile: dict[str, Any]) -> None:
    """The HTML page holds none of the engine's tags and no control character; the texts show escaped."""
    page = html_page([summarise(hostile)])
    assert "<script" not in page
    assert "<img" not in page
    assert "<iframe" not in page
    assert "&lt;script&gt;" in page
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", page)
    assert "\\x1b]0;pwned\\x07" in page


def test_markdown_page_has_no_html_and_no_foreign_link(hostile: dict[str, Any]) -> None:
    """Rendered by a CommonMark renderer with tables, the markdown page has no tag from the engine and no link but to itself."""
    page = markdown_page([summarise(hostile)])
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", page)
    rendered = MarkdownIt("commonmark", {"html": True}).enable("table").render(page)
    for tag in ("<script", "<img", "<iframe"):
        assert tag not in rendered
    hrefs = re.findall(r'<a href="([^"]*)"', rendered)
    assert all(href.startswith("#") for href in hrefs), hrefs
    # the text itself is all there, escaped for markdown
    assert "\\<script\\>" in page
    assert "\\x1b\\]0;pwned\\x07" in page or "\\x1b]0;pwned\\x07" in page


def test_markdown_text_escapes_autolinks_and_markup() -> None:
    """Plain markdown text escapes every ASCII punctuation mark, so no URL, address, tag or emphasis is recognised."""
    assert markdown_text("https://a.b <b> *x* a@b.c") == "https\\:\\/\\/a\\.b \\<b\\> \\*x\\* a\\@b\\.c"
    assert code_span("a``b|c") == "```a``b\\|c```"
    assert code_span("`x") == "`` `x ``"
    assert code_fence(["````"]) == ["`````", "````", "`````"]


def test_junit_xml_is_well_formed_with_control_characters(hostile: dict[str, Any]) -> None:
    """The JUnit XML of a report whose engine texts hold control characters parses, and shows them escaped."""
    text = junit_xml(summarise(hostile))
    root = ET.fromstring(text)
    failures = list(root.iter("failure"))
    assert failures
    assert any("\\x1b]0;pwned\\x07" in (node.text or "") for node in failures)
    assert xml_text("a\x00b\ud800c\tq\nr") == "a\\x00b\\ud800c\tq\nr"


def test_report_command_writes_well_formed_junit_and_safe_markdown(tmp_path: Path, hostile: dict[str, Any]) -> None:
    """``conformance report`` on a hostile report writes a markdown page without tags and a JUnit file that parses."""
    source = tmp_path / "run.json"
    source.write_text(json.dumps(hostile), encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["conformance", "report", str(source), "-o", str(tmp_path / "page.md"), "--junit", str(tmp_path / "j.xml")]
    )
    assert result.exit_code == 0, result.output
    ET.parse(tmp_path / "j.xml")
    rendered = MarkdownIt("commonmark", {"html": True}).enable("table").render((tmp_path / "page.md").read_text(encoding="utf-8"))
    assert "<script" not in rendered
    assert "&lt;script&gt;" in rendered


def test_terminal_text_shows_escape_sequences() -> None:
    """Terminal text shows ESC, BEL, a carriage return and C1 controls escaped and keeps its lines."""
    assert terminal_text("a\x1b]0;x\x07\r\x9bb\nc") == "a\\x1b]0;x\\x07\\r\\x9bb\nc"
    assert terminal_text("a\nb", keep_lines=False) == "a\\nb"
    assert shown(10**5000) == "an int of 16610 bits"


def _hostile_engine(tmp_path: Path) -> Path:
    """An engine whose name and version hold terminal escape sequences and whose refusals write one to stderr."""
    script = tmp_path / "engine.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    req = json.loads(line)\n"
        "    if req['cmd'] == 'hello':\n"
        f"        print(json.dumps({{'ok': True, 'name': 'x\\x1b]0;pwned\\x07y\\x9b\\u202e', 'version': '\\x1b[31m', "
        f"'protocol': {PROTOCOL_VERSION}, 'levels': ['gang']}}), flush=True)\n"
        "        continue\n"
        "    sys.stderr.write('boom \\x1b[2J\\n'); sys.stderr.flush()\n"
        "    print(json.dumps({'ok': False, 'error': 'no \\x1b]0;pwned\\x07'}), flush=True)\n",
        encoding="utf-8",
    )
    return script


def test_conformance_run_prints_engine_escapes_escaped(tmp_path: Path) -> None:
    """The text report of ``conformance run`` shows an engine's terminal escape sequences escaped, never raw."""
    script = _hostile_engine(tmp_path)
    junit = tmp_path / "run.xml"
    result = CliRunner().invoke(
        cli,
        ["conformance", "run", "--no-vectors", "--games", "1", "--steer", "0", "--deadline", "60", "--junit", str(junit),
         "--", sys.executable, str(script)],
    )
    assert result.exit_code == 1, result.output
    assert "\x1b" not in result.output
    assert "\x07" not in result.output
    assert "\\x1b]0;pwned\\x07" in result.output
    # the run's own JUnit XML holds the engine's control characters escaped, and parses
    assert "\\x1b" in junit.read_text(encoding="utf-8")
    ET.parse(junit)


def test_a_lone_surrogate_in_a_run_file_makes_utf8_pages(tmp_path: Path, hostile: dict[str, Any]) -> None:
    """A run file whose texts hold a lone surrogate (a JSON escape) makes an HTML page, a markdown page and JUnit XML that are UTF-8."""
    source = tmp_path / "run.json"
    source.write_text(json.dumps({**hostile, "implementation": "a\ud800b", "command": ["\udfff"]}), encoding="utf-8")
    # shown as its escape: in markdown the backslash is escaped too, and renders as one
    for page, shown_as in (("page.html", "a\\ud800b"), ("page.md", "a\\\\ud800b")):
        result = CliRunner().invoke(
            cli, ["conformance", "report", str(source), "-o", str(tmp_path / page), "--junit", str(tmp_path / "j.xml")]
        )
        assert result.exit_code == 0, result.output
        assert shown_as in (tmp_path / page).read_text(encoding="utf-8")
    ET.parse(tmp_path / "j.xml")


@pytest.mark.parametrize("place", ["key", "rules"])
def test_verify_prints_trace_text_escaped_and_never_as_markup(tmp_path: Path, place: str) -> None:
    """``schwinget verify`` on a trace whose keys hold rich markup (``[/x]``) and escape sequences prints its verdict, escaped: no traceback."""
    doc = json.loads(json.dumps(next(
        v.input for v in load_vectors().vectors if v.kind == "trace" and v.expected.get("verdict") == "conforms"
    )))
    hostile = "[/x] [bold]\x1b]0;pwned\x07"
    if place == "key":
        doc[hostile] = 1
    else:
        doc["rules"] = {hostile: True}
    trace = tmp_path / "t.json"
    trace.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", str(trace)])
    assert result.exit_code == 1, result.output
    assert "\x1b" not in result.output
    assert "[/x] [bold]\\x1b]0;pwned\\x07" in result.output


def test_replay_prints_names_and_ids_escaped(tmp_path: Path) -> None:
    """``schwinget replay`` of a Schwingfest whose names and id hold escape sequences and markup shows them escaped."""
    fest = json.loads(json.dumps(next(
        v.input for v in load_vectors().vectors
        if v.kind == "trace" and v.expected.get("verdict") == "conforms" and v.input["kind"] == "schwingfest"
    )))
    fest["players"] = [f"[/x]\x1b]0;pwned\x07{i}" for i in range(len(fest["players"]))]
    fest["id"] = "[bold]\x1b[2J"
    trace = tmp_path / "fest.json"
    trace.write_text(json.dumps(fest), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(trace)])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    assert "trace [bold]\\x1b[2J" in result.output
    assert "([/x]\\x1b]0;pwned\\x070)" in result.output


def test_conformance_run_json_on_the_terminal_escapes_what_a_terminal_acts_on(tmp_path: Path) -> None:
    """``conformance run --json`` alone prints JSON whose C1 controls and bidirectional marks are escapes, reading back as the same report."""
    script = _hostile_engine(tmp_path)
    result = CliRunner().invoke(
        cli,
        ["conformance", "run", "--no-vectors", "--games", "1", "--steer", "0", "--deadline", "60", "--json", "--",
         sys.executable, str(script)],
    )
    assert result.exit_code == 1, result.output
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]", result.output)
    report = json.loads(result.output)
    assert report["implementation"].startswith("x\x1b]0;pwned\x07y")
    assert terminal_json({"a": "\x9b\u202e"}) == '{\n  "a": "\\u009b\\u202e"\n}'
