"""docs/harness.md keeps in step with the harness: the named situations, and what steered play reaches, as the program gives them."""

from __future__ import annotations

import re
from pathlib import Path

from schwinget_spec.conformance.harness.run import DEFAULT_STEER
from schwinget_spec.conformance.harness.steering import GANG_SITUATIONS, steered_games

DOC = Path(__file__).resolve().parent.parent / "docs" / "harness.md"


def test_steering_table_lists_every_situation_with_what_steered_play_reaches() -> None:
    """Each Gang situation has a row, and its last column is the count steered play reaches at the default steer and seed 0."""
    text = DOC.read_text(encoding="utf-8")
    # the match and Schwingfest table has its own test (tests/test_steering_levels.py)
    head, _, rest = text.partition("<!-- level-steering -->")
    gang_text = head + rest.partition("<!-- /level-steering -->")[2]
    rows = dict(re.findall(r"^\| `([a-z_]+)` \|.*\| (\d+) \|$", gang_text, flags=re.MULTILINE))
    run = steered_games(DEFAULT_STEER, seed=0)
    assert list(rows) == list(GANG_SITUATIONS)
    assert {name: int(n) for name, n in rows.items()} == {name: run.reached[name] for name in GANG_SITUATIONS}
    assert f"reached in the {len(run.games)} steered Gänge" in text
    assert f"take {len(run.games)} steered Gänge at {DEFAULT_STEER} each" in text
