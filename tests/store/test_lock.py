"""The one-writer lock: held while a process runs, free the moment it ends, however it ends."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from tablelife.store.lock import FolderLock, held_by_another

HOLDER = """
import sys
from pathlib import Path
from tablelife.store.lock import FolderLock
lock = FolderLock(Path(sys.argv[1]))
print("held" if lock.acquire() else "refused", flush=True)
sys.stdin.read()
"""


def _holder(folder: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_free_folder_is_taken_and_given_back(tmp_path: Path) -> None:
    lock = FolderLock(tmp_path / "data")
    assert not held_by_another(tmp_path / "data")
    assert lock.acquire() and lock.held
    lock.release()
    assert not lock.held and not held_by_another(tmp_path / "data")


def test_a_second_process_is_refused_while_the_first_holds_it(tmp_path: Path) -> None:
    proc = _holder(tmp_path)
    try:
        assert held_by_another(tmp_path)
        assert not FolderLock(tmp_path).acquire()
    finally:
        proc.kill()
        proc.communicate()


def test_a_killed_holder_locks_nobody_out(tmp_path: Path) -> None:
    proc = _holder(tmp_path)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert not held_by_another(tmp_path)
    lock = FolderLock(tmp_path)
    assert lock.acquire()
    lock.release()
