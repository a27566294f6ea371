"""Exceptions raised by the core engine. All are ``ValueError`` subclasses."""

from __future__ import annotations

from core.text import ArgValue, Refusal, Text


class BellaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(BellaError):
    """An action that is well formed but not allowed now.

    The message says why in words a player understands ("must follow
    hearts", "must overtrump").  The state that refused it is unchanged.

    The reason is also kept as a template with arguments so a client can
    show it in the player's language: ``IllegalAction("you do not hold the
    {card}", card="AS")`` has ``str()`` ``"you do not hold the ace of
    spades"``, ``template`` ``"you do not hold the {card}"`` and
    ``args_map`` ``{"card": "AS"}`` (argument kinds: :mod:`core.text`).
    A :class:`~core.text.Text` may be passed instead of a template.

    >>> e = IllegalAction("must follow {suit}", suit="H")
    >>> str(e), e.template, e.args_map
    ('must follow hearts', 'must follow {suit}', {'suit': 'H'})
    """

    text: Text
    """The reason as a template plus arguments."""

    def __init__(self, reason: str | Text = "", /, **args: ArgValue) -> None:
        text = reason if isinstance(reason, Text) else Refusal(str(reason), **args)
        super().__init__(str(text))
        self.text = text

    @property
    def template(self) -> str:
        """The English template of the reason, with ``{name}`` placeholders."""
        return self.text.template

    @property
    def args_map(self) -> dict[str, ArgValue]:
        """The arguments that fill :attr:`template` (codes and numbers, see :mod:`core.text`)."""
        return self.text.args


class InvalidAction(BellaError):
    """Data that is not a well-formed action at all (bad type, field, card)."""


class OptionError(BellaError):
    """An unknown option, or a value the option does not allow."""


class UnknownGame(BellaError):
    """A game id that is not registered."""


class RecordError(BellaError):
    """A record that cannot be replayed (malformed, or an action in it is illegal)."""
