"""The Gang solver: the readable and the compiled solver agree, every value is the best of its children's, the moves are the engine's, and bad arguments are refused."""

from __future__ import annotations

import os
import shutil
import signal
import sysconfig
from pathlib import Path

import pytest
from builders import play_codes

from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, ParseError
from schwinget_spec.gang import GangResult, Outcome, start_gang
from schwinget_spec.gang_parts import Angriff, Phase
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.solver import compiled, leaf_table, leaf_value, minimax, outcome_word, verify
from schwinget_spec.studies import balance
from schwinget_spec.twin import NO_TWIN_ENV

S = ScoringSystem.SCHWINGERWERTUNG
P = ScoringSystem.PUNKTEWERTUNG

# Deal.shuffled(11), P0 to start, after ten Schwung cards: P0 leads with B1 B5 Y2 Y5 KR (trump R)
ANGRIFF_DEAL, ANGRIFF_CODES = 11, "G2 R5 G1 Y1 B2 R2 R3 R1 Y6 B4"
# Deal.shuffled(6), P0 to start: after P1's Kampfrichter neutralised Y3, P0 chooses the next leader
CHOICE_DEAL, CHOICE_CODES = 6, "G5 G4 Y2 B3 R5 R3 B2 R1 Y3 KR"


def test_the_solver_is_built_where_it_can_be() -> None:
    """Where a C compiler and Python's headers are present, the build made the compiled solver."""
    forced = os.environ.get(NO_TWIN_ENV, "") not in ("", "0")
    can_build = shutil.which("cc") is not None or shutil.which("gcc") is not None
    can_build = can_build and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()
    if can_build and not forced:
        assert compiled.available(), "the build did not make schwinget_spec/twin/_solver.c"


@pytest.mark.clause("table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff", "table.sieg_mit_angriff",
                    "table.sieg_ohne_angriff", "table.gestellter", "table.gut_gekaempft")
def test_leaf_table_is_the_wertungstabelle() -> None:
    """The winner's lead per outcome and loser's tricks is read from the Wertungstabelle under each system and reading."""
    assert leaf_table(S, True) == (150, 150, 125, 125, 100, 100, 125, 125, 0, 0)
    assert leaf_table(P, True) == (700, 600, 500, 400, 300, 200, 200, 100, 0, 0)
    assert leaf_table(P, False) == (700, 700, 500, 500, 300, 200, 200, 100, 0, 0)
    result = GangResult((3, 8), 11, Angriff(Player.P1, 6), Player.P1, Player.P1, Outcome.PLATTWURF_EIGENER_ANGRIFF)
    assert leaf_value(result, P, Rules()) == -600
    score = compute_gang_score(result, P, Rules())
    assert score.points[0].hundredths - score.points[1].hundredths == -600
    assert (outcome_word(-600), outcome_word(0), outcome_word(25)) == ("loss", "draw", "win")


@pytest.mark.clause("angriff.who", "angriff.locks_pile", "plattwurf.definition", "table.plattwurf_eigener_angriff")
def test_optimal_play_starts_the_angriff_for_a_plattwurf() -> None:
    """With two pile cards left, P0's best is the Angriff and all 5 tricks after it: 10.00 against 8.50, in both solvers."""
    state = play_codes(start_gang(Deal.shuffled(ANGRIFF_DEAL), Player.P0), ANGRIFF_CODES)
    assert state.phase is Phase.LEAD
    assert state.pile_size == 2
    assert state.tricks == (3, 2)
    slow = minimax.solve(state, S)
    assert slow.value == 150
    assert slow.outcome == "win"
    assert slow.line == ("A", "B5", "B3", "B1", "G3", "Y5", "Y4", "KR", "G5", "L0", "Y2", "G6")
    assert compiled.solve(state, S) == slow
    assert minimax.value(state, P) == compiled.value(state, P) == 700
    over = play_codes(state, slow.line)
    assert over.result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.chooses")
def test_the_kampfrichters_choice_of_the_next_leader_is_a_decision_of_the_tree() -> None:
    """After P1's Kampfrichter, P0 chooses who leads: P0 leading loses 9.75 to 8.75 at worst, P1 leading costs 0.25 more."""
    state = play_codes(start_gang(Deal.shuffled(CHOICE_DEAL), Player.P0), CHOICE_CODES)
    assert state.phase is Phase.CHOOSE_LEADER
    assert state.to_move is Player.P0
    assert minimax.child_values(state, S) == (("L0", -100), ("L1", -125))
    assert compiled.child_values(state, S) == (("L0", -100), ("L1", -125))
    assert minimax.value(state, S) == compiled.value(state, S) == -100


def test_compiled_equals_readable_on_late_positions_under_every_switch_combination() -> None:
    """On every position from the lock or the last draw to the end of 64 random Gänge (all 32 switch combinations, both systems), the two solvers agree."""
    report = verify.compare_with_readable(64, seed=1, pile_left=0)
    assert report.disagreement is None
    assert report.combinations == 32
    assert report.checked > 600
    assert min(report.by_depth[1:]) > 0


def test_compiled_equals_readable_with_draws_ahead() -> None:
    """From the last Schwung before the pile is used up, the Angriff still possible, the two solvers agree on every position."""
    report = verify.compare_with_readable(4, seed=2, pile_left=2)
    assert report.disagreement is None
    assert report.checked > 40


def test_every_value_is_the_best_of_its_childrens_from_the_deal() -> None:
    """At every position of 32 random Gänge, the deal included, the compiled value is the best of its children's for the player to move."""
    report = verify.check_children(32, seed=3)
    assert report.disagreement is None
    assert report.by_depth[0] == 32
    assert report.combinations == 32


@pytest.mark.clause("schwung.farbzwang", "trump.anytime", "angriff.not_empty_pile", "kampfrichter.chooses")
def test_the_solvers_moves_are_the_engines_in_lock_step() -> None:
    """At every step of 96 random Gänge under all switch combinations, the solver's legal actions and next positions are the engine's."""
    report = verify.lockstep_moves(96, seed=4)
    assert report.disagreement is None
    assert report.checked > 96 * 12


def test_each_pruning_switched_off_gives_the_same_value() -> None:
    """Without the table, the equivalent-card pruning, the move ordering or the sure tricks' bounds, the value from the deal is the same, with the Angriff and without."""
    for seed in range(3):
        state = start_gang(Deal.shuffled(seed), Player(seed % 2), Rules())
        for system in (S, P):
            values = {options: compiled.value(state, system, options) for options in (0, 2, 4, 6, 16, 18)}
            assert len(set(values.values())) == 1, (seed, system, values)
            without = {options: compiled.value(state, system, compiled.NO_ANGRIFF | options) for options in (0, 2, 16, 18)}
            assert len(set(without.values())) == 1, (seed, system, without)


def test_a_finished_gang_is_its_own_value() -> None:
    """The value of a finished Gang is its score difference, and its line is empty."""
    state = play_codes(start_gang(Deal.shuffled(ANGRIFF_DEAL), Player.P0), ANGRIFF_CODES)
    over = play_codes(state, minimax.solve(state, S).line)
    assert minimax.solve(over, P).line == ()
    assert compiled.solve(over, P) == minimax.solve(over, P)
    assert compiled.value(over, S) == 150


def test_the_python_calls_refuse_bad_arguments() -> None:
    """A state that is no GangState, a system no system is named, bad options or memo are refused naming the parameter."""
    state = start_gang(Deal.shuffled(1), Player.P0)
    for call, parameter in (
        (lambda: compiled.value("state", S), "state"),  # type: ignore[arg-type]
        (lambda: minimax.value(None, S), "state"),  # type: ignore[arg-type]
        (lambda: compiled.value(state, 3), "system"),  # type: ignore[arg-type]
        (lambda: compiled.value(state, S, 32), "options"),
        (lambda: compiled.value(state, S, True), "options"),
        (lambda: minimax.value(state, S, memo=[]), "memo"),  # type: ignore[arg-type]
        (lambda: compiled.solve_deal(Deal.shuffled(1), 2), "starter"),  # type: ignore[arg-type]
        (lambda: verify.compare_with_readable(1, pile_left=13), "pile_left"),
        (lambda: leaf_table("s", True), "system"),
    ):
        with pytest.raises(InvalidArgumentError) as caught:
            call()
        assert caught.value.parameter == parameter
    with pytest.raises(ParseError):
        compiled.value(state, "bridge")


def test_the_compiled_calls_refuse_bad_arguments() -> None:
    """The compiled module refuses each bad argument with InvalidArgumentError naming it, never a crash."""
    solver = compiled.module()
    problem = compiled.problem_of(start_gang(Deal.shuffled(1), Player.P0), S)
    good = problem.args(0)
    position = list(problem.position)

    def with_position(index: int, value: object) -> tuple[object, ...]:
        changed: list[object] = list(position)
        changed[index] = value
        return (*good[:4], tuple(changed), 0)

    class Index:
        def __index__(self) -> int:
            return 3

    hands = position[0] | position[1]
    cases: list[tuple[tuple[object, ...], str]] = [
        ((b"\x00" * 12, *good[1:]), "pile"),
        ((good[0][:11], *good[1:]), "pile"),
        (("pile", *good[1:]), "pile"),
        ((good[0], 26, *good[2:]), "revealed"),
        ((good[0], good[0][0], *good[2:]), "revealed"),
        ((*good[:2], 32, *good[3:]), "switches"),
        ((*good[:2], True, *good[3:]), "switches"),
        ((*good[:3], good[3][:9], *good[4:]), "leaf"),
        ((*good[:3], (10**6,) * 10, *good[4:]), "leaf"),
        ((*good[:3], (100, 200, *(0,) * 8), *good[4:]), "leaf"),  # a good loser raising the lead
        ((*good[:3], (50, 50, 50, 50, 100, 100, 0, 0, 0, 0), *good[4:]), "leaf"),  # a Plattwurf worth less
        ((*good[:3], (1, 1, 1, 1, 1, 1, 1, 1, 0, 1), *good[4:]), "leaf"),  # a Gestellter not 0
        ((*good[:4], good[4][:10], 0), "position"),
        ((*good[:4], None, 0), "position"),
        ((*good[:5], 32), "options"),
        ((*good[:5], 2**70), "options"),
        (with_position(0, hands), "position"),  # the hands share cards
        (with_position(2, 13), "position"),
        (with_position(2, 1), "position"),  # an odd count of pile cards drawn before a lead
        (with_position(3, 4), "position"),
        (with_position(5, 3), "position"),  # a led card while a lead is due
        (with_position(8, 12), "position"),
        (with_position(10, 1), "position"),  # someone won after an Angriff that was not made
        (with_position(0, 1 << 26), "position"),
    ]
    for args, parameter in cases:
        with pytest.raises(InvalidArgumentError) as caught:
            solver.value(*args)
        assert caught.value.parameter == parameter, args
    assert solver.value(*(*good[:5], Index()))[0] == solver.value(*good)[0]
    context = good[:3]
    with pytest.raises(InvalidArgumentError) as caught:
        solver.play(*context, problem.position, 27)
    assert caught.value.parameter == "action"
    with pytest.raises(InvalidArgumentError) as caught:
        solver.moves(*context, "position")
    assert caught.value.parameter == "position"


def test_balance_counts_what_best_play_gives_the_starter() -> None:
    """Over 40 deals the starter's outcomes add up, the lead is the sum of the values, and the Angriff counts agree with the solver."""
    result = balance.balance(40, first_seed=100, angriff_deals=10)
    assert sum(result.outcomes.values()) == 40
    values = [compiled.value(start_gang(Deal.shuffled(100 + i), Player.P0), S) for i in range(40)]
    assert result.lead == sum(values)
    assert result.outcomes["win"] == sum(v > 0 for v in values)
    without = [compiled.value(start_gang(Deal.shuffled(100 + i), Player.P0), S, compiled.NO_ANGRIFF) for i in range(10)]
    assert result.changed == sum(a != b for a, b in zip(values[:10], without, strict=True))
    assert result.lead_without == sum(without)
    assert sum(result.when.values()) == result.used
    with pytest.raises(InvalidArgumentError) as caught:
        balance.balance(0)
    assert caught.value.parameter == "deals"


def test_without_the_angriff_nobody_attacks() -> None:
    """Solved with NO_ANGRIFF, a line never holds the Angriff, and the readable solver agrees on a late position without it."""
    state = start_gang(Deal.shuffled(7), Player.P0)
    assert "A" in compiled.solve(state, S).line
    assert "A" not in compiled.solve(state, S, compiled.NO_ANGRIFF).line
    assert compiled.value(state, S, compiled.NO_ANGRIFF) != compiled.value(state, S)


def test_the_balance_table_in_the_bots_guide_is_the_programs() -> None:
    """The table after ``<!-- balance-sample -->`` in docs/bots.md is what ``python -m schwinget_spec.studies.balance`` prints (10,000 deals, 500 weighed)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    block = text.split("<!-- balance-sample -->\n", 1)[1].split("\n\n", 1)[0]
    table = balance.render(balance.balance(10_000, angriff_deals=500)).split("\n\n", 1)[1]
    assert block == table


def test_a_signal_stops_a_long_solve() -> None:
    """A signal handler that raises during a long search stops it: the error comes out of the call, and the next call works."""

    class StopError(Exception):
        pass

    def handler(_signum: int, _frame: object) -> None:
        raise StopError

    state = start_gang(Deal.shuffled(1626), Player.P0)
    previous = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.002)
        with pytest.raises(StopError):
            compiled.value(state, S, compiled.NO_ORDERING | compiled.NO_EQUIVALENT)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert compiled.value(state, S) == compiled.value(state, S, compiled.NO_EQUIVALENT)


def test_any_leaf_table_that_grows_with_the_tricks_gives_consistent_lines() -> None:
    """For leaf tables the solver accepts (not only the Wertungstabelle's), the line keeps the value and each value is its best child's."""
    solver = compiled.module()
    rng = SplitMix64.seeded(9)
    for seed in range(12):
        drawn = []
        for _ in range(4):
            x, rng = rng.below(300)
            drawn.append(x)
        sieg, ohne, good, extra = drawn
        platt = sieg + extra
        leaf = (platt, platt - min(good, extra), platt + 7, platt + 7, sieg, sieg - min(good, sieg), ohne, ohne, 0, 0)
        problem = compiled.problem_of(start_gang(Deal.shuffled(seed), Player(seed % 2)), S)
        args = (*problem.args(0)[:3], leaf, problem.position, 0)
        value, line, _nodes = solver.solve(*args)
        assert solver.value(*args)[0] == value
        children = [v for _a, v in solver.children(*args)]
        assert value == (max(children) if seed % 2 == 0 else min(children))
        assert len(line) >= 11
