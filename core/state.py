"""The abstract match state every game implements (the engine's public API).

A :class:`State` is a whole match: deal after deal until a side reaches the
target.  It is advanced only by :meth:`State.apply`.  The next step is taken
either by a seat (``current_player`` is a seat index), by chance
(``current_player == CHANCE``: the next action is a ``deal`` carrying the
whole shuffled deck) or by nobody (``None``: the match is over).

Games subclass :class:`State` and implement the template hooks
``_check``/``_apply`` plus the abstract members below.  The base class owns
the action history, the event log, records and option validation.
"""

from __future__ import annotations

import copy
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from core.actions import Action, action_from_json
from core.cards import CARD_STRS, deck
from core.errors import IllegalAction, OptionError, RecordError
from core.options import OptionSpec, OptionValue, validate_options

CHANCE = -1
"""``State.current_player`` when the next action is the chance ``deal``."""

RECORD_FORMAT = "bella-record"
RECORD_VERSION = 1

Event = dict[str, Any]
View = dict[str, Any]
S = TypeVar("S", bound="State")


def json_copy(value: Any) -> Any:
    """Deep copy of JSON-like data (dicts, lists, tuples and immutable atoms), several times faster than
    ``copy.deepcopy``; a ``dict`` subclass comes back as a plain ``dict``."""
    if isinstance(value, dict):
        return {k: x if type(x) in _ATOMS else json_copy(x) for k, x in value.items()}
    t = type(value)
    if t is list:
        return [x if type(x) in _ATOMS else json_copy(x) for x in value]
    if t is tuple:
        return tuple(x if type(x) in _ATOMS else json_copy(x) for x in value)
    return value


_ATOMS = frozenset({int, str, float, bool, type(None)})


@functools.cache
def _deck_cards(low_rank: str, jokers: bool) -> tuple[tuple[str, ...], frozenset[str]]:
    """The deck as card strings (in :func:`core.cards.deck` order) and as a set, computed once."""
    cards = tuple(CARD_STRS[c] for c in deck(low_rank, jokers))
    return cards, frozenset(cards)


class State(ABC):
    """A match of one game.  Subclasses set the class attributes below.

    Public API (used by the client, the network host, the AI and tests):
    ``current_player``, ``legal_actions()``, ``apply()``, ``sample_chance()``,
    ``view()``, ``events``, ``events_for()``, ``to_record()``, ``clone()``,
    ``is_over``, ``scores``, ``sides``, ``winner``, ``deal_results``.
    """

    game_id: ClassVar[str] = ""
    """The id used by :func:`core.new_match` (``"belote"``...)."""
    title: ClassVar[str] = ""
    """Human-readable name of the game."""
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The numbers of players the game supports."""
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = ()
    """The game's Options table."""
    deck_low_rank: ClassVar[str] = "7"
    """Lowest rank of the deck (``"7"`` for 32 cards, ``"2"`` for 52)."""
    deck_jokers: ClassVar[bool] = False
    """Whether the deck holds the two jokers."""

    def __init__(self, players: int, options: Mapping[str, OptionValue], first_dealer: int) -> None:
        self.players = players
        self.options: dict[str, OptionValue] = dict(options)
        self.first_dealer = first_dealer
        self._history: list[Action] = []
        # (public event, owner seat or -2 for nobody, owner's richer event or None)
        self._log: list[tuple[Event, int, Event | None]] = []

    # ------------------------------------------------------------------ options
    @classmethod
    def resolve_options(cls, players: int, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Validate ``given`` and fill in defaults; raise :class:`OptionError`.

        Games with variant-dependent defaults (or a ``players`` option)
        override this and call ``super()``.
        """
        opts = validate_options(cls.game_id, cls.OPTIONS, given)
        if "players" in opts:
            if given and "players" in given and int(opts["players"]) != players:
                raise OptionError(
                    f"option 'players' is {opts['players']} but the match has {players} players"
                )
            opts["players"] = players
        return opts

    # ---------------------------------------------------------- abstract rules
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, :data:`CHANCE` for the deal, or ``None`` when over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action allowed now (the deal excepted: use :meth:`sample_chance`)."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` with a reason if ``action`` is not allowed now.

        Must not change the state.  The match is known not to be over.
        """

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already accepted by :meth:`_check`."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know, as JSON-able data; ``None`` is a spectator.

        Never contains a card hidden from that seat.  Common keys are listed in
        ``docs/engine.md``; :meth:`base_view` fills most of them.
        """

    @abstractmethod
    def hidden_zones(self, seat: int | None) -> dict[str, list[str]]:
        """The true contents of every zone hidden from ``seat`` (tests only).

        Zone names and sizes match ``view(seat)["hidden"]``.  This reveals
        hidden cards: the AI and the client must never call it.
        """

    @abstractmethod
    def card_zones(self) -> dict[str, list[str]]:
        """Every card's true location: zone name -> cards (tests and debugging only).

        Every card of the deck is in exactly one zone at all times (before the
        first deal they are all in ``"deck"``).  Reveals hidden cards.
        """

    @classmethod
    @abstractmethod
    def from_view(cls: type[S], view: View, fill: Mapping[str, Sequence[str]]) -> S:
        """Build a state consistent with ``view`` whose hidden zones hold ``fill``.

        This is the determinization hook of the AI: ``fill`` assigns the
        unseen cards (``view["unseen"]``) to the hidden zones
        (``view["hidden"]``).  The result plays on exactly as the real state
        would if its hidden cards were ``fill``.  It has no history.
        """

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Match scores, one per side (see :attr:`sides`)."""

    @property
    @abstractmethod
    def sides(self) -> list[list[int]]:
        """The seats of each scoring side (partnerships, or one seat each)."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning side index once the match is over, else ``None``."""

    @property
    def winners(self) -> list[int]:
        """Every winning side once the match is over (empty before).

        One side in most games; five-handed Pitch can end with several (a tie,
        or a bidder and its called partner), ``winner`` being the first.
        """
        w = self.winner
        return [] if w is None else [w]

    @property
    @abstractmethod
    def deal_results(self) -> list[dict[str, Any]]:
        """One JSON-able result per finished deal (see ``docs/engine.md``)."""

    def _copy_mutable(self, new: State) -> None:  # noqa: B027 - optional hook
        """Give ``new`` (a shallow copy of ``self``) its own mutable containers."""

    # ---------------------------------------------------------------- template
    @property
    def is_over(self) -> bool:
        """True once the match has been won."""
        return self.current_player is None

    def apply(self, action: Action) -> None:
        """Apply ``action``; raise :class:`IllegalAction` (state unchanged) if not allowed.

        >>> import core
        >>> s = core.new_match("klaberjass", players=2, seed=1)
        >>> s.apply(core.Action("play", card="JH"))
        Traceback (most recent call last):
        ...
        core.errors.IllegalAction: the cards must be dealt first
        """
        if self.current_player is None:
            raise IllegalAction("the match is over")
        self._check(action)
        self._apply(action)
        self._history.append(action)

    def sample_chance(self, rng: random.Random) -> Action:
        """Return a uniformly shuffled ``deal`` action, drawing only from ``rng``."""
        cards = list(_deck_cards(self.deck_low_rank, self.deck_jokers)[0])
        rng.shuffle(cards)
        return Action("deal", deck=tuple(cards))

    def check_deal(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` deals a full, valid deck."""
        if action.type != "deal":
            if self.current_player == CHANCE:
                raise IllegalAction("the cards must be dealt first")
            raise IllegalAction("it is not time to deal")
        expected = _deck_cards(self.deck_low_rank, self.deck_jokers)[1]
        if action.deck is None or len(action.deck) != len(expected) or set(action.deck) != expected:
            raise IllegalAction("a deal must hold each of the {n} cards exactly once", n=len(expected))

    @property
    def history(self) -> list[Action]:
        """Every action applied so far, deals included (a copy)."""
        return list(self._history)

    @property
    def seq(self) -> int:
        """Number of actions applied so far (a version number for the network)."""
        return len(self._history)

    # ------------------------------------------------------------------ events
    def _emit(self, event: Event, owner: int = -2, private: Event | None = None) -> None:
        """Log a public ``event``; ``owner`` alone sees ``private`` instead."""
        self._log.append((event, owner, private))

    @property
    def events(self) -> list[Event]:
        """The public events so far (what a spectator sees)."""
        return [e for e, _, _ in self._log]

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """Events from index ``start`` as ``seat`` sees them (its private details included)."""
        out: list[Event] = []
        for e, owner, private in self._log[start:]:
            out.append(private if private is not None and owner == seat else e)
        return out

    @property
    def event_count(self) -> int:
        """Number of events logged so far."""
        return len(self._log)

    # ------------------------------------------------------------------- views
    def base_view(self, seat: int | None) -> View:
        """The keys every game's view shares; games add theirs to this dict."""
        cp = self.current_player
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "seq": len(self._history),
            "current_player": cp,
            "legal": [a.to_json() for a in self.legal_actions()] if seat is not None and cp == seat else [],
            "sides": self.sides,
            "scores": list(self.scores),
            "deals": json_copy(self.deal_results),
            "match_over": cp is None,
            "winner": self.winner,
            "events": len(self._log),
        }

    # ----------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """A JSON-able record from which :func:`core.replay` rebuilds this state."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "first_dealer": self.first_dealer,
            "actions": [a.to_json() for a in self._history],
        }

    def clone(self: S) -> S:
        """An independent copy: applying actions to it leaves ``self`` untouched."""
        new = copy.copy(self)
        new.options = dict(self.options)
        new._history = list(self._history)
        new._log = list(self._log)
        self._copy_mutable(new)
        return new

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} seq={len(self._history)}>"


def replay_actions(state: State, actions: Sequence[Any]) -> State:
    """Apply JSON actions to ``state`` in order; raise :class:`RecordError` on a bad one."""
    for i, obj in enumerate(actions):
        try:
            state.apply(obj if isinstance(obj, Action) else action_from_json(obj))
        except ValueError as exc:
            raise RecordError(f"action {i} ({obj!r:.60}) cannot be replayed: {exc}") from None
    return state
