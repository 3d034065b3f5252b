"""Questions about a Schwingfest of three Schwinger (Anna, Beat, Chrigu, youngest first): their ranks and points, answered by the fest model with witnesses the engine's SchwingfestState replays.

As for a match (``schwinget_spec.ask.match``), each meeting's Gang enters the model as its
kind; a witness fest is made of real Gänge found by Z3 per kind and starter, fought through
``SchwingfestState`` and read again there; a proof is the unsat core of the fest clauses,
holding of every fest since any kind of the table is allowed. The fest's readings
``fest_starter`` and ``fest_tiebreak`` are fixed per question (default the ``Rules()``
ones).
"""

from __future__ import annotations

import functools
import time
from typing import Any, Literal

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import BUG, COUNTEREXAMPLE, NONE, PROVED, UNKNOWN, WITNESS, GangFound
from schwinget_spec.ask.levels_common import (
    INT_OPS,
    LevelAnswer,
    check_atoms,
    check_kind,
    check_op,
    compare_bits,
    compile_connectives,
    holds_connectives,
)
from schwinget_spec.ask.match import AnyKind, level_solver, search_real
from schwinget_spec.ask.terms import Prop
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.players import Player
from schwinget_spec.proofs.match_model import (
    FEST_STARTER_READINGS,
    FEST_TIEBREAK_READINGS,
    FestModel,
    ModelledMeeting,
    fest_meetings,
)
from schwinget_spec.proofs.match_queries import FEST_NAMES, play_fest
from schwinget_spec.proofs.replay import Witness
from schwinget_spec.proofs.scoring_queries import GangKind
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, SchwingfestState
from schwinget_spec.scoring import ScoringSystem

__all__ = ["FestAnswer", "FestPoints", "FestQuestion", "Rank", "answer_fest_question", "holds_on_fest", "schwinger_index"]


def schwinger_index(name: str) -> int:
    """The index (0 the youngest) of one of ``FEST_NAMES``, any case."""
    for i, known in enumerate(FEST_NAMES):
        if name.lower() == known.lower():
            return i
    raise InvalidArgumentError("schwinger", f"expected one of {', '.join(FEST_NAMES)}, got {name!r}")


@attrs.frozen
class Rank(Prop):
    """The rank of ``schwinger`` (a name of ``FEST_NAMES``) compared with ``op`` to ``rank`` (1 the best) (``match.winner``)."""

    schwinger: str
    op: str
    rank: int

    def __attrs_post_init__(self) -> None:
        schwinger_index(self.schwinger)
        check_op(self.op)
        if not 1 <= self.rank <= len(FEST_NAMES):
            raise InvalidArgumentError("rank", f"a rank of a fest of {len(FEST_NAMES)} is 1 to {len(FEST_NAMES)}, got {self.rank}")


@attrs.frozen
class FestPoints(Prop):
    """The points of ``schwinger`` at the end of the fest compared with ``op`` to ``hundredths`` (``match.record_points``)."""

    schwinger: str
    op: str
    hundredths: int

    def __attrs_post_init__(self) -> None:
        schwinger_index(self.schwinger)
        check_op(self.op)


@attrs.frozen
class FestQuestion:
    """A question about a Schwingfest of the three ``FEST_NAMES``: ``exists`` or ``every``, under ``system`` and the fest's readings."""

    kind: Literal["exists", "every"]
    prop: Prop
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    fest_starter: str = attrs.field(default=Rules().fest_starter)
    fest_tiebreak: str = attrs.field(default=Rules().fest_tiebreak)
    text: str = ""

    def __attrs_post_init__(self) -> None:
        check_kind(self.kind)
        if self.fest_starter not in FEST_STARTER_READINGS:
            raise InvalidArgumentError("fest_starter", f"expected one of {', '.join(FEST_STARTER_READINGS)}, got {self.fest_starter!r}")
        if self.fest_tiebreak not in FEST_TIEBREAK_READINGS:
            raise InvalidArgumentError("fest_tiebreak", f"expected one of {', '.join(FEST_TIEBREAK_READINGS)}, got {self.fest_tiebreak!r}")
        _check(self.prop)

    @property
    def rules(self) -> Rules:
        """The readings the question is asked under."""
        return attrs.evolve(Rules(), fest_starter=self.fest_starter, fest_tiebreak=self.fest_tiebreak)  # type: ignore[arg-type]


def _check(prop: Prop) -> None:
    check_atoms(prop, _check_atom)


def _check_atom(prop: Prop) -> None:
    if not isinstance(prop, (Rank, FestPoints)):
        raise InvalidArgumentError("prop", f"not a word of a Schwingfest: {type(prop).__name__}; levels are not mixed")


def _compile(f: FestModel, prop: Prop) -> z3.BoolRef:
    return compile_connectives(prop, functools.partial(_compile_atom, f))


def _compile_atom(f: FestModel, prop: Prop) -> z3.BoolRef:
    if isinstance(prop, Rank):
        rank = f.rank[schwinger_index(prop.schwinger)]
        return compare_bits(rank, prop.op, z3.BitVecVal(prop.rank, rank.size()))
    assert isinstance(prop, FestPoints)
    points = f.points[schwinger_index(prop.schwinger)]
    return compare_bits(points, prop.op, z3.BitVecVal(prop.hundredths, points.size()))


def holds_on_fest(fest: SchwingfestState, prop: Prop) -> bool:
    """True when ``prop`` holds of the engine's finished ``fest``: read from its standings, never from the model."""
    return holds_connectives(prop, functools.partial(_holds_atom, fest))


def _holds_atom(fest: SchwingfestState, prop: Prop) -> bool:
    s = schwinger_index(prop.schwinger)  # type: ignore[attr-defined]
    standing = next(st for st in fest.standings if st.schwinger == s)
    if isinstance(prop, Rank):
        return INT_OPS[prop.op](standing.rank, prop.rank)
    assert isinstance(prop, FestPoints)
    return INT_OPS[prop.op](standing.points.hundredths, prop.hundredths)


@attrs.frozen
class FestAnswer(LevelAnswer):
    """The answer to a ``FestQuestion``: verdict, method, seconds, the clauses of a proof, the fest found (replayed)."""

    question: str
    verdict: str
    method: str
    seconds: float
    clauses: tuple[str, ...] = ()
    fest: SchwingfestState | None = None
    detail: str = ""
    gaenge: tuple[tuple[ModelledMeeting, Witness], ...] = ()
    """The Gang of each meeting (the younger of the pair as P0, its first or second meeting), as found and replayed."""
    gang: GangFound | None = None
    """Always None: a fest answer shows its Gänge in ``fest``."""

    def text_lines(self, *, tell: bool = True) -> list[str]:
        """The answer as ``schwinget ask`` prints it, with the fest's standings."""
        said = {WITNESS: "yes: here is one, replayed on the engine", COUNTEREXAMPLE: "no: a counterexample, replayed on the engine",
                NONE: "no: proved that none exists", PROVED: "yes: proved for every Schwingfest", UNKNOWN: "not settled",
                BUG: "the engine does not confirm the model's fest (a bug report)"}[self.verdict]
        lines = self.head_lines(said)
        if self.fest is not None:
            for st in self.fest.standings:
                lines.append(f"rank {st.rank}:   {st.name}, {st.points} points, {st.won} won, {st.plattwuerfe} by Plattwurf")
        return lines + self.tail_lines()

    def to_json(self) -> dict[str, object]:
        """The answer as a JSON object."""
        return self.json_with("schwingfest", {"fest": self.fest.to_json()} if self.fest is not None else {})


def answer_fest_question(question: FestQuestion, timeout: float = 60.0) -> FestAnswer:
    """A witness fest (real Gänge per kind, fought through ``SchwingfestState``), or a proof with the fest clauses of its core."""
    start = time.perf_counter()
    text = question.text or repr(question.prop)
    schwinger = z3.Bool("f.schwingerwertung")
    good_loser = z3.Bool("f.good_loser_after_plattwurf")
    meetings = fest_meetings(len(FEST_NAMES))
    kinds = {m: AnyKind(f"m{m.a}{m.b}_{m.leg}") for m in meetings}
    f = FestModel(len(FEST_NAMES), dict(kinds), fest_starter=question.fest_starter, fest_tiebreak=question.fest_tiebreak,
                  schwingerwertung=schwinger, good_loser_after_plattwurf=good_loser, prefix="f.")
    solver = level_solver(f, kinds.values(), system=question.system, schwinger=schwinger, good_loser=good_loser, timeout=timeout)
    goal = _compile(f, question.prop)
    solver.add(goal if question.kind == "exists" else z3.Not(goal))
    method = (f"Z3 on the fest model ({', '.join(FEST_NAMES)}, {len(meetings)} meetings as kinds of the table, "
              f"{question.system.value}, fest_starter {question.fest_starter}, fest_tiebreak {question.fest_tiebreak}); "
              "each Gang of a fest found is a real Gang found by Z3, the fest fought on SchwingfestState")
    expected = question.kind == "exists"

    def answer(verdict: str, *, unsat: bool = False, **fields: Any) -> FestAnswer:
        return FestAnswer(text, verdict, method + ("; unsat: a proof" if unsat else ""), time.perf_counter() - start, **fields)

    def replay(_picked: dict[ModelledMeeting, tuple[GangKind, bool]], gangs: dict[ModelledMeeting, Witness]) -> FestAnswer:
        def gang_of(meeting: Meeting, seat: Player) -> Witness:
            return gangs[ModelledMeeting(meeting.a, meeting.b, meeting.leg)]

        try:
            fest = play_fest(question.system, question.rules, gang_of)
        except SchwingetError as exc:
            return answer(BUG, detail=f"engine refuses the fest: {exc}")
        if holds_on_fest(fest, question.prop) is not expected:
            return answer(BUG, fest=fest, detail=f"the engine reads the proposition as {not expected} on the model's fest")
        return answer(WITNESS if expected else COUNTEREXAMPLE, fest=fest, gaenge=tuple(gangs.items()))

    return search_real(solver, f.tags(), kinds, f.starter, exists=expected, timeout=timeout, noun="fests", answer=answer, replay=replay)
