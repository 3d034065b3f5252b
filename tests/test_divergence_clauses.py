"""The clause of the cause: in-process mutants of the reference, each with one bug, are named by the clause their bug breaks, not only where it showed."""

from __future__ import annotations

import pytest

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card
from schwinget_spec.conformance.harness.divergence_clauses import fest_starter_clause, points_clause
from schwinget_spec.conformance.harness.run import (
    DivergenceKind,
    GameSpec,
    HarnessReport,
    check_adapter,
    format_report,
    run_harness,
)
from schwinget_spec.conformance.mutants.kill import mutant_command, mutant_loopback, run_mutant
from schwinget_spec.conformance.mutants.registry import get_mutant
from schwinget_spec.conformance.protocol.adapter import ResultReport
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem, compute_gang_score
from schwinget_spec.testing import ReferenceAdapter

SEEDS = range(5)


def _clause(report: HarnessReport) -> str | None:
    d = report.divergence
    assert d is not None, format_report(report)
    return d.clause_id


# -- the deal


class _RevealedMisread(ReferenceAdapter):
    """Takes the first face-down card for the revealed one: another trump, or a trump where there is none."""

    def start(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        misread = Deal(hands=deal.hands, revealed=deal.face_down[0], face_down=(deal.revealed, *deal.face_down[1:]), pile=deal.pile)
        return super().start(misread, starter, rules)


class _PileFromTheEnd(ReferenceAdapter):
    """Draws the pile from its last card."""

    def start(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        reversed_pile = Deal(hands=deal.hands, revealed=deal.revealed, face_down=deal.face_down, pile=deal.pile[::-1])
        return super().start(reversed_pile, starter, rules)


class _AnyAnswer(ReferenceAdapter):
    """Forgets the Farbzwang: offers every card in hand as an answer."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        if state.led is not None:
            return tuple(c.code for c in state.hand(state.to_move))
        return super().legal_actions(state)


class _NoTrumpInsteadOfFollowing(ReferenceAdapter):
    """Forgets that a trump may always answer: a player holding the led colour must follow it."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        led = state.led
        if led is None or led.colour is None or state.trump is None:
            return legal
        hand = state.hand(state.to_move)
        if not any(c.colour is led.colour for c in hand):
            return legal
        return tuple(c for c in legal if Card.parse(c).colour is not state.trump or led.colour is state.trump)


@pytest.mark.clause("trump.anytime")
@pytest.mark.parametrize("seed", SEEDS)
def test_a_forgotten_trump_anytime_is_not_blamed_on_the_deal(seed: int) -> None:
    """An engine that offers the answers of a Gang without trump, but takes Schwünge with trump rightly, is named trump.anytime, not deal.trump."""
    report = check_adapter(_NoTrumpInsteadOfFollowing(), games=30, seed=seed, vectors=False, steer=0, shrink=False)
    assert _clause(report) == "trump.anytime"


@pytest.mark.clause("deal.trump")
@pytest.mark.parametrize("seed", SEEDS)
def test_misread_trump_names_deal_trump(seed: int) -> None:
    """An engine that takes another card for the revealed one is named deal.trump, not the Farbzwang where it showed."""
    report = check_adapter(_RevealedMisread(), games=30, seed=seed, vectors=False, steer=0, shrink=False)
    assert _clause(report) == "deal.trump"


@pytest.mark.clause("deal.no_trump")
def test_trump_where_the_revealed_card_is_special_names_deal_no_trump() -> None:
    """On a deal whose revealed card is the Kampfrichter, an engine that plays a trump colour is named deal.no_trump."""
    seeds = [s for s in range(200) if Deal.shuffled(s).revealed.is_special and Deal.shuffled(s).face_down[0].colour is not None]
    found = [
        check_adapter(_RevealedMisread(), games=0, vectors=False, steer=0, shrink=False, scripted=[
            GameSpec(source=f"seed {s}", deal=Deal.shuffled(s), starter=Player.P0, rules=Rules(),
                     actions=_first_legal_game(Deal.shuffled(s)), deal_seed=s)
        ])
        for s in seeds
    ]
    clauses = [r.divergence.clause_id for r in found if r.divergence is not None]
    assert len(clauses) >= 3
    assert set(clauses) == {"deal.no_trump"}


def _first_legal_game(deal: Deal) -> tuple[str, ...]:
    state = gang_module.start_gang(deal, Player.P0)
    codes = []
    while not state.is_over:
        legal = [a.code for a in state.legal_actions() if a.code != "A"]
        codes.append(legal[-1])
        state = state.apply(legal[-1])
    return tuple(codes)


@pytest.mark.clause("deal.pile")
def test_pile_drawn_from_the_end_names_deal_pile() -> None:
    """An engine that draws the last card of the pile first is named deal.pile, not the draw where it showed."""
    report = check_adapter(_PileFromTheEnd(), games=5, seed=0, vectors=False, steer=0, shrink=False)
    assert _clause(report) == "deal.pile"


@pytest.mark.clause("schwung.farbzwang")
@pytest.mark.parametrize("seed", SEEDS)
def test_a_real_farbzwang_bug_is_not_blamed_on_the_deal(seed: int) -> None:
    """An engine that forgets the Farbzwang is named by the Farbzwang's clauses, never by the deal's."""
    report = check_adapter(_AnyAnswer(), games=30, seed=seed, vectors=False, steer=0, shrink=False)
    assert report.divergence is not None
    assert report.divergence.kind is DivergenceKind.WRONG_LEGAL_ACTIONS
    assert _clause(report) not in ("deal.trump", "deal.no_trump")


# -- the result


def _mutant_run(mutant_id: str, seed: int) -> HarnessReport:
    """A run of the kit's mutant ``mutant_id`` in process, without the vectors, random Gänge or shrinking: steered play only."""
    return run_harness(mutant_command(mutant_id), games=0, seed=seed, vectors=False, shrink=False,
                       client_factory=mutant_loopback(mutant_id))


class _ResultMutant(ReferenceAdapter):
    """The reference with one result field rewritten by ``change``."""

    def change(self, state: GangState, report: ResultReport) -> ResultReport:
        return report

    def result(self, state: GangState) -> ResultReport | None:
        report = super().result(state)
        return None if report is None else self.change(state, report)


class _NoDefenderPlattwurf(_ResultMutant):
    """Knows only the Plattwurf after one's own Angriff."""

    def change(self, state: GangState, report: ResultReport) -> ResultReport:
        if report.outcome != "plattwurf_gegnerischer_angriff":
            return report
        more = 0 if report.tricks[0] > report.tricks[1] else 1 if report.tricks[1] > report.tricks[0] else None
        return ResultReport(report.tricks, more, None, "gestellter" if more is None else "sieg_mit_angriff")


class _AngriffForgottenInTheRow(_ResultMutant):
    """Reports a win with an Angriff as one without."""

    def change(self, state: GangState, report: ResultReport) -> ResultReport:
        if report.outcome == "sieg_mit_angriff":
            return ResultReport(report.tricks, report.winner, None, "sieg_ohne_angriff")
        return report


class _EqualTricksGoToP0(_ResultMutant):
    """Gives a Gestellter to P0."""

    def change(self, state: GangState, report: ResultReport) -> ResultReport:
        if report.outcome == "gestellter":
            return ResultReport(report.tricks, 0, None, "sieg_mit_angriff")
        return report


@pytest.mark.clause("konter.last_trick")
@pytest.mark.parametrize("seed", SEEDS)
def test_konter_losing_on_the_last_schwung_is_caught_without_vectors(seed: int) -> None:
    """The issue's first rare bug (the kit's mutant kampfrichter-beats-konter-on-last): steered play catches it for every seed, without the vectors and with no random Gang."""
    report = _mutant_run("kampfrichter-beats-konter-on-last", seed)
    assert _clause(report) == "konter.last_trick"


@pytest.mark.clause("plattwurf.after_angriff")
@pytest.mark.parametrize("seed", SEEDS)
def test_plattwurf_counting_a_schwung_neutralised_before_the_angriff_names_after_angriff(seed: int) -> None:
    """The issue's second rare bug (the kit's mutant plattwurf-counts-collected): steered play catches it for every seed and names plattwurf.after_angriff."""
    report = _mutant_run("plattwurf-counts-collected", seed)
    assert _clause(report) == "plattwurf.after_angriff"


@pytest.mark.clause("plattwurf.definition")
def test_a_missed_plattwurf_names_plattwurf_definition() -> None:
    """An engine that misses the defender's Plattwurf is named plattwurf.definition."""
    report = check_adapter(_NoDefenderPlattwurf(), games=0, seed=0, vectors=False, shrink=False)
    assert _clause(report) == "plattwurf.definition"


@pytest.mark.clause("table.sieg_mit_angriff")
def test_a_wrong_outcome_names_its_table_row() -> None:
    """An engine that reports a win with an Angriff as one without is named by the row of the table it should have given."""
    report = check_adapter(_AngriffForgottenInTheRow(), games=0, seed=0, vectors=False, shrink=False)
    assert _clause(report) == "table.sieg_mit_angriff"


@pytest.mark.clause("gang.more_tricks_wins")
def test_a_gestellter_given_to_a_player_names_more_tricks_wins() -> None:
    """An engine that gives equal tricks to P0 is named gang.more_tricks_wins."""
    report = check_adapter(_EqualTricksGoToP0(), games=0, seed=0, vectors=False, shrink=False)
    assert _clause(report) == "gang.more_tricks_wins"


class _LeaderDrawsTwo(ReferenceAdapter):
    """After the first lead, the leader holds the second pile card too (it drew two)."""

    def hand(self, state: GangState, player: int) -> tuple[str, ...]:
        cards = super().hand(state, player)
        if state.led is not None and not state.history and player == int(state.to_move.other):
            return (*cards, state.deal.pile[1].code)
        return cards


@pytest.mark.clause("schwung.lead_draw")
def test_drawing_one_card_too_many_is_not_blamed_on_the_pile() -> None:
    """A leader holding one pile card too many after the lead is named by the draw's clause, not deal.pile."""
    report = check_adapter(_LeaderDrawsTwo(), games=3, seed=0, vectors=False, steer=0, shrink=False)
    assert report.divergence is not None
    assert report.divergence.field == "hands"
    assert _clause(report) == "schwung.lead_draw"


# -- the levels beyond the Gang


def _finished(loser_tricks: range) -> GangResult:
    """The result of the first randomly played Gang (by seed) that has a loser whose tricks lie in ``loser_tricks``."""
    for seed in range(200):
        result = play_out(gang_module.start_gang(Deal.shuffled(seed), Player.P0), random_chooser(seed)).result
        if result.loser is not None and result.tricks[result.loser] in loser_tricks:
            return result
    raise AssertionError("no such Gang in 200 seeds")


@pytest.mark.clause("table.columns", "scoring.punktewertung_winner", "scoring.schwingerwertung_both", "table.gut_gekaempft")
def test_wrong_points_name_the_clause_that_decided_them() -> None:
    """Points exchanged between winner and loser name table.columns; a Punktewertung loser with fewer than 3 tricks given a point names scoring.punktewertung_winner, one with 3 or more table.gut_gekaempft; a Schwingerwertung loser given nothing names scoring.schwingerwertung_both."""
    rules = Rules()
    for result in (_finished(range(3)), _finished(range(3, 6))):
        loser = result.loser
        assert loser is not None
        sw = ScoringSystem.SCHWINGERWERTUNG
        expected = compute_gang_score(result, sw, rules).points
        assert points_clause(result, sw, rules, expected, expected[::-1]) == "table.columns"
        nothing = list(expected)
        nothing[loser] = Points(sw, 0)
        assert points_clause(result, sw, rules, expected, nothing) == "scoring.schwingerwertung_both"
        pw = ScoringSystem.PUNKTEWERTUNG
        expected = compute_gang_score(result, pw, rules).points
        changed = list(expected)
        changed[loser] = Points(pw, 200 if expected[loser].hundredths else 100)
        wanted = "table.gut_gekaempft" if result.tricks[loser] >= 3 else "scoring.punktewertung_winner"
        assert points_clause(result, pw, rules, expected, changed) == wanted
        winner = list(expected)
        winner[loser.other] = Points(pw, expected[loser.other].hundredths + 100)
        assert points_clause(result, pw, rules, expected, winner) == compute_gang_score(result, pw, rules).row.clause_id


@pytest.mark.clause("match.first_starter", "match.loser_starts", "fest.twice_each")
def test_a_fest_starter_is_named_by_the_rule_of_the_reading_in_force() -> None:
    """A meeting's starter names match.first_starter for the first meeting and under "younger", match.loser_starts for the second under "loser_of_first_meeting", fest.twice_each for the second under "alternate"."""
    named = {(mode, leg): fest_starter_clause(mode, leg) for mode in ("alternate", "younger", "loser_of_first_meeting") for leg in (1, 2)}
    assert named == {
        ("alternate", 1): "match.first_starter", ("alternate", 2): "fest.twice_each",
        ("younger", 1): "match.first_starter", ("younger", 2): "match.first_starter",
        ("loser_of_first_meeting", 1): "match.first_starter", ("loser_of_first_meeting", 2): "match.loser_starts",
    }


@pytest.mark.clause("match.draw_starter")
def test_a_fest_starter_after_a_drawn_first_meeting_is_named_by_the_draw_rule() -> None:
    """Under "loser_of_first_meeting" the second meeting after a drawn first names match.draw_starter; under the other readings a drawn first changes nothing."""
    drawn = {mode: fest_starter_clause(mode, 2, True) for mode in ("alternate", "younger", "loser_of_first_meeting")}
    assert drawn == {"alternate": "fest.twice_each", "younger": "match.first_starter", "loser_of_first_meeting": "match.draw_starter"}
    assert fest_starter_clause("loser_of_first_meeting", 1, True) == "match.first_starter"


@pytest.mark.clause("fest.twice_each")
def test_the_younger_starting_both_meetings_under_alternate_is_named_fest_twice_each() -> None:
    """The mutant whose younger starts both meetings of a pair only under fest_starter "alternate" is caught by a default run and named fest.twice_each, the clause that reading decides the second starter by (its twin under the default reading is named match.loser_starts)."""
    kill, _ = run_mutant(get_mutant("fest-alternate-younger-starts-both"), in_process=True)
    assert (kill.catch, kill.named, kill.level) == ("exact", "fest.twice_each", "schwingfest")
