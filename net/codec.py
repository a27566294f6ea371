"""Sans-I/O framing: a 4-byte big-endian length prefix, then one msgpack value.

Nothing here touches a socket.  :func:`encode` turns a message (a map) into
one frame; :class:`FrameDecoder` splits received bytes into frame bodies and
:func:`decode_body` turns one body into a plain value, enforcing every limit
of ``docs/protocol.md`` (frame size, string, list and map sizes, nesting
depth, map keys are strings, no binary or extension types).  Every failure
raises :class:`CodecError` and nothing else.

>>> frame = encode({"t": "ping", "n": 1})
>>> frame[:4], len(frame)
(b'\\x00\\x00\\x00\\x0b', 15)
>>> d = FrameDecoder()
>>> d.feed(frame + frame[:3])
>>> [decode_body(b) for b in d.frames()]
[{'t': 'ping', 'n': 1}]
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any

import msgpack

HEADER = struct.Struct(">I")
"""The frame header: the body length as an unsigned 32-bit big-endian integer."""

MAX_FRAME_TO_HOST = 64 * 1024
"""Largest frame body a host accepts from a peer (peers only send small messages)."""
MAX_FRAME_TO_PEER = 1024 * 1024
"""Largest frame body a peer accepts from a host (views and event batches)."""
MAX_STR = 8 * 1024
"""Longest string (in UTF-8 bytes) inside a frame."""
MAX_ARRAY = 10_000
"""Longest array inside a frame."""
MAX_MAP = 1_000
"""Largest map (number of pairs) inside a frame."""
MAX_DEPTH = 32
"""Deepest nesting of arrays and maps inside a frame (the top value is depth 1)."""


class CodecError(ValueError):
    """Bytes that are not a valid frame.

    ``code`` is the protocol error code (``"frame_too_large"``,
    ``"bad_frame"``); ``fatal`` is true when the stream cannot be resynchronised
    and the connection must be closed.
    """

    def __init__(self, code: str, message: str, *, fatal: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.fatal = fatal


def _reject_ext(code: int, data: bytes) -> Any:
    raise CodecError("bad_frame", f"extension type {code} is not allowed")


def encode(message: Any, *, max_frame: int = MAX_FRAME_TO_PEER) -> bytes:
    """Return ``message`` as one frame (header + msgpack body).

    Raises :class:`CodecError` (``"frame_too_large"``) if the body exceeds
    ``max_frame`` bytes, or (``"bad_frame"``) if the value cannot be packed.
    """
    try:
        body: bytes = msgpack.packb(message, use_bin_type=True, datetime=False)
    except (TypeError, ValueError, OverflowError) as exc:
        raise CodecError("bad_frame", f"cannot encode message: {exc}") from None
    if len(body) > max_frame:
        raise CodecError("frame_too_large", f"message of {len(body)} bytes exceeds {max_frame}")
    return HEADER.pack(len(body)) + body


def _check_value(value: Any) -> None:
    """Raise :class:`CodecError` for deep nesting, a non-string map key or a binary value."""
    if type(value) is bytes:
        raise CodecError("bad_frame", "binary values are not allowed")
    stack: list[tuple[Any, int]] = [(value, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        v, depth = pop()
        if depth > MAX_DEPTH:
            raise CodecError("bad_frame", f"nesting deeper than {MAX_DEPTH}")
        if type(v) is dict:
            for k in v:
                if type(k) is not str:
                    raise CodecError("bad_frame", "map keys must be strings")
            items: Any = v.values()
        else:
            items = v
        for item in items:
            t = type(item)
            if t is dict or t is list:
                push((item, depth + 1))
            elif t is bytes:
                raise CodecError("bad_frame", "binary values are not allowed")


def decode_body(body: bytes) -> Any:
    """Decode one frame body into plain values (dict, list, str, int, float, bool, None).

    Raises :class:`CodecError` (``"bad_frame"``) for anything else: invalid
    msgpack, trailing bytes, invalid UTF-8, oversized strings, lists or maps,
    binary or extension values, non-string map keys, nesting beyond
    :data:`MAX_DEPTH`.
    """
    try:
        value = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            use_list=True,
            max_str_len=MAX_STR,
            max_bin_len=0,
            max_ext_len=0,
            max_array_len=MAX_ARRAY,
            max_map_len=MAX_MAP,
            ext_hook=_reject_ext,
        )
    except CodecError:
        raise
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError, MemoryError) as exc:
        raise CodecError("bad_frame", f"undecodable frame: {type(exc).__name__}: {str(exc):.80}") from None
    if isinstance(value, (dict, list, bytes)):
        _check_value(value)
    return value


class FrameDecoder:
    """Splits a byte stream into frame bodies, refusing any frame over ``max_frame``.

    Feed it whatever the socket delivered with :meth:`feed`, then iterate
    :meth:`frames`.  A header announcing more than ``max_frame`` bytes raises
    a fatal :class:`CodecError` (``"frame_too_large"``): the stream cannot be
    trusted any more, and every later call raises it again.
    """

    def __init__(self, max_frame: int = MAX_FRAME_TO_HOST) -> None:
        self.max_frame = max_frame
        self._buf = bytearray()
        self._failed: CodecError | None = None

    def feed(self, data: bytes) -> None:
        """Append received bytes (no parsing happens here)."""
        if self._failed is not None:
            raise self._failed
        self._buf += data

    @property
    def buffered(self) -> int:
        """Number of bytes received but not yet returned as frames."""
        return len(self._buf)

    def frames(self) -> Iterator[bytes]:
        """Yield every complete frame body buffered so far."""
        while True:
            if self._failed is not None:
                raise self._failed
            if len(self._buf) < HEADER.size:
                return
            (size,) = HEADER.unpack_from(self._buf, 0)
            if size > self.max_frame:
                self._failed = CodecError(
                    "frame_too_large", f"frame of {size} bytes exceeds the limit of {self.max_frame}", fatal=True
                )
                self._buf.clear()
                raise self._failed
            end = HEADER.size + size
            if len(self._buf) < end:
                return
            body = bytes(self._buf[HEADER.size:end])
            del self._buf[:end]
            yield body
