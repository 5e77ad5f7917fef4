"""Operations: every step staff or a table can take, one function each, no Qt.

Each one reads what it needs and checks it (a `RefusedError`, whose text a person reads, with
nothing written), writes everything the step implies inside ONE `journal.transaction()`, and
returns what changed (`OpChanges`), as Anki's operations return theirs. The desk (through
`EventModel`), the table window and `tablelife event ...` all call these; none of them checks a
step on its own or writes the journal directly (DESIGN.md, "Operations").

`ops.changes` holds what they return (`OpChanges`) and how they refuse (`RefusedError`);
`ops.event` the event's steps; `ops.table` a table's at an event; `ops.game` a game's own
step, which a kitchen window loads at start, so this package imports nothing by itself.
"""
