"""The single-bug engines: subclasses of the reference engine behind the protocol, each overriding one rule decision with a realistic mistake."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import attrs

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card, Colour
from schwinget_spec.conformance.protocol.reference_server import (
    EngineFest,
    EngineMatch,
    PlayedGang,
    ReferenceEngine,
)
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
    """Breaks ``schwung.higher_wins``: Of two cards of the same colour, a 1 beats a 6 (the values wrap around)."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if led.colour is not None and led.colour is answer.colour and {_value(led), _value(answer)} == {1, 6}:
            return SchwungOutcome(leader if _value(led) == 1 else leader.other, "schwung.higher_wins")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class TrumpLosesWhenColourHeld(_ResolveMutant):
    """Breaks ``trump.beats``: A trump answered by a player who held the led colour loses the Schwung."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if (trump is not None and answer.colour is trump and led.colour is not None and led.colour is not trump
                and not answer_was_void):
            return SchwungOutcome(leader, "trump.beats")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class VoidHigherWins(_ResolveMutant):
    """Breaks ``schwung.void_loses``: An answer of another colour (not trump) wins when its value is higher."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if (led.colour is not None and answer.colour is not None and answer.colour is not led.colour
                and answer.colour is not trump and led.colour is not trump and _value(answer) > _value(led)):
            return SchwungOutcome(leader.other, "schwung.void_loses")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class AnsweredKonterLosesToSix(_ResolveMutant):
    """Breaks ``konter.beats_six``: The Brienzer-Konter answered to a 6 (not of trump) loses; led, it still wins."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if answer is Card.BK and led.is_brienzer_schwung and led.colour is not trump:
            return SchwungOutcome(leader, "konter.beats_six")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KonterBeatsTrumpFive(_ResolveMutant):
    """Breaks ``konter.loses``: The Brienzer-Konter also beats the 5 of trump."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if trump is not None and Card.BK in (led, answer) and Card.of(trump, 5) in (led, answer):
            return SchwungOutcome(leader if led is Card.BK else leader.other, "konter.loses")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KampfrichterBeatsKonterOnLast(_ResolveMutant):
    """Breaks ``konter.last_trick``: On the very last Schwung the Kampfrichter beats the Brienzer-Konter."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if is_last and {led, answer} == {Card.KR, Card.BK}:
            return SchwungOutcome(leader if led is Card.KR else leader.other, "konter.last_trick")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KampfrichterWinsLastSchwung(_ResolveMutant):
    """Breaks ``kampfrichter.last_schwung``: On the very last Schwung the Kampfrichter wins the trick instead of losing it."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if is_last and Card.KR in (led, answer) and Card.BK not in (led, answer):
            return SchwungOutcome(leader if led is Card.KR else leader.other, "kampfrichter.last_schwung")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class LedKampfrichterWins(_ResolveMutant):
    """Breaks ``kampfrichter.neutralises``: A led Kampfrichter wins the trick instead of neutralising it."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if led is Card.KR and not is_last and answer is not Card.BK:
            return SchwungOutcome(leader, "kampfrichter.neutralises")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class KampfrichterNeutralisesLast(_ResolveMutant):
    """Breaks ``kampfrichter.last_schwung``: On the very last Schwung the Kampfrichter still neutralises the other card."""

    def resolve(self, leader: Player, led: Card, answer: Card, trump: Colour | None, rules: Rules, *,
                is_last: bool, answer_was_void: bool) -> SchwungOutcome:
        if is_last and Card.KR in (led, answer):
            return SchwungOutcome(None, "kampfrichter.neutralises")
        return super().resolve(leader, led, answer, trump, rules, is_last=is_last, answer_was_void=answer_was_void)


class VoidKonterWinsCollecting(ReferenceEngine):
    """Breaks ``konter.loses``: The Brienzer-Konter answered from a hand void of the led colour wins against a card that is not a 6 when the Schwung collects a neutralised trick."""

    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        led = state.led
        if (action != "BK" or state.phase is not Phase.ANSWER or state.pending is None or led is None
                or led.colour is None or state.hands[state.to_move] & COLOUR_MASK[led.colour]):
            return after
        record = after.history[-1]
        if record.winner is not record.leader or record.clause_id != "konter.loses":
            return after
        answerer = record.leader.other
        tricks = list(state.tricks)
        tricks[answerer] += record.tricks
        record = attrs.evolve(record, winner=answerer, clause_id="konter.loses")
        return attrs.evolve(
            after, tricks=(tricks[0], tricks[1]), history=(*after.history[:-1], record),
            to_move=after.to_move if after.phase is Phase.OVER else answerer,
        )


# -- the allowed answers


class NoFarbzwang(_AnswersMutant):
    """Breaks ``schwung.farbzwang``: Any card may answer: no Farbzwang."""

    def answers(self, hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
        return hand


class TrumpOnlyWhenVoid(_AnswersMutant):
    """Breaks ``trump.anytime``: A trump may answer only from a hand void of the led colour."""

    def answers(self, hand: int, led: Card, trump: Colour | None, rules: Rules) -> int:
        allowed = allowed_answers(hand, led, trump, rules)
        if trump is not None and led.colour is not None and led.colour is not trump and hand & COLOUR_MASK[led.colour]:
            allowed &= ~COLOUR_MASK[trump]
        return allowed


class VoidMustTrump(_AnswersMutant):
    """Breaks ``schwung.void_any``: A hand void of the led colour must answer with trump if it holds one."""

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
    """Breaks ``deal.pile``: The pile is drawn from the bottom: its last card first."""

    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        return super().start_gang(_deal_with(deal, pile=tuple(reversed(deal.pile))), starter, rules)


class TrumpFromFaceDown(ReferenceEngine):
    """Breaks ``deal.trump``: The trump is the colour of the first face-down card, not of the revealed one."""

    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        first = deal.face_down[0]
        if deal.revealed.colour is not None and first.colour is not None and first.colour is not deal.revealed.colour:
            deal = _deal_with(deal, revealed=first, face_down=(deal.revealed, *deal.face_down[1:]))
        return super().start_gang(deal, starter, rules)


class TrumpUnderSpecialRevealed(ReferenceEngine):
    """Breaks ``deal.no_trump``: With the Kampfrichter or the Konter revealed, the first face-down card gives a trump."""

    def start_gang(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        first = deal.face_down[0]
        if deal.revealed.colour is None and first.colour is not None:
            deal = _deal_with(deal, revealed=first, face_down=(deal.revealed, *deal.face_down[1:]))
        return super().start_gang(deal, starter, rules)


# -- the flow of a Gang


class OpponentChooses(ReferenceEngine):
    """Breaks ``kampfrichter.chooses``: After a neutralised Schwung the opponent of the Kampfrichter's player chooses the next leader."""

    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if after.phase is Phase.CHOOSE_LEADER and state.phase is not Phase.CHOOSE_LEADER:
            return attrs.evolve(after, to_move=after.to_move.other)
        if state.phase is Phase.CHOOSE_LEADER:
            # the choice, made by the wrong player, is applied as if the right one made it
            return attrs.evolve(state, to_move=state.to_move.other).apply(action)
        return after


class _CollectMutant(ReferenceEngine):
    """An engine that, when a neutralised Schwung is collected by the winner of the next, gives the winner ``winner_gets`` and the loser ``loser_gets`` more tricks."""

    winner_gets: ClassVar[int] = 0
    loser_gets: ClassVar[int] = 0

    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if state.pending is not None and after.pending is None and len(after.history) > len(state.history):
            record = after.history[-1]
            if record.winner is not None:
                tricks = list(after.tricks)
                tricks[record.winner] += self.winner_gets
                tricks[record.winner.other] += self.loser_gets
                return attrs.evolve(after, tricks=(tricks[0], tricks[1]))
        return after


class NoCollect(_CollectMutant):
    """Breaks ``kampfrichter.collect``: The winner after a neutralised Schwung gets 1 trick: the neutralised one is lost."""

    winner_gets = -1


class CollectsTwice(_CollectMutant):
    """Breaks ``kampfrichter.collect``: The winner after a neutralised Schwung is credited the neutralised trick twice (3 tricks, not 2)."""

    winner_gets = 1


class CollectedByLoser(_CollectMutant):
    """Breaks ``kampfrichter.collect``: The neutralised trick goes to the loser of the next Schwung, not to its winner."""

    winner_gets = -1
    loser_gets = 1


class TrumpWinnerDoesNotLead(ReferenceEngine):
    """Breaks ``trick.winner_leads``: After a Schwung won by a trump answer the loser leads next."""

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
    """Breaks ``angriff.locks_pile``: The leader still draws after the Angriff."""

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
    """Breaks ``schwung.lead_draw``: The leader draws after the answerer instead of at once after leading."""

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
    """Breaks ``angriff.not_empty_pile``: The Angriff is allowed once the pile is used up."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        if state.phase is Phase.LEAD and state.angriff is None and state.pile_drawn >= PILE_SIZE and len(state.history) < 10:
            return ("A", *legal)
        return legal

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and state.phase is Phase.LEAD and state.angriff is None and state.pile_drawn >= PILE_SIZE:
            return attrs.evolve(state, angriff=Angriff(state.to_move, len(state.history)), step=state.step + 1)
        return super().apply(state, action)


class AngriffNotOnLastTwo(ReferenceEngine):
    """Breaks ``angriff.not_empty_pile``: The Angriff is refused once only the last 2 cards of the pile are left."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (a == "A" and state.pile_size <= 2))

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and state.phase is Phase.LEAD and state.pile_size <= 2:
            raise IllegalActionError("no Angriff with 2 cards left in the pile", clause_id="angriff.not_empty_pile",
                                     step=state.step, action=action)
        return super().apply(state, action)


class AngriffCollectsPending(ReferenceEngine):
    """Breaks ``kampfrichter.collect``: The Angriff gives the neutralised trick waiting in the middle to the attacker."""

    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if action == "A" and state.pending is not None and after.angriff is not None:
            tricks = list(after.tricks)
            tricks[state.to_move] += 1
            return attrs.evolve(after, tricks=(tricks[0], tricks[1]), pending=None)
        return after


class SecondAngriff(ReferenceEngine):
    """Breaks ``angriff.once``: The opponent of the attacker may start a second Angriff (it changes nothing)."""

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
    """Breaks ``angriff.who``: The answering player may start the Angriff."""

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
    """Breaks ``plattwurf.after_angriff``: A Plattwurf counts tricks credited after the Angriff, so a Schwung neutralised before it counts as one of the 5."""

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None and claims["plattwurf"] is None:
            after = [r for r in state.history if r.after_angriff]
            for player in Player:
                if sum(r.tricks for r in after if r.winner is player) >= 5:
                    return _with_outcome(claims, _plattwurf_outcome(state, player), player, player)
        return claims


class PlattwurfWithFour(ReferenceEngine):
    """Breaks ``plattwurf.definition``: 4 of the 5 Schwünge after the Angriff make a Plattwurf."""

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None and claims["plattwurf"] is None:
            after = [r for r in state.history if r.after_angriff]
            for player in Player:
                if sum(1 for r in after if r.winner is player) == 4:
                    return _with_outcome(claims, _plattwurf_outcome(state, player), player, player)
        return claims


class PlattwurfOverWholeGang(ReferenceEngine):
    """Breaks ``plattwurf.after_angriff``: The Schwünge of a Plattwurf are counted over the whole Gang: a player who won 5 Schwünge in a Gang with an Angriff, before it or after, wins by Plattwurf."""

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None and claims["plattwurf"] is None:
            for player in Player:
                if sum(1 for r in state.history if r.winner is player) >= 5:
                    return _with_outcome(claims, _plattwurf_outcome(state, player), player, player)
        return claims


class DrawGoesToAttacker(ReferenceEngine):
    """Breaks ``gang.more_tricks_wins``: Equal tricks after an Angriff are a win for the attacker, not a Gestellter."""

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if claims["outcome"] == "gestellter" and state.angriff is not None:
            return _with_outcome(claims, "sieg_mit_angriff", state.angriff.player, None)
        return claims


class AngriffCountedAsSchwung(ReferenceEngine):
    """Breaks ``gang.end_angriff``: The result counts the Angriff as a Schwung (k + 6 Schwünge)."""

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is not None:
            return {**claims, "schwuenge": claims["schwuenge"] + 1}
        return claims


# -- scoring


def _pts(system: ScoringSystem, hundredths: int) -> Points:
    return Points(system, hundredths)


class AngriffDropsPending(ReferenceEngine):
    """Breaks ``kampfrichter.collect``: The Angriff drops the neutralised trick waiting in the middle: the first Schwung after it collects nothing."""

    def apply(self, state: GangState, action: str) -> GangState:
        after = super().apply(state, action)
        if action == "A" and state.pending is not None and after.angriff is not None:
            return attrs.evolve(after, pending=None)
        return after


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
    """Breaks ``table.plattwurf_eigener_angriff``: Punktewertung: a Plattwurf after one's own Angriff scores 5, not 7."""

    row, system, figures = TableRow.PLATTWURF_EIGENER_ANGRIFF, ScoringSystem.PUNKTEWERTUNG, (500, 0)


class PlattwurfOpponentsAngriffLoser850(_RowMutant):
    """Breaks ``table.plattwurf_gegnerischer_angriff``: Schwingerwertung: the loser of a Plattwurf after his own Angriff scores 8.50, not 8.75."""

    row, system, figures = TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF, ScoringSystem.SCHWINGERWERTUNG, (1000, 850)


class SiegMitAngriffWinner950(_RowMutant):
    """Breaks ``table.sieg_mit_angriff``: Schwingerwertung: a win with an Angriff scores 9.50, not 9.75."""

    row, system, figures = TableRow.SIEG_MIT_ANGRIFF, ScoringSystem.SCHWINGERWERTUNG, (950, 875)


class SiegOhneAngriffThree(_RowMutant):
    """Breaks ``table.sieg_ohne_angriff``: Punktewertung: a win without an Angriff scores 3, not 2."""

    row, system, figures = TableRow.SIEG_OHNE_ANGRIFF, ScoringSystem.PUNKTEWERTUNG, (300, 0)


class GestellterNinePointTwentyFive(_RowMutant):
    """Breaks ``table.gestellter``: Schwingerwertung: a Gestellter scores 9.25 each, not 9.00."""

    row, system, figures = TableRow.GESTELLTER, ScoringSystem.SCHWINGERWERTUNG, (925, 925)


class PlattwurfOwnAngriffLoser875(_RowMutant):
    """Breaks ``table.plattwurf_eigener_angriff``: Schwingerwertung: the loser of a Plattwurf after the winner's own Angriff scores 8.75, not 8.50."""

    row, system, figures = TableRow.PLATTWURF_EIGENER_ANGRIFF, ScoringSystem.SCHWINGERWERTUNG, (1000, 875)


class PlattwurfOpponentsAngriffSeven(_RowMutant):
    """Breaks ``table.plattwurf_gegnerischer_angriff``: Punktewertung: a Plattwurf after the opponent's Angriff scores 7, not 5."""

    row, system, figures = TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF, ScoringSystem.PUNKTEWERTUNG, (700, 0)


class SiegMitAngriffTwo(_RowMutant):
    """Breaks ``table.sieg_mit_angriff``: Punktewertung: a win with an Angriff scores 2, not 3."""

    row, system, figures = TableRow.SIEG_MIT_ANGRIFF, ScoringSystem.PUNKTEWERTUNG, (200, 0)


class SiegOhneAngriffLoser875(_RowMutant):
    """Breaks ``table.sieg_ohne_angriff``: Schwingerwertung: the loser of a win without an Angriff scores 8.75, not 8.50."""

    row, system, figures = TableRow.SIEG_OHNE_ANGRIFF, ScoringSystem.SCHWINGERWERTUNG, (975, 875)


class GestellterZero(_RowMutant):
    """Breaks ``table.gestellter``: Punktewertung: a Gestellter scores 0 each, not 1."""

    row, system, figures = TableRow.GESTELLTER, ScoringSystem.PUNKTEWERTUNG, (0, 0)


class GoodLoserScoresTwo(_RowMutant):
    """Breaks ``table.gut_gekaempft``: Punktewertung: the good loser scores 2, not 1."""

    row, system, figures = TableRow.GUT_GEKAEMPFT, ScoringSystem.PUNKTEWERTUNG, (None, 200)


class NoGoodLoserAfterPlattwurf(ReferenceEngine):
    """Breaks ``table.gut_gekaempft``: The good loser's point is never given after a Plattwurf (the default reading gives it)."""

    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        return super().is_good_loser(result, system, rules) and not result.outcome.is_plattwurf


class GoodLoserNeedsFour(ReferenceEngine):
    """Breaks ``table.gut_gekaempft``: Punktewertung: the good loser's point needs 4 tricks, not 3."""

    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        loser = result.loser
        return super().is_good_loser(result, system, rules) and loser is not None and result.tricks[loser] >= 4


class GoodLoserReadingIgnored(ReferenceEngine):
    """Breaks ``table.gut_gekaempft``: The good loser's point is given after a Plattwurf whatever good_loser_after_plattwurf says."""

    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        return super().is_good_loser(result, system, attrs.evolve(rules, good_loser_after_plattwurf=True))


class SchwingerwertungLoserScoresNothing(ReferenceEngine):
    """Breaks ``scoring.schwingerwertung_both``: Schwingerwertung: the loser scores nothing."""

    def gang_points(self, result: GangResult, system: ScoringSystem, rules: Rules) -> tuple[Points, Points]:
        points = super().gang_points(result, system, rules)
        if system is ScoringSystem.SCHWINGERWERTUNG and result.loser is not None:
            out = list(points)
            out[result.loser] = Points.zero(system)
            return (out[0], out[1])
        return points


class GoodLoserUnderSchwingerwertung(ReferenceEngine):
    """Breaks ``table.gut_gekaempft``: Schwingerwertung: a loser with 3 tricks or more also scores the good loser's point, which only the Punktewertung gives."""

    def gang_points(self, result: GangResult, system: ScoringSystem, rules: Rules) -> tuple[Points, Points]:
        points = super().gang_points(result, system, rules)
        loser = result.loser
        if system is ScoringSystem.SCHWINGERWERTUNG and loser is not None and result.tricks[loser] >= 3:
            out = list(points)
            out[loser] = Points(system, out[loser].hundredths + 100)
            return (out[0], out[1])
        return points


# -- matches


class OlderStarts(ReferenceEngine):
    """Breaks ``match.first_starter``: The older player starts the first Gang."""

    def first_starter(self, match: EngineMatch) -> Player:
        return match.younger.other


class WinnerStarts(ReferenceEngine):
    """Breaks ``match.loser_starts``: The winner of a Gang starts the next one."""

    def starter_after_win(self, match: EngineMatch, last: PlayedGang) -> Player:
        assert last.result.winner is not None
        return last.result.winner


class DrawMorePointsStarts(ReferenceEngine):
    """Breaks ``match.draw_starter``: After a Gestellter the player with more points starts."""

    def starter_after_draw(self, match: EngineMatch, last: PlayedGang) -> Player:
        t0, t1 = self.match_totals(match)
        if t0 != t1:
            return Player.P0 if t0 > t1 else Player.P1
        return self.tie_starter(match, last)


class TieReadingIgnored(ReferenceEngine):
    """Breaks ``match.draw_starter``: After a Gestellter at equal points the younger starts whatever draw_tie_starter says."""

    def tie_starter(self, match: EngineMatch, last: PlayedGang) -> Player:
        return match.younger


class TieOlderStarts(ReferenceEngine):
    """Breaks ``match.draw_starter``: After a Gestellter at equal points the older player starts whatever draw_tie_starter says."""

    def tie_starter(self, match: EngineMatch, last: PlayedGang) -> Player:
        return match.younger.other


class EqualTotalsP0Wins(ReferenceEngine):
    """Breaks ``match.winner``: A match with equal totals is won by P0."""

    def match_winner(self, match: EngineMatch, totals: tuple[Points, Points]) -> Player | None:
        winner = super().match_winner(match, totals)
        return Player.P0 if winner is None else winner


class TotalsWithoutLastGang(ReferenceEngine):
    """Breaks ``match.record_points``: The final totals leave out the points of the last Gang."""

    def match_totals(self, match: EngineMatch) -> tuple[Points, Points]:
        if len(match.gaenge) < match.length:
            return super().match_totals(match)
        return super().match_totals(attrs.evolve(match, gaenge=match.gaenge[:-1]))


# -- Schwingfeste


class FestOnceEach(ReferenceEngine):
    """Breaks ``fest.twice_each``: In a Schwingfest each pair meets once, not twice."""

    def fest_schedule(self, players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        seen: set[tuple[int, int]] = set()
        rounds = []
        for round_ in super().fest_schedule(players, sets):
            kept = tuple(pair for pair in round_ if pair not in seen)
            seen.update(kept)
            if kept:
                rounds.append(kept)
        return tuple(rounds)


class FestCrowdedRounds(ReferenceEngine):
    """Breaks ``fest.parallel``: The schedule puts the first two rounds into one, so a Schwinger fights twice in a round."""

    def fest_schedule(self, players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        rounds = super().fest_schedule(players, sets)
        return (rounds[0] + rounds[1], *rounds[2:])


class FestStarterAlwaysYounger(ReferenceEngine):
    """Breaks ``match.loser_starts``: The younger of a pair starts both its meetings whatever fest_starter says."""

    def fest_starter(self, fest: EngineFest, a: int, b: int) -> int:
        return a


class FestAlternateYoungerStartsBoth(ReferenceEngine):
    """Breaks ``fest.twice_each``: Under fest_starter "alternate" the younger of a pair starts both its meetings, the older never its second."""

    def fest_starter(self, fest: EngineFest, a: int, b: int) -> int:
        if fest.rules.fest_starter == "alternate":
            return a
        return super().fest_starter(fest, a, b)


class FestWinnerOfFirstStarts(ReferenceEngine):
    """Breaks ``match.loser_starts``: Under fest_starter "loser_of_first_meeting" (the default) the winner of a pair's first meeting starts the second."""

    def fest_starter(self, fest: EngineFest, a: int, b: int) -> int:
        before = fest.meetings_of(a, b)
        winner = before[0].result.winner if before else None
        if winner is not None and fest.rules.fest_starter == "loser_of_first_meeting":
            return a if winner is Player.P0 else b
        return super().fest_starter(fest, a, b)


class FestRanksNotShared(ReferenceEngine):
    """Breaks ``match.winner``: Equal points get different ranks (by seat) instead of a shared rank."""

    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        lines = super().fest_standings(fest)
        order = sorted(lines, key=lambda line: (line[2], line[0]))
        rank = {line[0]: i + 1 for i, line in enumerate(order)}
        return tuple((s, p, rank[s]) for s, p, _ in lines)


class FestDenseRanks(ReferenceEngine):
    """Breaks ``match.winner``: Ranks are dense: after a rank shared by two the next Schwinger is ranked one lower, not below both."""

    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        lines = super().fest_standings(fest)
        shared = sorted({rank for _, _, rank in lines})
        return tuple((s, p, shared.index(rank) + 1) for s, p, rank in lines)


class FestTiebreakIgnored(ReferenceEngine):
    """Breaks ``match.winner``: Equal points share a rank whatever fest_tiebreak says."""

    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        return super().fest_standings(attrs.evolve(fest, rules=attrs.evolve(fest.rules, fest_tiebreak="shared")))


class KampfrichterMayNotLead(ReferenceEngine):
    """Breaks ``schwung.lead``: The Kampfrichter may not be led."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (state.phase is Phase.LEAD and a == "KR"))

    def apply(self, state: GangState, action: str) -> GangState:
        if state.phase is Phase.LEAD and action == "KR":
            raise IllegalActionError("the Kampfrichter may not be led", clause_id="schwung.lead", step=state.step, action=action)
        return super().apply(state, action)


class KonterMayNotAnswer(ReferenceEngine):
    """Breaks ``schwung.answer``: The Brienzer-Konter may not answer."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (state.phase is Phase.ANSWER and a == "BK"))

    def apply(self, state: GangState, action: str) -> GangState:
        if state.phase is Phase.ANSWER and action == "BK":
            raise IllegalActionError("the Konter may not answer", clause_id="schwung.answer", step=state.step, action=action)
        return super().apply(state, action)


class SpecialMustFollowColour(ReferenceEngine):
    """Breaks ``cards.special``: The Kampfrichter and the Brienzer-Konter may not answer from a hand that holds the led colour, as if they had a colour to follow."""

    @staticmethod
    def _held_back(state: GangState, action: str) -> bool:
        led = state.led
        if state.phase is not Phase.ANSWER or led is None or led.colour is None or action not in ("KR", "BK"):
            return False
        return bool(state.hands[state.to_move] & COLOUR_MASK[led.colour])

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        return tuple(a for a in super().legal_actions(state) if not self._held_back(state, a))

    def apply(self, state: GangState, action: str) -> GangState:
        if self._held_back(state, action):
            raise IllegalActionError("a special card must follow the led colour", clause_id="cards.special",
                                     step=state.step, action=action)
        return super().apply(state, action)


class NoAngriffBeforeFirstSchwung(ReferenceEngine):
    """Breaks ``gang.turn``: The Angriff may not be started before the first Schwung."""

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        legal = super().legal_actions(state)
        return tuple(a for a in legal if not (a == "A" and not state.history))

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A" and not state.history and state.phase is Phase.LEAD:
            raise IllegalActionError("no Angriff before the first Schwung", clause_id="gang.turn", step=state.step, action=action)
        return super().apply(state, action)


class SixWinsTwoTricks(ReferenceEngine):
    """Breaks ``trick.winner_takes``: A Schwung with a 6 in it counts two tricks for its winner."""

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
    """Breaks ``gang.end_no_angriff``: The result of a Gang without an Angriff counts 12 Schwünge, not 11."""

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if state.angriff is None:
            return {**claims, "schwuenge": 12}
        return claims


class ColumnsSwapped(ReferenceEngine):
    """Breaks ``table.columns``: Schwingerwertung: the winner gets the loser's column and the loser the winner's."""

    def row_points(self, row: TableRow, system: ScoringSystem) -> tuple[Points | None, Points | None]:
        win, lose = super().row_points(row, system)
        if system is ScoringSystem.SCHWINGERWERTUNG and row is not TableRow.GESTELLTER:
            return (lose, win)
        return (win, lose)


class PunktewertungLoserScoresOne(ReferenceEngine):
    """Breaks ``scoring.punktewertung_winner``: Punktewertung: every loser scores the good loser's point."""

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
        SchwingerwertungLoserScoresNothing, GoodLoserUnderSchwingerwertung, CollectsTwice, CollectedByLoser,
        PlattwurfOverWholeGang, AngriffDropsPending, SpecialMustFollowColour, OlderStarts, WinnerStarts, DrawMorePointsStarts, TieReadingIgnored,
        EqualTotalsP0Wins, TotalsWithoutLastGang, FestOnceEach, FestStarterAlwaysYounger, FestRanksNotShared,
        FestTiebreakIgnored, KampfrichterMayNotLead, KonterMayNotAnswer, NoAngriffBeforeFirstSchwung,
        SixWinsTwoTricks, TwelveSchwuengeWithoutAngriff, ColumnsSwapped, PunktewertungLoserScoresOne,
        PlattwurfOwnAngriffLoser875, PlattwurfOpponentsAngriffSeven, SiegMitAngriffTwo, SiegOhneAngriffLoser875,
        GestellterZero, GoodLoserScoresTwo, NoGoodLoserAfterPlattwurf, TieOlderStarts, FestCrowdedRounds,
        KampfrichterNeutralisesLast, VoidKonterWinsCollecting, AngriffNotOnLastTwo, AngriffCollectsPending,
        FestWinnerOfFirstStarts, FestDenseRanks, FestAlternateYoungerStartsBoth,
    )
}
"""Every single-bug engine class by its name; ``registry.MUTANTS`` says what each breaks."""
