"""`Game`: the rules of one game as pure functions over immutable state.

`Game.apply` takes changes as one simultaneous event (one spell's resolution, one combat damage
step) and checks state-based actions once, after it (CR 704.3). Undo and redo step through whole
events.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import field
from typing import Literal, TypeVar

from tablelife.rules import told
from tablelife.rules.changes import (
    CHANGE_TYPES,
    COUNTER_KINDS,
    DIE_SIDES,
    EFFECT_KINDS,
    BecomeMonarch,
    CastCommander,
    Change,
    CommanderDamage,
    Concede,
    Damage,
    DayNight,
    DrawGame,
    Effect,
    EndOfMatch,
    ExchangeLife,
    FlipCoin,
    GainLife,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    PlayerCounters,
    Poison,
    RollDie,
    SetLife,
    StartingTeam,
    Storm,
    TakeInitiative,
    WinGame,
    field_names,
)
from tablelife.rules.errors import RuleError
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, Context, arg, grouped, translate
from tablelife.rules.told import retell, tell
from tablelife.rules.values import frozen
from tablelife.rules.variants import COMMANDER_DAMAGE_LIMIT, FreeForAll, TwoHeadedGiant, Variant


class Rules(Context):
    """The translation context of the rules' messages (tablelife.rules.told holds its templates)."""


Status = Literal["playing", "won", "lost", "drawn"]
_K = TypeVar("_K", int, str)

MAX_AMOUNT = 1_000_000
"""The typo limit: the largest amount (damage, loss, gain, poison) or set life total, either
way from 0, that a change may name: more is surely a typo. It guards only what is typed: a
payment is limited by the life there is to pay, never by this (CR 119.4)."""


def cite(rules: str) -> str:
    """A stored rule list as people read it: "CR 104.3b, 104.3f", or "MTR 2.4" as it is."""
    if not rules or rules.startswith("MTR"):
        return rules
    return f"CR {rules}"


@frozen(slots=True)
class TeamState:
    """One team's (or, in free-for-all, one player's) part of the state."""

    life: int
    poison: int = 0
    status: Status = "playing"
    reason: str = ""
    rule: str = ""
    effects: frozenset[str] = frozenset()

    @property
    def playing(self) -> bool:
        """Still in the game."""
        return self.status == "playing"


CommanderTally = tuple[tuple[int, int, int, int], ...]
"""Combat damage from commanders: (player, source, commander, amount), sorted, amounts above 0."""

DAY_OR_NIGHT = ("", "day", "night")
"""Whether it is day or night: neither ("", as every game starts), "day" or "night"."""


@frozen(slots=True)
class Marks:
    """What a game keeps beyond life, poison and commander damage: the designations and the
    counters players reach for. Most games have none: then it is `NO_MARKS`, the one object.

    `monarch` and `initiative` are the seat that holds each, -1 while nobody does (CR 724.1,
    725.1); `casts` how often each commander was cast from the command zone, as sorted
    (player, commander, casts) with casts above 0 (CR 903.8); `counters` each player's
    counters of each kind, as sorted (player, kind, amount) with amounts above 0 (CR 122.1);
    `storm` the spells cast this turn (CR 702.40a); `day` "", "day" or "night" (CR 502.2).
    """

    monarch: int = -1
    initiative: int = -1
    casts: tuple[tuple[int, int, int], ...] = ()
    counters: tuple[tuple[int, str, int], ...] = ()
    storm: int = 0
    day: str = ""

    def casts_of(self, player: int, commander: int = 0) -> int:
        """How often `player`'s commander (1: their second, a partner) was cast from the
        command zone (CR 903.8)."""
        for p, c, n in self.casts:
            if (p, c) == (player, commander):
                return n
        return 0

    def counter(self, player: int, kind: str) -> int:
        """`player`'s counters of `kind` (CR 122.1)."""
        for p, k, n in self.counters:
            if (p, k) == (player, kind):
                return n
        return 0


NO_MARKS = Marks()
"""A game with no designation, no commander cast, no counters, no storm count and neither
day nor night: every state without marks shares this one object (`marks` keeps it so)."""


def marks(
    monarch: int = -1,
    initiative: int = -1,
    casts: tuple[tuple[int, int, int], ...] = (),
    counters: tuple[tuple[int, str, int], ...] = (),
    storm: int = 0,
    day: str = "",
) -> Marks:
    """A `Marks`, or `NO_MARKS` itself when it would equal it: a state is told to have none
    by identity (`state.marks is NO_MARKS`), in the steps a tap takes."""
    if monarch == initiative == -1 and not casts and not counters and not storm and not day:
        return NO_MARKS
    return Marks(monarch, initiative, casts, counters, storm, day)


def _changed(old: Marks, **fields: object) -> Marks:
    """`old` with `fields` changed (through `marks`, so no marks is `NO_MARKS`)."""
    values: dict[str, object] = {
        "monarch": old.monarch,
        "initiative": old.initiative,
        "casts": old.casts,
        "counters": old.counters,
        "storm": old.storm,
        "day": old.day,
    }
    values.update(fields)
    return marks(**values)  # type: ignore[arg-type]


@frozen(slots=True)
class State:
    """The whole state of a game at one moment."""

    teams: tuple[TeamState, ...]
    active: int = 0
    turn: int = 1
    commander_damage: CommanderTally = ()
    """Combat damage each player has been dealt by each commander (CR 903.10a)."""
    highest_life_only: bool = False
    """MTR 2.4: a single-elimination match tied at the top at time goes on with an extra
    state-based action: a team without the highest life total loses."""
    marks: Marks = NO_MARKS
    """The monarch, the initiative, commander casts, player counters, the storm count and day
    or night (`Marks`)."""

    def commander_damage_to(self, player: int, source: int, commander: int = 0) -> int:
        """Combat damage `player` has been dealt by `source`'s commander (0, or 1 for the second
        partner) over the game (CR 903.10a)."""
        for p, s, c, amount in self.commander_damage:
            if (p, s, c) == (player, source, commander):
                return amount
        return 0

    @property
    def over(self) -> bool:
        """True once a team has won or no team is still playing."""
        status = [t.status for t in self.teams]  # one pass: a replay asks at every event
        return "won" in status or "playing" not in status

    @property
    def winners(self) -> tuple[int, ...]:
        """The teams that won: empty while the game is on and after a draw."""
        return tuple(i for i, t in enumerate(self.teams) if t.status == "won")


@frozen(slots=True)
class Blocked:
    """Why one change of an event did not take effect, or not all of it, for the history."""

    change: int
    """Which change of the event: its index in `Event.changes`."""
    why: str
    """What stopped it, without a subject: "can't gain life", "had left the game"."""
    rule: str = ""
    """The rule behind it, as stored in `TeamState.rule`: "119.7"; "" if none is cited."""
    who: str = ""
    """Whom `why` is about: a team's or player's name ("" when nobody in particular)."""
    dealt: bool = False
    """True when the change itself happened but not its life loss: damage is still dealt under
    can't-lose-life (CR 119.8), and commander damage still counts (CR 903.10a)."""


@frozen(slots=True)
class Event:
    """One applied event: its changes, the state before and after, notes for people, and when
    it happened (seconds since the epoch; 0 when nobody said).

    `blocked` says, change by change, what did not happen and why (a gain under can't-gain-life,
    a loss under can't-lose), so the history describes the event as it happened.
    """

    changes: tuple[Change, ...]
    before: State
    after: State
    notes: tuple[str, ...] = ()
    blocked: tuple[Blocked, ...] = ()
    time: float = field(default=0.0, compare=False)  # when, not what: equal events may differ

    @property
    def state(self) -> State:
        """The state after the event."""
        return self.after


_KNOWN_TYPES = frozenset(CHANGE_TYPES.values())
_SEAT_AND_AMOUNT = frozenset((Damage, LoseLife, GainLife, PayLife, Poison))
"""The change types made of a seat (`player`) and an `amount`, and nothing else."""
_NOTHING_TO_CHECK = frozenset((PassTurn,))
_START_TYPES = frozenset((StartingTeam, RollDie, FlipCoin))
"""The changes that don't begin a game: choosing who starts, and dice and coins (CR 103.1)."""
_MARK_TYPES = frozenset(
    (StartingTeam, RollDie, FlipCoin, CastCommander, PlayerCounters, Storm, DayNight)
)
"""The change types whose fields `Game._validate_mark` checks beyond their roles."""
COUNTER_NAMES = {
    "energy": QT_TRANSLATE_NOOP("Words", "energy"),
    "experience": QT_TRANSLATE_NOOP("Words", "experience"),
    "rad": QT_TRANSLATE_NOOP("Words", "rad"),
    "ticket": QT_TRANSLATE_NOOP("Words", "ticket"),
}
"""Each counter kind's name, in English; `translate("Words", ...)` says it in the reader's."""


def is_start_event(event: Event) -> bool:
    """True for an event that doesn't begin the game: only choosing who starts, and dice and
    coins (CR 103.1). Before any other event, who starts can still be chosen."""
    return all(type(c) in _START_TYPES for c in event.changes)


def _counted(
    counts: tuple[tuple[int, _K, int], ...], key: tuple[int, _K], count: int
) -> tuple[tuple[int, _K, int], ...]:
    """Sorted (player, what, count) with `key`'s count set: dropped at 0."""
    table = {(p, k): n for p, k, n in counts}
    table[key] = count
    return tuple(sorted((p, k, n) for (p, k), n in table.items() if n))


"""The change types without a field: `_validate` has nothing to check in them."""


def first_draw_rule(variant: Variant) -> str:
    """Who skips the first draw (CR 103.8), in words."""
    if isinstance(variant, TwoHeadedGiant):
        return Rules.tr("The starting team skips its first draw (CR 103.8b).")
    if variant.players == 2:
        return Rules.tr("The starting player skips their first draw (CR 103.8a).")
    return Rules.tr("Nobody skips their first draw in a multiplayer game (CR 103.8c).")


COMMANDER_TAX = 2
"""CR 903.8: each earlier cast from the command zone adds {2} to a commander's cost."""
MOST_ROUNDS = 100
"""Rounds of rolling for first before `roll_for_first` gives up: a real die ties that often
about never; a die that always shows the same (a broken test double) would roll forever."""


def first_by_rolls(rolls: Sequence[tuple[int, int]], teams: Sequence[int]) -> int | None:
    """Who starts by rolling for it (CR 103.1): `rolls` are (team, result) in the order
    rolled, a round at a time: each of `teams` once in their order, then again each team tied
    at the top, until one is alone there. That team, or None when the rolls are not such
    rounds or leave a tie."""
    contenders = list(teams)
    at = 0
    while contenders:
        round_ = rolls[at : at + len(contenders)]
        if [t for t, _ in round_] != contenders:
            return None
        at += len(contenders)
        top = max(r for _, r in round_)
        contenders = [t for t, r in round_ if r == top]
        if len(contenders) == 1:
            return contenders[0] if at == len(rolls) else None
    return None


def roll_for_first(teams: Sequence[int], die: Callable[[int], int]) -> tuple[Change, ...]:
    """The event of rolling for who starts (CR 103.1): each of `teams` rolls a d20 (`die(20)`
    gives 1 to 20), those tied at the top roll again, and the one alone at the top starts."""
    contenders = list(teams)
    rolls: list[tuple[int, int]] = []
    for _ in range(MOST_ROUNDS):
        results = [(t, die(20)) for t in contenders]
        rolls += results
        top = max(r for _, r in results)
        contenders = [t for t, r in results if r == top]
        if len(contenders) == 1:
            dice: list[Change] = [RollDie(20, r, t) for t, r in rolls]
            return (*dice, StartingTeam(contenders[0], rolled=True))
    raise RuleError(Rules.tr("The dice kept tying: roll for first again."))


def match_chooser(status: Sequence[str], last: int | None) -> int | None:
    """Who chooses who starts the next game of a match, from how the last one ended (its
    teams' statuses) and who chose then (`last`), by CR 103.1 (and MTR 2.2 at the store):
    the loser of the last game; after a drawn game, whoever chose in it. None when the rules
    name nobody: several players lost a multiplayer game (the table chooses, or rolls), or a
    drawn game's start was rolled for."""
    if "won" in status:
        losers = [t for t, s in enumerate(status) if s == "lost"]
        return losers[0] if len(losers) == 1 else None
    return last


class _Work:
    """Mutable scratch copy of a state while one event is applied."""

    def __init__(self, state: State) -> None:
        teams = self.before = state.teams  # reused by `freeze` for the teams left alone
        self.life: list[int] = []
        self.poison: list[int] = []
        self.status: list[Status] = []
        self.reason: list[str] = []
        self.rule: list[str] = []
        # Replaced, not changed in place, when an Effect turns one on or off: most events leave
        # them alone, and then the state's own sets are kept.
        self.effects: list[frozenset[str]] = []
        # One pass over the teams: a replay makes one of these per event.
        for t in teams:
            self.life.append(t.life)
            self.poison.append(t.poison)
            self.status.append(t.status)
            self.reason.append(t.reason)
            self.rule.append(t.rule)
            self.effects.append(t.effects)
        self.active = state.active
        self.turn = state.turn
        self.commander = (
            {(p, s, c): n for p, s, c, n in state.commander_damage}
            if state.commander_damage
            else {}
        )
        self.highest_life_only = state.highest_life_only
        self.marks = state.marks  # replaced, not changed, by the few changes that touch it
        self.lose: dict[int, list[int]] = {}  # team -> the LoseGame changes naming it
        self.win: list[tuple[int, int]] = []  # (change, team) for each WinGame
        self.passes = 0
        self.notes: list[str] = []
        self.index = 0  # the change being applied
        self.blocked: dict[int, Blocked] = {}

    def block(
        self, note: str, why: str, rule: str = "", who: str = "", dealt: bool = False
    ) -> None:
        """Notes that the current change did not (fully) happen, and why."""
        self.notes.append(note)
        self.blocked.setdefault(self.index, Blocked(self.index, why, rule, who, dealt))

    def playing(self) -> list[int]:
        return [t for t, s in enumerate(self.status) if s == "playing"]

    def over(self) -> bool:
        return "won" in self.status or "playing" not in self.status

    def leave(self, team: int, status: Status, reason: str, rule: str) -> None:
        self.status[team] = status
        self.reason[team] = reason
        self.rule[team] = rule

    def _team(self, t: int) -> TeamState:
        """Team `t` as it stands: the state's own object when nothing about it changed, so
        consecutive states share their unchanged teams (less memory, less work)."""
        old = self.before[t]
        if (
            old.life == self.life[t]
            and old.poison == self.poison[t]
            and old.status == self.status[t]
            and old.reason == self.reason[t]
            and old.rule == self.rule[t]
            and old.effects == self.effects[t]
        ):
            return old
        effects = self.effects[t]
        return TeamState(
            self.life[t],
            self.poison[t],
            self.status[t],
            self.reason[t],
            self.rule[t],
            old.effects if old.effects == effects else effects,
        )

    def freeze(self) -> State:
        # `_team` of each team in one loop, without a call per team: a replay freezes a state
        # per event.
        life, poison, status = self.life, self.poison, self.status
        reason, rule, effects = self.reason, self.rule, self.effects
        teams = []
        for t, old in enumerate(self.before):
            if (
                old.life == life[t]
                and old.poison == poison[t]
                and old.status == status[t]
                and old.reason == reason[t]
                and old.rule == rule[t]
                and old.effects == effects[t]
            ):
                teams.append(old)
            else:
                teams.append(self._team(t))
        return State(
            tuple(teams),
            self.active,
            self.turn,
            tuple((p, s, c, n) for (p, s, c), n in sorted(self.commander.items()) if n)
            if self.commander
            else (),
            self.highest_life_only,
            self.marks,
        )


def default_player_name(player: int) -> str:
    """The name a player gets when none is given: "Player 1" for seat 0, in the reader's
    language (the name is made once, when the game is set up, and stays the game's)."""
    return arg(Rules.tr("Player %1"), player + 1)


class Game:
    """One game: its variant, its current state and its history of events."""

    def __init__(
        self,
        variant: Variant,
        names: Sequence[str] | None = None,
        starting: int = 0,
        team_names: Sequence[str] | None = None,
    ) -> None:
        if not isinstance(variant, TwoHeadedGiant | FreeForAll):
            raise RuleError(f"Unknown variant {variant!r}.")
        self.variant = variant
        if names is None:
            names = [default_player_name(p) for p in range(variant.players)]
        if len(names) != variant.players:
            raise RuleError(f"{len(names)} names given for {variant.players} players.")
        self.names = tuple(names)
        if team_names is not None and len(team_names) != variant.teams:
            raise RuleError(f"{len(team_names)} team names given for {variant.teams} teams.")
        self._team_names = tuple(team_names) if team_names is not None else None
        self._check_team(starting)
        team = TeamState(life=variant.starting_life)
        self.initial = State(teams=(team,) * variant.teams, active=starting)
        self._events: list[Event] = []
        self._pos = 0
        self._history: tuple[Event, ...] | None = ()  # cached: rebuilt only after a change
        # The teams `_usual_event` made, by their values, to use again (they are immutable).
        self._usual_teams: dict[tuple[int, int, Status, str, str], TeamState] = {}
        # `variant.team_of` of each seat, looked up by `preview` and `_usual_event` without a
        # call (a replay asks for each change of each event).
        self._seat_teams = tuple(variant.team_of(p) for p in range(variant.players))

    # ----- reading the state -------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current state."""
        return self._events[self._pos - 1].after if self._pos else self.initial

    @property
    def history(self) -> tuple[Event, ...]:
        """The applied events, oldest first (undone events are not in it).

        Built once per change of the game, so reading it again costs nothing; code that steps
        through many events reads `position` and `last_event` instead.
        """
        if self._history is None:
            self._history = tuple(self._events[: self._pos])
        return self._history

    @property
    def position(self) -> int:
        """How many events are applied: the one undo position of the game."""
        return self._pos

    @property
    def last_event(self) -> Event | None:
        """The most recent applied event, or None before the first."""
        return self._events[self._pos - 1] if self._pos else None

    @property
    def next_redo(self) -> Event | None:
        """The event `redo` would bring back, or None."""
        return self._events[self._pos] if self._pos < len(self._events) else None

    @property
    def redo_events(self) -> tuple[Event, ...]:
        """Events that were undone and can be redone, next first."""
        return tuple(self._events[self._pos :])

    @property
    def over(self) -> bool:
        """True once a team has won or no team is still playing."""
        return self.state.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The teams that won: empty while the game is on and after a draw."""
        return self.state.winners

    @property
    def active(self) -> int:
        """The team (in free-for-all, the player) whose turn it is."""
        return self.state.active

    @property
    def turn(self) -> int:
        """The turn number, starting at 1."""
        return self.state.turn

    def team_of(self, player: int) -> int:
        """The team a player belongs to."""
        self._check_player(player)
        return self.variant.team_of(player)

    def players_of(self, team: int) -> range:
        """The players of a team."""
        self._check_team(team)
        return self.variant.players_of(team)

    def life(self, team: int) -> int:
        """A team's life; it can be below 0 (CR 107.1b)."""
        return self._team(team).life

    def poison(self, team: int) -> int:
        """A team's poison counters (CR 122.1f, 810.10)."""
        return self._team(team).poison

    def status(self, team: int) -> Status:
        """The team's status: "playing", "won", "lost" or "drawn"."""
        return self._team(team).status

    def effects(self, team: int) -> frozenset[str]:
        """The team-wide effects now on."""
        return self._team(team).effects

    def reason(self, team: int) -> str:
        """Why a team left "playing", with its rule, e.g. "life 0 or less (CR 810.8c)", in the
        reader's language (for the window: the state keeps the English `TeamState.reason`)."""
        t = self._team(team)
        return f"{retell(t.reason)} ({cite(t.rule)})" if t.reason else ""

    def commander_damage(self, player: int, source: int, commander: int = 0) -> int:
        """Combat damage `player` has been dealt over the game by `source`'s commander (0), or by
        the second of their partners (1); counted apart (CR 903.10a). 0 in a game without
        commanders."""
        self._check_player(player)
        self._check_player(source)
        self._check_commander(commander)
        return self.state.commander_damage_to(player, source, commander)

    def most_payable(self, player: int, first: Sequence[Change] = ()) -> int:
        """The most life `player` can pay now: their team's life total (CR 119.4, 119.4a), 0
        when it is 0 or less (CR 119.4b) or when the team can't lose life (CR 119.8, 810.9h).
        With `first` (pending taps that commit before the payment), the total after them as
        the rules would apply them: a gain under can't-gain-life (CR 119.7) adds nothing.

        The same limit `apply` enforces, so a dialog asking for a payment can offer exactly it.
        """
        state = self.state
        if first:
            # Taps the rules refuse don't commit, and then the payment won't either.
            with contextlib.suppress(RuleError):
                state = self.preview(*first).after
        return _payable(state.teams[self.team_of(player)])

    def total_refusal(self, team: int, before: int, after: int, *, poison: bool = False) -> str:
        """Why a team's life total (or, with `poison`, its poison) may not go from `before` to
        `after`, or "" when it may. No rule bounds a total (CR 107.1b: life can be any whole
        number, below 0 too), but a total past the typo limit, ±MAX_AMOUNT, is surely a slip:
        Tablelife keeps totals within it, the range Set life takes (CR 119.5), so any total
        can be set back. A total already past it (saved before this limit) may still move
        toward 0."""
        if abs(after) <= MAX_AMOUNT or abs(after) <= abs(before):
            return ""
        name = self.team_name(team)
        if poison:
            return arg(
                Rules.tr("%1 would have %2 poison counters: Tablelife keeps a total within %3."),
                name,
                grouped(after),
                grouped(MAX_AMOUNT),
            )
        return arg(
            Rules.tr(
                "%1 would be at %2 life: Tablelife keeps a total within \u00b1%3, as Set life does."
            ),
            name,
            grouped(after),
            grouped(MAX_AMOUNT),
        )

    def check_totals(self, event: Event) -> None:
        """Raises RuleError when `event` (made by `preview`) takes a team's life or poison
        past the typo limit (`total_refusal`). Asked of every new event, at a table or a
        desk, before it is saved; never of a replay, so a game saved with a larger total
        before this limit still reads back whole."""
        for team, (a, b) in enumerate(zip(event.before.teams, event.after.teams, strict=True)):
            why = self.total_refusal(team, a.life, b.life) or self.total_refusal(
                team, a.poison, b.poison, poison=True
            )
            if why:
                raise RuleError(why)

    # ----- who starts, designations and counters ------------------------------------------

    @property
    def begun(self) -> bool:
        """True once the game has had an event other than choosing who starts or rolling
        dice (`is_start_event`): then who starts is settled (CR 103.1)."""
        state = self.state
        if state.turn > 1:
            return True
        events = self._events
        return any(not is_start_event(events[i]) for i in range(self._pos))

    @property
    def chooser(self) -> int | None:
        """The team that chose who starts this game (CR 103.1), as its latest start choice
        says; None when nobody did (the opening die roll, or the table rolled for it)."""
        chosen = None
        events = self._events
        for i in range(self._pos):
            event = events[i]
            if not is_start_event(event):
                break
            for change in event.changes:
                if isinstance(change, StartingTeam):
                    chosen = change.chooser if change.chooser >= 0 else None
        return chosen

    @property
    def monarch(self) -> int | None:
        """The seat of the monarch, or None while there is none (CR 724.1)."""
        holder = self.state.marks.monarch
        return holder if holder >= 0 else None

    @property
    def initiative(self) -> int | None:
        """The seat of the player with the initiative, or None (CR 725.1)."""
        holder = self.state.marks.initiative
        return holder if holder >= 0 else None

    def casts(self, player: int, commander: int = 0) -> int:
        """How often `player` has cast their commander (1: the second of two partners) from
        the command zone this game (CR 903.8)."""
        self._check_player(player)
        self._check_commander(commander)
        return self.state.marks.casts_of(player, commander)

    def tax(self, player: int, commander: int = 0) -> int:
        """The commander tax: what casting that commander from the command zone again costs
        on top of its mana cost, {2} for each earlier cast (CR 903.8)."""
        return COMMANDER_TAX * self.casts(player, commander)

    def counter(self, player: int, kind: str) -> int:
        """`player`'s counters of a kind in `COUNTER_KINDS` (CR 122.1)."""
        self._check_player(player)
        return self.state.marks.counter(player, kind)

    @property
    def storm(self) -> int:
        """The spells cast this turn, which storm counts (CR 702.40a)."""
        return self.state.marks.storm

    @property
    def day(self) -> str:
        """ "day", "night", or "" while it is neither (CR 502.2)."""
        return self.state.marks.day

    def team_name(self, team: int) -> str:
        """The team's name as the table knows it, else its players' names joined."""
        if self._team_names is not None:
            self._check_team(team)
            return self._team_names[team]
        return " & ".join(self.names[p] for p in self.players_of(team))

    # ----- changing it -------------------------------------------------------------------

    def apply(self, *changes: Change, when: float = 0.0) -> Event:
        """Applies the changes as ONE simultaneous event, then state-based actions once.

        `when` is the event's time (seconds since the epoch), kept with it. Raises RuleError,
        with nothing applied, if any change is illegal or malformed.
        """
        return self.record(self.preview(*changes, when=when))

    def preview(self, *changes: Change, when: float = 0.0) -> Event:
        """The event `apply` would make, without making it: the game does not change.

        Raises RuleError exactly when `apply` would. Lets a caller save the event first and
        `record` it only once it is safely on disk.
        """
        if not changes:
            raise RuleError(Rules.tr("There is nothing to apply."))
        before = self.state
        if before.over:
            raise RuleError(Rules.tr("The game is over: undo, or start a new game."))
        players, team_of, teams = self.variant.players, self._seat_teams, before.teams
        paying = False  # most events pay nothing: then there is no payment to check
        usual = True  # every change passed the one-step check: `_usual_event` may take it
        for change in changes:
            cls = type(change)
            if cls in _SEAT_AND_AMOUNT:
                # The usual change in one step: a seat in range whose team plays, and an amount
                # `_validate` takes. Anything else, and every refusal's words, go the full way.
                player, n = change.player, change.amount  # type: ignore[union-attr]
                if (
                    type(player) is int
                    and 0 <= player < players
                    and type(n) is int
                    and (
                        0 <= n <= MAX_AMOUNT
                        or (cls is Poison and -MAX_AMOUNT <= n < 0)
                        or (cls is PayLife and n > MAX_AMOUNT)
                    )
                    and teams[team_of[player]].status == "playing"
                ):
                    paying = paying or cls is PayLife
                    continue
            elif cls in _NOTHING_TO_CHECK:
                continue
            self._validate(change, before)
            paying = paying or isinstance(change, PayLife)
            usual = False
        if paying:
            self._check_payments(changes, before)
        if not usual:
            self._check_start(changes)
        if usual:
            event = self._usual_event(changes, before, when)
            if event is not None:
                return event
        work = _Work(before)
        for index, change in enumerate(changes):
            work.index = index
            if work.over():
                work.notes.append(tell(told.NOTE_ENDED_BEFORE, type(change).__name__))
                for rest in range(index, len(changes)):
                    work.blocked[rest] = Blocked(rest, told.HAD_ENDED)
                break
            self._do(change, work)
        if not work.over():
            self._state_based_actions(work)
        held = work.marks
        if held is not NO_MARKS and (held.monarch >= 0 or held.initiative >= 0):
            self._pass_designations(work)
        for _ in range(work.passes):
            self._pass_turn(work)
        blocked = tuple([work.blocked[i] for i in sorted(work.blocked)]) if work.blocked else ()
        notes = tuple(work.notes) if work.notes else ()
        return Event(changes, before, work.freeze(), notes, blocked, when)

    def _usual_event(self, changes: tuple[Change, ...], before: State, when: float) -> Event | None:
        """The event the full way below makes of changes that each passed `preview`'s one-step
        check, in fewer steps, for the usual event: damage, life lost, gained or paid, poison
        and passing the turn, about teams without an effect, in a game without commander
        damage or the tie rule, after which every team is above 0 life and under the poison
        limit with more than one still playing. Then no change is blocked, nobody leaves and
        state-based actions do nothing (CR 704.3), so only life, poison and the turn move.
        None for anything else, which the full way takes (a replay applies an event per
        journal event: most are the usual one)."""
        if before.commander_damage or before.highest_life_only:
            return None
        teams = before.teams
        life = [t.life for t in teams]
        poison = [t.poison for t in teams]
        team_of = self._seat_teams  # each change's seat is in range: `preview` checked it
        passes = 0
        for change in changes:
            cls = type(change)
            if cls is PassTurn:
                passes += 1
                continue
            team = team_of[change.player]  # type: ignore[union-attr]
            if teams[team].effects:  # what an effect blocks, the full way notes
                return None
            if cls is Damage or cls is LoseLife or cls is PayLife:
                # CR 810.9; 119.4 (the payment was checked, and 0 pays nothing).
                life[team] -= change.amount  # type: ignore[union-attr]
            elif cls is GainLife:
                life[team] += change.amount  # type: ignore[union-attr]
            elif cls is Poison:
                # CR 810.10b: removal comes off the team's count, never below 0.
                poison[team] = max(0, poison[team] + change.amount)  # type: ignore[union-attr]
            else:
                return None
        if min(life) <= 0 or max(poison) >= self.variant.poison_limit:
            return None  # someone may lose: the state-based actions say (CR 104.3b, 104.3d)
        status = [t.status for t in teams]
        if status.count("playing") < 2:
            return None
        active, turn = before.active, before.turn
        for _ in range(passes):
            active = _next_playing(status, active)
            turn += 1
        after = []
        made = self._usual_teams
        for t, old in enumerate(teams):
            if old.life == life[t] and old.poison == poison[t]:
                after.append(old)  # as `_Work.freeze`: an unchanged team is the same object
                continue
            # A team changed here has no effect on (see above). Equal teams are one object:
            # a long game comes back to the same life and poison many times.
            key = (life[t], poison[t], old.status, old.reason, old.rule)
            known = made.get(key)
            if known is None:
                known = made[key] = TeamState(*key)
            after.append(known)
        held = before.marks
        if passes and held.storm:
            held = _changed(held, storm=0)  # CR 702.40a: spells cast this turn
        return Event(
            changes, before, State(tuple(after), active, turn, (), False, held), (), (), when
        )

    def record(self, event: Event) -> Event:
        """Adds an event made by `preview` to the history (dropping what could be redone)."""
        if event.before is not self.state:
            raise RuleError(Rules.tr("That event was made for another moment of the game."))
        del self._events[self._pos :]
        self._events.append(event)
        self._pos += 1
        self._history = None
        return event

    def undo(self) -> bool:
        """Steps back one whole event; False if there is none."""
        if self._pos == 0:
            return False
        self._pos -= 1
        self._history = None
        return True

    def redo(self) -> bool:
        """Steps forward one undone event; False if there is none."""
        if self._pos == len(self._events):
            return False
        self._pos += 1
        self._history = None
        return True

    # ----- internals ---------------------------------------------------------------------

    def _team(self, team: int) -> TeamState:
        self._check_team(team)
        return self.state.teams[team]

    def _check_team(self, team: object) -> None:
        if isinstance(team, bool) or not isinstance(team, int):
            raise RuleError(f"A team must be a whole number, not {team!r}.")
        if not 0 <= team < self.variant.teams:
            raise RuleError(f"There is no team {team} (teams are 0 to {self.variant.teams - 1}).")

    def _check_player(self, player: object) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise RuleError(f"A player must be a whole number, not {player!r}.")
        last = self.variant.players - 1
        if not 0 <= player <= last:
            raise RuleError(f"There is no player {player} (players are 0 to {last}).")

    def _check_commander(self, commander: object) -> None:
        if isinstance(commander, bool) or not isinstance(commander, int) or commander not in (0, 1):
            raise RuleError(
                f"A commander is 0 (the commander) or 1 (its partner), not {commander!r}."
            )

    def _cite(self, free_for_all: str, giant: str) -> str:
        return giant if self.variant.team_game else free_for_all

    def _validate(self, change: object, before: State) -> None:
        if type(change) not in _KNOWN_TYPES:
            raise RuleError(f"{change!r} is not a change Tablelife knows.")
        if isinstance(change, CommanderDamage) and not self.variant.commander:
            raise RuleError(
                Rules.tr("Tablelife plays Two-Headed Giant without commander damage.")
                if self.variant.team_game
                else Rules.tr("This is not a Commander game: there is no commander damage.")
            )
        cls = type(change)
        for name, role in _FIELD_ROLES.get(cls) or _field_roles(cls):
            value = getattr(change, name)
            if role == "player":
                # The usual seat (a plain int in range) in one step; the full check says why not.
                if type(value) is not int or not 0 <= value < self.variant.players:
                    self._check_player(value)
                if before.teams[self.variant.team_of(value)].status != "playing":
                    # CR 800.4a: a player who left the game is no longer affected by anything.
                    raise RuleError(
                        arg(
                            Rules.tr("%1 has left the game (CR 800.4a)."),
                            self.names[value],
                        )
                    )
            elif role == "source":
                self._check_player(value)
                if not before.teams[self.variant.team_of(value)].playing:
                    # CR 800.4a: what a player owned leaves the game with them.
                    raise RuleError(
                        arg(
                            Rules.tr(
                                "%1 has left the game, and their commander with them (CR 800.4a).",
                            ),
                            self.names[value],
                        )
                    )
            elif role == "commander":
                self._check_commander(value)
            elif role == "single_elimination":
                if not isinstance(value, bool):
                    raise RuleError(f"Single elimination is true or false, not {value!r}.")
            elif role == "amount":
                if type(value) is not int and (
                    isinstance(value, bool) or not isinstance(value, int)
                ):
                    raise RuleError(f"The amount must be a whole number, not {value!r}.")
                # CR 107.1b, 119.5: an effect can set life below 0; poison can be removed.
                if value < 0 and not isinstance(change, Poison | SetLife | PlayerCounters | Storm):
                    raise RuleError(arg(Rules.tr("The amount can't be negative (%1)."), value))
                # The typo limit guards what is typed. A payment is limited by the life there
                # is to pay (CR 119.4, checked over the whole event), never by it.
                if abs(value) > MAX_AMOUNT and not isinstance(change, PayLife):
                    raise RuleError(
                        arg(
                            Rules.tr("%1 is too large: at most %2."),
                            grouped(abs(value)),
                            grouped(MAX_AMOUNT),
                        )
                    )
        if type(change) in _MARK_TYPES:
            self._validate_mark(change, before)
        if isinstance(change, Effect):
            if change.kind not in EFFECT_KINDS:
                raise RuleError(
                    f"Unknown effect {change.kind!r}; it must be one of {', '.join(EFFECT_KINDS)}."
                )
            if not isinstance(change.on, bool):
                raise RuleError(f"An effect is turned on or off, not {change.on!r}.")
        if isinstance(change, ExchangeLife):
            a, b = change.player_a, change.player_b
            if a == b:
                raise RuleError(
                    arg(Rules.tr("%1 can't exchange life with themselves."), self.names[a])
                )
            if self.variant.team_of(a) == self.variant.team_of(b):
                raise RuleError(
                    arg(
                        Rules.tr(
                            "%1 and %2 are teammates: they can't exchange life totals (CR 810.9e).",
                        ),
                        self.names[a],
                        self.names[b],
                    )
                )

    def _validate_mark(self, change: object, before: State) -> None:
        """The fields of who starts, dice, commander casts, counters and day or night."""
        match change:
            case StartingTeam(team=team, chooser=chooser, rolled=rolled):
                self._check_team(team)
                if chooser != -1:
                    self._check_team(chooser)
                if not isinstance(rolled, bool):
                    raise RuleError(f"Rolled is true or false, not {rolled!r}.")
                if self.begun:
                    raise RuleError(
                        Rules.tr("The game has begun: who starts can't change now (CR 103.1).")
                    )
            case RollDie(sides=sides, result=result, team=team):
                if sides not in DIE_SIDES or isinstance(sides, bool):
                    raise RuleError(f"A die has 6 or 20 sides, not {sides!r}.")
                if isinstance(result, bool) or not isinstance(result, int):
                    raise RuleError(f"A roll is a whole number, not {result!r}.")
                if not 1 <= result <= sides:
                    raise RuleError(f"A d{sides} can't roll {result}.")
                if team != -1:
                    self._check_team(team)
            case FlipCoin(heads=heads):
                if not isinstance(heads, bool):
                    raise RuleError(f"A coin comes down heads (true) or tails, not {heads!r}.")
            case CastCommander(times=times):
                if not self.variant.commander:
                    raise RuleError(
                        Rules.tr("This is not a Commander game: there is no commander tax.")
                    )
                if isinstance(times, bool) or not isinstance(times, int):
                    raise RuleError(f"Casts are a whole number, not {times!r}.")
                if abs(times) > MAX_AMOUNT:
                    raise RuleError(
                        arg(
                            Rules.tr("%1 is too large: at most %2."),
                            grouped(abs(times)),
                            grouped(MAX_AMOUNT),
                        )
                    )
            case PlayerCounters(kind=kind):
                if kind not in COUNTER_KINDS:
                    raise RuleError(
                        f"Unknown counter {kind!r}; it must be one of {', '.join(COUNTER_KINDS)}."
                    )
            case DayNight(day=day):
                if not isinstance(day, bool):
                    raise RuleError(f"Day is true or false (night), not {day!r}.")

    def _check_start(self, changes: Sequence[Change]) -> None:
        """CR 103.1: a starting team rolled for is the one the event's rolls make it: each
        team's d20, then again for those tied at the top, until one is alone there."""
        for change in changes:
            if isinstance(change, StartingTeam) and change.rolled:
                rolls = [(c.team, c.result) for c in changes if isinstance(c, RollDie)]
                dice = {c.sides for c in changes if isinstance(c, RollDie) and c.team >= 0}
                playing = [t for t, s in enumerate(self.state.teams) if s.playing]
                if dice - {20} or first_by_rolls(rolls, playing) != change.team:
                    raise RuleError(
                        arg(
                            Rules.tr(
                                "The rolls don't make %1 the starting team: each team rolls a "
                                "d20, and the highest starts (CR 103.1)."
                            ),
                            self.team_name(change.team),
                        )
                    )

    def _lose_life(self, work: _Work, team: int, amount: int, dealt: bool = False) -> None:
        """`dealt`: the loss comes from damage, which is dealt even when life can't go down."""
        if amount and "cant_lose_life" in work.effects[team]:
            rule = self._cite("119.8", "810.9h")
            name = self.team_name(team)
            work.block(
                tell(told.NOTE_CANT_LOSE_LIFE, name, rule), told.CANT_LOSE_LIFE, rule, name, dealt
            )
            return
        work.life[team] -= amount

    def _gain_life(self, work: _Work, team: int, amount: int) -> None:
        if amount and "cant_gain_life" in work.effects[team]:
            rule = self._cite("119.7", "810.9g")
            name = self.team_name(team)
            work.block(tell(told.NOTE_CANT_GAIN_LIFE, name, rule), told.CANT_GAIN_LIFE, rule, name)
            return
        work.life[team] += amount

    def _do(self, change: Change, work: _Work) -> None:
        cls = type(change)
        # Not `getattr` with a default: that costs an exception for a change without a player.
        player = change.player if cls in _WITH_PLAYER else None  # type: ignore[union-attr]
        team = self.variant.team_of(player) if player is not None else -1
        seats = _SEAT_FIELDS.get(cls)
        if seats is None:
            seats = _seat_fields(cls)
        # CR 800.4a: a player whose team left earlier in this event is no longer affected; this
        # covers both players of an exchange, too, and a commander whose owner left.
        for name in seats:
            who = getattr(change, name)
            if work.status[self.variant.team_of(who)] != "playing":
                note = told.NOTE_LEFT_CHANGE if name != "source" else told.NOTE_LEFT_COMMANDER
                work.block(
                    tell(note, self.names[who]),
                    told.HAD_LEFT,
                    "800.4a",
                    self.names[who],
                )
                return
        match change:
            # Most played first: each case is one type check (the types share no base).
            case Damage(amount=n):
                self._lose_life(work, team, n, dealt=True)
            case PassTurn():
                # Passed once the event is done, so the turn never goes to a team that the
                # same event's state-based actions put out (CR 800.4).
                work.passes += 1
            case GainLife(amount=n):
                self._gain_life(work, team, n)
            case LoseLife(amount=n):
                self._lose_life(work, team, n)
            case CommanderDamage(source=source, amount=n, commander=c):
                # CR 903.10a: it counts toward 21 even when life can't go down (CR 119.8).
                key = (change.player, source, c)
                work.commander[key] = work.commander.get(key, 0) + n
                self._lose_life(work, team, n, dealt=True)
            case Poison(amount=n):
                if n > 0 and "cant_get_poison" in work.effects[team]:
                    rule = self._cite("122.1f", "810.10c")
                    name = self.team_name(team)
                    work.block(
                        tell(told.NOTE_CANT_GET_POISON, name, rule),
                        told.CANT_GET_POISON,
                        rule,
                        name,
                    )
                else:
                    # CR 810.10b: removal comes off the team's count, never below 0.
                    work.poison[team] = max(0, work.poison[team] + n)
            case PayLife(amount=n):
                self._pay(work, team, n)
            case SetLife(total=total):
                # CR 119.5, 810.9c: setting life is a gain or a loss of the difference.
                diff = total - work.life[team]
                if diff > 0:
                    self._gain_life(work, team, diff)
                else:
                    self._lose_life(work, team, -diff)
            case ExchangeLife(player_a=a, player_b=b):
                self._exchange(work, self.variant.team_of(a), self.variant.team_of(b))
            case Concede():
                # CR 104.3a, 810.8b: the whole team leaves at once; can't-lose does not stop it.
                work.leave(team, "lost", told.CONCEDED, self._cite("104.3a", "810.8b"))
                self._last_standing(work)
            case LoseGame():
                work.lose.setdefault(team, []).append(work.index)
            case WinGame():
                work.win.append((work.index, team))
            case DrawGame():
                # CR 104.4c: an effect's draw (or one the players agree to).
                for t in work.playing():
                    work.leave(t, "drawn", told.DRAW_BY_EFFECT, "104.4c")
            case EndOfMatch(single_elimination=single):
                self._end_of_match(work, single)
            case Effect(kind=kind, on=on):
                if on:
                    work.effects[team] = work.effects[team] | {kind}
                else:
                    work.effects[team] = work.effects[team] - {kind}
            case _:
                self._mark(change, work)

    def _mark(self, change: Change, work: _Work) -> None:
        """The changes that move no total: who starts, dice, designations and counters."""
        held = work.marks
        match change:
            case StartingTeam(team=team):
                # CR 103.1: a start choice, not a turn: the turn stays the first.
                work.active = team
            case RollDie() | FlipCoin():
                pass  # kept in the history: something a judge may ask about (CR 705, 706)
            case BecomeMonarch(player=p):
                work.marks = _changed(held, monarch=p)  # CR 724.3: one monarch at a time
            case TakeInitiative(player=p):
                work.marks = _changed(held, initiative=p)  # CR 725.3: one at a time
            case CastCommander(player=p, commander=c, times=n):
                casts = held.casts_of(p, c) + n
                if casts < 0:
                    raise RuleError(
                        arg(
                            Rules.tr(
                                "%1\u2019s commander was cast %n time(s) from the command "
                                "zone: no more casts to take back (CR 903.8).",
                                "",
                                held.casts_of(p, c),
                            ),
                            self.names[p],
                        )
                    )
                work.marks = _changed(held, casts=_counted(held.casts, (p, c), casts))
            case PlayerCounters(player=p, kind=kind, amount=n):
                count = held.counter(p, kind) + n
                if count < 0:
                    raise RuleError(
                        arg(
                            Rules.tr(
                                "%1 has %n %2 counter(s): no more to remove (CR 122.1).",
                                "",
                                held.counter(p, kind),
                            ),
                            self.names[p],
                            translate("Words", COUNTER_NAMES[kind]),
                        )
                    )
                work.marks = _changed(held, counters=_counted(held.counters, (p, kind), count))
            case Storm(amount=n):
                if held.storm + n < 0:
                    raise RuleError(
                        arg(
                            Rules.tr("The storm count is %1: it can't go below 0 (CR 702.40a)."),
                            held.storm,
                        )
                    )
                work.marks = _changed(held, storm=held.storm + n)
            case DayNight(day=day):
                work.marks = _changed(held, day="day" if day else "night")

    def _check_payments(self, changes: Sequence[Change], before: State) -> None:
        """CR 119.4, 119.4a: what a team pays in one event can't exceed its life before it.

        Checked over the whole event before anything applies, so an overpayment is refused even
        when an earlier change (a concession) ends the game or takes the payer out.
        """
        for change in changes:  # most events pay nothing: found without a list
            if isinstance(change, PayLife):
                break
        else:  # nothing paid: 0 can always be paid (CR 119.4b)
            return
        payments = [change for change in changes if isinstance(change, PayLife)]
        paid = [0] * len(before.teams)
        for change in payments:
            paid[self.variant.team_of(change.player)] += change.amount
        for team, amount in enumerate(paid):
            if amount <= _payable(before.teams[team]):  # CR 119.4b: 0 can always be paid.
                continue
            if "cant_lose_life" in before.teams[team].effects:
                self._refuse_payment(team)
            rule = self._cite("119.4", "119.4a, 810.9b")
            have = before.teams[team].life
            raise RuleError(
                arg(
                    Rules.tr("%1 can't pay %2 life with %3 life (CR %4)."),
                    self.team_name(team),
                    grouped(amount),
                    grouped(have),
                    rule,
                )
            )

    def _refuse_payment(self, team: int) -> None:
        rule = self._cite("119.8", "810.9h")
        raise RuleError(
            arg(
                Rules.tr("%1 can't lose life, so can pay only 0 life (CR %2)."),
                self.team_name(team),
                rule,
            )
        )

    def _pay(self, work: _Work, team: int, amount: int) -> None:
        if amount == 0:
            return  # CR 119.4b: 0 life can always be paid.
        if "cant_lose_life" in work.effects[team]:
            # Turned on earlier in this same event (CR 119.8, 810.9h).
            self._refuse_payment(team)
        work.life[team] -= amount

    def _exchange(self, work: _Work, a: int, b: int) -> None:
        for team, other in ((a, b), (b, a)):
            diff = work.life[other] - work.life[team]
            if diff > 0:
                kind, rule = "cant_gain_life", self._cite("119.7", "810.9g")
            else:
                kind, rule = "cant_lose_life", self._cite("119.8", "810.9h")
            if diff and kind in work.effects[team]:
                gain = diff > 0
                why = told.CANT_GAIN_LIFE if gain else told.CANT_LOSE_LIFE
                note = told.NOTE_NO_EXCHANGE_GAIN if gain else told.NOTE_NO_EXCHANGE_LOSE
                name = self.team_name(team)
                work.block(tell(note, name, rule), why, rule, name)
                return
        work.life[a], work.life[b] = work.life[b], work.life[a]

    def _pass_turn(self, work: _Work) -> None:
        work.active = _next_playing(work.status, work.active)
        work.turn += 1
        if work.marks.storm:
            # CR 702.40a: storm counts the spells cast this turn; a new turn starts at 0.
            work.marks = _changed(work.marks, storm=0)

    def _pass_designations(self, work: _Work) -> None:
        """CR 724.4, 725.4: when the monarch (or the player with the initiative) leaves the
        game, the active player takes it as they leave; if the active player is leaving too,
        the next player in turn order still playing. In a game that ended, nobody plays on
        to hold it, so it stays where it was."""
        if work.over():
            return
        status, held = work.status, work.marks
        for kind, holder in (("monarch", held.monarch), ("initiative", held.initiative)):
            if holder < 0 or status[self.variant.team_of(holder)] == "playing":
                continue
            active = work.active
            team = active if status[active] == "playing" else _next_playing(status, active)
            # With shared team turns (CR 805) both heads of the active team are active
            # players: the first of them takes it, and the table can hand it to the other.
            seat = self.variant.players_of(team)[0]
            work.marks = _changed(work.marks, **{kind: seat})
            if kind == "monarch":
                note = tell(told.NOTE_NEW_MONARCH, self.names[holder], self.names[seat])
            else:
                note = tell(told.NOTE_NEW_INITIATIVE, self.names[holder], self.names[seat])
            work.notes.append(note)

    def _end_of_match(self, work: _Work, single_elimination: bool) -> None:
        """MTR 2.4: the additional turns are over and the game is unfinished."""
        playing = work.playing()
        if not single_elimination:
            for t in playing:
                work.leave(t, "drawn", told.UNFINISHED_DRAW, "MTR 2.4")
            return
        # A match result by the tournament rules, not a game effect: can't-win and can't-lose
        # don't stop it.
        top = max(work.life[t] for t in playing)
        leaders = [t for t in playing if work.life[t] == top]
        if len(leaders) == 1:
            for t in playing:
                if t in leaders:
                    work.leave(t, "won", told.HIGHEST_AT_TIME, "MTR 2.4")
                else:
                    work.leave(t, "lost", told.LOWER_AT_TIME, "MTR 2.4")
            return
        # A tie at the top: play goes on with an extra state-based action, which stays in the
        # state so undo takes it back with the event.
        work.highest_life_only = True
        note = told.NOTE_TIED_TEAM if self.variant.team_game else told.NOTE_TIED_PLAYER
        work.notes.append(tell(note, top))

    def _commander_loss(self, work: _Work, team: int) -> str:
        """CR 903.10a, 704.6c: whose commander has dealt a player of `team` 21 or more combat
        damage, as the reason to lose ("21 or more combat damage from Cal's commander"); "" if
        none has."""
        if not work.commander:  # no commander has dealt anyone damage: most events
            return ""
        players = self.variant.players_of(team)
        for (player, source, commander), amount in sorted(work.commander.items()):
            if player in players and amount >= COMMANDER_DAMAGE_LIMIT:
                reason = told.SECOND_COMMANDER_LOSS if commander else told.COMMANDER_LOSS
                return tell(reason, self.names[source])
        return ""

    def _last_standing(self, work: _Work) -> bool:
        """CR 104.2a: the last team still playing wins at once, even if it can't win."""
        playing = work.playing()
        if len(playing) == 1 and "won" not in work.status:
            work.leave(playing[0], "won", told.LAST_STANDING, "104.2a")
            return True
        return False

    def _state_based_actions(self, work: _Work) -> None:
        """CR 704.3: checked once, after the whole event."""
        variant = self.variant
        if (
            not (work.lose or work.win or work.commander or work.highest_life_only)
            and min(work.life) > 0
            and max(work.poison) < variant.poison_limit
            and work.status.count("playing") > 1
        ):
            # The usual event: every team above 0 life and under the poison limit, no effect
            # making anyone win or lose, no commander damage, no tie rule, and more than one
            # team still playing. Nobody loses and nobody is the last standing.
            return
        losers: dict[int, tuple[str, str]] = {}
        # Who is playing stays the same until the losers leave, at the end.
        playing = work.playing()
        # MTR 2.4: after a tie at the top at the end of a single-elimination match.
        top = max(work.life[t] for t in playing) if work.highest_life_only else None
        for t in playing:
            if "cant_lose" in work.effects[t]:
                # CR 101.2: "can't" beats "can"; in Two-Headed Giant it covers the team (810.8a).
                if t in work.lose:
                    rule = self._cite("101.2", "810.8a")
                    name = self.team_name(t)
                    work.notes.append(tell(told.NOTE_CANT_LOSE_GAME, name, rule))
                    for index in work.lose[t]:
                        work.blocked[index] = Blocked(index, told.CANT_LOSE_GAME, rule, name)
                continue
            commander = self._commander_loss(work, t) if work.commander else ""
            if work.life[t] <= 0:
                losers[t] = (told.LIFE_ZERO, self._cite("104.3b", "810.8c"))
            elif work.poison[t] >= variant.poison_limit:
                # CR 704.5c (ten poison) is replaced in Two-Headed Giant by the team limit:
                # fifteen (810.8d), and five more for each head past two (810.11).
                losers[t] = (
                    tell(told.POISON_LIMIT, variant.poison_limit),
                    self._cite("104.3d", "810.8d, 810.11" if variant.heads > 2 else "810.8d"),
                )
            elif commander:
                losers[t] = (commander, "903.10a, 704.6c")
            elif t in work.lose:
                losers[t] = (told.LOST_TO_EFFECT, "104.3c, 104.3e")
            elif top is not None and work.life[t] < top:
                losers[t] = (told.NOT_HIGHEST, "MTR 2.4")
        if not work.win:  # no WinGame in this event: most events
            self._settle(work, playing, losers, [])
            return
        wins = dict.fromkeys(w for _, w in work.win)
        claimed = [
            w for w in wins if work.status[w] == "playing" if "cant_win" not in work.effects[w]
        ]
        for w in wins:
            if work.status[w] == "playing" and "cant_win" in work.effects[w]:
                # CR 101.2: "can't" beats "can"; in Two-Headed Giant it covers the team (810.8a).
                rule = self._cite("101.2", "810.8a")
                name = self.team_name(w)
                work.notes.append(tell(told.NOTE_CANT_WIN_GAME, name, rule))
                for index, team in work.win:
                    if team == w:
                        work.blocked[index] = Blocked(index, told.CANT_WIN_GAME, rule, name)
        for w in claimed:
            if w in losers:
                reason, rule = losers[w]
                # CR 104.3f: a player who would win and lose at once loses, so its win never
                # happens and makes nobody else lose.
                losers[w] = (tell(told.ALSO_WIN, reason), f"{rule}, 104.3f")
        winners = [w for w in claimed if w not in losers]
        for w in winners:
            for other in playing:
                if other != w and other not in losers:
                    losers[other] = (tell(told.OTHER_WON, self.team_name(w)), "104.2b")
        self._settle(work, playing, losers, winners)

    def _settle(
        self,
        work: _Work,
        playing: list[int],
        losers: dict[int, tuple[str, str]],
        winners: list[int],
    ) -> None:
        """The end of the state-based actions: the losers leave (or all draw), then who wins."""
        remaining = [t for t in playing if t not in losers]
        if losers and not remaining:
            # CR 104.4a, and 104.4d between teams: everyone left loses at once, so it's a draw.
            rule = self._cite("104.4a", "104.4d")
            for t in losers:
                work.leave(t, "drawn", told.ALL_LOST, rule)
            return
        for t, (reason, rule) in losers.items():
            work.leave(t, "lost", reason, rule)
        if len(remaining) == 1 and remaining[0] in winners:
            work.leave(remaining[0], "won", told.WON_BY_EFFECT, "104.2b")
        elif len(remaining) == 1:  # with more than one still playing, nobody is the last
            self._last_standing(work)


_SEAT_FIELDS: dict[type, tuple[str, ...]] = {}
_WITH_PLAYER = frozenset(cls for cls in CHANGE_TYPES.values() if "player" in field_names(cls))
"""The change types with a `player` field: the seat the change is about."""
_FIELD_ROLES: dict[type, tuple[tuple[str, str], ...]] = {}


def _field_roles(cls: type) -> tuple[tuple[str, str], ...]:
    """A change type's fields, in order, each with what `Game._validate` checks it as:
    "player", "source", "commander", "single_elimination", "amount" (an amount or a total) or
    "" (nothing). Cached: a replay asks at every change."""
    roles = _FIELD_ROLES.get(cls)
    if roles is None:
        roles = _FIELD_ROLES[cls] = tuple((n, _role(n)) for n in field_names(cls))
    return roles


def _role(name: str) -> str:
    if name.startswith("player"):
        return "player"
    if name in ("source", "commander", "single_elimination"):
        return name
    return "amount" if name in ("amount", "total") else ""


def _seat_fields(cls: type) -> tuple[str, ...]:
    """The fields of a change type that name a seat (a player, or a commander's owner), in
    order (cached: a replay asks at every change)."""
    names = _SEAT_FIELDS.get(cls)
    if names is None:
        names = _SEAT_FIELDS[cls] = tuple(
            n for n in field_names(cls) if n.startswith("player") or n == "source"
        )
    return names


def _next_playing(status: Sequence[str], active: int) -> int:
    """The team after `active`, round the table, that is still playing (CR 800.4): the one
    the turn passes to."""
    teams = len(status)
    for step in range(1, teams + 1):
        nxt = (active + step) % teams
        if status[nxt] == "playing":
            break
    return nxt


def _payable(team: TeamState) -> int:
    """The most life a team can pay (CR 119.4, 119.4a): its total, none below 0 (CR 119.4b:
    0 can always be paid), and only 0 under can't-lose-life (CR 119.8, 810.9h)."""
    if "cant_lose_life" in team.effects:
        return 0
    return max(team.life, 0)
