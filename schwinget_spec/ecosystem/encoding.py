"""What the OpenSpiel game and the PettingZoo environment share: the action numbering, the table settings and the observation layout."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from schwinget_spec.actions import ANGRIFF, Action, ChooseLeader, PlayCard, StartAngriff, choose_leader, play
from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.deal import HAND_SIZE, PILE_SIZE
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, Phase
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE, GangScore, Points, ScoringSystem, compute_gang_score
from schwinget_spec.views import PlayerView

__all__ = [
    "ANGRIFF_ACTION",
    "CHOOSE_ACTIONS",
    "MAX_DECISIONS_PER_GANG",
    "NUM_ACTIONS",
    "OBSERVATION_PIECES",
    "Table",
    "TableRound",
    "action_code",
    "action_id",
    "action_of",
    "observation_size",
    "observation_string",
    "observation_vector",
    "points_value",
]

NUM_CARDS = len(ALL_CARDS)
ANGRIFF_ACTION = NUM_CARDS
"""Action 26: start the Angriff."""
CHOOSE_ACTIONS = (NUM_CARDS + 1, NUM_CARDS + 2)
"""Actions 27 and 28: after a Kampfrichter, P0 (27) or P1 (28) leads next."""
NUM_ACTIONS = NUM_CARDS + 3
"""26 cards (the ``Card`` value is the action) + Angriff + the two leader choices."""

MAX_DECISIONS_PER_GANG = 2 * (PILE_SIZE // 2 + HAND_SIZE) + 1
"""23: without an Angriff a Gang has 11 Schwünge (22 cards) and at most one Kampfrichter
choice (there is one Kampfrichter); with an Angriff after k <= 5 Schwünge it has k + 5 <= 10
Schwünge, so at most 20 cards + the Angriff + one choice = 22."""


def action_id(action: Action) -> int:
    """The number of an engine action: the card's value, 26 for the Angriff, 27/28 for L0/L1."""
    if isinstance(action, PlayCard):
        return action.card.value
    if isinstance(action, StartAngriff):
        return ANGRIFF_ACTION
    if isinstance(action, ChooseLeader):
        return CHOOSE_ACTIONS[action.player]
    raise InvalidArgumentError("action", f"expected an Action (PlayCard, StartAngriff or ChooseLeader), got {action!r}")


def action_of(number: int) -> Action:
    """The engine action of a number 0-28 (the inverse of ``action_id``); anything else raises ``InvalidArgumentError`` (also a ``ValueError``) naming ``number``."""
    if type(number) is not bool:
        try:
            if 0 <= number < NUM_CARDS:
                return play(Card.from_index(number))
            if number == ANGRIFF_ACTION:
                return ANGRIFF
            if number in CHOOSE_ACTIONS:
                return choose_leader(Player(number - CHOOSE_ACTIONS[0]))
        except TypeError:
            pass  # not a number: refused below, as a number out of range is
    raise InvalidArgumentError("number", f"an action number is an int from 0 to {NUM_ACTIONS - 1}, got {number!r}")


def action_code(number: int) -> str:
    """The engine's code of an action number: ``G3``, ``A``, ``L0``, ``L1``."""
    return action_of(number).code


def points_value(points: Points) -> float:
    """Points as the float OpenSpiel and PettingZoo expect; exact, since points are whole hundredths."""
    if not isinstance(points, Points):
        raise InvalidArgumentError("points", f"expected Points, got {points!r}")
    return points.hundredths / 100


@attrs.frozen
class Table:
    """The settings of a game at the table: rule switches, scoring system, number of Gänge (1, 4 or 6) and the younger player."""

    rules: Rules = attrs.field(factory=Rules)
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    gaenge: int = attrs.field(default=1, validator=attrs.validators.in_((1, 4, 6)))
    younger: Player = Player.P0

    def utility_bounds(self) -> tuple[float, float]:
        """The least and the most points one player can end with: the table's extreme cells times the Gänge."""
        cells = [
            points.hundredths
            for row in WERTUNGSTABELLE.values()
            for points in row.figures(self.system)
            if points is not None
        ]
        return (min(cells) * self.gaenge / 100, max(cells) * self.gaenge / 100)

    def start(self) -> TableRound:
        """The round before the first Gang."""
        if self.gaenge == 1:
            return TableRound(self, None, ())
        match = start_match(self.system, MatchLength(self.gaenge), self.younger, self.rules)
        return TableRound(self, match, ())


@attrs.frozen
class TableRound:
    """The Gänge finished so far: a ``MatchState`` for a match, the one score for a single Gang."""

    table: Table
    match: MatchState | None
    single: tuple[GangScore, ...]

    @property
    def is_over(self) -> bool:
        """True once every Gang is played."""
        if self.match is None:
            return bool(self.single)
        return self.match.is_over

    @property
    def gang_number(self) -> int:
        """The number (1-based) of the Gang being or about to be played."""
        if self.match is None:
            return len(self.single) + 1
        return self.match.gang_number

    @property
    def next_starter(self) -> Player:
        """Who starts the next Gang: the younger player first, then as the match says."""
        if self.match is None:
            return self.table.younger
        starter = self.match.next_starter
        assert starter is not None
        return starter

    def totals(self) -> tuple[Points, Points]:
        """The points of P0 and P1 so far."""
        if self.match is None:
            zero = Points.zero(self.table.system)
            return self.single[0].points if self.single else (zero, zero)
        return self.match.totals

    def record(self, gang: GangState) -> TableRound:
        """The round with the finished Gang ``gang`` recorded (``MatchState.apply_gang`` for a match)."""
        if self.match is None:
            score = compute_gang_score(gang.result, self.table.system, self.table.rules)
            return TableRound(self.table, None, (score,))
        return TableRound(self.table, self.match.apply_gang(gang), ())

    def returns(self) -> tuple[float, float]:
        """The totals as floats."""
        t0, t1 = self.totals()
        return (points_value(t0), points_value(t1))


# -- observation layout: (name, shape); the flat vector is the pieces in this order

OBSERVATION_PIECES: tuple[tuple[str, tuple[int, ...], bool], ...] = (
    ("player", (2,), True),
    ("hand", (NUM_CARDS,), False),
    ("revealed", (NUM_CARDS,), True),
    ("played", (NUM_CARDS,), True),
    ("led", (NUM_CARDS,), True),
    ("pending", (NUM_CARDS,), True),
    ("phase", (3,), True),
    ("to_move", (2,), True),
    ("starter", (2,), True),
    ("tricks", (2, 12), True),
    ("won_after_angriff", (2, 6), True),
    ("pile_size", (PILE_SIZE + 1,), True),
    ("angriff", (2,), True),
    ("opponent_hand_size", (HAND_SIZE + 1,), True),
    ("gang", (6,), True),
    ("totals", (2,), True),
)
"""Each piece: name, shape, and True if it is public (False: the player's own hand).
Every piece but ``totals`` is 0/1 (one-hot or a card set); ``totals`` holds points."""

_PHASES = (Phase.LEAD, Phase.ANSWER, Phase.CHOOSE_LEADER)


def _size(shape: tuple[int, ...]) -> int:
    out = 1
    for n in shape:
        out *= n
    return out


def observation_size(*, private: bool = True, public: bool = True) -> int:
    """The length of the flat observation vector with the chosen parts."""
    return sum(_size(shape) for _, shape, pub in OBSERVATION_PIECES if (public if pub else private))


def observation_vector(
    view: PlayerView | None,
    player: Player,
    dealt_hand: Sequence[Card],
    round_: TableRound,
    *,
    private: bool = True,
    public: bool = True,
) -> list[float]:
    """The observation of ``player`` as a flat list (layout ``OBSERVATION_PIECES``).

    ``view`` is the engine's ``PlayerView`` (``GangState.view``), None while the cards are
    being dealt; then ``dealt_hand`` is the part of the hand dealt so far. Everything is
    read from the view, which holds nothing hidden (``deal.hand_private``).
    """
    out: list[float] = []

    def piece(values: list[float]) -> None:
        out.extend(values)

    def one_hot(n: int, index: int | None) -> list[float]:
        vec = [0.0] * n
        if index is not None:
            vec[index] = 1.0
        return vec

    def card_set(cards: Sequence[Card]) -> list[float]:
        vec = [0.0] * NUM_CARDS
        for card in cards:
            vec[card.value] = 1.0
        return vec

    totals = round_.totals()
    for name, shape, is_public in OBSERVATION_PIECES:
        if not (public if is_public else private):
            continue
        if name == "player":
            piece(one_hot(2, int(player)))
        elif name == "hand":
            piece(card_set(dealt_hand if view is None else view.hand))
        elif name == "gang":
            piece(one_hot(6, min(round_.gang_number, round_.table.gaenge) - 1))
        elif name == "totals":
            piece([points_value(totals[0]), points_value(totals[1])])
        elif view is None:
            piece([0.0] * _size(shape))
        elif name == "revealed":
            piece(card_set((view.revealed,)))
        elif name == "played":
            piece(card_set(view.played_cards))
        elif name == "led":
            piece(card_set(() if view.led is None else (view.led,)))
        elif name == "pending":
            piece(card_set(() if view.pending is None else view.pending.cards))
        elif name == "phase":
            piece(one_hot(3, _PHASES.index(view.phase) if view.phase in _PHASES else None))
        elif name == "to_move":
            piece(one_hot(2, None if view.to_move is None else int(view.to_move)))
        elif name == "starter":
            piece(one_hot(2, int(view.starter)))
        elif name == "tricks":
            piece(one_hot(12, view.tricks[0]) + one_hot(12, view.tricks[1]))
        elif name == "won_after_angriff":
            won = [0, 0]
            for record in view.history:
                if record.after_angriff and record.winner is not None:
                    won[record.winner] += 1
            piece(one_hot(6, won[0]) + one_hot(6, won[1]))
        elif name == "pile_size":
            piece(one_hot(PILE_SIZE + 1, view.pile_size))
        elif name == "angriff":
            piece(one_hot(2, None if view.angriff is None else int(view.angriff.player)))
        elif name == "opponent_hand_size":
            piece(one_hot(HAND_SIZE + 1, view.opponent_hand_size))
    return out


def observation_string(
    view: PlayerView | None,
    player: Player,
    dealt_hand: Sequence[Card],
    round_: TableRound,
    *,
    private: bool = True,
    public: bool = True,
) -> str:
    """The observation of ``player`` as one line of text, with the same content as ``observation_vector``."""
    parts = [str(player)]
    t0, t1 = round_.totals()
    if round_.table.gaenge > 1:
        parts.append(f"gang {min(round_.gang_number, round_.table.gaenge)}/{round_.table.gaenge} points {t0}:{t1}")
    if private:
        hand = dealt_hand if view is None else view.hand
        parts.append("hand " + (" ".join(c.code for c in hand) or "-"))
    if view is None:
        parts.append("dealing")
        return " | ".join(parts)
    if public:
        parts.append(f"revealed {view.revealed.code}")
        parts.append(f"starter {view.starter}")
        parts.append(f"tricks {view.tricks[0]}:{view.tricks[1]}")
        parts.append(f"pile {view.pile_size}")
        parts.append(f"opponent holds {view.opponent_hand_size}")
        if view.angriff is not None:
            parts.append(f"Angriff {view.angriff.player}@{view.angriff.after_schwung}")
        played = " ".join(f"{r.leader}:{r.led.code}/{r.answer.code}" for r in view.history)
        parts.append("played " + (played or "-"))
        if view.pending is not None:
            parts.append(f"pending {view.pending.led.code}/{view.pending.answer.code}")
        if view.led is not None:
            parts.append(f"led {view.led.code}")
        if view.to_move is not None:
            parts.append(f"{view.phase.value} {view.to_move}")
        else:
            parts.append("over")
    return " | ".join(parts)
