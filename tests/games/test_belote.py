"""Belote: every worked example of the rules spec, targeted edge cases and property tests.

The spec's worked examples (§15) are copied below as data.  Positions are
built through the public API: a ``deal`` action with an injected deck and
real calls and plays, or ``Belote.from_view`` (the AI's determinization hook)
for mid-deal positions such as "the last trick of a deal".  The pure rule
functions tested directly (``legal_mask``, ``compare_declarations``,
``round_points``, ...) are the ones the engine itself calls.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from core.cards import card_id, deck_strs
from core.games.belote import (
    AT,
    CONTRACTS,
    NT,
    SEQ_CALLS,
    Belote,
    compare_declarations,
    declarable,
    declaration_options,
    declaration_points,
    declaration_strength,
    legal_mask,
    mask_strs,
    raw_points,
    round_points,
    score_deal,
    trick_winner_index,
)

ALL = deck_strs()

EXAMPLES: list[dict[str, Any]] = [{'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'H',
            'trick': [{'seat': 0, 'card': 'AC'}, {'seat': 1, 'card': '7C'}],
            'seat': 2,
            'hand': ['7H', 'JH', 'KD', '8S']},
  'expect': {'legal': ['7H', 'JH', 'KD', '8S']},
  'why': 'Suit contract, clubs led. Seat 2 is void in clubs and its partner (seat 0) is currently winning '
         'with AC, so seat 2 is under no obligation to trump: every card is legal.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'H',
            'trick': [{'seat': 0, 'card': '7C'}, {'seat': 1, 'card': 'AC'}],
            'seat': 2,
            'hand': ['9H', '7H', 'AD', 'KS']},
  'expect': {'legal': ['9H', '7H']},
  'why': 'Clubs led, an opponent (seat 1) is winning with a plain card, seat 2 is void in clubs and holds '
         'trumps: it must trump, with any trump (no trump is in the trick yet).'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'S',
            'trick': [{'seat': 1, 'card': 'AD'}, {'seat': 2, 'card': '8D'}, {'seat': 3, 'card': 'TS'}],
            'seat': 0,
            'hand': ['9S', 'KS', '7S', 'AC']},
  'expect': {'legal': ['9S']},
  'why': 'Opponent seat 3 has ruffed with TS and is winning. Seat 0 is void in diamonds and must over-trump '
         'if able: only 9S ranks above TS in trump order (J 9 A T K Q 8 7).'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'S',
            'trick': [{'seat': 1, 'card': 'KD'}, {'seat': 2, 'card': '7D'}, {'seat': 3, 'card': 'JS'}],
            'seat': 0,
            'hand': ['9S', '8S', 'AC', 'TH']},
  'expect': {'legal': ['9S', '8S', 'AC', 'TH']},
  'why': 'Opponent has ruffed with JS, the top trump. Seat 0 cannot over-trump, so there is no further '
         'obligation: it may under-trump or discard; all four cards are legal.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'S',
            'trick': [{'seat': 0, 'card': 'AS'}, {'seat': 1, 'card': '7S'}],
            'seat': 2,
            'hand': ['9S', 'QS', '8H', 'TD']},
  'expect': {'legal': ['9S']},
  'why': 'Trump led: a player holding trumps must play a higher trump than the highest trump in the trick if '
         'able, even when the partner (seat 0, AS) is winning. 9S beats AS; QS does not.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'AT',
            'trick': [{'seat': 0, 'card': '9D'}, {'seat': 1, 'card': 'KD'}],
            'seat': 2,
            'hand': ['JD', 'AD', '7D', 'AS']},
  'expect': {'legal': ['JD']},
  'why': 'All trumps: following suit you must beat the highest card of the led suit if you can, whoever is '
         "winning. Partner's 9D is highest; only JD beats it."},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'legal_moves',
  'given': {'contract': 'NT', 'trick': [{'seat': 1, 'card': 'KH'}], 'seat': 2, 'hand': ['7H', 'AH', 'AS']},
  'expect': {'legal': ['7H', 'AH']},
  'why': 'No trumps: only following suit is compulsory; there is no obligation to beat. Both hearts are '
         'legal, AS is not.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'trick_winner',
  'given': {'contract': 'C',
            'trick': [{'seat': 2, 'card': 'AH'},
                      {'seat': 3, 'card': '7C'},
                      {'seat': 0, 'card': '9C'},
                      {'seat': 1, 'card': 'TH'}]},
  'expect': {'winner': 0, 'winning_card': '9C'},
  'why': 'Hearts led; seat 3 ruffs with 7C, seat 0 over-ruffs with 9C (9 outranks 7 in trumps). Highest '
         'trump wins: seat 0.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'trick_winner',
  'given': {'contract': 'AT',
            'trick': [{'seat': 1, 'card': 'AS'},
                      {'seat': 2, 'card': '9S'},
                      {'seat': 3, 'card': 'JH'},
                      {'seat': 0, 'card': 'TS'}]},
  'expect': {'winner': 2, 'winning_card': '9S'},
  'why': 'All trumps: only cards of the led suit (spades) can win, ranked J 9 A T K Q 8 7. 9S beats AS and '
         'TS; JH is off-suit and cannot win.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'declaration_compare',
  'given': {'contract': 'S',
            'declarations': [{'seat': 0, 'kind': 'sequence', 'cards': ['QH', 'KH', 'AH']},
                             {'seat': 1, 'kind': 'sequence', 'cards': ['QD', 'KD', 'AD']},
                             {'seat': 2, 'kind': 'carre', 'cards': ['TS', 'TH', 'TD', 'TC']},
                             {'seat': 3, 'kind': 'carre', 'cards': ['9S', '9H', '9D', '9C']}],
            'belotes': [{'seat': 1, 'suit': 'S'}]},
  'expect': {'scored': [{'seat': 3, 'kind': 'carre', 'points': 150},
                        {'seat': 1, 'kind': 'belote', 'points': 20}],
             'team_points': {'0': 0, '1': 170}},
  'why': "Sequences: both teams' best is a tierce to the ace -> equal -> no sequence scores for anybody. "
         'Carres are compared separately: four nines (150) beat four tens (100), so team 1 scores 150 and '
         'team 0 nothing for carres. Belote is never compared: +20 to team 1.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'declaration_compare',
  'given': {'contract': 'AT',
            'declarations': [{'seat': 1, 'kind': 'sequence', 'cards': ['9C', 'TC', 'JC', 'QC', 'KC']},
                             {'seat': 3, 'kind': 'sequence', 'cards': ['7D', '8D', '9D']},
                             {'seat': 0, 'kind': 'sequence', 'cards': ['TH', 'JH', 'QH', 'KH']},
                             {'seat': 2, 'kind': 'sequence', 'cards': ['9S', 'TS', 'JS']}],
            'belotes': [{'seat': 0, 'suit': 'H'}]},
  'expect': {'scored': [{'seat': 1, 'kind': 'sequence', 'points': 100},
                        {'seat': 3, 'kind': 'sequence', 'points': 20},
                        {'seat': 0, 'kind': 'belote', 'points': 20}],
             'team_points': {'0': 20, '1': 120}},
  'why': "Team 1's best sequence (quint to K, length 5) beats team 0's best (quarte to K, length 4), so team "
         "1 scores ALL its sequences (100 + 20 = 120) and team 0 none. Seat 0's belote of hearts (KH and QH "
         'are also inside its quarte) still scores 20.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'declaration_compare',
  'given': {'contract': 'AT',
            'check': 'belote',
            'trick': [{'seat': 1, 'card': 'AC'}],
            'seat': 2,
            'hand': ['KH', 'QH', '9D', '8S'],
            'card_played': 'KH'},
  'expect': {'belote_allowed': False},
  'why': 'All trumps: belote counts only if the first of K/Q is led or played following suit. Here clubs '
         'were led and KH is a discard, so belote cannot be announced (and cannot be announced later with QH '
         'either).'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'H',
            'declarer': 0,
            'multiplier': 1,
            'card_points': {'0': 96, '1': 56},
            'tricks_won': {'0': 5, '1': 3},
            'last_trick_team': 0,
            'declaration_points': {'0': 0, '1': 0},
            'hanging_in': 0,
            'scores_before': {'0': 0, '1': 0}},
  'expect': {'raw': {'0': 106, '1': 56},
             'capot_team': None,
             'outcome': 'made',
             'deal_points': {'0': 10, '1': 6},
             'hanging_out': 0,
             'scores_after': {'0': 10, '1': 6},
             'game_over': False,
             'winner': None},
  'why': 'Trump contract: 96 + 10 (last trick) = 106 vs 56. Declarers made it. Both totals end in 6, the '
         'special digit for suit contracts: the side with more points rounds down (10), the side with fewer '
         "rounds up (6). 10 + 6 = 16 = the deal's 162/10."},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'S',
            'declarer': 1,
            'multiplier': 1,
            'captured': {'0': ['AS',
                               'KS',
                               '9S',
                               '8S',
                               '7S',
                               'AH',
                               'TH',
                               '9H',
                               '7H',
                               'TD',
                               '9D',
                               '8D',
                               '7D',
                               'AC',
                               '8C',
                               '7C'],
                         '1': ['QS',
                               'JS',
                               'TS',
                               'KH',
                               'QH',
                               'JH',
                               '8H',
                               'AD',
                               'KD',
                               'QD',
                               'JD',
                               'KC',
                               'QC',
                               'JC',
                               'TC',
                               '9C']},
            'tricks_won': {'0': 4, '1': 4},
            'last_trick_team': 0,
            'declaration_points': {'0': 0, '1': 0},
            'hanging_in': 0,
            'scores_before': {'0': 40, '1': 52}},
  'expect': {'raw': {'0': 81, '1': 81},
             'capot_team': None,
             'outcome': 'hung',
             'deal_points': {'0': 8, '1': 0},
             'hanging_out': 8,
             'scores_after': {'0': 48, '1': 52},
             'game_over': False,
             'winner': None},
  'why': 'Spades by seat 1 (team 1). Team 0 takes 71 card points + last trick 10 = 81; team 1 takes 81. '
         "Equal points: the contract hangs. Team 0 (the non-declarers) scores its 8; team 1's 81 -> 8 is "
         'held back as hanging points for the winner of the next deal.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'D',
            'declarer': 2,
            'multiplier': 1,
            'card_points': {'0': 100, '1': 52},
            'tricks_won': {'0': 6, '1': 2},
            'last_trick_team': 0,
            'declaration_points': {'0': 20, '1': 0},
            'hanging_in': 8,
            'scores_before': {'0': 48, '1': 52}},
  'expect': {'raw': {'0': 130, '1': 52},
             'capot_team': None,
             'outcome': 'made',
             'deal_points': {'0': 21, '1': 5},
             'hanging_out': 0,
             'scores_after': {'0': 69, '1': 57},
             'game_over': False,
             'winner': None},
  'why': 'Next deal after the hung one (8 points hanging). Team 0 (declarer seat 2): 100 + 10 + 20 (tierce) '
         '= 130 vs 52. Made. Team 0 scores 13 + the 8 hanging points = 21; team 1 scores 5 (52 -> 5). The '
         'hanging pot is emptied.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'AT',
            'declarer': 1,
            'multiplier': 1,
            'card_points': {'0': 140, '1': 108},
            'tricks_won': {'0': 4, '1': 4},
            'last_trick_team': 1,
            'declaration_points': {'0': 0, '1': 20},
            'hanging_in': 0,
            'scores_before': {'0': 60, '1': 70}},
  'expect': {'raw': {'0': 140, '1': 138},
             'capot_team': None,
             'outcome': 'inside',
             'deal_points': {'0': 28, '1': 0},
             'hanging_out': 0,
             'scores_after': {'0': 88, '1': 70},
             'game_over': False,
             'winner': None},
  'why': 'All trumps by team 1: team 0 has 140; team 1 has 108 + 10 + 20 = 138 < 140, so the declarers are '
         "'inside'. Team 0 takes everything: 140 + 138 = 278 -> 28 (all-trumps combined totals always end in "
         '8 and round up). Team 1 scores 0.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'S',
            'declarer': 0,
            'multiplier': 2,
            'card_points': {'0': 70, '1': 82},
            'tricks_won': {'0': 4, '1': 4},
            'last_trick_team': 1,
            'declaration_points': {'0': 50, '1': 0},
            'hanging_in': 0,
            'scores_before': {'0': 100, '1': 90}},
  'expect': {'raw': {'0': 120, '1': 92},
             'capot_team': None,
             'outcome': 'doubled',
             'deal_points': {'0': 42, '1': 0},
             'hanging_out': 0,
             'scores_after': {'0': 142, '1': 90},
             'game_over': False,
             'winner': None},
  'why': 'Spades by seat 0, doubled by team 1. Team 0: 70 + 50 (quarte) = 120; team 1: 82 + 10 = 92. With a '
         'double the side with more points takes the whole deal: 212 -> 21, x2 = 42 to team 0; team 1 scores '
         '0.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'NT',
            'declarer': 3,
            'multiplier': 1,
            'card_points': {'0': 0, '1': 120},
            'tricks_won': {'0': 0, '1': 8},
            'last_trick_team': 1,
            'declaration_points': {'0': 0, '1': 0},
            'hanging_in': 0,
            'scores_before': {'0': 60, '1': 130}},
  'expect': {'raw': {'0': 0, '1': 350},
             'capot_team': 1,
             'outcome': 'made',
             'deal_points': {'0': 0, '1': 35},
             'hanging_out': 0,
             'scores_after': {'0': 60, '1': 165},
             'game_over': False,
             'winner': None},
  'why': 'No trumps by seat 3; team 1 wins all 8 tricks. (120 + 10) x 2 = 260, then +90 capot (not doubled '
         'by no trumps) = 350 -> 35. Team 1 reaches 165 >= 151, but a game can never be won on a capot deal, '
         'so play continues for at least one more deal.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'deal_score',
  'given': {'contract': 'AT',
            'declarer': 0,
            'multiplier': 1,
            'card_points': {'0': 214, '1': 34},
            'tricks_won': {'0': 7, '1': 1},
            'last_trick_team': 0,
            'declaration_points': {'0': 0, '1': 0},
            'hanging_in': 0,
            'scores_before': {'0': 0, '1': 0}},
  'expect': {'raw': {'0': 224, '1': 34},
             'capot_team': None,
             'outcome': 'made',
             'deal_points': {'0': 22, '1': 4},
             'hanging_out': 0,
             'scores_after': {'0': 22, '1': 4},
             'game_over': False,
             'winner': None},
  'why': 'All trumps made 224 - 34 (224 = 214 + 10 last trick). Both totals end in 4, the special digit for '
         'all trumps: the greater side rounds down (22) and the lesser side rounds up (4), so 22 + 4 = 26 = '
         '258/10.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'bidding',
  'given': {'dealer': 3,
            'calls': [{'seat': 0, 'call': 'H'},
                      {'seat': 1, 'call': 'double'},
                      {'seat': 2, 'call': 'redouble'},
                      {'seat': 3, 'call': 'pass'},
                      {'seat': 0, 'call': 'pass'},
                      {'seat': 1, 'call': 'pass'}]},
  'expect': {'ended': True,
             'contract': 'H',
             'declarer': 0,
             'multiplier': 4,
             'first_lead': 0,
             'next_dealer': 0},
  'why': "Seat 0 bids hearts, opponent seat 1 doubles, seat 2 (declarer's partner) redoubles. Three "
         'consecutive passes end the auction: hearts by seat 0, redoubled (x4). Seat 0 (right of dealer 3) '
         'leads; next dealer is 0.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'bidding',
  'given': {'dealer': 3, 'calls': [{'seat': 0, 'call': 'D'}, {'seat': 1, 'call': 'double'}]},
  'expect': {'ended': False, 'next_to_call': 2, 'legal_next': ['pass', 'H', 'S', 'NT', 'AT', 'redouble']},
  'why': 'After diamonds doubled, seat 2 may pass, bid any higher contract (which cancels the double) or '
         'redouble (it is on the declaring team).'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'bidding',
  'given': {'dealer': 3,
            'calls': [{'seat': 0, 'call': 'D'},
                      {'seat': 1, 'call': 'double'},
                      {'seat': 2, 'call': 'S'},
                      {'seat': 3, 'call': 'pass'},
                      {'seat': 0, 'call': 'pass'},
                      {'seat': 1, 'call': 'pass'}]},
  'expect': {'ended': True,
             'contract': 'S',
             'declarer': 2,
             'multiplier': 1,
             'first_lead': 0,
             'next_dealer': 0},
  'why': 'A higher bid after a double replaces the contract and cancels the double: spades by seat 2, '
         'multiplier 1.'},
 {'game': 'belote',
  'variant': 'bulgarian_belot',
  'options': {},
  'kind': 'bidding',
  'given': {'dealer': 2,
            'calls': [{'seat': 3, 'call': 'pass'},
                      {'seat': 0, 'call': 'pass'},
                      {'seat': 1, 'call': 'pass'},
                      {'seat': 2, 'call': 'pass'}]},
  'expect': {'ended': True, 'redeal': True, 'next_dealer': 3},
  'why': 'Four passes with no bid: the cards are thrown in, nobody scores, hanging points stay pending, and '
         'the next dealer (seat 3, to the right of dealer 2) deals.'}]


def examples(kind: str) -> list[dict[str, Any]]:
    """The worked examples of one kind, as pytest params named by their number."""
    return [pytest.param(e, id=f"example{i + 1}") for i, e in enumerate(EXAMPLES) if e["kind"] == kind]


# ------------------------------------------------------------------ helpers
def mask(cards: list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_id(c)
    return m


def ids(cards: list[str]) -> list[int]:
    return [card_id(c) for c in cards]


def make_deck(dealer: int, hands: dict[int, list[str]]) -> list[str]:
    """A deck giving seat s the 8 cards ``hands[s]`` (first five in round 1); other cards fill in."""
    rest = [c for c in ALL if not any(c in h for h in hands.values())]
    full = {s: list(hands.get(s, [])) for s in range(4)}
    for s in range(4):
        while len(full[s]) < 8:
            full[s].append(rest.pop(0))
    deck: list[str] = [""] * 32
    for i in range(4):
        s = (dealer + 1 + i) % 4
        h = full[s]
        deck[3 * i:3 * i + 3] = h[0:3]
        deck[12 + 2 * i:14 + 2 * i] = h[3:5]
        deck[20 + 3 * i:23 + 3 * i] = h[5:8]
    assert sorted(deck) == sorted(ALL)
    return deck


def dealt(dealer: int, hands: dict[int, list[str]], calls: list[str], options: dict[str, Any] | None = None
          ) -> core.State:
    """A new match with the given deal and auction calls applied (in turn order from dealer + 1)."""
    state = core.new_match("belote", players=4, options=options or {}, first_dealer=dealer)
    state.apply(core.Action("deal", deck=tuple(make_deck(dealer, hands))))
    for call in calls:
        state.apply(core.Action("bid", call=call))
    return state


def auction(declarer: int, contract: str, mult: int) -> list[dict[str, Any]]:
    bids = [{"seat": declarer, "call": contract}]
    if mult >= 2:
        bids.append({"seat": (declarer + 1) % 4, "call": "double"})
    if mult == 4:
        bids.append({"seat": (declarer + 2) % 4, "call": "redouble"})
    bids += [{"seat": (bids[-1]["seat"] + i) % 4, "call": "pass"} for i in (1, 2, 3)]
    return bids


def position(contract: str, trick: list[dict[str, Any]], hands: dict[int, list[str]], *, declarer: int = 0,
             mult: int = 1, n_tricks: int | None = None, tricks_won: list[int] | None = None,
             card_points: list[int] | None = None, options: dict[str, Any] | None = None,
             scores: list[int] | None = None, hanging: int = 0, belotes: list[dict[str, Any]] | None = None,
             declarations: list[dict[str, Any]] | None = None, leader: int | None = None,
             target: int | None = None) -> Belote:
    """A play-phase state built with ``Belote.from_view``.

    Completed tricks are filled with the cards in nobody's hand nor in ``trick``
    (their contents do not matter to the rules under test); ``n_tricks``
    defaults to ``8 - (cards of the player to move)``.
    """
    opts = Belote.resolve_options(4, options or {})
    used = {c for h in hands.values() for c in h} | {e["card"] for e in trick}
    free = [c for c in ALL if c not in used]
    first = trick[0]["seat"] if trick else (leader if leader is not None else 0)
    to_move = (first + len(trick)) % 4
    if n_tricks is None:
        n_tricks = 8 - len(hands.get(to_move, []))
    done = []
    for i in range(n_tricks):
        cards = free[4 * i:4 * i + 4]
        done.append({"leader": first, "cards": cards, "winner": first})
    view = {
        "players": 4, "options": opts, "dealer": (first - 1) % 4, "deal_number": 1,
        "scores": scores or [0, 0], "deals": [], "hanging": hanging, "target": target or opts["target_score"],
        "winner": None, "phase": "play", "hands": [None] * 4, "bids": auction(declarer, contract, mult),
        "contract": {"call": contract, "declarer": declarer, "team": declarer % 2, "multiplier": mult},
        "tricks": done, "card_points": card_points or [0, 0], "tricks_won": tricks_won or [0, 0, 0, 0],
        "belotes": belotes or [], "leader": first, "trick": trick, "declarations": declarations or [],
    }
    fill = {f"hand{s}": hands.get(s, []) for s in range(4)}
    state = Belote.from_view(view, fill)
    assert state.current_player == to_move
    return state


def plays(state: core.State) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if a.type == "play" and a.call is None}


def refused(state: core.State, action: core.Action, reason: str) -> None:
    """``action`` is refused with ``reason`` in the message and the state is unchanged."""
    before = json.dumps([state.view(s) for s in (0, 1, 2, 3, None)], sort_keys=True)
    with pytest.raises(core.IllegalAction, match=reason):
        state.apply(action)
    assert json.dumps([state.view(s) for s in (0, 1, 2, 3, None)], sort_keys=True) == before


def play(card: str, call: str | None = None) -> core.Action:
    return core.Action("play", card=card, call=call)


def bid(call: str) -> core.Action:
    return core.Action("bid", call=call)


# ----------------------------------------------------------- worked examples
@pytest.mark.parametrize("ex", examples("legal_moves"))
def test_example_legal_moves(ex: dict[str, Any]) -> None:
    g = ex["given"]
    state = position(g["contract"], g["trick"], {g["seat"]: g["hand"]})
    assert plays(state) == set(ex["expect"]["legal"])
    # the pure function the engine uses agrees
    trick = ids([e["card"] for e in g["trick"]])
    k = CONTRACTS.index(g["contract"])
    win = trick_winner_index(k, trick)
    lm = legal_mask(k, trick, g["trick"][win]["seat"], trick[win], g["seat"], mask(g["hand"]))
    assert set(mask_strs(lm)) == set(ex["expect"]["legal"])
    for card in g["hand"]:
        if card not in ex["expect"]["legal"]:
            refused(state, play(card), "must")


@pytest.mark.parametrize("ex", examples("trick_winner"))
def test_example_trick_winner(ex: dict[str, Any]) -> None:
    g = ex["given"]
    *first, last = g["trick"]
    state = position(g["contract"], first, {last["seat"]: [last["card"]]})
    state.apply(play(last["card"]))
    view = state.view(None)
    assert view["last_trick"]["winner"] == ex["expect"]["winner"]
    cards = [e["card"] for e in g["trick"]]
    assert view["last_trick"]["cards"] == cards
    k = CONTRACTS.index(g["contract"])
    assert cards[trick_winner_index(k, ids(cards))] == ex["expect"]["winning_card"]


def _decl_call(d: dict[str, Any]) -> str:
    return "carre" if d["kind"] == "carre" else SEQ_CALLS[min(len(d["cards"]), 5) - 3]


@pytest.mark.parametrize("ex", [e for e in examples("declaration_compare") if "check" not in e.values[0]["given"]])
def test_example_declaration_compare(ex: dict[str, Any]) -> None:
    g = ex["given"]
    decls = [(d["seat"], _decl_call(d), mask(d["cards"])) for d in g["declarations"]]
    flags = compare_declarations(
        [(s, call, declaration_strength(call, m), declaration_points(call, m)) for s, call, m in decls])
    scored = [{"seat": s, "kind": "carre" if call == "carre" else "sequence", "points": declaration_points(call, m)}
              for (s, call, m), ok in zip(decls, flags, strict=True) if ok]
    scored += [{"seat": b["seat"], "kind": "belote", "points": 20} for b in g["belotes"]]
    key = lambda d: (d["seat"], d["kind"], d["points"])  # noqa: E731
    assert sorted(scored, key=key) == sorted(ex["expect"]["scored"], key=key)
    team = {"0": 0, "1": 0}
    for d in scored:
        team[str(d["seat"] % 2)] += d["points"]
    assert team == ex["expect"]["team_points"]


@pytest.mark.parametrize("ex", [e for e in examples("declaration_compare") if "check" in e.values[0]["given"]])
def test_example_belote_check(ex: dict[str, Any]) -> None:
    g = ex["given"]
    state = position(g["contract"], g["trick"], {g["seat"]: g["hand"]})
    allowed = play(g["card_played"], "belote") in state.legal_actions()
    assert allowed is ex["expect"]["belote_allowed"]
    assert play(g["card_played"]) in state.legal_actions()
    refused(state, play(g["card_played"], "belote"), "belote")


def _last_trick_cards(contract: str, winner_first: bool = True) -> list[str]:
    """Four zero-point cards: the lead (an 8) wins, nobody can legally do otherwise."""
    trump = contract if contract in "CDHS" else ""
    x, y = [s for s in "SHDC" if s != trump][:2]
    return [f"8{x}", f"7{x}", f"7{y}", f"8{y}"]


@pytest.mark.parametrize("ex", examples("deal_score"))
def test_example_deal_score(ex: dict[str, Any]) -> None:
    g, want = ex["given"], ex["expect"]
    contract = g["contract"]
    k = CONTRACTS.index(contract)
    if "captured" in g:
        pts = [sum(core.games.belote._POINTS[k][card_id(c)] for c in g["captured"][t]) for t in "01"]
    else:
        pts = [g["card_points"]["0"], g["card_points"]["1"]]
    last_team = g["last_trick_team"]
    tw = [g["tricks_won"]["0"], g["tricks_won"]["1"]]
    tw[last_team] -= 1
    tricks_won = [tw[0], tw[1], 0, 0]
    cards = _last_trick_cards(contract)
    leader = last_team  # seat 0 or 1 leads and wins the last trick
    hands = {(leader + i) % 4: [c] for i, c in enumerate(cards)}
    # declaration points per team: as declarations with cards (taken from cards already played)
    decls: list[dict[str, Any]] = []
    belotes: list[dict[str, Any]] = []
    for t in (0, 1):
        left = g["declaration_points"][str(t)]
        if left == 50:
            decls.append({"seat": t, "call": "quarte", "cards": ["9C", "TC", "JC", "QC"]})
        elif left == 20:
            belotes.append({"seat": t, "suit": contract if contract in "CDHS" else "H"})
        else:
            assert left == 0
    state = position(contract, [], hands, declarer=g["declarer"], mult=g["multiplier"], n_tricks=7,
                     tricks_won=tricks_won, card_points=pts, scores=[g["scores_before"]["0"],
                     g["scores_before"]["1"]], hanging=g["hanging_in"], belotes=belotes, declarations=decls,
                     leader=leader)
    for i in range(4):
        state.apply(play(cards[i]))
    res = state.deal_results[-1]
    assert res["raw"] == [want["raw"]["0"], want["raw"]["1"]]
    assert res["capot"] == want["capot_team"]
    assert res["outcome"] == want["outcome"]
    assert res["awarded"] == [want["deal_points"]["0"], want["deal_points"]["1"]]
    assert res["hanging_out"] == want["hanging_out"]
    assert res["scores"] == state.scores == [want["scores_after"]["0"], want["scores_after"]["1"]]
    assert res["game_over"] is want["game_over"]
    assert state.winner == want["winner"]
    assert (state.current_player is None) is want["game_over"]


@pytest.mark.parametrize("ex", examples("bidding"))
def test_example_bidding(ex: dict[str, Any]) -> None:
    g, want = ex["given"], ex["expect"]
    state = dealt(g["dealer"], {}, [])
    for c in g["calls"]:
        assert state.current_player == c["seat"]
        state.apply(bid(c["call"]))
    view = state.view(None)
    if not want["ended"]:
        assert view["phase"] == "bidding"
        assert state.current_player == want["next_to_call"]
        assert {a.call for a in state.legal_actions()} == set(want["legal_next"])
        return
    if want.get("redeal"):
        assert state.current_player == core.CHANCE
        assert state.deal_results[-1]["outcome"] == "annulled"
        assert view["dealer"] == want["next_dealer"]
        return
    assert view["contract"] == {"call": want["contract"], "declarer": want["declarer"],
                                "team": want["declarer"] % 2, "multiplier": want["multiplier"]}
    assert state.current_player == want["first_lead"] == view["leader"]
    assert view["hand_sizes"] == [8, 8, 8, 8]
    rng = random.Random(1)
    while state.current_player != core.CHANCE and state.current_player is not None:
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(None)["dealer"] == want["next_dealer"]


# ------------------------------------------------------------ declarations
EX10_HANDS = {
    0: ["QH", "KH", "AH", "7S", "8S", "7D", "8D", "7C"],
    1: ["QD", "KD", "AD", "KS", "QS", "8C", "JC", "7H"],
    2: ["TS", "TH", "TD", "TC", "QC", "AC", "JD", "JS"],
    3: ["9S", "9H", "9D", "9C", "AS", "8H", "JH", "KC"],
}


def autoplay(state: core.State, *, declare: bool = True, belote: bool = True) -> None:
    """Play the deal out: declare everything offered, announce belote when offered, else first card."""
    while state.current_player not in (core.CHANCE, None):
        legal = state.legal_actions()
        pick = None
        if declare:
            pick = next((a for a in legal if a.type == "declare"), None)
        if pick is None and belote:
            pick = next((a for a in legal if a.call == "belote"), None)
        if pick is None:
            pick = next(a for a in legal if a.type == "play" and a.call is None)
        state.apply(pick)


def test_engine_declarations_example10() -> None:
    """Example 10 played for real: equal tierces cancel, four nines beat four tens, belote scores."""
    state = dealt(3, EX10_HANDS, ["pass", "S", "pass", "pass", "pass"])
    assert state.view(None)["contract"]["call"] == "S"
    offers = [a for a in state.legal_actions() if a.type == "declare"]
    assert offers == [core.Action("declare", cards=("QH", "KH", "AH"), call="tierce")]
    autoplay(state)
    res = state.deal_results[-1]
    assert res["declarations"] == [0, 170]
    assert sorted((d["seat"], d["call"], d["points"], d["scored"]) for d in res["declared"]) == [
        (0, "tierce", 20, False), (1, "tierce", 20, False), (2, "carre", 100, False), (3, "carre", 150, True)]
    assert res["belotes"] == [{"seat": 1, "suit": "S"}]
    revealed = [e for e in state.events if e["type"] == "revealed"][-1]
    assert {"seat": 2, "call": "carre", "cards": ["TS", "TH", "TD", "TC"]} in revealed["declarations"]
    assert sum(res["raw"]) == 162 + 170
    # only categories were public while the deal was played
    public = [e for e in state.events if e["type"] == "declared"]
    assert public and all("cards" not in e for e in public)
    own = [e for e in state.events_for(3) if e["type"] == "declared" and e["seat"] == 3]
    assert own[0]["cards"] == ["9S", "9H", "9D", "9C"]


OVERLAP = {0: ["QS", "QH", "QD", "QC", "9H", "TH", "JH", "KH"]}


def _offers(state: core.State) -> list[tuple[str, tuple[str, ...]]]:
    return [(str(a.call), tuple(a.cards or ())) for a in state.legal_actions() if a.type == "declare"]


def test_declare_overlap_carre_or_sequence() -> None:
    """§6.2: the queens count in the carré or in the run, never both; the run is cut by the carré."""
    state = dealt(3, OVERLAP, ["S", "pass", "pass", "pass"])
    assert _offers(state) == [("quint", ("9H", "TH", "JH", "QH", "KH")), ("carre", ("QS", "QH", "QD", "QC"))]
    refused(state, core.Action("declare", cards=("9H", "TH", "JH"), call="tierce"), "you can declare")
    refused(state, core.Action("declare", cards=("9H", "TH", "JH", "QH", "KH"), call="quarte"), "is a quint")
    a = state.clone()
    a.apply(core.Action("declare", cards=("QS", "QH", "QD", "QC"), call="carre"))
    assert _offers(a) == [("tierce", ("9H", "TH", "JH"))]
    # cards in any order are accepted
    a.apply(core.Action("declare", cards=("JH", "9H", "TH"), call="tierce"))
    assert _offers(a) == []
    b = state.clone()
    b.apply(core.Action("declare", cards=("9H", "TH", "JH", "QH", "KH"), call="quint"))
    assert _offers(b) == []
    # the play closes declaring: seat 1 is next and seat 0 cannot declare any more
    a.apply(play("9H"))
    assert a.current_player == 1
    refused(a, core.Action("declare", cards=("QS", "QH", "QD", "QC"), call="carre"), "declare")
    views = [a.view(s)["declarations"] for s in (0, 1, None)]
    assert views[0] == [{"seat": 0, "call": "carre", "cards": ["QS", "QH", "QD", "QC"]},
                        {"seat": 0, "call": "tierce", "cards": ["9H", "TH", "JH"]}]
    assert views[1] == views[2] == [{"seat": 0, "call": "carre"}, {"seat": 0, "call": "tierce"}]
    # another seat's determinization rebuilds the hidden declarations from its hand and plays
    rebuilt = Belote.from_view(a.view(1), a.hidden_zones(1))
    assert rebuilt.view(0)["declarations"] == views[0]
    autoplay(a)
    autoplay(rebuilt)
    assert rebuilt.deal_results[-1] == a.deal_results[-1]


def test_placeholder_declaration_scores_when_uncontested() -> None:
    """A determinization whose fill lacks an announced combination keeps a placeholder that still scores."""
    cards = _last_trick_cards("S")
    state = position("S", [], {i: [c] for i, c in enumerate(cards)}, n_tricks=7, tricks_won=[4, 3, 0, 0],
                     card_points=[100, 52], declarations=[{"seat": 1, "call": "tierce"}, {"seat": 3, "call": "carre"}])
    for c in cards:
        state.apply(play(c))
    res = state.deal_results[-1]
    assert res["declared"] == [{"seat": 1, "call": "tierce", "points": 20, "scored": True},
                               {"seat": 3, "call": "carre", "points": 100, "scored": True}]
    assert res["declarations"] == [0, 120]
    # against a real combination of its kind, the placeholder (the weakest of its kind) loses
    state = position("S", [], {i: [c] for i, c in enumerate(cards)}, n_tricks=7, tricks_won=[4, 3, 0, 0],
                     card_points=[100, 52], declarations=[
                         {"seat": 1, "call": "tierce"},
                         {"seat": 0, "call": "tierce", "cards": ["8C", "9C", "TC"]}])
    for c in cards:
        state.apply(play(c))
    assert [d["scored"] for d in state.deal_results[-1]["declared"]] == [False, True]
    weakest = core.games.belote._WEAKEST
    for call, cards in (("tierce", ["7H", "8H", "9H"]), ("quarte", ["7H", "8H", "9H", "TH"]),
                        ("quint", ["7H", "8H", "9H", "TH", "JH"]), ("carre", ["QS", "QH", "QD", "QC"])):
        assert weakest[call] == declaration_strength(call, mask(cards))


def test_any_subset_of_the_candidate_sequences() -> None:
    """§6.2 step 3: the player declares any subset of the candidate sequences, the best listed first."""
    state = dealt(3, {0: ["7S", "8S", "9S", "QH", "KH", "AH", "7D", "9C"]}, ["H", "pass", "pass", "pass"])
    assert _offers(state) == [("tierce", ("QH", "KH", "AH")), ("tierce", ("7S", "8S", "9S"))]
    both = state.clone()
    both.apply(core.Action("declare", cards=("QH", "KH", "AH"), call="tierce"))
    assert _offers(both) == [("tierce", ("7S", "8S", "9S"))]
    both.apply(core.Action("declare", cards=("7S", "8S", "9S"), call="tierce"))
    assert _offers(both) == []
    # only the weaker one: the ace-high tierce stays hidden
    state.apply(core.Action("declare", cards=("7S", "8S", "9S"), call="tierce"))
    assert _offers(state) == [("tierce", ("QH", "KH", "AH"))]
    state.apply(play("7D"))
    assert state.view(1)["declarations"] == [{"seat": 0, "call": "tierce"}]
    # another seat's determinization given the declared cards rebuilds them exactly
    fill = {**state.hidden_zones(1), "declared0": ["7S", "8S", "9S"]}
    assert Belote.from_view(state.view(1), fill).view(0)["declarations"] == state.view(0)["declarations"]
    # without them, the best tierce of the hand stands for it
    guess = Belote.from_view(state.view(1), state.hidden_zones(1)).view(0)["declarations"]
    assert guess == [{"seat": 0, "call": "tierce", "cards": ["QH", "KH", "AH"]}]


def test_every_carre_and_overlapping_choice_is_offered() -> None:
    """§6.2 step 1: any subset of the carrés; a card counts in a carré or in a sequence, the player chooses."""
    hand = ["JS", "JH", "JD", "JC", "9S", "9H", "9D", "9C"]
    state = dealt(3, {0: hand}, ["S", "pass", "pass", "pass"])
    assert _offers(state) == [("carre", ("JS", "JH", "JD", "JC")), ("carre", ("9S", "9H", "9D", "9C"))]
    state.apply(core.Action("declare", cards=("9S", "9H", "9D", "9C"), call="carre"))  # the nines only
    assert _offers(state) == [("carre", ("JS", "JH", "JD", "JC"))]
    # a sequence and an overlapping carré: declaring one removes the other, and the run is cut by the carré
    state = dealt(3, {0: ["8H", "9H", "TH", "JH", "JS", "JD", "JC", "7C"]}, ["S", "pass", "pass", "pass"])
    assert _offers(state) == [("quarte", ("8H", "9H", "TH", "JH")), ("carre", ("JS", "JH", "JD", "JC"))]
    c = state.clone()
    c.apply(core.Action("declare", cards=("JS", "JH", "JD", "JC"), call="carre"))
    assert _offers(c) == [("tierce", ("8H", "9H", "TH"))]
    state.apply(core.Action("declare", cards=("8H", "9H", "TH", "JH"), call="quarte"))
    assert _offers(state) == []


def test_long_run_is_one_quint() -> None:
    state = dealt(3, {0: ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]}, ["H", "pass", "pass", "pass"])
    assert _offers(state) == [("quint", ("7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"))]


def test_no_declarations_in_no_trumps_or_when_off() -> None:
    nt = dealt(3, OVERLAP, ["NT", "pass", "pass", "pass"])
    assert _offers(nt) == []
    refused(nt, core.Action("declare", cards=("QS", "QH", "QD", "QC"), call="carre"), "no declarations in no trumps")
    off = dealt(3, OVERLAP, ["S", "pass", "pass", "pass"], {"declarations_allowed": False})
    assert _offers(off) == []
    refused(off, core.Action("declare", cards=("QS", "QH", "QD", "QC"), call="carre"), "not played")
    at = dealt(3, OVERLAP, ["AT", "pass", "pass", "pass"])
    assert ("carre", ("QS", "QH", "QD", "QC")) in _offers(at)


# ------------------------------------------------------------------- belote
def test_belote_lost_when_not_announced_with_first_card() -> None:
    state = dealt(3, {0: ["KH", "QH", "7S", "8S", "9S", "7D", "8D", "9D"]}, ["H", "pass", "pass", "pass"])
    assert play("KH", "belote") in state.legal_actions()
    assert play("QH", "belote") in state.legal_actions()
    state.apply(play("KH"))
    autoplay(state)
    res = state.deal_results[-1]
    assert res["belotes"] == []
    played = [e for e in state.events if e["type"] == "played" and e["seat"] == 0]
    assert all("call" not in e for e in played)


def test_belote_announced_scores_even_inside() -> None:
    state = dealt(3, {0: ["KH", "QH", "7S", "8S", "9S", "7D", "8D", "9D"]}, ["H", "pass", "pass", "pass"])
    state.apply(play("QH", "belote"))
    assert state.view(2)["belotes"] == [{"seat": 0, "suit": "H"}]
    assert [e for e in state.events if e["type"] == "played"][-1] == {
        "type": "played", "seat": 0, "card": "QH", "call": "belote"}
    # the king cannot announce again
    while state.current_player != 0:
        state.apply(next(a for a in state.legal_actions() if a.type == "play"))
    assert play("KH", "belote") not in state.legal_actions()
    autoplay(state)
    res = state.deal_results[-1]
    assert res["belotes"] == [{"seat": 0, "suit": "H"}]
    assert sum(res["raw"]) == 162 + 20 + (90 if res["capot"] is not None else 0)


def test_belote_partner_card_is_public_after_the_announcement() -> None:
    """Announcing belote with the queen tells everybody the king is in that hand until it is played."""
    state = dealt(3, {0: ["KH", "QH", "7S", "8S", "9S", "7D", "8D", "9D"]}, ["H", "pass", "pass", "pass"])
    assert state.view(1)["known"] == [[], [], [], []]
    state.apply(play("QH", "belote"))
    for seat in (0, 1, 2, None):
        assert state.view(seat)["known"] == [["KH"], [], [], []]
    v1 = state.view(1)
    assert "KH" not in v1["unseen"] and v1["hidden"]["hand0"] == 6 and v1["hand_sizes"][0] == 7
    assert "KH" not in [c for cards in state.hidden_zones(1).values() for c in cards]
    # a determinization keeps the king in seat 0's hand
    rebuilt = Belote.from_view(v1, state.hidden_zones(1))
    assert rebuilt.card_zones()["hand0"] == state.card_zones()["hand0"]
    assert rebuilt.view(None) == {**state.view(None), "seq": rebuilt.seq, "events": rebuilt.event_count}
    while play("KH") not in state.legal_actions():
        state.apply(next(a for a in state.legal_actions() if a.type == "play" and a.card != "KH"))
        assert state.view(3)["known"] == [["KH"], [], [], []]
    state.apply(play("KH"))
    assert state.view(1)["known"] == [[], [], [], []]
    autoplay(state)
    assert state.view(None)["known"] == [[], [], [], []]


def test_belote_refusals() -> None:
    state = dealt(3, {0: ["KH", "QH", "KS", "8S", "9S", "7D", "8D", "9D"]}, ["H", "pass", "pass", "pass"])
    refused(state, play("KS", "belote"), "king and queen of trumps")
    refused(state, play("9S", "belote"), "king or queen")
    refused(state, play("KH", "bella"), "unknown announcement")
    nt = dealt(3, {0: ["KH", "QH", "KS", "8S", "9S", "7D", "8D", "9D"]}, ["NT", "pass", "pass", "pass"])
    assert all(a.call is None for a in nt.legal_actions())
    refused(nt, play("KH", "belote"), "no belote in no trumps")
    at = dealt(3, {0: ["KH", "QH", "KS", "QS", "9S", "7D", "8D", "9D"]}, ["AT", "pass", "pass", "pass"])
    assert {a.card for a in at.legal_actions() if a.call == "belote"} == {"KH", "QH", "KS", "QS"}


# -------------------------------------------------------------- legality
def test_play_refusal_reasons() -> None:
    st_ = position("H", [{"seat": 0, "card": "7C"}, {"seat": 1, "card": "AC"}], {2: ["9H", "7H", "AD", "KS"]})
    refused(st_, play("AD"), "^must trump: you have no clubs$")
    refused(st_, play("JC"), "^you do not hold the jack of clubs$")
    st_ = position("S", [{"seat": 1, "card": "AD"}, {"seat": 2, "card": "8D"}, {"seat": 3, "card": "TS"}],
                   {0: ["9S", "KS", "7S", "AC"]})
    refused(st_, play("KS"), "^must overtrump the ten of spades$")
    refused(st_, play("AC"), "^must overtrump the ten of spades$")
    st_ = position("S", [{"seat": 0, "card": "AH"}], {1: ["7H", "KS"]})
    refused(st_, play("KS"), "^must follow hearts$")
    st_ = position("S", [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "7S"}], {2: ["9S", "QS", "8H", "TD"]})
    refused(st_, play("QS"), "^must play a trump higher than the ace of spades$")
    refused(st_, play("8H"), "^must follow spades$")
    st_ = position("AT", [{"seat": 0, "card": "9D"}, {"seat": 1, "card": "KD"}], {2: ["JD", "AD", "7D", "AS"]})
    refused(st_, play("AD"), "^must beat the nine of diamonds$")
    refused(st_, core.Action("bid", call="H"), "time to play")


def test_bidding_refusals_and_options() -> None:
    state = dealt(0, {}, ["H"])
    refused(state, bid("D"), "you must bid higher than hearts")
    refused(state, bid("H"), "you must bid higher than hearts")
    refused(state, bid("redouble"), "only a doubled contract")
    refused(state, bid("bogus"), "unknown call")
    refused(state, play("7S"), "time to bid")
    state.apply(bid("pass"))  # seat 2
    refused(state, bid("double"), "cannot double your own team")  # seat 3, the bidder's partner
    state.apply(bid("pass"))
    state.apply(bid("double"))  # seat 0
    state.apply(bid("pass"))  # seat 1
    refused(state, bid("double"), "already doubled")  # seat 2
    refused(state, bid("redouble"), "only the declaring team")
    fresh = dealt(0, {}, [])
    refused(fresh, bid("double"), "no contract to double")
    norx = dealt(0, {}, ["H", "double"], {"redouble_allowed": False})
    assert bid("redouble") not in norx.legal_actions()
    refused(norx, bid("redouble"), "not allowed")


def test_bidder_may_overbid_its_own_contract_cancelling_the_double() -> None:
    state = dealt(3, {}, ["C", "double", "pass", "pass"])  # seat 0 bids, seat 1 doubles; back to seat 0
    assert state.current_player == 0
    assert {a.call for a in state.legal_actions()} == {"pass", "D", "H", "S", "NT", "AT", "redouble"}
    state.apply(bid("H"))
    for _ in range(3):
        state.apply(bid("pass"))
    assert state.view(None)["contract"] == {"call": "H", "declarer": 0, "team": 0, "multiplier": 1}


def test_overcall_after_redouble_and_auction_end() -> None:
    state = dealt(0, {}, ["C", "double", "redouble"])
    assert {a.call for a in state.legal_actions()} == {"pass", "D", "H", "S", "NT", "AT"}
    state.apply(bid("AT"))
    assert {a.call for a in state.legal_actions()} == {"pass", "double"}
    for _ in range(3):
        state.apply(bid("pass"))
    assert state.view(None)["contract"] == {"call": "AT", "declarer": 0, "team": 0, "multiplier": 1}
    assert state.view(None)["trump"] is None


def test_deal_protocol() -> None:
    state = core.new_match("belote", players=4, first_dealer=2)
    refused(state, bid("pass"), "dealt first")
    deck = list(ALL)
    state.apply(core.Action("deal", deck=tuple(deck)))
    v = state.view(3)
    # seat 3 (dealer + 1) gets deck[0..2] and deck[12..13]
    assert v["hands"][3] == sorted([*deck[0:3], *deck[12:14]], key=card_id)
    assert v["hidden"] == {"hand0": 5, "hand1": 5, "hand2": 5, "stock": 12}
    assert state.current_player == 3
    for _ in range(4):
        state.apply(bid("pass"))
    assert state.current_player == core.CHANCE and state.view(None)["dealer"] == 3
    assert state.card_zones() == {"deck": ALL}


# ----------------------------------------------------------------- scoring
def _last(contract: str, *, declarer: int, mult: int, card_points: list[int], winners: int, capot: bool = False,
          scores: list[int] | None = None, hanging: int = 0, options: dict[str, Any] | None = None,
          target: int | None = None) -> Belote:
    """Play the last (zero-point) trick of a deal, won by side ``winners``; return the state."""
    cards = _last_trick_cards(contract)
    hands = {(winners + i) % 4: [c] for i, c in enumerate(cards)}
    tw = [7, 0, 0, 0] if winners == 0 else [0, 7, 0, 0]
    if not capot:
        tw[1 - winners] = 3
        tw[winners] = 4
    state = position(contract, [], hands, declarer=declarer, mult=mult, n_tricks=7, tricks_won=tw,
                     card_points=card_points, scores=scores, hanging=hanging, options=options, leader=winners,
                     target=target)
    for c in cards:
        state.apply(play(c))
    return state


def test_doubled_capot_and_option() -> None:
    on = _last("S", declarer=0, mult=2, card_points=[152, 0], winners=0, capot=True).deal_results[-1]
    assert (on["outcome"], on["raw"], on["capot"], on["awarded"]) == ("doubled", [252, 0], 0, [50, 0])
    off = _last("S", declarer=0, mult=2, card_points=[152, 0], winners=0, capot=True,
                options={"double_includes_capot": False}).deal_results[-1]
    # §10.2 still applies, with m = 1: the side with more raw points takes the rounded total
    assert (off["outcome"], off["multiplier_applied"], off["awarded"]) == ("doubled", 1, [25, 0])
    # a doubled deal that is not a capot is still doubled with the option off
    nc = _last("S", declarer=0, mult=4, card_points=[100, 52], winners=0,
               options={"double_includes_capot": False}).deal_results[-1]
    assert (nc["outcome"], nc["awarded"]) == ("doubled", [16 * 4, 0])


def test_doubled_capot_without_capot_doubling_keeps_the_doubled_procedure() -> None:
    """``double_includes_capot = false``: a doubled capot deal is scored by §10.2 with m = 1.

    Worked example found by playing in lockstep against an independent
    implementation: the capotted side's belotes go to the side with more raw
    points, as in a doubled deal; the undoubled procedure would give them 8.
    """
    deck = "AS AH AD 8S 8H 8D JS JH JD KS KH KD AC TS 8C 7S JC 9S KC QS TH TD TC 7H 7D 7C 9H 9D 9C QH QD QC"
    state = core.new_match("belote", players=4, options={"double_includes_capot": False}, first_dealer=1)
    state.apply(core.Action("deal", deck=tuple(deck.split())))
    for call in ("AT", "double", "pass", "pass", "pass"):
        state.apply(bid(call))
    state.apply(play("TS"))
    state.apply(play("7S"))
    state.apply(core.Action("declare", cards=("JS", "JH", "JD", "JC"), call="carre"))
    state.apply(play("JS"))
    state.apply(play("QS", "belote"))
    for lead in ("JH", "JD", "JC", "9S", "9H", "9D", "9C"):
        state.apply(play(lead))
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.call == "belote"), legal[0]))  # seat 1: K or Q, belote
        for _ in range(2):
            state.apply(state.legal_actions()[0])
    res = state.deal_results[-1]
    assert len(res["belotes"]) == 4 and res["belotes"][0]["seat"] == 1
    assert (res["capot"], res["raw"], res["multiplier"], res["multiplier_applied"]) == (0, [548, 80], 2, 1)
    assert (res["outcome"], res["awarded"]) == ("doubled", [63, 0])
    # with the default (capot doubled too) the same deal is worth twice as much
    assert score_deal(AT, 0, 2, res["raw"], 0) == ("doubled", [126, 0], 0)


def test_capot_against_declarers_is_inside() -> None:
    res = _last("AT", declarer=0, mult=1, card_points=[0, 248], winners=1, capot=True).deal_results[-1]
    assert (res["outcome"], res["raw"], res["awarded"], res["capot"]) == ("inside", [0, 348], [0, 35], 1)


def test_doubled_hung_and_pot_goes_to_next_winner() -> None:
    state = _last("H", declarer=1, mult=2, card_points=[71, 81], winners=0, hanging=3)
    res = state.deal_results[-1]
    assert (res["outcome"], res["awarded"], res["hanging_out"]) == ("doubled_hung", [0, 0], 3 + 32)
    assert state.view(None)["hanging"] == 35
    # a thrown-in deal keeps the pot, the next dealer deals
    dealer = state.view(None)["dealer"]
    state.apply(core.Action("deal", deck=tuple(ALL)))
    for _ in range(4):
        state.apply(bid("pass"))
    assert state.view(None)["hanging"] == 35 and state.deal_results[-1]["outcome"] == "annulled"
    assert state.view(None)["dealer"] == (dealer + 1) % 4
    # the inside deal after gives everything to the opponents, pot included
    nxt = _last("H", declarer=1, mult=1, card_points=[100, 52], winners=0, hanging=35).deal_results[-1]
    assert (nxt["outcome"], nxt["awarded"], nxt["hanging_out"]) == ("inside", [16 + 35, 0], 0)


def test_no_exit_on_capot_then_next_deal_ends() -> None:
    st1 = _last("S", declarer=0, mult=1, card_points=[152, 0], winners=0, capot=True, scores=[140, 100])
    res = st1.deal_results[-1]
    assert res["scores"] == [165, 100] and res["game_over"] is False
    assert st1.current_player == core.CHANCE and st1.winner is None and st1.view(None)["target"] == 151
    st2 = _last("S", declarer=1, mult=1, card_points=[20, 132], winners=1, scores=[165, 100])
    assert st2.deal_results[-1]["scores"] == [167, 114]
    assert st2.current_player is None and st2.winner == 0
    assert st2.events[-1] == {"type": "match_over", "scores": [167, 114], "winner": 0}


def test_leader_plus_one_raises_target() -> None:
    opts = {"capot_exit": "leader_plus_one"}
    st1 = _last("S", declarer=0, mult=1, card_points=[152, 0], winners=0, capot=True, scores=[140, 100],
                options=opts)
    assert st1.view(None)["target"] == 166 and st1.current_player == core.CHANCE
    st2 = _last("S", declarer=1, mult=1, card_points=[96, 56], winners=0, scores=[150, 100], options=opts)
    assert st2.current_player is None and st2.winner == 0  # target untouched without a capot
    # the raised target stays: 160 no longer ends the match, 175 does
    st3 = _last("S", declarer=0, mult=1, card_points=[96, 56], winners=0, scores=[150, 100], options=opts,
                target=166)
    assert st3.deal_results[-1]["scores"] == [160, 106] and st3.current_player == core.CHANCE
    assert st3.view(None)["target"] == 166
    st4 = _last("S", declarer=0, mult=1, card_points=[96, 56], winners=0, scores=[165, 100], options=opts,
                target=166)
    assert st4.current_player is None and st4.winner == 0
    # a second capot raises it again
    st5 = _last("S", declarer=1, mult=1, card_points=[0, 152], winners=1, capot=True, scores=[160, 150],
                options=opts, target=166)
    assert st5.deal_results[-1]["scores"] == [160, 175] and st5.view(None)["target"] == 176


def test_match_can_end_on_a_hung_deal_and_the_pot_is_discarded() -> None:
    """The non-declarers reach the target on a hung deal: they win; the hanging points are thrown away."""
    state = _last("S", declarer=1, mult=1, card_points=[71, 81], winners=0, scores=[145, 100], hanging=5)
    res = state.deal_results[-1]
    assert (res["outcome"], res["awarded"], res["hanging_out"], res["game_over"]) == ("hung", [8, 0], 13, True)
    assert state.current_player is None and state.winner == 0 and state.scores == [153, 100]
    assert state.view(None)["hanging"] == 0


def test_equal_scores_above_target_continue_and_lower_side_can_win() -> None:
    tie = _last("H", declarer=0, mult=1, card_points=[96, 56], winners=0, scores=[145, 149])
    assert tie.deal_results[-1]["scores"] == [155, 155] and tie.current_player == core.CHANCE
    # side 1 crosses the target in this deal but side 0 leads: side 0 wins
    win = _last("H", declarer=1, mult=1, card_points=[46, 106], winners=1, scores=[170, 140])
    assert win.deal_results[-1]["scores"] == [175, 151] and win.winner == 0


def test_nt_points_are_doubled_and_rounded() -> None:
    res = _last("NT", declarer=0, mult=1, card_points=[67, 53], winners=1).deal_results[-1]
    assert res["card_points"] == [67, 63] and res["card_total"] == 130
    assert (res["raw"], res["outcome"], res["awarded"]) == ([134, 126], "made", [13, 13])


# ---------------------------------------------------------- property tests
TRUMP_ORDER = "78QKTA9J"
PLAIN_ORDER = "789JQKTA"


def _strength(contract: str, card: str) -> int:
    order = TRUMP_ORDER if contract == "AT" or card[1] == contract else PLAIN_ORDER
    return order.index(card[0])


def ref_winner(contract: str, trick: list[str]) -> int:
    """Reference trick winner written from §7 (index into ``trick``)."""
    trumps = [i for i, c in enumerate(trick) if contract in "CDHS" and c[1] == contract]
    pool = trumps or [i for i, c in enumerate(trick) if c[1] == trick[0][1]]
    return max(pool, key=lambda i: _strength(contract, trick[i]))


def ref_legal(contract: str, trick: list[str], leader: int, seat: int, hand: list[str]) -> set[str]:
    """Reference legal-card set written directly from §7.1."""
    if not trick:
        return set(hand)
    ls = trick[0][1]
    follow = [c for c in hand if c[1] == ls]
    if contract == "NT":
        return set(follow or hand)
    if contract == "AT":
        if follow:
            top = max(_strength("AT", c) for c in trick if c[1] == ls)
            return set([c for c in follow if _strength("AT", c) > top] or follow)
        return set(hand)
    t = contract
    if follow:
        if ls == t:
            top = max(_strength(t, c) for c in trick if c[1] == t)
            return set([c for c in follow if _strength(t, c) > top] or follow)
        return set(follow)
    win_seat = (leader + ref_winner(contract, trick)) % 4
    if win_seat % 2 == seat % 2:
        return set(hand)
    trumps = [c for c in hand if c[1] == t]
    if not trumps:
        return set(hand)
    in_trick = [c for c in trick if c[1] == t]
    if in_trick:
        top = max(_strength(t, c) for c in in_trick)
        higher = [c for c in trumps if _strength(t, c) > top]
        return set(higher) if higher else set(hand)
    return set(trumps)


@given(st.sampled_from(CONTRACTS), st.permutations(ALL), st.integers(0, 3), st.integers(0, 3),
       st.integers(1, 8))
def test_legality_matches_reference(contract: str, cards: list[str], leader: int, n: int, size: int) -> None:
    trick, hand = cards[:n], cards[n:n + size]
    seat = (leader + n) % 4
    k = CONTRACTS.index(contract)
    tids = ids(trick)
    win = trick_winner_index(k, tids) if trick else 0
    lm = legal_mask(k, tids, (leader + win) % 4, tids[win] if trick else -1, seat, mask(hand))
    assert set(mask_strs(lm)) == ref_legal(contract, trick, leader, seat, hand)
    if n == 3:
        full = [*trick, hand[0]]
        assert trick_winner_index(k, ids(full)) == ref_winner(contract, full)


@given(st.sampled_from(CONTRACTS), st.permutations(ALL), st.integers(0, 3), st.integers(0, 3),
       st.integers(1, 8))
def test_engine_legal_list_matches_reference(contract: str, cards: list[str], leader: int, n: int,
                                             size: int) -> None:
    trick, hand = cards[:n], cards[n:n + size]
    seat = (leader + n) % 4
    state = position(contract, [{"seat": (leader + i) % 4, "card": c} for i, c in enumerate(trick)],
                     {seat: hand}, leader=leader)
    assert plays(state) == ref_legal(contract, trick, leader, seat, hand)
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)


DECL = st.tuples(st.integers(0, 3), st.sampled_from(["tierce", "quarte", "quint", "carre"]), st.integers(0, 60))


@given(st.lists(DECL, max_size=8))
def test_declaration_comparison_properties(decls: list[tuple[int, str, int]]) -> None:
    rows = [(s, call, strength, 0) for s, call, strength in decls]
    flags = compare_declarations(rows)
    for kind in ("seq", "carre"):
        mine = [(r, f) for r, f in zip(rows, flags, strict=True) if (r[1] == "carre") == (kind == "carre")]
        best = [max((r[2] for r, _ in mine if r[0] % 2 == side), default=-1) for side in (0, 1)]
        scoring_sides = {r[0] % 2 for r, f in mine if f}
        assert len(scoring_sides) <= 1  # at most one side scores each kind
        if best[0] == best[1]:
            assert not scoring_sides
        else:
            side = 0 if best[0] > best[1] else 1
            # the better side scores all of its combinations of that kind, the other none
            assert all(f == (r[0] % 2 == side) for r, f in mine)


@given(st.sets(st.sampled_from(ALL), min_size=8, max_size=8), st.randoms(use_true_random=False))
def test_declaration_offers_follow_overlap_rules(hand_set: set[str], rnd: random.Random) -> None:
    hand = mask(sorted(hand_set))
    made: list[tuple[str, int]] = []
    while True:
        every = declarable(hand, made)
        best = declaration_options(hand, made)
        assert {call: (m, st_, pts) for call, m, st_, pts in reversed(every)} == best  # the first of a kind
        if not every:
            break
        call, m, strength, points = rnd.choice(every)  # any of them, in any order
        made.append((call, m))
        assert declaration_points(call, m) == points
        assert declaration_strength(call, m) == strength
    carres = 0
    seqs = 0
    for call, m in made:
        assert m & hand == m
        assert not m & (carres | seqs), "a card counts in one combination only"
        if call == "carre":
            carres |= m
        else:
            seqs |= m
    rest = hand & ~carres
    # every declared sequence is a maximal run of the hand minus the declared carrés, and with
    # nothing left to offer every such run of 3+ is declared
    runs = set()
    for s in range(4):
        run = 0
        for r in range(5, 13):
            cid = s * 16 + r
            if rest >> cid & 1:
                run |= 1 << cid
            else:
                if bin(run).count("1") >= 3:
                    runs.add(run)
                run = 0
        if bin(run).count("1") >= 3:
            runs.add(run)
    assert {m for call, m in made if call != "carre"} == runs
    for call, m in made:
        if call != "carre":
            n = bin(m).count("1")
            assert call == SEQ_CALLS[min(n, 5) - 3]


@given(st.sampled_from([2, 4, 5]), st.integers(0, 300), st.integers(0, 30), st.booleans(), st.integers(0, 40))
def test_rounding_shares_add_up(contract: int, a: int, extra_tens: int, capot: bool, pot: int) -> None:
    """§9: rounded shares of a made or hung deal add up to the rounded total (which ends in 2/8/0)."""
    base = {2: 162, 4: 260, 5: 258}[contract]
    if contract == NT:  # no declarations, and every raw score is doubled, hence even
        extra_tens, a = 0, a - a % 2
    total = base + 10 * extra_tens + (90 if capot else 0)
    a = min(a, total)
    raw = [a, total - a]
    outcome, awarded, pot_out = score_deal(contract, 0, 1, raw, pot)
    whole = round_points(total, True, contract)
    assert whole == {2: total // 10, 4: total // 10, 5: total // 10 + 1}[contract]
    if outcome == "made":
        assert awarded[0] + awarded[1] - pot == whole and pot_out == 0
    elif outcome == "hung":
        assert awarded[1] + pot_out - pot == whole and awarded[0] == 0
    else:
        assert outcome == "inside" and awarded == [0, whole + pot] and pot_out == 0
    for m in (2, 4):
        outcome, awarded, pot_out = score_deal(contract, 0, m, raw, pot)
        if raw[0] == raw[1]:
            assert outcome == "doubled_hung" and awarded == [0, 0] and pot_out == pot + whole * m
        else:
            assert outcome == "doubled" and sum(awarded) == whole * m + pot and pot_out == 0
            assert awarded[0 if raw[0] > raw[1] else 1] == whole * m + pot


@given(st.sampled_from(range(6)), st.lists(st.integers(0, 8), min_size=1, max_size=1),
       st.integers(0, 162), st.sampled_from([0, 20, 50, 100, 170]))
def test_raw_points(contract: int, tricks: list[int], cp0: int, decl: int) -> None:
    total = {4: 130, 5: 258}.get(contract, 162)
    cp0 = min(cp0, total)
    t0 = tricks[0]
    raw, capot = raw_points(contract, [cp0, total - cp0], [decl, 0], [t0, 8 - t0])
    mult = 2 if contract == NT else 1
    assert sum(raw) == total * mult + decl + (90 if capot is not None else 0)
    assert capot == (0 if t0 == 8 else 1 if t0 == 0 else None)
    assert AT == 5


def test_replay_and_view_secrecy_of_declarations() -> None:
    state = dealt(3, OVERLAP, ["S", "pass", "pass", "pass"])
    state.apply(core.Action("declare", cards=("QS", "QH", "QD", "QC"), call="carre"))
    again = core.replay(json.loads(json.dumps(state.to_record())))
    assert again.view(0) == state.view(0)
    assert state.view(0)["declarations"] == [{"seat": 0, "call": "carre", "cards": ["QS", "QH", "QD", "QC"]}]
    for seat in (1, 2, 3, None):
        assert state.view(seat)["declarations"] == [{"seat": 0, "call": "carre"}]
        shown = {k: v for k, v in state.view(seat).items() if k != "unseen"}
        assert "QC" not in json.dumps(shown)


def test_dealt_events_are_private() -> None:
    state = dealt(3, {}, ["H", "pass", "pass", "pass"])
    deck = make_deck(3, {})
    mine = [e for e in state.events_for(0) if e["type"] == "dealt" and e["seat"] == 0]
    assert [e["round"] for e in mine] == [1, 2]
    assert mine[0]["cards"] == [*deck[0:3], *deck[12:14]] and mine[1]["cards"] == deck[20:23]
    assert all("cards" not in e for e in state.events_for(1) if e["type"] == "dealt" and e["seat"] == 0)
    assert all("cards" not in e for e in state.events if e["type"] == "dealt")
    assert [e for e in state.events if e["type"] == "contract"] == [
        {"type": "contract", "call": "H", "declarer": 0, "multiplier": 1}]


def test_clone_is_independent() -> None:
    state = dealt(3, OVERLAP, ["S", "pass", "pass", "pass"])
    state.apply(core.Action("declare", cards=("QS", "QH", "QD", "QC"), call="carre"))
    before = json.dumps([state.view(s) for s in (0, 1, 2, 3, None)], sort_keys=True)
    twin = state.clone()
    autoplay(twin)
    rng = random.Random(4)
    for _ in range(60):
        if twin.current_player is None:
            break
        twin.apply(twin.sample_chance(rng) if twin.current_player == core.CHANCE else rng.choice(twin.legal_actions()))
    assert json.dumps([state.view(s) for s in (0, 1, 2, 3, None)], sort_keys=True) == before


REF_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
REF_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def test_random_deals_against_reference() -> None:
    """Random matches: every legal card set, trick winner and card count checked against the reference."""
    rng = random.Random(11)
    checked = 0
    for match in range(12):
        state = core.new_match("belote", players=4, seed=match)
        for _ in range(3000):
            cp = state.current_player
            if cp is None:
                break
            if cp == core.CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(cp)
            if view["phase"] == "play":
                contract = view["contract"]["call"]
                trick = [e["card"] for e in view["trick"]]
                leader = view["leader"]
                assert plays(state) == ref_legal(contract, trick, leader, cp, view["hands"][cp])
                checked += 1
            n_events = state.event_count
            state.apply(rng.choice(state.legal_actions()))
            for ev in state.events[n_events:]:
                if ev["type"] == "trick":
                    contract = state.view(None)["contract"]["call"]
                    assert ev["winner"] == (ev["leader"] + ref_winner(contract, ev["cards"])) % 4
                    pts = sum((REF_TRUMP_POINTS if contract == "AT" or c[1] == contract else REF_PLAIN_POINTS)[c[0]]
                              for c in ev["cards"])
                    assert ev["points"] in (pts, pts + 10)
                if ev["type"] == "deal_scored" and ev["outcome"] != "annulled":
                    assert sum(ev["card_points"]) == ev["card_total"]
                    mult = 2 if ev["contract"] == "NT" else 1
                    capot = 90 if ev["capot"] is not None else 0
                    assert sum(ev["raw"]) == ev["card_total"] * mult + sum(ev["declarations"]) + capot
    assert checked > 1000
