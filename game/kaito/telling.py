"""KAITO's telling (RULES.md section 1): every sentence the game says — an event's (its
:data:`TELLERS`, through :func:`game.telling.describe`), the outcome's (:func:`outcome_text`) and
the words they are made of — in the language in use, each a whole catalog text with named
placeholders (:mod:`game.i18n`).

The events (:mod:`game.kaito.events`) carry data only; nothing here is registered anywhere: the
shared :func:`game.telling.describe` finds this module through the game's registration.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from game.core import is_you, join_list, pick_template, seat_name
from game.i18n import N_, _, ngettext
from game.kaito.events import (
    NO_KABUTO,
    NO_KATANA,
    NO_MOVE,
    GameEnded,
    KaitoMoved,
    KaitoPlaced,
    LastTileAtStake,
    LastTileLeft,
    MonExchanged,
    TileCaptured,
)

#: Colour words (RULES.md §1 components: red ``R``, black ``B``; ``O`` for the blank tiles), as a
#: side's name ("Red won"); marked for the catalogs, translated where shown (``_(COLOR_WORDS[c])``).
COLOR_WORDS = {"R": N_("Red"), "B": N_("Black"), "O": N_("blank")}


#: Every tile's name, a whole noun phrase per tile code (translated where shown: :func:`tile_label`).
TILE_NAMES = {
    "RK": N_("Red katana"), "BK": N_("Black katana"),
    "RH": N_("Red kabuto"), "BH": N_("Black kabuto"),
    "R3": N_("Red Mon 3"), "B3": N_("Black Mon 3"),
    "R2": N_("Red Mon 2"), "B2": N_("Black Mon 2"),
    "R1": N_("Red Mon 1"), "B1": N_("Black Mon 1"),
    "OO": N_("blank tile"),
}


#: Every coloured tile's name without its colour, for a tile named after its owner when the owner's
#: name is the colour itself ("Black's last kabuto", not "Black's last Black kabuto").
TILE_KINDS = {
    "K": N_("katana"), "H": N_("kabuto"),
    # Translators: a Mon tile of value 3, 2 or 1 without its colour ("Black's Mon 3")
    "3": N_("Mon 3"), "2": N_("Mon 2"), "1": N_("Mon 1"),
}


#: Every tile's name with its indefinite article, as a tile passed over is told ("passing over a
#: Black katana"): whole phrases, for languages whose article agrees with the noun.
TILES_PASSED = {
    "RK": N_("a Red katana"), "BK": N_("a Black katana"),
    "RH": N_("a Red kabuto"), "BH": N_("a Black kabuto"),
    "R3": N_("a Red Mon 3"), "B3": N_("a Black Mon 3"),
    "R2": N_("a Red Mon 2"), "B2": N_("a Black Mon 2"),
    "R1": N_("a Red Mon 1"), "B1": N_("a Black Mon 1"),
    "OO": N_("a blank tile"),
}


#: A sentence template in the language in use, for a count ``n`` (the ones without a count ignore
#: it): called at the moment the sentence is told, so a language switch takes effect at once.
Template = Callable[[int], str]


#: Every sentence, keyed by kind (and, where a kind has several, by the field that picks one);
#: ``<key>/you`` is the second-person variant, told when the subject seat is the person
#: (:func:`game.core.is_you`). ``{seat}``, ``{owner}``, ``{mover}``, ``{winner}``, ``{loser}``,
#: ``{opponent}`` are seat names; ``{square}``-like placeholders are square names (``c4``);
#: ``{tile}`` a tile name (``Black katana``); ``{color}`` a side's colour name (``Red``).
TEMPLATES: dict[str, Template] = {
    # Translators: {blank1}, {blank2}, {square} are squares (c4); {color} is a side's colour (Red)
    "kaito.place": lambda n: _("{seat} removed the two blank tiles from {blank1} and {blank2} and placed the "
                               "Kaito on {square}, showing {color}."),
    "kaito.move/adjacent": lambda n: _("{seat} moved the Kaito one square, from {frm} to {to}."),
    "kaito.move/gaps": lambda n: ngettext(
        "{seat} moved the Kaito {distance} square, from {frm} to {to}, over empty squares only.",
        "{seat} moved the Kaito {distance} squares, from {frm} to {to}, over empty squares only.", n),
    # Translators: {tiles} lists what the Kaito passed over ("a Black katana and 2 empty squares")
    "kaito.move/tiles": lambda n: ngettext(
        "{seat} moved the Kaito {distance} square, from {frm} to {to}, passing over {tiles}.",
        "{seat} moved the Kaito {distance} squares, from {frm} to {to}, passing over {tiles}.", n),
    # Translators: {owner} is the seat whose tile it was; {tile} a tile's name (Black katana)
    "kaito.capture/held": lambda n: _("{seat} captured {owner}'s {tile} on {square} and now holds it."),
    "kaito.capture/own": lambda n: _("{seat} captured their own {tile} on {square}, which leaves the game."),
    "kaito.last_tile": lambda n: _("{owner} is down to their last {tile} on the board, on {square}: if it "
                                   "leaves the board, {owner} loses."),
    "kaito.last_tile/you": lambda n: _("You are down to your last {tile} on the board, on {square}: if it "
                                       "leaves the board, you lose."),
    # Translators: {mover} is the seat to move now, who can capture the tile
    "kaito.at_stake/opponent": lambda n: _("Warning: {owner}'s last {tile} on {square} lies in the Kaito's row "
                                           "or column, so {mover} can capture it and win."),
    "kaito.at_stake/opponent/yours": lambda n: _("Warning: your last {tile} on {square} lies in the Kaito's "
                                                 "row or column, so {mover} can capture it and win."),
    "kaito.at_stake/opponent/you": lambda n: _("Warning: {owner}'s last {tile} on {square} lies in the Kaito's "
                                               "row or column, so you can capture it and win."),
    "kaito.at_stake/own": lambda n: _("Warning: {owner}'s last {tile} on {square} lies in the Kaito's row or "
                                      "column, and {owner} loses by capturing it."),
    "kaito.at_stake/own/you": lambda n: _("Warning: your last {tile} on {square} lies in the Kaito's row or "
                                          "column, and you lose by capturing it."),
    # Translators: {values} lists the Mon values paid ("3 and 1"), {total} is their sum
    "kaito.exchange": lambda n: ngettext(
        "{seat} paid Mon worth {values} ({total} point) to retrieve their {tile} from {opponent}, and it "
        "now lies on {square} under the Kaito.",
        "{seat} paid Mon worth {values} ({total} points) to retrieve their {tile} from {opponent}, and it "
        "now lies on {square} under the Kaito.", n),
    # Translators: {color} is the losing side's colour (Black)
    f"kaito.end/{NO_KATANA}/opponent": lambda n: _("{winner} won by capturing {loser}'s last katana: {color} "
                                                   "has no katana left on the board."),
    f"kaito.end/{NO_KATANA}/opponent/you": lambda n: _("You won by capturing {loser}'s last katana: {color} "
                                                       "has no katana left on the board."),
    f"kaito.end/{NO_KABUTO}/opponent": lambda n: _("{winner} won by capturing {loser}'s last kabuto: {color} "
                                                   "has no kabuto left on the board."),
    f"kaito.end/{NO_KABUTO}/opponent/you": lambda n: _("You won by capturing {loser}'s last kabuto: {color} "
                                                       "has no kabuto left on the board."),
    # "/yours": the loser is the person
    f"kaito.end/{NO_KATANA}/opponent/yours": lambda n: _("{winner} won by capturing your last katana: {color} "
                                                         "has no katana left on the board."),
    f"kaito.end/{NO_KABUTO}/opponent/yours": lambda n: _("{winner} won by capturing your last kabuto: {color} "
                                                         "has no kabuto left on the board."),
    f"kaito.end/{NO_KATANA}/own/yours": lambda n: _("{winner} won: you captured your own last katana, so "
                                                    "{color} has no katana left on the board."),
    f"kaito.end/{NO_KABUTO}/own/yours": lambda n: _("{winner} won: you captured your own last kabuto, so "
                                                    "{color} has no kabuto left on the board."),
    f"kaito.end/{NO_MOVE}/yours": lambda n: _("{winner} won: you cannot move, as no tile lies in the Kaito's "
                                              "row or column."),
    f"kaito.end/{NO_KATANA}/own": lambda n: _("{winner} won: {loser} captured their own last katana, so "
                                              "{color} has no katana left on the board."),
    f"kaito.end/{NO_KATANA}/own/you": lambda n: _("You won: {loser} captured their own last katana, so "
                                                  "{color} has no katana left on the board."),
    f"kaito.end/{NO_KABUTO}/own": lambda n: _("{winner} won: {loser} captured their own last kabuto, so "
                                              "{color} has no kabuto left on the board."),
    f"kaito.end/{NO_KABUTO}/own/you": lambda n: _("You won: {loser} captured their own last kabuto, so "
                                                  "{color} has no kabuto left on the board."),
    f"kaito.end/{NO_MOVE}": lambda n: _("{winner} won: {loser} cannot move, as no tile lies in the Kaito's row "
                                        "or column."),
    f"kaito.end/{NO_MOVE}/you": lambda n: _("You won: {loser} cannot move, as no tile lies in the Kaito's row "
                                            "or column."),
}


def template(key: str, subject: str | None = None, n: int = 0) -> str:
    """The template ``key`` of :data:`TEMPLATES` (:func:`game.core.pick_template`)."""
    return pick_template(TEMPLATES, key, subject, n)


def square_label(index: int) -> str:
    """``12 -> "a3"`` (RULES.md §1 notation; same as :func:`game.kaito.rules.square_name`, kept here so
    this module does not import the rules)."""
    rank, file = divmod(index, 6)
    return f"{'abcdef'[file]}{rank + 1}"


def tile_label(code: str) -> str:
    """A tile code as words in the language in use: ``"BK" -> "Black katana"``, ``"R3" -> "Red Mon
    3"``, ``"OO" -> "blank tile"``."""
    return _(TILE_NAMES[code])


def owned_tile_label(code: str, owner: str) -> str:
    """The name of the tile ``code`` after its ``owner``'s name (``"{owner}'s {tile}"``): without
    its colour when the owner is called by that colour (a seat named "Black": "Black's kabuto";
    "Ana's Black kabuto" otherwise), in the language in use."""
    if code[:1] in ("R", "B") and code[1:] in TILE_KINDS and owner.strip().casefold() in (
            color_label(code[0]).casefold(), COLOR_WORDS[code[0]].casefold()):
        return _(TILE_KINDS[code[1:]])
    return tile_label(code)


def color_label(color: str) -> str:
    """A side's colour code as its name in the language in use: ``"R" -> "Red"``."""
    return _(COLOR_WORDS[color])


#: The :class:`~game.core.Outcome`'s sentence, whole per case (marked for the catalogs; told by
#: :func:`outcome_text`): by (last tile captured, captured by its owner) and by (colour, no-move).
OUTCOME_TEXTS: dict[tuple[str, object], str] = {
    ("RK", False): N_("Red has no katana left on the board (Black's capture)."),
    ("RK", True): N_("Red has no katana left on the board (its own capture)."),
    ("BK", False): N_("Black has no katana left on the board (Red's capture)."),
    ("BK", True): N_("Black has no katana left on the board (its own capture)."),
    ("RH", False): N_("Red has no kabuto left on the board (Black's capture)."),
    ("RH", True): N_("Red has no kabuto left on the board (its own capture)."),
    ("BH", False): N_("Black has no kabuto left on the board (Red's capture)."),
    ("BH", True): N_("Black has no kabuto left on the board (its own capture)."),
    ("R", "no-move"): N_("Red cannot move: no tile in the Kaito's row or column."),
    ("B", "no-move"): N_("Black cannot move: no tile in the Kaito's row or column."),
}


def outcome_text(case: tuple[str, object]) -> str:
    """The :class:`~game.core.Outcome`'s sentence of ``case`` (an :data:`OUTCOME_TEXTS` key) in the
    language in use (the Outcome's ``tell``)."""
    return _(OUTCOME_TEXTS[case])


# -- the events' sentences ---------------------------------------------------------------------------


def _kaito_placed(event: KaitoPlaced, names: Sequence[str]) -> str:
    """E.g. ``"Ben removed the two blank tiles from c4 and e2 and placed the Kaito on c4,
    showing Red."``."""
    b1, b2 = (square_label(b) for b in event.blanks)
    return template(event.KIND).format(seat=seat_name(names, event.seat), blank1=b1, blank2=b2,
                                      square=square_label(event.square), color=color_label(event.color))


def _kaito_moved(event: KaitoMoved, names: Sequence[str]) -> str:
    """E.g. ``"Ana moved the Kaito 3 squares, from c4 to c1, passing over a Black katana."``."""
    jumped = event.jumped
    key = "adjacent" if event.distance == 1 else "tiles" if jumped else "gaps"
    tiles = [_(TILES_PASSED[c]) for c in jumped]
    gaps = len(event.passed) - len(jumped)
    if jumped and gaps:
        # Translators: the empty squares the Kaito passed over, the last item of a list
        tiles.append(ngettext("one empty square", "{n} empty squares", gaps).format(n=gaps))
    return template(f"{event.KIND}/{key}", n=event.distance).format(
        seat=seat_name(names, event.seat), distance=event.distance, frm=square_label(event.frm),
        to=square_label(event.to), tiles=join_list(tiles))


def _tile_captured(event: TileCaptured, names: Sequence[str]) -> str:
    """E.g. ``"Ana captured Ben's Black katana on d4 and now holds it."``."""
    key = "held" if event.held else "own"
    owner = seat_name(names, event.owner)
    return template(f"{event.KIND}/{key}").format(
        seat=seat_name(names, event.seat), owner=owner,
        tile=owned_tile_label(event.tile, owner), square=square_label(event.square))


def _last_tile_left(event: LastTileLeft, names: Sequence[str]) -> str:
    """E.g. ``"Ben is down to their last Black kabuto on the board, on b5: if it leaves the
    board, Ben loses."``."""
    owner = seat_name(names, event.seat)
    return template(event.KIND, owner).format(owner=owner, tile=owned_tile_label(event.tile, owner),
                                             square=square_label(event.square))


def _last_tile_at_stake(event: LastTileAtStake, names: Sequence[str]) -> str:
    """E.g. ``"Warning: Ben's last Black kabuto on b5 lies in the Kaito's row or column, so Ana
    can capture it and win."``."""
    owner, mover = seat_name(names, event.seat), seat_name(names, event.mover)
    key = f"{event.KIND}/{'own' if event.mover == event.seat else 'opponent'}"
    if key.endswith("opponent") and is_you(owner):
        key += "/yours"  # the person's own tile at stake: "Warning: your last ..."
    return template(key, mover).format(owner=owner, mover=mover, tile=owned_tile_label(event.tile, owner),
                                       square=square_label(event.square))


def _mon_exchanged(event: MonExchanged, names: Sequence[str]) -> str:
    """E.g. ``"Ana paid Mon worth 3 and 1 (4 points) to retrieve their Red katana from Ben, and
    it now lies on d4 under the Kaito."``."""
    return template(event.KIND, n=event.value).format(
        seat=seat_name(names, event.seat), opponent=seat_name(names, 1 - event.seat),
        values=join_list([c[1] for c in event.paid]), total=event.value,
        tile=tile_label(event.retrieved), square=square_label(event.square))


def _game_ended(event: GameEnded, names: Sequence[str]) -> str:
    """E.g. ``"Ana won by capturing Ben's last katana: Black has no katana left on the
    board."``."""
    key = f"{event.KIND}/{event.reason}"
    if event.reason != NO_MOVE:
        key += "/own" if event.captured_by == event.loser else "/opponent"
    winners = [seat_name(names, w) for w in event.winners]
    winner = winners[0] if len(winners) == 1 else None
    loser = seat_name(names, event.loser)
    if is_you(loser) and not (winner is not None and is_you(winner)):
        key += "/yours"  # the person lost: "... capturing your last katana"
    return template(key, winner).format(winner=join_list(winners), loser=loser, color=color_label(event.color))


#: The sentence-maker of each event class: ``TELLERS[type(event)](event, names)`` is the event's
#: whole sentence in the language in use (:func:`game.telling.describe` calls it).
TELLERS: dict[type, Callable[[Any, Sequence[str]], str]] = {
    KaitoPlaced: _kaito_placed,
    KaitoMoved: _kaito_moved,
    TileCaptured: _tile_captured,
    LastTileLeft: _last_tile_left,
    LastTileAtStake: _last_tile_at_stake,
    MonExchanged: _mon_exchanged,
    GameEnded: _game_ended,
}


# -- why a move (issue 21 §4): the coach's and the hint's reason, told from its data -----------------


#: The reason's sentence by ``kind`` of :func:`game.kaito.coach.line_reason` (``/now``: the decision's
#: own action does it; ``/you``: the acting seat is the person; ``/yours``: the tile is the person's),
#: for ``n`` moves of the expected line counting the decision's own. ``{action}`` is the decision in
#: words (:func:`action_words`), ``{seat}`` / ``{owner}`` a seat's colour ("Black"), ``{tile}`` a
#: tile's kind ("kabuto"), ``{square}`` a square (a2).
REASON_TEMPLATES: dict[str, Template] = {
    # Translators: the coach's reason; {seat} takes {owner}'s tile ({tile}: "katana" or "kabuto") on
    # {square}, {n} moves after the decision {action} (counting it)
    "take": lambda n: ngettext("After {action}, {seat} takes {owner}'s {tile} on {square} in {n} move.",
                               "After {action}, {seat} takes {owner}'s {tile} on {square} in {n} moves.", n),
    "take/you": lambda n: ngettext("After {action}, you take {owner}'s {tile} on {square} in {n} move.",
                                   "After {action}, you take {owner}'s {tile} on {square} in {n} moves.", n),
    "take/yours": lambda n: ngettext("After {action}, {seat} takes your {tile} on {square} in {n} move.",
                                     "After {action}, {seat} takes your {tile} on {square} in {n} moves.", n),
    "take_last": lambda n: ngettext(
        "After {action}, {seat} takes {owner}'s last {tile} on {square} in {n} move and wins.",
        "After {action}, {seat} takes {owner}'s last {tile} on {square} in {n} moves and wins.", n),
    "take_last/you": lambda n: ngettext(
        "After {action}, you take {owner}'s last {tile} on {square} in {n} move and win.",
        "After {action}, you take {owner}'s last {tile} on {square} in {n} moves and win.", n),
    "take_last/yours": lambda n: ngettext(
        "After {action}, {seat} takes your last {tile} on {square} in {n} move.",
        "After {action}, {seat} takes your last {tile} on {square} in {n} moves.", n),
    "own_last": lambda n: ngettext(
        "After {action}, {seat} has to take their own last {tile} on {square} in {n} move and loses.",
        "After {action}, {seat} has to take their own last {tile} on {square} in {n} moves and loses.", n),
    "own_last/you": lambda n: ngettext(
        "After {action}, you have to take your own last {tile} on {square} in {n} move and lose.",
        "After {action}, you have to take your own last {tile} on {square} in {n} moves and lose.", n),
    "no_move": lambda n: ngettext("After {action}, {seat} is left without a move in {n} move.",
                                  "After {action}, {seat} is left without a move in {n} moves.", n),
    "no_move/you": lambda n: ngettext("After {action}, you are left without a move in {n} move.",
                                      "After {action}, you are left without a move in {n} moves.", n),
    "buy_back": lambda n: ngettext("After {action}, {seat} buys back their {tile} in {n} move.",
                                   "After {action}, {seat} buys back their {tile} in {n} moves.", n),
    "buy_back/you": lambda n: ngettext("After {action}, you buy back your {tile} in {n} move.",
                                       "After {action}, you buy back your {tile} in {n} moves.", n),
    # Translators: the coach's reason when the expected line takes no katana or kabuto
    "quiet": lambda n: ngettext("After {action}, no katana or kabuto is taken in the next {n} move.",
                                "After {action}, no katana or kabuto is taken in the next {n} moves.", n),
    # Translators: the coach's reason: the decision {action} itself takes {owner}'s {tile}
    "take/now": lambda n: _("{action} takes {owner}'s {tile} at once."),
    "take/now/yours": lambda n: _("{action} takes your {tile} at once."),
    "take_last/now": lambda n: _("{action} takes {owner}'s last {tile} and wins at once."),
    "take_last/now/yours": lambda n: _("{action} takes your last {tile} and wins at once."),
    "own_last/now": lambda n: _("{action} takes {seat}'s own last {tile} and loses at once."),
    "own_last/now/you": lambda n: _("{action} takes your own last {tile} and loses at once."),
    "no_move/now": lambda n: _("{action} leaves {seat} without a move: the game ends."),
    "no_move/now/you": lambda n: _("{action} leaves you without a move: the game ends."),
}

#: An action in words inside a sentence (the coach's "You played {action}", the undo's "Taken
#: back: {action}"): a plain move is its square.
ACTION_WORDS = {
    # Translators: the opening placement inside a sentence ("You played the Kaito on c4")
    "place": N_("the Kaito on {square}"),
    # Translators: a move with a buy-back inside a sentence ("You played a1, buying back the katana with 3 + 1")
    "buy-K": N_("{square}, buying back the katana with {paid}"),
    # Translators: a move with a buy-back inside a sentence ("You played a1, buying back the kabuto with 3 + 2")
    "buy-H": N_("{square}, buying back the kabuto with {paid}"),
    # Translators: a move to the same square as the move played, which bought a tile back ("the hard AI
    # prefers a1 without buying back")
    "no-buy": N_("{square} without buying back"),
}


def action_words(action: str, unlike: str | None = None) -> str:
    """A KAITO action (notation) in words, in the language in use: ``"c4"`` -> "c4", ``"@c4"``
    -> "the Kaito on c4", ``"a1+K:3,1"`` -> "a1, buying back the katana with 3 + 1"; text that is
    not KAITO notation as it is. ``unlike``: the other action of the sentence; a move to its
    square without its buy-back says so ("a1 without buying back" beside "a1+H:3,2")."""
    square, plus, rest = action.partition("+")
    if not plus and unlike is not None and unlike.partition("+")[0] == square and "+" in unlike:
        return _(ACTION_WORDS["no-buy"]).format(square=square)
    if action.startswith("@") and len(action) == 3:
        return _(ACTION_WORDS["place"]).format(square=action[1:])
    if plus and rest[:2] in ("K:", "H:"):
        paid = " + ".join(v for v in rest[2:].split(",") if v)
        return _(ACTION_WORDS["buy-" + rest[0]]).format(square=square, paid=paid)
    return action


def reason_text(reason: dict[str, Any], names: Sequence[str]) -> str:
    """The sentence of a reason (:func:`game.kaito.coach.line_reason`'s data) in the language in
    use, e.g. "After f2, Black takes your last kabuto on a2 in 2 moves."; each seat called by its
    colour, the person's own (``names[s]`` is "You", :func:`game.core.is_you`) in the second
    person. "" for data it cannot tell.

    Args:
        reason: the reason's fields (``kind``, ``seat``, ``owner``, ``tile``, ``square``,
            ``moves``, ``action``, ``colors``).
        names: the seats' names (only "You" is read: others are called by their colour)."""
    try:
        kind, moves, action = str(reason["kind"]), int(reason["moves"]), str(reason["action"])
        colors = [str(c) for c in reason["colors"]]

        def who(s: Any) -> tuple[str, bool]:
            if not isinstance(s, int) or not 0 <= s < 2:
                return "", False
            you = 0 <= s < len(names) and is_you(names[s])
            return color_label(colors[s]), you

        seat, seat_you = who(reason.get("seat"))
        owner, owner_you = who(reason.get("owner"))
        tile = reason.get("tile")
        square = reason.get("square")
        key = kind + ("/now" if moves == 1 and kind != "quiet" else "")
        if seat_you and key + "/you" in REASON_TEMPLATES:
            key += "/you"
        elif owner_you and key + "/yours" in REASON_TEMPLATES:
            key += "/yours"
        text = REASON_TEMPLATES[key](moves).format(
            action=action_words(action), seat=seat, owner=owner, n=moves,
            tile=_(TILE_KINDS[str(tile)[1]]) if isinstance(tile, str) and len(tile) == 2 else "",
            square=square_label(square) if isinstance(square, int) else "")
        if reason.get("despite"):  # (a good move whose line still goes against its mover)
            # Translators: the coach's reason ({reason}, a sentence) for a good move whose expected line still
            # costs the player, then why the move is good all the same
            text = _("{reason} No other move does better.").format(reason=text)
        return text
    except (KeyError, TypeError, ValueError, IndexError):
        return ""


__all__ = [
    "ACTION_WORDS",
    "COLOR_WORDS",
    "REASON_TEMPLATES",
    "action_words",
    "reason_text",
    "OUTCOME_TEXTS",
    "TEMPLATES",
    "TILES_PASSED",
    "TILE_NAMES",
    "Template",
    "color_label",
    "TELLERS",
    "outcome_text",
    "square_label",
    "template",
    "tile_label",
]
