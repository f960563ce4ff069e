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

from game import characters as chars
from game.i18n import _

#: How long a character's line stays (real ms, fades included).
LINE_MS = 3200.0


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
        """Each frame: the greeting of a new game, once (the first character seat's)."""
        if not self.greet:
            return
        self.greet = False
        cast = self.characters
        if cast:
            seat = min(cast)
            self._say(seat, cast[seat], "start")

    def hear(self, events: Sequence[Any]) -> None:
        """Events the scene just took: the first seat with a big play of its own says so, else the
        first one a big play hurt (:func:`game.characters.game_moments`)."""
        cast = self.characters
        if not cast or not events:
            return
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
        from scenes.play.online_frame import add_bubbles

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
        add_bubbles(sc).show(seat, whole, text, LINE_MS, icon=f"art/{chars.character(key).portrait}")


__all__ = ["LINE_MS", "Voices"]
