"""The pause screen's "Esc to resume" lies inside its dialog, not over the board (issue 21, defect
12, second part), in every language and at both window sizes."""
from __future__ import annotations

import pygame
import pytest

from game import i18n


@pytest.mark.parametrize("code", ["en", "es", "ja"])
def test_esc_to_resume_is_inside_the_dialog(app, monkeypatch, code):
    import scenes.play.pause as pause

    drawn: list[tuple[str, tuple[float, float]]] = []
    real = pause.draw_text

    def spy(surface, app_, text, pos, *a, **k):
        drawn.append((text, tuple(pos)))
        return real(surface, app_, text, pos, *a, **k)

    monkeypatch.setattr(pause, "draw_text", spy)
    i18n.set_language(code)
    try:
        app.manager.reset(app.make_scene("kaito_play", seats=["human", "easy"], seed=1))
        app.pump(16)
        app.manager.push(app.make_scene("pause"))
        for _ in range(30):
            app.pump(16)
        pos = [p for t, p in drawn if t == i18n._("Esc to resume")][-1]
        panel = pause.PANEL
        assert panel.collidepoint(pos), f"{pos} is outside the dialog {panel}"
        last_button = max(r.bottom for r in (pygame.Rect(w.rect) for w in app.manager.top().widgets.widgets))
        assert pos[1] > last_button + 8
    finally:
        i18n.set_language("en")
