"""``schwinget solve``: the value and an optimal line of a seeded or explicit deal, as text and JSON, and its bad options refused with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schwinget_spec import cli
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.solver import compiled, minimax
from schwinget_spec.solver.values import leaf_value


def invoke(*args: str) -> Result:
    """Run ``schwinget solve ARGS`` in this process."""
    return CliRunner().invoke(cli.cli, ["solve", *args], prog_name="schwinget")


def _codes(deal: Deal) -> str:
    return " / ".join(
        " ".join(c.code for c in group)
        for group in (deal.hands[0], deal.hands[1], (deal.revealed,), deal.face_down, deal.pile)
    )


@pytest.mark.clause("gang.more_tricks_wins", "table.gestellter", "angriff.who")
def test_solve_tells_the_value_and_the_line() -> None:
    """``schwinget solve --seed 7``: a draw under best play, P0 attacking before Schwung 2, each trick with its clause."""
    result = invoke("--seed", "7")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Schwinget solve: Deal.shuffled(7), P0 leads, Schwingerwertung"
    assert "value       0.00 for P0 (a draw, Gestellter) when both play best, every card known to both" in lines
    assert any(line.startswith("Angriff     P0 starts the Angriff before Schwung 2") for line in lines)
    assert "            schwung.higher_wins: Of two cards of the same colour, the higher value wins the trick." in lines
    assert lines[-1] == "points      Schwingerwertung: P0 9.00, P1 9.00 (Gestellter – a draw)"


@pytest.mark.parametrize("system", ["schwingerwertung", "punktewertung"])
def test_solve_json_line_reaches_its_value(system: str) -> None:
    """The JSON line, played through the reference engine, ends with the points difference the JSON gives as the value."""
    result = invoke("--seed", "12", "--starter", "P1", "--system", system, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    state = start_gang(Deal.shuffled(12), Player.P1)
    for code in out["line"]:
        state = state.apply(code)
    scoring = ScoringSystem.parse(system)
    assert leaf_value(state.result, scoring, Rules()) == out["value"]
    assert out["value"] == compiled.value(start_gang(Deal.shuffled(12), Player.P1), scoring)
    score = compute_gang_score(state.result, scoring)
    assert out["points"] == [str(score.points[0]), str(score.points[1])]
    assert out["outcome"] == ("win" if out["value"] > 0 else "loss" if out["value"] < 0 else "draw")


def test_an_explicit_deal_is_the_seeded_one() -> None:
    """The five groups of codes (or the deck's 26 codes) of Deal.shuffled(5) give the same solution as --seed 5."""
    deal = Deal.shuffled(5)
    seeded = json.loads(invoke("--seed", "5", "--json").output)
    grouped = json.loads(invoke("--deal", _codes(deal), "--json").output)
    deck = json.loads(invoke("--deal", " ".join(c.code for c in deal.deck), "--json").output)
    assert seeded == grouped == deck


@pytest.mark.clause("konter.beats_six")
def test_a_rules_switch_reaches_the_solver() -> None:
    """``--no-rules-konter-beats-trump-six`` is the Rules the solution was found under."""
    result = invoke("--seed", "3", "--no-rules-konter-beats-trump-six", "--json")
    out = json.loads(result.output)
    assert out["rules"]["konter_beats_trump_six"] is False
    rules = Rules(konter_beats_trump_six=False)
    assert out["value"] == compiled.value(start_gang(Deal.shuffled(3), Player.P0, rules), ScoringSystem.SCHWINGERWERTUNG)


def test_a_late_position_is_solved_alike_by_both_solvers() -> None:
    """The line the command prints passes, from its tenth action on, through positions the readable solver values the same."""
    out = json.loads(invoke("--seed", "9", "--json").output)
    state = start_gang(Deal.shuffled(9), Player.P0)
    for code in out["line"][:10]:
        state = state.apply(code)
    assert minimax.value(state, ScoringSystem.SCHWINGERWERTUNG) == out["value"]


@pytest.mark.parametrize(("args", "option"), [
    (("--seed", "1", "--deal", "R1"), "--deal"),
    (("--seed", "-1"), "--seed"),
    (("--deal", "R1 R2"), "--deal"),
    (("--deal", "R1 / R2"), "--deal"),
    (("--deal", "R1 R2 R3 R4 R5 / G1 G2 G3 G4 G5 / B1 / B2 B3 B4 / " + " ".join(["Y1"] * 12)), "--deal"),
    (("--starter", "P2"), "--starter"),
    (("--system", "bridge"), "--system"),
])
def test_bad_options_exit_2_naming_the_option(args: tuple[str, ...], option: str) -> None:
    """A bad or conflicting option is one error line naming it, exit code 2, no traceback."""
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert option in result.output.splitlines()[-1]


def test_the_sample_in_the_bots_guide_is_the_commands_output() -> None:
    """The block after ``<!-- solve-sample -->`` in docs/bots.md is what ``schwinget solve --seed 7`` prints 80 columns wide."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    block = text.split("<!-- solve-sample -->\n```\n", 1)[1].split("```", 1)[0]
    result = CliRunner().invoke(cli.cli, ["solve", "--seed", "7"], prog_name="schwinget", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert [line.rstrip() for line in result.output.splitlines()] == block.splitlines()


def test_without_the_compiled_solver_it_says_so_and_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the compiled solver was not built, ``schwinget solve`` prints one line naming it and exits with code 2."""

    def missing() -> None:
        raise SchwingetError("the compiled solver (schwinget_spec.twin._solver) is not built")

    monkeypatch.setattr(compiled, "module", missing)
    result = invoke("--seed", "1")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: the compiled solver (schwinget_spec.twin._solver) is not built"
