"""The Wertungstabelle in Z3, transcribed from the booklet: the row each Gang scores from and the points of both players, under either system."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import z3  # type: ignore[import-untyped]

from schwinget_spec.proofs.model import COUNT_BITS, GangModel

__all__ = [
    "GOOD_LOSER_TRICKS",
    "POINT_BITS",
    "PUNKTEWERTUNG",
    "ROWS",
    "SCHWINGERWERTUNG",
    "GangScoreModel",
    "table_constraints",
]

POINT_BITS = 16
"""Width of points in hundredths: a long match reaches at most 6 x 10.00 = 6000 hundredths."""

ROWS: tuple[str, ...] = (
    "plattwurf_eigener_angriff",
    "plattwurf_gegnerischer_angriff",
    "sieg_mit_angriff",
    "sieg_ohne_angriff",
    "gestellter",
)
"""The five result rows of the Wertungstabelle, in the booklet's order; the clause of row r is ``table.<ROWS[r]>``."""

SCHWINGERWERTUNG: tuple[tuple[int, int], ...] = (
    (1000, 850),  # Plattwurf-Sieg bei Angriff durch den Sieger: 10.00 8.50
    (1000, 875),  # Plattwurf-Sieg bei Angriff durch Verlierer: 10.00 8.75
    (975, 875),  # Einfacher Sieg – mit Angriff: 9.75 8.75
    (975, 850),  # Einfacher Sieg – ohne Angriff: 9.75 8.50
    (900, 900),  # Gestellter – unentschieden: 9.00 9.00
)
"""(Sieger, Verlierer) in hundredths per row, Variante 1, copied from schwinget.de.txt (the same in schwinget.fr.txt)."""

PUNKTEWERTUNG: tuple[tuple[int, int], ...] = (
    (700, 0),  # 7 0
    (500, 0),  # 5 0
    (300, 0),  # 3 0
    (200, 0),  # 2 0
    (100, 100),  # 1 1
)
"""(Sieger, Verlierer) in hundredths per row, Variante 2; the good loser's line adds 1 point (100) for the loser."""

GOOD_LOSER_POINTS = 100
GOOD_LOSER_TRICKS = 3
"""``table.gut_gekaempft``: "Hat der Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt."."""


def _pts(value: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, POINT_BITS)


def table_constraints(
    row_holds: Sequence[z3.BoolRef],
    *,
    p1_wins: z3.BoolRef,
    has_winner: z3.BoolRef,
    loser_three: z3.BoolRef,
    plattwurf: z3.BoolRef,
    schwingerwertung: z3.BoolRef,
    good_loser_after_plattwurf: z3.BoolRef,
    win_row_points: z3.BitVecRef,
    lose_row_points: z3.BitVecRef,
    good_loser: z3.BoolRef,
    points: Sequence[z3.BitVecRef],
) -> list[tuple[str, z3.BoolRef]]:
    """The Wertungstabelle as (clause id, constraint) pairs over a Gang's result, however the result is modelled.

    ``row_holds[r]``: the Gang scores from row ``ROWS[r]``; ``p1_wins``, ``has_winner``:
    who won (a Gestellter has no winner); ``loser_three``: the loser holds 3 tricks or more;
    ``plattwurf``: the Gang ended in a Plattwurf. Constrained: the cells of the row
    (``win_row_points``, ``lose_row_points``), whether the loser takes the good loser's
    point (``good_loser``) and both players' ``points`` in hundredths.
    """
    out: list[tuple[str, z3.BoolRef]] = []
    for r, row in enumerate(ROWS):
        sw_w, sw_l = SCHWINGERWERTUNG[r]
        pw_w, pw_l = PUNKTEWERTUNG[r]
        cells = z3.If(
            schwingerwertung,
            z3.And(win_row_points == _pts(sw_w), lose_row_points == _pts(sw_l)),
            z3.And(win_row_points == _pts(pw_w), lose_row_points == _pts(pw_l)),
        )
        out.append((f"table.{row}", z3.Implies(row_holds[r], cells)))
    # table.gut_gekaempft, scoring.punktewertung_winner: the Punktewertung's one exception;
    # AMB-GUT-GEKAEMPFT-PLATTWURF: after a Plattwurf only under the switch
    out.append(
        (
            "table.gut_gekaempft",
            good_loser
            == z3.And(
                z3.Not(schwingerwertung),
                has_winner,
                loser_three,
                z3.Or(good_loser_after_plattwurf, z3.Not(plattwurf)),
            ),
        )
    )
    lose_points = z3.If(good_loser, _pts(GOOD_LOSER_POINTS), lose_row_points)
    # scoring.schwingerwertung_both / table.columns: the winner's cell to the winner, the loser's to the loser
    out.append(
        (
            "table.columns",
            z3.And(
                points[1] == z3.If(p1_wins, win_row_points, lose_points),
                points[0] == z3.If(p1_wins, lose_points, win_row_points),
            ),
        )
    )
    return out


class GangScoreModel:
    """The points of the Gang ``gang`` under a symbolic system, read from the table rows.

    The row conditions are written from the booklet's Erklärung column and the precedence
    of the Ablauf ("Wird kein Plattwurf-Sieg errungen, hat der Spieler den Gang gewonnen,
    der im ganzen Gang mehr Stiche erzielt hat"), not from ``GangModel.outcome_code``, so
    that a query can compare the two. Variables: ``schwingerwertung`` (True: Variante 1,
    False: Variante 2), ``good_loser_after_plattwurf`` (the ``Rules`` switch),
    ``points[p]`` (hundredths), ``win_row_points``/``lose_row_points`` (the cells of the
    Gang's row), ``good_loser`` (the loser takes the cell of the good loser's line).
    ``constraints`` pairs each constraint with its clause id, as in ``GangModel``.
    """

    def __init__(self, gang: GangModel, prefix: str = "") -> None:
        p = gang.prefix + prefix
        self.gang = gang
        self.constraints: list[tuple[str, z3.BoolRef]] = []
        self.schwingerwertung = z3.Bool(f"{p}score.schwingerwertung")
        self.good_loser_after_plattwurf = z3.Bool(f"{p}rules.good_loser_after_plattwurf")
        self.points = [z3.BitVec(f"{p}score.points{q}", POINT_BITS) for q in (0, 1)]
        self.win_row_points = z3.BitVec(f"{p}score.win_row", POINT_BITS)
        self.lose_row_points = z3.BitVec(f"{p}score.lose_row", POINT_BITS)
        self.good_loser = z3.Bool(f"{p}score.good_loser")
        g = gang
        t0, t1 = g.final_tricks(0), g.final_tricks(1)
        pw0, pw1 = g.plattwurf(0), g.plattwurf(1)
        attacker_p1 = g.attacker_is_p1()
        # The Erklärung column, each row for the player who wins it
        own = z3.Or(z3.And(pw0, z3.Not(attacker_p1)), z3.And(pw1, attacker_p1))
        theirs = z3.Or(z3.And(pw0, attacker_p1), z3.And(pw1, z3.Not(attacker_p1)))
        no_plattwurf = z3.Not(z3.Or(pw0, pw1))
        more = t0 != t1
        self.row_holds: tuple[z3.BoolRef, ...] = (
            own,
            theirs,
            z3.And(no_plattwurf, g.has_angriff, more),
            z3.And(no_plattwurf, z3.Not(g.has_angriff), more),
            z3.And(no_plattwurf, t0 == t1),
        )
        self.p1_wins = z3.Or(pw1, z3.And(no_plattwurf, z3.UGT(t1, t0)))
        self.has_winner = z3.Or(pw0, pw1, more)
        self.loser_tricks = z3.If(self.p1_wins, t0, t1)
        self.plattwurf = z3.Or(pw0, pw1)
        self.constraints += table_constraints(
            self.row_holds,
            p1_wins=self.p1_wins,
            has_winner=self.has_winner,
            loser_three=z3.UGE(self.loser_tricks, z3.BitVecVal(GOOD_LOSER_TRICKS, COUNT_BITS)),
            plattwurf=self.plattwurf,
            schwingerwertung=self.schwingerwertung,
            good_loser_after_plattwurf=self.good_loser_after_plattwurf,
            win_row_points=self.win_row_points,
            lose_row_points=self.lose_row_points,
            good_loser=self.good_loser,
            points=self.points,
        )

    def add(self, clause_id: str, constraint: z3.BoolRef) -> None:
        """Record ``constraint`` as part of clause ``clause_id``."""
        self.constraints.append((clause_id, constraint))

    def assert_into(self, solver: z3.Solver | z3.Optimize, *, drop: Iterable[str] = ()) -> None:
        """Add every constraint as ``Implies(tag, constraint)`` (the tags of ``GangModel.tag``), leaving out the clauses in ``drop``."""
        dropped = set(drop)
        for cid, c in self.constraints:
            if cid not in dropped:
                solver.add(z3.Implies(GangModel.tag(cid), c))

    def tags(self) -> list[z3.BoolRef]:
        """The assumption literals of the scoring clauses."""
        return [GangModel.tag(cid) for cid in dict.fromkeys(cid for cid, _ in self.constraints)]

    def row_index(self) -> z3.BitVecRef:
        """The index in ``ROWS`` of the first row whose condition holds (3 bits; 5 if none)."""
        out = z3.BitVecVal(5, 3)
        for r in reversed(range(len(ROWS))):
            out = z3.If(self.row_holds[r], z3.BitVecVal(r, 3), out)
        return out

    def winner_points(self) -> z3.BitVecRef:
        """The winner's points (P0's for a Gestellter)."""
        return z3.If(self.p1_wins, self.points[1], self.points[0])

    def loser_points(self) -> z3.BitVecRef:
        """The loser's points (P1's for a Gestellter)."""
        return z3.If(self.p1_wins, self.points[0], self.points[1])
