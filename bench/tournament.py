"""``python main.py tournament``: duplicate matches between two bot levels.

Example::

    python main.py tournament --game belote --a hard --b normal --matches 200 --seed 1 --jobs 2 [--json]

Every match is played twice with the seats swapped and the same deals (see
``core/ai/tournament.py``).  Prints match wins, the share of duplicate
matches won with its 95% confidence interval, and the mean score difference
per deal with its 95% interval; ``--json`` prints the same as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import core
from bench.common import default_players, parse_option
from core.ai import LEVELS
from core.ai.tournament import Config, DuplicateResult, duplicate_match, format_summary, summarize


def _run(args: tuple[Config, int]) -> DuplicateResult:
    cfg, index = args
    return duplicate_match(cfg, index)


def _progress(r: DuplicateResult) -> None:
    line = {"match": r.index, "score": r.score, "diff_per_deal": r.diff_per_deal,
            "game_wins": [g.a_won for g in r.games], "deals": [g.deals for g in r.games],
            "diffs": [g.diff for g in r.games]}
    print(json.dumps(line), file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    """Run the tournament command; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py tournament", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=core.GAME_IDS)
    ap.add_argument("--a", default="hard", choices=LEVELS, help="first bot level")
    ap.add_argument("--b", default="normal", choices=LEVELS, help="second bot level")
    ap.add_argument("--matches", type=int, default=100, help="duplicate matches (2 games each)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int)
    ap.add_argument("--option", action="append", default=[], type=parse_option, metavar="KEY=VALUE",
                    help="a game option (repeatable), e.g. target_score=301")
    ap.add_argument("--playouts-a", type=int, help="hard search budget of bot a (rollouts per decision)")
    ap.add_argument("--playouts-b", type=int, help="hard search budget of bot b")
    ap.add_argument("--jobs", type=int, default=1, help="parallel processes")
    ap.add_argument("--json", action="store_true", help="print JSON instead of text")
    ap.add_argument("--progress", action="store_true",
                    help="print a JSON line per finished match on stderr (score, diff per deal, game wins)")
    args = ap.parse_args(argv)
    if args.game not in core.GAMES:
        print(f"the game {args.game!r} is not implemented yet", file=sys.stderr)
        return 2
    players = args.players or default_players(args.game)
    cfg = Config(args.game, args.a, args.b, players, dict(args.option), args.seed,
                 args.playouts_a, args.playouts_b)
    try:
        core.new_match(cfg.game, players=players, options=cfg.options)
    except core.BellaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    results: list[DuplicateResult] = []
    jobs = [(cfg, i) for i in range(args.matches)]
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for r in pool.map(_run, jobs):
                results.append(r)
                if args.progress:
                    _progress(r)
    else:
        for job in jobs:
            r = _run(job)
            results.append(r)
            if args.progress:
                _progress(r)
    summary = summarize(cfg, results)
    summary["seconds"] = round(time.perf_counter() - t0, 1)
    summary["jobs"] = args.jobs
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_summary(summary))
        print(f"  {summary['seconds']} s with {args.jobs} process(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
