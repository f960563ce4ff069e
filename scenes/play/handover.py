"""The hot-seat hand-over (hidden hands: Sushi Draft, Kanji-zushi), a part the play scene holds
(``scene.handover``): every hand hidden and the privacy screen (:mod:`scenes.play.privacy`) pushed
for the next person; its "ready" shows that seat's hand at the bottom. A privacy screen gone
without "ready" is asked again (:meth:`Handover.returned`, each frame)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

log = logging.getLogger("tatami.play")


class HandoverHost(Protocol):
    """What the hand-over reads and sets of its play scene: the app (to push the curtain), the
    names, the drag, whose hand is shown (``viewer``, ``bottom``, ``privacy_for``), and the scene's
    own steps (settle what must not show behind the curtain, lay the seats out for another bottom
    seat, a new snapshot)."""

    app: Any
    names: list[str]
    drag: Any
    game_name: str
    privacy_for: int | None
    viewer: int | None
    bottom: int

    @property
    def leaving(self) -> bool: ...

    def before_privacy(self) -> None: ...

    def layout_seats(self) -> None: ...

    def refresh(self) -> None: ...


class Handover:
    """The part (the state is the host's ``privacy_for`` / ``viewer`` / ``bottom``)."""

    def __init__(self, host: HandoverHost) -> None:
        self.host = host

    def ask(self, seat: int) -> None:
        """Hide every hand and push the privacy screen for ``seat``; without a privacy scene the
        hand is shown (logged)."""
        h = self.host
        h.privacy_for = seat
        h.viewer = None
        h.drag.reset()
        h.before_privacy()
        h.refresh()
        try:
            scene = h.app.make_scene("privacy", name=h.names[seat], on_ready=lambda: self.ready(seat))
        except Exception:
            log.exception("%s: no privacy screen; showing %s's hand directly", h.game_name, h.names[seat])
            self.ready(seat)
            return
        h.app.manager.push(scene)

    def ready(self, seat: int) -> None:
        """``seat`` pressed ready: its hand is shown at the bottom."""
        h = self.host
        if h.leaving or h.privacy_for != seat:
            return
        h.privacy_for = None
        h.viewer = seat
        if seat != h.bottom:
            h.bottom = seat
            h.layout_seats()
        h.refresh()

    def returned(self) -> bool:
        """The privacy screen went away without "ready" (the play scene is on top again while it
        was asked for): ask again. True if it did (the frame stops there)."""
        h = self.host
        if h.privacy_for is None or h.app.manager.top() is not h:
            return False
        seat = h.privacy_for
        h.privacy_for = None
        self.ask(seat)
        return True


__all__ = ["Handover", "HandoverHost"]
