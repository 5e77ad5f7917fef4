"""The README's rules example runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_runs() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0


def test_readme_lists_every_key_the_help_shows() -> None:
    from tablelife.ui.dialogs import KEYS

    text = README.read_text("utf-8")
    for _key, what in KEYS:
        first = what.split(":")[0].split(" (")[0]
        assert first in text, first
