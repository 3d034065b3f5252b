"""The messages of the protocol's scoring, match and Schwingfest levels (version 2): the requests the harness sends and the checked shapes of their answers."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.protocol.messages import (
    SCORING_SWITCHES,
    SubprocessClient,
    _is_int,
    _malformed,
    _seat,
)
from schwinget_spec.conformance.protocol.names import FEST_LEVEL_SWITCHES, MATCH_LEVEL_SWITCHES
from schwinget_spec.conformance.protocol.readings import as_readings
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem

__all__ = [
    "FEST_LEVEL_SWITCHES",
    "MATCH_LEVEL_SWITCHES",
    "FestStanding",
    "MatchEnd",
    "ask_fest_meeting",
    "ask_fest_result",
    "ask_fest_schedule",
    "ask_match_next",
    "ask_match_result",
    "ask_points",
    "declared_rules_json",
    "fest_start_message",
    "match_start_message",
    "points_message",
    "rules_json",
    "send_fest_start",
    "send_match_start",
]



def rules_json(rules: Rules, switches: Sequence[str]) -> dict[str, Any]:
    """The values of ``switches`` in ``rules`` as JSON (booleans, and the strings of the other switches)."""
    return {name: getattr(rules, name) for name in switches}


def declared_rules_json(rules: Rules, level: Sequence[str], declared: Collection[str]) -> dict[str, Any]:
    """The ``rules`` of a request: the values in ``rules`` of the switches of ``level`` the engine declared in ``hello`` (``declared``), in the level's order, and no others.

    A switch the engine did not declare is never sent: the harness plays it at its
    default (or, when ``declared`` is ``Readings``, at its assumed value), as the engine
    does; a declared switch is sent only with a value the engine declared. ``rules``
    holding another value would ask the reference under a reading the engine is not
    told of, or send one it does not play, and raises ``InvalidArgumentError`` naming it.
    """
    readings = as_readings(declared)
    for name, value in readings.outside(rules, level):
        raise InvalidArgumentError(
            "rules",
            f"{name}={value!r} is a reading the engine does not declare; "
            "a request sends only declared switches with declared values, the others held at their defaults",
        )
    return rules_json(rules, [name for name in level if name in declared])


def points_message(system: ScoringSystem, rules: Rules, *, declared: Collection[str]) -> dict[str, Any]:
    """The ``points`` request: the points of the finished Gang under ``system`` and the scoring switches of ``rules`` the engine declared."""
    return {"cmd": "points", "system": system.value, "rules": declared_rules_json(rules, SCORING_SWITCHES, declared)}


def match_start_message(
    system: ScoringSystem, length: int, younger: Player, rules: Rules, *, declared: Collection[str]
) -> dict[str, Any]:
    """The ``match_start`` request: a match of ``length`` (4 or 6) Gänge under ``system``, ``younger`` the younger player, with the Gang, scoring and match switches of ``rules`` the engine declared."""
    return {
        "cmd": "match_start",
        "system": system.value,
        "length": length,
        "younger": younger.code,
        "rules": declared_rules_json(rules, MATCH_LEVEL_SWITCHES, declared),
    }


def fest_start_message(
    players: int, sets: int, system: ScoringSystem, rules: Rules, *, declared: Collection[str]
) -> dict[str, Any]:
    """The ``fest_start`` request: a Schwingfest of ``players`` Schwinger (0 the youngest) on ``sets`` card sets, with the switches of ``FEST_LEVEL_SWITCHES`` in ``rules`` the engine declared."""
    return {
        "cmd": "fest_start",
        "players": players,
        "sets": sets,
        "system": system.value,
        "rules": declared_rules_json(rules, FEST_LEVEL_SWITCHES, declared),
    }


# -- checking answers (the shape checks _malformed, _is_int and _seat are the Gang level's, from protocol)


def _points(value: Any, system: ScoringSystem, where: str, cmd: str) -> Points:
    if not isinstance(value, str):
        raise _malformed(f"the answer to {cmd!r} needs {where}: points written like \"9.75\" or \"7\", got {value!r}")
    try:
        points = Points.parse(value, system)
    except SchwingetError as exc:
        raise _malformed(f"the answer to {cmd!r} has bad points in {where}: {exc}") from None
    if str(points) != value:
        # one spelling per value, the booklet's: "7.00" under the Schwingerwertung, "7" under the Punktewertung
        raise _malformed(
            f"the answer to {cmd!r} needs {where} written as the booklet prints them under the {system.label}: "
            f"{str(points)!r}, got {value!r}"
        )
    return points


def _points_pair(answer: Mapping[str, Any], name: str, system: ScoringSystem, cmd: str) -> tuple[Points, Points]:
    value = answer.get(name)
    if not (isinstance(value, list) and len(value) == 2):
        raise _malformed(f"the answer to {cmd!r} needs {name!r}: a list of two points (\"9.75\", \"7\"), got {value!r}")
    return (_points(value[0], system, f"{name}[0]", cmd), _points(value[1], system, f"{name}[1]", cmd))


def ask_points(client: SubprocessClient, system: ScoringSystem, rules: Rules, *, declared: Collection[str]) -> tuple[Points, Points]:
    """The engine's points of P0 and P1 for its finished Gang (``points``), asked with the scoring switches it ``declared``."""
    return client.call_parsed(
        points_message(system, rules, declared=declared), lambda answer: _points_pair(answer, "points", system, "points")
    )


def send_match_start(
    client: SubprocessClient, system: ScoringSystem, length: int, younger: Player, rules: Rules, *, declared: Collection[str]
) -> None:
    """Start a match in the engine (``match_start``) with the switches it ``declared``."""
    client.call(match_start_message(system, length, younger, rules, declared=declared))


def ask_match_next(client: SubprocessClient, number: int) -> Player:
    """Who the engine says starts Gang ``number`` of its match (``match_next``)."""

    def parse(answer: Mapping[str, Any]) -> Player:
        gang = answer.get("gang")
        if not _is_int(gang) or gang != number:
            raise _malformed(f"the answer to 'match_next' needs 'gang': {number} (the number of the next Gang), got {gang!r}")
        starter = _seat(answer.get("starter"), "starter", "match_next", nullable=False)
        assert starter is not None
        return starter

    return client.call_parsed({"cmd": "match_next"}, parse)


@attrs.frozen
class MatchEnd:
    """The answer to ``match_result``: the totals of P0 and P1 and the winner (None: equal totals)."""

    totals: tuple[Points, Points]
    winner: Player | None


def ask_match_result(client: SubprocessClient, system: ScoringSystem) -> MatchEnd:
    """The engine's totals and winner of its finished match (``match_result``)."""

    def parse(answer: Mapping[str, Any]) -> MatchEnd:
        totals = _points_pair(answer, "totals", system, "match_result")
        if "winner" not in answer:
            raise _malformed("the answer to 'match_result' needs 'winner': \"P0\", \"P1\" or null")
        return MatchEnd(totals, _seat(answer.get("winner"), "winner", "match_result", nullable=True))

    return client.call_parsed({"cmd": "match_result"}, parse)


def send_fest_start(
    client: SubprocessClient, players: int, sets: int, system: ScoringSystem, rules: Rules, *, declared: Collection[str]
) -> None:
    """Start a Schwingfest in the engine (``fest_start``) with the switches it ``declared``."""
    client.call(fest_start_message(players, sets, system, rules, declared=declared))


def ask_fest_schedule(client: SubprocessClient, players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The engine's schedule (``fest_schedule``): rounds of pairs ``[a, b]`` of Schwinger numbers, ``a < b``.

    Only the shape is checked here; whether every pair meets twice and each round fits
    the card sets is the harness's judgement, named by its clause.
    """
    return client.call_parsed({"cmd": "fest_schedule"}, lambda answer: _schedule(answer, players))


def _schedule(answer: Mapping[str, Any], players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    rounds = answer.get("rounds")
    most = 4 * players * players
    if not isinstance(rounds, list) or not rounds or len(rounds) > most:
        # every pair meets twice, one meeting a round at the least: far fewer than ``most`` rounds
        size = f" of {len(rounds)} rounds" if isinstance(rounds, list) and len(rounds) > most else ""
        raise _malformed(
            f"the answer to 'fest_schedule' needs 'rounds': a non-empty list of at most {most} rounds, got {rounds!r}"[:300] + size
        )
    out = []
    for r, round_ in enumerate(rounds):
        if not isinstance(round_, list):
            raise _malformed(f"the answer to 'fest_schedule' needs rounds[{r}]: a list of pairs, got {round_!r}"[:300])
        pairs = []
        for pair in round_:
            if not (
                isinstance(pair, list)
                and len(pair) == 2
                and all(_is_int(v) and 0 <= v < players for v in pair)
                and pair[0] < pair[1]
            ):
                raise _malformed(
                    f"the answer to 'fest_schedule' needs each pair as [a, b] with 0 <= a < b < {players}, "
                    f"got {pair!r} in rounds[{r}]"
                )
            pairs.append((pair[0], pair[1]))
        out.append(tuple(pairs))
    return tuple(out)


def ask_fest_meeting(client: SubprocessClient, a: int, b: int) -> int:
    """The Schwinger (``a`` or ``b``) who the engine says starts the next meeting of ``a`` and ``b`` (``fest_meeting``)."""

    def parse(answer: Mapping[str, Any]) -> int:
        starter = answer.get("starter")
        if starter not in (a, b) or not _is_int(starter):
            raise _malformed(f"the answer to 'fest_meeting' needs 'starter': {a} or {b}, got {starter!r}")
        assert isinstance(starter, int)
        return starter

    return client.call_parsed({"cmd": "fest_meeting", "pair": [a, b]}, parse)


@attrs.frozen
class FestStanding:
    """One line of the engine's standings: the Schwinger, their points and their rank."""

    schwinger: int
    points: Points
    rank: int


def ask_fest_result(client: SubprocessClient, players: int, system: ScoringSystem) -> tuple[FestStanding, ...]:
    """The engine's standings of its finished Schwingfest (``fest_result``), one line per Schwinger, ordered by Schwinger."""
    return client.call_parsed({"cmd": "fest_result"}, lambda answer: _standings(answer, players, system))


def _standings(answer: Mapping[str, Any], players: int, system: ScoringSystem) -> tuple[FestStanding, ...]:
    standings = answer.get("standings")
    if not isinstance(standings, list) or len(standings) != players:
        raise _malformed(f"the answer to 'fest_result' needs 'standings': one line per Schwinger ({players}), got {standings!r}"[:300])
    out: dict[int, FestStanding] = {}
    for i, line in enumerate(standings):
        if not isinstance(line, dict):
            raise _malformed(f"the answer to 'fest_result' needs standings[{i}]: an object, got {line!r}")
        who: Any = line.get("schwinger")
        rank: Any = line.get("rank")
        if not _is_int(who) or not 0 <= who < players or who in out:
            raise _malformed(f"the answer to 'fest_result' needs standings[{i}].schwinger: a new number below {players}, got {who!r}")
        if not _is_int(rank) or not 1 <= rank <= players:
            raise _malformed(f"the answer to 'fest_result' needs standings[{i}].rank: 1 to {players}, got {rank!r}")
        out[who] = FestStanding(who, _points(line.get("points"), system, f"standings[{i}].points", "fest_result"), rank)
    return tuple(out[s] for s in range(players))
