"""Everything reachable from a public value is immutable and hashable: a walk from a played Gang, a match, a Schwingfest, verdicts and the vectors."""

from __future__ import annotations

import copy
import enum
import json
from types import MappingProxyType
from typing import Any

import attrs
import pytest

from schwinget_spec import (
    CLAUSES,
    WERTUNGSTABELLE,
    Deal,
    Player,
    Rules,
    ScoringSystem,
    compute_gang_score,
    play_match,
    play_schwingfest,
    start_gang,
)
from schwinget_spec.conformance.trace.verify import VerdictKind, verify_trace
from schwinget_spec.conformance.vectors.gang_search import UNTRACEABLE_CLAUSES
from schwinget_spec.conformance.vectors.runner import run_vectors
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.match import MatchLength, first_legal, play_out
from schwinget_spec.support.frozen import FrozenDict, FrozenList
from schwinget_spec.trace import gang_trace

S = ScoringSystem.SCHWINGERWERTUNG
_LEAVES = (str, int, bool, type(None), enum.Enum)


def _walk(value: Any, seen: set[int], path: str, found: list[str]) -> None:
    """Every value reachable from ``value``; mutable ones and unhashable ones are added to ``found`` with their path."""
    if isinstance(value, _LEAVES) or id(value) in seen:
        return
    seen.add(id(value))
    try:
        hash(value)
    except TypeError:
        found.append(f"{path}: {type(value).__name__} is not hashable")
    if attrs.has(type(value)):
        if not getattr(type(value), "__attrs_attrs__", None) or not _frozen(value):
            found.append(f"{path}: {type(value).__name__} is not frozen")
        for field in attrs.fields(type(value)):
            _walk(getattr(value, field.name), seen, f"{path}.{field.name}", found)
        for name in dir(type(value)):
            if isinstance(getattr(type(value), name, None), property) and not name.startswith("_"):
                try:
                    result = getattr(value, name)
                except Exception:  # a property that does not apply to this value (the result of a Gang in play)
                    continue
                _walk(result, seen, f"{path}.{name}", found)
    elif isinstance(value, FrozenDict | MappingProxyType):
        for key, item in value.items():
            _walk(item, seen, f"{path}[{key!r}]", found)
    elif isinstance(value, FrozenList | tuple | frozenset):
        for i, item in enumerate(value):
            _walk(item, seen, f"{path}[{i}]", found)
    else:
        found.append(f"{path}: {type(value).__name__} can change")


def _frozen(value: Any) -> bool:
    fields = attrs.fields(type(value))
    if not fields:
        return True
    try:
        object.__getattribute__(value, "__setattr__")(fields[0].name, getattr(value, fields[0].name))
    except attrs.exceptions.FrozenInstanceError:
        return True
    return False


def _problems(value: Any, name: str) -> list[str]:
    found: list[str] = []
    _walk(value, set(), name, found)
    return found


def _gang() -> Any:
    return play_out(start_gang(Deal.shuffled(11), Player.P1, Rules(special_cards_follow_colour=True)), first_legal)


def test_a_played_gang_its_views_and_its_score_are_immutable_and_hashable() -> None:
    """The finished Gang, every state on the way, both views, its result and its score reach nothing mutable or unhashable."""
    state = start_gang(Deal.shuffled(11), Player.P0)
    values = [state]
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
        values.append(state)
    values += [state.view(Player.P0), state.view(Player.P1), state.result, compute_gang_score(state.result, S)]
    assert [p for i, v in enumerate(values) for p in _problems(v, f"value{i}")] == []


def test_a_match_and_a_schwingfest_are_immutable_and_hashable() -> None:
    """A played match (with its result) and a played Schwingfest (schedule, standings) reach nothing mutable or unhashable."""
    match = play_match(3, S, MatchLength.SHORT, Player.P0)
    fest = play_schwingfest(("Anna", "Beat", "Chris", "Dora"), 5, ScoringSystem.PUNKTEWERTUNG, sets=2)
    assert _problems(match, "match") == []
    assert _problems(match.result, "match.result") == []
    assert _problems(fest, "fest") == []
    assert _problems(fest.standings, "fest.standings") == []


def test_module_tables_are_read_only() -> None:
    """The public tables of the rules and of the vectors cannot be changed."""
    for table in (CLAUSES, WERTUNGSTABELLE, UNTRACEABLE_CLAUSES):
        assert isinstance(table, MappingProxyType | FrozenDict)
        with pytest.raises(TypeError):
            table["x"] = None  # type: ignore[index]


def test_a_verdict_holds_its_own_frozen_copy_of_the_claims() -> None:
    """A wrong-claim verdict keeps a frozen copy of the claimed list: changing the document after does not change it, and it hashes."""
    document = gang_trace(_gang())
    claimed = document["gaenge"][0]["claims"]["end"]["tricks"]
    claimed[0] += 1
    verdict = verify_trace(document)
    assert verdict.kind is VerdictKind.WRONG_CLAIM
    kept = verdict.claimed
    claimed.append(99)
    assert verdict.claimed == kept
    assert verdict.claimed is not claimed
    with pytest.raises(TypeError):
        verdict.claimed.append(1)
    assert hash(verdict) == hash(copy.copy(verdict))
    assert _problems(verdict, "verdict") == []
    json.dumps(verdict.to_json())
    verdict.to_json()["claimed"].append(1)  # the JSON is the caller's own copy


def test_vectors_and_their_results_are_immutable_and_hashable() -> None:
    """Every shipped vector, and the result of running one, reaches nothing mutable; a deep copy of its input is plain JSON to change."""
    suite = load_vectors()
    assert _problems(suite, "suite") == []
    assert len({hash(v) for v in suite.vectors}) == len(suite.vectors)
    vector = next(v for v in suite.vectors if v.kind == "trace")
    with pytest.raises(TypeError):
        vector.input["kind"] = "match"
    mine = copy.deepcopy(vector.input)
    assert type(mine) is dict
    assert mine == vector.input
    mine["kind"] = "match"
    assert json.loads(json.dumps(vector.input)) == vector.input
    results = run_vectors([vector])
    assert _problems(results[0], "result") == []


@attrs.frozen
class _Holder:
    value: Any


@attrs.define
class _Open:
    value: int


def test_the_walk_finds_what_can_change() -> None:
    """The walk itself reports a list, a dict, a set and an attrs class that is not frozen, wherever they sit."""
    assert _problems(_Holder([1]), "h") == ["h: _Holder is not hashable", "h.value: list is not hashable", "h.value: list can change"]
    assert any("dict can change" in p for p in _problems(_Holder((1, {"a": 1})), "h"))
    assert any("set can change" in p for p in _problems(_Holder({1}), "h"))
    assert any("not frozen" in p for p in _problems(_Open(1), "o"))
