"""A person's name as the server keeps it and tells it to every seat (issue 33, item 18).

A name comes from the network and is shown to the other players: what it reads as must be what it
is. :func:`clean_name` keeps the letters, marks, digits, punctuation, symbols and single spaces of
a name; it drops every control and format character (Unicode category C: direction overrides and
isolates such as U+202E and U+2066, zero-width spaces and joiners, the byte order mark, line
breaks), and line and paragraph separators, so no name can reverse or hide how the text after it
reads. The server cleans a name before it keeps it or tells it (``join``), and again when it
restores a table its database kept before this rule.
"""
from __future__ import annotations

import unicodedata

from .protocol import MAX_NAME

#: What a name that cleans to nothing is shown as.
NO_NAME = "?"


def clean_name(name: str, max_len: int = MAX_NAME) -> str:
    """``name`` in Unicode NFC without control, format or separator characters other than the
    space, its runs of spaces made one, trimmed, at most ``max_len`` characters; :data:`NO_NAME`
    when nothing is left.

    >>> clean_name("\\u202eevil\\u200b\\u2066x\\ufeff")
    'evilx'
    >>> clean_name("  Ana   María ")
    'Ana María'
    """
    text = unicodedata.normalize("NFC", name)
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Zs":
            kept.append(" ")
        elif category[0] != "C" and category not in ("Zl", "Zp"):
            kept.append(ch)
    cleaned = " ".join("".join(kept).split())[:max_len].strip()
    return cleaned or NO_NAME


__all__ = ["NO_NAME", "clean_name"]
