"""The clause registry: every rule statement of the booklet with a stable id, its German and French text, and an English paraphrase."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from schwinget_spec.errors import UnknownClauseError

__all__ = ["CLAUSES", "Clause", "get_clause"]


@attrs.frozen
class Clause:
    """One rule statement of the booklet.

    ``de`` and ``fr`` are verbatim quotes of ``shared/rules/schwinget.de.txt`` and
    ``schwinget.fr.txt`` (each run of whitespace, line breaks included, read as one space);
    a German fragment is matched by the French fragment that says the same. A row of the
    scoring table is quoted with its label and figures, so the quote carries the points.
    ``en`` is this library's paraphrase. Ids are stable: they never change meaning once
    published.
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
    # --- Schwinget / La Lutte suisse
    _c("setup.two_players", "Schwinget",
       "Ein Spiel für 2 Spieler ab 8 Jahren.",
       "Un jeu pour 2 joueurs dès 8 ans.",
       "Schwinget is a game for 2 players."),
    # --- Spielinhalt, Spielvorbereitung / Contenu du jeu, Préparation
    _c("cards.schwungkarten", "Spielinhalt",
       "26 Schwungkarten: 24 Karten (je 4x die Zahlen von 1-6 in 4 Farben), 1 Kampfrichterkarte, 1 Brienzer-Konterkarte",
       "26 cartes de Prise de lutte: 24 cartes (4x numérotées de 1 à 6 en 4 couleurs), 1 Juré, 1 carte Brienz contré",
       "There are 26 Schwungkarten: the values 1-6 in each of 4 colours, one Kampfrichter and one Brienzer-Konter."),
    _c("setup.gangkarten", "Spielvorbereitung",
       "Für ein kurzes Spiel 4 Gangkarten, für ein langes Spiel alle 6 Gangkarten verwenden.",
       "Utiliser 4 cartes de passe pour une partie courte et les 6 cartes de passe pour une partie longue.",
       "A short game uses 4 Gang cards (4 Gänge), a long game all 6."),
    _c("setup.angriffskarte", "Spielvorbereitung",
       "Jeder Spieler legt eine Angriffskarte (Stier) vor sich auf dem Tisch bereit.",
       "Chaque joueur prépare une carte d’attaque (taureau) devant lui sur la table.",
       "Each player has one Angriff card (Stier) ready on the table."),
    _c("deal.hand_private", "Spielvorbereitung",
       "Jeder Spieler erhält 5 Schwungkarten in die Hand, die nur er/sie ansehen darf",
       "Chaque joueur reçoit 5 cartes de Prise de lutte, qu’il ou elle peut regarder.",
       "Each player's hand is seen by that player only."),
    # --- Der Ablauf jedes Ganges: Punkte 1-3 / La procédure de chaque passe: points 1 à 3
    _c("deal.shuffle", "Ablauf eines Ganges",
       "Die restlichen 26 Schwungkarten mischen.",
       "Mélanger les 26 cartes de Prise de lutte restantes.",
       "Each Gang starts by shuffling the 26 Schwungkarten."),
    _c("deal.hands", "Ablauf eines Ganges",
       "Jedem Spieler abwechselnd je eine Schwungkarte verteilen, bis jeder Spieler 5 Karten auf der Hand hat.",
       "Distribuer à chaque joueur, à tour de rôle, une carte de Prise de lutte jusqu’à ce que chaque joueur ait 5 cartes en main.",
       "Deal one card at a time to each player in turn until each holds 5."),
    _c("deal.set_aside", "Ablauf eines Ganges",
       "4 Schwungkarten verdeckt beiseitelegen und die oberste aufdecken.",
       "Mettre de côté 4 cartes de Prise de lutte, face cachée, et retourner la première carte.",
       "Set 4 cards aside face down and turn the top one face up; the set-aside cards are out of play."),
    _c("deal.trump", "Ablauf eines Ganges",
       "Diese Karte zeigt die Trumpf-Farbe dieses Ganges an",
       "Cette carte indique la couleur de l’atout de cette passe",
       "The colour of the revealed card is the trump colour of this Gang."),
    _c("deal.no_trump", "Ablauf eines Ganges",
       "Wird dabei der Kampfrichter oder der Brienzer-Konter aufgedeckt, gibt es in diesem Gang keine Trumpf-Farbe.",
       "Si le Juré ou le Brienz contré sont alors retournés, il n’y a pas de couleur d’atout pour cette passe.",
       "If the revealed card is the Kampfrichter or the Brienzer-Konter, the Gang has no trump colour."),
    _c("deal.pile", "Ablauf eines Ganges",
       "Die restlichen Schwungkarten als verdeckter Nachziehstapel zwischen die beiden Spieler legen.",
       "Placer les cartes de Prise de lutte restantes face cachée entre les deux joueurs, c’est la pioche.",
       "The remaining 12 cards form the face-down draw pile."),
    # --- Spielziel / But du jeu
    _c("match.goal", "Spielziel",
       "Gewonnen hat, wer nach 4 Gängen (kurzes Spiel) beziehungsweise nach 6 Gängen (langes Spiel) am meisten Punkte gemäss Wertungstabelle erzielt hat.",
       "le gagnant est celui qui a obtenu le plus de points selon le tableau d’évaluation après 4 passes (partie courte) ou après 6 passes (partie longue).",
       "The winner is whoever has the most points from the scoring table after 4 (short) or 6 (long) Gänge."),
    _c("gang.tricks_decide", "Spielziel",
       "Dabei ist die Anzahl gemachter Stiche entscheidend.",
       "Le nombre de plis réalisés est déterminant.",
       "What decides a Gang is the number of tricks won."),
    # --- Ablauf / Déroulement
    _c("match.first_starter", "Ablauf",
       "Der jüngere Spieler beginnt den ersten Gang.",
       "Le joueur le plus jeune commence la première passe.",
       "The younger player starts the first Gang."),
    _c("match.loser_starts", "Ablauf",
       "Ab dem zweiten Gang beginnt jeweils der Verlierer.",
       "À partir de la deuxième passe, ce sera toujours au perdant de commencer.",
       "From the second Gang on, the loser of the previous Gang starts."),
    _c("match.draw_starter", "Ablauf",
       "Endet der Gang unentschieden, beginnt der Spieler mit aktuell weniger Punkten.",
       "Si la passe se termine par un match nul, le joueur qui a actuellement le moins de points commence.",
       "After a drawn Gang, the player with fewer points so far starts."),
    _c("gang.turn", "Ablauf",
       "Der Spieler am Zug macht einen Schwung oder startet einen Angriff.",
       "Le joueur dont c’est le tour fait une prise de lutte ou lance une attaque.",
       "The player to lead either makes a Schwung or starts an Angriff."),
    # --- Einen Schwung machen / Réaliser une prise de lutte
    _c("schwung.lead", "Einen Schwung machen",
       "Der Beginner spielt eine seiner Handkarten offen in die Spieltischmitte aus",
       "Le joueur qui commence pose une de ses cartes en main face visible au centre de la table",
       "The leader plays one card from hand face up to the middle of the table."),
    _c("schwung.lead_draw", "Einen Schwung machen",
       "und zieht sofort eine Schwungkarte vom Nachziehstapel auf die Hand nach.",
       "et pioche immédiatement une carte de Prise de lutte pour l’ajouter à sa main.",
       "The leader draws a card from the pile at once, before the opponent answers."),
    _c("schwung.answer", "Einen Schwung machen",
       "Der Gegner erwidert den Schwung mit einem eigenen Schwung, indem er ebenfalls eine Karte ausspielt.",
       "L’adversaire réplique avec sa propre prise en jouant également une carte.",
       "The opponent answers by playing one card."),
    _c("schwung.farbzwang", "Einen Schwung machen",
       "Er muss dabei die gleiche Farbe spielen, wie sein Gegner (=Farbzwang).",
       "Il doit alors jouer la même couleur que son adversaire (= obligation de couleur).",
       "The answer must be of the led colour (Farbzwang)."),
    _c("schwung.higher_wins", "Einen Schwung machen",
       "Die Karte mit dem höheren Wert gewinnt den Stich.",
       "La carte avec la valeur la plus élevée gagne le pli.",
       "Of two cards of the same colour, the higher value wins the trick."),
    _c("schwung.void_any", "Einen Schwung machen",
       "Wer keine Karte der vom Gegner ausgespielten Farbe hat, darf irgendeine Karte spielen,",
       "Celui qui n’a pas de carte de la couleur jouée par son adversaire peut jouer n’importe quelle carte,",
       "A player holding no card of the led colour may answer with any card."),
    _c("schwung.void_loses", "Einen Schwung machen",
       "verliert aber den Stich",
       "mais perd le pli",
       "An answer that does not follow the led colour (and is not trump or a special card) loses the trick."),
    _c("schwung.answer_draw", "Einen Schwung machen",
       "und zieht ebenfalls sofort eine Schwungkarte vom Nachziehstapel nach.",
       "et pioche également immédiatement une nouvelle carte.",
       "The answering player also draws a card from the pile at once."),
    # --- Spezialfall Trumpf-Farbe / Cas particulier de la couleur d'atout (earlier in the French booklet)
    _c("trump.anytime", "Spezialfall Trumpf-Farbe",
       "Karten der Trumpf-Farbe dürfen jederzeit gegen jede andere Farbe gespielt werden. Also auch anstelle eines «Farbzwangs».",
       "Les cartes de la couleur de l’atout peuvent être jouées à tout moment contre n’importe quelle autre couleur. Donc aussi au lieu d’une «obligation de couleur».",
       "A trump card may always be played, even instead of following the led colour."),
    _c("trump.beats", "Spezialfall Trumpf-Farbe",
       "Die Trumpf-Farbe schlägt dabei alle anderen Farben und gewinnt den Stich. Ausnahme: Kampfrichter (siehe weiter unten).",
       "La couleur d’atout bat alors toutes les autres couleurs et remporte le pli. Exception: le juré (voir ci-après).",
       "A trump card beats every card of another colour; the Kampfrichter is the exception."),
    # --- Stich / Pli
    _c("trick.winner_takes", "Einen Schwung machen",
       "Der Gewinner des Stichs nimmt beide Schwungkarten zu sich. Er hat nun einen Stich gewonnen",
       "Le gagnant du pli prend les deux cartes de Prise de lutte. Il a maintenant gagné un pli",
       "The winner of a trick takes both cards and has won one trick."),
    _c("trick.winner_leads", "Einen Schwung machen",
       "und darf als Sieger wieder ausspielen. Er hat nun wieder die Auswahl zwischen «einen Schwung machen» oder «einen Angriff starten».",
       "et peut rejouer en tant que vainqueur. Il a maintenant à nouveau le choix entre «faire une prise de lutte» ou «lancer une attaque».",
       "The winner of a trick leads next, again with the choice of a Schwung or an Angriff."),
    _c("scoring.tricks_decide", "Einen Schwung machen",
       "Für die Wertung des Ganges ist die Anzahl Stiche entscheidend.",
       "Le nombre de plis est déterminant pour l’évaluation de la passe.",
       "A Gang is scored by the number of tricks each player won."),
    # --- Einen Angriff machen / Lancer une attaque
    _c("angriff.who", "Einen Angriff machen",
       "Vor einem Schwung kann der Spieler, der mit Ausspielen am Zug ist, einen Angriff starten.",
       "Avant une prise, le joueur dont c’est le tour peut lancer une attaque.",
       "Before a Schwung, the player about to lead may start the Angriff."),
    _c("angriff.stier_on_pile", "Einen Angriff machen",
       "Dafür legt er seine Angriffskarte (Stier) quer auf den Nachziehstapel.",
       "Pour cela, il pose sa carte d’attaque (taureau) en travers de la pioche.",
       "The attacker starts the Angriff by laying his Angriff card (Stier) across the draw pile."),
    _c("angriff.locks_pile", "Einen Angriff machen",
       "Ab sofort ist der Nachziehstapel für beide Spieler gesperrt und es werden in diesem Gang keine neuen Karten mehr nachgezogen.",
       "À partir de maintenant, la pioche est bloquée pour les deux joueurs et aucune nouvelle carte n’est piochée au cours de cette passe.",
       "After the Angriff the pile is locked: nobody draws again in this Gang."),
    _c("angriff.play_out", "Einen Angriff machen",
       "Die Spieler spielen mit ihren verbleibenden 5 Handkarten den Gang zu Ende.",
       "Les joueurs terminent la passe avec les 5 cartes restantes de leur main.",
       "After the Angriff the Gang is played out with the 5 cards in each hand."),
    _c("angriff.not_empty_pile", "Einen Angriff machen",
       "Falls der Nachziehstapel aufgebraucht ist, kann kein Angriff gespielt werden!",
       "Si la pioche est épuisée, aucune attaque ne peut être jouée!",
       "No Angriff once the pile is used up."),
    _c("angriff.once", "Einen Angriff machen",
       "Es gibt nur einen Angriff pro Gang.",
       "Il n’y a qu’une seule attaque par passe.",
       "There is at most one Angriff per Gang."),
    _c("plattwurf.after_angriff", "Einen Angriff machen",
       "Für einen Plattwurf-Sieg sind die Anzahl Stiche wichtig, die nach dem Angriff gemacht werden.",
       "Pour un Gagné à plat, le nombre de plis réalisés après l’attaque est important.",
       "For a Plattwurf what counts is the number of tricks won after the Angriff."),
    _c("plattwurf.definition", "Einen Angriff machen",
       "Hat ein Spieler alle 5 Stiche nach dem Angriff gewinnen können, gilt das als Plattwurf-Sieg.",
       "Si un joueur a pu gagner les 5 plis après l’attaque, cela est considéré comme un Gagné à plat.",
       "A player who wins all 5 tricks after the Angriff wins by Plattwurf."),
    _c("gang.more_tricks_wins", "Einen Angriff machen",
       "Wird kein Plattwurf-Sieg errungen, hat der Spieler den Gang gewonnen, der im ganzen Gang mehr Stiche erzielt hat.",
       "Si aucun Gagné à plat n’est obtenu, le joueur qui a réalisé le plus de plis au cours de toute la passe la remporte.",
       "Without a Plattwurf, the player with more tricks in the whole Gang wins it; equal tricks is a draw (Gestellter)."),
    # --- Ende eines Ganges / Fin d'une passe
    _c("gang.end_no_angriff", "Ende eines Ganges",
       "Wenn kein Spieler einen Angriff gemacht hat, endet der Gang, wenn der Nachziehstapel aufgebraucht ist und beide Spieler keine Handkarten mehr haben.",
       "Si aucun joueur n’a fait d’attaque, la passe se termine lorsque la pioche est épuisée et que les deux joueurs n’ont plus de cartes en main.",
       "Without an Angriff, the Gang ends when the pile is used up and both hands are empty (11 Schwünge)."),
    _c("gang.end_angriff", "Ende eines Ganges",
       "Wenn ein Spieler einen Angriff machte, endet der Gang, wenn beide Spieler keine Handkarten mehr haben.",
       "Si un joueur a fait une attaque, la passe se termine lorsque les deux joueurs n’ont plus de cartes en main.",
       "After an Angriff, the Gang ends when both hands are empty."),
    _c("match.record_points", "Ende eines Ganges",
       "Nachdem ein Gang endet, notieren die Spieler ihre Punkte gemäss der Wertungstabelle und decken die nächste Gangkarte auf.",
       "Lorsqu’une passe se termine, les joueurs notent leurs points selon le tableau d’évaluation et révèlent la carte de la passe suivante.",
       "After each Gang the players record their points from the scoring table and move to the next Gang."),
    _c("match.redeal", "Ende eines Ganges",
       "Die Karten werden neu gemischt und verteilt, wie unter Punkt 1 bis 3 zu Beginn beschrieben.",
       "Les cartes sont mélangées et distribuées à nouveau comme décrit aux points 1 à 3 ci-dessus.",
       "Every Gang is dealt anew from a fresh shuffle."),
    # --- Zwei spezielle Schwungkarten / Deux cartes de prise de lutte spéciales
    _c("cards.special", "Zwei spezielle Schwungkarten",
       "Zwei spezielle Schwungkarten",
       "Deux cartes de prise de lutte spéciales",
       "The Kampfrichter and the Brienzer-Konter are special cards: they have no colour and no value."),
    # --- Brienzer-Konter / Le Brienz contré
    _c("konter.beats_six", "Brienzer-Konter",
       "Der Brienzer-Konter schlägt alle Brienzer-Schwünge (Kampfwert 6).",
       "Le Brienz contré bat toutes les prises de Brienz (valeur de combat 6).",
       "The Brienzer-Konter beats every card of value 6 (a Brienzer-Schwung)."),
    _c("konter.loses", "Brienzer-Konter",
       "Gegen alle anderen Karten hat der Brienzer-Konter keinen Stich und verliert",
       "Contre toutes les autres cartes, le Brienz contré n’a pas de pli et perd",
       "Against every other card the Brienzer-Konter loses."),
    _c("konter.last_trick", "Brienzer-Konter",
       "(ausser im allerletzten Stich gewinnt er gegen den Kampfrichter)",
       "(sauf au tout dernier pli où il gagne contre le juré)",
       "Exception: on the very last trick the Brienzer-Konter wins against the Kampfrichter."),
    # --- Kampfrichter / Juré
    _c("kampfrichter.neutralises", "Kampfrichter",
       "Der Kampfrichter neutralisiert die vom Gegner ausgespielte Schwungkarte und der Stich bleibt vorerst in der Mitte liegen.",
       "Le juré neutralise la carte de Prise de lutte jouée par l’adversaire et le pli reste pour l’instant au milieu.",
       "The Kampfrichter neutralises the opponent's card; nobody wins the trick yet, it stays in the middle."),
    _c("kampfrichter.chooses", "Kampfrichter",
       "Der Kampfrichter entscheidet jetzt, wer als nächster ausspielen soll.",
       "Le juré décide maintenant qui sera le prochain à jouer.",
       "The player of the Kampfrichter decides who leads next."),
    _c("kampfrichter.collect", "Kampfrichter",
       "Wer den Stich dann gewinnt, erhält auch den vorherigen Stich mit dem Kampfrichter.",
       "Celui qui gagne alors le pli obtient également le pli précédent avec le juré.",
       "The winner of the next trick also receives the neutralised trick."),
    _c("kampfrichter.last_schwung", "Kampfrichter",
       "WICHTIG: Beim allerletzten Schwung in einem Gang hat der Kampfrichter keinen Effekt. In diesem Fall gewinnt immer der gegnerische Spieler den Stich.",
       "IMPORTANT: lors de la toute dernière prise de lutte d’une passe, le juré n’a aucun effet. Dans ce cas, c’est toujours le joueur adverse qui gagne le pli.",
       "On the very last Schwung of a Gang the Kampfrichter has no effect: the other player wins the trick."),
    # --- Wertung eines Ganges / Évaluation d'une passe
    _c("scoring.tricks_only", "Wertung eines Ganges",
       "WICHTIG: Es zählt die Anzahl gemachter Stiche. Die Werte der Karten sind hier ohne Bedeutung.",
       "IMPORTANT: c’est le nombre de plis effectués qui compte. Les valeurs des cartes n’ont pas d’importance ici.",
       "A Gang is scored by the number of tricks; the values of the cards won do not count."),
    _c("scoring.two_systems", "Wertung eines Ganges",
       "Ihr könnt nun entscheiden, ob ihr das Spiel nach Schwingerwertung oder nach vereinfachter Punktewertung spielen wollt.",
       "Vous pouvez maintenant décider si vous voulez jouer selon le classement des lutteurs ou selon le classement par points simplifié.",
       "The players choose between two scoring systems: the Schwingerwertung and the simplified Punktewertung."),
    _c("scoring.schwingerwertung_both", "Wertung eines Ganges",
       "Bei der Schwingerwertung erhalten jeweils beide Spieler Punkte, der Gewinner und der Verlierer.",
       "Lors du classement des lutteurs, les deux joueurs, le gagnant et le perdant, reçoivent des points.",
       "Under the Schwingerwertung both players score, the winner and the loser."),
    _c("scoring.punktewertung_winner", "Wertung eines Ganges",
       "Bei der Punktewertung erhält mit einer Ausnahme (Verloren, aber gut gekämpft) nur der Sieger Punkte.",
       "Lors du décompte des points, seul le vainqueur obtient des points, à une exception près (perdu, mais bien combattu).",
       "Under the Punktewertung only the winner scores, except for the good loser (Verloren, aber gut gekämpft)."),
    _c("scoring.choose_system", "Wertung eines Ganges",
       "Am besten entscheidet ihr vor Spielstart, welche Wertung für alle Gänge gelten soll.",
       "Il est préférable de décider avant le début du jeu quel classement s’appliquera à toutes les passes.",
       "The scoring system (Schwingerwertung or Punktewertung) is chosen once, before the match, for all Gänge."),
    # --- Spielende / Fin de la partie
    _c("match.end", "Spielende",
       "Das Spiel endet bei einem kurzen Spiel nach 4 Gängen und bei einem langen nach 6 Gängen.",
       "Le jeu se termine après 4 passes pour une partie courte et après 6 passes pour une partie longue.",
       "A short match ends after 4 Gänge, a long one after 6."),
    _c("match.winner", "Spielende",
       "Gewonnen hat, wer am Ende aller Durchgänge am meisten Punkte erzielt hat.",
       "Le vainqueur est celui qui a obtenu le plus de points à la fin de toutes les passes.",
       "The player with the most points after all Gänge wins the match."),
    # --- Schwingfest / Fête de lutte
    _c("fest.more_players", "Turnier Modus «Schwingfest»",
       "Bei mehr als 2 Spielern könnt ihr natürlich auch ein Schwingfest spielen.",
       "Si vous êtes plus de 2 joueurs, vous pouvez bien sûr jouer une fête de lutte.",
       "With more than 2 players, a Schwingfest tournament can be held."),
    _c("fest.parallel", "Turnier Modus «Schwingfest»",
       "Idealerweise habt ihr dazu mehr als 1 Schwinget-Kartenset, damit unterschiedliche Paarungen gleichzeitig zu Gängen antreten können.",
       "L‘idéal est d‘avoir plus d‘un jeu de cartes de lutte pour que différentes paires puissent s‘affronter en même temps.",
       "With more than one card set, different pairings can fight their Gänge at the same time."),
    _c("fest.twice_each", "Turnier Modus «Schwingfest»",
       "Beispiel: Bei 3 Schwingern würde jeder gegen jeden zweimal antreten, damit alle 4 Gänge absolviert haben, die gewertet werden können.",
       "Exemple: avec 3 lutteurs, chacun combattrait deux fois contre chaque lutteur, afin que tous aient effectué 4 passes qui peuvent être évaluées.",
       "In a Schwingfest each Schwinger meets each other twice, one Gang per meeting (3 players: 4 Gänge each)."),
    _c("fest.four_players", "Turnier Modus «Schwingfest»",
       "Bei 4 Schwingern ergeben sich bei gleichem Modus (zweimal jeder gegen jeden) 6 Gänge, die gewertet werden können.",
       "Avec 4 lutteurs, le même mode (deux fois chacun contre chacun) donne 6 passes qui peuvent être évaluées.",
       "With 4 Schwinger the same mode gives 6 Gänge each."),
    # --- Wertungstabelle (Gangresultat) / Tableau d'évaluation (Résultat de la passe)
    _c("table.columns", "Wertungstabelle",
       "Gangresultat Variante 1 Schwingerwertung Variante 2 Punktewertung Erklärung Sieger Verlierer Sieger Verlierer",
       "Résultat de la passe Variante 1 Classement des lutteurs Variante 2 Classement par points Explication Vainqueur Perdant Vainqueur Perdant",
       "Each row of the scoring table gives the winner's and the loser's points under the Schwingerwertung (Variante 1), then under the Punktewertung (Variante 2)."),
    _c("table.plattwurf_eigener_angriff", "Wertungstabelle",
       "Plattwurf-Sieg bei Angriff durch den Sieger 10.00 8.50 7 0 Wenn ein Spieler nach eigenem Angriff alle darauffolgenden 5 Stiche gewinnt, hat er den Gang gewonnen und erhält eine 10.00 oder 7 Punkte.",
       "Victoire par Gagné à plat en cas d’attaque par le vainqueur 10.00 8.50 7 0 Si un joueur gagne les 5 plis suivants après avoir attaqué lui-même, il a gagné la passe et remporte 10 ou 7 points.",
       "Plattwurf after the winner's own Angriff: Schwingerwertung 10.00 / 8.50, Punktewertung 7 / 0."),
    _c("table.plattwurf_gegnerischer_angriff", "Wertungstabelle",
       "Plattwurf-Sieg bei Angriff durch Verlierer 10.00 8.75 5 0 Wenn ein Spieler nach gegnerischem Angriff alle darauffolgenden 5 Stiche gewinnt, hat er den Gang gewonnen und erhält eine 10.00 oder 5 Punkte.",
       "Victoire par Gagné à plat en cas d’attaque par le perdant 10.00 8.75 5 0 Si un joueur gagne les 5 plis suivants après une attaque de l’adversaire, il a gagné la passe et remporte 10 ou 5 points.",
       "Plattwurf after the loser's Angriff: Schwingerwertung 10.00 / 8.75, Punktewertung 5 / 0."),
    _c("table.sieg_mit_angriff", "Wertungstabelle",
       "Einfacher Sieg – mit Angriff 9.75 8.75 3 0 Wenn ein Spieler einen Angriff machte, erhält der Spieler, der insgesamt mehr Stiche gemacht hat, 9.75 oder 3 Punkte.",
       "Victoire facile avec attaque 9.75 8.75 3 0 Si un joueur a fait une attaque, le joueur qui a fait le plus de plis au total reçoit 9.75 ou 3 points.",
       "Win with an Angriff (no Plattwurf): Schwingerwertung 9.75 / 8.75, Punktewertung 3 / 0."),
    _c("table.sieg_ohne_angriff", "Wertungstabelle",
       "Einfacher Sieg – ohne Angriff 9.75 8.50 2 0 Wenn kein Spieler einen Angriff machte, erhält der Spieler, der insgesamt mehr Stiche gemacht hat, 9.75 oder 2 Punkte.",
       "Victoire facile sans attaque 9.75 8.50 2 0 Si aucun joueur n’a fait une attaque, le joueur qui a fait le plus de plis au total reçoit 9.75 ou 2 points.",
       "Win without an Angriff: Schwingerwertung 9.75 / 8.50, Punktewertung 2 / 0."),
    _c("table.gestellter", "Wertungstabelle",
       "Gestellter – unentschieden 9.00 9.00 1 1 Beide Spieler haben gleich viele Stiche erzielt.",
       "Passe nulle (match nul) 9.00 9.00 1 1 Les deux joueurs ont réalisé le même nombre de plis.",
       "Gestellter (equal tricks): Schwingerwertung 9.00 / 9.00, Punktewertung 1 / 1."),
    _c("table.gut_gekaempft", "Wertungstabelle",
       "Verloren – aber gut gekämpft (mind. 3 Stiche) 1 Hat der Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt.",
       "Perdu, mais bien combattu (min. 3 plis) 1 Si le perdant a réalisé au total 3 plis ou plus, il obtient 1 point.",
       "Punktewertung: a loser with 3 tricks or more scores 1 point (Verloren, aber gut gekämpft)."),
)

CLAUSES: Mapping[str, Clause] = MappingProxyType({c.id: c for c in _ALL})
"""Every clause by id, in the reading order of the German booklet (the French one puts the trump paragraph earlier)."""


def get_clause(clause_id: str) -> Clause:
    """The clause with id ``clause_id``; raises ``UnknownClauseError`` (a ``KeyError`` too) naming the id if there is none."""
    clause = CLAUSES.get(clause_id) if isinstance(clause_id, str) else None
    if clause is None:
        raise UnknownClauseError(clause_id)
    return clause
