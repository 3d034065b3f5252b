"""The errata registry: every proposed change of the booklet's wording as a frozen record, the single source of docs/errata.md."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

import attrs

from schwinget_spec.checks import check_type
from schwinget_spec.errors import UnknownNameError
from schwinget_spec.registry.ambiguities import AMBIGUITY_BY_ID

__all__ = ["ERRATA", "ERRATUM_BY_ID", "Erratum", "erratum_for", "get_erratum"]

Kind = Literal["replaces", "extends"]
"""How a proposed sentence takes the printed one's place: instead of it, or after it unchanged."""


@attrs.frozen
class Erratum:
    """One proposed change of the booklet, in both languages, settling the open questions ``settles`` in the reading this library plays by default.

    ``printed_de`` and ``printed_fr`` are the booklet's sentences as printed (verbatim,
    whitespace read as one space); ``proposed_de`` and ``proposed_fr`` the sentences a
    new edition would print in their place. Under ``kind == "extends"`` a proposed
    sentence begins with the printed one, unchanged. ``reading`` says in English which
    reading the proposal settles. No two errata change the same printed sentence, so a
    publisher can apply them all.
    """

    id: str
    settles: tuple[str, ...]
    reading: str
    kind: Kind
    printed_de: str
    proposed_de: str
    printed_fr: str
    proposed_fr: str

    def __str__(self) -> str:
        return f"{self.id}: {', '.join(self.settles)}"


ERRATA: tuple[Erratum, ...] = (
    Erratum(
        id='ERR-FEST-STARTER',
        settles=('AMB-FEST-STARTER',),
        reading='The younger Schwinger starts a pair\'s first meeting, the loser of the first meeting the second, the younger again after a drawn first meeting (`fest_starter="loser_of_first_meeting"`).',
        kind='extends',
        printed_de='Beispiel: Bei 3 Schwingern würde jeder gegen jeden zweimal antreten, damit alle 4 Gänge absolviert haben, die gewertet werden können.',
        proposed_de='Beispiel: Bei 3 Schwingern würde jeder gegen jeden zweimal antreten, damit alle 4 Gänge absolviert haben, die gewertet werden können. Den ersten Gang zweier Schwinger gegeneinander beginnt der jüngere, den zweiten der Verlierer des ersten; endete der erste unentschieden, beginnt wieder der jüngere.',
        printed_fr='Exemple: avec 3 lutteurs, chacun combattrait deux fois contre chaque lutteur, afin que tous aient effectué 4 passes qui peuvent être évaluées.',
        proposed_fr='Exemple: avec 3 lutteurs, chacun combattrait deux fois contre chaque lutteur, afin que tous aient effectué 4 passes qui peuvent être évaluées. Lors de la première passe de deux lutteurs l’un contre l’autre, le plus jeune commence; lors de la seconde, c’est au perdant de la première de commencer; si la première s’est terminée par un match nul, le plus jeune recommence.',
    ),
    Erratum(
        id='ERR-SPECIAL-FARBZWANG',
        settles=('AMB-SPECIAL-FARBZWANG',),
        reading='The Kampfrichter and the Konter have no colour and may answer any lead, like a trump (`special_cards_follow_colour=False`).',
        kind='extends',
        printed_de='Also auch anstelle eines «Farbzwangs».',
        proposed_de='Also auch anstelle eines «Farbzwangs». Dasselbe gilt für den Kampfrichter und den Brienzer-Konter: Sie haben keine Farbe und dürfen jederzeit gespielt werden.',
        printed_fr='Donc aussi au lieu d’une «obligation de couleur».',
        proposed_fr='Donc aussi au lieu d’une «obligation de couleur». Il en va de même pour le juré et le Brienz contré: ils n’ont pas de couleur et peuvent être joués à tout moment.',
    ),
    Erratum(
        id='ERR-FEST-TIES',
        settles=('AMB-FEST-TIES',),
        reading='Schwinger with equal points share a rank (`fest_tiebreak="shared"`).',
        kind='extends',
        printed_de='Bei 4 Schwingern ergeben sich bei gleichem Modus (zweimal jeder gegen jeden) 6 Gänge, die gewertet werden können.',
        proposed_de='Bei 4 Schwingern ergeben sich bei gleichem Modus (zweimal jeder gegen jeden) 6 Gänge, die gewertet werden können. Es gewinnt, wer am meisten Punkte erzielt hat; Schwinger mit gleich vielen Punkten teilen sich den Rang.',
        printed_fr='Avec 4 lutteurs, le même mode (deux fois chacun contre chacun) donne 6 passes qui peuvent être évaluées.',
        proposed_fr='Avec 4 lutteurs, le même mode (deux fois chacun contre chacun) donne 6 passes qui peuvent être évaluées. Le vainqueur est celui qui a obtenu le plus de points; les lutteurs qui ont le même nombre de points partagent le rang.',
    ),
    Erratum(
        id='ERR-MATCH-DRAW',
        settles=('AMB-MATCH-DRAW',),
        reading='A match with equal totals is drawn (`match_draw="draw"`).',
        kind='extends',
        printed_de='Gewonnen hat, wer am Ende aller Durchgänge am meisten Punkte erzielt hat.',
        proposed_de='Gewonnen hat, wer am Ende aller Durchgänge am meisten Punkte erzielt hat. Haben beide Spieler gleich viele Punkte, endet das Spiel unentschieden.',
        printed_fr='Le vainqueur est celui qui a obtenu le plus de points à la fin de toutes les passes.',
        proposed_fr='Le vainqueur est celui qui a obtenu le plus de points à la fin de toutes les passes. Si les deux joueurs ont le même nombre de points, la partie est nulle.',
    ),
    Erratum(
        id='ERR-KAMPFRICHTER-VOID',
        settles=('AMB-KAMPFRICHTER-VOID',),
        reading='A Kampfrichter answered from a hand void in the led colour neutralises the led card (`void_kampfrichter_neutralises=True`).',
        kind='replaces',
        printed_de='Der Kampfrichter neutralisiert die vom Gegner ausgespielte Schwungkarte und der Stich bleibt vorerst in der Mitte liegen.',
        proposed_de='Der Kampfrichter neutralisiert die vom Gegner ausgespielte Schwungkarte, auch wenn sein Spieler keine Karte der ausgespielten Farbe hat, und der Stich bleibt vorerst in der Mitte liegen.',
        printed_fr='Le juré neutralise la carte de Prise de lutte jouée par l’adversaire et le pli reste pour l’instant au milieu.',
        proposed_fr='Le juré neutralise la carte de Prise de lutte jouée par l’adversaire, même si son joueur n’a pas de carte de la couleur jouée, et le pli reste pour l’instant au milieu.',
    ),
    Erratum(
        id='ERR-DRAW-TIE-STARTER',
        settles=('AMB-DRAW-TIE-STARTER',),
        reading='After a Gestellter that leaves both players on equal points, the younger player starts (`draw_tie_starter="younger"`).',
        kind='extends',
        printed_de='Endet der Gang unentschieden, beginnt der Spieler mit aktuell weniger Punkten.',
        proposed_de='Endet der Gang unentschieden, beginnt der Spieler mit aktuell weniger Punkten. Haben beide gleich viele Punkte, beginnt der jüngere Spieler.',
        printed_fr='Si la passe se termine par un match nul, le joueur qui a actuellement le moins de points commence.',
        proposed_fr='Si la passe se termine par un match nul, le joueur qui a actuellement le moins de points commence. Si les deux joueurs ont le même nombre de points, le joueur le plus jeune commence.',
    ),
    Erratum(
        id='ERR-GUT-GEKAEMPFT-PLATTWURF',
        settles=('AMB-GUT-GEKAEMPFT-PLATTWURF',),
        reading='The good loser\'s point applies after a Plattwurf too (`good_loser_after_plattwurf=True`).',
        kind='replaces',
        printed_de='Hat der Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt.',
        proposed_de='Hat der Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt, auch nach einem Plattwurf-Sieg des Gegners.',
        printed_fr='Si le perdant a réalisé au total 3 plis ou plus, il obtient 1 point.',
        proposed_fr='Si le perdant a réalisé au total 3 plis ou plus, il obtient 1 point, même après un Gagné à plat de l’adversaire.',
    ),
    Erratum(
        id='ERR-KONTER-SIX',
        settles=('AMB-KONTER-TRUMP-SIX', 'AMB-KONTER-VOID'),
        reading='The Konter beats every 6, a trump 6 included (`konter_beats_trump_six=True`), also when it answers from a hand void in the led colour (`void_konter_beats_six=True`).',
        kind='replaces',
        printed_de='Der Brienzer-Konter schlägt alle Brienzer-Schwünge (Kampfwert 6).',
        proposed_de='Der Brienzer-Konter schlägt alle Brienzer-Schwünge (Kampfwert 6), auch den der Trumpf-Farbe und auch dann, wenn sein Spieler keine Karte der ausgespielten Farbe hat.',
        printed_fr='Le Brienz contré bat toutes les prises de Brienz (valeur de combat 6).',
        proposed_fr='Le Brienz contré bat toutes les prises de Brienz (valeur de combat 6), y compris celle de la couleur d’atout, et même si son joueur n’a pas de carte de la couleur jouée.',
    ),
    Erratum(
        id='ERR-KONTER-VS-KR',
        settles=('AMB-KONTER-VS-KR',),
        reading='Before the last Schwung the Kampfrichter neutralises the Konter as any other card (`konter_loses_to_kampfrichter=False`).',
        kind='replaces',
        printed_de='Gegen alle anderen Karten hat der Brienzer-Konter keinen Stich und verliert (ausser im allerletzten Stich gewinnt er gegen den Kampfrichter).',
        proposed_de='Gegen alle anderen Karten hat der Brienzer-Konter keinen Stich und verliert (ausser im allerletzten Stich gewinnt er gegen den Kampfrichter; vorher neutralisiert ihn der Kampfrichter wie jede andere Karte).',
        printed_fr='Contre toutes les autres cartes, le Brienz contré n’a pas de pli et perd (sauf au tout dernier pli où il gagne contre le juré).',
        proposed_fr='Contre toutes les autres cartes, le Brienz contré n’a pas de pli et perd (sauf au tout dernier pli où il gagne contre le juré; avant, le juré le neutralise comme toute autre carte).',
    ),
)
"""Every erratum, in the order of docs/errata.md (by how much the questions they settle matter)."""

ERRATUM_BY_ID: Mapping[str, Erratum] = MappingProxyType({e.id: e for e in ERRATA})
"""Every erratum by id."""

_FOR_ENTRY: Mapping[str, Erratum] = MappingProxyType({amb: e for e in ERRATA for amb in e.settles})


def get_erratum(erratum_id: str) -> Erratum:
    """The erratum with id ``erratum_id``; raises ``UnknownNameError`` (also a ``KeyError``) naming it if there is none."""
    found = ERRATUM_BY_ID.get(check_type(erratum_id, str, "erratum_id"))
    if found is None:
        raise UnknownNameError("erratum_id", erratum_id, f"no erratum with id {erratum_id!r}")
    return found


def erratum_for(amb_id: str) -> Erratum | None:
    """The erratum that settles the open question ``amb_id``, or None when the question needs none; raises ``UnknownNameError`` for an id that is no entry."""
    if check_type(amb_id, str, "amb_id") not in AMBIGUITY_BY_ID:
        raise UnknownNameError("amb_id", amb_id, f"no ambiguity entry with id {amb_id!r}")
    return _FOR_ENTRY.get(amb_id)
