"""A reproduction told as the game it is: the deal, then Schwung by Schwung with the clause that decided each, up to the action where the implementation diverged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from schwinget_spec.conformance.protocol.messages import deal_from_codes
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = ["GameLine", "ToldGame", "replay_prefix", "tell_reproduction"]


@attrs.frozen
class GameLine:
    """One line of the told game: who did what, and what the reference made of it (the clause that decided a Schwung)."""

    step: str
    who: str
    what: str
    outcome: str
    clause_id: str | None = None
    diverged: bool = False


@attrs.frozen
class ToldGame:
    """The deal (hands, revealed card and trump, pile), the switches set otherwise than by default, and the lines of play of a reproduction."""

    starter: str
    hands: tuple[str, str]
    revealed: str
    trump: str
    pile: str
    rules: tuple[tuple[str, bool], ...]
    lines: tuple[GameLine, ...]


def replay_prefix(reproduction: Mapping[str, Any]) -> tuple[Deal, Player, Rules, tuple[str, ...]]:
    """The deal, starter and rules of a JSON reproduction, and its actions up to the last one the reference allows."""
    deal = deal_from_codes(reproduction["deal"])
    starter = Player.parse(reproduction["starter"])
    rules_json = reproduction.get("rules") or {}
    known = attrs.fields_dict(Rules)
    rules = Rules(**{k: v for k, v in rules_json.items() if k in known})
    state = start_gang(deal, starter, rules)
    legal: list[str] = []
    for code in reproduction.get("actions") or []:
        try:
            state = state.apply(code)
        except SchwingetError:
            break
        legal.append(code)
    return deal, starter, rules, tuple(legal)


def _line_for(before: GangState, code: str, after: GangState, diverged: bool) -> GameLine:
    who = before.to_move.code
    if code == "A":
        return GameLine("", who, "Angriff", f"after {len(before.history)} Schwünge", "angriff.who", diverged)
    if code in ("L0", "L1"):
        return GameLine("", who, f"{code}: P{code[1]} leads next", "", "kampfrichter.chooses", diverged)
    if len(after.history) > len(before.history):
        record = after.history[-1]
        won = "neutralised" if record.winner is None else f"{record.winner.code} +{record.tricks}"
        return GameLine(
            f"Schwung {record.number}",
            f"{record.leader.code} leads, {who} answers",
            f"{record.led.code} / {code}",
            won,
            record.clause_id,
            diverged,
        )
    return GameLine(f"Schwung {len(before.history) + 1}", who, f"leads {code}", "", None, diverged)


def tell_reproduction(reproduction: Mapping[str, Any]) -> ToldGame | None:
    """The reproduction as a told game, the diverging action marked; None if it cannot be replayed in the reference."""
    try:
        deal, starter, rules, legal = replay_prefix(reproduction)
    except (SchwingetError, KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None
    actions = [str(a) for a in reproduction.get("actions") or []]
    state = start_gang(deal, starter, rules)
    lines: list[GameLine] = []
    for i, code in enumerate(actions):
        last = i == len(actions) - 1
        if i >= len(legal):
            lines.append(GameLine("", state.to_move.code if not state.is_over else "-", f"offered {code}",
                                  "forbidden by the rules", None, last))
            break
        after = state.apply(code)
        line = _line_for(state, code, after, last)
        if lines and lines[-1].what.startswith("leads ") and lines[-1].step == line.step and not lines[-1].diverged:
            # the lead and its answer are one Schwung: one line
            lines.pop()
        lines.append(line)
        state = after
    if state.is_over and legal == tuple(actions):
        result = state.result
        lines.append(GameLine("end", "", result.outcome.value, f"tricks {result.tricks[0]}:{result.tricks[1]}"))
    trump = deal.trump
    return ToldGame(
        starter=starter.code,
        hands=(" ".join(c.code for c in deal.hands[0]), " ".join(c.code for c in deal.hands[1])),
        revealed=deal.revealed.code,
        trump="none" if trump is None else trump.code,
        pile=" ".join(c.code for c in deal.pile),
        rules=tuple(
            (k, bool(v)) for k, v in (reproduction.get("rules") or {}).items() if getattr(Rules(), k, v) != v
        ),
        lines=tuple(lines),
    )
