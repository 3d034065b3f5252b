"""The match and the Schwingfest in Z3: Gänge as symbolic kinds, their points from the table, who starts each Gang, the totals and the standings.

A Gang enters these models only as its *kind*: the table row it scores from, who won it
and whether the loser holds 3 tricks or more (``GangKind``). Which kinds a Gang can reach
with either player starting is decided over every deal and play by
``score.gang_kinds.p0_starts`` and ``score.gang_kinds.p1_starts``; that answer is asserted here as a lemma (untagged: it is no
rule but a consequence of the Gang clauses). Whether two kinds come from one deal played
from the two seats is asked of the Gang model itself (``same_deal_gangs``).

Every constraint written from the booklet is tagged with its clause id, as in
``GangModel``; the readings of ``draw_tie_starter``, ``fest_starter`` and
``fest_tiebreak`` are concrete parameters of a model.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.checks import check_int
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.proofs.base import bounded_check, new_solver
from schwinget_spec.proofs.model import GangModel, all_tags
from schwinget_spec.proofs.replay import Witness, extract_witness, model_bool, model_int
from schwinget_spec.proofs.scoring_model import (
    GOOD_LOSER_TRICKS,
    POINT_BITS,
    ROWS,
    GangScoreModel,
    table_constraints,
)
from schwinget_spec.proofs.scoring_queries import GangKind, gang_kinds, kind_holds, reachable_gangs
from schwinget_spec.rules import Rules

__all__ = [
    "DRAW_TIE_READINGS",
    "FEST_STARTER_READINGS",
    "FEST_TIEBREAK_READINGS",
    "MATCH_DRAW_READINGS",
    "TRICK_BITS",
    "FestModel",
    "KindVar",
    "MatchModel",
    "ModelledMeeting",
    "fest_meetings",
    "same_deal_gangs",
]

DRAW_TIE_READINGS: tuple[str, ...] = ("younger", "drawn_gang_starter", "drawn_gang_other")
"""The readings of ``Rules.draw_tie_starter`` (AMB-DRAW-TIE-STARTER), default first."""
FEST_STARTER_READINGS: tuple[str, ...] = ("loser_of_first_meeting", "alternate", "younger")
"""The readings of ``Rules.fest_starter`` (AMB-FEST-STARTER), default first."""
FEST_TIEBREAK_READINGS: tuple[str, ...] = ("shared", "wins_then_plattwuerfe")
"""The readings of ``Rules.fest_tiebreak`` (AMB-FEST-TIES), default first."""
MATCH_DRAW_READINGS: tuple[str, ...] = ("draw", "more_tricks")
"""The readings of ``Rules.match_draw`` (AMB-MATCH-DRAW), default first."""

TRICK_BITS = 4
"""Width of one player's tricks in one Gang (at most 11)."""
MAX_TRICKS = 11
"""The most tricks a Gang gives (``gang.end_no_angriff``: 11 Schwünge)."""
SCHWUENGE_WITH_ANGRIFF = 10
"""The most Schwünge of a Gang with an Angriff: after at most 5 Schwünge (``angriff.not_empty_pile``), 5 more."""

GESTELLTER = ROWS.index("gestellter")
RANK_BITS = 4
"""Width of a rank and of the win counters: a fest of up to 7 Schwinger (12 Gänge each)."""


def _bv(value: int, bits: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, bits)


def _count(flags: Sequence[z3.BoolRef], bits: int = RANK_BITS) -> z3.BitVecRef:
    out = _bv(0, bits)
    for f in flags:
        out = out + z3.If(f, _bv(1, bits), _bv(0, bits))
    return out


def _tagged(constraints: Iterable[tuple[str, z3.BoolRef]], solver: z3.Solver, drop: Iterable[str]) -> None:
    dropped = set(drop)
    for cid, c in constraints:
        if cid not in dropped:
            solver.add(z3.Implies(GangModel.tag(cid), c))


class KindVar:
    """One Gang as scoring sees it, symbolic: ``row`` (index in ``ROWS``), ``p1_wins``, ``good`` (the loser holds 3 tricks or more).

    A Gestellter (row 4) has no winner; its ``p1_wins`` is False and ``good`` says both
    players hold 3 tricks or more, as in ``GangKind``.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.row = z3.BitVec(f"{name}.row", 3)
        self.p1_wins = z3.Bool(f"{name}.p1_wins")
        self.good = z3.Bool(f"{name}.good")

    @property
    def has_winner(self) -> z3.BoolRef:
        """False for a Gestellter."""
        return self.row != GESTELLTER

    @property
    def plattwurf(self) -> z3.BoolRef:
        """The Gang ended in a Plattwurf (the first two rows)."""
        return z3.ULT(self.row, _bv(2, 3))

    def well_formed(self) -> z3.BoolRef:
        """A row of the table, and no winner for a Gestellter."""
        return z3.And(z3.ULE(self.row, _bv(GESTELLTER, 3)), z3.Implies(z3.Not(self.has_winner), z3.Not(self.p1_wins)))

    def is_kind(self, kind: GangKind) -> z3.BoolRef:
        """This Gang is of ``kind``."""
        row, p1, good = kind
        return z3.And(self.row == row, self.p1_wins == bool(p1), self.good == good)

    def allows_tricks(self, t0: z3.BitVecRef, t1: z3.BitVecRef) -> list[tuple[str, z3.BoolRef]]:
        """The trick counts (``TRICK_BITS`` wide) a Gang of this kind may end with, as (clause id, constraint) pairs.

        A superset of the counts a Gang reaches: together at most 11, at most 10 after an
        Angriff (rows 0-2); the winner has more tricks unless by Plattwurf (a Plattwurf
        winner's count is left free); a Gestellter has equal tricks; ``good`` says the loser
        (for a Gestellter, each player) holds 3 or more.
        """
        winner = z3.If(self.p1_wins, t1, t0)
        loser = z3.If(self.p1_wins, t0, t1)
        angriff = z3.ULE(self.row, _bv(2, 3))
        wide = z3.ZeroExt(1, t0) + z3.ZeroExt(1, t1)
        three = _bv(GOOD_LOSER_TRICKS, TRICK_BITS)
        return [
            (
                "trick.winner_takes",
                z3.And(
                    z3.ULE(t0, _bv(MAX_TRICKS, TRICK_BITS)),
                    z3.ULE(t1, _bv(MAX_TRICKS, TRICK_BITS)),
                    z3.ULE(wide, _bv(MAX_TRICKS, TRICK_BITS + 1)),
                    z3.Implies(angriff, z3.ULE(wide, _bv(SCHWUENGE_WITH_ANGRIFF, TRICK_BITS + 1))),
                ),
            ),
            (
                "gang.more_tricks_wins",
                z3.And(
                    z3.Implies(z3.Not(self.has_winner), t0 == t1),
                    z3.Implies(z3.And(self.has_winner, z3.Not(self.plattwurf)), z3.UGT(winner, loser)),
                ),
            ),
            (
                "table.gut_gekaempft",
                self.good == z3.If(self.has_winner, z3.UGE(loser, three), z3.And(z3.UGE(t0, three), z3.UGE(t1, three))),
            ),
        ]

    def reachable_from(self, starter_p1: z3.BoolRef) -> z3.BoolRef:
        """The lemma of the Gang kinds table (``reachable_gangs``): the kinds a Gang started by ``starter_p1`` can reach, for some deal and play."""
        table = reachable_gangs()
        by_starter = [
            z3.Or(*(self.is_kind(k) for k in gang_kinds() if table[(k, starter)] is not None)) for starter in (False, True)
        ]
        return z3.And(self.well_formed(), z3.If(starter_p1, by_starter[1], by_starter[0]))

    def value(self, model: z3.ModelRef) -> GangKind:
        """The kind ``model`` gives this Gang."""
        row = model_int(model, self.row)
        good = model_bool(model, self.good)
        if row == GESTELLTER:
            return (row, None, good)
        return (row, model_bool(model, self.p1_wins), good)


class KindScore:
    """The points of a ``KindVar`` under the table (``table_constraints``), both players, in hundredths."""

    def __init__(self, kind: KindVar, schwingerwertung: z3.BoolRef, good_loser_after_plattwurf: z3.BoolRef, prefix: str) -> None:
        p = f"{prefix}{kind.name}"
        self.points = [z3.BitVec(f"{p}.points{q}", POINT_BITS) for q in (0, 1)]
        self.constraints = table_constraints(
            [kind.row == r for r in range(len(ROWS))],
            p1_wins=kind.p1_wins,
            has_winner=kind.has_winner,
            loser_three=kind.good,
            plattwurf=kind.plattwurf,
            schwingerwertung=schwingerwertung,
            good_loser_after_plattwurf=good_loser_after_plattwurf,
            win_row_points=z3.BitVec(f"{p}.win_row", POINT_BITS),
            lose_row_points=z3.BitVec(f"{p}.lose_row", POINT_BITS),
            good_loser=z3.Bool(f"{p}.good_loser"),
            points=self.points,
        )


class _ClauseModel:
    """What the match and fest models share: constraints tagged with clause ids, and untagged lemmas."""

    def __init__(self) -> None:
        self.constraints: list[tuple[str, z3.BoolRef]] = []
        self.lemmas: list[z3.BoolRef] = []

    def add(self, clause_id: str, constraint: z3.BoolRef) -> None:
        """Record ``constraint`` as part of clause ``clause_id``."""
        self.constraints.append((clause_id, constraint))

    def assert_into(self, solver: z3.Solver, *, drop: Iterable[str] = ()) -> None:
        """Add the tagged clauses (less those in ``drop``) and the reachability lemma of every Gang."""
        _tagged(self.constraints, solver, drop)
        solver.add(*self.lemmas)

    def clause_ids(self) -> tuple[str, ...]:
        """Every clause id this model constrains, in order of first use."""
        return tuple(dict.fromkeys(cid for cid, _ in self.constraints))

    def tags(self) -> list[z3.BoolRef]:
        """The assumption literals of the clauses."""
        return [GangModel.tag(cid) for cid in self.clause_ids()]


class MatchModel(_ClauseModel):
    """A match of ``len(kinds)`` Gänge under the reading ``draw_tie`` of ``Rules.draw_tie_starter``.

    Variables: ``starter[i]`` (True: P1 starts Gang i, 0-based), ``totals[i][q]`` (the points
    of player q after the first i Gänge, hundredths), the Gang points of ``scores[i]``;
    under ``match_draw="more_tricks"`` also ``tricks[i][q]``, any counts the Gang's kind
    allows (``KindVar.allows_tricks``). P0 is the younger player unless ``younger_p1``. ``schwingerwertung`` and ``good_loser_after_plattwurf`` are
    shared with the caller, so that two models of one match can be compared. The kinds may
    be shared too: two readings agree on a Gang when they share its ``KindVar``.
    """

    def __init__(
        self,
        kinds: Sequence[KindVar],
        draw_tie: str,
        schwingerwertung: z3.BoolRef,
        good_loser_after_plattwurf: z3.BoolRef,
        prefix: str = "",
        *,
        younger_p1: bool = False,
        match_draw: str = "draw",
    ) -> None:
        if draw_tie not in DRAW_TIE_READINGS:
            raise InvalidArgumentError("draw_tie", f"unknown draw_tie_starter reading {draw_tie!r}; known: {DRAW_TIE_READINGS}")
        if match_draw not in MATCH_DRAW_READINGS:
            raise InvalidArgumentError("match_draw", f"unknown match_draw reading {match_draw!r}; known: {MATCH_DRAW_READINGS}")
        n = len(kinds)
        self.kinds = tuple(kinds)
        self.draw_tie = draw_tie
        self.prefix = prefix
        self.younger_p1 = younger_p1
        self.match_draw = match_draw
        super().__init__()
        self.scores = [KindScore(k, schwingerwertung, good_loser_after_plattwurf, prefix) for k in kinds]
        for sc in self.scores:
            self.constraints += sc.constraints
        self.starter = [z3.Bool(f"{prefix}match.starter{i}") for i in range(n)]
        self.totals = [[z3.BitVec(f"{prefix}match.total{i}_{q}", POINT_BITS) for q in (0, 1)] for i in range(n + 1)]
        for q in (0, 1):
            # match.record_points: each Gang's points added to the player's total
            self.add("match.record_points", self.totals[0][q] == _bv(0, POINT_BITS))
            for i in range(n):
                self.add("match.record_points", self.totals[i + 1][q] == self.totals[i][q] + self.scores[i].points[q])
        # match.first_starter: the younger player starts Gang 1
        self.add("match.first_starter", self.starter[0] if younger_p1 else z3.Not(self.starter[0]))
        for i in range(1, n):
            last = kinds[i - 1]
            t0, t1 = self.totals[i]
            # match.loser_starts: from the second Gang on, the loser of the last Gang starts
            self.add("match.loser_starts", z3.Implies(last.has_winner, self.starter[i] == z3.Not(last.p1_wins)))
            # match.draw_starter: after a Gestellter the player with fewer points now starts
            self.add(
                "match.draw_starter",
                z3.Implies(z3.And(z3.Not(last.has_winner), t0 != t1), self.starter[i] == z3.UGT(t0, t1)),
            )
            # AMB-DRAW-TIE-STARTER: the reading of the clause when the points are equal
            tie = {
                "younger": z3.BoolVal(younger_p1),
                "drawn_gang_starter": self.starter[i - 1],
                "drawn_gang_other": z3.Not(self.starter[i - 1]),
            }[draw_tie]
            self.add("match.draw_starter", z3.Implies(z3.And(z3.Not(last.has_winner), t0 == t1), self.starter[i] == tie))
        for i, k in enumerate(kinds):
            self.lemmas.append(k.reachable_from(self.starter[i]))
        # the trick counts of each Gang, which only the reading "more_tricks" of AMB-MATCH-DRAW reads
        self.tricks: list[list[z3.BitVecRef]] = []
        if match_draw == "more_tricks":
            self.tricks = [[z3.BitVec(f"{prefix}match.tricks{i}_{q}", TRICK_BITS) for q in (0, 1)] for i in range(n)]
            for k, (t0, t1) in zip(kinds, self.tricks, strict=True):
                self.constraints += k.allows_tricks(t0, t1)

    def total_tricks(self, q: int) -> z3.BitVecRef:
        """The tricks of player ``q`` over all Gänge (``TRICK_BITS + 3`` wide); only under ``match_draw="more_tricks"``."""
        out = _bv(0, TRICK_BITS + 3)
        for t in self.tricks:
            out = out + z3.ZeroExt(3, t[q])
        return out

    def winner_code(self) -> z3.BitVecRef:
        """The match result (``match.winner``): 0 P0 wins, 1 P1 wins, 2 nobody (equal totals; under "more_tricks" equal tricks too)."""
        t0, t1 = self.totals[-1]
        nobody = _bv(2, 2)
        if self.match_draw == "more_tricks":
            # AMB-MATCH-DRAW: at equal totals the player with more tricks over all Gänge wins
            s0, s1 = self.total_tricks(0), self.total_tricks(1)
            nobody = z3.If(z3.UGT(s0, s1), _bv(0, 2), z3.If(z3.UGT(s1, s0), _bv(1, 2), _bv(2, 2)))
        return z3.If(z3.UGT(t0, t1), _bv(0, 2), z3.If(z3.UGT(t1, t0), _bv(1, 2), nobody))


@attrs.frozen(order=True)
class ModelledMeeting:
    """One Gang of the fest model: Schwinger ``a`` (younger, P0) against ``b`` (P1), their ``leg``-th meeting."""

    a: int
    b: int
    leg: int


def fest_meetings(players: int) -> tuple[ModelledMeeting, ...]:
    """``fest.twice_each``: every pair of the ``players`` Schwinger meets twice."""
    return tuple(ModelledMeeting(a, b, leg) for a in range(players) for b in range(a + 1, players) for leg in (1, 2))


class FestModel(_ClauseModel):
    """A Schwingfest of ``players`` Schwinger (youngest first) over symbolic Gang kinds, one per meeting.

    ``kinds[m]`` is the kind of meeting m, seat-relative (``a`` sits as P0). Variables:
    ``starter[m]`` (True: ``b`` starts), ``points[s]``, ``won[s]``, ``plattwuerfe[s]`` and
    ``rank[s]`` of Schwinger s. ``fest_starter`` and ``fest_tiebreak`` are concrete readings,
    and so is ``draw_tie_starter``, which names the starter of a second meeting after a drawn
    first under ``"loser_of_first_meeting"``.
    """

    def __init__(
        self,
        players: int,
        kinds: dict[ModelledMeeting, KindVar],
        *,
        fest_starter: str,
        fest_tiebreak: str,
        schwingerwertung: z3.BoolRef,
        good_loser_after_plattwurf: z3.BoolRef,
        prefix: str = "",
        draw_tie_starter: str = "younger",
    ) -> None:
        if draw_tie_starter not in DRAW_TIE_READINGS:
            raise InvalidArgumentError(
                "draw_tie_starter", f"unknown draw_tie_starter reading {draw_tie_starter!r}; known: {DRAW_TIE_READINGS}"
            )
        if fest_starter not in FEST_STARTER_READINGS:
            raise InvalidArgumentError(
                "fest_starter", f"unknown fest_starter reading {fest_starter!r}; known: {FEST_STARTER_READINGS}"
            )
        if fest_tiebreak not in FEST_TIEBREAK_READINGS:
            raise InvalidArgumentError(
                "fest_tiebreak", f"unknown fest_tiebreak reading {fest_tiebreak!r}; known: {FEST_TIEBREAK_READINGS}"
            )
        check_int(players, "players", minimum=2)
        self.players = players
        self.meetings = fest_meetings(players)
        if not isinstance(kinds, dict) or set(kinds) != set(self.meetings):
            raise InvalidArgumentError("kinds", "the fest model needs one Gang kind per meeting of fest_meetings(players)")
        self.kinds = dict(kinds)
        super().__init__()
        scores = {m: KindScore(kinds[m], schwingerwertung, good_loser_after_plattwurf, prefix) for m in self.meetings}
        for sc in scores.values():
            self.constraints += sc.constraints
        self.starter = {m: z3.Bool(f"{prefix}fest.starter{m.a}{m.b}_{m.leg}") for m in self.meetings}
        for m in self.meetings:
            if m.leg == 1:
                # match.first_starter: the younger of the pair starts their first meeting
                self.add("match.first_starter", z3.Not(self.starter[m]))
                continue
            first = kinds[ModelledMeeting(m.a, m.b, 1)]
            # AMB-FEST-STARTER: who starts the second meeting of a pair
            rule = {
                "alternate": z3.BoolVal(True),
                "younger": z3.BoolVal(False),
                # the loser of the first meeting starts (match.loser_starts); after a Gestellter the
                # pair's points are equal (match.draw_starter) and AMB-DRAW-TIE-STARTER decides
                "loser_of_first_meeting": z3.If(
                    first.has_winner, z3.Not(first.p1_wins), z3.BoolVal(draw_tie_starter == "drawn_gang_other")
                ),
            }[fest_starter]
            self.add("match.loser_starts", self.starter[m] == rule)
        for m in self.meetings:
            self.lemmas.append(kinds[m].reachable_from(self.starter[m]))
        n = players
        self.points = [z3.BitVec(f"{prefix}fest.points{s}", POINT_BITS) for s in range(n)]
        self.won = [z3.BitVec(f"{prefix}fest.won{s}", RANK_BITS) for s in range(n)]
        self.plattwuerfe = [z3.BitVec(f"{prefix}fest.plattwuerfe{s}", RANK_BITS) for s in range(n)]
        self.rank = [z3.BitVec(f"{prefix}fest.rank{s}", RANK_BITS) for s in range(n)]
        for s in range(n):
            mine = [(m, 0 if m.a == s else 1) for m in self.meetings if s in (m.a, m.b)]
            total = _bv(0, POINT_BITS)
            for m, seat in mine:
                total = total + scores[m].points[seat]
            # match.record_points: a Schwinger's points are the sum of their Gang points
            self.add("match.record_points", self.points[s] == total)
            wins = [z3.And(kinds[m].has_winner, kinds[m].p1_wins == bool(seat)) for m, seat in mine]
            self.add("match.record_points", self.won[s] == _count(wins))
            self.add(
                "match.record_points",
                self.plattwuerfe[s] == _count([z3.And(w, kinds[m].plattwurf) for w, (m, _) in zip(wins, mine, strict=True)]),
            )

        def ahead(t: int, s: int) -> z3.BoolRef:
            more = z3.UGT(self.points[t], self.points[s])
            if fest_tiebreak == "shared":
                return more
            # AMB-FEST-TIES: equal points told apart by Gänge won, then by Plattwurf wins
            same = self.points[t] == self.points[s]
            return z3.Or(
                more,
                z3.And(same, z3.UGT(self.won[t], self.won[s])),
                z3.And(same, self.won[t] == self.won[s], z3.UGT(self.plattwuerfe[t], self.plattwuerfe[s])),
            )

        self.ahead = ahead
        for s in range(n):
            # match.winner: ranked by the most points; a rank is one more than the number ahead
            self.add("match.winner", self.rank[s] == 1 + _count([ahead(t, s) for t in range(n) if t != s]))


SAME_DEAL_RLIMIT = 12_000_000
"""The first budget of a two-Gang question (``bounded_check``): a lucky search takes 0.6-1 s, an unlucky one 11 s."""


def _gang_on_deck(kind: GangKind, p1_starts: bool, deck: Sequence[int]) -> Witness | None:
    """A Gang of ``kind`` from the given deck (card indices) with that starter, under the default ``Rules``; None if none."""
    g = GangModel()
    sg = GangScoreModel(g)
    s = new_solver()
    g.assert_into(s)
    sg.assert_into(s)
    s.add(g.rules_equal(Rules()), g.starter == p1_starts, kind_holds(sg, kind))
    s.add(*(c == v for c, v in zip(g.deck, deck, strict=True)))
    r = s.check(*all_tags([g]), *sg.tags())
    if r == z3.unsat:
        return None
    if r != z3.sat:
        raise RuntimeError(f"Z3 returned {r} for a Gang of {kind} on a given deck")
    return extract_witness(s.model(), g)


@functools.cache
def same_deal_gangs(kind_a: GangKind, a_p1_starts: bool, kind_b: GangKind, b_p1_starts: bool) -> tuple[Witness, Witness] | None:
    """One deal, played once with the ``a`` starter to a Gang of ``kind_a`` and once with the ``b`` starter to ``kind_b``; None if no deal allows both.

    First on the deal of each one's witness in the Gang kinds table (``reachable_gangs``):
    with the deck given, the other Gang is a small question. Only when neither deal
    allows both is the whole question asked: two Gang models sharing the deck, each play
    free (default ``Rules``), which alone can say that no deal allows both. The callers
    replay both Gänge through the engine, inside the match or fest they belong to.
    """
    table = reachable_gangs()
    a, b = table.get((kind_a, a_p1_starts)), table.get((kind_b, b_p1_starts))
    if a is None or b is None:
        return None
    other = _gang_on_deck(kind_b, b_p1_starts, [c.index for c in a.deck])
    if other is not None:
        return a, other
    other = _gang_on_deck(kind_a, a_p1_starts, [c.index for c in b.deck])
    if other is not None:
        return other, b
    ga, gb = GangModel("a."), GangModel("b.")
    sa, sb = GangScoreModel(ga), GangScoreModel(gb)
    s = new_solver()
    for x in (ga, gb, sa, sb):
        x.assert_into(s)
    s.add(ga.rules_equal(Rules()), gb.rules_equal(Rules()))
    s.add(*(x == y for x, y in zip(ga.deck, gb.deck, strict=True)))
    s.add(ga.starter == a_p1_starts, gb.starter == b_p1_starts)
    s.add(kind_holds(sa, kind_a), kind_holds(sb, kind_b))
    r = bounded_check(s, *all_tags([ga, gb]), *sa.tags(), *sb.tags(), rlimit=SAME_DEAL_RLIMIT)
    if r == z3.unsat:
        return None
    if r != z3.sat:
        raise RuntimeError(f"Z3 returned {r} for one deal giving {kind_a} and {kind_b}")
    return extract_witness(s.model(), ga), extract_witness(s.model(), gb)
