"""schwinget_spec: the reference specification of Schwinget, the rules as immutable, typed code."""

from __future__ import annotations

# first: Ctrl-C while the schwinget command is still loading exits 130 with one line (support/startup.py)
import schwinget_spec.support.startup  # noqa: F401
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
    MatchError,
    ParseError,
    SchwingetError,
    SchwingfestError,
)
from schwinget_spec.gang import (
    Angriff,
    GangResult,
    GangState,
    Outcome,
    Phase,
    SchwungRecord,
    start_gang,
    view_of,
)
from schwinget_spec.match import (
    MatchGang,
    MatchLength,
    MatchResult,
    MatchState,
    play_match,
    play_match_deals,
    start_match,
)
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import (
    Meeting,
    Schedule,
    SchwingfestState,
    Standing,
    make_schedule,
    play_schwingfest,
    start_schwingfest,
)
from schwinget_spec.scoring import (
    WERTUNGSTABELLE,
    GangScore,
    Points,
    ScoringSystem,
    TableRow,
    compute_gang_score,
)

# second: the module paths from before the rooms still import (support/moved.py)
from schwinget_spec.support import moved as _moved
from schwinget_spec.views import PlayerView

__all__ = [
    "ALL_CARDS",
    "ANGRIFF",
    "CLAUSES",
    "WERTUNGSTABELLE",
    "Action",
    "Angriff",
    "Card",
    "ChooseLeader",
    "Clause",
    "Colour",
    "Deal",
    "GangNotOverError",
    "GangResult",
    "GangScore",
    "GangState",
    "IllegalActionError",
    "InvalidDealError",
    "MatchError",
    "MatchGang",
    "MatchLength",
    "MatchResult",
    "MatchState",
    "Meeting",
    "Outcome",
    "ParseError",
    "Phase",
    "PlayCard",
    "Player",
    "PlayerView",
    "Points",
    "Rules",
    "Schedule",
    "SchwingetError",
    "SchwingfestError",
    "SchwingfestState",
    "SchwungRecord",
    "ScoringSystem",
    "Standing",
    "StartAngriff",
    "TableRow",
    "choose_leader",
    "compute_gang_score",
    "get_clause",
    "make_schedule",
    "parse_action",
    "parse_cards",
    "play",
    "play_match",
    "play_match_deals",
    "play_schwingfest",
    "start_gang",
    "start_match",
    "start_schwingfest",
    "view_of",
]


def __getattr__(name: str) -> object:
    """``ask``, the question language (``schwinget_spec.ask``: Z3, the solver), imported when first asked for, as ``lazy_names`` does for the kit's names."""
    if name == "ask":
        import importlib  # noqa: PLC0415 - only for this name: the package's import stays free of Z3

        return importlib.import_module("schwinget_spec.ask")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_moved.install()
