"""Kanji-zushi's room: its play scene, layout and sprites, score screen."""
