"""What a journal shared by several devices tells them as it changes (DESIGN.md, "Several
devices"), and the holds that keep a tracked table's game at one device at a time. Qt-free, and
no psycopg: the model and the command line read these, whatever journal they have.

A server's journal tells every device listening, as each step commits, what it wrote: an
entry of an event's log, an event of a tracked table's game, a table's game held or let go
(`Told`). A device then reads what it hasn't seen from the journal itself (`log_since`,
`events_since`): what it is told only says where to look, so a notice lost with a dropped
connection costs nothing once the device reads again from what it knows.

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
    (game `game` of event `tournament` held by another device, or let go)."""

    kind: ToldKind
    tournament: int
    seq: int = 0
    game: int = 0
    table: int = 0


def told_from(payload: str) -> Told | None:
    """A notice as the server's triggers word it (`server_schema`): "event:seq",
    "game:event:table:game:seq" or "hold:event:game"; None for anything else (a newer
    Tablelife's notice this one doesn't know)."""
    head, *rest = payload.split(":")
    try:
        numbers = [int(n) for n in rest]
        if head == "game" and len(numbers) == 4:
            tournament, table, game, seq = numbers
            return Told("game", tournament, seq=seq, game=game, table=table)
        if head == "hold" and len(numbers) == 2:
            return Told("hold", numbers[0], game=numbers[1])
        if len(numbers) == 1:
            return Told("log", int(head), seq=numbers[0])
    except ValueError:
        return None
    return None


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
