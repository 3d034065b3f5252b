"""The rule booklet's text for tests that quote it: found beside the checkout (shared/rules) or where SCHWINGET_RULES_DIR points."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest

RULES_ENV = "SCHWINGET_RULES_DIR"
"""The environment variable naming the folder of schwinget.de.txt and schwinget.fr.txt, when the checkout is moved."""


def normalise(text: str) -> str:
    """``text`` with every run of white space folded to one space, as quotes are compared."""
    return re.sub(r"\s+", " ", text).strip()


def rules_dir() -> Path:
    """The folder of the booklet's text files; fails the test, naming RULES_ENV, if there is none."""
    configured = os.environ.get(RULES_ENV)
    if configured:
        return Path(configured)
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "rules"
        if (candidate / "schwinget.de.txt").is_file():
            return candidate
    pytest.fail(f"booklet not found: set {RULES_ENV} to the folder holding schwinget.de.txt and schwinget.fr.txt")


@cache
def booklet_text(language: str) -> str:
    """The German (``de``) or French (``fr``) booklet as it stands in the file."""
    return (rules_dir() / f"schwinget.{language}.txt").read_text(encoding="utf-8")
