"""Schwinget as the OpenSpiel game ``python_schwinget``: the deal and the draws as chance nodes, the rest played by the engine.

Import this module (or ``schwinget_spec.ecosystem.openspiel_game.register()``) and
``pyspiel.load_game("python_schwinget")`` works. Needs the ``openspiel`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np  # type: ignore[import-not-found,unused-ignore]
import pyspiel  # type: ignore[import-not-found,unused-ignore]

from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.deal import HAND_SIZE, PILE_SIZE, Deal
from schwinget_spec.ecosystem.encoding import (
    MAX_DECISIONS_PER_GANG,
    NUM_ACTIONS,
    OBSERVATION_PIECES,
    Table,
    TableRound,
    action_code,
    action_id,
    action_of,
    observation_string,
    observation_vector,
)
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "CHANCE_NODES_PER_GANG",
    "EVENTS_PER_GANG",
    "EVENT_CHANNELS",
    "GAME_TYPE",
    "SchwingetGame",
    "SchwingetObserver",
    "SchwingetState",
    "chance_outcomes_for",
    "register",
    "replay",
    "table_from_params",
]

DEALT = 2 * HAND_SIZE + 1
"""Chance outcomes at the start of a Gang: ten hand cards (P0, P1, P0, ...) and the revealed card."""
CHANCE_NODES_PER_GANG = DEALT + PILE_SIZE
"""23: the deal, then at most one chance node per pile card (a card fixed just before
an Angriff is never drawn, but then fewer than 12 are drawn)."""

EVENTS_PER_GANG = HAND_SIZE + 1 + 2 * (PILE_SIZE // 2 + HAND_SIZE) + PILE_SIZE // 2 + 2
"""36 events one player sees in a Gang: 5 cards dealt, the revealed card, 22 cards played,
at most 6 own draws, the Angriff, one Kampfrichter choice."""
EVENT_CHANNELS = 4 * len(ALL_CARDS) + 4
"""108: card played by P0 (0-25), by P1 (26-51), card to my hand (52-77), revealed (78-103),
Angriff by P0/P1 (104, 105), next leader chosen P0/P1 (106, 107)."""
_TO_HAND = 2 * len(ALL_CARDS)
_REVEALED = 3 * len(ALL_CARDS)
_ANGRIFF = 4 * len(ALL_CARDS)
_CHOICE = _ANGRIFF + 2

_DEFAULT_RULES = Rules()
_RULE_FIELDS = tuple(f.name for f in attrs.fields(Rules))

_PARAMETERS: dict[str, Any] = {
    **{name: getattr(_DEFAULT_RULES, name) for name in _RULE_FIELDS},
    "scoring": ScoringSystem.SCHWINGERWERTUNG.value,
    "gaenge": 1,
    "younger": 0,
}

GAME_TYPE = pyspiel.GameType(
    short_name="python_schwinget",
    long_name="Python Schwinget",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    # Both scoring systems are general-sum: see docs/ecosystem.md.
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
    parameter_specification=_PARAMETERS,
)


def table_from_params(params: dict[str, Any]) -> Table:
    """The ``Table`` of OpenSpiel game parameters (missing ones take their defaults)."""
    if not isinstance(params, dict):
        raise InvalidArgumentError("params", f"expected a dict of game parameters, got {params!r}")
    merged = {**_PARAMETERS, **params}
    unknown = set(merged) - set(_PARAMETERS)
    if unknown:
        raise InvalidArgumentError("params", f"unknown python_schwinget parameters: {sorted(unknown)}")
    rules = Rules(**{name: merged[name] for name in _RULE_FIELDS})
    gaenge = merged["gaenge"]
    if type(gaenge) is not int or gaenge not in (1, 4, 6):
        raise InvalidArgumentError("gaenge", f"gaenge is 1 (a single Gang), 4 or 6 (a match), got {gaenge!r}")
    return Table(
        rules=rules,
        system=ScoringSystem.parse(str(merged["scoring"])),
        gaenge=gaenge,
        younger=Player.parse(int(merged["younger"])),
    )


class SchwingetGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its facts (``GameInfo``) follow from the parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.table = table_from_params(params or {})
        low, high = self.table.utility_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=len(ALL_CARDS),
            num_players=2,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=MAX_DECISIONS_PER_GANG * self.table.gaenge,
        )
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> SchwingetState:
        """The state before the first card is dealt."""
        return SchwingetState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SchwingetObserver:
        """An observer of the requested kind (default: the imperfect-recall observation)."""
        return SchwingetObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self.table.gaenge, params
        )


class SchwingetState(pyspiel.State):  # type: ignore[misc]
    """A state: the engine's ``GangState`` (None while dealing), the Gänge finished, and what chance fixed so far.

    The pile is fixed one card at a time: ``fixed_pile`` holds the pile cards chance has
    chosen; the engine's ``Deal`` holds them, followed by the other undealt cards in
    canonical order as placeholders the engine never reads before chance replaces them.
    """

    def __init__(self, game: SchwingetGame) -> None:
        super().__init__(game)
        self.table = game.table
        self.round: TableRound = self.table.start()
        self.dealt: list[Card] = []
        self.fixed_pile: list[Card] = []
        self.gang: GangState | None = None
        self.events: list[tuple[int, Player | None, int]] = []
        """(Gang index, the player who sees it or None for both, channel)."""

    # -- chance

    def _needs_draw_card(self) -> bool:
        gang = self.gang
        assert gang is not None
        return (
            gang.phase in (Phase.LEAD, Phase.ANSWER)
            and gang.angriff is None
            and gang.pile_drawn < PILE_SIZE
            and len(self.fixed_pile) == gang.pile_drawn
        )

    def current_player(self) -> int:
        """The player to move, CHANCE, or TERMINAL."""
        if self.round.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.gang is None or self._needs_draw_card():
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.gang.to_move)

    def _unassigned(self) -> list[Card]:
        taken = {*self.dealt, *self.fixed_pile}
        return [c for c in ALL_CARDS if c not in taken]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not dealt or drawn yet, each with the same probability."""
        cards = self._unassigned()
        p = 1.0 / len(cards)
        return [(c.value, p) for c in cards]

    def _deal(self) -> Deal:
        rest = self._unassigned()
        open_pile = PILE_SIZE - len(self.fixed_pile)
        return Deal(
            hands=(self.dealt[0:10:2], self.dealt[1:10:2]),
            revealed=self.dealt[10],
            face_down=rest[open_pile:],
            pile=(*self.fixed_pile, *rest[:open_pile]),
        )

    # -- moves

    def _legal_actions(self, player: int) -> list[int]:
        assert self.gang is not None
        return sorted(action_id(a) for a in self.gang.legal_actions())

    def _apply_action(self, action: int) -> None:
        gang_index = self.round.gang_number - 1
        if self.gang is None:
            card = Card.from_index(action)
            if len(self.dealt) < 2 * HAND_SIZE:
                self.events.append((gang_index, Player(len(self.dealt) % 2), _TO_HAND + card.value))
            else:
                self.events.append((gang_index, None, _REVEALED + card.value))
            self.dealt.append(card)
            if len(self.dealt) == DEALT:
                self.gang = start_gang(self._deal(), self.round.next_starter, self.table.rules)
            return
        if self._needs_draw_card():
            self.fixed_pile.append(Card.from_index(action))
            self.gang = attrs.evolve(self.gang, deal=self._deal())
            return
        before = self.gang
        actor = before.to_move
        after = before.apply(action_of(action))
        if action < len(ALL_CARDS):
            channel = int(actor) * len(ALL_CARDS) + action
        elif action == NUM_ACTIONS - 3:
            channel = _ANGRIFF + int(actor)
        else:
            channel = _CHOICE + (action - (NUM_ACTIONS - 2))
        self.events.append((gang_index, None, channel))
        for p in (Player.P0, Player.P1):
            new = after.hands[p] & ~before.hands[p]
            for card in ALL_CARDS:
                if new & card.bit:
                    self.events.append((gang_index, p, _TO_HAND + card.value))
        self.gang = after
        if after.is_over:
            self.round = self.round.record(after)
            if self.round.is_over:
                # the last Gang stays on the table, so the terminal state shows how it ended
                return
            self.gang = None
            self.dealt = []
            self.fixed_pile = []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {Card.from_index(action).code}"
        return action_code(action)

    def is_terminal(self) -> bool:
        """True once every Gang is played."""
        return self.round.is_over

    def returns(self) -> list[float]:
        """Each player's points (the Wertungstabelle's figures, summed over the Gänge); 0 before the end."""
        if not self.round.is_over:
            return [0.0, 0.0]
        return list(self.round.returns())

    def __str__(self) -> str:
        """The whole state, hidden cards included (for debugging; players see observations)."""
        head = f"Gang {min(self.round.gang_number, self.table.gaenge)}/{self.table.gaenge}"
        t0, t1 = self.round.totals()
        head += f" points {t0}:{t1}"
        if self.gang is None:
            return f"{head} dealt {' '.join(c.code for c in self.dealt) or '-'}"
        fixed = " ".join(c.code for c in self.fixed_pile) or "-"
        return f"{head} {self.gang!r} pile fixed: {fixed}"

    # -- what a player sees

    def view_parts(self, player: Player) -> tuple[Any, tuple[Card, ...]]:
        """The engine's ``PlayerView`` (None while dealing) and the cards dealt to ``player`` so far."""
        if self.gang is None:
            return None, tuple(self.dealt[int(player) : 2 * HAND_SIZE : 2])
        return self.gang.view(player), ()

    def seen_events(self, player: Player, *, private: bool, public: bool) -> list[tuple[int, int]]:
        """(Gang index, channel) of every event ``player`` has seen, in order."""
        return [
            (g, channel)
            for g, who, channel in self.events
            if (who is None and public) or (who == player and private)
        ]


def _event_text(channel: int) -> str:
    n = len(ALL_CARDS)
    if channel < 2 * n:
        return f"P{channel // n}:{Card.from_index(channel % n).code}"
    if channel < _REVEALED:
        return f"+{Card.from_index(channel - _TO_HAND).code}"
    if channel < _ANGRIFF:
        return f"revealed {Card.from_index(channel - _REVEALED).code}"
    if channel < _CHOICE:
        return f"P{channel - _ANGRIFF}:A"
    return f"L{channel - _CHOICE}"


class SchwingetObserver:
    """Observations (imperfect recall) and information states (perfect recall) as tensors and strings.

    The tensor is ``OBSERVATION_PIECES`` (the parts the observation type asks for: public,
    the player's own hand, or both); with perfect recall it adds ``events``: one row per
    event the player saw (``EVENT_CHANNELS`` one-hot), ``EVENTS_PER_GANG`` rows per Gang.
    """

    def __init__(self, iig_obs_type: Any, gaenge: int, params: dict[str, Any] | None) -> None:
        if params:
            raise InvalidArgumentError("params", f"python_schwinget observations take no parameters, got {params}")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = [
            (name, shape)
            for name, shape, is_public in OBSERVATION_PIECES
            if (self.public if is_public else self.private)
        ]
        if self.perfect_recall:
            pieces.append(("events", (EVENTS_PER_GANG * gaenge, EVENT_CHANNELS)))
        total = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(total, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + size].reshape(shape)
            index += size
        self._flat_size = index - (EVENTS_PER_GANG * gaenge * EVENT_CHANNELS if self.perfect_recall else 0)

    def set_from(self, state: SchwingetState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        seat = Player(player)
        view, dealt = state.view_parts(seat)
        flat = observation_vector(view, seat, dealt, state.round, private=self.private, public=self.public)
        self.tensor.fill(0)
        self.tensor[: self._flat_size] = flat
        if self.perfect_recall:
            events = self.dict["events"]
            row_in_gang: dict[int, int] = {}
            for gang_index, channel in state.seen_events(seat, private=self.private, public=self.public):
                row = row_in_gang.get(gang_index, 0)
                row_in_gang[gang_index] = row + 1
                events[gang_index * EVENTS_PER_GANG + row, channel] = 1.0

    def string_from(self, state: SchwingetState, player: int) -> str:
        """What ``player`` sees of ``state`` as text."""
        seat = Player(player)
        view, dealt = state.view_parts(seat)
        text = observation_string(view, seat, dealt, state.round, private=self.private, public=self.public)
        if self.perfect_recall:
            seen = state.seen_events(seat, private=self.private, public=self.public)
            by_gang: dict[int, list[str]] = {}
            for gang_index, channel in seen:
                by_gang.setdefault(gang_index, []).append(_event_text(channel))
            history = " / ".join(f"Gang {g + 1}: {' '.join(items)}" for g, items in sorted(by_gang.items()))
            text += " || " + (history or "-")
        return text


def chance_outcomes_for(deal: Deal) -> tuple[list[int], list[int]]:
    """The chance outcomes that deal ``deal``: the eleven dealing outcomes, and the pile in order.

    Replaying a Gang from an engine ``Deal``: the first list is applied at the start, the
    ``i``-th pile card whenever the state asks chance for the next pile card.
    """
    return [c.value for c in deal.deck[:DEALT]], [c.value for c in deal.pile]


def replay(game: SchwingetGame, deals: Sequence[Deal], actions: Sequence[int]) -> SchwingetState:
    """The state reached by dealing ``deals`` (one per Gang) and playing ``actions`` (numbers 0-28).

    Chance nodes take their outcome from the current Gang's deal (``chance_outcomes_for``);
    player nodes take the next of ``actions``. Stops when both run out or the game ends.
    """
    state = game.new_initial_state()
    pending = list(deals)
    moves = list(actions)
    current: Deal | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            if not state.dealt and state.gang is None:
                if not pending:
                    break
                current = pending.pop(0)
            assert current is not None
            if state.gang is None:
                state.apply_action(current.deck[len(state.dealt)].value)
            else:
                state.apply_action(current.pile[len(state.fixed_pile)].value)
        else:
            if not moves:
                break
            state.apply_action(moves.pop(0))
    return state


def register() -> None:
    """Register ``python_schwinget`` with pyspiel (once; importing this module already does)."""
    if GAME_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, SchwingetGame)


register()
