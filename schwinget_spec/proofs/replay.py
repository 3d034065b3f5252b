"""Witnesses of the Z3 model as explicit Gänge: a Deal, a starter and action codes, replayed through the Python engine."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.proofs.model import MAX_SCHWUENGE, MODELLED_SWITCHES, GangModel, rules_from
from schwinget_spec.rules import Rules

__all__ = ["Witness", "assert_trace", "extract_witness", "model_bool", "model_int", "replay"]


@attrs.frozen
class Witness:
    """One Gang found by Z3: the deck (top card first), the starter, the action codes and the switches."""

    deck: tuple[Card, ...]
    starter: Player
    actions: tuple[str, ...]
    rules: Rules
    model_tricks: tuple[int, int]
    model_outcome: int

    @property
    def deal(self) -> Deal:
        """The deal the deck gives (``Deal.from_deck``)."""
        return Deal.from_deck(self.deck)

    def describe(self) -> str:
        """The witness in one line: deal, starter and actions."""
        return f"{self.deal!r} starter={self.starter} actions={' '.join(self.actions)} rules={self.rules}"


def model_int(model: z3.ModelRef, expr: z3.ExprRef) -> int:
    """The value ``model`` gives the bit-vector ``expr`` (0 where the model leaves it free)."""
    return int(model.eval(expr, model_completion=True).as_long())


def model_bool(model: z3.ModelRef, expr: z3.ExprRef) -> bool:
    """The value ``model`` gives the Bool ``expr`` (False where the model leaves it free)."""
    return bool(z3.is_true(model.eval(expr, model_completion=True)))


def extract_witness(model: z3.ModelRef, gang: GangModel) -> Witness:
    """The explicit Gang that ``model`` assigns to the variables of ``gang``."""
    deck = tuple(Card.from_index(model_int(model, c)) for c in gang.deck)
    starter = Player.P1 if model_bool(model, gang.starter) else Player.P0
    length = model_int(model, gang.length)
    actions: list[str] = []
    for s in range(min(length, MAX_SCHWUENGE)):
        if model_bool(model, gang.angriff[s]):
            actions.append("A")
        actions.append(Card.from_index(model_int(model, gang.led[s])).code)
        actions.append(Card.from_index(model_int(model, gang.answer[s])).code)
        if model_bool(model, gang.neutral[s]):
            actions.append("L1" if model_bool(model, gang.choice[s]) else "L0")
    rules = rules_from({name: model_bool(model, gang.switch[name]) for name in MODELLED_SWITCHES})
    tricks = (model_int(model, gang.final_tricks(0)), model_int(model, gang.final_tricks(1)))
    return Witness(deck, starter, tuple(actions), rules, tricks, model_int(model, gang.outcome_code()))


def replay(deck: Sequence[Card], starter: Player, actions: Sequence[str], rules: Rules) -> GangState:
    """The engine's final state after playing ``actions`` from the deal of ``deck``; raises the engine's error on an illegal action."""
    state = start_gang(Deal.from_deck(deck), starter, rules)
    for code in actions:
        state = state.apply(code)
    return state


def outcome_index(result: GangResult) -> int:
    """The position of the engine's outcome in ``Outcome``, the model's outcome code."""
    return list(type(result.outcome)).index(result.outcome)


def assert_trace(
    gang: GangModel, deck: Sequence[Card], starter: Player, actions: Sequence[str], rules: Rules
) -> list[z3.BoolRef]:
    """Constraints fixing ``gang`` to the concrete Gang ``actions`` (codes as the engine takes them).

    The trace is cut into Schwünge by reading the codes: an optional ``A``, the led card,
    the answer, and ``L0``/``L1`` after a neutralised trick. Actions after the last full
    Schwung fix the prefix only. The constraints are untagged: they are the trace, not a rule.
    """
    out: list[z3.BoolRef] = [gang.rules_equal(rules), gang.starter == (starter is Player.P1)]
    out += [c == card.index for c, card in zip(gang.deck, deck, strict=True)]
    s = 0
    i = 0
    codes = list(actions)
    while i < len(codes) and s < MAX_SCHWUENGE:
        attack = codes[i] == "A"
        out.append(gang.angriff[s] == attack)
        if attack:
            i += 1
        if i < len(codes):
            out.append(gang.led[s] == Card.parse(codes[i]).index)
            i += 1
        if i < len(codes):
            out.append(gang.answer[s] == Card.parse(codes[i]).index)
            i += 1
        if i < len(codes) and codes[i] in ("L0", "L1"):
            out.append(gang.neutral[s])
            out.append(gang.choice[s] == (codes[i] == "L1"))
            i += 1
        s += 1
    return out
