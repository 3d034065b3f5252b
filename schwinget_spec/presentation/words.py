"""The one word table of every program that speaks German, French or English: the screens of ``play``, ``clauses`` and ``explain``, a game told by ``demo`` and ``replay`` (keys ``tell.*``), and the one-line reason for a refused entry."""

from __future__ import annotations

from typing import Literal

import attrs

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.errors import IllegalActionError, ParseError
from schwinget_spec.gang import GangState, Outcome, Phase
from schwinget_spec.scoring import WERTUNGSTABELLE_DE, WERTUNGSTABELLE_FR, TableRow

__all__ = ["LANGS", "LANGUAGE_NAMES", "SECTION_TITLES", "Lang", "Refusal", "plural", "refusal", "row_label", "section_title", "text"]

Lang = Literal["de", "fr", "en"]
"""A language of the booklet (German, French) or English."""

LANGS: tuple[Lang, ...] = ("de", "fr", "en")
"""The languages ``schwinget play --lang`` offers."""

LANGUAGE_NAMES: dict[Lang, str] = {"de": "Deutsch", "fr": "français", "en": "English"}
"""Each language's name in its own words (the headings of ``schwinget explain``)."""

_TEXTS: dict[str, dict[Lang, str]] = {
    # the screen
    "welcome": {
        "de": "Schwinget: {length} ({n} Gänge) gegen den Bot «{bot}», {system}, Seed {seed}",
        "fr": "Schwinget : {length} ({n} passes) contre le bot « {bot} », {system}, graine {seed}",
        "en": "Schwinget: a {length} ({n} Gänge) against the {bot} bot, {system}, seed {seed}",
    },
    # the booklet's names of the scoring systems (the French booklet: Variante 1 / Variante 2)
    "system.schwingerwertung": {
        "de": "Schwingerwertung", "fr": "classement des lutteurs", "en": "Schwingerwertung",
    },
    "system.punktewertung": {"de": "Punktewertung", "fr": "classement par points", "en": "Punktewertung"},
    "short": {"de": "kurzes Spiel", "fr": "partie courte", "en": "short match"},
    "long": {"de": "langes Spiel", "fr": "partie longue", "en": "long match"},
    "howto": {
        "de": "Karten per Kurzcode eingeben (G3 = Grün 3, KR = Kampfrichter, BK = Brienzer-Konter); "
        "A = Angriff; ? = Hilfe; q = aufgeben.",
        "fr": "Entrez les cartes par leur code (G3 = vert 3, KR = juré, BK = Brienz contré) ; "
        "A = attaque ; ? = aide ; q = abandonner.",
        "en": "Enter cards by their short code (G3 = green 3, KR = Kampfrichter, BK = Brienzer-Konter); "
        "A = Angriff; ? = help; q = give up.",
    },
    "gang.you": {
        "de": "Gang {number} von {n}: du beginnst",
        "fr": "Passe {number} sur {n} : vous commencez",
        "en": "Gang {number} of {n}: you start",
    },
    "gang.bot": {
        "de": "Gang {number} von {n}: der Bot beginnt",
        "fr": "Passe {number} sur {n} : le bot commence",
        "en": "Gang {number} of {n}: the bot starts",
    },
    "you": {"de": "du", "fr": "vous", "en": "you"},
    "bot": {"de": "der Bot", "fr": "le bot", "en": "the bot"},
    "trump": {"de": "Trumpf", "fr": "atout", "en": "trump"},
    "no_trump": {"de": "kein Trumpf", "fr": "pas d'atout", "en": "no trump"},
    "pile": {"de": "Stapel", "fr": "pioche", "en": "pile"},
    "locked": {"de": "gesperrt (Angriff)", "fr": "bloquée (attaque)", "en": "locked (Angriff)"},
    "tricks": {"de": "Stiche", "fr": "plis", "en": "tricks"},
    "points": {"de": "Punkte", "fr": "points", "en": "points"},
    "table": {"de": "Tisch", "fr": "table", "en": "table"},
    "empty": {"de": "leer", "fr": "vide", "en": "empty"},
    "pending": {
        "de": "neutralisierter Stich in der Mitte: {cards}",
        "fr": "pli neutralisé au milieu : {cards}",
        "en": "neutralised trick in the middle: {cards}",
    },
    "hand": {"de": "deine Hand", "fr": "votre main", "en": "your hand"},
    "bot_hand": {"de": "Bot hält {n} Karten", "fr": "le bot tient {n} cartes", "en": "the bot holds {n} cards"},
    "bot_hand_one": {"de": "Bot hält 1 Karte", "fr": "le bot tient 1 carte", "en": "the bot holds 1 card"},
    # prompts
    "prompt_lead": {"de": "Ausspielen", "fr": "Jouer", "en": "Lead"},
    "prompt_answer": {"de": "Erwidern auf {card}", "fr": "Répondre à {card}", "en": "Answer {card}"},
    "prompt_choose": {
        "de": "Kampfrichter: wer spielt aus? L0 = du, L1 = der Bot",
        "fr": "Juré : qui joue ensuite ? L0 = vous, L1 = le bot",
        "en": "Kampfrichter: who leads next? L0 = you, L1 = the bot",
    },
    "angriff_offer": {
        "de": "Angriff möglich: A sperrt den Stapel, danach werden die 5 Handkarten ausgespielt.",
        "fr": "Attaque possible : A bloque la pioche, puis on joue les 5 cartes en main.",
        "en": "Angriff allowed: A locks the pile, then both play out their 5 cards.",
    },
    # what happens
    "bot_plays": {"de": "der Bot spielt {card}", "fr": "le bot joue {card}", "en": "the bot plays {card}"},
    "you_draw": {"de": "du ziehst {card}", "fr": "vous piochez {card}", "en": "you draw {card}"},
    "trick_count.one": {"de": "{n} Stich", "fr": "{n} pli", "en": "{n} trick"},
    "trick_count.many": {"de": "{n} Stiche", "fr": "{n} plis", "en": "{n} tricks"},
    "attack.you": {
        "de": "du startest den Angriff: der Stapel ist gesperrt",
        "fr": "vous lancez l'attaque : la pioche est bloquée",
        "en": "you start the Angriff: the pile is locked",
    },
    "attack.bot": {
        "de": "der Bot startet den Angriff: der Stapel ist gesperrt",
        "fr": "le bot lance l'attaque : la pioche est bloquée",
        "en": "the bot starts the Angriff: the pile is locked",
    },
    "chooses.you": {
        "de": "du bestimmst, wer ausspielt: {leader}",
        "fr": "vous décidez qui joue : {leader}",
        "en": "you decide who leads: {leader}",
    },
    "chooses.bot": {
        "de": "der Bot bestimmt, wer ausspielt: {leader}",
        "fr": "le bot décide qui joue : {leader}",
        "en": "the bot decides who leads: {leader}",
    },
    "won.you": {
        "de": "Schwung {number}: du gewinnst ({tricks})",
        "fr": "Prise {number} : vous gagnez ({tricks})",
        "en": "Schwung {number}: you win ({tricks})",
    },
    "won.bot": {
        "de": "Schwung {number}: der Bot gewinnt ({tricks})",
        "fr": "Prise {number} : le bot gagne ({tricks})",
        "en": "Schwung {number}: the bot wins ({tricks})",
    },
    "neutralised": {
        "de": "Schwung {number}: der Kampfrichter neutralisiert, der Stich bleibt in der Mitte",
        "fr": "Prise {number} : le juré neutralise, le pli reste au milieu",
        "en": "Schwung {number}: the Kampfrichter neutralises, the trick stays in the middle",
    },
    "gang_over": {
        "de": "Gang {number}: Stiche du {mine} : Bot {theirs}; {outcome}; Punkte du {p_me}, Bot {p_bot}",
        "fr": "Passe {number} : plis vous {mine} : bot {theirs} ; {outcome} ; points vous {p_me}, bot {p_bot}",
        "en": "Gang {number}: tricks you {mine} : bot {theirs}; {outcome}; points you {p_me}, bot {p_bot}",
    },
    "won_gang": {"de": "du gewinnst", "fr": "vous gagnez", "en": "you win"},
    "lost_gang": {"de": "der Bot gewinnt", "fr": "le bot gagne", "en": "the bot wins"},
    "drawn_gang": {"de": "Gestellter", "fr": "passe nulle", "en": "Gestellter (a draw)"},
    "plattwurf": {"de": "Plattwurf", "fr": "gagné à plat", "en": "Plattwurf"},
    "match_over": {
        "de": "Ende: du {mine}, der Bot {theirs} ({system}): {verdict}",
        "fr": "Fin : vous {mine}, le bot {theirs} ({system}) : {verdict}",
        "en": "The end: you {mine}, the bot {theirs} ({system}): {verdict}",
    },
    "match_won": {"de": "du gewinnst das Spiel!", "fr": "vous gagnez la partie !", "en": "you win the match!"},
    "match_lost": {"de": "der Bot gewinnt das Spiel", "fr": "le bot gagne la partie", "en": "the bot wins the match"},
    "match_drawn": {"de": "unentschieden", "fr": "match nul", "en": "a draw"},
    "saved": {
        "de": "Spurdatei gespeichert: {path} (prüfen mit: schwinget verify {path})",
        "fr": "Trace enregistrée : {path} (vérifier avec : schwinget verify {path})",
        "en": "trace saved to {path} (check it with: schwinget verify {path})",
    },
    "saved_elsewhere": {
        "de": "{path} ließ sich nicht schreiben ({error}); Spurdatei stattdessen gespeichert: {saved} "
        "(prüfen mit: schwinget verify {saved})",
        "fr": "impossible d'écrire {path} ({error}) ; trace enregistrée à la place : {saved} "
        "(vérifier avec : schwinget verify {saved})",
        "en": "could not write {path} ({error}); trace saved to {saved} instead (check it with: schwinget verify {saved})",
    },
    "not_saved": {
        "de": "{path} ließ sich nicht schreiben ({error}), auch kein Ersatzort: die Spurdatei folgt hier",
        "fr": "impossible d'écrire {path} ({error}), ni ailleurs : voici la trace",
        "en": "could not write {path} ({error}) nor anywhere else: here is the trace",
    },
    "interrupted": {
        "de": "Abgebrochen (Strg-C): keine Spurdatei, da das Spiel nicht zu Ende gespielt wurde.",
        "fr": "Interrompu (Ctrl-C) : pas de trace, la partie n'est pas terminée.",
        "en": "Interrupted (Ctrl-C): no trace saved, since the match was not played to the end.",
    },
    "refused": {"de": "abgelehnt", "fr": "refusé", "en": "refused"},
    "gave_up": {
        "de": "Aufgegeben: keine Spurdatei, da das Spiel nicht zu Ende gespielt wurde.",
        "fr": "Abandon : pas de trace, la partie n'est pas terminée.",
        "en": "Given up: no trace saved, since the match was not played to the end.",
    },
    "input_ended": {
        "de": "Eingabe beendet: das Spiel bricht ab, keine Spurdatei.",
        "fr": "Fin de l'entrée : la partie s'arrête, pas de trace.",
        "en": "Input ended: the match stops, no trace saved.",
    },
    "legal": {"de": "erlaubt: {codes}", "fr": "permis : {codes}", "en": "allowed: {codes}"},
    # the reasons for a refused entry
    "why.unknown": {
        "de": "«{entry}» ist kein Kurzcode: eine Karte wie G3, KR, BK, oder A, L0, L1",
        "fr": "« {entry} » n'est pas un code : une carte comme G3, KR, BK, ou A, L0, L1",
        "en": "{entry!r} is not a code: a card like G3, KR, BK, or A, L0, L1",
    },
    "why.not_in_hand": {
        "de": "du hast {card} nicht auf der Hand",
        "fr": "vous n'avez pas {card} en main",
        "en": "you do not hold {card}",
    },
    "why.farbzwang": {
        "de": "Farbzwang: du hast {colour} ({held}), also {colour} bedienen{or_trump}",
        "fr": "Couleur imposée : vous avez du {colour} ({held}), jouez donc {colour}{or_trump}",
        "en": "Farbzwang: you hold {colour} ({held}), so follow {colour}{or_trump}",
    },
    "or_trump": {"de": " oder Trumpf spielen", "fr": " ou un atout", "en": " or play trump"},
    "why.angriff_who": {
        "de": "Angriff nur vor dem Ausspielen, durch den Spieler, der ausspielt; jetzt wird erwidert",
        "fr": "l'attaque se lance avant de jouer, par le joueur qui joue ; il faut maintenant répondre",
        "en": "only the player about to lead may start the Angriff, before leading; now you must answer",
    },
    "why.angriff_once": {
        "de": "es gibt nur einen Angriff pro Gang, und er wurde schon gespielt",
        "fr": "il n'y a qu'une attaque par passe, et elle a déjà eu lieu",
        "en": "there is only one Angriff per Gang, and it has been made",
    },
    "why.angriff_empty": {
        "de": "der Nachziehstapel ist aufgebraucht: kein Angriff mehr möglich",
        "fr": "la pioche est épuisée : plus d'attaque possible",
        "en": "the draw pile is used up: no Angriff can be started",
    },
    "why.choice_due": {
        "de": "dein Kampfrichter hat neutralisiert: zuerst bestimmen, wer ausspielt (L0 oder L1)",
        "fr": "votre juré a neutralisé : décidez d'abord qui joue (L0 ou L1)",
        "en": "your Kampfrichter neutralised the trick: first decide who leads (L0 or L1)",
    },
    "why.no_choice": {
        "de": "L0/L1 gilt nur direkt nach einem neutralisierenden Kampfrichter",
        "fr": "L0/L1 ne vaut que juste après une neutralisation par le juré",
        "en": "L0/L1 is only for right after a Kampfrichter neutralised a trick",
    },
    "why.over": {"de": "der Gang ist zu Ende", "fr": "la passe est terminée", "en": "the Gang is over"},
    # a game told line by line (demo and replay): every word they write, in the booklet's two languages and English (--lang)
    "tell.title": {"de": "Schwinget-Demo", "fr": "Démo Schwinget", "en": "Schwinget demo"},
    "tell.one_gang": {
        "de": ": ein Gang zwischen zwei Zufallsspielern, Seed {seed}",
        "fr": " : une passe entre deux joueurs au hasard, graine {seed}",
        "en": ": one Gang between two random players, seed {seed}",
    },
    "tell.a_match": {
        "de": ": ein {length} ({n} Gänge) zwischen zwei Zufallsspielern, Seed {seed}",
        "fr": " : une {length} ({n} passes) entre deux joueurs au hasard, graine {seed}",
        "en": ": a {length} ({n} Gänge) between two random players, seed {seed}",
    },
    "tell.rules": {"de": "Regeln: {rules}", "fr": "règles : {rules}", "en": "rules: {rules}"},
    "tell.defaults": {"de": "die Vorgaben (Rules())", "fr": "par défaut (Rules())", "en": "defaults (Rules())"},
    "tell.younger": {"de": "; {p} ist der jüngere Spieler", "fr": " ; {p} est le joueur le plus jeune", "en": "; {p} is the younger player"},
    "tell.gang": {"de": "Gang", "fr": "Passe", "en": "Gang"},
    "tell.gang_of": {"de": "Gang {i} von {n}", "fr": "Passe {i} sur {n}", "en": "Gang {i} of {n}"},
    "tell.holds": {"de": "{p} hält", "fr": "{p} a", "en": "{p} holds"},
    "tell.revealed": {"de": "aufgedeckt", "fr": "retournée", "en": "revealed"},
    "tell.no_trump": {"de": "{card}: kein Trumpf in diesem Gang", "fr": "{card} : pas d’atout pour cette passe", "en": "{card}: no trump in this Gang"},
    "tell.trump": {"de": "{card}: Trumpf ist {colour}", "fr": "{card} : l’atout est {colour}", "en": "{card}: trump is {colour}"},
    "tell.face_down": {"de": "verdeckt", "fr": "face cachée", "en": "face down"},
    "tell.out_of_play": {"de": "{cards} (aus dem Spiel)", "fr": "{cards} (hors jeu)", "en": "{cards} (out of play)"},
    "tell.pile": {"de": "Stapel", "fr": "pioche", "en": "pile"},
    "tell.from_left": {"de": "{cards} (von links gezogen)", "fr": "{cards} (piochées depuis la gauche)", "en": "{cards} (drawn from the left)"},
    "tell.starts": {"de": "beginnt", "fr": "commence", "en": "starts"},
    "tell.leads_first": {"de": "{p} spielt Schwung 1 aus", "fr": "{p} joue la prise de lutte 1", "en": "{p} leads Schwung 1"},
    "tell.angriff": {"de": "Angriff", "fr": "attaque", "en": "Angriff"},
    "tell.angriff_line": {
        "de": "{p} startet den Angriff vor Schwung {n}: der Stapel ist mit {k} Karten gesperrt, jeder spielt 5 Karten aus",
        "fr": "{p} lance l’attaque avant la prise de lutte {n} : la pioche est bloquée avec {k} cartes, chacun joue 5 cartes",
        "en": "{p} starts the Angriff before Schwung {n}: the pile is locked with {k} cards, each plays out 5 cards",
    },
    "tell.chooses": {
        "de": "{p} hat den Kampfrichter gespielt und bestimmt {q} zum Ausspielen",
        "fr": "{p} a joué le juré et choisit {q} pour jouer ensuite",
        "en": "{p} played the Kampfrichter and chooses {q} to lead next",
    },
    "tell.leads": {"de": "{p} spielt {card} aus{drawn}", "fr": "{p} joue {card}{drawn}", "en": "{p} leads {card}{drawn}"},
    "tell.answers": {"de": "{p} antwortet {card}{drawn}", "fr": "{p} répond {card}{drawn}", "en": "{p} answers {card}{drawn}"},
    "tell.draws": {"de": " (zieht {cards})", "fr": " (pioche {cards})", "en": " (draws {cards})"},
    "tell.neutralised": {
        "de": "neutralisiert, der Stich bleibt in der Mitte",
        "fr": "neutralisé, le pli reste au milieu",
        "en": "neutralised, the trick stays in the middle",
    },
    "tell.wins": {"de": "{p} gewinnt", "fr": "{p} gagne", "en": "{p} wins"},
    "tell.collects": {
        "de": " und nimmt auch den neutralisierten Stich (2 Stiche)",
        "fr": " et prend aussi le pli neutralisé (2 plis)",
        "en": " and takes the neutralised trick too (2 tricks)",
    },
    "tell.schwung": {"de": "Schwung {n}", "fr": "Prise {n}", "en": "Schwung {n}"},
    "tell.schwung_line": {"de": "{lead}, {answer}: {verdict} · Stiche {tricks}", "fr": "{lead}, {answer} : {verdict} · plis {tricks}",
                     "en": "{lead}, {answer}: {verdict} · tricks {tricks}"},
    "tell.result": {"de": "Ergebnis", "fr": "résultat", "en": "result"},
    "tell.result_line": {
        "de": "Stiche {p0} {a} : {p1} {b} in {n} Schwüngen; {angriff}; {plattwurf}; {row}: {verdict}",
        "fr": "plis {p0} {a} : {p1} {b} en {n} prises de lutte ; {angriff} ; {plattwurf} ; {row} : {verdict}",
        "en": "tricks {p0} {a} : {p1} {b} in {n} Schwünge; {angriff}; {plattwurf}; {row}: {verdict}",
    },
    "tell.no_angriff": {"de": "kein Angriff", "fr": "pas d’attaque", "en": "no Angriff"},
    "tell.angriff_by": {"de": "Angriff von {p} vor Schwung {n}", "fr": "attaque de {p} avant la prise de lutte {n}",
                   "en": "Angriff by {p} before Schwung {n}"},
    "tell.no_plattwurf": {"de": "kein Plattwurf", "fr": "pas de victoire à plat", "en": "no Plattwurf"},
    "tell.plattwurf_by": {"de": "Plattwurf von {p}", "fr": "victoire à plat de {p}", "en": "Plattwurf by {p}"},
    "tell.a_draw": {"de": "unentschieden", "fr": "passe nulle", "en": "a draw"},
    "tell.points": {"de": "Punkte", "fr": "points", "en": "points"},
    "tell.system_points": {"de": "{system}: {body}", "fr": "{system} : {body}", "en": "{system}: {body}"},
    "tell.differently": {
        "de": "In der Punktewertung bestimmen die Summen nach Gang {n} einen anderen Beginner (match.draw_starter), "
              "daher geht ihr Spiel anders weiter:",
        "fr": "En classement par points, les totaux après la passe {n} désignent un autre joueur qui commence "
              "(match.draw_starter) : sa partie continue autrement :",
        "en": "Under the Punktewertung the totals after Gang {n} pick another starter (match.draw_starter), "
              "so its match goes on differently:",
    },
    "tell.totals": {"de": "Summen", "fr": "Totaux", "en": "Totals"},
    "tell.total": {"de": "Summe", "fr": "total", "en": "total"},
    "tell.winner": {"de": "Sieger", "fr": "vainqueur", "en": "winner"},
    "tell.draw": {"de": "unentschieden", "fr": "nulle", "en": "draw"},
    # replay's own words: its title, the reason of each Schwung, the match's end
    "tell.replay_title": {"de": "Schwinget-Wiedergabe: {what}", "fr": "Relecture Schwinget : {what}", "en": "Schwinget replay: {what}"},
    "tell.kind.gang": {"de": "ein Gang", "fr": "une passe", "en": "a Gang"},
    "tell.kind.match": {"de": "ein Spiel mit {n} Gängen", "fr": "une partie de {n} passes", "en": "a match of {n} Gänge"},
    "tell.kind.schwingfest": {"de": "ein Schwingfest", "fr": "une fête de lutte", "en": "a Schwingfest"},
    "tell.trace_id": {"de": ", Spur {id}", "fr": ", trace {id}", "en": ", trace {id}"},
    "tell.why": {"de": "warum: {why} [{clause}]", "fr": "pourquoi : {why} [{clause}]", "en": "why: {why} [{clause}]"},
    "tell.why.neutralises": {
        "de": "der Kampfrichter neutralisiert {other}: der Stich bleibt in der Mitte",
        "fr": "le juré neutralise {other} : le pli reste au milieu",
        "en": "the Kampfrichter neutralises {other}: the trick stays in the middle",
    },
    "tell.why.higher": {
        "de": "{won} ist höher als {lost} in der Farbe {colour}",
        "fr": "{won} est plus fort que {lost} dans la couleur {colour}",
        "en": "{won} is higher than {lost} in colour {colour}",
    },
    "tell.why.trump_six": {
        "de": "{won} ist eine Trumpf-6, die nach diesen Regeln den Brienzer-Konter schlägt",
        "fr": "{won} est un 6 d’atout, qui bat le Brienz contré selon ces règles",
        "en": "{won} is a trump 6, which beats the Brienzer-Konter under these rules",
    },
    "tell.why.trump": {
        "de": "{won} ist Trumpf ({trump}), {lost} nicht",
        "fr": "{won} est atout ({trump}), {lost} non",
        "en": "{won} is trump ({trump}) and {lost} is not",
    },
    "tell.why.void": {
        "de": "{answer} bedient {colour} nicht{trump_note}: die ausgespielte Karte gewinnt",
        "fr": "{answer} ne suit pas {colour}{trump_note} : la carte jouée en premier gagne",
        "en": "{answer} does not follow {colour}{trump_note}: the led card wins",
    },
    "tell.why.void_no_trump": {"de": " und ist kein Trumpf", "fr": " et n’est pas atout", "en": " and is not trump"},
    "tell.why.konter_beats_six": {
        "de": "der Brienzer-Konter schlägt die 6 {lost}",
        "fr": "le Brienz contré bat le 6 {lost}",
        "en": "the Brienzer-Konter beats the 6 {lost}",
    },
    "tell.why.konter_loses": {
        "de": "der Brienzer-Konter schlägt nur eine 6; {won} gewinnt gegen ihn",
        "fr": "le Brienz contré ne bat qu’un 6 ; {won} gagne contre lui",
        "en": "the Brienzer-Konter beats only a 6; {won} wins against it",
    },
    "tell.why.kampfrichter_last": {
        "de": "im letzten Schwung wirkt der Kampfrichter nicht: die andere Karte gewinnt",
        "fr": "à la dernière prise de lutte le juré est sans effet : l’autre carte gagne",
        "en": "on the last Schwung the Kampfrichter has no effect: the other card wins",
    },
    "tell.why.konter_last": {
        "de": "im letzten Schwung gewinnt der Brienzer-Konter gegen den Kampfrichter",
        "fr": "à la dernière prise de lutte le Brienz contré gagne contre le juré",
        "en": "on the last Schwung the Brienzer-Konter wins against the Kampfrichter",
    },
    "tell.match": {"de": "Spiel", "fr": "partie", "en": "match"},
    "tell.match_line": {
        "de": "Summen P0 {a}, P1 {b}: {verdict}",
        "fr": "totaux P0 {a}, P1 {b} : {verdict}",
        "en": "totals P0 {a}, P1 {b}: {verdict}",
    },
}


_TEXTS.update({
    # schwinget clauses: the table's title and column headers
    "clauses.title": {"de": "Klauseln des Spielhefts ({n})", "fr": "Clauses du livret ({n})", "en": "Clauses of the booklet ({n})"},
    "clauses.id": {"de": "Id", "fr": "id", "en": "id"},
    "clauses.section": {"de": "Abschnitt", "fr": "section", "en": "section"},
    "clauses.text": {"de": "Deutsch", "fr": "français", "en": "paraphrase"},
    "clauses.id_text": {"de": "Id und deutscher Text", "fr": "id et texte français", "en": "id and paraphrase"},
    "clauses.code": {"de": "Code", "fr": "code", "en": "code"},
    "clauses.tests": {"de": "Tests", "fr": "tests", "en": "tests"},
    "clauses.vectors": {"de": "Vektoren", "fr": "vecteurs", "en": "vectors"},
    "clauses.proofs": {"de": "Beweise", "fr": "preuves", "en": "proofs"},
    "clauses.where": {"de": "wo", "fr": "où", "en": "where"},
    # schwinget clauses: what it says about the tests, --check and --status
    "clauses.no_tests": {
        "de": "kein Verzeichnis tests/ in {root}: die Tests werden nicht mit dem Paket installiert; die Prüfung "
        "in einem Quell-Checkout ausführen (schwinget clauses --check --root DIR)",
        "fr": "pas de répertoire tests/ dans {root} : les tests ne sont pas installés avec le paquet ; lancer "
        "la vérification dans une copie des sources (schwinget clauses --check --root DIR)",
        "en": "no tests/ directory in {root}: the tests are not installed with the package; "
        "run the check in a source checkout (schwinget clauses --check --root DIR)",
    },
    "clauses.tested_unknown": {"de": "getestet: unbekannt. {problem}", "fr": "testé : inconnu. {problem}",
                               "en": "tested: unknown. {problem}"},
    "clauses.no_code": {"de": "kein Code", "fr": "pas de code", "en": "no code"},
    "clauses.no_test": {"de": "kein Test", "fr": "pas de test", "en": "no test"},
    "clauses.lacking": {
        "de": "{n} von {total} Klauseln fehlt Code oder ein Test",
        "fr": "{n} clauses sur {total} sans code ou sans test",
        "en": "{n} of {total} clauses lack code or a test",
    },
    "clauses.below": {
        "de": "{id}: Prüfstand unter «getestet» ({level})",
        "fr": "{id} : statut de vérification en dessous de « testée » ({level})",
        "en": "{id}: verification status below tested ({level})",
    },
    "clauses.below_count": {
        "de": "{n} von {total} Klauseln liegen unter «getestet»",
        "fr": "{n} clauses sur {total} sont en dessous de « testée »",
        "en": "{n} of {total} clauses fall below tested",
    },
    "clauses.all_fine": {
        "de": "alle {total} Klauseln sind umgesetzt und getestet",
        "fr": "les {total} clauses sont toutes appliquées et testées",
        "en": "all {total} clauses are enforced and tested",
    },
    "status.title": {"de": "Prüfstand der Klauseln ({n})", "fr": "Statut de vérification des clauses ({n})",
                     "en": "Verification status of the clauses ({n})"},
    "status.clause": {"de": "Klausel", "fr": "clause", "en": "clause"},
    "status.status": {"de": "Stand", "fr": "statut", "en": "status"},
    "status.evidence": {"de": "Belege", "fr": "éléments", "en": "evidence"},
    "status.none": {"de": "keine", "fr": "aucun", "en": "none"},
    "status.no_statement": {"de": "keine formale Aussage: {reason}", "fr": "pas d'énoncé formel : {reason}",
                            "en": "no formal statement: {reason}"},
    # schwinget explain --lang: the labels under a clause
    "explain.enforced": {"de": "umgesetzt", "fr": "appliquée", "en": "enforced"},
    "explain.tested": {"de": "getestet", "fr": "testée", "en": "tested"},
    "explain.ambiguities": {"de": "Mehrdeutigkeiten", "fr": "ambiguïtés", "en": "ambiguities"},
    # each level of evidence: its short name (the table's status column) and its words (verification_status.LEVEL_TEXT)
    "level.engine": {"de": "an der Engine bewiesen", "fr": "prouvée du moteur", "en": "engine"},
    "level.proved": {"de": "bewiesen", "fr": "prouvée", "en": "proved"},
    "level.exhaustive": {"de": "erschöpfend", "fr": "exhaustive", "en": "exhaustive"},
    "level.vectors": {"de": "Vektoren", "fr": "vecteurs", "en": "vectors"},
    "level.mutants": {"de": "Mutanten", "fr": "mutants", "en": "mutants"},
    "level.tested": {"de": "getestet", "fr": "testée", "en": "tested"},
    "level.untested": {"de": "ungetestet", "fr": "non testée", "en": "untested"},
    "level_text.engine": {"de": "an der Engine bewiesen", "fr": "prouvée du moteur", "en": "proved of the engine"},
    "level_text.proved": {"de": "für jede Verteilung bewiesen (Z3)", "fr": "prouvée pour toute donne (Z3)",
                          "en": "proved for every deal (Z3)"},
    "level_text.exhaustive": {"de": "an jeder Eingabe geprüft", "fr": "vérifiée sur toute entrée",
                              "en": "checked on every input"},
    "level_text.vectors": {"de": "durch Vektoren geprüft", "fr": "exercée par des vecteurs", "en": "exercised by vectors"},
    "level_text.mutants": {"de": "gefangen, wenn gebrochen", "fr": "détectée quand on la casse", "en": "caught when broken"},
    "level_text.tested": {"de": "getestet", "fr": "testée", "en": "tested"},
    "level_text.untested": {"de": "nicht getestet", "fr": "non testée", "en": "not tested"},
    # the evidence counted (verification_status.ClauseStatus.summary)
    "evidence.queries.one": {"de": "{n} Abfrage", "fr": "{n} requête", "en": "{n} query"},
    "evidence.queries.many": {"de": "{n} Abfragen", "fr": "{n} requêtes", "en": "{n} queries"},
    "evidence.inputs.one": {"de": "{n} Eingabe", "fr": "{n} entrée", "en": "{n} inputs"},
    "evidence.inputs.many": {"de": "{n} Eingaben", "fr": "{n} entrées", "en": "{n} inputs"},
    "evidence.vectors.one": {"de": "{n} Vektor", "fr": "{n} vecteur", "en": "{n} vector"},
    "evidence.vectors.many": {"de": "{n} Vektoren", "fr": "{n} vecteurs", "en": "{n} vectors"},
    "evidence.mutants.one": {"de": "{n} Mutant", "fr": "{n} mutant", "en": "{n} mutant"},
    "evidence.mutants.many": {"de": "{n} Mutanten", "fr": "{n} mutants", "en": "{n} mutants"},
    "evidence.tests.one": {"de": "{n} Testzeile", "fr": "{n} ligne de test", "en": "{n} test line"},
    "evidence.tests.many": {"de": "{n} Testzeilen", "fr": "{n} lignes de test", "en": "{n} test lines"},
})

SECTION_TITLES: dict[str, dict[Lang, str]] = {
    # The registry names each clause's section by the German booklet's heading; in French the
    # French booklet's heading, but for two it prints none (its table of points is in
    # German, and the course of a Gang opens with a sentence): those are this library's labels.
    "Schwinget": {"de": "Schwinget", "fr": "La Lutte suisse", "en": "Schwinget"},
    "Spielinhalt": {"de": "Spielinhalt", "fr": "Contenu du jeu", "en": "Contents"},
    "Spielvorbereitung": {"de": "Spielvorbereitung", "fr": "Préparation", "en": "Setting up"},
    "Wertungstabelle": {"de": "Wertungstabelle", "fr": "Tableau d’évaluation", "en": "The scoring table"},
    "Ablauf eines Ganges": {"de": "Ablauf eines Ganges", "fr": "Déroulement d’une passe", "en": "The course of a Gang"},
    "Spezialfall Trumpf-Farbe": {"de": "Spezialfall Trumpf-Farbe", "fr": "Cas particulier de la couleur d’atout", "en": "Special case: the trump colour"},
    "Spielziel": {"de": "Spielziel", "fr": "But du jeu", "en": "The goal"},
    "Ablauf": {"de": "Ablauf", "fr": "Déroulement", "en": "The course of play"},
    "Einen Schwung machen": {"de": "Einen Schwung machen", "fr": "Réaliser une prise de lutte", "en": "Making a Schwung"},
    "Einen Angriff machen": {"de": "Einen Angriff machen", "fr": "Lancer une attaque", "en": "Starting an Angriff"},
    "Ende eines Ganges": {"de": "Ende eines Ganges", "fr": "Fin d’une passe", "en": "The end of a Gang"},
    "Zwei spezielle Schwungkarten": {"de": "Zwei spezielle Schwungkarten", "fr": "Deux cartes de prise de lutte spéciales", "en": "Two special Schwungkarten"},
    "Brienzer-Konter": {"de": "Brienzer-Konter", "fr": "Le Brienz contré", "en": "The Brienzer-Konter"},
    "Kampfrichter": {"de": "Kampfrichter", "fr": "Juré", "en": "The Kampfrichter"},
    "Wertung eines Ganges": {"de": "Wertung eines Ganges", "fr": "Évaluation d’une passe", "en": "Scoring a Gang"},
    "Spielende": {"de": "Spielende", "fr": "Fin de la partie", "en": "The end of the game"},
    "Turnier Modus «Schwingfest»": {"de": "Turnier Modus «Schwingfest»", "fr": "Mode tournoi «Fête de lutte»", "en": "Tournament mode «Schwingfest»"},
}
"""The title of each section of the clause registry (its German heading) in each language."""


def section_title(section: str, lang: Lang) -> str:
    """The heading of the clause registry's ``section`` (a German heading of the booklet) in ``lang``."""
    return SECTION_TITLES[section][lang]


def text(lang: Lang, key: str, **values: object) -> str:
    """The screen text ``key`` in ``lang`` with ``values`` filled in."""
    return _TEXTS[key][lang].format(**values)


def plural(lang: Lang, key: str, n: int) -> str:
    """``n`` with the word of ``key`` in the singular or the plural, as ``lang`` counts: "1 trick", "2 Stiche", "0 pli".

    French takes the singular for 0 and 1, German and English only for 1.
    """
    one = n in (0, 1) if lang == "fr" else n == 1
    return text(lang, f"{key}.{'one' if one else 'many'}", n=n)


_ROW_EN: dict[TableRow, str] = {
    TableRow.PLATTWURF_EIGENER_ANGRIFF: "Plattwurf win after the winner's Angriff",
    TableRow.PLATTWURF_GEGNERISCHER_ANGRIFF: "Plattwurf win after the loser's Angriff",
    TableRow.SIEG_MIT_ANGRIFF: "Simple win – with Angriff",
    TableRow.SIEG_OHNE_ANGRIFF: "Simple win – without Angriff",
    TableRow.GESTELLTER: "Gestellter – a draw",
    TableRow.GUT_GEKAEMPFT: "Lost – but fought well (at least 3 tricks)",
}


def row_label(row: TableRow | Outcome, lang: Lang) -> str:
    """The name of a row of the Wertungstabelle (or of the row an outcome scores in): the booklet's German or French words, or an English rendering."""
    if isinstance(row, Outcome):
        row = TableRow.for_outcome(row)
    if lang == "en":
        return _ROW_EN[row]
    table = WERTUNGSTABELLE_DE if lang == "de" else WERTUNGSTABELLE_FR
    return next(line.label for line in table if line.row is row)


@attrs.frozen
class Refusal:
    """Why an entry was refused: the clause it breaks (None for an entry that is no code) and one line in the player's language."""

    clause_id: str | None
    line: str


def refusal(state: GangState, entry: str, lang: Lang) -> Refusal | None:
    """Why ``entry`` may not be played in ``state`` by the player to move, or None if it is legal."""
    try:
        action = parse_action(entry)
    except ParseError as exc:
        return Refusal(exc.clause_id, text(lang, "why.unknown", entry=entry.strip()))
    error = state.why_illegal(action)
    if error is None:
        return None
    return Refusal(error.clause_id, _reason(state, action, error, lang))


def _reason(state: GangState, action: object, error: IllegalActionError, lang: Lang) -> str:
    clause = error.clause_id
    if state.phase is Phase.OVER:
        return text(lang, "why.over")
    if state.phase is Phase.CHOOSE_LEADER and not isinstance(action, ChooseLeader):
        return text(lang, "why.choice_due")
    if isinstance(action, ChooseLeader):
        return text(lang, "why.no_choice")
    if isinstance(action, StartAngriff):
        key = {"angriff.once": "why.angriff_once", "angriff.not_empty_pile": "why.angriff_empty"}.get(
            clause or "", "why.angriff_who"
        )
        return text(lang, key)
    assert isinstance(action, PlayCard)
    if not state.hands[state.to_move] & action.card.bit:
        return text(lang, "why.not_in_hand", card=action.card.code)
    led = state.led
    assert led is not None
    assert led.colour is not None
    colour = led.colour
    held = " ".join(c.code for c in state.hand(state.to_move) if c.colour is colour)
    trump = state.trump
    or_trump = "" if trump is None or trump is colour else text(lang, "or_trump")
    return text(lang, "why.farbzwang", colour=colour.code, held=held, or_trump=or_trump)
