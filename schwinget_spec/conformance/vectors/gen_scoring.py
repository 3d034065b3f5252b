"""The vector generator's scoring group: one finished Gang per row of the Wertungstabelle under each system, and the good loser's point in every case, each with its points claimed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schwinget_spec.conformance.vectors.gen_records import EXPECT_CONFORMS, make_vector
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState, Outcome, start_gang
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GOOD_LOSER_TRICKS, ScoringSystem, TableRow, compute_gang_score
from schwinget_spec.trace import gang_trace

__all__ = ["scoring_vectors"]

_SEARCH_FROM = 20000
_SEARCH_SPAN = 20000


def _loser_tricks(result: GangResult) -> int:
    return -1 if result.loser is None else result.tricks[result.loser]


def _find(wanted: Callable[[GangResult], bool], rules: Rules) -> tuple[int, GangState]:
    """The first seeded random Gang (deal ``Deal.shuffled(seed)``, starter ``P{seed % 2}``, ``random_chooser(seed)``) whose result is ``wanted``."""
    for seed in range(_SEARCH_FROM, _SEARCH_FROM + _SEARCH_SPAN):
        state = play_out(start_gang(Deal.shuffled(seed), Player(seed % 2), rules), random_chooser(seed))
        if wanted(state.result):
            return seed, state
    raise LookupError("no seeded Gang gives the wanted result")


def _vector(vid: str, description: str, seed: int, state: GangState, system: ScoringSystem) -> dict[str, Any]:
    trace = gang_trace(state, trace_id=vid)
    trace["scoring"] = system.value
    record = trace["gaenge"][0]
    record["seed"] = seed
    score = compute_gang_score(state.result, system, state.rules)
    record["claims"]["end"]["points"] = [str(p) for p in score.points]
    clauses = {"scoring.tricks_only", "scoring.tricks_decide", "scoring.two_systems", "scoring.choose_system",
               "table.columns", score.row.clause_id}
    clauses.add("scoring.schwingerwertung_both" if system is ScoringSystem.SCHWINGERWERTUNG else "scoring.punktewertung_winner")
    if score.is_good_loser or (system is ScoringSystem.PUNKTEWERTUNG and _loser_tricks(state.result) >= GOOD_LOSER_TRICKS):
        clauses.add(TableRow.GUT_GEKAEMPFT.clause_id)
    return make_vector(vid, description, clauses, trace, EXPECT_CONFORMS)


def scoring_vectors() -> list[dict[str, Any]]:
    """The ``scoring`` group: every result row under both systems, and the good loser's point after a simple win and after each Plattwurf under both readings."""
    out = []
    for system in (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG):
        for outcome in Outcome:
            row = TableRow.for_outcome(outcome)

            def plain(result: GangResult, outcome: Outcome = outcome) -> bool:
                # under the Punktewertung the loser stays below 3 tricks, so the row's own loser cell shows
                return result.outcome is outcome and _loser_tricks(result) < GOOD_LOSER_TRICKS

            seed, state = _find(plain, Rules())
            out.append(_vector(f"scoring.row.{row.value}.{system.value}.001",
                               f"A Gang of the row {row.value} scored under the {system.label}.", seed, state, system))
    punkte = ScoringSystem.PUNKTEWERTUNG
    for outcome in (Outcome.SIEG_OHNE_ANGRIFF, Outcome.SIEG_MIT_ANGRIFF):

        def good(result: GangResult, outcome: Outcome = outcome) -> bool:
            return result.outcome is outcome and _loser_tricks(result) >= GOOD_LOSER_TRICKS

        seed, state = _find(good, Rules())
        row = TableRow.for_outcome(outcome)
        out.append(_vector(f"scoring.good_loser.{row.value}.001",
                           f"The loser of a {row.value} Gang has 3 tricks or more: 1 point under the Punktewertung.",
                           seed, state, punkte))
    for outcome in (Outcome.PLATTWURF_EIGENER_ANGRIFF, Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF):
        row = TableRow.for_outcome(outcome)
        for flag in (True, False):
            rules = Rules(good_loser_after_plattwurf=flag)

            def thrown(result: GangResult, outcome: Outcome = outcome) -> bool:
                return result.outcome is outcome and _loser_tricks(result) >= GOOD_LOSER_TRICKS

            seed, state = _find(thrown, rules)
            points = "1 point" if flag else "no point"
            out.append(_vector(f"scoring.good_loser.{row.value}.{str(flag).lower()}.001",
                               f"A loser with 3 tricks or more thrown by Plattwurf ({row.value}); good_loser_after_plattwurf "
                               f"is {str(flag).lower()}: {points}.", seed, state, punkte))
    return out
