"""`Session`: the journal on disk and the games opened from it. It decides where data lives,
what a start-up resumes, and what a person is told when the journal can't be used."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from tablelife.model.game_model import DEFAULT_IDLE_MS, READ_ONLY, GameModel, trusted_part
from tablelife.ops.game import NextGame, begin_game, plan_next_game
from tablelife.rules.i18n import arg, translate
from tablelife.rules.setup import GameSetup
from tablelife.store import BadDataError, GameRow, Journal, JournalError, Opened, open_journal
from tablelife.store.places import DATA_ENV, data_dir

__all__ = [
    "DATA_ENV",
    "GameUnavailableError",
    "NextGame",
    "Session",
    "data_dir",
    "is_abandoned",
    "next_game_unsaved",
]


def is_abandoned(row: GameRow) -> bool:
    """True for a game left unfinished when a new one started."""
    return bool((row.result or {}).get("abandoned"))


def next_game_unsaved(
    previous: GameModel, idle_ms: int = DEFAULT_IDLE_MS
) -> tuple[GameModel, NextGame]:
    """The match's next game where games are not saved (`Session.next_game` otherwise)."""
    plan = plan_next_game(previous.setup, previous.game)
    model = GameModel(plan.setup, idle_ms)
    if plan.first:
        model.submit(*plan.first)
    return model, plan


class GameUnavailableError(Exception):
    """A game could not be opened or taken back; `str()` says why, in words for a person."""


class Session:
    """One journal and the tables played on it. `notice` is what a person must be told about
    the journal (moved aside, too new, not writable), or None."""

    @staticmethod
    def tr(source: str, disambiguation: str | None = None, n: int = -1) -> str:
        """`source` in the reader's language. Called as `self.tr(...)` inside this class, so
        lupdate files it under "Session", plural forms included."""
        return translate("Session", source, disambiguation, n)

    def __init__(
        self,
        directory: Path,
        *,
        read_only_reason: str | None = None,
        on_close: Callable[[], None] | None = None,
        opened: Opened | None = None,
    ) -> None:
        """The journal in `directory`, or the one `opened` already (a server's)."""
        self.directory = directory
        self._on_close = on_close
        if opened is None:
            opened = open_journal(directory, readonly=read_only_reason is not None)
        self.journal: Journal | None = opened.journal
        message = opened.message
        if read_only_reason is None and opened.journal is not None and not opened.saving:
            # A folder that can't be written (or a crash's leftovers in one): the games are
            # read and shown, read-only, and the message says up front that nothing is saved.
            read_only_reason = opened.message or self.tr(
                "This folder can't be written: games are not saved."
            )
        self.read_only_reason = read_only_reason
        """Why this window can't write the folder (another window holds it, or it can't be
        written), or None."""
        if read_only_reason is not None:
            message = read_only_reason
        # open_journal's messages already say whether games are being saved.
        self.notice: str | None = message
        """What opening the journal found (moved aside, too new, not writable), or None."""
        self._unshown = message
        self._unsaved = message if opened.journal is None or read_only_reason else None
        self.problem: str | None = None
        """What the last listing of games could not read, or None."""
        self.damaged: list[str] = []
        """One line per game the last listing could not read: its id and what is wrong."""

    @property
    def saving(self) -> bool:
        """True while games are written to the journal."""
        return self.journal is not None and self.read_only_reason is None

    def new_game(self, setup: GameSetup, idle_ms: int = DEFAULT_IDLE_MS) -> GameModel:
        """A new game, journaled from its first moment if the journal works."""
        if self.journal is not None and self.saving:
            started = time.time()
            try:
                game_id = self.journal.new_game(setup, started=started)
            except JournalError as exc:
                self._unsaved = arg(self.tr("This game is not being saved: %1"), exc)
            else:
                return GameModel(
                    setup, idle_ms, journal=self.journal, game_id=game_id, started=started
                )
        return GameModel(setup, idle_ms)

    def next_game(
        self, previous: GameModel, idle_ms: int = DEFAULT_IDLE_MS
    ) -> tuple[GameModel, NextGame]:
        """The next game of the match `previous` ended: the same players, and who chooses who
        starts (the loser of `previous`, CR 103.1), journaled with the new game in one step
        (`ops.game.begin_game`)."""
        if self.journal is None or not self.saving:
            return next_game_unsaved(previous, idle_ms)
        plan = plan_next_game(previous.setup, previous.game)
        try:
            game_id = begin_game(self.journal, plan.setup, plan.first, when=time.time())
            row = self.journal.game(game_id)
            model = GameModel.restore(row, self.journal.events(game_id), self.journal, idle_ms)
        except JournalError as exc:
            self._unsaved = arg(self.tr("This game is not being saved: %1"), exc)
            return next_game_unsaved(previous, idle_ms)
        return model, plan

    def notice_for(self, model: GameModel) -> str | None:
        """The warning to show beside a game: for an unsaved game, why it is not saved (for as
        long as it is shown); otherwise what opening the journal found, once."""
        if model.read_only:
            # A finished game opened from Recent games needs no warning; a damaged one does.
            return None if model.read_only_reason == READ_ONLY else model.read_only_words()
        if model.journal is None:
            return self._unsaved or self.tr("This game is not being saved.")
        shown, self._unshown = self._unshown, None
        return shown

    def resume(self, idle_ms: int = DEFAULT_IDLE_MS, *, fast: bool = False) -> GameModel | None:
        """The last unfinished game exactly as it was, or None if there is none. `fast` (the
        window's start) shows it from the state stored with its last event and replays its
        events a moment later (`GameModel.resume`); otherwise they are replayed now."""
        if self.journal is None:
            return None
        try:
            row = self.journal.last_unfinished()
            if row is None:
                return None
            if fast:
                # Shown at once from the stored state; the replay a moment later checks the
                # chain too, and a game that fails it stays read-only and says why.
                read_only = self.read_only_reason is not None
                model = GameModel.resume(row, self.journal, idle_ms, read_only=read_only)
                if self.read_only_reason is not None:
                    model.read_only_reason = self.read_only_reason
            else:
                model = self._restore(row, idle_ms, writable=self.read_only_reason is None)
        except BadDataError as exc:
            self.notice = arg(self.tr("The last game could not be brought back: %1"), exc)
            return None
        except JournalError as exc:
            self.notice = arg(self.tr("The journal could not be read: %1"), exc)
            return None
        if model.read_only and model.read_only_reason != READ_ONLY:
            self.notice = model.read_only_reason
        if model.game.over:  # ended just before a crash, before the result was written
            model.ensure_replayed()  # decided by the replayed game, not the stored state
            if model.game.over:
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
            self.damaged = [str(p) for p in problems]
            count = len(problems)
            self.problem = (
                arg(
                    self.tr("%n game(s) in the journal could not be read: %1", None, count),
                    problems[0],
                )
                if problems
                else None
            )
            recent = [r for r in rows if r.finished and not r.imported][:most]
            # A game left for a new one before anything happened is not worth a line.
            return [
                r for r in recent if not is_abandoned(r) or self.journal.events(r.id, verify=False)
            ]
        except JournalError as exc:
            self.problem = arg(self.tr("The journal could not be read: %1"), exc)
            return []

    def imported_games(self, most: int = 20) -> list[GameRow]:
        """Games added from a file (`tablelife import`), newest first; read-only here."""
        if self.journal is None:
            return []
        try:
            rows, _problems = self.journal.readable_games()
        except JournalError as exc:
            self.problem = arg(self.tr("The journal could not be read: %1"), exc)
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
            problem = self.journal.verify(game_id)
            if problem is not None:
                raise GameUnavailableError(
                    arg(
                        self.tr("%1 It can be opened read-only from the journal, not played on."),
                        problem,
                    )
                )
            self.journal.reopen(game_id)
            row = self.journal.game(game_id)
            return self._restore(row, idle_ms, writable=True)
        except JournalError as exc:
            raise GameUnavailableError(str(exc)) from None

    def open_finished(self, game_id: int) -> GameModel:
        """A finished game, read-only. Raises GameUnavailableError if it can't be read."""
        assert self.journal is not None
        try:
            return self._restore(self.journal.game(game_id), DEFAULT_IDLE_MS, writable=False)
        except JournalError as exc:
            raise GameUnavailableError(str(exc)) from None

    def _restore(self, row: GameRow, idle_ms: int, *, writable: bool) -> GameModel:
        """A game from the journal. If its checksum chain is broken (the file was changed
        outside Tablelife, or the disk damaged it), it opens read-only with the events before
        the break, and `read_only_reason` names the game and the event. JournalError if it
        can't be read at all."""
        assert self.journal is not None
        loaded = self.journal.load(row.id)
        events, untrusted = trusted_part(loaded)
        if untrusted is None:
            model = GameModel.restore(
                row,
                events,
                self.journal if writable else None,
                idle_ms,
                read_only=not writable,
            )
            if not writable and self.read_only_reason is not None:
                model.read_only_reason = self.read_only_reason
            return model
        model = GameModel.restore(row, events, None, idle_ms, read_only=True)
        model.read_only_reason = untrusted
        return model

    def close(self) -> None:
        """Closes the journal, then lets the folder go (so another window may take it)."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self._on_close is not None:
            self._on_close()
            self._on_close = None
