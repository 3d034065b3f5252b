"""The twin's interface played by the readable engine: the fallback when the compiled twin is not built, and the reference it is checked against."""

from __future__ import annotations

import operator
from array import array
from collections.abc import Iterator
from typing import SupportsIndex

import attrs

from schwinget_spec.actions import _CHOOSE, _PLAY, ANGRIFF, Action
from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, InvalidDealError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64, SplitMix64, shuffled
from schwinget_spec.rules import Rules
from schwinget_spec.twin.codes import SWITCHES, encode_result, rules_of, shown

__all__ = [
    "N_COUNTS",
    "SWITCHES",
    "Gang",
    "deck",
    "play_pair",
    "play_pairs",
    "play_random",
    "random_bots",
    "start",
    "start_seed",
]

N_COUNTS = 14
"""Counts of ``play_random``: Gänge, steps, Schwünge, the five outcomes, wins of P0 and P1, draws, Angriffe, Plattwürfe, starter wins."""

_PHASE = {Phase.LEAD: 0, Phase.ANSWER: 1, Phase.CHOOSE_LEADER: 2, Phase.OVER: 3}
_ACTIONS: tuple[Action, ...] = (*_PLAY, ANGRIFF, *_CHOOSE)
_NUMBER = {a: i for i, a in enumerate(_ACTIONS)}


def _number_in(value: object, limit: int, parameter: str, what: str) -> int:
    # The number ``value`` stands for (an int or anything with __index__, not a bool) if it
    # lies in [0, limit]; else InvalidArgumentError, worded as the compiled twin words it.
    number = None if isinstance(value, bool) or not isinstance(value, SupportsIndex) else operator.index(value)
    if number is None or not 0 <= number <= limit:
        raise InvalidArgumentError(parameter, f"{what}, got {shown(value)}")
    return number


@attrs.frozen(repr=False)
class Gang:
    """The state of the compiled twin's step API over a reference ``GangState``: actions are numbers 0-28.

    ``last_clause`` is the clause that decided the Schwung the last action completed, or None.
    """

    state: GangState
    last_clause: str | None = None

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions as numbers, in the reference's order."""
        return tuple(_NUMBER[a] for a in self.state.legal_actions())

    def apply(self, action: int) -> Gang:
        """The state after ``action`` (0-28); raises ``IllegalActionError`` naming its clause, ``InvalidArgumentError`` for no action number."""
        number = _number_in(action, len(_ACTIONS) - 1, "action", "an action is a number 0-28 (schwinget_spec.twin.ACTION_CODES)")
        after = self.state.apply(_ACTIONS[number])
        completed = len(after.history) > len(self.state.history)
        return Gang(after, after.history[-1].clause_id if completed else None)

    def rollout(self, seed: int) -> Gang:
        """The end of the Gang played from here by ``legal[x % n]``, ``x`` the next output of ``SplitMix64.seeded(seed)``."""
        number = _number_in(seed, MASK64, "seed", "a seed is an integer from 0 to 2**64-1")
        return Gang(_play_out(self.state, SplitMix64.seeded(number))[0])

    @property
    def legal_mask(self) -> int:
        """The legal actions as a mask: bit ``a`` is action ``a``."""
        return sum(1 << _NUMBER[a] for a in self.state.legal_actions())

    @property
    def is_over(self) -> bool:
        """True once the Gang has ended."""
        return self.state.is_over

    @property
    def phase(self) -> int:
        """0 lead, 1 answer, 2 choose the next leader, 3 over."""
        return _PHASE[self.state.phase]

    @property
    def to_move(self) -> int | None:
        """The seat to move; None once over."""
        return None if self.state.is_over else int(self.state.to_move)

    @property
    def hands(self) -> tuple[int, int]:
        """Both hands as card masks."""
        return self.state.hands

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks credited to P0 and P1."""
        return self.state.tricks

    @property
    def pile_drawn(self) -> int:
        """Pile cards drawn so far."""
        return self.state.pile_drawn

    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile."""
        return self.state.pile_size

    @property
    def led(self) -> int | None:
        """The card waiting for its answer, or None."""
        return None if self.state.led is None else self.state.led.index

    @property
    def angriff(self) -> tuple[int, int] | None:
        """(player, after_schwung), or None."""
        a = self.state.angriff
        return None if a is None else (int(a.player), a.after_schwung)

    @property
    def pending(self) -> bool:
        """True while a neutralised trick waits to be collected."""
        return self.state.pending is not None

    @property
    def schwuenge(self) -> int:
        """Completed Schwünge."""
        return len(self.state.history)

    @property
    def step(self) -> int:
        """Actions applied so far."""
        return self.state.step

    @property
    def starter(self) -> int:
        """The seat that led the first Schwung."""
        return int(self.state.starter)

    @property
    def revealed(self) -> int:
        """The revealed card's index."""
        return self.state.deal.revealed.index

    @property
    def trump(self) -> int | None:
        """The trump colour 0-3, or None."""
        return None if self.state.trump is None else self.revealed // 6

    @property
    def switches(self) -> int:
        """The Gang switches as a mask."""
        return sum(1 << i for i, name in enumerate(SWITCHES) if getattr(self.state.rules, name))

    @property
    def pile(self) -> tuple[int, ...]:
        """The twelve pile cards' indices, the first drawn first."""
        return tuple(c.index for c in self.state.deal.pile)

    @property
    def result_code(self) -> int | None:
        """The packed result once over, else None."""
        return encode_result(self.state.result) if self.state.is_over else None

    def __repr__(self) -> str:
        return f"twin.Gang(python: {self.state!r})"


def _pick(state: GangState, x: int) -> Action:
    legal = state.legal_actions()
    return legal[x % len(legal)]


def _play_out(state: GangState, rng: SplitMix64) -> tuple[GangState, int]:
    steps = 0
    while not state.is_over:
        x, rng = rng.next()
        state = state.apply(_pick(state, x))
        steps += 1
    return state, steps


def deck(seed: int) -> bytes:
    """The 26 card indices of ``Deal.shuffled(seed)``'s deck, top first."""
    cards, _ = shuffled(ALL_CARDS, SplitMix64.seeded(seed))
    return bytes(c.index for c in cards)


def start(deal: tuple[int, int, int, bytes], starter: int, switches: int) -> Gang:
    """The first state of the Gang dealt as ``deal`` (both hands as masks, the revealed card's index, the pile's indices)."""
    refusal = InvalidArgumentError(
        "deal",
        "(hand0, hand1, revealed, pile) is not a deal (five cards each as a mask, the revealed card's index, "
        f"twelve pile cards as bytes, all distinct), got {shown(deal)}",
    )
    if not (isinstance(deal, tuple) and len(deal) == 4 and all(type(v) is int for v in deal[:3]) and isinstance(deal[3], bytes)):
        raise refusal
    h0, h1, revealed, pile = deal
    if not 0 <= h0 < 1 << 26 or not 0 <= h1 < 1 << 26 or not 0 <= revealed < 26 or any(i >= 26 for i in pile):
        raise refusal
    hands = tuple(tuple(c for c in ALL_CARDS if mask >> c.index & 1) for mask in (h0, h1))
    used = h0 | h1 | 1 << revealed | sum(1 << i for i in pile)
    face_down = tuple(c for c in ALL_CARDS if not used >> c.index & 1)
    try:
        dealt = Deal(hands=hands, revealed=ALL_CARDS[revealed], face_down=face_down, pile=tuple(ALL_CARDS[i] for i in pile))
    except InvalidDealError:
        raise refusal from None
    return Gang(start_gang(dealt, Player(starter), rules_of(switches)))


def start_seed(seed: int, starter: int, switches: int) -> Gang:
    """The first state of the Gang dealt as ``Deal.shuffled(seed)``."""
    return Gang(start_gang(Deal.shuffled(seed), Player(starter), rules_of(switches)))


def _stream(seed: int) -> Iterator[int]:
    rng = SplitMix64.seeded(seed)
    while True:
        value, rng = rng.next()
        yield value


def play_random(count: int, seed: int, switches: int, keep: bool) -> tuple[tuple[int, ...], bytes | None]:
    """Gang ``i`` dealt from the ``2i``-th number of the stream of ``seed``, played with the ``2i+1``-th as choice seed, ``P(i % 2)`` leading."""
    rules = rules_of(switches)
    counts = [0] * N_COUNTS
    codes = array("I") if keep else None
    stream = _stream(seed)
    for i in range(count):
        deal_seed, choice_seed = next(stream), next(stream)
        final, steps = _play_out(start_gang(Deal.shuffled(deal_seed), Player(i % 2), rules), SplitMix64.seeded(choice_seed))
        result = final.result
        code = encode_result(result)
        if codes is not None:
            codes.append(code)
        counts[1] += steps
        counts[2] += result.schwuenge
        counts[3 + (code >> 21 & 7)] += 1
        if result.winner is None:
            counts[10] += 1
        else:
            counts[8 + int(result.winner)] += 1
            counts[13] += int(result.winner) == i % 2
        counts[11] += result.angriff is not None
        counts[12] += result.plattwurf is not None
    counts[0] = count
    return tuple(counts), None if codes is None else codes.tobytes()


def _position(state: GangState) -> tuple[object, ...]:
    # everything that decides the legal actions and the future, except the rules themselves
    return (
        state.hands,
        state.pile_drawn,
        state.phase,
        state.to_move,
        state.led,
        state.angriff,
        state.pending,
        state.tricks,
        state.history,
    )


def play_pair(deal: Deal, starter: Player, a: Rules, b: Rules, choice_seed: int) -> tuple[GangState, GangState, bool]:
    """The Gang on ``deal`` played to the end under ``a`` and under ``b`` with the same stream of draws.

    At the k-th decision of each Gang the k-th number of ``SplitMix64.seeded(choice_seed)``
    picks among the legal actions (``legal[x % len(legal)]``), so both Gänge take the same
    action while their legal actions agree. The flag says whether the legal actions
    differed at some step while both Gänge were still in the same position.
    """
    x_a, x_b = start_gang(deal, starter, a), start_gang(deal, starter, b)
    rng = SplitMix64.seeded(choice_seed)
    together, legal_differs = True, False
    while not (x_a.is_over and x_b.is_over):
        if together and not legal_differs and set(x_a.legal_actions()) != set(x_b.legal_actions()):
            legal_differs = True
        x, rng = rng.next()
        if not x_a.is_over:
            x_a = x_a.apply(_pick(x_a, x))
        if not x_b.is_over:
            x_b = x_b.apply(_pick(x_b, x))
        together = together and _position(x_a) == _position(x_b)
    return x_a, x_b, legal_differs


def play_pairs(count: int, seed: int, switches_a: int, switches_b: int) -> dict[tuple[bool, int, int], int]:
    """``play_pair`` on ``count`` Gänge as a histogram ``{(legal_differs, result_a, result_b): n}``; Gang ``i`` as in ``play_random``."""
    rules_a, rules_b = rules_of(switches_a), rules_of(switches_b)
    out: dict[tuple[bool, int, int], int] = {}
    stream = _stream(seed)
    for i in range(count):
        deal = Deal.shuffled(next(stream))
        a, b, differs = play_pair(deal, Player(i % 2), rules_a, rules_b, next(stream))
        key = (differs, encode_result(a.result), encode_result(b.result))
        out[key] = out.get(key, 0) + 1
    return out



def random_bots(deal_seed: int, starter: int, switches: int, seed_p0: int, seed_p1: int) -> int:
    """The packed result of the Gang dealt as ``Deal.shuffled(deal_seed)`` between two ``RandomBot``s, the one at P0 seeded with ``seed_p0``."""
    state = start_gang(Deal.shuffled(deal_seed), Player(starter), rules_of(switches))
    bots = [SplitMix64.seeded(seed_p0), SplitMix64.seeded(seed_p1)]
    while not state.is_over:
        legal = state.legal_actions()
        k, bots[state.to_move] = bots[state.to_move].below(len(legal))
        state = state.apply(legal[k])
    return encode_result(state.result)
