"""The command line: `tablelife list|export|import|verify ...` for the games in a data folder
or on a server (`tablelife.cli.games`), `tablelife event ...` for a store's event
(`tablelife.cli.event`) and `tablelife server ...` to set a server up (`tablelife.cli.server`).
Qt-free: the model and the widgets are never imported; every step goes through
`tablelife.ops`, as at the desk. `cli.common` holds what they share: the parser, the refusals
and exit codes, and how a line is said; `cli.files` writes what they make.
"""

from __future__ import annotations

from pathlib import Path

from tablelife.cli.common import MAX_LINE

COMMANDS = ("list", "export", "import", "verify", "event", "server")
"""The verbs of the command line: `tablelife VERB ...` never starts Qt."""

SUMMARIES: tuple[tuple[str, str], ...] = (
    ("desk", "the staff desk: a store's event, its round clock, results and standings"),
    ("event", "the same event from a terminal: new, pair, result, standings, export, ..."),
    ("list", "the games in the data folder"),
    ("export", "a game as JSON or CSV"),
    ("import", "a game from a JSON export, as a new game"),
    ("verify", "check every game and event against the journal's checksums"),
    ("server", "a store's PostgreSQL server: init (the schema and roles), step (did it happen?)"),
)
"""What `tablelife --help` says of each command (`desk` opens a window; the others are
`COMMANDS`), in the order it lists them. A new command gets its line here."""


def cli_main(argv: list[str], data_dir: Path | None) -> int:
    """Runs `tablelife VERB ...` (`argv` starts with one of `COMMANDS`); returns the exit
    code. `data_dir` is the journal's folder unless --data-dir overrides it; if it is None,
    --data-dir is required."""
    if argv[:1] == ["event"]:
        from tablelife.cli.event import event_main

        return event_main(argv[1:], data_dir)
    if argv[:1] == ["server"]:
        from tablelife.cli.server import server_main

        return server_main(argv[1:])
    from tablelife.cli.games import cli_main as games_main

    return games_main(argv, data_dir)


__all__ = ["COMMANDS", "MAX_LINE", "SUMMARIES", "cli_main"]
