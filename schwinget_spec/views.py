"""What one player may see at the table: own hand, the revealed card, the cards played, pile size and tricks (clause deal.hand_private); ``gang.view_of`` builds it."""

from __future__ import annotations

import attrs

from schwinget_spec.actions import Action
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.gang_parts import Angriff, Phase, SchwungRecord
from schwinget_spec.players import Player

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """A Gang as ``player`` sees it: everything public plus the player's own hand, nothing hidden.

    Hidden from the player (clause ``deal.hand_private``): the opponent's hand (only its
    size shows), the three face-down set-aside cards, and the order of the pile (only its
    size shows). Two states that differ only in hidden cards give equal views.
    """

    player: Player
    hand: tuple[Card, ...]
    opponent_hand_size: int
    revealed: Card
    trump: Colour | None
    starter: Player
    phase: Phase
    to_move: Player | None
    led: Card | None
    pending: SchwungRecord | None
    history: tuple[SchwungRecord, ...]
    pile_size: int
    angriff: Angriff | None
    tricks: tuple[int, int]
    legal_actions: tuple[Action, ...]
    """The player's own legal actions; empty when it is not this player's turn."""

    @property
    def is_my_turn(self) -> bool:
        """True if the state waits for this player's decision."""
        return self.to_move == self.player

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far in this Gang, in order, including a led card awaiting its answer."""
        played = tuple(c for record in self.history for c in record.cards)
        return played if self.led is None else (*played, self.led)

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards this player has not seen: opponent's hand, face-down cards and the pile."""
        seen = {*self.hand, *self.played_cards, self.revealed}
        return tuple(c for c in ALL_CARDS if c not in seen)
