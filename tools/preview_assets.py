#!/usr/bin/env python3
"""Render every bundled SVG and font into contact-sheet PNGs for a visual check.

    python tools/preview_assets.py [--out /tmp/asset_preview.png]
                                   [--board-out /tmp/asset_board_preview.png]
                                   [--seed 7] [--check] [--write-icon]

* ``--out``: contact sheet -- all KAITO tiles and pawns at 120 px and 48 px, the
  other art (logo, icon, table, UI icons), and font samples.
* ``--board-out``: a 1280x720 mock-up of a shuffled 6x6 KAITO board with the
  pawn on one square, drawn on the table background.
* ``--write-icon``: (re)render assets/icon/tatami.png (256x256) and
  assets/icon/tatami.ico (16, 24, 32, 48, 64, 128, 256 px; BMP entries up to
  48 px, PNG entries above, as Windows expects) from assets/icon/tatami.svg
  (and the simplified tatami_small.svg for 16-32 px), plus assets/icon/tatami.icns
  (PNG entries 16..512 px) for the macOS bundle.
* ``--check``: only load every SVG with ``pygame.image.load_sized_svg`` at 64x64
  and 256x256 (and the fonts) and report failures; exit status 1 on any failure.

Runs headless (SDL_VIDEODRIVER=dummy).  Uses only the bundled assets.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"

# KAITO tile codes (RULES.md section 1): per colour 7 katana, 3 kabuto,
# Mon 3,3,2,2,1,1,1; plus two blank opening tiles.
KAITO_TILES = (
    [c + "K" for c in "RB" for _ in range(7)]
    + [c + "H" for c in "RB" for _ in range(3)]
    + [c + v for c in "RB" for v in "3322111"]
    + ["OO", "OO"]
)
TILE_ORDER = ["RK", "RH", "R3", "R2", "R1", "BK", "BH", "B3", "B2", "B1", "OO", "back"]

BG = (86, 80, 70)
PANEL = (60, 56, 50)
TEXT = (243, 234, 215)
DIM = (190, 180, 160)


def svg(path: Path, w: int, h: int | None = None) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(path), (w, h or w))


def all_svgs() -> list[Path]:
    return sorted(ASSETS.rglob("*.svg"))


class Fonts:
    def __init__(self) -> None:
        self.cache: dict[tuple, pygame.font.Font] = {}

    def get(self, size: int, kind: str = "regular") -> pygame.font.Font:
        key = (size, kind)
        if key not in self.cache:
            name = {"regular": "NotoSans-Regular.ttf", "bold": "NotoSans-Bold.ttf",
                    "jp": "NotoSansJP-Regular.otf"}[kind]
            self.cache[key] = pygame.font.Font(str(FONTS / name), size)
        return self.cache[key]

    def text(self, surf, pos, s, size=16, kind="regular", color=TEXT):
        img = self.get(size, kind).render(s, True, color)
        surf.blit(img, pos)
        return img.get_rect(topleft=pos)


# ---------------------------------------------------------------------------
def check() -> list[str]:
    problems = []
    for p in all_svgs():
        for size in (64, 256):
            try:
                s = svg(p, size)
            except Exception as exc:  # pygame.error and friends
                problems.append(f"{p.relative_to(ROOT)} @ {size}: {exc}")
                continue
            if max(s.get_size()) != size:
                problems.append(f"{p.relative_to(ROOT)} @ {size}: got {s.get_size()}")
            # must not be fully transparent
            if s.get_bounding_rect(min_alpha=1).width == 0:
                problems.append(f"{p.relative_to(ROOT)} @ {size}: renders empty")
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansJP-Regular.otf"):
        try:
            pygame.font.Font(str(FONTS / name), 24)
        except Exception as exc:
            problems.append(f"fonts/{name}: {exc}")
    for p in (ASSETS / "icon" / "tatami.png",):
        try:
            pygame.image.load(str(p))
        except Exception as exc:
            problems.append(f"{p.relative_to(ROOT)}: {exc}")
    return problems


# ---------------------------------------------------------------------------
def contact_sheet(out: Path) -> None:
    fonts = Fonts()
    W, H = 1860, 1500
    sheet = pygame.Surface((W, H))
    sheet.fill(BG)
    kaito = ASSETS / "art" / "kaito"
    y = 16
    fonts.text(sheet, (20, y), "Tatami assets — contact sheet", 26, "bold")
    y += 48

    # Tiles at 120 px on two backgrounds (dark table tone and light)
    for bg in (PANEL, (214, 204, 170)):
        pygame.draw.rect(sheet, bg, (10, y - 6, W - 20, 160))
        x = 20
        for code in TILE_ORDER:
            img = svg(kaito / f"tile_{code}.svg", 120)
            sheet.blit(img, (x, y))
            fonts.text(sheet, (x + 4, y + 124), code, 14, color=TEXT if bg == PANEL else (40, 40, 40))
            x += 130
        for c in "RB":
            img = svg(kaito / f"kaito_{c}.svg", 110)
            sheet.blit(img, (x + 5, y + 5))
            x += 120
        y += 166
    y += 10

    # Tiles at 48 px (and 32 px), pawn on tiles at both sizes
    pygame.draw.rect(sheet, PANEL, (10, y - 6, W - 20, 140))
    x = 20
    for code in TILE_ORDER:
        sheet.blit(svg(kaito / f"tile_{code}.svg", 48), (x, y))
        sheet.blit(svg(kaito / f"tile_{code}.svg", 32), (x + 8, y + 56))
        x += 58
    x += 20
    for code, c in (("R3", "B"), ("BK", "R"), ("OO", "R"), ("B2", "B"), ("RH", "R")):
        for size, yy in ((48, y), (120, None)):
            if size == 48:
                sheet.blit(svg(kaito / f"tile_{code}.svg", 48), (x, y))
                sheet.blit(svg(kaito / f"kaito_{c}.svg", 34), (x + 7, y + 5))
        x += 58
    x += 10
    for code, c in (("R3", "B"), ("BK", "R"), ("OO", "B")):
        sheet.blit(svg(kaito / f"tile_{code}.svg", 120), (x, y - 2))
        sheet.blit(svg(kaito / f"kaito_{c}.svg", 84), (x + 18, y + 16))
        x += 128
    fonts.text(sheet, (20, y + 96), "48 px / 32 px tiles; pawn on tiles at 48 px and 120 px", 14, color=DIM)
    y += 150

    # Other art: logo, icon (+png), table, UI icons
    pygame.draw.rect(sheet, PANEL, (10, y - 6, W - 20, 300))
    x = 20
    sheet.blit(svg(ASSETS / "art" / "logo.svg", 200), (x, y))
    sheet.blit(svg(ASSETS / "art" / "logo.svg", 64), (x + 210, y))
    sheet.blit(svg(ASSETS / "art" / "logo.svg", 32), (x + 210, y + 74))
    x += 290
    sheet.blit(svg(ASSETS / "icon" / "tatami.svg", 128), (x, y))
    icon_png = ASSETS / "icon" / "tatami.png"
    if icon_png.exists():
        png = pygame.image.load(str(icon_png))
        ix = x
        for s in (64, 48, 32, 16):
            sheet.blit(pygame.transform.smoothscale(png, (s, s)) if s != 256 else png, (ix, y + 140))
            ix += s + 8
    x += 230
    sheet.blit(svg(ASSETS / "art" / "table.svg", 480, 270), (x, y))
    x += 500
    icons = sorted((ASSETS / "art" / "icons").glob("*.svg"))
    ix, iy = x, y
    for i, p in enumerate(icons):
        light = pygame.Surface((84, 84))
        light.fill((243, 234, 215))
        light.blit(svg(p, 48), (18, 10))
        lbl = fonts.get(11).render(p.stem, True, (60, 60, 60))
        light.blit(lbl, lbl.get_rect(midtop=(42, 64)))
        sheet.blit(light, (ix, iy))
        # tinted (cream) on dark, as buttons would do
        img = svg(p, 32).copy()
        img.fill((243, 234, 215), special_flags=pygame.BLEND_RGB_MAX)
        sheet.blit(img, (ix + 26, iy + 92))
        ix += 94
        if ix > W - 100:
            ix, iy = x, iy + 140
    y += 310

    # Fonts
    pygame.draw.rect(sheet, (243, 234, 215), (10, y - 6, W - 20, H - y - 4))
    ink = (31, 31, 31)
    fy = y
    for size in (14, 20, 32):
        fonts.text(sheet, (20, fy), f"{size}px  The quick brown fox jumps over the lazy dog — Ää Éé Łł Œœ Šš “Quotes” … 1234567890 € × ·",
                   size, color=ink)
        fy += size + 14
    for size in (14, 20, 32):
        fonts.text(sheet, (20, fy), f"{size}px bold  KAITO — Red to move • Score 12 · Black 9 × ← → ✓ ✕ ★ ▶ ⏸ ⚙",
                   size, "bold", color=ink)
        fy += size + 14
    fonts.text(sheet, (20, fy), "Symbols: ← ↑ → ↓ ↔ ↺ ↻ ✓ ✔ ✕ ✖ ★ ☆ ▶ ◀ ▲ ▼ ⏸ ⏹ ⏭ ● ○ ◆ ◇ ■ □ ☰ ⚙ ♪", 24, color=ink)
    fy += 40
    jp_lines = [
        "畳 海斗 刀 兜 紋 寿司 漢字 鮨 遊戯 勝負 赤 黒 番 手 取 交換 怪盗",
        "カイト スシ ひらがな カタカナ「赤の番です」。、・ー！？ ＡＢＣ１２３ ｶﾀｶﾅ",
        "KAITO 怪盗 / Tatami 畳 / Sushi 寿司 — mixed Latin and Japanese",
    ]
    for size in (18, 32):
        for line in jp_lines:
            fonts.text(sheet, (20, fy), line, size, "jp", color=ink)
            fy += size + 12
    # .notdef comparison
    notdef = fonts.get(32, "jp").render("\ue000 \ue000", True, ink)
    sheet.blit(notdef, (1400, y + 4))
    fonts.text(sheet, (1400, y + 50), "(U+E000 = .notdef box)", 12, color=ink)

    pygame.image.save(sheet, str(out))


# ---------------------------------------------------------------------------
def board_preview(out: Path, seed: int) -> None:
    fonts = Fonts()
    W, H = 1280, 720
    screen = pygame.Surface((W, H))
    screen.blit(svg(ASSETS / "art" / "table.svg", W, H), (0, 0))
    kaito = ASSETS / "art" / "kaito"
    rng = random.Random(seed)
    tiles = list(KAITO_TILES)
    rng.shuffle(tiles)
    # the two blanks become empty squares; the pawn stands on one of them
    blanks = [i for i, t in enumerate(tiles) if t == "OO"]
    pawn_sq = blanks[0]
    tiles[blanks[1]] = None
    tiles[pawn_sq] = None

    tile, gap = 92, 4
    board = 6 * tile + 5 * gap
    bx, by = (W - board) // 2, (H - board) // 2 + 10
    bpath = kaito / "board.svg"
    if bpath.exists():
        pad = 22
        screen.blit(svg(bpath, board + 2 * pad), (bx - pad, by - pad))
    else:
        pygame.draw.rect(screen, (60, 40, 24), (bx - 16, by - 16, board + 32, board + 32), border_radius=10)
    for i, code in enumerate(tiles):
        rank, file = divmod(i, 6)
        x = bx + file * (tile + gap)
        y = by + (5 - rank) * (tile + gap)
        if code is not None:
            screen.blit(svg(kaito / f"tile_{code}.svg", tile), (x, y))
        elif (kaito / "square.svg").exists():
            screen.blit(svg(kaito / "square.svg", tile), (x, y))
        if i == pawn_sq:
            p = int(tile * 0.78)
            screen.blit(svg(kaito / "kaito_R.svg", p), (x + (tile - p) // 2, y + (tile - p) // 2))
    # side panels: captured tiles at 48 px
    for side, (px, who, color) in enumerate(((40, "Red", "R"), (W - 40 - 3 * 52, "Black", "B"))):
        fonts.text(screen, (px, 120), who, 28, "bold")
        held = [t for t in KAITO_TILES if t[0] != color and t != "OO"][side::3][:6]
        for j, code in enumerate(held):
            screen.blit(svg(kaito / f"tile_{code}.svg", 48), (px + (j % 3) * 52, 170 + (j // 3) * 56))
    screen.blit(svg(ASSETS / "art" / "logo.svg", 64), (20, 20))
    fonts.text(screen, (96, 26), "KAITO", 30, "bold")
    fonts.text(screen, (96, 64), "怪盗 — 赤の番", 18, "jp")
    icons = sorted((ASSETS / "art" / "icons").glob("*.svg"))
    ix = W - 20
    for name in ("settings", "rules", "pause"):
        p = ASSETS / "art" / "icons" / f"{name}.svg"
        if p in icons:
            ix -= 52
            pygame.draw.circle(screen, (243, 234, 215), (ix + 22, 42), 22)
            screen.blit(svg(p, 28), (ix + 8, 28))
    pygame.image.save(screen, str(out))


# ---------------------------------------------------------------------------
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_BMP_MAX = 48  # entries up to this size are stored as DIBs, larger ones as PNG
ICO_SMALL_MAX = 32  # entries up to this size use the simplified tatami_small.svg
# (type, pixel size): 16, 32 px; 128, 256, 512 px; and the @2x variants.
ICNS_ENTRIES = ((b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128),
                (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512))


def _png_bytes(surf: pygame.Surface) -> bytes:
    import io

    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def _dib_bytes(surf: pygame.Surface) -> bytes:
    """32-bit BGRA DIB as stored in .ico files (height doubled, bottom-up, + AND mask)."""
    import struct

    w, h = surf.get_size()
    header = struct.pack("<IiiHHIIiiII", 40, w, h * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    raw = pygame.image.tobytes(surf, "BGRA", True)  # flipped: bottom row first
    mask_row = ((w + 31) // 32) * 4
    return header + raw + bytes(mask_row * h)


def write_icon() -> None:
    import struct

    src = ASSETS / "icon" / "tatami.svg"
    small = ASSETS / "icon" / "tatami_small.svg"  # simplified drawing for tiny sizes
    images = []
    for size in ICO_SIZES:
        surf = svg(small if size <= ICO_SMALL_MAX and small.exists() else src, size)
        images.append((size, _dib_bytes(surf) if size <= ICO_BMP_MAX else _png_bytes(surf)))
    png256 = _png_bytes(svg(src, 256))
    (ASSETS / "icon" / "tatami.png").write_bytes(png256)
    out = bytearray(struct.pack("<HHH", 0, 1, len(images)))
    offset = 6 + 16 * len(images)
    for size, data in images:
        dim = 0 if size >= 256 else size
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    for _, data in images:
        out += data
    (ASSETS / "icon" / "tatami.ico").write_bytes(bytes(out))
    print(f"wrote assets/icon/tatami.png and assets/icon/tatami.ico ({len(out):,} bytes, "
          f"sizes {', '.join(map(str, ICO_SIZES))})")

    # macOS .icns (used by build.spec on macOS): PNG entries only.
    entries = b""
    for kind, size in ICNS_ENTRIES:
        data = _png_bytes(svg(small if size <= ICO_SMALL_MAX else src, size))
        entries += kind + struct.pack(">I", 8 + len(data)) + data
    icns = b"icns" + struct.pack(">I", 8 + len(entries)) + entries
    (ASSETS / "icon" / "tatami.icns").write_bytes(icns)
    print(f"wrote assets/icon/tatami.icns ({len(icns):,} bytes)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/asset_preview.png")
    ap.add_argument("--board-out", default="/tmp/asset_board_preview.png")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--check", action="store_true", help="only test that every asset loads")
    ap.add_argument("--write-icon", action="store_true",
                    help="re-render assets/icon/tatami.png and tatami.ico from tatami.svg")
    args = ap.parse_args(argv)

    pygame.display.init()
    pygame.font.init()
    if args.write_icon:
        write_icon()
    problems = check()
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    print(f"checked {len(all_svgs())} SVG files at 64 and 256 px: "
          f"{'OK' if not problems else str(len(problems)) + ' problem(s)'}")
    if args.check:
        return 1 if problems else 0
    contact_sheet(Path(args.out))
    board_preview(Path(args.board_out), args.seed)
    print(f"wrote {args.out} and {args.board_out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
