"""The single-bug engines: subclasses of the reference engine behind the protocol, each overriding one rule decision with a realistic mistake."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card, Colour
from schwinget_spec.conformance.reference_server import EngineFest, EngineMatch, PlayedGang, ReferenceEngine
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import Angriff, GangResult, GangState, Phase
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem, TableRow
from schwinget_spec.trick import COLOUR_MASK, SchwungOutcome, allowed_answers, resolve_schwung

__all__ = ["ENGINES"]

Resolver = Callable[..., SchwungOutcome]


@contextlib.contextmanager
def _patched(name: str, value: object) -> Iterator[None]:
    """Replace ``schwinget_spec.gang.<name>`` while the mutant applies an action (one thread, one call at a time)."""
    saved = getattr(gang_module, name)
    setattr(gang_module, name, value)
    try:
        yield
    finally:
        setattr(gang_module, name, saved)


class _ResolveMutant(ReferenceEngine):
    """An engine whose Schwung resolution (``trick.resolve_schwung``) is replaced by ``resolve``."""

    def resolve(
        self,
        leader: Player,
        led: Card,
        answer: Card,
        trump: Colour | None,
        rules: Rules,
        *,
        is_last: bool,
        answer_was_void: bool,
    ) -> SchwungOutcome:
        return resolve_schwung(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)

    def apply(self, state: GangState, action: str) -> GangState:
        with _patched("resolve_schwung", self.resolve):
            return state.apply(action)


class _AnswersMutant(ReferenceEngine):
    """An engine whose allowed answers (``trick.allowed_answers``) are replaced by ``answers``, in ``legal`` and ``apply`` alike."""

    def answers(self, hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
        return allowed_answers(hand, led, trump, rules)

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        with _patched("allowed_answers", self.answers):
            return tuple(a.code for a in state.legal_actions())

    def apply(self, state: GangState, action: str) -> GangState:
        with _patched("allowed_answers", self.answers):
            return state.apply(action)


# -- the Schwung's winner


def _value(card: Card) -> int:
    """The Kampfwert 1-6 of a coloured card."""
    assert card.rank is not None
    return int(card.rank)


class HigherSixLosesToOne(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if led.colour is not None and led.colour is answer.colour and {_value(led), _value(answer)} == {1, 6}:
            return SchwungOutcome(leader if _value(led) == 1 else leader.other, "schwung.higher_wins")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class TrumpLosesWhenColourHeld(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if (trump is not None and answer.colour is trump and led.colour is not None and led.colour is not trump
                and not answer_was_void):
            return SchwungOutcome(leader, "trump.beats")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class VoidHigherWins(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if (led.colour is not None and answer.colour is not None and answer.colour is not led.colour
                and answer.colour is not trump and led.colour is not trump and _value(answer) > _value(led)):
            return SchwungOutcome(leader.other, "schwung.void_loses")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class AnsweredKonterLosesToSix(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if answer is Card.BK and led.is_brienzer_schwung and led.colour is not trump:
            return SchwungOutcome(leader, "konter.beats_six")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KonterBeatsTrumpFive(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if trump is not None and Card.BK in (led, answer) and Card.of(trump, 5) in (led, answer):
            return SchwungOutcome(leader if led is Card.BK else leader.other, "konter.loses")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KampfrichterBeatsKonterOnLast(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if is_last and {led, answer} == {Card.KR, Card.BK}:
            return SchwungOutcome(leader if led is Card.KR else leader.other, "konter.last_trick")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KampfrichterWinsLastSchwung(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if is_last and Card.KR in (led, answer) and Card.BK not in (led, answer):
            return SchwungOutcome(leader if led is Card.KR else leader.other, "kampfrichter.last_schwung")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class LedKampfrichterWins(_ResolveMutant):
    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if led is Card.KR and not is_last and answer is not Card.BK:
            return SchwungOutcome(leader, "kampfrichter.neutralises")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


# -- the allowed answers


class NoFarbzwang(_AnswersMutant):
    def answers(self, hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
        return hand


class TrumpOnlyWhenVoid(_AnswersMutant):
    def answers(self, hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
        allowed = allowed_answers(hand, led, trump, rules)
        if trump is not None and led.colour is not None and led.colour is not trump and hand & COLOUR_MASK[led.colour]:
            allowed &= ~COLOUR_MASK[trump]
        return allowed


class VoidMustTrump(_AnswersMutant):
    def answers(self, hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
        allowed = allowed_answers(hand, led, trump, rules)
        if (trump is not None and led.colour is not None and not hand & COLOUR_MASK[led.colour]
                and hand & COLOUR_MASK[trump]):
            return allowed & COLOUR_MASK[trump]
        return allowed


# -- the deal


def _deal_with(deal: Deal, **changes: Any) -> Deal:
    return attrs.evolve(deal, **changes)


class PileFromTheBottom(ReferenceEngine):
    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        return super().start_gang(_deal_with(deal, pile=tuple(reversed(deal.pile))), starter, rules)


class TrumpFromFaceDown(ReferenceEngine):
    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        first = deal.face_down[0]
        if deal.revealed.colour is not None and first.colour is not None and first.colour is not deal.revealed.colour:
            deal = _deal_with(deal, revealed=first, face_down=(deal.revealed, *deal.face_down[1:]))
        return super().start_gang(deal, starter, rules)


class TrumpUnderSpecialRevealed(ReferenceEngine):
    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        first = deal.face_down[0]
        if deal.revealed.colour is None and first.colour is not None:
            deal = _deal_with(deal, revealed=first, face_down=(deal.revealed, *deal.face_down[1:]))
        return super().start_gang(deal, starter, rules)


# -- the flow of a Gang


class OpponentChooses(ReferenceEngine):
    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if after.phase is Phase.CHOOSE_LEADER and state.phase is not Phase.CHOOSE_LEADER:
            return attrs.evolve(after, to_move=after.to_move.other)
        if state.phase is Phase.CHOOSE_LEADER:
            # the choice, made by the wrong player, is applied as if the right one made it
            return attrs.evolve(state, to_move=state.to_move.other).apply(action)
        return after


class NoCollect(ReferenceEngine):
    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if state.pending is not None and after.pending is None and len(after.history) > len(state.history):
            record = after.history[-1]
            if record.winner is not None:
                tricks = list(after.tricks)
                tricks[record.winner] -= 1
                return attrs.evolve(after, tricks=(tricks[0], tricks[1]))
        return after


class TrumpWinnerDoesNotLead(ReferenceEngine):
    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if after.phase is Phase.LEAD and len(after.history) > len(state.history):
            record = after.history[-1]
            trump = state.trump
            won_by_answer = record.winner is not None and record.winner is not record.leader
            if won_by_answer and trump is not None and record.answer.colour is trump and record.led.colour is not trump:
                return attrs.evolve(after, to_move=after.to_move.other)
        return after


class DrawAfterAngriff(ReferenceEngine):
    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if (state.angriff is not None and state.phase is Phase.LEAD and after.phase is Phase.ANSWER
                and after.pile_drawn < PILE_SIZE):
            leader = state.to_move
            hands = list(after.hands)
            hands[leader] |= after.deal.pile[after.pile_drawn].bit
            return attrs.evolve(after, hands=(hands[0], hands[1]), pile_drawn=after.pile_drawn + 1)
        return after


class AnswererDrawsFirst(ReferenceEngine):
    def apply(self, state: GangState, action: str) -> GangState:
        if state.phase is Phase.LEAD and action != "A" and state.angriff is None and state.pile_drawn < PILE_SIZE:
            after = super().apply(state, action)
            # the leader's draw is held back until the answerer has drawn
            hands = list(after.hands)
            hands[state.to_move] &= ~after.deal.pile[state.pile_drawn].bit
            return attrs.evolve(after, hands=(hands[0], hands[1]), pile_drawn=state.pile_drawn)
        if state.phase is Phase.ANSWER and state.angriff is None and state.pile_drawn < PILE_SIZE - 1:
            held_back = state.hands[state.to_move.other].bit_count() < state.hands[state.to_move].bit_count()
            after = super().apply(state, action)
            if held_back:
                hands = list(after.hands)
                hands[state.to_move.other] |= after.deal.pile[after.pile_drawn].bit
                return attrs.evolve(after, hands=(hands[0], hands[1]), pile_drawn=after.pile_drawn + 1)
            return after
        return super().apply(state, action)


class AngriffOnEmptyPile(ReferenceEngine):
    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        if state.phase is Phase.LEAD and state.angriff is None and state.pile_drawn >= PILE_SIZE and len(state.history) < 10:
            return ("A", *legal)
        return legal

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and state.phase is Phase.LEAD and state.angriff is None and state.pile_drawn >= PILE_SIZE:
            return attrs.evolve(state, angriff=Angriff(state.to_move, len(state.history)), step=state.step + 1)
        return super().apply(state, action)


class SecondAngriff(ReferenceEngine):
    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        if state.phase is Phase.LEAD and state.angriff is not None and state.angriff.player is not state.to_move:
            return ("A", *legal)
        return legal

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and state.phase is Phase.LEAD and state.angriff is not None and state.angriff.player is not state.to_move:
            return attrs.evolve(state, step=state.step + 1)
        return super().apply(state, action)


class AnswererMayAttack(ReferenceEngine):
    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        if state.phase is Phase.ANSWER and state.angriff is None and state.pile_drawn < PILE_SIZE:
            return ("A", *legal)
        return legal

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and state.phase is Phase.ANSWER and state.angriff is None and state.pile_drawn < PILE_SIZE:
            return attrs.evolve(state, angriff=Angriff(state.to_move, len(state.history)), step=state.step + 1)
        return super().apply(state, action)


# -- the end of a Gang


def _with_outcome(claims: dict[str, Any], outcome: str, winner: Player | None, plattwurf: Player | None) -> dict[str, Any]:
    return {**claims, "outcome": outcome, "winner": None if winner is None else winner.code,
            "plattwurf": None if plattwurf is None else plattwurf.code}


def _plattwurf_outcome(state: GangState, player: Player) -> str:
    assert state.angriff is not None
    return "plattwurf_eigener_angriff" if state.angriff.player is player else "plattwurf_gegnerischer_angriff"


class PlattwurfCountsCollected(ReferenceEngine):
    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None and claims["plattwurf"] is None:
            after = [r for r in state.history if r.after_angriff]
            for player in Player:
                if sum(r.tricks for r in after if r.winner is player) >= 5:
                    return _with_outcome(claims, _plattwurf_outcome(state, player), player, player)
        return claims


class PlattwurfWithFour(ReferenceEngine):
    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None and claims["plattwurf"] is None:
            after = [r for r in state.history if r.after_angriff]
            for player in Player:
                if sum(1 for r in after if r.winner is player) == 4:
                    return _with_outcome(claims, _plattwurf_outcome(state, player), player, player)
        return claims


class DrawGoesToAttacker(ReferenceEngine):
    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if claims["outcome"] == "gestellter" and state.angriff is not None:
            return _with_outcome(claims, "sieg_mit_angriff", state.angriff.player, None)
        return claims


class AngriffCountedAsSchwung(ReferenceEngine):
    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None:
            return {**claims, "schwuenge": claims["schwuenge"] + 1}
        return claims


# -- scoring


def _pts(system: ScoringSystem, hundredths: int) -> Points:
    return Points(system, hundredths)


class _RowMutant(ReferenceEngine):
    row: TableRow
    system: ScoringSystem
    figures: tuple[int | None, int | None]

    def row_points(self, row: TableRow, system: ScoringSystem) -> tuple[Points | None, Points | None]:
        if row is self.row and system is self.system:
            win, lose = self.figures
            return (None if win is None else _pts(system, win), None if lose is None else _pts(system, lose))
        return super().row_points(row, system)


class PlattwurfOwnAngriffFive(_RowMutant):
    row, system, figures = TableRow.PLATTWURF_EIGENER_ANGRIFF, ScoringSystem.PUNKTEWERTUNG, (500, 0)


class PlattwurfOpponentsAngriffLoser850(_RowMutant):
    row, system, figures = TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF, ScoringSystem.SCHWINGERWERTUNG, (1000, 850)


class SiegMitAngriffWinner950(_RowMutant):
    row, system, figures = TableRow.SIEG_MIT_ANGRIFF, ScoringSystem.SCHWINGERWERTUNG, (950, 875)


class SiegOhneAngriffThree(_RowMutant):
    row, system, figures = TableRow.SIEG_OHNE_ANGRIFF, ScoringSystem.PUNKTEWERTUNG, (300, 0)


class GestellterNinePointTwentyFive(_RowMutant):
    row, system, figures = TableRow.GESTELLTER, ScoringSystem.SCHWINGERWERTUNG, (925, 925)


class GoodLoserNeedsFour(ReferenceEngine):
    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        loser = result.loser
        return super().is_good_loser(result, system, rules) and loser is not None and result.tricks[loser] >= 4


class GoodLoserReadingIgnored(ReferenceEngine):
    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        return super().is_good_loser(result, system, attrs.evolve(rules, good_loser_after_plattwurf=True))


class SchwingerwertungLoserScoresNothing(ReferenceEngine):
    def gang_points(self, result: GangResult, system: ScoringSystem, rules: Rules) -> tuple[Points, Points]:
        points = super().gang_points(result, system, rules)
        if system is ScoringSystem.SCHWINGERWERTUNG and result.loser is not None:
            out = list(points)
            out[result.loser] = Points.zero(system)
            return (out[0], out[1])
        return points


# -- matches


class OlderStarts(ReferenceEngine):
    def first_starter(self, match: EngineMatch) -> Player:
        return match.younger.other


class WinnerStarts(ReferenceEngine):
    def starter_after_win(self, match: EngineMatch, last: PlayedGang) -> Player:
        assert last.result.winner is not None
        return last.result.winner


class DrawMorePointsStarts(ReferenceEngine):
    def starter_after_draw(self, match: EngineMatch, last: PlayedGang) -> Player:
        t0, t1 = self.match_totals(match)
        if t0 != t1:
            return Player.P0 if t0 > t1 else Player.P1
        return self.tie_starter(match, last)


class TieReadingIgnored(ReferenceEngine):
    def tie_starter(self, match: EngineMatch, last: PlayedGang) -> Player:
        return match.younger


class EqualTotalsP0Wins(ReferenceEngine):
    def match_winner(self, match: EngineMatch, totals: tuple[Points, Points]) -> Player | None:
        winner = super().match_winner(match, totals)
        return Player.P0 if winner is None else winner


class TotalsWithoutLastGang(ReferenceEngine):
    def match_totals(self, match: EngineMatch) -> tuple[Points, Points]:
        if len(match.gaenge) < match.length:
            return super().match_totals(match)
        return super().match_totals(attrs.evolve(match, gaenge=match.gaenge[:-1]))


# -- Schwingfeste


class FestOnceEach(ReferenceEngine):
    def fest_schedule(self, players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        seen: set[tuple[int, int]] = set()
        rounds = []
        for round_ in super().fest_schedule(players, sets):
            kept = tuple(pair for pair in round_ if pair not in seen)
            seen.update(kept)
            if kept:
                rounds.append(kept)
        return tuple(rounds)


class FestStarterAlwaysYounger(ReferenceEngine):
    def fest_starter(self, fest: EngineFest, a: int, b: int) -> int:
        return a


class FestRanksNotShared(ReferenceEngine):
    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        lines = super().fest_standings(fest)
        order = sorted(lines, key=lambda line: (line[2], line[0]))
        rank = {line[0]: i + 1 for i, line in enumerate(order)}
        return tuple((s, p, rank[s]) for s, p, _ in lines)


class FestTiebreakIgnored(ReferenceEngine):
    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        return super().fest_standings(attrs.evolve(fest, rules=attrs.evolve(fest.rules, fest_tiebreak="shared")))


class KampfrichterMayNotLead(ReferenceEngine):
    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (state.phase is Phase.LEAD and a == "KR"))

    def apply(self, state: GangState, action: str) -> GangState:
        if state.phase is Phase.LEAD and action == "KR":
            raise IllegalActionError("the Kampfrichter may not be led", clause_id="schwung.lead", step=state.step, action=action)
        return super().apply(state, action)


class KonterMayNotAnswer(ReferenceEngine):
    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (state.phase is Phase.ANSWER and a == "BK"))

    def apply(self, state: GangState, action: str) -> GangState:
        if state.phase is Phase.ANSWER and action == "BK":
            raise IllegalActionError("the Konter may not answer", clause_id="schwung.answer", step=state.step, action=action)
        return super().apply(state, action)


class NoAngriffBeforeFirstSchwung(ReferenceEngine):
    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (a == "A" and not state.history))

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and not state.history and state.phase is Phase.LEAD:
            raise IllegalActionError("no Angriff before the first Schwung", clause_id="gang.turn", step=state.step, action=action)
        return super().apply(state, action)


class SixWinsTwoTricks(ReferenceEngine):
    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if len(after.history) > len(state.history):
            record = after.history[-1]
            if record.winner is not None and any(c.is_brienzer_schwung for c in record.cards) and after.phase is not Phase.OVER:
                tricks = list(after.tricks)
                tricks[record.winner] += 1
                return attrs.evolve(after, tricks=(tricks[0], tricks[1]))
        return after


class TwelveSchwuengeWithoutAngriff(ReferenceEngine):
    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is None:
            return {**claims, "schwuenge": 12}
        return claims


class ColumnsSwapped(ReferenceEngine):
    def row_points(self, row: TableRow, system: ScoringSystem) -> tuple[Points | None, Points | None]:
        win, lose = super().row_points(row, system)
        if system is ScoringSystem.SCHWINGERWERTUNG and row is not TableRow.GESTELLTER:
            return (lose, win)
        return (win, lose)


class PunktewertungLoserScoresOne(ReferenceEngine):
    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        return system is ScoringSystem.PUNKTEWERTUNG and result.loser is not None


ENGINES: dict[str, type[ReferenceEngine]] = {
    cls.__name__: cls
    for cls in (
        HigherSixLosesToOne, TrumpLosesWhenColourHeld, VoidHigherWins, AnsweredKonterLosesToSix,
        KonterBeatsTrumpFive, KampfrichterBeatsKonterOnLast, KampfrichterWinsLastSchwung, LedKampfrichterWins,
        NoFarbzwang, TrumpOnlyWhenVoid, VoidMustTrump, PileFromTheBottom, TrumpFromFaceDown,
        TrumpUnderSpecialRevealed, OpponentChooses, NoCollect, TrumpWinnerDoesNotLead, DrawAfterAngriff,
        AnswererDrawsFirst, AngriffOnEmptyPile, SecondAngriff, AnswererMayAttack, PlattwurfCountsCollected,
        PlattwurfWithFour, DrawGoesToAttacker, AngriffCountedAsSchwung, PlattwurfOwnAngriffFive,
        PlattwurfOpponentsAngriffLoser850, SiegMitAngriffWinner950, SiegOhneAngriffThree,
        GestellterNinePointTwentyFive, GoodLoserNeedsFour, GoodLoserReadingIgnored,
        SchwingerwertungLoserScoresNothing, OlderStarts, WinnerStarts, DrawMorePointsStarts, TieReadingIgnored,
        EqualTotalsP0Wins, TotalsWithoutLastGang, FestOnceEach, FestStarterAlwaysYounger, FestRanksNotShared,
        FestTiebreakIgnored, KampfrichterMayNotLead, KonterMayNotAnswer, NoAngriffBeforeFirstSchwung,
        SixWinsTwoTricks, TwelveSchwuengeWithoutAngriff, ColumnsSwapped, PunktewertungLoserScoresOne,
    )
}
"""Every single-bug engine class by its name; ``registry.MUTANTS`` says what each breaks."""
