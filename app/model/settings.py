"""Settings in `QSettings`, every default in one place and every read typed (MNELAB style)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from app.model.game_model import DEFAULT_IDLE_MS

DEFAULTS: dict[str, Any] = {
    "theme": "system",  # "system", "light" or "dark"
    "idle_ms": DEFAULT_IDLE_MS,
    "names/players": [],
    "names/teams": [],
    "window/geometry": QByteArray(),
    "window/history": True,
}


class Settings:
    """Typed access to the app's settings."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store or QSettings()

    def get(self, key: str) -> Any:
        """A setting, or its default; always of the default's type."""
        default = DEFAULTS[key]
        if isinstance(default, list):
            value = self._store.value(key, [])
            if value is None:
                return []
            return [str(v) for v in value] if isinstance(value, list) else [str(value)]
        return self._store.value(key, default, type=type(default))

    def set(self, key: str, value: Any) -> None:
        """Stores a setting."""
        if key not in DEFAULTS:
            raise KeyError(key)
        self._store.setValue(key, value)
