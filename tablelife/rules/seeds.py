"""Reads the data under seeds/ (shipped as the `tablelife.seeds` package): presets and the rule
digest."""

from __future__ import annotations

import importlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from tablelife.rules.errors import RuleError
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, language_code, translate
from tablelife.rules.values import frozen
from tablelife.rules.variants import (
    FFA_DEFAULT_LIFE,
    FFA_POISON_LIMIT,
    FreeForAll,
    TwoHeadedGiant,
    Variant,
)


def package_folder(name: str) -> Path:
    """The folder of a data package shipped with the app (`tablelife.seeds` is seeds/,
    `tablelife.resources` is resources/), wherever it is installed. Read straight from the package:
    importlib.resources costs 5 to 8 ms of imports at start (issue 12)."""
    where = importlib.import_module(name).__file__
    assert where is not None, name
    return Path(where).parent


def _seed(name: str) -> Path:
    return package_folder("tablelife.seeds") / name


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_seed(name).read_text("utf-8"))
    return data


@cache
def rule_digest(code: str = "en") -> dict[str, str]:
    """Rule number → one line in our own words, in the language `code`: seeds/rules.json is
    English, seeds/rules.<code>.json another language (a rule it lacks is read in English)."""
    rules: dict[str, str] = dict(_load("rules.json")["rules"])
    if code != "en" and _seed(f"rules.{code}.json").is_file():
        rules.update(_load(f"rules.{code}.json")["rules"])
    return rules


def describe_rule(number: str) -> str:
    """The digest line for a rule number in the reader's language (for the tooltips next to
    a citation), or "" if the digest lacks it."""
    return rule_digest(language_code()).get(number, "")


# The presets' names as seeds/presets.json writes them, marked for the translation file: the
# name stays the preset's identifier (`--preset`, the journal); `Preset.title` shows it.
_PRESET_TITLES = (
    QT_TRANSLATE_NOOP("Presets", "Two-Headed Giant"),
    QT_TRANSLATE_NOOP("Presets", "Three-Headed Giant"),
    QT_TRANSLATE_NOOP("Presets", "Four-Headed Giant"),
    QT_TRANSLATE_NOOP("Presets", "Free-for-all (20 life)"),
    QT_TRANSLATE_NOOP("Presets", "Free-for-all (40 life)"),
    QT_TRANSLATE_NOOP("Presets", "Commander"),
)


@frozen
class Preset:
    """A variant the app offers by name (`name`, English: an identifier; `title` shows it)."""

    name: str
    variant: str
    heads: int = 2
    teams: int = 2
    players: int = 4
    starting_life: int | None = None
    commander: bool = False
    """A Commander game (CR 903): a free-for-all that counts commander damage."""

    @property
    def title(self) -> str:
        """The preset's name in the reader's language, for the window ("Командир")."""
        return translate("Presets", self.name)

    def make(
        self,
        size: int | None = None,
        starting_life: int | None = None,
        poison_limit: int | None = None,
    ) -> Variant:
        """The variant, with heads (giant) or players (free-for-all) and house rules overridden."""
        life = starting_life if starting_life is not None else self.starting_life
        if self.variant == "giant":
            return TwoHeadedGiant(
                heads=self.heads if size is None else size,
                teams=self.teams,
                starting_life=life,
                poison_limit=poison_limit,
            )
        return FreeForAll(
            players=self.players if size is None else size,
            starting_life=life if life is not None else FFA_DEFAULT_LIFE,
            poison_limit=poison_limit if poison_limit is not None else FFA_POISON_LIMIT,
            commander=self.commander,
        )


@cache
def presets() -> tuple[Preset, ...]:
    """The presets from seeds/presets.json, in the order they are offered."""
    return tuple(Preset(**p) for p in _load("presets.json")["presets"])


def preset(name: str) -> Preset:
    """A preset by name (case-insensitive); RuleError lists the names if there is none."""
    for p in presets():
        if p.name.casefold() == name.casefold():
            return p
    names = ", ".join(p.name for p in presets())
    raise RuleError(f"There is no preset {name!r}. Presets: {names}.")
