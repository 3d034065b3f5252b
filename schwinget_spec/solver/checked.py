"""The check of a Gang state handed to a solver: the fields it reads are of their types (a state built by hand with ``attrs.evolve`` is not checked by ``GangState``)."""

from __future__ import annotations

from schwinget_spec.cards import Card
from schwinget_spec.checks import check_int, check_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState
from schwinget_spec.gang_parts import Angriff, Phase, SchwungRecord
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.support.safe_text import shown

__all__ = ["check_state_fields"]


def check_state_fields(state: GangState) -> None:
    """Refuse a state built by hand (``attrs.evolve`` checks nothing) whose fields a solver reads are of a foreign type, with ``InvalidArgumentError`` naming the field (``state.history[2]``)."""
    kinds: tuple[tuple[str, type], ...] = (("deal", Deal), ("rules", Rules), ("phase", Phase), ("to_move", Player))
    for name, kind in kinds:
        check_type(getattr(state, name), kind, f"state.{name}")
    kinds = (("led", Card), ("angriff", Angriff), ("pending", SchwungRecord))
    for name, kind in kinds:
        value = getattr(state, name)
        if value is not None:
            check_type(value, kind, f"state.{name}")
    if type(state.history) is not tuple:
        raise InvalidArgumentError("state.history", f"expected a tuple of SchwungRecord, got {shown(state.history)}")
    for i, record in enumerate(state.history):
        check_type(record, SchwungRecord, f"state.history[{i}]")
        if record.winner is not None:
            check_type(record.winner, Player, f"state.history[{i}].winner")
    if state.angriff is not None:
        check_type(state.angriff.player, Player, "state.angriff.player")
    for name in ("hands", "tricks"):
        pair = getattr(state, name)
        if type(pair) is not tuple or len(pair) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in pair):
            raise InvalidArgumentError(f"state.{name}", f"expected two ints, got {shown(pair)}")
    check_int(state.pile_drawn, "state.pile_drawn")
