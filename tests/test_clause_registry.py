"""Checks of the clause registry against the booklet: ids, verbatim quotes, reading order and table figures."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from booklet import booklet_text, normalise

from schwinget_spec import clause_table
from schwinget_spec.clauses import CLAUSES, get_clause

# The booklet lives beside the checkout (``shared/rules``), not inside the package:

_ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z_]+)+$")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")

# The registry's order is part of its contract (docs and `schwinget clauses` list it):
# a change here is a deliberate change of the published order, and no id may vanish.
EXPECTED_IDS = (
    "setup.two_players",
    "cards.schwungkarten",
    "setup.gangkarten",
    "setup.angriffskarte",
    "deal.hand_private",
    "deal.shuffle",
    "deal.hands",
    "deal.set_aside",
    "deal.trump",
    "deal.no_trump",
    "deal.pile",
    "match.goal",
    "gang.tricks_decide",
    "match.first_starter",
    "match.loser_starts",
    "match.draw_starter",
    "gang.turn",
    "schwung.lead",
    "schwung.lead_draw",
    "schwung.answer",
    "schwung.farbzwang",
    "schwung.higher_wins",
    "schwung.void_any",
    "schwung.void_loses",
    "schwung.answer_draw",
    "trump.anytime",
    "trump.beats",
    "trick.winner_takes",
    "trick.winner_leads",
    "scoring.tricks_decide",
    "angriff.who",
    "angriff.stier_on_pile",
    "angriff.locks_pile",
    "angriff.play_out",
    "angriff.not_empty_pile",
    "angriff.once",
    "plattwurf.after_angriff",
    "plattwurf.definition",
    "gang.more_tricks_wins",
    "gang.end_no_angriff",
    "gang.end_angriff",
    "match.record_points",
    "match.redeal",
    "cards.special",
    "konter.beats_six",
    "konter.loses",
    "konter.last_trick",
    "kampfrichter.neutralises",
    "kampfrichter.chooses",
    "kampfrichter.collect",
    "kampfrichter.last_schwung",
    "scoring.tricks_only",
    "scoring.two_systems",
    "scoring.schwingerwertung_both",
    "scoring.punktewertung_winner",
    "scoring.choose_system",
    "match.end",
    "match.winner",
    "fest.more_players",
    "fest.parallel",
    "fest.twice_each",
    "fest.four_players",
    "table.columns",
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
    "table.gestellter",
    "table.gut_gekaempft",
)

ALL_IDS = tuple(CLAUSES)
TABLE_IDS = tuple(clause_id for clause_id in ALL_IDS if clause_id.startswith("table."))


@cache
def _booklet(language: str) -> str:
    return normalise(booklet_text(language))


def _numbers(text: str) -> frozenset[str]:
    # "10.00" and "10" are the same figure; the French sentences drop the decimals.
    return frozenset(n.rstrip("0").rstrip(".") if "." in n else n for n in _NUMBER.findall(text))


def _positions_in_order(language: str, quotes: list[tuple[str, str]]) -> list[str]:
    """Ids whose quote is not found at or after the previous quote's position in the booklet."""
    text = _booklet(language)
    position = 0
    out_of_order: list[str] = []
    for clause_id, quote in quotes:
        found = text.find(normalise(quote), position)
        if found < 0:
            out_of_order.append(clause_id)
        else:
            position = found
    return out_of_order


def test_ids_are_unique() -> None:
    """No two clauses of the registry share an id, so none is shadowed in CLAUSES."""
    ids = [clause.id for clause in clause_table._ALL]
    assert len(ids) == len(set(ids))
    assert len(CLAUSES) == len(ids)


@pytest.mark.parametrize("clause_id", ALL_IDS)
def test_id_is_well_formed(clause_id: str) -> None:
    """Every id is lower-case dotted words, as the clause marker and the CLI grep expect."""
    assert _ID_PATTERN.fullmatch(clause_id)
    assert CLAUSES[clause_id].id == clause_id


@pytest.mark.parametrize("clause_id", ALL_IDS)
def test_german_quote_is_verbatim(clause_id: str) -> None:
    """Every German quote occurs in schwinget.de.txt once whitespace is normalised."""
    quote = normalise(CLAUSES[clause_id].de)
    assert quote
    assert quote in _booklet("de")


@pytest.mark.parametrize("clause_id", ALL_IDS)
def test_french_quote_is_verbatim(clause_id: str) -> None:
    """Every French quote is non-empty and occurs in schwinget.fr.txt once whitespace is normalised."""
    quote = normalise(CLAUSES[clause_id].fr)
    assert quote
    assert quote in _booklet("fr")


@pytest.mark.parametrize("clause_id", ALL_IDS)
def test_paraphrase_and_section_are_present(clause_id: str) -> None:
    """Every clause has an English paraphrase and names its section of the booklet."""
    clause = CLAUSES[clause_id]
    assert clause.en.strip()
    assert clause.section.strip()
    assert str(clause) == f"{clause_id}: {clause.en}"


def test_get_clause_returns_the_registered_clause() -> None:
    """``get_clause`` returns the clause stored under the id it is given."""
    for clause_id in ALL_IDS:
        assert get_clause(clause_id) is CLAUSES[clause_id]


def test_get_clause_unknown_id_raises_key_error_naming_it() -> None:
    """``get_clause`` raises KeyError whose message names the unknown id."""
    with pytest.raises(KeyError) as excinfo:
        get_clause("schwung.no_such_rule")
    assert "schwung.no_such_rule" in str(excinfo.value)


def test_registry_order_is_stable() -> None:
    """The registry lists exactly the published ids in the published order."""
    assert tuple(CLAUSES) == EXPECTED_IDS
    assert tuple(clause.id for clause in clause_table._ALL) == EXPECTED_IDS


def test_registry_follows_the_german_reading_order() -> None:
    """Each German quote is found after the previous one, so the registry reads like schwinget.de.txt."""
    quotes = [(clause.id, clause.de) for clause in CLAUSES.values()]
    assert _positions_in_order("de", quotes) == []


def test_french_quotes_follow_the_french_reading_order() -> None:
    """French quotes appear in registry order, the trump paragraph included: the printed French booklet has it where the German has it."""
    quotes = [(clause.id, clause.fr) for clause in CLAUSES.values()]
    assert _positions_in_order("fr", quotes) == []
    assert _positions_in_order("fr", [("trump.anytime", CLAUSES["trump.anytime"].fr), ("deal.shuffle", CLAUSES["deal.shuffle"].fr)]) == [
        "deal.shuffle"
    ]


def test_table_clauses_exist() -> None:
    """The scoring table has its column header and one clause per row."""
    assert len(TABLE_IDS) == 7


@pytest.mark.parametrize("clause_id", TABLE_IDS)
def test_table_figures_agree_between_languages(clause_id: str) -> None:
    """A scoring-table clause mentions the same numbers in German and French, reading "10.00" as "10"."""
    clause = CLAUSES[clause_id]
    assert _numbers(clause.de) == _numbers(clause.fr)


def test_number_reading_ignores_trailing_decimal_zeros() -> None:
    """The figure comparison reads "10.00 oder 7" and "10 ou 7" as the same numbers but keeps "9.75" apart from "9"."""
    assert _numbers("10.00 oder 7") == _numbers("10 ou 7") == frozenset({"10", "7"})
    assert _numbers("9.75 8.50") == frozenset({"9.75", "8.5"})
    assert _numbers("9.75") != _numbers("9")


def test_errors_and_the_registry_import_one_way() -> None:
    """``errors`` reads clause texts from ``clause_table`` and never imports ``clauses``; the table imports neither."""
    package = Path(clause_table.__file__).parent

    def imported(name: str) -> set[str]:
        tree = ast.parse((package / name).read_text("utf-8"))
        return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module is not None} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }

    assert "schwinget_spec.clause_table" in imported("errors.py")
    assert "schwinget_spec.clauses" not in imported("errors.py")
    assert not {"schwinget_spec.errors", "schwinget_spec.clauses"} & imported("clause_table.py")
    assert "schwinget_spec.errors" in imported("clauses.py")
