"""What every play scene shares: the PlayScene base over a game in progress, pause, privacy, the score-screen base, seat kinds."""
