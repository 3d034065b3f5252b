"""The bots the commands offer, by name: the rules' random and heuristic players and the solver's sampling player (``pimc``, ``pimc-N``)."""

from __future__ import annotations

from typing import cast

from schwinget_spec.bots import Bot, HeuristicBot, RandomBot
from schwinget_spec.checks import check_type
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.rules import Rules
from schwinget_spec.solver.pimc import PimcBot

__all__ = ["BOT_NAMES", "make_bot", "pimc_worlds"]


def make_bot(name: str, seed: int, rules: Rules | None = None) -> Bot:
    """A bot by name: ``random`` (``RandomBot.seeded(seed)``), ``heuristic`` (``HeuristicBot(rules)``; ignores the seed), ``pimc`` (``PimcBot.seeded(seed, rules)``, 32 worlds) or ``pimc-N`` (N worlds, 1 to 1024)."""
    if name == "random":
        return RandomBot.seeded(seed)
    if name == "heuristic":
        return HeuristicBot(Rules() if rules is None else check_type(rules, Rules, "rules"))
    worlds = pimc_worlds(name)
    if worlds is not None:
        return cast(Bot, PimcBot.seeded(seed, Rules() if rules is None else check_type(rules, Rules, "rules"), worlds))
    raise InvalidArgumentError("name", f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}, or pimc-N")


def pimc_worlds(name: object) -> int | None:
    """The worlds of a sampling player's name: 32 for ``pimc``, N for ``pimc-N`` (1 <= N <= 1024); None for any other name."""
    if name == "pimc":
        return 32
    if not isinstance(name, str) or not name.startswith("pimc-") or not name[5:].isdigit() or name[5] == "0":
        return None
    worlds = int(name[5:]) if len(name) <= 9 else 0
    return worlds if 1 <= worlds <= 1024 else None


BOT_NAMES = ("random", "heuristic", "pimc", "pimc-8", "pimc-128")
"""The bots the commands offer, by name (``make_bot`` takes any ``pimc-N`` besides)."""
