"""The finite rule functions checked on every input of the suite's subset of their domains: engine, compiled twin and Z3 model agree."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import z3  # type: ignore[import-untyped]

from schwinget_spec.cards import ALL_CARDS, Colour
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.players import Player
from schwinget_spec.proofs import exhaustive
from schwinget_spec.proofs.differential import run_differential
from schwinget_spec.proofs.evaluate import compile_terms, free_constants, simplify_on
from schwinget_spec.proofs.exhaustive import (
    CHECKS,
    SWITCH_RULES,
    WIN_CLAUSES,
    FunctionCheck,
    format_checks,
    reads_hand_only_through_void,
    run_exhaustive,
)
from schwinget_spec.proofs.model import GangModel
from schwinget_spec.trick import FOLLOW_MASK, SchwungOutcome, resolve_schwung


@pytest.fixture(scope="module")
def subset() -> dict[str, FunctionCheck]:
    """Every check on the suite's subset, run once for the module."""
    return {c.name: c for c in run_exhaustive(subset=True)}


@pytest.mark.clause("schwung.farbzwang", "schwung.void_any", "trump.anytime")
def test_allowed_answers_agree_three_ways(subset: dict[str, FunctionCheck]) -> None:
    """Which answers are allowed agrees between engine and model on all 6,144 inputs of the subset, and with the twin on the 6,080 it can deal."""
    check = subset["schwung.allowed"]
    assert check.disagreements == ()
    assert (check.inputs, check.twin_inputs, check.complete) == (6144, 6080, False)


@pytest.mark.clause(
    "kampfrichter.neutralises", "kampfrichter.last_schwung", "konter.last_trick", "konter.beats_six",
    "konter.loses", "trump.beats", "schwung.higher_wins", "schwung.void_loses",
)
def test_schwung_winner_agrees_three_ways(subset: dict[str, FunctionCheck]) -> None:
    """Who wins a Schwung or whether it stays pending agrees on all 24,576 inputs of the subset, and with the twin on 4,832 first and 7,936 last Schwünge."""
    check = subset["schwung.winner"]
    assert check.disagreements == ()
    assert (check.inputs, check.twin_inputs) == (24576, 4832 + 7936)


def test_the_named_clause_alone_decides_every_schwung(subset: dict[str, FunctionCheck]) -> None:
    """On all 24,576 inputs of the subset the clause the engine names forces its answer alone, each of the eight winner clauses is named, no other clause forces the same answer alone or the others together, and the table says so."""
    check = subset["schwung.winner"]
    assert check.disagreements == ()
    assert check.clause_inputs == check.inputs == 24576
    assert tuple(cid for cid, _ in check.named_clauses) == WIN_CLAUSES
    assert check.overlaps == ()
    assert check.others_together == ()
    text = format_checks([check])
    assert "named clause alone: kampfrichter.neutralises 2,592, kampfrichter.last_schwung 2,880," in text
    assert "no other clause forces the same answer on any input" in text
    assert "without the named clause the others leave the answer open on every input" in text
    overlapping = format_checks([attrs.evolve(check, overlaps=(("trump.beats", "konter.loses", 3),))])
    assert "konter.loses also forces what the engine decides by trump.beats: 3 inputs" in overlapping
    assert "no other clause" not in overlapping


def _naming(wrong: str, instead: str) -> Callable[..., SchwungOutcome]:
    """``resolve_schwung`` naming the clause ``wrong`` wherever it names ``instead``, the winner unchanged."""

    def resolve(*args: Any, **kwargs: Any) -> SchwungOutcome:
        outcome = resolve_schwung(*args, **kwargs)
        return SchwungOutcome(outcome.winner, wrong) if outcome.clause_id == instead else outcome

    return resolve


@pytest.mark.clause("schwung.higher_wins", "kampfrichter.neutralises")
@pytest.mark.parametrize(("wrong", "instead", "admits"), [
    ("trump.beats", "schwung.higher_wins", "answerer wins, leader wins, pending"),
    ("kampfrichter.last_schwung", "kampfrichter.neutralises", "answerer wins, leader wins, pending"),
    ("trick.winner_takes", "schwung.void_loses", None),
])
def test_a_wrongly_named_clause_is_found(monkeypatch: pytest.MonkeyPatch, wrong: str, instead: str, admits: str | None) -> None:
    """A ``resolve_schwung`` that names ``wrong`` where the model's deciding clause is ``instead`` (winner unchanged) is caught, saying what ``wrong`` admits alone; ``instead`` is counted forcing the answer."""
    monkeypatch.setattr(exhaustive, "resolve_schwung", _naming(wrong, instead))
    (check,) = run_exhaustive(["schwung.winner"], subset=True)
    says = f"by {wrong}, which " + ("is not a winner clause of the model" if admits is None else f"alone admits {admits}")
    assert check.disagreements
    assert says in check.disagreements[0]
    assert check.inputs == 24576
    # the clause that decides is found forcing the answer alone, and with the others together
    relabelled = {(named, other): n for named, other, n in check.overlaps}[wrong, instead]
    assert relabelled == dict(check.others_together)[wrong] > 0


def test_the_docs_named_clause_counts_are_the_engines() -> None:
    """The inputs per named clause docs/proofs.md quotes for ``schwung.winner``'s whole domain are those ``resolve_schwung`` names over it (723,200 inputs)."""
    counts: Counter[str] = Counter()
    for led, answer in itertools.permutations(ALL_CARDS, 2):
        follow = FOLLOW_MASK[led.index]
        # the answer alone, and with a card of the led colour when it is not of that colour itself
        voids = (True, False) if follow and not follow & answer.bit else (False,)
        for trump, void, rules, is_last, leader in itertools.product((*Colour, None), voids, SWITCH_RULES, (False, True), Player):
            counts[resolve_schwung(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=void).clause_id] += 1
    text = (Path(__file__).resolve().parents[1] / "docs" / "proofs.md").read_text(encoding="utf-8")
    quoted = {cid: int(n.replace(",", "")) for cid, n in re.findall(r"^\| ([a-z_]+\.[a-z_]+) \| ([0-9,]+) \|$", text, re.MULTILINE) if cid in WIN_CLAUSES}
    assert quoted == dict(counts)
    assert sum(counts.values()) == 723200


def test_only_the_neutralising_clause_reads_neutral() -> None:
    """Of the winner clauses' first-Schwung constraints only ``kampfrichter.neutralises`` mentions ``neutral0``: the others fix a winner, and whether a Schwung is decided at all is that clause's."""
    model = GangModel()
    reading = {cid for (cid, c), step in zip(model.constraints, model.step_of, strict=True) if step == 0 and cid in WIN_CLAUSES and "neutral0" in free_constants([c])}
    assert reading == {"kampfrichter.neutralises"}


@pytest.mark.clause("table.sieg_ohne_angriff", "table.gut_gekaempft", "table.columns", "table.plattwurf_eigener_angriff")
def test_table_points_agree_with_the_model(subset: dict[str, FunctionCheck]) -> None:
    """The scoring table's row and points agree between engine and model on the 296 results of the subset, and the model admits no other points."""
    check = subset["table.points"]
    assert check.disagreements == ()
    assert (check.inputs, check.twin_inputs) == (296, 0)


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff", "angriff.not_empty_pile")
def test_gang_length_agrees_three_ways(subset: dict[str, FunctionCheck]) -> None:
    """The Gang's length and last Schwung agree for every Angriff timing: 48 Gänge of the subset through engine and twin, the model's length term on each timing."""
    check = subset["gang.length"]
    assert check.disagreements == ()
    assert (check.inputs, check.twin_inputs) == (48, 48)


@pytest.mark.clause("match.first_starter", "match.loser_starts", "match.draw_starter")
def test_match_starter_agrees_with_the_model(subset: dict[str, FunctionCheck]) -> None:
    """Who starts the second and third Gang agrees between engine and match model on the 102 pairs of Gang results of the subset."""
    check = subset["match.starter"]
    assert check.disagreements == ()
    assert check.inputs == 102


@pytest.mark.clause("fest.twice_each", "fest.parallel")
def test_schedule_holds_for_every_small_size(subset: dict[str, FunctionCheck]) -> None:
    """The schedules of 3 to 24 Schwinger on every number of card sets (143) hold the model's meetings, one Gang a Schwinger a round, the fewest rounds."""
    check = subset["fest.schedule"]
    assert check.disagreements == ()
    assert check.inputs == 143


@pytest.mark.clause("gang.end_angriff", "match.loser_starts")
def test_reduced_length_and_starter_models_are_found() -> None:
    """Without ``gang.end_angriff`` the model admits any length after an Angriff; without ``match.loser_starts`` it admits other starters."""
    (length,) = run_exhaustive(["gang.length"], subset=True, drop=["gang.end_angriff"])
    assert length.disagreements[0].startswith("an Angriff before Schwung 1: expected [5], model [0, 1, 2,")
    (starter,) = run_exhaustive(["match.starter"], subset=True, drop=["match.loser_starts"])
    assert len(starter.disagreements) == 5


@pytest.mark.clause("schwung.higher_wins")
def test_a_broken_winner_rule_is_found() -> None:
    """With the model's higher card losing (broken ``lower_wins``), the winner check reports disagreements."""
    (check,) = run_exhaustive(["schwung.winner"], subset=True, broken="lower_wins")
    assert len(check.disagreements) == 5
    assert "engine answerer wins, model leader wins" in check.disagreements[0] or "engine leader wins, model answerer wins" in check.disagreements[0]


@pytest.mark.clause("trump.anytime")
def test_a_broken_farbzwang_is_found() -> None:
    """With the model's Farbzwang ignoring trump (broken ``farbzwang_ignores_trump``), the allowed-answers check reports disagreements."""
    (check,) = run_exhaustive(["schwung.allowed"], subset=True, broken="farbzwang_ignores_trump")
    assert len(check.disagreements) == 5
    assert all("engine allows, model refuses" in d or "engine refuses, model allows" in d for d in check.disagreements)


@pytest.mark.clause("table.gut_gekaempft")
def test_a_table_without_the_good_loser_is_found() -> None:
    """With ``table.gut_gekaempft`` left out of the model, the table check finds results whose points the model no longer fixes."""
    (check,) = run_exhaustive(["table.points"], subset=True, drop=["table.gut_gekaempft"])
    assert len(check.disagreements) == 5
    assert all("the model admits other points than" in d for d in check.disagreements)


def test_unknown_check_is_refused() -> None:
    """An unknown check name raises InvalidArgumentError naming ``names``."""
    with pytest.raises(InvalidArgumentError, match="names"):
        run_exhaustive(["no.such"])
    assert set(CHECKS) >= {"schwung.allowed", "schwung.winner", "table.points"}


def test_compiled_terms_equal_z3_simplification() -> None:
    """The compiled evaluation of the first Schwung's Farbzwang term gives Z3's own simplified value on 100 inputs."""
    model = GangModel()
    term = next(c for cid, c in model.constraints if cid == "schwung.farbzwang")
    names = free_constants([term])
    run = compile_terms([term], names)
    widths = {n: 1 if n.startswith(("tag:", "rules.", "leader")) else (32 if n.startswith("hand") else 5) for n in names}
    seen = 0
    for values in itertools.islice(itertools.product(range(0, 26, 3), range(1, 26, 4), (0, 1 << 3, 0x2FFFFFF), (0, 7), (False, True)), 100):
        led, answer, hand, length, flag = values
        env: dict[str, int | bool] = {}
        for n in names:
            if widths[n] == 1:
                env[n] = flag if n.startswith("rules.") else True
            elif n.startswith("hand"):
                env[n] = hand
            else:
                env[n] = {"led0": led, "answer0": answer, "length": length}.get(n, 12)
        (value,) = run(*(env[n] for n in names))
        assert value == simplify_on(term, env)
        seen += 1
    assert seen == 100


def test_compile_refuses_an_unknown_constant() -> None:
    """A term mentioning a constant outside the inputs is refused with InvalidArgumentError naming ``inputs``."""
    with pytest.raises(InvalidArgumentError, match="inputs"):
        compile_terms([z3.Bool("a") == z3.Bool("b")], ["a"])


@pytest.mark.clause("schwung.farbzwang", "trick.winner_takes", "kampfrichter.chooses", "gang.end_angriff")
def test_three_engines_play_one_game() -> None:
    """64 Gänge (half steered) under the 32 switch combinations in turn: engine, twin and model agree on all 1,010 actions and every result."""
    run = run_differential(64, seed=1)
    assert run.disagreements == ()
    assert (run.gaenge, run.actions) == (64, 1010)


@pytest.mark.clause("schwung.higher_wins", "trump.anytime")
@pytest.mark.parametrize(("broken", "says"), [
    ("lower_wins", "the model's constraints refuse the engine's Gang"),
    ("farbzwang_ignores_trump", "engine may answer"),
])
def test_three_engines_find_a_broken_model(broken: str, says: str) -> None:
    """Against a deliberately broken model the differential run reports disagreements naming what differs."""
    run = run_differential(16, seed=1, broken=broken)
    assert run.disagreements
    assert says in run.disagreements[0]


def test_prove_exhaustive_command() -> None:
    """``schwinget prove --exhaustive --query 'gang.*'`` checks the Gang length on its whole domain (3,072 inputs) and exits 0; ``--json`` gives the same; an unknown check exits 2."""
    from click.testing import CliRunner  # noqa: PLC0415

    from schwinget_spec.cli.analysis import prove_command  # noqa: PLC0415

    runner = CliRunner()
    done = runner.invoke(prove_command, ["--exhaustive", "--query", "gang.*"])
    assert done.exit_code == 0, done.output
    assert "1 of 1 checks agree, 3,072 inputs in" in done.output
    as_json = runner.invoke(prove_command, ["--exhaustive", "--query", "gang.length", "--json"])
    assert as_json.exit_code == 0
    (entry,) = json.loads(as_json.output)
    assert (entry["name"], entry["inputs"], entry["twin_inputs"], entry["disagreements"], entry["complete"]) == ("gang.length", 3072, 3072, [], True)
    unknown = runner.invoke(prove_command, ["--exhaustive", "--query", "nope"])
    assert unknown.exit_code == 2
    assert "unknown exhaustive check 'nope'" in unknown.output


@pytest.mark.clause("schwung.farbzwang", "schwung.void_any")
def test_the_model_reads_the_hand_only_through_void() -> None:
    """Z3 proves the model's Farbzwang reads the answerer's hand only through holding the led colour; a term that also reads a trump card in the hand is caught."""
    model = GangModel()
    term = next(c for cid, c in model.constraints if cid == "schwung.farbzwang")
    assert reads_hand_only_through_void(model, term)
    peeking = z3.And(term, (model.hands[1][0] & z3.BitVecVal(1 << 13, 32)) == 0)
    assert not reads_hand_only_through_void(model, peeking)
