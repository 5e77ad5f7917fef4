"""Single elimination after the Swiss rounds: a top 4 or top 8 seeded from the standings.

Seeds meet so that the best two can only meet in the final: 1 v 8, 4 v 5, 2 v 7, 3 v 6, and the
winners of neighbouring tables meet next. A match here can't end in a draw (MTR 2.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablelife.rules.i18n import arg
from tablelife.tournament.errors import EventRules, PairingError
from tablelife.tournament.results import WIN, MatchResult
from tablelife.tournament.standings import Standing


def bracket_order(size: int) -> list[int]:
    """Seeds (from 1) in bracket order: 4 gives [1, 4, 2, 3]; 8 gives [1, 8, 4, 5, 2, 7, 3, 6].

    Read in pairs, these are the first round's tables; each seed's partner adds up to size + 1.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 2 or size & (size - 1):
        raise PairingError(
            arg(EventRules.tr("A bracket holds 2, 4, 8, 16 ... teams, not %1."), repr(size))
        )
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def seed_bracket(ranked: Sequence[str] | Sequence[Standing], size: int) -> list[tuple[str, str]]:
    """The first single-elimination round for the top `size` of `ranked` (best first).

    `ranked` is the standings (or just the names in standings order). The better seed is listed
    first at each table: for a top 8, 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    """
    names = [r.team if isinstance(r, Standing) else r for r in ranked]
    order = bracket_order(size)
    if len(names) < size:
        raise PairingError(
            arg(
                EventRules.tr("A top %1 needs %2 teams, but there are only %3."),
                size,
                size,
                len(names),
            )
        )
    if len(set(names[:size])) < size:
        raise PairingError(EventRules.tr("A team can't hold two seeds in one bracket."))
    return [(names[order[i] - 1], names[order[i + 1] - 1]) for i in range(0, size, 2)]


def bracket_winners(tables: Sequence[tuple[str, str]], results: Iterable[MatchResult]) -> list[str]:
    """The winner of each of `tables`, in table order, from that round's results.

    Every table must have a result with a winner: single elimination has no draws (MTR 2.4).
    """
    won: dict[frozenset[str], str] = {}
    for result in results:
        winners = [t for t, o in result.outcomes.items() if o == WIN]
        key = frozenset(result.outcomes)
        if not winners:
            names = " and ".join(result.outcomes)
            raise PairingError(
                arg(
                    EventRules.tr(
                        "A single-elimination match can't end in a draw or a bye, as %1's did; "
                        "play on until someone wins (MTR 2.4)."
                    ),
                    names,
                )
            )
        won[key] = winners[0]
    out: list[str] = []
    for a, b in tables:
        winner = won.get(frozenset((a, b)))
        if winner is None:
            raise PairingError(
                arg(EventRules.tr("The match between %1 and %2 has no result yet."), a, b)
            )
        out.append(winner)
    return out


def next_bracket_round(
    tables: Sequence[tuple[str, str]], results: Iterable[MatchResult]
) -> list[tuple[str, str]]:
    """The next single-elimination round: the winners of tables 1 and 2 meet, 3 and 4, and so on.

    The final has no next round; `bracket_winners` names the champion.
    """
    if len(tables) < 2 or len(tables) % 2:
        raise PairingError(
            EventRules.tr("Only a bracket round of 2, 4, 8 ... tables leads to another round.")
        )
    winners = bracket_winners(tables, results)
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
