"""The explicit scene registry: scene names -> classes. The shared scenes are listed here; each
game's play scene and score screen come from its :class:`~scenes.play.registration.GameInfo`
(:mod:`scenes.shell.catalog`'s ``GAME_SCENES``, read at each lookup: a game registered at run time
is there too), so adding a game changes nothing here.
"""
from __future__ import annotations

import importlib
import logging
from collections import ChainMap
from typing import Any

from scenes.shell.catalog import GAME_SCENES
from scenes.shell.menu import MainMenuScene

log = logging.getLogger("tatami.registry")

#: Scene name -> class, or "module:Class" for scenes imported on first use (every scene but the
#: menu: play scenes pull in the rules core and the AI; loading them lazily keeps start-up to the
#: first menu frame short): the shared scenes, then the games' (their registrations', kept by the
#: catalog). Setting a name sets it among the shared ones (tests stand a scene in).
SCENES: ChainMap[str, Any] = ChainMap({
    "menu": MainMenuScene,
    "setup": "scenes.shell.setup:SetupScene",
    "pause": "scenes.play.pause:PauseScene",
    "rules": "scenes.shell.rules:RulesScene",
    "privacy": "scenes.play.privacy:PrivacyScene",
    "confirm": "scenes.shell.confirm:ConfirmScene",
    "stats": "scenes.profile.scene:ProfileScene",
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
    "online_undo_ask": "scenes.online.undoask:UndoAskScene",
}, GAME_SCENES)

#: "module:Class" -> the class, once imported.
_classes: dict[str, Any] = {}

#: The online room's line for the menu about this player's unfinished online tables ("module:function"
#: of the app, imported on first use: the menu never imports the online room). It also keeps the
#: app's watch over the online server of the settings (``app.turn_watch``: issue 35).
ONLINE_MENU_LINE = "scenes.online.keptfile:menu_line"


def online_menu_line(app: Any) -> str:
    """:data:`ONLINE_MENU_LINE` called with ``app``: "" when there is nothing to say (or it cannot be had)."""
    module_name, _, attr = ONLINE_MENU_LINE.partition(":")
    try:
        return str(getattr(importlib.import_module(module_name), attr)(app))
    except Exception:
        log.exception("the menu's line about online tables")
        return ""


def scene_class(name: str) -> Any:
    """The class registered as ``name``, importing it on first use.

    Raises:
        KeyError: no scene of that name (the message lists the known ones)."""
    try:
        entry = SCENES[name]
    except KeyError:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(SCENES))}") from None
    if isinstance(entry, str):
        path = entry
        entry = _classes.get(path)
        if entry is None:
            module_name, _, attr = path.partition(":")
            entry = _classes[path] = getattr(importlib.import_module(module_name), attr)
    return entry
