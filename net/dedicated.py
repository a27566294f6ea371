"""The dedicated LAN host: ``python main.py host --game belote --headless``.

Runs one table with no window, logging to the console.  Seats are taken by
peers that join (``python main.py`` -> Join a LAN game) or given to bots with
``--bots``; the match starts by itself as soon as every seat is filled and
every human is ready, and the table goes back to its lobby after each match.
Ctrl-C (or SIGTERM) tells the peers the host quit and stops.

Examples::

    python main.py host --game belote --headless
    python main.py host --game deberts --players 3 --name "Kitchen" --bots 3:hard --option variant=app
    python main.py host --game klaberjass --port 5555 --bots 2:normal --matches 1 --record games/
    python main.py host --game belote --code K7QX --bots 2:hard,4:normal
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import pathlib
import signal
import sys
from typing import Any

import core
from core.ai import LEVELS
from core.driver import MatchEnd
from net.discovery import Advertiser, local_ipv4_addresses, txt_record
from net.host import Host

log = logging.getLogger("bella.net.dedicated")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python main.py host", description="Run a dedicated Bella LAN table (no window).")
    p.add_argument("--game", required=True, help=f"one of: {', '.join(core.GAME_IDS)}")
    p.add_argument("--headless", action="store_true", help="no window (the dedicated host never opens one)")
    p.add_argument("--players", type=int, help="number of seats (default: the game's largest table)")
    p.add_argument("--name", default="", help="table name shown on the LAN (default: '<game> table')")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--port", type=int, default=0, help="TCP port (default: any free port)")
    p.add_argument("--bots", default="",
                   help="seats given to bots, e.g. 2:hard,4:normal (seats count from 1, as everywhere a person "
                        "reads them); a bot's seat goes back to it when a player who took it leaves")
    p.add_argument("--code", help="make the table private: players must type this code (4 to 8 letters or "
                                   "digits) to join; discovery shows the table as locked, never the code")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a house rule (repeatable)")
    p.add_argument("--no-advertise", action="store_true", help="do not announce the table with zeroconf")
    p.add_argument("--interface", action="append", metavar="IP",
                   help="announce only on this IPv4 address (repeatable; default: every interface)")
    p.add_argument("--grace", type=float, default=120.0, help="seconds a dropped player keeps its seat")
    p.add_argument("--bot-delay", type=float, default=0.3, help="seconds a bot waits before each move")
    p.add_argument("--seed", type=int, help="seed of the shuffles (default: random)")
    p.add_argument("--matches", type=int, default=0, help="stop after this many matches (default: never)")
    p.add_argument("--record", metavar="DIR", help="save each finished match's record (JSON) in DIR")
    p.add_argument("--quiet", action="store_true", help="log warnings only")
    return p


def parse_bots(text: str) -> dict[int, str]:
    """Parse ``"2:hard,4:normal"`` (seat numbers count from 1) into seat indices: ``{1: "hard", 3: "normal"}``.

    Raises ``ValueError`` with a reason.
    """
    out: dict[int, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        seat, _, level = part.partition(":")
        if not seat.strip().isdigit():
            raise ValueError(f"bad --bots entry {part!r}: expected SEAT:LEVEL, e.g. 2:hard")
        if int(seat) < 1:
            raise ValueError(f"bad --bots entry {part!r}: seats count from 1")
        level = level.strip() or "normal"
        if level not in LEVELS:
            raise ValueError(f"bad bot level {level!r}; levels: {', '.join(LEVELS)}")
        out[int(seat) - 1] = level
    return out


def parse_options(items: list[str]) -> dict[str, Any]:
    """Parse ``["target_score=301", ...]`` (values are checked by the game)."""
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bad --option {item!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


async def serve(args: argparse.Namespace) -> int:
    """Run the table until stopped; return the exit code."""
    cls = core.find_game(args.game)
    players = args.players or max(cls.player_counts)
    stop = asyncio.Event()
    saved = 0
    advertiser: Advertiser | None = None

    def changed() -> None:
        nonlocal saved
        if advertiser is not None:
            advertiser.changed()
        if host.matches > saved and not host.started and host.state.is_over:
            saved = host.matches
            if args.matches and saved >= args.matches:
                stop.set()

    def record(end: MatchEnd) -> None:
        """The table's driver reports a match: a finished one is saved in ``--record DIR``."""
        if not args.record or not end.finished:
            return
        try:
            folder = pathlib.Path(args.record)
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"bella-{args.game}-{host.port}-{host.matches}.json"
            path.write_text(json.dumps(end.record), encoding="utf-8")
        except OSError as exc:
            log.error("the record could not be saved: %s", exc)
            return
        log.info("record saved to %s", path)

    host = Host(args.game, players, parse_options(args.option), args.name or f"{cls.title or args.game} table",
                bots=parse_bots(args.bots), seed=args.seed, grace=args.grace, bot_delay=args.bot_delay,
                autostart=True, code=args.code, on_record=record)
    host.on_change = changed
    await host.start(args.bind, args.port)
    print(f"Bella table {host.table_name!r}: {args.game}, {players} seats, listening on "
          f"{host.address}:{host.port}", flush=True)
    if host.code is not None:
        print(f"Private table: players join with the code {host.code}", flush=True)
    if args.bind in ("0.0.0.0", ""):
        log.info("players join at %s", ", ".join(f"{a}:{host.port}" for a in local_ipv4_addresses()))
    if not args.no_advertise:
        addresses = [args.bind] if args.bind not in ("0.0.0.0", "") else None
        advertiser = Advertiser(host.port, lambda: txt_record(host.table_name, host.game, host.variant,
                                                              host.seats_taken(), host.players,
                                                              locked=host.code is not None),
                                interfaces=args.interface, addresses=addresses)
        asyncio.ensure_future(advertiser.start())
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        log.info("stopping")
        await host.stop()
        if advertiser is not None:
            await advertiser.stop()
    return 0


def main(argv: list[str]) -> int:
    """Entry point of ``python main.py host``; returns the process exit code."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(serve(args))
    except (ValueError, OSError) as exc:  # bad game, option, bots, port in use...
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
