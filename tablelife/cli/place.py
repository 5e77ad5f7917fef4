"""Where a command's journal is: a data folder (--data-dir, $TABLELIFE_DATA_DIR, or the
default), or a store's PostgreSQL server (--server URL, or $TABLELIFE_SERVER). Qt-free.

`--server` beats the variable, and a --data-dir beats $TABLELIFE_SERVER; --server with
--data-dir names two journals at once and is refused. psycopg is imported only when a server
is used (`tablelife.store.server`), so a data folder's commands never load it.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from pathlib import Path

from tablelife.cli.common import CommandFailedError, CommandRefusedError
from tablelife.rules.values import frozen
from tablelife.store import Journal
from tablelife.store.places import SERVER_ENV, server_chosen

SERVER_HELP = f"a PostgreSQL server's connection string or postgresql:// URL (or ${SERVER_ENV})"


@frozen
class Place:
    """A data folder, or a server: exactly one of them is set."""

    folder: Path | None = None
    server: str | None = None

    def __str__(self) -> str:
        if self.folder is not None:
            return str(self.folder)
        try:
            from tablelife.store.server import where
        except ModuleNotFoundError:  # no psycopg: said where the server is needed
            return "the server"
        return f"the server {where(self.server or '')}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--data-dir DIR and --server URL."""
    parser.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    parser.add_argument("--server", metavar="URL", help=SERVER_HELP)


def place_of(args: argparse.Namespace, data_dir: Path | None, prog: str) -> Place:
    """Where `args` point; CommandRefusedError for --server with --data-dir, or no place."""
    if args.server and args.data_dir:
        raise CommandRefusedError(
            f"{prog}: --server and --data-dir name two different journals: give one of them."
        )
    server = server_chosen(args.server, args.data_dir)
    if server:
        return Place(server=server)
    folder = args.data_dir or data_dir
    if folder is None:
        raise CommandRefusedError(f"{prog}: no data folder: pass --data-dir DIR or --server URL")
    return Place(folder=folder)


@contextlib.contextmanager
def server_journal(place: Place, *, writing: bool) -> Iterator[Journal]:
    """The journal on `place.server`, open (for `writing`, or only to read); a
    CommandFailedError in words when it can't be (unreachable, no journal, a login that may
    only read, no psycopg)."""
    assert place.server is not None
    try:
        from tablelife.store.server import open_server
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("psycopg"):
            raise
        raise CommandFailedError(
            "--server needs psycopg 3, which this Tablelife lacks: pip install 'tablelife[server]'"
        ) from None
    opened = open_server(place.server, readonly=not writing)
    journal = opened.journal
    if journal is None or (writing and not opened.saving):
        if journal is not None:
            journal.close()
        said = opened.message or f"The journal on {place} can't be used."
        raise CommandFailedError(f"{said} Nothing was changed." if writing else said)
    with journal:
        yield journal
