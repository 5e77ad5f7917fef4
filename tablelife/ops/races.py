"""Steps that lost a race to another device (DESIGN.md, "Several devices"). Qt-free.

On a server, a step that another device's step got in before is tried again from the start
(`Journal.run`): the event is read anew and the step checked against it. Most steps then
simply fit the event as it now stands, or are refused by their own checks (a team dropped
twice, a round paired twice). A result is different: entered again, it would be a legal
correction of the result the other device just entered, which the person never saw; and
"this table's result" would now mean the table of a round paired meanwhile. So a result step
keeps what its first try saw (`ResultSeen`): the round, and the table's result in it.
"""

from __future__ import annotations

from tablelife.ops.changes import RefusedError, Steps
from tablelife.rules.i18n import arg
from tablelife.tournament.event import EventError, Tournament


class ResultSeen:
    """What a result step's first try saw of its table, for the tries after it."""

    def __init__(self) -> None:
        self.round: int | None = None
        """The round the step is for (None until the first try has read the event)."""
        self._result: object = None

    def check(self, event: Tournament, table: int, round_number: int | None) -> int | None:
        """The round a result for `table` is for, on `event` as this try read it:
        `round_number`, else the current round as the first try found it. RefusedError, in
        words, when on a later try the table's result is no longer the one the first try saw
        (another device entered, corrected or took it back meanwhile). A round or table that
        isn't there is left to the step's own checks (None: the current round)."""
        first = self.round is None
        number = round_number or self.round or len(event.rounds)
        if not 1 <= number <= len(event.rounds):
            return round_number
        try:
            state = event.rounds[number - 1].table(table)
        except EventError:
            return round_number
        if first:
            self.round, self._result = number, state.result
            return number
        if state.result != self._result:
            raise RefusedError(_words(table, state.result))
        return number


def _words(table: int, result: object) -> str:
    outcomes = getattr(result, "outcomes", None)
    if outcomes is None:
        return arg(
            Steps.tr("Table %1's result was taken back at another desk a moment ago."), table
        )
    won = [team for team, outcome in outcomes.items() if outcome in ("win", "bye")]
    said = arg(Steps.tr("%1 won"), won[0]) if won else Steps.tr("a draw")
    return arg(
        Steps.tr("Table %1's result was entered at another desk a moment ago: %2."), table, said
    )
