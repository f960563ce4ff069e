"""UI dump for external test drivers.

When ``TATAMI_UI_DUMP=PATH`` is set, the app writes after each drawn frame (only when the
content changed)::

    {"scene": "<top scene name>",
     "elements": [{"id": "button:play", "kind": "button", "rect": [x, y, w, h],
                   "label": "Play"}, ...]}

``label`` (all the text the element shows, its lines joined by "\n": a Continue button's second
line too) is there when it has one; ``"enabled": false`` marks a shown element that cannot be used
now (kind ``<kind>-disabled``); ``"focus": true`` marks the
element with the keyboard focus.

Rects are in WINDOW pixels (what a tool such as xdotool clicks on). The file is replaced
atomically (temp file in the same directory + os.replace), so a reader never sees half a file.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from game import environ
from scenes.shell.jsonstore import write_text_atomic

log = logging.getLogger("tatami.uidump")


class UIDump:
    """Writes the top scene's UI elements to ``path`` whenever they change."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._last: Any = None
        self._failed = False
        self.writes = 0

    @classmethod
    def from_env(cls) -> "UIDump | None":
        p = environ.ui_dump()
        return cls(p) if p else None

    @staticmethod
    def snapshot(scene: Any, viewport: Any) -> dict:
        """The JSON-able dump of a scene (window-pixel rects)."""
        elements = []
        if scene is not None:
            for el in scene.ui_elements():
                r = viewport.to_window(el.rect)
                item: dict[str, Any] = {"id": el.id, "kind": el.kind, "rect": [r.x, r.y, r.w, r.h]}
                label = getattr(el, "label", None)
                if label:
                    item["label"] = label
                if el.kind.endswith("-disabled"):
                    item["enabled"] = False  # shown but not usable now (its kind says so too)
                if getattr(el, "focus", False):
                    item["focus"] = True
                elements.append(item)
        return {"scene": getattr(scene, "name", None), "elements": elements}

    def update(self, scene: Any, viewport: Any) -> bool:
        """Write if the (scene, elements) changed since the last write. Returns True if written."""
        snap = self.snapshot(scene, viewport)
        key = json.dumps(snap, sort_keys=True)
        if key == self._last:
            return False
        try:
            write_text_atomic(self.path, json.dumps(snap, ensure_ascii=False))
        except OSError as e:
            if not self._failed:
                self._failed = True
                log.warning("ui dump: cannot write %s: %s", self.path, e)
            return False
        self._last = key
        self.writes += 1
        return True
