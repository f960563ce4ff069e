"""Kanji-zushi's rules page (RULES.md section 3) as blocks of :mod:`scenes.shell.rules`: every
paragraph, heading, list item and caption one whole English catalog text (``N_``), translated
where the page is laid out."""
from __future__ import annotations

from game.i18n import N_

#: The page's blocks: ("title", text, jp), ("h", text), ("p", text), ("steps", [text]),
#: ("bullets", [text]), ("tiles", [(svg, caption)], optional (w, h) logical px, default 72x72),
#: ("note", text).
RULES: list[tuple] = [
    ("title", N_("Kanji-zushi"), "漢字寿司"),
    ("p", N_("A game for 2 to 6 players about how kanji are built. Many kanji are a left half and a right "
          "half side by side: 亻 (person) beside 木 (tree) makes 休, \"rest\". Put the halves together "
          "to make real, everyday kanji; the more strokes they have, the more they score.")),
    ("h", N_("The cards")),
    ("p", N_("Each player has the same deck of 10 neta cards, the left halves: 亻 氵 彳 土 扌 木 日 禾 糸 言. "
          "Everyone shares one deck of 46 shari cards, the right halves, such as 寺, 青, 反 or 会.")),
    ("h", N_("Setup")),
    ("p", N_("The shari deck is shuffled and its top 6 cards are laid face up on the table in two rows. Each "
          "player shuffles their own neta deck and draws 5 cards. The first player is chosen at random.")),
    ("h", N_("A turn")),
    ("steps", [
        N_("Put one neta card from your hand beside one shari card on the table: neta on the left, shari on "
        "the right."),
        N_("If the pair makes one of the 2,136 regular-use (Jōyō) kanji, keep both cards face up in front of "
        "you as a completed kanji. A new shari card from the deck fills the table, and you draw a neta "
        "card, while the decks last."),
        N_("If the pair makes no character, or a character that is not a regular-use kanji (for example "
        "日 + 昜 = 暘), both cards go back and your turn ends. You may also simply pass."),
        N_("Play passes clockwise to the next player."),
    ]),
    ("h", N_("End of the game")),
    ("bullets", [
        N_("A player with 5 completed kanji takes no more turns. When everyone has 5, the game ends."),
        N_("If no player who still has turns can complete any regular-use kanji from their own hand and the "
        "table, nothing can change any more and the game ends at once."),
        N_("Your score is the total number of strokes of your kanji. The highest score wins. A tie goes to "
        "the tied player whose single kanji has the most strokes; if that ties too, the win is shared."),
    ]),
    ("note", N_("Answer key: by default every kanji of the official 2010 Jōyō list counts, so 付, 昨, 技 "
             "and 伎 are good. The \"Rulebook\" option accepts only the 71 kanji printed in the "
             "original rulebook (with 繪 read as 絵).")),
    ("h", N_("Playing in Tatami")),
    ("p", N_("Drag a neta card from your hand onto a shari card on the table, or click one and then the "
          "other. The halves join into the kanji: a good one shows its meaning and readings and joins your "
          "row; a wrong one shakes and the cards go back. Hover any completed kanji to see its readings "
          "and meaning. The Hint option highlights one good pair. Press Esc to pause.")),
    ("h", N_("Credits")),
    ("p", N_("Kanji data: KANJIDIC2 by the Electronic Dictionary Research and Development Group (CC BY-SA "
          "4.0) for the Jōyō list, stroke counts, meanings and readings; KanjiVG by Ulrich Apel and "
          "contributors (CC BY-SA 3.0) for the stroke order and for which halves make which kanji, "
          "cross-checked with the CJK Decomposition Data and CHISE IDS; Jonathan Waller's JLPT lists (CC "
          "BY), via kanji-lists (MIT), for the JLPT levels. This software uses the KANJIDIC2 dictionary "
          "file, the property of the Electronic Dictionary Research and Development Group, in conformance "
          "with the Group's licence.")),
]
