"""The compiled solver's bulk call (compiled.values_of_seeds): the values and lines of the deal-by-deal path for every Gang reading and both systems, the impact and balance figures unchanged through it, its arguments checked, and safe in threads."""

from __future__ import annotations

import json
import threading
from array import array

import attrs
import pytest
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled
from schwinget_spec.solver.compiled import SolveConfig, values_of_seeds
from schwinget_spec.solver.values import leaf_table
from schwinget_spec.studies import balance
from schwinget_spec.studies.impact import LEVELS, plan
from schwinget_spec.studies.impact_strong import Weigher, _gang_counts, strong_counts

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")

GANG_READINGS = [(name, reading) for name, reading in plan() if LEVELS[name] == "gang"]
"""Every reading of every Gang switch (the six rows of the impact table the solver weighs deal by deal)."""
RULES = [Rules(), *(attrs.evolve(Rules(), **{name: reading}) for name, reading in GANG_READINGS)]


@pytest.mark.clause("deal.shuffle", "deal.trump", "gang.turn", "schwung.farbzwang", "konter.beats_six",
                    "kampfrichter.neutralises", "table.gut_gekaempft")
def test_the_bulk_values_are_the_values_of_each_deal() -> None:
    """Each deal's bulk value under every Gang reading, both systems and the Angriff switched off (the configurations sharing the deal's tables) equals compiled.value of its dealt Gang, whoever starts."""
    seeds = [0, 1, 2**64 - 1, 2**63, *range(1000, 1056)]
    starters = [Player(i % 2) for i in range(len(seeds))]
    configs = [SolveConfig(r, s) for r in RULES for s in ScoringSystem]
    configs += [SolveConfig(r, s, compiled.NO_ANGRIFF) for r in RULES[:3] for s in ScoringSystem]
    found = values_of_seeds(seeds, starters, configs)
    expected = [
        compiled.value(start_gang(Deal.shuffled(seed), starter, c.rules), c.system, c.options)
        for seed, starter in zip(seeds, starters, strict=True) for c in configs
    ]
    assert found.values == tuple(expected)
    assert found.configs == len(configs)
    assert found.angriffe is None
    assert [found.value(d, 3) for d in range(len(seeds))] == expected[3::len(configs)]


@pytest.mark.clause("angriff.who", "angriff.once", "angriff.not_empty_pile")
def test_the_line_says_who_starts_the_angriff_of_the_solved_line_and_when() -> None:
    """With line, each deal's Angriff is the one of compiled.solve's optimal line played through the engine: its player and the Schwünge before it, or None."""
    seeds = list(range(40))
    seen: set[bool] = set()
    for system in ScoringSystem:
        configs = [SolveConfig(Rules(), system, compiled.NO_ANGRIFF), SolveConfig(Rules(), system)]
        found = values_of_seeds(seeds, Player.P0, configs, line=1)
        expected = []
        for seed in seeds:
            state = start_gang(Deal.shuffled(seed), Player.P0, Rules())
            line = compiled.solve(state, system).line
            for code in line[: line.index("A")] if "A" in line else ():
                state = state.apply(code)
            expected.append((state.to_move, len(state.history)) if "A" in line else None)
        assert found.angriffe == tuple(expected)
        seen.update(a is None for a in expected)
        assert found.values[1::2] == tuple(compiled.value(start_gang(Deal.shuffled(s), Player.P0, Rules()), system) for s in seeds)
    assert seen == {True, False}


@pytest.mark.clause("schwung.farbzwang", "konter.beats_six", "konter.loses", "kampfrichter.neutralises",
                    "table.gut_gekaempft")
def test_the_gang_rows_through_the_bulk_call_are_the_rows_deal_by_deal() -> None:
    """strong_counts under the solver (one bulk call for all six Gang readings) gives exactly the counts of the deal-by-deal path for each reading."""
    names = [name for name, _ in GANG_READINGS]
    bulk = strong_counts("solver", 300, 11, names)
    weigher = Weigher("solver")
    by_deal = [_gang_counts(weigher, (Rules(), attrs.evolve(Rules(), **{n: r})), 300, 11, None) for n, r in GANG_READINGS]
    assert bulk == by_deal
    assert all(c.points_sw for c in bulk[:5])


@pytest.mark.clause("angriff.who", "angriff.locks_pile", "gang.more_tricks_wins", "table.gestellter")
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_the_balance_through_the_bulk_call_is_the_balance_deal_by_deal(
    system: ScoringSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """balance in chunks of the bulk call (the Angriff weighed across a chunk's border) equals balance_by_deal, the line of each deal played through the engine."""
    monkeypatch.setattr(balance, "CHUNK", 70)
    assert balance.balance(200, 21, system, None, 120) == balance.balance_by_deal(200, 21, system, None, 120)


def test_threads_solve_side_by_side_with_tables_of_their_own() -> None:
    """Four threads calling the bulk call at once (the GIL released while each searches) get the bytes one call alone gets."""
    module = compiled.module()
    seeds = array("Q", range(500, 560)).tobytes()
    configs = tuple(SolveConfig(r, s).args() for r in RULES[:3] for s in ScoringSystem)
    alone = module.values_of_seeds(seeds, bytes(60), configs, 0)
    results: list[bytes] = []
    threads = [threading.Thread(target=lambda: results.append(module.values_of_seeds(seeds, bytes(60), configs, 0)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [alone] * 4


LEAF = leaf_table(ScoringSystem.SCHWINGERWERTUNG, False)
BAD_CALLS = [
    ("seeds", lambda: values_of_seeds([], Player.P0, [SolveConfig()])),
    ("seeds", lambda: values_of_seeds([-1], Player.P0, [SolveConfig()])),
    ("seeds", lambda: values_of_seeds([2**64], Player.P0, [SolveConfig()])),
    ("seeds", lambda: values_of_seeds([True], Player.P0, [SolveConfig()])),
    ("seeds", lambda: values_of_seeds(b"\x01", Player.P0, [SolveConfig()])),
    ("starters", lambda: values_of_seeds([1, 2], [Player.P0], [SolveConfig()])),
    ("starters", lambda: values_of_seeds([1], [1], [SolveConfig()])),
    ("starters", lambda: values_of_seeds([1], 0, [SolveConfig()])),
    ("configs", lambda: values_of_seeds([1], Player.P0, [])),
    ("configs", lambda: values_of_seeds([1], Player.P0, [Rules()])),
    ("configs", lambda: values_of_seeds([1], Player.P0, [SolveConfig()] * 33)),
    ("configs.rules", lambda: values_of_seeds([1], Player.P0, [SolveConfig(None)])),  # type: ignore[arg-type]
    ("configs.system", lambda: values_of_seeds([1], Player.P0, [SolveConfig(Rules(), "punktewertung")])),  # type: ignore[arg-type]
    ("options", lambda: values_of_seeds([1], Player.P0, [SolveConfig(Rules(), ScoringSystem.PUNKTEWERTUNG, 32)])),
    ("line", lambda: values_of_seeds([1], Player.P0, [SolveConfig()], line=1)),
    ("line", lambda: values_of_seeds([1], Player.P0, [SolveConfig()], line=-1)),
    ("seeds", lambda: compiled.module().values_of_seeds(b"1234567", b"\x00", ((0, LEAF, 0),), -1)),
    ("seeds", lambda: compiled.module().values_of_seeds(bytes(8 * ((1 << 20) + 1)), b"\x00", ((0, LEAF, 0),), -1)),
    ("starters", lambda: compiled.module().values_of_seeds(bytes(8), b"\x02", ((0, LEAF, 0),), -1)),
    ("starters", lambda: compiled.module().values_of_seeds(bytes(16), b"\x00", ((0, LEAF, 0),), -1)),
    ("configs", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", [(0, LEAF, 0)], -1)),
    ("configs", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((0, LEAF),), -1)),
    ("switches", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((32, LEAF, 0),), -1)),
    ("leaf", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((0, LEAF[:9], 0),), -1)),
    ("leaf", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((0, (0, *LEAF[1:]), 0),), -1)),
    ("options", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((0, LEAF, 32),), -1)),
    ("line", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((0, LEAF, 0),), 1)),
    ("line", lambda: compiled.module().values_of_seeds(bytes(8), b"\x00", ((0, LEAF, 0),), -2)),
]


@pytest.mark.parametrize(("parameter", "call"), BAD_CALLS)
def test_a_bad_argument_is_refused_naming_it(parameter: str, call: object) -> None:
    """Every argument of the bulk call, in the wrapper and in C, is checked before any search: InvalidArgumentError naming it."""
    _refused_naming(call, parameter)


def _refused_naming(call: object, parameter: str) -> None:
    """Check that ``call()`` raises InvalidArgumentError naming ``parameter``."""
    assert callable(call)
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert caught.value.parameter == parameter


@pytest.mark.parametrize("command", [
    ["balance", "--deals", "30", "--angriff-deals", "12", "--markdown"],
    ["impact", "--play", "solver", "--games", "24", "--switch", "konter_beats_trump_six", "--switch",
     "draw_tie_starter", "--json"],
    ["simulate", "--matches", "4", "--json"],
])
def test_jobs_changes_nothing_but_the_processes_and_a_bad_count_exits_2(command: list[str]) -> None:
    """balance, impact and simulate print the same figures with --jobs 1 and --jobs 2; --jobs 0, -1 or a word is a usage error (exit 2) naming --jobs."""
    runner = CliRunner()
    one, two = (runner.invoke(cli.cli, [*command, "--jobs", jobs]) for jobs in ("1", "2"))
    assert one.exit_code == 0, one.output
    assert _figures(one.output) == _figures(two.output)
    for bad in ("0" if command[0] != "simulate" else "-1", "x"):
        refused = runner.invoke(cli.cli, [*command, "--jobs", bad])
        assert refused.exit_code == 2
        assert "--jobs" in refused.output


def _figures(output: str) -> str:
    """A command's output without what depends on the processes (simulate's speed and worker count)."""
    if not output.startswith("{"):
        return output
    data = json.loads(output)
    for key in ("seconds", "gaenge_per_second", "workers"):
        data.pop(key, None)
    return json.dumps(data)


BAD_INDICES: list[tuple[str, object, object]] = [
    ("config", 0, 1), ("config", 0, -1), ("deal", 2, 0), ("deal", -1, 0), ("deal", "0", 0), ("config", 0, "0"),
    ("deal", True, 0), ("config", 0, False), ("deal", 10**30, 0), ("deal", 10**5000, 0), ("config", 0, 1.0),
    ("deal", None, 0),
]


@pytest.mark.parametrize(("parameter", "deal", "config"), BAD_INDICES, ids=[str(i) for i in range(len(BAD_INDICES))])
def test_a_bulk_value_is_read_only_at_an_index_it_holds(parameter: str, deal: object, config: object) -> None:
    """SeedValues.value refuses an index past the deals or configurations, negative, a bool, a str or an enormous int with InvalidArgumentError naming it (a configuration past the last once silently read the next deal's value)."""
    found = values_of_seeds([1, 2], Player.P0, [SolveConfig()])
    assert found.deals == 2
    with pytest.raises(InvalidArgumentError) as caught:
        found.value(deal, config)  # type: ignore[arg-type]
    assert caught.value.parameter == parameter


def test_seed_values_hold_what_they_say() -> None:
    """A SeedValues built by hand with values that are no whole table of deals, a configuration count out of range or Angriffe of another length is refused naming the field; angriff() reads the line's Angriffe at a checked index."""
    for fields, parameter in [((0, (), None), "configs"), ((2, (1, 2, 3), None), "values"), ((1, [1], None), "values"),
                              ((1, (1, "2"), None), "values[1]"), ((1, (1,), (None, None)), "angriffe"),
                              ((1, (1,), ("P0",)), "angriffe[0]")]:
        with pytest.raises(InvalidArgumentError) as caught:
            compiled.SeedValues(*fields)  # type: ignore[arg-type]
        assert caught.value.parameter == parameter
    lined = compiled.SeedValues(1, (5, 6), (None, (Player.P1, 3)))
    assert lined.angriff(1) == (Player.P1, 3)
    for bad in (2, -1, "1"):
        with pytest.raises(InvalidArgumentError, match=r"^deal"):
            lined.angriff(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="no line"):
        compiled.SeedValues(1, (5,), None).angriff(0)


SOLVER_FACE: list[tuple[str, object]] = [
    ("options", lambda: compiled.value(start_gang(Deal.shuffled(1), Player.P0), "schwingerwertung", 10**5000)),
    ("seeds", lambda: values_of_seeds(range(10**30), Player.P0, [SolveConfig()])),  # type: ignore[arg-type]
    ("hits", lambda: balance.wilson(5, 3)),
    ("trials", lambda: balance.wilson(0, -1)),
    ("hits", lambda: balance.wilson(-1, 3)),
    ("state.history[0]", lambda: compiled.value(_with_history((object(),)), "schwingerwertung")),
    ("state.history", lambda: compiled.value(_with_history([]), "schwingerwertung")),  # type: ignore[arg-type]
]


def _with_history(history: object) -> object:
    """A Gang after its first Schwung whose history was replaced by ``history`` (attrs.evolve checks nothing)."""
    state = start_gang(Deal.shuffled(1), Player.P0)
    while not state.history:
        state = state.apply(state.legal_actions()[0])
    return attrs.evolve(state, history=history)


@pytest.mark.parametrize(("parameter", "call"), SOLVER_FACE)
def test_the_solver_refuses_what_once_raised_raw(parameter: str, call: object) -> None:
    """An enormous options mask, a range of 10**30 seeds, a share of more hits than trials and a state whose history holds a foreign object each raise InvalidArgumentError naming the parameter, not a raw ValueError, OverflowError or AttributeError."""
    _refused_naming(call, parameter)


def test_the_readable_solver_refuses_a_state_with_a_foreign_history() -> None:
    """minimax.value of a state whose history holds a foreign object raises InvalidArgumentError naming state.history[0], as the compiled solver does, not an AttributeError."""
    from schwinget_spec.solver import minimax  # noqa: PLC0415

    with pytest.raises(InvalidArgumentError) as caught:
        minimax.value(_with_history((object(),)), "schwingerwertung")  # type: ignore[arg-type]
    assert caught.value.parameter == "state.history[0]"
