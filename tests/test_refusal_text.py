"""The engine's refusal reasons are templates with arguments a client can render in any language.

* the sources: every ``IllegalAction(...)``/``Refusal(...)``/``Reason(...)`` in
  core (the frozen yardsticks aside) has a literal template (never an
  f-string, so the catalog extractor sees it) whose placeholders are exactly
  its keyword arguments;
* random playouts of every game case, with many illegal actions: each
  refusal's ``template`` is one of those literal templates, its arguments
  are plain data of the kinds :mod:`core.text` names, and filling the
  template with the arguments in English gives ``str(exc)`` exactly.
"""

from __future__ import annotations

import ast
import random
import string
from pathlib import Path

import pytest

import core
from core.text import Reason, Refusal, Text, english, kind
from tests.cases import all_cases
from tests.test_conformance import _random_action

ROOT = Path(__file__).resolve().parent.parent
CALLS = ("IllegalAction", "Refusal", "Reason")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _source_templates() -> dict[str, set[str]]:
    """Every literal template of a refusal/reason call in core, with its keyword names."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "core").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("core/ai/v1/") or rel in ("core/text.py", "core/errors.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in CALLS or not node.args:
                continue
            first = node.args[0]
            where = f"{rel}:{node.lineno}"
            assert not isinstance(first, ast.JoinedStr), f"{where}: an f-string cannot be translated"
            assert not isinstance(first, ast.BinOp), f"{where}: a glued sentence cannot be translated"
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                keys = {k.arg for k in node.keywords if k.arg}
                assert _fields(first.value) == keys, f"{where}: placeholders {_fields(first.value)} != {keys}"
                found[first.value] = keys
    return found


TEMPLATES = _source_templates()


def test_sources_have_literal_templates() -> None:
    assert len(TEMPLATES) > 100
    assert "you do not hold the {card}" in TEMPLATES


def _check(exc: core.IllegalAction) -> str:
    t = exc.template
    assert t in TEMPLATES, f"refusal template not written as a literal in core: {t!r}"
    assert _fields(t) == set(exc.args_map)
    for name, value in exc.args_map.items():
        assert isinstance(value, (str, int, list)) and not isinstance(value, bool), (name, value)
        if kind(name, value) == "card":
            assert value in core.cards.CARD_IDS, (t, value)
        if kind(name, value) in ("suit", "suit_one"):
            assert value in "SHDC?" and len(value) == 1, (t, value)
    assert t.format(**{k: english(k, v) for k, v in exc.args_map.items()}) == str(exc)
    assert "{" not in str(exc)
    return t


def _mutations(state: core.State, rng: random.Random) -> list[core.Action]:
    """Near-miss actions: a legal action with one field changed (they reach the deeper refusals)."""
    out = []
    legal = state.legal_actions()
    cards = core.cards.deck_strs(state.deck_low_rank, state.deck_jokers)
    for a in rng.sample(legal, min(4, len(legal))):
        out.append(core.Action(a.type, card=rng.choice(cards) if a.card else a.card, cards=a.cards, call=a.call,
                               suit=a.suit, n=a.n))
        out.append(core.Action(a.type, card=a.card, cards=a.cards[::-1] if a.cards else a.cards,
                               call=rng.choice([None, "bella", "belote", "tierce", "fifty", "mariage", "x"]),
                               suit=a.suit, n=a.n))
    return out


@pytest.mark.parametrize("game,players,options", all_cases())
def test_refusals_render_from_their_template(game: str, players: int, options: dict[str, object]) -> None:
    rng = random.Random(f"{game}{players}{sorted(options.items())}")
    seen: set[str] = set()
    for m in range(3):
        state = core.new_match(game, players=players, options=options, seed=m)
        for _ in range(4000):
            if state.is_over:
                break
            if state.current_player != core.CHANCE:
                legal = set(state.legal_actions())
                for action in [_random_action(state, rng) for _ in range(3)] + _mutations(state, rng):
                    if action in legal:
                        continue
                    try:
                        state.clone().apply(action)
                    except core.IllegalAction as exc:
                        seen.add(_check(exc))
            if state.current_player == core.CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 5


def test_text_value() -> None:
    t = Refusal("must beat the {card}: play a higher {suit_one}", card="QH", suit_one="H")
    assert str(t) == "must beat the queen of hearts: play a higher heart"
    assert Text.from_json(t.to_json()) == Text(t.template, **t.args)
    assert Text.from_json({"template": 3}) is None
    assert Text.from_json({"template": "x {n}", "args": {"n": 2, "bad key": 1, "b": True}}).args == {"n": 2}
    e = core.IllegalAction(t)
    assert (str(e), e.template, e.args_map) == (str(t), t.template, {"card": "QH", "suit_one": "H"})
    assert str(core.IllegalAction("plain {braces}")) == "plain {braces}"
    assert str(Text("you must bid higher than {contract}", contract="NT")) == "you must bid higher than no trumps"
    assert str(Text("a run of {n_count_word}", n_count_word=4)) == "a run of four"
    r = Reason("win the trick with the {card}", card="AS")
    assert isinstance(r, str) and r == "win the trick with the ace of spades"
    assert (r.template, r.args) == ("win the trick with the {card}", {"card": "AS"})
