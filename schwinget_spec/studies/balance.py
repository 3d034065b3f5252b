"""Balance under perfect information: the starter's share of Gänge won, drawn and lost and its mean points lead when both play best, and what the Angriff is worth; ``python -m schwinget_spec.studies.balance`` prints the table of docs/bots.md."""

from __future__ import annotations

import argparse
import math
from collections import Counter
from fractions import Fraction

import attrs

from schwinget_spec.checks import check_int, check_type
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, as_system
from schwinget_spec.solver import compiled

__all__ = ["CHUNK", "Balance", "balance", "balance_by_deal", "render", "wilson"]

CHUNK = 2000
"""Deals per call of the compiled solver's bulk call (``compiled.values_of_seeds``)."""

_Z95 = 1.959964


def wilson(hits: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``hits / trials`` (for display); (0, 1) when ``trials`` is 0.

    ``InvalidArgumentError`` names ``trials`` (an int of at least 0) or ``hits`` (an int
    from 0 to ``trials``).
    """
    check_int(trials, "trials", minimum=0)
    check_int(hits, "hits", minimum=0, maximum=trials)
    if trials == 0:
        return (0.0, 1.0)
    p = hits / trials
    z2 = _Z95 * _Z95
    centre = p + z2 / (2 * trials)
    spread = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return ((centre - spread) / (1 + z2 / trials), (centre + spread) / (1 + z2 / trials))


def _mean_interval(total: int, squares: int, count: int) -> tuple[float, float]:
    """A 95 % interval of the mean of ``count`` values summing to ``total`` with squares summing to ``squares`` (normal approximation, for display)."""
    mean = total / count
    variance = max(0.0, squares / count - mean * mean) * count / max(1, count - 1)
    half = _Z95 * math.sqrt(variance / count)
    return (mean - half, mean + half)


def _share_cell(hits: int, trials: int) -> str:
    """A table cell for the share ``hits / trials``: the count, the percentage and its 95 % Wilson interval."""
    low, high = wilson(hits, trials)
    return f"{hits:,} ({100 * hits / trials:.1f} %, {100 * low:.1f}-{100 * high:.1f} %)"


@attrs.frozen
class Balance:
    """What best play gives the starter over ``deals`` deals (``Deal.shuffled(first_seed + i)``, the starter leading Schwung 1).

    ``outcomes`` counts the starter's ``win``, ``draw`` and ``loss``; ``lead`` is the sum
    of the starter's points lead (hundredths) and ``squares`` the sum of its squares.
    Without the Angriff (``angriff_deals`` of the deals, the first ones): ``lead_without``
    and ``squares_without`` likewise, ``changed`` how many values the option changes,
    ``used`` how many of them have an optimal line with the Angriff (the first optimal
    action in the engine's order, where the Angriff comes first), by the starter
    (``used_by_starter``), and ``when`` after how many Schwünge it was started.
    """

    system: ScoringSystem
    rules: Rules
    deals: int
    first_seed: int
    outcomes: Counter[str]
    lead: int
    squares: int
    angriff_deals: int
    lead_with: int
    lead_without: int
    changed: int
    used: int
    used_by_starter: int
    when: Counter[int]

    def mean_lead(self) -> Fraction:
        """The starter's mean points lead per Gang, in hundredths, exact."""
        return Fraction(self.lead, self.deals)

    def lead_interval(self) -> tuple[float, float]:
        """A 95 % interval of the mean lead (normal approximation), in hundredths (for display)."""
        return _mean_interval(self.lead, self.squares, self.deals)


def _checked(
    deals: int, first_seed: int, system: ScoringSystem | str, rules: Rules | None, angriff_deals: int | None,
) -> tuple[ScoringSystem, Rules, int]:
    """The arguments of ``balance`` and ``balance_by_deal`` checked: the system, the rules and the count of deals weighed without the Angriff."""
    check_int(deals, "deals", minimum=1, maximum=10**7)
    check_int(first_seed, "first_seed", minimum=0, maximum=2**64 - 1 - deals)
    scoring = as_system(system)
    rules = Rules() if rules is None else check_type(rules, Rules, "rules")
    weighed = deals if angriff_deals is None else check_int(angriff_deals, "angriff_deals", minimum=0, maximum=deals)
    return scoring, rules, weighed


def balance(
    deals: int, first_seed: int = 0, system: ScoringSystem | str = ScoringSystem.SCHWINGERWERTUNG,
    rules: Rules | None = None, angriff_deals: int | None = None,
) -> Balance:
    """Solve ``deals`` deals with the compiled solver and count what best play gives the starter (P0 leads Schwung 1).

    The first ``angriff_deals`` deals (all by default) are also solved without the
    Angriff (``compiled.NO_ANGRIFF``) and for one optimal line (``compiled.solve``'s). The
    deals are solved ``CHUNK`` at a time by the bulk call ``compiled.values_of_seeds``,
    which gives the same values and lines as ``compiled.value`` and ``compiled.solve`` deal
    by deal. Raises ``InvalidArgumentError`` naming the parameter for a count or seed out
    of range.
    """
    scoring, rules, weighed = _checked(deals, first_seed, system, rules, angriff_deals)
    outcomes: Counter[str] = Counter()
    when: Counter[int] = Counter()
    lead = squares = lead_with = lead_without = changed = used = by_starter = 0
    plain = compiled.SolveConfig(rules, scoring)
    for start in range(0, deals, CHUNK):
        count = min(CHUNK, deals - start)
        seeds = list(range(first_seed + start, first_seed + start + count))
        with_angriff = max(0, min(count, weighed - start))
        values: list[int] = []
        if with_angriff:
            # the deals also weighed without the Angriff: the value, the value without, the optimal line's Angriff
            configs = [plain, compiled.SolveConfig(rules, scoring, compiled.NO_ANGRIFF)]
            found = compiled.values_of_seeds(seeds[:with_angriff], Player.P0, configs, line=0)
            assert found.angriffe is not None
            for d, angriff in enumerate(found.angriffe):
                value, without = found.value(d, 0), found.value(d, 1)
                values.append(value)
                lead_with += value
                lead_without += without
                changed += value != without
                if angriff is not None:
                    player, schwuenge = angriff
                    used += 1
                    by_starter += player is Player.P0
                    when[schwuenge] += 1
        if with_angriff < count:
            values.extend(compiled.values_of_seeds(seeds[with_angriff:], Player.P0, [plain]).values)
        for value in values:
            outcomes["win" if value > 0 else "loss" if value < 0 else "draw"] += 1
            lead += value
            squares += value * value
    return Balance(scoring, rules, deals, first_seed, outcomes, lead, squares, weighed, lead_with, lead_without,
                   changed, used, by_starter, when)


def balance_by_deal(
    deals: int, first_seed: int = 0, system: ScoringSystem | str = ScoringSystem.SCHWINGERWERTUNG,
    rules: Rules | None = None, angriff_deals: int | None = None,
) -> Balance:
    """``balance`` computed deal by deal from each Gang's state (``compiled.value`` and ``compiled.solve``, the line played through the engine): the check of the bulk call and the baseline of ``benchmarks/bench_strong_study.py``."""
    scoring, rules, weighed = _checked(deals, first_seed, system, rules, angriff_deals)
    outcomes: Counter[str] = Counter()
    when: Counter[int] = Counter()
    lead = squares = lead_with = lead_without = changed = used = by_starter = 0
    for i in range(deals):
        state = start_gang(Deal.shuffled(first_seed + i), Player.P0, rules)
        value = compiled.value(state, scoring)
        outcomes["win" if value > 0 else "loss" if value < 0 else "draw"] += 1
        lead += value
        squares += value * value
        if i >= weighed:
            continue
        without = compiled.value(state, scoring, compiled.NO_ANGRIFF)
        lead_with += value
        lead_without += without
        changed += value != without
        line = compiled.solve(state, scoring).line
        if "A" in line:
            used += 1
            game = state
            for code in line[: line.index("A")]:
                game = game.apply(code)
            by_starter += game.to_move is Player.P0
            when[len(game.history)] += 1
    return Balance(scoring, rules, deals, first_seed, outcomes, lead, squares, weighed, lead_with, lead_without,
                   changed, used, by_starter, when)


def _points(hundredths: float, _system: ScoringSystem) -> str:
    # points with three decimals, for display: the sums themselves are exact ints
    return f"{hundredths / 100:+.3f}"


def render(result: Balance) -> str:
    """The table of docs/bots.md for ``result``: shares with 95 % Wilson intervals, the mean lead with its interval."""
    b = result
    low, high = b.lead_interval()
    mean = float(b.mean_lead())
    n = b.angriff_deals
    lines = [
        f"{b.deals:,} deals (Deal.shuffled({b.first_seed}) on), the starter leading, {b.system.label}, best play by both",
        "",
        "| | Gänge (share, 95 % interval) |",
        "|---|---|",
        f"| the starter wins | {_share_cell(b.outcomes['win'], b.deals)} |",
        f"| a draw (Gestellter) | {_share_cell(b.outcomes['draw'], b.deals)} |",
        f"| the starter loses | {_share_cell(b.outcomes['loss'], b.deals)} |",
        f"| the starter's mean points lead | {_points(mean, b.system)} ({_points(low, b.system)} to {_points(high, b.system)}) |",
    ]
    if n:
        lines += [
            f"| the first {n:,} deals: the Angriff changes the value | {_share_cell(b.changed, n)} |",
            f"| the starter's mean lead with / without the Angriff | {_points(b.lead_with / n, b.system)} / "
            f"{_points(b.lead_without / n, b.system)} |",
            f"| an optimal line starts the Angriff | {_share_cell(b.used, n)} |",
            f"| of those, started by the starter | {_share_cell(b.used_by_starter, max(1, b.used))} |",
            "| after Schwünge (optimal lines with the Angriff) | "
            + ", ".join(f"{k}: {b.when[k]:,}" for k in sorted(b.when)) + " |",
        ]
    return "\n".join(lines)


def main() -> None:
    """Print the table (the defaults are the figures of docs/bots.md)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--angriff-deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--system", choices=("schwingerwertung", "punktewertung"), default="schwingerwertung")
    args = parser.parse_args()
    print(render(balance(args.deals, args.seed, args.system, None, min(args.angriff_deals, args.deals))))


if __name__ == "__main__":
    main()
