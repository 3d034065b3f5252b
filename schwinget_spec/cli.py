"""The ``schwinget`` command: the clause registry, a seeded demo game told Schwung by Schwung, and the trace verifier."""

from __future__ import annotations

import difflib
import json
import os
import shutil
import sys
import typing
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs
import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from schwinget_spec.actions import ChooseLeader, PlayCard, StartAngriff
from schwinget_spec.ambiguities import AMBIGUITIES, AMBIGUITY_BY_ID
from schwinget_spec.bots import BOT_NAMES, Bot, PlayedGang, RandomBot, play_gang_recorded
from schwinget_spec.cards import Card
from schwinget_spec.clause_index import ClauseIndex, build_clause_index
from schwinget_spec.clauses import CLAUSES, Clause
from schwinget_spec.conformance.skiplist import filter_vectors, load_skiplist
from schwinget_spec.conformance.vectors import SUITE_VERSION, load_vectors, run_vectors, shipped_directory
from schwinget_spec.conformance.verify import Verdict, VerdictKind, load_schema, verify_trace_file
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangResult, Outcome, Phase, cards_of
from schwinget_spec.i18n import LANGS, Lang, text
from schwinget_spec.impact import format_table, measure, total_gaenge
from schwinget_spec.match import MatchLength, MatchState, gang_seeds, start_match
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE_DE, GangScore, ScoringSystem, TableRow

__all__ = ["DEFAULT_SEED", "cli", "demo_bots", "main"]

DEFAULT_SEED = 1
"""The seed of ``schwinget demo`` without ``--seed``."""

_F = TypeVar("_F", bound=Callable[..., Any])
_LABEL = 12
_ROW_LABEL: dict[TableRow, str] = {line.row: line.label for line in WERTUNGSTABELLE_DE}
_OUTCOME_LABEL: dict[Outcome, str] = {
    outcome: _ROW_LABEL[TableRow.for_outcome(outcome)] for outcome in Outcome
}


class LibraryError(click.ClickException):
    """A SchwingetError reaching the command line: printed as one line, exit code 2."""

    exit_code = 2


class _Group(click.Group):
    """A command group that turns the library's errors into one clear line instead of a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SchwingetError as exc:
            raise LibraryError(str(exc)) from None


def _console() -> Console:
    # soft_wrap: a line of the game is never cut by the printer, the terminal wraps it;
    # written to a file or a pipe, tables get room for the clause texts
    width = None if sys.stdout.isatty() else 160
    return Console(soft_wrap=True, highlight=False, width=width)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="schwinget_spec", prog_name="schwinget")
def cli() -> None:
    """schwinget: the reference specification of Schwinget, the Swiss card game about Schwingen.

    Every rule of the booklet is a clause with a stable id; `schwinget clauses` lists
    them with where each is enforced, tested and covered by vectors, `schwinget demo` plays a seeded game
    between two random players and tells it Schwung by Schwung, `schwinget verify`
    judges traces recorded by any implementation.

    \b
    Play and watch:
      schwinget play                 play a match against a bot in the terminal
      schwinget simulate             many bot matches, with outcome frequencies
      schwinget replay TRACE         a trace told Schwung by Schwung, with the why of each trick
    """


# -- schwinget clauses


def _registry() -> dict[str, Clause]:
    # looked up at call time, so that a test can stand in a clause set of its own
    return dict(CLAUSES)


def _vector_counts() -> Counter[str]:
    """How many shipped vectors name each clause in their ``clauses`` list."""
    return Counter(c for v in load_vectors().vectors for c in v.clauses)


def _proved_by() -> dict[str, list[str]]:
    """For each clause id, the Z3 queries (fast set) that answered as expected with the clause involved."""
    # z3 takes a while to load: only `clauses --proofs` pays for it
    from schwinget_spec.proofs import run_queries  # noqa: PLC0415

    proved: dict[str, list[str]] = {clause_id: [] for clause_id in CLAUSES}
    for result in run_queries(include_slow=False):
        if result.ok:
            for clause_id in result.clauses:
                if clause_id in proved:
                    proved[clause_id].append(result.name)
    return proved


def _clause_json(index: ClauseIndex, proofs: dict[str, list[str]] | None) -> dict[str, object]:
    vectors = _vector_counts()
    return {
        "root": str(index.root),
        "tests_found": index.tests_found,
        "clauses": [
            {
                "id": use.clause.id,
                "section": use.clause.section,
                "de": use.clause.de,
                "fr": use.clause.fr,
                "en": use.clause.en,
                "enforced": [str(loc) for loc in use.enforced],
                "tested": [str(loc) for loc in use.tested],
                "vectors": vectors[use.clause.id],
                **({} if proofs is None else {"proofs": proofs[use.clause.id]}),
                "gaps": list(use.gaps),
            }
            for use in index.uses
        ],
        "incomplete": [use.clause.id for use in index.incomplete],
    }


@cli.command("clauses")
@click.option("--json", "as_json", is_flag=True, help="Print the index as JSON (with every file:line).")
@click.option(
    "--check",
    is_flag=True,
    help="Exit 1 and list every clause with no code or no test; exit 0 when every clause has both.",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "de", "fr"]),
    default="en",
    show_default=True,
    help="The text shown: the English paraphrase, or the booklet's German or French sentence.",
)
@click.option("--where", is_flag=True, help="Show the file:line of each enforcement and test.")
@click.option(
    "--proofs",
    is_flag=True,
    help="Also run the fast Z3 queries (about two minutes) and show, per clause, the queries that involve it.",
)
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The source checkout whose tests/ and properties/ are searched (default: the parent of the package).",
)
def clauses_command(*, as_json: bool, check: bool, lang: str, where: bool, proofs: bool, root: Path | None) -> None:
    """List every clause of the booklet: id, section, text, and how often it is enforced, tested and covered by vectors.

    A clause is enforced where a module of the library names its id; it is tested where
    a file of tests/ or properties/ names it (usually a @pytest.mark.clause marker);
    "vectors" counts the shipped conformance vectors that exercise it (schwinget vectors list).

    With --proofs, "proofs" counts the Z3 queries of `schwinget prove` (the fast set) that
    answered as expected with the clause involved (in an unsat core or a replayed
    witness); the queries learn those clauses only by running, so this takes minutes.
    """
    index = build_clause_index(_registry(), root=root)
    proved = _proved_by() if proofs else None
    out = _console()
    if as_json:
        click.echo(json.dumps(_clause_json(index, proved), ensure_ascii=False, indent=2))
    elif not check:
        _print_clause_table(out, index, lang, where, proved)
    if not check:
        return
    problem = index.check_problem
    if problem is not None:
        click.echo(f"clauses --check: {problem}", err=True)
        sys.exit(1)
    missing = index.incomplete
    if not as_json:
        for use in missing:
            out.print(Text(f"{use.clause.id}: {', '.join(use.gaps)} ({use.clause.section})"))
    total = len(index.uses)
    if missing:
        click.echo(f"{len(missing)} of {total} clauses lack code or a test", err=True)
        sys.exit(1)
    if not as_json:
        out.print(f"all {total} clauses are enforced and tested")


def _print_clause_table(
    out: Console, index: ClauseIndex, lang: str, where: bool, proofs: dict[str, list[str]] | None
) -> None:
    vectors = _vector_counts()
    table = Table(title=f"Clauses of the booklet ({len(index.uses)})", show_lines=False)
    table.add_column("id", no_wrap=True)
    table.add_column("section", max_width=24)
    table.add_column({"en": "paraphrase", "de": "Deutsch", "fr": "français"}[lang], ratio=1)
    table.add_column("code", justify="right", no_wrap=True)
    table.add_column("tests", justify="right", no_wrap=True)
    table.add_column("vectors", justify="right", no_wrap=True)
    if proofs is not None:
        table.add_column("proofs", justify="right", no_wrap=True)
    if where:
        table.add_column("where")
    for use in index.uses:
        text = getattr(use.clause, lang)
        cells = [
            Text(use.clause.id),
            Text(use.clause.section),
            Text(text),
            Text(str(len(use.enforced)), style="" if use.enforced else "bold red"),
            Text(str(len(use.tested)) if index.tests_found else "-", style="" if use.tested else "bold red"),
            Text(str(vectors[use.clause.id])),
        ]
        if proofs is not None:
            cells.append(Text(str(len(proofs[use.clause.id]))))
        if where:
            cells.append(Text("\n".join(str(loc) for loc in (*use.enforced, *use.tested))))
        table.add_row(*cells)
    out.print(table)
    if not index.tests_found:
        out.print(Text(f"tested: unknown. {index.check_problem}"))


# -- schwinget demo


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


def _rules_fields() -> list[tuple[attrs.Attribute[Any], Any]]:
    hints = typing.get_type_hints(Rules)
    return [(field, hints[field.name]) for field in attrs.fields(Rules)]


def _rules_options(func: _F) -> _F:
    """One option per field of ``Rules``: ``--rules-NAME/--no-rules-NAME`` for a switch, ``--rules-NAME CHOICE`` for a choice."""
    for field, hint in reversed(_rules_fields()):
        dashed = field.name.replace("_", "-")
        dest = f"rules__{field.name}"
        help_text = f"Rules.{field.name} (see docs/ambiguities.md)."
        if hint is bool:
            option = click.option(
                f"--rules-{dashed}/--no-rules-{dashed}", dest, default=field.default, show_default=True, help=help_text
            )
        elif typing.get_origin(hint) is typing.Literal:
            option = click.option(
                f"--rules-{dashed}",
                dest,
                type=click.Choice([str(a) for a in typing.get_args(hint)]),
                default=field.default,
                show_default=True,
                help=help_text,
            )
        else:
            continue
        func = option(func)
    return func


def _rules_from(options: dict[str, Any]) -> Rules:
    return Rules(**{key.removeprefix("rules__"): value for key, value in options.items() if key.startswith("rules__")})


def _describe_rules(rules: Rules) -> str:
    changed = [
        f"{field.name}={getattr(rules, field.name)!r}"
        for field, _ in _rules_fields()
        if getattr(rules, field.name) != field.default
    ]
    return "defaults (Rules())" if not changed else "Rules(" + ", ".join(changed) + ")"


@cli.command("demo")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="The seed of the deals and of both players.")
@click.option(
    "--gang",
    "gang_only",
    is_flag=True,
    help="Play a single Gang dealt by Deal.shuffled(SEED) instead of a match.",
)
@click.option("--long", "long_match", is_flag=True, help="Play a long match (6 Gänge) instead of a short one (4).")
@click.option(
    "--starter",
    default="P0",
    show_default=True,
    help="Who leads first: the younger player, who starts Gang 1 (P0 or P1).",
)
@_rules_options
def demo_command(seed: int, gang_only: bool, long_match: bool, starter: str, **options: Any) -> None:
    """Play a seeded game between two random players and tell it Schwung by Schwung.

    Shows the deal, each Schwung with the clause that decided it, the Angriff and the
    Kampfrichter's choices, each Gang's result and points; for a match, the totals
    under both scoring systems (Schwingerwertung and Punktewertung).
    """
    rules = _rules_from(options)
    first = Player.parse(starter)
    SplitMix64.seeded(seed)  # refuses a seed out of range before anything is printed
    out = _console()
    if gang_only:
        out.print(Text.assemble(("Schwinget demo", "bold"), f": one Gang between two random players, seed {seed}"))
        out.print(Text(f"rules: {_describe_rules(rules)}"))
        played = play_gang_recorded(Deal.shuffled(seed), first, rules, demo_bots(seed))
        out.print()
        _print_gang(out, played, f"Gang · Deal.shuffled({seed})", (first, "gang.turn"))
        return
    length = MatchLength.LONG if long_match else MatchLength.SHORT
    out.print(
        Text.assemble(
            ("Schwinget demo", "bold"),
            f": a {length.name.lower()} match ({length.gaenge} Gänge) between two random players, seed {seed}",
        )
    )
    out.print(Text(f"rules: {_describe_rules(rules)}; {first} is the younger player"))
    _play_demo_match(out, seed, length, first, rules)


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


def _play_demo_match(out: Console, seed: int, length: MatchLength, younger: Player, rules: Rules) -> None:
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
        title = f"Gang {number} of {length.gaenge} · Deal.shuffled({seeds[i]})"
        _print_gang(out, played, title, (played.final.starter, _starter_clause(sw, number)))
        scores = [sw.gaenge[i].score] + ([pw.gaenge[i].score] if i < same else [])
        _print_points(out, scores)
    if same < len(pw_played):
        out.print()
        out.print(
            Text(
                f"Under the Punktewertung the totals after Gang {same} pick another starter "
                "(match.draw_starter), so its match goes on differently:"
            )
        )
        for i in range(same, len(pw_played)):
            number = i + 1
            out.print()
            title = f"Punktewertung Gang {number} of {length.gaenge} · Deal.shuffled({seeds[i]})"
            _print_gang(out, pw_played[i], title, (pw_played[i].final.starter, _starter_clause(pw, number)))
            _print_points(out, [pw.gaenge[i].score])
    out.print()
    _print_totals(out, (sw, pw))


def _line(out: Console, label: str, body: str) -> None:
    out.print(Text.assemble((label.ljust(_LABEL), "bold"), body))


def _because(out: Console, *clause_ids: str) -> None:
    for clause_id in clause_ids:
        out.print(Text(" " * _LABEL + f"{clause_id}: {CLAUSES[clause_id].en}", style="dim"))


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _print_deal(out: Console, deal: Deal) -> None:
    _line(out, "P0 holds", _codes(deal.hands[0]))
    _line(out, "P1 holds", _codes(deal.hands[1]))
    trump = deal.trump
    if trump is None:
        _line(out, "revealed", f"{deal.revealed.code}: no trump in this Gang")
        _because(out, "deal.no_trump")
    else:
        _line(out, "revealed", f"{deal.revealed.code}: trump is {trump.code}")
        _because(out, "deal.trump")
    _line(out, "face down", f"{_codes(deal.face_down)} (out of play)")
    _line(out, "pile", f"{_codes(deal.pile)} (drawn from the left)")


def _drawn(before: int, after: int) -> str:
    new = cards_of(after & ~before)
    return f" (draws {_codes(new)})" if new else ""


def _print_gang(out: Console, played: PlayedGang, title: str, starter: tuple[Player, str]) -> None:
    """One Gang: the deal, every Schwung with its deciding clause, the Angriff and Kampfrichter choices, the result."""
    out.print(Text(title, style="bold underline"))
    _print_deal(out, played.states[0].deal)
    _line(out, "starts", f"{starter[0]} leads Schwung 1")
    _because(out, starter[1])
    lead = ""
    for before, action, after in zip(played.states[:-1], played.actions, played.states[1:], strict=True):
        if isinstance(action, StartAngriff):
            assert after.angriff is not None
            _line(
                out,
                "Angriff",
                f"{before.to_move} starts the Angriff before Schwung {before.schwung_number}: "
                f"the pile is locked with {after.pile_size} cards, each plays out 5 cards",
            )
            _because(out, "angriff.who", "angriff.locks_pile", "angriff.play_out")
        elif isinstance(action, ChooseLeader):
            _line(out, "", f"{before.to_move} played the Kampfrichter and chooses {action.player} to lead next")
            _because(out, "kampfrichter.chooses")
        elif isinstance(action, PlayCard) and before.phase is Phase.LEAD:
            leader = before.to_move
            lead = f"{leader} leads {action.card.code}{_drawn(before.hands[leader], after.hands[leader] | action.card.bit)}"
        elif isinstance(action, PlayCard):
            answerer = before.to_move
            record = after.history[-1]
            answer = f"{answerer} answers {action.card.code}{_drawn(before.hands[answerer], after.hands[answerer] | action.card.bit)}"
            if record.winner is None:
                verdict = "neutralised, the trick stays in the middle"
                clauses: tuple[str, ...] = (record.clause_id,)
            else:
                verdict = f"{record.winner} wins"
                clauses = (record.clause_id,)
                if record.tricks == 2:
                    verdict += " and takes the neutralised trick too (2 tricks)"
                    clauses = (*clauses, "kampfrichter.collect")
            tricks = f"{after.tricks[0]}:{after.tricks[1]}"
            _line(out, f"Schwung {record.number}", f"{lead}, {answer}: {verdict} · tricks {tricks}")
            _because(out, *clauses)
    _print_result(out, played.final.result)


def _print_result(out: Console, result: GangResult) -> None:
    angriff = (
        "no Angriff"
        if result.angriff is None
        else f"Angriff by {result.angriff.player} before Schwung {result.angriff.after_schwung + 1}"
    )
    plattwurf = "no Plattwurf" if result.plattwurf is None else f"Plattwurf by {result.plattwurf}"
    verdict = "a draw" if result.winner is None else f"{result.winner} wins"
    _line(
        out,
        "result",
        f"tricks P0 {result.tricks[0]} : P1 {result.tricks[1]} in {result.schwuenge} Schwünge; "
        f"{angriff}; {plattwurf}; {_OUTCOME_LABEL[result.outcome]}: {verdict}",
    )
    end = "gang.end_no_angriff" if result.angriff is None else "gang.end_angriff"
    decided = "plattwurf.definition" if result.is_plattwurf else "gang.more_tricks_wins"
    _because(out, end, decided)


def _print_points(out: Console, scores: Sequence[GangScore]) -> None:
    for score in scores:
        if score.rows[0] == score.rows[1]:
            body = f"P0 {score.points[0]}, P1 {score.points[1]} ({_ROW_LABEL[score.row]})"
        else:
            body = ", ".join(f"{p} {score.points[p]} ({_ROW_LABEL[score.rows[p]]})" for p in Player)
        _line(out, "points", f"{score.system.label}: {body}")
    if scores:
        ids = sorted({r.clause_id for s in scores for r in (s.row, *s.rows)}, key=list(CLAUSES).index)
        _because(out, *ids)


def _print_totals(out: Console, matches: Sequence[MatchState]) -> None:
    table = Table(title="Totals")
    table.add_column("system")
    for match in matches[:1]:
        for g in match.gaenge:
            table.add_column(f"Gang {g.number}", justify="right")
    table.add_column("total", justify="right")
    table.add_column("winner")
    for match in matches:
        result = match.result
        for player in Player:
            cells = [f"{match.system.label} {player}"]
            cells += [str(g.score.points[player]) for g in match.gaenge]
            cells.append(str(result.totals[player]))
            cells.append("" if player == Player.P1 else ("draw" if result.winner is None else str(result.winner)))
            table.add_row(*cells)
    out.print(table)
    _because(out, "match.record_points", "match.winner")


# -- schwinget verify


@cli.command("verify")
@click.argument("traces", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per trace (a JSON array).")
@click.option(
    "--lang",
    type=click.Choice(["de", "fr", "both"]),
    default="both",
    show_default=True,
    help="Which language of the broken clause to quote.",
)
def verify_command(traces: tuple[Path, ...], as_json: bool, lang: str) -> None:
    """Replay each TRACE (a JSON trace file, docs/conformance.md) against the rules and give its verdict.

    Verdicts: conforms; malformed (JSON path and schema rule); illegal action (step,
    action, clause id with its German and French text, and why); wrong claim (field,
    claimed value, reference value). Exit code 0 only if every trace conforms, 1 otherwise.
    """
    verdicts = [(path, verify_trace_file(path)) for path in traces]
    if as_json:
        click.echo(json.dumps([{"file": str(path), **v.to_json()} for path, v in verdicts], indent=2, ensure_ascii=False))
    else:
        out = _console()
        for path, verdict in verdicts:
            _print_verdict(out, path, verdict, lang)
        failed = sum(1 for _, v in verdicts if not v.conforms)
        out.print(f"{len(verdicts) - failed} conform, {failed} do not")
    if any(not v.conforms for _, v in verdicts):
        sys.exit(1)


_VERDICT_STYLE = {
    VerdictKind.CONFORMS: "bold green",
    VerdictKind.MALFORMED: "bold magenta",
    VerdictKind.ILLEGAL_ACTION: "bold red",
    VerdictKind.WRONG_CLAIM: "bold yellow",
}


def _print_verdict(out: Console, path: Path, verdict: Verdict, lang: str) -> None:
    head = Text(f"{path}: ")
    head.append(verdict.kind.value.replace("_", " "), style=_VERDICT_STYLE[verdict.kind])
    if verdict.where:
        head.append(f" at {verdict.where}")
    out.print(head)
    if verdict.conforms:
        return
    details = []
    if verdict.step is not None:
        details.append(f"step {verdict.step}")
    if verdict.action is not None:
        details.append(f"action {verdict.action}")
    if verdict.rule is not None and verdict.clause_id is None:
        details.append(f"schema rule {verdict.rule}")
    prefix = f"({', '.join(details)}) " if details else ""
    out.print(f"  {prefix}{verdict.message}")
    if verdict.kind is VerdictKind.WRONG_CLAIM:
        out.print(f"  {verdict.field}: claimed {json.dumps(verdict.claimed)}, reference {json.dumps(verdict.reference)}")
    if verdict.clause_id is not None:
        clause = CLAUSES[verdict.clause_id]
        out.print(f"  clause {clause.id}: {clause.en}")
        if lang in ("de", "both"):
            out.print(f"    DE: {clause.de}")
        if lang in ("fr", "both"):
            out.print(f"    FR: {clause.fr}")


# -- schwinget explain


def _explain_clause(clause_id: str) -> dict[str, object]:
    clause = _registry()[clause_id]
    index = build_clause_index({clause_id: clause})
    [use] = index.uses
    return {
        "kind": "clause",
        "id": clause.id,
        "section": clause.section,
        "de": clause.de,
        "fr": clause.fr,
        "en": clause.en,
        "enforced": [str(loc) for loc in use.enforced],
        "tested": [str(loc) for loc in use.tested],
        "ambiguities": [a.id for a in AMBIGUITIES if clause_id in a.clauses],
    }


def _explain_ambiguity(amb_id: str) -> dict[str, object]:
    entry = AMBIGUITY_BY_ID[amb_id]
    switch: dict[str, object] | None = None
    if entry.switch is not None:
        switch = {"field": entry.switch, "default": attrs.fields_dict(Rules)[entry.switch].default}
    return {
        "kind": "ambiguity",
        "id": entry.id,
        "title": entry.title,
        "section": entry.section,
        "de": list(entry.de),
        "fr": list(entry.fr),
        "en": {
            "situation": entry.situation,
            "readings": entry.readings,
            "default": entry.default,
            "switch": entry.no_switch_reason if switch is None else f"Rules.{entry.switch}",
            "engine": entry.engine,
        },
        "switch": switch,
        "clauses": list(entry.clauses),
        "tests": list(entry.tests),
    }


def _explain_ids() -> list[str]:
    return [*_registry(), *AMBIGUITY_BY_ID]


def _print_explained(out: Console, data: dict[str, object], lang: str | None) -> None:
    show = ("de", "fr", "en") if lang is None else (lang,)
    label = {"de": "Deutsch", "fr": "français", "en": "English"}
    title = data["id"] if data["kind"] == "clause" else f"{data['id']} — {data['title']}"
    out.print(Text.assemble((str(title), "bold"), f"  ({data['section']})"))
    for key in show:
        out.print()
        out.print(Text(label[key], style="bold"))
        value = data[key]
        if isinstance(value, dict):
            for name, text in value.items():
                out.print(Text.assemble((f"{name.capitalize()}. ", "italic"), str(text)))
        elif isinstance(value, list):
            for quote in value:
                out.print(Text(f"«{quote}»"))
        else:
            out.print(Text(str(value)))
    out.print()
    if data["kind"] == "clause":
        for name in ("enforced", "tested", "ambiguities"):
            items = typing.cast(list[str], data[name])
            out.print(Text.assemble((f"{name}: ", "bold"), ", ".join(items) if items else "none"))
    else:
        switch = typing.cast("dict[str, object] | None", data["switch"])
        if switch is None:
            out.print(Text.assemble(("switch: ", "bold"), "none"))
        else:
            out.print(Text.assemble(("switch: ", "bold"), f"Rules.{switch['field']} (default {switch['default']!r})"))
        for name in ("clauses", "tests"):
            out.print(Text.assemble((f"{name}: ", "bold"), ", ".join(typing.cast(list[str], data[name]))))


@cli.command("explain")
@click.argument("item_id", metavar="ID")
@click.option(
    "--lang",
    type=click.Choice(["de", "fr", "en"]),
    default=None,
    help="Show only the German, the French or the English text (default: all three).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the entry as JSON.")
def explain_command(item_id: str, lang: str | None, as_json: bool) -> None:
    """Explain a clause (e.g. schwung.farbzwang) or an ambiguity entry (e.g. AMB-KONTER-VOID) in German, French and English.

    A clause shows its booklet text in both languages, the English paraphrase, and where
    it is enforced and tested; an entry of docs/ambiguities.md shows its quotes, the
    situation, the readings, the default and the Rules switch. An unknown ID exits with
    code 2 and lists the closest ids.
    """
    key = item_id.upper() if item_id.upper().startswith("AMB-") else item_id
    if key in _registry():
        data = _explain_clause(key)
    elif key in AMBIGUITY_BY_ID:
        data = _explain_ambiguity(key)
    else:
        close = difflib.get_close_matches(key, _explain_ids(), n=5, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `schwinget clauses` lists the clause ids"
        click.echo(f"explain: no clause or ambiguity entry with id {item_id!r}{hint}", err=True)
        sys.exit(2)
    if as_json:
        if lang is not None:
            data = {k: v for k, v in data.items() if k not in {"de", "fr", "en"} - {lang}}
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _print_explained(_console(), data, lang)


# -- schwinget impact


@cli.command("impact")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Gänge per Gang switch reading; matches are GAMES // 4, Schwingfeste GAMES // 12.")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=0, show_default=True,
              help="The seed of the stream of deal and choice seeds.")
@click.option("--switch", "switches", multiple=True, metavar="NAME",
              help="Measure only this Rules switch (repeatable); default: every switch.")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
def impact_command(games: int, seed: int, switches: tuple[str, ...], as_json: bool) -> None:
    """Measure how often each reading of each Rules switch changes a game.

    For every switch and each non-default reading, plays the same random deals with the
    same random choices (one SplitMix64 draw per decision, picking legal[draw % n]) under
    the default and under that reading, and counts the runs in which the reading changed
    the legal moves, the tricks, the outcome, the points (both systems), who starts, or
    the ranks. Match switches are measured on short matches, Schwingfest switches on
    Schwingfeste of 4.
    """
    chosen = list(switches) or None
    try:
        total = total_gaenge(games, chosen)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--switch") from None
    if sys.stderr.isatty():
        with Progress(
            TextColumn("impact"), BarColumn(), MofNCompleteColumn(), TextColumn("Gänge"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True,
        ) as bar:
            task = bar.add_task("impact", total=total)
            rows = measure(games, seed, chosen, lambda n: bar.advance(task, n))
    else:
        rows = measure(games, seed, chosen)
    if as_json:
        payload = {"games": games, "seed": seed, "rows": [r.as_dict() for r in rows]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    click.echo(format_table(rows))


# -- schwinget vectors


@cli.group("vectors")
def vectors_group() -> None:
    """The conformance test vectors shipped with the package (docs/vectors.md)."""


@vectors_group.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def vectors_export_command(directory: Path) -> None:
    """Copy the shipped vector files into DIRECTORY (created if missing), and the trace JSON Schema into DIRECTORY/schema/."""
    directory.mkdir(parents=True, exist_ok=True)
    source = shipped_directory()
    suite = load_vectors(source)
    for name in suite.files_present:
        shutil.copyfile(source / name, directory / name)
    (directory / "schema").mkdir(exist_ok=True)
    (directory / "schema" / "trace.schema.json").write_text(json.dumps(load_schema(), indent=2) + "\n", encoding="utf-8")
    click.echo(
        f"wrote {len(suite.files_present)} vector files ({len(suite.vectors)} vectors, suite version "
        f"{SUITE_VERSION}) to {directory}, and the trace schema to {directory / 'schema' / 'trace.schema.json'}"
    )


@vectors_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the vectors' ids, groups, clauses and descriptions as JSON.")
def vectors_list_command(as_json: bool) -> None:
    """List the shipped vectors: id, group, the clauses each exercises, and what it shows."""
    suite = load_vectors()
    if as_json:
        click.echo(
            json.dumps(
                [
                    {"id": v.id, "group": v.group, "kind": v.kind, "clauses": list(v.clauses), "description": v.description}
                    for v in suite.vectors
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    table = Table("id", "group", "clauses", "description")
    for v in suite.vectors:
        table.add_row(v.id, v.group, " ".join(v.clauses), v.description)
    _console().print(table)


@vectors_group.command("check")
@click.option(
    "--skip",
    "skip_file",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="A skip list (docs/vectors.md) naming vectors or variants not to run, each with a reason.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one result per vector as JSON.")
def vectors_check_command(skip_file: Path | None, as_json: bool) -> None:
    """Run the shipped vectors against the reference verifier; exit 1 if any gives another verdict than expected."""
    suite = load_vectors()
    skiplist = load_skiplist(skip_file) if skip_file is not None else None
    chosen, skipped = filter_vectors(suite.vectors, skiplist)
    results = run_vectors(chosen)
    failed = [r for r in results if not r.passed]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "passed": len(results) - len(failed),
                    "failed": [{"id": r.vector.id, "expected": dict(r.vector.expected), "got": dict(r.got)} for r in failed],
                    "skipped": [{"id": v.id, "reason": e.reason} for v, e in skipped],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for r in failed:
            click.echo(f"FAILED {r.vector.id}: expected {dict(r.vector.expected)}, got {dict(r.got)}")
        click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed, {len(skipped)} skipped")
    if failed:
        sys.exit(1)


# -- schwinget prove


@cli.command("prove")
@click.option("--query", "queries", multiple=True, metavar="NAME", help="Run only this query (repeatable); default: all.")
@click.option("--fast", is_flag=True, help="Leave out the slow queries (the drop-one-clause analysis).")
@click.option("--list", "list_only", is_flag=True, help="List the queries and their claims without running them.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def prove_command(queries: tuple[str, ...], fast: bool, list_only: bool, as_json: bool) -> None:
    """Prove what the rules imply with Z3: invariants for every deal and play, witnesses replayed through the engine,
    and whether each rule switch can change a result (docs/proofs.md).

    Prints each query with its claim, answer (proved / witness / counterexample, or error when a query fails to run), seconds
    and the clauses involved; exit code 1 if any answer differs from the expected one.
    """
    # z3 takes a while to load: only this command pays for it
    from schwinget_spec.proofs import QUERIES, format_table, run_queries, to_json  # noqa: PLC0415

    if list_only:
        for query in QUERIES:
            slow = " (slow)" if query.slow else ""
            click.echo(f"{query.name}{slow}: {query.claim} [expected: {query.expected}]")
        return
    known = {q.name for q in QUERIES}
    unknown = [name for name in queries if name not in known]
    if unknown:
        hints = [", ".join(difflib.get_close_matches(name, known, n=3)) or "none" for name in unknown]
        detail = "; ".join(f"{name!r} (close: {hint})" for name, hint in zip(unknown, hints, strict=True))
        raise LibraryError(f"unknown query {detail}; `schwinget prove --list` lists them")
    results = run_queries(list(queries) if queries else None, include_slow=not fast)
    if as_json:
        click.echo(to_json(results))
    else:
        click.echo(format_table(results))
        failed = sum(1 for r in results if not r.ok)
        click.echo(f"{len(results) - failed} as expected, {failed} not, in {sum(r.seconds for r in results):.1f} s")
    if any(not r.ok for r in results):
        sys.exit(1)


# -- schwinget conformance


@cli.group("conformance")
def conformance_group() -> None:
    """Check another implementation of Schwinget against the reference (docs/harness.md)."""


@conformance_group.command("run", context_settings={"ignore_unknown_options": True})
@click.option("--games", type=int, default=100, show_default=True, help="Random Gänge to play after the vectors.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random Gänge.")
@click.option("--no-vectors", is_flag=True, help="Play only random Gänge, not the shipped vectors.")
@click.option("--timeout", type=float, default=5.0, show_default=True, help="Seconds the implementation may take per request.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def conformance_run_command(
    *, games: int, seed: int, no_vectors: bool, timeout: float, as_json: bool, command: tuple[str, ...]
) -> None:
    """Run COMMAND (after --) as an implementation speaking the JSON-lines protocol, in lock step with the reference.

    Plays the shipped vectors and GAMES random Gänge, and reports the first divergence
    with a minimal reproduction. Example: schwinget conformance run -- node examples/js/schwinget.js
    Exit code 0 if the implementation agrees everywhere, 1 otherwise.
    """
    # the harness pulls in the Hypothesis-based adapters: only this command pays for them
    from schwinget_spec.conformance.harness import format_report, run_harness  # noqa: PLC0415

    report = run_harness(list(command), games=games, seed=seed, vectors=not no_vectors, timeout=timeout)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(format_report(report))
    if not report.passed:
        sys.exit(1)


# -- schwinget play


_SCORING = click.Choice([s.value for s in ScoringSystem])


@cli.command("play")
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
@click.option("--trace-out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to save the match's trace (default: schwinget-play-SEED.json here).")
@_rules_options
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
    the input ended.
    """
    from schwinget_spec.play import GiveUpError, InputEndedError, Table, play_interactive, save_trace  # noqa: PLC0415

    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big")
    table = Table(
        seed=seed, bot=bot_name, system=ScoringSystem(scoring),
        length=MatchLength.LONG if long_match else MatchLength.SHORT, rules=_rules_from(options),
        lang=typing.cast(Lang, lang), younger=Player.P1 if bot_starts else Player.P0,
    )
    out = _console()
    echo = not sys.stdin.isatty()

    def ask(prompt: str) -> str:
        out.print(Text(prompt, style="bold"), end="")
        line = input()
        if echo:
            # a scripted session reads like a typed one
            out.print(Text(line))
        return line

    def say(line: str, style: str) -> None:
        out.print(Text(line, style=style))

    try:
        played = play_interactive(table, ask, say)
    except (GiveUpError, InputEndedError):
        sys.exit(1)
    path = trace_out if trace_out is not None else Path(f"schwinget-play-{seed}.json")
    save_trace(played, path, trace_id=f"play-{seed}")
    say(text(table.lang, "saved", path=path), "")


# -- schwinget simulate


@cli.command("simulate")
@click.option("--bot-a", type=click.Choice(list(BOT_NAMES)), default="heuristic", show_default=True,
              help="The first bot (A).")
@click.option("--bot-b", type=click.Choice(list(BOT_NAMES)), default="random", show_default=True,
              help="The second bot (B).")
@click.option("--matches", type=click.IntRange(min=1), default=200, show_default=True, help="How many matches to play.")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=0, show_default=True,
              help="The seed of the whole run: equal seeds give equal numbers.")
@click.option("--scoring", type=_SCORING, default=ScoringSystem.SCHWINGERWERTUNG.value, show_default=True,
              help="The scoring system of every match.")
@click.option("--long", "long_match", is_flag=True, help="Long matches (6 Gänge) instead of short ones (4).")
@click.option("--workers", type=click.IntRange(min=0), default=1, show_default=True,
              help="Processes to play in; 0 means one per core. The numbers do not depend on it.")
@click.option("--json", "as_json", is_flag=True, help="Print the raw numbers as JSON.")
@_rules_options
def simulate_command(
    *, bot_a: str, bot_b: str, matches: int, seed: int, scoring: str, long_match: bool, workers: int, as_json: bool,
    **options: Any,
) -> None:
    """Play many matches between two bots and count what happens.

    Bot A sits at P0 in every other match, so each bot starts Gang 1 equally often.
    Prints how often each row of the Wertungstabelle happened, the Plattwurf rate, the
    first-player advantage (how often the player who starts a Gang wins it), Gang and
    match wins, average points, and Gänge per second. A progress bar shows on a terminal.

    Example: schwinget simulate --bot-a heuristic --bot-b random --matches 500 --workers 2
    """
    from schwinget_spec.simulate import Setup, simulate  # noqa: PLC0415

    setup = Setup(
        bots=(bot_a, bot_b), matches=matches, seed=seed, system=ScoringSystem(scoring),
        length=MatchLength.LONG if long_match else MatchLength.SHORT, rules=_rules_from(options),
    )
    count = workers or os.cpu_count() or 1
    if sys.stderr.isatty():
        with Progress(
            TextColumn("simulate"), BarColumn(), MofNCompleteColumn(), TextColumn("matches"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True,
        ) as bar:
            task = bar.add_task("simulate", total=matches)
            result = simulate(setup, count, lambda n: bar.advance(task, n))
    else:
        result = simulate(setup, count)
    data = result.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    _print_simulation(_console(), data, setup.system)


def _print_simulation(out: Console, data: dict[str, Any], system: ScoringSystem) -> None:
    bots = data["bots"]
    gaenge = data["gaenge"]
    out.print(Text.assemble(
        ("Schwinget simulate", "bold"),
        f": A = {bots['a']}, B = {bots['b']}; {data['matches']} matches of {data['length']} Gänge "
        f"({gaenge} Gänge), {system.label}, seed {data['seed']}",
    ))
    table = Table(title="Outcomes by row of the Wertungstabelle")
    table.add_column("row")
    table.add_column("Gänge", justify="right")
    table.add_column("share", justify="right")
    for row in TableRow:
        n = data["rows"][row.value]
        table.add_row(_ROW_LABEL[row], str(n), f"{100 * n / gaenge:.1f} %" if gaenge else "-")
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
        ("speed", f"{data['gaenge_per_second']} Gänge per second ({data['seconds']} s, {data['workers']} worker(s))"),
    ]
    for label, body in lines:
        _line(out, label, body)


# -- schwinget replay


@cli.command("replay")
@click.argument("trace", type=click.Path(dir_okay=False, path_type=Path))
def replay_command(trace: Path) -> None:
    """Tell a trace (kind gang, match or Schwingfest) Schwung by Schwung, with why each trick went where it did.

    Each Schwung shows the led card, the answer, the winner, the tricks so far, and the
    clause that decided it with a sentence (e.g. "B6 is higher than B4 in colour B
    [schwung.higher_wins]"). A trace that does not conform is not replayed: its verdict
    is printed, as by `schwinget verify`, and the exit code is 1.
    """
    from schwinget_spec.replay import replay_lines  # noqa: PLC0415

    verdict = verify_trace_file(trace)
    out = _console()
    if not verdict.conforms:
        _print_verdict(out, trace, verdict, "both")
        sys.exit(1)
    lines = replay_lines(json.loads(trace.read_text(encoding="utf-8")))
    assert not isinstance(lines, Verdict)
    for line in lines:
        out.print(Text.assemble(f"{line.label:<{_LABEL}}", (line.text, line.style)))


def main(argv: Sequence[str] | None = None) -> None:
    """The ``schwinget`` command (console entry point)."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="schwinget")


if __name__ == "__main__":
    main()
