"""The answer to a question: its verdict and method, the clauses of a proof, a Gang replayed on the engine and told Schwung by Schwung, as text or JSON."""

from __future__ import annotations

from typing import Any

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.presentation.replay import Line, replay_lines
from schwinget_spec.rules import Rules
from schwinget_spec.trace import gang_trace

__all__ = [
    "BUG",
    "COUNTEREXAMPLE",
    "NONE",
    "PROVED",
    "READINGS",
    "UNKNOWN",
    "WITNESS",
    "Answer",
    "GangFound",
    "ReadingRow",
]

WITNESS = "witness"
"""A Gang where the proposition holds, replayed and confirmed by the engine."""
NONE = "none"
"""No Gang (or deal) has it: proved, the clauses named."""
PROVED = "proved"
"""Every Gang has it: proved, the clauses named."""
COUNTEREXAMPLE = "counterexample"
"""A Gang without it, replayed and confirmed by the engine."""
READINGS = "readings"
"""The readings under which a Gang has it, each with its witness or its proof."""
UNKNOWN = "unknown"
"""Not settled in the time or rounds given; the answer says what was established."""
BUG = "bug"
"""The model's Gang was refused or read otherwise by the engine: a finding to report, never an answer."""


@attrs.frozen
class GangFound:
    """A Gang the engine replayed: the deck (top first), the starter, the action codes and the rules it was played under."""

    deck: tuple[Card, ...]
    starter: Player
    actions: tuple[str, ...]
    rules: Rules

    def state(self) -> GangState:
        """The engine's final state of this Gang."""
        state = start_gang(Deal.from_deck(self.deck), self.starter, self.rules)
        for code in self.actions:
            state = state.apply(code)
        return state

    def trace(self) -> dict[str, Any]:
        """The Gang as a trace of kind ``gang`` with the reference's claims: ``schwinget verify`` accepts it."""
        return gang_trace(self.state(), trace_id="schwinget-ask")

    def lines(self) -> list[Line]:
        """The Gang told Schwung by Schwung, with the clause behind each trick, as ``schwinget replay`` tells it."""
        told = replay_lines(self.trace())
        assert isinstance(told, list), "the engine's own trace conforms"
        # without the replay's title and the Gang's heading: the answer has its own
        return [line for line in told[3:] if line.label or line.text]

    def to_json(self) -> dict[str, Any]:
        """Deal, starter, actions and the switches that differ from ``Rules()``."""
        state = self.state()
        return {
            "deal": state.deal.to_codes(),
            "deck": " ".join(c.code for c in self.deck),
            "starter": self.starter.code,
            "actions": list(self.actions),
            "rules": _changed(self.rules),
            "result": state.result.to_json(),
        }


def _changed(rules: Rules) -> dict[str, Any]:
    defaults = Rules().to_json()
    return {k: v for k, v in rules.to_json().items() if defaults.get(k) != v}


@attrs.frozen
class ReadingRow:
    """One combination of the open switches in a ``readings`` answer: whether a Gang has the proposition under it."""

    switches: tuple[tuple[str, bool], ...]
    possible: bool
    gang: GangFound | None = None
    clauses: tuple[str, ...] = ()


@attrs.frozen
class Answer:
    """The answer to one question.

    ``verdict`` is one of witness, none, proved, counterexample, readings, unknown, bug;
    ``method`` says how it was found and whether it is a proof or a bounded search;
    ``clauses`` the unsat core of a proof (clause ids), ``readings_used`` the fixed
    readings the proof needs; ``gang`` the Gang replayed on the engine; ``rows`` the
    readings table; ``detail`` what else was established (rounds, deals refuted).
    """

    question: str
    kind: str
    verdict: str
    method: str
    seconds: float
    clauses: tuple[str, ...] = ()
    readings_used: tuple[str, ...] = ()
    gang: GangFound | None = None
    rows: tuple[ReadingRow, ...] = ()
    relevant: tuple[str, ...] = ()
    detail: str = ""
    is_proof: bool = False

    @property
    def ok(self) -> bool:
        """False for a bug or an unknown: the question is not settled."""
        return self.verdict not in (BUG, UNKNOWN)

    def headline(self) -> str:
        """The verdict in one sentence."""
        if self.kind in ("any_play", "best_play") and self.verdict in (WITNESS, PROVED, COUNTEREXAMPLE, NONE):
            return {
                WITNESS: "yes: here is a deal and a Gang of it, replayed on the engine",
                PROVED: "yes: proved for every play of the deal",
                COUNTEREXAMPLE: "no: here is a Gang of the deal without it, replayed on the engine",
                NONE: "no: proved that no deal has it",
            }[self.verdict]
        return {
            WITNESS: "yes: here is one, replayed on the engine",
            NONE: "no: proved that none exists",
            PROVED: "yes: proved for every Gang",
            COUNTEREXAMPLE: "no: here is a Gang without it, replayed on the engine",
            READINGS: "it depends on the readings" if 0 < sum(r.possible for r in self.rows) < len(self.rows)
            else ("yes under every reading" if self.rows and all(r.possible for r in self.rows) else "under no reading"),
            UNKNOWN: "not settled",
            BUG: "BUG: the engine does not confirm the model's Gang",
        }[self.verdict]

    def to_json(self) -> dict[str, Any]:
        """The answer as a JSON object (``schwinget ask --json``)."""
        out: dict[str, Any] = {
            "question": self.question,
            "kind": self.kind,
            "verdict": self.verdict,
            "headline": self.headline(),
            "method": self.method,
            "proof": self.is_proof,
            "clauses": list(self.clauses),
            "readings_used": list(self.readings_used),
            "detail": self.detail,
        }
        if self.gang is not None:
            out["gang"] = self.gang.to_json()
        if self.rows:
            out["relevant"] = list(self.relevant)
            out["readings"] = [
                {"switches": dict(r.switches), "possible": r.possible, "clauses": list(r.clauses),
                 **({"gang": r.gang.to_json()} if r.gang is not None else {})}
                for r in self.rows
            ]
        return out

    def text_lines(self, *, tell: bool = True) -> list[str]:
        """The answer as plain lines: verdict, method, core or table, and the Gang told Schwung by Schwung (with ``tell``)."""
        out = [f"question: {self.question}", f"answer:   {self.headline()}", f"method:   {self.method}"]
        if self.clauses:
            out.append(f"clauses:  {', '.join(self.clauses)}")
        if self.readings_used:
            out.append(f"readings: {', '.join(self.readings_used)}")
        if self.rows:
            names = self.relevant
            if not names:
                out.append("readings: no switch changes the answer")
            for row in self.rows:
                shown = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in row.switches if k in names) or "every reading"
                how = "possible (witness replayed)" if row.possible else f"impossible (proved: {', '.join(row.clauses) or 'no clause'})"
                out.append(f"  {shown}: {how}")
        if self.detail:
            out.append(f"detail:   {self.detail}")
        if self.gang is not None:
            g = self.gang
            out.append(f"gang:     deck {' '.join(c.code for c in g.deck)}")
            out.append(f"          starter {g.starter.code}, actions {' '.join(g.actions)}")
            changed = _changed(g.rules)
            if changed:
                out.append(f"          rules {', '.join(f'{k}={v}' for k, v in changed.items())}")
            if tell:
                for line in g.lines():
                    out.append(f"  {line.label:<12} {line.text}".rstrip())
        out.append(f"time:     {self.seconds:.2f} s")
        return out
