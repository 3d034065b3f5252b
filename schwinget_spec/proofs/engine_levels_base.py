"""What the engine's match and Schwingfest proofs share: the records of a check, a failure and its replay, the Gang kinds without the lemma, small helpers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.gang import GangResult
from schwinget_spec.players import Player
from schwinget_spec.proofs.exhaustive import _kind_results
from schwinget_spec.proofs.match_model import KindVar
from schwinget_spec.proofs.replay import model_bool
from schwinget_spec.proofs.scoring_queries import GangKind, kind_text
from schwinget_spec.proofs.symbolic import WIDTH
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "LevelCheck",
    "LevelFailure",
    "LevelReplay",
    "NoLemma",
    "Tally",
    "engine_kinds",
    "known_kind",
    "system_of",
    "wide",
    "with_good_loser",
]


class NoLemma(KindVar):
    """A ``KindVar`` without the reachability lemma: every kind of an engine result, from either starter."""

    def reachable_from(self, starter_p1: z3.BoolRef) -> z3.BoolRef:
        """True: no lemma."""
        return z3.BoolVal(True)


def engine_kinds() -> dict[GangKind, Any]:
    """One engine result of each of the 17 Gang kinds (``exhaustive._kind_results``)."""
    return dict(_kind_results())


def known_kind(var: KindVar, kinds: Sequence[GangKind]) -> z3.BoolRef:
    """``var`` is well formed and one of ``kinds``."""
    return z3.And(var.well_formed(), z3.Or(*(var.is_kind(k) for k in kinds)))


def wide(term: z3.BitVecRef) -> z3.BitVecRef:
    """``term`` zero-extended to the width of a ``SymInt``."""
    return z3.ZeroExt(WIDTH - term.size(), term)


def with_good_loser(rules: Rules, model: z3.ModelRef, gl: z3.BoolRef) -> Rules:
    """``rules`` with the model's reading of ``good_loser_after_plattwurf``, which the totals of a counterexample rest on."""
    return attrs.evolve(rules, good_loser_after_plattwurf=model_bool(model, gl))


def system_of(model: z3.ModelRef, sw: z3.BoolRef) -> ScoringSystem:
    """The scoring system ``model`` gives the model's Bool ``sw`` (True: the Schwingerwertung)."""
    return ScoringSystem.SCHWINGERWERTUNG if model_bool(model, sw) else ScoringSystem.PUNKTEWERTUNG


@attrs.frozen
class LevelFailure:
    """A disagreement: the family, what was checked, and a counterexample to replay.

    ``part`` names the transition (``match_starter``, ``fest_starter``, ``points``,
    ``totals``, ``winner``, ``ranks``); ``kinds`` are the Gang kinds in match or fest order
    (``fest_meetings(players)``), ``tricks`` their trick counts where the proof reads them,
    ``result`` the one result of a Gang's points.
    """

    family: str
    part: str
    label: str
    kinds: tuple[GangKind, ...]
    rules: Rules
    system: ScoringSystem
    younger: Player = Player.P0
    tricks: tuple[tuple[int, int], ...] = ()
    players: int = 3
    pair: tuple[int, int] = (0, 1)
    result: GangResult | None = None

    def __str__(self) -> str:
        if self.result is not None:
            return f"{self.family}: {self.label}; {kind_text(self.kinds[0])}, tricks {self.result.tricks[0]}:{self.result.tricks[1]}"
        gaenge = ", ".join(
            kind_text(k) + (f" {self.tricks[i][0]}:{self.tricks[i][1]}" if self.tricks else "") for i, k in enumerate(self.kinds)
        )
        return f"{self.family}: {self.label}; Gänge {gaenge}" if gaenge else f"{self.family}: {self.label}; no Gang before it"


@attrs.frozen
class LevelCheck:
    """One family's proof: inputs enumerated or views explored, paths of the engine's code, Z3 checks, failures."""

    family: str
    method: str
    inputs: int
    paths: int
    checks: int
    failures: tuple[LevelFailure, ...]


@attrs.frozen
class LevelReplay:
    """A broken transition's counterexample replayed through the real engine: the engine's answer, the broken one, the model's."""

    engine: str
    broken: str
    model: str

    @property
    def caught(self) -> bool:
        """The engine agrees with the model and the broken transition does not."""
        return self.engine == self.model != self.broken


@attrs.frozen
class Tally:
    """What a part of a proof counted: inputs, paths of the engine's code, Z3 checks."""

    inputs: int = 0
    paths: int = 0
    checks: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.inputs + other.inputs, self.paths + other.paths, self.checks + other.checks)
