"""Types of the compiled Gang solver (schwinget_spec/twin/_solver.c)."""

OPT_NO_TABLE: int
OPT_NO_EQUIVALENT: int
OPT_NO_ORDERING: int
OPT_NO_ANGRIFF: int
OPT_NO_SURE: int

def value(
    pile: bytes, revealed: int, switches: int, leaf: tuple[int, ...], position: tuple[int, ...], options: int, /
) -> tuple[int, int, int]: ...
def solve(
    pile: bytes, revealed: int, switches: int, leaf: tuple[int, ...], position: tuple[int, ...], options: int, /
) -> tuple[int, tuple[int, ...], int]: ...
def children(
    pile: bytes, revealed: int, switches: int, leaf: tuple[int, ...], position: tuple[int, ...], options: int, /
) -> tuple[tuple[int, int], ...]: ...
def moves(pile: bytes, revealed: int, switches: int, position: tuple[int, ...], /) -> tuple[int, ...]: ...
def play(pile: bytes, revealed: int, switches: int, position: tuple[int, ...], action: int, /) -> tuple[int, ...]: ...
def values_of_seeds(
    seeds: bytes, starters: bytes, configs: tuple[tuple[int, tuple[int, ...], int], ...], line: int, /
) -> bytes: ...
