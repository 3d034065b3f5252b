"""The wrapper of the compiled solver (``schwinget_spec.twin._solver``): a ``GangState`` in, its value and an optimal line out."""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.checks import check_int, check_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.gang_parts import Phase
from schwinget_spec.players import Player, as_player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, as_system
from schwinget_spec.solver.checked import check_state_fields
from schwinget_spec.solver.values import Solution, leaf_table
from schwinget_spec.support.safe_text import shown
from schwinget_spec.twin.codes import ACTION_CODES, switch_bits

if TYPE_CHECKING:
    from schwinget_spec.views import PlayerView

__all__ = [
    "NO_ANGRIFF",
    "NO_EQUIVALENT",
    "NO_ORDERING",
    "NO_SURE",
    "NO_TABLE",
    "Problem",
    "SeedValues",
    "SolveConfig",
    "available",
    "child_values",
    "module",
    "problem_of",
    "solve",
    "solve_deal",
    "value",
    "values_of_seeds",
]

NO_TABLE = 1
"""An option bit: search without the transposition table."""
NO_EQUIVALENT = 2
"""An option bit: search every card, equivalent or not."""
NO_ORDERING = 4
"""An option bit: try the actions in their plain order, not the table's best first."""
NO_ANGRIFF = 8
"""An option bit that changes the game, not the search: the value as if nobody could start the Angriff (to weigh the option)."""
NO_SURE = 16
"""An option bit: search the game of tricks without the bounds its sure tricks give (a card that wins whenever it is played)."""
_OPTIONS = NO_TABLE | NO_EQUIVALENT | NO_ORDERING | NO_ANGRIFF | NO_SURE

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
        raise InvalidArgumentError("state", f"expected a GangState, got {shown(state)}")
    check_state_fields(state)
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
        raise InvalidArgumentError("options", f"expected a mask of NO_TABLE, NO_EQUIVALENT, NO_ORDERING, NO_ANGRIFF, NO_SURE, got {shown(options)}")
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


MAX_SEEDS = 1 << 20
"""The most deals one ``values_of_seeds`` call solves (1,048,576): a larger study calls it chunk by chunk."""
MAX_CONFIGS = 32
"""The most configurations one ``values_of_seeds`` call takes."""


@attrs.frozen
class SolveConfig:
    """One way to solve a deal in ``values_of_seeds``: the ``rules`` (its Gang switches and ``good_loser_after_plattwurf``), the scoring ``system`` and the ``options`` bits."""

    rules: Rules = attrs.field(factory=Rules)
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    options: int = 0

    def args(self) -> tuple[int, tuple[int, ...], int]:
        """The configuration as ``_solver.values_of_seeds`` reads it: (switches, leaf, options)."""
        return (switch_bits(self.rules), leaf_table(self.system, self.rules.good_loser_after_plattwurf), self.options)


@attrs.frozen
class SeedValues:
    """What ``values_of_seeds`` found: ``values[d * configs + c]`` is deal ``d``'s value (P0 - P1, hundredths) under configuration ``c``; ``angriffe[d]`` (with ``line``) is ``None`` when the optimal line starts no Angriff, else (its player, the Schwünge played before it)."""

    configs: int
    values: tuple[int, ...]
    angriffe: tuple[tuple[Player, int] | None, ...] | None

    def __attrs_post_init__(self) -> None:
        check_int(self.configs, "configs", minimum=1, maximum=MAX_CONFIGS)
        if type(self.values) is not tuple or len(self.values) % self.configs:
            raise InvalidArgumentError("values", f"expected a tuple of ints, {self.configs} per deal, got {shown(self.values)}")
        for i, v in enumerate(self.values):
            if type(v) is not int:
                raise InvalidArgumentError(f"values[{i}]", f"expected an int, got {shown(v)}")
        if self.angriffe is not None:
            if type(self.angriffe) is not tuple or len(self.angriffe) != self.deals:
                raise InvalidArgumentError("angriffe", f"expected None or one entry per deal ({self.deals}), got {shown(self.angriffe)}")
            for i, a in enumerate(self.angriffe):
                if a is not None and not (type(a) is tuple and len(a) == 2 and isinstance(a[0], Player) and type(a[1]) is int):
                    raise InvalidArgumentError(f"angriffe[{i}]", f"expected None or (Player, Schwünge before it), got {shown(a)}")

    @property
    def deals(self) -> int:
        """How many deals were solved."""
        return len(self.values) // self.configs

    def value(self, deal: int, config: int) -> int:
        """Deal ``deal``'s value under configuration ``config``; ``InvalidArgumentError`` naming the index out of range (negative indices included) or not an int."""
        check_int(deal, "deal", minimum=0, maximum=self.deals - 1)
        check_int(config, "config", minimum=0, maximum=self.configs - 1)
        return self.values[deal * self.configs + config]

    def angriff(self, deal: int) -> tuple[Player, int] | None:
        """The Angriff of deal ``deal``'s optimal line (``None``: none); ``InvalidArgumentError`` when the line was not asked for or ``deal`` is out of range."""
        if self.angriffe is None:
            raise InvalidArgumentError("deal", "no line was asked for (values_of_seeds(..., line=...))")
        check_int(deal, "deal", minimum=0, maximum=self.deals - 1)
        return self.angriffe[deal]


def _config_of(config: object) -> SolveConfig:
    if not isinstance(config, SolveConfig):
        raise InvalidArgumentError("configs", f"expected SolveConfig values, got {config!r}")
    check_type(config.rules, Rules, "configs.rules")
    if type(config.system) is not ScoringSystem:
        raise InvalidArgumentError("configs.system", f"expected a ScoringSystem, got {config.system!r}")
    _options(config.options)
    return config


def values_of_seeds(
    seeds: Sequence[int], starters: Sequence[Player] | Player, configs: Sequence[SolveConfig], line: int | None = None,
) -> SeedValues:
    """The solved value of each Gang dealt as ``Deal.shuffled(seed)`` from its start, under each configuration, in one call of the compiled solver.

    Deal ``d`` is ``Deal.shuffled(seeds[d])`` with ``starters[d]`` (or ``starters`` itself,
    one ``Player`` for every deal) leading Schwung 1; its value under ``configs[c]`` equals
    ``value(start_gang(deal, starter, config.rules), config.system, config.options)``. Equal
    configurations are solved once. With ``line`` (an index of ``configs``) each deal also
    gets the Angriff of the optimal line ``solve`` gives under that configuration: ``None``
    or (who starts it, after how many Schwünge). The search runs without the GIL. Raises
    ``InvalidArgumentError`` naming the parameter for a seed, starter, configuration or
    index out of range (at most ``MAX_SEEDS`` seeds and ``MAX_CONFIGS`` configurations)
    and ``SchwingetError`` when the compiled solver is not built.
    """
    try:
        count = len(seeds) if isinstance(seeds, Sequence) and not isinstance(seeds, (str, bytes)) else 0
    except OverflowError:  # a range longer than sys.maxsize has no len()
        count = 0
    if not 1 <= count <= MAX_SEEDS:
        raise InvalidArgumentError("seeds", f"expected a sequence of 1 to {MAX_SEEDS:,} seeds, got {shown(seeds)}")
    if any(type(s) is not int for s in seeds):
        raise InvalidArgumentError("seeds", "every seed is an int from 0 to 2**64-1")
    try:
        packed = array("Q", seeds).tobytes()
    except OverflowError:
        raise InvalidArgumentError("seeds", "every seed is an int from 0 to 2**64-1") from None
    if isinstance(starters, Player):
        seats = bytes([int(starters)]) * len(seeds)
    elif isinstance(starters, Sequence) and not isinstance(starters, (str, bytes)) and len(starters) == len(seeds):
        if any(not isinstance(p, Player) for p in starters):
            raise InvalidArgumentError("starters", "every starter is a Player")
        seats = bytes(int(p) for p in starters)
    else:
        raise InvalidArgumentError("starters", f"expected a Player or one Player per seed, got {shown(starters)}")
    if isinstance(configs, (str, bytes)) or not isinstance(configs, Sequence) or not 1 <= len(configs) <= MAX_CONFIGS:
        raise InvalidArgumentError("configs", f"expected a sequence of 1 to {MAX_CONFIGS} SolveConfig values")
    chosen = tuple(_config_of(c).args() for c in configs)
    if line is not None:
        check_int(line, "line", minimum=0, maximum=len(chosen) - 1)
    raw = memoryview(module().values_of_seeds(packed, seats, chosen, -1 if line is None else line)).cast("i")
    k = len(chosen)
    if line is None:
        return SeedValues(k, tuple(raw), None)
    width = k + 1
    values = tuple(v for d in range(len(seeds)) for v in raw[d * width : d * width + k])
    angriffe = tuple(None if code < 0 else (Player(code & 1), code >> 1) for code in raw[k::width])
    return SeedValues(k, values, angriffe)
