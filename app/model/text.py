"""Words for what the window shows beyond single changes (those are in app.rules.words)."""

from __future__ import annotations

from app.store import GameRow


def result_words(row: GameRow) -> str:
    """A finished game in a few words: "Two-Headed Giant: Ann & Bob won", "... draw"."""
    title = row.variant.title
    result = row.result or {}
    if result.get("abandoned"):
        return f"{title}: {' vs '.join(row.team_names)}, unfinished \u2014 take it back"
    winners = [row.team_names[t] for t in result.get("winners", [])]
    if winners:
        return f"{title}: {' & '.join(winners)} won"
    return f"{title}: a draw"
