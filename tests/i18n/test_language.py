"""Choosing the language, and the Qt-free layers' sentences in it."""

from __future__ import annotations

import pytest

from tablelife.model.i18n import LANG_ENV, choose
from tablelife.rules import i18n as rules_i18n
from tablelife.rules.i18n import arg, translate


def test_arg_fills_placeholders_in_one_pass() -> None:
    assert arg("%1 pays %2", "Ann %2", 4) == "Ann %2 pays 4"
    assert arg("%1 and %1", "x") == "x and x"
    assert arg("%3 stays", "a") == "%3 stays"


def test_without_qt_a_sentence_is_its_english_source_with_the_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As the command line has it: no Qt translator installed (an earlier test's window may
    # have installed one in this process).
    monkeypatch.setattr(rules_i18n, "_translator", rules_i18n._english)
    assert translate("words", "%n additional turn(s)", None, 1) == "1 additional turn"
    assert translate("words", "%n additional turn(s)", None, 3) == "3 additional turns"
    assert translate("words", "no count (s)") == "no count (s)"


def test_the_language_is_forced_then_the_environment_then_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(LANG_ENV, "ru_RU.UTF-8")
    assert choose("en", "ru") == "en"
    assert choose(None, "en") == "ru"
    monkeypatch.delenv(LANG_ENV)
    assert choose(None, "ru") == "ru"
    assert choose("xx", "") in ("en", "ru")  # unknown: on to the system's locale
