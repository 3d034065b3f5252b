"""Shrinking a divergence of the conformance harness: replaying simpler variants of the failing Gang for the shortest reproduction of the same difference."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

import attrs

from schwinget_spec.conformance.harness.games import GameSpec, HarnessRng
from schwinget_spec.conformance.harness.report import Divergence, DivergenceKind
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import start_gang
from schwinget_spec.rules import Rules

__all__ = ["FRESH_NOT_REPRODUCED", "FRESH_REPRODUCED", "FRESH_UNSHRUNK", "confirm_fresh", "shrink_divergence"]

FRESH_REPRODUCED = "reproduced"
"""``Divergence.fresh``: the reported reproduction diverged the same way on a freshly started implementation."""
FRESH_UNSHRUNK = "unshrunk"
"""``Divergence.fresh``: the shrunk reproduction did not diverge on a fresh implementation; the unshrunk one, reported instead, did."""
FRESH_NOT_REPRODUCED = "not_reproduced"
"""``Divergence.fresh``: neither reproduction diverged on a fresh implementation: the fault depends on what the implementation served before."""


def _legal_prefix(spec: GameSpec, actions: Sequence[str]) -> bool:
    """True if every action but the last is legal in the reference."""
    state = start_gang(spec.deal, spec.starter, spec.rules)
    for code in actions[:-1]:
        try:
            state = state.apply(code)
        except SchwingetError:
            return False
    return True


_SHRINK_SECONDS = 60.0
"""The longest time shrinking may take; the best reproduction found by then is reported."""
_EARLY_ANGRIFF_TRIES = 6
"""Random continuations tried after each earlier Angriff while shrinking."""


def _early_angriff_variants(best: Divergence) -> Iterable[tuple[str, ...]]:
    """Action sequences that start the Angriff earlier than ``best`` does, then play on at random to the end.

    The continuations are drawn from a fixed seed, so shrinking is reproducible.
    """
    state = start_gang(best.deal, best.starter, best.rules)
    angriff_at = best.actions.index("A") if "A" in best.actions else len(best.actions)
    for i in range(min(angriff_at, len(best.actions) - 1)):
        if state.can_attack():
            rng = HarnessRng(i)
            for _ in range(_EARLY_ANGRIFF_TRIES):
                script = [*best.actions[:i], "A"]
                current = state.apply("A")
                while not current.is_over:
                    legal = [a.code for a in current.legal_actions()]
                    code = legal[rng.below(len(legal))]
                    script.append(code)
                    current = current.apply(code)
                yield tuple(script)
        state = state.apply(best.actions[i])


def _spec_of(d: Divergence, actions: Sequence[str], rules: Rules | None = None) -> GameSpec:
    return GameSpec(
        source=d.source,
        deal=d.deal,
        starter=d.starter,
        rules=d.rules if rules is None else rules,
        actions=tuple(actions),
        deal_seed=d.deal_seed,
    )


def confirm_fresh(
    shrunk: Divergence,
    original: Divergence,
    replay_fresh: Callable[[GameSpec], Divergence | None],
) -> Divergence:
    """The divergence to report, confirmed on a fresh implementation (``replay_fresh`` starts one per call).

    The shrunk reproduction is replayed first; if it does not diverge the same way (kind,
    field and clause), the unshrunk one is replayed and reported instead. If neither
    does, the unshrunk one is reported, marked ``FRESH_NOT_REPRODUCED``: the fault
    depends on the implementation's history (the requests it served before), and the
    replay lines alone will not show it.
    """
    found = replay_fresh(_spec_of(shrunk, shrunk.actions))
    if found is not None and found.signature == shrunk.signature:
        return attrs.evolve(shrunk, fresh=FRESH_REPRODUCED)
    unshrunk = attrs.evolve(original, shrink_replays=shrunk.shrink_replays, shrunk_length=len(shrunk.actions))
    if shrunk.actions == original.actions and shrunk.rules == original.rules:
        return attrs.evolve(unshrunk, fresh=FRESH_NOT_REPRODUCED)
    found = replay_fresh(_spec_of(original, original.actions))
    if found is not None and found.signature == original.signature:
        return attrs.evolve(unshrunk, fresh=FRESH_UNSHRUNK)
    return attrs.evolve(unshrunk, fresh=FRESH_NOT_REPRODUCED)


def shrink_divergence(
    divergence: Divergence,
    replay: Callable[[GameSpec], Divergence | None],
    max_replays: int,
    *,
    deadline: float | None = None,
    base: Rules | None = None,
) -> Divergence:
    """The shortest reproduction found by replaying simpler variants.

    In turn: the default rules (``base`` if given: the rules played where nothing else
    is chosen, so that a replay sends only values the implementation declared); an Angriff started earlier (a Gang with an Angriff after
    ``k`` Schwünge ends after ``k + 5``, so a bug of the last Schwung shows sooner); runs
    of one to four actions deleted.

    A variant is kept when it still diverges with the same kind, field and clause, so
    that shrinking never slides from one bug to another. Shrinking stops after
    ``_SHRINK_SECONDS`` or at ``deadline`` (a ``time.monotonic()`` instant), whichever
    comes first. The replays reuse the live implementation; ``confirm_fresh`` then checks
    the result on a fresh one.
    """
    best = divergence
    replays = 0
    target = divergence.signature
    until = time.monotonic() + _SHRINK_SECONDS
    if deadline is not None:
        until = min(until, deadline)
    if divergence.kind is DivergenceKind.PROTOCOL and divergence.field == "timeout":
        # every replay of a hang costs a whole timeout
        max_replays = min(max_replays, 3)

    def attempt(spec: GameSpec) -> Divergence | None:
        nonlocal replays, max_replays
        replays += 1
        if time.monotonic() > until:
            max_replays = replays
            return None
        found = replay(spec)
        if found is not None and found.signature == target and len(found.actions) <= len(spec.actions or ()):
            return found
        return None

    spec_of = _spec_of

    simplest = Rules() if base is None else base
    if best.rules != simplest and _legal_prefix(spec_of(best, best.actions, simplest), best.actions):
        found = attempt(spec_of(best, best.actions, simplest))
        if found is not None:
            best = found
    improved = True
    while improved and replays < max_replays:
        improved = False
        for candidate in _early_angriff_variants(best):
            if replays >= max_replays or len(candidate) > len(best.actions) + 10:
                break
            found = attempt(spec_of(best, candidate))
            if found is not None and len(found.actions) < len(best.actions):
                best = found
                improved = True
                break
        for size in (4, 3, 2, 1):
            i = 0
            while i + size <= len(best.actions) and replays < max_replays:
                candidate = best.actions[:i] + best.actions[i + size :]
                if candidate and _legal_prefix(spec_of(best, candidate), candidate):
                    found = attempt(spec_of(best, candidate))
                    if found is not None and len(found.actions) < len(best.actions):
                        best = found
                        improved = True
                        continue
                i += 1
    return attrs.evolve(best, original_length=divergence.original_length, shrink_replays=replays)
