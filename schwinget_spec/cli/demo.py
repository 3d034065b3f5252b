"""``schwinget demo``: a seeded game between two random players, told Schwung by Schwung with the clause behind each step."""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

import attrs
import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff
from schwinget_spec.bots import Bot, PlayedGang, RandomBot, play_gang_recorded
from schwinget_spec.cards import Card
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.cli.common import (
    console,
    print_line,
    print_wrapped,
    rules_fields,
    rules_from,
    rules_options,
)
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, Phase, cards_of
from schwinget_spec.match import MatchLength, MatchState, gang_seeds, start_match
from schwinget_spec.players import Player
from schwinget_spec.presentation.words import LANGS, Lang, row_label, text
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GangScore, ScoringSystem

__all__ = ["DEFAULT_SEED", "demo_bots", "demo_command"]

DEFAULT_SEED = 1
"""The seed of ``schwinget demo`` without ``--seed``."""

_SEATS = ("P0", "P1")



def _w(lang: Lang, key: str, **values: object) -> str:
    return text(lang, f"tell.{key}", **values)


def _system(system: ScoringSystem, lang: Lang) -> str:
    return text(lang, f"system.{system.value}")


def demo_bots(seed: int) -> tuple[Bot, Bot]:
    """The two random players of ``schwinget demo --seed seed``.

    ``RandomBot.seeded(x7)`` for P0 and ``RandomBot.seeded(x8)`` for P1, where x1, x2, ...
    are the outputs of ``SplitMix64.seeded(seed)``: the first six are the Gang seeds of
    a match (``match.gang_seeds``), so the players' choices never reuse a deal's numbers.
    """
    rng = SplitMix64.seeded(seed)
    outputs = []
    for _ in range(8):
        value, rng = rng.next()
        outputs.append(value)
    return (RandomBot.seeded(outputs[6]), RandomBot.seeded(outputs[7]))


def _describe_rules(rules: Rules, lang: Lang) -> str:
    changed = [
        f"{field.name}={getattr(rules, field.name)!r}"
        for field, _ in rules_fields()
        if getattr(rules, field.name) != field.default
    ]
    return _w(lang, "defaults") if not changed else "Rules(" + ", ".join(changed) + ")"


@click.command("demo")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=DEFAULT_SEED, show_default=True,
              help="The seed of the deals and of both players.")
@click.option(
    "--gang",
    "gang_only",
    is_flag=True,
    help="Play a single Gang dealt by Deal.shuffled(SEED) instead of a match.",
)
@click.option("--long", "long_match", is_flag=True, help="Play a long match (6 Gänge) instead of a short one (4).")
@click.option(
    "--starter",
    "first",
    type=click.Choice(["P0", "P1"]),
    callback=lambda _ctx, _param, value: Player.parse(value),
    default="P0",
    show_default=True,
    help="Who leads first: the younger player, who starts Gang 1 (P0 or P1).",
)
@click.option("--lang", type=click.Choice(list(LANGS)), default="en", show_default=True,
              help="The language of every line: the booklet's German or French (its clause quotes and row names), or English.")
@rules_options
def demo_command(seed: int, gang_only: bool, long_match: bool, first: Player, lang: str, **options: Any) -> None:
    """Play a seeded game between two random players and tell it Schwung by Schwung.

    Shows the deal, each Schwung with the clause that decided it, the Angriff and the
    Kampfrichter's choices, each Gang's result and points; for a match, the totals
    under both scoring systems (Schwingerwertung and Punktewertung).
    """
    rules = rules_from(options)
    words = typing.cast(Lang, lang)
    out = console()
    if gang_only:
        print_wrapped(out, Text.assemble((_w(words, "title"), "bold"), _w(words, "one_gang", seed=seed)))
        print_wrapped(out, Text(_w(words, "rules", rules=_describe_rules(rules, words))))
        played = play_gang_recorded(Deal.shuffled(seed), first, rules, demo_bots(seed))
        out.print()
        _print_gang(out, played, f"{_w(words, 'gang')} · Deal.shuffled({seed})", (first, "gang.turn"), words)
        return
    length = MatchLength.LONG if long_match else MatchLength.SHORT
    print_wrapped(
        out,
        Text.assemble(
            (_w(words, "title"), "bold"),
            _w(words, "a_match", length=text(words, "long" if long_match else "short"), n=length.gaenge, seed=seed),
        )
    )
    print_wrapped(out, Text(_w(words, "rules", rules=_describe_rules(rules, words)) + _w(words, "younger", p=first)))
    _play_demo_match(out, seed, length, first, rules, lang=words)


def _play_match(
    seed: int, system: ScoringSystem, length: MatchLength, younger: Player, rules: Rules
) -> tuple[MatchState, list[PlayedGang], list[int]]:
    match = start_match(system, length, younger, rules)
    bots = demo_bots(seed)
    played_gaenge: list[PlayedGang] = []
    seeds = list(gang_seeds(seed, length.gaenge))
    for gang_seed in seeds:
        state = match.start_next_gang(Deal.shuffled(gang_seed))
        played = play_gang_recorded(state.deal, state.starter, rules, bots)
        bots = played.bots
        match = match.apply_gang(played.final)
        played_gaenge.append(played)
    return match, played_gaenge, seeds


def _starter_clause(match: MatchState, number: int) -> str:
    # the clause that named the starter of Gang ``number``: the match as it stood before it
    return attrs.evolve(match, gaenge=match.gaenge[: number - 1]).next_starter_with_clause()[1]


def _play_demo_match(
    out: Console, seed: int, length: MatchLength, younger: Player, rules: Rules, *, lang: Lang
) -> None:
    # The starter after a Gestellter depends on the points (match.draw_starter), so each
    # system is its own match: same deals and players, the same Gänge until a draw
    # makes the two systems pick different starters.
    sw, sw_played, seeds = _play_match(seed, ScoringSystem.SCHWINGERWERTUNG, length, younger, rules)
    pw, pw_played, _ = _play_match(seed, ScoringSystem.PUNKTEWERTUNG, length, younger, rules)
    same = 0
    while same < len(sw_played) and sw_played[same].final == pw_played[same].final:
        same += 1
    for i, played in enumerate(sw_played):
        number = i + 1
        out.print()
        title = f"{_w(lang, 'gang_of', i=number, n=length.gaenge)} · Deal.shuffled({seeds[i]})"
        _print_gang(out, played, title, (played.final.starter, _starter_clause(sw, number)), lang)
        scores = [sw.gaenge[i].score] + ([pw.gaenge[i].score] if i < same else [])
        _print_points(out, scores, lang)
    if same < len(pw_played):
        out.print()
        out.print(Text(_w(lang, "differently", n=same)))
        for i in range(same, len(pw_played)):
            number = i + 1
            out.print()
            title = f"{_system(ScoringSystem.PUNKTEWERTUNG, lang)} {_w(lang, 'gang_of', i=number, n=length.gaenge)} · Deal.shuffled({seeds[i]})"
            _print_gang(out, pw_played[i], title, (pw_played[i].final.starter, _starter_clause(pw, number)), lang)
            _print_points(out, [pw.gaenge[i].score], lang)
    out.print()
    _print_totals(out, (sw, pw), lang)


def _because(out: Console, lang: Lang, *clause_ids: str) -> None:
    # in German and French the booklet's own sentence, in English the paraphrase
    for clause_id in clause_ids:
        print_line(out, "", f"{clause_id}: {getattr(CLAUSES[clause_id], lang)}", "dim")


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _print_deal(out: Console, deal: Deal, lang: Lang) -> None:
    print_line(out, _w(lang, "holds", p="P0"), _codes(deal.hands[0]))
    print_line(out, _w(lang, "holds", p="P1"), _codes(deal.hands[1]))
    trump = deal.trump
    if trump is None:
        print_line(out, _w(lang, "revealed"), _w(lang, "no_trump", card=deal.revealed.code))
        _because(out, lang, "deal.no_trump")
    else:
        print_line(out, _w(lang, "revealed"), _w(lang, "trump", card=deal.revealed.code, colour=trump.code))
        _because(out, lang, "deal.trump")
    print_line(out, _w(lang, "face_down"), _w(lang, "out_of_play", cards=_codes(deal.face_down)))
    print_line(out, _w(lang, "pile"), _w(lang, "from_left", cards=_codes(deal.pile)))


def _drawn(before: int, after: int, lang: Lang) -> str:
    # the card drawn after a play: in the hand ``after`` (the played card put back) and not ``before``
    new = cards_of(after & ~before)
    return _w(lang, "draws", cards=_codes(new)) if new else ""


def _print_gang(out: Console, played: PlayedGang, title: str, starter: tuple[Player, str], lang: Lang) -> None:
    """One Gang: the deal, every Schwung with its deciding clause, the Angriff and Kampfrichter choices, the result."""
    print_wrapped(out, Text(title, style="bold underline"))
    _print_deal(out, played.states[0].deal, lang)
    print_line(out, _w(lang, "starts"), _w(lang, "leads_first", p=starter[0]))
    _because(out, lang, starter[1])
    lead = ""
    for before, action, after in zip(played.states[:-1], played.actions, played.states[1:], strict=True):
        if isinstance(action, StartAngriff):
            assert after.angriff is not None
            print_line(
                out,
                _w(lang, "angriff"),
                _w(lang, "angriff_line", p=before.to_move, n=before.schwung_number, k=after.pile_size),
            )
            _because(out, lang, "angriff.who", "angriff.locks_pile", "angriff.play_out")
        elif isinstance(action, ChooseLeader):
            print_line(out, "", _w(lang, "chooses", p=before.to_move, q=action.player))
            _because(out, lang, "kampfrichter.chooses")
        elif isinstance(action, PlayCard) and before.phase is Phase.LEAD:
            leader = before.to_move
            drawn = _drawn(before.hands[leader], after.hands[leader] | action.card.bit, lang)
            lead = _w(lang, "leads", p=leader, card=action.card.code, drawn=drawn)
        elif isinstance(action, PlayCard):
            answerer = before.to_move
            record = after.history[-1]
            drawn = _drawn(before.hands[answerer], after.hands[answerer] | action.card.bit, lang)
            answer = _w(lang, "answers", p=answerer, card=action.card.code, drawn=drawn)
            if record.winner is None:
                verdict = _w(lang, "neutralised")
                clauses: tuple[str, ...] = (record.clause_id,)
            else:
                verdict = _w(lang, "wins", p=record.winner)
                clauses = (record.clause_id,)
                if record.tricks == 2:
                    verdict += _w(lang, "collects")
                    clauses = (*clauses, "kampfrichter.collect")
            tricks = f"{after.tricks[0]}:{after.tricks[1]}"
            print_line(
                out,
                _w(lang, "schwung", n=record.number),
                _w(lang, "schwung_line", lead=lead, answer=answer, verdict=verdict, tricks=tricks),
            )
            _because(out, lang, *clauses)
    _print_result(out, played.final.result, lang)


def _print_result(out: Console, result: GangResult, lang: Lang) -> None:
    angriff = (
        _w(lang, "no_angriff")
        if result.angriff is None
        else _w(lang, "angriff_by", p=result.angriff.player, n=result.angriff.after_schwung + 1)
    )
    plattwurf = _w(lang, "no_plattwurf") if result.plattwurf is None else _w(lang, "plattwurf_by", p=result.plattwurf)
    verdict = _w(lang, "a_draw") if result.winner is None else _w(lang, "wins", p=result.winner)
    body = _w(
        lang, "result_line", p0="P0", a=result.tricks[0], p1="P1", b=result.tricks[1], n=result.schwuenge, angriff=angriff,
        plattwurf=plattwurf, row=row_label(result.outcome, lang), verdict=verdict,
    )
    print_line(out, _w(lang, "result"), body)
    end = "gang.end_no_angriff" if result.angriff is None else "gang.end_angriff"
    decided = "plattwurf.definition" if result.is_plattwurf else "gang.more_tricks_wins"
    _because(out, lang, end, decided)


def _print_points(out: Console, scores: Sequence[GangScore], lang: Lang) -> None:
    for score in scores:
        if score.rows[0] == score.rows[1]:
            body = f"P0 {score.points[0]}, P1 {score.points[1]} ({row_label(score.row, lang)})"
        else:
            body = ", ".join(f"{p} {score.points[p]} ({row_label(score.rows[p], lang)})" for p in Player)
        print_line(out, _w(lang, "points"), _w(lang, "system_points", system=_system(score.system, lang), body=body))
    if scores:
        ids = sorted({r.clause_id for s in scores for r in (s.row, *s.rows)}, key=list(CLAUSES).index)
        _because(out, lang, *ids)


def _print_totals(out: Console, matches: Sequence[MatchState], lang: Lang) -> None:
    # one row per Gang and one column per system and player: as narrow for a long match as for a short one
    table = Table(title=_w(lang, "totals"))
    table.add_column("")
    for match in matches:
        for player in Player:
            label = f"{_system(match.system, lang)} {player}" if player == Player.P0 else str(player)
            table.add_column(label, justify="right")
    for i, entry in enumerate(matches[0].gaenge):
        cells = [f"{_w(lang, 'gang')} {entry.number}"]
        for match in matches:
            cells += [str(match.gaenge[i].score.points[player]) for player in Player]
        table.add_row(*cells)
    totals = [_w(lang, "total")]
    winners = [_w(lang, "winner")]
    for match in matches:
        result = match.result
        totals += [str(result.totals[player]) for player in Player]
        winners += [_w(lang, "draw") if result.winner is None else str(result.winner), ""]
    table.add_row(*totals, end_section=True)
    table.add_row(*winners)
    out.print(table)
    _because(out, lang, "match.record_points", "match.winner")
