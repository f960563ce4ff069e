"""Whether a game's tutorial was offered yet (the settings' ``tutorial_offered``); light enough for
the menu to import (no rules, no AI). How long a tutorial takes, as told to the player, is its
game's registration's (``GameInfo.tutorial_minutes``)."""
from __future__ import annotations

import logging
from typing import Any

from scenes.shell.catalog import GAMES_BY_NAME

log = logging.getLogger("tatami.tutorial")

#: The settings key: game name -> True once the offer was answered.
OFFERED_KEY = "tutorial_offered"


def offer_due(app: Any, game: str) -> bool:
    """True when ``game``'s tutorial was never offered to this player (no settings: never)."""
    settings = getattr(app, "settings", None)
    info = GAMES_BY_NAME.get(game)
    if settings is None or info is None or not info.has_tutorial:
        return False
    offered = settings.get(OFFERED_KEY) or {}
    return not (isinstance(offered, dict) and offered.get(game) is True)


def mark_offered(app: Any, game: str) -> None:
    """Remember that ``game``'s tutorial was offered (saved at once; never raises)."""
    settings = getattr(app, "settings", None)
    if settings is None:
        return
    offered = settings.get(OFFERED_KEY)
    offered = dict(offered) if isinstance(offered, dict) else {}
    offered[game] = True
    settings[OFFERED_KEY] = offered
    try:
        settings.save()
    except Exception:
        log.exception("cannot save the settings")


__all__ = ["OFFERED_KEY", "mark_offered", "offer_due"]
