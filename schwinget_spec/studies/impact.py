"""How much each rule switch matters: the same deals and the same random choices played under the default and under each other reading."""

from __future__ import annotations

import math
import typing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

import attrs

from schwinget_spec import twin
from schwinget_spec.actions import Action
from schwinget_spec.checks import check_callable, check_int, field_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangResult, GangState, Outcome
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64, SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, start_schwingfest
from schwinget_spec.scoring import Points, ScoringSystem, compute_gang_score
from schwinget_spec.twin.codes import decode_result
from schwinget_spec.twin.pure import play_pair

__all__ = [
    "DEFAULT_FESTS",
    "DEFAULT_GAENGE",
    "DEFAULT_MATCHES",
    "FEST_NAMES",
    "LEVELS",
    "Z95",
    "ImpactRow",
    "Level",
    "Progress",
    "StreamChooser",
    "StrongCounts",
    "engines",
    "format_table",
    "interval",
    "measure",
    "plan",
    "play_pair",
    "readings",
    "runs_for",
    "total_gaenge",
    "weight_change",
]

Level = Literal["gang", "match", "fest"]

LEVELS: dict[str, Level] = {
    "special_cards_follow_colour": "gang",
    "void_konter_beats_six": "gang",
    "void_kampfrichter_neutralises": "gang",
    "konter_beats_trump_six": "gang",
    "konter_loses_to_kampfrichter": "gang",
    "good_loser_after_plattwurf": "gang",
    "draw_tie_starter": "match",
    "match_draw": "match",
    "fest_starter": "fest",
    "fest_tiebreak": "fest",
}
"""Where each switch acts: in a Gang (its play or its score), in a match (who starts), or in a Schwingfest."""

DEFAULT_GAENGE = 300_000
"""Gänge per Gang switch reading when ``games`` is not given: every share then has a 95 % interval narrower than ±0.2 percentage points (±0.179 at worst, a share of 50 %)."""
DEFAULT_MATCHES = 300_000 if twin.ENGINE == "twin" else 1250
"""Matches per match switch reading when ``games`` is not given: 300,000 with the twin (within ±0.179 points, as for a Gang), 1,250 without it."""
DEFAULT_FESTS = 300_000 if twin.ENGINE == "twin" else 416
"""Schwingfeste per fest switch reading when ``games`` is not given: 300,000 with the twin, 416 without it."""
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

FEST_NAMES = ("Anna", "Beat", "Chris", "Dora")
"""The four Schwinger of each measured Schwingfest, youngest first."""

Progress = Callable[[int], None]
"""Called with the number of Gänge just played (both readings counted), for a progress bar."""

_LEVEL_NAMES: tuple[Level, ...] = typing.get_args(Level)
_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
_GAMMA = 0x9E3779B97F4A7C15


@attrs.frozen
class StrongCounts:
    """How often one reading changed a game between strong players, out of ``runs`` paired runs on the same deals.

    ``play`` names the players: ``"solver"`` (both play the compiled solver's optimal
    line, every card known; a Gang's figures are its solved values) or a bot of
    ``named_bots.make_bot`` at both seats. ``outcome`` counts the runs whose winner changed
    (a Gang: who wins, or a Gestellter; a match: its winner or a draw; a fest: who ranks
    first); ``points_sw``/``points_pw`` those whose points changed under the
    Schwingerwertung/Punktewertung (a Gang's points difference, the match's or fest's
    totals). ``shift_sw`` (Gang rows only, else None) is the sum over the runs of how far
    the reading moved the starter's points lead under the Schwingerwertung, in hundredths.
    """

    play: str
    runs: int
    outcome: int
    points_sw: int
    points_pw: int
    shift_sw: int | None

    @property
    def counts(self) -> tuple[int, int, int]:
        """Outcome and both points counts, in table order."""
        return (self.outcome, self.points_sw, self.points_pw)

    @property
    def margin(self) -> float:
        """The widest distance, in percentage points, from a share of these counts to either end of its 95 % interval."""
        widest = 0.0
        for count in self.counts:
            low, high = interval(count, self.runs)
            widest = max(widest, count / self.runs - low, high - count / self.runs)
        return 100 * widest


@attrs.frozen
class ImpactRow:
    """How often one non-default reading of one switch changed something, out of ``runs`` paired runs.

    A run is a Gang for a Gang switch, a short match (under each scoring system) for a
    match switch, a Schwingfest of 4 (under each scoring system) for a fest switch. Each
    count is the number of runs in which the reading changed: ``legal`` the legal actions
    at some step reached by the same play under both readings; ``tricks`` the trick counts
    of some Gang; ``outcome`` the Gang's outcome or winner (for a match: its winner or a
    draw; for a fest: who ranks first); ``points_sw``/``points_pw`` the points under the
    Schwingerwertung/Punktewertung (of the Gang, of the match totals, of the fest totals);
    ``starters`` who starts some Gang; ``ranks`` the fest's ranks. None: not measured at
    that level. ``engine`` says which engine played the Gänge: ``"twin"`` (compiled, Gang
    switches only) or ``"python"`` (the readable engine). ``strong``: the same reading
    weighed between strong players on the same deals (``impact_strong.weigh``), or None.
    """

    switch: str
    reading: str
    level: Level
    runs: int
    legal: int | None
    tricks: int
    outcome: int
    points_sw: int
    points_pw: int
    starters: int | None
    ranks: int | None
    engine: str = "python"
    strong: StrongCounts | None = None

    @property
    def counts(self) -> tuple[int | None, ...]:
        """The seven counts in table order: legal moves, tricks, outcome, both points, starters, ranks."""
        return (self.legal, self.tricks, self.outcome, self.points_sw, self.points_pw, self.starters, self.ranks)

    @property
    def margin(self) -> float:
        """The widest distance, in percentage points, from a share of this row to either end of its 95 % interval."""
        widest = 0.0
        for count in self.counts:
            if count is not None:
                low, high = interval(count, self.runs)
                share = count / self.runs
                widest = max(widest, share - low, high - share)
        return 100 * widest

    def as_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready mapping, with the 95 % interval of each count (as shares of the runs)."""
        out = attrs.asdict(self)
        names = ("legal", "tricks", "outcome", "points_sw", "points_pw", "starters", "ranks")
        out["interval95"] = {
            name: None if count is None else list(interval(count, self.runs))
            for name, count in zip(names, self.counts, strict=True)
        }
        if self.strong is not None:
            out["strong"]["interval95"] = {
                name: list(interval(count, self.strong.runs))
                for name, count in zip(("outcome", "points_sw", "points_pw"), self.strong.counts, strict=True)
            }
            out["strong"]["weight"] = weight_change(self)
        return out


def interval(count: int, runs: int) -> tuple[float, float]:
    """The Wilson score interval (95 %) of the share ``count / runs``: sound near 0 and 1, where the normal one collapses."""
    check_int(runs, "runs", minimum=1)
    check_int(count, "count", minimum=0, maximum=runs)
    share, z2 = count / runs, Z95 * Z95
    centre = (share + z2 / (2 * runs)) / (1 + z2 / runs)
    half = Z95 * math.sqrt(share * (1 - share) / runs + z2 / (4 * runs * runs)) / (1 + z2 / runs)
    return max(0.0, centre - half), min(1.0, centre + half)


# -- the same choices under two readings


@attrs.define
class StreamChooser:
    """Picks ``legal[x % len(legal)]`` for the next number ``x`` of a SplitMix64 stream: one draw per decision."""

    rng: SplitMix64 = attrs.field(validator=field_type(SplitMix64), on_setattr=attrs.setters.NO_OP)

    @classmethod
    def seeded(cls, seed: int) -> StreamChooser:
        """The chooser drawing from ``SplitMix64.seeded(seed)``."""
        return cls(SplitMix64.seeded(seed))

    def draw(self) -> int:
        """The next number of the stream."""
        value, self.rng = self.rng.next()
        return value


def _pick(state: GangState, x: int) -> Action:
    legal = state.legal_actions()
    return legal[x % len(legal)]


def _play_with(state: GangState, stream: StreamChooser) -> GangState:
    while not state.is_over:
        state = state.apply(_pick(state, stream.draw()))
    return state


# -- the readings


def readings(name: str) -> tuple[Any, ...]:
    """The values of switch ``name`` other than its default, in declaration order."""
    field = attrs.fields_dict(Rules).get(name) if isinstance(name, str) else None
    if field is None:
        raise InvalidArgumentError("name", f"no Rules switch named {name!r}")
    hint = typing.get_type_hints(Rules)[name]
    if hint is bool:
        return (not field.default,)
    return tuple(v for v in typing.get_args(hint) if v != field.default)


def plan(switches: Sequence[str] | None = None) -> list[tuple[str, Any]]:
    """The (switch, non-default reading) pairs to measure, in the order of the Rules fields."""
    names = [f.name for f in attrs.fields(Rules)]
    if switches is not None:
        if isinstance(switches, str) or not isinstance(switches, Sequence):
            raise InvalidArgumentError("switches", f"expected a list of Rules switch names, got {switches!r}")
        unknown = [repr(s) if not isinstance(s, str) else s for s in switches if s not in names]
        if unknown:
            raise InvalidArgumentError(
                "switches", f"no Rules switch named {', '.join(unknown)}; the switches are {', '.join(names)}"
            )
        names = [n for n in names if n in switches]
    missing = [n for n in names if n not in LEVELS]
    if missing:
        raise InvalidArgumentError("switches", f"the impact measure does not know where {', '.join(missing)} acts")
    return [(n, r) for n in names for r in readings(n)]


MAX_GAMES = 1 << 24
"""The most Gänge a measure of one reading plays (16,777,216; ``games`` beyond it is refused, ``InvalidArgumentError``)."""


def runs_for(level: Level, games: int | None) -> int:
    """How many paired runs measure a switch of ``level`` for ``games`` Gänge: Gänge, matches of 4, or fests of 12 Gänge.

    ``games`` None: ``DEFAULT_GAENGE`` Gänge, ``DEFAULT_MATCHES`` matches, ``DEFAULT_FESTS`` fests.
    """
    if level not in _LEVEL_NAMES:
        raise InvalidArgumentError("level", f"expected one of {', '.join(_LEVEL_NAMES)}, got {level!r}")
    if games is None:
        return {"gang": DEFAULT_GAENGE, "match": DEFAULT_MATCHES, "fest": DEFAULT_FESTS}[level]
    check_int(games, "games", minimum=1, maximum=MAX_GAMES)
    return {"gang": games, "match": max(1, games // 4), "fest": max(1, games // 12)}[level]


def engines(switches: Sequence[str] | None = None) -> dict[Level, str]:
    """Which engine plays each level that ``measure`` would measure: the twin plays every level when it is built."""
    levels = {LEVELS[name] for name, _ in plan(switches)}
    return {level: twin.ENGINE for level in ("gang", "match", "fest") if level in levels}


def _seeds(seed: int) -> Iterator[int]:
    rng = SplitMix64.seeded(seed)
    while True:
        value, rng = rng.next()
        yield value


# -- measuring


def _gang_row(name: str, reading: Any, runs: int, seed: int, progress: Progress | None) -> ImpactRow:
    default, other = Rules(), attrs.evolve(Rules(), **{name: reading})
    legal = tricks = outcome = points_sw = points_pw = 0
    results: dict[int, GangResult] = {}
    points: dict[tuple[int, int], tuple[tuple[Points, Points], ...]] = {}

    def decoded(code: int) -> GangResult:
        if code not in results:
            results[code] = decode_result(code)
        return results[code]

    def scored(code: int, k: int) -> tuple[tuple[Points, Points], ...]:
        # the points under both systems, read by the reference scoring once per distinct result
        if (code, k) not in points:
            rules = default if k == 0 else other
            points[code, k] = tuple(compute_gang_score(decoded(code), system, rules).points for system in _SYSTEMS)
        return points[code, k]

    # Gang i: Deal.shuffled of the 2i-th number of the stream of seed, P(i % 2) leading, both
    # readings drawing from one choice stream seeded with the (2i+1)-th (play_pair)
    # (in even chunks for the progress bar: the state of the stream after k numbers is
    # seed + k * 0x9E3779B97F4A7C15, and the starters keep alternating)
    done = 0
    chunk = 50_000 if twin.ENGINE == "twin" else 200
    while done < runs:
        n = min(chunk, runs - done)
        histogram = twin.play_pairs(n, (seed + 2 * done * _GAMMA) & MASK64, default, other)
        done += n
        for (differs, a, b), count in histogram.items():
            ra, rb = decoded(a), decoded(b)
            legal += count * differs
            tricks += count * (ra.tricks != rb.tricks)
            outcome += count * ((ra.outcome, ra.winner) != (rb.outcome, rb.winner))
            pa, pb = scored(a, 0), scored(b, 1)
            points_sw += count * (pa[0] != pb[0])
            points_pw += count * (pa[1] != pb[1])
        if progress is not None:
            progress(2 * n)
    return ImpactRow(
        name, repr(reading), "gang", runs, legal, tricks, outcome, points_sw, points_pw, None, None, twin.ENGINE
    )


def _match(system: ScoringSystem, rules: Rules, deal_seeds: Sequence[int], choice_seeds: Sequence[int]) -> MatchState:
    match = start_match(system, MatchLength.SHORT, Player.P0, rules)
    for deal_seed, choice_seed in zip(deal_seeds, choice_seeds, strict=True):
        state = match.start_next_gang(Deal.shuffled(deal_seed))
        match = match.apply_gang(_play_with(state, StreamChooser.seeded(choice_seed)))
    return match


_PYTHON_ONLY = frozenset({"match_draw"})
"""Match switches the twin's match rows do not read (its winner is the most points, a draw at equal totals); they decide only a finished match's result, so each match is played once, its Gänge by the twin when it is built (``_twin_result_row``), and read under both readings by ``MatchState.result``."""


def _match_row(name: str, reading: Any, runs: int, seed: int, progress: Progress | None) -> ImpactRow:
    default, other = Rules(), attrs.evolve(Rules(), **{name: reading})
    if twin.ENGINE == "twin":
        if name in _PYTHON_ONLY:
            return _twin_result_row(name, reading, runs, seed, progress, readings=(default, other))
        return _twin_match_row(name, reading, runs, seed, progress, readings=(default, other))
    tricks = outcome = starters = 0
    points = [0, 0]
    seeds = _seeds(seed)
    gaenge = MatchLength.SHORT.gaenge
    for _ in range(runs):
        deal_seeds = [next(seeds) for _ in range(gaenge)]
        choice_seeds = [next(seeds) for _ in range(gaenge)]
        changed = {"tricks": False, "outcome": False, "starters": False}
        for k, system in enumerate(_SYSTEMS):
            ma = _match(system, default, deal_seeds, choice_seeds)
            # match_draw decides only the result of a finished match: the same match, read under the other rules
            mb = attrs.evolve(ma, rules=other) if name in _PYTHON_ONLY else _match(system, other, deal_seeds, choice_seeds)
            changed["starters"] |= [g.starter for g in ma.gaenge] != [g.starter for g in mb.gaenge]
            changed["tricks"] |= [g.result.tricks for g in ma.gaenge] != [g.result.tricks for g in mb.gaenge]
            changed["outcome"] |= ma.result.winner != mb.result.winner
            points[k] += ma.totals != mb.totals
            if progress is not None:
                progress(2 * gaenge)
        tricks += changed["tricks"]
        outcome += changed["outcome"]
        starters += changed["starters"]
    return ImpactRow(name, repr(reading), "match", runs, None, tricks, outcome, points[0], points[1], starters, None)


def _fest(system: ScoringSystem, rules: Rules, deal_seeds: Sequence[int], choice_seeds: Sequence[int]) -> SchwingfestState:
    fest = start_schwingfest(FEST_NAMES, system, rules=rules)
    for meeting, deal_seed, choice_seed in zip(fest.schedule.meetings, deal_seeds, choice_seeds, strict=True):
        state = fest.start_meeting(meeting, Deal.shuffled(deal_seed))
        fest = fest.apply_gang(meeting, _play_with(state, StreamChooser.seeded(choice_seed)))
    return fest


def _ranks(fest: SchwingfestState) -> tuple[int, ...]:
    by_schwinger = {s.schwinger: s.rank for s in fest.standings}
    return tuple(by_schwinger[i] for i in range(len(fest.names)))


def _fest_row(
    name: str, reading: Any, runs: int, seed: int, progress: Progress | None, *, readings: tuple[Rules, Rules] | None = None
) -> ImpactRow:
    # ``readings`` replaces the default and ``name=reading`` (a pair that differs in more than ``name``)
    default, other = (Rules(), attrs.evolve(Rules(), **{name: reading})) if readings is None else readings
    if twin.ENGINE == "twin":
        return _twin_fest_row(name, reading, runs, seed, progress, readings=(default, other))
    tricks = outcome = starters = ranks = 0
    points = [0, 0]
    seeds = _seeds(seed)
    meetings = len(start_schwingfest(FEST_NAMES, _SYSTEMS[0]).schedule.meetings)
    for _ in range(runs):
        deal_seeds = [next(seeds) for _ in range(meetings)]
        choice_seeds = [next(seeds) for _ in range(meetings)]
        changed = dict.fromkeys(("tricks", "outcome", "starters", "ranks"), False)
        for k, system in enumerate(_SYSTEMS):
            fa = _fest(system, default, deal_seeds, choice_seeds)
            fb = _fest(system, other, deal_seeds, choice_seeds)
            changed["starters"] |= [g.starter for g in fa.fought] != [g.starter for g in fb.fought]
            changed["tricks"] |= [g.result.tricks for g in fa.fought] != [g.result.tricks for g in fb.fought]
            ra, rb = _ranks(fa), _ranks(fb)
            changed["ranks"] |= ra != rb
            changed["outcome"] |= {i for i, r in enumerate(ra) if r == 1} != {i for i, r in enumerate(rb) if r == 1}
            points[k] += fa.totals() != fb.totals()
            if progress is not None:
                progress(2 * meetings)
        tricks += changed["tricks"]
        outcome += changed["outcome"]
        starters += changed["starters"]
        ranks += changed["ranks"]
    return ImpactRow(name, repr(reading), "fest", runs, None, tricks, outcome, points[0], points[1], starters, ranks)


# -- match and fest rows through the twin: its Gänge, and match.py's and schwingfest.py's
# decisions (starters, points, ranks) taken again in C over their results, with the points
# of scoring.compute_gang_score in a table; tests/test_twin.py checks every row against the
# readable engine's.

_TIE = {"younger": 0, "drawn_gang_starter": 1, "drawn_gang_other": 2}
_FEST_MODE = {"alternate": 0, "younger": 1, "loser_of_first_meeting": 2}


def _fest_mode(rules: Rules) -> int:
    """The twin's fest mode of ``rules``: ``_FEST_MODE``, and 3 for ``"loser_of_first_meeting"`` whose drawn first meeting lets the older start (``draw_tie_starter="drawn_gang_other"``)."""
    mode = _FEST_MODE[rules.fest_starter]
    return 3 if mode == 2 and rules.draw_tie_starter == "drawn_gang_other" else mode


_TIEBREAK = {"shared": 0, "wins_then_plattwuerfe": 1}


def _score_table(readings: tuple[Rules, Rules]) -> tuple[int, ...]:
    """The points of winner and loser (hundredths) for each reading, system, outcome and good loser's tricks, as compute_gang_score gives them."""
    cells: list[int] = []
    for rules in readings:
        for system in _SYSTEMS:
            for outcome in Outcome:
                for good in (False, True):
                    if outcome is Outcome.GESTELLTER:
                        result = GangResult((3, 3), 6, None, None, None, outcome)
                    else:
                        plattwurf = Player.P0 if outcome.is_plattwurf else None
                        result = GangResult((6, 3 if good else 0), 9, None, plattwurf, Player.P0, outcome)
                    points = compute_gang_score(result, system, rules).points
                    cells += [points[0].hundredths, points[1].hundredths]
    return tuple(cells)


def _chunks(runs: int, seed: int, per_run: int) -> Iterator[tuple[int, int]]:
    # (runs, seed) of each chunk: the stream's state after k numbers is seed + k * 0x9E3779B97F4A7C15
    done = 0
    while done < runs:
        n = min(10_000, runs - done)
        yield n, (seed + per_run * done * _GAMMA) & MASK64
        done += n


def _twin_match_row(
    name: str, reading: Any, runs: int, seed: int, progress: Progress | None, *, readings: tuple[Rules, Rules]
) -> ImpactRow:
    compiled = twin.engine_module()
    gaenge = MatchLength.SHORT.gaenge
    bits = (twin.switch_bits(readings[0]), twin.switch_bits(readings[1]))
    ties = (_TIE[readings[0].draw_tie_starter], _TIE[readings[1].draw_tie_starter])
    scores = _score_table(readings)
    total = [0] * 5
    for n, part_seed in _chunks(runs, seed, 2 * gaenge):
        counts = compiled.match_rows(n, part_seed, bits, ties, scores)
        total = [t + c for t, c in zip(total, counts, strict=True)]
        if progress is not None:
            progress(2 * 2 * gaenge * n)
    tricks, outcome, starters, points_sw, points_pw = total
    return ImpactRow(name, repr(reading), "match", runs, None, tricks, outcome, points_sw, points_pw, starters, None, "twin")


def _twin_result_row(
    name: str, reading: Any, runs: int, seed: int, progress: Progress | None, *, readings: tuple[Rules, Rules]
) -> ImpactRow:
    """A row of a switch of ``_PYTHON_ONLY``: the matches of ``_match_row``, each played once with its Gänge by the twin (``rollout`` draws as ``StreamChooser``), its starters and totals as ``MatchState`` takes them, its result read under both readings by ``MatchState.result``."""
    compiled = twin.engine_module()
    rules = readings[0]
    bits = twin.switch_bits(rules)
    gaenge = MatchLength.SHORT.gaenge
    scored: dict[tuple[ScoringSystem, int], tuple[GangResult, int, int]] = {}
    outcome = 0
    seeds = _seeds(seed)
    for _ in range(runs):
        deal_seeds = [next(seeds) for _ in range(gaenge)]
        choice_seeds = [next(seeds) for _ in range(gaenge)]
        changed = False
        for system in _SYSTEMS:
            totals = [0, 0]
            starter = Player.P0  # match.first_starter: the younger
            played: list[tuple[Player, GangResult]] = []
            for deal_seed, choice_seed in zip(deal_seeds, choice_seeds, strict=True):
                code = compiled.start_seed(deal_seed, int(starter), bits).rollout(choice_seed).result_code
                known = scored.get((system, code))
                if known is None:
                    result = decode_result(code)
                    points = compute_gang_score(result, system, rules).points
                    known = scored[(system, code)] = (result, points[0].hundredths, points[1].hundredths)
                result, p0, p1 = known
                played.append((starter, result))
                totals[0] += p0
                totals[1] += p1
                starter = _next_starter(rules, starter, result, totals)
            if totals[0] == totals[1]:
                match = start_match(system, MatchLength.SHORT, Player.P0, rules)
                for _starter, result in played:
                    match = match.apply_result(result)
                changed |= match.result.winner != attrs.evolve(match, rules=readings[1]).result.winner
            if progress is not None:
                progress(2 * gaenge)  # as _match_row counts them: the same Gänge under both readings
        outcome += changed
    return ImpactRow(name, repr(reading), "match", runs, None, 0, outcome, 0, 0, 0, None, "twin")


def _next_starter(rules: Rules, starter: Player, result: GangResult, totals: Sequence[int]) -> Player:
    """Who starts the Gang after one started by ``starter`` with ``result``, the totals (hundredths) then ``totals``: ``MatchState.next_starter_with_clause``."""
    if result.loser is not None:
        return result.loser
    if totals[0] != totals[1]:
        return Player.P0 if totals[0] < totals[1] else Player.P1
    tie = rules.draw_tie_starter
    if tie == "younger":
        return Player.P0
    return starter if tie == "drawn_gang_starter" else starter.other


def _twin_fest_row(
    name: str, reading: Any, runs: int, seed: int, progress: Progress | None, *, readings: tuple[Rules, Rules]
) -> ImpactRow:
    compiled = twin.engine_module()
    meetings = start_schwingfest(FEST_NAMES, _SYSTEMS[0], rules=readings[0]).schedule.meetings
    schedule = bytes(v for m in meetings for v in (m.a, m.b, m.leg))
    bits = (twin.switch_bits(readings[0]), twin.switch_bits(readings[1]))
    modes = (_fest_mode(readings[0]), _fest_mode(readings[1]))
    tiebreaks = (_TIEBREAK[readings[0].fest_tiebreak], _TIEBREAK[readings[1].fest_tiebreak])
    scores = _score_table(readings)
    total = [0] * 6
    for n, part_seed in _chunks(runs, seed, 2 * len(meetings)):
        counts = compiled.fest_rows(n, part_seed, bits, modes, tiebreaks, schedule, scores)
        total = [t + c for t, c in zip(total, counts, strict=True)]
        if progress is not None:
            progress(2 * 2 * len(meetings) * n)
    tricks, outcome, starters, ranks, points_sw, points_pw = total
    return ImpactRow(
        name, repr(reading), "fest", runs, None, tricks, outcome, points_sw, points_pw, starters, ranks, "twin"
    )


_ROW = {"gang": _gang_row, "match": _match_row, "fest": _fest_row}


def total_gaenge(games: int | None, switches: Sequence[str] | None = None) -> int:
    """How many Gänge ``measure(games, ..., switches)`` plays in all (both readings counted), for a progress bar."""
    if games is not None:
        check_int(games, "games", minimum=1, maximum=MAX_GAMES)
    out = 0
    for name, _ in plan(switches):
        level = LEVELS[name]
        per_run = {"gang": 2, "match": 2 * 2 * MatchLength.SHORT.gaenge, "fest": 2 * 2 * 12}[level]
        out += runs_for(level, games) * per_run
    return out


def measure(
    games: int | None = None, seed: int = 0, switches: Sequence[str] | None = None, progress: Progress | None = None
) -> list[ImpactRow]:
    """One row per (switch, non-default reading): ``games`` random Gänge (or ``games // 4`` matches, ``games // 12`` fests).

    Every reading of every switch is measured on the same deals and the same draws
    (``seed`` starts the SplitMix64 stream of deal seeds and choice seeds), so the rows of
    one call compare readings on identical games. The Gang switches are played by the
    compiled twin when it is built (``schwinget_spec.twin``; the same Gänge, the same
    counts), the match and fest switches by the readable engine. ``games`` None measures
    ``DEFAULT_GAENGE`` Gänge, ``DEFAULT_MATCHES`` matches and ``DEFAULT_FESTS`` fests.
    """
    if games is not None:
        check_int(games, "games", minimum=1, maximum=MAX_GAMES)
    check_int(seed, "seed", minimum=0, maximum=MASK64)
    if progress is not None:
        check_callable(progress, "progress")
    rows = []
    for name, reading in plan(switches):
        level = LEVELS[name]
        rows.append(_ROW[level](name, reading, runs_for(level, games), seed, progress))
    return rows


def _cell(count: int | None, runs: int) -> str:
    if count is None:
        return "–"
    return f"{count} ({100 * count / runs:.1f} %)"


def weight_change(row: ImpactRow) -> str:
    """How the reading's weight under strong play compares with random play: ``"higher"``, ``"lower"``, ``"same"``, per system.

    The weight is the share of runs whose points changed (under the Schwingerwertung,
    under the Punktewertung): the Gang's points, a match's or fest's totals. A system's
    weight counts as changed when the two 95 % (Wilson) intervals do not overlap; the
    answer names each system that changed (``"lower (SW, PW)"``, ``"higher (PW)"``), or
    ``"same"``. ``""`` for a row without ``strong``.
    """
    if row.strong is None:
        return ""
    moved: dict[str, list[str]] = {"higher": [], "lower": []}
    for label, weak, strong in (("SW", row.points_sw, row.strong.points_sw), ("PW", row.points_pw, row.strong.points_pw)):
        a, b = interval(weak, row.runs), interval(strong, row.strong.runs)
        if b[0] > a[1]:
            moved["higher"].append(label)
        elif b[1] < a[0]:
            moved["lower"].append(label)
    words = [f"{word} ({', '.join(systems)})" for word, systems in moved.items() if systems]
    return ", ".join(words) or "same"


def _shift(strong: StrongCounts) -> str:
    if strong.shift_sw is None:
        return "–"
    return f"{strong.shift_sw / 100 / strong.runs:.3f} ({strong.shift_sw / 100:.2f} in all)"


def format_table(rows: Sequence[ImpactRow]) -> str:
    """The rows as a Markdown table: each count with its share of the runs, and the row's widest 95 % interval.

    The tenth column, ``±`` in percentage points, bounds the distance from every share of
    the row to either end of its 95 % (Wilson) interval. Rows weighed under strong play
    (all or none of them) add the strong players' outcome and points counts, the mean
    shift of the starter's points lead (Gang rows), their own ``±`` and how the weight
    compares with random play (``weight_change``).
    """
    head = (
        "| switch = reading | runs | legal moves | tricks | outcome | points (Schwingerwertung) "
        "| points (Punktewertung) | starters | ranks | 95 % interval |"
    )
    rule = "|---|---|---|---|---|---|---|---|---|---|"
    strong = {r.strong.play for r in rows if r.strong is not None}
    if strong and (len(strong) > 1 or any(r.strong is None for r in rows)):
        raise InvalidArgumentError("rows", "the rows of one table are all weighed by the same strong play, or none is")
    if strong:
        play = strong.pop()
        head += (
            f" {play}: outcome | {play}: points (Schwingerwertung) | {play}: points (Punktewertung) "
            f"| {play}: mean shift of the starter's lead (SW points) | {play}: 95 % interval | weight against random play |"
        )
        rule += "---|---|---|---|---|---|"
    lines = [head, rule]
    unit = {"gang": "Gänge", "match": "matches", "fest": "fests"}
    for r in rows:
        line = (
            f"| `{r.switch}={r.reading}` | {r.runs} {unit[r.level]} | "
            + " | ".join(_cell(c, r.runs) for c in r.counts)
            + f" | ± {r.margin:.2f} |"
        )
        if r.strong is not None:
            line += (
                " " + " | ".join(_cell(c, r.strong.runs) for c in r.strong.counts)
                + f" | {_shift(r.strong)} | ± {r.strong.margin:.2f} | {weight_change(r)} |"
            )
        lines.append(line)
    return "\n".join(lines)
