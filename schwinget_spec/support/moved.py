"""Old import paths of modules that moved into the package's rooms, kept working: each old name is the moved module itself."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType, ModuleType

__all__ = ["MOVED", "install"]

MOVED: Mapping[str, str] = MappingProxyType({
    # the plumbing every floor may use
    "schwinget_spec.frozen": "schwinget_spec.support.frozen",
    "schwinget_spec.lazy_names": "schwinget_spec.support.lazy_names",
    "schwinget_spec.safe_text": "schwinget_spec.support.safe_text",
    "schwinget_spec.startup": "schwinget_spec.support.startup",
    # the registries built on the clauses
    "schwinget_spec.ambiguities": "schwinget_spec.registry.ambiguities",
    "schwinget_spec.clause_index": "schwinget_spec.registry.clause_index",
    "schwinget_spec.errata": "schwinget_spec.registry.errata",
    "schwinget_spec.verification_status": "schwinget_spec.registry.verification_status",
    # the studies of the rules by play
    "schwinget_spec.backends": "schwinget_spec.studies.backends",
    "schwinget_spec.impact": "schwinget_spec.studies.impact",
    "schwinget_spec.impact_match": "schwinget_spec.studies.impact_match",
    "schwinget_spec.impact_strong": "schwinget_spec.studies.impact_strong",
    "schwinget_spec.simulate": "schwinget_spec.studies.simulate",
    "schwinget_spec.solver.balance": "schwinget_spec.studies.balance",
    "schwinget_spec.solver.ladder": "schwinget_spec.studies.ladder",
    "schwinget_spec.solver.strong_balance": "schwinget_spec.studies.strong_balance",
    # the game told to people
    "schwinget_spec.i18n": "schwinget_spec.presentation.words",
    "schwinget_spec.narration_words": "schwinget_spec.presentation.words",
    "schwinget_spec.interactive": "schwinget_spec.presentation.interactive",
    "schwinget_spec.replay": "schwinget_spec.presentation.replay",
})
"""Every module path before the rooms and the module it names now (docs/changelog.md lists each move)."""


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path of ``MOVED`` and loads it as the module at its new path (the same module object)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The spec of an old path; None for every other name, which the ordinary finders look up."""
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """The module at the new path, imported if it is not yet."""
        return importlib.import_module(MOVED[spec.name])

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module ran when it was imported at its new path."""


def install() -> None:
    """Put the finder of old paths first on ``sys.meta_path``, once (the package's ``__init__`` calls it)."""
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
