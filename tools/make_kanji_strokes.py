#!/usr/bin/env python3
"""Generate game/kanji/strokes.json, Kanji-zushi's stroke-order data (issue 37), from real sources.

For every character Kanji-zushi can form (every character of the pairs table in the committed
game/kanji/kanji_zushi.json: the Jōyō ones and the non-Jōyō ones a wrong attempt forms) and every
neta and shari card, the strokes in order as point lists, flattened from KanjiVG's SVG paths at
data-build time (the app never parses SVG and never imports ``kanjivg``); for each formed
character, which strokes are its left half and which its right half (KanjiVG's
kvg:position="left"/"right" groups); the stroke-number label positions (KanjiVG's StrokeNumbers
group); the JLPT level (PyPI ``kanji-lists``, Jonathan Waller's lists); and, for the card halves
that the pairs table does not describe, KANJIDIC2's stroke count, grade, meanings and readings.
The build and the tests never run this script: its output is committed, and the game reads it with
game/kanji/strokes.py.

Why a tool of its own rather than more of tools/make_kanji_data.py: it reads the pairs from the
committed kanji_zushi.json instead of re-deriving them, so it needs neither cjk-decomp, CHISE IDS
nor the Unicode data, and a stroke-data change (tolerance, a KanjiVG release) never risks the
rules' data; it reuses that tool's KANJIDIC2 and KanjiVG readers.

Inputs (all read locally; nothing is downloaded by the script):
  * game/kanji/kanji_zushi.json -- which characters the pairs form (tools/make_kanji_data.py).
  * KanjiVG -- PyPI package ``kanjivg`` (``kanji/NNNNN.svg``, the main files; not the -Kaisho
    and other variants), CC BY-SA 3.0.  A card half with no file of its own (亍, 翟, and ⿱幺夂,
    which has no code point) takes the strokes of the right group of the first character (in
    neta order) that it forms: 亍 from 行, 翟 from 曜's family, ⿱幺夂 from 後; the entry says so
    ("from").  A character with neither is listed under "missing".
  * kanji-lists -- PyPI package ``kanji-lists`` (MIT, Daniel Lemm): ``JLPT.N1`` .. ``JLPT.N5``,
    Jonathan Waller's JLPT kanji lists (tanos.co.uk).  The JLPT has published no official kanji
    list since 2010; these levels are the widely used estimate.
  * KANJIDIC2 -- Debian package ``kanjidic-xml`` (/usr/share/edict/kanjidic2.xml.gz): facts of
    the card halves that are characters of their own (木, 寺, ...).

Paths: every SVG path command KanjiVG uses (M, L, H, V, C, S, Q, T, Z, absolute and relative)
is turned into points; each Bézier curve is split until its control points lie within TOLERANCE
box units of the chord, so the polyline strays at most that far from the curve.  Coordinates are
rounded to one decimal, in KanjiVG's 109x109 box (x right, y down).

How to run (a scratch venv; any Python >= 3.11):
    apt-get install -y kanjidic-xml
    python3 -m venv /tmp/kzvenv
    /tmp/kzvenv/bin/pip install kanjivg==20260714 kanji-lists==0.2.0
    /tmp/kzvenv/bin/python tools/make_kanji_strokes.py          # writes the JSON, prints a report
    /tmp/kzvenv/bin/python tools/make_kanji_strokes.py --check  # exit 1 if the JSON would change
The output is deterministic: one entry per line, sorted, no timestamps, source versions.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from game.kanji import data as kd  # noqa: E402
from game.kanji import strokes as ks  # noqa: E402
from make_kanji_data import KANJIDIC2, _groups, _kvg, _local, kanjivg_dir, read_kanjidic2  # noqa: E402

OUT = ks.DATA_PATH
#: Largest distance, in box units, between a flattened stroke and KanjiVG's curve before rounding
#: (rounding to one decimal moves a point at most 0.07: within 0.5 in all).
TOLERANCE = 0.43
JLPT_LEVELS = (5, 4, 3, 2, 1)


# --------------------------------------------------------------------------------------------
# SVG paths -> points
# --------------------------------------------------------------------------------------------

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}


def _flat_enough(pts: list[tuple[float, float]], tol: float) -> bool:
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    for x, y in pts[1:-1]:
        if length < 1e-9:
            dist = ((x - x0) ** 2 + (y - y0) ** 2) ** 0.5
        else:
            dist = abs(dx * (y - y0) - dy * (x - x0)) / length
        if dist > tol:
            return False
    return True


def _split(pts: list[tuple[float, float]]) -> tuple[list, list]:
    """De Casteljau at t = 1/2 of a quadratic or cubic Bézier (its control points)."""
    levels = [pts]
    while len(levels[-1]) > 1:
        prev = levels[-1]
        levels.append([((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(prev, prev[1:])])
    return [lv[0] for lv in levels], [lv[-1] for lv in reversed(levels)]


def _flatten(pts: list[tuple[float, float]], tol: float, out: list, depth: int = 0) -> None:
    """Append the points after pts[0] of a flattened Bézier to ``out``: the control polygon is
    within ``tol`` of the chord, so the curve is too (it lies in the polygon's convex hull)."""
    if depth >= 16 or _flat_enough(pts, tol):
        out.append(pts[-1])
        return
    a, b = _split(pts)
    _flatten(a, tol, out, depth + 1)
    _flatten(b, tol, out, depth + 1)


def path_points(d: str, tol: float = TOLERANCE) -> list[tuple[float, float]]:
    """The polyline of an SVG path's ``d`` attribute (one KanjiVG stroke: one sub-path).

    Raises ValueError for an arc (A/a: KanjiVG uses none) or a malformed path."""
    tokens = _TOKEN.findall(d)
    out: list[tuple[float, float]] = []
    x = y = 0.0
    start = (0.0, 0.0)
    last_ctrl: tuple[float, float] | None = None  # reflected by S/T
    last_cmd = ""
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
        elif not cmd:
            raise ValueError(f"path starts with a number: {d!r}")
        up = cmd.upper()
        if up == "A":
            raise ValueError(f"arc in path: {d!r}")
        n = _ARITY[up]
        arg_tokens = tokens[i:i + n]
        if len(arg_tokens) < n or any(t.isalpha() for t in arg_tokens):
            raise ValueError(f"malformed path: {d!r}")
        args = [float(t) for t in arg_tokens]
        i += n
        rel = cmd.islower()
        if up == "Z":
            x, y = start
            out.append(start)
            last_ctrl = None
        elif up == "M":
            x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            start = (x, y)
            out.append((x, y))
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_ctrl = None
        elif up in "LHV":
            if up == "L":
                x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            elif up == "H":
                x = x + args[0] if rel else args[0]
            else:
                y = y + args[0] if rel else args[0]
            out.append((x, y))
            last_ctrl = None
        else:
            ox, oy = (x, y) if rel else (0.0, 0.0)
            pts = [(ox + args[k], oy + args[k + 1]) for k in range(0, n, 2)]
            if up in "ST":
                if last_ctrl is not None and last_cmd in (("C", "S") if up == "S" else ("Q", "T")):
                    reflected = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1])
                else:
                    reflected = (x, y)
                pts.insert(0, reflected)
            control = [(x, y)] + pts
            _flatten(control, tol, out)
            last_ctrl = control[-2]
            x, y = control[-1]
        last_cmd = up
    return out


def compact(points: list[tuple[float, float]]) -> list[float]:
    """Rounded to one decimal, consecutive duplicates dropped, flattened to [x0, y0, x1, y1, ...]
    (at least two points: a dot-like stroke keeps its start twice)."""
    flat: list[float] = []
    prev = None
    for px, py in points:
        p = (round(px, 1) + 0.0, round(py, 1) + 0.0)
        if p != prev:
            flat.extend(int(v) if v == int(v) else v for v in p)
            prev = p
    if len(flat) == 2:
        flat *= 2
    return flat


# --------------------------------------------------------------------------------------------
# KanjiVG files
# --------------------------------------------------------------------------------------------


def _svg(folder: Path, char: str) -> ET.Element | None:
    path = folder / f"{ord(char):05x}.svg"
    if not path.is_file():
        return None
    text = re.sub(r"<!DOCTYPE.*?\]>", "", path.read_text(encoding="utf-8"), count=1, flags=re.S)
    return ET.fromstring(text)


def _paths(el: ET.Element) -> list[ET.Element]:
    return [p for p in el.iter() if _local(p.tag) == "path"]


def _stroke_no(path: ET.Element) -> int:
    m = re.search(r"-s(\d+)$", path.get("id", ""))
    if not m:
        raise SystemExit(f"KanjiVG path without a stroke number: {path.get('id')}")
    return int(m.group(1))


def read_char(folder: Path, char: str) -> dict | None:
    """{"paths", "numbers", "halves" (or None), "root"} of ``char``'s KanjiVG file, or None."""
    root = _svg(folder, char)
    if root is None:
        return None
    cp = f"{ord(char):05x}"
    top = next(g for g in root.iter() if _local(g.tag) == "g" and g.get("id") == f"kvg:{cp}")
    paths = _paths(top)
    order = [_stroke_no(p) for p in paths]
    if order != list(range(1, len(paths) + 1)):
        raise SystemExit(f"{char}: KanjiVG strokes out of document order: {order}")
    numbers_group = next((g for g in root.iter() if _local(g.tag) == "g"
                          and g.get("id") == f"kvg:StrokeNumbers_{cp}"), None)
    numbers = []
    for text in (numbers_group if numbers_group is not None else []):
        m = re.fullmatch(r"matrix\(1 0 0 1 ([-\d.]+) ([-\d.]+)\)", text.get("transform", ""))
        numbers.append(compact([(float(m.group(1)), float(m.group(2)))])[:2] if m else None)
    if len(numbers) != len(paths) or None in numbers:
        numbers = None
    return {"paths": [compact(path_points(p.get("d", ""))) for p in paths], "numbers": numbers,
            "halves": _halves(top, paths), "top": top, "path_els": paths}


def _halves(top: ET.Element, paths: list[ET.Element]) -> dict | None:
    """{"left": [start, stop], "right": [start, stop]} (stroke indices, 0-based, stop exclusive)
    when KanjiVG splits the character into a left and a right group covering every stroke in
    order, else None."""
    node = top
    while len(_groups(node)) == 1 and not any(_local(c.tag) == "path" for c in node):
        node = _groups(node)[0]
    kids = [c for c in node]
    if len(kids) != 2 or [_kvg(k, "position") for k in kids] != ["left", "right"]:
        return None
    index = {id(p): i for i, p in enumerate(paths)}
    left = [index[id(p)] for p in _paths(kids[0])]
    right = [index[id(p)] for p in _paths(kids[1])]
    if left + right != list(range(len(paths))):
        return None
    return {"left": [0, len(left)], "right": [len(left), len(paths)]}


def _group_strokes(info: dict, side: str) -> tuple[list, list | None]:
    """The paths (and numbers) of the left or right group of a read character."""
    start, stop = info["halves"][side]
    numbers = info["numbers"][start:stop] if info["numbers"] else None
    return info["paths"][start:stop], numbers


# --------------------------------------------------------------------------------------------
# The file
# --------------------------------------------------------------------------------------------


def jlpt_levels() -> tuple[dict[str, int], str]:
    from kanji_lists import JLPT  # noqa: PLC0415 (maintainer-only dependency)

    levels: dict[str, int] = {}
    for n in JLPT_LEVELS:
        for ch in getattr(JLPT, f"N{n}"):
            levels.setdefault(ch, n)
    return levels, importlib.metadata.version("kanji-lists")


def build(args: argparse.Namespace) -> tuple[dict, list[str]]:
    """Read the sources and return (the data file's content, report lines for the maintainer).
    Raises SystemExit when a source breaks an assumption (a stroke count that differs from
    KANJIDIC2 for a Jōyō kanji, strokes out of order)."""
    report: list[str] = []
    folder, kv_version = kanjivg_dir()
    levels, kl_version = jlpt_levels()
    kanjidic, header = read_kanjidic2(args.kanjidic)
    zushi = kd.load_data()
    pairs = {(n, s): e["char"] for n, row in zushi["pairs"].items() for s, e in row.items()}
    formed = sorted(zushi["chars"])
    halves_names = list(kd.NETA) + [s for s in kd.SHARI if s not in kd.NETA]

    chars: dict[str, dict] = {}
    missing: dict[str, str] = {}
    read_cache: dict[str, dict | None] = {}

    def read(ch: str) -> dict | None:
        if ch not in read_cache:
            read_cache[ch] = read_char(folder, ch) if len(ch) == 1 else None
        return read_cache[ch]

    for ch in formed:
        info = read(ch)
        if info is None:
            missing[ch] = "KanjiVG has no file for it"
            continue
        entry = {"paths": info["paths"]}
        if info["numbers"]:
            entry["numbers"] = info["numbers"]
        if info["halves"]:
            entry["halves"] = info["halves"]
        else:
            report.append(f"{ch}: KanjiVG gives no left/right split covering its strokes")
        chars[ch] = entry
        want = zushi["chars"][ch].get("strokes")
        if want is not None and want != len(info["paths"]):
            line = f"{ch}: {len(info['paths'])} strokes in KanjiVG, {want} in KANJIDIC2"
            if zushi["chars"][ch]["joyo"]:
                raise SystemExit(line)
            report.append(line + " (not Jōyō)")

    for name in halves_names:
        info = read(name)
        if info is not None:
            entry = {"paths": info["paths"]}
            if info["numbers"]:
                entry["numbers"] = info["numbers"]
        else:
            is_neta = name in kd.NETA
            side = "left" if is_neta else "right"
            source = None
            for other in (kd.SHARI if is_neta else kd.NETA):
                pair = (name, other) if is_neta else (other, name)
                if pair in pairs and chars.get(pairs[pair], {}).get("halves"):
                    source = pairs[pair]
                    break
            if source is None:
                missing[name] = "KanjiVG has no file for it, and no formed character splits it"
                continue
            paths, numbers = _group_strokes(read(source), side)
            entry = {"paths": paths, "from": source}
            if numbers:
                entry["numbers"] = numbers
            report.append(f"{name}: no KanjiVG file; strokes of the {side} half of {source}")
        kdic = kanjidic.get(name)
        if name not in zushi["chars"] and kdic is not None:
            entry["facts"] = {k: kdic[k] for k in ("grade", "strokes", "meanings", "on", "kun")}
            if kdic["meanings_es"]:
                entry["facts"]["meanings_es"] = kdic["meanings_es"]
            if kdic["strokes"] != len(entry["paths"]):
                report.append(f"half {name}: {len(entry['paths'])} strokes in KanjiVG, "
                              f"{kdic['strokes']} in KANJIDIC2")
        chars.setdefault(name, entry)

    jlpt = {ch: levels[ch] for ch in sorted(set(chars) | set(missing)) if ch in levels}
    for ch, entry in chars.items():
        if ch in jlpt:
            entry["jlpt"] = jlpt[ch]

    kd_version = (f"database {header.get('database_version')} "
                  f"({header.get('date_of_creation')}), file_version {header.get('file_version')}")
    n_split = sum(1 for ch in formed if "halves" in chars.get(ch, {}))
    data = {
        "format": ks.FORMAT,
        "generated_by": "tools/make_kanji_strokes.py (do not edit by hand; re-run the script)",
        "licence": (
            "CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). The strokes are "
            "adapted from KanjiVG (Ulrich Apel, CC BY-SA 3.0, whose share-alike clause allows a "
            "later version), the facts of the card halves from KANJIDIC2 (EDRDG, CC BY-SA 4.0); "
            "the JLPT levels come from kanji-lists (MIT, Daniel Lemm), which compiles Jonathan "
            "Waller's JLPT lists (tanos.co.uk, Creative Commons Attribution); see \"sources\"."),
        "sources": {
            "kanjivg": {
                "name": "KanjiVG",
                "version": f"{kv_version} (PyPI package kanjivg)",
                "copyright": "Ulrich Apel and the KanjiVG contributors",
                "licence": "CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/)",
                "url": "https://kanjivg.tagaini.net",
                "used_for": "the strokes in order (paths flattened to points, within "
                            f"{TOLERANCE} units, in KanjiVG's 109x109 box), the stroke-number "
                            "positions, and which strokes are a character's left and right half",
            },
            "kanji-lists": {
                "name": "kanji-lists (Jonathan Waller's JLPT kanji lists, tanos.co.uk)",
                "version": f"{kl_version} (PyPI package kanji-lists; list JLPT.TANOS)",
                "copyright": "Daniel Lemm (kanji-lists); Jonathan Waller (the JLPT lists)",
                "licence": "MIT (kanji-lists); Creative Commons Attribution (the lists, "
                           "http://www.tanos.co.uk/jlpt/)",
                "url": "https://github.com/ffe4/kanji-lists",
                "used_for": "JLPT levels N5-N1 (unofficial: the JLPT has published no kanji list "
                            "since 2010)",
            },
            "kanjidic2": {
                "name": "KANJIDIC2",
                "version": kd_version + "; Debian package kanjidic-xml",
                "copyright": "James William Breen and The Electronic Dictionary Research and "
                             "Development Group",
                "licence": "CC BY-SA 4.0 (EDRDG Licence, "
                           "https://www.edrdg.org/edrdg/licence.html)",
                "url": "https://www.edrdg.org/wiki/index.php/KANJIDIC_Project",
                "used_for": "the facts of the card halves (\"facts\": grade, stroke count, "
                            "meanings, readings)",
            },
        },
        "box": [109, 109],
        "tolerance": TOLERANCE,
        "chars": chars,
        "missing": missing,
        "stats": {
            "formed": len(formed),
            "formed_with_paths": sum(1 for ch in formed if ch in chars),
            "formed_with_halves": n_split,
            "card_halves": len(halves_names),
            "card_halves_with_paths": sum(1 for h in halves_names if h in chars),
            "missing": len(missing),
            "with_jlpt": len(jlpt),
            "points": sum(len(p) // 2 for e in chars.values() for p in e["paths"]),
        },
    }
    return data, report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kanjidic", type=Path, default=KANJIDIC2)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the output file differs from a fresh build")
    args = ap.parse_args(argv)

    data, report = build(args)
    text = ks.serialize(data)
    for line in report:
        print("note:", line)
    print(json.dumps(data["stats"], ensure_ascii=False), "missing:", "".join(data["missing"]))
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is out of date", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text.encode('utf-8')):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
