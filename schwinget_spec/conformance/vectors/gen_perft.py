"""The vector generator's perft group: perft counts from fixed positions of seeded Gänge."""

from __future__ import annotations

from typing import Any

from schwinget_spec.actions import StartAngriff
from schwinget_spec.conformance.vectors.gen_records import vector_rules
from schwinget_spec.conformance.vectors.perft import perft, perft_complete, perft_divide
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.gang import Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.trace import rules_to_json

__all__ = [
    "perft_vectors",
]

_PERFT: tuple[tuple[str, str, int, int, dict[str, Any], str, int], ...] = (
    # (topic, description, seed, starter, rules switches, prefix: "start" | "angriff" | "pile_used_up", depth)
    ("seed_1.start", "From the start of the Gang of seed 1, P0 leading.", 1, 0, {}, "start", 8),
    ("seed_2.start", "From the start of the Gang of seed 2, P1 leading.", 2, 1, {}, "start", 7),
    ("seed_3.start", "From the start of the Gang of seed 3, P0 leading.", 3, 0, {}, "start", 7),
    ("seed_1.special_cards_follow_colour", "Seed 1, P0 leading, special cards following colour.", 1, 0,
     {"special_cards_follow_colour": True}, "start", 7),
    ("seed_1.angriff", "After the Angriff at once (seed 1, P0): every complete Gang counted.", 1, 0, {}, "angriff", 10),
    ("seed_2.angriff", "After the Angriff at once (seed 2, P1): every complete Gang counted.", 2, 1, {}, "angriff", 10),
    ("seed_3.pile_used_up", "Seed 3, P0 leading, from the first lead after the pile is used up: every complete Gang counted.",
     3, 0, {}, "pile_used_up", 10),
)


def _perft_prefix(seed: int, starter: int, rules: Rules, kind: str) -> tuple[str, ...]:
    if kind == "start":
        return ()
    if kind == "angriff":
        return ("A",)
    # the first moment of a seeded game without Angriff where the pile is used up and a lead is due
    state = start_gang(Deal.shuffled(seed), Player(starter), rules)
    rng = SplitMix64.seeded(seed)
    codes: list[str] = []
    while not (state.phase is Phase.LEAD and state.pile_drawn >= PILE_SIZE):
        legal = [a for a in state.legal_actions() if not isinstance(a, StartAngriff)]
        i, rng = rng.below(len(legal))
        codes.append(legal[i].code)
        state = state.apply(legal[i])
    return tuple(codes)


def perft_vectors() -> list[dict[str, Any]]:
    """The ``perft`` group: counts of distinct legal action sequences from fixed positions, depth by depth."""
    out = []
    for topic, description, seed, starter, switches, prefix_kind, depth in _PERFT:
        rules = vector_rules(**switches)
        prefix = _perft_prefix(seed, starter, rules, prefix_kind)
        state = start_gang(Deal.shuffled(seed), Player(starter), rules)
        for code in prefix:
            state = state.apply(code)
        expected: dict[str, Any] = {
            "counts": [perft(state, d) for d in range(1, depth + 1)],
            "divide": perft_divide(state, 2),
        }
        if prefix_kind != "start":
            expected["complete"] = perft_complete(state)
        vid = f"perft.{topic}.001"
        out.append({
            "id": vid,
            "kind": "perft",
            "description": description,
            "clauses": ["gang.turn", "schwung.farbzwang", "trump.anytime", "schwung.void_any", "kampfrichter.chooses",
                        "angriff.who", "angriff.once", "angriff.not_empty_pile"],
            "rules": rules_to_json(rules),
            "input": {"deal": state.deal.to_codes(), "seed": seed, "starter": Player(starter).code, "rules": rules_to_json(rules),
                      "actions": list(prefix)},
            "expected": expected,
        })
    return out
