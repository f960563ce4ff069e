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
from typing import ClassVar

from game.core import Event


#: Why the game ended (:attr:`GameEnded.reason`, the :class:`~game.core.Outcome`'s reason).
class KaitoEnd(StrEnum):
    """Why a KAITO game ended (RULES.md §1, end): the :class:`~game.core.Outcome`'s reason."""

    NO_KATANA = "no-katana"  #: a colour has no katana left on the board
    NO_KABUTO = "no-kabuto"  #: a colour has no kabuto left on the board
    NO_MOVE = "no-move"  #: the side to move has no tile in the Kaito's lines


NO_KATANA, NO_KABUTO, NO_MOVE = KaitoEnd.NO_KATANA, KaitoEnd.NO_KABUTO, KaitoEnd.NO_MOVE


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


#: Every KAITO event class, in the order :mod:`game.kaito.rules` may emit them within one action.
EVENT_TYPES: tuple[type[Event], ...] = (KaitoPlaced, KaitoMoved, TileCaptured, MonExchanged,
                                        LastTileLeft, LastTileAtStake, GameEnded)

__all__ = [
    "EVENT_TYPES",
    "GameEnded",
    "KaitoEnd",
    "KaitoMoved",
    "KaitoPlaced",
    "LastTileAtStake",
    "LastTileLeft",
    "MonExchanged",
    "NO_KABUTO",
    "NO_KATANA",
    "NO_MOVE",
    "TileCaptured",
]
