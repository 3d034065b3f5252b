"""Cross-checks between the Z3 model and the engine: engine Gänge are accepted, illegal actions rejected with the right clause, broken clauses caught."""

from __future__ import annotations

import pytest

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.proofs import queries
from schwinget_spec.proofs.base import new_solver
from schwinget_spec.proofs.model import MODELLED_SWITCHES, GangModel, rules_from
from schwinget_spec.proofs.queries import check_trace, random_trace, run_queries
from schwinget_spec.rules import Rules


def _rules(seed: int) -> Rules:
    return rules_from({n: bool((seed >> i) & 1) for i, n in enumerate(MODELLED_SWITCHES)})


@pytest.mark.clause("schwung.farbzwang", "trick.winner_takes", "kampfrichter.collect", "plattwurf.definition")
@pytest.mark.parametrize("seed", range(100, 112))
def test_engine_gang_accepted_with_same_result(seed: int) -> None:
    """A random engine Gang asserted into the model is satisfiable and the model finds no other result."""
    rules = _rules(seed)
    deck, starter, actions, final = random_trace(seed, rules)
    verdict, _ = check_trace(deck, starter, actions, rules, final=final)
    assert verdict == "sat"


@pytest.mark.clause("deal.trump", "deal.no_trump", "plattwurf.definition", "gang.more_tricks_wins")
@pytest.mark.parametrize("seed", [*range(200, 204), *[s for s in range(1000) if Deal.shuffled(s).revealed in (Card.KR, Card.BK)][:2]])
def test_definitions_as_clauses_accept_engine_gangs_with_same_result(seed: int) -> None:
    """The drop-one variant (definitions written as clauses) accepts engine Gänge with the engine's result, a special card revealed too."""
    rules = _rules(seed)
    deck, starter, actions, final = random_trace(seed, rules)
    assert check_trace(deck, starter, actions, rules, final=final, definitions_as_clauses=True) == ("sat", ())


@pytest.mark.clause("deal.trump", "deal.no_trump", "plattwurf.definition", "gang.more_tricks_wins")
@pytest.mark.parametrize("clause_id", ["deal.trump", "deal.no_trump", "plattwurf.definition", "gang.more_tricks_wins"])
def test_dropping_a_definition_is_caught(clause_id: str) -> None:
    """Each definition dropped from the variant admits a Gang the engine plays otherwise: the drop-one analysis catches it."""
    assert queries.drop_one_clause(clause_id) == "caught"


def _farbzwang_breach(seed: int) -> tuple[tuple[Card, ...], object, list[str]] | None:
    """A prefix of the engine Gang of ``seed`` whose last action answers against Farbzwang, if one exists."""
    deck, starter, actions, _ = random_trace(seed)
    state = start_gang(Deal.from_deck(deck), starter)
    for i, code in enumerate(actions):
        if state.led is not None and state.led.colour is not None:
            hand = state.hand(state.to_move)
            follows = [c for c in hand if c.colour is state.led.colour]
            wrong = [c for c in hand if c.colour not in (state.led.colour, state.trump, None)]
            if follows and wrong:
                return deck, starter, [*actions[:i], wrong[0].code]
        state = state.apply(code)
    return None


@pytest.mark.clause("schwung.farbzwang")
def test_farbzwang_breach_rejected_with_clause() -> None:
    """An answer against Farbzwang makes the trace unsat, with schwung.farbzwang in the core."""
    found = 0
    for seed in range(30):
        breach = _farbzwang_breach(seed)
        if breach is None:
            continue
        deck, starter, prefix = breach
        verdict, core = check_trace(deck, starter, prefix, Rules())  # type: ignore[arg-type]
        assert verdict == "unsat"
        assert "schwung.farbzwang" in core
        found += 1
        if found == 3:
            break
    assert found == 3


@pytest.mark.clause("angriff.not_empty_pile")
def test_angriff_with_empty_pile_rejected() -> None:
    """An Angriff before the seventh Schwung of a Gang without one is unsat, naming angriff.not_empty_pile."""
    for seed in range(40):
        deck, starter, actions, final = random_trace(seed)
        if final.result.angriff is None:
            break
    # the seventh lead comes after 6 Schwünge of 2 cards each, plus one L per neutralised trick
    state = start_gang(Deal.from_deck(deck), starter)
    i = 0
    while len(state.history) < 6 or state.phase.value != "lead":
        state = state.apply(actions[i])
        i += 1
    verdict, core = check_trace(deck, starter, [*actions[:i], "A"], Rules())
    assert verdict == "unsat"
    assert "angriff.not_empty_pile" in core


@pytest.mark.clause("schwung.lead")
def test_card_not_held_rejected() -> None:
    """Leading a card the leader does not hold is unsat, naming schwung.lead."""
    deck, starter, _actions, _ = random_trace(7)
    state = start_gang(Deal.from_deck(deck), starter)
    not_held = next(c for c in Card if c not in state.hand(starter))
    verdict, core = check_trace(deck, starter, [not_held.code], Rules())
    assert verdict == "unsat"
    assert "schwung.lead" in core


@pytest.mark.clause("schwung.higher_wins")
def test_broken_higher_wins_caught_by_traces() -> None:
    """A model where the lower card wins rejects some engine Gang: the random-trace cross-check catches it."""
    rejected = 0
    for seed in range(5):
        deck, starter, actions, final = random_trace(seed)
        verdict, _ = check_trace(deck, starter, actions, Rules(), final=final, broken="lower_wins")
        rejected += verdict != "sat"
    assert rejected > 0


@pytest.mark.clause("kampfrichter.last_schwung", "kampfrichter.neutralises")
def test_broken_last_kampfrichter_caught_by_invariant() -> None:
    """A model where the Kampfrichter neutralises even the last Schwung fails the nothing-pending invariant."""
    answer, _, cex = queries._prove(queries._nothing_pending, broken="kampfrichter_acts_on_last")
    assert answer == "counterexample"
    assert cex is not None


@pytest.mark.clause("konter.beats_six", "trump.beats")
def test_broken_trump_six_caught_by_witness_replay() -> None:
    """A model where the Konter never beats a trump 6 yields a witness the engine replays differently."""
    out = queries._witness(queries._w_konter_beats_trump_six, rules=Rules(), broken="konter_never_beats_trump_six")
    assert out.answer != "witness"


def test_random_traces_query_passes() -> None:
    """The random-trace query of the table returns its expected answer."""
    [res] = run_queries(["xcheck.random_traces"])
    assert res.ok, res.detail


def test_traces_share_one_model_each_in_its_own_scope() -> None:
    """On the one model of the random-trace query a trace with another Gang's result, or a card not held, is refused, and nothing of it stays for the next trace."""
    m = GangModel()
    s = new_solver()
    m.assert_into(s)
    rules = _rules(100)
    deck, starter, actions, final = random_trace(100, rules)
    other = next(t[3] for seed in range(101, 200) if (t := random_trace(seed, rules))[3].result.tricks != final.result.tricks)
    not_held = next(c for c in Card if c not in start_gang(Deal.from_deck(deck), starter, rules).hand(starter))
    assert queries._check_trace_in(s, m, (deck, starter, actions, other), rules) == "different result"
    assert queries._check_trace_in(s, m, (deck, starter, (not_held.code,), final), rules) == "unsat"
    assert queries._check_trace_in(s, m, (deck, starter, actions, final), rules) == "sat"
    assert queries._check_trace_in(s, m, random_trace(101, _rules(101)), _rules(101)) == "sat"
