"""The words of a game told line by line (``schwinget demo`` and ``schwinget replay``) in German, French and English."""

from __future__ import annotations

from schwinget_spec.i18n import Lang

__all__ = ["WORDS", "word"]

WORDS: dict[str, dict[Lang, str]] = {
    # every word demo and replay write, in the booklet's two languages and English (--lang)
    "title": {"de": "Schwinget-Demo", "fr": "Démo Schwinget", "en": "Schwinget demo"},
    "one_gang": {
        "de": ": ein Gang zwischen zwei Zufallsspielern, Seed {seed}",
        "fr": " : une passe entre deux joueurs au hasard, graine {seed}",
        "en": ": one Gang between two random players, seed {seed}",
    },
    "a_match": {
        "de": ": ein {length} ({n} Gänge) zwischen zwei Zufallsspielern, Seed {seed}",
        "fr": " : une {length} ({n} passes) entre deux joueurs au hasard, graine {seed}",
        "en": ": a {length} ({n} Gänge) between two random players, seed {seed}",
    },
    "rules": {"de": "Regeln: {rules}", "fr": "règles : {rules}", "en": "rules: {rules}"},
    "defaults": {"de": "die Vorgaben (Rules())", "fr": "par défaut (Rules())", "en": "defaults (Rules())"},
    "younger": {"de": "; {p} ist der jüngere Spieler", "fr": " ; {p} est le joueur le plus jeune", "en": "; {p} is the younger player"},
    "gang": {"de": "Gang", "fr": "Passe", "en": "Gang"},
    "gang_of": {"de": "Gang {i} von {n}", "fr": "Passe {i} sur {n}", "en": "Gang {i} of {n}"},
    "holds": {"de": "{p} hält", "fr": "{p} a", "en": "{p} holds"},
    "revealed": {"de": "aufgedeckt", "fr": "retournée", "en": "revealed"},
    "no_trump": {"de": "{card}: kein Trumpf in diesem Gang", "fr": "{card} : pas d’atout pour cette passe", "en": "{card}: no trump in this Gang"},
    "trump": {"de": "{card}: Trumpf ist {colour}", "fr": "{card} : l’atout est {colour}", "en": "{card}: trump is {colour}"},
    "face_down": {"de": "verdeckt", "fr": "face cachée", "en": "face down"},
    "out_of_play": {"de": "{cards} (aus dem Spiel)", "fr": "{cards} (hors jeu)", "en": "{cards} (out of play)"},
    "pile": {"de": "Stapel", "fr": "pioche", "en": "pile"},
    "from_left": {"de": "{cards} (von links gezogen)", "fr": "{cards} (piochées depuis la gauche)", "en": "{cards} (drawn from the left)"},
    "starts": {"de": "beginnt", "fr": "commence", "en": "starts"},
    "leads_first": {"de": "{p} spielt Schwung 1 aus", "fr": "{p} joue la prise de lutte 1", "en": "{p} leads Schwung 1"},
    "angriff": {"de": "Angriff", "fr": "attaque", "en": "Angriff"},
    "angriff_line": {
        "de": "{p} startet den Angriff vor Schwung {n}: der Stapel ist mit {k} Karten gesperrt, jeder spielt 5 Karten aus",
        "fr": "{p} lance l’attaque avant la prise de lutte {n} : la pioche est bloquée avec {k} cartes, chacun joue 5 cartes",
        "en": "{p} starts the Angriff before Schwung {n}: the pile is locked with {k} cards, each plays out 5 cards",
    },
    "chooses": {
        "de": "{p} hat den Kampfrichter gespielt und bestimmt {q} zum Ausspielen",
        "fr": "{p} a joué le juré et choisit {q} pour jouer ensuite",
        "en": "{p} played the Kampfrichter and chooses {q} to lead next",
    },
    "leads": {"de": "{p} spielt {card} aus{drawn}", "fr": "{p} joue {card}{drawn}", "en": "{p} leads {card}{drawn}"},
    "answers": {"de": "{p} antwortet {card}{drawn}", "fr": "{p} répond {card}{drawn}", "en": "{p} answers {card}{drawn}"},
    "draws": {"de": " (zieht {cards})", "fr": " (pioche {cards})", "en": " (draws {cards})"},
    "neutralised": {
        "de": "neutralisiert, der Stich bleibt in der Mitte",
        "fr": "neutralisé, le pli reste au milieu",
        "en": "neutralised, the trick stays in the middle",
    },
    "wins": {"de": "{p} gewinnt", "fr": "{p} gagne", "en": "{p} wins"},
    "collects": {
        "de": " und nimmt auch den neutralisierten Stich (2 Stiche)",
        "fr": " et prend aussi le pli neutralisé (2 plis)",
        "en": " and takes the neutralised trick too (2 tricks)",
    },
    "schwung": {"de": "Schwung {n}", "fr": "Prise {n}", "en": "Schwung {n}"},
    "schwung_line": {"de": "{lead}, {answer}: {verdict} · Stiche {tricks}", "fr": "{lead}, {answer} : {verdict} · plis {tricks}",
                     "en": "{lead}, {answer}: {verdict} · tricks {tricks}"},
    "result": {"de": "Ergebnis", "fr": "résultat", "en": "result"},
    "result_line": {
        "de": "Stiche {p0} {a} : {p1} {b} in {n} Schwüngen; {angriff}; {plattwurf}; {row}: {verdict}",
        "fr": "plis {p0} {a} : {p1} {b} en {n} prises de lutte ; {angriff} ; {plattwurf} ; {row} : {verdict}",
        "en": "tricks {p0} {a} : {p1} {b} in {n} Schwünge; {angriff}; {plattwurf}; {row}: {verdict}",
    },
    "no_angriff": {"de": "kein Angriff", "fr": "pas d’attaque", "en": "no Angriff"},
    "angriff_by": {"de": "Angriff von {p} vor Schwung {n}", "fr": "attaque de {p} avant la prise de lutte {n}",
                   "en": "Angriff by {p} before Schwung {n}"},
    "no_plattwurf": {"de": "kein Plattwurf", "fr": "pas de victoire à plat", "en": "no Plattwurf"},
    "plattwurf_by": {"de": "Plattwurf von {p}", "fr": "victoire à plat de {p}", "en": "Plattwurf by {p}"},
    "a_draw": {"de": "unentschieden", "fr": "passe nulle", "en": "a draw"},
    "points": {"de": "Punkte", "fr": "points", "en": "points"},
    "system_points": {"de": "{system}: {body}", "fr": "{system} : {body}", "en": "{system}: {body}"},
    "differently": {
        "de": "In der Punktewertung bestimmen die Summen nach Gang {n} einen anderen Beginner (match.draw_starter), "
              "daher geht ihr Spiel anders weiter:",
        "fr": "En classement par points, les totaux après la passe {n} désignent un autre joueur qui commence "
              "(match.draw_starter) : sa partie continue autrement :",
        "en": "Under the Punktewertung the totals after Gang {n} pick another starter (match.draw_starter), "
              "so its match goes on differently:",
    },
    "totals": {"de": "Summen", "fr": "Totaux", "en": "Totals"},
    "total": {"de": "Summe", "fr": "total", "en": "total"},
    "winner": {"de": "Sieger", "fr": "vainqueur", "en": "winner"},
    "draw": {"de": "unentschieden", "fr": "nulle", "en": "draw"},    # replay's own words: its title, the reason of each Schwung, the match's end
    "replay_title": {"de": "Schwinget-Wiedergabe: {what}", "fr": "Relecture Schwinget : {what}", "en": "Schwinget replay: {what}"},
    "kind.gang": {"de": "ein Gang", "fr": "une passe", "en": "a Gang"},
    "kind.match": {"de": "ein Spiel mit {n} Gängen", "fr": "une partie de {n} passes", "en": "a match of {n} Gänge"},
    "kind.schwingfest": {"de": "ein Schwingfest", "fr": "une fête de lutte", "en": "a Schwingfest"},
    "trace_id": {"de": ", Spur {id}", "fr": ", trace {id}", "en": ", trace {id}"},
    "why": {"de": "warum: {why} [{clause}]", "fr": "pourquoi : {why} [{clause}]", "en": "why: {why} [{clause}]"},
    "why.neutralises": {
        "de": "der Kampfrichter neutralisiert {other}: der Stich bleibt in der Mitte",
        "fr": "le juré neutralise {other} : le pli reste au milieu",
        "en": "the Kampfrichter neutralises {other}: the trick stays in the middle",
    },
    "why.higher": {
        "de": "{won} ist höher als {lost} in der Farbe {colour}",
        "fr": "{won} est plus fort que {lost} dans la couleur {colour}",
        "en": "{won} is higher than {lost} in colour {colour}",
    },
    "why.trump_six": {
        "de": "{won} ist eine Trumpf-6, die nach diesen Regeln den Brienzer-Konter schlägt",
        "fr": "{won} est un 6 d’atout, qui bat le Brienz contré selon ces règles",
        "en": "{won} is a trump 6, which beats the Brienzer-Konter under these rules",
    },
    "why.trump": {
        "de": "{won} ist Trumpf ({trump}), {lost} nicht",
        "fr": "{won} est atout ({trump}), {lost} non",
        "en": "{won} is trump ({trump}) and {lost} is not",
    },
    "why.void": {
        "de": "{answer} bedient {colour} nicht{trump_note}: die ausgespielte Karte gewinnt",
        "fr": "{answer} ne suit pas {colour}{trump_note} : la carte jouée en premier gagne",
        "en": "{answer} does not follow {colour}{trump_note}: the led card wins",
    },
    "why.void_no_trump": {"de": " und ist kein Trumpf", "fr": " et n’est pas atout", "en": " and is not trump"},
    "why.konter_beats_six": {
        "de": "der Brienzer-Konter schlägt die 6 {lost}",
        "fr": "le Brienz contré bat le 6 {lost}",
        "en": "the Brienzer-Konter beats the 6 {lost}",
    },
    "why.konter_loses": {
        "de": "der Brienzer-Konter schlägt nur eine 6; {won} gewinnt gegen ihn",
        "fr": "le Brienz contré ne bat qu’un 6 ; {won} gagne contre lui",
        "en": "the Brienzer-Konter beats only a 6; {won} wins against it",
    },
    "why.kampfrichter_last": {
        "de": "im letzten Schwung wirkt der Kampfrichter nicht: die andere Karte gewinnt",
        "fr": "à la dernière prise de lutte le juré est sans effet : l’autre carte gagne",
        "en": "on the last Schwung the Kampfrichter has no effect: the other card wins",
    },
    "why.konter_last": {
        "de": "im letzten Schwung gewinnt der Brienzer-Konter gegen den Kampfrichter",
        "fr": "à la dernière prise de lutte le Brienz contré gagne contre le juré",
        "en": "on the last Schwung the Brienzer-Konter wins against the Kampfrichter",
    },
    "match": {"de": "Spiel", "fr": "partie", "en": "match"},
    "match_line": {
        "de": "Summen P0 {a}, P1 {b}: {verdict}",
        "fr": "totaux P0 {a}, P1 {b} : {verdict}",
        "en": "totals P0 {a}, P1 {b}: {verdict}",
    },
}
"""Each narration text by key, in German, French and English, with ``{name}`` fields to fill in."""


def word(lang: Lang, key: str, **values: object) -> str:
    """The narration text ``key`` in ``lang`` with ``values`` filled in."""
    return WORDS[key][lang].format(**values)
