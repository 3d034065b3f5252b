"""The game proved well-formed in the sense of General Game Playing (GDL-II): every Gang ends, a player always has a legal action until it does, and the mover's legal actions follow from what it sees."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import COUNTEREXAMPLE, PROVED, UNKNOWN, Outcome, Query, core_ids, new_solver
from schwinget_spec.proofs.cards_queries import _Chain, _lemma_empty
from schwinget_spec.proofs.model import (
    CARD_BITS,
    MASK_BITS,
    MAX_SCHWUENGE,
    MODELLED_SWITCHES,
    GangModel,
    all_tags,
    rules_from,
)
from schwinget_spec.proofs.replay import extract_witness, model_bool, model_int, replay
from schwinget_spec.trick import allowed_answers

__all__ = [
    "BREACHES",
    "MAX_ACTIONS",
    "WELLFORMED_QUERIES",
    "mover_knows_its_moves",
    "playability",
    "termination",
]

MAX_ACTIONS = 3 * MAX_SCHWUENGE + 1
"""The most actions a Gang can take: a lead, an answer and a choice of the next leader per Schwung, and one Angriff."""

BREACHES: dict[str, str] = {
    "gang_runs_past_the_cards": "gang.end_no_angriff reads 12 Schwünge instead of 11",
    "farbzwang_without_void": "Farbzwang without schwung.void_any: a hand void in the led colour may answer only trump or a special card",
    "farbzwang_peeks": "the void exception of Farbzwang looks at the leader's hand too (the answerer counts as void only if the leader holds no other card of the led colour)",
}
"""Deliberately wrong variants of the model, one per well-formedness property: each must give a witness the engine refutes."""

_FULL = (1 << 26) - 1


def _bv(value: int, bits: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, bits)


def _bit(card: z3.BitVecRef) -> z3.BitVecRef:
    return z3.BitVecVal(1, MASK_BITS) << z3.ZeroExt(MASK_BITS - CARD_BITS, card)


def _holds(hand: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    return (hand & _bit(card)) != _bv(0, MASK_BITS)


def _at_most_five(hand: z3.BitVecRef) -> z3.BoolRef:
    bits = [z3.ZeroExt(7, z3.Extract(i, i, hand)) for i in range(26)]
    return z3.And((hand & ~_bv(_FULL, MASK_BITS)) == _bv(0, MASK_BITS), z3.ULE(z3.Sum(*bits), _bv(5, 8)))


def _check_breach(breach: str | None) -> None:
    if breach is not None and breach not in BREACHES:
        raise InvalidArgumentError("breach", f"unknown breach {breach!r}; known: {sorted(BREACHES)}")


def _model(breach: str | None) -> GangModel:
    """The Gang model, with the constraint a breach changes replaced."""
    m = GangModel()
    if breach == "gang_runs_past_the_cards":
        m.constraints = [
            (cid, z3.Implies(z3.Not(m.has_angriff), m.length == _bv(12, 5)) if cid == "gang.end_no_angriff" else c)
            for cid, c in m.constraints
        ]
    return m


def _farbzwang(m: GangModel, s: int, breach: str | None) -> z3.BoolRef:
    """The model's Farbzwang term of Schwung s, or its breached variant."""
    term = next(c for (cid, c), at in zip(m.constraints, m.step_of, strict=True) if cid == "schwung.farbzwang" and at == s)
    if breach == "farbzwang_without_void":
        return z3.substitute(term, (z3.Bool("tag:schwung.void_any"), z3.BoolVal(False)))
    if breach == "farbzwang_peeks":
        # the void test also reads the leader's other cards
        answerer = m.hand_of(z3.Not(m.leader[s]), s)
        others = m.hand_of(m.leader[s], s) & ~_bit(m.led[s])
        colour_mask = _colour_mask_of(m.led[s])
        void_own = (answerer & colour_mask) == _bv(0, MASK_BITS)
        void_peek = z3.And(void_own, (others & colour_mask) == _bv(0, MASK_BITS))
        return z3.substitute(term, (void_own, void_peek))
    return term


def _colour_mask_of(card: z3.BitVecRef) -> z3.BitVecRef:
    from schwinget_spec.proofs.model import _colour_mask, card_colour  # noqa: PLC0415

    return _colour_mask(card_colour(card))


# -- termination


def termination(breach: str | None = None) -> Outcome:
    """Every Gang the model admits ends after 5 to 11 Schwünge and at most ``MAX_ACTIONS`` actions, and both hands are then empty.

    The length bound is one check over every deal and play; the hands being empty at the
    end is ``inv.hands_empty_at_end``, and a Schwung past the end changes nothing
    (``gang.end_angriff``). A counterexample is a Gang the model plays longer: it is
    replayed through the engine, which must end it sooner.
    """
    _check_breach(breach)
    m = _model(breach)
    s = new_solver()
    m.assert_into(s)
    actions = z3.Sum(
        *(z3.If(m.active(t), z3.If(m.neutral[t], _bv(3, 8), _bv(2, 8)), _bv(0, 8)) for t in range(MAX_SCHWUENGE)),
        z3.If(m.has_angriff, _bv(1, 8), _bv(0, 8)),
    )
    bounded = z3.And(z3.UGE(m.length, _bv(5, 5)), z3.ULE(m.length, _bv(MAX_SCHWUENGE, 5)), z3.ULE(actions, _bv(MAX_ACTIONS, 8)))
    s.add(z3.Not(bounded))
    r = s.check(*all_tags([m]))
    if r == z3.unsat:
        return Outcome(PROVED, core_ids(s), f"5 to {MAX_SCHWUENGE} Schwünge, at most {MAX_ACTIONS} actions")
    if r != z3.sat:
        return Outcome(UNKNOWN)
    w = extract_witness(s.model(), m)
    length = model_int(s.model(), m.length)
    end = replay(w.deck, w.starter, w.actions, w.rules)
    engine = end.result.schwuenge if end.is_over else None
    detail = f"model: {length} Schwünge; engine: {'over after ' + str(engine) if engine is not None else 'not over'}; {w.describe()}"
    if engine == length:
        raise InvalidArgumentError("breach", f"the engine plays the witness as long as the model: {detail}")
    return Outcome(COUNTEREXAMPLE, (), detail)


# -- playability


def _someone_may_answer(m: GangModel, breach: str | None) -> tuple[z3.BoolRef, z3.BitVecRef, z3.BitVecRef]:
    """(Some card of a hand ``H`` may answer the first Schwung's lead, ``H``, the led card), for any hand, led card, trump and switches."""
    hand = z3.BitVec("wf.hand", MASK_BITS)
    term = _farbzwang(m, 0, breach)
    # the answerer is P1 and holds ``hand``; the Schwung is played
    base = z3.substitute(term, (m.leader[0], z3.BoolVal(False)), (m.hands[1][0], hand), (m.length, _bv(MAX_SCHWUENGE, 5)))
    options = [
        z3.And(_holds(hand, _bv(i, CARD_BITS)), z3.substitute(base, (m.answer[0], _bv(i, CARD_BITS)))) for i in range(26)
    ]
    return z3.Or(*options), hand, m.led[0]


def playability(breach: str | None = None) -> Outcome:
    """Every state that is not over has a legal action for the player to move, over every deal and play.

    Three parts. (1) At every Schwung played (11 checks) both hands hold a card: from the
    hand sizes the card chain proved (``inv.cards_conserved``: each hand counts 5, less one
    per Schwung, plus one per draw) and the Gang length. (2) For every non-empty hand, led
    card, trump and switches some card of the hand may answer (the disjunction over the 26
    cards of the model's Farbzwang term); so the leader may lead any card it holds and the
    answerer always has an answer. (3) After a neutralised trick the next leader is the
    Kampfrichter player's free choice: ``choice`` is constrained by nothing else. A
    counterexample to (2) is a hand with no answer: the engine must find one.
    """
    _check_breach(breach)
    c = _Chain()
    m, pop = c.g, c.pop
    tags = all_tags([m])
    length_clauses = ("angriff.who", "angriff.once", "angriff.not_empty_pile", "gang.end_angriff", "gang.end_no_angriff")
    core: set[str] = set()
    for t in range(MAX_SCHWUENGE):
        s = z3.SolverFor("QF_UFBV")
        s.set("core.minimize", True)
        for claim in c.constraints(only=length_clauses):
            s.add(claim)
        for q in (0, 1):
            s.add(pop(m.hands[q][t]) == c.size[t], _lemma_empty(pop, m.hands[q][t]))
        s.add(m.active(t), z3.Or(m.hands[0][t] == _bv(0, MASK_BITS), m.hands[1][t] == _bv(0, MASK_BITS)))
        r = s.check(*tags)
        if r != z3.unsat:
            return Outcome(COUNTEREXAMPLE if r == z3.sat else UNKNOWN, (), f"a hand may be empty at Schwung {t + 1}")
        core |= set(core_ids(s))
    model = GangModel()
    some, hand, led = _someone_may_answer(model, breach)
    s = new_solver()
    s.add(hand != _bv(0, MASK_BITS), (hand & ~_bv(_FULL, MASK_BITS)) == _bv(0, MASK_BITS), z3.ULT(led, _bv(26, CARD_BITS)))
    s.add(z3.ULT(model.deck[10], _bv(26, CARD_BITS)), z3.Not(_holds(hand, led)))
    s.add(z3.Not(some))
    r = s.check(z3.Bool("tag:schwung.void_any"), z3.Bool("tag:trump.anytime"))
    if r == z3.unsat:
        core |= {"schwung.farbzwang", "schwung.lead", *core_ids(s)}
        return Outcome(PROVED, tuple(sorted(core)), "both hands hold a card at every Schwung played; every non-empty hand has an answer")
    if r != z3.sat:
        return Outcome(UNKNOWN)
    found = s.model()
    held = model_int(found, hand)
    led_card = Card.from_index(model_int(found, led))
    revealed = Card.from_index(model_int(found, model.deck[10]))
    rules = rules_from({name: model_bool(found, model.switch[name]) for name in MODELLED_SWITCHES})
    engine = allowed_answers(held, led_card, revealed.colour, rules)
    codes = " ".join(card.code for card in ALL_CARDS if held & card.bit)
    detail = f"model: no answer to {led_card.code} from {codes}, revealed {revealed.code}; engine allows {' '.join(card.code for card in ALL_CARDS if engine & card.bit) or 'nothing'}"
    if not engine:
        raise InvalidArgumentError("breach", f"the engine finds no answer either: {detail}")
    return Outcome(COUNTEREXAMPLE, (), detail)


# -- the mover can know its moves


def _renamed(terms: Sequence[z3.ExprRef], keep: set[str], suffix: str) -> list[z3.ExprRef]:
    """The terms with every constant not in ``keep`` replaced by a fresh copy named with ``suffix``."""
    from schwinget_spec.proofs.evaluate import free_constants  # noqa: PLC0415

    pairs = []
    seen: dict[str, z3.ExprRef] = {}
    stack = list(terms)
    while stack:
        e = stack.pop()
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            seen.setdefault(e.decl().name(), e)
        stack.extend(e.children())
    names = free_constants(terms)
    for name in names:
        if name in keep or name.startswith("tag:"):
            continue
        const = seen[name]
        pairs.append((const, z3.Const(name + suffix, const.sort())))
    return [z3.substitute(t, *pairs) for t in terms]


@attrs.frozen
class _ViewWitness:
    hand: int
    leads: tuple[int, int]
    led: Card
    revealed: Card
    answer: Card
    rules: object


def mover_knows_its_moves(breach: str | None = None) -> Outcome:
    """Any two states that look the same to the player to move have the same legal actions, at every Schwung.

    For each Schwung s, the model's terms that decide legality (the lead: ``schwung.lead``
    and the Angriff clauses; the answer: ``schwung.farbzwang``) are copied with every
    constant the mover does not see renamed (the other hand, the deck but the revealed
    card, the pile, later choices); the mover's view is kept: its own hand, the led card,
    the revealed card, who leads, the Angriffe so far, the Schwung's number and the
    switches. Then no action is legal in one copy and not in the other (22 checks). A
    counterexample is two states of one view with different legal answers: both are dealt
    to the engine, whose legal actions must be the same for both.
    """
    _check_breach(breach)
    m = GangModel()
    core: set[str] = set()
    for s in range(MAX_SCHWUENGE):
        leader = m.leader[s]
        # the answerer's view: its hand, the led card, the revealed card, who leads, the switches
        answerer = m.hand_of(z3.Not(leader), s)
        view = {m.leader[s].decl().name(), m.led[s].decl().name(), m.deck[10].decl().name(), m.answer[s].decl().name(), m.length.decl().name()}
        view |= {m.switch[n].decl().name() for n in MODELLED_SWITCHES}
        answer_term = _farbzwang(m, s, breach)
        lead_hand = m.hand_of(leader, s)
        copy, answerer_copy, lead_hand_copy = _renamed([answer_term, answerer, lead_hand], view, "'")
        solver = new_solver()
        solver.add(answerer == answerer_copy, answer_term != copy)
        # states a Gang can reach: hands of at most 5 cards, apart, the leader holding the led card
        for hand, other in ((answerer, lead_hand), (answerer, lead_hand_copy)):
            solver.add(_at_most_five(hand), _at_most_five(other), (hand & other) == _bv(0, MASK_BITS), _holds(other, m.led[s]))
            solver.add(z3.Not(_holds(hand, m.deck[10])), z3.Not(_holds(other, m.deck[10])), z3.ULT(m.deck[10], _bv(26, CARD_BITS)))
        # the led and the answered card are cards (indices 0-25), so that a counterexample can be dealt to the engine
        solver.add(z3.ULT(m.led[s], _bv(26, CARD_BITS)), z3.ULT(m.answer[s], _bv(26, CARD_BITS)))
        r = solver.check(z3.Bool("tag:schwung.void_any"), z3.Bool("tag:trump.anytime"))
        if r == z3.sat:
            return _view_counterexample(solver.model(), m, s, answerer, copy)
        if r != z3.unsat:
            return Outcome(UNKNOWN)
        # the leader's view: its hand, the Angriffe so far, the Schwung's number (the length follows from them)
        lead_terms = [
            z3.And(c)
            for (cid, c), at in zip(m.constraints, m.step_of, strict=True)
            if (at == s and cid in ("schwung.lead", "angriff.who")) or (at is None and cid in ("angriff.once", "angriff.not_empty_pile", "gang.end_angriff", "gang.end_no_angriff"))
        ]
        view = {m.leader[s].decl().name(), m.led[s].decl().name(), m.length.decl().name()}
        view |= {a.decl().name() for a in m.angriff}
        lead = z3.And(*lead_terms)
        copy_lead, hand_copy = _renamed([lead, lead_hand], view, "'")
        solver = new_solver()
        solver.add(lead_hand == hand_copy, lead != copy_lead)
        r = solver.check(*all_tags([m]))
        if r != z3.unsat:
            return Outcome(COUNTEREXAMPLE if r == z3.sat else UNKNOWN, (), f"the leader's legal actions at Schwung {s + 1} depend on what it does not see")
        core |= {"schwung.farbzwang", "schwung.lead"}
    return Outcome(PROVED, tuple(sorted(core)), f"{2 * MAX_SCHWUENGE} checks: the lead and the answer of every Schwung")


def _view_counterexample(found: z3.ModelRef, m: GangModel, s: int, answerer: z3.BitVecRef, copy: z3.BoolRef) -> Outcome:
    """Two deals of one view with different legal answers in the breached model: the engine must give both the same."""
    hand = model_int(found, answerer)
    led = Card.from_index(model_int(found, m.led[s]))
    answer = Card.from_index(model_int(found, m.answer[s]))
    revealed = Card.from_index(model_int(found, m.deck[10]))
    rules = rules_from({name: model_bool(found, m.switch[name]) for name in MODELLED_SWITCHES})
    detail = f"Schwung {s + 1}: {answer.code} answering {led.code} from {' '.join(c.code for c in ALL_CARDS if hand & c.bit)} (revealed {revealed.code}) is legal in one state and not in the other"
    # the engine: the same answerer's hand against two leader's hands, one holding the led colour and one not
    legal = [_engine_answers(hand, led, revealed, rules, with_colour) for with_colour in (False, True)]
    if None in legal:
        return Outcome(COUNTEREXAMPLE, (), detail + "; not dealt to the engine (no deal of 5 cards each fits)")
    if legal[0] != legal[1]:
        raise InvalidArgumentError("breach", f"the engine's legal answers differ too: {detail}")
    return Outcome(COUNTEREXAMPLE, (), detail + f"; engine: the same {len(legal[0] or ())} legal answers in both")


def _engine_answers(hand: int, led: Card, revealed: Card, rules: object, leader_holds_colour: bool) -> tuple[str, ...] | None:
    """The engine's legal answers at Schwung 1 with P1 holding 5 cards including ``hand``'s and P0 leading ``led``; None if no such deal exists."""
    used = hand | led.bit | revealed.bit
    own = [c for c in ALL_CARDS if hand & c.bit]
    if len(own) > 5 or hand & led.bit or hand & revealed.bit:
        return None
    free = [c for c in ALL_CARDS if not used & c.bit and c.colour is not led.colour]
    same = [c for c in ALL_CARDS if not used & c.bit and c.colour is led.colour and c.colour is not None]
    if leader_holds_colour and not same:
        return None
    # the answerer's hand first, the same in both deals; then the leader's from what is left
    p1 = own + free[: 5 - len(own)]
    taken = {c.index for c in p1}
    rest = [c for c in free if c.index not in taken]
    p0 = [led, *(same[:1] if leader_holds_colour else []), *rest[: 4 - (1 if leader_holds_colour else 0)]]
    taken |= {c.index for c in p0}
    left = [c for c in ALL_CARDS if c.index not in taken and c is not revealed]
    if len(p0) != 5 or len(p1) != 5 or len(left) != 15:
        return None
    deal = Deal(hands=(tuple(p0), tuple(p1)), revealed=revealed, face_down=tuple(left[12:]), pile=tuple(left[:12]))
    state = start_gang(deal, Player.P0, rules).apply(led.code)  # type: ignore[arg-type]
    return state.legal_action_codes()


_QUERY_BODIES: tuple[tuple[str, str, Callable[[str | None], Outcome], str], ...] = (
    (
        "wf.terminates",
        "every Gang ends after 5 to 11 Schwünge and at most 34 actions, both hands then empty (GDL-II: termination)",
        termination,
        "gang_runs_past_the_cards",
    ),
    (
        "wf.playable",
        "every state not over has a legal action for the player to move: both hands hold a card at every Schwung played, "
        "every non-empty hand has an answer, the next leader is a free choice (GDL-II: playability)",
        playability,
        "farbzwang_without_void",
    ),
    (
        "wf.view_decides_legal",
        "two states that look the same to the player to move have the same legal actions, at every Schwung (GDL-II: the "
        "mover can know its moves)",
        mover_knows_its_moves,
        "farbzwang_peeks",
    ),
)


def _body(run: Callable[[str | None], Outcome], breach: str | None) -> Callable[[], Outcome]:
    def body() -> Outcome:
        return run(breach)

    return body


WELLFORMED_QUERIES: tuple[Query, ...] = tuple(
    q
    for name, claim, run, breach in _QUERY_BODIES
    for q in (
        Query(name, claim, PROVED, _body(run, None)),
        Query(f"{name}.broken", f"with {BREACHES[breach]}: a counterexample the engine refutes", COUNTEREXAMPLE, _body(run, breach), slow=True),
    )
)
"""The three well-formedness queries, each with its broken-model twin (slow set) that must find a counterexample the engine refutes."""
