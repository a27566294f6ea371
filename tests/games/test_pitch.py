"""Pitch: every worked example of the rules spec, targeted edge cases and property tests.

The worked examples (spec §15) are copied below as data.  They are driven
through the real engine: a deck is built so that the deal gives each seat the
example's trumps (plus non-trumps that are thrown away), the auction and the
trump call are made, and the example's tricks are played with ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.cards import deck_strs
from core.games.pitch import (
    POINT_COUNTS,
    Pitch,
    burn_rule,
    next_leader,
    tables,
    trick_winner_index,
    trump_order_strs,
)
from tests.util import strings_in

EXAMPLES: list[dict[str, Any]] = [{'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'trick_winner',
  'given': {'trump': 'D',
            'trick': [{'seat': 0, 'card': 'X1'},
                      {'seat': 1, 'card': 'JH'},
                      {'seat': 2, 'card': 'TD'},
                      {'seat': 3, 'card': 'KD'}]},
  'expect': {'winner': 3},
  'why': 'Trump diamonds: order A K Q J (JD) off-jack (JH) X1 X2 T ... 2. KD is the highest card '
         'played.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'trick_winner',
  'given': {'trump': 'D',
            'trick': [{'seat': 0, 'card': 'X2'},
                      {'seat': 1, 'card': 'X1'},
                      {'seat': 2, 'card': 'JH'},
                      {'seat': 3, 'card': 'TD'}]},
  'expect': {'winner': 2},
  'why': 'The off-jack (JH when diamonds are trump) outranks both jokers; X1 outranks X2; the ten ranks '
         'below the jokers.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10,
              'dirty': False,
              'reverse': False,
              'players': 4,
              'joker_order': 'first_played'},
  'kind': 'trick_winner',
  'given': {'trump': 'D',
            'trick': [{'seat': 0, 'card': 'X2'}, {'seat': 1, 'card': 'X1'}, {'seat': 2, 'card': '9D'}]},
  'expect': {'winner': 0},
  'why': 'Option joker_order=first_played: the two jokers are equal and a tie goes to the joker played '
         'first (seat 0).'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': True, 'players': 4},
  'kind': 'trick_winner',
  'given': {'trump': 'S',
            'trick': [{'seat': 0, 'card': 'AS'},
                      {'seat': 1, 'card': '2S'},
                      {'seat': 2, 'card': 'KS'},
                      {'seat': 3, 'card': '3S'}]},
  'expect': {'winner': 1},
  'why': 'Option reverse: the whole trump order is inverted, so the 2 is the highest card and the ace '
         'the lowest.'},
 {'game': 'pitch',
  'variant': '16_point',
  'options': {'points': 16, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'trick_winner',
  'given': {'trump': 'C',
            'trick': [{'seat': 0, 'card': 'AS'},
                      {'seat': 1, 'card': 'KC'},
                      {'seat': 2, 'card': 'TS'},
                      {'seat': 3, 'card': 'TC'}]},
  'expect': {'winner': 0},
  'why': '16-point pitch: the off-ace (AS when clubs are trump) is a trump ranking just below AC, so it '
         'beats KC; TS (off-ten) ranks just below TC.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'legal_moves',
  'given': {'phase': 'burn', 'trump': 'S', 'hand': ['AS', 'KS', 'QS', '9S', '8S', '7S', '5S', '3S']},
  'expect': {'must_burn': 2, 'mandatory': [], 'choose': 2, 'from': ['KS', 'QS', '9S', '8S', '7S', '5S']},
  'why': 'Eight trumps after the draw: two must be burned. Point cards (AS, 3S) may not be burned while '
         'a non-point trump is available, so the two burned cards are chosen from the six non-point '
         'trumps.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'legal_moves',
  'given': {'phase': 'burn', 'trump': 'S', 'hand': ['AS', 'JS', 'JC', 'X1', 'X2', 'TS', '3S', 'KS']},
  'expect': {'must_burn': 2,
             'mandatory': ['KS'],
             'choose': 1,
             'from': ['AS', 'JS', 'JC', 'X1', 'X2', 'TS', '3S']},
  'why': 'Eight trumps, seven of them point cards: KS must be burned, and one point card as well '
         "(player's choice). The points of a burned card are out of play for this deal."},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'legal_moves',
  'given': {'phase': 'lead', 'trick_winner': 1, 'cards_left': {'0': 3, '1': 0, '2': 2, '3': 1}},
  'expect': {'next_leader': 2},
  'why': 'Seat 1 won the trick but has no cards left: the lead passes to the next player clockwise (to '
         'its left) who still holds cards: seat 2.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 6,
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '4H'},
                        {'seat': 2, 'card': '7H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'QH'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '2H'}],
                       [{'seat': 0, 'card': 'JH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'X1'}, {'seat': 2, 'card': '3H'}],
                       [{'seat': 0, 'card': '9H'}],
                       [{'seat': 0, 'card': '5H'}]],
            'burned': [],
            'scores_before': {'0': 0, '1': 0}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 9, '1': 1},
             'outcome': 'made',
             'deal_points': {'0': 9, '1': 1},
             'scores_after': {'0': 9, '1': 1},
             'game_over': False,
             'winner': None},
  'why': 'Bid 6 by seat 0 (hearts). Team 0 captures AH, JH, TH, JD, X2, X1 and 3H = 1+1+1+1+1+1+3 = 9. '
         'The 2H was played by seat 3 into a trick won by seat 0, but the low point always goes to the '
         'team of the player who played the 2: team 1 scores 1. Bid made: team 0 +9, team 1 +1.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': True, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 6,
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '4H'},
                        {'seat': 2, 'card': '7H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'QH'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '2H'}],
                       [{'seat': 0, 'card': 'JH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'X1'}, {'seat': 2, 'card': '3H'}],
                       [{'seat': 0, 'card': '9H'}],
                       [{'seat': 0, 'card': '5H'}]],
            'burned': [],
            'scores_before': {'0': 0, '1': 0}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 10, '1': 0},
             'outcome': 'made',
             'deal_points': {'0': 10, '1': 0},
             'scores_after': {'0': 10, '1': 0},
             'game_over': False,
             'winner': None},
  'why': 'Same play under option dirty: the 2H is captured like any other point card, so team 0 takes '
         'all 10.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 'moon',
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '4H'},
                        {'seat': 2, 'card': '7H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'QH'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '2H'}],
                       [{'seat': 0, 'card': 'JH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'X1'}, {'seat': 2, 'card': '3H'}],
                       [{'seat': 0, 'card': '9H'}],
                       [{'seat': 0, 'card': '5H'}]],
            'burned': [],
            'scores_before': {'0': 20, '1': 10}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 9, '1': 1},
             'outcome': 'moon_failed',
             'deal_points': None,
             'scores_after': {'0': 20, '1': 10},
             'game_over': True,
             'winner': 1},
  'why': 'Shoot the moon with the same play: team 1 kept the low point (seat 3 played 2H), so the '
         'bidders did not take all 10 points: the moon fails and team 0 loses the game immediately.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 'moon',
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '9H'},
                        {'seat': 2, 'card': '4H'},
                        {'seat': 3, 'card': '5H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'QH'},
                        {'seat': 1, 'card': '3H'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'JH'}, {'seat': 2, 'card': '7H'}],
                       [{'seat': 0, 'card': 'X1'}],
                       [{'seat': 0, 'card': '2H'}]],
            'burned': [],
            'scores_before': {'0': 30, '1': 41}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 10, '1': 0},
             'outcome': 'moon_made',
             'deal_points': {'0': 22, '1': 0},
             'scores_after': {'0': 52, '1': 41},
             'game_over': True,
             'winner': 0},
  'why': 'Moon made: team 0 takes all 10 points (it also played the 2H itself). Its score was above '
         'zero, so it jumps to 52 and wins.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 'moon',
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '9H'},
                        {'seat': 2, 'card': '4H'},
                        {'seat': 3, 'card': '5H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'QH'},
                        {'seat': 1, 'card': '3H'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'JH'}, {'seat': 2, 'card': '7H'}],
                       [{'seat': 0, 'card': 'X1'}],
                       [{'seat': 0, 'card': '2H'}]],
            'burned': [],
            'scores_before': {'0': -8, '1': 41}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 10, '1': 0},
             'outcome': 'moon_made',
             'deal_points': {'0': 8, '1': 0},
             'scores_after': {'0': 0, '1': 41},
             'game_over': False,
             'winner': None},
  'why': "Moon made from a negative score (-8): the bidders' score becomes 0 and the game continues."},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 10,
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '4H'},
                        {'seat': 2, 'card': '7H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'QH'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '2H'}],
                       [{'seat': 0, 'card': 'JH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'X1'}, {'seat': 2, 'card': '3H'}],
                       [{'seat': 0, 'card': '9H'}],
                       [{'seat': 0, 'card': '5H'}]],
            'burned': [],
            'scores_before': {'0': 12, '1': 30}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 9, '1': 1},
             'outcome': 'set',
             'deal_points': {'0': -10, '1': 1},
             'scores_after': {'0': 2, '1': 31},
             'game_over': False,
             'winner': None},
  'why': 'Seat 0 bid 10 and its side took 9: set. Team 0 loses the bid, 10 (12 -> 2); team 1 still '
         'scores the 1 point it took (30 -> 31).'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'deal_score',
  'given': {'trump': 'H',
            'dealer': 3,
            'bidder': 0,
            'bid': 6,
            'tricks': [[{'seat': 0, 'card': 'AH'},
                        {'seat': 1, 'card': '4H'},
                        {'seat': 2, 'card': '7H'},
                        {'seat': 3, 'card': '6H'}],
                       [{'seat': 0, 'card': 'KH'},
                        {'seat': 1, 'card': 'QH'},
                        {'seat': 2, 'card': '8H'},
                        {'seat': 3, 'card': '2H'}],
                       [{'seat': 0, 'card': 'JH'},
                        {'seat': 1, 'card': 'TH'},
                        {'seat': 2, 'card': 'JD'},
                        {'seat': 3, 'card': 'X2'}],
                       [{'seat': 0, 'card': 'X1'}, {'seat': 2, 'card': '3H'}],
                       [{'seat': 0, 'card': '9H'}],
                       [{'seat': 0, 'card': '5H'}]],
            'burned': [],
            'scores_before': {'0': 44, '1': 51}},
  'expect': {'trick_winners': [0, 0, 0, 0, 0, 0],
             'points_taken': {'0': 9, '1': 1},
             'outcome': 'made',
             'deal_points': {'0': 9, '1': 1},
             'scores_after': {'0': 53, '1': 52},
             'game_over': True,
             'winner': 0},
  'why': 'Team 0 (bidders) make 9 -> 53, team 1 takes 1 -> 52. Both reach 52 in the same deal: the '
         'bidding team wins.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'bidding',
  'given': {'dealer': 3,
            'calls': [{'seat': 0, 'call': 'pass'},
                      {'seat': 1, 'call': 'pass'},
                      {'seat': 2, 'call': 'pass'}]},
  'expect': {'complete': False, 'next_to_call': 3, 'legal_next': [4, 5, 6, 7, 8, 9, 10, 'moon']},
  'why': 'Everybody before the dealer passed: the dealer may not pass (stuck) and must bid at least the '
         'minimum, 4.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'bidding',
  'given': {'dealer': 3,
            'calls': [{'seat': 0, 'call': 5},
                      {'seat': 1, 'call': 'pass'},
                      {'seat': 2, 'call': 7},
                      {'seat': 3, 'call': 'pass'}]},
  'expect': {'complete': True, 'bidder': 2, 'bid': 7, 'first_lead': 2},
  'why': "Each player bids once, in clockwise order from the dealer's left; each bid must exceed the "
         'standing bid. Seat 2 wins the auction at 7 and will lead the first trick.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 4},
  'kind': 'bidding',
  'given': {'dealer': 0, 'calls': [{'seat': 1, 'call': 6}, {'seat': 2, 'call': 'moon'}]},
  'expect': {'complete': False, 'next_to_call': 3, 'legal_next': ['pass']},
  'why': 'After a moon bid nothing higher exists: the remaining players can only pass.'},
 {'game': 'pitch',
  'variant': '10_point',
  'options': {'points': 10, 'dirty': False, 'reverse': False, 'players': 5},
  'kind': 'deal_score',
  'given': {'trump': 'S',
            'dealer': 0,
            'bidder': 1,
            'called_card': 'AS',
            'called_card_in_blind': False,
            'bid': 7,
            'tricks': [[{'seat': 1, 'card': 'KS'},
                        {'seat': 2, 'card': 'TS'},
                        {'seat': 3, 'card': 'AS'},
                        {'seat': 4, 'card': 'X1'},
                        {'seat': 0, 'card': 'JS'}],
                       [{'seat': 3, 'card': '7S'},
                        {'seat': 4, 'card': '6S'},
                        {'seat': 0, 'card': 'X2'},
                        {'seat': 1, 'card': 'QS'},
                        {'seat': 2, 'card': 'JC'}],
                       [{'seat': 1, 'card': '9S'}, {'seat': 2, 'card': '8S'}, {'seat': 0, 'card': '3S'}],
                       [{'seat': 1, 'card': '5S'}, {'seat': 2, 'card': '2S'}],
                       [{'seat': 1, 'card': '4S'}]],
            'scores_before': {'0': 10, '1': 20, '2': 5, '3': 30, '4': 0}},
  'expect': {'partner': 3,
             'trick_winners': [3, 1, 1, 1, 1],
             'points_taken': {'bidding_side': 9, 'defenders': 1},
             'outcome': 'made',
             'scores_after': {'0': 11, '1': 29, '2': 6, '3': 39, '4': 1},
             'game_over': False,
             'winners': []},
  'why': 'Five-handed: seat 1 bid 7, named spades and called AS; seat 3 turns out to hold AS and is the '
         'partner. The bidding side captures TS, AS, X1, JS (trick 1), X2, JC (trick 2) and 3S (trick '
         '3) = 9; seat 2, a defender, played 2S and keeps that point for the defenders. Made: bidder '
         'and partner each +9; each defender +1.'}]

ALL_CARDS = deck_strs("2", jokers=True)


def by_kind(kind: str) -> list[dict[str, Any]]:
    """The worked examples of one kind."""
    return [e for e in EXAMPLES if e["kind"] == kind]


def ex_id(e: dict[str, Any]) -> str:
    """A readable pytest id for a worked example."""
    return f"ex{EXAMPLES.index(e) + 1}-{e['kind']}"


# --------------------------------------------------------------------------- helpers
def build_deck(players: int, dealer: int, trump: str, points: int, trumps: dict[int, list[str]], *,
               exact: bool = True, out: tuple[int, ...] = (), blind: tuple[str, ...] = (),
               extra: dict[int, list[str]] | None = None, spare_to_stock: bool = False,
               seed: int = 7) -> list[str]:
    """A deck whose deal gives each seat in ``trumps`` exactly those trumps.

    The other trumps of the set are spread over the seats not listed (or, with
    ``exact=False``, over every seat not in ``out``), at most six per seat; the
    remaining places are filled with non-trumps, which are discarded at once.
    ``blind`` (five-handed) and ``extra`` (seat -> more dealt cards) fix other
    cards.  The stock (four-handed) holds only non-trumps, unless
    ``spare_to_stock``: then the trumps not listed go to the stock instead.
    """
    rng = random.Random(seed)
    tset = trump_order_strs(trump, points)
    size = 9 if players == 4 else 10
    hands: dict[int, list[str]] = {s: list(trumps.get(s, [])) for s in range(players)}
    for s, cards in (extra or {}).items():
        hands[s] += cards
    used = {c for h in hands.values() for c in h} | set(blind)
    left = [c for c in tset if c not in used]
    takers = [s for s in range(players) if s not in out and (not exact or s not in trumps)]
    i = 0
    spare = left if spare_to_stock else []
    left = [] if spare_to_stock else left
    while left:
        room = [s for s in takers if sum(c in tset for c in hands[s]) < 6]
        assert room, "no room for the remaining trumps"
        s = room[i % len(room)]
        hands[s].append(left.pop())
        i += 1
    rest = [c for c in ALL_CARDS if c not in tset and c not in used]
    rng.shuffle(rest)
    for s in range(players):
        while len(hands[s]) < size:
            hands[s].append(rest.pop())
        assert len(hands[s]) == size
    rest += spare
    rng.shuffle(rest)
    bl = list(blind)
    while players == 5 and len(bl) < 4:
        bl.append(rest.pop())
    deck: list[str] = [""] * 54
    for i in range(players):
        h = hands[(dealer + 1 + i) % players]
        if players == 4:
            for r in range(3):
                deck[12 * r + 3 * i: 12 * r + 3 * i + 3] = h[3 * r: 3 * r + 3]
        else:
            deck[5 * i: 5 * i + 5] = h[:5]
            deck[25 + 5 * i: 30 + 5 * i] = h[5:]
    if players == 4:
        deck[36:] = rest
    else:
        deck[50:] = bl
    assert sorted(deck) == sorted(ALL_CARDS)
    return deck


def match_with_scores(players: int, options: dict[str, Any], dealer: int,
                      scores: list[int] | None = None) -> Pitch:
    """A new match whose first dealer is ``dealer`` and whose scores are ``scores``.

    The scores are set through the public determinization hook ``from_view``.
    """
    state = core.new_match("pitch", players=players, options=options, first_dealer=dealer)
    assert isinstance(state, Pitch)
    if scores is None:
        return state
    view = state.view(0)
    view["scores"] = list(scores)
    return Pitch.from_view(view, {})


def bid(call: str) -> core.Action:
    """An auction call."""
    return core.Action("bid", call=call)


def play(card: str) -> core.Action:
    """Playing a card."""
    return core.Action("play", card=card)


def auction(state: Pitch, bidder: int, call: str) -> None:
    """Everybody passes except ``bidder``, who calls ``call``."""
    for _ in range(state.players):
        seat = state.current_player
        state.apply(bid(call) if seat == bidder else bid("pass"))


def to_play(state: Pitch, trump: str, *, remainder: str = "keep", called: str | None = None) -> None:
    """Name trumps (and the called card), settle the remainder; stop at the play or a burn choice."""
    state.apply(core.Action("trump", suit=trump))
    if called is not None:
        state.apply(core.Action("declare", call="partner:" + called))
    if state.phase == "remainder":
        state.apply(core.Action("keep") if remainder == "keep" else core.Action("declare", call="to_partner"))


def play_tricks(state: Pitch, tricks: list[list[dict[str, Any]]]) -> None:
    """Play the given tricks, checking that each card is played by the seat whose turn it is."""
    for trick in tricks:
        for p in trick:
            assert state.current_player == p["seat"], (p, state.view(None)["trick"])
            state.apply(play(p["card"]))


STEP_LIMIT = 600
"""More than the steps of four deals (a deal takes fewer than 80 actions)."""
PLAY_STEP_LIMIT = 40
"""More than the plays of any deal (at most 6 trumps kept per seat, so 30 cards)."""


def play_steps(state: Pitch) -> Iterator[int]:
    """Steps of a bounded loop that runs while the deal is being played; fails if it never ends."""
    for i in range(PLAY_STEP_LIMIT):
        if state.phase != "play":
            return
        yield i
    raise AssertionError(f"the deal was still being played after {PLAY_STEP_LIMIT} cards")


def calls_of(actions: list[core.Action]) -> list[Any]:
    """Auction actions as the spec writes calls (integers, "pass", "moon")."""
    return [int(a.call) if a.call and a.call.isdigit() else a.call for a in actions]


def hand(state: Pitch, seat: int) -> list[str]:
    """The cards of ``seat`` as that seat sees them."""
    cards = state.view(seat)["hands"][seat]
    assert isinstance(cards, list)
    return cards


# --------------------------------------------------------------------------- worked examples
@pytest.mark.parametrize("ex", by_kind("trick_winner"), ids=ex_id)
def test_example_trick_winner(ex: dict[str, Any]) -> None:
    g = ex["given"]
    opts = ex["options"]
    trick = g["trick"]
    seats = [p["seat"] for p in trick]
    out = tuple(s for s in range(4) if s not in seats)
    deck = build_deck(4, 3, g["trump"], opts["points"], {p["seat"]: [p["card"]] for p in trick},
                      exact=False, out=out)
    state = match_with_scores(4, opts, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "4")
    to_play(state, g["trump"])
    assert state.phase == "play"
    assert state.view(None)["out"] == [s in out for s in range(4)]
    play_tricks(state, [trick])
    last = state.view(None)["last_trick"]
    assert last["winner"] == ex["expect"]["winner"]
    assert [p["card"] for p in last["cards"]] == [p["card"] for p in trick]
    # the pure rule agrees
    tab = tables("SHDC".index(g["trump"]), opts["points"], opts["reverse"],
                 opts.get("joker_order") == "first_played")
    ids = [core.card_id(p["card"]) for p in trick]
    assert trick[trick_winner_index(ids, tab)]["seat"] == ex["expect"]["winner"]


@pytest.mark.parametrize("ex", [e for e in by_kind("legal_moves") if e["given"]["phase"] == "burn"], ids=ex_id)
def test_example_burn(ex: dict[str, Any]) -> None:
    g, want = ex["given"], ex["expect"]
    rule = burn_rule(g["hand"], g["trump"], ex["options"]["points"])
    assert rule["must_burn"] == want["must_burn"]
    assert rule["mandatory"] == want["mandatory"]
    assert rule["choose"] == want["choose"]
    assert sorted(rule["from"]) == sorted(want["from"])
    # the engine: seat 0 is dealt these eight trumps, bids, and must burn
    deck = build_deck(4, 3, g["trump"], 10, {0: g["hand"]})
    state = match_with_scores(4, ex["options"], dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "5")
    to_play(state, g["trump"])
    view = state.view(1)
    assert state.phase == "burn" and state.current_player == 0
    assert view["burned"][0] == [] and view["burn"] == {"seat": 0, "remaining": want["must_burn"]}
    # the mandatory cards come first: while one is left, they are the only legal burns
    for i, c in enumerate(want["mandatory"]):
        assert sorted(a.cards for a in state.legal_actions()) == sorted((m,) for m in want["mandatory"][i:])
        if want["from"]:
            with pytest.raises(core.IllegalAction, match="no points first"):
                state.apply(core.Action("discard", cards=(want["from"][0],)))
        state.apply(core.Action("discard", cards=(c,)))
    view = state.view(1)
    assert view["burned"][0] == want["mandatory"]  # burns are public, face up
    assert view["burn"] == {"seat": 0, "remaining": want["choose"]}
    legal = state.legal_actions()
    assert sorted(a.cards[0] for a in legal if a.cards) == sorted(want["from"])
    assert all(a.type == "discard" for a in legal)
    # a card outside the allowed set is refused, and nothing changes
    bad = next(c for c in g["hand"] if c not in want["from"] and c not in want["mandatory"]) \
        if len(want["from"]) + len(want["mandatory"]) < len(g["hand"]) else None
    if bad is not None:
        before = state.to_record()
        with pytest.raises(core.IllegalAction, match="no points first"):
            state.apply(core.Action("discard", cards=(bad,)))
        assert state.to_record() == before
    chosen = want["from"][-want["choose"]:]
    for c in chosen:
        state.apply(core.Action("discard", cards=(c,)))
    assert state.phase == "play"
    assert sorted(state.view(2)["burned"][0]) == sorted(want["mandatory"] + chosen)
    assert len(hand(state, 0)) == 6
    burned_events = [e for e in state.events if e["type"] == "burned"]
    assert [e["card"] for e in burned_events] == want["mandatory"] + chosen
    # play it out: the burned points are out of the deal's total
    rng = random.Random(1)
    for _ in play_steps(state):
        state.apply(rng.choice(state.legal_actions()))
    res = state.deal_results[-1]
    lost = sum(tables("SHDC".index(g["trump"])).value[core.card_id(c)] for c in want["mandatory"] + chosen)
    assert res["burned_points"] == lost
    assert res["card_total"] == 10 - lost == sum(res["card_points"])


def test_forced_burns_are_the_burners_decision_too() -> None:
    """A burn with no choice is still made by its seat, one card at a time.

    Were forced burns automatic, the other players would learn from the timing
    (no pause, no ``burn`` phase) that the seat had no choice, i.e. that its six
    remaining trumps are all point cards: hidden information.  Every seat that
    must burn therefore gets the ``burn`` phase; only it sees its legal cards.
    """
    forced = ["AS", "JS", "JC", "X1", "X2", "TS", "KS", "QS"]  # KS and QS must go: no choice
    free = ["3S", "2S", "9S", "8S", "7S", "6S", "5S", "4S"]  # two of six non-point trumps: a choice
    deck = build_deck(4, 3, "S", 10, {0: forced, 2: free})
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "5")
    start = state.event_count
    to_play(state, "S")
    # seat 0 burns first (draw order from the dealer's left), although its burns are forced
    assert state.phase == "burn" and state.current_player == 0
    assert not [e for e in state.events[start:] if e["type"] == "burned"]
    spectator = state.view(None)
    assert spectator["burn"] == {"seat": 0, "remaining": 2} and spectator["legal"] == []
    assert sorted(str(a.cards) for a in state.legal_actions()) == [str(("KS",)), str(("QS",))]
    assert state.view(1)["legal"] == []
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match="you hold 8 trumps: burn 2 of them, one at a time"):
        state.apply(play("AS"))
    with pytest.raises(core.IllegalAction, match="you hold 8 trumps: burn 2 of them, one at a time"):
        state.apply(core.Action("discard", cards=("KS", "QS")))
    assert state.to_record() == before
    state.apply(core.Action("discard", cards=("QS",)))
    assert state.current_player == 0 and state.view(None)["burn"] == {"seat": 0, "remaining": 1}
    state.apply(core.Action("discard", cards=("KS",)))
    # then seat 2, which has a real choice: the public picture is the same
    assert state.phase == "burn" and state.current_player == 2
    assert state.view(None)["burn"] == {"seat": 2, "remaining": 2}
    for c in ("9S", "4S"):
        state.apply(core.Action("discard", cards=(c,)))
    assert state.phase == "play"
    burned = [(e["seat"], e["card"]) for e in state.events[start:] if e["type"] == "burned"]
    assert burned == [(0, "QS"), (0, "KS"), (2, "9S"), (2, "4S")]


@pytest.mark.parametrize("ex", [e for e in by_kind("legal_moves") if e["given"]["phase"] == "lead"], ids=ex_id)
def test_example_next_leader(ex: dict[str, Any]) -> None:
    g = ex["given"]
    left = [g["cards_left"][str(s)] for s in range(4)]
    assert next_leader(g["trick_winner"], left) == ex["expect"]["next_leader"]
    # the engine: seat 1 wins the first trick with its only card, so seat 2 leads next
    deck = build_deck(4, 3, "H", 10, {1: ["AH"]})
    state = match_with_scores(4, ex["options"], dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "4")
    to_play(state, "H")
    for _ in range(4):
        seat = state.current_player
        assert seat is not None
        state.apply(play("AH") if seat == 1 else state.legal_actions()[0])
    view = state.view(None)
    assert view["last_trick"]["winner"] == 1
    assert view["out"][1] and view["hand_sizes"][1] == 0
    assert state.current_player == view["leader"] == ex["expect"]["next_leader"]
    assert {"type": "out", "seat": 1} in state.events


@pytest.mark.parametrize("ex", by_kind("bidding"), ids=ex_id)
def test_example_bidding(ex: dict[str, Any]) -> None:
    g, want = ex["given"], ex["expect"]
    deck = build_deck(4, g["dealer"], "H", 10, {s: ["AH", "KH", "QH", "JH"][s:s + 1] for s in range(4)},
                      exact=False)
    state = match_with_scores(4, ex["options"], dealer=g["dealer"])
    state.apply(core.Action("deal", deck=tuple(deck)))
    for c in g["calls"]:
        assert state.current_player == c["seat"]
        state.apply(bid(str(c["call"])))
    if not want["complete"]:
        assert state.phase == "bidding"
        assert state.current_player == want["next_to_call"]
        assert calls_of(state.legal_actions()) == want["legal_next"]
        return
    assert state.phase == "trump"
    view = state.view(None)
    assert view["bidder"] == want["bidder"] == state.current_player
    assert view["contract"]["bid"] == str(want["bid"])
    to_play(state, "H")
    assert state.current_player == want["first_lead"]


def _deal_score_state(ex: dict[str, Any]) -> Pitch:
    g = ex["given"]
    players = ex["options"]["players"]
    trumps: dict[int, list[str]] = {}
    for trick in g["tricks"]:
        for p in trick:
            trumps.setdefault(p["seat"], []).append(p["card"])
    blind = (g["called_card"],) if g.get("called_card_in_blind") else ()
    deck = build_deck(players, g["dealer"], g["trump"], ex["options"]["points"], trumps, blind=blind)
    before = [g["scores_before"][str(s)] for s in range(len(g["scores_before"]))]
    state = match_with_scores(players, ex["options"], dealer=g["dealer"], scores=before)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, g["bidder"], str(g["bid"]))
    to_play(state, g["trump"], called=g.get("called_card"))
    assert state.phase == "play"
    play_tricks(state, g["tricks"])
    return state


@pytest.mark.parametrize("ex", [e for e in by_kind("deal_score") if e["options"]["players"] == 4], ids=ex_id)
def test_example_deal_score(ex: dict[str, Any]) -> None:
    want = ex["expect"]
    state = _deal_score_state(ex)
    assert len(state.deal_results) == 1
    res = state.deal_results[-1]
    assert [t["winner"] for t in state.view(None)["tricks"]] == want["trick_winners"]
    assert res["card_points"] == [want["points_taken"]["0"], want["points_taken"]["1"]]
    assert res["card_total"] == 10
    assert res["outcome"] == want["outcome"]
    if want["deal_points"] is None:
        assert res["awarded"] == [0, 0]
    else:
        assert res["awarded"] == [want["deal_points"]["0"], want["deal_points"]["1"]]
    assert state.scores == [want["scores_after"]["0"], want["scores_after"]["1"]]
    assert state.is_over == want["game_over"]
    assert state.winner == want["winner"]
    if not want["game_over"]:
        assert state.current_player == core.CHANCE
        assert state.view(None)["dealer"] == (ex["given"]["dealer"] + 1) % 4


@pytest.mark.parametrize("ex", [e for e in by_kind("deal_score") if e["options"]["players"] == 5], ids=ex_id)
def test_example_deal_score_five(ex: dict[str, Any]) -> None:
    want = ex["expect"]
    state = _deal_score_state(ex)
    res = state.deal_results[-1]
    assert res["partner"] == want["partner"]
    assert [t["winner"] for t in state.view(None)["tricks"]] == want["trick_winners"]
    assert res["bidding_points"] == want["points_taken"]["bidding_side"]
    assert res["defending_points"] == want["points_taken"]["defenders"]
    assert res["outcome"] == want["outcome"]
    assert state.scores == [want["scores_after"][str(s)] for s in range(5)]
    assert state.is_over == want["game_over"]
    assert res["winners"] == want["winners"]
    assert sum(res["card_points"]) == res["card_total"] == 10


# --------------------------------------------------------------------------- dealing and bidding
def test_deal_layout_four_handed() -> None:
    deck = list(ALL_CARDS)
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    for i in range(4):
        seat = (3 + 1 + i) % 4
        want = deck[3 * i: 3 * i + 3] + deck[12 + 3 * i: 15 + 3 * i] + deck[24 + 3 * i: 27 + 3 * i]
        assert sorted(hand(state, seat)) == sorted(want)
    assert state.hidden_zones(None)["stock"] == deck[36:]  # deck[36] on top
    assert state.view(None)["stock_size"] == 18
    assert state.current_player == 0


def test_deal_layout_five_handed() -> None:
    deck = list(reversed(ALL_CARDS))
    state = match_with_scores(5, {}, dealer=1)
    state.apply(core.Action("deal", deck=tuple(deck)))
    for i in range(5):
        seat = (1 + 1 + i) % 5
        assert sorted(hand(state, seat)) == sorted(deck[5 * i: 5 * i + 5] + deck[25 + 5 * i: 30 + 5 * i])
    assert sorted(state.hidden_zones(2)["blind"]) == sorted(deck[50:])
    assert state.view(None)["blind_size"] == 4 and state.view(None)["stock_size"] == 0
    assert state.current_player == 2


def test_dealer_stuck_cannot_pass() -> None:
    state = match_with_scores(4, {}, dealer=2)
    state.apply(state.sample_chance(random.Random(3)))
    for _ in range(3):
        state.apply(bid("pass"))
    assert state.current_player == 2
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match="stuck"):
        state.apply(bid("pass"))
    assert state.to_record() == before
    assert core.Action("bid", call="pass") not in state.legal_actions()
    state.apply(bid("4"))
    assert state.phase == "trump" and state.current_player == 2
    assert state.view(0)["contract"]["bid"] == "4"


def test_dealer_stuck_five_handed_and_min_bid_above_points() -> None:
    state = match_with_scores(5, {"points": 5, "min_bid": 6}, dealer=0)
    state.apply(state.sample_chance(random.Random(4)))
    for _ in range(4):
        assert calls_of(state.legal_actions()) == ["pass", "moon"]
        state.apply(bid("pass"))
    assert state.current_player == 0
    assert calls_of(state.legal_actions()) == ["moon"]


@pytest.mark.parametrize(("calls", "bad", "reason"), [
    (["5"], "5", "higher than 5"),
    (["5"], "3", "lowest bid is 4"),
    ([], "11", "highest number bid is 10"),
    (["moon"], "10", "nothing beats moon"),
    ([], "04", "a bid is pass"),
    ([], "double", "a bid is pass"),
])
def test_bad_bids_refused(calls: list[str], bad: str, reason: str) -> None:
    state = match_with_scores(4, {}, dealer=0)
    state.apply(state.sample_chance(random.Random(5)))
    for c in calls:
        state.apply(bid(c))
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match=reason):
        state.apply(bid(bad))
    assert state.to_record() == before


def test_partner_may_overbid_and_each_calls_once() -> None:
    state = match_with_scores(4, {}, dealer=3)
    state.apply(state.sample_chance(random.Random(6)))
    for c in ["5", "pass", "7", "8"]:
        state.apply(bid(c))
    assert state.phase == "trump"
    assert state.view(None)["bidder"] == 3
    assert [b["call"] for b in state.view(None)["bids"]] == ["5", "pass", "7", "8"]


# --------------------------------------------------------------------------- discard, draw, remainder
def test_discard_and_draw_are_automatic_and_private() -> None:
    deck = build_deck(4, 3, "S", 10, {0: ["AS", "KS"], 1: ["QS"], 2: [], 3: ["2S", "3S", "4S", "5S", "6S", "7S"]},
                      spare_to_stock=True)
    state = match_with_scores(4, {"remainder_to_partner": False}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "6")
    state.apply(core.Action("trump", suit="S"))
    # no remainder decision with the option off: the bidder simply takes the 3 cards left
    assert state.phase in ("play", "burn")
    view = state.view(1)
    assert view["drawn"] == [4, 5, 6, 0]
    assert view["remainder"] == {"seat": 0, "count": 3}
    assert view["discards"][1] is not None and view["discards"][0] is None
    assert sum(view["hand_sizes"]) + sum(view["discard_counts"]) + sum(map(len, view["burned"])) == 54
    tset = set(trump_order_strs("S"))
    for s in range(4):
        assert set(hand(state, s)) <= tset
        assert not set(state.view(s)["discards"][s]) & tset
    assert view["discard_counts"][3] == 3  # dealt 3 non-trumps, drew nothing
    # draw events: the count is public, the cards private to the drawer
    drew = [e for e in state.events if e["type"] == "drew"]
    assert [e["seat"] for e in drew] == [0, 1, 2] and all("cards" not in e for e in drew)
    own = [e for e in state.events_for(2) if e["type"] == "drew" and e["seat"] == 2]
    assert len(own[0]["cards"]) == 6
    assert sorted(hand(state, 2)) == sorted(c for c in own[0]["cards"] if c in tset)


def test_remainder_to_partner_unseen() -> None:
    deck = build_deck(4, 3, "S", 10, {0: ["AS", "KS", "QS", "JS", "JC", "X1"], 1: ["2S"], 2: ["3S"],
                                      3: ["4S", "5S", "6S", "7S", "8S", "9S"]}, spare_to_stock=True)
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "7")
    state.apply(core.Action("trump", suit="S"))
    assert state.phase == "remainder" and state.current_player == 0
    assert state.legal_actions() == [core.Action("keep"), core.Action("declare", call="to_partner")]
    left = state.view(0)["stock_size"]
    assert left == 18 - 5 - 5 > 0
    assert state.view(0)["hidden"]["stock"] == left
    start = state.event_count
    state.apply(core.Action("declare", call="to_partner"))
    view = state.view(0)
    assert view["remainder"] == {"seat": 2, "count": left}
    rem_public = [e for e in state.events_for(0, start) if e["type"] == "remainder"]
    assert rem_public == [{"type": "remainder", "seat": 2, "count": left, "bidder": 0}]
    rem_partner = [e for e in state.events_for(2, start) if e["type"] == "remainder"]
    assert len(rem_partner[0]["cards"]) == left
    # the partner kept the trumps among them and threw the rest away face down
    assert view["hand_sizes"][2] + view["discard_counts"][2] + len(view["burned"][2]) == 9 + 5 + left
    assert view["hand_sizes"][0] == 6 and view["discard_counts"][0] == 3


def test_bidder_left_draw_order() -> None:
    deck = build_deck(4, 3, "S", 10, {0: ["AS"], 1: ["KS"], 2: ["QS"], 3: ["JS"]}, spare_to_stock=True)
    state = match_with_scores(4, {"draw_order": "bidder_left"}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 1, "5")
    state.apply(core.Action("trump", suit="S"))
    # everybody wants five cards but the stock holds 18: the bidder, drawing last, gets only three
    drew = [(e["seat"], e["count"]) for e in state.events if e["type"] == "drew"]
    assert drew == [(2, 5), (3, 5), (0, 5), (1, 3)]
    assert state.view(None)["remainder"] is None and state.phase != "remainder"


def test_dealer_left_draw_order_stock_runs_out() -> None:
    deck = build_deck(4, 3, "S", 10, {0: ["AS"], 1: ["KS"], 2: ["QS"], 3: ["JS"]}, spare_to_stock=True)
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 1, "5")
    state.apply(core.Action("trump", suit="S"))
    drew = [(e["seat"], e["count"]) for e in state.events if e["type"] == "drew"]
    assert drew == [(0, 5), (1, 5), (2, 5), (3, 3)]


# --------------------------------------------------------------------------- play
def test_player_without_trumps_is_out_and_bidder_without_cards_does_not_lead() -> None:
    deck = build_deck(4, 3, "H", 10, {1: ["AH"], 2: ["KH"], 3: ["QH"]}, exact=False, out=(0,))
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "4")
    to_play(state, "H")
    view = state.view(None)
    assert view["hand_sizes"][0] == 0 and view["out"] == [True, False, False, False]
    assert {"type": "out", "seat": 0} in state.events
    assert state.current_player == 1  # first seat clockwise from the bidder holding cards
    seen = set()
    rng = random.Random(2)
    for _ in play_steps(state):
        seen.add(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    assert 0 not in seen
    res = state.deal_results[-1]
    assert sum(res["card_points"]) == res["card_total"] == 10


def test_play_refusals() -> None:
    deck = build_deck(4, 3, "H", 10, {0: ["AH", "2H"], 1: ["KH"]}, exact=False)
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "4")
    with pytest.raises(core.IllegalAction, match="trump suit"):
        state.apply(core.Action("trump", suit="X"))
    with pytest.raises(core.IllegalAction, match="name the trump suit"):
        state.apply(play("AH"))
    to_play(state, "H")
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match="do not hold the king of hearts"):
        state.apply(play("KH"))
    with pytest.raises(core.IllegalAction, match="not time to deal"):
        state.apply(core.Action("deal", deck=tuple(ALL_CARDS)))
    with pytest.raises(core.IllegalAction, match="play a card"):
        state.apply(bid("pass"))
    assert state.to_record() == before
    assert sorted(a.card or "" for a in state.legal_actions()) == sorted(hand(state, 0))


# --------------------------------------------------------------------------- five-handed
def _five_handed(blind: tuple[str, ...], called: str, bidder: int = 1) -> Pitch:
    trumps = {0: ["JS", "X2", "3S"], 1: ["KS", "QS", "9S", "5S", "4S"], 2: ["TS", "JC", "8S", "2S"],
              3: ["7S"], 4: ["X1", "6S"]}
    if not blind:
        trumps[3].append("AS")
    deck = build_deck(5, 0, "S", 10, trumps, blind=blind)
    state = match_with_scores(5, {}, dealer=0)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, bidder, "6")
    state.apply(core.Action("trump", suit="S"))
    assert state.phase == "call"
    return state


def test_five_handed_call_and_secret_partner() -> None:
    state = _five_handed((), "AS")
    calls = [a.call for a in state.legal_actions()]
    assert "partner:AS" in calls and "partner:KS" not in calls
    assert len(calls) == 16 - 5
    with pytest.raises(core.IllegalAction, match="you hold the king of spades"):
        state.apply(core.Action("declare", call="partner:KS"))
    with pytest.raises(core.IllegalAction, match="not a trump"):
        state.apply(core.Action("declare", call="partner:AH"))
    state.apply(core.Action("declare", call="partner:AS"))
    # the blind went to the bidder, privately
    blind_ev = [e for e in state.events_for(1) if e["type"] == "blind"]
    assert len(blind_ev[0]["cards"]) == 4
    assert "cards" not in [e for e in state.events_for(2) if e["type"] == "blind"][0]
    assert state.view(3)["contract"]["partner"] == 3 and state.view(3)["contract"]["partner_known"]
    for seat in (None, 0, 1, 2, 4):
        c = state.view(seat)["contract"]
        assert c["partner"] is None and not c["partner_known"]
        assert c["call"] == "partner:AS" and c["called_name"] == "ace of spades"
    play_tricks(state, [[{"seat": 1, "card": "KS"}, {"seat": 2, "card": "TS"}, {"seat": 3, "card": "AS"}]])
    assert {"type": "partner", "seat": 3, "bidder": 1} in state.events
    assert state.view(0)["contract"]["partner"] == 3 and state.view(0)["contract"]["partner_known"]


def test_five_handed_called_card_in_blind() -> None:
    state = _five_handed(("AS",), "AS")
    state.apply(core.Action("declare", call="partner:AS"))
    assert state.phase == "play" and state.current_player == 1
    # the bidder knows there is no partner; the others do not yet
    c = state.view(1)["contract"]
    assert c["partner"] is None and c["partner_known"]
    assert not state.view(3)["contract"]["partner_known"]
    assert state.legal_actions() == [play("AS")]
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match="must lead the ace of spades"):
        state.apply(play("KS"))
    assert state.to_record() == before
    state.apply(play("AS"))
    assert {"type": "partner", "seat": None, "bidder": 1} in state.events
    assert state.view(4)["contract"]["partner_known"]
    rng = random.Random(9)
    for _ in play_steps(state):
        state.apply(rng.choice(state.legal_actions()))
    res = state.deal_results[-1]
    assert res["partner"] is None and res["bidding_side"] == [1]
    b, e = res["bidding_points"], res["defending_points"]
    assert b + e == res["card_total"] == 10
    gain = b if b >= 6 else -6
    assert res["awarded"] == [e, gain, e, e, e]


def test_five_handed_called_card_never_burned() -> None:
    # seat 3 is dealt nine trumps including the called (non-point) 9S: it burns three others
    trumps = {3: ["AS", "KS", "QS", "9S", "8S", "7S", "6S", "5S", "4S"], 1: ["JS"]}
    deck = build_deck(5, 0, "S", 10, trumps)
    state = match_with_scores(5, {}, dealer=0)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 1, "5")
    state.apply(core.Action("trump", suit="S"))
    state.apply(core.Action("declare", call="partner:9S"))
    assert state.phase == "burn" and state.current_player == 3
    legal = {a.cards[0] for a in state.legal_actions() if a.cards}
    assert legal == {"KS", "QS", "8S", "7S", "6S", "5S", "4S"}
    with pytest.raises(core.IllegalAction, match="called card may not be burned"):
        state.apply(core.Action("discard", cards=("9S",)))
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert "9S" in hand(state, 3) and len(hand(state, 3)) == 6


def test_five_handed_failed_moon_highest_defenders_win() -> None:
    state = match_with_scores(5, {}, dealer=0, scores=[10, 3, 40, 40, 12])
    deck = build_deck(5, 0, "S", 10, {1: ["KS"], 2: ["AS"]}, exact=False)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 1, "moon")
    state.apply(core.Action("trump", suit="S"))
    state.apply(core.Action("declare", call="partner:QS" if "QS" not in hand(state, 1) else "partner:JS"))
    rng = random.Random(1)
    for _ in play_steps(state):
        cp = state.current_player
        state.apply(play("AS") if cp == 2 and "AS" in hand(state, 2) else rng.choice(state.legal_actions()))
    res = state.deal_results[-1]
    assert res["outcome"] == "moon_failed" and state.is_over
    assert state.scores == [10, 3, 40, 40, 12]
    defenders = [s for s in range(5) if s not in res["bidding_side"]]
    top = max(state.scores[s] for s in defenders)
    assert state.winners == [s for s in defenders if state.scores[s] == top]
    assert state.winner == state.winners[0]


# --------------------------------------------------------------------------- scoring options
def _ex9(**opts: Any) -> Pitch:
    ex = dict(EXAMPLES[8])
    ex["options"] = {**ex["options"], **opts}
    return _deal_score_state(ex)


def test_made_bid_scores_bid_and_defenders_do_not_score() -> None:
    state = _ex9(made_bid_scores="bid", defenders_score=False)
    res = state.deal_results[-1]
    assert res["outcome"] == "made" and res["awarded"] == [6, 0]
    assert res["card_points"] == [9, 1]


def test_ten_point_game() -> None:
    state = _ex9(ten_point="game")
    res = state.deal_results[-1]
    # team 0 captured A K Q J JD T (4+3+2+1+1+10 pips); the ten itself scores nothing
    assert res["game_point"] == "bidding"
    assert res["card_points"] == [9, 1] and res["card_total"] == 10


def test_moon_needs_every_point_of_the_variant_even_after_a_burn() -> None:
    """§8.4 "B equals all the points of the variant": a burned point card makes the moon fail.

    Seat 0 is dealt eight point trumps and must burn two of them (it burns the 2 and
    the 3); its side then takes every point still in play, 6, which is not 10.
    """
    trumps = {0: ["AS", "JS", "JC", "X1", "X2", "TS", "3S", "2S"], 1: ["9S", "8S", "7S"],
              2: ["KS", "QS", "6S"], 3: ["5S", "4S"]}
    deck = build_deck(4, 3, "S", 10, trumps)
    state = match_with_scores(4, {}, dealer=3, scores=[20, 10])
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "moon")
    to_play(state, "S")
    assert state.phase == "burn" and state.current_player == 0
    for c in ("2S", "3S"):
        state.apply(core.Action("discard", cards=(c,)))
    rng = random.Random(4)
    for _ in play_steps(state):
        state.apply(rng.choice(state.legal_actions()))
    res = state.deal_results[-1]
    assert res["burned_points"] == 4 and res["card_total"] == 6
    assert res["bidding_points"] == 6 and res["defending_points"] == 0
    assert res["outcome"] == "moon_failed" and res["awarded"] == [0, 0]
    assert state.scores == [20, 10] and state.is_over and state.winner == 1


def test_ten_point_game_tie_scores_nobody() -> None:
    """``ten_point = game``: equal pips (10 each, the burned JS's pip gone) give nobody the game point."""
    trumps = {0: ["AS", "JS", "JC", "X1", "X2", "3S", "2S", "9S"], 1: ["TS", "8S"], 2: ["KS", "QS", "7S"],
              3: ["6S", "5S", "4S"]}
    deck = build_deck(4, 3, "S", 10, trumps)
    state = match_with_scores(4, {"ten_point": "game"}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    auction(state, 0, "5")
    to_play(state, "S")
    assert [a.cards for a in state.legal_actions()] == [("9S",)]  # the card worth nothing goes first
    state.apply(core.Action("discard", cards=("9S",)))
    state.apply(core.Action("discard", cards=("JS",)))
    play_tricks(state, [
        [{"seat": 0, "card": "2S"}, {"seat": 1, "card": "TS"}, {"seat": 2, "card": "7S"}, {"seat": 3, "card": "4S"}],
        [{"seat": 1, "card": "8S"}, {"seat": 2, "card": "KS"}, {"seat": 3, "card": "5S"}, {"seat": 0, "card": "3S"}],
        [{"seat": 2, "card": "QS"}, {"seat": 3, "card": "6S"}, {"seat": 0, "card": "AS"}],
        [{"seat": 0, "card": "JC"}], [{"seat": 0, "card": "X1"}], [{"seat": 0, "card": "X2"}]])
    res = state.deal_results[-1]
    # pips: team 0 KS 3 + QS 2 + AS 4 + JC 1 = 10, team 1 TS 10
    assert res["game_point"] is None
    assert res["card_points"] == [8, 0] and res["burned_points"] == 1
    assert res["card_total"] == 10 - 1 - 1 == sum(res["card_points"])
    assert res["outcome"] == "made" and res["awarded"] == [8, 0]


def test_ten_point_game_ten_of_trumps_is_burnable() -> None:
    """``ten_point = game``: the ten of trumps is worth 0 by itself (§13), so it is no "point card" (§6.4).

    Worked example found by playing in lockstep against an independent
    implementation: seat 1 holds 3C 6C 7C JS KC TC X2 and burns first among
    the cards worth 0, the TC included.
    """
    deck = ("2S 2H QD 3S 8H TC AC 9S 2D 7S JH 6D 5C 7D 2C KD KH KC 4H QH 9C JC 3H QS 5S TH QC 8S JS 7C AS 8C "
            "AD 4C 3D 6H 8D 5H X1 TD X2 TS 7H 6S AH JD 4D 4S 6C 9H 3C 5D KS 9D")
    state = core.new_match("pitch", players=4, options={"ten_point": "game"}, first_dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck.split())))
    for call in ("pass", "pass", "4", "6"):
        state.apply(bid(call))
    state.apply(core.Action("trump", suit="C"))
    state.apply(core.Action("declare", call="to_partner"))
    assert state.view(1)["phase"] == "burn" and state.current_player == 1
    assert sorted(hand(state, 1)) == sorted(["3C", "6C", "7C", "JS", "KC", "TC", "X2"])
    assert sorted(a.cards[0] for a in state.legal_actions() if a.cards) == ["6C", "7C", "KC", "TC"]
    assert burn_rule(["3C", "6C", "7C", "JS", "KC", "TC", "X2"], "C", ten_point="game") == {
        "must_burn": 1, "mandatory": [], "choose": 1, "from": ["KC", "TC", "7C", "6C"]}
    # with the ten of trumps a point card (the default), it is protected
    assert burn_rule(["3C", "6C", "7C", "JS", "KC", "TC", "X2"], "C")["from"] == ["KC", "7C", "6C"]


def test_moon_from_exactly_zero_wins() -> None:
    ex = dict(EXAMPLES[11])
    ex["given"] = {**ex["given"], "scores_before": {"0": 0, "1": 51}}
    state = _deal_score_state(ex)
    assert state.scores == [52, 51] and state.winner == 0


def test_negative_scores_and_next_dealer() -> None:
    ex = dict(EXAMPLES[13])
    ex["given"] = {**ex["given"], "scores_before": {"0": -30, "1": 0}}
    state = _deal_score_state(ex)
    assert state.scores == [-40, 1]
    assert state.current_player == core.CHANCE and state.view(None)["dealer"] == 0


# --------------------------------------------------------------------------- options and views
def test_players_option_must_match() -> None:
    with pytest.raises(core.OptionError, match="players"):
        core.new_match("pitch", players=4, options={"players": 5})
    assert core.new_match("pitch", players=5).options["players"] == 5
    assert core.new_match("pitch", players=5, options={"players": "5"}).options["players"] == 5
    with pytest.raises(core.OptionError, match="points"):
        core.new_match("pitch", players=4, options={"points": 9})
    with pytest.raises(core.OptionError):
        core.new_match("pitch", players=3)


def test_options_table() -> None:
    ids = [o.id for o in Pitch.OPTIONS]
    assert ids == ["points", "dirty", "reverse", "players", "joker_order", "min_bid", "target_score",
                   "ten_point", "made_bid_scores", "defenders_score", "remainder_to_partner", "draw_order"]
    spec = {o.id: o for o in Pitch.OPTIONS}
    assert spec["points"].values == POINT_COUNTS and spec["points"].default == 10
    assert all(o.help for o in Pitch.OPTIONS)


@pytest.mark.parametrize("points", POINT_COUNTS)
def test_point_variants_total_and_trump_set(points: int) -> None:
    for t in "SHDC":
        tab = tables("SHDC".index(t), points)
        assert sum(tab.value) == points
        assert len(tab.order) == {5: 16, 7: 16, 8: 16, 10: 16, 11: 17, 13: 17, 14: 20, 15: 20, 16: 20}[points]
        game = tables("SHDC".index(t), points, ten_game=True)
        assert sum(game.value) == points - 1  # the game point replaces the ten
    assert trump_order_strs("C", 16) == ["AC", "AS", "KC", "QC", "JC", "JS", "X1", "X2", "TC", "TS", "9C",
                                         "8C", "7C", "6C", "5C", "4C", "3C", "3S", "2C", "2S"]


# --------------------------------------------------------------------------- properties
@settings(max_examples=150)
@given(st.sampled_from("SHDC"), st.sampled_from(POINT_COUNTS), st.booleans(), st.booleans(),
       st.randoms(use_true_random=False), st.integers(1, 5))
def test_trick_winner_property(trump: str, points: int, reverse: bool, first: bool,
                               rnd: random.Random, size: int) -> None:
    order = trump_order_strs(trump, points)
    cards = rnd.sample(order, size)
    tab = tables("SHDC".index(trump), points, reverse, first)
    got = cards[trick_winner_index([core.card_id(c) for c in cards], tab)]
    rank = {c: order.index(c) for c in cards}  # 0 = highest in normal order
    if first:
        for j in ("X1", "X2"):
            if j in rank:
                rank[j] = order.index("X1")
    best = (min if not reverse else max)(rank.values())
    assert got == next(c for c in cards if rank[c] == best)


@settings(max_examples=150)
@given(st.sampled_from("SHDC"), st.sampled_from(POINT_COUNTS), st.randoms(use_true_random=False),
       st.integers(7, 14))
def test_burn_rule_property(trump: str, points: int, rnd: random.Random, size: int) -> None:
    order = trump_order_strs(trump, points)
    hand_ = rnd.sample(order, min(size, len(order)))
    tab = tables("SHDC".index(trump), points)
    rule = burn_rule(hand_, trump, points)
    k = len(hand_) - 6
    assert rule["must_burn"] == k == len(rule["mandatory"]) + rule["choose"]
    is_point = {c: bool(tab.burn_points >> core.card_id(c) & 1) for c in hand_}
    nonpoint = [c for c in hand_ if not is_point[c]]
    if len(nonpoint) >= k:
        assert all(not is_point[c] for c in rule["mandatory"] + rule["from"])
    else:
        assert set(nonpoint) <= set(rule["mandatory"])
        assert all(is_point[c] for c in rule["from"])
    assert rule["choose"] < len(rule["from"]) or rule["choose"] == 0


def _expected_awards(state_scores: list[int], res: dict[str, Any], opts: dict[str, Any], five: bool,
                     target: int) -> list[int]:
    n = 5 if five else 2
    b_sides = sorted({s if five else s % 2 for s in res["bidding_side"]})
    out = [0] * n
    b, e = res["bidding_points"], res["defending_points"]
    if res["outcome"] == "moon_failed":
        return out
    if res["outcome"] == "moon_made":
        for t in b_sides:
            out[t] = (target if state_scores[t] >= 0 else 0) - state_scores[t]
    elif res["outcome"] == "made":
        for t in b_sides:
            out[t] = int(res["bid"]) if opts.get("made_bid_scores") == "bid" else b
    else:
        for t in b_sides:
            out[t] = -int(res["bid"])
    if opts.get("defenders_score", True):
        for t in range(n):
            if t not in b_sides:
                out[t] += e
    return out


@settings(max_examples=40)
@given(st.sampled_from([4, 5]), st.sampled_from(POINT_COUNTS), st.booleans(), st.booleans(),
       st.sampled_from(["ten_card", "game"]), st.sampled_from(["points_taken", "bid"]), st.booleans(),
       st.integers(0, 10_000))
def test_scoring_arithmetic_in_random_matches(players: int, points: int, dirty: bool, reverse: bool,
                                              ten: str, made: str, defenders: bool, seed: int) -> None:
    opts: dict[str, Any] = {"points": points, "dirty": dirty, "reverse": reverse, "ten_point": ten,
                            "made_bid_scores": made, "defenders_score": defenders, "target_score": 40}
    rng = random.Random(seed)
    state = core.new_match("pitch", players=players, options=opts, seed=seed)
    assert isinstance(state, Pitch)
    prev = list(state.scores)
    checked = 0
    for _ in range(3000):
        cp = state.current_player
        if cp is None:
            break
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        # avoid most moon bids so that matches run several deals
        pick = rng.choice(legal)
        if pick.call == "moon" and len(legal) > 1 and rng.random() < 0.9:
            pick = rng.choice([a for a in legal if a.call != "moon"])
        state.apply(pick)
        if state.phase == "play" and not state.view(None)["tricks"] and not state.view(None)["trick"]:
            tset = set(trump_order_strs(state.view(None)["trump"], points))
            for s in range(players):
                cards = hand(state, s)
                assert len(cards) <= 6 and set(cards) <= tset
        if state.current_player in (core.CHANCE, None):  # this action finished a deal
            res = state.deal_results[-1]
            assert res["deal"] == len(state.deal_results) == checked + 1
            assert res["bidding_points"] + res["defending_points"] == res["card_total"]
            assert sum(res["card_points"]) == res["card_total"]
            assert res["awarded"] == _expected_awards(prev, res, opts, players == 5, 40)
            assert [a + b for a, b in zip(prev, res["awarded"], strict=True)] == state.scores
            prev = list(state.scores)
            checked += 1
    assert checked >= 1
    if state.is_over:
        last = state.deal_results[-1]
        assert state.winners == _expected_winners(state.scores, last, players == 5, 40)
        assert state.winner == state.winners[0]
    else:  # the step budget ran out first: nobody may have won yet
        assert state.winners == [] and state.winner is None


def _expected_winners(scores: list[int], res: dict[str, Any], five: bool, target: int) -> list[int]:
    b_sides = sorted({s if five else s % 2 for s in res["bidding_side"]},
                     key=lambda t: (t != res["maker"] if five else 0, t))
    e_sides = [t for t in range(len(scores)) if t not in b_sides]
    if res["outcome"] == "moon_failed":
        top = max(scores[t] for t in e_sides)
        return [t for t in e_sides if scores[t] == top]
    hit = [t for t in b_sides if scores[t] >= target]
    if hit:
        return hit
    top = max(scores[t] for t in e_sides)
    return [t for t in e_sides if scores[t] == top and top >= target]


# --------------------------------------------------------------------------- views, hidden information, from_view
def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {k: v for k, v in a.items() if k not in ("seq", "events")} == \
        {k: v for k, v in b.items() if k not in ("seq", "events")}


def _check_state(state: Pitch, rng: random.Random, deal_start: int) -> None:
    players = state.players
    seats: list[int | None] = [*range(players), None]
    for seat in seats:
        view = state.view(seat)
        hidden = state.hidden_zones(seat)
        secret = {c for cards in hidden.values() for c in cards}
        assert set(view["unseen"]) == secret
        assert view["hidden"] == {k: len(v) for k, v in hidden.items()}
        assert not strings_in({k: v for k, v in view.items() if k != "unseen"}) & secret
        assert not strings_in(state.events_for(seat, deal_start)) & secret
    for seat in range(players):
        rebuilt = Pitch.from_view(state.view(seat), state.hidden_zones(seat))
        for q in seats:
            assert _same(rebuilt.view(q), state.view(q)), (seat, q, state.phase)
        assert rebuilt.legal_actions() == state.legal_actions()
        cp = state.current_player
        if cp is not None and cp >= 0:
            action = rng.choice(state.legal_actions())
            twin = state.clone()
            twin.apply(action)
            rebuilt.apply(action)
            assert _same(rebuilt.view(None), twin.view(None))
            assert _same(rebuilt.view(cp), twin.view(cp))


@pytest.mark.parametrize(("players", "opts"), [
    (4, {"target_score": 25}),
    (4, {"points": 16, "ten_point": "game", "draw_order": "bidder_left", "target_score": 25}),
    (4, {"points": 5, "remainder_to_partner": False, "dirty": True, "target_score": 15}),
    (5, {"target_score": 25}),
    (5, {"points": 14, "reverse": True, "joker_order": "first_played", "target_score": 25}),
])
def test_views_hide_cards_and_from_view_plays_on(players: int, opts: dict[str, Any]) -> None:
    phases: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = core.new_match("pitch", players=players, options=opts, seed=seed)
        assert isinstance(state, Pitch)
        deal_start = 0
        for _ in range(STEP_LIMIT):
            cp = state.current_player
            if cp is None or len(state.deal_results) >= 4:
                break
            if state.phase != "play" or rng.random() < 0.1:
                _check_state(state, rng, deal_start)
            phases.add(state.phase)
            if cp == core.CHANCE:
                deal_start = state.event_count
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            pick = rng.choice([a for a in legal if a.call != "moon"] or legal)
            # clone independence: trying an action on a clone leaves the state untouched
            before = state.to_record()
            state.clone().apply(pick)
            assert state.to_record() == before
            state.apply(pick)
        else:
            raise AssertionError(f"no end after {STEP_LIMIT} steps")
        _check_state(state, rng, deal_start)
        again = core.replay(state.to_record())
        assert again.view(0) == state.view(0) and again.events == state.events
    assert {"bidding", "trump", "play", "deal"} <= phases
    assert ("call" in phases) == (players == 5)


def test_actions_with_stray_fields_are_refused() -> None:
    deck = build_deck(4, 3, "H", 10, {0: ["AH"]}, exact=False)
    state = match_with_scores(4, {}, dealer=3)
    state.apply(core.Action("deal", deck=tuple(deck)))
    with pytest.raises(core.IllegalAction, match="unexpected fields"):
        state.apply(core.Action("bid", call="4", suit="H"))
    auction(state, 0, "4")
    with pytest.raises(core.IllegalAction, match="unexpected fields"):
        state.apply(core.Action("trump", suit="H", card="AH"))
    to_play(state, "H")
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match="unexpected fields"):
        state.apply(core.Action("play", card="AH", cards=("AH",)))
    with pytest.raises(core.IllegalAction, match="nothing to announce"):
        state.apply(core.Action("play", card="AH", call="bella"))
    assert state.to_record() == before



@pytest.mark.parametrize("players,options",
                         [(4, {}), (5, {}), (4, {"points": 16}), (4, {"points": 5, "ten_point": "game"})])
def test_point_cards_account_for_every_sides_points(players: int, options: dict[str, Any]) -> None:
    """``point_cards`` names who took each point card; with the game point they add up to the sides' points."""
    from core.ai import act, make_bot

    side_of = (lambda s: s % 2) if players == 4 else (lambda s: s)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = core.new_match("pitch", players=players, options=options, seed=seed)
        bots = [make_bot("random", seed=seed + s) for s in range(players)]
        while state.current_player is not None and len(state.deal_results) < 3:
            if state.current_player == core.CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(act(bots[state.current_player], state))
        for r in state.deal_results:
            per_side = [0] * len(r["card_points"])
            for pc in r["point_cards"]:
                assert set(pc) == {"point", "seat", "points"} and pc["points"] > 0
                per_side[side_of(pc["seat"])] += pc["points"]
            diff = [r["card_points"][i] - per_side[i] for i in range(len(per_side))]
            if r["game_point"] is None:
                assert diff == [0] * len(diff)
            else:  # the game point goes to one seat of the side that won it
                assert sorted(diff)[-1] == 1 and sum(diff) == 1
            checked += 1
    assert checked >= 6
