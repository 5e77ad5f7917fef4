"""The rules core: variants, changes and `Game`. Pure Python; it never imports Qt."""

from app.rules.changes import (
    EFFECT_KINDS,
    Change,
    Concede,
    Damage,
    DrawGame,
    Effect,
    ExchangeLife,
    GainLife,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    SetLife,
    WinGame,
    change_from_dict,
    change_to_dict,
)
from app.rules.errors import RuleError
from app.rules.game import MAX_AMOUNT, Event, Game, State, TeamState, first_draw_rule
from app.rules.variants import FreeForAll, TwoHeadedGiant, Variant

__all__ = [
    "EFFECT_KINDS",
    "MAX_AMOUNT",
    "Change",
    "Concede",
    "Damage",
    "DrawGame",
    "Effect",
    "Event",
    "ExchangeLife",
    "FreeForAll",
    "GainLife",
    "Game",
    "LoseGame",
    "LoseLife",
    "PassTurn",
    "PayLife",
    "Poison",
    "RuleError",
    "SetLife",
    "State",
    "TeamState",
    "TwoHeadedGiant",
    "Variant",
    "WinGame",
    "change_from_dict",
    "change_to_dict",
    "first_draw_rule",
]
