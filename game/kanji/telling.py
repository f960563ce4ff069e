"""Kanji-zushi's telling (RULES.md section 3): every sentence the game says — an event's (its
:data:`TELLERS`, through :func:`game.telling.describe`), the outcome's (:func:`outcome_text`) and
the words they are made of — in the language in use, each a whole catalog text with named
placeholders (:mod:`game.i18n`).

The events (:mod:`game.kanji.events`) carry data only; nothing here is registered anywhere: the
shared :func:`game.telling.describe` finds this module through the game's registration.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

from game.core import join_list, name_in_sentence, pick_template, seat_name
from game.i18n import _, language, ngettext
from game.kanji import data as kanji_data
from game.kanji.data import Formed
from game.kanji.events import (
    DEAD_TABLE,
    NO_CHARACTER,
    NOBODY,
    NOT_IN_KEY,
    NOT_JOYO,
    SHARED,
    SHARED_AFTER_TIE_BREAK,
    TIE_BREAK,
    WIN,
    GameEnded,
    KanjiFormed,
    KanjiWrong,
    NetaDrawn,
    Passed,
    SeatFinished,
    SlotLeftEmpty,
    SlotRefilled,
)

#: A sentence template in the language in use, for a count ``n`` (the ones without a count ignore
#: it): called at the moment the sentence is told.
Template = Callable[[int], str]


#: Every sentence, keyed by kind (and, where a kind has several, by the field that picks one);
#: ``<key>/you``: the second-person variant (the subject seat is the person).
#: Placeholders: ``{seat}`` and the like are seat names (``{winners}``, ``{tied}``: lists of them);
#: card names and kanji as they are; ``{meaning}`` the kanji's meaning in the language in use.
TEMPLATES: dict[str, Template] = {
    # Translators: {neta} and {shari} are the two card halves, {char} the kanji they make, {meaning}
    # its meaning, {readings} its readings ("キュウ / やす.む")
    "kanji.formed": lambda n: ngettext(
        "{seat} put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} stroke).",
        "{seat} put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} strokes).",
        n),
    "kanji.formed/you": lambda n: ngettext(
        "You put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} stroke).",
        "You put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} strokes).",
        n),
    # Translators: as above, for a kanji whose meaning would only repeat its reading (Japanese: 絵「カイ」)
    "kanji.formed/read": lambda n: ngettext(
        "{seat} put {neta} beside {shari} and completed {char} (read {readings}; {strokes} stroke).",
        "{seat} put {neta} beside {shari} and completed {char} (read {readings}; {strokes} strokes).",
        n),
    "kanji.formed/read/you": lambda n: ngettext(
        "You put {neta} beside {shari} and completed {char} (read {readings}; {strokes} stroke).",
        "You put {neta} beside {shari} and completed {char} (read {readings}; {strokes} strokes).",
        n),
    f"kanji.wrong/{NO_CHARACTER}": lambda n: _("{seat} put {neta} beside {shari}, but the pair forms no "
                                               "character, so both cards went back."),
    f"kanji.wrong/{NO_CHARACTER}/you": lambda n: _("You put {neta} beside {shari}, but the pair forms no "
                                                   "character, so both cards went back."),
    f"kanji.wrong/{NOT_JOYO}": lambda n: _("{seat} put {neta} beside {shari} and formed {char}, which is not a "
                                           "regular-use kanji, so both cards went back."),
    f"kanji.wrong/{NOT_JOYO}/you": lambda n: _("You put {neta} beside {shari} and formed {char}, which is not a "
                                               "regular-use kanji, so both cards went back."),
    f"kanji.wrong/{NOT_IN_KEY}": lambda n: _("{seat} put {neta} beside {shari} and formed {char}, a regular-use "
                                             "kanji but not one of the rulebook's valid kanji, so both cards "
                                             "went back."),
    f"kanji.wrong/{NOT_IN_KEY}/you": lambda n: _("You put {neta} beside {shari} and formed {char}, a regular-use "
                                                 "kanji but not one of the rulebook's valid kanji, so both cards "
                                                 "went back."),
    "kanji.pass": lambda n: _("{seat} passed."),
    "kanji.pass/you": lambda n: _("You passed."),
    # Translators: {card} is the shari card turned up; {left} how many are left in the shari deck
    "kanji.refill": lambda n: ngettext("A new shari card, {card}, was turned face up into the emptied slot "
                                       "({left} left in the deck).",
                                       "A new shari card, {card}, was turned face up into the emptied slot "
                                       "({left} left in the deck).", n),
    "kanji.slot_empty": lambda n: _("The shari deck is empty, so the emptied slot stays empty."),
    "kanji.draw/hidden": lambda n: _("{seat} drew a neta card."),
    "kanji.draw/hidden/you": lambda n: _("You drew a neta card."),
    "kanji.draw/known": lambda n: _("{seat} drew {card}."),
    "kanji.draw/known/you": lambda n: _("You drew {card}."),
    # Translators: {kanji} are the seat's five kanji ("休 林 校 村 時"), {score} their strokes in all
    "kanji.finished": lambda n: ngettext("{seat} completed a fifth kanji ({kanji}: {score} stroke) and will take "
                                         "no more turns.",
                                         "{seat} completed a fifth kanji ({kanji}: {score} strokes) and will take "
                                         "no more turns.", n),
    "kanji.finished/you": lambda n: ngettext("You completed a fifth kanji ({kanji}: {score} stroke) and will take "
                                             "no more turns.",
                                             "You completed a fifth kanji ({kanji}: {score} strokes) and will take "
                                             "no more turns.", n),
    f"kanji.end/all-complete/{WIN}": lambda n: ngettext(
        "Every seat has completed 5 kanji, and {winners} won with {total} stroke.",
        "Every seat has completed 5 kanji, and {winners} won with {total} strokes.", n),
    f"kanji.end/all-complete/{WIN}/you": lambda n: ngettext(
        "Every seat has completed 5 kanji, and you won with {total} stroke.",
        "Every seat has completed 5 kanji, and you won with {total} strokes.", n),
    # Translators: {tied} lists the seats tied on {total} strokes; {kanji} is the winner's biggest
    # kanji, of {biggest} strokes
    f"kanji.end/all-complete/{TIE_BREAK}": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and {winners} won the tie-break with "
        "{kanji} ({biggest} strokes).",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and {winners} won the tie-break with "
        "{kanji} ({biggest} strokes).", n),
    f"kanji.end/all-complete/{TIE_BREAK}/you": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and you won the tie-break with "
        "{kanji} ({biggest} strokes).",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and you won the tie-break with "
        "{kanji} ({biggest} strokes).", n),
    f"kanji.end/all-complete/{SHARED}": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and on their biggest kanji "
        "({biggest} strokes), so they shared the win.",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and on their biggest kanji "
        "({biggest} strokes), so they shared the win.", n),
    f"kanji.end/all-complete/{SHARED_AFTER_TIE_BREAK}": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and {winners} shared the win with "
        "biggest kanji of {biggest} strokes.",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and {winners} shared the win with "
        "biggest kanji of {biggest} strokes.", n),
    f"kanji.end/dead-table/{WIN}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended and {winners} won with {total} stroke.",
        "No seat still playing can complete a kanji, so the game ended and {winners} won with {total} strokes.",
        n),
    f"kanji.end/dead-table/{WIN}/you": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended and you won with {total} stroke.",
        "No seat still playing can complete a kanji, so the game ended and you won with {total} strokes.", n),
    f"kanji.end/dead-table/{TIE_BREAK}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and "
        "{winners} won the tie-break with {kanji} ({biggest} strokes).",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and "
        "{winners} won the tie-break with {kanji} ({biggest} strokes).", n),
    f"kanji.end/dead-table/{TIE_BREAK}/you": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and "
        "you won the tie-break with {kanji} ({biggest} strokes).",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and "
        "you won the tie-break with {kanji} ({biggest} strokes).", n),
    f"kanji.end/dead-table/{SHARED}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and on "
        "their biggest kanji ({biggest} strokes), so they shared the win.",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and on "
        "their biggest kanji ({biggest} strokes), so they shared the win.", n),
    f"kanji.end/dead-table/{SHARED_AFTER_TIE_BREAK}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and "
        "{winners} shared the win with biggest kanji of {biggest} strokes.",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and "
        "{winners} shared the win with biggest kanji of {biggest} strokes.", n),
    f"kanji.end/dead-table/{NOBODY}": lambda n: _("No seat can complete a kanji, so the game ended with no kanji "
                                                  "made and {winners} shared the win."),
}


def template(key: str, subject: str | None = None, n: int = 0) -> str:
    """The template ``key`` of :data:`TEMPLATES` (:func:`game.core.pick_template`)."""
    return pick_template(TEMPLATES, key, subject, n)


def name_list(names: Sequence[str], seats: Sequence[int]) -> str:
    """Seat names as a list in the language in use: ``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Cy"``;
    the person's own seat as "you" (:func:`game.core.name_in_sentence`: the lists stand mid-sentence)."""
    return join_list([name_in_sentence(seat_name(names, s)) for s in seats])


def meaning_of(char: str, meanings: Sequence[str]) -> str:
    """The meaning to show for the formed kanji ``char`` in the language in use
    (:func:`game.kanji.data.gloss`), else its first English meaning of ``meanings``, else
    "no gloss"."""
    gloss = getattr(kanji_data, "gloss", None)
    found = gloss(char, language()) if gloss is not None else None
    if found:
        return str(found)
    if meanings:
        return meanings[0]
    # Translators: in place of a kanji's meaning when the dictionary gives none
    return _("no gloss")


def verdict(neta: str, shari: str, formed: Formed | None, valid: bool, answer_key: str) -> str:
    """:func:`game.kanji.rules.judge`'s sentence about the pair (``formed``: what it forms, ``valid``:
    whether it completes a kanji under ``answer_key``) in the language in use."""
    if formed is None:
        # Translators: a wrong attempt: {neta} and {shari} are the two card halves put together
        return _("{neta} + {shari} forms no character").format(neta=neta, shari=shari)
    if valid:
        if answer_key == "joyo":
            # Translators: a valid attempt: the two card halves, the kanji {char} they make and its strokes
            text = ngettext("{neta} + {shari} = {char}, a regular-use kanji ({strokes} stroke)",
                            "{neta} + {shari} = {char}, a regular-use kanji ({strokes} strokes)", formed.strokes or 0)
        else:
            text = ngettext("{neta} + {shari} = {char}, one of the rulebook's valid kanji ({strokes} stroke)",
                            "{neta} + {shari} = {char}, one of the rulebook's valid kanji ({strokes} strokes)",
                            formed.strokes or 0)
        return text.format(neta=neta, shari=shari, char=formed.char, strokes=formed.strokes)
    if not formed.joyo:
        return _("{char} exists but is not a regular-use kanji").format(char=formed.char)
    return _("{char} is a regular-use kanji but not one of the rulebook's valid kanji").format(char=formed.char)


def outcome_text(reason: str, result: str, tied: tuple[int, ...], winners: tuple[int, ...], total: int,
                 best: int, char: str | None) -> str:
    """The :class:`~game.core.Outcome`'s sentence (seats by number, 0-based) in the language in use,
    e.g. ``"Every seat has completed 5 kanji: seat 1 wins with 52 strokes."``: why the game ended
    (``reason``) and how it was decided (``result``, :data:`~game.kanji.events.WIN`...)."""
    seats = join_list([str(s) for s in tied])
    names = join_list([str(s) for s in winners])
    dead = reason == DEAD_TABLE
    if result == WIN:
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seat {seat} "
                         "wins with {total} stroke.",
                         "No seat still playing can complete a kanji from its hand and the table: seat {seat} "
                         "wins with {total} strokes.", total) if dead else
                ngettext("Every seat has completed 5 kanji: seat {seat} wins with {total} stroke.",
                         "Every seat has completed 5 kanji: seat {seat} wins with {total} strokes.", total))
    elif result == TIE_BREAK:
        # Translators: {seats} lists tied seat numbers; {seat} won with its biggest kanji {char} of {best} strokes
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} stroke; seat {seat} wins the tie-break with its biggest kanji {char} "
                         "({best} strokes).",
                         "No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} strokes; seat {seat} wins the tie-break with its biggest kanji {char} "
                         "({best} strokes).", total) if dead else
                ngettext("Every seat has completed 5 kanji: seats {seats} tie on {total} stroke; seat {seat} wins "
                         "the tie-break with its biggest kanji {char} ({best} strokes).",
                         "Every seat has completed 5 kanji: seats {seats} tie on {total} strokes; seat {seat} wins "
                         "the tie-break with its biggest kanji {char} ({best} strokes).", total))
    elif result == NOBODY:
        text = (_("No seat still playing can complete a kanji from its hand and the table: nobody has completed a "
                  "kanji, so seats {seats} share the win.") if dead else
                _("Every seat has completed 5 kanji: nobody has completed a kanji, so seats {seats} share the win."))
    elif result == SHARED:
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} stroke and on their biggest kanji ({best} strokes), so they share the win.",
                         "No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} strokes and on their biggest kanji ({best} strokes), so they share the "
                         "win.", total) if dead else
                ngettext("Every seat has completed 5 kanji: seats {seats} tie on {total} stroke and on their "
                         "biggest kanji ({best} strokes), so they share the win.",
                         "Every seat has completed 5 kanji: seats {seats} tie on {total} strokes and on their "
                         "biggest kanji ({best} strokes), so they share the win.", total))
    else:
        # Translators: {seats} lists the tied seat numbers, {winners} those who share the win
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} stroke; seats {winners} share the win with biggest kanji of {best} "
                         "strokes.",
                         "No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} strokes; seats {winners} share the win with biggest kanji of {best} "
                         "strokes.", total) if dead else
                ngettext("Every seat has completed 5 kanji: seats {seats} tie on {total} stroke; seats {winners} "
                         "share the win with biggest kanji of {best} strokes.",
                         "Every seat has completed 5 kanji: seats {seats} tie on {total} strokes; seats {winners} "
                         "share the win with biggest kanji of {best} strokes.", total))
    return text.format(seat=winners[0] if winners else "", seats=seats, winners=names, total=total, best=best,
                       char=char)


# -- the events' sentences ---------------------------------------------------------------------------


def _kanji_formed(event: KanjiFormed, names: Sequence[str]) -> str:
    """E.g. ``"Ana put 亻 beside 木 and completed 休 “rest” (read キュウ / やす.む; 6 strokes)."``."""
    # Translators: in place of a kanji's readings when the dictionary gives none
    readings = " / ".join(r[0] for r in (event.on, event.kun) if r) or _("no reading")
    seat = seat_name(names, event.seat)
    meaning = meaning_of(event.char, event.meanings)
    # a meaning that only repeats a reading shown (Japanese glosses are readings) is left out
    plain = {r[0].replace(".", "").replace("-", "") for r in (event.on, event.kun) if r}
    key = f"{event.KIND}/read" if meaning.replace(".", "").replace("-", "") in plain else event.KIND
    return template(key, seat, event.strokes).format(
        seat=seat, neta=event.neta, shari=event.shari, char=event.char, meaning=meaning, readings=readings,
        strokes=event.strokes)


def _kanji_wrong(event: KanjiWrong, names: Sequence[str]) -> str:
    """E.g. ``"Ben put 亻 beside 口, but the pair forms no character, so both cards went back."``."""
    seat = seat_name(names, event.seat)
    return template(f"{event.KIND}/{event.reason}", seat).format(
        seat=seat, neta=event.neta, shari=event.shari, char=event.char)


def _passed(event: Passed, names: Sequence[str]) -> str:
    """``"Ana passed."``"""
    seat = seat_name(names, event.seat)
    return template(event.KIND, seat).format(seat=seat)


def _slot_refilled(event: SlotRefilled, names: Sequence[str]) -> str:
    """``"A new shari card, 寺, was turned face up into the emptied slot (33 left in the deck)."``"""
    return template(event.KIND, n=event.shari_left).format(card=event.card, left=event.shari_left)


def _slot_left_empty(event: SlotLeftEmpty, names: Sequence[str]) -> str:
    """``"The shari deck is empty, so the emptied slot stays empty."``"""
    return template(event.KIND)


def _neta_drawn(event: NetaDrawn, names: Sequence[str]) -> str:
    """``"Ana drew 木."`` for the drawer, ``"Ana drew a neta card."`` for the others."""
    key = f"{event.KIND}/{'hidden' if event.card is None else 'known'}"
    seat = seat_name(names, event.seat)
    return template(key, seat).format(seat=seat, card=event.card)


def _seat_finished(event: SeatFinished, names: Sequence[str]) -> str:
    """``"Ana completed a fifth kanji (休 林 校 村 時: 43 strokes) and will take no more turns."``"""
    seat = seat_name(names, event.seat)
    return template(event.KIND, seat, event.score).format(seat=seat, kanji=" ".join(event.kanji),
                                       score=event.score)


def _game_ended(event: GameEnded, names: Sequence[str]) -> str:
    """E.g. ``"Every seat has completed 5 kanji, and Ana won with 52 strokes."``."""
    tb = event.tie_break
    fields: dict[str, object] = {"winners": name_list(names, event.winners),
                                 "total": max(event.scores, default=0), "tied": "", "kanji": "",
                                 "biggest": 0}
    if tb is not None:
        best = max(tb.biggest, default=0)
        fields.update(tied=name_list(names, tb.tied), biggest=best,
                      kanji=next((k for k, b in zip(tb.kanji, tb.biggest) if b == best and k), ""))
    only = seat_name(names, event.winners[0]) if len(event.winners) == 1 else None
    total = max(event.scores, default=0)
    return template(f"{event.KIND}/{event.reason}/{event.result}", only, total).format(**fields)


# -- why an action (issue 21 §4): the coach's and the hint's reason, told from its data ------------


#: The reason's sentence by ``<kind>/<case>`` of :func:`game.kanji.coach.action_reason` (``kanji``:
#: it completes a kanji; ``pass``; ``wrong``: an attempt the answer key rejects) and what it says:
#: ``leaves`` (the card left to the next seat), ``safe`` (no card that seat is likely to use),
#: ``alone`` (nobody plays after it), ``fewer`` (it scores fewer strokes than the best);
#: ``/you``: the next seat is the person. Counted by ``n``: the action's strokes (the best's for
#: ``pass/fewer`` and ``wrong/best``). Placeholders: ``{kanji}`` the kanji it completes, ``{n}``
#: its strokes, ``{attempt}`` a wrong pair ("日 + 旨"), ``{best}`` / ``{b}`` the best action's kanji
#: and strokes, ``{d}`` how many fewer, ``{card}`` a shari card on the table, ``{seat}`` the next
#: seat, ``{next_kanji}`` / ``{m}`` what it may make with ``{card}`` (always 3 strokes or more:
#: no neta has fewer than 2) and ``{chance}`` how often, in percent.
REASON_TEMPLATES: dict[str, Template] = {
    # Translators: the coach's reason; {kanji} the kanji completed and its {n} strokes; {card} a
    # shari card left on the table; {seat} the next player, who may make {next_kanji} ({m} strokes)
    # with it; {chance} in percent. Keep it short: it is said in one line of a small window
    "kanji/leaves": lambda n: ngettext(
        "{kanji} scores {n} stroke; it leaves {card} to {seat} for {next_kanji} ({m} strokes; chance: {chance}%).",
        "{kanji} scores {n} strokes; it leaves {card} to {seat} for {next_kanji} ({m} strokes; chance: {chance}%).",
        n),
    "kanji/leaves/you": lambda n: ngettext(
        "{kanji} scores {n} stroke; it leaves you {card} for {next_kanji} ({m} strokes; chance: {chance}%).",
        "{kanji} scores {n} strokes; it leaves you {card} for {next_kanji} ({m} strokes; chance: {chance}%).", n),
    # Translators: the coach's reason; {seat} (the next player) is unlikely to complete a kanji with
    # the shari cards left on the table
    "kanji/safe": lambda n: ngettext("{kanji} scores {n} stroke and leaves {seat} no likely kanji on the table.",
                                     "{kanji} scores {n} strokes and leaves {seat} no likely kanji on the table.", n),
    "kanji/safe/you": lambda n: ngettext("{kanji} scores {n} stroke and leaves you no likely kanji on the table.",
                                         "{kanji} scores {n} strokes and leaves you no likely kanji on the table.", n),
    # Translators: the coach's reason when no other player takes turns any more
    "kanji/alone": lambda n: ngettext("{kanji} scores {n} stroke.", "{kanji} scores {n} strokes.", n),
    # Translators: the coach's reason; the kanji {kanji} scores {n} strokes, {d} fewer than {best}
    "kanji/fewer": lambda n: ngettext("{kanji} scores {n} stroke, {d} fewer than {best}.",
                                      "{kanji} scores {n} strokes, {d} fewer than {best}.", n),
    "pass/leaves": lambda n: _("Passing scores nothing; it leaves {card} to {seat} for {next_kanji} ({m} strokes; "
                               "chance: {chance}%)."),
    "pass/leaves/you": lambda n: _("Passing scores nothing; it leaves you {card} for {next_kanji} ({m} strokes; "
                                   "chance: {chance}%)."),
    "pass/safe": lambda n: _("Passing scores nothing and leaves {seat} no likely kanji on the table."),
    "pass/safe/you": lambda n: _("Passing scores nothing and leaves you no likely kanji on the table."),
    "pass/alone": lambda n: _("Passing scores nothing."),
    # Translators: the coach's reason for a pass when {best} (a kanji of {b} strokes) was in reach
    "pass/fewer": lambda n: ngettext("Passing scores nothing; {best} would score {b} stroke.",
                                     "Passing scores nothing; {best} would score {b} strokes.", n),
    # Translators: the coach's reason for a wrong attempt ({attempt}: the two halves, "日 + 旨")
    "wrong/alone": lambda n: _("{attempt} forms no valid kanji and scores nothing."),
    # Translators: the coach's reason for a wrong attempt ({attempt}: the two halves, "日 + 旨") when
    # {best} (a kanji of {b} strokes) was in reach
    "wrong/fewer": lambda n: ngettext("{attempt} forms no valid kanji; {best} would score {b} stroke.",
                                      "{attempt} forms no valid kanji; {best} would score {b} strokes.", n),
}


def reason_text(reason: dict[str, Any], names: Sequence[str]) -> str:
    """The sentence of a reason (:func:`game.kanji.coach.action_reason`'s data) in the language in
    use, e.g. "持 scores 9 strokes; it leaves 青 to Hard AI 2 for 清 (11 strokes; chance: 58%).";
    the next seat called ``names[next]`` (the person's own seat, "You", in the
    second person). "" for data it cannot tell.

    Args:
        reason: the reason's fields (``kind``, ``focus``, ``action``, ``kanji``, ``strokes``,
            ``best_kanji``, ``best_strokes``, ``next``, ``leaves``, ``next_kanji``,
            ``next_strokes``, ``next_chance``).
        names: the seats' names."""
    try:
        kind, focus = str(reason["kind"]), str(reason.get("focus"))
        strokes = int(reason.get("strokes") or 0)
        best, b = reason.get("best_kanji"), int(reason.get("best_strokes") or 0)
        nxt = reason.get("next")
        seat = seat_name(names, nxt) if isinstance(nxt, int) else None
        n = strokes
        if kind == "wrong":
            case = "fewer" if isinstance(best, str) and b > 0 else "alone"
            n = b
        elif focus == "score" and isinstance(best, str) and b > strokes:
            case = "fewer"
            n = b if kind == "pass" else strokes
        elif seat is None:
            case = "alone"
        else:
            case = "leaves" if isinstance(reason.get("leaves"), str) else "safe"
        text = pick_template(REASON_TEMPLATES, f"{kind}/{case}", seat if case in ("leaves", "safe") else None, n)
        pair = parse_pair(str(reason.get("action")))
        return text.format(kanji=reason.get("kanji") or "", n=n, best=best or "", b=b, d=b - strokes,
                           attempt=" + ".join(pair) if pair else "", card=reason.get("leaves") or "",
                           seat=seat or "", next_kanji=reason.get("next_kanji") or "",
                           m=reason.get("next_strokes") or 0,
                           chance=round(float(reason.get("next_chance") or 0) * 100))
    except (KeyError, TypeError, ValueError, IndexError):
        return ""


def parse_pair(action: str) -> tuple[str, str] | None:
    """An attempt's two halves (``"日+旨"`` -> ``("日", "旨")``), None for anything else (a pass)."""
    neta, plus, shari = action.partition("+")
    return (neta, shari) if plus and neta and shari else None


#: The sentence-maker of each event class: ``TELLERS[type(event)](event, names)`` is the event's
#: whole sentence in the language in use (:func:`game.telling.describe` calls it).
TELLERS: dict[type, Callable[[Any, Sequence[str]], str]] = {
    KanjiFormed: _kanji_formed,
    KanjiWrong: _kanji_wrong,
    Passed: _passed,
    SlotRefilled: _slot_refilled,
    SlotLeftEmpty: _slot_left_empty,
    NetaDrawn: _neta_drawn,
    SeatFinished: _seat_finished,
    GameEnded: _game_ended,
}


__all__ = [
    "REASON_TEMPLATES",
    "TEMPLATES",
    "Template",
    "TELLERS",
    "meaning_of",
    "name_list",
    "outcome_text",
    "parse_pair",
    "reason_text",
    "template",
    "verdict",
]
