"""Z3 queries on the match and Schwingfest switches: who starts after a Gestellter at equal points, who starts a fest Gang, how equal fest points are ranked.

These switches act between Gänge, so "a deal and a play" means every Gang of a match or
fest: its deal and both players' choices. A starter switch changes who leads some Gang;
the witness then keeps everything that can stay the same: the Gänge before it, move for
move, and the deal of that Gang, played from the seat each reading names. Everything is
found by Z3 (``match_model``) and replayed through ``schwinget_spec.match`` and
``schwinget_spec.schwingfest`` under both readings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import SchwingetError
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import (
    COUNTEREXAMPLE,
    PROVED,
    UNKNOWN,
    WITNESS,
    Outcome,
    Query,
    core_ids,
    new_solver,
)
from schwinget_spec.proofs.match_model import (
    DRAW_TIE_READINGS,
    FEST_STARTER_READINGS,
    FEST_TIEBREAK_READINGS,
    FestModel,
    KindVar,
    MatchModel,
    ModelledMeeting,
    fest_meetings,
    same_deal_gangs,
)
from schwinget_spec.proofs.replay import Witness, model_bool, model_int, replay
from schwinget_spec.proofs.scoring_queries import REACHABLE_FACTS, GangKind, kind_text, reachable_gangs
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "EARLIEST_DIVERGENCE",
    "FEST_NAMES",
    "MATCH_QUERIES",
    "Divergence",
    "draw_tie_changes_result",
    "earliest_divergence",
    "known_gang",
    "play_fest",
    "play_match_gangs",
]

EARLIEST_DIVERGENCE: dict[tuple[str, str], int] = {
    ("younger", "drawn_gang_starter"): 4,
    ("younger", "drawn_gang_other"): 2,
    ("drawn_gang_starter", "drawn_gang_other"): 2,
}
"""For each pair of ``draw_tie_starter`` readings, the first Gang (1-based) whose starter they can disagree on."""

FEST_NAMES: tuple[str, ...] = ("Anna", "Beat", "Chrigu")
"""The three Schwinger of the fest witnesses, youngest first: the smallest Schwingfest (``fest.more_players``)."""

_MAX_ROUNDS = 60
"""How many abstract answers a query may try before a Gang-level check agrees (each failed pair is blocked)."""




def _player(p1: bool) -> Player:
    return Player.P1 if p1 else Player.P0


@attrs.frozen
class _Scoring:
    """The shared symbolic system and good-loser switch of the compared models, read back as engine values."""

    schwingerwertung: z3.BoolRef = attrs.field(factory=lambda: z3.Bool("cmp.schwingerwertung"))
    good_loser: z3.BoolRef = attrs.field(factory=lambda: z3.Bool("cmp.good_loser_after_plattwurf"))

    def read(self, model: z3.ModelRef) -> tuple[ScoringSystem, bool]:
        system = ScoringSystem.SCHWINGERWERTUNG if model_bool(model, self.schwingerwertung) else ScoringSystem.PUNKTEWERTUNG
        return system, model_bool(model, self.good_loser)


def known_gang(kind: GangKind, starter: Player) -> Witness:
    """The witness Gang of the Gang kinds table (``reachable_gangs``) for ``kind`` with ``starter`` leading."""
    w = reachable_gangs()[(kind, starter is Player.P1)]
    if w is None:
        raise RuntimeError(f"no witness Gang for {kind_text(kind)} with {starter} starting")
    return w


def play_match_gangs(system: ScoringSystem, rules: Rules, gangs: Sequence[Witness]) -> MatchState:
    """A match with ``gangs`` replayed as its first Gänge through ``MatchState.apply_gang``: short for four Gänge, else long (so that a shorter history fits).

    Raises the engine's error if a Gang is illegal or started by another player than the match names.
    """
    match = start_match(system, MatchLength.SHORT if len(gangs) == MatchLength.SHORT.gaenge else MatchLength.LONG, Player.P0, rules)
    for w in gangs:
        match = match.apply_gang(replay(w.deck, w.starter, w.actions, rules))
    return match


def play_fest(
    system: ScoringSystem, rules: Rules, gang_of: Callable[[Meeting, Player], Witness]
) -> SchwingfestState:
    """The fest of ``FEST_NAMES`` fought meeting by meeting in schedule order, each Gang ``gang_of(meeting, starter seat)``."""
    fest = start_schwingfest(FEST_NAMES, system, rules=rules)
    for meeting in fest.schedule.meetings:
        seat = meeting.seat(fest.starter_of(meeting))
        w = gang_of(meeting, seat)
        fest = fest.apply_gang(meeting, replay(w.deck, seat, w.actions, rules))
    return fest


# -- draw_tie_starter


def _divergence_model(a: str, b: str, gang: int) -> tuple[z3.Solver, MatchModel, MatchModel, _Scoring]:
    """Two readings over the same first ``gang - 1`` Gänge: equal starters before Gang ``gang``, different starters for it."""
    sc = _Scoring()
    kinds = [KindVar(f"g{i}") for i in range(gang)]
    ma = MatchModel(kinds, a, sc.schwingerwertung, sc.good_loser, prefix="a.")
    mb = MatchModel(kinds, b, sc.schwingerwertung, sc.good_loser, prefix="b.")
    s = new_solver()
    ma.assert_into(s)
    mb.assert_into(s)
    s.add(*(ma.starter[i] == mb.starter[i] for i in range(gang - 1)))
    s.add(ma.starter[gang - 1] != mb.starter[gang - 1])
    return s, ma, mb, sc


@attrs.frozen
class Divergence:
    """Where two readings of ``draw_tie_starter`` first name different starters.

    ``gang`` is that Gang (1-based; None if they never do within the match), ``clauses`` the
    union of the unsat cores proving no earlier Gang can differ, ``history`` the Gang kinds
    before it with their starters, and ``system``, ``good_loser_after_plattwurf`` the scoring
    of Z3's example.
    """

    gang: int | None
    clauses: tuple[str, ...]
    history: tuple[tuple[GangKind, Player], ...] = ()
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    good_loser_after_plattwurf: bool = True


def earliest_divergence(a: str, b: str, last: int = MatchLength.LONG.gaenge) -> Divergence:
    """The first Gang (2..``last``) whose starter readings ``a`` and ``b`` of ``draw_tie_starter`` can disagree on, over every match."""
    core: set[str] = set()
    for gang in range(2, last + 1):
        s, ma, _mb, sc = _divergence_model(a, b, gang)
        r = s.check(*ma.tags())
        if r == z3.sat:
            model = s.model()
            system, good = sc.read(model)
            history = tuple((k.value(model), _player(model_bool(model, ma.starter[i]))) for i, k in enumerate(ma.kinds[:-1]))
            return Divergence(gang, tuple(sorted(core)), history, system, good)
        if r != z3.unsat:
            raise RuntimeError(f"Z3 returned {r} for {a}/{b} at Gang {gang}")
        core.update(core_ids(s))
    return Divergence(None, tuple(sorted(core)))


def _draw_tie_earliest() -> Outcome:
    problems: list[str] = []
    found: list[str] = []
    core: set[str] = set()
    for (a, b), expected in EARLIEST_DIVERGENCE.items():
        d = earliest_divergence(a, b)
        core.update(d.clauses)
        if d.gang != expected:
            problems.append(f"{a}/{b}: Z3 says Gang {d.gang}, expected {expected}")
            continue
        # replay the history under both readings: the engine must name different starters for Gang ``gang``
        history = [known_gang(kind, starter) for kind, starter in d.history]
        starters = []
        for reading in (a, b):
            rules = Rules(draw_tie_starter=reading, good_loser_after_plattwurf=d.good_loser_after_plattwurf)  # type: ignore[arg-type]
            try:
                starters.append(play_match_gangs(d.system, rules, history).next_starter)
            except SchwingetError as exc:
                problems.append(f"{a}/{b}: the engine rejects the history under {reading}: {exc}")
                break
        else:
            if starters[0] == starters[1]:
                problems.append(f"{a}/{b}: the engine names {starters[0]} for Gang {d.gang} under both readings")
            kinds = ", ".join(f"{kind_text(k)} ({p} starts)" for k, p in d.history)
            found.append(f"{a}/{b}: Gang {d.gang} ({d.system.label}: {kinds}; {a} -> {starters[0]}, {b} -> {starters[1]})")
    if problems:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(problems))
    return Outcome(PROVED, tuple(sorted(core)), "first Gang whose starter the readings can change, earlier ones proved equal: " + "; ".join(found))


def _solve_with_pairs(
    s: z3.Solver,
    tags: Sequence[z3.BoolRef],
    pairs: Sequence[tuple[KindVar, z3.BoolRef, KindVar, z3.BoolRef]],
) -> tuple[z3.ModelRef, list[tuple[Witness, Witness] | None]] | None:
    """A model of ``s`` in which each (kind A, starter A, kind B, starter B) pair with different starters comes from one deal.

    Each abstract answer is checked with ``same_deal_gangs``; a pair no deal gives is
    blocked and the solver asked again. Returns the model and one deal's two Gänge per pair
    (None where the starters agree), or None when no such model exists.
    """
    for _ in range(_MAX_ROUNDS):
        r = s.check(*tags)
        if r == z3.unsat:
            return None
        if r != z3.sat:
            raise RuntimeError(f"Z3 returned {r}")
        model = s.model()
        found: list[tuple[Witness, Witness] | None] = []
        blocked = False
        for ka, sa, kb, sb in pairs:
            pa, pb = model_bool(model, sa), model_bool(model, sb)
            if pa == pb:
                found.append(None)
                continue
            va, vb = ka.value(model), kb.value(model)
            gangs = same_deal_gangs(va, pa, vb, pb)
            if gangs is None:
                s.add(z3.Not(z3.And(ka.is_kind(va), sa == pa, kb.is_kind(vb), sb == pb)))
                blocked = True
                break
            found.append(gangs)
        if not blocked:
            return model, found
    raise RuntimeError(f"no answer after {_MAX_ROUNDS} rounds of Gang-level checks")


def draw_tie_changes_result(reading: str) -> tuple[str, str]:
    """A short match whose winner differs between the default reading and ``reading``: ('' or a problem, detail)."""
    default = DRAW_TIE_READINGS[0]
    sc = _Scoring()
    n = MatchLength.SHORT.gaenge
    shared = [KindVar(f"g{i}") for i in range(n - 1)]
    last_a, last_b = KindVar("a.last"), KindVar("b.last")
    ma = MatchModel([*shared, last_a], default, sc.schwingerwertung, sc.good_loser, prefix="a.")
    mb = MatchModel([*shared, last_b], reading, sc.schwingerwertung, sc.good_loser, prefix="b.")
    s = new_solver()
    ma.assert_into(s)
    mb.assert_into(s)
    s.add(*(ma.starter[i] == mb.starter[i] for i in range(n - 1)))
    s.add(ma.starter[n - 1] != mb.starter[n - 1], ma.winner_code() != mb.winner_code())
    solved = _solve_with_pairs(s, ma.tags(), [(last_a, ma.starter[n - 1], last_b, mb.starter[n - 1])])
    if solved is None:
        return f"{reading}: no match found", ""
    model, [pair] = solved
    assert pair is not None
    system, good = sc.read(model)
    history = [known_gang(k.value(model), _player(model_bool(model, ma.starter[i]))) for i, k in enumerate(shared)]
    results = []
    for r_name, w in ((default, pair[0]), (reading, pair[1])):
        rules = Rules(draw_tie_starter=r_name, good_loser_after_plattwurf=good)  # type: ignore[arg-type]
        try:
            results.append(play_match_gangs(system, rules, [*history, w]))
        except SchwingetError as exc:
            return f"{reading}: the engine rejects the match under {r_name}: {exc}", ""
    ra, rb = (m.result for m in results)
    codes = [model_int(model, m.winner_code()) for m in (ma, mb)]
    engine_codes = [2 if r.winner is None else int(r.winner) for r in (ra, rb)]
    if codes != engine_codes or ra.winner == rb.winner:
        return f"{reading}: model winners {codes}, engine {engine_codes}", ""
    gangs = " ".join(f"{g.score.row.value}({g.starter})" for g in results[0].gaenge[:-1])
    return "", (
        f"{default} vs {reading}: {system.label}, Gänge 1-3 {gangs}; Gang 4 on one deal "
        f"{pair[0].deal!r}: {default} -> {pair[0].starter} starts, {ra}; {reading} -> {pair[1].starter} starts, {rb}"
    )


def _draw_tie_switch() -> Outcome:
    problems: list[str] = []
    found: list[str] = []
    for reading in DRAW_TIE_READINGS[1:]:
        problem, detail = draw_tie_changes_result(reading)
        (problems if problem else found).append(problem or detail)
    if problems:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(problems))
    return Outcome(WITNESS, ("match.draw_starter",), "; ".join(found))


# -- match_draw


def _match_draw_switch() -> Outcome:
    """A short match with equal totals whose Gänge, replayed, give one player more tricks: ``match_draw`` names a winner there."""
    sc = _Scoring()
    n = MatchLength.SHORT.gaenge
    kinds = [KindVar(f"g{i}") for i in range(n)]
    model_a = MatchModel(kinds, DRAW_TIE_READINGS[0], sc.schwingerwertung, sc.good_loser, prefix="a.")
    s = new_solver()
    model_a.assert_into(s)
    # match.winner: equal totals, the case the switch reads
    s.add(model_a.winner_code() == 2)
    for _ in range(_MAX_ROUNDS):
        r = s.check(*model_a.tags())
        if r == z3.unsat:
            return Outcome(COUNTEREXAMPLE, (), "no short match ends with equal totals")
        if r != z3.sat:
            return Outcome(UNKNOWN)
        model = s.model()
        system, good = sc.read(model)
        values = [k.value(model) for k in kinds]
        starters = [_player(model_bool(model, model_a.starter[i])) for i in range(n)]
        gangs = [known_gang(v, p) for v, p in zip(values, starters, strict=True)]
        results = []
        for reading in ("draw", "more_tricks"):
            rules = Rules(match_draw=reading, good_loser_after_plattwurf=good)
            try:
                results.append(play_match_gangs(system, rules, gangs))
            except SchwingetError as exc:
                return Outcome(COUNTEREXAMPLE, (), f"the engine rejects the match under {reading}: {exc}")
        drawn, decided = results
        if drawn.totals != decided.totals or drawn.result.winner is not None:
            return Outcome(COUNTEREXAMPLE, (), f"model totals equal, engine {drawn.result}")
        if decided.result.winner is not None:
            rows = " ".join(f"{g.score.row.value}({g.starter})" for g in drawn.gaenge)
            return Outcome(
                WITNESS,
                ("match.winner", "gang.tricks_decide"),
                f"{system.label}, {rows}: draw -> {drawn.result}; more_tricks -> tricks "
                f"{decided.total_tricks[0]}:{decided.total_tricks[1]}, {decided.result}",
            )
        # these Gänge' witnesses make equal tricks too: ask for another set of kinds
        s.add(z3.Not(z3.And(*(k.is_kind(v) for k, v in zip(kinds, values, strict=True)))))
    return Outcome(UNKNOWN, (), f"no answer after {_MAX_ROUNDS} rounds of Gang-level checks")


# -- Schwingfest switches


def _fest_models(
    starters: tuple[str, str], tiebreaks: tuple[str, str], *, share_all: bool
) -> tuple[FestModel, FestModel, _Scoring]:
    """Two fests of three Schwinger under two readings. They share the Gang of every first meeting (both readings let
    the younger start it), and of every meeting with ``share_all``; otherwise each reading has its own second meetings."""
    sc = _Scoring()
    meetings = fest_meetings(len(FEST_NAMES))
    kinds_a = {m: KindVar(f"m{m.a}{m.b}_{m.leg}" if m.leg == 1 or share_all else f"a.m{m.a}{m.b}_2") for m in meetings}
    kinds_b = {m: kinds_a[m] if m.leg == 1 or share_all else KindVar(f"b.m{m.a}{m.b}_2") for m in meetings}
    fa, fb = (
        FestModel(
            len(FEST_NAMES),
            kinds,
            fest_starter=starter,
            fest_tiebreak=tiebreak,
            schwingerwertung=sc.schwingerwertung,
            good_loser_after_plattwurf=sc.good_loser,
            prefix=prefix,
        )
        for kinds, starter, tiebreak, prefix in zip((kinds_a, kinds_b), starters, tiebreaks, ("a.", "b."), strict=True)
    )
    return fa, fb, sc


def _ranks(fest: SchwingfestState) -> tuple[int, ...]:
    by = {st.schwinger: st.rank for st in fest.standings}
    return tuple(by[s] for s in range(len(FEST_NAMES)))


def _fest_changes_ranks(field: str, default: str, reading: str) -> tuple[str, str]:
    """A fest whose ranks differ between readings ``default`` and ``reading`` of ``field``: ('' or a problem, detail)."""
    if field == "fest_starter":
        fa, fb, sc = _fest_models((default, reading), ("shared", "shared"), share_all=False)
    else:
        fa, fb, sc = _fest_models(("alternate", "alternate"), (default, reading), share_all=True)
    s = new_solver()
    fa.assert_into(s)
    fb.assert_into(s)
    second = [m for m in fa.meetings if fa.kinds[m] is not fb.kinds[m]]
    for m in second:
        # the same deal from the same seat: the same play, the same Gang
        ka, kb = fa.kinds[m], fb.kinds[m]
        same = z3.And(ka.row == kb.row, ka.p1_wins == kb.p1_wins, ka.good == kb.good)
        s.add(z3.Implies(fa.starter[m] == fb.starter[m], same))
    s.add(z3.Or(*(ra != rb for ra, rb in zip(fa.rank, fb.rank, strict=True))))
    solved = _solve_with_pairs(s, fa.tags(), [(fa.kinds[m], fa.starter[m], fb.kinds[m], fb.starter[m]) for m in second])
    if solved is None:
        return f"{reading}: no fest found", ""
    model, per_pair = solved
    system, good = sc.read(model)
    deals = dict(zip(second, per_pair, strict=True))
    fests = []
    for side, (fm, r_name) in enumerate(((fa, default), (fb, reading))):

        def gang_of(meeting: Meeting, seat: Player, fm: FestModel = fm, side: int = side) -> Witness:
            mm = ModelledMeeting(meeting.a, meeting.b, meeting.leg)
            pair = deals.get(mm)
            if pair is not None:
                return pair[side]
            return known_gang(fm.kinds[mm].value(model), seat)

        changes: dict[str, object] = {field: r_name}
        rules = attrs.evolve(Rules(good_loser_after_plattwurf=good), **changes)  # type: ignore[arg-type]
        try:
            fests.append(play_fest(system, rules, gang_of))
        except SchwingetError as exc:
            return f"{reading}: the engine rejects the fest under {r_name}: {exc}", ""
    ranks = [_ranks(f) for f in fests]
    model_ranks = [tuple(model_int(model, r) for r in fm.rank) for fm in (fa, fb)]
    if ranks != model_ranks or ranks[0] == ranks[1]:
        return f"{reading}: model ranks {model_ranks}, engine {ranks}", ""
    totals = [" ".join(str(p) for p in f.totals()) for f in fests]
    return "", f"{default} vs {reading} ({system.label}): points {totals[0]} / {totals[1]}, ranks {ranks[0]} / {ranks[1]}"


def _fest_switch(field: str, readings: Sequence[str]) -> Outcome:
    """For each reading of ``field`` other than the default, a fest whose ranks differ from the default's, replayed under both."""
    problems: list[str] = []
    found: list[str] = []
    for reading in readings[1:]:
        problem, detail = _fest_changes_ranks(field, readings[0], reading)
        (problems if problem else found).append(problem or detail)
    if problems:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(problems))
    clause = "match.loser_starts" if field == "fest_starter" else "match.winner"
    return Outcome(WITNESS, (clause,), "; ".join(found))


def _tiebreak_points_first() -> Outcome:
    """Under either tie-break a Schwinger with more points ranks above one with fewer, in every fest of three."""
    fa, fb, _sc = _fest_models(("alternate", "alternate"), (FEST_TIEBREAK_READINGS[0], FEST_TIEBREAK_READINGS[1]), share_all=True)
    s = new_solver()
    fa.assert_into(s)
    fb.assert_into(s)
    n = len(FEST_NAMES)
    s.add(
        z3.Or(
            *(
                z3.And(z3.UGT(fm.points[x], fm.points[y]), z3.Not(z3.ULT(fm.rank[x], fm.rank[y])))
                for fm in (fa, fb)
                for x in range(n)
                for y in range(n)
                if x != y
            )
        )
    )
    r = s.check(*fa.tags())
    if r == z3.unsat:
        return Outcome(PROVED, core_ids(s), "the tie-break only orders Schwinger with equal points")
    if r == z3.sat:
        return Outcome(COUNTEREXAMPLE, (), "a Schwinger with more points ranks below one with fewer")
    return Outcome(UNKNOWN)


MATCH_QUERIES: tuple[Query, ...] = (
    Query(
        "rule.draw_tie_starter.earliest",
        "the first Gang whose starter each pair of draw_tie_starter readings can change (Gang 4 for younger/drawn_gang_starter, 2 otherwise), earlier Gänge proved equal; histories replayed",
        PROVED,
        _draw_tie_earliest,
        needs=REACHABLE_FACTS,
    ),
    Query(
        "rule.draw_tie_starter",
        "each other reading of draw_tie_starter changes the winner of some short match (same Gänge 1-3, one deal for Gang 4; both readings replayed)",
        WITNESS,
        _draw_tie_switch,
        needs=REACHABLE_FACTS,
    ),
    Query(
        "rule.match_draw",
        "match_draw='more_tricks' names a winner of some short match with equal totals (Gang kinds found by Z3, their Gänge replayed under both readings)",
        WITNESS,
        _match_draw_switch,
        needs=REACHABLE_FACTS,
    ),
    Query(
        "rule.fest_starter",
        "each other reading of fest_starter changes the ranks of some Schwingfest of three (same first meetings, one deal per second meeting; both readings replayed)",
        WITNESS,
        lambda: _fest_switch("fest_starter", FEST_STARTER_READINGS),
        needs=REACHABLE_FACTS,
    ),
    Query(
        "rule.fest_tiebreak",
        "fest_tiebreak changes the ranks of some Schwingfest of three (the same Gänge; both readings replayed)",
        WITNESS,
        lambda: _fest_switch("fest_tiebreak", FEST_TIEBREAK_READINGS),
        needs=REACHABLE_FACTS,
    ),
    Query(
        "rule.fest_tiebreak.points_first",
        "under either fest_tiebreak reading more points always rank higher: the tie-break orders only equal points",
        PROVED,
        _tiebreak_points_first,
        needs=REACHABLE_FACTS,
    ),
)
"""The queries on the match and Schwingfest switches, in the order of ``QUERIES``."""
