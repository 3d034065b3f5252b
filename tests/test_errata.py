"""docs/errata.md is the errata registry written out: one erratum for every open question with a switch, no two changing the same printed sentence, each printed sentence verbatim in the booklet, each winner share the sheets' (one function), each weight the impact table's, ordered by that weight."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from booklet import booklet_text, normalise

from schwinget_spec.errors import UnknownNameError
from schwinget_spec.registry.ambiguities import AMBIGUITIES, AMBIGUITY_BY_ID, booklet_sentences
from schwinget_spec.registry.errata import ERRATA, Erratum, erratum_for, get_erratum

DOCS = Path(__file__).resolve().parent.parent / "docs"
ERRATA_PAGE = DOCS / "errata.md"

_HEADING = re.compile(r"^## (\d+)\. (ERR-[A-Z0-9-]+)$", re.M)
_SETTLES = re.compile(r"^\*\*Settles\.\*\* (.+)$", re.M)
_MEASURED = re.compile(r"^- \*\*(AMB-[A-Z0-9-]+)\*\* \((.+)\):$\n((?:^  - .*$\n)+)", re.M)
_WEIGHT = re.compile(r"^  - Its weight in this list: `([a-z_]+)=([^`]+)` changes (.+) in (\d+\.\d) % of the (Gänge|matches|Schwingfeste of four)\.$", re.M)
_LINE = re.compile(r'^- \*\*(de|fr), (extends|replaces|proposed):\*\* "(.+)"$', re.M)


@attrs.frozen
class PageErratum:
    """One erratum as the page writes it."""

    number: int
    id: str
    reading: str
    measured: tuple[tuple[str, str, tuple[str, ...]], ...]
    lines: tuple[tuple[str, str, str], ...]


def errata() -> list[PageErratum]:
    """Every numbered erratum of docs/errata.md, in page order."""
    text = ERRATA_PAGE.read_text(encoding="utf-8")
    heads = list(_HEADING.finditer(text))
    out = []
    for i, head in enumerate(heads):
        body = text[head.end() : heads[i + 1].start() if i + 1 < len(heads) else text.index("\n## Questions that need no erratum")]
        settles = _SETTLES.search(body)
        assert settles is not None, head[2]
        measured = tuple((m[1], m[2], tuple(m[0].rstrip("\n").split("\n"))) for m in _MEASURED.finditer(body))
        lines = tuple((m[1], m[2], m[3]) for m in _LINE.finditer(body))
        out.append(PageErratum(int(head[1]), head[2], settles[1], measured, lines))
    return out


def _ext(name: str) -> Any:
    """A module of the site's extension (docs/_ext)."""
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def _impact_shares() -> dict[tuple[str, str], str]:
    """(switch, reading) -> the largest share, as printed, of the outcome and both points columns of the impact table of docs/ambiguities.md."""
    doc = (DOCS / "ambiguities.md").read_text(encoding="utf-8")
    table = doc.split("\n## Impact: which questions change a game\n", 1)[1].split("\n### ", 1)[0]
    out = {}
    for line in table.splitlines():
        found = re.match(r"^\| `([a-z_]+)=([^`]+)` \| (.*) \|$", line)
        if found is None:
            continue
        cells = found[3].split(" | ")
        shares = [float(m) for c in cells[3:6] for m in re.findall(r"\((\d+\.\d) %\)", c)]
        assert len(shares) == 3, line
        out[(found[1], found[2])] = f"{max(shares):.1f}"
    return out


def test_the_page_is_the_registry_written_out() -> None:
    """Each erratum of the page is the registry's record, in the registry's order: id, reading, the questions it settles with their titles, each weighed in the words the sheets use, the printed and proposed sentences."""
    found = errata()
    assert [e.number for e in found] == list(range(1, len(found) + 1))
    assert [e.id for e in found] == [e.id for e in ERRATA]
    sheet = _ext("errata_sheet")
    figures = _ext("open_questions")
    impact = figures.impact_rows(figures.DOC.read_text(encoding="utf-8"))
    for page, record in zip(found, ERRATA, strict=True):
        assert page.reading == record.reading
        assert [(m[0], m[1]) for m in page.measured] == [(amb, AMBIGUITY_BY_ID[amb].title) for amb in record.settles]
        for amb, _, lines in page.measured:
            assert list(lines) == sheet.page_lines(amb, impact), amb
        assert page.lines == (
            ("de", record.kind, record.printed_de),
            ("de", "proposed", record.proposed_de),
            ("fr", record.kind, record.printed_fr),
            ("fr", "proposed", record.proposed_fr),
        )


def test_every_question_with_a_switch_is_settled_by_exactly_one_erratum() -> None:
    """The errata settle exactly the entries with a Rules switch, each once; ``erratum_for`` finds it, and None for a question without a switch."""
    settled = [amb for e in ERRATA for amb in e.settles]
    assert sorted(settled) == sorted(a.id for a in AMBIGUITIES if a.switch is not None)
    assert len({e.id for e in ERRATA}) == len(ERRATA)
    for a in AMBIGUITIES:
        found = erratum_for(a.id)
        assert (found is not None) == (a.switch is not None)
        assert found is None or a.id in found.settles
    assert get_erratum("ERR-KONTER-SIX").settles == ("AMB-KONTER-TRUMP-SIX", "AMB-KONTER-VOID")
    with pytest.raises(UnknownNameError, match="erratum_id"):
        get_erratum("ERR-NO-SUCH")
    with pytest.raises(UnknownNameError, match="amb_id"):
        erratum_for("AMB-NO-SUCH")


def _changed_sentences(erratum: Erratum, language: str) -> set[str]:
    """The booklet's sentences (cut as the completeness table cuts them) that ``erratum`` changes in ``language``."""
    printed = normalise(erratum.printed_de if language == "de" else erratum.printed_fr)
    return {s for s in booklet_sentences(booklet_text(language)) if printed in s or (len(s) >= 16 and s in printed)}


@pytest.mark.parametrize("language", ["de", "fr"])
def test_no_two_errata_change_the_same_sentence(language: str) -> None:
    """Every booklet sentence is changed by one erratum at most, so a publisher can apply them all; two records quoting one sentence are refused."""
    owner: dict[str, str] = {}
    for e in ERRATA:
        changed = _changed_sentences(e, language)
        assert changed, e.id
        for sentence in changed:
            assert sentence not in owner, (sentence, owner.get(sentence), e.id)
            owner[sentence] = e.id
    konter = get_erratum("ERR-KONTER-SIX")
    twin = attrs.evolve(get_erratum("ERR-KONTER-VS-KR"), printed_de=konter.printed_de, printed_fr=konter.printed_fr)
    assert _changed_sentences(twin, language) & _changed_sentences(konter, language)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_printed_sentence_is_verbatim_in_the_booklet_and_the_proposal_slots_in(language: str) -> None:
    """Each erratum quotes one printed sentence per language, verbatim in the booklet, and proposes one not printed; an extension begins with the printed sentence unchanged."""
    booklet = normalise(booklet_text(language))
    for e in ERRATA:
        printed, proposed = (e.printed_de, e.proposed_de) if language == "de" else (e.printed_fr, e.proposed_fr)
        assert normalise(printed) in booklet, (e.id, printed)
        assert normalise(proposed) not in booklet, e.id
        if e.kind == "extends":
            assert proposed.startswith(printed + " "), e.id
        else:
            assert not proposed.startswith(printed), e.id


def test_each_share_is_the_impact_table_s_and_the_errata_follow_it() -> None:
    """Each question's weight is the largest result share of its switch in the impact table, for the reading named; each winner share names its measure and is the table's outcome column; the errata go from the largest weight of their questions down."""
    shares = _impact_shares()
    table = _impact_table()
    largest = []
    for e in errata():
        mine_e = []
        for amb, _, lines in e.measured:
            switch = AMBIGUITY_BY_ID[amb].switch
            weights = [w for w in map(_WEIGHT.fullmatch, lines) if w is not None]
            assert len(weights) == 1, (e.id, amb)
            assert weights[0][1] == switch, (e.id, amb)
            reading, share = weights[0][2], weights[0][4]
            mine = {r: s for (name, r), s in shares.items() if name == switch}
            assert mine[reading] == share == max(mine.values(), key=float), (e.id, switch)
            mine_e.append(float(share))
            winners = [line for line in lines[1:] if not _WEIGHT.fullmatch(line)]
            assert len(winners) == len(mine), (e.id, amb)
            for line in winners:
                found = re.fullmatch(r"  - `([a-z_]+)=([^`]+)` changes (the result of the Gang|the winner of the match|the winner of the Schwingfest) .* in (\d+\.\d) % .* of (\d+) .*", line)
                assert found is not None, line
                assert found[1] == switch, line
                assert f"{found[4]} %" in table[(switch, found[2])][3], line
        largest.append(max(mine_e))
    assert largest == sorted(largest, reverse=True)


def _impact_table() -> dict[tuple[str, str], list[str]]:
    """(switch, reading) -> the cells of its row of the impact table of docs/ambiguities.md."""
    doc = (DOCS / "ambiguities.md").read_text(encoding="utf-8")
    table = doc.split("\n## Impact: which questions change a game\n", 1)[1].split("\n### ", 1)[0]
    out = {}
    for line in table.splitlines():
        found = re.match(r"^\| `([a-z_]+)=([^`]+)` \| (.*) \|$", line)
        if found is not None:
            out[(found[1], found[2])] = found[3].split(" | ")
    return out


def test_the_page_names_the_command_of_its_figures() -> None:
    """The page quotes the command that made the impact table its shares come from, as docs/ambiguities.md states it."""
    figures = _ext("open_questions")
    assert f"`{figures.command(figures.DOC.read_text(encoding='utf-8'))}`" in ERRATA_PAGE.read_text(encoding="utf-8")


def test_no_share_of_any_change_is_called_the_result() -> None:
    """The misleading phrase of old ("changes the result of 92.3 % of the fests", a points change counted as a result) is gone: every share says what it counts."""
    text = ERRATA_PAGE.read_text(encoding="utf-8")
    assert not re.search(r"changes the result of \d", text)


def test_the_errata_page_is_in_the_site() -> None:
    """docs/index.md lists the errata page in a table of contents."""
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^errata$", index, flags=re.M)


def test_every_entry_the_page_names_exists() -> None:
    """Every AMB id the errata page names, those needing no erratum included, is an entry of the registry."""
    named = set(re.findall(r"AMB-[A-Z0-9]+(?:-[A-Z0-9]+)*", ERRATA_PAGE.read_text(encoding="utf-8")))
    assert named - {a.id for a in AMBIGUITIES} == set()
    assert len(named) > len(errata())
