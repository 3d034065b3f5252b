"""What questions about a match and about a Schwingfest share: reading and, or, not, implies around their own words, comparing points and ranks, checking a question's kind and comparisons, and the verdict lines of their answers."""

from __future__ import annotations

from collections.abc import Callable

import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import BUG, NONE, PROVED, UNKNOWN
from schwinget_spec.ask.terms import CMP_OPS, And, Implies, Not, Or, Prop
from schwinget_spec.errors import InvalidArgumentError

__all__ = ["INT_OPS", "LevelAnswer", "check_atoms", "check_kind", "check_op", "compare_bits", "compile_connectives", "holds_connectives"]

INT_OPS: dict[str, Callable[[int, int], bool]] = {
    "=": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__,
}
"""Each comparison of ``terms.CMP_OPS`` on the engine's integers (points in hundredths, ranks)."""


def compare_bits(a: z3.BitVecRef, op: str, b: z3.BitVecRef) -> z3.BoolRef:
    """``a op b`` on the model's unsigned bit vectors (points in hundredths, ranks), ``op`` one of ``terms.CMP_OPS``."""
    return {"=": a == b, "!=": a != b, "<": z3.ULT(a, b), "<=": z3.ULE(a, b), ">": z3.UGT(a, b), ">=": z3.UGE(a, b)}[op]


def check_kind(kind: str) -> None:
    """Refuse a question kind other than ``exists`` or ``every``."""
    if kind not in ("exists", "every"):
        raise InvalidArgumentError("kind", f"expected exists or every, got {kind!r}")


def check_op(op: str) -> None:
    """Refuse a comparison other than one of ``terms.CMP_OPS``."""
    if op not in CMP_OPS:
        raise InvalidArgumentError("op", f"expected one of {', '.join(CMP_OPS)}, got {op!r}")


def check_atoms(prop: Prop, atom: Callable[[Prop], None]) -> None:
    """Check each atom of ``prop`` (what is not and, or, not, implies) with ``atom``, which raises on a word of another level."""
    if isinstance(prop, (And, Or)):
        for p in prop.parts:
            check_atoms(p, atom)
    elif isinstance(prop, Not):
        check_atoms(prop.body, atom)
    elif isinstance(prop, Implies):
        check_atoms(prop.when, atom)
        check_atoms(prop.then, atom)
    else:
        atom(prop)


def compile_connectives(prop: Prop, atom: Callable[[Prop], z3.BoolRef]) -> z3.BoolRef:
    """The Z3 proposition of ``prop``: and, or, not, implies as Z3's, each atom compiled by ``atom``."""
    if isinstance(prop, And):
        return z3.And(*(compile_connectives(p, atom) for p in prop.parts))
    if isinstance(prop, Or):
        return z3.Or(*(compile_connectives(p, atom) for p in prop.parts))
    if isinstance(prop, Not):
        return z3.Not(compile_connectives(prop.body, atom))
    if isinstance(prop, Implies):
        return z3.Implies(compile_connectives(prop.when, atom), compile_connectives(prop.then, atom))
    return atom(prop)


def holds_connectives(prop: Prop, atom: Callable[[Prop], bool]) -> bool:
    """Whether ``prop`` holds: and, or, not, implies read as Python's, each atom read by ``atom`` (from the engine)."""
    if isinstance(prop, And):
        return all(holds_connectives(p, atom) for p in prop.parts)
    if isinstance(prop, Or):
        return any(holds_connectives(p, atom) for p in prop.parts)
    if isinstance(prop, Not):
        return not holds_connectives(prop.body, atom)
    if isinstance(prop, Implies):
        return not holds_connectives(prop.when, atom) or holds_connectives(prop.then, atom)
    return atom(prop)


class LevelAnswer:
    """The verdict of an answer about a match or a Schwingfest, and the lines its text opens and ends with."""

    __slots__ = ()

    question: str
    verdict: str
    method: str
    seconds: float
    clauses: tuple[str, ...]
    detail: str

    @property
    def ok(self) -> bool:
        """False for a bug or an unknown: the question is not settled."""
        return self.verdict not in (BUG, UNKNOWN)

    @property
    def is_proof(self) -> bool:
        """True for an answer Z3 proved (none exists, proved)."""
        return self.verdict in (NONE, PROVED)

    def head_lines(self, said: str) -> list[str]:
        """The question, the answer ``said`` in words, the method and the clauses of a proof."""
        lines = [f"question: {self.question}", f"answer:   {said}", f"method:   {self.method}"]
        if self.clauses:
            lines.append(f"clauses:  {', '.join(self.clauses)}")
        return lines

    def json_with(self, level: str, own: dict[str, object]) -> dict[str, object]:
        """The answer as a JSON object: question, ``level``, verdict, proof, method, seconds, clauses, then ``own``, then the detail (when there is one)."""
        out: dict[str, object] = {"question": self.question, "level": level, "verdict": self.verdict, "proof": self.is_proof,
                                  "method": self.method, "seconds": round(self.seconds, 3), "clauses": list(self.clauses), **own}
        if self.detail:
            out["detail"] = self.detail
        return out

    def tail_lines(self) -> list[str]:
        """The detail (when there is one) and the time taken."""
        return ([f"detail:   {self.detail}"] if self.detail else []) + [f"time:     {self.seconds:.2f} s"]
