"""The booklet files hold every sentence of the OCR of the printed pages in the OCR's order: the OCR is the witness of the order of boxes and captions, the text layer of the words."""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import cache

import attrs
import pytest
from booklet import booklet_text, normalise, rules_dir

from schwinget_spec.registry.ambiguities import booklet_sentences

OCR_PAGES = {"de": (0, 1), "fr": (2, 3)}
"""Which pages of booklet-ocr.txt (cut at its page-break lines) print each language."""

PAGE_BREAK = "----- [page break] -----"
"""The line booklet-ocr.txt puts between two printed pages."""

COVERED = 0.6
"""The share of an OCR sentence's words that must be found, in order, in the file: OCR misreadings ("kdmpft" for "kämpft") cost a word or two."""


@attrs.frozen
class Gap:
    """OCR sentences whose place says nothing about the reading order, named by how each begins in the OCR, with the reason."""

    starts: tuple[str, ...]
    reason: str


@attrs.frozen
class Captions:
    """Picture captions the OCR reads across, side by side: the first words of each, left to right, as the file spells them."""

    band: str
    heads: tuple[str, ...]


_TABLE = (
    "the Wertungstabelle: the OCR reads its column of results apart from its figures and explanations, "
    "interleaved with the paragraphs printed beside it; its rows and figures are checked against the "
    "transcription by tests/test_booklet_alignment.py"
)
_BAND = "picture captions printed side by side, read across line by line; their order is CAPTIONS'"

GAPS: dict[str, tuple[Gap, ...]] = {
    "de": (
        Gap(("4 Schwung- Nachziehstapel", "karten, oberste mit Schwung-", "«Trumpf» darf"), _BAND),
        Gap(
            (
                "Gangresultat",
                "Plattwurf-Sieg bei Angriff durch den Sieger",
                "Plattwurf-Sieg bei Angriff durch Verlierer",
                "Einfacher Sieg — mit",
                "Einfacher Sieg — ohne",
                "Gestellter — unentschieden",
                "Verloren — aber gut",
                "Variante 2 Erkl",
                "7 0 Wenn",
                "5 0 Wenn",
                "3 0 Wenn",
                "2 0 ‘Wenn",
                "1 1 Beide",
                "1 Hat der Verlierer",
                "oder mehr erzielt",
            ),
            _TABLE,
        ),
    ),
    "fr": (
        Gap(("1 apergu 1 carte",), _BAND),
        Gap(("4 cartes de Pioche", "la premieére est Prise", "est '«atout»."), _BAND),
        Gap(
            (
                "Variante 2 Explication",
                "points",
                "Résultat de la passe",
                "Vainqueur | Perdant",
                "Victoire par Gagné a 7 0",
                "Siun joueur gagne les 5 plis suivants apres",
                "Victoire par Gagné a 0",
                "Victoire facile 0 Si un joueur",
                "Victoire facile 0 Si aucun",
                "le joueur qui a fait le plus de plis au total regoit",
                "sans attaque",
                "1 Les deux joueurs",
                "Passe nulle",
                "1 Si le perdant",
                "Perdu, mais bien",
            ),
            _TABLE,
        ),
    ),
}
"""The known OCR gaps, per language: the OCR text that is checked for no order."""

CAPTIONS: dict[str, tuple[Captions, ...]] = {
    "de": (
        Captions(
            "4 Schwung- Nachziehstapel",
            ("4 Schwungkarten, oberste", "Nachziehstapel mit", "Jeder Spieler erhält", "Gangkarten: kurzes"),
        ),
    ),
    "fr": (
        Captions("1 apergu 1 carte", ("1 aperçu de", "1 carte d’attaque par")),
        Captions(
            "4 cartes de Pioche",
            ("4 cartes de Prise", "Pioche avec", "Chaque joueur reçoit", "Cartes de passes:"),
        ),
    ),
}
"""The caption bands of GAPS, each with its captions' first words in the OCR's left-to-right order."""

MOVED: dict[str, tuple[str, str]] = {
    "de": ("Wertung eines Ganges", "Am besten entscheidet ihr"),
    "fr": ('Evaluation d"une passe', "Il est préférable de décider"),
}
"""The one block whose place the OCR and the files do not agree on, from its first to its last OCR sentence.

The OCR reads the paragraph on scoring a Gang before the section of the two special
cards, in both languages; the files, like the text layer, after it. The printed page
sets them in different columns, so the OCR's order may be its own; no rule depends on
it. The block is checked in order within itself, its place is left to a reading of the
printed page."""


def fold(word: str) -> str:
    """``word`` as the order check compares it: lower case, accents and vowels dropped, so that most OCR misreadings ("fiir", "Giinge") meet the text ("für", "Gänge")."""
    flat = unicodedata.normalize("NFKD", word.lower())
    return re.sub(r"[aeiouy]", "", "".join(c for c in flat if not unicodedata.combining(c)))


def words(text: str) -> list[str]:
    """The folded words of ``text``, those that fold to nothing left out."""
    return [w for w in (fold(m) for m in re.findall(r"[^\W_]+", text)) if w]


def _join_hyphens(text: str) -> str:
    """``text`` with each word cut by a hyphen at a line end joined again ("Schwung-\\nkarte")."""
    return re.sub(r"(\w)-[ \t]*\n[ \t]*(?=[a-zäöüéèàç])", r"\1", text)


@cache
def ocr_sentences(language: str) -> tuple[str, ...]:
    """The sentences of the OCR of the printed ``language`` pages, hyphenated line ends joined, cut as the booklet's are."""
    pages = (rules_dir() / "transcriptions" / "booklet-ocr.txt").read_text(encoding="utf-8").split(PAGE_BREAK)
    return booklet_sentences(_join_hyphens("\n\n".join(pages[n] for n in OCR_PAGES[language])))


def _flows(language: str) -> tuple[list[str], list[str], list[str]]:
    """The OCR sentences checked in order (all but the gaps and the moved block), the moved block, and the gaps."""
    starts = tuple(s for gap in GAPS[language] for s in gap.starts)
    first, last = MOVED[language]
    text: list[str] = []
    moved: list[str] = []
    gaps: list[str] = []
    inside = False
    for sentence in ocr_sentences(language):
        if sentence.startswith(first):
            inside = True
        if sentence.startswith(starts):
            gaps.append(sentence)
        elif inside:
            moved.append(sentence)
        else:
            text.append(sentence)
        if sentence.startswith(last):
            inside = False
    return text, moved, gaps


def out_of_order(sentences: list[str], booklet: str) -> list[str]:
    """The ``sentences`` (in their order) of which the longest common subsequence with ``booklet`` misses more than COVERED allows: each missing, or found only out of order."""
    mine: list[str] = []
    owner: list[int] = []
    for n, sentence in enumerate(sentences):
        for w in words(sentence):
            mine.append(w)
            owner.append(n)
    found = [0] * len(sentences)
    matcher = difflib.SequenceMatcher(None, mine, words(booklet), autojunk=False)
    for a, _, size in matcher.get_matching_blocks():
        for k in range(a, a + size):
            found[owner[k]] += 1
    return [s for n, s in enumerate(sentences) if words(s) and found[n] < COVERED * len(words(s))]


def caption_order(band: Captions, language: str, booklet: str) -> list[str]:
    """What is wrong with one caption band: a first word missing from the OCR band, or the captions in another order in ``booklet``."""
    line = next(s for s in ocr_sentences(language) if s.startswith(band.band))
    out = [head for head in band.heads if words(head)[0] not in words(line)]
    flat = normalise(booklet)
    at = [flat.find(head) for head in band.heads]
    if -1 in at or at != sorted(at):
        out.append(
            f"captions {band.heads} stand in the order {sorted(band.heads, key=lambda h: at[band.heads.index(h)])}"
        )
    return out


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_ocr_sentence_stands_in_the_file_in_the_ocr_s_order(language: str) -> None:
    """Every sentence of the printed pages but the listed gaps is in the booklet file, in the OCR's order; the moved block is in order within itself."""
    text, moved, _ = _flows(language)
    booklet = booklet_text(language)
    assert len(text) > 70
    assert out_of_order(text, booklet) == []
    assert len(moved) == 8
    assert out_of_order(moved, booklet) == []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_listed_gap_is_in_the_ocr_and_misses_the_order(language: str) -> None:
    """Each start a gap lists begins an OCR sentence, and the table's gap holds sentences the order check would refuse, so the list is no larger than it must be."""
    _, _, gaps = _flows(language)
    for gap in GAPS[language]:
        for start in gap.starts:
            assert any(s.startswith(start) for s in gaps), start
    text, _, _ = _flows(language)
    table = next(g for g in GAPS[language] if g.reason == _TABLE)
    taken = [s for s in gaps if s.startswith(table.starts)]
    assert out_of_order([*text, *taken], booklet_text(language)) != []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_captions_stand_in_the_printed_order(language: str) -> None:
    """The captions the OCR reads side by side stand in the file in the OCR's left-to-right order."""
    for band in CAPTIONS[language]:
        assert caption_order(band, language, booklet_text(language)) == []


def test_the_french_trump_box_before_the_deal_is_found() -> None:
    """The French file as the text layer ordered it, the trump box before the deal, fails the order check on the box's sentences."""
    french = booklet_text("fr")
    box = french[french.index("Cas particulier") : french.index("Le gagnant du pli")]
    before_the_deal = french.replace(box, "").replace("Ensuite, la procédure", box + "Ensuite, la procédure")
    text, _, _ = _flows("fr")
    missing = out_of_order(text, before_the_deal)
    assert [s[:24] for s in missing] == [
        "Cas particulier de la co",
        "Les cartes de la couleur",
        "Donc aussi au lieu d’une",
        "La couleur d’atout bat a",
        "Exception: le juré (voir",
    ]


def test_captions_out_of_the_printed_order_are_found() -> None:
    """The German caption of the four set-aside cards moved after the pile's caption is named, as is a caption the OCR band lacks."""
    german = booklet_text("de")
    caption = "4 Schwungkarten, oberste\naufgedeckt:\nDiese Farbe ist\n«Trumpf»\n\n"
    assert caption in german
    moved = german.replace(caption, "").replace("Jeder Spieler erhält", caption + "Jeder Spieler erhält", 1)
    assert caption_order(CAPTIONS["de"][0], "de", moved) == [
        "captions ('4 Schwungkarten, oberste', 'Nachziehstapel mit', 'Jeder Spieler erhält', 'Gangkarten: kurzes') stand in the order "
        "['Nachziehstapel mit', '4 Schwungkarten, oberste', 'Jeder Spieler erhält', 'Gangkarten: kurzes']"
    ]
    unknown = Captions("4 Schwung- Nachziehstapel", ("Stapel", "Nachziehstapel mit"))
    assert caption_order(unknown, "de", german)[0] == "Stapel"
