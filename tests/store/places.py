"""Helpers for tests about places: a folder that is really read-only, and a crash's leftovers."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tablelife.store import FILE_NAME, Journal

NOBODY = 65534


@contextlib.contextmanager
def shared_folder() -> Iterator[Path]:
    """A fresh folder any user can reach (pytest's tmp_path is private to its user), removed
    afterwards."""
    base = Path(tempfile.mkdtemp(prefix="tablelife-test-"))
    os.chmod(base, 0o755)
    try:
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """`folder` and the files in it are read-only while this runs, for real.

    chmod does not stop root, so a test run as root runs as nobody meanwhile (the real user
    stays root, so it can come back); `folder` must be reachable by anyone (`shared_folder`).
    """
    paths = [folder, *folder.iterdir()]
    modes = {p: p.stat().st_mode & 0o7777 for p in paths}
    for p in paths:
        os.chmod(p, 0o555 if p.is_dir() else 0o444)
    as_root = os.geteuid() == 0
    if as_root:
        os.setegid(NOBODY)
        os.seteuid(NOBODY)
    try:
        yield
    finally:
        if as_root:
            os.seteuid(0)
            os.setegid(0)
        for p, mode in modes.items():
            os.chmod(p, mode)


def crashed_copy(journal: Journal, folder: Path) -> Path:
    """What a crash leaves: the journal's file with its -wal and -shm, copied while it is open
    (so the last events are in the -wal alone), into `folder`. Returns the copy's folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{journal.path}{suffix}")
        assert source.exists(), source
        shutil.copyfile(source, folder / f"{FILE_NAME}{suffix}")
    return folder
