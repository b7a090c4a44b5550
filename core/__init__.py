"""Caravanserai's rules library: games, records, bots and live tables, with no I/O."""
