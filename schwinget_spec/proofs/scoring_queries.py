"""Z3 queries on scoring: the Schwingerwertung winner above the loser, one row per Gang, which rows a Gang can reach, match total bounds, and the good loser's switch."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.gang import GangResult
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import (
    COUNTEREXAMPLE,
    PROVED,
    UNKNOWN,
    WITNESS,
    Outcome,
    Query,
    bounded_check,
    core_ids,
    new_solver,
    replay_mismatch,
)
from schwinget_spec.proofs.model import COUNT_BITS, GangModel, all_tags
from schwinget_spec.proofs.replay import Witness, extract_witness, outcome_index, replay
from schwinget_spec.proofs.scoring_model import (
    GOOD_LOSER_TRICKS,
    POINT_BITS,
    PUNKTEWERTUNG,
    ROWS,
    SCHWINGERWERTUNG,
    GangScoreModel,
)
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, compute_gang_score

__all__ = [
    "MATCH_BOUNDS",
    "SCORING_QUERIES",
    "GangKind",
    "MatchBound",
    "ReachableTable",
    "gang_kinds",
    "kind_holds",
    "kind_points",
    "kind_text",
    "match_bounds",
    "reachable_gangs",
    "reachable_half",
    "replay_match",
    "result_kind",
    "use_reachable_gangs",
    "use_reachable_half",
]

GangKind = tuple[int, bool | None, bool]
"""A Gang as scoring sees it: (row index in ``ROWS``, P1 wins or None for a Gestellter, loser holds 3 tricks or more)."""


def _prove(s: z3.Solver, m: GangModel, tags: Sequence[z3.BoolRef], detail: str) -> Outcome:
    """Proved (with the core's clauses) if the negated claim in ``s`` is unsat under ``tags``; else the counterexample."""
    r = s.check(*tags)
    if r == z3.unsat:
        return Outcome(PROVED, core_ids(s), detail)
    if r == z3.sat:
        return Outcome(COUNTEREXAMPLE, (), extract_witness(s.model(), m).describe())
    return Outcome(UNKNOWN)


def gang_kinds() -> tuple[GangKind, ...]:
    """Every (row, winner, good-loser flag) combination the table distinguishes; a Gestellter has no loser (flag True: both hold 3 or more)."""
    out: list[GangKind] = [(r, w, g) for r in range(4) for w in (False, True) for g in (False, True)]
    out += [(4, None, False), (4, None, True)]
    return tuple(out)


def _gang_with_score(prefix: str = "") -> tuple[GangModel, GangScoreModel]:
    m = GangModel(prefix)
    return m, GangScoreModel(m)


def _tags(m: GangModel, sm: GangScoreModel) -> list[z3.BoolRef]:
    return [*all_tags([m]), *sm.tags()]


def kind_holds(sm: GangScoreModel, kind: GangKind) -> z3.BoolRef:
    """The Gang of ``sm`` is of ``kind``: its row, its winner (none for a Gestellter) and the loser's good-loser flag."""
    row, p1_wins, good = kind
    three = z3.BitVecVal(GOOD_LOSER_TRICKS, COUNT_BITS)
    # a Gestellter's flag: both players hold 3 tricks or more
    holds_three = z3.UGE(sm.loser_tricks, three)
    parts = [sm.row_holds[row], holds_three if good else z3.Not(holds_three)]
    if p1_wins is not None:
        parts += [sm.has_winner, sm.p1_wins == p1_wins]
    return z3.And(*parts)


def result_kind(result: GangResult) -> GangKind:
    """The kind of an engine Gang result: its row, winner (None for a Gestellter) and the loser's good-loser flag."""
    winner = result.winner
    loser_tricks = result.tricks[1] if winner is None else result.tricks[winner.other]
    return (
        outcome_index(result),
        None if winner is None else winner is Player.P1,
        loser_tricks >= GOOD_LOSER_TRICKS,
    )


ReachableTable = dict[tuple[GangKind, bool], Witness | None]
"""For every Gang kind and starter (True: P1 starts), a witness Gang or None when none exists."""

REACHABLE_FACTS = ("reachable_gangs.p0_starts", "reachable_gangs.p1_starts")
"""The two halves of the Gang kinds table, one per starter, each computed by a query of its own (``runner.FACTS``)."""

_GIVEN: dict[bool, ReachableTable] = {}


def use_reachable_gangs(table: ReachableTable | None) -> None:
    """Answer ``reachable_gangs()`` with ``table`` (both halves); None forgets what was given and the cache."""
    _GIVEN.clear()
    _reachable_half.cache_clear()
    if table is not None:
        for starter in (False, True):
            use_reachable_half(starter, {key: w for key, w in table.items() if key[1] == starter})


def use_reachable_half(starter: bool, half: ReachableTable | None) -> None:
    """Answer ``reachable_half(starter)`` with ``half`` (as computed by its query in another process); None forgets it."""
    if half is None:
        _GIVEN.pop(starter, None)
    else:
        _GIVEN[starter] = half


def reachable_half(starter: bool) -> ReachableTable:
    """For every Gang kind, with ``starter`` (True: P1 starts) leading the first Schwung: a witness Gang under the default ``Rules``, or None when none exists.

    One solver, one push/pop per kind: 18 satisfiability questions over every deal and
    play, asked once per process, or answered by the half ``use_reachable_half`` gave.
    """
    given = _GIVEN.get(starter)
    return given if given is not None else _reachable_half(starter)


def reachable_gangs() -> ReachableTable:
    """For every Gang kind and starter (True: P1 starts), a witness Gang under the default ``Rules`` or None when none exists: both halves."""
    return {**reachable_half(False), **reachable_half(True)}


@functools.cache
def _reachable_half(starter: bool) -> ReachableTable:
    m, sm = _gang_with_score()
    s = new_solver()
    m.assert_into(s)
    sm.assert_into(s)
    s.add(m.rules_equal(Rules()), m.starter == starter)
    tags = _tags(m, sm)
    out: ReachableTable = {}
    for kind in gang_kinds():
        s.push()
        s.add(kind_holds(sm, kind))
        r = bounded_check(s, *tags)
        if r == z3.sat:
            out[(kind, starter)] = extract_witness(s.model(), m)
        elif r == z3.unsat:
            out[(kind, starter)] = None
        else:
            s.pop()
            raise RuntimeError(f"Z3 returned {r} for the Gang kind {kind}")
        s.pop()
    return out


def kind_text(kind: GangKind) -> str:
    """``sieg_ohne_angriff P1 wins loser <3`` and the like."""
    row, p1, good = kind
    who = "draw" if p1 is None else ("P1 wins" if p1 else "P0 wins")
    return f"{ROWS[row]} {who} loser {'>=3' if good else '<3'}"


def _gangs_reachable() -> Outcome:
    """Which Gang kinds exist, the same for either starter, each witness replayed with the engine's row, winner and flag."""
    table = reachable_gangs()
    problems: list[str] = []
    reachable: list[str] = []
    unreachable: list[str] = []
    for kind in gang_kinds():
        by_starter = [table[(kind, st)] for st in (False, True)]
        if (by_starter[0] is None) != (by_starter[1] is None):
            problems.append(f"{kind_text(kind)}: reachable for one starter only")
        (unreachable if by_starter[0] is None else reachable).append(kind_text(kind))
        for w in by_starter:
            if w is None:
                continue
            diff = replay_mismatch(w)
            if not diff and result_kind(replay(w.deck, w.starter, w.actions, w.rules).result) != kind:
                diff = "engine scores another row, winner or flag"
            if diff:
                problems.append(f"{kind_text(kind)}: {diff}; {w.describe()}")
    if problems:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(problems))
    return Outcome(
        PROVED,
        (),
        f"{len(reachable)} kinds reachable from either starter, every witness replayed; "
        f"unreachable for both starters: {', '.join(unreachable) or 'none'}",
    )


def _kinds_from(starter: bool) -> Outcome:
    """The Gang kinds one starter can reach: a witness each, or none for every deal and play."""
    half = reachable_half(starter)
    unreachable = sorted(kind_text(kind) for (kind, _), w in half.items() if w is None)
    return Outcome(
        PROVED,
        (),
        f"{len(half) - len(unreachable)} kinds with a witness Gang, {len(unreachable)} proved unreachable: {', '.join(unreachable) or 'none'}",
    )


def _sw_winner_above_loser() -> Outcome:
    """Under the Schwingerwertung the winner of a Gang scores more than the loser, for every deal and play."""
    m, sm = _gang_with_score()
    s = new_solver()
    m.assert_into(s)
    sm.assert_into(s)
    s.add(sm.schwingerwertung, sm.has_winner, z3.Not(z3.UGT(sm.winner_points(), sm.loser_points())))
    return _prove(s, m, _tags(m, sm), "")


def _one_row() -> Outcome:
    """Exactly one result row holds for every Gang; it is the model's outcome; each player's points are one cell of the table."""
    m, sm = _gang_with_score()
    s = new_solver()
    m.assert_into(s)
    sm.assert_into(s)
    rows_true = [z3.If(h, z3.BitVecVal(1, 3), z3.BitVecVal(0, 3)) for h in sm.row_holds]
    total = rows_true[0]
    for x in rows_true[1:]:
        total = total + x
    exactly_one = total == z3.BitVecVal(1, 3)
    cells_sw = {v for pair in SCHWINGERWERTUNG for v in pair}
    cells_pw = {v for pair in PUNKTEWERTUNG for v in pair} | {100}

    def one_cell(points: z3.BitVecRef) -> z3.BoolRef:
        return z3.If(
            sm.schwingerwertung,
            z3.Or(*(points == z3.BitVecVal(v, POINT_BITS) for v in sorted(cells_sw))),
            z3.Or(*(points == z3.BitVecVal(v, POINT_BITS) for v in sorted(cells_pw))),
        )

    claim = z3.And(exactly_one, sm.row_index() == m.outcome_code(), one_cell(sm.points[0]), one_cell(sm.points[1]))
    s.add(z3.Not(claim))
    return _prove(s, m, _tags(m, sm), "both systems, good_loser_after_plattwurf and the Gang switches symbolic")


# -- the good loser's switch


def _good_loser_switch_matters() -> Outcome:
    """A Gang whose Punktewertung points differ between the two readings of good_loser_after_plattwurf, replayed under both."""
    m = GangModel()
    yes, no = GangScoreModel(m, "yes."), GangScoreModel(m, "no.")
    s = new_solver()
    m.assert_into(s)
    yes.assert_into(s)
    no.assert_into(s)
    s.add(m.rules_equal(Rules()))
    s.add(z3.Not(yes.schwingerwertung), z3.Not(no.schwingerwertung))
    s.add(yes.good_loser_after_plattwurf, z3.Not(no.good_loser_after_plattwurf))
    s.add(z3.Or(yes.points[0] != no.points[0], yes.points[1] != no.points[1]))
    r = s.check(*_tags(m, yes), *no.tags())
    if r == z3.unsat:
        return Outcome(PROVED, core_ids(s), "the switch never changes the points")
    if r != z3.sat:
        return Outcome(UNKNOWN)
    model = s.model()
    w = extract_witness(model, m)
    diff = replay_mismatch(w)
    if diff:
        return Outcome(COUNTEREXAMPLE, (), f"model/engine disagree: {diff}; {w.describe()}")
    result = replay(w.deck, w.starter, w.actions, w.rules).result
    found: list[str] = []
    for reading, sm in ((True, yes), (False, no)):
        rules = attrs.evolve(Rules(), good_loser_after_plattwurf=reading)
        engine = tuple(p.hundredths for p in compute_gang_score(result, ScoringSystem.PUNKTEWERTUNG, rules).points)
        model_pts = tuple(int(model.eval(x, model_completion=True).as_long()) for x in sm.points)
        if engine != model_pts:
            return Outcome(COUNTEREXAMPLE, (), f"reading {reading}: engine {engine}, model {model_pts}; {w.describe()}")
        found.append(f"{reading}: {engine[0] // 100}:{engine[1] // 100}")
    return Outcome(
        WITNESS,
        ("table.gut_gekaempft",),
        f"Punktewertung points P0:P1 under good_loser_after_plattwurf={'; '.join(found)}; "
        f"tricks {result.tricks} {result.outcome.name}; both replayed; {w.describe()}",
    )


def _good_loser_switch_idle_under_schwingerwertung() -> Outcome:
    """Under the Schwingerwertung the two readings of good_loser_after_plattwurf give the same points for every Gang."""
    m = GangModel()
    yes, no = GangScoreModel(m, "yes."), GangScoreModel(m, "no.")
    s = new_solver()
    m.assert_into(s)
    yes.assert_into(s)
    no.assert_into(s)
    s.add(yes.schwingerwertung, no.schwingerwertung)
    s.add(yes.good_loser_after_plattwurf, z3.Not(no.good_loser_after_plattwurf))
    s.add(z3.Or(yes.points[0] != no.points[0], yes.points[1] != no.points[1]))
    return _prove(s, m, (*_tags(m, yes), *no.tags()), "")


# -- match totals


@attrs.frozen
class MatchBound:
    """One bound on a match total: the system, the number of Gänge, whose total (winner or loser), min or max, and the value in hundredths."""

    system: ScoringSystem
    gaenge: int
    whose: str
    sense: str
    hundredths: int
    kinds: tuple[GangKind, ...]

    def label(self) -> str:
        """``short winner max`` and the like."""
        length = "short" if self.gaenge == MatchLength.SHORT.gaenge else "long"
        return f"{length} {self.whose} {self.sense}"


MATCH_BOUNDS: dict[tuple[str, int, str, str], int] = {
    ("schwingerwertung", 4, "winner", "min"): 3650,
    ("schwingerwertung", 4, "winner", "max"): 4000,
    ("schwingerwertung", 4, "loser", "min"): 3400,
    ("schwingerwertung", 4, "loser", "max"): 3725,
    ("schwingerwertung", 6, "winner", "min"): 5450,
    ("schwingerwertung", 6, "winner", "max"): 6000,
    ("schwingerwertung", 6, "loser", "min"): 5100,
    ("schwingerwertung", 6, "loser", "max"): 5600,
    ("punktewertung", 4, "winner", "min"): 500,
    ("punktewertung", 4, "winner", "max"): 2800,
    ("punktewertung", 4, "loser", "min"): 0,
    ("punktewertung", 4, "loser", "max"): 1500,
    ("punktewertung", 6, "winner", "min"): 700,
    ("punktewertung", 6, "winner", "max"): 4200,
    ("punktewertung", 6, "loser", "min"): 0,
    ("punktewertung", 6, "loser", "max"): 2300,
}
"""The expected bounds in hundredths, (system, Gänge, whose, sense) -> value; the queries check Z3's optima against them."""


def kind_points(kind: GangKind, system: ScoringSystem, good_loser_after_plattwurf: bool) -> tuple[int, int]:
    """(P0, P1) hundredths of a Gang of ``kind`` from the table constants."""
    row, p1, good = kind
    table = SCHWINGERWERTUNG if system is ScoringSystem.SCHWINGERWERTUNG else PUNKTEWERTUNG
    win, lose = table[row]
    if (
        system is ScoringSystem.PUNKTEWERTUNG
        and p1 is not None
        and good
        and (good_loser_after_plattwurf or row >= 2)
    ):
        lose = 100
    if p1 is None:
        return win, win
    return (lose, win) if p1 else (win, lose)


def match_bounds(system: ScoringSystem, gaenge: int, rules: Rules | None = None) -> list[MatchBound]:
    """The smallest and largest totals of the match winner and loser over every sequence of reachable Gang kinds (Optimize).

    A match is modelled as a sequence of Gang kinds, each one reachable from either starter
    (``reachable_gangs``): who starts a Gang then constrains nothing, so the starter rules
    are left out. Equal totals have no winner and are excluded.
    """
    rules = Rules() if rules is None else rules
    table = reachable_gangs()
    kinds = [k for k in gang_kinds() if table[(k, False)] is not None and table[(k, True)] is not None]
    out: list[MatchBound] = []
    for whose in ("winner", "loser"):
        for sense in ("min", "max"):
            opt = z3.Optimize()
            pick = [z3.BitVec(f"kind{i}", 5) for i in range(gaenge)]
            totals = [z3.BitVecVal(0, POINT_BITS), z3.BitVecVal(0, POINT_BITS)]
            for i in range(gaenge):
                opt.add(z3.ULT(pick[i], len(kinds)))
                for q in (0, 1):
                    pts = z3.BitVecVal(0, POINT_BITS)
                    for j, k in enumerate(kinds):
                        pts = z3.If(pick[i] == j, z3.BitVecVal(kind_points(k, system, rules.good_loser_after_plattwurf)[q], POINT_BITS), pts)
                    totals[q] = totals[q] + pts
            t0, t1 = totals
            opt.add(t0 != t1)
            goal = z3.If(z3.UGT(t0, t1), t0, t1) if whose == "winner" else z3.If(z3.UGT(t0, t1), t1, t0)
            if sense == "max":
                opt.maximize(goal)
            else:
                opt.minimize(goal)
            if opt.check() != z3.sat:
                raise RuntimeError(f"no match of {gaenge} Gänge under {system.label}")
            model = opt.model()
            chosen = tuple(kinds[int(model.eval(p, model_completion=True).as_long())] for p in pick)
            out.append(MatchBound(system, gaenge, whose, sense, int(model.eval(goal).as_long()), chosen))
    return out


def replay_match(system: ScoringSystem, kinds: Sequence[GangKind], rules: Rules | None = None) -> MatchState:
    """The match of the Gang kinds ``kinds`` played through ``schwinget_spec.match``: each Gang is the witness for its kind and the starter the match names."""
    rules = Rules() if rules is None else rules
    table = reachable_gangs()
    match = start_match(system, MatchLength(len(kinds)), Player.P0, rules)
    for kind in kinds:
        starter = match.next_starter
        assert starter is not None
        w = table[(kind, starter is Player.P1)]
        if w is None:
            raise RuntimeError(f"no witness Gang for {kind_text(kind)} with {starter} starting")
        match = match.apply_gang(replay(w.deck, starter, w.actions, rules))
    return match


def _fmt(system: ScoringSystem, hundredths: int) -> str:
    if system is ScoringSystem.PUNKTEWERTUNG:
        return str(hundredths // 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _match_bounds_query(system: ScoringSystem) -> Outcome:
    problems: list[str] = []
    found: list[str] = []
    for gaenge in (MatchLength.SHORT.gaenge, MatchLength.LONG.gaenge):
        for b in match_bounds(system, gaenge):
            expected = MATCH_BOUNDS[(system.value, gaenge, b.whose, b.sense)]
            if b.hundredths != expected:
                problems.append(f"{b.label()}: Z3 {b.hundredths}, expected {expected}")
            match = replay_match(system, b.kinds)
            res = match.result
            totals = tuple(t.hundredths for t in res.totals)
            if res.winner is None:
                problems.append(f"{b.label()}: the replayed match is drawn")
                continue
            value = totals[res.winner] if b.whose == "winner" else totals[res.winner.other]
            if value != b.hundredths:
                problems.append(f"{b.label()}: replayed match gives {value}, Z3 {b.hundredths}")
            rows = " ".join(f"{g.score.row.value}({g.starter}->{g.result.tricks[0]}:{g.result.tricks[1]})" for g in match.gaenge)
            found.append(f"{b.label()} {_fmt(system, b.hundredths)} [{_fmt(system, totals[0])}:{_fmt(system, totals[1])}: {rows}]")
    if problems:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(problems))
    return Outcome(WITNESS, tuple(f"table.{r}" for r in ROWS), "; ".join(found))


SCORING_QUERIES: tuple[Query, ...] = (
    Query("score.sw_winner_above_loser", "under the Schwingerwertung the winner of a Gang scores more than the loser", PROVED, _sw_winner_above_loser),
    Query(
        "score.one_row",
        "every Gang scores from exactly one result row (the model's outcome), each player's points one cell of the table (both systems, good_loser_after_plattwurf symbolic)",
        PROVED,
        _one_row,
    ),
    *(
        Query(
            f"score.gang_kinds.{who}_starts",
            f"for each (row, winner, loser >= 3 tricks) combination, a Gang {who.upper()} starts that reaches it, or proof that none does "
            "(half of the table score.gangs_reachable checks)",
            PROVED,
            lambda starter=starter: _kinds_from(starter),  # type: ignore[misc]
            provides=(fact,),
        )
        for who, starter, fact in (("p0", False, REACHABLE_FACTS[0]), ("p1", True, REACHABLE_FACTS[1]))
    ),
    Query(
        "score.gangs_reachable",
        "each (row, winner, loser >= 3 tricks) combination a Gang can reach is reachable from either starter; each witness replayed",
        PROVED,
        _gangs_reachable,
        needs=REACHABLE_FACTS,
    ),
    Query(
        "opt.match_bounds.schwingerwertung",
        "smallest and largest totals of the match winner and loser, short and long match, Schwingerwertung (Optimize; witness matches replayed through schwinget_spec.match)",
        WITNESS,
        lambda: _match_bounds_query(ScoringSystem.SCHWINGERWERTUNG),
        needs=REACHABLE_FACTS,
    ),
    Query(
        "opt.match_bounds.punktewertung",
        "smallest and largest totals of the match winner and loser, short and long match, Punktewertung (Optimize; witness matches replayed through schwinget_spec.match)",
        WITNESS,
        lambda: _match_bounds_query(ScoringSystem.PUNKTEWERTUNG),
        needs=REACHABLE_FACTS,
    ),
    Query(
        "rule.good_loser_after_plattwurf",
        "good_loser_after_plattwurf changes the Punktewertung points of some Gang (both readings replayed)",
        WITNESS,
        _good_loser_switch_matters,
    ),
    Query(
        "rule.good_loser_after_plattwurf.schwingerwertung",
        "good_loser_after_plattwurf never changes the Schwingerwertung points",
        PROVED,
        _good_loser_switch_idle_under_schwingerwertung,
    ),
)
"""The scoring queries of issue 6, in the order of ``QUERIES``."""
