"""Checks of the compiled solver: against the readable solver, against its own children's values, and its moves against the engine in lock step."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled, minimax
from schwinget_spec.twin.codes import ACTION_CODES, SWITCHES, rules_of

__all__ = ["Report", "check_children", "compare_with_readable", "lockstep_moves"]

_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
_COMBINATIONS = 1 << len(SWITCHES)


@attrs.frozen
class Report:
    """What a check looked at: positions (or steps), by depth (actions played from the deal), and the first disagreement or None."""

    checked: int
    by_depth: tuple[int, ...]
    combinations: int
    disagreement: str | None


def _count(value: object, parameter: str) -> int:
    if type(value) is not int or value < 0:
        raise InvalidArgumentError(parameter, f"expected an int >= 0, got {value!r}")
    return value


def _rules(index: int) -> Rules:
    # every combination of the Gang switches in turn, with and without the good loser after a Plattwurf
    return rules_of(index % _COMBINATIONS, Rules(good_loser_after_plattwurf=index // _COMBINATIONS % 2 == 0))


def _gang(index: int, rng: SplitMix64) -> tuple[GangState, SplitMix64]:
    seed, rng = rng.next()
    starter, rng = rng.below(2)
    return start_gang(Deal.shuffled(seed), Player(starter), _rules(index)), rng


def _step(state: GangState, rng: SplitMix64) -> tuple[GangState, SplitMix64]:
    actions = state.legal_actions()
    k, rng = rng.below(len(actions))
    return state.apply(actions[k]), rng


def _late(state: GangState, pile_left: int) -> bool:
    # the readable solver is quick from here: at most pile_left cards to draw, or the pile locked
    return state.angriff is not None or state.pile_drawn >= PILE_SIZE - pile_left


def _depths(by_depth: list[int], depth: int) -> None:
    while len(by_depth) <= depth:
        by_depth.append(0)
    by_depth[depth] += 1


def compare_with_readable(
    gaenge: int, seed: int = 0, pile_left: int = 2, progress: Callable[[int], None] | None = None
) -> Report:
    """The compiled solver's value against the readable solver's on every position of ``gaenge`` random Gänge from late in each on.

    Gang ``i`` is dealt from the SplitMix64 stream of ``seed``, under the combination
    ``i % 32`` of the Gang switches (with the good loser after a Plattwurf in every other
    round of 32) and the scoring system ``i % 2``; it is played by uniform random
    choices, and from the first position where the readable solver is quick (the
    Angriff made, or at most ``pile_left`` pile cards left, 0-12) every position to the
    end is solved by both, and while no Angriff was started also as if nobody could start
    it (``compiled.NO_ANGRIFF``). ``progress`` is called with the Gänge done.
    """
    _count(gaenge, "gaenge")
    if type(pile_left) is not int or not 0 <= pile_left <= PILE_SIZE:
        raise InvalidArgumentError("pile_left", f"expected an int from 0 to {PILE_SIZE}, got {pile_left!r}")
    rng = SplitMix64.seeded(_count(seed, "seed"))
    checked = 0
    by_depth: list[int] = []
    for i in range(gaenge):
        state, rng = _gang(i, rng)
        system = _SYSTEMS[i % 2]
        while not _late(state, pile_left):
            state, rng = _step(state, rng)
        memo: minimax.Memo = {}
        while True:
            slow = minimax.value(state, system, memo)
            fast = compiled.value(state, system)
            checked += 1
            _depths(by_depth, state.step)
            if slow != fast:
                return Report(checked, tuple(by_depth), min(i + 1, _COMBINATIONS), f"Gang {i}: {state!r} under {system.label}: readable {slow}, compiled {fast}")
            if state.angriff is None and not state.is_over:
                # the value without the Angriff too (compiled: the whole rest solved as a game of tricks)
                slow = minimax.value(state, system, memo, angriff=False)
                fast = compiled.value(state, system, compiled.NO_ANGRIFF)
                if slow != fast:
                    return Report(checked, tuple(by_depth), min(i + 1, _COMBINATIONS), f"Gang {i}: {state!r} under {system.label} without the Angriff: readable {slow}, compiled {fast}")
            if state.is_over:
                break
            state, rng = _step(state, rng)
        if progress is not None:
            progress(i + 1)
    return Report(checked, tuple(by_depth), min(gaenge, _COMBINATIONS), None)


def check_children(gaenge: int, seed: int = 0) -> Report:
    """On every position of ``gaenge`` random Gänge, from the deal to the end: the compiled value equals the best of its children's.

    The player to move takes the most (P0) or the least (P1) of the values of the
    positions its legal actions lead to, the Angriff and the choice of the next leader
    included; both scoring systems, the Gang switches as in ``compare_with_readable``.
    """
    _count(gaenge, "gaenge")
    rng = SplitMix64.seeded(_count(seed, "seed"))
    checked = 0
    by_depth: list[int] = []
    for i in range(gaenge):
        state, rng = _gang(i, rng)
        while not state.is_over:
            checked += 1
            for system in _SYSTEMS:
                own = compiled.value(state, system)
                values = [v for _code, v in compiled.child_values(state, system)]
                best = max(values) if state.to_move is Player.P0 else min(values)
                if own != best:
                    return Report(checked, tuple(by_depth), min(i + 1, _COMBINATIONS), f"Gang {i}: {state!r} under {system.label}: value {own}, best child {best}")
            _depths(by_depth, state.step)
            state, rng = _step(state, rng)
    return Report(checked, tuple(by_depth), min(gaenge, _COMBINATIONS), None)


def lockstep_moves(gaenge: int, seed: int = 0) -> Report:
    """At every step of ``gaenge`` random Gänge: the solver's legal actions are the engine's, in its order, and each leads to the engine's next position."""
    _count(gaenge, "gaenge")
    rng = SplitMix64.seeded(_count(seed, "seed"))
    solver = compiled.module()
    checked = 0
    by_depth: list[int] = []
    for i in range(gaenge):
        state, rng = _gang(i, rng)
        while True:
            problem = compiled.problem_of(state, ScoringSystem.SCHWINGERWERTUNG)
            context = (problem.pile, problem.revealed, problem.switches)
            moves = tuple(ACTION_CODES[a] for a in solver.moves(*context, problem.position))
            checked += 1
            _depths(by_depth, state.step)
            if moves != state.legal_action_codes():
                return Report(checked, tuple(by_depth), min(i + 1, _COMBINATIONS), f"Gang {i}: {state!r}: solver moves {moves}, engine {state.legal_action_codes()}")
            if state.is_over:
                break
            for code in moves:
                after = solver.play(*context, problem.position, ACTION_CODES.index(code))
                expected = compiled.problem_of(state.apply(code), ScoringSystem.SCHWINGERWERTUNG).position
                if after != expected:
                    return Report(checked, tuple(by_depth), min(i + 1, _COMBINATIONS), f"Gang {i}: {state!r} then {code}: solver {after}, engine {expected}")
            state, rng = _step(state, rng)
    return Report(checked, tuple(by_depth), min(gaenge, _COMBINATIONS), None)
