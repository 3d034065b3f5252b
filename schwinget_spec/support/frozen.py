"""JSON values that cannot change: FrozenDict and FrozenList are still a dict and a list to readers and to json, hashable, and deep-copy back to plain mutable JSON."""

from __future__ import annotations

import copy
from typing import Any, NoReturn, SupportsIndex

__all__ = ["FrozenDict", "FrozenList", "freeze", "thaw"]


def _refuse(self: object, *_args: object, **_kwargs: object) -> NoReturn:
    raise TypeError(f"a {type(self).__name__} cannot change: deep-copy it (copy.deepcopy or thaw) for a mutable copy")


class FrozenDict(dict[Any, Any]):
    """A JSON object that cannot change: a ``dict`` to ``isinstance`` and ``json``, hashable, its values frozen too."""

    __slots__ = ("_hash",)
    _hash: int

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            value = hash(frozenset(self.items()))
            object.__setattr__(self, "_hash", value)
            return value

    def __or__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return {**thaw(self), **other}

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"


class FrozenList(list[Any]):
    """A JSON array that cannot change: a ``list`` to ``isinstance`` and ``json``, hashable, its items frozen too."""

    __slots__ = ("_hash",)
    _hash: int

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            value = hash(tuple(self))
            object.__setattr__(self, "_hash", value)
            return value

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return [copy.deepcopy(item, memo) for item in self]

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))

    def __repr__(self) -> str:
        return f"FrozenList({list.__repr__(self)})"

    def __getitem__(self, index: SupportsIndex | slice) -> Any:
        item = list.__getitem__(self, index)
        return FrozenList(item) if isinstance(index, slice) else item


def freeze(value: Any) -> Any:
    """``value`` with every dict and list (and tuple) replaced by a FrozenDict or FrozenList, deeply; other values as they are."""
    if isinstance(value, FrozenDict | FrozenList):
        return value
    if isinstance(value, dict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return FrozenList(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """A plain, mutable copy of a (frozen or not) JSON value: dicts and lists all new."""
    if isinstance(value, dict):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(item) for item in value]
    return value
