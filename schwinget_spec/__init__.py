"""schwinget_spec: the reference specification of Schwinget, the rules as immutable, typed code."""

from __future__ import annotations

from schwinget_spec.actions import (
    ANGRIFF,
    Action,
    ChooseLeader,
    PlayCard,
    StartAngriff,
    choose_leader,
    parse_action,
    play,
)
from schwinget_spec.cards import ALL_CARDS, Card, Colour, parse_cards
from schwinget_spec.clauses import CLAUSES, Clause, get_clause
from schwinget_spec.deal import Deal
from schwinget_spec.errors import (
    GangNotOverError,
    IllegalActionError,
    InvalidDealError,
    ParseError,
    SchwingetError,
)
from schwinget_spec.gang import (
    Angriff,
    GangResult,
    GangState,
    Outcome,
    Phase,
    SchwungRecord,
    start_gang,
)
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.views import PlayerView, view_of

__all__ = [
    "ALL_CARDS",
    "ANGRIFF",
    "CLAUSES",
    "Action",
    "Angriff",
    "Card",
    "ChooseLeader",
    "Clause",
    "Colour",
    "Deal",
    "GangNotOverError",
    "GangResult",
    "GangState",
    "IllegalActionError",
    "InvalidDealError",
    "Outcome",
    "ParseError",
    "Phase",
    "PlayCard",
    "Player",
    "PlayerView",
    "Rules",
    "SchwingetError",
    "SchwungRecord",
    "StartAngriff",
    "choose_leader",
    "get_clause",
    "parse_action",
    "parse_cards",
    "play",
    "start_gang",
    "view_of",
]
