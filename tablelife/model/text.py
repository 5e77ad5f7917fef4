"""Words for what the window shows beyond single changes (those are in tablelife.rules.words),
and the one place the window reads the rules layer's names for people in the reader's language."""

from __future__ import annotations

from tablelife.rules import Game, Variant
from tablelife.rules.i18n import arg, translate
from tablelife.rules.told import retell
from tablelife.store import GameRow


def variant_title(variant: Variant) -> str:
    """A variant's name as shown ("Двухголовый гигант"); `Variant.title` stays English (the
    export names the variant by it)."""
    return variant.display_title


def reason_words(game: Game, team: int) -> str:
    """Why a team left the game, without its citation ("conceded"), in the reader's language
    (the state keeps the English reason; the panel shows the citation apart)."""
    return retell(game.state.teams[team].reason)


def result_words(row: GameRow) -> str:
    """A game in a few words: "Two-Headed Giant: Ann & Bob won", "...: a draw", "...: Ann vs
    Bob, unfinished"."""
    title = variant_title(row.variant)
    result = row.result or {}
    teams = translate("GameText", " vs ").join(row.team_names)
    if result.get("abandoned"):
        return arg(translate("GameText", "%1: %2, unfinished \u2014 take it back"), title, teams)
    if row.result is None:  # an unfinished game imported from a file, not a draw
        return arg(translate("GameText", "%1: %2, unfinished"), title, teams)
    winners = [row.team_names[t] for t in result.get("winners", [])]
    if winners:
        return arg(translate("GameText", "%1: %2 won"), title, " & ".join(winners))
    return arg(translate("GameText", "%1: a draw"), title)
