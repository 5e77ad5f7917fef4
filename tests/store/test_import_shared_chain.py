"""An import works out what its two checksum chains hash (the file's and the journal's) once
for the usual event, and the journal's own way for any other (issue 12): the rows stored are
exactly those the journal's own way stores, whatever the file holds."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablelife.store import Journal, export_json, import_json, open_journal
from tablelife.store import export as export_module
from tests.store.conftest import GIANT
from tests.store.test_export import STEPS, play, unchained


def _as_exported(data: dict[str, Any]) -> dict[str, Any]:
    return data


def _whole_times(data: dict[str, Any]) -> dict[str, Any]:
    out = unchained(data)
    for event in out["events"]:
        event["time"] = int(event["time"])  # read as a float, and hashed and stored as one
    return out


def _effects_without_on(data: dict[str, Any]) -> dict[str, Any]:
    out = unchained(data)
    for event in out["events"]:
        for change in event["changes"]:
            if change["type"] == "Effect":
                del change["on"]  # its default: stored with it, so not the file's value
    return out


def _imported(folder: Path, data: dict[str, Any]) -> list[tuple[Any, ...]]:
    opened = open_journal(folder)
    assert opened.journal is not None, opened.message
    with opened.journal as journal:
        gid = import_json(journal, copy.deepcopy(data))
        assert journal.verify(gid) is None
        return [
            *journal.connection.execute(
                "SELECT seq, time, kind, changes, checksum, after FROM events WHERE game_id = ?"
                " ORDER BY seq",
                (gid,),
            ),
            *journal.connection.execute(
                "SELECT checksum, head, end_checksum FROM games WHERE id = ?", (gid,)
            ),
        ]


@pytest.mark.parametrize(
    ("edit", "all_shared"),
    [(_as_exported, True), (_whole_times, True), (_effects_without_on, False)],
)
def test_the_rows_are_the_journal_s_own(
    journal: Journal,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    edit: Callable[[dict[str, Any]], dict[str, Any]],
    all_shared: bool,
) -> None:
    data = edit(export_json(journal, play(journal, GIANT, STEPS)))
    given: list[Any] = []
    import_game = Journal.import_game

    def spy(self: Journal, *args: Any, contents: Any = None) -> int:
        given.extend(contents)
        return import_game(self, *args, contents=contents)

    monkeypatch.setattr(Journal, "import_game", spy)
    shared = _imported(tmp_path / "shared", data)
    assert (None not in given) == all_shared  # each event's bytes worked out once, or not
    # No event taken as the usual one: the journal works out every event's bytes itself.
    monkeypatch.setattr(export_module, "usual_changes", lambda _data: None)
    own = _imported(tmp_path / "own", data)
    assert shared == own
    assert len(own) == len(STEPS) + 1


def test_contents_must_match_the_events(journal: Journal) -> None:
    with pytest.raises(ValueError, match="2 contents given for 1 events"):
        journal.import_game(
            GIANT, 1_700_000_000.0, None, None, [(1.0, "undo", ())], contents=[None, None]
        )
