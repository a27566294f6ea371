"""The protocol's messages: typed, and validated field by field on receipt.

Every message on the wire is a msgpack map whose ``"t"`` names its type; the
other keys are exactly the fields of the dataclass below (``docs/protocol.md``
lists them).  :func:`parse` checks a decoded value against the messages one
side may receive and returns the typed message, or raises
:class:`MessageError` with the protocol error code and a reason.

>>> parse({"t": "ping", "n": 3}, TO_HOST)
Ping(n=3)
>>> try:
...     parse({"t": "ping", "n": "3"}, TO_HOST)
... except MessageError as exc:
...     print(exc.code, exc)
bad_message ping.n must be an integer
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

PROTOCOL_VERSION = 1
"""The wire protocol version; peers and hosts must have the same one."""
GAME_VERSION = "0.1.0"
"""Bella's version (keep equal to ``pyproject.toml``).  Major and minor must match to play together."""

MAX_SEATS = 8
MAX_EVENTS_PER_UPDATE = 500
"""Events per ``update`` message; a longer backlog is split over several."""

Check = Callable[[Any, str], Any]


class MessageError(ValueError):
    """A decoded value that is not a valid message; ``code`` is the protocol error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _int(lo: int, hi: int) -> Check:
    def check(v: Any, where: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise MessageError("bad_message", f"{where} must be an integer")
        if not lo <= v <= hi:
            raise MessageError("bad_message", f"{where} must be from {lo} to {hi}")
        return v
    return check


def _str(max_len: int) -> Check:
    def check(v: Any, where: str) -> str:
        if not isinstance(v, str):
            raise MessageError("bad_message", f"{where} must be a string")
        if len(v) > max_len:
            raise MessageError("bad_message", f"{where} is longer than {max_len} characters")
        return v
    return check


def _bool(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise MessageError("bad_message", f"{where} must be true or false")
    return v


def _map(max_len: int) -> Check:
    def check(v: Any, where: str) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise MessageError("bad_message", f"{where} must be a map")
        if len(v) > max_len:
            raise MessageError("bad_message", f"{where} has more than {max_len} keys")
        return v
    return check


def _opt(inner: Check) -> Check:
    def check(v: Any, where: str) -> Any:
        return None if v is None else inner(v, where)
    return check


def _list(inner: Check, max_len: int) -> Check:
    def check(v: Any, where: str) -> list[Any]:
        if not isinstance(v, list):
            raise MessageError("bad_message", f"{where} must be a list")
        if len(v) > max_len:
            raise MessageError("bad_message", f"{where} has more than {max_len} items")
        return [inner(item, f"{where}[{i}]") for i, item in enumerate(v)]
    return check


def _option_value(v: Any, where: str) -> Any:
    if isinstance(v, bool) or (isinstance(v, int) and -(2**31) <= v < 2**31):
        return v
    if isinstance(v, str) and len(v) <= 64:
        return v
    raise MessageError("bad_message", f"{where} must be a short string, an integer or a boolean")


def _options(v: Any, where: str) -> dict[str, Any]:
    m = _map(64)(v, where)
    return {_str(64)(k, f"{where} key"): _option_value(x, f"{where}.{k}") for k, x in m.items()}


_KINDS = ("human", "bot", "empty")


def _seat_entry(v: Any, where: str) -> dict[str, Any]:
    m = _map(6)(v, where)
    spec: dict[str, Check] = {
        "seat": _int(0, MAX_SEATS - 1), "name": _str(64), "kind": _str(8), "level": _opt(_str(16)),
        "ready": _bool, "connected": _bool,
    }
    _exact_keys(m, spec, where)
    out = {k: c(m[k], f"{where}.{k}") for k, c in spec.items()}
    if out["kind"] not in _KINDS:
        raise MessageError("bad_message", f"{where}.kind must be one of {', '.join(_KINDS)}")
    return out


def _event(v: Any, where: str) -> dict[str, Any]:
    m: dict[str, Any] = _map(64)(v, where)
    if not isinstance(m.get("type"), str):
        raise MessageError("bad_message", f"{where} has no type")
    return m


def _view(v: Any, where: str) -> dict[str, Any]:
    m: dict[str, Any] = _map(256)(v, where)
    if not isinstance(m.get("seq"), int) or isinstance(m.get("seq"), bool):
        raise MessageError("bad_message", f"{where} has no seq")
    return m


def _exact_keys(m: dict[str, Any], spec: dict[str, Check], where: str) -> None:
    for k in m:
        if k not in spec:
            raise MessageError("bad_message", f"{where} has an unknown field {str(k)[:32]!r}")
    for k in spec:
        if k not in m:
            raise MessageError("bad_message", f"{where} lacks the field {k!r}")


def _text_args(v: Any, where: str) -> dict[str, Any]:
    """The arguments of a message template: names to short strings, integers or lists of short strings."""
    m = _map(16)(v, where)
    out: dict[str, Any] = {}
    for k, x in m.items():
        key = _str(32)(k, f"{where} key")
        if isinstance(x, list):
            out[key] = _list(_str(64), 16)(x, f"{where}.{key}")
        elif isinstance(x, int) and not isinstance(x, bool):
            out[key] = _int(-(2**31), 2**31)(x, f"{where}.{key}")
        else:
            out[key] = _str(300)(x, f"{where}.{key}")
    return out


def _drop_unset(wire: dict[str, Any]) -> dict[str, Any]:
    """``wire`` without the optional ``template``/``args`` fields that are not set."""
    for k in ("template", "args"):
        if wire.get(k) is None:
            wire.pop(k, None)
    return wire


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True)
class Message:
    """Base of every message; ``T`` is its wire type, ``SPEC`` checks each field."""

    T: ClassVar[str] = ""
    SPEC: ClassVar[dict[str, Check]] = {}

    def to_wire(self) -> dict[str, Any]:
        """The message as the map sent on the wire."""
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        out: dict[str, Any] = {"t": self.T}
        for name in names:
            out[name] = getattr(self, name)
        return out

    @classmethod
    def from_wire(cls, m: dict[str, Any]) -> Message:
        """Validate a decoded map (``"t"`` already matched) and build the message."""
        body = {k: v for k, v in m.items() if k != "t"}
        _exact_keys(body, cls.SPEC, cls.T)
        return cls(**{k: c(body[k], f"{cls.T}.{k}") for k, c in cls.SPEC.items()})


# ---------------------------------------------------------------- peer -> host
@dataclass(frozen=True)
class Hello(Message):
    """First message of a peer: versions, name, and a token to reclaim a seat after a drop."""

    T: ClassVar[str] = "hello"
    protocol: int
    version: str
    name: str
    token: str | None = None
    match: int = 0
    events: int = 0
    owner_key: str | None = None
    code: str | None = None
    texts: bool = False
    SPEC: ClassVar[dict[str, Check]] = {
        "protocol": _int(0, 2**31), "version": _str(32), "name": _str(64), "token": _opt(_str(64)),
        "match": _int(0, 2**31), "events": _int(0, 2**31), "owner_key": _opt(_str(64)), "code": _opt(_str(16)),
        "texts": _bool,
    }

    @classmethod
    def from_wire(cls, m: dict[str, Any]) -> Message:
        """As :meth:`Message.from_wire`; ``code`` (the table code) may also be left out, meaning nil (peers
        written before private tables existed do not send it), and ``texts`` (the peer words errors itself
        from their ``template`` and ``args``), meaning false."""
        if "code" not in m:
            m = {**m, "code": None}
        if "texts" not in m:
            m = {**m, "texts": False}
        return super().from_wire(m)


@dataclass(frozen=True)
class TakeSeat(Message):
    """Sit at ``seat`` (lobby only)."""

    T: ClassVar[str] = "take_seat"
    seat: int
    SPEC: ClassVar[dict[str, Check]] = {"seat": _int(0, MAX_SEATS - 1)}


@dataclass(frozen=True)
class LeaveSeat(Message):
    """Stand up (lobby only)."""

    T: ClassVar[str] = "leave_seat"


@dataclass(frozen=True)
class Ready(Message):
    """Set our ready flag."""

    T: ClassVar[str] = "ready"
    ready: bool
    SPEC: ClassVar[dict[str, Check]] = {"ready": _bool}


@dataclass(frozen=True)
class Start(Message):
    """Ask the host to start the match (the table's owner only)."""

    T: ClassVar[str] = "start"


@dataclass(frozen=True)
class ActionMsg(Message):
    """Play ``action`` (an engine action in JSON form) on the view whose ``seq`` we saw."""

    T: ClassVar[str] = "action"
    seq: int
    action: dict[str, Any]
    SPEC: ClassVar[dict[str, Check]] = {"seq": _int(0, 2**31), "action": _map(16)}


@dataclass(frozen=True)
class ChatSend(Message):
    """A chat line we say."""

    T: ClassVar[str] = "chat"
    text: str
    SPEC: ClassVar[dict[str, Check]] = {"text": _str(1000)}


# ---------------------------------------------------------------- both ways
@dataclass(frozen=True)
class Ping(Message):
    """Keep-alive; answered by a :class:`Pong` with the same ``n``."""

    T: ClassVar[str] = "ping"
    n: int
    SPEC: ClassVar[dict[str, Check]] = {"n": _int(0, 2**31)}


@dataclass(frozen=True)
class Pong(Message):
    """The answer to a :class:`Ping`."""

    T: ClassVar[str] = "pong"
    n: int
    SPEC: ClassVar[dict[str, Check]] = {"n": _int(0, 2**31)}


@dataclass(frozen=True)
class Bye(Message):
    """The sender closes the connection; ``reason`` is a code, ``message`` words for the player.

    ``template``/``args`` (optional, see :class:`Error`) let the peer word the message in its language.
    """

    T: ClassVar[str] = "bye"
    reason: str
    message: str = ""
    template: str | None = None
    args: dict[str, Any] | None = None
    SPEC: ClassVar[dict[str, Check]] = {"reason": _str(32), "message": _str(300), "template": _opt(_str(300)),
                                        "args": _opt(_text_args)}

    def to_wire(self) -> dict[str, Any]:
        """As :meth:`Message.to_wire`, leaving out the optional ``template``/``args`` when not set."""
        return _drop_unset(super().to_wire())

    @classmethod
    def from_wire(cls, m: dict[str, Any]) -> Message:
        """As :meth:`Message.from_wire`; ``template`` and ``args`` may be left out (older hosts)."""
        return super().from_wire({"template": None, "args": None, **m})


# ---------------------------------------------------------------- host -> peer
@dataclass(frozen=True)
class Welcome(Message):
    """The host accepted our hello: our id, our reconnect token, our seat (if we got one back)."""

    T: ClassVar[str] = "welcome"
    protocol: int
    version: str
    client: int
    token: str
    owner: bool
    seat: int | None
    SPEC: ClassVar[dict[str, Check]] = {
        "protocol": _int(0, 2**31), "version": _str(32), "client": _int(0, 2**31), "token": _str(64),
        "owner": _bool, "seat": _opt(_int(0, MAX_SEATS - 1)),
    }


@dataclass(frozen=True)
class Lobby(Message):
    """The table: game, options, each seat (who, human or bot, ready, connected), started; ``seat`` is ours."""

    T: ClassVar[str] = "lobby"
    table: str
    game: str
    variant: str
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    started: bool
    seat: int | None
    SPEC: ClassVar[dict[str, Check]] = {
        "table": _str(64), "game": _str(32), "variant": _str(32), "players": _int(1, MAX_SEATS),
        "options": _options, "seats": _list(_seat_entry, MAX_SEATS), "started": _bool,
        "seat": _opt(_int(0, MAX_SEATS - 1)),
    }


@dataclass(frozen=True)
class Update(Message):
    """New events of match number ``match`` (``first`` is the index of ``events[0]`` in the seat's event
    log) and maybe the new view."""

    T: ClassVar[str] = "update"
    match: int
    first: int
    events: list[dict[str, Any]]
    view: dict[str, Any] | None
    SPEC: ClassVar[dict[str, Check]] = {
        "match": _int(1, 2**31), "first": _int(0, 2**31), "events": _list(_event, MAX_EVENTS_PER_UPDATE),
        "view": _opt(_view),
    }


@dataclass(frozen=True)
class Error(Message):
    """Our last message was refused: ``code`` (see docs), ``message`` for the player, ``ref`` the refused type."""

    T: ClassVar[str] = "error"
    code: str
    message: str
    ref: str | None = None
    template: str | None = None
    args: dict[str, Any] | None = None
    SPEC: ClassVar[dict[str, Check]] = {"code": _str(32), "message": _str(300), "ref": _opt(_str(32)),
                                        "template": _opt(_str(300)), "args": _opt(_text_args)}

    def to_wire(self) -> dict[str, Any]:
        """As :meth:`Message.to_wire`, leaving out the optional ``template``/``args`` when not set
        (a host sends them only to peers whose hello said ``texts``)."""
        return _drop_unset(super().to_wire())

    @classmethod
    def from_wire(cls, m: dict[str, Any]) -> Message:
        """As :meth:`Message.from_wire`; ``template`` and ``args`` may be left out (older hosts)."""
        return super().from_wire({"template": None, "args": None, **m})


@dataclass(frozen=True)
class ChatLine(Message):
    """A chat line said by ``name`` (at ``seat``, or standing), already sanitized by the host."""

    T: ClassVar[str] = "chat"
    name: str
    seat: int | None
    text: str
    SPEC: ClassVar[dict[str, Check]] = {"name": _str(64), "seat": _opt(_int(0, MAX_SEATS - 1)), "text": _str(1000)}


TO_HOST: dict[str, type[Message]] = {
    c.T: c for c in (Hello, TakeSeat, LeaveSeat, Ready, Start, ActionMsg, ChatSend, Ping, Pong, Bye, Error)
}
"""The messages a host accepts, by type."""
TO_PEER: dict[str, type[Message]] = {
    c.T: c for c in (Welcome, Lobby, Update, Error, ChatLine, Ping, Pong, Bye)
}
"""The messages a peer accepts, by type."""


def parse(value: Any, accepted: dict[str, type[Message]]) -> Message:
    """Validate a decoded value as one of ``accepted`` (:data:`TO_HOST` or :data:`TO_PEER`).

    Raises :class:`MessageError`: ``"bad_message"`` (not a map, bad field),
    ``"unknown_type"`` (a ``t`` this side does not know).
    """
    if not isinstance(value, dict):
        raise MessageError("bad_message", "a message must be a map")
    kind = value.get("t")
    if not isinstance(kind, str):
        raise MessageError("bad_message", "a message needs a string field 't'")
    cls = accepted.get(kind)
    if cls is None:
        raise MessageError("unknown_type", f"unknown message type {kind[:32]!r}")
    return cls.from_wire(value)
