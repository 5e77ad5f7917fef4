"""The journal's messages in Russian, as the window shows them: a full disk's refusal, a file
moved aside, a journal from a newer Tablelife, a damaged game in Recent games, a broken
checksum chain's read-only notice (with the game and event numbers kept); and the same
messages in English without a translator (the command line)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.rules import Concede, Damage, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.store import FILE_NAME, SCHEMA_VERSION, StorageError, UnknownGameError, open_journal
from tests.i18n.visible import english_words, visible_texts
from tests.model.test_session import (  # as the session tests do them
    _add_a_damaged_game,
    _tamper,
    _window,
)

SETUP = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))
IDLE = 60_000  # the idle timer never commits during a test
STAMP = "20240102-030405"


@pytest.fixture
def russian(qapp: object) -> Iterator[None]:
    """The window's language switched to Russian (the autouse fixture switches back)."""
    from tablelife.model.i18n import language

    assert language().set("ru")
    yield


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The journal's folder (not created yet)."""
    return tmp_path / "journal"


@pytest.fixture
def sessions() -> Iterator[list[Session]]:
    """Sessions to close after the test."""
    opened: list[Session] = []
    yield opened
    for session in opened:
        session.close()


def _fill_until_full(model: GameModel, session: Session) -> list[str]:
    """Caps the journal's size (SQLite's own SQLITE_FULL) and taps until a tap is refused;
    the model's messages."""
    assert session.journal is not None
    conn = session.journal.connection
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    messages: list[str] = []
    model.message.connect(messages.append)
    for _ in range(5000):
        if not model.submit(Damage(0, 0)):
            return messages
    pytest.fail("the capped journal never filled up")


def test_a_full_disk_refuses_the_tap_in_russian(
    russian: None, folder: Path, sessions: list[Session]
) -> None:
    session = Session(folder)
    sessions.append(session)
    model = session.new_game(SETUP, IDLE)
    messages = _fill_until_full(model, session)
    assert messages[-1] == (
        f"Не сохранено, поэтому не сделано: Tablelife не смог сохранить в журнал "
        f"{folder / FILE_NAME}: диск заполнен. Ничего не изменено. "
        "Освободите место на диске и попробуйте снова."
    )


def test_a_damaged_file_moved_aside_is_told_in_russian(
    russian: None,
    qtbot: QtBot,
    tmp_path: Path,
    folder: Path,
    sessions: list[Session],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tablelife.store.opening.time.strftime", lambda fmt, *when: STAMP)
    folder.mkdir(parents=True)
    (folder / FILE_NAME).write_bytes(os.urandom(8192))
    session = Session(folder)
    sessions.append(session)
    window = _window(qtbot, tmp_path, session)
    path = folder / FILE_NAME
    bad = folder / f"{FILE_NAME}.bad-{STAMP}"  # a file name: it stays as it is
    assert window.table.notice.isVisible()
    assert window.table.notice.text() == (
        f"Файл {path} был повреждён (это не база данных SQLite). "
        f"Старый файл перемещён в {bad}; Tablelife начал новый, пустой журнал."
    )
    assert bad.is_file() and session.saving
    # Nothing else in the window is left in English (the paths aside: they are as they are).
    texts = [t.replace(str(bad), "").replace(str(path), "") for t in visible_texts(window)]
    # View → Language names each language in itself ("English").
    assert english_words(texts, allowed={"SQLite", "English", *SETUP.names}) == []


def test_a_journal_from_a_newer_tablelife_keeps_its_version_numbers(
    russian: None, folder: Path, sessions: list[Session]
) -> None:
    first = Session(folder)
    first.new_game(SETUP, IDLE)
    first.close()
    conn = sqlite3.connect(folder / FILE_NAME)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    session = Session(folder)
    sessions.append(session)
    assert session.notice == (
        f"Файл {folder / FILE_NAME} записан более новым Tablelife (версия журнала "
        f"{SCHEMA_VERSION + 1}, а этот знает версии до {SCHEMA_VERSION}). Он оставлен как есть: "
        "обновите Tablelife, чтобы им пользоваться. Партии не сохраняются."
    )


def test_a_damaged_game_in_recent_games_is_named_in_russian(
    russian: None, qtbot: QtBot, tmp_path: Path, folder: Path, sessions: list[Session]
) -> None:
    session = Session(folder)
    sessions.append(session)
    model = session.new_game(SETUP, IDLE)
    assert model.submit(Concede(1))
    assert session.journal is not None
    _add_a_damaged_game(session.journal.path)
    window = _window(qtbot, tmp_path, session)
    window.recent_menu.aboutToShow.emit()
    damaged = [a for a in window.recent_menu.actions() if a.text().startswith("Повреждена:")]
    assert len(damaged) == 1 and not damaged[0].isEnabled()
    # The field's name ("variant") and Python's own JSON message stay as they are.
    assert (
        damaged[0]
        .text()
        .startswith("Повреждена: партия 2 в журнале, variant: не читается как JSON (")
    )


def test_a_broken_chain_opens_read_only_with_a_russian_notice(
    russian: None, folder: Path, sessions: list[Session]
) -> None:
    first = Session(folder)
    model = first.new_game(SETUP, IDLE)
    for amount in (1, 2, 3):
        assert model.submit(Damage(2, amount))
    game_id = model.game_id
    first.close()
    _tamper(folder, game_id or 0, 2)

    session = Session(folder)
    sessions.append(session)
    resumed = session.resume(IDLE)
    assert resumed is not None and resumed.read_only
    assert session.notice == (
        f"Партии {game_id} нельзя доверять: партия {game_id} в журнале, событие 2: "
        "не совпадает с контрольной суммой: файл изменили вне Tablelife или его повредил диск. "
        "Она показана только для чтения, до события 1; что не так, скажет tablelife verify."
    )


def test_an_unknown_game_and_a_read_only_refusal_in_russian(russian: None, folder: Path) -> None:
    assert str(UnknownGameError(7)) == "В журнале нет партии 7."
    writer = open_journal(folder)
    assert writer.journal is not None
    writer.journal.close()
    opened = open_journal(folder, readonly=True)
    assert opened.journal is not None
    with opened.journal as journal, pytest.raises(StorageError) as caught:
        journal.new_game(SETUP)
    assert str(caught.value) == (
        f"Tablelife не смог сохранить в журнал {folder / FILE_NAME}: он открыт только для "
        "чтения. Ничего не изменено."
    )


def test_english_without_a_translator(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line installs no translator: the journal speaks English."""
    monkeypatch.setattr("tablelife.store.opening.time.strftime", lambda fmt, *when: STAMP)
    assert str(UnknownGameError(7)) == "There is no game 7 in the journal."
    folder.mkdir(parents=True)
    (folder / FILE_NAME).write_bytes(os.urandom(8192))
    opened = open_journal(folder)
    assert opened.journal is not None
    with opened.journal:
        pass
    assert opened.message == (
        f"{folder / FILE_NAME} was damaged (it is not a SQLite database). The old file was "
        f"moved to {folder / f'{FILE_NAME}.bad-{STAMP}'}; Tablelife started a new, empty journal."
    )
