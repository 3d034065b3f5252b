"""Symbolic execution of the engine's own Python: ints and bools that carry Z3 terms, and an explorer that runs a function down every feasible path."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

import attrs
import z3  # type: ignore[import-untyped]

__all__ = [
    "WIDTH",
    "Concretised",
    "Explorer",
    "Path",
    "SymBool",
    "SymInt",
    "as_term",
    "widened",
]

WIDTH = 32
"""Width of a symbolic int: the model's hand masks are 32-bit (``proofs.model.MASK_BITS``)."""

_T = TypeVar("_T")


class Concretised(Exception):  # noqa: N818 - it is a signal that ends a path, not an error of the input
    """The code asked a symbolic value for a concrete one (an index, a hash): the path cannot be followed symbolically."""


class Explorer:
    """Runs a function again and again, each time down another feasible path, until every path is taken.

    A symbolic value asked for a Python bool (``if``, ``not``, ``and``) calls ``decide``:
    when both answers are feasible under the conditions taken so far, the first run takes
    True and a later run takes False; an infeasible answer is never taken. So the runs
    cover every input that satisfies ``background``, and each run's ``conditions`` are
    the inputs that take its path.
    """

    def __init__(self, background: list[z3.BoolRef], logic: str = "QF_BV") -> None:
        self.solver = z3.SolverFor(logic)
        self.solver.add(*background)
        self._prefix: list[tuple[bool, bool]] = []
        self._taken: list[tuple[bool, bool]] = []
        self.conditions: list[z3.BoolRef] = []
        self.checks = 0

    def decide(self, condition: z3.BoolRef) -> bool:
        """The branch this run takes on ``condition``; the path's conditions grow by it."""
        depth = len(self._taken)
        if depth < len(self._prefix):
            value, both = self._prefix[depth]
        else:
            can_true = self._feasible(condition)
            can_false = self._feasible(z3.Not(condition))
            if not (can_true or can_false):
                raise Concretised("no branch is feasible: the path's conditions contradict each other")
            value = can_true
            both = can_true and can_false
        self._taken.append((value, both))
        literal = condition if value else z3.Not(condition)
        self.conditions.append(literal)
        self.solver.add(literal)
        return value

    def assume(self, condition: z3.BoolRef) -> None:
        """Add ``condition`` to this path's conditions (a definition the run introduces, not a branch)."""
        self.conditions.append(condition)
        self.solver.add(condition)

    def _feasible(self, condition: z3.BoolRef) -> bool:
        self.checks += 1
        answer = self.solver.check(condition)
        if answer == z3.unknown:
            raise Concretised(f"Z3 answered unknown: {self.solver.reason_unknown()}")
        return bool(answer == z3.sat)

    def paths(self, run: Callable[[Explorer], _T]) -> Iterator[Path[_T]]:
        """Every path of ``run``: its conditions and what it returned (or the library error it raised)."""
        self._prefix = []
        while True:
            self._taken = []
            self.conditions = []
            self.solver.push()
            try:
                value: _T | None = run(self)
                error: BaseException | None = None
            except (Concretised, z3.Z3Exception):
                raise
            except Exception as exc:
                value, error = None, exc
            yield Path(tuple(self.conditions), value, error)
            self.solver.pop()
            # the deepest decision whose other branch is feasible and not yet taken
            nxt: list[tuple[bool, bool]] | None = None
            for i in range(len(self._taken) - 1, -1, -1):
                value_i, both = self._taken[i]
                if both and value_i:
                    # the branches above it as before; at it the other branch, whose own other is taken
                    nxt = [*self._taken[:i], (False, False)]
                    break
            if nxt is None:
                return
            self._prefix = nxt


@attrs.frozen
class Path(Generic[_T]):
    """One path of a run: the conditions that take it, and its value or the exception it raised."""

    conditions: tuple[z3.BoolRef, ...]
    value: _T | None
    error: BaseException | None


def as_term(value: object) -> z3.ExprRef:
    """The Z3 term of a symbolic value, or of a Python int (``WIDTH`` bits) or bool."""
    if isinstance(value, SymInt | SymBool):
        return value.term
    if isinstance(value, bool):
        return z3.BoolVal(value)
    if isinstance(value, int):
        return z3.BitVecVal(value, WIDTH)
    raise Concretised(f"no term for {type(value).__name__}")


def widened(term: z3.BitVecRef) -> z3.BitVecRef:
    """A narrower bit-vector term (a count, a card) zero-extended to ``WIDTH`` bits, to compare with a ``SymInt``."""
    return z3.ZeroExt(WIDTH - term.size(), term)


def _term(value: object) -> z3.BitVecRef:
    term = as_term(value)
    if not z3.is_bv(term):
        raise Concretised("a bool where an int is read")
    return term


class SymInt:
    """An unsigned int of ``WIDTH`` bits held as a Z3 term: the bit operations, ``+``, ``-``, ``<<``, ``>>`` and comparisons build terms; truth asks the explorer."""

    __slots__ = ("explorer", "term")

    def __init__(self, explorer: Explorer, term: z3.BitVecRef) -> None:
        self.explorer = explorer
        self.term = term

    def _new(self, term: z3.BitVecRef) -> SymInt:
        return SymInt(self.explorer, term)

    def __and__(self, other: object) -> SymInt:
        return self._new(self.term & _term(other))

    __rand__ = __and__

    def __or__(self, other: object) -> SymInt:
        return self._new(self.term | _term(other))

    __ror__ = __or__

    def __xor__(self, other: object) -> SymInt:
        return self._new(self.term ^ _term(other))

    __rxor__ = __xor__

    def __add__(self, other: object) -> SymInt:
        return self._new(self.term + _term(other))

    __radd__ = __add__

    def __sub__(self, other: object) -> SymInt:
        return self._new(self.term - _term(other))

    def __rsub__(self, other: object) -> SymInt:
        return self._new(_term(other) - self.term)

    def __neg__(self) -> SymInt:
        return self._new(-self.term)

    def __invert__(self) -> SymInt:
        return self._new(~self.term)

    def __lshift__(self, other: object) -> SymInt:
        return self._new(self.term << _term(other))

    def __rlshift__(self, other: object) -> SymInt:
        return self._new(_term(other) << self.term)

    def __rshift__(self, other: object) -> SymInt:
        return self._new(z3.LShR(self.term, _term(other)))

    def __eq__(self, other: object) -> SymBool:  # type: ignore[override]
        return SymBool(self.explorer, self.term == _term(other))

    def __ne__(self, other: object) -> SymBool:  # type: ignore[override]
        return SymBool(self.explorer, self.term != _term(other))

    def __lt__(self, other: object) -> SymBool:
        return SymBool(self.explorer, z3.ULT(self.term, _term(other)))

    def __le__(self, other: object) -> SymBool:
        return SymBool(self.explorer, z3.ULE(self.term, _term(other)))

    def __gt__(self, other: object) -> SymBool:
        return SymBool(self.explorer, z3.UGT(self.term, _term(other)))

    def __ge__(self, other: object) -> SymBool:
        return SymBool(self.explorer, z3.UGE(self.term, _term(other)))

    def __bool__(self) -> bool:
        return self.explorer.decide(self.term != 0)

    def __index__(self) -> int:
        raise Concretised("a symbolic int used as an index")

    def __int__(self) -> int:
        raise Concretised("a symbolic int converted to int")

    def __hash__(self) -> int:
        raise Concretised("a symbolic int hashed")

    def bit_length(self) -> int:
        """Refused: the engine reads it only to name cards in a message."""
        raise Concretised("bit_length of a symbolic int")

    def __repr__(self) -> str:
        return f"SymInt({self.term})"


class SymBool:
    """A bool held as a Z3 term: ``==``, ``!=``, ``&``, ``|`` build terms; truth (``if``, ``not``, ``and``) asks the explorer."""

    __slots__ = ("explorer", "term")

    def __init__(self, explorer: Explorer, term: z3.BoolRef) -> None:
        self.explorer = explorer
        self.term = term

    def __bool__(self) -> bool:
        return self.explorer.decide(self.term)

    def __eq__(self, other: object) -> SymBool:  # type: ignore[override]
        return SymBool(self.explorer, self.term == as_term(other))

    def __ne__(self, other: object) -> SymBool:  # type: ignore[override]
        return SymBool(self.explorer, self.term != as_term(other))

    def __and__(self, other: object) -> SymBool:
        return SymBool(self.explorer, z3.And(self.term, as_term(other)))

    def __or__(self, other: object) -> SymBool:
        return SymBool(self.explorer, z3.Or(self.term, as_term(other)))

    def __hash__(self) -> int:
        raise Concretised("a symbolic bool hashed")

    def __repr__(self) -> str:
        return f"SymBool({self.term})"

