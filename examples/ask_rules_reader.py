"""A rules reader asks which readings of the booklet change what can happen: one question per open question of docs/ambiguities.md that has a switch.

Run: ``python examples/ask_rules_reader.py [SWITCH ...]`` (default: every switch); about two
seconds a switch. Each question is built from the typed terms of ``schwinget_spec.ask``
(the same words as the text form) and answered under every reading of the switches it
leaves open: possible (a Gang replayed on the engine) or impossible (a proof naming its
clauses).
"""

from __future__ import annotations

import sys

from schwinget_spec.ask import (
    P0,
    P1,
    Answered,
    CardIs,
    ColourIs,
    Leads,
    Led,
    Neutralised,
    Not,
    Plattwurf,
    Points,
    Question,
    SomeSchwung,
    ValueIs,
    Void,
    WinsSchwung,
    ask,
    under_which_readings,
)
from schwinget_spec.cards import Card
from schwinget_spec.scoring import ScoringSystem

S = "s"
ANSWERER_WINS = Leads(P0, S) & WinsSchwung(P1, S)
QUESTIONS: dict[str, Question] = {
    "void_konter_beats_six": under_which_readings(
        SomeSchwung(S, CardIs(Answered(S), Card.BK) & ValueIs(Led(S), "=", 6) & Void(S) & ANSWERER_WINS),
        special_cards_follow_colour=False, konter_beats_trump_six=True),
    "konter_beats_trump_six": under_which_readings(
        SomeSchwung(S, CardIs(Answered(S), Card.BK) & ValueIs(Led(S), "=", 6) & ColourIs(Led(S), "trump") & ANSWERER_WINS),
        special_cards_follow_colour=False, void_konter_beats_six=True),
    "void_kampfrichter_neutralises": under_which_readings(
        SomeSchwung(S, CardIs(Answered(S), Card.KR) & Void(S) & Neutralised(S)), special_cards_follow_colour=False),
    "konter_loses_to_kampfrichter": under_which_readings(
        SomeSchwung(S, CardIs(Led(S), Card.KR) & CardIs(Answered(S), Card.BK) & Leads(P0, S) & WinsSchwung(P0, S))),
    "special_cards_follow_colour": under_which_readings(
        SomeSchwung(S, Not(ColourIs(Led(S), "special")) & CardIs(Answered(S), Card.KR) & Not(Void(S)))),
    "good_loser_after_plattwurf": under_which_readings(
        Plattwurf(P0) & Points(P1, ScoringSystem.PUNKTEWERTUNG).equals("1"),
        special_cards_follow_colour=False, void_konter_beats_six=True, void_kampfrichter_neutralises=True,
        konter_beats_trump_six=True, konter_loses_to_kampfrichter=False),
}
"""For each switch, a question whose answer depends on it; the switches it does not need are fixed to keep it quick."""


def main(names: list[str]) -> None:
    """Answer the question of each switch named (all by default) and print its readings table."""
    for name in names or list(QUESTIONS):
        answer = ask(QUESTIONS[name])
        print(f"{name}: {answer.headline()} (switches that matter: {', '.join(answer.relevant) or 'none'})")
        for line in answer.text_lines(tell=False):
            if line.startswith("  "):
                print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
