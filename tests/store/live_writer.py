"""Run by test_transaction.py as `python -m tests.store.live_writer DIR COUNT`: a writer busy
on a journal while another process reads it.

It makes an event and a game, prints "ready EVENT GAME", then takes COUNT steps, each one
committed on its own (a team joining the event, a life gain at the game), and prints "done".
"""

from __future__ import annotations

import sys
from pathlib import Path

from tablelife.rules import GainLife, TwoHeadedGiant
from tablelife.store import GameSetup, open_journal

SETUP = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"))


def main(argv: list[str]) -> int:
    """Writes COUNT steps, then exits 0; 1 if the journal can't be opened."""
    directory, count = Path(argv[0]), int(argv[1])
    opened = open_journal(directory)
    if opened.journal is None:
        print(f"error {opened.message}", flush=True)
        return 1
    with opened.journal as journal:
        event = journal.new_tournament("Friday", {"format": "2hg", "rounds": 3})
        game = journal.new_game(SETUP)
        print(f"ready {event} {game}", flush=True)
        for n in range(count):
            journal.log(event, "team_added", {"team": f"Team {n}"})
            journal.append(game, "apply", [GainLife(n % 4, 1)])
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
