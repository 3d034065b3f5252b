"""The cookbook of docs/ask.md: questions a designer, a rules reader, an implementer or a player would ask, with the answers the program gives, written and checked from here.

``python -m schwinget_spec.ask.cookbook --write`` asks every question and rewrites the part
of docs/ask.md below its marker; ``--check`` says whether the page is in step (exit 1 if
not). tests/test_ask_cookbook.py checks the page against a fresh run of the cheap
questions and replays every recorded Gang on the engine.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.ask.answers import Answer
from schwinget_spec.ask.api import ask
from schwinget_spec.ask.fest import FestAnswer
from schwinget_spec.ask.match import MatchAnswer

__all__ = ["ENTRIES", "MARKER", "Entry", "doc_path", "parse_records", "record_of", "render_entry", "render_page"]

MARKER = "<!-- cookbook: written by python -m schwinget_spec.ask.cookbook --write; edit the entries there, not below -->"
_RECORD = re.compile(r"^<!-- ask-record (\{.*\}) -->$", re.MULTILINE)


@attrs.frozen
class Entry:
    """One question of the cookbook: who asks it, its text, and what the answer tells about the rules."""

    who: str
    title: str
    question: str
    tells: str
    tell_gang: bool = False
    rounds: int | None = None
    """The candidate deals a game question may try: a fixed number keeps a bounded answer the same from run to run."""


ENTRIES: tuple[Entry, ...] = (
    Entry("rules reader", "A Plattwurf while a Kampfrichter trick is pending",
          "there is a gang where a plattwurf and some schwung s: pile locked in schwung s and pending before schwung s",
          "Yes: a Kampfrichter trick left in the middle after the Angriff does not stop a Plattwurf; the next decided "
          "Schwung takes it (``kampfrichter.collect``) and only decided Schwünge count for the Plattwurf "
          "(``plattwurf.definition``, AMB-PLATTWURF-PENDING).", tell_gang=True),
    Entry("designer", "The loser of a Gang with 5 tricks",
          "can the loser of a Gang hold 5 tricks?",
          "Yes: 5 tricks can lose, when the winner has 6 of 11, or by a Plattwurf. The loser (Verlierer) is the player "
          "the Gang's result names; after a Gestellter there is none, and the question is about a Gang with a winner."),
    Entry("designer", "The loser of a Gang with 6 tricks",
          "there is a gang where the loser has at least 6 tricks",
          "No: 6 tricks never lose. The core names only trick credit, the Kampfrichter's pending trick and the "
          "Angriff's deadline: the count alone decides it, no card rule is needed."),
    Entry("implementer", "Nothing pending at the end",
          "every gang has not pending at the end",
          "Proved: the Kampfrichter has no effect on the last Schwung, so no trick is left in the middle when a Gang "
          "ends; an implementation that ends with a pending trick breaks the clauses in the core."),
    Entry("implementer", "The length of a Gang",
          "every gang has schwuenge at least 5 and schwuenge at most 11",
          "Proved from the two end clauses and the Angriff's deadline alone: 11 Schwünge without an Angriff, k + 5 "
          "with one after k Schwünge."),
    Entry("rules reader", "No Plattwurf without an Angriff",
          "every gang has plattwurf implies angriff",
          "Proved with an empty core: it holds by the definition of the Plattwurf itself (``plattwurf.definition``)."),
    Entry("implementer", "The Plattwurf winner is never behind",
          "every gang has plattwurf by P0 implies tricks of P0 at least tricks of P1",
          "Proved: whoever wins every decided Schwung after the Angriff has at least the opponent's tricks, which is why "
          "the table can rank a Plattwurf above more tricks without a contradiction."),
    Entry("player", "A Plattwurf against the attacker",
          "there is a gang where angriff by P0 and plattwurf by P1",
          "Yes: the Angriff is a risk; the opponent can take every Schwung after it (the row "
          "plattwurf_gegnerischer_angriff)."),
    Entry("player", "The Kampfrichter led first, and a Gestellter",
          "there is a gang where led in schwung 1 is KR and gestellter",
          "Yes: leading the Kampfrichter at once leaves the first trick pending and can still end level."),
    Entry("implementer", "The last Schwung of a long Gang is never neutralised",
          "every gang has not schwung 11 is neutralised",
          "Proved: the Kampfrichter has no effect on the allerletzter Schwung (``kampfrichter.neutralises`` with the "
          "length clauses)."),
    Entry("rules reader", "The Konter against a trump 6 (AMB-KONTER-TRUMP-SIX)",
          "under which readings can some schwung s: answered in schwung s is BK and value of led in schwung s is 6 and "
          "colour of led in schwung s is trump and P0 leads schwung s and P1 wins schwung s",
          "It depends on the readings: an answered Konter takes a led trump 6 only under konter_beats_trump_six, and "
          "when specials must follow colour only if the void Konter reading allows it."),
    Entry("rules reader", "A void Konter against a 6 (AMB-KONTER-VOID)",
          "under which readings can some schwung s: answered in schwung s is BK and value of led in schwung s is 6 and "
          "answerer void in schwung s and P0 leads schwung s and P1 wins schwung s",
          "Exactly void_konter_beats_six decides it: the question that separates the two readings of AMB-KONTER-VOID."),
    Entry("rules reader", "A void Kampfrichter (AMB-KAMPFRICHTER-VOID)",
          "under which readings can some schwung s: answered in schwung s is KR and void in schwung s and schwung s is "
          "neutralised",
          "Exactly void_kampfrichter_neutralises decides whether a Kampfrichter played from a hand void in the led "
          "colour neutralises."),
    Entry("rules reader", "The Kampfrichter against the Konter (AMB-KONTER-VS-KR)",
          "under which readings can some schwung s: led in schwung s is KR and answered in schwung s is BK and P0 "
          "leads schwung s and P0 wins schwung s",
          "Only under konter_loses_to_kampfrichter can the Kampfrichter's player take the trick from the Konter; "
          "otherwise the Kampfrichter neutralises, and on the last Schwung the Konter wins."),
    Entry("rules reader", "Must a special card follow colour? (AMB-SPECIAL-FARBZWANG)",
          "under which readings can some schwung s: colour of led in schwung s is not special and answered in schwung "
          "s is KR and not void in schwung s",
          "Exactly special_cards_follow_colour decides whether the Kampfrichter may answer a colour its player holds."),
    Entry("player", "The good loser's point",
          "there is a gang where points of P0 under punktewertung = 1 and P1 wins",
          "Yes: under the Punktewertung a loser with 3 tricks or more takes 1 point (``table.gut_gekaempft``)."),
    Entry("player", "8.75 for the loser of a Plattwurf",
          "there is a gang where points of P1 = 8.75 and plattwurf by P0",
          "Yes: under the Schwingerwertung the loser of a Plattwurf after the loser's own Angriff takes 8.75."),
    Entry("designer", "Nobody takes less than 8.50 under the Schwingerwertung",
          "every gang has points of P0 at least 8.50",
          "Proved from the table's rows alone: the Schwingerwertung spreads every Gang over 8.50 to 10.00."),
    Entry("rules reader", "The good loser after a Plattwurf",
          "under which readings of good_loser_after_plattwurf can plattwurf by P0 and points of P1 under punktewertung = 1",
          "The switch good_loser_after_plattwurf alone decides whether the loser of a Plattwurf can take the good "
          "loser's point; the other switches stay at their defaults ('of' names the switches left open)."),
    Entry("implementer", "The Angriff's deadline",
          "every gang has angriff schwung at most 6",
          "Proved with one clause in the core, ``angriff.not_empty_pile``: after the sixth Schwung the pile is used up."),
    Entry("player", "Attack at once and be thrown",
          "there is a gang where the opponent wins by plattwurf and the starter starts an angriff before schwung 1",
          "Yes: the starter's Angriff before Schwung 1 can end in the opponent's Plattwurf."),
    Entry("player", "No trump, and a draw",
          "there is a gang where no trump and gestellter",
          "Yes: a revealed special card leaves the Gang without trump (``deal.no_trump``) and it can still end level."),
    Entry("player", "Both special cards in one hand",
          "there is a gang where P0 holds KR and P0 holds BK and P1 wins by plattwurf",
          "Yes: holding the Kampfrichter and the Konter from the deal does not protect from a Plattwurf."),
    Entry("designer", "A whitewash",
          "there is a gang where tricks of the starter = 11",
          "Yes: the starter can take all 11 tricks of a Gang without an Angriff."),
    Entry("designer", "A Gestellter at nothing",
          "there is a gang where tricks of the opponent = 0 and gestellter",
          "No: a Gestellter needs equal tricks, and a Gang always credits its tricks."),
    Entry("designer", "A win with an Angriff at 5 tricks, the Konter reading fixed",
          "there is a gang where row is sieg_mit_angriff and tricks of P1 = 5 and P0 wins with konter_beats_trump_six off",
          "No: after an Angriff the Gang is shorter (k + 5 Schwünge), so a loser with 5 tricks and a win without a "
          "Plattwurf cannot meet; the reading fixed with 'with' plays no part (the core names no reading)."),
    Entry("implementer", "Tricks before the sixth Schwung",
          "every gang has tricks of P0 before schwung 6 at most 5",
          "Proved: before Schwung 6 at most five tricks were credited (a pending trick is credited once, with the next)."),
    Entry("designer", "A deal the starter cannot lose under perfect play",
          "there is a deal where the starter cannot lose under perfect play",
          "Yes, and the method says how: Z3 proposes a deal, the compiled solver settles it under perfect play for the "
          "points; the Gang shown is the solver's optimal line, replayed on the engine."),
    Entry("designer", "A deal where the starter can force a Plattwurf",
          "there is a deal where the starter can force a plattwurf under perfect play",
          "Yes: the solver, with the Plattwurf as the only thing that counts, confirms the starter can force one "
          "whatever the opponent does; refuted deals are excluded one by one."),
    Entry("player", "From this deal, can the starter force a Plattwurf?",
          "on the deal of seed 12, the starter can force a plattwurf under perfect play",
          "Yes, on this one deal (``Deal.shuffled(12)``, P0 leading): the compiled solver searches every play with "
          "the Plattwurf as the only thing that counts, so the answer is exact for the deal; the line shown is one "
          "the opponent cannot escape."),
    Entry("player", "From this deal, can the starter lose?",
          "on the deal of seed 3: the starter cannot lose whatever both play",
          "No: Z3 finds a line of play of this deal in which the starter loses, and the engine replays it."),
    Entry("designer", "A deal the starter cannot lose whatever both play",
          "there is a deal where the starter cannot lose whatever both play",
          "Not settled within the time given: a bound, not a proof. Each deal Z3 proposed had a play, found by Z3, in "
          "which the starter loses, and each such line (by deck positions) excluded every deal on which it is legal "
          "and loses too; the answer says how many deals were refuted.", rounds=12),
    Entry("rules reader", "The loser of a Gang starts the next",
          "every match has P0 wins gang 1 implies P1 starts gang 2",
          "Proved for every match, by one clause: from the second Gang on, the loser of the last Gang starts it."),
    Entry("player", "A drawn match",
          "there is a match where the match is drawn",
          "Yes: four real Gänge, each found by Z3 for its kind and replayed, bring a short match to equal totals "
          "(a draw under the default reading of AMB-MATCH-DRAW)."),
    Entry("rules reader", "After a Gestellter in Gang 1, who starts Gang 2? (AMB-DRAW-TIE-STARTER)",
          "there is a match where gang 1 is gestellter and P1 starts gang 2",
          "No under the default reading (the younger player, P0, starts after a tie at equal totals), proved by the "
          "draw-starter clause; under draw_tie_starter = drawn_gang_other the answer is yes: the reading decides it."),
    Entry("designer", "A win with 38 points against 38",
          "there is a match where P0 wins the match and total of P1 at least 38",
          "No: proved from the table's rows and the match's sum alone (the core): four Gänge do not hand out enough "
          "points for P1 to hold 38 while P0 holds more."),
    Entry("player", "Three Schwinger sharing first place (AMB-FEST-TIES)",
          "there is a schwingfest where Anna ranks 1 and Beat ranks 1 and Chrigu ranks 1",
          "Yes under the default reading (equal points share a rank): six real Gänge, fought through SchwingfestState, "
          "leave all three on the same points."),
    Entry("designer", "Last place with 39 points",
          "there is a schwingfest where Chrigu ranks 3 and points of Chrigu at least 39",
          "No: proved from the table's rows, the sum of points and the ranking (the core): in a fest of three, whoever "
          "holds 39 points is never ranked third."),
)
"""The cookbook, in the order of the page."""


def doc_path() -> Path:
    """docs/ask.md of this checkout."""
    return Path(__file__).resolve().parents[2] / "docs" / "ask.md"


def record_of(answer: Answer | MatchAnswer | FestAnswer) -> dict[str, Any]:
    """What the page records of an answer, compact: verdict, proof or not, clauses, the Gang or the readings table."""
    out: dict[str, Any] = {"verdict": answer.verdict, "proof": answer.is_proof, "clauses": list(answer.clauses)}
    if isinstance(answer, FestAnswer):
        if answer.fest is not None:
            out["fest"] = {"system": answer.fest.system.value, "rules": answer.fest.rules.to_json(),
                           "gaenge": [{"meeting": [m.a, m.b, m.leg], "deck": " ".join(c.code for c in w.deck),
                                       "actions": " ".join(w.actions)} for m, w in answer.gaenge]}
        return out
    if isinstance(answer, MatchAnswer):
        if answer.match is not None:
            out["match"] = {"system": answer.match.system.value, "rules": answer.match.rules.to_json(),
                            "gaenge": [{"deck": " ".join(c.code for c in w.deck), "starter": w.starter.code, "actions": " ".join(w.actions)}
                                       for w in answer.gaenge]}
        return out
    if answer.readings_used:
        out["readings_used"] = list(answer.readings_used)
    if answer.gang is not None:
        g = answer.gang
        out["gang"] = {"deck": " ".join(c.code for c in g.deck), "starter": g.starter.code, "actions": " ".join(g.actions),
                       "rules": g.rules.to_json()}
    if answer.rows:
        out["relevant"] = list(answer.relevant)
        out["rows"] = [
            {"switches": dict(r.switches), "possible": r.possible, "clauses": list(r.clauses),
             **({"gang": {"deck": " ".join(c.code for c in r.gang.deck), "starter": r.gang.starter.code,
                          "actions": " ".join(r.gang.actions), "rules": r.gang.rules.to_json()}} if r.gang else {})}
            for r in answer.rows
        ]
    return out


def render_entry(number: int, entry: Entry, answer: Answer | MatchAnswer | FestAnswer) -> str:
    """One entry of the page: heading, command, the answer as ``schwinget ask`` prints it (without its time), what it tells, the record."""
    lines = [line for line in answer.text_lines(tell=entry.tell_gang) if not line.startswith("time:")]
    body = "\n".join(lines)
    return (
        f"### {number}. {entry.title}\n\n"
        f"*Asked by a {entry.who}.*\n\n"
        f"```\nschwinget ask \"{entry.question}\"\n```\n\n"
        f"```text\n{body}\n```\n\n"
        f"{entry.tells}\n\n"
        f"<!-- ask-record {json.dumps(record_of(answer), ensure_ascii=False, sort_keys=True)} -->\n"
    )


def render_page(head: str, answers: list[Answer | MatchAnswer | FestAnswer]) -> str:
    """The page: the hand-written part up to the marker, then every entry with its answer."""
    parts = [head.rstrip("\n"), "", MARKER, ""]
    for i, (entry, answer) in enumerate(zip(ENTRIES, answers, strict=True), start=1):
        parts.append(render_entry(i, entry, answer))
    return "\n".join(parts)


def parse_records(text: str) -> list[dict[str, Any]]:
    """The recorded answers of the page, in order."""
    return [json.loads(m.group(1)) for m in _RECORD.finditer(text)]


def _head(text: str) -> str:
    if MARKER not in text:
        raise SystemExit(f"{doc_path()}: the marker line is missing:\n{MARKER}")
    return text.split(MARKER, 1)[0]


def main(argv: list[str] | None = None) -> int:
    """``--write``: ask every question and rewrite the page below the marker; ``--check``: exit 1 if the page is not in step."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true")
    group.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    path = doc_path()
    text = path.read_text(encoding="utf-8")
    answers = []
    for entry in ENTRIES:
        answer = ask(entry.question, **({} if entry.rounds is None else {"rounds": entry.rounds}))
        print(f"{answer.seconds:6.2f} s  {answer.verdict:<14} {entry.question}", file=sys.stderr)
        answers.append(answer)
    page = render_page(_head(text), answers)
    if args.write:
        path.write_text(page, encoding="utf-8")
        return 0
    if page != text:
        print(f"{path} is out of step: run python -m schwinget_spec.ask.cookbook --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
