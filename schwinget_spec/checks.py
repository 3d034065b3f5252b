"""Checks of the values given to public constructors and functions: each refusal an InvalidArgumentError naming the parameter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.support.safe_text import shown

__all__ = ["check_callable", "check_int", "check_tuple_of", "check_type", "field_type", "tuple_of"]

_T = TypeVar("_T")


def _name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def check_type(value: Any, kind: type[_T], parameter: str) -> _T:
    """``value`` if it is an instance of ``kind``; else ``InvalidArgumentError`` naming ``parameter``."""
    if not isinstance(value, kind):
        raise InvalidArgumentError(parameter, f"expected {_name(kind)}, got {shown(value)}")
    return value


def check_int(value: Any, parameter: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` if it is an int (not a bool) within ``[minimum, maximum]``; else ``InvalidArgumentError``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(parameter, f"expected an int, got {shown(value)}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        low = "" if minimum is None else f"from {minimum} "
        high = "" if maximum is None else f"to {maximum}"
        raise InvalidArgumentError(parameter, f"expected an int {low}{high}".rstrip() + f", got {shown(value)}")
    return value


def check_callable(value: Any, parameter: str) -> Callable[..., Any]:
    """``value`` if it is callable; else ``InvalidArgumentError`` naming ``parameter``."""
    if not callable(value):
        raise InvalidArgumentError(parameter, f"expected a function, got {shown(value)}")
    return value  # type: ignore[no-any-return]


def check_tuple_of(value: Any, kind: type[_T], parameter: str) -> tuple[_T, ...]:
    """``value`` as a tuple if it is a tuple or list of ``kind`` instances; else ``InvalidArgumentError``."""
    if not isinstance(value, tuple | list):
        raise InvalidArgumentError(parameter, f"expected a tuple of {_name(kind)}, got {shown(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, kind):
            raise InvalidArgumentError(f"{parameter}[{i}]", f"expected {_name(kind)}, got {shown(item)}")
    return tuple(value)


def field_type(kind: type | tuple[type, ...]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator: the field's value is an instance of ``kind``, else ``InvalidArgumentError`` naming the field."""

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            raise InvalidArgumentError(attribute.name, f"expected {_name(kind)}, got {shown(value)}")

    return check


def tuple_of(kind: type | tuple[type, ...]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator: the field's value is a tuple of ``kind`` instances, else ``InvalidArgumentError``."""

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, tuple):
            raise InvalidArgumentError(attribute.name, f"expected a tuple of {_name(kind)}, got {shown(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, kind):
                raise InvalidArgumentError(f"{attribute.name}[{i}]", f"expected {_name(kind)}, got {shown(item)}")

    return check
