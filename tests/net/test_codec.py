"""The codec and the message validation: limits, strictness, and fuzzing (only CodecError / MessageError escape)."""

from __future__ import annotations

import contextlib
import struct
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import codec
from net.codec import CodecError, FrameDecoder, decode_body, encode
from net.messages import TO_HOST, TO_PEER, Hello, MessageError, Update, parse
from net.text import clean_name, clean_text


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def test_round_trip_and_split_delivery() -> None:
    msgs = [{"t": "ping", "n": i} for i in range(5)] + [{"t": "chat", "text": "héllo ♠"}]
    data = b"".join(encode(m) for m in msgs)
    d = FrameDecoder()
    got: list[Any] = []
    for i in range(len(data)):  # one byte at a time
        d.feed(data[i:i + 1])
        got.extend(decode_body(b) for b in d.frames())
    assert got == msgs
    assert d.buffered == 0


def test_oversized_frame_is_fatal_before_the_body_arrives() -> None:
    d = FrameDecoder(max_frame=1000)
    d.feed(struct.pack(">I", 1001))
    with pytest.raises(CodecError) as err:
        list(d.frames())
    assert err.value.code == "frame_too_large" and err.value.fatal
    with pytest.raises(CodecError):
        d.feed(b"x")


def test_encode_refuses_oversized_and_unencodable() -> None:
    with pytest.raises(CodecError) as err:
        encode({"t": "x", "s": "a" * 2000}, max_frame=1000)
    assert err.value.code == "frame_too_large"
    with pytest.raises(CodecError):
        encode({"t": object()})


@pytest.mark.parametrize(
    "value, why",
    [
        ("x" * (codec.MAX_STR + 1), "long string"),
        (list(range(codec.MAX_ARRAY + 1)), "long list"),
        ({str(i): i for i in range(codec.MAX_MAP + 1)}, "big map"),
        (b"bytes", "binary"),
        ({"k": b""}, "empty binary"),
        (msgpack.ExtType(5, b"abc"), "extension"),
    ],
)
def test_limits_and_forbidden_types(value: Any, why: str) -> None:
    body = msgpack.packb(value, use_bin_type=True)
    with pytest.raises(CodecError) as err:
        decode_body(body)
    assert err.value.code == "bad_frame", why


def test_depth_limit_and_keys() -> None:
    ok: Any = 1
    for _ in range(codec.MAX_DEPTH):  # MAX_DEPTH nested lists are fine
        ok = [ok]
    assert decode_body(msgpack.packb(ok)) == ok
    with pytest.raises(CodecError):
        decode_body(msgpack.packb([ok]))
    with pytest.raises(CodecError):
        decode_body(b"\x91" * 5000 + b"\x01")  # very deep
    with pytest.raises(CodecError):
        decode_body(msgpack.packb({1: 2}))  # integer key
    with pytest.raises(CodecError):
        decode_body(msgpack.packb({b"k": 2}, use_bin_type=True))  # binary key
    with pytest.raises(CodecError):
        decode_body(b"\xdd\x02\xfa\xf0\x80")  # array header claiming 50 M items
    with pytest.raises(CodecError):
        decode_body(msgpack.packb(1) + b"\x01")  # trailing bytes
    with pytest.raises(CodecError):
        decode_body(b"\xa2\xff\xfe")  # invalid UTF-8


@given(st.binary(max_size=300))
def test_fuzz_arbitrary_bytes_raise_only_codec_error(data: bytes) -> None:
    d = FrameDecoder(max_frame=200)
    try:
        d.feed(data)
        for body in d.frames():
            with contextlib.suppress(CodecError):
                decode_body(body)
    except CodecError:
        pass


@given(st.binary(max_size=200))
def test_fuzz_bodies_decode_or_raise_codec_error(body: bytes) -> None:
    try:
        value = decode_body(body)
    except CodecError:
        return
    with contextlib.suppress(MessageError):
        parse(value, TO_HOST)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@given(_json, st.integers(min_value=0, max_value=40))
def test_fuzz_truncated_valid_frames(value: Any, cut: int) -> None:
    data = encode({"t": "x", "v": value})
    d = FrameDecoder()
    d.feed(data[: max(0, len(data) - cut)])
    out = []
    for body in d.frames():
        out.append(decode_body(body))
    assert out in ([], [{"t": "x", "v": value}])


@settings(max_examples=100)
@given(st.dictionaries(st.sampled_from(["t", "n", "seq", "action", "text", "seat", "ready", "protocol", "name",
                                        "version", "token", "events", "match", "owner_key", "reason", "message"]),
                       _json, max_size=8),
       st.sampled_from(sorted(TO_HOST) + ["nope", ""]))
def test_fuzz_messages_raise_only_message_error(fields: dict[str, Any], kind: str) -> None:
    fields = dict(fields)
    fields["t"] = kind
    for accepted in (TO_HOST, TO_PEER):
        try:
            msg = parse(fields, accepted)
        except MessageError as exc:
            assert exc.code in ("bad_message", "unknown_type")
        else:
            assert parse(msg.to_wire(), accepted) == msg


def test_every_field_is_checked() -> None:
    good = Hello(1, "0.1.0", "Ann").to_wire()
    assert parse(good, TO_HOST) == Hello(1, "0.1.0", "Ann")
    for key, bad in [("protocol", "1"), ("protocol", True), ("version", 1), ("name", None), ("name", "x" * 65),
                     ("token", 5), ("events", -1), ("match", 1.5), ("owner_key", [])]:
        msg = dict(good)
        msg[key] = bad
        with pytest.raises(MessageError) as err:
            parse(msg, TO_HOST)
        assert err.value.code == "bad_message" and key in str(err.value)
    with pytest.raises(MessageError):
        parse({**good, "extra": 1}, TO_HOST)
    missing = dict(good)
    del missing["name"]
    with pytest.raises(MessageError):
        parse(missing, TO_HOST)
    with pytest.raises(MessageError) as err:
        parse({"t": "welcome"}, TO_HOST)  # a host-only message sent to the host
    assert err.value.code == "unknown_type"
    with pytest.raises(MessageError):
        parse(["t", "ping"], TO_HOST)
    upd = Update(1, 0, [{"type": "x"}], {"seq": 1}).to_wire()
    assert parse(upd, TO_PEER) == Update(1, 0, [{"type": "x"}], {"seq": 1})
    with pytest.raises(MessageError):
        parse({**upd, "events": [{"no": "type"}]}, TO_PEER)
    with pytest.raises(MessageError):
        parse({**upd, "view": {"seq": "1"}}, TO_PEER)


def test_lobby_seats_are_checked() -> None:
    seat = {"seat": 0, "name": "Ann", "kind": "human", "level": None, "ready": True, "connected": True}
    lobby = {"t": "lobby", "table": "T", "game": "belote", "variant": "", "players": 4, "options": {"a": 1},
             "seats": [seat], "started": False, "seat": 0}
    parse(lobby, TO_PEER)
    for bad in [{**seat, "kind": "alien"}, {**seat, "ready": 1}, {**seat, "extra": 1}, {**seat, "seat": 99}]:
        with pytest.raises(MessageError):
            parse({**lobby, "seats": [bad]}, TO_PEER)
    with pytest.raises(MessageError):
        parse({**lobby, "options": {"a": [1]}}, TO_PEER)


def test_untrusted_text_is_sanitized() -> None:
    assert clean_text("a\u202eb\u200bc\x00d\x1b[31m", 50) == "a b c d [31m"
    assert clean_text("line1\nline2\r\n\tx", 50) == "line1 line2 x"
    assert clean_text("é" * 300, 200) == "é" * 200
    assert clean_name("   ") == "Player"
    assert clean_name("\u0000\u0001") == "Player"
    assert len(clean_name("n" * 100)) == 24
