"""The clause registry: every rule statement of the booklet with a stable id, its German and French text, and an English paraphrase."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

__all__ = ["CLAUSES", "Clause", "get_clause"]


@attrs.frozen
class Clause:
    """One rule statement of the booklet.

    ``de`` and ``fr`` are verbatim quotes of ``shared/rules/schwinget.de.txt`` and
    ``schwinget.fr.txt`` (line breaks joined); ``en`` is this library's paraphrase.
    Ids are stable: they never change meaning once published.
    """

    id: str
    section: str
    de: str
    fr: str
    en: str

    def __str__(self) -> str:
        return f"{self.id}: {self.en}"


def _c(id: str, section: str, de: str, fr: str, en: str) -> Clause:
    return Clause(id=id, section=section, de=de, fr=fr, en=en)


_ALL: tuple[Clause, ...] = (
    # --- Spielinhalt / Contenu du jeu
    _c("cards.schwungkarten", "Spielinhalt",
       "26 Schwungkarten: 24 Karten (je 4x die Zahlen von 1-6 in 4 Farben), 1 Kampfrichterkarte, 1 Brienzer-Konterkarte",
       "",
       "There are 26 Schwungkarten: the values 1-6 in each of 4 colours, one Kampfrichter and one Brienzer-Konter."),
    _c("cards.special", "Zwei spezielle Schwungkarten",
       "Zwei spezielle Schwungkarten",
       "",
       "The Kampfrichter and the Brienzer-Konter are special cards: they have no colour and no value."),
    _c("setup.angriffskarte", "Spielvorbereitung",
       "Jeder Spieler legt eine Angriffskarte (Stier) vor sich auf dem Tisch bereit.",
       "",
       "Each player has one Angriff card (Stier) ready on the table."),
    _c("setup.gangkarten", "Spielvorbereitung",
       "Für ein kurzes Spiel 4 Gangkarten, für ein langes Spiel alle 6 Gangkarten verwenden.",
       "",
       "A short game uses 4 Gang cards (4 Gänge), a long game all 6."),
    # --- Der Ablauf jedes Ganges: Punkte 1-3
    _c("deal.shuffle", "Ablauf eines Ganges",
       "Die restlichen 26 Schwungkarten mischen.",
       "",
       "Each Gang starts by shuffling the 26 Schwungkarten."),
    _c("deal.hands", "Ablauf eines Ganges",
       "Jedem Spieler abwechselnd je eine Schwungkarte verteilen, bis jeder Spieler 5 Karten auf der Hand hat.",
       "",
       "Deal one card at a time to each player in turn until each holds 5."),
    _c("deal.hand_private", "Spielvorbereitung",
       "Jeder Spieler erhält 5 Schwungkarten in die Hand, die nur er/sie ansehen darf",
       "",
       "Each player's hand is seen by that player only."),
    _c("deal.set_aside", "Ablauf eines Ganges",
       "4 Schwungkarten verdeckt beiseitelegen und die oberste aufdecken.",
       "",
       "Set 4 cards aside face down and turn the top one face up; the set-aside cards are out of play."),
    _c("deal.trump", "Ablauf eines Ganges",
       "Diese Karte zeigt die Trumpf-Farbe dieses Ganges an",
       "",
       "The colour of the revealed card is the trump colour of this Gang."),
    _c("deal.no_trump", "Ablauf eines Ganges",
       "Wird dabei der Kampfrichter oder der Brienzer-Konter aufgedeckt, gibt es in diesem Gang keine Trumpf-Farbe.",
       "",
       "If the revealed card is the Kampfrichter or the Brienzer-Konter, the Gang has no trump colour."),
    _c("deal.pile", "Ablauf eines Ganges",
       "Die restlichen Schwungkarten als verdeckter Nachziehstapel zwischen die beiden Spieler legen.",
       "",
       "The remaining 12 cards form the face-down draw pile."),
    # --- Spielziel
    _c("match.goal", "Spielziel",
       "Gewonnen hat, wer nach 4 Gängen (kurzes Spiel) beziehungsweise nach 6 Gängen (langes Spiel) am meisten Punkte gemäss Wertungstabelle erzielt hat.",
       "",
       "The winner is whoever has the most points from the scoring table after 4 (short) or 6 (long) Gänge."),
    _c("gang.tricks_decide", "Spielziel",
       "Dabei ist die Anzahl gemachter Stiche entscheidend.",
       "",
       "What decides a Gang is the number of tricks won."),
    # --- Ablauf
    _c("match.first_starter", "Ablauf",
       "Der jüngere Spieler beginnt den ersten Gang.",
       "",
       "The younger player starts the first Gang."),
    _c("match.loser_starts", "Ablauf",
       "Ab dem zweiten Gang beginnt jeweils der Verlierer.",
       "",
       "From the second Gang on, the loser of the previous Gang starts."),
    _c("match.draw_starter", "Ablauf",
       "Endet der Gang unentschieden, beginnt der Spieler mit aktuell weniger Punkten.",
       "",
       "After a drawn Gang, the player with fewer points so far starts."),
    _c("gang.turn", "Ablauf",
       "Der Spieler am Zug macht einen Schwung oder startet einen Angriff.",
       "",
       "The player to lead either makes a Schwung or starts an Angriff."),
    # --- Einen Schwung machen
    _c("schwung.lead", "Einen Schwung machen",
       "Der Beginner spielt eine seiner Handkarten offen in die Spieltischmitte aus",
       "",
       "The leader plays one card from hand face up to the middle of the table."),
    _c("schwung.lead_draw", "Einen Schwung machen",
       "und zieht sofort eine Schwungkarte vom Nachziehstapel auf die Hand nach.",
       "",
       "The leader draws a card from the pile at once, before the opponent answers."),
    _c("schwung.answer", "Einen Schwung machen",
       "Der Gegner erwidert den Schwung mit einem eigenen Schwung, indem er ebenfalls eine Karte ausspielt.",
       "",
       "The opponent answers by playing one card."),
    _c("schwung.farbzwang", "Einen Schwung machen",
       "Er muss dabei die gleiche Farbe spielen, wie sein Gegner (=Farbzwang).",
       "",
       "The answer must be of the led colour (Farbzwang)."),
    _c("schwung.higher_wins", "Einen Schwung machen",
       "Die Karte mit dem höheren Wert gewinnt den Stich.",
       "",
       "Of two cards of the same colour, the higher value wins the trick."),
    _c("schwung.void_any", "Einen Schwung machen",
       "Wer keine Karte der vom Gegner ausgespielten Farbe hat, darf irgendeine Karte spielen,",
       "",
       "A player holding no card of the led colour may answer with any card."),
    _c("schwung.void_loses", "Einen Schwung machen",
       "verliert aber den Stich",
       "",
       "An answer that does not follow the led colour (and is not trump or a special card) loses the trick."),
    _c("schwung.answer_draw", "Einen Schwung machen",
       "und zieht ebenfalls sofort eine Schwungkarte vom Nachziehstapel nach.",
       "",
       "The answering player also draws a card from the pile at once."),
    # --- Spezialfall Trumpf-Farbe
    _c("trump.anytime", "Spezialfall Trumpf-Farbe",
       "Karten der Trumpf-Farbe dürfen jederzeit gegen jede andere Farbe gespielt werden. Also auch anstelle eines «Farbzwangs».",
       "",
       "A trump card may always be played, even instead of following the led colour."),
    _c("trump.beats", "Spezialfall Trumpf-Farbe",
       "Die Trumpf-Farbe schlägt dabei alle anderen Farben und gewinnt den Stich. Ausnahme: Kampfrichter (siehe weiter unten).",
       "",
       "A trump card beats every card of another colour; the Kampfrichter is the exception."),
    # --- Stich
    _c("trick.winner_takes", "Einen Schwung machen",
       "Der Gewinner des Stichs nimmt beide Schwungkarten zu sich. Er hat nun einen Stich gewonnen",
       "",
       "The winner of a trick takes both cards and has won one trick."),
    _c("trick.winner_leads", "Einen Schwung machen",
       "und darf als Sieger wieder ausspielen. Er hat nun wieder die Auswahl zwischen «einen Schwung machen» oder «einen Angriff starten».",
       "",
       "The winner of a trick leads next, again with the choice of a Schwung or an Angriff."),
    # --- Einen Angriff machen
    _c("angriff.who", "Einen Angriff machen",
       "Vor einem Schwung kann der Spieler, der mit Ausspielen am Zug ist, einen Angriff starten.",
       "",
       "Before a Schwung, the player about to lead may start the Angriff."),
    _c("angriff.locks_pile", "Einen Angriff machen",
       "Ab sofort ist der Nachziehstapel für beide Spieler gesperrt und es werden in diesem Gang keine neuen Karten mehr nachgezogen.",
       "",
       "After the Angriff the pile is locked: nobody draws again in this Gang."),
    _c("angriff.play_out", "Einen Angriff machen",
       "Die Spieler spielen mit ihren verbleibenden 5 Handkarten den Gang zu Ende.",
       "",
       "After the Angriff the Gang is played out with the 5 cards in each hand."),
    _c("angriff.not_empty_pile", "Einen Angriff machen",
       "Falls der Nachziehstapel aufgebraucht ist, kann kein Angriff gespielt werden!",
       "",
       "No Angriff once the pile is used up."),
    _c("angriff.once", "Einen Angriff machen",
       "Es gibt nur einen Angriff pro Gang.",
       "",
       "There is at most one Angriff per Gang."),
    _c("plattwurf.definition", "Einen Angriff machen",
       "Hat ein Spieler alle 5 Stiche nach dem Angriff gewinnen können, gilt das als Plattwurf-Sieg.",
       "",
       "A player who wins all 5 tricks after the Angriff wins by Plattwurf."),
    _c("gang.more_tricks_wins", "Einen Angriff machen",
       "Wird kein Plattwurf-Sieg errungen, hat der Spieler den Gang gewonnen, der im ganzen Gang mehr Stiche erzielt hat.",
       "",
       "Without a Plattwurf, the player with more tricks in the whole Gang wins it; equal tricks is a draw (Gestellter)."),
    # --- Ende eines Ganges
    _c("gang.end_no_angriff", "Ende eines Ganges",
       "Wenn kein Spieler einen Angriff gemacht hat, endet der Gang, wenn der Nachziehstapel aufgebraucht ist und beide Spieler keine Handkarten mehr haben.",
       "",
       "Without an Angriff, the Gang ends when the pile is used up and both hands are empty (11 Schwünge)."),
    _c("gang.end_angriff", "Ende eines Ganges",
       "Wenn ein Spieler einen Angriff machte, endet der Gang, wenn beide Spieler keine Handkarten mehr haben.",
       "",
       "After an Angriff, the Gang ends when both hands are empty."),
    _c("match.record_points", "Ende eines Ganges",
       "Nachdem ein Gang endet, notieren die Spieler ihre Punkte gemäss der Wertungstabelle und decken die nächste Gangkarte auf.",
       "",
       "After each Gang the players record their points from the scoring table and move to the next Gang."),
    _c("match.redeal", "Ende eines Ganges",
       "Die Karten werden neu gemischt und verteilt, wie unter Punkt 1 bis 3 zu Beginn beschrieben.",
       "",
       "Every Gang is dealt anew from a fresh shuffle."),
    # --- Brienzer-Konter
    _c("konter.beats_six", "Brienzer-Konter",
       "Der Brienzer-Konter schlägt alle Brienzer-Schwünge (Kampfwert 6).",
       "",
       "The Brienzer-Konter beats every card of value 6 (a Brienzer-Schwung)."),
    _c("konter.loses", "Brienzer-Konter",
       "Gegen alle anderen Karten hat der Brienzer-Konter keinen Stich und verliert",
       "",
       "Against every other card the Brienzer-Konter loses."),
    _c("konter.last_trick", "Brienzer-Konter",
       "(ausser im allerletzten Stich gewinnt er gegen den Kampfrichter)",
       "",
       "Exception: on the very last trick the Brienzer-Konter wins against the Kampfrichter."),
    # --- Kampfrichter
    _c("kampfrichter.neutralises", "Kampfrichter",
       "Der Kampfrichter neutralisiert die vom Gegner ausgespielte Schwungkarte und der Stich bleibt vorerst in der Mitte liegen.",
       "",
       "The Kampfrichter neutralises the opponent's card; nobody wins the trick yet, it stays in the middle."),
    _c("kampfrichter.chooses", "Kampfrichter",
       "Der Kampfrichter entscheidet jetzt, wer als nächster ausspielen soll.",
       "",
       "The player of the Kampfrichter decides who leads next."),
    _c("kampfrichter.collect", "Kampfrichter",
       "Wer den Stich dann gewinnt, erhält auch den vorherigen Stich mit dem Kampfrichter.",
       "",
       "The winner of the next trick also receives the neutralised trick."),
    _c("kampfrichter.last_schwung", "Kampfrichter",
       "WICHTIG: Beim allerletzten Schwung in einem Gang hat der Kampfrichter keinen Effekt. In diesem Fall gewinnt immer der gegnerische Spieler den Stich.",
       "",
       "On the very last Schwung of a Gang the Kampfrichter has no effect: the other player wins the trick."),
    # --- Wertung eines Ganges
    _c("scoring.tricks_only", "Wertung eines Ganges",
       "WICHTIG: Es zählt die Anzahl gemachter Stiche. Die Werte der Karten sind hier ohne Bedeutung.",
       "",
       "A Gang is scored by the number of tricks; the values of the cards won do not count."),
    _c("scoring.choose_system", "Wertung eines Ganges",
       "Am besten entscheidet ihr vor Spielstart, welche Wertung für alle Gänge gelten soll.",
       "",
       "The scoring system (Schwingerwertung or Punktewertung) is chosen once, before the match, for all Gänge."),
    _c("scoring.schwingerwertung_both", "Wertung eines Ganges",
       "Bei der Schwingerwertung erhalten jeweils beide Spieler Punkte, der Gewinner und der Verlierer.",
       "",
       "Under the Schwingerwertung both players score, the winner and the loser."),
    _c("scoring.punktewertung_winner", "Wertung eines Ganges",
       "Bei der Punktewertung erhält mit einer Ausnahme (Verloren, aber gut gekämpft) nur der Sieger Punkte.",
       "",
       "Under the Punktewertung only the winner scores, except for the good loser (Verloren, aber gut gekämpft)."),
    _c("table.plattwurf_eigener_angriff", "Wertungstabelle",
       "Wenn ein Spieler nach eigenem Angriff alle darauffolgenden 5 Stiche gewinnt, hat er den Gang gewonnen und erhält eine 10.00 oder 7 Punkte.",
       "",
       "Plattwurf after the winner's own Angriff: Schwingerwertung 10.00 / 8.50, Punktewertung 7 / 0."),
    _c("table.plattwurf_gegnerischer_angriff", "Wertungstabelle",
       "Wenn ein Spieler nach gegnerischem Angriff alle darauffolgenden 5 Stiche gewinnt, hat er den Gang gewonnen und erhält eine 10.00 oder 5 Punkte.",
       "",
       "Plattwurf after the loser's Angriff: Schwingerwertung 10.00 / 8.75, Punktewertung 5 / 0."),
    _c("table.sieg_mit_angriff", "Wertungstabelle",
       "Wenn ein Spieler einen Angriff machte, erhält der Spieler, der insgesamt mehr Stiche gemacht hat, 9.75 oder 3 Punkte.",
       "",
       "Win with an Angriff (no Plattwurf): Schwingerwertung 9.75 / 8.75, Punktewertung 3 / 0."),
    _c("table.sieg_ohne_angriff", "Wertungstabelle",
       "Wenn kein Spieler einen Angriff machte, erhält der Spieler, der insgesamt mehr Stiche gemacht hat, 9.75 oder 2 Punkte.",
       "",
       "Win without an Angriff: Schwingerwertung 9.75 / 8.50, Punktewertung 2 / 0."),
    _c("table.gestellter", "Wertungstabelle",
       "Beide Spieler haben gleich viele Stiche erzielt.",
       "",
       "Gestellter (equal tricks): Schwingerwertung 9.00 / 9.00, Punktewertung 1 / 1."),
    _c("table.gut_gekaempft", "Wertungstabelle",
       "Hat der Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt.",
       "",
       "Punktewertung: a loser with 3 tricks or more scores 1 point (Verloren, aber gut gekämpft)."),
    # --- Spielende
    _c("match.end", "Spielende",
       "Das Spiel endet bei einem kurzen Spiel nach 4 Gängen und bei einem langen nach 6 Gängen.",
       "",
       "A short match ends after 4 Gänge, a long one after 6."),
    _c("match.winner", "Spielende",
       "Gewonnen hat, wer am Ende aller Durchgänge am meisten Punkte erzielt hat.",
       "",
       "The player with the most points after all Gänge wins the match."),
    # --- Schwingfest
    _c("fest.more_players", "Turnier Modus «Schwingfest»",
       "Bei mehr als 2 Spielern könnt ihr natürlich auch ein Schwingfest spielen.",
       "",
       "With more than 2 players, a Schwingfest tournament can be held."),
    _c("fest.parallel", "Turnier Modus «Schwingfest»",
       "Idealerweise habt ihr dazu mehr als 1 Schwinget-Kartenset, damit unterschiedliche Paarungen gleichzeitig zu Gängen antreten können.",
       "",
       "With more than one card set, different pairings can fight their Gänge at the same time."),
    _c("fest.twice_each", "Turnier Modus «Schwingfest»",
       "Beispiel: Bei 3 Schwingern würde jeder gegen jeden zweimal antreten, damit alle 4 Gänge absolviert haben, die gewertet werden können.",
       "",
       "In a Schwingfest each Schwinger meets each other twice, one Gang per meeting (3 players: 4 Gänge each)."),
    _c("fest.four_players", "Turnier Modus «Schwingfest»",
       "Bei 4 Schwingern ergeben sich bei gleichem Modus (zweimal jeder gegen jeden) 6 Gänge, die gewertet werden können.",
       "",
       "With 4 Schwinger the same mode gives 6 Gänge each."),
)

CLAUSES: Mapping[str, Clause] = MappingProxyType({c.id: c for c in _ALL})
"""Every clause by id, in the booklet's reading order."""


def get_clause(clause_id: str) -> Clause:
    """The clause with id ``clause_id``; raises KeyError naming the id if there is none."""
    try:
        return CLAUSES[clause_id]
    except KeyError:
        raise KeyError(f"no clause with id {clause_id!r}") from None
