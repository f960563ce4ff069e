"""Tutorials (issue 11): a guided first game of each game in its real play scene — the director
(:mod:`scenes.tutorial.director`), the coach's panel (:mod:`scenes.tutorial.coach`), the scene
factory ``tutorial`` (:mod:`scenes.tutorial.scene`) and the first-time offer (:mod:`scenes.tutorial.offer`)."""
