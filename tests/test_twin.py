"""The compiled twin of the Gang engine: the same deals, the same Gänge in lock step, the same bulk counts and impact figures as the readable engine, and its protocol engine."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import attrs
import pytest

from schwinget_spec import twin
from schwinget_spec.bots import RandomBot, play_gang
from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.conformance.harness.run import check_adapter, run_harness
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.studies import impact
from schwinget_spec.studies.impact import LEVELS, measure
from schwinget_spec.studies.simulate import Setup, simulate
from schwinget_spec.twin import pure
from schwinget_spec.twin.codes import (
    ACTION_CODES,
    SWITCHES,
    action_of,
    decode_result,
    encode_result,
    switch_bits,
)
from schwinget_spec.twin.engine import serve
from schwinget_spec.twin.verify import TwinAdapter, compare, lockstep, play_both, switch_combinations

ROOT = Path(__file__).resolve().parent.parent
COMPILED = twin.compiled()


def test_the_twin_is_built_where_it_can_be() -> None:
    """Where a C compiler and Python's headers are present, the install built the twin and it plays; elsewhere the readable engine does."""
    forced = os.environ.get(twin.NO_TWIN_ENV, "") not in ("", "0")
    can_build = shutil.which("cc") is not None or shutil.which("gcc") is not None
    can_build = can_build and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()
    if can_build and not forced:
        assert COMPILED is not None, "pip install -e . did not build schwinget_spec/twin/_twin.c"
    assert ("twin" if COMPILED is not None and not forced else "python") == twin.ENGINE


def test_the_twin_plays_every_gang_switch() -> None:
    """The twin's switches are exactly the Gang switches of Rules that the harness sends, in the compiled module too."""
    assert set(SWITCHES) == set(GANG_SWITCHES)
    assert set(SWITCHES) == {n for n, level in LEVELS.items() if level == "gang"} - {"good_loser_after_plattwurf"}
    assert all(name in attrs.fields_dict(Rules) for name in SWITCHES)
    if COMPILED is not None:
        assert tuple(COMPILED.SWITCHES) == SWITCHES


@pytest.mark.clause("deal.shuffle", "deal.hands", "deal.pile")
def test_same_seed_same_deal() -> None:
    """The twin's deck for a seed is the deck of Deal.shuffled, the rejection seed and 2**64-1 included."""
    engine = twin.engine_module()
    for seed in (0, 1, 7, 22, 42, 2**64 - 1, 3558559446808474027, *range(100, 400)):
        deal = Deal.shuffled(seed)
        deck = engine.deck(seed)
        assert deck == pure.deck(seed)
        dealt = Deal.from_deck([ALL_CARDS[i] for i in deck])
        assert dealt == deal
        state = twin.start_seed(seed, Player.P0)
        assert state.hands == start_gang(deal, Player.P0).hands
        assert state.pile == tuple(c.index for c in deal.pile)


@pytest.mark.clause("schwung.farbzwang", "kampfrichter.neutralises", "konter.beats_six", "plattwurf.definition")
def test_lock_step_under_every_switch_combination() -> None:
    """640 Gänge, 20 under each of the 32 switch combinations: legal actions, state, refusals and result agree at every step."""
    report = lockstep(640, seed=19)
    assert report.disagreement is None, str(report.disagreement)
    assert report.per_switches == (20,) * 32
    assert report.refusals > 0


def test_lock_step_sees_a_wrong_field() -> None:
    """compare() finds a twin state of another Gang, and play_both a twin that answers another deal."""
    ref = start_gang(Deal.shuffled(3), Player.P0)
    assert compare(ref, twin.start_seed(4, Player.P0), False) is not None
    assert compare(ref, twin.start_seed(3, Player.P1), False) is not None
    assert compare(ref, twin.start_seed(3, Player.P0), False) is None
    later = ref.apply(ref.legal_actions()[1])
    assert compare(later, twin.start_seed(3, Player.P0), False) is not None


def test_lock_step_cycles_the_given_rules() -> None:
    """play_both plays one Gang to its end and reports no difference for each rule set it is given."""
    for rules in switch_combinations()[:4]:
        steps, refusals, actions, difference = play_both(Deal.shuffled(5), Player.P1, rules, lambda n: n - 1)
        assert difference is None
        assert steps == len(actions) > 0
        assert refusals == 0


@pytest.mark.clause("schwung.answer", "schwung.farbzwang", "angriff.once", "kampfrichter.chooses")
def test_step_api_is_immutable_and_refuses_with_the_clause() -> None:
    """apply returns a new state and leaves the old one; an illegal action raises IllegalActionError naming the reference's clause."""
    deal = Deal.shuffled(11)
    state = twin.start(deal, Player.P0)
    first = state.legal_actions()
    assert first[0] == twin.ANGRIFF
    after = state.apply(first[1])
    assert state.legal_actions() == first
    assert state.step == 0
    assert after.step == 1
    assert after != state
    assert after == state.apply(first[1])
    assert hash(after) == hash(state.apply(first[1]))
    ref = start_gang(deal, Player.P0)
    for code in ACTION_CODES:
        if code in {a.code for a in ref.legal_actions()}:
            continue
        with pytest.raises(IllegalActionError) as mine:
            state.apply(action_of(code))
        with pytest.raises(IllegalActionError) as theirs:
            ref.apply(code)
        assert (mine.value.clause_id, mine.value.step, mine.value.action) == (
            theirs.value.clause_id,
            0,
            code,
        )
    with pytest.raises(ValueError, match="0-28"):
        state.apply(29)


def test_rollout_is_the_bulk_policy() -> None:
    """rollout(seed) ends the Gang as play_random plays it: the same result in both engines."""
    bulk = twin.play_random(6, seed=8, results=True)
    for engine in {twin.engine_module(), pure}:
        stream = pure._stream(8)
        for i in range(6):
            deal_seed, choice_seed = next(stream), next(stream)
            state = engine.start_seed(deal_seed, i % 2, switch_bits(Rules()))
            end = state.rollout(choice_seed)
            assert end.is_over
            assert end.result_code == bulk.codes()[i]


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins")
def test_bulk_play_equals_the_readable_engine() -> None:
    """play_random gives the same counts and per-Gang results in both engines, under several switch masks."""
    for bits in (0, 6, 9, 22, 31):
        mine = twin.engine_module().play_random(150, bits, bits, True)
        assert mine == pure.play_random(150, bits, bits, True)
    result = twin.play_random(40, seed=2, results=True)
    assert result.counts["gaenge"] == 40
    assert sum(result.counts[o] for o in twin.COUNT_NAMES[3:8]) == 40
    assert result.counts["wins_p0"] + result.counts["wins_p1"] + result.counts["draws"] == 40
    assert len(result.codes()) == 40
    assert twin.play_random(5).packed is None


def test_result_codes_round_trip() -> None:
    """decode_result(encode_result(r)) == r for the results of many random Gänge."""
    codes = twin.play_random(300, seed=4, results=True).codes()
    for code in codes:
        assert encode_result(decode_result(code)) == code


def test_pairs_equal_the_readable_engine() -> None:
    """play_pairs (the impact measure's pairs) gives the same histogram in both engines for every Gang switch."""
    for k in range(len(SWITCHES)):
        a, b = switch_bits(Rules()), switch_bits(Rules()) ^ (1 << k)
        assert twin.engine_module().play_pairs(60, k, a, b) == pure.play_pairs(60, k, a, b)


def test_random_bots_play_as_bots_play_gang() -> None:
    """random_bots gives the result of bots.play_gang with two RandomBots seeded alike."""
    for i in range(40):
        rules = Rules(special_cards_follow_colour=i % 2 == 0)
        bots = (RandomBot.seeded(3 * i), RandomBot.seeded(5 * i + 1))
        ref = play_gang(Deal.shuffled(i), Player(i % 2), rules, bots).result
        assert twin.random_bots(i, Player(i % 2), rules, (3 * i, 5 * i + 1)) == ref


def _without_the_twin(code: str) -> Any:
    """What the Python ``code`` prints as JSON, run in a new interpreter with SCHWINGET_NO_TWIN=1 (the readable engine)."""
    out = subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, twin.NO_TWIN_ENV: "1"}, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_impact_rows_do_not_depend_on_the_engine() -> None:
    """Every row of the impact measure (Gang, match and fest switches) is the same through the twin and through the readable engine."""
    rows = measure(480, seed=6)
    assert {r.engine for r in rows} == {twin.ENGINE}
    code = (
        "import json, attrs\n"
        "from schwinget_spec.studies.impact import measure\n"
        "print(json.dumps([attrs.asdict(r) for r in measure(480, seed=6)]))\n"
    )
    fallback = _without_the_twin(code)
    assert {r["engine"] for r in fallback} == {"python"}
    assert [{**attrs.asdict(r), "engine": None} for r in rows] == [{**r, "engine": None} for r in fallback]
    assert {r.level for r in rows} == {"gang", "match", "fest"}
    for level in ("gang", "match", "fest"):
        assert any(max(c or 0 for c in r.counts) > 0 for r in rows if r.level == level), level


@pytest.mark.clause("match.loser_starts", "match.draw_starter")
def test_fest_rows_take_the_drawn_first_meeting_from_draw_tie_starter() -> None:
    """Under fest_starter "loser_of_first_meeting" the twin's fest rows let draw_tie_starter name who starts after a drawn first meeting, as the readable engine does."""
    code = (
        "import json, attrs\n"
        "from schwinget_spec.studies.impact import _fest_row\n"
        "from schwinget_spec.rules import Rules\n"
        "pair = (Rules(fest_starter='loser_of_first_meeting'),\n"
        "        Rules(fest_starter='loser_of_first_meeting', draw_tie_starter='drawn_gang_other'))\n"
        "print(json.dumps([attrs.asdict(_fest_row('draw_tie_starter', 'drawn_gang_other', 120, 6, None, readings=pair))]))\n"
    )
    pair = (
        Rules(fest_starter="loser_of_first_meeting"),
        Rules(fest_starter="loser_of_first_meeting", draw_tie_starter="drawn_gang_other"),
    )
    row = impact._fest_row("draw_tie_starter", "drawn_gang_other", 120, 6, None, readings=pair)
    assert row.engine == twin.ENGINE
    (fallback,) = _without_the_twin(code)
    assert fallback["engine"] == "python"
    assert {**attrs.asdict(row), "engine": None} == {**fallback, "engine": None}
    assert 0 < (row.starters or 0) < 120


def _session(lines: list[dict[str, object]]) -> list[dict[str, object]]:
    out = io.StringIO()
    serve(io.StringIO("".join(json.dumps(line) + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_protocol_engine_answers_at_the_gang_level() -> None:
    """The twin's protocol engine declares the Gang level and its switches, plays a Gang and refuses an illegal action with its clause."""
    deal = Deal.shuffled(0)
    answers = _session(
        [
            {"cmd": "hello"},
            {"cmd": "start", "deal": deal.to_codes(), "starter": "P0", "rules": {"void_konter_beats_six": False}},
            {"cmd": "legal"},
            {"cmd": "apply", "action": "G3"},
            {"cmd": "state"},
            {"cmd": "result"},
            {"cmd": "start", "deal": deal.to_codes(), "starter": "P0", "rules": {"no_such_switch": True}},
            {"cmd": "bye"},
        ]
    )
    hello, started, legal, refused, state, result, unsupported, bye = answers
    assert hello["levels"] == ["gang"]
    assert set(hello["switches"]) == set(SWITCHES)
    assert started == {"ok": True}
    assert legal["actions"] == ["A", "G1", "B4", "Y2", "Y4", "KR"]
    assert refused["error"] == "illegal"
    assert refused["clause"] == "schwung.lead"
    assert state["hands"][0] == ["G1", "B4", "Y2", "Y4", "KR"]
    assert state["to_move"] == "P0"
    assert result["error"] == "not_over"
    assert unsupported["error"] == "unsupported"
    assert bye == {"ok": True}


def test_conformance_harness_passes_the_twin() -> None:
    """schwinget conformance run's harness plays 30 random Gänge against python -m schwinget_spec.twin.engine and finds no divergence."""
    report = run_harness(
        [sys.executable, "-m", "schwinget_spec.twin.engine"], games=30, seed=5, vectors=False, cwd=str(ROOT)
    )
    assert report.divergence is None
    assert report.random_games_played == 30


def test_in_process_harness_passes_the_twin() -> None:
    """The in-process harness (check_adapter) plays the shipped vectors, steered and 100 random Gänge through TwinAdapter and finds no divergence."""
    report = check_adapter(TwinAdapter(), games=100, seed=12, name="twin")
    assert report.divergence is None
    assert report.random_games_played == 100
    assert report.vectors_played > 0


def test_fallback_forced_by_the_environment() -> None:
    """With SCHWINGET_NO_TWIN=1 the readable engine plays: bulk play, the step API, impact and simulate work and agree."""
    code = (
        "import json\n"
        "from schwinget_spec import twin\n"
        "from schwinget_spec.studies.impact import measure\n"
        "from schwinget_spec.studies.simulate import Setup, simulate\n"
        "from schwinget_spec.players import Player\n"
        "s = twin.start_seed(5, Player.P1)\n"
        "s = s.apply(s.legal_actions()[-1])\n"
        "sim = simulate(Setup(('random', 'random'), 6, seed=2))\n"
        "print(json.dumps({'engine': twin.ENGINE, 'counts': twin.play_random(50, 3).counts, 'step': s.step,"
        " 'hands': s.hands, 'impact': measure(40, 1, ['void_konter_beats_six'])[0].engine,"
        " 'sim': [sim.engine, sim.results()]}))\n"
    )
    data = _without_the_twin(code)
    assert data["engine"] == "python"
    assert data["impact"] == "python"
    assert data["counts"] == twin.play_random(50, 3).counts
    s = twin.start_seed(5, Player.P1)
    s = s.apply(s.legal_actions()[-1])
    assert (data["step"], tuple(data["hands"])) == (s.step, s.hands)
    sim = simulate(Setup(("random", "random"), 6, seed=2))
    assert data["sim"][0] == "python"
    assert json.loads(json.dumps(sim.results())) == data["sim"][1]


def test_pairs_in_chunks_add_up() -> None:
    """play_pairs over 40,000 Gänge (its table grows past 2,048 kinds) equals the sum of its ten chunks of 4,000."""
    gamma, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    a, b = switch_bits(Rules()), switch_bits(Rules(special_cards_follow_colour=True))
    engine = twin.engine_module()
    count = 40_000 if engine is COMPILED else 400
    whole = engine.play_pairs(count, 9, a, b)
    parts: dict[tuple[bool, int, int], int] = {}
    for k in range(10):
        start = k * count // 10
        for key, n in engine.play_pairs(count // 10, (9 + 2 * start * gamma) & mask, a, b).items():
            parts[key] = parts.get(key, 0) + n
    assert whole == parts
    assert sum(whole.values()) == count
    assert len(whole) > (2048 if engine is COMPILED else 0)


def test_start_refuses_what_is_not_a_deal() -> None:
    """The engines' start refuses hands that overlap, a pile card out of range or held, a revealed card in the pile."""
    h0, h1, revealed, pile = twin.deal_args(Deal.shuffled(3))
    for bad in ((h0, h0, revealed, pile), (h0, h1, revealed, bytes([200]) + pile[1:]), (h0, h1, pile[0], pile)):
        for engine in {twin.engine_module(), pure}:
            with pytest.raises(ValueError, match="not a deal"):
                engine.start(bad, 0, 0)
