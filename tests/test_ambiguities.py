"""Each entry of docs/ambiguities.md in play: hand-built situations under every reading a Rules switch selects, and the forced readings."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from builders import started as gang

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import GangState, Outcome, Phase, SchwungRecord, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "ambiguities.md"

# -- building situations


def play(state: GangState, codes: str) -> GangState:
    """The state after the space-separated action codes (``|`` separates Schwünge for the reader)."""
    for code in codes.replace("|", " ").split():
        state = state.apply(code)
    return state


def legal_codes(state: GangState) -> set[str]:
    """The codes of the legal actions."""
    return {a.code for a in state.legal_actions()}


def last_record(state: GangState) -> SchwungRecord:
    """The last completed Schwung."""
    return state.history[-1]


def plain_policy(state: GangState) -> str:
    """Never the Angriff, never a special card unless forced, else the first card in canonical order; the KR's player picks itself."""
    if state.phase is Phase.CHOOSE_LEADER:
        return f"L{int(state.to_move)}"
    cards = [a.card for a in state.legal_actions() if isinstance(a, PlayCard)]
    plain = [c for c in cards if not c.is_special]
    return (plain or cards)[0].code


def drive(state: GangState, until: int, policy: Callable[[GangState], str] = plain_policy) -> GangState:
    """Play ``policy`` until Schwung ``until`` is about to be led (or the Gang is over)."""
    while not state.is_over and not (state.phase is Phase.LEAD and state.schwung_number == until):
        state = state.apply(policy(state))
    return state


def random_policy(seed: int) -> Callable[[GangState], str]:
    """A policy picking uniformly among the legal actions with SplitMix64, for whole-Gang checks."""
    box = [SplitMix64.seeded(seed)]

    def choose(state: GangState) -> str:
        actions = state.legal_actions()
        i, box[0] = box[0].below(len(actions))
        return actions[i].code

    return choose


def play_out(state: GangState, policy: Callable[[GangState], str]) -> tuple[GangState, list[str]]:
    """Play ``policy`` to the end of the Gang; the final state and the action codes."""
    codes = []
    while not state.is_over:
        code = policy(state)
        codes.append(code)
        state = state.apply(code)
    return state, codes


# -- the document names these tests


def _own_part() -> str:
    """The part of the document written for this module: everything before the scoring section."""
    return DOC.read_text(encoding="utf-8").split("\n## Scoring, match and Schwingfest", 1)[0]


def test_every_test_named_in_the_document_exists() -> None:
    """Every test id named in the play part of docs/ambiguities.md is a test of this module, and every test here is named there."""
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", _own_part()))
    here = {name for name in globals() if name.startswith("test_")}
    assert named - here == set()
    assert here - named == set()


def test_every_rules_field_has_an_entry() -> None:
    """Every AMB id that rules.py gives a Rules field has an entry heading in docs/ambiguities.md."""
    text = DOC.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parent.parent.joinpath("schwinget_spec", "rules.py").read_text(encoding="utf-8")
    ids = set(re.findall(r"(AMB-[A-Z0-9-]*[A-Z0-9])\.", source))
    assert len(ids) >= len(attrs.fields(Rules))
    missing = [amb for amb in ids if not re.search(rf"^#+ [^\n]*\b{re.escape(amb)}\b", text, flags=re.M)]
    assert missing == []


# -- AMB-SPECIAL-FARBZWANG


@pytest.mark.clause("schwung.farbzwang", "cards.special")
@pytest.mark.parametrize("special", ["KR", "BK"])
def test_special_farbzwang_default_special_may_answer_any_lead(special: str) -> None:
    """Default: holding the led colour (R5), the answer may still be a special card, like a trump."""
    state = play(gang("R3 G1 G2 G3 G4", f"R5 {special} B1 B2 B3", "Y1"), "R3")
    assert legal_codes(state) == {"R5", special}
    after = state.apply(special)
    assert last_record(after).answer is Card.parse(special)


@pytest.mark.clause("schwung.farbzwang", "cards.special")
@pytest.mark.parametrize("special", ["KR", "BK"])
def test_special_farbzwang_switch_special_must_follow_colour(special: str) -> None:
    """special_cards_follow_colour=True: holding R5, the special card is refused under schwung.farbzwang."""
    rules = Rules(special_cards_follow_colour=True)
    state = play(gang("R3 G1 G2 G3 G4", f"R5 {special} B1 B2 B3", "Y1", rules=rules), "R3")
    assert legal_codes(state) == {"R5"}
    with pytest.raises(IllegalActionError) as err:
        state.apply(special)
    assert err.value.clause_id == "schwung.farbzwang"


@pytest.mark.clause("schwung.void_any", "cards.special")
@pytest.mark.parametrize("follow", [False, True])
def test_special_farbzwang_void_answer_is_free_under_both(follow: bool) -> None:
    """Void in the led colour, the special card may answer under both readings (schwung.void_any)."""
    rules = Rules(special_cards_follow_colour=follow)
    state = play(gang("R3 G1 G2 G3 G4", "KR BK B1 B2 B3", "Y1", rules=rules), "R3")
    assert {"KR", "BK"} <= legal_codes(state)


# -- AMB-KONTER-VOID


@pytest.mark.clause("konter.beats_six", "schwung.void_loses", "schwung.void_any")
def test_konter_void_default_konter_beats_led_six() -> None:
    """Default: P1, void in red, answers the led R6 with the Konter and wins the trick (konter.beats_six)."""
    state = play(gang("R6 G1 G2 G3 G4", "BK B1 B2 B3 B4", "Y1"), "R6 BK")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P1, "konter.beats_six")


@pytest.mark.clause("konter.beats_six", "schwung.void_loses", "schwung.void_any")
def test_konter_void_switch_void_rule_prevails() -> None:
    """void_konter_beats_six=False: the same void Konter loses the trick (schwung.void_loses)."""
    rules = Rules(void_konter_beats_six=False)
    state = play(gang("R6 G1 G2 G3 G4", "BK B1 B2 B3 B4", "Y1", rules=rules), "R6 BK")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P0, "schwung.void_loses")


@pytest.mark.clause("konter.beats_six", "schwung.farbzwang")
@pytest.mark.parametrize("void_wins", [False, True])
def test_konter_void_not_void_konter_wins_under_both(void_wins: bool) -> None:
    """A Konter answered by a player who holds red (allowed by the default Farbzwang reading) beats R6 under both readings."""
    rules = Rules(void_konter_beats_six=void_wins)
    state = play(gang("R6 G1 G2 G3 G4", "BK R1 B2 B3 B4", "Y1", rules=rules), "R6 BK")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P1, "konter.beats_six")


def _answered_konter_beats_a_led_six(rules: Rules) -> bool:
    """Whether, under ``rules``, some hand may answer some led 6 with the Konter and win (every trump, hands of the Konter and up to four of one card per colour and the Kampfrichter)."""
    from itertools import combinations  # noqa: PLC0415

    from schwinget_spec.trick import allowed_answers, resolve_schwung  # noqa: PLC0415

    pool = (Card.R1, Card.G1, Card.B1, Card.Y1, Card.KR)
    for six in (Card.R6, Card.G6, Card.B6, Card.Y6):
        for trump in (*Colour, None):
            for n in range(5):
                for others in combinations(pool, n):
                    hand = Card.BK.bit | sum(c.bit for c in others)
                    if not allowed_answers(hand, six, trump, rules) & Card.BK.bit:
                        continue
                    void = all(c.colour is not six.colour for c in others)
                    for last in (False, True):
                        outcome = resolve_schwung(Player.P0, six, Card.BK, trump, rules, is_last=last, answer_was_void=void)
                        if outcome.winner is Player.P1:
                            return True
    return False


@pytest.mark.clause("konter.beats_six", "schwung.void_loses", "schwung.farbzwang")
def test_konter_void_with_both_other_readings_an_answered_konter_never_beats_a_six() -> None:
    """With (b) here and (b) of AMB-SPECIAL-FARBZWANG an answered Konter never beats a led 6; with either alone, or neither, it can."""
    both = Rules(void_konter_beats_six=False, special_cards_follow_colour=True)
    assert not _answered_konter_beats_a_led_six(both)
    assert _answered_konter_beats_a_led_six(Rules(void_konter_beats_six=False))
    assert _answered_konter_beats_a_led_six(Rules(special_cards_follow_colour=True))
    assert _answered_konter_beats_a_led_six(Rules())


# -- AMB-KONTER-TRUMP-SIX


@pytest.mark.clause("konter.beats_six", "trump.beats")
def test_konter_trump_six_default_konter_beats_trump_six() -> None:
    """Default: the Konter answered to the led trump Y6 wins (konter.beats_six: all Brienzer-Schwünge)."""
    state = play(gang("Y6 G1 G2 G3 G4", "BK B1 B2 B3 B4", "Y1"), "Y6 BK")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P1, "konter.beats_six")


@pytest.mark.clause("konter.beats_six", "trump.beats")
def test_konter_trump_six_switch_trump_six_beats_konter() -> None:
    """konter_beats_trump_six=False: the led trump Y6 beats the Konter (trump.beats)."""
    rules = Rules(konter_beats_trump_six=False)
    state = play(gang("Y6 G1 G2 G3 G4", "BK B1 B2 B3 B4", "Y1", rules=rules), "Y6 BK")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P0, "trump.beats")


@pytest.mark.clause("konter.beats_six", "trump.beats")
@pytest.mark.parametrize(("beats_trump_six", "winner"), [(True, Player.P0), (False, Player.P1)])
def test_konter_trump_six_led_konter_against_trump_six(beats_trump_six: bool, winner: Player) -> None:
    """A led Konter answered with the trump Y6: the Konter's player wins by default, the answer under the switch."""
    rules = Rules(konter_beats_trump_six=beats_trump_six)
    state = play(gang("BK G1 G2 G3 G4", "Y6 B1 B2 B3 B4", "Y1", rules=rules), "BK Y6")
    assert last_record(state).winner is winner


@pytest.mark.clause("konter.beats_six")
@pytest.mark.parametrize("beats_trump_six", [False, True])
def test_konter_trump_six_plain_six_beaten_under_both(beats_trump_six: bool) -> None:
    """A six that is not trump (R6) is beaten by the Konter under both readings."""
    rules = Rules(konter_beats_trump_six=beats_trump_six)
    state = play(gang("R6 G1 G2 G3 G4", "BK R1 B2 B3 B4", "Y1", rules=rules), "R6 BK")
    assert last_record(state).winner is Player.P1


# -- AMB-COLOUR-NAMES


def _relabel(card: Card, perm: dict[Colour, Colour]) -> Card:
    if card.colour is None or card.rank is None:
        return card
    return Card.of(perm[card.colour], card.rank)


@pytest.mark.clause("cards.schwungkarten")
@pytest.mark.parametrize("seed", [0, 7, 22, 42])
def test_colour_relabelling_changes_no_outcome(seed: int) -> None:
    """Renaming the colours (R->G->B->Y->R) maps a whole Gang onto a legal Gang with the same Schwung winners and tricks."""
    perm = {Colour.RED: Colour.GREEN, Colour.GREEN: Colour.BLUE, Colour.BLUE: Colour.YELLOW, Colour.YELLOW: Colour.RED}
    deal = Deal.shuffled(seed)
    renamed = Deal(
        hands=(tuple(_relabel(c, perm) for c in deal.hands[0]), tuple(_relabel(c, perm) for c in deal.hands[1])),
        revealed=_relabel(deal.revealed, perm),
        face_down=tuple(_relabel(c, perm) for c in deal.face_down),
        pile=tuple(_relabel(c, perm) for c in deal.pile),
    )
    end, codes = play_out(start_gang(deal, Player.P0), random_policy(seed))
    state = start_gang(renamed, Player.P0)
    for code in codes:
        action = parse_action(code)
        if isinstance(action, PlayCard):
            action = PlayCard(_relabel(action.card, perm))
        assert action in state.legal_actions()
        state = state.apply(action)
    assert state.is_over
    assert [r.winner for r in state.history] == [r.winner for r in end.history]
    assert state.result == end.result


# -- AMB-DEAL-FIRST-CARD


def _swap_code(code: str) -> str:
    return {"L0": "L1", "L1": "L0"}.get(code, code)


@pytest.mark.clause("deal.hands")
@pytest.mark.parametrize("seed", [1, 7, 42])
def test_deal_first_card_seats_are_exchangeable(seed: int) -> None:
    """Exchanging the two hands and the starter gives the mirror Gang: same actions, tricks and winner exchanged."""
    deal = Deal.shuffled(seed)
    mirror = Deal(hands=(deal.hands[1], deal.hands[0]), revealed=deal.revealed, face_down=deal.face_down, pile=deal.pile)
    end, codes = play_out(start_gang(deal, Player.P0), random_policy(seed))
    state = start_gang(mirror, Player.P1)
    for code in codes:
        state = state.apply(_swap_code(code))
    result, mirrored = end.result, state.result
    assert mirrored.tricks == (result.tricks[1], result.tricks[0])
    assert mirrored.winner == (None if result.winner is None else result.winner.other)
    assert mirrored.outcome is result.outcome


@pytest.mark.clause("deal.hands")
def test_deal_first_card_goes_to_p0() -> None:
    """The seed algorithm gives deck position 0 to P0 and position 1 to P1."""
    deck = list(reversed(ALL_CARDS))
    deal = Deal.from_deck(deck)
    assert deck[0] in deal.hands[0]
    assert deck[1] in deal.hands[1]


# -- AMB-ANSWER-DRAW


@pytest.mark.clause("schwung.answer_draw", "schwung.lead_draw", "angriff.play_out")
def test_answer_draw_following_answerer_draws() -> None:
    """The answerer who follows colour draws too: after each Schwung before the Angriff both hands hold 5 cards."""
    state = gang("R3 G1 G2 G3 G4", "R5 B1 B2 B3 B4", "Y1")
    for n in range(1, 7):
        state = drive(state, n)
        assert [len(state.hand(p)) for p in Player] == [5, 5]
        assert state.pile_size == 12 - 2 * (n - 1)
    state = play(state, "A")
    assert [len(state.hand(p)) for p in Player] == [5, 5]


@pytest.mark.clause("schwung.answer_draw", "schwung.void_any")
def test_answer_draw_after_answering() -> None:
    """The answerer draws after answering: R6, next in the pile, cannot bind or serve the void answer to R3."""
    state = play(gang("R3 G1 G2 G3 G4", "B1 B2 B3 B4 B5", "Y1", pile="Y2 R6"), "R3")
    assert legal_codes(state) == {"B1", "B2", "B3", "B4", "B5"}
    state = state.apply("B1")
    assert last_record(state).winner is Player.P0
    assert Card.R6 in state.hand(Player.P1)


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff", "angriff.play_out")
@pytest.mark.parametrize("angriff_after", [None, 0, 3, 5])
def test_answer_draw_gang_length(angriff_after: int | None) -> None:
    """Both players drawing every Schwung gives 11 Schwünge without an Angriff and k + 5 after an Angriff after k."""
    state = gang("R3 G1 G2 G3 G4", "R5 B1 B2 B3 B4", "Y1")
    if angriff_after is not None:
        state = play(drive(state, angriff_after + 1), "A")
    end = drive(state, 99)
    expected = 11 if angriff_after is None else angriff_after + 5
    assert end.result.schwuenge == expected


# -- AMB-KONTER-VS-KR


@pytest.mark.clause("kampfrichter.neutralises", "konter.loses", "konter.last_trick")
@pytest.mark.parametrize("codes", ["KR BK", "BK KR"])
def test_konter_vs_kr_neutralised_before_last(codes: str) -> None:
    """Before the last Schwung, Kampfrichter against Konter (either led) is neutralised: nobody takes the trick yet."""
    p0, p1 = ("KR G1 G2 G3 G4", "BK B1 B2 B3 B4") if codes.startswith("KR") else ("BK G1 G2 G3 G4", "KR B1 B2 B3 B4")
    state = play(gang(p0, p1, "Y1"), codes)
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (None, "kampfrichter.neutralises")
    assert state.tricks == (0, 0)


@pytest.mark.clause("konter.loses", "kampfrichter.neutralises")
@pytest.mark.parametrize("codes", ["KR BK", "BK KR"])
def test_konter_vs_kr_switch_konter_loses(codes: str) -> None:
    """konter_loses_to_kampfrichter=True: before the last Schwung the Kampfrichter's player takes the trick at once (konter.loses) and leads."""
    rules = Rules(konter_loses_to_kampfrichter=True)
    kr_first = codes.startswith("KR")
    p0, p1 = ("KR G1 G2 G3 G4", "BK B1 B2 B3 B4") if kr_first else ("BK G1 G2 G3 G4", "KR B1 B2 B3 B4")
    state = play(gang(p0, p1, "Y1", rules=rules), codes)
    kr_player = Player.P0 if kr_first else Player.P1
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (kr_player, "konter.loses")
    assert state.tricks[kr_player] == 1
    assert (state.phase, state.to_move) == (Phase.LEAD, kr_player)


@pytest.mark.clause("konter.last_trick", "kampfrichter.last_schwung")
@pytest.mark.parametrize("loses", [False, True])
def test_konter_vs_kr_last_schwung_konter_wins_under_both(loses: bool) -> None:
    """On the last Schwung (after an Angriff before Schwung 1, the 5th) the Konter beats the Kampfrichter under both readings."""
    rules = Rules(konter_loses_to_kampfrichter=loses)
    state = play(gang("KR Y3 Y4 Y5 Y6", "BK R2 R3 R4 R5", "Y1", rules=rules), "A Y6 R2 | Y5 R3 | Y4 R4 | Y3 R5")
    assert state.is_last_schwung()
    rec = last_record(play(state, "KR BK"))
    assert (rec.number, rec.winner, rec.clause_id) == (5, Player.P1, "konter.last_trick")


# -- AMB-KAMPFRICHTER-VOID


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.chooses", "schwung.void_any")
def test_kampfrichter_void_default_neutralises_and_chooses() -> None:
    """Default: P1, void in red, answers the led R3 with the Kampfrichter: the trick is neutralised and P1 chooses the next leader."""
    state = play(gang("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4", "Y1"), "R3 KR")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (None, "kampfrichter.neutralises")
    assert state.tricks == (0, 0)
    assert (state.phase, state.to_move) == (Phase.CHOOSE_LEADER, Player.P1)


@pytest.mark.clause("schwung.void_loses", "trick.winner_leads", "kampfrichter.neutralises")
def test_kampfrichter_void_switch_void_rule_prevails() -> None:
    """void_kampfrichter_neutralises=False: the same void Kampfrichter loses (schwung.void_loses); P0 takes the trick and leads, nobody chooses."""
    rules = Rules(void_kampfrichter_neutralises=False)
    state = play(gang("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4", "Y1", rules=rules), "R3 KR")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P0, "schwung.void_loses")
    assert state.tricks == (1, 0)
    assert (state.phase, state.to_move) == (Phase.LEAD, Player.P0)


@pytest.mark.clause("kampfrichter.neutralises", "schwung.farbzwang")
@pytest.mark.parametrize("neutralises", [True, False])
def test_kampfrichter_void_not_void_neutralises_under_both(neutralises: bool) -> None:
    """A Kampfrichter answered by a player who holds red (allowed by the default Farbzwang reading) neutralises R3 under both readings."""
    rules = Rules(void_kampfrichter_neutralises=neutralises)
    state = play(gang("R3 G1 G2 G3 G4", "KR R1 B2 B3 B4", "Y1", rules=rules), "R3 KR")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (None, "kampfrichter.neutralises")


@pytest.mark.clause("kampfrichter.last_schwung", "schwung.void_loses")
@pytest.mark.parametrize("neutralises", [True, False])
def test_kampfrichter_void_last_schwung_leader_wins_under_both(neutralises: bool) -> None:
    """On the last Schwung (the 5th after an Angriff before Schwung 1) the void Kampfrichter loses under both readings (kampfrichter.last_schwung)."""
    rules = Rules(void_kampfrichter_neutralises=neutralises)
    state = play(gang("R1 Y3 Y4 Y5 Y6", "KR B2 B3 B4 B5", "Y1", rules=rules), "A Y6 B2 | Y5 B3 | Y4 B4 | Y3 B5")
    assert state.is_last_schwung()
    rec = last_record(play(state, "R1 KR"))
    assert (rec.number, rec.winner, rec.clause_id) == (5, Player.P0, "kampfrichter.last_schwung")


# -- AMB-SPECIAL-LEAD


@pytest.mark.clause("cards.special", "schwung.answer")
@pytest.mark.parametrize("follow", [False, True])
@pytest.mark.parametrize("led", ["KR", "BK"])
def test_special_lead_any_card_answers(follow: bool, led: str) -> None:
    """A led special card has no colour to follow: every card of the answerer's hand may answer, under both Farbzwang readings."""
    rules = Rules(special_cards_follow_colour=follow)
    other = "BK" if led == "KR" else "KR"
    state = play(gang(f"{led} G1 G2 G3 G4", f"{other} R1 B2 Y3 Y6", "Y1", rules=rules), led)
    assert legal_codes(state) == {other, "R1", "B2", "Y3", "Y6"}


@pytest.mark.clause("kampfrichter.neutralises", "trump.beats", "kampfrichter.chooses")
@pytest.mark.parametrize("answer", ["R1", "Y6", "BK"])
def test_special_lead_kampfrichter_led_neutralises_answer(answer: str) -> None:
    """A led Kampfrichter neutralises the answer, trump (trump.beats: "Ausnahme: Kampfrichter") and Konter included; its player chooses."""
    state = play(gang("KR G1 G2 G3 G4", f"{answer} B2 B3 B4 B5", "Y1"), f"KR {answer}")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (None, "kampfrichter.neutralises")
    assert (state.phase, state.to_move) == (Phase.CHOOSE_LEADER, Player.P0)


@pytest.mark.clause("konter.beats_six", "konter.loses")
@pytest.mark.parametrize(("answer", "winner"), [("R6", Player.P0), ("R5", Player.P1), ("Y2", Player.P1)])
def test_special_lead_konter_led(answer: str, winner: Player) -> None:
    """A led Konter wins against a 6 (konter.beats_six) and loses to any other card (konter.loses)."""
    state = play(gang("BK G1 G2 G3 G4", f"{answer} B2 B3 B4 B1", "Y1"), f"BK {answer}")
    assert last_record(state).winner is winner


# -- AMB-KONTER-LED


@pytest.mark.clause("konter.beats_six", "konter.loses")
@pytest.mark.parametrize(("answer", "winner", "clause"), [("R6", Player.P0, "konter.beats_six"), ("R5", Player.P1, "konter.loses")])
def test_konter_led_beats_an_answered_six(answer: str, winner: Player, clause: str) -> None:
    """A led Konter beats an answered 6 (konter.beats_six) and loses to an answered 5 (konter.loses)."""
    state = play(gang("BK G1 G2 G3 G4", f"{answer} B2 B3 B4 B5", "Y1"), f"BK {answer}")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (winner, clause)


# -- AMB-VOID-TRUMP


@pytest.mark.clause("trump.beats", "schwung.void_loses", "schwung.void_any")
def test_void_trump_void_trump_answer_wins() -> None:
    """P1, void in red, answers R3 with the trump Y2 and wins the trick (trump.beats), not void_loses."""
    state = play(gang("R3 G1 G2 G3 G4", "Y2 B1 B2 B3 B4", "Y1"), "R3 Y2")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P1, "trump.beats")


@pytest.mark.clause("trump.anytime", "trump.beats")
def test_void_trump_trump_instead_of_following_wins() -> None:
    """P1 holds R1 but answers R3 with the trump Y2 (trump.anytime) and wins (trump.beats)."""
    state = play(gang("R3 G1 G2 G3 G4", "R1 Y2 B2 B3 B4", "Y1"), "R3 Y2")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P1, "trump.beats")


@pytest.mark.clause("schwung.void_loses", "deal.no_trump")
def test_void_trump_no_trump_gang_void_answer_loses() -> None:
    """With the Kampfrichter revealed there is no trump: the void answer Y2 loses (schwung.void_loses)."""
    state = play(gang("R3 G1 G2 G3 G4", "Y2 B1 B2 B3 B4", "KR"), "R3 Y2")
    rec = last_record(state)
    assert (rec.winner, rec.clause_id) == (Player.P0, "schwung.void_loses")


# -- AMB-PLATTWURF-PENDING


def first_five_credited(state: GangState) -> Player | None:
    """The rejected reading: the player credited with each of the first five tricks credited after the Angriff."""
    credits: list[Player] = []
    for rec in state.history:
        if rec.after_angriff and rec.winner is not None:
            credits.extend([rec.winner] * rec.tricks)
    first = credits[:5]
    return first[0] if len(first) == 5 and len(set(first)) == 1 else None


# P0 leads R1, P1 neutralises it with the Kampfrichter and lets P0 lead; P0 starts the Angriff.
_PENDING_START = "R1 KR | L0 A"


@pytest.mark.clause("plattwurf.definition", "kampfrichter.collect", "angriff.who")
def test_plattwurf_pending_trick_from_before_angriff_readings_coincide() -> None:
    """A Kampfrichter trick pending across the Angriff and collected by the player who then wins all 5: Plattwurf under every reading."""
    state = gang("R1 Y3 Y4 Y5 Y6", "KR R3 R4 R5 R6", "Y1", pile="Y2 B1")
    end = play(state, f"{_PENDING_START} Y6 B1 | Y5 R3 | Y4 R4 | Y3 R5 | Y2 R6")
    result = end.result
    assert result.tricks == (6, 0)
    assert result.plattwurf is Player.P0
    assert result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF
    assert first_five_credited(end) is Player.P0


@pytest.mark.clause("plattwurf.definition", "kampfrichter.collect", "gang.more_tricks_wins")
def test_plattwurf_pending_readings_differ_when_last_schwung_lost() -> None:
    """Pending trick collected after the Angriff, then 4 Schwünge won and the 5th lost: no Plattwurf, though the first five credited tricks went to P0."""
    state = gang("R1 Y3 Y4 Y5 Y6", "KR R3 R4 R5 R6", "Y1", pile="R2 B1")
    end = play(state, f"{_PENDING_START} Y6 B1 | Y5 R3 | Y4 R4 | Y3 R5 | R2 R6")
    result = end.result
    assert result.tricks == (5, 1)
    assert result.plattwurf is None
    assert (result.winner, result.outcome) == (Player.P0, Outcome.SIEG_MIT_ANGRIFF)
    assert first_five_credited(end) is Player.P0


@pytest.mark.clause("plattwurf.definition", "kampfrichter.collect", "kampfrichter.neutralises")
def test_plattwurf_pending_kampfrichter_inside_the_five() -> None:
    """A Kampfrichter neutralising the first Schwung after the Angriff: the collector wins the other 4 and has all 5 tricks, a Plattwurf."""
    state = gang("Y2 Y3 Y4 Y5 Y6", "KR R2 R3 R4 R5", "Y1")
    end = play(state, "A Y6 KR | L1 R2 Y2 | Y5 R3 | Y4 R4 | Y3 R5")
    result = end.result
    assert [r.winner for r in end.history] == [None, Player.P0, Player.P0, Player.P0, Player.P0]
    assert result.tricks == (5, 0)
    assert result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF
    assert first_five_credited(end) is Player.P0


# -- AMB-PLATTWURF-EQUAL


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins", "table.plattwurf_gegnerischer_angriff")
def test_plattwurf_equal_tricks_is_plattwurf_not_gestellter() -> None:
    """P1 wins Schwünge 1-5 and attacks; P0 wins the 5 after: 5:5 in tricks, yet a Plattwurf-Sieg of P0, not a Gestellter."""
    state = gang("R1 R4 R5 R6 B2", "Y2 Y3 Y4 Y5 Y6", "Y1", pile="B6 B1 G1 G6 G2 G5 R2 G4 R3 G3")
    end = play(
        state,
        "R1 Y6 | Y5 R4 | Y4 R5 | Y3 R6 | Y2 B2 | A | B1 B6 | G6 G1 | G5 G2 | G4 R2 | G3 R3",
    )
    result = end.result
    assert result.tricks == (5, 5)
    assert result.angriff is not None
    assert (result.angriff.player, result.angriff.after_schwung) == (Player.P1, 5)
    assert (result.plattwurf, result.winner) == (Player.P0, Player.P0)
    assert result.outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF


# -- AMB-KR-CHOOSER


@pytest.mark.clause("kampfrichter.chooses")
@pytest.mark.parametrize(("codes", "kr_player"), [("R3 KR", Player.P1), ("KR R3", Player.P0)])
def test_kr_chooser_player_of_kampfrichter_decides(codes: str, kr_player: Player) -> None:
    """Whether the Kampfrichter was led or answered, its player must decide (L0 or L1); no card may be played first."""
    hands = ("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4") if kr_player is Player.P1 else ("KR G1 G2 G3 G4", "R3 B1 B2 B3 B4")
    state = play(gang(*hands, "Y1"), codes)
    assert (state.phase, state.to_move) == (Phase.CHOOSE_LEADER, kr_player)
    assert legal_codes(state) == {"L0", "L1"}
    with pytest.raises(IllegalActionError) as err:
        state.apply("G1")
    assert err.value.clause_id == "kampfrichter.chooses"
    for chosen in Player:
        after = state.apply(ChooseLeader(chosen))
        assert (after.phase, after.to_move) == (Phase.LEAD, chosen)


@pytest.mark.clause("kampfrichter.chooses")
def test_kr_chooser_decision_is_an_action_even_when_it_changes_nothing() -> None:
    """With the pile locked and one card each left after the Kampfrichter, both choices give P0 the trick, yet the decision is still an action."""
    state = play(gang("KR Y3 Y4 Y5 Y6", "R1 R2 R3 R4 R5", "Y1"), "A Y6 R1 | Y5 R2 | Y4 R3 | KR R4")
    assert last_record(state).winner is None
    assert state.phase is Phase.CHOOSE_LEADER
    assert legal_codes(state) == {"L0", "L1"}
    assert play(state, "L0 Y3 R5").result == play(state, "L1 R5 Y3").result


# -- AMB-LAST-SCHWUNG


@pytest.mark.clause("kampfrichter.last_schwung", "gang.end_angriff")
def test_last_schwung_after_angriff_is_k_plus_5() -> None:
    """After an Angriff before Schwung 1 the 5th Schwung is the last: a Kampfrichter there has no effect, the opponent wins."""
    state = play(gang("KR Y3 Y4 Y5 Y6", "R1 R2 R3 R4 R5", "Y1"), "A Y6 R1 | Y5 R2 | Y4 R3 | Y3 R4")
    assert state.is_last_schwung()
    end = play(state, "KR R5")
    rec = last_record(end)
    assert (rec.number, rec.winner, rec.clause_id) == (5, Player.P1, "kampfrichter.last_schwung")
    assert end.is_over


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.last_schwung")
def test_last_schwung_kampfrichter_before_the_last_neutralises() -> None:
    """The 4th Schwung after an Angriff before Schwung 1 is not the last: the Kampfrichter neutralises it."""
    state = play(gang("KR Y3 Y4 Y5 Y6", "R1 R2 R3 R4 R5", "Y1"), "A Y6 R1 | Y5 R2 | Y4 R3")
    assert not state.is_last_schwung()
    rec = last_record(play(state, "KR R4"))
    assert (rec.number, rec.winner, rec.clause_id) == (4, None, "kampfrichter.neutralises")


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick", "gang.end_no_angriff")
@pytest.mark.parametrize(("konter_held", "clause"), [(True, "konter.last_trick"), (False, "kampfrichter.last_schwung")])
def test_last_schwung_eleventh_without_angriff(konter_held: bool, clause: str) -> None:
    """Without an Angriff the 11th Schwung is the last: the Kampfrichter loses it, to the Konter (konter.last_trick) or any card."""
    p1 = "BK G1 G2 G3 G4" if konter_held else "Y2 G1 G2 G3 G4"
    state = drive(gang("KR R1 R2 R3 R4", p1, "Y1", face_down="" if konter_held else "BK"), 11)
    assert state.is_last_schwung()
    [kr] = state.hand(Player.P0)
    [other] = state.hand(Player.P1)
    assert kr is Card.KR
    assert (other is Card.BK) is konter_held
    end = play(state, f"{kr} {other}" if state.to_move is Player.P0 else f"{other} {kr}")
    rec = last_record(end)
    assert (rec.number, rec.winner, rec.clause_id) == (11, Player.P1, clause)
    assert end.is_over


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.collect", "gang.end_no_angriff")
def test_last_schwung_tenth_is_not_last() -> None:
    """Without an Angriff the 10th Schwung is not the last: the Kampfrichter neutralises it and the 11th collects it."""
    state = drive(gang("KR R1 R2 R3 R4", "BK G1 G2 G3 G4", "Y1"), 10)
    assert not state.is_last_schwung()
    leader = state.to_move
    [plain] = [c for c in state.hand(leader) if not c.is_special]
    lead = "KR" if leader is Player.P0 else plain.code
    state = state.apply(lead)
    answer = "KR" if leader is Player.P1 else next(c for c in state.hand(leader.other) if not c.is_special).code
    state = state.apply(answer)
    assert last_record(state).winner is None
    end = drive(state, 99)
    assert last_record(end).number == 11
    assert last_record(end).tricks == 2


# -- AMB-DRAW-BEFORE-CHOICE


@pytest.mark.clause("schwung.answer_draw", "kampfrichter.chooses")
def test_draw_before_choice_chooser_holds_the_drawn_card() -> None:
    """P1 answers R3 with the Kampfrichter and decides with its drawn card (the pile's second card, Y2) already in hand."""
    state = play(gang("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4", "Y1", pile="G5 Y2"), "R3 KR")
    assert (state.phase, state.to_move) == (Phase.CHOOSE_LEADER, Player.P1)
    assert Card.Y2 in state.hand(Player.P1)
    assert Card.Y2 in state.view(Player.P1).hand
    assert state.pile_size == 10


# -- AMB-ANGRIFF-AFTER-KR


@pytest.mark.clause("angriff.who", "kampfrichter.chooses", "kampfrichter.collect")
@pytest.mark.parametrize("chosen", [Player.P0, Player.P1])
def test_angriff_after_kr_chosen_leader_may_attack(chosen: Player) -> None:
    """The leader chosen by the Kampfrichter may start the Angriff while the trick is pending; the next winner collects it."""
    state = play(gang("R3 G1 G2 G3 G4", "KR B1 B2 B3 B4", "Y1"), f"R3 KR L{int(chosen)}")
    assert state.pending is not None
    assert StartAngriff() in state.legal_actions()
    state = state.apply("A")
    assert state.angriff is not None
    assert (state.angriff.player, state.angriff.after_schwung) == (chosen, 1)
    state = state.apply(plain_policy(state))
    state = state.apply(plain_policy(state))
    rec = last_record(state)
    assert rec.after_angriff
    assert rec.tricks == 2


# -- AMB-STARTER


@pytest.mark.clause("gang.turn", "schwung.lead", "angriff.who")
@pytest.mark.parametrize("starter", [Player.P0, Player.P1])
def test_starter_leads_first_schwung(starter: Player) -> None:
    """The Gang's starter is the first to move: the Angriff or any card of its hand; the other player's card is refused."""
    hands = ("R3 G1 G2 G3 G4", "R5 B1 B2 B3 B4")
    state = gang(*hands, "Y1", starter=starter)
    assert (state.phase, state.to_move) == (Phase.LEAD, starter)
    own = hands[starter].split()
    assert legal_codes(state) == {"A", *own}
    with pytest.raises(IllegalActionError) as err:
        state.apply(hands[starter.other].split()[0])
    assert err.value.clause_id == "schwung.lead"


# -- AMB-SEEN-CARDS


@pytest.mark.clause("deal.hand_private", "trick.winner_takes")
def test_seen_cards_view_shows_every_card_played() -> None:
    """After three Schwünge each player's view holds the six cards played with their winners, the revealed card and the pile size, and not the opponent's hand."""
    state = play(gang("R3 G1 G2 G3 G4", "R5 B1 B2 B3 B4", "Y1"), "R3 R5 | B4 G4 | B3 G3")
    for player in Player:
        view = state.view(player)
        assert view.played_cards == tuple(Card.parse(c) for c in ["R3", "R5", "B4", "G4", "B3", "G3"])
        assert [r.winner for r in view.history] == [Player.P1, Player.P1, Player.P1]
        assert (view.revealed, view.pile_size, view.tricks) == (Card.Y1, 6, (0, 3))
        assert not set(view.hand) & set(state.hand(player.other))


# -- AMB-LANG-KAMPFWERT, AMB-TERMS-FORWARD


@pytest.mark.clause("konter.beats_six", "cards.schwungkarten")
def test_kampfwert_every_six_is_a_brienzer_schwung() -> None:
    """The Brienzer-Schwünge (Kampfwert 6) are exactly the four cards of value 6, one per colour."""
    sixes = {c for c in ALL_CARDS if c.is_brienzer_schwung}
    assert sixes == {Card.of(colour, 6) for colour in Colour}
    assert all(c.rank == 6 for c in sixes)
