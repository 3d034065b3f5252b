"""The vector generator's gang.wrong_claim and malformed groups: a legal Gang with one wrong claim, and documents with one defect that makes them no valid trace."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from schwinget_spec.conformance.vectors.gang_search import FoundGang, has_features, search_gang
from schwinget_spec.conformance.vectors.gen_gang import (
    lowest_code,
    not_allowed_answer,
    search_spots,
    special_while_following,
)
from schwinget_spec.conformance.vectors.gen_records import clauses_of, full_trace, make_vector, vector_rules
from schwinget_spec.deal import PILE_SIZE
from schwinget_spec.gang import GangState, Phase
from schwinget_spec.players import Player
from schwinget_spec.trace import state_claims
from schwinget_spec.trick import COLOUR_MASK, SPECIAL_MASK

__all__ = [
    "malformed_vectors",
    "wrong_claim_vectors",
]

# -- wrong claims


_Mutation = Callable[[GangState | None, GangState, dict[str, Any]], "tuple[str, Any] | None"]


def _legal_plus(extra: Callable[[GangState], str | None]) -> _Mutation:
    def mutate(before: GangState | None, after: GangState, claim: dict[str, Any]) -> tuple[str, Any] | None:
        code = extra(after)
        if code is None or code in claim["legal_actions"]:
            return None
        return "legal_actions", [*claim["legal_actions"], code]
    return mutate


def _legal_minus(drop: Callable[[GangState], str | None]) -> _Mutation:
    def mutate(before: GangState | None, after: GangState, claim: dict[str, Any]) -> tuple[str, Any] | None:
        code = drop(after)
        if code is None or code not in claim["legal_actions"]:
            return None
        return "legal_actions", [c for c in claim["legal_actions"] if c != code]
    return mutate


def _record_clause(*clauses: str, tricks: int = 1) -> Callable[[GangState | None, GangState], bool]:
    def test(before: GangState | None, after: GangState) -> bool:
        return (
            before is not None and len(after.history) > len(before.history)
            and after.history[-1].clause_id in clauses and after.history[-1].tricks == tricks
        )
    return test


def _swap_credit(when: Callable[[GangState | None, GangState], bool]) -> _Mutation:
    def mutate(before: GangState | None, after: GangState, claim: dict[str, Any]) -> tuple[str, Any] | None:
        if not when(before, after):
            return None
        record = after.history[-1]
        tricks = list(after.tricks)
        if record.winner is None:
            tricks[record.leader] += 1  # the neutralised trick claimed as won
        else:
            tricks[record.winner] -= record.tricks
            tricks[record.winner.other] += record.tricks
        return "tricks", tricks
    return mutate


def _when(test: Callable[[GangState | None, GangState], bool], field: str, value: Callable[[GangState, dict[str, Any]], Any]) -> _Mutation:
    def mutate(before: GangState | None, after: GangState, claim: dict[str, Any]) -> tuple[str, Any] | None:
        return (field, value(after, claim)) if test(before, after) else None
    return mutate


def _trump_instead(s: GangState) -> str | None:
    if s.phase is not Phase.ANSWER or s.led is None or s.led.colour is None or s.trump is None or s.led.colour is s.trump:
        return None
    hand = s.hands[s.to_move]
    return lowest_code(hand & COLOUR_MASK[s.trump]) if hand & COLOUR_MASK[s.led.colour] else None


def _void_discard(s: GangState) -> str | None:
    if s.phase is not Phase.ANSWER or s.led is None or s.led.colour is None:
        return None
    hand = s.hands[s.to_move]
    if hand & COLOUR_MASK[s.led.colour]:
        return None
    trump = COLOUR_MASK[s.trump] if s.trump is not None else 0
    return lowest_code(hand & ~trump & ~SPECIAL_MASK)


def _lead(before: GangState | None, after: GangState) -> bool:
    return before is not None and before.phase is Phase.LEAD and after.phase is Phase.ANSWER


def _drawn_on_lead(before: GangState | None, after: GangState) -> bool:
    return _lead(before, after) and before is not None and after.pile_drawn > before.pile_drawn


def _locked_lead(before: GangState | None, after: GangState) -> bool:
    return _lead(before, after) and after.angriff is not None and after.pile_size > 0


def _won(before: GangState | None, after: GangState) -> bool:
    return before is not None and len(after.history) > len(before.history) and after.history[-1].winner is not None


def _angriff_step(before: GangState | None, after: GangState) -> bool:
    return before is not None and before.angriff is None and after.angriff is not None


def _chosen(before: GangState | None, after: GangState) -> bool:
    return before is not None and before.phase is Phase.CHOOSE_LEADER


def _answer_step(before: GangState | None, after: GangState) -> bool:
    return before is not None and before.phase is Phase.ANSWER


def _answered_with_draw(before: GangState | None, after: GangState) -> bool:
    return _answer_step(before, after) and before is not None and after.pile_drawn > before.pile_drawn


def _neutralised(before: GangState | None, after: GangState) -> bool:
    return before is not None and after.phase is Phase.CHOOSE_LEADER


def _last(before: GangState | None, after: GangState) -> bool:
    return after.is_over


def _hands_with(player_delta: Callable[[GangState], tuple[Player, int]]) -> Callable[[GangState, dict[str, Any]], Any]:
    def value(after: GangState, claim: dict[str, Any]) -> Any:
        player, delta = player_delta(after)
        sizes = list(claim["hand_sizes"])
        sizes[player] += delta
        return sizes
    return value


# (topic, description, rules switches, features of the base game, mutation of one step claim, clauses)
_WRONG_STEP: tuple[tuple[str, str, dict[str, Any], tuple[str, ...], _Mutation, tuple[str, ...]], ...] = (
    ("legal_actions.start_forgets_angriff", "The start claim does not offer the Angriff to the starter.", {}, (),
     lambda b, a, c: ("legal_actions", [x for x in c["legal_actions"] if x != "A"]) if b is None else None, ("gang.turn", "angriff.who")),
    ("legal_actions.offers_farbzwang_violation", "An answer that breaks the Farbzwang is offered.", {}, ("schwung.farbzwang",),
     _legal_plus(not_allowed_answer), ("schwung.farbzwang",)),
    ("legal_actions.forgets_trump", "A trump is not offered although it may always answer.", {}, ("trump.anytime",),
     _legal_minus(_trump_instead), ("trump.anytime",)),
    ("legal_actions.forgets_void_answer", "A void answerer is not offered a card of a third colour.", {}, ("schwung.void_any",),
     _legal_minus(_void_discard), ("schwung.void_any",)),
    ("legal_actions.forgets_special_answer", "A special card is not offered as an answer while the led colour is held.", {},
     ("special_held_while_following",), _legal_minus(special_while_following), ("cards.special", "schwung.farbzwang")),
    ("legal_actions.offers_special_when_following", "Under special_cards_follow_colour, a special card is offered while the led colour is held.",
     {"special_cards_follow_colour": True}, ("special_held_while_following",), _legal_plus(special_while_following),
     ("cards.special", "schwung.farbzwang")),
    ("legal_actions.offers_second_angriff", "The Angriff is offered again after it was started.", {}, ("angriff",),
     _legal_plus(lambda s: "A" if s.phase is Phase.LEAD and s.angriff is not None else None), ("angriff.once",)),
    ("legal_actions.offers_angriff_empty_pile", "The Angriff is offered once the pile is used up.", {}, ("no_angriff",),
     _legal_plus(lambda s: "A" if s.phase is Phase.LEAD and s.pile_drawn >= PILE_SIZE else None), ("angriff.not_empty_pile",)),
    ("legal_actions.offers_angriff_to_answerer", "The Angriff is offered to the answering player.", {}, (),
     _legal_plus(lambda s: "A" if s.phase is Phase.ANSWER and s.angriff is None else None), ("angriff.who",)),
    ("legal_actions.forgets_choice", "Only one of the two possible next leaders is offered after the Kampfrichter.", {},
     ("kampfrichter.chooses",), _legal_minus(lambda s: "L1" if s.phase is Phase.CHOOSE_LEADER else None), ("kampfrichter.chooses",)),
    ("legal_actions.offers_card_at_choice", "A card is offered while the next leader must be chosen.", {}, ("kampfrichter.chooses",),
     _legal_plus(lambda s: lowest_code(s.hands[s.to_move]) if s.phase is Phase.CHOOSE_LEADER else None), ("kampfrichter.chooses",)),
    ("legal_actions.forgets_lead_card", "A card of the leader's hand is not offered as a lead.", {}, (),
     _legal_minus(lambda s: lowest_code(s.hands[s.to_move]) if s.phase is Phase.LEAD and s.step > 0 else None), ("schwung.lead",)),
    ("legal_actions.offers_after_end", "An action is offered after the end of the Gang.", {}, ("no_angriff",),
     _legal_plus(lambda s: "G1" if s.is_over else None), ("gang.end_no_angriff",)),
    ("legal_actions.lists_twice", "A legal action is listed twice.", {}, (),
     lambda b, a, c: ("legal_actions", [*c["legal_actions"], c["legal_actions"][0]]) if b is not None and c["legal_actions"] else None,
     ("gang.turn",)),
    ("tricks.winner_takes", "The trick is credited to the loser of the Schwung.", {}, (),
     _swap_credit(_record_clause("schwung.higher_wins")), ("trick.winner_takes", "schwung.higher_wins")),
    ("tricks.trump_beats", "A trick won by trump is credited to the other player.", {}, ("trump.beats",),
     _swap_credit(_record_clause("trump.beats")), ("trump.beats",)),
    ("tricks.void_loses", "A trick lost by a void answer is credited to the answerer.", {}, ("schwung.void_loses",),
     _swap_credit(_record_clause("schwung.void_loses")), ("schwung.void_loses",)),
    ("tricks.konter_beats_six", "A trick won by the Brienzer-Konter against a 6 is credited to the 6.", {}, ("konter.beats_six",),
     _swap_credit(_record_clause("konter.beats_six")), ("konter.beats_six",)),
    ("tricks.konter_loses", "A trick lost by the Brienzer-Konter is credited to it.", {}, ("konter.loses",),
     _swap_credit(_record_clause("konter.loses")), ("konter.loses",)),
    ("tricks.konter_last_trick", "The last Schwung, Konter against Kampfrichter, is credited to the Kampfrichter.", {},
     ("konter.last_trick",), _swap_credit(_record_clause("konter.last_trick")), ("konter.last_trick",)),
    ("tricks.kampfrichter_last_schwung", "The Kampfrichter's last Schwung is credited to its player.", {},
     ("kampfrichter.last_schwung",), _swap_credit(_record_clause("kampfrichter.last_schwung")), ("kampfrichter.last_schwung",)),
    ("tricks.neutralised", "A trick the Kampfrichter neutralised is credited to a player at once.", {}, ("kampfrichter.neutralises",),
     _swap_credit(_neutralised), ("kampfrichter.neutralises",)),
    ("tricks.collect", "The winner after a neutralised trick is credited one trick, not two.", {}, ("kampfrichter.collect",),
     lambda b, a, c: ("tricks", [t - (1 if p == a.history[-1].winner else 0) for p, t in enumerate(c["tricks"])])
     if b is not None and len(a.history) > len(b.history) and a.history[-1].tricks == 2 else None,
     ("kampfrichter.collect",)),
    ("to_move.winner_leads", "After a trick the loser is claimed to lead.", {}, (),
     _when(lambda b, a: _won(b, a) and not a.is_over, "to_move", lambda a, c: a.to_move.other.code), ("trick.winner_leads",)),
    ("to_move.chosen_leader", "After the Kampfrichter's choice the other player is claimed to lead.", {}, ("kampfrichter.chooses",),
     _when(_chosen, "to_move", lambda a, c: a.to_move.other.code), ("kampfrichter.chooses",)),
    ("to_move.kampfrichter_player", "After a neutralised trick the wrong player is claimed to choose.", {}, ("kampfrichter.neutralises",),
     _when(_neutralised, "to_move", lambda a, c: a.to_move.other.code), ("kampfrichter.chooses", "kampfrichter.neutralises")),
    ("to_move.answerer", "After a lead the leader is claimed to move again.", {}, (),
     _when(_lead, "to_move", lambda a, c: a.to_move.other.code), ("schwung.answer",)),
    ("pile_size.lead_draw", "The leader is claimed not to draw.", {}, (),
     _when(_drawn_on_lead, "pile_size", lambda a, c: a.pile_size + 1), ("schwung.lead_draw",)),
    ("pile_size.answer_draw", "The answerer is claimed not to draw.", {}, (),
     _when(_answered_with_draw, "pile_size", lambda a, c: a.pile_size + 1), ("schwung.answer_draw",)),
    ("pile_size.locked", "After the Angriff the leader is claimed to draw.", {}, ("angriff",),
     _when(_locked_lead, "pile_size", lambda a, c: a.pile_size - 1), ("angriff.locks_pile",)),
    ("pile_size.stier_on_pile", "The Angriff is claimed to empty the pile instead of locking it.", {}, ("angriff",),
     _when(_angriff_step, "pile_size", lambda a, c: 0), ("angriff.stier_on_pile", "angriff.locks_pile")),
    ("hand_sizes.lead_draw", "The leader's hand is claimed one card short after leading and drawing.", {}, (),
     _when(_drawn_on_lead, "hand_sizes", _hands_with(lambda a: (a.to_move.other, -1))), ("schwung.lead_draw",)),
    ("hand_sizes.locked", "After the Angriff the leader's hand is claimed refilled.", {}, ("angriff",),
     _when(_locked_lead, "hand_sizes", _hands_with(lambda a: (a.to_move.other, 1))), ("angriff.locks_pile", "angriff.play_out")),
    ("is_over.early", "The Gang is claimed over one action before its end.", {}, ("no_angriff",),
     _when(lambda b, a: not a.is_over and a.phase is Phase.ANSWER and not a.hands[a.to_move.other] and a.hands[a.to_move].bit_count() == 1
           and a.pile_size == 0, "is_over", lambda a, c: True), ("gang.end_no_angriff",)),
    ("is_over.late", "The Gang is claimed not over after its last Schwung.", {}, ("angriff",),
     _when(_last, "is_over", lambda a, c: False), ("gang.end_angriff",)),
)


_OUTCOME_SWAP = {
    "plattwurf_eigener_angriff": "plattwurf_gegnerischer_angriff",
    "plattwurf_gegnerischer_angriff": "plattwurf_eigener_angriff",
    "sieg_mit_angriff": "sieg_ohne_angriff",
    "sieg_ohne_angriff": "sieg_mit_angriff",
    "gestellter": "sieg_ohne_angriff",
}

# (topic, description, features of the base game, field of the end claims, wrong value from the reference end claims, clauses)
_WRONG_END: tuple[tuple[str, str, tuple[str, ...], str, Callable[[dict[str, Any]], Any], tuple[str, ...]], ...] = (
    *(
        (f"end.outcome.{outcome}", f"The outcome {outcome} is claimed as {wrong}.", (outcome,), "outcome",
         (lambda e, w=wrong: w), ("gang.more_tricks_wins", "plattwurf.definition"))
        for outcome, wrong in _OUTCOME_SWAP.items()
    ),
    ("end.tricks", "The final tricks are claimed swapped.", ("sieg_ohne_angriff",), "tricks", lambda e: e["tricks"][::-1],
     ("gang.tricks_decide",)),
    ("end.schwuenge", "One Schwung too many is claimed after an Angriff.", ("angriff",), "schwuenge", lambda e: e["schwuenge"] + 1,
     ("angriff.play_out", "gang.end_angriff")),
    ("end.winner_of_plattwurf", "The Plattwurf is won, but the other player is claimed the winner.", ("plattwurf_eigener_angriff",),
     "winner", lambda e: "P1" if e["winner"] == "P0" else "P0", ("plattwurf.definition",)),
    ("end.winner_of_gestellter", "A Gestellter is claimed won by a player.", ("gestellter",), "winner", lambda e: "P0",
     ("gang.more_tricks_wins",)),
    ("end.plattwurf_missed", "A Plattwurf is not claimed.", ("plattwurf_gegnerischer_angriff",), "plattwurf", lambda e: None,
     ("plattwurf.definition",)),
    ("end.plattwurf_invented", "A Plattwurf is claimed where the winner lost a Schwung after the Angriff.", ("sieg_mit_angriff",),
     "plattwurf", lambda e: e["winner"], ("plattwurf.after_angriff", "plattwurf.definition")),
    ("end.angriff_when", "The Angriff is claimed one Schwung later than it was started.", ("angriff_after_2",), "angriff",
     lambda e: {"player": e["angriff"]["player"], "after_schwung": 3}, ("angriff.who",)),
    ("end.angriff_forgotten", "No Angriff is claimed after an Angriff.", ("angriff",), "angriff", lambda e: None, ("angriff.who",)),
    # values only a rule forbids: the schema checks shape, the replay judges them
    ("end.angriff_after_sixth", "The Angriff is claimed after the sixth Schwung, when the pile is used up.", ("angriff",),
     "angriff", lambda e: {"player": e["angriff"]["player"], "after_schwung": 6}, ("angriff.not_empty_pile",)),
    ("end.tricks_twelve", "Twelve tricks are claimed in a Gang of eleven Schwünge.", ("sieg_ohne_angriff",), "tricks",
     lambda e: [12, 0], ("gang.tricks_decide",)),
)


def _claim_changes(mutate: Any) -> Callable[[list[GangState]], list[tuple[int, Any]]]:
    """The (step, change) places where ``mutate`` can falsify a claim; step -1 is the claims at the start."""

    def changes(states: list[GangState]) -> list[tuple[int, Any]]:
        spots = []
        for i, after in enumerate(states):
            before = states[i - 1] if i > 0 else None
            change = mutate(before, after, state_claims(after))
            if change is not None:
                spots.append((i - 1, change))
        return spots

    return changes


def wrong_claim_vectors() -> list[dict[str, Any]]:
    """The ``gang.wrong_claim`` group: legal Gänge with exactly one wrong claim about the state."""
    out = []
    for n, (topic, description, switches, wanted, mutate, clauses) in enumerate(_WRONG_STEP):
        rules = vector_rules(**switches)
        found, _states, spots = search_spots(wanted, rules, 2000 + 41 * n, _claim_changes(mutate))
        step, (field, claimed) = spots[len(spots) // 2]
        vid = f"gang.wrong_claim.{topic}.001"
        trace = full_trace(found, vid)
        claims = trace["gaenge"][0]["claims"]
        target = claims["start"] if step < 0 else claims["steps"][step]
        reference = target[field]
        target[field] = claimed
        pointer = "/gaenge/0/claims/start" if step < 0 else f"/gaenge/0/claims/steps/{step}"
        expected = {"verdict": "wrong_claim", "gang": 0, "step": None if step < 0 else step, "field": field,
                    "claimed": claimed, "reference": reference}
        out.append(make_vector(vid, description, [*clauses, *clauses_of(found.features)], trace, expected,
                           defect={"pointer": f"{pointer}/{field}", "reference": reference}))
    for n, (topic, description, wanted, field, wrong, clauses) in enumerate(_WRONG_END):
        found = search_gang(has_features(*wanted), start=3000 + 43 * n)
        vid = f"gang.wrong_claim.{topic}.001"
        trace = full_trace(found, vid)
        end = trace["gaenge"][0]["claims"]["end"]
        reference = end[field]
        end[field] = wrong(dict(end))
        expected = {"verdict": "wrong_claim", "gang": 0, "step": None, "field": field, "claimed": end[field], "reference": reference}
        out.append(make_vector(vid, description, [*clauses, *clauses_of(found.features)], trace, expected,
                           defect={"pointer": f"/gaenge/0/claims/end/{field}", "reference": reference}))
    return out


# -- malformed documents


def _set(path: Sequence[str | int], value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _delete(path: Sequence[str | int]) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


def _swap_hand_and_pile(doc: dict[str, Any]) -> None:
    deal = doc["gaenge"][0]["deal"]
    deal["pile"][0] = deal["hands"][0][0]


def _duplicate_in_hands(doc: dict[str, Any]) -> None:
    deal = doc["gaenge"][0]["deal"]
    deal["hands"][1][0] = deal["hands"][0][0]


def _truncate(keep: int) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        gang = doc["gaenge"][0]
        gang["actions"] = gang["actions"][:keep]
        gang.pop("claims", None)
    return mutate


def _two_gaenge(doc: dict[str, Any]) -> None:
    doc["gaenge"].append(copy.deepcopy(doc["gaenge"][0]))


def _too_many_step_claims(doc: dict[str, Any]) -> None:
    gang = doc["gaenge"][0]
    gang["claims"] = {"steps": [None] * (len(gang["actions"]) + 1)}


def _wrong_seed(doc: dict[str, Any]) -> None:
    doc["gaenge"][0]["seed"] += 1


_G = ("gaenge", 0)

# (topic, description, mutation of a valid trace without claims, expected verdict fields beyond "malformed", clauses)
_MALFORMED: tuple[tuple[str, str, Callable[[dict[str, Any]], None], dict[str, Any], tuple[str, ...]], ...] = (
    ("schema.format", "The format field names another format.", _set(("format",), "chess-pgn"), {"where": "/format", "rule": "const"}, ()),
    ("schema.version", "The version is 3, which this suite does not know.", _set(("version",), 3), {"where": "/version", "rule": "enum"}, ()),
    ("schema.kind", "The kind is unknown.", _set(("kind",), "tournament"), {"where": "/kind", "rule": "enum"}, ()),
    ("schema.missing_gaenge", "The gaenge field is missing.", _delete(("gaenge",)), {"where": "", "rule": "required"}, ()),
    ("schema.unknown_field", "The document has a field the format does not define.", _set(("extra",), 1),
     {"where": "", "rule": "additionalProperties"}, ()),
    ("schema.empty_gaenge", "The gaenge list is empty.", _set(("gaenge",), []), {"where": "/gaenge", "rule": "minItems"}, ()),
    ("schema.missing_starter", "A Gang has no starter.", _delete((*_G, "starter")), {"where": "/gaenge/0", "rule": "required"}, ()),
    ("schema.starter", "The starter is P2.", _set((*_G, "starter"), "P2"), {"where": "/gaenge/0/starter", "rule": "enum"}, ("setup.two_players",)),
    ("schema.hand_of_four", "A hand holds four cards.", lambda d: d["gaenge"][0]["deal"]["hands"][0].pop(),
     {"where": "/gaenge/0/deal/hands/0", "rule": "minItems"}, ("deal.hands",)),
    ("schema.pile_of_eleven", "The pile holds eleven cards.", lambda d: d["gaenge"][0]["deal"]["pile"].pop(),
     {"where": "/gaenge/0/deal/pile", "rule": "minItems"}, ("deal.pile",)),
    ("schema.face_down_of_four", "Four cards lie face down besides the revealed one.",
     lambda d: d["gaenge"][0]["deal"]["face_down"].append("R1"), {"where": "/gaenge/0/deal/face_down", "rule": "maxItems"}, ("deal.set_aside",)),
    ("schema.unknown_card", "A card code that names no card (Z9).", _set((*_G, "deal", "revealed"), "Z9"),
     {"where": "/gaenge/0/deal/revealed", "rule": "pattern"}, ("cards.schwungkarten",)),
    ("schema.card_value_seven", "A card of value 7.", _set((*_G, "deal", "revealed"), "G7"),
     {"where": "/gaenge/0/deal/revealed", "rule": "pattern"}, ("cards.schwungkarten",)),
    ("schema.lowercase_card", "A card code in lower case.", _set((*_G, "deal", "revealed"), "g3"),
     {"where": "/gaenge/0/deal/revealed", "rule": "pattern"}, ()),
    ("schema.unknown_action", "An action code that names no action.", _set((*_G, "actions", 0), "X"),
     {"where": "/gaenge/0/actions/0", "rule": "pattern"}, ("gang.turn",)),
    ("schema.action_type", "An action given as a number.", _set((*_G, "actions", 0), 7), {"where": "/gaenge/0/actions/0", "rule": "type"}, ()),
    ("schema.seed_negative", "A negative seed.", _set((*_G, "seed"), -1), {"where": "/gaenge/0/seed", "rule": "minimum"}, ()),
    ("schema.claim_tricks_three", "A tricks claim with three numbers.", _set((*_G, "claims"), {"start": {"tricks": [0, 0, 0]}}),
     {"where": "/gaenge/0/claims/start/tricks", "rule": "maxItems"}, ()),
    ("schema.claim_pile_negative", "A negative pile size is claimed.", _set((*_G, "claims"), {"start": {"pile_size": -1}}),
     {"where": "/gaenge/0/claims/start/pile_size", "rule": "minimum"}, ()),
    ("schema.claim_unknown_field", "A claim field the format does not define.", _set((*_G, "claims"), {"start": {"score": 1}}),
     {"where": "/gaenge/0/claims/start", "rule": "additionalProperties"}, ()),
    ("schema.end_outcome", "An end claim names an unknown outcome.", _set((*_G, "claims"), {"end": {"outcome": "knockout"}}),
     {"where": "/gaenge/0/claims/end/outcome", "rule": "enum"}, ()),
    ("rules.unknown_switch", "The rules name a switch this suite does not know.", _set(("rules", "jokers_wild"), True),
     {"where": "/rules/jokers_wild", "rule": "rules"}, ()),
    ("rules.switch_type", "A boolean rules switch given as a string.", _set(("rules", "void_konter_beats_six"), "yes"),
     {"where": "/rules/void_konter_beats_six", "rule": "rules"}, ()),
    ("rules.switch_value", "An enumerated rules switch with an unknown value.", _set(("rules", "draw_tie_starter"), "oldest"),
     {"where": "/rules/draw_tie_starter", "rule": "rules"}, ()),
    ("deal.duplicate_in_hands", "The same card is dealt to both players (and one card is missing).", _duplicate_in_hands,
     {"where": "/gaenge/0/deal", "clause_id": "cards.schwungkarten"}, ("cards.schwungkarten",)),
    ("deal.duplicate_hand_and_pile", "A card of a hand lies in the pile too.", _swap_hand_and_pile,
     {"where": "/gaenge/0/deal", "clause_id": "cards.schwungkarten"}, ("cards.schwungkarten",)),
    ("deal.seed_mismatch", "The seed gives another deal than the one recorded.", _wrong_seed,
     {"where": "/gaenge/0/seed", "clause_id": "deal.shuffle"}, ("deal.shuffle",)),
    ("gaenge.two_for_kind_gang", "A trace of kind gang holds two Gänge.", _two_gaenge, {"where": "/gaenge", "rule": "kind"}, ()),
    ("claims.more_steps_than_actions", "More step claims than actions.", _too_many_step_claims,
     {"where": "/gaenge/0/claims/steps", "rule": "claims"}, ()),
    ("truncated.no_angriff", "The actions stop before the end of a Gang without an Angriff.", _truncate(9),
     {"where": "/gaenge/0/actions", "clause_id": "gang.end_no_angriff"}, ("gang.end_no_angriff",)),
    ("truncated.no_actions", "A Gang without any action.", _truncate(0),
     {"where": "/gaenge/0/actions", "clause_id": "gang.end_no_angriff"}, ("gang.end_no_angriff",)),
)


def malformed_vectors() -> list[dict[str, Any]]:
    """The ``malformed`` group: documents that are not valid traces, one defect each."""
    out = []
    base = search_gang(has_features("no_angriff"), start=4000)
    with_angriff = search_gang(has_features("angriff_after_1"), start=4100)
    specs: list[tuple[str, str, Callable[[dict[str, Any]], None], dict[str, Any], tuple[str, ...], FoundGang]] = [
        (*spec, base) for spec in _MALFORMED
    ]
    specs.append(("truncated.after_angriff", "The actions stop after the Angriff, before the end of the Gang.", _truncate(6),
                  {"where": "/gaenge/0/actions", "clause_id": "gang.end_angriff"}, ("gang.end_angriff",), with_angriff))
    for topic, description, mutate, fields, clauses, found in specs:
        vid = f"malformed.{topic}.001"
        trace = full_trace(found, vid)
        del trace["gaenge"][0]["claims"]
        mutate(trace)
        out.append(make_vector(vid, description, clauses, trace, {"verdict": "malformed", **fields}))
    return out
