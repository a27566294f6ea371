"""Calibrate ``normal``'s weighted card play (``core.ai.weighted``) by simulation.

Two steps::

    python main.py bench cards collect --game klaberjass --matches 400 --out pos.jsonl
    python main.py bench cards fit pos.jsonl --kind lead [--stage B] [--clip 40] [--method policy] [--all]

``collect`` plays seeded ``normal`` matches (four deals each) and, at every
card decision with a choice, searches every candidate card on the same
sampled deals (``hard``'s search, no racing); each position is appended to
the file as a JSON line with the seat's view, the deal's events it has seen
and every candidate's mean value.  It is resumable: ``--start N`` begins at match N.

``fit`` describes each candidate by the features of ``core.ai.weighted`` (Pitch: ``core.ai.weighted_pitch``)
(leads, or the last card to a trick), fits one weight per
feature by ridge least squares to the candidates' values (centred per
position and clipped), or with ``--method policy`` to the choice itself
(:func:`fit_policy`), and prints the weights with the mean *regret*
(the searched value lost against the best candidate) of the plain rule of
thumb, of the weights in use, of the fitted weights and of a random card on a
held-out quarter of the positions (``--all``: fitted on every position, the
regrets in sample).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import core
from core.ai import act, make_bot, weighted, weighted_pitch
from core.ai.heuristic import choose_card, play_info
from core.ai.memory import Memory
from core.ai.search import SearchBot
from core.cards import CARD_IDS

Row = tuple[list[list[float]], list[float], list[float], list[int], int]


def collect(game: str, players: int, start: int, matches: int, out: str, playouts: int) -> int:
    """Append searched positions of ``matches`` seeded matches to ``out``; return how many."""
    written = 0
    with open(out, "a", encoding="utf-8") as f:
        for m in range(start, start + matches):
            base = 500_000 + m * 17
            st = core.new_match(game, players=players, seed=base)
            bots = [make_bot("normal", seed=base * 31 + s) for s in range(players)]
            deal_no = 0
            for step in range(20_000):
                cp = st.current_player
                if cp is None or deal_no >= 4 and cp == core.CHANCE:
                    break
                if cp == core.CHANCE:
                    st.apply(st.sample_chance(random.Random(base * 7919 + deal_no)))
                    deal_no += 1
                    continue
                legal = st.legal_actions()
                if all(a.type == "play" for a in legal) and len({a.card for a in legal}) > 1:
                    view = st.view(cp)
                    searcher = SearchBot(seed=base + step, playouts=playouts, race_z=None)
                    seen = st.events_for(cp)
                    searcher.observe(seen, 0)
                    rows = searcher.evaluate(view)
                    # What the seat has seen of this deal: the views of Deberts, Tertz and Pitch list no past
                    # tricks, so without the events a fit would never see a void the seat was shown.
                    begin = max((i for i, ev in enumerate(seen) if ev.get("type") == "dealt"), default=0)
                    rec = {"view": view, "cands": [a.card for a, _ in rows],
                           "vals": [sum(v) / len(v) for _, v in rows], "n": len(rows[0][1]),
                           "events_from": begin, "events": seen[begin:]}
                    f.write(json.dumps(rec) + "\n")
                    written += 1
                st.apply(act(bots[cp], st))
            f.flush()
            print(f"match {m}: {written} positions so far", file=sys.stderr, flush=True)
    return written


def position_memory(rec: dict[str, Any]) -> Memory:
    """The seat's memory at a collected position: the deal's events it had seen, when the record keeps them.

    A record keeps only its deal's events (``events``) and where they began in the seat's log
    (``events_from``); the memory reads no further back than the deal, so the earlier entries are left
    empty.  Records written before the events were kept give a memory of the view alone.
    """
    memory = Memory()
    events = rec.get("events")
    if isinstance(events, list):
        memory.observe([{}] * int(rec.get("events_from") or 0) + events, 0)
    return memory


def feature_module(game: str) -> ModuleType:
    """The module whose features describe ``game``'s cards: :mod:`core.ai.weighted_pitch` for Pitch."""
    return weighted_pitch if game == "pitch" else weighted


def load(path: str, kind: str, stage: str | None, clip: float) -> list[Row]:
    """The positions of ``path`` of one kind (``lead`` / ``follow``) as feature rows."""
    rows: list[Row] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            view = rec["view"]
            module = feature_module(str(view.get("game", "")))
            features = module.lead_features if kind == "lead" else module.follow_features
            trick = view.get("trick") or []
            if (kind == "lead") != (not trick):
                continue
            if stage in ("A", "B") and view.get("play_rules") != stage:
                continue
            memory = position_memory(rec)
            tb = memory.update(view)
            info = play_info(view, tb, memory)
            if kind == "follow" and stage != "all" and bool(info.order) != (stage == "middle"):
                continue
            cands = [CARD_IDS[c] for c in rec["cands"]]
            held = 0
            for c in cands:
                held |= 1 << c
            vals = [float(x) for x in rec["vals"]]
            mean = sum(vals) / len(vals)
            target = [max(-clip, min(clip, x - mean)) for x in vals]
            rows.append(([features(info, held, c) for c in cands], target, vals, cands,
                         choose_card(info, sorted(cands), weighted=False)))
    return rows


def _first_view(path: str) -> dict[str, Any]:
    """The view of the first position in ``path``."""
    with open(path, encoding="utf-8") as f:
        view: dict[str, Any] = json.loads(f.readline())["view"]
    return view


def weights_in_use(path: str, kind: str, stage: str | None) -> tuple[float, ...] | None:
    """The weights ``normal`` plays for the positions of ``path`` (its first line's game), if it has a table."""
    return weights_for(_first_view(path), kind, stage)


def weights_for(view: dict[str, Any], kind: str, stage: str | None) -> tuple[float, ...] | None:
    """The weights ``normal`` plays for positions of ``view``'s game and player count, if it has a table.

    Pitch weighs every card to a trick alike (no ``middle`` table) and has no lead weights.
    """
    if view.get("game") == "pitch":
        pitch_table = weighted_pitch.LEAD_WEIGHTS if kind == "lead" else weighted_pitch.FOLLOW_WEIGHTS
        return pitch_table.get(int(view.get("players", 4)))
    table = weighted.LEAD_WEIGHTS if kind == "lead" else weighted.FOLLOW_WEIGHTS
    part = "middle" if kind == "follow" and stage == "middle" else "stock" if kind == "lead" and stage == "A" else ""
    return table.get((str(view.get("game")), int(view.get("players", 2)), part))


def fit(rows: Sequence[Row], k: int, ridge: float) -> list[float]:
    """Ridge least squares of the centred values on the centred features."""
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for feats, target, *_ in rows:
        means = [sum(f[j] for f in feats) / len(feats) for j in range(k)]
        for f, t in zip(feats, target, strict=True):
            d = [f[j] - means[j] for j in range(k)]
            for i in range(k):
                if d[i]:
                    b[i] += d[i] * t
                    for j in range(k):
                        a[i][j] += d[i] * d[j]
    for i in range(k):
        a[i][i] += ridge * len(rows) / 100.0
    return _solve(a, b)


def fit_policy(rows: Sequence[Row], k: int, l2: float = 0.01, iterations: int = 400,
               rate: float = 0.05) -> list[float]:
    """Weights whose choices earn the most: a softmax policy over each position's candidates.

    Least squares (:func:`fit`) spends the weights on telling every candidate's value, the bad ones'
    included; a player only needs the best card scored highest.  This fit maximises, over the
    positions, the candidates' centred values expected under a softmax of their weighted scores (the
    features scaled by their spread over all candidates), less ``l2`` times half the squared weights,
    by ``iterations`` steps of Adam at ``rate``.  The noise of the searched values averages out, as in
    least squares: each position's values are unbiased, so the policy that scores best in the mean
    over many positions is the better one.
    """
    count = sum(len(r[0]) for r in rows)
    sums = [0.0] * k
    squares = [0.0] * k
    for feats, *_ in rows:
        for f in feats:
            for j, x in enumerate(f):
                sums[j] += x
                squares[j] += x * x
    spread = []
    for j in range(k):
        mean = sums[j] / count
        var = max(0.0, squares[j] / count - mean * mean)
        spread.append(math.sqrt(var) if var > 1e-18 else 1.0)
    # Each candidate as its non-zero scaled features: most features are zero for most cards.
    data = [([[(j, x / spread[j]) for j, x in enumerate(f) if x] for f in feats], target)
            for feats, target, *_ in rows]
    w = [0.0] * k
    m1 = [0.0] * k
    m2 = [0.0] * k
    for step in range(1, iterations + 1):
        g = [0.0] * k
        for cands, target in data:
            z = [sum(w[j] * x for j, x in c) for c in cands]
            top = max(z)
            e = [math.exp(v - top) for v in z]
            total = sum(e)
            p = [v / total for v in e]
            expected = sum(pi * t for pi, t in zip(p, target, strict=True))
            for c, pi, t in zip(cands, p, target, strict=True):
                d = pi * (t - expected)
                if d:
                    for j, x in c:
                        g[j] += d * x
        for j in range(k):
            gj = g[j] / len(data) - l2 * w[j]
            m1[j] = 0.9 * m1[j] + 0.1 * gj
            m2[j] = 0.999 * m2[j] + 0.001 * gj * gj
            w[j] += rate * (m1[j] / (1 - 0.9 ** step)) / (math.sqrt(m2[j] / (1 - 0.999 ** step)) + 1e-8)
    return [w[j] / spread[j] for j in range(k)]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(k):
            if r != c and m[r][c]:
                factor = m[r][c] / m[c][c]
                for j in range(c, k + 1):
                    m[r][j] -= factor * m[c][j]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(k)]


def pick_with(w: Sequence[float]) -> Callable[[Row], int]:
    """The choice of weights ``w``: the candidate with the highest weighted sum of its features."""
    def pick(r: Row) -> int:
        return max(range(len(r[0])), key=lambda i: sum(x * y for x, y in zip(r[0][i], w, strict=True)))
    return pick


def regret(rows: Sequence[Row], pick: Callable[[Row], int]) -> float:
    """Mean searched value lost against each position's best candidate."""
    return sum(max(r[2]) - r[2][pick(r)] for r in rows) / max(1, len(rows))


def main(argv: list[str]) -> int:
    """Run ``collect`` or ``fit``; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py bench cards", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="step", required=True)
    c = sub.add_parser("collect", help="search positions of normal's matches")
    c.add_argument("--game", required=True, choices=["klaberjass", "deberts", "tertz", "pitch"])
    c.add_argument("--players", type=int, default=2)
    c.add_argument("--matches", type=int, default=100)
    c.add_argument("--start", type=int, default=0)
    c.add_argument("--playouts", type=int, default=200)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the weights to collected positions")
    f.add_argument("file")
    f.add_argument("--kind", choices=["lead", "follow"], default="lead")
    f.add_argument("--stage", choices=["A", "B", "middle", "all"],
                   help="Tertz: only positions while the stock lasts (A) or after (B); follows: cards with others"
                        " still to play (middle) instead of the last card, or every card to a trick (all)")
    f.add_argument("--clip", type=float, default=40.0, help="clip each centred value to +-CLIP match points")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--seed", type=int, default=1, help="seed of the train / test split")
    f.add_argument("--method", choices=["ridge", "policy"], default="ridge",
                   help="least squares of the values (ridge), or the softmax policy that earns the most (policy)")
    f.add_argument("--l2", type=float, default=0.01, help="the policy fit's penalty on the scaled weights")
    f.add_argument("--all", action="store_true",
                   help="fit on every position (the weights to keep; no held-out quarter to score)")
    args = ap.parse_args(argv)
    if args.step == "collect":
        n = collect(args.game, args.players, args.start, args.matches, args.out, args.playouts)
        print(f"{n} positions appended to {args.out}")
        return 0
    rows = load(args.file, args.kind, args.stage, args.clip)
    if len(rows) < 20:
        print(f"only {len(rows)} positions of that kind in {args.file}", file=sys.stderr)
        return 2
    if not args.all:  # the weights to keep are fitted to the file's positions in its own order
        random.Random(args.seed).shuffle(rows)
    first = _first_view(args.file)  # read once: the game's features and the weights in use
    module = feature_module(str(first.get("game", "")))
    names = module.FEATURES if args.kind == "lead" else module.FOLLOW_FEATURES
    split = len(rows) if args.all else len(rows) * 3 // 4
    train, test = rows[:split], rows[split:]
    if args.method == "policy":
        w = fit_policy(train, len(names), args.l2)
    else:
        w = fit(train, len(names), args.ridge)
    rnd = random.Random(args.seed + 1)

    model = pick_with(w)

    def rule(r: Row) -> int:
        return r[3].index(r[4])

    def anything(r: Row) -> int:
        return rnd.randrange(len(r[0]))

    in_use = weights_for(first, args.kind, args.stage)
    print(f"{args.kind}: {len(rows)} positions ({len(train)} to fit, {len(test)} held out)")
    print("mean regret (match points)   rule of thumb   weights in use   fitted weights   random card")
    for name, part in (("fitted on", train), ("held out", test)):
        if not part:
            continue
        used = f"{regret(part, pick_with(in_use)):6.2f}" if in_use is not None else "     -"
        print(f"  {name:10s}                 {regret(part, rule):6.2f}          {used}           "
              f"{regret(part, model):6.2f}         {regret(part, anything):6.2f}")
    out: dict[str, Any] = {"kind": args.kind, "stage": args.stage, "method": args.method, "positions": len(rows),
                           "weights": [round(x, 3) for x in w]}
    print(json.dumps(out))
    for nm, x in sorted(zip(names, w, strict=True), key=lambda t: -abs(t[1])):
        print(f"  {nm:24s} {x:8.2f}")
    return 0
