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
"""

from __future__ import annotations

import os
import signal

import pytest

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


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
