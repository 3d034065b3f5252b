"""The samples and quoted figures of README.md, examples/js/README.md and docs/conformance.md §7 are in step with the program.

Fast samples (demo, play, replay, clauses, verify, ``vectors check``) are run here and
must match their block line for line: ``python tests/readme_samples.py --write`` rewrites
them. Slow samples are checked without their full run: ``simulate --matches 500`` by its
shape (numbers masked) against ``simulate --matches 20``, which prints the same lines;
the conformance harness reports (README and examples/js/README.md) by their shape, the
engine's name and version and the result line, without running the harness (about 20 s
for the README's run, minutes for examples/js/README.md's 1000 Gänge); ``prove`` by the
query names and counts it quotes, against the registry of queries, without running Z3.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from readme_samples import (
    FILES,
    ROOT,
    SAMPLES,
    Step,
    _render,
    blocks,
    body,
    expected,
    not_held_de,
    rewrite,
    shape,
    workspace,
)

from schwinget_spec.conformance.trace.verify import verify_trace
from schwinget_spec.rules import Rules
from schwinget_spec.trace import rules_to_json


def _text(file: str) -> str:
    return (ROOT / file).read_text(encoding="utf-8")


def test_every_sample_has_its_block() -> None:
    """Each sample the generator knows stands in its file under its marker; each marker names a known sample."""
    known = {(s.file, s.name) for s in SAMPLES} | {
        ("examples/js/README.md", "report-js"), ("examples/js/README.md", "report-js-buggy"),
    }
    found = {(file, name) for file in FILES for name in blocks(_text(file))}
    assert found == known


def test_fast_samples_are_what_the_commands_print() -> None:
    """demo, play, replay, clauses and verify print today exactly what their README blocks show (after trimming)."""
    readme = _text("README.md")
    stale = [
        name for (file, name), text in expected(include_slow=False).items()
        if file == "README.md" and body(readme, name) != text
    ]
    assert not stale, f"out of step: {stale}; run: python tests/readme_samples.py --write --fast"


def test_simulate_sample_has_the_shape_of_a_cheaper_run() -> None:
    """The 500-match sample has the lines, labels and table of a 20-match run (numbers masked)."""
    sample = next(s for s in SAMPLES if s.name == "simulate")
    shown = body(_text("README.md"), "simulate")
    with workspace() as space:
        cheap = _render(sample.cheap, space)
    assert shape(shown)[1:] == shape(cheap)[1:]
    assert shown.splitlines()[0] == "$ schwinget simulate --matches 500"
    assert "500 matches of 4 Gänge (2000 Gänge)" in shown


def test_vectors_and_harness_sample() -> None:
    """``vectors check`` prints what the block shows; the harness part names the JS engine's version and a pass."""
    shown = body(_text("README.md"), "vectors").splitlines()
    with workspace() as space:
        check = _render((Step(("vectors", "check")),), space).splitlines()
    assert shown[:2] == check
    assert shown[2] == "$ schwinget vectors export vectors/   # the vector files, and schema/trace.schema.json"
    assert shown[3] == "$ schwinget conformance run -- node examples/js/schwinget.js"
    _check_report(shown[4:], "schwinget.js", passed=True)


def _engine_version(engine: str) -> tuple[str, str]:
    # Asked, not read from the source: the buggy engines take their version from schwinget.js.
    node = shutil.which("node") or "node"
    run = subprocess.run(
        [node, str(ROOT / "examples" / "js" / engine)], input=b'{"cmd": "hello"}\n',
        capture_output=True, timeout=60, check=True,
    )
    hello = json.loads(run.stdout)
    return hello["name"], hello["version"]


def _check_report(lines: list[str], engine: str, *, passed: bool) -> None:
    name, version = _engine_version(engine)
    assert lines[0] == f"schwinget conformance harness: {name} {version}"
    played = next(line for line in lines if line.startswith("played: "))
    assert re.match(r"played: \d+ vectors", played)
    result = next(line for line in lines if line.startswith("result: "))
    assert result.startswith("result: PASSED" if passed else "result: DIVERGES")


def test_scoring_bug_sample_names_the_divergence_and_its_clause() -> None:
    """The scoring bug's block in examples/js/README.md shows a divergence at the scoring level under table.gut_gekaempft."""
    lines = body(_text("examples/js/README.md"), "scoring-bug").splitlines()
    assert lines[0] == "$ schwinget conformance run -- node examples/js/schwinget_scoring_bug.js"
    assert lines[2].startswith("first divergence at the scoring level")
    assert lines[-1].startswith("  clause table.gut_gekaempft: ")


@pytest.mark.parametrize(("name", "engine", "passed"), [
    ("report-js", "schwinget.js", True), ("report-js-buggy", "schwinget_buggy.js", False),
])
def test_examples_js_reports_name_the_engine_as_it_is(name: str, engine: str, passed: bool) -> None:
    """The reports of examples/js/README.md name the engine and version the script answers with, and its verdict."""
    _check_report(body(_text("examples/js/README.md"), name).splitlines(), engine, passed=passed)


def test_prove_sample_quotes_the_queries_as_they_are() -> None:
    """The README's ``prove`` block names only queries that exist, and its counts are the number of queries."""
    from schwinget_spec.proofs import QUERIES  # noqa: PLC0415

    readme = _text("README.md")
    block = readme[readme.index("$ schwinget prove\n") :].split("```")[0]
    names = {q.name for q in QUERIES}
    shown = [line.split()[0] for line in block.splitlines()[2:] if line and not line.startswith(("...", " "))]
    assert shown
    assert set(shown[:-1]) <= names, set(shown[:-1]) - names
    total = re.search(r"^(\d+) as expected, (\d+) not", block, re.MULTILINE)
    assert total is not None
    assert int(total.group(1)) + int(total.group(2)) == len(QUERIES)
    assert f"answers {len(QUERIES)} queries" in " ".join(readme.split())


def test_quoted_refusal_is_what_play_says() -> None:
    """The German refusal the README quotes is the one ``play --lang de`` gives for a card not held at the first prompt."""
    assert f"`{not_held_de()}`" in " ".join(_text("README.md").split())


def test_example_trace_of_conformance_md_records_every_switch_and_conforms() -> None:
    """docs/conformance.md §7: the example trace writes every rule switch (as §5 asks of recorders) and conforms."""
    text = _text("docs/conformance.md")
    section = text[text.index("## 7. An example trace") : text.index("## 8.")]
    document = json.loads(section.split("```json\n")[1].split("```")[0])
    assert document["rules"] == rules_to_json(Rules())
    assert verify_trace(document).conforms


def test_rewrite_replaces_only_the_marked_block() -> None:
    """The generator's rewrite: the body between the fences under a marker changes, nothing else."""
    text = "intro\n<!-- sample: x -->\n```\nold\nlines\n```\nafter\n```\nother\n```\n"
    assert rewrite(text, "x", "new") == "intro\n<!-- sample: x -->\n```\nnew\n```\nafter\n```\nother\n```\n"
    assert body(text, "x") == "old\nlines"
    with pytest.raises(ValueError, match="right above a fenced block"):
        blocks("<!-- sample: y -->\ntext\n")
