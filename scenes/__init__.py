"""Tatami's pygame front end: scenes, widgets, assets and the application loop.

Entry point: ``scenes.cli:main(argv)`` (also ``python -m scenes``). See docs/ARCHITECTURE.md.
"""
