"""What an operation returns, and how it refuses."""

from __future__ import annotations

from tablelife.rules.i18n import Context
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen
from tablelife.tournament.event import Tournament


class Steps(Context):
    """The translation context of the operations' words (`Steps.tr("...")`)."""


class RefusedError(ValueError):
    """A step that can't be taken, nothing written: the message is a whole sentence for a
    person, in the reader's language where a window shows it."""


@frozen
class OpenedGame:
    """A tracked game begun at a table: its id and setup, and who goes first and why (MTR
    2.2): `chooser`, the team that chose to play or draw; `picked`, how it came to choose
    ("random" before a match's first game, "standing" in the top cut, "loser" after a game,
    "last" after a drawn one, "pod" where a pod's starting team is drawn at random); `choice`,
    "play" or "draw"."""

    table: int
    game_id: int
    setup: GameSetup
    chooser: str
    picked: str
    choice: str


@frozen
class OpChanges:
    """What one step changed, for the model to turn into signals and the command line into
    words.

    `event` is the event after the step; `kinds` the log entries it wrote, in order (a result
    that ends the event writes "result" then "finished"); `tables` the current round's tables
    it touched; `notes` what staff should also be told (a correction beside later rounds);
    `opened` the tracked games it began."""

    event: Tournament
    kinds: tuple[str, ...] = ()
    tables: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()
    opened: tuple[OpenedGame, ...] = ()

    @property
    def finished(self) -> bool:
        """True when the step ended the event (its last result)."""
        return "finished" in self.kinds
