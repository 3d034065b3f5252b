"""The conformance test vectors: the generator (searching seeded play for each situation), perft counts, the loader and the runner."""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.cards import Card
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.verify import Verdict, rules_from_json, verify_trace
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import GangState, Phase, cards_of, start_gang
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
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trace import (
    gang_record,
    gang_trace,
    match_trace,
    rules_to_json,
    schwingfest_trace,
    state_claims,
)
from schwinget_spec.trick import COLOUR_MASK, SPECIAL_MASK, allowed_answers

__all__ = [
    "GANG_CLAUSE_PREFIXES",
    "SUITE_VERSION",
    "UNTRACEABLE_CLAUSES",
    "VECTOR_FORMAT",
    "FoundGang",
    "Suite",
    "Vector",
    "VectorResult",
    "check_vector",
    "dumps",
    "features_of",
    "gang_clause_ids",
    "generate_files",
    "load_vectors",
    "main",
    "perft",
    "perft_complete",
    "perft_divide",
    "run_vectors",
    "search_gang",
    "shipped_directory",
    "write_vectors",
]

SUITE_VERSION = 1
"""The version of the vector suite; a vector's meaning never changes within a version."""
VECTOR_FORMAT = "schwinget-vectors"
"""The value of a vector file's ``format`` field."""
GANG_CLAUSE_PREFIXES = (
    "angriff.", "cards.", "deal.", "gang.", "kampfrichter.", "konter.", "plattwurf.", "schwung.", "trick.", "trump.",
)
"""Clause ids with these prefixes concern one Gang; the suite exercises each of them."""
UNTRACEABLE_CLAUSES: Mapping[str, str] = {
    "deal.hand_private": "a trace records both hands openly; what a player may see is not observable in a trace",
}
"""Gang clauses no trace can exercise, each with the reason."""

_SEARCH_LIMIT = 6000
_LINE_WIDTH = 160
_FIRST_KEYS = ("format", "suite_version", "group", "id", "kind", "description", "clauses")


# -- deterministic JSON


def _key_order(key: str) -> tuple[int, str]:
    return (_FIRST_KEYS.index(key), "") if key in _FIRST_KEYS else (len(_FIRST_KEYS), key)


def _fmt(value: Any, level: int) -> str:
    compact = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))
    if not isinstance(value, (dict, list)) or not value or len(compact) + 2 * level <= _LINE_WIDTH:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{json.dumps(k)}: {_fmt(value[k], level)}" for k in sorted(value, key=_key_order)) + "}"
        return compact
    pad = "  " * (level + 1)
    if isinstance(value, list):
        inner = ",\n".join(pad + _fmt(item, level + 1) for item in value)
        return "[\n" + inner + "\n" + "  " * level + "]"
    keys = sorted(value, key=_key_order)
    inner = ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: {_fmt(value[k], level + 1)}" for k in keys)
    return "{\n" + inner + "\n" + "  " * level + "}"


def dumps(value: Any) -> str:
    """``value`` as the suite writes JSON: two-space indent, short values on one line, keys sorted (ids first), a final newline."""
    return _fmt(value, 0) + "\n"


# -- what a game shows


def _answer_features(state: GangState, card: Card, after: GangState) -> set[str]:
    out = {"schwung.answer"}
    led = state.led
    assert led is not None
    hand = state.hands[state.to_move]
    trump = state.trump
    allowed = allowed_answers(hand, led, trump, state.rules)
    colour = led.colour
    if allowed != hand:
        out.add("schwung.farbzwang")
    if colour is not None and not hand & COLOUR_MASK[colour]:
        out.add("schwung.void_any")
    if colour is not None and hand & COLOUR_MASK[colour] and hand & SPECIAL_MASK:
        out.add("special_held_while_following")
    if trump is not None and card.colour is trump and colour is not None and colour is not trump and hand & COLOUR_MASK[colour]:
        out.add("trump.anytime")
    if state.angriff is None and state.pile_drawn < PILE_SIZE:
        out.add("schwung.answer_draw")
    record = after.history[-1]
    last = after.is_over
    out.add(record.clause_id)
    if card.is_special or led.is_special:
        out.add("cards.special")
    if record.winner is None:
        out.add("kampfrichter.kr_led" if led is Card.KR else "kampfrichter.kr_answered")
    else:
        out.add("trick.winner_takes")
        if not last:
            out.add("trick.winner_leads")
    if record.tricks == 2:
        out.add("kampfrichter.collect")
    pair = {led, card}
    if pair == {Card.KR, Card.BK} and not last:
        out.add("kr_vs_bk_before_last")
    if Card.BK in pair:
        other = card if led is Card.BK else led
        if other.is_brienzer_schwung:
            out.add("bk_vs_six")
            if trump is not None and other.colour is trump:
                out.add("bk_vs_trump_six")
            if card is Card.BK and colour is not None and not hand & COLOUR_MASK[colour]:
                out.add("bk_void_on_six")
    return out


def features_of(deal: Deal, starter: Player, actions: Sequence[str], rules: Rules, *, seeded: bool = False) -> frozenset[str]:
    """The clause ids a legal game exercises, and the named situations it shows (e.g. ``bk_void_on_six``).

    ``seeded``: the trace carries the seed its deal came from (``deal.shuffle``).
    """
    out = {"cards.schwungkarten", "deal.hands", "deal.set_aside", "deal.pile", "gang.turn", "gang.tricks_decide"}
    if seeded:
        out.add("deal.shuffle")
    out.add("deal.trump" if deal.revealed.colour is not None else "deal.no_trump")
    state = start_gang(deal, starter, rules)
    for code in actions:
        action = parse_action(code)
        after = state.apply(action)
        if state.phase is Phase.LEAD:
            if state.angriff is not None:
                out.add("angriff.once")
            elif state.pile_drawn >= PILE_SIZE:
                out.add("angriff.not_empty_pile")
        if isinstance(action, StartAngriff):
            out.update(("angriff.who", "angriff.stier_on_pile", "angriff.locks_pile", "angriff.play_out"))
            out.add(f"angriff_after_{len(state.history)}")
            if state.pending is not None:
                out.add("angriff_with_pending")
        elif isinstance(action, ChooseLeader):
            out.add("kampfrichter.chooses")
            out.add("choose_self" if action.player == state.to_move else "choose_other")
        elif state.phase is Phase.LEAD:
            out.add("schwung.lead")
            if state.angriff is None and state.pile_drawn < PILE_SIZE:
                out.add("schwung.lead_draw")
        else:
            assert isinstance(action, PlayCard)
            out |= _answer_features(state, action.card, after)
        state = after
    result = state.result
    out.add(result.outcome.value)
    out.add("gang.end_angriff" if result.angriff is not None else "gang.end_no_angriff")
    out.add("angriff" if result.angriff is not None else "no_angriff")
    if result.angriff is not None:
        out.update(("plattwurf.after_angriff", "plattwurf.definition"))
    if not result.outcome.is_plattwurf:
        out.add("gang.more_tricks_wins")
    return frozenset(out)


def gang_clause_ids() -> tuple[str, ...]:
    """Every clause id of the registry that concerns one Gang (see ``GANG_CLAUSE_PREFIXES``)."""
    return tuple(c for c in CLAUSES if c.startswith(GANG_CLAUSE_PREFIXES))


# -- searching seeded play


@attrs.frozen
class FoundGang:
    """A game found by ``search_gang``: its seed, starter, rules, actions and what it shows."""

    seed: int
    starter: Player
    rules: Rules
    actions: tuple[str, ...]
    features: frozenset[str]

    @property
    def deal(self) -> Deal:
        """The deal of the seed."""
        return Deal.shuffled(self.seed)

    def final_state(self) -> GangState:
        """The finished Gang."""
        state = start_gang(self.deal, self.starter, self.rules)
        for code in self.actions:
            state = state.apply(code)
        return state


_POLICIES: tuple[tuple[int, int], ...] = ((1, 1), (8, 1), (1, 0), (1, 8))
"""(weight of the Angriff, weight of a special card) against 1 for any other action: uniform, eager to attack, holding the special cards, eager to play them."""


def _playout(seed: int, policy: int, rules: Rules) -> tuple[Player, tuple[str, ...]]:
    starter = Player(seed % 2)
    state = start_gang(Deal.shuffled(seed), starter, rules)
    rng = SplitMix64.seeded((seed * 4 + policy) & ((1 << 64) - 1)).next()[1]
    w_angriff, w_special = _POLICIES[policy]
    codes: list[str] = []
    while not state.is_over:
        legal = state.legal_actions()
        weights = [
            w_angriff if isinstance(a, StartAngriff)
            else (w_special if isinstance(a, PlayCard) and a.card.is_special else 1)
            for a in legal
        ]
        total = sum(weights)
        if total == 0:
            weights = [1] * len(legal)
            total = len(legal)
        pick, rng = rng.below(total)
        index = 0
        while pick >= weights[index]:
            pick -= weights[index]
            index += 1
        codes.append(legal[index].code)
        state = state.apply(legal[index])
    return starter, tuple(codes)


def search_gang(
    want: Callable[[frozenset[str]], bool], rules: Rules | None = None, *, start: int = 0, limit: int = _SEARCH_LIMIT
) -> FoundGang:
    """The first seeded game (seeds ``start`` upward, each under every play policy) whose features satisfy ``want``.

    Deterministic: the deal is ``Deal.shuffled(seed)``, the starter ``P{seed % 2}``, the
    play a weighted random choice driven by SplitMix64. Raises LookupError if no seed
    below ``start + limit`` gives one.
    """
    rules = Rules() if rules is None else rules
    for seed in range(start, start + limit):
        for policy in range(len(_POLICIES)):
            starter, actions = _playout(seed, policy, rules)
            features = features_of(Deal.shuffled(seed), starter, actions, rules, seeded=True)
            if want(features):
                return FoundGang(seed, starter, rules, actions, features)
    raise LookupError(f"no seed from {start} to {start + limit - 1} gives the wanted game ({want!r})")


@attrs.frozen
class _Has:
    names: tuple[str, ...]

    def __call__(self, features: frozenset[str]) -> bool:
        return all(n in features for n in self.names)


def _has(*names: str) -> Callable[[frozenset[str]], bool]:
    return _Has(names)


# -- perft


def _perft_key(state: GangState) -> tuple[Any, ...]:
    # Everything the legal actions of this state and of every later one depend on;
    # tricks, history and the pending trick do not restrict any action.
    return (state.hands, state.pile_drawn, state.phase, state.to_move, state.led, state.angriff is not None)


def perft(state: GangState, depth: int) -> int:
    """The number of distinct legal action sequences of exactly ``depth`` actions from ``state``.

    A sequence that ends the Gang before ``depth`` actions is not counted; ``perft(state, 0)`` is 1.
    """
    memo: dict[tuple[Any, ...], int] = {}

    def count(s: GangState, d: int) -> int:
        if d == 0:
            return 1
        key = (*_perft_key(s), d)
        hit = memo.get(key)
        if hit is not None:
            return hit
        total = sum(count(s.apply(a), d - 1) for a in s.legal_actions())
        memo[key] = total
        return total

    return count(state, depth)


def perft_divide(state: GangState, depth: int) -> dict[str, int]:
    """``perft`` of each legal action's successor at ``depth - 1``, by action code (python-chess calls this "divide")."""
    return {a.code: perft(state.apply(a), depth - 1) for a in state.legal_actions()}


def perft_complete(state: GangState) -> int:
    """The number of distinct legal action sequences from ``state`` to the end of the Gang."""
    memo: dict[tuple[Any, ...], int] = {}

    def count(s: GangState) -> int:
        if s.is_over:
            return 1
        key = _perft_key(s)
        hit = memo.get(key)
        if hit is not None:
            return hit
        total = sum(count(s.apply(a)) for a in s.legal_actions())
        memo[key] = total
        return total

    return count(state)


# -- building vectors


def _rules(**switches: Any) -> Rules:
    return Rules(**switches)


def _full_trace(found: FoundGang, trace_id: str, *, seeded: bool = True) -> dict[str, Any]:
    trace = gang_trace(found.final_state(), trace_id=trace_id)
    if seeded:
        trace["gaenge"][0]["seed"] = found.seed
    return trace


def _vector(
    vid: str, description: str, clauses: Iterable[str], trace: Mapping[str, Any], expected: Mapping[str, Any],
    *, defect: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    unknown = sorted(set(clauses) - set(CLAUSES))
    if unknown:
        raise ValueError(f"vector {vid} names unknown clause ids {unknown}")
    rules = trace.get("rules", {}) if isinstance(trace, Mapping) else {}
    out: dict[str, Any] = {
        "id": vid,
        "kind": "trace",
        "description": description,
        "clauses": sorted(set(clauses)),
        "rules": dict(rules) if isinstance(rules, Mapping) else {},
        "input": trace,
        "expected": dict(expected),
    }
    if defect is not None:
        out["defect"] = dict(defect)
    return out


def _clauses_of(features: Iterable[str]) -> list[str]:
    clauses = {f for f in features if f in CLAUSES}
    if "angriff.who" in clauses:
        # the Angriff is made with the player's own Angriff card
        clauses.add("setup.angriffskarte")
    return sorted(clauses)


_CONFORMS = {"verdict": "conforms"}

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
)


def _valid_vectors() -> list[dict[str, Any]]:
    out = []
    for topic, description, switches, wanted in _VALID_TARGETS:
        found = search_gang(_has(*wanted), _rules(**switches))
        vid = f"gang.valid.{topic}.001"
        out.append(_vector(vid, description, _clauses_of(found.features), _full_trace(found, vid), _CONFORMS))
    for i, seed_start in enumerate((100, 200, 300)):
        found = search_gang(lambda f: True, start=seed_start)
        vid = f"gang.valid.random.{i + 1:03d}"
        out.append(_vector(vid, "A uniformly random legal Gang.", _clauses_of(found.features), _full_trace(found, vid), _CONFORMS))
    found = search_gang(_has("sieg_ohne_angriff"), start=400)
    vid = "gang.valid.unseeded.001"
    out.append(_vector(vid, "A Gang whose deal is given without a seed.", _clauses_of(found.features - {"deal.shuffle"}),
                       _full_trace(found, vid, seeded=False), _CONFORMS))
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


def _rule_vectors() -> list[dict[str, Any]]:
    out = []
    for switch, situation, description in _SWITCHES:
        games: dict[bool, FoundGang] = {}
        for reading in (True, False):
            rules = _rules(**{switch: reading})
            if switch == "special_cards_follow_colour":
                # the situation is reached with the same actions under both readings: find it where fewer answers are legal
                found = games.get(True) or search_gang(_has(situation), _rules(**{switch: True}))
                found = attrs.evolve(found, rules=rules, features=features_of(found.deal, found.starter, found.actions, rules, seeded=True))
            else:
                found = search_gang(_has(situation), rules)
            games[reading] = found
            vid = f"gang.rules.{switch}.{str(reading).lower()}.001"
            out.append(_vector(vid, f"{description}; {switch} is {str(reading).lower()}.", _clauses_of(found.features),
                               _full_trace(found, vid), _CONFORMS))
        for reading in (True, False):
            found = games[reading]
            mine = _claims_under(found, found.rules)
            other = _claims_under(found, _rules(**{switch: not reading}))
            diff = next(i for i, (a, b) in enumerate(zip(mine, other, strict=False)) if a != b)
            field = next(f for f in ("legal_actions", "tricks", "to_move", "pile_size", "hand_sizes", "is_over")
                         if mine[diff][f] != other[diff][f])
            vid = f"gang.rules.{switch}.{str(reading).lower()}.wrong_reading.001"
            trace = _full_trace(found, vid)
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
            out.append(_vector(
                vid, f"{description}; {switch} is {str(reading).lower()} but one claim follows the other reading.",
                _clauses_of(found.features), trace, expected,
                defect={"pointer": f"/gaenge/0/claims/steps/{step}/{field}" if step >= 0 else f"/gaenge/0/claims/start/{field}",
                 "reference": reference},
            ))
    return out


def _states(found: FoundGang) -> list[GangState]:
    """The states of a found game: before the first action, then after each one."""
    state = start_gang(found.deal, found.starter, found.rules)
    out = [state]
    for code in found.actions:
        state = state.apply(code)
        out.append(state)
    return out


_StatePick = Callable[[GangState], "str | None"]


def _lowest(mask: int) -> str | None:
    cards = cards_of(mask)
    return cards[0].code if cards else None


def _not_allowed(s: GangState) -> str | None:
    if s.phase is not Phase.ANSWER or s.led is None:
        return None
    hand = s.hands[s.to_move]
    return _lowest(hand & ~allowed_answers(hand, s.led, s.trump, s.rules))


def _special_while_following(s: GangState) -> str | None:
    if s.phase is not Phase.ANSWER or s.led is None or s.led.colour is None:
        return None
    hand = s.hands[s.to_move]
    if not hand & COLOUR_MASK[s.led.colour]:
        return None
    return _lowest(hand & SPECIAL_MASK)


def _lead_not_held(pool: Callable[[GangState], int]) -> _StatePick:
    return lambda s: _lowest(pool(s) & ~s.hands[s.to_move]) if s.phase is Phase.LEAD else None


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
     _in_phase(Phase.ANSWER, lambda s: _lowest(s.hands[s.to_move.other])), "schwung.answer"),
    ("not_in_hand.answer_led_card", "The answerer plays the led card lying on the table.", {}, (),
     _in_phase(Phase.ANSWER, lambda s: None if s.led is None else s.led.code), "schwung.answer"),
    ("farbzwang.other_colour", "The answerer holds the led colour and plays another colour, not trump.", {}, (),
     _not_allowed, "schwung.farbzwang"),
    ("farbzwang.no_trump", "In a Gang without trump, the answerer holds the led colour and plays another.", {}, ("deal.no_trump",),
     _not_allowed, "schwung.farbzwang"),
    ("farbzwang.special_card", "Under special_cards_follow_colour, a special card answers while the led colour is held.",
     {"special_cards_follow_colour": True}, ("special_held_while_following",), _special_while_following, "schwung.farbzwang"),
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
     ("kampfrichter.chooses",), _in_phase(Phase.CHOOSE_LEADER, lambda s: _lowest(s.hands[s.to_move])), "kampfrichter.chooses"),
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


def _illegal_vectors() -> list[dict[str, Any]]:
    out = []
    for n, (topic, description, switches, wanted, pick, clause) in enumerate(_ILLEGAL):
        rules = _rules(**switches)

        seed = 500 + 37 * n
        while True:
            found = search_gang(_has(*wanted), rules, start=seed)
            states = _states(found)
            spots = [(i, code) for i, s in enumerate(states) if (code := pick(s)) is not None]
            if spots:
                break
            seed = found.seed + 1
        index, bad = spots[len(spots) // 2]
        refusal = states[index].why_illegal(bad)
        if refusal is None or refusal.clause_id != clause:
            raise AssertionError(f"{topic}: {bad} at step {index} is refused with {refusal!r}, not by {clause}")
        vid = f"gang.illegal_action.{topic}.001"
        trace = _full_trace(found, vid)
        gang = trace["gaenge"][0]
        gang["actions"].insert(index, bad)
        steps = gang["claims"]["steps"]
        if index <= len(steps):
            steps.insert(index, None)
        expected = {"verdict": "illegal_action", "gang": 0, "step": index, "action": bad, "clause_id": clause}
        out.append(_vector(
            vid, description, [clause, *_clauses_of(found.features)], trace, expected,
            defect={"inserted_action": f"/gaenge/0/actions/{index}"},
        ))
    return out


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
    return _lowest(hand & COLOUR_MASK[s.trump]) if hand & COLOUR_MASK[s.led.colour] else None


def _void_discard(s: GangState) -> str | None:
    if s.phase is not Phase.ANSWER or s.led is None or s.led.colour is None:
        return None
    hand = s.hands[s.to_move]
    if hand & COLOUR_MASK[s.led.colour]:
        return None
    trump = COLOUR_MASK[s.trump] if s.trump is not None else 0
    return _lowest(hand & ~trump & ~SPECIAL_MASK)


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
     _legal_plus(_not_allowed), ("schwung.farbzwang",)),
    ("legal_actions.forgets_trump", "A trump is not offered although it may always answer.", {}, ("trump.anytime",),
     _legal_minus(_trump_instead), ("trump.anytime",)),
    ("legal_actions.forgets_void_answer", "A void answerer is not offered a card of a third colour.", {}, ("schwung.void_any",),
     _legal_minus(_void_discard), ("schwung.void_any",)),
    ("legal_actions.forgets_special_answer", "A special card is not offered as an answer while the led colour is held.", {},
     ("special_held_while_following",), _legal_minus(_special_while_following), ("cards.special", "schwung.farbzwang")),
    ("legal_actions.offers_special_when_following", "Under special_cards_follow_colour, a special card is offered while the led colour is held.",
     {"special_cards_follow_colour": True}, ("special_held_while_following",), _legal_plus(_special_while_following),
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
     _legal_plus(lambda s: _lowest(s.hands[s.to_move]) if s.phase is Phase.CHOOSE_LEADER else None), ("kampfrichter.chooses",)),
    ("legal_actions.forgets_lead_card", "A card of the leader's hand is not offered as a lead.", {}, (),
     _legal_minus(lambda s: _lowest(s.hands[s.to_move]) if s.phase is Phase.LEAD and s.step > 0 else None), ("schwung.lead",)),
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
)


def _wrong_claim_vectors() -> list[dict[str, Any]]:
    out = []
    for n, (topic, description, switches, wanted, mutate, clauses) in enumerate(_WRONG_STEP):
        rules = _rules(**switches)
        seed = 2000 + 41 * n
        while True:
            found = search_gang(_has(*wanted), rules, start=seed)
            states = _states(found)
            spots = []
            for i, after in enumerate(states):
                before = states[i - 1] if i > 0 else None
                change = mutate(before, after, state_claims(after))
                if change is not None:
                    spots.append((i - 1, change))
            if spots:
                break
            seed = found.seed + 1
        step, (field, claimed) = spots[len(spots) // 2]
        vid = f"gang.wrong_claim.{topic}.001"
        trace = _full_trace(found, vid)
        claims = trace["gaenge"][0]["claims"]
        target = claims["start"] if step < 0 else claims["steps"][step]
        reference = target[field]
        target[field] = claimed
        pointer = "/gaenge/0/claims/start" if step < 0 else f"/gaenge/0/claims/steps/{step}"
        expected = {"verdict": "wrong_claim", "gang": 0, "step": None if step < 0 else step, "field": field,
                    "claimed": claimed, "reference": reference}
        out.append(_vector(vid, description, [*clauses, *_clauses_of(found.features)], trace, expected,
                           defect={"pointer": f"{pointer}/{field}", "reference": reference}))
    for n, (topic, description, wanted, field, wrong, clauses) in enumerate(_WRONG_END):
        found = search_gang(_has(*wanted), start=3000 + 43 * n)
        vid = f"gang.wrong_claim.{topic}.001"
        trace = _full_trace(found, vid)
        end = trace["gaenge"][0]["claims"]["end"]
        reference = end[field]
        end[field] = wrong(dict(end))
        expected = {"verdict": "wrong_claim", "gang": 0, "step": None, "field": field, "claimed": end[field], "reference": reference}
        out.append(_vector(vid, description, [*clauses, *_clauses_of(found.features)], trace, expected,
                           defect={"pointer": f"/gaenge/0/claims/end/{field}", "reference": reference}))
    return out


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
    ("schema.version", "The version is 2, which this suite does not know.", _set(("version",), 2), {"where": "/version", "rule": "const"}, ()),
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
    ("schema.claim_pile_thirteen", "A pile size of 13 is claimed.", _set((*_G, "claims"), {"start": {"pile_size": 13}}),
     {"where": "/gaenge/0/claims/start/pile_size", "rule": "maximum"}, ("deal.pile",)),
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


def _malformed_vectors() -> list[dict[str, Any]]:
    out = []
    base = search_gang(_has("no_angriff"), start=4000)
    with_angriff = search_gang(_has("angriff_after_1"), start=4100)
    specs: list[tuple[str, str, Callable[[dict[str, Any]], None], dict[str, Any], tuple[str, ...], FoundGang]] = [
        (*spec, base) for spec in _MALFORMED
    ]
    specs.append(("truncated.after_angriff", "The actions stop after the Angriff, before the end of the Gang.", _truncate(6),
                  {"where": "/gaenge/0/actions", "clause_id": "gang.end_angriff"}, ("gang.end_angriff",), with_angriff))
    for topic, description, mutate, fields, clauses, found in specs:
        vid = f"malformed.{topic}.001"
        trace = _full_trace(found, vid)
        del trace["gaenge"][0]["claims"]
        mutate(trace)
        out.append(_vector(vid, description, clauses, trace, {"verdict": "malformed", **fields}))
    return out


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
    wanted: tuple[str, ...], system: ScoringSystem, length: MatchLength, rules: Rules, start: int
) -> _PlayedMatch:
    for seed in range(start, start + 3000):
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


def _match_vectors() -> list[dict[str, Any]]:
    out = []
    defaults = Rules()
    systems = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
    for n, (system, length) in enumerate((s, m) for s in systems for m in (MatchLength.SHORT, MatchLength.LONG)):
        played = _search_match(("match.loser_starts",), system, length, defaults, 5000 + 100 * n)
        vid = f"match.valid.{system.value}.{length.name.lower()}.001"
        out.append(_vector(vid, f"A {length.name.lower()} match under the {system.value.capitalize()}.",
                           _match_clauses(played, system), _match_doc(played, vid), _CONFORMS))
    played = _search_match(("gestellter", "match.draw_starter"), systems[1], MatchLength.SHORT, defaults, 6000)
    vid = "match.valid.draw_starter.001"
    out.append(_vector(vid, "A Gestellter before the last Gang: the player with fewer points starts the next.",
                       _match_clauses(played, systems[1]), _match_doc(played, vid), _CONFORMS))
    for reading in ("younger", "drawn_gang_starter", "drawn_gang_other"):
        played = _search_match(("tie_after_gestellter",), systems[0], MatchLength.SHORT, Rules(draw_tie_starter=reading), 6500)
        vid = f"match.rules.draw_tie_starter.{reading}.001"
        out.append(_vector(vid, f"A Gestellter leaves equal points; draw_tie_starter is {reading}.",
                           _match_clauses(played, systems[0]), _match_doc(played, vid), _CONFORMS))
    for flag in (True, False):
        played = _search_match(("good_loser_thrown",), systems[1], MatchLength.SHORT, Rules(good_loser_after_plattwurf=flag), 7000)
        vid = f"match.rules.good_loser_after_plattwurf.{str(flag).lower()}.001"
        out.append(_vector(vid, f"A loser with 3 tricks thrown by Plattwurf; good_loser_after_plattwurf is {str(flag).lower()}.",
                           _match_clauses(played, systems[1]), _match_doc(played, vid), _CONFORMS))
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
        out.append(_vector(vid, "The points of Gang 2 are claimed the wrong way round.", clauses, doc,
                           {"verdict": "wrong_claim", "gang": 1, "step": None, "field": "points",
                            "claimed": list(points), "reference": reference},
                           defect={"pointer": "/gaenge/1/claims/end/points", "reference": reference}))
        for field, mistake in (("totals", lambda d: [d[1], d[0]] if d[0] != d[1] else ["0", "0"]), ("winner", lambda w: None)):
            vid = f"match.wrong_claim.{field}.{system.value}.001"
            doc = _match_doc(played, vid)
            reference_value = doc["claims"][field]
            doc["claims"][field] = mistake(reference_value)
            out.append(_vector(vid, f"The match's {field} is claimed wrong.", clauses, doc,
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
    out.append(_vector(vid, "The last Gang is started by the winner of the Gang before it.", [clause, *_match_clauses(played, systems[0])],
                       doc, {"verdict": "illegal_action", "gang": last, "action": f"start {due.other.code}", "clause_id": clause}))
    vid = "match.malformed.too_few_gaenge.001"
    doc = _match_doc(played, vid)
    del doc["claims"]
    doc["gaenge"].pop()
    out.append(_vector(vid, "A short match trace with 3 Gänge.", ["match.end"], doc,
                       {"verdict": "malformed", "where": "/gaenge", "clause_id": "match.end"}))
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


def _fest_vectors() -> list[dict[str, Any]]:
    out = []
    cases = (
        ("three", 3, ScoringSystem.SCHWINGERWERTUNG, 1, Rules(), ("fest.parallel",),
         "Three Schwinger, one card set: each meets each twice, 4 Gänge each."),
        ("four", 4, ScoringSystem.PUNKTEWERTUNG, 2, Rules(), ("fest.four_players", "fest.parallel"),
         "Four Schwinger on two card sets: each meets each twice, 6 Gänge each."),
        ("loser_of_first_meeting", 3, ScoringSystem.SCHWINGERWERTUNG, 1, Rules(fest_starter="loser_of_first_meeting"),
         ("match.loser_starts",), "The loser of a pair's first meeting starts their second (fest_starter)."),
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
        out.append(_vector(vid, description, (*_FEST_CLAUSES, *extra), schwingfest_trace(fest, states, trace_id=vid), _CONFORMS))
    fest, states = played["three"]
    clauses = (*_FEST_CLAUSES, "fest.parallel")

    vid = "schwingfest.illegal_action.third_meeting.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    del doc["claims"]
    doc["gaenge"].append(copy.deepcopy(doc["gaenge"][0]))
    a, b = doc["gaenge"][0]["seats"]
    out.append(_vector(vid, "A pair meets a third time.", clauses, doc,
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
    out.append(_vector(vid, "The first meeting of a pair is started by the older Schwinger.", clauses, doc,
                       {"verdict": "illegal_action", "gang": 0, "action": f"start {states[0].starter.other.code}",
                        "clause_id": "match.first_starter"}))

    vid = "schwingfest.wrong_claim.ranks.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    reference = list(doc["claims"]["ranks"])
    doc["claims"]["ranks"] = list(reversed(reference)) if reference != list(reversed(reference)) else [1] * len(reference)
    out.append(_vector(vid, "The standings are claimed in reverse.", clauses, doc,
                       {"verdict": "wrong_claim", "field": "ranks", "claimed": doc["claims"]["ranks"], "reference": reference},
                       defect={"pointer": "/claims/ranks", "reference": reference}))

    vid = "schwingfest.malformed.incomplete.001"
    doc = schwingfest_trace(fest, states, trace_id=vid)
    del doc["claims"]
    doc["gaenge"].pop()
    out.append(_vector(vid, "A Schwingfest trace with one meeting missing.", ["fest.twice_each"], doc,
                       {"verdict": "malformed", "where": "/gaenge", "clause_id": "fest.twice_each"}))
    return out


# -- perft vectors

_PERFT: tuple[tuple[str, str, int, int, dict[str, Any], str, int], ...] = (
    # (topic, description, seed, starter, rules switches, prefix: "start" | "angriff" | "pile_used_up", depth)
    ("seed_1.start", "From the start of the Gang of seed 1, P0 leading.", 1, 0, {}, "start", 8),
    ("seed_2.start", "From the start of the Gang of seed 2, P1 leading.", 2, 1, {}, "start", 7),
    ("seed_3.start", "From the start of the Gang of seed 3, P0 leading.", 3, 0, {}, "start", 7),
    ("seed_1.special_cards_follow_colour", "Seed 1, P0 leading, special cards following colour.", 1, 0,
     {"special_cards_follow_colour": True}, "start", 7),
    ("seed_1.angriff", "After the Angriff at once (seed 1, P0): every complete Gang counted.", 1, 0, {}, "angriff", 10),
    ("seed_2.angriff", "After the Angriff at once (seed 2, P1): every complete Gang counted.", 2, 1, {}, "angriff", 10),
    ("seed_3.pile_used_up", "Seed 3, P0 leading, from the first lead after the pile is used up: every complete Gang counted.",
     3, 0, {}, "pile_used_up", 10),
)


def _perft_prefix(seed: int, starter: int, rules: Rules, kind: str) -> tuple[str, ...]:
    if kind == "start":
        return ()
    if kind == "angriff":
        return ("A",)
    # the first moment of a seeded game without Angriff where the pile is used up and a lead is due
    state = start_gang(Deal.shuffled(seed), Player(starter), rules)
    rng = SplitMix64.seeded(seed)
    codes: list[str] = []
    while not (state.phase is Phase.LEAD and state.pile_drawn >= PILE_SIZE):
        legal = [a for a in state.legal_actions() if not isinstance(a, StartAngriff)]
        i, rng = rng.below(len(legal))
        codes.append(legal[i].code)
        state = state.apply(legal[i])
    return tuple(codes)


def _perft_vectors() -> list[dict[str, Any]]:
    out = []
    for topic, description, seed, starter, switches, prefix_kind, depth in _PERFT:
        rules = _rules(**switches)
        prefix = _perft_prefix(seed, starter, rules, prefix_kind)
        state = start_gang(Deal.shuffled(seed), Player(starter), rules)
        for code in prefix:
            state = state.apply(code)
        expected: dict[str, Any] = {
            "counts": [perft(state, d) for d in range(1, depth + 1)],
            "divide": perft_divide(state, 2),
        }
        if prefix_kind != "start":
            expected["complete"] = perft_complete(state)
        vid = f"perft.{topic}.001"
        out.append({
            "id": vid,
            "kind": "perft",
            "description": description,
            "clauses": ["gang.turn", "schwung.farbzwang", "trump.anytime", "schwung.void_any", "kampfrichter.chooses",
                        "angriff.who", "angriff.once", "angriff.not_empty_pile"],
            "rules": rules_to_json(rules),
            "input": {"deal": state.deal.to_codes(), "seed": seed, "starter": Player(starter).code, "rules": rules_to_json(rules),
                      "actions": list(prefix)},
            "expected": expected,
        })
    return out


# -- files

_GROUPS: tuple[tuple[str, str, Callable[[], list[dict[str, Any]]]], ...] = (
    ("gang.valid", "Complete legal Gänge with the reference's claims after every step: each must conform.", _valid_vectors),
    ("gang.rules", "The readings of each rules switch that changes a Gang, and a claim of the other reading.", _rule_vectors),
    ("gang.illegal_action", "A legal Gang with one illegal action inserted: removing it gives a conforming trace.", _illegal_vectors),
    ("gang.wrong_claim", "A legal Gang with one wrong claim: restoring the reference value gives a conforming trace.",
     _wrong_claim_vectors),
    ("malformed", "Documents that are not valid traces: one defect each.", _malformed_vectors),
    ("match", "Whole matches under both scoring systems: points, starters, totals and the winner.", _match_vectors),
    ("schwingfest", "Whole Schwingfeste of 3 and 4 Schwinger: meetings, starters, points and standings.", _fest_vectors),
    ("perft", "Counts of distinct legal action sequences from fixed positions, depth by depth.", _perft_vectors),
)


def generate_files() -> dict[str, str]:
    """Every vector file of the suite: file name to its text (deterministic)."""
    files: dict[str, str] = {}
    for group, description, build in _GROUPS:
        vectors = build()
        files[f"{group.replace('.', '-')}.json"] = dumps({
            "format": VECTOR_FORMAT,
            "suite_version": SUITE_VERSION,
            "group": group,
            "description": description,
            "vectors": vectors,
        })
    return files


def write_vectors(directory: str | Path) -> list[Path]:
    """Regenerate the suite into ``directory`` (created if missing); returns the files written."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in generate_files().items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def shipped_directory() -> Path:
    """The directory of the vectors shipped with the package."""
    return Path(str(resources.files("schwinget_spec.conformance").joinpath("vectors")))


# -- loading and running


@attrs.frozen
class Vector:
    """One vector: ``kind`` is ``trace`` (``input`` is a trace document) or ``perft`` (``input`` a position)."""

    id: str
    kind: str
    group: str
    description: str
    clauses: tuple[str, ...]
    rules: Mapping[str, Any]
    input: Any
    expected: Mapping[str, Any]
    file: str
    defect: Mapping[str, Any] | None = None


@attrs.frozen
class Suite:
    """The loaded vectors and the vector files found and read (every file found must have been read)."""

    vectors: tuple[Vector, ...]
    files_present: tuple[str, ...]
    files_read: tuple[str, ...]

    def __iter__(self) -> Iterator[Vector]:
        return iter(self.vectors)

    def __len__(self) -> int:
        return len(self.vectors)

    def by_id(self) -> dict[str, Vector]:
        """The vectors by id."""
        return {v.id: v for v in self.vectors}


class VectorFileError(ValueError):
    """A vector file that is not a vector file of this suite version."""


def _load_file(path: Path) -> list[Vector]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or doc.get("format") != VECTOR_FORMAT:
        raise VectorFileError(f"{path.name}: not a {VECTOR_FORMAT} file")
    if doc.get("suite_version") != SUITE_VERSION:
        raise VectorFileError(f"{path.name}: suite_version {doc.get('suite_version')!r}, this loader reads {SUITE_VERSION}")
    group = doc["group"]
    return [
        Vector(
            id=v["id"], kind=v["kind"], group=group, description=v["description"], clauses=tuple(v["clauses"]),
            rules=v["rules"], input=v["input"], expected=v["expected"], file=path.name, defect=v.get("defect"),
        )
        for v in doc["vectors"]
    ]


def load_vectors(directory: str | Path | None = None) -> Suite:
    """Every vector of the ``*.json`` files of ``directory`` (default: the shipped suite), in file and vector order.

    Raises ``VectorFileError`` on a file of another format or suite version, or a duplicate id.
    """
    base = shipped_directory() if directory is None else Path(directory)
    present = tuple(sorted(p.name for p in base.iterdir() if p.is_file() and p.suffix == ".json"))
    vectors: list[Vector] = []
    read: list[str] = []
    for name in present:
        vectors.extend(_load_file(base / name))
        read.append(name)
    seen: set[str] = set()
    for v in vectors:
        if v.id in seen:
            raise VectorFileError(f"{v.file}: the id {v.id} appears twice")
        seen.add(v.id)
    return Suite(tuple(vectors), present, tuple(read))


@attrs.frozen
class VectorResult:
    """The outcome of one vector: ``passed``, and what was ``expected`` against what was ``got``."""

    vector: Vector
    passed: bool
    got: Mapping[str, Any]

    @property
    def expected(self) -> Mapping[str, Any]:
        """The vector's expected verdict or counts."""
        return self.vector.expected


Verifier = Callable[[Any], "Verdict | Mapping[str, Any]"]
"""Judges a trace document: returns a Verdict, or its JSON (``Verdict.to_json()`` shape)."""
PerftCounter = Callable[[Mapping[str, Any], int], int]
"""Counts distinct legal action sequences: (a perft vector's ``input``, depth) -> count."""


def reference_perft(position: Mapping[str, Any], depth: int) -> int:
    """The reference's perft count for a perft vector's ``input`` at ``depth`` (0 for the complete count)."""
    deal = Deal(
        hands=(tuple(Card[c] for c in position["deal"]["hands"][0]), tuple(Card[c] for c in position["deal"]["hands"][1])),
        revealed=Card[position["deal"]["revealed"]],
        face_down=tuple(Card[c] for c in position["deal"]["face_down"]),
        pile=tuple(Card[c] for c in position["deal"]["pile"]),
    )
    state = start_gang(deal, Player.parse(position["starter"]), rules_from_json(position.get("rules", {})))
    for code in position.get("actions", ()):
        state = state.apply(code)
    return perft_complete(state) if depth == 0 else perft(state, depth)


def verdict_matches(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """True if every field of ``expected`` (a vector's expected verdict) has the same value in ``got``."""
    # Verdict.to_json leaves out fields that are None or empty, so a missing field matches those.
    return all(got.get(key) == value or (value in (None, "") and got.get(key) in (None, "")) for key, value in expected.items())


def check_vector(vector: Vector, verify: Verifier = verify_trace, count: PerftCounter = reference_perft) -> VectorResult:
    """Run one vector: a trace through ``verify``, a perft position through ``count``; compare with the expectation."""
    if vector.kind == "perft":
        counts = [count(vector.input, d) for d in range(1, len(vector.expected["counts"]) + 1)]
        got: dict[str, Any] = {"counts": counts}
        if "complete" in vector.expected:
            got["complete"] = count(vector.input, 0)
        passed = all(got[k] == vector.expected[k] for k in got)
        return VectorResult(vector, passed, got)
    verdict = verify(copy.deepcopy(vector.input))
    judged: Mapping[str, Any] = verdict.to_json() if isinstance(verdict, Verdict) else verdict
    return VectorResult(vector, verdict_matches(vector.expected, judged), judged)


def run_vectors(
    vectors: Iterable[Vector] | None = None, verify: Verifier = verify_trace, count: PerftCounter = reference_perft
) -> list[VectorResult]:
    """Run ``vectors`` (default: the shipped suite) and return one result per vector."""
    chosen = load_vectors().vectors if vectors is None else tuple(vectors)
    return [check_vector(v, verify, count) for v in chosen]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m schwinget_spec.conformance.vectors --write DIR`` regenerates the suite; ``--check`` runs it."""
    parser = argparse.ArgumentParser(prog="python -m schwinget_spec.conformance.vectors", description=main.__doc__)
    parser.add_argument("--write", metavar="DIR", help="regenerate every vector file into DIR")
    parser.add_argument("--check", action="store_true", help="run the shipped vectors against the reference verifier")
    args = parser.parse_args(argv)
    if args.write:
        for path in write_vectors(args.write):
            print(path)
    if args.check:
        results = run_vectors()
        failed = [r for r in results if not r.passed]
        for r in failed:
            print(f"FAIL {r.vector.id}: expected {dict(r.expected)}, got {dict(r.got)}")
        print(f"{len(results) - len(failed)}/{len(results)} vectors pass")
        return 1 if failed else 0
    if not args.write:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
