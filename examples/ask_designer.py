"""A game designer asks the rules about balance: how far a loser can get, what the points spread is, and what a deal can force.

Run: ``python examples/ask_designer.py``; it takes a few seconds. Each answer is Z3's
proof (with the clauses it needs) or a Gang the engine replays; the last question is a
game question answered with the compiled solver (docs/ask.md, "Game questions").
"""

from __future__ import annotations

from schwinget_spec.ask import OPPONENT, P0, P1, Not, Points, Tricks, Wins, ask, deal_where, every, there_is

QUESTIONS = (
    ("Can the loser of a Gang hold 5 tricks?", there_is(Wins(P0) & Tricks(P1).at_least(5))),
    ("Can the loser of a Gang hold 6 tricks?", there_is(Wins(P0) & Tricks(P1).at_least(6))),
    ("Does everybody take at least 8.50 under the Schwingerwertung?", every(Points(P0).at_least("8.50"))),
    ("Is there a deal the starter cannot lose under perfect play?", deal_where(Not(Wins(OPPONENT)), play="best")),
)


def main() -> None:
    """Ask each question and print the verdict, the method and the clauses or the Gang in a few lines."""
    for title, question in QUESTIONS:
        answer = ask(question)
        print(title)
        for line in answer.text_lines(tell=False):
            if not line.startswith(("question:", "time:")):
                print(f"  {line}")
        print()


if __name__ == "__main__":
    main()
