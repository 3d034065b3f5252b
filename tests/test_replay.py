"""``schwinget replay``: gang, match and Schwingfest traces told Schwung by Schwung with the clause behind each trick; broken traces print their verdict. Also the vectors column of ``schwinget clauses``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import typing
from collections import Counter
from pathlib import Path

import pytest

from schwinget_spec.bots import RandomBot, play_gang
from schwinget_spec.cards import Card, Colour
from schwinget_spec.conformance.trace.verify import Verdict
from schwinget_spec.conformance.vectors import Vector, load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.gang import SchwungRecord
from schwinget_spec.players import Player
from schwinget_spec.presentation.replay import Line, replay_lines, why_won
from schwinget_spec.presentation.words import row_label
from schwinget_spec.rules import Rules
from schwinget_spec.trace import gang_trace

VECTORS = load_vectors().vectors


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``schwinget ARGS`` with the current interpreter and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", *args], capture_output=True, text=True, timeout=120, check=False
    )


def _vector(kind: str, verdict: str) -> Vector:
    return next(
        v for v in VECTORS
        if v.kind == "trace" and v.input["kind"] == kind and v.expected.get("verdict") == verdict
    )


def _write(tmp_path: Path, name: str, document: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["gang", "match", "schwingfest"])
def test_replay_of_each_kind_tells_every_schwung_with_its_clause(kind: str, tmp_path: Path) -> None:
    """For a conforming trace of each kind, replay exits 0 and prints one line per Schwung with a why line naming its clause."""
    vector = _vector(kind, "conforms")
    proc = run("replay", str(_write(tmp_path, "t.json", vector.input)))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    schwuenge = sum(1 for line in proc.stdout.splitlines() if line.startswith("Schwung "))
    whys = [line for line in proc.stdout.splitlines() if "why: " in line]
    assert schwuenge == len(whys) > 0
    assert all(line.rstrip().endswith("]") for line in whys)
    assert proc.stdout.count("result ") == len(vector.input["gaenge"])


def test_replay_lines_follow_the_engine() -> None:
    """The replay of a recorded Gang shows each Schwung's winner and clause as the engine's history has them."""
    final = play_gang(Deal.shuffled(17), Player.P0, Rules(), (RandomBot.seeded(1), RandomBot.seeded(2)))
    lines = replay_lines(gang_trace(final))
    assert isinstance(lines, list)
    whys = [line.text for line in lines if line.text.startswith("why: ")]
    assert len(whys) == len(final.history)
    for text, record in zip(whys, final.history, strict=True):
        assert text.endswith(f"[{record.clause_id}]")
    assert lines[-1] == Line("result", lines[-1].text, "bold green")
    assert f"tricks P0 {final.tricks[0]} : P1 {final.tricks[1]} in {final.result.schwuenge} Schwünge" in lines[-1].text


@pytest.mark.parametrize(("verdict", "shown"), [("illegal_action", "illegal action"), ("wrong_claim", "wrong claim"),
                                               ("malformed", "malformed")])
def test_broken_traces_print_their_verdict_and_exit_1(verdict: str, shown: str, tmp_path: Path) -> None:
    """A trace that does not conform is not replayed: its verdict is printed and the exit code is 1."""
    vector = next(v for v in VECTORS if v.kind == "trace" and v.expected.get("verdict") == verdict)
    proc = run("replay", str(_write(tmp_path, "bad.json", vector.input)))
    assert proc.returncode == 1
    assert shown in proc.stdout
    assert "why: " not in proc.stdout
    assert isinstance(replay_lines(vector.input), Verdict)


def test_missing_file_exits_2_and_non_json_exits_1(tmp_path: Path) -> None:
    """A file that does not exist is a usage error (exit 2, named on stderr); a file that is not JSON gets the malformed verdict and exit 1."""
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2
    assert "nope.json: no such file" in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    proc = run("replay", str(garbage))
    assert proc.returncode == 1
    assert "malformed" in proc.stdout


def _record(leader: Player, led: str, answer: str, winner: Player | None, clause: str) -> SchwungRecord:
    return SchwungRecord(1, leader, Card.parse(led), Card.parse(answer), winner, clause, 1, False)


@pytest.mark.clause("schwung.higher_wins", "trump.beats", "schwung.void_loses", "konter.beats_six", "konter.loses",
                    "kampfrichter.neutralises", "kampfrichter.last_schwung", "konter.last_trick")
def test_why_names_the_deciding_cards() -> None:
    """Each deciding clause gets a sentence naming the cards: higher card, trump, not following, the Konter, the Kampfrichter."""
    p0, p1 = Player.P0, Player.P1
    blue = Colour.BLUE
    assert why_won(_record(p0, "R3", "R5", p1, "schwung.higher_wins"), blue) == "R5 is higher than R3 in colour R"
    assert why_won(_record(p0, "R3", "B1", p1, "trump.beats"), blue) == "B1 is trump (B) and R3 is not"
    assert why_won(_record(p0, "R3", "G6", p0, "schwung.void_loses"), blue).startswith("G6 does not follow R and is not trump")
    assert why_won(_record(p0, "R3", "G6", p0, "schwung.void_loses"), None) == "G6 does not follow R: the led card wins"
    assert why_won(_record(p0, "G6", "BK", p1, "konter.beats_six"), blue) == "the Brienzer-Konter beats the 6 G6"
    assert "beats only a 6" in why_won(_record(p0, "BK", "G2", p1, "konter.loses"), blue)
    assert "neutralises R3" in why_won(_record(p0, "R3", "KR", None, "kampfrichter.neutralises"), blue)
    assert "no effect" in why_won(_record(p0, "KR", "R3", p1, "kampfrichter.last_schwung"), blue)
    assert "wins against the Kampfrichter" in why_won(_record(p0, "KR", "BK", p1, "konter.last_trick"), blue)
    assert "trump 6" in why_won(_record(p0, "BK", "B6", p1, "trump.beats"), blue)


def test_replay_help_explains() -> None:
    """``schwinget replay --help`` says what is shown and what happens to a broken trace."""
    proc = run("replay", "--help")
    assert proc.returncode == 0
    flat = " ".join(proc.stdout.split())
    for words in ("Schwung by Schwung", "clause", "verdict", "exit code is 1"):
        assert words in flat


# -- schwinget clauses: the vectors column


def test_clauses_counts_the_vectors_of_each_clause() -> None:
    """``clauses --json`` gives, per clause, the number of shipped vectors naming it; the table has a vectors column."""
    expected = Counter(c for v in VECTORS for c in v.clauses)
    proc = run("clauses", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    counts = {entry["id"]: entry["vectors"] for entry in data["clauses"]}
    assert counts == {clause_id: expected[clause_id] for clause_id in counts}
    assert counts["schwung.farbzwang"] > 0
    table = run("clauses")
    assert "vectors" in table.stdout
    help_text = " ".join(run("clauses", "--help").stdout.split())
    assert "vectors" in help_text
    assert "--proofs" in help_text
    assert "Z3 queries" in help_text


# -- replay and demo alike


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
def test_replay_and_demo_tell_the_same_gang_in_the_same_lines(lang: str) -> None:
    """The deal, every Schwung and the result of ``demo --gang --lang L`` read exactly as ``replay --lang L`` tells the same Gang."""
    from click.testing import CliRunner  # noqa: PLC0415

    from schwinget_spec import cli  # noqa: PLC0415
    from schwinget_spec.bots import play_gang_recorded  # noqa: PLC0415
    from schwinget_spec.cli.demo import demo_bots  # noqa: PLC0415
    from schwinget_spec.presentation.words import Lang, text  # noqa: PLC0415

    words = typing.cast(Lang, lang)
    seed = 4
    demo = CliRunner().invoke(cli.cli, ["demo", "--gang", "--seed", str(seed), "--lang", lang], env={"COLUMNS": "80"})
    assert demo.exit_code == 0, demo.output
    played = play_gang_recorded(Deal.shuffled(seed), Player.P0, Rules(), demo_bots(seed))
    lines = replay_lines(gang_trace(played.final), lang=words)
    assert isinstance(lines, list)
    told = (*(text(words, "tell.holds", p=p) for p in ("P0", "P1")), *(text(words, f"tell.{key}") for key in ("revealed", "face_down", "pile")),
            text(words, "tell.schwung", n=""), text(words, "tell.result"))
    from_replay = [f"{line.label:<12}{line.text}" for line in lines if line.label.startswith(told)]
    from_demo = [line for line in demo.stdout.splitlines() if line.startswith(told)]
    assert from_demo == from_replay
    assert len(from_demo) == 5 + len(played.final.history) + 1
    assert f"; {row_label(played.final.result.outcome, words)}{' :' if lang == 'fr' else ':'} " in from_demo[-1]


# the English words of the narration, each of which a German or French replay must not write
ENGLISH = ("replay", "holds", "revealed", "face down", "out of play", "drawn from", "leads", "answers", "draws",
           "wins", "tricks", "result", "points", "why", "starts", "trump", "higher", "the", "and", "of", "is",
           "totals", "match", "a draw", "no Angriff", "no Plattwurf", "neutralised", "locked", "chooses")
FRENCH_TOO = {("fr", "points"), ("fr", "match")}  # French words as well: "points", the booklet's "match nul"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_replay_speaks_the_chosen_language_throughout(lang: str, tmp_path: Path) -> None:
    """``replay --lang de|fr`` of a Gang and a match writes no English word of the narration; the same traces in English write them."""
    told = {}
    for language in (lang, "en"):
        told[language] = "".join(
            run("replay", str(_write(tmp_path, f"{kind}.json", _vector(kind, "conforms").input)), "--lang", language).stdout
            for kind in ("gang", "match")
        )
    seen = set()
    for line in told[lang].splitlines():
        bare = re.sub(r"[a-z_]+(?:\.[a-z_0-9]+)+", "", line)  # clause and trace ids aside
        left = [w for w in ENGLISH if re.search(rf"\b{w}\b", bare) and (lang, w) not in FRENCH_TOO]
        assert not left, (left, line)
    for w in ENGLISH:
        if re.search(rf"\b{w}\b", told["en"]):
            seen.add(w)
    assert len(seen) >= len(ENGLISH) - 8, sorted(set(ENGLISH) - seen)
    assert {"de": "warum: ", "fr": "pourquoi : "}[lang] in told[lang]


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
def test_replay_tells_each_result_in_the_booklet_s_words(lang: str, tmp_path: Path) -> None:
    """``replay --lang`` names each Gang's row of the Wertungstabelle in German, French or English, never by its raw id."""
    from schwinget_spec.gang import Outcome  # noqa: PLC0415
    from schwinget_spec.presentation.words import Lang, row_label, text  # noqa: PLC0415

    vector = _vector("match", "conforms")
    proc = run("replay", str(_write(tmp_path, "m.json", vector.input)), "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    results = [line for line in proc.stdout.splitlines() if line.startswith(text(typing.cast(Lang, lang), "tell.result") + " ")]
    assert len(results) == len(vector.input["gaenge"])
    labels = {row_label(outcome, lang) for outcome in Outcome}  # type: ignore[arg-type]
    colon = " : " if lang == "fr" else ": "
    assert all(any(f"; {label}{colon}" in line for label in labels) for line in results)
    assert not [o.value for o in Outcome if f" {o.value}" in proc.stdout]
