"""The SQLite journal: games and their events, events (tournaments) and their logs; append-only,
schema-versioned, each row chained to the one before by a checksum. Never imports Qt.

Start with `open_journal(directory)`; see `app.store.journal` for the file and its guarantees.
"""

from app.rules.setup import GameSetup
from app.store.codec import result_of, state_to_dict, variant_from_dict, variant_to_dict
from app.store.errors import (
    BadDataError,
    BrokenChainError,
    DamagedError,
    JournalError,
    StorageError,
    UnknownGameError,
    UnknownTournamentError,
)
from app.store.export import FORMAT, FORMAT_VERSION, export_csv, export_json, import_json
from app.store.journal import FILE_NAME, SCHEMA_VERSION, Journal, Opened, open_journal
from app.store.records import (
    EVENT_KINDS,
    EventKind,
    EventRow,
    GameRow,
    LoadedGame,
    LogRow,
    TournamentRow,
)
from app.store.replay import replay

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
