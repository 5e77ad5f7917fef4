"""The SQLite journal: games and their events, append-only, schema-versioned. Never imports Qt.

Start with `open_journal(directory)`; see `app.store.journal` for the file and its guarantees.
"""

from app.rules.setup import GameSetup
from app.store.codec import result_of, state_to_dict, variant_from_dict, variant_to_dict
from app.store.errors import BadDataError, JournalError, StorageError, UnknownGameError
from app.store.export import FORMAT, FORMAT_VERSION, export_csv, export_json, import_json
from app.store.journal import FILE_NAME, SCHEMA_VERSION, Journal, Opened, open_journal
from app.store.records import EVENT_KINDS, EventKind, EventRow, GameRow
from app.store.replay import replay

__all__ = [
    "EVENT_KINDS",
    "FILE_NAME",
    "FORMAT",
    "FORMAT_VERSION",
    "SCHEMA_VERSION",
    "BadDataError",
    "EventKind",
    "EventRow",
    "GameRow",
    "GameSetup",
    "Journal",
    "JournalError",
    "Opened",
    "StorageError",
    "UnknownGameError",
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
