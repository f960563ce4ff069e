"""KAITO's board and notation (RULES.md section 1): squares ``a1``..``f6`` (index ``(rank - 1) * 6 + file``),
the tiles, the Kaito's lines, an action's notation (:class:`Move`), the Mon payments, and a board
as text. Pure data and functions: :mod:`game.kaito.rules` plays on them (and offers them again)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from game.core import InvalidActionError, RecordError, brief_repr
from game.i18n import _

FILES = "abcdef"
SIZE = 6
COLORS = ("R", "B")
MON_VALUES = (3, 3, 2, 2, 1, 1, 1)
#: Price in Mon points to buy back a katana (K) or a kabuto (H) (RULES.md section 1, turn step 3).
EXCHANGE_PRICE = {"K": 4, "H": 5}
BLANK = "OO"


def _tile_set() -> list[str]:
    tiles = []
    for c in COLORS:
        tiles += [c + "K"] * 7 + [c + "H"] * 3 + [c + str(v) for v in MON_VALUES]
    return tiles + [BLANK, BLANK]


#: The 36 tiles of the game, in a fixed order (RULES.md section 1, components).
ALL_TILES: tuple[str, ...] = tuple(_tile_set())
#: How many of each tile code there are.
TILE_COUNTS = Counter(ALL_TILES)


def square_name(index: int) -> str:
    """``12 -> "a3"``. Raises ``ValueError`` outside 0..35."""
    if not 0 <= index < SIZE * SIZE:
        raise ValueError(f"square index {index} is off the board")
    rank, file = divmod(index, SIZE)
    return f"{FILES[file]}{rank + 1}"


def square_index(name: str) -> int:
    """``"a3" -> 12``. Raises :class:`InvalidActionError` for a name that is not a square."""
    if len(name) != 2 or name[0] not in FILES or name[1] not in "123456":
        # Translators: {name} is what was given as a square, in quotes
        raise InvalidActionError(_("{name} is not a square (a1..f6)").format(name=brief_repr(name)))
    return (int(name[1]) - 1) * SIZE + FILES.index(name[0])


def line_squares(index: int) -> list[int]:
    """The 10 other squares in the row and column of ``index``."""
    rank, file = divmod(index, SIZE)
    return [rank * SIZE + f for f in range(SIZE) if f != file] + [
        r * SIZE + file for r in range(SIZE) if r != rank
    ]


#: Per square, the squares of its row and column (the Kaito's lines from there).
LINES = tuple(tuple(line_squares(i)) for i in range(SIZE * SIZE))

_MOVE_RE = re.compile(r"^(?:@([a-f][1-6])|([a-f][1-6])(?:\+([KH]):([1-3](?:,[1-3])*))?)$")


@dataclass(frozen=True, order=True)
class Move:
    """One KAITO action. Round-trips to notation with :meth:`from_str` / ``str()``.

    Attributes:
        square: target square index 0..35.
        place: True for the opening placement ``@c4``.
        buy: ``"K"`` or ``"H"`` when the move ends with a Mon exchange, else ``None``.
        paid: Mon values paid, descending (empty without exchange).
    """

    square: int
    place: bool = False
    buy: str | None = None
    paid: tuple[int, ...] = ()

    @classmethod
    def from_str(cls, text: str) -> "Move":
        """Parse ``"@c4"``, ``"d4"`` or ``"d4+K:3,1"``.

        Raises:
            InvalidActionError: not KAITO notation (bad square, payment not descending, ...)."""
        if not isinstance(text, str):
            raise InvalidActionError(_("{text} is not an action string").format(text=brief_repr(text)))
        m = _MOVE_RE.match(text)
        if not m:
            # Translators: {text} is what was given as an action, in quotes; the examples are notation
            raise InvalidActionError(_("{text} is not KAITO notation (e.g. @c4, d4, d4+K:3,1)").format(
                text=brief_repr(text)))
        if m.group(1):
            return cls(square_index(m.group(1)), place=True)
        paid: tuple[int, ...] = ()
        if m.group(3):
            paid = tuple(int(v) for v in m.group(4).split(","))
            if list(paid) != sorted(paid, reverse=True):
                raise InvalidActionError(_("{text}: paid values must be in descending order").format(
                    text=brief_repr(text)))
        return cls(square_index(m.group(2)), buy=m.group(3), paid=paid)

    def __str__(self) -> str:
        name = square_name(self.square)
        if self.place:
            return "@" + name
        if self.buy:
            return f"{name}+{self.buy}:{','.join(map(str, self.paid))}"
        return name


def minimal_payments(mon_values: Iterable[int], price: int) -> list[tuple[int, ...]]:
    """Distinct minimal payments from the Mon values held (RULES.md section 1, minimal payment).

    A payment is minimal when it reaches ``price`` and removing any one paid tile would drop it
    below. Returns descending tuples, e.g. ``minimal_payments([3, 3, 1], 4) == [(3, 1), (3, 3)]``
    (sorted)."""
    have = Counter(mon_values)
    out = []
    for n3 in range(have[3] + 1):
        for n2 in range(have[2] + 1):
            for n1 in range(have[1] + 1):
                total = 3 * n3 + 2 * n2 + n1
                if total < price:
                    continue
                smallest = 1 if n1 else 2 if n2 else 3 if n3 else 0
                if smallest and total - smallest < price:
                    out.append((3,) * n3 + (2,) * n2 + (1,) * n1)
    return sorted(out)


def parse_board(text: object) -> list[str | None]:
    """Board string (RULES.md section 1 notation) -> 36 cells by square index.

    Raises:
        RecordError: wrong shape or unknown cell code."""
    if not isinstance(text, str):
        raise RecordError(_("board is not a string"))
    ranks = text.split("/")
    if len(ranks) != SIZE or any(len(r) != 2 * SIZE for r in ranks):
        raise RecordError(_("board must be 6 ranks of 6 two-character cells separated by '/'"))
    cells: list[str | None] = [None] * (SIZE * SIZE)
    valid = set(ALL_TILES)
    for row, rank_text in enumerate(ranks):
        rank = SIZE - 1 - row
        for f in range(SIZE):
            code = rank_text[2 * f : 2 * f + 2]
            if code == "..":
                continue
            if code not in valid:
                raise RecordError(_("unknown cell {code} on the board").format(code=repr(code)))
            cells[rank * SIZE + f] = code
    return cells


def format_board(cells: Sequence[str | None]) -> str:
    """36 cells by square index -> board string (rank 6 first, ``..`` for empty)."""
    return "/".join(
        "".join(cells[rank * SIZE + f] or ".." for f in range(SIZE)) for rank in range(SIZE - 1, -1, -1)
    )
