"""Small builders for event-core tests: matches from game scores, and whole records."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tablelife.tournament import MatchResult, Standing, standings

FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


def match(round_: int, a: str, b: str, games: tuple[int, int, int]) -> MatchResult:
    """A two-team match from a's (won, lost, drawn) games; the outcome follows MTR 2.1."""
    won, lost, drawn = games
    outcome = "win" if won > lost else "loss" if won < lost else "draw"
    return MatchResult(
        round=round_,
        outcomes={a: outcome, b: FLIP[outcome]},
        games={a: (won, lost, drawn), b: (lost, won, drawn)},
    )


def duel(round_: int, a: str, b: str, outcome: str) -> MatchResult:
    """A two-team match of one game with a's outcome."""
    return MatchResult(round=round_, outcomes={a: outcome, b: FLIP[outcome]})


def record_against_fillers(
    team: str,
    record: tuple[int, int, int],
    busy: Mapping[int, str],
    rounds: int,
) -> list[MatchResult]:
    """Results that give `team` the (wins, losses, draws) `record` in all, counting the matches
    in `busy` (round -> team's outcome there, already in the event), the rest against fresh
    one-off opponents in the free rounds."""
    wins, losses, draws = record
    for outcome in busy.values():
        if outcome == "win":
            wins -= 1
        elif outcome == "loss":
            losses -= 1
        else:
            draws -= 1
    assert min(wins, losses, draws) >= 0, "the record must include the busy rounds"
    outcomes = ["win"] * wins + ["loss"] * losses + ["draw"] * draws
    free = [r for r in range(1, rounds + 1) if r not in busy]
    assert len(outcomes) <= len(free), "more matches than rounds"
    return [
        duel(r, team, f"{team}'s round-{r} opponent", outcome)
        for r, outcome in zip(free, outcomes, strict=False)
    ]


def by_team(results: Iterable[MatchResult], best_of: int = 1) -> dict[str, Standing]:
    """The standings keyed by team, for looking one line up."""
    return {s.team: s for s in standings(results, best_of=best_of)}
