"""Z3 queries: the invariants are proved, the witnesses found and replayed through the engine, and each rule switch answered."""

from __future__ import annotations

import functools

import pytest

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.proofs.base import QueryResult
from schwinget_spec.proofs.cards_queries import chain
from schwinget_spec.proofs.queries import DROP_ONE_PARTS, QUERIES, format_table, run_queries, to_json
from schwinget_spec.proofs.runner import default_jobs

_CHECKED = tuple(
    q.name
    for q in QUERIES
    if q.name.startswith(("inv.", "wit.", "opt.plattwurf", "rule.special", "rule.void", "rule.konter", "cons.jointly", "cons.drop_one."))
    and q.name != "cons.drop_one.scoring"
)
"""The Gang queries this file checks."""


@functools.cache
def _answers() -> dict[str, QueryResult]:
    """Every query of ``_CHECKED``, run once, all cores at once, each in a process of its own (``run_queries``)."""
    return {r.name: r for r in run_queries(_CHECKED, jobs=default_jobs())}


def _check(name: str) -> None:
    result = _answers()[name]
    assert result.ok, f"{name}: expected {result.expected}, got {result.answer}: {result.detail}"


@pytest.mark.clause("trick.winner_takes", "kampfrichter.collect", "gang.end_no_angriff", "gang.end_angriff")
@pytest.mark.slow
def test_tricks_total() -> None:
    """For every deal and play the tricks sum to 11 without an Angriff and to k + 5 with one after k Schwünge."""
    _check("inv.tricks_total")


@pytest.mark.clause("plattwurf.definition", "angriff.who")
@pytest.mark.slow
def test_plattwurf_needs_angriff() -> None:
    """No Gang ends in a Plattwurf row without an Angriff."""
    _check("inv.plattwurf_needs_angriff")


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins")
@pytest.mark.slow
def test_plattwurf_winner_ahead() -> None:
    """The Plattwurf winner never holds fewer tricks than the opponent."""
    _check("inv.plattwurf_winner_ahead")


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.last_schwung", "kampfrichter.collect")
@pytest.mark.slow
def test_nothing_pending() -> None:
    """No neutralised trick is left pending when a Gang ends."""
    _check("inv.nothing_pending")


@pytest.mark.clause("angriff.once", "angriff.not_empty_pile")
@pytest.mark.slow
def test_angriff_bounds() -> None:
    """At most one Angriff per Gang, and none once the pile is used up."""
    _check("inv.angriff_bounds")


@pytest.mark.clause("plattwurf.definition")
@pytest.mark.slow
def test_one_plattwurf() -> None:
    """The two players never both win by Plattwurf."""
    _check("inv.one_plattwurf")


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins")
@pytest.mark.slow
def test_plattwurf_defender_equal() -> None:
    """A defender wins by Plattwurf with equal trick totals, and the engine agrees."""
    _check("wit.plattwurf_defender_equal")


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.chooses", "angriff.who", "kampfrichter.collect")
@pytest.mark.slow
def test_kr_pending_across_angriff() -> None:
    """A Kampfrichter trick stays pending across the Angriff, and the engine agrees."""
    _check("wit.kr_pending_across_angriff")


@pytest.mark.clause("konter.beats_six", "trump.beats")
@pytest.mark.slow
def test_konter_beats_trump_six() -> None:
    """Under the default rules a Brienzer-Konter beats a trump 6, and the engine agrees."""
    _check("wit.konter_beats_trump_six")


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick")
@pytest.mark.slow
def test_kr_last_vs_konter() -> None:
    """The Kampfrichter meets the Konter on the last Schwung, and the engine agrees on who wins."""
    _check("wit.kr_last_vs_konter")


@pytest.mark.clause("angriff.not_empty_pile", "plattwurf.definition")
@pytest.mark.slow
def test_angriff_fifth_plattwurf() -> None:
    """An Angriff after the fifth Schwung can end in a Plattwurf, and the engine agrees."""
    _check("wit.angriff_fifth_plattwurf")


@pytest.mark.clause("plattwurf.definition", "angriff.play_out")
@pytest.mark.slow
def test_plattwurf_loser_max() -> None:
    """The loser of a Plattwurf holds at most 5 tricks and can hold 5; the witness replays."""
    _check("opt.plattwurf_loser_max")


@pytest.mark.clause("schwung.farbzwang")
@pytest.mark.slow
def test_special_follow_colour_legality() -> None:
    """Some play legal by default is rejected when the special cards follow colour."""
    _check("rule.special_cards_follow_colour.legality")


@pytest.mark.clause("schwung.farbzwang")
@pytest.mark.slow
def test_special_follow_colour_result() -> None:
    """Where a play is legal under both readings, special_cards_follow_colour never changes its result."""
    _check("rule.special_cards_follow_colour.result")


@pytest.mark.clause("konter.beats_six", "schwung.void_loses")
@pytest.mark.slow
def test_void_konter_switch_matters() -> None:
    """void_konter_beats_six changes the result of some Gang; both readings replay in the engine."""
    _check("rule.void_konter_beats_six")


@pytest.mark.clause("konter.beats_six", "trump.beats")
@pytest.mark.slow
def test_trump_six_switch_matters() -> None:
    """konter_beats_trump_six changes the result of some Gang; both readings replay in the engine."""
    _check("rule.konter_beats_trump_six")


@pytest.mark.clause("konter.loses", "kampfrichter.neutralises")
@pytest.mark.slow
def test_konter_vs_kampfrichter_switch_matters() -> None:
    """konter_loses_to_kampfrichter changes the result of some Gang; both readings replay in the engine."""
    _check("rule.konter_loses_to_kampfrichter")


@pytest.mark.clause("kampfrichter.neutralises", "schwung.void_loses")
@pytest.mark.slow
def test_void_kampfrichter_switch_matters() -> None:
    """void_kampfrichter_neutralises changes the result of some Gang; both readings replay in the engine."""
    _check("rule.void_kampfrichter_neutralises")


@pytest.mark.clause("cards.schwungkarten", "deal.hands", "schwung.farbzwang")
@pytest.mark.slow
def test_jointly_satisfiable() -> None:
    """All clause constraints hold together in some Gang, which replays in the engine."""
    _check("cons.jointly_satisfiable")


@pytest.mark.clause("schwung.farbzwang", "trick.winner_takes")
@pytest.mark.slow
def test_drop_one_clause() -> None:
    """Dropping any single clause admits a Gang the engine rejects, unless the other clauses imply it."""
    for k in range(DROP_ONE_PARTS):
        _check(f"cons.drop_one.{k}")


def test_table_and_json_name_every_result() -> None:
    """The table and the JSON list every query run, with its answer."""
    results = run_queries(["inv.angriff_bounds", "wit.kr_last_vs_konter"])
    table = format_table(results)
    data = to_json(results)
    for r in results:
        assert r.name in table
        assert r.name in data
    assert len(QUERIES) == len({q.name for q in QUERIES})


@pytest.mark.clause("cards.schwungkarten", "deal.hands", "deal.set_aside", "deal.pile")
@pytest.mark.slow
def test_cards_at_the_start() -> None:
    """The deal holds the 26 Schwungkarten, 5 to each hand, each card in exactly one place before Schwung 1."""
    _check("inv.cards.start")


@pytest.mark.clause("schwung.lead", "schwung.answer", "schwung.lead_draw", "schwung.answer_draw")
@pytest.mark.slow
def test_generic_schwung_step() -> None:
    """A Schwung that moves the played cards out of the hands and, drawing, two pile cards in keeps each card in one place and the hand sizes, for any hands."""
    _check("inv.cards.step")


@pytest.mark.clause("schwung.lead", "schwung.answer", "schwung.lead_draw", "schwung.answer_draw", "angriff.locks_pile")
@pytest.mark.slow
def test_cards_conserved() -> None:
    """Every Schwung keeps each card in exactly one place (hands, pile remainder, set-aside, played) and the hand sizes."""
    _check("inv.cards_conserved")
    assert "schwung.lead_draw" in _answers()["inv.cards_conserved"].clauses


@pytest.mark.clause("schwung.lead_draw", "deal.hands", "gang.end_no_angriff")
@pytest.mark.parametrize(
    ("dropped", "part", "failing"),
    [
        ("schwung.lead_draw", "schwuenge", "Schwung 1"),
        ("deal.hands", "start", "before Schwung 1: each card in one place"),
        ("gang.end_no_angriff", "end", "end"),
    ],
)
def test_card_chain_needs_its_clauses(dropped: str, part: str, failing: str) -> None:
    """Without a clause its cores name, the card chain's link that uses it is not proved: the chain can fail."""
    results = {name: answer for name, answer, _, _ in chain((part,), drop=(dropped,))}
    assert results[failing] == "counterexample"
    assert chain(("end",))[0][1] == "proved"


@pytest.mark.parametrize(
    ("parts", "drop", "parameter"),
    [("start", (), "parts"), (("middle",), (), "parts"), (("end",), ("nope",), "drop"), (("end",), "deal.hands", "drop")],
)
def test_card_chain_refuses_bad_arguments(parts: object, drop: object, parameter: str) -> None:
    """An unknown part or a clause the model does not constrain is refused with a library error naming the parameter."""
    with pytest.raises(InvalidArgumentError) as caught:
        chain(parts, drop=drop)  # type: ignore[arg-type]
    assert caught.value.parameter == parameter


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff")
@pytest.mark.slow
def test_hands_empty_at_end() -> None:
    """Both hands are empty when the Gang ends."""
    _check("inv.hands_empty_at_end")
