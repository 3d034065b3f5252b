"""The readings an engine declares (values per switch in ``hello``), the reference server playing and declaring chosen readings, and a run judged by them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance.harness.games import json_bool as json_value
from schwinget_spec.conformance.harness.run import format_report, run_harness, verdict_line
from schwinget_spec.conformance.protocol.engine_session import LoopbackClient
from schwinget_spec.conformance.protocol.messages import ALL_SWITCHES, ProtocolError, parse_hello
from schwinget_spec.conformance.protocol.readings import Readings, switch_values
from schwinget_spec.conformance.protocol.reference_server import ReferenceServer, main
from schwinget_spec.conformance.vectors.skiplist import parse_skiplist
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.rules import Rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "harness.md"
DEAL = {
    "hands": [["KR", "Y4", "Y2", "G1", "B4"], ["G3", "B5", "B1", "Y1", "G5"]],
    "revealed": "G6",
    "face_down": ["R6", "R4", "B3"],
    "pile": ["R2", "Y3", "R3", "B6", "R5", "Y5", "BK", "Y6", "B2", "G2", "R1", "G4"],
}


def _hello(switches: Any) -> dict[str, Any]:
    return {"ok": True, "name": "x", "version": "1", "protocol": 2, "levels": ["gang"], "switches": switches}


# -- hello


def test_hello_reads_the_values_each_switch_is_played_with() -> None:
    """An object of switch -> values declares exactly those values; a list declares every value of each named switch."""
    hello = parse_hello(_hello({"draw_tie_starter": ["drawn_gang_other"], "konter_beats_trump_six": [False, True]}))
    assert hello.switches == ("konter_beats_trump_six", "draw_tie_starter")
    assert hello.readings.values_of("draw_tie_starter") == ("drawn_gang_other",)
    assert hello.readings.values_of("konter_beats_trump_six") == (True, False)
    assert hello.readings.values_of("fest_starter") == ("loser_of_first_meeting",)
    assert hello.readings.base == Rules(draw_tie_starter="drawn_gang_other")
    listed = parse_hello(_hello(["fest_tiebreak"]))
    assert listed.readings.values_of("fest_tiebreak") == switch_values("fest_tiebreak") == ("shared", "wins_then_plattwuerfe")
    assert listed.readings.base == Rules()


@pytest.mark.parametrize(
    ("switches", "named"),
    [
        ({"no_such_switch": [True]}, "switches.no_such_switch: unknown rules switch 'no_such_switch'"),
        ({"draw_tie_starter": ["oldest"]}, "switches.draw_tie_starter[0]: 'oldest' is not a value of draw_tie_starter"),
        ({"draw_tie_starter": ["younger", "younger"]}, "switches.draw_tie_starter[1]: the value younger is listed twice"),
        ({"draw_tie_starter": []}, "switches.draw_tie_starter: a non-empty list of the values played"),
        ({"konter_beats_trump_six": ["true"]}, "switches.konter_beats_trump_six[0]: 'true' is not a value of konter_beats_trump_six"),
        ({"konter_beats_trump_six": True}, "switches.konter_beats_trump_six: a non-empty list of the values played"),
        (["fest_tiebreak", "fest_tiebreak"], "switches[1]: the switch 'fest_tiebreak' is listed twice"),
        (["nope"], "switches[0]: unknown rules switch 'nope'"),
        ("draw_tie_starter", "switches: a list of switch names or an object of switch -> values"),
    ],
)
def test_hello_declaring_readings_that_do_not_exist_is_refused_naming_the_field_and_value(switches: Any, named: str) -> None:
    """An unknown switch or value, a duplicate, an empty list or a wrong type in ``switches`` is a malformed ``hello``, named by its JSON path and value."""
    with pytest.raises(ProtocolError) as caught:
        parse_hello(_hello(switches))
    assert caught.value.kind == "malformed"
    assert "\n" not in str(caught.value)
    assert named in str(caught.value)


# -- the reference server's readings


def test_the_reference_server_plays_its_play_value_for_a_switch_not_sent() -> None:
    """``play`` is the value of a switch a request does not send; ``declare`` is what ``hello`` answers."""
    server = ReferenceServer(
        play=Rules(special_cards_follow_colour=True),
        declare=Readings.from_json({"draw_tie_starter": ["drawn_gang_other"]}),
    )
    hello = server.handle({"cmd": "hello"})
    assert hello["switches"] == {"draw_tie_starter": ["drawn_gang_other"]}
    assert server.handle({"cmd": "start", "deal": DEAL, "starter": "P0", "rules": {}}) == {"ok": True}
    assert server.gang is not None
    assert server.gang.rules == Rules(special_cards_follow_colour=True)


@pytest.mark.parametrize(
    "rules",
    [{"draw_tie_starter": "younger"}, {"draw_tie_starter": "drawn_gang_starter"}, {"fest_starter": "alternate"}],
)
def test_the_reference_server_refuses_a_switch_or_value_it_does_not_declare(rules: dict[str, Any]) -> None:
    """A request sending a value or a switch the server did not declare is answered ``unsupported``."""
    server = ReferenceServer(declare=Readings.from_json({"draw_tie_starter": ["drawn_gang_other"]}))
    start = {"cmd": "match_start", "system": "punktewertung", "length": 4, "younger": "P0", "rules": rules}
    assert server.handle(start)["error"] == "unsupported"
    ok = {**start, "rules": {"draw_tie_starter": "drawn_gang_other"}}
    assert server.handle(ok) == {"ok": True}


def test_declare_none_answers_no_switch_and_all_answers_the_list() -> None:
    """``--declare none`` answers ``"switches": []``; ``--declare all`` the list of every switch's name."""
    assert ReferenceServer(declare=Readings.from_text("none")).handle({"cmd": "hello"})["switches"] == []
    every = ReferenceServer(declare=Readings.from_text("all")).handle({"cmd": "hello"})["switches"]
    assert every == list(Readings.from_text("all"))


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--play", "no_such_switch=true"], "--play: unknown rules switch 'no_such_switch'"),
        (["--play", "draw_tie_starter=oldest"], "--play: 'oldest' is not a value of draw_tie_starter"),
        (["--play", "draw_tie_starter"], "--play: expected SWITCH=VALUE"),
        (["--play"], "--play needs a value"),
        (["--declare", "konter_beats_trump_six=maybe"], "--declare: 'maybe' is not a value of konter_beats_trump_six"),
        (["--declare", "draw_tie_starter=younger;draw_tie_starter=younger"], "--declare: the switch 'draw_tie_starter' is named twice"),
        (["--declare=nope=1"], "--declare: unknown rules switch 'nope'"),
        (["--colour", "red"], "unexpected argument '--colour'"),
    ],
)
def test_a_bad_server_option_exits_2_with_one_line_naming_it(argv: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    """An option of the reference server that does not read ends it with exit code 2 and one line naming the option."""
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert named in err


# -- a run judged by the readings declared


def _non_default_readings() -> list[tuple[str, bool | str]]:
    return [(name, value) for name in ALL_SWITCHES for value in switch_values(name)[1:]]


def _server(declare: Readings, play: Rules | None = None) -> LoopbackClient:
    return LoopbackClient(ReferenceServer(play=declare.base if play is None else play, declare=declare).handle)


@pytest.mark.clause("match.draw_starter", "match.winner", "table.gut_gekaempft", "fest.twice_each")
@pytest.mark.parametrize(("switch", "value"), _non_default_readings())
def test_the_reference_playing_one_non_default_reading_and_declaring_only_it_passes_under_that_reading(
    switch: str, value: bool | str
) -> None:
    """The reference server playing one non-default value and declaring only it passes a run at every level, named ``PASSED under readings switch=value (not the default)``; it answers ``unsupported`` to any other value, so the run sent none."""
    declare = Readings.from_json({switch: [value]})
    report = run_harness(["(in process)"], client_factory=lambda: _server(declare), games=2, steer=1)
    shown = json_value(value)
    assert report.passed, format_report(report)
    assert verdict_line(report) == (
        f"PASSED under readings {switch}={shown} (not the default): gang, scoring, match, schwingfest"
    )
    assert report.to_json()["not_default"] == {switch: value}
    assert report.to_json()["readings_played"] == {switch: [value]}
    assert f"{switch} ({shown})" in format_report(report)


# -- the skip list's precision


def test_a_skip_list_entry_for_one_value_skips_exactly_the_vectors_depending_on_it_and_that_value_is_never_sent() -> None:
    """A skip-list entry for ``draw_tie_starter=younger`` skips only the vectors whose expected result depends on that value; every other vector and game is played under a value the engine plays, and ``younger`` is never sent."""
    skiplist = parse_skiplist({
        "format": "schwinget-skiplist", "version": 1, "implementation": "plays drawn_gang_other",
        "skip": [{"switch": "draw_tie_starter", "value": "younger", "reason": "the engine plays drawn_gang_other"}],
    })
    depending = {
        v.id for v in load_vectors()
        if v.rules.get("draw_tie_starter") == "younger" and (v.depends_on is None or "draw_tie_starter" in v.depends_on)
    }
    sent: list[Any] = []

    def start() -> LoopbackClient:
        # the old list form in hello (every value), yet the engine refuses "younger"
        server = ReferenceServer(
            play=Rules(draw_tie_starter="drawn_gang_other"),
            declare=Readings.from_json({"draw_tie_starter": ["drawn_gang_starter", "drawn_gang_other"]}),
        )

        def handle(request: Any) -> dict[str, Any]:
            if isinstance(request, dict) and isinstance(request.get("rules"), dict):
                sent.append(request["rules"].get("draw_tie_starter"))
            answer = server.handle(request)
            return {**answer, "switches": ["draw_tie_starter"]} if request.get("cmd") == "hello" else answer

        return LoopbackClient(handle)

    report = run_harness(["(in process)"], client_factory=start, games=0, steer=1, skiplist=skiplist)
    assert report.passed, format_report(report)
    assert report.levels is not None
    skipped = {vid for check in report.levels.checks for vid, reason in check.skipped if reason.startswith("skip list")}
    assert skipped == depending == {
        "match.rules.draw_tie_starter.younger.001", "schwingfest.valid.four.001",
        "schwingfest.valid.wins_then_plattwuerfe.001", "schwingfest.valid.loser_of_first_meeting_drawn.001",
    }
    assert {s.id for s in report.skipped if s.by_skiplist} == depending
    assert "younger" not in sent
    assert "drawn_gang_starter" in sent
    doc = " ".join(DOC.read_text(encoding="utf-8").split())
    assert (
        "An entry for `draw_tie_starter` `\"younger\"` skips exactly four shipped vectors, "
        "`match.rules.draw_tie_starter.younger.001`, `schwingfest.valid.four.001`, "
        "`schwingfest.valid.wins_then_plattwuerfe.001` and `schwingfest.valid.loser_of_first_meeting_drawn.001`"
    ) in doc


def test_a_value_the_skip_list_takes_out_is_not_sent_when_stale_skips_are_checked() -> None:
    """After a passing run the Gang vectors a skip list left out are replayed to find stale skips, but never one that needs the value a ``switch`` entry takes out."""
    skiplist = parse_skiplist({
        "format": "schwinget-skiplist", "version": 1, "implementation": "no special Farbzwang",
        "skip": [{"switch": "special_cards_follow_colour", "value": True, "reason": "not implemented"}],
    })
    sent: list[Any] = []

    def start() -> LoopbackClient:
        server = ReferenceServer(declare=Readings.from_json({"special_cards_follow_colour": [False]}))

        def handle(request: Any) -> dict[str, Any]:
            if isinstance(request, dict) and "special_cards_follow_colour" in (request.get("rules") or {}):
                sent.append(request["rules"]["special_cards_follow_colour"])
            answer = server.handle(request)
            return {**answer, "switches": ["special_cards_follow_colour"]} if request.get("cmd") == "hello" else answer

        return LoopbackClient(handle)

    report = run_harness(["(in process)"], client_factory=start, games=0, steer=0, skiplist=skiplist)
    assert report.passed, format_report(report)
    assert [s.id for s in report.skipped if s.by_skiplist]
    assert report.stale_skips == ()
    assert set(sent) == {False}


@pytest.mark.clause("match.draw_starter")
def test_a_declared_value_answered_unsupported_is_a_divergence() -> None:
    """An engine that declares ``draw_tie_starter`` with two values and then answers ``unsupported`` to one of them diverges at the match level (``protocol``, an error answer), and at the Schwingfest level, whose ``fest_start`` sends the switch too."""

    def start() -> LoopbackClient:
        server = ReferenceServer(declare=Readings.from_json({"draw_tie_starter": ["younger"]}))

        def handle(request: Any) -> dict[str, Any]:
            answer = server.handle(request)
            if request.get("cmd") == "hello":
                return {**answer, "switches": {"draw_tie_starter": ["younger", "drawn_gang_other"]}}
            return answer

        return LoopbackClient(handle)

    report = run_harness(["(in process)"], client_factory=start, games=0, steer=1, max_failures_per_level=1)
    assert report.levels is not None
    d = report.levels.divergence
    assert d is not None
    assert (d.level, d.kind, d.field) == ("match", "protocol", "error")
    assert "unsupported" in d.message
    assert verdict_line(report) == "DIVERGES at match, schwingfest"
