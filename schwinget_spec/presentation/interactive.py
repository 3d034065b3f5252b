"""A match between a person and a bot, driven through two functions (ask for a line, show a line), so it runs in a terminal and in tests alike."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.actions import ANGRIFF, Action, ChooseLeader, PlayCard, StartAngriff, parse_action
from schwinget_spec.bots import Bot
from schwinget_spec.deal import Deal
from schwinget_spec.files import OutputFileError, write_text_atomically
from schwinget_spec.gang import GangState, Phase, cards_of
from schwinget_spec.match import MatchLength, MatchState, gang_seeds, start_match
from schwinget_spec.players import Player
from schwinget_spec.presentation.words import Lang, plural, refusal, text
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver.named_bots import make_bot
from schwinget_spec.trace import match_trace

__all__ = [
    "Ask",
    "GiveUpError",
    "InputEndedError",
    "PlayedMatch",
    "Say",
    "Table",
    "play_interactive",
    "save_trace",
    "save_trace_or_fallback",
]

Ask = Callable[[str], str]
"""Shows a prompt and returns the line the person typed; raises EOFError when the input ends."""
Say = Callable[[str, str], None]
"""Shows one line with a rich style name ("" for plain)."""

_QUIT = frozenset({"q", "quit", "exit", "aufgeben", "abandon"})
_HELP = frozenset({"?", "h", "help", "hilfe", "aide"})


class GiveUpError(Exception):
    """The person typed q: the match stops unfinished."""


class InputEndedError(Exception):
    """The input ended before the match did."""


@attrs.frozen
class Table:
    """What is being played: the bot's name, the scoring system, the length, the rules, the language, who is younger."""

    seed: int
    bot: str = "heuristic"
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    length: MatchLength = MatchLength.SHORT
    rules: Rules = attrs.field(factory=Rules)
    lang: Lang = "en"
    younger: Player = Player.P0
    """The younger player starts Gang 1 (``match.first_starter``); the person sits at P0."""


@attrs.frozen
class PlayedMatch:
    """A finished match and its finished Gang states, in order: what ``match_trace`` records."""

    match: MatchState
    gaenge: tuple[GangState, ...]

    def trace(self, trace_id: str | None = None) -> dict[str, Any]:
        """The match as a trace of kind ``match`` with the reference's claims (``schwinget verify`` accepts it)."""
        return match_trace(self.match, self.gaenge, trace_id=trace_id)


HUMAN = Player.P0
"""The person's seat; the bot sits at P1."""


def _who(player: Player, lang: Lang) -> str:
    return text(lang, "you" if player == HUMAN else "bot")


def _by(key: str, player: Player) -> str:
    # each sentence with a subject comes in two forms, so the verb agrees in every language
    return f"{key}.{'you' if player == HUMAN else 'bot'}"


def _bot_seed(seed: int) -> int:
    # the outputs after the six Gang seeds, so the bot never reuses a deal's numbers
    return gang_seeds(seed, 8)[7]


def play_interactive(table: Table, ask: Ask, say: Say) -> PlayedMatch:
    """Play a whole match: the person (P0) types each decision through ``ask``, the bot decides for P1.

    An illegal entry is refused with its clause and a one-line reason in ``table.lang``,
    and asked again. Raises ``GiveUpError`` on q and ``InputEndedError`` at the end of the input.
    """
    lang = table.lang
    match = start_match(table.system, table.length, table.younger, table.rules)
    bot: Bot = make_bot(table.bot, _bot_seed(table.seed), table.rules)
    length_word = text(lang, "short" if table.length is MatchLength.SHORT else "long")
    say(
        text(lang, "welcome", length=length_word, n=table.length.gaenge, bot=table.bot,
             system=text(lang, f"system.{table.system.value}"), seed=table.seed),
        "bold",
    )
    say(text(lang, "howto"), "dim")
    finished: list[GangState] = []
    for gang_seed in gang_seeds(table.seed, table.length.gaenge):
        state = match.start_next_gang(Deal.shuffled(gang_seed))
        say("", "")
        say(text(lang, _by("gang", state.starter), number=match.gang_number, n=table.length.gaenge),
            "bold underline")
        while not state.is_over:
            if state.to_move == HUMAN:
                _show(state, match, lang, say)
                action = _ask_action(state, lang, ask, say)
            else:
                action, bot = bot.choose(state.view(state.to_move))
            after = state.apply(action)
            _narrate(state, action, after, lang, say)
            state = after
        match = match.apply_gang(state)
        finished.append(state)
        _show_gang_result(match, lang, say)
    result = match.result
    verdict = "match_drawn" if result.winner is None else ("match_won" if result.winner == HUMAN else "match_lost")
    say("", "")
    say(text(lang, "match_over", mine=result.totals[HUMAN], theirs=result.totals[HUMAN.other],
             system=text(lang, f"system.{table.system.value}"), verdict=text(lang, verdict)), "bold")
    return PlayedMatch(match, tuple(finished))


def _show(state: GangState, match: MatchState, lang: Lang, say: Say) -> None:
    view = state.view(HUMAN)
    trump = text(lang, "no_trump") if view.trump is None else f"{text(lang, 'trump')} {view.trump.code}"
    pile = f"{text(lang, 'pile')} {view.pile_size}" + (f" {text(lang, 'locked')}" if view.angriff else "")
    totals = match.totals
    say("", "")
    say(
        f"{view.revealed.code} ({trump}) · {pile} · {text(lang, 'tricks')} {view.tricks[HUMAN]}:"
        f"{view.tricks[HUMAN.other]} · {text(lang, 'points')} {totals[HUMAN]}:{totals[HUMAN.other]}",
        "cyan",
    )
    on_table = text(lang, "empty") if view.led is None else view.led.code
    line = f"{text(lang, 'table')}: {on_table}"
    if view.pending is not None:
        line += " · " + text(lang, "pending", cards=f"{view.pending.led.code} {view.pending.answer.code}")
    say(line, "")
    hand = " ".join(c.code for c in view.hand)
    say(f"{text(lang, 'hand')}: {hand} · {text(lang, 'bot_hand_one') if view.opponent_hand_size == 1 else text(lang, 'bot_hand', n=view.opponent_hand_size)}", "bold")
    if ANGRIFF in view.legal_actions:
        say(text(lang, "angriff_offer"), "yellow")


def _prompt(state: GangState, lang: Lang) -> str:
    codes = " ".join(a.code for a in state.legal_actions())
    if state.phase is Phase.CHOOSE_LEADER:
        label = text(lang, "prompt_choose")
    elif state.phase is Phase.ANSWER:
        assert state.led is not None
        label = text(lang, "prompt_answer", card=state.led.code)
    else:
        label = text(lang, "prompt_lead")
    return f"{label} [{codes}]: "


def _ask_action(state: GangState, lang: Lang, ask: Ask, say: Say) -> Action:
    while True:
        try:
            entry = ask(_prompt(state, lang)).strip()
        except EOFError:
            say("", "")
            say(text(lang, "input_ended"), "red")
            raise InputEndedError from None
        if not entry:
            continue
        if entry.lower() in _QUIT:
            say(text(lang, "gave_up"), "red")
            raise GiveUpError
        if entry.lower() in _HELP:
            say(text(lang, "howto"), "dim")
            say(text(lang, "legal", codes=" ".join(a.code for a in state.legal_actions())), "dim")
            continue
        refused = refusal(state, entry, lang)
        if refused is None:
            return parse_action(entry)
        clause = f" [{refused.clause_id}]" if refused.clause_id else ""
        say(f"{text(lang, 'refused')}: {refused.line}{clause}", "red")


def _narrate(before: GangState, action: Action, after: GangState, lang: Lang, say: Say) -> None:
    who = before.to_move
    if isinstance(action, StartAngriff):
        say(text(lang, _by("attack", who)), "yellow")
        return
    if isinstance(action, ChooseLeader):
        say(text(lang, _by("chooses", who), leader=_who(action.player, lang)), "")
        return
    assert isinstance(action, PlayCard)
    if who != HUMAN:
        say(text(lang, "bot_plays", card=action.card.code), "magenta")
    if before.phase is Phase.ANSWER:
        record = after.history[-1]
        if record.winner is None:
            say(f"{text(lang, 'neutralised', number=record.number)} [{record.clause_id}]", "")
        else:
            won = text(lang, _by("won", record.winner), number=record.number,
                       tricks=plural(lang, "trick_count", record.tricks))
            say(f"{record.led.code} / {record.answer.code} → {won} [{record.clause_id}]",
                "green" if record.winner == HUMAN else "")
    # the person sees the card drawn from the pile (the bot's stays hidden)
    drawn = cards_of(after.hands[HUMAN] & ~before.hands[HUMAN])
    if drawn:
        say(text(lang, "you_draw", card=" ".join(c.code for c in drawn)), "cyan")


def _show_gang_result(match: MatchState, lang: Lang, say: Say) -> None:
    last = match.gaenge[-1]
    result = last.result
    if result.winner is None:
        outcome = text(lang, "drawn_gang")
    else:
        outcome = text(lang, "won_gang" if result.winner == HUMAN else "lost_gang")
        if result.is_plattwurf:
            outcome += f" ({text(lang, 'plattwurf')})"
    say(
        text(lang, "gang_over", number=last.number, mine=result.tricks[HUMAN], theirs=result.tricks[HUMAN.other],
             outcome=outcome, p_me=last.score.points[HUMAN], p_bot=last.score.points[HUMAN.other]),
        "bold",
    )


def _trace_text(played: PlayedMatch, trace_id: str | None) -> str:
    return json.dumps(played.trace(trace_id), indent=2, ensure_ascii=False) + "\n"


def save_trace(played: PlayedMatch, path: Path, trace_id: str | None = None) -> None:
    """Write the match's trace as JSON to ``path``, whole or not at all (``files.OutputFileError``, also an ``OSError``)."""
    write_text_atomically(path, _trace_text(played, trace_id))


def save_trace_or_fallback(
    played: PlayedMatch, path: Path, trace_id: str | None = None, fallbacks: tuple[Path, ...] | None = None
) -> tuple[Path | None, OSError | None]:
    """Write the trace to ``path`` or, if that fails, to a new file in the first fallback directory that takes it.

    The fallback directories are ``fallbacks``, by default the working directory and the
    system's temporary directory; a fallback file never replaces an existing one. Returns
    the path written (None if every place failed) and the error ``path`` gave (None if it
    was written), so that the caller can say where the finished game went.
    """
    text = _trace_text(played, trace_id)
    try:
        write_text_atomically(path, text)
    except OutputFileError as exc:
        error = exc.cause or exc
    else:
        return path, None
    places = fallbacks if fallbacks is not None else (Path.cwd(), Path(tempfile.gettempdir()))
    stem = path.stem or "schwinget-play"
    for directory in places:
        try:
            handle, name = tempfile.mkstemp(prefix=f"{stem}-", suffix=".json", dir=directory)
        except OSError:
            continue
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError:
            # a fallback file that could not be written whole is removed: the next place is tried
            with contextlib.suppress(OSError):
                os.unlink(name)
            continue
        return Path(name), error
    return None, error
