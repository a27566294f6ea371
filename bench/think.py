"""``python main.py bench think``: how long the bots make a player wait in the real client.

``bench ai`` times decisions in a bare process with nothing else running.  In the client a bot
thinks on the session's worker thread while the render loop animates the table in the same process,
and its search is capped by the wall clock (``client.session.BOT_MAX_MS``).  This benchmark runs the
real client (dummy video driver unless a display is set) in its real-time 60 FPS loop at a table of
``--games`` where every other seat is played by ``--level``, at the client's own pacing; the player's
own seat is played at once with ``normal``'s choice, and each deal's result is dismissed as a person
would.  Every bot decision is timed on the worker thread
(:class:`client.session.Thought`), with the wall clock and with the thread's CPU time.

Prints, per game, over the decisions with a choice (more than one legal action): median / p95 / max
wall time, how many reached the wall-clock cap (their search was cut short), and the median CPU share
of the worker thread during a decision (below 100%: the render loop or another process held the CPU).
The player's saves, statistics and settings are not touched: the client runs on a temporary profile.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from client.session import Thought

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def measure(game: str, players: int, level: str, decisions: int, seconds: float, seed: int,
            size: tuple[int, int] = (1280, 720), speed: float = 1.0) -> dict[str, Any]:
    """Play the real client until ``decisions`` bot decisions with a choice are timed or ``seconds`` pass."""
    from client.app import build
    from client.scenes.table import TableScene
    from client.session import BOT_MAX_MS, LocalSession
    from core.ai import suggest

    thoughts: list[Thought] = []
    frames = 0
    matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        app = build(["--game", game, "--players", str(players), "--level", level, "--seed", str(seed + matches),
                     "--windowed", f"{size[0]}x{size[1]}", "--no-sound", "--speed", f"{speed:g}"])
        table = app.top
        if not isinstance(table, TableScene) or not isinstance(table.session, LocalSession):
            app.shutdown()
            raise RuntimeError("the client did not open a local table")
        session = table.session

        def autoplay(table: TableScene = table, session: LocalSession = session) -> None:
            """Dismiss each deal's result, and play our seat at once with ``normal``'s choice."""
            if table.result is not None and not table.events and not table.ended:
                table._continue()
            elif table.my_turn() and table._idle() and not table.pending and session.seat is not None:
                view = session.state.view(session.seat)
                act, _why = suggest(view, level="normal", seed=len(session.thoughts),
                                    events=session.state.events_for(session.seat))
                table.submit(act.to_json())

        app.on_frame = autoplay
        app.realtime = True
        f0 = app.frames
        while not session.over and not table.ended and time.perf_counter() - start < seconds:
            app.run(seconds=2.0, shutdown=False)
            if _chosen(session.thoughts) + _chosen(thoughts) >= decisions:
                break
        frames += app.frames - f0
        thoughts.extend(session.thoughts)
        app.shutdown()
        matches += 1
        if _chosen(thoughts) >= decisions:
            break
    elapsed = time.perf_counter() - start
    timed = [t for t in thoughts if t.choices > 1]
    out: dict[str, Any] = {"game": game, "players": players, "level": level, "decisions": len(timed),
                           "all_decisions": len(thoughts), "seconds": round(elapsed, 1),
                           "fps": round(frames / elapsed, 1) if elapsed > 0 else 0.0, "cap_ms": BOT_MAX_MS}
    if timed:
        wall = [t.wall_ms for t in timed]
        share = [min(1.0, t.cpu_ms / t.wall_ms) for t in timed if t.wall_ms >= 20.0]
        out.update({
            "median_ms": round(statistics.median(wall), 1),
            "p95_ms": round(_percentile(wall, 0.95), 1),
            "max_ms": round(max(wall), 1),
            "over_1s": sum(1 for w in wall if w > 1000.0),
            "capped": sum(1 for w in wall if w >= BOT_MAX_MS),
            "cpu_share": round(statistics.median(share), 2) if share else None,
            "cpu_max_ms": round(max(t.cpu_ms for t in timed), 1),
        })
        rollouts = [t.playouts for t in timed if t.playouts is not None]
        if rollouts:
            out["rollouts_mean"] = round(statistics.fmean(rollouts))
    return out


def _chosen(thoughts: Iterable[Thought]) -> int:
    """Decisions among ``thoughts`` that had a choice (more than one legal action)."""
    return sum(1 for t in thoughts if t.choices > 1)


def main(argv: list[str]) -> int:
    """Run the benchmark over the games asked for and print the figures."""
    import core
    from core.ai import ALL_LEVELS

    ap = argparse.ArgumentParser(prog="python main.py bench think",
                                 description="bots' decision times in the real client, with its real clock")
    ap.add_argument("--games", default="belote:4,tertz:2,klaberjass:2,deberts:2,deberts:3,deberts:4,pitch:4,pitch:5",
                    help="comma-separated GAME:PLAYERS")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--decisions", type=int, default=60, help="decisions with a choice timed per game")
    ap.add_argument("--seconds", type=float, default=300.0, help="at most this long per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed (the client's pacing follows it)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games: list[tuple[str, int]] = []
    for item in args.games.split(","):
        name, _, n = item.strip().partition(":")
        if name not in core.GAMES:
            ap.error(f"unknown game {name!r}; games: {', '.join(core.GAMES)}")
        counts = core.GAMES[name].player_counts
        try:
            players = int(n) if n else counts[-1]
        except ValueError:
            ap.error(f"bad player count in {item!r}")
        if players not in counts:
            ap.error(f"{name} is played by {', '.join(map(str, counts))}, not {players}")
        games.append((name, players))
    if args.decisions < 1 or args.seconds <= 0 or args.speed <= 0:
        ap.error("--decisions, --seconds and --speed must be positive")
    if args.level not in ALL_LEVELS:
        ap.error(f"unknown level {args.level!r}; levels: {', '.join(ALL_LEVELS)}")
    rows = []
    saved = {k: os.environ.get(k) for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    with tempfile.TemporaryDirectory(prefix="bella-think-") as home:
        os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
        try:
            for game, players in games:
                rows.append(measure(game, players, args.level, args.decisions, args.seconds, args.seed,
                                    speed=args.speed))
                _print(rows[-1], args.json)
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return 0 if all("median_ms" in r for r in rows) else 1


def _print(row: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(row), flush=True)
        return
    head = f"{row['game']} {row['players']}p {row['level']}:"
    if "median_ms" not in row:
        print(f"{head} no decision with a choice timed in {row['seconds']} s", flush=True)
        return
    print(f"{head} {row['decisions']} decisions with a choice ({row['all_decisions']} in all) in {row['seconds']} s "
          f"at {row['fps']} fps: median {row['median_ms']} ms, p95 {row['p95_ms']} ms, max {row['max_ms']} ms; "
          f"{row['capped']} reached the {row['cap_ms']:g} ms cap, {row['over_1s']} over 1 s; the worker thread "
          f"had {100 * (row['cpu_share'] or 0):.0f}% of a core (median), its slowest decision "
          f"{row['cpu_max_ms']} ms of CPU" + (f"; {row['rollouts_mean']} rollouts a decision (mean)"
                                              if "rollouts_mean" in row else ""), flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
