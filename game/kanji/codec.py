"""Kanji-zushi's views on the wire (issue 24; :mod:`game.wire`): :data:`VIEW_CODEC`, the
``KanjiGame.view_codec`` behind its inherited :meth:`game.core.Game.view_to_json` / ``view_from_json``.

A :class:`~game.kanji.view.KanjiView` travels as one object of its fields: ``completed`` a list
(per seat) of lists of ``Completed`` objects (``char``, ``strokes``, ``neta``, ``shari``,
``turn``), ``attempts`` a list of ``Attempt`` objects (``None`` for a pass's cards), ``table``
six card names or ``None``, ``tie_break`` ``None`` or a ``TieBreak`` object; other seats' hands
and the decks' order are not in the view, so not here. The Outcome's ``values`` are
:func:`game.kanji.telling.outcome_text`'s arguments.
"""

from __future__ import annotations

from game.kanji.events import KanjiEnd
from game.kanji.telling import outcome_text
from game.kanji.view import KanjiView
from game.wire import ViewCodec

#: Kanji-zushi's view codec (values as :meth:`game.kanji.rules.KanjiState._end` tells them).
VIEW_CODEC = ViewCodec(KanjiView, outcome_text, KanjiEnd, {
    "reason": KanjiEnd, "result": str, "tied": tuple[int, ...], "winners": tuple[int, ...], "total": int,
    "best": int, "char": str | None})
