"""``normal``'s weighted card play (``core.ai.weighted``) and Tertz's announcement timing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import core
from bench import cards as calibration
from core.actions import deal
from core.ai import weighted_pitch
from core.ai.heuristic import PlayInfo, choose_card, decide, play_info
from core.ai.knowledge import Table, cid, mask, table_for
from core.ai.memory import Memory
from core.ai.weighted import (
    FEATURES,
    FOLLOW_FEATURES,
    FOLLOW_WEIGHTS,
    LEAD_WEIGHTS,
    SEARCH_LEAD_WEIGHTS,
    follow_features,
    lead_features,
    weighted_follow,
    weighted_lead,
)
from core.cards import CARD_IDS, CARD_STRS, deck
from tests.util import normal_decisions

WEIGHTED_GAMES = sorted({(g, n) for g, n, _ in LEAD_WEIGHTS} | {(g, n) for g, n, _ in FOLLOW_WEIGHTS})


def _klaberjass(trump: str = "H", maker: int = 0) -> Table:
    return table_for({"game": "klaberjass", "players": 2, "options": {}, "sides": [[0], [1]], "trump": trump,
                      "contract": {"maker": maker, "trump": trump, "how": "take"}})


def _pick(tb: Table, me: int, trick: list[tuple[int, str]], legal: list[str], out: list[str],
          maker: int = 0, order: list[int] | None = None) -> str:
    info = PlayInfo(tb, me, [(s, cid(c)) for s, c in trick], mask(out), order or [], {}, maker)
    return CARD_STRS[choose_card(info, [cid(c) for c in legal])]


def _selfplay(game: str, players: int, seed: int, steps: int = 3000):
    """Every decision of a seeded ``normal`` match: (view, legal actions), before the move is made."""
    for state, view in normal_decisions(game, players, seed, steps):
        yield view, state.legal_actions()


def _positions(game: str, players: int, seed: int, limit: int = 60):
    """Card-play positions of a seeded ``normal`` match: (view, PlayInfo, legal card ids)."""
    found = 0
    for view, legal in _selfplay(game, players, seed):
        if found >= limit:
            return
        if all(a.type == "play" for a in legal) and len(legal) > 1:
            memory = Memory()
            tb = memory.update(view)
            yield view, play_info(view, tb, memory), sorted({CARD_IDS[a.card] for a in legal if a.card})
            found += 1


def test_every_weight_table_has_one_weight_per_feature() -> None:
    assert LEAD_WEIGHTS and FOLLOW_WEIGHTS
    for w in LEAD_WEIGHTS.values():
        assert len(w) == len(FEATURES)
    for w in FOLLOW_WEIGHTS.values():
        assert len(w) == len(FOLLOW_FEATURES)


@pytest.mark.parametrize("game,players", WEIGHTED_GAMES)
def test_weighted_choices_are_legal_and_features_complete(game: str, players: int) -> None:
    seen_lead = seen_follow = 0
    for _view, info, legal in _positions(game, players, seed=11):
        held = 0
        for c in legal:
            held |= 1 << c
        if not info.trick:
            for c in legal:
                assert len(lead_features(info, held, c)) == len(FEATURES)
            pick = weighted_lead(info, held, legal)
            if pick is not None:
                seen_lead += 1
                assert pick in legal
        else:
            for c in legal:
                assert len(follow_features(info, held, c)) == len(FOLLOW_FEATURES)
            pick = weighted_follow(info, held, legal)
            stage = "middle" if info.order else ""
            if (game, players, stage) in FOLLOW_WEIGHTS:
                assert pick is not None and pick in legal
                seen_follow += 1
            else:
                assert pick is None
        assert choose_card(info, legal) in legal
    assert seen_follow > 0
    assert seen_lead > 0 or (game, players, "") not in LEAD_WEIGHTS


def test_games_without_weights_play_the_plain_rules() -> None:
    assert ("belote", 4, "") not in LEAD_WEIGHTS and ("belote", 4, "") not in FOLLOW_WEIGHTS
    for _view, info, legal in _positions("belote", 4, seed=5, limit=40):
        assert choose_card(info, legal) == choose_card(info, legal, weighted=False)


def test_weighted_klaberjass_play_on_worked_positions() -> None:
    tb = _klaberjass()
    out = ["7S", "8S", "QS", "KS", "9H", "AH", "TH", "7D", "9D", "TD", "KD", "TC", "QC", "8C", "7C"]
    # Last to play on the opponent's ten of spades: take it with the ace (21 points), not the nine.
    assert _pick(tb, 1, [(0, "TS")], ["AS", "9S"], out) == "AS"
    # A trick worth nothing is ruffed with the seven of trumps, never the jack.
    assert _pick(tb, 1, [(0, "7S")], ["JH", "7H"], out) == "7H"
    # A bare ten whose ace is still out is not led (the ace would take it), by the declarer or the defender.
    out = ["AS", "KS", "QS", "AH", "TH", "KH", "9D", "TD", "QC", "KC", "JH", "9H"]
    for seat in (0, 1):
        assert _pick(tb, seat, [], ["TS", "7D", "8C", "9C"], out, maker=0) != "TS"


def test_weighted_four_handed_deberts_leads_on_worked_positions() -> None:
    tb = table_for({"game": "deberts", "players": 4, "options": {}, "sides": [[0, 2], [1, 3]], "trump": "H",
                    "contract": {"maker": 0, "trump": "H", "how": "take"}})
    full = [CARD_STRS[c] for c in deck()]

    def lead(seat: int, hand: list[str]) -> str:
        out = [c for c in full if c not in hand]
        return _pick(tb, seat, [], hand, out, order=[(seat + i) % 4 for i in (1, 2, 3)])

    # The declarer holding the jack, nine and ace of trumps, with five trumps out, draws trumps.
    assert tb.is_trump(cid(lead(0, ["JH", "9H", "AH", "AS", "7D", "8C"])))
    # A defender does not lead a bare ten whose ace is still out.
    assert lead(1, ["TS", "7D", "8C", "9C", "KD", "QD"]) != "TS"


def test_weighted_three_handed_deberts_leads_and_the_search_keeps_its_own() -> None:
    def table(search: bool) -> Table:
        tb = table_for({"game": "deberts", "players": 3, "options": {}, "sides": [[0], [1], [2]], "trump": "H",
                        "contract": {"maker": 0, "trump": "H", "how": "take"}})
        tb.search = search
        return tb

    full = [CARD_STRS[c] for c in deck()]

    def lead(seat: int, hand: list[str], search: bool = False) -> str:
        out = [c for c in full if c not in hand]
        return _pick(table(search), seat, [], hand, out, order=[(seat + i) % 3 for i in (1, 2)])

    # A defender cashes its ace before a side suit can be ruffed, rather than leading low.
    short = ["TS", "7D", "8C", "9C", "KD", "QD", "7H", "AC", "8S"]
    assert lead(1, short) == "AC"
    assert lead(1, ["KH", "QH", "AS", "7S", "8D", "9D", "TC", "7C", "AD"]) in ("AS", "AD")
    # ``hard``'s own card play (a table marked ``search``: its rollouts and default card) keeps the earlier
    # weights, which made the better rollouts: its lead is their highest score.
    key = ("deberts", 3, "")
    assert SEARCH_LEAD_WEIGHTS[key] != LEAD_WEIGHTS[key]
    tb = table(True)
    info = PlayInfo(tb, 1, [], mask([c for c in full if c not in short]), [2, 0], {}, 0)
    held = mask(short)
    scores = {c: sum(x * w for x, w in zip(lead_features(info, held, cid(c)), SEARCH_LEAD_WEIGHTS[key], strict=True))
              for c in short}
    assert lead(1, short, search=True) == max(scores, key=lambda c: scores[c]) != "AC"


def _tertz_turns(seed: int):
    """Tertz positions where ``normal`` may declare or swap the seven: (view, legal actions)."""
    for view, legal in _selfplay("tertz", 2, seed, steps=8000):
        if any(a.type in ("declare", "exchange") for a in legal):
            yield view, legal


def test_tertz_mariage_first_combinations_wait_and_the_seven_kept_in_a_run() -> None:
    mariages = waits = last_turn = before_played = two_offered = exchanges = 0
    for seed in range(1, 60):
        for view, legal in _tertz_turns(seed):
            memory = Memory()
            tb = memory.update(view)
            act, why = decide(view, tb, memory, list(legal), random.Random(0))
            if any(a.type == "exchange" for a in legal):
                seat = view["seat"]
                trump = "SHDC".index(view["trump"])
                held = mask(view["hands"][seat])
                seven, eight = trump * 16 + 5, trump * 16 + 6
                turnup = CARD_IDS[view["turnup"]] & 15
                keep = held >> eight & 1 and turnup not in (7, 9) and view["stock"] > 2
                assert (act.type == "exchange") == (not keep), (view["hands"][seat], view["turnup"])
                exchanges += 1
                assert held >> seven & 1
                continue
            if any(a.call == "mariage" for a in legal if a.type == "declare"):
                assert act.type == "declare" and act.call == "mariage"
                mariages += 1
                continue
            offered = [a for a in legal if a.type == "declare"]
            if not offered:
                continue
            plays = [a for a in legal if a.type == "play"]
            card, _ = decide(view, tb, memory, plays, random.Random(0))
            longest = max(len(a.cards or ()) for a in offered)
            if view["stock"] == 0:
                # The first trick after the stock is the last turn with nine cards: nothing waits.
                assert act.type == "declare" and len(act.cards or ()) == longest
                assert "last turn" in why
                last_turn += 1
            elif any(card.card in (a.cards or ()) for a in offered):
                # The card it plays would break a combination: that one is declared first.
                assert act.type == "declare" and card.card in (act.cards or ()), (view["hands"][view["seat"]], act)
                before_played += 1
            elif len(offered) >= 2:
                assert act.type == "declare" and len(act.cards or ()) == longest
                two_offered += 1
            else:
                # One combination, none of its cards played now: it waits, and the card is played.
                assert act == card
                waits += 1
        if mariages and waits and last_turn and before_played and two_offered and exchanges:
            break
    assert mariages and waits and last_turn and before_played and two_offered and exchanges


def test_tertz_a_lower_declaration_scores_the_combination_held_back() -> None:
    # Why a combination waits: the opponent's lower declaration is challenged against it, so the held
    # combination scores and the declared one is dead.  The leader declares a tertz into a held fifty.
    leader = ["QD", "KD", "AD", "7C", "9C", "JS", "8S", "TC", "QH"]  # the non-dealer, who leads trick 1
    dealer = ["7H", "8H", "9H", "TH", "KC", "AS", "7D", "JD", "8C"]  # holds a fifty in hearts
    turnup = "9S"
    rest = [c for c in (r + s for s in "SHDC" for r in "789TJQKA") if c not in leader + dealer + [turnup]]
    order = [c for k in range(3) for c in leader[3 * k:3 * k + 3] + dealer[3 * k:3 * k + 3]] + [turnup] + rest
    state = core.new_match("tertz", players=2, seed=1)
    state.apply(deal(order))
    seat = state.current_player
    tertz = next(a for a in state.legal_actions() if a.type == "declare" and a.call == "tertz")
    assert set(tertz.cards or ()) == {"QD", "KD", "AD"}
    state.apply(tertz)
    declared = [e for e in state.events if e["type"] == "declared"][-1]
    assert declared["seat"] == seat and declared["result"] == "beaten" and declared["points"] == 0
    assert declared["reply"]["call"] == "fifty" and declared["reply"]["points"] == 50
    assert state.scores == [0, 0]  # combinations count when the deal is scored
    # The beaten tertz is dead: on the leader's next turn (still nine cards) it is not offered again.
    state.apply(core.Action("play", card="7C"))
    for _ in range(6):
        if state.current_player == seat and state.view(seat)["phase"] == "play":
            break
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.type in ("play", "break")), legal[-1]))
    held = state.view(seat)["hands"][seat]
    assert state.current_player == seat and len(held) == 9 and {"QD", "KD", "AD"} <= set(held)
    assert not any(a.type == "declare" and set(a.cards or ()) >= {"QD", "KD", "AD"} for a in state.legal_actions())


def test_card_calibration_collects_and_fits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pos.jsonl"
    assert calibration.main(["collect", "--game", "klaberjass", "--matches", "1", "--playouts", "8",
                             "--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) >= 20
    rec = json.loads(lines[0])
    assert len(rec["cands"]) == len(rec["vals"]) >= 2
    capsys.readouterr()
    assert calibration.main(["fit", str(out), "--kind", "lead"]) == 0
    printed = capsys.readouterr().out
    assert "held out" in printed
    fitted = json.loads(next(line for line in printed.splitlines() if line.startswith("{")))
    assert len(fitted["weights"]) == len(FEATURES)


def test_collected_positions_keep_the_voids_the_seat_saw(tmp_path: Path) -> None:
    # Deberts views list no past tricks: only the kept events tell a fit which seat showed a void.
    out = tmp_path / "pos.jsonl"
    assert calibration.main(["collect", "--game", "deberts", "--players", "4", "--matches", "1",
                             "--playouts", "4", "--out", str(out)]) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert recs and all(isinstance(r["events"], list) and r["events"] for r in recs)
    assert all(r["events"][0]["type"] == "dealt" for r in recs)
    with_events = without = 0
    for rec in recs:
        view = rec["view"]
        assert "tricks" not in view and "played_tricks" not in view
        memory = calibration.position_memory(rec)
        memory.update(view)
        if any(memory.forbidden.values()):
            with_events += 1
        bare = Memory()
        bare.update(view)
        # The view alone shows only the trick on the table: at a lead it knows no void at all.
        if any(bare.forbidden.values()):
            assert view["trick"]
            without += 1
    assert with_events > without


def _curved_rows(seed: int, positions: int) -> list[calibration.Row]:
    """Positions of three to five cards whose value grows with feature 0 and falls steeply near feature 1's top."""
    rnd = random.Random(seed)
    rows: list[calibration.Row] = []
    for _ in range(positions):
        feats = [[rnd.random(), rnd.random()] for _ in range(rnd.randint(3, 5))]
        vals = [20.0 * f[0] - 40.0 * f[1] ** 4 for f in feats]
        mean = sum(vals) / len(vals)
        rows.append((feats, [v - mean for v in vals], vals, list(range(len(feats))), 0))
    return rows


def test_the_policy_fit_chooses_better_than_least_squares() -> None:
    # Least squares spends its weights on the steep losses of cards nobody should play; the policy fit on
    # telling the best card from the next ones.
    train, test = _curved_rows(1, 200), _curved_rows(2, 200)

    def regret(w: list[float]) -> float:
        return calibration.regret(test, calibration.pick_with(w))

    ridge = calibration.fit(train, 2, 1.0)
    policy = calibration.fit_policy(train, 2)
    assert policy[0] > 0 > policy[1] and ridge[0] > 0 > ridge[1]
    assert regret(policy) < 0.7 * regret(ridge)
    assert regret(policy) < 0.2 * calibration.regret(test, lambda r: 0)  # far better than any fixed card


def test_card_calibration_fits_a_policy_on_every_position(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pos.jsonl"
    assert calibration.main(["collect", "--game", "deberts", "--players", "2", "--matches", "1", "--playouts", "8",
                             "--out", str(out)]) == 0
    capsys.readouterr()
    assert calibration.main(["fit", str(out), "--kind", "lead", "--method", "policy", "--all"]) == 0
    printed = capsys.readouterr().out
    assert "fitted on" in printed and "  held out" not in printed and "weights in use" in printed
    fitted = json.loads(next(line for line in printed.splitlines() if line.startswith("{")))
    assert fitted["method"] == "policy" and len(fitted["weights"]) == len(FEATURES)
    leads = sum(1 for line in out.read_text().splitlines() if not json.loads(line)["view"]["trick"])
    assert fitted["positions"] == leads


def test_the_weights_in_use_are_those_normal_plays(tmp_path: Path) -> None:
    def first_view(game: str, players: int) -> str:
        path = tmp_path / f"{game}{players}.jsonl"
        path.write_text(json.dumps({"view": {"game": game, "players": players}}) + "\n")
        return str(path)

    pitch = first_view("pitch", 4)
    # Pitch weighs every card to a trick by one table per player count and leads by the plain rules.
    assert calibration.weights_in_use(pitch, "follow", "all") == weighted_pitch.FOLLOW_WEIGHTS[4]
    assert calibration.weights_in_use(pitch, "follow", None) == weighted_pitch.FOLLOW_WEIGHTS[4]
    assert calibration.weights_in_use(pitch, "lead", None) is None
    deberts = first_view("deberts", 3)
    assert calibration.weights_in_use(deberts, "follow", "middle") == FOLLOW_WEIGHTS[("deberts", 3, "middle")]
    assert calibration.weights_in_use(deberts, "follow", None) == FOLLOW_WEIGHTS[("deberts", 3, "")]
    assert calibration.weights_in_use(deberts, "lead", None) == LEAD_WEIGHTS[("deberts", 3, "")]
