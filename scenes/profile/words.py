"""The profile's words (issue 36), in the language in use: a rating as a number, a change, the score
screen's lines about the rating and the achievements, a date. Never imports pygame."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Sequence

from game.achievements import Achievement, achievements_of
from game.i18n import _, ngettext, pgettext
from scenes.play.seats import PLAYER_N, person_name
from scenes.shell.history import month_abbr



#: The most achievement titles the score screen's card lists (more: "... and 4 more").
SHOWN_TITLES = 3


def number(n: int) -> str:
    """``n`` with its thousands grouped the way of the language in use ("1,240", "1.240")."""
    # Translators: the thousands separator of a number such as a rating ("1,240"); "." in Spanish
    sep = pgettext("thousands separator", ",")
    text = f"{abs(n):,}".replace(",", sep)
    return "-" + text if n < 0 else text


def signed(n: int) -> str:
    """A change of rating: ``"+38"``, ``"-12"`` (the bundled fonts have no true minus sign), ``"±0"``."""
    return f"+{number(n)}" if n > 0 else number(n) if n < 0 else "\u00b10"


def rating_text(shown: int, provisional: bool) -> str:
    """A rating as shown: ``"1,240"``, or ``"1,240?"`` while provisional."""
    # Translators: a provisional rating (it has not settled yet: too few games), e.g. "1,240?"
    return _("{rating}?").format(rating=number(shown)) if provisional else number(shown)


def not_rated(reason: str) -> str:
    """The score screen's line for a game that is not rated, in the language in use."""
    if reason == "hint":
        return _("Not rated: a hint was shown in this game.")
    if reason == "undo":
        return _("Not rated: a decision was taken back in this game.")
    if reason == "replay":
        return _("Not rated: this game started from a replay's position.")
    return _("Not rated: this AI has no rating yet.")


def rating_line(rated: Any, names: Sequence[str] = ()) -> str:
    """The score screen's line about the rating (a :class:`scenes.profile.ratings.Rated`), in the
    language in use: "Rating: +38, now 1,240", "Against Ana: +12, now 1,105 (rated apart)", or
    why it is not rated; "" for None."""
    if rated is None:
        return ""
    if rated.kind == "unrated":
        return not_rated(rated.reason)
    if rated.kind == "ai":
        change, now = signed(rated.after - rated.before), number(rated.after)
        if rated.provisional:
            # Translators: the score screen's line after a rated game; the rating has not settled yet
            return _("Rating: {change}, now {rating} (provisional)").format(change=change, rating=now)
        # Translators: the score screen's line after a rated game ("Rating: +38, now 1,240")
        return _("Rating: {change}, now {rating}").format(change=change, rating=now)
    parts = []
    for name, before, after in rated.friends:
        # Translators: the score screen's line after a game with a friend: the player's rating against
        # that friend, kept apart from the rating against the AI ("Against Ana: +12, now 1,105")
        parts.append(_("Against {name}: {change}, now {rating}").format(
            name=friend_name(name), change=signed(after - before), rating=number(after)))
    return "  \u00b7  ".join(parts)


def friend_name(stored: str) -> str:
    """A friend's name as stored, as shown now: a default hot-seat name is its English label
    ("Player 2": shown "Jugador 2" in Spanish), an online table's default ("Player", "Host") the
    same; a typed name as typed."""
    m = re.fullmatch(re.escape(PLAYER_N).replace(re.escape("{n}"), r"(\d+)"), stored)
    if m:
        return _(PLAYER_N).format(n=int(m.group(1)))
    return person_name(stored)


def earned_line(game: str, keys: Sequence[str]) -> str:
    """The score screen's line about the achievements a game earned, in the language in use:
    "Achievement earned: Shogun", "2 achievements earned: Shogun, Full hands"; "" for none."""
    titles = [_(a.title) for a in achievements_of(game)[0] if a.key in keys]
    if not titles:
        return ""
    # Translators: what separates the items of a list such as the achievements' titles (", "; "、" in Japanese)
    comma = pgettext("list separator", ", ")
    if len(titles) > SHOWN_TITLES:  # the card holds a few: the others are in the Profile
        more = len(titles) - SHOWN_TITLES + 1
        # Translators: the score screen's line when a game earned many achievements: the first titles
        # ({titles}) and how many others ({more}); {n} is how many in all
        text = ngettext("{n} achievement earned: {titles} and {more} more",
                        "{n} achievements earned: {titles} and {more} more", len(titles))
        return text.format(n=len(titles), titles=comma.join(titles[:SHOWN_TITLES - 1]), more=more)
    # Translators: the score screen's line about the achievements this game earned; {titles} lists them
    return ngettext("Achievement earned: {titles}", "{n} achievements earned: {titles}", len(titles)).format(
        n=len(titles), titles=comma.join(titles))


def achievements(game: str) -> tuple[Achievement, ...]:
    """``game``'s achievements, in its order."""
    return achievements_of(game)[0]


def day(iso: str) -> str:
    """An ISO 8601 moment as a local date, "7 Dec 2026" (in the language in use); "" if unreadable."""
    try:
        t = datetime.fromisoformat(iso).astimezone()
    except (ValueError, OverflowError, OSError):
        return ""
    # Translators: a date ("7 Dec 2026"): when an achievement was earned; {month} is an abbreviated month
    return _("{day} {month} {year}").format(day=t.day, month=month_abbr(t.month), year=t.year)


__all__ = ["achievements", "day", "earned_line", "friend_name", "not_rated", "number", "rating_line",
           "rating_text", "signed"]
