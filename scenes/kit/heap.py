"""Giving memory the app freed back to the system (issue 21 §6), one function per system.

On Linux, glibc's ``malloc`` keeps what the program frees in its heap for later allocations; after
a resize or a new game has dropped many surfaces (the render caches), the freed pages in the middle
of the heap stay resident unless ``malloc_trim`` returns them (an hour of play grew the app's RSS by
~200 MB this way before the caches were bounded). Windows' heap and macOS's allocator return
freed pages themselves: :func:`give_back` does nothing there (nor on a Linux without glibc, e.g.
musl). :func:`tidy` first collects the cycles that hold a scene left behind. Needs no pygame.
"""
from __future__ import annotations

import ctypes
import gc
import sys
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _glibc() -> Any:
    """glibc's ``malloc_trim``, or None (another system or C library)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the interpreter runs on
    except (OSError, AttributeError):  # musl has no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back() -> bool:
    """Return the freed pages of the heap to the system where the C library keeps them (glibc:
    ``malloc_trim(0)``, a few ms for a heap of hundreds of MB). True when something was asked of
    the C library, False on systems where there is nothing to do."""
    trim = _glibc()
    if trim is None:
        return False
    trim(0)
    return True


def tidy() -> bool:
    """Collect the garbage in reference cycles (a scene left behind is one: its widgets call it
    back), then :func:`give_back`; returns what that returns."""
    gc.collect()
    return give_back()


__all__ = ["give_back", "tidy"]
