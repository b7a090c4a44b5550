"""A visitor's NiceGUI user storage is read once, and used only once it has been read.

NiceGUI makes a session's user storage on the session's first request after the process
starts (``RequestTrackingMiddleware``): it registers an empty dictionary, then reads the
session's file (or Redis key) into it. A second request of the same session arriving
during that read finds the dictionary registered and uses it empty. After a restart that
is what a page reloading itself and the visitor's own reload do together: the table page
of the second finds no visitor id, makes a new one and shows its own player the game as a
spectator (the first read later puts the old id back, so the next page is right again).

:func:`install` makes the storage registered only once read, and the requests of one
session that arrive meanwhile wait for that same read.
"""

from __future__ import annotations

import asyncio

from nicegui.storage import USER_PREFIX, Storage

_reading: dict[str, asyncio.Task[None]] = {}  # session id -> the read under way


async def _create_user_storage(self: Storage, session_id: str) -> None:
    """Read ``session_id``'s storage, or wait for the read another request started."""
    reading = _reading.get(session_id)
    if reading is None:

        async def read() -> None:
            storage = Storage._create_persistent_dict(f"{USER_PREFIX}{session_id}")  # noqa: SLF001
            await storage.initialize()
            self._users[session_id] = storage  # noqa: SLF001

        reading = _reading[session_id] = asyncio.create_task(read())
        reading.add_done_callback(lambda _: _reading.pop(session_id, None))
    await asyncio.shield(reading)  # a request that goes away leaves the read to the others


def install() -> None:
    """Put :func:`_create_user_storage` in place of NiceGUI's (once per process)."""
    Storage._create_user_storage = _create_user_storage  # type: ignore[method-assign]  # noqa: SLF001
