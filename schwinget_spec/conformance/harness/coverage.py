"""Coverage of a conformance run: how often it exercised each clause and each named situation, per level, and what it left out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.harness.situations import SITUATIONS
from schwinget_spec.conformance.vectors.gang_search import features_of
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = [
    "LEVELS",
    "UNOBSERVABLE_CLAUSES",
    "Coverage",
    "CoverageCounter",
    "clause_level",
]

LEVELS: tuple[str, ...] = ("gang", "scoring", "match", "schwingfest")
"""The levels at which a run can check an implementation, in the order the report names them."""

UNOBSERVABLE_CLAUSES: Mapping[str, str] = MappingProxyType({
    "deal.hand_private": "what a player may see is not observable: the harness sees both hands",
})
"""Clauses no run can exercise, each with the reason; the report lists them apart."""

_LEVEL_PREFIXES: tuple[tuple[str, str], ...] = (
    ("scoring.", "scoring"),
    ("table.", "scoring"),
    ("setup.gangkarten", "match"),
    ("match.", "match"),
    ("fest.", "schwingfest"),
)
_IMPLIED: Mapping[str, tuple[str, ...]] = {
    "gang.turn": ("setup.two_players",),
    "angriff.stier_on_pile": ("setup.angriffskarte",),
}
"""Clauses every game exercising the key exercises too: a Gang has two players, an Angriff is made with the Angriff card."""


def clause_level(clause_id: str) -> str:
    """The level whose play exercises ``clause_id``: one of ``LEVELS``."""
    for prefix, level in _LEVEL_PREFIXES:
        if clause_id.startswith(prefix):
            return level
    return "gang"


@attrs.frozen
class Coverage:
    """What a run exercised: per clause and per named situation the number of games that showed it, and the levels checked.

    ``clauses`` and ``situations`` hold every clause of the registry and every named
    situation, with their counts (0 for those not reached). ``checked`` are the levels the
    run played against the implementation, ``not_checked`` the others: their clauses and
    situations are not counted as unreached but as not checked. ``target`` is the count
    steered play aimed at for each named situation (0: no steering).
    """

    clauses: tuple[tuple[str, int], ...]
    situations: tuple[tuple[str, int], ...]
    checked: tuple[str, ...] = ("gang",)
    not_checked: tuple[str, ...] = ("scoring", "match", "schwingfest")
    target: int = 0
    counted: tuple[str, ...] = ("gang",)
    impossible: tuple[str, ...] = ()

    def _checked_clause(self, clause_id: str) -> bool:
        return clause_id not in UNOBSERVABLE_CLAUSES and clause_level(clause_id) in self.checked and clause_level(clause_id) in self.counted

    @property
    def unreached_clauses(self) -> tuple[str, ...]:
        """Clauses of a checked level that no game exercised."""
        return tuple(c for c, n in self.clauses if n == 0 and self._checked_clause(c))

    @property
    def unreached_situations(self) -> tuple[str, ...]:
        """Named situations of a checked level that no game reached."""
        levels = {s.name: s.level for s in SITUATIONS}
        return tuple(
            s for s, n in self.situations
            if n == 0 and levels[s] in self.checked and levels[s] in self.counted and s not in self.impossible
        )

    @property
    def below_target(self) -> tuple[str, ...]:
        """Situations of a level counted by the run reached, but fewer times than steered play aimed at."""
        levels = {s.name: s.level for s in SITUATIONS}
        return tuple(s for s, n in self.situations if 0 < n < self.target and levels[s] in self.counted)

    @property
    def complete(self) -> bool:
        """True when every level was checked and every clause and situation of it reached."""
        return not self.not_checked and not self.unreached_clauses and not self.unreached_situations

    def to_json(self) -> dict[str, Any]:
        """The coverage as a JSON object."""
        return {
            "checked": list(self.checked),
            "not_checked": list(self.not_checked),
            "complete": self.complete,
            "counted": list(self.counted),
            "impossible_situations": list(self.impossible),
            "target_per_situation": self.target,
            "clauses": dict(self.clauses),
            "situations": dict(self.situations),
            "unreached_clauses": list(self.unreached_clauses),
            "unreached_situations": list(self.unreached_situations),
            "unobservable_clauses": dict(UNOBSERVABLE_CLAUSES),
        }

    def lines(self) -> list[str]:
        """The coverage as lines of text: every clause and situation of a checked level with its count."""
        out = ["coverage (games that exercised each clause / reached each situation):"]
        for level in self.checked:
            if level not in self.counted:
                out.append(f"  {level}: checked; its clauses and situations are not counted by this run")
                continue
            rows = [(c, n) for c, n in self.clauses if clause_level(c) == level and c not in UNOBSERVABLE_CLAUSES]
            out.extend(_wrapped(f"  {level} clauses:", [f"{c} {n}" for c, n in rows]))
            levels = {s.name: s.level for s in SITUATIONS}
            sits = [(s, n) for s, n in self.situations if levels[s] == level]
            if sits:
                out.extend(_wrapped(f"  {level} situations:", [f"{s} {n}" for s, n in sits]))
        if self.below_target:
            out.extend(_wrapped(f"  reached fewer than {self.target} times:", list(self.below_target)))
        if self.impossible:
            out.extend(_wrapped("  impossible under these rules:", list(self.impossible)))
        if self.not_checked:
            out.extend(_wrapped("  not checked (the implementation is not driven at these levels):", list(self.not_checked)))
        return out


_WIDTH = 80


def _wrapped(head: str, items: Sequence[str]) -> list[str]:
    """``head`` and the comma-separated ``items``, wrapped at ``_WIDTH`` columns between items, the rest indented."""
    lines = [head]
    for i, item in enumerate(items):
        text = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(text) > _WIDTH and lines[-1].strip() != head.strip():
            lines.append("     ")
        lines[-1] += " " + text
    return lines


@attrs.define
class CoverageCounter:
    """Counts, game by game, the clauses and situations a run exercised (the harness's and the levels' play add to it)."""

    clauses: Counter[str] = attrs.field(factory=Counter)
    situations: Counter[str] = attrs.field(factory=Counter)
    levels: set[str] = attrs.field(factory=set)

    def add(self, clauses: Iterable[str] = (), situations: Iterable[str] = (), level: str = "gang") -> None:
        """Count one game of ``level`` that exercised ``clauses`` and reached ``situations`` (each counted once)."""
        self.levels.add(level)
        found = set(clauses)
        for key, implied in _IMPLIED.items():
            if key in found:
                found.update(implied)
        self.clauses.update(c for c in found if c in CLAUSES)
        self.situations.update(set(situations))

    def add_counts(
        self, clauses: Iterable[tuple[str, int]], situations: Iterable[tuple[str, int]], levels: Iterable[str]
    ) -> None:
        """Add counts made elsewhere (the level play's, per clause and situation) for the games of ``levels``."""
        self.levels.update(levels)
        for clause_id, n in clauses:
            if clause_id in CLAUSES:
                self.clauses[clause_id] += n
        for name, n in situations:
            self.situations[name] += n

    def add_gang(
        self,
        deal: Deal,
        starter: Player,
        rules: Rules,
        actions: Sequence[str],
        *,
        seeded: bool,
        refused: Collection[str] = (),
        situations: Iterable[str] = (),
    ) -> None:
        """Count one Gang played in lock step: the legal ``actions`` and the clauses of the offers ``refused``."""
        found = set(features_of(deal, starter, actions, rules, seeded=seeded))
        found.update(refused)
        self.add(found, situations)

    def report(self, checked: Collection[str] = ("gang",), target: int = 0, impossible: Collection[str] = ()) -> Coverage:
        """The coverage so far, for a run that checked the levels ``checked`` (the levels some game was counted at are ``counted``)."""
        return Coverage(
            clauses=tuple((c, self.clauses[c]) for c in CLAUSES),
            situations=tuple((s.name, self.situations[s.name]) for s in SITUATIONS),
            checked=tuple(level for level in LEVELS if level in checked),
            not_checked=tuple(level for level in LEVELS if level not in checked),
            target=target,
            counted=tuple(level for level in LEVELS if level in self.levels),
            impossible=tuple(sorted(impossible)),
        )
