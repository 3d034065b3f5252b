"""A question's terms read on a Gang the engine played: the second, independent reading that confirms every witness."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from schwinget_spec.ask.terms import (
    MAX_SCHWUNG,
    And,
    AngriffAt,
    AngriffSchwung,
    Answered,
    CardIs,
    CardRef,
    ColourIs,
    Compare,
    Const,
    EverySchwung,
    Gestellter,
    Holds,
    Implies,
    Leads,
    Led,
    Locked,
    Neutralised,
    Not,
    Num,
    Or,
    Pending,
    Plattwurf,
    Played,
    PlayerRef,
    Points,
    Prop,
    Reading,
    RowIs,
    Schwuenge,
    SchwungRef,
    SomeSchwung,
    Tricks,
    TrumpIs,
    ValueIs,
    Void,
    Wins,
    WinsSchwung,
    names_result_player,
)
from schwinget_spec.cards import Card
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, Outcome, Phase
from schwinget_spec.players import Player
from schwinget_spec.scoring import compute_gang_score

__all__ = ["EngineGang", "holds_on_engine"]


class EngineGang:
    """A finished Gang of the engine with the state at the start of each Schwung (before its Angriff and lead)."""

    def __init__(self, start: GangState, actions: Sequence[str]) -> None:
        self.start = start
        starts = [start]
        state = start
        for code in actions:
            state = state.apply(code)
            if state.phase is Phase.LEAD and len(state.history) == len(starts):
                starts.append(state)
        self.final = state
        self.starts = starts
        self.records = state.history

    def played(self, n: int) -> bool:
        """True when Schwung ``n`` (1-based) was played."""
        return 1 <= n <= len(self.records)


def _n(ref: SchwungRef, env: Mapping[str, int]) -> int:
    if isinstance(ref, str):
        return env[ref]
    return ref


def _who(g: EngineGang, p: PlayerRef) -> Player:
    if p.name == "P0":
        return Player.P0
    if p.name == "P1":
        return Player.P1
    if p.name in ("winner", "loser"):
        winner = g.final.result.winner
        if winner is None:
            raise _NoWinnerError
        return winner if p.name == "winner" else Player(1 - int(winner))
    starter = g.start.starter
    return starter if p.name == "starter" else Player(1 - int(starter))


def _num(g: EngineGang, n: Num, env: Mapping[str, int]) -> int:
    result = g.final.result
    if isinstance(n, Const):
        return n.value
    if isinstance(n, Tricks):
        who = _who(g, n.player)
        limit = MAX_SCHWUNG + 1 if n.before is None else _n(n.before, env)
        return sum(r.tricks for r in g.records if r.number < limit and r.winner == who)
    if isinstance(n, Schwuenge):
        return result.schwuenge
    if isinstance(n, AngriffSchwung):
        return 0 if result.angriff is None else result.angriff.after_schwung + 1
    assert isinstance(n, Points)
    score = compute_gang_score(result, n.system, g.start.rules)
    return score.points[_who(g, n.player)].hundredths


def _card(g: EngineGang, ref: CardRef, env: Mapping[str, int]) -> Card | None:
    if isinstance(ref, (Led, Answered)):
        n = _n(ref.schwung, env)
        if not g.played(n):
            return None
        record = g.records[n - 1]
        return record.led if isinstance(ref, Led) else record.answer
    return g.start.deal.revealed


_OPS = {
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


class _NoWinnerError(Exception):
    """The Gang ended in a Gestellter: it has no winner or loser to read."""


def holds_on_engine(g: EngineGang, prop: Prop, env: Mapping[str, int] | None = None) -> bool:
    """True when ``prop`` holds of the engine's Gang ``g``: read from the engine's records, never from the Z3 model."""
    e: Mapping[str, int] = {} if env is None else env
    if isinstance(prop, And):
        return all(holds_on_engine(g, p, e) for p in prop.parts)
    if isinstance(prop, Or):
        return any(holds_on_engine(g, p, e) for p in prop.parts)
    if isinstance(prop, Not):
        return not holds_on_engine(g, prop.body, e)
    if isinstance(prop, Implies):
        return not holds_on_engine(g, prop.when, e) or holds_on_engine(g, prop.then, e)
    if isinstance(prop, SomeSchwung):
        return any(holds_on_engine(g, prop.body, {**e, prop.name: n}) for n in range(1, len(g.records) + 1))
    if isinstance(prop, EverySchwung):
        return all(holds_on_engine(g, prop.body, {**e, prop.name: n}) for n in range(1, len(g.records) + 1))
    if names_result_player(prop):
        # a statement about the winner or the loser is false when the Gang has none (a Gestellter)
        try:
            return _holds_atom(g, prop, e)
        except _NoWinnerError:
            return False
    return _holds_atom(g, prop, e)


def _holds_atom(g: EngineGang, prop: Prop, e: Mapping[str, int]) -> bool:
    """True when one statement (no and, or, not, implies, Schwung quantifier) holds of ``g``."""
    result = g.final.result
    rules = g.start.rules
    if isinstance(prop, Compare):
        return bool(_OPS[prop.op](_num(g, prop.left, e), _num(g, prop.right, e)))
    if isinstance(prop, CardIs):
        return _card(g, prop.card, e) is prop.value
    if isinstance(prop, ColourIs):
        card = _card(g, prop.card, e)
        if card is None:
            return False
        if prop.colour == "special":
            return card.colour is None
        if prop.colour == "trump":
            return card.colour is not None and card.colour is g.start.deal.trump
        return card.colour is prop.colour
    if isinstance(prop, ValueIs):
        card = _card(g, prop.card, e)
        if card is None or card.colour is None:
            return False
        return bool(_OPS[prop.op](card.index % 6 + 1, prop.value))
    if isinstance(prop, TrumpIs):
        return g.start.deal.trump is prop.colour
    if isinstance(prop, Holds):
        n = _n(prop.before, e)
        return g.played(n) and bool(g.starts[n - 1].hands[_who(g, prop.player)] & prop.card.bit)
    if isinstance(prop, Played):
        return g.played(_n(prop.schwung, e))
    if isinstance(prop, Void):
        n = _n(prop.schwung, e)
        if not g.played(n):
            return False
        record = g.records[n - 1]
        answerer = Player(1 - int(record.leader))
        colour = record.led.colour
        hand = g.starts[n - 1].hands[answerer]
        return colour is not None and not any(hand & c.bit for c in Card if c.colour is colour)
    if isinstance(prop, Neutralised):
        n = _n(prop.schwung, e)
        return g.played(n) and g.records[n - 1].winner is None
    if isinstance(prop, Pending):
        if prop.before is None:
            return bool(g.records) and g.records[-1].winner is None
        n = _n(prop.before, e)
        return g.played(n) and n >= 2 and g.records[n - 2].winner is None
    if isinstance(prop, Locked):
        n = _n(prop.schwung, e)
        return g.played(n) and g.records[n - 1].after_angriff
    if isinstance(prop, Leads):
        n = _n(prop.schwung, e)
        return g.played(n) and g.records[n - 1].leader is _who(g, prop.player)
    if isinstance(prop, WinsSchwung):
        n = _n(prop.schwung, e)
        return g.played(n) and g.records[n - 1].winner is _who(g, prop.player)
    if isinstance(prop, AngriffAt):
        angriff = result.angriff
        if angriff is None:
            return False
        if prop.player is not None and angriff.player is not _who(g, prop.player):
            return False
        return prop.before is None or angriff.after_schwung + 1 == _n(prop.before, e)
    if isinstance(prop, Plattwurf):
        if prop.player is None:
            return result.plattwurf is not None
        return result.plattwurf is _who(g, prop.player)
    if isinstance(prop, Wins):
        return result.winner is _who(g, prop.player)
    if isinstance(prop, Gestellter):
        return result.outcome is Outcome.GESTELLTER
    if isinstance(prop, RowIs):
        return result.outcome is prop.row
    if isinstance(prop, Reading):
        return bool(getattr(rules, prop.switch)) is prop.value
    raise InvalidArgumentError("prop", f"not a term of a question: {prop!r}")
