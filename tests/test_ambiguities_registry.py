"""docs/ambiguities.md and schwinget_spec.registry.ambiguities agree: every entry, its quotes (verbatim in the booklet), its switch, its clauses and its tests."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import attrs
import pytest
from booklet import booklet_text, normalise

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.registry.ambiguities import (
    AMBIGUITIES,
    RETIRED,
    Ambiguity,
    booklet_sentences,
    get_ambiguity,
)
from schwinget_spec.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ambiguities.md"

_HEADING = re.compile(r"^### (AMB-[A-Z0-9-]+) — (.+)$", re.M)
_FIELD = re.compile(r"^\*\*(Text|Note|Situation|Readings|Default|Switch|Engine|Tests)\.\*\*", re.M)
_INDEX_ROW = re.compile(r"^\| (AMB-[A-Z0-9-]+) \| .* \| (?:`([a-z_]+)` \((.+)\)|none) \|$", re.M)


# -- reading the document


@attrs.frozen
class DocEntry:
    """One entry as the document writes it: the raw paragraphs under each bold field name."""

    id: str
    title: str
    section: str
    de: tuple[str, ...]
    fr: tuple[str, ...]
    fields: dict[str, str]


def _quotes(line: str) -> tuple[str, ...]:
    return tuple(re.findall(r'"([^"]+)"', line))


def parse_doc(text: str) -> list[DocEntry]:
    """Every ``### AMB-...`` entry of the document with its section, quotes and field paragraphs."""
    entries: list[DocEntry] = []
    headings = list(_HEADING.finditer(text))
    for i, head in enumerate(headings):
        end = headings[i + 1].start() if i + 1 < len(headings) else len(text)
        body = text[head.end() : end]
        cut = re.search(r"^## ", body, flags=re.M)
        if cut:
            body = body[: cut.start()]
        section = re.findall(r"^## (.+)$", text[: head.start()], flags=re.M)[-1]
        marks = list(_FIELD.finditer(body))
        fields: dict[str, str] = {}
        for j, mark in enumerate(marks):
            stop = marks[j + 1].start() if j + 1 < len(marks) else len(body)
            fields[mark.group(1)] = body[mark.end() : stop].strip()
        lines = fields.get("Text", "").splitlines()
        de = next((_quotes(x) for x in lines if x.startswith("- de:")), ())
        fr = next((_quotes(x) for x in lines if x.startswith("- fr:")), ())
        entries.append(DocEntry(head.group(1), head.group(2), section, de, fr, fields))
    return entries


def switch_of(switch_text: str) -> str | None:
    """The Rules field a Switch paragraph selects (``Rules(name=...)``), or None."""
    found = re.search(r"`Rules\(([a-z_]+)=", switch_text)
    return found.group(1) if found else None


def named_tests(tests_text: str) -> tuple[str, ...]:
    """The test ids a Tests paragraph names, each as ``path::name`` (a bare name is in tests/test_ambiguities.py)."""
    out: list[str] = []
    for name in re.findall(r"`((?:tests|properties)/[a-z0-9_/]+\.py::test_[a-z0-9_]+|test_[a-z0-9_]+)`", tests_text):
        out.append(name if "::" in name else f"tests/test_ambiguities.py::{name}")
    return tuple(dict.fromkeys(out))


def clause_ids(entry: DocEntry) -> tuple[str, ...]:
    """The clauses an entry involves: those it names in backticks, then those whose German quote overlaps one of its quotes."""
    named = re.findall(r"`([a-z]+(?:\.[a-z_]+)+)`", "\n".join(entry.fields.values()))
    found = [c for c in named if c in CLAUSES]
    for clause in CLAUSES.values():
        quote = normalise(clause.de)
        if any(quote in normalise(q) or normalise(q) in quote for q in entry.de):
            found.append(clause.id)
    return tuple(dict.fromkeys(found))


@cache
def doc_entries() -> dict[str, DocEntry]:
    """The document's entries by id."""
    entries = parse_doc(DOC.read_text(encoding="utf-8"))
    return {e.id: e for e in entries}


def _index_defaults() -> dict[str, tuple[str, str] | None]:
    out: dict[str, tuple[str, str] | None] = {}
    for row in _INDEX_ROW.finditer(DOC.read_text(encoding="utf-8")):
        out[row.group(1)] = (row.group(2), row.group(3)) if row.group(2) else None
    return out


# -- the booklet


def _booklet(language: str) -> str:
    return booklet_text(language)


# -- the tests

IDS = tuple(a.id for a in AMBIGUITIES)


def test_document_and_registry_list_the_same_entries_in_the_same_order() -> None:
    """Every AMB heading of the document has a registry record and every record a heading, in the same order."""
    assert tuple(doc_entries()) == IDS
    assert len(set(IDS)) == len(IDS)


def test_index_tables_list_every_entry_once() -> None:
    """The document's index tables list each entry exactly once."""
    rows = re.findall(r"^\| (AMB-[A-Z0-9-]+) \|", DOC.read_text(encoding="utf-8"), flags=re.M)
    assert sorted(rows) == sorted(IDS)


@pytest.mark.parametrize("amb_id", IDS)
def test_record_matches_the_document(amb_id: str) -> None:
    """The record's title, section, quotes, texts, switch, clauses and tests are the document's."""
    record, entry = get_ambiguity(amb_id), doc_entries()[amb_id]
    assert (record.title, record.section) == (entry.title, entry.section)
    assert (record.de, record.fr) == (entry.de, entry.fr)
    assert record.de
    assert record.fr
    for name in ("situation", "readings", "default", "engine"):
        assert getattr(record, name) == normalise(entry.fields[name.capitalize()])
    assert record.switch == switch_of(entry.fields["Switch"])
    if record.switch is None:
        assert record.no_switch_reason == normalise(entry.fields["Switch"])
    else:
        assert record.no_switch_reason is None
    assert record.clauses == clause_ids(entry)
    assert record.tests == named_tests(entry.fields["Tests"])
    assert record.note == (normalise(entry.fields["Note"]) if "Note" in entry.fields else None)


@pytest.mark.parametrize("amb_id", IDS)
def test_quotes_are_verbatim_in_the_booklet(amb_id: str) -> None:
    """Every German and French quote occurs in schwinget.de.txt or schwinget.fr.txt once whitespace is normalised."""
    record = get_ambiguity(amb_id)
    for language, quotes in (("de", record.de), ("fr", record.fr)):
        text = normalise(_booklet(language))
        missing = [q for q in quotes if normalise(q) not in text]
        assert missing == [], f"{amb_id} {language}"


@pytest.mark.parametrize("amb_id", IDS)
def test_switch_exists_with_the_documented_default(amb_id: str) -> None:
    """A record's switch is a Rules field whose default is the one in the index table; its docstring names the id."""
    record = get_ambiguity(amb_id)
    indexed = _index_defaults()[amb_id]
    if record.switch is None:
        assert indexed is None
        return
    assert indexed is not None
    name, default = indexed
    assert name == record.switch
    field = attrs.fields_dict(Rules)[name]
    assert field.default == ast.literal_eval(default)
    source = (ROOT / "schwinget_spec" / "rules.py").read_text(encoding="utf-8")
    assert re.search(rf"{name}: .*\n(?:.*\n)*?\s+\"\"\"{re.escape(amb_id)}\.", source)


def test_every_rules_field_is_some_record_s_switch() -> None:
    """Each field of Rules is the switch of exactly one entry."""
    switches = [a.switch for a in AMBIGUITIES if a.switch is not None]
    assert sorted(switches) == sorted(f.name for f in attrs.fields(Rules))


@pytest.mark.parametrize("amb_id", IDS)
def test_listed_tests_exist(amb_id: str) -> None:
    """Every test id of a record names a test function that exists in its file."""
    record = get_ambiguity(amb_id)
    assert record.tests
    for test_id in record.tests:
        path, name = test_id.split("::")
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^def {name}\(", source, flags=re.M), test_id


@pytest.mark.parametrize("amb_id", IDS)
def test_clauses_exist(amb_id: str) -> None:
    """Every clause id of a record is a clause of the registry, and each record names at least one."""
    record = get_ambiguity(amb_id)
    assert record.clauses
    assert set(record.clauses) <= set(CLAUSES)


def test_get_ambiguity_unknown_id_raises_key_error_naming_it() -> None:
    """``get_ambiguity`` raises KeyError naming an unknown id."""
    with pytest.raises(KeyError, match="AMB-NO-SUCH"):
        get_ambiguity("AMB-NO-SUCH")


def test_records_are_frozen() -> None:
    """A record cannot be changed after it is built."""
    record: Ambiguity = AMBIGUITIES[0]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.title = "x"  # type: ignore[misc]


# -- completeness: every German sentence has a row in the document's table


QUESTIONS = ("WHO", "WHEN", "HOLD", "COUNT", "LANG", "COMBO", "SEE", "MATCH", "TERM", "PART", "IRREG", "GOAL", "ACT", "WORD")
"""The ids of the questions asked of every sentence, as the document lists them."""


def _table_rows() -> list[list[str]]:
    """The cells of every row of the completeness table: number, German, French, clauses and entries, questions."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("\n### Every German sentence\n", 1)[1]
    rows = [row[2:-2].split(" | ") for row in re.findall(r"^\| \d+ \| .* \|$", part, flags=re.M)]
    assert all(len(cells) == 5 for cells in rows)
    return rows


def _sentence_table() -> list[str]:
    return [cells[1] for cells in _table_rows()]


def test_every_german_sentence_is_in_the_completeness_table() -> None:
    """The completeness table lists every sentence of schwinget.de.txt, in order, each once."""
    sentences = list(booklet_sentences(_booklet("de")))
    assert len(sentences) > 100
    assert _sentence_table() == sentences


def test_completeness_table_rows_name_a_clause_an_entry_or_why_no_rule() -> None:
    """Every row of the completeness table names a clause id, an AMB id, or says it holds no rule."""
    rows = [cells[3] for cells in _table_rows()]
    assert rows
    for cell in rows:
        named = set(re.findall(r"`([^`]+)`", cell))
        assert named & (set(CLAUSES) | set(IDS)) or cell.startswith("no rule"), cell
        assert named <= set(CLAUSES) | set(IDS), cell


def _french_cell_sentences(cell: str, sentences: set[str]) -> list[str]:
    """The French sentences a cell is made of, longest first at each step; fails if the cell is not whole sentences."""
    out: list[str] = []
    rest = cell
    while rest:
        head = max((f for f in sentences if rest == f or rest.startswith(f + " ")), key=len, default=None)
        assert head is not None, f"not whole French sentences: {rest!r}"
        out.append(head)
        rest = rest[len(head) :].lstrip()
    return out


def test_every_french_sentence_is_in_the_completeness_table() -> None:
    """The French cells are whole sentences of schwinget.fr.txt, each French sentence once; "—" marks a row without one."""
    french = list(booklet_sentences(_booklet("fr")))
    used: list[str] = []
    for cells in _table_rows():
        if cells[2].startswith("— ("):
            continue
        used += _french_cell_sentences(cells[2], set(french))
    assert sorted(used) == sorted(french)


_RECORD = re.compile(r"^(?P<question>[A-Z]+): (?P<settled>.+)$")


def _question_records() -> list[tuple[int, str, str]]:
    """Every (row, question, settlement) of the questions column; "none" rows give none."""
    out: list[tuple[int, str, str]] = []
    for cells in _table_rows():
        if cells[4].startswith("none"):
            continue
        for item in cells[4].split("; "):
            found = _RECORD.match(item)
            assert found, f"row {cells[0]}: {item!r}"
            out.append((int(cells[0]), found["question"], found["settled"]))
    return out


def test_question_records_name_known_questions_and_entries() -> None:
    """Each record is QUESTION: settlement, with a question of the list, settled by "text" or entries that exist; backticks name clauses or entries."""
    records = _question_records()
    assert len(records) > 150
    for row, question, settled in records:
        assert question in QUESTIONS, (row, question)
        named = set(re.findall(r"`([^`]+)`", settled))
        assert named <= set(CLAUSES) | set(IDS), (row, named - set(CLAUSES) - set(IDS))
        assert settled.startswith(("text", "`AMB-")), (row, settled)
    questions_part = DOC.read_text(encoding="utf-8").split("\n## How completeness was checked\n", 1)[1]
    listed = re.findall(r"^   \| ([A-Z]+) \| ", questions_part, flags=re.M)
    assert tuple(listed) == QUESTIONS


def test_every_entry_settles_a_question_of_some_sentence() -> None:
    """Every entry of the document is named as settling some question of some sentence, and every row with none says why."""
    settled_by = {amb for _, _, settled in _question_records() for amb in re.findall(r"`(AMB-[A-Z0-9-]+)`", settled)}
    assert set(IDS) - settled_by == set()
    for cells in _table_rows():
        if cells[4].startswith("none"):
            assert re.fullmatch(r"none \([a-z ]+\)", cells[4]), cells


def test_booklet_sentences_splits_at_full_stops_not_list_numbers() -> None:
    """The splitter ends a sentence at a full stop before a capital, but not after a list number or an abbreviation."""
    assert booklet_sentences("1. Die Karten mischen. Dann geben.\n\n(mind. 3 Stiche)") == (
        "1. Die Karten mischen.",
        "Dann geben.",
        "(mind. 3 Stiche)",
    )


# -- retired ids


def test_retired_ids_are_listed_with_their_reason_and_used_nowhere() -> None:
    """Each retired id stands in the document's "Retired entries" table as the registry holds it, is no entry, and neither an entry nor a row of the completeness table names it."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("\n## Retired entries\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(AMB-[A-Z0-9-]+)` \| (.+) \| (.+) \| (.+) \|$", part, flags=re.M)
    assert rows == [(r.id, r.title, r.retired, r.reason) for r in RETIRED]
    assert RETIRED
    for retired in RETIRED:
        assert retired.id not in IDS
        assert all(retired.id not in " ".join(cells) for cells in _table_rows())
        entries = text.split("\n## Retired entries\n", 1)[0]
        assert retired.id not in entries  # no entry cites it; the method's steps tell why it went


def test_a_retired_id_is_refused_with_its_reason() -> None:
    """``get_ambiguity`` and ``schwinget explain`` refuse a retired id, each naming why it was retired."""
    from click.testing import CliRunner  # noqa: PLC0415

    from schwinget_spec import cli  # noqa: PLC0415

    retired = RETIRED[0]
    with pytest.raises(KeyError, match="was retired in") as caught:
        get_ambiguity(retired.id)
    assert retired.reason in str(caught.value)
    result = CliRunner().invoke(cli.cli, ["explain", retired.id.lower()])
    assert result.exit_code == 2
    assert f"the entry {retired.id} ({retired.title}) was retired in {retired.retired}" in result.output


# -- questions and notes


def test_every_entry_is_a_question_or_a_note() -> None:
    """A note (the booklet settles the matter, the entry records the reading) has no switch and no erratum, says where the text settles it and is marked "(note)" in its index; an open question is marked nowhere."""
    from schwinget_spec.registry.errata import erratum_for  # noqa: PLC0415

    index = dict(re.findall(r"^\| (AMB-[A-Z0-9-]+) \| (.+) \| (?:`[a-z_]+` \(.+\)|none) \|$", DOC.read_text(encoding="utf-8"), flags=re.M))
    notes = [a for a in AMBIGUITIES if a.note is not None]
    assert {a.id for a in notes} >= {"AMB-STARTER", "AMB-LANG-PLATTWURF", "AMB-LANG-GESTELLTER"}
    for a in AMBIGUITIES:
        assert index[a.id].endswith(" (note)") == (a.note is not None), a.id
        if a.note is not None:
            assert a.switch is None, a.id
            assert erratum_for(a.id) is None, a.id
            assert re.search(r'"[^"]{12,}"', a.note), a.id


def test_explain_shows_that_an_entry_is_a_note() -> None:
    """``schwinget explain`` prints a note's Note paragraph before its situation, and gives it in ``--json``; an open question has none."""
    from click.testing import CliRunner  # noqa: PLC0415

    from schwinget_spec import cli  # noqa: PLC0415

    note = get_ambiguity("AMB-STARTER")
    assert note.note is not None
    shown = CliRunner().invoke(cli.cli, ["explain", note.id, "--lang", "en"])
    assert shown.exit_code == 0
    flat = " ".join(shown.output.split())
    assert flat.index("Note. The booklet settles it") < flat.index("Situation. ")
    as_json = CliRunner().invoke(cli.cli, ["explain", note.id, "--json"])
    assert '"note": "The booklet settles it' in as_json.output
    question = CliRunner().invoke(cli.cli, ["explain", "AMB-KONTER-VOID", "--json"])
    assert '"note"' not in question.output
