"""A Hypothesis-driven attack on every public call of the compiled twin (and of the compiled solver), run against a build under AddressSanitizer and UndefinedBehaviorSanitizer (tests/test_twin_sanitized.py builds it and runs this script).

Usage: ``python tests/sanitized_twin/fuzz.py TWIN.so [--solver SOLVER.so] [--examples N] [--seed S]``,
or ``python tests/sanitized_twin/fuzz.py --canary LIBRARY.so asan|ubsan``.

Each call is handed hostile values: numbers out of range, enormous and negative; bools,
floats, strings and None where a number belongs; subclasses of int, str, list and dict;
objects whose ``__index__``, ``__eq__``, ``__hash__``, ``__iter__`` or ``__bool__`` run
Python code that empties, grows or rewrites the very lists and dicts of the same call
(and collects the garbage), or raise. A call may answer or raise
``InvalidArgumentError``, ``IllegalActionError`` or the hostile object's own error; any
other exception is a finding printed on standard error (exit 1), and a memory error or
undefined behaviour stops the process with the sanitizer's report (a non-zero exit).
The last line of standard output is JSON: the examples tried per call and the seconds taken.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import functools
import gc
import importlib.util
import json
import sys
import time
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError, InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver.compiled import problem_of
from schwinget_spec.solver.values import leaf_table
from schwinget_spec.studies.impact import _score_table
from schwinget_spec.twin.codes import ACTION_CODES, deal_args, rules_of

CLAIMS = ("legal_actions", "to_move", "tricks", "pile_size", "hand_sizes", "is_over")
SCHEDULE = bytes([0, 1, 1, 2, 3, 1, 0, 2, 1, 1, 3, 1, 0, 3, 1, 1, 2, 1, 0, 1, 2, 2, 3, 2, 0, 2, 2, 1, 3, 2, 0, 3, 2, 1, 2, 2])
SCORES = _score_table((Rules(), Rules()))


class BoomError(Exception):
    """The error a hostile object raises of its own."""


# -- hostile objects: each may change the containers of the call it is handed to


VICTIMS: list[Any] = []
"""The lists, dicts and bytearrays of the example being tried: what hostile objects change."""


ARMED = [False]
"""Hostile objects change victims only while the call runs (not while Hypothesis builds the example), and never from inside a change."""


def mutate(how: int) -> None:
    """Change one victim of the current example (chosen by ``how``), through the base classes' own methods; now and then collect the garbage."""
    if how < 0 or not VICTIMS or not ARMED[0]:
        return
    ARMED[0] = False
    try:
        victim = VICTIMS[how % len(VICTIMS)]
        op = (how // 7) % 5
        if isinstance(victim, list):
            size = list.__len__(victim)
            if op == 0:
                list.clear(victim)
            elif op == 1:
                list.append(victim, object())
            elif op == 2 and size:
                list.__setitem__(victim, 0, None)
            elif op == 3:
                list.extend(victim, [1] * 100)
            else:
                list.__delitem__(victim, slice(size // 2, None))
        elif isinstance(victim, dict):
            if op == 0:
                dict.clear(victim)
            elif op == 1:
                dict.__setitem__(victim, "legal_actions", None)
            elif op == 2:
                dict.update(victim, {i: i for i in range(40)})
            elif op == 3 and dict.__len__(victim):
                dict.popitem(victim)
            else:
                dict.__setitem__(victim, "is_over", [victim])
        elif isinstance(victim, bytearray):
            with contextlib.suppress(BufferError):
                victim.extend(b"\x00" * 8) if op % 2 else victim.clear()
        if how % 4 == 0:
            gc.collect()
    finally:
        ARMED[0] = True


class Index:
    """A number by ``__index__``, which first changes a victim; it may return no int or raise."""

    def __init__(self, value: object, how: int, raises: bool) -> None:
        self.value, self.how, self.raises = value, how, raises

    def __index__(self) -> Any:
        mutate(self.how)
        if self.raises:
            raise BoomError("__index__")
        return self.value

    def __repr__(self) -> str:
        mutate(self.how)
        return f"Index({self.value!r})"


class Int(int):
    """An int subclass whose own methods change a victim."""

    how = 0

    def __index__(self) -> int:
        mutate(self.how)
        return int(self)

    def __eq__(self, other: object) -> bool:
        mutate(self.how)
        return int(self) == other

    def __hash__(self) -> int:
        mutate(self.how)
        return int.__hash__(self)


class Str(str):
    """A str subclass (an action code or a claim's value) whose comparisons change a victim."""

    how = 0

    def __eq__(self, other: object) -> bool:
        mutate(self.how)
        return str.__eq__(self, other)

    def __hash__(self) -> int:
        mutate(self.how)
        return str.__hash__(self)


class Key:
    """A dict key that hashes like a claim's name; comparing it changes a victim and answers as told (or raises)."""

    def __init__(self, name: str, how: int, answer: int) -> None:
        self.name, self.how, self.answer = name, how, answer

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        if not ARMED[0]:  # while the example is built, a key is only itself
            return self is other
        mutate(self.how)
        if self.answer == 2:
            raise BoomError("__eq__")
        return bool(self.answer)


class List(list[Any]):
    """A list subclass whose iteration and indexing change a victim."""

    how = 0

    def __iter__(self) -> Any:
        mutate(self.how)
        return list.__iter__(self)

    def __getitem__(self, index: Any) -> Any:
        mutate(self.how)
        return list.__getitem__(self, index)

    def __len__(self) -> int:
        mutate(self.how)
        return list.__len__(self)


class Dict(dict[Any, Any]):
    """A dict subclass whose lookups change a victim."""

    how = 0

    def __getitem__(self, key: Any) -> Any:
        mutate(self.how)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        mutate(self.how)
        return dict.get(self, key, default)


class Truth:
    """A flag whose ``__bool__`` changes a victim (and may raise)."""

    def __init__(self, how: int, raises: bool) -> None:
        self.how, self.raises = how, raises

    def __bool__(self) -> bool:
        mutate(self.how)
        if self.raises:
            raise BoomError("__bool__")
        return True


HOW = st.integers(-1, 200)
ODD = st.sampled_from([None, 1.5, float("nan"), "3", b"\x01", [], (), {}, object(), True, False, -1, -(2**63), 2**63, 2**64, 2**64 + 5, 10**30, 10**5000, -(10**5000)])


@functools.cache
def number(low: int, high: int, refused: tuple[int, ...] = ()) -> st.SearchStrategy[Any]:
    """A number in [low, high] as an int, an int subclass or an ``__index__`` object; or a value that is none, or out of range."""
    valid = st.integers(low, high)
    bad = st.sampled_from((low - 1, *refused)) if refused else st.just(low - 1)
    plain = st.one_of(valid, valid, bad, ODD)

    def subclass(value: int, how: int) -> Int:
        out = Int(value)
        out.how = how
        return out

    return st.one_of(
        plain,
        st.builds(subclass, valid, HOW),
        st.builds(Index, st.one_of(valid, bad, ODD), HOW, st.booleans()),
    )


SEED = number(0, 2**64 - 1, (2**64, 2**70))
SEAT = number(0, 1, (2, 2**64 + 1))
SWITCHES = number(0, 31, (32, 2**64))


def container(items: list[Any], how: int, kind: int) -> Any:
    """``items`` as a list (a victim), a tuple, a List subclass, a bytearray of them, or a generator."""
    if kind == 0:
        VICTIMS.append(items)
        return items
    if kind == 1:
        return tuple(items)
    if kind == 2:
        out = List(items)
        out.how = how
        VICTIMS.append(out)
        return out
    if kind == 3:
        return iter(items)
    return None


@functools.cache
def deals() -> st.SearchStrategy[Any]:
    """The strategy of ``deal``, built once."""
    return st.composite(deal)()


def deal(draw: st.DrawFn) -> Any:
    """A deal as ``start`` takes it (both hands as masks, the revealed card, the pile's bytes), whole or spoiled."""
    h0, h1, revealed, pile = deal_args(Deal.shuffled(draw(st.integers(0, 2**64 - 1))))
    parts: list[Any] = [h0, h1, revealed, pile]
    for i in range(4):
        if draw(st.integers(0, 5)) == 0:
            parts[i] = draw(number(0, 2**26) if i < 3 else st.one_of(ODD, st.binary(max_size=14)))
    if draw(st.integers(0, 5)) == 0:
        buffer = bytearray(pile)
        VICTIMS.append(buffer)
        parts[3] = [buffer, memoryview(buffer), pile[:11], pile + b"\x00", str(pile)][draw(st.integers(0, 4))]
    if draw(st.integers(0, 8)) == 0:
        parts = parts[: draw(st.integers(0, 5))]
    return container(parts, draw(HOW), draw(st.sampled_from([1, 1, 1, 0, 2, 3, 4])))


def scores(draw: st.DrawFn) -> Any:
    """The 80 scores of impact's table, some hostile, in a container that may be a victim."""
    cells: list[Any] = list(SCORES)
    for _ in range(draw(st.integers(0, 3))):
        cells[draw(st.integers(0, 79))] = draw(number(-(2**31), 2**31 - 1, (2**31, 2**70)))
    if draw(st.integers(0, 9)) == 0:
        cells = cells[: draw(st.integers(0, 81))]
    return container(cells, draw(HOW), draw(st.sampled_from([0, 0, 1, 2, 3, 4])))


@functools.cache
def pairs(high: int) -> st.SearchStrategy[Any]:
    """The strategy of ``pair`` for numbers up to ``high``, built once."""
    return st.composite(pair)(high)


SCORE_TABLES = st.composite(scores)()


def pair(draw: st.DrawFn, high: int) -> Any:
    """Two small numbers, as a tuple (or, spoiled, a list, a tuple of another length, a number)."""
    items = [draw(number(0, high, (high + 1,))) for _ in range(2)]
    return container(items, draw(HOW), draw(st.sampled_from([1, 1, 1, 1, 0, 2, 4])))


# -- a recorded Gang and its claims, as the verifier reads them from a trace


def claims_of(state: Any) -> dict[str, Any]:
    """The six claims the reference makes of a step API state, with JSON's types."""
    over = state.is_over
    return {
        "legal_actions": [ACTION_CODES[a] for a in state.legal_actions()],
        "to_move": None if over else f"P{state.to_move}",
        "tricks": list(state.tricks),
        "pile_size": state.pile_size,
        "hand_sizes": [bin(h).count("1") for h in state.hands],
        "is_over": over,
    }


def spoil_claims(draw: st.DrawFn, claims: dict[str, Any]) -> Any:
    """Claims as they are, fewer, hostile (a key that compares like a claim's name, values of other kinds), or a dict subclass."""
    kind = draw(st.integers(0, 7))
    if kind == 0 or not isinstance(claims, dict):
        return claims
    out: dict[Any, Any] = dict(claims)
    if kind == 1:
        for name in draw(st.lists(st.sampled_from(CLAIMS), max_size=3)):
            out.pop(name, None)
    elif kind in (2, 3):
        # a key in place of a claim's name: compared with the name, it changes a victim and (mostly)
        # says it is the name, its value the true claim, so the replay goes on to the next step
        for _ in range(draw(st.integers(1, 3))):
            name = draw(st.sampled_from(CLAIMS))
            true = out.pop(name, None)
            answer = draw(st.sampled_from([1, 1, 1, 0, 2]))
            out[Key(name, draw(HOW), answer)] = true if draw(st.integers(0, 3)) else draw(ODD)
    elif kind == 4:
        name = draw(st.sampled_from(CLAIMS))
        value = claims.get(name)
        if isinstance(value, list):
            value = container(list(value), draw(HOW), draw(st.sampled_from([0, 2])))
        elif isinstance(value, str):
            value = Str(value)
            value.how = draw(HOW)
        elif isinstance(value, int) and not isinstance(value, bool):
            value = Int(value)
            value.how = draw(HOW)
        out[name] = value
    elif kind == 5:
        sub = Dict(out)
        sub.how = draw(HOW)
        out = sub
    elif kind == 6:
        out[draw(st.sampled_from(CLAIMS))] = draw(ODD)
    else:
        return draw(ODD)
    VICTIMS.append(out)
    return out


@st.composite
def records(draw: st.DrawFn, twin: ModuleType) -> tuple[Any, ...]:
    """The arguments of ``replay_recorded``: a Gang played by the twin with its claims, then spoiled."""
    deal_seed, starter, switches = draw(st.integers(0, 2**64 - 1)), draw(st.integers(0, 1)), draw(st.integers(0, 31))
    state = twin.start_seed(deal_seed, starter, switches)
    start = claims_of(state)
    actions: list[Any] = []
    steps: list[Any] = []
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[draw(st.integers(0, len(legal) - 1))]
        state = state.apply(action)
        actions.append(ACTION_CODES[action])
        steps.append(claims_of(state))
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(actions) - 1))
        code = draw(st.sampled_from([*ACTION_CODES, "Z9", "", "KRX", "\u00e9", None, 3]))
        if draw(st.booleans()) and isinstance(code, str):
            code = Str(code)
            code.how = draw(HOW)
        actions[i] = code
    if draw(st.integers(0, 6)) == 0:
        actions = actions[: draw(st.integers(0, len(actions)))]
    if draw(st.integers(0, 6)) == 0:
        steps = steps[: draw(st.integers(0, len(steps)))] + [None] * draw(st.integers(0, 3))
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(steps) - 1)) if steps else 0
        if steps:
            steps[i] = spoil_claims(draw, steps[i])
    start_claims = draw(st.one_of(st.none(), st.builds(lambda: start)))
    if start_claims is not None:
        start_claims = spoil_claims(draw, start_claims)
    deal = deal_args(Deal.shuffled(deal_seed))
    actions_arg = container(actions, draw(HOW), draw(st.sampled_from([0, 0, 0, 2, 1])))
    steps_arg = container(steps, draw(HOW), draw(st.sampled_from([0, 0, 0, 2, 1])))
    return (
        deal if draw(st.integers(0, 6)) else draw(deals()),
        draw(SEAT) if draw(st.integers(0, 6)) == 0 else starter,
        draw(SWITCHES) if draw(st.integers(0, 6)) == 0 else switches,
        actions_arg,
        start_claims,
        steps_arg,
    )


# -- the attack: one Hypothesis test per public call


EXPECTED = (InvalidArgumentError, IllegalActionError, BoomError)
GETTERS = (
    "legal_mask", "is_over", "phase", "to_move", "hands", "tricks", "pile_drawn", "pile_size", "led", "angriff",
    "pending", "schwuenge", "step", "starter", "revealed", "trump", "switches", "pile", "last_clause", "result_code",
)
COUNTS: dict[str, int] = {}
FINDINGS: list[str] = []
SECONDS: dict[str, float] = {}


def attempt(name: str, call: Callable[[], object]) -> None:
    """Call once; a crash ends the process, an exception the call should not raise is a finding."""
    COUNTS[name] = COUNTS.get(name, 0) + 1
    ARMED[0] = True
    try:
        call()
    except EXPECTED:
        pass
    except Exception as exc:
        FINDINGS.append(f"{name}: {type(exc).__name__}: {exc}"[:500] + "\n" + "".join(traceback.format_exc()[-3000:]))
    finally:
        ARMED[0] = False
        VICTIMS.clear()


def attacks(twin: ModuleType) -> dict[str, Callable[[st.DataObject], None]]:
    """Each public call of the compiled twin, as one example's attack drawn from ``data``."""

    def start(data: st.DataObject) -> None:
        args = (data.draw(deals()), data.draw(SEAT), data.draw(SWITCHES))
        attempt("start", lambda: twin.start(*args))

    def start_seed(data: st.DataObject) -> None:
        args = (data.draw(SEED), data.draw(SEAT), data.draw(SWITCHES))
        attempt("start_seed", lambda: twin.start_seed(*args))

    def deck(data: st.DataObject) -> None:
        seed_value = data.draw(SEED)
        attempt("deck", lambda: twin.deck(seed_value))

    def play_random(data: st.DataObject) -> None:
        keep = data.draw(st.one_of(st.booleans(), st.builds(Truth, HOW, st.booleans()), ODD))
        count = data.draw(number(0, 60, (2**40 + 1, 2**62 + 1, 2**63 - 1)))
        if keep is True and data.draw(st.integers(0, 9)) == 0:
            count = 2**28 + 1  # more results than may be kept (a count that plays, were they not kept)
        args = (count, data.draw(SEED), data.draw(SWITCHES), keep)
        attempt("play_random", lambda: twin.play_random(*args))

    def play_pairs(data: st.DataObject) -> None:
        count = data.draw(number(0, 30, (2**40 + 1, 2**62, 2**63)))
        args = (count, data.draw(SEED), data.draw(SWITCHES), data.draw(SWITCHES))
        attempt("play_pairs", lambda: twin.play_pairs(*args))

    def random_bots(data: st.DataObject) -> None:
        args = [data.draw(SEED), data.draw(SEAT), data.draw(SWITCHES), data.draw(SEED), data.draw(SEED)]
        attempt("random_bots", lambda: twin.random_bots(*args))

    def match_rows(data: st.DataObject) -> None:
        runs = data.draw(number(0, 3, (2**40 + 1, 2**63)))
        table = data.draw(SCORE_TABLES)
        sw, ties = data.draw(pairs(31)), data.draw(pairs(2))
        seed_value = data.draw(SEED)
        attempt("match_rows", lambda: twin.match_rows(runs, seed_value, sw, ties, table))

    def fest_rows(data: st.DataObject) -> None:
        runs = data.draw(number(0, 1, (2**40 + 1, 2**63)))
        table = data.draw(SCORE_TABLES)
        sw, modes, tbs = (data.draw(pairs(high)) for high in (31, 2, 1))
        meetings: Any = SCHEDULE
        if data.draw(st.integers(0, 4)) == 0:
            meetings = data.draw(st.one_of(st.binary(min_size=35, max_size=37), ODD, st.just(bytearray(SCHEDULE))))
            if isinstance(meetings, bytearray):
                VICTIMS.append(meetings)
        seed_value = data.draw(SEED)
        attempt("fest_rows", lambda: twin.fest_rows(runs, seed_value, sw, modes, tbs, meetings, table))

    recorded = records(twin)

    def replay_recorded(data: st.DataObject) -> None:
        args = data.draw(recorded)
        attempt("replay_recorded", lambda: twin.replay_recorded(*args))

    def gang_state(data: st.DataObject) -> Any:
        state = twin.start_seed(data.draw(st.integers(0, 2**64 - 1)), data.draw(st.integers(0, 1)), data.draw(st.integers(0, 31)))
        for _ in range(data.draw(st.integers(0, 40))):
            if state.is_over:
                break
            legal = state.legal_actions()
            state = state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
        return state

    def gang_apply(data: st.DataObject) -> None:
        state, action = gang_state(data), data.draw(number(0, 28, (29, 2**64)))
        attempt("Gang.apply", lambda: state.apply(action))

    def gang_rollout(data: st.DataObject) -> None:
        state, seed_value = gang_state(data), data.draw(SEED)
        attempt("Gang.rollout", lambda: state.rollout(seed_value))

    def gang_compare(data: st.DataObject) -> None:
        state = gang_state(data)
        kind = data.draw(st.integers(0, 3))
        other = (data.draw(ODD), Int(data.draw(st.integers())), state, None)[kind]
        if kind == 3:
            other = gang_state(data)
        attempt("Gang.__eq__", lambda: (state == other, state != other, hash(state), repr(state)))

    def gang_read(data: st.DataObject) -> None:
        state = gang_state(data)
        attempt("Gang getters", lambda: ([getattr(state, n) for n in GETTERS], state.legal_actions()))

    return {
        "start": start, "start_seed": start_seed, "deck": deck, "play_random": play_random,
        "play_pairs": play_pairs, "random_bots": random_bots, "match_rows": match_rows,
        "fest_rows": fest_rows, "replay_recorded": replay_recorded, "Gang.apply": gang_apply,
        "Gang.rollout": gang_rollout, "Gang.__eq__": gang_compare, "Gang getters": gang_read,
    }


@st.composite
def solver_cases(draw: st.DrawFn) -> tuple[Any, ...]:
    """The arguments of the solver's calls (pile, revealed, switches, leaf, position, options, action): a late position of a Gang played at random, then spoiled."""
    seed_value, starter, switches = draw(st.integers(0, 2**64 - 1)), draw(st.integers(0, 1)), draw(st.integers(0, 31))
    state = start_gang(Deal.shuffled(seed_value), Player(starter), rules_of(switches))
    drawn = draw(st.integers(6, 12))
    while not state.is_over and state.pile_drawn < drawn:
        legal = state.legal_actions()
        state = state.apply(legal[draw(st.integers(0, len(legal) - 1))])
    problem = problem_of(state, draw(st.sampled_from(list(ScoringSystem))))
    pile: Any = problem.pile
    if draw(st.integers(0, 5)) == 0:
        buffer = bytearray(pile)
        VICTIMS.append(buffer)
        pile = [buffer, pile[:11], pile[:1] * 12, pile.decode("latin-1"), None][draw(st.integers(0, 4))]
    leaf: list[Any] = list(problem.leaf)
    position: list[Any] = list(problem.position)
    for _ in range(draw(st.integers(0, 2))):
        leaf[draw(st.integers(0, len(leaf) - 1))] = draw(number(-100_000, 100_000, (100_001, 2**63)))
    for _ in range(draw(st.integers(0, 2))):
        position[draw(st.integers(0, len(position) - 1))] = draw(number(-1, 2**26 - 1, (2**26, 2**63)))
    return (
        pile,
        draw(number(0, 25, (26,))) if draw(st.integers(0, 5)) == 0 else problem.revealed,
        draw(SWITCHES) if draw(st.integers(0, 5)) == 0 else problem.switches,
        container(leaf, draw(HOW), draw(st.sampled_from([1, 1, 0, 2, 4]))),
        container(position, draw(HOW), draw(st.sampled_from([1, 1, 0, 2, 4]))),
        draw(number(0, 7, (8,))),
        draw(number(0, 28, (29,))),
    )


def solver_attacks(solver: ModuleType) -> dict[str, Callable[[st.DataObject], None]]:
    """Each public call of the compiled solver, as one example's attack drawn from ``data``."""
    cases = solver_cases()

    def search(name: str) -> Callable[[st.DataObject], None]:
        def attack(data: st.DataObject) -> None:
            args = data.draw(cases)[:6]
            attempt(f"solver.{name}", lambda: getattr(solver, name)(*args))

        return attack

    def moves(data: st.DataObject) -> None:
        pile, revealed, switches, _, position, _, _ = data.draw(cases)
        attempt("solver.moves", lambda: solver.moves(pile, revealed, switches, position))

    def play(data: st.DataObject) -> None:
        pile, revealed, switches, _, position, _, action = data.draw(cases)
        attempt("solver.play", lambda: solver.play(pile, revealed, switches, position, action))

    def values_of_seeds(data: st.DataObject) -> None:
        args = data.draw(bulk_cases())
        attempt("solver.values_of_seeds", lambda: solver.values_of_seeds(*args))

    return {
        "solver.value": search("value"), "solver.solve": search("solve"), "solver.children": search("children"),
        "solver.moves": moves, "solver.play": play, "solver.values_of_seeds": values_of_seeds,
    }


@st.composite
def bulk_cases(draw: st.DrawFn) -> tuple[Any, ...]:
    """The arguments of the solver's bulk call (seeds, starters, configs, line): one or two deals under one to three configurations, each part whole or spoiled."""
    deals = draw(st.integers(1, 2))
    packed = b"".join(draw(st.integers(0, 2**64 - 1)).to_bytes(8, "little") for _ in range(deals))
    seeds: Any = packed
    if draw(st.integers(0, 4)) == 0:
        buffer = bytearray(packed)
        VICTIMS.append(buffer)
        seeds = [buffer, packed[:-1], b"", bytes(8 * ((1 << 20) + 1)), list(packed), None][draw(st.integers(0, 5))]
    starters: Any = bytes(draw(st.integers(0, 1)) for _ in range(deals))
    if draw(st.integers(0, 4)) == 0:
        starters = [b"\x02" * deals, starters[:-1], bytearray(starters), list(starters), 0][draw(st.integers(0, 4))]
    configs: list[Any] = []
    for _ in range(draw(st.integers(1, 3))):
        system = draw(st.sampled_from(list(ScoringSystem)))
        leaf: list[Any] = list(leaf_table(system, draw(st.booleans())))
        for _ in range(draw(st.integers(0, 1))):
            leaf[draw(st.integers(0, len(leaf) - 1))] = draw(number(-100_000, 100_000, (100_001, 2**63)))
        config: Any = (
            draw(SWITCHES),
            container(leaf, draw(HOW), draw(st.sampled_from([1, 1, 0, 2, 4]))),
            draw(number(0, 15, (16,))),
        )
        if draw(st.integers(0, 9)) == 0:
            config = [list(config), config[:2], None][draw(st.integers(0, 2))]
        configs.append(config)
    table: Any = tuple(configs)
    if draw(st.integers(0, 9)) == 0:
        table = [configs, (), tuple(configs) * 20, None][draw(st.integers(0, 3))]
    return (seeds, starters, table, draw(number(-1, len(configs) - 1, (len(configs), 2**64))))


def fresh(attack: Callable[[st.DataObject], None]) -> Callable[[st.DataObject], None]:
    """``attack`` with no victim left over from an example Hypothesis stopped while drawing."""

    def run(data: st.DataObject) -> None:
        VICTIMS.clear()
        attack(data)

    return run


def load(path: str, name: str) -> ModuleType:
    """The compiled module ``name`` (``_twin`` or ``_solver``) built at ``path``, imported under its own name."""
    spec = importlib.util.spec_from_file_location(f"schwinget_spec.twin.{name}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"fuzz: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def canary(path: str, kind: str) -> None:
    """Make the sanitizer report on purpose (a read of freed heap memory, or a shift past the width of an int)."""
    library = ctypes.CDLL(path)
    print(library.read_freed(0) if kind == "asan" else library.shift_by(40), flush=True)


def main() -> None:
    """Run the attack (or a canary) and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("extension", help="the compiled twin (_twin) to attack, or the canary library")
    parser.add_argument("--solver", metavar="EXTENSION", help="also attack this build of the compiled solver (_solver)")
    parser.add_argument("--examples", type=int, default=300, help="examples per call (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis's seed (default 0: the same examples every run)")
    parser.add_argument("--only", action="append", help="attack only this call (repeatable)")
    parser.add_argument("--canary", choices=("asan", "ubsan"), help="load EXTENSION as the canary library instead")
    args = parser.parse_args()
    if args.canary is not None:
        canary(args.extension, args.canary)
        return
    targets = attacks(load(args.extension, "_twin"))
    if args.solver is not None:
        targets.update(solver_attacks(load(args.solver, "_solver")))
    began = time.monotonic()
    for name, attack in targets.items():
        if args.only and name not in args.only:
            continue
        test = settings(
            max_examples=args.examples,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate],
        )(seed(args.seed)(given(st.data())(fresh(attack))))
        try:
            test()
        except Exception as exc:
            FINDINGS.append(f"{name}: the attack failed: {type(exc).__name__}: {exc}"[:500] + "\n" + traceback.format_exc()[-3000:])
        SECONDS[name] = round(time.monotonic() - began - sum(SECONDS.values()), 1)
    for finding in FINDINGS:
        print(f"FINDING {finding}", file=sys.stderr)
    print(json.dumps({"examples": COUNTS, "seconds": SECONDS, "findings": len(FINDINGS)}))
    sys.exit(1 if FINDINGS else 0)


if __name__ == "__main__":
    main()
