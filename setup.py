"""Build of the optional compiled twin (schwinget_spec.twin._twin) and solver (schwinget_spec.twin._solver); everything else is in pyproject.toml."""

from __future__ import annotations

import os

from setuptools import Extension, setup

# The twin is optional: without a C compiler (or with SCHWINGET_NO_TWIN=1 at build time) the
# package installs without it and schwinget_spec.twin falls back to the pure-Python engine.
# The flags are portable (no -march, no -mpopcnt): a wheel runs on any CPU of its architecture.
# The twin's bulk loops come in two builds, one of them for CPUs with a popcount instruction,
# chosen when the module loads (_twin.c, choose_popcount); the solver counts cards without it.
# Both include schwinget_spec/twin/_cards.h (the cards, switches and answer rules they share) and
# _errors.h (the library's errors raised from C).
TWIN = Extension(
    "schwinget_spec.twin._twin",
    sources=["schwinget_spec/twin/_twin.c"],
    depends=["schwinget_spec/twin/_cards.h", "schwinget_spec/twin/_errors.h"],
    extra_compile_args=["-O3"] if os.name == "posix" else [],
    optional=True,
)

# The solver is optional too: without it schwinget_spec.solver.compiled raises, and the
# readable solver (schwinget_spec.solver.minimax) gives the same values, slowly.
SOLVER = Extension(
    "schwinget_spec.twin._solver",
    sources=["schwinget_spec/twin/_solver.c"],
    depends=["schwinget_spec/twin/_cards.h", "schwinget_spec/twin/_errors.h"],
    extra_compile_args=["-O3"] if os.name == "posix" else [],
    optional=True,
)

setup(ext_modules=[] if os.environ.get("SCHWINGET_NO_TWIN") == "1" else [TWIN, SOLVER])
