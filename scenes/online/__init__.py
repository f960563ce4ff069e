"""Online play in the app (issue 24 §2): the join screen (``online_join``), the lobby
(``online_lobby``) and hosting a table from the app (:mod:`scenes.online.session`)."""
