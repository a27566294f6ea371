"""``python main.py bench bids``: calibrate the bidding evaluators by simulation.

Example::

    python main.py bench bids --deals 2000 --seed 1 [--level normal] [--json]

For each seeded deal, the first seat to call is given every contract in turn
(the other seats pass; in Deberts and Klaberjass: the turned suit taken in
round one, or each other suit named in round two after everybody passed); the
deal is then played out by ``--level`` bots for every seat.  The table prints, per contract kind and band of the
evaluator's bid points (:mod:`core.ai.bidding`), how many contracts there
were, the share made, and the mean match points of the deal for the
declaring side minus the defenders'.  A threshold is worth bidding where the
mean turns clearly positive.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import core
from core.ai import ALL_LEVELS, act, make_bot
from core.ai.bidding import contract_points
from core.ai.heuristic import turnup_hand
from core.ai.knowledge import mask, table_for

KINDS = {"C": (3, "trump"), "D": (2, "trump"), "H": (1, "trump"), "S": (0, "trump"), "NT": (None, "nt"),
         "AT": (None, "at")}
BAND = 10


def _play_out(state: core.State, level: str, seed: int) -> None:
    bots = [make_bot(level, seed=seed * 4 + s) for s in range(state.players)]
    start = len(state.deal_results)
    for _ in range(2000):
        cp = state.current_player
        if cp is None or cp == core.CHANCE or len(state.deal_results) > start:
            return
        state.apply(act(bots[cp], state))


def _forced_calls(state: core.State) -> list[tuple[str, int, list[core.Action]]]:
    """(kind, trump suit index, the calls that make the first seat declare it) for a turn-up game."""
    view = state.view(state.current_player or 0)
    turned = view.get("turn_up") or view.get("turned")
    ts = "SHDC".index(str(turned)[1])
    first = [a.call for a in state.legal_actions() if a.type == "bid" and a.call not in ("pass", "schmeiss")][0]
    out: list[tuple[str, int, list[core.Action]]] = [("turned", ts, [core.Action("bid", call=first)])]
    passes = [core.Action("bid", call="pass")] * state.players
    for s, letter in enumerate("SHDC"):
        if s != ts:
            out.append(("named", s, [*passes, core.Action("bid", call=letter)]))
    return out


def _dealt(game: str, players: int, seed: int, d: int) -> tuple[core.State, int, int]:
    """Deal ``d`` of a calibration run: the dealt match, the first seat to bid and its hand (a card mask)."""
    base = core.new_match(game, players=players, seed=seed * 100_003 + d)
    base.apply(base.sample_chance(random.Random(seed * 7919 + d)))
    seat = base.current_player
    assert seat is not None
    view = base.view(seat)
    # The hand normal evaluates: four-handed Deberts counts the turn-up the maker receives.
    return base, seat, turnup_hand(view, table_for(view), mask(view["hands"][seat]))


def measure_turnup(game: str, players: int, deals: int, seed: int, level: str) -> dict[str, dict[int, list[float]]]:
    """Like :func:`measure` for Deberts and Klaberjass: the turned suit taken, or another suit named."""
    table: dict[str, dict[int, list[float]]] = {}
    for d in range(deals):
        base, seat, hand = _dealt(game, players, seed, d)
        sides = base.sides
        for kind, trump, acts in _forced_calls(base):
            st = base.clone()
            try:
                for a in acts:
                    st.apply(a)
            except core.BellaError:
                continue
            pts = contract_points(hand, trump, "trump")
            _play_out(st, level, seed * 1_000 + d)
            r = st.deal_results[-1]
            my = next(i for i, side in enumerate(sides) if seat in side)
            aw = [float(x) for x in r["awarded"]]
            others = [x for i, x in enumerate(aw) if i != my]
            diff = aw[my] - sum(others) / len(others)
            row = table.setdefault(kind, {}).setdefault(int(pts // BAND) * BAND, [0.0, 0.0, 0.0])
            row[0] += 1
            row[1] += 1 if r["outcome"] == "made" else 0
            row[2] += diff
    return table


def _deal_value(state: core.State, seat: int, start: int) -> float:
    """Match points of ``seat``'s side in the deal after ``start`` minus the other sides' mean (0: thrown in)."""
    if len(state.deal_results) <= start:
        return 0.0
    r = state.deal_results[start]
    my = next(i for i, side in enumerate(state.sides) if seat in side)
    aw = [float(x) for x in r["awarded"]]
    others = [x for i, x in enumerate(aw) if i != my]
    return aw[my] - sum(others) / len(others)


def measure_versus_pass(game: str, players: int, deals: int, seed: int,
                        level: str) -> dict[str, dict[int, list[float]]]:
    """Deberts and Klaberjass: what a contract gains over passing, per band of bid points.

    For each seeded deal the first seat to call (1) takes the turned suit, or
    passes and the deal goes on with ``level`` bots for every seat (auction
    included); and (2) once everybody passed round one, names its best other
    suit, or passes again.  Returns ``{kind: {band: [count, sum of the
    contract's value, sum of the pass's value]}}``: a contract is worth
    bidding from the band where the first mean clearly beats the second.
    """
    table: dict[str, dict[int, list[float]]] = {}
    for d in range(deals):
        base, seat, hand = _dealt(game, players, seed, d)
        start = len(base.deal_results)
        forced = _forced_calls(base)
        kind, ts, take = forced[0]
        named = forced[1:]
        trials: list[tuple[str, float, list[core.Action], list[core.Action]]] = [
            (kind, contract_points(hand, ts, "trump"), take, [core.Action("bid", call="pass")])]
        if named:
            best = max(named, key=lambda f: contract_points(hand, f[1], "trump"))
            passes = best[2][:-1]
            trials.append(("named", contract_points(hand, best[1], "trump"), best[2],
                           [*passes, core.Action("bid", call="pass")]))
        for kind, pts, bid, pas in trials:
            row = table.setdefault(kind, {}).setdefault(int(pts // BAND) * BAND, [0.0, 0.0, 0.0])
            values = []
            for acts in (bid, pas):
                st = base.clone()
                try:
                    for a in acts:
                        st.apply(a)
                except core.BellaError:
                    break
                _play_out(st, level, seed * 1_000 + d)
                values.append(_deal_value(st, seat, start))
            if len(values) == 2:
                row[0] += 1
                row[1] += values[0]
                row[2] += values[1]
    return table


def measure_pitch(players: int, deals: int, seed: int, level: str) -> dict[int, list[float]]:
    """Pitch: {estimate band: [count, sum of points taken, count taking >= 4, >= 5, >= 6, >= 7, >= 8]}.

    The first seat bids the minimum, names its best suit and the deal is
    played out; what its side takes, against the ``normal`` estimate of the
    hand, tells how high a hand may bid.
    """
    from core.ai.heuristic import best_pitch_suit, pitch_estimate

    table: dict[int, list[float]] = {}
    for d in range(deals):
        st = core.new_match("pitch", players=players, seed=seed * 100_003 + d)
        st.apply(st.sample_chance(random.Random(seed * 7919 + d)))
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        hand = mask(view["hands"][seat])
        est = max(pitch_estimate(hand, s, view["options"]) for s in range(4))
        st.apply(core.Action("bid", call=str(view["options"].get("min_bid", 4))))
        while st.current_player == (seat + 1) % players or st.view(st.current_player or 0)["phase"] == "bidding":
            if st.current_player == seat:
                break
            st.apply(core.Action("bid", call="pass"))
        if st.view(seat)["phase"] == "trump":
            st.apply(core.Action("trump", suit="SHDC"[best_pitch_suit(hand, view["options"])]))
        _play_out(st, level, seed * 1_000 + d)
        r = st.deal_results[-1]
        taken = float(r.get("bidding_points") or 0)
        row = table.setdefault(int(est), [0.0] * 7)
        row[0] += 1
        row[1] += taken
        for i, n in enumerate((4, 5, 6, 7, 8)):
            row[2 + i] += 1 if taken >= n else 0
    return table


def measure_pitch_versus_pass(players: int, deals: int, seed: int,
                              level: str) -> dict[tuple[int, int, int], dict[float, dict[str, list[float]]]]:
    """Pitch: what each call gains over passing, by the seat's turn, the standing bid and the hand's estimate.

    In deal ``d`` the seat ``d % players`` places after the first to speak
    (the last is the dealer) is the one measured; the seats before it call as
    ``level`` does.  At its turn every call from a pass to five above the
    lowest legal bid (never the moon) is tried on a copy of the deal, which
    ``level`` bots then finish (auction included).  Returns ``{(turn, standing
    bid or 0, 1 if it is the partner's): {estimate band: {call: [count, sum of the deal's value]}}}``,
    the value being the seat's side's match points minus the other sides'
    mean, bands half a point of :func:`core.ai.heuristic.pitch_estimate` wide.
    """
    from core.ai.heuristic import pitch_estimate

    table: dict[tuple[int, int, int], dict[float, dict[str, list[float]]]] = {}
    for d in range(deals):
        base, _seat, _hand = _dealt("pitch", players, seed, d)
        start = len(base.deal_results)
        turn = d % players
        bots = [make_bot(level, seed=seed * 4 + s) for s in range(players)]
        for _ in range(turn):
            cp = base.current_player
            assert cp is not None
            base.apply(act(bots[cp], base))
        seat = base.current_player
        view = base.view(seat or 0)
        if seat is None or view.get("phase") != "bidding":
            continue
        hand = mask(view["hands"][seat])
        est = max(pitch_estimate(hand, s, view["options"]) for s in range(4))
        calls = [a.call for a in base.legal_actions() if a.type == "bid" and a.call]
        nums = sorted(int(c) for c in calls if c.isdigit())
        tried = (["pass"] if "pass" in calls else []) + [str(n) for n in nums[:6]]
        low = int(view["options"].get("min_bid", 4))
        standing = nums[0] - 1 if nums and nums[0] > low else 0
        if "pass" not in calls:
            standing = -1  # the dealer is stuck
        holder = [int(b["seat"]) for b in view.get("bids") or [] if str(b["call"]).isdigit()]
        partner = 1 if holder and holder[-1] != seat and table_for(view).partners(holder[-1], seat) else 0
        row = table.setdefault((turn, standing, partner), {}).setdefault(int(est * 2) / 2, {})
        for call in tried:
            st = base.clone()
            st.apply(core.Action("bid", call=call))
            _play_out(st, level, seed * 1_000 + d)
            cell = row.setdefault(call, [0.0, 0.0])
            cell[0] += 1
            cell[1] += _deal_value(st, seat, start)
    return table


def measure(deals: int, seed: int, level: str) -> dict[str, dict[int, list[float]]]:
    """{kind: {band: [count, made, sum of point difference]}} over ``deals`` Belote deals."""
    table: dict[str, dict[int, list[float]]] = {}
    for d in range(deals):
        base = core.new_match("belote", players=4, seed=seed * 100_003 + d)
        base.apply(base.sample_chance(random.Random(seed * 7919 + d)))
        seat = base.current_player
        assert seat is not None
        hand = mask(base.view(seat)["hands"][seat])
        for call, (trump, mode) in KINDS.items():
            pts = contract_points(hand, trump, mode)
            st = base.clone()
            st.apply(core.Action("bid", call=call))
            for _ in range(3):
                st.apply(core.Action("bid", call="pass"))
            _play_out(st, level, seed * 1_000 + d)
            r = st.deal_results[-1]
            side = seat % 2
            aw = r["awarded"]
            diff = float(aw[side]) - float(aw[1 - side])
            kind = "suit" if mode == "trump" else call
            row = table.setdefault(kind, {}).setdefault(int(pts // BAND) * BAND, [0.0, 0.0, 0.0])
            row[0] += 1
            row[1] += 1 if r["outcome"] == "made" else 0
            row[2] += diff
    return table


def main(argv: list[str]) -> int:
    """Run the calibration; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py bench bids", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="belote", choices=["belote", "deberts", "klaberjass", "pitch"])
    ap.add_argument("--players", type=int, help="Deberts: 2, 3 or 4")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="normal", choices=ALL_LEVELS, help="who plays the cards")
    ap.add_argument("--versus-pass", action="store_true",
                    help="Deberts, Klaberjass, Pitch: compare each contract with passing on the same deal")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.versus_pass and args.game in ("deberts", "klaberjass"):
        players = args.players or (2 if args.game == "klaberjass" else 4)
        vtable = measure_versus_pass(args.game, players, args.deals, args.seed, args.level)
        print(f"{args.game} ({players} players), {args.deals} deals, seed {args.seed}, cards played by {args.level}")
        for kind, bands in vtable.items():
            print(f"  {kind}:   bid points   deals   contract   pass   gain (match points, first seat's side)")
            for b, (n, bid, pas) in sorted(bands.items()):
                if n:
                    print(f"           {b:4d}-{b + BAND - 1:<4d} {int(n):6d}   {bid / n:+7.1f}  {pas / n:+7.1f}"
                          f"  {(bid - pas) / n:+7.1f}")
        return 0
    if args.versus_pass and args.game == "pitch":
        players = args.players or 4
        pv = measure_pitch_versus_pass(players, args.deals, args.seed, args.level)
        if args.json:
            print(json.dumps([{"turn": t, "standing": sb, "partner": p, "estimate": band, "calls": cells}
                              for (t, sb, p), bands in sorted(pv.items()) for band, cells in sorted(bands.items())]))
            return 0
        print(f"pitch ({players} players), {args.deals} deals, seed {args.seed}, cards played by {args.level}:"
              " each call's mean deal value minus the pass's (match points, the seat's side)")
        for (turn, standing, partner), steps in sorted(pv.items()):
            where = "dealer" if turn == players - 1 else f"seat {turn + 1} to speak"
            over = "stuck" if standing < 0 else (f"over {standing}" if standing else "no bid yet")
            over += " (the partner's)" if partner else ""
            print(f"  {where}, {over}:")
            for band, cells in sorted(steps.items()):
                n = int(max(c[0] for c in cells.values()))
                base = cells.get("pass")
                ref = base[1] / base[0] if base else 0.0
                parts = [f"{call}:{v / c - ref:+5.1f}" for call, (c, v) in cells.items() if call != "pass" and c]
                best = max(cells.items(), key=lambda kv: kv[1][1] / kv[1][0])[0]
                print(f"    estimate {band:4.1f}  n={n:4d}  pass {ref:+5.1f}  " + " ".join(parts) + f"  best {best}")
        return 0
    if args.game == "pitch":
        ptable = measure_pitch(args.players or 4, args.deals, args.seed, args.level)
        print(f"pitch ({args.players or 4} players), {args.deals} deals, seed {args.seed},"
              f" cards played by {args.level}")
        print("  estimate   deals   mean taken   P(>=4)  P(>=5)  P(>=6)  P(>=7)  P(>=8)")
        for b, row in sorted(ptable.items()):
            n = row[0]
            shares = "  ".join(f"{100 * x / n:5.1f}%" for x in row[2:])
            print(f"  {b:4d}     {int(n):6d}   {row[1] / n:6.2f}       {shares}")
        return 0
    if args.game == "belote":
        table = measure(args.deals, args.seed, args.level)
    else:
        players = args.players or (2 if args.game == "klaberjass" else 4)
        table = measure_turnup(args.game, players, args.deals, args.seed, args.level)
    if args.json:
        out: dict[str, Any] = {k: {str(b): {"n": r[0], "made": r[1] / r[0], "diff": r[2] / r[0]}
                                   for b, r in sorted(v.items())} for k, v in table.items()}
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.game}, {args.deals} deals, seed {args.seed}, cards played by {args.level}")
    for kind, bands in table.items():
        print(f"  {kind}:   bid points   contracts   made   points (declarers - defenders)")
        for b, (n, made, diff) in sorted(bands.items()):
            print(f"           {b:4d}-{b + BAND - 1:<4d} {int(n):8d}   {100 * made / n:5.1f}%   {diff / n:+6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
