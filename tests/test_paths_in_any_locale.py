"""Every command prints any path it was given, in any locale (issue 28, item 4): a data folder
or a file whose name is not valid UTF-8, and a non-ASCII name in a real ASCII locale
(`LC_ALL=C PYTHONUTF8=0`). Before, `verify` ended in a UnicodeEncodeError traceback after its
check had passed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Damage
from tablelife.store import export_json, open_journal
from tests.store.conftest import GIANT

REPO = Path(__file__).resolve().parents[1]

NAMES = {
    "not UTF-8": b"caf\xe9",  # Latin-1 bytes: no text in UTF-8
    "UTF-8": "café".encode(),
}
LOCALES = {
    "UTF-8": {"LC_ALL": "C.UTF-8"},
    "ASCII": {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
}


def _env(locale: dict[str, str]) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("COV_", "LC_", "PYTHONIO", "PYTHONUTF8")) and k != "LANG"
    }
    env["PYTHONPATH"] = str(REPO)
    env.pop("TABLELIFE_DATA_DIR", None)
    return {**env, **locale}


def _path(base: Path, name: bytes, *more: str) -> Path:
    return Path(os.fsdecode(os.fsencode(base) + b"/" + name), *more)


@pytest.fixture(params=list(NAMES), ids=list(NAMES))
def places(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Path]:
    """Folders and files whose names are `NAMES[param]`: a journal with a game and an event,
    an empty folder, that game's export, and places for output and for what is missing."""
    name = NAMES[request.param]
    base = _path(tmp_path, name)
    base.mkdir()
    data = _path(base, name)
    opened = open_journal(data)
    assert opened.journal is not None
    with opened.journal as j:
        game = j.new_game(GIANT, started=1_700_000_000.0)
        j.append(game, "apply", [Damage(0, 4)])
        exported = export_json(j, game)
    teams = _path(base, name + b".txt")
    teams.write_text("Ann & Bob\nCal & Dee\n")
    assert cli_main(["event", "new", "Fri", "--format", "2hg", "--teams", str(teams)], data) == 0
    game_file = _path(base, name + b".json")
    game_file.write_text(json.dumps(exported))
    empty = _path(base, name + b"-empty")
    empty.mkdir()
    return {
        "data": data,
        "empty": empty,
        "game": game_file,
        "teams": teams,
        "out": _path(base, name + b"-out.json"),
        "missing": _path(base, name + b"-missing"),
    }


COMMANDS: list[tuple[list[str], int, bool]] = [
    # argv, exit code, whether what it says names a path it was given
    (["verify", "--data-dir", "{data}"], 0, True),
    (["verify", "--data-dir", "{empty}"], 1, True),
    (["list", "--data-dir", "{data}"], 0, False),
    (["list", "--data-dir", "{empty}"], 0, True),
    (["export", "--data-dir", "{empty}"], 1, True),
    (["export", "--data-dir", "{data}", "-o", "{out}"], 0, False),
    (["import", "{missing}", "--data-dir", "{data}"], 1, True),
    (["event", "list", "--data-dir", "{empty}"], 0, True),
    (["event", "standings", "--data-dir", "{empty}"], 2, True),
    (["event", "pair", "--data-dir", "{empty}"], 2, True),
    (["event", "export", "--data-dir", "{data}", "-o", "{out}"], 0, False),
    (
        ["event", "new", "x", "--format", "2hg", "--teams", "{missing}", "--data-dir", "{empty}"],
        2,
        True,
    ),
    (["import", "{game}", "--data-dir", "{empty}"], 0, True),  # last: the folder is empty no more
]


@pytest.mark.parametrize("locale", list(LOCALES), ids=list(LOCALES))
def test_every_command_prints_any_path_in_any_locale(places: dict[str, Path], locale: str) -> None:
    for template, code, names_a_path in COMMANDS:
        argv = [os.fsencode(places[a[1:-1]]) if a.startswith("{") else a.encode() for a in template]
        done = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"tablelife", *argv],
            cwd=REPO,
            env=_env(LOCALES[locale]),
            capture_output=True,
            timeout=120,
        )
        said = done.stdout + done.stderr
        assert b"Traceback" not in said and b"Error" not in said, (template, said)
        assert done.returncode == code, (template, said)
        assert done.stderr.count(b"\n") <= 1, (template, done.stderr)
        assert (b"caf" in said) == names_a_path, (template, said)
        if locale == "ASCII":  # what an ASCII terminal can show, and nothing else
            assert said.isascii(), (template, said)
