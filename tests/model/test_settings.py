"""Settings: one default and one type per key; a folder chosen with --data-dir keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tablelife.model.settings import DEFAULTS, SETTINGS_FILE, Settings


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def test_every_key_reads_its_default_when_unset(tmp_path: Path) -> None:
    settings = Settings(_ini(tmp_path))
    for name, default in DEFAULTS.items():
        assert settings.get(name) == default
        assert type(settings.get(name)) is type(default)


def test_a_wrong_or_out_of_range_value_in_the_file_reads_as_the_default(tmp_path: Path) -> None:
    raw = _ini(tmp_path)
    raw.setValue("theme", "purple")
    raw.setValue("idle_ms", 5)
    raw.setValue("window/history", "maybe")
    raw.sync()
    settings = Settings(_ini(tmp_path))
    assert settings.get("theme") == "system"
    assert settings.get("idle_ms") == DEFAULTS["idle_ms"]
    assert settings.get("window/history") in (True, False)


def test_a_wrong_type_is_a_bug_and_says_so(tmp_path: Path) -> None:
    settings = Settings(_ini(tmp_path))
    with pytest.raises(TypeError, match="idle_ms takes int"):
        settings.set("idle_ms", "fast")
    with pytest.raises(KeyError):
        settings.set("nonsense", 1)


def test_a_chosen_data_folder_keeps_the_settings(tmp_path: Path) -> None:
    folder = tmp_path / "portable"
    folder.mkdir()
    settings = Settings.in_folder(folder)
    settings.set("theme", "dark")
    settings.sync()
    assert (folder / SETTINGS_FILE).is_file()
    assert Settings.in_folder(folder).get("theme") == "dark"
