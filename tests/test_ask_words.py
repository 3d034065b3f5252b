"""schwinget_spec.ask: the Gang's winner and loser (Sieger, Verlierer), 'PLAYER has N tricks', and suggestions that fit the word's place."""

from __future__ import annotations

import pytest

from schwinget_spec.ask import LOSER, WINNER, Not, QuestionError, Tricks, ask, parse_question, there_is
from schwinget_spec.ask.engine_eval import EngineGang, holds_on_engine
from schwinget_spec.deal import Deal
from schwinget_spec.gang import Outcome, start_gang


def test_the_loser_can_hold_5_tricks_and_the_engine_agrees() -> None:
    """'Can the loser of a Gang hold 5 tricks?' is answered with a Gang the engine replays, won by the other player 6 to 5 or more."""
    answer = ask("can the loser of a Gang hold 5 tricks?")
    assert answer.verdict == "witness"
    assert answer.gang is not None
    result = answer.gang.state().result
    assert result.winner is not None
    assert result.tricks[1 - int(result.winner)] == 5
    assert result.tricks[int(result.winner)] > 5


def test_text_english_german_and_python_say_the_same() -> None:
    """'the loser has 5 tricks', 'der Verlierer has 5 tricks' and Tricks(LOSER).equals(5) are one proposition."""
    english = parse_question("there is a gang where the loser has 5 tricks")
    german = parse_question("there is a gang where der Verlierer has 5 tricks")
    assert english.prop == german.prop == there_is(Tricks(LOSER).equals(5)).prop
    assert parse_question("there is a gang where tricks of Sieger at least 6").prop == Tricks(WINNER).at_least(6)


def test_after_a_gestellter_there_is_no_winner_to_speak_of() -> None:
    """'Every Gang: the winner has more than 2 tricks' is refuted by a Gestellter, where a statement about the winner is false on the engine."""
    answer = ask("every gang has the winner has more than 2 tricks")
    assert answer.verdict == "counterexample"
    assert answer.gang is not None
    final = answer.gang.state()
    assert final.result.outcome is Outcome.GESTELLTER
    found = answer.gang
    engine = EngineGang(start_gang(Deal.from_deck(found.deck), found.starter, found.rules), found.actions)
    for text in ("the winner has at least 0 tricks", "the loser has at least 0 tricks"):
        prop = parse_question(f"there is a gang where {text}").prop
        assert not holds_on_engine(engine, prop)
        assert holds_on_engine(engine, Not(prop))


@pytest.mark.parametrize(("text", "word", "suggestion"), [
    ("there is a gang where the looser has 5 tricks", "looser", "'loser'"),
    ("there is a gang where the winer wins", "winer", "'winner'"),
    ("there is a gang where P0 wimns", "wimns", "'wins'"),
    ("there is a gang where tricks of verlierr at least 3", "verlierr", "'verlierer'"),
])
def test_did_you_mean_suggests_a_word_that_fits_the_place(text: str, word: str, suggestion: str) -> None:
    """An unknown word is compared with the words that may stand where it stands: a player where a player goes, a verb after one."""
    with pytest.raises(QuestionError) as caught:
        parse_question(text)
    assert caught.value.word == word
    assert f"did you mean {suggestion}?" in str(caught.value)
