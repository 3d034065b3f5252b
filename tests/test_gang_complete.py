"""Complete hand-built Gänge: an explicit deal, every action, and the exact result, one for each Outcome and each special ending."""

from __future__ import annotations

import attrs
import pytest
from builders import play_codes

from schwinget_spec import (
    Angriff,
    Card,
    Deal,
    GangResult,
    GangState,
    Outcome,
    Phase,
    Player,
    Rules,
    start_gang,
)

P0, P1 = Player.P0, Player.P1


@attrs.frozen
class Gang:
    """A hand-built Gang: its deal, starter, actions, exact result and the clause that decided each Schwung."""

    name: str
    deal: Deal
    starter: Player
    actions: str
    result: GangResult
    clauses: tuple[str, ...]

    def play(self) -> GangState:
        """The final state after all actions."""
        return play_codes(start_gang(self.deal, self.starter), self.actions)


def deal(p0: str, p1: str, revealed: str, face_down: str, pile: str) -> Deal:
    """A fully explicit deal from codes."""
    return Deal.from_codes(hands=(p0, p1), revealed=revealed, face_down=face_down, pile=pile)


HIGHER, VOID, TRUMP = "schwung.higher_wins", "schwung.void_loses", "trump.beats"

# Trump blue. P0 wins the first six Schwünge, the pile is used up after the sixth; P1 then trumps once.
SIEG_OHNE = Gang(
    name="sieg_ohne_angriff",
    deal=deal("R6 R5 R4 G6 G5", "R1 R2 G1 G2 Y1", "B1", "KR BK B2", "B6 Y2 B5 Y3 R3 Y4 G4 Y5 G3 Y6 B4 B3"),
    starter=P0,
    actions="R6 R1 R5 R2 R4 Y1 G6 G1 G5 G2 R3 Y6 G4 B3 Y5 B4 G3 Y4 B6 Y3 B5 Y2",
    result=GangResult(
        tricks=(10, 1), schwuenge=11, angriff=None, plattwurf=None, winner=P0, outcome=Outcome.SIEG_OHNE_ANGRIFF
    ),
    clauses=(HIGHER, HIGHER, VOID, HIGHER, HIGHER, VOID, TRUMP, TRUMP, VOID, TRUMP, TRUMP),
)

# The same play, but P1 drew the Kampfrichter first and keeps it for the very last Schwung.
KAMPFRICHTER_LAST = Gang(
    name="kampfrichter_last_schwung",
    deal=deal("R6 R5 R4 G6 G5", "R1 R2 G1 G2 Y1", "B1", "Y2 BK B2", "B6 KR B5 Y3 R3 Y4 G4 Y5 G3 Y6 B4 B3"),
    starter=P0,
    actions="R6 R1 R5 R2 R4 Y1 G6 G1 G5 G2 R3 Y6 G4 B3 Y5 B4 G3 Y4 B6 Y3 B5 KR",
    result=SIEG_OHNE.result,
    clauses=(*SIEG_OHNE.clauses[:-1], "kampfrichter.last_schwung"),
)

# Again, and P0 drew the Brienzer-Konter: led against the Kampfrichter on the very last trick, it wins.
KONTER_LAST = Gang(
    name="konter_last_trick",
    deal=deal("R6 R5 R4 G6 G5", "R1 R2 G1 G2 Y1", "B1", "Y2 B5 B2", "B6 KR BK Y3 R3 Y4 G4 Y5 G3 Y6 B4 B3"),
    starter=P0,
    actions="R6 R1 R5 R2 R4 Y1 G6 G1 G5 G2 R3 Y6 G4 B3 Y5 B4 G3 Y4 B6 Y3 BK KR",
    result=SIEG_OHNE.result,
    clauses=(*SIEG_OHNE.clauses[:-1], "konter.last_trick"),
)

# Trump blue. P0 attacks before the first Schwung and wins all five: Plattwurf after its own Angriff.
PLATTWURF_EIGEN = Gang(
    name="plattwurf_nach_eigenem_angriff",
    deal=deal("R6 R5 R4 R3 G6", "R1 R2 G1 G2 Y1", "B1", "KR BK B2", "B3 B4 B5 B6 Y2 Y3 Y4 Y5 Y6 G5 G3 G4"),
    starter=P0,
    actions="A R6 R1 R5 R2 R4 G1 R3 G2 G6 Y1",
    result=GangResult(
        tricks=(5, 0),
        schwuenge=5,
        angriff=Angriff(P0, 0),
        plattwurf=P0,
        winner=P0,
        outcome=Outcome.PLATTWURF_EIGENER_ANGRIFF,
    ),
    clauses=(HIGHER, HIGHER, VOID, VOID, VOID),
)

# Trump yellow. P0 wins the first five Schwünge while P1 draws the trumps; P0 attacks before the sixth
# and P1 wins all five after it: Plattwurf after the opponent's Angriff with equal totals 5:5.
PLATTWURF_GEGNER_5_5 = Gang(
    name="plattwurf_nach_gegnerischem_angriff_5_5",
    deal=deal("R6 R5 R4 R3 R2", "G1 G2 G3 G4 G5", "Y1", "B6 KR BK", "B1 Y2 B2 Y3 B3 Y4 B4 Y5 B5 Y6 R1 G6"),
    starter=P0,
    actions="R6 G1 R5 G2 R4 G3 R3 G4 R2 G5 A B5 Y2 Y6 B4 Y5 B3 Y4 B2 Y3 B1",
    result=GangResult(
        tricks=(5, 5),
        schwuenge=10,
        angriff=Angriff(P0, 5),
        plattwurf=P1,
        winner=P1,
        outcome=Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF,
    ),
    clauses=(VOID,) * 5 + (TRUMP,) * 5,
)

# Trump green. P1 starts and attacks at once, leading the trump 6; P0's Brienzer-Konter beats it.
KONTER_TRUMP_SIX = Gang(
    name="sieg_mit_angriff_konter_gegen_trumpf_sechs",
    deal=deal("BK R4 R5 B1 B2", "G6 G5 R1 R2 R3", "G1", "KR Y6 B6", "R6 G2 G3 G4 B3 B4 B5 Y1 Y2 Y3 Y4 Y5"),
    starter=P1,
    actions="A G6 BK R5 G5 R3 R4 B1 R1 B2 R2",
    result=GangResult(
        tricks=(4, 1),
        schwuenge=5,
        angriff=Angriff(P1, 0),
        plattwurf=None,
        winner=P0,
        outcome=Outcome.SIEG_MIT_ANGRIFF,
    ),
    clauses=("konter.beats_six", TRUMP, HIGHER, VOID, VOID),
)

# Trump blue. P0 attacks after one Schwung; three tricks each: a Gestellter.
GESTELLTER = Gang(
    name="gestellter",
    deal=deal("R6 R5 G1 G2 G3", "R1 R2 Y2 Y3 Y4", "B1", "KR BK B6", "B2 B3 B4 B5 R3 R4 G4 G5 G6 Y1 Y5 Y6"),
    starter=P0,
    actions="R6 R1 A R5 R2 G1 B3 Y4 G2 Y3 G3 Y2 B2",
    result=GangResult(
        tricks=(3, 3), schwuenge=6, angriff=Angriff(P0, 1), plattwurf=None, winner=None, outcome=Outcome.GESTELLTER
    ),
    clauses=(HIGHER, HIGHER, TRUMP, VOID, VOID, TRUMP),
)

# Trump yellow. P1's Kampfrichter neutralises the first Schwung; P1 chooses to lead and attacks with the
# trick still in the middle. P0 wins the next Schwung, collecting both tricks, and every one after it.
KAMPFRICHTER_ACROSS_ANGRIFF = Gang(
    name="kampfrichter_pending_across_angriff",
    deal=deal("R6 R5 R4 R3 R2", "KR G1 G2 G3 G4", "Y1", "B1 B2 BK", "Y6 G5 R1 G6 B3 B4 B5 B6 Y2 Y3 Y4 Y5"),
    starter=P0,
    actions="R6 KR L1 A G5 Y6 R5 G1 R4 G2 R3 G3 R2 G4",
    result=GangResult(
        tricks=(6, 0),
        schwuenge=6,
        angriff=Angriff(P1, 1),
        plattwurf=P0,
        winner=P0,
        outcome=Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF,
    ),
    clauses=("kampfrichter.neutralises", TRUMP, VOID, VOID, VOID, VOID),
)

GAENGE = (
    SIEG_OHNE,
    KAMPFRICHTER_LAST,
    KONTER_LAST,
    PLATTWURF_EIGEN,
    PLATTWURF_GEGNER_5_5,
    KONTER_TRUMP_SIX,
    GESTELLTER,
    KAMPFRICHTER_ACROSS_ANGRIFF,
)


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff", "gang.more_tricks_wins", "plattwurf.definition")
@pytest.mark.parametrize("gang", GAENGE, ids=lambda g: g.name)
def test_complete_gang_gives_the_exact_result(gang: Gang) -> None:
    """Playing every action of the hand-built Gang ends it with exactly the expected result."""
    state = gang.play()
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.result == gang.result
    assert state.hand(P0) == state.hand(P1) == ()


@pytest.mark.clause("trick.winner_takes", "kampfrichter.collect")
@pytest.mark.parametrize("gang", GAENGE, ids=lambda g: g.name)
def test_each_schwung_is_decided_by_the_expected_clause(gang: Gang) -> None:
    """Each Schwung of the hand-built Gang is decided by the expected clause, and the credited tricks add up."""
    state = gang.play()
    assert tuple(r.clause_id for r in state.history) == gang.clauses
    assert sum(r.tricks for r in state.history) == sum(gang.result.tricks)


@pytest.mark.clause("gang.turn")
@pytest.mark.parametrize("gang", GAENGE, ids=lambda g: g.name)
def test_every_action_was_legal_where_it_was_played(gang: Gang) -> None:
    """Each action of the hand-built Gang is among the legal actions of the state it is applied to."""
    state = start_gang(gang.deal, gang.starter)
    for code in gang.actions.split():
        assert code in [a.code for a in state.legal_actions()], f"{code} at step {state.step}"
        state = state.apply(code)
    assert state.step == len(gang.actions.split())


def test_every_outcome_is_covered() -> None:
    """The hand-built Gänge together reach every Outcome."""
    assert {g.result.outcome for g in GAENGE} == set(Outcome)


@pytest.mark.clause("gang.end_no_angriff", "angriff.not_empty_pile")
def test_sieg_ohne_angriff_no_angriff_after_the_sixth_schwung() -> None:
    """In the Gang without Angriff, the Angriff is possible before the 6th Schwung and not after it, the pile being used up."""
    state = start_gang(SIEG_OHNE.deal, P0)
    actions = SIEG_OHNE.actions.split()
    state = play_codes(state, actions[:10])
    assert state.pile_size == 2
    assert state.can_attack()
    state = play_codes(state, actions[10:12])
    assert state.pile_size == 0
    assert not state.can_attack()
    for code in actions[12:]:
        assert not state.can_attack()
        state = state.apply(code)
    assert state.is_over


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick")
@pytest.mark.parametrize("gang", [KAMPFRICHTER_LAST, KONTER_LAST], ids=lambda g: g.name)
def test_last_schwung_is_announced(gang: Gang) -> None:
    """Before the 11th Schwung the state says it is the last one, and not before the 10th."""
    actions = gang.actions.split()
    state = play_codes(start_gang(gang.deal, P0), actions[:18])
    assert not state.is_last_schwung()
    state = play_codes(state, actions[18:20])
    assert state.is_last_schwung()


@pytest.mark.clause("angriff.who", "plattwurf.definition")
def test_angriff_at_the_first_schwung_leaves_the_pile_untouched() -> None:
    """An Angriff before the first Schwung locks the whole pile: the Gang is played with the dealt hands only."""
    state = PLATTWURF_EIGEN.play()
    assert state.pile_size == 12
    played = {c for r in state.history for c in r.cards}
    assert played == set(PLATTWURF_EIGEN.deal.hands[0]) | set(PLATTWURF_EIGEN.deal.hands[1])


@pytest.mark.clause("angriff.play_out", "plattwurf.definition", "gang.more_tricks_wins")
def test_plattwurf_beats_equal_totals() -> None:
    """With 5:5 tricks the defender who won all 5 Schwünge after the Angriff wins by Plattwurf, not a Gestellter."""
    state = PLATTWURF_GEGNER_5_5.play()
    assert state.tricks == (5, 5)
    assert state.pile_size == 2
    assert [r.winner for r in state.history] == [P0] * 5 + [P1] * 5
    assert state.result.is_plattwurf
    assert not state.result.is_gestellter
    assert state.result.loser is P0


@pytest.mark.clause("kampfrichter.collect", "kampfrichter.chooses", "angriff.who")
def test_kampfrichter_trick_pending_across_the_angriff() -> None:
    """The trick neutralised before the Angriff stays pending through it and goes with the first Schwung after it."""
    actions = KAMPFRICHTER_ACROSS_ANGRIFF.actions.split()
    state = play_codes(start_gang(KAMPFRICHTER_ACROSS_ANGRIFF.deal, P0), actions[:4])
    assert state.angriff == Angriff(P1, 1)
    assert state.pending is not None
    assert state.pending.cards == (Card.R6, Card.KR)
    assert state.tricks == (0, 0)
    state = play_codes(state, actions[4:6])
    assert state.pending is None
    assert state.tricks == (2, 0)
    assert state.history[-1].tricks == 2
    assert state.history[-1].after_angriff


@pytest.mark.clause("konter.beats_six", "trump.beats")
def test_trump_six_beats_the_konter_under_the_switch() -> None:
    """With konter_beats_trump_six off, the same first Schwung goes to the trump 6 instead of the Konter."""
    state = start_gang(KONTER_TRUMP_SIX.deal, P1, Rules(konter_beats_trump_six=False))
    state = play_codes(state, "A G6 BK")
    assert state.history[-1].winner is P1
    assert state.history[-1].clause_id == "trump.beats"


@pytest.mark.parametrize("gang", [SIEG_OHNE, KAMPFRICHTER_ACROSS_ANGRIFF], ids=lambda g: g.name)
def test_no_state_of_a_gang_changes_after_it_was_left(gang: Gang) -> None:
    """Every state of a whole Gang is still equal to its copy, with the same hash, after all later actions were applied."""
    state = start_gang(gang.deal, gang.starter)
    seen = [(state, attrs.evolve(state), hash(state))]
    for code in gang.actions.split():
        state = state.apply(code)
        seen.append((state, attrs.evolve(state), hash(state)))
    for old, copy, before in seen:
        assert old == copy
        assert hash(old) == before
    assert len({s for s, _, _ in seen}) == len(seen)
