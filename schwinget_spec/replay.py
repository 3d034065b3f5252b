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
from schwinget_spec.i18n import Lang, row_label
from schwinget_spec.match import MatchLength, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GangScore, ScoringSystem, compute_gang_score

__all__ = ["Line", "deal_lines", "drawn_text", "points_text", "replay_lines", "result_text", "why_won"]


@attrs.frozen
class Line:
    """One line of a replay: a label column, the text, and a rich style."""

    label: str
    text: str
    style: str = ""


def why_won(record: SchwungRecord, trump: Colour | None) -> str:
    """One sentence saying why the Schwung of ``record`` ended as it did, in the words of its clause."""
    led, answer = record.led, record.answer
    if record.winner is None:
        other = answer if led is Card.KR else led
        return f"the Kampfrichter neutralises {other.code}: the trick stays in the middle"
    won = led if record.winner == record.leader else answer
    lost = answer if won is led else led
    clause = record.clause_id
    if clause == "schwung.higher_wins":
        assert led.colour is not None
        return f"{won.code} is higher than {lost.code} in colour {led.colour.code}"
    if clause == "trump.beats":
        if Card.BK in (won, lost):
            return f"{won.code} is a trump 6, which beats the Brienzer-Konter under these rules"
        assert trump is not None
        return f"{won.code} is trump ({trump.code}) and {lost.code} is not"
    if clause == "schwung.void_loses":
        assert led.colour is not None
        trump_note = "" if trump is None else " and is not trump"
        return f"{answer.code} does not follow {led.colour.code}{trump_note}: the led card wins"
    if clause == "konter.beats_six":
        return f"the Brienzer-Konter beats the 6 {lost.code}"
    if clause == "konter.loses":
        return f"the Brienzer-Konter beats only a 6; {won.code} wins against it"
    if clause == "kampfrichter.last_schwung":
        return "on the last Schwung the Kampfrichter has no effect: the other card wins"
    if clause == "konter.last_trick":
        return "on the last Schwung the Brienzer-Konter wins against the Kampfrichter"
    return CLAUSES[clause].en


def _deal(obj: Mapping[str, Any]) -> Deal:
    return Deal(
        hands=(tuple(Card[c] for c in obj["hands"][0]), tuple(Card[c] for c in obj["hands"][1])),
        revealed=Card[obj["revealed"]],
        face_down=tuple(Card[c] for c in obj["face_down"]),
        pile=tuple(Card[c] for c in obj["pile"]),
    )


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def drawn_text(before: int, after: int) -> str:
    """`` (draws G2)`` when the hand ``after`` (a card mask, with the played card put back) holds a card ``before`` did not; else ``""``."""
    new = cards_of(after & ~before)
    return f" (draws {_codes(new)})" if new else ""


def deal_lines(deal: Deal, owners: tuple[str, str] | None = None) -> list[Line]:
    """The deal as ``demo`` and ``replay`` show it: both hands (with their ``owners`` in a Schwingfest), the revealed card and the trump, the cards out of play, the pile."""
    trump = deal.trump
    revealed = f"{deal.revealed.code}: no trump in this Gang" if trump is None else f"{deal.revealed.code}: trump is {trump.code}"
    hands = [_codes(deal.hands[p]) + ("" if owners is None else f" ({owners[p]})") for p in Player]
    return [
        Line("P0 holds", hands[0]),
        Line("P1 holds", hands[1]),
        Line("revealed", revealed),
        Line("face down", f"{_codes(deal.face_down)} (out of play)"),
        Line("pile", f"{_codes(deal.pile)} (drawn from the left)"),
    ]


def result_text(result: GangResult, names: tuple[str, str], lang: Lang) -> str:
    """A Gang's result as ``demo`` and ``replay`` tell it: tricks, Schwünge, Angriff, Plattwurf, and the row in the booklet's words."""
    angriff = (
        "no Angriff"
        if result.angriff is None
        else f"Angriff by {names[result.angriff.player]} before Schwung {result.angriff.after_schwung + 1}"
    )
    plattwurf = "no Plattwurf" if result.plattwurf is None else f"Plattwurf by {names[result.plattwurf]}"
    verdict = "a draw" if result.winner is None else f"{names[result.winner]} wins"
    return (
        f"tricks {names[0]} {result.tricks[0]} : {names[1]} {result.tricks[1]} in {result.schwuenge} Schwünge; "
        f"{angriff}; {plattwurf}; {row_label(result.outcome, lang)}: {verdict}"
    )


def points_text(score: GangScore, names: tuple[str, str], lang: Lang) -> str:
    """A Gang's points under its scoring system, each with the row it scored in the booklet's words."""
    if score.rows[0] == score.rows[1]:
        body = f"{names[0]} {score.points[0]}, {names[1]} {score.points[1]} ({row_label(score.row, lang)})"
    else:
        body = ", ".join(f"{names[p]} {score.points[p]} ({row_label(score.rows[p], lang)})" for p in Player)
    return f"{score.system.label}: {body}"


def _gang_lines(
    state: GangState, names: tuple[str, str], owners: tuple[str, str] | None, actions: list[str]
) -> tuple[list[Line], GangState]:
    lines = deal_lines(state.deal, owners)
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
            lines.append(Line("Angriff", f"{who} starts the Angriff before Schwung {before.schwung_number}: "
                              f"the pile is locked with {state.pile_size} cards [angriff.locks_pile]", "yellow"))
        elif isinstance(action, ChooseLeader):
            lines.append(Line("", f"{who} played the Kampfrichter and chooses {names[action.player]} to lead next "
                              "[kampfrichter.chooses]"))
        elif isinstance(action, PlayCard):
            drawn = drawn_text(before.hands[mover], state.hands[mover] | action.card.bit)
            if before.phase is Phase.LEAD:
                lead = f"{who} leads {action.card.code}{drawn}"
                continue
            record = state.history[-1]
            if record.winner is None:
                verdict = "neutralised, the trick stays in the middle"
            else:
                verdict = f"{names[record.winner]} wins" + (
                    " and takes the neutralised trick too (2 tricks)" if record.tricks == 2 else ""
                )
            tricks = f"{state.tricks[0]}:{state.tricks[1]}"
            lines.append(Line(f"Schwung {record.number}",
                              f"{lead}, {who} answers {action.card.code}{drawn}: {verdict} · tricks {tricks}",
                              "bold" if record.winner is not None else ""))
            lines.append(Line("", f"why: {why_won(record, trump)} [{record.clause_id}]", "dim"))
    return lines, state


def _result_lines(
    state: GangState, names: tuple[str, str], system: ScoringSystem | None, rules: Rules, lang: Lang
) -> list[Line]:
    result = state.result
    lines = [Line("result", result_text(result, names, lang), "bold green")]
    if system is not None:
        score = compute_gang_score(result, system, rules)
        lines.append(Line("points", f"{points_text(score, names, lang)} [{score.row.clause_id}]"))
    return lines


def _title(document: Mapping[str, Any], system: ScoringSystem | None) -> str:
    kind = document["kind"]
    what = {"gang": "a Gang", "match": f"a match of {document.get('length', '?')} Gänge", "schwingfest": "a Schwingfest"}
    title = f"Schwinget replay: {what.get(kind, kind)}"
    if "id" in document:
        title += f", trace {document['id']}"
    if system is not None:
        title += f", {system.label}"
    return title


def replay_lines(document: Any, lang: Lang = "de") -> list[Line] | Verdict:
    """The trace told Schwung by Schwung, or the verifier's verdict if it does not conform.

    Laid out as ``schwinget demo`` tells a game: a title, then per Gang a heading, the
    deal, each Schwung with why it went where it did, the result with the row of the
    Wertungstabelle in the booklet's words (``lang``: German, French, or English), and the
    points. A line with an empty label and text is an empty line.
    """
    verdict = verify_trace(document)
    if not verdict.conforms:
        return verdict
    rules = rules_from_json(document.get("rules", {}))
    kind = document["kind"]
    system = ScoringSystem(document["scoring"]) if "scoring" in document else None
    lines: list[Line] = [Line("", _title(document, system), "bold")]
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
        lines.append(Line("", f"Gang {g + 1} of {count}", "bold underline"))
        state = start_gang(_deal(gang["deal"]), starter, rules)
        gang_lines, state = _gang_lines(state, names, owners, list(gang["actions"]))
        lines.extend(gang_lines[:5])
        lines.append(Line("starts", f"{names[starter]} leads Schwung 1{why}"))
        lines.extend(gang_lines[5:])
        lines.extend(_result_lines(state, names, system, rules, lang))
        if match is not None:
            match = match.apply_gang(state)
    if match is not None:
        result = match.result
        verdict_text = "a draw" if result.winner is None else f"{result.winner} wins"
        lines.append(Line("", ""))
        lines.append(Line("match", f"totals P0 {result.totals[0]}, P1 {result.totals[1]}: {verdict_text} "
                          "[match.winner]", "bold"))
    return lines
