"""docs/ask.md is in step with the program: its questions are the cookbook's, its answers those of a fresh run, every Gang it records replays on the engine."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.ask import QuestionError, ask, parse_question
from schwinget_spec.ask.answers import GangFound
from schwinget_spec.ask.cookbook import ENTRIES, MARKER, doc_path, parse_records, render_entry
from schwinget_spec.ask.engine_eval import EngineGang, holds_on_engine
from schwinget_spec.ask.fest import FestQuestion, holds_on_fest
from schwinget_spec.ask.match import MatchQuestion, holds_on_match
from schwinget_spec.ask.terms import GANG_SWITCHES
from schwinget_spec.cards import parse_cards
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.match import start_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.match_queries import FEST_NAMES
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import ScoringSystem

PAGE = doc_path().read_text(encoding="utf-8")
BODY = PAGE.split(MARKER, 1)[1]
RECORDS = parse_records(PAGE)
_SLOW = {"every gang has plattwurf by P0 implies tricks of P0 at least tricks of P1"}
"""A proof of one Gang that takes seconds: checked by its record, like the readings and game questions."""
CHEAP = [
    (i, e) for i, e in enumerate(ENTRIES)
    if parse_question(e.question).kind in ("exists", "every") and e.question not in _SLOW
]


def _entry_texts() -> list[str]:
    return re.split(r"(?m)^(?=### \d+\. )", BODY)[1:]


def test_the_page_holds_the_cookbook_in_order_with_at_least_25_questions() -> None:
    """The page's headings, questions and records are the cookbook's entries, in order, at least 25 of them."""
    texts = _entry_texts()
    assert len(ENTRIES) >= 25
    assert len(texts) == len(RECORDS) == len(ENTRIES)
    for i, (text, entry) in enumerate(zip(texts, ENTRIES, strict=True), start=1):
        assert text.startswith(f"### {i}. {entry.title}\n")
        assert f'schwinget ask "{entry.question}"' in text
        assert entry.tells in text


@pytest.mark.parametrize(("index", "entry"), CHEAP, ids=[str(i + 1) for i, _ in CHEAP])
def test_a_question_about_one_gang_gets_the_answer_the_page_shows(index: int, entry: Any) -> None:
    """A fresh run of the question writes exactly the entry of the page (answer, method, clauses, Gang)."""
    answer = ask(entry.question)
    assert render_entry(index + 1, entry, answer) == _entry_texts()[index].rstrip("\n") + "\n"


def _replays(gang: dict[str, Any], question: str) -> bool:
    rules = Rules.from_json(gang["rules"])
    state = start_gang(Deal.from_deck(parse_cards(gang["deck"])), Player[gang["starter"]], rules)
    engine = EngineGang(state, gang["actions"].split())
    return holds_on_engine(engine, parse_question(question).prop)


def _replays_match(match: dict[str, Any], question: str) -> None:
    """The recorded Gänge of a match, replayed and played through MatchState, finish a match the engine reads the question true on."""
    parsed = parse_question(question)
    assert isinstance(parsed, MatchQuestion)
    rules = Rules.from_json(match["rules"])
    state = start_match(ScoringSystem(match["system"]), parsed.length, Player.P0, rules)
    for g in match["gaenge"]:
        state = state.apply_gang(GangFound(parse_cards(g["deck"]), Player[g["starter"]], tuple(g["actions"].split()), rules).state())
    assert state.is_over
    assert holds_on_match(state, parsed.prop) is (parsed.kind == "exists")


def _replays_fest(fest: dict[str, Any], question: str) -> None:
    """The recorded Gang of each meeting, fought through SchwingfestState in schedule order, ends a fest the engine reads the question true on."""
    parsed = parse_question(question)
    assert isinstance(parsed, FestQuestion)
    rules = Rules.from_json(fest["rules"])
    gangs = {tuple(g["meeting"]): g for g in fest["gaenge"]}
    state = start_schwingfest(FEST_NAMES, ScoringSystem(fest["system"]), rules=rules)
    for meeting in state.schedule.meetings:
        g = gangs[(meeting.a, meeting.b, meeting.leg)]
        seat = meeting.seat(state.starter_of(meeting))
        state = state.apply_gang(meeting, GangFound(parse_cards(g["deck"]), seat, tuple(g["actions"].split()), rules).state())
    assert state.is_over
    assert holds_on_fest(state, parsed.prop) is (parsed.kind == "exists")


@pytest.mark.parametrize(("index", "entry"), list(enumerate(ENTRIES)), ids=[str(i + 1) for i in range(len(ENTRIES))])
def test_every_recorded_gang_replays_on_the_engine_and_has_the_property(index: int, entry: Any) -> None:
    """Each Gang the page records (a witness, or a readings row's) is legal on the engine, and the engine reads the question true on it."""
    record = RECORDS[index]
    if "match" in record:
        _replays_match(record["match"], entry.question)
        return
    if "fest" in record:
        _replays_fest(record["fest"], entry.question)
        return
    gangs = [record["gang"]] if "gang" in record else []
    gangs += [row["gang"] for row in record.get("rows", []) if row["possible"]]
    if record["verdict"] in ("witness", "readings"):
        assert gangs, "a witness or a possible reading records its Gang"
    for gang in gangs:
        assert _replays(gang, entry.question) is (record["verdict"] != "counterexample")
    headline = {"witness": "yes: here is", "none": "no: proved", "proved": "yes: proved", "readings": "",
                "unknown": "not settled", "counterexample": "no: here is a Gang"}[record["verdict"]]
    assert f"answer:   {headline}" in _entry_texts()[index]


def test_each_switch_of_a_gang_has_a_question_that_separates_its_readings() -> None:
    """For every Rules switch acting in a Gang, a cookbook question's answer depends on it (the 'Ask it' of docs/ambiguities.md)."""
    relevant = {name for record in RECORDS for name in record.get("relevant", [])}
    assert relevant == set(GANG_SWITCHES)


def test_the_game_questions_name_their_method_and_say_proof_or_bound() -> None:
    """The two questions the issue asks for are on the page: perfect play found by the solver, whatever both play a stated bound or settled."""
    by_question = {e.question: r for e, r in zip(ENTRIES, RECORDS, strict=True)}
    texts = dict(zip((e.question for e in ENTRIES), _entry_texts(), strict=True))
    best = "there is a deal where the starter cannot lose under perfect play"
    anyp = "there is a deal where the starter cannot lose whatever both play"
    assert by_question[best]["verdict"] == "witness"
    assert "compiled solver" in texts[best]
    assert by_question[anyp]["verdict"] in ("witness", "none", "unknown")
    assert "CEGAR" in texts[anyp]
    if by_question[anyp]["verdict"] == "unknown":
        assert "a bound, not a proof" in texts[anyp]


def test_the_ask_it_lines_of_the_open_questions_name_cookbook_questions() -> None:
    """Each 'Ask it' line of docs/ambiguities.md quotes the cookbook question it numbers, and that question's answer depends on the entry's switch."""
    text = (doc_path().parent / "ambiguities.md").read_text(encoding="utf-8")
    found = re.findall(r'^\*\*Ask it\.\*\* `schwinget ask "([^"]+)"` .*question (\d+)\)\.$', text, flags=re.M)
    assert len(found) >= 6
    for question, number in found:
        assert ENTRIES[int(number) - 1].question == question
        assert RECORDS[int(number) - 1]["relevant"]


def test_the_error_shown_on_the_page_is_the_one_the_command_gives() -> None:
    """docs/ask.md's sample of a bad question is what `schwinget ask` prints: the error line (cut at '...') and the caret under the word."""
    block = re.search(r"^A question that does not parse.*?```\n(.*?)```", PAGE, flags=re.S | re.M)
    assert block is not None
    first, question, caret = block.group(1).splitlines()
    with pytest.raises(QuestionError) as caught:
        parse_question(question.strip())
    assert f"Error: {caught.value}".startswith(first.removesuffix("..."))
    assert caught.value.pointer().splitlines() == [question, caret]


def test_a_cookbook_question_from_the_command_line_gives_the_recorded_answer() -> None:
    """`schwinget ask --json` on the first cookbook question gives the page's verdict and the very Gang it records."""
    result = CliRunner().invoke(cli.cli, ["ask", ENTRIES[0].question, "--json"], prog_name="schwinget")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["verdict"] == RECORDS[0]["verdict"]
    assert (out["gang"]["deck"], " ".join(out["gang"]["actions"])) == (RECORDS[0]["gang"]["deck"], RECORDS[0]["gang"]["actions"])
