"""Steps that lost a race to another device (DESIGN.md, "Several devices"). Qt-free.

On a server, a step that another device's step got in before is tried again from the start
(`Journal.run`): the event is read anew and the step checked against it. Most steps then
simply fit the event as it now stands, or are refused by their own checks (a team dropped
twice, a round paired twice). A result is different: entered again, it would be a legal
correction of the result the other device just entered, which the person never saw. So a
result step notes the table's result on its first try, and on a later try is refused in
words when that result changed meanwhile.
"""

from __future__ import annotations

from tablelife.ops.changes import Steps
from tablelife.rules.i18n import arg
from tablelife.tournament.event import EventError, Tournament


def result_raced(
    event: Tournament, table: int, round_number: int | None, seen: list[object]
) -> str | None:
    """For a result step on `event` (as this try read it): on the first try, keeps the
    table's result in `seen` and returns None; on a later try, the words that refuse the step
    when the table's result is no longer the one the first try saw, else None. A table that
    isn't there is left to the step's own checks."""
    number = round_number if round_number is not None else len(event.rounds)
    if not 1 <= number <= len(event.rounds):
        return None
    try:
        state = event.rounds[number - 1].table(table)
    except EventError:
        return None
    if not seen:
        seen.append(state.result)
        return None
    if state.result == seen[0]:
        return None
    result = state.result
    if result is None:
        return arg(
            Steps.tr("Table %1's result was taken back at another desk a moment ago."), table
        )
    won = [team for team, outcome in result.outcomes.items() if outcome in ("win", "bye")]
    said = arg(Steps.tr("%1 won"), won[0]) if won else Steps.tr("a draw")
    return arg(
        Steps.tr("Table %1's result was entered at another desk a moment ago: %2."), table, said
    )
