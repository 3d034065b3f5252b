"""Bad input at the public edges beyond the rules' own API (the impact measure, simulate, bots, twin, ecosystem, proof models and queries, the ambiguity registry, ``python -m schwinget_spec.conformance`` and ``schwinget prove``): a SchwingetError naming the parameter, never a raw Python error from inside, and one line with the right exit code on the command line."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import z3  # type: ignore[import-untyped]
from builders import Misuse
from click.testing import CliRunner

from schwinget_spec import Deal, Player, Rules, cli
from schwinget_spec import twin as twin_engine
from schwinget_spec.bots import HeuristicBot, RandomBot, play_gang, play_gang_recorded
from schwinget_spec.ecosystem.encoding import action_code, action_id, action_of, points_value
from schwinget_spec.errors import InvalidArgumentError, SchwingetError, UnknownNameError
from schwinget_spec.proofs import QueryResult
from schwinget_spec.proofs.match_model import FestModel, MatchModel
from schwinget_spec.proofs.model import GangModel
from schwinget_spec.proofs.queries import run_queries
from schwinget_spec.registry.ambiguities import booklet_sentences, get_ambiguity
from schwinget_spec.solver.named_bots import make_bot
from schwinget_spec.studies.impact import (
    StreamChooser,
    interval,
    measure,
    plan,
    readings,
    runs_for,
    total_gaenge,
)
from schwinget_spec.studies.simulate import Setup, match_seeds, simulate
from schwinget_spec.twin import codes as twin_codes

DEAL = Deal.shuffled(7)
BOTS = (RandomBot.seeded(1), RandomBot.seeded(2))
BOOLS = (z3.Bool("sw"), z3.Bool("good"))


def _check(misuse: Misuse) -> SchwingetError:
    with pytest.raises(SchwingetError) as info:
        misuse.call()
    error = info.value
    assert isinstance(error, misuse.error), repr(error)
    assert getattr(error, "parameter", None) == misuse.parameter, repr(error)
    assert str(error).startswith(f"{misuse.parameter}: "), str(error)
    return error


UNKNOWN_NAMES = [
    Misuse("get_ambiguity('AMB-NO-SUCH')", lambda: get_ambiguity("AMB-NO-SUCH"), UnknownNameError, "amb_id"),
    Misuse("get_ambiguity(None)", lambda: get_ambiguity(None), UnknownNameError, "amb_id"),  # type: ignore[arg-type]
    Misuse("run_queries(['inv.no_such'])", lambda: run_queries(["inv.no_such"]), UnknownNameError, "names"),
]


@pytest.mark.parametrize("misuse", UNKNOWN_NAMES, ids=[m.label for m in UNKNOWN_NAMES])
def test_an_unknown_name_is_a_library_error_and_a_key_error(misuse: Misuse) -> None:
    """An id or name no registry holds raises UnknownNameError: a SchwingetError naming the parameter, still a KeyError for older callers."""
    error = _check(misuse)
    assert isinstance(error, KeyError)
    assert isinstance(error, UnknownNameError)
    assert repr(error.unknown) in str(error)


NUMBERS = [
    Misuse("interval(count=-1)", lambda: interval(-1, 10), InvalidArgumentError, "count"),
    Misuse("interval(count > runs)", lambda: interval(11, 10), InvalidArgumentError, "count"),
    Misuse("interval(runs=0)", lambda: interval(0, 0), InvalidArgumentError, "runs"),
    Misuse("interval(runs=None)", lambda: interval(1, None), InvalidArgumentError, "runs"),  # type: ignore[arg-type]
    Misuse("measure(games=0)", lambda: measure(0), InvalidArgumentError, "games"),
    Misuse("measure(games=True)", lambda: measure(True), InvalidArgumentError, "games"),
    Misuse("measure(seed=-1)", lambda: measure(4, -1, ["special_cards_follow_colour"]), InvalidArgumentError, "seed"),
    Misuse("total_gaenge(games='4')", lambda: total_gaenge("4"), InvalidArgumentError, "games"),  # type: ignore[arg-type]
    Misuse("runs_for(games=1.5)", lambda: runs_for("gang", 1.5), InvalidArgumentError, "games"),  # type: ignore[arg-type]
    Misuse("Setup(matches=True)", lambda: Setup(("random", "random"), True), InvalidArgumentError, "matches"),
    Misuse("Setup(seed=-1)", lambda: Setup(("random", "random"), 1, -1), InvalidArgumentError, "seed"),
    Misuse("match_seeds(matches=-1)", lambda: match_seeds(0, -1), InvalidArgumentError, "matches"),
    Misuse("simulate(matches=0)", lambda: simulate(Setup(("random", "random"), 0)), InvalidArgumentError, "setup.matches"),
    Misuse("simulate(workers=0)", lambda: simulate(Setup(("random", "random"), 1), 0), InvalidArgumentError, "workers"),
    Misuse("simulate(workers=1.0)", lambda: simulate(Setup(("random", "random"), 1), 1.0), InvalidArgumentError, "workers"),  # type: ignore[arg-type]
    Misuse("twin.play_random(-1)", lambda: twin_engine.play_random(-1), InvalidArgumentError, "count"),
    Misuse("twin.play_random(None)", lambda: twin_engine.play_random(None), InvalidArgumentError, "count"),  # type: ignore[arg-type]
    Misuse("twin.play_pairs(seed=-1)", lambda: twin_engine.play_pairs(1, -1, Rules(), Rules()), InvalidArgumentError, "seed"),
    Misuse("twin.start_seed(2**64)", lambda: twin_engine.start_seed(2**64, Player.P0), InvalidArgumentError, "seed"),
    Misuse("twin.random_bots(seeds=(1,))", lambda: twin_engine.random_bots(3, Player.P0, Rules(), (1,)), InvalidArgumentError, "seeds"),  # type: ignore[arg-type]
    Misuse("twin.random_bots(seeds=(1, None))", lambda: twin_engine.random_bots(3, Player.P0, Rules(), (1, None)), InvalidArgumentError, "seeds[1]"),  # type: ignore[arg-type]
    Misuse("action_of(29)", lambda: action_of(29), InvalidArgumentError, "number"),
    Misuse("action_of(None)", lambda: action_of(None), InvalidArgumentError, "number"),  # type: ignore[arg-type]
    Misuse("action_of(True)", lambda: action_of(True), InvalidArgumentError, "number"),
    Misuse("action_code(-1)", lambda: action_code(-1), InvalidArgumentError, "number"),
    Misuse("HeuristicBot(attack_threshold=nan)", lambda: HeuristicBot(attack_threshold=float("nan")), InvalidArgumentError, "attack_threshold"),
    Misuse("FestModel(players='4')", lambda: FestModel("4", {}, fest_starter="alternate", fest_tiebreak="shared",  # type: ignore[arg-type]
                                                       schwingerwertung=BOOLS[0], good_loser_after_plattwurf=BOOLS[1]),
           InvalidArgumentError, "players"),
]


@pytest.mark.parametrize("misuse", NUMBERS, ids=[m.label for m in NUMBERS])
def test_a_bad_number_is_refused_naming_the_parameter(misuse: Misuse) -> None:
    """A count, seed, number of games, runs or workers that is not an int in range (a bool, a float, None, a negative) raises InvalidArgumentError, still a ValueError."""
    error = _check(misuse)
    assert isinstance(error, ValueError)
    assert isinstance(error, TypeError)


NAMES = [
    Misuse("plan(['no_such_switch'])", lambda: plan(["no_such_switch"]), InvalidArgumentError, "switches"),
    Misuse("plan('fest_starter')", lambda: plan("fest_starter"), InvalidArgumentError, "switches"),
    Misuse("plan([None])", lambda: plan([None]), InvalidArgumentError, "switches"),  # type: ignore[list-item]
    Misuse("plan(5)", lambda: plan(5), InvalidArgumentError, "switches"),  # type: ignore[arg-type]
    Misuse("readings('no_such_switch')", lambda: readings("no_such_switch"), InvalidArgumentError, "name"),
    Misuse("readings(['x'])", lambda: readings(["x"]), InvalidArgumentError, "name"),  # type: ignore[arg-type]
    Misuse("runs_for('tournament')", lambda: runs_for("tournament", 4), InvalidArgumentError, "level"),  # type: ignore[arg-type]
    Misuse("make_bot('oracle')", lambda: make_bot("oracle", 1), InvalidArgumentError, "name"),
    Misuse("GangModel(broken='x')", lambda: GangModel(broken="x"), InvalidArgumentError, "broken"),
    Misuse("MatchModel(draw_tie='x')", lambda: MatchModel([], "x", *BOOLS), InvalidArgumentError, "draw_tie"),
    Misuse("FestModel(fest_starter='x')", lambda: FestModel(4, {}, fest_starter="x", fest_tiebreak="shared",
                                                            schwingerwertung=BOOLS[0], good_loser_after_plattwurf=BOOLS[1]),
           InvalidArgumentError, "fest_starter"),
    Misuse("FestModel(fest_tiebreak='x')", lambda: FestModel(4, {}, fest_starter="alternate", fest_tiebreak="x",
                                                             schwingerwertung=BOOLS[0], good_loser_after_plattwurf=BOOLS[1]),
           InvalidArgumentError, "fest_tiebreak"),
    Misuse("FestModel(kinds={})", lambda: FestModel(4, {}, fest_starter="alternate", fest_tiebreak="shared",
                                                    schwingerwertung=BOOLS[0], good_loser_after_plattwurf=BOOLS[1]),
           InvalidArgumentError, "kinds"),
]


@pytest.mark.parametrize("misuse", NAMES, ids=[m.label for m in NAMES])
def test_an_unknown_switch_reading_or_variant_is_refused_naming_the_parameter(misuse: Misuse) -> None:
    """A Rules switch, reading, level, bot or broken variant the library does not know raises InvalidArgumentError (still a ValueError), never a KeyError from a table inside."""
    error = _check(misuse)
    assert isinstance(error, ValueError)
    assert not isinstance(error, KeyError)


def _params(value: Any) -> Callable[[], object]:
    from schwinget_spec.ecosystem.openspiel_game import table_from_params  # noqa: PLC0415 - needs OpenSpiel

    return lambda: table_from_params(value)


OBJECTS = [
    Misuse("play_gang(bots=None)", lambda: play_gang(DEAL, Player.P0, None, None), InvalidArgumentError, "bots"),  # type: ignore[arg-type]
    Misuse("play_gang_recorded(bots=(one,))", lambda: play_gang_recorded(DEAL, Player.P0, None, BOTS[:1]), InvalidArgumentError, "bots"),  # type: ignore[arg-type]
    Misuse("play_gang(bots=(1, 2))", lambda: play_gang(DEAL, Player.P0, None, (1, 2)), InvalidArgumentError, "bots"),  # type: ignore[arg-type]
    Misuse("make_bot(rules='x')", lambda: make_bot("heuristic", 1, "x"), InvalidArgumentError, "rules"),  # type: ignore[arg-type]
    Misuse("HeuristicBot(None)", lambda: HeuristicBot(None), InvalidArgumentError, "rules"),  # type: ignore[arg-type]
    Misuse("StreamChooser(None)", lambda: StreamChooser(None), InvalidArgumentError, "rng"),  # type: ignore[arg-type]
    Misuse("measure(progress=5)", lambda: measure(4, 0, ["special_cards_follow_colour"], 5), InvalidArgumentError, "progress"),  # type: ignore[arg-type]
    Misuse("Setup(bots='random')", lambda: Setup("random", 1), InvalidArgumentError, "bots"),  # type: ignore[arg-type]
    Misuse("Setup(rules=None)", lambda: Setup(("random", "random"), 1, rules=None), InvalidArgumentError, "rules"),  # type: ignore[arg-type]
    Misuse("simulate(None)", lambda: simulate(None), InvalidArgumentError, "setup"),  # type: ignore[arg-type]
    Misuse("twin.start(None, P0)", lambda: twin_engine.start(None, Player.P0), InvalidArgumentError, "deal"),  # type: ignore[arg-type]
    Misuse("twin.start(deal, None)", lambda: twin_engine.start(DEAL, None), InvalidArgumentError, "starter"),  # type: ignore[arg-type]
    Misuse("twin.start(rules=True)", lambda: twin_engine.start(DEAL, Player.P0, True), InvalidArgumentError, "rules"),  # type: ignore[arg-type]
    Misuse("twin.play_pairs(a=None)", lambda: twin_engine.play_pairs(1, 0, None, Rules()), InvalidArgumentError, "a"),  # type: ignore[arg-type]
    Misuse("action_id(None)", lambda: action_id(None), InvalidArgumentError, "action"),  # type: ignore[arg-type]
    Misuse("points_value(None)", lambda: points_value(None), InvalidArgumentError, "points"),  # type: ignore[arg-type]
    Misuse("booklet_sentences(None)", lambda: booklet_sentences(None), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("table_from_params(None)", _params(None), InvalidArgumentError, "params"),
    Misuse("table_from_params({'nope': 1})", _params({"nope": 1}), InvalidArgumentError, "params"),
    Misuse("table_from_params({'gaenge': 5})", _params({"gaenge": 5}), InvalidArgumentError, "gaenge"),
    Misuse("table_from_params({'gaenge': '4'})", _params({"gaenge": "4"}), InvalidArgumentError, "gaenge"),
]


@pytest.mark.parametrize("misuse", OBJECTS, ids=[m.label for m in OBJECTS])
def test_a_value_of_the_wrong_kind_is_refused_where_it_enters(misuse: Misuse) -> None:
    """None, a str or a number where bots, rules, a deal, a starter, an action, points, a text or game parameters belong raises InvalidArgumentError where it enters, not an AttributeError or TypeError from inside."""
    _check(misuse)


def test_openspiel_passes_the_library_error_on() -> None:
    """``pyspiel.load_game`` with a bad parameter raises the library's error itself (a ValueError, as OpenSpiel callers expect)."""
    pyspiel = pytest.importorskip("pyspiel")
    import schwinget_spec.ecosystem.openspiel_game  # noqa: F401, PLC0415 - registers the game

    with pytest.raises(InvalidArgumentError) as info:
        pyspiel.load_game("python_schwinget", {"gaenge": 5})
    assert info.value.parameter == "gaenge"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("action", [None, 1.5, "3", 29, -1, True])
def test_pettingzoo_step_refuses_what_is_no_action_number(action: object) -> None:
    """``step`` of a live agent with None, a float (never cut to an int), a str, a bool or a number out of 0-28 raises InvalidArgumentError naming action, and changes nothing."""
    pytest.importorskip("pettingzoo")
    from schwinget_spec.ecosystem.pettingzoo_env import env  # noqa: PLC0415

    game = env()
    game.reset(seed=1)
    before = (game.agent_selection, game.gang)
    with pytest.raises(InvalidArgumentError) as info:
        game.step(action)
    assert info.value.parameter == "action"
    assert (game.agent_selection, game.gang) == before


@pytest.mark.parametrize(("method", "value"), [
    ("apply", 29), ("apply", -1), ("apply", None), ("apply", True), ("apply", 1.0), ("apply", "G3"), ("apply", 2**70),
    ("rollout", -1), ("rollout", 2**64), ("rollout", None), ("rollout", False), ("rollout", "1"),
])
def test_the_twin_step_api_refuses_what_is_no_number_alike(method: str, value: object) -> None:
    """The compiled twin and the readable fallback (twin/pure.py) refuse an action or seed that is no number in range with the same InvalidArgumentError."""
    from schwinget_spec.twin import pure  # noqa: PLC0415

    states = [pure.start(twin_engine.deal_args(DEAL), 0, 0)]
    if twin_engine.compiled() is not None:
        states.append(twin_engine.start(DEAL, Player.P0))
    messages = set()
    for state in states:
        with pytest.raises(InvalidArgumentError) as info:
            getattr(state, method)(value)
        assert info.value.parameter == ("action" if method == "apply" else "seed")
        assert isinstance(info.value, ValueError)
        messages.add(str(info.value))
    assert len(messages) == 1


@pytest.mark.parametrize(("call", "parameter"), [
    (lambda: twin_codes.action_of("X9"), "code"),
    (lambda: twin_codes.action_of(None), "code"),  # type: ignore[arg-type]
    (lambda: twin_codes.card_codes(-1), "mask"),
    (lambda: twin_codes.card_codes(1 << 26), "mask"),
    (lambda: twin_codes.switch_bits(None), "rules"),  # type: ignore[arg-type]
    (lambda: twin_codes.rules_of(32), "bits"),
    (lambda: twin_codes.rules_of(True), "bits"),
    (lambda: twin_codes.rules_of(0, base="x"), "base"),  # type: ignore[arg-type]
    (lambda: twin_codes.deal_args(None), "deal"),  # type: ignore[arg-type]
    (lambda: twin_codes.decode_result(None), "code"),  # type: ignore[arg-type]
    (lambda: twin_codes.decode_result(1 << 24), "code"),
    (lambda: twin_codes.decode_result(5 << 21), "code"),
    (lambda: twin_codes.decode_result(3 << 19), "code"),
    (lambda: twin_codes.encode_result(None), "result"),  # type: ignore[arg-type]
])
def test_the_twin_codes_refuse_what_they_cannot_read(call: Callable[[], object], parameter: str) -> None:
    """The twin's small numbers (action codes, masks, switch masks, packed results) refuse anything else naming the parameter."""
    with pytest.raises(SchwingetError) as info:
        call()
    assert info.value.parameter == parameter  # type: ignore[attr-defined]
    assert isinstance(info.value, InvalidArgumentError | UnknownNameError)


def test_the_twin_codes_read_what_they_write() -> None:
    """Every action code reads back to its number (any case, spaces around), and a packed result to the same GangResult."""
    for number, code in enumerate(twin_codes.ACTION_CODES):
        assert twin_codes.action_of(f" {code.lower()} ") == number
    state = twin_engine.start(DEAL, Player.P0).rollout(3)
    assert state.result_code is not None
    result = twin_codes.decode_result(state.result_code)
    assert twin_codes.encode_result(result) == state.result_code


# -- python -m schwinget_spec.conformance

_INTERRUPTED_LINE = "interrupted: stopped before the end; a --write directory may hold only some of the files, write it again\n"


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_conformance_module_interrupted_exits_130_with_one_line(signal_name: str) -> None:
    """``python -m schwinget_spec.conformance --check`` stopped by Ctrl-C or SIGTERM exits 130 with the one line every ``schwinget`` command prints, no traceback."""
    code = (
        "import os, runpy, signal, sys, time\n"
        "import schwinget_spec.conformance.vectors.runner as runner\n"
        "def stopped(*args, **kwargs):\n"
        f"    os.kill(os.getpid(), signal.{signal_name})\n"
        "    time.sleep(60)\n"
        "runner.run_vectors = stopped\n"
        "sys.argv = ['python -m schwinget_spec.conformance', '--check']\n"
        "runpy.run_module('schwinget_spec.conformance', run_name='__main__')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 130, run.stderr
    assert run.stderr == _INTERRUPTED_LINE
    assert run.stdout == ""


def test_conformance_module_write_to_a_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """``--write`` into a path under a file is a usage error: exit 2 and one line naming the path, no traceback."""
    (tmp_path / "afile").write_text("", encoding="utf-8")
    target = tmp_path / "afile" / "sub"
    run = subprocess.run(
        [sys.executable, "-m", "schwinget_spec.conformance", "--write", str(target)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.splitlines()[-1] == f"python -m schwinget_spec.conformance: error: --write {target}: Not a directory"
    assert "Traceback" not in run.stderr


# -- schwinget prove


def _answered(answers: list[str]) -> Callable[..., list[QueryResult]]:
    def run(*_args: object, **_kwargs: object) -> list[QueryResult]:
        expected = "proved"
        return [
            QueryResult(f"q{i}", "claim", expected, answer, 0.0, (), "RuntimeError: Z3 returned unknown" if answer == "error" else "")
            for i, answer in enumerate(answers)
        ]

    return run


@pytest.mark.parametrize(("answers", "code"), [
    (["proved", "error"], 1),
    (["error", "counterexample"], 1),
    (["proved", "counterexample"], 1),
    (["proved", "proved"], 0),
])
def test_prove_exit_code_is_1_for_any_answer_not_expected(
    answers: list[str], code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wrong answer or an error (the engine refusing a witness, Z3 giving up: a finding or not, the message tells) exits 1; none prints a traceback."""
    monkeypatch.setattr("schwinget_spec.proofs.run_queries", _answered(answers))
    result = CliRunner().invoke(cli.cli, ["prove", "--json"], prog_name="schwinget")
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
