"""What Help → About Tablelife says: the version, the licence, the data folder and the
journal's schema, gathered here so that the window reaches the journal only through the
model (DESIGN.md, the layers)."""

from __future__ import annotations

import platform
from dataclasses import dataclass
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import qVersion

from tablelife.identity import LICENSE, version
from tablelife.store import SCHEMA_VERSION, Journal
from tablelife.store.places import data_dir


@dataclass(frozen=True)
class AboutFacts:
    """The facts the About box shows."""

    version: str
    license: str
    data_folder: Path
    schema: int
    """The journal schema this Tablelife writes."""
    journal_schema: int | None
    """The open journal's own schema (older than `schema` only when it was opened read-only),
    or None when no journal is open (a screenshot, a journal that could not be opened)."""
    qt: str
    pyside: str
    python: str


def about_facts(folder: Path | None = None, journal: Journal | None = None) -> AboutFacts:
    """The facts for a window on the data folder `folder` with `journal` open in it, if any
    (without a folder: the journal's, else the default one)."""
    if folder is None:
        # A server's journal has no file: the folder is this computer's own data folder.
        path = journal.path if journal is not None else None
        folder = path.parent if path is not None else data_dir()
    return AboutFacts(
        version=version(),
        license=LICENSE,
        data_folder=folder,
        schema=SCHEMA_VERSION,
        journal_schema=journal.version if journal is not None else None,
        qt=qVersion(),
        pyside=pyside_version,
        python=platform.python_version(),
    )
