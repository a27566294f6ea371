"""``python main.py analyse FILE --seat N [--json]``: which decisions of a seat cost points.

FILE is a match record (``State.to_record()``, e.g. from ``python main.py
selfplay --save-record FILE``).  Every decision of seat N (0-based) is valued
by the ``hard`` search from that seat's view at that moment; a progress line
goes to stderr.  ``--json`` prints one row per decision with ``deal``,
``index``, ``played``, ``best``, ``loss`` (match points) and ``confidence``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import core
from core.ai.analysis import ANALYSIS_PLAYOUTS, analyse, summary


def load_record(path: str) -> dict[str, Any]:
    """The record stored in ``path`` (a record, or a list of records of which there is exactly one)."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if isinstance(data, list):
        if len(data) != 1:
            raise core.RecordError(f"{path} holds {len(data)} records; save one match per file")
        data = data[0]
    if not isinstance(data, dict):
        raise core.RecordError(f"{path} does not hold a Bella record")
    return data


def main(argv: list[str]) -> int:
    """Run the analysis; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py analyse", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", help="a match record (JSON)")
    ap.add_argument("--seat", type=int, required=True, help="the seat to analyse (0-based)")
    ap.add_argument("--deal", type=int, help="only this deal (1-based)")
    ap.add_argument("--playouts", type=int, default=ANALYSIS_PLAYOUTS, help="rollouts per decision")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        record = load_record(args.file)
    except (OSError, json.JSONDecodeError, core.RecordError) as exc:
        print(f"error: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        print(f"\ranalysing decision {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    try:
        rows = analyse(record, args.seat, playouts=args.playouts, seed=args.seed, deal=args.deal,
                       progress=progress)
    except core.RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([d.to_json() for d in rows], indent=1))
        return 0
    for d in rows:
        where = f"deal {d.deal}" + (f", trick {d.trick}" if d.trick else "")
        mark = f"  loses about {d.loss:.1f} (confidence {100 * d.confidence:.0f}%)" if d.loss >= 0.5 else ""
        print(f"{where:<18} played {json.dumps(d.played)}  best {json.dumps(d.best)}{mark}")
    print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
