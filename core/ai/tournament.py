"""Duplicate matches between two bot levels, and their statistics (pure logic).

A *duplicate match* plays the same sequence of deals twice: first with bot
``a`` in the even seats and ``b`` in the odd ones, then with the seats
swapped.  Deal ``k`` of both games uses the same shuffled deck and both
games start with the same dealer, so the luck of the cards cancels out.  In
partnership games the even seats are one partnership; in individual games
(Deberts for 3, Pitch for 5) ``a`` holds one seat more in one game and one
fewer in the other.

``a`` wins a duplicate match by winning both games, or one game and more
match points over the pair (the score difference breaks the tie).  The
command line lives in ``bench/tournament.py``; this module never touches a
clock, a process or a file.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import core
from core.ai import act, make_bot

MAX_STEPS = 60_000


@dataclass
class GameResult:
    """One game of a duplicate pair."""

    a_won: float
    """1 if ``a``'s side won the match, 0 if it lost (0.5 if unfinished or won by both levels together)."""
    deals: int
    diff: float
    """Sum over deals of (mean match points of ``a``'s sides - mean of ``b``'s)."""
    a_seats: list[int]
    contracts: list[dict[str, Any]] = field(default_factory=list)
    """One entry per deal with a contract (see :func:`contract_record`)."""


@dataclass
class DuplicateResult:
    """Both games of a duplicate match."""

    index: int
    games: list[GameResult]

    @property
    def score(self) -> float:
        """1 if ``a`` won the duplicate match, 0 if it lost, 0.5 if exactly even."""
        wins = sum(g.a_won for g in self.games)
        n = len(self.games)
        if wins * 2 > n:
            return 1.0
        if wins * 2 < n:
            return 0.0
        d = sum(g.diff for g in self.games)
        return 1.0 if d > 0 else 0.0 if d < 0 else 0.5

    @property
    def diff_per_deal(self) -> float:
        """Mean score difference per deal over the pair (``a`` minus ``b``)."""
        deals = sum(g.deals for g in self.games)
        return sum(g.diff for g in self.games) / deals if deals else 0.0


@dataclass
class Config:
    """What to play."""

    game: str
    a: str
    b: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    playouts_a: int | None = None
    playouts_b: int | None = None


def play_game(cfg: Config, index: int, a_even: bool) -> GameResult:
    """Play one whole match of the pair ``index`` (``a`` on even seats if ``a_even``)."""
    base = cfg.seed * 1_000_003 + index
    state = core.new_match(cfg.game, players=cfg.players, options=cfg.options, seed=base)
    n = cfg.players
    a_seats = [s for s in range(n) if (s % 2 == 0) == a_even]
    bots = []
    for s in range(n):
        is_a = s in a_seats
        level = cfg.a if is_a else cfg.b
        playouts = cfg.playouts_a if is_a else cfg.playouts_b
        # The same bot seed for a seat whichever level sits there keeps the pair comparable.
        bots.append(make_bot(level, seed=base * 31 + s, playouts=playouts))
    deal_no = 0
    for _ in range(MAX_STEPS):
        cp = state.current_player
        if cp is None:
            break
        if cp == core.CHANCE:
            state.apply(state.sample_chance(random.Random(base * 7919 + deal_no)))
            deal_no += 1
            continue
        state.apply(act(bots[cp], state))
    sides = state.sides
    a_sides = [i for i, side in enumerate(sides) if any(s in a_seats for s in side)]
    b_sides = [i for i in range(len(sides)) if i not in a_sides]
    diff = 0.0
    results = state.deal_results
    for r in results:
        awarded = r.get("awarded") or [0] * len(sides)
        if a_sides and b_sides:
            diff += (sum(float(awarded[i]) for i in a_sides) / len(a_sides)
                     - sum(float(awarded[i]) for i in b_sides) / len(b_sides))
    levels = [cfg.a if s in a_seats else cfg.b for s in range(n)]
    contracts = [c for c in (contract_record(r, sides, levels) for r in results) if c is not None]
    return GameResult(a_share(state, a_sides), len(results), diff, a_seats, contracts)


MADE = ("made", "moon_made")
"""Deal outcomes that mean the contract was made (``doubled`` is judged by the points)."""


def contract_record(result: Mapping[str, Any], sides: list[list[int]], levels: list[str]) -> dict[str, Any] | None:
    """What the bid report needs of one deal result: who declared what, and how it ended.

    Returns ``None`` for a deal without a contract (thrown in, or Tertz,
    which has no auction).  Keys: ``level`` (of the declaring seat),
    ``kind`` (``suit``, ``NT``, ``AT``, a Pitch bid, or ``turn_up`` /
    ``named`` in Deberts), ``suit`` (trump letter or ``None``), ``outcome``
    (the engine's word), ``made``, and for a doubled Belote contract
    ``doubled_by`` (the doubling side's level) and ``double_won``.
    """
    maker = result.get("declarer", result.get("maker"))
    if not isinstance(maker, int) or isinstance(maker, bool) or not 0 <= maker < len(levels):
        return None
    contract = result.get("contract")
    suit: str | None = None
    kind = "suit"
    if isinstance(contract, str):
        if contract in ("NT", "AT"):
            kind = contract
        else:
            suit = contract
    elif isinstance(contract, dict):
        suit = contract.get("trump") if isinstance(contract.get("trump"), str) else None
        if "bid" in contract:
            kind = str(contract["bid"])
        elif isinstance(contract.get("source"), str):
            kind = str(contract["source"])
    if suit is None and isinstance(result.get("trump"), str):
        suit = str(result["trump"])
    my = next((i for i, side in enumerate(sides) if maker in side), 0)
    awarded = [float(x) for x in result.get("awarded") or [0.0] * len(sides)]
    others = [x for i, x in enumerate(awarded) if i != my]
    outcome = str(result.get("outcome"))
    made = outcome in MADE or (outcome == "doubled" and bool(others) and awarded[my] > max(others))
    rec: dict[str, Any] = {"level": levels[maker], "kind": kind, "suit": suit, "outcome": outcome, "made": made}
    mult = result.get("multiplier")
    if isinstance(mult, int) and mult > 1:
        doubler = next((s for i, side in enumerate(sides) if i != my for s in side), None)
        rec["doubled_by"] = levels[doubler] if doubler is not None else None
        rec["double_won"] = not made
    return rec


def a_share(state: core.State, a_sides: list[int]) -> float:
    """``a``'s result in a finished game: 1 won, 0 lost, 0.5 unfinished or a win shared by both levels.

    Five-handed Pitch can end with several winners (a tie, or a bidder and
    a called partner); ``State.winners`` lists them all.
    """
    winners = state.winners
    if not winners:
        return 0.5
    a_in = any(w in a_sides for w in winners)
    b_in = any(w not in a_sides for w in winners)
    return 0.5 if a_in and b_in else 1.0 if a_in else 0.0


def result_to_json(r: DuplicateResult) -> dict[str, Any]:
    """A JSON-able form of ``r`` (one line of a results file)."""
    return {"index": r.index, "games": [
        {"a_won": g.a_won, "deals": g.deals, "diff": g.diff, "a_seats": g.a_seats, "contracts": g.contracts}
        for g in r.games]}


def result_from_json(d: Mapping[str, Any]) -> DuplicateResult:
    """Inverse of :func:`result_to_json`."""
    return DuplicateResult(int(d["index"]), [
        GameResult(float(g["a_won"]), int(g["deals"]), float(g["diff"]), list(g["a_seats"]),
                   list(g.get("contracts") or [])) for g in d["games"]])


def config_key(cfg: Config) -> dict[str, Any]:
    """What identifies a tournament in a results file (results of other configs are never mixed in)."""
    return {"game": cfg.game, "players": cfg.players, "a": cfg.a, "b": cfg.b, "options": dict(cfg.options),
            "seed": cfg.seed, "playouts_a": cfg.playouts_a, "playouts_b": cfg.playouts_b}


def bid_report(results: list[DuplicateResult]) -> dict[str, Any]:
    """Per level and contract kind: declared, made, outcomes; doubles won and lost; the trump suits named."""
    levels: dict[str, dict[str, Any]] = {}
    for r in results:
        for g in r.games:
            for c in g.contracts:
                lv = levels.setdefault(c["level"], {"kinds": {}, "suits": {}, "doubles": {"won": 0, "lost": 0}})
                k = lv["kinds"].setdefault(c["kind"], {"declared": 0, "made": 0, "outcomes": {}})
                k["declared"] += 1
                k["made"] += 1 if c["made"] else 0
                k["outcomes"][c["outcome"]] = k["outcomes"].get(c["outcome"], 0) + 1
                if c.get("suit"):
                    lv["suits"][c["suit"]] = lv["suits"].get(c["suit"], 0) + 1
                by = c.get("doubled_by")
                if by is not None:
                    d = levels.setdefault(by, {"kinds": {}, "suits": {}, "doubles": {"won": 0, "lost": 0}})
                    d["doubles"]["won" if c.get("double_won") else "lost"] += 1
    for lv in levels.values():
        total = sum(k["declared"] for k in lv["kinds"].values())
        made = sum(k["made"] for k in lv["kinds"].values())
        lv["declared"] = total
        lv["made"] = made
        lv["made_rate"] = made / total if total else 0.0
        lv["made_rate_ci95"] = list(wilson(made, total))
    return levels


def format_bid_report(report: Mapping[str, Any]) -> str:
    """The bid report as text."""
    lines = ["contracts by declaring level:"]
    for level, lv in sorted(report.items()):
        lo, hi = lv["made_rate_ci95"]
        lines.append(f"  {level}: {lv['declared']} declared, {lv['made']} made ({100 * lv['made_rate']:.1f}%,"
                     f" 95% CI {100 * lo:.1f}-{100 * hi:.1f}%); doubles won {lv['doubles']['won']},"
                     f" lost {lv['doubles']['lost']}")
        for kind, k in sorted(lv["kinds"].items()):
            outs = ", ".join(f"{o} {n}" for o, n in sorted(k["outcomes"].items()))
            rate = 100 * k["made"] / k["declared"] if k["declared"] else 0.0
            lines.append(f"    {kind}: {k['declared']} declared, {k['made']} made ({rate:.1f}%): {outs}")
        if lv["suits"]:
            lines.append("    trump suits: " + ", ".join(f"{s} {n}" for s, n in sorted(lv["suits"].items())))
    return "\n".join(lines)


def duplicate_match(cfg: Config, index: int) -> DuplicateResult:
    """Play duplicate match ``index``: both seatings of the same deals."""
    return DuplicateResult(index, [play_game(cfg, index, True), play_game(cfg, index, False)])


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson 95% confidence interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high) with a normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def summarize(cfg: Config, results: list[DuplicateResult]) -> dict[str, Any]:
    """JSON-able summary: match wins, win rate with its 95% CI, score difference per deal."""
    n = len(results)
    score = sum(r.score for r in results)
    wins = sum(1 for r in results if r.score == 1.0)
    losses = sum(1 for r in results if r.score == 0.0)
    lo, hi = wilson(score, n)
    diffs = [r.diff_per_deal for r in results]
    m, dlo, dhi = mean_ci(diffs)
    games = [g for r in results for g in r.games]
    game_wins = sum(g.a_won for g in games)
    glo, ghi = wilson(game_wins, len(games))
    return {
        "game": cfg.game, "players": cfg.players, "options": dict(cfg.options),
        "a": cfg.a, "b": cfg.b, "seed": cfg.seed, "matches": n,
        "playouts_a": cfg.playouts_a, "playouts_b": cfg.playouts_b,
        "a_match_wins": wins, "b_match_wins": losses, "drawn": n - wins - losses,
        "a_win_rate": score / n if n else 0.0, "a_win_rate_ci95": [lo, hi],
        "a_game_win_rate": game_wins / len(games) if games else 0.0, "a_game_win_rate_ci95": [glo, ghi],
        "deals": sum(g.deals for g in games),
        "diff_per_deal": m, "diff_per_deal_ci95": [dlo, dhi],
    }


def format_summary(s: Mapping[str, Any]) -> str:
    """The summary as a few lines of text."""
    lo, hi = s["a_win_rate_ci95"]
    dlo, dhi = s["diff_per_deal_ci95"]
    glo, ghi = s["a_game_win_rate_ci95"]
    return "\n".join([
        f"{s['game']} ({s['players']} players) {s['a']} vs {s['b']}: {s['matches']} duplicate matches,"
        f" {s['deals']} deals, seed {s['seed']}",
        f"  match wins: {s['a']} {s['a_match_wins']}, {s['b']} {s['b_match_wins']}, even {s['drawn']}",
        f"  {s['a']} wins {100 * s['a_win_rate']:.1f}% of duplicate matches (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)",
        f"  {s['a']} wins {100 * s['a_game_win_rate']:.1f}% of single games (95% CI {100 * glo:.1f}-{100 * ghi:.1f}%)",
        f"  score difference per deal ({s['a']} - {s['b']}): {s['diff_per_deal']:+.2f}"
        f" (95% CI {dlo:+.2f} to {dhi:+.2f})",
    ])
