"""The words of the text form of a question, English with the booklet's German terms: players, cards, colours, rows, systems, switches."""

from __future__ import annotations

from schwinget_spec.ask.terms import GANG_SWITCHES
from schwinget_spec.cards import Card, Colour
from schwinget_spec.gang import Outcome
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "ARTICLES",
    "CARDS",
    "COLOURS",
    "COMPARISONS",
    "MATCH_WORDS",
    "PLAYERS",
    "ROWS",
    "SWITCHES",
    "SYSTEMS",
    "WORDS",
]

ARTICLES = frozenset({"a", "an", "the", "der", "die", "das", "ein", "eine", "einen", "of", "its"})
"""Words a question may use for reading's sake; the parser skips them (``of`` only where no other word needs it)."""

PLAYERS: dict[str, str] = {
    "p0": "P0", "p1": "P1",
    "starter": "starter", "beginner": "starter",
    "opponent": "opponent", "gegner": "opponent",
    "winner": "winner", "sieger": "winner",
    "loser": "loser", "verlierer": "loser",
}
"""Player words: the seats, the starter (the booklet's Beginner), the starter's opponent (Gegner), the Gang's winner (Sieger) and loser (Verlierer)."""

CARDS: dict[str, Card] = {c.code.lower(): c for c in Card}
CARDS.update({"kampfrichter": Card.KR, "konter": Card.BK, "brienzer-konter": Card.BK})

COLOURS: dict[str, Colour] = {
    "r": Colour.RED, "red": Colour.RED, "rot": Colour.RED,
    "g": Colour.GREEN, "green": Colour.GREEN, "grün": Colour.GREEN, "gruen": Colour.GREEN,
    "b": Colour.BLUE, "blue": Colour.BLUE, "blau": Colour.BLUE,
    "y": Colour.YELLOW, "yellow": Colour.YELLOW, "gelb": Colour.YELLOW,
}

ROWS: dict[str, Outcome] = {o.value: o for o in Outcome}
ROWS.update({o.value.replace("_", "-"): o for o in Outcome})

SYSTEMS: dict[str, ScoringSystem] = {
    "schwingerwertung": ScoringSystem.SCHWINGERWERTUNG,
    "punktewertung": ScoringSystem.PUNKTEWERTUNG,
}

SWITCHES: dict[str, str] = {name: name for name in GANG_SWITCHES}

COMPARISONS: dict[tuple[str, ...], str] = {
    ("at", "least"): ">=",
    ("at", "most"): "<=",
    ("more", "than"): ">",
    ("fewer", "than"): "<",
    ("less", "than"): "<",
    ("mindestens",): ">=",
    ("höchstens",): "<=",
    ("=",): "=",
    ("!=",): "!=",
    ("<",): "<",
    ("<=",): "<=",
    (">",): ">",
    (">=",): ">=",
}
"""Comparisons in words and signs; ``is`` before one of them or alone means ``=``, ``is not`` means ``!=``."""

SYNONYMS: dict[str, str] = {
    "schwünge": "schwuenge", "schwunge": "schwuenge", "length": "schwuenge",
    "stiche": "tricks", "stich": "trick", "punkte": "points",
    "trumpf": "trump", "stapel": "pile", "nachziehstapel": "pile",
    "gesperrt": "locked", "neutralisiert": "neutralised", "neutralized": "neutralised",
    "offen": "pending", "ausgespielt": "led", "erwidert": "answered", "answer": "answered",
    "farbe": "colour", "color": "colour", "wert": "value", "kampfwert": "value",
    "plattwurf-sieg": "plattwurf", "draw": "gestellter", "unentschieden": "gestellter",
    "gang": "gang", "deal": "deal", "lesarten": "readings", "reading": "readings",
    "und": "and", "oder": "or", "nicht": "not", "vor": "before", "von": "by",
}
"""German and spelling variants, read as the English word the parser knows."""

MATCH_WORDS = frozenset({"match", "matches", "totals", "total", "gaenge", "gänge", "schwingfest", "fest", "tournament", "standings", "rank"})
"""Words of a match or a Schwingfest: a question about one Gang that uses one mixes levels, and is refused naming it."""

WORDS: frozenset[str] = frozenset(
    {
        "there", "is", "are", "where", "with", "every", "has", "have", "always", "in", "under", "which", "readings",
        "can", "deal", "whatever", "both", "play", "perfect", "for", "some", "schwung", "and", "or", "not", "implies",
        "plattwurf", "by", "wins", "loses", "win", "lose", "leads", "holds", "before", "angriff", "starts", "gestellter",
        "neutralised", "played", "pending", "at", "end", "locked", "pile", "row", "result", "trump", "no", "card",
        "led", "answered", "revealed", "value", "colour", "special", "tricks", "trick", "schwuenge", "points", "on",
        "off", "least", "most", "more", "fewer", "less", "than", "gang", "cannot", "never", "happen", "force",
        "player", "players", "true", "false", "hold", "does", "short", "long", "drawn", "after", "ranks",
        "anna", "beat", "chrigu", "fest_starter", "fest_tiebreak", "draw_tie_starter",
        *MATCH_WORDS,
        *PLAYERS, *CARDS, *COLOURS, *ROWS, *SYSTEMS, *SWITCHES, *SYNONYMS,
    }
)
"""Every word the text form knows: an unknown word is an error that names it and points at it."""
