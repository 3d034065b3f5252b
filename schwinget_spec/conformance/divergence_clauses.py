"""Which clause of the booklet a difference between an implementation and the reference points at."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from schwinget_spec.cards import Card
from schwinget_spec.deal import PILE_SIZE
from schwinget_spec.gang import GangState, Phase

__all__ = ["allowing_clause", "end_clause", "legal_actions_clause", "result_clause", "state_clause"]


def end_clause(state: GangState) -> str:
    """The clause that ends the Gang of ``state``: with an Angriff or without."""
    return "gang.end_angriff" if state.angriff is not None else "gang.end_no_angriff"


def _answer_clause(state: GangState, code: str) -> str:
    """The clause that allows answering ``code`` in ``state`` (``Phase.ANSWER``)."""
    card = Card.parse(code)
    led = state.led
    assert led is not None
    if led.colour is None:
        return "cards.special"
    if card.colour is led.colour:
        return "schwung.farbzwang"
    if not any(c.colour is led.colour for c in state.hand(state.to_move)):
        return "schwung.void_any"
    if card.colour is not None and card.colour is state.trump:
        return "trump.anytime"
    return "schwung.farbzwang"


def allowing_clause(state: GangState, code: str) -> str:
    """The clause that allows the legal action ``code`` in ``state``."""
    if code == "A":
        return "angriff.who"
    if code in ("L0", "L1"):
        return "kampfrichter.chooses"
    if state.phase is Phase.ANSWER:
        return _answer_clause(state, code)
    return "schwung.lead"


def legal_actions_clause(state: GangState, extra: Collection[str], missing: Collection[str]) -> str:
    """The clause behind a difference of the legal actions in ``state``: ``extra`` offered, ``missing`` not offered."""
    if state.phase is Phase.CHOOSE_LEADER:
        return "kampfrichter.chooses"
    if state.phase is Phase.OVER:
        return end_clause(state)
    if "A" in extra:
        if state.phase is not Phase.LEAD:
            return "angriff.who"
        if state.angriff is not None:
            return "angriff.once"
        if state.pile_drawn >= PILE_SIZE:
            return "angriff.not_empty_pile"
        return "angriff.who"
    if extra:
        error = state.why_illegal(sorted(extra)[0])
        return error.clause_id if error is not None and error.clause_id else "gang.turn"
    return allowing_clause(state, sorted(missing)[0])


def state_clause(field: str, before: GangState, action: str | None, after: GangState, impl_over: bool) -> str | None:
    """The clause behind a difference of the state ``field`` after ``action`` (None: at the start) took ``before`` to ``after``."""
    if action is None:
        return "deal.hands" if field == "hands" else "deal.pile" if field == "pile_size" else "gang.turn"
    if field in ("pile_size", "hands"):
        if action == "A":
            return "angriff.locks_pile"
        if action in ("L0", "L1"):
            return "kampfrichter.chooses"
        if before.angriff is not None:
            return "angriff.locks_pile"
        return "schwung.lead_draw" if before.phase is Phase.LEAD else "schwung.answer_draw"
    # to_move or tricks
    if action == "A":
        return "angriff.who"
    if action in ("L0", "L1"):
        return "kampfrichter.chooses"
    if before.phase is Phase.LEAD:
        return "schwung.answer"
    record = after.history[-1]
    if record.clause_id in ("kampfrichter.last_schwung", "konter.last_trick"):
        return record.clause_id
    if after.is_over != impl_over:
        return end_clause(after)
    if field == "tricks" and record.tricks == 2:
        return "kampfrichter.collect"
    return record.clause_id


def result_clause(field: str, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> str:
    """The clause behind a difference of the result ``field``."""
    if field == "tricks":
        return "trick.winner_takes"
    if field == "schwuenge":
        return "gang.end_angriff" if expected.get("angriff") is not None else "gang.end_no_angriff"
    if field == "angriff":
        return "angriff.who"
    if expected.get("plattwurf") is not None or actual.get("plattwurf") is not None:
        return "plattwurf.definition"
    return "gang.more_tricks_wins"
