"""``schwinget play``: a whole match through scripted input and through a pseudo-terminal, refusals with clause and reason in three languages, and a saved trace that verifies."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from schwinget_spec.cards import Card
from schwinget_spec.conformance.trace.verify import verify_trace, verify_trace_file
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.presentation.interactive import GiveUpError, InputEndedError, Table, play_interactive
from schwinget_spec.presentation.words import LANGS, refusal, text
from schwinget_spec.rules import Rules

PROMPT = re.compile(r"\[([A-Z0-9 ]+)\]: $")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def command(*args: str) -> list[str]:
    """The ``schwinget`` command line run by the current interpreter."""
    return [sys.executable, "-m", "schwinget_spec.cli", *args]


def first_card(codes: list[str]) -> str:
    """The person's policy in these tests: the first legal entry that is not the Angriff, if there is one."""
    return next((c for c in codes if c != "A"), codes[0])


class Script:
    """Plays a match in-process with a fixed policy, recording every entry and injecting refused ones.

    ``wrong(prompt, hand, codes)`` may return an entry to type before the legal one.
    """

    def __init__(self, wrong: Callable[[str, list[str], list[str]], str | None] | None = None) -> None:
        self.entries: list[str] = []
        self.lines: list[str] = []
        self.hand: list[str] = []
        self.wrong = wrong
        self._pending: str | None = None

    def ask(self, prompt: str) -> str:
        """Answer a prompt: a refused entry first if ``wrong`` asks for one, then the policy's legal entry."""
        codes = PROMPT.search(prompt)
        assert codes is not None, prompt
        legal = codes.group(1).split()
        if self._pending is None and self.wrong is not None:
            bad = self.wrong(prompt, self.hand, legal)
            if bad is not None:
                self._pending = first_card(legal)
                self.entries.append(bad)
                return bad
        entry = self._pending or first_card(legal)
        self._pending = None
        self.entries.append(entry)
        return entry

    def say(self, line: str, _style: str) -> None:
        """Keep the line, and the person's hand when a line shows it."""
        self.lines.append(line)
        for key in ("your hand: ", "deine Hand: ", "votre main: "):
            if line.startswith(key):
                self.hand = line.removeprefix(key).split(" · ")[0].split()


def test_in_process_match_ends_with_a_trace_that_verifies() -> None:
    """A short match played through ask/say functions ends with a result, and its trace conforms."""
    script = Script()
    played = play_interactive(Table(seed=3), script.ask, script.say)
    assert played.match.is_over
    assert len(played.gaenge) == 4
    assert verify_trace(played.trace()).conforms
    assert any(line.startswith("The end: you") for line in script.lines)


def test_long_match_punktewertung_random_bot_verifies() -> None:
    """A long match under the Punktewertung against the random bot has 6 Gänge and its trace conforms."""
    from schwinget_spec.match import MatchLength  # noqa: PLC0415
    from schwinget_spec.scoring import ScoringSystem  # noqa: PLC0415

    table = Table(seed=8, bot="random", system=ScoringSystem.PUNKTEWERTUNG, length=MatchLength.LONG,
                  younger=Player.P1)
    script = Script()
    played = play_interactive(table, script.ask, script.say)
    assert len(played.gaenge) == 6
    assert played.gaenge[0].starter == Player.P1
    trace = played.trace()
    assert trace["scoring"] == "punktewertung"
    assert verify_trace(trace).conforms


def test_q_gives_up_and_end_of_input_stops() -> None:
    """Typing q raises GiveUpError; the end of the input raises InputEndedError; neither returns a match."""
    with pytest.raises(GiveUpError):
        play_interactive(Table(seed=1), lambda _prompt: "q", lambda _line, _style: None)

    def ended(_prompt: str) -> str:
        raise EOFError

    with pytest.raises(InputEndedError):
        play_interactive(Table(seed=1), ended, lambda _line, _style: None)


# -- refusals


@pytest.mark.clause("schwung.lead", "angriff.who", "kampfrichter.chooses", "angriff.once")
def test_refusal_names_clause_and_reason_in_each_language() -> None:
    """A card not in hand, an Angriff while answering, an L0 with no choice due and a second Angriff are refused with their clause, in de, fr and en."""
    deal = Deal.shuffled(3)
    state = start_gang(deal, Player.P0, Rules())
    missing = next(c for c in Card if c not in deal.hands[0]).code
    answering = state.apply(deal.hands[0][0].code)
    attacked = state.apply("A")
    expected = {
        "why.not_in_hand": (state, missing, "schwung.lead"),
        "why.angriff_who": (answering, "A", "angriff.who"),
        "why.no_choice": (state, "L0", "kampfrichter.chooses"),
        "why.angriff_once": (attacked, "A", "angriff.once"),
    }
    for lang in LANGS:
        for key, (where, entry, clause) in expected.items():
            refused = refusal(where, entry, lang)
            assert refused is not None
            assert refused.clause_id == clause
            template = text(lang, key, card=missing)
            assert refused.line == template
    assert refusal(state, deal.hands[0][0].code, "en") is None


@pytest.mark.clause("schwung.farbzwang")
def test_farbzwang_refusal_names_the_colour_and_the_cards_held() -> None:
    """Answering off-colour while holding the led colour is refused under schwung.farbzwang, naming the colour and the held cards."""
    deal = Deal.from_codes(
        hands=("R1 R2 G1 G2 B1", "R5 G5 Y1 Y2 Y3"), revealed="B3", face_down="B4 B5 B6",
        pile="R3 R4 R6 G3 G4 G6 B2 Y4 Y5 Y6 KR BK",
    )
    state = start_gang(deal, Player.P1, Rules()).apply("R5")
    refused = {lang: refusal(state, "G1", lang) for lang in LANGS}
    assert refused["en"] is not None
    assert refused["en"].clause_id == "schwung.farbzwang"
    assert refused["en"].line == "Farbzwang: you hold R (R1 R2), so follow R or play trump"
    assert refused["de"] is not None
    assert refused["de"].line == "Farbzwang: du hast R (R1 R2), also R bedienen oder Trumpf spielen"
    assert refused["fr"] is not None
    assert refused["fr"].line.startswith("Couleur imposée")


@pytest.mark.clause("kampfrichter.chooses")
def test_choice_due_refuses_a_card() -> None:
    """After the person's Kampfrichter neutralised a trick, a card is refused: the choice of the next leader is due."""
    deal = Deal.from_codes(
        hands=("KR R2 G1 G2 B1", "R5 G5 Y1 Y2 Y3"), revealed="B3", face_down="B4 B5 B6",
        pile="R1 R3 R4 R6 G3 G4 G6 B2 Y4 Y5 Y6 BK",
    )
    state = start_gang(deal, Player.P1, Rules()).apply("R5").apply("KR")
    refused = refusal(state, "R2", "de")
    assert refused is not None
    assert refused.clause_id == "kampfrichter.chooses"
    assert refused.line == text("de", "why.choice_due")


# -- the command as a subprocess


def _farbzwang_or_angriff(prompt: str, hand: list[str], legal: list[str]) -> str | None:
    """At an answer, a held card the rules forbid (Farbzwang), else the Angriff, which only a leader may start."""
    if not prompt.startswith(("Answer", "Erwidern", "Répondre")):
        return None
    forbidden = [c for c in hand if c not in legal]
    return forbidden[0] if forbidden else "A"


def test_scripted_session_refuses_illegal_entries_and_saves_a_trace_that_verifies(tmp_path: Path) -> None:
    """Through scripted stdin, play refuses a bad code, a card not held, Farbzwang and a misplaced Angriff with clause ids, finishes, and saves a trace verify accepts."""
    script = Script(_farbzwang_or_angriff)
    played = play_interactive(Table(seed=11), script.ask, script.say)
    entries = ["ZZ", "L1", *script.entries]
    trace = tmp_path / "match.json"
    proc = subprocess.run(
        command("play", "--seed", "11", "--trace-out", str(trace)),
        input="\n".join(entries) + "\n", capture_output=True, text=True, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    out = proc.stdout
    assert "refused: 'ZZ' is not a code" in out
    assert "[kampfrichter.chooses]" in out
    assert "[angriff.who]" in out or "[schwung.farbzwang]" in out
    assert "The end: you" in out
    assert f"trace saved to {trace}" in out
    assert json.loads(trace.read_text(encoding="utf-8")) == played.trace("play-11")
    assert verify_trace_file(trace).conforms
    check = subprocess.run(command("verify", str(trace)), capture_output=True, text=True, timeout=120, check=False)
    assert check.returncode == 0, check.stdout


@pytest.mark.parametrize(("lang", "refused", "ended"), [
    ("de", "abgelehnt: du hast Y1 nicht auf der Hand [schwung.lead]", "Eingabe beendet"),
    ("fr", "refusé: vous n'avez pas Y1 en main [schwung.lead]", "Fin de l'entrée"),
    ("en", "refused: you do not hold Y1 [schwung.lead]", "Input ended"),
])
def test_lang_translates_the_refusal_and_end_of_input_exits_1(lang: str, refused: str, ended: str) -> None:
    """With --lang, a card not in hand is refused in that language with its clause; input ending early exits 1 with no trace."""
    proc = subprocess.run(
        command("play", "--seed", "3", "--lang", lang), input="Y1\n",
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 1
    assert refused in proc.stdout
    assert ended in proc.stdout


def test_help_explains_the_codes() -> None:
    """``schwinget play --help`` explains the card codes, the Angriff, the Kampfrichter choice, the trace and every option."""
    proc = subprocess.run(command("play", "--help"), capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0
    for words in ("short code", "Angriff", "L0", "verify", "--bot", "--lang", "--seed", "--scoring", "--long",
                  "--trace-out"):
        assert words in " ".join(proc.stdout.split())


# -- a pseudo-terminal


def _read_until_prompt(fd: int, deadline: float) -> str:
    """Read from the terminal until a prompt or the end; the text without colour codes."""
    data = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        clean = ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
        if PROMPT.search(clean):
            return clean
    return ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")


def test_pseudo_terminal_session(tmp_path: Path) -> None:
    """In a pseudo-terminal, play shows colours and prompts, takes typed entries one by one, and saves a trace that verifies."""
    import fcntl  # noqa: PLC0415
    import pty  # noqa: PLC0415
    import struct  # noqa: PLC0415
    import termios  # noqa: PLC0415

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    trace = tmp_path / "pty.json"
    proc = subprocess.Popen(
        command("play", "--seed", "5", "--trace-out", str(trace)),
        stdin=slave, stdout=slave, stderr=slave, close_fds=True,
    )
    os.close(slave)
    transcript = ""
    deadline = time.monotonic() + 240
    try:
        while time.monotonic() < deadline:
            screen = _read_until_prompt(master, deadline)
            transcript += screen
            found = PROMPT.search(screen)
            if found is None:
                break
            os.write(master, (first_card(found.group(1).split()) + "\n").encode())
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0, transcript[-2000:]
    assert "your hand:" in transcript
    assert "The end: you" in transcript
    assert verify_trace_file(trace).conforms


# -- the drawn card, singular and plural, Ctrl-C


@pytest.mark.clause("schwung.lead_draw", "schwung.answer_draw")
def test_the_drawn_card_is_shown_and_joins_the_hand() -> None:
    """After each card the person plays while the pile lasts, the card drawn is named, and the next hand shown holds it."""
    script = Script()
    play_interactive(Table(seed=11), script.ask, script.say)
    drawn = [(i, line.removeprefix("you draw ")) for i, line in enumerate(script.lines) if line.startswith("you draw ")]
    assert len(drawn) >= 6 * 4  # six draws a Gang while the pile lasts, unless an Angriff locks it
    for i, card in drawn:
        hand = next((line for line in script.lines[i:] if line.startswith("your hand: ")), None)
        if hand is not None and "Gang" not in " ".join(script.lines[i:script.lines.index(hand, i)]):
            assert card in hand.removeprefix("your hand: ").split(" · ")[0].split()


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 trick", "2 tricks"), ("de", "1 Stich", "2 Stiche"), ("fr", "1 pli", "2 plis"),
])
def test_tricks_are_counted_in_the_singular_and_the_plural(lang: str, one: str, two: str) -> None:
    """"1 trick", "2 tricks" in each language: no "trick/s" left; a match shows the singular after a plain win."""
    from schwinget_spec.presentation.words import plural  # noqa: PLC0415

    assert plural(lang, "trick_count", 1) == one  # type: ignore[arg-type]
    assert plural(lang, "trick_count", 2) == two  # type: ignore[arg-type]
    script = Script()
    play_interactive(Table(seed=11, lang=lang), script.ask, script.say)  # type: ignore[arg-type]
    won = [line for line in script.lines if "→" in line]
    assert won
    assert all(f"({one})" in line or f"({two})" in line for line in won)
    assert not [line for line in script.lines if "/s)" in line or "/e)" in line]


@pytest.mark.parametrize(("lang", "said"), [
    ("de", "Abgebrochen (Strg-C)"), ("fr", "Interrompu (Ctrl-C)"), ("en", "Interrupted (Ctrl-C)"),
])
def test_ctrl_c_is_told_in_the_chosen_language(lang: str, said: str, tmp_path: Path) -> None:
    """An interrupt at a prompt ends the match with one line in ``--lang`` saying no trace was saved, not click's English "Aborted!", and exit code 130."""
    import signal  # noqa: PLC0415

    proc = subprocess.Popen(
        command("play", "--seed", "4", "--lang", lang, "--trace-out", str(tmp_path / "t.json")),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    seen = ""
    while not PROMPT.search(seen.splitlines()[-1] if seen else ""):
        char = proc.stdout.read(1)
        assert char, seen
        seen += char
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert said in out
    assert "Aborted" not in out + err
    assert "Traceback" not in err
    assert not (tmp_path / "t.json").exists()
