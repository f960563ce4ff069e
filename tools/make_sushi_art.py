#!/usr/bin/env python3
"""Generate the Sushi Draft SVG art (Tatami project, original) into assets/art/sushi/.

    python tools/make_sushi_art.py [out_dir]      # default: assets/art/sushi of this checkout

Every shape is written here by hand (no imported or traced art). The output is plain SVG
that pygame-ce's nanosvg renders: paths, circles, ellipses, rects, linear/radial gradients,
opacity and strokes only (no text, filters, masks, clip paths, <use> or CSS).
Check the result with tools/preview_sushi_art.py.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "assets" / "art" / "sushi"
OUT.mkdir(parents=True, exist_ok=True)

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">\n'
        '<title>{title}</title>\n'
        '<!-- Tatami project, original artwork. Licence: see assets/ATTRIBUTIONS.md -->\n')

INK = "#1f1f1f"
CREAM = "#f6efdc"
GOLD = "#c9a227"
GOLD_D = "#8f6f1c"
GOLD_L = "#ecd68a"
VERM = "#c8442f"

# type colours: base, dark, light, pale (window background)
PAL = {
    "tuna":     ("#c42d47", "#7e1428", "#e8677c", "#f7d9dc"),
    "shrimp":   ("#e8891c", "#9a520a", "#f5b356", "#fbe6c6"),
    "salmon":   ("#ee7d6b", "#a8463a", "#f7ab9c", "#fbdfd6"),
    "cucumber": ("#3f8a30", "#24551b", "#74b35a", "#dcedc9"),
    "mackerel": ("#3d6e9e", "#1f3f63", "#7ea6cc", "#d6e3ef"),
    "wild":     ("#c9a227", "#7a5c12", "#ecd68a", "#f6ebc4"),
    "dessert":  ("#8c55a6", "#54286a", "#bb8fcf", "#ecdcf2"),
}


def f(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def svg(w, h, title, body):
    return HEAD.format(w=w, h=h, title=title) + body + "</svg>\n"


def lin(id_, stops, x1="0%", y1="0%", x2="0%", y2="100%"):
    s = "".join(f'<stop offset="{o}" stop-color="{c}"' + (f' stop-opacity="{a}"' if a is not None else "") + "/>"
                for o, c, *rest in stops for a in [rest[0] if rest else None])
    return f'<linearGradient id="{id_}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">{s}</linearGradient>\n'


def rad(id_, stops, cx="50%", cy="50%", r="50%", user=False):
    s = "".join(f'<stop offset="{o}" stop-color="{c}"' + (f' stop-opacity="{a}"' if a is not None else "") + "/>"
                for o, c, *rest in stops for a in [rest[0] if rest else None])
    u = ' gradientUnits="userSpaceOnUse"' if user else ""
    return f'<radialGradient id="{id_}" cx="{cx}" cy="{cy}" r="{r}"{u}>{s}</radialGradient>\n'


# ---------------------------------------------------------------------------- icon shapes
# Each returns SVG path data for a shape centred at (0,0) about 44 units across
# (the 64-unit icon box is filled with scale 1).

def star_d(ro=23.5, ri=10.2, n=5, rot=-90):
    pts = []
    for i in range(2 * n):
        r = ro if i % 2 == 0 else ri
        a = math.radians(rot + i * 180 / n)
        pts.append(f"{f(r * math.cos(a))},{f(r * math.sin(a) + 1.5)}")
    return "M" + " L".join(pts) + " Z"


def crescent_d():
    # outer circle r=21 at (0,0); bite circle r=17 at (9,-7)
    R, r, cx, cy = 21.0, 17.0, 9.0, -7.0
    d = math.hypot(cx, cy)
    a = (R * R - r * r + d * d) / (2 * d)
    h = math.sqrt(R * R - a * a)
    ux, uy = cx / d, cy / d
    px, py = a * ux, a * uy
    p1 = (px + h * uy, py - h * ux)
    p2 = (px - h * uy, py + h * ux)
    # big outer arc from p1 to p2 (the far side), then inner arc back
    return (f"M{f(p1[0])},{f(p1[1])} A{f(R)},{f(R)} 0 1 0 {f(p2[0])},{f(p2[1])} "
            f"A{f(r)},{f(r)} 0 0 1 {f(p1[0])},{f(p1[1])} Z")


ICON_D = {
    "tuna": "M-20,0 A20,20 0 1 0 20,0 A20,20 0 1 0 -20,0 Z",
    "shrimp": crescent_d(),
    "salmon": "M0,-23 L23,0 L0,23 L-23,0 Z",
    "cucumber": "M-15.5,-18.5 H15.5 Q18.5,-18.5 18.5,-15.5 V15.5 Q18.5,18.5 15.5,18.5 H-15.5 Q-18.5,18.5 -18.5,15.5 V-15.5 Q-18.5,-18.5 -15.5,-18.5 Z",
    "mackerel": "M0,-20 L23,19 Q24,21 21.5,21 H-21.5 Q-24,21 -23,19 Z",
    "wild": star_d(),
}


#: gloss strokes along the upper-left edge of each shape (icon files only)
ICON_HL = {
    "tuna": "M-14.5,-3.5 A15,15 0 0 1 -3.5,-14.5",
    "shrimp": "M-16,2 A16.5,16.5 0 0 1 -8,-13",
    "salmon": "M-16.5,0 L0,-16.5",
    "cucumber": "M-13.5,6 V-13.5 H6",
    "mackerel": "M-15.5,15 L-1,-9",
    "wild": "M-14,-2.2 H-4.2 L-0.8,-12.5",
}


def dango(fill, stroke=None, sw=0.0, stick="#8a6a3a"):
    """Three dumplings on a skewer (dessert icon), centred at 0,0."""
    st = f' stroke="{stroke}" stroke-width="{f(sw)}"' if stroke else ""
    out = (f'<path d="M-15,17 L15,-17" stroke="{stick}" stroke-width="3.2" stroke-linecap="round" fill="none"/>\n')
    out += f'<path d="M17,-19 L22,-24.5" stroke="{stick}" stroke-width="3.2" stroke-linecap="round" fill="none"/>\n'
    for cx, cy in ((-11, 11), (0, 0), (11, -11)):
        out += f'<circle cx="{cx}" cy="{cy}" r="9.6" fill="{fill}"{st}/>\n'
    out += f'<path d="M-23,25 L-16,17" stroke="{stick}" stroke-width="3.2" stroke-linecap="round" fill="none"/>\n'
    return out


def icon_shape(name, fill, stroke=None, sw=0.0, tx=32, ty=32, s=1.0, hl=False, stick=None):
    """The icon shape as SVG elements, placed at (tx,ty) scaled by s."""
    g = f'<g transform="translate({f(tx)} {f(ty)}) scale({s:g})">\n'
    if name == "dessert":
        g += dango(fill, stroke, sw, stick or (stroke or fill))
        if hl:
            for cx, cy in ((-11, 11), (0, 0), (11, -11)):
                g += f'<circle cx="{cx - 3}" cy="{cy - 3.5}" r="3" fill="#ffffff" fill-opacity="0.45"/>\n'
    else:
        st = f' stroke="{stroke}" stroke-width="{f(sw)}" stroke-linejoin="round"' if stroke else ""
        g += f'<path d="{ICON_D[name]}" fill="{fill}"{st}/>\n'
        if hl:
            g += (f'<path d="{ICON_HL[name]}" fill="none" stroke="#ffffff" stroke-width="3.2" '
                  f'stroke-opacity="0.5" stroke-linecap="round" stroke-linejoin="round"/>\n')
    return g + "</g>\n"


def make_icons():
    for name in list(ICON_D) + ["dessert"]:
        base, dark, light, pale = PAL[name]
        defs = "<defs>\n" + lin("g", [("0%", light), ("100%", base)], "20%", "0%", "80%", "100%") + "</defs>\n"
        body = defs + icon_shape(name, "url(#g)", dark, 2.6, hl=True, stick="#7a5a30")
        (OUT / f"icon_{name}.svg").write_text(svg(64, 64, f"Sushi Draft icon: {name}", body))


# ---------------------------------------------------------------------------- food drawings
# All drawn in card coordinates (window x 19..231, y 19..273).

def rice_grains(pts, rot=0):
    """Rice grains (small rotated ellipses) as one path of arc pairs."""
    d = ""
    for i, (x, y) in enumerate(pts):
        a = rot + (i * 47) % 120 - 60
        dx, dy = 5.2 * math.cos(math.radians(a)), 5.2 * math.sin(math.radians(a))
        d += (f"M{f(x - dx)},{f(y - dy)}A5.2,2.9 {a} 1 0 {f(x + dx)},{f(y + dy)}"
              f"A5.2,2.9 {a} 1 0 {f(x - dx)},{f(y - dy)}Z")
    return f'<path d="{d}" fill="#fffdf5" stroke="#d9cfb4" stroke-width="0.9"/>\n'


def draw_tuna():
    d = "<defs>\n"
    d += lin("rice", [("0%", "#fffef8"), ("100%", "#e4dac2")])
    d += lin("fish", [("0%", "#ea6679"), ("55%", "#cc3149"), ("100%", "#9b1a31")], "30%", "0%", "60%", "100%")
    d += "</defs>\n"
    b = d
    # wooden geta board under the nigiri
    b += '<ellipse cx="125" cy="214" rx="90" ry="15" fill="#000000" fill-opacity="0.16"/>\n'
    # rice block (pill shape, 3/4 view): side and top
    b += '<path d="M46,170 Q44,212 80,216 L170,216 Q206,212 204,170 Z" fill="#e2d7bd"/>\n'
    b += '<rect x="44" y="128" width="162" height="86" rx="40" fill="url(#rice)" stroke="#cdbf9e" stroke-width="1.6"/>\n'
    b += rice_grains([(60, 190), (74, 203), (92, 208), (112, 206), (133, 209), (152, 206), (171, 204),
                      (188, 194), (196, 178), (82, 190), (104, 195), (124, 196), (145, 194), (164, 192),
                      (53, 173), (67, 178), (181, 183)])
    # tuna slice draped over the rice, overhanging both ends
    b += ('<path d="M30,160 Q36,120 84,108 Q128,96 176,106 Q218,116 224,150 Q226,164 214,166 '
          'Q192,154 150,158 Q100,164 58,180 Q34,186 30,160 Z" fill="url(#fish)" stroke="#7e1428" stroke-width="1.6"/>\n')
    # fat lines (sashi) across the slice
    b += ('<path d="M62,116 Q74,140 66,172 M96,106 Q110,132 102,163 M132,101 Q146,126 140,158 '
          'M166,104 Q180,128 176,155 M198,116 Q208,136 206,158" fill="none" stroke="#ffd9de" '
          'stroke-width="3" stroke-opacity="0.55" stroke-linecap="round"/>\n')
    # gloss
    b += ('<path d="M52,140 Q70,116 112,110 Q150,104 190,114" fill="none" stroke="#ffffff" '
          'stroke-width="5" stroke-opacity="0.45" stroke-linecap="round"/>\n')
    b += ('<path d="M196,124 Q208,130 212,142" fill="none" stroke="#ffffff" stroke-width="3" '
          'stroke-opacity="0.4" stroke-linecap="round"/>\n')
    return b


def roll_slice(cx, cy, rx, ry, side, outer, outer_side, inner_fill_fn, sstroke="#1b2219"):
    """A maki slice standing on its end: side wall (height side) then the cut face."""
    b = f'<ellipse cx="{f(cx)}" cy="{f(cy + side + ry * 0.35)}" rx="{f(rx * 1.02)}" ry="{f(ry * 0.6)}" fill="#000000" fill-opacity="0.18"/>\n'
    b += (f'<path d="M{f(cx - rx)},{f(cy)} V{f(cy + side)} A{f(rx)},{f(ry)} 0 0 0 {f(cx + rx)},{f(cy + side)} '
          f'V{f(cy)} Z" fill="{outer_side}" stroke="{sstroke}" stroke-width="1.4"/>\n')
    b += f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{outer}" stroke="{sstroke}" stroke-width="1.4"/>\n'
    b += inner_fill_fn(cx, cy, rx, ry)
    return b


def draw_maki(kind):
    """Salmon (3 slices) or cucumber (4 slimmer slices) hosomaki: nori outside."""
    d = "<defs>\n"
    d += lin("nori", [("0%", "#2f3b2c"), ("50%", "#1d261c"), ("100%", "#2a3527")], "0%", "0%", "100%", "0%")
    d += rad("rice", [("0%", "#fffef9"), ("100%", "#e9dfc7")])
    if kind == "salmon":
        d += lin("fill", [("0%", "#ffab8f"), ("100%", "#e8614a")])
    else:
        d += rad("fill", [("0%", "#e6f3c4"), ("55%", "#9fd27c"), ("100%", "#3f8a2e")])
    d += "</defs>\n"

    def face(cx, cy, rx, ry):
        o = f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx - 4)}" ry="{f(ry - 3.4)}" fill="url(#rice)"/>\n'
        # grains ring
        n = 14 if rx > 40 else 9
        pts = []
        for i in range(n):
            a = 2 * math.pi * i / n + 0.2
            pts.append((cx + (rx - 11) * math.cos(a), cy + (ry - 9) * math.sin(a)))
        o += rice_grains(pts)
        if kind == "salmon":
            w, h = rx * 0.46, ry * 0.46
            o += (f'<path d="M{f(cx - w)},{f(cy - h * 0.6)} Q{f(cx - w * 0.2)},{f(cy - h * 1.25)} {f(cx + w)},{f(cy - h * 0.8)} '
                  f'Q{f(cx + w * 1.15)},{f(cy + h * 0.3)} {f(cx + w * 0.7)},{f(cy + h)} Q{f(cx - w * 0.2)},{f(cy + h * 1.25)} '
                  f'{f(cx - w)},{f(cy + h * 0.7)} Q{f(cx - w * 1.2)},{f(cy)} {f(cx - w)},{f(cy - h * 0.6)} Z" '
                  f'fill="url(#fill)" stroke="#b24d3a" stroke-width="1.2"/>\n')
            o += (f'<path d="M{f(cx - w * 0.7)},{f(cy - h * 0.1)} Q{f(cx)},{f(cy - h * 0.6)} {f(cx + w * 0.75)},{f(cy - h * 0.35)} '
                  f'M{f(cx - w * 0.6)},{f(cy + h * 0.45)} Q{f(cx + w * 0.1)},{f(cy)} {f(cx + w * 0.7)},{f(cy + h * 0.25)}" '
                  f'fill="none" stroke="#fff1e8" stroke-width="2.4" stroke-opacity="0.8" stroke-linecap="round"/>\n')
        else:
            w, h = rx * 0.42, ry * 0.42
            o += (f'<path d="M{f(cx - w)},{f(cy + h * 0.9)} L{f(cx - w * 0.95)},{f(cy - h * 0.3)} '
                  f'Q{f(cx - w * 0.7)},{f(cy - h * 1.2)} {f(cx + w * 0.1)},{f(cy - h * 1.1)} Q{f(cx + w * 1.05)},{f(cy - h)} '
                  f'{f(cx + w)},{f(cy - h * 0.1)} L{f(cx + w)},{f(cy + h * 0.9)} Z" fill="#2f6d25" stroke="#1f4a18" stroke-width="1"/>\n')
            w2, h2 = w * 0.78, h * 0.74
            o += (f'<path d="M{f(cx - w2)},{f(cy + h2)} L{f(cx - w2)},{f(cy - h2 * 0.2)} '
                  f'Q{f(cx - w2 * 0.6)},{f(cy - h2 * 1.2)} {f(cx + w2 * 0.1)},{f(cy - h2 * 1.05)} Q{f(cx + w2)},{f(cy - h2 * 0.9)} '
                  f'{f(cx + w2)},{f(cy)} L{f(cx + w2)},{f(cy + h2)} Z" fill="url(#fill)"/>\n')
            seeds = "".join(f"M{f(cx + sx * w)},{f(cy + sy * h - 2.2)}a1.5,2.2 0 1 0 0.1,0Z"
                            for sx, sy in ((-0.3, 0.1), (0.25, -0.15), (0.05, 0.45), (0.35, 0.4), (-0.25, -0.45)))
            o += f'<path d="{seeds}" fill="#f4f9de" stroke="#7fae5a" stroke-width="0.6"/>\n'
        # shine on the nori edge
        o += (f'<path d="M{f(cx - rx * 0.86)},{f(cy - ry * 0.45)} A{f(rx)},{f(ry)} 0 0 1 {f(cx - rx * 0.2)},{f(cy - ry * 0.98)}" '
              f'fill="none" stroke="#ffffff" stroke-width="1.4" stroke-opacity="0.35"/>\n')
        return o

    b = d
    if kind == "salmon":
        slices = [(86, 124, 44, 33, 30), (166, 124, 44, 33, 30), (126, 186, 50, 37, 32)]
    else:
        slices = [(78, 118, 34, 26, 28), (126, 108, 34, 26, 28), (174, 118, 34, 26, 28),
                  (100, 182, 38, 29, 30), (152, 182, 38, 29, 30)]
    for cx, cy, rx, ry, side in slices:
        b += roll_slice(cx, cy, rx, ry, side, "#22301f", "url(#nori)", face)
    return b


def draw_shrimp():
    d = "<defs>\n"
    d += rad("rice", [("0%", "#fffef9"), ("100%", "#e9dfc7")])
    d += lin("side", [("0%", "#f2b47a"), ("50%", "#fcd9ae"), ("100%", "#e79a5c")], "0%", "0%", "100%", "0%")
    d += rad("coat", [("0%", "#fffaf0"), ("52%", "#fffaf0"), ("80%", "#fcd3a3"), ("100%", "#f5a867")])
    d += lin("shr", [("0%", "#ffd3a4"), ("100%", "#f08a3a")])
    d += lin("avo", [("0%", "#d9e98a"), ("100%", "#7fae3a")])
    d += lin("tail", [("0%", "#ff8a4a"), ("100%", "#c8331d")])
    d += "</defs>\n"
    dots = [(-0.6, -0.2), (-0.45, 0.55), (0.0, 0.78), (0.5, 0.6), (0.72, 0.05), (0.45, -0.62), (-0.15, -0.8),
            (-0.78, 0.25), (0.25, -0.78), (-0.6, -0.62), (0.8, -0.35), (0.25, 0.82)]

    def face(cx, cy, rx, ry, tail=False):
        o = ""
        # tobiko/sesame on the rice rim
        for i, (u, v) in enumerate(dots):
            c = "#f26b1d" if i % 3 else "#fff7e0"
            o += f'<circle cx="{f(cx + u * (rx - 4))}" cy="{f(cy + v * (ry - 3))}" r="{2.3 if i % 3 else 1.6}" fill="{c}"/>\n'
        # nori ring + filling
        irx, iry = rx * 0.55, ry * 0.55
        o += f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(irx)}" ry="{f(iry)}" fill="#1f2a1d"/>\n'
        o += f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(irx - 3)}" ry="{f(iry - 2.6)}" fill="url(#rice)"/>\n'
        # avocado wedge (left) and shrimp (right)
        o += (f'<path d="M{f(cx - irx * 0.78)},{f(cy + iry * 0.2)} Q{f(cx - irx * 0.6)},{f(cy - iry * 0.75)} {f(cx - irx * 0.02)},{f(cy - iry * 0.55)} '
              f'L{f(cx - irx * 0.1)},{f(cy + iry * 0.55)} Q{f(cx - irx * 0.55)},{f(cy + iry * 0.6)} {f(cx - irx * 0.78)},{f(cy + iry * 0.2)} Z" '
              f'fill="url(#avo)" stroke="#4f7a1e" stroke-width="1.1"/>\n')
        o += (f'<path d="M{f(cx - irx * 0.72)},{f(cy + iry * 0.15)} Q{f(cx - irx * 0.56)},{f(cy - iry * 0.6)} {f(cx - irx * 0.05)},{f(cy - iry * 0.5)}" '
              f'fill="none" stroke="#3f6a1a" stroke-width="2"/>\n')
        o += (f'<path d="M{f(cx + irx * 0.0)},{f(cy - iry * 0.62)} Q{f(cx + irx * 0.85)},{f(cy - iry * 0.75)} {f(cx + irx * 0.8)},{f(cy + iry * 0.1)} '
              f'Q{f(cx + irx * 0.7)},{f(cy + iry * 0.7)} {f(cx + irx * 0.02)},{f(cy + iry * 0.58)} Z" '
              f'fill="url(#shr)" stroke="#c2561b" stroke-width="1.1"/>\n')
        o += (f'<path d="M{f(cx + irx * 0.2)},{f(cy - iry * 0.6)} Q{f(cx + irx * 0.45)},{f(cy)} {f(cx + irx * 0.2)},{f(cy + iry * 0.55)} '
              f'M{f(cx + irx * 0.48)},{f(cy - iry * 0.62)} Q{f(cx + irx * 0.72)},{f(cy)} {f(cx + irx * 0.5)},{f(cy + iry * 0.48)}" '
              f'fill="none" stroke="#e4552a" stroke-width="2.2" stroke-linecap="round"/>\n')
        return o

    b = d
    slices = [(84, 120, 46, 34, 26), (168, 122, 46, 34, 26), (126, 180, 54, 40, 30)]
    for i, (cx, cy, rx, ry, side) in enumerate(slices):
        b += f'<ellipse cx="{f(cx)}" cy="{f(cy + side + ry * 0.35)}" rx="{f(rx)}" ry="{f(ry * 0.6)}" fill="#000000" fill-opacity="0.18"/>\n'
        b += (f'<path d="M{f(cx - rx)},{f(cy)} V{f(cy + side)} A{f(rx)},{f(ry)} 0 0 0 {f(cx + rx)},{f(cy + side)} V{f(cy)} Z" '
              f'fill="url(#side)" stroke="#b86a2c" stroke-width="1.4"/>\n')
        b += rice_grains([(cx - rx + 10, cy + side * 0.8), (cx - rx * 0.45, cy + side + ry * 0.6),
                          (cx + rx * 0.1, cy + side + ry * 0.85), (cx + rx * 0.6, cy + side + ry * 0.55)])
        b += f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="url(#coat)" stroke="#b86a2c" stroke-width="1.4"/>\n'
        b += face(cx, cy, rx, ry)
        if i == 2:
            # shrimp tail sticking out of the front slice
            b += ('<path d="M134,176 Q140,150 158,132 Q152,118 164,106 Q172,118 168,128 Q182,120 196,126 '
                  'Q184,138 168,140 Q152,156 148,178 Z" fill="url(#tail)" stroke="#8a2412" stroke-width="1.5"/>\n'
                  '<path d="M162,128 L165,112 M166,135 L188,128" stroke="#ffd0b0" stroke-width="1.5" '
                  'stroke-opacity="0.8" fill="none" stroke-linecap="round"/>\n')
    return b


def draw_mackerel():
    d = "<defs>\n"
    d += lin("nori", [("0%", "#34422f"), ("45%", "#1b2419"), ("100%", "#2b3827")], "0%", "0%", "100%", "0%")
    d += lin("fish", [("0%", "#2a587f"), ("45%", "#5b8db5"), ("75%", "#cbdbe7"), ("100%", "#f4f8fb")], "0%", "0%", "100%", "0%")
    d += lin("leaf", [("0%", "#8fcf5f"), ("100%", "#3f8a2e")])
    d += "</defs>\n"
    b = d
    b += '<ellipse cx="120" cy="240" rx="56" ry="9" fill="#000000" fill-opacity="0.16"/>\n'
    b += '<g transform="rotate(-14 125 150)">\n'
    # back wall of the nori cone
    b += '<path d="M66,116 Q70,64 128,56 Q178,56 184,116 Z" fill="#1c2619" stroke="#101610" stroke-width="1.4"/>\n'
    # shiso leaf
    b += ('<path d="M74,96 Q86,46 140,30 Q152,72 118,98 Q96,112 74,96 Z" fill="url(#leaf)" stroke="#2a5e1f" stroke-width="1.4"/>\n'
          '<path d="M80,98 Q110,70 138,34 M100,84 L94,72 M112,72 L108,60 M106,78 L120,84 M120,64 L132,70" '
          'fill="none" stroke="#d7f0b4" stroke-width="1.3" stroke-opacity="0.8"/>\n')
    # rice mound
    b += '<ellipse cx="125" cy="114" rx="54" ry="22" fill="#f7f1e1" stroke="#cdbf9e" stroke-width="1.4"/>\n'
    b += rice_grains([(92, 110), (108, 102), (148, 104), (162, 114), (100, 122), (146, 122)])
    # two mackerel slices: blue-green back with wavy bars, silver belly, pale cut face
    b += '<g transform="translate(134 134) scale(1.15) translate(-128 -128)">\n'
    b += ('<path d="M90,126 C84,98 90,72 100,50 L122,44 C118,72 116,100 120,126 Z" fill="url(#fish)" stroke="#1f3f63" stroke-width="1.5"/>\n'
          '<path d="M120,126 C116,100 118,72 122,44 L131,49 C126,74 126,100 129,126 Z" fill="#f3c9bd" stroke="#1f3f63" stroke-width="1.3"/>\n'
          '<path d="M94,64 q3,-4 6,0 t6,0 M91,78 q3,-4 6,0 t6,0 M89,92 q3,-4 6,0 t6,0 M89,106 q3,-4 6,0 t6,0" '
          'fill="none" stroke="#132b45" stroke-width="2.2" stroke-linecap="round"/>\n'
          '<path d="M123,50 C120,74 119,100 122,124" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-opacity="0.8"/>\n')
    b += ('<path d="M134,128 C138,102 150,80 166,58 L186,66 C172,84 164,106 162,128 Z" fill="url(#fish)" stroke="#1f3f63" stroke-width="1.5"/>\n'
          '<path d="M162,128 C164,106 172,84 186,66 L191,74 C180,92 172,110 170,128 Z" fill="#f3c9bd" stroke="#1f3f63" stroke-width="1.3"/>\n'
          '<path d="M156,76 q3,-4 6,0 t6,0 M148,90 q3,-4 6,0 t6,0 M142,104 q3,-4 6,0 t6,0 M139,117 q3,-4 6,0 t6,0" '
          'fill="none" stroke="#132b45" stroke-width="2.2" stroke-linecap="round"/>\n'
          '<path d="M184,70 C172,88 165,106 163,124" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-opacity="0.8"/>\n')
    b += "</g>\n"
    # green onion
    for x, y in ((112, 118), (131, 110), (146, 116), (122, 126)):
        b += f'<circle cx="{x}" cy="{y}" r="3.2" fill="#a6da74" stroke="#3f7a2a" stroke-width="1"/>\n'
    # nori cone front
    b += ('<path d="M64,114 Q125,140 186,114 L132,238 Q125,250 117,236 Z" fill="url(#nori)" stroke="#101610" stroke-width="1.6"/>\n'
          '<path d="M64,114 Q125,140 186,114 Q154,158 100,172 Z" fill="#2e3c2a" stroke="#101610" stroke-width="1.2"/>\n'
          '<path d="M94,148 L121,230 M118,158 L126,232 M150,150 L132,224" fill="none" stroke="#ffffff" stroke-width="1" stroke-opacity="0.12"/>\n'
          '<path d="M74,122 Q100,132 126,134" fill="none" stroke="#ffffff" stroke-width="2" stroke-opacity="0.25" stroke-linecap="round"/>\n')
    b += "</g>\n"
    return b


def draw_wild():
    d = "<defs>\n"
    d += rad("glow", [("0%", "#fff6cf"), ("60%", "#f3dc8a"), ("100%", "#f3dc8a", 0)])
    d += lin("gold", [("0%", "#fbeeb4"), ("50%", "#e0bd52"), ("100%", "#a17b1f")], "0%", "0%", "100%", "100%")
    d += lin("stick", [("0%", "#e25a3f"), ("100%", "#9c2a19")], "0%", "0%", "100%", "0%")
    d += "</defs>\n"
    b = d
    cx, cy, r = 125, 146, 80
    b += f'<circle cx="{cx}" cy="{cy}" r="106" fill="url(#glow)"/>\n'
    # chopsticks, a parallel pair laid diagonally behind the medallion
    for dx in (-9, 9):
        b += (f'<g transform="rotate(40 {cx} {cy}) translate({dx} 0)">'
              f'<path d="M{cx - 6},{cy - 124} L{cx + 6},{cy - 124} L{cx + 2.5},{cy + 120} Q{cx},{cy + 125} {cx - 2.5},{cy + 120} Z" '
              f'fill="url(#stick)" stroke="#5e1a0e" stroke-width="1.3"/>'
              f'<rect x="{cx - 6}" y="{cy - 124}" width="12" height="12" fill="url(#gold)" stroke="#7a5c12" stroke-width="1"/>'
              f'<path d="M{cx - 2},{cy - 110} L{cx - 0.8},{cy + 110}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.5"/>'
              f'</g>\n')
    b += f'<circle cx="{cx}" cy="{cy + 3}" r="{r + 15}" fill="#000000" fill-opacity="0.2"/>\n'
    b += f'<circle cx="{cx}" cy="{cy}" r="{r + 15}" fill="url(#gold)" stroke="#7a5c12" stroke-width="1.2"/>\n'
    b += f'<circle cx="{cx}" cy="{cy}" r="{r - 15}" fill="#fff8e2" stroke="#7a5c12" stroke-width="1.2"/>\n'
    # ring of the five type colours, each with its icon
    types = ["tuna", "shrimp", "salmon", "cucumber", "mackerel"]
    for i, t in enumerate(types):
        a0 = math.radians(-90 - 36 + i * 72 + 2.5)
        a1 = math.radians(-90 + 36 + i * 72 - 2.5)
        p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
        p1 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
        b += (f'<path d="M{f(p0[0])},{f(p0[1])} A{r},{r} 0 0 1 {f(p1[0])},{f(p1[1])}" fill="none" '
              f'stroke="{PAL[t][0]}" stroke-width="25"/>\n')
    for i, t in enumerate(types):
        a = math.radians(-90 + i * 72)
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        b += icon_shape(t, "#fff7e2", PAL[t][1], 2.5, x, y, 0.44)
    # central gold star
    b += f'<path d="{star_d(46, 20)}" transform="translate({cx + 2} {cy + 1})" fill="#000000" fill-opacity="0.22"/>\n'
    b += f'<path d="{star_d(46, 20)}" transform="translate({cx} {cy - 2})" fill="url(#gold)" stroke="#7a5c12" stroke-width="2" stroke-linejoin="round"/>\n'
    b += f'<path d="{star_d(46, 20)}" transform="translate({cx - 4} {cy - 7}) scale(0.42)" fill="#ffffff" fill-opacity="0.4"/>\n'
    return b


FOOD = {"tuna": draw_tuna, "shrimp": draw_shrimp, "salmon": lambda: draw_maki("salmon"),
        "cucumber": lambda: draw_maki("cucumber"), "mackerel": draw_mackerel, "wild": draw_wild}


# ---------------------------------------------------------------------------- cards

def card_shell_defs(name):
    base, dark, light, pale = PAL[name]
    d = lin("frame", [("0%", light), ("45%", base), ("100%", dark)], "0%", "0%", "30%", "100%")
    d += lin("paper", [("0%", "#fbf6e9"), ("100%", "#efe5cc")])
    d += rad("win", [("0%", "#fffdf6"), ("55%", pale), ("100%", light)], "50%", "42%", "70%")
    d += lin("edge", [("0%", GOLD_L), ("50%", GOLD), ("100%", GOLD_D)], "0%", "0%", "100%", "100%")
    return d


def make_card(name):
    base, dark, light, pale = PAL[name]
    food = FOOD[name]()
    # food() may define its own <defs>; merge by emitting shell defs first
    b = "<defs>\n" + card_shell_defs(name) + "</defs>\n"
    # body: thickness edge, tinted frame, gold line, cream paper
    b += f'<rect x="1" y="2.5" width="248" height="346.5" rx="16" fill="{dark}"/>\n'
    b += '<rect x="1" y="1" width="248" height="345" rx="16" fill="url(#frame)"/>\n'
    b += '<rect x="5.5" y="5.5" width="239" height="336" rx="12" fill="none" stroke="url(#edge)" stroke-width="1.6"/>\n'
    b += '<rect x="11" y="11" width="228" height="324" rx="9" fill="url(#paper)"/>\n'
    # illustration window
    b += f'<rect x="18" y="18" width="214" height="256" rx="7" fill="url(#win)" stroke="{dark}" stroke-width="1.4" stroke-opacity="0.6"/>\n'
    # faint seigaiha arcs along the window bottom
    arcs = ""
    for i in range(6):
        x = 18 + 36 * i + 18
        for rr in (16, 11, 6):
            arcs += f"M{x - rr},274 A{rr},{rr} 0 0 1 {x + rr},274 "
    b += f'<path d="{arcs.strip()}" fill="none" stroke="{base}" stroke-width="1.3" stroke-opacity="0.28"/>\n'
    b += food
    # name strip rule (the game prints the English name below it) and a small ornament
    b += f'<path d="M30,281 H220" stroke="{base}" stroke-width="1.4" stroke-opacity="0.7"/>\n'
    # corner badge: tinted disc with gold rim, cream icon shape
    b += f'<circle cx="42" cy="43" r="27" fill="{dark}" fill-opacity="0.3"/>\n'
    b += f'<circle cx="41" cy="41" r="26" fill="url(#frame)" stroke="url(#edge)" stroke-width="3.2"/>\n'
    b += icon_shape(name, "#fff8e8", dark, 2, 41, 41.5, 0.76)
    return svg(250, 350, f"Sushi Draft card: {name}", b)


def make_back():
    d = "<defs>\n"
    d += lin("ind", [("0%", "#2e4a78"), ("100%", "#1b2c4c")])
    d += rad("wave", [("0", "#2a4470"), ("0.16", "#2a4470"), ("0.16", "#6f8fbf"), ("0.22", "#6f8fbf"),
                      ("0.22", "#263e68"), ("0.42", "#263e68"), ("0.42", "#6f8fbf"), ("0.48", "#6f8fbf"),
                      ("0.48", "#223a62"), ("0.68", "#223a62"), ("0.68", "#6f8fbf"), ("0.74", "#6f8fbf"),
                      ("0.74", "#1e355b"), ("0.92", "#1e355b"), ("0.92", "#8ea9d2"), ("1", "#8ea9d2")])
    d += lin("edge", [("0%", GOLD_L), ("50%", GOLD), ("100%", GOLD_D)], "0%", "0%", "100%", "100%")
    d += rad("medal", [("0%", "#e4614a"), ("100%", "#a8301f")], "45%", "40%", "60%")
    d += "</defs>\n"
    b = d
    b += '<rect x="1" y="2.5" width="248" height="346.5" rx="16" fill="#0f1a2e"/>\n'
    b += '<rect x="1" y="1" width="248" height="345" rx="16" fill="url(#ind)"/>\n'
    # seigaiha: rows of ringed circles, each row drawn over the one above; radius and
    # positions chosen so that no circle reaches outside the card body
    R = 20.5
    rows = ""
    for k in range(30):
        y = 22 + k * R / 2
        xs = [125 + j * 2 * R for j in range(-2, 3)] if k % 2 == 0 else [125 + j * R for j in (-5, -3, -1, 1, 3, 5)]
        rows += "".join(f'<circle cx="{f(x)}" cy="{f(y)}" r="{R}"/>' for x in xs) + "\n"
    b += f'<g fill="url(#wave)">\n{rows}</g>\n'
    # frame band over the pattern edges (covers circles that reach past the panel)
    b += '<path d="M1,17 A16,16 0 0 1 17,1 H233 A16,16 0 0 1 249,17 V330 A16,16 0 0 1 233,346 H17 A16,16 0 0 1 1,330 Z '
    b += 'M22,16 Q16,16 16,22 V325 Q16,331 22,331 H228 Q234,331 234,325 V22 Q234,16 228,16 Z" fill="#1b2c4c" fill-rule="evenodd"/>\n'
    b += '<rect x="5.5" y="5.5" width="239" height="336" rx="12" fill="none" stroke="url(#edge)" stroke-width="2.2"/>\n'
    b += '<rect x="16" y="16" width="218" height="315" rx="6" fill="none" stroke="url(#edge)" stroke-width="2.4"/>\n'
    b += '<rect x="21" y="21" width="208" height="305" rx="4" fill="none" stroke="#c9a227" stroke-width="0.9" stroke-opacity="0.7"/>\n'
    # corner ornaments
    for x, y in ((16, 16), (234, 16), (16, 331), (234, 331)):
        b += f'<path d="M{x},{y - 7} L{x + 7},{y} L{x},{y + 7} L{x - 7},{y} Z" fill="url(#edge)" stroke="#5e4714" stroke-width="0.8"/>\n'
    # central medallion: vermilion disc, gold rings, cream maki crest
    cx, cy = 125, 173.5
    b += f'<circle cx="{cx}" cy="{cy + 3}" r="58" fill="#000000" fill-opacity="0.3"/>\n'
    b += f'<circle cx="{cx}" cy="{cy}" r="58" fill="url(#edge)"/>\n'
    b += f'<circle cx="{cx}" cy="{cy}" r="52" fill="url(#medal)" stroke="#5e4714" stroke-width="1"/>\n'
    b += f'<circle cx="{cx}" cy="{cy}" r="45" fill="none" stroke="#f3ead7" stroke-width="1.6"/>\n'
    # crest: three maki slices in a triangle (cream rings with vermilion centre)
    for i in range(3):
        a = math.radians(-90 + i * 120)
        x, y = cx + 20 * math.cos(a), cy + 20 * math.sin(a)
        b += f'<circle cx="{f(x)}" cy="{f(y)}" r="15" fill="#f3ead7"/>\n'
        b += f'<circle cx="{f(x)}" cy="{f(y)}" r="9.5" fill="#1b2c4c"/>\n'
        b += f'<circle cx="{f(x)}" cy="{f(y)}" r="5.2" fill="#ecd68a"/>\n'
    return svg(250, 350, "Sushi Draft card back", b)


# ---------------------------------------------------------------------------- chips

def chip_defs(name, face):
    base, dark, light, pale = PAL[name]
    d = lin("rim", [("0%", "#fbf0c8"), ("55%", "#e2c46e"), ("100%", "#a88330")], "15%", "10%", "85%", "90%")
    if face:
        d += rad("disc", [("0%", pale), ("100%", light)], "42%", "38%", "65%")
    else:
        d += rad("disc", [("0%", light), ("100%", dark)], "42%", "38%", "70%")
    return "<defs>\n" + d + "</defs>\n"


def make_chip(name, face):
    base, dark, light, pale = PAL[name]
    b = chip_defs(name, face)
    b += '<circle cx="61.5" cy="62.5" r="56" fill="#000000" fill-opacity="0.28"/>\n'
    b += '<circle cx="60" cy="60" r="56" fill="url(#rim)" stroke="#5e4714" stroke-width="1.5"/>\n'
    b += f'<circle cx="60" cy="60" r="48" fill="url(#disc)" stroke="#5e4714" stroke-width="1.2"/>\n'
    # edge spots like a gaming chip
    spot = "#fff7e2" if not face else base
    for i in range(8):
        a = i * 45 + 22.5
        b += (f'<rect x="56" y="5.5" width="8" height="8" rx="1.5" fill="{spot}" stroke="#5e4714" stroke-width="0.8" '
              f'transform="rotate({a} 60 60)"/>\n')
    if face:
        b += f'<circle cx="60" cy="60" r="41" fill="none" stroke="{base}" stroke-width="1.4" stroke-dasharray="3 3"/>\n'
        b += f'<circle cx="60" cy="62" r="31" fill="{dark}" fill-opacity="0.25"/>\n'
        b += f'<circle cx="60" cy="61" r="30" fill="#fbf6e9" stroke="{dark}" stroke-width="1.6"/>\n'
        b += icon_shape(name, base, dark, 2.2, 60, 20, 0.3)
    else:
        b += f'<circle cx="60" cy="60" r="40" fill="none" stroke="#fff7e2" stroke-width="1.4" stroke-opacity="0.6"/>\n'
        b += icon_shape(name, dark, None, 0, 61, 62, 1.05)
        b += icon_shape(name, "#fff7e2", dark, 1.5, 60, 60, 1.05)
        b += f'<path d="M26,44 A38,38 0 0 1 60,22" fill="none" stroke="#ffffff" stroke-width="3" stroke-opacity="0.3" stroke-linecap="round"/>\n'
    kind = "face up" if face else "face down"
    return svg(120, 120, f"Sushi Draft chip, {name}, {kind}", b)


# ---------------------------------------------------------------------------- plate, mat, logo

def make_plate():
    d = "<defs>\n"
    d += lin("rim", [("0%", "#b7773a"), ("40%", "#6e4322"), ("100%", "#2e1c12")], "0%", "0%", "35%", "100%")
    d += rad("well", [("0%", "#40342c"), ("65%", "#2a211c"), ("100%", "#1a1411")], "45%", "38%", "70%")
    d += "</defs>\n"
    b = d
    b += '<rect x="8" y="14" width="288" height="182" rx="62" fill="#000000" fill-opacity="0.3"/>\n'
    b += '<rect x="4" y="6" width="292" height="184" rx="62" fill="url(#rim)" stroke="#1a100a" stroke-width="1.6"/>\n'
    # glaze breaking to amber on the rim (tenmoku-like), then the dark well
    b += '<rect x="13" y="14" width="274" height="168" rx="54" fill="#3a2a20" stroke="#c08a4a" stroke-width="1.2" stroke-opacity="0.6"/>\n'
    sp = ""
    for i in range(30):
        a = i * 2.399
        x = 150 + 136 * math.cos(a)
        y = 98 + 87 * math.sin(a)
        sp += f'<circle cx="{f(x)}" cy="{f(y)}" r="{0.9 + (i % 3) * 0.4:g}"/>'
    b += f'<g fill="#f0c98a" fill-opacity="0.45">{sp}</g>\n'
    b += '<rect x="22" y="22" width="256" height="152" rx="46" fill="url(#well)"/>\n'
    b += '<rect x="23" y="24" width="254" height="149" rx="45" fill="none" stroke="#000000" stroke-width="3" stroke-opacity="0.3"/>\n'
    # glaze highlights
    b += '<path d="M60,11 Q150,6 240,11" fill="none" stroke="#ffe2b0" stroke-width="3" stroke-opacity="0.45" stroke-linecap="round"/>\n'
    b += '<path d="M52,34 Q90,26 140,26" fill="none" stroke="#ffffff" stroke-width="7" stroke-opacity="0.08" stroke-linecap="round"/>\n'
    b += '<path d="M250,160 Q270,140 272,112" fill="none" stroke="#ffffff" stroke-width="3" stroke-opacity="0.07" stroke-linecap="round"/>\n'
    return svg(300, 200, "Sushi Draft plate (drop target for eaten cards)", b)


def make_mat():
    d = "<defs>\n"
    d += lin("slat", [("0%", "#e9d79e"), ("45%", "#d2b96f"), ("100%", "#a88c45")])
    d += "</defs>\n"
    b = d
    b += '<rect x="6" y="8" width="190" height="250" rx="8" fill="#000000" fill-opacity="0.28"/>\n'
    b += '<rect x="4" y="4" width="192" height="250" rx="8" fill="#7a6430"/>\n'
    n = 25
    h = 250 / n
    for i in range(n):
        y = 4 + i * h
        b += f'<rect x="4" y="{f(y + 0.5)}" width="192" height="{f(h - 1)}" rx="{f((h - 1) / 2)}" fill="url(#slat)"/>\n'
    # bamboo nodes
    nodes = ""
    for i in range(n):
        y = 4 + i * h + 0.5
        x = 30 + (i * 37) % 140
        nodes += f"M{x},{f(y + 1)} V{f(y + h - 2)} "
    b += f'<path d="{nodes.strip()}" stroke="#8f7538" stroke-width="1.6" stroke-opacity="0.7"/>\n'
    # ties (cotton strings) running across the slats
    for x in (17, 183):
        b += f'<path d="M{x},4 V254" stroke="#f4efe2" stroke-width="2.4"/>\n'
        b += f'<path d="M{x + 1.2},4 V254" stroke="#9b8a60" stroke-width="0.8" stroke-dasharray="2 8"/>\n'
    # the slot where the kept card goes (5:7), a soft recess
    b += '<rect x="30" y="24" width="140" height="210" rx="10" fill="#3d2f12" fill-opacity="0.22"/>\n'
    b += '<rect x="30" y="24" width="140" height="210" rx="10" fill="none" stroke="#fff6dc" stroke-width="2" stroke-opacity="0.75" stroke-dasharray="10 6"/>\n'
    b += '<rect x="4" y="4" width="192" height="250" rx="8" fill="none" stroke="#5a4620" stroke-width="1.6"/>\n'
    return svg(200, 260, "Sushi Draft keep mat (makisu)", b)


def make_logo():
    d = "<defs>\n"
    d += rad("sun", [("0%", "#e2654d"), ("100%", "#a8301f")], "45%", "38%", "65%")
    d += lin("rim", [("0%", "#fbf0c8"), ("55%", "#e2c46e"), ("100%", "#a88330")], "15%", "10%", "85%", "90%")
    d += rad("plate", [("0%", "#fffdf6"), ("100%", "#e6dcc3")], "45%", "40%", "60%")
    d += lin("rice", [("0%", "#fffef8"), ("100%", "#e4dac2")])
    d += lin("fish", [("0%", "#ea6679"), ("55%", "#cc3149"), ("100%", "#9b1a31")], "30%", "0%", "60%", "100%")
    d += lin("stick", [("0%", "#3a2a1e"), ("100%", "#1f1510")], "0%", "0%", "100%", "0%")
    d += "</defs>\n"
    b = d
    b += '<circle cx="130" cy="132" r="120" fill="#000000" fill-opacity="0.25"/>\n'
    b += '<circle cx="128" cy="128" r="120" fill="url(#rim)" stroke="#5e4714" stroke-width="2"/>\n'
    b += '<circle cx="128" cy="128" r="110" fill="url(#sun)"/>\n'
    b += '<circle cx="128" cy="128" r="101" fill="none" stroke="#f3ead7" stroke-width="2.5" stroke-opacity="0.8"/>\n'
    # plate
    b += '<ellipse cx="128" cy="156" rx="92" ry="44" fill="#000000" fill-opacity="0.25"/>\n'
    b += '<ellipse cx="128" cy="150" rx="92" ry="44" fill="url(#plate)" stroke="#8f6f1c" stroke-width="2"/>\n'
    b += '<ellipse cx="128" cy="150" rx="76" ry="34" fill="none" stroke="#1b2c4c" stroke-width="3" stroke-opacity="0.8"/>\n'
    # nigiri (scaled copy of the tuna drawing)
    g = '<g transform="translate(128 140) scale(0.72) translate(-125 -165)">\n'
    g += '<ellipse cx="125" cy="220" rx="92" ry="14" fill="#000000" fill-opacity="0.18"/>\n'
    g += '<path d="M46,170 Q44,212 80,216 L170,216 Q206,212 204,170 Z" fill="#e2d7bd"/>\n'
    g += '<rect x="44" y="128" width="162" height="86" rx="40" fill="url(#rice)" stroke="#cdbf9e" stroke-width="2"/>\n'
    g += ('<path d="M30,160 Q36,120 84,108 Q128,96 176,106 Q218,116 224,150 Q226,164 214,166 '
          'Q192,154 150,158 Q100,164 58,180 Q34,186 30,160 Z" fill="url(#fish)" stroke="#7e1428" stroke-width="2"/>\n')
    g += ('<path d="M62,116 Q74,140 66,172 M96,106 Q110,132 102,163 M132,101 Q146,126 140,158 '
          'M166,104 Q180,128 176,155 M198,116 Q208,136 206,158" fill="none" stroke="#ffd9de" '
          'stroke-width="3.5" stroke-opacity="0.55" stroke-linecap="round"/>\n')
    g += ('<path d="M52,140 Q70,116 112,110 Q150,104 190,114" fill="none" stroke="#ffffff" '
          'stroke-width="6" stroke-opacity="0.45" stroke-linecap="round"/>\n')
    g += "</g>\n"
    b += g
    # chopsticks
    b += ('<path d="M58,74 L214,42 L215,47 L60,80 Z" fill="url(#stick)"/>\n'
          '<path d="M66,92 L220,68 L220.5,73 L67,98 Z" fill="url(#stick)"/>\n'
          '<path d="M188,47 L214,42 L215,47 L189,52.5 Z M194,72 L220,68 L220.5,73 L195,77 Z" fill="#c9a227"/>\n')
    return svg(256, 256, "Sushi Draft logo", b)


def main():
    make_icons()
    for name in FOOD:
        (OUT / f"card_{name}.svg").write_text(make_card(name))
    (OUT / "card_back.svg").write_text(make_back())
    for p in ("tuna", "shrimp", "salmon", "cucumber", "mackerel", "dessert"):
        (OUT / f"chip_{p}.svg").write_text(make_chip(p, False))
        (OUT / f"chip_face_{p}.svg").write_text(make_chip(p, True))
    (OUT / "plate.svg").write_text(make_plate())
    (OUT / "keep_mat.svg").write_text(make_mat())
    (OUT / "sushi_logo.svg").write_text(make_logo())


if __name__ == "__main__":
    main()
