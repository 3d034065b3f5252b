"""The JSON pairs of a whole game in progress or finished (``MatchState``, ``SchwingfestState``) and of the protocol's ``hello`` and ``state`` answers (``Hello``, ``StateReport``) on examples, and malformed or unreachable JSON refused naming its path and clause."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schwinget_spec.bots import HeuristicBot, RandomBot
from schwinget_spec.conformance.protocol.messages import Hello, StateReport, parse_hello, parse_state
from schwinget_spec.conformance.trace.games import Trace
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.gang import GangResult, GangState, start_gang
from schwinget_spec.json_read import read_seat
from schwinget_spec.match import MatchLength, MatchResult, MatchState, play_match, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import (
    Meeting,
    Schedule,
    SchwingfestState,
    Standing,
    make_schedule,
    play_schwingfest,
    start_schwingfest,
)
from schwinget_spec.scoring import Points, ScoringSystem

S = ScoringSystem.SCHWINGERWERTUNG
MATCH = play_match(3, S, MatchLength.SHORT, Player.P0, players=(RandomBot.seeded(3), HeuristicBot()))
NAMES = ("Anna", "Beat", "Chris")
FEST = play_schwingfest(NAMES, 4, S, 2, players=[RandomBot.seeded(1), HeuristicBot(), RandomBot.seeded(2)])
LOSER_STARTS = Rules(fest_starter="loser_of_first_meeting")


def won_gang(data: dict[str, Any], where: str) -> int:
    """The index of the first Gang of ``data[where]`` won on tricks (a winner, no Plattwurf)."""
    return next(i for i, g in enumerate(data[where]) if g["result"]["winner"] is not None and g["result"]["plattwurf"] is None)


def test_a_match_state_is_its_settings_and_each_gang_by_its_result() -> None:
    """A match's JSON names its settings and, per Gang, the starter, the result and the points it recorded; it replays to the same match."""
    data = MATCH.to_json()
    assert list(data) == ["system", "length", "younger", "rules", "gaenge"]
    assert (data["system"], data["length"], data["younger"]) == ("schwingerwertung", 4, "P0")
    assert data["rules"] == Rules().to_json()
    assert [g["starter"] for g in data["gaenge"]] == [g.starter.code for g in MATCH.gaenge]
    assert [g["result"] for g in data["gaenge"]] == [g.result.to_json() for g in MATCH.gaenge]
    assert [g["points"] for g in data["gaenge"]] == [[str(p) for p in g.score.points] for g in MATCH.gaenge]
    assert MatchState.from_json(json.loads(json.dumps(data))) == MATCH
    begun = start_match(S, MatchLength.LONG, Player.P1, Rules(match_draw="more_tricks"))
    assert begun.to_json()["gaenge"] == []
    assert MatchState.from_json(begun.to_json()) == begun


def test_a_schwingfest_state_is_its_settings_and_each_gang_fought() -> None:
    """A fest's JSON names its Schwinger, system, card sets and rules and, per Gang fought, the meeting, starter, result and points; it replays to the same fest."""
    data = FEST.to_json()
    assert list(data) == ["names", "system", "sets", "rules", "fought"]
    assert (data["names"], data["system"], data["sets"]) == (list(NAMES), "schwingerwertung", 2)
    first = FEST.fought[0]
    assert data["fought"][0] == {
        "meeting": {"a": first.meeting.a, "b": first.meeting.b, "leg": first.meeting.leg},
        "starter": first.starter,
        "result": first.result.to_json(),
        "points": [str(first.score.points[0]), str(first.score.points[1])],
    }
    assert SchwingfestState.from_json(json.loads(json.dumps(data))) == FEST
    begun = start_schwingfest(NAMES, ScoringSystem.PUNKTEWERTUNG)
    assert SchwingfestState.from_json(begun.to_json()) == begun


def test_a_fest_on_a_hand_made_schedule_has_no_wire_value() -> None:
    """A fest built on another schedule than ``make_schedule``'s is refused by ``to_json`` naming ``schedule``, as ``from_json`` could not rebuild it."""
    rounds = tuple(reversed(make_schedule(3).rounds))
    fest = SchwingfestState(NAMES, S, Rules(), Schedule(3, 1, rounds))
    with pytest.raises(InvalidArgumentError) as caught:
        fest.to_json()
    assert caught.value.parameter == "schedule"


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """A change of ``data`` that sets the item at ``path`` (keys and indices joined by dots) to ``value``."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _other_winner(data: dict[str, Any]) -> None:
    """Give the first Gang of a match won on tricks to the loser."""
    i = won_gang(data, "gaenge")
    data["gaenge"][i]["result"]["winner"] = "P1" if data["gaenge"][i]["result"]["winner"] == "P0" else "P0"


def _other_starter(data: dict[str, Any]) -> None:
    """Let the other player start the second Gang of a match."""
    data["gaenge"][1]["starter"] = "P1" if data["gaenge"][1]["starter"] == "P0" else "P0"


@pytest.mark.parametrize(
    ("change", "parameter", "clause_id"),
    [
        (lambda d: d.pop("gaenge"), "match.gaenge", None),
        (_set("bogus", 1), "match.bogus", None),
        (_set("system", "s"), "match.system", None),
        (_set("length", 5), "match.length", "setup.gangkarten"),
        (_set("length", True), "match.length", "setup.gangkarten"),
        (_set("younger", 0), "match.younger", None),
        (_set("rules", {"bogus": True}), "match.rules.bogus", None),
        (_set("rules", []), "match.rules", None),
        (_set("gaenge", {}), "match.gaenge", None),
        (lambda d: d["gaenge"].append(d["gaenge"][0]), "match.gaenge", "match.end"),
        (_set("gaenge.0", []), "match.gaenge[0]", None),
        (_set("gaenge.0.bogus", 1), "match.gaenge[0].bogus", None),
        (_set("gaenge.0.result.tricks", [6, True]), "match.gaenge[0].result.tricks[1]", None),
        (_other_winner, None, "gang.more_tricks_wins"),
        (_set("gaenge.0.result.schwuenge", 12), "match.gaenge[0].result.schwuenge", "gang.end_no_angriff"),
        (_other_starter, "match.gaenge[1].starter", None),
        (_set("gaenge.0.starter", 0), "match.gaenge[0].starter", None),
        (_set("gaenge.2.points.0", "99.00"), "match.gaenge[2].points[0]", "match.record_points"),
        (_set("gaenge.2.points.1", 9.75), "match.gaenge[2].points[1]", None),
        (_set("gaenge.2.points", ["1.00"]), "match.gaenge[2].points", None),
    ],
)
def test_malformed_match_json_names_its_path(
    change: Callable[[dict[str, Any]], None], parameter: str | None, clause_id: str | None
) -> None:
    """A match JSON of the wrong shape, a result the rules do not give, a starter not due or points the table does not give are refused naming the path (and the clause)."""
    data = copy.deepcopy(MATCH.to_json())
    change(data)
    with pytest.raises(InvalidArgumentError) as caught:
        MatchState.from_json(data)
    if parameter is None:
        parameter = f"match.gaenge[{won_gang(MATCH.to_json(), 'gaenge')}].result.winner"
    assert caught.value.parameter == parameter
    if clause_id is not None:
        assert caught.value.clause_id == clause_id


@pytest.mark.clause("match.first_starter", "match.loser_starts")
def test_a_starter_not_due_names_the_clause_that_says_who_starts() -> None:
    """The first Gang started by the older player, or a later one by the winner of the Gang before, is refused naming the starting clause."""
    data = MATCH.to_json()
    data["gaenge"][0]["starter"] = "P1"
    with pytest.raises(InvalidArgumentError) as caught:
        MatchState.from_json(data)
    assert (caught.value.parameter, caught.value.clause_id) == ("match.gaenge[0].starter", "match.first_starter")
    i = 1 + next(i for i, g in enumerate(MATCH.gaenge[:-1]) if g.result.winner is not None)
    data = MATCH.to_json()
    data["gaenge"][i]["starter"] = MATCH.gaenge[i - 1].result.winner.code  # type: ignore[union-attr]
    with pytest.raises(InvalidArgumentError) as caught:
        MatchState.from_json(data)
    assert (caught.value.parameter, caught.value.clause_id) == (f"match.gaenge[{i}].starter", "match.loser_starts")


def _second_meeting_first(data: dict[str, Any]) -> None:
    """Move the first leg-2 meeting to the front of the Gänge fought."""
    i = next(i for i, g in enumerate(data["fought"]) if g["meeting"]["leg"] == 2)
    data["fought"].insert(0, data["fought"].pop(i))


@pytest.mark.parametrize(
    ("change", "parameter", "clause_id"),
    [
        (_set("bogus", 1), "fest.bogus", None),
        (_set("names", "Anna"), "fest.names", None),
        (_set("names", ["Anna", "Beat"]), "fest.names", "fest.more_players"),
        (_set("names", ["Anna", 7, "Chris"]), "fest.names[1]", None),
        (_set("names", ["Anna", "Anna", "Chris"]), "fest.names", None),
        (_set("system", "Schwingerwertung"), "fest.system", None),
        (_set("sets", 0), "fest.sets", "fest.parallel"),
        (_set("sets", 10**30), "fest.sets", "fest.parallel"),
        (_set("sets", "1"), "fest.sets", None),
        (_set("rules", {"fest_tiebreak": "coin"}), "fest.rules.fest_tiebreak", None),
        (_set("fought", None), "fest.fought", None),
        (_set("fought.0.meeting", [0, 1, 1]), "fest.fought[0].meeting", None),
        (_set("fought.0.meeting.leg", 3), "fest.fought[0].meeting", "fest.twice_each"),
        (_set("fought.0.meeting.a", 2.0), "fest.fought[0].meeting.a", None),
        (_set("fought.0.meeting", {"a": 0, "b": 7, "leg": 1}), "fest.fought[0].meeting", "fest.twice_each"),
        (lambda d: d.update(fought=[d["fought"][0], d["fought"][0]]), "fest.fought[1].meeting", "fest.twice_each"),
        (lambda d: d["fought"].append(d["fought"][0]), "fest.fought", None),
        (_set("fought.0.result.outcome", "sieg"), "fest.fought[0].result.outcome", None),
        (_set("fought.0.starter", True), "fest.fought[0].starter", None),
        (_set("fought.0.points.1", "99.00"), "fest.fought[0].points[1]", "match.record_points"),
    ],
)
def test_malformed_fest_json_names_its_path(
    change: Callable[[dict[str, Any]], None], parameter: str, clause_id: str | None
) -> None:
    """A fest JSON of the wrong shape, a meeting not in the schedule or fought twice, a starter not due or points the table does not give are refused naming the path (and the clause)."""
    data = copy.deepcopy(FEST.to_json())
    change(data)
    with pytest.raises(InvalidArgumentError) as caught:
        SchwingfestState.from_json(data)
    assert caught.value.parameter == parameter
    if clause_id is not None:
        assert caught.value.clause_id == clause_id


@pytest.mark.clause("match.loser_starts")
def test_a_second_meeting_before_its_first_is_refused_when_the_loser_starts_it() -> None:
    """Under ``fest_starter="loser_of_first_meeting"`` a pair's second Gang recorded before its first is refused naming the clause; a starter not due too."""
    fest = play_schwingfest(NAMES, 5, S, rules=LOSER_STARTS)
    data = fest.to_json()
    _second_meeting_first(data)
    with pytest.raises(InvalidArgumentError) as caught:
        SchwingfestState.from_json(data)
    assert (caught.value.parameter, caught.value.clause_id) == ("fest.fought[0].meeting", "match.loser_starts")
    data = fest.to_json()
    i = next(i for i, g in enumerate(fest.fought) if g.meeting.leg == 2)
    meeting: Meeting = fest.fought[i].meeting
    data["fought"][i]["starter"] = meeting.a + meeting.b - fest.fought[i].starter
    with pytest.raises(InvalidArgumentError) as caught:
        SchwingfestState.from_json(data)
    assert (caught.value.parameter, caught.value.clause_id) == (f"fest.fought[{i}].starter", "match.loser_starts")


def _state_answer(state: GangState) -> dict[str, Any]:
    """The ``state`` answer the reference server gives for ``state``, without ``ok``."""
    hands = [[c.code for c in state.hand(p)] for p in (Player.P0, Player.P1)]
    return {
        "to_move": None if state.is_over else state.to_move.code,
        "tricks": list(state.tricks),
        "pile_size": state.pile_size,
        "hand_sizes": [len(h) for h in hands],
        "is_over": state.is_over,
        "hands": hands,
    }


def test_a_state_report_is_the_state_answer() -> None:
    """A state report's JSON is the protocol's ``state`` answer without ``ok``, and reads back to the report ``parse_state`` gives."""
    state = start_gang(Deal.shuffled(7), Player.P1)
    for code in ("A", *state.apply("A").legal_action_codes()[:1]):
        state = state.apply(code)
    answer = _state_answer(state)
    report = parse_state(answer)
    assert report.to_json() == answer
    assert StateReport.from_json(json.loads(json.dumps(answer))) == report


def test_a_hello_is_the_hello_answer() -> None:
    """A ``Hello``'s JSON is the ``hello`` answer without ``ok`` (switches in the list or the object form; no levels in protocol 1) and reads back to the same ``Hello``."""
    answer = {
        "name": "engine", "version": "1.0", "protocol": 2, "levels": ["gang", "scoring"],
        "switches": {"match_draw": ["more_tricks"], "konter_beats_trump_six": [True, False]},
    }
    hello = parse_hello(answer)
    assert hello.to_json() == {**answer, "switches": {"konter_beats_trump_six": [True, False], "match_draw": ["more_tricks"]}}
    assert Hello.from_json(json.loads(json.dumps(hello.to_json()))) == hello
    listed = parse_hello({**answer, "switches": ["match_draw"]})
    assert listed.to_json()["switches"] == ["match_draw"]
    assert Hello.from_json(listed.to_json()) == listed
    old = parse_hello({"name": "old", "version": "0.1", "protocol": 1, "switches": ["void_konter_beats_six"]})
    assert old.to_json() == {"name": "old", "version": "0.1", "protocol": 1, "switches": ["void_konter_beats_six"]}
    assert Hello.from_json(old.to_json()) == old


def _hello(**changes: object) -> dict[str, Any]:
    """A valid ``hello`` JSON of protocol 2 with ``changes``."""
    return {"name": "engine", "version": "1.0", "protocol": 2, "levels": ["gang"], "switches": [], **changes}


@pytest.mark.parametrize(
    ("data", "parameter"),
    [
        ([], "hello"),
        (_hello(protocol=3), "hello.protocol"),
        (_hello(protocol=True), "hello.protocol"),
        (_hello(ok=True), "hello.ok"),
        ({"name": "e", "version": "1", "protocol": 2, "switches": []}, "hello.levels"),
        (_hello(name=3), "hello.name"),
        (_hello(version=None), "hello.version"),
        (_hello(levels="gang"), "hello.levels"),
        (_hello(levels=["gang", "gang"]), "hello.levels[1]"),
        (_hello(levels=["gang", "bridge"]), "hello.levels[1]"),
        (_hello(levels=["gang", "match"]), "hello.levels"),
        (_hello(levels=["scoring"]), "hello.levels"),
        (_hello(switches=["bogus"]), "hello.switches[0]"),
        (_hello(switches={"match_draw": ["coin"]}), "hello.switches.match_draw[0]"),
        ({"name": "e", "version": "1", "protocol": 1, "switches": ["match_draw"]}, "hello.switches[0]"),
        ({"name": "e", "version": "1", "protocol": 1, "switches": {}}, "hello.switches"),
        ({"name": "e", "version": "1", "protocol": 1, "levels": ["gang"], "switches": []}, "hello.levels"),
    ],
)
def test_malformed_hello_json_names_its_path(data: object, parameter: str) -> None:
    """A ``hello`` JSON of the wrong shape, an unknown level or switch, or a level without the one it needs is refused naming the path."""
    with pytest.raises(InvalidArgumentError) as caught:
        Hello.from_json(data)
    assert caught.value.parameter == parameter


def _report(**changes: object) -> dict[str, Any]:
    """The state report of a Gang just dealt (seed 7, P0 to lead) with ``changes``."""
    return {**_state_answer(start_gang(Deal.shuffled(7), Player.P0)), **changes}


@pytest.mark.parametrize(
    ("data", "parameter", "clause_id"),
    [
        (None, "state", None),
        (_report(ok=True), "state.ok", None),
        (_report(to_move=0), "state.to_move", None),
        (_report(to_move=None), "state.is_over", None),
        (_report(is_over=1), "state.is_over", None),
        (_report(tricks=[1]), "state.tricks", None),
        (_report(tricks=[-1, 0]), "state.tricks[0]", None),
        (_report(tricks=[6, 6]), "state.tricks", "gang.end_no_angriff"),
        (_report(pile_size=13), "state.pile_size", "deal.pile"),
        (_report(pile_size=True), "state.pile_size", None),
        (_report(hand_sizes=[5, 4]), "state.hand_sizes[1]", None),
        (_report(hands=[["G3"], "R1"], hand_sizes=[1, 1]), "state.hands[1]", None),
        (_report(hands=[["G9"], []], hand_sizes=[1, 0]), "state.hands[0][0]", "cards.schwungkarten"),
        (_report(hands=[["G3"], ["G3"]], hand_sizes=[1, 1]), "state.hands[1][0]", None),
        (_report(hands=[["R1", "R2", "R3", "R4", "R5", "R6"], []], hand_sizes=[6, 0]), "state.hands[0]", "deal.hands"),
    ],
)
def test_malformed_state_report_json_names_its_path(data: object, parameter: str, clause_id: str | None) -> None:
    """A state report JSON of the wrong shape, contradicting itself or beyond the bounds of a Gang is refused naming the path (and the clause)."""
    with pytest.raises(InvalidArgumentError) as caught:
        StateReport.from_json(data)
    assert caught.value.parameter == parameter
    assert caught.value.clause_id == clause_id


BAD_VALUES: tuple[Any, ...] = (None, True, -1, 10**30, 1.5, "x", "", [], {}, [None], {"x": 1}, "P2", 10**5000, {10**5000: 1})
"""Values of every JSON kind put in place of any field, and ints (as a value, as a key) of more digits than Python turns into text."""


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to an item inside ``value`` (keys and indices), the shallow ones first."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    out = []
    for key, item in items:
        out.append((*path, key))
        out.extend(_paths(item, (*path, key)))
    return out


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced by ``new``."""
    copied = copy.deepcopy(value)
    node = copied
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return copied


@pytest.mark.parametrize(
    ("read", "data"),
    [
        (MatchState.from_json, MATCH.to_json()),
        (SchwingfestState.from_json, start_schwingfest(NAMES, S).apply_result(FEST.fought[0].meeting, FEST.fought[0].result).to_json()),
        (Hello.from_json, _hello(switches={"match_draw": ["draw"]}, levels=["gang", "scoring"])),
        (StateReport.from_json, _report()),
    ],
    ids=["match", "fest", "hello", "state"],
)
def test_any_field_of_the_wrong_kind_gives_a_library_error(read: Callable[[object], object], data: Any) -> None:
    """Each field of a valid JSON, at any depth, replaced by a value of each JSON kind gives the value or a library error, never another exception."""
    for path in _paths(data):
        for bad in BAD_VALUES:
            with contextlib.suppress(SchwingetError):
                read(_replaced(data, path, bad))


# -- every pair against every kind of value: only library errors escape


class _Hostile:
    """A value whose comparison, hash, text, truth, length and iteration all raise: whatever the reader asks of it before checking its type fails."""

    def _refuse(self, *_args: object) -> Any:
        raise RuntimeError("a hostile value was asked for more than its type")

    __eq__ = __ne__ = __lt__ = __gt__ = __hash__ = __str__ = __repr__ = __bool__ = __len__ = __iter__ = _refuse  # type: ignore[assignment]
    __index__ = __int__ = __format__ = _refuse


class _HostileStr(str):
    """A str whose own comparison, hash and text raise (a str by its type, foreign by its methods)."""

    __slots__ = ()

    def _refuse(self, *_args: object) -> Any:
        raise RuntimeError("a hostile str was compared, hashed or shown by its own methods")

    __eq__ = __ne__ = __hash__ = __str__ = __repr__ = _refuse  # type: ignore[assignment]


class _HostileInt(int):
    """An int whose own comparison, hash and text raise."""

    def _refuse(self, *_args: object) -> Any:
        raise RuntimeError("a hostile int was compared, hashed or shown by its own methods")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __str__ = __repr__ = _refuse  # type: ignore[assignment]


class _HostileKey(str):
    """A str that hashes as a str (so a dict can hold it as a name) but whose comparison and text raise."""

    __slots__ = ()
    __hash__ = str.__hash__

    def _refuse(self, *_args: object) -> Any:
        raise RuntimeError("a hostile name was compared or shown by its own methods")

    __eq__ = __ne__ = __str__ = __repr__ = _refuse  # type: ignore[assignment]


HOSTILE: tuple[Any, ...] = (_Hostile(), _HostileStr("P0"), _HostileInt(1), float("nan"), float("inf"), -0.0, b"P0",
                            (1, 2), frozenset({1}), object(), [[[[[[[[[[1]]]]]]]]]], {10**5000: 1}, 10**5000, -(10**5000))
"""Python values no JSON reader gives: objects whose comparison, hash or text raise (a str and an int of that kind too), floats JSON has no text for, bytes, tuples, sets, bare objects, enormous ints."""


def _fest_json() -> dict[str, Any]:
    first = FEST.fought[0]
    return start_schwingfest(NAMES, S).apply_result(first.meeting, first.result).to_json()


PAIRS: dict[str, tuple[Callable[[Any], object], Any]] = {
    "deal": (Deal.from_json, Deal.shuffled(5).to_json()),
    "rules": (Rules.from_json, Rules(match_draw="more_tricks").to_json()),
    "points": (lambda data: Points.from_json(data, S), "9.75"),
    "gang_result": (GangResult.from_json, MATCH.gaenge[0].result.to_json()),
    "gang_state": (GangState.from_json, start_gang(Deal.shuffled(5), Player.P0).apply("A").to_json()),
    "match_result": (MatchResult.from_json, MATCH.result.to_json()),
    "match_state": (MatchState.from_json, MATCH.to_json()),
    "standing": (lambda data: Standing.from_json(data, S), FEST.standings[0].to_json()),
    "fest_state": (SchwingfestState.from_json, _fest_json()),
    "trace": (Trace.from_json, Trace(start_gang(Deal.shuffled(5), Player.P0).apply("A"), trace_id="g1").to_json()),
    "hello": (Hello.from_json, _hello(switches={"match_draw": ["draw"]}, levels=["gang", "scoring"])),
    "state": (StateReport.from_json, _report()),
}
"""Every JSON conversion pair of a public value, with the reader and one valid JSON value of it."""


def _checked_read(read: Callable[[Any], object], data: Any) -> None:
    """Read ``data``: a library error is a refusal; a value read must show, and write JSON text, without error."""
    try:
        value = read(data)
    except SchwingetError:
        return
    repr(value)
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        json.dumps(to_json(), allow_nan=False)


@pytest.mark.parametrize("name", list(PAIRS))
def test_every_field_of_every_pair_refuses_a_hostile_value_with_a_library_error(name: str) -> None:
    """Each field of a valid JSON of each pair, at any depth, replaced by a Python value no JSON gives (an object whose __eq__, __hash__ or __str__ raises, a hostile str or int, nan, an enormous int) gives a library error or a value that shows and writes JSON, never another exception."""
    read, data = PAIRS[name]
    assert data is not None
    read(copy.deepcopy(data))
    for path in [(), *_paths(data)]:
        for bad in HOSTILE:
            _checked_read(read, bad if not path else _replaced(data, path, bad))
    if isinstance(data, dict):
        for key in (_HostileKey("zz"), 10**5000, 1.5, None):
            _checked_read(read, {**data, key: 1})


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from([10**30, -(10**30), 2**64, 2**63, -1])
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8)
    | st.sampled_from(["P0", "P1", "G3", "KR", "A", "L0", "9.75", "schwingerwertung", "gang", "match_draw", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
"""A value of every JSON kind, with ints beyond 64 bits and the words the pairs read (the ints of more digits than Python writes as text are in ``HOSTILE``: Hypothesis writes each value it draws)."""


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PAIRS)), st.data())
def test_any_json_value_at_any_field_gives_the_value_or_a_library_error(name: str, data: st.DataObject) -> None:
    """A field of a valid JSON of any pair, at any depth, replaced by any JSON value (or the whole value replaced) gives a library error or a value that shows and writes JSON, never another exception."""
    read, valid = PAIRS[name]
    path = data.draw(st.sampled_from([(), *_paths(valid)]), label="path")
    # a HOSTILE value is drawn by its index: Hypothesis could not write it in its report
    hostile = data.draw(st.none() | st.integers(0, len(HOSTILE) - 1), label="hostile")
    new = data.draw(_JSON, label="value") if hostile is None else HOSTILE[hostile]
    _checked_read(read, new if not path else _replaced(valid, path, new))


def _standing(**changes: object) -> dict[str, Any]:
    """A valid line of standings (rank 1 of 3, 4 Gänge) with ``changes``."""
    return {"rank": 1, "schwinger": 0, "name": "Anna", "points": "30.00", "gaenge": 4, "won": 3, "drawn": 0, "lost": 1,
            "plattwuerfe": 1, **changes}


def _gang_result(**changes: object) -> dict[str, Any]:
    """A valid Gang result (6:5 on tricks, no Angriff) with ``changes``."""
    return {"tricks": [6, 5], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": "P0", "plattwurf": None,
            "angriff": None, **changes}


STRICT: list[tuple[str, Callable[[], object], str, str | None]] = [
    ("winner", lambda: MatchResult.from_json({"system": "schwingerwertung", "totals": ["1.00", "9.00"], "winner": "P0"}),
     "match_result.winner", "match.winner"),
    ("no winner", lambda: MatchResult.from_json({"system": "punktewertung", "totals": ["10", "9"], "winner": None}),
     "match_result.winner", "match.winner"),
    ("rank", lambda: Standing.from_json(_standing(rank=10**5000), S), "standing.rank", None),
    ("rank 0", lambda: Standing.from_json(_standing(rank=0), S), "standing.rank", None),
    ("won", lambda: Standing.from_json(_standing(gaenge=2, won=99), S), "standing.gaenge", "fest.twice_each"),
    ("sum", lambda: Standing.from_json(_standing(gaenge=5), S), "standing.gaenge", "fest.twice_each"),
    ("plattwuerfe", lambda: Standing.from_json(_standing(plattwuerfe=4), S), "standing.plattwuerfe", "plattwurf.definition"),
    ("points", lambda: Standing.from_json(_standing(points="9" * 5000), S), "standing.points", None),
    ("schwuenge", lambda: GangResult.from_json(_gang_result(schwuenge=10**5000)), "result.schwuenge", "gang.end_no_angriff"),
    ("tricks", lambda: GangResult.from_json(_gang_result(tricks=[7, 5], schwuenge=11)), "result.tricks", "trick.winner_takes"),
    ("seat", lambda: GangResult.from_json(_gang_result(winner=_HostileStr("P0"))), "result.winner", None),
    ("deal key", lambda: Deal.from_json({**Deal.shuffled(5).to_json(), 10**5000: 1}), "deal", None),
]


@pytest.mark.parametrize(("case", "read", "parameter", "clause_id"), STRICT, ids=[c[0] for c in STRICT])
def test_a_from_json_refuses_what_its_constructor_or_game_refuses(
    case: str, read: Callable[[], object], parameter: str, clause_id: str | None
) -> None:
    """A match result whose winner the totals contradict, a line of standings with an enormous rank, more Gänge won than played or more Plattwürfe than wins, a Gang result of 10**5000 Schwünge, a seat whose own __eq__ raises and a deal with a 5000-digit name are refused with InvalidArgumentError naming the path (and the clause), not accepted or a raw error."""
    with pytest.raises(InvalidArgumentError) as caught:
        read()
    assert (caught.value.parameter, caught.value.clause_id) == (parameter, clause_id), case


def test_a_seat_is_compared_only_as_a_str() -> None:
    """json_read.read_seat checks the type before comparing: a value whose __eq__ raises is refused naming the path, and a str subclass is compared by str's own equality."""
    for value in (_Hostile(), _HostileInt(0)):
        with pytest.raises(InvalidArgumentError, match=r"^x\.seat"):
            read_seat(value, "x.seat")
    with pytest.raises(InvalidArgumentError):
        read_seat(_HostileStr("P2"), "x.seat")
