"""The measured CPU seconds of each query, by which the runner starts the costliest first: with several at once, no long query is left to run alone at the end."""

from __future__ import annotations

__all__ = ["DEFAULT_COST", "QUERY_COSTS", "cost_of"]

DEFAULT_COST = 2.0
"""The cost assumed for a query not in the table: a new query starts early rather than last."""

QUERY_COSTS: dict[str, float] = {
    "score.gang_kinds.p1_starts": 1.97,
    "cons.drop_one.scoring": 1.89,
    "xcheck.random_traces": 0.7,
    "opt.match_bounds.punktewertung": 1.74,
    "cons.drop_one.0": 1.73,
    "xcheck.random_matches": 1.58,
    "score.gang_kinds.p0_starts": 1.55,
    "rule.special_cards_follow_colour.result": 1.54,
    "cons.drop_one.5": 1.53,
    "opt.match_bounds.schwingerwertung": 1.39,
    "cons.drop_one.1": 1.37,
    "cons.drop_one.2": 1.36,
    "inv.tricks_total": 1.32,
    "cons.drop_one.3": 1.27,
    "inv.plattwurf_winner_ahead": 1.13,
    "cons.drop_one.4": 1.1,
    "inv.cards.start": 1.05,
    "opt.plattwurf_loser_max": 0.98,
    "rule.fest_starter": 0.97,
    "rule.void_konter_beats_six": 0.77,
    "rule.konter_beats_trump_six": 0.77,
    "inv.cards.step": 0.58,
    "rule.void_kampfrichter_neutralises": 0.55,
    "inv.cards_conserved": 0.51,
    "rule.konter_loses_to_kampfrichter": 0.41,
    "wf.view_decides_legal": 0.37,
    "rule.draw_tie_starter": 0.37,
    "wit.konter_beats_trump_six": 0.35,
    "rule.fest_tiebreak.points_first": 0.32,
    "wit.plattwurf_defender_equal": 0.29,
    "rule.good_loser_after_plattwurf": 0.27,
    "cons.jointly_satisfiable": 0.27,
    "wit.kr_last_vs_konter": 0.26,
    "wf.terminates.broken": 0.25,
    "wit.angriff_fifth_plattwurf": 0.25,
    "wf.playable": 0.2,
    "wf.playable.broken": 0.2,
    "rule.special_cards_follow_colour.legality": 0.19,
    "wit.kr_pending_across_angriff": 0.18,
    "score.one_row": 0.16,
    "rule.draw_tie_starter.earliest": 0.16,
    "inv.nothing_pending": 0.14,
    "score.sw_winner_above_loser": 0.14,
    "rule.good_loser_after_plattwurf.schwingerwertung": 0.14,
    "inv.one_plattwurf": 0.13,
    "wf.terminates": 0.12,
    "inv.angriff_bounds": 0.11,
    "inv.hands_empty_at_end": 0.1,
    "wf.view_decides_legal.broken": 0.09,
    "inv.plattwurf_needs_angriff": 0.08,
    "rule.fest_tiebreak": 0.07,
    "rule.match_draw": 0.04,
    "score.gangs_reachable": 0.0,
}
"""CPU seconds of each query in a process of its own, one at a time (``QueryResult.cpu_seconds`` of ``run_queries(jobs=1)``, 2026-12-06; ``xcheck.random_traces`` after it shared one model); only the order of the starts depends on them, never an answer."""


def cost_of(name: str) -> float:
    """The measured CPU seconds of query ``name``, or ``DEFAULT_COST`` for one not measured."""
    return QUERY_COSTS.get(name, DEFAULT_COST)
