"""Run by test_crash.py as `python -m tests.store.crash_writer DIR SEED`: journals random
events, the way the model would, until it is killed.

It prints "ready GAME SEQ DIGEST" once the journal is open and the last unfinished game is
restored, then "GAME SEQ DIGEST" after each `append` returns (so the event is committed), and
"new GAME" when it starts a game. The digest is the state after the event.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tablelife.rules import (
    Change,
    Damage,
    GainLife,
    Game,
    PassTurn,
    Poison,
    RuleError,
    TwoHeadedGiant,
)
from tablelife.store import EventKind, GameSetup, open_journal, replay, result_of

SETUP = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"))
LONGEST = 120  # events in one game before the writer moves on to a new one


def digest(game: Game) -> str:
    """Each team's life/poison/status, whose turn, and the sizes of history and redo stack."""
    state = game.state
    teams = ",".join(f"{t.life}/{t.poison}/{t.status}" for t in state.teams)
    return f"{teams};{state.active};{state.turn};{len(game.history)};{len(game.redo_events)}"


def _changes(rng: random.Random) -> tuple[Change, ...]:
    def one() -> Change:
        player = rng.randrange(4)
        options: list[Change] = [
            Damage(player, rng.randint(0, 4)),
            GainLife(player, rng.randint(0, 2)),
            Poison(player, rng.randint(-1, 1)),
            PassTurn(),
        ]
        return rng.choice(options)

    return tuple(one() for _ in range(rng.randint(1, 3)))


def main(argv: list[str]) -> int:
    """Writes until killed; returns 1 only if the journal can't be opened."""
    directory, rng = Path(argv[0]), random.Random(int(argv[1]))
    opened = open_journal(directory)
    if opened.journal is None or opened.message:
        print(f"error {opened.message}", flush=True)
        return 1
    journal = opened.journal
    row = journal.last_unfinished()
    if row is None:
        gid, game = journal.new_game(SETUP), SETUP.new_game()
    else:
        gid, game = row.id, replay(row, journal.events(row.id))
    print(f"ready {gid} {len(journal.events(gid))} {digest(game)}", flush=True)
    while True:
        if game.over or len(game.history) >= LONGEST:
            journal.finish(gid, result_of(game.state))
            gid, game = journal.new_game(SETUP), SETUP.new_game()
            print(f"new {gid}", flush=True)
        roll = rng.random()
        kind: EventKind
        changes: tuple[Change, ...] = ()
        if roll < 0.1 and game.undo():
            kind = "undo"
        elif roll < 0.15 and game.redo():
            kind = "redo"
        else:
            changes = _changes(rng)
            try:
                game.apply(*changes)
            except RuleError:
                continue
            kind = "apply"
        seq = journal.append(gid, kind, changes)
        print(f"{gid} {seq} {digest(game)}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
