"""A fourth game that lives only in the tests (issue 32 §3): Nim, as its two packages —
``game_nim`` (the core's side: registration, rules, events, telling, view, bots) and ``scenes_nim``
(the app's side: its ``GameInfo``, play scene, score screen, rules page) — registered at test time
by tests/test_fourth_game.py's fixture, never by the app's registries."""
