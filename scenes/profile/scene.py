"""The Profile screen (issue 36; registered as ``"stats"``, from the menu's ``button:stats``): for one
game at a time, a page of the player's rating (the number, its history as a graph, the AI levels'
ratings), the achievements (earned with their date, or still to earn), the friends' tables (games
with friends, rated apart) or the statistics (:mod:`scenes.shell.statsview`).

The stores are the app's: ``app.ratings`` (:class:`scenes.profile.ratings.RatingStore`),
``app.achievements`` (:class:`scenes.profile.achieved.AchievementStore`) and ``app.stats``; a page
whose store is missing says its data is not kept in this session. A file that was set aside shows
its one-line notice.

UI ids: ``choice:profile-page:rating|achievements|friends|stats`` (the page), ``choice:stats-game:<name>``
(the game shown), ``button:back`` (Esc too); on the rating page ``rating`` (kind ``text``: the
number as shown, "1,240?" while provisional) once a game was rated; on the achievements page each ``achievement:<key>``
(kind ``achievement`` when earned, ``achievement-locked`` otherwise; its title as label; a count's
progress, "12/20", drawn in a locked one); on the
statistics page ``button:reset-stats`` (asks first: ``button:confirm-reset`` / ``button:cancel``;
disabled when there is nothing to reset or no store).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _
from scenes.kit.draw import C, draw_chrome, draw_text, japanese_gloss
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, SegmentedChoice, UIScene
from scenes.profile import pages, words
from scenes.shell.catalog import GAME_LIST
from scenes.shell.stats import LevelStats
from scenes.shell.statsview import draw_stats

#: The pages, in the order of their choice: (key, English catalog label).
PAGES: tuple[tuple[str, str], ...] = (
    # Translators: the Profile's pages (a choice at the top of the screen; short)
    ("rating", N_("Rating")), ("achievements", N_("Achievements")), ("friends", N_("Friends")),
    ("stats", N_("Statistics")),
)


class ProfileScene(UIScene):
    """The Profile. kwargs: ``game`` (shown first; default the first game), ``page`` (one of
    :data:`PAGES`' keys; default ``"rating"``)."""

    name = "stats"

    def __init__(self, app: Any, game: str | None = None, page: str = "rating", **kwargs: Any):
        super().__init__(app, **kwargs)
        names = [g.name for g in GAME_LIST]
        self.game = game if game in names else names[0]
        self.page = page if page in dict(PAGES) else "rating"
        self.store = getattr(app, "stats", None)
        self.ratings = getattr(app, "ratings", None)
        self.achieved = getattr(app, "achievements", None)
        self.w_page = self.widgets.add(SegmentedChoice(
            "choice:profile-page", [(k, _(label)) for k, label in PAGES], (250, 124, 780, 44), value=self.page,
            on_change=self._set_page, size=18))
        self.w_game = self.widgets.add(SegmentedChoice(
            "choice:stats-game", [(g.name, _(g.title)) for g in GAME_LIST], (390, 178, 500, 40), value=self.game,
            on_change=self._set_game, size=17))
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self._back, style="secondary",
                                size=20))
        self.btn_reset = self.widgets.add(Button("button:reset-stats", _("Reset statistics"), (900, 636, 270, 56),
                                                 self._ask_reset, style="secondary", size=19))
        self.refresh()

    def refresh(self) -> None:
        """Re-read the stores: the game's rows, rating, friends and achievements, the notices,
        whether Reset can act (and is shown: the statistics page only)."""
        self.rows: dict[str, LevelStats] = {}
        self.notice = ""
        any_rows = False
        if self.store is not None:
            self.notice = self.store.notice()
            self.rows = self.store.table(self.game)
            any_rows = bool(self.store.games())
        self.rating = self.ratings.rating(self.game) if self.ratings is not None else None
        self.friends = self.ratings.friends(self.game) if self.ratings is not None else {}
        self.earned = self.achieved.earned(self.game) if self.achieved is not None else {}
        self.tally = self.achieved.tally(self.game) if self.achieved is not None else {}
        self.achievements = words.achievements(self.game)
        notices = [s.notice() for s in (self.ratings, self.achieved) if s is not None]
        self.progress_notice = next((n for n in notices if n), "")
        self.btn_reset.enabled = any_rows
        self.btn_reset.visible = self.page == "stats"

    def _set_page(self, page: str) -> None:
        self.page = page
        self.refresh()

    def _set_game(self, game: str) -> None:
        self.game = game
        self.refresh()

    def _back(self) -> None:
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def _ask_reset(self) -> None:
        self.app.manager.push(self.app.make_scene(
            "confirm", title=_("Reset the statistics?"),
            message=_("Every game, win and streak counted so far is forgotten, in all the games."),
            action="confirm-reset", confirm_label=_("Reset"), on_confirm=self._reset))

    def _reset(self) -> None:
        if self.store is not None:
            self.store.reset()
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def language_changed(self) -> "ProfileScene":
        """The language changed: the screen again, in it (its buttons are built once)."""
        scene = type(self)(self.app, game=self.game, page=self.page)
        scene.fade.finish()
        return scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return True
        return super().handle_event(event)

    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        if self.page == "rating" and self.rating is not None and self.rating.history:
            skill = self.rating.skill
            out.append(UIElement("rating", "text", pages.RATING_NUMBER, label=words.rating_text(skill.shown(),
                                                                                              skill.provisional)))
        if self.page == "achievements":
            out += [UIElement(f"achievement:{a.key}", "achievement" if a.key in self.earned else "achievement-locked",
                              r, label=_(a.title))
                    for a, r in zip(self.achievements, pages.achievement_rects(len(self.achievements)))]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        # Translators: the title of the Profile screen (the rating, achievements, friends and statistics)
        draw_text(surface, app, _("Profile"), (640, 54), 42, C.INK, bold=True)
        draw_text(surface, app, japanese_gloss("戦績"), (640, 96), 18, C.VERMILION, jp=True, decorative=True)
        if self.page == "stats":
            draw_stats(surface, app, self.game, self.rows, self.store is not None, self.notice)
        elif self.ratings is None and self.page in ("rating", "friends") or self.achieved is None and \
                self.page == "achievements":
            draw_text(surface, app, _("The profile is not kept in this session."), (640, pages.AREA.y + 60), 18,
                      C.INK_MUTED)
        elif self.page == "rating":
            pages.draw_rating(surface, app, self.game, self.rating)
        elif self.page == "achievements":
            pages.draw_achievements(surface, app, self.achievements, self.earned, self.tally)
        else:
            pages.draw_friends(surface, app, self.friends)
        if self.progress_notice and self.page != "stats":
            draw_text(surface, app, self.progress_notice, (640, 622), 14, C.VERMILION_DARK)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["PAGES", "ProfileScene"]
