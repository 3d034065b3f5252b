"""``ask``: one entry point for a question given as text or built in Python, answered by the Z3 model, the engine and the solver."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import overload

import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import Answer
from schwinget_spec.ask.fest import FestAnswer, FestQuestion, answer_fest_question
from schwinget_spec.ask.game import DEFAULT_ROUNDS, answer_game_question
from schwinget_spec.ask.match import MatchAnswer, MatchQuestion, answer_match_question
from schwinget_spec.ask.parser import parse_question
from schwinget_spec.ask.questions import Question
from schwinget_spec.ask.solve import DEFAULT_TIMEOUT, answer_gang_question
from schwinget_spec.ask.terms import PlayerRef
from schwinget_spec.checks import check_type
from schwinget_spec.errors import InvalidArgumentError

__all__ = ["GAME_TIMEOUT", "LOSER", "OPPONENT", "P0", "P1", "STARTER", "WINNER", "ask", "fresh_context"]

P0 = PlayerRef("P0")
P1 = PlayerRef("P1")
STARTER = PlayerRef("starter")
"""The player who leads Schwung 1 (the booklet's Beginner, ``gang.turn``)."""
OPPONENT = PlayerRef("opponent")
"""The starter's opponent (Gegner)."""
WINNER = PlayerRef("winner")
"""The winner of the Gang (Sieger): a statement about the winner is false after a Gestellter."""
LOSER = PlayerRef("loser")
"""The loser of the Gang (Verlierer): a statement about the loser is false after a Gestellter."""

GAME_TIMEOUT = 45.0
"""Seconds a game question (a deal, then the play) may take before it answers with the bound it reached."""


@overload
def ask(question: Question, *, timeout: float | None = None, rounds: int = DEFAULT_ROUNDS) -> Answer: ...
@overload
def ask(question: MatchQuestion, *, timeout: float | None = None, rounds: int = DEFAULT_ROUNDS) -> MatchAnswer: ...
@overload
def ask(question: FestQuestion, *, timeout: float | None = None, rounds: int = DEFAULT_ROUNDS) -> FestAnswer: ...
@overload
def ask(question: str, *, timeout: float | None = None, rounds: int = DEFAULT_ROUNDS) -> Answer | MatchAnswer | FestAnswer: ...
def ask(
    question: Question | MatchQuestion | FestQuestion | str, *, timeout: float | None = None, rounds: int = DEFAULT_ROUNDS
) -> Answer | MatchAnswer | FestAnswer:
    """The answer to ``question`` (a ``Question``, a ``MatchQuestion`` or the text form of either, parsed by ``parse_question``).

    ``timeout`` (seconds) bounds Z3's work: 60 for a question about one Gang or a match,
    45 for a game question by default; past it the answer is ``unknown`` and says what was
    established. ``rounds`` bounds the candidate deals of a game question.
    """
    if isinstance(question, str):
        question = parse_question(question)
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600):
        raise InvalidArgumentError("timeout", f"expected seconds between 0 and 3600, got {timeout!r}")
    if isinstance(question, FestQuestion):
        with fresh_context():
            return answer_fest_question(question, DEFAULT_TIMEOUT if timeout is None else float(timeout))
    if isinstance(question, MatchQuestion):
        with fresh_context():
            return answer_match_question(question, DEFAULT_TIMEOUT if timeout is None else float(timeout))
    check_type(question, Question, "question")
    with fresh_context():
        if question.kind in ("any_play", "best_play"):
            return answer_game_question(question, GAME_TIMEOUT if timeout is None else float(timeout), rounds)
        return answer_gang_question(question, DEFAULT_TIMEOUT if timeout is None else float(timeout))


@contextmanager
def fresh_context() -> Iterator[None]:
    """Z3's default context replaced by a new one while a question is answered, and given back after.

    Z3's search is deterministic for one input in a new context, but what a context saw
    before (the names declared, the terms built) changes which witness it finds. A new
    context per question makes an answer the same whatever was asked before it (the
    cookbook's answers are checked against a fresh run), and giving the old one back
    leaves the terms other code keeps in it usable.
    """
    saved = z3.z3._main_ctx
    z3.z3._main_ctx = None
    try:
        yield
    finally:
        z3.z3._main_ctx = saved
