"""The test vectors of docs/deal-algorithm.md, read from the document and checked against the library and an independent implementation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import ParseError
from schwinget_spec.rng import SplitMix64, shuffled

DOC = Path(__file__).resolve().parent.parent / "docs" / "deal-algorithm.md"
CODES = [c.code for c in ALL_CARDS]

# -- an independent implementation, written from the document alone (no rng.py)

_M = (1 << 64) - 1


def _ref_outputs(seed: int, count: int) -> list[int]:
    out, s = [], seed
    for _ in range(count):
        s = (s + 0x9E3779B97F4A7C15) & _M
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M
        out.append(z ^ (z >> 31))
    return out


def _ref_deck(seed: int, *, reject: bool = True) -> list[str]:
    deck, s = list(CODES), seed
    for i in range(25, 0, -1):
        n = i + 1
        limit = (1 << 64) - (1 << 64) % n if reject else 1 << 64
        while True:
            [x] = _ref_outputs(s, 1)
            s = (s + 0x9E3779B97F4A7C15) & _M
            if x < limit:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# -- the vectors as the document states them


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _output_vectors() -> list[tuple[int, list[int]]]:
    found = re.findall(r"^- seed `(\d+)`: `((?:0x[0-9a-f]{16} ?)+)`$", _doc(), flags=re.M)
    return [(int(seed), [int(x, 16) for x in outs.split()]) for seed, outs in found]


_FIELDS = ("seed", "deck", "P0", "P1", "revealed", "trump", "face_down", "pile")


def _deal_vectors() -> list[dict[str, str]]:
    text = _doc().split("### Deals", 1)[1]
    vectors = []
    for block in re.split(r"^### Seed ", text, flags=re.M)[1:]:
        fields = dict(re.findall(r"^- (\w+): `([^`]*)`$", block, flags=re.M))
        assert tuple(fields) == _FIELDS, f"vector block fields {tuple(fields)}"
        vectors.append(fields)
    return vectors


OUTPUT_VECTORS = _output_vectors()
DEAL_VECTORS = _deal_vectors()


def test_document_holds_the_required_vectors() -> None:
    """The document gives outputs for seeds 0, 1 and 1234567 and deals for seeds 0, 1, 7, 42 and 2**64-1."""
    assert {0, 1, 1234567} <= {seed for seed, _ in OUTPUT_VECTORS}
    assert {0, 1, 7, 42, 2**64 - 1} <= {int(v["seed"]) for v in DEAL_VECTORS}
    assert all(len(outs) >= 3 for _, outs in OUTPUT_VECTORS)


def test_published_splitmix64_reference_value() -> None:
    """Seed 1234567 gives the published first output 6457827717110365317, in the library, the reference and the document."""
    expected = 6457827717110365317
    assert expected == 0x599ED017FB08FC85
    assert SplitMix64.seeded(1234567).next()[0] == expected
    assert _ref_outputs(1234567, 1) == [expected]
    assert dict(OUTPUT_VECTORS)[1234567][0] == expected


@pytest.mark.clause("deal.shuffle")
@pytest.mark.parametrize(("seed", "outputs"), OUTPUT_VECTORS, ids=[str(seed) for seed, _ in OUTPUT_VECTORS])
def test_splitmix64_outputs_match_document(seed: int, outputs: list[int]) -> None:
    """The first outputs of SplitMix64 for this seed are the document's, in both implementations."""
    rng = SplitMix64.seeded(seed)
    got = []
    for _ in outputs:
        x, rng = rng.next()
        got.append(x)
    assert got == outputs
    assert _ref_outputs(seed, len(outputs)) == outputs


@pytest.mark.clause("deal.shuffle", "deal.hands", "deal.set_aside", "deal.trump", "deal.no_trump", "deal.pile")
@pytest.mark.parametrize("vector", DEAL_VECTORS, ids=lambda v: v["seed"])
def test_deal_vector_matches_document(vector: dict[str, str]) -> None:
    """The deck order and the deal for this seed are the document's, in both implementations."""
    seed = int(vector["seed"])
    deck = vector["deck"].split()
    assert sorted(deck) == sorted(CODES)
    lib_deck, _ = shuffled(ALL_CARDS, SplitMix64.seeded(seed))
    assert [c.code for c in lib_deck] == deck
    assert _ref_deck(seed) == deck

    deal = Deal.shuffled(seed)
    for player, field in enumerate(("P0", "P1")):
        dealt = [Card.parse(code) for code in vector[field].split()]
        assert dealt == [Card.parse(code) for code in deck[player:10:2]]
        assert deal.hands[player] == tuple(sorted(dealt, key=lambda c: c.index))
    assert deal.revealed.code == vector["revealed"] == deck[10]
    expected_trump = None if vector["trump"] == "none" else vector["trump"]
    assert (deal.trump.code if deal.trump is not None else None) == expected_trump
    assert [c.code for c in deal.face_down] == vector["face_down"].split() == deck[11:14]
    assert [c.code for c in deal.pile] == vector["pile"].split() == deck[14:]


@pytest.mark.clause("deal.shuffle")
def test_rejection_vector_needs_the_rejection() -> None:
    """The constructed seed's first output is 2**64-1, rejected by below(26); skipping the rejection gives another deck."""
    seed = 3558559446808474027
    assert _ref_outputs(seed, 1) == [(1 << 64) - 1]
    vector = next(v for v in DEAL_VECTORS if int(v["seed"]) == seed)
    assert _ref_deck(seed, reject=False) != vector["deck"].split()
    assert _ref_deck(seed) == vector["deck"].split()


@pytest.mark.clause("deal.hands", "deal.set_aside", "deal.pile")
def test_from_deck_deals_positions_as_documented() -> None:
    """The canonical order dealt unshuffled gives P0 the even positions, P1 the odd ones, card 10 revealed and 14-25 the pile."""
    deal = Deal.from_deck(ALL_CARDS)
    assert [c.index for c in deal.hands[0]] == [0, 2, 4, 6, 8]
    assert [c.index for c in deal.hands[1]] == [1, 3, 5, 7, 9]
    assert deal.revealed.index == 10
    assert [c.index for c in deal.face_down] == [11, 12, 13]
    assert [c.index for c in deal.pile] == list(range(14, 26))


@pytest.mark.clause("deal.shuffle")
def test_canonical_order_is_documented_order() -> None:
    """Card indices 0-25 are R1..R6 G1..G6 B1..B6 Y1..Y6 KR BK, as the document's table says."""
    expected = [f"{c}{v}" for c in "RGBY" for v in range(1, 7)] + ["KR", "BK"]
    assert expected == CODES
    assert [c.index for c in ALL_CARDS] == list(range(26))


@pytest.mark.clause("deal.shuffle")
@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, True, "7"])
def test_seed_outside_range_is_refused(seed: object) -> None:
    """A seed that is not an integer from 0 to 2**64-1 is refused with a ParseError."""
    with pytest.raises(ParseError):
        SplitMix64.seeded(seed)  # type: ignore[arg-type]


@pytest.mark.clause("deal.shuffle")
@pytest.mark.parametrize("seed", [3, 99, 2**63, 2**64 - 2])
def test_independent_implementation_agrees_beyond_the_vectors(seed: int) -> None:
    """On seeds not in the document, the library's shuffle and the independent one give the same deck."""
    lib_deck, _ = shuffled(ALL_CARDS, SplitMix64.seeded(seed))
    assert [c.code for c in lib_deck] == _ref_deck(seed)
