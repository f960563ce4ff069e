#!/usr/bin/env python3
"""Tatami's translation catalogs, managed with Babel (issue 12; module doc of game/i18n.py).

    python tools/i18n.py extract    game/ and scenes/ -> game/locale/tatami.pot
    python tools/i18n.py update     extract, then merge the template into every .po (es, ja)
    python tools/i18n.py init LANG  a new catalog from the template
    python tools/i18n.py compile    every .po -> .mo (the build steps run this; .mo is not committed)
    python tools/i18n.py check      fail (exit 1, one line per problem) when a catalog is out of date
                                    with the source, incomplete, fuzzy or has a placeholder
                                    mismatch; the test suite runs the same check

Keywords: ``_``, ``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` and the marker ``N_``
(Babel's defaults). Locations are kept per file (no line numbers), so a catalog diff shows only
real text changes.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "tatami.pot"
DOMAIN = "tatami"
LANGS = ("es", "ja")


def pybabel(*args: str) -> None:
    """Run one ``pybabel`` command in the repository root (raises SystemExit on failure)."""
    import os

    from babel.messages.frontend import CommandLineInterface

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(cwd)


def extract(out: Path = POT) -> None:
    """Extract every marked text of game/ and scenes/ into ``out``."""
    pybabel("extract", "-F", "babel.cfg", "--add-location=file", "--sort-by-file", "--no-wrap",
            "--project=Tatami", "--copyright-holder=Tatami", "-c", "Translators:",
            "-o", str(out), ".")


def update() -> None:
    """Extract, then merge the template into each language's catalog (a missing one is made)."""
    extract()
    for lang in LANGS:
        if not (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").exists():
            init(lang)
        pybabel("update", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang,
                "--ignore-obsolete", "--no-fuzzy-matching", "--no-wrap")


def init(lang: str) -> None:
    pybabel("init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang, "--no-wrap")


def compile_all() -> None:
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.exists():
            pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "-l", lang)


_PLACEHOLDER = re.compile(r"\{([a-z_0-9]*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` of a text (``{{`` escapes excluded)."""
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def _key(message) -> tuple:
    mid = message.id if isinstance(message.id, tuple) else (message.id,)
    return (message.context or "",) + tuple(mid)


def problems() -> list[str]:
    """Everything wrong with the catalogs, one line each (empty when all is well)."""
    from babel.messages.pofile import read_po

    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh_path = Path(tmp) / "fresh.pot"
        extract(fresh_path)
        with open(fresh_path, "rb") as f:
            fresh = {_key(m): m for m in read_po(f) if m.id}
    if not POT.exists():
        return [f"{POT.relative_to(ROOT)} is missing: run python tools/i18n.py update"]
    with open(POT, "rb") as f:
        pot = {_key(m) for m in read_po(f) if m.id}
    if set(fresh) != pot:
        new, gone = set(fresh) - pot, pot - set(fresh)
        out.append(f"tatami.pot is out of date with the source ({len(new)} new, {len(gone)} gone, "
                   f"e.g. {sorted(new or gone)[0]!r}): run python tools/i18n.py update")
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.exists():
            out.append(f"{lang}: no catalog ({po.relative_to(ROOT)})")
            continue
        with open(po, "rb") as f:
            catalog = read_po(f)
        have = {_key(m): m for m in catalog if m.id}
        missing = [k for k in fresh if k not in have]
        if missing:
            out.append(f"{lang}: {len(missing)} texts missing, e.g. {missing[0]!r}")
        for key, m in have.items():
            if key not in fresh:
                out.append(f"{lang}: obsolete text {key!r}")
                continue
            strs = list(m.string) if isinstance(m.string, tuple) else [m.string]
            if m.fuzzy:
                out.append(f"{lang}: fuzzy {key!r}")
            if not all(strs):
                out.append(f"{lang}: untranslated {key!r}")
                continue
            ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
            want = set().union(*(placeholders(i) for i in ids))
            for s in strs:
                got = placeholders(s)
                # a plural form may leave out {n} (Japanese: one form; "one card" in words)
                if not got <= want or (not isinstance(m.id, tuple) and got != want):
                    out.append(f"{lang}: placeholders {sorted(got)} in {s!r} do not match "
                               f"{sorted(want)} of {key!r}")
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "init", "compile", "check"))
    parser.add_argument("lang", nargs="?")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "init":
        if not args.lang:
            parser.error("init needs a language code")
        init(args.lang)
    elif args.command == "compile":
        compile_all()
    else:
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
