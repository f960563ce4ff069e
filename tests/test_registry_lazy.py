"""game.registry imports a game's rules on first lookup, not at start-up (issue 20's start figure):
the menu lists the games and reads the saves before its first frame."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ("game.kaito.rules", "game.sushi.rules", "game.kanji.rules", "game.kaito.events", "game.sushi.events", "game.kanji.events")


def run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=60).stdout.strip()


def test_names_and_an_empty_save_folder_import_no_rules(tmp_path):
    out = run("import sys\n"
              "from game.registry import GAMES\n"
              "from scenes.shell.saveslots import SaveSlots\n"
              f"names = list(GAMES); found = SaveSlots({str(tmp_path)!r}).load_all()\n"
              f"print(names, 'kaito' in GAMES, len(GAMES), found, [m for m in {RULES!r} if m in sys.modules])")
    assert out == "['kaito', 'sushi-draft', 'kanji-zushi'] True 3 {} []"


def test_a_lookup_imports_that_game_only():
    out = run("import sys\n"
              "from game.registry import GAMES, get\n"
              "k = GAMES['kaito']\n"
              f"print(k.name, get('kaito') is k, [m for m in {RULES!r} if m in sys.modules])")
    assert out == "kaito True ['game.kaito.rules', 'game.kaito.events']"


def test_every_registered_game_is_the_one_named(monkeypatch):
    from game import registry

    assert [registry.GAMES[name].name for name in registry.GAMES] == list(registry.GAMES)
    assert dict(registry.GAMES.items()).keys() == {"kaito", "sushi-draft", "kanji-zushi"}
    try:
        registry.get("chess")
    except KeyError as exc:
        assert "unknown game 'chess'; known: kaito, kanji-zushi, sushi-draft" in str(exc)
    else:
        raise AssertionError("an unknown game was found")
    stand_in = registry.GAMES["kaito"]
    monkeypatch.setitem(registry.GAMES, "stand-in", stand_in)
    assert "stand-in" in registry.GAMES and registry.get("stand-in") is stand_in
    monkeypatch.undo()
    assert "stand-in" not in registry.GAMES and len(registry.GAMES) == 3
