"""Every export says which Tablelife wrote it (`"tablelife": "X.Y.Z"`, issue 27), and the
import side still takes the exports made before it did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablelife.identity import version
from tablelife.store import BadDataError, Journal, export_json, import_json, open_journal
from tablelife.store.export import export_json_text
from tests.store.conftest import GIANT
from tests.store.test_export import STEPS, play
from tests.test_event_cli import new_2hg, ok, teams_file  # noqa: F401 (a fixture)

NOW = 1_800_000_000.0


@pytest.mark.parametrize("pretty", [False, True])
def test_a_game_export_names_the_tablelife_that_wrote_it(journal: Journal, pretty: bool) -> None:
    game = play(journal, GIANT, STEPS)
    data = json.loads(export_json_text(journal, game, pretty=pretty))
    assert data["tablelife"] == version()
    assert list(data)[:3] == ["format", "version", "tablelife"]
    assert data == export_json(journal, game)


def _other_journal(tmp_path: Path) -> Journal:
    opened = open_journal(tmp_path / "other")
    assert opened.journal is not None
    return opened.journal


def test_an_export_from_before_the_version_key_still_imports(
    journal: Journal, tmp_path: Path
) -> None:
    data: dict[str, Any] = export_json(journal, play(journal, GIANT, STEPS))
    del data["tablelife"]  # as every export written before 0.1.0 was
    with _other_journal(tmp_path) as other:
        game = import_json(other, data, now=NOW)
        assert other.load(game).row.names == GIANT.names


def test_an_export_from_another_version_imports(journal: Journal, tmp_path: Path) -> None:
    data: dict[str, Any] = export_json(journal, play(journal, GIANT, STEPS))
    data["tablelife"] = "0.0.1"  # what wrote it is told, not checked: `version` says that
    with _other_journal(tmp_path) as other:
        assert import_json(other, data, now=NOW) >= 1


def test_a_version_that_is_not_text_is_refused(journal: Journal, tmp_path: Path) -> None:
    data: dict[str, Any] = export_json(journal, play(journal, GIANT, STEPS))
    data["tablelife"] = 1
    with _other_journal(tmp_path) as other, pytest.raises(BadDataError) as caught:
        import_json(other, data, now=NOW)
    assert caught.value.where == "tablelife"


def test_an_event_export_names_the_tablelife_that_wrote_it(
    data_dir: Path,
    teams_file: Path,  # noqa: F811 (the fixture)
    capsys: pytest.CaptureFixture[str],
) -> None:
    new_2hg(data_dir, teams_file, capsys)
    data = json.loads(ok(["export"], data_dir, capsys))
    assert data["tablelife"] == version()
    assert data["name"] == "Friday 2HG"
