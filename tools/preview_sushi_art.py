#!/usr/bin/env python3
"""Rasterise the Sushi Draft art (assets/art/sushi/*.svg) into a contact-sheet PNG.

    python tools/preview_sushi_art.py [--out /tmp/sushi_art_preview.png] [--check]

* default: check every file (see ``--check``), then write a contact sheet (PNG, about
  1900x1700 px) showing the cards at 56, 110 and 220 px wide (with the English name
  printed in the bottom strip, the way the game does it), the icons at 16/32/64 px, the
  chips (face down and face up, with a sample value) at 40/64/120 px, the plate, the keep
  mat and the logo, all on the tatami table background.
* ``--check``: only validate; exit status 1 on any problem. A file passes when it has a
  ``viewBox``, no ``<text>``/``<filter>``/``<mask>``/``<clipPath>``/``<use>``/``<image>``/
  ``<style>`` elements and no external ``href``, is smaller than 12 KB, loads with
  ``pygame.image.load_sized_svg`` at 56x78 and 300x420 (cards/icons/chips are loaded at their
  own aspect ratio), does not render empty and paints nothing outside its viewBox (checked by
  rendering on an enlarged canvas). Card files must also be transparent in the four corner
  pixels (the rounded card shape is drawn in the SVG).

Runs headless (SDL_VIDEODRIVER=dummy); the pygame rasteriser is nanosvg (via SDL_image), the
same one the game uses. Raises nothing; problems are printed to stderr.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "assets" / "art" / "sushi"
FONTS = ROOT / "assets" / "fonts"

TYPES = ("tuna", "shrimp", "salmon", "cucumber", "mackerel")
CARDS = TYPES + ("wild",)
PILES = TYPES + ("dessert",)
NAMES = {"tuna": "Tuna", "shrimp": "Shrimp", "salmon": "Salmon", "cucumber": "Cucumber",
         "mackerel": "Mackerel", "wild": "Wild"}
SAMPLE_VALUE = {"tuna": 5, "shrimp": 4, "salmon": 2, "cucumber": 3, "mackerel": 1, "dessert": 5}

#: Every file the game loads by name (the task list); a missing one is a problem.
EXPECTED = (
    [f"card_{c}.svg" for c in CARDS] + ["card_back.svg"]
    + [f"icon_{c}.svg" for c in CARDS] + ["icon_dessert.svg"]
    + [f"chip_{p}.svg" for p in PILES] + [f"chip_face_{p}.svg" for p in PILES]
    + ["plate.svg", "keep_mat.svg", "sushi_logo.svg"]
)
FORBIDDEN = re.compile(r"<\s*(text|filter|mask|clipPath|use|image|style|pattern|foreignObject)\b"
                       r"|href\s*=\s*\"(?!#)", re.I)
MAX_BYTES = 12 * 1024
INK = (31, 31, 31)
CREAM = (243, 234, 215)


def viewbox(path: Path) -> tuple[float, float] | None:
    """(width, height) of the file's viewBox, or None when it has none."""
    m = re.search(r'viewBox="\s*([-\d.]+)[ ,]+([-\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)\s*"',
                  path.read_text(encoding="utf-8"))
    return (float(m.group(3)), float(m.group(4))) if m else None


def load(path: Path, w: int, h: int | None = None) -> pygame.Surface:
    """Rasterise ``path`` to ``w`` px wide; height from the viewBox aspect unless given."""
    if h is None:
        vb = viewbox(path) or (1.0, 1.0)
        h = round(w * vb[1] / vb[0])
    return pygame.image.load_sized_svg(str(path), (w, h))


def overflow(path: Path, pad: float = 0.25, scale: int = 2) -> tuple[float, float, float, float]:
    """Painted bounds (x0, y0, x1, y1) in viewBox units, measured on a canvas enlarged by
    ``pad`` of the viewBox on every side, so shapes reaching outside the viewBox show up."""
    import io

    text = path.read_text(encoding="utf-8")
    m = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text)
    if m is None:
        raise ValueError(f"{path.name}: viewBox must start at 0 0")
    w, h = float(m.group(1)), float(m.group(2))
    big_w, big_h = w * (1 + 2 * pad), h * (1 + 2 * pad)
    text = text.replace(m.group(0), f'viewBox="{-w * pad:g} {-h * pad:g} {big_w:g} {big_h:g}"', 1)
    text = re.sub(r'width="[\d.]+" height="[\d.]+"', f'width="{big_w:g}" height="{big_h:g}"', text, count=1)
    s = pygame.image.load_sized_svg(io.BytesIO(text.encode()), (round(big_w * scale), round(big_h * scale)))
    r = s.get_bounding_rect(min_alpha=8)
    return (r.left / scale - w * pad, r.top / scale - h * pad,
            r.right / scale - w * pad, r.bottom / scale - h * pad)


def check() -> list[str]:
    """Validate every SVG under assets/art/sushi; returns a list of problem strings."""
    problems = []
    present = {p.name for p in ART.glob("*.svg")}
    for name in EXPECTED:
        if name not in present:
            problems.append(f"missing {name}")
    for p in sorted(ART.glob("*.svg")):
        text = p.read_text(encoding="utf-8")
        size = p.stat().st_size
        if size >= MAX_BYTES:
            problems.append(f"{p.name}: {size} bytes (limit {MAX_BYTES})")
        vb = viewbox(p)
        if vb is None:
            problems.append(f"{p.name}: no viewBox")
            continue
        m = FORBIDDEN.search(text)
        if m:
            problems.append(f"{p.name}: unsupported construct {m.group(0)!r}")
        try:
            x0, y0, x1, y1 = overflow(p)
            if x0 < -0.5 or y0 < -0.5 or x1 > vb[0] + 0.5 or y1 > vb[1] + 0.5:
                problems.append(f"{p.name}: paints outside the viewBox ({x0:.1f},{y0:.1f}..{x1:.1f},{y1:.1f})")
        except Exception as exc:
            problems.append(f"{p.name}: overflow check failed: {exc}")
        for w, h in ((56, 78), (300, 420)):
            if not p.name.startswith("card_"):  # other files: keep their own aspect
                h = round(w * vb[1] / vb[0])
            try:
                s = pygame.image.load_sized_svg(str(p), (w, h))
            except Exception as exc:  # pygame.error and friends
                problems.append(f"{p.name} @ {w}x{h}: {exc}")
                continue
            if s.get_bounding_rect(min_alpha=1).width == 0:
                problems.append(f"{p.name} @ {w}x{h}: renders empty")
            if p.name.startswith("card_"):
                sw, sh = s.get_size()
                for c in ((0, 0), (sw - 1, 0), (0, sh - 1), (sw - 1, sh - 1)):
                    if s.get_at(c).a > 40:
                        problems.append(f"{p.name} @ {w}x{h}: corner {c} not transparent")
                        break
    return problems


def contact_sheet(out: Path) -> None:
    """Write the contact sheet PNG to ``out``."""
    W, H = 1900, 1330
    sheet = pygame.Surface((W, H))
    table = pygame.image.load_sized_svg(str(ROOT / "assets" / "art" / "table.svg"), (W, W * 9 // 16))
    sheet.blit(pygame.transform.smoothscale(table, (W, H)), (0, 0))
    bold = {s: pygame.font.Font(str(FONTS / "NotoSans-Bold.ttf"), s) for s in (9, 12, 16, 22, 30, 40)}
    reg = pygame.font.Font(str(FONTS / "NotoSans-Regular.ttf"), 14)

    def label(pos, s):
        img = reg.render(s, True, CREAM)
        bg = pygame.Surface((img.get_width() + 8, img.get_height() + 2), pygame.SRCALPHA)
        bg.fill((0, 0, 0, 110))
        sheet.blit(bg, (pos[0] - 4, pos[1] - 1))
        sheet.blit(img, pos)

    def card(name, x, y, w):
        img = load(ART / f"card_{name}.svg", w)
        if name != "back" and w >= 56:
            # the game prints the English name in the bottom strip (y 280..340 of 350)
            f = bold[9 if w < 80 else 16 if w < 150 else 30]
            t = f.render(NAMES[name], True, INK)
            img.blit(t, t.get_rect(center=(w // 2, round(img.get_height() * 309 / 350))))
        sheet.blit(img, (x, y))
        return img.get_size()

    y = 14
    label((20, y), "Sushi Draft art — cards at 220 px (name drawn by the game in the bottom strip)")
    y += 26
    x = 20
    for name in CARDS + ("back",):
        card(name, x, y, 220)
        x += 232
    y += 308 + 14
    label((20, y), "cards at 110 px, and at 56 px (hand / opponents)")
    y += 26
    x = 20
    for name in CARDS + ("back",):
        card(name, x, y, 110)
        x += 120
    x += 10
    for name in CARDS + ("back",):
        card(name, x, y, 56)
        card(name, x, y + 90, 56)
        x += 62
    # a row of eaten cards on the plate
    px = x + 10
    plate_w = min(W - px - 20, 330)
    sheet.blit(load(ART / "plate.svg", plate_w), (px, y))
    ph = round(plate_w * 200 / 300)
    for i, name in enumerate(("tuna", "tuna", "salmon", "wild", "cucumber")):
        card(name, px + 34 + i * 52, y + ph // 2 - 39, 56)
    y += 170 + 16

    label((20, y), "icons at 64 / 32 / 16 px (on cream and on the table)")
    y += 26
    x = 20
    panel = pygame.Rect(x - 6, y - 6, 8 * 120, 112)
    pygame.draw.rect(sheet, CREAM, panel, border_radius=10)
    for name in CARDS + ("dessert",):
        p = ART / f"icon_{name}.svg"
        sheet.blit(load(p, 64), (x, y))
        sheet.blit(load(p, 32), (x + 70, y))
        sheet.blit(load(p, 16), (x + 70, y + 40))
        sheet.blit(load(p, 32), (x + 30, y + 68))
        x += 120
    x += 30
    for name in CARDS + ("dessert",):
        sheet.blit(load(ART / f"icon_{name}.svg", 32), (x, y + 20))
        sheet.blit(load(ART / f"icon_{name}.svg", 16), (x + 8, y + 64))
        x += 44
    y += 122

    label((20, y), "chips: face down / face up (value printed by the game) at 120, 64 and 40 px")
    y += 26
    x = 20
    for pile in PILES:
        down = load(ART / f"chip_{pile}.svg", 120)
        up = load(ART / f"chip_face_{pile}.svg", 120)
        t = bold[40].render(str(SAMPLE_VALUE[pile]), True, INK)
        up.blit(t, t.get_rect(center=(60, 62)))
        sheet.blit(down, (x, y))
        sheet.blit(up, (x + 126, y))
        for i, s in enumerate((64, 40)):
            d = load(ART / f"chip_{pile}.svg", s)
            u = load(ART / f"chip_face_{pile}.svg", s)
            t = bold[22 if s == 64 else 12].render(str(SAMPLE_VALUE[pile]), True, INK)
            u.blit(t, t.get_rect(center=(s // 2, s // 2 + 1)))
            sheet.blit(d, (x + i * 70, y + 128))
            sheet.blit(u, (x + 140 + i * 46, y + 128))
        x += 306
    y += 128 + 72

    label((20, y), "plate 300x200 (drop target), keep mat 200x260, logo 256 / 64 / 32 px")
    y += 26
    sheet.blit(load(ART / "plate.svg", 450), (20, y))
    sheet.blit(load(ART / "plate.svg", 180), (490, y))
    sheet.blit(load(ART / "keep_mat.svg", 230), (690, y))
    mat = load(ART / "keep_mat.svg", 160)
    sheet.blit(mat, (940, y))
    card("salmon", 940 + (160 - 110) // 2, y + (mat.get_height() - 154) // 2, 110)
    sheet.blit(load(ART / "sushi_logo.svg", 256), (1120, y))
    sheet.blit(load(ART / "sushi_logo.svg", 64), (1390, y))
    sheet.blit(load(ART / "sushi_logo.svg", 32), (1390, y + 74))
    # the logo on a cream menu card
    mx, my = 1480, y
    pygame.draw.rect(sheet, CREAM, (mx, my, 300, 220), border_radius=14)
    sheet.blit(load(ART / "sushi_logo.svg", 140), (mx + 80, my + 12))
    t = bold[22].render("Sushi Draft", True, INK)
    sheet.blit(t, t.get_rect(midtop=(mx + 150, my + 160)))
    pygame.image.save(sheet, str(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/sushi_art_preview.png")
    ap.add_argument("--check", action="store_true", help="only validate the files")
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    problems = check()
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    n = len(list(ART.glob("*.svg")))
    print(f"checked {n} SVG files: {'OK' if not problems else str(len(problems)) + ' problem(s)'}")
    if args.check:
        return 1 if problems else 0
    contact_sheet(Path(args.out))
    print(f"wrote {args.out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
