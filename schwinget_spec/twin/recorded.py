"""A recorded Gang of a trace replayed in the compiled twin, its claims compared at every step: the verifier's quick replay."""

from __future__ import annotations

from typing import Any, Protocol

from schwinget_spec.gang import GangResult
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.twin.codes import decode_result, switch_bits
from schwinget_spec.twin.play import compiled

__all__ = ["RecordedReplayer", "recorded_replayer"]



class RecordedReplayer(Protocol):
    """The twin's replay of a recorded Gang (``recorded_replayer``)."""

    def __call__(
        self,
        deal: tuple[int, int, int, bytes],
        starter: Player,
        rules: Rules,
        actions: list[Any],
        *,
        start: Any,
        steps: list[Any],
    ) -> GangResult | None: ...


def recorded_replayer() -> RecordedReplayer | None:
    """The twin's replay of a recorded Gang, or None when the twin is not built, is an older build, or ``SCHWINGET_NO_TWIN=1``.

    The function returned, ``replay(deal, starter, rules, actions, start=..., steps=...)``, takes a
    Gang record of a trace as read from JSON: its deal as ``codes.deal_args`` gives it (it
    raises ``ValueError`` for a deal that is none), its action codes, its start claims (None
    for none) and its step claims (a claim may be null). It returns the Gang's result when the
    readable engine would replay the record to its end without a verdict: every action
    legal in turn, every claim made (all six of a state's claims or some of them, the legal
    actions in any order, each once) equal to the reference's with JSON's types (a number
    is an ``int``, not a ``bool``), the Gang over after the last action. Otherwise it
    returns None, and the readable engine judges the record: the twin never says more than
    the engine would, only sooner. ``tests/test_twin_recorded.py`` holds it to that.
    """
    twin = compiled()
    # (a build of an older _twin.c has no replay_recorded: the readable engine replays then)
    replay_recorded = getattr(twin, "replay_recorded", None)
    if replay_recorded is None:
        return None
    bits: dict[Rules, int] = {}

    def replay(
        deal: tuple[int, int, int, bytes],
        starter: Player,
        rules: Rules,
        actions: list[Any],
        *,
        start: Any,
        steps: list[Any],
    ) -> GangResult | None:
        switches = bits.get(rules)
        if switches is None:
            switches = bits[rules] = switch_bits(rules)
        code: int = replay_recorded(deal, int(starter), switches, actions, start, steps)
        return None if code < 0 else decode_result(code)

    return replay
