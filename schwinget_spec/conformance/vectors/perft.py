"""Perft counts of a Gang: the number of distinct legal action sequences from a state, to a depth or to the end of the Gang."""

from __future__ import annotations

from typing import Any

from schwinget_spec.gang import GangState

__all__ = ["perft", "perft_complete", "perft_divide"]


def _perft_key(state: GangState) -> tuple[Any, ...]:
    # Everything the legal actions of this state and of every later one depend on;
    # tricks, history and the pending trick do not restrict any action.
    return (state.hands, state.pile_drawn, state.phase, state.to_move, state.led, state.angriff is not None)


def perft(state: GangState, depth: int) -> int:
    """The number of distinct legal action sequences of exactly ``depth`` actions from ``state``.

    A sequence that ends the Gang before ``depth`` actions is not counted; ``perft(state, 0)`` is 1.
    """
    memo: dict[tuple[Any, ...], int] = {}

    def count(s: GangState, d: int) -> int:
        if d == 0:
            return 1
        key = (*_perft_key(s), d)
        hit = memo.get(key)
        if hit is not None:
            return hit
        total = sum(count(s.apply(a), d - 1) for a in s.legal_actions())
        memo[key] = total
        return total

    return count(state, depth)


def perft_divide(state: GangState, depth: int) -> dict[str, int]:
    """``perft`` of each legal action's successor at ``depth - 1``, by action code (python-chess calls this "divide")."""
    return {a.code: perft(state.apply(a), depth - 1) for a in state.legal_actions()}


def perft_complete(state: GangState) -> int:
    """The number of distinct legal action sequences from ``state`` to the end of the Gang."""
    memo: dict[tuple[Any, ...], int] = {}

    def count(s: GangState) -> int:
        if s.is_over:
            return 1
        key = _perft_key(s)
        hit = memo.get(key)
        if hit is not None:
            return hit
        total = sum(count(s.apply(a)) for a in s.legal_actions())
        memo[key] = total
        return total

    return count(state)
