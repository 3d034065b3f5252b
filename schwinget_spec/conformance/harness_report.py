"""What the conformance harness reports: the kinds of divergence, the first divergence with its reproduction, the report of a run, and its text for people."""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable
from typing import Any

import attrs

from schwinget_spec.clauses import get_clause
from schwinget_spec.conformance.level_report import LevelsReport, format_level_divergence, format_levels
from schwinget_spec.conformance.protocol import gang_rules_to_json, start_message
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = ["Divergence", "DivergenceKind", "HarnessReport", "format_report"]


class DivergenceKind(enum.Enum):
    """How the implementation parted from the reference."""

    WRONG_STATE = "wrong_state"
    """A field of the state (``to_move``, ``tricks``, ``pile_size``, ``hands``) differs after an action or at the start."""
    WRONG_LEGAL_ACTIONS = "wrong_legal_actions"
    """The implementation offers an action the rules forbid, or does not offer one they allow."""
    WRONG_RESULT = "wrong_result"
    """A field of the result of the finished Gang differs."""
    ACCEPTED_ILLEGAL = "accepted_illegal"
    """The implementation accepted an action the rules forbid."""
    REFUSED_LEGAL = "refused_legal"
    """The implementation refused (or failed on) an action the rules allow."""
    PROTOCOL = "protocol"
    """The implementation broke the protocol: timeout, exit, a malformed or overlong answer."""


@attrs.frozen
class Divergence:
    """The first place where the implementation and the reference disagree, with a reproduction.

    The reproduction is ``deal``, ``starter``, ``rules`` and ``actions``: start the Gang,
    apply the actions, and the implementation diverges after the last one (or at the
    start when ``actions`` is empty and ``step`` is None). ``clause_id`` names the
    clause of the booklet the difference points at. ``original_length`` is the number of
    actions before shrinking, ``shrink_replays`` how many replays shrinking took.
    """

    kind: DivergenceKind
    message: str
    source: str
    deal: Deal
    starter: Player
    rules: Rules
    actions: tuple[str, ...]
    step: int | None
    field: str | None = None
    expected: Any = None
    actual: Any = None
    clause_id: str | None = None
    deal_seed: int | None = None
    original_length: int = 0
    shrink_replays: int = 0
    stderr: str = ""
    fresh: str | None = None
    """Whether the reproduction was confirmed on a freshly started implementation: ``"reproduced"``, ``"unshrunk"`` (the shrunk one did not diverge fresh, this unshrunk one did), ``"not_reproduced"`` (neither did), None (not checked)."""
    shrunk_length: int | None = None
    """With ``fresh`` ``"unshrunk"`` or ``"not_reproduced"``: the length of the shrunk reproduction that was set aside."""

    @property
    def signature(self) -> tuple[DivergenceKind, str | None, str | None]:
        """What must stay the same while shrinking: the kind, the field and the clause."""
        return (self.kind, self.field, self.clause_id)

    def protocol_lines(self) -> list[str]:
        """The request lines that replay the reproduction against an implementation, ending with the request that shows the divergence."""
        lines = [json.dumps({"cmd": "hello"}), json.dumps(start_message(self.deal, self.starter, self.rules))]
        lines.extend(json.dumps({"cmd": "apply", "action": a}) for a in self.actions)
        if self.kind is DivergenceKind.WRONG_LEGAL_ACTIONS:
            lines.append(json.dumps({"cmd": "legal"}))
        elif self.kind is DivergenceKind.WRONG_RESULT:
            lines.append(json.dumps({"cmd": "result"}))
        elif self.kind is DivergenceKind.WRONG_STATE:
            lines.append(json.dumps({"cmd": "state"}))
        return lines

    def to_json(self) -> dict[str, Any]:
        """The divergence as a JSON object; the clause's DE and FR text are added when a clause is named."""
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "message": self.message,
            "source": self.source,
            "step": self.step,
            "field": self.field,
            "expected": self.expected,
            "actual": self.actual,
            "clause_id": self.clause_id,
            "reproduction": {
                "deal": self.deal.to_codes(),
                "deal_seed": self.deal_seed,
                "starter": self.starter.code,
                "rules": gang_rules_to_json(self.rules),
                "actions": list(self.actions),
                "protocol_lines": self.protocol_lines(),
            },
            "original_length": self.original_length,
            "shrink_replays": self.shrink_replays,
            "fresh": self.fresh,
            "shrunk_length": self.shrunk_length,
        }
        if self.clause_id is not None:
            clause = get_clause(self.clause_id)
            out["clause_en"] = clause.en
            out["clause_de"] = clause.de
            out["clause_fr"] = clause.fr
        if self.stderr:
            out["stderr"] = self.stderr
        return out


@attrs.frozen
class HarnessReport:
    """What one harness run did and found: ``divergence`` is None when the implementation passed.

    ``startup_error`` is set when the implementation could not be started or did not
    answer ``hello`` properly; then nothing was played.
    """

    implementation: str
    command: tuple[str, ...]
    seed: int
    vectors_played: int
    random_games_played: int
    actions_played: int
    illegal_offered: int
    elapsed_seconds: float
    divergence: Divergence | None = None
    startup_error: str | None = None
    switches: tuple[str, ...] = ()
    deadline_seconds: float | None = None
    """The deadline of the whole run, in seconds (None for an in-process run, which has none)."""
    stopped_at_deadline: bool = False
    """True if the run stopped at its deadline before it played every game: it is not a pass."""
    levels: LevelsReport | None = None
    """The protocol levels (``level_report``): which were declared and checked, and a divergence beyond the Gang's play; None for an in-process run."""

    @property
    def passed(self) -> bool:
        """True if every game agreed with the reference and the run played them all."""
        levels_passed = self.levels is None or self.levels.passed
        return self.divergence is None and self.startup_error is None and not self.stopped_at_deadline and levels_passed

    @property
    def games_played(self) -> int:
        """Vectors and random games played."""
        return self.vectors_played + self.random_games_played

    def to_json(self) -> dict[str, Any]:
        """The report as a JSON object."""
        return {
            "passed": self.passed,
            "implementation": self.implementation,
            "command": list(self.command),
            "seed": self.seed,
            "switches": list(self.switches),
            "vectors_played": self.vectors_played,
            "random_games_played": self.random_games_played,
            "actions_played": self.actions_played,
            "illegal_offered": self.illegal_offered,
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "startup_error": self.startup_error,
            "deadline_seconds": self.deadline_seconds,
            "stopped_at_deadline": self.stopped_at_deadline,
            "divergence": None if self.divergence is None else self.divergence.to_json(),
            **({} if self.levels is None else self.levels.to_json()),
        }


def _codes(cards: Iterable[Any]) -> str:
    return " ".join(str(c) for c in cards)


def format_report(report: HarnessReport) -> str:
    """The report as plain text for people."""
    lines = [f"schwinget conformance harness: {report.implementation}"]
    if report.command:
        lines.append(f"command: {' '.join(report.command)}")
    if report.startup_error is not None:
        lines.append("result: FAILED TO START")
        lines.append(report.startup_error)
        return "\n".join(lines)
    deadline_text = "" if report.deadline_seconds is None else f"{report.deadline_seconds:g} s"
    switches = ", ".join(report.switches) if report.switches else "none (default rules only)"
    lines.append(f"rule switches honoured: {switches}")
    lines.append(
        f"played: {report.vectors_played} vectors, {report.random_games_played} random Gänge "
        f"(seed {report.seed}), {report.actions_played} actions, {report.illegal_offered} illegal "
        f"actions offered, in {report.elapsed_seconds:.2f} s"
    )
    d = report.divergence
    if d is None and report.stopped_at_deadline:
        lines.append(
            f"result: STOPPED AT THE DEADLINE ({deadline_text}, --deadline): no divergence in the games "
            "played, but the run did not finish; not a pass"
        )
        return "\n".join(lines)
    levels = report.levels
    if levels is not None:
        lines.extend(format_levels(levels))
        if d is None:
            lines.append(f"result: {levels.verdict(True)}")
            if levels.divergence is not None:
                lines.append("")
                lines.extend(format_level_divergence(levels.divergence))
            return "\n".join(lines)
    if d is None:
        lines.append("result: PASSED (no divergence from the reference)")
        return "\n".join(lines)
    lines.append("result: DIVERGES" if levels is None else f"result: {levels.verdict(False)}")
    lines.append("")
    lines.append(f"first divergence ({d.kind.value}) in {d.source}:")
    where = "at the start" if d.step is None else f"at step {d.step} (action {d.actions[-1]})"
    lines.append(f"  {where}: {d.message}")
    if d.field is not None and d.kind is not DivergenceKind.PROTOCOL:
        lines.append(f"  {d.field}: reference {json.dumps(d.expected)}, implementation {json.dumps(d.actual)}")
    if d.clause_id is not None:
        clause = get_clause(d.clause_id)
        lines.append(f"  clause {d.clause_id}: {clause.en}")
        lines.append(f"    de: {clause.de}")
        lines.append(f"    fr: {clause.fr}")
    if d.stderr:
        lines.append("  stderr of the implementation (last lines):")
        lines.extend(f"    {line}" for line in d.stderr.strip().splitlines()[-10:])
    lines.append("")
    if d.fresh == "unshrunk":
        lines.append(
            f"reproduction ({len(d.actions)} actions, unshrunk: the shrunk one of {d.shrunk_length} actions "
            "did not diverge on a freshly started implementation; this one did):"
        )
    elif d.fresh == "not_reproduced":
        lines.append(
            f"reproduction ({len(d.actions)} actions, unshrunk) -- NOT REPRODUCED on a freshly started "
            "implementation: the fault depends on what it served before in this run (replay the whole run "
            f"with --seed {report.seed} to see it again):"
        )
    else:
        confirmed = ", confirmed on a freshly started implementation" if d.fresh == "reproduced" else ""
        lines.append(
            f"minimal reproduction ({len(d.actions)} actions, shrunk from {d.original_length} "
            f"in {d.shrink_replays} replays{confirmed}):"
        )
    changed = {k: v for k, v in gang_rules_to_json(d.rules).items() if v != getattr(Rules(), k)}
    lines.append(f"  rules: {'default' if not changed else json.dumps(changed)}")
    lines.append(f"  starter: {d.starter.code}")
    trump = d.deal.trump
    seed_text = "" if d.deal_seed is None else f" (Deal.shuffled({d.deal_seed}))"
    lines.append(f"  deal{seed_text}:")
    lines.append(f"    P0: {_codes(d.deal.hands[0])}")
    lines.append(f"    P1: {_codes(d.deal.hands[1])}")
    lines.append(f"    revealed: {d.deal.revealed} (trump {'none' if trump is None else trump.code})")
    lines.append(f"    face_down: {_codes(d.deal.face_down)}")
    lines.append(f"    pile: {_codes(d.deal.pile)}")
    lines.append(f"  actions: {' '.join(d.actions) if d.actions else '(none)'}")
    lines.append("  replay by sending these lines:")
    lines.extend(f"    {line}" for line in d.protocol_lines())
    return "\n".join(lines)

