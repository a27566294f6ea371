"""Exceptions raised by the core engine. All are ``ValueError`` subclasses."""

from __future__ import annotations


class BellaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(BellaError):
    """An action that is well formed but not allowed now.

    The message says why in words a player understands ("must follow
    hearts", "must overtrump").  The state that refused it is unchanged.
    """


class InvalidAction(BellaError):
    """Data that is not a well-formed action at all (bad type, field, card)."""


class OptionError(BellaError):
    """An unknown option, or a value the option does not allow."""


class UnknownGame(BellaError):
    """A game id that is not registered."""


class RecordError(BellaError):
    """A record that cannot be replayed (malformed, or an action in it is illegal)."""
