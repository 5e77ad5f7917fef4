"""The one error type of the rules core."""


class RuleError(ValueError):
    """An illegal or malformed change. The message is meant for a person to read."""
