"""Every table of the ``schwinget`` commands read at 80 and at 200 columns: nothing wider than the terminal, no word cut or shortened with "…"."""

from __future__ import annotations

import re

import attrs
import pytest
from click.testing import CliRunner
from rich.console import Console

from schwinget_spec import cli
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.cli.clauses import WIDE_FROM, clause_table
from schwinget_spec.cli.impact_table import FULL_FROM, FULL_TABLE, impact_table, strong_table
from schwinget_spec.conformance.vectors import load_vectors
from schwinget_spec.registry.clause_index import build_clause_index
from schwinget_spec.scoring import WERTUNGSTABELLE_DE, TableRow
from schwinget_spec.studies.impact import StrongCounts, measure

WIDTHS = (80, 200)
_BOX = re.compile(r"[│┃┆┊╎║┏┓┗┛┣┫┳┻╋┡┩╇━─┼├┤┬┴┌┐└┘╭╮╰╯]")


def render(renderable: object, width: int) -> list[str]:
    """``renderable`` as a terminal of ``width`` columns shows it (plain text, one string per line)."""
    out = Console(width=width, record=True, file=open("/dev/null", "w"), color_system=None)  # noqa: SIM115
    out.print(renderable)
    return out.export_text().splitlines()


def schwinget(width: int, *args: str) -> str:
    """``schwinget ARGS`` written to a pipe with ``COLUMNS=width`` (the width a piped command takes)."""
    result = CliRunner().invoke(cli.cli, list(args), env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.stdout


def words(lines: list[str]) -> list[str]:
    """The words of a rendered table in reading order, without its rules and borders."""
    return " ".join(_BOX.sub(" ", line) for line in lines).split()


def contains_run(haystack: list[str], needle: list[str]) -> bool:
    """Whether ``needle`` occurs in ``haystack`` as consecutive words."""
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def fits(lines: list[str], width: int) -> None:
    """Every line at most ``width`` columns, and nothing shortened with an ellipsis."""
    assert max(len(line) for line in lines) <= width
    assert not [line for line in lines if "…" in line]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_clauses_table_keeps_every_text_whole(width: int, lang: str) -> None:
    """At 80 columns the text goes under the id (wrapped, never cut); at 200 id, section and text have columns; every text is whole."""
    index = build_clause_index()
    lines = render(clause_table(index, lang, False, None, width=width), width)
    fits(lines, width)
    flat = words(lines)
    for clause_id, clause in CLAUSES.items():
        assert clause_id in flat
        if width < WIDE_FROM:
            assert contains_run(flat, getattr(clause, lang).split()), clause_id
    from schwinget_spec.presentation.words import section_title, text  # noqa: PLC0415

    header = next(line for line in lines if text(lang, "clauses.code") in line)  # type: ignore[arg-type]
    assert (text(lang, "clauses.section") in header) == (width >= WIDE_FROM)  # type: ignore[arg-type]
    if width < WIDE_FROM:
        titles = {section_title(c.section, lang) for c in CLAUSES.values()}  # type: ignore[arg-type]
        assert sum(1 for line in lines if line.strip("│ ") in titles) >= 5


def test_clauses_command_at_80_columns_and_wide() -> None:
    """``schwinget clauses`` piped at 80 columns fits them (about 300 lines, not 890); ``--wide`` gives the columns side by side."""
    narrow = schwinget(80, "clauses").splitlines()
    fits(narrow, 80)
    assert len(narrow) < 450
    wide = schwinget(80, "clauses", "--wide").splitlines()
    assert "section" in next(line for line in wide if "code" in line)
    assert max(len(line) for line in wide) <= 200
    where = schwinget(80, "clauses", "--where").splitlines()
    fits(where, 80)
    assert any("schwinget_spec/gang.py:" in line for line in where)


@pytest.mark.parametrize("width", WIDTHS)
def test_impact_table_fits(width: int) -> None:
    """The impact table: shares in short columns at 80, counts and shares at 200; every switch name whole."""
    rows = measure(12, 0, None)
    lines = render(impact_table(rows, width), width)
    fits(lines, width)
    flat = words(lines)
    for row in rows:
        assert row.switch in flat
    assert ("legal moves" in " ".join(lines)) == (width >= FULL_FROM)


@pytest.mark.parametrize("width", WIDTHS)
def test_impact_strong_figures_fit(width: int) -> None:
    """``impact --play``'s strong-play table: every switch whole, the winner's share under random and strong play of each row, within the width."""
    rows = [
        attrs.evolve(r, strong=StrongCounts("solver", r.runs, r.runs // 2, r.runs // 3, r.runs, 7 if r.level == "gang" else None))
        for r in measure(12, 0, None)
    ]
    assert strong_table(measure(12, 0, ["match_draw"]), width) is None
    table = strong_table(rows, width)
    assert table is not None
    lines = render(table, width)
    fits(lines, width)
    flat = words(lines)
    for row in rows:
        assert row.switch in flat
    text = " ".join(lines)
    assert "winner" in text
    assert "50.0" in text
    assert "100.0" in text
    assert ("weight against random play" in text) == (width >= FULL_FROM)


@pytest.mark.parametrize("width", WIDTHS)
def test_impact_play_prints_its_strong_figures_and_where_the_full_table_is(width: int) -> None:
    """``schwinget impact --play heuristic`` on a terminal: the strong-play table and the pointer to the full table, within the width."""
    out = schwinget(width, "impact", "--play", "heuristic", "--games", "24", "--switch", "match_draw", "--jobs", "1")
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "beside random play" in line)
    fits(lines[start:-1], width)
    assert "winner" in out
    assert " ".join(FULL_TABLE.split()) in " ".join(out.split())


@pytest.mark.parametrize("width", WIDTHS)
def test_explain_wraps_its_prose_at_words(width: int) -> None:
    """``explain`` of a long entry: no line wider than the terminal, every word whole."""
    text = schwinget(width, "explain", "AMB-KONTER-TRUMP-SIX")
    lines = text.splitlines()
    fits(lines, width)
    assert "konter_beats_trump_six" in text


@pytest.mark.parametrize("width", WIDTHS)
def test_vectors_list_fits(width: int) -> None:
    """``vectors list``: a paragraph per vector at 80 columns, a table at 200; every id whole."""
    lines = schwinget(width, "vectors", "list").splitlines()
    fits(lines, width)
    flat = words(lines)
    assert all(v.id in flat for v in load_vectors().vectors)


@pytest.mark.parametrize("width", WIDTHS)
def test_demo_totals_of_a_long_match_fit(width: int) -> None:
    """The totals of a long match: a row per Gang, so the table is as narrow for 6 Gänge as for 4."""
    out = schwinget(width, "demo", "--long", "--seed", "2")
    table = [line for line in out.splitlines() if line[:1] in set("┏┃┡│├└")]
    fits(table, width)
    assert sum(1 for line in table if re.match(r"│ Gang \d ", line)) == 6


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("scoring", "shown"), [("schwingerwertung", False), ("punktewertung", True)])
def test_simulate_table_fits_and_shows_the_good_loser_only_where_it_scores(width: int, scoring: str, shown: bool) -> None:
    """The outcome table of ``simulate``: within the width; the good loser's row only under the Punktewertung."""
    out = schwinget(width, "simulate", "--matches", "4", "--scoring", scoring)
    table = [line for line in out.splitlines() if line[:1] in set("┏┃┡│└")]
    fits(table, width)
    label = {line.row: line.label for line in WERTUNGSTABELLE_DE}[TableRow.GUT_GEKAEMPFT]
    assert (label in out) == shown


@pytest.mark.parametrize("width", WIDTHS)
def test_impact_starters_and_situations_fit(width: int) -> None:
    """``impact --starters`` and ``--situations``: a table where it fits, else a record per row; within the width, nothing cut."""
    from schwinget_spec.cli.impact_table import markdown_table  # noqa: PLC0415
    from schwinget_spec.studies.impact_match import (  # noqa: PLC0415
        format_situations,
        format_starters,
        measure_situations,
        measure_starters,
    )

    for markdown in (format_starters(measure_starters(24, 0)), format_situations(measure_situations(24, 0))):
        lines = render(markdown_table(markdown, width), width)
        fits(lines, width)
        flat = words(lines)
        for row in markdown.splitlines()[2:]:
            first = row.strip("|").split(" | ")[0].strip().strip("`")
            assert first in flat


@pytest.mark.parametrize("width", WIDTHS)
def test_mutants_matrix_fits(width: int) -> None:
    """``conformance mutants``: a table where it fits, else a few lines per mutant; within the width, identifiers whole."""
    out = schwinget(width, "conformance", "mutants", "--only", "higher-six-loses-to-one", "--in-process", "--games", "2")
    lines = out.splitlines()
    fits(lines, width)
    flat = words(lines)
    assert "higher-six-loses-to-one" in flat or "higher-six-loses-to-one:" in flat
    assert "schwung.higher_wins" in flat or "schwung.higher_wins," in flat
    assert ("mutant" in flat and "breaks" in flat) == (width == 200)


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
def test_clauses_table_speaks_one_language(lang: str) -> None:
    """``clauses --lang`` gives the title, the column headers and every section heading in that language."""
    from schwinget_spec.presentation.words import SECTION_TITLES, text  # noqa: PLC0415

    out = schwinget(80, "clauses", "--lang", lang)
    rows = {line.strip("│ ") for line in out.splitlines()}
    sections = {clause.section for clause in CLAUSES.values()}
    assert sections <= set(SECTION_TITLES)
    for section in sections:
        assert SECTION_TITLES[section][lang] in rows
        others = {SECTION_TITLES[section][other] for other in ("de", "fr", "en")} - {SECTION_TITLES[section][lang]}
        assert not others & rows
    assert text(lang, "clauses.title", n=len(CLAUSES)) in out  # type: ignore[arg-type]
    assert text(lang, "clauses.vectors") in out  # type: ignore[arg-type]


def test_french_section_headings_are_the_booklets() -> None:
    """Each French section heading is the French booklet's own, but for the two the booklet prints as no French heading."""
    from booklet import booklet_text, normalise  # noqa: PLC0415

    from schwinget_spec.presentation.words import SECTION_TITLES  # noqa: PLC0415

    booklet = normalise(booklet_text("fr"))
    for section, titles in SECTION_TITLES.items():
        if section not in {"Wertungstabelle", "Ablauf eines Ganges"}:
            assert titles["fr"] in booklet, titles["fr"]


def test_conformance_coverage_block_fits() -> None:
    """The coverage block of ``conformance run`` at every level, every situation below its target: within 80 columns, every identifier whole."""
    from schwinget_spec.conformance.harness.coverage import LEVELS, Coverage  # noqa: PLC0415
    from schwinget_spec.conformance.harness.situations import SITUATIONS  # noqa: PLC0415

    names = [s.name for s in SITUATIONS]
    coverage = Coverage(
        clauses=tuple((clause_id, 12_345) for clause_id in CLAUSES),
        situations=tuple((name, 1) for name in names),
        checked=tuple(LEVELS), not_checked=(), target=6, counted=tuple(LEVELS), impossible=tuple(names[:8]),
    )
    lines = coverage.lines()
    fits(lines, 80)
    flat = [word.rstrip(",") for word in words(lines)]
    assert contains_run(flat, ["reached", "fewer", "than", "6", "times:", *names])
    assert contains_run(flat, ["impossible", "under", "these", "rules:", *names[:8]])
    partial = Coverage(clauses=(), situations=(), checked=("gang",), not_checked=tuple(LEVELS[1:]), counted=())
    fits(partial.lines(), 80)


def test_conformance_profile_fits() -> None:
    """``conformance profile`` of a buggy engine (situations no reading explains) and of a long implementation name: within 80 columns, every switch whole."""
    import attrs  # noqa: PLC0415

    from schwinget_spec.conformance.harness.readings_profile import (  # noqa: PLC0415
        ReadingServer,
        format_profile,
        loopback,
        profile_engine,
    )
    from schwinget_spec.conformance.mutants.engines import AnsweredKonterLosesToSix  # noqa: PLC0415
    from schwinget_spec.rules import Rules  # noqa: PLC0415

    server = ReadingServer(Rules(), (), AnsweredKonterLosesToSix(), levels=("gang", "scoring", "match", "schwingfest"))
    profile = profile_engine(client_factory=loopback(server), steer=1)
    assert profile.unexplained_count >= 1
    long_name = attrs.evolve(profile, implementation="an engine " + "with a rather long name " * 5)
    for shown in (profile, long_name):
        lines = format_profile(shown).splitlines()
        fits(lines, 80)
        flat = words(lines)
        assert all(s.switch in flat for s in shown.switches)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("play", ["random", "solver"])
def test_balance_fits(width: int, play: str) -> None:
    """``balance``: its heading wrapped at words and its table laid out for the width (a record per row at 80 where needed); every row named whole."""
    from schwinget_spec.solver import compiled  # noqa: PLC0415

    if play == "solver" and not compiled.available():
        pytest.skip("the compiled solver is not built")
    out = schwinget(width, "balance", "--play", play, "--deals", "30", "--angriff-deals", "5")
    lines = out.splitlines()
    fits(lines, width)
    flat = " ".join(words(lines))
    markdown = schwinget(width, "balance", "--play", play, "--deals", "30", "--angriff-deals", "5", "--markdown")
    for row in markdown.splitlines()[4:]:
        assert row.split(" | ")[0].strip("| ") in flat
