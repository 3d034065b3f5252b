"""The ladder: ``schwinget simulate`` between pairs of bots, each pair's share of decided matches and Gänge with 95 % intervals; ``python -m schwinget_spec.studies.ladder`` prints the table of docs/bots.md."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import attrs

from schwinget_spec.checks import check_int
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.studies.balance import wilson
from schwinget_spec.studies.simulate import Setup, SimulationResult, simulate

__all__ = ["DEFAULT_PAIRS", "Rung", "climb", "render"]

DEFAULT_PAIRS: tuple[tuple[str, str], ...] = (
    ("heuristic", "random"),
    ("pimc-8", "random"),
    ("pimc-8", "heuristic"),
    ("pimc", "heuristic"),
    ("pimc", "pimc-8"),
    ("pimc-128", "pimc"),
)
"""The pairs of docs/bots.md's ladder, the stronger (by expectation) first."""


@attrs.frozen
class Rung:
    """One pair's simulation: ``a`` against ``b`` over ``matches`` short matches (Schwingerwertung, default rules)."""

    a: str
    b: str
    matches: int
    match_wins: tuple[int, int, int]
    gang_wins: tuple[int, int, int]

    @classmethod
    def of(cls, result: SimulationResult) -> Rung:
        """The rung of one ``simulate`` result."""
        data = result.results()
        m, g = data["match_wins"], data["gang_wins"]
        return cls(result.setup.bots[0], result.setup.bots[1], data["matches"], (m["a"], m["b"], m["draws"]),
                   (g["a"], g["b"], g["draws"]))


def climb(pairs: Sequence[tuple[str, str]] = DEFAULT_PAIRS, matches: int = 200, seed: int = 0, workers: int = 1) -> list[Rung]:
    """Simulate each pair (``simulate.Setup((a, b), matches, seed)``, bot A at P0 in even matches) and keep its wins."""
    check_int(matches, "matches", minimum=1)
    if isinstance(pairs, str) or not all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
        raise InvalidArgumentError("pairs", f"expected pairs of bot names, got {pairs!r}")
    return [Rung.of(simulate(Setup((a, b), matches, seed), workers)) for a, b in pairs]


def _share(hits: int, trials: int) -> str:
    if trials == 0:
        return "–"
    low, high = wilson(hits, trials)
    return f"{hits:,} of {trials:,} ({100 * hits / trials:.1f} %, {100 * low:.1f}-{100 * high:.1f} %)"


def render(rungs: Sequence[Rung]) -> str:
    """The ladder as a Markdown table: A's share of the decided matches and of the decided Gänge, each with its 95 % Wilson interval."""
    lines = [
        "| A against B | matches (A, B, drawn) | A's share of decided matches | A's share of decided Gänge |",
        "|---|---|---|---|",
    ]
    for r in rungs:
        ma, mb, md = r.match_wins
        ga, gb, _ = r.gang_wins
        lines.append(f"| {r.a} against {r.b} | {ma:,}, {mb:,}, {md:,} | {_share(ma, ma + mb)} | {_share(ga, ga + gb)} |")
    return "\n".join(lines)


def main() -> None:
    """Print the ladder (the defaults are docs/bots.md's)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(render(climb(DEFAULT_PAIRS, args.matches, args.seed, args.workers)))


if __name__ == "__main__":
    main()
