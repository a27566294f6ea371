"""Sans-I/O connection state machine: bytes in, typed messages out, replies queued as bytes.

One :class:`Connection` per TCP connection, on either side.  The I/O layer
feeds it received bytes with :meth:`Connection.receive_data` (with the current
time, for rate limiting) and writes out whatever :meth:`Connection.data_to_send`
returns; once :attr:`Connection.closed` is true it flushes and closes the socket.

States (``docs/protocol.md``, "Connection states")::

    host side:  HANDSHAKE --hello ok--> OPEN --bye / fatal error / too many errors--> CLOSED
    peer side:  HANDSHAKE --welcome---> OPEN --bye / fatal error / too many errors--> CLOSED

Protocol errors (undecodable frames, malformed or unknown messages, messages
not allowed in the current state, flooding) are answered here with an
``error`` message and counted as strikes; more than ``max_strikes`` within
``strike_window`` seconds closes the connection with ``bye too_many_errors``.
Only valid messages reach the application.

>>> host, peer = Connection("host"), Connection("peer")
>>> peer.send(Hello(PROTOCOL_VERSION, GAME_VERSION, "Ann"))
>>> [type(m).__name__ for m in host.receive_data(peer.data_to_send(), now=0.0)]
['Hello']
>>> host.state
<State.HANDSHAKE: 1>
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from core.text import ArgValue, Refusal, Text
from net.codec import MAX_FRAME_TO_HOST, MAX_FRAME_TO_PEER, CodecError, FrameDecoder, decode_body, encode
from net.messages import (
    GAME_VERSION,
    PROTOCOL_VERSION,
    TO_HOST,
    TO_PEER,
    Bye,
    Error,
    Hello,
    Message,
    MessageError,
    Ping,
    Pong,
    Welcome,
    parse,
)


class State(enum.Enum):
    """Where a connection is in its life."""

    HANDSHAKE = 1
    OPEN = 2
    CLOSED = 3


def version_compatible(a: str, b: str) -> bool:
    """True when two Bella versions may play together (same major and minor)."""
    return a.split(".")[:2] == b.split(".")[:2]


def _shown(value: Any, wanted: type, what: str) -> str:
    """``value`` as a player reads it: itself when it has the right type, else quoted with its type named
    (so the protocol sent as the string ``"1"`` is not shown as ``1``, the same as ours)."""
    if isinstance(value, wanted) and not isinstance(value, bool):
        return str(value)[:32]
    if value is None:
        return "missing"
    kind = {str: "a string", int: "an integer", bool: "a boolean", float: "a number"}.get(
        type(value), "a " + type(value).__name__)
    return f"{str(repr(value))[:32]}, {kind}, not {what}"


def mismatch_message(their_protocol: Any, their_version: Any, *, we_are: str) -> str:
    """The player-facing text explaining a version mismatch.

    >>> mismatch_message("1", "0.1.0", we_are="host")  # doctest: +NORMALIZE_WHITESPACE
    "this table runs Bella 0.1.0 (protocol 1) but you have Bella 0.1.0 (protocol '1', a string, not an
    integer); both must run the same version"
    """
    return str(mismatch_text(their_protocol, their_version, we_are=we_are))


def mismatch_text(their_protocol: Any, their_version: Any, *, we_are: str) -> Refusal:
    """:func:`mismatch_message` as a template with arguments (the versions), for the peer to translate."""
    args: dict[str, ArgValue] = {
        "version": GAME_VERSION, "protocol": str(PROTOCOL_VERSION),
        "their_version": _shown(their_version, str, "a string"),
        "their_protocol": _shown(their_protocol, int, "an integer"),
    }
    if we_are == "host":
        return Refusal("this table runs Bella {version} (protocol {protocol}) but you have Bella {their_version} "
                       "(protocol {their_protocol}); both must run the same version", **args)
    return Refusal("the table runs Bella {their_version} (protocol {their_protocol}) but you have Bella {version} "
                   "(protocol {protocol}); both must run the same version", **args)


class Connection:
    """The protocol state of one connection, as the ``"host"`` or the ``"peer"`` side.

    ``rate``/``burst`` bound the messages per second a host accepts from a
    peer (a token bucket); extra messages are refused with ``flood``.
    """

    def __init__(
        self,
        role: str,
        *,
        max_strikes: int = 5,
        strike_window: float = 60.0,
        rate: float = 1000.0,
        burst: float = 500.0,
    ) -> None:
        if role not in ("host", "peer"):
            raise ValueError("role must be 'host' or 'peer'")
        self.role = role
        self.state = State.HANDSHAKE
        self.max_strikes = max_strikes
        self.strike_window = strike_window
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last: float | None = None
        self._last_refill: float | None = None
        self._strikes: deque[float] = deque()
        self._decoder = FrameDecoder(MAX_FRAME_TO_HOST if role == "host" else MAX_FRAME_TO_PEER)
        self._accepts = TO_HOST if role == "host" else TO_PEER
        self._out_limit = MAX_FRAME_TO_PEER if role == "host" else MAX_FRAME_TO_HOST
        self._out: list[bytes] = []
        self.close_reason: str | None = None
        """Why the connection closed: a bye reason code (ours or the other side's)."""
        self.close_message: str = ""
        """The words that came with it."""
        self.close_text: Text | None = None
        """The other side's bye as a template with arguments, when it sent them."""
        self.remote_closed = False
        """True when the other side said bye."""
        self.texts = False
        """Host side: the peer's hello said it words errors itself from their ``template`` and ``args``."""
        self.on_send: Callable[[dict[str, Any]], None] | None = None
        """Called with every message queued, as its wire map (the host's leak checks in tests)."""
        self.frames_received = 0
        """Complete frames received so far (valid or not): the host counts only these as signs of life."""

    # ------------------------------------------------------------------ output
    @property
    def closed(self) -> bool:
        """True once the connection is over (flush :meth:`data_to_send`, then close the socket)."""
        return self.state is State.CLOSED

    def send(self, msg: Message) -> None:
        """Queue ``msg`` (ignored once closed)."""
        if self.state is not State.CLOSED:
            wire = msg.to_wire()
            if self.on_send is not None:
                self.on_send(wire)
            self._out.append(encode(wire, max_frame=self._out_limit))

    def send_frame(self, frame: bytes) -> None:
        """Queue an already encoded frame (the host encodes a broadcast once)."""
        if self.state is not State.CLOSED:
            self._out.append(frame)

    def data_to_send(self) -> bytes:
        """Return and forget the bytes queued for the socket."""
        if not self._out:
            return b""
        data = b"".join(self._out)
        self._out.clear()
        return data

    def error(self, code: str, message: str | Text, ref: str | None = None, *, strike: bool = False) -> None:
        """Queue an ``error``; with ``strike``, count it towards dropping the connection.

        A :class:`core.text.Text` message also goes as its ``template`` and ``args`` to a peer that said
        it words texts itself (its hello's ``texts``); every peer gets the English words.
        """
        template, args = self._text_fields(message)
        self.send(Error(code, str(message)[:300], ref, template, args))
        if strike:
            self._strike()

    def close(self, reason: str, message: str | Text = "") -> None:
        """Say ``bye`` and close (a :class:`core.text.Text` message as for :meth:`error`)."""
        if self.state is State.CLOSED:
            return
        template, args = self._text_fields(message)
        self.send(Bye(reason, str(message)[:300], template, args))
        self.state = State.CLOSED
        self.close_reason = reason
        self.close_message = str(message)
        if isinstance(message, Text):
            self.close_text = message

    def _text_fields(self, message: str | Text) -> tuple[str | None, dict[str, Any] | None]:
        """(template, args) to send with ``message``: only for a text, only to a peer that words texts."""
        if not isinstance(message, Text) or not self.texts or len(message.template) > 300:
            return None, None
        return message.template, dict(message.args)

    def accept(self, welcome: Welcome) -> None:
        """Host side: answer a valid hello with ``welcome`` and open the connection."""
        self.send(welcome)
        if self.state is State.HANDSHAKE:
            self.state = State.OPEN

    def connection_lost(self) -> None:
        """The socket closed under us."""
        if self.state is not State.CLOSED:
            self.state = State.CLOSED
            self.close_reason = self.close_reason or "connection_lost"

    def _strike(self, now: float | None = None) -> None:
        t = self._last if now is None else now
        t = 0.0 if t is None else t
        self._strikes.append(t)
        while self._strikes and self._strikes[0] < t - self.strike_window:
            self._strikes.popleft()
        if len(self._strikes) > self.max_strikes:
            self.close("too_many_errors", "too many invalid messages")

    # ------------------------------------------------------------------- input
    def receive_data(self, data: bytes, now: float) -> list[Message]:
        """Feed received bytes; return the valid messages for the application.

        Protocol errors are answered (queued) here; check :attr:`closed` afterwards.
        To keep replies in order with errors, an I/O layer should rather call
        :meth:`feed` and handle each message of :meth:`messages` as it comes.
        """
        self.feed(data)
        return list(self.messages(now))

    def feed(self, data: bytes) -> None:
        """Buffer received bytes (nothing is parsed yet)."""
        if self.state is State.CLOSED:
            return
        try:
            self._decoder.feed(data)
        except CodecError as exc:
            self._fatal(exc)

    @property
    def partial_frame(self) -> bool:
        """True while the bytes received end inside an unfinished frame."""
        return self._decoder.buffered > 0

    def messages(self, now: float) -> Iterator[Message]:
        """Yield the valid messages buffered so far, one frame at a time (stops once closed)."""
        try:
            for body in self._decoder.frames():
                if self.closed:
                    return
                self.frames_received += 1
                msg = self._one(body, now)
                if msg is not None:
                    yield msg
        except CodecError as exc:  # fatal: oversized frame
            self._fatal(exc)

    def _fatal(self, exc: CodecError) -> None:
        if self.state is not State.CLOSED:
            self.send(Error(exc.code, str(exc)[:300], None))
            self.close(exc.code, str(exc))

    def _one(self, body: bytes, now: float) -> Message | None:
        self._last = now
        if self.role == "host":
            if self._last_refill is not None:
                self._tokens = min(self.burst, self._tokens + (now - self._last_refill) * self.rate)
            self._last_refill = now
            if self._tokens < 1.0:
                self.error("flood", "too many messages; slow down", strike=True)
                return None
            self._tokens -= 1.0
        try:
            value = decode_body(body)
        except CodecError as exc:
            self.error(exc.code, str(exc), strike=True)
            return None
        ref = value.get("t") if isinstance(value, dict) and isinstance(value.get("t"), str) else None
        ref = ref[:32] if ref else None
        if self.role == "host" and self.state is State.HANDSHAKE and ref == "hello":
            self.texts = value.get("texts") is True
            proto, version = value.get("protocol"), value.get("version")
            if proto != PROTOCOL_VERSION or not isinstance(version, str) or not version_compatible(
                version, GAME_VERSION
            ):
                text = mismatch_text(proto, version, we_are="host")
                self.error("version_mismatch", text, "hello")
                self.close("version_mismatch", text)
                return None
        if self.role == "peer" and self.state is State.HANDSHAKE and ref == "welcome":
            proto, version = value.get("protocol"), value.get("version")
            if proto != PROTOCOL_VERSION or not isinstance(version, str) or not version_compatible(
                version, GAME_VERSION
            ):
                text = mismatch_text(proto, version, we_are="peer")
                self.close("version_mismatch", text)
                return None
        try:
            msg = parse(value, self._accepts)
        except MessageError as exc:
            self.error(exc.code, str(exc), ref, strike=True)
            return None
        return self._gate(msg)

    def _gate(self, msg: Message) -> Message | None:
        """Apply the state machine to a valid message."""
        if isinstance(msg, Bye):
            self.state = State.CLOSED
            self.remote_closed = True
            self.close_reason = msg.reason
            self.close_message = msg.message
            if msg.template is not None:
                self.close_text = Text.from_json({"template": msg.template, "args": msg.args or {}})
            return msg
        if self.state is State.HANDSHAKE:
            if self.role == "host" and not isinstance(msg, Hello):
                self.error("not_allowed_now", f"say hello first, not {msg.T}", msg.T, strike=True)
                return None
            if self.role == "peer":
                if isinstance(msg, Welcome):
                    self.state = State.OPEN
                elif not isinstance(msg, (Error, Ping, Pong)):
                    self.error("not_allowed_now", f"expected welcome, not {msg.T}", msg.T, strike=True)
                    return None
            return msg
        if isinstance(msg, (Hello, Welcome)):
            self.error("not_allowed_now", f"{msg.T} is only allowed once, at the start", msg.T, strike=True)
            return None
        return msg
