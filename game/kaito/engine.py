"""Fast internal KAITO position for the bots' search (RULES.md section 1).

The rules core (:mod:`game.kaito.rules`) favours clarity (tile strings, :class:`~game.kaito.rules.Move`
dataclasses, cloning); a search needs tens of thousands of positions per second, so the bots use
this compact copy instead:

* tiles are small integers *relative to seats* (``1 + owner_seat * 5 + kind``, kind 0 katana,
  1 kabuto, 2 Mon 3, 3 Mon 2, 4 Mon 1; 0 is an empty cell);
* counts of katana / kabuto on the board and of the opponent tiles each seat holds are kept
  incrementally;
* moves are integers (:func:`encode_move`), applied with :meth:`FastPos.make` and reverted with
  :meth:`FastPos.unmake` (no copying), with an incremental 64-bit Zobrist hash over the cells, the
  Kaito's square, the side to move and the held counts.

:func:`FastPos.from_view` builds it from a :class:`~game.kaito.rules.KaitoView` (bots never see the
state) and :func:`move_to_action` turns a move back into the action string of the view.
"""

from __future__ import annotations

import random

from game.kaito.rules import KaitoView, Move, line_squares, minimal_payments, square_name

#: Tile kinds (index into ``"KH321"``).
KATANA, KABUTO, MON3, MON2, MON1 = range(5)
KIND_CHARS = "KH321"
EMPTY = 0
#: Code of a blank opening tile (only before the Kaito is placed; never searched).
BLANK_CODE = 11
NUM_CODES = 12

#: ``OWNER[code]`` -> owning seat (-1 for empty / blank).
OWNER = (-1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, -1)
#: ``KIND[code]`` -> kind 0..4 (-1 for empty / blank).
KIND = (-1, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, -1)
#: ``MON[code]`` -> Mon points of the tile (0 for katana, kabuto, empty).
MON = (0, 0, 0, 3, 2, 1, 0, 0, 3, 2, 1, 0)

#: ``LINES[sq]``: the 10 other squares of the row and column of ``sq``.
LINES: tuple[tuple[int, ...], ...] = tuple(tuple(line_squares(i)) for i in range(36))

# Move encoding: bits 0-5 square, bits 6-7 buy (0 none, 1 katana, 2 kabuto), bits 8-9 / 10-11 /
# 12-13 the number of Mon 3 / Mon 2 / Mon 1 paid, bit 14 the opening placement.
BUY_SHIFT = 6
PLACE = 1 << 14
SQ_MASK = 63


def encode_move(square: int, buy: int = 0, n3: int = 0, n2: int = 0, n1: int = 0, place: bool = False) -> int:
    """Integer move: ``square`` 0..35, ``buy`` 0 none / 1 katana / 2 kabuto, Mon counts paid."""
    return square | (buy << 6) | (n3 << 8) | (n2 << 10) | (n1 << 12) | (PLACE if place else 0)


def _payments_table() -> dict[tuple[int, int, int, int], tuple[int, ...]]:
    """(have3, have2, have1, price) -> encoded payment bits of every minimal payment (RULES.md 1)."""
    table = {}
    for h3 in range(3):
        for h2 in range(3):
            for h1 in range(4):
                for price in (4, 5):
                    pays = []
                    for paid in minimal_payments([3] * h3 + [2] * h2 + [1] * h1, price):
                        n3, n2, n1 = paid.count(3), paid.count(2), paid.count(1)
                        pays.append((n3 << 8) | (n2 << 10) | (n1 << 12))
                    table[(h3, h2, h1, price)] = tuple(pays)
    return table


#: Minimal payments by (Mon 3, Mon 2, Mon 1 held, price) as encoded move bits.
PAYMENTS = _payments_table()
# Flat index version: ((h3 * 3 + h2) * 4 + h1) * 2 + (price == 5).
_PAY_FLAT = tuple(PAYMENTS[(h3, h2, h1, price)] for h3 in range(3) for h2 in range(3) for h1 in range(4)
                  for price in (4, 5))

_ZR = random.Random(0x7A7A_1CA1)
#: Zobrist keys: cell (sq * 12 + code), Kaito square, side to move, held counts (idx * 8 + n).
Z_BOARD = tuple(_ZR.getrandbits(64) for _ in range(36 * NUM_CODES))
Z_KAITO = tuple(_ZR.getrandbits(64) for _ in range(36)) + (0,)  # index -1 (unplaced) -> 0
Z_SIDE = _ZR.getrandbits(64)
Z_HELD = tuple(_ZR.getrandbits(64) for _ in range(10 * 8))


def move_to_action(move: int) -> str:
    """Integer move -> action string (RULES.md section 1 notation), e.g. ``"d4+K:3,1"``."""
    sq = move & SQ_MASK
    if move & PLACE:
        return "@" + square_name(sq)
    buy = (move >> 6) & 3
    if not buy:
        return square_name(sq)
    paid = (3,) * ((move >> 8) & 3) + (2,) * ((move >> 10) & 3) + (1,) * ((move >> 12) & 3)
    return f"{square_name(sq)}+{'KH'[buy - 1]}:{','.join(map(str, paid))}"


def action_to_move(action: str) -> int:
    """Action string -> integer move (inverse of :func:`move_to_action`)."""
    m = Move.from_str(action)
    if m.place:
        return encode_move(m.square, place=True)
    if not m.buy:
        return m.square
    return encode_move(m.square, 1 if m.buy == "K" else 2, m.paid.count(3), m.paid.count(2), m.paid.count(1))


class FastPos:
    """Mutable compact KAITO position with make/unmake.

    Attributes:
        board: 36 tile codes by square index (0 empty).
        kaito: the Kaito's square, or -1 before placement.
        side: the seat to move (0/1).
        kk, hh: katana / kabuto of each seat on the board.
        held: ``held[p * 5 + kind]`` = tiles of that kind of seat ``1 - p`` held by seat ``p``.
        hash: the Zobrist key of the position.
        place_squares: the two blank squares while the Kaito is not placed (else empty).
    """

    __slots__ = ("board", "kaito", "side", "kk", "hh", "held", "hash", "place_squares", "undo")

    def __init__(self) -> None:
        self.board = [0] * 36
        self.kaito = -1
        self.side = 0
        self.kk = [0, 0]
        self.hh = [0, 0]
        self.held = [0] * 10
        self.hash = 0
        self.place_squares: tuple[int, ...] = ()
        self.undo: list[tuple[int, int, int, int]] = []

    @classmethod
    def from_view(cls, view: KaitoView) -> "FastPos":
        """Build from a :class:`~game.kaito.rules.KaitoView` (the position is fully visible)."""
        pos = cls()
        colors = view.colors
        seat_of = {colors[0]: 0, colors[1]: 1}
        blanks = []
        for sq, cell in enumerate(view.board):
            if cell is None:
                continue
            if cell == "OO":
                blanks.append(sq)
                continue
            pos.board[sq] = 1 + seat_of[cell[0]] * 5 + KIND_CHARS.index(cell[1])
        for p in (0, 1):
            for tile in view.held[p]:
                pos.held[p * 5 + KIND_CHARS.index(tile[1])] += 1
        pos.kaito = -1 if view.kaito is None else view.kaito
        if view.kaito is None:
            pos.place_squares = tuple(blanks)
            pos.side = 1
        else:
            pos.side = view.to_move if view.to_move is not None else view.seat
        pos.recount()
        return pos

    def recount(self) -> None:
        """Recompute the katana/kabuto counts and the hash from the raw fields."""
        self.kk = [0, 0]
        self.hh = [0, 0]
        h = 0
        for sq, c in enumerate(self.board):
            if c:
                h ^= Z_BOARD[sq * NUM_CODES + c]
                if KIND[c] == KATANA:
                    self.kk[OWNER[c]] += 1
                elif KIND[c] == KABUTO:
                    self.hh[OWNER[c]] += 1
        for idx, n in enumerate(self.held):
            h ^= Z_HELD[idx * 8 + n]
        h ^= Z_KAITO[self.kaito]
        if self.side:
            h ^= Z_SIDE
        self.hash = h

    def copy(self) -> "FastPos":
        """An independent copy (undo stack empty)."""
        other = FastPos()
        other.board = list(self.board)
        other.kaito = self.kaito
        other.side = self.side
        other.kk = list(self.kk)
        other.hh = list(self.hh)
        other.held = list(self.held)
        other.hash = self.hash
        other.place_squares = self.place_squares
        return other

    def mon_points(self, p: int) -> int:
        """Mon points held by seat ``p`` (opponent Mon it could pay with)."""
        held = self.held
        b = p * 5
        return 3 * held[b + 2] + 2 * held[b + 3] + held[b + 4]

    # -- move generation ----------------------------------------------------------------------

    def gen(self) -> list[int]:
        """Legal moves of the side to move (same set as ``KaitoState.legal_moves``); [] if none."""
        kaito = self.kaito
        if kaito < 0:
            return [sq | PLACE for sq in self.place_squares]
        board = self.board
        p = self.side
        held = self.held
        qb = (1 - p) * 5
        rk = held[qb]
        rh = held[qb + 1]
        moves = []
        if not (rk or rh):
            for sq in LINES[kaito]:
                if board[sq]:
                    moves.append(sq)
            return moves
        pb = p * 5
        h3, h2, h1 = held[pb + 2], held[pb + 3], held[pb + 4]
        kk, hh = self.kk, self.hh
        for sq in LINES[kaito]:
            c = board[sq]
            if not c:
                continue
            moves.append(sq)
            kd = KIND[c]
            o = OWNER[c]
            if kd == KATANA:
                if kk[o] == 1:
                    continue  # the capture ends the game: no exchange
                n3, n2, n1 = h3, h2, h1
            elif kd == KABUTO:
                if hh[o] == 1:
                    continue
                n3, n2, n1 = h3, h2, h1
            elif o != p:
                n3 = h3 + (kd == MON3)
                n2 = h2 + (kd == MON2)
                n1 = h1 + (kd == MON1)
            else:
                n3, n2, n1 = h3, h2, h1
            pts = 3 * n3 + 2 * n2 + n1
            if pts < 4:
                continue
            base = ((n3 * 3 + n2) * 4 + n1) * 2
            if rk:
                for pay in _PAY_FLAT[base]:
                    moves.append(sq | 64 | pay)
            if rh and pts >= 5:
                for pay in _PAY_FLAT[base + 1]:
                    moves.append(sq | 128 | pay)
        return moves

    # -- make / unmake --------------------------------------------------------------------------

    def make(self, m: int) -> int:
        """Apply move ``m`` (legal). Returns the seat that has just lost, or -1 if play goes on.

        A capture that leaves a seat without katana or kabuto on the board ends the game (before
        any exchange, RULES.md section 1 ruling); the no-move loss is left to the caller (the next
        side has no legal move)."""
        p = self.side
        h = self.hash
        prevk = self.kaito
        sq = m & SQ_MASK
        if m & PLACE:
            self.undo.append((m, 0, prevk, h))
            self.kaito = sq
            self.hash = h ^ Z_KAITO[prevk] ^ Z_KAITO[sq] ^ Z_SIDE
            self.side = 1 - p
            return -1
        board = self.board
        c = board[sq]
        self.undo.append((m, c, prevk, h))
        board[sq] = 0
        h ^= Z_BOARD[sq * NUM_CODES + c] ^ Z_KAITO[prevk] ^ Z_KAITO[sq] ^ Z_SIDE
        self.kaito = sq
        self.side = 1 - p
        o = OWNER[c]
        kd = KIND[c]
        held = self.held
        if o != p:
            idx = p * 5 + kd
            n = held[idx]
            held[idx] = n + 1
            h ^= Z_HELD[idx * 8 + n] ^ Z_HELD[idx * 8 + n + 1]
        if kd == KATANA:
            kk = self.kk
            kk[o] -= 1
            if not kk[o]:
                self.hash = h
                return o
        elif kd == KABUTO:
            hh = self.hh
            hh[o] -= 1
            if not hh[o]:
                self.hash = h
                return o
        if m >> 6:
            buy = (m >> 6) & 3
            pb = p * 5
            for kind, n in ((MON3, (m >> 8) & 3), (MON2, (m >> 10) & 3), (MON1, (m >> 12) & 3)):
                if n:
                    idx = pb + kind
                    have = held[idx]
                    held[idx] = have - n
                    h ^= Z_HELD[idx * 8 + have] ^ Z_HELD[idx * 8 + have - n]
            idx = (1 - p) * 5 + buy - 1
            have = held[idx]
            held[idx] = have - 1
            h ^= Z_HELD[idx * 8 + have] ^ Z_HELD[idx * 8 + have - 1]
            back = 1 + p * 5 + buy - 1
            board[sq] = back
            h ^= Z_BOARD[sq * NUM_CODES + back]
            if buy == 1:
                self.kk[p] += 1
            else:
                self.hh[p] += 1
        self.hash = h
        return -1

    def unmake(self) -> None:
        """Revert the last :meth:`make`."""
        m, c, prevk, h = self.undo.pop()
        p = 1 - self.side
        self.side = p
        self.kaito = prevk
        self.hash = h
        if m & PLACE:
            return
        sq = m & SQ_MASK
        held = self.held
        if m >> 6:
            buy = (m >> 6) & 3
            pb = p * 5
            held[pb + MON3] += (m >> 8) & 3
            held[pb + MON2] += (m >> 10) & 3
            held[pb + MON1] += (m >> 12) & 3
            held[(1 - p) * 5 + buy - 1] += 1
            if buy == 1:
                self.kk[p] -= 1
            else:
                self.hh[p] -= 1
        self.board[sq] = c
        o = OWNER[c]
        kd = KIND[c]
        if o != p:
            held[p * 5 + kd] -= 1
        if kd == KATANA:
            self.kk[o] += 1
        elif kd == KABUTO:
            self.hh[o] += 1
