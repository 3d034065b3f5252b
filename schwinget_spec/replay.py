"""A verified trace told Schwung by Schwung, with the clause behind each trick and a sentence saying why the card won."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.cards import Card, Colour
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.verify import Verdict, rules_from_json, verify_trace
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Phase, SchwungRecord, start_gang
from schwinget_spec.match import MatchLength, start_match
from schwinget_spec.players import Player
from schwinget_spec.scoring import ScoringSystem, compute_gang_score

__all__ = ["Line", "replay_lines", "why_won"]


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


def _gang_lines(state: GangState, names: tuple[str, str], actions: list[str]) -> tuple[list[Line], GangState]:
    lines: list[Line] = []
    deal = state.deal
    trump = deal.trump
    trump_text = "no trump" if trump is None else f"trump {trump.code}"
    lines.append(Line("deal", f"{names[0]} {' '.join(c.code for c in deal.hands[0])} · "
                      f"{names[1]} {' '.join(c.code for c in deal.hands[1])} · revealed {deal.revealed.code} ({trump_text})"))
    lead = ""
    for code in actions:
        action = parse_action(code)
        before = state
        state = state.apply(action)
        who = names[before.to_move]
        if isinstance(action, StartAngriff):
            lines.append(Line("Angriff", f"{who} starts the Angriff before Schwung {before.schwung_number}: "
                              f"the pile is locked with {state.pile_size} cards [angriff.locks_pile]", "yellow"))
        elif isinstance(action, ChooseLeader):
            lines.append(Line("", f"{who} played the Kampfrichter and chooses {names[action.player]} to lead "
                              "[kampfrichter.chooses]"))
        elif isinstance(action, PlayCard) and before.phase is Phase.LEAD:
            lead = f"{who} leads {action.card.code}"
        else:
            record = state.history[-1]
            if record.winner is None:
                verdict = "neutralised"
            else:
                verdict = f"{names[record.winner]} wins" + (" both tricks" if record.tricks == 2 else "")
            tricks = f"{state.tricks[0]}:{state.tricks[1]}"
            lines.append(Line(f"Schwung {record.number}",
                              f"{lead}, {who} answers {action.card.code} → {verdict} · tricks {tricks}",
                              "bold" if record.winner is not None else ""))
            lines.append(Line("", f"why: {why_won(record, trump)} [{record.clause_id}]", "dim"))
    return lines, state


def _result_line(state: GangState, names: tuple[str, str], system: ScoringSystem | None, rules: Any) -> Line:
    result = state.result
    verdict = "Gestellter (draw)" if result.winner is None else f"{names[result.winner]} wins"
    plattwurf = f", Plattwurf by {names[result.plattwurf]}" if result.plattwurf is not None else ""
    text = f"tricks {result.tricks[0]}:{result.tricks[1]} · {result.outcome.value}{plattwurf} · {verdict}"
    if system is not None:
        score = compute_gang_score(result, system, rules)
        text += f" · points {names[0]} {score.points[0]}, {names[1]} {score.points[1]} [{score.row.clause_id}]"
    return Line("result", text, "bold green")


def replay_lines(document: Any) -> list[Line] | Verdict:
    """The trace told Schwung by Schwung, or the verifier's verdict if it does not conform."""
    verdict = verify_trace(document)
    if not verdict.conforms:
        return verdict
    rules = rules_from_json(document.get("rules", {}))
    kind = document["kind"]
    system = ScoringSystem(document["scoring"]) if "scoring" in document else None
    lines: list[Line] = []
    title = f"{kind} trace" + (f" {document['id']}" if "id" in document else "")
    if system is not None:
        title += f", {system.label}"
    lines.append(Line("", title, "bold underline"))
    match = None
    if kind == "match":
        assert system is not None
        match = start_match(system, MatchLength(document["length"]), Player[document["younger"]], rules)
    players = document.get("players")
    for g, gang in enumerate(document["gaenge"]):
        if players is not None:
            seats = gang["seats"]
            names = (f"{players[seats[0]]} (P0)", f"{players[seats[1]]} (P1)")
        else:
            names = ("P0", "P1")
        starter = Player[gang["starter"]]
        why = ""
        if match is not None:
            why = f" [{match.next_starter_with_clause()[1]}]"
        lines.append(Line("", ""))
        lines.append(Line(f"Gang {g + 1}", f"{names[starter]} starts{why}", "bold"))
        state = start_gang(_deal(gang["deal"]), starter, rules)
        gang_lines, state = _gang_lines(state, names, list(gang["actions"]))
        lines.extend(gang_lines)
        lines.append(_result_line(state, names, system, rules))
        if match is not None:
            match = match.apply_gang(state)
    if match is not None:
        result = match.result
        verdict_text = "a draw" if result.winner is None else f"P{int(result.winner)} wins"
        lines.append(Line("", ""))
        lines.append(Line("match", f"totals P0 {result.totals[0]}, P1 {result.totals[1]}: {verdict_text} "
                          "[match.winner]", "bold"))
    return lines
