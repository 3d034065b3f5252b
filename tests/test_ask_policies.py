"""schwinget_spec.ask.policies: a play policy's constraints give exactly one legal Gang on a deal, the one the engine replays."""

from __future__ import annotations

import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import GangFound
from schwinget_spec.ask.api import fresh_context
from schwinget_spec.ask.compile import Compiled
from schwinget_spec.ask.game import deck_of
from schwinget_spec.ask.policies import POLICIES, policy_constraints
from schwinget_spec.ask.solve import confirm
from schwinget_spec.ask.terms import GANG_SWITCHES, PlayerRef, Wins
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.proofs.model import GangModel
from schwinget_spec.proofs.replay import extract_witness, model_bool, model_int
from schwinget_spec.rules import Rules


def _solver_for(seed: int, index: int) -> tuple[z3.Solver, Compiled]:
    c = Compiled(GangModel(prefix="p."))
    g = c.gang
    solver = z3.Solver()
    solver.add(*c.assert_into(solver))
    defaults = Rules()
    solver.add(*(c.switch(name) == bool(getattr(defaults, name)) for name in GANG_SWITCHES))
    solver.add(*(d == card.index for d, card in zip(g.deck, deck_of(Deal.shuffled(seed)), strict=True)), z3.Not(g.starter))
    solver.add(*policy_constraints(g, POLICIES[index]))
    return solver, c


def test_each_policy_plays_one_legal_gang_the_engine_replays() -> None:
    """On one deal, policies of every Angriff choice each give a Gang the engine replays to the model's result, and no second play."""
    with fresh_context():
        for index in (1, 2):
            solver, c = _solver_for(11, index)
            g = c.gang
            assert solver.check() == z3.sat, f"policy {POLICIES[index].name} has no play on the deal"
            model = solver.model()
            w = extract_witness(model, g)
            found = GangFound(w.deck, w.starter, w.actions, w.rules)
            winner = found.state().result.winner
            expected = winner is Player.P0 and model_bool(model, g.gang_winner()[0])
            assert confirm(w, found, Wins(PlayerRef("P0")), expected) == ""
            if index == 2:
                other = [z3.And(g.active(s), z3.Or(g.led[s] != model_int(model, g.led[s]), g.answer[s] != model_int(model, g.answer[s]),
                                                   g.angriff[s] != model_bool(model, g.angriff[s])))
                         for s in range(len(g.led))]
                solver.add(z3.Or(*other))
                assert solver.check() == z3.unsat, "the policy allows a second play of the deal"
