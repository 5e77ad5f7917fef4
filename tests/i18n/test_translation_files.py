"""The translation files: up to date with the code, complete, with the same placeholders as
their sources, right plural forms, and the shipped .qm built from the .ts."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from tablelife.model.i18n import language

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "resources" / "translations"
BIN = Path(sys.executable).parent
SOURCES = ("-extensions", "py", "tablelife")
LUPDATE = ("-no-obsolete", "-locations", "none")  # as `make translations` runs it
PLACEHOLDER = re.compile(r"%L?n|%\d")


def _messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    found = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found[(name, message.findtext("source") or "")] = message
    return found


def _lupdate(ts: Path, *extra: str) -> None:
    subprocess.run(
        [str(BIN / "pyside6-lupdate"), *SOURCES, "-ts", str(ts), *LUPDATE, *extra],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


@pytest.mark.parametrize(("code", "extra"), [("ru", ()), ("en", ("-pluralonly",))])
def test_every_string_in_the_code_is_in_the_ts_file(
    tmp_path: Path, code: str, extra: tuple[str, ...]
) -> None:
    """`make translations` would change nothing: no string of the code is missing from the
    .ts, and none is left there that the code no longer has."""
    committed = FOLDER / f"tablelife_{code}.ts"
    fresh = tmp_path / committed.name
    shutil.copy(committed, fresh)
    _lupdate(fresh, *extra)
    missing = sorted(set(_messages(fresh)) - set(_messages(committed)))
    gone = sorted(set(_messages(committed)) - set(_messages(fresh)))
    assert not missing, f"not in {committed.name}; run make translations: {missing[:20]}"
    assert not gone, f"no longer in the code; run make translations: {gone[:20]}"


def test_every_count_is_a_plural_message() -> None:
    """A source with %n is a plural message, so each language can say "1 жизнь, 2 жизни,
    5 жизней". lupdate marks only tr() calls so (`self.tr(s, "", n)`, or `Context.tr` in the
    Qt-free layers): a `translate(context, s, None, n)` with a count would be one form."""
    messages = _messages(FOLDER / "tablelife_ru.ts")
    single = [key for key, m in messages.items() if "%n" in key[1] and m.get("numerus") != "yes"]
    assert not single, f"write these with tr(source, disambiguation, n): {single}"


def _forms(message: ET.Element) -> list[str]:
    translation = message.find("translation")
    assert translation is not None
    if message.get("numerus") == "yes":
        return [form.text or "" for form in translation.iter("numerusform")]
    return [translation.text or ""]


@pytest.mark.parametrize(("code", "forms"), [("ru", 3), ("en", 2)])
def test_every_string_is_translated_with_its_placeholders(code: str, forms: int) -> None:
    messages = _messages(FOLDER / f"tablelife_{code}.ts")
    assert messages or code == "en"
    problems = []
    for (context, source), message in messages.items():
        translation = message.find("translation")
        assert translation is not None
        said = f"{context}: {source!r}"
        if translation.get("type") == "unfinished":
            problems.append(f"untranslated: {said}")
            continue
        texts = _forms(message)
        if message.get("numerus") == "yes" and len(texts) != forms:
            problems.append(f"{len(texts)} plural forms, not {forms}: {said}")
        wanted = sorted(set(PLACEHOLDER.findall(source)))
        for text in texts:
            if not text.strip():
                problems.append(f"empty: {said}")
            elif sorted(set(PLACEHOLDER.findall(text))) != wanted:
                problems.append(f"placeholders {wanted} not all in {text!r}: {said}")
    assert not problems, "\n".join(problems)


def test_russian_plural_forms_follow_the_count(qapp: QCoreApplication) -> None:
    """1 жизнь, 2 жизни, 5 жизней: every plural message picks the form for its count
    (one: 1, 21; few: 2, 3, 4, 22; many: 5, 11, 12, 25)."""
    messages = _messages(FOLDER / "tablelife_ru.ts")
    plural = [(key, _forms(m)) for key, m in messages.items() if m.get("numerus") == "yes"]
    assert plural
    assert language().set("ru")
    for (context, source), forms in plural:
        for n, form in ((1, 0), (21, 0), (2, 1), (4, 1), (22, 1), (5, 2), (11, 2), (12, 2)):
            expected = re.sub(r"%L?n", str(n), forms[form])
            assert QCoreApplication.translate(context, source, None, n) == expected


def test_the_shipped_qm_files_are_built_from_the_ts_files(tmp_path: Path) -> None:
    for ts in sorted(FOLDER.glob("tablelife_*.ts")):
        built = tmp_path / ts.with_suffix(".qm").name
        subprocess.run(
            [str(BIN / "pyside6-lrelease"), str(ts), "-qm", str(built)],
            check=True,
            capture_output=True,
        )
        shipped = ts.with_suffix(".qm")
        assert shipped.read_bytes() == built.read_bytes(), f"run make translations: {shipped}"
