"""The sampling player (perfect-information Monte Carlo): from its PlayerView only, it deals the unseen cards into worlds, solves each, and plays the action best on average."""

from __future__ import annotations

import attrs

from schwinget_spec.actions import Action
from schwinget_spec.bots import Bot
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.checks import check_int, field_type
from schwinget_spec.deal import PILE_SIZE, SET_ASIDE_SIZE
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64, shuffled
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled
from schwinget_spec.views import PlayerView

__all__ = ["DEFAULT_WORLDS", "PimcBot", "World", "sample_world", "voids"]

DEFAULT_WORLDS = 32
"""Worlds solved per decision unless told otherwise."""

_LAST_DRAWING_SCHWUNG = PILE_SIZE // 2
"""Schwung 6 draws the last two pile cards (schwung.lead_draw, schwung.answer_draw); from Schwung 7 on nothing is drawn."""


def voids(view: PlayerView, rules: Rules) -> frozenset[Colour]:
    """The colours the opponent certainly holds none of now, from what ``view`` shows.

    An answer that neither follows a coloured lead nor is a trump (nor, unless
    ``rules.special_cards_follow_colour``, a special card) shows that its player held no
    card of the led colour (``schwung.farbzwang``, ``schwung.void_any``). Only answers
    given after the last draw count: the Angriff locked the pile (``angriff.locks_pile``)
    or the pile was used up, so no card came into the hand since. Voids shown before the
    last draw are not used (the opponent may have drawn the colour since).
    """
    out: set[Colour] = set()
    opponent = view.player.other
    for record in view.history:
        if record.leader is opponent or not (record.after_angriff or record.number > _LAST_DRAWING_SCHWUNG):
            continue
        led, answer = record.led, record.answer
        if led.colour is None or answer.colour is led.colour:
            continue
        if answer.colour is not None and answer.colour is view.trump:
            continue  # trump.anytime: a trump may answer while holding the led colour
        if answer.is_special and not rules.special_cards_follow_colour:
            continue  # AMB-SPECIAL-FARBZWANG: a special card may answer any lead
        out.add(led.colour)
    return frozenset(out)


@attrs.frozen
class World:
    """One dealing of the unseen cards consistent with a view: the opponent's hand, the pile still to draw (in order), the face-down cards."""

    opponent_hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    face_down: tuple[Card, ...]


def sample_world(view: PlayerView, rules: Rules, rng: SplitMix64) -> tuple[World, SplitMix64]:
    """A world drawn uniformly among the dealings of ``view.unseen_cards`` that agree with it, and the generator moved on.

    The opponent's hand has ``view.opponent_hand_size`` cards, none of a colour it is
    known to lack (``voids``); the pile ``view.pile_size`` cards in an order drawn
    uniformly; the face-down cards the rest (3).
    """
    unseen = view.unseen_cards
    size = view.opponent_hand_size
    if len(unseen) != size + view.pile_size + SET_ASIDE_SIZE - 1:  # the revealed card is seen
        raise InvalidArgumentError("view", f"the view's unseen cards ({len(unseen)}) do not add up to a Gang")
    lacking = voids(view, rules)
    allowed = tuple(c for c in unseen if c.colour not in lacking)
    if len(allowed) < size:  # not reachable in a Gang: every void was shown by a card the opponent did not hold
        allowed = unseen
    mixed, rng = shuffled(allowed, rng)
    hand = mixed[:size]
    rest, rng = shuffled(tuple(c for c in unseen if c not in hand), rng)
    return World(tuple(sorted(hand)), rest[: view.pile_size], rest[view.pile_size :]), rng


def _problem(view: PlayerView, world: World, rules: Rules, system: ScoringSystem) -> compiled.Problem:
    # the compiled solver's arguments for the position of ``view`` in ``world``; the pile
    # cards already drawn are filled with cards out of play (the solver reads only the rest)
    drawn = PILE_SIZE - view.pile_size
    own = sum(c.bit for c in view.hand)
    other = sum(c.bit for c in world.opponent_hand)
    hands = (own, other) if view.player is Player.P0 else (other, own)
    taken = {*world.pile, view.revealed}
    filler = [c for c in ALL_CARDS if c not in taken][:drawn]
    return compiled._problem_at(view, pile=(*filler, *world.pile), revealed=view.revealed, hands=hands, drawn=drawn,
                               rules=rules, system=system)


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, attribute.name, minimum=1, maximum=1 << 16)


@attrs.frozen
class PimcBot:
    """A player that samples the cards it cannot see and plays what is best on average over the sampled worlds.

    For each decision it draws ``worlds`` dealings of the unseen cards consistent with its
    view (``sample_world``), solves the position of each with every card known (the
    compiled solver, ``system``'s points difference), and takes the legal action whose
    value, averaged over the worlds, is best for it (highest for P0, lowest for P1; the
    first in the engine's order on a tie). It reads its ``PlayerView`` only. ``rules`` are
    the match's, agreed before it (public). ``rng`` drives the sampling; the bot returned
    holds it moved on. Needs the compiled solver (``SchwingetError`` if it is not built).
    """

    rules: Rules = attrs.field(validator=field_type(Rules))
    rng: SplitMix64 = attrs.field(validator=field_type(SplitMix64))
    worlds: int = attrs.field(default=DEFAULT_WORLDS, validator=_positive)
    system: ScoringSystem = attrs.field(default=ScoringSystem.SCHWINGERWERTUNG, validator=field_type(ScoringSystem))

    @classmethod
    def seeded(cls, seed: int, rules: Rules | None = None, worlds: int = DEFAULT_WORLDS,
               system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG) -> PimcBot:
        """The bot sampling with ``SplitMix64.seeded(seed)``."""
        return cls(Rules() if rules is None else rules, SplitMix64.seeded(seed), worlds, system)

    def action_values(self, view: PlayerView) -> tuple[tuple[tuple[Action, int], ...], PimcBot]:
        """Each legal action of ``view`` with its value summed over the sampled worlds, and the bot with its generator moved on."""
        if not isinstance(view, PlayerView):
            raise InvalidArgumentError("view", f"expected a PlayerView, got {view!r}")
        actions = view.legal_actions
        if not actions or view.to_move is not view.player:
            raise SchwingetError(f"{view.player} was asked to choose, but it has no legal action", clause_id="gang.turn")
        solver = compiled.module()
        totals = [0] * len(actions)
        rng = self.rng
        for _ in range(self.worlds):
            world, rng = sample_world(view, self.rules, rng)
            values = solver.children(*_problem(view, world, self.rules, self.system).args(0))
            for i, (_action, value) in enumerate(values):
                totals[i] += value
        return tuple(zip(actions, totals, strict=True)), attrs.evolve(self, rng=rng)

    def choose(self, view: PlayerView) -> tuple[Action, Bot]:
        """The action best on average over ``worlds`` sampled worlds, and the bot with its generator moved on."""
        if isinstance(view, PlayerView) and len(view.legal_actions) == 1 and view.to_move is view.player:
            return view.legal_actions[0], self
        scored, bot = self.action_values(view)
        sign = 1 if view.player is Player.P0 else -1
        best = max(range(len(scored)), key=lambda i: (sign * scored[i][1], -i))
        return scored[best][0], bot

