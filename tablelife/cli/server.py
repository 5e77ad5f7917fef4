"""`tablelife server ...`: setting up a store's PostgreSQL server for Tablelife. Qt-free.

    tablelife server init URL          create the journal (or bring it up to date), and the
                                       roles tablelife_staff and tablelife_viewer
    tablelife server step URL ID       whether the step with this id (one a command could not
                                       tell about, after a dropped connection) was saved

URL is a libpq connection string ("host=shop-pc dbname=store user=owner sslmode=verify-full")
or a postgresql:// URL. Passwords are never given here nor kept by Tablelife: libpq finds
them in ~/.pgpass (PGPASSFILE) or a service file.

Exit codes: 0 done (for `step`: it was saved); 2 refused, nothing changed (a login that lacks
CREATEROLE, a newer journal, a database not UTF-8; for `step`: it was not saved); 1 the
server could not be reached or failed. Never a traceback.
"""

from __future__ import annotations

import sys
import uuid

from tablelife.cli.common import CommandFailedError, CommandRefusedError, Parser, run

PROG = "tablelife server"


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Set up a PostgreSQL server for Tablelife.")
    verbs = parser.add_subparsers(
        dest="command", required=True, metavar="{init,step}", parser_class=Parser
    )
    init = verbs.add_parser(
        "init",
        help="create the journal on the server (or bring it up to date) and its two roles",
    )
    init.add_argument("url", metavar="URL", help="a connection string or postgresql:// URL")
    step = verbs.add_parser("step", help="whether a step (by its id) was saved on the server")
    step.add_argument("url", metavar="URL", help="a connection string or postgresql:// URL")
    step.add_argument("step", metavar="ID", help="the step's id, as a command printed it")
    return parser


def server_main(argv: list[str]) -> int:
    """Runs `tablelife server ...` (`argv` is what follows "server"); returns the exit code."""
    return run(PROG, lambda: _main(argv))


def _main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        from tablelife.store import server
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("psycopg"):
            raise
        raise CommandFailedError(
            "this needs psycopg 3, which this Tablelife lacks: pip install 'tablelife[server]'"
        ) from None
    from tablelife.store import JournalError

    if args.command == "init":
        try:
            said = server.init_server(args.url)
        except server.ServerRefusedError as exc:
            raise CommandRefusedError(str(exc)) from None
        except JournalError as exc:
            raise CommandFailedError(str(exc)) from None
        _print("\n".join(said))
        return 0
    try:
        step = str(uuid.UUID(args.step))
    except ValueError:
        raise CommandRefusedError(f"{args.step!r:.60} is not a step's id.") from None
    opened = server.open_server(args.url, readonly=True)
    if opened.journal is None:
        raise CommandFailedError(opened.message or "the server's journal can't be read.")
    with opened.journal as journal:
        try:
            saved = journal.step_saved(step) if isinstance(journal, server.ServerJournal) else False
        except JournalError as exc:
            raise CommandFailedError(str(exc)) from None
    if saved:
        _print(f"Step {step} was saved: it happened.")
        return 0
    _print(f"Step {step} was not saved: it did not happen; take it again.")
    return 2


def _print(text: str) -> None:
    """A line for a person on stdout."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
