"""`tablelife event watch`: one JSON line per change to an event as it lands, from every device.
Qt-free.

Each line is `{"seq", "time", "kind", "data"}`:

- an entry of the event's log, as the export's `log` has it (`seq` the entry's number);
- an event of a tracked table's game: `kind` "game.apply", "game.undo" or "game.redo", `seq`
  the game's own event number, and `data` its table, round and game id, the changes applied
  (for "game.apply"), and the totals after it: each team's name, life, poison and status.

Lines come in the order their steps were taken (by time; a game's event before the log entry
its step wrote with it, such as the result its end gave the table). On a server the watch is
told of each change as its step commits (`Journal.listen`) and reads it then; a data folder is
looked at four times a second. What the watch missed while the server was away is read from
the journal when it answers again, never from a full reload.

A game event is also told with the event in it: the watch prints that as told, without
reading it back, when a staff login's session sent it and its checksum links to the event
before it that the watch has read (`tablelife.store.live`). Any other notice only says where
to read.
"""

from __future__ import annotations

import select
import time
from dataclasses import dataclass
from typing import Any

from tablelife.rules import Game, State
from tablelife.store import EventRow, GameRow, Journal, JournalError, LogRow
from tablelife.store.codec import changes_to_list
from tablelife.store.live import Listener, Told
from tablelife.store.replay import advance

POLL_SECONDS = 0.25
"""How often a data folder is looked at (it tells nothing)."""
QUIET_SECONDS = 1.0
"""With no notice for this long, a server's journal is looked at all the same (a notice
lost on the way costs at most this)."""
TRUST_SECONDS = 1.0
"""Which sessions are staff's is asked of the server again before a notice is believed when
the answer is this old (a session that has ended is then no longer trusted, should a
viewer's get its process id); when the watch is idle, once it is half as old, so that a
change seldom waits for the question."""


def log_line(entry: LogRow) -> dict[str, Any]:
    """A log entry as the export's `log` has it."""
    return {"seq": entry.seq, "time": entry.time, "kind": entry.kind, "data": entry.data}


def game_line(row: GameRow, event: EventRow, after: State, game: Game) -> dict[str, Any]:
    """A tracked table's game event, with the table and the totals after it."""
    data: dict[str, Any] = {"table": row.table, "round": row.round, "game_id": row.id}
    if event.kind == "apply":
        data["changes"] = changes_to_list(event.changes)
    data["totals"] = [
        {"team": game.team_name(t), "life": s.life, "poison": s.poison, "status": s.status}
        for t, s in enumerate(after.teams)
    ]
    return {"seq": event.seq, "time": event.time, "kind": f"game.{event.kind}", "data": data}


@dataclass
class _Table:
    """A game the watch follows: the game as far as it has been read, its last event, and
    that event's checksum as stored (None: not known, so a notice can't be linked to it)."""

    row: GameRow
    game: Game
    seq: int
    sum: bytes | None = None

    def take(self, rows: list[EventRow]) -> list[State]:
        """Plays these events (read, or told and linked) on; the state after each."""
        states = advance(self.game, rows)
        self.seq = rows[-1].seq
        self.sum = rows[-1].checksum.encode("ascii", "replace")
        return states


class Watch:
    """What changed in one event since the watch last looked (`read`), and waiting for the
    next change (`wait`). `since`: the log entry to start after (its game events too, by
    time); None: from now."""

    def __init__(self, journal: Journal, event_id: int, since: int | None) -> None:
        self.journal = journal
        self.event_id = event_id
        with journal.snapshot():
            log = journal.log_since(event_id, 0)
            heads = journal.game_heads(event_id)
        self.seen = log[-1].seq if log else 0
        after: float | None = None  # game events after this time (None: from now)
        if since is not None:
            self.seen = since
            after = next((e.time for e in log if e.seq == since), float("-inf"))
        self._after = after
        self._known = set(heads)  # games there when the watch began
        self._tables: dict[int, _Table] = {}
        self._listener: Listener | None = None
        self._staff: frozenset[int] = frozenset()  # the staff's sessions, as last asked
        self._staff_asked = float("-inf")  # when (time.monotonic)

    # ----- reading ---------------------------------------------------------------------------

    def read(self, told: list[Told] | None = None) -> list[dict[str, Any]]:
        """The lines for what changed since the last look, in the order it happened. `told`:
        what the server said changed (only those are read); None: look at everything."""
        mine = None if told is None else [t for t in told if t.tournament == self.event_id]
        lines: list[tuple[float, int, dict[str, Any]]] = []
        if mine is None or any(t.kind == "log" and t.seq > self.seen for t in mine):
            for entry in self.journal.log_since(self.event_id, self.seen):
                lines.append((entry.time, 1, log_line(entry)))
                self.seen = entry.seq
        notices: dict[int, list[Told]] = {}
        if mine is None:
            heads = self.journal.game_heads(self.event_id)
            moved = [g for g, (_r, _t, seq) in heads.items() if seq > self._followed(g)]
        else:
            for t in mine:
                if t.kind == "game" and t.seq > self._followed(t.game):
                    notices.setdefault(t.game, []).append(t)
            moved = sorted(notices)
        for line in self._game_lines(moved, notices):
            lines.append((line["time"], 0, line))
        lines.sort(key=lambda found: found[:2])
        return [line for _time, _order, line in lines]

    def _followed(self, game_id: int) -> int:
        table = self._tables.get(game_id)
        return -1 if table is None else table.seq

    def _game_lines(self, games: list[int], notices: dict[int, list[Told]]) -> list[dict[str, Any]]:
        """The lines for these games' events since the last read: as their notices told them
        when those can be trusted (`_told`), the rest read from the journal in one go."""
        for game_id in games:
            if game_id not in self._tables:
                self._tables[game_id] = self._start(game_id)
        found: dict[int, list[EventRow]] = {}
        for game_id in games:
            told = self._told(game_id, notices.get(game_id, []))
            if told is not None:
                found[game_id] = told
        unread = {g: self._tables[g].seq for g in games if g not in found}
        if unread:
            found.update(self.journal.events_since_many(unread))
        lines = []
        for game_id in games:
            table, rows = self._tables[game_id], found[game_id]
            if rows:
                states = table.take(rows)
                lines += [
                    game_line(table.row, e, s, table.game)
                    for e, s in zip(rows, states, strict=True)
                ]
        return lines

    def _told(self, game_id: int, notices: list[Told]) -> list[EventRow] | None:
        """A game's events since the watch's last as its notices carried them, or None when
        they must be read from the journal: a notice without its event, a gap, a sender that
        is not a staff login's session, or an event whose checksum doesn't link to the one
        before it (whatever a notice says, only the journal is believed then)."""
        table = self._tables[game_id]
        if not notices or table.sum is None:
            return None
        by_seq: dict[int, Told] = {}  # (an event's two notices: the one that carries it)
        for t in notices:
            if t.stored is not None or t.seq not in by_seq:
                by_seq[t.seq] = t
        # Every seq is after the watch's (`read`): as many as they span, or there is a gap
        # (or a seq from nowhere), and the journal says what there is.
        if max(by_seq) - table.seq != len(by_seq):
            return None
        told = [by_seq[seq] for seq in range(table.seq + 1, table.seq + len(by_seq) + 1)]
        stored = [t.stored for t in told if t.stored is not None]
        if len(stored) != len(told) or not self._staff_sent({t.sender for t in told}):
            return None
        try:
            return Journal.chained(game_id, table.seq, table.sum, stored)
        except JournalError:
            return None

    def _staff_sent(self, senders: set[int]) -> bool:
        """Whether every one of these sessions is a staff login's, as the server says (asked
        again when its last answer is TRUST_SECONDS old, or doesn't know a sender)."""
        if time.monotonic() - self._staff_asked > TRUST_SECONDS or not senders <= self._staff:
            self._ask_staff()
        return senders <= self._staff

    def _ask_staff(self) -> None:
        self._staff_asked = time.monotonic()
        self._staff = self.journal.staff_sessions()

    def _start(self, game_id: int) -> _Table:
        """A game the watch begins to follow: read up to where its lines begin (a game there
        when the watch began, from now: its last event; with --since: its last event up to
        that entry's time; a game begun since: its start)."""
        row = self.journal.game(game_id)
        game = row.setup.new_game()
        table = _Table(row, game, 0)
        rows = self.journal.events_since(game_id, 0) if game_id in self._known else []
        if self._after is not None:
            rows = [e for e in rows if e.time <= self._after]
        if rows:
            table.take(rows)
        elif self.journal.shared:  # what its first event's notice is to link to
            table.sum = self.journal.chain_start(game_id)
        return table

    # ----- waiting ---------------------------------------------------------------------------

    def wait(self) -> list[Told] | None:
        """Waits for the next change: on a server, until it tells of one (at most
        QUIET_SECONDS); on a data folder, POLL_SECONDS. Returns what the server told, or None
        when everything is to be looked at (a data folder; a server that said nothing, or
        whose notices were just connected again). StorageError when the server is lost."""
        if not self.journal.shared:
            time.sleep(POLL_SECONDS)
            return None
        if self._listener is None:
            # On the connection it reads with: the server process that tells of a change
            # is the one that reads it out, at once.
            self._listener = self.journal.listen(reading=True)
            return None  # what landed before it listened is read from the journal
        listener = self._listener
        assert listener is not None
        try:
            told = listener.drain()  # told while it read the last change
            if told:
                return told
            if time.monotonic() - self._staff_asked > TRUST_SECONDS / 2:
                self._ask_staff()  # while nothing is waiting to be printed
                told = listener.drain()
                if told:
                    return told
            ready, _, _ = select.select([listener.fileno()], [], [], QUIET_SECONDS)
            return listener.drain() if ready else None
        except BaseException:
            self._listener = None
            raise

    def close(self) -> None:
        """Stops listening."""
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()

    def lost(self) -> None:
        """The server went away: its notices are listened to again once it is back."""
        self.close()
