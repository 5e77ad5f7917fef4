"""Game.preview computes an event without making it; Game.record makes it (CR 704.3 once)."""

from __future__ import annotations

import pytest

from tablelife.rules import Damage, Game, PayLife, RuleError, TwoHeadedGiant


def test_preview_changes_nothing_and_record_makes_exactly_that_event() -> None:
    g = Game(TwoHeadedGiant())
    event = g.preview(Damage(0, 30), Damage(2, 30))
    assert g.history == () and g.life(0) == 30 and not g.over
    assert [t.status for t in event.after.teams] == ["drawn", "drawn"]  # CR 104.4a
    assert g.record(event) is event
    assert g.history == (event,) and g.over


def test_preview_refuses_what_apply_refuses() -> None:
    g = Game(TwoHeadedGiant())
    with pytest.raises(RuleError, match=r"119\.4"):
        g.preview(PayLife(0, 20), PayLife(1, 11))
    assert g.history == ()


def test_an_event_made_for_another_moment_is_not_recorded() -> None:
    g = Game(TwoHeadedGiant())
    stale = g.preview(Damage(0, 1))
    g.apply(Damage(2, 1))
    with pytest.raises(RuleError, match="another moment"):
        g.record(stale)
    assert len(g.history) == 1 and g.life(0) == 30


def test_record_after_undo_drops_the_redo() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 1))
    g.undo()
    g.record(g.preview(Damage(0, 2)))
    assert g.redo_events == () and g.life(0) == 28
