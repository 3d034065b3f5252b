"""Steered play: the rare situations the rules single out, by name, and random Gänge that aim at each of them.

A uniform random Gang seldom meets a Kampfrichter on the last Schwung or a Plattwurf after
a neutralised Schwung collected across the Angriff, yet these are where implementations
go wrong. ``SITUATIONS`` names them (``conformance.situations``, re-exported here: Gang,
match and Schwingfest ones, each with the clauses it singles out; ``gang_situations``,
``match_situations`` and ``fest_situations`` say which of them a game shows).
``steered_games`` plays, in the reference, Gänge whose players aim at one situation at a
time (steered deals, players who keep or seek the special cards, win or lose on purpose,
an Angriff at a chosen moment) and keeps those that reach it: the harness then plays
them, action for action, against the implementation.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Literal, TypeAlias, TypeVar

import attrs

from schwinget_spec.cards import COLOUR_CARDS, Card
from schwinget_spec.conformance.harness.games import GameSpec, HarnessRng
from schwinget_spec.conformance.harness.situations import (
    FEST_SITUATIONS,
    GANG_SITUATIONS,
    MATCH_SITUATIONS,
    SITUATIONS,
    Situation,
    end_situations,
    fest_situations,
    gang_situations,
    impossible_situations,
    match_situations,
    step_situations,
)
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.conformance.protocol.readings import Readings, as_readings
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.trick import COLOUR_MASK, allowed_answers, resolve_schwung

__all__ = [
    "DEFAULT_STEER",
    "FEST_SITUATIONS",
    "GANG_SITUATIONS",
    "MATCH_SITUATIONS",
    "SITUATIONS",
    "Aim",
    "AngriffAt",
    "Situation",
    "SteeredRun",
    "aimed_play",
    "fest_situations",
    "gang_situations",
    "impossible_for",
    "match_situations",
    "steered_games",
    "uniform_rates",
]


# -- steered play

DEFAULT_STEER = 10
"""How many times steered play makes a default run reach each named situation, of a Gang, a match or a Schwingfest.

Chosen from measurement (docs/harness.md, ``benchmarks/bench_steering.py`` and
``benchmarks/bench_steering_levels.py``): the 17 Gang situations at 10 each take about
115 steered Gänge, found in about 0.2 s of reference play; the 8 match and Schwingfest
situations about 25 steered matches and 20 Schwingfeste, found in about 0.4 s. A bug that
shows in only half of a situation's occurrences (under one of two readings of a switch,
say) escapes 10 of them with probability 2**-10."""



Aim: TypeAlias = Literal["random", "win", "lose", "mostly_win", "mostly_lose"]
Hunt: TypeAlias = Literal["konter_led", "konter_answers", "konter_trump_six", "kr_konter", "kr_void", "kr_early"]
AngriffAt: TypeAlias = int | Literal["never", "free", "after_kampfrichter"]
Steer: TypeAlias = Literal["any", "kr_in_hand", "kr_bk_apart", "bk_six_apart", "bk_trump_six_apart"]


@attrs.frozen
class _Plan:
    """How the two players of a steered Gang play: where the Angriff comes, what each aims at before and after it, which cards they keep or seek."""

    steer: Steer = "any"
    angriff: AngriffAt = "free"
    before: tuple[Aim, Aim] = ("random", "random")
    after: tuple[Aim, Aim] = ("random", "random")
    """Aims after the Angriff, of the attacker and of the defender."""
    hunt: Hunt | None = None
    hoard: frozenset[Card] = frozenset()
    attacker: Player | None = None
    """The player who makes the Angriff, at the first lead of theirs from Schwung ``angriff`` on (None: whoever leads then)."""


T = TypeVar("T")

_ANY_K: tuple[AngriffAt, ...] = (0, 1, 2, 3, 4, 5)
_NEVER_OR_ANY_K: tuple[AngriffAt, ...] = ("never", *_ANY_K)
_ODD_K: tuple[AngriffAt, ...] = (1, 3, 5)
"""An Angriff after an odd number of Schwünge: the only Gänge whose trick total is even."""


def _pick(rng: HarnessRng, options: Sequence[T]) -> T:
    return options[rng.below(len(options))]


def _flip(rng: HarnessRng, pair: tuple[Aim, Aim]) -> tuple[Aim, Aim]:
    return pair if rng.below(2) == 0 else (pair[1], pair[0])


def _plan_for(name: str, rng: HarnessRng) -> _Plan:
    """A plan of play that aims at the situation ``name`` (drawn afresh for every attempt)."""
    if name == "plattwurf_by_attacker":
        return _Plan(angriff=_pick(rng, _ANY_K), after=("win", "lose"))
    if name == "plattwurf_by_defender":
        return _Plan(angriff=_pick(rng, _ANY_K), after=("lose", "win"))
    if name == "plattwurf_by_defender_at_equal_totals":
        return _Plan(angriff=5, before=_flip(rng, ("win", "lose")), after=("lose", "win"))
    if name == "kampfrichter_on_last_schwung":
        return _Plan(steer="kr_in_hand", angriff=_pick(rng, _NEVER_OR_ANY_K), hoard=frozenset({Card.KR}))
    if name == "konter_against_kampfrichter_on_last_schwung":
        return _Plan(steer="kr_bk_apart", angriff=_pick(rng, _NEVER_OR_ANY_K), hoard=frozenset({Card.KR, Card.BK}))
    if name == "konter_against_kampfrichter_before_last":
        return _Plan(steer="kr_bk_apart", hunt="kr_konter")
    if name in ("kampfrichter_pending_across_angriff", "kampfrichter_pending_into_plattwurf"):
        after: tuple[Aim, Aim] = _flip(rng, ("win", "lose")) if name.endswith("plattwurf") else ("random", "random")
        return _Plan(steer="kr_in_hand", angriff="after_kampfrichter", hunt="kr_early", after=after)
    if name == "kampfrichter_pending_near_plattwurf":
        return _Plan(steer="kr_in_hand", angriff="after_kampfrichter", hunt="kr_early", after=_flip(rng, ("mostly_win", "mostly_lose")))
    if name == "kampfrichter_answers_void":
        return _Plan(steer="kr_in_hand", hunt="kr_void", angriff=_pick(rng, ("never", "free")))
    if name == "konter_against_trump_six":
        return _Plan(steer="bk_trump_six_apart", hunt="konter_trump_six")
    if name == "konter_led_against_six":
        return _Plan(steer="bk_six_apart", hunt="konter_led")
    if name in ("konter_answers_six", "konter_void_on_six"):
        return _Plan(steer="bk_six_apart", hunt="konter_answers", angriff=_pick(rng, ("never", "free", 0)))
    if name == "angriff_at_first_schwung":
        return _Plan(angriff=0)
    if name == "angriff_after_fifth_schwung":
        return _Plan(angriff=5)
    if name == "gestellter":
        return _Plan(angriff=_pick(rng, _ODD_K))
    return _Plan()


def _deck_of(deal: Deal) -> list[Card]:
    deck: list[Card] = []
    for a, b in zip(deal.hands[0], deal.hands[1], strict=True):
        deck += [a, b]
    return [*deck, deal.revealed, *deal.face_down, *deal.pile]


def _swap(deck: list[Card], card: Card, position: int) -> None:
    i = deck.index(card)
    deck[i], deck[position] = deck[position], deck[i]


def _steered_deal(seed: int, steer: Steer, rng: HarnessRng) -> tuple[Deal, int | None]:
    """The deal of ``seed``, with a few cards swapped into place for ``steer``; the seed too when nothing was swapped."""
    deal = Deal.shuffled(seed)
    if steer == "any":
        return deal, seed
    deck = _deck_of(deal)
    first = rng.below(10)
    other = [p for p in range(10) if p % 2 != first % 2]
    if steer == "kr_in_hand":
        _swap(deck, Card.KR, first)
    elif steer == "kr_bk_apart":
        _swap(deck, Card.KR, first)
        _swap(deck, Card.BK, other[rng.below(5)])
    else:
        if deck[10] in (Card.KR, Card.BK) or deck[10].rank == 6:
            coloured = [c for c in COLOUR_CARDS if c.rank != 6]
            _swap(deck, coloured[rng.below(len(coloured))], 10)
        colour = deck[10].colour
        assert colour is not None
        if steer == "bk_trump_six_apart":
            six = Card.of(colour, 6)
        else:
            sixes = [Card.of(c.colour, 6) for c in COLOUR_CARDS if c.rank == 1 and c.colour is not None]
            six = sixes[rng.below(len(sixes))]
        _swap(deck, six, first)
        _swap(deck, Card.BK, other[rng.below(5)])
    return Deal.from_deck(deck), None


def _answer_wins(state: GangState, card: Card) -> bool:
    led = state.led
    assert led is not None
    hand = state.hands[state.to_move]
    void = led.colour is not None and not hand & COLOUR_MASK[led.colour]
    outcome = resolve_schwung(
        state.to_move.other, led, card, state.trump, state.rules,
        is_last=state.is_last_schwung(), answer_was_void=void,
    )
    return outcome.winner == state.to_move


def _cost(card: Card, trump: object) -> int:
    if card is Card.KR:
        return 30
    if card is Card.BK:
        return 1
    assert card.rank is not None
    return card.rank + (10 if card.colour is trump else 0)


def _aimed(state: GangState, plays: list[Card], aim: Aim, rng: HarnessRng) -> Card:
    if aim in ("mostly_win", "mostly_lose"):
        aim = ("win" if aim == "mostly_win" else "lose") if rng.below(100) < 75 else "random"
    if aim == "random":
        return plays[rng.below(len(plays))]
    trump = state.trump
    if state.phase is Phase.LEAD:
        ordered = sorted(plays, key=lambda c: _cost(c, trump))
        return ordered[-1] if aim == "win" else ordered[0]
    wanted = [c for c in plays if _answer_wins(state, c) == (aim == "win")]
    return min(wanted or plays, key=lambda c: _cost(c, trump))


def _allowed(state: GangState, player: Player, led: Card) -> frozenset[Card]:
    mask = allowed_answers(state.hands[player], led, state.trump, state.rules)
    return frozenset(c for c in Card if mask & c.bit)


def _hunted(state: GangState, plays: list[Card], hunt: Hunt) -> Card | None:
    """The card that seeks the hunted pair of cards in this Schwung, if any (the players see both hands)."""
    me = state.to_move
    theirs = set(state.hand(me.other))
    trump = state.trump

    def sixes(cards: Collection[Card]) -> list[Card]:
        return [c for c in cards if c.is_brienzer_schwung and (hunt != "konter_trump_six" or c.colour is trump)]

    if state.phase is Phase.LEAD:
        if hunt == "kr_early" and Card.KR in plays:
            return Card.KR
        if hunt == "kr_konter":
            for mine_card, their_card in ((Card.KR, Card.BK), (Card.BK, Card.KR)):
                if mine_card in plays and their_card in theirs:
                    return mine_card
        if hunt in ("konter_led", "konter_trump_six") and Card.BK in plays and sixes(theirs):
            return Card.BK
        if hunt in ("konter_answers", "konter_trump_six") and Card.BK in theirs:
            led = [c for c in sixes(plays) if Card.BK in _allowed(state, me.other, c)]
            if led:
                return led[0]
        if hunt == "kr_void" and Card.KR in theirs:
            void = [c for c in plays if c.colour is not None and not any(t.colour is c.colour for t in theirs)]
            if void:
                return void[0]
        return None
    led_card = state.led
    assert led_card is not None
    if hunt in ("kr_early", "kr_void", "kr_konter") and Card.KR in plays and (hunt != "kr_konter" or led_card is Card.BK):
        return Card.KR
    if hunt == "kr_konter" and led_card is Card.KR and Card.BK in plays:
        return Card.BK
    if led_card.is_brienzer_schwung and Card.BK in plays and sixes([led_card]):
        return Card.BK
    if led_card is Card.BK:
        found = sixes(list(plays))
        if found:
            return found[0]
    return None


def _play(deal: Deal, starter: Player, rules: Rules, plan: _Plan, rng: HarnessRng) -> tuple[frozenset[str], tuple[str, ...], GangState]:
    state = start_gang(deal, starter, rules)
    codes: list[str] = []
    shown: set[str] = set()
    while not state.is_over:
        legal = [a.code for a in state.legal_actions()]
        if state.phase is Phase.CHOOSE_LEADER:
            code = legal[rng.below(len(legal))]
        elif "A" in legal and _wants_angriff(state, plan.angriff, rng, plan.attacker):
            code = "A"
        else:
            plays = [Card.parse(c) for c in legal if c != "A"]
            kept = [c for c in plays if c not in plan.hoard] or plays
            card = _hunted(state, kept, plan.hunt) if plan.hunt is not None and rng.below(100) < 85 else None
            if card is None:
                angriff = state.angriff
                if angriff is None:
                    aim = plan.before[int(state.to_move)]
                else:
                    aim = plan.after[0 if state.to_move == angriff.player else 1]
                card = _aimed(state, kept, aim, rng)
            code = card.code
        codes.append(code)
        after = state.apply(code)
        step_situations(state, code, after, shown)
        state = after
    end_situations(state, shown)
    return frozenset(shown), tuple(codes), state


def aimed_play(
    deal: Deal,
    starter: Player,
    rules: Rules,
    rng: HarnessRng,
    *,
    angriff: AngriffAt = "free",
    before: tuple[Aim, Aim] = ("random", "random"),
    after: tuple[Aim, Aim] = ("random", "random"),
    attacker: Player | None = None,
) -> tuple[tuple[str, ...], GangState]:
    """A Gang played in the reference by players with aims: its actions and its finished state.

    ``angriff`` is when the Angriff comes (after that many Schwünge if the leader may make
    it then, ``"never"``, or ``"free"``: now and then); ``before`` are the aims of P0 and P1
    until the Angriff, ``after`` those of the attacker and the defender after it: ``win``
    or ``lose`` each Schwung they can, ``mostly_`` so three times in four, or ``random``.
    With ``attacker``, only that player makes the Angriff, at their first lead from
    Schwung ``angriff`` (a number) on.
    """
    plan = _Plan(angriff=angriff, before=before, after=after, attacker=attacker)
    _, codes, state = _play(deal, starter, rules, plan, rng)
    return codes, state


def _wants_angriff(state: GangState, at: AngriffAt, rng: HarnessRng, attacker: Player | None = None) -> bool:
    if attacker is not None:
        return state.to_move == attacker and isinstance(at, int) and len(state.history) >= at
    if at == "never":
        return False
    if at == "free":
        return rng.below(100) < 8
    if at == "after_kampfrichter":
        return state.pending is not None
    return at == len(state.history)


@attrs.frozen
class SteeredRun:
    """The Gänge steered play chose, and what it took: per situation, the reference playouts tried and the Gänge kept.

    ``missed`` names the situations that did not reach their count within the attempts allowed.
    """

    games: tuple[GameSpec, ...]
    attempts: Mapping[str, int]
    kept: Mapping[str, int]
    reached: Mapping[str, int]
    missed: tuple[str, ...]


_MAX_ATTEMPTS_PER_GAME = 400
"""Reference playouts tried for one kept Gang before the situation is given up."""


def _rules_for(rng: HarnessRng, readings: Readings, i: int, reading: Rules | None) -> Rules:
    if reading is not None:
        return reading
    base = readings.base
    values: dict[str, Any] = {}
    if i % 2 == 1:
        for name in sorted(readings.varying):
            if name in GANG_SWITCHES and rng.below(2) == 1:
                others = [v for v in readings.values_of(name) if v != getattr(base, name)]
                values[name] = others[0] if len(others) == 1 else others[rng.below(len(others))]
    return attrs.evolve(base, **values)


def impossible_for(switches: Collection[str]) -> frozenset[str]:
    """The Gang situations no Gang can show under any combination of the Gang switch values ``switches`` (names, or ``Readings``) plays."""
    readings = as_readings(switches)
    names = [n for n in GANG_SWITCHES if len(readings.values_of(n)) > 1]
    base = readings.base
    out: frozenset[str] | None = None
    for combo in itertools.product(*(readings.values_of(n) for n in names)):
        values: dict[str, Any] = dict(zip(names, combo, strict=True))
        found = impossible_situations(attrs.evolve(base, **values))
        out = found if out is None else out & found
    return frozenset() if out is None else out


def steered_games(
    per_situation: int,
    seed: int = 0,
    switches: Collection[str] = GANG_SWITCHES,
    *,
    situations: Collection[str] = GANG_SITUATIONS,
    progress: Callable[[str], None] | None = None,
    reading: Rules | None = None,
) -> SteeredRun:
    """Gänge, played in the reference, that reach every one of ``situations`` at least ``per_situation`` times.

    For each situation in turn (the ones reached less often than ``per_situation`` by the
    Gänge kept so far), a plan aims at it: a steered deal, players who keep or seek the
    special cards, win or lose on purpose, an Angriff at the moment it needs; every other
    Gang plays random values of ``switches`` (every Gang ``reading``, if given: then the
    situations that reading makes impossible are not aimed at). A Gang is kept when it
    reaches the situation. Deterministic from ``seed``.
    """
    rng = HarnessRng(seed ^ 0x57EE12ED)
    games: list[GameSpec] = []
    reached: Counter[str] = Counter()
    attempts: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    missed: list[str] = []
    readings = as_readings(switches)
    impossible = impossible_situations(reading) if reading is not None else impossible_for(readings)
    for name in situations:
        if name in impossible:
            continue
        tries = 0
        while reached[name] < per_situation:
            if tries >= _MAX_ATTEMPTS_PER_GAME * per_situation:
                missed.append(name)
                break
            tries += 1
            plan = _plan_for(name, rng)
            deal_seed = rng.seed()
            deal, exact_seed = _steered_deal(deal_seed, plan.steer, rng)
            starter = Player(rng.below(2))
            rules = _rules_for(rng, readings, tries, reading)
            shown, actions, _ = _play(deal, starter, rules, plan, rng)
            if name not in shown:
                continue
            reached.update(shown)
            kept[name] += 1
            games.append(
                GameSpec(
                    source=f"steered game {len(games) + 1} of seed {seed} ({name})",
                    deal=deal,
                    starter=starter,
                    rules=rules,
                    actions=actions,
                    deal_seed=exact_seed,
                )
            )
        attempts[name] = tries
        if progress is not None:
            progress(name)
    return SteeredRun(tuple(games), dict(attempts), dict(kept), dict(reached), tuple(missed))


def uniform_rates(games: int, seed: int = 0, situations: Collection[str] = GANG_SITUATIONS) -> dict[str, int]:
    """How many of ``games`` random Gänge of the harness (``random_games`` with its random play, no probes) reach each situation."""
    from schwinget_spec.conformance.harness.games import random_games, random_policy  # noqa: PLC0415

    counts: Counter[str] = Counter()
    rng = HarnessRng(seed ^ 0x5CA1AB1E)
    policy = random_policy(rng, 0)
    for spec in random_games(games, seed):
        state = start_gang(spec.deal, spec.starter, spec.rules)
        shown: set[str] = set()
        played = 0
        while not state.is_over:
            code = policy(state, played)
            assert code is not None
            after = state.apply(code)
            step_situations(state, code, after, shown)
            state = after
            played += 1
        end_situations(state, shown)
        counts.update(s for s in shown if s in situations)
    return {name: counts[name] for name in situations}
