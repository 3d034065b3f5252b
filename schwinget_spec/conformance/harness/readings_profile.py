"""The reading profile of an engine: for every rule switch it does not declare, the values its play is consistent with, found by games steered to separate the readings.

An engine that declares no switch in ``hello`` is sent no value of any: it plays its own
reading of every open question of the booklet (``docs/ambiguities.md``). The profile
finds which. The reference plays the same games under every candidate reading at once;
after each step the engine's answer (its legal actions, state and result; its points;
its match starters, totals and winner; its Schwingfest starters and standings) is
compared with the reference's under each candidate, and a candidate that differs once is
out. A step where two readings differing in one switch only give different answers is a
*separating situation* of that switch: each of its values is counted as agreeing there
(some candidate with that value matched the engine) or disagreeing. The games are those
of steered play (``steering.steered_games``, ``steering_levels.steered_levels``), which
aim at the rare situations where the readings part, followed while the engine's own
legal actions allow, then played out at random.

``profile_engine`` runs it over the protocol (a command, or an in-process engine through
``engine_session.LoopbackClient``); ``format_profile`` and ``ReadingProfile.to_json``
report it. ``reading_explaining`` replays one diverging game under the other values of
each switch, one switch at a time, and names those under which the engine agrees: what
the harness report says as "the engine plays AMB-... as `value`: declare it".
``ReadingServer`` serves the reference under given readings without declaring them (an
honest engine of another reading, for tests and examples).
"""

from __future__ import annotations

import functools
import itertools
import json
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import attrs

from schwinget_spec.conformance.harness.divergence_clauses import fest_starter_clause
from schwinget_spec.conformance.harness.exercised import ENOUGH
from schwinget_spec.conformance.harness.games import GameSpec, HarnessRng
from schwinget_spec.conformance.harness.level_specs import FestSpec, MatchSpec, PlannedGang
from schwinget_spec.conformance.harness.report import startup_verdict
from schwinget_spec.conformance.harness.steering import steered_games
from schwinget_spec.conformance.harness.steering_levels import (
    ResultClass,
    class_of,
    reference_fest,
    reference_match,
    steered_levels,
)
from schwinget_spec.conformance.protocol.adapter import Observation, ReferenceAdapter, ResultReport, observe
from schwinget_spec.conformance.protocol.engine_session import (
    DEFAULT_DEADLINE,
    ClientFactory,
    EngineSession,
    check_seconds,
    terminate_as_interrupt,
)
from schwinget_spec.conformance.protocol.levels import (
    FEST_LEVEL_SWITCHES,
    MATCH_LEVEL_SWITCHES,
    ask_fest_meeting,
    ask_fest_result,
    ask_fest_schedule,
    ask_match_next,
    ask_match_result,
    ask_points,
    fest_start_message,
    match_start_message,
)
from schwinget_spec.conformance.protocol.messages import (
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    FEST_SWITCHES,
    GANG_SWITCHES,
    MATCH_SWITCHES,
    PROTOCOL1_GANG_SWITCHES,
    SCORING_SWITCHES,
    ActionRefusedError,
    Hello,
    ProtocolError,
    SubprocessAdapter,
    SubprocessClient,
)
from schwinget_spec.conformance.protocol.readings import Readings
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.registry.ambiguities import AMBIGUITIES
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import FestGang, Meeting, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.trace import end_claims

if TYPE_CHECKING:
    from schwinget_spec.conformance.harness.report import Divergence

__all__ = [
    "DEFAULT_PROFILE_STEER",
    "MAX_PROFILE_STEER",
    "PROFILE_LEVELS",
    "Explanation",
    "FreshEngines",
    "ReadingProfile",
    "ReadingServer",
    "SwitchProfile",
    "Unexplained",
    "ValueTally",
    "explain_divergence",
    "explanation_lines",
    "format_profile",
    "loopback",
    "profile_engine",
    "reading_explaining",
    "spec_level",
    "switch_values",
]

Value: TypeAlias = bool | str
"""The value of one switch: True or False, or one of the strings of a switch of several readings."""
Key: TypeAlias = tuple[Value, ...]
"""A candidate reading: one value per switch profiled at a stage, in the stage's order."""
Status: TypeAlias = Literal["found", "open", "none", "declared", "not_checked"]

DEFAULT_PROFILE_STEER = 6
"""How many times the profile's steered play reaches each named situation (Gang, match, Schwingfest) by default.

At 6 every switch of the reference server under each of its readings was separated in
the measurement of ``docs/harness.md`` ("The reading profile"); ``--steer`` raises it."""

MAX_PROFILE_STEER = 10_000
"""The most times a profile reaches each named situation (``conformance profile --steer``, as ``conformance run --steer``)."""

PROFILE_LEVELS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gang", GANG_SWITCHES),
    ("scoring", SCORING_SWITCHES),
    ("match", MATCH_SWITCHES),
    ("schwingfest", FEST_SWITCHES),
)
"""Each level of the protocol with the switches it profiles; a switch of ``Rules`` in none of them is ``not_checked``."""

_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
_AMBIGUITY_OF: Mapping[str, str] = {a.switch: a.id for a in AMBIGUITIES if a.switch is not None}
_EXTRA_ROUNDS = 3
"""Further rounds of steered games (the next seeds) a stage plays while its candidates still disagree about a switch."""
_MAX_UNEXPLAINED = 10
"""How many situations no reading explains a profile keeps (it counts them all)."""
_UNEXPLAINED_SHOWN = 3
"""How many of them the text shows (the JSON has all that were kept)."""


def switch_values(name: str) -> tuple[Value, ...]:
    """Every value of the ``Rules`` switch ``name``, its default first; raises ``InvalidArgumentError`` naming ``switch`` for an unknown name."""
    fields = attrs.fields_dict(Rules)
    if not isinstance(name, str) or name not in fields:
        raise InvalidArgumentError("switch", f"no Rules switch named {name!r}")
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return (default, not default)
    options: tuple[str, ...] = fields[name].validator.options  # type: ignore[union-attr]
    return (default, *(o for o in options if o != default))


def _show(value: Value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else value


# -- the result


@attrs.frozen
class ValueTally:
    """One value of a switch: in how many separating situations the engine agreed with it and disagreed, and whether the engine's play is consistent with it."""

    value: Value
    agreed: int
    disagreed: int
    consistent: bool


@attrs.frozen
class SwitchProfile:
    """The profile of one switch: its level, its status, the separating situations met, and each value's tally.

    ``status``: ``found`` (exactly one value is consistent), ``open`` (several are: no
    situation met separated them), ``none`` (no value is: a bug, not a reading),
    ``declared`` (the engine declares the switch, so it is not profiled) or
    ``not_checked`` (the engine does not declare the level).
    """

    switch: str
    ambiguity: str
    level: str
    status: Status
    separating: int
    values: tuple[ValueTally, ...]

    @property
    def consistent(self) -> tuple[Value, ...]:
        """The values the engine's play is consistent with."""
        return tuple(v.value for v in self.values if v.consistent)

    @property
    def thin(self) -> bool:
        """True if the value found rests on fewer than ``exercised.ENOUGH`` separating situations: one separating situation is not a profile."""
        return self.status == "found" and self.separating < ENOUGH


@attrs.frozen
class Unexplained:
    """A situation no candidate reading explains: the engine answered what no reading of the reference answers (a bug)."""

    level: str
    source: str
    where: str
    detail: str


@attrs.frozen
class ReadingProfile:
    """The reading profile of one engine.

    ``failure`` is set when the profile could not be completed: the engine failed to
    start, broke the protocol (a timeout, an exit, a malformed answer) or the deadline
    passed; ``not_started`` when the command could not be run at all.
    """

    implementation: str
    levels: tuple[str, ...]
    switches: tuple[SwitchProfile, ...]
    unexplained: tuple[Unexplained, ...]
    unexplained_count: int
    games: Mapping[str, int]
    elapsed_seconds: float
    failure: str | None = None
    not_started: bool = False

    @property
    def inconsistent(self) -> tuple[str, ...]:
        """The switches the engine's play is consistent with no value of."""
        return tuple(s.switch for s in self.switches if s.status == "none")

    @property
    def thin(self) -> tuple[str, ...]:
        """The switches found on thin evidence (``SwitchProfile.thin``)."""
        return tuple(s.switch for s in self.switches if s.thin)

    @property
    def undetermined(self) -> tuple[str, ...]:
        """The switches several values of which are still consistent (no separating situation met)."""
        return tuple(s.switch for s in self.switches if s.status == "open")

    @property
    def exit_code(self) -> int:
        """0 when the play is consistent with some value of every switch checked and every situation was explained; 1 otherwise (a bug, a failure, the deadline)."""
        return 1 if self.failure is not None or self.inconsistent or self.unexplained_count else 0

    @property
    def rules(self) -> Rules | None:
        """The readings found, as a ``Rules`` (a switch not found at its default); None if some switch has no consistent value."""
        if self.inconsistent:
            return None
        values = {s.switch: s.consistent[0] for s in self.switches if s.status == "found"}
        return Rules(**values)  # type: ignore[arg-type]

    @property
    def verdict(self) -> str:
        """One line: what the profile found."""
        if self.failure is not None:
            return f"FAILED: {self.failure.splitlines()[0]}"
        if self.inconsistent or self.unexplained_count:
            parts = []
            if self.inconsistent:
                parts.append("no reading of " + ", ".join(self.inconsistent))
            if self.unexplained_count:
                parts.append(f"{self.unexplained_count} situations no reading explains")
            return "INCONSISTENT: " + "; ".join(parts)
        found = [s for s in self.switches if s.status == "found"]
        text = f"PROFILE FOUND: {len(found)} switch{'' if len(found) == 1 else 'es'}"
        if self.undetermined:
            text += "; undetermined: " + ", ".join(self.undetermined)
        if self.thin:
            text += f"; thin evidence (fewer than {ENOUGH} separating situations): " + ", ".join(self.thin)
        return text

    def to_json(self) -> dict[str, Any]:
        """The profile as a JSON object."""
        return {
            "implementation": self.implementation,
            "levels": list(self.levels),
            "verdict": self.verdict,
            "exit_code": self.exit_code,
            "failure": self.failure,
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "games": dict(self.games),
            "switches": [
                {
                    "switch": s.switch,
                    "ambiguity": s.ambiguity,
                    "level": s.level,
                    "status": s.status,
                    "separating": s.separating,
                    "thin": s.thin,
                    "consistent": list(s.consistent),
                    "values": [
                        {"value": v.value, "agreed": v.agreed, "disagreed": v.disagreed, "consistent": v.consistent}
                        for v in s.values
                    ],
                }
                for s in self.switches
            ],
            "unexplained_count": self.unexplained_count,
            "unexplained": [attrs.asdict(u) for u in self.unexplained],
        }


_STATUS_TEXT: Mapping[str, str] = {
    "found": "plays {value}",
    "open": "undetermined",
    "none": "NO READING",
    "declared": "declared",
    "not_checked": "not checked",
}


def format_profile(profile: ReadingProfile) -> str:
    """The profile as text, readable at 80 columns: a block per switch (each value with its agreed and disagreed counts), then what no reading explains, then the verdict."""
    lines = [
        *textwrap.wrap(f"reading profile of {profile.implementation}", 80, subsequent_indent="  ", break_long_words=False),
        f"levels: {', '.join(profile.levels) or '(none)'}",
        "games: " + (", ".join(f"{n} {level}" for level, n in profile.games.items()) or "none"),
        "",
    ]
    for s in profile.switches:
        verdict = _STATUS_TEXT[s.status].format(value=_show(s.consistent[0]) if s.consistent else "")
        if s.status in ("declared", "not_checked"):
            lines.append(f"{s.switch:<30} {'':>15}  {verdict}")
            continue
        thin = " (thin evidence)" if s.thin else ""
        lines.append(f"{s.switch:<30} {s.separating:>4} separating  {verdict}{thin}")
        for v in s.values:
            mark = "  consistent" if v.consistent else ""
            lines.append(f"  {_show(v.value):<28}  agreed {v.agreed:>4}  disagreed {v.disagreed:>4}{mark}")
    if profile.unexplained_count:
        shown = profile.unexplained[:_UNEXPLAINED_SHOWN]
        lines += ["", f"{profile.unexplained_count} situations no reading explains; the first {len(shown)}:"]
        for u in shown:
            lines += textwrap.wrap(f"[{u.level}] {u.source}, {u.where}", 78, initial_indent="  ", subsequent_indent="    ")
            lines += textwrap.wrap(u.detail, 78, initial_indent="    ", subsequent_indent="    ")
    if profile.failure is not None:
        lines.append("")
        for line in profile.failure.splitlines():
            lines += textwrap.wrap(line, 80, subsequent_indent="  ") or [""]
    rules = profile.rules
    if profile.failure is None and rules is not None:
        other = [
            (s.switch, s.consistent[0]) for s in profile.switches
            if s.status == "found" and s.consistent[0] != getattr(Rules(), s.switch)
        ]
        if other:
            lines += ["", "not the default; declare in hello:"]
            lines += [f"  {name}: {json.dumps([value])}" for name, value in other]
    result = f"result: {profile.verdict}"
    # a found profile's verdict names the switches on thin evidence: wrapped at 80 columns; a failure's stays one line
    lines += ["", *(textwrap.wrap(result, 80, subsequent_indent="  ", break_long_words=False) if profile.failure is None else [result])]
    return "\n".join(lines)


# -- candidates and their tally


@attrs.define
class _Stage:
    """The candidates of one kind of comparison and what they met (a private accumulator)."""

    level: str
    names: tuple[str, ...]
    keys: tuple[Key, ...]
    alive: set[Key]
    met: Counter[str] = attrs.field(factory=Counter)
    agreed: Counter[tuple[str, Value]] = attrs.field(factory=Counter)
    disagreed: Counter[tuple[str, Value]] = attrs.field(factory=Counter)
    ran: bool = False
    origin: Key | None = None
    """The candidate a divergence was found under (``reading_explaining``): where it and a matching candidate part is kept in ``splits``."""
    splits: dict[Key, str] = attrs.field(factory=dict)

    @classmethod
    def of(cls, level: str, names: Sequence[str], keys: Sequence[Key] | None = None) -> _Stage:
        names = tuple(names)
        if keys is None:
            keys = tuple(itertools.product(*(switch_values(n) for n in names)))
        return cls(level, names, tuple(keys), set(keys))

    def rules(self, key: Key, base: Rules) -> Rules:
        values: dict[str, Any] = dict(zip(self.names, key, strict=True))
        return attrs.evolve(base, **values)

    def tracked(self) -> tuple[Key, ...]:
        """The candidates a game follows: those still consistent and their neighbours in one switch; all of them once none is consistent."""
        if not self.alive or len(self.keys) <= 8:
            return self.keys
        keep = set(self.alive)
        for key in self.alive:
            for i, name in enumerate(self.names):
                for v in switch_values(name):
                    keep.add((*key[:i], v, *key[i + 1 :]))
        return tuple(k for k in self.keys if k in keep)

    def account(self, observed: Mapping[Key, Any], engine: Any) -> set[Key]:
        """The candidates whose answer is the engine's; counts the switches this step separates and drops the others."""
        self.ran = True
        # each distinct answer is hashed once, and stands as a small number in the groups below
        numbers: dict[Any, int] = {}
        answers = {k: numbers.setdefault(v, len(numbers)) for k, v in observed.items()}
        matching = {k for k, v in observed.items() if v == engine}
        if len(numbers) == 1:
            self.alive -= set(observed) - matching
            return matching
        for i, name in enumerate(self.names):
            groups: dict[Key, set[int]] = {}
            values: dict[Key, set[Value]] = {}
            for key, answer in answers.items():
                rest = (*key[:i], *key[i + 1 :])
                groups.setdefault(rest, set()).add(answer)
                values.setdefault(rest, set()).add(key[i])
            separated = {v for rest, seen in groups.items() if len(seen) > 1 for v in values[rest]}
            if not separated:
                continue
            self.met[name] += 1
            for v in separated:
                if any(k[i] == v for k in matching):
                    self.agreed[(name, v)] += 1
                else:
                    self.disagreed[(name, v)] += 1
        self.alive -= set(observed) - matching
        return matching

    @property
    def undecided(self) -> bool:
        """True while the consistent candidates disagree about some switch (none consistent is decided: a bug)."""
        return any(len({k[i] for k in self.alive}) > 1 for i in range(len(self.names)))

    def consistent(self, name: str) -> set[Value]:
        """The values of ``name`` the engine's play is consistent with: those of the consistent candidates, or, when none is, those no separating situation contradicted."""
        i = self.names.index(name)
        if self.alive:
            return {k[i] for k in self.alive}
        return {v for v in switch_values(name) if self.disagreed[(name, v)] == 0}


class _UnexplainedError(Exception):
    """A step no candidate explains: the game stops there."""

    def __init__(self, where: str, detail: str) -> None:
        super().__init__(detail)
        self.where = where
        self.detail = detail


@attrs.define
class _Run:
    """What a profile gathers (a private accumulator)."""

    stages: dict[str, _Stage] = attrs.field(factory=dict)
    unexplained: list[Unexplained] = attrs.field(factory=list)
    unexplained_count: int = 0
    games: Counter[str] = attrs.field(factory=Counter)

    def note(self, level: str, source: str, exc: _UnexplainedError) -> None:
        self.unexplained_count += 1
        if len(self.unexplained) < _MAX_UNEXPLAINED:
            self.unexplained.append(Unexplained(level, source, exc.where, exc.detail))


def _diff(engine: Any, reference: Any) -> str:
    """What differs between the engine's answer and the reference's, field by field for an ``Observation``."""
    if isinstance(engine, Observation) and isinstance(reference, Observation):
        parts = []
        for field in attrs.fields(Observation):
            e, r = getattr(engine, field.name), getattr(reference, field.name)
            if e != r:
                parts.append(f"{field.name}: engine {_plain(e)}, reference {_plain(r)}")
        return "; ".join(parts)
    return f"engine {_plain(engine)}, reference {_plain(reference)}"


def _plain(value: Any) -> str:
    if isinstance(value, ResultReport):
        seat = {None: "none", 0: "P0", 1: "P1"}
        return (
            f"{value.outcome} {value.tricks[0]}:{value.tricks[1]} winner {seat[value.winner]}"
            f" plattwurf {seat[value.plattwurf]}"
        )
    if isinstance(value, frozenset):
        return "[" + " ".join(sorted(map(str, value))) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(_plain(v) for v in value) + ")"
    if isinstance(value, Player):
        return value.code
    if value is None:
        return "none"
    return str(value)


def _nearest(stage: _Stage, observed: Mapping[Key, Any]) -> Any:
    """The reference's answer under the candidate the profile trusts most: a consistent one, else the first followed."""
    for key in observed:
        if key in stage.alive:
            return observed[key]
    return next(iter(observed.values()))


def _checked(
    stage: _Stage, observed: Mapping[Key, Any], engine: Any, where: str, clauses: Mapping[Key, str | None] | None = None
) -> set[Key]:
    """The candidates that gave the engine's answer (``stage.account``); where the stage's origin parts from them, the evidence; raises ``_UnexplainedError`` if none did."""
    matching = stage.account(observed, engine)
    origin = stage.origin
    if origin is not None and origin in observed and origin not in matching:
        for key in matching:
            clause = None if clauses is None else clauses.get(key)
            stage.splits.setdefault(
                key, f"{where}: {_diff(engine, observed[origin])}" + ("" if clause is None else f"; {clause}")
            )
    if not matching:
        raise _UnexplainedError(where, _diff(engine, _nearest(stage, observed)))
    return matching


# -- the Gang stage


_REF = ReferenceAdapter()
_COMPLETIONS = 200
"""Random completions tried for a Gang of a match or fest whose plan stopped fitting, to end it in its planned class."""


def _next_action(legal: Sequence[str], plan: list[str], played: int, rng: HarnessRng) -> str:
    """The planned action while the plan fits the legal actions (the plan is dropped at its first misfit), else a random legal one."""
    if played < len(plan) and plan[played] in legal:
        return plan[played]
    plan.clear()
    ordered = sorted(legal)
    return ordered[rng.below(len(ordered))]


def _gang_game(
    adapter: SubprocessAdapter, spec: GameSpec, stage: _Stage, *, scoring: _Stage | None, base: Rules, rng: HarnessRng,
    declared: Readings, sent: Rules, keys: Sequence[Key] | None = None,
) -> None:
    """Play ``spec`` on the engine in lock step with the reference under every candidate of ``stage``; then its points under ``scoring``'s."""
    follow = stage.tracked() if keys is None else tuple(keys)
    states: dict[Key, GangState] = {k: start_gang(spec.deal, spec.starter, stage.rules(k, base)) for k in follow}
    handle = adapter.start(spec.deal, spec.starter, sent)
    plan = list(spec.actions or ())
    actions: list[str] = []
    decided: dict[Key, str | None] = {}
    while True:
        engine = observe(adapter, handle)
        observed = {k: observe(_REF, s) for k, s in states.items()}
        where = f"after {len(actions)} action{'' if len(actions) == 1 else 's'}" + (f" ({' '.join(actions)})" if actions else "")
        matching = _checked(stage, observed, engine, where, decided)
        states = {k: states[k] for k in states if k in matching}
        if engine.result is not None:
            break
        code = _next_action(tuple(engine.legal_actions), plan, len(actions), rng)
        try:
            handle = adapter.apply(handle, code)
        except ActionRefusedError as exc:
            raise _UnexplainedError(
                f"action {len(actions) + 1}", f"the engine refused {code}, one of its own legal actions: {exc}"
            ) from None
        after = {k: s.apply(code) for k, s in states.items()}
        # the clause that decided a Schwung resolved by this action, under each candidate
        decided = {
            k: (f"Schwung {len(a.history)} decided by {a.history[-1].clause_id}" if len(a.history) > len(states[k].history) else None)
            for k, a in after.items()
        }
        states = after
        actions.append(code)
    if scoring is None:
        return
    final = next(iter(states.values()))
    for system in _SYSTEMS:
        points = ask_points(adapter.client, system, sent, declared=declared)
        observed_points = {k: compute_gang_score(final.result, system, scoring.rules(k, base)).points for k in scoring.tracked()}
        _checked(scoring, observed_points, points, f"points under the {system.label}")


# -- matches and Schwingfeste


def _completion(state: GangState, aim: ResultClass, rng: HarnessRng) -> list[str]:
    """Random actions from ``state`` to the end of its Gang that end it in the class ``aim`` (tried ``_COMPLETIONS`` times); empty if none did."""
    for _ in range(_COMPLETIONS):
        actions: list[str] = []
        end = state
        while not end.is_over:
            legal = end.legal_actions()
            action = legal[rng.below(len(legal))]
            actions.append(action.code)
            end = end.apply(action)
        if class_of(end.result) == aim:
            return actions
    return []


def _light_gang(
    client: SubprocessClient, planned: PlannedGang, starter: Player, rules: Rules, *, rng: HarnessRng, aim: ResultClass | None,
    sent: Rules,
) -> GangState:
    """One Gang of a match or fest: the reference's actions sent to the engine, its result compared at the end only.

    The planned actions are followed while they are legal (under the engine's starter and
    Gang readings); where they stop fitting, the rest is a random completion that ends
    the Gang in the planned class ``aim`` (so the match or fest still reaches the
    situation it was designed for), else random play.
    """
    state = start_gang(planned.deal, starter, rules)
    client.start(planned.deal, starter, sent)
    plan = list(planned.actions or ())
    played = 0
    while not state.is_over:
        legal = [a.code for a in state.legal_actions()]
        if plan and not (played < len(plan) and plan[played] in legal) and aim is not None:
            plan = [*plan[:played], *_completion(state, aim, rng)]
        code = _next_action(legal, plan, played, rng)
        try:
            client.apply(code)
        except ActionRefusedError as exc:
            raise _UnexplainedError(f"action {played + 1} of a Gang", f"the engine refused {code}, a legal action: {exc}") from None
        state = state.apply(code)
        played += 1
    if not client.state().is_over:
        raise _UnexplainedError(
            f"the end of a Gang of {played} actions", "the engine's Gang is not over where the reference's ended"
        )
    claims = client.result()
    expected = end_claims(state)
    if claims != expected:
        raise _UnexplainedError(f"the result of a Gang of {played} actions", f"engine {claims}, reference {expected}")
    return state


def _points_step(client: SubprocessClient, stage: _Stage, tracked: Mapping[Key, Any], state: GangState, *,
                 system: ScoringSystem, declared: Readings, sent: Rules, where: str) -> set[Key]:
    points = ask_points(client, system, sent, declared=declared)
    observed = {k: compute_gang_score(state.result, system, level.rules).points for k, level in tracked.items()}
    return _checked(stage, observed, points, where, dict.fromkeys(tracked, "decided by table.gut_gekaempft"))


def _match_game(client: SubprocessClient, spec: MatchSpec, stage: _Stage, *, base: Rules, rng: HarnessRng,
                declared: Readings, sent: Rules, keys: Sequence[Key] | None = None) -> None:
    """Play the match ``spec`` on the engine; its starters, points, totals and winner compared under every candidate of ``stage``."""
    follow = stage.tracked() if keys is None else tuple(keys)
    client.call(match_start_message(spec.system, spec.length, spec.younger, sent, declared=declared))
    matches: dict[Key, MatchState] = {
        k: start_match(spec.system, MatchLength(spec.length), spec.younger, stage.rules(k, base)) for k in follow
    }
    aims = [class_of(g.result) for g in reference_match(spec).gaenge]
    for number in range(1, spec.length + 1):
        starter = ask_match_next(client, number)
        observed = {k: m.next_starter_with_clause()[0] for k, m in matches.items()}
        clauses = {k: f"decided by {m.next_starter_with_clause()[1]}" for k, m in matches.items()}
        keep = _checked(stage, observed, starter, f"the starter of Gang {number}", clauses)
        planned = spec.gaenge[number - 1] if number <= len(spec.gaenge) else PlannedGang(Deal.shuffled(rng.seed()))
        state = _light_gang(
            client, planned, starter, base, rng=rng, aim=aims[number - 1] if number <= len(aims) else None, sent=sent
        )
        keep &= _points_step(client, stage, {k: matches[k] for k in keep}, state, system=spec.system,
                             declared=declared, sent=sent, where=f"the points of Gang {number}")
        matches = {k: matches[k].apply_result(state.result) for k in keep}
    end = ask_match_result(client, spec.system)
    observed_end = {k: (m.result.totals, m.result.winner) for k, m in matches.items()}
    _checked(stage, observed_end, (end.totals, end.winner), "the totals and winner")


def _check_schedule(schedule: Sequence[Sequence[tuple[int, int]]], players: int, sets: int) -> None:
    """Raise ``_UnexplainedError`` unless every pair meets exactly twice (``fest.twice_each``) and each round has disjoint pairs, at most ``sets`` (``fest.parallel``): no reading changes the schedule."""
    meets = Counter(pair for round_ in schedule for pair in round_)
    pairs = [(a, b) for a in range(players) for b in range(a + 1, players)]
    wrong = [f"{a}-{b} {meets[(a, b)]} times" for a, b in pairs if meets[(a, b)] != 2]
    if wrong or set(meets) - set(pairs):
        raise _UnexplainedError("the schedule", "not every pair meets exactly twice: " + ", ".join(wrong[:4]) + "; fest.twice_each")
    for number, round_ in enumerate(schedule, 1):
        seated = [s for pair in round_ for s in pair]
        if len(round_) > sets or len(seated) != len(set(seated)):
            raise _UnexplainedError(
                "the schedule",
                f"round {number} has {len(round_)} meetings on {sets} card sets or a Schwinger twice; fest.parallel",
            )


def _drawn(gang: FestGang | None) -> bool:
    """Whether ``gang`` is a fought meeting that ended as a Gestellter."""
    return gang is not None and gang.result.winner is None


def _fest_game(client: SubprocessClient, spec: FestSpec, stage: _Stage, *, base: Rules, rng: HarnessRng,
               declared: Readings, sent: Rules, keys: Sequence[Key] | None = None) -> None:
    """Play the Schwingfest ``spec`` on the engine (in its own schedule); its starters, points and standings compared under every candidate of ``stage``."""
    follow = stage.tracked() if keys is None else tuple(keys)
    client.call(fest_start_message(spec.players, spec.sets, spec.system, sent, declared=declared))
    names = tuple(f"S{i}" for i in range(spec.players))
    fests: dict[Key, SchwingfestState] = {
        k: start_schwingfest(names, spec.system, spec.sets, stage.rules(k, base)) for k in follow
    }
    aims = {(g.meeting.a, g.meeting.b, g.meeting.leg): class_of(g.result) for g in reference_fest(spec).fought}
    schedule = ask_fest_schedule(client, spec.players)
    _check_schedule(schedule, spec.players, spec.sets)
    legs: Counter[tuple[int, int]] = Counter()
    for round_ in schedule:
        for a, b in round_:
            legs[(a, b)] += 1
            meeting = Meeting(a, b, legs[(a, b)])
            starter = ask_fest_meeting(client, a, b)
            observed = {k: f.starter_of(meeting) for k, f in fests.items()}
            drawn = {k: meeting.leg == 2 and _drawn(f.gang_of(Meeting(a, b, 1))) for k, f in fests.items()}
            clauses = {
                k: f"decided by {fest_starter_clause(f.rules.fest_starter, meeting.leg, drawn[k])}" for k, f in fests.items()
            }
            keep = _checked(
                stage, observed, starter, f"the starter of meeting {meeting.leg} of {a} and {b}", clauses,
            )
            planned = spec.meetings.get((a, b, meeting.leg)) or PlannedGang(Deal.shuffled(rng.seed()))
            state = _light_gang(
                client, planned, meeting.seat(starter), base, rng=rng, aim=aims.get((a, b, meeting.leg)), sent=sent
            )
            keep &= _points_step(client, stage, {k: fests[k] for k in keep}, state, system=spec.system,
                                 declared=declared, sent=sent, where=f"the points of meeting {meeting.leg} of {a} and {b}")
            fests = {k: fests[k].apply_result(meeting, state.result) for k in keep}
    standings = ask_fest_result(client, spec.players, spec.system)
    engine = frozenset((s.schwinger, s.points, s.rank) for s in standings)
    observed_end = {k: frozenset((s.schwinger, s.points, s.rank) for s in f.standings) for k, f in fests.items()}
    _checked(stage, observed_end, engine, "the standings")


# -- the profile


def _profiles(run: _Run, levels: Collection[str], declared: Collection[str]) -> tuple[SwitchProfile, ...]:
    out = []
    for field in attrs.fields(Rules):
        name = field.name
        level = next((lv for lv, names in PROFILE_LEVELS if name in names), "none")
        stages = [s for s in run.stages.values() if name in s.names and s.ran]
        values = switch_values(name)
        status: Status
        tallies: tuple[ValueTally, ...]
        if name in declared:
            status, tallies = "declared", ()
        elif not stages:
            # no stage of a level the engine declares compared it
            status, tallies = "not_checked", ()
        else:
            consistent = set(values)
            for stage in stages:
                consistent &= stage.consistent(name)
            tallies = tuple(
                ValueTally(
                    v,
                    sum(s.agreed[(name, v)] for s in stages),
                    sum(s.disagreed[(name, v)] for s in stages),
                    v in consistent,
                )
                for v in values
            )
            status = "none" if not consistent else ("found" if len(consistent) == 1 else "open")
        out.append(
            SwitchProfile(
                name, _AMBIGUITY_OF.get(name, "-"), level, status,
                sum(s.met[name] for s in stages), tallies,
            )
        )
    return tuple(out)


def _found_gang_rules(stage: _Stage, sent: Rules) -> Rules:
    """The Gang readings the Gang stage found (one consistent candidate, or the first of several) over ``sent``; ``sent`` itself if none is."""
    if not stage.alive:
        return sent
    key = min(stage.alive, key=stage.keys.index)
    return stage.rules(key, sent)


def profile_engine(
    command: Sequence[str] = (),
    *,
    steer: int = DEFAULT_PROFILE_STEER,
    seed: int = 0,
    timeout: float = DEFAULT_TIMEOUT,
    start_timeout: float = DEFAULT_START_TIMEOUT,
    deadline: float = DEFAULT_DEADLINE,
    cwd: str | None = None,
    client_factory: ClientFactory | None = None,
) -> ReadingProfile:
    """The reading profile of the engine started by ``command`` (or by ``client_factory``, an in-process ``LoopbackClient`` say).

    For every switch of ``Rules`` that the engine does not declare in ``hello``, of every
    level it declares: the values its play is consistent with, each with its counts of
    separating situations agreed and disagreed. Steered play reaches each named Gang,
    match and Schwingfest situation ``steer`` times (deterministic from ``seed``, 0 to
    2**64-1). The
    engine's whole process group is stopped in every case; a protocol failure, a failed
    start or the ``deadline`` ends the profile with ``ReadingProfile.failure`` set.
    ``timeout``, ``start_timeout`` and ``deadline`` are positive finite seconds
    (``HarnessSettingError`` naming the one that is not); ``steer`` a whole number 1 to
    ``MAX_PROFILE_STEER`` (``InvalidArgumentError``).
    """
    timeout = check_seconds("timeout", timeout)
    start_timeout = check_seconds("start_timeout", start_timeout)
    deadline = check_seconds("deadline", deadline)
    if isinstance(steer, bool) or not isinstance(steer, int) or not 1 <= steer <= MAX_PROFILE_STEER:
        raise InvalidArgumentError("steer", f"a whole number from 1 to {MAX_PROFILE_STEER:,} is needed, got {steer!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise InvalidArgumentError("seed", f"a whole number from 0 to 2**64-1 is needed, got {seed!r}")
    started = time.perf_counter()
    name = " ".join(command) if command else "(in process)"
    session = EngineSession(
        command or ("(in process)",), timeout, start_timeout, cwd,
        deadline=time.monotonic() + deadline, client_factory=client_factory,
    )
    run = _Run()
    levels: tuple[str, ...] = ()
    declared: tuple[str, ...] = ()
    failure: str | None = None
    with terminate_as_interrupt():
        try:
            try:
                _, name, _ = session.connect()
            except ProtocolError as exc:
                text = exc.reason + (f"\nstderr:\n{exc.stderr}" if exc.stderr else "")
                # as conformance run says it: a hello that broke the protocol is named malformed, with its path
                kind = startup_verdict(exc.reason, exc.kind).removeprefix("FAILED TO START")
                return ReadingProfile(
                    name, (), (), (), 0, {}, time.perf_counter() - started,
                    failure=f"failed to start{kind}: {text}", not_started=exc.kind == "not_started",
                )
            assert session.hello is not None
            levels = session.hello.levels
            told = _told(session.hello)
            declared = tuple(sorted(told.names))
            failure = _profile(session, run, levels=levels, told=told, steer=steer, seed=seed)
        finally:
            session.close()
    return ReadingProfile(
        name, levels, _profiles(run, levels, declared), tuple(run.unexplained), run.unexplained_count,
        dict(run.games), time.perf_counter() - started, failure=failure,
    )


@functools.lru_cache(maxsize=8)
def _steered_gaenge(steer: int, seed: int, names: tuple[str, ...]) -> tuple[GameSpec, ...]:
    """The steered Gänge of a profile (deterministic, so kept for the next profile of the same settings)."""
    return steered_games(steer, seed, names).games


@functools.lru_cache(maxsize=8)
def _steered_levels(
    steer: int, seed: int, names: tuple[str, ...], levels: tuple[str, ...], base: Rules
) -> tuple[tuple[MatchSpec, ...], tuple[FestSpec, ...]]:
    """The steered matches and Schwingfeste of a profile, designed under the Gang readings of ``base`` with every value of ``names`` (deterministic, so kept for the next profile of the same settings)."""
    steered = steered_levels(steer, seed, Readings.of(names, assumed=base), levels=levels)
    return steered.matches, steered.fests


def _undeclared(names: Sequence[str], declared: Collection[str]) -> tuple[str, ...]:
    return tuple(n for n in names if n not in declared)


@attrs.frozen
class _Told:
    """What the requests tell the engine: its declared readings (``declared``, as the request builders take them), the values sent (``sent``), and every switch a request sets (``names``: those declared, and a protocol 1 engine's four Gang switches, always sent)."""

    declared: Readings
    sent: Rules
    names: frozenset[str]


def _told(hello: Hello, rules: Rules | None = None) -> _Told:
    """What requests tell an engine of ``hello``: each declared switch at its value in ``rules`` (a value it plays; by default its first), every other at the value it is assumed to play."""
    readings = hello.readings
    sent = readings.base if rules is None else attrs.evolve(
        readings.base, **{n: getattr(rules, n) for n in readings if readings.allows(n, getattr(rules, n))}
    )
    names = set(readings)
    if hello.protocol == 1:
        names.update(PROTOCOL1_GANG_SWITCHES)
    return _Told(readings, sent, frozenset(names))


def _profile(session: EngineSession, run: _Run, *, levels: Collection[str], told: _Told, steer: int, seed: int) -> str | None:
    """Play the stages of the declared levels; the failure that ended the profile, if any.

    A stage whose candidates still disagree about a switch after its steered games plays
    the games of the next seeds too, up to ``_EXTRA_ROUNDS`` more rounds.
    """
    rng = HarnessRng(seed ^ 0x9E0F11E)
    declared, sent = told.declared, told.sent
    gang = run.stages["gang"] = _Stage.of("gang", _undeclared(GANG_SWITCHES, told.names))
    scoring = _Stage.of("scoring", _undeclared(SCORING_SWITCHES, told.names)) if "scoring" in levels else None
    if scoring is not None:
        run.stages["scoring"] = scoring
    try:
        for round_ in range(1 + _EXTRA_ROUNDS):
            if round_ and not (gang.undecided or (scoring is not None and scoring.undecided)):
                break
            for spec in _steered_gaenge(steer, seed + round_, gang.names):
                run.games["gang"] += 1
                try:
                    _gang_game(
                        session.get(), spec, gang, scoring=scoring, base=sent, rng=rng, declared=declared, sent=sent
                    )
                except _UnexplainedError as exc:
                    run.note("gang", spec.source, exc)
        base = _found_gang_rules(gang, sent)
        wanted = tuple(lv for lv in ("match", "schwingfest") if lv in levels)
        # every switch a match_start or fest_start sends, but the Gang's (found above)
        match_names = _undeclared([n for n in MATCH_LEVEL_SWITCHES if n not in GANG_SWITCHES], told.names)
        fest_names = _undeclared([n for n in FEST_LEVEL_SWITCHES if n not in GANG_SWITCHES], told.names)
        level_names = tuple(dict.fromkeys((*match_names, *fest_names)))
        match = fest = None
        if "match" in levels:
            match = run.stages["match"] = _Stage.of("match", match_names)
        if "schwingfest" in levels:
            fest = run.stages["schwingfest"] = _Stage.of(
                "schwingfest", fest_names
            )
        for round_ in range(1 + _EXTRA_ROUNDS if wanted else 0):
            open_ = tuple(lv for lv, st in (("match", match), ("schwingfest", fest)) if st is not None and (not round_ or st.undecided))
            if not open_:
                break
            matches, fests = _steered_levels(steer, seed + round_, level_names, open_, base)
            for match_spec in matches:
                if match is None:
                    break
                run.games["match"] += 1
                try:
                    _match_game(
                        session.get().client, match_spec, match, base=base, rng=rng, declared=declared, sent=sent
                    )
                except _UnexplainedError as exc:
                    run.note("match", match_spec.source, exc)
            for fest_spec in fests:
                if fest is None:
                    break
                run.games["schwingfest"] += 1
                try:
                    _fest_game(
                        session.get().client, fest_spec, fest, base=base, rng=rng, declared=declared, sent=sent
                    )
                except _UnexplainedError as exc:
                    run.note("schwingfest", fest_spec.source, exc)
    except ProtocolError as exc:
        if session.client is not None:
            session.client.kill()
        if exc.kind == "deadline":
            return f"stopped at the deadline: {exc.reason}"
        return f"the engine broke the protocol ({exc.kind}): {exc.reason}" + (f"\nstderr:\n{exc.stderr}" if exc.stderr else "")
    return None


# -- the reading that explains a divergence


@attrs.frozen
class Explanation:
    """A reading under which the engine's play of a diverging game agrees with the reference: the switch, its value, its open question, and the evidence.

    ``evidence`` says where the reading given first (the one the harness played) and
    this one part, what the engine answered there and the clause that decided it under
    this reading (for a Gang, the clause that decided the Schwung).
    """

    switch: str
    value: Value
    ambiguity: str
    evidence: str
    to_the_end: bool = True
    """True if the engine agrees with this reading to the end of the game; False if it explains the first difference only, and a later one needs another switch too."""

    @property
    def sentence(self) -> str:
        """The report's line: "the engine plays AMB-... as `value`: declare it (evidence)"."""
        later = "" if self.to_the_end else "; a later difference of the game needs another reading too"
        return f"the engine plays {self.ambiguity} as `{_show(self.value)}`: declare it ({self.evidence}){later}"


_LEVEL_OF_SPEC: Mapping[type, tuple[str, ...]] = {
    GameSpec: GANG_SWITCHES,
    MatchSpec: MATCH_LEVEL_SWITCHES,
    FestSpec: FEST_LEVEL_SWITCHES,
}


def reading_explaining(
    session: EngineSession | FreshEngines, spec: GameSpec | MatchSpec | FestSpec, base: Rules | None = None, *, seed: int = 0
) -> tuple[Explanation, ...]:
    """The single-switch changes of ``base`` under which the engine's play of ``spec`` agrees with the reference, on a freshly started engine.

    ``spec`` is the game the harness found diverging (a Gang, a match or a Schwingfest);
    ``base`` the readings it was played under (``spec.rules`` by default). The game is
    replayed once, the reference following it under ``base`` and under every other value
    of each switch of its level not declared by the engine (one switch at a time: a Gang
    varies its Gang switches, a match or fest its scoring and level switches, its Gänge
    played under ``base``). Returned: each changed reading that agreed all the way while ``base``
    did not, with the evidence, then those that agreed where ``base`` first differed but
    not to the end (``Explanation.to_the_end`` False: the engine plays another reading of
    a second switch too); empty when ``base`` agrees too or none does. The engine's
    declared switches are sent at their values in ``base``.

    The harness calls it (through ``explanation_lines``) for the first divergence of the
    Gang, match and Schwingfest levels and prints ``Explanation.sentence`` under it, e.g.
    "the engine plays AMB-DRAW-TIE-STARTER as `drawn_gang_other`: declare it (the starter
    of Gang 3: ...)". A protocol failure of the engine raises ``ProtocolError`` as it does
    in the harness.
    """
    base = spec.rules if base is None else base
    if not isinstance(base, Rules):
        raise InvalidArgumentError("base", f"expected Rules, got {base!r}")
    names = _LEVEL_OF_SPEC.get(type(spec))
    if names is None:
        raise InvalidArgumentError("spec", f"expected a GameSpec, MatchSpec or FestSpec, got {type(spec).__name__}")
    with session.fresh() as adapter:
        assert session.hello is not None
        told = _told(session.hello, base)
        declared, sent = told.declared, told.sent
        varied = _undeclared([n for n in names if not (isinstance(spec, MatchSpec | FestSpec) and n in GANG_SWITCHES)], told.names)
        origin: Key = tuple(getattr(base, n) for n in varied)
        keys = [origin] + [
            (*origin[:i], v, *origin[i + 1 :]) for i, n in enumerate(varied) for v in switch_values(n) if v != origin[i]
        ]
        stage = _Stage.of(spec_level(spec), varied, keys)
        stage.origin = origin
        rng = HarnessRng(seed)
        try:
            if isinstance(spec, GameSpec):
                _gang_game(adapter, spec, stage, scoring=None, base=base, rng=rng, declared=declared, sent=sent, keys=keys)
            elif isinstance(spec, MatchSpec):
                _match_game(adapter.client, spec, stage, base=base, rng=rng, declared=declared, sent=sent, keys=keys)
            else:
                _fest_game(adapter.client, spec, stage, base=base, rng=rng, declared=declared, sent=sent, keys=keys)
        except _UnexplainedError:
            pass
    if origin in stage.alive:
        return ()
    out = []
    # those that agree to the end first, then those that explain only the first difference
    for key in sorted((k for k in keys[1:] if k in stage.splits), key=lambda k: k not in stage.alive):
        i = next(j for j in range(len(varied)) if key[j] != origin[j])
        out.append(
            Explanation(
                varied[i], key[i], _AMBIGUITY_OF.get(varied[i], "-"), f"{spec.source}, {stage.splits[key]}",
                to_the_end=key in stage.alive,
            )
        )
    return tuple(out)


def explain_divergence(session: EngineSession | FreshEngines, divergence: Divergence) -> tuple[Explanation, ...]:
    """``reading_explaining`` for a Gang divergence of the harness: its deal, starter, rules and actions replayed as a game.

    A level divergence (``LevelDivergence``) carries no game: the level play passes the
    ``MatchSpec`` or ``FestSpec`` it was playing to ``reading_explaining`` instead.
    """
    spec = GameSpec(
        source=divergence.source, deal=divergence.deal, starter=divergence.starter, rules=divergence.rules,
        actions=divergence.actions,
    )
    return reading_explaining(session, spec, divergence.rules)


@attrs.frozen
class FreshEngines:
    """Where ``reading_explaining`` starts its engine: ``fresh()`` starts one that has served nothing but ``hello`` (a context manager that stops it), ``hello`` is its answer to ``hello``. An ``EngineSession`` serves as well."""

    fresh: Callable[[], AbstractContextManager[SubprocessAdapter]]
    hello: Hello


def explanation_lines(
    session: EngineSession | FreshEngines, what: Divergence | GameSpec | MatchSpec | FestSpec, base: Rules | None = None
) -> tuple[str, ...]:
    """The report's lines for a divergence: ``Explanation.sentence`` of each reading that explains it, for the harness report to print under the divergence.

    ``what`` is the harness's Gang ``Divergence`` (``explain_divergence``), or the game
    spec a level divergence was found in, with ``base`` the readings it was played under
    (``reading_explaining``). An engine that breaks the protocol during the replay gives
    no lines: the divergence is reported as it is.
    """
    try:
        if isinstance(what, GameSpec | MatchSpec | FestSpec):
            found = reading_explaining(session, what, base)
        else:
            found = explain_divergence(session, what)
    except ProtocolError:
        return ()
    return tuple(e.sentence for e in found)


def spec_level(spec: GameSpec | MatchSpec | FestSpec) -> str:
    """The level a game spec plays: ``gang``, ``match`` or ``schwingfest``."""
    return "gang" if isinstance(spec, GameSpec) else ("match" if isinstance(spec, MatchSpec) else "schwingfest")


# -- an engine of other readings, not declared


_LEVEL_RULES: Mapping[str, tuple[str, ...]] = {
    "start": GANG_SWITCHES,
    "points": SCORING_SWITCHES,
    "match_start": MATCH_LEVEL_SWITCHES,
    "fest_start": FEST_LEVEL_SWITCHES,
}


class ReadingServer:
    """The reference server playing ``rules`` for every switch it does not declare (``declared``): an honest engine of another reading.

    Its ``hello`` lists only ``declared``; a request's ``rules`` may set those only (any
    other is answered ``unsupported``), and every other switch of the request's level is
    played at its value in ``rules``. ``engine`` is the ``ReferenceEngine`` (or a
    single-bug subclass) behind it; ``levels``, if given, the levels its ``hello``
    declares instead of the engine's. ``handle`` answers one request, as
    ``LoopbackClient`` and ``reference_server.answer_requests`` take it.
    """

    def __init__(
        self, rules: Rules, declared: Collection[str] = (), engine: ReferenceEngine | None = None,
        *, levels: Sequence[str] | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise InvalidArgumentError("rules", f"expected Rules, got {rules!r}")
        unknown = [n for n in declared if n not in attrs.fields_dict(Rules)]
        if isinstance(declared, str) or unknown:
            raise InvalidArgumentError("declared", f"expected names of Rules switches, got {declared!r}")
        self.rules = rules
        self.declared = tuple(declared)
        self.levels = None if levels is None else tuple(levels)
        self.server = ReferenceServer(engine)

    def handle(self, request: Any) -> dict[str, Any]:
        """The answer to one request: the reference's, under ``rules`` for every switch not declared."""
        cmd = request.get("cmd") if isinstance(request, Mapping) else None
        if cmd == "hello":
            answer = {**self.server.handle(request), "switches": list(self.declared)}
            if self.levels is not None:
                answer["levels"] = list(self.levels)
            return answer
        level = _LEVEL_RULES.get(cmd) if isinstance(cmd, str) else None
        if level is not None and isinstance(request, Mapping):
            sent = request.get("rules", {})
            if isinstance(sent, Mapping):
                if any(n not in self.declared for n in sent):
                    return {"ok": False, "error": "unsupported", "message": "a switch this engine does not declare"}
                played = {n: getattr(self.rules, n) for n in level if n not in self.declared}
                request = {**request, "rules": {**played, **sent}}
        return self.server.handle(request)


def loopback(server: ReadingServer | Callable[[Any], dict[str, Any]]) -> ClientFactory:
    """A client factory serving ``server`` in process (a fresh copy of its session per start), for ``profile_engine(client_factory=...)``."""
    from schwinget_spec.conformance.protocol.engine_session import LoopbackClient  # noqa: PLC0415

    if isinstance(server, ReadingServer):
        rules, declared, engine, levels = server.rules, server.declared, server.server.engine, server.levels
        return lambda: LoopbackClient(ReadingServer(rules, declared, type(engine)(), levels=levels).handle)
    return lambda: LoopbackClient(server)
