"""Every Rules switch is honoured everywhere a switch is: the engine and its C twin, the Z3 model and its rule.* query, the vectors and the harness, the JavaScript engine, the game parameters, the impact measure and the documents."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import click
from click.testing import CliRunner

from schwinget_spec.cli.common import rules_options
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.conformance.vectors import gen_gang
from schwinget_spec.ecosystem.openspiel_game import GAME_TYPE
from schwinget_spec.proofs.model import MODELLED_SWITCHES
from schwinget_spec.proofs.queries import QUERIES
from schwinget_spec.registry.ambiguities import AMBIGUITIES
from schwinget_spec.rules import Rules
from schwinget_spec.studies.impact import LEVELS
from schwinget_spec.twin.codes import SWITCHES as TWIN_SWITCHES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "schwinget_spec"
FIELDS = tuple(f.name for f in attrs.fields(Rules))


def _read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _rules_read_by(*modules: str) -> set[str]:
    """The Rules fields that the source of ``modules`` reads as ``rules.NAME``."""
    found: set[str] = set()
    for module in modules:
        found |= set(re.findall(r"\brules\.([a-z_]+)\b", _read(f"schwinget_spec/{module}")))
    return found & set(FIELDS)


def test_gang_switches_are_exactly_the_switches_the_gang_engine_reads() -> None:
    """GANG_SWITCHES (what ``start`` sends to an engine under test) is the set of switches trick.py and gang.py read."""
    assert set(GANG_SWITCHES) == _rules_read_by("trick.py", "gang.py")
    assert len(set(GANG_SWITCHES)) == len(GANG_SWITCHES)


def test_every_switch_is_read_somewhere_in_the_library() -> None:
    """Each Rules field is read by the Gang engine, the scoring, the match or the Schwingfest: no switch is dead."""
    read = _rules_read_by("trick.py", "gang.py", "scoring.py") | set(
        re.findall(r"\bself\.rules\.([a-z_]+)\b", _read("schwinget_spec/match.py") + _read("schwinget_spec/schwingfest.py"))
    )
    assert set(FIELDS) <= read


def test_every_switch_has_exactly_one_entry() -> None:
    """Each Rules field is the switch of one AMB entry (docs/ambiguities.md and the registry)."""
    switches = [a.switch for a in AMBIGUITIES if a.switch is not None]
    assert sorted(switches) == sorted(FIELDS)


def test_the_z3_gang_model_encodes_every_gang_switch() -> None:
    """The Gang model's symbolic switches are the Gang switches."""
    assert set(MODELLED_SWITCHES) == set(GANG_SWITCHES)


def test_every_switch_has_its_rule_query_and_its_row_in_docs_proofs() -> None:
    """``schwinget prove --query 'rule.*'`` has a query named rule.NAME (or rule.NAME.ASPECT) for every Rules field, each with its row in docs/proofs.md."""
    names = {q.name for q in QUERIES}
    rows = set(re.findall(r"^\| (rule\.[a-z_.]+) \|", _read("docs/proofs.md"), flags=re.M))
    for field in FIELDS:
        mine = {n for n in names if n == f"rule.{field}" or n.startswith(f"rule.{field}.")}
        assert mine, field
        assert mine <= rows, field


def test_the_vectors_exercise_every_gang_switch_both_ways() -> None:
    """The vector generator has a situation per Gang switch, and gang-rules.json a vector for each of its values."""
    assert [name for name, _, _ in gen_gang._SWITCHES] == list(GANG_SWITCHES)
    vectors = json.loads(_read("schwinget_spec/conformance/vectors/gang-rules.json"))
    items = vectors["vectors"] if isinstance(vectors, dict) else vectors
    ids = {v["id"] for v in items}
    for name in GANG_SWITCHES:
        assert {f"gang.rules.{name}.true.001", f"gang.rules.{name}.false.001"} <= ids, name


def test_the_c_twin_plays_every_gang_switch() -> None:
    """The compiled twin's switch mask has a bit for every Gang switch and for nothing else."""
    assert set(TWIN_SWITCHES) == set(GANG_SWITCHES)


def test_the_javascript_engine_declares_every_gang_switch() -> None:
    """examples/js/schwinget.js declares every Gang switch in DEFAULT_RULES (its hello answer) with the library's default."""
    source = _read("examples/js/schwinget.js")
    block = re.search(r"const DEFAULT_RULES = \{(.*?)\};", source, flags=re.S)
    assert block is not None
    declared = dict(re.findall(r"^\s*([a-z_]+): (true|false|'[a-z_]+'),", block.group(1), flags=re.M))
    for name in GANG_SWITCHES:
        assert declared.get(name) == str(getattr(Rules(), name)).lower(), name


def test_the_harness_documents_the_gang_switches() -> None:
    """docs/harness.md names every Gang switch (the switches an engine declares in hello)."""
    doc = _read("docs/harness.md")
    assert [name for name in GANG_SWITCHES if name not in doc] == []


def test_every_switch_is_a_game_parameter() -> None:
    """The OpenSpiel game's parameters hold every Rules field with its default (PettingZoo takes a whole Rules)."""
    spec = GAME_TYPE.parameter_specification
    for field in FIELDS:
        assert spec[field] == getattr(Rules(), field), field
    assert all(f"`{field}`" in _read("docs/ecosystem.md") for field in FIELDS)


def test_every_switch_is_measured_by_schwinget_impact() -> None:
    """``schwinget impact`` knows where every switch acts; the Gang switches and the good loser act in a Gang."""
    assert set(LEVELS) == set(FIELDS)
    assert {n for n, level in LEVELS.items() if level == "gang"} == set(GANG_SWITCHES) | {"good_loser_after_plattwurf"}


def test_every_switch_is_a_command_line_option() -> None:
    """``--rules-NAME`` options exist for every field (the demo, play and game commands use rules_options)."""

    @click.command()
    @rules_options
    def probe(**options: object) -> None:
        click.echo(" ".join(sorted(options)))

    out = CliRunner().invoke(probe, []).output.split()
    assert out == sorted(f"rules__{field}" for field in FIELDS)


def test_every_switch_is_in_the_conformance_switch_table() -> None:
    """docs/conformance.md's switch table lists every Rules field."""
    doc = _read("docs/conformance.md")
    assert all(f"| `{field}` |" in doc for field in FIELDS)
