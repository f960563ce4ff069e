"""The words every game's sentences share (headless): lists, seat names, "you".

The games' telling modules (``game/<name>/telling.py``) and the outcome sentences build on these:
a list in the language in use (:func:`join_list`), a seat's name (:func:`seat_name`), the person's
own seat as "you" (:func:`is_you`, :func:`name_in_sentence`) and the second-person variant of a
template (:func:`pick_template`). Everything translates when called (:mod:`game.i18n`).
:mod:`game.core` offers every name here again.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from .i18n import _, pgettext


def join_list(items: Sequence[str]) -> str:
    """A list in the language in use: ``"a"``, ``"a and b"``, ``"a, b and c"`` in English (``""``
    for none), through the catalogs' list patterns. Used by every game's event sentences and
    outcome descriptions."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    # Translators: the last two items of a list ("Ana and Ben", "tuna, shrimp and wild")
    out = _("{first} and {last}").format(first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        # Translators: an item of a list followed by the rest of the list ("Ana, Ben and Cy")
        out = _("{first}, {rest}").format(first=item, rest=out)
    return out


#: The earlier name of :func:`join_list` (an English-only list before issue 12).
english_list = join_list


def is_you(name: str) -> bool:
    """True when the seat name ``name`` is the person's own, "You" (in the language in use, or
    in English as an older save may hold it): a sentence about that seat takes its
    second-person template."""
    # Translators: the name of the person's own seat, as sentences of the game log use it
    return name == _("You") or name == "You"


def name_in_sentence(name: str) -> str:
    """A seat name as it stands inside a sentence, after its first word: the person's own seat
    (:func:`is_you`) is "you" in its mid-sentence form ("…; you and Ana tied on 40 strokes"); any
    other name as it is."""
    if is_you(name):
        # Translators: the person's own seat named in the middle of a sentence or list ("…; you and Ana tied")
        return pgettext("seat name mid-sentence", "you")
    return name


def pick_template(templates: Mapping[str, Callable[[int], str]], key: str, subject: str | None = None,
                  n: int = 0) -> str:
    """``templates[key]`` in the language in use, for the count ``n``: the ``key + "/you"``
    variant (a whole second-person sentence) when ``subject`` (the subject seat's name) is the
    person (:func:`is_you`) and ``templates`` has one. Each value translates when called (a
    plural form picked by ``n``). KeyError for an unknown ``key``."""
    if subject is not None and is_you(subject):
        you = templates.get(key + "/you")
        if you is not None:
            return you(n)
    return templates[key](n)


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """``names[seat]``; ``"Seat N"`` when ``names`` is too short, ``"Nobody"`` for None (never
    raises for an int)."""
    if seat is None:
        # Translators: in a game sentence, the seat name when no seat is concerned
        return _("Nobody")
    # Translators: the name of a seat without a player name; {n} is its number
    return names[seat] if 0 <= seat < len(names) else _("Seat {n}").format(n=seat)
