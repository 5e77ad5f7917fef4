"""Swiss pairings: matches of two teams, or free-for-all pods.

The priorities, in order:

1. everyone in `teams` is seated exactly once (dropped teams are simply not in `teams`);
2. with an odd count, one bye, to a team with the fewest byes so far, so nobody gets a second
   bye while another team has had none;
3. no rematch where one can be avoided (in pods: as few pairs who have met before as possible);
4. the bye goes to the lowest-ranked such team, as the standings rank them (exact ties by
   name, the standings' own order: the team they show last);
5. teams with equal match points play each other where they can: pairing runs top-down, and each
   team takes the next team still free, its own points first, as long as the teams below can
   still be paired with no more rematches than point 3 allows.

Round one is random: everyone has 0 points, and teams with equal points are ordered by a shuffle
drawn from `seed` (and the round number), so the same teams, results and seed always give the
same pairings, whatever order the teams and results come in.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from tablelife.rules.i18n import arg
from tablelife.tournament.errors import EventRules, PairingError
from tablelife.tournament.matching import UNMATCHED, maximize
from tablelife.tournament.results import MatchResult, check_best_of, check_team_name
from tablelife.tournament.standings import Row, compute_rows, order_key

Table = tuple[str, ...]
"""One table of a round: two teams for a match, one for a bye, three or more for a pod."""

# How many pod seatings one search may try, and all searches for one round together, before
# the best seating found so far is kept.
POD_SEARCH_BUDGET = 10_000
POD_SEARCH_TOTAL = 60_000


def _check_teams(teams: Iterable[str]) -> list[str]:
    if isinstance(teams, str):
        raise PairingError(EventRules.tr("Teams must be a list of names, not a single name."))
    names: list[str] = []
    seen: set[str] = set()
    for team in teams:
        try:
            check_team_name(team)
        except ValueError as e:
            raise PairingError(str(e)) from None
        if team in seen:
            raise PairingError(arg(EventRules.tr("%1 is in the list of teams twice."), team))
        seen.add(team)
        names.append(team)
    return names


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PairingError(
            arg(EventRules.tr("The pairing seed must be a whole number, not %1."), repr(seed))
        )
    return seed


def meetings(results: Iterable[MatchResult]) -> set[frozenset[str]]:
    """Every pair of teams that has shared a table (a match or a pod); a bye meets nobody."""
    met: set[frozenset[str]] = set()
    for result in results:
        for a, b in combinations(result.outcomes, 2):
            met.add(frozenset((a, b)))
    return met


def suggested_rounds(teams: int) -> int:
    """How many Swiss rounds suit `teams` teams (MTR Appendix E's recommendations).

    Up to 128 it is enough rounds for one team to stay unbeaten (the ceiling of log2); then 8
    rounds up to 226, 9 up to 409 and 10 beyond.
    """
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise PairingError(
            arg(EventRules.tr("A Swiss event needs at least two teams, not %1."), repr(teams))
        )
    if teams > 409:
        return 10
    if teams > 226:
        return 9
    if teams > 128:
        return 8
    return math.ceil(math.log2(teams))


def pod_sizes(teams: int, pod_size: int) -> tuple[int, ...]:
    """How `teams` teams sit in pods of `pod_size`, largest pods first.

    Every pod has `pod_size` teams or one more or one fewer, and never fewer than 3. As many pods
    as possible have exactly `pod_size`; if that still leaves a choice, smaller pods win (a pod of
    3 ends sooner than a pod of 5): 10 teams in pods of 4 sit 4, 3, 3.
    """
    if isinstance(pod_size, bool) or not isinstance(pod_size, int) or pod_size < 3:
        raise PairingError(
            arg(
                EventRules.tr("A pod seats at least 3 teams, so the pod size can't be %1."),
                repr(pod_size),
            )
        )
    smallest = max(3, pod_size - 1)
    best: tuple[int, int, int] | None = None
    best_sizes: tuple[int, ...] = ()
    for count in range(1, teams // smallest + 1):
        for bigger in range(count + 1):
            for smaller in range(count - bigger + 1):
                if smaller and pod_size - 1 < 3:
                    continue
                exact = count - bigger - smaller
                if smaller * (pod_size - 1) + exact * pod_size + bigger * (pod_size + 1) != teams:
                    continue
                score = (smaller + bigger, -count, bigger)
                if best is None or score < best:
                    best = score
                    best_sizes = (
                        (pod_size + 1,) * bigger + (pod_size,) * exact + (pod_size - 1,) * smaller
                    )
    if best is None:
        raise PairingError(
            arg(
                EventRules.tr(
                    "%1 teams can't sit in pods of %2 to %3 teams; choose another pod size."
                ),
                teams,
                smallest,
                pod_size + 1,
            )
        )
    return best_sizes


def pair_swiss(
    teams: Iterable[str],
    results: Iterable[MatchResult],
    seed: int = 0,
    pod_size: int | None = None,
    *,
    best_of: int = 1,
    missed: Mapping[str, int] | None = None,
) -> list[Table]:
    """The next Swiss round: a list of tables in standings order (the leaders' table first).

    Without `pod_size`, each table is a pair of teams, and with an odd count the last table is a
    bye: a 1-tuple. With `pod_size`, each table is a free-for-all pod of `pod_size` teams or one
    more or fewer, never fewer than 3, and there are no byes. `teams` are the teams still in the
    event (leave dropped teams out); `results` are all results so far, dropped teams' included.
    `best_of` is what a bye is worth in games, which can move a team in the standings. See the
    module's notes for the priorities. `missed`: late teams' rounds missed, match losses in
    the standings the pairing ranks by (`compute_rows`).
    """
    names = _check_teams(teams)
    seed = _check_seed(seed)
    check_best_of(best_of)
    results = list(results)
    rows = compute_rows(results, best_of, names, missed=missed)
    met = meetings(results)
    next_round = max((r.round for r in results), default=0) + 1
    # The shuffle depends on the seed and the round, never on the order teams are listed in.
    rng = random.Random(f"tablelife-pairing:{seed}:{next_round}")
    luck = {team: rng.random() for team in sorted(names)}
    # Pairing order: points first (MTR 3.1's first criterion), then the shuffle.
    order = sorted(names, key=lambda t: (-rows[t].points, luck[t]))
    if pod_size is None:
        if len(names) < 2:
            raise PairingError(EventRules.tr("Pairing a round needs at least two teams."))
        tables = _pair_matches(order, rows, met, luck)
    else:
        tables = _seat_pods(order, pod_sizes(len(names), pod_size), pod_size, met)
    # Shown in standings order: the leaders' table first, each table's better-placed team first,
    # and the bye last.
    place = {row.team: i for i, row in enumerate(sorted(rows.values(), key=order_key))}
    tables = [tuple(sorted(table, key=place.__getitem__)) for table in tables]
    return sorted(tables, key=lambda table: (len(table) == 1, place[table[0]]))


# ----- matches of two ---------------------------------------------------------------------------


def _graph(order: Sequence[str], met: set[frozenset[str]]) -> list[list[int]]:
    """Who may play whom without a rematch, as adjacency lists over positions in `order`."""
    n = len(order)
    return [
        [j for j in range(n) if j != i and frozenset((order[i], order[j])) not in met]
        for i in range(n)
    ]


def _pair_matches(
    order: list[str], rows: dict[str, Row], met: set[frozenset[str]], luck: dict[str, float]
) -> list[Table]:
    bye: str | None = None
    if len(order) % 2:
        bye = _choose_bye(order, rows, met, luck)
    players = [t for t in order if t != bye]
    tables: list[Table] = [tuple(p) for p in _pair_fewest_rematches(players, met)]
    if bye is not None:
        tables.append((bye,))
    return tables


def _choose_bye(
    order: list[str], rows: dict[str, Row], met: set[frozenset[str]], luck: dict[str, float]
) -> str:
    """The bye: a team with the fewest byes, then one leaving the fewest rematches for the rest,
    then the lowest-ranked, in the one order the standings show (`order_key`: MTR 3.1, then
    the name), so the team staff see put last among exact ties is the one that gets it. Before
    anyone has played (round one) nobody is ranked yet, and the seed's shuffle picks."""
    fewest = min(rows[t].byes for t in order)
    eligible = [t for t in order if rows[t].byes == fewest]
    if any(rows[t].rounds for t in order):
        candidates = sorted(eligible, key=lambda t: order_key(rows[t]), reverse=True)
    else:
        candidates = sorted(eligible, key=lambda t: -luck[t])
    adj = _graph(order, met)
    whole = (len(order) - 1) // 2
    best, best_size = candidates[0], -1
    for team in candidates:
        alive = [t != team for t in order]
        size = maximize(adj, alive, [UNMATCHED] * len(order))
        if size == whole:
            return team
        if size > best_size:
            best, best_size = team, size
    return best


def _pair_fewest_rematches(order: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """Pairs an even list top-down with as few rematches as any pairing could have.

    The fewest rematches possible is half the teams less the largest set of pairs that haven't
    met (a maximum matching). Each team in turn takes the first team below it whose pairing keeps
    that fewest still reachable for the rest, checked by regrowing the matching.
    """
    n = len(order)
    adj = _graph(order, met)
    alive = [True] * n
    mate = [UNMATCHED] * n
    size = maximize(adj, alive, mate)
    pairs: list[tuple[str, str]] = []
    for i in range(n):
        if not alive[i]:
            continue
        for j in range(i + 1, n):
            if not alive[j]:
                continue
            rematch = frozenset((order[i], order[j])) in met
            trial = mate.copy()
            for v in (i, j):
                if trial[v] != UNMATCHED:
                    trial[trial[v]] = UNMATCHED
                    trial[v] = UNMATCHED
            alive[i] = alive[j] = False
            left = maximize(adj, alive, trial)
            if left == size - (0 if rematch else 1):
                mate, size = trial, left
                pairs.append((order[i], order[j]))
                break
            alive[i] = alive[j] = True
        else:  # pragma: no cover - some partner always keeps the optimum (its optimal one)
            raise AssertionError(EventRules.tr("no partner keeps the fewest rematches"))
    return pairs


# ----- free-for-all pods ------------------------------------------------------------------------


def _seat_pods(
    order: list[str], sizes: tuple[int, ...], pod_size: int, met: set[frozenset[str]]
) -> list[Table]:
    """Seats pods top-down with as few pairs who have met before as the search can find.

    First the nearest-placed teams fill each pod in turn (equal points sit together). Then swaps
    between pods, nearest points first, take out repeat meetings while they can. Last, a search
    in the same top-down order looks for a seating with fewer repeats, again and again, each
    time with a budget of tries; it keeps the first seating it finds for each bound, so equal
    points still sit together where they can. For small events the search is complete, so the
    seating is the best there is.
    """
    n = len(order)
    clash = [[frozenset((a, b)) in met for b in order] for a in order]
    counts = Counter(sizes)
    preference = [s for s in (pod_size, pod_size - 1, pod_size + 1) if counts[s]]

    def cost(pod: Sequence[int]) -> int:
        return sum(clash[a][b] for a, b in combinations(pod, 2))

    def search(bound: int | None, budget: int) -> tuple[list[tuple[int, ...]] | None, int]:
        """The first seating in top-down order with at most `bound` repeats, and the tries."""
        left = Counter(sizes)
        chosen: list[tuple[int, ...]] = []
        tries = 0

        def step(remaining: tuple[int, ...], spent: int) -> bool:
            nonlocal tries
            if not remaining:
                return True
            top, rest = remaining[0], remaining[1:]
            for size in preference:
                if not left[size]:
                    continue
                left[size] -= 1
                for others in combinations(rest, size - 1):
                    tries += 1
                    if bound is not None and tries > budget:
                        left[size] += 1
                        return False
                    pod = (top, *others)
                    total = spent + cost(pod)
                    if bound is not None and total > bound:
                        continue
                    chosen.append(pod)
                    taken = set(others)
                    if step(tuple(t for t in rest if t not in taken), total):
                        return True
                    chosen.pop()
                left[size] += 1
            return False

        return (chosen if step(tuple(range(n)), 0) else None), tries

    greedy, _ = search(None, 0)
    assert greedy is not None  # without a bound the first seating always completes
    seating = _swap_out_repeats([list(pod) for pod in greedy], clash, order)
    best = sum(cost(pod) for pod in seating)
    spent = 0
    while best > 0 and spent < POD_SEARCH_TOTAL:
        found, tries = search(best - 1, min(POD_SEARCH_BUDGET, POD_SEARCH_TOTAL - spent))
        spent += tries
        if found is None:
            break
        seating, best = [list(pod) for pod in found], sum(cost(pod) for pod in found)
    return [tuple(order[i] for i in sorted(pod)) for pod in sorted(seating, key=min)]


def _swap_out_repeats(
    pods: list[list[int]], clash: list[list[bool]], order: list[str]
) -> list[list[int]]:
    """Swaps teams between pods while a swap lowers the number of repeat meetings, trying the
    teams nearest each other in the pairing order first. Positions in `order` stand in for
    points, since `order` is sorted by points."""

    def repeats_of(team: int, pod: list[int], without: int) -> int:
        return sum(clash[team][other] for other in pod if other not in (team, without))

    where = {team: p for p, pod in enumerate(pods) for team in pod}
    n = len(order)
    improved = True
    while improved:
        improved = False
        for gap in range(1, n):
            for a in range(n - gap):
                b = a + gap
                pa, pb = where[a], where[b]
                if pa == pb:
                    continue
                before = repeats_of(a, pods[pa], a) + repeats_of(b, pods[pb], b)
                after = repeats_of(a, pods[pb], b) + repeats_of(b, pods[pa], a)
                if after < before:
                    pods[pa][pods[pa].index(a)] = b
                    pods[pb][pods[pb].index(b)] = a
                    where[a], where[b] = pb, pa
                    improved = True
    return pods
