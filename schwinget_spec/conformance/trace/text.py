"""Reading a trace's text: one decoding for every entry point, the JSON number rule, no duplicate keys, the size limit, regular files only.

The rules (``docs/conformance.md``, "Reading a trace"):

- **Text.** A trace is UTF-8 text, without a byte-order mark. Bytes are decoded as
  strict UTF-8: a BOM, UTF-16 or UTF-32, and encoded surrogates are malformed. A ``str``
  is text already decoded; it must encode to UTF-8 (no lone surrogates). Every entry
  point (text, bytes, file) reads the same bytes the same way.
- **Size.** At most ``MAX_TRACE_BYTES`` bytes of UTF-8, for a ``str`` too (its UTF-8
  encoding is what counts).
- **Numbers.** Every number of a trace is an integer field, and an integer field holds
  a JSON integer: digits with an optional minus sign, no fraction and no exponent.
  ``3.0``, ``0E+0``, ``-0.0``, ``1e3``, ``NaN`` and ``Infinity`` are malformed wherever
  they stand, with the JSON pointer of the first one. A parsed document given to
  ``verify_trace`` is held to the same rule: a Python ``float`` anywhere is malformed.
- **Objects.** A key appears once in an object; a duplicate key is malformed (JSON
  parsers disagree on which one wins).
- **Parsed documents.** A value given to ``verify_trace`` is held to the limits of a
  text before it is walked (``json_value_problem``): its most compact JSON text at most
  ``MAX_TRACE_BYTES`` bytes, a list or dict used in several places counted each time it
  is used (and walked once), nested at most ``MAX_NESTING`` deep (a value that holds
  itself nests without end), no integer longer than Python's limit for integer text.
- **Files.** A trace file is a regular file; a FIFO, a device or a directory is refused
  without being read (it is opened non-blocking, so a FIFO with no writer cannot hang).
"""

from __future__ import annotations

import gc
import json
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from schwinget_spec.errors import ParseError
from schwinget_spec.support.frozen import FrozenDict, FrozenList
from schwinget_spec.support.safe_text import shown

__all__ = [
    "MAX_NESTING",
    "MAX_TRACE_BYTES",
    "TraceTextError",
    "gc_paused",
    "json_value_problem",
    "parse_trace_text",
    "read_trace_file",
    "read_trace_quickly",
]

MAX_TRACE_BYTES = 16 * 1024 * 1024
"""The largest trace the verifier reads, in bytes of UTF-8; a longer one is judged malformed unread."""

MAX_NESTING = 64
"""The deepest nesting of arrays and objects a parsed document may have (a trace needs 8)."""


class TraceTextError(ParseError):
    """Text or a file that is not a trace document before any trace rule is looked at.

    ``rule`` says which reading rule it broke: ``size``, ``text`` (not UTF-8, a BOM, a
    lone surrogate), ``json`` (not JSON, nested too deeply), ``number`` (a number that is
    not a JSON integer), ``duplicate_key``, ``json_value`` (a parsed value that JSON
    cannot hold) or ``file`` (missing, unreadable, not a regular file). ``where`` is the
    JSON pointer of the offending value, when it is known.
    """

    def __init__(self, rule: str, reason: str, *, where: str = "") -> None:
        super().__init__(reason)
        self.rule = rule
        self.where = where


class _RefusedError(Exception):
    pass


class _Marker:
    # Stands in for a refused number or an object with a duplicate key while the text is
    # parsed a second time to find the JSON pointer of the first one.
    def __init__(self, what: str) -> None:
        self.what = what


def _refuse_number(text: str) -> Any:
    raise _RefusedError(text)


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _RefusedError("")
    return out


def _mark_number(text: str) -> Any:
    return _Marker(f"the number {text} is not a JSON integer: every number of a trace is an integer field")


def _mark_pairs(pairs: list[tuple[str, Any]]) -> Any:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                return _Marker(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return out


def _pointer(parts: list[str | int]) -> str:
    # a part that is no string is an index, or a key of a parsed value that is no string
    # (refused, and named by ``shown``: an int of more digits than Python turns into text)
    return "".join("/" + (p if isinstance(p, str) else shown(p)).replace("~", "~0").replace("/", "~1") for p in parts)


def _find_marker(document: Any) -> tuple[str, str]:
    # Depth-first in document order: the first marker met is the first one in the text.
    stack: list[tuple[Any, list[str | int]]] = [(document, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Marker):
            return value.what, _pointer(path)
        if isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                stack.append((item, [*path, key]))
        elif isinstance(value, list):
            for index in range(len(value) - 1, -1, -1):
                stack.append((value[index], [*path, index]))
    return "a number that is not a JSON integer, or a duplicate key", ""


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the block (restored after, also on error).

    Parsing and replaying a large trace allocates millions of objects that all live on
    (the document), and the collector would walk them again and again: three times the
    cost of the parse itself. Nothing the verifier builds is a reference cycle.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _text(data: str | bytes | bytearray | memoryview) -> str:
    if isinstance(data, str):
        if len(data) > MAX_TRACE_BYTES:
            raise TraceTextError("size", f"the trace is longer than {MAX_TRACE_BYTES} bytes, the most the verifier reads")
        try:
            size = len(data.encode("utf-8"))
        except UnicodeEncodeError as exc:
            raise TraceTextError(
                "text", f"the text holds a lone surrogate at character {exc.start}, which UTF-8 cannot encode"
            ) from None
        if size > MAX_TRACE_BYTES:
            raise TraceTextError("size", f"the trace is {size} bytes of UTF-8; the verifier reads at most {MAX_TRACE_BYTES}")
        return data
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        if len(raw) > MAX_TRACE_BYTES:
            raise TraceTextError("size", f"the trace is {len(raw)} bytes long; the verifier reads at most {MAX_TRACE_BYTES}")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TraceTextError("text", f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    raise TraceTextError("text", f"a trace is text (str) or bytes, got {type(data).__name__}")


def parse_trace_text(data: str | bytes | bytearray | memoryview) -> Any:
    """The JSON value of a trace's text or bytes under the reading rules above; raises ``TraceTextError``."""
    text = _text(data)
    if text.startswith("\ufeff"):
        raise TraceTextError("text", "the text starts with a byte-order mark; a trace is UTF-8 without one")
    try:
        with gc_paused():
            return json.loads(
                text, object_pairs_hook=_unique_pairs, parse_float=_refuse_number, parse_constant=_refuse_number
            )
    except _RefusedError:
        pass
    except RecursionError:
        raise TraceTextError("json", "not JSON: nested too deeply") from None
    except ValueError as exc:
        raise TraceTextError("json", f"not JSON: {exc}") from None
    try:
        with gc_paused():
            marked = json.loads(text, object_pairs_hook=_mark_pairs, parse_float=_mark_number, parse_constant=_mark_number)
    except RecursionError:
        raise TraceTextError("json", "not JSON: nested too deeply") from None
    except ValueError as exc:
        raise TraceTextError("json", f"not JSON: {exc}") from None
    message, where = _find_marker(marked)
    raise TraceTextError("duplicate_key" if message.startswith("the key") else "number", message, where=where)


def read_trace_quickly(data: str | bytes | bytearray | memoryview) -> tuple[Any, int] | None:
    """The JSON value of a trace's text read in one pass, and the number of colons in the text; None where ``parse_trace_text`` must look.

    The text, the size and the number rules are checked as ``parse_trace_text`` checks
    them, but not that keys are unique: the value keeps the last of two equal keys. The
    colons of the text count its key/value pairs, plus any colon inside a string; a
    caller that counts as many pairs in the value's objects knows that no key appears
    twice, and that ``parse_trace_text`` gives the same value. None for any text that
    breaks a rule or is not JSON, without saying why (``parse_trace_text`` does).
    """
    try:
        text = _text(data)
    except TraceTextError:
        return None
    if text.startswith("\ufeff"):
        return None
    try:
        with gc_paused():
            value = json.loads(text, parse_float=_refuse_number, parse_constant=_refuse_number)
    except (_RefusedError, RecursionError, ValueError):
        return None
    return value, text.count(":")


class _WalkStoppedError(Exception):
    # ends the walk of a parsed document at a fault that makes the rest irrelevant
    def __init__(self, problem: TraceTextError) -> None:
        self.problem = problem


_CONTAINERS = frozenset((dict, list, FrozenDict, FrozenList))
"""The arrays and objects of a parsed document: a JSON reader's, and the frozen JSON of ``schwinget_spec.support.frozen`` (no other subclass)."""
_SMALL_INT = 10**18
_ONLY_STR = frozenset((str,))
_ONLY_INT = frozenset((int,))


class _Walk:
    # One walk of a parsed document: each distinct list or dict is measured once (a
    # document may share one list in many places, or hold itself), its size counted as
    # often as it appears, so that a document which expands to more than the text limit
    # is refused after a walk of its distinct parts only.
    def __init__(self) -> None:
        self.measured: dict[int, tuple[int, int]] = {}
        self.open: set[int] = set()
        self.path: list[str | int] = []
        self.first: TraceTextError | None = None

    def fault(self, rule: str, reason: str) -> None:
        if self.first is None:
            self.first = TraceTextError(rule, reason, where=_pointer(self.path))

    def scalar(self, value: Any, kind: type) -> int:
        # the fewest bytes the value takes in a JSON text
        if kind is str:
            # a lone surrogate is no fault: a text holds one as a JSON escape ("\\ud800")
            return len(value) + 2
        if value is None or value is True:
            return 4
        if value is False:
            return 5
        if isinstance(value, int) and kind is int:
            if -_SMALL_INT < value < _SMALL_INT:
                return 1
            digits = sys.get_int_max_str_digits()
            if digits and abs(value) >= 10**digits:
                self.fault(
                    "json",
                    f"not JSON: an integer of more than {digits} digits "
                    "(the most a JSON integer of a trace may have)",
                )
                return 1
            return (abs(value).bit_length() * 3) // 10
        if isinstance(value, float) and kind is float:
            self.fault("number", f"the number {value!r} is not a JSON integer: every number of a trace is an integer field")
            return 1
        # a subclass of str, int or float is no value a JSON reader gives: its own comparison or
        # text (which the schema and the replay would call) may do anything
        self.fault("json_value", f"a {kind.__name__} is not a JSON value")
        return 1

    def size(self, value: Any, depth: int) -> tuple[int, int]:
        # (the fewest bytes of the value's JSON text, how many levels of lists and dicts
        # lie below it: -1 for a scalar, 0 for a list or dict of scalars)
        if type(value) not in _CONTAINERS:
            return self.scalar(value, type(value)), -1
        if depth > MAX_NESTING:
            raise _WalkStoppedError(
                TraceTextError("json", f"the document is nested deeper than {MAX_NESTING} levels", where=_pointer(self.path))
            )
        if type(value) is list:
            # a list of strings or of small ints (cards, actions, tricks) is measured at once; its
            # size is counted each time it is met, which costs no more than the lists that hold it
            kinds = set(map(type, value))
            if kinds == _ONLY_STR:
                return 2 + sum(map(len, value)) + 3 * len(value), 0
            if not kinds or (kinds == _ONLY_INT and min(value) > -_SMALL_INT and max(value) < _SMALL_INT):
                return 2 + 2 * len(value), 0
        key = id(value)
        known = self.measured.get(key)
        if known is not None:
            if depth + known[1] > MAX_NESTING:
                self.fault("json", f"the document is nested deeper than {MAX_NESTING} levels")
            return known
        if key in self.open:
            # a list or dict inside itself nests without end
            raise _WalkStoppedError(
                TraceTextError("json", f"the document is nested deeper than {MAX_NESTING} levels", where=_pointer(self.path))
            )
        self.open.add(key)
        total, height = 2, 0
        is_dict = isinstance(value, dict)
        for k, item in value.items() if is_dict else enumerate(value):
            if is_dict:
                if type(k) is str:
                    total += len(k) + 3
                else:
                    self.path.append(k)
                    total += self._bad_key(k)
                    self.path.pop()
            kind = type(item)
            # the common scalars inline: this walk runs over every value of every trace given parsed
            if kind is str:
                total += len(item) + 3
            elif kind is int and -_SMALL_INT < item < _SMALL_INT:
                total += 2  # at least one digit (the size is a lower bound: no int is made text here)
            elif item is None or item is True:
                total += 5
            elif item is False:
                total += 6
            else:
                self.path.append(k)
                part, below = self.size(item, depth + 1)
                self.path.pop()
                total += part + 1
                if below >= height:
                    height = below + 1
            if total > MAX_TRACE_BYTES:
                raise _WalkStoppedError(TraceTextError(
                    "size", f"the document's JSON text is longer than {MAX_TRACE_BYTES} bytes, the most the verifier reads"
                ))
        self.open.discard(key)
        self.measured[key] = (total, height)
        return total, height

    def _bad_key(self, key: Any) -> int:
        self.fault("json_value", f"an object key is {shown(key)}, not a string")
        return 3


def json_value_problem(document: Any) -> TraceTextError | None:
    """Why ``document`` (a parsed value) is not a JSON value a trace may be, or None.

    A trace document holds only dicts with string keys, lists, strings, ints, booleans
    and None, of exactly these types (the frozen JSON of ``schwinget_spec.support.frozen`` aside:
    a subclass's own methods, which the schema and the replay would call, may raise),
    nested at most ``MAX_NESTING`` deep, and is held to the limits of a text: its
    JSON text (at its most compact) at most ``MAX_TRACE_BYTES`` bytes (rule ``size``,
    which wins over any other fault, as for a text), every integer within Python's digit limit for integer text (4,300
    digits by default, rule ``json``); a float anywhere breaks the number rule. A list
    or dict used in several places is walked once and counted as often as it is used, so
    a document of shared lists that expands beyond the size limit is refused at once; one
    that holds itself nests without end (rule ``json``).
    """
    walk = _Walk()
    try:
        walk.size(document, 0)
    except _WalkStoppedError as stop:
        return stop.problem
    return walk.first


def read_trace_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the trace file ``path`` (at most ``MAX_TRACE_BYTES`` + 1 of them); raises ``TraceTextError`` (rule ``file`` or ``size``).

    The file is opened non-blocking and must be a regular file: a FIFO, a socket, a
    device or a directory is refused unread.
    """
    if not isinstance(path, str | bytes | os.PathLike):
        raise TraceTextError("file", f"a trace path is a string or a path, got {path!r}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise TraceTextError("file", f"cannot read the trace {os.fsdecode(path)!r}: {reason}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = (
                "a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "not a regular file"
            )
            raise TraceTextError("file", f"cannot read the trace {os.fsdecode(path)!r}: it is {kind}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_TRACE_BYTES:
            chunk = os.read(fd, MAX_TRACE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise TraceTextError("file", f"cannot read the trace {os.fsdecode(path)!r}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_TRACE_BYTES:
        raise TraceTextError("size", f"the trace is longer than {MAX_TRACE_BYTES} bytes, the most the verifier reads")
    return data
