"""What the AI characters say at the table (issue 36, item 2), a part the play scene holds
(``scene.voices``).

A seat played by a character (:mod:`game.characters`; ``match.characters``) says one of its lines
in a speech bubble by its panel (:class:`scenes.kit.bubble.Bubbles`, elements ``said:<seat>``,
with its portrait) at the moments that matter: the start of a new game (one greeting), a big play
of its own or against it (the game's ``moments`` hook reads the events the scene takes, as its
seat may know them), and the end (the winner's line, or a loser's when a person won). One bubble
at a time, so bubbles never cover each other; the line is drawn from a generator seeded by the
deal and the ply, so a replayed game says the same. Nothing is said in review mode, in a
tutorial or online (no local characters there).
"""
from __future__ import annotations

import random
from typing import Any, Sequence

import pygame

from game import characters as chars
from game.i18n import _
from scenes.kit.draw import draw_lead_mark

#: How long a character's line stays (real ms, fades included).
LINE_MS = 3200.0
#: A character's portrait in its seat's panel, in place of the seat's colour dot (logical px across).
PORTRAIT = 26


class Voices:
    """The characters' lines of one play scene.

    Args:
        scene: the play scene (its ``match``, ``names``, ``game_name``, ``review``, ``coach`` and
            ``seat_anchor``; its widgets hold the bubbles).
        fresh: a new deal (the greeting is said), not a resumed game or a position from a replay.
    """

    def __init__(self, scene: Any, fresh: bool) -> None:
        self.scene = scene
        self.greet = fresh
        self.ended = False
        #: ``(seat, moment, line)`` of every line said, oldest first (tests read it)
        self.said: list[tuple[int, str, str]] = []
        #: a line said while the scene was being built: ``(seat, text, short, icon)``, shown next frame
        self.pending: tuple[int, str, str, str] | None = None

    @property
    def characters(self) -> dict[int, str]:
        """By seat, the character playing it ({} in review mode, a tutorial or online)."""
        sc = self.scene
        if sc.review or sc.coach is not None:
            return {}
        return dict(getattr(sc.match, "characters", None) or {})

    def saved(self) -> dict[str, Any]:
        """What a save keeps of the characters: ``{"characters": [key or None per seat]}``, or {}
        when no seat has one (:meth:`scenes.play.base.PlayScene.save_setup`)."""
        cast = getattr(self.scene.match, "characters", None) or {}
        return {"characters": [cast.get(s) for s in range(len(self.scene.seats))]} if cast else {}

    def frame(self) -> None:
        """Each frame: a line said while the scene was built; the greeting of a new game, once (the
        first character seat's)."""
        self._show()
        if not self.greet:
            return
        self.greet = False
        cast = self.characters
        if cast:
            seat = min(cast)
            self._say(seat, cast[seat], "start")

    def hear(self, events: Sequence[Any]) -> None:
        """Events the scene just took: the first seat with a big play of its own says so, else the
        first one a big play hurt (:func:`game.characters.game_moments`); nothing once the game is
        over (the end's line follows)."""
        cast = self.characters
        if not cast or not events or self.scene.match.is_over():
            return  # (the last action's words are the end's: :meth:`end`)
        found: dict[str, int] = {}
        for seat in sorted(cast):
            for moment in chars.game_moments(self.scene.game_name, events, seat):
                found.setdefault(moment, seat)
        for moment in ("big_move", "hurt"):
            if moment in found:
                self._say(found[moment], cast[found[moment]], moment)
                return

    def end(self) -> None:
        """The game is over (once): a winning character says its win line; when none won, the
        first character's loss line."""
        if self.ended:
            return
        self.ended = True
        cast = self.characters
        outcome = self.scene.match.outcome()
        if not cast or outcome is None:
            return
        winners = [s for s in sorted(cast) if s in outcome.winners]
        if winners:
            self._say(winners[0], cast[winners[0]], "win")
        else:
            seat = min(cast)
            self._say(seat, cast[seat], "lose")

    def _say(self, seat: int, key: str, moment: str) -> None:
        sc = self.scene
        rng = random.Random(f"{sc.match.seed}:{sc.match.ply}:{seat}:{moment}")
        try:
            line = chars.line(key, moment, rng)
        except ValueError:
            return
        if not line or not 0 <= seat < len(sc.names):
            return
        self.said.append((seat, moment, line))
        text = _(line)
        # Translators: a line an AI character says in a speech bubble at the table ({name} says {line})
        whole = _("{name}: {line}").format(name=sc.names[seat], line=text)
        self.pending = (seat, whole, text, f"art/{chars.character(key).portrait}")
        if getattr(sc, "widgets", None) is not None:  # (else shown at the next frame: the scene is being built)
            self._show()

    def _show(self) -> None:
        from scenes.play.online_frame import add_bubbles

        if self.pending is not None:
            seat, whole, text, icon = self.pending
            self.pending = None
            add_bubbles(self.scene).show(seat, whole, text, LINE_MS, icon=icon)


def draw_seat_mark(surface: pygame.Surface, scene: Any, seat: int, dot: tuple[float, float],
                   rgb: tuple[int, int, int]) -> int:
    """The mark before a seat's name in its panel: the seat's colour dot at the logical ``dot``
    (6 px radius), or the portrait of the character playing it (:data:`PORTRAIT` px across, in a
    ring of the seat's colour, its left edge where the dot's was). Returns how many logical px
    further right the name starts (0 for the dot). Draws only."""
    if draw_portrait(surface, scene, seat, (dot[0] - 6 + PORTRAIT / 2, dot[1]), PORTRAIT, rgb):
        return PORTRAIT - 10
    vp = scene.app.viewport
    pygame.draw.circle(surface, rgb, vp.to_window(dot), max(3, vp.px(6)))
    return 0


def draw_portrait(surface: pygame.Surface, scene: Any, seat: int, center: tuple[float, float], d: float,
                  rgb: Any) -> bool:
    """The portrait of the character playing ``seat``, ``d`` logical px across at the logical
    ``center``, in a 2 px ring of the seat's colour ``rgb``; False (nothing drawn) for a seat no
    character plays. Draws only."""
    icon = portrait_of(scene, seat)
    if not icon:
        return False
    vp = scene.app.viewport
    pygame.draw.circle(surface, rgb, vp.to_window(center), vp.px(d / 2 + 2))
    draw_lead_mark(surface, scene.app, center, d, icon=icon)
    return True


def cast_names(seats: Sequence[str], characters: Sequence[str | None], names: Sequence[Any] | None) -> list[str] | None:
    """A play scene's names: ``names`` as given (as strings); when none are given, the default
    names with each seat a character plays named after it (None when no seat has one: the
    defaults)."""
    if names:
        return [str(x) for x in names]
    cast = [c if i < len(characters) and chars.check(kind, characters[i]) else None
            for i, (kind, c) in enumerate(zip(seats, list(characters) + [None] * len(seats)))]
    if not any(cast):
        return None
    from scenes.play.seats import default_names

    return [chars.name_of(c) if c else d for c, d in zip(cast, default_names(seats))]


def portrait_of(scene: Any, seat: int) -> str:
    """The portrait (an SVG under the assets) of the character playing ``seat`` at ``scene``'s
    table, or "" for a seat no character plays (:attr:`Voices.characters`: none in review mode,
    a tutorial or online)."""
    voices = getattr(scene, "voices", None)
    key = voices.characters.get(seat) if voices is not None else None
    return f"art/{chars.character(key).portrait}" if key in chars.BY_KEY else ""


__all__ = ["LINE_MS", "PORTRAIT", "Voices", "cast_names", "draw_portrait", "draw_seat_mark", "portrait_of"]
