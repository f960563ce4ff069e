"""KAITO's rules page (RULES.md section 1) as blocks of :mod:`scenes.shell.rules`: every
paragraph, heading, list item and caption one whole English catalog text (``N_``), translated
where the page is laid out."""
from __future__ import annotations

from game.i18n import N_
from scenes.kaito.art import tile_path

#: The page's blocks: ("title", text, jp), ("h", text), ("p", text), ("steps", [text]),
#: ("bullets", [text]), ("tiles", [(svg, caption)], optional (w, h) logical px, default 72x72),
#: ("note", text).
RULES: list[tuple] = [
    ("title", N_("KAITO"), "侍"),
    ("p", N_("A duel for two players by Inon Kohn. Both players steer the same samurai "
          "pawn — the Kaito — around a grid of tiles, capturing the tile it lands on.")),
    ("h", N_("Goal")),
    ("p", N_("Leave your opponent with no katana (sword) or no kabuto (helmet) on the board, or with "
          "no tile the Kaito can reach at the start of their turn.")),
    ("h", N_("The tiles")),
    ("tiles", [(tile_path("RK"), N_("Katana ×7")), (tile_path("BH"), N_("Kabuto ×3")),
               (tile_path("R3"), N_("Mon 3 ×2")), (tile_path("B2"), N_("Mon 2 ×2")),
               (tile_path("R1"), N_("Mon 1 ×3")), (tile_path("OO"), N_("Blank ×2")),
               ("art/kaito/kaito_R.svg", N_("The Kaito"))]),
    ("p", N_("Each colour, red and black, has 17 tiles: 7 katana, 3 kabuto and 7 Mon tiles worth "
          "3, 3, 2, 2, 1, 1 and 1 points. Two blank tiles mark where the game starts.")),
    ("h", N_("Setup")),
    ("p", N_("The 36 tiles are shuffled face up into a 6 × 6 grid. Each player takes a colour. The "
          "second player removes both blank tiles and places the Kaito on one of the two emptied "
          "squares. Then the first player moves.")),
    ("h", N_("A turn")),
    ("steps", [
        N_("Move the Kaito along its row or column to any square that holds a tile. It may pass over "
        "empty squares and over other tiles, and it must move."),
        N_("Capture the tile it lands on. An opponent's tile is placed face up in front of you; a tile "
        "of your own colour leaves the game. Capturing your own tiles is allowed."),
        N_("Optionally, once per turn, make a Mon exchange: give back opponent Mon tiles you hold worth "
        "at least 4 points to retrieve one of your katana that your opponent holds, or at least 5 "
        "points for one of your kabuto. The paid Mon leave the game and no change is given. The "
        "retrieved tile is put under the Kaito and stays when the Kaito moves on."),
        N_("The Kaito turns to show your opponent's colour, and their turn begins."),
    ]),
    ("note", N_("A payment must be minimal: removing any one paid tile would make it too small. "
             "So 3 + 3 buys a katana, but 3 + 2 + 1 does not.")),
    ("h", N_("End of the game")),
    ("bullets", [
        N_("A player with no katana or no kabuto left on the board loses at once — whoever captured it. "
        "This is checked right after each capture, before any exchange, so taking your own last "
        "katana or kabuto loses. A capture that ends the game allows no exchange."),
        N_("A player who, at the start of their turn, has no tile in the Kaito's row or column loses. "
        "A tile lying under the Kaito does not count."),
        N_("The game always ends: every capture removes a tile from the board."),
    ]),
    ("h", N_("Playing in Tatami")),
    ("p", N_("Drag the Kaito onto a highlighted tile, or click the Kaito and then the tile. When an "
          "exchange is possible you are offered it after the capture. Press Esc to pause, F11 for "
          "fullscreen.")),
]
