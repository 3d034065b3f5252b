"""The JSON-lines harness protocol: its messages, a client that drives an implementation in a subprocess, and the bridge to the adapter protocol."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, TypeVar

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.conformance.protocol.adapter import ResultReport
from schwinget_spec.conformance.protocol.descendants import ENGINE_MARK, new_mark, stop_engine_processes
from schwinget_spec.conformance.protocol.names import (
    ALL_SWITCHES,
    CARD_CODES,
    ERROR_CODES,
    FEST_SWITCHES,
    GANG_SWITCHES,
    LEVELS,
    MATCH_SWITCHES,
    PROTOCOL1_GANG_SWITCHES,
    PROTOCOL_VERSION,
    SCORING_SWITCHES,
    SUPPORTED_PROTOCOLS,
)
from schwinget_spec.conformance.protocol.readings import Readings
from schwinget_spec.conformance.protocol.schema import answer_fault
from schwinget_spec.deal import HAND_SIZE, PILE_SIZE, Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.json_read import (
    check_plain,
    read_at,
    read_count,
    read_object,
    read_pair,
    read_seat_or_null,
    read_text,
)
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.support.safe_text import shown

__all__ = [
    "ALL_SWITCHES",
    "DEFAULT_START_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "FEST_SCHEDULE_MAX_LINE_BYTES",
    "FEST_SWITCHES",
    "GANG_SWITCHES",
    "LEVELS",
    "MATCH_SWITCHES",
    "MAX_LINE_BYTES",
    "PROTOCOL1_GANG_SWITCHES",
    "PROTOCOL_VERSION",
    "SCORING_SWITCHES",
    "SUPPORTED_PROTOCOLS",
    "ActionRefusedError",
    "Hello",
    "ProtocolError",
    "RemoteGang",
    "StateReport",
    "SubprocessAdapter",
    "SubprocessClient",
    "checked_answer",
    "deal_from_codes",
    "gang_rules_to_json",
    "parse_hello",
    "parse_result",
    "parse_state",
    "start_message",
]

DEFAULT_TIMEOUT = 5.0
"""Seconds an implementation may take to answer one request before it is stopped."""
DEFAULT_START_TIMEOUT = 20.0
"""Seconds an implementation may take to start and answer ``hello``."""
MAX_LINE_BYTES = 64 * 1024
"""The longest answer line the client reads, but for ``fest_schedule``; a longer one is a protocol error (a true answer is under 1 KiB)."""
FEST_SCHEDULE_MAX_LINE_BYTES = 4 * 1024 * 1024
"""The longest ``fest_schedule`` answer line: the schedule of 256 Schwinger on one card set is about 710 KiB written compactly."""
_LINE_LIMITS = {"fest_schedule": FEST_SCHEDULE_MAX_LINE_BYTES}
_LONGEST_LINE = max(MAX_LINE_BYTES, *_LINE_LIMITS.values())
_STDERR_TAIL_BYTES = 8 * 1024
_EXIT_POLL_SECONDS = 0.05
"""How often a wait for an answer checks whether the process has exited."""
_LEVEL_NEEDS = {"gang": (), "scoring": ("gang",), "match": ("scoring",), "schwingfest": ("scoring",)}

_MOST_TRICKS = 11
"""The most tricks a Gang gives (``gang.end_no_angriff``: 11 Schwünge, one trick each)."""
_OUTCOMES = frozenset(
    {
        "plattwurf_eigener_angriff",
        "plattwurf_gegnerischer_angriff",
        "sieg_mit_angriff",
        "sieg_ohne_angriff",
        "gestellter",
    }
)


class ProtocolError(SchwingetError):
    """The implementation broke the protocol: it timed out, exited, wrote a line that is not a valid answer, or answered an error.

    ``kind`` is one of ``timeout``, ``exited``, ``too_long``, ``malformed``, ``error``
    (an ``ok: false`` answer where the protocol allows none), ``deadline`` (the whole
    run's deadline passed while waiting), ``not_started`` (the command could not be run
    at all: not found, not executable). ``stderr`` holds the last
    bytes the implementation wrote to its standard error, for the report.
    """

    def __init__(self, reason: str, *, kind: str, stderr: str = "") -> None:
        super().__init__(reason)
        self.kind = kind
        self.stderr = stderr


class ActionRefusedError(SchwingetError):
    """The implementation refused an action with ``{"ok": false, "error": "illegal"}``.

    ``claimed_clause`` is the clause id the implementation named, if any; it is kept
    apart from ``clause_id`` because an implementation may name any string.
    """

    def __init__(self, reason: str, *, action: str, claimed_clause: str | None) -> None:
        super().__init__(reason)
        self.action = action
        self.claimed_clause = claimed_clause


@attrs.frozen
class Hello:
    """The answer to ``hello``: who the implementation is, the levels it implements and the switches it honours.

    An engine of protocol version 1 has ``levels`` ``("gang",)``.
    """

    name: str
    version: str
    protocol: int
    switches: tuple[str, ...]
    levels: tuple[str, ...] = ("gang",)
    readings: Readings = attrs.field()
    """The values of each declared switch the implementation plays (``switches`` names them; a list in ``hello`` declares every value)."""

    @readings.default
    def _every_value(self) -> Readings:
        return Readings.of(self.switches)

    def to_json(self) -> dict[str, Any]:
        """The wire value: the ``hello`` answer without ``ok``; ``Hello.from_json`` reads it back.

        ``{"name": "schwinget-js", "version": "2.0.0", "protocol": 2, "levels": ["gang", ...],
        "switches": [...]}``, ``switches`` in the list form when every declared switch has
        every value, else the object form (``Readings.hello_json``); protocol 1 has no
        ``levels`` and lists its switches.
        """
        out: dict[str, Any] = {"name": self.name, "version": self.version, "protocol": self.protocol}
        if self.protocol == 1:
            out["switches"] = list(self.switches)
            return out
        out["levels"] = list(self.levels)
        out["switches"] = self.readings.hello_json()
        return out

    @classmethod
    def from_json(cls, data: object) -> Hello:
        """The ``Hello`` that ``to_json`` wrote, read as ``parse_hello`` reads an answer (an ``ok`` field aside).

        Anything else raises ``InvalidArgumentError`` naming the JSON path (``hello.levels[1]``,
        ``hello.switches.match_draw[0]``): an unknown or missing field, a name or version
        that is no string, a protocol other than 1 and 2, an unknown level or switch, a
        level without the level it needs.
        """
        check_plain(data, "hello")
        if not isinstance(data, Mapping):
            raise InvalidArgumentError("hello", f"expected a JSON object with name, version, protocol, levels, switches, got {shown(data)}")
        protocol = data.get("protocol")
        if type(protocol) is not int or protocol not in SUPPORTED_PROTOCOLS:
            raise InvalidArgumentError("hello.protocol", f"expected one of {', '.join(map(str, SUPPORTED_PROTOCOLS))}, got {shown(protocol)}")
        fields = ("name", "version", "protocol", "switches") if protocol == 1 else ("name", "version", "protocol", "levels", "switches")
        obj = read_object(data, "hello", fields)
        read_text(obj["name"], "hello.name")
        read_text(obj["version"], "hello.version")
        known = PROTOCOL1_GANG_SWITCHES if protocol == 1 else ALL_SWITCHES
        if protocol == 1 and not isinstance(obj["switches"], list):
            raise InvalidArgumentError("hello.switches", f"protocol 1 lists the switch names, got {shown(obj['switches'])}")
        Readings.from_json(obj["switches"], "hello.switches", known)
        if protocol == 2:
            levels = obj["levels"]
            if not isinstance(levels, list):
                raise InvalidArgumentError("hello.levels", f"expected a list of levels, of {', '.join(LEVELS)}, got {shown(levels)}")
            for i, level in enumerate(levels):
                if not isinstance(level, str) or level not in LEVELS or level in levels[:i]:
                    raise InvalidArgumentError(f"hello.levels[{i}]", f"expected a level listed once, of {', '.join(LEVELS)}, got {shown(level)}")
        try:
            return parse_hello(obj)
        except ProtocolError as exc:
            raise InvalidArgumentError("hello.levels" if protocol == 2 else "hello", exc.reason) from None


@attrs.frozen
class StateReport:
    """The answer to ``state``, checked for shape and for consistency with itself."""

    to_move: Player | None
    tricks: tuple[int, int]
    pile_size: int
    hand_sizes: tuple[int, int]
    is_over: bool
    hands: tuple[tuple[str, ...], tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        """The wire value: the ``state`` answer without ``ok``; ``StateReport.from_json`` reads it back.

        ``{"to_move": "P0", "tricks": [2, 1], "pile_size": 6, "hand_sizes": [5, 5], "is_over":
        false, "hands": [["G3", ...], ["R1", ...]]}`` (``to_move`` null once the Gang is over).
        """
        return {
            "to_move": None if self.to_move is None else self.to_move.code,
            "tricks": [*self.tricks],
            "pile_size": self.pile_size,
            "hand_sizes": [*self.hand_sizes],
            "is_over": self.is_over,
            "hands": [[*self.hands[0]], [*self.hands[1]]],
        }

    @classmethod
    def from_json(cls, data: object) -> StateReport:
        """The report ``to_json`` wrote; anything else raises ``InvalidArgumentError`` naming the JSON path and, where a rule bounds it, the clause.

        Refused besides a wrong shape: more than 11 tricks together (``gang.end_no_angriff``),
        a pile of more than 12 cards (``deal.pile``), a hand of more than 5 cards
        (``deal.hands``), a card code that does not parse or a card held twice, hand sizes
        other than the hands hold, and ``is_over`` that is not ``to_move`` being null.
        """
        check_plain(data, "state")
        obj = read_object(data, "state", ("to_move", "tricks", "pile_size", "hand_sizes", "is_over", "hands"))
        to_move = read_seat_or_null(obj["to_move"], "state.to_move")
        raw_tricks = read_pair(obj["tricks"], "state.tricks")
        tricks = (read_count(raw_tricks[0], "state.tricks[0]"), read_count(raw_tricks[1], "state.tricks[1]"))
        if sum(tricks) > _MOST_TRICKS:
            raise InvalidArgumentError("state.tricks", f"a Gang gives at most {_MOST_TRICKS} tricks, got {shown(tricks[0])}:{shown(tricks[1])}", clause_id="gang.end_no_angriff")
        pile_size = read_count(obj["pile_size"], "state.pile_size")
        if pile_size > PILE_SIZE:
            raise InvalidArgumentError("state.pile_size", f"the pile holds at most {PILE_SIZE} cards, got {shown(pile_size)}", clause_id="deal.pile")
        raw_sizes = read_pair(obj["hand_sizes"], "state.hand_sizes")
        hand_sizes = (read_count(raw_sizes[0], "state.hand_sizes[0]"), read_count(raw_sizes[1], "state.hand_sizes[1]"))
        is_over = obj["is_over"]
        if not isinstance(is_over, bool):
            raise InvalidArgumentError("state.is_over", f"expected true or false, got {shown(is_over)}")
        if is_over != (to_move is None):
            raise InvalidArgumentError("state.is_over", f"is {str(is_over).lower()} but to_move is {shown(obj['to_move'])}: null exactly when the Gang is over")
        raw_hands = read_pair(obj["hands"], "state.hands")
        hands: list[tuple[str, ...]] = []
        held: set[str] = set()
        for seat in (0, 1):
            where = f"state.hands[{seat}]"
            if not isinstance(raw_hands[seat], list):
                raise InvalidArgumentError(where, f"expected an array of card codes, got {shown(raw_hands[seat])}")
            if len(raw_hands[seat]) > HAND_SIZE:
                raise InvalidArgumentError(where, f"a hand holds at most {HAND_SIZE} cards, got {len(raw_hands[seat])}", clause_id="deal.hands")
            for i, code in enumerate(raw_hands[seat]):
                card = read_at(f"{where}[{i}]", "text", Card.parse, code)
                if card.code in held:
                    raise InvalidArgumentError(f"{where}[{i}]", f"{card} is held twice")
                held.add(card.code)
            if len(raw_hands[seat]) != hand_sizes[seat]:
                raise InvalidArgumentError(f"state.hand_sizes[{seat}]", f"is {shown(hand_sizes[seat])} but the hand holds {len(raw_hands[seat])} cards")
            hands.append(tuple(raw_hands[seat]))
        return cls(to_move, tricks, pile_size, hand_sizes, is_over, (hands[0], hands[1]))


def gang_rules_to_json(rules: Rules, switches: Sequence[str] = GANG_SWITCHES) -> dict[str, bool]:
    """The switches of ``rules`` that change a Gang, as sent in ``start`` (``switches``: those of the engine's protocol version)."""
    return {name: bool(getattr(rules, name)) for name in switches}


def start_message(
    deal: Deal, starter: Player, rules: Rules, switches: Sequence[str] = GANG_SWITCHES
) -> dict[str, Any]:
    """The ``start`` request for a Gang dealt as ``deal`` with ``starter`` to lead."""
    return {
        "cmd": "start",
        "deal": deal.to_codes(),
        "starter": starter.code,
        "rules": gang_rules_to_json(rules, switches),
    }


def deal_from_codes(value: Any) -> Deal:
    """The deal that ``Deal.to_codes`` wrote (the ``deal`` of ``start`` and of a trace's Gang).

    Anything else raises ``InvalidDealError`` (a card code that does not parse, a hand
    of the wrong size, a card dealt twice) or ``InvalidArgumentError`` naming ``deal``
    (not an object, a missing part, parts that are not lists of codes).
    """
    if not isinstance(value, Mapping):
        raise InvalidArgumentError("deal", f"a deal is an object with hands, revealed, face_down and pile, got {shown(value)}")
    try:
        hands, revealed, face_down, pile = value["hands"], value["revealed"], value["face_down"], value["pile"]
    except KeyError as exc:
        raise InvalidArgumentError("deal", f"a deal needs {exc.args[0]!r}") from None
    if not (isinstance(hands, list | tuple) and len(hands) == 2 and all(isinstance(h, list | tuple) for h in (*hands, face_down, pile))):
        raise InvalidArgumentError("deal", "hands is a list of two lists of card codes; face_down and pile are lists of card codes")
    return Deal(
        hands=(tuple(Card.parse(c) for c in hands[0]), tuple(Card.parse(c) for c in hands[1])),
        revealed=Card.parse(revealed),
        face_down=tuple(Card.parse(c) for c in face_down),
        pile=tuple(Card.parse(c) for c in pile),
    )


# -- checking answers


class _DuplicateKeyError(ValueError):
    """A JSON object of an answer read with ``_unique_object`` holds ``key`` twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKeyError(key)
            seen.add(key)
    return out


def _malformed(message: str) -> ProtocolError:
    return ProtocolError(message, kind="malformed")


_T = TypeVar("_T")


def checked_answer(cmd: str, answer: Mapping[str, Any], parse: Callable[[Mapping[str, Any]], _T]) -> _T:
    """``parse(answer)``, the answer to ``cmd``, then the answer checked against the protocol's schema (``protocol_schema``).

    A fault the schema finds is ``malformed``, naming its JSON path and the schema rule;
    an answer ``parse`` refuses as ``malformed`` keeps its reason, with the schema's path
    and rule added when the schema names one.
    """
    try:
        value = parse(answer)
    except ProtocolError as exc:
        fault = answer_fault(cmd, answer) if exc.kind == "malformed" else None
        if fault is None:
            raise
        raise ProtocolError(f"{exc.reason} [at {fault}]", kind=exc.kind, stderr=exc.stderr) from None
    fault = answer_fault(cmd, answer, parsed=True)
    if fault is not None:
        raise _malformed(f"the answer to {cmd!r} breaks the protocol at {fault}")
    return value


def _nothing(answer: Mapping[str, Any]) -> None:
    """The parse of an answer that carries nothing but ``ok``."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _printable(value: str) -> str:
    # an answer may carry lone surrogates ("\ud800"), which no UTF-8 output can carry:
    # the report shows them as escapes, so that it can always be printed and sent
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def _int_pair(answer: Mapping[str, Any], name: str, cmd: str) -> tuple[int, int]:
    value = answer.get(name)
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise _malformed(f"the answer to {cmd!r} needs {name!r}: a list of two integers, got {shown(value)}")
    return (value[0], value[1])


def _seat(value: Any, name: str, cmd: str, *, nullable: bool) -> Player | None:
    if value is None and nullable:
        return None
    if value in ("P0", "P1"):
        return Player.P0 if value == "P0" else Player.P1
    allowed = '"P0", "P1" or null' if nullable else '"P0" or "P1"'
    raise _malformed(f"the answer to {cmd!r} needs {name!r}: {allowed}, got {shown(value)}")


def _codes(value: Any, name: str, cmd: str, allowed: frozenset[str] | None = None) -> tuple[str, ...]:
    if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        raise _malformed(f"the answer to {cmd!r} needs {name!r}: a list of strings, got {shown(value)}")
    if allowed is not None:
        unknown = [v for v in value if v not in allowed]
        if unknown:
            raise _malformed(f"the answer to {cmd!r} lists unknown codes in {name!r}: {shown(unknown)}")
    if len(set(value)) != len(value):
        raise _malformed(f"the answer to {cmd!r} lists a code twice in {name!r}: {shown(value)}")
    return tuple(value)


def parse_hello(answer: Mapping[str, Any]) -> Hello:
    """The ``Hello`` in an answer to ``hello``; raises ``ProtocolError`` for a bad shape."""
    name, version, protocol = answer.get("name"), answer.get("version"), answer.get("protocol")
    if not isinstance(name, str) or not isinstance(version, str):
        raise _malformed(f"the answer to 'hello' needs 'name' and 'version' strings, got {shown(dict(answer))}")
    name, version = _printable(name), _printable(version)
    if not _is_int(protocol):
        raise _malformed(f"the answer to 'hello' needs 'protocol': an integer, got {shown(protocol)}")
    assert isinstance(protocol, int)
    if protocol not in SUPPORTED_PROTOCOLS:
        raise _malformed(
            f"the implementation speaks protocol {protocol}; this harness speaks "
            f"{' and '.join(str(v) for v in SUPPORTED_PROTOCOLS)} (docs/harness.md)"
        )
    if protocol == 1:
        # version 1 knew only the play of a Gang and its four switches
        switches = _codes(answer.get("switches", []), "switches", "hello", frozenset(PROTOCOL1_GANG_SWITCHES))
        return Hello(name, version, protocol, switches, ("gang",))
    try:
        readings = Readings.from_json(answer.get("switches", []), "switches", ALL_SWITCHES)
    except InvalidArgumentError as exc:
        raise _malformed(f"the answer to 'hello' declares readings that do not exist: {exc}"[:300]) from None
    switches = tuple(readings)
    if "levels" not in answer:
        raise _malformed(
            "the answer to 'hello' needs 'levels' in protocol 2: a list of "
            f"{', '.join(repr(v) for v in LEVELS)} (a Gang-only engine answers [\"gang\"])"
        )
    levels = _codes(answer.get("levels"), "levels", "hello", frozenset(LEVELS))
    for level in levels:
        for needed in _LEVEL_NEEDS[level]:
            if needed not in levels:
                raise _malformed(f"the answer to 'hello' declares the level {level!r} without {needed!r}, which it needs")
    if "gang" not in levels:
        raise _malformed("the answer to 'hello' must declare the level 'gang': every other level plays Gänge")
    return Hello(name, version, protocol, switches, tuple(level for level in LEVELS if level in levels), readings)


def parse_state(answer: Mapping[str, Any]) -> StateReport:
    """The ``StateReport`` in an answer to ``state``; raises ``ProtocolError`` for a bad or self-contradicting shape."""
    to_move = _seat(answer.get("to_move"), "to_move", "state", nullable=True)
    tricks = _int_pair(answer, "tricks", "state")
    hand_sizes = _int_pair(answer, "hand_sizes", "state")
    pile_size = answer.get("pile_size")
    if not _is_int(pile_size):
        raise _malformed(f"the answer to 'state' needs 'pile_size': an integer, got {shown(pile_size)}")
    is_over = answer.get("is_over")
    if not isinstance(is_over, bool):
        raise _malformed(f"the answer to 'state' needs 'is_over': true or false, got {shown(is_over)}")
    hands_value = answer.get("hands")
    if not (isinstance(hands_value, list) and len(hands_value) == 2):
        raise _malformed(f"the answer to 'state' needs 'hands': a list of two lists of card codes, got {shown(hands_value)}")
    hands = (
        _codes(hands_value[0], "hands[0]", "state", CARD_CODES),
        _codes(hands_value[1], "hands[1]", "state", CARD_CODES),
    )
    if (len(hands[0]), len(hands[1])) != hand_sizes:
        raise _malformed(
            f"the answer to 'state' contradicts itself: 'hand_sizes' {list(hand_sizes)} but 'hands' "
            f"hold {len(hands[0])} and {len(hands[1])} cards"
        )
    if is_over != (to_move is None):
        raise _malformed(
            f"the answer to 'state' contradicts itself: 'is_over' is {str(is_over).lower()} "
            f"but 'to_move' is {shown(answer.get('to_move'))} (null exactly when the Gang is over)"
        )
    assert isinstance(pile_size, int)
    return StateReport(to_move, tricks, pile_size, hand_sizes, is_over, hands)


def parse_result(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The end claims in an answer to ``result``, in the shape of ``trace.end_claims``; raises ``ProtocolError`` for a bad shape."""
    tricks = _int_pair(answer, "tricks", "result")
    schwuenge = answer.get("schwuenge")
    if not _is_int(schwuenge):
        raise _malformed(f"the answer to 'result' needs 'schwuenge': an integer, got {shown(schwuenge)}")
    outcome = answer.get("outcome")
    if outcome not in _OUTCOMES:
        raise _malformed(f"the answer to 'result' needs 'outcome': one of {sorted(_OUTCOMES)}, got {shown(outcome)}")
    winner = _seat(answer.get("winner"), "winner", "result", nullable=True)
    plattwurf = _seat(answer.get("plattwurf"), "plattwurf", "result", nullable=True)
    angriff = answer.get("angriff")
    angriff_out: dict[str, Any] | None = None
    if angriff is not None:
        if not isinstance(angriff, dict) or not _is_int(angriff.get("after_schwung")):
            raise _malformed(
                f"the answer to 'result' needs 'angriff': null or {{\"player\": \"P0\"|\"P1\", "
                f"\"after_schwung\": n}}, got {shown(angriff)}"
            )
        player = _seat(angriff.get("player"), "angriff.player", "result", nullable=False)
        assert player is not None
        angriff_out = {"player": player.code, "after_schwung": angriff["after_schwung"]}
    return {
        "tricks": list(tricks),
        "schwuenge": schwuenge,
        "outcome": outcome,
        "winner": None if winner is None else winner.code,
        "plattwurf": None if plattwurf is None else plattwurf.code,
        "angriff": angriff_out,
    }


# -- the subprocess client


class SubprocessClient:
    """One implementation running as a subprocess, spoken to one JSON line at a time.

    Every request waits at most ``timeout`` seconds for its answer (``start_timeout``
    for ``hello``); a late, missing, overlong (over ``MAX_LINE_BYTES``) or unparsable
    answer raises ``ProtocolError`` and stops the process, whose state can no longer be
    trusted. Reading happens on a daemon thread, so a hung implementation never blocks
    the caller. Use as a context manager, or call ``close``.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        cwd: str | None = None,
    ) -> None:
        if not command:
            raise ValueError("the implementation's command is empty")
        self.command = tuple(command)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.deadline: float | None = None
        """A ``time.monotonic()`` instant no request waits past (kind ``deadline``); None for none."""
        self.start_switches: tuple[str, ...] = GANG_SWITCHES
        """The switches ``start`` sends: the Gang switches the engine declared in ``hello`` (version 1: its four, declared or not)."""
        self._stderr_tail: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        # every process the engine starts inherits the mark, also one that leaves its group (setsid)
        self._mark = new_mark()
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                # a process group of its own, so that stopping it also stops any child it started
                start_new_session=os.name == "posix",
                env={**os.environ, ENGINE_MARK: self._mark},
            )
        except OSError as exc:
            raise ProtocolError(f"cannot start {' '.join(self.command)}: {exc}", kind="not_started") from None
        assert self._process.stdout is not None
        assert self._process.stderr is not None
        threading.Thread(target=self._read_stdout, args=(self._process.stdout,), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self._process.stderr,), daemon=True).start()

    # -- the reader threads

    def _read_stdout(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(_LONGEST_LINE + 1)
                if not line:
                    break
                self._lines.put(line)
                if len(line) > _LONGEST_LINE:
                    break
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            while True:
                chunk = os.read(stream.fileno(), 4096)
                if not chunk:
                    return
                self._stderr_tail.append(chunk)
                self._stderr_size += len(chunk)
                while self._stderr_size > _STDERR_TAIL_BYTES and len(self._stderr_tail) > 1:
                    self._stderr_size -= len(self._stderr_tail.popleft())
        except (OSError, ValueError):
            return

    @property
    def stderr_tail(self) -> str:
        """The last few KiB the implementation wrote to its standard error."""
        return b"".join(list(self._stderr_tail))[-_STDERR_TAIL_BYTES:].decode("utf-8", "replace")

    @property
    def is_alive(self) -> bool:
        """True while the process runs."""
        return self._process.poll() is None

    # -- requests

    def _fail(self, message: str, kind: str) -> ProtocolError:
        self.kill()
        return ProtocolError(message, kind=kind, stderr=self.stderr_tail)

    def request(self, message: Mapping[str, Any], *, timeout: float | None = None) -> dict[str, Any]:
        """Send ``message`` and return the answer object (``ok`` true or false)."""
        wait = self.timeout if timeout is None else timeout
        cmd = message.get("cmd")
        if self._process.poll() is not None:
            raise self._fail(
                f"the implementation has exited (code {self._process.returncode}) before {cmd!r}", "exited"
            )
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail(f"the implementation closed its input before {cmd!r}", "exited") from None
        line = self._next_line(cmd, wait)
        if line is None:
            self._lines.put(None)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=1.0)
            raise self._fail(
                f"the implementation exited (code {self._process.poll()}) instead of answering {cmd!r}",
                "exited",
            )
        limit = _LINE_LIMITS.get(cmd, MAX_LINE_BYTES) if isinstance(cmd, str) else MAX_LINE_BYTES
        if len(line) > limit:
            raise self._fail(
                f"the answer to {cmd!r} is longer than {limit} bytes", "too_long"
            )
        try:
            # the hello is read as a trace is: a key twice in one object is malformed, not last-wins
            answer = json.loads(line, object_pairs_hook=_unique_object) if cmd == "hello" else json.loads(line)
        except _DuplicateKeyError as exc:
            raise self._fail(
                f"the answer to {cmd!r} has the key {shown(exc.key)} twice in one object (as in a trace, "
                "a JSON object's keys are unique)",
                "malformed",
            ) from None
        except (ValueError, RecursionError):
            head = line[:200].decode("utf-8", "replace").rstrip()
            raise self._fail(f"the answer to {cmd!r} is not a JSON line: {shown(head)}", "malformed") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            raise self._fail(
                f"the answer to {cmd!r} must be an object with 'ok': true or false, got {shown(answer)}",
                "malformed",
            )
        return answer

    def call(self, message: Mapping[str, Any], *, timeout: float | None = None) -> dict[str, Any]:
        """Send ``message`` and return its ``ok: true`` answer, checked against the protocol's schema; an ``ok: false`` answer raises ``ProtocolError`` (kind ``error``)."""
        answer = self._expect_ok(message, timeout=timeout)
        checked_answer(str(message.get("cmd")), answer, _nothing)
        return answer

    def call_parsed(self, message: Mapping[str, Any], parse: Callable[[Mapping[str, Any]], _T]) -> _T:
        """Send ``message`` and return its ``ok: true`` answer read by ``parse``, then checked against the protocol's schema (``checked_answer``)."""
        return checked_answer(str(message.get("cmd")), self._expect_ok(message), parse)

    def _expect_ok(self, message: Mapping[str, Any], *, timeout: float | None = None) -> dict[str, Any]:
        answer = self.request(message, timeout=timeout)
        if not answer["ok"]:
            error = answer.get("error")
            text = answer.get("message", "")
            raise ProtocolError(
                f"{message.get('cmd')!r} answered an error: {shown(error)} {shown(text)}",
                kind="error",
                stderr=self.stderr_tail,
            )
        return answer

    def hello(self) -> Hello:
        """Ask who the implementation is (``hello``), allowing ``start_timeout`` for its start."""
        hello = checked_answer("hello", self._expect_ok({"cmd": "hello"}, timeout=self.start_timeout), parse_hello)
        self.start_switches = (
            PROTOCOL1_GANG_SWITCHES if hello.protocol == 1 else tuple(name for name in GANG_SWITCHES if name in hello.switches)
        )
        return hello

    def start(self, deal: Deal, starter: Player, rules: Rules) -> None:
        """Start a new Gang (``start``); any previous Gang is forgotten."""
        self.call(start_message(deal, starter, rules, self.start_switches))

    def legal(self) -> tuple[str, ...]:
        """The legal actions of the current state (``legal``)."""
        return self.call_parsed({"cmd": "legal"}, _legal_actions)

    def apply(self, action: str) -> None:
        """Apply ``action`` (``apply``); raises ``ActionRefusedError`` if the implementation refuses it as illegal."""
        answer = self.request({"cmd": "apply", "action": action})
        if answer["ok"]:
            checked_answer("apply", answer, _nothing)
            return
        if answer.get("error") == "illegal":
            clause = answer.get("clause")
            text = answer.get("message")
            raise ActionRefusedError(
                _printable(text) if isinstance(text, str) else f"{action} refused",
                action=action,
                claimed_clause=_printable(clause) if isinstance(clause, str) else None,
            )
        error = answer.get("error")
        raise ProtocolError(
            f"'apply' {action} answered error {shown(error)}"
            + ("" if isinstance(error, str) and error in ERROR_CODES else " (not an error code of the protocol)"),
            kind="error",
            stderr=self.stderr_tail,
        )

    def state(self) -> StateReport:
        """The current state (``state``)."""
        return self.call_parsed({"cmd": "state"}, parse_state)

    def result(self) -> dict[str, Any]:
        """The result of the finished Gang (``result``), as end claims."""
        return self.call_parsed({"cmd": "result"}, parse_result)

    def _next_line(self, cmd: object, wait: float) -> bytes | None:
        """The next answer line (None at the end of the output), waiting at most ``wait`` seconds and never past ``deadline``.

        The process exiting ends the wait at once even when a helper it started still
        holds its output open: that is an exit, not a timeout.
        """
        started = time.monotonic()
        until = started + wait
        if self.deadline is not None and self.deadline < until:
            until = self.deadline
        while True:
            left = until - time.monotonic()
            if left <= 0:
                if self.deadline is not None and until >= self.deadline:
                    raise self._fail(f"the run's deadline passed while waiting for the answer to {cmd!r}", "deadline")
                raise self._fail(f"no answer to {cmd!r} within {wait:g} s", "timeout")
            try:
                return self._lines.get(timeout=min(left, _EXIT_POLL_SECONDS))
            except queue.Empty:
                pass
            if self._process.poll() is not None:
                # the last answer may still be on its way from the reader thread
                try:
                    return self._lines.get(timeout=_EXIT_POLL_SECONDS)
                except queue.Empty:
                    return None

    def close(self) -> None:
        """Say ``bye`` and wait briefly for the process to exit; then stop whatever is left of its process group."""
        if self._process.poll() is None:
            with contextlib.suppress(ProtocolError):
                self.request({"cmd": "bye"}, timeout=min(self.timeout, 2.0))
            stdin = self._process.stdin
            if stdin is not None:
                with contextlib.suppress(OSError, ValueError):
                    stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=2.0)
        # whatever is left of its process group (the process, or helpers it started) is stopped
        self.kill()

    def kill(self) -> None:
        """Stop the process and its whole process group at once, also when the process itself has already exited.

        A helper the implementation started stays in its group and may hold its standard
        output open; it is stopped too, so that nothing outlives the run. So is every
        other process it started, in its tree of children or carrying its mark (a helper
        that left the group with ``setsid``: ``descendants.stop_engine_processes``).
        """
        # the engine's number names it only until it is reaped (returncode set)
        stop_engine_processes(self._process.pid if self._process.returncode is None else None, self._mark)
        if os.name == "posix":
            # the group outlives its leader: signal it whether or not the leader has exited
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._process.pid, signal.SIGKILL)
        if self._process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=5.0)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for stream in (self._process.stdin,):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()

    def __enter__(self) -> SubprocessClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_ALL_ACTION_CODES = CARD_CODES | {"A", "L0", "L1"}


def _legal_actions(answer: Mapping[str, Any]) -> tuple[str, ...]:
    return _codes(answer.get("actions"), "actions", "legal", _ALL_ACTION_CODES)


# -- the bridge to the adapter protocol


@attrs.frozen
class RemoteGang:
    """A handle on the Gang held by a subprocess: the ``game``-th start, after ``step`` accepted actions.

    A subprocess holds one state only, so only the newest handle can be used; the
    adapter refuses a stale one.
    """

    game: int
    step: int


class SubprocessAdapter:
    """A ``schwinget_spec.testing.GangAdapter`` over a ``SubprocessClient``: the in-process face of an implementation in any language.

    Each state handle's ``state`` and ``legal`` answers are asked once and kept, so
    the conformance state machine's observations cost two requests per step. A refusal
    raises ``ActionRefusedError``; a broken protocol raises ``ProtocolError``.
    """

    def __init__(self, client: SubprocessClient) -> None:
        self.client = client
        self._current = RemoteGang(-1, 0)
        self._state: StateReport | None = None
        self._legal: tuple[str, ...] | None = None

    def _check(self, state: RemoteGang) -> None:
        if state != self._current:
            raise ValueError(
                f"stale handle {state}: the implementation holds {self._current}; a subprocess keeps one state only"
            )

    def _report(self, state: RemoteGang) -> StateReport:
        self._check(state)
        if self._state is None:
            self._state = self.client.state()
        return self._state

    def start(self, deal: Deal, starter: Player, rules: Rules) -> RemoteGang:
        """Send ``start`` and return the handle of the new Gang."""
        self._state = self._legal = None
        self._current = RemoteGang(self._current.game + 1, 0)
        self.client.start(deal, starter, rules)
        return self._current

    def legal_actions(self, state: RemoteGang) -> tuple[str, ...]:
        """The answer to ``legal``."""
        self._check(state)
        if self._legal is None:
            self._legal = self.client.legal()
        return self._legal

    def apply(self, state: RemoteGang, action: str) -> RemoteGang:
        """Send ``apply``; a refusal leaves the handle current."""
        self._check(state)
        # forget the answers first: a refusal must be observed afresh, it may have changed the state
        self._state = self._legal = None
        self.client.apply(action)
        self._current = RemoteGang(state.game, state.step + 1)
        return self._current

    def tricks(self, state: RemoteGang) -> tuple[int, int]:
        """``tricks`` of the answer to ``state``."""
        return self._report(state).tricks

    def pile_size(self, state: RemoteGang) -> int:
        """``pile_size`` of the answer to ``state``."""
        return self._report(state).pile_size

    def hand(self, state: RemoteGang, player: int) -> tuple[str, ...]:
        """``hands[player]`` of the answer to ``state``."""
        return self._report(state).hands[player]

    def to_move(self, state: RemoteGang) -> int | None:
        """``to_move`` of the answer to ``state`` as a seat number."""
        seat = self._report(state).to_move
        return None if seat is None else int(seat)

    def end_claims(self, state: RemoteGang) -> dict[str, Any] | None:
        """The answer to ``result`` once the Gang is over; None before."""
        if not self._report(state).is_over:
            return None
        return self.client.result()

    def result(self, state: RemoteGang) -> ResultReport | None:
        """The answer to ``result`` in the adapter protocol's plain values; None before the end."""
        claims = self.end_claims(state)
        if claims is None:
            return None

        def seat(code: str | None) -> int | None:
            return None if code is None else int(code[1])

        return ResultReport(
            tricks=(claims["tricks"][0], claims["tricks"][1]),
            winner=seat(claims["winner"]),
            plattwurf=seat(claims["plattwurf"]),
            outcome=claims["outcome"],
        )
