"""A recorded Gang of a trace replayed in the compiled twin, its claims compared at every step: the verifier's quick replay."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangResult
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.twin.codes import decode_result, shown, switch_bits
from schwinget_spec.twin.play import compiled

__all__ = ["RecordedReplayer", "recorded_replayer"]


@functools.lru_cache(maxsize=64)
def _switches(rules: Rules) -> int:
    # the Gang switches of ``rules`` as the twin's mask, read once per Rules value
    return switch_bits(rules)


@attrs.frozen
class RecordedReplayer:
    """The twin's replay of a recorded Gang (``recorded_replayer`` makes it): call it with a Gang record of a trace.

    ``replay(deal, starter, rules, actions, start=..., steps=...)`` takes the record as read
    from JSON: its deal as ``codes.deal_args`` gives it (``ValueError`` for a deal that is
    none), its starter and rules, its action codes, its start claims (None for none) and
    its step claims (a claim may be null). It returns the Gang's result when the readable
    engine would replay the record to its end without a verdict: every action legal in
    turn, every claim made (all six of a state's claims or some of them, the legal actions
    in any order, each once) equal to the reference's with JSON's types (a number is an
    ``int``, not a ``bool``), the Gang over after the last action. Otherwise it returns
    None, and the readable engine judges the record: the twin never says more than the
    engine would, only sooner. ``tests/test_twin_recorded.py`` holds it to that. A
    ``starter`` that is not a ``Player``, ``rules`` that are not ``Rules``, ``actions`` or
    ``steps`` that are not lists, or a ``deal`` that is none raise ``InvalidArgumentError``
    naming the parameter.
    """

    _replay_recorded: Callable[..., int]

    def __call__(
        self,
        deal: tuple[int, int, int, bytes],
        starter: Player,
        rules: Rules,
        actions: list[Any],
        *,
        start: Any,
        steps: list[Any],
    ) -> GangResult | None:
        """The result of the recorded Gang, or None: the readable engine then judges it."""
        if not isinstance(starter, Player):
            raise InvalidArgumentError("starter", f"expected a Player, got {shown(starter)}")
        if not isinstance(rules, Rules):
            raise InvalidArgumentError("rules", f"expected Rules, got {shown(rules)}")
        for name, value in (("actions", actions), ("steps", steps)):
            if not isinstance(value, list):
                raise InvalidArgumentError(name, f"expected the list of a Gang record, got {shown(value)}")
        try:
            code = self._replay_recorded(deal, int(starter), _switches(rules), actions, start, steps)
        except InvalidArgumentError:
            raise
        except (TypeError, ValueError, OverflowError):
            # (a build of an older _twin.c refuses a deal with Python's own errors)
            raise InvalidArgumentError(
                "deal", f"expected a deal as twin.codes.deal_args gives it (hands as masks, revealed, pile), got {shown(deal)}"
            ) from None
        return None if code < 0 else decode_result(code)


def recorded_replayer() -> RecordedReplayer | None:
    """The twin's replay of a recorded Gang, or None when the twin is not built, is an older build, or ``SCHWINGET_NO_TWIN=1``."""
    twin = compiled()
    # (a build of an older _twin.c has no replay_recorded: the readable engine replays then)
    replay_recorded = getattr(twin, "replay_recorded", None)
    return None if replay_recorded is None else RecordedReplayer(replay_recorded)
