"""What every Z3 query shares: the answers, the query and result records, the solver, unsat cores and witness replay."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import IllegalActionError, SchwingetError
from schwinget_spec.proofs.replay import Witness, outcome_index, replay

__all__ = [
    "BOUNDED_CHECK_ATTEMPTS",
    "BOUNDED_CHECK_RLIMIT",
    "COUNTEREXAMPLE",
    "ERROR",
    "PROVED",
    "UNKNOWN",
    "WITNESS",
    "Outcome",
    "Query",
    "QueryResult",
    "bounded_check",
    "core_ids",
    "new_solver",
    "replay_mismatch",
]

PROVED = "proved"
WITNESS = "witness"
COUNTEREXAMPLE = "counterexample"
UNKNOWN = "unknown"
ERROR = "error"
"""The answer of a query whose body raised: a witness the engine refused, or Z3 giving up; the detail says which."""


@attrs.frozen
class QueryResult:
    """The answer to one query: ``answer`` is proved, witness, counterexample or unknown; ``ok`` when it is the expected one."""

    name: str
    claim: str
    expected: str
    answer: str
    seconds: float
    clauses: tuple[str, ...]
    detail: str
    cpu_seconds: float = 0.0
    """The CPU time of the query's process; ``seconds`` is its wall-clock time."""

    @property
    def ok(self) -> bool:
        """True when the answer is the expected one."""
        return self.answer == self.expected


@attrs.frozen
class Outcome:
    """What a query's body found: the answer, the clauses involved, and a line of detail."""

    answer: str
    clauses: tuple[str, ...] = ()
    detail: str = ""


@attrs.frozen
class Query:
    """A named claim with its expected answer and the function deciding it; ``slow`` ones run in the full set only."""

    name: str
    claim: str
    expected: str
    body: Callable[[], Outcome]
    slow: bool = False
    provides: tuple[str, ...] = ()
    """Facts this query computes for others (``runner.FACTS``), handed to them so that no query computes them again."""
    needs: tuple[str, ...] = ()
    """Facts this query uses: it runs after the query that provides them, with their value, whichever queries were chosen."""


def new_solver() -> z3.Solver:
    """A ``QF_BV`` solver with minimised unsat cores (PROOFS.md: faster than the default solver with assumption literals)."""
    s = z3.SolverFor("QF_BV")
    s.set("core.minimize", True)
    return s


BOUNDED_CHECK_RLIMIT = 3_000_000
"""Z3's resource units for the first attempt of ``bounded_check``, unless the caller gives its own: about a third of a second here."""
BOUNDED_CHECK_ATTEMPTS = 8


def bounded_check(solver: z3.Solver, *assumptions: z3.BoolRef, rlimit: int = BOUNDED_CHECK_RLIMIT) -> z3.CheckSatResult:
    """``solver.check(*assumptions)``, but a search that runs long is begun again with another random seed and twice the budget.

    Z3's search on some questions of this model depends on luck: the same witness search
    took 0.1 s, or 8 to 15 s, after an unrelated change of the constraints' order
    (docs/proofs.md). A resource limit (deterministic, unlike a timeout) cuts an unlucky
    search short; the next attempt draws other choices. The answer is Z3's, never a guess:
    the last attempt has no limit. ``rlimit`` is the first attempt's budget: a few times
    what a lucky search of this question takes.
    """
    limit = rlimit
    for attempt in range(BOUNDED_CHECK_ATTEMPTS):
        last = attempt == BOUNDED_CHECK_ATTEMPTS - 1
        solver.set("rlimit", 0 if last else limit)
        solver.set("random_seed", attempt)
        r = solver.check(*assumptions)
        if r != z3.unknown or last:
            break
        limit *= 2
    solver.set("rlimit", 0)
    solver.set("random_seed", 0)
    return r


def core_ids(solver: z3.Solver) -> tuple[str, ...]:
    """The clause ids of the unsat core of ``solver`` (its ``tag:`` assumption literals), sorted."""
    return tuple(sorted(str(t).removeprefix("tag:") for t in solver.unsat_core()))


def replay_mismatch(w: Witness) -> str:
    """Empty when the engine replays ``w`` to the model's tricks and outcome; else what differs."""
    try:
        state = replay(w.deck, w.starter, w.actions, w.rules)
    except IllegalActionError as exc:
        return f"engine rejects the witness at step {exc.step} ({exc.clause_id}): {exc.reason}"
    except SchwingetError as exc:
        return f"engine rejects the witness ({exc.clause_id}): {exc.reason}"
    if not state.is_over:
        return "engine: the Gang is not over after the witness's actions"
    res = state.result
    if res.tricks != w.model_tricks or outcome_index(res) != w.model_outcome:
        return f"engine {res.tricks} {res.outcome.name}, model {w.model_tricks} outcome {w.model_outcome}"
    return ""
