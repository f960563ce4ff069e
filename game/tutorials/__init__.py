"""Tutorial data (issue 11): one JSON file per game and its coach texts (``<game>_text.py``);
read by :mod:`game.tutorial`."""
