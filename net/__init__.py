"""LAN play: msgpack over TCP with an authoritative host, and zeroconf discovery (see ``docs/protocol.md``).

The client imports only :mod:`net.lan`.  Inside:

* :mod:`net.codec` -- sans-I/O framing (length prefix + msgpack) with strict, bounded decoding;
* :mod:`net.messages` -- the typed messages, validated field by field;
* :mod:`net.connection` -- the sans-I/O connection state machine (handshake, errors, strikes, rate limit);
* :mod:`net.host` -- the asyncio host owning the :class:`core.State`;
* :mod:`net.peer` -- the asyncio peer and the blocking :class:`net.peer.RemoteSession`;
* :mod:`net.discovery` -- zeroconf advertising and browsing;
* :mod:`net.bridge` -- an asyncio loop on a background thread for the pygame loop;
* :mod:`net.dedicated` -- ``python main.py host``;
* :mod:`net.text` -- sanitizing untrusted display text;
* :mod:`net.codes` -- private tables' codes and the back-off against guessing them.
"""
