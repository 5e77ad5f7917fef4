"""`Session`: the journal on disk and the games opened from it. It decides where data lives,
what a start-up resumes, and what a person is told when the journal can't be used."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from app.model.game_model import DEFAULT_IDLE_MS, GameModel
from app.rules.setup import GameSetup
from app.store import BadDataError, GameRow, Journal, JournalError, open_journal

DATA_ENV = "TABLELIFE_DATA_DIR"


def is_abandoned(row: GameRow) -> bool:
    """True for a game left unfinished when a new one started."""
    return bool((row.result or {}).get("abandoned"))


def data_dir(override: str | None = None) -> Path:
    """Where the journal lives: --data-dir, else $TABLELIFE_DATA_DIR, else the app data folder."""
    chosen = override or os.environ.get(DATA_ENV)
    if chosen:
        return Path(chosen).expanduser()
    location = QStandardPaths.StandardLocation.AppDataLocation
    return Path(QStandardPaths.writableLocation(location))


class GameUnavailableError(Exception):
    """A game could not be opened or taken back; `str()` says why, in words for a person."""


class Session:
    """One journal and the tables played on it. `notice` is what a person must be told about
    the journal (moved aside, too new, not writable), or None."""

    def __init__(self, directory: Path) -> None:
        opened = open_journal(directory)
        self.directory = directory
        self.journal: Journal | None = opened.journal
        # open_journal's messages already say whether games are being saved.
        self.notice: str | None = opened.message
        """What opening the journal found (moved aside, too new, not writable), or None."""
        self._unshown = opened.message
        self._unsaved = opened.message if opened.journal is None else None
        self.problem: str | None = None
        """What the last listing of games could not read, or None."""

    @property
    def saving(self) -> bool:
        """True while games are written to the journal."""
        return self.journal is not None

    def new_game(self, setup: GameSetup, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel:
        """A new game, journaled from its first moment if the journal works."""
        if self.journal is not None:
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
            return None
        if model.journal is None:
            return self._unsaved or "This game is not being saved."
        shown, self._unshown = self._unshown, None
        return shown

    def resume(self, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel | None:
        """The last unfinished game exactly as it was, or None if there is none."""
        if self.journal is None:
            return None
        try:
            row = self.journal.last_unfinished()
            if row is None:
                return None
            model = GameModel.restore(row, self.journal.events(row.id), self.journal, idle_ms)
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

    def finished_games(self) -> list[GameRow]:
        """Games that ended, newest first (not those left for a new game)."""
        return [r for r in self.recent_games() if not is_abandoned(r)]

    def take_back(self, game_id: int, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel:
        """A game left for a new one, playable again (say, after a mis-pressed Ctrl+N).
        Raises GameUnavailableError if it can't be read or reopened."""
        assert self.journal is not None
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
        """Closes the journal."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None
