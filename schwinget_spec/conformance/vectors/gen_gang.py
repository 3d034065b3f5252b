"""The vector generator's gang.valid, gang.rules and gang.illegal_action groups, with the states of a found Gang and the cards picked from them (the wrong claims use these too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from schwinget_spec.conformance.vectors.gang_search import FoundGang, features_of, has_features, search_gang
from schwinget_spec.conformance.vectors.gen_records import (
    EXPECT_CONFORMS,
    clauses_of,
    full_trace,
    make_vector,
    vector_rules,
)
from schwinget_spec.deal import PILE_SIZE
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import GangState, Phase, cards_of, start_gang
from schwinget_spec.rules import Rules
from schwinget_spec.trace import state_claims
from schwinget_spec.trick import COLOUR_MASK, SPECIAL_MASK, allowed_answers

__all__ = [
    "illegal_vectors",
    "lowest_code",
    "not_allowed_answer",
    "rule_vectors",
    "search_spots",
    "special_while_following",
    "states_of",
    "valid_vectors",
]

# -- valid games and rule readings


_T = TypeVar("_T")

_VALID_TARGETS: tuple[tuple[str, str, dict[str, Any], tuple[str, ...]], ...] = (
    ("outcome.sieg_ohne_angriff", "No Angriff; one player wins on more tricks.", {}, ("sieg_ohne_angriff",)),
    ("outcome.sieg_mit_angriff", "An Angriff without a Plattwurf; the player with more tricks wins.", {}, ("sieg_mit_angriff",)),
    ("outcome.gestellter_mit_angriff", "An Angriff, no Plattwurf and equal tricks: a Gestellter.", {}, ("gestellter", "angriff")),
    ("outcome.plattwurf_eigener_angriff", "The attacker wins all 5 Schwünge after the own Angriff.", {}, ("plattwurf_eigener_angriff",)),
    ("outcome.plattwurf_gegnerischer_angriff", "The attacker's opponent wins all 5 Schwünge after the Angriff.", {},
     ("plattwurf_gegnerischer_angriff",)),
    *(
        (f"angriff.after_{k}", f"The Angriff is started after {k} completed Schwünge; {k + 5} Schwünge in all.", {},
         (f"angriff_after_{k}",))
        for k in range(6)
    ),
    ("deal.no_trump.kampfrichter", "The revealed card is the Kampfrichter: no trump colour.", {}, ("deal.no_trump", "kampfrichter.neutralises")),
    ("deal.no_trump.konter", "The revealed card is the Brienzer-Konter: no trump colour.", {}, ("deal.no_trump", "schwung.farbzwang")),
    ("kampfrichter.led", "The Kampfrichter is led and neutralises the answer; the next winner collects both tricks.", {},
     ("kampfrichter.kr_led", "kampfrichter.collect")),
    ("kampfrichter.answered", "The Kampfrichter answers and neutralises the led card.", {}, ("kampfrichter.kr_answered",)),
    ("kampfrichter.choose_self", "The Kampfrichter's player chooses to lead next.", {}, ("choose_self",)),
    ("kampfrichter.choose_other", "The Kampfrichter's player has the opponent lead next.", {}, ("choose_other",)),
    ("kampfrichter.angriff_pending", "The Angriff is started while a neutralised trick waits in the middle.", {}, ("angriff_with_pending",)),
    ("kampfrichter.last_schwung", "The Kampfrichter in the very last Schwung has no effect: the other player wins.", {},
     ("kampfrichter.last_schwung",)),
    ("konter.last_trick", "Kampfrichter against Brienzer-Konter in the very last Schwung: the Konter wins.", {}, ("konter.last_trick",)),
    ("konter.beats_six", "The Brienzer-Konter meets a 6 and wins.", {}, ("konter.beats_six",)),
    ("konter.loses", "The Brienzer-Konter meets a card other than a 6 and loses.", {}, ("konter.loses",)),
    ("trump.anytime", "A trump answers although the answerer holds the led colour.", {}, ("trump.anytime", "trump.beats")),
    ("schwung.void_loses", "An answer of another colour (not trump) loses the trick.", {}, ("schwung.void_loses", "schwung.void_any")),
)

_SWITCHES: tuple[tuple[str, str, str], ...] = (
    ("special_cards_follow_colour", "special_held_while_following",
     "An answerer holds the led colour and a special card (AMB-SPECIAL-FARBZWANG)"),
    ("void_konter_beats_six", "bk_void_on_six", "A Brienzer-Konter answers a led 6 by a player void in its colour (AMB-KONTER-VOID)"),
    ("konter_beats_trump_six", "bk_vs_trump_six", "The Brienzer-Konter meets a trump 6 (AMB-KONTER-TRUMP-SIX)"),
    ("konter_loses_to_kampfrichter", "kr_vs_bk_before_last",
     "The Kampfrichter meets the Brienzer-Konter before the last Schwung (AMB-KONTER-VS-KR)"),
    ("void_kampfrichter_neutralises", "kr_void_answer",
     "The Kampfrichter answers a coloured lead from a hand void in its colour, before the last Schwung (AMB-KAMPFRICHTER-VOID)"),
)


def valid_vectors() -> list[dict[str, Any]]:
    """The ``gang.valid`` group: conforming Gänge that together exercise every Gang clause."""
    out = []
    for topic, description, switches, wanted in _VALID_TARGETS:
        found = search_gang(has_features(*wanted), vector_rules(**switches))
        vid = f"gang.valid.{topic}.001"
        out.append(make_vector(vid, description, clauses_of(found.features), full_trace(found, vid), EXPECT_CONFORMS))
    for i, seed_start in enumerate((100, 200, 300)):
        found = search_gang(lambda f: True, start=seed_start)
        vid = f"gang.valid.random.{i + 1:03d}"
        out.append(make_vector(vid, "A uniformly random legal Gang.", clauses_of(found.features), full_trace(found, vid), EXPECT_CONFORMS))
    found = search_gang(has_features("sieg_ohne_angriff"), start=400)
    vid = "gang.valid.unseeded.001"
    out.append(make_vector(vid, "A Gang whose deal is given without a seed.", clauses_of(found.features - {"deal.shuffle"}),
                       full_trace(found, vid, seeded=False), EXPECT_CONFORMS))
    return out


def _claims_under(found: FoundGang, rules: Rules) -> list[dict[str, Any]]:
    state = start_gang(found.deal, found.starter, rules)
    out = [state_claims(state)]
    for code in found.actions:
        try:
            state = state.apply(code)
        except IllegalActionError:
            break  # the other reading may refuse a later action; its claims stop there
        out.append(state_claims(state))
    return out


def rule_vectors() -> list[dict[str, Any]]:
    """The ``gang.rules`` group: the readings of each switch that changes a Gang, and a claim of the other reading."""
    out = []
    for switch, situation, description in _SWITCHES:
        games: dict[bool, FoundGang] = {}
        for reading in (True, False):
            rules = vector_rules(**{switch: reading})
            if switch == "special_cards_follow_colour":
                # the situation is reached with the same actions under both readings: find it where fewer answers are legal
                found = games.get(True) or search_gang(has_features(situation), vector_rules(**{switch: True}))
                found = attrs.evolve(found, rules=rules, features=features_of(found.deal, found.starter, found.actions, rules, seeded=True))
            else:
                found = search_gang(has_features(situation), rules)
            games[reading] = found
            vid = f"gang.rules.{switch}.{str(reading).lower()}.001"
            out.append(make_vector(vid, f"{description}; {switch} is {str(reading).lower()}.", clauses_of(found.features),
                               full_trace(found, vid), EXPECT_CONFORMS))
        for reading in (True, False):
            found = games[reading]
            mine = _claims_under(found, found.rules)
            other = _claims_under(found, vector_rules(**{switch: not reading}))
            diff = next(i for i, (a, b) in enumerate(zip(mine, other, strict=False)) if a != b)
            field = next(f for f in ("legal_actions", "tricks", "to_move", "pile_size", "hand_sizes", "is_over")
                         if mine[diff][f] != other[diff][f])
            vid = f"gang.rules.{switch}.{str(reading).lower()}.wrong_reading.001"
            trace = full_trace(found, vid)
            claims = trace["gaenge"][0]["claims"]
            del claims["end"]
            step = diff - 1
            claims["steps"] = claims["steps"][: step + 1]
            claimed = other[diff][field]
            reference = mine[diff][field]
            if step < 0:
                claims["start"] = {field: claimed}
            else:
                claims["steps"][step] = {field: claimed}
            expected = {"verdict": "wrong_claim", "gang": 0, "step": None if step < 0 else step, "field": field,
                        "claimed": claimed, "reference": reference}
            out.append(make_vector(
                vid, f"{description}; {switch} is {str(reading).lower()} but one claim follows the other reading.",
                clauses_of(found.features), trace, expected,
                defect={"pointer": f"/gaenge/0/claims/steps/{step}/{field}" if step >= 0 else f"/gaenge/0/claims/start/{field}",
                 "reference": reference},
            ))
    return out


# -- illegal actions


def states_of(found: FoundGang) -> list[GangState]:
    """The states of a found game: before the first action, then after each one."""
    state = start_gang(found.deal, found.starter, found.rules)
    out = [state]
    for code in found.actions:
        state = state.apply(code)
        out.append(state)
    return out


_StatePick = Callable[[GangState], "str | None"]


def search_spots(
    wanted: Sequence[str], rules: Rules, seed: int, spots_of: Callable[[list[GangState]], list[tuple[int, _T]]]
) -> tuple[FoundGang, list[GangState], list[tuple[int, _T]]]:
    """The first seeded game from ``seed`` on that shows every feature in ``wanted`` and has a spot, with its states and spots.

    ``spots_of`` lists the (step, change) places of a game's states where a vector can plant its defect.
    """
    while True:
        found = search_gang(has_features(*wanted), rules, start=seed)
        states = states_of(found)
        spots = spots_of(states)
        if spots:
            return found, states, spots
        seed = found.seed + 1


def _picked(pick: _StatePick) -> Callable[[list[GangState]], list[tuple[int, str]]]:
    return lambda states: [(i, code) for i, s in enumerate(states) if (code := pick(s)) is not None]


def lowest_code(mask: int) -> str | None:
    """The code of the lowest card in the hand mask ``mask``, or None for an empty mask."""
    cards = cards_of(mask)
    return cards[0].code if cards else None


def not_allowed_answer(s: GangState) -> str | None:
    """An answer the player to move holds but may not play (``schwung.farbzwang``), or None."""
    if s.phase is not Phase.ANSWER or s.led is None:
        return None
    hand = s.hands[s.to_move]
    return lowest_code(hand & ~allowed_answers(hand, s.led, s.trump, s.rules))


def special_while_following(s: GangState) -> str | None:
    """A special card the answerer holds while holding the led colour, or None (AMB-SPECIAL-FARBZWANG)."""
    if s.phase is not Phase.ANSWER or s.led is None or s.led.colour is None:
        return None
    hand = s.hands[s.to_move]
    if not hand & COLOUR_MASK[s.led.colour]:
        return None
    return lowest_code(hand & SPECIAL_MASK)


def _lead_not_held(pool: Callable[[GangState], int]) -> _StatePick:
    return lambda s: lowest_code(pool(s) & ~s.hands[s.to_move]) if s.phase is Phase.LEAD else None


def _in_phase(phase: Phase, code: str | Callable[[GangState], str | None], extra: Callable[[GangState], bool] = lambda s: True) -> _StatePick:
    def pick(s: GangState) -> str | None:
        if s.phase is not phase or not extra(s):
            return None
        return code(s) if callable(code) else code
    return pick


# (topic, description, rules switches, features of the base game, where and what to insert, clause)
_ILLEGAL: tuple[tuple[str, str, dict[str, Any], tuple[str, ...], _StatePick, str], ...] = (
    ("not_in_hand.lead_opponents_card", "The leader leads a card the opponent holds.", {}, (),
     _lead_not_held(lambda s: s.hands[s.to_move.other]), "schwung.lead"),
    ("not_in_hand.lead_face_down", "The leader leads a face-down set-aside card.", {}, (),
     _lead_not_held(lambda s: s.deal.face_down[0].bit), "schwung.lead"),
    ("not_in_hand.lead_revealed", "The leader leads the revealed trump card, which stays out of play.", {}, (),
     _lead_not_held(lambda s: s.deal.revealed.bit), "schwung.lead"),
    ("not_in_hand.lead_next_pile_card", "The leader leads the pile card drawn only after leading.", {}, (),
     lambda s: s.deal.pile[s.pile_drawn].code if s.phase is Phase.LEAD and s.pile_drawn < PILE_SIZE and s.angriff is None else None,
     "schwung.lead"),
    ("not_in_hand.answer_leaders_card", "The answerer plays a card the leader holds.", {}, (),
     _in_phase(Phase.ANSWER, lambda s: lowest_code(s.hands[s.to_move.other])), "schwung.answer"),
    ("not_in_hand.answer_led_card", "The answerer plays the led card lying on the table.", {}, (),
     _in_phase(Phase.ANSWER, lambda s: None if s.led is None else s.led.code), "schwung.answer"),
    ("farbzwang.other_colour", "The answerer holds the led colour and plays another colour, not trump.", {}, (),
     not_allowed_answer, "schwung.farbzwang"),
    ("farbzwang.no_trump", "In a Gang without trump, the answerer holds the led colour and plays another.", {}, ("deal.no_trump",),
     not_allowed_answer, "schwung.farbzwang"),
    ("farbzwang.special_card", "Under special_cards_follow_colour, a special card answers while the led colour is held.",
     {"special_cards_follow_colour": True}, ("special_held_while_following",), special_while_following, "schwung.farbzwang"),
    ("angriff.twice", "A second Angriff in the same Gang.", {}, ("angriff",),
     _in_phase(Phase.LEAD, "A", lambda s: s.angriff is not None and s.angriff.after_schwung < len(s.history)), "angriff.once"),
    ("angriff.twice_at_once", "The Angriff is started twice in a row before the same lead.", {}, ("angriff",),
     _in_phase(Phase.LEAD, "A", lambda s: s.angriff is not None), "angriff.once"),
    ("angriff.empty_pile", "An Angriff once the draw pile is used up.", {}, ("no_angriff",),
     _in_phase(Phase.LEAD, "A", lambda s: s.pile_drawn >= PILE_SIZE), "angriff.not_empty_pile"),
    ("angriff.by_answerer", "The answering player starts the Angriff instead of answering.", {}, (),
     _in_phase(Phase.ANSWER, "A", lambda s: s.angriff is None), "angriff.who"),
    ("angriff.during_choice", "An Angriff while the Kampfrichter's player must choose the next leader.", {}, ("kampfrichter.chooses",),
     _in_phase(Phase.CHOOSE_LEADER, "A"), "kampfrichter.chooses"),
    ("kampfrichter.card_during_choice", "A card is played while the Kampfrichter's player must choose the next leader.", {},
     ("kampfrichter.chooses",), _in_phase(Phase.CHOOSE_LEADER, lambda s: lowest_code(s.hands[s.to_move])), "kampfrichter.chooses"),
    ("kampfrichter.choice_at_lead", "A choice of the next leader where no Kampfrichter trick awaits one, before a lead.", {}, (),
     _in_phase(Phase.LEAD, lambda s: f"L{int(s.to_move)}"), "kampfrichter.chooses"),
    ("kampfrichter.choice_at_answer", "A choice of the next leader instead of an answer.", {}, (),
     _in_phase(Phase.ANSWER, "L0"), "kampfrichter.chooses"),
    ("end.card_after_end", "A card after the end of a Gang without an Angriff.", {}, ("no_angriff",),
     _in_phase(Phase.OVER, "G1"), "gang.end_no_angriff"),
    ("end.angriff_after_end", "An Angriff after the end of a Gang with an Angriff.", {}, ("angriff",),
     _in_phase(Phase.OVER, "A"), "gang.end_angriff"),
    ("end.choice_after_end", "A choice of the next leader after the end of a Gang.", {}, ("no_angriff",),
     _in_phase(Phase.OVER, "L1"), "gang.end_no_angriff"),
)


def illegal_vectors() -> list[dict[str, Any]]:
    """The ``gang.illegal_action`` group: legal Gänge with one illegal action inserted, each naming its clause."""
    out = []
    for n, (topic, description, switches, wanted, pick, clause) in enumerate(_ILLEGAL):
        rules = vector_rules(**switches)

        found, states, spots = search_spots(wanted, rules, 500 + 37 * n, _picked(pick))
        index, bad = spots[len(spots) // 2]
        refusal = states[index].why_illegal(bad)
        if refusal is None or refusal.clause_id != clause:
            raise AssertionError(f"{topic}: {bad} at step {index} is refused with {refusal!r}, not by {clause}")
        vid = f"gang.illegal_action.{topic}.001"
        trace = full_trace(found, vid)
        gang = trace["gaenge"][0]
        gang["actions"].insert(index, bad)
        steps = gang["claims"]["steps"]
        if index <= len(steps):
            steps.insert(index, None)
        expected = {"verdict": "illegal_action", "gang": 0, "step": index, "action": bad, "clause_id": clause}
        out.append(make_vector(
            vid, description, [clause, *clauses_of(found.features)], trace, expected,
            defect={"inserted_action": f"/gaenge/0/actions/{index}"},
        ))
    return out
