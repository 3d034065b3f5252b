"""schwinget_spec.ask on a Schwingfest: ranks and points, proofs with the fest clauses of their core, witnesses fought on SchwingfestState."""

from __future__ import annotations

import pytest

from schwinget_spec.ask import QuestionError, ask, parse_question
from schwinget_spec.ask.fest import FestQuestion, Rank, holds_on_fest
from schwinget_spec.ask.terms import And
from schwinget_spec.errors import InvalidArgumentError


def test_text_and_python_forms_of_a_fest_question_agree() -> None:
    """'every schwingfest has Chrigu ranks at most 3' parses to the FestQuestion built in Python."""
    parsed = parse_question("every schwingfest has Chrigu ranks at most 3")
    assert parsed == FestQuestion("every", Rank("Chrigu", "<=", 3), text=parsed.text)


def test_a_three_way_tie_is_found_under_each_tiebreak_and_replayed() -> None:
    """All three on rank 1 is a fest the engine fights to equal ranks under both readings of fest_tiebreak."""
    for reading in ("shared", "wins_then_plattwuerfe"):
        prop = And((Rank("Anna", "=", 1), Rank("Beat", "=", 1), Rank("Chrigu", "=", 1)))
        answer = ask(FestQuestion("exists", prop, fest_tiebreak=reading))
        assert answer.verdict == "witness"
        assert answer.fest is not None
        assert answer.fest.is_over
        assert [st.rank for st in answer.fest.standings] == [1, 1, 1]
        assert holds_on_fest(answer.fest, prop)


@pytest.mark.parametrize(("text", "word", "expected"), [
    ("there is a schwingfest where Anna wins gang 1", "wins", "ranks N or has N points"),
    ("there is a schwingfest where Ana ranks 1", "Ana", "did you mean 'anna'?"),
    ("there is a schwingfest where Anna ranks 4", "4", "a rank 1 to 3"),
    ("there is a schwingfest where Anna ranks 1 with fest_tiebreak = coin", "coin", "a reading of fest_tiebreak"),
    ("there is a schwingfest where Anna ranks 1 and plattwurf", "plattwurf", "speaks of one Gang or a match"),
])
def test_a_bad_word_in_a_fest_question_is_named(text: str, word: str, expected: str) -> None:
    """A Gang verb, an unknown name, a rank out of range, an unknown reading and a Gang word are refused naming the word."""
    with pytest.raises(QuestionError) as caught:
        parse_question(text)
    assert caught.value.word == word
    assert expected in str(caught.value)


def test_a_schwinger_not_in_the_fest_is_refused_in_python() -> None:
    """A name outside Anna, Beat and Chrigu is refused when the term is built, naming the parameter."""
    with pytest.raises(InvalidArgumentError, match="schwinger"):
        Rank("Dora", "=", 1)
