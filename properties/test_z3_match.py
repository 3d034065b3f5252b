"""Z3 queries on the match and Schwingfest switches, and the drop-one analysis of the scoring, match and fest clauses."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import attrs
import pytest
import z3  # type: ignore[import-untyped]

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.errors import IllegalActionError, MatchError
from schwinget_spec.gang import GangResult
from schwinget_spec.match import MatchLength, gaenge_started_by_tie, play_match
from schwinget_spec.players import Player
from schwinget_spec.proofs import match_model, match_queries, queries
from schwinget_spec.proofs.base import PROVED, Outcome, Query, QueryResult
from schwinget_spec.proofs.match_crosscheck import check_match
from schwinget_spec.proofs.match_model import KindVar, MatchModel, same_deal_gangs
from schwinget_spec.proofs.match_queries import (
    EARLIEST_DIVERGENCE,
    earliest_divergence,
    known_gang,
    play_match_gangs,
)
from schwinget_spec.proofs.queries import QUERIES, run_queries
from schwinget_spec.proofs.replay import Witness, replay
from schwinget_spec.proofs.runner import default_jobs
from schwinget_spec.proofs.scoring_drop_one import clauses_without_constraints, scoring_drop_one_analysis
from schwinget_spec.proofs.scoring_queries import GangKind, reachable_gangs
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

_CHECKED = ("rule.draw_tie_starter.earliest", "rule.draw_tie_starter", "rule.match_draw", "rule.fest_starter", "rule.fest_tiebreak",
            "rule.fest_tiebreak.points_first", "xcheck.random_matches")
"""The match and Schwingfest queries this file checks."""


@functools.cache
def _answers() -> dict[str, QueryResult]:
    """Every query of ``_CHECKED``, run once, all cores at once, each in a process of its own (``run_queries``)."""
    return {r.name: r for r in run_queries(_CHECKED, jobs=default_jobs())}


def _check(name: str) -> None:
    result = _answers()[name]
    assert result.ok, f"{name}: expected {result.expected}, got {result.answer}: {result.detail}"


def test_every_rules_switch_has_a_rule_query() -> None:
    """Issue 6 asks, for every Rules switch, for a witness or a proof: each field names at least one rule.* query."""
    names = {q.name for q in QUERIES}
    missing = [
        f.name for f in attrs.fields(Rules) if not any(n == f"rule.{f.name}" or n.startswith(f"rule.{f.name}.") for n in names)
    ]
    assert missing == []


@pytest.mark.clause("match.first_starter", "match.loser_starts", "match.draw_starter")
@pytest.mark.slow
def test_draw_tie_earliest_divergence() -> None:
    """younger/drawn_gang_starter can part only from Gang 4 on, the other pairs from Gang 2; histories replay in the engine."""
    _check("rule.draw_tie_starter.earliest")


@pytest.mark.clause("match.draw_starter")
@pytest.mark.parametrize(("pair", "gang"), sorted(EARLIEST_DIVERGENCE.items()))
def test_earliest_divergence_history_is_a_tie(pair: tuple[str, str], gang: int) -> None:
    """The history Z3 gives ends in a Gestellter at equal points: the only place the readings act."""
    d = earliest_divergence(*pair)
    assert d.gang == gang
    assert len(d.history) == gang - 1
    assert d.history[-1][0][1] is None  # the Gang before the divergence is a Gestellter
    assert {"match.draw_starter", "match.loser_starts"} <= set(d.clauses) or gang == 2


@pytest.mark.clause("match.draw_starter", "match.winner")
@pytest.mark.slow
def test_draw_tie_switch_changes_a_match_winner() -> None:
    """Each other reading of draw_tie_starter changes the winner of some short match, replayed under both readings."""
    _check("rule.draw_tie_starter")


@pytest.mark.clause("match.winner", "gang.tricks_decide")
@pytest.mark.slow
def test_match_draw_switch_names_a_winner() -> None:
    """match_draw="more_tricks" names the winner of some short match with equal totals, replayed under both readings."""
    _check("rule.match_draw")


@pytest.mark.clause("match.loser_starts", "fest.twice_each", "match.winner")
@pytest.mark.slow
def test_fest_starter_switch_changes_ranks() -> None:
    """Each other reading of fest_starter changes the ranks of some Schwingfest of three, replayed under both readings."""
    _check("rule.fest_starter")


@pytest.mark.clause("match.winner", "fest.more_players")
@pytest.mark.slow
def test_fest_tiebreak_switch_changes_ranks() -> None:
    """fest_tiebreak changes the ranks of some Schwingfest of three, and never puts fewer points above more."""
    _check("rule.fest_tiebreak")
    _check("rule.fest_tiebreak.points_first")


def _one_deal_from_both_seats(
    pair: tuple[Witness, Witness] | None, starters: tuple[Player, Player], winners: tuple[Player, Player]
) -> list[GangResult]:
    """The two Gänge share their deal, start from ``starters`` and, replayed in the engine, are won by ``winners``: their results."""
    assert pair is not None
    a, b = pair
    assert a.deck == b.deck
    assert (a.starter, b.starter) == starters
    results = [replay(w.deck, w.starter, w.actions, w.rules).result for w in pair]
    assert tuple(r.winner for r in results) == winners
    return results


@pytest.mark.clause("match.loser_starts", "gang.turn")
def test_same_deal_gangs_share_the_deal_and_reach_both_kinds() -> None:
    """same_deal_gangs gives one deal played from both seats, each play of the asked kind in the engine."""
    win_p0: GangKind = (3, False, False)  # sieg_ohne_angriff, P0 wins, loser < 3 tricks
    win_p1: GangKind = (3, True, False)
    for w in _one_deal_from_both_seats(same_deal_gangs(win_p0, False, win_p1, True), (Player.P0, Player.P1), (Player.P0, Player.P1)):
        assert not w.outcome.name.startswith("PLATTWURF")


@pytest.mark.clause("match.loser_starts", "gang.turn")
def test_same_deal_gangs_asks_the_whole_question_when_the_table_deals_do_not_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    """When neither table witness's deal allows the other Gang, the two Gang models sharing one deck are asked, and their answer replays."""
    refused: list[GangKind] = []

    def no_gang_on_this_deck(kind: GangKind, p1_starts: bool, deck: object) -> None:
        refused.append(kind)

    monkeypatch.setattr(match_model, "_gang_on_deck", no_gang_on_this_deck)
    same_deal_gangs.cache_clear()
    win_p0: GangKind = (2, False, True)  # sieg_mit_angriff, P0 wins, loser >= 3 tricks
    win_p1: GangKind = (2, True, True)
    try:
        pair = same_deal_gangs(win_p0, True, win_p1, False)
    finally:
        same_deal_gangs.cache_clear()
    assert refused == [win_p1, win_p0]
    _one_deal_from_both_seats(pair, (Player.P1, Player.P0), (Player.P0, Player.P1))


def test_a_pair_no_deal_gives_is_blocked_and_another_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no deal gives the two Gänge Z3 picked, that pair is blocked and the match model asked again."""
    asked: list[tuple[GangKind, bool, GangKind, bool]] = []

    def first_refused(ka: GangKind, pa: bool, kb: GangKind, pb: bool) -> tuple[Witness, Witness] | None:
        asked.append((ka, pa, kb, pb))
        return None if len(asked) == 1 else same_deal_gangs(ka, pa, kb, pb)

    monkeypatch.setattr(match_queries, "same_deal_gangs", first_refused)
    problem, detail = match_queries.draw_tie_changes_result("drawn_gang_other")
    assert (problem, len(asked) >= 2) == ("", True)
    assert asked[1] != asked[0]
    assert "drawn_gang_other" in detail


def test_no_deal_gives_an_unreachable_kind() -> None:
    """A Gestellter with fewer than 3 tricks each is reachable from neither seat (so no one-deal pair holds it)."""
    table = reachable_gangs()
    assert table[((4, None, False), False)] is None
    assert table[((4, None, False), True)] is None


@pytest.mark.clause("match.loser_starts")
def test_engine_refuses_a_gang_started_by_the_wrong_player() -> None:
    """The replay of a Z3 match goes through MatchState.apply_gang, which refuses a Gang whose starter is not due."""
    p0_wins: GangKind = (3, False, False)
    first = known_gang(p0_wins, Player.P0)
    again_p0 = known_gang(p0_wins, Player.P0)  # P1 lost Gang 1, so P1 must start Gang 2
    with pytest.raises(MatchError, match="P1 starts it"):
        play_match_gangs(ScoringSystem.SCHWINGERWERTUNG, Rules(), [first, again_p0])


def test_match_model_names_unknown_readings() -> None:
    """A reading the switch does not have is refused with the known ones."""
    with pytest.raises(ValueError, match="drawn_gang_other"):
        MatchModel([KindVar("g0")], "older", z3.Bool("sw"), z3.Bool("gl"))


def test_broken_loser_starts_is_caught_by_the_engine() -> None:
    """A match model whose winner starts the next Gang (a deliberately broken match.loser_starts) gives a match the engine refuses."""
    sw, gl = z3.Bool("sw"), z3.Bool("gl")
    kinds = [KindVar(f"g{i}") for i in range(4)]
    mm = MatchModel(kinds, "younger", sw, gl)
    s = z3.Solver()
    mm.assert_into(s, drop=("match.loser_starts",))
    for i in range(1, 4):
        last = kinds[i - 1]
        s.add(z3.Implies(last.has_winner, mm.starter[i] == last.p1_wins))
    s.add(kinds[0].has_winner)
    assert s.check(*mm.tags()) == z3.sat
    model = s.model()
    starters = [Player.P1 if z3.is_true(model.eval(x, model_completion=True)) else Player.P0 for x in mm.starter]
    gangs = [known_gang(k.value(model), p) for k, p in zip(kinds, starters, strict=True)]
    with pytest.raises(MatchError):
        play_match_gangs(ScoringSystem.SCHWINGERWERTUNG, Rules(), gangs)


@pytest.mark.clause(
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
    "table.gestellter",
    "table.gut_gekaempft",
    "table.columns",
    "match.record_points",
)
def test_drop_one_scoring_clauses() -> None:
    """Dropping any table, match or fest clause admits a result the engine rejects or scores differently."""
    report = scoring_drop_one_analysis()
    assert {k for k in report if k.startswith("gang:table.")} >= {
        "gang:table.plattwurf_eigener_angriff",
        "gang:table.gestellter",
        "gang:table.gut_gekaempft",
        "gang:table.columns",
    }
    assert {"match:match.first_starter", "match:match.draw_starter", "fest:match.winner"} <= set(report)
    assert {k: v for k, v in report.items() if v != "caught"} == {}


def test_a_query_that_raises_is_reported_as_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A query whose body raises (say the engine refuses a witness) is answered 'error' with the message, not a traceback."""
    def body() -> Outcome:
        raise IllegalActionError("P0 does not hold Y4", clause_id="schwung.lead", step=5, action="Y4")

    monkeypatch.setattr(queries, "QUERIES", (Query("demo.raises", "a query whose witness the engine refuses", PROVED, body),))
    [result] = queries.run_queries(["demo.raises"])
    assert (result.answer, result.ok) == ("error", False)
    assert "IllegalActionError" in result.detail
    assert "Y4" in result.detail


def test_proofs_doc_lists_every_clause_no_model_constrains() -> None:
    """docs/proofs.md names, under "Clauses no drop-one can drop", exactly the clauses without a constraint of their own."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "proofs.md").read_text(encoding="utf-8")
    section = text.split("**Clauses no drop-one can drop.**", 1)[1].split("\n## ", 1)[0]
    named = {c for c in re.findall(r"`([a-z]+\.[a-z_]+)`", section) if c in CLAUSES}
    named -= {"angriff.once", "angriff.who"}  # the two the Gang analysis finds implied
    assert sorted(named) == sorted(clauses_without_constraints())
    assert f"{len(clauses_without_constraints())} of the {len(CLAUSES)} clauses" in " ".join(section.split())


@pytest.mark.clause("match.draw_starter", "match.loser_starts", "match.record_points", "match.winner")
@pytest.mark.slow
def test_random_engine_matches_and_fests_are_accepted_by_the_models() -> None:
    """Engine matches and fests under every reading satisfy the match and fest models, which find no other starter, total or rank."""
    _check("xcheck.random_matches")


@pytest.mark.clause("match.draw_starter")
def test_match_model_under_another_tie_reading_rejects_the_engine_match() -> None:
    """A match whose tie reading picked a starter is refused by the model read the other way, naming match.draw_starter."""
    for seed in range(200):
        match = play_match(seed, ScoringSystem.PUNKTEWERTUNG, MatchLength.SHORT, Player.P0, rules=Rules(draw_tie_starter="drawn_gang_other"))
        if gaenge_started_by_tie(match) and check_match(match, reading="younger")[0] != "sat":
            break
    else:
        pytest.fail("no match in 200 seeds has a Gang started by the tie reading that the readings disagree on")
    assert check_match(match) == ("sat", ())
    verdict, core = check_match(match, reading="younger")
    assert verdict == "unsat"
    assert "match.draw_starter" in core
