"""The errors of the event core. Each is a ValueError whose message a person can read, in the
reader's language when a window shows it (`EventRules.tr`)."""

from tablelife.rules.i18n import Context


class TournamentError(ValueError):
    """Bad input to the event core. The message is a complete sentence meant for a person."""


class ResultError(TournamentError):
    """A match result that can't be right: an unknown outcome, games that don't add up, a team
    at two tables in one round."""


class PairingError(TournamentError):
    """Teams that can't be paired as asked: too few, a name twice, pods that can't be seated."""


class ClockError(TournamentError):
    """A round clock used out of order: paused while not running, started twice, time going
    backwards."""


class EventRules(Context):
    """The translation context of the event core's messages (`EventRules.tr("...")`)."""
