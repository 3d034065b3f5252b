"""Z3 terms of the models evaluated on concrete inputs: each term compiled once into a Python function of its free constants, then called per input."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import InvalidArgumentError

__all__ = ["compile_terms", "free_constants", "simplify_on"]

_BINARY: dict[int, str] = {
    z3.Z3_OP_EQ: "({0} == {1})",
    z3.Z3_OP_ULT: "({0} < {1})",
    z3.Z3_OP_ULEQ: "({0} <= {1})",
    z3.Z3_OP_UGT: "({0} > {1})",
    z3.Z3_OP_UGEQ: "({0} >= {1})",
    z3.Z3_OP_IMPLIES: "((not {0}) or {1})",
    z3.Z3_OP_XOR: "({0} != {1})",
}
_FOLD: dict[int, str] = {z3.Z3_OP_AND: " and ", z3.Z3_OP_OR: " or "}
_BITWISE: dict[int, str] = {z3.Z3_OP_BAND: " & ", z3.Z3_OP_BOR: " | ", z3.Z3_OP_BXOR: " ^ "}
_WRAPPED: dict[int, str] = {z3.Z3_OP_BADD: " + ", z3.Z3_OP_BSUB: " - ", z3.Z3_OP_BMUL: " * "}


def free_constants(terms: Sequence[z3.ExprRef]) -> tuple[str, ...]:
    """The names of the uninterpreted constants the terms mention, sorted."""
    seen: set[int] = set()
    names: set[str] = set()
    stack = list(terms)
    while stack:
        e = stack.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            names.add(e.decl().name())
        stack.extend(e.children())
    return tuple(sorted(names))


def _width(e: z3.ExprRef) -> int:
    return int(e.size()) if z3.is_bv(e) else 1


def compile_terms(terms: Sequence[z3.ExprRef], inputs: Sequence[str]) -> Callable[..., tuple[int | bool, ...]]:
    """A Python function of the constants named ``inputs`` (in that order) returning the value of every term.

    Bit-vectors are read as unsigned ints, Booleans as bools, with Z3's semantics for
    the operators the models use (Boolean connectives, comparisons, if-then-else,
    bitwise and wrapping arithmetic, shifts, extension, extraction, ``AtMost``). The
    terms share their common subterms: each is computed once per call. A term that
    mentions a constant not in ``inputs`` or an operator outside that set raises
    ``InvalidArgumentError``: the function would not be Z3's.
    """
    position = {name: i for i, name in enumerate(inputs)}
    lines: list[str] = []
    names: dict[int, str] = {}

    def visit(root: z3.ExprRef) -> str:
        stack: list[tuple[z3.ExprRef, bool]] = [(root, False)]
        while stack:
            e, ready = stack.pop()
            key = e.get_id()
            if key in names:
                continue
            kids = e.children()
            if not ready:
                stack.append((e, True))
                stack.extend((k, False) for k in kids if k.get_id() not in names)
                continue
            names[key] = _emit(e, [names[k.get_id()] for k in kids])
        return names[root.get_id()]

    def _emit(e: z3.ExprRef, args: list[str]) -> str:
        kind = e.decl().kind()
        var = f"t{len(lines)}"
        mask = (1 << _width(e)) - 1
        if kind == z3.Z3_OP_TRUE:
            return "True"
        if kind == z3.Z3_OP_FALSE:
            return "False"
        if kind == z3.Z3_OP_BNUM:
            return str(e.as_long())
        if kind == z3.Z3_OP_UNINTERPRETED and not args:
            name = e.decl().name()
            if name not in position:
                raise InvalidArgumentError("inputs", f"the terms mention {name!r}, which is not among the inputs")
            return f"a[{position[name]}]"
        if kind in _BINARY:
            code = _BINARY[kind].format(*args)
        elif kind in _FOLD:
            code = "(" + _FOLD[kind].join(args) + ")"
        elif kind == z3.Z3_OP_NOT:
            code = f"(not {args[0]})"
        elif kind == z3.Z3_OP_ITE:
            code = f"({args[1]} if {args[0]} else {args[2]})"
        elif kind == z3.Z3_OP_DISTINCT:
            code = f"(len({{{', '.join(args)}}}) == {len(args)})"
        elif kind in _BITWISE:
            code = "(" + _BITWISE[kind].join(args) + ")"
        elif kind in _WRAPPED:
            code = "((" + _WRAPPED[kind].join(args) + f") & {mask})"
        elif kind == z3.Z3_OP_BNOT:
            code = f"(~{args[0]} & {mask})"
        elif kind == z3.Z3_OP_BSHL:
            code = f"(({args[0]} << {args[1]}) & {mask} if {args[1]} < {_width(e)} else 0)"
        elif kind == z3.Z3_OP_BLSHR:
            code = f"({args[0]} >> {args[1]})"
        elif kind == z3.Z3_OP_ZERO_EXT:
            code = args[0]
        elif kind == z3.Z3_OP_EXTRACT:
            high, low = e.params()
            code = f"(({args[0]} >> {low}) & {(1 << (high - low + 1)) - 1})"
        elif kind == z3.Z3_OP_CONCAT:
            code, shift = "0", 0
            for child, arg in zip(reversed(e.children()), reversed(args), strict=True):
                code = f"({code} | ({arg} << {shift}))"
                shift += _width(child)
        elif kind == z3.Z3_OP_PB_AT_MOST:
            code = f"(({' + '.join(args)}) <= {e.params()[0]})"
        else:
            raise InvalidArgumentError("terms", f"no evaluation for the operator {e.decl().name()!r} in {str(e)[:80]}")
        lines.append(f"    {var} = {code}")
        return var

    outputs = [visit(t) for t in terms]
    source = "def _f(*a):\n" + "\n".join(lines) + f"\n    return ({', '.join(outputs)},)\n"
    namespace: dict[str, object] = {}
    exec(compile(source, "<z3 terms>", "exec"), namespace)
    function: Callable[..., tuple[int | bool, ...]] = namespace["_f"]  # type: ignore[assignment]
    return function


def simplify_on(term: z3.ExprRef, values: Mapping[str, int | bool]) -> int | bool:
    """``term`` with its constants replaced by ``values`` and simplified by Z3 itself: the reference ``compile_terms`` is checked against."""
    pairs = []
    for const in _constants(term):
        name = const.decl().name()
        if name not in values:
            raise InvalidArgumentError("values", f"no value for {name!r}")
        value = values[name]
        pairs.append((const, z3.BoolVal(bool(value)) if z3.is_bool(const) else z3.BitVecVal(int(value), const.size())))
    out = z3.simplify(z3.substitute(term, *pairs))
    if z3.is_true(out):
        return True
    if z3.is_false(out):
        return False
    if z3.is_bv_value(out):
        return int(out.as_long())
    raise InvalidArgumentError("term", f"not a value after substitution: {out}")


def _constants(term: z3.ExprRef) -> list[z3.ExprRef]:
    found: dict[int, z3.ExprRef] = {}
    stack = [term]
    while stack:
        e = stack.pop()
        if e.get_id() in found:
            continue
        found[e.get_id()] = e
        stack.extend(e.children())
    return [e for e in found.values() if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED]
