"""schwinget_spec.ask and schwinget ask: the question language, its errors, witnesses the engine confirms, proofs with cores, game questions."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.ask import (
    OPPONENT,
    P0,
    P1,
    STARTER,
    Answered,
    CardIs,
    Led,
    Neutralised,
    Not,
    Pending,
    Plattwurf,
    QuestionError,
    SomeSchwung,
    Tricks,
    Wins,
    ask,
    deal_where,
    every,
    parse_question,
    there_is,
)
from schwinget_spec.ask.answers import GangFound
from schwinget_spec.ask.engine_eval import EngineGang, holds_on_engine
from schwinget_spec.ask.game import answer_game_question
from schwinget_spec.ask.questions import Question
from schwinget_spec.ask.solve import confirm
from schwinget_spec.cards import Card
from schwinget_spec.conformance.trace.verify import verify_trace
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.proofs.replay import Witness


def invoke(*args: str) -> object:
    """Run ``schwinget ARGS`` in this process."""
    return CliRunner().invoke(cli.cli, list(args), prog_name="schwinget")


def test_text_and_python_forms_parse_to_the_same_question() -> None:
    """The text form and the typed terms build the same proposition."""
    text = parse_question("there is a gang where the starter wins and tricks of the opponent at least 5")
    built = there_is(Wins(STARTER) & Tricks(OPPONENT).at_least(5))
    assert text.prop == built.prop
    assert text.kind == built.kind == "exists"


def test_german_terms_are_read_as_the_english_words() -> None:
    """Stiche, Gegner, Trumpf, grün, und and nicht read as tricks, opponent, trump, green, and and not."""
    german = parse_question("there is a gang where Stiche of Gegner at least 5 und Trumpf is grün und nicht gestellter")
    english = parse_question("there is a gang where tricks of opponent at least 5 and trump is green and not gestellter")
    assert german.prop == english.prop


@pytest.mark.parametrize(("text", "column", "word", "expected"), [
    ("there is a gang where plattwrf by P0", 23, "plattwrf", "did you mean 'plattwurf'?"),
    ("there is a gang where P0 leads schwung 12", 40, "12", "a Schwung number 1 to 11"),
    ("there is a gang where P0 wins with void_konter_beats_six maybe", 58, "maybe", "on or off for void_konter_beats_six"),
    ("there is a gang where P0 wins with draw_tie_starter on", 36, "draw_tie_starter", "acts on a match or a Schwingfest"),
    ("there is a gang where P0 wins with no_such_switch on", 36, "no_such_switch", "a switch of one Gang"),
    ("there is a gang where (P0 wins", 31, "", "')' to close the parenthesis"),
    ("there is a gang where schwung t is neutralised", 31, "t", "a Schwung number 1 to 11"),
    ("there is a gang where P0 wins the match", 35, "match", "speaks of a match or a Schwingfest"),
])
def test_a_bad_word_is_named_with_its_column_and_what_was_expected(text: str, column: int, word: str, expected: str) -> None:
    """Each kind of bad input names the word, its column and what was expected, and the caret stands under the word."""
    with pytest.raises(QuestionError) as caught:
        parse_question(text)
    exc = caught.value
    assert (exc.column, exc.word) == (column, word)
    assert expected in str(exc)
    assert "\n" not in str(exc)
    assert exc.pointer().splitlines()[1].index("^") == column + 1
    assert isinstance(exc, SchwingetError)


def test_too_large_questions_are_refused_before_z3() -> None:
    """A question nested past 12 levels, one over 600 characters and one too large once unrolled are refused by the parser."""
    with pytest.raises(QuestionError, match="levels of nesting"):
        parse_question("there is a gang where " + "(" * 13 + "P0 wins" + ")" * 13)
    with pytest.raises(QuestionError, match="at most 600 characters"):
        parse_question("there is a gang where " + "P0 wins and " * 60 + "P0 wins")
    nested = "some schwung s: some schwung t: some schwung u: led in schwung s is KR and led in schwung t is KR and led in schwung u is KR"
    with pytest.raises(QuestionError, match="smaller question"):
        parse_question("there is a gang where " + nested)


def test_cli_bad_question_exits_2_with_one_line_and_a_caret() -> None:
    """schwinget ask with an unknown word prints one error line and the question with a caret, exit 2, no traceback."""
    result = invoke("ask", "every gang has plattwurf implies angrif")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    lines = result.stderr.splitlines()  # type: ignore[attr-defined]
    assert lines[0].startswith("Error: column 34: 'angrif'")
    assert lines[2].endswith("^")
    assert len(lines[2]) == 2 + 34


def test_witness_is_replayed_read_by_the_engine_and_written_as_a_verified_trace(tmp_path: Path) -> None:
    """A witness comes with its Gang told Schwung by Schwung, the trace --trace writes conforms, and the engine reads the question true on it."""
    path = tmp_path / "w.json"
    result = invoke("ask", "there is a gang where led in schwung 1 is KR and gestellter", "--trace", str(path))
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert "answer:   yes: here is one, replayed on the engine" in result.output  # type: ignore[attr-defined]
    assert "[kampfrichter.neutralises]" in result.output  # type: ignore[attr-defined]
    trace = json.loads(path.read_text(encoding="utf-8"))
    assert verify_trace(trace).conforms
    gang = trace["gaenge"][0]
    state = start_gang(Deal.from_codes(**{k: gang["deal"][k] for k in ("hands", "revealed", "face_down", "pile")}),
                       Player[gang["starter"]])
    engine = EngineGang(state, gang["actions"])
    assert holds_on_engine(engine, parse_question("there is a gang where led in schwung 1 is KR and gestellter").prop)


def test_proof_names_its_clauses_and_json_says_so() -> None:
    """A proof's --json answer is proved, a proof, with the clauses of the core."""
    result = invoke("ask", "every gang has angriff schwung at most 6", "--json")
    assert result.exit_code == 0  # type: ignore[attr-defined]
    out = json.loads(result.output)  # type: ignore[attr-defined]
    assert (out["verdict"], out["proof"], out["clauses"]) == ("proved", True, ["angriff.not_empty_pile"])


def test_a_counterexample_to_a_false_claim_is_a_gang_the_engine_confirms() -> None:
    """'Every Gang is won by the starter' is refuted by a Gang the engine plays to a result the starter does not win."""
    answer = ask(every(Wins(STARTER)))
    assert answer.verdict == "counterexample"
    assert answer.gang is not None
    assert answer.gang.state().result.winner is not answer.gang.starter


def test_an_engine_disagreement_is_a_bug_not_an_answer() -> None:
    """confirm reports a Gang the engine reads otherwise than the model said: the check that turns a wrong witness into a bug report."""
    deal = Deal.shuffled(5)
    state = start_gang(deal, Player.P0)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    codes = state.action_codes()
    found = GangFound(tuple(_deck_of(deal)), Player.P0, codes, state.rules)
    outcome = list(type(state.result.outcome)).index(state.result.outcome)
    w = Witness(found.deck, Player.P0, codes, state.rules, state.result.tricks, outcome)
    right = Plattwurf() if state.result.is_plattwurf else Not(Plattwurf())
    assert confirm(w, found, right, True) == ""
    assert "reads the proposition as" in confirm(w, found, Not(right), True)
    tampered = Witness(found.deck, Player.P0, codes, state.rules, (0, 0), outcome)
    assert "engine" in confirm(tampered, found, right, True)


def _deck_of(deal: Deal) -> list[Card]:
    deck: list[Card] = [Card.R1] * 26
    for i in range(5):
        deck[2 * i] = deal.hands[0][i]
        deck[2 * i + 1] = deal.hands[1][i]
    deck[10] = deal.revealed
    deck[11:14] = deal.face_down
    deck[14:] = deal.pile
    assert Deal.from_deck(deck) == deal
    return deck


def test_schwung_quantifier_and_pending_trick_words_agree_with_the_engine() -> None:
    """A Gang where the Kampfrichter answers in some Schwung and a trick is pending before Schwung 9: Z3's witness, read true by the engine."""
    question = there_is(SomeSchwung("s", CardIs(Answered("s"), Card.KR) & Neutralised("s")) & Pending(9))
    answer = ask(question)
    assert answer.verdict == "witness"
    assert answer.gang is not None
    engine = EngineGang(start_gang(Deal.from_deck(answer.gang.deck), answer.gang.starter, answer.gang.rules), answer.gang.actions)
    assert holds_on_engine(engine, question.prop)


def test_the_python_api_refuses_bad_arguments_with_library_errors() -> None:
    """A Schwung out of range, a switch of a match, a timeout of 0 and a question of the wrong type are InvalidArgumentErrors."""
    with pytest.raises(InvalidArgumentError, match="schwung"):
        Led(0)
    with pytest.raises(InvalidArgumentError, match="acts on a match"):
        there_is(Wins(P0), draw_tie_starter=True)
    with pytest.raises(InvalidArgumentError, match="timeout"):
        ask(there_is(Wins(P1)), timeout=0)
    with pytest.raises(InvalidArgumentError, match="question"):
        ask(42)  # type: ignore[call-overload]


def test_perfect_play_game_question_names_its_method_and_replays_the_solver_line() -> None:
    """'A deal where the starter cannot lose under perfect play' is found by CEGAR with the compiled solver, its optimal line replayed."""
    answer = ask(deal_where(Not(Wins(OPPONENT)), play="best"))
    assert answer.verdict == "witness"
    assert "compiled solver" in answer.method
    assert answer.gang is not None
    result = answer.gang.state().result
    assert result.winner in (None, answer.gang.starter)


def test_whatever_both_play_is_bounded_and_says_so_when_it_runs_out() -> None:
    """With one round the 'whatever both play' question stops at its limit and says it is a bound, not a proof."""
    question = parse_question("there is a deal where the starter cannot lose whatever both play")
    assert isinstance(question, Question)
    answer = answer_game_question(question, timeout=30, rounds=1)
    assert answer.verdict == "unknown"
    assert "a bound, not a proof" in answer.detail
    assert "stopped by its limit of 1 rounds" in answer.detail
    assert not answer.is_proof


def test_whatever_both_play_finds_a_deal_when_every_play_gives_it() -> None:
    """'A deal where the Gang lasts at least 5 Schwünge whatever both play' is found at once and proved for every play of it."""
    answer = ask("there is a deal where schwuenge at least 5 whatever both play")
    assert answer.verdict == "witness"
    assert answer.is_proof


def test_ctrl_c_while_z3_works_exits_130_with_one_line_and_nothing_left() -> None:
    """SIGINT to `schwinget ask` in the middle of a game question's Z3 search: exit 130 at once, the group's one line, no process left."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "schwinget_spec.cli", "ask", "there is a deal where the starter cannot lose whatever both play"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        time.sleep(3)
        assert proc.poll() is None, "the question ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130
    assert err == "interrupted: stopped before the end, nothing saved\n"
    assert out == ""
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)


def test_a_question_written_from_the_page_alone_is_answered() -> None:
    """Two questions not in the cookbook, written from docs/ask.md's table of words, are answered: a witness the engine confirms, and a proof."""
    witness = ask("there is a gang where the revealed card is KR and the opponent wins by plattwurf and Stiche of Beginner at least 1")
    assert witness.verdict == "witness"
    assert witness.gang is not None
    assert witness.gang.deck[10] is Card.KR
    proof = ask("every gang has tricks of the starter at most schwuenge")
    assert proof.verdict == "proved"
    assert "trick.winner_takes" in proof.clauses


def test_one_deal_game_questions_are_exact_for_that_deal() -> None:
    """'On the deal of seed N': the solver settles perfect play exactly, Z3 every play, each with a Gang replayed on the engine."""
    forced = ask("on the deal of seed 12, the starter can force a plattwurf under perfect play")
    assert (forced.verdict, forced.is_proof) == ("witness", True)
    assert forced.gang is not None
    assert forced.gang.state().result.plattwurf is forced.gang.starter
    assert "exact for this deal" in forced.method
    line = ask("on the deal of seed 3: the starter cannot lose whatever both play")
    assert line.verdict == "counterexample"
    assert line.gang is not None
    assert line.gang.state().result.winner is Player.P1
    with pytest.raises(QuestionError, match="seed"):
        parse_question("on the deal of seed x: the starter wins under perfect play")


def test_a_readings_answer_as_json_lists_each_reading_with_its_gang_or_its_proof() -> None:
    """--json of an 'under which readings of' question: the relevant switch, a possible row with its Gang, an impossible one with its clauses."""
    result = invoke("ask", "under which readings of good_loser_after_plattwurf can plattwurf by P0 and points of P1 under punktewertung = 1",
                    "--json")
    assert result.exit_code == 0  # type: ignore[attr-defined]
    out = json.loads(result.output)  # type: ignore[attr-defined]
    assert (out["verdict"], out["relevant"]) == ("readings", ["good_loser_after_plattwurf"])
    rows = {row["switches"]["good_loser_after_plattwurf"]: row for row in out["readings"]}
    assert rows[True]["possible"]
    assert rows[True]["gang"]["result"]["plattwurf"] == "P0"
    assert not rows[False]["possible"]
    assert "table.gut_gekaempft" in rows[False]["clauses"]
