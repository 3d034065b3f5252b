"""JUnit XML of a conformance run, for CI systems: one test case per level, vector, named situation and clause, failed with the reproduction or skipped with the reason."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from schwinget_spec.clauses import get_clause
from schwinget_spec.conformance.reports.summary import (
    Cell,
    CellStatus,
    Failure,
    RunSummary,
    situation_descriptions,
)
from schwinget_spec.support.safe_text import xml_text

__all__ = ["junit_xml"]

_SKIP_TEXT = {
    CellStatus.NOT_REACHED: "not reached by this run",
    CellStatus.SKIPPED: "not checked",
    CellStatus.NOT_OBSERVABLE: "no run can exercise it",
    CellStatus.UNKNOWN: "the report carries no coverage for it",
}


def _failure_text(failure: Failure) -> str:
    lines = [f"{failure.kind} in {failure.source}: {failure.message}"]
    if failure.field is not None:
        lines.append(f"{failure.field}: reference {json.dumps(failure.expected)}, implementation {json.dumps(failure.actual)}")
    if failure.clause_id is not None:
        clause = get_clause(failure.clause_id)
        lines += [f"clause {failure.clause_id}: {clause.en}", f"  de: {clause.de}", f"  fr: {clause.fr}"]
    if failure.fresh == "not_reproduced":
        lines.append("the reproduction did NOT diverge on a freshly started implementation (the fault depends on its history)")
    elif failure.fresh == "unshrunk":
        lines.append("unshrunk reproduction: the shrunk one did not diverge on a freshly started implementation")
    elif failure.fresh == "reproduced":
        lines.append("reproduction confirmed on a freshly started implementation")
    replay = list((failure.reproduction or {}).get("protocol_lines") or []) or list(failure.requests)
    if replay:
        lines.append("replay by sending these lines:")
        lines.extend(f"  {line}" for line in replay)
    if failure.stderr:
        lines.append("stderr of the implementation (last lines):")
        lines.extend(f"  {line}" for line in failure.stderr.strip().splitlines()[-10:])
    return "\n".join(lines)


def _case(suite: ET.Element, classname: str, name: str, cell: Cell, failure: Failure | None) -> str:
    case = ET.SubElement(suite, "testcase", classname=classname, name=name, time="0")
    if cell.status is CellStatus.FAILED:
        message = "diverges" if failure is None else f"{failure.kind}: {failure.message}"[:300]
        node = ET.SubElement(case, "failure", message=message, type=failure.kind if failure else "divergence")
        node.text = "" if failure is None else _failure_text(failure)
        return "failures"
    if cell.status is CellStatus.PASSED:
        if cell.count is not None:
            ET.SubElement(case, "system-out").text = f"exercised by {cell.count} games"
        return "passed"
    reason = _SKIP_TEXT[cell.status] + (f": {cell.note}" if cell.note else "")
    ET.SubElement(case, "skipped", message=reason)
    return "skipped"


def _suite(root: ET.Element, summary: RunSummary, group: str, title: str, failure_for: dict[str, Failure]) -> None:
    rows: Sequence[tuple[str, Cell]] = getattr(summary, group)
    if not rows:
        return
    suite = ET.SubElement(root, "testsuite", name=f"{summary.label}: {title}")
    if group == "levels":
        # the run's verdict as every other format states it (the scorecard's, with the readings played)
        ET.SubElement(ET.SubElement(suite, "properties"), "property", name="verdict", value=summary.verdict)
    classname = f"schwinget.conformance.{group}"
    tally = {"failures": 0, "skipped": 0, "passed": 0}
    for key, cell in rows:
        failure = failure_for.get(key) or (next(iter(failure_for.values()), None) if cell.status is CellStatus.FAILED else None)
        tally[_case(suite, classname, key, cell, failure)] += 1
    suite.set("tests", str(len(rows)))
    suite.set("failures", str(tally["failures"]))
    suite.set("skipped", str(tally["skipped"]))
    suite.set("errors", "0")


def _divergences(root: ET.Element, summary: RunSummary) -> None:
    """A suite with one failed case per divergence of the run (every level's, as the scorecard lists them), when there is any."""
    if not summary.failures:
        return
    suite = ET.SubElement(root, "testsuite", name=f"{summary.label}: divergences")
    for number, failure in enumerate(summary.failures, 1):
        _case(suite, "schwinget.conformance.divergences", f"{failure.level} {number}: {failure.source}",
              Cell(CellStatus.FAILED), failure)
    suite.set("tests", str(len(summary.failures)))
    suite.set("failures", str(len(summary.failures)))
    suite.set("skipped", "0")
    suite.set("errors", "0")


def _only_xml_characters(root: ET.Element) -> None:
    # Every text and attribute may come from an engine or a report file: characters XML
    # 1.0 cannot hold (control characters, lone surrogates) are shown escaped, so that the
    # file stays well-formed for the CI system that reads it (safe_text.xml_text).
    for node in root.iter():
        if node.text:
            node.text = xml_text(node.text)
        for name, value in list(node.attrib.items()):
            node.set(name, xml_text(value))


def junit_xml(summaries: RunSummary | Sequence[RunSummary]) -> str:
    """The JUnit XML of one or several runs: per run a suite each for levels, vectors, named situations and clauses.

    A failed case carries the divergence, the clause in English, German and French, and
    the protocol lines that replay it; a case not reached or not checked is ``skipped``
    with the reason, so that CI systems show what the run did not exercise.
    """
    runs = [summaries] if isinstance(summaries, RunSummary) else list(summaries)
    root = ET.Element("testsuites", name="schwinget conformance")
    described = situation_descriptions()
    for summary in runs:
        # each case carries the first failure of its key: the shrunk and confirmed one of its level
        first = list(reversed(summary.failures))
        by_clause = {f.clause_id: f for f in first if f.clause_id}
        by_level = {f.level: f for f in first}
        by_situation = {
            name: f
            for f in first
            for name, (_, _, clauses) in described.items()
            if f.clause_id in clauses
        }
        by_vector = {
            f.source.removeprefix("vector ").split(",")[0]: f for f in first if f.source.startswith("vector ")
        }
        _suite(root, summary, "levels", "levels", by_level)
        _suite(root, summary, "vectors", "vectors", by_vector)
        _suite(root, summary, "situations", "named situations", by_situation)
        _suite(root, summary, "clauses", "clauses", by_clause)
        _divergences(root, summary)
    for key in ("tests", "failures", "skipped", "errors"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in root)))
    _only_xml_characters(root)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
