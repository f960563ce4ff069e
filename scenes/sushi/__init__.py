"""Sushi Draft's room: the play scene (``scene``: wiring over the Match) with its layout, shown
snapshot, choreography (events -> animations), input, texts, drawing (``draw``, ``draw_bottom``,
``paint``) and art, and the score screen (``score``)."""
