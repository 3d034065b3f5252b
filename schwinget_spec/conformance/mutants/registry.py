"""The registry of the kit's mutants: each single-bug engine with its id, the clause it breaks, what it does, and the clauses a report may name for it instead."""

from __future__ import annotations

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.mutants.engines import ENGINES
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine
from schwinget_spec.errors import SchwingetError

__all__ = ["MUTANTS", "NOT_MUTATED", "Mutant", "UnknownMutantError", "get_mutant"]


class UnknownMutantError(SchwingetError, KeyError):
    """No mutant has this id; names it."""

    def __init__(self, mutant_id: str) -> None:
        super().__init__(f"no mutant {mutant_id!r}; `schwinget conformance mutants --json` lists them")
        self.mutant_id = mutant_id

    def __str__(self) -> str:
        return self.reason


@attrs.frozen
class Mutant:
    """One single-bug engine of the reference.

    ``clause_id`` is the clause its bug breaks; a report naming it is an exact catch,
    one naming a clause of ``neighbours`` (where the same bug may surface first) a
    neighbouring catch. ``engine`` is the ``ReferenceEngine`` subclass that has the bug.
    ``equivalent`` is empty for a mutant a run must catch, and otherwise says why no
    observation can tell it from the reference.
    """

    id: str
    clause_id: str
    description: str
    engine: type[ReferenceEngine]
    level: str = "gang"
    neighbours: tuple[str, ...] = ()
    equivalent: str = ""

    def __attrs_post_init__(self) -> None:
        for clause in (self.clause_id, *self.neighbours):
            if clause not in CLAUSES:
                raise SchwingetError(f"mutant {self.id}: unknown clause id {clause!r}")


def _m(id: str, clause: str, engine: str, description: str, *, level: str = "gang", neighbours: tuple[str, ...] = ()) -> Mutant:
    # a shared list of neighbours may hold the mutant's own clause: it is the exact one
    return Mutant(id, clause, description, ENGINES[engine], level, tuple(n for n in neighbours if n != clause))


_LAST_SCHWUNG = ("kampfrichter.last_schwung", "konter.last_trick")
_DRAWS = ("schwung.lead_draw", "schwung.answer_draw", "deal.pile")
_PLATTWURF = ("plattwurf.definition", "plattwurf.after_angriff", "gang.more_tricks_wins")
_STARTERS = ("match.first_starter", "match.loser_starts", "match.draw_starter")

MUTANTS: tuple[Mutant, ...] = (
    # the Schwung's winner
    _m("higher-six-loses-to-one", "schwung.higher_wins", "HigherSixLosesToOne",
       "of two cards of the same colour, a 1 beats a 6 (the values wrap around)"),
    _m("trump-loses-when-colour-held", "trump.beats", "TrumpLosesWhenColourHeld",
       "a trump answered by a player who held the led colour loses the Schwung", neighbours=("trump.anytime",)),
    _m("void-higher-wins", "schwung.void_loses", "VoidHigherWins",
       "an answer of another colour (not trump) wins when its value is higher",
       neighbours=("deal.trump", "deal.no_trump", "trump.beats")),
    _m("answered-konter-loses-to-six", "konter.beats_six", "AnsweredKonterLosesToSix",
       "the Brienzer-Konter answered to a 6 (not of trump) loses; led, it still wins"),
    _m("konter-beats-trump-five", "konter.loses", "KonterBeatsTrumpFive",
       "the Brienzer-Konter also beats the 5 of trump", neighbours=("konter.beats_six",)),
    _m("kampfrichter-beats-konter-on-last", "konter.last_trick", "KampfrichterBeatsKonterOnLast",
       "on the very last Schwung the Kampfrichter beats the Brienzer-Konter", neighbours=_LAST_SCHWUNG),
    _m("kampfrichter-wins-last-schwung", "kampfrichter.last_schwung", "KampfrichterWinsLastSchwung",
       "on the very last Schwung the Kampfrichter wins the trick instead of losing it", neighbours=_LAST_SCHWUNG),
    _m("kampfrichter-neutralises-last", "kampfrichter.last_schwung", "KampfrichterNeutralisesLast",
       "on the very last Schwung the Kampfrichter still neutralises the other card", neighbours=_LAST_SCHWUNG),
    _m("void-konter-wins-collecting", "konter.loses", "VoidKonterWinsCollecting",
       "the Brienzer-Konter answered from a hand void of the led colour wins against a card that is not a 6 "
       "when the Schwung collects a neutralised trick",
       neighbours=("kampfrichter.collect", "schwung.void_loses")),
    _m("led-kampfrichter-wins", "kampfrichter.neutralises", "LedKampfrichterWins",
       "a led Kampfrichter wins the trick instead of neutralising it",
       neighbours=("kampfrichter.chooses", "kampfrichter.collect")),
    # the allowed answers
    _m("no-farbzwang", "schwung.farbzwang", "NoFarbzwang", "any card may answer: no Farbzwang"),
    _m("trump-only-when-void", "trump.anytime", "TrumpOnlyWhenVoid",
       "a trump may answer only from a hand void of the led colour",
       neighbours=("schwung.farbzwang", "deal.trump", "deal.no_trump")),
    _m("void-must-trump", "schwung.void_any", "VoidMustTrump",
       "a hand void of the led colour must answer with trump if it holds one", neighbours=("schwung.farbzwang",)),
    # the deal
    _m("pile-from-the-bottom", "deal.pile", "PileFromTheBottom",
       "the pile is drawn from the bottom: its last card first", neighbours=_DRAWS),
    _m("trump-from-face-down", "deal.trump", "TrumpFromFaceDown",
       "the trump is the colour of the first face-down card, not of the revealed one",
       neighbours=("trump.beats", "trump.anytime", "schwung.farbzwang")),
    _m("trump-under-special-revealed", "deal.no_trump", "TrumpUnderSpecialRevealed",
       "with the Kampfrichter or the Konter revealed, the first face-down card gives a trump",
       neighbours=("trump.beats", "trump.anytime", "schwung.farbzwang", "deal.trump")),
    # the flow of a Gang
    _m("opponent-chooses", "kampfrichter.chooses", "OpponentChooses",
       "after a neutralised Schwung the opponent of the Kampfrichter's player chooses the next leader",
       neighbours=("kampfrichter.neutralises",)),
    _m("no-collect", "kampfrichter.collect", "NoCollect",
       "the winner after a neutralised Schwung gets 1 trick: the neutralised one is lost"),
    _m("collects-twice", "kampfrichter.collect", "CollectsTwice",
       "the winner after a neutralised Schwung is credited the neutralised trick twice (3 tricks, not 2)"),
    _m("collected-by-loser", "kampfrichter.collect", "CollectedByLoser",
       "the neutralised trick goes to the loser of the next Schwung, not to its winner"),
    _m("angriff-drops-pending", "kampfrichter.collect", "AngriffDropsPending",
       "the Angriff drops the neutralised trick waiting in the middle: the first Schwung after it collects nothing",
       neighbours=("angriff.who",)),
    _m("trump-winner-does-not-lead", "trick.winner_leads", "TrumpWinnerDoesNotLead",
       "after a Schwung won by a trump answer the loser leads next", neighbours=("trump.beats",)),
    _m("draw-after-angriff", "angriff.locks_pile", "DrawAfterAngriff",
       "the leader still draws after the Angriff", neighbours=("schwung.lead_draw", "angriff.play_out")),
    _m("answerer-draws-first", "schwung.lead_draw", "AnswererDrawsFirst",
       "the leader draws after the answerer instead of at once after leading", neighbours=_DRAWS),
    _m("angriff-on-empty-pile", "angriff.not_empty_pile", "AngriffOnEmptyPile",
       "the Angriff is allowed once the pile is used up", neighbours=("angriff.who",)),
    _m("angriff-not-on-last-two", "angriff.not_empty_pile", "AngriffNotOnLastTwo",
       "the Angriff is refused once only the last 2 cards of the pile are left", neighbours=("angriff.who",)),
    _m("angriff-collects-pending", "kampfrichter.collect", "AngriffCollectsPending",
       "the Angriff gives the neutralised trick waiting in the middle to the attacker", neighbours=("angriff.who",)),
    _m("second-angriff", "angriff.once", "SecondAngriff",
       "the opponent of the attacker may start a second Angriff (it changes nothing)", neighbours=("angriff.who",)),
    _m("answerer-may-attack", "angriff.who", "AnswererMayAttack",
       "the answering player may start the Angriff", neighbours=("gang.turn",)),
    _m("kampfrichter-may-not-lead", "schwung.lead", "KampfrichterMayNotLead",
       "the Kampfrichter may not be led", neighbours=("cards.special", "kampfrichter.neutralises")),
    _m("konter-may-not-answer", "schwung.answer", "KonterMayNotAnswer",
       "the Brienzer-Konter may not answer",
       neighbours=("cards.special", "schwung.void_any", "schwung.farbzwang", "konter.beats_six")),
    _m("special-must-follow-colour", "cards.special", "SpecialMustFollowColour",
       "the Kampfrichter and the Brienzer-Konter may not answer from a hand that holds the led colour",
       neighbours=("schwung.answer", "schwung.farbzwang")),
    _m("no-angriff-before-first-schwung", "gang.turn", "NoAngriffBeforeFirstSchwung",
       "the Angriff may not be started before the first Schwung", neighbours=("angriff.who",)),
    _m("six-wins-two-tricks", "trick.winner_takes", "SixWinsTwoTricks",
       "a Schwung with a 6 in it counts two tricks for its winner",
       neighbours=("konter.beats_six", "schwung.higher_wins", "trump.beats", "schwung.void_loses")),
    # the end of a Gang
    _m("plattwurf-over-whole-gang", "plattwurf.after_angriff", "PlattwurfOverWholeGang",
       "the Schwünge of a Plattwurf are counted over the whole Gang: 5 won, before the Angriff or after, make one",
       neighbours=_PLATTWURF),
    _m("plattwurf-counts-collected", "plattwurf.after_angriff", "PlattwurfCountsCollected",
       "a Plattwurf counts tricks credited after the Angriff, so a Schwung neutralised before it counts as one of the 5",
       neighbours=_PLATTWURF),
    _m("plattwurf-with-four", "plattwurf.definition", "PlattwurfWithFour",
       "4 of the 5 Schwünge after the Angriff make a Plattwurf", neighbours=_PLATTWURF),
    _m("draw-goes-to-attacker", "gang.more_tricks_wins", "DrawGoesToAttacker",
       "equal tricks after an Angriff are a win for the attacker, not a Gestellter", neighbours=_PLATTWURF),
    _m("angriff-counted-as-schwung", "gang.end_angriff", "AngriffCountedAsSchwung",
       "the result counts the Angriff as a Schwung (k + 6 Schwünge)"),
    _m("twelve-schwuenge-without-angriff", "gang.end_no_angriff", "TwelveSchwuengeWithoutAngriff",
       "the result of a Gang without an Angriff counts 12 Schwünge, not 11"),
    # scoring
    _m("columns-swapped", "table.columns", "ColumnsSwapped",
       "Schwingerwertung: the winner gets the loser's column and the loser the winner's", level="scoring",
       neighbours=("table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff",
                   "table.sieg_mit_angriff", "table.sieg_ohne_angriff")),
    _m("punktewertung-loser-scores-one", "scoring.punktewertung_winner", "PunktewertungLoserScoresOne",
       "Punktewertung: every loser scores the good loser's point", level="scoring",
       neighbours=("table.gut_gekaempft",)),
    _m("plattwurf-own-angriff-five", "table.plattwurf_eigener_angriff", "PlattwurfOwnAngriffFive",
       "Punktewertung: a Plattwurf after one's own Angriff scores 5, not 7", level="scoring"),
    _m("plattwurf-opponents-angriff-loser-850", "table.plattwurf_gegnerischer_angriff",
       "PlattwurfOpponentsAngriffLoser850",
       "Schwingerwertung: the loser of a Plattwurf after his own Angriff scores 8.50, not 8.75", level="scoring"),
    _m("plattwurf-own-angriff-loser-875", "table.plattwurf_eigener_angriff", "PlattwurfOwnAngriffLoser875",
       "Schwingerwertung: the loser of a Plattwurf after the winner's own Angriff scores 8.75, not 8.50", level="scoring"),
    _m("plattwurf-opponents-angriff-seven", "table.plattwurf_gegnerischer_angriff", "PlattwurfOpponentsAngriffSeven",
       "Punktewertung: a Plattwurf after the opponent's Angriff scores 7, not 5", level="scoring"),
    _m("sieg-mit-angriff-950", "table.sieg_mit_angriff", "SiegMitAngriffWinner950",
       "Schwingerwertung: a win with an Angriff scores 9.50, not 9.75", level="scoring"),
    _m("sieg-mit-angriff-two", "table.sieg_mit_angriff", "SiegMitAngriffTwo",
       "Punktewertung: a win with an Angriff scores 2, not 3", level="scoring"),
    _m("sieg-ohne-angriff-three", "table.sieg_ohne_angriff", "SiegOhneAngriffThree",
       "Punktewertung: a win without an Angriff scores 3, not 2", level="scoring"),
    _m("sieg-ohne-angriff-loser-875", "table.sieg_ohne_angriff", "SiegOhneAngriffLoser875",
       "Schwingerwertung: the loser of a win without an Angriff scores 8.75, not 8.50", level="scoring"),
    _m("gestellter-925", "table.gestellter", "GestellterNinePointTwentyFive",
       "Schwingerwertung: a Gestellter scores 9.25 each, not 9.00", level="scoring"),
    _m("gestellter-zero", "table.gestellter", "GestellterZero",
       "Punktewertung: a Gestellter scores 0 each, not 1", level="scoring"),
    _m("good-loser-scores-two", "table.gut_gekaempft", "GoodLoserScoresTwo",
       "Punktewertung: the good loser scores 2, not 1", level="scoring"),
    _m("no-good-loser-after-plattwurf", "table.gut_gekaempft", "NoGoodLoserAfterPlattwurf",
       "the good loser's point is never given after a Plattwurf (the default reading gives it)", level="scoring"),
    _m("good-loser-needs-four", "table.gut_gekaempft", "GoodLoserNeedsFour",
       "Punktewertung: the good loser's point needs 4 tricks, not 3", level="scoring"),
    _m("good-loser-reading-ignored", "table.gut_gekaempft", "GoodLoserReadingIgnored",
       "the good loser's point is given after a Plattwurf whatever good_loser_after_plattwurf says", level="scoring"),
    _m("good-loser-under-schwingerwertung", "table.gut_gekaempft", "GoodLoserUnderSchwingerwertung",
       "Schwingerwertung: a loser with 3 tricks or more also scores the good loser's point, which only the "
       "Punktewertung gives", level="scoring"),
    _m("schwingerwertung-loser-scores-nothing", "scoring.schwingerwertung_both", "SchwingerwertungLoserScoresNothing",
       "Schwingerwertung: the loser scores nothing", level="scoring",
       neighbours=("table.columns", "table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff",
                   "table.sieg_mit_angriff", "table.sieg_ohne_angriff")),
    # matches
    _m("older-starts", "match.first_starter", "OlderStarts", "the older player starts the first Gang",
       level="match", neighbours=_STARTERS),
    _m("winner-starts", "match.loser_starts", "WinnerStarts", "the winner of a Gang starts the next one",
       level="match", neighbours=_STARTERS),
    _m("draw-more-points-starts", "match.draw_starter", "DrawMorePointsStarts",
       "after a Gestellter the player with more points starts", level="match", neighbours=_STARTERS),
    _m("tie-reading-ignored", "match.draw_starter", "TieReadingIgnored",
       "after a Gestellter at equal points the younger starts whatever draw_tie_starter says",
       level="match", neighbours=_STARTERS),
    _m("tie-older-starts", "match.draw_starter", "TieOlderStarts",
       "after a Gestellter at equal points the older player starts whatever draw_tie_starter says",
       level="match", neighbours=_STARTERS),
    _m("equal-totals-p0-wins", "match.winner", "EqualTotalsP0Wins",
       "a match with equal totals is won by P0", level="match", neighbours=("match.goal",)),
    _m("totals-without-last-gang", "match.record_points", "TotalsWithoutLastGang",
       "the final totals leave out the points of the last Gang", level="match",
       neighbours=("match.winner", "match.goal")),
    # Schwingfeste
    _m("fest-once-each", "fest.twice_each", "FestOnceEach",
       "in a Schwingfest each pair meets once, not twice", level="schwingfest", neighbours=("fest.four_players",)),
    _m("fest-crowded-rounds", "fest.parallel", "FestCrowdedRounds",
       "the schedule puts the first two rounds into one, so a Schwinger fights twice in a round", level="schwingfest",
       neighbours=("fest.twice_each",)),
    # the second meeting's starter follows Rules.fest_starter (AMB-FEST-STARTER): the clause of the reading in force
    # (divergence_clauses.fest_starter_clause: match.loser_starts under "loser_of_first_meeting", the default,
    # fest.twice_each under "alternate")
    _m("fest-starter-always-younger", "match.loser_starts", "FestStarterAlwaysYounger",
       "the younger of a pair starts both its meetings whatever fest_starter says", level="schwingfest",
       neighbours=("match.first_starter", "match.draw_starter", "fest.twice_each")),
    # the same bug under "alternate" only: there the older starts the second meeting, each of the pair starting one of
    # its two meetings, a reading of fest.twice_each that applies no sentence of the Ablauf (AMB-FEST-STARTER (b))
    _m("fest-alternate-younger-starts-both", "fest.twice_each", "FestAlternateYoungerStartsBoth",
       'under fest_starter "alternate" the younger of a pair starts both its meetings, the older never its second',
       level="schwingfest", neighbours=("match.first_starter", "match.loser_starts")),
    _m("fest-winner-of-first-starts", "match.loser_starts", "FestWinnerOfFirstStarts",
       'under fest_starter "loser_of_first_meeting" (the default) the winner of a pair\'s first meeting starts the second',
       level="schwingfest", neighbours=("match.first_starter", "fest.twice_each")),
    # the booklet ranks a Schwingfest by points as it ranks a match (match.winner); ties are AMB-FEST-TIES
    _m("fest-ranks-not-shared", "match.winner", "FestRanksNotShared",
       "equal points get different ranks (by seat) instead of a shared rank", level="schwingfest",
       neighbours=("fest.twice_each",)),
    _m("fest-dense-ranks", "match.winner", "FestDenseRanks",
       "ranks are dense: after a rank shared by two the next Schwinger is ranked one lower, not below both",
       level="schwingfest", neighbours=("fest.twice_each",)),
    _m("fest-tiebreak-ignored", "match.winner", "FestTiebreakIgnored",
       "equal points share a rank whatever fest_tiebreak says", level="schwingfest", neighbours=("fest.twice_each",)),
)
"""Every mutant of the kit, Gang first, then scoring, match and Schwingfest."""


NOT_MUTATED: dict[str, str] = {
    "setup.two_players": "the protocol is a game of two seats: no engine decision can add a third",
    "cards.schwungkarten": "the harness sends the whole deal of 26 cards; the engine decides nothing about the deck",
    "setup.angriffskarte": "the Angriff card is a token on the table: the Angriff's rules are mutated instead",
    "deal.hand_private": "what a player may see is not observable: the harness sees both hands",
    "deal.shuffle": "the harness shuffles and deals (start sends the deal): no engine decision",
    "deal.hands": "the harness deals the hands (start sends them): no engine decision",
    "deal.set_aside": "the harness sets the cards aside (start sends them); the trump they give is mutated (deal.trump)",
    "match.redeal": "the harness deals every Gang of a match anew: no engine decision",
    "setup.gangkarten": "the harness chooses the match length and the reference server holds it: no engine decision",
    "match.end": "the reference server ends the match after the length the harness sent: no engine decision",
    "match.goal": "the same decision as match.winner, which is mutated (equal-totals-p0-wins, totals-without-last-gang)",
    "gang.tricks_decide": "the same decision as gang.more_tricks_wins, which is mutated (draw-goes-to-attacker)",
    "scoring.tricks_decide": "the points follow the outcome, whose rows are mutated one by one (table.*)",
    "scoring.tricks_only": "the engine's points take only the outcome and the tricks: no card value reaches them",
    "scoring.two_systems": "the harness names the system in every points request: no engine decision chooses it",
    "scoring.choose_system": "the harness names the system in every request of a match: no engine decision",
    "schwung.answer_draw": "the draws are mutated as one decision (answerer-draws-first, pile-from-the-bottom)",
    "angriff.stier_on_pile": "laying the Stier across the pile is the Angriff itself: angriff.* are mutated",
    "angriff.play_out": "the play after the Angriff is the play without draws: angriff.locks_pile is mutated",
    "fest.more_players": "a statement of what a Schwingfest is, not a rule a game can break",
    "fest.four_players": "the same schedule rule as fest.twice_each, which is mutated (fest-once-each)",
}
"""The clauses no mutant breaks, each with the reason: no engine decision behind the protocol can break it, or another mutant breaks the same decision."""


def get_mutant(mutant_id: str) -> Mutant:
    """The mutant with id ``mutant_id``; raises ``UnknownMutantError``."""
    for mutant in MUTANTS:
        if mutant.id == mutant_id:
            return mutant
    raise UnknownMutantError(mutant_id)
