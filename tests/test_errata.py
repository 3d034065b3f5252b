"""docs/errata.md: an erratum for every open question with a switch, its printed sentences verbatim in the booklet, its share the impact table's, ordered by that share."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from booklet import booklet_text, normalise

from schwinget_spec.ambiguities import AMBIGUITIES

DOCS = Path(__file__).resolve().parent.parent / "docs"
ERRATA = DOCS / "errata.md"

_HEADING = re.compile(r"^## (\d+)\. (AMB-[A-Z0-9-]+) — (.+)$", re.M)
_MEASURED = re.compile(r"^\*\*Measured\.\*\* `([a-z_]+)=([^`]+)` changes the result of (\d+\.\d) % of the (Gänge|matches|fests)\.$", re.M)
_LINE = re.compile(r'^- \*\*(de|fr), (extends|replaces|proposed):\*\* "(.+)"$', re.M)


@attrs.frozen
class Erratum:
    """One erratum as the page writes it."""

    number: int
    amb_id: str
    title: str
    switch: str
    reading: str
    share: str
    unit: str
    lines: tuple[tuple[str, str, str], ...]


def errata() -> list[Erratum]:
    """Every numbered erratum of docs/errata.md, in page order."""
    text = ERRATA.read_text(encoding="utf-8")
    heads = list(_HEADING.finditer(text))
    out = []
    for i, head in enumerate(heads):
        body = text[head.end() : heads[i + 1].start() if i + 1 < len(heads) else text.index("\n## Questions that need no erratum")]
        measured = _MEASURED.search(body)
        assert measured is not None, head.group(2)
        lines = tuple((m[1], m[2], m[3]) for m in _LINE.finditer(body))
        out.append(Erratum(int(head[1]), head[2], head[3], measured[1], measured[2], measured[3], measured[4], lines))
    return out


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


def test_every_question_with_a_switch_has_one_erratum_and_no_other_has_one() -> None:
    """The errata are exactly the entries with a Rules switch, each once, numbered 1, 2, ... in page order."""
    found = errata()
    assert [e.number for e in found] == list(range(1, len(found) + 1))
    assert sorted(e.amb_id for e in found) == sorted(a.id for a in AMBIGUITIES if a.switch is not None)
    by_id = {a.id: a for a in AMBIGUITIES}
    for e in found:
        assert e.title == by_id[e.amb_id].title
        assert e.switch == by_id[e.amb_id].switch


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_printed_sentence_is_verbatim_in_the_booklet_and_the_proposal_slots_in(language: str) -> None:
    """Each erratum quotes one printed sentence per language, verbatim in the booklet, and proposes one; an extension begins with the printed sentence unchanged."""
    booklet = normalise(booklet_text(language))
    for e in errata():
        mine = [(kind, text) for lang, kind, text in e.lines if lang == language]
        assert [kind for kind, _ in mine] in (["extends", "proposed"], ["replaces", "proposed"]), e.amb_id
        (kind, printed), (_, proposed) = mine
        assert normalise(printed) in booklet, (e.amb_id, printed)
        assert normalise(proposed) not in booklet, e.amb_id
        if kind == "extends":
            assert proposed.startswith(printed + " "), e.amb_id


def test_each_share_is_the_impact_table_s_and_the_errata_follow_it() -> None:
    """Each erratum's share is the largest result share of its switch in the impact table, for the reading named, and the errata go from the largest share down."""
    shares = _impact_shares()
    found = errata()
    for e in found:
        mine = {reading: share for (name, reading), share in shares.items() if name == e.switch}
        assert mine[e.reading] == e.share == max(mine.values(), key=float), e.amb_id
    assert [float(e.share) for e in found] == sorted((float(e.share) for e in found), reverse=True)


def test_the_errata_page_is_in_the_site() -> None:
    """docs/index.md lists the errata page in a table of contents."""
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^errata$", index, flags=re.M)


def test_every_entry_the_page_names_exists() -> None:
    """Every AMB id the errata page names, those needing no erratum included, is an entry of the registry."""
    named = set(re.findall(r"AMB-[A-Z0-9]+(?:-[A-Z0-9]+)*", ERRATA.read_text(encoding="utf-8")))
    assert named - {a.id for a in AMBIGUITIES} == set()
    assert len(named) > len(errata())
