"""The AI characters of the setup screen's seats (issue 36, item 2), a part the setup scene holds
(``scene.cast``): each AI seat in play gets one of its level's three characters
(:mod:`game.characters`), chosen by ``choice:character<i>:<key>`` where a person's name field
would be (each with its portrait); one character plays one seat (the others' are disabled), and a
seat whose level has none left plays the plain level. The choices are remembered with the setup."""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game import characters as chars
from scenes.kit.widgets import SegmentedChoice


class SetupCast:
    """The characters of a setup scene's seats.

    Args:
        scene: the setup scene (its ``kinds``, ``players``, ``multi``, ``widgets``, ``w_seat``,
            ``row_y`` and ``_remember``).
        saved: the remembered setup (its ``characters``: per seat a key or None; anything else is
            ignored).
    """

    def __init__(self, scene: Any, saved: dict) -> None:
        self.scene = scene
        n = len(scene.kinds)
        raw = saved.get("characters")
        picked = [v if isinstance(v, str) else None for v in (raw if isinstance(raw, list) else [])][:n]
        #: per seat (side), the character playing it, or None (a person, or none left)
        self.characters: list[str | None] = picked + [None] * (n - len(picked))
        #: per seat, its character choice (None until one is needed)
        self.choices: list[SegmentedChoice | None] = [None] * n
        self.refresh()

    def refresh(self) -> None:
        """The seats' kinds or count changed: pick the characters again, then their choices."""
        self.pick()
        self.sync()

    def pick(self) -> None:
        """Every AI seat in play gets a character of its level that no earlier seat plays: its
        own if it may keep it, else the first free one (None when its level has none left)."""
        sc = self.scene
        used: set[str] = set()
        for i, kind in enumerate(sc.kinds):
            if kind == "human":
                self.characters[i] = None
            if kind == "human" or i >= sc.players:
                continue
            mine = chars.check(kind, self.characters[i])
            if mine is None or mine in used:
                mine = next((c.key for c in chars.of_level(kind) if c.key not in used), None)
            self.characters[i] = mine
            if mine is not None:
                used.add(mine)

    def rect(self, i: int) -> pygame.Rect:
        """Where seat (side) ``i``'s character choice is (logical px): its name field's place."""
        sc = self.scene
        if sc.multi:
            return pygame.Rect(262, sc.row_y(i) - 23, 288, 27)
        return pygame.Rect((110 if i == 0 else 660) + 28, 246, 318, 44)

    def sync(self) -> None:
        """One character choice per AI seat in play with a character (its level's three, those
        other seats play disabled), built anew where the level or the others changed."""
        sc = self.scene
        group = sc.widgets.widgets
        for i, kind in enumerate(sc.kinds):
            key = self.characters[i] if i < sc.players and kind != "human" else None
            old = self.choices[i]
            if key is None:
                if old is not None:
                    old.visible = False
                continue
            others = {c for j, c in enumerate(self.characters) if j != i and j < sc.players and c}
            cast = chars.of_level(kind)
            options = [(c.key, chars.name_of(c.key)) for c in cast]
            disabled = [c.key for c in cast if c.key in others]
            if old is not None and old.options == options and old.disabled == set(disabled) and old.value == key:
                old.visible = True
                continue
            w = SegmentedChoice(f"choice:character{i}", options, self.rect(i), value=key,
                                on_change=partial(self.choose, i), size=16 if sc.multi else 18,
                                disabled=disabled, icons={c.key: f"art/{c.portrait}" for c in cast})
            if old is not None:
                group[group.index(old)] = w
            else:
                group.insert(group.index(sc.w_seat[i]), w)
            self.choices[i] = w

    def choose(self, i: int, key: str) -> None:
        """Seat ``i`` is played by character ``key`` (its choice's ``on_change``)."""
        self.characters[i] = key
        self.sync()
        self.scene.remember()

    def style(self, i: int) -> str:
        """How seat ``i``'s character plays this game, in the language in use ("" for none)."""
        from game.i18n import _

        key = self.characters[i] if i < len(self.characters) else None
        return _(chars.style_text(self.scene.game, key)) if key else ""


__all__ = ["SetupCast"]
