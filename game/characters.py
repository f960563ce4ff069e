"""Opponents with character (issue 36, item 2): nine named AI opponents, three per level.

A character is an AI level (:data:`game.ai.base.LEVELS`: easy, medium, hard) played with a
*temperament* — ``balanced`` (the level's own play), ``bold`` or ``careful`` — plus a name, a
portrait (``assets/art/characters/<key>.svg``, drawn by ``tools/make_portraits.py``) and a few
lines said in a speech bubble at the moments that matter (:data:`MOMENTS`).

What a temperament means is each game's: its package's ``characters`` module (the registration's
``characters`` path) holds

* ``STYLES``: temperament -> the keyword options of its bots (``{"style": "hunter"}``; the
  balanced temperament plays the level unchanged, ``{}``), so a character is a parameter set of
  the existing bots (evaluation weights, priors), never a bot of its own;
* ``STYLE_TEXT``: temperament -> a short description (English catalog text: "Hunts captures");
* ``moments(events, seat) -> list[str]``: the moments of :data:`GAME_MOMENTS` that ``events``
  (one action's events, as that seat's view tells them) are for ``seat``.

The bold and careful styles of each game (issue 36: "one who hunts captures and one who guards the
katana and kabuto", "one who hoards the piles and one who goes for dessert", "one greedy for
strokes and one who races to five kanji") are measured to differ by ``tests/test_characters.py``
and to stay within their level's strength band by ``tools/bench_characters.py``
(``docs/ai_figures.md``, "Characters").

Names and lines are English catalog texts (``N_``) translated where they are shown; a character's
name is a label, never stored translated (:func:`name_of`, :func:`key_of_name`). Nothing here
names a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Sequence

from game.i18n import N_

#: The temperaments a character plays with (``balanced``: the level's own play).
TEMPERAMENTS: tuple[str, ...] = ("balanced", "bold", "careful")
#: The moments a character speaks at: the game's start, a big play of its own, a big play
#: against it, its win, its loss.
MOMENTS: tuple[str, ...] = ("start", "big_move", "hurt", "win", "lose")
#: The moments a game's ``moments`` hook reports (the start and the end are the shared code's).
GAME_MOMENTS: tuple[str, ...] = ("big_move", "hurt")


@dataclass(frozen=True)
class Character:
    """One named AI opponent.

    Attributes:
        key: stable id (files, saves, the UI dump's ``choice:character<i>:<key>``), e.g. ``"tora"``.
        name: its name, an English catalog text (shown translated: :func:`name_of`).
        level: the AI level it plays at (``"easy"``, ``"medium"``, ``"hard"``).
        temperament: one of :data:`TEMPERAMENTS`.
        animal: what its portrait shows, an English catalog text (the portrait's alternative text).
        lines: moment (:data:`MOMENTS`) -> its lines for it (English catalog texts, one drawn at
            random each time).
    """

    key: str
    name: str
    level: str
    temperament: str
    animal: str
    lines: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def portrait(self) -> str:
        """Its portrait's path under ``assets/art`` (``"characters/<key>.svg"``)."""
        return f"characters/{self.key}.svg"


# Translators: the names of the nine AI characters (shown on the setup screen and at the table);
# transliterate them (katakana in Japanese), do not translate their meaning
CHARACTERS: tuple[Character, ...] = (
    Character("hana", N_("Hana"), "easy", "balanced", N_("a white rabbit"), {
        # Translators: lines an AI character says in a speech bubble (Hana: a cheerful beginner)
        "start": (N_("Hello! Let's have fun!"), N_("I'm still learning, be gentle!")),
        "big_move": (N_("Oh! Did I do that?"),),
        "hurt": (N_("Oh no, not that one!"),),
        "win": (N_("I won? I won!"),),
        "lose": (N_("Well played! Teach me that one?"),),
    }),
    Character("taro", N_("Taro"), "easy", "bold", N_("a tanuki"), {
        # Translators: lines an AI character says (Taro: a bold, boastful beginner)
        "start": (N_("Ready or not, here I come!"),),
        "big_move": (N_("Ha! Mine now!"), N_("Did you see that?")),
        "hurt": (N_("Hey! I wanted that!"),),
        "win": (N_("Told you I'd win!"),),
        "lose": (N_("Beginner's luck. Again!"),),
    }),
    Character("yuki", N_("Yuki"), "easy", "careful", N_("a white cat"), {
        # Translators: lines an AI character says (Yuki: a careful, quiet beginner)
        "start": (N_("Let's take it slowly."),),
        "big_move": (N_("Careful does it."),),
        "hurt": (N_("I should have seen that coming."),),
        "win": (N_("Slow and steady!"),),
        "lose": (N_("Next time I'll be even more careful."),),
    }),
    Character("ken", N_("Ken"), "medium", "balanced", N_("a shiba dog"), {
        # Translators: lines an AI character says (Ken: a friendly, fair club player)
        "start": (N_("Good luck, have fun!"),),
        "big_move": (N_("That should help."), N_("Good, that worked.")),
        "hurt": (N_("Nice move."),),
        "win": (N_("Good game! That was close."),),
        "lose": (N_("Good game! You earned that."),),
    }),
    Character("kaede", N_("Kaede"), "medium", "bold", N_("a red fox"), {
        # Translators: lines an AI character says (Kaede: a sly, daring player)
        "start": (N_("Let's see what you've got."),),
        "big_move": (N_("Too slow!"), N_("Snatched it!")),
        "hurt": (N_("Sneaky. I like it."),),
        "win": (N_("Fortune favours the bold."),),
        "lose": (N_("Hmph. You got lucky."),),
    }),
    Character("jun", N_("Jun"), "medium", "careful", N_("a turtle"), {
        # Translators: lines an AI character says (Jun: a patient, methodical player)
        "start": (N_("Patience wins games."),),
        "big_move": (N_("Just as planned."),),
        "hurt": (N_("A setback. Nothing more."),),
        "win": (N_("Patience pays."),),
        "lose": (N_("I'll study this game."),),
    }),
    Character("sora", N_("Sora"), "hard", "balanced", N_("an owl"), {
        # Translators: lines an AI character says (Sora: a calm, wise master)
        "start": (N_("Show me your best game."),),
        "big_move": (N_("You left that open."),),
        "hurt": (N_("Well seen."),),
        "win": (N_("A fine game. Come back stronger."),),
        "lose": (N_("Remarkable. You have learned much."),),
    }),
    Character("tora", N_("Tora"), "hard", "bold", N_("a tiger"), {
        # Translators: lines an AI character says (Tora: a fierce, aggressive master)
        "start": (N_("I never hold back."),),
        "big_move": (N_("The hunt is on!"), N_("Nothing escapes me.")),
        "hurt": (N_("You have claws too, I see."),),
        "win": (N_("The tiger wins again."),),
        "lose": (N_("A worthy rival. Again!"),),
    }),
    Character("tsuru", N_("Tsuru"), "hard", "careful", N_("a crane"), {
        # Translators: lines an AI character says (Tsuru: a serene, patient master)
        "start": (N_("Let us begin, calmly."),),
        "big_move": (N_("Everything in its time."),),
        "hurt": (N_("A clever stroke."),),
        "win": (N_("Calm waters run deep."),),
        "lose": (N_("Well played. I bow to you."),),
    }),
)

#: The characters by key.
BY_KEY: dict[str, Character] = {c.key: c for c in CHARACTERS}
#: The levels that have characters, and each level's first (balanced) character.
LEVEL_DEFAULT: dict[str, str] = {}
for _c in CHARACTERS:
    LEVEL_DEFAULT.setdefault(_c.level, _c.key)


def character(key: str) -> Character:
    """The character ``key``.

    Raises:
        ValueError: no such character (the message lists the known keys)."""
    try:
        return BY_KEY[key]
    except (KeyError, TypeError):
        raise ValueError(f"unknown character {key!r}; known: {', '.join(BY_KEY)}") from None


def of_level(level: str) -> tuple[Character, ...]:
    """The characters playing at ``level``, balanced first (() for a level without any)."""
    return tuple(c for c in CHARACTERS if c.level == level)


def check(level: str, key: Any) -> str | None:
    """``key`` if it names a character of ``level``, else None (a save or the settings may hold
    anything: a character of another level, an old key, a number)."""
    c = BY_KEY.get(key) if isinstance(key, str) else None
    return key if c is not None and c.level == level else None


def default_cast(seats: Sequence[str]) -> list[str | None]:
    """Per seat, a character for every AI seat of ``seats`` (kinds: ``"human"`` or a level): the
    first of its level's that no earlier seat plays, None for a person or when its level has none
    left (the setup screen's defaults; the layout walks' tables)."""
    used: set[str] = set()
    out: list[str | None] = []
    for kind in seats:
        key = next((c.key for c in of_level(kind) if c.key not in used), None)
        out.append(key)
        if key is not None:
            used.add(key)
    return out


def _hooks(game_name: str) -> Any | None:
    from game.registry import REGISTRATIONS

    reg = REGISTRATIONS.get(game_name)
    if reg is None or not getattr(reg, "characters", ""):
        return None
    return reg.load(reg.characters)


def bot_options(game_name: str, key: str) -> dict[str, Any]:
    """The keyword options of ``game_name``'s bots that play character ``key``'s temperament
    (``{}`` for a balanced one, or a game without character hooks).

    Raises:
        ValueError: unknown character."""
    c = character(key)
    hooks = _hooks(game_name)
    if hooks is None:
        return {}
    return dict(hooks.STYLES.get(c.temperament, {}))


def style_text(game_name: str, key: str) -> str:
    """What character ``key``'s temperament means in ``game_name``: an English catalog text
    ("Hunts captures"), or "" for a game without character hooks.

    Raises:
        ValueError: unknown character."""
    c = character(key)
    hooks = _hooks(game_name)
    return hooks.STYLE_TEXT.get(c.temperament, "") if hooks is not None else ""


def game_moments(game_name: str, events: Sequence[Any], seat: int) -> list[str]:
    """The moments of :data:`GAME_MOMENTS` that ``events`` (one action's, as ``seat`` may know
    them) are for ``seat``, in order, without repeats ([] for a game without hooks)."""
    hooks = _hooks(game_name)
    if hooks is None:
        return []
    out: list[str] = []
    for m in hooks.moments(events, seat):
        if m in GAME_MOMENTS and m not in out:
            out.append(m)
    return out


def line(key: str, moment: str, rng: random.Random) -> str:
    """One of character ``key``'s lines for ``moment`` (an English catalog text, drawn with
    ``rng``), or "" when it has none for it.

    Raises:
        ValueError: unknown character."""
    lines = character(key).lines.get(moment, ())
    return lines[rng.randrange(len(lines))] if lines else ""


@lru_cache(maxsize=None)
def _names_everywhere() -> dict[str, str]:
    """Every character's name in English and in every catalog language -> its key."""
    from game import i18n

    out = {c.name: c.key for c in CHARACTERS}
    for lang in (*i18n.LANGUAGES, i18n.PSEUDO):
        try:
            tr = i18n.translations(lang).gettext
        except (OSError, ValueError, ImportError):
            continue
        for c in CHARACTERS:
            out.setdefault(tr(c.name), c.key)
    return out


def key_of_name(name: str) -> str | None:
    """The key of the character called ``name`` in any language (its label), else None."""
    return _names_everywhere().get(name) if isinstance(name, str) else None


def name_of(key: str) -> str:
    """Character ``key``'s name in the language in use.

    Raises:
        ValueError: unknown character."""
    from game.i18n import _

    return _(character(key).name)


__all__ = ["BY_KEY", "CHARACTERS", "Character", "GAME_MOMENTS", "LEVEL_DEFAULT", "MOMENTS", "TEMPERAMENTS",
           "bot_options", "character", "check", "default_cast", "game_moments", "key_of_name", "line", "name_of", "of_level",
           "style_text"]
