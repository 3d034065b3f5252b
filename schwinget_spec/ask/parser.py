"""The text form of a question (``schwinget ask "..."``) parsed into the same ``Question`` the Python API builds, with errors that point at the word."""

from __future__ import annotations

import difflib
import re
from typing import Literal

import attrs

from schwinget_spec.ask.fest import FestPoints, FestQuestion, Rank
from schwinget_spec.ask.match import MatchDrawn, MatchQuestion, StartsGang, Total, WinsGang, WinsMatch
from schwinget_spec.ask.questions import MAX_SIZE, Kind, Question
from schwinget_spec.ask.terms import (
    MAX_SCHWUNG,
    And,
    AngriffAt,
    AngriffSchwung,
    Answered,
    CardIs,
    CardRef,
    ColourIs,
    Compare,
    Const,
    EverySchwung,
    Gestellter,
    Holds,
    Implies,
    Leads,
    Led,
    Locked,
    Neutralised,
    Not,
    Num,
    Or,
    Pending,
    Plattwurf,
    Played,
    PlayerRef,
    Points,
    Prop,
    Revealed,
    RowIs,
    Schwuenge,
    SchwungRef,
    SomeSchwung,
    Tricks,
    TrumpIs,
    ValueIs,
    Void,
    Wins,
    WinsSchwung,
    size_of,
)
from schwinget_spec.ask.vocabulary import (
    ARTICLES,
    CARDS,
    COLOURS,
    COMPARISONS,
    MATCH_WORDS,
    PLAYERS,
    ROWS,
    SWITCHES,
    SYNONYMS,
    SYSTEMS,
    WORDS,
)
from schwinget_spec.cards import Card, Colour
from schwinget_spec.errors import SchwingetError
from schwinget_spec.match import MatchLength
from schwinget_spec.players import Player
from schwinget_spec.proofs.match_model import DRAW_TIE_READINGS, FEST_STARTER_READINGS, FEST_TIEBREAK_READINGS
from schwinget_spec.proofs.match_queries import FEST_NAMES
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

__all__ = ["MAX_DEPTH", "MAX_LENGTH", "QuestionError", "parse_question"]

MAX_LENGTH = 600
"""The longest question text, in characters: a longer one is refused before it is read."""
MAX_DEPTH = 12
"""The deepest nesting of parentheses, ``not`` and Schwung quantifiers a question may have."""

_TOKEN = re.compile(r"\d+(?:\.\d+)?|[<>!]=|[<>=]|[():,?]|[^\s():,?<>=!]+")
_OTHER = {"P0": "P1", "P1": "P0", "starter": "opponent", "opponent": "starter", "winner": "loser", "loser": "winner"}
_ATOM_WORDS = (
    *PLAYERS, "plattwurf", "angriff", "gestellter", "trump", "no", "result", "row", "pending", "schwung", "void",
    "pile", "card", "led", "answered", "revealed", "value", "colour", "tricks", "schwuenge", "points", "not", "some", "every",
)
"""The words a statement may start with: what an unknown word there is compared with."""
_PLAYER_VERBS = ("wins", "loses", "leads", "holds", "has", "starts", "can", "cannot", "never", "does")
"""The words that may follow a player."""


class QuestionError(SchwingetError, ValueError):
    """A question that does not parse: ``column`` (1-based) and ``word`` point at the word that is wrong.

    ``str()`` is one line naming the word and what was expected; ``pointer()`` gives the
    question with a caret under the word.
    """

    def __init__(self, text: str, column: int, word: str, expected: str) -> None:
        shown = "the end of the question" if not word else repr(word)
        super().__init__(f"column {column}: {shown}: expected {expected}")
        self.text = text
        self.column = column
        self.word = word
        self.expected = expected

    def pointer(self) -> str:
        """The question and a caret under the wrong word, two lines."""
        return f"  {self.text}\n  {' ' * (self.column - 1)}^"


@attrs.frozen
class _Token:
    word: str
    raw: str
    column: int


def _tokens(text: str) -> list[_Token]:
    out = []
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        word = raw.lower()
        word = SYNONYMS.get(word, word)
        if word in ARTICLES and word != "of":
            continue
        out.append(_Token(word, raw, m.start() + 1))
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.i = 0
        self.depth = 0
        self.bound: list[str] = []
        self.level = "gang"

    # -- the token stream

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.tokens[j].word if j < len(self.tokens) else ""

    def error(self, expected: str, token: _Token | None = None, choices: tuple[str, ...] | None = None) -> QuestionError:
        tok = token if token is not None else (self.tokens[self.i] if self.i < len(self.tokens) else None)
        if tok is None:
            return QuestionError(self.text, len(self.text) + 1, "", expected)
        if tok.word in MATCH_WORDS and self.level == "gang":
            return QuestionError(self.text, tok.column, tok.raw,
                                 f"a word about one Gang: {tok.raw!r} speaks of a match or a Schwingfest, which a question "
                                 "does not mix with a Gang's words (the match model is asked with schwinget prove); here: "
                                 f"{expected}")
        if tok.word not in WORDS and not tok.word[:1].isdigit() and tok.word not in "()<>=!:,?" and tok.word not in self.bound:
            # a suggestion among the words that fit where the word stands, else among all the words
            close = difflib.get_close_matches(tok.word, sorted(set(choices or ())), n=1) if choices else []
            close = close or difflib.get_close_matches(tok.word, sorted(WORDS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            return QuestionError(self.text, tok.column, tok.raw, f"a word of the question language{hint}; here: {expected}")
        return QuestionError(self.text, tok.column, tok.raw, expected)

    def accept(self, *words: str) -> bool:
        if all(self.peek(k) == w for k, w in enumerate(words)):
            self.i += len(words)
            return True
        return False

    def expect(self, expected: str, *words: str) -> None:
        if not self.accept(*words):
            raise self.error(expected)

    def take(self) -> _Token:
        if self.i >= len(self.tokens):
            raise self.error("more words")
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"at most {MAX_DEPTH} levels of nesting (parentheses, not, some/every schwung)")

    def end(self, more: str) -> None:
        """An optional '?', then the end of the question; else the error expects the end, a connective and what ``more`` says."""
        self.accept("?")
        if self.i < len(self.tokens):
            raise self.error(f"the end of the question, 'and', 'or', 'implies'{more}")

    # -- the question

    def level_prop(self, kind: Literal["exists", "every"], level: str, noun: str) -> tuple[Prop, ScoringSystem]:
        """After 'there is a NOUN' ('where P') or 'every NOUN' ('has P'): the proposition in the words of ``level``, and 'under SYSTEM'."""
        if not (self.accept("where") if kind == "exists" else (self.accept("has") or self.accept("where"))):
            raise self.error(f"'where' after 'there is a {noun}'" if kind == "exists" else f"'has' after 'every {noun}'")
        self.level = level
        prop = self.prop()
        system = ScoringSystem.SCHWINGERWERTUNG
        if self.accept("under"):
            system = self.system()
        return prop, system

    def fest_question(self, kind: Literal["exists", "every"]) -> FestQuestion:
        """After 'there is a schwingfest' or 'every schwingfest': 'where P' / 'has P', 'under SYSTEM', 'with fest_starter = R and fest_tiebreak = R'."""
        prop, system = self.level_prop(kind, "fest", "schwingfest")
        readings: dict[str, str] = {"fest_starter": Rules().fest_starter, "fest_tiebreak": Rules().fest_tiebreak}
        known = {"fest_starter": FEST_STARTER_READINGS, "fest_tiebreak": FEST_TIEBREAK_READINGS}
        if self.accept("with"):
            while True:
                tok = self.take()
                if tok.word not in known:
                    raise self.error("fest_starter or fest_tiebreak, the readings of a Schwingfest asked here", tok,
                                     choices=tuple(known))
                self.accept("=")
                value = self.take()
                if value.raw not in known[tok.word]:
                    raise self.error(f"a reading of {tok.word}: {', '.join(known[tok.word])}", value, choices=known[tok.word])
                readings[tok.word] = value.raw
                if not (self.accept(",") or self.accept("and")):
                    break
        self.end(", 'under SYSTEM' or 'with fest_tiebreak = READING'")
        return FestQuestion(kind, prop, system, readings["fest_starter"], readings["fest_tiebreak"], text=self.text.strip())

    def fest_atom(self) -> Prop:
        """One statement about a Schwingfest: 'NAME ranks [at most] N', 'points of NAME at least POINTS', 'NAME has N points'."""
        names = tuple(n.lower() for n in FEST_NAMES)
        if self.accept("points"):
            self.accept("of")
            who = self.fest_name(names)
            op = self.comparison()
            return FestPoints(who, op, self.points_value())
        if self.peek() in names:
            who = self.fest_name(names)
            if self.accept("ranks") or self.accept("rank"):
                op = self.optional_comparison()
                tok = self.take()
                if not tok.word.isdigit() or not 1 <= int(tok.word) <= len(FEST_NAMES):
                    raise self.error(f"a rank 1 to {len(FEST_NAMES)}", tok)
                return Rank(who, op, int(tok.word))
            if self.accept("has"):
                op = self.optional_comparison()
                value = self.points_value()
                self.expect("'points' after the number", "points")
                return FestPoints(who, op, value)
            raise self.error("ranks N or has N points after a Schwinger", choices=("ranks", "has"))
        here = self.tokens[self.i] if self.i < len(self.tokens) else None
        if here is not None and here.word in WORDS and here.word not in names:
            raise QuestionError(self.text, here.column, here.raw,
                                f"a word about a Schwingfest: {here.raw!r} speaks of one Gang or a match, which a Schwingfest "
                                "question does not mix with its words; here: NAME ranks N, points of NAME at least POINTS")
        raise self.error(f"a statement about a Schwingfest of {', '.join(FEST_NAMES)}: NAME ranks N, points of NAME at least POINTS",
                         choices=(*names, "points"))

    def fest_name(self, names: tuple[str, ...]) -> str:
        tok = self.take()
        if tok.word not in names:
            raise self.error(f"a Schwinger of the fest: {', '.join(FEST_NAMES)} (youngest first)", tok, choices=names)
        return FEST_NAMES[names.index(tok.word)]

    def points_value(self) -> int:
        tok = self.take()
        try:
            return Const.of(tok.word, points=True).value
        except SchwingetError:
            raise self.error("points as the booklet writes them (36.50, 38)", tok) from None

    def match_question(self) -> MatchQuestion | FestQuestion | None:
        """'there is a [short|long] match where P' or 'every [short|long] match has P', with 'under SYSTEM' and 'with draw_tie_starter = READING'; None when the question is not about a match."""
        start = self.i
        if self.accept("there", "is") or self.accept("is", "there"):
            kind: Literal["exists", "every"] = "exists"
        elif self.accept("every"):
            kind = "every"
        else:
            return None
        if self.accept("schwingfest") or self.accept("fest"):
            return self.fest_question(kind)
        length = MatchLength.SHORT
        if self.accept("long"):
            length = MatchLength.LONG
        else:
            self.accept("short")
        if not self.accept("match"):
            self.i = start
            return None
        prop, system = self.level_prop(kind, "match", "match")
        draw_tie = "younger"
        if self.accept("with"):
            tok = self.take()
            if tok.word != "draw_tie_starter":
                raise self.error(f"draw_tie_starter, the one reading of a match asked here ({', '.join(DRAW_TIE_READINGS)})", tok,
                                 choices=("draw_tie_starter",))
            self.accept("=")
            value = self.take()
            if value.raw not in DRAW_TIE_READINGS:
                raise self.error(f"a reading of draw_tie_starter: {', '.join(DRAW_TIE_READINGS)}", value, choices=DRAW_TIE_READINGS)
            draw_tie = value.raw
        self.end(", 'under SYSTEM' or 'with draw_tie_starter = READING'")
        return MatchQuestion(kind, prop, length, system, draw_tie, text=self.text.strip())

    def match_atom(self) -> Prop:
        """One statement about a match: who starts or wins Gang N, who wins the match, a draw, a total."""
        if self.accept("match", "is", "gestellter") or self.accept("match", "is", "drawn"):
            return MatchDrawn()
        if self.accept("gang"):
            n = self.gang_number()
            self.expect("'is gestellter' after 'gang N'", "is", "gestellter")
            return WinsGang(None, n)
        if self.accept("total") or self.accept("totals"):
            self.accept("of")
            who = self.player()
            after = self.gang_number() if self.accept("after", "gang") else None
            op = self.comparison()
            tok = self.take()
            try:
                value = Const.of(tok.word, points=True).value
            except SchwingetError:
                raise self.error("points as the booklet writes them (36.50, 38)", tok) from None
            return Total(who, op, value, after)
        if self.peek() in PLAYERS:
            who = self.player()
            if self.accept("starts", "gang"):
                return StartsGang(who, self.gang_number())
            if self.accept("wins", "gang") or self.accept("win", "gang"):
                return WinsGang(who, self.gang_number())
            if self.accept("wins", "match") or self.accept("win", "match"):
                return WinsMatch(who)
            raise self.error("starts gang N, wins gang N or wins the match after a player", choices=("starts", "wins"))
        here = self.tokens[self.i] if self.i < len(self.tokens) else None
        if here is not None and here.word in WORDS and here.word not in PLAYERS and here.word not in MATCH_WORDS:
            raise QuestionError(self.text, here.column, here.raw,
                                f"a word about a match: {here.raw!r} speaks of one Gang, which a match question does not mix "
                                "with a match's words; here: PLAYER starts gang N, PLAYER wins gang N, gang N is gestellter, "
                                "PLAYER wins the match, the match is drawn, total of PLAYER [after gang N] ...")
        raise self.error("a statement about a match: PLAYER starts gang N, PLAYER wins gang N, gang N is gestellter, "
                         "PLAYER wins the match, the match is drawn, total of PLAYER [after gang N] at least POINTS",
                         choices=("total", "gang", "match", "p0", "p1"))

    def gang_number(self) -> int:
        tok = self.take()
        if not tok.word.isdigit() or not 1 <= int(tok.word) <= MatchLength.LONG.gaenge:
            raise self.error(f"a Gang number 1 to {MatchLength.LONG.gaenge} (a short match has {MatchLength.SHORT.gaenge})", tok)
        return int(tok.word)

    def question(self) -> Question:
        kind: Kind
        named: list[str] = []
        seed: int | None = None
        starter = Player.P0
        if self.accept("under", "which", "readings"):
            kind = "readings"
            if self.accept("of"):
                named.append(self.switch_name())
                while self.accept(",") or (self.peek() == "and" and self.peek(1) in SWITCHES and self.accept("and")):
                    named.append(self.switch_name())
            self.accept("can") or self.accept("is", "there", "gang", "where") or self.accept("is", "there", "gang", "with")
            prop = self.prop()
            self.accept("happen")
        elif (self.accept("there", "is", "deal", "where") or self.accept("is", "there", "deal", "where")
              or (self.peek() == "on" and self.peek(1) == "deal")):
            if self.accept("on", "deal", "of", "seed") or self.accept("on", "deal", "seed"):
                seed, starter = self.seed_and_starter()
            elif self.peek() == "on":
                raise self.error("'on the deal of seed N'")
            prop = self.prop()
            if self.accept("whatever", "both", "play"):
                kind = "any_play"
            elif self.accept("under", "perfect", "play"):
                kind = "best_play"
            else:
                raise self.error("'whatever both play' or 'under perfect play' after a deal's proposition")
        elif (self.accept("there", "is", "gang", "where") or self.accept("is", "there", "gang", "where")
              or self.accept("there", "is", "gang", "with") or self.accept("is", "there", "gang", "with")):
            kind = "exists"
            prop = self.prop()
        elif self.accept("can"):
            kind = "exists"
            prop = self.prop()
            self.accept("happen")
        elif self.accept("every", "gang", "has") or self.accept("in", "every", "gang") or self.accept("always"):
            kind = "every"
            prop = self.prop()
        else:
            raise self.error("'there is a gang where', 'every gang has', 'under which readings can', 'there is a deal where' or 'can'")
        system = ScoringSystem.SCHWINGERWERTUNG
        if seed is not None and kind not in ("any_play", "best_play"):
            raise self.error("a game question")
        if kind == "best_play" and self.accept("for"):
            system = self.system()
        readings = self.readings()
        if named:
            # "under which readings of X": the other switches keep their default unless fixed with "with"
            defaults = Rules()
            given = dict(readings)
            readings = tuple(
                (n, given.get(n, bool(getattr(defaults, n)))) for n in SWITCHES if n not in named
            )
        self.end(" or 'with SWITCH on/off'")
        size = size_of(prop)
        if size > MAX_SIZE:
            raise QuestionError(self.text, 1, self.tokens[0].raw if self.tokens else "",
                                f"a smaller question: {size} words once its Schwung quantifiers are unrolled, at most {MAX_SIZE}")
        return Question(kind, prop, readings, text=self.text.strip(), system=system, seed=seed, starter=starter)

    def seed_and_starter(self) -> tuple[int, Player]:
        tok = self.take()
        if not tok.word.isdigit() or int(tok.word) >= 2**64:
            raise self.error("a seed: a whole number 0 to 2**64 - 1 (the deal is Deal.shuffled(seed))", tok)
        starter = Player.P0
        if self.accept("with"):
            who = self.take()
            if who.word not in ("p0", "p1"):
                raise self.error("P0 or P1 (who leads Schwung 1)", who)
            self.expect("'starting' after the starter", "starting")
            starter = Player.P1 if who.word == "p1" else Player.P0
        self.accept(",")
        self.accept(":")
        return int(tok.word), starter

    def switch_name(self) -> str:
        tok = self.take()
        if tok.word not in SWITCHES:
            levels = {f.name for f in attrs.fields(Rules)} - set(SWITCHES)
            if tok.word in levels:
                raise QuestionError(self.text, tok.column, tok.raw,
                                    f"a switch of one Gang ({', '.join(SWITCHES)}): {tok.raw} acts on a match or a Schwingfest")
            raise self.error(f"a switch of one Gang: {', '.join(SWITCHES)}", tok, choices=tuple(SWITCHES))
        return tok.word

    def readings(self) -> tuple[tuple[str, bool], ...]:
        out: list[tuple[str, bool]] = []
        if not self.accept("with"):
            return ()
        while True:
            name = self.switch_name()
            self.accept("=")
            value = self.take()
            if value.word not in ("on", "off", "true", "false"):
                raise self.error(f"on or off for {name}", value)
            out.append((name, value.word in ("on", "true")))
            if not (self.accept(",") or self.accept("and")):
                return tuple(out)

    # -- propositions

    def prop(self) -> Prop:
        left = self.disj()
        if self.accept("implies"):
            return Implies(left, self.disj())
        return left

    def disj(self) -> Prop:
        parts = [self.conj()]
        while self.peek() == "or":
            self.i += 1
            parts.append(self.conj())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conj(self) -> Prop:
        parts = [self.unary()]
        while self.peek() == "and" and self.peek(1) not in SWITCHES:
            self.i += 1
            parts.append(self.unary())
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self) -> Prop:
        if self.accept("not") or (self.peek() == "no" and self.peek(1) != "trump" and self.accept("no")):
            self.nest()
            body = self.unary()
            self.depth -= 1
            return Not(body)
        if self.accept("("):
            self.nest()
            inner = self.prop()
            self.expect("')' to close the parenthesis", ")")
            self.depth -= 1
            return inner
        for word, cls in (("some", SomeSchwung), ("every", EverySchwung)):
            if self.peek() == word and self.peek(1) == "schwung":
                self.i += 2
                tok = self.take()
                if not tok.word.isidentifier() or tok.word in WORDS:
                    raise self.error("a name for the Schwung, such as s", tok)
                self.expect("':' after the Schwung's name", ":")
                self.nest()
                self.bound.append(tok.word)
                body = self.prop()
                self.bound.pop()
                self.depth -= 1
                return cls(tok.word, body)
        return self.atom()

    def atom(self) -> Prop:
        if self.level == "match":
            return self.match_atom()
        if self.level == "fest":
            return self.fest_atom()
        w = self.peek()
        if w in PLAYERS:
            return self.player_phrase()
        if w == "plattwurf":
            self.i += 1
            return Plattwurf(self.player()) if self.accept("by") else Plattwurf()
        if w == "angriff" and self.peek(1) != "schwung":
            self.i += 1
            who = self.player() if self.accept("by") else None
            before = self.schwung() if self.accept("before", "schwung") else None
            return AngriffAt(who, before)
        if self.accept("gestellter"):
            return Gestellter()
        if self.accept("trump", "is") or self.accept("trump", "="):
            return TrumpIs(self.colour())
        if self.accept("no", "trump") or self.accept("trump"):
            return TrumpIs(None)
        if self.accept("result", "row", "is") or self.accept("row", "is"):
            tok = self.take()
            if tok.word not in ROWS:
                raise self.error(f"a row of the Wertungstabelle: {', '.join(o for o in ROWS if '-' not in o)}", tok)
            return RowIs(ROWS[tok.word])
        if self.accept("pending"):
            if self.accept("at", "end"):
                return Pending()
            self.expect("'at the end' or 'before schwung N' after pending", "before", "schwung")
            return Pending(self.schwung())
        if w == "schwung" and self.peek(2) == "is":
            self.i += 1
            s = self.schwung()
            self.i += 1
            negate = self.accept("not")
            if self.accept("neutralised"):
                out: Prop = Neutralised(s)
            elif self.accept("played"):
                out = Played(s)
            elif self.accept("locked"):
                out = Locked(s)
            else:
                raise self.error("neutralised, played or locked after 'schwung N is'")
            return Not(out) if negate else out
        if self.accept("answerer", "void", "in", "schwung") or self.accept("void", "in", "schwung"):
            return Void(self.schwung())
        if self.accept("pile", "locked", "in", "schwung") or self.accept("pile", "is", "locked", "in", "schwung"):
            return Locked(self.schwung())
        if w in ("card", "led", "answered", "revealed", "value", "colour"):
            return self.card_phrase()
        return self.compare()

    def player_phrase(self) -> Prop:
        who = self.player()
        self.accept("of", "gang")
        if self.accept("has") or self.accept("have") or (self.peek() in ("hold", "holds") and self.peek(1) not in CARDS and self.accept(self.peek())):
            return self.count_of(who)
        negate = self.accept("does", "not") or self.accept("cannot") or self.accept("never")
        out: Prop
        if self.accept("wins") or self.accept("win"):
            if self.accept("by", "plattwurf"):
                out = Plattwurf(who)
            elif self.accept("schwung"):
                out = WinsSchwung(who, self.schwung())
            else:
                out = Wins(who)
        elif self.accept("loses") or self.accept("lose"):
            out = Wins(PlayerRef(_OTHER[who.name]))  # type: ignore[arg-type]
        elif self.accept("leads", "schwung"):
            out = Leads(who, self.schwung())
        elif self.accept("holds"):
            card = self.card()
            out = Holds(who, card, self.schwung()) if self.accept("before", "schwung") else Holds(who, card)
        elif self.accept("starts", "angriff"):
            out = AngriffAt(who, self.schwung() if self.accept("before", "schwung") else None)
        elif self.accept("can", "force"):
            if self.accept("plattwurf"):
                out = Plattwurf(who)
            elif self.accept("win"):
                out = Wins(who)
            else:
                raise self.error("'plattwurf' or 'win' after 'can force'")
        else:
            raise self.error("wins, loses, leads schwung N, holds CARD, has N tricks or starts an angriff after a player",
                             choices=_PLAYER_VERBS)
        return Not(out) if negate else out

    def count_of(self, who: PlayerRef) -> Prop:
        """After 'PLAYER has' (holds, hold): [a comparison] N tricks, or N points [under SYSTEM]; 'has 5 tricks' is exactly 5."""
        op = self.optional_comparison()
        tok = self.take()
        if not tok.word[:1].isdigit():
            raise self.error("a number of tricks or points after 'has'", tok)
        if self.accept("tricks") or self.accept("trick"):
            if "." in tok.word:
                raise self.error("a whole number of tricks", tok)
            return Compare(Tricks(who), op, Const(int(tok.word)))
        if self.accept("points"):
            system = self.system() if self.accept("under") or self.accept("in") else ScoringSystem.SCHWINGERWERTUNG
            return Compare(Points(who, system), op, Const.of(tok.word, points=True))
        raise self.error("'tricks' or 'points' after the number", choices=("tricks", "points"))

    def card_phrase(self) -> Prop:
        if self.accept("value", "of") or self.accept("value"):
            ref = self.card_ref()
            op = self.comparison()
            tok = self.take()
            if not tok.word.isdigit() or not 1 <= int(tok.word) <= 6:
                raise self.error("a Kampfwert 1 to 6", tok)
            return ValueIs(ref, op, int(tok.word))
        if self.accept("colour", "of") or self.accept("colour"):
            ref = self.card_ref()
            self.expect("'is' and a colour", "is")
            negate = self.accept("not")
            coloured: Prop = ColourIs(ref, self.colour_or_kind())
            return Not(coloured) if negate else coloured
        ref = self.card_ref()
        if not self.accept("is"):
            self.expect("'is' after the card", "=")
        negate = self.accept("not")
        w = self.peek()
        out: Prop
        if w in CARDS and w not in COLOURS:
            out = CardIs(ref, self.card())
        elif w in COLOURS or w in ("trump", "special"):
            out = ColourIs(ref, self.colour_or_kind())
        else:
            raise self.error("a card (R1 ... Y6, KR, BK), a colour, trump or special")
        return Not(out) if negate else out

    def card_ref(self) -> CardRef:
        self.accept("card")
        if self.accept("revealed"):
            self.accept("card")
            return Revealed()
        if self.accept("led"):
            self.accept("card")
            self.expect("'in schwung N' after led", "in", "schwung")
            return Led(self.schwung())
        if self.accept("answered"):
            self.accept("card")
            self.expect("'in schwung N' after answered", "in", "schwung")
            return Answered(self.schwung())
        raise self.error("led in schwung N, answered in schwung N, or the revealed card")

    def compare(self) -> Prop:
        left = self.num()
        op = self.comparison()
        right = self.num(points=isinstance(left, Points))
        return Compare(left, op, right)

    def optional_comparison(self) -> str:
        """A comparison (at least, at most, more than, fewer than, =, <, ...) when one follows, else ``=``."""
        for words, sign in COMPARISONS.items():
            if self.accept(*words):
                return sign
        return "="

    def comparison(self) -> str:
        self.accept("has")
        if self.accept("is", "not"):
            if any(self.peek(k) == w for words in COMPARISONS for k, w in enumerate(words[:1])):
                raise self.error("a comparison without 'not' (at least, at most, more than, fewer than)")
            return "!="
        plain_is = self.accept("is")
        for words, op in COMPARISONS.items():
            if self.accept(*words):
                return op
        if plain_is:
            return "="
        raise self.error("a comparison: is, is not, at least, at most, more than, fewer than, =, <, >, <=, >=, !=")

    def num(self, *, points: bool = False) -> Num:
        tok = self.tokens[self.i] if self.i < len(self.tokens) else None
        if tok is not None and tok.word[:1].isdigit():
            self.i += 1
            if points:
                return Const.of(tok.word, points=True)
            if "." in tok.word:
                raise self.error("a whole number (points only beside points)", tok)
            return Const(int(tok.word))
        if self.accept("tricks"):
            self.accept("of")
            who = self.player()
            return Tricks(who, self.schwung()) if self.accept("before", "schwung") else Tricks(who)
        if self.accept("schwuenge"):
            return Schwuenge()
        if self.accept("angriff", "schwung"):
            return AngriffSchwung()
        if self.accept("points"):
            self.accept("of")
            who = self.player()
            system = self.system() if self.accept("under") or self.accept("in") else ScoringSystem.SCHWINGERWERTUNG
            return Points(who, system)
        raise self.error("a proposition or a count: a number, tricks of PLAYER, schwuenge, angriff schwung, points of PLAYER",
                         choices=_ATOM_WORDS)

    # -- single words

    def player(self) -> PlayerRef:
        tok = self.take()
        if tok.word not in PLAYERS:
            raise self.error("a player: P0, P1, starter (Beginner), opponent (Gegner), winner (Sieger) or loser (Verlierer)", tok,
                             choices=tuple(PLAYERS))
        return PlayerRef(PLAYERS[tok.word])  # type: ignore[arg-type]

    def schwung(self) -> SchwungRef:
        tok = self.take()
        if tok.word in self.bound:
            return tok.word
        if not tok.word.isdigit():
            raise self.error(f"a Schwung number 1 to {MAX_SCHWUNG}" + (f" or {', '.join(self.bound)}" if self.bound else ""), tok)
        n = int(tok.word)
        if not 1 <= n <= MAX_SCHWUNG:
            raise self.error(f"a Schwung number 1 to {MAX_SCHWUNG} (the longest Gang has {MAX_SCHWUNG})", tok)
        return n

    def card(self) -> Card:
        tok = self.take()
        if tok.word not in CARDS:
            raise self.error("a card: R1 ... R6, G1 ... G6, B1 ... B6, Y1 ... Y6, KR (Kampfrichter), BK (Konter)", tok,
                             choices=tuple(CARDS))
        return CARDS[tok.word]

    def colour(self) -> Colour:
        tok = self.take()
        if tok.word not in COLOURS:
            raise self.error("a colour: R (red, rot), G (green, grün), B (blue, blau), Y (yellow, gelb)", tok, choices=tuple(COLOURS))
        return COLOURS[tok.word]

    def colour_or_kind(self) -> Colour | Literal["trump", "special"]:
        if self.accept("trump"):
            return "trump"
        if self.accept("special"):
            return "special"
        return self.colour()

    def system(self) -> ScoringSystem:
        tok = self.take()
        if tok.word not in SYSTEMS:
            raise self.error("a scoring system: schwingerwertung or punktewertung", tok, choices=tuple(SYSTEMS))
        return SYSTEMS[tok.word]


def parse_question(text: str) -> Question | MatchQuestion | FestQuestion:
    """The ``Question`` (or ``MatchQuestion``, ``FestQuestion``) a text states; ``QuestionError`` naming and pointing at the wrong word."""
    if not isinstance(text, str):
        raise QuestionError(repr(text), 1, "", "a question as text")
    if len(text) > MAX_LENGTH:
        raise QuestionError(text[:60] + "...", 1, "", f"a question of at most {MAX_LENGTH} characters, got {len(text)}")
    if not text.strip():
        raise QuestionError(text, 1, "", "a question, such as 'there is a gang where plattwurf by starter'")
    parser = _Parser(text)
    return parser.match_question() or parser.question()

