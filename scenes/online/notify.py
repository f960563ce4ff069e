"""Desktop notifications (issue 35, item 4: "your turn" while Tatami runs), through
`desktop-notifier` (the system's own notifications: the freedesktop D-Bus service on Linux,
Windows' toast notifications, macOS's notification centre). A system without one (no session bus,
a headless machine) only loses the notification: the failure is logged once, and nothing is
asked of it again in this run. Never imports pygame.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("tatami.online")
#: desktop-notifier's own logger: its failures are said once, by :class:`Notifier`.
LIBRARY_LOG = "desktop_notifier"


class Notifier:
    """Sends desktop notifications as "Tatami" with the app's icon (``icon``: a PNG, or None).

    Attributes:
        broken: True once a notification could not be shown (no more are tried in this run).
    """

    def __init__(self, icon: Path | None = None) -> None:
        self.icon = icon
        self.broken = False
        self._notifier: Any = None

    async def send(self, title: str, body: str) -> bool:
        """(on an asyncio loop) Show ``title`` and ``body``; True when the system took it. Never
        raises."""
        if self.broken:
            return False
        dispatched: list[bool] = []
        try:
            from desktop_notifier import DesktopNotifier, Icon

            if self._notifier is None:
                logging.getLogger(LIBRARY_LOG).setLevel(logging.ERROR)  # (its own warning: ours is one line)
                icon = Icon(path=self.icon) if self.icon is not None and self.icon.is_file() else None
                self._notifier = DesktopNotifier(app_name="Tatami", app_icon=icon)
            await self._notifier.send(title=title, message=body, on_dispatched=lambda: dispatched.append(True))
        except Exception as exc:
            log.warning("online: desktop notifications are not available here: %s", exc)
            self.broken = True
            return False
        if not dispatched:
            log.warning("online: desktop notifications are not available here (the system did not take one)")
            self.broken = True
        return bool(dispatched)


__all__ = ["Notifier"]
