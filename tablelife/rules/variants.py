"""The variants Tablelife plays: Two-Headed Giant (and bigger giants), free-for-all and
Commander (a free-for-all with commanders)."""

from __future__ import annotations

from tablelife.rules.errors import RuleError
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, Context, arg, translate
from tablelife.rules.values import frozen

# CR 810.4, 810.8d, 810.11: 30 life and 15 poison for two heads, +15 and +5 per extra head.
GIANT_BASE_LIFE = 30
GIANT_BASE_POISON = 15
GIANT_LIFE_PER_HEAD = 15
GIANT_POISON_PER_HEAD = 5
# CR 104.3d: ten poison counters.
FFA_POISON_LIMIT = 10
FFA_DEFAULT_LIFE = 20
USUAL_FFA_LIFE = (20, 40)
# CR 810.1: Two-Headed Giant is two teams.
GIANT_TEAMS = 2
# CR 903.7: 40 life in Commander. CR 903.10a, 704.6c: 21 combat damage from one commander loses.
COMMANDER_LIFE = 40
COMMANDER_DAMAGE_LIMIT = 21


class Variants(Context):
    """The translation context of the variants' titles."""


# The giants' titles as `TwoHeadedGiant.title` writes them, marked for the translation file.
_GIANT_TITLES = {
    2: QT_TRANSLATE_NOOP("Variants", "Two-Headed Giant"),
    3: QT_TRANSLATE_NOOP("Variants", "Three-Headed Giant"),
    4: QT_TRANSLATE_NOOP("Variants", "Four-Headed Giant"),
    5: QT_TRANSLATE_NOOP("Variants", "Five-Headed Giant"),
    6: QT_TRANSLATE_NOOP("Variants", "Six-Headed Giant"),
}


def _whole(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{name} must be a whole number, not {value!r}.")
    if value < least:
        raise RuleError(f"{name} must be at least {least}, not {value}.")
    return value


@frozen(init=False)
class TwoHeadedGiant:
    """Teams of `heads` players sharing one life total and one poison count (CR 810).

    `starting_life` and `poison_limit` default to the rule values (CR 810.4, 810.8d, 810.11);
    other values are house rules.
    """

    heads: int
    teams: int
    starting_life: int
    poison_limit: int

    def __init__(
        self,
        heads: int = 2,
        teams: int = 2,
        starting_life: int | None = None,
        poison_limit: int | None = None,
    ) -> None:
        _whole("A giant's number of heads", heads, 2)
        _whole("The number of teams", teams, 2)
        extra = heads - 2
        if starting_life is None:
            starting_life = GIANT_BASE_LIFE + GIANT_LIFE_PER_HEAD * extra
        if poison_limit is None:
            poison_limit = GIANT_BASE_POISON + GIANT_POISON_PER_HEAD * extra
        _whole("Starting life", starting_life, 1)
        _whole("The poison limit", poison_limit, 1)
        object.__setattr__(self, "heads", heads)
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "starting_life", starting_life)
        object.__setattr__(self, "poison_limit", poison_limit)

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return self.heads * self.teams

    @property
    def team_game(self) -> bool:
        """True: players win and lose only as a team (CR 810.8a)."""
        return True

    @property
    def commander(self) -> bool:
        """False: Tablelife does not play Two-Headed Giant with commanders (yet)."""
        return False

    @property
    def house_rules(self) -> bool:
        """True with other than two teams (CR 810.1), or when starting life or the poison limit
        differ from the rules (CR 810.11)."""
        extra = self.heads - 2
        return (
            self.teams != GIANT_TEAMS
            or self.starting_life != GIANT_BASE_LIFE + GIANT_LIFE_PER_HEAD * extra
            or self.poison_limit != GIANT_BASE_POISON + GIANT_POISON_PER_HEAD * extra
        )

    @property
    def title(self) -> str:
        """A short name for people: "Two-Headed Giant", "Three-Headed Giant", ..."""
        words = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
        return f"{words.get(self.heads, str(self.heads))}-Headed Giant"

    @property
    def display_title(self) -> str:
        """`title` in the reader's language, for the window ("Двухголовый гигант"); `title`
        itself stays English: the export names the variant by it."""
        title = _GIANT_TITLES.get(self.heads)
        if title is not None:
            return translate("Variants", title)
        return arg(Variants.tr("%1-Headed Giant"), self.heads)

    def team_of(self, player: int) -> int:
        """The team a seat belongs to: team t holds players t*heads .. t*heads+heads-1."""
        return player // self.heads

    def players_of(self, team: int) -> range:
        """The seats of one team."""
        return range(team * self.heads, team * self.heads + self.heads)


@frozen
class FreeForAll:
    """Every player for themselves (CR 806): team i is player i alone.

    With `commander=True` it is a Commander game (CR 903): combat damage from each commander is
    counted, and 21 from the same one loses (CR 903.10a, 704.6c).
    """

    players: int = 4
    starting_life: int = FFA_DEFAULT_LIFE
    poison_limit: int = FFA_POISON_LIMIT
    commander: bool = False

    def __post_init__(self) -> None:
        _whole("The number of players", self.players, 2)
        _whole("Starting life", self.starting_life, 1)
        _whole("The poison limit", self.poison_limit, 1)
        if not isinstance(self.commander, bool):
            raise RuleError(f"Commander is on or off, not {self.commander!r}.")

    @property
    def teams(self) -> int:
        """One team per player."""
        return self.players

    @property
    def heads(self) -> int:
        """One player per team."""
        return 1

    @property
    def team_game(self) -> bool:
        """False: each player stands alone."""
        return False

    @property
    def house_rules(self) -> bool:
        """True unless life is 20 or the common 40 (Commander: 40, CR 903.7), and poison is the
        rule's 10 (CR 104.3d)."""
        usual = (COMMANDER_LIFE,) if self.commander else USUAL_FFA_LIFE
        return self.starting_life not in usual or self.poison_limit != FFA_POISON_LIMIT

    @property
    def title(self) -> str:
        """A short name for people."""
        return f"{'Commander' if self.commander else 'Free-for-all'}, {self.players} players"

    @property
    def display_title(self) -> str:
        """`title` in the reader's language, for the window ("Командир, 4 игрока"); `title`
        itself stays English: the export names the variant by it."""
        if self.commander:
            return Variants.tr("Commander, %n player(s)", "", self.players)
        return Variants.tr("Free-for-all, %n player(s)", "", self.players)

    def team_of(self, player: int) -> int:
        """Each player is their own team."""
        return player

    def players_of(self, team: int) -> range:
        """The one seat of a team."""
        return range(team, team + 1)


Variant = TwoHeadedGiant | FreeForAll
