"""Hostile requests to the protocol servers (the compiled twin's and the reference's): every bad line gets ``bad_request``, never a traceback or a hang."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from schwinget_spec.conformance.protocol.reference_server import (
    MAX_REQUEST_CHARS,
    ReferenceServer,
    answer_requests,
)
from schwinget_spec.deal import Deal
from schwinget_spec.twin.engine import TwinServer
from schwinget_spec.twin.engine import main as twin_main

_SERVERS: dict[str, Callable[[], Callable[[Any], dict[str, Any]]]] = {
    "twin": lambda: TwinServer().handle,
    "reference": lambda: ReferenceServer().handle,
}
_MODULES = {"twin": "schwinget_spec.twin.engine", "reference": "schwinget_spec.conformance.protocol.reference_server"}

_DEAL: dict[str, Any] = dict(Deal.shuffled(0).to_codes())
_HANDS = _DEAL["hands"]


def _start(**fields: Any) -> str:
    return json.dumps({"cmd": "start", "deal": _DEAL, "starter": "P0", "rules": {}} | fields)


def _session(server: str, text: str) -> list[dict[str, Any]]:
    out = io.StringIO()
    answer_requests(_SERVERS[server](), io.StringIO(text), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


# (request line, words of the bad_request message)
_BAD_LINES: list[tuple[str, str]] = [
    ("not json", "Expecting value"),
    ("{\"cmd\": \"hello\"", "Expecting"),
    ("[" * 30000 + "]" * 30000, "nested too deeply"),
    ('{"cmd": "start", "deal": ' + "[" * 20000 + "]" * 20000 + "}", "nested too deeply"),
    ("[" * (MAX_REQUEST_CHARS + 1), f"longer than {MAX_REQUEST_CHARS} characters"),
    ("x" * 1_000_000, f"longer than {MAX_REQUEST_CHARS} characters"),
    ('{"cmd": "hello", "pad": "' + "\u00e9" * MAX_REQUEST_CHARS + '"}', "longer than"),
    ("1" * 5000, "digits"),
    ('{"cmd": ' + "9" * 5000 + "}", "digits"),
    ("[]", "a request is a JSON object"),
    ("null", "a request is a JSON object"),
    ('"hello"', "a request is a JSON object"),
    ("{}", "unknown cmd None"),
    ('{"cmd": 5}', "unknown cmd 5"),
    ('{"cmd": NaN}', "unknown cmd nan"),
    ('{"cmd": "\\ud800"}', "unknown cmd"),
    ('{"cmd": ["' + "y" * 50000 + '"]}', "unknown cmd"),
    ('{"cmd": "legal"}', "no Gang started"),
    ('{"cmd": "apply", "action": "G1"}', "no Gang started"),
    ('{"cmd": "result"}', "no Gang started"),
    (_start(deal="x"), "bad deal: "),
    (_start(deal=None), "bad deal: "),
    (_start(deal={k: v for k, v in _DEAL.items() if k != "pile"}), "bad deal: deal: a deal needs 'pile'"),
    (_start(deal=_DEAL | {"hands": [_HANDS[0], _HANDS[0]]}), "bad deal: "),
    (_start(deal=_DEAL | {"hands": [_HANDS[0] * 2000, _HANDS[1]]}), "bad deal: "),
    (_start(deal=_DEAL | {"revealed": "ZZ"}), "bad deal: unknown card code"),
    (_start(deal=_DEAL | {"revealed": 1e999}), "bad deal: "),
    (_start(deal=_DEAL | {"pile": [[[]]]}), "bad deal: "),
    (_start(starter="P2"), 'starter must be "P0" or "P1"'),
    (_start(starter=None), 'starter must be "P0" or "P1"'),
    (_start(rules="all"), "rules must be an object"),
    (_start(rules=[]), "rules must be an object"),
]


@pytest.mark.parametrize("server", sorted(_SERVERS))
@pytest.mark.parametrize(("line", "words"), _BAD_LINES, ids=range(len(_BAD_LINES)))
def test_a_bad_request_is_answered_bad_request(server: str, line: str, words: str) -> None:
    """A line that is no request, too deep, too long, or whose fields do not read: ``bad_request`` naming why, a short message, then the next request is answered."""
    bad, hello = _session(server, f"{line}\n{{\"cmd\": \"hello\"}}\n")
    assert (bad["ok"], bad["error"]) == (False, "bad_request")
    assert words in bad["message"]
    assert len(bad["message"]) <= 1000
    assert hello["ok"] is True


@pytest.mark.parametrize("server", sorted(_SERVERS))
@pytest.mark.parametrize("action", [None, 5, ["G1"], "", "ZZ", "G7", "\ud800", "x" * 5000])
def test_an_action_that_is_no_code_is_a_bad_request(server: str, action: Any) -> None:
    """``apply`` with an action that is not a string or names no action: ``bad_request`` in both servers alike, and the Gang goes on."""
    apply = json.dumps({"cmd": "apply", "action": action})
    started, bad, legal = _session(server, f"{_start()}\n{apply}\n{{\"cmd\": \"legal\"}}\n")
    assert started == {"ok": True}
    assert (bad["ok"], bad["error"]) == (False, "bad_request")
    assert legal["ok"] is True
    assert legal["actions"]


@pytest.mark.clause("kampfrichter.chooses")
def test_both_servers_answer_alike() -> None:
    """An unknown switch or value is ``unsupported``, a forbidden action ``illegal`` with its clause, both servers alike (each in its own words)."""
    lines = [
        _start(rules={"no_such_switch": True}),
        _start(rules={"void_konter_beats_six": "yes"}),
        _start(),
        json.dumps({"cmd": "apply", "action": "L0"}),
        json.dumps({"cmd": "result"}),
        json.dumps({"cmd": "state"}),
    ]
    twin, reference = ([{k: v for k, v in a.items() if k != "message"} for a in _session(s, "\n".join(lines) + "\n")]
                       for s in ("twin", "reference"))
    assert twin == reference
    assert [a.get("error") for a in twin] == ["unsupported", "unsupported", None, "illegal", "not_over", None]
    assert twin[3]["clause"] == "kampfrichter.chooses"


@pytest.mark.parametrize("server", sorted(_MODULES))
def test_the_process_answers_hostile_bytes_and_ends(server: str) -> None:
    """The server as a process: bytes that are not UTF-8 (alone or inside a JSON string), a 1 MB line, deep nesting and blank lines each get ``bad_request``; it exits 0 with nothing on stderr."""
    hostile = [
        b"\xff\xfe" + b'{"cmd":"hello"}',
        b'{"cmd":"hello","name":"\xc3\x28"}',
        b"\xed\xa0\x80",
        b"y" * 1_000_000,
        b"[" * 30000 + b"]" * 30000,
        b"   ",
    ]
    data = b"\n".join([*hostile, b'{"cmd":"hello"}', b'{"cmd":"bye"}', b'{"cmd":"hello"}']) + b"\n"
    run = subprocess.run(
        [sys.executable, "-m", _MODULES[server]], input=data, capture_output=True, timeout=120, check=False,
    )
    assert (run.returncode, run.stderr) == (0, b"")
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    # five bad lines (the blank one is passed over), hello, bye; nothing after bye
    assert len(answers) == 7
    assert all((a["ok"], a["error"]) == (False, "bad_request") for a in answers[:5])
    assert [a["message"] for a in answers[1:3]] == ["the request is not UTF-8 text"] * 2
    assert f"longer than {MAX_REQUEST_CHARS}" in answers[3]["message"]
    assert answers[4]["message"] == "the request is nested too deeply"
    assert answers[5]["ok"] is True
    assert answers[6] == {"ok": True}


@pytest.mark.parametrize("server", sorted(_MODULES))
def test_the_process_ends_at_the_end_of_its_input(server: str) -> None:
    """Input that ends in the middle of a line (no newline, no ``bye``): that line is answered and the process exits 0."""
    run = subprocess.run(
        [sys.executable, "-m", _MODULES[server]], input=b'{"cmd":"hello"}\n{"cmd":"sta', capture_output=True,
        timeout=120, check=False,
    )
    assert (run.returncode, run.stderr) == (0, b"")
    hello, cut = (json.loads(line) for line in run.stdout.splitlines())
    assert hello["ok"] is True
    assert (cut["ok"], cut["error"]) == (False, "bad_request")


def test_the_twin_engine_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m schwinget_spec.twin.engine --help`` prints its usage (exit 0); any other argument is a usage error naming it (exit 2)."""
    twin_main(["--help"])
    assert capsys.readouterr().out.startswith("usage: python -m schwinget_spec.twin.engine")
    with pytest.raises(SystemExit) as stopped:
        twin_main(["--engine", "x"])
    assert stopped.value.code == 2
    assert "unexpected arguments ['--engine', 'x']" in capsys.readouterr().err
