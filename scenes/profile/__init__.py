"""The player's profile (issue 36): the rating per game, the achievements, the friends' tables and
the statistics, kept in per-user files and shown in the Profile screen (scene ``stats``)."""
