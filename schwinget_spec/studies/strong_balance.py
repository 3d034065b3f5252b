"""Balance between players who see only their own view: the starter's share of Gänge won, drawn and lost, its mean points lead and its Angriffe when two bots of one kind play (``schwinget balance --play``)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import attrs

from schwinget_spec.actions import StartAngriff
from schwinget_spec.bots import Bot
from schwinget_spec.checks import check_int, check_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64, SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, as_system, compute_gang_score
from schwinget_spec.solver.named_bots import BOT_NAMES, make_bot
from schwinget_spec.studies import balance as solved
from schwinget_spec.studies.backends import check_backend, check_workers, run_map
from schwinget_spec.studies.balance import Balance, _mean_interval, _share_cell, balance

__all__ = ["CHUNK", "PlayedBalance", "played_balance", "render_played", "solved_balance"]

_GAMMA = 0x9E3779B97F4A7C15


@attrs.frozen
class PlayedBalance:
    """What two ``play`` bots give the starter over ``deals`` Gänge (``Deal.shuffled(first_seed + i)``, P0 leading Schwung 1).

    The bot at seat ``p`` of Gang ``i`` is ``make_bot(play, seed, rules)`` with ``seed``
    the ``2i + p``-th number of the SplitMix64 stream of ``first_seed``. ``outcomes``
    counts the starter's ``win``, ``draw`` and ``loss``; ``lead`` and ``squares`` sum the
    starter's points lead under ``system`` (hundredths) and its square; ``angriffe`` counts
    the Gänge with an Angriff, ``by_starter`` those the starter started, ``when`` after
    how many Schwünge it came.
    """

    play: str
    system: ScoringSystem
    rules: Rules
    deals: int
    first_seed: int
    outcomes: Counter[str]
    lead: int
    squares: int
    angriffe: int
    by_starter: int
    when: Counter[int]

    def mean_lead(self) -> Fraction:
        """The starter's mean points lead per Gang, in hundredths, exact."""
        return Fraction(self.lead, self.deals)

    def lead_interval(self) -> tuple[float, float]:
        """A 95 % interval of the mean lead (normal approximation), in hundredths (for display)."""
        return _mean_interval(self.lead, self.squares, self.deals)


CHUNK = 250
"""Deals per task of ``played_balance`` (``solved_balance`` takes ``solver.balance.CHUNK``, one bulk call of the solver)."""


def played_balance(
    play: str, deals: int, first_seed: int = 0, system: ScoringSystem | str = ScoringSystem.SCHWINGERWERTUNG,
    rules: Rules | None = None, *, backend: str = "local", workers: int = 1,
) -> PlayedBalance:
    """Play ``deals`` Gänge between two ``play`` bots (``named_bots.BOT_NAMES``) and count what they give the starter.

    The Gänge are played in chunks of ``CHUNK`` deals: as tasks of a Ray cluster with
    ``backend="ray"``, in ``workers`` local processes with more than 1
    (``backends.run_map``), with the same counts. Raises ``InvalidArgumentError`` naming
    the parameter for an unknown bot or backend, a count of workers, or a count or seed
    out of range.
    """
    if play not in BOT_NAMES:
        raise InvalidArgumentError("play", f"expected one of {', '.join(BOT_NAMES)}, got {play!r}")
    check_int(deals, "deals", minimum=1, maximum=10**7)
    check_int(first_seed, "first_seed", minimum=0, maximum=2**64 - 1 - deals)
    scoring = as_system(system)
    rules = Rules() if rules is None else check_type(rules, Rules, "rules")
    jobs = [(play, first_seed, start, min(CHUNK, deals - start), scoring, rules) for start in range(0, deals, CHUNK)]
    outcomes: Counter[str] = Counter()
    when: Counter[int] = Counter()
    lead = squares = angriffe = by_starter = 0
    for part in run_map(_chunk, jobs, check_backend(backend), check_workers(workers)):
        outcomes.update(part.outcomes)
        when.update(part.when)
        lead += part.lead
        squares += part.squares
        angriffe += part.angriffe
        by_starter += part.by_starter
    return PlayedBalance(play, scoring, rules, deals, first_seed, outcomes, lead, squares, angriffe, by_starter, when)


def _chunk(job: tuple[str, int, int, int, ScoringSystem, Rules]) -> PlayedBalance:
    """Deals ``start`` to ``start + count - 1`` of ``played_balance`` (the bots' stream taken up after ``2 * start`` numbers)."""
    play, first_seed, start, deals, scoring, rules = job
    outcomes: Counter[str] = Counter()
    when: Counter[int] = Counter()
    lead = squares = angriffe = by_starter = 0
    # the stream's state after k numbers is its seed + k * 0x9E3779B97F4A7C15
    rng = SplitMix64.seeded((first_seed + 2 * start * _GAMMA) & MASK64)
    for j in range(deals):
        i = start + j
        seeds = []
        for _ in range(2):
            value, rng = rng.next()
            seeds.append(value)
        bots: list[Bot] = [make_bot(play, s, rules) for s in seeds]
        state = start_gang(Deal.shuffled(first_seed + i), Player.P0, rules)
        while not state.is_over:
            player = state.to_move
            action, bots[player] = bots[player].choose(state.view(player))
            if isinstance(action, StartAngriff):
                angriffe += 1
                by_starter += player is Player.P0
                when[len(state.history)] += 1
            state = state.apply(action)
        assert state.result is not None
        points = compute_gang_score(state.result, scoring, rules).points
        value = points[0].hundredths - points[1].hundredths
        winner = state.result.winner
        outcomes["draw" if winner is None else "win" if winner is Player.P0 else "loss"] += 1
        lead += value
        squares += value * value
    return PlayedBalance(play, scoring, rules, deals, first_seed + start, outcomes, lead, squares, angriffe, by_starter,
                         when)


def render_played(result: PlayedBalance) -> str:
    """The table of docs/bots.md for ``result``: shares with 95 % Wilson intervals, the mean lead with its interval."""
    b = result
    low, high = b.lead_interval()
    mean = float(b.mean_lead())
    return "\n".join([
        f"{b.deals:,} deals (Deal.shuffled({b.first_seed}) on), the starter leading, {b.system.label}, "
        f"{b.play} against {b.play}",
        "",
        "| | Gänge (share, 95 % interval) |",
        "|---|---|",
        f"| the starter wins | {_share_cell(b.outcomes['win'], b.deals)} |",
        f"| a draw (Gestellter) | {_share_cell(b.outcomes['draw'], b.deals)} |",
        f"| the starter loses | {_share_cell(b.outcomes['loss'], b.deals)} |",
        f"| the starter's mean points lead | {mean / 100:+.3f} ({low / 100:+.3f} to {high / 100:+.3f}) |",
        f"| a player starts the Angriff | {_share_cell(b.angriffe, b.deals)} |",
        f"| of those, the starter | {_share_cell(b.by_starter, max(1, b.angriffe))} |",
        "| after Schwünge (Gänge with the Angriff) | " + ", ".join(f"{k}: {b.when[k]:,}" for k in sorted(b.when)) + " |",
    ])


def _solved_chunk(job: tuple[int, int, ScoringSystem, int]) -> Balance:
    first_seed, deals, scoring, weighed = job
    return balance(deals, first_seed, scoring, None, weighed)


def solved_balance(
    deals: int, first_seed: int = 0, system: ScoringSystem | str = ScoringSystem.SCHWINGERWERTUNG,
    angriff_deals: int = 0, *, backend: str = "local", workers: int = 1,
) -> Balance:
    """``solver.balance.balance(deals, first_seed, system, None, angriff_deals)`` solved in chunks of ``solver.balance.CHUNK`` deals on ``backend`` (Ray, or ``workers`` local processes), the same counts."""
    check_int(deals, "deals", minimum=1, maximum=10**7)
    check_int(first_seed, "first_seed", minimum=0, maximum=2**64 - 1 - deals)
    check_int(angriff_deals, "angriff_deals", minimum=0, maximum=deals)
    scoring = as_system(system)
    size = solved.CHUNK
    jobs = [(first_seed + start, min(size, deals - start), scoring, max(0, min(size, angriff_deals - start)))
            for start in range(0, deals, size)]
    parts = list(run_map(_solved_chunk, jobs, check_backend(backend), check_workers(workers)))
    outcomes: Counter[str] = Counter()
    when: Counter[int] = Counter()
    for part in parts:
        outcomes.update(part.outcomes)
        when.update(part.when)
    return Balance(
        scoring, parts[0].rules, deals, first_seed, outcomes, sum(b.lead for b in parts), sum(b.squares for b in parts),
        angriff_deals, sum(b.lead_with for b in parts), sum(b.lead_without for b in parts), sum(b.changed for b in parts),
        sum(b.used for b in parts), sum(b.used_by_starter for b in parts), when,
    )
