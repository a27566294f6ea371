"""``hard``'s Pitch auction: a call above ``normal``'s must prove itself; a lower one need not."""

from __future__ import annotations

import random

from core.actions import Action
from core.ai.heuristic import decide, legal_of
from core.ai.knowledge import table_for
from core.ai.search import SearchBot, needs_proof
from core.games.pitch import call_rank
from tests.util import normal_decisions


def _bid(call: str) -> Action:
    return Action("bid", call=call)


def test_only_a_higher_pitch_call_needs_proof() -> None:
    assert needs_proof("pitch", 4, _bid("7"), _bid("6"))
    assert needs_proof("pitch", 4, _bid("moon"), _bid("10"))
    assert needs_proof("pitch", 4, _bid("5"), _bid("pass"))  # bidding at all over normal's pass
    assert not needs_proof("pitch", 4, _bid("5"), _bid("6"))
    assert not needs_proof("pitch", 4, _bid("pass"), _bid("6"))
    assert not needs_proof("pitch", 4, _bid("6"), _bid("6"))
    assert not needs_proof("klaberjass", 2, _bid("7"), _bid("6"))  # elsewhere the search bids freely
    assert needs_proof("pitch", 5, _bid("moon"), _bid("6"))  # five-handed too (fourteenth round)
    assert not needs_proof("pitch", 5, _bid("7"), _bid("moon"))
    assert not needs_proof("pitch", 4, Action("trump", suit="S"), Action("trump", suit="H"))


def test_with_an_unreachable_margin_hard_never_bids_above_normal_in_pitch() -> None:
    """A margin no search can clear leaves every higher call to ``normal``'s; a lower call or a pass stays free."""
    seen = 0
    for players, seed in ((4, 1), (4, 2), (4, 3), (4, 4), (5, 1), (5, 2)):
        for _state, view in normal_decisions("pitch", players, seed, steps=60):
            legal = legal_of(view)
            if len(legal) < 2 or not all(a.type == "bid" for a in legal):
                continue
            bot = SearchBot(seed=seed, playouts=48, bid_margin=1e9)
            tb = table_for(view)
            normal_call, _ = decide(view, tb, None, legal, random.Random(0))
            chosen = bot.choose(view)
            assert call_rank(chosen.call or "pass") <= call_rank(normal_call.call or "pass"), (chosen, normal_call)
            seen += 1
    assert seen >= 10
