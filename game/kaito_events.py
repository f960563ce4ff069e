"""KAITO's events (issue 9 §1): what each action did, as :class:`game.core.Event` records.

:meth:`game.kaito.KaitoState.apply` emits them in this order:

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
  :meth:`game.kaito.KaitoState.from_position` is over at once).

KAITO has no hidden information (RULES.md §1, "perfect information"): every event is public (no
:attr:`~game.core.Event.SECRET` field, nothing :attr:`~game.core.Event.PRIVATE`) and no event reveals
hidden information or randomness, so none is :attr:`~game.core.Event.IRREVERSIBLE`.

Squares are square indices 0..35 (``index = (rank - 1) * 6 + file``, RULES.md §1 notation); tiles
are tile codes (``"RK"``, ``"B3"``, ``"OO"``). Every kind tells its sentence with one template of
:data:`TEMPLATES` (a whole English sentence with named placeholders, so that a translation catalog
can take each over whole); a kind with several templates picks one by a field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from .core import Event, english_list, seat_name

#: Colour words (RULES.md §1 components: red ``R``, black ``B``; ``O`` for the blank tiles).
COLOR_WORDS = {"R": "Red", "B": "Black", "O": "blank"}
#: Tile kind words, the game's vocabulary (RULES.md §1 components).
KIND_WORDS = {"K": "katana", "H": "kabuto", "3": "Mon 3", "2": "Mon 2", "1": "Mon 1", "O": "tile"}

#: Why the game ended (:attr:`GameEnded.reason`, the :class:`~game.core.Outcome`'s reason).
NO_KATANA, NO_KABUTO, NO_MOVE = "no-katana", "no-kabuto", "no-move"

#: Every sentence, keyed by kind (and, where a kind has several, by the field that picks one).
#: ``{seat}``, ``{owner}``, ``{mover}``, ``{winner}``, ``{loser}``, ``{opponent}`` are seat names;
#: ``{square}``-like placeholders are square names (``c4``); ``{tile}`` a tile name (``Black katana``).
TEMPLATES: dict[str, str] = {
    "kaito.place": ("{seat} removed the two blank tiles from {blank1} and {blank2} and placed the "
                    "Kaito on {square}, showing {color}."),
    "kaito.move/adjacent": "{seat} moved the Kaito one square, from {frm} to {to}.",
    "kaito.move/gaps": ("{seat} moved the Kaito {distance} squares, from {frm} to {to}, over empty "
                        "squares only."),
    "kaito.move/tiles": ("{seat} moved the Kaito {distance} squares, from {frm} to {to}, passing over "
                         "{tiles}."),
    "kaito.capture/held": "{seat} captured {owner}'s {tile} on {square} and now holds it.",
    "kaito.capture/own": "{seat} captured their own {tile} on {square}, which leaves the game.",
    "kaito.last_tile": ("{owner} is down to their last {tile} on the board, on {square}: if it leaves "
                        "the board, {owner} loses."),
    "kaito.at_stake/opponent": ("Warning: {owner}'s last {tile} on {square} lies in the Kaito's row or "
                                "column, so {mover} can capture it and win."),
    "kaito.at_stake/own": ("Warning: {owner}'s last {tile} on {square} lies in the Kaito's row or "
                           "column, and {owner} loses by capturing it."),
    "kaito.exchange": ("{seat} paid Mon worth {values} ({total} points) to retrieve their {tile} "
                       "from {opponent}, and it now lies on {square} under the Kaito."),
    f"kaito.end/{NO_KATANA}/opponent": ("{winner} won by capturing {loser}'s last katana: {color} has "
                                        "no katana left on the board."),
    f"kaito.end/{NO_KABUTO}/opponent": ("{winner} won by capturing {loser}'s last kabuto: {color} has "
                                        "no kabuto left on the board."),
    f"kaito.end/{NO_KATANA}/own": ("{winner} won: {loser} captured their own last katana, so {color} "
                                   "has no katana left on the board."),
    f"kaito.end/{NO_KABUTO}/own": ("{winner} won: {loser} captured their own last kabuto, so {color} "
                                   "has no kabuto left on the board."),
    f"kaito.end/{NO_MOVE}": ("{winner} won: {loser} cannot move, as no tile lies in the Kaito's row "
                             "or column."),
}


def square_label(index: int) -> str:
    """``12 -> "a3"`` (RULES.md §1 notation; same as :func:`game.kaito.square_name`, kept here so
    this module does not import the rules)."""
    rank, file = divmod(index, 6)
    return f"{'abcdef'[file]}{rank + 1}"


def tile_label(code: str) -> str:
    """A tile code as words: ``"BK" -> "Black katana"``, ``"R3" -> "Red Mon 3"``,
    ``"OO" -> "blank tile"``."""
    return f"{COLOR_WORDS[code[0]]} {KIND_WORDS[code[1]]}"


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
        return TEMPLATES[self.KIND].format(seat=seat_name(names, self.seat), blank1=b1, blank2=b2,
                                           square=square_label(self.square),
                                           color=COLOR_WORDS[self.color])


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
        tiles = [f"a {tile_label(c)}" for c in jumped]
        gaps = len(self.passed) - len(jumped)
        if jumped and gaps:
            tiles.append("one empty square" if gaps == 1 else f"{gaps} empty squares")
        return TEMPLATES[f"{self.KIND}/{key}"].format(
            seat=seat_name(names, self.seat), distance=self.distance, frm=square_label(self.frm),
            to=square_label(self.to), tiles=english_list(tiles))


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
        return TEMPLATES[f"{self.KIND}/{key}"].format(
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
        return TEMPLATES[self.KIND].format(owner=seat_name(names, self.seat), tile=tile_label(self.tile),
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
        key = "own" if self.mover == self.seat else "opponent"
        return TEMPLATES[f"{self.KIND}/{key}"].format(
            owner=seat_name(names, self.seat), mover=seat_name(names, self.mover),
            tile=tile_label(self.tile), square=square_label(self.square))


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
        return TEMPLATES[self.KIND].format(
            seat=seat_name(names, self.seat), opponent=seat_name(names, 1 - self.seat),
            values=english_list([c[1] for c in self.paid]), total=self.value,
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
        description: the Outcome's one-line description (colour words).
        scores: the final scores (opponent tiles held per seat).
    """

    KIND: ClassVar[str] = "kaito.end"

    seat: int | None = None
    winners: tuple[int, ...]
    loser: int
    reason: str
    color: str
    captured_by: int | None
    description: str
    scores: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ana won by capturing Ben's last katana: Black has no katana left on the
        board."``."""
        key = f"{self.KIND}/{self.reason}"
        if self.reason != NO_MOVE:
            key += "/own" if self.captured_by == self.loser else "/opponent"
        return TEMPLATES[key].format(
            winner=english_list([seat_name(names, w) for w in self.winners]),
            loser=seat_name(names, self.loser), color=COLOR_WORDS[self.color])


#: Every KAITO event class, in the order :mod:`game.kaito` may emit them within one action.
EVENT_TYPES: tuple[type[Event], ...] = (KaitoPlaced, KaitoMoved, TileCaptured, MonExchanged,
                                        LastTileLeft, LastTileAtStake, GameEnded)

__all__ = [
    "COLOR_WORDS", "EVENT_TYPES", "GameEnded", "KIND_WORDS", "KaitoMoved", "KaitoPlaced", "LastTileAtStake",
    "LastTileLeft", "MonExchanged", "NO_KABUTO", "NO_KATANA", "NO_MOVE", "TEMPLATES", "TileCaptured", "name_of",
    "square_label", "tile_label", "word_list",
]
