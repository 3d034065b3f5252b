"""The twin checked against the readable engine in lock step: legal actions, state and refusals at every step, every result field at the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.protocol.adapter import ResultReport
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.trace import result_claims
from schwinget_spec.twin import TwinState, start
from schwinget_spec.twin.codes import ACTION_CODES, SWITCHES, action_of, card_codes, decode_result, rules_of

__all__ = [
    "Disagreement",
    "LockstepReport",
    "TwinAdapter",
    "compare",
    "lockstep",
    "play_both",
    "switch_combinations",
]

_PHASE = {Phase.LEAD: 0, Phase.ANSWER: 1, Phase.CHOOSE_LEADER: 2, Phase.OVER: 3}


@attrs.frozen
class Disagreement:
    """The first place where the twin and the reference differ: the Gang, the actions up to it, the field and both values."""

    deal_seed: int
    starter: int
    switches: int
    actions: tuple[str, ...]
    field: str
    reference: str
    twin: str

    def __str__(self) -> str:
        rules = ", ".join(f"{n}={bool(self.switches >> i & 1)}" for i, n in enumerate(SWITCHES))
        return (
            f"Deal.shuffled({self.deal_seed}), P{self.starter} starts, {rules}; after "
            f"{' '.join(self.actions) or 'no action'}: {self.field}: reference {self.reference}, twin {self.twin}"
        )


@attrs.frozen
class LockstepReport:
    """What a lock-step run checked: Gänge (per switch mask), steps, refused actions compared, and the first disagreement if any."""

    gaenge: int
    steps: int
    refusals: int
    per_switches: tuple[int, ...]
    disagreement: Disagreement | None

    @property
    def ok(self) -> bool:
        """True if the twin agreed at every step."""
        return self.disagreement is None


def _state_fields(ref: GangState) -> dict[str, Any]:
    history = ref.history
    return {
        "phase": _PHASE[ref.phase],
        "to_move": None if ref.is_over else int(ref.to_move),
        "hands": ref.hands,
        "tricks": ref.tricks,
        "pile_drawn": ref.pile_drawn,
        "led": None if ref.led is None else ref.led.index,
        "angriff": None if ref.angriff is None else (int(ref.angriff.player), ref.angriff.after_schwung),
        "pending": ref.pending is not None,
        "schwuenge": len(history),
        "step": ref.step,
    }


def compare(ref: GangState, twin: TwinState, completed: bool) -> tuple[str, str, str] | None:
    """The first field in which ``twin`` differs from ``ref`` (name, reference value, twin value), or None.

    The legal actions are compared in order; ``completed`` says the last action completed a
    Schwung, whose deciding clause is compared too; at the end every result field.
    """
    legal = tuple(a.code for a in ref.legal_actions())
    twin_legal = tuple(ACTION_CODES[a] for a in twin.legal_actions())
    if legal != twin_legal:
        return "legal_actions", " ".join(legal), " ".join(twin_legal)
    for name, value in _state_fields(ref).items():
        other = getattr(twin, name)
        if value != other:
            return name, repr(value), repr(other)
    if completed and ref.history[-1].clause_id != twin.last_clause:
        return "clause", ref.history[-1].clause_id, repr(twin.last_clause)
    if ref.is_over:
        code = twin.result_code
        mine = None if code is None else decode_result(code)
        if mine != ref.result:
            return "result", repr(ref.result), repr(mine)
    elif twin.result_code is not None:
        return "result", "None (not over)", repr(decode_result(twin.result_code))
    return None


def _refusal(ref: GangState, twin: TwinState, action: int) -> tuple[str, str, str] | None:
    code = ACTION_CODES[action]
    try:
        ref.apply(code)
    except IllegalActionError as exc:
        ref_clause = exc.clause_id
    else:
        return f"refusal of {code}", "accepted", "probe chosen as illegal"
    try:
        twin.apply(action)
    except IllegalActionError as exc:
        if exc.clause_id != ref_clause:
            return f"refusal of {code}", str(ref_clause), str(exc.clause_id)
        return None
    return f"refusal of {code}", f"refused ({ref_clause})", "accepted"


Chooser = Callable[[int], int]
"""Given the number of legal actions, the index of the one to take."""


def play_both(
    deal: Deal, starter: Player, rules: Rules, choose: Chooser, probe: Callable[[int], int] | None = None
) -> tuple[int, int, tuple[str, ...], tuple[str, str, str] | None]:
    """Play one Gang in both engines, the same action in each; returns (steps, refusals compared, actions, first difference or None).

    ``probe(n)``, when given, picks after each step one of the ``n`` actions illegal in that
    state (or a negative number for none): both engines must refuse it, naming the same clause.
    """
    ref = start_gang(deal, starter, rules)
    twin = start(deal, starter, rules)
    actions: list[str] = []
    refusals = 0
    difference = compare(ref, twin, False)
    while difference is None and not ref.is_over:
        legal = ref.legal_actions()
        action = legal[choose(len(legal))]
        actions.append(action.code)
        before = len(ref.history)
        ref = ref.apply(action)
        twin = twin.apply(ACTION_CODES.index(action.code))
        difference = compare(ref, twin, len(ref.history) > before)
        if difference is None and probe is not None:
            allowed = {a.code for a in ref.legal_actions()}
            illegal = [i for i, c in enumerate(ACTION_CODES) if c not in allowed]
            k = probe(len(illegal))
            if k >= 0:
                refusals += 1
                difference = _refusal(ref, twin, illegal[k])
    return len(actions), refusals, tuple(actions), difference


def switch_combinations() -> tuple[Rules, ...]:
    """``Rules()`` with every combination of the Gang switches, mask 0 first."""
    return tuple(rules_of(bits) for bits in range(1 << len(SWITCHES)))


def lockstep(
    gaenge: int,
    seed: int = 0,
    combinations: Sequence[Rules] | None = None,
    progress: Callable[[int], None] | None = None,
) -> LockstepReport:
    """Play ``gaenge`` Gänge in both engines in lock step, cycling through ``combinations`` (default: every switch mask).

    Gang ``i`` is dealt from the ``i``-th number of the SplitMix64 stream of ``seed`` with
    ``P(i % 2)`` leading; its actions are uniform among the legal ones (drawn by rejection),
    and after each step one of the actions illegal there is offered to both engines with
    probability 1/4. Stops at the first disagreement.
    """
    combos = tuple(combinations) if combinations is not None else switch_combinations()
    masks = [sum(1 << i for i, n in enumerate(SWITCHES) if getattr(r, n)) for r in combos]
    per = [0] * len(combos)
    rng = [SplitMix64.seeded(seed)]

    def below(n: int) -> int:
        value, rng[0] = rng[0].below(n)
        return value

    def probe(n: int) -> int:
        return below(n) if n and below(4) == 0 else -1

    steps = refusals = 0
    for i in range(gaenge):
        k = i % len(combos)
        deal_seed, rng[0] = rng[0].next()
        played, refused, actions, difference = play_both(
            Deal.shuffled(deal_seed), Player(i % 2), combos[k], below, probe
        )
        steps += played
        refusals += refused
        per[k] += 1
        if difference is not None:
            field, ref_value, twin_value = difference
            found = Disagreement(deal_seed, i % 2, masks[k], actions, field, ref_value, twin_value)
            return LockstepReport(i + 1, steps, refusals, tuple(per), found)
        if progress is not None:
            progress(i + 1)
    return LockstepReport(gaenge, steps, refusals, tuple(per), None)


class TwinAdapter:
    """The twin behind the adapter protocol (``conformance.adapter.GangAdapter``), for the in-process harness and the Hypothesis state machine.

    ``check_adapter(TwinAdapter())`` and ``conformance_machine(TwinAdapter)`` judge the twin
    as they judge any implementation; an action code the twin does not know is refused
    like an illegal one.
    """

    def start(self, deal: Deal, starter: Player, rules: Rules) -> TwinState:
        """``twin.start(deal, starter, rules)``."""
        return start(deal, starter, rules)

    def legal_actions(self, state: TwinState) -> tuple[str, ...]:
        """The codes of the legal actions."""
        return tuple(ACTION_CODES[a] for a in state.legal_actions())

    def apply(self, state: TwinState, action: str) -> TwinState:
        """The state after ``action``; raises ``IllegalActionError`` (or ``KeyError`` for an unknown code)."""
        return state.apply(action_of(action))

    def tricks(self, state: TwinState) -> tuple[int, int]:
        """Tricks credited so far."""
        return state.tricks

    def pile_size(self, state: TwinState) -> int:
        """Cards left in the draw pile."""
        return state.pile_size

    def hand(self, state: TwinState, player: int) -> tuple[str, ...]:
        """The codes of the cards ``player`` holds."""
        return card_codes(state.hands[player])

    def to_move(self, state: TwinState) -> int | None:
        """The seat to move; None once over."""
        return state.to_move

    def result(self, state: TwinState) -> ResultReport | None:
        """The result in plain values; None before the end."""
        code = state.result_code
        if code is None:
            return None
        r = decode_result(code)
        return ResultReport(
            tricks=r.tricks,
            winner=None if r.winner is None else int(r.winner),
            plattwurf=None if r.plattwurf is None else int(r.plattwurf),
            outcome=r.outcome.value,
        )

    def end_claims(self, state: TwinState) -> dict[str, Any] | None:
        """The end claims (tricks, Schwünge, outcome, winner, Plattwurf, Angriff); None before the end."""
        code = state.result_code
        if code is None:
            return None
        return result_claims(decode_result(code))
