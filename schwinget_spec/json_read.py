"""Reading a public value's JSON at the edge: each refusal an ``InvalidArgumentError`` naming the JSON path and what was expected."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.players import Player
from schwinget_spec.support.frozen import FrozenDict, FrozenList
from schwinget_spec.support.safe_text import shown

__all__ = [
    "check_plain",
    "key_path",
    "read_at",
    "read_count",
    "read_object",
    "read_pair",
    "read_seat",
    "read_seat_or_null",
    "read_text",
]

_PLAIN = frozenset({dict, list, tuple, str, int, float, bool, type(None), FrozenDict, FrozenList})
"""The types of a value a JSON reader gives (a tuple for a list written by hand), exactly: no subclass but the frozen JSON of ``schwinget_spec.support.frozen``."""


def key_path(where: str, name: object) -> str:
    """The JSON path of the member ``name`` of the object at ``where``: ``where.name`` for a name that reads as an identifier, else the name shown quoted and cut (``where.'a b'``)."""
    return f"{where}.{name}" if isinstance(name, str) and name.isidentifier() else f"{where}.{shown(name)}"


def check_plain(data: object, where: str) -> None:
    """Refuse, naming its JSON path, any value inside ``data`` that no JSON reader gives: an object, a subclass of ``str`` or ``int``, a key that is not a ``str``.

    Each reader compares, hashes and writes the values it reads; a foreign value's own
    ``__eq__``, ``__hash__`` or ``__str__`` could then run and raise anything. Checked
    here first, by exact type and without calling any method of the value, and without
    recursion (a list nested thousands deep is walked like a flat one).
    """
    stack: list[tuple[object, str]] = [(data, where)]
    while stack:
        value, path = stack.pop()
        kind = type(value)
        if kind not in _PLAIN:
            raise InvalidArgumentError(path, f"expected a JSON value, got a {kind.__name__}")
        if isinstance(value, dict):
            for key, item in value.items():
                if type(key) is not str:
                    raise InvalidArgumentError(path, f"a JSON object's names are strings, got a {type(key).__name__}")
                stack.append((item, key_path(path, key)))
        elif isinstance(value, list | tuple):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))


def read_object(data: object, where: str, fields: tuple[str, ...]) -> Mapping[str, Any]:
    """``data`` if it is a JSON object with exactly ``fields``; else ``InvalidArgumentError`` naming ``where``."""
    if not isinstance(data, Mapping):
        raise InvalidArgumentError(where, f"expected a JSON object with {', '.join(fields)}, got {shown(data)}")
    missing = [name for name in fields if name not in data]
    if missing:
        raise InvalidArgumentError(f"{where}.{missing[0]}", f"missing; the object has {', '.join(fields)}")
    # a name is compared only once it is known to be a str: a foreign key's own __eq__ never runs
    extra = [name for name in data if type(name) is not str or name not in fields]
    if extra:
        raise InvalidArgumentError(key_path(where, extra[0]), f"unknown field; the object has {', '.join(fields)}")
    return data


def read_seat(value: object, where: str) -> Player:
    """A seat's wire value, ``"P0"`` or ``"P1"``, as a Player (never a number).

    The type is checked before any comparison, and the comparison is ``str``'s own: a
    foreign value's ``__eq__`` never runs.
    """
    if isinstance(value, str):
        if str.__eq__(value, "P0") is True:
            return Player.P0
        if str.__eq__(value, "P1") is True:
            return Player.P1
    raise InvalidArgumentError(where, f"expected a seat, \"P0\" or \"P1\", got {shown(value)}")


def read_seat_or_null(value: object, where: str) -> Player | None:
    """A seat's wire value or null (None)."""
    return None if value is None else read_seat(value, where)


def read_count(value: object, where: str, maximum: int | None = None) -> int:
    """An int >= 0 (a bool is no int here), at most ``maximum`` when one is given (an enormous int is refused by its size, never converted)."""
    if type(value) is not int or value < 0:
        raise InvalidArgumentError(where, f"expected an integer >= 0, got {shown(value)}")
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(where, f"expected an integer from 0 to {maximum}, got {shown(value)}")
    return value


def read_text(value: object, where: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise InvalidArgumentError(where, f"expected a string, got {shown(value)}")
    return value


def read_pair(value: object, where: str) -> tuple[Any, Any]:
    """A JSON array of two items."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise InvalidArgumentError(where, f"expected an array of two items, got {shown(value)}")
    return (value[0], value[1])


_T = TypeVar("_T")


def read_at(where: str, root: str | None, read: Callable[..., _T], *args: object) -> _T:
    """``read(*args)``, a part of a larger JSON value read by its own reader, each refusal named at ``where``.

    An ``InvalidArgumentError`` naming ``root`` or a path under it is named under
    ``where`` instead (``result.winner`` read at ``match.gaenge[1].result`` becomes
    ``match.gaenge[1].result.winner``), one naming anything else is named below
    ``where``, and any other library error becomes an ``InvalidArgumentError`` naming
    ``where`` with its reason and clause.
    """
    try:
        return read(*args)
    except InvalidArgumentError as exc:
        name = exc.parameter
        reason = exc.reason.removeprefix(f"{name}: ")
        if root is not None and (name == root or name.startswith((f"{root}.", f"{root}["))):
            path = where + name[len(root) :]
        else:
            path = f"{where}.{name}"
        raise InvalidArgumentError(path, reason, clause_id=exc.clause_id) from None
    except SchwingetError as exc:
        raise InvalidArgumentError(where, exc.reason, clause_id=exc.clause_id) from None
