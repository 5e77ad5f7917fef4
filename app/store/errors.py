"""The errors of the journal. Each `JournalError` carries a message a person can act on.

Errors that come from the world (a full disk, a read-only folder, a bad file) are turned into
`JournalError`s. Anything else (a wrong call, a broken query) is a bug: it is not caught here and
surfaces as itself, like qutebrowser's `misc/sql.py` keeps `KnownError` apart from `BugError`.
"""

from __future__ import annotations


class JournalError(Exception):
    """An error a person can understand and maybe fix; `str(error)` is the message."""


class StorageError(JournalError):
    """The journal's file could not be written (or read): disk full, read-only, I/O error,
    locked by another program, damaged.

    Nothing was half-written: the transaction was rolled back.
    """


class UnknownGameError(JournalError, LookupError):
    """There is no game with that id in the journal."""

    def __init__(self, game_id: object) -> None:
        super().__init__(f"There is no game {game_id} in the journal.")
        self.game_id = game_id


class BadDataError(JournalError, ValueError):
    """A record (an imported file, or a row of the journal) is not a valid Tablelife game.

    `where` names the field or event at fault, e.g. "events[3].changes[0]"; `problem` says
    what is wrong with it.
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem
