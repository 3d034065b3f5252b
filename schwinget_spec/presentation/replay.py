"""A verified trace told Schwung by Schwung, with the clause behind each trick and a sentence saying why the card won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.cards import Card, Colour
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.trace.verify import Verdict, rules_from_json, verify_trace
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState, Phase, SchwungRecord, cards_of, start_gang
from schwinget_spec.match import MatchLength, start_match
from schwinget_spec.players import Player
from schwinget_spec.presentation.words import Lang, row_label, text
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GangScore, ScoringSystem, compute_gang_score

__all__ = ["Line", "deal_lines", "drawn_text", "points_text", "replay_lines", "result_text", "why_won"]


@attrs.frozen
class Line:
    """One line of a replay: a label column, the text, and a rich style."""

    label: str
    text: str
    style: str = ""


def why_won(record: SchwungRecord, trump: Colour | None, lang: Lang = "en") -> str:
    """One sentence in ``lang`` saying why the Schwung of ``record`` ended as it did, in the words of its clause."""
    led, answer = record.led, record.answer
    if record.winner is None:
        other = answer if led is Card.KR else led
        return text(lang, "tell.why.neutralises", other=other.code)
    won = led if record.winner == record.leader else answer
    lost = answer if won is led else led
    clause = record.clause_id
    if clause == "schwung.higher_wins":
        assert led.colour is not None
        return text(lang, "tell.why.higher", won=won.code, lost=lost.code, colour=led.colour.code)
    if clause == "trump.beats":
        if Card.BK in (won, lost):
            return text(lang, "tell.why.trump_six", won=won.code)
        assert trump is not None
        return text(lang, "tell.why.trump", won=won.code, lost=lost.code, trump=trump.code)
    if clause == "schwung.void_loses":
        assert led.colour is not None
        trump_note = "" if trump is None else text(lang, "tell.why.void_no_trump")
        return text(lang, "tell.why.void", answer=answer.code, colour=led.colour.code, trump_note=trump_note)
    simple = {
        "konter.beats_six": "why.konter_beats_six",
        "konter.loses": "why.konter_loses",
        "kampfrichter.last_schwung": "why.kampfrichter_last",
        "konter.last_trick": "why.konter_last",
    }
    if clause in simple:
        return text(lang, f"tell.{simple[clause]}", won=won.code, lost=lost.code)
    # in German and French the booklet's own sentence, in English the paraphrase
    return str(getattr(CLAUSES[clause], lang))


def _deal(obj: Mapping[str, Any]) -> Deal:
    return Deal(
        hands=(tuple(Card[c] for c in obj["hands"][0]), tuple(Card[c] for c in obj["hands"][1])),
        revealed=Card[obj["revealed"]],
        face_down=tuple(Card[c] for c in obj["face_down"]),
        pile=tuple(Card[c] for c in obj["pile"]),
    )


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def drawn_text(before: int, after: int, lang: Lang = "en") -> str:
    """`` (draws G2)`` when the hand ``after`` (a card mask, with the played card put back) holds a card ``before`` did not; else ``""``."""
    new = cards_of(after & ~before)
    return text(lang, "tell.draws", cards=_codes(new)) if new else ""


def deal_lines(deal: Deal, owners: tuple[str, str] | None = None, lang: Lang = "en") -> list[Line]:
    """The deal as ``demo`` and ``replay`` show it: both hands (with their ``owners`` in a Schwingfest), the revealed card and the trump, the cards out of play, the pile."""
    trump = deal.trump
    revealed = (
        text(lang, "tell.no_trump", card=deal.revealed.code)
        if trump is None
        else text(lang, "tell.trump", card=deal.revealed.code, colour=trump.code)
    )
    hands = [_codes(deal.hands[p]) + ("" if owners is None else f" ({owners[p]})") for p in Player]
    return [
        Line(text(lang, "tell.holds", p="P0"), hands[0]),
        Line(text(lang, "tell.holds", p="P1"), hands[1]),
        Line(text(lang, "tell.revealed"), revealed),
        Line(text(lang, "tell.face_down"), text(lang, "tell.out_of_play", cards=_codes(deal.face_down))),
        Line(text(lang, "tell.pile"), text(lang, "tell.from_left", cards=_codes(deal.pile))),
    ]


def result_text(result: GangResult, names: tuple[str, str], lang: Lang) -> str:
    """A Gang's result as ``demo`` and ``replay`` tell it: tricks, Schwünge, Angriff, Plattwurf, and the row in the booklet's words."""
    angriff = (
        text(lang, "tell.no_angriff")
        if result.angriff is None
        else text(lang, "tell.angriff_by", p=names[result.angriff.player], n=result.angriff.after_schwung + 1)
    )
    plattwurf = text(lang, "tell.no_plattwurf") if result.plattwurf is None else text(lang, "tell.plattwurf_by", p=names[result.plattwurf])
    verdict = text(lang, "tell.a_draw") if result.winner is None else text(lang, "tell.wins", p=names[result.winner])
    return text(
        lang, "tell.result_line", p0=names[0], a=result.tricks[0], p1=names[1], b=result.tricks[1], n=result.schwuenge,
        angriff=angriff, plattwurf=plattwurf, row=row_label(result.outcome, lang), verdict=verdict,
    )


def points_text(score: GangScore, names: tuple[str, str], lang: Lang) -> str:
    """A Gang's points under its scoring system (named in ``lang``), each with the row it scored in the booklet's words."""
    if score.rows[0] == score.rows[1]:
        body = f"{names[0]} {score.points[0]}, {names[1]} {score.points[1]} ({row_label(score.row, lang)})"
    else:
        body = ", ".join(f"{names[p]} {score.points[p]} ({row_label(score.rows[p], lang)})" for p in Player)
    return text(lang, "tell.system_points", system=text(lang, f"system.{score.system.value}"), body=body)


def _gang_lines(
    state: GangState, names: tuple[str, str], owners: tuple[str, str] | None, actions: list[str], lang: Lang
) -> tuple[list[Line], GangState]:
    lines = deal_lines(state.deal, owners, lang)
    trump = state.deal.trump
    lead = ""
    for code in actions:
        action = parse_action(code)
        before = state
        state = state.apply(action)
        mover = before.to_move
        assert mover is not None
        who = names[mover]
        if isinstance(action, StartAngriff):
            body = text(lang, "tell.angriff_line", p=who, n=before.schwung_number, k=state.pile_size)
            lines.append(Line(text(lang, "tell.angriff"), f"{body} [angriff.locks_pile]", "yellow"))
        elif isinstance(action, ChooseLeader):
            body = text(lang, "tell.chooses", p=who, q=names[action.player])
            lines.append(Line("", f"{body} [kampfrichter.chooses]"))
        elif isinstance(action, PlayCard):
            drawn = drawn_text(before.hands[mover], state.hands[mover] | action.card.bit, lang)
            if before.phase is Phase.LEAD:
                lead = text(lang, "tell.leads", p=who, card=action.card.code, drawn=drawn)
                continue
            record = state.history[-1]
            if record.winner is None:
                verdict = text(lang, "tell.neutralised")
            else:
                verdict = text(lang, "tell.wins", p=names[record.winner]) + (
                    text(lang, "tell.collects") if record.tricks == 2 else ""
                )
            answer = text(lang, "tell.answers", p=who, card=action.card.code, drawn=drawn)
            tricks = f"{state.tricks[0]}:{state.tricks[1]}"
            lines.append(Line(text(lang, "tell.schwung", n=record.number),
                              text(lang, "tell.schwung_line", lead=lead, answer=answer, verdict=verdict, tricks=tricks),
                              "bold" if record.winner is not None else ""))
            lines.append(Line("", text(lang, "tell.why", why=why_won(record, trump, lang), clause=record.clause_id), "dim"))
    return lines, state


def _result_lines(
    state: GangState, names: tuple[str, str], system: ScoringSystem | None, rules: Rules, lang: Lang
) -> list[Line]:
    result = state.result
    lines = [Line(text(lang, "tell.result"), result_text(result, names, lang), "bold green")]
    if system is not None:
        score = compute_gang_score(result, system, rules)
        lines.append(Line(text(lang, "tell.points"), f"{points_text(score, names, lang)} [{score.row.clause_id}]"))
    return lines


def _title(document: Mapping[str, Any], system: ScoringSystem | None, lang: Lang) -> str:
    kind = document["kind"]
    what = text(lang, f"tell.kind.{kind}", n=document.get("length", "?")) if kind in ("gang", "match", "schwingfest") else str(kind)
    title = text(lang, "tell.replay_title", what=what)
    if "id" in document:
        title += text(lang, "tell.trace_id", id=document["id"])
    if system is not None:
        title += f", {text(lang, f'system.{system.value}')}"
    return title


def replay_lines(document: Any, lang: Lang = "en") -> list[Line] | Verdict:
    """The trace told Schwung by Schwung, or the verifier's verdict if it does not conform.

    Laid out as ``schwinget demo`` tells a game: a title, then per Gang a heading, the
    deal, each Schwung with why it went where it did, the result with the row of the
    Wertungstabelle in the booklet's words, and the points. Every word is in ``lang``
    (German, French, or English); the reason of a Schwung whose clause has no sentence of
    its own quotes the booklet in German or French. A line with an empty label and text is
    an empty line.
    """
    verdict = verify_trace(document)
    if not verdict.conforms:
        return verdict
    rules = rules_from_json(document.get("rules", {}), version=document["version"])
    kind = document["kind"]
    system = ScoringSystem(document["scoring"]) if "scoring" in document else None
    lines: list[Line] = [Line("", _title(document, system, lang), "bold")]
    match = None
    if kind == "match":
        assert system is not None
        match = start_match(system, MatchLength(document["length"]), Player[document["younger"]], rules)
    players = document.get("players")
    count = len(document["gaenge"])
    for g, gang in enumerate(document["gaenge"]):
        owners: tuple[str, str] | None = None
        names = ("P0", "P1")
        if players is not None:
            seats = gang["seats"]
            owners = (str(players[seats[0]]), str(players[seats[1]]))
            names = (f"{owners[0]} (P0)", f"{owners[1]} (P1)")
        starter = Player[gang["starter"]]
        # the clause that named the starter: the match's rule, the Gang's own for a single Gang; a
        # Schwingfest's meetings are checked by the verifier, and the replay does not restate them
        why = {"gang": " [gang.turn]", "match": ""}.get(kind, "")
        if match is not None:
            why = f" [{match.next_starter_with_clause()[1]}]"
        lines.append(Line("", ""))
        lines.append(Line("", text(lang, "tell.gang_of", i=g + 1, n=count), "bold underline"))
        state = start_gang(_deal(gang["deal"]), starter, rules)
        gang_lines, state = _gang_lines(state, names, owners, list(gang["actions"]), lang)
        lines.extend(gang_lines[:5])
        lines.append(Line(text(lang, "tell.starts"), text(lang, "tell.leads_first", p=names[starter]) + why))
        lines.extend(gang_lines[5:])
        lines.extend(_result_lines(state, names, system, rules, lang))
        if match is not None:
            match = match.apply_gang(state)
    if match is not None:
        result = match.result
        verdict_text = text(lang, "tell.a_draw") if result.winner is None else text(lang, "tell.wins", p=result.winner)
        body = text(lang, "tell.match_line", a=result.totals[0], b=result.totals[1], verdict=verdict_text)
        lines.append(Line("", ""))
        lines.append(Line(text(lang, "tell.match"), f"{body} [match.winner]", "bold"))
    return lines
