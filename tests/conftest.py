"""Test setup: offscreen Qt, and no test ever touches the real user data or settings."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Set by the test setup, not by the person running the tests.
os.environ["QT_QPA_PLATFORM"] = "offscreen"


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Points data, config and settings at tmp_path for every test."""
    home = tmp_path / "home"
    for var, sub in (
        ("HOME", ""),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CACHE_HOME", ".cache"),
    ):
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(var, str(path))
    data = tmp_path / "data"
    monkeypatch.setenv("TABLELIFE_DATA_DIR", str(data))
    yield data


@pytest.fixture(autouse=True)
def _private_settings(tmp_path: Path) -> Iterator[None]:
    """QSettings of every test live in tmp_path, never in the person's own config."""
    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

    QCoreApplication.setOrganizationName("TablelifeTests")
    QCoreApplication.setApplicationName("TablelifeTests")
    QStandardPaths.setTestModeEnabled(True)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale, and a test that switched
    the language (tests/i18n) leaves English behind it."""
    monkeypatch.setenv("TABLELIFE_LANG", "en")
    yield
    from tablelife.model import i18n

    if i18n._language is not None and i18n._language.code != i18n.ENGLISH:
        i18n._language.set(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def _first_team_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    """At desk tables the die of MTR 2.2 always picks team a (which then plays first), as
    the tests were written; tests of the pick itself set `EventModel.pick`."""
    monkeypatch.setattr("tablelife.model.event_model.random_pick", lambda n: 0)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting loaded (modules, the tests themselves) lives for the whole run: frozen,
    the collector's runs after each widget test walk only what the tests made since."""
    gc.freeze()


def _uses_widgets(item: pytest.Item) -> bool:
    return "qtbot" in getattr(item, "fixturenames", ())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """A test with widgets starts with no garbage, and what the collector finds while it runs
    is kept (gc.DEBUG_SAVEALL), not freed, until its teardown looks at it."""
    if _uses_widgets(item):
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """After a test with widgets (once pytest-qt has closed them), the windows it closed are
    deleted and its garbage collected here, at a known point. Left to the collector, a closed
    window held only in a reference cycle was freed whenever a collection happened to run:
    once, in the middle of a later test's `setStyleSheet`, while Qt was re-polishing every
    widget, so Qt touched a widget just freed (a segfault in about one full run in three).

    The test fails if the collector found a live widget with no parent, then or while the
    test ran: a window the app made and let go of, still held in a reference cycle. (A widget
    with a parent is Qt's to delete; the collector only drops its Python side.)"""
    try:
        result = yield
    finally:
        left = _collect(item)
    assert not left, (
        f"{item.nodeid} left widgets that only the garbage collector frees, at a moment of its "
        f"choosing (one freed while Qt walks every widget crashes): {left}"
    )
    return result


def _collect(item: pytest.Item) -> list[str]:
    """Deletes what the test's closed windows left to Qt, collects the garbage and names the
    live widgets with no parent among it; then frees it all and stops keeping it."""
    if not _uses_widgets(item) or not gc.get_debug() & gc.DEBUG_SAVEALL:
        return []
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QWidget

    try:
        if QCoreApplication.instance() is not None:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
        return [
            type(o).__qualname__
            for o in gc.garbage
            if isinstance(o, QWidget) and shiboken6.isValid(o) and o.parent() is None
        ]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()
