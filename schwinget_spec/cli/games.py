"""``schwinget play``, ``schwinget simulate`` and ``schwinget replay``: playing, many bot matches, a trace retold."""

from __future__ import annotations

import json
import os
import sys
import typing
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from schwinget_spec.cli.bounds import MAX_MATCHES, WORKERS_PER_CORE, max_processes
from schwinget_spec.cli.common import (
    INTERRUPTED,
    ROW_LABEL,
    console,
    input_file_problem,
    output_file_problem,
    print_line,
    print_wrapped,
    rules_from,
    rules_options,
)
from schwinget_spec.match import MatchLength
from schwinget_spec.players import Player
from schwinget_spec.presentation.words import LANGS, Lang, text
from schwinget_spec.scoring import ScoringSystem, TableRow
from schwinget_spec.solver.named_bots import BOT_NAMES
from schwinget_spec.support.safe_text import terminal_text

__all__ = ["play_command", "replay_command", "simulate_command"]


# -- schwinget play


_SCORING = click.Choice([s.value for s in ScoringSystem])


@click.command("play")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=None,
              help="The seed of the deals (and of a random bot); default: a fresh one, printed at the start.")
@click.option("--bot", "bot_name", type=click.Choice(list(BOT_NAMES)), default="heuristic", show_default=True,
              help="Your opponent: random (any legal card) or heuristic (plays sensibly).")
@click.option("--scoring", type=_SCORING, default=ScoringSystem.SCHWINGERWERTUNG.value, show_default=True,
              help="Schwingerwertung (both score, 10.00/9.75/...) or Punktewertung (the winner scores 7/5/3/2/1).")
@click.option("--long", "long_match", is_flag=True, help="Play a long match (6 Gänge) instead of a short one (4).")
@click.option("--lang", type=click.Choice(list(LANGS)), default="en", show_default=True,
              help="The language of the screen and of the reasons for a refused entry.")
@click.option("--bot-starts", is_flag=True, help="The bot is the younger player and starts Gang 1 (default: you).")
@click.option("--trace-out", type=click.Path(path_type=Path), default=None,
              help="Where to save the match's trace (default: schwinget-play-SEED.json here).")
@rules_options
def play_command(
    *, seed: int | None, bot_name: str, scoring: str, long_match: bool, lang: str, bot_starts: bool,
    trace_out: Path | None, **options: Any,
) -> None:
    """Play a match of Schwinget against a bot in the terminal.

    You are P0 and see your hand, the trump card, the table, the pile size, the tricks
    and the points. Type a card by its short code (G3 = green 3, KR = Kampfrichter,
    BK = Brienzer-Konter), A to start the Angriff when it is offered, L0 (you) or L1
    (the bot) to choose the next leader after your Kampfrichter, ? for help, q to give up.
    An entry the rules forbid is refused with its clause and a one-line reason.

    At the end the match result is shown and the trace is saved; `schwinget verify` and
    `schwinget replay` read it. Exit code 0 after a finished match, 1 if you gave up or
    the input ended, 130 on Ctrl-C; an unfinished match saves no trace.
    """
    from schwinget_spec.presentation.interactive import (  # noqa: PLC0415
        GiveUpError,
        InputEndedError,
        Table,
        play_interactive,
        save_trace_or_fallback,
    )

    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big")
    path = trace_out if trace_out is not None else Path(f"schwinget-play-{seed}.json")
    # the place of the trace is checked before the match, so that a finished game is not lost to a typo
    problem = output_file_problem(path)
    if problem is not None:
        raise click.BadParameter(f"cannot save the trace to {path}: {problem}", param_hint="--trace-out")
    table = Table(
        seed=seed, bot=bot_name, system=ScoringSystem(scoring),
        length=MatchLength.LONG if long_match else MatchLength.SHORT, rules=rules_from(options),
        lang=typing.cast(Lang, lang), younger=Player.P1 if bot_starts else Player.P0,
    )
    out = console()
    echo = not sys.stdin.isatty()

    def ask(prompt: str) -> str:
        out.print(Text(prompt, style="bold"), end="")
        line = input()
        if echo:
            # a scripted session reads like a typed one
            out.print(Text(line))
        return line

    def say(line: str, style: str) -> None:
        print_wrapped(out, Text(line, style=style))

    try:
        played = play_interactive(table, ask, say)
    except (GiveUpError, InputEndedError):
        sys.exit(1)
    except KeyboardInterrupt:
        # said in the chosen language (what was saved: no trace), with the exit code of every interrupted command
        say("", "")
        say(text(table.lang, "interrupted"), "red")
        sys.exit(INTERRUPTED)
    saved, error = save_trace_or_fallback(played, path, trace_id=f"play-{seed}")
    if error is None:
        say(text(table.lang, "saved", path=path), "")
        return
    reason = error.strerror or str(error)
    if saved is not None:
        say(text(table.lang, "saved_elsewhere", path=path, error=reason, saved=saved), "yellow")
        return
    say(text(table.lang, "not_saved", path=path, error=reason), "red")
    click.echo(json.dumps(played.trace(f"play-{seed}"), indent=2, ensure_ascii=False))
    sys.exit(2)


# -- schwinget simulate


@click.command("simulate")
@click.option("--bot-a", type=click.Choice(list(BOT_NAMES)), default="heuristic", show_default=True,
              help="The first bot (A).")
@click.option("--bot-b", type=click.Choice(list(BOT_NAMES)), default="random", show_default=True,
              help="The second bot (B).")
@click.option("--matches", type=click.IntRange(min=1, max=MAX_MATCHES), default=200, show_default=True,
              help=f"How many matches to play (at most {MAX_MATCHES:,}).")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=0, show_default=True,
              help="The seed of the whole run: equal seeds give equal numbers.")
@click.option("--scoring", type=_SCORING, default=ScoringSystem.SCHWINGERWERTUNG.value, show_default=True,
              help="The scoring system of every match.")
@click.option("--long", "long_match", is_flag=True, help="Long matches (6 Gänge) instead of short ones (4).")
@click.option("--workers", "--jobs", "workers", type=click.IntRange(min=0, max=max_processes()), default=1,
              show_default=True, help=f"Processes to play in; 0 means one per core, at most {WORKERS_PER_CORE} per "
              "core. The numbers do not depend on it.")
@click.option("--json", "as_json", is_flag=True, help="Print the raw numbers as JSON.")
@click.option("--backend", type=click.Choice(("local", "ray")), default="local", show_default=True,
              help="ray: play the chunks of matches as tasks of a Ray cluster (RAY_ADDRESS, or one started here; "
              "the extra schwinget_spec[ray]); the same numbers.")
@rules_options
def simulate_command(
    *, bot_a: str, bot_b: str, matches: int, seed: int, scoring: str, long_match: bool, workers: int, as_json: bool,
    backend: str, **options: Any,
) -> None:
    """Play many matches between two bots and count what happens.

    Bot A sits at P0 in every other match, so each bot starts Gang 1 equally often.
    Prints how often each row of the Wertungstabelle happened, the Plattwurf rate, the
    first-player advantage (how often the player who starts a Gang wins it), Gang and
    match wins, average points, and Gänge per second. A progress bar shows on a terminal.

    Example: schwinget simulate --bot-a heuristic --bot-b random --matches 500 --workers 2
    """
    from schwinget_spec.studies.simulate import Setup, simulate  # noqa: PLC0415

    setup = Setup(
        bots=(bot_a, bot_b), matches=matches, seed=seed, system=ScoringSystem(scoring),
        length=MatchLength.LONG if long_match else MatchLength.SHORT, rules=rules_from(options),
    )
    count = workers or os.cpu_count() or 1
    if sys.stderr.isatty():
        # the progress bar's module is imported only when it shows
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: PLC0415

        with Progress(
            TextColumn("simulate"), BarColumn(), MofNCompleteColumn(), TextColumn("matches"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True,
        ) as bar:
            task = bar.add_task("simulate", total=matches)
            result = simulate(setup, count, lambda n: bar.advance(task, n), backend=backend)
    else:
        result = simulate(setup, count, backend=backend)
    data = result.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    _print_simulation(console(), data, setup.system)


def _print_simulation(out: Console, data: dict[str, Any], system: ScoringSystem) -> None:
    bots = data["bots"]
    gaenge = data["gaenge"]
    print_wrapped(out, Text.assemble(
        ("Schwinget simulate", "bold"),
        f": A = {bots['a']}, B = {bots['b']}; {data['matches']} matches of {data['length']} Gänge "
        f"({gaenge} Gänge), {system.label}, seed {data['seed']}",
    ))
    table = Table(title="Outcomes by row of the Wertungstabelle")
    table.add_column("row")
    table.add_column("Gänge", justify="right")
    table.add_column("share", justify="right")
    for row in TableRow:
        if row is TableRow.GUT_GEKAEMPFT and system is not ScoringSystem.PUNKTEWERTUNG:
            continue  # the good loser's row scores only under the Punktewertung (table.gut_gekaempft)
        n = data["rows"][row.value]
        table.add_row(ROW_LABEL[row], str(n), f"{100 * n / gaenge:.1f} %" if gaenge else "-")
    out.print(table)
    first = data["first_player"]
    wins, matches = data["gang_wins"], data["match_wins"]
    lines = [
        ("Plattwurf", f"{data['plattwurf']} Gänge ({100 * data['plattwurf_rate']:.1f} %)"),
        ("Gang wins", f"A {wins['a']}, B {wins['b']}, Gestellte {wins['draws']}"),
        ("match wins", f"A {matches['a']}, B {matches['b']}, draws {matches['draws']}"),
        ("Angriffe", f"A {data['angriffe']['a']}, B {data['angriffe']['b']}"),
        ("who starts", f"the starter of a Gang wins {100 * first['gang_starter_win_rate']:.1f} % of the decided Gänge "
                         f"({first['gang_starter_wins']} of {first['gang_starter_wins'] + first['gang_starter_losses']}); "
                         f"the younger player (starts Gang 1) wins {first['match_younger_wins']} matches, "
                         f"loses {first['match_younger_losses']}"),
        ("points", f"per Gang A {data['points_per_gang']['a']}, B {data['points_per_gang']['b']}; "
                   f"per match A {data['points_per_match']['a']}, B {data['points_per_match']['b']}"),
        ("speed", f"{data['gaenge_per_second']} Gänge per second ({data['seconds']} s, {data['workers']} worker(s); "
                  f"engine: {'the compiled twin' if data['engine'] == 'twin' else 'the readable engine'})"),
    ]
    for label, body in lines:
        print_line(out, label, body)


# -- schwinget replay


@click.command("replay")
@click.argument("trace", type=click.Path(path_type=Path))
@click.option("--lang", type=click.Choice(list(LANGS)), default="en", show_default=True,
              help="The language of every line: the booklet's German or French (its clause quotes and row names), or English.")
def replay_command(trace: Path, lang: str) -> None:
    """Tell a trace (kind gang, match or Schwingfest) Schwung by Schwung, with why each trick went where it did.

    Laid out like `schwinget demo`: each Gang's deal, each Schwung with the led card, the
    answer, the cards drawn, the winner, the tricks so far, and the clause that decided it
    with a sentence (e.g. "B6 is higher than B4 in colour B [schwung.higher_wins]"), then
    the result in the booklet's words and the points. A trace that does not conform is
    not replayed: its verdict is printed, as by `schwinget verify`, and the exit code is 1.
    A TRACE that cannot be read exits with code 2.
    """
    # the verifier and the teller are imported by this command only, not by play and simulate
    from schwinget_spec.cli.verify import print_verdict  # noqa: PLC0415
    from schwinget_spec.conformance.trace.verify import Verdict, verify_trace_file  # noqa: PLC0415
    from schwinget_spec.presentation.replay import replay_lines  # noqa: PLC0415

    problem = input_file_problem(trace)
    if problem is not None:
        raise click.BadParameter(f"{trace}: {problem}", param_hint="TRACE")
    verdict = verify_trace_file(trace)
    out = console()
    if not verdict.conforms:
        out.soft_wrap = not out.is_terminal  # on a terminal the clause texts wrap at words
        print_verdict(out, trace, verdict, "both")
        sys.exit(1)
    lines = replay_lines(json.loads(trace.read_text(encoding="utf-8")), typing.cast(Lang, lang))
    assert not isinstance(lines, Verdict)
    for line in lines:
        # the trace's names and id are shown as text: control characters and escape sequences escaped
        label, body = terminal_text(line.label, keep_lines=False), terminal_text(line.text, keep_lines=False)
        if not label and not body:
            out.print()
        elif not label and line.style.startswith("bold"):
            print_wrapped(out, Text(body, style=line.style))
        else:
            print_line(out, label, body, line.style)
