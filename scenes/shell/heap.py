"""Giving memory the app freed back to the system (issue 21 §6), one function per system.

On Linux, glibc's ``malloc`` keeps what the program frees in its heap for later allocations; after
a resize or a new game has dropped many surfaces (the render caches), the freed pages in the middle
of the heap stay resident unless ``malloc_trim`` returns them (an hour of play grew the app's RSS by
~200 MB this way before the caches were bounded). Windows' heap and macOS's allocator return
freed pages themselves: :func:`give_back` does nothing there (nor on a Linux without glibc, e.g.
musl). :func:`tidy` first collects the cycles that hold a scene left behind. Needs no pygame.
"""
from __future__ import annotations

import gc

from game import system


def give_back() -> bool:
    """Return the freed pages of the heap to the system where the C library keeps them
    (:func:`game.system.return_freed_memory`: glibc's ``malloc_trim(0)``). True when something was
    asked of the C library, False on systems where there is nothing to do."""
    return system.return_freed_memory()


def tidy() -> bool:
    """Collect the garbage in reference cycles (a scene left behind is one: its widgets call it
    back), then :func:`give_back`; returns what that returns."""
    gc.collect()
    return give_back()


__all__ = ["give_back", "tidy"]
