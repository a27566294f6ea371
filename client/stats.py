"""Statistics from the match history, and ``python main.py stats [--json]``.

Figures are kept per game, player count and opponent level (the bot levels
faced, e.g. ``hard``): matches played and won, the win rate, the current and
best winning streak, the average points per deal, contracts declared and
made by the player's side, capots, bides, hanging deals and moons, and how
many matches used undo.  Only matches in which the player held a seat count.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import core
from client.history import History, MatchRow
from client.i18n import N_, _, ngettext
from client.settings import use_saved_language
from core.ai.tournament import contract_record

HANGING = ("hung", "hanging", "doubled_hung", "tie")
OPPONENT_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "random": N_("random"),
                  "people": N_("people")}
"""The words of the opponent groups (:attr:`client.history.MatchRow.opponents`: levels joined by ``+``)."""


def opponents_text(opponents: str) -> str:
    """A group's opponents in the player's language (``"easy+hard"``, ``"people"``); unknown levels as they are."""
    # TRANSLATORS: bot levels (easy, normal, hard, random) and "people" (no bots) name whom a match was played against
    return "+".join(_(OPPONENT_WORDS[p]) if p in OPPONENT_WORDS else p for p in opponents.split("+"))


@dataclass
class Figures:
    """The statistics of one (game, players, opponents) group."""

    game: str
    players: int
    opponents: str
    played: int = 0
    won: int = 0
    abandoned: int = 0
    current_streak: int = 0
    best_streak: int = 0
    deals: int = 0
    points: float = 0.0
    contracts: int = 0
    made: int = 0
    capots: int = 0
    bides: int = 0
    hanging: int = 0
    moons: int = 0
    with_undo: int = 0
    recent: list[list[tuple[int, int]]] = field(default_factory=list)
    """Running score (ours, best other side) after each deal of the last matches, for the plot."""

    @property
    def win_rate(self) -> float:
        """Matches won / matches finished (0 when none)."""
        return self.won / self.played if self.played else 0.0

    @property
    def points_per_deal(self) -> float:
        """Average points the player's side scored a deal."""
        return self.points / self.deals if self.deals else 0.0

    def to_json(self) -> dict[str, Any]:
        """JSON-able figures (``stats --json``)."""
        d = asdict(self)
        d["win_rate"] = round(self.win_rate, 4)
        d["points_per_deal"] = round(self.points_per_deal, 2)
        return d


RECENT = 10
"""Matches kept per group for the running-score plot."""


def _sides(row: MatchRow) -> list[list[int]]:
    return core.replay({**row.record, "actions": []}).sides


def compute(rows: Sequence[MatchRow]) -> list[Figures]:
    """The figures of every group, in order of first appearance."""
    groups: dict[tuple[str, int, str], Figures] = {}
    for row in rows:
        if row.seat is None:
            continue
        key = (row.game, row.players, row.opponents)
        f = groups.setdefault(key, Figures(*key))
        if not row.finished:
            f.abandoned += 1
            continue
        sides = _sides(row)
        my = next((i for i, s in enumerate(sides) if row.seat in s), 0)
        f.played += 1
        if row.won:
            f.won += 1
            f.current_streak += 1
            f.best_streak = max(f.best_streak, f.current_streak)
        else:
            f.current_streak = 0
        if row.undos:
            f.with_undo += 1
        tags = ["me" if seat in sides[my] else "them" for seat in range(row.players)]
        running: list[tuple[int, int]] = []
        for r in row.deals:
            awarded = [int(x) for x in r.get("awarded") or [0] * len(sides)]
            f.deals += 1
            f.points += awarded[my] if my < len(awarded) else 0
            scores = [int(x) for x in r.get("scores") or awarded]
            other = max((x for i, x in enumerate(scores) if i != my), default=0)
            running.append((scores[my] if my < len(scores) else 0, other))
            c = contract_record(r, sides, tags)
            outcome = str(r.get("outcome"))
            ours = c is not None and c["level"] == "me"
            if ours:
                f.contracts += 1
                f.made += 1 if c and c["made"] else 0
                if outcome == "bide":
                    f.bides += 1
                if outcome.startswith("moon"):
                    f.moons += 1
            if outcome in HANGING:
                f.hanging += 1
            if r.get("capot") == my:
                f.capots += 1
        f.recent = [*f.recent, running][-RECENT:]
    return list(groups.values())


def format_figures(figs: Sequence[Figures]) -> str:
    """The figures as text."""
    if not figs:
        return _("No matches played yet.")
    lines = []
    for f in figs:
        # TRANSLATORS: {game} is a game id (belote, klaberjass...), {opponents} bot levels; {rate} a percentage
        lines.append(ngettext(
            "{game} ({n} player) against {opponents}: {played} played, {won} won ({rate}%), streak {streak} "
            "(best {best}), {ppd} points a deal",
            "{game} ({n} players) against {opponents}: {played} played, {won} won ({rate}%), streak {streak} "
            "(best {best}), {ppd} points a deal", f.players).format(
            game=f.game, n=f.players, opponents=opponents_text(f.opponents), played=f.played, won=f.won,
            rate=f"{100 * f.win_rate:.0f}", streak=f.current_streak, best=f.best_streak,
            ppd=f"{f.points_per_deal:.1f}"))
        extra = [_("contracts {made}/{total} made").format(made=f.made, total=f.contracts)]
        for text, n in ((N_("capots {n}"), f.capots), (N_("bides {n}"), f.bides),
                        (N_("hanging deals {n}"), f.hanging), (N_("moons {n}"), f.moons),
                        (N_("abandoned {n}"), f.abandoned), (N_("with undo {n}"), f.with_undo)):
            if n:
                extra.append(_(text).format(n=n))
        lines.append("    " + ", ".join(extra))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """``python main.py stats``: print the statistics; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py stats", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    use_saved_language()
    ap.add_argument("--json", action="store_true", help=_("print the figures as JSON (keys stay English)"))
    ap.add_argument("--db", type=Path, help=_("the history database (default: the user's)"))
    args = ap.parse_args(argv)
    with History(args.db) as h:
        if h.warning:
            print(h.warning, file=sys.stderr)
        figs = compute(h.matches())
    if args.json:
        print(json.dumps([f.to_json() for f in figs], indent=1))
    else:
        print(format_figures(figs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
