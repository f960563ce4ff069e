"""Online play (issue 24; docs/PROTOCOL.md): the protocol's messages (:mod:`game.net.protocol`), the
authoritative server (:mod:`game.net.server`, its tables :mod:`game.net.table`, kept through a
:mod:`game.net.tablestore` store: SQLite's is :mod:`game.net.store`) and the clients. Headless
(asyncio, the ``websockets`` library); importing the package imports nothing else."""
