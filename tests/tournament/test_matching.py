"""The blossom matching under the pairings, against brute force on small random graphs."""

from __future__ import annotations

import os
from functools import cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablelife.tournament.matching import UNMATCHED, maximize

SETTINGS = settings(
    # As in tests/rules/test_stateful.py: CI replays the same examples; a developer's runs
    # explore new ones (HYPOTHESIS_EXAMPLES=2000 for a long hunt).
    derandomize=os.environ.get("CI") == "true",
    max_examples=int(os.environ.get("HYPOTHESIS_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _brute_force(n: int, edges: frozenset[tuple[int, int]], alive: tuple[bool, ...]) -> int:
    @cache
    def best(left: frozenset[int]) -> int:
        if len(left) < 2:
            return 0
        v = min(left)
        rest = left - {v}
        top = best(rest)  # v stays unmatched
        for u in rest:
            if (min(u, v), max(u, v)) in edges:
                top = max(top, 1 + best(rest - {u}))
        return top

    return best(frozenset(v for v in range(n) if alive[v]))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, frozenset[tuple[int, int]], tuple[bool, ...]]:
    n = draw(st.integers(1, 11))
    pairs = list(combinations(range(n), 2))
    edges = frozenset(draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else [])
    alive = tuple(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    return n, edges, alive


@SETTINGS
@given(graphs())
def test_maximum_matching_is_maximum(
    graph: tuple[int, frozenset[tuple[int, int]], tuple[bool, ...]],
) -> None:
    n, edges, alive = graph
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in sorted(edges):
        adj[a].append(b)
        adj[b].append(a)
    mate = [UNMATCHED] * n
    size = maximize(adj, alive, mate)
    assert size == _brute_force(n, edges, alive)
    for v in range(n):
        if mate[v] != UNMATCHED:
            assert alive[v]
            assert mate[mate[v]] == v
            assert (min(v, mate[v]), max(v, mate[v])) in edges


def test_an_odd_cycle_needs_its_blossom() -> None:
    # A triangle with a tail on each corner: greedy starts can get stuck without shrinking.
    edges = [(0, 1), (1, 2), (2, 0), (0, 3), (1, 4), (2, 5)]
    adj: list[list[int]] = [[] for _ in range(6)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    mate = [UNMATCHED] * 6
    mate[0], mate[1] = 1, 0  # a bad start inside the triangle
    assert maximize(adj, [True] * 6, mate) == 3
