"""Kanji-zushi's room: the play scene (``scene``: wiring over a :class:`game.match.Match`), its
layout (``layout``), what is shown (``shown``), the choreography of events (``choreo``), pure
drawing (``draw``, ``board``), input (``input``), status texts (``status``), kanji text and
tooltips (``text``), the art cache (``art``), the join-board sprite (``sprites``) and the score
screen (``score``)."""
