"""One Gang, from the deal to the last Schwung, as an immutable state: legal_actions() and apply() return what may and does happen next."""

from __future__ import annotations

import enum
import warnings
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import attrs

from schwinget_spec.actions import (
    _CHOOSE,
    _PLAY,
    ANGRIFF,
    Action,
    ChooseLeader,
    PlayCard,
    StartAngriff,
    parse_action,
)
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.errors import GangNotOverError, IllegalActionError, InvalidArgumentError, SchwingetError
from schwinget_spec.gang_parts import Angriff, Phase, SchwungRecord, _slot_constructor
from schwinget_spec.json_read import (
    check_plain,
    read_count,
    read_object,
    read_pair,
    read_seat,
    read_seat_or_null,
)
from schwinget_spec.players import Player, as_player
from schwinget_spec.rules import Rules
from schwinget_spec.support.safe_text import shown
from schwinget_spec.trick import COLOUR_MASK, FOLLOW_MASK, allowed_answers, resolve_schwung
from schwinget_spec.views import PlayerView

__all__ = [
    "ANGRIFF_HAND",
    "MAX_ANGRIFF_AFTER",
    "MAX_SCHWUENGE",
    "Angriff",
    "GangResult",
    "GangState",
    "Outcome",
    "Phase",
    "SchwungRecord",
    "cards_of",
    "check_reachable_counts",
    "check_result",
    "start_gang",
    "view_of",
]

ANGRIFF_HAND = 5
"""Cards each player holds when the Angriff starts and plays out (``angriff.play_out``)."""


_RENAMED_OUTCOMES = {
    "PLATTWURF_NACH_EIGENEM_ANGRIFF": "PLATTWURF_EIGENER_ANGRIFF",
    "PLATTWURF_NACH_GEGNERISCHEM_ANGRIFF": "PLATTWURF_GEGNERISCHER_ANGRIFF",
}
"""The member names ``Outcome`` had before its names became its wire values, each with the name it has now."""


MAX_SCHWUENGE = 11
"""The most Schwünge a Gang has: 11 without an Angriff (``gang.end_no_angriff``), k + 5 after an Angriff after k."""
MAX_ANGRIFF_AFTER = 5
"""The most Schwünge before an Angriff: the pile of 12 is used up after 6 (``angriff.not_empty_pile``)."""


def _count(value: object) -> int | None:
    return value if type(value) is int else None


def check_reachable_counts(result: GangResult, parameter: str = "result", *, totals: bool = False) -> None:
    """Refuse a result's counts that no Gang reaches, with ``InvalidArgumentError`` naming the field and the clause.

    More than ``MAX_SCHWUENGE`` Schwünge or tricks (``gang.end_no_angriff``), an Angriff
    after more than ``MAX_ANGRIFF_AFTER`` Schwünge (``angriff.not_empty_pile``); with
    ``totals``, more tricks together than Schwünge (``trick.winner_takes``: one trick a
    Schwung). A field that is no int is left to ``gang.check_result``; enormous numbers are
    refused here before anything else reads them.
    """
    schwuenge = _count(getattr(result, "schwuenge", None))
    if schwuenge is not None and schwuenge > MAX_SCHWUENGE:
        raise InvalidArgumentError(
            f"{parameter}.schwuenge", f"a Gang has at most {MAX_SCHWUENGE} Schwünge, got {shown(schwuenge)}",
            clause_id="gang.end_no_angriff",
        )
    tricks = getattr(result, "tricks", None)
    counts = [_count(t) for t in tricks] if type(tricks) is tuple and len(tricks) == 2 else []
    for count in counts:
        if count is not None and count > MAX_SCHWUENGE:
            raise InvalidArgumentError(
                f"{parameter}.tricks", f"a Gang gives at most {MAX_SCHWUENGE} tricks, got {shown(count)}",
                clause_id="gang.end_no_angriff",
            )
    after = _count(getattr(getattr(result, "angriff", None), "after_schwung", None))
    if after is not None and after > MAX_ANGRIFF_AFTER:
        raise InvalidArgumentError(
            f"{parameter}.angriff.after_schwung",
            f"the pile is used up after {MAX_ANGRIFF_AFTER + 1} Schwünge, so no Angriff after {shown(after)}",
            clause_id="angriff.not_empty_pile",
        )
    if totals and schwuenge is not None and len(counts) == 2:
        t0, t1 = counts
        if t0 is not None and t1 is not None and t0 + t1 > schwuenge:
            raise InvalidArgumentError(
                f"{parameter}.tricks",
                f"{t0}:{t1} is more tricks than the {schwuenge} Schwünge of the Gang give (one trick a Schwung)",
                clause_id="trick.winner_takes",
            )


class _OutcomeType(enum.EnumType):
    """The class of ``Outcome``: its members by name, and the names of ``_RENAMED_OUTCOMES`` still read, with a ``DeprecationWarning``."""

    def __getattr__(cls, name: str) -> Any:
        if name in _RENAMED_OUTCOMES:
            return cls._renamed(name)
        members = cls.__dict__.get("_member_map_", {})
        if name.startswith("__") or name not in members:
            raise AttributeError(name)
        return members[name]

    def __getitem__(cls, name: str) -> Any:
        if name in _RENAMED_OUTCOMES:
            return cls._renamed(name)
        return super().__getitem__(name)

    def _renamed(cls, name: str) -> Any:
        new = _RENAMED_OUTCOMES[name]
        warnings.warn(
            f"Outcome.{name} is deprecated: its name is now its wire value, Outcome.{new}",
            DeprecationWarning,
            stacklevel=3,
        )
        return cls.__dict__["_member_map_"][new]


class Outcome(enum.Enum, metaclass=_OutcomeType):
    """How a Gang ended: the rows of the Wertungstabelle that name a winner, and the draw.

    Each member's name is its wire value in capitals (``Outcome.SIEG_MIT_ANGRIFF.value ==
    "sieg_mit_angriff"``); the older names ``PLATTWURF_NACH_EIGENEM_ANGRIFF`` and
    ``PLATTWURF_NACH_GEGNERISCHEM_ANGRIFF`` still read, with a ``DeprecationWarning``.
    """

    PLATTWURF_EIGENER_ANGRIFF = "plattwurf_eigener_angriff"
    """``GangResult.plattwurf`` is the player who started the Angriff (``plattwurf.definition``)."""
    PLATTWURF_GEGNERISCHER_ANGRIFF = "plattwurf_gegnerischer_angriff"
    """``GangResult.plattwurf`` is the opponent of the player who started the Angriff (``plattwurf.definition``)."""
    SIEG_MIT_ANGRIFF = "sieg_mit_angriff"
    """No Plattwurf, an Angriff was made, and one player has more tricks (``gang.more_tricks_wins``)."""
    SIEG_OHNE_ANGRIFF = "sieg_ohne_angriff"
    """No Angriff was made and one player has more tricks (``gang.more_tricks_wins``)."""
    GESTELLTER = "gestellter"
    """No Plattwurf and equal tricks: a draw (``gang.more_tricks_wins``)."""

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __str__(self) -> str:
        """The wire value: ``str(Outcome.X) == Outcome.X.value``, the spelling of traces and the protocol."""
        return self.value

    @property
    def is_plattwurf(self) -> bool:
        """True for both Plattwurf outcomes."""
        return self in (Outcome.PLATTWURF_EIGENER_ANGRIFF, Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF)


@attrs.frozen
class GangResult:
    """The result of a finished Gang: what scoring needs, and nothing about cards."""

    tricks: tuple[int, int]
    """Tricks won by P0 and P1 (``trick.winner_takes``, ``kampfrichter.collect``)."""
    schwuenge: int
    """Schwünge played: 11 without an Angriff, k + 5 with an Angriff after k Schwünge."""
    angriff: Angriff | None
    """Who started the Angriff and when, or None."""
    plattwurf: Player | None
    """The player who won all 5 Schwünge after the Angriff (``plattwurf.definition``), or None."""
    winner: Player | None
    """The Plattwurf winner, else the player with more tricks; None for a Gestellter."""
    outcome: Outcome

    @property
    def loser(self) -> Player | None:
        """The other player than the winner; None for a Gestellter."""
        return None if self.winner is None else self.winner.other

    @property
    def is_plattwurf(self) -> bool:
        """True if the Gang was won by Plattwurf."""
        return self.plattwurf is not None

    @property
    def is_gestellter(self) -> bool:
        """True if the Gang is a draw (equal tricks, no Plattwurf)."""
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        """The wire value: the ``result`` answer of the protocol and a trace's end claims (without points).

        ``{"tricks": [6, 5], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": "P0",
        "plattwurf": null, "angriff": null}``; an Angriff is ``{"player": "P1", "after_schwung": 3}``.
        ``GangResult.from_json`` reads it back.
        """
        angriff = self.angriff
        return {
            "tricks": [*self.tricks],
            "schwuenge": self.schwuenge,
            "outcome": self.outcome.value,
            "winner": None if self.winner is None else self.winner.code,
            "plattwurf": None if self.plattwurf is None else self.plattwurf.code,
            "angriff": None if angriff is None else {"player": angriff.player.code, "after_schwung": angriff.after_schwung},
        }

    @classmethod
    def from_json(cls, data: object) -> GangResult:
        """The result ``to_json`` wrote, checked as ``check_result`` checks a result: winner and outcome must be the ones the tricks, Angriff and Plattwurf give.

        Counts no Gang reaches are refused as a match's ``apply_result`` refuses them
        (``check_reachable_counts``: more than 11 Schwünge or tricks, an Angriff after
        more than 5, more tricks than Schwünge), an enormous number by its size before it
        is used. Anything else raises ``InvalidArgumentError`` naming the field
        (``result.winner``...).
        """

        check_plain(data, "result")
        obj = read_object(data, "result", ("tricks", "schwuenge", "outcome", "winner", "plattwurf", "angriff"))
        tricks = read_pair(obj["tricks"], "result.tricks")
        angriff: Angriff | None = None
        if obj["angriff"] is not None:
            raw = read_object(obj["angriff"], "result.angriff", ("player", "after_schwung"))
            angriff = Angriff(
                read_seat(raw["player"], "result.angriff.player"),
                read_count(raw["after_schwung"], "result.angriff.after_schwung"),
            )
        outcome = _OUTCOMES.get(obj["outcome"]) if isinstance(obj["outcome"], str) else None
        if outcome is None:
            raise InvalidArgumentError(
                "result.outcome", f"expected one of {', '.join(_OUTCOMES)}, got {shown(obj['outcome'])}"
            )
        result = cls(
            tricks=(read_count(tricks[0], "result.tricks[0]"), read_count(tricks[1], "result.tricks[1]")),
            schwuenge=read_count(obj["schwuenge"], "result.schwuenge"),
            angriff=angriff,
            plattwurf=read_seat_or_null(obj["plattwurf"], "result.plattwurf"),
            winner=read_seat_or_null(obj["winner"], "result.winner"),
            outcome=outcome,
        )
        check_reachable_counts(result)
        check_result(result)
        check_reachable_counts(result, totals=True)
        return result


_OUTCOMES = {outcome.value: outcome for outcome in Outcome}


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


_T = TypeVar("_T")


@attrs.frozen
class _ByMask(Generic[_T]):
    # What a mask of cards offers, read in three table lookups (bits 0-8, 9-17, 18-25)
    # instead of a loop over its bits: ``low[m & 511] + mid[m >> 9 & 511] + high[m >> 18]``
    # is the items of the cards of ``m`` in canonical order; ``low_angriff`` puts the
    # Angriff's item before them. One table set holds the actions, another their codes.
    low: tuple[tuple[_T, ...], ...]
    low_angriff: tuple[tuple[_T, ...], ...]
    mid: tuple[tuple[_T, ...], ...]
    high: tuple[tuple[_T, ...], ...]
    choose: tuple[_T, _T]

    @classmethod
    def build(cls, cards: Sequence[_T], angriff: _T, choose: tuple[_T, _T]) -> _ByMask[_T]:
        def table(first: int, width: int) -> tuple[tuple[_T, ...], ...]:
            # entry m holds the items of the bits of m: doubling the table for each bit
            # appends that bit's item to a copy of every entry so far
            out: list[tuple[_T, ...]] = [()]
            for i in range(width):
                out += [(*entry, cards[first + i]) for entry in out]
            return tuple(out)

        low = table(0, 9)
        return cls(low, tuple((angriff, *items) for items in low), table(9, 9), table(18, 8), choose)


_ACTIONS_BY_MASK: _ByMask[Action] = _ByMask.build(_PLAY, ANGRIFF, _CHOOSE)
_CODES_BY_MASK: _ByMask[str] = _ByMask.build(
    [card.code for card in ALL_CARDS], ANGRIFF.code, (_CHOOSE[0].code, _CHOOSE[1].code)
)


# Enum members read through their class (``Phase.LEAD``, ``Card.KR``) pass through the
# attribute hook of Python 3.11's EnumType, several times the cost of reading a global:
# the transitions, run millions of times, read these.
_LEAD = Phase.LEAD
_ANSWER = Phase.ANSWER
_CHOOSE_LEADER = Phase.CHOOSE_LEADER
_OVER = Phase.OVER
_OTHER = (Player.P1, Player.P0)
_KR = Card.KR
_COLOUR = tuple(card.colour for card in ALL_CARDS)
"""The colour of each card index (``Card.colour``, a property, costs a call): the trump is ``_COLOUR[revealed._value_]``."""


@attrs.frozen(repr=False)
class GangState:
    """A Gang in progress or finished. Build the first one with ``start_gang``.

    Fields are the whole state; ``hands`` are bit masks (bit i = ``Card`` value i), read
    them as cards with ``hand(player)``. ``pile_drawn`` counts the pile cards drawn so
    far: the pile still to draw is ``deal.pile[pile_drawn:]``. ``to_move`` is the
    player whose decision the state waits for (leader, answerer, or the Kampfrichter's
    player). ``led`` is the card on the table waiting for its answer. ``pending`` is
    the record of the Schwung neutralised by the Kampfrichter, until the next Schwung
    collects it. ``step`` counts the actions applied so far.
    """

    deal: Deal
    """The deal of this Gang: both hands as dealt, the revealed trump card, the face-down cards and the pile in order."""
    rules: Rules
    """The readings of the open questions in force (``docs/ambiguities.md``)."""
    starter: Player
    """The player who led the first Schwung (``gang.turn``)."""
    hands: tuple[int, int]
    """The cards P0 and P1 hold now, each as a bit mask (bit i is the ``Card`` of value i): read them as
    cards with ``hand(player)`` or ``cards_of(mask)``; ``hands[p].bit_count()`` is the number held."""
    pile_drawn: int
    """Pile cards drawn so far (0-12): the pile still to draw is ``deal.pile[pile_drawn:]``."""
    phase: Phase
    """What the state waits for: a lead, an answer, the Kampfrichter's choice of leader, or nothing (over)."""
    to_move: Player
    """The player whose decision the state waits for: leader, answerer or the Kampfrichter's player (after the end, the last one)."""
    led: Card | None
    """The card led and waiting for its answer, or None."""
    angriff: Angriff | None
    """Who started the Angriff and after how many Schwünge, or None (``angriff.start``)."""
    pending: SchwungRecord | None
    """The Schwung the Kampfrichter neutralised, until the next Schwung's winner collects it (``kampfrichter.collect``), or None."""
    tricks: tuple[int, int]
    """Tricks won so far by P0 and P1 (a neutralised Schwung counts for whoever collects it)."""
    history: tuple[SchwungRecord, ...]
    """Every completed Schwung in order, with its cards, winner and deciding clause."""
    step: int
    """Actions applied since ``start_gang`` (cards, the Angriff and Kampfrichter choices alike)."""

    # -- what the state says

    @property
    def trump(self) -> Colour | None:
        """The trump colour of this Gang, or None (``deal.trump``, ``deal.no_trump``)."""
        return self.deal.revealed.colour

    @property
    def is_over(self) -> bool:
        """True once the Gang has ended (``gang.end_no_angriff``, ``gang.end_angriff``)."""
        return self.phase is _OVER

    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile (still there, locked or not, after an Angriff)."""
        return PILE_SIZE - self.pile_drawn

    @property
    def is_pile_locked(self) -> bool:
        """True once the Angriff has locked the pile (``angriff.locks_pile``)."""
        return self.angriff is not None

    @property
    def schwung_number(self) -> int:
        """The number of the Schwung being played or about to be played (1-based)."""
        return len(self.history) + 1

    def hand(self, player: Player) -> tuple[Card, ...]:
        """The cards ``player`` holds, in canonical order."""
        return cards_of(self.hands[as_player(player, "player")])

    @property
    def leader(self) -> Player | None:
        """The player leading the current Schwung, or None while the Kampfrichter's choice or the end is due."""
        if self.phase is Phase.LEAD:
            return self.to_move
        if self.phase is Phase.ANSWER:
            return self.to_move.other
        return None

    def view(self, player: Player) -> PlayerView:
        """What ``player`` sees of this state: own hand and everything public (``deal.hand_private``)."""
        player = as_player(player, "player")
        over = self.phase is Phase.OVER
        return PlayerView(
            player=player,
            hand=cards_of(self.hands[player]),
            opponent_hand_size=self.hands[player.other].bit_count(),
            revealed=self.deal.revealed,
            trump=self.trump,
            starter=self.starter,
            phase=self.phase,
            to_move=None if over else self.to_move,
            led=self.led,
            pending=self.pending,
            history=self.history,
            pile_size=self.pile_size,
            angriff=self.angriff,
            tricks=self.tricks,
            legal_actions=self.legal_actions() if not over and self.to_move == player else (),
        )

    def can_attack(self) -> bool:
        """True if the player to move may start the Angriff now.

        Either player holds an Angriff card (``setup.angriffskarte``), but only the
        leader may use it, before leading (``angriff.who``); only once per Gang
        (``angriff.once``); never once the pile is used up (``angriff.not_empty_pile``).
        """
        return self.phase is Phase.LEAD and self.angriff is None and self.pile_drawn < PILE_SIZE

    def is_last_schwung(self) -> bool:
        """True if the Schwung being played or about to be played is the last of the Gang.

        That is when no card is drawn any more (pile used up or locked) and the leader
        holds a single card before leading (its hand is empty once it has led).
        """
        if self.phase is Phase.LEAD:
            return self._draws_closed() and self.hands[self.to_move].bit_count() == 1
        if self.phase is Phase.ANSWER:
            return self._draws_closed() and self.hands[self.to_move.other] == 0
        return False

    def _draws_closed(self) -> bool:
        return self.angriff is not None or self.pile_drawn >= PILE_SIZE

    # -- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to move may take; empty once the Gang is over."""
        return self._legal(_ACTIONS_BY_MASK)

    def legal_action_codes(self) -> tuple[str, ...]:
        """The codes of ``legal_actions()``, in the same order (``A``, ``G3``, ``L0``), without building the actions."""
        return self._legal(_CODES_BY_MASK)

    def _legal(self, by_mask: _ByMask[_T]) -> tuple[_T, ...]:
        phase = self.phase
        if phase is _LEAD:
            # gang.turn, schwung.lead: any card in hand; angriff.*: the Angriff before it
            mask = self.hands[self.to_move]
            low = by_mask.low_angriff if self.angriff is None and self.pile_drawn < PILE_SIZE else by_mask.low
        elif phase is _ANSWER:
            assert self.led is not None
            mask = allowed_answers(self.hands[self.to_move], self.led, _COLOUR[self.deal.revealed._value_], self.rules)
            low = by_mask.low
        elif phase is _CHOOSE_LEADER:
            return by_mask.choose  # kampfrichter.chooses
        else:
            return ()
        return low[mask & 511] + by_mask.mid[mask >> 9 & 511] + by_mask.high[mask >> 18]

    def why_illegal(self, action: Action | str) -> IllegalActionError | None:
        """The error ``apply(action)`` would raise, or None if the action is legal."""
        try:
            self.apply(action)
        except IllegalActionError as exc:
            return exc
        return None

    # -- transitions

    def apply(self, action: Action | str) -> GangState:
        """The state after ``action`` (an Action or its code); this state is left unchanged.

        Raises ``IllegalActionError`` naming the clause that forbids the action,
        ``ParseError`` for a code that names no action, and ``InvalidArgumentError`` for
        anything that is neither an action nor a string.
        """
        kind = type(action)
        if kind is not PlayCard and isinstance(action, str):
            action = parse_action(action)
            kind = type(action)
        if kind is PlayCard:
            assert isinstance(action, PlayCard)
            phase = self.phase
            if phase is _LEAD:
                return self._apply_lead(action.card)
            if phase is _ANSWER:
                return self._apply_answer(action.card)
        elif kind is StartAngriff:
            return self._apply_angriff()
        elif kind is ChooseLeader:
            assert isinstance(action, ChooseLeader)
            return self._apply_choose(action.player)
        else:
            raise InvalidArgumentError(
                "action", f"expected an Action (PlayCard, StartAngriff, ChooseLeader) or its code, got {shown(action)}"
            )
        raise self._phase_error(action)

    def _error(self, action: Action, clause_id: str, reason: str) -> IllegalActionError:
        return IllegalActionError(reason, clause_id=clause_id, step=self.step, action=action.code)

    def _phase_error(self, action: Action) -> IllegalActionError:
        if self.phase is Phase.OVER:
            clause = "gang.end_angriff" if self.angriff is not None else "gang.end_no_angriff"
            return self._error(action, clause, "the Gang is over: both hands are empty")
        # phase is CHOOSE_LEADER, and a card was offered
        return self._error(
            action,
            "kampfrichter.chooses",
            f"{self.to_move} played the Kampfrichter and must first decide who leads next (L0 or L1)",
        )

    def _apply_angriff(self) -> GangState:
        if self.phase is not _LEAD:
            if self.phase is _OVER:
                raise self._phase_error(ANGRIFF)
            if self.phase is _CHOOSE_LEADER:
                raise self._phase_error(ANGRIFF)
            raise self._error(
                ANGRIFF,
                "angriff.who",
                f"only the player about to lead may start the Angriff, before a Schwung; "
                f"{self.to_move} must answer {self.led}",
            )
        if self.angriff is not None:
            raise self._error(
                ANGRIFF,
                "angriff.once",
                f"{self.angriff.player} already started the Angriff after Schwung "
                f"{self.angriff.after_schwung}; there is only one Angriff per Gang",
            )
        if self.pile_drawn >= PILE_SIZE:
            raise self._error(
                ANGRIFF, "angriff.not_empty_pile", "the draw pile is used up, so no Angriff can be started"
            )
        return _state(
            self.deal,
            self.rules,
            self.starter,
            self.hands,
            self.pile_drawn,
            _LEAD,
            self.to_move,
            None,
            # angriff.stier_on_pile: the attacker's Stier lies across the pile, which
            # angriff.locks_pile: no draws from now on (the draw code checks self.angriff)
            Angriff(self.to_move, len(self.history)),
            self.pending,
            self.tricks,
            self.history,
            self.step + 1,
        )

    def _apply_lead(self, card: Card) -> GangState:
        leader = self.to_move
        hand = self.hands[leader]
        bit = 1 << card._value_  # card.bit
        if not hand & bit:
            raise self._error(
                _PLAY[card.value],
                "schwung.lead",
                f"{leader} does not hold {card}; {leader} holds {' '.join(map(str, cards_of(hand)))}",
            )
        hand ^= bit
        drawn = self.pile_drawn
        if self.angriff is None and drawn < PILE_SIZE:
            hand |= 1 << self.deal.pile[drawn]._value_  # schwung.lead_draw
            drawn += 1
        hands = (hand, self.hands[1]) if leader == 0 else (self.hands[0], hand)
        return _state(
            self.deal,
            self.rules,
            self.starter,
            hands,
            drawn,
            _ANSWER,
            _OTHER[leader],
            card,
            self.angriff,
            self.pending,
            self.tricks,
            self.history,
            self.step + 1,
        )

    def _apply_answer(self, card: Card) -> GangState:
        answerer = self.to_move
        leader = _OTHER[answerer]
        led = self.led
        assert led is not None
        hand = self.hands[answerer]
        bit = 1 << card._value_  # card.bit
        if not hand & bit:
            raise self._error(
                _PLAY[card.value],
                "schwung.answer",
                f"{answerer} does not hold {card}; {answerer} holds {' '.join(map(str, cards_of(hand)))}",
            )
        trump = _COLOUR[self.deal.revealed._value_]  # deal.trump
        rules = self.rules
        allowed = allowed_answers(hand, led, trump, rules)
        if not allowed & bit:
            raise self._farbzwang_error(card, hand, allowed)
        follow = FOLLOW_MASK[led._value_]  # the led colour's cards; none for a special card
        was_void = follow != 0 and not hand & follow
        hand ^= bit
        drawn = self.pile_drawn
        if self.angriff is None and drawn < PILE_SIZE:
            hand |= 1 << self.deal.pile[drawn]._value_  # schwung.answer_draw
            drawn += 1
        hands = (hand, self.hands[1]) if answerer == 0 else (self.hands[0], hand)
        is_last = not hands[0] and not hands[1]
        outcome = resolve_schwung(leader, led, card, trump, rules, is_last=is_last, answer_was_void=was_void)
        winner = outcome.winner
        after_angriff = self.angriff is not None
        number = len(self.history) + 1
        if winner is None:
            # kampfrichter.neutralises: the trick stays in the middle, its player chooses the next leader
            record = _record(number, leader, led, card, None, outcome.clause_id, 0, after_angriff)
            kr_player = leader if led is _KR else answerer
            return _state(
                self.deal,
                self.rules,
                self.starter,
                hands,
                drawn,
                _CHOOSE_LEADER,
                kr_player,
                None,
                self.angriff,
                record,
                self.tricks,
                self.history + (record,),  # noqa: RUF005 - one copy of the tuple, where (*a, b) makes two
                self.step + 1,
            )
        # trick.winner_takes; kampfrichter.collect: the pending trick goes with it
        credited = 1 if self.pending is None else 2
        record = _record(number, leader, led, card, winner, outcome.clause_id, credited, after_angriff)
        tricks = (
            (self.tricks[0] + credited, self.tricks[1])
            if winner == 0
            else (self.tricks[0], self.tricks[1] + credited)
        )
        return _state(
            self.deal,
            self.rules,
            self.starter,
            hands,
            drawn,
            _OVER if is_last else _LEAD,  # trick.winner_leads
            winner,
            None,
            self.angriff,
            None,
            tricks,
            self.history + (record,),  # noqa: RUF005 - one copy of the tuple, where (*a, b) makes two
            self.step + 1,
        )

    def _farbzwang_error(self, card: Card, hand: int, allowed: int) -> IllegalActionError:
        led = self.led
        assert led is not None
        assert led.colour is not None
        following = cards_of(hand & COLOUR_MASK[led.colour])
        held = " ".join(map(str, following))
        if card.is_special:
            reason = (
                f"must follow colour {led.colour.code}: you hold {held}; under "
                "special_cards_follow_colour the special cards follow colour too"
            )
        elif self.trump is None or self.trump is led.colour:
            # deal.no_trump, or trump led: following the colour is the only way to answer
            reason = f"must follow colour {led.colour.code}: you hold {held}"
        else:
            reason = f"must follow colour {led.colour.code} or play trump: you hold {held}"
        return self._error(_PLAY[card.value], "schwung.farbzwang", reason)

    def _apply_choose(self, player: Player) -> GangState:
        action = _CHOOSE[player]
        if self.phase is not _CHOOSE_LEADER:
            if self.phase is _OVER:
                raise self._phase_error(action)
            raise self._error(
                action,
                "kampfrichter.chooses",
                "no Kampfrichter trick awaits a decision: only the player of the Kampfrichter "
                "chooses the next leader, right after it neutralised a trick",
            )
        return _state(
            self.deal,
            self.rules,
            self.starter,
            self.hands,
            self.pile_drawn,
            _LEAD,
            player,
            None,
            self.angriff,
            self.pending,
            self.tricks,
            self.history,
            self.step + 1,
        )

    # -- the end

    @property
    def result(self) -> GangResult:
        """The result of the finished Gang; raises ``GangNotOverError`` before the end."""
        if self.phase is not _OVER:
            raise GangNotOverError(
                f"the Gang is not over: Schwung {self.schwung_number} is being played"
            )
        return compute_result(self.tricks, self.history, self.angriff)

    # -- the wire value

    def action_codes(self) -> tuple[str, ...]:
        """The action codes that led from ``start_gang`` to this state, in order (``len == step``).

        A state holds its Schwünge and its Angriff; the actions follow from them: the
        Angriff before the lead of the Schwung it precedes, the lead and the answer of each
        Schwung, and after a neutralised Schwung the Kampfrichter's choice, which is the
        leader of the next Schwung (or the player to move, once chosen).
        """
        codes: list[str] = []
        angriff = self.angriff
        history = self.history
        for i, record in enumerate(history):
            if angriff is not None and angriff.after_schwung == i:
                codes.append("A")
            codes.append(record.led.code)
            codes.append(record.answer.code)
            if record.winner is None:
                if i + 1 < len(history):
                    codes.append(f"L{int(history[i + 1].leader)}")
                elif self.phase is not Phase.CHOOSE_LEADER:
                    codes.append(f"L{int(self.leader if self.leader is not None else self.to_move)}")
        n = len(history)
        if angriff is not None and angriff.after_schwung == n and self.phase is not Phase.OVER:
            codes.append("A")
        if self.led is not None:
            codes.append(self.led.code)
        return tuple(codes)

    def to_json(self) -> dict[str, Any]:
        """The wire value: the Gang as the protocol starts and plays it, and as a trace records it without claims.

        ``{"rules": {...}, "deal": {...}, "starter": "P0", "actions": ["G3", "R2", "A", ...]}``:
        ``Rules.to_json``, ``Deal.to_json``, the starter's code and ``action_codes()``.
        ``GangState.from_json`` replays it to the same state.
        """
        return {
            "rules": self.rules.to_json(),
            "deal": self.deal.to_json(),
            "starter": self.starter.code,
            "actions": [*self.action_codes()],
        }

    @classmethod
    def from_json(cls, data: object) -> GangState:
        """The state ``to_json`` wrote, replayed from ``start_gang`` through ``apply``.

        A malformed field raises a library error naming it; an action the rules refuse
        raises ``InvalidArgumentError`` naming its index (``state.actions[4]``) and the clause.
        """
        check_plain(data, "state")
        obj = read_object(data, "state", ("rules", "deal", "starter", "actions"))
        actions = obj["actions"]
        if not isinstance(actions, list) or not all(isinstance(code, str) for code in actions):
            raise InvalidArgumentError("state.actions", f"expected an array of action codes, got {shown(actions)}")
        state = start_gang(Deal.from_json(obj["deal"]), read_seat(obj["starter"], "state.starter"), Rules.from_json(obj["rules"]))
        for i, code in enumerate(actions):
            try:
                state = state.apply(code)
            except SchwingetError as exc:
                raise InvalidArgumentError(f"state.actions[{i}]", exc.reason, clause_id=exc.clause_id) from None
        return state

    # -- display

    def __repr__(self) -> str:
        trump = self.trump.code if self.trump is not None else "none"
        h0 = " ".join(map(str, self.hand(Player.P0)))
        h1 = " ".join(map(str, self.hand(Player.P1)))
        parts = [
            f"GangState(step={self.step}, {self.phase.value} {self.to_move}",
            f"trump={trump} ({self.deal.revealed})",
            f"P0=[{h0}]",
            f"P1=[{h1}]",
            f"pile={self.pile_size}{' locked' if self.angriff else ''}",
            f"tricks={self.tricks[0]}:{self.tricks[1]}",
        ]
        if self.led is not None:
            parts.append(f"led={self.led}")
        if self.pending is not None:
            parts.append(f"pending={self.pending.led}/{self.pending.answer}")
        if self.angriff is not None:
            parts.append(f"angriff={self.angriff.player}@{self.angriff.after_schwung}")
        return ", ".join(parts) + ")"


_state = _slot_constructor(GangState)
"""``GangState(*fields)`` for the transitions: the same value, built at less cost (``gang_parts._slot_constructor``)."""
_record = _slot_constructor(SchwungRecord)
"""``SchwungRecord(*fields)`` for the answer's transition, the same way."""
_gang_result = _slot_constructor(GangResult)
"""``GangResult(*fields)`` for ``compute_result``, the same way."""
_PLATTWURF_OWN = Outcome.PLATTWURF_EIGENER_ANGRIFF
_PLATTWURF_THEIRS = Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF
_SIEG_MIT = Outcome.SIEG_MIT_ANGRIFF
_SIEG_OHNE = Outcome.SIEG_OHNE_ANGRIFF
_GESTELLTER = Outcome.GESTELLTER
_P0, _P1 = Player.P0, Player.P1


def compute_result(
    tricks: tuple[int, int], history: tuple[SchwungRecord, ...], angriff: Angriff | None
) -> GangResult:
    """The result of a Gang from its trick counts, its Schwünge and its Angriff."""
    plattwurf: Player | None = None
    if angriff is not None:
        # plattwurf.after_angriff, plattwurf.definition: only the tricks made after the
        # Angriff count for a Plattwurf: every trick of the 5 Schwünge after it went to one
        # player. A neutralised one is collected by the next Schwung's winner, so looking at
        # the decided Schwünge after the Angriff is enough.
        winners = {r.winner for r in history if r.after_angriff and r.winner is not None}
        if len(winners) == 1:
            plattwurf = winners.pop()
    winner, outcome = _decide(tricks, angriff, plattwurf)
    return _gang_result(tricks, len(history), angriff, plattwurf, winner, outcome)


def _decide(
    tricks: tuple[int, int], angriff: Angriff | None, plattwurf: Player | None
) -> tuple[Player | None, Outcome]:
    # The winner and the outcome of a Gang from its trick counts, its Angriff and its
    # Plattwurf winner (which needs an Angriff): ``compute_result`` and ``check_result``.
    # (the members are read from module globals, as the transitions read theirs: see _LEAD)
    if plattwurf is not None:
        assert angriff is not None
        # plattwurf.definition: a Plattwurf-Sieg; gang.more_tricks_wins counts the tricks only without one
        if plattwurf == angriff.player:
            return plattwurf, _PLATTWURF_OWN
        return plattwurf, _PLATTWURF_THEIRS
    if tricks[0] == tricks[1]:
        # gang.tricks_decide: the number of tricks decides; gang.more_tricks_wins: equal is a Gestellter
        return None, _GESTELLTER
    # gang.more_tricks_wins
    return _P0 if tricks[0] > tricks[1] else _P1, _SIEG_MIT if angriff is not None else _SIEG_OHNE


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def check_result(result: GangResult, parameter: str = "result") -> GangResult:
    """``result`` if it is a ``GangResult`` whose fields have their types and whose winner and outcome are the engine's.

    Checked: ``tricks`` is a tuple of two ints >= 0, ``schwuenge`` an int >= 0,
    ``angriff`` an ``Angriff`` (of a ``Player``, after an int >= 0 of Schwünge) or None,
    ``plattwurf`` and ``winner`` a ``Player`` or None, ``outcome`` an ``Outcome`` (a bool
    is no int here); a ``plattwurf`` needs an ``angriff``; and ``winner`` and ``outcome``
    are those ``compute_result`` derives from ``tricks``, ``angriff`` and ``plattwurf``
    (``plattwurf.definition``, ``gang.more_tricks_wins``). Anything else is taken as
    given, as ``compute_gang_score`` takes it: whether the trick counts, the Schwünge and
    the Angriff's Schwung can be reached in a Gang, or that the Plattwurf winner took
    every trick after the Angriff. Any other value raises ``InvalidArgumentError`` naming
    ``parameter`` or the field (``result.tricks``, ``result.outcome``...).
    """
    if not isinstance(result, GangResult):
        raise InvalidArgumentError(parameter, f"expected a GangResult, got {shown(result)}")
    tricks, angriff, plattwurf = result.tricks, result.angriff, result.plattwurf
    if type(tricks) is not tuple or len(tricks) != 2 or not (_is_count(tricks[0]) and _is_count(tricks[1])):
        raise InvalidArgumentError(f"{parameter}.tricks", f"expected a tuple of two ints >= 0, got {shown(tricks)}")
    if not _is_count(result.schwuenge):
        raise InvalidArgumentError(f"{parameter}.schwuenge", f"expected an int >= 0, got {shown(result.schwuenge)}")
    if angriff is not None:
        if not isinstance(angriff, Angriff):
            raise InvalidArgumentError(f"{parameter}.angriff", f"expected an Angriff or None, got {shown(angriff)}")
        if not isinstance(angriff.player, Player):
            raise InvalidArgumentError(f"{parameter}.angriff.player", f"expected a Player, got {shown(angriff.player)}")
        if not _is_count(angriff.after_schwung):
            raise InvalidArgumentError(
                f"{parameter}.angriff.after_schwung", f"expected an int >= 0, got {shown(angriff.after_schwung)}"
            )
    for name in ("plattwurf", "winner"):
        value = getattr(result, name)
        if value is not None and not isinstance(value, Player):
            raise InvalidArgumentError(f"{parameter}.{name}", f"expected a Player or None, got {shown(value)}")
    if not isinstance(result.outcome, Outcome):
        raise InvalidArgumentError(f"{parameter}.outcome", f"expected an Outcome, got {shown(result.outcome)}")
    if plattwurf is not None and angriff is None:
        raise InvalidArgumentError(
            f"{parameter}.plattwurf",
            f"a Plattwurf is won in the Schwünge after an Angriff, and the result has no Angriff; got {plattwurf}",
            clause_id="plattwurf.after_angriff",
        )
    winner, outcome = _decide(tricks, angriff, plattwurf)
    if result.winner is not winner or result.outcome is not outcome:
        field, made, got = (
            ("winner", _winner_text(winner), _winner_text(result.winner))
            if result.winner is not winner
            else ("outcome", outcome.name, result.outcome.name)
        )
        angriff_text = "no Angriff" if angriff is None else f"an Angriff by {angriff.player} after {shown(angriff.after_schwung)} Schwünge"
        plattwurf_text = "no Plattwurf" if plattwurf is None else f"a Plattwurf by {plattwurf}"
        raise InvalidArgumentError(
            f"{parameter}.{field}",
            f"tricks {shown(tricks[0])}:{shown(tricks[1])}, {angriff_text} and {plattwurf_text} make the {field} {made}, got {got}",
            clause_id="plattwurf.definition" if plattwurf is not None else "gang.more_tricks_wins",
        )
    return result


def _winner_text(winner: Player | None) -> str:
    return "none (a Gestellter)" if winner is None else str(winner)


def start_gang(deal: Deal, starter: Player, rules: Rules | None = None) -> GangState:
    """The state before the first Schwung of a Gang dealt as ``deal``, with ``starter`` to lead (``gang.turn``).

    Raises ``InvalidArgumentError`` naming the parameter for a ``deal`` that is not a
    ``Deal``, a ``starter`` that is not a ``Player`` (or 0 or 1), or ``rules`` that are
    neither ``Rules`` nor None.
    """
    if not isinstance(deal, Deal):
        raise InvalidArgumentError("deal", f"expected a Deal, got {shown(deal)}")
    starter = as_player(starter, "starter")
    if rules is not None and not isinstance(rules, Rules):
        raise InvalidArgumentError("rules", f"expected Rules or None, got {shown(rules)}")
    return GangState(
        deal=deal,
        rules=Rules() if rules is None else rules,
        starter=starter,
        hands=(_mask(deal.hands[0]), _mask(deal.hands[1])),
        pile_drawn=0,
        phase=Phase.LEAD,
        to_move=starter,
        led=None,
        angriff=None,
        pending=None,
        tricks=(0, 0),
        history=(),
        step=0,
    )


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def view_of(state: GangState, player: Player) -> PlayerView:
    """What ``player`` sees of ``state``; the same as ``state.view(player)``."""
    if not isinstance(state, GangState):
        raise InvalidArgumentError("state", f"expected a GangState, got {shown(state)}")
    return state.view(player)
