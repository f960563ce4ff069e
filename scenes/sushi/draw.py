"""Pure drawing of the Sushi Draft table (issue 9 §4): :func:`draw` paints one frame from what is
shown (``sc.shown``) and the UI state (drag, hover lifts, scoring panel, sprites); it never
changes game or scene state (filling the render cache is all it may change).

This module: the entry point, the static layer, the drop-target highlights, the opponents'
panels and the info strip; the bottom half of the table is :mod:`scenes.sushi.draw_bottom`.
Positions come from :mod:`scenes.sushi.layout` (LOGICAL px, converted with ``sc.viewport``).
"""
from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from game.i18n import _, ngettext, pgettext
from game.sushi.rules import EAT, KEEP, PILES, ROUNDS, TYPES
from scenes.kit import boxes
from scenes.kit.banner import PlainLettering, Toast, draw_banner, toast_alpha
from scenes.kit.bubble import draw_bubbles
from scenes.kit.draw import (
    C,
    draw_dashed_rect,
    draw_panel,
    draw_shadow,
    draw_text,
    fit_label,
    fit_text,
    mix,
    table_layer,
    text_width,
)
from scenes.kit.flight import centered
from scenes.kit.marks import draw_hint_mark
from scenes.play.seats import SEAT_RGB
from scenes.play.voices import draw_seat_mark
from scenes.sushi.art import (
    BACK,
    CARD_SHORT,
    KEEP_SVG,
    PILE_TITLE,
    PLATE_SVG,
    TABLE_SVG,
    TYPE_RGB,
    icon_path,
)
from scenes.sushi.draw_bottom import (
    draw_dragged,
    draw_flight,
    draw_hand,
    draw_log_card,
    draw_my_chips,
    draw_my_stacks,
    draw_piles,
    draw_scoring,
    draw_table_middle,
)
from scenes.sushi.layout import (
    BANNER_RECT,
    KEEP_RECT,
    MAT_LABEL_Y,
    MY_CHIPS_RECT,
    MY_STACK_STEP,
    MY_STACKS_RECT,
    PASS_RECT,
    PHASE_RECT,
    PILES_RECT,
    PLATE_RECT,
    ROUND_RECT,
    pile_cell,
    pile_chip_rect,
)
from scenes.sushi.paint import (
    GOLD_HI,
    TableScene,
    build_glow,
    check_badge,
    chevron,
    draw_scoring_glow,
    draw_stacks,
    draw_status,
    status_word,
)
from scenes.sushi.texts import TOAST_MS


def draw(sc: TableScene, surface: pygame.Surface) -> None:
    """Paint one frame of the table onto ``surface`` (window px)."""
    key = ("static", surface.get_size(), sc.bottom, tuple(sc.top_order))
    surface.blit(sc.cached(key, lambda: build_static(sc, surface.get_size())), (0, 0))
    draw_targets(sc, surface)
    for seat in sc.top_order:
        draw_opponent(sc, surface, seat)
    draw_info(sc, surface)
    draw_my_stacks(sc, surface)
    draw_table_middle(sc, surface)
    draw_piles(sc, surface)
    draw_my_chips(sc, surface)
    if sc.scoring is not None:
        draw_scoring(sc, surface)
    else:
        draw_log_card(sc, surface)
        draw_hand(sc, surface)
    for f in sc.timeline.sprites:  # (chosen cards still flying first)
        draw_flight(sc, surface, f)
    draw_bubbles(surface, sc.app, sc.widgets)  # what seats said online: under the dragged card, buttons, log, coach
    draw_dragged(sc, surface)
    sc.widgets.draw(surface, sc.app)
    if sc.narration is not None:
        sc.narration.draw_overlay(surface, sc.app)
    drop = sc.tutorial_drop() if sc.scoring is None else None
    if drop is not None and not sc.timeline.running:
        # a stack of your sushi lies just under its panel's title: its tag goes below it
        draw_hint_mark(surface, sc.app, drop[1], sc.clock_ms, tag=sc.hinting.tag,
                       tag_below=drop[0] not in ("plate", "keep"))
    sc.coaching.draw(surface)


def build_static(sc: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """The layer that never changes during a game (window px of ``size``): table, panels, mats, slots."""
    vp = sc.viewport
    app = sc.app
    s = table_layer(app, size, TABLE_SVG)
    # opponents' panels
    for k, seat in enumerate(sc.top_order):
        area = sc.areas[seat]
        p = area.panel
        assert p is not None  # (an opponent's area has a panel)
        draw_panel(s, app, p, radius=14)
        inset = vp.to_window(area.inset())
        pygame.draw.rect(s, C.PAPER_DARK, inset, border_radius=vp.px(9))
        for t_i, t in enumerate(TYPES):
            z = area.stack_card(t_i, 0, 1)
            wz = vp.to_window(z)
            pygame.draw.rect(s, mix(C.PAPER_DARK, TYPE_RGB[t], 0.18), wz, border_radius=vp.px(4))
            pygame.draw.rect(s, mix(C.PAPER_EDGE, TYPE_RGB[t], 0.35), wz, width=max(1, vp.px(1)),
                             border_radius=vp.px(4))
            d = min(z.w, z.h) * 0.55
            s.blit(app.assets.svg(icon_path(t), d, d), vp.to_window(centered(z.center, d, d)).topleft)
        # chosen-card slot
        slot = vp.to_window(area.chosen_card(EAT))
        draw_dashed_rect(s, C.PAPER_EDGE, slot, max(1, vp.px(1.5)), vp.px(5), vp.px(4))
        # the pass direction: a chevron between neighbouring panels
        if k + 1 < len(sc.top_order):
            nxt = sc.areas[sc.top_order[k + 1]].panel
            assert nxt is not None
            cx = (p.right + nxt.x) / 2
            chevron(s, vp, (cx, p.centery), 6, C.GOLD_LIGHT)
    # info strip
    draw_panel(s, app, ROUND_RECT, radius=14, style="paper")
    draw_panel(s, app, BANNER_RECT, style="dark", radius=14, border=None)
    draw_panel(s, app, PHASE_RECT, radius=14, style="paper")
    # your sushi
    draw_panel(s, app, MY_STACKS_RECT, radius=16)
    bottom = sc.areas[sc.bottom]
    for t_i, t in enumerate(TYPES):
        z = bottom.stack_card(t_i, 0, 1)
        wz = vp.to_window(z)
        pygame.draw.rect(s, mix(C.PAPER_DARK, TYPE_RGB[t], 0.14), wz, border_radius=vp.px(7))
        draw_dashed_rect(s, mix(C.PAPER_EDGE, TYPE_RGB[t], 0.45), wz, max(1, vp.px(1.5)), vp.px(6), vp.px(4))
        d = 34
        s.blit(app.assets.svg(icon_path(t), d, d), vp.to_window(centered((z.centerx, z.centery - 10), d, d)).topleft)
        short, ssize = fit_label(app, _(CARD_SHORT[t]), 13, True, MY_STACK_STEP - 6)  # (a column's width)
        draw_text(s, app, short, (z.centerx, z.centery + 24), ssize, mix(C.INK_MUTED, TYPE_RGB[t], 0.4), bold=True)
    # plate and keep mat
    wp = vp.to_window(PLATE_RECT)
    draw_shadow(s, wp, vp.px(40), vp.px(6), alpha=80, blur=vp.px(12))
    s.blit(app.assets.svg(PLATE_SVG, PLATE_RECT.w, PLATE_RECT.h), wp.topleft)
    wk = vp.to_window(KEEP_RECT)
    draw_shadow(s, wk, vp.px(8), vp.px(5), alpha=70, blur=vp.px(10))
    s.blit(app.assets.svg(KEEP_SVG, KEEP_RECT.w, KEEP_RECT.h), wk.topleft)
    # Translators: the label under the keep mat (max ~10 characters)
    keep = pgettext("keep mat", "Keep")
    for text, x in ((_("Your plate"), PLATE_RECT.centerx), (keep, KEEP_RECT.centerx)):
        draw_text(s, app, text, (x, MAT_LABEL_Y), 15, C.PAPER_LIGHT, bold=True, shadow=(20, 12, 6, 170))
    # chip piles
    draw_panel(s, app, PILES_RECT, radius=16)
    draw_text(s, app, _("Chip piles"), (PILES_RECT.x + 18, PILES_RECT.y + 20), 16, C.INK, bold=True,
              anchor="midleft")
    draw_text(s, app, _("values hidden"), (PILES_RECT.right - 18, PILES_RECT.y + 21), 13, C.INK_MUTED,
              anchor="midright")
    for k, pile in enumerate(PILES):
        cell = pile_cell(k)
        c = vp.to_window(pile_chip_rect(k))
        pygame.draw.ellipse(s, C.PAPER_DARK, c.inflate(vp.px(6), vp.px(6)))
        draw_text(s, app, _(PILE_TITLE[pile]), (cell.centerx, cell.bottom - 14), 13, C.INK_SOFT, bold=True)
    # bottom row
    draw_panel(s, app, PASS_RECT, radius=16)
    draw_panel(s, app, MY_CHIPS_RECT, radius=16)
    return s.convert() if pygame.display.get_surface() else s


# -- highlights -------------------------------------------------------------------------------
def draw_targets(sc: TableScene, surface: pygame.Surface) -> None:
    """Glow on the legal drop targets while a card is dragged / selected; a soft hint on
    the plate / keep mat while the bottom human must choose."""
    vp = sc.viewport
    seat = sc.human_to_act()
    if seat is None:
        return
    item = sc.drag.active_item
    targets = sc.drag.targets if item is not None else []
    hot = sc.drag.hover_target
    if not targets:
        v = sc.match.view(seat)
        r = PLATE_RECT if v.phase == EAT else KEEP_RECT
        wr = vp.to_window(r.inflate(10, 10))
        pygame.draw.rect(surface, GOLD_HI, wr, width=max(1, vp.px(2)),
                         border_radius=vp.px(42 if r is PLATE_RECT else 10))
        return
    for tid, r in targets:
        is_hot = tid == hot
        rad = 42 if tid == "plate" else 10
        glow = sc.cached(("glow", r.w, r.h, is_hot, rad), partial(build_glow, sc, r, is_hot, rad))
        surface.blit(glow, glow.get_rect(center=vp.to_window(r).center))


def draw_opponent(sc: TableScene, surface: pygame.Surface, seat: int) -> None:
    """``seat``'s panel in the top row: status, name, hand backs, chosen card, stacks, chips."""
    app = sc.app
    vp = sc.viewport
    area = sc.areas[seat]
    p = area.panel
    assert p is not None  # (an opponent's area has a panel)
    ss = sc.shown.seats[seat]
    status = sc.seat_status(seat)
    if status in ("thinking", "choosing"):
        # (pulses only while an AI thinks: the loop then runs at 60 FPS)
        pulse = 0.5 + 0.5 * math.sin(sc.clock_ms / 300.0) if status == "thinking" else 1.0
        pygame.draw.rect(surface, mix(C.GOLD, GOLD_HI, pulse), vp.to_window(p).inflate(vp.px(4), vp.px(4)),
                         width=max(2, vp.px(3)), border_radius=vp.px(16))
    draw_scoring_glow(sc, surface, seat)
    # header: seat colour, name, level / "your left", status
    name = sc.names[seat]
    nx = area.name_x() + draw_seat_mark(surface, sc, seat, area.dot_pos(), SEAT_RGB[seat % len(SEAT_RGB)])
    status_w: float = 0
    if status == "chosen":
        status_w = text_width(app, status_word(status), 13, True) + 28
    elif status:
        status_w = text_width(app, status_word(status), 13, True) + 44
    room = p.w - (nx - p.x) - 12 - status_w
    shown_name = fit_text(app, name, 18, True, room)
    draw_text(surface, app, shown_name, (nx, area.header_y()), 18, C.INK, bold=True, anchor="midleft")
    nw = text_width(app, shown_name, 18, True)
    level = sc.seat_label(seat)
    tags = [] if name.startswith(level) else [level]
    if seat == (sc.bottom + 1) % len(sc.seats):
        # Translators: a tag beside the name of the seat on your left (it receives your leftovers)
        tags.append(_("your left"))
    # Translators: two tags beside a seat's name: its kind ("Hard AI") and "your left"
    tag = _("{first} · {second}").format(first=tags[0], second=tags[1]) if len(tags) == 2 else "".join(tags)
    if tag and text_width(app, tag, 13) <= room - nw - 8:
        draw_text(surface, app, tag, (nx + nw + 8, area.header_y() + 1), 13, C.INK_MUTED, anchor="midleft")
    draw_status(sc, surface, status, area.status_pos())
    # hand backs (face up in the replay viewer's "All")
    n = ss.hand_count
    face_up = ss.hand is not None and len(ss.hand) == n
    for i in range(n):
        r = area.hand_card(i, n, face_up)
        card = ss.hand[i] if face_up and ss.hand is not None else BACK
        surface.blit(sc.art.card(card, r.w, r.h), vp.to_window(r).topleft)
    if n and not face_up:
        cx, cy = area.count_pos()
        draw_text(surface, app, f"×{n}", (cx, cy), 15, C.INK_SOFT, bold=True, anchor="midleft")
    # the chosen card, face down (face up in "All")
    if ss.chosen:
        r = area.chosen_card(sc.shown.phase)
        wr = vp.to_window(r)
        card = ss.choice.partition("=")[0] if ss.choice else BACK
        surface.blit(sc.art.card(card, r.w, r.h), wr.topleft)
        check_badge(surface, vp, (r.right - 2, r.y + 2), 8)
    # eaten stacks
    draw_stacks(sc, surface, seat)
    # chips
    chips = ss.chips
    for i, pile in enumerate(chips):
        r = area.chip(i, len(chips))
        val = ss.values[i] if i < len(ss.values) else None
        surface.blit(sc.art.chip(pile, r.w, val), vp.to_window(r).topleft)


def draw_info(sc: TableScene, surface: pygame.Surface) -> None:
    """The info strip: round pill, instruction banner (a message turns it vermilion), phase pill."""
    app = sc.app
    vp = sc.viewport
    sh = sc.shown
    r = ROUND_RECT
    rnd = min(sh.round + 1, ROUNDS)
    if sc.scoring is not None:
        rnd = sc.scoring.round + 1
    round_text = _("Round {n}").format(n=rnd)
    draw_text(surface, app, round_text, (r.x + 18, r.centery), 19, C.INK, bold=True, anchor="midleft")
    # Translators: drawn after "Round {n}" (in smaller letters): the number of rounds, "Round 2 of 3"
    of_total = _("of {total}").format(total=ROUNDS)
    of_x = r.x + 18 + text_width(app, round_text, 19, True) + 6
    hand_text = ""
    if sc.scoring is None and not sh.over:
        # Translators: the number of cards each hand holds now (in a small pill, max ~14 characters)
        hand_text = ngettext("Hand of {n}", "Hand of {n}", sh.hand_size).format(n=sh.hand_size)
    room = r.right - 16 - (of_x + text_width(app, of_total, 14) + 10)
    if hand_text and text_width(app, hand_text, 15 * 0.72, True) > room:
        of_total, room = "", r.right - 16 - of_x  # the hand's size matters more than "of 3"
    draw_text(surface, app, of_total, (of_x, r.centery + 1), 14, C.INK_MUTED, anchor="midleft")
    if hand_text:
        hand_text, size = fit_label(app, hand_text, 15, True, room)
        draw_text(surface, app, hand_text, (r.right - 16, r.centery + 1), size, C.INK_SOFT, bold=True,
                  anchor="midright")
    # banner (a message turns it vermilion for a moment; the replay coach's line takes its place)
    said = sc.banner_override
    toast = Toast(sc.toast_text, C.VERMILION_DARK, toast_alpha(sc.toast_ms, TOAST_MS, sc.toast_text))
    draw_banner(surface, app, BANNER_RECT, sc.banner_text() if said is None else "", PlainLettering(app), sc.cached,
                said=said, toast=toast)
    # phase pill: EAT › KEEP
    r = PHASE_RECT
    phase = sh.phase if sc.scoring is None else "score"
    # Translators: the steps of a turn in a small pill (upper case in English, max ~7 characters each)
    segs = ((pgettext("phase", "EAT"), EAT), (pgettext("phase", "KEEP"), KEEP),
            (pgettext("phase", "SCORE"), "score"))
    size, pad, gap, inset = 14, 18.0, 14.0, 16.0

    def width(sz: float, pd: float, gp: float) -> float:
        return sum(text_width(app, lb, sz, True) + pd for lb, _ph in segs) + gp * (len(segs) - 1)

    while size > 10 and width(size, pad, gap) > r.w - 2 * inset:
        size -= 1  # a longer language: smaller letters rather than a pill cut off
    # in a small window the letters stop shrinking at the smallest readable size: then the pill
    # tightens its padding and gaps (Japanese "得点" was cut at the strip's edge; Spanish "PUNTOS"
    # in the replay viewer's smaller inset)
    while (pad > 6 or inset > 6 or gap > 10) and width(size, pad, gap) > r.w - 2 * inset:
        pad, gap, inset = max(6.0, pad - 2), max(10.0, gap - 1), max(6.0, inset - 1)  # (a chevron's room kept)
    x: float = r.x + inset
    with boxes.within(app, vp.to_window(r), "phase"):
        _phase_segments(surface, app, segs, phase, x, size, pad, gap)


def _phase_segments(surface: pygame.Surface, app: Any, segs: Any, phase: str, x: float, size: float, pad: float,
                    gap: float) -> None:
    """The phase pill's segments from logical ``x`` (the active one on vermilion), chevrons between."""
    vp = app.viewport
    r = PHASE_RECT
    for k, (label, ph) in enumerate(segs):
        active = ph == phase
        w = text_width(app, label, size, True) + pad
        seg = pygame.Rect(round(x), r.y + 10, round(w), r.h - 20)
        if active:
            pygame.draw.rect(surface, C.VERMILION, vp.to_window(seg), border_radius=vp.px(10))
        draw_text(surface, app, label, seg.center, size, C.PAPER_LIGHT if active else C.INK_MUTED, bold=True)
        x += w + gap * 4 / 14
        if k < len(segs) - 1:
            chevron(surface, vp, (x + 2, r.centery), 4, C.PAPER_EDGE)
            x += gap * 10 / 14

# -- your sushi -------------------------------------------------------------------------------


__all__ = ["build_static", "draw", "draw_info", "draw_opponent", "draw_targets"]
