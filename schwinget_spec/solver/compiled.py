"""The wrapper of the compiled solver (``schwinget_spec.twin._solver``): a ``GangState`` in, its value and an optimal line out."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.gang_parts import Phase
from schwinget_spec.players import Player, as_player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, as_system
from schwinget_spec.solver.values import Solution, leaf_table
from schwinget_spec.twin.codes import ACTION_CODES, switch_bits

if TYPE_CHECKING:
    from schwinget_spec.views import PlayerView

__all__ = [
    "NO_ANGRIFF",
    "NO_EQUIVALENT",
    "NO_ORDERING",
    "NO_TABLE",
    "Problem",
    "available",
    "child_values",
    "module",
    "problem_of",
    "solve",
    "solve_deal",
    "value",
]

NO_TABLE = 1
"""An option bit: search without the transposition table."""
NO_EQUIVALENT = 2
"""An option bit: search every card, equivalent or not."""
NO_ORDERING = 4
"""An option bit: try the actions in their plain order, not the table's best first."""
NO_ANGRIFF = 8
"""An option bit that changes the game, not the search: the value as if nobody could start the Angriff (to weigh the option)."""
_OPTIONS = NO_TABLE | NO_EQUIVALENT | NO_ORDERING | NO_ANGRIFF

_PHASES = {Phase.LEAD: 0, Phase.ANSWER: 1, Phase.CHOOSE_LEADER: 2, Phase.OVER: 3}


@cache
def module() -> ModuleType:
    """The compiled solver module; ``SchwingetError`` if it was not built (no C compiler at install, or ``SCHWINGET_NO_TWIN=1``)."""
    try:
        _solver = importlib.import_module("schwinget_spec.twin._solver")
    except ImportError:
        raise SchwingetError(
            "the compiled solver (schwinget_spec.twin._solver) is not built: install with a C compiler, "
            "or use the readable solver schwinget_spec.solver.minimax"
        ) from None
    return _solver


def available() -> bool:
    """True if the compiled solver is built."""
    try:
        module()
    except SchwingetError:
        return False
    return True


@attrs.frozen
class Problem:
    """What the compiled solver reads of a position: the deal's fixed parts, the leaf values and the position.

    ``position`` is (hand of P0, hand of P1 as masks, pile cards drawn, phase 0-3 (lead,
    answer, choose the leader, over), player to move, led card index or -1, Angriff (0
    none, 1 + its player), pending trick 0/1, tricks of P0, of P1, and a mask of who won
    a decided Schwung after the Angriff (bit p: player p)).
    """

    pile: bytes
    revealed: int
    switches: int
    leaf: tuple[int, ...]
    position: tuple[int, ...]

    def args(self, options: int) -> tuple[bytes, int, int, tuple[int, ...], tuple[int, ...], int]:
        """The arguments of ``_solver.value``, ``solve`` and ``children``."""
        return (self.pile, self.revealed, self.switches, self.leaf, self.position, options)


def problem_of(state: GangState, system: ScoringSystem | str) -> Problem:
    """The compiled solver's arguments for ``state`` under ``system``."""
    if not isinstance(state, GangState):
        raise InvalidArgumentError("state", f"expected a GangState, got {state!r}")
    return _problem_at(state, pile=state.deal.pile, revealed=state.deal.revealed, hands=state.hands,
                      drawn=state.pile_drawn, rules=state.rules, system=as_system(system))


def _problem_at(
    seen: GangState | PlayerView, *, pile: Sequence[Card], revealed: Card, hands: tuple[int, int], drawn: int,
    rules: Rules, system: ScoringSystem,
) -> Problem:
    """The compiled solver's arguments for the position ``seen`` shows (``problem_of`` and the sampling player, which check what they pass), with the cards of the Gang: ``pile`` in order (the first ``drawn`` of them drawn), ``revealed``, and ``hands`` (P0's and P1's, as card bit sets)."""
    assert seen.to_move is not None
    won_after = 0
    for record in seen.history:
        if record.after_angriff and record.winner is not None:
            won_after |= 1 << record.winner
    position = (
        hands[0],
        hands[1],
        drawn,
        _PHASES[seen.phase],
        int(seen.to_move),
        -1 if seen.led is None else seen.led.index,
        0 if seen.angriff is None else 1 + int(seen.angriff.player),
        0 if seen.pending is None else 1,
        seen.tricks[0],
        seen.tricks[1],
        won_after,
    )
    return Problem(
        bytes(c.index for c in pile),
        revealed.index,
        switch_bits(rules),
        leaf_table(system, rules.good_loser_after_plattwurf),
        position,
    )


def _options(options: int) -> int:
    if type(options) is not int or not 0 <= options <= _OPTIONS:
        raise InvalidArgumentError("options", f"expected a mask of NO_TABLE, NO_EQUIVALENT, NO_ORDERING, NO_ANGRIFF, got {options!r}")
    return options


def value(state: GangState, system: ScoringSystem | str, options: int = 0) -> int:
    """The points difference P0 - P1 (hundredths) of ``state`` under optimal play of both, as ``minimax.value`` defines it."""
    problem = problem_of(state, system)
    return int(module().value(*problem.args(_options(options)))[0])


def child_values(state: GangState, system: ScoringSystem | str, options: int = 0) -> tuple[tuple[str, int], ...]:
    """Each legal action's code with the value of the position it leads to, in ``legal_actions()`` order."""
    problem = problem_of(state, system)
    return tuple((ACTION_CODES[a], v) for a, v in module().children(*problem.args(_options(options))))


def solve(state: GangState, system: ScoringSystem | str, options: int = 0) -> Solution:
    """The value of ``state`` and one optimal line (the first action of the engine's order that keeps the value, at each step)."""
    problem = problem_of(state, system)
    best, line, _nodes = module().solve(*problem.args(_options(options)))
    return Solution(as_system(system), best, tuple(ACTION_CODES[a] for a in line))


def solve_deal(
    deal: Deal, starter: Player, rules: Rules | None = None, system: ScoringSystem | str = ScoringSystem.SCHWINGERWERTUNG
) -> Solution:
    """The solved value of the Gang dealt as ``deal`` with ``starter`` to lead, and one optimal line."""
    return solve(start_gang(deal, as_player(starter, "starter"), rules), system)
