"""The kanji review (issue 37, item 3; scene ``kanji_review``): the cards of the player's kanji
book that FSRS says are due (:mod:`game.kanji.review`, kept in ``app.kanji_review``,
:class:`scenes.kanji.reviewstore.KanjiReview`), asked one at a time in the language in use.

* a ``meaning`` card shows the kanji; *Show answer* (Space or Enter) shows its meanings and
  readings, then the player grades themself: Again, Hard, Good, Easy (keys 1-4);
* a ``pick`` card shows a meaning and a ``halves`` card the two card halves; the player picks the
  kanji among four (keys 1-4): the choice grades it (right: Good, wrong: Again), the right one is
  marked, *Next* (Space or Enter) goes on.

The book's kanji join the deck when the scene opens (``app.kanji_book.chars()``); the time is the
scene's ``clock`` (tests set it). With nothing due it says when the next review is.

UI ids: ``review-due`` (kind ``text``: "12 due"), ``review-prompt`` (kind ``text``: the kanji, the
meaning or "亻 + 木"), ``button:show-answer``, ``button:grade:again|hard|good|easy``,
``button:pick:<i>`` (i = 1..4, the kanji as label), ``button:next``, ``button:back`` (Esc too).
"""
from __future__ import annotations

import random
from datetime import datetime, timezone
from functools import partial
from typing import Any, Callable

import pygame

from game.i18n import N_, _, ngettext
from game.kanji import review as kreview
from game.kanji.review import Question, Rating
from scenes.kanji.art import NETA, SHARI, KanjiArt
from scenes.kanji.reviewstore import KanjiReview
from scenes.kanji.text import lang_of, meanings_shown
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_text, japanese_gloss, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, UIScene

#: The self-grades of a ``meaning`` card: (key, FSRS rating, English catalog label), keys 1-4.
GRADES: tuple[tuple[str, Rating, str], ...] = (
    # Translators: the four answers of a kanji review card (how well the player remembered it)
    ("again", Rating.Again, N_("Again")), ("hard", Rating.Hard, N_("Hard")),
    ("good", Rating.Good, N_("Good")), ("easy", Rating.Easy, N_("Easy")),
)
#: The card's panel (logical px) and the prompt's centre.
CARD = pygame.Rect(290, 150, 700, 330)
PROMPT_Y = 250
#: The row of answer buttons (logical px): its top, one button's width, the gap.
ROW_Y, BTN_W, BTN_GAP = 500, 160, 20
#: The right and the wrong pick's colours (RGB).
RIGHT, WRONG = (64, 140, 86), C.VERMILION


def menu_label(app: Any) -> str | None:
    """The menu link's label now: "Review (12 due)" when cards are due (the book's new kanji
    joined first), else None (the plain "Review"). Reads and may write the review's file: the
    menu asks it off its frame loop (:meth:`scenes.shell.menu.MainMenuScene.ask_link_labels`)."""
    store = getattr(app, "kanji_review", None)
    if not isinstance(store, KanjiReview):
        return None
    now = store.clock()
    book = getattr(app, "kanji_book", None)
    if book is not None:
        store.sync(book.chars(), now)
    n = store.count_due(now)
    # Translators: the kanji review's link under Kanji-zushi's menu card, with how many cards are due
    return ngettext("Review ({n} due)", "Review ({n} due)", n).format(n=n) if n else None


class KanjiReviewScene(UIScene):
    """The kanji review. kwargs: ``clock`` (``() -> datetime``, timezone-aware; default: now, UTC)."""

    name = "kanji_review"

    def __init__(self, app: Any, clock: Callable[[], datetime] | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        store = getattr(app, "kanji_review", None)
        self.store: KanjiReview = store if isinstance(store, KanjiReview) else KanjiReview()
        book = getattr(app, "kanji_book", None)
        self.book_size = len(book.chars()) if book is not None else 0
        now = self.clock()
        if book is not None:
            self.store.sync(book.chars(), now)
        self.queue: list[str] = self.store.due(now)
        self.answered = 0
        self.art = KanjiArt(app)
        self.q: Question | None = None
        self.revealed = False
        self.picked: str | None = None
        x0 = 640 - (4 * BTN_W + 3 * BTN_GAP) / 2
        rects = [(x0 + i * (BTN_W + BTN_GAP), ROW_Y, BTN_W, 64) for i in range(4)]
        self.btn_show = self.widgets.add(Button("button:show-answer", _("Show answer"), (490, ROW_Y, 300, 64),
                                                self.reveal, style="primary", size=22))
        self.btn_grades = [self.widgets.add(Button(f"button:grade:{key}", _(label), rect,
                                                   partial(self.grade, rating), style="secondary", size=20,
                                                   sublabel=str(i + 1)))
                           for i, ((key, rating, label), rect) in enumerate(zip(GRADES, rects))]
        self.btn_picks = [self.widgets.add(Button(f"button:pick:{i + 1}", "", rect, partial(self.pick, i),
                                                  style="secondary", size=30, sublabel=str(i + 1)))
                          for i, rect in enumerate(rects)]
        self.btn_next = self.widgets.add(Button("button:next", _("Next"), (490, ROW_Y + 84, 300, 56), self.next,
                                                style="primary", size=21))
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self._back, style="secondary",
                                size=20))
        self._load()

    # -- the flow ------------------------------------------------------------------------------
    def _load(self) -> None:
        """The next due card (None when the queue is empty), its buttons shown."""
        self.q, self.revealed, self.picked = None, False, None
        while self.queue and self.q is None:
            cid = self.queue[0]
            try:
                self.q = kreview.question(cid, lang_of(), random.Random(f"{cid}:{self.answered}"))
            except ValueError:  # (a card the data no longer asks: skipped)
                self.queue.pop(0)
        self._sync()

    def _sync(self) -> None:
        q = self.q
        choose = q is not None and q.kind != "meaning"
        self.btn_show.visible = q is not None and not choose and not self.revealed
        for b in self.btn_grades:
            b.visible = q is not None and not choose and self.revealed
        for i, b in enumerate(self.btn_picks):
            b.visible = choose
            b.enabled = self.picked is None
            b.label = q.choices[i] if choose and q is not None and i < len(q.choices) else ""
        self.btn_next.visible = choose and self.picked is not None

    def reveal(self) -> None:
        """A ``meaning`` card: show its meanings and readings, then the grades."""
        if self.q is not None and self.q.kind == "meaning":
            self.revealed = True
            self._sync()

    def grade(self, rating: Rating) -> None:
        """A ``meaning`` card graded ``rating`` (shown first): FSRS schedules it; the next card."""
        if self.q is None or self.q.kind != "meaning" or not self.revealed:
            return
        self._answer(rating)
        self._load()

    def pick(self, i: int) -> None:
        """The ``i``-th choice (0-based) of a ``pick`` or ``halves`` card: it grades the card
        (:func:`game.kanji.review.grade`); the answer is shown until :meth:`next`."""
        q = self.q
        if q is None or q.kind == "meaning" or self.picked is not None or not 0 <= i < len(q.choices):
            return
        self.picked = q.choices[i]
        self._answer(kreview.grade(q, self.picked))
        self._sync()

    def next(self) -> None:
        """After a pick: the next card."""
        if self.q is not None and self.picked is not None:
            self._load()

    def _answer(self, rating: Rating) -> None:
        assert self.q is not None
        self.store.answer(self.q.card_id, rating, self.clock())
        self.queue.pop(0)
        self.answered += 1

    def _back(self) -> None:
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = int(getattr(event, "key", 0) or 0)
            number = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
                      pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}.get(key)
            q = self.q
            if key == pygame.K_ESCAPE:
                self._back()
                return True
            if q is not None and number is not None:
                if q.kind == "meaning" and self.revealed:
                    self.grade(GRADES[number][1])
                elif q.kind != "meaning":
                    self.pick(number)
                return True
            if q is not None and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and not self.widgets.focus.keyboard:
                if q.kind == "meaning" and not self.revealed:
                    self.reveal()
                elif q.kind != "meaning" and self.picked is not None:
                    self.next()
                else:
                    return super().handle_event(event)
                return True
        return super().handle_event(event)

    # -- what is shown ---------------------------------------------------------------------------
    def due_text(self) -> str:
        """"12 due" (the cards left in this sitting)."""
        n = len(self.queue)
        # Translators: how many kanji review cards are due now (the review screen's corner, the menu)
        return ngettext("{n} due", "{n} due", n).format(n=n)

    def prompt_text(self) -> str:
        """What the card shows: the kanji, the meaning, or "亻 + 木" ("" with no card)."""
        q = self.q
        if q is None:
            return ""
        return " + ".join(q.halves) if q.kind == "halves" and q.halves else q.prompt

    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        out.append(UIElement("review-due", "text", pygame.Rect(990, 96, 180, 30), self.due_text()))
        if self.q is not None:
            out.append(UIElement("review-prompt", "text", pygame.Rect(CARD.x, PROMPT_Y - 60, CARD.w, 120),
                                 self.prompt_text()))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("Kanji review"), (640, 62), 40, C.INK, bold=True)
        draw_text(surface, app, japanese_gloss("復習"), (640, 102), 18, C.VERMILION, jp=True, decorative=True)
        draw_text(surface, app, self.due_text(), (1170, 111), 18, C.INK_SOFT, bold=True, anchor="midright")
        draw_panel(surface, app, CARD, radius=22)
        if self.q is None:
            self._draw_empty(surface)
        else:
            self._draw_card(surface, self.q)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        app = self.app
        if not self.book_size:
            lines = [_("Your kanji book is empty."),
                     _("Form kanji in Kanji-zushi: each one joins your reviews.")]
        else:
            lines = [ngettext("Done: {n} card reviewed.", "Done: {n} cards reviewed.", self.answered).format(
                n=self.answered) if self.answered else _("Nothing is due now."),
                _("Come back later: the cards you know come back less often.")]
        for k, line in enumerate(lines):
            draw_text(surface, app, line, (640, CARD.centery - 20 + 44 * k), 24 if k == 0 else 18,
                      C.INK if k == 0 else C.INK_SOFT, bold=k == 0)

    def _draw_card(self, surface: pygame.Surface, q: Question) -> None:
        app = self.app
        vp = app.viewport
        if q.kind == "meaning":
            draw_text(surface, app, q.char, (640, PROMPT_Y + 4), 112, C.INK, jp=True)
            # Translators: the question of a kanji review card showing a kanji
            ask = _("What does this kanji mean?")
        elif q.kind == "pick":
            text = fit_text(app, self.meaning_of(q.char, 1), 40, True, CARD.w - 60)
            draw_text(surface, app, text, (640, PROMPT_Y - 10), 40, C.INK, bold=True)
            # Translators: the question of a kanji review card showing a meaning
            ask = _("Which kanji means this?")
        else:
            h = 112
            w = round(h * 0.7)
            for side, (kind, name) in enumerate(zip((NETA, SHARI), q.halves or ("", ""))):
                x = 640 - w - 30 if side == 0 else 640 + 30
                img = self.art.card((kind, name), w, h)
                surface.blit(img, vp.to_window((x, PROMPT_Y - h / 2 - 12)))
            draw_text(surface, app, "+", (640, PROMPT_Y - 12), 40, C.INK_SOFT, bold=True)
            # Translators: the question of a kanji review card showing a left and a right half
            ask = _("Which kanji do these two halves make?")
        draw_text(surface, app, ask, (640, CARD.y + 16), 16, C.INK_MUTED, anchor="midtop")
        if q.kind == "meaning" and self.revealed or self.picked is not None:
            self._draw_answer(surface, q)
        if self.picked is not None:
            for b in self.btn_picks:
                if b.label == q.answer or b.label == self.picked:
                    col = RIGHT if b.label == q.answer else WRONG
                    pygame.draw.rect(surface, col, vp.to_window(b.rect.inflate(8, 8)), width=max(2, vp.px(4)),
                                     border_radius=vp.px(16))

    @staticmethod
    def meaning_of(char: str, limit: int) -> str:
        """Up to ``limit`` meanings of ``char`` as the room shows them in the language in use
        (:func:`scenes.kanji.text.meanings_shown`: the question's own, and the pseudo language's
        for the layout check)."""
        f = kreview.formed(char)
        return ", ".join(meanings_shown(f, limit)) if f is not None else ""

    def _draw_answer(self, surface: pygame.Surface, q: Question) -> None:
        """The answer's side: the kanji (after a pick), its meanings and readings."""
        app = self.app
        y = PROMPT_Y + 80
        if q.kind != "meaning":
            y += 6
            ok = self.picked == q.answer
            verdict = _("Right!") if ok else _("Not quite: it is {char}.").format(char=q.answer)
            draw_text(surface, app, verdict, (640, y - 18), 20, RIGHT if ok else WRONG, bold=True)
            y += 14
        meanings = self.meaning_of(q.char, 4)
        for k, line in enumerate(wrap_text(app, meanings, 20, CARD.w - 80)[:2]):
            draw_text(surface, app, line, (640, y + 10 + 26 * k), 20, C.INK, bold=True)
        readings = "  ·  ".join(x for x in ("、".join(q.on), "、".join(q.kun)) if x)
        strokes = ngettext("{n} stroke", "{n} strokes", q.strokes or 0).format(n=q.strokes or 0)
        draw_text(surface, app, f"{readings}  ·  {strokes}" if readings else strokes, (640, y + 66), 16,
                  C.INK_SOFT)


__all__ = ["GRADES", "KanjiReviewScene", "menu_label"]
