"""The readable solver: plain minimax over the reference engine (``GangState``), exact and slow, from any position."""

from __future__ import annotations

from collections.abc import Hashable

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState
from schwinget_spec.players import Player
from schwinget_spec.scoring import ScoringSystem, as_system
from schwinget_spec.solver.checked import check_state_fields
from schwinget_spec.solver.values import Solution, leaf_value
from schwinget_spec.support.safe_text import shown

__all__ = ["Memo", "child_values", "solve", "value"]

Memo = dict[Hashable, int]
"""Values already found, by position: one per Gang and scoring system, shared by the calls that pass it."""


def _key(state: GangState, angriff: bool) -> Hashable:
    # What the rest of the Gang depends on, given its deal and rules: the hands, the pile
    # still to draw, whose decision is due and on what, the Angriff's player (the
    # Wertungstabelle's rows name who attacked, not when), a pending neutralised trick,
    # the tricks so far and who won a decided Schwung after the Angriff (plattwurf.definition).
    won_after = frozenset(r.winner for r in state.history if r.after_angriff and r.winner is not None)
    return (
        state.hands,
        state.pile_drawn,
        state.phase,
        state.to_move,
        state.led,
        None if state.angriff is None else state.angriff.player,
        state.pending is not None,
        state.tricks,
        won_after,
        angriff,
    )


def _value(state: GangState, system: ScoringSystem, memo: dict[Hashable, int], angriff: bool = True) -> int:
    if state.is_over:
        return leaf_value(state.result, system, state.rules)
    key = _key(state, angriff)
    known = memo.get(key)
    if known is not None:
        return known
    # without the Angriff (angriff=False): the Gang as if nobody could start it, to weigh the option
    actions = [a for a in state.legal_actions() if angriff or a.code != "A"]
    values = [_value(state.apply(action), system, memo, angriff) for action in actions]
    # P0 maximises the points difference P0 - P1, P1 minimises it; the player to move decides
    # every kind of action alike: a card, the Angriff (angriff.who) or the next leader (kampfrichter.chooses)
    best = max(values) if state.to_move is Player.P0 else min(values)
    memo[key] = best
    return best


def _check(state: object, system: object) -> tuple[GangState, ScoringSystem]:
    if not isinstance(state, GangState):
        raise InvalidArgumentError("state", f"expected a GangState, got {shown(state)}")
    check_state_fields(state)
    return state, as_system(system)


def value(state: GangState, system: ScoringSystem | str, memo: Memo | None = None, *, angriff: bool = True) -> int:
    """The points difference P0 - P1 (hundredths) of ``state`` under optimal play of both, under ``system``.

    P0 maximises, P1 minimises; every legal action of the engine is a branch, the
    Angriff and the Kampfrichter's choice of the next leader included. Positions are
    remembered by what the rest of the Gang depends on (the hands, the pile drawn, the
    phase, who is to move, the led card, the Angriff's player, a pending trick, the
    tricks, who won after the Angriff), so the cost is the number of distinct positions.
    Positions of one Gang (same deal and rules) under one system may share ``memo``.
    With ``angriff=False`` nobody may start the Angriff from here (the compiled solver's
    ``NO_ANGRIFF``), which weighs the option.
    """
    state, system = _check(state, system)
    if memo is not None and not isinstance(memo, dict):
        raise InvalidArgumentError("memo", f"expected a dict or None, got {memo!r}")
    if type(angriff) is not bool:
        raise InvalidArgumentError("angriff", f"expected True or False, got {angriff!r}")
    return _value(state, system, {} if memo is None else memo, angriff)


def child_values(state: GangState, system: ScoringSystem | str) -> tuple[tuple[str, int], ...]:
    """Each legal action's code with the value of the position it leads to, in ``legal_actions()`` order."""
    state, system = _check(state, system)
    memo: dict[Hashable, int] = {}
    return tuple((a.code, _value(state.apply(a), system, memo)) for a in state.legal_actions())


def solve(state: GangState, system: ScoringSystem | str) -> Solution:
    """The value of ``state`` and one optimal line: at each step the first legal action whose position has the value."""
    state, system = _check(state, system)
    memo: dict[Hashable, int] = {}
    best = _value(state, system, memo)
    line: list[str] = []
    while not state.is_over:
        for action in state.legal_actions():
            child = state.apply(action)
            if _value(child, system, memo) == best:
                line.append(action.code)
                state = child
                break
        else:  # pragma: no cover - a position's value is one of its children's
            raise AssertionError("no child reaches the position's value")
    return Solution(system, best, tuple(line))
