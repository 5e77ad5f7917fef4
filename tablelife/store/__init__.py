"""The journal: games and their events, events (tournaments) and their logs; append-only,
schema-versioned, each row chained to the one before by a checksum. Never imports Qt.

Start with `open_journal(directory)` (`tablelife.store.opening`) for a data folder's SQLite
file (see `tablelife.store.journal` for the file and its guarantees), or with
`tablelife.store.server.open_server(url)` for a store's PostgreSQL server (which imports
psycopg: only then).
"""

from typing import TYPE_CHECKING, Any

from tablelife.rules.setup import GameSetup
from tablelife.store.codec import result_of, state_to_dict, variant_from_dict, variant_to_dict
from tablelife.store.errors import (
    BadDataError,
    BrokenChainError,
    DamagedError,
    JournalError,
    StepUnknownError,
    StorageError,
    UnknownGameError,
    UnknownTournamentError,
)
from tablelife.store.journal import Journal
from tablelife.store.opening import Opened, open_journal
from tablelife.store.records import (
    EVENT_KINDS,
    EventKind,
    EventRow,
    GameRow,
    LoadedGame,
    LogRow,
    TournamentRow,
)
from tablelife.store.replay import replay
from tablelife.store.schema import SCHEMA_VERSION
from tablelife.store.sqlite_file import FILE_NAME

if TYPE_CHECKING:
    from tablelife.store.export import FORMAT, FORMAT_VERSION, export_csv, export_json, import_json

_LAZY = frozenset({"FORMAT", "FORMAT_VERSION", "export_csv", "export_json", "import_json"})
"""What `tablelife.store.export` (csv, datetime, the import checks) provides, loaded on first use:
a window's start never needs it (issue 12)."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from tablelife.store import export

        return getattr(export, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EVENT_KINDS",
    "FILE_NAME",
    "FORMAT",
    "FORMAT_VERSION",
    "SCHEMA_VERSION",
    "BadDataError",
    "BrokenChainError",
    "DamagedError",
    "EventKind",
    "EventRow",
    "GameRow",
    "GameSetup",
    "Journal",
    "JournalError",
    "LoadedGame",
    "LogRow",
    "Opened",
    "StepUnknownError",
    "StorageError",
    "TournamentRow",
    "UnknownGameError",
    "UnknownTournamentError",
    "export_csv",
    "export_json",
    "import_json",
    "open_journal",
    "replay",
    "result_of",
    "state_to_dict",
    "variant_from_dict",
    "variant_to_dict",
]
