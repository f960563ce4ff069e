"""Sushi Draft's rules page (RULES.md section 2) as blocks of :mod:`scenes.shell.rules`: every
paragraph, heading, list item and caption one whole English catalog text (``N_``), translated
where the page is laid out."""
from __future__ import annotations

from game.i18n import N_

#: The page's blocks: ("title", text, jp), ("h", text), ("p", text), ("steps", [text]),
#: ("bullets", [text]), ("tiles", [(svg, caption)], optional (w, h) logical px, default 72x72),
#: ("note", text).
RULES: list[tuple] = [
    ("title", N_("Sushi Draft"), "寿司"),
    ("p", N_("A card-drafting game for 2 to 5 players by Takahiro Amioka. Everyone picks at the same "
          "time: eat the best mix of sushi, keep a card for later, and pass the rest of your hand on.")),
    ("h", N_("Goal")),
    ("p", N_("Win scoring chips by eating the most of a kind of sushi, and the dessert chip by eating "
          "the most different kinds. After three rounds the highest chip total wins.")),
    ("h", N_("The cards")),
    ("tiles", [("art/sushi/card_tuna.svg", N_("Tuna nigiri ×8")), ("art/sushi/card_shrimp.svg", N_("Shrimp roll ×7")),
               ("art/sushi/card_salmon.svg", N_("Salmon roll ×6")), ("art/sushi/card_cucumber.svg", N_("Cucumber ×5")),
               ("art/sushi/card_mackerel.svg", N_("Mackerel ×4")), ("art/sushi/card_wild.svg", N_("Wild ×2"))], (80, 112)),
    ("p", N_("There are six piles of three face-down chips: one per kind of sushi and one for dessert. "
          "Tuna chips are worth 3, 4 or 5; shrimp 2, 4, 4; salmon 2, 2, 4; cucumber 1, 3, 3; "
          "mackerel 1, 2, 3; dessert 2, 3, 5. Nobody knows which value lies on top of a pile.")),
    ("h", N_("A round")),
    ("steps", [
        N_("The 32 cards are shuffled and everyone gets 6. The rest are not used this round."),
        N_("Eat: everyone secretly chooses one card from their hand and lays it face down."),
        N_("Reveal: when everyone has chosen, all the chosen cards are turned face up together and "
        "stay in front of their players."),
        N_("Keep: everyone chooses one card of their hand to keep."),
        N_("Pass: everyone passes the rest of their hand to the player on their left, who adds the "
        "cards to the one they kept."),
        N_("Repeat with hands of 5, 4, 3 and 2 cards. With 2 cards, the card left after eating is "
        "discarded: each player eats 5 cards a round."),
    ]),
    ("h", N_("Wild cards")),
    ("p", N_("A wild counts as one more card of a kind you have already eaten this round (a real card, "
          "not another wild). You choose that kind when you pick the wild, before the reveal. So a "
          "wild can never be the first card you eat in a round, and it never adds a new kind for "
          "dessert.")),
    ("h", N_("Scoring after each round")),
    ("p", N_("For each kind of sushi, the players who ate it are ranked by how many they ate. The top "
          "chip of that pile goes to the player who ate the most. Players who tie cancel each other "
          "out and the chip goes to the next position: it goes to the first group that holds a "
          "single player. If every group is tied, or nobody ate that kind, the chip stays on the "
          "pile for the next round.")),
    ("p", N_("Dessert works the same way, counting how many different kinds each player ate.")),
    ("note", N_("Example: Aiko and Ben ate 3 tuna each and Chie ate 2. Aiko and Ben cancel out, so the "
             "tuna chip goes to Chie.")),
    ("h", N_("End of the game")),
    ("p", N_("You may look at your own chips at any time, but keep them hidden from the others. After "
          "the third round all chips are revealed and added up. The highest total wins; equal "
          "highest totals share the win. With two players a tie simply awards nothing.")),
    ("h", N_("Playing in Tatami")),
    ("p", N_("Drag a card onto your plate to eat it, or click it. Drop a wild onto the stack of the "
          "kind it copies. Then drag the card you want to keep onto the keep mat: the rest of your "
          "hand goes to the next player. With two or more people at one screen, a privacy screen "
          "hides each hand until its owner is ready. Press Esc to pause.")),
]
