"""Every request that carries ``rules`` sends exactly the switches of its level an engine declared in ``hello``; the harness holds the others at their defaults."""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance.harness.level_vectors import (
    level_vectors,
    random_fests,
    random_matches,
    random_scored,
    steered_for,
)
from schwinget_spec.conformance.harness.run import format_report, run_harness
from schwinget_spec.conformance.harness.steering import DEFAULT_STEER
from schwinget_spec.conformance.mutants.registry import MUTANTS
from schwinget_spec.conformance.protocol.engine_session import LoopbackClient
from schwinget_spec.conformance.protocol.levels import fest_start_message, match_start_message, points_message
from schwinget_spec.conformance.protocol.messages import (
    ALL_SWITCHES,
    FEST_SWITCHES,
    GANG_SWITCHES,
    LEVELS,
    MATCH_SWITCHES,
    SCORING_SWITCHES,
)
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

DOC = Path(__file__).resolve().parent.parent / "docs" / "harness.md"

LEVEL_SWITCHES: Mapping[str, tuple[str, ...]] = {
    "start": GANG_SWITCHES,
    "points": SCORING_SWITCHES,
    "match_start": (*GANG_SWITCHES, *SCORING_SWITCHES, *MATCH_SWITCHES),
    "fest_start": (*GANG_SWITCHES, *SCORING_SWITCHES, "draw_tie_starter", *FEST_SWITCHES),
}
"""The switches each request that carries ``rules`` may send: those of its level (a Schwingfest's ``draw_tie_starter`` names who starts a pair's second meeting after a drawn first)."""

SUBSETS: Mapping[str, tuple[str, ...]] = {
    "none": (),
    "gang only": GANG_SWITCHES,
    "some of each level": ("konter_beats_trump_six", "void_kampfrichter_neutralises", "good_loser_after_plattwurf", "fest_tiebreak"),
}
"""Switches an engine may declare, fewer than all: none, the Gang's only (no scoring, match or fest switch), a few of several levels."""


def _sent(cmd: str, declared: Collection[str]) -> tuple[str, ...]:
    """The switches a ``cmd`` request must send to an engine that declared ``declared``: its level's, those declared, in order."""
    return tuple(name for name in LEVEL_SWITCHES[cmd] if name in declared)


def _engine(declared: tuple[str, ...]) -> type[ReferenceEngine]:
    """The reference engine declaring only ``declared``: its server answers ``unsupported`` to a request whose ``rules`` names another switch."""
    return type("FewSwitches", (ReferenceEngine,), {"switches": declared})


class _Recorder:
    """A reference server that keeps the ``rules`` keys of every request that carries them, then answers as the server does."""

    def __init__(self, declared: tuple[str, ...]) -> None:
        self.server = ReferenceServer(_engine(declared)())
        self.sent: list[tuple[str, tuple[str, ...]]] = []

    def handle(self, request: Any) -> dict[str, Any]:
        if isinstance(request, Mapping) and isinstance(request.get("rules"), Mapping):
            self.sent.append((str(request.get("cmd")), tuple(request["rules"])))
        return self.server.handle(request)


@pytest.mark.clause("match.draw_starter", "table.gut_gekaempft", "match.winner", "fest.twice_each")
@pytest.mark.parametrize("subset", list(SUBSETS))
def test_an_engine_declaring_fewer_switches_passes_a_default_run_at_every_level(subset: str) -> None:
    """The reference engine declaring only some switches, which refuses a request naming any other, passes a default run at every level, and every request carrying ``rules`` sent exactly the declared switches of its level."""
    declared = SUBSETS[subset]
    recorders: list[_Recorder] = []

    def start() -> LoopbackClient:
        recorders.append(_Recorder(declared))
        return LoopbackClient(recorders[-1].handle)

    report = run_harness(["(in process)"], client_factory=start)
    assert report.passed, format_report(report)
    assert report.levels is not None
    assert report.levels.checked == LEVELS
    sent = [entry for recorder in recorders for entry in recorder.sent]
    assert {cmd for cmd, _ in sent} == set(LEVEL_SWITCHES)
    wrong = {(cmd, keys) for cmd, keys in sent if keys != _sent(cmd, declared)}
    assert wrong == set()


# -- the messages


@pytest.mark.parametrize("subset", list(SUBSETS))
def test_each_level_message_sends_exactly_the_declared_switches_of_its_level(subset: str) -> None:
    """``points``, ``match_start`` and ``fest_start`` carry the declared switches of their level, in the level's order, with their values, and nothing else."""
    declared = SUBSETS[subset]
    rules = Rules()
    messages = {
        "points": points_message(ScoringSystem.PUNKTEWERTUNG, rules, declared=declared),
        "match_start": match_start_message(ScoringSystem.PUNKTEWERTUNG, 4, Player.P1, rules, declared=declared),
        "fest_start": fest_start_message(3, 1, ScoringSystem.SCHWINGERWERTUNG, rules, declared=declared),
    }
    for cmd, message in messages.items():
        assert tuple(message["rules"]) == _sent(cmd, declared), cmd
        assert message["rules"] == {name: getattr(rules, name) for name in _sent(cmd, declared)}, cmd


def test_every_declared_switch_of_a_level_is_sent_with_its_value() -> None:
    """An engine declaring every switch gets every switch of each level, a non-default reading included."""
    rules = Rules(good_loser_after_plattwurf=False, draw_tie_starter="drawn_gang_other", fest_tiebreak="wins_then_plattwuerfe")
    points = points_message(ScoringSystem.PUNKTEWERTUNG, rules, declared=ALL_SWITCHES)
    match = match_start_message(ScoringSystem.PUNKTEWERTUNG, 6, Player.P0, rules, declared=ALL_SWITCHES)
    fest = fest_start_message(4, 2, ScoringSystem.PUNKTEWERTUNG, rules, declared=ALL_SWITCHES)
    assert points["rules"] == {"good_loser_after_plattwurf": False}
    assert tuple(match["rules"]) == LEVEL_SWITCHES["match_start"]
    assert match["rules"]["draw_tie_starter"] == "drawn_gang_other"
    assert tuple(fest["rules"]) == LEVEL_SWITCHES["fest_start"]
    assert fest["rules"]["fest_tiebreak"] == "wins_then_plattwuerfe"
    assert fest["rules"]["draw_tie_starter"] == "drawn_gang_other"


@pytest.mark.parametrize(
    ("build", "switch"),
    [
        (lambda d: points_message(ScoringSystem.PUNKTEWERTUNG, Rules(good_loser_after_plattwurf=False), declared=d),
         "good_loser_after_plattwurf"),
        (lambda d: match_start_message(ScoringSystem.PUNKTEWERTUNG, 4, Player.P0, Rules(draw_tie_starter="drawn_gang_other"), declared=d),
         "draw_tie_starter"),
        (lambda d: fest_start_message(3, 1, ScoringSystem.PUNKTEWERTUNG, Rules(konter_beats_trump_six=False), declared=d),
         "konter_beats_trump_six"),
    ],
)
def test_a_request_under_a_reading_the_engine_does_not_declare_is_refused(build: Any, switch: str) -> None:
    """Building a level request under another value of a switch the engine did not declare raises InvalidArgumentError naming it: the engine would play the default while the reference played that reading."""
    with pytest.raises(InvalidArgumentError) as caught:
        build(())
    assert caught.value.parameter == "rules"
    assert switch in str(caught.value)
    build(ALL_SWITCHES)


# -- the reference side holds the undeclared switches at their defaults


def _undeclared_readings(rules: Rules, declared: Collection[str]) -> dict[str, Any]:
    defaults = Rules()
    return {name: getattr(rules, name) for name in ALL_SWITCHES if name not in declared and getattr(rules, name) != getattr(defaults, name)}


@pytest.mark.parametrize("subset", list(SUBSETS))
def test_the_level_games_of_a_run_play_undeclared_switches_at_their_defaults(subset: str) -> None:
    """Every level game a run plans for an engine declaring only some switches (the level vectors, the random and the steered games) plays every other switch at its default; a level vector that needs another reading is skipped, naming it."""
    declared = SUBSETS[subset]
    found = level_vectors(declared)
    steered = steered_for(DEFAULT_STEER, 0, declared, LEVELS)
    rules = [
        *(r for spec, checks, _ in found.scoring for r in (spec.rules, *(c[1] for c in checks))),
        *(m.rules for m in (*found.matches, *random_matches(8, 0, declared), *steered.matches)),
        *(f.rules for f in (*found.fests, *random_fests(2, 0, declared), *steered.fests)),
        *(r for spec, checks, _ in random_scored(24, 0, declared) for r in (spec.rules, *(c[1] for c in checks))),
    ]
    assert [_undeclared_readings(r, declared) for r in rules if _undeclared_readings(r, declared)] == []
    skipped = [reason for level in found.skipped.values() for _, reason in level]
    assert all(re.fullmatch(r"depends on ([a-z_]+)=.*: a reading the engine does not play", reason) for reason in skipped), skipped
    assert {re.sub(r"depends on ([a-z_]+)=.*", r"\1", reason) for reason in skipped} <= set(ALL_SWITCHES) - set(declared)
    if set(declared) != set(ALL_SWITCHES):
        assert skipped


# -- a level divergence's request lines replay it


@pytest.mark.clause("match.winner")
def test_a_level_divergence_replays_with_the_declared_switches_only() -> None:
    """A match mutant declaring only some switches is caught, and the request lines its report gives carry only the declared switches of each level, so that they replay on it (confirmed fresh)."""
    declared = SUBSETS["some of each level"]
    base = next(m for m in MUTANTS if m.id == "equal-totals-p0-wins").engine
    engine = type("FewSwitchesMutant", (base,), {"switches": declared})

    def start() -> LoopbackClient:
        return LoopbackClient(ReferenceServer(engine()).handle)

    report = run_harness(["(in process)"], games=0, steer=0, client_factory=start)
    assert report.levels is not None
    d = report.levels.divergence
    assert d is not None, format_report(report)
    assert (d.level, d.clause_id, d.fresh) == ("match", "match.winner", "reproduced")
    lines = [json.loads(line) for line in d.requests]
    carrying = [(m["cmd"], tuple(m["rules"])) for m in lines if "rules" in m]
    assert {cmd for cmd, _ in carrying} == {"match_start", "start", "points"}
    assert [(cmd, keys) for cmd, keys in carrying if keys != _sent(cmd, declared)] == []


# -- docs/harness.md


def _request_examples(text: str) -> list[tuple[str, str]]:
    """The request examples of docs/harness.md's message sections: (cmd, the text of its ``rules`` object) for each one carrying ``rules``."""
    out = []
    for block in re.findall(r"```\n(.*?)```", text, flags=re.S):
        requests = re.findall(r"^> (\{.*?)(?=^[<>]|\Z)", block, flags=re.S | re.M)
        for request in requests:
            cmd = re.match(r'\{"cmd": "([a-z_]+)"', request)
            rules = re.search(r'"rules": (\{[^{}]*\})', request)
            if cmd and rules:
                out.append((cmd.group(1), " ".join(rules.group(1).split())))
    return out


def test_the_request_examples_of_the_harness_doc_send_the_declared_switches() -> None:
    """The ``rules`` of each request example in docs/harness.md are switches of its level that the ``hello`` example declares, in the level's order; an example written out in full (no ``...``) holds all of them."""
    text = DOC.read_text(encoding="utf-8")
    hello = re.search(r'> \{"cmd": "hello"\}\n< (\{.*?\})\n```', text, flags=re.S)
    assert hello is not None
    declared = json.loads(hello.group(1))["switches"]
    examples = _request_examples(text)
    assert {cmd for cmd, _ in examples} == set(LEVEL_SWITCHES)
    for cmd, rules in examples:
        names = tuple(re.findall(r'"([a-z_]+)":', rules))
        expected = _sent(cmd, declared)
        assert [n for n in names if n not in expected] == [], (cmd, rules)
        assert names == tuple(n for n in expected if n in names), (cmd, rules)
        if "..." not in rules:
            assert names == expected, (cmd, rules)


def test_the_harness_doc_states_the_rule_for_every_request_carrying_rules() -> None:
    """docs/harness.md states once that a request's ``rules`` hold exactly the declared switches of its level, and each request carrying ``rules`` refers to it."""
    text = DOC.read_text(encoding="utf-8")
    assert "exactly the switches of its level that your `hello` listed" in " ".join(text.split())
    for cmd in LEVEL_SWITCHES:
        section = re.search(rf"^### `{cmd}`.*?(?=^### )", text, flags=re.S | re.M)
        assert section is not None, cmd
        assert "declared switches" in section.group(0), cmd
        assert "The switches a request sends" in " ".join(section.group(0).split()), cmd



@pytest.mark.clause("schwung.higher_wins")
def test_a_gang_divergence_replays_with_the_declared_switches_only() -> None:
    """A Gang mutant declaring only some switches is caught, and the request lines of its reproduction start the Gang with the declared Gang switches only, so that every line replays on it."""
    declared = SUBSETS["some of each level"]
    base = next(m for m in MUTANTS if m.id == "higher-six-loses-to-one").engine
    engine = type("FewSwitchesMutant", (base,), {"switches": declared})

    def start() -> LoopbackClient:
        return LoopbackClient(ReferenceServer(engine()).handle)

    report = run_harness(["(in process)"], games=20, steer=0, client_factory=start)
    d = report.divergence
    assert d is not None, format_report(report)
    assert d.clause_id == "schwung.higher_wins"
    lines = [json.loads(line) for line in d.protocol_lines()]
    assert tuple(lines[1]["rules"]) == _sent("start", declared)
    server = ReferenceServer(engine())
    assert [m["cmd"] for m in lines if not server.handle(m).get("ok", True)] == []
    assert report.to_json()["divergence"]["reproduction"]["protocol_lines"] == d.protocol_lines()
