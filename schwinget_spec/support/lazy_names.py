"""A package's names imported from the modules that define them when first asked for: the ``__getattr__`` its ``__init__`` uses."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_getattr"]


def lazy_getattr(module_name: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of module ``module_name``: a name of ``where`` is imported from the module it maps to and kept in ``module_name``; any other name is an ``AttributeError``.

    This module imports nothing from the library, so that any package of it may use it.
    """

    def lazy_name(name: str) -> Any:
        """A name of ``where``, imported from the module that defines it when first asked for."""
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[module_name], name, value)
        return value

    return lazy_name
