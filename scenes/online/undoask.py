"""The question of an undo request at an online table (scene ``online_undo_ask``; issue 33, item 1):
the confirm dialog (:class:`scenes.shell.confirm.ConfirmScene`) over the play scene saying who asks
to take back what, with ``button:undo-accept`` and ``button:undo-refuse`` (Esc refuses). It
closes by itself when the request ends another way (the server's timeout, a move, the asking seat
leaving): the game log says how (:mod:`scenes.play.undo_online`).
"""
from __future__ import annotations

from typing import Any

from game.i18n import _
from scenes.shell.confirm import ConfirmScene


class UndoAskScene(ConfirmScene):
    """The question (see the module doc). kwargs: ``match`` (the seat's online Match: its
    ``snap.asking``, ``answer_undo``), ``question`` (the sentence, in the language in use)."""

    name = "online_undo_ask"

    def __init__(self, app: Any, match: Any = None, question: str = "", **kwargs: Any):
        self.match = match
        self.asking = match.snap.asking if match is not None else None
        # Translators: the title of another player's request to take moves back (online)
        super().__init__(app, title=_("Take moves back?"), message=question, action="undo-accept",
                         # Translators: a button answering another player's request to take moves back (online)
                         confirm_label=_("Accept"), on_confirm=lambda: self.send(True),
                         on_cancel=lambda: self.send(False), danger=False, cancel_action="undo-refuse",
                         # Translators: a button answering another player's request to take moves back (online)
                         cancel_label=_("Refuse"), **kwargs)

    def send(self, accept: bool) -> None:
        """The answer, to the server."""
        if self.match is not None and self.match.snap.asking == self.asking:
            self.match.answer_undo(accept)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if self.answer is None and self.match is not None and self.match.snap.asking != self.asking:
            self.answer = "ended"  # (ended otherwise, unanswered here: the log says how)
            if self.app.manager.top() is self:
                self.app.manager.pop()


__all__ = ["UndoAskScene"]
