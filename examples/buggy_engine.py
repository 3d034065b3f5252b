"""An implementation of one Gang with a subtle bug, caught by the conformance state machine: its Kampfrichter still acts on the last Schwung.

The engine reuses the reference for everything but trick resolution, where it drops one
exception: the Kampfrichter neutralises even the very last Schwung of the Gang, so the
trick stays pending and its player is asked to choose a next leader although both hands
are empty. The booklet says the opposite (``kampfrichter.last_schwung``: "Beim
allerletzten Schwung in einem Gang hat der Kampfrichter keinen Effekt. In diesem Fall
gewinnt immer der gegnerische Spieler den Stich."). Run the conformance state machine
against it by running this file (needs the ``test`` extra, for Hypothesis)::

    python examples/buggy_engine.py [max_examples] [--no-shrink]

It prints the difference the machine found, shrunk to a short game (a few minutes on a
shared 2-core machine; ``--no-shrink`` reports the first failing game as found, in
seconds), and exits 0 when the bug is caught (1 if ``max_examples`` generated runs,
default 1000, miss it).
The bug is usually found within about a hundred runs (``properties/test_state_machine.py``
checks this; ``tests/test_examples.py`` runs this file). The same in a few lines::

    from hypothesis.stateful import run_state_machine_as_test
    from schwinget_spec.testing import conformance_machine
    run_state_machine_as_test(conformance_machine(BuggyKampfrichterAdapter))
 The shrunk counterexample observed, in the ``ci`` profile (derandomized):
the starter attacks at once, then every player plays the first card it may; P0 keeps
the Kampfrichter to its last card::

    state = BuggyKampfrichterAdapterConformanceMachine()
    state.start(deal=Deal(P0=[R1 R5 G1 G3 KR], P1=[R2 R4 R6 G2 G4], revealed=G5,
                          face_down=[G6 B1 B2], pile=[B3 B4 B5 B6 Y1 Y2 Y3 Y4 Y5 Y6 R3 BK]),
                starter=P0, rules=Rules())
    state.attack()
    state.play_card(choice=0)   # ten times: the five Schwünge after the Angriff
    ...
    ConformanceError: after step 11, GangState(step=11, over P1, trump=G (G5), P0=[], P1=[],
        pile=12 locked, tricks=2:3, angriff=P0@0):
      legal_actions: reference [], implementation ['L0', 'L1']
      to_move: reference None, implementation 0
      tricks: reference (2, 3), implementation (2, 2)
      result: reference ResultReport(tricks=(2, 3), winner=1, plattwurf=None,
              outcome='sieg_mit_angriff'), implementation None
"""

from __future__ import annotations

import sys
from unittest import mock

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card, Colour
from schwinget_spec.gang import GangState
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.testing import ReferenceAdapter
from schwinget_spec.trick import SchwungOutcome, resolve_schwung

__all__ = ["BuggyKampfrichterAdapter", "kampfrichter_acts_on_last_schwung", "main"]


def kampfrichter_acts_on_last_schwung(
    leader: Player,
    led: Card,
    answer: Card,
    trump: Colour | None,
    rules: Rules,
    *,
    is_last: bool,
    answer_was_void: bool,
) -> SchwungOutcome:
    """The reference ``resolve_schwung``, except that the Kampfrichter neutralises even the very last Schwung (the bug)."""
    if Card.KR in (led, answer):
        is_last = False
    return resolve_schwung(
        leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void
    )


class BuggyKampfrichterAdapter(ReferenceAdapter):
    """The reference adapter whose Kampfrichter still acts on the last Schwung."""

    def apply(self, state: GangState, action: str) -> GangState:
        """``state.apply(action)`` with ``kampfrichter_acts_on_last_schwung`` in place for this one step."""
        with mock.patch.object(gang_module, "resolve_schwung", kampfrichter_acts_on_last_schwung):
            return state.apply(action)



def main(max_examples: int = 1000, *, shrink: bool = True) -> int:
    """Run the conformance state machine against the buggy engine; print what it caught; 0 if caught, 1 if not.

    ``shrink=False`` reports the first failing run as found, without shrinking it (seconds instead of minutes).
    """
    from hypothesis import HealthCheck, Phase, settings  # noqa: PLC0415
    from hypothesis.stateful import run_state_machine_as_test  # noqa: PLC0415

    from schwinget_spec.testing import ConformanceError, conformance_machine  # noqa: PLC0415

    print(f"Running the conformance state machine against BuggyKampfrichterAdapter (at most {max_examples} runs) ...")
    try:
        run_state_machine_as_test(
            conformance_machine(BuggyKampfrichterAdapter),
            settings=settings(
                max_examples=max_examples, stateful_step_count=80, deadline=None, derandomize=True,
                database=None, suppress_health_check=list(HealthCheck),
                phases=list(Phase) if shrink else [Phase.explicit, Phase.generate],
            ),
        )
    except ConformanceError as exc:
        print("caught: the engine differs from the reference (clause kampfrichter.last_schwung)")
        print(exc)
        return 0
    print(f"not caught in {max_examples} runs")
    return 1


if __name__ == "__main__":
    _args = [a for a in sys.argv[1:] if a != "--no-shrink"]
    sys.exit(main(*(int(a) for a in _args[:1]), shrink="--no-shrink" not in sys.argv[1:]))
