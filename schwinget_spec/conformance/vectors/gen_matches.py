"""The vector generator's match and schwingfest groups: whole matches and Schwingfeste played from seeds, valid and with one defect each."""

from __future__ import annotations

import copy
from typing import Any

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.vectors.gen_records import EXPECT_CONFORMS, make_vector
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import (
    MatchLength,
    MatchState,
    first_legal,
    gang_seeds,
    play_out,
    random_chooser,
    start_match,
)
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trace import gang_record, match_trace, schwingfest_trace

__all__ = [
    "fest_vectors",
    "match_vectors",
]

# -- match vectors


@attrs.frozen
class _PlayedMatch:
    seed: int
    match: MatchState
    states: tuple[GangState, ...]
    seeds: tuple[int, ...]
    tags: frozenset[str]


def _play_match(seed: int, system: ScoringSystem, length: MatchLength, rules: Rules) -> _PlayedMatch:
    match = start_match(system, length, Player(seed % 2), rules)
    states: list[GangState] = []
    tags: set[str] = set()
    seeds = gang_seeds(seed, length.gaenge)
    for number, gang_seed in enumerate(seeds):
        due, clause = match.next_starter_with_clause()
        if clause == "match.draw_starter" and match.totals[0] == match.totals[1]:
            tags.add("tie_after_gestellter")
        elif clause == "match.draw_starter":
            tags.add("fewer_points_after_gestellter")
        tags.add(clause)
        state = play_out(start_gang(Deal.shuffled(gang_seed), due, rules), random_chooser(gang_seed))
        result = state.result
        tags.add(result.outcome.value)
        if result.is_plattwurf and result.loser is not None and result.tricks[result.loser] >= 3:
            tags.add("good_loser_thrown")
        if number == len(seeds) - 1:
            tags.add(f"last_{result.outcome.value}")
        match = match.apply_gang(state)
        states.append(state)
    tags.add("drawn_match" if match.result.winner is None else "won_match")
    return _PlayedMatch(seed, match, tuple(states), seeds, frozenset(tags))


def _search_match(
    wanted: tuple[str, ...], system: ScoringSystem, length: MatchLength, rules: Rules, start: int, *, span: int = 3000
) -> _PlayedMatch:
    for seed in range(start, start + span):
        played = _play_match(seed, system, length, rules)
        if all(w in played.tags for w in wanted):
            return played
    raise LookupError(f"no match seed from {start} gives {wanted}")


def _match_doc(played: _PlayedMatch, vid: str) -> dict[str, Any]:
    trace = match_trace(played.match, played.states, trace_id=vid)
    for record, gang_seed in zip(trace["gaenge"], played.seeds, strict=True):
        record["seed"] = gang_seed
    return trace


def _match_clauses(played: _PlayedMatch, system: ScoringSystem) -> list[str]:
    clauses = {c for c in played.tags if c in CLAUSES} | {"match.goal", "match.end", "match.winner", "match.record_points",
                                                        "scoring.two_systems", "scoring.choose_system", "scoring.tricks_only",
                                                        "scoring.tricks_decide", "setup.gangkarten", "match.redeal",
                                                        "table.columns"}
    clauses |= {f"table.{t}" for t in played.tags if f"table.{t}" in CLAUSES}
    clauses.add("scoring.schwingerwertung_both" if system is ScoringSystem.SCHWINGERWERTUNG else "scoring.punktewertung_winner")
    if "good_loser_thrown" in played.tags:
        clauses.add("table.gut_gekaempft")
    return sorted(clauses)


def match_vectors() -> list[dict[str, Any]]:
    """The ``match`` group: whole matches under both scoring systems (points, starters, totals, the winner)."""
    out = []
    defaults = Rules()
    systems = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
    for n, (system, length) in enumerate((s, m) for s in systems for m in (MatchLength.SHORT, MatchLength.LONG)):
        played = _search_match(("match.loser_starts",), system, length, defaults, 5000 + 100 * n)
        vid = f"match.valid.{system.value}.{length.name.lower()}.001"
        out.append(make_vector(vid, f"A {length.name.lower()} match under the {system.value.capitalize()}.",
                           _match_clauses(played, system), _match_doc(played, vid), EXPECT_CONFORMS))
    played = _search_match(("gestellter", "match.draw_starter"), systems[1], MatchLength.SHORT, defaults, 6000)
    vid = "match.valid.draw_starter.001"
    out.append(make_vector(vid, "A Gestellter before the last Gang: the player with fewer points starts the next.",
                       _match_clauses(played, systems[1]), _match_doc(played, vid), EXPECT_CONFORMS))
    played = _search_match(("fewer_points_after_gestellter",), systems[0], MatchLength.SHORT, defaults, 6200)
    vid = "match.valid.draw_starter.fewer_points.001"
    out.append(make_vector(vid, "A Gestellter at unequal points: the player with fewer points starts the next Gang.",
                       _match_clauses(played, systems[0]), _match_doc(played, vid), EXPECT_CONFORMS))
    for n, system in enumerate(systems):
        played = _search_match(("drawn_match",), system, MatchLength.SHORT, defaults, 6800 + 100 * n, span=20000)
        vid = f"match.valid.equal_totals.{system.value}.001"
        out.append(make_vector(vid, f"A match under the {system.value.capitalize()} that ends with equal totals: nobody wins.",
                           _match_clauses(played, system), _match_doc(played, vid), EXPECT_CONFORMS))
    for reading in ("younger", "drawn_gang_starter", "drawn_gang_other"):
        played = _search_match(("tie_after_gestellter",), systems[0], MatchLength.SHORT, Rules(draw_tie_starter=reading), 6500)
        vid = f"match.rules.draw_tie_starter.{reading}.001"
        out.append(make_vector(vid, f"A Gestellter leaves equal points; draw_tie_starter is {reading}.",
                           _match_clauses(played, systems[0]), _match_doc(played, vid), EXPECT_CONFORMS))
    for flag in (True, False):
        played = _search_match(("good_loser_thrown",), systems[1], MatchLength.SHORT, Rules(good_loser_after_plattwurf=flag), 7000)
        vid = f"match.rules.good_loser_after_plattwurf.{str(flag).lower()}.001"
        out.append(make_vector(vid, f"A loser with 3 tricks thrown by Plattwurf; good_loser_after_plattwurf is {str(flag).lower()}.",
                           _match_clauses(played, systems[1]), _match_doc(played, vid), EXPECT_CONFORMS))
    for n, system in enumerate(systems):
        played = _search_match(("won_match",), system, MatchLength.SHORT, defaults, 7500 + 100 * n)
        clauses = _match_clauses(played, system)
        vid = f"match.wrong_claim.points.{system.value}.001"
        doc = _match_doc(played, vid)
        points = doc["gaenge"][1]["claims"]["end"]["points"]
        reference = list(points)
        points[0], points[1] = reference[1], reference[0]
        if points == reference:
            points[0] = "0.50" if system is ScoringSystem.SCHWINGERWERTUNG else "9"
        out.append(make_vector(vid, "The points of Gang 2 are claimed the wrong way round.", clauses, doc,
                           {"verdict": "wrong_claim", "gang": 1, "step": None, "field": "points",
                            "claimed": list(points), "reference": reference},
                           defect={"pointer": "/gaenge/1/claims/end/points", "reference": reference}))
        for field, mistake in (("totals", lambda d: [d[1], d[0]] if d[0] != d[1] else ["0", "0"]), ("winner", lambda w: None)):
            vid = f"match.wrong_claim.{field}.{system.value}.001"
            doc = _match_doc(played, vid)
            reference_value = doc["claims"][field]
            doc["claims"][field] = mistake(reference_value)
            out.append(make_vector(vid, f"The match's {field} is claimed wrong.", clauses, doc,
                               {"verdict": "wrong_claim", "field": field, "claimed": doc["claims"][field],
                                "reference": reference_value},
                               defect={"pointer": f"/claims/{field}", "reference": reference_value}))
    played = _search_match(("match.loser_starts", "won_match"), systems[0], MatchLength.SHORT, defaults, 8000)
    last = len(played.states) - 1
    due = played.states[last].starter
    other_start = play_out(start_gang(Deal.shuffled(played.seeds[last]), due.other, defaults), random_chooser(played.seeds[last]))
    vid = "match.illegal_action.wrong_starter.001"
    doc = _match_doc(played, vid)
    del doc["claims"]
    record = gang_record(other_start)
    record["seed"] = played.seeds[last]
    doc["gaenge"][last] = record
    clause = "match.loser_starts" if played.match.gaenge[last - 1].result.loser is not None else "match.draw_starter"
    out.append(make_vector(vid, "The last Gang is started by the winner of the Gang before it.", [clause, *_match_clauses(played, systems[0])],
                       doc, {"verdict": "illegal_action", "gang": last, "action": f"start {due.other.code}", "clause_id": clause}))
    vid = "match.malformed.too_few_gaenge.001"
    doc = _match_doc(played, vid)
    del doc["claims"]
    doc["gaenge"].pop()
    out.append(make_vector(vid, "A short match trace with 3 Gänge.", ["match.end"], doc,
                       {"verdict": "malformed", "where": "/gaenge", "clause_id": "match.end"}))
    vid = "match.malformed.winner_number.001"
    doc = _match_doc(played, vid)
    doc["claims"]["winner"] = int(doc["claims"]["winner"][1])
    out.append(make_vector(vid, 'The winner is claimed as a number, trace version 1\'s spelling: version 2 writes a seat, "P0" or "P1".',
                       ["match.winner"], doc, {"verdict": "malformed", "where": "/claims/winner", "rule": "enum"}))
    return out


# -- Schwingfest vectors


_FEST_NAMES = ("Anna", "Beat", "Carla", "Dario")


def _play_fest(seed: int, players: int, system: ScoringSystem, sets: int, rules: Rules) -> tuple[SchwingfestState, list[GangState]]:
    fest = start_schwingfest(_FEST_NAMES[:players], system, sets, rules)
    states: list[GangState] = []
    meetings = [m for round_ in fest.schedule.rounds for m in round_]
    for meeting, gang_seed in zip(meetings, gang_seeds(seed, len(meetings)), strict=True):
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(gang_seed)), random_chooser(gang_seed))
        fest = fest.apply_gang(meeting, state)
        states.append(state)
    return fest, states


_FEST_CLAUSES = (
    "fest.more_players", "fest.twice_each", "match.first_starter", "match.record_points", "match.redeal",
    "scoring.choose_system", "scoring.two_systems", "scoring.tricks_only", "table.columns",
)


def fest_vectors() -> list[dict[str, Any]]:
    """The ``schwingfest`` group: whole Schwingfeste of 3 and 4 Schwinger (meetings, starters, points, standings)."""
    out = []
    cases = (
        ("three", 3, ScoringSystem.SCHWINGERWERTUNG, 1, Rules(), ("fest.parallel", "match.loser_starts"),
         "Three Schwinger, one card set: each meets each twice, 4 Gänge each; the loser of a pair's first meeting "
         "starts their second (fest_starter loser_of_first_meeting, the default)."),
        ("four", 4, ScoringSystem.PUNKTEWERTUNG, 2, Rules(), ("fest.four_players", "fest.parallel", "match.loser_starts"),
         "Four Schwinger on two card sets: each meets each twice, 6 Gänge each."),
        ("alternate", 3, ScoringSystem.SCHWINGERWERTUNG, 1, Rules(fest_starter="alternate"), (),
         "The younger of each pair starts their first meeting, the older their second (fest_starter alternate)."),
        ("younger", 3, ScoringSystem.PUNKTEWERTUNG, 1, Rules(fest_starter="younger"), (),
         "The younger of each pair starts both meetings (fest_starter)."),
        ("wins_then_plattwuerfe", 4, ScoringSystem.PUNKTEWERTUNG, 1, Rules(fest_tiebreak="wins_then_plattwuerfe"), (),
         "Equal points are told apart by Gänge won, then Plattwürfe (fest_tiebreak)."),
    )
    played: dict[str, tuple[SchwingfestState, list[GangState]]] = {}
    for topic, players, system, sets, rules, extra, description in cases:
        fest, states = _play_fest(9000 + players, players, system, sets, rules)
        played[topic] = (fest, states)
        vid = f"schwingfest.valid.{topic}.001"
        out.append(make_vector(vid, description, (*_FEST_CLAUSES, *extra), schwingfest_trace(fest, states, trace_id=vid), EXPECT_CONFORMS))
    for seed in range(9100, 12100):
        fest, states = _play_fest(seed, 3, ScoringSystem.PUNKTEWERTUNG, 1, Rules())
        ranks = [line.rank for line in fest.standings]
        if len(set(ranks)) < len(ranks):
            break
    else:
        raise LookupError("no Schwingfest seed from 9100 gives a shared rank")
    vid = "schwingfest.valid.shared_rank.001"
    out.append(make_vector(vid, "Two Schwinger end with equal points and share a rank under the default switches.",
                           (*_FEST_CLAUSES, "fest.parallel", "match.winner"), schwingfest_trace(fest, states, trace_id=vid),
                           EXPECT_CONFORMS))
    fest, states = played["three"]
    clauses = (*_FEST_CLAUSES, "fest.parallel")

    vid = "schwingfest.illegal_action.third_meeting.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    del doc["claims"]
    doc["gaenge"].append(copy.deepcopy(doc["gaenge"][0]))
    a, b = doc["gaenge"][0]["seats"]
    out.append(make_vector(vid, "A pair meets a third time.", clauses, doc,
                       {"verdict": "illegal_action", "gang": len(states), "action": f"meet {a} {b}",
                        "clause_id": "fest.twice_each"}))

    vid = "schwingfest.illegal_action.wrong_starter.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    del doc["claims"]
    first = fest.fought[0]
    wrong = play_out(start_gang(states[0].deal, states[0].starter.other, fest.rules), first_legal)
    record = gang_record(wrong)
    record["seats"] = [first.meeting.a, first.meeting.b]
    doc["gaenge"][0] = record
    out.append(make_vector(vid, "The first meeting of a pair is started by the older Schwinger.", clauses, doc,
                       {"verdict": "illegal_action", "gang": 0, "action": f"start {states[0].starter.other.code}",
                        "clause_id": "match.first_starter"}))

    vid = "schwingfest.wrong_claim.ranks.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    reference = list(doc["claims"]["ranks"])
    doc["claims"]["ranks"] = list(reversed(reference)) if reference != list(reversed(reference)) else [1] * len(reference)
    out.append(make_vector(vid, "The standings are claimed in reverse.", clauses, doc,
                       {"verdict": "wrong_claim", "field": "ranks", "claimed": doc["claims"]["ranks"], "reference": reference},
                       defect={"pointer": "/claims/ranks", "reference": reference}))

    vid = "schwingfest.malformed.incomplete.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    del doc["claims"]
    doc["gaenge"].pop()
    out.append(make_vector(vid, "A Schwingfest trace with one meeting missing.", ["fest.twice_each"], doc,
                       {"verdict": "malformed", "where": "/gaenge", "clause_id": "fest.twice_each"}))
    out.extend(_rank_after_shared_vectors())
    # seed 9200: the first meeting of Anna and Beat is a Gestellter
    fest, states = _play_fest(9200, 3, ScoringSystem.SCHWINGERWERTUNG, 1, Rules())
    if not any(g.meeting.leg == 1 and g.result.winner is None for g in fest.fought):
        raise LookupError("Schwingfest seed 9200 no longer draws a first meeting")
    vid = "schwingfest.valid.loser_of_first_meeting_drawn.001"
    out.append(make_vector(vid, "A pair's first meeting is drawn: their points are equal, so draw_tie_starter names the "
                           "starter of the second, the younger (fest_starter loser_of_first_meeting, the default).",
                           (*_FEST_CLAUSES, "match.loser_starts", "match.draw_starter"),
                           schwingfest_trace(fest, states, trace_id=vid), EXPECT_CONFORMS))
    return out


def _rank_after_shared_vectors() -> list[dict[str, Any]]:
    """Under each scoring system, a Schwingfest whose two leaders share the first rank: the third is ranked 3, as a shared rank takes both places (dense ranking would give 2)."""
    out = []
    for system in (ScoringSystem.PUNKTEWERTUNG, ScoringSystem.SCHWINGERWERTUNG):
        for seed in range(9100, 12100):
            fest, states = _play_fest(seed, 3, system, 1, Rules())
            ranks = [line.rank for line in fest.standings]
            if sorted(ranks) == [1, 1, 3]:
                break
        else:
            raise LookupError(f"no Schwingfest seed from 9100 gives the ranks 1, 1, 3 under the {system.label}")
        vid = f"schwingfest.valid.rank_after_shared.{system.value}.001"
        out.append(make_vector(
            vid,
            f"Under the {system.label} two Schwinger share the first rank and the third is ranked 3, not 2: "
            "a shared rank takes the places of all who share it.",
            (*_FEST_CLAUSES, "fest.parallel", "match.winner"), schwingfest_trace(fest, states, trace_id=vid),
            EXPECT_CONFORMS,
        ))
    return out
