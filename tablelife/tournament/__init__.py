"""The event core: match results, standings and tiebreakers, Swiss pairings, the round clock and
additional turns (Magic Tournament Rules). Pure Python; it never imports Qt."""

from tablelife.tournament.clock import RoundClock, additional_turns, time_extension
from tablelife.tournament.elimination import (
    bracket_order,
    bracket_winners,
    next_bracket_round,
    seed_bracket,
)
from tablelife.tournament.errors import ClockError, PairingError, ResultError, TournamentError
from tablelife.tournament.pairing import Table, meetings, pair_swiss, pod_sizes, suggested_rounds
from tablelife.tournament.results import BYE, DRAW, LOSS, OUTCOMES, WIN, MatchResult
from tablelife.tournament.standings import (
    Standing,
    game_win_percentage,
    match_win_percentage,
    standings,
)

__all__ = [
    "BYE",
    "DRAW",
    "LOSS",
    "OUTCOMES",
    "WIN",
    "ClockError",
    "MatchResult",
    "PairingError",
    "ResultError",
    "RoundClock",
    "Standing",
    "Table",
    "TournamentError",
    "additional_turns",
    "bracket_order",
    "bracket_winners",
    "game_win_percentage",
    "match_win_percentage",
    "meetings",
    "next_bracket_round",
    "pair_swiss",
    "pod_sizes",
    "seed_bracket",
    "standings",
    "suggested_rounds",
    "time_extension",
]
