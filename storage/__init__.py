"""Storage: SQLModel tables, migrations and the repository functions the app needs.

``db`` builds the engine (a SQLite file under ``./data/`` by default, PostgreSQL
through ``DATABASE_URL``) and runs the migrations; ``models`` holds every table;
``repo`` is the only code that reads or writes them. Moves are append-only and
are written by :func:`storage.repo.append_move` alone, before anyone is told.
"""
