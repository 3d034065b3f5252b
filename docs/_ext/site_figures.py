"""The figures of the schwinget_spec site, drawn with matplotlib at build time from measured data: each switch's impact and the outcome frequencies of random and heuristic play."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from schwinget_spec.scoring import TableRow
from schwinget_spec.studies.simulate import Setup, simulate

__all__ = ["OUTCOME_FIGURE", "draw_all", "impact_figure_name", "outcome_counts"]

OUTCOME_FIGURE = "outcomes.png"
"""The figure of the outcome frequencies (random against random, heuristic against random)."""

_MEASURES = ("legal", "tricks", "outcome", "points_sw", "points_pw", "starters", "ranks")
_LABELS = ("legal moves", "tricks", "outcome", "points SW", "points PW", "starters", "ranks")


def impact_figure_name(switch: str) -> str:
    """The file name of the impact figure of ``switch``."""
    return f"impact-{switch}.png"


def _impact_figure(path: Path, switch: str, rows: Sequence[Any]) -> None:
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.55 * len(rows) * 2))
    height = 0.8 / max(1, len(rows))
    for k, row in enumerate(rows):
        values = [0.0 if getattr(row, m) is None else 100 * getattr(row, m) / row.runs for m in _MEASURES]
        ys = [i + k * height for i in range(len(_MEASURES))]
        ax.barh(ys, values, height=height, label=f"{switch} = {row.reading} ({row.runs} runs)")
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(_MEASURES))], _LABELS)
    ax.invert_yaxis()
    ax.set_xlabel("share of runs changed by the reading (%)")
    ax.set_title(f"Impact of {switch}")
    ax.legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=96)
    plt.close(fig)


def outcome_counts(bots: tuple[str, str], matches: int) -> list[tuple[TableRow, int]]:
    """How many Gänge of ``matches`` short matches between ``bots`` fell in each row of the table."""
    return simulate(Setup(bots=bots, matches=matches, seed=0)).row_counts()


def _outcome_figure(path: Path, matches: int) -> None:
    pairs = (("random", "random"), ("heuristic", "random"))
    fig, ax = plt.subplots(figsize=(8, 4))
    rows = [r for r in TableRow if r.is_result_row]
    width = 0.4
    for k, bots in enumerate(pairs):
        counts = dict(outcome_counts(bots, matches))
        total = sum(counts[r] for r in rows) or 1
        xs = [i + k * width for i in range(len(rows))]
        ax.bar(xs, [100 * counts[r] / total for r in rows], width=width, label=f"{bots[0]} vs {bots[1]}")
    ax.set_xticks([i + width / 2 for i in range(len(rows))], [r.value.replace("_", " ") for r in rows], fontsize="small")
    ax.set_ylabel(f"share of Gänge (%), {matches} matches each")
    ax.set_title("How Gänge end: the rows of the Wertungstabelle")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=96)
    plt.close(fig)


def draw_all(directory: Path, impact: Sequence[Any], matches: int = 100) -> list[Path]:
    """Draw every figure into ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    switches = sorted({r.switch for r in impact})
    for switch in switches:
        path = directory / impact_figure_name(switch)
        _impact_figure(path, switch, [r for r in impact if r.switch == switch])
        out.append(path)
    path = directory / OUTCOME_FIGURE
    _outcome_figure(path, matches)
    out.append(path)
    return out
