"""Which engine plays (the compiled twin, or the readable engine when it is not built or SCHWINGET_NO_TWIN=1), and the calls into it: bulk play and the step API."""

from __future__ import annotations

import importlib
import os
import sys
from array import array
from collections.abc import Mapping
from types import ModuleType
from typing import Literal, Protocol

import attrs

from schwinget_spec.checks import check_int, check_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangResult
from schwinget_spec.players import Player, as_player
from schwinget_spec.rng import MASK64
from schwinget_spec.rules import Rules
from schwinget_spec.twin import pure
from schwinget_spec.twin.codes import (
    ACTION_CODES,
    ANGRIFF,
    CHOOSE_P0,
    CHOOSE_P1,
    SWITCHES,
    action_of,
    deal_args,
    decode_result,
    encode_result,
    shown,
    switch_bits,
)

__all__ = [
    "ACTION_CODES",
    "ANGRIFF",
    "CHOOSE_P0",
    "CHOOSE_P1",
    "COUNT_NAMES",
    "ENGINE",
    "MAX_COUNT",
    "MAX_RESULTS",
    "NO_TWIN_ENV",
    "SWITCHES",
    "BulkResult",
    "Engine",
    "TwinState",
    "action_of",
    "compiled",
    "deal_args",
    "decode_result",
    "encode_result",
    "engine_module",
    "play_pairs",
    "play_random",
    "random_bots",
    "start",
    "start_seed",
    "switch_bits",
]

NO_TWIN_ENV = "SCHWINGET_NO_TWIN"
"""Set this environment variable to 1 to use the pure-Python engine even where the twin is built."""

Engine = Literal["twin", "python"]

COUNT_NAMES: tuple[str, ...] = (
    "gaenge",
    "steps",
    "schwuenge",
    "plattwurf_eigener_angriff",
    "plattwurf_gegnerischer_angriff",
    "sieg_mit_angriff",
    "sieg_ohne_angriff",
    "gestellter",
    "wins_p0",
    "wins_p1",
    "draws",
    "angriffe",
    "plattwuerfe",
    "starter_wins",
)
"""The counts of ``play_random``, in the order both engines return them."""


MAX_COUNT = 2**40
"""The most Gänge one call of ``play_random`` or ``play_pairs`` plays (1,099,511,627,776: about five days of one core); more is refused."""

MAX_RESULTS = 2**28
"""The most Gänge whose packed results ``play_random(..., results=True)`` keeps (268,435,456: 1 GiB of results); more is refused."""


def compiled() -> ModuleType | None:
    """The compiled module ``schwinget_spec.twin._twin``, or None when it is not built or ``SCHWINGET_NO_TWIN=1``."""
    if os.environ.get(NO_TWIN_ENV, "") not in ("", "0"):
        return None
    try:
        _twin = importlib.import_module("schwinget_spec.twin._twin")
    except ImportError:
        return None
    if tuple(_twin.SWITCHES) != SWITCHES:
        # a build of another version of the source: its switch bits would mean other fields
        return None
    return _twin


_TWIN = compiled()
ENGINE: Engine = "twin" if _TWIN is not None else "python"
"""Which engine runs bulk play and the step API: ``"twin"`` (compiled) or ``"python"`` (the readable engine)."""


def engine_module() -> ModuleType:
    """The module that plays: the compiled twin, or ``schwinget_spec.twin.pure``."""
    return _TWIN if _TWIN is not None else pure


class TwinState(Protocol):
    """The step API's immutable state (``_twin.Gang`` or ``pure.Gang``): actions are numbers 0-28 (``ACTION_CODES``)."""

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions, the Angriff first, then the cards in canonical order, then L0, L1."""
        ...

    def apply(self, action: int) -> TwinState:
        """The state after ``action``; raises ``IllegalActionError`` naming its clause."""
        ...

    def rollout(self, seed: int) -> TwinState:
        """The end of the Gang played from here by ``legal[x % n]``, ``x`` drawn from ``SplitMix64.seeded(seed)``."""
        ...

    @property
    def legal_mask(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def phase(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def hands(self) -> tuple[int, int]: ...
    @property
    def tricks(self) -> tuple[int, int]: ...
    @property
    def pile_drawn(self) -> int: ...
    @property
    def pile_size(self) -> int: ...
    @property
    def led(self) -> int | None: ...
    @property
    def angriff(self) -> tuple[int, int] | None: ...
    @property
    def pending(self) -> bool: ...
    @property
    def schwuenge(self) -> int: ...
    @property
    def step(self) -> int: ...
    @property
    def starter(self) -> int: ...
    @property
    def last_clause(self) -> str | None: ...
    @property
    def result_code(self) -> int | None: ...


def start(deal: Deal, starter: Player, rules: Rules | None = None) -> TwinState:
    """The first state of the Gang dealt as ``deal``, ``starter`` to lead, under the Gang switches of ``rules``."""
    deal, starter, rules = check_type(deal, Deal, "deal"), as_player(starter, "starter"), _rules(rules)
    state: TwinState = engine_module().start(deal_args(deal), int(starter), switch_bits(rules))
    return state


def start_seed(seed: int, starter: Player, rules: Rules | None = None) -> TwinState:
    """The first state of the Gang dealt as ``Deal.shuffled(seed)``."""
    seed, starter, rules = _seed(seed, "seed"), as_player(starter, "starter"), _rules(rules)
    state: TwinState = engine_module().start_seed(seed, int(starter), switch_bits(rules))
    return state


_ENGINES = ("twin", "python")
_CODE_SIZE = array("I").itemsize
_BYTE_ORDER: Literal["little", "big"] = "little" if sys.byteorder == "little" else "big"


@attrs.frozen
class BulkResult:
    """What ``play_random`` counted (``counts``, named by ``COUNT_NAMES``), which engine played, and the packed per-Gang results if asked for."""

    engine: Engine
    counts: Mapping[str, int]
    packed: bytes | None = None
    """One unsigned 32-bit number per Gang in native byte order (``decode_result`` reads one)."""

    def __attrs_post_init__(self) -> None:
        if self.engine not in _ENGINES:
            raise InvalidArgumentError("engine", f"expected 'twin' or 'python', got {shown(self.engine)}")
        if not isinstance(self.counts, Mapping) or any(
            type(k) is not str or type(v) is not int for k, v in self.counts.items()
        ):
            raise InvalidArgumentError("counts", f"expected a mapping of count names to ints, got {shown(self.counts)}")
        if self.packed is not None and (type(self.packed) is not bytes or len(self.packed) % _CODE_SIZE):
            raise InvalidArgumentError(
                "packed", f"expected None or bytes, {_CODE_SIZE} per Gang, got {shown(self.packed)}"
            )

    @property
    def gaenge(self) -> int:
        """How many packed results there are (0 unless asked for)."""
        return 0 if self.packed is None else len(self.packed) // _CODE_SIZE

    def codes(self) -> array[int]:
        """The packed results as an ``array('I')``; empty unless asked for."""
        out = array("I")
        if self.packed is not None:
            out.frombytes(self.packed)
        return out

    def result(self, i: int) -> GangResult:
        """The result of Gang ``i``; ``InvalidArgumentError`` naming ``i`` when it is no index of a packed result (negative indices included)."""
        n = self.gaenge
        if n == 0:
            raise InvalidArgumentError("i", "no results were kept (play_random(..., results=True))")
        check_int(i, "i", minimum=0, maximum=n - 1)
        assert self.packed is not None
        return decode_result(int.from_bytes(self.packed[i * _CODE_SIZE : (i + 1) * _CODE_SIZE], _BYTE_ORDER))


def play_random(count: int, seed: int = 0, rules: Rules | None = None, *, results: bool = False) -> BulkResult:
    """Play ``count`` Gänge with uniformly random legal actions, deals included.

    Gang ``i`` is dealt as ``Deal.shuffled(s[2i])`` with ``P(i % 2)`` leading, where ``s`` is the
    SplitMix64 stream of ``seed``; each of its decisions takes ``legal[x % n]`` for the next
    number ``x`` of ``SplitMix64.seeded(s[2i + 1])`` (the bias of the modulo is below 2**-60).
    Both engines play the same Gänge. ``results=True`` keeps each Gang's packed result.
    """
    _bounded(count, "count", MAX_RESULTS if results else MAX_COUNT)
    seed, rules = _seed(seed, "seed"), _rules(rules)
    counts, packed = engine_module().play_random(count, seed, switch_bits(rules), bool(results))
    return BulkResult(ENGINE, dict(zip(COUNT_NAMES, counts, strict=True)), packed)


def play_pairs(count: int, seed: int, a: Rules, b: Rules) -> dict[tuple[bool, int, int], int]:
    """``impact.play_pair`` on ``count`` Gänge dealt as in ``play_random``: ``{(legal_differs, result_a, result_b): n}``."""
    _bounded(count, "count", MAX_COUNT)
    seed, a, b = _seed(seed, "seed"), check_type(a, Rules, "a"), check_type(b, Rules, "b")
    out: dict[tuple[bool, int, int], int] = engine_module().play_pairs(count, seed, switch_bits(a), switch_bits(b))
    return out


def random_bots(deal: int, starter: Player, rules: Rules, seeds: tuple[int, int]) -> GangResult:
    """The result of the Gang dealt as ``Deal.shuffled(deal)`` between two ``bots.RandomBot``s seeded with ``seeds`` (P0's first): the same Gang ``bots.play_gang`` plays."""
    # simulate calls this once per Gang: the values are checked in one expression, named only when one is wrong
    if not (
        type(seeds) is tuple
        and len(seeds) == 2
        and type(deal) is type(seeds[0]) is type(seeds[1]) is int
        and 0 <= deal <= MASK64
        and 0 <= seeds[0] <= MASK64
        and 0 <= seeds[1] <= MASK64
        and type(rules) is Rules
    ):
        _refuse_random_bots(deal, rules, seeds)
    code: int = engine_module().random_bots(deal, int(as_player(starter, "starter")), switch_bits(rules), seeds[0], seeds[1])
    return decode_result(code)


def _refuse_random_bots(deal: object, rules: object, seeds: object) -> None:
    _seed(deal, "deal")
    check_type(rules, Rules, "rules")
    if not isinstance(seeds, tuple) or len(seeds) != 2:
        raise InvalidArgumentError("seeds", f"expected two seeds (P0's first), got {shown(seeds)}")
    _seed(seeds[0], "seeds[0]")
    _seed(seeds[1], "seeds[1]")


def _bounded(value: object, parameter: str, maximum: int) -> int:
    # an int from 0 to maximum; an int too long for repr() is named by its size
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= maximum:
        raise InvalidArgumentError(parameter, f"expected an int from 0 to {maximum}, got {shown(value)}")
    return check_int(value, parameter, minimum=0, maximum=maximum)


def _seed(value: object, parameter: str) -> int:
    return _bounded(value, parameter, MASK64)


def _rules(rules: object) -> Rules:
    return Rules() if rules is None else check_type(rules, Rules, "rules")
