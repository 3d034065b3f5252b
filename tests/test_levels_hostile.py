"""Hostile and careless engines at the protocol's levels: every wrong answer to a scoring, match or Schwingfest message is a divergence naming what was wrong, a bad hello is refused naming the field, and the reference server answers bad requests and a bad ``--engine`` with a clear error, never a traceback or a hang."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance.harness.level_report import (
    LevelsReport,
    format_level_divergence,
    format_levels,
)
from schwinget_spec.conformance.harness.level_vectors import play_levels
from schwinget_spec.conformance.harness.run import format_report, run_harness
from schwinget_spec.conformance.protocol.engine_session import EngineSession
from schwinget_spec.conformance.protocol.messages import ProtocolError, parse_hello
from schwinget_spec.conformance.protocol.reference_server import (
    EngineLoadError,
    ReferenceEngine,
    load_engine,
    main,
    serve,
)
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.schwingfest import MAX_PLAYERS

JS_DIR = Path(__file__).parent.parent / "examples" / "js"

_ENGINE = '''
import json, sys
from schwinget_spec.conformance.protocol.reference_server import BadRequestError, ReferenceServer
from schwinget_spec.errors import SchwingetError

server = ReferenceServer()
seen = {{"n": 0}}

{tamper}

for line in sys.stdin:
    request = json.loads(line)
    try:
        answer = server.handle(request)
    except SchwingetError as exc:
        answer = {{"ok": False, "error": "bad_request", "message": str(exc)}}
    cmd = request.get("cmd")
    out = tamper(cmd, answer, request)
    if out is not None:
        sys.stdout.write(out if isinstance(out, str) else json.dumps(out) + "\\n")
        sys.stdout.flush()
    if cmd == "bye":
        break
'''
"""The reference server with ``tamper(cmd, answer, request)`` between it and the harness: it returns the answer to send (a dict, a raw line, or None for no answer)."""


def _engine(tmp_path: Path, tamper: str) -> list[str]:
    script = tmp_path / "engine.py"
    script.write_text(_ENGINE.format(tamper=textwrap.dedent(tamper)), encoding="utf-8")
    return [sys.executable, str(script)]


def _levels(command: list[str]) -> LevelsReport:
    """The levels of a short run (one random Gang scored, one match, one Schwingfest; no vectors) against ``command``."""
    session = EngineSession(command, 3.0, 20.0, None)
    try:
        session.connect()
        assert session.hello is not None
        report, gang = play_levels(
            session.get, session.hello, seed=0, vectors=False, gang_played=(0, 0), run=True, matches=1, fests=1, scored=1
        )
    finally:
        session.close()
    assert gang is None
    return report


def _printable(report: LevelsReport) -> str:
    """The report's text and JSON, both encodable as UTF-8 (what the command line prints)."""
    lines = format_levels(report)
    if report.divergence is not None:
        lines += format_level_divergence(report.divergence)
    text = "\n".join(lines) + json.dumps(report.to_json(), ensure_ascii=False)
    text.encode("utf-8")
    return text


def _on(cmd: str, body: str) -> str:
    """A tamper that changes the ``ok`` answers to ``cmd`` by ``body`` (a statement on ``a``, the answer, and ``r``, the request)."""
    return f"def tamper(c, a, r):\n    if c == {cmd!r} and a.get('ok'):\n        {body}\n    return a\n"


# (name, tamper, level, kind, field, words of the message)
_CASES: list[tuple[str, str, str, str, str | None, str]] = [
    ("points as numbers", _on("points", "a['points'] = [float(p) for p in a['points']]"), "scoring", "protocol", "malformed", "points[0]"),
    ("points NaN", _on("points", "a['points'][0] = float('nan')"), "scoring", "protocol", "malformed", "got nan"),
    ("points huge", _on("points", "a['points'][0] = '9' * 5000"), "scoring", "protocol", "malformed", "bad points in points[0]"),
    ("points padded", _on("points", "a['points'][0] = ' ' + a['points'][0] + ' '"), "scoring", "protocol", "malformed",
     "written as the booklet prints them"),
    ("points lone surrogate", _on("points", "a['points'][0] = '\\ud800'"), "scoring", "protocol", "malformed", "\\ud800"),
    ("points missing", _on("points", "del a['points']"), "scoring", "protocol", "malformed", "needs 'points'"),
    ("points refused", "def tamper(c, a, r):\n    return {'ok': False, 'error': 'unsupported'} if c == 'points' else a\n",
     "scoring", "protocol", "error", "'points' answered an error"),
    ("match_start refused", "def tamper(c, a, r):\n    return {'ok': False, 'error': 'unsupported', 'message': '\\ud800'} "
     "if c == 'match_start' else a\n", "match", "protocol", "error", "'match_start' answered an error"),
    ("Gang number true", _on("match_next", "a['gang'] = True if a['gang'] == 1 else a['gang']"), "match", "protocol", "malformed",
     "got True"),
    ("Gang number float", _on("match_next", "a['gang'] = float(a['gang'])"), "match", "protocol", "malformed", "got 1.0"),
    ("starter as a number", _on("match_next", "a['starter'] = 0"), "match", "protocol", "malformed", "needs 'starter'"),
    ("answers out of order",
     "import collections\nq = collections.deque()\n"
     "def tamper(c, a, r):\n    if c != 'match_next':\n        return a\n    q.append(a)\n"
     "    return {'ok': True} if len(q) == 1 else q.popleft()\n",
     "match", "protocol", "malformed", "needs 'gang'"),
    ("no match_next answer", "def tamper(c, a, r):\n    return None if c == 'match_next' else a\n", "match", "protocol", "timeout",
     "match_next"),
    ("exit inside a match", "def tamper(c, a, r):\n    if c == 'match_next' and a.get('gang') == 2:\n        sys.exit(3)\n    return a\n",
     "match", "protocol", "exited", "match_next"),
    ("winner missing", _on("match_result", "del a['winner']"), "match", "protocol", "malformed", "needs 'winner'"),
    ("totals infinite", _on("match_result", "a['totals'] = [1e308 * 10, 2]"), "match", "protocol", "malformed", "got inf"),
    ("schedule of floats", _on("fest_schedule", "a['rounds'] = [[[float(x) for x in p] for p in rr] for rr in a['rounds']]"),
     "schwingfest", "protocol", "malformed", "[1.0, 2.0]"),
    ("schedule of empty rounds", _on("fest_schedule", "a['rounds'] = [[]] * 30"), "schwingfest", "wrong_schedule", "meetings of 0-1",
     "meet 0 times"),
    ("schedule nested deeply", _on("fest_schedule", "return '{\"ok\": true, \"rounds\": ' + '[' * 5000 + ']' * 5000 + '}\\n'"),
     "schwingfest", "protocol", "malformed", "not a JSON line"),
    ("schedule with a huge Schwinger", _on("fest_schedule", "a['rounds'] = [[[0, 10 ** 30]]]"), "schwingfest", "protocol", "malformed",
     "0 <= a < b < 3"),
    ("a schedule of too many rounds", _on("fest_schedule", "a['rounds'] = [[]] * 40"), "schwingfest", "protocol", "malformed",
     "at most 36 rounds"),
    ("meeting starter true", _on("fest_meeting", "a['starter'] = True if a['starter'] == 1 else a['starter']"), "schwingfest",
     "protocol", "malformed", "got True"),
    ("standings too long", _on("fest_result", "a['standings'] = a['standings'] * 1000"), "schwingfest", "protocol", "too_long",
     "longer than"),
    ("standings with a float rank", _on("fest_result", "a['standings'][0]['rank'] = float(a['standings'][0]['rank'])"),
     "schwingfest", "protocol", "malformed", "standings[0].rank"),
    ("a malformed line once in a level Gang",
     "import os\nONCE = os.path.join(os.path.dirname(__file__), 'once')\n"
     "def tamper(c, a, r):\n    seen['n'] += 1\n"
     "    if c == 'apply' and seen['n'] > 10 and not os.path.exists(ONCE):\n        open(ONCE, 'w').close()\n        return 'garbage\\n'\n"
     "    return a\n",
     "gang", "protocol", "malformed", "failed: the answer to 'apply' is not a JSON line"),
    ("a wrong result once in a level Gang",
     "import os\nONCE = os.path.join(os.path.dirname(__file__), 'once')\n"
     "def tamper(c, a, r):\n    if c == 'result' and a.get('ok') and not os.path.exists(ONCE):\n"
     "        open(ONCE, 'w').close()\n        a['schwuenge'] = 99\n    return a\n",
     "gang", "protocol", "result", "failed: its result differed"),
    ("standings naming a Schwinger twice", _on("fest_result", "a['standings'][1]['schwinger'] = a['standings'][0]['schwinger']"),
     "schwingfest", "protocol", "malformed", "standings[1].schwinger"),
]


@pytest.mark.clause("table.columns", "match.winner", "fest.twice_each")
@pytest.mark.parametrize("case", _CASES, ids=[c[0] for c in _CASES])
def test_a_wrong_level_answer_is_a_divergence_naming_it(tmp_path: Path, case: tuple[str, str, str, str, str | None, str]) -> None:
    """Each wrong answer at a level (wrong type, NaN, huge, missing, out of order, none, too long) is a divergence at that level naming it."""
    _, tamper, level, kind, field, words = case
    report = _levels(_engine(tmp_path, tamper))
    assert not report.passed
    divergence = report.divergence
    assert divergence is not None
    assert (divergence.level, divergence.kind, divergence.field) == (level, kind, field)
    assert words in divergence.message
    # the verdict names the level whose game diverged (a level Gang's play fails the level it was played in)
    failed = next(c.level for c in report.checks if c.failures)
    assert report.verdict(True).startswith("DIVERGES at " + failed)
    _printable(report)


@pytest.mark.clause("table.columns")
def test_extra_fields_in_an_answer_are_ignored(tmp_path: Path) -> None:
    """Fields the protocol does not define are ignored: the reference with extra fields in every answer passes every level."""
    report = _levels(_engine(tmp_path, "def tamper(c, a, r):\n    a['extra'] = [1, {'x': None}, '\\ud800']\n    return a\n"))
    assert report.passed, _printable(report)


_HELLO = {"ok": True, "name": "e", "version": "1", "protocol": 2, "levels": ["gang", "scoring", "match", "schwingfest"]}


@pytest.mark.parametrize(
    ("patch", "words"),
    [
        ({"levels": ["gang", "match"]}, "declares the level 'match' without 'scoring'"),
        ({"levels": ["scoring"]}, "declares the level 'scoring' without 'gang'"),
        ({"levels": "gang"}, "'levels': a list of strings"),
        ({"levels": ["gang", "gang"]}, "a code twice in 'levels'"),
        ({"levels": ["Gang"]}, "unknown codes in 'levels'"),
        ({"levels": ["gang", "\ud800"]}, "unknown codes in 'levels'"),
        ({"levels": None}, "'levels': a list of strings"),
        ({"levels": []}, "must declare the level 'gang'"),
        ({"protocol": 2.0}, "'protocol': an integer"),
        ({"protocol": True}, "'protocol': an integer"),
        ({"protocol": 3}, "speaks protocol 3"),
        ({"protocol": 10**100}, "speaks protocol 1000"),
        ({"protocol": float("nan")}, "'protocol': an integer"),
        ({"switches": ["nope"]}, "switches[0]: unknown rules switch 'nope'"),
        ({"switches": "fest_starter"}, "switches: a list of switch names or an object of switch -> values"),
        ({"name": 5}, "'name' and 'version' strings"),
    ],
)
def test_a_bad_hello_is_refused_naming_the_field(patch: dict[str, Any], words: str) -> None:
    """A hello with bad levels (a level without the one it needs, no gang, unknown, twice), a bad protocol or bad switches is refused naming the field."""
    with pytest.raises(ProtocolError, match=None) as caught:
        parse_hello({**_HELLO, **patch})
    assert caught.value.kind == "malformed"
    assert words in str(caught.value)


def test_a_hello_without_levels_is_refused() -> None:
    """Protocol 2 without ``levels`` is refused naming it."""
    with pytest.raises(ProtocolError, match="needs 'levels' in protocol 2"):
        parse_hello({k: v for k, v in _HELLO.items() if k != "levels"})


def test_a_lone_surrogate_in_the_name_prints(tmp_path: Path) -> None:
    """A name with a lone surrogate is shown escaped: the report prints as UTF-8 (the command line died on it)."""
    tamper = _on("hello", "a['name'] = 'x\\ud800'")
    report = run_harness(_engine(tmp_path, tamper), games=0, vectors=False, steer=0, timeout=3.0)
    text = format_report(report)
    text.encode("utf-8")
    json.dumps(report.to_json(), ensure_ascii=False).encode("utf-8")
    assert "x\\ud800" in text


@pytest.mark.clause("schwung.lead")
def test_a_refusal_with_lone_surrogates_prints(tmp_path: Path) -> None:
    """An engine that refuses a legal action with a lone surrogate in its message and clause gets a printable refused_legal report."""
    tamper = (
        "def tamper(c, a, r):\n    seen['n'] += 1\n"
        "    if c == 'apply' and seen['n'] > 40 and a.get('ok'):\n"
        "        return {'ok': False, 'error': 'illegal', 'clause': 'x\\ud800', 'message': 'no\\udc00'}\n    return a\n"
    )
    report = run_harness(_engine(tmp_path, tamper), games=2, vectors=False, steer=0, timeout=3.0, shrink=False)
    text = format_report(report)
    text.encode("utf-8")
    json.dumps(report.to_json(), ensure_ascii=False).encode("utf-8")
    assert "DIVERGES at gang" in text


# -- the reference server


def _serve(*requests: str) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(ReferenceEngine(), io.StringIO("".join(r + "\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.clause("fest.more_players")
@pytest.mark.parametrize(
    ("request_line", "words"),
    [
        ('{"cmd":"fest_start","players":1000000000,"sets":1,"system":"punktewertung","rules":{}}', "players must be 3 to"),
        (f'{{"cmd":"fest_start","players":{MAX_PLAYERS + 1},"sets":1,"system":"punktewertung"}}', "players must be 3 to"),
        ('{"cmd":"fest_start","players":2,"system":"punktewertung"}', "players must be 3 to"),
        ('{"cmd":"fest_start","players":3.0,"system":"punktewertung"}', "players must be 3 to"),
        ('{"cmd":"fest_start","players":3,"sets":0.5,"system":"punktewertung"}', "sets must be 1 or more"),
        ('{"cmd":"match_start","length":4.0,"system":"punktewertung","younger":"P0"}', "length must be 4 or 6"),
        ('{"cmd":"match_start","length":true,"system":"punktewertung","younger":"P0"}', "length must be 4 or 6"),
        ("[" * 30000 + "]" * 30000, "nested too deeply"),
        ("[" * 100000 + "]" * 100000, "longer than 65536 characters"),
        ('{"cmd":"\\ud800"}', "unknown cmd"),
    ],
)
def test_the_reference_server_answers_a_bad_request(request_line: str, words: str) -> None:
    """An absurd Schwingfest, a float match length, a request nested too deeply are answered ``bad_request`` naming the field; the server goes on."""
    first, second = _serve(request_line, '{"cmd":"hello"}', '{"cmd":"bye"}')[:2]
    assert (first["ok"], first["error"]) == (False, "bad_request")
    assert words in first["message"]
    assert (second["ok"], second["protocol"]) == (True, 2)


def test_the_reference_server_answers_bytes_that_are_not_utf8() -> None:
    """Bytes that are not UTF-8 on its input are a bad request, not a crash; the next request is answered."""
    run = subprocess.run(
        [sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server"],
        input=b'\xff\xfe{"cmd":"hello"}\n{"cmd":"bye"}\n', capture_output=True, timeout=60, check=False,
    )
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert run.returncode == 0, run.stderr
    assert lines == [{"ok": False, "error": "bad_request", "message": lines[0]["message"]}, {"ok": True}]


class _NeedsArgs(ReferenceEngine):
    def __init__(self, x: int) -> None:
        self.x = x


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("no_such_module_for_levels:Engine", "does not import: ModuleNotFoundError"),
        ("json:no_such_name", "has no 'no_such_name'"),
        ("json:dumps", "'dumps' is not a ReferenceEngine subclass"),
        ("schwinget_spec.conformance.protocol.reference_server:ReferenceServer", "not a ReferenceEngine subclass"),
        ("schwinget_spec.conformance.protocol.reference_server:EngineLoadError", "not a ReferenceEngine subclass"),
        ("test_levels_hostile:_NeedsArgs", "_NeedsArgs() fails: TypeError"),
        ("broken_engine_module:Engine", "does not import: SyntaxError"),
        ("noclass", "takes module:Class"),
        ("json:", "takes module:Class"),
        (":Engine", "takes module:Class"),
    ],
)
def test_a_bad_engine_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], spec: str, words: str
) -> None:
    """``--engine`` naming a missing module, a broken one, a non-class, a class that is no ReferenceEngine, or one that needs arguments: a clear error and exit 2."""
    (tmp_path / "broken_engine_module.py").write_text("class Engine(\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    with pytest.raises(EngineLoadError, match=None) as caught:
        load_engine(spec)
    assert words in str(caught.value)
    with pytest.raises(SystemExit) as exited:
        main(["--engine", spec])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert words in err
    assert "Traceback" not in err


def test_a_bad_engine_exits_2_from_the_command_line() -> None:
    """``python -m schwinget_spec.conformance.protocol.reference_server --engine missing:X`` prints one error line and exits 2."""
    run = subprocess.run(
        [sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server", "--engine", "no_such_module_for_levels:X"],
        input=b"", capture_output=True, timeout=60, check=False,
    )
    assert run.returncode == 2
    assert b"Traceback" not in run.stderr
    assert b"no_such_module_for_levels" in run.stderr


@pytest.mark.clause("fest.more_players")
@pytest.mark.parametrize("script", ["schwinget.js", "schwinget_buggy.js", "schwinget_scoring_bug.js"])
def test_the_javascript_engines_refuse_an_absurd_schwingfest(script: str) -> None:
    """The JavaScript engines answer a Schwingfest of 10**9 Schwinger ``bad_request`` at once (they built its schedule without end)."""
    node = shutil.which("node") or "node"
    lines = (
        '{"cmd":"fest_start","players":1000000000,"sets":1,"system":"punktewertung","rules":{}}\n'
        '{"cmd":"fest_schedule"}\n{"cmd":"bye"}\n'
    )
    run = subprocess.run([node, str(JS_DIR / script)], input=lines.encode(), capture_output=True, timeout=60, check=False)
    start, schedule, bye = (json.loads(line) for line in run.stdout.splitlines())
    assert (start["ok"], start["error"]) == (False, "bad_request")
    assert "players must be 3" in start["message"]
    assert (schedule["ok"], schedule["error"]) == (False, "bad_request")
    assert bye == {"ok": True}


def test_the_reference_server_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` prints the usage and exits 0; ``--engine=module:Class`` is ``--engine module:Class``; anything else is a usage error (exit 2) naming it."""
    main(["--help"])
    assert capsys.readouterr().out.startswith("usage: python -m schwinget_spec.conformance.protocol.reference_server")
    with pytest.raises(SystemExit) as exited:
        main(["--bogus"])
    assert exited.value.code == 2
    assert "unexpected argument '--bogus'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main(["--engine=json:dumps"])
    assert exited.value.code == 2
    assert "'dumps' is not a ReferenceEngine subclass" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("keyword", "value"),
    [("matches", -1), ("fests", 1.5), ("scored", True), ("matches", "8"), ("seed", 0.5), ("seed", None)],
)
def test_play_levels_refuses_a_bad_count_or_seed(keyword: str, value: Any) -> None:
    """``play_levels`` with a negative, float, bool or string count, or a seed that is not an integer: InvalidArgumentError naming it, nothing played."""
    hello = parse_hello(_HELLO)
    kwargs: dict[str, Any] = {"seed": 0, keyword: value}

    def no_engine() -> Any:
        raise AssertionError("nothing may be played")

    with pytest.raises(InvalidArgumentError) as caught:
        play_levels(no_engine, hello, vectors=False, gang_played=(0, 0), run=True, **kwargs)
    assert caught.value.parameter == keyword


_GOOD_DEAL = {
    "hands": [["KR", "Y4", "Y2", "G1", "B4"], ["G3", "B5", "B1", "Y1", "G5"]],
    "revealed": "G6", "face_down": ["R6", "R4", "B3"],
    "pile": ["R2", "Y3", "R3", "B6", "R5", "Y5", "BK", "Y6", "B2", "G2", "R1", "G4"],
}


@pytest.mark.clause("deal.hands")
@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("x", "deal: a deal is an object"),
        ({k: v for k, v in _GOOD_DEAL.items() if k != "pile"}, "deal: a deal needs 'pile'"),
        ({**_GOOD_DEAL, "hands": "ab"}, "deal: hands is a list of two lists"),
        ({**_GOOD_DEAL, "hands": [[1, 2, 3, 4, 5], ["G3", "B5", "B1", "Y1", "G5"]]}, "card code"),
        ({**_GOOD_DEAL, "pile": None}, "deal: hands is a list of two lists"),
        ({**_GOOD_DEAL, "revealed": "KR", "face_down": ["G6", "R4", "B3"]}, "bad deal"),
        ({**_GOOD_DEAL, "revealed": "\ud800"}, "card code"),
    ],
)
def test_the_reference_server_refuses_a_bad_deal(deal: Any, words: str) -> None:
    """A ``start`` whose deal is not an object, lacks a part, has parts of the wrong shape or bad card codes: ``bad_request`` naming it."""
    start = json.dumps({"cmd": "start", "deal": deal, "starter": "P0", "rules": {}})
    answer, good = _serve(start, json.dumps({"cmd": "start", "deal": _GOOD_DEAL, "starter": "P0", "rules": {}}), '{"cmd":"bye"}')[:2]
    assert (answer["ok"], answer["error"]) == (False, "bad_request")
    assert answer["message"].startswith("bad deal: ")
    assert words in answer["message"]
    assert good == {"ok": True}
