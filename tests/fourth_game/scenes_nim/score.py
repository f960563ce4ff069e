"""Nim's score screen: the shared one (who won, the core's end sentence, each seat's stones taken)."""
from __future__ import annotations

from typing import Any

from game.i18n import N_
from scenes.play.score import ScoreScene


class NimScoreScene(ScoreScene):
    """Nim's final result (the scene ``nim_score``); ``view``: the final view (its outcome)."""

    name = "nim_score"
    reason_labels = {"last-stone": N_("Last stone taken")}

    def __init__(self, app: Any, view: Any = None, **kwargs: Any):
        if view is not None:
            kwargs.setdefault("outcome", view.outcome)
        kwargs["game_name"] = "nim"
        super().__init__(app, **kwargs)
