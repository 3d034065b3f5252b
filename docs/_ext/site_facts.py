"""The facts the built site states, read back from its HTML and checked against the engine: the Gang told with cards, the booklet's counts, the clause index's counts."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

import ask_links
import booklet_alignment
import open_questions

import schwinget_spec
from schwinget_spec import Deal, Player, Rules, ScoringSystem, compute_gang_score, start_gang
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.gang import GangState
from schwinget_spec.registry.ambiguities import RETIRED, booklet_sentences

__all__ = ["GANG_SEED", "check_ask_links", "check_booklet", "check_entries_index", "check_gang", "check_site", "played_gang"]

GANG_SEED = 7
"""The deal of "A Gang, told with cards": ``Deal.shuffled(seed=GANG_SEED)``, ``P0`` starting."""

_RULES = Path(schwinget_spec.__file__).resolve().parents[2] / "shared" / "rules"


def played_gang() -> tuple[GangState, tuple[str, ...]]:
    """The Gang of the page, played by two seeded random players: its final state and its moves as action codes."""
    from schwinget_spec.bots import RandomBot  # noqa: PLC0415

    state = start_gang(Deal.shuffled(seed=GANG_SEED), starter=Player.P0, rules=Rules())
    bots = {Player.P0: RandomBot.seeded(1), Player.P1: RandomBot.seeded(2)}
    moves = []
    while not state.is_over:
        action, bots[state.to_move] = bots[state.to_move].choose(state.view(state.to_move))
        moves.append(str(action))
        state = state.apply(action)
    return state, tuple(moves)


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


def _one(pattern: str, page: str, what: str, out: list[str]) -> re.Match[str] | None:
    found = re.search(pattern, page, flags=re.S)
    if found is None:
        out.append(f"the page states no {what}")
    return found


def check_gang(page: str) -> list[str]:
    """What "A Gang, told with cards" (HTML) states that the engine contradicts: its moves replayed from its deal give its tricks, outcome, winner, points and the winner of each Schwung."""
    out: list[str] = []
    setup = _one(r'class="sw-moves" data-seed="(\d+)" data-starter="(P[01])"[^>]*>(.*?)</p>', page, "moves", out)
    result = _one(r'<p class="sw-result">(.*?)</p>', page, "result line", out)
    points = _one(r'<p class="sw-points">(.*?)</p>', page, "points line", out)
    if setup is None or result is None or points is None:
        return out
    codes = _text(setup.group(3)).removeprefix("Moves:").split()
    state = start_gang(Deal.shuffled(seed=int(setup.group(1))), starter=Player[setup.group(2)], rules=Rules())
    for n, code in enumerate(codes, start=1):
        try:
            state = state.apply(code)
        except Exception as exc:
            return [f"move {n} ({code}) is refused by the engine: {exc}"]
    if not state.is_over:
        return [f"the {len(codes)} moves of the page do not finish the Gang"]
    engine = state.result
    winner = "none" if engine.winner is None else engine.winner.name
    said = (
        f"Result: tricks {engine.tricks[0]}:{engine.tricks[1]}, outcome {engine.outcome.value}, winner {winner}."
    )
    if _text(result.group(1)) != said:
        out.append(f"the result line says {_text(result.group(1))!r}, the engine {said!r}")
    scores = [compute_gang_score(engine, system) for system in ScoringSystem]
    said_points = "Points: " + "; ".join(
        f"{s.system.value} P0 {s.points[0]}, P1 {s.points[1]}" for s in scores
    ) + "."
    if _text(points.group(1)) != said_points:
        out.append(f"the points line says {_text(points.group(1))!r}, the engine {said_points!r}")
    cells = re.findall(r'<tr class="sw-schwung"><td>(\d+)</td>.*?<td class="sw-trick">(.*?)</td>', page, flags=re.S)
    engine_cells = [
        (str(rec.number), "neutralised (pending)" if rec.winner is None else f"{rec.winner.name} wins")
        for rec in state.history
    ]
    if [(n, _text(c)) for n, c in cells] != engine_cells:
        out.append(f"the Schwünge say {[(n, _text(c)) for n, c in cells]}, the engine {engine_cells}")
    return out


def check_booklet(page: str) -> list[str]:
    """What the annotated booklet (HTML) counts that the booklet and the alignment do not: rows, sentences, clauses, open questions (the registry's entries that are no notes) and notes."""
    out: list[str] = []
    rows = booklet_alignment.load()
    de = booklet_sentences((_RULES / "schwinget.de.txt").read_text(encoding="utf-8"))
    fr = booklet_sentences((_RULES / "schwinget.fr.txt").read_text(encoding="utf-8"))
    moved = sum(1 for r in rows if not r.de or not r.fr)
    said = (
        f"{len(rows)} rows: {len(de)} German and {len(fr)} French sentences, {moved} rows with one side empty, "
        f"{len(CLAUSES)} clauses, {open_questions.count_line()}."
    )
    line = _one(r"<p>(\d+ rows: .*?)</p>", page, "count line", out)
    if line is not None and _text(line.group(1)) != said:
        out.append(f"the booklet's count line says {_text(line.group(1))!r}, the data {said!r}")
    numbered = re.findall(r'<tr id="s(\d+)"><td class="sw-n"[^>]*>', page)
    anchors = set(re.findall(r'id="s(\d+)"', page))
    if anchors != {str(n) for n in range(1, len(rows) + 1)} or not numbered:
        out.append(f"the booklet's row anchors are not s1 to s{len(rows)}")
    linked = set(re.findall(r'class="sw-id" href="clauses/([^"#]+)\.html"', page))
    if linked != set(CLAUSES):
        out.append(f"the booklet links the clauses {sorted(linked ^ set(CLAUSES))} wrongly")
    return out


def check_entries_index(page: str) -> list[str]:
    """What the open questions' index (HTML) lists that the registry does not: its open questions, notes and retired ids, each part's count in its heading and the rows under it."""
    out: list[str] = []
    parts = {
        "The open questions": [a.id for a in open_questions.QUESTIONS],
        "Notes": [a.id for a in open_questions.NOTES],
        "Retired ids": [r.id for r in RETIRED],
    }
    heads = list(re.finditer(r"<h2>(.*?)</h2>", page, flags=re.S))
    for name, ids in parts.items():
        at = next((i for i, h in enumerate(heads) if _text(h.group(1)).startswith(name + " (")), None)
        if at is None:
            out.append(f"the index has no part {name!r}")
            continue
        said = re.match(r".* \((\d+)\)", _text(heads[at].group(1)))
        if said is None or int(said.group(1)) != len(ids):
            out.append(f"the index's part {name!r} counts {_text(heads[at].group(1))!r}, the registry {len(ids)}")
        end = heads[at + 1].start() if at + 1 < len(heads) else len(page)
        listed = re.findall(r'<a class="reference internal" href="([A-Z0-9-]+)\.html"', page[heads[at].end() : end])
        if listed != ids:
            out.append(f"the index's part {name!r} lists {listed}, the registry {ids}")
    return out


def check_ask_links(entry: str, page: str) -> list[str]:
    """What the page of ``entry`` (HTML) lacks of its "Ask it" line: a link to each cookbook question the line names, at its anchor on the ask page, with the question's text."""
    out = []
    for q in ask_links.links_by_entry().get(entry, []):
        link = re.search(rf'<a class="sw-ask" href="\.\./\.\./ask\.html#{ask_links.anchor(q.number)}">(.*?)</a><br><code class="sw-ask-q">(.*?)</code>', page, flags=re.S)
        if link is None:
            out.append(f"no link to cookbook question {q.number} ({ask_links.anchor(q.number)})")
        elif _text(link.group(2)) != f'schwinget ask "{q.question}"':
            out.append(f"the link to cookbook question {q.number} shows {_text(link.group(2))!r}, the cookbook asks {q.question!r}")
    return out


def _ask_links_of(entry: str) -> Callable[[str], list[str]]:
    """The check of the page of ``entry``: ``check_ask_links`` for that entry."""

    def check(page: str) -> list[str]:
        return check_ask_links(entry, page)

    return check


_PAGES: dict[str, Callable[[str], list[str]]] = {
    "_generated/gang.html": check_gang,
    "_generated/booklet.html": check_booklet,
    "_generated/ambiguities/index.html": check_entries_index,
    **{
        f"_generated/ambiguities/{entry}.html": _ask_links_of(entry) for entry in ask_links.links_by_entry()
    },
}


def check_site(outdir: Path) -> list[str]:
    """Every fact of the built site at ``outdir`` that the engine or the data contradicts, as ``page: problem``."""
    out = []
    for rel, check in _PAGES.items():
        page = outdir / rel
        if not page.is_file():
            out.append(f"{rel}: missing")
            continue
        out.extend(f"{rel}: {p}" for p in check(page.read_text(encoding="utf-8")))
    return out
