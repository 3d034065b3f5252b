"""``schwinget balance``: what the starter of a Gang gains when both play best (the solver) or between two bots of one kind."""

from __future__ import annotations

import click

from schwinget_spec.cli.bounds import WORKERS_PER_CORE, max_processes

__all__ = ["BALANCE_PLAYS", "balance_command"]

BALANCE_PLAYS = ("solver", "random", "heuristic", "pimc", "pimc-8", "pimc-128")
"""Who plays: ``solver`` (best play with every card known, ``solver.balance``) or a bot of ``named_bots.make_bot`` at both seats (``solver.strong_balance``)."""


@click.command("balance")
@click.option("--play", type=click.Choice(BALANCE_PLAYS), default="solver", show_default=True,
              help="solver: best play with every card known (needs the compiled solver); a bot name: two such bots.")
@click.option("--deals", type=click.IntRange(min=1, max=10**7), default=10_000, show_default=True,
              help="Gänge, dealt as Deal.shuffled(SEED), Deal.shuffled(SEED + 1), ...")
@click.option("--angriff-deals", type=click.IntRange(min=0, max=10**7), default=500, show_default=True,
              help="With --play solver: how many of the first deals are also solved without the Angriff.")
@click.option("--seed", type=click.IntRange(min=0, max=2**63), default=0, show_default=True,
              help="The first deal's seed (and the seed of the bots' stream).")
@click.option("--system", type=click.Choice(("schwingerwertung", "punktewertung")), default="schwingerwertung",
              show_default=True, help="The scoring system of the points lead (and the solver's aim).")
@click.option("--backend", type=click.Choice(("local", "ray")), default="local", show_default=True,
              help="ray: solve or play the deals in chunks as tasks of a Ray cluster (RAY_ADDRESS, or one started "
                   "here; the extra schwinget_spec[ray]); the same table.")
@click.option("--jobs", type=click.IntRange(min=1, max=max_processes()), default=None, metavar="N",
              help="With the local backend: solve or play in N processes of this machine; default: one per core, at "
                   f"most {WORKERS_PER_CORE} per core. The table does not depend on it.")
@click.option("--markdown", is_flag=True, help="Print the Markdown table of docs/bots.md instead of the table laid out for the terminal.")
def balance_command(
    *, play: str, deals: int, angriff_deals: int, seed: int, system: str, backend: str, jobs: int | None, markdown: bool,
) -> None:
    """What the starter of a Gang gains: won, drawn and lost Gänge and the points lead, under best play or between two bots.

    The starter's shares and its mean points lead come with 95 % intervals. With --play solver (the default) both players play best with every card known; the
    first --angriff-deals deals are solved again as if nobody could start the Angriff,
    which says what the option is worth and how often an optimal line uses it. With a bot
    name two such bots play from their own views; the table says how often they start the
    Angriff. The table fits the terminal's width (a record per row where a row would not);
    --markdown prints it as the Markdown of docs/bots.md ("Balance").
    """
    # the solver, the bots and rich are imported by this command only
    from rich.text import Text  # noqa: PLC0415

    from schwinget_spec.cli.common import console  # noqa: PLC0415
    from schwinget_spec.cli.impact_table import markdown_table  # noqa: PLC0415
    from schwinget_spec.studies import balance, strong_balance  # noqa: PLC0415
    from schwinget_spec.studies.backends import default_workers  # noqa: PLC0415

    # a SchwingetError (no compiled solver, no Ray, a seed past the last deal) is one line and exit code 2 (cli.main)
    workers = default_workers() if jobs is None else jobs
    if play == "solver":
        solved = strong_balance.solved_balance(deals, seed, system, min(angriff_deals, deals), backend=backend,
                                               workers=workers)
        made = balance.render(solved)
    else:
        played = strong_balance.played_balance(play, deals, seed, system, backend=backend, workers=workers)
        made = strong_balance.render_played(played)
    if markdown:
        click.echo(made)
        return
    heading, _, table = made.partition("\n\n")
    out = console()
    out.print(Text(heading), soft_wrap=False)
    out.print()
    out.print(markdown_table(table, out.width), soft_wrap=False)
