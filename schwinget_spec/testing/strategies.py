"""Public Hypothesis strategies: cards, explicit deals (also steered to rare situations), Rules values, scoring systems, whole Gänge and whole matches."""

from __future__ import annotations

import functools
import itertools
import typing
from collections.abc import Callable, Iterator
from typing import Any, Literal, TypeAlias, cast

import attrs
from hypothesis import strategies as st

from schwinget_spec.actions import ANGRIFF, Action, ChooseLeader, PlayCard, StartAngriff, choose_leader, play
from schwinget_spec.cards import ALL_CARDS, COLOUR_CARDS, Card, Colour
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Outcome, Phase, start_gang
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trick import COLOUR_MASK, resolve_schwung

__all__ = [
    "ANGRIFF_PLANS",
    "RARE_STATES",
    "STEERS",
    "STYLES",
    "AngriffPlan",
    "PlayedGang",
    "PlayedMatch",
    "Steer",
    "Style",
    "actions",
    "all_rules",
    "cards",
    "colour_permutations",
    "colours",
    "deals",
    "mirror_action",
    "permute_action",
    "permute_card",
    "permute_deal",
    "played_gangs",
    "played_matches",
    "players",
    "rare_states",
    "rules",
    "scoring_systems",
    "steered_deals",
    "swap_seats",
]

Steer: TypeAlias = Literal[
    "any",
    "kampfrichter_in_hand",
    "konter_in_hand",
    "trump_six_in_hand",
    "konter_against_trump_six",
    "no_trump",
]
"""A rare situation a deal can be steered to (see ``deals``)."""
STEERS: tuple[Steer, ...] = typing.get_args(Steer)
"""Every steer, ``"any"`` first (Hypothesis shrinks towards it)."""

Style: TypeAlias = Literal["random", "greedy", "hoard"]
"""How a player of a generated Gang picks cards: uniformly, the cheapest winning card, or keeping the special cards to the end."""
STYLES: tuple[Style, ...] = typing.get_args(Style)

AngriffPlan: TypeAlias = int | Literal["never", "free", "after_kampfrichter"]
"""When a generated Gang starts the Angriff: after exactly k Schwünge (0-5, if then allowed), never,
at any lead (a fresh choice each time), or at the first lead after a Kampfrichter trick."""
ANGRIFF_PLANS: tuple[AngriffPlan, ...] = ("never", "free", 0, 1, 2, 3, 4, 5, "after_kampfrichter")

RARE_STATES: tuple[str, ...] = (
    "plattwurf_by_attacker",
    "plattwurf_by_defender",
    "kampfrichter_on_last_schwung",
    "kampfrichter_pending_across_angriff",
    "konter_beats_trump_six",
    "angriff_at_first_schwung",
    "angriff_after_fifth_schwung",
)
"""The rare situations whose coverage the property suite measures (``rare_states``)."""

# -- cards, players, colours, actions


def cards() -> st.SearchStrategy[Card]:
    """Any of the 26 Schwungkarten (clause ``cards.schwungkarten``)."""
    return st.sampled_from(ALL_CARDS)


def players() -> st.SearchStrategy[Player]:
    """``P0`` or ``P1``."""
    return st.sampled_from(tuple(Player))


def colours() -> st.SearchStrategy[Colour]:
    """Any of the four colours."""
    return st.sampled_from(tuple(Colour))


def actions() -> st.SearchStrategy[Action]:
    """Any action of a Gang: one of the 26 card plays, the Angriff, or a Kampfrichter choice."""
    return st.one_of(
        cards().map(play),
        st.just(ANGRIFF),
        players().map(choose_leader),
    )


def colour_permutations() -> st.SearchStrategy[dict[Colour, Colour]]:
    """A renaming of the four colours, as a mapping old -> new."""
    return st.permutations(tuple(Colour)).map(lambda new: dict(zip(Colour, new, strict=True)))


# -- Rules


def _field_values(field: attrs.Attribute[Any], hint: object) -> tuple[object, ...]:
    """Every value a ``Rules`` field may take, its default first; only the default for open types."""
    default = field.default
    if hint is bool:
        values: tuple[object, ...] = (True, False)
    elif typing.get_origin(hint) is Literal:
        values = typing.get_args(hint)
    else:
        return (default,)
    return (default, *(v for v in values if v != default))


@functools.cache
def all_rules() -> tuple[Rules, ...]:
    """Every ``Rules`` value: the product of every reading of every switch, ``Rules()`` first.

    The fields are read with ``attrs.fields`` and their annotations, so a new boolean or
    ``Literal`` switch is covered without touching this function; a field of any other
    type keeps its default. Built once per process (the values are frozen): ``rules()``
    is drawn for every generated Gang, and building the 2,304 values each time was three
    quarters of a Gang property's time.
    """
    hints = typing.get_type_hints(Rules)
    fields: tuple[attrs.Attribute[Any], ...] = tuple(attrs.fields(cast("type[Any]", Rules)))
    names = [f.name for f in fields]
    choices = [_field_values(f, hints[f.name]) for f in fields]
    return tuple(
        Rules(**dict(zip(names, combo, strict=True)))  # type: ignore[arg-type]
        for combo in itertools.product(*choices)
    )


@functools.cache
def rules() -> st.SearchStrategy[Rules]:
    """Any ``Rules`` value, every combination of switches reachable; shrinks towards ``Rules()``.

    One strategy per process: a new ``sampled_from`` hashes its 2,304 values for its label
    at the first draw.
    """
    return st.sampled_from(all_rules())


# -- deals


def _swap(deck: list[Card], card: Card, position: int) -> None:
    i = deck.index(card)
    deck[i], deck[position] = deck[position], deck[i]


@st.composite
def deals(draw: st.DrawFn, steer: Steer = "any") -> Deal:
    """Any legal distribution of the 26 cards, or one steered to a rare situation.

    The deck is a uniform permutation dealt by ``Deal.from_deck`` (positions 0-9 the
    hands, P0 on even positions; 10 the revealed card; 11-13 face down; 14-25 the pile),
    then, for a steer, a few cards are swapped into place:

    - ``kampfrichter_in_hand``, ``konter_in_hand``: that special card in a hand;
    - ``trump_six_in_hand``: a coloured card revealed, and the 6 of its colour in a hand;
    - ``konter_against_trump_six``: as above, and the Brienzer-Konter in the other hand;
    - ``no_trump``: the Kampfrichter or the Brienzer-Konter revealed (``deal.no_trump``).
    """
    deck = list(draw(st.permutations(ALL_CARDS)))
    if steer in ("kampfrichter_in_hand", "konter_in_hand"):
        special = Card.KR if steer == "kampfrichter_in_hand" else Card.BK
        _swap(deck, special, draw(st.integers(0, 9)))
    elif steer in ("trump_six_in_hand", "konter_against_trump_six"):
        # a revealed card that is not itself the 6 it is about to call for
        _swap(deck, draw(st.sampled_from([c for c in COLOUR_CARDS if c.rank != 6])), 10)
        colour = deck[10].colour
        assert colour is not None
        six_at = draw(st.integers(0, 9))
        _swap(deck, Card.of(colour, 6), six_at)
        if steer == "konter_against_trump_six":
            # the other player's seat: positions of the opposite parity
            konter_at = draw(st.sampled_from([p for p in range(10) if p % 2 != six_at % 2]))
            _swap(deck, Card.BK, konter_at)
    elif steer == "no_trump":
        _swap(deck, draw(st.sampled_from((Card.KR, Card.BK))), 10)
    return Deal.from_deck(deck)


def steered_deals() -> st.SearchStrategy[Deal]:
    """Deals from every steer of ``deals``, plain ones included."""
    return st.sampled_from(STEERS).flatmap(deals)


# -- relabelling deals and actions


def swap_seats(deal: Deal) -> Deal:
    """The same deal with the two hands exchanged (P0 gets P1's cards and back)."""
    return Deal(hands=(deal.hands[1], deal.hands[0]), revealed=deal.revealed, face_down=deal.face_down, pile=deal.pile)


def mirror_action(action: Action) -> Action:
    """``action`` with the seats exchanged: ``L0`` <-> ``L1``, everything else unchanged."""
    if isinstance(action, ChooseLeader):
        return choose_leader(action.player.other)
    return action


def permute_card(card: Card, perm: dict[Colour, Colour]) -> Card:
    """``card`` with its colour renamed by ``perm``; the special cards stay."""
    colour, value = card.colour, card.rank
    if colour is None or value is None:
        return card
    return Card.of(perm[colour], value)


def permute_deal(deal: Deal, perm: dict[Colour, Colour]) -> Deal:
    """``deal`` with every colour renamed by ``perm``."""
    return Deal(
        hands=(
            tuple(permute_card(c, perm) for c in deal.hands[0]),
            tuple(permute_card(c, perm) for c in deal.hands[1]),
        ),
        revealed=permute_card(deal.revealed, perm),
        face_down=tuple(permute_card(c, perm) for c in deal.face_down),
        pile=tuple(permute_card(c, perm) for c in deal.pile),
    )


def permute_action(action: Action, perm: dict[Colour, Colour]) -> Action:
    """``action`` with the colour of its card renamed by ``perm``."""
    if isinstance(action, PlayCard):
        return play(permute_card(action.card, perm))
    return action


# -- whole Gänge


@attrs.frozen(repr=False)
class PlayedGang:
    """A Gang played to the end: its inputs, every action and every state (``states[0]`` the start)."""

    deal: Deal
    starter: Player
    rules: Rules
    actions: tuple[Action, ...]
    states: tuple[GangState, ...]
    plan: AngriffPlan
    styles: tuple[Style, Style]

    @property
    def final(self) -> GangState:
        """The state after the last action: the Gang is over."""
        return self.states[-1]

    def steps(self) -> Iterator[tuple[GangState, Action, GangState]]:
        """Each transition as (before, action, after)."""
        return zip(self.states[:-1], self.actions, self.states[1:], strict=True)

    def __repr__(self) -> str:
        codes = " ".join(a.code for a in self.actions)
        return (
            f"PlayedGang({self.deal!r}, starter={self.starter}, rules={self.rules!r}, "
            f"plan={self.plan!r}, styles={self.styles!r}, actions=[{codes}])"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis prints failing examples with its pretty printer, which would
        # otherwise spell out every state; the short repr is enough to replay the Gang.
        printer.text(repr(self))


def _cost(card: Card, trump: Colour | None) -> float:
    # How much a player minds giving the card away: the Kampfrichter is kept longest,
    # the Konter is cheap (it wins only against sixes), trumps cost more than plain cards.
    if card is Card.KR:
        return 20.0
    if card is Card.BK:
        return 0.5
    assert card.rank is not None
    return card.rank + (10.0 if card.colour is trump else 0.0)


def _answer_wins(state: GangState, card: Card) -> bool:
    led = state.led
    assert led is not None
    answerer = state.to_move
    hand = state.hands[answerer]
    was_void = led.colour is not None and not hand & COLOUR_MASK[led.colour]
    outcome = resolve_schwung(
        answerer.other, led, card, state.trump, state.rules,
        is_last=state.is_last_schwung(), answer_was_void=was_void,
    )
    return outcome.winner == answerer


def _greedy(state: GangState, plays: list[Card]) -> Card:
    trump = state.trump
    if state.phase is Phase.LEAD:
        return max(plays, key=lambda c: _cost(c, trump) if c is not Card.KR else -1.0)
    winning = [c for c in plays if _answer_wins(state, c)]
    return min(winning or plays, key=lambda c: _cost(c, trump))


def _wants_angriff(draw: st.DrawFn, state: GangState, plan: AngriffPlan) -> bool:
    done = len(state.history)
    if plan == "never":
        return False
    if plan == "free":
        return draw(st.booleans())
    if plan == "after_kampfrichter":
        return state.pending is not None
    return plan == done


def _choose_card(draw: st.DrawFn, state: GangState, plays: list[Card], style: Style) -> Card:
    if style == "greedy":
        return _greedy(state, plays)
    if style == "hoard":
        plain = [c for c in plays if not c.is_special]
        return draw(st.sampled_from(plain or plays))
    return draw(st.sampled_from(plays))


@st.composite
def played_gangs(
    draw: st.DrawFn,
    deal_strategy: st.SearchStrategy[Deal] | None = None,
    rules_strategy: st.SearchStrategy[Rules] | None = None,
    starter_strategy: st.SearchStrategy[Player] | None = None,
) -> PlayedGang:
    """A whole Gang played by a strategy that picks among the legal actions.

    The Angriff can come at every possible moment (an ``AngriffPlan``: after k = 0-5
    Schwünge, at a free choice at each lead, right after a Kampfrichter trick, or never),
    every Kampfrichter choice is drawn, and each player picks cards in a ``Style``
    (uniform, greedy, or keeping the special cards). Defaults: ``steered_deals()``,
    ``rules()``, ``players()``.
    """
    deal = draw(steered_deals() if deal_strategy is None else deal_strategy)
    rules_value = draw(rules() if rules_strategy is None else rules_strategy)
    starter = draw(players() if starter_strategy is None else starter_strategy)
    plan = draw(st.sampled_from(ANGRIFF_PLANS))
    styles: tuple[Style, Style] = (draw(st.sampled_from(STYLES)), draw(st.sampled_from(STYLES)))
    state = start_gang(deal, starter, rules_value)
    states = [state]
    taken: list[Action] = []
    while not state.is_over:
        legal = state.legal_actions()
        action: Action
        if state.phase is Phase.CHOOSE_LEADER:
            action = draw(st.sampled_from(legal))
        elif state.phase is Phase.LEAD and legal[0] is ANGRIFF and _wants_angriff(draw, state, plan):
            action = ANGRIFF
        else:
            plays = [a.card for a in legal if isinstance(a, PlayCard)]
            action = play(_choose_card(draw, state, plays, styles[state.to_move]))
        state = state.apply(action)
        taken.append(action)
        states.append(state)
    return PlayedGang(deal, starter, rules_value, tuple(taken), tuple(states), plan, styles)


# -- rare states


def _kampfrichter_pending_across_angriff(gang: PlayedGang) -> bool:
    return any(
        isinstance(action, StartAngriff) and before.pending is not None
        for before, action, _ in gang.steps()
    )


def _konter_beats_trump_six(gang: PlayedGang) -> bool:
    trump = gang.deal.trump
    for record in gang.final.history:
        pair = {record.led, record.answer}
        if Card.BK in pair and trump is not None and Card.of(trump, 6) in pair:
            konter_player = record.leader if record.led is Card.BK else record.leader.other
            if record.winner == konter_player:
                return True
    return False


_RARE_CHECKS: dict[str, Callable[[PlayedGang], bool]] = {
    "plattwurf_by_attacker": lambda g: g.final.result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF,
    "plattwurf_by_defender": lambda g: g.final.result.outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF,
    "kampfrichter_on_last_schwung": lambda g: Card.KR in g.final.history[-1].cards,
    "kampfrichter_pending_across_angriff": _kampfrichter_pending_across_angriff,
    "konter_beats_trump_six": _konter_beats_trump_six,
    "angriff_at_first_schwung": lambda g: g.final.angriff is not None and g.final.angriff.after_schwung == 0,
    "angriff_after_fifth_schwung": lambda g: g.final.angriff is not None and g.final.angriff.after_schwung == 5,
}


def rare_states(gang: PlayedGang) -> frozenset[str]:
    """Which of ``RARE_STATES`` the played Gang reached."""
    return frozenset(name for name in RARE_STATES if _RARE_CHECKS[name](gang))


def scoring_systems() -> st.SearchStrategy[ScoringSystem]:
    """The Schwingerwertung or the Punktewertung (shrinks towards the Schwingerwertung)."""
    return st.sampled_from(list(ScoringSystem))


@attrs.frozen
class PlayedMatch:
    """A match played to the end: the final ``MatchState`` and each of its Gänge as played."""

    match: MatchState
    gaenge: tuple[PlayedGang, ...]


@st.composite
def played_matches(
    draw: st.DrawFn,
    rules_strategy: st.SearchStrategy[Rules] | None = None,
    system_strategy: st.SearchStrategy[ScoringSystem] | None = None,
    length_strategy: st.SearchStrategy[MatchLength] | None = None,
) -> PlayedMatch:
    """A whole match: a drawn scoring system, length (4 or 6 Gänge), younger player and rules,
    and every Gang drawn by ``played_gangs`` with the starter the match requires.
    Defaults: ``rules()``, ``scoring_systems()``, both lengths.
    """
    system = draw(scoring_systems() if system_strategy is None else system_strategy)
    length = draw(st.sampled_from(list(MatchLength)) if length_strategy is None else length_strategy)
    rules_value = draw(rules() if rules_strategy is None else rules_strategy)
    match = start_match(system, length, draw(players()), rules_value)
    gaenge: list[PlayedGang] = []
    while not match.is_over:
        due = match.next_starter
        assert due is not None
        played = draw(played_gangs(rules_strategy=st.just(rules_value), starter_strategy=st.just(due)))
        match = match.apply_gang(played.final)
        gaenge.append(played)
    return PlayedMatch(match, tuple(gaenge))
