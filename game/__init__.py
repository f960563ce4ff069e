"""Tatami's headless rules core and AI. Never imports pygame (tests/test_headless.py checks)."""
