"""``schwinget solve``: the value of one Gang when both players see every card, and one optimal line told Schwung by Schwung."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from schwinget_spec.cards import Card, parse_cards
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.cli.common import (
    console,
    print_line,
    print_wrapped,
    rules_fields,
    rules_from,
    rules_options,
)
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.presentation.replay import drawn_text, points_text, result_text
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.solver import Solution, compiled

__all__ = ["DEFAULT_SEED", "parse_deal", "solve_command", "value_text"]

DEFAULT_SEED = 1
"""The seed of ``schwinget solve`` without ``--seed`` or ``--deal``."""

_SEATS = ("P0", "P1")
_GROUPS = ("P0's hand", "P1's hand", "the revealed card", "the face-down cards", "the pile")


def parse_deal(text: str) -> Deal:
    """A deal from ``--deal``: five groups of card codes separated by ``/`` (P0's hand / P1's hand / revealed / face down / pile, drawn from the left), or the 26 codes of the deck, top first (``Deal.from_deck``)."""
    groups = text.split("/")
    if len(groups) == 1:
        return Deal.from_deck(parse_cards(text))
    if len(groups) != len(_GROUPS):
        raise click.BadParameter(
            f"expected 5 groups of card codes separated by '/' ({', '.join(_GROUPS)}), or the 26 codes of the deck; "
            f"got {len(groups)} groups"
        )
    p0, p1, revealed, face_down, pile = groups
    return Deal.from_codes(hands=(p0, p1), revealed=revealed.strip(), face_down=face_down, pile=pile)


def value_text(value: int, system: ScoringSystem) -> str:
    """A points difference P0 - P1 as the booklet writes points, with its sign: ``+1.25``, ``-0.25``, ``0.00``, ``+5``."""
    sign = "+" if value > 0 else "-" if value < 0 else ""
    size = abs(value)
    if system is ScoringSystem.PUNKTEWERTUNG:
        return f"{sign}{size // 100}"
    return f"{sign}{size // 100}.{size % 100:02d}"


def _deal_option(_ctx: click.Context, _param: click.Parameter, value: str | None) -> Deal | None:
    if value is None:
        return None
    try:
        return parse_deal(value)
    except SchwingetError as exc:
        raise click.BadParameter(str(exc)) from None


def _solution(state: GangState, system: ScoringSystem) -> Solution:
    # the compiled solver; without it a SchwingetError (one line, exit 2): the readable solver
    # (solver.minimax) gives the same values but takes hours from a deal
    return compiled.solve(state, system)


def _because(out: Console, *clause_ids: str) -> None:
    for clause_id in clause_ids:
        print_line(out, "", f"{clause_id}: {CLAUSES[clause_id].en}", "dim")


def _describe_rules(rules: Rules) -> str:
    changed = [
        f"{field.name}={getattr(rules, field.name)!r}" for field, _ in rules_fields() if getattr(rules, field.name) != field.default
    ]
    return "defaults (Rules())" if not changed else "Rules(" + ", ".join(changed) + ")"


def _tell(out: Console, start: GangState, line: tuple[str, ...]) -> GangState:
    """Print the line Schwung by Schwung with the clause behind each trick, as ``schwinget demo`` does; the final state."""
    state = start
    lead = ""
    for code in line:
        before, state = state, state.apply(code)
        if code == "A":
            assert state.angriff is not None
            print_line(out, "Angriff", f"{before.to_move} starts the Angriff before Schwung {before.schwung_number}: "
                       f"the pile is locked with {state.pile_size} cards, each plays out 5 cards")
            _because(out, "angriff.who", "angriff.locks_pile", "angriff.play_out")
        elif before.phase is Phase.CHOOSE_LEADER:
            print_line(out, "", f"{before.to_move} played the Kampfrichter and chooses {code.replace('L', 'P')} to lead next")
            _because(out, "kampfrichter.chooses")
        elif before.phase is Phase.LEAD:
            leader = before.to_move
            lead = f"{leader} leads {code}{drawn_text(before.hands[leader], state.hands[leader] | Card.parse(code).bit)}"
        else:
            answerer = before.to_move
            record = state.history[-1]
            answer = f"{answerer} answers {code}{drawn_text(before.hands[answerer], state.hands[answerer] | Card.parse(code).bit)}"
            clauses: tuple[str, ...] = (record.clause_id,)
            if record.winner is None:
                verdict = "neutralised, the trick stays in the middle"
            else:
                verdict = f"{record.winner} wins"
                if record.tricks == 2:
                    verdict += " and takes the neutralised trick too (2 tricks)"
                    clauses = (*clauses, "kampfrichter.collect")
            print_line(out, f"Schwung {record.number}", f"{lead}, {answer}: {verdict} · tricks {state.tricks[0]}:{state.tricks[1]}")
            _because(out, *clauses)
    return state


@click.command("solve")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=None,
              help=f"Solve the Gang dealt by Deal.shuffled(SEED) [default: {DEFAULT_SEED} unless --deal is given].")
@click.option("--deal", "deal", callback=_deal_option, metavar="CODES",
              help="Solve this deal: 'P0 hand / P1 hand / revealed / face down / pile' (card codes, the pile drawn "
              "from the left), or the 26 codes of the deck, top first.")
@click.option("--starter", type=click.Choice(["P0", "P1"]), default="P0", show_default=True,
              callback=lambda _ctx, _param, value: Player.parse(value), help="Who leads Schwung 1.")
@click.option("--system", type=click.Choice(["schwingerwertung", "punktewertung"]), default="schwingerwertung",
              show_default=True, help="The scoring system whose points difference P0 maximises and P1 minimises.")
@click.option("--json", "as_json", is_flag=True, help="Print the value, the line and the result as JSON.")
@rules_options
def solve_command(seed: int | None, deal: Deal | None, starter: Player, system: str, as_json: bool, **options: Any) -> None:
    """Solve a Gang with every card known to both players: its value and one optimal line.

    The value is the points difference P0 - P1 the Gang ends with when P0 plays to make
    it as large as possible and P1 as small as possible, both seeing both hands, the pile
    and the face-down cards (docs/bots.md, "The solver"); the Angriff and the
    Kampfrichter's choice of the next leader are decisions like the cards. The line is
    told Schwung by Schwung with the clause behind each trick.
    """
    if seed is not None and deal is not None:
        raise click.UsageError("give --seed or --deal, not both")
    if deal is None:
        seed = DEFAULT_SEED if seed is None else seed
        deal = Deal.shuffled(seed)
        source = f"Deal.shuffled({seed})"
    else:
        source = "the deal given"
    rules = rules_from(options)
    scoring = ScoringSystem.parse(system)
    start = start_gang(deal, starter, rules)
    solution = _solution(start, scoring)
    final = start
    for code in solution.line:
        final = final.apply(code)
    result = final.result
    score = compute_gang_score(result, scoring, rules)
    if as_json:
        print(json.dumps({
            "deal": deal.to_codes(),
            "starter": starter.code,
            "rules": {field.name: getattr(rules, field.name) for field, _ in rules_fields()},
            "system": scoring.value,
            "value": solution.value,
            "value_text": value_text(solution.value, scoring),
            "outcome": solution.outcome,
            "line": list(solution.line),
            "tricks": list(result.tricks),
            "result": result.outcome.value,
            "points": [str(score.points[0]), str(score.points[1])],
        }, ensure_ascii=False))
        return
    out = console()
    print_wrapped(out, Text.assemble(("Schwinget solve", "bold"), f": {source}, {starter} leads, {scoring.label}"))
    print_wrapped(out, Text(f"rules: {_describe_rules(rules)}"))
    print_line(out, "P0 holds", " ".join(c.code for c in deal.hands[0]))
    print_line(out, "P1 holds", " ".join(c.code for c in deal.hands[1]))
    trump = "no trump in this Gang" if deal.trump is None else f"trump is {deal.trump.code}"
    print_line(out, "revealed", f"{deal.revealed.code}: {trump}")
    print_line(out, "face down", " ".join(c.code for c in deal.face_down))
    print_line(out, "pile", f"{' '.join(c.code for c in deal.pile)} (drawn from the left)")
    words = {"win": "P0 wins", "draw": "a draw, Gestellter", "loss": "P1 wins"}[solution.outcome]
    print_line(out, "value", f"{value_text(solution.value, scoring)} for P0 ({words}) when both play best, "
               f"every card known to both")
    out.print()
    _tell(out, start, solution.line)
    print_line(out, "result", result_text(result, _SEATS, "en"))
    _because(out, "gang.end_no_angriff" if result.angriff is None else "gang.end_angriff",
             "plattwurf.definition" if result.is_plattwurf else "gang.more_tricks_wins")
    print_line(out, "points", points_text(score, _SEATS, "en"))
