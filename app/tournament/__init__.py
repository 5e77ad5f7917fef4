"""The event core: match results, standings and tiebreakers, Swiss pairings, the round clock and
additional turns (Magic Tournament Rules). Pure Python; it never imports Qt."""
