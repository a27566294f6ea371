"""``python main.py tournament``: duplicate matches between two bot levels.

Example::

    python main.py tournament --game belote --a hard --b normal --matches 200 --seed 1 --jobs 2 [--json]
    python main.py tournament --game belote --a hard --b hard@v1 --matches 200 --out runs/belote.jsonl --report bids

Every match is played twice with the seats swapped and the same deals (see
``core/ai/tournament.py``).  Prints match wins, the share of duplicate
matches won with its 95% confidence interval, and the mean score difference
per deal with its 95% interval; ``--json`` prints the same as JSON.

Long runs are resumable: ``--out FILE`` appends every finished duplicate
match to FILE as a JSON line (with the tournament's settings), skips the
matches FILE already holds for the same settings, and summarizes all of
them; ``--start N`` begins at match N.  ``--report bids`` adds, per level
and contract kind, the contracts declared and made, the outcomes, the
doubles won and lost, and the trump suits named.  ``--yardsticks`` lists
the frozen levels (``normal@v1``, ``hard@v1``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import core
from bench.common import default_players, parse_option
from core.ai import ALL_LEVELS
from core.ai.tournament import (
    Config,
    DuplicateResult,
    bid_report,
    config_key,
    duplicate_match,
    format_bid_report,
    format_summary,
    result_from_json,
    result_to_json,
    summarize,
)


def _run(args: tuple[Config, int]) -> DuplicateResult:
    cfg, index = args
    return duplicate_match(cfg, index)


def _progress(r: DuplicateResult) -> None:
    line = {"match": r.index, "score": r.score, "diff_per_deal": r.diff_per_deal,
            "game_wins": [g.a_won for g in r.games], "deals": [g.deals for g in r.games],
            "diffs": [g.diff for g in r.games]}
    print(json.dumps(line), file=sys.stderr, flush=True)


def _load(path: str, key: dict[str, object]) -> dict[int, DuplicateResult]:
    """The matches of ``path`` played with the settings ``key`` (a missing file holds none)."""
    found: dict[int, DuplicateResult] = {}
    try:
        fh = open(path, encoding="utf-8")  # noqa: SIM115
    except FileNotFoundError:
        return found
    with fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                if n == 1 or not line.endswith("\n"):
                    continue  # a line cut short when a run was stopped
                raise ValueError(f"line {n} is not JSON ({exc.msg})") from None
            if row.get("config") == key:
                r = result_from_json(row["result"])
                found[r.index] = r
    return found


def main(argv: list[str]) -> int:
    """Run the tournament command; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py tournament", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=core.GAME_IDS)
    ap.add_argument("--a", default="hard", choices=ALL_LEVELS, help="first bot level")
    ap.add_argument("--b", default="normal", choices=ALL_LEVELS, help="second bot level")
    ap.add_argument("--matches", type=int, default=100, help="duplicate matches (2 games each)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int)
    ap.add_argument("--option", action="append", default=[], type=parse_option, metavar="KEY=VALUE",
                    help="a game option (repeatable), e.g. target_score=301")
    ap.add_argument("--playouts-a", type=int, help="hard search budget of bot a (rollouts per decision)")
    ap.add_argument("--playouts-b", type=int, help="hard search budget of bot b")
    ap.add_argument("--jobs", type=int, default=1, help="parallel processes")
    ap.add_argument("--json", action="store_true", help="print JSON instead of text")
    ap.add_argument("--start", type=int, default=0, help="index of the first duplicate match")
    ap.add_argument("--out", metavar="FILE",
                    help="append each finished match to FILE (JSON lines); matches already there are skipped")
    ap.add_argument("--report", choices=["bids"], action="append", default=[],
                    help="bids: contracts declared and made per level and kind, doubles, trump suits")
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
    key = config_key(cfg)
    try:
        done = _load(args.out, key) if args.out else {}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"error: cannot read {args.out}: {exc}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    wanted = range(args.start, args.start + args.matches)
    jobs = [(cfg, i) for i in wanted if i not in done]
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115 (closed below)
    try:
        def record(r: DuplicateResult) -> None:
            done[r.index] = r
            if out is not None:
                out.write(json.dumps({"config": key, "result": result_to_json(r)}) + "\n")
                out.flush()
            if args.progress:
                _progress(r)
        if args.jobs > 1 and len(jobs) > 1:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                for r in pool.map(_run, jobs):
                    record(r)
        else:
            for job in jobs:
                record(_run(job))
    finally:
        if out is not None:
            out.close()
    # With a results file, the summary covers every match it holds for these settings.
    results = [done[i] for i in sorted(done)] if args.out else [done[i] for i in wanted if i in done]
    summary = summarize(cfg, results)
    summary["seconds"] = round(time.perf_counter() - t0, 1)
    summary["jobs"] = args.jobs
    summary["played_now"] = len(jobs)
    if "bids" in args.report:
        summary["bids"] = bid_report(results)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_summary(summary))
        if "bids" in args.report:
            print(format_bid_report(summary["bids"]))
        print(f"  {summary['seconds']} s with {args.jobs} process(es), {len(jobs)} match(es) played now")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
