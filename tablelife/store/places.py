"""Where Tablelife keeps its data, worked out without Qt, so the command line can find the
journal without loading Qt. It matches `QStandardPaths.AppDataLocation` for the organisation
and application "Tablelife" (a test checks that they agree)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DATA_ENV = "TABLELIFE_DATA_DIR"
APP_NAME = "Tablelife"
SETTINGS_FILE = "settings.ini"
"""The settings' file in a data folder a person chose (`data_dir_chosen`)."""


def default_data_dir() -> Path:
    """The platform's per-user application data folder for Tablelife."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":  # pragma: no cover - exercised on macOS only
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_NAME / APP_NAME


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the journal lives: --data-dir, else $TABLELIFE_DATA_DIR, else the default."""
    chosen = override or os.environ.get(DATA_ENV)
    if chosen:
        return Path(chosen).expanduser()
    return default_data_dir()


def data_dir_chosen(override: str | os.PathLike[str] | None = None) -> bool:
    """True when a person chose the folder (--data-dir or $TABLELIFE_DATA_DIR): the settings
    then live in that folder too, so a test or a portable copy never touches the real ones."""
    return bool(override or os.environ.get(DATA_ENV))


SERVER_ENV = "TABLELIFE_SERVER"
"""A PostgreSQL server to use instead of a data folder (a libpq connection string or a
`postgresql://` URL), when neither --server nor --data-dir is given."""


def server_chosen(
    override: str | None = None, folder: str | os.PathLike[str] | None = None
) -> str | None:
    """The server a command or the desk uses: --server, else $TABLELIFE_SERVER unless a
    --data-dir was given (a flag beats a variable); None for a data folder."""
    if override:
        return override
    if folder:
        return None
    return os.environ.get(SERVER_ENV) or None
