"""The rollout's own trick tracking agrees with the engine, and rollouts finish deals.

The search's rollouts do not ask the engine for a view at every card: they
keep the trick, the cards still out and the hand sizes themselves
(:class:`core.ai.search.Track`).  Across many deals of every game and option
set, after every card played, that tracked state must equal the engine's
view, a table built from the view must name the engine's trick winner, and
what it records a seat lacks (from its failures to follow) must be true of
that seat's hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import core
from core.ai import act, make_bot
from core.ai.knowledge import mask
from core.ai.search import Rollout, SearchBot, Track
from core.cards import CARD_IDS
from tests.cases import all_cases
from tests.util import normal_decisions

CASES = all_cases()


@pytest.mark.parametrize(("game", "players", "options"), CASES,
                         ids=[f"{g}-{p}p-{i}" for i, (g, p, _) in enumerate(CASES)])
def test_tracked_trick_agrees_with_the_engine(game: str, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(21)
    state = core.new_match(game, players=players, options=options, seed=21)
    bots = [make_bot("normal", seed=s) for s in range(players)]
    track: Track | None = None
    checked = 0
    voids_seen = 0
    for _ in range(4000):
        cp = state.current_player
        if checked >= 120:
            break
        if cp is None:
            state = core.new_match(game, players=players, options=options, seed=rng.randrange(1000))
            track = None
            continue
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            track = None
            continue
        view = state.view(cp)
        legal = state.legal_actions()
        action = act(bots[cp], state)
        all_play = all(a.type == "play" for a in legal)
        if all_play and track is None:
            track = Track(view)
            track.follow_voids = True  # checked in every game, whether or not its rollouts use them
        before = len(state.deal_results)
        state.apply(action)
        if not all_play or action.type != "play" or track is None:
            if not all_play and action.type not in ("declare", "done", "exchange"):
                track = None
            continue
        assert action.card is not None
        track.played(cp, CARD_IDS[action.card])
        nxt = state.current_player
        if len(state.deal_results) != before or nxt is None or nxt < 0:
            track = None
            continue
        v = state.view(nxt)
        if v["phase"] != "play":
            track = None
            continue
        assert track.trick == [(t["seat"], CARD_IDS[t["card"]]) for t in v["trick"]]
        for s in range(players):  # what a failure to follow showed is true of the hand that failed
            held = mask(state.view(s)["hands"][s] or [])
            assert held & track.voids[s] == 0, "the tracker says a seat lacks a card it holds"
            voids_seen += track.voids[s] != 0
        assert track.sizes == v["hand_sizes"]  # Tertz: the draws after each trick too
        out = mask(v["unseen"])
        for h in v["hands"]:
            out |= mask(h or [])
        for k in v["known"]:
            out |= mask(k)
        if game == "pitch":
            out &= track.tb.trump_mask  # only trumps are ever played (discards stay out)
        assert out & ~track.remaining == 0, "a card still out was dropped by the tracker"
        if not v["trick"] and v.get("last_trick"):
            last = v["last_trick"]
            cards = [c["card"] if isinstance(c, dict) else c for c in last["cards"]]
            ids = [CARD_IDS[c] for c in cards]
            seats = last.get("seats")
            if isinstance(last["cards"][0], dict):
                seats = [c["seat"] for c in last["cards"]]
            elif seats is None and "leader" in last:
                seats = [(last["leader"] + i) % players for i in range(len(ids))]
            if seats is not None:
                assert seats[track.tb.winner_index(ids)] == last["winner"]
        checked += 1
    assert checked >= 60
    if game != "pitch":  # Pitch's follow rules show no voids
        assert voids_seen, "no failure to follow was ever tracked"


@pytest.mark.parametrize(("game", "players", "followed"), [("deberts", 4, True), ("klaberjass", 2, False)])
def test_a_rollout_starts_from_the_known_voids_only_where_its_game_follows_them(game: str, players: int,
                                                                             followed: bool) -> None:
    for state, view in normal_decisions(game, players, 3, steps=200):
        if all(a.type == "play" for a in state.legal_actions()):
            known = [1 << (s + 1) for s in range(players)]
            track = Track(view, known)
            assert track.follow_voids is followed
            assert track.voids == (known if followed else [0] * players)
            assert track.copy().voids == track.voids
            return
    raise AssertionError("no card decision met")


@pytest.mark.parametrize("game", sorted(core.GAMES))
def test_rollouts_finish_the_deal(game: str) -> None:
    rng = random.Random(4)
    cls = core.GAMES[game]
    state = core.new_match(game, players=cls.player_counts[-1], seed=4)
    state.apply(state.sample_chance(rng))
    n0 = len(state.deal_results)
    value = Rollout(random.Random(1)).run(state, 0)
    assert isinstance(value, float)
    assert state.current_player in (core.CHANCE, None)
    assert len(state.deal_results) == n0 + 1


def test_a_called_partner_counts_a_shared_five_handed_win_as_its_own() -> None:
    from core.ai.search import deal_value

    class Over:
        """A finished five-handed Pitch match won by bidder 1 and its called partner 3."""

        deal_results = [{"awarded": [0, 10, 0, 10, 0]}]
        sides = [[0], [1], [2], [3], [4]]
        is_over = True
        winner = 1
        winners = [1, 3]

    assert deal_value(Over(), 0, 3, win_bonus=52) == 10 - 2.5 + 52  # type: ignore[arg-type]
    assert deal_value(Over(), 0, 1, win_bonus=52) == 10 - 2.5 + 52  # type: ignore[arg-type]
    assert deal_value(Over(), 0, 0, win_bonus=52) == 0 - 5 - 52  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "players"), [("deberts", 2), ("klaberjass", 2), ("deberts", 4), ("pitch", 4)])
def test_rollouts_remembering_the_policys_cards_play_as_rollouts_that_do_not(game: str, players: int) -> None:
    """The rollouts of one decision share its table, which remembers the policy's card in each position
    already met; over different sampled deals, a rollout that meets them again plays exactly what a rollout
    with a fresh table computes."""
    compared = 0
    for seed in range(30):
        if compared >= 40:
            break
        for state, view in normal_decisions(game, players, seed, steps=400):
            legal = state.legal_actions()
            if all(a.type == "play" for a in legal) and len(legal) > 1 and len(view["hands"][view["seat"]]) > 3:
                cp = int(view["seat"])
                root = Track(view)
                sampler = SearchBot(seed)
                for _ in range(8):
                    base = type(state).from_view(view, sampler.sample(view)[1])
                    shared = Rollout(random.Random(1)).run(base.clone(), cp, root.copy())
                    fresh = Rollout(random.Random(1)).run(base.clone(), cp, Track(view))
                    assert shared == fresh
                    compared += 1
                assert root.tb.memo.get("cards"), "the policy's cards were not remembered"
                break
    assert compared >= 24


def _tertz_turns_taken(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, list[core.Action], core.Action]]:
    """Record every Tertz action applied from now on: (seat, stock, combinations offered, action)."""
    from core.games.tertz import Tertz

    taken: list[tuple[int, int, list[core.Action], core.Action]] = []
    apply = Tertz.apply

    def recording(self: Tertz, action: core.Action) -> None:
        seat = self.current_player
        if seat is not None and seat >= 0:
            offered = [a for a in self.legal_actions() if a.type == "declare"]
            taken.append((seat, self.stock_count, offered, action))
        apply(self, action)

    monkeypatch.setattr(Tertz, "apply", recording)
    return taken


def test_tertz_rollouts_time_combinations_as_normal_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """One combination waits while the stock lasts; it is declared on the last turn with nine cards, or just
    before one of its cards is played (``normal``'s timing, so the search values cards for such a player)."""
    taken = _tertz_turns_taken(monkeypatch)
    for seed in range(40):
        state = core.new_match("tertz", players=2, seed=seed)
        state.apply(state.sample_chance(random.Random(seed)))
        Rollout(random.Random(seed)).run(state, seed % 2)
    waits = before_played = last_turn = 0
    for i, (seat, stock, offered, action) in enumerate(taken):
        combos = [a for a in offered if a.call != "mariage"]
        if len(combos) != 1 or len(offered) != 1 or action.type == "exchange":
            continue
        if stock == 0:
            assert action == combos[0]
            last_turn += 1
        elif action.type == "declare":
            nxt = next(a for s, _, _, a in taken[i + 1:] if s == seat and a.type == "play")
            assert nxt.card in (action.cards or ())
            before_played += 1
        else:
            assert action.type == "play" and action.card not in (combos[0].cards or ())
            waits += 1
    assert waits and before_played and last_turn


def test_tertz_search_declares_a_waiting_combination_before_playing_its_card() -> None:
    # On these deals the search, left to itself, plays a card of a combination it holds back.
    waits = 0
    for seed in (13, 14, 15):
        state = core.new_match("tertz", players=2, seed=seed)
        rng = random.Random(seed)
        bots = [make_bot("hard", seed=seed + s, playouts=24) for s in range(2)]
        while len(state.deal_results) < 1:
            if state.current_player == core.CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player
            assert seat is not None
            combos = [a for a in state.legal_actions() if a.type == "declare" and a.call != "mariage"]
            stock = state.stock_count  # type: ignore[attr-defined]
            action = act(bots[seat], state)
            if action.type == "play" and combos:
                assert not any(action.card in (a.cards or ()) for a in combos), (combos, action)
                waits += stock > 0
            state.apply(action)
    assert waits


def test_rollouts_play_every_seat_on_a_table_marked_as_hards() -> None:
    """A rollout's cards are chosen on the search's table (marked ``search``), so three-handed Deberts' leads
    in it are ``hard``'s own weights for every seat (giving the other seats ``normal``'s refitted leads was
    measured and not kept: thirtieth round, ``docs/ai.md``)."""
    rolled = 0
    for seed in range(6):
        for state, view in normal_decisions("deberts", 3, seed, steps=400):
            legal = state.legal_actions()
            if not (all(a.type == "play" for a in legal) and len(view["hands"][view["seat"]]) > 4):
                continue
            cp = int(view["seat"])
            root = Track(view)
            assert root.tb.search and root.copy().tb is root.tb
            sampler = SearchBot(seed)
            for _ in range(4):
                base = type(state).from_view(view, sampler.sample(view)[1])
                Rollout(random.Random(1)).run(base, cp, root.copy())
            assert {key[0] for key in root.tb.memo.get("cards") or {}} == {0, 1, 2}
            rolled += 1
            break
    assert rolled >= 5
