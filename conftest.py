"""Pytest configuration for the whole suite: in CI (``CI=true``) a skipped test is a failure, and Ctrl-C reaches the programs the tests start.

CI installs every extra (``.ci/run``), the compiled twin and the solver, Chromium and gcc:
a test that skips there checks nothing while the run looks green, so the skip is turned
into a failure that says why it skipped. On a developer's machine a missing optional
extra still skips, with its reason.

A suite started in the background of a non-interactive shell (``cmd &``, as some CI
runners and nohup do) inherits SIGINT ignored, and every program it starts would inherit
that too: Python then installs no KeyboardInterrupt, and the tests that send Ctrl-C to
``schwinget`` would test nothing but the launcher. The suite's process takes SIGINT back
(Python's own handler), so its children start with the default disposition, as from a
terminal.

Under ``-n`` the tests are spread one by one over the workers, except the groups of
``SHARED_WORK``: each runs whole in one worker, because its tests share work computed once
per process. The tests listed in tests/slow_tests.txt are marked ``slow``: the quick loop
(``pytest -m "not slow" -n 2``) leaves them out, the full run keeps them.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

SLOW_TESTS = Path(__file__).resolve().parent / "tests" / "slow_tests.txt"
"""The tests the quick loop leaves out: one id a line (module::function, or one case of it), '#' begins a comment."""


def read_slow_tests(path: Path = SLOW_TESTS) -> frozenset[str]:
    """The test ids listed in ``path``, comments and blank lines left out."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip())


SLOW_FIXTURES: dict[str, frozenset[str]] = {
    "tests/test_docs_site.py": frozenset({"site"}),  # builds the documentation site (a minute of CPU)
    "tests/test_mutants.py": frozenset({"kills"}),  # runs every mutant
}
"""Module -> the fixtures whose every user is slow: a new test that asks for one is slow without being listed."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test of tests/slow_tests.txt (by its id, or by its function's id for every case) and every user of a fixture of ``SLOW_FIXTURES``, before ``-m`` selects."""
    slow = read_slow_tests()
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        uses = SLOW_FIXTURES.get(module, frozenset()) & set(getattr(item, "fixturenames", ()))
        if uses or item.nodeid in slow or item.nodeid.split("[", 1)[0] in slow:
            item.add_marker(pytest.mark.slow)


SHARED_WORK: dict[str, str] = {
    # the answers of their Z3 queries (a functools.cache each), and the Gang kinds facts
    # one file computes and the next reads (proofs.runner._COMPUTED)
    "properties/test_z3_match.py": "z3",
    "properties/test_z3_queries.py": "z3",
    "properties/test_z3_scoring.py": "z3",
    # the module fixture that runs every mutant
    "tests/test_mutants.py": "mutants",
    # the module fixture that builds the documentation site
    "tests/test_docs_site.py": "site",
}
"""Test modules whose tests share work computed once per process: module -> group.

Spread test by test, each worker running a test of the module would compute the work
again (the Z3 answers of test_z3_queries.py were computed in both workers, 27 s of CPU
each). Each group is one unit of work for one worker; groups are handed out first.
"""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Under ``-n`` (``--dist load``, the default): every test a unit of work of its own, except each group of ``SHARED_WORK``, one unit."""
    if config.getvalue("dist") != "load":
        return None
    # xdist's loadgroup marker no longer groups under pytest 9 (it renames Item._nodeid,
    # which pytest 9 no longer reads), so the groups are named by module here
    from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]  # noqa: PLC0415 (imported only under -n)

    class SharedWorkScheduling(LoadScopeScheduling):  # type: ignore[misc]
        """``LoadScopeScheduling`` whose scope is a test's group in ``SHARED_WORK``, else the test itself (bigger scopes first)."""

        def _split_scope(self, nodeid: str) -> str:
            return SHARED_WORK.get(nodeid.split("::", 1)[0], nodeid)

    return SharedWorkScheduling(config, log)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """In CI, report a skipped test as failed, with the skip's reason."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    if os.environ.get("CI") == "true" and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where every extra is installed: {reason}"
    return None
