"""Balance between two bots (solver.strong_balance) and ``schwinget balance``: the counts recomputed Gang by Gang, the command's tables, the figures of docs/bots.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.actions import StartAngriff
from schwinget_spec.bots import play_gang_recorded
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.solver import compiled
from schwinget_spec.solver.named_bots import make_bot, pimc_worlds
from schwinget_spec.studies import balance
from schwinget_spec.studies.strong_balance import played_balance, render_played, solved_balance

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"


@pytest.mark.clause("angriff.who", "table.gut_gekaempft")
def test_the_counts_are_the_gaenge_the_bots_play() -> None:
    """Over 30 Gänge between heuristic bots (seats seeded from the stream of the first seed) the outcomes, the lead and the Angriffe are those of play_gang_recorded."""
    result = played_balance("heuristic", 30, 5, "punktewertung")
    rng = SplitMix64.seeded(5)
    wins = draws = lead = angriffe = by_starter = 0
    for i in range(30):
        seed_a, rng = rng.next()
        seed_b, rng = rng.next()
        bots = (make_bot("heuristic", seed_a), make_bot("heuristic", seed_b))
        played = play_gang_recorded(Deal.shuffled(5 + i), Player.P0, None, bots)
        result_i = played.final.result
        assert result_i is not None
        points = compute_gang_score(result_i, ScoringSystem.PUNKTEWERTUNG, Rules()).points
        lead += points[0].hundredths - points[1].hundredths
        wins += result_i.winner is Player.P0
        draws += result_i.winner is None
        for state, action in zip(played.states, played.actions, strict=False):
            if isinstance(action, StartAngriff):
                angriffe += 1
                by_starter += state.to_move is Player.P0
    assert (result.outcomes["win"], result.outcomes["draw"], result.outcomes["loss"]) == (wins, draws, 30 - wins - draws)
    assert (result.lead, result.angriffe, result.by_starter) == (lead, angriffe, by_starter)
    assert sum(result.when.values()) == angriffe


def test_an_unknown_bot_or_count_is_refused() -> None:
    """An unknown bot and a count of 0 are refused naming the parameter."""
    with pytest.raises(InvalidArgumentError) as caught:
        played_balance("oracle", 10)
    assert caught.value.parameter == "play"
    with pytest.raises(InvalidArgumentError) as caught:
        played_balance("random", 0)
    assert caught.value.parameter == "deals"


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_the_command_prints_the_tables_of_both_modules() -> None:
    """``schwinget balance --markdown`` prints solver.balance's table, and with --play BOT strong_balance's, for the same deals."""
    runner = CliRunner()
    shown = runner.invoke(cli.cli, ["balance", "--deals", "20", "--angriff-deals", "5", "--seed", "3", "--markdown"])
    assert shown.exit_code == 0, shown.output
    assert shown.output == balance.render(balance.balance(20, 3, "schwingerwertung", None, 5)) + "\n"
    shown = runner.invoke(cli.cli, ["balance", "--play", "random", "--deals", "20", "--seed", "3", "--markdown"])
    assert shown.exit_code == 0, shown.output
    assert shown.output == render_played(played_balance("random", 20, 3)) + "\n"
    refused = runner.invoke(cli.cli, ["balance", "--play", "oracle"])
    assert refused.exit_code == 2


def test_the_heuristic_table_in_the_bots_guide_is_the_programs() -> None:
    """The table after ``<!-- balance-heuristic -->`` in docs/bots.md is what the command above it prints (2,000 Gänge, about 4 s)."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("<!-- balance-heuristic -->\n", 1)[1]
    made = re.search(r"^schwinget balance --play heuristic --deals (\d+) --markdown$", text, flags=re.M)
    assert made is not None
    table = part.split("\n\n", 1)[0]
    expected = render_played(played_balance("heuristic", int(made[1]))).split("\n\n", 1)[1]
    assert table == expected


def test_the_sampling_players_table_names_its_command() -> None:
    """The table after ``<!-- balance-pimc -->`` is a balance table of pimc against pimc over the deals its command plays (about 35 s of CPU per 1,000 Gänge, so not played again here)."""
    text = DOC.read_text(encoding="utf-8")
    made = re.search(r"^schwinget balance --play pimc --deals (\d+) --markdown$", text, flags=re.M)
    assert made is not None
    table = text.split("<!-- balance-pimc -->\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert table[:2] == ["| | Gänge (share, 95 % interval) |", "|---|---|"]
    counts = [int(re.search(r"\| ([\d,]+) \(", line)[1].replace(",", "")) for line in table[2:5]]  # type: ignore[index]
    assert sum(counts) == int(made[1])


def test_the_sampling_player_takes_its_worlds_from_its_name() -> None:
    """``pimc`` samples 32 worlds, ``pimc-N`` N of 1 to 1024; any other spelling is no bot name."""
    names = ("pimc", "pimc-8", "pimc-1024", "pimc-0", "pimc-08", "pimc-1025", "pimc-", "pimc-99999999999", "heuristic", 8)
    assert [pimc_worlds(n) for n in names] == [32, 8, 1024, None, None, None, None, None, None, None]
    assert getattr(make_bot("pimc-8", 1), "worlds", None) == 8
    with pytest.raises(InvalidArgumentError) as caught:
        make_bot("pimc-0", 1)
    assert caught.value.parameter == "name"


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_the_solver_balance_in_chunks_is_the_balance_in_one_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """solved_balance over three chunks, the Angriff weighed across a border, equals solver.balance.balance in one call."""
    monkeypatch.setattr(balance, "CHUNK", 100)
    deals = 212
    assert solved_balance(deals, 9, "punktewertung", 102) == balance.balance(deals, 9, "punktewertung", None, 102)
