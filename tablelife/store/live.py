"""What a journal shared by several devices tells them as it changes (DESIGN.md, "Several
devices"), and the holds that keep a tracked table's game at one device at a time. Qt-free, and
no psycopg: the model and the command line read these, whatever journal they have.

A server's journal tells every device listening, as each step commits, what it wrote: an
entry of an event's log, an event of a tracked table's game, a table's game held or let go
(`Told`). A device then reads what it hasn't seen from the journal itself (`log_since`,
`events_since`): what it is told only says where to look, so a notice lost with a dropped
connection costs nothing once the device reads again from what it knows.

A game event is told twice: by the notice every Tablelife reads, then with the event as it
was stored (`Told.stored`), when that fits in a notice. Any login may send a notice, so that
is taken only from a session the server says is staff's (`Told.sender`,
`Journal.staff_sessions`), and only when its checksum links to the event before it that the
device has read: `event watch` then prints it without reading it back (a login that may
write the journal is trusted to say what it wrote). Anything else is read from the journal,
as any notice is.

A data folder has one writer, so it tells nothing (`Journal.listen` gives None there) and
holds nothing (every table is the one device's).
"""

from __future__ import annotations

from typing import Literal, Protocol

from tablelife.rules.values import frozen

HOLD_RENEW_SECONDS = 5
"""A device renews the holds it has this often."""
HOLD_SECONDS = 30
"""A hold not renewed for this long (by the server's clock) is free: its device has died, or
lost the network, and another device may take the table."""

ToldKind = Literal["log", "game", "hold"]


@frozen
class Told:
    """One change a server told of: `kind` "log" (entry `seq` of event `tournament`'s log),
    "game" (event `seq` of game `game`, played at `table` of event `tournament`) or "hold"
    (game `game` of event `tournament` held by another device, or let go).

    `sender`: the server session that sent the notice (its process id; 0 if not known).
    `stored`: for a game event, the event as the journal reads its row (seq, time, kind,
    changes, checksum; text as UTF-8 bytes), when the notice carried it; None otherwise. A
    hint like the rest, until it is checked (see the module's docstring)."""

    kind: ToldKind
    tournament: int
    seq: int = 0
    game: int = 0
    table: int = 0
    sender: int = 0
    stored: tuple[int, float, bytes, bytes, bytes] | None = None


STORED_PARTS = 4
"""A game event's second notice, with the event in it: "game+:event:table:game:seq" and then
":time:kind:checksum:changes" (the changes' JSON last: it may hold colons). Its first notice,
"game:event:table:game:seq", is what every Tablelife reads."""


def told_from(payload: str, sender: int = 0) -> Told | None:
    """A notice as the server's triggers word it (`server_schema`): "event:seq",
    "game:event:table:game:seq", "game+:…" (the same with the event: `STORED_PARTS`) or
    "hold:event:game"; None for anything else (a newer Tablelife's notice this one doesn't
    know). `sender`: the session that sent it."""
    head, *rest = payload.split(":", 4 + STORED_PARTS)
    try:
        if (head, len(rest)) in (("game", 4), ("game+", 4 + STORED_PARTS)):
            tournament, table, game, seq = (int(n) for n in rest[:4])
            stored = _stored(seq, rest[4:]) if len(rest) > 4 else None
            return Told(
                "game", tournament, seq=seq, game=game, table=table, sender=sender, stored=stored
            )
        numbers = [int(n) for n in rest]
        if head == "hold" and len(numbers) == 2:
            return Told("hold", numbers[0], game=numbers[1])
        if len(numbers) == 1:
            return Told("log", int(head), seq=numbers[0])
    except ValueError:
        return None
    return None


def _stored(seq: int, parts: list[str]) -> tuple[int, float, bytes, bytes, bytes] | None:
    """The event a game event's notice carries, as the journal reads its row; None if it
    can't be read (the notice still says where to look)."""
    stamp, kind, checksum, changes = parts
    try:
        when = float(stamp)
    except ValueError:
        return None
    return seq, when, kind.encode(), changes.encode("utf-8", "surrogatepass"), checksum.encode()


class Listener(Protocol):
    """A connection of its own that a server's journal tells its changes on
    (`Journal.listen`). Its socket (`fileno`) becomes readable when there is news; `drain`
    then returns it without waiting. `drain` raises StorageError, in words, once the
    connection is lost: the device makes a new one and reads what it missed from the log."""

    def fileno(self) -> int:
        """The socket to watch for news."""

    def drain(self) -> list[Told]:
        """What the server has told since the last call, at once (empty if nothing)."""

    def close(self) -> None:
        """Stops listening. Calling it again does nothing."""
