"""The rare situations the rules single out, by name and level, and which of them a played Gang, match or Schwingfest shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Outcome, Phase, start_gang
from schwinget_spec.match import MatchState, gaenge_started_by_tie
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trick import COLOUR_MASK

__all__ = [
    "FEST_SITUATIONS",
    "GANG_SITUATIONS",
    "MATCH_SITUATIONS",
    "SITUATIONS",
    "Level",
    "Situation",
    "end_situations",
    "fest_situations",
    "gang_situations",
    "impossible_situations",
    "match_situations",
    "step_situations",
]

Level: TypeAlias = Literal["gang", "match", "schwingfest"]


@attrs.frozen
class Situation:
    """A rare situation the rules single out: its name, the level that shows it, the clauses it tests, and what it is."""

    name: str
    level: Level
    clauses: tuple[str, ...]
    description: str


SITUATIONS: tuple[Situation, ...] = (
    Situation("plattwurf_by_attacker", "gang", ("plattwurf.definition", "plattwurf.after_angriff"),
              "the attacker wins all 5 Schwünge after the Angriff"),
    Situation("plattwurf_by_defender", "gang", ("plattwurf.definition", "plattwurf.after_angriff"),
              "the defender wins all 5 Schwünge after the opponent's Angriff"),
    Situation("plattwurf_by_defender_at_equal_totals", "gang", ("plattwurf.definition", "gang.more_tricks_wins"),
              "a Plattwurf with equal trick totals (5:5), where the Plattwurf and not the totals decides; only the "
              "defender can: equal totals need the Angriff after the fifth Schwung, made by the player who won it"),
    Situation("kampfrichter_on_last_schwung", "gang", ("kampfrichter.last_schwung",),
              "the Kampfrichter against a coloured card on the very last Schwung: it has no effect"),
    Situation("konter_against_kampfrichter_on_last_schwung", "gang", ("konter.last_trick",),
              "the Brienzer-Konter against the Kampfrichter on the very last Schwung: the Konter wins"),
    Situation("konter_against_kampfrichter_before_last", "gang", ("kampfrichter.neutralises", "konter.loses"),
              "the Brienzer-Konter against the Kampfrichter before the last Schwung (AMB-KONTER-VS-KR)"),
    Situation("kampfrichter_pending_across_angriff", "gang", ("kampfrichter.collect", "plattwurf.after_angriff"),
              "a Schwung neutralised before the Angriff, collected by a Schwung after it"),
    Situation("kampfrichter_pending_into_plattwurf", "gang", ("kampfrichter.collect", "plattwurf.definition"),
              "a Schwung neutralised before the Angriff is pending across it, and the Gang ends in a Plattwurf"),
    Situation("kampfrichter_pending_near_plattwurf", "gang", ("plattwurf.after_angriff", "kampfrichter.collect"),
              "a Schwung neutralised before the Angriff is collected after it by a player who wins 4 of the 5 "
              "Schwünge after the Angriff: 5 tricks credited after the Angriff, and no Plattwurf"),
    Situation("kampfrichter_answers_void", "gang", ("kampfrichter.neutralises", "schwung.void_any"),
              "the Kampfrichter answers a coloured lead from a hand void of that colour (AMB-KAMPFRICHTER-VOID)"),
    Situation("konter_against_trump_six", "gang", ("konter.beats_six", "trump.beats"),
              "the Brienzer-Konter against the 6 of trump (AMB-KONTER-TRUMP-SIX)"),
    Situation("konter_led_against_six", "gang", ("konter.beats_six",),
              "the Brienzer-Konter led, a 6 answered"),
    Situation("konter_answers_six", "gang", ("konter.beats_six",),
              "a 6 led, the Brienzer-Konter answered by a player holding the led colour"),
    Situation("konter_void_on_six", "gang", ("konter.beats_six", "schwung.void_loses"),
              "a 6 led, the Brienzer-Konter answered from a hand void of the led colour (AMB-KONTER-VOID)"),
    Situation("angriff_at_first_schwung", "gang", ("angriff.who", "angriff.play_out"),
              "the Angriff before the first Schwung"),
    Situation("angriff_after_fifth_schwung", "gang", ("angriff.who", "angriff.not_empty_pile"),
              "the Angriff after the fifth Schwung, the latest moment the pile allows"),
    Situation("gestellter", "gang", ("gang.more_tricks_wins",),
              "equal tricks without a Plattwurf: a draw (only possible with an Angriff after an odd number of Schwünge)"),
    Situation("match_loser_starts", "match", ("match.loser_starts",),
              "the loser of a Gang starts the next one"),
    Situation("match_draw_fewer_points_starts", "match", ("match.draw_starter",),
              "after a Gestellter, the player with fewer points starts the next Gang"),
    Situation("match_draw_equal_points_starts", "match", ("match.draw_starter",),
              "after a Gestellter at equal points, the tie reading (AMB-DRAW-TIE-STARTER) picks the starter"),
    Situation("match_equal_totals", "match", ("match.winner",),
              "a match that ends with equal totals (no winner, or the tie reading of AMB-MATCH-DRAW decides)"),
    Situation("match_good_loser", "match", ("table.gut_gekaempft",),
              "under the Punktewertung a loser with 3 tricks or more scores 1 point"),
    Situation("match_good_loser_after_plattwurf", "match", ("table.gut_gekaempft",),
              "a loser thrown by Plattwurf with 3 tricks or more (AMB-GUT-GEKAEMPFT-PLATTWURF)"),
    Situation("fest_shared_rank", "schwingfest", ("fest.twice_each",),
              "two Schwinger share a rank of the standings"),
    Situation("fest_equal_points_told_apart", "schwingfest", ("fest.twice_each",),
              "equal points told apart by wins, then Plattwürfe (AMB-FEST-TIES)"),
)
"""Every named situation, Gang first; the harness reports how often a run reached each."""

GANG_SITUATIONS: tuple[str, ...] = tuple(s.name for s in SITUATIONS if s.level == "gang")
"""The names of the situations one Gang shows (``gang_situations``)."""
MATCH_SITUATIONS: tuple[str, ...] = tuple(s.name for s in SITUATIONS if s.level == "match")
"""The names of the situations a whole match shows (``match_situations``)."""
FEST_SITUATIONS: tuple[str, ...] = tuple(s.name for s in SITUATIONS if s.level == "schwingfest")
"""The names of the situations a whole Schwingfest shows (``fest_situations``)."""


# -- what a game shows


def step_situations(before: GangState, code: str, after: GangState, out: set[str]) -> None:
    """Adds the situations the Schwung that ``code`` completes shows (nothing for a lead, an Angriff or a choice)."""
    if before.phase is not Phase.ANSWER:
        if code == "A":
            after_schwung = len(before.history)
            if after_schwung == 0:
                out.add("angriff_at_first_schwung")
            elif after_schwung == 5:
                out.add("angriff_after_fifth_schwung")
            if before.pending is not None:
                out.add("kampfrichter_pending_across_angriff")
        return
    led = before.led
    assert led is not None
    answer = Card.parse(code)
    hand = before.hands[before.to_move]
    void = led.colour is not None and not hand & COLOUR_MASK[led.colour]
    record = after.history[-1]
    pair = {led, answer}
    if Card.KR in pair:
        if Card.BK in pair:
            out.add(
                "konter_against_kampfrichter_on_last_schwung"
                if record.clause_id == "konter.last_trick"
                else "konter_against_kampfrichter_before_last"
            )
        elif record.clause_id == "kampfrichter.last_schwung":
            out.add("kampfrichter_on_last_schwung")
        if answer is Card.KR and void:
            out.add("kampfrichter_answers_void")
    elif Card.BK in pair:
        other = answer if led is Card.BK else led
        if other.is_brienzer_schwung:
            trump = before.trump
            if trump is not None and other.colour is trump:
                out.add("konter_against_trump_six")
            if led is Card.BK:
                out.add("konter_led_against_six")
            else:
                out.add("konter_void_on_six" if void else "konter_answers_six")


def end_situations(final: GangState, out: set[str]) -> None:
    """Adds the situations the result of the finished Gang ``final`` shows."""
    if not final.is_over or final.angriff is None:
        return
    result = final.result
    if result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF:
        out.add("plattwurf_by_attacker")
    elif result.outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF:
        out.add("plattwurf_by_defender")
        if result.tricks[0] == result.tricks[1]:
            out.add("plattwurf_by_defender_at_equal_totals")
    elif result.outcome is Outcome.GESTELLTER:
        out.add("gestellter")
    if "kampfrichter_pending_across_angriff" in out:
        if result.is_plattwurf:
            out.add("kampfrichter_pending_into_plattwurf")
        else:
            after = [r for r in final.history if r.after_angriff]
            if any(sum(r.tricks for r in after if r.winner == p) >= 5 for p in Player):
                out.add("kampfrichter_pending_near_plattwurf")


def gang_situations(deal: Deal, starter: Player, actions: Sequence[str], rules: Rules | None = None) -> frozenset[str]:
    """The names of ``GANG_SITUATIONS`` that the legal game ``actions`` shows (so far, or in full once it is over)."""
    state = start_gang(deal, starter, rules)
    out: set[str] = set()
    for code in actions:
        after = state.apply(code)
        step_situations(state, code, after, out)
        state = after
    end_situations(state, out)
    return frozenset(out)


def match_situations(match: MatchState) -> frozenset[str]:
    """The names of ``MATCH_SITUATIONS`` that ``match`` shows (its Gänge so far; the totals once over)."""
    out: set[str] = set()
    t0 = t1 = 0
    for i, g in enumerate(match.gaenge):
        if i + 1 < len(match.gaenge) and g.result.loser is not None:
            out.add("match_loser_starts")
        t0 += g.score.points[0].hundredths
        t1 += g.score.points[1].hundredths
        if g.result.winner is None and i + 1 < len(match.gaenge) and t0 != t1:
            out.add("match_draw_fewer_points_starts")
        if match.system is ScoringSystem.PUNKTEWERTUNG and g.score.is_good_loser:
            out.add("match_good_loser")
            if g.result.is_plattwurf:
                out.add("match_good_loser_after_plattwurf")
    if gaenge_started_by_tie(match):
        out.add("match_draw_equal_points_starts")
    if match.is_over and match.result.totals[0] == match.result.totals[1]:
        out.add("match_equal_totals")
    return frozenset(out)


def fest_situations(fest: SchwingfestState) -> frozenset[str]:
    """The names of ``FEST_SITUATIONS`` that the standings of ``fest`` show."""
    out: set[str] = set()
    standings = fest.standings
    ranks = [s.rank for s in standings]
    if len(set(ranks)) < len(ranks):
        out.add("fest_shared_rank")
    if fest.rules.fest_tiebreak == "wins_then_plattwuerfe":
        points = [s.points for s in standings]
        for i, s in enumerate(standings):
            if any(points[j] == s.points and standings[j].rank != s.rank for j in range(len(standings)) if j != i):
                out.add("fest_equal_points_told_apart")
    return frozenset(out)


def impossible_situations(rules: Rules) -> frozenset[str]:
    """The Gang situations no Gang under ``rules`` can show.

    Under ``special_cards_follow_colour`` the Brienzer-Konter follows colour like a
    coloured card: a player holding the led colour cannot answer a 6 with it, so
    ``konter_answers_six`` (the Konter answered by a player holding the led colour) cannot
    happen.
    """
    return frozenset({"konter_answers_six"}) if rules.special_cards_follow_colour else frozenset()
