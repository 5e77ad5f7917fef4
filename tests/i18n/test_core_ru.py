"""The Qt-free layers in Russian: the rules' refusals, the history's plurals, a stored reason
told again, the rule digest's tooltips; and English without Qt (the command line)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytest import MonkeyPatch

from tablelife.rules import (
    Concede,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    Game,
    LoseLife,
    PayLife,
    RuleError,
    TwoHeadedGiant,
)
from tablelife.rules import i18n as rules_i18n
from tablelife.rules.seeds import describe_rule, preset, rule_digest
from tablelife.rules.setup import GameSetup
from tablelife.rules.words import describe, describe_event, effect_label, note_text, reason_text
from tablelife.tournament.commands import CommandError, parse
from tablelife.tournament.event import EventSettings


@pytest.fixture
def russian(qapp: object) -> Iterator[None]:
    """The window's language switched to Russian (the autouse fixture switches back)."""
    from tablelife.model.i18n import language

    assert language().set("ru")
    yield


def _cant_lose_life_game() -> Game:
    game = Game(FreeForAll(players=2), names=["Ann", "Bob"])
    game.apply(Effect(0, "cant_lose_life", True))
    return game


def test_a_refusal_keeps_its_citation_in_russian(russian: None) -> None:
    game = _cant_lose_life_game()
    with pytest.raises(RuleError) as caught:
        game.apply(PayLife(0, 3))
    assert str(caught.value) == (
        "Ann: терять жизнь нельзя, поэтому заплатить можно только 0 жизней (CR 119.8)."
    )


def test_the_history_has_each_russian_plural_form(russian: None) -> None:
    names = ("Ann", "Bob")
    assert [describe(LoseLife(0, n), names) for n in (1, 3, 5, 21)] == [
        "Ann: теряет 1 жизнь",
        "Ann: теряет 3 жизни",
        "Ann: теряет 5 жизней",
        "Ann: теряет 21 жизнь",
    ]
    assert describe(Damage(1, 2), names) == "Bob: 2 урона"


def test_a_stopped_change_and_its_note_in_russian(russian: None) -> None:
    game = Game(FreeForAll(players=2), names=["Ann", "Bob"])
    game.apply(Effect(0, "cant_gain_life", True))
    event = game.apply(GainLife(0, 1))
    assert describe_event(event, game.names) == (
        "Ann: получить 1 жизнь, но не может получать жизнь (CR 119.7)"
    )
    # The event keeps its note in English (it is exported); the window tells it again.
    assert event.notes == ("Ann can't gain life (CR 119.7).",)
    assert note_text(event.notes[0]) == "Ann: получать жизнь нельзя (CR 119.7)."
    assert effect_label("cant_gain_life") == "не получает жизнь"


def test_a_stored_reason_stays_english_and_is_shown_in_russian(russian: None) -> None:
    game = Game(TwoHeadedGiant(), names=["Ann", "Bob", "Cal", "Dee"])
    game.apply(Concede(0))
    assert game.state.teams[0].reason == "conceded"  # journalled and checksummed: English
    assert game.reason(0) == "сдача партии (CR 810.8b)"
    assert game.reason(1) == "все соперники выбыли (CR 104.2a)"
    assert reason_text("life 0 or less, though it would also win") == (
        "жизнь 0 или меньше (одновременная победа не спасает)"
    )
    # A team or a player, as the English has it: no verb to agree (issue 26, defect 9).
    assert reason_text("Ann & Bob won the game") == "победа за Ann & Bob"
    assert reason_text("21 or more combat damage from Cal's second commander") == (
        "21 или больше боевого урона от второго командира Cal"
    )


def test_titles_names_and_the_digest_in_russian(russian: None) -> None:
    assert TwoHeadedGiant().display_title == "Двухголовый гигант"
    assert TwoHeadedGiant().title == "Two-Headed Giant"  # the export's identifier
    assert FreeForAll(players=4, commander=True).display_title == "Командир, 4 игрока"
    assert FreeForAll(players=5).display_title == "Каждый сам за себя, 5 игроков"
    assert preset("commander").title == "Командир"
    assert preset("commander").name == "Commander"
    assert GameSetup(FreeForAll(players=2)).names == ("Игрок 1", "Игрок 2")
    assert EventSettings(name="x", format="commander").display_title == "Командир, столы по 4"
    assert describe_rule("119.8") == (
        "Под эффектом «не может терять жизнь» жизнь не уменьшается, и заплатить можно "
        "только 0 жизней."
    )
    with pytest.raises(CommandError) as caught:
        parse("12 a 0")
    assert str(caught.value) == "Изменение на 0 жизней ничего не меняет."


def test_the_russian_digest_has_every_rule() -> None:
    assert set(rule_digest("ru")) == set(rule_digest())
    assert rule_digest("ru") != rule_digest()


def test_without_qt_every_text_is_english(monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(rules_i18n, "_translator", rules_i18n._english)
    game = _cant_lose_life_game()
    with pytest.raises(RuleError) as caught:
        game.apply(PayLife(0, 3))
    assert str(caught.value) == "Ann can't lose life, so can pay only 0 life (CR 119.8)."
    assert describe(LoseLife(0, 1), ("Ann",)) == "Ann: loses 1 life"
    assert game.reason(0) == ""
    assert TwoHeadedGiant().display_title == "Two-Headed Giant"
    assert FreeForAll(players=4, commander=True).display_title == "Commander, 4 players"
    assert describe_rule("119.8").startswith("Under a can't-lose effect")
    assert reason_text("conceded") == "conceded"


def test_a_fake_translator_tells_stored_texts_again(monkeypatch: MonkeyPatch) -> None:
    def shout(context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        del disambiguation
        return rules_i18n._english(context, source.upper(), None, n)

    rules_i18n.install(shout)
    try:
        assert reason_text("conceded") == "CONCEDED"
        assert reason_text("10 or more poison, though it would also win") == (
            "10 OR MORE POISON, THOUGH IT WOULD ALSO WIN"
        )
        # A name is a part, never translated: only the template around it.
        assert reason_text("Ann & Bob won the game") == "Ann & Bob WON THE GAME"
        assert note_text("The exchange doesn't happen: Ann can't lose life (CR 119.8).") == (
            "THE EXCHANGE DOESN'T HAPPEN: Ann CAN'T LOSE LIFE (CR 119.8)."
        )
        assert reason_text("something an older version wrote") == (
            "something an older version wrote"
        )
    finally:
        rules_i18n.install(None)


def test_thousands_are_grouped_as_a_russian_reader_writes_them(russian: None) -> None:
    """ "1,500" reads as one and a half in Russian: 1 500, with a no-break space."""
    from tablelife.rules.i18n import grouped
    from tablelife.tournament.commands import CommandError, parse

    assert grouped(2_000_030) == "2\u00a0000\u00a0030"
    with pytest.raises(CommandError) as refused:
        parse("1 a 1500")
    assert "1\u00a0500" in str(refused.value) and "1,500" not in str(refused.value)


def test_thousands_keep_their_commas_in_english() -> None:
    from tablelife.rules.i18n import grouped

    assert grouped(2_000_030) == "2,000,030"
