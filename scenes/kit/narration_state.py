"""The narration log's state (:class:`scenes.kit.narration.NarrationLog`): its entries, how far each
new one has faded in, where the list is scrolled and how many entries came in below a
scrolled-up view. Nothing here measures text or draws: scroll amounts come in LOGICAL px from the
log's layout (:mod:`scenes.kit.narration_layout`); times are ms."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from scenes.kit.tween import approach, clamp, ease_out_cubic

RGB = tuple[int, int, int]
FADE_MS = 250.0  #: how long a new entry fades and slides in (ms)
SCROLL_HALF_LIFE_MS = 35.0  #: the smooth scroll's half-life (ms)
EMPHASES = (None, "danger", "chance", "result")  #: the emphases an entry may have


@dataclass(frozen=True)
class LogEntry:
    """One sentence: ``index`` (its position since the start), ``text``, the seat ``color`` (RGB or
    None), ``detail`` (tooltip text or None), ``key`` (the owner's int or None), ``emphasis``."""

    index: int
    text: str
    color: RGB | None = None
    detail: str | None = None
    key: int | None = None
    emphasis: str | None = None


class LogState:
    """The entries (oldest first), their fade-ins and the scroll: how far the view is scrolled up
    from the newest entry (logical px), as asked (``scroll``) and as eased (``shown_scroll``), and
    ``unseen``: the entries added while scrolled up. ``rev`` changes with every change of the
    entries (what a measurement of them is cached by)."""

    def __init__(self) -> None:
        self._entries: list[LogEntry] = []
        self._ages: dict[int, float] = {}  # index -> ms since added, while fading in
        self._scroll = self._shown_scroll = 0.0
        self._unseen = 0
        self._rev = 0

    # -- the entries ---------------------------------------------------------------------------
    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """Every entry, oldest first (read-only)."""
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, index: int) -> LogEntry:
        """The entry at ``index`` (its position since the start; -1: the newest)."""
        return self._entries[index]

    @property
    def rev(self) -> int:
        """A number bumped by every change of the entries."""
        return self._rev

    def add(self, text: str, color: Sequence[int] | None = None, detail: str | None = None,
            key: int | None = None, emphasis: str | None = None) -> LogEntry:
        """Append a sentence (see :class:`LogEntry`); it starts fading in. Raises ValueError for an
        unknown emphasis."""
        if emphasis not in EMPHASES:
            raise ValueError(f"emphasis must be one of {EMPHASES}, not {emphasis!r}")
        rgb: RGB | None = (int(color[0]), int(color[1]), int(color[2])) if color is not None else None
        entry = LogEntry(len(self._entries), text, rgb, detail, key, emphasis)
        self._entries.append(entry)
        self._ages[entry.index], self._rev = 0.0, self._rev + 1
        return entry

    def drops(self, key: int) -> bool:
        """True when :meth:`truncate` by ``key`` would drop an entry."""
        return any(e.key is not None and e.key >= key for e in self._entries)

    def truncate(self, key: int) -> None:
        """Drop every entry whose key is >= ``key``; entries without a key stay. The kept entries
        are renumbered from 0; fewer of them are unseen if some unseen went."""
        gone = next((i for i, e in enumerate(self._entries) if e.key is not None and e.key >= key), None)
        if gone is None:
            return
        self._entries = [replace(e, index=i) for i, e in enumerate(e for e in self._entries
                                                                  if e.key is None or e.key < key)]
        self._ages = {i: a for i, a in self._ages.items() if i < gone}
        self._rev += 1
        self._unseen = min(self._unseen, max(0, len(self._entries) - gone))

    def clear(self) -> None:
        """Drop every entry, and scroll back to the newest at once."""
        self._entries, self._ages, self._rev = [], {}, self._rev + 1
        self.scroll_to_latest()
        self._shown_scroll = 0.0

    # -- fading in -------------------------------------------------------------------------------
    def fade(self, index: int) -> float:
        """0..1: how far the entry's fade-in has come (1 = done)."""
        age = self._ages.get(index)
        return 1.0 if age is None else ease_out_cubic(clamp(age / FADE_MS, 0.0, 1.0))

    def fading(self) -> tuple[int, ...]:
        """The indices of the entries still fading in, oldest added first."""
        return tuple(self._ages)

    # -- scrolling -------------------------------------------------------------------------------
    @property
    def scroll(self) -> float:
        """How far the view is asked to be scrolled up from the newest entry (logical px)."""
        return self._scroll

    @property
    def shown_scroll(self) -> float:
        """How far it is scrolled up as drawn now (easing toward :attr:`scroll`; logical px)."""
        return self._shown_scroll

    @property
    def unseen(self) -> int:
        """The entries added while scrolled up (the "newest" pill counts them)."""
        return self._unseen

    def scrolled_up(self) -> bool:
        """True while the view is not pinned to the newest entry."""
        return self._scroll > 0

    def grew_below(self, dy: float) -> None:
        """An entry ``dy`` logical px tall (its gap included) came in below the scrolled-up view:
        the view stays still and the entry counts as unseen."""
        self._scroll, self._shown_scroll = self._scroll + dy, self._shown_scroll + dy
        self._unseen += 1

    def shrank_below(self, dy: float) -> None:
        """The content below the scrolled-up view lost ``dy`` logical px: the view stays still."""
        if self._scroll > 0:
            self._scroll = max(0.0, self._scroll - dy)

    def scroll_by(self, dy: float, room: float) -> None:
        """Scroll ``dy`` logical px back in history (negative: toward the newest), within ``room``."""
        self._scroll += dy
        self.clamp_scroll(room)

    def clamp_scroll(self, room: float) -> None:
        """Keep the scroll within 0..``room`` logical px (how far the content reaches above the
        view); back at the newest, nothing is unseen."""
        self._scroll, self._shown_scroll = clamp(self._scroll, 0.0, room), clamp(self._shown_scroll, 0.0, room)
        if self._scroll <= 0:
            self._unseen = 0

    def scroll_to_latest(self) -> None:
        """Glide back to the newest entry."""
        self._scroll, self._unseen = 0.0, 0

    def reset_scroll(self) -> None:
        """At the newest entry at once, nothing unseen."""
        self._scroll, self._shown_scroll, self._unseen = 0.0, 0.0, 0

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        """Advance the fades and the scroll glide by ``dt_ms`` ms."""
        self._ages = {i: a + dt_ms for i, a in self._ages.items() if a + dt_ms < FADE_MS}
        self._shown_scroll = approach(self._shown_scroll, self._scroll, dt_ms, SCROLL_HALF_LIFE_MS)

    def finish(self) -> None:
        """End every fade and the scroll glide at once."""
        self._ages.clear()
        self._shown_scroll = self._scroll

    def busy(self) -> bool:
        """True while an entry fades in or the scroll glides."""
        return bool(self._ages) or self._shown_scroll != self._scroll


__all__ = ["EMPHASES", "FADE_MS", "SCROLL_HALF_LIFE_MS", "LogEntry", "LogState"]
