"""Pure drawing of the bottom half of the Sushi Draft table: the bottom seat's stacks, the plate
and keep mat, the chip piles, its chips, the passing card, its hand, the dragged card, the flying
sprites and the round-scoring panel (see :mod:`scenes.sushi.draw`; the same rules: read only,
LOGICAL positions from :mod:`scenes.sushi.layout`).
"""
from __future__ import annotations

import math
from functools import partial

import pygame

from game.core import is_you
from game.i18n import _, ngettext, pgettext
from game.sushi.rules import EAT, KEEP, PILES, eaten_card, eaten_type
from scenes.kit.draw import (
    C,
    draw_count_badge,
    draw_panel,
    draw_shadow,
    draw_text,
    drawn_size,
    fit_label,
    fit_text,
    mix,
    pill_surface,
    text_width,
    wrap_text,
)
from scenes.kit.flight import Flight, centered
from scenes.kit.marks import draw_hint_mark, log_title
from scenes.play.buttons import left_of_buttons
from scenes.play.seats import SEAT_RGB
from scenes.sushi.art import BACK, PILE_TITLE, TYPE_RGB, icon_path
from scenes.sushi.layout import (
    HAND_AREA,
    HAND_H,
    HAND_W,
    KEEP_RECT,
    MY_CHIPS_RECT,
    MY_STACKS_RECT,
    PANEL_TITLE_DX,
    PASS_ARROW,
    PASS_RECT,
    PASS_TEXT_DX,
    PASS_TEXT_DY,
    PLATE_RECT,
    SCORE_CHIP_W,
    SCORE_HEAD_DY,
    SCORE_PILE_W,
    SCORE_ROW_H,
    SCORE_TABLE_W,
    SCORE_X0_DX,
    SCORING_RECT,
    pile_cell,
    pile_chip_rect,
    score_col_w,
)
from scenes.sushi.paint import (
    GOLD_HI,
    TableScene,
    build_card_shadow,
    build_glow,
    check_badge,
    draw_scoring_glow,
    draw_stacks,
)


def draw_my_stacks(sc: TableScene, surface: pygame.Surface) -> None:
    """The bottom seat's eaten stacks (and the wild targets glowing on them while dragging)."""
    app = sc.app
    seat = sc.bottom
    r = MY_STACKS_RECT
    name = sc.names[seat]
    title = _("Your sushi") if is_you(name) else _("{name}'s sushi").format(name=name)
    draw_text(surface, app, title, (r.x + 16, r.y + 20), 17, C.INK, bold=True, anchor="midleft")
    ss = sc.shown.seats[seat]
    types = len({eaten_type(a) for a in ss.eaten})
    # Translators: how many sushi types a seat has eaten
    draw_text(surface, app, ngettext("{n} type", "{n} types", types).format(n=types), (r.right - 16, r.y + 21), 13,
              C.INK_MUTED, anchor="midright")
    draw_scoring_glow(sc, surface, seat)
    draw_stacks(sc, surface, seat)
    # wild targets glow on top of the stacks
    item = sc.drag.active_item
    if item is not None and sc.drag.targets:
        vp = sc.viewport
        hot = sc.drag.hover_target
        for tid, z in sc.drag.targets:
            if isinstance(tid, tuple) and tid[0] == "stack":
                glow = sc.cached(("glow", z.w, z.h, tid == hot, 8), partial(build_glow, sc, z, tid == hot, 8))
                surface.blit(glow, glow.get_rect(center=vp.to_window(z).center))


# -- plate / keep contents --------------------------------------------------------------------
def draw_table_middle(sc: TableScene, surface: pygame.Surface) -> None:
    """The bottom seat's chosen card on the plate / keep mat, or a hint to drop one there."""
    app = sc.app
    vp = sc.viewport
    sh = sc.shown
    ss = sh.seats[sc.bottom]
    area = sc.areas[sc.bottom]
    if ss.chosen:
        r = area.chosen_card(sh.phase)
        wr = vp.to_window(r)
        draw_shadow(surface, wr, vp.px(6), vp.px(4), alpha=70, blur=vp.px(6))
        face = ss.choice if (sh.phase == KEEP and ss.choice) else BACK
        surface.blit(sc.art.card(eaten_card(face) if face != BACK else BACK, r.w, r.h), wr.topleft)
        check_badge(surface, vp, (r.right - 4, r.y + 4), 11)
    elif sc.human_to_act() is not None and sc.drag.active_item is None:
        r = PLATE_RECT if sh.phase == EAT else KEEP_RECT
        # Translators: a hint on the plate / the keep mat (max ~18 characters)
        text = _("Drop a card here") if sh.phase == EAT else _("Keep one")
        w = text_width(app, text, 14, True) + 24
        pill = centered(r.center, w, 28)
        s = sc.cached(("hintpill", pill.w), lambda: pill_surface(vp.px(pill.w), vp.px(pill.h), vp.px(14)))
        s.set_alpha(190)
        surface.blit(s, vp.to_window(pill).topleft)
        draw_text(surface, app, text, r.center, 14, C.PAPER_LIGHT, bold=True)


# -- chip piles -------------------------------------------------------------------------------
def draw_piles(sc: TableScene, surface: pygame.Surface) -> None:
    """The chip piles (face down, with counts; the pile being scored highlighted)."""
    app = sc.app
    vp = sc.viewport
    sh = sc.shown
    panel = sc.scoring
    current = None
    if panel is not None and 0 <= panel.index < len(panel.awards):
        current = panel.awards[panel.index].pile
    for k, pile in enumerate(PILES):
        left = sh.piles_left[k]
        cell = pile_cell(k)
        if pile == current:
            pygame.draw.rect(surface, mix(C.PAPER, GOLD_HI, 0.55), vp.to_window(cell), border_radius=vp.px(10))
            pygame.draw.rect(surface, C.GOLD, vp.to_window(cell), width=max(2, vp.px(2)), border_radius=vp.px(10))
        if not left:
            c = pile_chip_rect(k)
            pygame.draw.ellipse(surface, C.PAPER_EDGE, vp.to_window(c), width=max(1, vp.px(1.5)))
            # Translators: in place of an empty chip pile (max ~8 characters)
            draw_text(surface, app, pgettext("pile", "empty"), c.center, 13, C.INK_MUTED)
        for layer in range(min(left, 3)):
            r = pile_chip_rect(k, layer)
            wr = vp.to_window(r)
            if layer == 0:
                draw_shadow(surface, wr, wr.w // 2, vp.px(2), alpha=60, blur=vp.px(4))
            surface.blit(sc.art.chip(pile, r.w), wr.topleft)
        if left:
            top = pile_chip_rect(k, min(left, 3) - 1)
            draw_count_badge(surface, app, (top.right - 2, top.y + 6), left, TYPE_RGB[pile], 12)


# -- your chips / passing ---------------------------------------------------------------------
def draw_my_chips(sc: TableScene, surface: pygame.Surface) -> None:
    """The bottom seat's won chips (values only where known) and their total."""
    app = sc.app
    vp = sc.viewport
    r = MY_CHIPS_RECT
    seat = sc.bottom
    ss = sc.shown.seats[seat]
    name = sc.names[seat]
    title = _("Your chips") if is_you(name) else _("{name}'s chips").format(name=name)
    known = [v for v in ss.values if v is not None]
    right = 0.0  # the logical px the total (or "hidden") takes at the title's right
    if ss.chips and len(known) == len(ss.chips):
        total = sum(known)
        total_text = ngettext("{n} pt", "{n} pts", total).format(n=total)
        right = text_width(app, total_text, 20, True) + 12
        draw_text(surface, app, total_text, (r.right - 18, r.y + 24), 20, C.VERMILION, bold=True, anchor="midright")
    elif ss.chips:
        # Translators: in place of the total of chips whose values are not known yet
        hidden = pgettext("chip values", "hidden")
        right = text_width(app, hidden, 13) + 12
        draw_text(surface, app, hidden, (r.right - 18, r.y + 25), 13, C.INK_MUTED, anchor="midright")
    room = r.w - 36 - right
    if text_width(app, title, 17 * 0.72, True) > room:  # a long name beside the total: the panel is theirs
        # Translators: the title of the bottom seat's won chips when "{name}'s chips" does not fit
        title = pgettext("panel title", "Chips")
    title, title_size = fit_label(app, title, 17, True, room)
    draw_text(surface, app, title, (r.x + 18, r.y + 24), title_size, C.INK, bold=True, anchor="midleft")
    if not ss.chips:
        # stacked by the sizes really drawn (in a small window the smallest readable size is larger
        # than the layout's small print: the two hint lines were drawn on each other)
        head, hint = _("No chips yet"), _("Eat the most of a type to win one")
        s_head, s_hint = drawn_size(app, 14, head), drawn_size(app, 13, hint)
        lines = wrap_text(app, hint, 13, r.w - 24)[:2]
        y = r.y + 96 - max(0.0, (s_head - 14) + (len(lines) * (s_hint - 13)))
        draw_text(surface, app, head, (r.centerx, y), 14, C.INK_MUTED)
        y += s_head * 0.95 + s_hint * 0.95
        for line in lines:  # a line box is about 1.45 x the size (the Japanese font's the tallest)
            draw_text(surface, app, fit_text(app, line, 13, False, r.w - 24), (r.centerx, y), 13, C.INK_MUTED)
            y += s_hint * 1.5
    for i, pile in enumerate(ss.chips):
        cr = sc.areas[seat].chip(i, len(ss.chips))
        val = ss.values[i] if i < len(ss.values) else None
        wr = vp.to_window(cr)
        draw_shadow(surface, wr, wr.w // 2, vp.px(2), alpha=50, blur=vp.px(4))
        surface.blit(sc.art.chip(pile, cr.w, val), wr.topleft)
    if sc.scoring is None:
        note, size = fit_label(app, _("Values: only you can see them"), 13, False, r.w - 24)
        draw_text(surface, app, note, (r.centerx, r.bottom - 20), size, C.INK_MUTED)


def draw_log_card(sc: TableScene, surface: pygame.Surface) -> None:
    """The bottom-left card: the game log (every event in words), or the passing card before the
    first event is told."""
    log_panel = sc.narration
    if log_panel is None or not len(log_panel):
        draw_pass_card(sc, surface)
        return
    r = PASS_RECT
    room = left_of_buttons(sc, r.right - 12) - 8 - (r.x + PANEL_TITLE_DX)
    title, size = log_title(sc.app, 17, room)
    draw_text(surface, sc.app, title, (r.x + PANEL_TITLE_DX, r.y + 22), size, C.INK, bold=True, anchor="midleft")
    log_panel.draw_base(surface, sc.app)


def draw_pass_card(sc: TableScene, surface: pygame.Surface) -> None:
    """The passing card: who gets the leftovers, who passes to you, the next hand size."""
    app = sc.app
    vp = sc.viewport
    r = PASS_RECT
    n = len(sc.seats)
    left = sc.names[(sc.bottom + 1) % n]
    right = sc.names[(sc.bottom - 1) % n]
    # Translators: the title of the card telling where hands are passed, followed by "to the left"
    draw_text(surface, app, _("Passing"), (r.x + PANEL_TITLE_DX, r.y + 24), 17, C.INK, bold=True, anchor="midleft")
    # under the title, not beside it: the card's top right holds Hint and Undo (a longer language's
    # "a la izquierda" was cut there by "Deshacer")
    draw_text(surface, app, fit_text(app, _("to the left"), 13, False, r.w - 2 * PANEL_TITLE_DX),
              (r.x + PANEL_TITLE_DX, r.y + 46), 13, C.INK_MUTED, anchor="midleft")
    # an arrow from the hand (right) curving up towards the left neighbour's panel (top left)
    dx, dy, rad = PASS_ARROW
    cx, cy = r.x + dx, r.y + dy
    pts = []
    for k in range(11):
        a = math.pi * 0.5 + k / 10 * math.pi * 0.5  # bottom -> left
        pts.append(vp.to_window((cx + rad * math.cos(a), cy + rad * math.sin(a))))
    pts.append(vp.to_window((cx - rad, cy - 34)))
    pts.insert(0, vp.to_window((cx + 18, cy + rad)))
    pygame.draw.lines(surface, C.VERMILION, False, pts, max(2, vp.px(4)))
    tip = vp.to_window((cx - rad, cy - 46))
    d = vp.px(10)
    pygame.draw.polygon(surface, C.VERMILION, [(tip[0] - d, tip[1] + d + d // 2), (tip[0] + d, tip[1] + d + d // 2),
                                               tip])
    tx = r.x + PASS_TEXT_DX
    y_to, y_left, y_from, y_right = (r.y + d for d in PASS_TEXT_DY)
    # Translators: followed, on the next line, by the name of the seat receiving your leftovers
    draw_text(surface, app, fit_text(app, _("Your leftovers go to"), 13, False, r.right - tx - 12), (tx, y_to), 13,
              C.INK_MUTED, anchor="midleft")
    draw_text(surface, app, fit_text(app, left, 17, True, r.right - tx - 12), (tx, y_left), 17, C.INK, bold=True,
              anchor="midleft")
    # Translators: followed, on the next line, by the name of the seat passing its leftovers to you
    draw_text(surface, app, fit_text(app, _("You receive from"), 13, False, r.right - tx - 12), (tx, y_from), 13,
              C.INK_MUTED, anchor="midleft")
    draw_text(surface, app, fit_text(app, right, 17, True, r.right - tx - 12), (tx, y_right), 17, C.INK,
              bold=True, anchor="midleft")
    v = sc.shown
    if v.phase in (EAT, KEEP):
        after = max(0, v.hand_size - 2)
        nxt = after + 1
        note = (_("Last card is discarded") if v.hand_size <= 2
                else ngettext("Next hand: {n} card", "Next hand: {n} cards", nxt).format(n=nxt))
        draw_text(surface, app, note, (r.centerx, r.bottom - 22), 14, C.INK_MUTED)


def draw_hand(sc: TableScene, surface: pygame.Surface) -> None:
    """The bottom seat's hand, fanned, hover-lifted (backs with a count while hidden)."""
    vp = sc.viewport
    ss = sc.shown.seats[sc.bottom]
    area = sc.areas[sc.bottom]
    n = ss.hand_count
    if n <= 0:
        return
    private = ss.hand is not None and sc.viewer is not None
    selected = sc.drag.selected
    hinted = sc.hint_card() if private else None
    for i in range(n):
        item = ("hand", i)
        if private and sc.drag.is_moving(item):
            continue
        r, angle, lift = sc.hand.pose(i, n)  # upright as it lifts
        key = ss.hand[i] if private and i < len(ss.hand) else BACK
        cx, cy = r.centerx, r.centery - lift
        img = sc.art.rotated(key, r.w, r.h, angle)
        dest = img.get_rect(center=vp.to_window((cx, cy)))
        if lift > 1:
            sh = sc.cached(("cardshadow", r.w, r.h), lambda: build_card_shadow(sc, HAND_W, HAND_H))
            surface.blit(sh, sh.get_rect(center=(dest.centerx + vp.px(3), dest.centery + vp.px(6 + lift * 0.2))))
        surface.blit(img, dest)
        sc.art.note_title(key, (vp.px(r.w), vp.px(r.h)), dest.center, angle)  # (its name, for the layout check)
        if private and item == selected:
            pygame.draw.rect(surface, GOLD_HI, vp.rect(r.x - 3, r.y - lift - 3, r.w + 6, r.h + 6),
                             width=max(2, vp.px(3)), border_radius=vp.px(10))
        elif i == hinted:  # the hard AI's suggestion
            draw_hint_mark(surface, sc.app, pygame.Rect(r.x, round(r.y - lift), r.w, r.h), sc.clock_ms, tag=sc.hinting.tag)
    if not private and n:
        last = area.hand_card(n - 1, n)
        label = ngettext("{n} card", "{n} cards", n).format(n=n)
        draw_text(surface, sc.app, label, (HAND_AREA.centerx, last.y - 14), 14, C.PAPER_LIGHT,
                  bold=True, shadow=(20, 12, 6, 170))


def draw_dragged(sc: TableScene, surface: pygame.Surface) -> None:
    """The card being dragged (or snapping back), above everything else."""
    ss = sc.shown.seats[sc.bottom]
    if ss.hand is None:
        return
    vp = sc.viewport
    for i, card in enumerate(ss.hand):
        rect = sc.drag.display_rect(("hand", i))
        if rect is None:
            continue
        grow = 1.05 if sc.drag.dragging else 1.0
        w, h = rect.w * grow, rect.h * grow
        c = rect.center
        wr = vp.to_window(centered(c, w, h))
        sh = sc.cached(("cardshadow", rect.w, rect.h), lambda: build_card_shadow(sc, HAND_W, HAND_H))
        surface.blit(sh, sh.get_rect(center=(wr.centerx + vp.px(8), wr.centery + vp.px(14))))
        surface.blit(sc.art.card_scaled(card, wr.w, wr.h), wr.topleft)


# -- flights ----------------------------------------------------------------------------------
def draw_flight(sc: TableScene, surface: pygame.Surface, f: Flight) -> None:
    """One flying card or chip (:class:`scenes.kit.flight.Flight`): turn-over squeeze, angle, fade, lift."""
    vp = sc.viewport
    x, y, w, h = f.rect()
    wr = vp.rect(x, y, w, h)
    if wr.w <= 1 or wr.h <= 1:
        return
    side, sx = f.side()
    if f.kind == "chip":
        if side[0] == "face":
            img = sc.art.chip_px(side[1], wr.w, side[2])
        else:
            img = sc.art.chip_px(side[1], wr.w)
    else:
        img = sc.art.card_scaled(side, wr.w, wr.h)
    if sx < 0.999:
        img = sc.art.scaled(img, (max(1, int(img.get_width() * sx)), img.get_height()))
    angle = f.angle()
    if abs(angle) >= 0.5:
        img = pygame.transform.rotate(img, angle)
    lift = f.lift * f.height()
    a = f.alpha()
    if a < 255:
        img = img.copy() if img.get_flags() & pygame.SRCALPHA else img
        img.set_alpha(a)
    if lift > 0.5 and f.kind == "card" and w >= 60:
        shadow = sc.cached(("cardshadow", HAND_W, HAND_H), lambda: build_card_shadow(sc, HAND_W, HAND_H))
        sw, shh = max(1, int(wr.w * 1.1)), max(1, int(wr.h * 1.06))
        sh_img = pygame.transform.scale(shadow, (sw, shh))
        if a < 255:
            sh_img.set_alpha(a)
        surface.blit(sh_img, sh_img.get_rect(center=(wr.centerx + vp.px(lift * 0.3), wr.centery + vp.px(lift))))
    dest = img.get_rect(center=(wr.centerx, wr.centery - vp.px(lift * 0.4)))
    surface.blit(img, dest)


# -- scoring panel ----------------------------------------------------------------------------
def draw_scoring(sc: TableScene, surface: pygame.Surface) -> None:
    """The round-scoring panel: counts per seat and pile, the winner, the current pile's reasoning."""
    panel = sc.scoring
    if panel is None:
        return
    app = sc.app
    vp = sc.viewport
    r = SCORING_RECT
    draw_panel(surface, app, r, radius=16, border=C.GOLD)
    title = _("Final round scoring") if panel.final else _("Round {n} scoring").format(n=panel.round + 1)
    draw_text(surface, app, title, (r.x + 18, r.y + 22), 18, C.INK, bold=True, anchor="midleft")
    rule_x = r.x + 18 + text_width(app, title, 18, True) + 12
    # Translators: the rule shown beside the round-scoring title (one line)
    rule = _("the first count held by exactly one player wins the top chip")
    draw_text(surface, app, fit_text(app, rule, 13, False, r.right - 18 - rule_x), (rule_x, r.y + 23), 13,
              C.INK_MUTED, anchor="midleft")
    n = len(sc.seats)
    x0 = r.x + SCORE_X0_DX
    pile_w = SCORE_PILE_W
    chip_w = SCORE_CHIP_W
    table_w = SCORE_TABLE_W
    col_w = score_col_w(n)
    y0 = r.y + SCORE_HEAD_DY
    row_h = SCORE_ROW_H
    # header
    for s in range(n):
        cx = x0 + pile_w + col_w * (s + 0.5)
        col = C.VERMILION if s == sc.bottom else C.INK_SOFT
        name, size = fit_label(app, sc.names[s], 13, True, col_w - 1)  # (a little smaller rather than cut)
        draw_text(surface, app, name, (cx, y0 - 2), size, col, bold=True)
        bar = vp.rect(cx - col_w / 2 + 8, y0 + 7, col_w - 16, 3)
        pygame.draw.rect(surface, SEAT_RGB[s % len(SEAT_RGB)], bar, border_radius=max(1, vp.px(1.5)))
    # Translators: a column heading of the round-scoring table (max ~10 characters): who gets the chip
    draw_text(surface, app, _("Chip to"), (x0 + pile_w + col_w * n + 10, y0 - 2), 13, C.INK_SOFT, bold=True,
              anchor="midleft")
    for k, award in enumerate(panel.awards):
        y = y0 + 22 + k * row_h
        row = pygame.Rect(x0 - 6, y - row_h // 2, pile_w + col_w * n + chip_w + 12, row_h - 2)
        shown = k <= panel.index
        if k == panel.index:
            pygame.draw.rect(surface, mix(C.PAPER, GOLD_HI, 0.5), vp.to_window(row), border_radius=vp.px(6))
        elif k % 2 == 0:
            pygame.draw.rect(surface, mix(C.PAPER_LIGHT, C.PAPER_DARK, 0.45), vp.to_window(row),
                             border_radius=vp.px(6))
        d = 18
        surface.blit(app.assets.svg(icon_path(award.pile), d, d), vp.to_window((x0, y - d / 2)))
        draw_text(surface, app, _(PILE_TITLE[award.pile]), (x0 + d + 6, y), 14,
                  C.INK if shown else C.INK_MUTED, bold=True, anchor="midleft")
        skipped = {s for _, seats in award.skipped for s in seats}
        for s in range(n):
            cx = x0 + pile_w + col_w * (s + 0.5)
            cnt = award.counts[s]
            if shown and award.seat == s:
                pill = centered((cx, y), 30, 20)
                pygame.draw.rect(surface, C.GOLD, vp.to_window(pill), border_radius=vp.px(10))
                draw_text(surface, app, str(cnt), (cx, y), 14, C.PAPER_LIGHT, bold=True)
            elif cnt == 0:
                draw_text(surface, app, "·", (cx, y), 14, C.INK_MUTED)
            else:
                col = C.INK if shown else C.INK_MUTED
                if shown and s in skipped:
                    col = C.VERMILION
                tr = draw_text(surface, app, str(cnt), (cx, y), 14, col, bold=shown)
                if shown and s in skipped:
                    pygame.draw.line(surface, C.VERMILION, (tr.x - vp.px(3), tr.centery),
                                     (tr.right + vp.px(3), tr.centery), max(1, vp.px(1.5)))
        if shown and (k < panel.index or panel.done or k == panel.index):
            if award.seat is not None:
                room = max(chip_w - 6, table_w - pile_w - col_w * n - 16)  # (fewer seats: the table's rest)
                who, size = fit_label(app, sc.names[award.seat], 13, True, room)
                draw_text(surface, app, who, (x0 + pile_w + col_w * n + 10, y), size, C.INK, bold=True,
                          anchor="midleft")
            else:
                # Translators: in the round-scoring table (max ~10 characters): nobody wins the chip
                draw_text(surface, app, _("stays"), (x0 + pile_w + col_w * n + 10, y), 13, C.INK_MUTED,
                          anchor="midleft")
    # the explanation of the current pile
    tx = x0 + table_w + 24
    tw = r.right - 18 - tx
    pygame.draw.line(surface, C.PAPER_EDGE, vp.to_window((tx - 14, r.y + 44)), vp.to_window((tx - 14, r.bottom - 16)),
                     max(1, vp.px(1)))
    if 0 <= panel.index < len(panel.texts):
        award = panel.awards[panel.index]
        draw_text(surface, app, _(PILE_TITLE[award.pile]), (tx, r.y + 58), 20, TYPE_RGB[award.pile], bold=True,
                  anchor="midleft")
        text = panel.texts[panel.index]
        body = text.split(": ", 1)[1] if ": " in text else text
        step = max(21.0, 1.35 * drawn_size(app, 15, body))  # by the size drawn (a small window, the inset)
        for i, line in enumerate(wrap_text(app, body, 15, tw)[:5]):
            draw_text(surface, app, line, (tx, r.y + 88 + i * step), 15, C.INK, anchor="midleft")
    elif panel.done:
        out = sc.state.outcome() if panel.final else None
        if out is not None:
            # Translators: a seat's name and its chip total at the end of the game
            lines = [ngettext("{name}: {n} pt", "{name}: {n} pts", out.scores[s]).format(name=sc.names[s],
                                                                                         n=out.scores[s])
                     for s in sorted(range(n), key=lambda s: -out.scores[s])]
            draw_text(surface, app, _("Chips revealed"), (tx, r.y + 58), 18, C.INK, bold=True, anchor="midleft")
            step = max(19.0, 1.3 * drawn_size(app, 14, "".join(lines)))  # by the size drawn
            for i, line in enumerate(lines[:5]):
                draw_text(surface, app, line, (tx, r.y + 84 + i * step), 14, C.INK_SOFT, anchor="midleft")
        else:
            won = sum(1 for a in panel.awards if a.seat is not None)
            won_text = ngettext("{n} chip won this round", "{n} chips won this round", won).format(n=won)
            heads = wrap_text(app, won_text, 18, tw, bold=True)[:2]  # two lines where one does not fit
            head_step = 1.25 * drawn_size(app, 18, won_text)
            for i, line in enumerate(heads):
                draw_text(surface, app, line, (tx, r.y + 58 + i * head_step), 18, C.INK, bold=True, anchor="midleft")
            msg = _("Next round starts by itself…") if not sc.humans else _("Press Enter or click Next round.")
            msg_y = r.y + 86 + (len(heads) - 1) * head_step
            for i, line in enumerate(wrap_text(app, msg, 14, tw)[:3]):
                draw_text(surface, app, line, (tx, msg_y + i * max(19.0, 1.3 * drawn_size(app, 14, msg))), 14,
                          C.INK_SOFT, anchor="midleft")
    else:
        draw_text(surface, app, _("Counting the plates…"), (tx, r.y + 58), 16, C.INK_SOFT, anchor="midleft")


__all__ = ["draw_dragged", "draw_flight", "draw_hand", "draw_my_chips", "draw_my_stacks", "draw_pass_card",
           "draw_piles", "draw_scoring", "draw_table_middle"]
