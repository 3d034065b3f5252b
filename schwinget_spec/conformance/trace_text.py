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
- **Files.** A trace file is a regular file; a FIFO, a device or a directory is refused
  without being read (it is opened non-blocking, so a FIFO with no writer cannot hang).
"""

from __future__ import annotations

import gc
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from schwinget_spec.errors import ParseError

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
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


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


def json_value_problem(document: Any) -> TraceTextError | None:
    """Why ``document`` (a parsed value) is not a JSON value a trace may be, or None.

    A trace document holds only dicts with string keys, lists, strings, ints, booleans
    and None (subclasses included, such as the frozen JSON of ``schwinget_spec.frozen``),
    nested at most ``MAX_NESTING`` deep; a float anywhere breaks the number rule.
    """
    stack: list[tuple[Any, int, list[str | int] | None, Any]] = [(document, 0, None, None)]
    while stack:
        value, depth, parent, key = stack.pop()
        kind = type(value)
        if kind is str or kind is int or kind is bool or value is None:
            continue
        path = [] if parent is None else [*parent, key]
        if isinstance(value, float):
            return TraceTextError(
                "number", f"the number {value!r} is not a JSON integer: every number of a trace is an integer field",
                where=_pointer(path),
            )
        if isinstance(value, str | int):
            continue
        if depth > MAX_NESTING:
            return TraceTextError("json", f"the document is nested deeper than {MAX_NESTING} levels", where=_pointer(path))
        if isinstance(value, dict):
            for k, item in value.items():
                if type(k) is not str:
                    return TraceTextError("json_value", f"an object key is {k!r}, not a string", where=_pointer(path))
                stack.append((item, depth + 1, path, k))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                stack.append((item, depth + 1, path, i))
        else:
            return TraceTextError("json_value", f"a {kind.__name__} is not a JSON value", where=_pointer(path))
    return None


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
