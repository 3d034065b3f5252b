"""Which clause of the booklet a difference between an implementation and the reference points at: the clause the defect breaks, not only where it showed.

Before a difference in the answers offered or in who took a Schwung is blamed on the
Farbzwang or the Schwung's own clause, the engine's behaviour is compared with the
reference's under every other trump (none, or another colour): when another trump
explains this difference and every Schwung before it (``trump_candidates_of_answers``,
``trump_candidates_of_schwung``) and the engine also decides a witness Schwung as that
trump would (``trump_witness``, played by the lock step), the engine misread the deal
(``deal.trump``, or ``deal.no_trump`` when the revealed card is a special card). A hand
that drew another card of the pile than the next one points at ``deal.pile``. A wrong
result names the Plattwurf clause, the table row of the outcome or the more-tricks clause
that differs (``result_clause``).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from schwinget_spec.cards import Card, Colour
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.gang import GangState, Phase, cards_of, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GOOD_LOSER_TRICKS, Points, ScoringSystem, TableRow, compute_gang_score
from schwinget_spec.trick import COLOUR_MASK, SchwungOutcome, allowed_answers, resolve_schwung

__all__ = [
    "Answered",
    "allowing_clause",
    "deal_clause",
    "end_clause",
    "fest_starter_clause",
    "legal_actions_clause",
    "pile_clause",
    "points_clause",
    "result_clause",
    "special_witness",
    "state_clause",
    "trump_candidates_of_answers",
    "trump_candidates_of_schwung",
    "trump_witness",
]

Answered = tuple[GangState, str]
"""A Schwung's answer as played: the reference state before the answer, and the answer's code."""


# -- the engine's view of the deal


def _other_trumps(trump: Colour | None) -> list[Colour | None]:
    return [t for t in (None, *Colour) if t is not trump]


def _deal_clause(state: GangState) -> str:
    """The clause that fixes the trump of ``state``'s deal."""
    return "deal.no_trump" if state.trump is None else "deal.trump"


def _allowed(before: GangState, trump: Colour | None) -> int:
    led = before.led
    assert led is not None
    return allowed_answers(before.hands[before.to_move], led, trump, before.rules)


def _resolve(before: GangState, code: str, trump: Colour | None) -> SchwungOutcome:
    led = before.led
    assert led is not None
    hand = before.hands[before.to_move]
    void = led.colour is not None and not hand & COLOUR_MASK[led.colour]
    return resolve_schwung(
        before.to_move.other, led, Card.parse(code), trump, before.rules,
        is_last=before.is_last_schwung(), answer_was_void=void,
    )


def _explains_so_far(trump: Colour | None, answered: Sequence[Answered]) -> bool:
    """True if ``trump`` gives the same answers allowed and the same Schwung winners as the deal's trump for every Schwung in ``answered``."""
    for before, code in answered:
        if _allowed(before, trump) != _allowed(before, before.trump):
            return False
        if _resolve(before, code, trump).winner != _resolve(before, code, before.trump).winner:
            return False
    return True


def trump_candidates_of_answers(
    state: GangState, offered: Collection[str], answered: Sequence[Answered]
) -> tuple[Colour | None, ...]:
    """The other trumps (None: no trump) under which the answers ``offered`` in ``state`` are exactly the allowed ones, and every Schwung in ``answered`` goes as it went."""
    if state.phase is not Phase.ANSWER:
        return ()
    wanted = set(offered)
    return tuple(
        trump
        for trump in _other_trumps(state.trump)
        if {c.code for c in cards_of(_allowed(state, trump))} == wanted and _explains_so_far(trump, answered)
    )


def trump_candidates_of_schwung(
    before: GangState,
    code: str,
    to_move: int | None,
    tricks: Sequence[int],
    answered: Sequence[Answered],
) -> tuple[Colour | None, ...]:
    """The other trumps under which the engine's ``to_move`` and ``tricks`` after the answer ``code`` are right, and every Schwung in ``answered`` goes as it went."""
    if before.phase is not Phase.ANSWER:
        return ()
    reference = _resolve(before, code, before.trump)
    found: list[Colour | None] = []
    for trump in _other_trumps(before.trump):
        if _allowed(before, trump) != _allowed(before, before.trump):
            continue
        outcome = _resolve(before, code, trump)
        if outcome.winner == reference.winner:
            continue
        last = before.is_last_schwung()
        if outcome.winner is None:
            led = before.led
            predicted_to_move: Player | None = before.to_move.other if led is Card.KR else before.to_move
            predicted = list(before.tricks)
        else:
            predicted_to_move = None if last else outcome.winner
            predicted = list(before.tricks)
            predicted[outcome.winner] += 1 if before.pending is None else 2
        seat = None if predicted_to_move is None else int(predicted_to_move)
        if seat == to_move and predicted == list(tricks) and _explains_so_far(trump, answered):
            found.append(trump)
    return tuple(found)


_WITNESS_TRIES = 400


@functools.lru_cache(maxsize=256)
def trump_witness(deal: Deal, starter: Player, rules: Rules, trump: Colour | None) -> tuple[str, ...] | None:
    """A legal game on ``deal`` whose last action is the first answer that another ``trump`` decides otherwise than the deal's trump, every answer before it allowed and decided alike under both; None if none is found.

    Played against an engine suspected of reading the deal with ``trump``, it tells a
    misread deal (the engine diverges on that last Schwung) from a bug of the rules
    that only looked like one (it does not). Deterministic: random play from a fixed seed.
    """
    rng = SplitMix64.seeded(0x7A3E5)
    for _ in range(_WITNESS_TRIES):
        state = start_gang(deal, starter, rules)
        codes: list[str] = []
        while not state.is_over:
            legal = [a.code for a in state.legal_actions()]
            if state.phase is Phase.ANSWER:
                if _allowed(state, trump) != _allowed(state, state.trump):
                    break
                for code in legal:
                    if _resolve(state, code, trump).winner != _resolve(state, code, state.trump).winner:
                        return (*codes, code)
            pick, rng = rng.below(len(legal))
            codes.append(legal[pick])
            state = state.apply(legal[pick])
    return None


@functools.lru_cache(maxsize=256)
def special_witness(deal: Deal, starter: Player, rules: Rules, code: str) -> tuple[str, ...] | None:
    """A legal game on ``deal`` that ends where the special card ``code`` may answer from a hand void of the led colour; None if none is found.

    Asked for its answers there, an engine that held ``code`` back from a hand holding the
    led colour tells a colour read into the special card (it offers it now:
    ``cards.special``) from a card refused for itself (it does not: ``schwung.answer``).
    Deterministic: random play from a fixed seed.
    """
    card = Card.parse(code)
    rng = SplitMix64.seeded(0x5BEC1A1)
    for _ in range(_WITNESS_TRIES):
        state = start_gang(deal, starter, rules)
        codes: list[str] = []
        while not state.is_over:
            led = state.led
            if state.phase is Phase.ANSWER and led is not None and led.colour is not None:
                hand = state.hand(state.to_move)
                if card in hand and not any(c.colour is led.colour for c in hand):
                    return tuple(codes)
            legal = [a.code for a in state.legal_actions()]
            if state.phase is Phase.ANSWER:
                # no special card answers on the way there: the engine may refuse them, the witness is about them
                legal = [c for c in legal if c not in ("KR", "BK")] or legal
            pick, rng = rng.below(len(legal))
            codes.append(legal[pick])
            state = state.apply(legal[pick])
    return None


def deal_clause(state: GangState) -> str:
    """The clause that fixes the trump of ``state``'s deal: ``deal.trump``, or ``deal.no_trump`` when the revealed card is a special card."""
    return _deal_clause(state)


def pile_clause(before: GangState, action: str, after: GangState, hands: Sequence[Collection[str]]) -> str | None:
    """``deal.pile`` if, after ``action`` drew a card, the drawer's hand in the engine holds another card of the pile instead of the next one; else None."""
    if action in ("A", "L0", "L1") or before.angriff is not None or before.pile_drawn >= PILE_SIZE:
        return None
    drawer = int(before.to_move)
    reference = {c.code for c in after.hand(Player(drawer))}
    engine = set(hands[drawer])
    extra, missing = engine - reference, reference - engine
    expected = before.deal.pile[before.pile_drawn].code
    pile = {c.code for c in before.deal.pile}
    # drew one card, but another of the pile than the next one: the pile's order was misread
    if missing == {expected} and len(extra) == 1 and extra <= pile:
        return "deal.pile"
    return None


def end_clause(state: GangState) -> str:
    """The clause that ends the Gang of ``state``: with an Angriff or without."""
    return "gang.end_angriff" if state.angriff is not None else "gang.end_no_angriff"


def _answer_clause(state: GangState, code: str) -> str:
    """The clause that allows answering ``code`` in ``state`` (``Phase.ANSWER``)."""
    card = Card.parse(code)
    led = state.led
    assert led is not None
    if led.colour is None:
        return "cards.special"
    if card.colour is led.colour:
        return "schwung.farbzwang"
    if not any(c.colour is led.colour for c in state.hand(state.to_move)):
        return "schwung.void_any"
    if card.colour is None:
        # a special card answers whatever was led (AMB-SPECIAL-FARBZWANG, default reading): it has no colour to follow
        return "cards.special"
    if card.colour is not None and card.colour is state.trump:
        return "trump.anytime"
    return "schwung.farbzwang"


def _angriff_clause(state: GangState) -> str:
    """The clause that allows the Angriff in ``state`` where an engine refused it: the one at its boundary.

    Before the first Schwung the leader's choice of a Schwung or an Angriff (``gang.turn``);
    with the last two cards of the pile left, the pile is not yet used up
    (``angriff.not_empty_pile``); otherwise the leader may start it (``angriff.who``).
    """
    if not state.history:
        return "gang.turn"
    if state.pile_size <= 2:
        return "angriff.not_empty_pile"
    return "angriff.who"


def allowing_clause(state: GangState, code: str) -> str:
    """The clause that allows the legal action ``code`` in ``state``."""
    if code == "A":
        return _angriff_clause(state) if state.phase is Phase.LEAD else "angriff.who"
    if code in ("L0", "L1"):
        return "kampfrichter.chooses"
    if state.phase is Phase.ANSWER:
        return _answer_clause(state, code)
    return "schwung.lead"


def legal_actions_clause(state: GangState, extra: Collection[str], missing: Collection[str]) -> str:
    """The clause behind a difference of the legal actions in ``state``: ``extra`` offered, ``missing`` not offered."""
    if state.phase is Phase.CHOOSE_LEADER:
        return "kampfrichter.chooses"
    if state.phase is Phase.OVER:
        return end_clause(state)
    if "A" in extra:
        if state.phase is not Phase.LEAD:
            return "angriff.who"
        if state.angriff is not None:
            return "angriff.once"
        if state.pile_drawn >= PILE_SIZE:
            return "angriff.not_empty_pile"
        return "angriff.who"
    if extra:
        error = state.why_illegal(sorted(extra)[0])
        return error.clause_id if error is not None and error.clause_id else "gang.turn"
    if state.phase is Phase.ANSWER and _special_held_back(state, missing, offered=None):
        return "cards.special"
    return allowing_clause(state, sorted(missing)[0])


def _special_held_back(state: GangState, missing: Collection[str], offered: Collection[str] | None) -> bool:
    """True if only special cards are missing from the answers of a hand that holds the led colour, as if they had to follow it (``cards.special``: they have no colour).

    A special card held back while the hand's other special card is offered is refused
    for itself (``schwung.answer``), not for the colour.
    """
    led = state.led
    if led is None or led.colour is None or not missing or not set(missing) <= {"KR", "BK"}:
        return False
    hand = {c.code for c in state.hand(state.to_move)}
    if not any(c.colour is led.colour for c in state.hand(state.to_move)):
        return False
    others = ({"KR", "BK"} & hand) - set(missing)
    return not others or (offered is not None and not others & set(offered))


def _engine_schwung(before: GangState, impl: Mapping[str, Any]) -> tuple[bool, Player | None, int]:
    """How the engine's tricks after an answer in ``before`` decided the Schwung: (readable, winner, tricks credited).

    Readable when at most one seat gained tricks and none lost any; no seat gaining is a
    neutralised Schwung (winner None, 0 credited).
    """
    tricks = impl.get("tricks")
    if not isinstance(tricks, list) or len(tricks) != 2 or not all(type(t) is int for t in tricks):
        return False, None, 0
    gained = [tricks[s] - before.tricks[s] for s in (0, 1)]
    if min(gained) < 0 or min(gained) > 0:
        return False, None, 0
    if gained[0] == gained[1] == 0:
        return True, None, 0
    winner = Player.P0 if gained[0] > 0 else Player.P1
    return True, winner, gained[winner]


def _misplaced_collect(before: GangState, after: GangState, impl: Mapping[str, Any]) -> bool:
    """True if the engine gave the Schwung that collects a neutralised trick to its winner but put the neutralised trick elsewhere: lost, credited twice, or to the loser."""
    record = after.history[-1]
    tricks = impl.get("tricks")
    if before.pending is None or record.winner is None or not isinstance(tricks, list) or len(tricks) != 2:
        return False
    if not all(type(t) is int for t in tricks):
        return False
    winner, loser = record.winner, record.winner.other
    gained = {seat: tricks[seat] - before.tricks[seat] for seat in (winner, loser)}
    # the Schwung's own trick went to its winner; the neutralised one was not added to it once and only once
    return gained[winner] >= 1 and 0 <= gained[loser] <= 1 and (gained[winner], gained[loser]) != (2, 0)


def _answer_state_clause(before: GangState, after: GangState, impl: Mapping[str, Any], impl_over: bool) -> str:
    """The clause that decided what differs after an answer: the Schwung's winner, the tricks credited (a neutralised trick lost, credited twice or to the loser: ``kampfrichter.collect``), the next leader or the end."""
    record = after.history[-1]
    if _misplaced_collect(before, after, impl):
        return "kampfrichter.collect"
    readable, winner, credited = _engine_schwung(before, impl)
    if not readable:
        return record.clause_id
    if record.winner is None:
        # neutralised in the reference (kampfrichter.neutralises)
        return "kampfrichter.chooses" if winner is None else record.clause_id
    if winner is None:
        # the engine neutralised a Schwung the reference gives to a player
        kampfrichter_played = Card.KR in (record.led, record.answer)
        if kampfrichter_played and after.is_over:
            return "kampfrichter.last_schwung"
        return record.clause_id
    if winner is not record.winner:
        return record.clause_id
    if credited != record.tricks:
        # the neutralised trick lost on the way (kampfrichter.collect), or a trick counted otherwise
        return "kampfrichter.collect" if before.pending is not None and credited == 1 else "trick.winner_takes"
    if after.is_over != impl_over:
        return end_clause(after)
    return "trick.winner_leads"


def state_clause(
    field: str,
    before: GangState,
    action: str | None,
    after: GangState,
    impl_over: bool,
    *,
    impl: Mapping[str, Any] | None = None,
) -> str | None:
    """The clause behind a difference of the state ``field`` after ``action`` (None: at the start) took ``before`` to ``after``.

    ``impl`` is the engine's state after the action (``to_move`` as ``"P0"``/``"P1"``/None,
    ``tricks``): after an answer the clause is the one that decided, in the reference, the
    thing the engine got otherwise: the Schwung's winner (the clause of the Schwung's record),
    the tricks credited (``trick.winner_takes``, or ``kampfrichter.collect`` when a
    neutralised trick was pending), the next leader (``trick.winner_leads``, or
    ``kampfrichter.chooses`` after a neutralised Schwung), the end of the Gang, or a
    Kampfrichter that neutralised on the last Schwung (``kampfrichter.last_schwung``).
    A pending trick credited at the Angriff is ``kampfrichter.collect``.
    """
    if action is None:
        return "deal.hands" if field == "hands" else "deal.pile" if field == "pile_size" else "gang.turn"
    if field in ("pile_size", "hands"):
        if action == "A":
            return "angriff.locks_pile"
        if action in ("L0", "L1"):
            return "kampfrichter.chooses"
        if before.angriff is not None:
            return "angriff.locks_pile"
        return "schwung.lead_draw" if before.phase is Phase.LEAD else "schwung.answer_draw"
    # to_move or tricks
    if action == "A":
        if field == "tricks" and before.pending is not None:
            return "kampfrichter.collect"
        return "angriff.who"
    if action in ("L0", "L1"):
        return "kampfrichter.chooses"
    if before.phase is Phase.LEAD:
        return "schwung.answer"
    if impl is not None:
        return _answer_state_clause(before, after, impl, impl_over)
    record = after.history[-1]
    if record.clause_id in ("kampfrichter.last_schwung", "konter.last_trick"):
        return record.clause_id
    if after.is_over != impl_over:
        return end_clause(after)
    if field == "tricks" and record.tricks == 2:
        return "kampfrichter.collect"
    return record.clause_id


_TABLE_ROWS = frozenset(
    {"plattwurf_eigener_angriff", "plattwurf_gegnerischer_angriff", "sieg_mit_angriff", "sieg_ohne_angriff", "gestellter"}
)


def _credited_after_angriff(state: GangState) -> dict[str, int]:
    """The tricks credited to each seat by the Schwünge after the Angriff (a collected neutralised Schwung counts in)."""
    out = {"P0": 0, "P1": 0}
    for r in state.history:
        if r.after_angriff and r.winner is not None:
            out[r.winner.code] += r.tricks
    return out


def _counted_over_gang(state: GangState, claimed: object) -> bool:
    """True if the player ``claimed`` (a code) won 5 Schwünge in the whole Gang but fewer than 4 of the 5 after the Angriff: a Plattwurf claimed so was counted over the whole Gang, not after the Angriff (with 4 after it, 4 of 5 making one explains the claim too)."""
    won = [r for r in state.history if r.winner is not None and r.winner.code == claimed]
    return len(won) >= 5 and sum(1 for r in won if r.after_angriff) < 4


def result_clause(
    field: str, expected: Mapping[str, Any], actual: Mapping[str, Any], state: GangState | None = None
) -> str:
    """The clause behind a difference of the result ``field``; ``state`` is the finished Gang in the reference.

    - ``tricks``: ``trick.winner_takes``; ``schwuenge``: the end clause; ``angriff``: ``angriff.who``.
    - A Plattwurf claimed where there is none, by a player credited with 5 tricks after the
      Angriff thanks to a Schwung neutralised before it: ``plattwurf.after_angriff``; any
      other Plattwurf claimed or missed: ``plattwurf.definition``.
    - The same Plattwurf (or none) on both sides but another winner with equal tricks:
      ``gang.more_tricks_wins``; another outcome: the table row of the reference's outcome
      (``table.sieg_mit_angriff``, ...), which defines it.
    """
    if field == "tricks":
        return "trick.winner_takes"
    if field == "schwuenge":
        return "gang.end_angriff" if expected.get("angriff") is not None else "gang.end_no_angriff"
    if field == "angriff":
        return "angriff.who"
    claimed = actual.get("plattwurf")
    if field == "outcome" and claimed is None and str(actual.get("outcome", "")).startswith("plattwurf"):
        claimed = actual.get("winner") or "?"
    if claimed != expected.get("plattwurf"):
        if expected.get("plattwurf") is None and state is not None and state.angriff is not None:
            credited = _credited_after_angriff(state)
            if any(n >= 5 for n in credited.values()) and any(
                r.winner is None and not r.after_angriff for r in state.history
            ):
                return "plattwurf.after_angriff"
            if _counted_over_gang(state, claimed):
                return "plattwurf.after_angriff"
        return "plattwurf.definition"
    if field == "outcome":
        wanted = expected.get("outcome")
        if wanted == "gestellter" or actual.get("outcome") == "gestellter":
            return "gang.more_tricks_wins"
        if isinstance(wanted, str) and wanted in _TABLE_ROWS:
            return f"table.{wanted}"
    if expected.get("plattwurf") is not None:
        return "plattwurf.definition"
    return "gang.more_tricks_wins"


# -- the levels beyond the Gang

_GOOD_LOSER_POINT = 100
"""The good loser's point of the Punktewertung, in hundredths (``table.gut_gekaempft``)."""


def points_clause(
    result: Any, system: ScoringSystem, rules: Rules, expected: Sequence[Points], actual: Sequence[Points]
) -> str:
    """The clause a wrong pair of Gang points breaks: the one that decided, in the reference, the points that differ.

    - The winner's and the loser's points exchanged: ``table.columns``.
    - Under the Punktewertung, a loser with 3 tricks or more: ``table.gut_gekaempft`` (its
      point, or its absence after a Plattwurf under ``good_loser_after_plattwurf``); a loser
      with fewer given points: ``scoring.punktewertung_winner`` (only the winner scores).
    - Under the Schwingerwertung, a loser given nothing: ``scoring.schwingerwertung_both``;
      a loser with 3 tricks or more given the good loser's point on top of the row (which
      only the Punktewertung gives): ``table.gut_gekaempft``.
    - Otherwise the table row of the seat that differs.
    """
    score = compute_gang_score(result, system, rules)
    loser = result.loser
    if loser is not None and expected[0] != expected[1] and list(actual) == [expected[1], expected[0]]:
        return "table.columns"
    for seat in (Player.P0, Player.P1):
        if expected[seat] == actual[seat]:
            continue
        if loser is seat and system is ScoringSystem.PUNKTEWERTUNG:
            if result.tricks[loser] >= GOOD_LOSER_TRICKS:
                return TableRow.GUT_GEKAEMPFT.clause_id
            if actual[seat].hundredths > 0:
                return "scoring.punktewertung_winner"
        if loser is seat and system is ScoringSystem.SCHWINGERWERTUNG and actual[seat].hundredths == 0:
            return "scoring.schwingerwertung_both"
        if (
            loser is seat
            and system is ScoringSystem.SCHWINGERWERTUNG
            and result.tricks[loser] >= GOOD_LOSER_TRICKS
            and actual[seat].hundredths - expected[seat].hundredths == _GOOD_LOSER_POINT
        ):
            # the good loser's point on top of the row, which only the Punktewertung gives
            return TableRow.GUT_GEKAEMPFT.clause_id
        return score.rows[seat].clause_id
    return score.row.clause_id


def fest_starter_clause(fest_starter: str, leg: int, first_drawn: bool = False) -> str:
    """The clause behind the starter of a pair's meeting ``leg`` (1 or 2) under ``Rules.fest_starter`` (AMB-FEST-STARTER), as the reference decides it.

    The first meeting, and both under ``"younger"``: the younger starts
    (``match.first_starter``). The second under ``"loser_of_first_meeting"``: the loser of
    the first (``match.loser_starts``), or, when the first was drawn (``first_drawn``), the
    player with fewer points, the pair's points being equal so that ``draw_tie_starter``
    decides (``match.draw_starter``). The second under ``"alternate"``: the older, so that
    each of the pair starts one of the two meetings (``fest.twice_each``).
    """
    if leg == 1 or fest_starter == "younger":
        return "match.first_starter"
    if fest_starter == "loser_of_first_meeting":
        return "match.draw_starter" if first_drawn else "match.loser_starts"
    return "fest.twice_each"
