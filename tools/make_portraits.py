#!/usr/bin/env python3
"""Generate the AI characters' portraits (Tatami project, original) into assets/art/characters/.

    python tools/make_portraits.py [out_dir]      # default: assets/art/characters of this checkout

One square portrait per character, ``<key>.svg`` (viewBox 0 0 256 256): a friendly cartoon
animal, head and shoulders, in a round badge of the character's colour. The nine share one
layout (head centred at 128,124, about 124 units wide, eyes at 104/152 on y 124, shoulders
meeting the badge edge) so they look like a set at 48 px and at 160 px.

Every shape is written here by hand (no imported or traced art). The output is plain SVG
that pygame-ce's nanosvg renders: paths, circles, ellipses, rects, linear/radial gradients,
opacity and strokes only (no text, filters, masks, clip paths, <use> or CSS). Nothing may
stick out of the badge (there is no clip path), so the shoulders end on the badge's own arc
and the ring is drawn last, over the seam.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

OUT = (Path(sys.argv[1]) if len(sys.argv) > 1
       else Path(__file__).resolve().parents[1] / "assets" / "art" / "characters")

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">\n'
        '<title>{title}</title>\n'
        '<!-- Tatami project, original artwork. Licence: see assets/ATTRIBUTIONS.md -->\n')

INK = "#2a2320"
SW = 3.6                      # outline width
WHITE = "#fffdf8"
CHEEK = "#ff8a96"
CX, CY, R = 128, 128, 124     # the badge
HX, HY = 128, 124             # head centre
EX, EY = 24, 124              # eyes at HX +- EX, EY

#: key: (title, badge light, badge base, ring)
BADGE = {
    "hana":  ("Hana, the white rabbit", "#fdecf0", "#f4bccb", "#c9798f"),
    "taro":  ("Taro, the tanuki", "#f8dc98", "#dfa447", "#9a6a22"),
    "yuki":  ("Yuki, the cat", "#eef6fc", "#b5d5ee", "#6f98bb"),
    "ken":   ("Ken, the shiba dog", "#eaf6dc", "#b6dc98", "#6c9c4c"),
    "kaede": ("Kaede, the fox", "#f6a177", "#dc5a34", "#8e3217"),
    "jun":   ("Jun, the turtle", "#86d6cb", "#339b90", "#1d6961"),
    "sora":  ("Sora, the owl", "#6475c2", "#2f3f8c", "#18225a"),
    "tora":  ("Tora, the tiger", "#cf5a50", "#9c2a2a", "#5c1414"),
    "tsuru": ("Tsuru, the crane", "#fcf5dc", "#efdca6", "#bf9f52"),
}


def f(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def svg(title, body):
    return HEAD.format(w=256, h=256, title=title) + body + "</svg>\n"


def grad_stops(stops):
    return "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in stops)


def lin(id_, stops, x1="0%", y1="0%", x2="0%", y2="100%"):
    return f'<linearGradient id="{id_}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">{grad_stops(stops)}</linearGradient>\n'


def rad(id_, stops, cx="50%", cy="50%", r="50%"):
    return f'<radialGradient id="{id_}" cx="{cx}" cy="{cy}" r="{r}">{grad_stops(stops)}</radialGradient>\n'


def fur(id_, light, base):
    """Soft top-left lit fill for a head or body."""
    return rad(id_, [("0%", light), ("100%", base)], "38%", "30%", "75%")


# ---------------------------------------------------------------------------- primitives

def P(d, fill, sw=SW, stroke=INK, extra=""):
    st = f' stroke="{stroke}" stroke-width="{f(sw)}" stroke-linejoin="round"' if sw else ""
    return f'<path d="{d}" fill="{fill}"{st}{extra}/>\n'


def line(d, color=INK, sw=SW, extra=""):
    return (f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{f(sw)}" '
            f'stroke-linecap="round" stroke-linejoin="round"{extra}/>\n')


def C(cx, cy, r, fill, sw=SW, stroke=INK, extra=""):
    st = f' stroke="{stroke}" stroke-width="{f(sw)}"' if sw else ""
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}"{st}{extra}/>\n'


def E(cx, cy, rx, ry, fill, sw=SW, stroke=INK, rot=0.0, extra=""):
    st = f' stroke="{stroke}" stroke-width="{f(sw)}"' if sw else ""
    tr = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
    return f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{fill}"{st}{tr}{extra}/>\n'


def poly(pts):
    return "M" + " L".join(f"{f(x)},{f(y)}" for x, y in pts) + " Z"


def edge_x(y):
    """x of the badge circle's left side at height y."""
    return CX - math.sqrt(R * R - (y - CY) ** 2)


def shoulders_d(top=184, y=222, half=30):
    """Shoulders/torso: rising from the badge edge at height y to a neckline at `top`
    (half-width `half` at the neck), closed along the badge's bottom arc."""
    xl = edge_x(y)
    xr = 2 * CX - xl
    return (f"M{f(xl)},{y} C{f(xl + 6)},{f(top + 10)} {f(CX - half - 30)},{top} {f(CX - half)},{top} "
            f"L{f(CX + half)},{top} C{f(CX + half + 30)},{top} {f(xr - 6)},{f(top + 10)} {f(xr)},{y} "
            f"A{R},{R} 0 0 1 {f(xl)},{y} Z")


def arc_y(x):
    """y of the badge circle's lower half at x."""
    return CY + math.sqrt(R * R - (x - CX) ** 2)


def chest_d(top, half, w_top=None):
    """A chest/belly patch of half-width `half` at the badge's lower edge, rising to a
    rounded top at height `top`, closed along the badge arc."""
    w_top = half if w_top is None else w_top
    xl, xr = CX - half, CX + half
    return (f"M{f(xl)},{f(arc_y(xl))} C{f(xl - 4)},{f(top + 20)} {f(CX - w_top * 0.6)},{top} {CX},{top} "
            f"C{f(CX + w_top * 0.6)},{top} {f(xr + 4)},{f(top + 20)} {f(xr)},{f(arc_y(xr))} "
            f"A{R},{R} 0 0 1 {f(xl)},{f(arc_y(xl))} Z")


def badge_defs(key):
    _, light, base, _ = BADGE[key]
    return rad("bg", [("0%", light), ("100%", base)], "40%", "34%", "70%")


def badge():
    return C(CX, CY, R, "url(#bg)", 0)


def ring(key):
    ring_c = BADGE[key][3]
    return (C(CX, CY, R - 1.5, "none", 4, ring_c)
            + line(f"M{f(CX - 117 * math.cos(0.35))},{f(CY - 117 * math.sin(0.35))} "
                   f"A117,117 0 0 1 {f(CX - 117 * math.sin(0.35))},{f(CY - 117 * math.cos(0.35))}",
                   "#ffffff", 3, ' stroke-opacity="0.35"'))


def eyes(y=EY, dx=EX, rx=6.6, ry=8.6):
    o = ""
    for s in (-1, 1):
        x = HX + s * dx
        o += E(x, y, rx, ry, INK, 0)
        o += C(x - 2, y - 3.4, 2.5, "#ffffff", 0)
    return o


def happy_eyes(y=EY, dx=EX, w=9.5):
    return "".join(line(f"M{f(HX + s * dx - w)},{f(y + 3)} Q{f(HX + s * dx)},{f(y - 8)} "
                        f"{f(HX + s * dx + w)},{f(y + 3)}", INK, 4.2) for s in (-1, 1))


def cheeks(y=146, dx=42, rx=11, ry=6.5, op=0.55):
    return "".join(E(HX + s * dx, y, rx, ry, CHEEK, 0, extra=f' fill-opacity="{op}"') for s in (-1, 1))


def mouth_w(y=151, w=7.5):
    """Small cat/dog mouth: a short line from the nose and a soft 'w'."""
    return line(f"M{HX},{y - 6} V{y} M{f(HX - 2 * w)},{f(y - 2)} Q{f(HX - w)},{f(y + 7)} {HX},{y} "
                f"Q{f(HX + w)},{f(y + 7)} {f(HX + 2 * w)},{f(y - 2)}", INK, 3)


def smile(y=150, w=11, depth=7, sw=3.2):
    return line(f"M{f(HX - w)},{y} Q{HX},{y + depth} {f(HX + w)},{y}", INK, sw)


def kimono(fill, collar, neck_fill, under=None, top=184):
    """Kimono shoulders with a left-over-right crossed collar: the wearer's right panel
    (viewer's left) goes under, so its collar stops where the other one crosses it."""
    o = P(shoulders_d(top), fill)
    o += P(f"M{CX - 30},{top} L{CX + 30},{top} L{CX - 3},{top + 34} Z", neck_fill, 0)
    o += P(f"M{CX - 31},{top - 2} L{CX - 17},{top - 2} L{CX + 10},{top + 34} L{CX - 2},{top + 42} Z",
           under or collar, 3)
    o += P(f"M{CX + 31},{top - 2} L{CX + 17},{top - 2} L{CX - 28},{top + 60} L{CX - 40},{top + 52} Z",
           collar, 3)
    return o


def flower(cx, cy, r, petal, center):
    o = ""
    for i in range(5):
        a = math.radians(-90 + i * 72)
        o += C(cx + r * 0.95 * math.cos(a), cy + r * 0.95 * math.sin(a), r * 0.72, petal, 2.6)
    o += C(cx, cy, r * 0.55, center, 2.4)
    return o


def maple_d(cx, cy, s, rot=0.0):
    """Five-lobed maple leaf, `s` = lobe length, pointing up then turned by rot degrees."""
    half = [(0, 1.0), (10, 0.66), (17, 0.74), (30, 0.42), (50, 0.98), (64, 0.66), (72, 0.74),
            (90, 0.40), (112, 0.76), (135, 0.50), (150, 0.30), (172, 0.16)]
    pts = half + [(360 - a, r) for a, r in reversed(half[1:])]
    out = []
    for a, r in pts:
        t = math.radians(a + rot)
        out.append((cx + s * r * math.sin(t), cy - s * r * math.cos(t)))
    return poly(out)


def leaf(cx, cy, ln, w, rot, fill, rib):
    """A pointed leaf of length ln and width w centred at cx,cy, turned rot degrees, with
    its midrib and a short stalk."""
    t = math.radians(rot)
    c, s = math.cos(t), math.sin(t)

    def p(x, y):
        return f"{f(cx + x * c - y * s)},{f(cy + x * s + y * c)}"
    h = ln / 2
    d = (f"M{p(0, -h)} C{p(w * 0.9, -h * 0.45)} {p(w * 0.8, h * 0.55)} {p(0, h)} "
         f"C{p(-w * 0.8, h * 0.55)} {p(-w * 0.9, -h * 0.45)} {p(0, -h)} Z")
    return (line(f"M{p(0, h - 2)} L{p(0, h + 8)}", INK, 3) + P(d, fill, 3)
            + line(f"M{p(0, h - 5)} Q{p(w * 0.12, 0)} {p(0, -h + 6)}", rib, 2.2))


# ---------------------------------------------------------------------------- the nine

def hana():
    """White rabbit: long upright ears with pink insides, red flower hairpin."""
    d = "<defs>\n" + badge_defs("hana") + fur("head", "#ffffff", "#e9e4ea")
    d += fur("kim", "#a57fc4", "#7a539e") + "</defs>\n"
    b = d + badge()
    b += kimono("url(#kim)", WHITE, "#f2eef3", "#f0a8bc")
    # ears
    for s, rot in ((-1, -9), (1, 9)):
        x = HX + s * 24
        b += E(x, 46, 17, 38, "url(#head)", rot=rot)
        b += E(x, 50, 8, 27, "#f6a9bb", 0, rot=rot)
    b += E(HX, HY, 62, 56, "url(#head)")
    b += eyes()
    b += cheeks()
    b += P("M122,139 Q128,135 134,139 Q132,145 128,146 Q124,145 122,139 Z", "#f28ba2", 2.4)
    b += mouth_w(153, 7)
    # flower hairpin at the base of the right ear
    b += flower(163, 76, 11, "#e0303f", "#ffd24a")
    return b


def taro():
    """Tanuki: brown, dark eye mask, round ears, a leaf on the head."""
    d = "<defs>\n" + badge_defs("taro") + fur("head", "#b48356", "#87592f")
    d += fur("kim", "#5f7fa9", "#3c5a82") + "</defs>\n"
    b = d + badge()
    b += kimono("url(#kim)", "#e9dcc0", "#87592f", "#c44a3a")
    for s in (-1, 1):
        b += C(HX + s * 44, 78, 18, "url(#head)")
        b += C(HX + s * 44, 80, 9, "#3b2a1e", 0)
    b += E(HX, HY, 62, 56, "url(#head)")
    # pale forehead stripe and muzzle
    b += E(HX, 96, 9, 20, "#e9d4b0", 0)
    b += P("M92,150 Q96,126 128,128 Q160,126 164,150 Q160,176 128,178 Q96,176 92,150 Z", "#efdcbb", 0)
    # eye mask patches, slanting down and out
    for s in (-1, 1):
        b += E(HX + s * 27, 129, 20, 14, "#3b2a1e", 0, rot=s * 28)
        b += C(HX + s * EX, EY, 7.5, WHITE, 0)
        b += C(HX + s * EX, EY + 0.5, 5.3, INK, 0)
        b += C(HX + s * EX - 1.8, EY - 2, 1.9, "#ffffff", 0)
    b += cheeks(154, 40, 9, 5.5, 0.45)
    b += E(HX, 143, 8.5, 6, INK, 0)
    b += C(HX - 2.5, 141, 2, "#ffffff", 0, extra=' fill-opacity="0.7"')
    b += mouth_w(157, 7)
    # leaf on the head
    b += leaf(136, 62, 44, 20, 62, "#5fae43", "#2f6b22")
    return b


def yuki():
    """Grey-white cat: pointed ears, whiskers, a bell on a red collar."""
    d = "<defs>\n" + badge_defs("yuki") + fur("head", "#f6f7f9", "#c9ced6")
    d += rad("bell", [("0%", "#fff3b0"), ("60%", "#e8b92e"), ("100%", "#b3831a")], "38%", "32%", "70%")
    d += "</defs>\n"
    b = d + badge()
    b += P(shoulders_d(182), "url(#head)")
    # ears
    for s in (-1, 1):
        b += P(poly([(HX + s * 62, 112), (HX + s * 50, 44), (HX + s * 10, 76)]), "url(#head)")
        b += P(poly([(HX + s * 52, 96), (HX + s * 47, 58), (HX + s * 24, 78)]), "#f4b3c0", 0)
    b += P("M66,124 Q66,70 128,68 Q190,70 190,124 Q192,146 198,162 Q176,160 170,168 "
           "Q152,182 128,182 Q104,182 86,168 Q80,160 58,162 Q64,146 66,124 Z", "url(#head)")
    # grey tabby marks on the forehead and cheeks
    b += line("M128,72 V88 M114,74 L117,86 M142,74 L139,86", "#8f98a4", 4.2)
    b += line("M66,132 L80,134 M68,144 L80,143 M190,132 L176,134 M188,144 L176,143", "#8f98a4", 3.4)
    b += E(HX, 152, 26, 18, WHITE, 0)
    b += eyes()
    b += cheeks(146, 44, 10, 6)
    b += P("M121,139 L135,139 L128,147 Z", "#f08a9e", 2.4)
    b += mouth_w(154, 7)
    b += line("M96,150 L66,146 M96,156 L68,160 M160,150 L190,146 M160,156 L188,160", INK, 2)
    # collar and bell
    b += P("M86,178 Q128,196 170,178 L172,188 Q128,208 84,188 Z", "#d83a3a", 3)
    b += C(HX, 205, 12, "url(#bell)", 3)
    b += line("M119,205 H137 M128,205 V215", INK, 2.4)
    b += C(HX, 210, 2.4, INK, 0)
    return b


def ken():
    """Shiba dog: orange with cream muzzle and cheeks, triangle ears, a blue bandana."""
    d = "<defs>\n" + badge_defs("ken") + fur("head", "#f6b265", "#dc8430")
    d += lin("band", [("0%", "#4b8ad0"), ("100%", "#285e9c")]) + "</defs>\n"
    b = d + badge()
    b += P(shoulders_d(182), "url(#head)")
    b += P(f"M{CX - 34},182 Q{CX},170 {CX + 34},182 L{CX + 26},232 Q{CX},240 {CX - 26},232 Z", "#fbecd4", 0)
    for s in (-1, 1):
        b += P(poly([(HX + s * 60, 108), (HX + s * 54, 46), (HX + s * 14, 74)]), "url(#head)")
        b += P(poly([(HX + s * 50, 96), (HX + s * 50, 62), (HX + s * 28, 78)]), "#fbe3c4", 0)
    b += P("M66,124 Q66,70 128,68 Q190,70 190,124 Q192,160 170,172 Q152,182 128,182 "
           "Q104,182 86,172 Q64,160 66,124 Z", "url(#head)")
    # urajiro: cream cheeks and muzzle, eyebrow dots
    b += P("M70,136 Q90,128 112,134 Q128,128 144,134 Q166,128 186,136 Q184,164 166,174 "
           "Q150,182 128,182 Q106,182 90,174 Q72,164 70,136 Z", "#fbecd4", 0)
    for s in (-1, 1):
        b += E(HX + s * 22, 106, 6.5, 4.5, "#fbecd4", 0)
    b += P("M66,124 Q66,70 128,68 Q190,70 190,124 Q192,160 170,172 Q152,182 128,182 "
           "Q104,182 86,172 Q64,160 66,124 Z", "none")
    b += eyes()
    b += cheeks(150, 46, 10, 6)
    b += E(HX, 143, 9.5, 6.5, INK, 0)
    b += C(HX - 3, 141, 2.2, "#ffffff", 0, extra=' fill-opacity="0.7"')
    b += P("M122,156 Q128,170 134,156 Z", "#f07c88", 2.2)
    b += mouth_w(157, 7)
    # bandana: band round the neck and a triangle in front, white dots
    b += P(f"M{CX - 50},184 Q{CX},200 {CX + 50},184 L{CX + 44},196 L{CX},240 L{CX - 44},196 Z", "url(#band)", 3)
    for x, y in ((116, 204), (140, 204), (128, 220), (106, 196), (150, 196), (128, 232)):
        b += C(x, y, 3, "#ffffff", 0, extra=' fill-opacity="0.9"')
    return b


def kaede():
    """Red fox: white muzzle, tall ears with dark tips, a maple-leaf hair ornament."""
    d = "<defs>\n" + badge_defs("kaede") + fur("head", "#ffb066", "#ea7a2a")
    d += fur("kim", "#ffffff", "#e6e0d6") + "</defs>\n"
    b = d + badge()
    b += kimono("url(#kim)", "#d8333a", "#fff8ee", "#f4c14a")
    for s in (-1, 1):
        base_o, tip, base_i = (HX + s * 62, 104), (HX + s * 50, 24), (HX + s * 16, 76)
        b += P(poly([base_o, tip, base_i]), "url(#head)")
        b += P(poly([(HX + s * 52, 92), (HX + s * 48, 46), (HX + s * 28, 78)]), "#fbe7d2", 0)
        # dark tip: the top third of the ear
        t = 0.36
        p1 = (tip[0] + (base_o[0] - tip[0]) * t, tip[1] + (base_o[1] - tip[1]) * t)
        p2 = (tip[0] + (base_i[0] - tip[0]) * t, tip[1] + (base_i[1] - tip[1]) * t)
        b += P(poly([p1, tip, p2]), "#3a2a24")
    # head with fluffy pointed cheeks
    b += P("M70,118 Q72,70 128,68 Q184,70 186,118 Q190,136 204,156 Q178,160 166,172 "
           "Q150,184 128,184 Q106,184 90,172 Q78,160 52,156 Q66,136 70,118 Z", "url(#head)")
    b += P("M58,156 Q84,148 104,140 Q116,134 128,136 Q140,134 152,140 Q172,148 198,156 "
           "Q178,162 166,172 Q150,184 128,184 Q106,184 90,172 Q78,162 58,156 Z", "#fffaf2", 0)
    b += P("M70,118 Q72,70 128,68 Q184,70 186,118 Q190,136 204,156 Q178,160 166,172 "
           "Q150,184 128,184 Q106,184 90,172 Q78,160 52,156 Q66,136 70,118 Z", "none")
    b += eyes()
    b += cheeks(148, 42, 10, 6)
    b += E(HX, 146, 8, 5.5, INK, 0)
    b += mouth_w(159, 6.5)
    # maple leaf ornament by the left ear
    b += P(maple_d(88, 76, 26, -18), "#c8202c", 2.6)
    b += line("M86,84 L80,96", INK, 2.8)
    b += line("M88,78 L88,58 M88,78 L103,68 M88,78 L73,70", "#ff8a7a", 1.8)
    return b


def jun():
    """Green turtle: round head, shell behind the shoulders, round glasses."""
    d = "<defs>\n" + badge_defs("jun") + fur("head", "#a7dc7f", "#5ea344")
    d += fur("shell", "#b39a56", "#7a6230") + "</defs>\n"
    b = d + badge()
    # shell: a dome behind the shoulders, ending on the badge arc
    y = 214
    xl = edge_x(y)
    xr = 2 * CX - xl
    b += P(f"M{f(xl)},{y} C{f(xl - 2)},150 84,140 128,140 C172,140 {f(xr + 2)},150 {f(xr)},{y} "
           f"A{R},{R} 0 0 1 {f(xl)},{y} Z", "url(#shell)")
    b += line("M44,196 L62,170 L92,162 M212,196 L194,170 L164,162 M62,170 L58,208 M194,170 L198,208",
              "#4f3e1c", 3)
    b += line(f"M{f(xl + 6)},{y - 6} C{f(xl + 4)},158 86,150 128,150 C170,150 {f(xr - 4)},158 {f(xr - 6)},{y - 6}",
              "#e6d08a", 3, ' stroke-opacity="0.8"')
    # neck and shoulders, cream plastron
    b += P(shoulders_d(186, 228, 24), "url(#head)")
    b += P(chest_d(206, 32), "#efe3a8", 3)
    b += line("M100,232 H156", "#b7a663", 2.4)
    b += E(HX, HY, 62, 58, "url(#head)")
    # spots on the crown
    b += E(112, 80, 9, 6, "#4f9236", 0, extra=' fill-opacity="0.7"')
    b += E(140, 76, 7, 5, "#4f9236", 0, extra=' fill-opacity="0.7"')
    b += E(156, 90, 5, 4, "#4f9236", 0, extra=' fill-opacity="0.7"')
    b += cheeks(152, 38, 10, 6)
    b += eyes(rx=5.6, ry=7.4)
    # round glasses
    for s in (-1, 1):
        b += C(HX + s * EX, EY, 17, "#ffffff", 3.4, "#3a2a22", ' fill-opacity="0.22"')
    b += line("M118,120 Q128,113 138,120", "#3a2a22", 3.2)
    b += line("M87,120 L68,114 M169,120 L188,114", "#3a2a22", 3.2)
    b += line("M124,142 L125,143 M132,142 L131,143", INK, 3)
    b += smile(152, 14, 9)
    return b


def sora():
    """Owl: big round eyes in a facial disc, ear tufts, a scroll under the wing."""
    d = "<defs>\n" + badge_defs("sora") + fur("head", "#b9895a", "#8a5a32")
    d += rad("iris", [("0%", "#fff3a8"), ("100%", "#f0b42a")]) + "</defs>\n"
    b = d + badge()
    b += P(shoulders_d(176, 222, 40), "url(#head)")
    # chest with feather marks
    b += P(chest_d(188, 40), "#f1e3c4", 0)
    b += line("M110,208 q4,5 8,0 M138,208 q4,5 8,0 M124,220 q4,5 8,0 M108,232 q4,5 8,0 M140,232 q4,5 8,0",
              "#a47a4c", 2.4)
    # ear tufts
    for s in (-1, 1):
        b += P(poly([(HX + s * 58, 96), (HX + s * 62, 44), (HX + s * 24, 74)]), "url(#head)")
    b += P("M62,126 Q62,68 128,66 Q194,68 194,126 Q194,178 128,184 Q62,178 62,126 Z", "url(#head)")
    # facial disc: two pale rounds meeting over the beak, a dark brow above
    b += C(HX - 26, 124, 28, "#f3e6c8", 0)
    b += C(HX + 26, 124, 28, "#f3e6c8", 0)
    b += line("M78,102 Q102,86 128,106 Q154,86 178,102", "#5a3a20", 4)
    for s in (-1, 1):
        x = HX + s * 26
        b += C(x, 124, 15, "url(#iris)", 3)
        b += C(x, 124, 8, INK, 0)
        b += C(x - 3, 120, 3, "#ffffff", 0)
    b += P("M120,136 L136,136 L128,152 Z", "#f0a830", 2.6)
    b += cheeks(156, 46, 9, 5, 0.45)
    # wings folded at the sides, ending on the badge arc
    xl = edge_x(222)
    for sg in (-1, 1):
        xo, xi = (xl, 92) if sg < 0 else (2 * CX - xl, 164)
        b += P(f"M{f(xo)},222 C{f(xo + sg * -7)},196 {CX + sg * 50},186 {CX + sg * 34},196 "
               f"Q{CX + sg * 28},222 {xi},{f(arc_y(xi))} A{R},{R} 0 0 {1 if sg < 0 else 0} {f(xo)},222 Z", "#74482a")
        b += line(f"M{CX + sg * 58},206 Q{CX + sg * 52},216 {CX + sg * 53},228 "
                  f"M{CX + sg * 70},212 Q{CX + sg * 64},220 {CX + sg * 65},230", "#a77a4e", 2.4)
    # a rolled scroll (paper roll, wooden roller ends, red cord) held by the left wing tip
    b += '<g transform="rotate(-22 130 216)">\n'
    b += P("M92,205 H168 V227 H92 Z", "#fbf3dc", 3)
    b += line("M96,211 H164", "#d9c9a0", 2)
    b += P("M84,208 H92 V224 H84 Z M168,208 H176 V224 H168 Z", "#6b4a2a", 2.6)
    b += P("M126,205 H134 V227 H126 Z", "#c8333a", 2.2)
    b += "</g>\n"
    b += P("M78,214 Q92,208 102,218 Q104,230 94,238 Q82,236 78,214 Z", "#74482a")
    return b


def tora():
    """Tiger: orange with black stripes and a white muzzle, a red hachimaki headband."""
    d = "<defs>\n" + badge_defs("tora") + fur("head", "#ffb45a", "#ec8624")
    d += fur("gi", "#ffffff", "#dcd8d0") + "</defs>\n"
    b = d + badge()
    b += kimono("url(#gi)", "#f3f0ea", "#ec8624")
    for s in (-1, 1):
        b += C(HX + s * 46, 76, 18, "url(#head)")
        b += C(HX + s * 46, 78, 9, "#fff4e4", 0)
    b += P("M66,124 Q66,70 128,68 Q190,70 190,124 Q194,140 200,154 Q180,158 170,170 "
           "Q152,182 128,182 Q104,182 86,170 Q76,158 56,154 Q62,140 66,124 Z", "url(#head)")
    # white muzzle and cheek fluff
    b += P("M62,154 Q84,140 106,140 Q118,134 128,138 Q138,134 150,140 Q172,140 194,154 "
           "Q178,158 170,170 Q152,182 128,182 Q104,182 86,170 Q78,158 62,154 Z", "#fff8ee", 0)
    for s in (-1, 1):
        b += E(HX + s * 22, 104, 7, 5, "#fff8ee", 0)
    # stripes: forehead and cheeks
    b += P("M116,102 L128,96 L140,102 L128,106 Z M122,112 L128,108 L134,112 L128,115 Z", INK, 0)
    for s in (-1, 1):
        b += P(poly([(HX + s * 64, 112), (HX + s * 44, 118), (HX + s * 62, 122)]), INK, 0)
        b += P(poly([(HX + s * 66, 130), (HX + s * 48, 134), (HX + s * 66, 138)]), INK, 0)
    b += P("M66,124 Q66,70 128,68 Q190,70 190,124 Q194,140 200,154 Q180,158 170,170 "
           "Q152,182 128,182 Q104,182 86,170 Q76,158 56,154 Q62,140 66,124 Z", "none")
    b += eyes()
    b += cheeks(150, 44, 10, 6)
    b += P("M120,140 L136,140 L128,149 Z", "#e76a7a", 2.4)
    b += mouth_w(156, 7.5)
    # hachimaki round the head with the knot and tails at the right
    b += P("M70,96 Q128,74 186,96 L188,84 Q128,58 68,84 Z", "#e2323a", 3.2)
    b += C(HX, 82, 7, "#ffffff", 0, extra=' fill-opacity="0.95"')
    b += C(HX, 82, 3.8, "#e2323a", 0)
    b += P("M186,88 Q206,76 226,82 Q216,90 212,96 Q200,94 188,96 Z", "#e2323a", 3)
    b += P("M186,90 Q204,100 214,118 Q202,116 196,120 Q194,106 184,96 Z", "#c5232d", 3)
    b += C(188, 90, 7, "#e2323a", 3)
    return b


def tsuru():
    """Red-crowned crane: white head, black neck, red crown, long beak, closed smiling eyes."""
    d = "<defs>\n" + badge_defs("tsuru") + fur("head", "#ffffff", "#e4e2dc")
    d += lin("beak", [("0%", "#e4d58c"), ("100%", "#9c9350")], "0%", "0%", "100%", "30%") + "</defs>\n"
    b = d + badge()
    # white body with folded wings and the black plumes of the wing ends, black neck
    b += P(shoulders_d(190, 222, 30), "url(#head)")
    b += line("M74,214 Q88,202 102,200 M182,214 Q168,202 154,200", "#b8b4aa", 2.6)
    b += P("M104,160 L152,160 L150,204 Q128,214 106,204 Z", "#2b2b2e")
    b += E(HX, HY, 60, 56, "url(#head)")
    # black face and throat round the base of the beak, red crown on top
    b += P("M108,172 Q116,154 138,146 Q150,132 170,126 Q186,124 188,136 Q190,154 178,166 Q158,180 128,180 "
           "Q116,178 108,172 Z",
           "#2b2b2e", 0)
    b += P("M98,82 Q124,58 154,80 Q146,94 126,92 Q108,94 98,82 Z", "#d8232e", 2.8)
    b += E(HX, HY, 60, 56, "none")
    b += happy_eyes(120)
    b += cheeks(138, 44, 10, 6, 0.6)
    # long beak pointing out to the right
    b += P("M146,134 Q162,126 180,132 Q206,142 236,160 Q206,160 180,156 Q160,154 146,150 Q140,142 146,134 Z",
           "url(#beak)", 3.2)
    b += line("M152,143 Q190,148 230,159", "#6f6a3c", 2)
    return b


CHARACTERS = {"hana": hana, "taro": taro, "yuki": yuki, "ken": ken, "kaede": kaede,
              "jun": jun, "sora": sora, "tora": tora, "tsuru": tsuru}

FORBIDDEN = re.compile(r"<\s*(text|filter|mask|clipPath|use|image|style|pattern|foreignObject)\b"
                       r"|href\s*=\s*\"(?!#)", re.I)
MAX_BYTES = 12 * 1024


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for key, draw in CHARACTERS.items():
        text = svg(BADGE[key][0], draw() + ring(key))
        path = OUT / f"{key}.svg"
        path.write_text(text, encoding="utf-8")
        n = len(text.encode("utf-8"))
        problems = []
        if FORBIDDEN.search(text):
            problems.append("uses an element nanosvg cannot draw")
        if n > MAX_BYTES:
            problems.append(f"{n} bytes > {MAX_BYTES}")
        print(f"{path}  {n} bytes" + ("  PROBLEM: " + "; ".join(problems) if problems else ""))
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
