"""The compiled twin handed what a hostile program would hand it: every reproducer of a crash or an unbounded call, one test each, ends in a library error, a plain answer or KeyboardInterrupt."""

from __future__ import annotations

import gc
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from schwinget_spec import twin
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.solver import compiled
from schwinget_spec.studies.impact import _score_table
from schwinget_spec.twin import codes, pure
from schwinget_spec.twin.codes import ACTION_CODES, deal_args

COMPILED: Any = twin.compiled()
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built (tests/test_twin.py says where it must be)")

# the 12 meetings of a Schwingfest of 4, as impact.py hands them to fest_rows
SCHEDULE = bytes([0, 1, 1, 2, 3, 1, 0, 2, 1, 1, 3, 1, 0, 3, 1, 1, 2, 1, 0, 1, 2, 2, 3, 2, 0, 2, 2, 1, 3, 2, 0, 3, 2, 1, 2, 2])


def _recorded_gang() -> tuple[tuple[int, int, int, bytes], list[Any], int | None]:
    # a whole Gang of Deal.shuffled(3), P0 leading, the first legal action each time, and its packed result
    state = twin.start(Deal.shuffled(3), Player.P0)
    actions: list[Any] = []
    while not state.is_over:
        action = state.legal_actions()[0]
        state = state.apply(action)
        actions.append(ACTION_CODES[action])
    return deal_args(Deal.shuffled(3)), actions, state.result_code


def _clearing_key(victim: list[Any]) -> object:
    # a dict key that hashes like the claim "to_move" and empties ``victim`` when compared with it
    class Key:
        def __hash__(self) -> int:
            return hash("to_move")

        def __eq__(self, other: object) -> bool:
            victim.clear()
            gc.collect()
            return False

    return Key()


@pytest.mark.parametrize("count", [2**62 + 1, 2**61, 2**63 - 1, 2**63, twin.MAX_RESULTS + 1])
def test_kept_results_beyond_their_bound_are_refused(count: int) -> None:
    """play_random(count, results=True) beyond MAX_RESULTS (where count * 4 overflowed and the loop wrote past its buffer) raises InvalidArgumentError naming count, through the wrapper and the compiled call alike."""
    with pytest.raises(InvalidArgumentError, match=r"^count: .*268435456"):
        twin.play_random(count, 0, results=True)
    if COMPILED is not None:
        with pytest.raises(InvalidArgumentError, match=r"^count: .*268435456"):
            COMPILED.play_random(count, 0, 0, True)


@needs_twin
@pytest.mark.parametrize("victim", ["actions", "steps"])
def test_a_claim_key_that_clears_the_record_does_not_crash_the_replay(victim: str) -> None:
    """A claims dict whose key hashes like a claim's name and whose __eq__ clears the action list (or the step list) leaves the replay reading its own copy: it answers -1 (the readable engine judges)."""
    deal, actions, _ = _recorded_gang()
    steps: list[Any] = [None] * len(actions)
    steps[0] = {_clearing_key(actions if victim == "actions" else steps): 1, "is_over": False}
    assert COMPILED.replay_recorded(deal, 0, 0, actions, None, steps) == -1
    assert (actions == []) is (victim == "actions")
    assert (steps == []) is (victim == "steps")


@needs_twin
def test_the_start_claims_may_clear_the_step_list() -> None:
    """Start claims whose key clears the step list, then the action list, are compared against the replay's own copies: -1, no crash."""
    deal, actions, _ = _recorded_gang()
    steps: list[Any] = [{"is_over": False}] * len(actions)
    start = {_clearing_key(steps): 1, _clearing_key(actions): 2}
    assert COMPILED.replay_recorded(deal, 0, 0, actions, start, steps) == -1


@needs_twin
def test_the_replay_of_a_whole_record_still_gives_its_result() -> None:
    """With plain claims the replay still returns the Gang's packed result (the copies change nothing)."""
    deal, actions, result = _recorded_gang()
    steps: list[Any] = [{"is_over": i == len(actions) - 1} for i in range(len(actions))]
    assert result is not None
    assert COMPILED.replay_recorded(deal, 0, 0, actions, {"is_over": False}, steps) == result


@needs_twin
@pytest.mark.parametrize("rows", ["match_rows", "fest_rows"])
def test_a_score_whose_index_clears_the_scores_is_refused(rows: str) -> None:
    """match_rows and fest_rows read their scores from a tuple of their own and take only ints: an element whose __index__ clears the scores list is refused with InvalidArgumentError naming scores."""
    scores: list[Any] = list(_score_table((Rules(), Rules())))

    class Clearing:
        def __index__(self) -> int:
            scores.clear()
            return 1

    scores[3] = Clearing()
    calls = {
        "match_rows": lambda: COMPILED.match_rows(10, 0, (0, 0), (0, 0), scores),
        "fest_rows": lambda: COMPILED.fest_rows(10, 0, (0, 0), (0, 0), (0, 0), SCHEDULE, scores),
    }
    with pytest.raises(InvalidArgumentError, match=r"^scores: "):
        calls[rows]()


@needs_twin
@pytest.mark.parametrize("bad", [2**31, -(2**31) - 1, 2**70, True, 1.0])
def test_a_score_that_does_not_fit_is_refused(bad: object) -> None:
    """A score that is no int or does not fit in 32 bits is refused naming scores, where it was cut to 32 bits before."""
    scores: list[Any] = list(_score_table((Rules(), Rules())))
    scores[0] = bad
    with pytest.raises(InvalidArgumentError, match=r"^scores: "):
        COMPILED.match_rows(1, 0, (0, 0), (0, 0), scores)


@pytest.mark.parametrize(
    ("label", "call", "parameter"),
    [
        ("start_seed", lambda: twin.start_seed(10**5000, Player.P0), "seed"),
        ("play_random", lambda: twin.play_random(10**5000), "count"),
        ("play_random seed", lambda: twin.play_random(1, -(10**5000)), "seed"),
        ("play_pairs", lambda: twin.play_pairs(2**62, 0, Rules(), Rules()), "count"),
        ("play_pairs seed", lambda: twin.play_pairs(1, 10**5000, Rules(), Rules()), "seed"),
    ],
)
def test_enormous_numbers_are_refused_naming_the_parameter(label: str, call: Any, parameter: str) -> None:
    """An enormous or out-of-bound count or seed raises InvalidArgumentError naming it (an int too long to print is named by its size), not Python's ValueError."""
    with pytest.raises(InvalidArgumentError, match=rf"^{parameter}: ") as info:
        call()
    assert "Exceeds the limit" not in str(info.value)


@needs_twin
@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda c: c.start_seed(10**5000, 0, 0), "seed"),
        (lambda c: c.start_seed(2**64 + 5, 0, 0), "seed"),
        (lambda c: c.deck(-1), "seed"),
        (lambda c: c.start_seed(0, 2, 0), "starter"),
        (lambda c: c.start_seed(0, 0, 32), "switches"),
        (lambda c: c.random_bots(0, 0, 0, 2**64, 0), "seed_p0"),
        (lambda c: c.play_random(twin.MAX_COUNT + 1, 0, 0, False), "count"),
        (lambda c: c.play_pairs(-1, 0, 0, 0), "count"),
        (lambda c: c.match_rows(twin.MAX_COUNT + 1, 0, (0, 0), (0, 0), ()), "runs"),
        (lambda c: c.fest_rows(0, 0, (0, 0), (0, 4), (0, 0), SCHEDULE, ()), "modes"),
        (lambda c: c.fest_rows(0, 0, (0, 0), (0, 0), (0, 0), b"\x00" * 36, ()), "meetings"),
        (lambda c: c.start(("x", 0, 0, b""), 0, 0), "deal"),
        (lambda c: c.replay_recorded(deal_args(Deal.shuffled(1)), 0, 0, (), None, []), "actions"),
    ],
)
def test_the_compiled_calls_refuse_what_does_not_fit(call: Any, parameter: str) -> None:
    """Every compiled call refuses a number out of range (a seed of 2**64 + 5 was cut to 5 before) or a value of the wrong kind with InvalidArgumentError naming the parameter."""
    with pytest.raises(InvalidArgumentError, match=rf"^{parameter}: "):
        call(COMPILED)


@needs_twin
def test_the_bounds_are_the_compiled_ones() -> None:
    """The documented bounds of the wrapper are those the compiled module enforces."""
    assert (COMPILED.MAX_COUNT, COMPILED.MAX_RESULTS) == (twin.MAX_COUNT, twin.MAX_RESULTS) == (2**40, 2**28)


_CTRL_C = """
import sys, time
from schwinget_spec import twin
from schwinget_spec.rules import Rules
from schwinget_spec.studies.impact import _score_table
c = twin.compiled()
scores = _score_table((Rules(), Rules()))
schedule = bytes.fromhex(sys.argv[2])
calls = {
    "play_random": lambda: twin.play_random(10**12, 0),
    "play_pairs": lambda: twin.play_pairs(twin.MAX_COUNT, 0, Rules(), Rules()),
    "match_rows": lambda: c.match_rows(twin.MAX_COUNT, 0, (0, 1), (0, 0), scores),
    "fest_rows": lambda: c.fest_rows(twin.MAX_COUNT, 0, (0, 1), (0, 0), (0, 0), schedule, scores),
}
call = calls[sys.argv[1]]
try:
    print("ready", flush=True)
    call()
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
"""


@needs_twin
@pytest.mark.parametrize("call", ["play_random", "play_pairs", "match_rows", "fest_rows"])
def test_ctrl_c_stops_a_long_compiled_call(call: str) -> None:
    """SIGINT to a process inside play_random(10**12), play_pairs(MAX_COUNT), match_rows or fest_rows ends the call with KeyboardInterrupt (the loops check for signals between blocks)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _CTRL_C, call, SCHEDULE.hex()], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        time.sleep(0.3)  # inside the call by now
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    assert out.startswith("interrupted "), (out, err)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: codes.decode_result(10**5000), "code: .*an int of 16610 bits"),
        (lambda: codes.action_of(10**5000), "code: .*an int of 16610 bits"),  # type: ignore[arg-type]
        (lambda: codes.card_codes(-(10**5000)), "mask: .*an int of 16610 bits"),
        (lambda: codes.rules_of(10**5000), "bits: .*an int of 16610 bits"),
        (lambda: pure.start((10**5000, 0, 0, bytes(12)), 0, 0), "deal: .*got a tuple whose repr\\(\\) fails"),
        (lambda: pure.start_seed(1, 0, 0).apply(10**5000), "action: .*an int of 16610 bits"),
        (lambda: twin.random_bots(0, Player.P0, Rules(), (10**5000, 0)), "seeds\\[0\\]: .*an int of 16610 bits"),
    ],
)
def test_the_readable_engine_and_the_codes_name_an_enormous_int_by_its_size(call: Any, message: str) -> None:
    """The twin's readable engine and its codes refuse an int too long to print (or a tuple holding one) with InvalidArgumentError naming the parameter and the int's size, not Python's ValueError."""
    with pytest.raises(InvalidArgumentError, match=f"^{message}"):
        call()


@pytest.mark.parametrize("compiled_module", ["twin", "solver"])
def test_both_compiled_modules_name_an_enormous_int_by_its_size(compiled_module: str) -> None:
    """The compiled twin and the compiled solver show an int too long to print as the readable engine does (their shared _errors.h), naming the parameter."""
    if compiled_module == "twin":
        module = twin.compiled()
        assert module is not None
        with pytest.raises(InvalidArgumentError, match=r"^seed: .*got an int of 16610 bits$"):
            module.start_seed(10**5000, 0, 0)
        return
    args = list(compiled.problem_of(start_gang(Deal.shuffled(1), Player.P0), "schwingerwertung").args(0))
    args[1] = 10**5000
    with pytest.raises(InvalidArgumentError, match=r"^revealed: .*got an int of 16610 bits$"):
        compiled.module().value(*args)
