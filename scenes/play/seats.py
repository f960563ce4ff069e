"""Who sits at a seat: a human or an AI level, and how seats are named on screen.

The labels are English catalog texts (``N_``) translated where they are shown
(:func:`level_label`); :func:`default_names` and the list helpers translate at the moment of use
(game/i18n.py)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.i18n import N_, _, ngettext

#: The longest name a person can give a seat (characters): the setup screen's field, and what a saved
#: game or a recent game keeps of a longer one.
NAME_MAX = 16

#: What a seat can be: a person at this screen, or an AI level (game/ai LEVELS).
SEAT_KINDS: tuple[str, ...] = ("human", "random", "easy", "medium", "hard")

#: Display label per seat kind (English catalog texts: show them with :func:`level_label`).
LEVEL_LABEL: dict[str, str] = {
    "human": N_("Human"), "random": N_("Random AI"), "easy": N_("Easy AI"), "medium": N_("Medium AI"),
    "hard": N_("Hard AI"),
}
#: The label of an AI of unknown level.
AI_LABEL = N_("AI")
#: The default name of the one person playing against AIs.
# Translators: the name of the one person at the screen playing against AIs
YOU = N_("You")
#: The default name of a person in a game of several people ({n}: 1, 2, ...).
# Translators: the default name of a person in a game of several people at one screen ({n}: 1, 2, ...)
PLAYER_N = N_("Player {n}")
#: The default name of an AI sharing its level with another seat ("Medium AI 2"), per level.
NUMBERED_LABEL: dict[str, str] = {
    # Translators: {n} numbers the AIs of one level at the table ("Random AI 2")
    "random": N_("Random AI {n}"), "easy": N_("Easy AI {n}"), "medium": N_("Medium AI {n}"),
    "hard": N_("Hard AI {n}"), "": N_("AI {n}"),
}

#: Accent colour (RGB) of each seat in multi-seat games (Sushi Draft, Kanji-zushi), seat 0 first:
#: vermilion, indigo, pine, gold, plum, teal. The setup screen and the play scenes use the same order.
SEAT_RGB: tuple[tuple[int, int, int], ...] = (
    (200, 68, 47), (46, 94, 170), (64, 140, 86), (196, 146, 38), (128, 78, 160), (38, 138, 140),
)


def level_label(kind: str, default: str | None = None) -> str:
    """What plays a seat of ``kind``, in the language in use: "Human", "Hard AI"...; ``default``
    (shown as given) for an unknown kind, else "AI"."""
    if kind in LEVEL_LABEL:
        return _(LEVEL_LABEL[kind])
    return default if default is not None else _(AI_LABEL)


def ai_count(kind: str, n: int) -> str:
    """``n`` AIs of level ``kind`` as one phrase: "Hard AI" for one, "3 Medium AIs" for more."""
    if n == 1:
        return level_label(kind)
    if kind == "random":
        text = ngettext("{n} Random AI", "{n} Random AIs", n)
    elif kind == "easy":
        text = ngettext("{n} Easy AI", "{n} Easy AIs", n)
    elif kind == "medium":
        text = ngettext("{n} Medium AI", "{n} Medium AIs", n)
    elif kind == "hard":
        text = ngettext("{n} Hard AI", "{n} Hard AIs", n)
    else:
        text = ngettext("{n} AI", "{n} AIs", n)
    return text.format(n=n)


def _names(seats: Sequence[str], tr: Callable[[str], str]) -> list[str]:
    humans = [i for i, s in enumerate(seats) if s == "human"]
    names = []
    for i, s in enumerate(seats):
        if s == "human":
            names.append(tr(YOU) if len(humans) == 1 else tr(PLAYER_N).format(n=humans.index(i) + 1))
            continue
        same = [j for j, k in enumerate(seats) if k == s]
        if len(same) > 1:
            names.append(tr(NUMBERED_LABEL.get(s, NUMBERED_LABEL[""])).format(n=same.index(i) + 1))
        else:
            names.append(tr(LEVEL_LABEL.get(s, AI_LABEL)))
    return names


def default_names(seats: Sequence[str]) -> list[str]:
    """Display names for seats, in the language in use: "You" for a lone human, "Player N" for
    hot-seat humans, the AI's label ("Hard AI") for bots, numbered among their level ("Medium AI
    1", "Medium AI 2") when seats share a level.

    ``seats`` lists one of :data:`SEAT_KINDS` per seat; returns one name per seat."""
    return _names(seats, _)


#: The labels the app sends as a person's name at an online table when none was typed (English
#: msgids; :func:`person_name` shows them in the language in use).
# Translators: the name sent for a player who typed none when joining an online table
PLAYER = N_("Player")
# Translators: the name sent for the player hosting an online table who typed none
HOST = N_("Host")
PERSON_LABELS = (PLAYER, HOST)


def person_name(name: str) -> str:
    """A person's name as an online table tells it: one of :data:`PERSON_LABELS` (in English, or
    translated by an app that sent it so) rendered in the language in use; a typed name as is."""
    from game import i18n

    for label in PERSON_LABELS:
        if name == label or name == _(label):
            return _(label)
        for lang in (*i18n.LANGUAGES, i18n.PSEUDO):
            try:
                if name == i18n.translations(lang).gettext(label):
                    return _(label)
            except (OSError, ValueError, ImportError):
                continue
    return name


def clip_name(name: str) -> str:
    """A name read from a file as the screens may show it: cleaned of control characters and lone
    surrogates (:func:`game.safejson.clean_text`), stripped and cut to :data:`NAME_MAX` characters."""
    from game.safejson import clean_text

    return clean_text(name).strip()[:NAME_MAX].strip()


def _defaults_in_every_language(seats: Sequence[str]) -> list[set[str]]:
    """Per seat, its default name in English and in every catalog language (and the pseudo
    language): what a saved default name may read, whatever language was in use when it was saved."""
    from game import i18n

    out: list[set[str]] = [{n} for n in _names(seats, lambda s: s)]
    for lang in (*i18n.LANGUAGES, i18n.PSEUDO):
        try:
            tr = i18n.translations(lang).gettext
        except (OSError, ValueError, ImportError):  # a missing catalog: its names are never saved
            continue
        for i, n in enumerate(_names(seats, tr)):
            out[i].add(n)
    return out


def is_default_name(seats: Sequence[str], seat: int, name: str) -> bool:
    """True when ``name`` is ``seat``'s default name (:func:`default_names`) in any language:
    a label, rendered in the language in use, not a name someone typed."""
    now = default_names(seats)
    if name == now[seat] or name == _names(seats, lambda s: s)[seat]:
        return True
    return name in _defaults_in_every_language(seats)[seat]


def _character(seats: Sequence[str], i: int, name: str) -> str | None:
    """The English name (catalog msgid) of the AI character ``name`` names in any language, when
    seat ``i`` is an AI seat (issue 36: a character's name is a label), else None."""
    from game.characters import BY_KEY, key_of_name

    if i >= len(seats) or seats[i] == "human":
        return None
    key = key_of_name(name)
    return BY_KEY[key].name if key is not None else None


def stored_names(seats: Sequence[str], names: Sequence[str]) -> list[str]:
    """``names`` as a file keeps them: a default name, or an AI character's, as its English label
    (the catalog's msgid, rendered in the language of the moment it is shown: :func:`shown_names`),
    a typed name as typed. Default names are labels, not data."""
    english = _names(seats, lambda s: s)
    out = []
    for i, n in enumerate(names):
        if i < len(english) and is_default_name(seats, i, str(n)):
            out.append(english[i])
        else:
            out.append(_character(seats, i, str(n)) or str(n))
    return out


def shown_names(seats: Sequence[str], names: Sequence[str] | None) -> list[str]:
    """Saved display names as shown now: a default name saved in any language (English, the
    language in use or another: :func:`is_default_name`) is shown as today's default, an AI
    character's name in the language in use (issue 36); a typed name
    as typed (:func:`clip_name`: a name from a file is cleaned and cut to :data:`NAME_MAX`; an
    empty one is the default)."""
    now = default_names(seats)
    if not names or len(names) != len(seats):
        return now
    english = _names(seats, lambda s: s)
    everywhere: list[set[str]] | None = None
    out = []
    for i, n in enumerate(names):
        if n in (english[i], now[i]):
            out.append(now[i])
            continue
        character = _character(seats, i, str(n))
        if character is not None:
            out.append(_(character))
            continue
        if everywhere is None:
            everywhere = _defaults_in_every_language(seats)
        out.append(now[i] if n in everywhere[i] else (clip_name(str(n)) or now[i]))
    return out


def is_you(name: str) -> bool:
    """True if ``name`` is the default name of the one person at the screen ("You", in English or
    in the language in use): sentences about that seat take their second-person form."""
    return name in (YOU, _(YOU))


def and_list(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` in the language in use (``""`` for none)."""
    items = [str(i) for i in items]
    if not items:
        return ""
    out = items[-1]
    if len(items) > 1:
        # Translators: the last two items of a list of names ("Aki and Ben")
        out = _("{first} and {last}").format(first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        # Translators: an item of a list followed by the rest of the list ("Aki, Ben and Chie")
        out = _("{first}, {rest}").format(first=item, rest=out)
    return out


def comma_list(items: Sequence[str]) -> str:
    """``"a, b, c"`` (no "and") in the language in use (``""`` for none)."""
    items = [str(i) for i in items]
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = _("{first}, {rest}").format(first=item, rest=out)
    return out


__all__ = ["AI_LABEL", "LEVEL_LABEL", "NUMBERED_LABEL", "PLAYER_N", "SEAT_KINDS", "SEAT_RGB", "YOU", "ai_count",
           "and_list", "comma_list", "default_names", "is_you", "level_label", "shown_names"]


class ShownNames:
    """A play scene's ``names`` (a descriptor): set with any names, it keeps them as a file would
    (:func:`stored_names`: a default name as its label) and reads them in the language in use
    (:func:`shown_names`), so a language switch renames "Player 1" at once; a typed name stays as
    typed. Needs the scene's ``seats`` set first."""

    def __get__(self, obj: Any, owner: Any = None) -> list[str]:
        if obj is None:
            return []  # pragma: no cover - class access
        from game.i18n import language

        stored = obj.__dict__.get("_stored_names", [])
        key = (language(), tuple(stored))
        cached = obj.__dict__.get("_shown_names")
        if cached is None or cached[0] != key:
            cached = (key, shown_names(obj.seats, stored))
            obj.__dict__["_shown_names"] = cached
        return list(cached[1])

    def __set__(self, obj: Any, value: Sequence[str]) -> None:
        obj.__dict__["_stored_names"] = stored_names(obj.seats, [str(x) for x in value])
        obj.__dict__.pop("_shown_names", None)

    @staticmethod
    def stored(obj: Any) -> list[str]:
        """``obj``'s names as a file keeps them."""
        return list(obj.__dict__.get("_stored_names", []))
