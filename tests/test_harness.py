"""The conformance harness: the JavaScript example passes, its buggy copy and broken implementations are caught with the right clause."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from unittest import mock

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

import schwinget_spec
from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card, Colour
from schwinget_spec.conformance.harness.run import (
    DivergenceKind,
    GameSpec,
    check_adapter,
    format_report,
    run_harness,
)
from schwinget_spec.conformance.protocol.messages import (
    GANG_SWITCHES,
    ProtocolError,
    RemoteGang,
    SubprocessAdapter,
    SubprocessClient,
)
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.testing import ReferenceAdapter, conformance_machine
from schwinget_spec.trick import SchwungOutcome, resolve_schwung

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "examples" / "js" / "schwinget.js"
JS_BUGGY = ROOT / "examples" / "js" / "schwinget_buggy.js"
NODE = shutil.which("node") or "node"
LAST_SCHWUNG_CLAUSES = {"kampfrichter.last_schwung", "konter.last_trick"}


def _playout_with_kampfrichter_last(want_konter: bool) -> GameSpec:
    """A seeded Gang whose last Schwung holds the Kampfrichter (against the Konter or not), found by play in the reference that keeps the special cards for the end."""
    rng = SplitMix64.seeded(99)
    kept = {"A", "KR", "BK"} if want_konter else {"A", "KR"}
    for seed in range(500):
        state = start_gang(Deal.shuffled(seed), Player.P0)
        actions: list[str] = []
        while not state.is_over:
            legal = [a.code for a in state.legal_actions()]
            legal = [c for c in legal if c not in kept] or legal
            choice, rng = rng.below(len(legal))
            actions.append(legal[choice])
            state = state.apply(legal[choice])
        last = state.history[-1]
        if Card.KR in last.cards and (Card.BK in last.cards) == want_konter:
            return GameSpec(source=f"seed {seed}", deal=Deal.shuffled(seed), starter=Player.P0, rules=Rules(), actions=tuple(actions), deal_seed=seed)
    raise AssertionError("no Gang with the Kampfrichter in the last Schwung among 500 seeds")


# -- the JavaScript example


def test_js_example_passes_vectors_and_random_games() -> None:
    """The JavaScript engine agrees with the reference on every shipped vector Gang and 40 random Gänge with illegal offers."""
    report = run_harness([str(NODE), str(JS)], games=40, seed=7)
    assert report.passed, format_report(report)
    assert report.implementation == "schwinget-js 2.0.0"
    assert report.random_games_played == 40
    assert report.vectors_played > 0
    assert report.illegal_offered > 0
    assert set(GANG_SWITCHES) <= set(report.switches)
    assert report.levels is not None
    assert report.levels.checked == ("gang", "scoring", "match", "schwingfest")


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick")
def test_buggy_js_diverges_on_the_last_schwung() -> None:
    """The copy whose Kampfrichter acts on the last Schwung diverges there, and the report names that clause."""
    report = run_harness([str(NODE), str(JS_BUGGY)], games=60, seed=1, vectors=False)
    assert not report.passed
    d = report.divergence
    assert d is not None
    assert d.kind is DivergenceKind.WRONG_STATE
    assert d.clause_id in LAST_SCHWUNG_CLAUSES
    assert d.field == "to_move"
    assert d.expected is None
    # the reproduction ends with the last Schwung, which holds the Kampfrichter
    state = start_gang(d.deal, d.starter, d.rules)
    for code in d.actions:
        state = state.apply(code)
    assert state.is_over
    assert Card.KR in state.history[-1].cards
    text = format_report(report)
    assert "DIVERGES" in text
    assert d.clause_id is not None
    assert d.clause_id in text


@pytest.mark.clause("kampfrichter.last_schwung")
def test_buggy_js_kampfrichter_against_a_coloured_card_names_last_schwung() -> None:
    """With the Kampfrichter against a coloured card in the last Schwung, the divergence names kampfrichter.last_schwung."""
    spec = _playout_with_kampfrichter_last(want_konter=False)
    report = run_harness([str(NODE), str(JS_BUGGY)], games=0, vectors=False, scripted=[spec], shrink=False)
    assert report.divergence is not None
    assert report.divergence.clause_id == "kampfrichter.last_schwung"
    assert report.divergence.actions == spec.actions


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick")
def test_buggy_js_kampfrichter_against_the_konter_names_last_schwung() -> None:
    """With the Kampfrichter against the Konter in the last Schwung (which konter.last_trick gives to the Konter), a Kampfrichter that still neutralises is named kampfrichter.last_schwung: it broke the last Schwung's rule, not the Konter's."""
    spec = _playout_with_kampfrichter_last(want_konter=True)
    report = run_harness([str(NODE), str(JS_BUGGY)], games=0, vectors=False, scripted=[spec], shrink=False)
    assert report.divergence is not None
    assert report.divergence.clause_id == "kampfrichter.last_schwung"


def test_reproduction_replays_to_the_same_divergence() -> None:
    """The shrunk reproduction, played as a scripted game, diverges the same way, and is no longer than the original."""
    first = run_harness([str(NODE), str(JS_BUGGY)], games=60, seed=3, vectors=False).divergence
    assert first is not None
    assert len(first.actions) <= first.original_length
    spec = GameSpec(source="repro", deal=first.deal, starter=first.starter, rules=first.rules, actions=first.actions)
    again = run_harness([str(NODE), str(JS_BUGGY)], games=0, vectors=False, scripted=[spec], shrink=False).divergence
    assert again is not None
    assert again.signature == first.signature
    assert again.actions == first.actions


def test_report_to_json_is_json() -> None:
    """A failing report serialises to JSON with the reproduction and the protocol lines that replay it."""
    report = run_harness([str(NODE), str(JS_BUGGY)], games=60, seed=1, vectors=False)
    data = json.loads(json.dumps(report.to_json()))
    assert data["passed"] is False
    assert report.divergence is not None
    repro = data["divergence"]["reproduction"]
    assert repro["actions"] == list(report.divergence.actions)
    assert json.loads(repro["protocol_lines"][1])["cmd"] == "start"
    assert data["divergence"]["clause_de"]


def test_subprocess_adapter_drives_the_hypothesis_machine() -> None:
    """The subprocess adapter implements GangAdapter: the Hypothesis conformance machine runs against the JavaScript engine."""
    client = SubprocessClient([str(NODE), str(JS)])
    client.hello()
    adapter = SubprocessAdapter(client)
    try:
        machine = conformance_machine(lambda: adapter)
        run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=8, stateful_step_count=40, deadline=None, suppress_health_check=list(HealthCheck)
            ),
        )
    finally:
        client.close()


# -- in-process adapters


def test_reference_adapter_passes_in_process() -> None:
    """The reference behind the adapter protocol passes its own harness."""
    report = check_adapter(ReferenceAdapter(), games=30, seed=5)
    assert report.passed, format_report(report)
    assert report.random_games_played == 30


def _konter_beats_trump_five(
    leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *, is_last: bool, answer_was_void: bool
) -> SchwungOutcome:
    if trump is not None and Card.BK in (led, answer) and Card.of(trump, 5) in (led, answer):
        return SchwungOutcome(leader if led is Card.BK else leader.other, "konter.beats_six")
    return resolve_schwung(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class _KonterBeatsTrumpFive(ReferenceAdapter):
    """The reference with a Konter that also beats the trump 5."""

    def apply(self, state: GangState, action: str) -> GangState:
        with mock.patch.object(gang_module, "resolve_schwung", _konter_beats_trump_five):
            return state.apply(action)


class _AcceptsEverything(ReferenceAdapter):
    """The reference that never refuses: an illegal action leaves its state as it was."""

    def apply(self, state: GangState, action: str) -> GangState:
        try:
            return state.apply(action)
        except Exception:
            return state


@pytest.mark.clause("konter.loses")
def test_in_process_konter_bug_names_konter_loses() -> None:
    """A Konter that beats the trump 5 diverges on the Schwung where it did, naming konter.loses."""
    report = check_adapter(_KonterBeatsTrumpFive(), games=400, seed=2, vectors=False)
    d = report.divergence
    assert d is not None, "400 random Gänge never played the Konter against the trump 5"
    assert d.kind is DivergenceKind.WRONG_STATE
    assert d.clause_id == "konter.loses"


def test_accepting_an_illegal_action_is_a_divergence() -> None:
    """An implementation that accepts an action the rules forbid diverges with the clause that forbids it."""
    report = check_adapter(_AcceptsEverything(), games=20, seed=4, vectors=False, probe_percent=50)
    d = report.divergence
    assert d is not None
    assert d.kind is DivergenceKind.ACCEPTED_ILLEGAL
    assert d.clause_id is not None
    state = start_gang(d.deal, d.starter, d.rules)
    for code in d.actions[:-1]:
        state = state.apply(code)
    error = state.why_illegal(d.actions[-1])
    assert error is not None
    assert error.clause_id == d.clause_id


# -- broken implementations: the harness never hangs and says what went wrong


def _fake(tmp_path: Path, body: str) -> list[str]:
    """A fake implementation: a Python script answering hello properly, then ``body`` for every other request."""
    script = tmp_path / "fake.py"
    script.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    req = json.loads(line)\n"
        "    if req['cmd'] == 'hello':\n"
        "        print(json.dumps({'ok': True, 'name': 'fake', 'version': '0', 'protocol': 1}), flush=True)\n"
        "        continue\n"
        + "".join(f"    {row}\n" for row in body.splitlines())
    )
    return [sys.executable, str(script)]


def _protocol_kind(command: list[str]) -> str | None:
    # one random Gang and no steered ones: the first request diverges, and each steered Gang
    # after it would restart the engine and (when it hangs) wait out another timeout
    report = run_harness(command, games=1, vectors=False, timeout=1.0, shrink=False, steer=0)
    d = report.divergence
    assert d is not None
    assert d.kind is DivergenceKind.PROTOCOL
    return d.field


def test_hung_implementation_times_out(tmp_path: Path) -> None:
    """An implementation that stops answering is reported as a timeout, not waited for."""
    assert _protocol_kind(_fake(tmp_path, "time.sleep(3600)")) == "timeout"


def test_exiting_implementation(tmp_path: Path) -> None:
    """An implementation that exits instead of answering is reported as exited."""
    assert _protocol_kind(_fake(tmp_path, "sys.exit(3)")) == "exited"


def test_garbage_answer(tmp_path: Path) -> None:
    """An answer that is not JSON is reported as malformed."""
    assert _protocol_kind(_fake(tmp_path, "print('hello there', flush=True)")) == "malformed"


def test_overlong_answer(tmp_path: Path) -> None:
    """An answer longer than the bounded read is reported as too long."""
    assert _protocol_kind(_fake(tmp_path, "print('x' * 200000, flush=True)")) == "too_long"


def test_self_contradicting_state(tmp_path: Path) -> None:
    """A state whose hand sizes contradict its hands is malformed."""
    body = (
        "if req['cmd'] == 'state':\n"
        "    print(json.dumps({'ok': True, 'to_move': 'P0', 'tricks': [0, 0], 'pile_size': 12, "
        "'hand_sizes': [4, 5], 'is_over': False, 'hands': [['R1','R2','R3','R4','R5'], ['G1','G2','G3','G4','G5']]}), flush=True)\n"
        "else:\n"
        "    print(json.dumps({'ok': True}), flush=True)"
    )
    assert _protocol_kind(_fake(tmp_path, body)) == "malformed"


def test_missing_program_is_a_startup_error(tmp_path: Path) -> None:
    """A command that cannot start gives a report with a startup error and nothing played."""
    report = run_harness([str(tmp_path / "no-such-program")], games=1, vectors=False)
    assert not report.passed
    assert report.startup_error is not None
    assert report.games_played == 0
    assert "FAILED TO START" in format_report(report)


def test_wrong_protocol_version_is_a_startup_error(tmp_path: Path) -> None:
    """An implementation speaking another protocol version is refused at hello."""
    script = tmp_path / "v3.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    print(json.dumps({'ok': True, 'name': 'v3', 'version': '0', 'protocol': 3}), flush=True)\n"
    )
    report = run_harness([sys.executable, str(script)], games=1, vectors=False)
    assert report.startup_error is not None
    assert "protocol 3" in report.startup_error


def test_client_refuses_stale_handles() -> None:
    """A subprocess keeps one state: the adapter refuses a handle that is not the newest."""
    client = SubprocessClient([sys.executable, "-c", "import sys; sys.stdin.read()"], timeout=0.5)
    adapter = SubprocessAdapter(client)
    try:
        with pytest.raises(ValueError, match="stale handle"):
            adapter.legal_actions(RemoteGang(5, 0))
        with pytest.raises(ProtocolError):
            adapter.start(Deal.shuffled(0), Player.P0, Rules())
    finally:
        client.kill()


def test_protocol_sends_every_gang_switch() -> None:
    """The protocol's switches are exactly the Rules switches the engine reads while playing (in trick.py or gang.py)."""
    package = Path(schwinget_spec.__file__).resolve().parent
    source = "".join((package / name).read_text(encoding="utf-8") for name in ("trick.py", "gang.py"))
    read = {f.name for f in attrs.fields(Rules) if f"rules.{f.name}" in source}
    assert set(GANG_SWITCHES) == read
