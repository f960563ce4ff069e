"""Sushi Draft's room: its play scene, layout and sprites, score screen."""
