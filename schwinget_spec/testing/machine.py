"""A Hypothesis state machine that plays Gänge through a ``GangAdapter`` in lock step with the reference and checks every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from hypothesis import settings as Settings  # noqa: N812 - the class, beside the ``settings`` argument
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from schwinget_spec.actions import ANGRIFF, PlayCard, choose_leader
from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.conformance.protocol.adapter import GangAdapter, Observation, ReferenceAdapter, observe
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Phase
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.testing.strategies import players, rules, steered_deals

__all__ = [
    "ALL_ACTION_CODES",
    "ConformanceError",
    "GangConformanceMachine",
    "conformance_machine",
    "conformance_test_case",
]

ALL_ACTION_CODES: tuple[str, ...] = (*(c.code for c in ALL_CARDS), "A", "L0", "L1")
"""The code of every action of a Gang: the 26 cards, the Angriff and the two Kampfrichter choices."""

_REFERENCE = ReferenceAdapter()


class ConformanceError(AssertionError):
    """The implementation under test and the reference disagree; the message says where."""


def _diff(expected: Observation, actual: Observation) -> str:
    lines = []
    for name in ("legal_actions", "to_move", "tricks", "pile_size", "hands", "result"):
        want, got = getattr(expected, name), getattr(actual, name)
        if want != got:
            if isinstance(want, frozenset) and isinstance(got, frozenset):
                want, got = sorted(want), sorted(got)
            lines.append(f"  {name}: reference {want!r}, implementation {got!r}")
    return "\n".join(lines)


class GangConformanceMachine(RuleBasedStateMachine):
    """Plays Gänge through ``adapter_factory()`` and the reference side by side.

    Each run deals a Gang (``steered_deals``, ``rules``, ``players``), then repeatedly
    starts the Angriff, plays a legal card, makes a Kampfrichter choice, or offers an
    action the reference forbids; when a Gang ends a new one is dealt. After every step
    the invariant compares the two ``Observation``s: legal actions, player to move,
    tricks, pile size, both hands and the result. A refused illegal action must leave
    the implementation's state as it was. Subclass and set ``adapter_factory``, or use
    ``conformance_test_case``.
    """

    adapter_factory: ClassVar[Callable[[], GangAdapter[Any]]] = ReferenceAdapter

    def __init__(self) -> None:
        super().__init__()
        self.adapter: GangAdapter[Any] = type(self).adapter_factory()
        self.reference: GangState | None = None
        self.state: Any = None

    # -- dealing

    def _deal(self, deal: Deal, starter: Player, rules: Rules) -> None:
        self.reference = _REFERENCE.start(deal, starter, rules)
        self.state = self.adapter.start(deal, starter, rules)

    @initialize(deal=steered_deals(), starter=players(), rules=rules())
    def start(self, deal: Deal, starter: Player, rules: Rules) -> None:
        """Deal the first Gang to both implementations."""
        self._deal(deal, starter, rules)

    @precondition(lambda self: self.reference is not None and self.reference.is_over)
    @rule(deal=steered_deals(), starter=players(), rules=rules())
    def next_gang(self, deal: Deal, starter: Player, rules: Rules) -> None:
        """Deal a new Gang once the previous one is over."""
        self._deal(deal, starter, rules)

    # -- the actions

    def _apply(self, code: str) -> None:
        assert self.reference is not None
        before = self.reference
        self.reference = before.apply(code)
        try:
            self.state = self.adapter.apply(self.state, code)
        except Exception as exc:
            raise ConformanceError(
                f"the implementation refused {code}, which the reference allows in {before!r}: {exc!r}"
            ) from exc

    def _in_phase(self, *phases: Phase) -> bool:
        return self.reference is not None and self.reference.phase in phases

    @precondition(lambda self: self.reference is not None and self.reference.can_attack())
    @rule()
    def attack(self) -> None:
        """The leader starts the Angriff (``angriff.who``)."""
        self._apply(ANGRIFF.code)

    @precondition(lambda self: self._in_phase(Phase.LEAD, Phase.ANSWER))
    @rule(choice=st.integers(0, 4))
    def play_card(self, choice: int) -> None:
        """The player to move plays one of the cards the reference allows."""
        assert self.reference is not None
        cards = [a for a in self.reference.legal_actions() if isinstance(a, PlayCard)]
        self._apply(cards[choice % len(cards)].code)

    @precondition(lambda self: self._in_phase(Phase.CHOOSE_LEADER))
    @rule(player=players())
    def choose(self, player: Player) -> None:
        """The Kampfrichter's player chooses who leads next (``kampfrichter.chooses``)."""
        self._apply(choose_leader(player).code)

    @precondition(lambda self: self.reference is not None)
    @rule(data=st.data())
    def offer_illegal(self, data: st.DataObject) -> None:
        """An action the reference forbids is refused and leaves the state unchanged."""
        assert self.reference is not None
        legal = {a.code for a in self.reference.legal_actions()}
        code = data.draw(st.sampled_from([c for c in ALL_ACTION_CODES if c not in legal]), label="illegal")
        before = observe(self.adapter, self.state)
        try:
            self.state = self.adapter.apply(self.state, code)
        except Exception:
            after = observe(self.adapter, self.state)
            if after != before:
                raise ConformanceError(
                    f"refusing {code} changed the implementation's state:\n{_diff(before, after)}"
                ) from None
            return
        raise ConformanceError(
            f"the implementation accepted {code}, which the reference forbids in {self.reference!r}"
        )

    # -- the check

    @invariant()
    def same_as_reference(self) -> None:
        """The implementation shows what the reference shows."""
        if self.reference is None:
            return
        expected = observe(_REFERENCE, self.reference)
        actual = observe(self.adapter, self.state)
        if expected != actual:
            raise ConformanceError(
                f"after step {self.reference.step}, {self.reference!r}:\n{_diff(expected, actual)}"
            )


def conformance_machine(adapter_factory: Callable[[], GangAdapter[Any]]) -> type[GangConformanceMachine]:
    """The subclass of ``GangConformanceMachine`` that drives ``adapter_factory()``, for ``run_state_machine_as_test``."""
    return type(
        f"{getattr(adapter_factory, '__name__', 'Adapter')}ConformanceMachine",
        (GangConformanceMachine,),
        {"adapter_factory": adapter_factory},
    )


def conformance_test_case(
    adapter_factory: Callable[[], GangAdapter[Any]], settings: Settings | None = None
) -> type[Any]:
    """A ``unittest.TestCase`` class that runs ``GangConformanceMachine`` against ``adapter_factory()``.

    In the test suite of another implementation::

        from schwinget_spec.testing import conformance_test_case
        from my_engine import MyAdapter
        TestMyEngine = conformance_test_case(MyAdapter)

    ``settings`` defaults to the active Hypothesis profile with ``deadline=None`` and
    ``stateful_step_count=80`` (room for about two Gänge per run).
    """
    test_case: type[Any] = conformance_machine(adapter_factory).TestCase
    test_case.settings = settings if settings is not None else Settings(deadline=None, stateful_step_count=80)
    return test_case
