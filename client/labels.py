"""Words and orderings for presentation: action labels, card text, hand sorting.

Nothing here decides a rule: legality comes from ``view["legal"]``.  The hand
sort is only a display order (suits grouped, trumps first, each suit in the
order the game ranks it), which any player expects.
"""

from __future__ import annotations

from typing import Any

import core
from client.i18n import N_, _, language, ngettext, pgettext
from client.ui import SUIT_NAME, SUIT_SYMBOL

BELOTE_TRUMP = "78QKTA9J"
BELOTE_PLAIN = "789JQKTA"
NATURAL = "23456789TJQKA"
SUIT_CYCLE = "SHCD"  # alternate black/red when grouped

# TRANSLATORS: bids and announcements as the bidding buttons show them (game terms: use the players' words).
CALL_WORDS = {
    "pass": N_("Pass"), "take": N_("Take"), "play": N_("Play"), "annul": N_("Annul"), "schmeiss": N_("Schmeiss"),
    "double": N_("Double"), "redouble": N_("Redouble"), "NT": N_("No trumps"), "AT": N_("All trumps"),
    "moon": N_("Shoot the moon"), "bella": N_("Bella"), "belote": N_("Belote"),
    "tierce": N_("Tierce"), "tertz": N_("Tertz"), "fifty": N_("Fifty"), "hundred": N_("Hundred"),
    "mariage": N_("Mariage"), "quarte": N_("Quarte"), "quinte": N_("Quinte"), "carre": N_("Four of a kind"),
    "four": N_("Four of a kind"), "20": N_("Sequence of 3 (20)"), "50": N_("Sequence of 4+ (50)"),
    "to_partner": N_("Give the rest to partner"),
}
"""Calls in English (marked for translation): show them with ``_(CALL_WORDS[call])``."""


def suit_text(suit: str) -> str:
    """A suit as symbol and translated name: ``"H"`` -> ``"\u2665 Hearts"``."""
    return f"{SUIT_SYMBOL.get(suit, suit)} {_(SUIT_NAME.get(suit, suit))}"


_local_indices = True


def set_local_indices(local: bool) -> None:
    """Write court cards and aces with the language's letters (True) or with J Q K A (False)."""
    global _local_indices
    _local_indices = bool(local)


def rank_index(rank: str, local: bool | None = None) -> str:
    """The corner index of ``rank``: ``"T"`` -> ``"10"``; ``"J"`` -> ``"J"``, or ``"В"`` in Russian.

    The language's letters come from its catalog (context ``card index``);
    ``local`` defaults to the player's Card indices setting.
    """
    if rank == "T":
        return "10"
    if rank in "JQKA" and (_local_indices if local is None else local):
        # TRANSLATORS: the letter in a card's corner for the jack/queen/king/ace (Russian: В Д К Т).
        if rank == "J":
            return pgettext("card index", "J")
        if rank == "Q":
            return pgettext("card index", "Q")
        if rank == "K":
            return pgettext("card index", "K")
        return pgettext("card index", "A")
    return rank


def index_letters(local: bool | None = None) -> str:
    """The jack, queen, king and ace indices as the cards show them: ``"J Q K A"``."""
    return " ".join(rank_index(r, local) for r in "JQKA")


def team_text(names: list[str] | tuple[str, ...]) -> str:
    """The players of a team or side as one name: ``"West & East"`` (the joiner in the player's language)."""
    # TRANSLATORS: joins the names of a team's players ("West & East"); keep the spaces.
    return pgettext("team", " & ").join(names)


def joker_words() -> dict[str, str]:
    """The words printed on the joker cards, in the player's language."""
    # TRANSLATORS: printed down the side of the joker cards, one letter under another (at most 7 letters).
    return {"joker": pgettext("joker card", "JOKER"),
            # TRANSLATORS: printed on the high joker card; short, capitals.
            "high": pgettext("joker card", "HIGH"),
            # TRANSLATORS: printed on the low joker card; short, capitals.
            "low": pgettext("joker card", "LOW")}


def count_text(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word`` agreed in number: ``1 card``, ``2 cards``, ``0 tricks``."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def card_text(card: str) -> str:
    """``"TH"`` -> ``"10♥"``; jokers ``"X1"`` -> ``"High joker"``."""
    if card == "X1":
        return _("High joker")
    if card == "X2":
        return _("Low joker")
    return rank_index(card[0]) + SUIT_SYMBOL.get(card[1], card[1])


def cards_text(cards: list[str] | tuple[str, ...] | None) -> str:
    """Several cards as text."""
    return " ".join(card_text(c) for c in cards or [])


RANK_NAMES = {"7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "T": N_("ten"), "J": N_("jack"),
              "Q": N_("queen"), "K": N_("king"), "A": N_("ace")}
"""Rank names in English (marked for translation)."""


def in_sentence(word: str) -> str:
    """A button word as it reads inside a sentence: lower case, except in German, whose nouns keep their capital."""
    if not word or language() == "de":
        return word
    return word[0].lower() + word[1:]


def declaration_words(call: str, top: str | None = None) -> str:
    """A declaration in words, with its top card when known: ``"tertz to the king"``."""
    if call.isdigit():
        # TRANSLATORS: a declared run worth {points} points (Klaberjass 20/50).
        word = _("{points}-point sequence").format(points=call)
    else:
        word = in_sentence(call_text(call))
    if isinstance(top, str) and top[:1] in RANK_NAMES:
        # TRANSLATORS: a declaration and its top card, e.g. "tertz to the king".
        return _("{declaration} to the {rank}").format(declaration=word, rank=_(RANK_NAMES[top[0]]))
    return word


def call_text(call: str, view: dict[str, Any] | None = None) -> str:
    """A bid or announcement in words: ``"H"`` -> ``"\u2665 Hearts"``, ``"7"`` -> ``"7"``."""
    if call in SUIT_SYMBOL:
        return suit_text(call)
    if call.startswith("partner:"):
        # TRANSLATORS: Pitch: call the holder of {card} as your partner.
        return _("Partner: {card}").format(card=card_text(call.split(':', 1)[1]))
    if call in ("take", "play") and view is not None:
        turned = turned_card(view)
        if turned and turned[0] != "X" and view.get("phase") == "bidding":
            return f"{_(CALL_WORDS[call])} {SUIT_SYMBOL.get(turned[1], '')}"
    if call in CALL_WORDS:
        return _(CALL_WORDS[call])
    return call.replace("_", " ").capitalize()


def action_text(a: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A legal action (JSON form) as a button label."""
    t = a.get("type")
    if t == "bid":
        return call_text(str(a.get("call")), view)
    if t == "trump":
        return suit_text(str(a.get("suit")))
    if t == "exchange":
        if a.get("card"):
            return _("Exchange {card}").format(card=card_text(a["card"]))
        turned = turned_card(view or {})
        # TRANSLATORS: swap your seven of trumps for the turned card {card}.
        return _("Swap the 7 for {card}").format(card=card_text(turned)) if turned else _("Exchange the seven")
    if t == "keep":
        if view is not None and view.get("phase") == "remainder":
            return _("Take the rest myself")
        return _("Keep my hand")
    if t == "declare":
        call = str(a.get("call") or "")
        word = call_text(call, view) if call else _("Declare")
        cards = a.get("cards")
        if isinstance(cards, list) and cards:
            # TRANSLATORS: a declaration button: the declaration and its cards ("Tertz: 7\u2665 8\u2665 9\u2665").
            return _("{declaration}: {cards}").format(declaration=word,
                                                      cards=cards_text(run_order(list(cards), view or {})))
        return word
    if t == "done":
        return _("Done") if view is not None and any(
            x.get("type") == "declare" for x in view.get("legal", [])) else _("Nothing to declare")
    if t == "break":
        return str(a.get("n"))
    if t == "discard":
        # TRANSLATORS: burn (discard face up) these extra trumps.
        return _("Discard {cards}").format(cards=cards_text(a.get("cards")))
    if t == "play":
        c = str(a.get("card"))
        call_v = a.get("call")
        if call_v:
            return _("Play {card} and announce {call}").format(card=card_text(c), call=call_text(str(call_v)))
        return _("Play {card}").format(card=card_text(c))
    return str(t)


def move_text(a: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A legal action named on its own line, as the hint shows it: ``"Bid 5"`` where its button says ``"5"``."""
    t = a.get("type")
    call = str(a.get("call") or "")
    if t == "bid" and call.isdigit():
        # TRANSLATORS: the hint names a numbered bid (Pitch), e.g. "Bid 5".
        return _("Bid {n}").format(n=call)
    if t == "break":
        # TRANSLATORS: the hint names a cut of the deck, e.g. "Break the deck at 7".
        return _("Break the deck at {n}").format(n=a.get("n"))
    return action_text(a, view)


def run_order(cards: list[str], view: dict[str, Any]) -> list[str]:
    """A declared run low to high in the order its sequence counts in: the natural order, or (the
    ``sequence_order = rank`` house rule) the trick-taking order of its suit (trumps: 7 8 Q K 10 A 9 J).

    >>> run_order(["JH", "8H", "9H"], {"options": {"sequence_order": "rank"}, "trump": "S"})
    ['8H', '9H', 'JH']
    >>> run_order(["JH", "AH", "9H"], {"options": {"sequence_order": "rank"}, "trump": "H"})
    ['AH', '9H', 'JH']
    >>> run_order(["TH", "8H", "9H"], {"options": {"sequence_order": "natural"}})
    ['8H', '9H', 'TH']
    """
    rank_mode = (view.get("options") or {}).get("sequence_order") == "rank"
    trump = trump_suit(view)

    def key(c: str) -> tuple[str, int]:
        order = NATURAL
        if rank_mode:
            order = BELOTE_TRUMP if c[1:] == trump else BELOTE_PLAIN
        return (c[1:], order.index(c[0]) if c[0] in order else -1)

    return sorted(cards, key=key) if all(isinstance(c, str) and len(c) == 2 for c in cards) else cards


def turned_card(view: dict[str, Any]) -> str | None:
    """The face-up turned card, whatever the game calls it."""
    for k in ("turned", "turnup", "turn_up"):
        v = view.get(k)
        if isinstance(v, str):
            return v
    return None


def bottom_card(view: dict[str, Any]) -> str | None:
    """The shown bottom card of the stock, if the game shows one."""
    for k in ("bottom", "bottom_card"):
        v = view.get(k)
        if isinstance(v, str):
            return v
    return None


def stock_count(view: dict[str, Any]) -> int:
    """Face-down cards left in the stock (0 if the game has none)."""
    v = view.get("stock_size")
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    v = view.get("stock")
    if isinstance(v, int) and not isinstance(v, bool):
        turned = turned_card(view)
        return max(0, v - (1 if turned else 0))
    return 0


def trump_suit(view: dict[str, Any]) -> str | None:
    """The trump suit letter, if any."""
    t = view.get("trump")
    if isinstance(t, str) and t in SUIT_SYMBOL:
        return t
    c = view.get("contract")
    if isinstance(c, dict):
        for k in ("trump", "call"):
            v = c.get(k)
            if isinstance(v, str) and v in SUIT_SYMBOL:
                return v
    return None


def all_trumps(view: dict[str, Any]) -> bool:
    """True under an all-trumps contract (Belote ``AT``)."""
    c = view.get("contract")
    return (c.get("call") if isinstance(c, dict) else c) == "AT"


def no_trumps(view: dict[str, Any]) -> bool:
    """True under a no-trumps contract (Belote ``NT``)."""
    c = view.get("contract")
    return (c.get("call") if isinstance(c, dict) else c) == "NT"


def contract_text(view: dict[str, Any], names: list[str]) -> str:
    """One line describing the contract (who plays what), or ''."""
    c = view.get("contract")
    if not isinstance(c, dict):
        return ""
    maker = c.get("maker", c.get("declarer", c.get("bidder")))
    who = names[maker] if isinstance(maker, int) and 0 <= maker < len(names) else ""
    if all_trumps(view):
        what = _("All trumps")
    elif no_trumps(view):
        what = _("No trumps")
    else:
        t = trump_suit(view)
        what = suit_text(t) if t else ""
    bid = c.get("bid")
    mult = c.get("multiplier")
    doubled = isinstance(mult, int) and mult == 2
    redoubled = isinstance(mult, int) and mult > 2
    if isinstance(bid, str):
        word = _("Moon") if bid == "moon" else _("bid {call}").format(call=call_text(bid))
        if what:
            # TRANSLATORS: a Pitch contract: "{bid} in {trumps}" ("bid 3 in \u2665 Hearts").
            what = _("{bid} in {trumps}").format(bid=word, trumps=what)
        else:
            what = _("{bid}, trumps to name").format(bid=word)
    if doubled:
        # TRANSLATORS: a contract that was doubled ("\u2665 Hearts doubled").
        what = _("{contract} doubled").format(contract=what)
    elif redoubled:
        what = _("{contract} redoubled").format(contract=what)
    # TRANSLATORS: the contract line: player name and contract ("Anna: \u2665 Hearts").
    return _("{player}: {contract}").format(player=who, contract=what) if who else what


def sort_hand(cards: list[str], view: dict[str, Any]) -> list[str]:
    """Display order: trumps first, suits alternating colours, each suit high to low."""
    trump = trump_suit(view)
    pitch = view.get("game") == "pitch"
    at = all_trumps(view)
    suits_present = [s for s in SUIT_CYCLE if any(c[1] == s for c in cards if c[0] != "X")]
    rest = [s for s in suits_present if s != trump]
    red = [s for s in rest if s in "HD"]
    black = [s for s in rest if s in "SC"]
    # colours alternate: after the trump suit the other colour; without trumps the larger colour group first
    if trump in suits_present:
        first_red = trump in "SC"
    else:
        first_red = len(red) > len(black)
    alt: list[str] = []
    while red or black:
        src = red if (first_red and red) or not black else black
        alt.append(src.pop(0))
        first_red = not first_red
    order = ([trump] if trump in suits_present else []) + alt

    def key(c: str) -> tuple[int, int]:
        if c[0] == "X":
            return (-1, -int(c[1] == "1"))
        suit_pos = order.index(c[1]) if c[1] in order else 9
        if pitch:
            rank = NATURAL.index(c[0])
        elif at or c[1] == trump:
            rank = BELOTE_TRUMP.index(c[0]) if c[0] in BELOTE_TRUMP else NATURAL.index(c[0])
        else:
            rank = BELOTE_PLAIN.index(c[0]) if c[0] in BELOTE_PLAIN else NATURAL.index(c[0])
        return (suit_pos, -rank)

    if pitch and trump in SUIT_SYMBOL:  # the whole trump set (off-jack, jokers, off-cards) first, strongest first
        try:
            tset = core.trump_ranking("pitch", trump, view.get("options") or {})
        except (ValueError, KeyError, TypeError):
            tset = []
        if tset:
            trumps = [c for c in tset if c in cards]
            rest = [c for c in cards if c not in tset]
            return trumps + sorted(rest, key=key)
    jokers_first = pitch and trump is not None
    out = sorted(cards, key=key)
    if not jokers_first:
        out = [c for c in out if c[0] != "X"] + [c for c in out if c[0] == "X"]
    else:  # jokers sit among the trumps (after the trump jack in rank terms): put them right after trumps' top
        jokers = [c for c in out if c[0] == "X"]
        rest = [c for c in out if c[0] != "X"]
        n_top = sum(1 for c in rest if c[1] == trump and c[0] in "AKQJ")
        out = rest[:n_top] + jokers + rest[n_top:]
    return out


def prompt_help(view: dict[str, Any]) -> str:
    """One line in a player's words explaining the choice offered now (empty when nothing needs explaining)."""
    legal = [a for a in view.get("legal") or [] if isinstance(a, dict)]
    types = {a.get("type") for a in legal}
    calls = {str(a.get("call")) for a in legal if a.get("type") in ("bid", "declare")}
    game = view.get("game")
    phase = str(view.get("phase", ""))
    turned = turned_card(view)
    tsuit = suit_text(turned[1]) if turned and turned[1] in SUIT_SYMBOL else ""
    if "bid" in types:
        if phase == "schmeiss":
            return _("Your opponent called schmeiss. Annul: the deal is thrown in. Play: you become the maker.")
        if phase == "naming":
            if tsuit:
                return _("Choose trumps: any suit but the turned card's ({suit}).").format(suit=tsuit)
            return _("Choose trumps: any suit but the turned card's.")
        if game == "pitch":
            if "moon" in calls:
                return _("Bid how many points you will take with trumps of your choice; "
                         "the highest bid names trumps. Moon: you take every point.")
            return _("Bid how many points you will take with trumps of your choice; "
                     "the highest bid names trumps.")
        if game == "belote":
            if "double" in calls:
                return _("Double if you think their contract will fail (points \u00d72); or outbid it, or pass.")
            if "redouble" in calls:
                return _("They doubled you: redouble (points \u00d74) if you are sure, or pass.")
            return _("Bid the contract your side will make (a trump suit, No trumps or All trumps), "
                     "above the last bid.")
        take = calls & {"take", "play"}
        suits = calls & set(SUIT_SYMBOL)
        parts: list[str] = []
        if take and tsuit:
            # TRANSLATORS: {call} is the Take/Play button's word; {suit} the turned card's suit.
            parts.append(_("{call}: {suit} become trumps and you must outscore your opponents. "
                           "Pass: leave the choice to the next player.").format(
                call=_(CALL_WORDS[next(iter(take))]), suit=tsuit))
        elif suits:
            parts.append(_("Name another suit as trumps (you must then outscore your opponents), or pass."))
        if "schmeiss" in calls:
            parts.append(_("Schmeiss: offer to throw the deal in."))
        return " ".join(parts)
    if "trump" in types:
        return _("You won the auction: choose the trump suit (the suit where you hold the most high cards).")
    if "break" in types:
        return _("Move that many cards from the top of the stock to the bottom: it changes who draws what.")
    if "exchange" in types:
        if turned:
            return _("Take the turned {card} into your hand and leave your seven of trumps in its place.").format(
                card=card_text(turned))
        return _("Swap your seven of trumps for the turned card.")
    if "keep" in types and phase == "exchange":
        return _("Only the holder of the seven of trumps may swap it for the turned card.")
    if phase == "remainder":
        n = stock_count(view)
        if n:
            return ngettext("{n} card left in the stock: draw it yourself, or let your partner draw it unseen.",
                            "{n} cards left in the stock: draw them yourself, or let your partner draw them unseen.",
                            n).format(n=n)
        return _("The rest of the stock: draw them yourself, or let your partner draw them unseen.")
    if "discard" in types:
        return _("You hold more than six trumps: burn the extra ones face up (click a card to burn it).")
    if phase == "call":
        return _("Name a trump you do not hold: whoever holds it becomes your partner (a secret until it is played).")
    if "declare" in types:
        if "play" in types:  # the title says it all; the panel stays low, clear of the trick
            return ""
        return _("Show a combination to score it; only the best one at the table counts.")
    return ""
