"""A session's user storage is used only once read (``ui/session_storage.py``): after a
restart, two requests of one browser arriving together both find the visitor id that the
browser had, instead of the second making a new one and showing its own player the game
as a spectator (an outside run of ``e2e/test_restart.py`` under load did exactly that)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from nicegui import app
from nicegui.persistence.file_persistent_dict import FilePersistentDict
from nicegui.storage import Storage
from nicegui.testing import User

from tests.ui.patience import until

UID = "0123456789abcdef0123456789abcdef"


async def test_a_second_request_waits_for_the_storage_the_first_is_reading(
    user: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await user.open("/")  # the site is up, with its storage as the middleware makes it
    monkeypatch.setattr(Storage, "path", tmp_path / "storage")
    Storage.path.mkdir()
    session = "a-browser-of-before-the-restart"
    (Storage.path / f"storage-user-{session}.json").write_text(json.dumps({"uid": UID}))
    reads: list[str] = []
    slow_disk = asyncio.Event()
    read = FilePersistentDict.initialize

    async def slow_read(self: FilePersistentDict) -> None:
        reads.append(self.filepath.name)
        await slow_disk.wait()
        await read(self)

    monkeypatch.setattr(FilePersistentDict, "initialize", slow_read)
    storage = app.storage
    users = storage._users  # noqa: SLF001

    # What RequestTrackingMiddleware does for each request of a session it has not seen.
    first = asyncio.create_task(storage._create_user_storage(session))  # noqa: SLF001
    assert await until(lambda: bool(reads))
    assert session not in users, "registered before it was read: a request would see it empty"
    second = asyncio.create_task(storage._create_user_storage(session))  # noqa: SLF001
    slow_disk.set()
    await asyncio.gather(first, second)
    assert users[session]["uid"] == UID
    assert reads == [f"storage-user-{session}.json"]  # read once for both requests
    del users[session]
