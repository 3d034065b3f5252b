"""The protocol's names: its versions, its levels, the switches each level carries, and the codes of cards and errors."""

from __future__ import annotations

import attrs

from schwinget_spec.rules import Rules

__all__ = [
    "ALL_SWITCHES",
    "CARD_CODES",
    "ERROR_CODES",
    "FEST_LEVEL_SWITCHES",
    "FEST_SWITCHES",
    "GANG_SWITCHES",
    "LEVELS",
    "MATCH_LEVEL_SWITCHES",
    "MATCH_SWITCHES",
    "PROTOCOL1_GANG_SWITCHES",
    "PROTOCOL_VERSION",
    "SCORING_SWITCHES",
    "SUPPORTED_PROTOCOLS",
]

PROTOCOL_VERSION = 2
"""The protocol version this harness speaks: version 2 has levels (``docs/harness.md``)."""
SUPPORTED_PROTOCOLS = (1, 2)
"""The versions ``hello`` may answer: an engine of version 1 is served as a Gang-only engine (levels ``["gang"]``)."""
LEVELS: tuple[str, ...] = ("gang", "scoring", "match", "schwingfest")
"""The levels of the protocol, in order: the play of a Gang, its points, a match, a Schwingfest."""

PROTOCOL1_GANG_SWITCHES: tuple[str, ...] = (
    "special_cards_follow_colour",
    "void_konter_beats_six",
    "konter_beats_trump_six",
    "konter_loses_to_kampfrichter",
)
"""The Gang switches of protocol version 1: ``start`` sends exactly these to an engine of version 1."""
GANG_SWITCHES: tuple[str, ...] = tuple(
    name
    for name in (*PROTOCOL1_GANG_SWITCHES, "void_kampfrichter_neutralises")
    if name in attrs.fields_dict(Rules)
)
"""The ``Rules`` switches that change the play of a Gang; ``start`` sends those of them the engine declared (version 2)."""
SCORING_SWITCHES: tuple[str, ...] = ("good_loser_after_plattwurf",)
"""The switches that change the points of a Gang; ``points`` sends those of them the engine declared."""
MATCH_SWITCHES: tuple[str, ...] = ("draw_tie_starter", "match_draw")
"""The switches of a match (who starts a Gang, who wins at equal totals); ``match_start`` sends those the engine declared, with its declared Gang and scoring switches."""
FEST_SWITCHES: tuple[str, ...] = ("fest_starter", "fest_tiebreak")
"""The switches of a Schwingfest; ``fest_start`` sends those the engine declared, with its declared Gang and scoring switches."""
ALL_SWITCHES: tuple[str, ...] = (*GANG_SWITCHES, *SCORING_SWITCHES, *MATCH_SWITCHES, *FEST_SWITCHES)
"""Every switch an engine may declare in ``hello`` (version 2)."""

MATCH_LEVEL_SWITCHES: tuple[str, ...] = (*GANG_SWITCHES, *SCORING_SWITCHES, *MATCH_SWITCHES)
"""The switches of the match level, in the order ``match_start`` sends those the engine declared: the Gang's, the scoring and the match switches."""
FEST_LEVEL_SWITCHES: tuple[str, ...] = (*GANG_SWITCHES, *SCORING_SWITCHES, "draw_tie_starter", *FEST_SWITCHES)
"""The switches of the Schwingfest level, in the order ``fest_start`` sends those the engine declared: the Gang's, the scoring
switches, ``draw_tie_starter`` (under ``fest_starter="loser_of_first_meeting"``, the default, it names who starts a pair's
second meeting after a drawn first: AMB-FEST-STARTER) and the Schwingfest switches."""

ERROR_CODES = frozenset({"illegal", "unsupported", "bad_request", "not_over", "internal"})
"""The codes of an error answer (``{"ok": false, "error": CODE}``)."""
CARD_CODES = frozenset(
    [f"{c}{v}" for c in "RGBY" for v in range(1, 7)] + ["KR", "BK"]
)
"""The card codes of the protocol: colour letter and value 1-6, KR the Kampfrichter, BK the Brienzer-Konter."""
