"""Who starts and who ranks where under each reading of the match and Schwingfest switches, and how often the situations of the open questions arise: each figure with its number of runs and a 95 % Wilson interval."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

import attrs

from schwinget_spec.actions import Action, PlayCard, StartAngriff
from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.match import MatchLength, MatchState, gaenge_started_by_tie, start_match
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64, SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.studies.impact import FEST_NAMES, LEVELS, MAX_GAMES, StreamChooser, readings
from schwinget_spec.support.safe_text import shown
from schwinget_spec.trick import COLOUR_MASK, SPECIAL_MASK

__all__ = [
    "GANG_SITUATIONS",
    "Figure",
    "SituationRow",
    "StarterRow",
    "format_situations",
    "format_starters",
    "measure_situations",
    "measure_starters",
    "result_situations",
    "step_situations",
    "wilson",
]

_Z95 = 1.959963984540054
_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_share(count: Any, runs: Any) -> None:
    if not _is_int(runs) or runs < 1:
        raise InvalidArgumentError("runs", f"a share needs an integer number of runs, 1 or more, got {shown(runs)}")
    if not _is_int(count) or not 0 <= count <= runs:
        raise InvalidArgumentError("count", f"a share needs an integer count from 0 to runs ({shown(runs)}), got {shown(count)}")


def _check_run(games: Any, seed: Any) -> None:
    # the edge of measure_starters and measure_situations: one Schwingfest of 4 needs 12 Gänge
    if not _is_int(games) or not 12 <= games <= MAX_GAMES:
        raise InvalidArgumentError(
            "games", f"games must be an integer from 12 (one Schwingfest of 4) to {MAX_GAMES}, got {shown(games)}"
        )
    if not _is_int(seed) or not 0 <= seed <= MASK64:
        raise InvalidArgumentError("seed", f"seed must be an integer from 0 to 2**64-1, got {shown(seed)}")


def wilson(count: int, runs: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of the share ``count / runs`` (both bounds in [0, 1]); ``InvalidArgumentError`` unless 0 <= count <= runs and runs >= 1."""
    _check_share(count, runs)
    p = count / runs
    z2 = _Z95 * _Z95
    denominator = 1 + z2 / runs
    centre = (p + z2 / (2 * runs)) / denominator
    half = _Z95 * math.sqrt(p * (1 - p) / runs + z2 / (4 * runs * runs)) / denominator
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == runs else min(1.0, centre + half)
    return low, high


@attrs.frozen
class Figure:
    """``count`` runs out of ``runs`` in which something happened, with its 95 % Wilson interval."""

    count: int
    runs: int

    def __attrs_post_init__(self) -> None:
        _check_share(self.count, self.runs)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the share."""
        return wilson(self.count, self.runs)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.count} / {self.runs} ({100 * self.count / self.runs:.1f} %; {100 * low:.1f}–{100 * high:.1f} %)"

    def as_dict(self) -> dict[str, Any]:
        """The figure as a JSON-ready mapping, the interval included."""
        low, high = self.interval
        return {"count": self.count, "runs": self.runs, "low": low, "high": high}


def _seeds(seed: int) -> Iterator[int]:
    rng = SplitMix64.seeded(seed)
    while True:
        value, rng = rng.next()
        yield value


def _pick(state: GangState, stream: StreamChooser) -> Action:
    legal = state.legal_actions()
    return legal[stream.draw() % len(legal)]


class _Gaenge:
    """The Gänge of one run, each played once per starter: the match and fest switches never change a Gang's play.

    The Gang engine reads only the Gang switches (``tests/test_switches_everywhere.py``),
    so the Gang on a deal with the same choices and the same starter is the same Gang
    under every reading of a match or fest switch; it is played once and handed out
    under the rules of the match or fest that records it.
    """

    def __init__(self) -> None:
        self._played: dict[tuple[int, int, Player], GangState] = {}

    def play(self, deal_seed: int, choice_seed: int, starter: Player, rules: Rules) -> GangState:
        key = (deal_seed, choice_seed, starter)
        state = self._played.get(key)
        if state is None:
            state = start_gang(Deal.shuffled(deal_seed), starter, Rules())
            stream = StreamChooser.seeded(choice_seed)
            while not state.is_over:
                state = state.apply(_pick(state, stream))
            self._played[key] = state
        return state if state.rules == rules else attrs.evolve(state, rules=rules)


# -- who starts and who ranks where


@attrs.frozen
class StarterRow:
    """What one non-default reading of a match or fest switch changed, against the default, on the same games.

    ``runs`` matches (short, the younger is ``P0``) or Schwingfeste of 4, half under each
    scoring system. ``gaenge``: Gänge started by the other player (out of every Gang
    played); ``runs_changed``: runs with at least one such Gang; ``winner``: runs whose
    match winner (or draw) or whose first place differs; ``ranks``: Schwinger whose rank
    in the standings differs (fests only).
    """

    switch: str
    reading: str
    level: Literal["match", "fest"]
    runs: int
    gaenge: Figure
    runs_changed: Figure
    winner: Figure
    ranks: Figure | None

    def as_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready mapping."""
        out: dict[str, Any] = {"switch": self.switch, "reading": self.reading, "level": self.level, "runs": self.runs}
        for name in ("gaenge", "runs_changed", "winner", "ranks"):
            figure = getattr(self, name)
            out[name] = None if figure is None else figure.as_dict()
        return out


def _match(system: ScoringSystem, rules: Rules, seeds: Sequence[tuple[int, int]], gaenge: _Gaenge) -> MatchState:
    match = start_match(system, MatchLength.SHORT, Player.P0, rules)
    for deal_seed, choice_seed in seeds:
        starter = match.next_starter
        assert starter is not None
        match = match.apply_gang(gaenge.play(deal_seed, choice_seed, starter, rules))
    return match


def _fest(system: ScoringSystem, rules: Rules, seeds: Sequence[tuple[int, int]], gaenge: _Gaenge) -> SchwingfestState:
    fest = start_schwingfest(FEST_NAMES, system, rules=rules)
    for meeting, (deal_seed, choice_seed) in zip(fest.schedule.meetings, seeds, strict=True):
        seat = meeting.seat(fest.starter_of(meeting))
        fest = fest.apply_gang(meeting, gaenge.play(deal_seed, choice_seed, seat, rules))
    return fest


def _ranks(fest: SchwingfestState) -> tuple[int, ...]:
    by_schwinger = {s.schwinger: s.rank for s in fest.standings}
    return tuple(by_schwinger[i] for i in range(len(fest.names)))


def _plan(level: str) -> list[tuple[str, Any]]:
    return [(name, r) for name in LEVELS if LEVELS[name] == level for r in readings(name)]


def measure_starters(games: int, seed: int = 0) -> list[StarterRow]:
    """One row per non-default reading of each match and fest switch: ``games // 4`` short matches, ``games // 12`` fests of 4.

    Run ``i`` is scored under the Schwingerwertung when ``i`` is even, under the
    Punktewertung when odd; every reading is compared with the default on the same deals
    and the same draws (``seed`` starts the SplitMix64 stream of deal and choice seeds).
    ``games`` (12 or more) and ``seed`` (0 to 2**64-1) that are not integers in range
    raise ``InvalidArgumentError`` naming the parameter.
    """
    _check_run(games, seed)
    rows: list[StarterRow] = []
    for level, runs, gaenge_per_run in (("match", games // 4, MatchLength.SHORT.gaenge), ("fest", games // 12, 12)):
        plan = _plan(level)
        counts = {key: [0, 0, 0, 0] for key in plan}
        seeds = _seeds(seed)
        for i in range(runs):
            system = _SYSTEMS[i % 2]
            run_seeds = [(next(seeds), next(seeds)) for _ in range(gaenge_per_run)]
            cache = _Gaenge()
            if level == "match":
                base = _match(system, Rules(), run_seeds, cache)
                for key in plan:
                    other = _match(system, attrs.evolve(Rules(), **{key[0]: key[1]}), run_seeds, cache)
                    moved = sum(a.starter != b.starter for a, b in zip(base.gaenge, other.gaenge, strict=True))
                    c = counts[key]
                    c[0] += moved
                    c[1] += moved > 0
                    c[2] += base.result.winner != other.result.winner
            else:
                fest = _fest(system, Rules(), run_seeds, cache)
                ranks = _ranks(fest)
                for key in plan:
                    other_fest = _fest(system, attrs.evolve(Rules(), **{key[0]: key[1]}), run_seeds, cache)
                    moved = sum(a.starter != b.starter for a, b in zip(fest.fought, other_fest.fought, strict=True))
                    other_ranks = _ranks(other_fest)
                    c = counts[key]
                    c[0] += moved
                    c[1] += moved > 0
                    c[2] += {s for s, r in enumerate(ranks) if r == 1} != {s for s, r in enumerate(other_ranks) if r == 1}
                    c[3] += sum(a != b for a, b in zip(ranks, other_ranks, strict=True))
        for (name, reading), (moved, changed, winner, ranked) in counts.items():
            rows.append(
                StarterRow(
                    name,
                    repr(reading),
                    "match" if level == "match" else "fest",
                    runs,
                    Figure(moved, runs * gaenge_per_run),
                    Figure(changed, runs),
                    Figure(winner, runs),
                    Figure(ranked, runs * len(FEST_NAMES)) if level == "fest" else None,
                )
            )
    return rows


def format_starters(rows: Sequence[StarterRow]) -> str:
    """The rows as a Markdown table: each figure as count / runs (share; 95 % interval)."""
    lines = [
        "| switch = reading | runs | Gänge started by the other player | runs with another starter "
        "| winner (match) or first place (fest) changed | Schwinger ranked differently |",
        "|---|---|---|---|---|---|",
    ]
    unit = {"match": "matches", "fest": "fests"}
    for r in rows:
        lines.append(
            f"| `{r.switch}={r.reading}` | {r.runs} {unit[r.level]} | {r.gaenge} | {r.runs_changed} | {r.winner} | "
            + ("–" if r.ranks is None else str(r.ranks))
            + " |"
        )
    return "\n".join(lines)


# -- how often the situations arise


@attrs.frozen
class SituationRow:
    """How often the situation of entry ``entry`` arose: in ``figure.count`` of ``figure.runs`` Gänge, matches or fests."""

    entry: str
    situation: str
    unit: str
    figure: Figure

    def as_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready mapping."""
        return {"entry": self.entry, "situation": self.situation, "unit": self.unit, **self.figure.as_dict()}


GANG_SITUATIONS: dict[str, str] = {
    "AMB-SPECIAL-FARBZWANG": "an answerer holds the led colour and a special card",
    "AMB-KONTER-VOID": "a Konter answers a led 6 from a hand void in its colour",
    "AMB-KAMPFRICHTER-VOID": "a Kampfrichter answers before the last Schwung from a hand void in the led colour",
    "AMB-KONTER-TRUMP-SIX": "the Konter meets a trump 6",
    "AMB-KONTER-VS-KR": "the Kampfrichter meets the Konter before the last Schwung",
    "AMB-KONTER-LED": "a led Konter is answered by a 6",
    "AMB-VOID-TRUMP": "a trump answers a lead of another colour from a hand void in it",
    "AMB-DRAW-BEFORE-CHOICE": "the answerer plays the Kampfrichter and draws before deciding",
    "AMB-ANGRIFF-AFTER-KR": "the Angriff is made while a Kampfrichter trick is pending",
    "AMB-LAST-SCHWUNG": "the Kampfrichter is played on the last Schwung of a Gang with an Angriff",
    "AMB-PLATTWURF-EQUAL": "a Plattwurf with equal trick totals",
    "AMB-GUT-GEKAEMPFT-PLATTWURF": "a Plattwurf whose loser holds 3 tricks or more",
}
"""The situations looked for in every Gang, by entry, in the order of the document."""


def step_situations(state: GangState, action: Action) -> set[str]:
    """The entries of ``GANG_SITUATIONS`` whose situation ``action`` creates when applied to ``state``."""
    if isinstance(action, StartAngriff):
        return {"AMB-ANGRIFF-AFTER-KR"} if state.pending is not None else set()
    if state.phase is not Phase.ANSWER or not isinstance(action, PlayCard):
        return set()
    led, answer = state.led, action.card
    assert led is not None
    hand = state.hands[state.to_move]
    colour, trump = led.colour, state.trump
    void = colour is not None and not hand & COLOUR_MASK[colour]
    last = state.is_last_schwung()
    pair = {led, answer}
    out: set[str] = set()
    if colour is not None and not void and hand & SPECIAL_MASK:
        out.add("AMB-SPECIAL-FARBZWANG")
    if answer is Card.BK and void and led.is_brienzer_schwung:
        out.add("AMB-KONTER-VOID")
    if answer is Card.KR and void and not last:
        out.add("AMB-KAMPFRICHTER-VOID")
    if Card.BK in pair and any(c.is_brienzer_schwung and c.colour is trump for c in pair):
        out.add("AMB-KONTER-TRUMP-SIX")
    if pair == {Card.KR, Card.BK} and not last:
        out.add("AMB-KONTER-VS-KR")
    if led is Card.BK and answer.is_brienzer_schwung:
        out.add("AMB-KONTER-LED")
    if void and trump is not None and answer.colour is trump:
        out.add("AMB-VOID-TRUMP")
    if answer is Card.KR and not last and not state.is_pile_locked and state.pile_size > 0:
        out.add("AMB-DRAW-BEFORE-CHOICE")
    if Card.KR in pair and last and state.angriff is not None:
        out.add("AMB-LAST-SCHWUNG")
    return out


def result_situations(state: GangState) -> set[str]:
    """The entries of ``GANG_SITUATIONS`` whose situation the result of the finished Gang ``state`` shows."""
    result = state.result
    out: set[str] = set()
    if result.plattwurf is not None:
        if result.tricks[0] == result.tricks[1]:
            out.add("AMB-PLATTWURF-EQUAL")
        if result.tricks[result.plattwurf.other] >= 3:
            out.add("AMB-GUT-GEKAEMPFT-PLATTWURF")
    return out


def _gang_situations(state: GangState, stream: StreamChooser) -> set[str]:
    seen: set[str] = set()
    while not state.is_over:
        action = _pick(state, stream)
        seen |= step_situations(state, action)
        state = state.apply(action)
    return seen | result_situations(state)


def _loser_ahead(match: MatchState) -> bool:
    # AMB-LOSER-STARTS: some Gang after the first is started by the loser of the previous
    # Gang while that loser has more points than the winner
    totals = [0, 0]
    for g in match.gaenge[:-1]:
        totals[0] += g.score.points[0].hundredths
        totals[1] += g.score.points[1].hundredths
        loser = g.result.loser
        if loser is not None and totals[loser] > totals[loser.other]:
            return True
    return False


def measure_situations(
    games: int, seed: int = 0, progress: Callable[[int], None] | None = None
) -> list[SituationRow]:
    """How often each situation arises under the default rules with random play (one draw per decision).

    ``games`` single Gänge (the starter alternates), ``games // 4`` short matches and
    ``games // 12`` Schwingfeste of 4, half under each scoring system. ``games`` (12 or
    more), ``seed`` (0 to 2**64-1) and ``progress`` (None or a callable) are checked
    first: a bad one raises ``InvalidArgumentError`` naming it.
    """
    if progress is not None and not callable(progress):
        raise InvalidArgumentError("progress", f"progress must be None or a callable taking a count, got {progress!r}")
    _check_run(games, seed)
    seeds = _seeds(seed)
    gang_counts = dict.fromkeys(GANG_SITUATIONS, 0)
    for i in range(games):
        state = start_gang(Deal.shuffled(next(seeds)), Player(i % 2), Rules())
        for entry in _gang_situations(state, StreamChooser.seeded(next(seeds))):
            gang_counts[entry] += 1
        if progress is not None:
            progress(1)
    rows = [SituationRow(e, GANG_SITUATIONS[e], "Gänge", Figure(gang_counts[e], games)) for e in GANG_SITUATIONS]
    matches = games // 4
    loser_ahead = tie_start = drawn = 0
    for i in range(matches):
        run = [(next(seeds), next(seeds)) for _ in range(MatchLength.SHORT.gaenge)]
        match = _match(_SYSTEMS[i % 2], Rules(), run, _Gaenge())
        loser_ahead += _loser_ahead(match)
        tie_start += bool(gaenge_started_by_tie(match))
        drawn += match.result.winner is None
        if progress is not None:
            progress(MatchLength.SHORT.gaenge)
    rows += [
        SituationRow("AMB-LOSER-STARTS", "the loser of a Gang, who starts the next, is ahead on points", "matches",
                     Figure(loser_ahead, matches)),
        SituationRow("AMB-DRAW-TIE-STARTER", "a Gestellter leaves both players on equal points before the last Gang",
                     "matches", Figure(tie_start, matches)),
        SituationRow("AMB-MATCH-DRAW", "the match ends with equal totals", "matches", Figure(drawn, matches)),
    ]
    fests = games // 12
    shared = shared_first = 0
    for i in range(fests):
        run = [(next(seeds), next(seeds)) for _ in range(12)]
        ranks = _ranks(_fest(_SYSTEMS[i % 2], Rules(), run, _Gaenge()))
        shared += len(set(ranks)) < len(ranks)
        shared_first += ranks.count(1) > 1
        if progress is not None:
            progress(12)
    rows += [
        SituationRow("AMB-FEST-TIES", "two Schwinger or more share a rank", "fests", Figure(shared, fests)),
        SituationRow("AMB-FEST-TIES", "two Schwinger or more share the first rank", "fests", Figure(shared_first, fests)),
    ]
    return rows


def format_situations(rows: Sequence[SituationRow]) -> str:
    """The rows as a Markdown table: each figure as count / runs (share; 95 % interval)."""
    lines = ["| entry | situation | arises in |", "|---|---|---|"]
    for r in rows:
        lines.append(f"| `{r.entry}` | {r.situation} | {r.figure} {r.unit} |")
    return "\n".join(lines)
