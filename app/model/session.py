"""`Session`: the journal on disk and the games opened from it. It decides where data lives,
what a start-up resumes, and what a person is told when the journal can't be used."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.model.game_model import DEFAULT_IDLE_MS, GameModel
from app.rules.setup import GameSetup
from app.store import BadDataError, GameRow, Journal, JournalError, open_journal
from app.store.places import DATA_ENV, data_dir

__all__ = ["DATA_ENV", "GameUnavailableError", "Session", "data_dir", "is_abandoned"]


def is_abandoned(row: GameRow) -> bool:
    """True for a game left unfinished when a new one started."""
    return bool((row.result or {}).get("abandoned"))


class GameUnavailableError(Exception):
    """A game could not be opened or taken back; `str()` says why, in words for a person."""


class Session:
    """One journal and the tables played on it. `notice` is what a person must be told about
    the journal (moved aside, too new, not writable), or None."""

    def __init__(
        self,
        directory: Path,
        *,
        read_only_reason: str | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.directory = directory
        self._on_close = on_close
        self.read_only_reason = read_only_reason
        """Why this window may not write the folder (another window holds it), or None."""
        opened = open_journal(directory, readonly=read_only_reason is not None)
        self.journal: Journal | None = opened.journal
        message = opened.message
        if read_only_reason is not None:
            message = read_only_reason
        # open_journal's messages already say whether games are being saved.
        self.notice: str | None = message
        """What opening the journal found (moved aside, too new, not writable), or None."""
        self._unshown = message
        self._unsaved = message if opened.journal is None or read_only_reason else None
        self.problem: str | None = None
        """What the last listing of games could not read, or None."""
        if read_only_reason is None:
            self._finish_ended_games()

    @property
    def saving(self) -> bool:
        """True while games are written to the journal."""
        return self.journal is not None and self.read_only_reason is None

    def _finish_ended_games(self) -> None:
        """A game that ended just before a crash, before its result was written, gets its
        result now: for every unfinished game, not only the one a window resumes."""
        if self.journal is None:
            return
        try:
            rows, _damaged = self.journal.readable_games()
            for row in rows:
                if row.finished:
                    continue
                try:
                    model = GameModel.restore(row, self.journal.events(row.id), self.journal)
                except JournalError:
                    continue  # a damaged game is reported where it is listed or opened
                if model.game.over:
                    model.sync_result()
                model.deleteLater()
        except JournalError as exc:
            self.notice = f"The journal could not be read: {exc}"

    def new_game(self, setup: GameSetup, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel:
        """A new game, journaled from its first moment if the journal works."""
        if self.journal is not None and self.saving:
            try:
                game_id = self.journal.new_game(setup)
            except JournalError as exc:
                self._unsaved = f"This game is not being saved: {exc}"
            else:
                return GameModel(setup, idle_ms, journal=self.journal, game_id=game_id)
        return GameModel(setup, idle_ms)

    def notice_for(self, model: GameModel) -> str | None:
        """The warning to show beside a game: for an unsaved game, why it is not saved (for as
        long as it is shown); otherwise what opening the journal found, once."""
        if model.read_only:
            return self.read_only_reason  # a finished game's window needs no warning
        if model.journal is None:
            return self._unsaved or "This game is not being saved."
        shown, self._unshown = self._unshown, None
        return shown

    def resume(self, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel | None:
        """The last unfinished game exactly as it was, or None if there is none."""
        if self.journal is None:
            return None
        read_only = self.read_only_reason is not None
        try:
            row = self.journal.last_unfinished()
            if row is None:
                return None
            model = GameModel.restore(
                row,
                self.journal.events(row.id),
                None if read_only else self.journal,
                idle_ms,
                read_only=read_only,
            )
            if self.read_only_reason is not None:
                model.read_only_reason = self.read_only_reason
        except BadDataError as exc:
            self.notice = f"The last game could not be brought back: {exc}"
            return None
        except JournalError as exc:
            self.notice = f"The journal could not be read: {exc}"
            return None
        if model.game.over:  # ended just before a crash, before the result was written
            model.sync_result()
            return None
        return model

    def recent_games(self, most: int = 20) -> list[GameRow]:
        """Finished games and games left for a new one (if anything was played), newest first.
        A damaged row is skipped and reported in `problem`, not fatal."""
        if self.journal is None:
            return []
        try:
            rows, problems = self.journal.readable_games()
            count = len(problems)
            self.problem = (
                f"{count} game{'s' if count > 1 else ''} in the journal could not be read: "
                f"{problems[0]}"
                if problems
                else None
            )
            recent = [r for r in rows if r.finished and not r.imported][:most]
            # A game left for a new one before anything happened is not worth a line.
            return [r for r in recent if not is_abandoned(r) or self.journal.events(r.id)]
        except JournalError as exc:
            self.problem = f"The journal could not be read: {exc}"
            return []

    def imported_games(self, most: int = 20) -> list[GameRow]:
        """Games added from a file (`tablelife import`), newest first; read-only here."""
        if self.journal is None:
            return []
        try:
            rows, _problems = self.journal.readable_games()
        except JournalError as exc:
            self.problem = f"The journal could not be read: {exc}"
            return []
        return [r for r in rows if r.imported][:most]

    def finished_games(self) -> list[GameRow]:
        """Games that ended, newest first (not those left for a new game)."""
        return [r for r in self.recent_games() if not is_abandoned(r)]

    def take_back(self, game_id: int, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel:
        """A game left for a new one, playable again (say, after a mis-pressed Ctrl+N).
        Raises GameUnavailableError if it can't be read or reopened."""
        assert self.journal is not None
        if self.read_only_reason is not None:
            raise GameUnavailableError(self.read_only_reason)
        try:
            self.journal.reopen(game_id)
            row = self.journal.game(game_id)
            return GameModel.restore(row, self.journal.events(game_id), self.journal, idle_ms)
        except JournalError as exc:
            raise GameUnavailableError(str(exc)) from None

    def open_finished(self, game_id: int) -> GameModel:
        """A finished game, read-only. Raises GameUnavailableError if it can't be read."""
        assert self.journal is not None
        try:
            row = self.journal.game(game_id)
            return GameModel.restore(row, self.journal.events(game_id), None, read_only=True)
        except JournalError as exc:
            raise GameUnavailableError(str(exc)) from None

    def close(self) -> None:
        """Closes the journal, then lets the folder go (so another window may take it)."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self._on_close is not None:
            self._on_close()
            self._on_close = None
