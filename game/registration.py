"""One registration per game (issue 23; in the spirit of OpenSpiel's ``register_game``).

A game is a package ``game/<name>/`` whose ``__init__.py`` holds one :class:`Registration` and
imports nothing of its own rules: the menu and the setup screen read titles and seat ranges at
start-up, and a game's rules, events and AI are imported only when first used (through
:meth:`Registration.rules`, :meth:`Registration.bots`, ...). :mod:`game.registry` lists the
packages; everything else (the Match, the bots, the coach, the reference opponents, the
tutorials, the scenes' factories) reads the registration and never names a game.

What a game package holds, module by module (the ``"module:attribute"`` paths below are relative
to the package):

* ``rules`` — the :class:`~game.core.Game` (its ``game_type`` is the registration's);
* ``events`` — the game's events (data only) and ``telling`` (every sentence: ``TELLERS``, event
  class -> sentence-maker, for the game log; ``outcome_text`` for the end);
* ``ai`` — ``BOTS``: level -> factory (:data:`game.ai.base.LEVELS`), plus its engines and searches;
* ``coach`` — ``rate(view, action, rng, settings) -> dict``: the coach's rating of one decision
  (:mod:`game.analyse`), and ``reason(view, action, rng, settings) -> dict``: why an action, as
  data its ``telling.reason_text(reason, names)`` says in one sentence (issue 21 §4);
* ``reference`` — the reference opponents' hooks (:mod:`game.ai.reference`);
* ``achievements`` — ``ACHIEVEMENTS`` and ``tally`` (issue 36, :mod:`game.achievements`);
* ``characters`` — ``STYLES``, ``STYLE_TEXT`` and ``moments`` of its AI characters (issue 36,
  :mod:`game.characters`);
* ``tutorial`` — ``TEXTS``, ``REQUIRED_RULES`` and ``EVIDENCE`` of the game's tutorial, whose
  steps are ``tutorial.json`` beside it (:mod:`game.tutorial`);
* its own command-line tools, if any (``commands``: ``python -m game WORD ...``, :mod:`game.__main__`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.gametype import GameType


def load(path: str) -> Any:
    """The object at ``"package.module:attribute"`` (``"package.module"`` alone: the module).

    Raises:
        ImportError, AttributeError: no such module or attribute."""
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


@dataclass(frozen=True)
class Registration:
    """Everything the shared code needs to know of one game (issue 23 §2).

    Attributes:
        game_type: name (records, command line), title, seat range and flags (RULES.md).
        package: the game's package, e.g. ``"game.kaito"``.
        rules: ``"module:attribute"`` of its :class:`~game.core.Game`, relative to ``package``
            (``":attribute"``: of the package module itself).
        bots: of its ``level -> factory`` dict (:mod:`game.ai`).
        coach: of its ``rate(view, action, rng, settings) -> dict`` (:mod:`game.analyse`), or "".
        reference: reference level kind (``"mcts"``, ``"ismcts"``) -> ``"module:Class"`` of the
            bot measuring at it (:mod:`game.ai.reference`).
        tutorial: the module of its tutorial's tables (``TEXTS``, ``REQUIRED_RULES``,
            ``EVIDENCE``), or "" when it has none; the steps are ``tutorial.json`` in the package.
        tutorial_minutes: the tutorial's length as told to the player (measured; docs/FIGURES.md).
        kinds: the namespace of its events' kinds (``"kaito"`` for ``"kaito.move"``).
        telling: the module of its sentences (``TELLERS``, ``outcome_text``).
        achievements: the module of its achievements (``ACHIEVEMENTS``, ``tally``: issue 36,
            :mod:`game.achievements`), or "" when it has none.
        characters: the module of its characters' styles and moments (``STYLES``, ``STYLE_TEXT``,
            ``moments``: issue 36, :mod:`game.characters`), or "" when it has none.
        commands: its own ``python -m game WORD ...`` commands: WORD -> the module (relative to
            ``package``) whose ``main(argv) -> int`` runs them (argv: the words after WORD) and
            whose ``USAGE`` (lines without "usage:") documents them (issue 37).
    """

    game_type: GameType
    package: str
    rules: str
    bots: str = "ai:BOTS"
    coach: str = ""
    reference: dict[str, str] = field(default_factory=dict)
    tutorial: str = ""
    tutorial_minutes: int = 3
    kinds: str = ""
    telling: str = "telling"
    achievements: str = ""
    characters: str = ""
    commands: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The game's record and command-line name (``game_type.name``)."""
        return self.game_type.name

    def _load(self, rel: str) -> Any:
        # "module:attr" in the package, or ":attr" of the package module itself
        return load(self.package + rel if rel.startswith(":") else f"{self.package}.{rel}")

    def load_rules(self) -> Any:
        """The game's :class:`~game.core.Game`, importing its rules on first use."""
        return self._load(self.rules)

    def bot_factories(self) -> dict[str, Any]:
        """``level -> factory(rng, **options) -> Bot``, importing the game's AI on first use."""
        return self._load(self.bots)

    def coach_rate(self) -> Any:
        """The coach's ``rate(view, action, rng, settings)``, or None when the game has none."""
        return self._load(self.coach) if self.coach else None

    def coach_reason(self) -> Any:
        """The coach module's ``reason(view, action, rng, settings) -> dict`` (why an action: the
        hint's one-line reason, issue 21 §4), or None when the game has none."""
        if not self.coach:
            return None
        return getattr(self._load(self.coach.partition(":")[0]), "reason", None)

    def load(self, rel: str) -> Any:
        """The object at ``rel`` (``"module:attribute"`` relative to the package, or a module),
        imported on first use.

        Raises:
            ImportError, AttributeError: no such module or attribute."""
        return self._load(rel)

    def telling_module(self) -> Any:
        """The game's telling module (its sentences), imported on first use."""
        return self._load(self.telling)

    def reference_bot(self, kind: str) -> Any:
        """The reference bot class of ``kind`` (``"mcts"``, ``"ismcts"``).

        Raises:
            KeyError: the game has no reference bot of that kind."""
        return self._load(self.reference[kind])

    def tutorial_tables(self) -> Any:
        """The module of the tutorial's tables (``TEXTS``, ``REQUIRED_RULES``, ``EVIDENCE``).

        Raises:
            LookupError: the game has no tutorial."""
        if not self.tutorial:
            raise LookupError(f"no tutorial for {self.name!r}")
        return self._load(self.tutorial)

    @property
    def tutorial_path(self) -> Path:
        """``tutorial.json`` in the game's package directory (the steps of its tutorial)."""
        return Path(importlib.import_module(self.package).__file__ or ".").resolve().parent / "tutorial.json"


__all__ = ["Registration", "load"]
