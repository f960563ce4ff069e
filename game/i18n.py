"""Tatami's languages: gettext catalogs managed with Babel (issue 12).

Every text a player sees goes through this module, looked up at the moment it is shown, so a
language chosen in the settings takes effect at once, without a restart:

* ``_("Undo")`` — a whole sentence or label (``gettext``);
* ``ngettext("{n} card left", "{n} cards left", n).format(n=n)`` — a count (``ngettext``);
* ``pgettext("menu", "Play")`` — the same English words with two meanings;
* ``N_("Red")`` — marks a text for the catalogs where it is defined (a module constant) without
  translating it; the code that shows it calls ``_()`` on it then.

Sentences are whole, with named placeholders (``{seat}``), never glued from translated pieces.

Catalogs: ``game/locale/<lang>/LC_MESSAGES/tatami.po`` (``es``, ``ja``), the template
``game/locale/tatami.pot``; ``tools/i18n.py`` extracts, updates and compiles them with Babel
(``python tools/i18n.py extract|update|compile|check``). The compiled ``.mo`` files are made by the
build steps (``dev.py``, ``build.spec``) and not committed. Where a ``.mo`` is missing or older than
its ``.po`` (a source checkout just edited) and Babel is installed, the ``.po`` is compiled in
memory; without either, English is shown and :func:`load_problem` says why (one line).

The language: :func:`set_language` (the settings' choice, ``tatami --lang``, ``TATAMI_LANG``);
by default the system locale's (:func:`system_language`). English is the source language (no
catalog). ``pseudo`` is a test language (:class:`PseudoTranslations`): every text visibly
transformed and bracketed, so a text on screen that bypassed the catalogs stands out.
"""

from __future__ import annotations

import gettext as _gettext
import importlib
import io
import locale as _locale
import os
import re
import sys
from pathlib import Path
from typing import Callable

from game import environ, system

DOMAIN = "tatami"
#: The languages a player can choose, in the order the settings show them.
LANGUAGES: tuple[str, ...] = ("en", "es", "ja")
#: Each language's own name (shown untranslated, so a player finds theirs in any language).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "ja": "日本語"}
#: The test language (not offered to players): every text transformed, see :class:`PseudoTranslations`.
PSEUDO = "pseudo"
SOURCE_LANGUAGE = "en"
#: The environment variable that picks the language (``tatami --lang`` wins over it).
ENV_VAR = environ.LANG


def locale_dir() -> Path:
    """Directory holding ``<lang>/LC_MESSAGES/tatami.po|.mo``: next to this module (also inside a
    PyInstaller bundle, where build.spec puts it under ``game/locale``)."""
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass) / "game" / "locale"
    return Path(__file__).resolve().parent / "locale"


def po_path(lang: str) -> Path:
    """The catalog source of ``lang`` (``game/locale/<lang>/LC_MESSAGES/tatami.po``)."""
    return locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """The compiled catalog of ``lang`` (next to its ``.po``)."""
    return po_path(lang).with_suffix(".mo")


_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd])")
_PSEUDO_MAP = str.maketrans(
    "aeiouAEIOUcnsyzCNSYZ",
    "àéîõüÅÉÎÕÜçñšýžÇÑŠÝŽ",
)


def pseudo(text: str) -> str:
    """The pseudo-language form of ``text``: ``"⟦Ûñdõ⟧"``-like — vowels and a few consonants
    accented, placeholders (``{seat}``) kept, wrapped in ``[`` ``]``, a third longer (``~``
    padding) so that layouts meet longer languages. Empty text stays empty."""
    if not text:
        return text
    parts = _PLACEHOLDER.split(text)
    out = "".join(p if i % 2 else p.translate(_PSEUDO_MAP) for i, p in enumerate(parts))
    pad = "~" * max(1, len(text) // 3)
    return f"[{out}{pad}]"


def is_pseudo(text: str) -> bool:
    """True if ``text`` holds a pseudo-language text (a ``[`` … ``~]`` span), i.e. went through
    the catalogs under :data:`PSEUDO`."""
    return "[" in text and "~]" in text


_LETTER = "A-Za-zÀ-ÖØ-öø-ÿ"
_PLAIN_WORD = re.compile(f"[{_LETTER}]*[aeiouAEIOU][{_LETTER}]*")
#: Words shown on purpose in no language's catalog: the app's name and each language's own name.
UNTRANSLATED_WORDS = frozenset({"Tatami"} | {w for n in LANGUAGE_NAMES.values() for w in n.split()})


def plain_words(text: str) -> list[str]:
    """The English-looking words of ``text`` as shown under :data:`PSEUDO`: runs of ASCII letters
    holding an unaccented vowel (the pseudo transform accents every vowel), two letters or more,
    other than :data:`UNTRANSLATED_WORDS`. Under the pseudo language a drawn text with such a word
    bypassed the catalogs (or shows data such as a typed name). Works on any piece of a wrapped
    line, unlike :func:`is_pseudo`."""
    return [w for w in _PLAIN_WORD.findall(text) if len(w) >= 2 and w not in UNTRANSLATED_WORDS]


class PseudoTranslations(_gettext.NullTranslations):
    """The test language: every message through :func:`pseudo` (plural forms chosen as in
    English). The self-test runs under it and fails on any text drawn without its marks."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_problem: str | None = None
_cache: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []


def _compile_in_memory(po: Path) -> _gettext.GNUTranslations:
    """Compile ``po`` with Babel in memory (a source checkout without a fresh ``.mo``).

    Raises ImportError without Babel, OSError / ValueError on an unreadable catalog."""
    pofile = importlib.import_module("babel.messages.pofile")  # by name: never bundled
    mofile = importlib.import_module("babel.messages.mofile")
    with open(po, "rb") as f:
        catalog = pofile.read_po(f)
    buf = io.BytesIO()
    mofile.write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def translations(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang`` (cached). English and unknown codes: no catalog.

    Raises OSError (no catalog) or ValueError / ImportError (unreadable, or a stale ``.mo`` and no
    Babel to compile the ``.po``); :func:`set_language` turns these into :func:`load_problem`."""
    if lang in _cache:
        return _cache[lang]
    if lang == PSEUDO:
        t: _gettext.NullTranslations = PseudoTranslations()
    elif lang == SOURCE_LANGUAGE:
        t = _gettext.NullTranslations()
    else:
        po, mo = po_path(lang), mo_path(lang)
        frozen = bool(getattr(sys, "frozen", False))
        fresh_mo = mo.exists() and (frozen or not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime)
        if fresh_mo:
            with open(mo, "rb") as f:
                t = _gettext.GNUTranslations(f)
        elif po.exists():
            t = _compile_in_memory(po)
        else:
            raise OSError(f"no catalog for language {lang!r} in {locale_dir()}")
    _cache[lang] = t
    return t


def catalog_pairs(lang: str) -> list[tuple[str, str]]:
    """Every ``(English text, its text in lang)`` of ``lang``'s catalog: each msgid (a plural's
    two English forms too) with its translation (each plural form; the context dropped). Empty
    for English and the pseudo language. The layout check reads it to find a text on screen kept
    from another language. Raises as :func:`translations` does."""
    t = translations(lang)
    catalog = getattr(t, "_catalog", None)  # gettext.GNUTranslations' table (msgid -> msgstr)
    if not isinstance(catalog, dict):
        return []
    plurals: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    for key, text in catalog.items():
        if isinstance(key, tuple):
            msgid = key[0].split("\x04")[-1]
            pairs.append((msgid, text))
            plurals.setdefault(msgid, text)
        elif key:
            pairs.append((key.split("\x04")[-1], text))
    return [(en, tr) for en, tr in pairs if en and tr]


def normalize(code: str | None) -> str | None:
    """A language code as Tatami knows it (``"es_ES.UTF-8"`` -> ``"es"``), or None if it is not one
    of :data:`LANGUAGES` (or :data:`PSEUDO`)."""
    if not code:
        return None
    code = code.strip().lower()
    if code == PSEUDO:
        return PSEUDO
    base = re.split(r"[_.@-]", code, maxsplit=1)[0]
    return base if base in LANGUAGES else None


def system_language() -> str:
    """The system's language if Tatami speaks it, else English: on Windows the desktop's UI
    language (:func:`game.system.ui_language`; ``locale.getlocale()`` there says
    "Japanese_Japan"), then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the OS
    locale."""
    found = normalize(system.ui_language())
    if found:
        return found
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in os.environ.get(var, "").split(":"):
            found = normalize(part)
            if found and found != PSEUDO:
                return found
    try:
        code = _locale.getlocale()[0]
    except ValueError:
        code = None
    return normalize(code) or SOURCE_LANGUAGE


def set_language(lang: str | None) -> str:
    """Show every text in ``lang`` from now on (None or unknown: the system language; a catalog
    that cannot be loaded: English, with :func:`load_problem` saying why). Listeners registered
    with :func:`on_change` are called when the language changes. Returns the language in use."""
    global _current, _language, _problem
    code = normalize(lang) or system_language()
    try:
        t = translations(code)
        _problem = None
    except (OSError, ValueError, ImportError) as exc:
        _problem = f"language {code!r} is not available ({exc}); showing English"
        code, t = SOURCE_LANGUAGE, _gettext.NullTranslations()
    changed = code != _language
    _current, _language = t, code
    if changed:
        for listener in list(_listeners):
            listener(code)
    return code


def language() -> str:
    """The language in use (``"en"``, ``"es"``, ``"ja"`` or :data:`PSEUDO`)."""
    return _language


def load_problem() -> str | None:
    """One line saying why the last :func:`set_language` fell back to English, else None."""
    return _problem


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(lang)`` after every language change; returns a function that removes it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def _(message: str) -> str:
    """``message`` (the English text, a catalog msgid) in the language in use."""
    return _current.gettext(message)


def gettext(message: str) -> str:
    """Same as :func:`_`."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text for ``n`` in the language in use (its own plural rules: Japanese
    has one form, Spanish two). The caller fills ``{n}`` (or its own placeholders) with
    ``.format``."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` (e.g. ``pgettext("verb", "Pass")``)."""
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (translated where it is shown)."""
    return message


def init_from_env() -> str:
    """Pick the language from ``TATAMI_LANG``, else the system's (the headless commands and the
    app before its settings are read)."""
    return set_language(environ.language())
