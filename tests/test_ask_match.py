"""schwinget_spec.ask on a match: proofs with the match clauses of their core, witnesses replayed on MatchState, levels not mixed."""

from __future__ import annotations

import pytest

from schwinget_spec.ask import P0, P1, QuestionError, ask, parse_question
from schwinget_spec.ask.match import MatchDrawn, MatchQuestion, StartsGang, Total, WinsGang, holds_on_match
from schwinget_spec.ask.terms import Implies
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.match import MatchLength


def test_text_and_python_forms_of_a_match_question_agree() -> None:
    """'every match has P0 wins gang 1 implies P1 starts gang 2' parses to the MatchQuestion built in Python."""
    parsed = parse_question("every match has P0 wins gang 1 implies P1 starts gang 2")
    assert parsed == MatchQuestion("every", Implies(WinsGang(P0, 1), StartsGang(P1, 2)), text=parsed.text)


def test_the_loser_of_a_gang_starts_the_next_proved_by_its_clause() -> None:
    """Who starts Gang 2 after P0 won Gang 1 is proved for every match, the core naming match.loser_starts."""
    answer = ask("every match has P0 wins gang 1 implies P1 starts gang 2")
    assert (answer.verdict, answer.is_proof, answer.clauses) == ("proved", True, ("match.loser_starts",))


def test_a_drawn_match_is_found_and_replayed_on_the_engine() -> None:
    """A drawn short match is a witness: real Gänge, played through MatchState, whose totals the engine finds equal."""
    question = parse_question("there is a match where the match is drawn")
    assert isinstance(question, MatchQuestion)
    answer = ask(question)
    assert answer.verdict == "witness"
    match = answer.match
    assert match is not None
    assert match.is_over
    assert len(match.gaenge) == MatchLength.SHORT.gaenge
    assert match.result.winner is None
    assert holds_on_match(match, MatchDrawn())
    assert not holds_on_match(match, Total(P0, ">", match.totals[1].hundredths))


@pytest.mark.parametrize(("text", "word", "expected"), [
    ("there is a match where P0 wins gang 1 and plattwurf", "plattwurf", "speaks of one Gang"),
    ("there is a gang where P0 wins the match", "match", "speaks of a match or a Schwingfest"),
    ("there is a match where P0 starts gang 7", "7", "a Gang number 1 to 6"),
    ("there is a match where P0 winz gang 1", "winz", "did you mean 'wins'?"),
    ("there is a match where P0 wins gang 1 with draw_tie_starter = oldest", "oldest", "a reading of draw_tie_starter"),
])
def test_a_bad_word_in_a_match_question_is_named(text: str, word: str, expected: str) -> None:
    """Mixed levels, a Gang out of range, an unknown verb and an unknown reading are refused naming the word."""
    with pytest.raises(QuestionError) as caught:
        parse_question(text)
    assert caught.value.word == word
    assert expected in str(caught.value)


def test_a_gang_of_a_short_match_out_of_range_is_refused_in_python() -> None:
    """Gang 5 of a short match is refused when the question is built, naming the parameter."""
    with pytest.raises(InvalidArgumentError, match="Gänge 1 to 4"):
        MatchQuestion("exists", StartsGang(P0, 5))
