"""What a legal Gang shows (the clause ids it exercises, and named situations), and the search of seeded play for a Gang that shows what a vector needs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import attrs

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.cards import Card
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.trick import COLOUR_MASK, SPECIAL_MASK, allowed_answers

__all__ = ["GANG_CLAUSE_PREFIXES", "UNTRACEABLE_CLAUSES", "FoundGang", "features_of", "gang_clause_ids", "has_features", "search_gang"]

GANG_CLAUSE_PREFIXES = (
    "angriff.", "cards.", "deal.", "gang.", "kampfrichter.", "konter.", "plattwurf.", "schwung.", "trick.", "trump.",
)
"""Clause ids with these prefixes concern one Gang; the suite exercises each of them."""
UNTRACEABLE_CLAUSES: Mapping[str, str] = MappingProxyType({
    "deal.hand_private": "a trace records both hands openly; what a player may see is not observable in a trace",
})
"""Gang clauses no trace can exercise, each with the reason."""

_SEARCH_LIMIT = 6000


# -- what a game shows


def _answer_features(state: GangState, card: Card, after: GangState) -> set[str]:
    out = {"schwung.answer"}
    led = state.led
    assert led is not None
    hand = state.hands[state.to_move]
    trump = state.trump
    allowed = allowed_answers(hand, led, trump, state.rules)
    colour = led.colour
    if allowed != hand:
        out.add("schwung.farbzwang")
    if colour is not None and not hand & COLOUR_MASK[colour]:
        out.add("schwung.void_any")
    if colour is not None and hand & COLOUR_MASK[colour] and hand & SPECIAL_MASK:
        out.add("special_held_while_following")
    if trump is not None and card.colour is trump and colour is not None and colour is not trump and hand & COLOUR_MASK[colour]:
        out.add("trump.anytime")
    if state.angriff is None and state.pile_drawn < PILE_SIZE:
        out.add("schwung.answer_draw")
    record = after.history[-1]
    last = after.is_over
    out.add(record.clause_id)
    if card.is_special or led.is_special:
        out.add("cards.special")
    if record.winner is None:
        out.add("kampfrichter.kr_led" if led is Card.KR else "kampfrichter.kr_answered")
    else:
        out.add("trick.winner_takes")
        if not last:
            out.add("trick.winner_leads")
    if record.tricks == 2:
        out.add("kampfrichter.collect")
    if card is Card.KR and colour is not None and not hand & COLOUR_MASK[colour] and not last:
        out.add("kr_void_answer")
    pair = {led, card}
    if pair == {Card.KR, Card.BK} and not last:
        out.add("kr_vs_bk_before_last")
    if Card.BK in pair:
        other = card if led is Card.BK else led
        if other.is_brienzer_schwung:
            out.add("bk_vs_six")
            if trump is not None and other.colour is trump:
                out.add("bk_vs_trump_six")
            if card is Card.BK and colour is not None and not hand & COLOUR_MASK[colour]:
                out.add("bk_void_on_six")
    return out


def features_of(deal: Deal, starter: Player, actions: Sequence[str], rules: Rules, *, seeded: bool = False) -> frozenset[str]:
    """The clause ids a legal game exercises, and the named situations it shows (e.g. ``bk_void_on_six``).

    A game that stops before the end (a vector whose last action is an illegal offer)
    exercises the clauses of the actions it played, and none of the result. ``seeded``: the trace carries the seed its deal came from (``deal.shuffle``).
    """
    out = {"cards.schwungkarten", "deal.hands", "deal.set_aside", "deal.pile", "gang.turn", "gang.tricks_decide"}
    if seeded:
        out.add("deal.shuffle")
    out.add("deal.trump" if deal.revealed.colour is not None else "deal.no_trump")
    state = start_gang(deal, starter, rules)
    for code in actions:
        action = parse_action(code)
        after = state.apply(action)
        if state.phase is Phase.LEAD:
            if state.angriff is not None:
                out.add("angriff.once")
            elif state.pile_drawn >= PILE_SIZE:
                out.add("angriff.not_empty_pile")
        if isinstance(action, StartAngriff):
            out.update(("angriff.who", "angriff.stier_on_pile", "angriff.locks_pile", "angriff.play_out"))
            out.add(f"angriff_after_{len(state.history)}")
            if state.pending is not None:
                out.add("angriff_with_pending")
        elif isinstance(action, ChooseLeader):
            out.add("kampfrichter.chooses")
            out.add("choose_self" if action.player == state.to_move else "choose_other")
        elif state.phase is Phase.LEAD:
            out.add("schwung.lead")
            if state.angriff is None and state.pile_drawn < PILE_SIZE:
                out.add("schwung.lead_draw")
        else:
            assert isinstance(action, PlayCard)
            out |= _answer_features(state, action.card, after)
        state = after
    if not state.is_over:
        return frozenset(out)
    result = state.result
    out.add(result.outcome.value)
    out.add("gang.end_angriff" if result.angriff is not None else "gang.end_no_angriff")
    out.add("angriff" if result.angriff is not None else "no_angriff")
    if result.angriff is not None:
        out.update(("plattwurf.after_angriff", "plattwurf.definition"))
    if not result.outcome.is_plattwurf:
        out.add("gang.more_tricks_wins")
    return frozenset(out)


def gang_clause_ids() -> tuple[str, ...]:
    """Every clause id of the registry that concerns one Gang (see ``GANG_CLAUSE_PREFIXES``)."""
    return tuple(c for c in CLAUSES if c.startswith(GANG_CLAUSE_PREFIXES))


# -- searching seeded play


@attrs.frozen
class FoundGang:
    """A game found by ``search_gang``: its seed, starter, rules, actions and what it shows."""

    seed: int
    starter: Player
    rules: Rules
    actions: tuple[str, ...]
    features: frozenset[str]

    @property
    def deal(self) -> Deal:
        """The deal of the seed."""
        return Deal.shuffled(self.seed)

    def final_state(self) -> GangState:
        """The finished Gang."""
        state = start_gang(self.deal, self.starter, self.rules)
        for code in self.actions:
            state = state.apply(code)
        return state


_POLICIES: tuple[tuple[int, int], ...] = ((1, 1), (8, 1), (1, 0), (1, 8))
"""(weight of the Angriff, weight of a special card) against 1 for any other action: uniform, eager to attack, holding the special cards, eager to play them."""


def _playout(seed: int, policy: int, rules: Rules) -> tuple[Player, tuple[str, ...]]:
    starter = Player(seed % 2)
    state = start_gang(Deal.shuffled(seed), starter, rules)
    rng = SplitMix64.seeded((seed * 4 + policy) & ((1 << 64) - 1)).next()[1]
    w_angriff, w_special = _POLICIES[policy]
    codes: list[str] = []
    while not state.is_over:
        legal = state.legal_actions()
        weights = [
            w_angriff if isinstance(a, StartAngriff)
            else (w_special if isinstance(a, PlayCard) and a.card.is_special else 1)
            for a in legal
        ]
        total = sum(weights)
        if total == 0:
            weights = [1] * len(legal)
            total = len(legal)
        pick, rng = rng.below(total)
        index = 0
        while pick >= weights[index]:
            pick -= weights[index]
            index += 1
        codes.append(legal[index].code)
        state = state.apply(legal[index])
    return starter, tuple(codes)


def search_gang(
    want: Callable[[frozenset[str]], bool], rules: Rules | None = None, *, start: int = 0, limit: int = _SEARCH_LIMIT
) -> FoundGang:
    """The first seeded game (seeds ``start`` upward, each under every play policy) whose features satisfy ``want``.

    Deterministic: the deal is ``Deal.shuffled(seed)``, the starter ``P{seed % 2}``, the
    play a weighted random choice driven by SplitMix64. Raises LookupError if no seed
    below ``start + limit`` gives one.
    """
    rules = Rules() if rules is None else rules
    for seed in range(start, start + limit):
        for policy in range(len(_POLICIES)):
            starter, actions = _playout(seed, policy, rules)
            features = features_of(Deal.shuffled(seed), starter, actions, rules, seeded=True)
            if want(features):
                return FoundGang(seed, starter, rules, actions, features)
    raise LookupError(f"no seed from {start} to {start + limit - 1} gives the wanted game ({want!r})")


@attrs.frozen
class _Has:
    names: tuple[str, ...]

    def __call__(self, features: frozenset[str]) -> bool:
        return all(n in features for n in self.names)


def has_features(*names: str) -> Callable[[frozenset[str]], bool]:
    """A test on a game's features: True when it shows every one of ``names`` (used to pick the game a vector needs)."""
    return _Has(names)
