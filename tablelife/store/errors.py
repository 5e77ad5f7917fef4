"""The errors of the journal. Each `JournalError` carries a message a person can act on.

Errors that come from the world (a full disk, a read-only folder, a bad file) are turned into
`JournalError`s. Anything else (a wrong call, a broken query) is a bug: it is not caught here and
surfaces as itself, like qutebrowser's `misc/sql.py` keeps `KnownError` apart from `BugError`.
"""

from __future__ import annotations

from tablelife.rules.i18n import Context, arg


class JournalWords(Context):
    """The translation context of the journal's messages: what opening it found, why a write
    was refused, what is damaged. Translated when the message is made, so the window (which
    installs a translator) says it in the reader's language and the command line in English;
    none of these texts is ever stored."""


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
        super().__init__(arg(JournalWords.tr("There is no game %1 in the journal."), game_id))
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


class UnknownTournamentError(JournalError, LookupError):
    """There is no tournament (event) with that id in the journal."""

    def __init__(self, tournament_id: object) -> None:
        super().__init__(
            arg(JournalWords.tr("There is no event %1 in the journal."), tournament_id)
        )
        self.tournament_id = tournament_id


class DamagedError(BadDataError):
    """A row of the journal can't be trusted: it can't be read, or it was changed.

    `game_id` (or `tournament_id`) names the game (or the event) it belongs to; `seq` the
    journal event (or log entry) at fault, or None when the fault is in the game's own row.
    """

    def __init__(
        self,
        where: str,
        problem: str,
        *,
        game_id: int | None = None,
        tournament_id: int | None = None,
        seq: int | None = None,
    ) -> None:
        super().__init__(where, problem)
        self.game_id = game_id
        self.tournament_id = tournament_id
        self.seq = seq


class BrokenChainError(DamagedError):
    """A checksum does not match: the row was changed outside Tablelife, or the disk damaged
    it. The rows before `seq` are as they were written; from `seq` on they can't be trusted.

    A game with a broken chain can still be read (`Journal.load`), and shown read-only.
    """


class StepUnknownError(StorageError):
    """The connection to a server dropped as a step was being saved, and the server could
    not be reached again to ask whether it was: `step_id` names the step, so a person can
    ask later (`tablelife server step URL ID`)."""

    def __init__(self, where: str, step_id: str) -> None:
        super().__init__(
            arg(
                JournalWords.tr(
                    "The connection to the journal %1 dropped as a step was being saved, and "
                    "the server could not be reached again to ask whether it was. The step's id "
                    "is %2: once the server is back, tablelife server step URL %2 says whether "
                    "it happened."
                ),
                where,
                step_id,
            )
        )
        self.step_id = step_id


class AlreadyThereError(JournalError):
    """The same event (its id and its first checksum) is already in the other journal."""


class CopyRefusedError(JournalError):
    """The event can't be copied as it is: its id, or one of its games', is another's there,
    or the event or one of its games does not verify. Nothing was written."""
