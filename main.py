"""Bella: a desktop card table for the Belote family and Pitch.

Usage::

    python main.py [--fullscreen | --windowed WxH] [--game G --players N]   # the game
    python main.py selfplay --game belote --matches 100 --seed 1              # random matches, JSON summary
    python main.py bench engine|ai|render|net                                 # benchmarks
    python main.py tournament --game belote --a hard --b normal --matches 200 # duplicate bot matches
    python main.py host --game belote --headless                              # dedicated LAN host
    python main.py desktop                                                    # install launcher + icon
    python main.py selfplay --game G --level normal --matches 1 --save-record FILE  # a match record
    python main.py analyse FILE --seat N [--json]                             # which decisions cost points
    python main.py stats [--json]                                             # your statistics
    python main.py replay FILE [--seat N]                                     # step through a match record
    python main.py bench bids --game belote --deals 2000                      # bidding calibration
    python main.py bench cards collect|fit ...                                 # card-play calibration
    python main.py bench racing --game klaberjass --positions 120             # what hard's racing costs
    python main.py bench think --games belote:4 --level hard                  # bot wait in the real client
    python main.py i18n extract|update|compile|check                          # translation catalogs

Installed with pip, the command ``bella`` does the same as ``python main.py``.
"""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "selfplay": "bench.selfplay",
    "tournament": "bench.tournament",
    "analyse": "bench.analyse",
    "stats": "client.stats",
    "replay": "client.scenes.replay",
    "host": "net.dedicated",
    "desktop": "client.desktop",
    "i18n": "client.i18n_tools",
}
BENCHES = {
    "engine": "bench.engine",
    "ai": "bench.ai",
    "render": "bench.render",
    "net": "bench.net",
    "bids": "bench.bids",
    "cards": "bench.cards",
    "racing": "bench.racing",
    "think": "bench.think",
}


def main(argv: list[str] | None = None) -> int:  # also the ``bella`` console command (pyproject.toml)
    """Dispatch to a subcommand, or start the game client."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(__doc__)
        from client.app import parser

        print("Options of the game client:\n")
        print(parser().format_help())
        return 0
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]])
        return int(module.main(args[1:]))
    if args and args[0] == "bench":
        if len(args) < 2 or args[1] not in BENCHES:
            print(f"usage: python main.py bench {{{'|'.join(BENCHES)}}} [options]", file=sys.stderr)
            return 2
        module = importlib.import_module(BENCHES[args[1]])
        return int(module.main(args[2:]))
    from client.app import main as client_main

    return int(client_main(args))


if __name__ == "__main__":
    sys.exit(main())
