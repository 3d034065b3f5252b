"""The samples of README.md, examples/js/README.md and docs/conformance.md §7, produced by the commands they show.

Each sample is a fenced block right after a line ``<!-- sample: NAME -->``; its text is
what the command prints, written to a pipe 80 columns wide (``COLUMNS=80``), cut by the
trimming rule of its ``Sample`` (the lines kept, "..." where lines are left out), with
trailing spaces removed. ``python tests/readme_samples.py --write`` runs every command and
rewrites the blocks (``--fast`` leaves out the slow ones, ``--only NAME`` makes one);
``--check`` lists the files whose blocks are out of step and exits 1; in a slow sample (the
500-match simulation, the harness runs) it leaves the timings out, which move from run to
run, and compares every other figure.
``tests/test_readme_samples.py`` checks the fast samples by running them and the slow ones
(``slow=True``: the Z3 proofs, the conformance harness, 500 simulated matches) by their
shape against a cheaper run.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import attrs
from click.testing import CliRunner

from schwinget_spec import cli
from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.conformance.vectors import load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.match import gang_seeds
from schwinget_spec.presentation.interactive import Table, play_interactive
from schwinget_spec.registry.clause_index import project_root
from schwinget_spec.rules import Rules
from schwinget_spec.trace import rules_to_json

__all__ = [
    "FILES",
    "SAMPLES",
    "Sample",
    "Workspace",
    "blocks",
    "expected",
    "not_held_de",
    "play_entries",
    "rewrite",
    "rules_line",
    "shape",
]

ROOT = project_root()
FILES = ("README.md", "examples/js/README.md", "docs/conformance.md")
"""The files whose marked blocks are samples."""
WIDTH = 80
_MARKER = re.compile(r"^<!-- sample: ([a-z0-9_.-]+) -->$")
PLAY_SEED = 11
"""The seed of the ``play`` sample (and of the trace that ``replay`` and ``verify`` show)."""


# -- the commands


def schwinget(args: Sequence[str], stdin: str | None = None) -> str:
    """``schwinget ARGS`` as written to a pipe 80 columns wide: its standard output."""
    result = CliRunner().invoke(cli.cli, list(args), input=stdin, env={"COLUMNS": str(WIDTH)}, prog_name="schwinget")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.stdout


def play_entries(seed: int = PLAY_SEED) -> list[str]:
    """What the person of the ``play`` sample types.

    A code that is no card (``G9``) at the first prompt; then the first legal entry that
    is not the Angriff, except at the first answer where the hand holds a card that
    breaks the Farbzwang: that card first (refused), then the legal one.
    """
    entries = ["G9"]
    hand: list[str] = []
    farbzwang_shown = False

    def ask(prompt: str) -> str:
        nonlocal farbzwang_shown
        found = re.search(r"\[([A-Z0-9 ]+)\]: $", prompt)
        assert found is not None, prompt
        legal = found.group(1).split()
        entry = next((c for c in legal if c != "A"), legal[0])
        if not farbzwang_shown and prompt.startswith("Answer"):
            wrong = [c for c in hand if c not in legal]
            if wrong:
                farbzwang_shown = True
                entries.append(wrong[0])
        entries.append(entry)
        return entry

    def say(line: str, _style: str) -> None:
        nonlocal hand
        if line.startswith("your hand: "):
            hand = line.removeprefix("your hand: ").split(" · ")[0].split()

    play_interactive(Table(seed=seed), ask, say)
    return entries


def not_held_de(seed: int = PLAY_SEED) -> str:
    """The refusal, under ``--lang de``, of the first card the person does not hold at the first prompt of the ``play`` sample."""
    from schwinget_spec.gang import start_gang  # noqa: PLC0415
    from schwinget_spec.players import Player  # noqa: PLC0415
    from schwinget_spec.presentation.words import refusal  # noqa: PLC0415

    state = start_gang(Deal.shuffled(gang_seeds(seed, 1)[0]), Player.P0, Rules())
    card = next(c for c in ALL_CARDS if c not in state.hand(Player.P0))
    refused = refusal(state, card.code, "de")
    assert refused is not None
    return f"abgelehnt: {refused.line} [{refused.clause_id}]"


@attrs.frozen
class Workspace:
    """A directory holding what the samples read: the ``play`` sample's trace and the two files ``verify`` judges."""

    path: Path

    @property
    def play_trace(self) -> Path:
        """The trace ``play --seed 11`` saved (``schwinget-play-11.json``)."""
        return self.path / f"schwinget-play-{PLAY_SEED}.json"


@contextlib.contextmanager
def workspace() -> Iterator[Workspace]:
    """A temporary working directory with the ``play`` sample's trace, ``ok.json`` (that trace) and ``bad.json``.

    ``bad.json`` is the first shipped vector whose trace breaks the Farbzwang.
    """
    with tempfile.TemporaryDirectory() as tmp, contextlib.chdir(tmp):
        space = Workspace(Path(tmp))
        schwinget(["play", "--seed", str(PLAY_SEED)], "\n".join(play_entries()) + "\n")
        (space.path / "ok.json").write_text(space.play_trace.read_text(encoding="utf-8"), encoding="utf-8")
        bad = next(
            v for v in load_vectors().vectors
            if v.kind == "trace" and v.expected.get("clause_id") == "schwung.farbzwang"
        )
        (space.path / "bad.json").write_text(json.dumps(bad.input, indent=2), encoding="utf-8")
        yield space


# -- trimming


def _index(lines: list[str], start: int, test: Callable[[str], bool]) -> int:
    return next(i for i in range(start, len(lines)) if test(lines[i]))


def trim_clauses(lines: list[str]) -> list[str]:
    """The title, the head and the clauses of the first three sections."""
    fourth = [i for i, s in enumerate(lines) if s.startswith("├")][2]
    return [*lines[:fourth], "..."]


def trim_demo(lines: list[str]) -> list[str]:
    """The deal and the first two Schwünge of Gang 1, then the Schwung with the Kampfrichter's choice."""
    first = _index(lines, 0, lambda s: s.startswith("Schwung 3 "))
    choice = _index(lines, 0, lambda s: "chooses" in s and "to lead next" in s)
    start = max(i for i in range(choice) if lines[i].startswith("Schwung "))
    end = _index(lines, choice, lambda s: s.startswith(("Schwung ", "result")))
    return [*lines[:first], "...", *lines[start:end]]


def trim_play(lines: list[str]) -> list[str]:
    """Up to the bot's second card; the Farbzwang refusal; the last two lines (the result and where the trace went)."""
    won = _index(lines, 0, lambda s: "→" in s)
    second = _index(lines, won, lambda s: s.startswith("the bot plays"))
    farbzwang = _index(lines, 0, lambda s: "[schwung.farbzwang]" in s)
    return [*lines[: second + 1], "...", lines[farbzwang - 1], lines[farbzwang], "...", *lines[-2:]]


def trim_replay(lines: list[str]) -> list[str]:
    """The title and Gang 1 up to its second Schwung."""
    second = [i for i, s in enumerate(lines) if s.strip().startswith("why: ")][1]
    return lines[: second + 1]


def trim_harness(lines: list[str]) -> list[str]:
    """The engine's name, what was played, and the result."""
    name = [s for s in lines if s.startswith("schwinget conformance harness:")][:1]
    played = [s for s in lines if s.startswith("played:")][:1]
    result = [s for s in lines if s.startswith("result:")][-1:]
    return [*name, *played, "...", *result]


def trim_divergence(lines: list[str]) -> list[str]:
    """The first divergence: its heading, what differs, and the clause named (without the booklet's quotes)."""
    first = _index(lines, 0, lambda s: s.startswith("first divergence"))
    clause = _index(lines, first, lambda s: s.strip().startswith("clause "))
    return ["...", *lines[first : clause + 1]]


def keep_all(lines: list[str]) -> list[str]:
    """Every line."""
    return lines


# -- the samples


@attrs.frozen
class Step:
    """One command of a sample: shown as ``$ schwinget ...`` (``prompt``), its output cut by ``trim`` (None: no output shown)."""

    args: tuple[str, ...]
    trim: Callable[[list[str]], list[str]] | None = keep_all
    stdin: Callable[[], str] | None = None
    comment: str = ""
    prompt: bool = True
    in_checkout: bool = False
    """Run in the source checkout (for paths such as examples/js/) instead of the workspace."""


@attrs.frozen
class Sample:
    """A marked block: its file, its name, its steps; ``slow`` samples are checked by shape against ``cheap`` steps."""

    file: str
    name: str
    steps: tuple[Step, ...]
    slow: bool = False
    cheap: tuple[Step, ...] = ()

    def render(self, space: Workspace) -> str:
        """The block's text as the program prints it now."""
        return _render(self.steps, space)


def _render(steps: Sequence[Step], space: Workspace) -> str:
    out: list[str] = []
    for step in steps:
        if step.prompt:
            command = " ".join(("schwinget", *step.args))
            out.append(f"$ {command}" + (f"   {step.comment}" if step.comment else ""))
        if step.trim is None:
            continue
        stdin = step.stdin() if step.stdin is not None else None
        with contextlib.chdir(ROOT if step.in_checkout else space.path):
            text = schwinget(step.args, stdin)
        out.extend(step.trim([line.rstrip() for line in text.splitlines()]))
    return "\n".join(line.rstrip() for line in out)


def _harness_block(engine: str, games: int) -> str:
    """The report of the conformance harness on ``engine`` as examples/js/README.md shows it (its Python command)."""
    code = (
        "from schwinget_spec.conformance.harness.run import run_harness, format_report\n"
        f"print(format_report(run_harness(['node', 'examples/js/{engine}'], games={games}, seed=0)))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False, timeout=1800
    )
    return "\n".join(line.rstrip() for line in proc.stdout.rstrip("\n").splitlines())


def _play_stdin() -> str:
    return "\n".join(play_entries()) + "\n"


_PLAY_TRACE = f"schwinget-play-{PLAY_SEED}.json"

SAMPLES: tuple[Sample, ...] = (
    Sample("README.md", "demo", (Step(("demo",), trim_demo, prompt=False),)),
    Sample("README.md", "play", (Step(("play", "--seed", str(PLAY_SEED)), trim_play, stdin=_play_stdin),)),
    Sample(
        "README.md", "simulate", (Step(("simulate", "--matches", "500")),), slow=True,
        cheap=(Step(("simulate", "--matches", "20")),),
    ),
    Sample("README.md", "replay", (Step(("replay", _PLAY_TRACE), trim_replay),)),
    Sample("README.md", "clauses", (Step(("clauses",), trim_clauses),)),
    Sample("README.md", "verify", (Step(("verify", "ok.json", "bad.json")),)),
    Sample(
        "README.md", "vectors",
        (
            Step(("vectors", "check")),
            Step(("vectors", "export", "vectors/"), None, comment="# the vector files, and schema/trace.schema.json"),
            Step(("conformance", "run", "--", "node", "examples/js/schwinget.js"), trim_harness, in_checkout=True),
        ),
        slow=True,
    ),
    Sample(
        "examples/js/README.md", "scoring-bug",
        (Step(("conformance", "run", "--", "node", "examples/js/schwinget_scoring_bug.js"), trim_divergence,
              in_checkout=True),),
        slow=True,
    ),
)
"""Every sample made by running ``schwinget``; the harness reports of examples/js/README.md and the example trace of docs/conformance.md are made by ``HARNESS_SAMPLES`` and ``rules_line``."""

HARNESS_SAMPLES: tuple[tuple[str, str, str, int], ...] = (
    ("examples/js/README.md", "report-js", "schwinget.js", 1000),
    ("examples/js/README.md", "report-js-buggy", "schwinget_buggy.js", 1000),
)
"""The reports of examples/js/README.md: (file, name, engine, random Gänge), made by the Python command shown there."""


# -- the files


def blocks(text: str) -> dict[str, tuple[int, int]]:
    """Each marked block of ``text``: its name and the (start, end) line numbers of its body (between the fences)."""
    lines = text.splitlines()
    found: dict[str, tuple[int, int]] = {}
    for i, line in enumerate(lines):
        marker = _MARKER.match(line)
        if marker is None:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            raise ValueError(f"sample {marker.group(1)}: the marker must stand right above a fenced block")
        end = next(j for j in range(i + 2, len(lines)) if lines[j].startswith("```"))
        found[marker.group(1)] = (i + 2, end)
    return found


def body(text: str, name: str) -> str:
    """The text of the block ``name``."""
    start, end = blocks(text)[name]
    return "\n".join(text.splitlines()[start:end])


def rewrite(text: str, name: str, new_body: str) -> str:
    """``text`` with the body of block ``name`` replaced by ``new_body``."""
    start, end = blocks(text)[name]
    lines = text.splitlines()
    out = [*lines[:start], *new_body.splitlines(), *lines[end:]]
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def rules_line() -> str:
    """The ``rules`` line of the example trace of docs/conformance.md §7: every switch at its default, as a recorder writes it."""
    return f'  "rules": {json.dumps(rules_to_json(Rules()))},'


def _fix_example_rules(text: str) -> str:
    return re.sub(r'^  "rules": \{.*\},$', rules_line(), text, count=1, flags=re.MULTILINE)


def shape(text: str) -> list[str]:
    """A sample's shape: numbers as ``#``, runs of spaces and of rule characters as one."""
    masked = (re.sub(r"\d+(\.\d+)?", "#", line) for line in text.splitlines())
    return [re.sub(r"([━─ ])\1+", r"\1", line) for line in masked]


def timeless(text: str) -> str:
    """``text`` with its timings masked: durations (``8.20 s``, ``3.2 ms``, ``45 µs``) and rates (``984.2 Gänge per second``)."""
    text = re.sub(r"\d+(\.\d+)? (s|ms|µs)\b", "# s", text)
    return re.sub(r"\d+(\.\d+)? Gänge per second", "# Gänge per second", text)


def expected(include_slow: bool, only: Sequence[str] = ()) -> dict[tuple[str, str], str]:
    """The text each sample should have now (the slow ones only with ``include_slow``; only those named in ``only``, if any)."""
    texts: dict[tuple[str, str], str] = {}
    with workspace() as space:
        for sample in SAMPLES:
            if (include_slow or not sample.slow) and (not only or sample.name in only):
                texts[(sample.file, sample.name)] = sample.render(space)
    if include_slow:
        for file, name, engine, games in HARNESS_SAMPLES:
            if not only or name in only:
                texts[(file, name)] = _harness_block(engine, games)
    return texts


def main(argv: Sequence[str]) -> int:
    """``--write``: rewrite every sample (and the example trace's rules); ``--check``: list those out of step, exit 1 if any.

    ``--fast`` leaves out the slow samples; ``--only NAME`` (repeatable) makes only the samples named.
    """
    write = "--write" in argv
    fast = "--fast" in argv
    only = [argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg == "--only"]
    stale = []
    new = expected(include_slow=not fast, only=only)
    slow = {s.name for s in SAMPLES if s.slow} | {name for _file, name, _engine, _games in HARNESS_SAMPLES}
    for file in FILES:
        path = ROOT / file
        text = path.read_text(encoding="utf-8")
        updated = text
        for (sample_file, name), sample_text in new.items():
            if sample_file == file and name in blocks(updated):
                if not write and name in slow and timeless(body(updated, name)) == timeless(sample_text):
                    continue  # a slow sample's timings move from run to run: --check leaves them out
                updated = rewrite(updated, name, sample_text)
        if file == "docs/conformance.md":
            updated = _fix_example_rules(updated)
        if updated != text:
            stale.append(file)
            if write:
                path.write_text(updated, encoding="utf-8")
    for file in stale:
        print(f"{'rewrote' if write else 'out of step'}: {file}")
    return 1 if stale and not write else 0


if __name__ == "__main__":
    os.environ.setdefault("COLUMNS", str(WIDTH))
    sys.exit(main(sys.argv[1:]))
