"""KAITO's events (issue 9 §1): what each action did, as :class:`game.core.Event` records.

:meth:`game.kaito.rules.KaitoState.apply` emits them in this order:

* the opening placement: :class:`KaitoPlaced` (the two blank tiles leave the game, the Kaito is put
  on one of their squares);
* a move: :class:`KaitoMoved` (from -> to, how many squares, what it passed over), then
  :class:`TileCaptured` (the tile landed on: held by the mover, or out of the game), then
  :class:`MonExchanged` when the action ends with a Mon exchange;
* :class:`LastTileLeft` for every colour the action left with a single katana or a single kabuto on
  the board (it was not down to one before);
* :class:`LastTileAtStake` for every colour whose last katana or last kabuto the action put at stake
  (definition in its docstring);
* :class:`GameEnded` when the game is over (after a capture of a last katana / kabuto, or when the
  seat to move has no tile in the Kaito's row or column; also when a position built by
  :meth:`game.kaito.rules.KaitoState.from_position` is over at once).

KAITO has no hidden information (RULES.md §1, "perfect information"): every event is public (no
:attr:`~game.core.Event.SECRET` field, nothing :attr:`~game.core.Event.PRIVATE`) and no event reveals
hidden information or randomness, so none is :attr:`~game.core.Event.IRREVERSIBLE`.

Squares are square indices 0..35 (``index = (rank - 1) * 6 + file``, RULES.md §1 notation); tiles
are tile codes (``"RK"``, ``"B3"``, ``"OO"``). Every kind tells its sentence with one template of
:data:`TEMPLATES` (a whole sentence with named placeholders, looked up in the catalogs of
:mod:`game.i18n` at the moment it is told); a kind with several templates picks one by a field, and
a sentence about the person's own seat takes its second-person variant (``<key>/you``). Tile and
colour names are whole noun phrases of their own (:data:`TILE_NAMES`, :data:`COLOR_WORDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, ClassVar, Sequence

from game.core import Event, is_you, join_list, pick_template, seat_name
from game.i18n import N_, _, ngettext

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

#: Why the game ended (:attr:`GameEnded.reason`, the :class:`~game.core.Outcome`'s reason).
class KaitoEnd(StrEnum):
    """Why a KAITO game ended (RULES.md §1, end): the :class:`~game.core.Outcome`'s reason."""

    NO_KATANA = "no-katana"  #: a colour has no katana left on the board
    NO_KABUTO = "no-kabuto"  #: a colour has no kabuto left on the board
    NO_MOVE = "no-move"  #: the side to move has no tile in the Kaito's lines


NO_KATANA, NO_KABUTO, NO_MOVE = KaitoEnd.NO_KATANA, KaitoEnd.NO_KABUTO, KaitoEnd.NO_MOVE

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


def color_label(color: str) -> str:
    """A side's colour code as its name in the language in use: ``"R" -> "Red"``."""
    return _(COLOR_WORDS[color])


@dataclass(frozen=True, kw_only=True)
class KaitoPlaced(Event):
    """The opening placement (RULES.md §1, setup): the second player removed both blank tiles and
    put the Kaito on one of the two emptied squares, showing the first player's colour. Public.

    Attributes:
        seat: the placing seat (always 1). ply: the action's index (always 0).
        square: the Kaito's square (0..35).
        blanks: the two squares the blank tiles were removed from, ascending (``square`` is one).
        color: the colour the Kaito shows now (seat 0's colour, ``"R"``/``"B"``).
    """

    KIND: ClassVar[str] = "kaito.place"

    seat: int
    ply: int
    square: int
    blanks: tuple[int, ...]
    color: str

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ben removed the two blank tiles from c4 and e2 and placed the Kaito on c4,
        showing Red."``."""
        b1, b2 = (square_label(b) for b in self.blanks)
        return template(self.KIND).format(seat=seat_name(names, self.seat), blank1=b1, blank2=b2,
                                          square=square_label(self.square), color=color_label(self.color))


@dataclass(frozen=True, kw_only=True)
class KaitoMoved(Event):
    """The Kaito moved along its row or column (RULES.md §1, a turn, step 1). Public.

    Attributes:
        seat: the moving seat. ply: the action's index (= the view's ``ply`` before it).
        frm: the square it left. to: the square it landed on (its capture follows).
        distance: how many squares it travelled (1..5).
        passed: the cells strictly between ``frm`` and ``to`` in travel order (``distance - 1``
            items): a tile code for a tile jumped over, None for an empty square.
    """

    KIND: ClassVar[str] = "kaito.move"

    seat: int
    ply: int
    frm: int
    to: int
    distance: int
    passed: tuple[str | None, ...]

    @property
    def jumped(self) -> tuple[str, ...]:
        """The tile codes passed over, in travel order (empty squares left out)."""
        return tuple(c for c in self.passed if c)

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ana moved the Kaito 3 squares, from c4 to c1, passing over a Black katana."``."""
        jumped = self.jumped
        key = "adjacent" if self.distance == 1 else "tiles" if jumped else "gaps"
        tiles = [_(TILES_PASSED[c]) for c in jumped]
        gaps = len(self.passed) - len(jumped)
        if jumped and gaps:
            # Translators: the empty squares the Kaito passed over, the last item of a list
            tiles.append(ngettext("one empty square", "{n} empty squares", gaps).format(n=gaps))
        return template(f"{self.KIND}/{key}", n=self.distance).format(
            seat=seat_name(names, self.seat), distance=self.distance, frm=square_label(self.frm),
            to=square_label(self.to), tiles=join_list(tiles))


@dataclass(frozen=True, kw_only=True)
class TileCaptured(Event):
    """The Kaito captured the tile it landed on (RULES.md §1, a turn, step 2). Public.

    An opponent's tile goes face up in front of the mover (``held``); the mover's own tile leaves
    the game. This answers what a scene would otherwise work out from the tile's colour.

    Attributes:
        seat: the capturing seat. ply: the action's index.
        square: where the tile lay (the Kaito's square now).
        tile: its code, e.g. ``"BK"``.
        owner: the seat whose colour the tile is (``seat`` itself for an own tile).
        held: True when the mover now holds it (an opponent's tile), False when it left the game.
        slot: where it went: its index in ``view.held[seat]`` when held (it is appended), else its
            index among the tiles of its colour out of the game (``view.removed`` filtered to that
            colour, in removal order).
        last: True when it was its colour's last tile of this kind on the board (a katana or
            kabuto: the game ends, :class:`GameEnded` follows).
    """

    KIND: ClassVar[str] = "kaito.capture"

    seat: int
    ply: int
    square: int
    tile: str
    owner: int
    held: bool
    slot: int
    last: bool

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ana captured Ben's Black katana on d4 and now holds it."``."""
        key = "held" if self.held else "own"
        return template(f"{self.KIND}/{key}").format(
            seat=seat_name(names, self.seat), owner=seat_name(names, self.owner),
            tile=tile_label(self.tile), square=square_label(self.square))


@dataclass(frozen=True, kw_only=True)
class LastTileLeft(Event):
    """A colour is down to its last katana or its last kabuto on the board (issue 10 §1: "yours:
    danger; the opponent's: a chance"). Public. Emitted after an action (not one that ended the
    game) that left exactly one tile of that colour and kind on the board where there were two or
    more before it (RULES.md §1, end: no katana or no kabuto left on the board loses).

    Attributes:
        seat: the seat whose colour it is (the owner). ply: the action's index.
        tile: its code (``"RK"``, ``"BH"``...). square: where the last one lies.
    """

    KIND: ClassVar[str] = "kaito.last_tile"

    seat: int
    ply: int
    tile: str
    square: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ben is down to their last Black kabuto on the board, on b5: if it leaves the
        board, Ben loses."``."""
        owner = seat_name(names, self.seat)
        return template(self.KIND, owner).format(owner=owner, tile=tile_label(self.tile),
                                                 square=square_label(self.square))


@dataclass(frozen=True, kw_only=True)
class LastTileAtStake(Event):
    """A warning: a colour's last katana or last kabuto on the board is now at stake. Public.

    Definition (from RULES.md §1, end: a player with no katana or no kabuto left on the board loses
    at once, whoever captured it): a colour's katana (kabuto) is *at stake* in a position that is not
    over when it is the only katana (kabuto) of that colour on the board, it does not lie under the
    Kaito, and it lies in the Kaito's row or column, so the seat to move can capture it now and that
    capture ends the game (the owner loses: a win for the opponent, a loss if the owner takes it).
    The event is emitted after an action whose resulting position has the tile at stake when the
    position before the action did not (so it is not repeated while the tile stays at stake, and
    is emitted again if it becomes at stake anew). A retrieved tile makes the kind no longer last.

    Attributes:
        seat: the seat whose colour's tile is at stake (the owner). ply: the action's index.
        tile: its code (``"RK"``, ``"BH"``...). square: where it lies.
        mover: the seat to move now, who can capture it (``seat`` itself or the opponent).
    """

    KIND: ClassVar[str] = "kaito.at_stake"

    seat: int
    ply: int
    tile: str
    square: int
    mover: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Warning: Ben's last Black kabuto on b5 lies in the Kaito's row or column, so Ana
        can capture it and win."``."""
        owner, mover = seat_name(names, self.seat), seat_name(names, self.mover)
        key = f"{self.KIND}/{'own' if self.mover == self.seat else 'opponent'}"
        if key.endswith("opponent") and is_you(owner):
            key += "/yours"  # the person's own tile at stake: "Warning: your last ..."
        return template(key, mover).format(owner=owner, mover=mover, tile=tile_label(self.tile),
                                           square=square_label(self.square))


@dataclass(frozen=True, kw_only=True)
class MonExchanged(Event):
    """A Mon exchange after the capture (RULES.md §1, a turn, step 3). Public.

    Attributes:
        seat: the exchanging seat. ply: the action's index.
        paid: the opponent Mon tiles given back (codes, values descending); they leave the game.
        paid_slots: their indices in ``held[seat]`` as it was just before the exchange (after the
            capture), in the order of ``paid``.
        out_slot: the index of the first paid tile among the tiles of its colour out of the game
            (``view.removed`` filtered to that colour, in removal order); the others follow it.
        value: the points paid (sum of the Mon values; 4+ for a katana, 5+ for a kabuto).
        retrieved: the mover's own katana or kabuto taken back from the opponent (code).
        from_slot: its index in ``held[1 - seat]`` before the exchange.
        square: where it now lies, under the Kaito (it stays when the Kaito leaves).
    """

    KIND: ClassVar[str] = "kaito.exchange"

    seat: int
    ply: int
    paid: tuple[str, ...]
    paid_slots: tuple[int, ...]
    out_slot: int
    value: int
    retrieved: str
    from_slot: int
    square: int

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ana paid Mon worth 3 and 1 (4 points) to retrieve their Red katana from Ben, and
        it now lies on d4 under the Kaito."``."""
        return template(self.KIND, n=self.value).format(
            seat=seat_name(names, self.seat), opponent=seat_name(names, 1 - self.seat),
            values=join_list([c[1] for c in self.paid]), total=self.value,
            tile=tile_label(self.retrieved), square=square_label(self.square))


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    """The game is over (RULES.md §1, end). Public.

    Attributes:
        seat: None (the table as a whole).
        winners: the winning seats (one in KAITO). loser: the other seat.
        reason: the Outcome's reason, :data:`NO_KATANA`, :data:`NO_KABUTO` or :data:`NO_MOVE`.
        color: the loser's colour.
        captured_by: for a last katana / kabuto, the seat that captured it (the loser itself for an
            own capture); None for ``no-move``.
        scores: the final scores (opponent tiles held per seat).
    """

    KIND: ClassVar[str] = "kaito.end"

    seat: int | None = None
    winners: tuple[int, ...]
    loser: int
    reason: KaitoEnd
    color: str
    captured_by: int | None
    scores: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ana won by capturing Ben's last katana: Black has no katana left on the
        board."``."""
        key = f"{self.KIND}/{self.reason}"
        if self.reason != NO_MOVE:
            key += "/own" if self.captured_by == self.loser else "/opponent"
        winners = [seat_name(names, w) for w in self.winners]
        winner = winners[0] if len(winners) == 1 else None
        loser = seat_name(names, self.loser)
        if is_you(loser) and not (winner is not None and is_you(winner)):
            key += "/yours"  # the person lost: "... capturing your last katana"
        return template(key, winner).format(winner=join_list(winners), loser=loser, color=color_label(self.color))


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


#: Every KAITO event class, in the order :mod:`game.kaito.rules` may emit them within one action.
EVENT_TYPES: tuple[type[Event], ...] = (KaitoPlaced, KaitoMoved, TileCaptured, MonExchanged,
                                        LastTileLeft, LastTileAtStake, GameEnded)

__all__ = [
    "COLOR_WORDS", "EVENT_TYPES", "GameEnded", "KaitoEnd", "KaitoMoved", "KaitoPlaced", "LastTileAtStake",
    "LastTileLeft", "MonExchanged", "NO_KABUTO", "NO_KATANA", "NO_MOVE", "OUTCOME_TEXTS", "TEMPLATES", "TILES_PASSED",
    "TILE_NAMES", "Template", "TileCaptured", "color_label", "outcome_text", "square_label", "template", "tile_label",
]
