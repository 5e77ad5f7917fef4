"""Who Tablelife is: its version, its licence and the names the desktop knows it by.

Qt-free and cheap to import: the command line, the store (which writes the version into
every export) and the window all read it. The version has one home, pyproject.toml's
`[project] version`; it is read at run time (`version`), never copied into the code.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

DISTRIBUTION = "tablelife"
"""The distribution's name on an index and in its metadata (pyproject's `name`)."""

APP_ID = "io.github.tablelife.Tablelife"
"""The reverse-DNS id the desktop knows Tablelife by: the desktop entry's, the icon's and the
AppStream metainfo's file names, and `QGuiApplication.desktopFileName`, so that a window
groups under its entry (AppStream refuses a plain "tablelife")."""

WM_CLASS = "tablelife"
"""The window's class instance name (X11's WM_CLASS; the desktop entry's StartupWMClass),
whatever started the process (the `tablelife` command, `python -m tablelife`, a bundle)."""

LICENSE = "MIT"
"""The licence, as an SPDX identifier (pyproject's `license`, the LICENSE file)."""

UNKNOWN_VERSION = "0+unknown"
"""What `version` says when neither metadata nor a source tree tells it."""


@cache
def version() -> str:
    """Tablelife's version ("0.1.0"), from the first of these that tells it:

    - the pyproject.toml of the source tree this package sits in (a clone, editable or not:
      the tree at hand, even when another copy is installed);
    - the metadata of the wheel this package was installed from, beside it in site-packages
      (its `tablelife-0.1.0.dist-info` folder);
    - importlib.metadata, wherever it finds the distribution (a bundle carries its metadata).

    The first two are what importlib.metadata would read, found without importing it: it
    costs 60 ms, a sixth of an export's time.
    """
    here = Path(__file__).resolve().parent.parent
    found = source_version(here) or installed_version(here)
    if found:
        return found
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as distribution_version

    try:
        return distribution_version(DISTRIBUTION)
    except PackageNotFoundError:
        return UNKNOWN_VERSION


def installed_version(site: Path) -> str | None:
    """The version in the name of Tablelife's `.dist-info` folder in `site` (the wheel's
    name for it: `tablelife-0.1.0.dist-info`), or None when there is exactly none."""
    prefix, suffix = f"{DISTRIBUTION}-", ".dist-info"
    try:
        names = [n for n in os.listdir(site) if n.startswith(prefix) and n.endswith(suffix)]
    except OSError:
        return None
    if len(names) != 1:  # none, or leftovers of several installs: let importlib.metadata say
        return None
    return names[0][len(prefix) : -len(suffix)] or None


def source_version(tree: Path) -> str | None:
    """The version pyproject.toml in `tree` gives Tablelife, or None when `tree` holds no
    Tablelife source (no file, another project's, an unreadable one)."""
    import tomllib

    try:
        with open(tree / "pyproject.toml", "rb") as f:
            project = tomllib.load(f).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    found = project.get("version") if project.get("name") == DISTRIBUTION else None
    return found if isinstance(found, str) and found else None
