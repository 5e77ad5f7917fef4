"""Maximum matching in a general graph (Edmonds' blossom algorithm), for Swiss pairings.

Pairings ask: can everyone be paired with someone they haven't played? That is a perfect
matching in the graph of pairs that haven't met, which need not be bipartite, so a plain
augmenting-path search is not enough: odd cycles (blossoms) are shrunk as the search meets them.
Vertices are 0..n-1; `alive` switches vertices off without rebuilding the graph; `mate[v]` is
v's partner or -1.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

UNMATCHED = -1


def _lca(base: list[int], mate: list[int], parent: list[int], a: int, b: int) -> int:
    """The base of the blossom closed by the edge a-b: the first common base on both paths."""
    on_path = [False] * len(base)
    while True:
        a = base[a]
        on_path[a] = True
        if mate[a] == UNMATCHED:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if on_path[b]:
            return b
        b = parent[mate[b]]


def _mark_blossom(
    base: list[int],
    mate: list[int],
    parent: list[int],
    in_blossom: list[bool],
    v: int,
    top: int,
    child: int,
) -> None:
    """Marks the path from v up to the blossom base `top`, and points it back through `child`."""
    while base[v] != top:
        in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]


def augment_from(
    adj: Sequence[Sequence[int]], alive: Sequence[bool], mate: list[int], root: int
) -> bool:
    """Looks for an augmenting path from the free vertex `root`; flips it into `mate` if found.

    Returns True when the matching grew by one.
    """
    n = len(adj)
    used = [False] * n
    parent = [UNMATCHED] * n
    base = list(range(n))
    used[root] = True
    queue = deque([root])
    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if not alive[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != UNMATCHED and parent[mate[to]] != UNMATCHED):
                # An odd cycle: shrink it into its base and search on from every vertex in it.
                top = _lca(base, mate, parent, v, to)
                in_blossom = [False] * n
                _mark_blossom(base, mate, parent, in_blossom, v, top, to)
                _mark_blossom(base, mate, parent, in_blossom, to, top, v)
                for i in range(n):
                    if in_blossom[base[i]]:
                        base[i] = top
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == UNMATCHED:
                parent[to] = v
                if mate[to] == UNMATCHED:
                    while to != UNMATCHED:
                        back = parent[to]
                        after = mate[back]
                        mate[to] = back
                        mate[back] = to
                        to = after
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False


def maximize(adj: Sequence[Sequence[int]], alive: Sequence[bool], mate: list[int]) -> int:
    """Grows `mate` in place into a maximum matching of the alive vertices; returns its size.

    `mate` may start as any matching of alive vertices (empty, or one left over from a bigger
    graph). One search from each free vertex is enough: a vertex with no augmenting path never
    gets one from later augmentations (Edmonds).
    """
    n = len(adj)
    # A greedy start leaves few free vertices, so few searches.
    for v in range(n):
        if alive[v] and mate[v] == UNMATCHED:
            for to in adj[v]:
                if alive[to] and mate[to] == UNMATCHED and to != v:
                    mate[v], mate[to] = to, v
                    break
    for v in range(n):
        if alive[v] and mate[v] == UNMATCHED:
            augment_from(adj, alive, mate, v)
    return sum(1 for v in range(n) if alive[v] and mate[v] > v)
