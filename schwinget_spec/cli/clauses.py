"""``schwinget clauses`` and ``schwinget explain``: the clause registry with where each clause is enforced and tested."""

from __future__ import annotations

import difflib
import json
import sys
import typing
from collections import Counter
from pathlib import Path

import attrs
import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from schwinget_spec.clauses import CLAUSES, Clause
from schwinget_spec.cli.common import console
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.registry.ambiguities import AMBIGUITIES, AMBIGUITY_BY_ID, RETIRED_BY_ID
from schwinget_spec.registry.clause_index import ClauseIndex, build_clause_index
from schwinget_spec.registry.verification_status import LEVELS, ClauseStatus, all_statuses
from schwinget_spec.rules import Rules

if typing.TYPE_CHECKING:
    from schwinget_spec.presentation.words import Lang

__all__ = ["WIDE_FROM", "clause_table", "clauses_command", "explain_command", "status_table"]


WIDE_FROM = 150
"""From this many columns on, ``clauses`` gives id, section and text their own columns; below, the text goes under the id."""


def clause_registry() -> dict[str, Clause]:
    """The clauses ``clauses`` and ``explain`` show: ``CLAUSES``, looked up at each call so that a test can stand in a set of its own."""
    return dict(CLAUSES)


# -- schwinget clauses


def _vector_counts() -> Counter[str]:
    """How many shipped vectors name each clause in their ``clauses`` list."""
    return Counter(c for v in load_vectors().vectors for c in v.clauses)


def _proved_by() -> dict[str, list[str]]:
    """For each clause id, the Z3 queries (fast set) that answered as expected with the clause involved."""
    # z3 takes a while to load: only `clauses --proofs` pays for it
    from schwinget_spec.proofs import run_queries  # noqa: PLC0415

    proved: dict[str, list[str]] = {clause_id: [] for clause_id in CLAUSES}
    for result in run_queries(include_slow=False):
        if result.ok:
            for clause_id in result.clauses:
                if clause_id in proved:
                    proved[clause_id].append(result.name)
    return proved


def _statuses(index: ClauseIndex) -> dict[str, ClauseStatus]:
    """The verification status of each clause of ``index`` (``verification_status.all_statuses``)."""
    return all_statuses(index)


def _clause_json(index: ClauseIndex, proofs: dict[str, list[str]] | None) -> dict[str, object]:
    vectors = _vector_counts()
    statuses = _statuses(index)
    return {
        "root": str(index.root),
        "tests_found": index.tests_found,
        "clauses": [
            {
                "id": use.clause.id,
                "section": use.clause.section,
                "de": use.clause.de,
                "fr": use.clause.fr,
                "en": use.clause.en,
                "enforced": [str(loc) for loc in use.enforced],
                "tested": [str(loc) for loc in use.tested],
                "vectors": vectors[use.clause.id],
                **({} if proofs is None else {"proofs": proofs[use.clause.id]}),
                **({"status": statuses[use.clause.id].to_json()} if use.clause.id in statuses else {}),
                "gaps": list(use.gaps),
            }
            for use in index.uses
        ],
        "incomplete": [use.clause.id for use in index.incomplete],
    }


@click.command("clauses")
@click.option("--json", "as_json", is_flag=True, help="Print the index as JSON (with every file:line).")
@click.option(
    "--check",
    is_flag=True,
    help="Exit 1 and list every clause with no code or no test; exit 0 when every clause has both.",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "de", "fr"]),
    default="en",
    show_default=True,
    help="The language of the table and the messages: the English paraphrase, or the booklet's German or "
    "French sentence (also --status and --check).",
)
@click.option("--where", is_flag=True, help="Show the file:line of each enforcement and test.")
@click.option(
    "--wide",
    is_flag=True,
    help="Give id, section and text their own columns whatever the width (at least 200 columns); "
    f"the default chooses by the terminal's width (wide from {WIDE_FROM} columns).",
)
@click.option(
    "--proofs",
    is_flag=True,
    help="Also run the fast Z3 queries (about two minutes) and show, per clause, the queries that involve it.",
)
@click.option(
    "--status",
    is_flag=True,
    help="Show each clause's verification status: the strongest evidence that holds (proved, checked on every "
    "input, vectors, caught when broken, tested), from the committed evidence and the tests.",
)
@click.option(
    "--root",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="The source checkout whose tests/ and properties/ are searched (default: the parent of the package).",
)
def clauses_command(
    *, as_json: bool, check: bool, lang: str, where: bool, wide: bool, proofs: bool, status: bool, root: Path | None
) -> None:
    """List every clause of the booklet: id, section, text, and how often it is enforced, tested and covered by vectors.

    A clause is enforced where a module of the library names its id; it is tested where
    a file of tests/ or properties/ names it (usually a @pytest.mark.clause marker);
    "vectors" counts the shipped conformance vectors that exercise it (schwinget vectors list).

    With --proofs, "proofs" counts the Z3 queries of `schwinget prove` (the fast set) that
    answered as expected with the clause involved (in an unsat core or a replayed
    witness); the queries learn those clauses only by running, so this takes minutes.

    With --status, each clause's verification status: the strongest of proved for every deal (a Z3 query
    involving it), checked on every input (schwinget prove --exhaustive, with the count), exercised by
    vectors, caught when broken (a shipped mutant), tested; --json gives it per clause as "status", and
    --check fails on a clause below "tested".
    """
    from schwinget_spec.presentation.words import SECTION_TITLES, section_title, text  # noqa: PLC0415

    words = typing.cast("Lang", lang)
    index = build_clause_index(clause_registry(), root=root)
    proved = _proved_by() if proofs else None
    out = console()
    if as_json:
        click.echo(json.dumps(_clause_json(index, proved), ensure_ascii=False, indent=2))
    elif status and not check:
        out.print(status_table(_statuses(index), index, lang=words))
    elif not check:
        _print_clause_table(out, index, lang, where, proved, wide=wide)
    if not check:
        return
    problem = _check_problem(index, words)
    if problem is not None:
        click.echo(f"clauses --check: {problem}", err=True)
        sys.exit(1)
    missing = index.incomplete
    if not as_json:
        for use in missing:
            gaps = ", ".join(text(words, f"clauses.{gap.replace(' ', '_')}") for gap in use.gaps)
            section = use.clause.section
            heading = section_title(section, words) if section in SECTION_TITLES else section
            out.print(Text(f"{use.clause.id}: {gaps} ({heading})"))
    total = len(index.uses)
    if missing:
        click.echo(text(words, "clauses.lacking", n=len(missing), total=total), err=True)
        sys.exit(1)
    unverified = [s for s in _statuses(index).values() if s.below_tested and s.clause_id in {u.clause.id for u in index.uses}]
    if unverified:
        for s in unverified:
            click.echo(text(words, "clauses.below", id=s.clause_id, level=text(words, f"level_text.{s.level}")), err=True)
        click.echo(text(words, "clauses.below_count", n=len(unverified), total=total), err=True)
        sys.exit(1)
    if not as_json:
        out.print(text(words, "clauses.all_fine", total=total))


def _check_problem(index: ClauseIndex, lang: Lang) -> str | None:
    """``index.check_problem`` in ``lang``: why the index cannot be checked at all, or None when it can."""
    from schwinget_spec.presentation.words import text  # noqa: PLC0415

    return None if index.check_problem is None else text(lang, "clauses.no_tests", root=index.root)


def _summary(status: ClauseStatus, lang: Lang) -> str:
    """``status.summary`` in ``lang``: the evidence in a few words."""
    from schwinget_spec.presentation.words import text  # noqa: PLC0415

    counted = (("queries", len(status.proofs)), ("inputs", status.exhaustive_inputs), ("vectors", status.vectors),
               ("mutants", len(status.mutants)), ("tests", status.tests))
    parts = [text(lang, f"evidence.{kind}.{'one' if n == 1 else 'many'}", n=f"{n:,}") for kind, n in counted if n]
    if status.no_statement:
        parts.append(text(lang, "status.no_statement", reason=status.no_statement))
    return ", ".join(parts) or text(lang, "status.none")


def status_table(statuses: dict[str, ClauseStatus], index: ClauseIndex, *, lang: Lang = "en") -> Table:
    """Each clause of ``index`` with its verification status and the evidence behind it in ``lang``, readable at 80 columns."""
    from schwinget_spec.presentation.words import text  # noqa: PLC0415

    table = Table(title=text(lang, "status.title", n=len(index.uses)), expand=True)
    table.add_column(text(lang, "status.clause"), no_wrap=True)
    table.add_column(text(lang, "status.status"), no_wrap=True)
    table.add_column(text(lang, "status.evidence"), ratio=1)
    counts: Counter[str] = Counter()
    for use in index.uses:
        found = statuses.get(use.clause.id)
        if found is None:
            continue
        counts[found.level] += 1
        style = "bold red" if found.below_tested else ""
        table.add_row(Text(use.clause.id), Text(text(lang, f"level.{found.level}"), style=style), Text(_summary(found, lang)))
    table.caption = ", ".join(f"{counts[level]} {text(lang, f'level.{level}')}" for level in LEVELS if counts[level])
    return table


def clause_table(
    index: ClauseIndex,
    lang: str,
    where: bool,
    proofs: dict[str, list[str]] | None,
    *,
    width: int,
    wide: bool = False,
) -> Table:
    """The clause table laid out for ``width`` columns (or wide, whatever the width).

    Narrow: one column holds the id and, under it, the wrapped text (and the file:line of
    each use with ``where``); each section opens with its name. Wide: id, section, text
    and ``where`` each have a column. The counts are always their own columns.
    """
    from schwinget_spec.presentation.words import section_title, text  # noqa: PLC0415

    words = typing.cast("Lang", lang)
    vectors = _vector_counts()
    wide = wide or width >= WIDE_FROM
    table = Table(title=text(words, "clauses.title", n=len(index.uses)), show_lines=False, expand=not wide)
    if wide:
        table.add_column(text(words, "clauses.id"), no_wrap=True)
        table.add_column(text(words, "clauses.section"), max_width=24)
        table.add_column(text(words, "clauses.text"), ratio=1)
    else:
        table.add_column(text(words, "clauses.id_text"), ratio=1)
    table.add_column(text(words, "clauses.code"), justify="right", no_wrap=True)
    table.add_column(text(words, "clauses.tests"), justify="right", no_wrap=True)
    table.add_column(text(words, "clauses.vectors"), justify="right", no_wrap=True)
    if proofs is not None:
        table.add_column(text(words, "clauses.proofs"), justify="right", no_wrap=True)
    if where and wide:
        table.add_column(text(words, "clauses.where"))
    section = None
    for use in index.uses:
        clause = use.clause
        uses = "\n".join(str(loc) for loc in (*use.enforced, *use.tested))
        counts = [
            Text(str(len(use.enforced)), style="" if use.enforced else "bold red"),
            Text(str(len(use.tested)) if index.tests_found else "-", style="" if use.tested else "bold red"),
            Text(str(vectors[clause.id])),
        ]
        if proofs is not None:
            counts.append(Text(str(len(proofs[clause.id]))))
        if wide:
            cells = [Text(clause.id), Text(section_title(clause.section, words)), Text(getattr(clause, lang)), *counts]
            if where:
                cells.append(Text(uses))
            table.add_row(*cells)
            continue
        if clause.section != section:
            if section is not None:
                table.add_section()
            section = clause.section
            table.add_row(Text(section_title(section, words), style="bold underline"))
        cell = Text.assemble((clause.id, "bold"), "\n", getattr(clause, lang))
        if where and uses:
            cell.append("\n" + uses, style="dim")
        table.add_row(cell, *counts)
    return table


def _print_clause_table(
    out: Console, index: ClauseIndex, lang: str, where: bool, proofs: dict[str, list[str]] | None, *, wide: bool
) -> None:
    if wide:
        out.width = max(out.width, 200)
    out.print(clause_table(index, lang, where, proofs, width=out.width, wide=wide))
    if not index.tests_found:
        from schwinget_spec.presentation.words import text  # noqa: PLC0415

        problem = _check_problem(index, typing.cast("Lang", lang))
        out.print(Text(text(typing.cast("Lang", lang), "clauses.tested_unknown", problem=problem)), soft_wrap=False)


# -- schwinget explain


def _explain_clause(clause_id: str) -> dict[str, object]:
    clause = clause_registry()[clause_id]
    index = build_clause_index({clause_id: clause})
    [use] = index.uses
    return {
        "kind": "clause",
        "id": clause.id,
        "section": clause.section,
        "de": clause.de,
        "fr": clause.fr,
        "en": clause.en,
        "enforced": [str(loc) for loc in use.enforced],
        "tested": [str(loc) for loc in use.tested],
        "tests_found": index.tests_found,
        "ambiguities": [a.id for a in AMBIGUITIES if clause_id in a.clauses],
    }


def _explain_ambiguity(amb_id: str) -> dict[str, object]:
    entry = AMBIGUITY_BY_ID[amb_id]
    switch: dict[str, object] | None = None
    if entry.switch is not None:
        switch = {"field": entry.switch, "default": attrs.fields_dict(Rules)[entry.switch].default}
    return {
        "kind": "ambiguity",
        "id": entry.id,
        "title": entry.title,
        "section": entry.section,
        "de": list(entry.de),
        "fr": list(entry.fr),
        "en": {
            **({} if entry.note is None else {"note": entry.note}),
            "situation": entry.situation,
            "readings": entry.readings,
            "default": entry.default,
            "switch": entry.no_switch_reason if switch is None else f"Rules.{entry.switch}",
            "engine": entry.engine,
        },
        "switch": switch,
        "clauses": list(entry.clauses),
        "tests": list(entry.tests),
    }


def _explain_ids() -> list[str]:
    return [*clause_registry(), *AMBIGUITY_BY_ID]


def _print_explained(out: Console, data: dict[str, object], lang: str | None) -> None:
    from schwinget_spec.presentation.words import LANGUAGE_NAMES  # noqa: PLC0415

    show = ("de", "fr", "en") if lang is None else (lang,)
    title = data["id"] if data["kind"] == "clause" else f"{data['id']} — {data['title']}"
    section = str(data["section"])
    if data["kind"] == "clause" and lang is not None:
        from schwinget_spec.presentation.words import section_title  # noqa: PLC0415

        section = section_title(section, typing.cast("Lang", lang))
    out.print(Text.assemble((str(title), "bold"), f"  ({section})"))
    for key in show:
        out.print()
        out.print(Text(LANGUAGE_NAMES[typing.cast("Lang", key)], style="bold"))
        value = data[key]
        if isinstance(value, dict):
            for name, text in value.items():
                out.print(Text.assemble((f"{name.capitalize()}. ", "italic"), str(text)))
        elif isinstance(value, list):
            for quote in value:
                out.print(Text(f"«{quote}»"))
        else:
            out.print(Text(str(value)))
    out.print()
    if data["kind"] == "clause":
        from schwinget_spec.presentation.words import text as words  # noqa: PLC0415

        language = typing.cast("Lang", lang or "en")
        colon = " : " if language == "fr" else ": "
        for name in ("enforced", "tested", "ambiguities"):
            items = typing.cast(list[str], data[name])
            if name == "tested" and not data["tests_found"]:
                # as `clauses` says it, in its language: without tests/ nothing can be counted as tested or not
                line = words(language, "clauses.tested_unknown", problem=_check_problem(build_clause_index({}), language))
                head, _, rest = line.partition(colon)
                out.print(Text.assemble((head + colon, "bold"), rest))
                continue
            shown = ", ".join(items) if items else words(language, "status.none")
            out.print(Text.assemble((words(language, f"explain.{name}") + colon, "bold"), shown))
    else:
        switch = typing.cast("dict[str, object] | None", data["switch"])
        if switch is None:
            out.print(Text.assemble(("switch: ", "bold"), "none"))
        else:
            out.print(Text.assemble(("switch: ", "bold"), f"Rules.{switch['field']} (default {switch['default']!r})"))
        for name in ("clauses", "tests"):
            out.print(Text.assemble((f"{name}: ", "bold"), ", ".join(typing.cast(list[str], data[name]))))


@click.command("explain")
@click.argument("item_id", metavar="ID")
@click.option(
    "--lang",
    type=click.Choice(["de", "fr", "en"]),
    default=None,
    help="Show only the German, the French or the English text (default: all three).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the entry as JSON.")
def explain_command(item_id: str, lang: str | None, as_json: bool) -> None:
    """Explain a clause (e.g. schwung.farbzwang) or an ambiguity entry (e.g. AMB-KONTER-VOID) in German, French and English.

    A clause shows its booklet text in both languages, the English paraphrase, and where
    it is enforced and tested; an entry of docs/ambiguities.md shows its quotes, the
    situation, the readings, the default and the Rules switch. An unknown ID exits with
    code 2 and lists the closest ids.
    """
    key = item_id.upper() if item_id.upper().startswith("AMB-") else item_id
    if key in clause_registry():
        data = _explain_clause(key)
    elif key in AMBIGUITY_BY_ID:
        data = _explain_ambiguity(key)
    elif key in RETIRED_BY_ID:
        retired = RETIRED_BY_ID[key]
        click.echo(f"explain: the entry {key} ({retired.title}) was retired in {retired.retired}: {retired.reason}", err=True)
        sys.exit(2)
    else:
        close = difflib.get_close_matches(key, _explain_ids(), n=5, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `schwinget clauses` lists the clause ids"
        click.echo(f"explain: no clause or ambiguity entry with id {item_id!r}{hint}", err=True)
        sys.exit(2)
    if as_json:
        if lang is not None:
            data = {k: v for k, v in data.items() if k not in {"de", "fr", "en"} - {lang}}
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    out = console()
    out.soft_wrap = False  # prose: wrapped at word boundaries to the width
    _print_explained(out, data, lang)


