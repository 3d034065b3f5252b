"""Three engines, one game: Gänge played by the reference engine, stepped in lockstep through the compiled twin, and replayed through every constraint of the Z3 model."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.actions import ANGRIFF, Action, ChooseLeader
from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.gang_parts import Phase
from schwinget_spec.players import Player
from schwinget_spec.proofs.evaluate import compile_terms, free_constants
from schwinget_spec.proofs.exhaustive import SWITCH_RULES
from schwinget_spec.proofs.model import MAX_SCHWUENGE, MODELLED_SWITCHES, GangModel
from schwinget_spec.rng import SplitMix64

__all__ = ["DifferentialRun", "GangTrace", "format_run", "play_gang", "run_differential"]

_STEERED_WEIGHT = 6
"""How many times more likely a steered Gang takes the Angriff, a special card or a 6 than any other action."""
_MAX_REPORTED = 5


@attrs.frozen
class DifferentialRun:
    """What a differential run compared: Gänge, actions (each compared three ways), and the first disagreements."""

    gaenge: int
    actions: int
    disagreements: tuple[str, ...]
    seconds: float
    engine: str
    decided_by: tuple[tuple[str, int], ...] = ()
    """How many of the Schwünge compared each clause decided (``SchwungRecord.clause_id``), most first."""

    @property
    def ok(self) -> bool:
        """True when the three engines agreed on every action and every result."""
        return not self.disagreements


@attrs.frozen
class GangTrace:
    """One Gang played by the engine: the deal, starter, rules, the actions, and the legal actions before each."""

    deal: Deal
    starter: Player
    switches: int
    actions: tuple[Action, ...]
    legal: tuple[tuple[str, ...], ...]
    states: tuple[GangState, ...]


def _weight(action: Action) -> int:
    if action is ANGRIFF:
        return _STEERED_WEIGHT
    card = getattr(action, "card", None)
    if isinstance(card, Card) and (card.colour is None or card.is_brienzer_schwung):
        return _STEERED_WEIGHT
    return 1


def _pick(options: tuple[Action, ...], weights: list[int], x: int) -> Action:
    pick = x % sum(weights)
    for option, w in zip(options, weights, strict=True):
        if pick < w:
            return option
        pick -= w
    raise AssertionError("the weights add up to their sum")


def play_gang(deal: Deal, starter: Player, switches: int, seed: int, *, steered: bool) -> GangTrace:
    """The Gang on ``deal`` played by the engine under switch combination ``switches`` (an index of ``SWITCH_RULES``).

    Each decision is drawn from ``SplitMix64.seeded(seed)``: uniformly among the legal
    actions, or, ``steered``, with the Angriff, the special cards and the 6s
    ``_STEERED_WEIGHT`` times as likely (the rare branches of the rules).
    """
    state = start_gang(deal, starter, SWITCH_RULES[switches])
    rng = SplitMix64.seeded(seed)
    actions: list[Action] = []
    legal: list[tuple[str, ...]] = []
    states = [state]
    while not state.is_over:
        options = state.legal_actions()
        legal.append(tuple(a.code for a in options))
        weights = [_weight(a) if steered else 1 for a in options]
        x, rng = rng.next()
        action = _pick(options, weights, x)
        actions.append(action)
        state = state.apply(action)
        states.append(state)
    return GangTrace(deal, starter, switches, tuple(actions), tuple(legal), tuple(states))


class _Model:
    """The Z3 model's constraints compiled once: the whole Gang as one conjunction, and the Farbzwang of one Schwung."""

    def __init__(self, broken: str | None) -> None:
        self.gang = m = GangModel(broken=broken)
        everything = z3.And(*(z3.Implies(GangModel.tag(cid), c) for cid, c in m.constraints))
        self.names = free_constants([everything])
        self.whole = compile_terms([everything, m.outcome_code()], self.names)
        farbzwang = next(c for (cid, c), at in zip(m.constraints, m.step_of, strict=True) if cid == "schwung.farbzwang" and at == 0)
        self.answer_names = free_constants([farbzwang])
        self.answer = compile_terms([farbzwang], self.answer_names)

    def allowed(self, led: Card, hand: int, leader: Player, revealed: Card, switches: dict[str, bool]) -> tuple[str, ...]:
        """The answers the model's Farbzwang term allows from ``hand`` (the answerer's) to ``led``."""
        out = []
        values: dict[str, int | bool] = {
            "led0": led.index,
            "deck10": revealed.index,
            "length": MAX_SCHWUENGE,
            "leader0": leader is Player.P1,
            "hand0_0" if leader is Player.P1 else "hand1_0": hand,
            "hand1_0" if leader is Player.P1 else "hand0_0": 0,
            **{f"rules.{k}": v for k, v in switches.items()},
        }
        for card in ALL_CARDS:
            if hand & card.bit:
                values["answer0"] = card.index
                (ok,) = self.answer(*(True if n.startswith("tag:") else values[n] for n in self.answer_names))
                if ok:
                    out.append(card.code)
        return tuple(out)


def _assignment(trace: GangTrace, m: GangModel) -> dict[str, int | bool]:
    """Every variable of the model given the values the engine's Gang gives it."""
    final = trace.states[-1]
    values: dict[str, int | bool] = {f"deck{i}": card.index for i, card in enumerate(trace.deal.deck)}
    values["starter"] = trace.starter is Player.P1
    rules = SWITCH_RULES[trace.switches]
    values.update({f"rules.{name}": bool(getattr(rules, name)) for name in MODELLED_SWITCHES})
    values["length"] = final.result.schwuenge
    history = final.history
    angriff_before = None if final.angriff is None else final.angriff.after_schwung
    # the state before each Schwung: the first at its lead (before an Angriff started there)
    leads: dict[int, GangState] = {}
    for state in trace.states:
        if state.phase is Phase.LEAD and len(state.history) not in leads:
            leads[len(state.history)] = state
    chosen: dict[int, bool] = {}
    for before, action in zip(trace.states, trace.actions, strict=False):
        if isinstance(action, ChooseLeader):
            chosen[len(before.history) - 1] = action.player is Player.P1
    for s in range(MAX_SCHWUENGE + 1):
        at = leads.get(s, final)
        for q in (0, 1):
            values[f"hand{q}_{s}"] = at.hands[q]
            values[f"tricks{q}_{s}"] = at.tricks[q]
        values[f"pending{s}"] = at.pending is not None
        if s < len(history):
            values[f"leader{s}"] = history[s].leader is Player.P1
        elif s == len(history) and history:
            last = history[-1]
            values[f"leader{s}"] = last.winner is Player.P1
        else:
            values[f"leader{s}"] = bool(values.get(f"leader{s - 1}", False))
    for s in range(MAX_SCHWUENGE):
        record = history[s] if s < len(history) else None
        values[f"angriff{s}"] = angriff_before == s
        values[f"led{s}"] = 0 if record is None else record.led.index
        values[f"answer{s}"] = 0 if record is None else record.answer.index
        values[f"neutral{s}"] = record is not None and record.winner is None
        values[f"leaderwins{s}"] = record is not None and record.winner is record.leader
        values[f"choice{s}"] = chosen.get(s, False)
    return values


def _outcome_index(trace: GangTrace) -> int:
    from schwinget_spec.proofs.replay import outcome_index  # noqa: PLC0415

    return outcome_index(trace.states[-1].result)


def _compare(trace: GangTrace, model: _Model, twin: Any, report: Callable[[str], None]) -> int:
    """Compare the Gang through the twin and the model; the number of actions compared."""
    from schwinget_spec.twin import action_of, deal_args, encode_result, switch_bits  # noqa: PLC0415

    rules = SWITCH_RULES[trace.switches]
    switches = {name: bool(getattr(rules, name)) for name in MODELLED_SWITCHES}
    label = f"{trace.deal!r} starter={trace.starter} switches={trace.switches}"
    state = twin.start(deal_args(trace.deal), int(trace.starter), switch_bits(rules))
    for step, (engine_state, action, legal) in enumerate(zip(trace.states, trace.actions, trace.legal, strict=False)):
        twin_legal = tuple(sorted(action_of(code) for code in legal))
        if tuple(state.legal_actions()) != twin_legal and sorted(state.legal_actions()) != list(twin_legal):
            report(f"{label}: step {step}: engine legal {legal}, twin {state.legal_actions()}")
            return step
        if engine_state.phase is Phase.ANSWER:
            assert engine_state.led is not None
            assert engine_state.to_move is not None
            cards = legal
            modelled = model.allowed(engine_state.led, engine_state.hands[engine_state.to_move], engine_state.to_move.other, trace.deal.revealed, switches)
            if sorted(modelled) != sorted(cards):
                report(f"{label}: step {step}: engine may answer {cards}, model {modelled}")
                return step
        state = state.apply(action_of(action.code))
    final = trace.states[-1]
    if not state.is_over or state.result_code != encode_result(final.result):
        report(f"{label}: engine result {final.result}, twin result code {state.result_code}")
    values = _assignment(trace, model.gang)
    # every clause's constraint in force: its tag is true
    holds, outcome = model.whole(*(True if n.startswith("tag:") else values[n] for n in model.names))
    if not holds:
        report(f"{label}: the model's constraints refuse the engine's Gang ({' '.join(a.code for a in trace.actions)})")
    elif outcome != _outcome_index(trace):
        report(f"{label}: engine outcome {final.result.outcome.name}, model outcome {outcome}")
    return len(trace.actions)


def run_differential(count: int, seed: int = 0, *, broken: str | None = None) -> DifferentialRun:
    """``count`` Gänge, every other one steered, under the 32 switch combinations in turn, compared three ways.

    Gang ``i`` is dealt from the ``2i``-th number of ``SplitMix64.seeded(seed)``, played
    with the next as its choice seed, ``P(i % 2)`` leading, switch combination ``(i // 2) % 32``,
    steered when ``i`` is odd. ``broken`` compares with a deliberately wrong model
    (``GangModel(broken=...)``), to show a disagreement is found.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidArgumentError("count", f"a number of Gänge >= 0, got {count!r}")
    from schwinget_spec.twin import ENGINE, engine_module  # noqa: PLC0415

    began = time.perf_counter()
    model = _Model(broken)
    twin = engine_module()
    found: list[str] = []

    def report(text: str) -> None:
        if len(found) < _MAX_REPORTED:
            found.append(text)

    rng = SplitMix64.seeded(seed)
    actions = 0
    decided: Counter[str] = Counter()
    for i in range(count):
        deal_seed, rng = rng.next()
        choice_seed, rng = rng.next()
        trace = play_gang(Deal.shuffled(deal_seed), Player(i % 2), (i // 2) % len(SWITCH_RULES), choice_seed, steered=i % 2 == 1)
        actions += _compare(trace, model, twin, report)
        decided.update(record.clause_id for record in trace.states[-1].history)
    return DifferentialRun(count, actions, tuple(found), time.perf_counter() - began, str(ENGINE), tuple(decided.most_common()))


def format_run(run: DifferentialRun) -> str:
    """One line: Gänge, actions compared, disagreements, seconds; then the disagreements."""
    twin = "the compiled twin" if run.engine == "twin" else "the twin's readable fallback (not built)"
    lines = [f"{run.gaenge:,} Gänge, {run.actions:,} actions compared three ways (the engine, {twin}, the Z3 model), {len(run.disagreements)} disagreements, {run.seconds:.1f} s"]
    lines.extend(f"  {d}" for d in run.disagreements)
    if run.decided_by:
        lines.append("Schwünge decided by: " + ", ".join(f"{clause} {n:,}" for clause, n in run.decided_by))
    return "\n".join(lines)
