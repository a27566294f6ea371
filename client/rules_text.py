"""The rules of each game in our own words, for the in-game "How to play" screen.

Each entry is a list of (heading, body); body lines starting with a bullet
are indented.  House rules that change these defaults are listed in the
new-game screen with a one-line explanation each.

The text is English; each heading and each paragraph (without its bullet)
is one message of the translation catalogs: :func:`translated` gives a
game's sections in the current language.
"""

from __future__ import annotations

from client.i18n import _

B = "\u2022 "
RANKS_BELOTE = ("Trumps rank J, 9, A, 10, K, Q, 8, 7 and are worth 20, 14, 11, 10, 4, 3, 0, 0 points. "
                "Other suits rank A, 10, K, Q, J, 9, 8, 7 and are worth 11, 10, 4, 3, 2, 0, 0, 0.")

RULES: dict[str, list[tuple[str, str]]] = {
    "belote": [
        ("The idea", "Four players in two teams; partners sit opposite. An auction decides the contract: a "
         "trump suit, No trumps or All trumps. The team that takes the contract must score more points than "
         "the other team. First team to 151 wins the match."),
        ("Cards", "A 32-card pack (7 to ace). " + RANKS_BELOTE + " With All trumps every suit ranks like "
         "trumps; with No trumps every suit ranks like a plain suit."),
        ("The auction", "Starting to the dealer's right, players call in turn:\n"
         + B + "Pass, or bid a contract higher than the last one: \u2663 < \u2666 < \u2665 < \u2660 < No trumps "
         "< All trumps.\n" + B + "An opponent of the bidder may Double; the bidding team may then Redouble. "
         "A higher bid cancels a double.\n" + B + "Three passes after a bid end the auction. Four passes "
         "throw the deal in."),
        ("Playing", "Eight tricks; the player right of the dealer leads first. You must follow suit. "
         "If trumps are led you must beat the highest trump if you can. If you cannot follow, you must "
         "trump (or overtrump) unless your partner is already winning the trick."),
        ("Declarations", "With a trump or All-trumps contract you may declare combinations with your first "
         "card: tierce (3 in a row) 20, quarte 50, quint 100, four of a kind 100 (nines 150, jacks 200). "
         "Only the team with the best sequence scores its sequences, and likewise for fours. King and "
         "queen of trumps is Belote (20): announce it as you play the first of the two."),
        ("Scoring", "Card points plus 10 for the last trick (doubled with No trumps) plus declarations. "
         "If the contract is made, each team scores its own points, divided by ten. If it fails (b\u00eate), "
         "the defenders take everything. A tie hangs: the points go to the winner of a later deal. Taking "
         "all eight tricks is Capot: +90, and no team can win the match on a capot deal."),
    ],
    "klaberjass": [
        ("The idea", "Two players, 32 cards. Each deal one player, the maker, chooses trumps and must then "
         "end the deal with more points than the opponent. First to 500 wins."),
        ("Cards", RANKS_BELOTE),
        ("Dealing and bidding", "Six cards each; the next card is turned face up and proposes the trump "
         "suit.\n" + B + "First round: the non-dealer, then the dealer, may Take the turned suit or Pass.\n"
         + B + "Second round: each may name another suit or Pass. If all pass, the deal is annulled.\n"
         "Then each player gets three more cards and the bottom card of the stock is shown."),
        ("The seven of trumps", "If the turned suit became trumps, the holder of the seven of trumps may "
         "swap it for the turned card before the first lead."),
        ("Sequences", "Before play each player may declare a sequence: three in a row is 20, four or more "
         "is 50. Only the better sequence scores (longer, then higher, then in trumps). The winning "
         "sequence is shown after the first trick."),
        ("Playing", "Nine tricks; the non-dealer leads first. Follow suit; on a trump lead you must play "
         "a higher trump if you can; if you cannot follow, you must trump if you can. Holding king and "
         "queen of trumps, you may say Bella (20) as you play the second of them."),
        ("Scoring", "Each player counts card points, 10 for the last trick, the winning sequence and "
         "bella. If the maker has more, both score their own points. If the maker has less, the "
         "opponent scores both totals (the maker is b\u00eate). On a tie the maker scores nothing."),
    ],
    "deberts": [
        ("The idea", "Two to four players (four play as two teams by default), 32 cards. One player, the "
         "maker, chooses trumps and must take more points than the others, or suffer a bide. First to "
         "the target score wins."),
        ("Cards", RANKS_BELOTE),
        ("Dealing and bidding", "Six cards each, then one card is turned up.\n" + B + "Round one: in turn, "
         "each player may Play (accept the turned suit as trumps and become the maker) or Pass.\n" + B +
         "Round two: each may name one of the other three suits, or Pass. If everyone passes again, the "
         "deal is thrown in.\nWith two or three players everyone then gets three more cards and the bottom "
         "card of the stock is shown; with four, everyone gets two more and the maker takes the turned "
         "card."),
        ("The seven of trumps", "A player holding the seven of trumps may swap it for the turned-up card "
         "before the first lead (when the turned suit is trumps)."),
        ("Declarations", "Before the first trick players may declare sequences: Tertz (three in a row, 20) "
         "and Fifty (four or more, 50). Only the best sequence's owner scores. King and queen of trumps "
         "together is Bella (20), announced when played."),
        ("Playing", "Follow suit; if you cannot, you must trump; on a trump lead you must play a higher "
         "trump when you can. The last trick is worth 10."),
        ("Scoring", "Every player (or team) counts card points, the last trick, sequences and bella. If "
         "the maker has the most, everyone scores their own points. If not, it is a bide: the maker scores "
         "nothing and the defenders share the maker's points. An exact tie leaves the maker's points "
         "hanging in a pot for a later deal."),
    ],
    "tertz": [
        ("The idea", "Two players, 32 cards, a stock to draw from. The turned-up card fixes trumps for the "
         "whole deal. Score card points and combinations; first to 501 wins."),
        ("Cards", "Trumps rank J, 9, A, 10, K, Q, 8, 7; other suits A, 10, K, Q, J, 9, 8, 7. Card points: "
         "jack of trumps 20, nine of trumps 14, aces 11, tens 10, kings 3, queens 2, other jacks 1. A deal "
         "holds 150 points including 10 for the last trick."),
        ("A turn", "Before playing a card you may: swap the seven of trumps for the turned-up card; "
         "announce Mariage (king and queen of trumps, 20); make one declaration. Then you play a card."),
        ("Drawing", "After each trick, while the stock lasts, the winner draws a card, then the loser. "
         "After the first trick the loser breaks the deck first: moves some cards from the top of the stock "
         "to its bottom. While the stock lasts you must follow suit or trump; once it is empty you must "
         "follow suit, beat the card if you can, and trump if you cannot follow."),
        ("Combinations", "Tertz (3 in a row) 20, Fifty (4) 50, Hundred (5 to 8 in a row, or four aces, "
         "kings or queens) 100, four jacks 200. When you declare, the opponent's better combination beats "
         "yours automatically and scores instead."),
        ("Scoring", "The player who took fewer tricks counts his card points, rounded to ten (a 5 rounds "
         "down); the other gets the rest of the 150. Add the combinations won and the mariage."),
    ],
    "pitch": [
        ("The idea", "Four players in two teams (five-handed is a variant), 54 cards with two jokers. Bid "
         "for the right to name trumps; only trumps are ever played. Each deal holds 10 points. First "
         "team to 52 wins."),
        ("Bidding", "Nine cards each. One round of bidding from the dealer's left: pass, or bid more than "
         "the last bid (minimum 4), or Shoot the moon (take all the points). If all pass, the dealer must "
         "bid. The winner names trumps."),
        ("The trump set", "All cards of the trump suit, the other jack of the same colour (the off-jack) "
         "and both jokers. High to low: A, K, Q, J, off-jack, big joker, little joker, 10, 9 ... 2."),
        ("Discarding", "Everybody throws away every non-trump and draws back up to six cards from the "
         "stock. The bidder's side may receive what is left. Anyone holding more than six trumps must "
         "burn the extras face up (point cards cannot be burned if avoidable)."),
        ("Playing", "Only trumps are played; any trump may be played at any time. The highest card wins "
         "the trick. A player whose hand is empty sits out the rest of the deal."),
        ("Points", "Ace, jack, off-jack, each joker and the ten score 1 each for the team that wins them; "
         "the three scores 3; the two scores 1 for the team that played it. The bidding team must take at "
         "least its bid or loses the bid from its score; the defenders score what they take. Shooting "
         "the moon wins or loses big."),
    ],
}

GENERAL: list[tuple[str, str]] = [
    ("Playing at the table", B + "Click a lifted card (or drag it up) to play it. Dimmed cards cannot be "
     "played now: rest the pointer on one to see why.\n" + B + "Keyboard: Left/Right choose a card, Enter "
     "plays it; number keys press the bidding and option buttons; H asks for a hint; L shows the last "
     "trick; S the score sheet; Esc pauses.\n" + B + "F11 or Alt+Enter toggles fullscreen; Ctrl+M mutes.\n"
     + B + "A gamepad works too: d-pad to choose, A to play, B for the menu, X hint, Y last trick."),
]


def paragraphs(body: str) -> list[tuple[bool, str]]:
    """A section body as (is a bullet, text) paragraphs; the text without its bullet is what gets translated."""
    out = []
    for para in body.split("\n"):
        bullet = para.startswith(B)
        out.append((bullet, para[len(B):] if bullet else para))
    return out


def translated(game: str) -> list[tuple[str, list[tuple[bool, str]]]]:
    """The How to play sections of ``game`` and the general ones, in the current language.

    Each is (heading, paragraphs); a paragraph is (is a bullet, text).  The
    messages are exactly the headings and the :func:`paragraphs` texts.
    """
    out = []
    for heading, body in RULES.get(game, []) + GENERAL:
        out.append((_(heading), [(bullet, _(text) if text else "") for bullet, text in paragraphs(body)]))
    return out
