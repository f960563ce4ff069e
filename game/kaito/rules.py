"""KAITO: the 2-player capture duel on a 6x6 grid (RULES.md section 1).

Squares are indexed 0..35 with ``index = (rank - 1) * 6 + file`` (file a..f = 0..5, rank 1..6),
named ``a1``..``f6`` as seen by seat 0. A cell holds a tile code (``"RK"``, ``"BH"``, ``"R3"``,
``"B1"``, ``"OO"`` for a blank opening tile) or ``None`` when empty.

Seat 0 moves first and plays ``colors[0]``; seat 1 opens by placing the Kaito (``@c4``) on one
of the two squares emptied by removing the blank tiles.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from game.core import (
    ActionError,
    Event,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    RecordError,
    require_rng,
)
from game.i18n import _
from game.kaito import REGISTRATION
from game.kaito.board import (  # noqa: F401  (this module's API: the names live in game.kaito.board)
    ALL_TILES,
    BLANK,
    COLORS,
    EXCHANGE_PRICE,
    FILES,
    LINES,
    MON_VALUES,
    SIZE,
    TILE_COUNTS,
    Move,
    format_board,
    line_squares,
    minimal_payments,
    parse_board,
    square_index,
    square_name,
)
from game.kaito.events import (
    NO_KABUTO,
    NO_KATANA,
    NO_MOVE,
    GameEnded,
    KaitoEnd,
    KaitoMoved,
    KaitoPlaced,
    LastTileAtStake,
    LastTileLeft,
    MonExchanged,
    TileCaptured,
)
from game.kaito.telling import action_words, outcome_text
from game.kaito.view import VIEW_CODEC, KaitoView  # noqa: F401  (this module's API too)


class KaitoState(GameState):
    """A KAITO position. Build with :meth:`KaitoGame.new_state` or :meth:`KaitoGame.state_from_setup`.

    Every :meth:`apply` appends its events to ``events`` (:mod:`game.kaito.events` gives their
    order and meaning); KAITO hides nothing, so ``events_for(seat)`` is the whole log for every
    seat.
    """

    num_seats = 2

    def __init__(self, game: "KaitoGame", board: Sequence[str | None], colors: Sequence[str]):
        if sorted(colors) != sorted(COLORS):
            raise ValueError(f"colors must be R and B in some order, not {colors!r}")
        self.game = game
        self.initial_board = tuple(board)
        self.board: list[str | None] = list(board)
        self.colors = (colors[0], colors[1])
        self.kaito: int | None = None
        self.to_move: int = 1
        self.held: list[list[str]] = [[], []]
        self.removed: list[str] = []
        self.history: list[tuple[int, str]] = []
        self.events: list[Event] = []
        self._outcome: Outcome | None = None
        self._legal_cache: list[str] | None = None

    @classmethod
    def from_position(
        cls,
        board: Sequence[str | None],
        kaito: int,
        to_move: int,
        colors: Sequence[str] = COLORS,
        held: Sequence[Sequence[str]] = ((), ()),
        removed: Sequence[str] = (),
        game: "KaitoGame | None" = None,
    ) -> "KaitoState":
        """A mid-game position (tests, AI search from a view). Checks the no-move loss at once
        (then the log holds its :class:`~game.kaito.events.GameEnded`; no other event).

        Raises:
            ValueError: colours or Kaito square invalid."""
        state = cls(game or KAITO, board, colors)
        if not 0 <= kaito < 36:
            raise ValueError("kaito square must be 0..35")
        state.kaito = kaito
        state.to_move = to_move
        state.held = [list(held[0]), list(held[1])]
        state.removed = list(removed)
        state._check_can_move()
        return state

    @classmethod
    def from_view(cls, view: KaitoView) -> "KaitoState":
        """Rebuild a searchable state from a view (KAITO hides nothing)."""
        state = cls(KAITO, view.board, view.colors)
        state.kaito = view.kaito
        state.to_move = view.to_move if view.to_move is not None else 0
        state.held = [list(view.held[0]), list(view.held[1])]
        state.removed = list(view.removed)
        state._outcome = view.outcome
        return state

    # -- protocol -------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"place"`` before the Kaito is placed, ``"move"`` during play, ``"over"`` at the end."""
        if self._outcome:
            return "over"
        return "place" if self.kaito is None else "move"

    def to_act(self) -> tuple[int, ...]:
        return () if self._outcome else (self.to_move,)

    def legal_actions(self, seat: int) -> list[str]:
        if self._outcome or seat != self.to_move:
            return []
        if self._legal_cache is None:
            self._legal_cache = sorted(str(m) for m in self.legal_moves())
        return list(self._legal_cache)

    def legal_moves(self) -> list[Move]:
        """Legal :class:`Move` objects of the seat to move (unsorted); [] when over."""
        if self._outcome:
            return []
        if self.kaito is None:
            return [Move(i, place=True) for i, c in enumerate(self.board) if c == BLANK]
        mover = self.to_move
        opp = self.colors[1 - mover]
        board = self.board
        moves: list[Move] = []
        retrievable = {t[1] for t in self.held[1 - mover] if t[1] in "KH"}
        mon_held = [int(t[1]) for t in self.held[mover] if t[1] in "123"]
        for sq in LINES[self.kaito]:
            tile = board[sq]
            if tile is None:
                continue
            moves.append(Move(sq))
            if tile[1] in "KH" and self._last_of_kind(tile):
                continue  # the capture ends the game: no exchange (RULES.md section 1, end)
            if not retrievable:
                continue
            mons = mon_held + [int(tile[1])] if tile[0] == opp and tile[1] in "123" else mon_held
            if sum(mons) < 4:
                continue
            for kind in sorted(retrievable):
                for paid in minimal_payments(mons, EXCHANGE_PRICE[kind]):
                    moves.append(Move(sq, buy=kind, paid=paid))
        return moves

    def _last_of_kind(self, tile: str) -> bool:
        return self.board.count(tile) == 1

    def apply(self, seat: int, action: str) -> None:
        """Validate and apply ``action`` (RULES.md §1, a turn) and emit its events (order in
        :mod:`game.kaito.events`).

        Raises:
            InvalidActionError: not KAITO notation.
            IllegalActionError: the game is over, not ``seat``'s turn, or not a legal move (the
                message says why)."""
        move = Move.from_str(action) if not isinstance(action, Move) else action
        if self._outcome:
            raise IllegalActionError(_("the game is over"))
        if seat != self.to_move:
            # Translators: {turn} and {seat} are seat numbers
            raise IllegalActionError(_("it is seat {turn}'s turn, not seat {seat}'s").format(turn=self.to_move, seat=seat))
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalActionError(self._why_illegal(move, legal))
        before = self._at_stake()
        counts = self._key_counts()
        self._do(move)
        self.history.append((seat, str(move)))
        if not self._outcome:
            for (owner, tile), n in self._key_counts().items():
                if n == 1 and counts[(owner, tile)] > 1:
                    self.emit(LastTileLeft(seat=owner, ply=len(self.history) - 1, tile=tile,
                                           square=self.board.index(tile)))
        for owner, tile, square in self._at_stake():
            if (owner, tile, square) not in before:
                self.emit(LastTileAtStake(seat=owner, ply=len(self.history) - 1, tile=tile,
                                          square=square, mover=self.to_move))

    def _key_counts(self) -> dict[tuple[int, str], int]:
        """(owner seat, katana / kabuto code) -> how many lie on the board, seat 0's first."""
        return {(owner, color + kind): self.board.count(color + kind)
                for owner, color in enumerate(self.colors) for kind in "KH"}

    def _at_stake(self) -> list[tuple[int, str, int]]:
        """(owner seat, tile, square) of every last katana / kabuto at stake now: the only one of
        its colour and kind on the board, not under the Kaito and in the Kaito's row or column
        (:class:`game.kaito.events.LastTileAtStake` gives the definition). [] when over or before
        the Kaito is placed."""
        if self._outcome or self.kaito is None:
            return []
        board = self.board
        line = LINES[self.kaito]
        out = []
        for owner, color in enumerate(self.colors):
            for kind in "KH":
                tile = color + kind
                if board.count(tile) == 1:
                    square = board.index(tile)
                    if square in line:
                        out.append((owner, tile, square))
        return out

    def _why_illegal(self, move: Move, legal: list[Move]) -> str:
        name = square_name(move.square)
        if self.kaito is None:
            if not move.place:
                return _("the Kaito must first be placed on a blank square (e.g. @c4)")
            return _("{square} is not one of the two blank squares").format(square=name)
        if move.place:
            return _("the Kaito is already placed")
        if not any(m.square == move.square for m in legal):
            if move.square == self.kaito:
                return _("the Kaito is on {square}: it must move").format(square=name)
            if move.square not in LINES[self.kaito]:
                return _("{square} is not in the Kaito's row or column").format(square=name)
            return _("{square} holds no tile").format(square=name)
        if move.buy:
            katana = move.buy == "K"
            if not any(t[1] == move.buy for t in self.held[1 - self.to_move]):
                return _("the opponent holds none of your katana tiles") if katana else \
                    _("the opponent holds none of your kabuto tiles")
            if not any(m.square == move.square and m.buy for m in legal):
                return _("no exchange is possible after capturing on {square}").format(square=name)
            # Translators: {paid} is the Mon values offered ("3+2"), {price} the price in Mon points
            text = (_("paying {paid} for a katana is not a minimal payment of at least {price} from the Mon you hold")
                    if katana else
                    _("paying {paid} for a kabuto is not a minimal payment of at least {price} from the Mon you hold"))
            return text.format(paid="+".join(map(str, move.paid)), price=EXCHANGE_PRICE[move.buy])
        return _("{square} is not a legal move").format(square=name)

    def _do(self, move: Move) -> None:
        """Apply a move known to be legal and emit its events (all but the at-stake warnings)."""
        self._legal_cache = None
        board = self.board
        ply = len(self.history)
        mover = self.to_move
        if move.place:
            blanks = tuple(i for i, c in enumerate(board) if c == BLANK)
            for i in blanks:
                board[i] = None
                self.removed.append(BLANK)
            self.kaito = move.square
            self.to_move = 0
            self.emit(KaitoPlaced(seat=mover, ply=ply, square=move.square, blanks=blanks,
                                  color=self.colors[0]))
            self._check_can_move()
            return
        opp_color = self.colors[1 - mover]
        tile = board[move.square]
        assert tile is not None and self.kaito is not None
        self.emit(self._moved(mover, ply, self.kaito, move.square))
        board[move.square] = None
        self.kaito = move.square
        held = tile[0] == opp_color
        if held:
            slot = len(self.held[mover])
            self.held[mover].append(tile)
        else:
            slot = sum(1 for t in self.removed if t[0] == tile[0])
            self.removed.append(tile)
        last = tile[1] in "KH" and tile not in board
        self.emit(TileCaptured(seat=mover, ply=ply, square=move.square, tile=tile,
                               owner=self.colors.index(tile[0]), held=held, slot=slot, last=last))
        if last:
            loser = self.colors.index(tile[0])
            reason = NO_KATANA if tile[1] == "K" else NO_KABUTO
            self._end(1 - loser, reason, (tile, loser == mover), mover)
            return
        if move.buy:
            self._exchange(move, mover, ply)
        self.to_move = 1 - mover
        self._check_can_move()

    def _moved(self, seat: int, ply: int, frm: int, to: int) -> KaitoMoved:
        """The :class:`KaitoMoved` event of the Kaito going from ``frm`` to ``to`` (same line)."""
        step = (1 if to > frm else -1) * (1 if to // SIZE == frm // SIZE else SIZE)
        passed = tuple(self.board[sq] for sq in range(frm + step, to, step))
        return KaitoMoved(seat=seat, ply=ply, frm=frm, to=to, distance=len(passed) + 1, passed=passed)

    def _exchange(self, move: Move, mover: int, ply: int) -> None:
        """Pay ``move.paid`` (the first matching held tiles), retrieve ``move.buy`` onto the
        Kaito's square and emit :class:`MonExchanged`."""
        opp_color = self.colors[1 - mover]
        row = self.held[mover]
        taken: list[int] = []
        for value in move.paid:
            code = f"{opp_color}{value}"
            taken.append(next(i for i, c in enumerate(row) if c == code and i not in taken))
        paid = tuple(row[i] for i in taken)
        self.held[mover] = [c for i, c in enumerate(row) if i not in taken]
        out_slot = sum(1 for t in self.removed if t[0] == opp_color)
        self.removed.extend(paid)
        back = self.colors[mover] + (move.buy or "")
        from_slot = self.held[1 - mover].index(back)
        del self.held[1 - mover][from_slot]
        self.board[move.square] = back
        self.emit(MonExchanged(seat=mover, ply=ply, paid=paid, paid_slots=tuple(taken), out_slot=out_slot,
                               value=sum(move.paid), retrieved=back, from_slot=from_slot,
                               square=move.square))

    def _check_can_move(self) -> None:
        if self.kaito is None or self._outcome:
            return
        if not any(self.board[sq] is not None for sq in LINES[self.kaito]):
            stuck = self.to_move
            self._end(1 - stuck, NO_MOVE, (self.colors[stuck], NO_MOVE))

    def _end(self, winner: int, reason: KaitoEnd, case: tuple[str, object], captured_by: int | None = None) -> None:
        """Set the Outcome (its sentence: the :data:`~game.kaito.events.OUTCOME_TEXTS` entry ``case``) and emit
        :class:`GameEnded` (``captured_by``: who took the last katana / kabuto, None for no-move)."""
        self._outcome = Outcome.told((winner,), reason, self.scores(), outcome_text, case=case)
        self.emit(GameEnded(winners=(winner,), loser=1 - winner, reason=reason,
                            color=self.colors[1 - winner], captured_by=captured_by,
                            scores=self._outcome.scores))

    def outcome(self) -> Outcome | None:
        return self._outcome

    def scores(self) -> tuple[int, ...]:
        return (len(self.held[0]), len(self.held[1]))

    def view(self, seat: int) -> KaitoView:
        if seat not in (0, 1):
            raise ValueError(f"KAITO has seats 0 and 1, not {seat}")
        return KaitoView(
            seat=seat,
            board=tuple(self.board),
            kaito=self.kaito,
            colors=self.colors,
            to_move=None if self._outcome else self.to_move,
            held=(tuple(self.held[0]), tuple(self.held[1])),
            removed=tuple(self.removed),
            phase=self.phase,
            to_act=self.to_act(),
            legal_actions=tuple(self.legal_actions(seat)),
            outcome=self._outcome,
            last_action=self.history[-1] if self.history else None,
            ply=len(self.history),
        )

    def clone(self) -> "KaitoState":
        other = KaitoState.__new__(KaitoState)
        other.game = self.game
        other.initial_board = self.initial_board
        other.board = list(self.board)
        other.colors = self.colors
        other.kaito = self.kaito
        other.to_move = self.to_move
        other.held = [list(self.held[0]), list(self.held[1])]
        other.removed = list(self.removed)
        other.history = list(self.history)
        other.events = list(self.events)
        other._outcome = self._outcome
        other._legal_cache = self._legal_cache
        return other

    def setup(self) -> dict:
        return {"board": format_board(self.initial_board), "colors": list(self.colors)}

    def record_actions(self) -> list:
        return [a for _, a in self.history]

    def tile_count(self) -> int:
        """Tiles accounted for: on the board + held + removed (always 36)."""
        return sum(1 for c in self.board if c) + len(self.held[0]) + len(self.held[1]) + len(self.removed)

    def __repr__(self) -> str:
        k = square_name(self.kaito) if self.kaito is not None else "-"
        return f"KaitoState({format_board(self.board)!r}, kaito={k}, to_move={self.to_move})"


class KaitoGame(Game):
    """KAITO rules (RULES.md section 1)."""

    game_type = REGISTRATION.game_type

    def action_text(self, action: str, unlike: str | None = None) -> str:
        """An action in words, in the language in use (the coach's and the undo's sentences):
        ``"c4"`` -> "c4", ``"a1+K:3,1"`` -> "a1, buying back the katana with 3 + 1"; beside
        ``unlike`` "a1+H:3,2", "a1" reads "a1 without buying back"
        (:func:`game.kaito.telling.action_words`)."""
        return action_words(action, unlike)

    view_codec = VIEW_CODEC  # (the view's wire form: game.core.Game.view_to_json / view_from_json)

    def new_state(self, num_seats: int, rng: random.Random, **options: Any) -> KaitoState:
        """Shuffle the 36 tiles into the grid with ``rng``.

        Options: ``colors`` — ("R", "B") or ("B", "R"); seat 0 moves first with ``colors[0]``.
        Drawn with ``rng`` when not given.

        Raises:
            ValueError: num_seats is not 2, unknown option, bad colours."""
        if num_seats != 2:
            raise ValueError("KAITO is for exactly 2 seats")
        rng = require_rng(rng)
        unknown = set(options) - {"colors"}
        if unknown:
            raise ValueError(f"unknown KAITO option(s): {sorted(unknown)}")
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        colors = options.get("colors") or (("R", "B") if rng.random() < 0.5 else ("B", "R"))
        return KaitoState(self, tiles, tuple(colors))

    def state_from_setup(self, setup: dict) -> KaitoState:
        if not isinstance(setup, dict):
            raise RecordError(_("setup is not an object"))
        cells = parse_board(setup.get("board"))
        counts = Counter(c for c in cells if c)
        if counts != TILE_COUNTS:
            raise RecordError(_("setup board must hold exactly the 36 tiles of the game"))
        colors = setup.get("colors")
        if (not isinstance(colors, list) or not all(isinstance(c, str) for c in colors)
                or sorted(colors) != ["B", "R"]):
            raise RecordError(_('setup colors must be ["R", "B"] or ["B", "R"]'))
        return KaitoState(self, cells, tuple(colors))

    def replay_steps(self, record_actions: object, setup: dict | None = None) -> list[list[tuple[int, str]]]:
        if not isinstance(record_actions, list):
            raise RecordError(_("actions is not a list"))
        steps = []
        # Seat 1 places, then seats alternate starting with seat 0.
        for i, action in enumerate(record_actions):
            if not isinstance(action, str):
                # Translators: {index} is the number of an action of a game record
                raise RecordError(_("action {index} is not a string").format(index=i))
            steps.append([(1 if i == 0 else (i - 1) % 2, action)])
        return steps


KAITO = KaitoGame()

__all__ = [
    "ALL_TILES", "ActionError", "EXCHANGE_PRICE", "KAITO", "KaitoGame", "KaitoState", "KaitoView",
    "Move", "format_board", "minimal_payments", "parse_board", "square_index", "square_name",
]
