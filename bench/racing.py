"""``python main.py bench racing``: what racing costs ``hard`` in choices and saves in time.

At positions of seeded matches played by ``normal`` (each decision with a
choice that ``hard`` searches, taken with probability 0.3), a *reference*
search evaluates every candidate without racing on ``--scale`` times the
game's budget.  Each racing setting then chooses ``--repeats`` times (fresh
seeds); its *regret* is the reference's value of the best candidate minus
that of the one it chose, in match points, averaged.  All settings are
judged on the same positions, so their differences are paired::

    python main.py bench racing --game klaberjass --positions 120 [--races 2:8,3:16] [--scale 6] [--cpu]

A race setting ``Z:M`` drops a candidate once the leader beats it by ``Z``
standard errors, from the ``M``-th sampled deal on; ``off`` never races.
The reference is itself a sampled estimate: its noise is common to every
setting, so it cancels in the differences but not in each mean.  Time is the
process's CPU time with ``--cpu``, else the wall clock.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import core
from bench.common import default_players, normal_turns
from core.ai import feed
from core.ai.memory import no_trick_done
from core.ai.search import SearchBot, playouts_for


@dataclass
class Setting:
    """One racing setting and what it did."""

    name: str
    z: float | None
    start: int
    regret: list[float] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    rollouts: list[float] = field(default_factory=list)


def parse_races(text: str) -> list[Setting]:
    """``"2:8,3:16,off"`` -> the settings (z, first deal)."""
    out: list[Setting] = []
    for part in text.split(","):
        part = part.strip()
        if part == "off":
            out.append(Setting("off", None, 0))
            continue
        z, _, m = part.partition(":")
        try:
            out.append(Setting(part, float(z), int(m or 8)))
        except ValueError:
            raise argparse.ArgumentTypeError(f"a race is Z:M or off, not {part!r}") from None
    if not out:
        raise argparse.ArgumentTypeError("no race setting given")
    return out


def measure(game: str, players: int, positions: int, settings: list[Setting], scale: int, repeats: int,
            seed: int, playouts: int | None, timer: Any = time.perf_counter) -> int:
    """Fill each setting's lists over ``positions`` positions; return how many were judged."""
    rng = random.Random(seed)
    judged = 0
    for state, cp, view in normal_turns(game, players, seed, rng, 400_000):
        if judged >= positions:
            break
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            probe = SearchBot(seed=1, playouts=playouts)
            feed(probe, state, cp)
            probe.choose(view)
            if probe.last_playouts > 0:
                base = playouts or playouts_for(game, players, whole_deal=no_trick_done(view))
                ref = SearchBot(seed=rng.randrange(1 << 30), playouts=base * scale, race_z=None)
                feed(ref, state, cp)
                values = {repr(a): statistics.fmean(v) for a, v in ref.evaluate(view) if v}
                best = max(values.values())
                for s in settings:
                    for _ in range(repeats):
                        bot = SearchBot(seed=rng.randrange(1 << 30), playouts=playouts, race_z=s.z,
                                        race_min=s.start)
                        feed(bot, state, cp)
                        t0 = timer()
                        choice = bot.choose(view)
                        s.ms.append((timer() - t0) * 1000.0)
                        s.regret.append(best - values.get(repr(choice), best))
                        s.rollouts.append(bot.last_playouts)
                judged += 1
    return judged


def summary(settings: list[Setting], repeats: int) -> list[dict[str, Any]]:
    """Per setting: mean regret, its paired difference from the first setting (95% interval), time, rollouts."""
    first = settings[0]
    out: list[dict[str, Any]] = []
    for s in settings:
        row: dict[str, Any] = {
            "race": s.name, "regret": round(statistics.fmean(s.regret), 3) if s.regret else 0.0,
            "mean_ms": round(statistics.fmean(s.ms), 1) if s.ms else 0.0,
            "median_ms": round(statistics.median(s.ms), 1) if s.ms else 0.0,
            "max_ms": round(max(s.ms), 1) if s.ms else 0.0,
            "rollouts": round(statistics.fmean(s.rollouts), 1) if s.rollouts else 0.0,
        }
        if s is not first and len(s.regret) > repeats:
            # One difference per position (the mean over the repeats), so positions are the sample.
            d = [statistics.fmean(s.regret[i:i + repeats]) - statistics.fmean(first.regret[i:i + repeats])
                 for i in range(0, len(s.regret), repeats)]
            half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
            row["vs_first"] = [round(statistics.fmean(d), 3), round(half, 3)]
        out.append(row)
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="main.py bench racing", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="klaberjass")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--positions", type=int, default=120)
    p.add_argument("--races", type=parse_races, default=parse_races("2:8,3:16"),
                   help="racing settings Z:M (z standard errors, from deal M) or off, comma-separated")
    p.add_argument("--scale", type=int, default=6, help="the reference search's budget, in game budgets")
    p.add_argument("--repeats", type=int, default=3, help="choices per setting and position")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--playouts", type=int, default=None, help="budget of the settings (default: the game's)")
    p.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.positions < 1 or args.scale < 1 or args.repeats < 1:
        p.error("--positions, --scale and --repeats must be at least 1")
    players = args.players or default_players(args.game)
    try:
        judged = measure(args.game, players, args.positions, args.races, args.scale, args.repeats, args.seed,
                         args.playouts, time.process_time if args.cpu else time.perf_counter)
    except core.BellaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = summary(args.races, args.repeats)
    if args.json:
        print(json.dumps({"game": args.game, "players": players, "positions": judged, "settings": rows}))
        return 0
    print(f"{args.game} ({players} players): {judged} positions, reference {args.scale}x the budget, unraced")
    for r in rows:
        extra = ""
        if "vs_first" in r:
            extra = f"  vs {rows[0]['race']}: {r['vs_first'][0]:+.3f} ± {r['vs_first'][1]:.3f}"
        print(f"  race {r['race']:>6}: regret {r['regret']:.3f} match points, time mean {r['mean_ms']:.0f} ms "
              f"median {r['median_ms']:.0f} max {r['max_ms']:.0f}, rollouts {r['rollouts']:.0f}{extra}")
    return 0
