"""Deberts: every worked example of the rules, the edge cases, and property tests.

Positions are built through the public API: a deck injected with a ``deal``
action followed by real actions, or ``Deberts.from_view`` (the determinization
hook) with a hand-made view.  The pure rule functions of ``core.games.deberts``
(legal cards, combinations, settlement) are what the engine calls; they are
tested directly as well, and every example is also driven through the engine
where the example gives enough to build a real position.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from core.cards import card_id, deck_strs, strs_to_mask
from core.games import deberts as db

Deberts = core.GAMES["deberts"]
ALL = deck_strs()
SUITS = "SHDC"

EXAMPLES: dict[str, dict[str, Any]] = {'D1': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 3},
        'kind': 'legal_moves',
        'given': {'players': 3,
                  'trump': 'H',
                  'trick': [{'seat': 1, 'card': 'KH'}, {'seat': 2, 'card': '9H'}],
                  'to_play': 0,
                  'hand': ['AH', '8H', '7S', 'AC']},
        'expect': {'legal': ['AH']},
        'why': 'Trump (KH) was led. Seat 0 holds hearts, so it must follow; the base rule obliges '
               'beating the LED card (KH) if possible. AH beats KH (trump order 7 8 Q K T A 9 J), so '
               'AH is forced even though 9H is currently winning and AH cannot beat 9H. 8H is not '
               'allowed.'},
 'D2': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 3, 'mandatory_overtrump': True},
        'kind': 'legal_moves',
        'given': {'players': 3,
                  'trump': 'H',
                  'trick': [{'seat': 1, 'card': 'KH'}, {'seat': 2, 'card': '9H'}],
                  'to_play': 0,
                  'hand': ['AH', '8H', '7S', 'AC']},
        'expect': {'legal': ['AH', '8H']},
        'why': 'Same position with mandatory_overtrump: the card to beat is the highest trump in the '
               'trick (9H). Nothing in hand beats 9H, so any heart may be played: AH or 8H.'},
 'D3': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 3},
        'kind': 'legal_moves',
        'given': {'players': 3,
                  'trump': 'S',
                  'trick': [{'seat': 0, 'card': 'AD'}, {'seat': 1, 'card': 'QS'}],
                  'to_play': 2,
                  'hand': ['8S', 'JS', 'KC', '9C']},
        'expect': {'legal': ['8S', 'JS']},
        'why': 'Seat 2 has no diamonds, so it must play a trump. With mandatory_overtrump off '
               '(default) any trump is legal, including 8S, which loses to QS. It may not discard a '
               'club.'},
 'D4': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 2},
        'kind': 'legal_moves',
        'given': {'players': 2,
                  'phase': 'exchange',
                  'trump': 'H',
                  'trump_source': 'turn_up',
                  'turn_up': 'KH',
                  'seat': 1,
                  'hand': ['7H', 'QH', 'AS', 'TS', '9D', 'JD', '8C', 'QC', 'AC']},
        'expect': {'exchange_allowed': True,
                   'hand_after_exchange': ['KH', 'QH', 'AS', 'TS', '9D', 'JD', '8C', 'QC', 'AC'],
                   'turn_up_after': '7H',
                   'bella_possible_after': True},
        'why': 'Trump is the turn-up suit (accepted in bidding round 1) with 2 players, so the holder '
               'of 7H may swap it for the turn-up KH before declarations and before its first card. '
               'After the swap seat 1 holds KH+QH and may announce bella when it plays the first of '
               'them.'},
 'D5': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 4},
        'kind': 'trick_winner',
        'given': {'players': 4,
                  'trump': 'C',
                  'trick': [{'seat': 1, 'card': 'TD'},
                            {'seat': 2, 'card': 'AD'},
                            {'seat': 3, 'card': '7C'},
                            {'seat': 0, 'card': '9C'}]},
        'expect': {'winner_seat': 0},
        'why': 'Two trumps were played; 9C outranks 7C (trump order 7 8 Q K T A 9 J). AD outranks TD '
               'in diamonds but any trump beats diamonds. Seat 0 wins and leads next.'},
 'D6': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 3},
        'kind': 'trick_winner',
        'given': {'players': 3,
                  'trump': 'S',
                  'trick': [{'seat': 2, 'card': 'KH'},
                            {'seat': 0, 'card': 'TH'},
                            {'seat': 1, 'card': 'AD'}]},
        'expect': {'winner_seat': 0},
        'why': 'No trump in the trick. In a plain suit the ten ranks above the king (7 8 9 J Q K T A), '
               'so TH beats KH. AD is a different non-trump suit and cannot win.'},
 'D7': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 2},
        'kind': 'declaration_compare',
        'given': {'players': 2,
                  'trump': 'H',
                  'dealer': 1,
                  'hands': {'0': ['KS', 'TS', 'AS', '7D', '8D', 'JC', 'QC', '9H', '7H'],
                            '1': ['7S', '8S', '9S', 'QH', 'KH', 'TH', '8C', '9D', 'AC']},
                  'declaring': [0, 1]},
        'expect': {'combinations': {'0': [['KS', 'TS', 'AS']],
                                    '1': [['7S', '8S', '9S'], ['QH', 'KH', 'TH']]},
                   'best_seat': 0,
                   'sequence_points': {'0': 20, '1': 0}},
        'why': 'Classic uses trick-rank sequence order (plain 7 8 9 J Q K T A, trump 7 8 Q K T A 9 J). '
               'KS TS AS is a tertz topped by the ace (index 7). Seat 1 has two tertzes, the best '
               'being QH KH TH (trump, top index 4). Same type, so the higher top index wins; '
               'trumpness only breaks equal tops. Seat 0 scores its 20 (subject to taking a trick); '
               "seat 1 scores no sequences. Seat 1's QH+KH is still a bella, scored separately in "
               'play.'},
 'D8': {'game': 'deberts',
        'variant': 'app',
        'options': {'players': 2},
        'kind': 'declaration_compare',
        'given': {'players': 2,
                  'trump': 'H',
                  'dealer': 1,
                  'hands': {'0': ['KS', 'TS', 'AS', '7D', '8D', 'JC', 'QC', '9H', '7H'],
                            '1': ['7S', '8S', '9S', 'QH', 'KH', 'TH', '8C', '9D', 'AC']},
                  'declaring': [0, 1]},
        'expect': {'combinations': {'0': [], '1': [['7S', '8S', '9S']]},
                   'best_seat': 1,
                   'sequence_points': {'0': 0, '1': 20}},
        'why': 'Same hands under the app variant (natural order 7 8 9 T J Q K A). K T A is not a run, '
               'and neither is Q K T of hearts (the jack is missing). Only 7S 8S 9S remains, so seat 1 '
               'wins with 20.'},
 'D9': {'game': 'deberts',
        'variant': 'classic',
        'options': {'players': 3},
        'kind': 'declaration_compare',
        'given': {'players': 3,
                  'trump': 'D',
                  'dealer': 2,
                  'hands': {'0': ['QS', 'KS', 'TS', 'JH', 'QH', 'KH', '7C', '8C', '9C'],
                            '1': ['7S', '8S', '9S', 'JS', 'AH', 'TD', 'AD', '8H', 'KC'],
                            '2': ['9D', 'JD', 'QD', 'TC', 'AC', '7H', '9H', 'TH', 'AS']},
                  'declaring': [0, 1, 2]},
        'expect': {'combinations': {'0': [['QS', 'KS', 'TS'], ['JH', 'QH', 'KH'], ['7C', '8C', '9C']],
                                    '1': [['7S', '8S', '9S', 'JS']],
                                    '2': []},
                   'best_seat': 1,
                   'sequence_points': {'0': 0, '1': 50, '2': 0}},
        'why': 'Seat 0 has three tertzes (60 if it won). Seat 1 has one fifty, 7S 8S 9S JS (4 in plain '
               'rank order). Any fifty beats any tertz, and only the best single combination is '
               'compared. Seat 1 scores 50 and seat 0 scores nothing.'},
 'D10': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 3},
         'kind': 'declaration_compare',
         'given': {'players': 3,
                   'trump': 'C',
                   'dealer': 0,
                   'hands': {'0': ['JH', 'QH', 'KH', '7D', '9D', 'AS', 'TC', '8C', '7C'],
                             '1': ['7S', '8S', '9S', 'AH', 'TH', '8D', 'TD', 'KC', '9C'],
                             '2': ['JD', 'QD', 'KD', 'AD', '7H', '9H', 'TS', 'QC', 'AC']},
                   'declaring': [0, 1, 2]},
         'expect': {'declaration_order': [1, 2, 0],
                    'combinations': {'0': [['JH', 'QH', 'KH']],
                                     '1': [['7S', '8S', '9S']],
                                     '2': [['JD', 'QD', 'KD']]},
                    'best_seat': 2,
                    'sequence_points': {'0': 0, '1': 0, '2': 20}},
         'why': 'Seats 0 (JH QH KH) and 2 (JD QD KD) tie on type (tertz), top (king, index 5) and '
                'trumpness (neither is trump). Declaration order starts left of the dealer: 1, 2, 0. '
                'Seat 2 declared earlier, so it wins (declaration_tie = first_in_order). AD does not '
                "extend seat 2's run because the ten (index 6) is missing."},
 'D11': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 2},
         'kind': 'deal_score',
         'given': {'players': 2,
                   'trump': 'H',
                   'maker': 0,
                   'hands_at_start_of_play': {'0': ['JH',
                                                    '9H',
                                                    'AH',
                                                    'TH',
                                                    'KS',
                                                    'AS',
                                                    'QD',
                                                    '8C',
                                                    '7H'],
                                              '1': ['TS',
                                                    '9S',
                                                    'KD',
                                                    'AC',
                                                    'TC',
                                                    'QC',
                                                    '7D',
                                                    '8D',
                                                    'JS']},
                   'tricks_won': {'0': 6, '1': 3},
                   'won_cards': {'0': ['JH',
                                       '9H',
                                       'AH',
                                       'TH',
                                       'KS',
                                       'AS',
                                       'TS',
                                       '7H',
                                       '8C',
                                       'QD',
                                       'KD',
                                       '9S'],
                                 '1': ['AC', 'TC', 'QC', '7D', '8D', 'JS']},
                   'last_trick': 1,
                   'sequence_winner': 0,
                   'declared_sequences': {'0': [['TH', 'AH', '9H', 'JH']], '1': []},
                   'bella': None,
                   'pot_in': 0},
         'expect': {'card_points': {'0': 87, '1': 26},
                    'deal_totals': {'0': 137, '1': 36},
                    'result': 'made',
                    'deal_scores': {'0': 137, '1': 36},
                    'pot_out': 0},
         'why': "Seat 0's pile: JH20+9H14+AH11+TH10+KS4+AS11+TS10+QD3+KD4 = 87. Seat 1's: "
                'AC11+TC10+QC3+JS2 = 26. Only 18 cards are in play with 2 players, so the deal is '
                'worth 113+10, not 162. The trump run TH AH 9H JH is a fifty in classic rank order; it '
                'wins the comparison and seat 0 took tricks, so +50. Seat 1 took the last trick, +10. '
                '137 > 36, so the contract is made and each seat scores its own total.'},
 'D12': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 2},
         'kind': 'deal_score',
         'given': {'players': 2,
                   'trump': 'S',
                   'maker': 1,
                   'tricks_won': {'0': 5, '1': 4},
                   'card_points': {'0': 60, '1': 58},
                   'last_trick': 0,
                   'sequence_winner': 1,
                   'sequence_points_if_eligible': {'1': 20},
                   'bella': 0,
                   'pot_in': 0},
         'expect': {'deal_totals': {'0': 90, '1': 78},
                    'result': 'bide',
                    'deal_scores': {'0': 168, '1': 0},
                    'pot_out': 0},
         'why': 'Maker (seat 1): 58 cards + 20 tertz = 78. Defender (seat 0): 60 + 10 last trick + 20 '
                'bella = 90. 78 < 90 is a bide: the maker scores 0 and the defender scores its own 90 '
                "plus the maker's 78."},
 'D13': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 2},
         'kind': 'deal_score',
         'given': {'players': 2,
                   'trump': 'D',
                   'maker': 0,
                   'tricks_won': {'0': 5, '1': 4},
                   'card_points': {'0': 61, '1': 51},
                   'last_trick': 0,
                   'sequence_winner': None,
                   'bella': 1,
                   'pot_in': 0},
         'expect': {'deal_totals': {'0': 71, '1': 71},
                    'result': 'hanging',
                    'deal_scores': {'0': 0, '1': 71},
                    'pot_out': 71},
         'why': 'Maker 61+10 = 71. Defender 51 + bella 20 = 71. Equal totals give a hanging bide: the '
                "defender scores its own 71 at once, the maker scores nothing now, and the maker's 71 "
                'waits in the pot for the winner of the next played deal.'},
 'D14': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 2},
         'kind': 'deal_score',
         'given': {'players': 2,
                   'trump': 'C',
                   'maker': 1,
                   'tricks_won': {'0': 2, '1': 7},
                   'card_points': {'0': 30, '1': 80},
                   'last_trick': 1,
                   'sequence_winner': None,
                   'bella': None,
                   'pot_in': 71},
         'expect': {'deal_totals': {'0': 30, '1': 90},
                    'result': 'made',
                    'deal_scores': {'0': 30, '1': 161},
                    'pot_out': 0},
         'why': 'The next deal after the hanging one: the new maker (seat 1) makes 90 > 30, wins this '
                'deal and collects the 71-point pot, 90+71 = 161. It does not matter that seat 1 was '
                'the defender when the pot was created.'},
 'D15': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 3},
         'kind': 'deal_score',
         'given': {'players': 3,
                   'trump': 'H',
                   'maker': 2,
                   'tricks_won': {'0': 3, '1': 3, '2': 3},
                   'deal_totals': {'0': 40, '1': 35, '2': 61},
                   'pot_in': 0},
         'expect': {'defenders_combined': 75,
                    'result': 'bide',
                    'split': {'0': 31, '1': 30},
                    'deal_scores': {'0': 71, '1': 65, '2': 0},
                    'pot_out': 0},
         'why': 'Classic 3-player: the maker must beat the two defenders combined. 61 < 40+35 = 75, so '
                'it is a bide. The 61 is split: floor(61/2) = 30 each, and the 1 left over goes to the '
                "first defender clockwise from the maker's left (seat 0). Seat 0: 40+31 = 71, seat 1: "
                '35+30 = 65, maker 0. Nothing is lost: 71+65 = 40+35+61.'},
 'D16': {'game': 'deberts',
         'variant': 'app',
         'options': {'players': 3},
         'kind': 'deal_score',
         'given': {'players': 3,
                   'trump': 'H',
                   'maker': 2,
                   'tricks_won': {'0': 3, '1': 3, '2': 3},
                   'deal_totals': {'0': 40, '1': 35, '2': 61},
                   'pot_in': 0},
         'expect': {'result': 'made',
                    'deal_scores': {'0': 40, '1': 35, '2': 61},
                    'bide_count_after': {'2': 0},
                    'pot_out': None},
         'why': 'Same totals under app scoring: the maker only has to beat each opponent on its own '
                '(61 > 40 and 61 > 35), so the contract is made and everyone scores its own total. '
                'Compare the previous example (classic: bide).'},
 'D17': {'game': 'deberts',
         'variant': 'classic',
         'options': {'players': 2},
         'kind': 'deal_score',
         'given': {'players': 2,
                   'trump': 'S',
                   'maker': 0,
                   'tricks_won': {'0': 9, '1': 0},
                   'card_points': {'0': 95, '1': 0},
                   'last_trick': 0,
                   'declared': {'0': [['7H', '8H', '9H']], '1': [['9D', 'JD', 'QD']]},
                   'sequence_winner': 1,
                   'bella': 1,
                   'pot_in': 0},
         'expect': {'deal_totals': {'0': 105, '1': 20},
                    'result': 'made',
                    'deal_scores': {'0': 105, '1': 20},
                    'pot_out': 0},
         'why': 'Seat 1 won the sequence comparison (9D JD QD is a tertz topped by the queen, index 4, '
                "against seat 0's 7H 8H 9H topped by the nine, index 2) but took no trick, so its "
                "tertz scores 0. Seat 0's beaten tertz also scores 0. Seat 1's bella (KS+QS) still "
                'counts 20 without any trick. There is no ski penalty in classic. Maker 95+10 = 105 > '
                '20, made.'}}


# ------------------------------------------------------------------ helpers

def act(obj: dict[str, Any]) -> core.Action:
    """An action from its JSON form."""
    return core.action_from_json(obj)


def bid(call: str) -> core.Action:
    return core.Action("bid", call=call)


def play(card: str, call: str | None = None) -> core.Action:
    return core.Action("play", card=card, call=call)


DONE = core.Action("done")
KEEP = core.Action("keep")
EXCHANGE = core.Action("exchange")


def build_deck(players: int, dealer: int, hands: dict[int, Sequence[str]], turnup: str,
               bottom: str | None = None) -> list[str]:
    """The deck that deals ``hands`` (final hands: 9 cards, or 8 with four players, where the
    turn-up taker's hand includes ``turnup``).  ``bottom`` is the bottom card of the stock."""
    order = [(dealer + k) % players for k in range(1, players + 1)]
    rest = {s: [c for c in hands[s] if c != turnup] for s in order}
    deck: list[str] = []
    for r in range(2):
        for s in order:
            deck += rest[s][3 * r: 3 * r + 3]
    deck.append(turnup)
    for s in order:
        deck += rest[s][6:]
    used = set(deck)
    deck += [c for c in ALL if c not in used and c != bottom]
    if bottom is not None:
        deck.append(bottom)
    assert sorted(deck) == sorted(ALL)
    return deck


def dealt(players: int, dealer: int, hands: dict[int, Sequence[str]], turnup: str,
          options: dict[str, Any] | None = None, bottom: str | None = None) -> core.State:
    """A new match whose first deal gives ``hands`` once the hands are completed."""
    s = core.new_match("deberts", players=players, options=options or {}, first_dealer=dealer)
    s.apply(core.Action("deal", deck=tuple(build_deck(players, dealer, hands, turnup, bottom))))
    return s


def name_trump(s: core.State, maker: int, suit: str) -> None:
    """Everybody passes round 1; in round 2 ``maker`` names ``suit`` (earlier speakers pass)."""
    for _ in range(s.players):
        s.apply(bid("pass"))
    while s.current_player != maker:
        s.apply(bid("pass"))
    s.apply(bid(suit))


def accept(s: core.State, maker: int) -> None:
    """Round 1: the seats before ``maker`` pass, ``maker`` accepts the turn-up."""
    while s.current_player != maker:
        s.apply(bid("pass"))
    s.apply(bid("play"))


def declare_all(s: core.State, declaring: Sequence[int] | None = None) -> list[int]:
    """Finish the declaring phase: seats in ``declaring`` (default: all) declare if they hold a
    combination, the others pass.  Returns the seats that declared, in order."""
    declared: list[int] = []
    while s.view(None)["phase"] == "declaring":
        cp = s.current_player
        assert cp is not None
        decl = [a for a in s.legal_actions() if a.type == "declare"]
        if decl and (declaring is None or cp in declaring):
            declared.append(cp)
            s.apply(decl[0])
        else:
            s.apply(DONE)
    return declared


def skip_to_play(s: core.State) -> None:
    """Keep the seven (if asked) and pass in the declaring phase."""
    while s.view(None)["phase"] in ("exchange", "declaring"):
        s.apply(KEEP if s.view(None)["phase"] == "exchange" else DONE)


def position(*, players: int, trump: str, hands: dict[int, Sequence[str]], to_play: int,
             trick: Sequence[tuple[int, str]] = (), maker: int | None = None, dealer: int = 0,
             options: dict[str, Any] | None = None, won: dict[int, Sequence[str]] | None = None,
             tricks_won: Sequence[int] | None = None, scores: Sequence[int] | None = None) -> core.State:
    """A play-phase state built with ``from_view``: ``hands`` for some seats (the others get
    spare cards of the right size), the current ``trick`` and the won piles."""
    opts = Deberts.resolve_options(players, options or {})
    base = core.new_match("deberts", players=players, options=opts, first_dealer=dealer)
    v = base.view(None)
    won = won or {}
    used = {c for h in hands.values() for c in h} | {c for _, c in trick} | {c for w in won.values() for c in w}
    spare = [c for c in ALL if c not in used]
    size = len(hands[to_play])
    played = {s for s, _ in trick}
    full: dict[int, list[str]] = {}
    for s in range(players):
        if s in hands:
            full[s] = list(hands[s])
        else:
            k = size - 1 if s in played else size
            full[s], spare = spare[:k], spare[k:]
    mk = to_play if maker is None else maker
    v.update({
        "deal_number": 1, "phase": "play", "current_player": to_play, "trump": trump,
        "contract": {"maker": mk, "trump": trump, "source": "named", "side": 0},
        "known": [[] for _ in range(players)], "hands": [None] * players, "turn_up": None,
        "turn_up_taker": None, "bottom_card": None, "bids": [], "bid_round": None, "exchange": None,
        "exchange_pending": [], "declarations": [], "sequence_winner": None, "sequence_points": 0,
        "shown": [[] for _ in range(players)], "deberts": None,
        "trick": [{"seat": s, "card": c} for s, c in trick],
        "leader": trick[0][0] if trick else to_play,
        "tricks_won": list(tricks_won) if tricks_won is not None else [0] * players,
        "won": [list(won.get(s, [])) for s in range(players)], "last_trick": None, "bellas": [],
        "card_total": 0,
    })
    if scores is not None:
        v["scores"] = list(scores)
    fill: dict[str, list[str]] = {f"hand{s}": full[s] for s in range(players)}
    return Deberts.from_view(v, fill)


def hand_of(s: core.State, seat: int) -> set[str]:
    hand = s.view(seat)["hands"][seat]
    assert hand is not None
    return set(hand)


def opts_of(ex: dict[str, Any]) -> dict[str, Any]:
    return {"variant": ex["variant"], **ex["options"]}


def legal_cards(s: core.State) -> list[str]:
    return [a.card for a in s.legal_actions() if a.type == "play" and a.call is None and a.card]


# ---------------------------------------------------------------- options

SPEC_OPTIONS = {  # id: (values, classic default, app default) from the Options table
    "variant": (("classic", "app"), "classic", "app"),
    "four_player_mode": (("partnership", "individual"), "partnership", "partnership"),
    "card_values": (("deberts", "tertz"), "deberts", "deberts"),
    "sequence_order": (("rank", "natural"), "rank", "natural"),
    "first_lead": (("maker", "left_of_dealer"), "maker", "left_of_dealer"),
    "seven_exchange": (("any_player", "maker_only", "off"), "any_player", "any_player"),
    "show_bottom_card": ((True, False), True, True),
    "four_player_turnup_to": (("maker", "dealer"), "maker", "maker"),
    "dealer_must_name": ((False, True), False, False),
    "declaration_tie": (("first_in_order", "nobody"), "first_in_order", "first_in_order"),
    "sequence_needs_trick": ((True, False), True, True),
    "bella_requires_trick": ((False, True), False, False),
    "mandatory_overtrump": ((False, True), False, False),
    "next_dealer": (("rotate", "top_scorer"), "rotate", "rotate"),
    "contract_scoring": (("classic", "app"), "classic", "app"),
    "split_rounding": (("conserve", "half_up"), "conserve", "conserve"),
    "hanging_pots": (("merge", "queue"), "merge", "merge"),
    "bide_penalty": (("none", "minus100_from_third"), "none", "minus100_from_third"),
    "ski_penalty": ((0, 50), 0, 50),
    "deberts_instant_win": ((False, True), False, True),
}


def test_options_table_and_variant_defaults() -> None:
    specs = {o.id: o for o in Deberts.OPTIONS}
    assert set(specs) == {*SPEC_OPTIONS, "players", "target_score"}
    for oid, (values, classic, app) in SPEC_OPTIONS.items():
        assert set(specs[oid].values or ()) == set(values), oid
        assert specs[oid].help
        for players in (2, 3, 4):
            assert Deberts.resolve_options(players, {})[oid] == classic, oid
            assert Deberts.resolve_options(players, {"variant": "app"})[oid] == app, oid
    assert set(specs["target_score"].values or ()) == {301, 501, 1001}
    assert [Deberts.resolve_options(p, {})["target_score"] for p in (2, 3, 4)] == [301, 501, 501]
    assert [Deberts.resolve_options(p, {"variant": "app"})["target_score"] for p in (2, 3, 4)] == [501] * 3
    assert Deberts.resolve_options(3, {})["players"] == 3


def test_explicit_options_override_variant_defaults() -> None:
    o = Deberts.resolve_options(2, {"variant": "app", "ski_penalty": 0, "sequence_order": "rank",
                                    "target_score": 1001})
    assert (o["ski_penalty"], o["sequence_order"], o["target_score"]) == (0, "rank", 1001)
    assert o["contract_scoring"] == "app" and o["deberts_instant_win"] is True
    o = Deberts.resolve_options(4, {"contract_scoring": "app", "variant": "classic"})
    assert o["contract_scoring"] == "app" and o["bide_penalty"] == "none"
    s = core.new_match("deberts", players=3, options={"variant": "app", "show_bottom_card": "false"})
    assert s.options["show_bottom_card"] is False and s.options["first_lead"] == "left_of_dealer"


def test_players_option_must_agree() -> None:
    core.new_match("deberts", players=4, options={"players": 4})
    with pytest.raises(core.OptionError, match="players"):
        core.new_match("deberts", players=3, options={"players": 2})
    with pytest.raises(core.OptionError, match="2, 3, 4"):
        core.new_match("deberts", players=5)
    with pytest.raises(core.OptionError, match="target_score"):
        core.new_match("deberts", players=2, options={"target_score": 400})


def test_sides() -> None:
    assert core.new_match("deberts", players=4).sides == [[0, 2], [1, 3]]
    assert core.new_match("deberts", players=4, options={"four_player_mode": "individual"}).sides == [
        [0], [1], [2], [3]]
    assert core.new_match("deberts", players=3).sides == [[0], [1], [2]]


# ------------------------------------------------------ worked examples: play

@pytest.mark.parametrize("name", ["D1", "D2", "D3"])
def test_legal_moves_examples(name: str) -> None:
    ex = EXAMPLES[name]
    g = ex["given"]
    opts = opts_of(ex)
    hand = g["hand"]
    trick = [(t["seat"], t["card"]) for t in g["trick"]]
    want = ex["expect"]["legal"]
    mask = db.legal_mask(strs_to_mask(hand), [card_id(c) for _, c in trick], SUITS.index(g["trump"]),
                         bool(opts.get("mandatory_overtrump", False)))
    assert [c for c in hand if mask >> card_id(c) & 1] == want
    s = position(players=g["players"], trump=g["trump"], hands={g["to_play"]: hand}, to_play=g["to_play"],
                 trick=trick, options=opts)
    assert sorted(legal_cards(s)) == sorted(want)
    before = s.view(None)
    for c in hand:
        if c not in want:
            with pytest.raises(core.IllegalAction, match="must"):
                s.apply(play(c))
            assert s.view(None) == before
    s.apply(play(want[0]))
    assert s.view(None)["last_trick"]["cards"] == [c for _, c in trick] + [want[0]]


def test_illegal_play_messages() -> None:
    d1 = EXAMPLES["D1"]["given"]
    s = position(players=3, trump="H", hands={0: d1["hand"]}, to_play=0,
                 trick=[(1, "KH"), (2, "9H")])
    with pytest.raises(core.IllegalAction, match="must beat the led king of hearts"):
        s.apply(play("8H"))
    with pytest.raises(core.IllegalAction, match="must follow hearts"):
        s.apply(play("7S"))
    with pytest.raises(core.IllegalAction, match="do not hold"):
        s.apply(play("JC"))
    d3 = EXAMPLES["D3"]["given"]
    s = position(players=3, trump="S", hands={2: d3["hand"]}, to_play=2, trick=[(0, "AD"), (1, "QS")])
    with pytest.raises(core.IllegalAction, match="must trump"):
        s.apply(play("KC"))
    with pytest.raises(core.IllegalAction, match="announcement"):
        s.apply(play("JS", "belote"))
    with pytest.raises(core.IllegalAction, match="bella"):
        s.apply(play("JS", "bella"))
    with pytest.raises(core.IllegalAction, match="play a card"):
        s.apply(bid("pass"))
    with pytest.raises(core.IllegalAction, match="not time to deal"):
        s.apply(s.sample_chance(random.Random(1)))


def test_mandatory_overtrump_when_trumping() -> None:
    hands = {2: ["8S", "JS", "KC", "9C"]}
    plain = position(players=3, trump="S", hands=hands, to_play=2, trick=[(0, "AD"), (1, "9S")])
    assert sorted(legal_cards(plain)) == ["8S", "JS"]
    forced = position(players=3, trump="S", hands=hands, to_play=2, trick=[(0, "AD"), (1, "9S")],
                      options={"mandatory_overtrump": True})
    assert legal_cards(forced) == ["JS"]
    with pytest.raises(core.IllegalAction, match="must overtrump the nine of spades"):
        forced.apply(play("8S"))
    # unable to overtrump: must still trump
    weak = position(players=3, trump="S", hands={2: ["8S", "7S", "KC"]}, to_play=2,
                    trick=[(0, "AD"), (1, "9S")], options={"mandatory_overtrump": True})
    assert sorted(legal_cards(weak)) == ["7S", "8S"]


def test_no_partner_exemption() -> None:
    # seat 2's partner (seat 0) is winning with the jack of trumps led; seat 2 must still beat the led card
    s = position(players=4, trump="H", hands={2: ["9H", "7H", "AC"]}, to_play=2, trick=[(0, "8H"), (1, "QH")])
    assert legal_cards(s) == ["9H"]
    s = position(players=4, trump="H", hands={2: ["7H", "AC"]}, to_play=2, trick=[(0, "AS"), (1, "7S")])
    assert legal_cards(s) == ["7H"]


def test_exchange_example_d4() -> None:
    ex = EXAMPLES["D4"]
    g = ex["given"]
    hand1 = g["hand"]
    others = [c for c in ALL if c not in hand1 and c != g["turn_up"]]
    hand0 = [c for c in others if c[1] in "SC"][:9]
    s = dealt(2, 0, {1: hand1, 0: hand0}, g["turn_up"], options=opts_of(ex))
    accept(s, 1)
    v = s.view(1)
    assert v["phase"] == "exchange" and v["contract"]["source"] == "turn_up" and v["trump"] == g["trump"]
    assert s.current_player == g["seat"]
    assert (EXCHANGE in s.legal_actions()) is ex["expect"]["exchange_allowed"]
    s.apply(EXCHANGE)
    v = s.view(None)
    assert v["phase"] != "exchange"  # once: seat 0, still to answer, is not asked any more
    assert hand_of(s, 1) == set(ex["expect"]["hand_after_exchange"])
    assert v["turn_up"] == ex["expect"]["turn_up_after"]
    assert v["known"][1] == [g["turn_up"]] and v["turn_up_taker"] == 1
    assert v["exchange"] == {"seat": 1, "took": "KH", "gave": "7H"}
    skip_to_play(s)
    assert s.current_player == 1  # the maker leads trick 1 (classic)
    bellas = sorted(a.card for a in s.legal_actions() if a.call == "bella")
    assert (bellas == ["KH", "QH"]) is ex["expect"]["bella_possible_after"]
    s.apply(play("QH", "bella"))
    assert "KH" in s.view(0)["known"][1]


def test_exchange_asks_every_seat_and_keep_reveals_nothing() -> None:
    hand1 = ["8S", "9S", "JS", "7D", "8D", "9D", "7C", "8C", "9C"]  # no seven of hearts
    hand0 = ["7H", "QS", "KS", "AS", "QD", "KD", "QC", "KC", "AC"]
    s = dealt(2, 0, {1: hand1, 0: hand0}, "AH")
    accept(s, 1)
    assert s.view(None)["exchange_pending"] == [1, 0]
    assert s.legal_actions() == [KEEP]
    with pytest.raises(core.IllegalAction, match="only the holder"):
        s.apply(EXCHANGE)
    s.apply(KEEP)
    assert s.current_player == 0 and s.legal_actions() == [EXCHANGE, KEEP]
    with pytest.raises(core.IllegalAction, match="without a card"):
        s.apply(core.Action("exchange", card="7H"))
    s.apply(KEEP)
    assert s.view(None)["phase"] in ("declaring", "play")
    assert s.view(None)["turn_up"] == "AH"


def test_exchange_options() -> None:
    hand1 = ["7H", "9S", "JS", "7D", "8D", "TD", "7C", "8C", "TC"]
    hand0 = ["8H", "QS", "KS", "AS", "QD", "KD", "QC", "KC", "AC"]
    s = dealt(2, 0, {1: hand1, 0: hand0}, "AH", options={"seven_exchange": "maker_only"})
    accept(s, 0)  # seat 0 is maker, seat 1 holds the seven
    assert s.view(None)["exchange_pending"] == [0] and s.legal_actions() == [KEEP]
    s = dealt(2, 0, {1: hand1, 0: hand0}, "AH", options={"seven_exchange": "off"})
    accept(s, 1)
    assert s.view(None)["phase"] != "exchange"
    s = dealt(2, 0, {1: hand1, 0: hand0}, "AH")
    name_trump(s, 1, "S")  # named trumps: no exchange
    assert s.view(None)["phase"] != "exchange"
    # the seven of trumps shown as the bottom card: nobody can hold it, nobody is asked
    s = dealt(2, 0, {1: [c for c in hand1 if c != "7H"] + ["9H"], 0: hand0}, "AH", bottom="7H")
    accept(s, 1)
    assert s.view(None)["bottom_card"] == "7H" and s.view(None)["phase"] != "exchange"


@pytest.mark.parametrize("name", ["D5", "D6"])
def test_trick_winner_examples(name: str) -> None:
    ex = EXAMPLES[name]
    g = ex["given"]
    trick = [(t["seat"], t["card"]) for t in g["trick"]]
    assert trick[db.trick_winner_index([card_id(c) for _, c in trick], SUITS.index(g["trump"]))][0] == \
        ex["expect"]["winner_seat"]
    last_seat, last_card = trick[-1]
    s = position(players=g["players"], trump=g["trump"], hands={last_seat: [last_card]}, to_play=last_seat,
                 trick=trick[:-1], options=opts_of(ex))
    s.apply(play(last_card))
    assert s.view(None)["last_trick"]["winner"] == ex["expect"]["winner_seat"]
    assert s.view(None)["last_trick"]["cards"] == [c for _, c in trick]


# ------------------------------------------------ worked examples: declarations

def unused_card(hands: dict[str, list[str]], not_suit: str) -> str:
    used = {c for h in hands.values() for c in h}
    return next(c for c in ALL if c not in used and c[1] != not_suit)


@pytest.mark.parametrize("name", ["D7", "D8", "D9", "D10"])
def test_declaration_compare_examples(name: str) -> None:
    ex = EXAMPLES[name]
    g = ex["given"]
    want = ex["expect"]
    players = g["players"]
    hands = {int(k): v for k, v in g["hands"].items()}
    trump = g["trump"]
    maker = (g["dealer"] + 1) % players
    s = dealt(players, g["dealer"], hands, unused_card(g["hands"], trump), options=opts_of(ex))
    name_trump(s, maker, trump)
    assert s.view(None)["phase"] == "declaring"
    for seat in range(players):
        assert hand_of(s, seat) == set(hands[seat])
    # the combinations of each hand (the pure function the engine calls)
    natural = Deberts.resolve_options(players, opts_of(ex))["sequence_order"] == "natural"
    for seat, combos in want["combinations"].items():
        got = db.hand_combos(strs_to_mask(hands[int(seat)]), SUITS.index(trump), natural, False)
        assert sorted(sorted(core.card_str(c) for c in _ids(x.mask)) for x in got) == \
            sorted(sorted(c) for c in combos)
    asked = declare_all(s, g["declaring"])
    if "declaration_order" in want:
        assert asked == [p for p in want["declaration_order"] if want["combinations"][str(p)]]
    v = s.view(None)
    assert v["sequence_winner"] == want["best_seat"]
    points = {str(p): 0 for p in range(players)}
    points[str(want["best_seat"])] = v["sequence_points"]
    assert points == want["sequence_points"]
    winner_combos = want["combinations"][str(want["best_seat"])]
    assert sorted(map(sorted, v["shown"][want["best_seat"]])) == sorted(map(sorted, winner_combos))
    for seat in g["declaring"]:
        combos = want["combinations"][str(seat)]
        if combos:
            assert any(d["seat"] == seat and d["call"] in ("tertz", "fifty") for d in v["declarations"])


def _ids(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def test_declare_action_form_and_errors() -> None:
    hands = EXAMPLES["D9"]["given"]["hands"]
    s = dealt(3, 2, {int(k): v for k, v in hands.items()}, unused_card(hands, "D"))
    name_trump(s, 0, "D")
    assert s.current_player == 0
    legal = s.legal_actions()
    decl = legal[0]
    assert decl.type == "declare" and decl.call == "tertz" and legal[1] == DONE
    assert set(decl.cards or ()) == {"QS", "KS", "TS", "JH", "QH", "KH", "7C", "8C", "9C"}
    with pytest.raises(core.IllegalAction, match="all your combinations"):
        s.apply(core.Action("declare", cards=("QS", "KS", "TS"), call="tertz"))
    with pytest.raises(core.IllegalAction, match="tertz"):
        s.apply(core.Action("declare", cards=decl.cards, call="fifty"))
    with pytest.raises(core.IllegalAction, match="order"):
        s.apply(core.Action("declare", cards=tuple(reversed(decl.cards or ())), call="tertz"))
    s.apply(decl)
    v = s.view(2)
    # the announcement: kind and top card of the best combination; its cards become known
    # best of three tertzes: Q K T of spades, top index 6 (plain order 7 8 9 J Q K T A)
    assert v["declarations"] == [{"seat": 0, "call": "tertz", "top": "TS"}]
    assert set(v["known"][0]) == {"QS", "KS", "TS"}
    assert "TS" not in v["unseen"] and "KH" in v["unseen"]


def test_declaration_tie_nobody() -> None:
    ex = EXAMPLES["D10"]
    g = ex["given"]
    hands = {int(k): v for k, v in g["hands"].items()}
    s = dealt(3, 0, hands, unused_card(g["hands"], "C"), options={"declaration_tie": "nobody"})
    name_trump(s, 1, "C")
    declare_all(s)
    assert s.view(None)["sequence_winner"] is None and s.view(None)["sequence_points"] == 0
    # partners tying is harmless: the earlier one wins for the side
    assert db.sequence_winner([(1, 10), (3, 10)], [0, 1, 0, 1], True) == 1
    assert db.sequence_winner([(1, 10), (2, 10)], [0, 1, 0, 1], True) == -1
    assert db.sequence_winner([(1, 10), (2, 10)], [0, 1, 0, 1], False) == 1


def test_passing_declarer_cannot_score() -> None:
    ex = EXAMPLES["D9"]
    hands = {int(k): v for k, v in ex["given"]["hands"].items()}
    s = dealt(3, 2, hands, unused_card(ex["given"]["hands"], "D"))
    name_trump(s, 0, "D")
    declare_all(s, declaring=[0])  # seat 1 (the fifty) passes
    v = s.view(None)
    assert v["sequence_winner"] == 0 and v["sequence_points"] == 60
    assert {"seat": 1, "call": "pass"} in v["declarations"]


def test_partnership_sequences_add_up() -> None:
    hands = {
        0: ["7S", "8S", "9S", "JS", "AH", "7D", "KD", "TH"],  # fifty 7 8 9 J of spades (+ the turn-up TH)
        1: ["QS", "KS", "TS", "JH", "QH", "8D", "9D", "JC"],  # tertz Q K T of spades
        2: ["7H", "8H", "9H", "AD", "TD", "8C", "AC", "7C"],  # tertz 7 8 9 of hearts
        3: ["AS", "KH", "JD", "QD", "9C", "TC", "QC", "KC"],  # trump tertz Q K T of clubs
    }
    s = dealt(4, 3, hands, "TH")
    name_trump(s, 0, "C")
    v = s.view(1)
    assert v["hand_sizes"] == [8, 8, 8, 8] and v["known"][0] == ["TH"] and v["turn_up"] is None
    assert v["turn_up_taker"] == 0 and "TH" not in v["unseen"]
    assert all(hand_of(s, p) == set(hands[p]) for p in range(4))
    assert declare_all(s) == [0, 1, 2, 3]
    v = s.view(None)
    assert v["sequence_winner"] == 0 and v["sequence_points"] == 70
    assert v["shown"][0] == [["7S", "8S", "9S", "JS"]] and v["shown"][2] == [["7H", "8H", "9H"]]
    assert v["shown"][1] == [] and v["shown"][3] == []
    assert {"JS", "7H"} <= set(v["known"][0]) | set(v["known"][2])


def test_four_player_turnup_to_dealer() -> None:
    hands = {
        0: ["7S", "8S", "9S", "JS", "AH", "7D", "KD", "QH"],
        1: ["QS", "KS", "TS", "JH", "TH", "8D", "9D", "JC"],
        2: ["7H", "8H", "9H", "AD", "TD", "8C", "AC", "7C"],
        3: ["AS", "KH", "JD", "QD", "9C", "TC", "QC", "KC"],
    }
    s = dealt(4, 3, hands, "KC", options={"four_player_turnup_to": "dealer"})
    accept(s, 1)
    v = s.view(None)
    assert v["turn_up_taker"] == 3 and v["known"][3] == ["KC"] and v["trump"] == "C"
    assert v["phase"] in ("declaring", "play") and v["stock_size"] == 0


# ------------------------------------------------------ worked examples: scoring

def find_points_line(hands: dict[int, Sequence[str]], trump: str, leader: int, points1: int,
                     last_winner: int) -> list[str]:
    """Cards, in play order, of a legal 2-player line after which seat 1 holds ``points1`` card
    points and ``last_winner`` takes the last trick (a memoized search on the pure rules)."""
    t = SUITS.index(trump)
    vals = db.VALUES["deberts"][t]
    failed: set[tuple[int, int, int, int]] = set()

    def rec(h0: int, h1: int, lead: int, p1: int) -> list[str] | None:
        if p1 > points1 or (h0, h1, lead, p1) in failed:
            return None
        if not h0:
            return [] if p1 == points1 and lead == last_winner else None
        hs = [h0, h1]
        for a in _ids(hs[lead]):
            for b in _ids(db.legal_mask(hs[1 - lead], [a], t, False)):
                win = lead if db.trick_winner_index([a, b], t) == 0 else 1 - lead
                nh = list(hs)
                nh[lead] ^= 1 << a
                nh[1 - lead] ^= 1 << b
                rest = rec(nh[0], nh[1], win, p1 + (vals[a] + vals[b] if win == 1 else 0))
                if rest is not None:
                    return [core.card_str(a), core.card_str(b), *rest]
        failed.add((h0, h1, lead, p1))
        return None

    line = rec(strs_to_mask(hands[0]), strs_to_mask(hands[1]), leader, 0)
    assert line is not None, "no legal line gives these points"
    return line


def test_deal_score_example_d11() -> None:
    ex = EXAMPLES["D11"]
    g = ex["given"]
    want = ex["expect"]
    trump = SUITS.index(g["trump"])
    # the example's piles, counted
    piles = {int(k): v for k, v in g["won_cards"].items()}
    counted = [sum(db.VALUES["deberts"][trump][card_id(c)] for c in piles[p]) for p in (0, 1)]
    assert counted == [want["card_points"]["0"], want["card_points"]["1"]]
    # through the engine: the example's piles cannot come from legal play (seat 1's pile holds none of
    # seat 0's cards although every trick holds one card of each), so a legal line reaching the same card
    # points and last trick is played instead (seat 1 then takes 2 tricks, not 3).
    hands = {int(k): v for k, v in g["hands_at_start_of_play"].items()}
    s = dealt(2, 1, hands, "7S", options=opts_of(ex))
    name_trump(s, g["maker"], g["trump"])
    assert declare_all(s) == [0]  # seat 1 holds no combination and is skipped
    v = s.view(None)
    assert v["sequence_winner"] == g["sequence_winner"] and v["sequence_points"] == 50
    assert v["shown"][0] == [sorted(g["declared_sequences"]["0"][0], key=card_id)]
    assert all(hand_of(s, p) == set(hands[p]) for p in (0, 1))
    for card in find_points_line(hands, g["trump"], 0, want["card_points"]["1"], g["last_trick"]):
        s.apply(play(card))
    r = s.deal_results[-1]
    assert r["last_trick"] == g["last_trick"]
    # card_points in the result include the last trick (engine contract); the example's do not
    assert [r["card_points"][0], r["card_points"][1] - 10] == [want["card_points"]["0"], want["card_points"]["1"]]
    assert r["card_total"] == 113 + 10
    assert r["declarations"] == [50, 0]
    assert r["deal_totals"] == [want["deal_totals"]["0"], want["deal_totals"]["1"]]
    assert r["outcome"] == want["result"]
    assert r["deal_scores"] == [want["deal_scores"]["0"], want["deal_scores"]["1"]]
    assert r["pot_out"] == [] and s.scores == r["deal_scores"]


def totals_of(g: dict[str, Any]) -> list[int]:
    """T(u) of a 2-player example from its card points, last trick, sequences and bella."""
    t = [g["card_points"]["0"], g["card_points"]["1"]]
    t[g["last_trick"]] += 10
    if g.get("sequence_winner") is not None:
        t[g["sequence_winner"]] += g.get("sequence_points_if_eligible", {}).get(str(g["sequence_winner"]), 0)
    if g.get("bella") is not None:
        t[g["bella"]] += 20
    return t


def pots_in(g: dict[str, Any]) -> list[int]:
    return [g["pot_in"]] if g["pot_in"] else []


@pytest.mark.parametrize("name", ["D12", "D13", "D14"])
def test_two_player_score_examples(name: str) -> None:
    ex = EXAMPLES[name]
    g = ex["given"]
    want = ex["expect"]
    totals = totals_of(g)
    assert totals == [want["deal_totals"]["0"], want["deal_totals"]["1"]]
    tricks = [g["tricks_won"]["0"], g["tricks_won"]["1"]]
    st = db.settle(totals, tricks, g["maker"], [0, 1], app=False, pots=pots_in(g))
    assert {"hanging": "hanging"}.get(st.outcome, st.outcome) == want["result"]
    assert st.deal_scores == [want["deal_scores"]["0"], want["deal_scores"]["1"]]
    assert sum(st.pots) == want["pot_out"]


def test_hanging_then_won_chain_d13_d14() -> None:
    d13, d14 = EXAMPLES["D13"], EXAMPLES["D14"]
    first = db.settle(totals_of(d13["given"]), [5, 4], 0, [0, 1], app=False)
    assert first.outcome == "hanging" and first.pots == [71]
    second = db.settle(totals_of(d14["given"]), [2, 7], 1, [0, 1], app=False, pots=first.pots)
    assert second.outcome == "made" and second.deal_scores == [30, 161] and second.pots == []
    assert second.pot_awarded == [0, 71]


def test_three_player_examples_d15_d16() -> None:
    for name, app in (("D15", False), ("D16", True)):
        ex = EXAMPLES[name]
        g = ex["given"]
        want = ex["expect"]
        totals = [g["deal_totals"][str(p)] for p in range(3)]
        tricks = [g["tricks_won"][str(p)] for p in range(3)]
        opts = Deberts.resolve_options(3, opts_of(ex))
        assert (opts["contract_scoring"] == "app") is app
        st = db.settle(totals, tricks, g["maker"], [0, 1, 2], app=app, pots=pots_in(g),
                       bide_penalty=opts["bide_penalty"] != "none", ski_penalty=int(opts["ski_penalty"]))
        assert st.outcome == want["result"]
        assert st.deal_scores == [want["deal_scores"][str(p)] for p in range(3)]
        if "split" in want:
            assert {str(u): st.split[u] for u in (0, 1)} == want["split"]
            assert want["defenders_combined"] == totals[0] + totals[1]
            assert sum(st.deal_scores) == sum(totals)
        if "bide_count_after" in want:
            for seat, n in want["bide_count_after"].items():
                assert st.bide_counts[int(seat)] == n
        assert (st.app_pots or None) == want["pot_out"] or (not st.pots and want["pot_out"] == 0)
        assert st.penalties == [0, 0, 0]


D17_HANDS = {
    0: ["JS", "AS", "TS", "7S", "7H", "8H", "9H", "AC", "TC"],
    1: ["KS", "QS", "9D", "JD", "QD", "TD", "AD", "7C", "8C"],
}
D17_LINE = [("JS", None), ("QS", "bella"), ("AS", None), ("KS", None), ("TS", None), ("7C", None),
            ("7S", None), ("8C", None), ("7H", None), ("9D", None), ("8H", None), ("JD", None),
            ("9H", None), ("QD", None), ("AC", None), ("TD", None), ("TC", None), ("AD", None)]


def d17_deal(options: dict[str, Any] | None = None) -> core.State:
    s = dealt(2, 0, D17_HANDS, "KH", options=options)
    name_trump(s, 0, "S")
    assert declare_all(s) == [1, 0]
    for card, call in D17_LINE:
        s.apply(play(card, call))
    return s


def test_d17_bella_without_trick_and_sequence_lost_without_trick() -> None:
    ex = EXAMPLES["D17"]
    want = ex["expect"]
    s = d17_deal(opts_of(ex))
    v = s.view(None)
    assert v["sequence_winner"] == ex["given"]["sequence_winner"]  # seat 1's tertz topped by QD wins...
    r = s.deal_results[-1]
    assert r["tricks"] == [9, 0] and r["card_points"] == [ex["given"]["card_points"]["0"] + 10, 0]
    assert r["declarations"] == [0, 0]  # ...but seat 1 took no trick: nobody scores sequences
    assert r["bella"] == [0, 20]  # the bella counts without any trick
    assert r["deal_totals"] == [want["deal_totals"]["0"], want["deal_totals"]["1"]]
    assert r["outcome"] == want["result"]
    assert r["deal_scores"] == [want["deal_scores"]["0"], want["deal_scores"]["1"]]
    assert r["penalties"] == [0, 0]  # no ski penalty in classic
    assert s.scores == [105, 20]


def test_sequence_without_trick_counts_when_option_off() -> None:
    s = d17_deal({"sequence_needs_trick": False})
    r = s.deal_results[-1]
    assert r["declarations"] == [0, 20] and r["deal_totals"] == [105, 40]


def test_ski_penalty_in_app_scoring() -> None:
    s = d17_deal({"ski_penalty": 50, "first_lead": "maker", "sequence_order": "rank"})
    r = s.deal_results[-1]
    assert r["penalties"] == [0, -50] and r["awarded"] == [105, -30] and s.scores == [105, -30]


def test_bella_forfeited_without_the_call() -> None:
    s = dealt(2, 0, D17_HANDS, "KH")
    name_trump(s, 0, "S")
    declare_all(s)
    s.apply(play("JS"))
    assert sorted(a.card for a in s.legal_actions() if a.call == "bella") == ["KS", "QS"]
    s.apply(play("QS"))  # no call: the bella is lost
    s.apply(play("AS"))
    assert all(a.call is None for a in s.legal_actions())
    with pytest.raises(core.IllegalAction, match="both"):
        s.apply(play("KS", "bella"))


def test_bella_requires_trick_option() -> None:
    hands = {0: ["KH", "QH", "7S"]}
    s = position(players=2, trump="H", hands=hands, to_play=0, options={"bella_requires_trick": True})
    assert [a for a in s.legal_actions() if a.call] == []
    with pytest.raises(core.IllegalAction, match="after your side has won a trick"):
        s.apply(play("KH", "bella"))
    s = position(players=2, trump="H", hands=hands, to_play=0, options={"bella_requires_trick": True},
                 tricks_won=[1, 5], won={0: ["AS", "8S"]})
    assert sorted(a.card for a in s.legal_actions() if a.call == "bella") == ["KH", "QH"]
    s = position(players=4, trump="H", hands=hands, to_play=0, options={"bella_requires_trick": True},
                 tricks_won=[0, 0, 1, 0], won={2: ["AS", "8S", "9S", "JS"]})
    assert len([a for a in s.legal_actions() if a.call]) == 2  # the partner's trick counts


# ------------------------------------------------------------ split / pots / app

def test_split_rounding() -> None:
    assert db.split_points(61, 2, False) == [31, 30]
    assert db.split_points(61, 2, True) == [31, 31]
    assert db.split_points(100, 3, False) == [34, 33, 33]
    assert db.split_points(100, 3, True) == [33, 33, 33]
    assert db.split_points(5, 3, True) == [2, 2, 2]
    # four individual players: three defenders listed from the maker's left
    st = db.settle([10, 40, 30, 20], [1, 2, 2, 3], 2, [0, 1, 2, 3], app=False, pots=[5])
    # A = 30 + 5 = 35 -> 12, 12, 11 to seats 3, 0, 1 (in that order)
    assert st.outcome == "bide" and st.split == [12, 11, 0, 12]
    assert st.deal_scores == [22, 51, 0, 32] and st.pot_awarded == [2, 1, 0, 2]
    st = db.settle([10, 40, 30, 20], [1, 2, 2, 3], 2, [0, 1, 2, 3], app=False, half_up=True)
    assert st.split == [10, 10, 0, 10]


def test_classic_queue_pots() -> None:
    st = db.settle([40, 40], [4, 5], 0, [0, 1], app=False, queue=True, pots=[30])
    assert st.outcome == "hanging" and st.pots == [30, 40] and st.deal_scores == [0, 40]
    st = db.settle([100, 20], [8, 1], 1, [0, 1], app=False, queue=True, pots=[30, 40])
    assert st.outcome == "bide" and st.pots == [40] and st.deal_scores == [150, 0]
    st = db.settle([100, 20], [8, 1], 0, [0, 1], app=False, queue=True, pots=[40])
    assert st.outcome == "made" and st.pots == [] and st.deal_scores == [140, 20]
    st = db.settle([40, 40], [4, 5], 0, [0, 1], app=False, pots=[30])
    assert st.pots == [70]


def test_app_egg_and_its_pot() -> None:
    # maker 0 ties with nobody but two opponents tie for the top: an egg
    st = db.settle([50, 60, 60], [3, 3, 3], 0, [0, 1, 2], app=True, bide_counts=[2, 0, 0], bide_penalty=True)
    assert st.outcome == "egg" and st.deal_scores == [0, 60, 60]
    assert st.app_pots == [(50, (1, 2), 0)] and st.bide_counts == [3, 0, 0] and st.penalties == [-100, 0, 0]
    # next deal: rival 2 has the best final deal score (after the bide transfer) and takes the pot
    nxt = db.settle([30, 20, 60], [3, 2, 4], 1, [0, 1, 2], app=True, app_pots=st.app_pots)
    assert nxt.outcome == "bide" and nxt.receiver == 2
    assert nxt.deal_scores == [30, 0, 130] and nxt.pot_awarded == [0, 0, 50] and nxt.app_pots == []
    # rivals tie: split from the left of the egg's maker; the maker of the egg cannot receive it
    tie = db.settle([90, 40, 40], [3, 3, 3], 0, [0, 1, 2], app=True, app_pots=[(51, (1, 2), 0)])
    assert tie.outcome == "made" and tie.deal_scores == [90, 66, 65]
    # a maker who only equals the top opponent has failed
    st = db.settle([60, 60], [4, 5], 0, [0, 1], app=True)
    assert st.outcome == "bide" and st.deal_scores == [0, 120]


# --------------------------------------------------------- flow / deal edges

def test_thrown_in_deal_and_redeal() -> None:
    s = core.new_match("deberts", players=3, first_dealer=1)
    s.apply(s.sample_chance(random.Random(4)))
    assert s.current_player == 2
    for _ in range(6):
        s.apply(bid("pass"))
    assert s.current_player == core.CHANCE
    r = s.deal_results[-1]
    assert r["outcome"] == "annulled" and r["awarded"] == [0, 0, 0] and s.scores == [0, 0, 0]
    assert s.view(None)["dealer"] == 2
    s.apply(s.sample_chance(random.Random(5)))
    assert s.current_player == 0 and s.view(None)["deal_number"] == 2


def test_bidding_rules_and_messages() -> None:
    s = core.new_match("deberts", players=2, first_dealer=0, options={"dealer_must_name": True})
    deck = build_deck(2, 0, {1: ALL[:9], 0: ALL[9:18]}, "AD")
    s.apply(core.Action("deal", deck=tuple(deck)))
    assert s.legal_actions() == [bid("play"), bid("pass")]
    with pytest.raises(core.IllegalAction, match="first round"):
        s.apply(bid("H"))
    s.apply(bid("pass"))
    s.apply(bid("pass"))
    assert s.view(None)["bid_round"] == 2
    assert s.legal_actions() == [bid("S"), bid("H"), bid("C"), bid("pass")]
    with pytest.raises(core.IllegalAction, match="diamonds was refused"):
        s.apply(bid("D"))
    with pytest.raises(core.IllegalAction, match=r"^name a trump suit other than diamonds \(S, H or C\) or pass$"):
        s.apply(bid("NT"))
    s.apply(bid("pass"))
    assert bid("pass") not in s.legal_actions()
    with pytest.raises(core.IllegalAction, match="dealer must name"):
        s.apply(bid("pass"))
    # the dealer is not told he may pass
    with pytest.raises(core.IllegalAction, match=r"^diamonds was refused in the first round; name another suit$"):
        s.apply(bid("D"))
    with pytest.raises(core.IllegalAction, match=r"^name a trump suit other than diamonds \(S, H or C\)$"):
        s.apply(bid("NT"))
    with pytest.raises(core.IllegalAction, match="time to bid"):
        s.apply(play("7S"))
    s.apply(bid("C"))
    v = s.view(None)
    assert v["contract"] == {"maker": 0, "trump": "C", "source": "named", "side": 0}
    assert v["hand_sizes"] == [9, 9] and v["bottom_card"] == deck[-1] and v["stock_size"] == 13


def test_bottom_card_hidden_with_option_off() -> None:
    s = core.new_match("deberts", players=3, options={"show_bottom_card": False}, first_dealer=0)
    s.apply(s.sample_chance(random.Random(2)))
    s.apply(bid("play"))
    v = s.view(0)
    assert v["bottom_card"] is None and v["hidden"]["stock"] == 4 and v["stock_size"] == 4


def test_first_lead_options() -> None:
    for opts, leader in (({}, 1), ({"first_lead": "left_of_dealer"}, 0)):
        s = core.new_match("deberts", players=3, options=opts, first_dealer=2)
        s.apply(s.sample_chance(random.Random(9)))
        s.apply(bid("pass"))
        s.apply(bid("play"))  # seat 1 is the maker
        skip_to_play(s)
        assert s.current_player == leader


def test_deberts_instant_win() -> None:
    hands = {1: ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AS", "AC"],
             0: ["7S", "8S", "9S", "JS", "7D", "8D", "9D", "JD", "7C"]}
    s = dealt(2, 0, hands, "AD", options={"variant": "app"})
    name_trump(s, 1, "H")
    assert s.is_over and s.winner == 1 and s.scores == [0, 0]
    r = s.deal_results[-1]
    assert r["outcome"] == "deberts" and r["deberts"]["seat"] == 1
    assert s.view(0)["deberts"] == {"seat": 1, "cards": ["7H", "8H", "9H", "TH", "JH", "QH", "KH"]}
    assert s.events[-1]["type"] == "match_over"
    # classic: a plain fifty, declared like any other
    s = dealt(2, 0, hands, "AD")
    name_trump(s, 1, "H")
    assert not s.is_over and s.current_player == 1
    assert s.legal_actions()[0].call == "fifty"


def test_match_end_needs_a_single_leader() -> None:
    # the last trick of a deal: seat 0 (maker) wins AS over 7S; T0 = 49 + 11 + 10 = 70, T1 = 60
    won = {0: ["JH", "9H", "AD", "KD"], 1: ["AC", "TC", "TD", "AH", "TH", "KC", "KH", "7C"]}
    common = {"players": 2, "trump": "H", "to_play": 0, "maker": 0, "won": won, "tricks_won": [2, 4]}
    tie = position(hands={0: ["AS"], 1: ["7S"]}, scores=[250, 260], **common)  # type: ignore[arg-type]
    tie.apply(play("AS"))
    tie.apply(play("7S"))
    assert tie.deal_results[-1]["deal_totals"] == [70, 60]
    assert tie.scores == [320, 320] and not tie.is_over and tie.current_player == core.CHANCE
    win = position(hands={0: ["AS"], 1: ["7S"]}, scores=[250, 200], **common)  # type: ignore[arg-type]
    win.apply(play("AS"))
    win.apply(play("7S"))
    assert win.scores == [320, 260] and win.is_over and win.winner == 0
    assert win.legal_actions() == []
    with pytest.raises(core.IllegalAction, match="over"):
        win.apply(play("AS"))


# ---------------------------------------------------------- random matches

def play_random(players: int, options: dict[str, Any], seed: int) -> core.State:
    rng = random.Random(seed)
    s = core.new_match("deberts", players=players, options=options, seed=seed)
    for _ in range(20_000):
        if s.current_player is None:
            return s
        if s.current_player == core.CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("match did not end")


def check_sheet(s: core.State, app: bool) -> dict[str, int]:
    """Check the arithmetic of every deal result; count the interesting outcomes."""
    seen: dict[str, int] = {}
    scores = [0] * len(s.sides)
    prev_pot: Any = []
    for r in s.deal_results:
        assert r["pot_in"] == prev_pot
        prev_pot = r["pot_out"]
        if r["outcome"] == "annulled":
            assert r["pot_out"] == r["pot_in"] and r["scores"] == scores
            continue
        seen[r["outcome"]] = seen.get(r["outcome"], 0) + 1
        assert sum(r["card_points"]) == r["card_total"]
        totals = [c + d + b for c, d, b in zip(r["card_points"], r["declarations"], r["bella"], strict=True)]
        assert r["deal_totals"] == totals
        assert r["awarded"] == [a + b for a, b in zip(r["deal_scores"], r["penalties"], strict=True)]
        scores = [a + b for a, b in zip(scores, r["awarded"], strict=True)]
        assert r["scores"] == scores
        mu = r["maker_side"]
        m = totals[mu]
        others = [u for u in range(len(totals)) if u != mu]
        if not app:
            queue = s.options["hanging_pots"] == "queue"
            pot = (r["pot_in"][0] if r["pot_in"] else 0) if queue else sum(r["pot_in"])
            d = sum(totals[u] for u in others)
            expect = "made" if m > d else "bide" if m < d else "hanging"
            assert r["outcome"] == expect
            if expect == "made":
                assert r["deal_scores"][mu] == m + pot
                assert r["pot_out"] == (r["pot_in"][1:] if queue else [])
                if pot:
                    seen["pot_won"] = seen.get("pot_won", 0) + 1
            elif expect == "bide":
                assert r["deal_scores"][mu] == 0 and r["pot_out"] == (r["pot_in"][1:] if queue else [])
                if s.options["split_rounding"] == "conserve":
                    assert sum(r["deal_scores"]) == sum(totals) + pot
                if len(others) > 1:
                    seen["split"] = seen.get("split", 0) + 1
                    shares = [r["split"][u] for u in others]
                    if s.options["split_rounding"] == "conserve":
                        assert max(shares) - min(shares) <= 1 and sum(shares) == m + pot
                    else:
                        assert len(set(shares)) == 1 and abs(shares[0] - (m + pot) / len(others)) <= 0.5
            else:
                assert r["deal_scores"][mu] == 0
                assert r["pot_out"] == ([*r["pot_in"], m] if queue else [pot + m])
                if r["pot_in"]:
                    seen["pot_grew"] = seen.get("pot_grew", 0) + 1
        else:
            top = max(totals[u] for u in others)
            if m > top:
                assert r["outcome"] == "made"
            else:
                assert r["outcome"] in ("bide", "egg") and r["deal_scores"][mu] == 0
            if r["pot_in"]:
                seen["egg_resolved"] = seen.get("egg_resolved", 0) + 1
                assert sum(r["pot_awarded"]) == r["pot_in"][0]["amount"]
    top = max(s.scores)
    assert top >= s.options["target_score"] and s.scores.count(top) == 1
    assert s.winner == s.scores.index(top)
    return seen


def test_random_classic_matches_hanging_carried_then_won() -> None:
    seen: dict[str, int] = {}
    for seed in range(120):
        for k, v in check_sheet(play_random(2, {}, seed), app=False).items():
            seen[k] = seen.get(k, 0) + v
    assert seen.get("hanging") and seen.get("pot_won"), seen


def test_random_splits_and_queued_pots() -> None:
    for players, opts in ((3, {}), (3, {"split_rounding": "half_up", "hanging_pots": "queue"}),
                          (4, {"four_player_mode": "individual"}), (2, {"hanging_pots": "queue"}), (4, {})):
        seen: dict[str, int] = {}
        for seed in range(200):  # a classic hanging bide (maker's total == the defenders') is rare
            for k, v in check_sheet(play_random(players, opts, seed), app=False).items():
                seen[k] = seen.get(k, 0) + v
        assert seen.get("bide") and seen.get("made"), (players, opts, seen)
        if opts.get("four_player_mode") != "individual":  # m == sum of three defenders is rare
            assert seen.get("hanging"), (players, opts, seen)
        if players == 3 or opts.get("four_player_mode") == "individual":
            assert seen.get("split"), (players, opts, seen)


def test_random_app_matches_eggs_and_penalties() -> None:
    seen: dict[str, int] = {}
    for seed in range(40):
        s = play_random(3, {"variant": "app"}, seed)
        for k, v in check_sheet(s, app=True).items():
            seen[k] = seen.get(k, 0) + v
        for r in s.deal_results:
            if r["outcome"] in ("bide", "egg") and r["bide_counts"][r["maker_side"]] >= 3:
                assert r["penalties"][r["maker_side"]] <= -100
                seen["minus100"] = seen.get("minus100", 0) + 1
            for u, t in enumerate(r["tricks"]):
                if r["outcome"] != "annulled" and t == 0:
                    assert r["penalties"][u] <= -50
    assert seen.get("bide") and seen.get("made") and seen.get("minus100"), seen
    seen = {}
    for seed in range(40):  # partnerships: one opponent side, so never an egg
        for k, v in check_sheet(play_random(4, {"variant": "app"}, seed), app=True).items():
            seen[k] = seen.get(k, 0) + v
    assert seen.get("bide") and seen.get("made") and not seen.get("egg"), seen


def test_app_egg_in_a_real_match() -> None:
    """Eggs are rare in random play: search a bounded number of seeded matches for one."""
    for seed in range(300):
        s = play_random(3, {"variant": "app"}, seed)
        res = [r for r in s.deal_results if r["outcome"] != "annulled"]
        for i, r in enumerate(res[:-1]):
            if r["outcome"] != "egg":
                continue
            check_sheet(s, app=True)
            mu = r["maker_side"]
            totals = r["deal_totals"]
            rivals = [u for u in range(3) if u != mu]
            assert totals[rivals[0]] == totals[rivals[1]] >= totals[mu]
            assert r["deal_scores"][mu] == 0 and r["pot_out"] == [
                {"amount": totals[mu], "rivals": rivals, "maker": r["maker"]}]
            nxt = res[i + 1]
            best = max(nxt["deal_scores"][u] - nxt["pot_awarded"][u] for u in rivals)
            got = [u for u in rivals if nxt["pot_awarded"][u]]
            assert got and all(nxt["deal_scores"][u] - nxt["pot_awarded"][u] == best for u in got)
            assert nxt["pot_awarded"][mu] == 0 and sum(nxt["pot_awarded"]) == totals[mu]
            return
    pytest.fail("no egg in 300 random app matches")


def test_next_dealer_rotate_and_top_scorer() -> None:
    for opts in ({}, {"next_dealer": "top_scorer"}):
        for players in (2, 4):
            s = play_random(players, opts, 7)
            res = s.deal_results
            for prev, nxt in zip(res, res[1:], strict=False):
                expect = (prev["dealer"] + 1) % players
                if opts and prev["outcome"] != "annulled":
                    ds = prev["deal_scores"]
                    if ds.count(max(ds)) == 1:
                        side = s.sides[ds.index(max(ds))]
                        expect = next((prev["dealer"] + k) % players for k in range(1, players + 1)
                                      if (prev["dealer"] + k) % players in side)
                assert nxt["dealer"] == expect


def test_record_replay_and_private_events() -> None:
    s = play_random(4, {"four_player_mode": "individual"}, 3)
    again = core.replay(json.loads(json.dumps(s.to_record())))
    assert again.scores == s.scores and again.view(2) == s.view(2)
    dealt_ev = [e for e in s.events_for(1) if e["type"] == "dealt"]
    assert all(("cards" in e) == (e["seat"] == 1) for e in dealt_ev)


# ------------------------------------------------------------ properties

TRUMP_ORDER = "78QKTA9J"
PLAIN_ORDER = "789JQKTA"
cards_st = st.lists(st.sampled_from(ALL), min_size=1, max_size=9, unique=True)


def ref_legal(hand: list[str], trick: list[str], trump: str, mandatory: bool) -> set[str]:
    """The decision procedure of the rules, written on strings."""
    if not trick:
        return set(hand)

    def tstr(c: str) -> int:
        return TRUMP_ORDER.index(c[0])

    lead = trick[0][1]
    follow = [c for c in hand if c[1] == lead]
    trumps = [c for c in hand if c[1] == trump]
    played_trumps = [c for c in trick if c[1] == trump]
    if follow:
        if lead == trump:
            ref = max(played_trumps, key=tstr) if mandatory else trick[0]
            higher = [c for c in follow if tstr(c) > tstr(ref)]
            return set(higher or follow)
        return set(follow)
    if trumps:
        if mandatory and played_trumps:
            best = max(played_trumps, key=tstr)
            return set([c for c in trumps if tstr(c) > tstr(best)] or trumps)
        return set(trumps)
    return set(hand)


@given(st.lists(st.sampled_from(ALL), min_size=2, max_size=12, unique=True), st.integers(1, 3),
       st.sampled_from(SUITS), st.booleans(), st.randoms(use_true_random=False))
def test_legal_mask_matches_the_rules(cards: list[str], k: int, trump: str, mandatory: bool,
                                      rnd: random.Random) -> None:
    k = min(k, len(cards) - 1)
    trick, hand = cards[:k], cards[k:]
    got = db.legal_mask(strs_to_mask(hand), [card_id(c) for c in trick], SUITS.index(trump), mandatory)
    assert {c for c in hand if got >> card_id(c) & 1} == ref_legal(hand, trick, trump, mandatory)
    assert got
    # the engine's trick winner agrees with the rules' description
    w = db.trick_winner_index([card_id(c) for c in cards[:4]], SUITS.index(trump))
    trumps = [c for c in cards[:4] if c[1] == trump]
    if trumps:
        assert cards[w] == max(trumps, key=lambda c: TRUMP_ORDER.index(c[0]))
    else:
        led = [c for c in cards[:4] if c[1] == cards[0][1]]
        assert cards[w] == max(led, key=lambda c: PLAIN_ORDER.index(c[0]))


def ref_runs(hand: list[str], trump: str, natural: bool) -> list[tuple[int, int, int, frozenset[str]]]:
    """(kind, top, trump flag, cards) of every maximal run, by brute force."""
    out = []
    for suit in SUITS:
        order = "789TJQKA" if natural else (TRUMP_ORDER if suit == trump else PLAIN_ORDER)
        have = [r in {c[0] for c in hand if c[1] == suit} for r in order]
        i = 0
        while i < 8:
            if not have[i]:
                i += 1
                continue
            j = i
            while j + 1 < 8 and have[j + 1]:
                j += 1
            if j - i + 1 >= 3:
                out.append((1 if j - i + 1 >= 4 else 0, j, int(suit == trump),
                            frozenset(order[x] + suit for x in range(i, j + 1))))
            i = j + 1
    return out


@given(cards_st, st.sampled_from(SUITS), st.booleans())
def test_combinations_are_the_maximal_runs(hand: list[str], trump: str, natural: bool) -> None:
    got = db.hand_combos(strs_to_mask(hand), SUITS.index(trump), natural, False)
    ref = ref_runs(hand, trump, natural)
    assert sorted((c.kind, (c.key >> 1) & 7, c.key & 1, frozenset(core.card_str(x) for x in _ids(c.mask)))
                  for c in got) == sorted(ref)
    assert [c.key for c in got] == sorted((c.key for c in got), reverse=True)
    masks = [c.mask for c in got]
    assert sum(bin(m).count("1") for m in masks) == bin(sum(masks)).count("1")  # disjoint
    for c in got:
        assert c.head & ~c.mask == 0 and bin(c.head).count("1") == min(c.length, 3 if c.length == 3 else 4)
        assert c.head >> c.top & 1


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 7), st.integers(0, 1)), min_size=1, max_size=4),
       st.booleans())
def test_declaration_comparison(keys: list[tuple[int, int, int]], nobody: bool) -> None:
    unit_of = [0, 1, 0, 1]
    best = [(seat, kind * 16 + top * 2 + tr) for seat, (kind, top, tr) in enumerate(keys)]
    w = db.sequence_winner(best, unit_of, nobody)
    top = max(keys)
    tied = [s for s, k in enumerate(keys) if k == top]
    if nobody and len({unit_of[s] for s in tied}) > 1:
        assert w == -1
    else:
        assert w == tied[0]
    if w >= 0:
        assert all(keys[w] >= k for k in keys)  # any fifty beats any tertz, then top, then trump


@given(st.lists(st.integers(0, 200), min_size=2, max_size=4), st.data(), st.booleans(), st.booleans(),
       st.integers(0, 300))
def test_settlement_arithmetic(totals: list[int], data: st.DataObject, app: bool, half_up: bool,
                               pot: int) -> None:
    n = len(totals)
    maker = data.draw(st.integers(0, n - 1))
    tricks = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    unit_of = list(range(n))
    pots = [pot] if pot and not app else []
    st_ = db.settle(totals, tricks, maker, unit_of, app=app, half_up=half_up, pots=pots, ski_penalty=50)
    m = totals[maker]
    assert all(p <= 0 for p in st_.penalties)
    assert all(st_.penalties[u] <= -50 for u in range(n) if tricks[u] == 0)
    if st_.outcome == "made":
        assert st_.deal_scores[maker] == m + sum(pots)
        assert all(st_.deal_scores[u] == totals[u] for u in range(n) if u != maker)
    else:
        assert st_.deal_scores[maker] == 0
    if not app and not half_up:
        if st_.outcome == "hanging":
            assert sum(st_.deal_scores) + st_.pots[0] == sum(totals) + sum(pots)
        else:
            assert sum(st_.deal_scores) == sum(totals) + sum(pots) and st_.pots == []
    if app and st_.outcome == "egg":
        assert len(st_.app_pots[-1][1]) >= 2 and maker not in st_.app_pots[-1][1]
    if app and st_.outcome == "bide":
        assert st_.receiver is not None and sum(st_.deal_scores) == sum(totals)


@given(st.integers(0, 1000), st.integers(1, 3), st.booleans())
def test_split_points_property(amount: int, k: int, half_up: bool) -> None:
    shares = db.split_points(amount, k, half_up)
    assert len(shares) == k
    if half_up:
        assert all(abs(x - amount / k) <= 0.5 for x in shares)
    else:
        assert sum(shares) == amount and shares == sorted(shares, reverse=True)
        assert max(shares) - min(shares) <= 1


def test_refused_play_then_equal_action_from_json() -> None:
    """A refused interned action leaves no trace; an equal action parsed from JSON is then applied."""
    s = position(players=2, trump="H", hands={0: ["KH", "QH", "7S"]}, to_play=0,
                 options={"bella_requires_trick": True})
    before = s.view(None)
    with pytest.raises(core.IllegalAction):
        s.apply(db._BELLA["KH"])
    assert s.view(None) == before
    s.apply(act({"type": "play", "card": "7S"}))
    assert s.view(None)["trick"] == [{"seat": 0, "card": "7S"}]
    assert s.view(0)["hands"][0] == ["QH", "KH"]


def test_tertz_card_values() -> None:
    plain = sum(db.VALUES["tertz"][1][card_id(r + "S")] for r in "789TJQKA")
    trumps = sum(db.VALUES["tertz"][1][card_id(r + "H")] for r in "789TJQKA")
    assert (plain, trumps) == (27, 59)
    assert [db.VALUES["tertz"][1][card_id(c)] for c in ("KS", "QS", "JS", "9H", "JH")] == [3, 2, 1, 13, 20]
    assert [db.VALUES["deberts"][1][card_id(c)] for c in ("KS", "QS", "JS", "9H", "JH")] == [4, 3, 2, 14, 20]
    for values, total in (("tertz", 3 * 27 + 59 + 10), ("deberts", 162)):
        s = play_random(4, {"card_values": values}, 1)
        assert all(r["card_total"] == total for r in s.deal_results if r["outcome"] != "annulled")


def test_from_view_with_an_inconsistent_fill_still_plays() -> None:
    """The AI may determinize a declaring seat's hand without combinations: it can only pass."""
    hands = EXAMPLES["D9"]["given"]["hands"]
    s = dealt(3, 2, {int(k): v for k, v in hands.items()}, unused_card(hands, "D"))
    name_trump(s, 0, "D")
    assert s.current_player == 0
    view = s.view(1)
    fill = s.hidden_zones(1)
    pool = fill["hand0"] + fill["hand2"]
    # give seat 0 a hand without any run: one card of each rank-gap
    no_runs = sorted(pool, key=lambda c: (c[1], "79JKA8QT".index(c[0]) if c[0] in "79JKA8QT" else 9))
    rebuilt = None
    for shift in range(len(pool)):
        cand = (no_runs[shift:] + no_runs[:shift])[:9]
        if not db.hand_combos(strs_to_mask(cand), SUITS.index("D"), False, False):
            rest = [c for c in pool if c not in cand]
            rebuilt = Deberts.from_view(view, {"hand0": cand, "hand2": rest, "stock": fill["stock"]})
            break
    assert rebuilt is not None
    assert rebuilt.legal_actions() == [DONE]
    with pytest.raises(core.IllegalAction, match="no combination"):
        rebuilt.apply(s.legal_actions()[0])
    rebuilt.apply(DONE)


@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.booleans())
def test_engine_play_matches_the_rules(seed: int, players: int, mandatory: bool) -> None:
    """Through the engine: every legal card set and every trick winner of a random deal agree with the
    rules' procedure written on strings."""
    rng = random.Random(seed)
    s = core.new_match("deberts", players=players, options={"mandatory_overtrump": mandatory}, first_dealer=0)
    s.apply(s.sample_chance(rng))
    while s.current_player != core.CHANCE and not s.is_over:
        v = s.view(s.current_player)
        if v["phase"] == "play":
            hand = v["hands"][s.current_player]
            trick = [t["card"] for t in v["trick"]]
            assert set(legal_cards(s)) == ref_legal(hand, trick, v["trump"], mandatory)
            card = rng.choice(legal_cards(s))
            s.apply(play(card))
            if len(trick) + 1 == players:
                cards = [*trick, card]
                last = s.view(None)["last_trick"]
                trumps = [c for c in cards if c[1] == v["trump"]]
                best = (max(trumps, key=lambda c: TRUMP_ORDER.index(c[0])) if trumps else
                        max((c for c in cards if c[1] == cards[0][1]), key=lambda c: PLAIN_ORDER.index(c[0])))
                assert last["cards"] == cards and last["winner"] == last["seats"][cards.index(best)]
                if s.current_player != core.CHANCE and not s.is_over:
                    assert s.current_player == last["winner"]  # the winner leads the next trick
        else:
            s.apply(rng.choice(s.legal_actions()))


# ------------------------------------------------------ hidden information

def _hidden_positions(players: int, dealer: int, observer: int, show_bottom: bool) -> list[int]:
    """Deck positions whose cards ``observer`` never sees before the first lead (the other hands,
    the stock; not the turn-up, not a shown bottom card).  ``observer`` speaks first and, with four
    players, is the maker."""
    order = [(dealer + k) % players for k in range(1, players + 1)]
    pos: list[int] = []
    for r in range(2):
        for i, s in enumerate(order):
            if s != observer:
                pos += range(3 * (r * players + i), 3 * (r * players + i) + 3)
    start = 6 * players + 1  # after the turn-up
    if order[0] == observer:  # the observer (maker with four players) draws first from the stock
        start += 1 if players == 4 else 3
    pos += range(start, 32 - (1 if show_bottom and players < 4 else 0))
    return pos


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("accept_turn_up", [True, False])
def test_seat_view_does_not_depend_on_hidden_cards(players: int, accept_turn_up: bool) -> None:
    """Two deals that differ only in cards hidden from seat 0, with the same actions up to the first
    lead, look identical to seat 0: same views (legal actions, whose turn it is, the deal's card
    total...) and same events.  In particular a seat without a combination is asked to declare
    like any other, so a skipped turn does not tell the table it holds none."""
    dealer = players - 1  # seat 0 speaks first
    rng = random.Random(players * 10 + accept_turn_up)
    pos = _hidden_positions(players, dealer, 0, True)
    differed = 0
    for _ in range(25):
        deck = list(ALL)
        rng.shuffle(deck)
        twin = list(deck)
        perm = pos[:]
        rng.shuffle(perm)
        for a, b in zip(pos, perm, strict=True):
            twin[a] = deck[b]
        states = []
        for d in (deck, twin):
            s = core.new_match("deberts", players=players, first_dealer=dealer)
            s.apply(core.Action("deal", deck=tuple(d)))
            states.append(s)
        script: list[core.Action] = [bid("play")] if accept_turn_up else (
            [bid("pass")] * players + [bid(next(x for x in SUITS if x != deck[6 * players][1]))])
        for a in script:
            for s in states:
                s.apply(a)
        steps = 0
        while states[0].view(None)["phase"] in ("exchange", "declaring") and steps < 20:
            steps += 1
            views = [_comparable(s.view(0)) for s in states]
            assert views[0] == views[1]
            assert states[0].events_for(0) == states[1].events_for(0)
            a = KEEP if views[0]["phase"] == "exchange" else DONE
            for s in states:
                s.apply(a)
        views = [_comparable(s.view(0)) for s in states]
        assert views[0]["phase"] == "play"
        assert views[0] == views[1]
        assert states[0].events_for(0) == states[1].events_for(0)
        differed += states[0].hidden_zones(0) != states[1].hidden_zones(0)
    assert differed


def _comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("seq", "events")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_from_view_with_any_fill_plays_a_consistent_deal(players: int) -> None:
    """A determinization with the seat's unseen cards shuffled among the hidden zones, in any phase,
    gives the seat the same view, and the rebuilt deal plays to its end and scores consistently (card
    points add up to the card total of the rebuilt hands, not one copied from the real deal)."""
    rng = random.Random(players)
    phases: set[str] = set()
    for seed in range(60):
        s = core.new_match("deberts", players=players, first_dealer=seed % players)
        s.apply(s.sample_chance(random.Random(seed)))
        stop = rng.randrange(0, 12 + 3 * players)
        while s.current_player is not None and s.current_player >= 0 and stop:
            stop -= 1
            s.apply(rng.choice(s.legal_actions()))
        seat = s.current_player
        if seat is None or seat < 0:
            continue
        view = s.view(seat)
        phases.add(view["phase"])
        zones = s.hidden_zones(seat)
        cards = [c for z in zones.values() for c in z]
        rng.shuffle(cards)
        fill: dict[str, list[str]] = {}
        for z, content in zones.items():
            fill[z], cards = cards[:len(content)], cards[len(content):]
        rebuilt = Deberts.from_view(view, fill)
        assert _comparable(rebuilt.view(seat)) == _comparable(view)
        done = len(rebuilt.deal_results)
        while len(rebuilt.deal_results) == done:
            rebuilt.apply(rng.choice(rebuilt.legal_actions()))
        r = rebuilt.deal_results[-1]
        if r["outcome"] != "annulled":
            assert sum(r["card_points"]) == r["card_total"]
    assert {"bidding", "declaring", "play"} | ({"exchange"} if players < 4 else set()) <= phases


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_total_shown_only_once_public(players: int) -> None:
    """With 2-3 players the deal's card total is the value of the cards in the hands (the rest stays
    unseen in the stock), so it is hidden during play and shown once the deal is over; with 4 players
    every card is dealt and the total is 162 from the first lead."""
    s = core.new_match("deberts", players=players, first_dealer=0)
    s.apply(s.sample_chance(random.Random(11)))
    rng = random.Random(3)
    while s.view(None)["phase"] != "play":
        s.apply(rng.choice(s.legal_actions()))
    for seat in (*range(players), None):
        assert s.view(seat)["card_total"] == (162 if players == 4 else None)
    while s.current_player != core.CHANCE:
        s.apply(rng.choice(s.legal_actions()))
    r = s.deal_results[-1]
    assert s.view(0)["card_total"] == r["card_total"] == sum(r["card_points"])


def test_actions_with_stray_fields_are_refused_with_a_reason() -> None:
    """An action of the right type carrying a field it does not use is refused saying which."""
    s = core.new_match("deberts", players=2, first_dealer=0)
    s.apply(core.Action("deal", deck=tuple(build_deck(2, 0, {1: ALL[:9], 0: ALL[9:18]}, "AD"))))
    before = s.view(None)
    with pytest.raises(core.IllegalAction, match="a bid has no suit"):
        s.apply(core.Action("bid", call="play", suit="H"))
    with pytest.raises(core.IllegalAction, match="a bid has no card"):
        s.apply(core.Action("bid", call="pass", card="7S"))
    assert s.view(None) == before
    hand1 = ["7D", "9S", "JS", "7H", "8H", "9H", "7C", "8C", "TC"]
    hand0 = ["8D", "QS", "KS", "AS", "QH", "KH", "QC", "KC", "AC"]
    s = dealt(2, 0, {1: hand1, 0: hand0}, "AD")
    accept(s, 1)
    assert s.view(None)["phase"] == "exchange"
    with pytest.raises(core.IllegalAction, match="'keep' has no card"):
        s.apply(core.Action("keep", card="7D"))
    s.apply(KEEP)
    s.apply(KEEP)
    assert s.view(None)["phase"] == "declaring"
    with pytest.raises(core.IllegalAction, match="'done' has no cards"):
        s.apply(core.Action("done", cards=("7H",)))
    decl = s.legal_actions()[0]
    with pytest.raises(core.IllegalAction, match="a declaration has no card"):
        s.apply(core.Action("declare", cards=decl.cards, call=decl.call, card="7H"))
    s.apply(decl)


def test_playout_cases_cover_every_option_value() -> None:
    """The conformance cases (tests/cases/deberts.py) play every value of every option at least once
    where it has an effect (player count, contract scoring, number of defenders)."""
    from tests.cases.deberts import CASES

    seen: dict[str, set[Any]] = {}
    for players, given_opts in CASES:
        o = Deberts.resolve_options(players, given_opts)
        individual = players == 3 or (players == 4 and o["four_player_mode"] == "individual")
        for k, v in o.items():
            if ((k.startswith("four_player") and players != 4)
                    or (k in ("seven_exchange", "show_bottom_card") and players == 4)
                    or (k == "hanging_pots" and o["contract_scoring"] != "classic")
                    or (k == "split_rounding" and not individual)
                    or (k == "mandatory_overtrump" and players == 2)):
                continue
            seen.setdefault(k, set()).add(v)
    for spec in Deberts.OPTIONS:
        assert set(spec.values or ()) <= seen.get(spec.id, set()), spec.id


@pytest.mark.parametrize("app", [False, True])
def test_pots_survive_a_thrown_in_deal(app: bool) -> None:
    """A waiting pot (classic hanging bide, app egg) is untouched by a thrown-in deal and goes to the
    next played deal (§6.3, §11.4)."""
    opts = {"variant": "app"} if app else {}
    v = core.new_match("deberts", players=3, options=opts, first_dealer=0).view(None)
    if app:
        v["app_pots"] = [{"amount": 50, "rivals": [1, 2], "maker": 0}]
    else:
        v["pots"] = [71]
    s = Deberts.from_view(v, {})
    rng = random.Random(8)
    s.apply(s.sample_chance(rng))
    for _ in range(6):
        s.apply(bid("pass"))
    r = s.deal_results[-1]
    assert r["outcome"] == "annulled" and r["pot_in"] == r["pot_out"] == (
        [{"amount": 50, "rivals": [1, 2], "maker": 0}] if app else [71])
    assert s.scores == [0, 0, 0] and s.current_player == core.CHANCE
    while len(s.deal_results) == 1 or s.deal_results[-1]["outcome"] == "annulled":
        if s.current_player == core.CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    r = s.deal_results[-1]
    if app:
        assert sum(r["pot_awarded"]) == 50 and r["pot_awarded"][0] == 0
        best = max(r["deal_scores"][u] - r["pot_awarded"][u] for u in (1, 2))
        assert all(r["deal_scores"][u] - r["pot_awarded"][u] == best for u in (1, 2) if r["pot_awarded"][u])
    else:
        assert r["pot_in"] == [71]
        if r["outcome"] == "made":
            assert r["deal_scores"][r["maker_side"]] == r["deal_totals"][r["maker_side"]] + 71
        elif r["outcome"] == "bide":
            assert sum(r["split"]) == r["deal_totals"][r["maker_side"]] + 71
        else:
            assert r["pot_out"] == [71 + r["deal_totals"][r["maker_side"]]]
