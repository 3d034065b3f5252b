"""The "Ask it" lines of docs/ambiguities.md tied to the cookbook of docs/ask.md: each entry's questions with their number, title, text and anchor on the ask page."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

__all__ = ["AMBIGUITIES_DOC", "ASK_DOC", "AskLink", "anchor", "ask_it_lines", "cookbook", "links_by_entry"]

_DOCS = Path(__file__).resolve().parents[1]
AMBIGUITIES_DOC = _DOCS / "ambiguities.md"
"""The guide whose entries hold the "Ask it" lines."""
ASK_DOC = _DOCS / "ask.md"
"""The page whose cookbook the lines name."""

_ENTRY = re.compile(r"^### (AMB-[A-Z0-9-]+) — ", re.M)
_ASK_IT = re.compile(r"^\*\*Ask it\.\*\* (.*)$", re.M)
_COMMAND = re.compile(r'`schwinget ask "([^"`]+)"`')
_NUMBERS = re.compile(r"\(\[Ask the rules\]\(ask\.md\), questions? ([0-9, and]+)\)")
_QUESTION = re.compile(r'^### (\d+)\. (.+)$\n(?:.*\n)*?^schwinget ask "(.+)"$', re.M)


@attrs.frozen
class AskLink:
    """One question of the cookbook that an entry's "Ask it" line names: its number, its title and its text as docs/ask.md states them."""

    number: int
    title: str
    question: str


def anchor(number: int) -> str:
    """The id of cookbook question ``number`` on the ask page (``cookbook-15``), set by the site build."""
    return f"cookbook-{number}"


def cookbook(text: str | None = None) -> dict[int, AskLink]:
    """Every question of the cookbook of docs/ask.md (or ``text``) by number: its heading's title and the question of its command."""
    page = ASK_DOC.read_text(encoding="utf-8") if text is None else text
    part = page.split("\n## Cookbook\n", 1)[1]
    return {int(m[1]): AskLink(int(m[1]), m[2], m[3]) for m in _QUESTION.finditer(part)}


def ask_it_lines(text: str | None = None) -> dict[str, list[str]]:
    """Each entry of docs/ambiguities.md (or ``text``) with its "Ask it" lines, as written."""
    page = AMBIGUITIES_DOC.read_text(encoding="utf-8") if text is None else text
    heads = list(_ENTRY.finditer(page))
    out: dict[str, list[str]] = {}
    for i, head in enumerate(heads):
        body = page[head.end() : heads[i + 1].start() if i + 1 < len(heads) else len(page)]
        body = body.split("\n## ", 1)[0]
        lines = [m[1] for m in _ASK_IT.finditer(body)]
        if lines:
            out[head[1]] = lines
    return out


def links_by_entry(ambiguities: str | None = None, ask: str | None = None) -> dict[str, list[AskLink]]:
    """Each entry with an "Ask it" line and the cookbook questions it names; raises ``ValueError`` naming the entry when a line names no question, a question the cookbook lacks, or one whose text is not the line's."""
    questions = cookbook(ask)
    out: dict[str, list[AskLink]] = {}
    for amb_id, lines in ask_it_lines(ambiguities).items():
        for line in lines:
            asked = _COMMAND.findall(line)
            numbers = _NUMBERS.search(line)
            if not asked or numbers is None:
                raise ValueError(f"{amb_id}: the Ask it line names no cookbook question: {line!r}")
            named = [int(n) for n in re.findall(r"\d+", numbers[1])]
            for n in named:
                if n not in questions:
                    raise ValueError(f"{amb_id}: the Ask it line names question {n}, which docs/ask.md's cookbook lacks")
            if sorted(asked) != sorted(questions[n].question for n in named):
                raise ValueError(
                    f"{amb_id}: the Ask it line asks {asked}, the cookbook's questions {named} ask "
                    f"{[questions[n].question for n in named]}"
                )
            out.setdefault(amb_id, []).extend(questions[n] for n in named)
    return out
