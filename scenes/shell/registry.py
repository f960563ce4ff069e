"""The explicit scene registry: scene names -> classes. The shared scenes are listed here; each
game's play scene and score screen come from its :class:`~scenes.play.registration.GameInfo`
(:mod:`scenes.shell.catalog`), so adding a game changes nothing here.
"""
from __future__ import annotations

import importlib
import logging
from typing import Any

from scenes.shell.catalog import game_scenes
from scenes.shell.menu import MainMenuScene

log = logging.getLogger("tatami.registry")

#: Scene name -> class, or "module:Class" for scenes imported on first use (every scene but the
#: menu: play scenes pull in the rules core and the AI; loading them lazily keeps start-up to the
#: first menu frame short). The games' scenes are their registrations' (:func:`game_scenes`).
SCENES: dict[str, Any] = {
    "menu": MainMenuScene,
    "setup": "scenes.shell.setup:SetupScene",
    "pause": "scenes.play.pause:PauseScene",
    "rules": "scenes.shell.rules:RulesScene",
    "privacy": "scenes.play.privacy:PrivacyScene",
    "confirm": "scenes.shell.confirm:ConfirmScene",
    "stats": "scenes.shell.statsview:StatsScene",
    "recent": "scenes.shell.recent:RecentScene",
    "replay": "scenes.replay.scene:ReplayScene",
    "settings": "scenes.shell.settingsview:SettingsScene",
    "tutorial": "scenes.tutorial.scene:tutorial_scene",
    "tutorial_offer": "scenes.tutorial.offer:TutorialOfferScene",
    "learn": "scenes.tutorial.scene:LearnScene",
    "online_join": "scenes.online.join:JoinScene",
    "online_lobby": "scenes.online.lobby:LobbyScene",
    "online_host": "scenes.online.host:HostScene",
    "online_say": "scenes.online.say:SayScene",
    **game_scenes(),
}


def scene_class(name: str) -> Any:
    """The class registered as ``name``, importing it on first use.

    Raises:
        KeyError: no scene of that name (the message lists the known ones)."""
    try:
        entry = SCENES[name]
    except KeyError:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(SCENES))}") from None
    if isinstance(entry, str):
        module_name, _, attr = entry.partition(":")
        entry = getattr(importlib.import_module(module_name), attr)
        SCENES[name] = entry
    return entry
