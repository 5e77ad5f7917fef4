"""`tablelife event ...`: a store's event (a tournament) from the command line. Qt-free.

    tablelife event new NAME --format 2hg|duel|ffa:N|commander:N --teams FILE
                        [--rounds N] [--best-of 1|3] [--minutes N] [--top 0|4|8]
                        [--fixed-table "TEAM=N"]... [--skip-tables N,N...]
    tablelife event add TEAM [--no-losses]   a late team, paired from the next round on; the
                                        rounds it missed are match losses (unless --no-losses)
    tablelife event drop TEAM           a team leaves; it keeps its line in the standings
    tablelife event return TEAM         a dropped team comes back (a drop taken by mistake)
    tablelife event pair [--seed N] [--format text|json]
    tablelife event unpair              the latest round's pairings taken back (paired by
                                        mistake, before any result or tracked game)
    tablelife event result TABLE WINNER|draw [--games W-L-D] [--round N]
    tablelife event settings [--fixed-table "TEAM=N"]... [--no-fixed-tables]
                        [--skip-tables N,N...] [--format text|json]
    tablelife event pairings [--round N] [--by table|name] [--format text|json|pdf] [-o FILE]
                        [--paper a4|letter]
    tablelife event slips [--round N] -o FILE.pdf|FILE.png [--paper a4|letter]
    tablelife event standings [--format text|json|csv]
    tablelife event export [-o FILE]
    tablelife event list [--format text|json]
    tablelife event watch [--since SEQ]  one JSON line per change (its log's entries, its
                                        tables' game events), as it lands, until Ctrl+C
    tablelife event copy --to URL | --from URL   the event and its games, checksums kept

Every command takes `--data-dir DIR`; all but `new` and `list` take `--event ID`, else they act
on the newest unfinished event. Every step is an operation of `tablelife.ops.event`, the same
one the desk takes, so the journal holds the same records whichever one staff use.

Writing commands (new, add, drop, return, pair, unpair, result, settings with a change) hold
the folder's one-writer lock while they run and refuse while a Tablelife window holds it
(DESIGN.md, "One writer"); reading commands (pairings, slips, standings, export, list, settings
without a change) open the journal read-only and work any time.

Only `pairings --format pdf` and `slips` load Qt, for its painter (`tablelife.paper`, on the
offscreen platform: no display needed); every other command loads none.

Exit codes: 0 done; 2 refused, with one line on stderr and nothing changed (bad input, an
unknown team or table, a round paired twice, a window holding the folder); 1 the journal could
not be read or written. Never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import math
import secrets
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from tablelife.cli.common import (
    CommandFailedError,
    CommandRefusedError,
    Parser,
    drop_stdout,
    for_people,
    run,
    say,
    whole,
)
from tablelife.cli.files import is_stream, output_target, write_atomic, write_device
from tablelife.cli.place import Place, place_of, server_journal
from tablelife.cli.place import add_arguments as add_place_arguments
from tablelife.cli.watching import Watch
from tablelife.identity import version
from tablelife.ops import event as steps
from tablelife.ops import races
from tablelife.ops.changes import OpChanges, RefusedError
from tablelife.ops.event import find_team, heads_problem, team_key
from tablelife.rules.names import (
    DRAW_WORD,
    half_empty,
    name_problem,
    quote,
    text_problem,
    visible,
)
from tablelife.rules.setup import MAX_NAME
from tablelife.store import (
    FILE_NAME,
    Journal,
    JournalError,
    LogRow,
    StorageError,
    UnknownTournamentError,
    copying,
    open_journal,
)
from tablelife.store.events import load_event, load_trusted_event, newest_running_event
from tablelife.store.live import Told
from tablelife.store.lock import FolderLock, LockUnavailableError, held_by_another
from tablelife.tournament import Standing, TournamentError, suggested_rounds
from tablelife.tournament.commands import parse_games
from tablelife.tournament.event import EventError, EventSettings, RoundState, Tournament
from tablelife.tournament.pairing import pod_sizes
from tablelife.tournament.sheets import pairings_by_name, pairings_by_table, round_of, slips
from tablelife.tournament.standings import decisive_decimals

PROG = "tablelife event"
MAX_TEAMS_FILE = 1024 * 1024
"""A teams file larger than this (1 MiB) is refused before it is read: one team a line, that
is tens of thousands of teams."""
MAX_TEAMS = 1024
"""The most teams an event takes from a file."""
MAX_TEAM_NAME = MAX_NAME
"""The longest team name, in characters once spaces are folded (the shared name check's)."""
MAX_EVENT_NAME = 80
"""The longest event name."""

_WINDOW_HOLDS = (
    "a Tablelife window (or another command) is using {folder}: nothing was changed. Do it in "
    "that window, or close it and try again."
)


# ----- the command line ------------------------------------------------------------------------


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Run a store's event: teams, rounds, results.")
    verbs = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="{new,add,drop,return,pair,unpair,result,clear,settings,pairings,slips,standings,"
        "export,list,watch,copy}",
        parser_class=Parser,
    )

    def verb(name: str, help_text: str, *, pick: bool = True) -> Parser:
        sub: Parser = verbs.add_parser(name, help=help_text, description=help_text)
        add_place_arguments(sub)
        if pick:
            sub.add_argument(
                "--event", type=whole, metavar="ID", help="the event (else the newest unfinished)"
            )
        return sub

    new = verb("new", "start an event with its teams", pick=False)
    new.add_argument("name", metavar="NAME")
    new.add_argument(
        "--format", required=True, metavar="2hg|duel|ffa:N|commander:N", dest="event_format"
    )
    new.add_argument(
        "--teams", required=True, type=Path, metavar="FILE", help="one team a line (- for stdin)"
    )
    new.add_argument("--rounds", type=whole, metavar="N", help="Swiss rounds (else suggested)")
    new.add_argument("--best-of", type=whole, choices=(1, 3), default=1)
    new.add_argument("--minutes", type=whole, default=50, metavar="N", help="round length")
    new.add_argument("--top", type=whole, choices=(0, 4, 8), default=0, help="top cut")
    tables_options(new)
    add = verb(
        "add",
        "a late team joins, paired from the next round on; each round it missed is a match "
        "loss with no games (in the match-win figure, not the game-win one)",
    )
    add.add_argument("team", metavar="TEAM")
    add.add_argument(
        "--no-losses",
        action="store_true",
        help="the rounds it missed count for nothing (a house event's rule)",
    )
    drop = verb("drop", "a team drops: it keeps its standing and is not paired again")
    drop.add_argument("team", metavar="TEAM")
    back = verb("return", "a dropped team comes back (a drop taken by mistake), paired again")
    back.add_argument("team", metavar="TEAM")
    pair = verb("pair", "pair the next round")
    pair.add_argument("--seed", type=whole, metavar="N", help="the shuffle's seed (else random)")
    pair.add_argument("--format", choices=("text", "json"), default="text")
    verb("unpair", "take back the latest round's pairings, before any result or tracked game")
    result = verb("result", "a table's result (again: a correction, kept in the journal)")
    result.add_argument("table", type=whole, metavar="TABLE")
    result.add_argument("winner", metavar="WINNER|draw", help="the winning team's name, or draw")
    result.add_argument(
        "--games", metavar="W-L-D", help="games won, lost, drawn, from the winner's side"
    )
    result.add_argument("--round", type=whole, metavar="N", help="an earlier round's table")
    clear = verb("clear", "a table's result taken back (one typed by mistake; kept in the journal)")
    clear.add_argument("table", type=whole, metavar="TABLE")
    clear.add_argument("--round", type=whole, metavar="N", help="an earlier round's table")
    settings = verb("settings", "the fixed and skipped tables (a change: from the next round)")
    tables_options(settings)
    settings.add_argument(
        "--no-fixed-tables", action="store_true", help="no team at a fixed table any more"
    )
    settings.add_argument("--format", choices=("text", "json"), default="text")
    pairings = verb("pairings", "a round's pairings by player's name (for the wall) or by table")
    pairings.add_argument("--round", type=whole, metavar="N", help="an earlier round")
    pairings.add_argument(
        "--by",
        choices=("table", "name"),
        default="name",
        help="by player's name (the default) or by table",
    )
    pairings.add_argument("--format", choices=("text", "json", "pdf"), default=None)
    pairings.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="instead of stdout (.png: page 1)"
    )
    paper_option(pairings)
    slips = verb("slips", "a result slip per table, several to a page")
    slips.add_argument("--round", type=whole, metavar="N", help="an earlier round")
    slips.add_argument(
        "-o", "--output", type=Path, metavar="FILE", required=True, help=".pdf, or .png: page 1"
    )
    paper_option(slips)
    standings = verb("standings", "the standings (MTR 3.1, Appendix C)")
    standings.add_argument("--format", choices=("text", "json", "csv"), default="text")
    export = verb("export", "the whole event as JSON")
    export.add_argument("-o", "--output", type=Path, metavar="FILE", help="instead of stdout")
    listing = verb("list", "every event, the newest first", pick=False)
    listing.add_argument("--format", choices=("text", "json"), default="text")
    watch = verb(
        "watch",
        "one JSON line per change (the log's entries, the tables' game events) as it lands "
        "(Ctrl+C ends)",
    )
    watch.add_argument(
        "--since", type=whole, metavar="SEQ", help="from after log entry SEQ (0: all); else now"
    )
    copy = verb("copy", "copy the event, with its games, to a server or from one")
    direction = copy.add_mutually_exclusive_group(required=True)
    direction.add_argument("--to", metavar="URL", help="the server to copy it to")
    direction.add_argument("--from", dest="source", metavar="URL", help="the server to copy from")
    return parser


def tables_options(parser: Parser) -> None:
    """--fixed-table and --skip-tables, as `new` and `settings` take them."""
    parser.add_argument(
        "--fixed-table",
        action="append",
        default=[],
        metavar="TEAM=N",
        dest="fixed_tables",
        help="the team sits at table N every round (again for another team)",
    )
    parser.add_argument(
        "--skip-tables", metavar="N,N...", help="table numbers never used (a judge station)"
    )


def paper_option(parser: Parser) -> None:
    """--paper, for what is drawn on paper."""
    parser.add_argument(
        "--paper",
        choices=("a4", "letter"),
        help="the paper size (else Letter where the system measures in US units, else A4)",
    )


def fixed_tables(typed: list[str]) -> list[tuple[str, int]]:
    """--fixed-table "TEAM=N" options as (team, number) pairs; CommandRefusedError for one
    that isn't TEAM=N."""
    pairs = []
    for text in typed:
        team, equals, number = text.rpartition("=")
        if not equals or not team.strip() or not number.strip().isdigit():
            raise CommandRefusedError(
                f'--fixed-table {quote(text)}: write TEAM=N, as in "Ann & Bob=1".'
            )
        pairs.append((clean_name(team, "--fixed-table: the team"), int(number.strip())))
    return pairs


def skipped_tables(text: str | None) -> list[int]:
    """--skip-tables "1,2" as numbers ("" for none); CommandRefusedError if it isn't."""
    if text is None or not text.strip():
        return []
    numbers = []
    for part in text.split(","):
        if not part.strip().isdigit():
            raise CommandRefusedError(
                f"--skip-tables {quote(text)}: write table numbers with commas, as in 1,2."
            )
        numbers.append(int(part.strip()))
    return numbers


def event_main(argv: list[str], data_dir: Path | None) -> int:
    """Runs `tablelife event ...` (`argv` is what follows "event"); returns the exit code.

    `data_dir` is the journal's folder unless --data-dir overrides it; if it is None,
    --data-dir is required.
    """
    return run(PROG, lambda: _main(argv, data_dir))


def _main(argv: list[str], data_dir: Path | None) -> int:
    args = _parser().parse_args(argv)
    return _COMMANDS[args.command](place_of(args, data_dir, PROG), args)


def _out(text: str, *, utf8: bool = False) -> None:
    """Writes `text` to stdout. JSON and CSV (`utf8`) are UTF-8 whatever the terminal says;
    text for people is in the terminal's encoding, with "?" for what it can't show. A reader
    that went away (`| head`) is not an error here."""
    stream = sys.stdout
    data = text.encode("utf-8", "replace") if utf8 else for_people(text)
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is None:  # a stream without bytes underneath (rare): text it is
            stream.write(data.decode(getattr(stream, "encoding", None) or "utf-8", "replace"))
            stream.flush()
        else:
            stream.flush()
            buffer.write(data)
            buffer.flush()
    except BrokenPipeError:  # e.g. `| head`: the reader has gone, and that is fine
        drop_stdout()
    except OSError as exc:  # a full disk
        drop_stdout()
        raise CommandFailedError(
            f"can't write to standard output: {exc.strerror or exc}."
        ) from None


# ----- names -----------------------------------------------------------------------------------


def clean_name(raw: str, what: str, *, limit: int = MAX_TEAM_NAME, team: bool = True) -> str:
    """A name as a person typed it, made fit to keep: trimmed, runs of spaces and tabs folded
    to one space, in Unicode's composed form (NFC). `CommandRefusedError` names the problem:
    what the shared name check (`tablelife.rules.names`) refuses (control, text-direction and
    invisible characters; a team's name over `MAX_NAME`), no visible character at all (blank),
    longer than `limit`; for a team, nobody on one side of "&" ("Ann &") or the word "draw".
    """
    spaced = raw.replace("\t", " ")
    # Checked before folding, which would quietly turn a line separator into a space.
    problem = text_problem(spaced)
    if problem is not None:
        raise CommandRefusedError(f"{what} {quote(raw)} {problem}.")
    name = unicodedata.normalize("NFC", " ".join(spaced.split()))
    if not any(visible(ch) for ch in name):
        raise CommandRefusedError(f"{what} is blank ({quote(raw)}).")
    problem = name_problem(name) if team else None
    if problem is None and len(name) > limit:
        problem = f"is {len(name)} characters long: at most {limit}"
    if problem is not None:
        raise CommandRefusedError(f"{what} {quote(name)} {problem}.")
    if team and half_empty(name):
        raise CommandRefusedError(f"{what} {quote(name)} has nobody on one side of '&'.")
    if team and name.casefold() == DRAW_WORD:
        raise CommandRefusedError(
            f"{what} can't be {quote(name)}: `event result TABLE draw` means a drawn match."
        )
    return name


def read_teams(path: Path, pods: bool = False, two_headed: bool = False) -> list[str]:
    """The teams in a teams file (`-` for stdin): one team a line, in UTF-8 (a BOM is fine).

    Lines that are empty or only spaces are skipped. Every other line is a team's name and goes
    through `clean_name`; `CommandRefusedError` names the line at fault, and a file that is missing,
    unreadable, not UTF-8, over `MAX_TEAMS_FILE` bytes, with a name twice (case and spacing
    aside), with too few teams (2, or 3 for pods) or more than `MAX_TEAMS`, and, for a
    Two-Headed Giant event (`two_headed`), a line that doesn't name two players ("Ann & Bob").
    """
    shown = "stdin" if str(path) == "-" else str(path)
    try:
        if str(path) == "-":
            raw = sys.stdin.buffer.read(MAX_TEAMS_FILE + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_TEAMS_FILE + 1)
    except OSError as exc:
        raise CommandRefusedError(
            f"can't read the teams file {shown}: {exc.strerror or exc}."
        ) from None
    except ValueError as exc:  # a path Python can't pass to the system
        raise CommandRefusedError(f"can't read the teams file {shown}: {exc}.") from None
    if len(raw) > MAX_TEAMS_FILE:
        raise CommandRefusedError(
            f"the teams file {shown} is larger than {MAX_TEAMS_FILE // 1024 // 1024} MiB: it "
            "should hold one team a line."
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CommandRefusedError(
            f"the teams file {shown} is not UTF-8 text (byte {exc.start + 1} can't be read); "
            "save it as UTF-8."
        ) from None
    teams: list[str] = []
    seen: dict[str, int] = {}
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip(" \t"):
            continue
        name = clean_name(line, f"line {number} of {shown}: the team name")
        heads = heads_problem(name, two_headed)
        if heads is not None:
            raise CommandRefusedError(f"line {number} of {shown}: the team {quote(name)} {heads}.")
        if team_key(name) in seen:
            raise CommandRefusedError(
                f"line {number} of {shown}: {quote(name)} is already on line "
                f"{seen[team_key(name)]}; every team needs a name of its own."
            )
        seen[team_key(name)] = number
        teams.append(name)
        if len(teams) > MAX_TEAMS:
            raise CommandRefusedError(f"the teams file {shown} has more than {MAX_TEAMS} teams.")
    least = 3 if pods else 2
    if len(teams) < least:
        raise CommandRefusedError(
            f"the teams file {shown} names {len(teams)} team{'s' * (len(teams) != 1)}: an "
            f"event needs at least {least}."
        )
    return teams


# ----- the journal -----------------------------------------------------------------------------


class _NoEventYetError(CommandRefusedError):
    """There is no journal in the folder yet, or one with nothing in it: no event."""

    def __init__(self, folder: Path) -> None:
        super().__init__(
            f"there is no event in {folder} yet: start one with `tablelife event new`."
        )


def _need_journal(place: Place) -> None:
    folder = place.folder
    if folder is not None and not (folder / FILE_NAME).is_file():
        raise _NoEventYetError(folder)


@contextlib.contextmanager
def _writing(place: Place) -> Iterator[Journal]:
    """The journal open for writing: a server's, or a folder's under its one-writer lock;
    `CommandRefusedError` if a window (or another writing command) holds the folder."""
    if place.folder is None:
        with server_journal(place, writing=True) as journal:
            yield journal
        return
    folder = place.folder
    lock = FolderLock(folder)
    try:
        free = lock.acquire()
    except LockUnavailableError as exc:  # nothing would keep a window from writing too
        raise CommandRefusedError(f"{exc} Nothing was changed.") from None
    except OSError:
        free = True  # the folder can't be made at all: opening the journal says why
    if not free:
        raise CommandRefusedError(_WINDOW_HOLDS.format(folder=folder))
    try:
        opened = open_journal(folder)
        if opened.journal is None or not opened.saving:
            if opened.journal is not None:
                opened.journal.close()
            if opened.unwritable is not None:
                raise CommandFailedError(
                    f"Tablelife can't write to {folder / FILE_NAME}: {opened.unwritable}. "
                    "Nothing was changed."
                )
            raise CommandFailedError(opened.message or f"the journal in {folder} can't be written.")
        if opened.message:
            say(f"{PROG}: note: {opened.message}")
        with opened.journal as journal:
            yield journal
    finally:
        lock.release()


@contextlib.contextmanager
def _reading(place: Place) -> Iterator[Journal]:
    """The journal open read-only (a window or another device may be writing it meanwhile)."""
    _need_journal(place)
    if place.folder is None:
        with server_journal(place, writing=False) as journal, _failing(), journal.snapshot():
            yield journal  # one moment of the server's journal
        return
    opened = open_journal(place.folder, readonly=True)
    if opened.empty:  # its making was cut short: nothing in it yet
        raise _NoEventYetError(place.folder)
    if opened.journal is None:
        raise CommandFailedError(opened.message or f"the journal in {place} can't be read.")
    with opened.journal as journal, _failing(), journal.snapshot():
        yield journal  # one moment of the file, whatever a window writes meanwhile


@contextlib.contextmanager
def _failing() -> Iterator[None]:
    """A JournalError as the command's failure, in its words."""
    try:
        yield
    except JournalError as exc:
        raise CommandFailedError(str(exc)) from None


def _refuse_if_held(place: Place) -> None:
    if place.folder is not None and held_by_another(place.folder):
        raise CommandRefusedError(_WINDOW_HOLDS.format(folder=place.folder))


def _pick(journal: Journal, event_id: int | None, *, reading: bool = False) -> int:
    """The event --event names, else the newest unfinished one; for a reading command, else
    the newest one (an evening whose last result is in is finished, and still read)."""
    try:
        return _picked(journal, event_id, reading=reading)
    except JournalError as exc:
        raise CommandFailedError(str(exc)) from None


def _picked(journal: Journal, event_id: int | None, *, reading: bool = False) -> int:
    """`_pick`, a journal error left as it is (inside a step, which may try again)."""
    try:
        if event_id is not None:
            journal.tournament(event_id)
            return event_id
        found = newest_running_event(journal)
        newest = next(iter(journal.tournaments()), None)
        if found is None and newest is not None:
            if reading:
                return newest.id
            raise CommandRefusedError(
                f"event {newest.id} ({quote(newest.name)}) is over: start a new one with "
                "`tablelife event new`, or name one with --event ID."
            )
    except UnknownTournamentError:
        raise CommandRefusedError(
            f"there is no event {event_id}: `tablelife event list` shows them."
        ) from None
    if found is None:
        raise CommandRefusedError(
            "there is no unfinished event: start one with `tablelife event new`, or name one "
            "with --event ID."
        )
    return found


def _load_trusted(journal: Journal, event_id: int) -> tuple[Tournament, int | None]:
    """For a reading command: the event, or where its log's chain breaks, the event as the
    entries before the break make it, with a warning (as `tablelife export` of a game); and
    the first entry not trusted, or None."""
    try:
        event, broken = load_trusted_event(journal, event_id)
    except JournalError as exc:
        raise CommandFailedError(str(exc)) from None
    if broken is None:
        return event, None
    say(
        f"{PROG}: warning: {broken} Shown as the entries before it make the event; "
        "tablelife verify lists what is wrong."
    )
    return event, broken.seq


@contextlib.contextmanager
def _taking() -> Iterator[None]:
    """A step through `tablelife.ops`: RefusedError is a refusal (nothing written),
    JournalError a failure."""
    try:
        yield
    except RefusedError as exc:
        raise CommandRefusedError(str(exc)) from None
    except JournalError as exc:
        raise CommandFailedError(f"nothing was changed: {exc}") from None


Take = Callable[[Journal, int, Tournament], OpChanges]
"""A writing command's step: an operation of `tablelife.ops.event` on the event as it stands."""


def _step(
    place: Place, args: argparse.Namespace, take: Take, *, says_notes: bool = False
) -> OpChanges:
    """Takes a writing command's step: the event `--event` names (else the newest unfinished
    one), read, checked and written in ONE transaction (`Journal.run`), so the step is taken
    on the event as it stands; on a server, tried again from the start when another device's
    step got there first. Its notes (and what became of a step whose connection dropped) are
    said once it is saved (the step's own notes on stdout by the command itself, with
    `says_notes`)."""
    _refuse_if_held(place)
    _need_journal(place)
    with _writing(place) as journal, _taking():

        def once() -> OpChanges:
            event_id = _picked(journal, args.event)
            try:
                event = load_event(journal, event_id)
            except StorageError:
                raise  # the server or the disk: the step may be tried again
            except JournalError as exc:  # the event itself can't be read
                raise CommandFailedError(str(exc)) from None
            return take(journal, event_id, event)

        changes = journal.run(once)
        notes = [*([] if says_notes else changes.notes), *journal.take_notices()]
    for note in notes:  # only now: the step is saved
        say(f"{PROG}: note: {note}")
    return changes


def format_of(settings: EventSettings) -> str:
    """The event's format as `event new --format` takes it: "2hg", "duel", "ffa:4"..."""
    return f"{settings.format}:{settings.pod_size}" if settings.pods else settings.format


# ----- writing commands ------------------------------------------------------------------------


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _new(place: Place, args: argparse.Namespace) -> int:
    _refuse_if_held(place)
    name = clean_name(args.name, "the event's name", limit=MAX_EVENT_NAME, team=False)
    try:
        kind, pod_size = EventSettings.parse_format(args.event_format)
    except EventError as exc:
        raise CommandRefusedError(f"--format: {exc}") from None
    pods = kind in ("ffa", "commander")
    if args.top and pods:
        raise CommandRefusedError("--top: a top cut is for 2hg and duel events, not pods.")
    teams = read_teams(args.teams, pods=pods, two_headed=kind == "2hg")
    if pods:
        try:  # refused now, not at the first `event pair`, when no pod size could change
            pod_sizes(len(teams), pod_size)
        except TournamentError as exc:
            raise CommandRefusedError(f"--format: {exc}") from None
    rounds = args.rounds if args.rounds is not None else suggested_rounds(len(teams))
    fixed, skipped = fixed_tables(args.fixed_tables), skipped_tables(args.skip_tables)
    try:
        settings = EventSettings(
            name=name,
            format=kind,
            rounds=rounds,
            best_of=args.best_of,
            minutes=args.minutes,
            top=args.top,
            pod_size=pod_size,
            fixed_tables=steps.check_tables(teams, fixed),
            skipped_tables=tuple(skipped),
        )
    except EventError as exc:
        raise CommandRefusedError(str(exc)) from None
    except RefusedError as exc:
        raise CommandRefusedError(f"--fixed-table: {exc}") from None
    with _writing(place) as journal:
        try:
            event_id = steps.new_event(journal, settings, teams)
            for note in journal.take_notices():
                say(f"{PROG}: note: {note}")
        except RefusedError as exc:
            raise CommandRefusedError(str(exc)) from None
        except JournalError as exc:
            raise CommandFailedError(f"the event was not created: {exc}") from None
    top = f", then a top {settings.top}" if settings.top else ""
    _out(
        f"Event {event_id}: {name} \u00b7 {settings.title}, {len(teams)} teams, "
        f"{settings.rounds} Swiss round{'s' * (settings.rounds != 1)}{top}, best of "
        f"{settings.best_of}, {settings.minutes}-minute rounds. Next: tablelife event pair\n"
    )
    return 0


def _add(place: Place, args: argparse.Namespace) -> int:
    team = clean_name(args.team, "the team name")
    losses = not args.no_losses
    changes = _step(
        place,
        args,
        lambda j, i, event: steps.add_team(j, i, event, team, losses=losses),
        says_notes=True,
    )
    said = f"{team} joins {changes.event.settings.name}, paired from the next round on."
    for note in changes.notes:  # the rounds it missed, and what they count for
        said += " " + note
    _out(said + "\n")
    return 0


def _drop(place: Place, args: argparse.Namespace) -> int:
    return _team_step(
        place, args, steps.drop_team, "has dropped: it keeps its standing and is not paired again"
    )


def _return(place: Place, args: argparse.Namespace) -> int:
    return _team_step(
        place, args, steps.return_team, "is back in the event, paired from the next round on"
    )


def _team_step(
    place: Place, args: argparse.Namespace, op: Callable[..., OpChanges], said: str
) -> int:
    """A step about one of the event's teams (`args.team`), and what it did to the team."""
    found: list[str] = []

    def take(journal: Journal, event_id: int, event: Tournament) -> OpChanges:
        found[:] = [find_team(event, args.team)]
        return op(journal, event_id, event, found[0])

    _step(place, args, take)
    _out(f"{found[0]} {said}.\n")
    return 0


def _pair(place: Place, args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    event = _step(place, args, lambda j, i, e: steps.pair_next(j, i, e, seed)).event
    current = event.current
    assert current is not None
    if args.format == "json":
        _out(json.dumps(pairings_by_table(current), ensure_ascii=False) + "\n", utf8=True)
        return 0
    _out(_tables_text(event, current, seed))
    return 0


def _tables_text(event: Tournament, round_: RoundState, seed: int | None = None) -> str:
    """A round's tables as `event pair` says them: "Table 3: A vs B", "Table 9: C (bye)"."""
    if round_.elimination:
        kind = f"round {round_.number}, single elimination"
    else:
        kind = f"round {round_.number} of {event.settings.rounds}, Swiss"
        if seed is not None:
            kind += f", seed {seed}"
    lines = [f"{event.settings.name} \u00b7 {kind}:"]
    width = len(str(max((t.number for t in round_.tables), default=1)))
    for t in round_.tables:
        lines.append(f"  Table {t.number:>{width}}: {steps.seated(t)}")
    return "\n".join(lines) + "\n"


def _unpair(place: Place, args: argparse.Namespace) -> int:
    taken: list[RoundState] = []

    def take(journal: Journal, event_id: int, event: Tournament) -> OpChanges:
        changes = steps.unpair_round(journal, event_id, event)
        assert event.current is not None
        taken[:] = [event.current]  # the round as it was paired
        return changes

    _step(place, args, take)
    current = taken[0]
    _out(
        f"Round {current.number}'s pairings are taken back, its clock with them: "
        f"{_count(len(current.tables), 'table')} gone. Pair it again: tablelife event pair\n"
    )
    return 0


def _settings(place: Place, args: argparse.Namespace) -> int:
    changing = bool(args.fixed_tables) or args.no_fixed_tables or args.skip_tables is not None
    if args.fixed_tables and args.no_fixed_tables:
        raise CommandRefusedError("--fixed-table and --no-fixed-tables: choose one.")
    if changing:
        typed = fixed_tables(args.fixed_tables)
        skip = skipped_tables(args.skip_tables) if args.skip_tables is not None else None

        def take(journal: Journal, event_id: int, event: Tournament) -> OpChanges:
            settings = event.settings
            fixed = (
                []
                if args.no_fixed_tables
                else typed
                if args.fixed_tables
                else list(settings.fixed_tables)
            )
            skipped = skip if skip is not None else list(settings.skipped_tables)
            return steps.set_tables(journal, event_id, event, fixed, skipped)

        event = _step(place, args, take).event
    else:
        with _reading(place) as journal:
            event, _broken = _load_trusted(journal, _pick(journal, args.event, reading=True))
    settings = event.settings
    if args.format == "json":
        _out(json.dumps(settings.to_dict(), ensure_ascii=False) + "\n", utf8=True)
        return 0
    fixed_said = ", ".join(f"{team} at {n}" for team, n in settings.fixed_tables) or "none"
    skipped_said = ", ".join(map(str, settings.skipped_tables)) or "none"
    after = " (from the next round on)" if changing and event.rounds else ""
    _out(
        f"{settings.name} \u00b7 fixed tables{after}: {fixed_said}; tables never used: "
        f"{skipped_said}.\n"
    )
    return 0


def _clear(place: Place, args: argparse.Namespace) -> int:
    """`event clear TABLE`: the table's result taken back, as the desk's `12 result clear`."""
    numbers: list[int] = []

    def take(journal: Journal, event_id: int, event: Tournament) -> OpChanges:
        numbers[:] = [args.round or len(event.rounds)]
        return steps.clear_result(journal, event_id, event, args.table, round_number=args.round)

    _step(place, args, take)
    _out(
        f"Round {numbers[0]}, table {args.table}: its result is taken back (it stays in the "
        "journal as a correction).\n"
    )
    return 0


def _result(place: Place, args: argparse.Namespace) -> int:
    games = None if args.games is None else _games(args.games)
    seen = races.ResultSeen()  # the round and the table's result, as the first try found them
    chosen: list[str | None] = []

    def take(journal: Journal, event_id: int, event: Tournament) -> OpChanges:
        winner = None if team_key(args.winner) == DRAW_WORD else find_team(event, args.winner)
        chosen[:] = [winner]
        number = seen.check(event, args.table, args.round)
        return steps.enter_result(
            journal, event_id, event, args.table, winner, games, round_number=number
        )

    changes = _step(place, args, take)
    winner = chosen[0]
    number = seen.round or len(changes.event.rounds)
    table = changes.event.rounds[number - 1].table(args.table)
    if winner is None:
        said = f"a draw between {' and '.join(table.teams)}"
    else:
        said = f"{winner} won against {' and '.join(t for t in table.teams if t != winner)}"
    if games is not None:
        said += f" ({'-'.join(map(str, games))})"  # as the journal keeps them: 2-1 is 2-1-0
    note = " (a correction: the earlier result stays in the journal)" if table.corrections else ""
    _out(f"Round {number}, table {args.table}: {said}{note}.\n")
    if games is None and changes.event.settings.best_of > 1 and len(table.teams) == 2:
        # Kept as before (a match of one game), but GW% counts games: say so.
        say(
            f"{PROG}: note: without --games this best-of-{changes.event.settings.best_of} match "
            "counts as one game won (1-0, or 0-0-1 for a draw) in the game-win figures; give "
            "them with --games W-L-D."
        )
    return 0


def _games(text: str) -> tuple[int, int, int]:
    """--games as the desk reads a match's games ("2-1" is 2-1-0): one parser for both."""
    try:
        return parse_games(text)
    except TournamentError as exc:
        raise CommandRefusedError(f"--games: {exc}") from None


# ----- reading commands ------------------------------------------------------------------------

PICTURES = (".pdf", ".png")
"""What `-o` draws on paper: a PDF, or a picture of its first page."""


def _round_to_print(place: Place, args: argparse.Namespace) -> tuple[Tournament, RoundState]:
    """The event (read-only) and the round `--round` names, else its latest."""
    with _reading(place) as journal:
        event, _broken = _load_trusted(journal, _pick(journal, args.event, reading=True))
    try:
        return event, round_of(event, args.round)
    except EventError as exc:
        raise CommandRefusedError(str(exc)) from None


def _pairings(place: Place, args: argparse.Namespace) -> int:
    output: Path | None = args.output
    suffix = output.suffix.lower() if output is not None else ""
    kind = args.format or ("pdf" if suffix in PICTURES else "text")
    if kind == "pdf" and (output is None or str(output) == "-" or suffix not in PICTURES):
        raise CommandRefusedError(
            "--format pdf needs -o FILE.pdf (or -o FILE.png for a picture of its first page)."
        )
    if kind != "pdf" and suffix in PICTURES:
        raise CommandRefusedError(
            f"--format {kind} writes text, not a {suffix} file: leave --format out, or give "
            "--format pdf."
        )
    event, round_ = _round_to_print(place, args)
    if kind == "pdf":
        assert output is not None
        from tablelife.paper import sheets as paper  # Qt's painter: loaded for this alone

        paper_size = args.paper or paper.default_paper()
        picture = suffix == ".png"
        if args.by == "table":
            data = paper.pairings_by_table(event.settings.name, round_, paper_size, picture=picture)
        else:
            rows = pairings_by_name(event, round_)
            data = paper.pairings_by_name(
                event.settings.name, round_, rows, paper_size, picture=picture
            )
        _write_to(place, output, data)
        return 0
    if kind == "json":
        if args.by == "table":
            found: list[dict[str, Any]] = pairings_by_table(round_)
        else:
            found = [r.to_dict() for r in pairings_by_name(event, round_)]
        text = json.dumps(found, ensure_ascii=False) + "\n"
    elif args.by == "table":
        text = _tables_text(event, round_)
    else:
        text = _names_text(event, round_)
    if output is None or str(output) == "-":
        _out(text, utf8=kind == "json")
    else:
        _write_to(place, output, text)
    return 0


def _names_text(event: Tournament, round_: RoundState) -> str:
    """The pairings by name as text: each player, their table (or "bye"), and who plays."""
    rows = pairings_by_name(event, round_)
    kind = "single elimination" if round_.elimination else "Swiss"
    lines = [f"{event.settings.name} \u00b7 round {round_.number}, {kind} \u00b7 by name:"]
    width = max((len(r.player) for r in rows), default=4)
    for r in rows:
        table = f"table {r.table}" if r.table is not None else "bye"
        against = f"{r.team} vs {' and '.join(r.opponents)}" if r.opponents else r.team
        lines.append(f"  {r.player:<{width}}  {table:<9}  {against}")
    return "\n".join(lines) + "\n"


def _slips(place: Place, args: argparse.Namespace) -> int:
    output: Path = args.output
    suffix = output.suffix.lower()
    if suffix not in PICTURES:
        raise CommandRefusedError(
            f"-o {output}: slips are drawn into a .pdf file (or a .png picture of the first page)."
        )
    event, round_ = _round_to_print(place, args)
    found = slips(event, round_)
    if not found:
        raise CommandRefusedError(
            f"round {round_.number} has no table that needs a result slip (only a bye)."
        )
    from tablelife.paper import sheets as paper  # Qt's painter: loaded for this alone

    data = paper.result_slips(found, args.paper or paper.default_paper(), picture=suffix == ".png")
    _write_to(place, output, data)
    return 0


def _write_to(place: Place, output: Path, data: str | bytes) -> None:
    """What a command made, to `-o FILE` (never over the journal or its files; through
    links; straight into a device or a pipe), all at once."""
    target = output_target(place.folder, output)
    try:
        if is_stream(output):
            write_device(output, data)
        else:
            write_atomic(target, data)
    except OSError as exc:
        raise CommandFailedError(f"can't write {output}: {exc.strerror or exc}.") from None


def _standings(place: Place, args: argparse.Namespace) -> int:
    with _reading(place) as journal:
        event, _broken = _load_trusted(journal, _pick(journal, args.event, reading=True))
    table = event.standings()
    if args.format == "json":
        _out(json.dumps([standing_data(s) for s in table], ensure_ascii=False) + "\n", utf8=True)
    elif args.format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "team", "points", "record", "mw", "omw", "gw", "ogw"])
        for s in table:
            figures = [f"{x:.4f}" for x in (s.mw, s.omw, s.gw, s.ogw)]
            writer.writerow([s.rank, _cell(s.team), s.points, _record(s), *figures])
        _out(out.getvalue(), utf8=True)
    else:
        _out(_standings_text(event, table))
    return 0


def standing_data(s: Standing) -> dict[str, Any]:
    """One line of the standings as JSON: rank, team, points, record [W, L, D], and the four
    figures as fractions of 1 (MTR Appendix C)."""
    return {
        "rank": s.rank,
        "team": s.team,
        "points": s.points,
        "record": list(s.record),
        "mw": s.mw,
        "omw": s.omw,
        "gw": s.gw,
        "ogw": s.ogw,
    }


def _record(s: Standing) -> str:
    return "-".join(map(str, s.record))


def _cell(text: str) -> str:
    """Text a spreadsheet won't run as a formula (a name like "=SUM(...)")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _standings_text(event: Tournament, table: list[Standing]) -> str:
    current = event.current
    if current is None:
        after = "before round 1"
    elif current.finished:
        after = f"after round {current.number}"
    else:  # its byes and the results in so far count already
        after = f"during round {current.number}, with its results so far"
    lines = [f"{event.settings.name} \u00b7 standings {after}"]
    names = [s.team + (" (dropped)" if s.team in event.dropped else "") for s in table]
    width = max([4, *map(len, names)])
    # Enough decimals to tell apart the figures that decided a place (56.25 and 56.17, not
    # 56.2 twice): one, or more where a tiebreaker needs them.
    places = decisive_decimals(table, least=1)
    wide = 4 + places
    heads = "  ".join(f"{h:>{wide}}" for h in ("MW%", "OMW%", "GW%", "OGW%"))
    lines.append(f"{'#':>3}  {'Team':<{width}}  {'Pts':>3}  {'W-L-D':<7}  {heads}")
    for s, name in zip(table, names, strict=True):
        figures = "  ".join(f"{100 * x:{wide}.{places}f}" for x in (s.mw, s.omw, s.gw, s.ogw))
        lines.append(f"{s.rank:>3}  {name:<{width}}  {s.points:>3}  {_record(s):<7}  {figures}")
    return "\n".join(lines) + "\n"


def export_data(event_id: int, event: Tournament, now: float) -> dict[str, Any]:
    """The whole event as JSON-ready data: its name and format, settings, teams, every round
    with its tables and results, the standings, and the round clock at `now`."""
    rounds = []
    for r in event.rounds:
        tables = []
        for t in r.tables:
            result = None
            if t.result is not None:
                outcomes = dict(t.result.outcomes)
                won = [team for team, o in outcomes.items() if o in ("win", "bye")]
                games = t.result.games
                result = {
                    "winner": won[0] if won else None,
                    "outcomes": outcomes,
                    "games": None if games is None else {k: list(v) for k, v in games.items()},
                }
            tables.append(
                {
                    "table": t.number,
                    "teams": list(t.teams),
                    "result": result,
                    "corrections": t.corrections,
                    "extension_s": t.extension,
                    "additional_turns": t.turns,
                    "game_id": t.game_id,
                    "earlier_game_ids": list(t.earlier_games),
                }
            )
        rounds.append({"round": r.number, "elimination": r.elimination, "tables": tables})
    settings = event.settings
    return {
        "id": event_id,
        "name": settings.name,
        "format": format_of(settings),
        "settings": settings.to_dict(),
        "teams": list(event.teams),
        "dropped": [t for t in event.teams if t in event.dropped],
        "rounds": rounds,
        "standings": [standing_data(s) for s in event.standings()],
        "clock": clock_data(event, now),
    }


def clock_data(event: Tournament, now: float) -> dict[str, Any]:
    """The current round's clock: its minutes, whether it runs, and the whole seconds left
    (negative after time is called; the full round before it starts or before any round).
    A finished round's clock (a finished event's) is stopped: the time left when its last
    result came in, the same at every export."""
    current = event.current
    minutes = event.settings.minutes
    if current is None:
        return {"minutes": minutes, "running": False, "remaining_s": minutes * 60}
    clock = current.clock
    # A wall clock set back since the clock last started can't make the round longer.
    at = max(now, clock.since) if clock.since is not None else now
    if current.finished and current.ended is not None:
        at = current.ended  # stopped when the last result came in, as the desk shows it
    remaining = clock.remaining(at) if clock.started else clock.length
    return {
        "minutes": minutes,
        "running": clock.running and not current.finished,  # as the desk: stopped then
        "remaining_s": math.ceil(remaining) if remaining > 0 else math.floor(remaining),
    }


def log_data(rows: Iterable[LogRow]) -> list[dict[str, Any]]:
    """An event's log as JSON-ready data, every step staff took in order, with its time (Unix
    seconds): the record a judge reads, corrections and taken-back results included."""
    return [{"seq": r.seq, "time": r.time, "kind": r.kind, "data": r.data} for r in rows]


def _export(place: Place, args: argparse.Namespace) -> int:
    with _reading(place) as journal:
        event_id = _pick(journal, args.event, reading=True)
        event, broken = _load_trusted(journal, event_id)
        rows = journal.tournament_log(event_id, verify=False)
        log = log_data(r for r in rows if broken is None or r.seq < broken)
        now = journal.now()  # a server's clock, which its steps were taken by
    data = {
        "tablelife": version(),
        **export_data(event_id, event, max(now, event.latest)),
        "log": log,
    }
    text = json.dumps(data, indent=2, ensure_ascii=False)
    output: Path | None = args.output
    if output is None or str(output) == "-":
        _out(text + "\n", utf8=True)
        return 0
    # The same careful writer as `tablelife export -o`.
    _write_to(place, output, text + "\n")
    return 0


def _list(place: Place, args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    with contextlib.suppress(_NoEventYetError), _reading(place) as journal:
        try:
            found = journal.tournaments()
        except JournalError as exc:
            raise CommandFailedError(str(exc)) from None
        for row in found:
            rows.append(_list_row(journal, row.id, row.name, row.is_finished))
    if args.format == "json":
        _out(json.dumps(rows, ensure_ascii=False) + "\n", utf8=True)
        return 0
    if not rows:
        _out(f"There are no events in {place} yet.\n")
        return 0
    lines = []
    for r in rows:
        if r.get("problem"):
            lines.append(f"{r['id']:>4}  {r['name']}: can't be read: {r['problem']}")
            continue
        status = "finished" if r["finished"] else "running"
        played, swiss = r["rounds_played"], r["rounds"]
        # A top cut's rounds come after the Swiss ones: "round 2 of 1" would read as a slip.
        where = (
            f"round {played} of {swiss}"
            if played <= swiss
            else f"top cut round {played - swiss}, after {_count(swiss, 'Swiss round')}"
        )
        lines.append(
            f"{r['id']:>4}  {r['name']} \u00b7 {r['format']} \u00b7 {r['teams']} teams \u00b7 "
            f"{where} \u00b7 {status}"
        )
    _out("\n".join(lines) + "\n")
    return 0


def _list_row(journal: Journal, event_id: int, name: str, finished: bool) -> dict[str, Any]:
    try:
        event = load_event(journal, event_id)
    except JournalError as exc:
        return {"id": event_id, "name": name, "finished": finished, "problem": str(exc)}
    return {
        "id": event_id,
        "name": name,
        "format": format_of(event.settings),
        "teams": len(event.teams),
        "rounds_played": len(event.rounds),
        "rounds": event.settings.rounds,
        "finished": finished or event.finished,
    }


def _watch(place: Place, args: argparse.Namespace) -> int:
    """`event watch`: each change to the event as one JSON line, as it lands, from after
    `--since SEQ` or from now, until Ctrl+C (exit 0): its log's entries, as the export's `log`
    has them, and its tracked tables' game events, with the table and the totals after them
    (`tablelife.cli.watching`). A server tells of each change as its step commits
    (LISTEN/NOTIFY); a data folder is looked at four times a second. A server that went away
    is waited for, and what it missed is read from the journal when it is back, never from a
    full reload."""
    _need_journal(place)
    if args.since is not None and args.since < 0:
        raise CommandRefusedError(f"{PROG}: --since takes a log entry's number, 0 or more.")
    try:
        if place.folder is None:
            with server_journal(place, writing=False) as journal:
                return _watching(journal, args)
        opened = open_journal(place.folder, readonly=True)
        if opened.journal is None:
            raise CommandFailedError(opened.message or f"the journal in {place} can't be read.")
        with opened.journal as journal:
            return _watching(journal, args)
    except KeyboardInterrupt:  # Ctrl+C: the watch is over, as asked
        return 0


def _watching(journal: Journal, args: argparse.Namespace) -> int:
    with _failing():
        event_id = _pick(journal, args.event, reading=True)
        watch = Watch(journal, event_id, args.since)
        name = journal.tournament(event_id).name
    say(
        f"{PROG}: watching {quote(name)} (event {event_id}) after log entry {watch.seen}; "
        "Ctrl+C ends."
    )
    lost = False
    told: list[Told] | None = None  # None: look at everything
    try:
        while True:
            try:
                lines = watch.read(told)
                if lost:
                    say(f"{PROG}: note: the journal answers again; what it missed follows.")
                    lost = False
                for line in lines:
                    _out(json.dumps(line, ensure_ascii=False) + "\n", utf8=True)
                told = watch.wait()
            except StorageError as exc:  # the server went away: wait for it, then catch up
                if not lost:
                    say(f"{PROG}: note: {exc} Waiting for it.")
                    lost = True
                watch.lost()
                told = None
                time.sleep(1.0)
            except JournalError as exc:  # the journal itself can't be trusted: say so, stop
                raise CommandFailedError(str(exc)) from None
    finally:
        watch.close()


def _copy(place: Place, args: argparse.Namespace) -> int:
    """`event copy --to URL` / `--from URL`: the event (`--event`, else the newest) with its
    games, from here (the data folder, or --server) to that server, or from it to here; every
    row as it is, checksums kept, in one transaction. The same event already there is refused
    (exit 2), as is an id that is another's there."""
    there = Place(server=args.to or args.source)
    source, target = (place, there) if args.to else (there, place)
    with _reading(source) as journal:
        event_id = _pick(journal, args.event, reading=True)
        try:
            rows = copying.read_event(journal, event_id)
        except copying.CopyRefusedError as exc:
            raise CommandRefusedError(str(exc)) from None
    _refuse_if_held(target)
    with _writing(target) as journal:
        try:
            copying.write_event(journal, rows)
        except (copying.AlreadyThereError, copying.CopyRefusedError) as exc:
            raise CommandRefusedError(f"{exc} Nothing was copied.") from None
        except JournalError as exc:
            raise CommandFailedError(f"nothing was copied: {exc}") from None
        for note in journal.take_notices():
            say(f"{PROG}: note: {note}")
    name = rows.tournament[1]
    shown = name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)
    entries = len(rows.log)
    said = f"{entries} log entr{'y' if entries == 1 else 'ies'}"
    games = f"{_count(len(rows.games), 'game')} with {_count(len(rows.events), 'event')}"
    _out(
        f"Copied event {event_id} ({quote(shown)}) to {target}: {said}, {games}, checksums kept.\n"
    )
    return 0


_COMMANDS: dict[str, Callable[[Place, argparse.Namespace], int]] = {
    "new": _new,
    "add": _add,
    "drop": _drop,
    "return": _return,
    "pair": _pair,
    "unpair": _unpair,
    "result": _result,
    "clear": _clear,
    "settings": _settings,
    "pairings": _pairings,
    "slips": _slips,
    "standings": _standings,
    "export": _export,
    "list": _list,
    "watch": _watch,
    "copy": _copy,
}
