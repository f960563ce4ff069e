"""The replay viewer (issue 10 §4): a game record shown again step by step, through the game's own
play scene in review mode (:mod:`scenes.replay.scene`, registered as ``"replay"``)."""
