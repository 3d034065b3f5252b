"""SplitMix64 and the unbiased Fisher-Yates shuffle that turn a seed into a deal, specified for other languages in docs/deal-algorithm.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from schwinget_spec.errors import ParseError
from schwinget_spec.support.safe_text import shown

__all__ = ["MASK64", "SplitMix64", "shuffled"]

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_T = TypeVar("_T")


@attrs.frozen
class SplitMix64:
    """The SplitMix64 generator as an immutable value: ``next()`` returns a number and the next generator.

    ``state`` is an unsigned 64-bit integer. One step: ``state += 0x9E3779B97F4A7C15``
    (mod 2**64); ``z = state``; ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``;
    ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``; output ``z ^ (z >> 31)`` (all mod 2**64).
    """

    state: int

    @classmethod
    def seeded(cls, seed: int) -> SplitMix64:
        """The generator whose state is ``seed`` (an integer 0 <= seed < 2**64)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
            raise ParseError(f"seed must be an integer from 0 to 2**64-1, got {shown(seed)}")
        return cls(seed)

    def next(self) -> tuple[int, SplitMix64]:
        """The next 64-bit output and the generator after it."""
        state = (self.state + _GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31), SplitMix64(state)

    def below(self, n: int) -> tuple[int, SplitMix64]:
        """A uniform integer in ``[0, n)`` by rejection: outputs ``>= 2**64 - 2**64 % n`` are discarded."""
        if n <= 0:
            raise ValueError(f"bound must be positive, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            x, rng = rng.next()
            if x < limit:
                return x % n, rng


def shuffled(items: Sequence[_T], rng: SplitMix64) -> tuple[tuple[_T, ...], SplitMix64]:
    """Fisher-Yates: for i from len-1 down to 1, swap item i with item ``below(i + 1)``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng
