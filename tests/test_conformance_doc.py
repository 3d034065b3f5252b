"""docs/conformance.md against the code: its example trace conforms and its switch table lists every Rules field."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

from schwinget_spec.conformance import VerdictKind, load_schema, verify_trace
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE, ScoringSystem, TableRow

DOC = Path(__file__).resolve().parents[1] / "docs" / "conformance.md"


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.chooses", "kampfrichter.collect", "angriff.who")
def test_example_trace_conforms() -> None:
    """The example trace of the document is judged conforming by the verifier."""
    blocks = re.findall(r"```json\n(.*?)\n```", _doc(), flags=re.DOTALL)
    assert len(blocks) == 1
    verdict = verify_trace(json.loads(blocks[0]))
    assert verdict.kind is VerdictKind.CONFORMS, verdict


def test_switch_table_lists_every_rules_field_with_its_default() -> None:
    """Section 5 has one row per Rules field, in order, with the field's default as JSON."""
    section = _doc().split("## 5. Rule switches", 1)[1].split("## 6.", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| `([^`]+)` \|", section, flags=re.MULTILINE)
    expected = [(f.name, json.dumps(f.default)) for f in attrs.fields(Rules)]
    assert rows == expected


def test_documented_top_level_fields_are_the_schema_fields() -> None:
    """Every top-level field of the schema is documented in the top-level table, and no other."""
    section = _doc().split("### Top level", 1)[1].split("### 3.2", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))
    assert documented == set(load_schema()["properties"])


def test_documented_gang_fields_are_the_schema_fields() -> None:
    """Every field of a Gang in the schema is documented in section 3.2, and no other."""
    section = _doc().split("### 3.2 One Gang", 1)[1].split("**The deal**", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))
    assert documented == set(load_schema()["definitions"]["gang"]["properties"])


@pytest.mark.clause(
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
    "table.gestellter",
)
def test_scoring_table_matches_the_wertungstabelle() -> None:
    """The five result rows of the document's scoring table carry the figures of scoring.WERTUNGSTABELLE, in order."""
    section = _doc().split("### Scoring", 1)[1].split("###", 1)[0]
    rows = re.findall(r"^\| [^|]+ \| ([0-9.]+) / ([0-9.]+) \| ([0-9]+) / ([0-9]+) \|$", section, flags=re.MULTILINE)
    expected = []
    for row in (r for r in TableRow if r.is_result_row):
        sw = WERTUNGSTABELLE[row].figures(ScoringSystem.SCHWINGERWERTUNG)
        pw = WERTUNGSTABELLE[row].figures(ScoringSystem.PUNKTEWERTUNG)
        expected.append((str(sw[0]), str(sw[1]), str(pw[0]), str(pw[1])))
    assert rows == expected
