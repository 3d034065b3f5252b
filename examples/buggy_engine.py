"""An implementation of one Gang with a subtle bug, caught by the conformance state machine: its Brienzer-Konter also beats a trump 5.

The engine reuses the reference for everything but trick resolution, where it adds one
wrong rule: a Brienzer-Konter against the 5 of the trump colour wins, as if the 5 were a
Brienzer-Schwung (the booklet: the Konter beats only the 6s, ``konter.beats_six``, and
loses against every other card, ``konter.loses``). Run the conformance state machine
against it::

    from hypothesis.stateful import run_state_machine_as_test
    from schwinget_spec.testing import conformance_machine
    run_state_machine_as_test(conformance_machine(BuggyKonterAdapter))

SHRUNK_COUNTEREXAMPLE_PLACEHOLDER
"""

from __future__ import annotations

from unittest import mock

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card, Colour
from schwinget_spec.gang import GangState
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.testing import ReferenceAdapter
from schwinget_spec.trick import SchwungOutcome, resolve_schwung

__all__ = ["BuggyKonterAdapter", "buggy_resolve_schwung"]


def buggy_resolve_schwung(
    leader: Player,
    led: Card,
    answer: Card,
    trump: Colour | None,
    rules: Rules,
    *,
    is_last: bool,
    answer_was_void: bool,
) -> SchwungOutcome:
    """The reference ``resolve_schwung``, except that the Konter also beats the trump 5 (the bug)."""
    if trump is not None and Card.BK in (led, answer):
        other = answer if led is Card.BK else led
        if other is Card.of(trump, 5):
            konter_player = leader if led is Card.BK else leader.other
            return SchwungOutcome(konter_player, "konter.beats_six")
    return resolve_schwung(
        leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void
    )


class BuggyKonterAdapter(ReferenceAdapter):
    """The reference adapter whose Gang resolves each Schwung with ``buggy_resolve_schwung``."""

    def apply(self, state: GangState, action: str) -> GangState:
        """``state.apply(action)`` with the buggy trick resolution in place for this one step."""
        with mock.patch.object(gang_module, "resolve_schwung", buggy_resolve_schwung):
            return state.apply(action)
