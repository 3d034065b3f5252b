"""Exhaustive equivalence of the finite rule functions: every input enumerated, and the engine, the compiled twin and the Z3 model's terms compared on each."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.actions import ANGRIFF, Action
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangResult, GangState, Outcome, check_result, start_gang
from schwinget_spec.gang_parts import Angriff, Phase
from schwinget_spec.match import MatchLength, start_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.evaluate import compile_terms, free_constants
from schwinget_spec.proofs.match_model import (
    DRAW_TIE_READINGS,
    GESTELLTER,
    KindVar,
    MatchModel,
    fest_meetings,
)
from schwinget_spec.proofs.model import LAST_ANGRIFF as LAST_ANGRIFF_SCHWUNG
from schwinget_spec.proofs.model import MASK_BITS, MAX_SCHWUENGE, MODELLED_SWITCHES, GangModel, rules_from
from schwinget_spec.proofs.scoring_model import ROWS, GangScoreModel
from schwinget_spec.proofs.scoring_queries import GangKind, kind_text, result_kind
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import MAX_PLAYERS, Meeting, make_schedule
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.trick import FOLLOW_MASK, allowed_answers, resolve_schwung

__all__ = [
    "CHECKS",
    "SWITCH_RULES",
    "FunctionCheck",
    "check_names",
    "checks_json",
    "colour_mask",
    "format_checks",
    "reads_hand_only_through_void",
    "run_exhaustive",
]

SWITCH_RULES: tuple[Rules, ...] = tuple(
    rules_from(dict(zip(MODELLED_SWITCHES, bits, strict=True))) for bits in itertools.product((False, True), repeat=len(MODELLED_SWITCHES))
)
"""Every combination of the five Gang switches (32 ``Rules`` values, the other fields at their defaults)."""

WIN_CLAUSES: tuple[str, ...] = (
    "kampfrichter.neutralises",
    "kampfrichter.last_schwung",
    "konter.last_trick",
    "konter.beats_six",
    "konter.loses",
    "trump.beats",
    "schwung.higher_wins",
    "schwung.void_loses",
)
"""The clauses of the model that decide who wins a Schwung or whether it stays pending."""
FARBZWANG_CLAUSES: tuple[str, ...] = ("schwung.farbzwang", "schwung.void_any", "trump.anytime")
_COLOURS: tuple[Colour | None, ...] = (*Colour, None)
"""The five trump states: a colour, or none (``deal.no_trump``)."""
_GANG_LENGTH = {False: 11, True: 1}
"""The model's Gang length that makes its first Schwung not the last, or the last."""
_MAX_REPORTED = 5
_PENDING = [(True, False), (True, True)]
_STEP_INPUTS: tuple[str, ...] = (
    "led0",
    "answer0",
    "deck10",
    "length",
    "leader0",
    "hand0_0",
    "hand1_0",
    "tag:schwung.void_any",
    "tag:trump.anytime",
    *(f"rules.{name}" for name in MODELLED_SWITCHES),
)
"""The constants of the first Schwung's terms an input fixes; the term of a clause mentions some of them."""


@attrs.frozen
class FunctionCheck:
    """One finite rule function checked on every input of its domain.

    ``inputs`` is the number of inputs on which the engine and the model were compared,
    ``twin_inputs`` how many of them also went through the compiled twin (0 where the
    twin has no such function), ``disagreements`` the first inputs where two of them
    differ (empty when they all agree), ``complete`` False when only the suite's subset
    of the domain was enumerated. ``named_clauses`` gives, for each clause the engine
    named, the number of inputs on which that clause was checked to force the engine's
    answer by its own constraints (empty where the check has no such part), ``overlaps``
    how often another clause's constraints force the same answer too: (the named
    clause, the other, inputs), and ``others_together`` how often the other winner
    clauses' constraints taken together force it without the named clause: (the named
    clause, inputs).
    """

    name: str
    claim: str
    clauses: tuple[str, ...]
    domain: str
    inputs: int
    twin_inputs: int
    disagreements: tuple[str, ...]
    seconds: float
    complete: bool
    named_clauses: tuple[tuple[str, int], ...] = ()
    overlaps: tuple[tuple[str, str, int], ...] = ()
    others_together: tuple[tuple[str, int], ...] = ()

    @property
    def ok(self) -> bool:
        """True when no input gave two answers."""
        return not self.disagreements

    @property
    def clause_inputs(self) -> int:
        """The number of inputs whose named clause was checked alone (the sum of ``named_clauses``)."""
        return sum(n for _, n in self.named_clauses)


class _Tally:
    """Counts inputs and keeps the first disagreements."""

    def __init__(self) -> None:
        self.inputs = 0
        self.twin_inputs = 0
        self.named: Counter[str] = Counter()
        self.others_together: Counter[str] = Counter()
        self.overlaps: Counter[tuple[str, str]] = Counter()
        self.disagreements: list[str] = []

    def differ(self, what: str) -> None:
        if len(self.disagreements) < _MAX_REPORTED:
            self.disagreements.append(what)


# -- the model's terms of the first Schwung


def _step_terms(clauses: Sequence[str], broken: str | None, drop: frozenset[str]) -> tuple[GangModel, z3.BoolRef]:
    model = GangModel(broken=broken)
    return model, _first_step_term(model, clauses, drop)


def _first_step_term(model: GangModel, clauses: Sequence[str], drop: frozenset[str]) -> z3.BoolRef:
    """The conjunction of the first Schwung's constraints of ``clauses`` (those in ``drop`` left out): True when none is left."""
    wanted = set(clauses) - drop
    parts = [c for (cid, c), step in zip(model.constraints, model.step_of, strict=True) if step == 0 and cid in wanted]
    return z3.And(*parts)


def colour_mask(card: z3.BitVecRef) -> z3.BitVecRef:
    """The model's mask of the cards of ``card``'s colour (none for a special card)."""
    from schwinget_spec.proofs.model import _colour_mask, card_colour  # noqa: PLC0415

    mask: z3.BitVecRef = _colour_mask(card_colour(card))
    return mask


def _trump_card(trump: Colour | None) -> int:
    # a card index whose colour is the trump colour, or the Kampfrichter for no trump (deal.no_trump)
    return Card.KR.index if trump is None else ALL_CARDS.index(next(c for c in ALL_CARDS if c.colour is trump))


def _hands(led: Card, answer: Card) -> Iterator[int]:
    """The answerer's hands that decide Farbzwang and void: the answer alone, and with a card of the led colour."""
    bit = answer.bit
    yield bit
    follow = FOLLOW_MASK[led.index]
    if follow and not follow & bit:
        other = next(c for c in ALL_CARDS if follow & c.bit and c is not led)
        yield bit | other.bit


def _switch_bits(rules: Rules) -> tuple[bool, ...]:
    return tuple(bool(getattr(rules, name)) for name in MODELLED_SWITCHES)


def _cards(subset: bool) -> tuple[Card, ...]:
    # the suite's subset: one colour's 1, 5 and 6 with another colour's 6 and the two special cards
    if not subset:
        return ALL_CARDS
    return (Card.R1, Card.R5, Card.R6, Card.G1, Card.G6, Card.KR, Card.BK)


def _trumps(subset: bool) -> tuple[Colour | None, ...]:
    return (Colour.RED, Colour.GREEN, None) if subset else _COLOURS


# -- the twin: a first Schwung dealt so that it decides exactly the input


def _twin_module() -> object:
    from schwinget_spec.twin import engine_module  # noqa: PLC0415 - the twin is loaded only for the checks that use it

    return engine_module()


def _first_schwung_deal(led: Card, answer_hand: int, trump: Colour | None) -> tuple[int, int, int, bytes] | None:
    """A deal in which P0 holds ``led`` and P1 holds ``answer_hand`` with fillers of no colour it lacks; None if the trump card is taken."""
    used = led.bit | answer_hand
    revealed = next(
        (c for c in ALL_CARDS if not used & c.bit and (c.colour is trump if trump is not None else c.colour is None)),
        None,
    )
    if revealed is None:
        return None
    used |= revealed.bit
    follow = FOLLOW_MASK[led.index]
    holds_led_colour = bool(answer_hand & follow)
    # P1's fillers: coloured cards of no colour it would newly hold of the led colour, never a special card
    fillers = [c for c in ALL_CARDS if not used & c.bit and c.colour is not None and (holds_led_colour or not follow & c.bit)]
    need = 5 - answer_hand.bit_count()
    if len(fillers) < need:
        return None
    hand1 = answer_hand
    for c in fillers[:need]:
        hand1 |= c.bit
    used |= hand1
    rest = [c for c in ALL_CARDS if not used & c.bit]
    hand0 = led.bit
    for c in rest[:4]:
        hand0 |= c.bit
    pile = bytes(c.index for c in rest[4:16])
    return hand0, hand1, revealed.index, pile


def _first_schwungs(
    subset: bool, values: list[int | bool], at: dict[str, int]
) -> Iterator[tuple[Card, Card, Colour | None, int, tuple[int, int, int, bytes] | None]]:
    """Each led card, answer, trump and answerer's hand a check of one Schwung runs through, with the deal that plays it first (``_first_schwung_deal``); the led card, the answer and the trump card are set in ``values`` as they come."""
    for led, answer in itertools.permutations(_cards(subset), 2):
        values[at["led0"]] = led.index
        values[at["answer0"]] = answer.index
        for trump in _trumps(subset):
            values[at["deck10"]] = _trump_card(trump)
            for hand in _hands(led, answer):
                yield led, answer, trump, hand, _first_schwung_deal(led, hand, trump)


def deal_args(deal: Deal) -> tuple[int, int, int, bytes]:
    """What the twin's ``start`` takes for ``deal``."""
    from schwinget_spec.twin import deal_args as twin_deal_args  # noqa: PLC0415

    return twin_deal_args(deal)


def _mask_number(rules: Rules) -> int:
    from schwinget_spec.twin import switch_bits  # noqa: PLC0415

    return switch_bits(rules)


# -- the checks


def reads_hand_only_through_void(model: GangModel, term: z3.BoolRef) -> bool:
    """True when Z3 proves that the Farbzwang term gives the same answer for any two hands holding the answer that are both void in the led colour or both not.

    This is what lets the enumeration stand for every hand: the engine's
    ``allowed_answers`` reads the hand the same way (``hand & FOLLOW_MASK[led]``).
    """
    hands = [z3.BitVec(f"x.hand{i}", MASK_BITS) for i in (0, 1)]
    fixed = [(model.leader[0], z3.BoolVal(False)), (model.length, z3.BitVecVal(MAX_SCHWUENGE, 5))]
    copies = [z3.substitute(term, *fixed, (model.hands[1][0], h)) for h in hands]
    colour = colour_mask(model.led[0])
    bit = z3.BitVecVal(1, MASK_BITS) << z3.ZeroExt(MASK_BITS - 5, model.answer[0])
    solver = z3.SolverFor("QF_BV")
    for h in hands:
        solver.add((h & bit) != 0)
    solver.add(((hands[0] & colour) == 0) == ((hands[1] & colour) == 0), copies[0] != copies[1])
    return bool(solver.check(z3.Bool("tag:schwung.void_any"), z3.Bool("tag:trump.anytime")) == z3.unsat)


def _check_farbzwang(subset: bool, broken: str | None, drop: frozenset[str]) -> _Tally:
    tally = _Tally()
    model, term = _step_terms(("schwung.farbzwang",), broken, drop)
    if not reads_hand_only_through_void(model, term):
        tally.differ("the model's Farbzwang reads more of the answerer's hand than whether it holds the led colour")
    inputs = _STEP_INPUTS
    run = compile_terms([term], inputs)
    at = {name: i for i, name in enumerate(inputs)}
    twin = _twin_module()
    start: Callable[..., object] = twin.start  # type: ignore[attr-defined]
    values: list[int | bool] = [0] * len(inputs)
    values[at["length"]] = _GANG_LENGTH[False]
    values[at["leader0"]] = False
    values[at["hand0_0"]] = 0
    values[at["tag:schwung.void_any"]] = True
    values[at["tag:trump.anytime"]] = True
    special_at = at["rules.special_cards_follow_colour"]
    for led, answer, trump, hand, deal in _first_schwungs(subset, values, at):
        values[at["hand1_0"]] = hand
        for rules in SWITCH_RULES:
            values[special_at] = rules.special_cards_follow_colour
            engine = bool(allowed_answers(hand, led, trump, rules) & answer.bit)
            (modelled,) = run(*values)
            tally.inputs += 1
            if modelled != engine:
                tally.differ(f"{_answer_label(led, answer, hand, trump, rules)}: engine {'allows' if engine else 'refuses'}, model {'allows' if modelled else 'refuses'}")
            if deal is None:
                continue
            state: Any = start(deal, 0, _mask_number(rules))
            state = state.apply(led.index)
            twin_mask = state.legal_mask
            full_hand = deal[1]
            engine_mask = allowed_answers(full_hand, led, trump, rules)
            tally.twin_inputs += 1
            if twin_mask != engine_mask:
                tally.differ(f"{_answer_label(led, answer, hand, trump, rules)} (dealt hand {_codes(full_hand)}): engine allows {_codes(engine_mask)}, twin {_codes(twin_mask)}")
    return tally


_COMBOS: tuple[tuple[bool, bool], ...] = ((False, False), (False, True), (True, False), (True, True))
"""The four values of the first Schwung's (neutral, leader_wins), in the order the winner check's terms take them."""


def _forced(admits: tuple[bool, ...]) -> tuple[bool, bool] | None:
    """The decision, as the engine's (pending, leader wins), that constraints admitting ``admits`` of ``_COMBOS`` force; None if they force none.

    A winner when, with neutral False, they admit that winner and refuse the other; pending
    when they admit a neutral Schwung and no decided one (leader_wins is free then).
    """
    decided_answerer, decided_leader, neutral_answerer, neutral_leader = admits
    if decided_answerer != decided_leader:
        return (False, decided_leader)
    if not decided_leader and (neutral_answerer or neutral_leader):
        return (True, False)
    return None


_FORCED: dict[tuple[bool, ...], tuple[bool, bool] | None] = {
    bits: _forced(bits) for bits in itertools.product((False, True), repeat=len(_COMBOS))
}
"""``_forced`` of each of the 16 ways a clause's constraints can admit the four combinations."""


def _admits_text(admits: tuple[bool, ...]) -> str:
    """The answers ``admits`` (of ``_COMBOS``) allows, in words and in that order (answerer wins, leader wins, pending), or nothing."""
    shown = dict.fromkeys(_winner_text(combo) for combo, holds in zip(_COMBOS, admits, strict=True) if holds)
    return ", ".join(shown) or "nothing"


@attrs.frozen
class _Verdict:
    """The clause part of ``schwung.winner`` on one input: what is wrong (None when the named clause forces the engine's answer alone), the other clauses forcing it alone, whether the others together force it."""

    wrong: str | None
    others: tuple[str, ...]
    others_together: bool


def _clause_verdict(admits: tuple[int | bool, ...], engine: tuple[bool, bool], named: str) -> _Verdict:
    """Whether the clause ``named`` forces ``engine``'s answer alone, given what each winner clause admits (``admits``: four values each, in the order of ``WIN_CLAUSES``).

    With the input fixed, a clause's constraints are a predicate on the four (neutral,
    leader_wins) values: what several clauses admit together is what each admits.
    """
    each = {cid: tuple(bool(x) for x in admits[4 * k : 4 * k + 4]) for k, cid in enumerate(WIN_CLAUSES)}
    others = tuple(cid for cid, a in each.items() if cid != named and _FORCED[a] == engine)
    rest = [a for cid, a in each.items() if cid != named]
    together = _FORCED[tuple(all(a[i] for a in rest) for i in range(len(_COMBOS)))] == engine
    if named not in each:
        return _Verdict(f"engine {_winner_text(engine)} by {named}, which is not a winner clause of the model", others, together)
    if _FORCED[each[named]] != engine:
        return _Verdict(f"engine {_winner_text(engine)} by {named}, which alone admits {_admits_text(each[named])}", others, together)
    return _Verdict(None, others, together)


def _check_winner(subset: bool, broken: str | None, drop: frozenset[str]) -> _Tally:
    tally = _Tally()
    model, conj = _step_terms(WIN_CLAUSES, broken, drop)
    neutral, lw = model.neutral[0], model.leader_wins[0]
    combos = _COMBOS
    # the conjunction's four values, then each clause's own constraints alone (schwung.winner's clause check)
    alone = [_first_step_term(model, (cid,), drop) for cid in WIN_CLAUSES]
    terms = [z3.substitute(t, (neutral, z3.BoolVal(n)), (lw, z3.BoolVal(w))) for t in (conj, *alone) for n, w in combos]
    # the clause check's verdict by what the clauses admit, the engine's answer and its clause: a handful of distinct keys
    verdicts: dict[tuple[tuple[int | bool, ...], tuple[bool, bool], str], _Verdict] = {}
    inputs = _STEP_INPUTS
    run = compile_terms(terms, inputs)
    at = {name: i for i, name in enumerate(inputs)}
    switch_at = [at[f"rules.{name}"] for name in MODELLED_SWITCHES]
    twin = _twin_module()
    start: Callable[..., object] = twin.start  # type: ignore[attr-defined]
    values: list[int | bool] = [0] * len(inputs)
    for led, answer, trump, hand, deal in _first_schwungs(subset, values, at):
        follow = FOLLOW_MASK[led.index]
        was_void = follow != 0 and not hand & follow
        for rules in SWITCH_RULES:
            for i, flag in zip(switch_at, _switch_bits(rules), strict=True):
                values[i] = flag
            for is_last, leader in itertools.product((False, True), Player):
                values[at["length"]] = _GANG_LENGTH[is_last]
                values[at["leader0"]] = leader is Player.P1
                values[at["hand1_0" if leader is Player.P0 else "hand0_0"]] = hand
                values[at["hand0_0" if leader is Player.P0 else "hand1_0"]] = 0
                outcome = resolve_schwung(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=was_void)
                engine = (outcome.winner is None, outcome.winner is leader)
                answers = run(*values)
                admitted = [combo for combo, holds in zip(combos, answers[:4], strict=True) if holds]
                tally.inputs += 1
                # a pending trick has no winner: the model leaves leader_wins free exactly then
                expected = _PENDING if engine[0] else [engine]
                if admitted != expected:
                    tally.differ(f"{_winner_label(leader, led, answer, hand=hand, trump=trump, rules=rules, is_last=is_last)}: engine {_winner_text(engine)}, model {', '.join(map(_winner_text, admitted)) or 'nothing'}")
                # the clause the engine names must force the engine's decision alone; other clauses forcing it too are counted
                key = (answers[4:], engine, outcome.clause_id)
                verdict = verdicts.get(key)
                if verdict is None:
                    verdict = verdicts[key] = _clause_verdict(*key)
                tally.named[outcome.clause_id] += 1
                if verdict.wrong is not None:
                    tally.differ(f"{_winner_label(leader, led, answer, hand=hand, trump=trump, rules=rules, is_last=is_last)}: {verdict.wrong}")
                for other in verdict.others:
                    tally.overlaps[outcome.clause_id, other] += 1
                if verdict.others_together:
                    tally.others_together[outcome.clause_id] += 1
            if hand == answer.bit:
                # the twin on the last Schwung: the answerer holds the answer alone
                for leader in Player:
                    _twin_last_schwung(tally, start, leader=leader, led=led, answer=answer, trump=trump, rules=rules)
            if deal is None or not allowed_answers(deal[1], led, trump, rules) & answer.bit:
                continue
            # the twin: P0 leads the first Schwung, which is never the last
            full_void = follow != 0 and not deal[1] & follow
            outcome = resolve_schwung(Player.P0, led, answer, trump, rules, is_last=False, answer_was_void=full_void)
            played: Any = start(deal, 0, _mask_number(rules))
            played = played.apply(led.index).apply(answer.index)
            tricks, pending, clause = played.tricks, played.pending, played.last_clause
            twin_winner = None if pending else (Player.P0 if tricks[0] else Player.P1)
            tally.twin_inputs += 1
            if (twin_winner, clause) != (outcome.winner, outcome.clause_id):
                tally.differ(
                    f"P0 leads {led.code}, {answer.code} answers from {_codes(deal[1])}, trump {_name(trump)}, {_rules_text(rules)}: "
                    f"engine {outcome.winner} by {outcome.clause_id}, twin {twin_winner} by {clause}"
                )
    return tally


def _last_schwung_deal(leader: Player, led: Card, answer: Card, trump: Colour | None) -> tuple[tuple[int, int, int, bytes], list[int]] | None:
    """A deal and actions whose fifth and last Schwung is ``leader`` leading ``led`` against ``answer``, and None if the cards do not allow one.

    The leader starts the Angriff before Schwung 1 (5 Schwünge, no draws) and wins four
    Schwünge with the higher card of a colour against the lower one of the same colour,
    so that it leads the last with ``led`` while the other holds ``answer`` alone.
    """
    used = led.bit | answer.bit
    revealed = next(
        (c for c in ALL_CARDS if not used & c.bit and (c.colour is trump if trump is not None else c.colour is None)), None
    )
    if revealed is None:
        return None
    used |= revealed.bit
    pairs: list[tuple[Card, Card]] = []
    for colour in Colour:
        free = [c for c in ALL_CARDS if c.colour is colour and not used & c.bit]
        while len(free) >= 2 and len(pairs) < 4:
            low, high = free.pop(0), free.pop()
            pairs.append((high, low))
    if len(pairs) < 4:
        return None
    mine = led.bit | sum(h.bit for h, _ in pairs)
    theirs = answer.bit | sum(lo.bit for _, lo in pairs)
    rest = [c for c in ALL_CARDS if not (mine | theirs | revealed.bit) & c.bit]
    hands = (mine, theirs) if leader is Player.P0 else (theirs, mine)
    actions = [26]
    for high, low in pairs:
        actions += [high.index, low.index]
    actions += [led.index, answer.index]
    return (hands[0], hands[1], revealed.index, bytes(c.index for c in rest[:12])), actions


def _twin_last_schwung(
    tally: _Tally, start: Callable[..., object], *, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules
) -> None:
    """The twin's winner and clause of a last Schwung against the engine's ``resolve_schwung``."""
    dealt = _last_schwung_deal(leader, led, answer, trump)
    if dealt is None:
        return
    deal, actions = dealt
    state: Any = start(deal, int(leader), _mask_number(rules))
    before = (0, 0)
    for number, action in enumerate(actions):
        if number == len(actions) - 1:
            before = state.tricks
        state = state.apply(action)
    follow = FOLLOW_MASK[led.index]
    outcome = resolve_schwung(leader, led, answer, trump, rules, is_last=True, answer_was_void=follow != 0 and not answer.bit & follow)
    gained = (state.tricks[0] - before[0], state.tricks[1] - before[1])
    twin_winner = None if gained == (0, 0) else (Player.P0 if gained[0] else Player.P1)
    tally.twin_inputs += 1
    if not state.is_over or (twin_winner, state.last_clause) != (outcome.winner, outcome.clause_id):
        tally.differ(
            f"{leader} leads {led.code} on the last Schwung, {answer.code} answers, trump {_name(trump)}, {_rules_text(rules)}: "
            f"engine {outcome.winner} by {outcome.clause_id}, twin {twin_winner} by {state.last_clause} (over: {state.is_over})"
        )


def _results(subset: bool) -> Iterator[GangResult]:
    """Every Gang result ``check_result`` accepts whose Plattwurf winner holds 5 tricks or more (``inv.plattwurf_winner_ahead``).

    Without an Angriff: 11 Schwünge, any split of 11 tricks. With an Angriff after k
    Schwünge (0-5) by either player: k + 5 Schwünge, any split, and no Plattwurf or one of
    either player holding at least the 5 tricks after the Angriff.
    """
    angriffe: list[Angriff | None] = [None]
    afters = (0, 5) if subset else range(6)
    angriffe += [Angriff(p, k) for p in Player for k in afters]
    for angriff in angriffe:
        total = 11 if angriff is None else angriff.after_schwung + 5
        plattwuerfe: tuple[Player | None, ...] = (None,) if angriff is None else (None, *Player)
        for t0 in range(total + 1):
            tricks = (t0, total - t0)
            for plattwurf in plattwuerfe:
                if plattwurf is not None and tricks[plattwurf] < 5:
                    continue
                yield _result(tricks, total, angriff, plattwurf)


def _result(tricks: tuple[int, int], schwuenge: int, angriff: Angriff | None, plattwurf: Player | None) -> GangResult:
    # the winner and outcome as gang.more_tricks_wins and plattwurf.definition give them; check_result confirms
    if plattwurf is not None:
        assert angriff is not None
        winner: Player | None = plattwurf
        outcome = Outcome.PLATTWURF_EIGENER_ANGRIFF if plattwurf is angriff.player else Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF
    elif tricks[0] == tricks[1]:
        winner, outcome = None, Outcome.GESTELLTER
    else:
        winner = Player.P0 if tricks[0] > tricks[1] else Player.P1
        outcome = Outcome.SIEG_MIT_ANGRIFF if angriff is not None else Outcome.SIEG_OHNE_ANGRIFF
    return check_result(GangResult(tricks, schwuenge, angriff, plattwurf, winner, outcome))


def _check_scoring(subset: bool, broken: str | None, drop: frozenset[str]) -> _Tally:
    tally = _Tally()
    gang = GangModel(broken=broken, definitions_as_clauses=True)
    score = GangScoreModel(gang)
    table = z3.And(*(c for cid, c in score.constraints if cid not in drop))
    row_index = score.row_index()
    plattwurf_of = [z3.Bool(f"plattwurf{q}") for q in (0, 1)]
    for result in _results(subset):
        for system, rules in itertools.product(ScoringSystem, (Rules(), Rules(good_loser_after_plattwurf=False))):
            engine = compute_gang_score(result, system, rules)
            fixed = [
                (gang.tricks[0][MAX_SCHWUENGE], z3.BitVecVal(result.tricks[0], 5)),
                (gang.tricks[1][MAX_SCHWUENGE], z3.BitVecVal(result.tricks[1], 5)),
                (score.schwingerwertung, z3.BoolVal(system is ScoringSystem.SCHWINGERWERTUNG)),
                (score.good_loser_after_plattwurf, z3.BoolVal(rules.good_loser_after_plattwurf)),
                *((p, z3.BoolVal(result.plattwurf is not None and int(result.plattwurf) == q)) for q, p in enumerate(plattwurf_of)),
            ]
            for s in range(MAX_SCHWUENGE):
                at = result.angriff is not None and result.angriff.after_schwung == s
                fixed.append((gang.angriff[s], z3.BoolVal(at)))
                fixed.append((gang.leader[s], z3.BoolVal(at and result.angriff is not None and result.angriff.player is Player.P1)))
            tally.inputs += 1
            label = f"{result.tricks[0]}:{result.tricks[1]} {result.outcome.name}, {system.value}, good_loser_after_plattwurf={rules.good_loser_after_plattwurf}"
            # the table with the input substituted: a small formula over the cells and points, solved alone
            solver = z3.SolverFor("QF_BV")
            solver.add(z3.simplify(z3.substitute(table, *fixed)))
            if solver.check() != z3.sat:
                tally.differ(f"{label}: the model admits no points")
                continue
            m = solver.model()
            points = tuple(m.eval(p, model_completion=True).as_long() for p in score.points)
            row = z3.simplify(z3.substitute(row_index, *fixed)).as_long()
            want = tuple(p.hundredths for p in engine.points)
            if points != want or row >= len(ROWS) or ROWS[row] != engine.row.value:
                tally.differ(f"{label}: engine {engine.row.value} {want}, model {ROWS[row] if row < len(ROWS) else row} {points}")
                continue
            solver.add(z3.Or(score.points[0] != want[0], score.points[1] != want[1]))
            if solver.check() != z3.unsat:
                tally.differ(f"{label}: the model admits other points than {want}")
    return tally


_LENGTH_CLAUSES = ("gang.end_no_angriff", "gang.end_angriff", "angriff.not_empty_pile", "angriff.once")


def _play_with_angriff(state: GangState, before: int | None) -> tuple[GangState, list[str], list[bool], bool]:
    """The Gang played by its first legal card or choice, the Angriff started before Schwung ``before`` (1-based) if the engine allows it.

    Returns the end, the action codes, ``is_last_schwung()`` at each lead, and whether the Angriff was offered when asked for.
    """
    codes: list[str] = []
    lasts: list[bool] = []
    offered = before is None
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase is Phase.LEAD and state.schwung_number == before and ANGRIFF in legal:
            offered = True
            action: Action = ANGRIFF
        else:
            action = next(a for a in legal if a is not ANGRIFF)
            if state.phase is Phase.LEAD:
                lasts.append(state.is_last_schwung())
        codes.append(action.code)
        state = state.apply(action)
    return state, codes, lasts, offered


def _check_length(subset: bool, broken: str | None, drop: frozenset[str]) -> _Tally:
    tally = _Tally()
    model = GangModel(broken=broken)
    names = (*(f"angriff{s}" for s in range(MAX_SCHWUENGE)), "length")
    wanted = set(_LENGTH_CLAUSES) - drop
    parts = [c for cid, c in model.constraints if cid in wanted and set(free_constants([c])) <= set(names)]
    run = compile_terms([z3.And(*parts)], names)
    from schwinget_spec.twin import action_of, encode_result  # noqa: PLC0415

    twin = _twin_module()
    start: Callable[..., object] = twin.start  # type: ignore[attr-defined]
    seeds = (11,) if subset else (11, 12, 13, 14)
    switch_sets = SWITCH_RULES[:1] + SWITCH_RULES[-1:] if subset else SWITCH_RULES
    for before in (None, *range(1, MAX_SCHWUENGE + 1)):
        flags = [before is not None and s == before - 1 for s in range(MAX_SCHWUENGE)]
        admitted = [n for n in range(32) if run(*flags, n)[0]]
        allowed = before is None or before - 1 <= LAST_ANGRIFF_SCHWUNG
        expected = [MAX_SCHWUENGE if before is None else before - 1 + 5] if allowed else []
        when = "no Angriff" if before is None else f"an Angriff before Schwung {before}"
        if admitted != expected:
            tally.differ(f"{when}: expected {expected or 'none (no Angriff then)'}, model {admitted or 'none'}")
        for seed, rules, starter in itertools.product(seeds, switch_sets, Player):
            deal = Deal.shuffled(seed)
            end, codes, lasts, offered = _play_with_angriff(start_gang(deal, starter, rules), before)
            tally.inputs += 1
            label = f"{when}, Deal.shuffled({seed}), {starter} starts, {_rules_text(rules)}"
            length = end.result.schwuenge
            if offered != allowed or (allowed and [length] != expected) or lasts != [i == length - 1 for i in range(length)]:
                tally.differ(
                    f"{label}: engine {'offers' if offered else 'refuses'} the Angriff, plays {length} Schwünge, last at {lasts}; "
                    f"model length {admitted or 'none'}"
                )
            state: Any = start(deal_args(deal), int(starter), _mask_number(rules))
            for code in codes:
                state = state.apply(action_of(code))
            tally.twin_inputs += 1
            if not state.is_over or state.schwuenge != length or state.result_code != encode_result(end.result):
                tally.differ(f"{label}: engine {length} Schwünge, twin {state.schwuenge} (over: {state.is_over})")
    return tally


def _schedule_sizes(subset: bool) -> Iterator[tuple[int, int]]:
    # every size with enough card sets for the fewest rounds, and every number of sets for the small sizes
    for players in range(3, 25 if subset else MAX_PLAYERS + 1):
        for sets in range(1, players // 2 + 1) if players <= 24 else (1, players // 2) if players <= 64 else (players // 2,):
            yield players, sets


def _check_schedule(subset: bool, broken: str | None, drop: frozenset[str]) -> _Tally:
    tally = _Tally()
    if broken is not None or drop:
        raise InvalidArgumentError("broken", "the schedule has no model variants")
    for players, sets in _schedule_sizes(subset):
        schedule = make_schedule(players, sets)
        tally.inputs += 1
        label = f"{players} Schwinger on {sets} card set{'s' if sets > 1 else ''}"
        modelled = {(m.a, m.b, m.leg) for m in fest_meetings(players)}
        meetings = [(m.a, m.b, m.leg) for m in schedule.meetings]
        # fest.twice_each: the model's meetings, each once; the first leg before the second
        if len(meetings) != len(set(meetings)) or set(meetings) != modelled:
            tally.differ(f"{label}: the schedule's meetings are not the model's {len(modelled)}")
            continue
        if any(schedule.round_of(Meeting(a, b, 1)) >= schedule.round_of(Meeting(a, b, 2)) for a, b, leg in meetings if leg == 1):
            tally.differ(f"{label}: a second meeting comes no later than the first")
        # fest.parallel: a Schwinger fights at most once a round, a round needs a card set per Gang
        for number, r in enumerate(schedule.rounds, 1):
            fighters = [x for m in r for x in (m.a, m.b)]
            if len(fighters) != len(set(fighters)) or len(r) > sets:
                tally.differ(f"{label}: round {number} holds {len(r)} Gänge, {len(fighters) - len(set(fighters))} Schwinger twice")
        # the fewest rounds: n(n-1) Gänge, at most min(sets, n // 2) a round, 2(n-1) Gänge for each Schwinger
        fewest = max(2 * (players - 1), -(-players * (players - 1) // min(sets, players // 2)))
        if len(schedule.rounds) != fewest:
            tally.differ(f"{label}: {len(schedule.rounds)} rounds, the fewest possible is {fewest}")
    return tally


def _kind_results() -> dict[GangKind, GangResult]:
    # one engine result of each kind a Gang can reach (the first in the order of _results)
    out: dict[GangKind, GangResult] = {}
    for result in _results(False):
        out.setdefault(result_kind(result), result)
    return out


class _KindWithoutLemma(KindVar):
    """A ``KindVar`` whose reachability lemma is left out: the starter check fixes every Gang's kind, and the lemma (36 checks over every deal) is no rule."""

    def reachable_from(self, starter_p1: z3.BoolRef) -> z3.BoolRef:
        """True: no lemma."""
        return z3.BoolVal(True)


def _check_match_starter(subset: bool, broken: str | None, drop: frozenset[str]) -> _Tally:
    tally = _Tally()
    if broken is not None:
        raise InvalidArgumentError("broken", "the match model has no broken variants; leave clauses out with drop")
    by_kind = _kind_results()
    kinds = tuple(by_kind)
    seconds = tuple(k for k in kinds if k[0] == GESTELLTER or k == (3, True, False)) if subset else kinds
    systems = (ScoringSystem.SCHWINGERWERTUNG,) if subset else tuple(ScoringSystem)
    readings = (True,) if subset else (True, False)
    for draw_tie in DRAW_TIE_READINGS:
        sw, gl = z3.Bool("x.schwingerwertung"), z3.Bool("x.good_loser_after_plattwurf")
        gangs = [_KindWithoutLemma(f"x.g{i}") for i in range(3)]
        match = MatchModel(gangs, draw_tie, sw, gl, prefix="x.")
        body = z3.And(*(c for cid, c in match.constraints if cid not in drop))
        for first, second, system, good_loser in itertools.product(kinds, seconds, systems, readings):
            rules = Rules(draw_tie_starter=draw_tie, good_loser_after_plattwurf=good_loser)  # type: ignore[arg-type]
            state = start_match(system, MatchLength.SHORT, Player.P0, rules)
            state = state.apply_result(by_kind[first]).apply_result(by_kind[second])
            engine = (state.gaenge[1].starter is Player.P1, state.next_starter is Player.P1)
            fixed = [
                (sw, z3.BoolVal(system is ScoringSystem.SCHWINGERWERTUNG)),
                (gl, z3.BoolVal(good_loser)),
            ]
            for var, kind in zip(gangs, (first, second, second), strict=True):
                row, p1, good = kind
                fixed += [(var.row, z3.BitVecVal(row, 3)), (var.p1_wins, z3.BoolVal(p1 is True)), (var.good, z3.BoolVal(good))]
            solver = z3.SolverFor("QF_BV")
            solver.add(z3.simplify(z3.substitute(body, *fixed)))
            tally.inputs += 1
            label = f"{kind_text(first)}, then {kind_text(second)}, {system.value}, draw_tie_starter={draw_tie}, good_loser_after_plattwurf={good_loser}"
            if solver.check() != z3.sat:
                tally.differ(f"{label}: the model admits no starters")
                continue
            m = solver.model()
            modelled = tuple(z3.is_true(m.eval(match.starter[i], model_completion=True)) for i in (1, 2))
            if modelled != engine:
                tally.differ(f"{label}: engine P1 starts Gang 2, 3: {engine}, model {modelled}")
                continue
            solver.add(z3.Or(match.starter[1] != engine[0], match.starter[2] != engine[1]))
            if solver.check() != z3.unsat:
                tally.differ(f"{label}: the model admits other starters than {engine}")
    return tally


# -- text


def _answer_label(led: Card, answer: Card, hand: int, trump: Colour | None, rules: Rules) -> str:
    return f"{led.code} answered by {answer.code} from {_codes(hand)}, trump {_name(trump)}, {_rules_text(rules)}"


def _codes(mask: int) -> str:
    return " ".join(c.code for c in ALL_CARDS if mask & c.bit) or "nothing"


def _name(trump: Colour | None) -> str:
    return "none" if trump is None else trump.code


def _rules_text(rules: Rules) -> str:
    on = [name for name in MODELLED_SWITCHES if getattr(rules, name)]
    return "switches on: " + (", ".join(on) if on else "none")


def _winner_label(leader: Player, led: Card, answer: Card, *, hand: int, trump: Colour | None, rules: Rules, is_last: bool) -> str:
    return (
        f"{leader} leads {led.code}, {answer.code} answers from {_codes(hand)}, trump {_name(trump)}, "
        f"{'last' if is_last else 'not last'}, {_rules_text(rules)}"
    )


def _clause_order(clause_id: str) -> tuple[int, str]:
    # the winner clauses in the order of WIN_CLAUSES, any other after them
    return (WIN_CLAUSES.index(clause_id) if clause_id in WIN_CLAUSES else len(WIN_CLAUSES), clause_id)


def _winner_text(combo: tuple[bool, bool]) -> str:
    neutral, leader_wins = combo
    return "pending" if neutral else ("leader wins" if leader_wins else "answerer wins")


@attrs.frozen
class _Spec:
    claim: str
    clauses: tuple[str, ...]
    domain: str
    subset: str
    run: Callable[[bool, str | None, frozenset[str]], _Tally]


CHECKS: dict[str, _Spec] = {
    "schwung.allowed": _Spec(
        "which answers are allowed (Farbzwang and its exceptions)",
        FARBZWANG_CLAUSES,
        "led card x answer x trump state (5) x answerer's hand (the answer alone, or with a card of the led colour) "
        "x the 32 switch combinations; Z3 proves the model reads the hand only through that (so the two hands stand "
        "for all 2^25); the twin on a first Schwung dealt to that input, its whole legal mask",
        "7 cards (R1 R5 R6 G1 G6 KR BK), trump R, G or none",
        _check_farbzwang,
    ),
    "table.points": _Spec(
        "the scoring table's row and both players' points for every Gang result, both systems, either reading of good_loser_after_plattwurf",
        ("table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff", "table.sieg_mit_angriff",
         "table.sieg_ohne_angriff", "table.gestellter", "table.gut_gekaempft", "table.columns"),
        "every Gang result: no Angriff (11 Schwünge) or an Angriff by either player after 0-5 Schwünge, every split of "
        "the tricks, no Plattwurf or one of a player holding 5 tricks or more; x 2 systems x 2 readings (one Z3 check "
        "per input and one more showing the points are the only ones); the twin has no scoring",
        "Angriff after 0 or 5 Schwünge",
        _check_scoring,
    ),
    "match.starter": _Spec(
        "who starts the second and third Gang of a match after any two Gang results and the points they give",
        ("match.first_starter", "match.loser_starts", "match.draw_starter", "match.record_points"),
        "the 17 Gang kinds a Gang can reach (row, winner, the loser's 3 tricks) for the first and the second Gang (289 pairs) "
        "x 2 systems x 2 readings of good_loser_after_plattwurf x the 3 readings of draw_tie_starter, the younger player P0 "
        "as in the model; one Z3 check per input and one more showing the starters are the only ones; the twin has no match",
        "first Gang any of the 17 kinds, second a Gestellter or a win of P1 without Angriff, Schwingerwertung, the 3 tie readings",
        _check_match_starter,
    ),
    "gang.length": _Spec(
        "the Gang's length and its last Schwung: 11 Schwünge without an Angriff, k + 5 after one after k, none after the sixth",
        ("gang.end_no_angriff", "gang.end_angriff", "angriff.play_out", "angriff.not_empty_pile", "angriff.once"),
        "no Angriff or an Angriff asked for before Schwung 1-11 (12 timings) against the model's length term; each played by "
        "the engine from 4 deals x 2 starters x the 32 switch combinations (is_last_schwung at every lead) and replayed "
        "action by action through the twin",
        "one deal, the switches all off or all on",
        _check_length,
    ),
    "fest.schedule": _Spec(
        "the Schwingfest schedule for every size the protocol allows: every pair twice (the model's meetings), "
        "one Gang per Schwinger and per card set a round, the fewest rounds",
        ("fest.twice_each", "fest.parallel", "fest.more_players"),
        "every size 3-256 with enough card sets for the fewest rounds (n // 2); also every number of sets from 1 for "
        "3-24 Schwinger, and 1 set for 25-64 (larger sizes on one set hold up to 65,280 rounds: 1.5 s each); the "
        "twin has no Schwingfest",
        "3-24 Schwinger, every number of card sets",
        _check_schedule,
    ),
    "schwung.winner": _Spec(
        "who wins a Schwung, or whether it stays pending (last Schwung or not, void or not), and that the clause the "
        "engine names for it forces that answer by its own constraints",
        WIN_CLAUSES,
        "leader (2) x led card x answer x trump state (5) x last or not x void or not x the 32 switch combinations; "
        "on each, the named clause's first-Schwung constraints alone (none of the other clauses') admit only neutral "
        "for a pending Schwung and refuse the other winner (neutral False) for a decided one, and every other clause "
        "that forces the same answer is counted; the twin on the first Schwung of a Gang dealt to that input, and on "
        "the last Schwung of a Gang with an Angriff before Schwung 1 whose leader wins four Schwünge first, with the "
        "clause that decided",
        "7 cards (R1 R5 R6 G1 G6 KR BK), trump R, G or none",
        _check_winner,
    ),
}
"""The exhaustive checks by name: what each compares, the clauses it checks, its domain and the suite's subset."""


def check_names() -> tuple[str, ...]:
    """The names of the exhaustive checks, in order."""
    return tuple(CHECKS)


def run_exhaustive(
    names: Sequence[str] | None = None,
    *,
    subset: bool = False,
    broken: str | None = None,
    drop: Sequence[str] = (),
) -> tuple[FunctionCheck, ...]:
    """Run the named checks (all by default) on their whole domain, or on the suite's ``subset`` of it.

    ``broken`` names a deliberately wrong variant of the Gang model (``GangModel(broken=...)``):
    the checks then compare the engine with that model, to show they can fail; ``drop``
    leaves the constraints of those clause ids out of the model's terms.
    """
    chosen = check_names() if names is None else tuple(names)
    for name in chosen:
        if name not in CHECKS:
            raise InvalidArgumentError("names", f"unknown exhaustive check {name!r}; known: {', '.join(CHECKS)}")
    out = []
    for name in chosen:
        spec = CHECKS[name]
        began = time.perf_counter()
        tally = spec.run(subset, broken, frozenset(drop))
        out.append(
            FunctionCheck(
                name=name,
                claim=spec.claim,
                clauses=spec.clauses,
                domain=spec.subset if subset else spec.domain,
                inputs=tally.inputs,
                twin_inputs=tally.twin_inputs,
                disagreements=tuple(tally.disagreements),
                seconds=time.perf_counter() - began,
                complete=not subset,
                named_clauses=tuple(sorted(tally.named.items(), key=lambda item: _clause_order(item[0]))),
                overlaps=tuple((named, other, n) for (named, other), n in sorted(tally.overlaps.items())),
                others_together=tuple(sorted(tally.others_together.items(), key=lambda item: _clause_order(item[0]))),
            )
        )
    return tuple(out)


def checks_json(checks: Sequence[FunctionCheck]) -> list[dict[str, object]]:
    """The checks as JSON values: name, claim, clauses, domain, inputs, twin_inputs, clause_inputs, named_clauses, overlaps, others_together, disagreements, seconds, complete."""
    return [
        {
            "name": c.name,
            "claim": c.claim,
            "clauses": list(c.clauses),
            "domain": c.domain,
            "inputs": c.inputs,
            "twin_inputs": c.twin_inputs,
            "clause_inputs": c.clause_inputs,
            "named_clauses": dict(c.named_clauses),
            "overlaps": [{"clause": named, "also": other, "inputs": n} for named, other, n in c.overlaps],
            "others_together": dict(c.others_together),
            "disagreements": list(c.disagreements),
            "seconds": round(c.seconds, 2),
            "complete": c.complete,
        }
        for c in checks
    ]


def format_checks(checks: Sequence[FunctionCheck]) -> str:
    """A plain table: name, inputs, through the twin, with the engine's clause checked alone, disagreements, seconds.

    Under a check with a clause part: the inputs of each named clause, each overlap
    (another clause forcing the same answer) or that there is none, and where the other
    clauses together force it or that they never do.
    """
    lines = [f"{'check':<22} {'inputs':>10} {'twin':>9} {'clause':>9} {'differ':>6} {'s':>7}"]
    for c in checks:
        lines.append(f"{c.name:<22} {c.inputs:>10,} {c.twin_inputs:>9,} {c.clause_inputs:>9,} {len(c.disagreements):>6} {c.seconds:>7.2f}")
        lines.extend(f"  {d}" for d in c.disagreements)
        if c.named_clauses:
            lines.append("  named clause alone: " + ", ".join(f"{cid} {n:,}" for cid, n in c.named_clauses))
            lines.extend(f"  {other} also forces what the engine decides by {named}: {n:,} inputs" for named, other, n in c.overlaps)
            if not c.overlaps:
                lines.append("  no other clause forces the same answer on any input")
            lines.extend(f"  the other clauses together force what the engine decides by {named}: {n:,} inputs" for named, n in c.others_together)
            if not c.others_together:
                lines.append("  without the named clause the others leave the answer open on every input")
    return "\n".join(lines)
