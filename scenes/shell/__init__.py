"""The app around the games: the loop, scene registry, menu, setup, rules, assets, sound, UI dump, settings, saves."""
