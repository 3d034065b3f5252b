"""The compiled twin against the readable engine for every deal, every switch combination and every play: the same deal and the same actions give the same Gang and result."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.testing import conformance_test_case
from schwinget_spec.testing.strategies import deals, players, rules
from schwinget_spec.twin import decode_result, start
from schwinget_spec.twin.codes import ACTION_CODES
from schwinget_spec.twin.verify import TwinAdapter, play_both

CHOICES = st.lists(st.integers(min_value=0, max_value=2**16), min_size=1, max_size=40)


@pytest.mark.clause("schwung.farbzwang", "kampfrichter.neutralises", "konter.beats_six", "plattwurf.definition")
@given(deal=deals(), starter=players(), rules=rules(), choices=CHOICES, probes=CHOICES)
def test_same_deal_same_actions_same_gang(
    deal: Deal, starter: Player, rules: Rules, choices: list[int], probes: list[int]
) -> None:
    """Played with the same actions, the twin agrees with the reference at every step (legal actions, state, refusals) and in every result field."""
    picks, offers = iter(choices * 40), iter(probes * 40)

    def choose(n: int) -> int:
        return next(picks) % n

    def probe(n: int) -> int:
        k = next(offers)
        return k % n if n and k % 3 == 0 else -1

    steps, _, actions, difference = play_both(deal, starter, rules, choose, probe)
    assert difference is None, difference
    assert steps == len(actions)
    replayed = start(deal, starter, rules)
    for code in actions:
        replayed = replayed.apply(ACTION_CODES.index(code))
    assert replayed.result_code is not None
    assert decode_result(replayed.result_code).schwuenge <= 11


TestTwinConformance = conformance_test_case(TwinAdapter)
"""The twin run through the conformance state machine, the way any other implementation runs it."""
