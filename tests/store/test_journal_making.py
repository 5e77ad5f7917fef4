"""A new journal is made whole or not at all, and a file with no journal in it reads as empty
(issue 28, item 7). Before: killed while the journal was being made (1 start in 25), the file
was left with no schema, and `verify` and `list` failed ("There are no games yet", exit 1) until
a window repaired it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tablelife.cli import cli_main
from tablelife.store import FILE_NAME, open_journal

REPO = Path(__file__).resolve().parents[2]

MAKER = """
import os, signal, sys
from pathlib import Path
from tablelife.store import opening, schema
where = sys.argv[2]

def killed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

if where == "schema":  # inside the transaction that builds the schema
    real_run, runs = schema.run, []
    def run(conn, sql):
        runs.append(sql)
        if len(runs) == 3:
            killed()
        return real_run(conn, sql)
    schema.run = run
elif where == "before the link":  # made whole, not in place yet
    opening._rename_no_overwrite = killed
elif where == "after the link":  # in place, its temporary name not yet removed
    def linked(src, dst):
        os.link(src, dst)
        killed()
    opening._rename_no_overwrite = linked
opening.open_journal(Path(sys.argv[1]))
print("not killed", flush=True)
"""


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main(argv, None)
    out, err = capsys.readouterr()
    return code, out, err


def _reads_as_empty(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every reading command takes the folder as one with no games and no events."""
    assert _run(["list", "--data-dir", str(folder)], capsys) == (
        0,
        f"There are no games in {folder} yet.\n",
        "",
    )
    assert _run(["list", "--format", "json", "--data-dir", str(folder)], capsys) == (0, "[]\n", "")
    assert _run(["event", "list", "--data-dir", str(folder)], capsys) == (
        0,
        f"There are no events in {folder} yet.\n",
        "",
    )
    code, out, err = _run(["event", "standings", "--data-dir", str(folder)], capsys)
    assert (code, out) == (2, "") and err.count("\n") == 1 and " event" in err
    code, out, err = _run(["export", "--data-dir", str(folder)], capsys)
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert "no games in" in err or "no journal at" in err


@pytest.mark.parametrize("how", ["an empty file", "no schema"])
def test_a_journal_with_nothing_in_it_reads_as_empty(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """What an older Tablelife's cut-short start left: a file, in WAL mode, with no schema."""
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / FILE_NAME
    if how == "an empty file":
        path.touch()
    else:
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA journal_mode = WAL").fetchone() == ("wal",)
        conn.close()
    before = path.read_bytes()
    assert _run(["verify", "--data-dir", str(folder)], capsys) == (
        0,
        f"All 0 games in {folder} check out.\n",
        "",
    )
    _reads_as_empty(folder, capsys)
    assert path.read_bytes() == before  # reading made nothing of it
    opened = open_journal(folder)  # and a writer makes it a journal, with nothing to say
    assert opened.journal is not None and opened.message is None
    opened.journal.close()


@pytest.mark.parametrize("where", ["schema", "before the link", "after the link"])
def test_a_journal_killed_while_it_is_made_is_whole_or_not_there(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-c", MAKER, str(folder), where],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == -9 and done.stdout == "", (done.returncode, done.stderr)
    path = folder / FILE_NAME
    assert path.exists() == (where == "after the link")
    if path.exists():  # whole: it checks out
        assert _run(["verify", "--data-dir", str(folder)], capsys)[:2] == (
            0,
            f"All 0 games in {folder} check out.\n",
        )
    _reads_as_empty(folder, capsys)
    # The next start makes (or opens) it with nothing to say, and clears what the kill left.
    opened = open_journal(folder)
    assert opened.journal is not None and opened.message is None
    opened.journal.close()
    assert sorted(p.name for p in folder.iterdir()) == [FILE_NAME]


def test_a_new_journal_leaves_nothing_beside_it(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    opened = open_journal(folder)
    assert opened.journal is not None and opened.message is None
    opened.journal.close()
    assert sorted(p.name for p in folder.iterdir()) == [FILE_NAME]
