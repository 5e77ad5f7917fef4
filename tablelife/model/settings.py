"""Settings in `QSettings`: every key has one default and one type, in one place (MNELAB's
`settings.py`). A value of the wrong type or out of range in the file reads as the default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from tablelife.model.game_model import DEFAULT_IDLE_MS
from tablelife.rules.values import frozen
from tablelife.store.places import SETTINGS_FILE


@frozen
class Key:
    """One setting: its default, and the values it may take (None: any of its type)."""

    default: Any
    choices: tuple[Any, ...] | None = None
    least: int | None = None
    most: int | None = None


KEYS: dict[str, Key] = {
    "theme": Key("system", choices=("system", "light", "dark")),
    "language": Key(""),  # "" follows the system; else a code from tablelife.model.i18n.NAMES
    "idle_ms": Key(DEFAULT_IDLE_MS, least=250, most=10_000),
    "names/players": Key([]),
    "names/teams": Key([]),
    "new_game/preset": Key(""),
    "new_game/size": Key(0, least=0, most=8),
    "window/geometry": Key(QByteArray()),
    "window/history": Key(True),
}
DEFAULTS: dict[str, Any] = {name: key.default for name, key in KEYS.items()}
"""Every setting's default."""


class Settings:
    """Typed access to the app's settings."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store or QSettings()

    @classmethod
    def in_folder(cls, directory: Path) -> Settings:
        """Settings kept in a data folder of a person's choosing (--data-dir), never in the
        person's own configuration."""
        path = directory / SETTINGS_FILE
        return cls(QSettings(str(path), QSettings.Format.IniFormat))

    def get(self, name: str) -> Any:
        """A setting, or its default; always of the default's type and in range."""
        key = KEYS[name]
        default = key.default
        if isinstance(default, list):
            value = self._store.value(name, [])
            if value is None:
                return []
            return [str(v) for v in value] if isinstance(value, list) else [str(value)]
        try:
            value = self._store.value(name, default, type=type(default))
        except (TypeError, ValueError):  # pragma: no cover - Qt converts or gives the default
            return default
        if not isinstance(value, type(default)):
            return default
        if key.choices is not None and value not in key.choices:
            return default
        if key.least is not None and value < key.least:
            return default
        if key.most is not None and value > key.most:
            return default
        return value

    def set(self, name: str, value: Any) -> None:
        """Stores a setting; KeyError for a name that isn't one, TypeError for a wrong type."""
        default = KEYS[name].default
        if not isinstance(value, type(default)):
            raise TypeError(f"{name} takes {type(default).__name__}, not {type(value).__name__}")
        self._store.setValue(name, value)

    def sync(self) -> None:
        """Writes the settings to disk now."""
        self._store.sync()
