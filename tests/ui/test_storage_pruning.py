"""Cookie-less visits leave no growing pile of NiceGUI user storage files: those of
visitors who own nothing go after a day unchanged, while a guest who played keeps the
visitor id that finds their games again."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import httpx
import pytest
from nicegui import app, core
from nicegui.storage import Storage
from nicegui.testing import User

from e2e.server import Server
from storage import repo
from storage.db import make_engine
from ui.gateway import Gateway
from ui.storage_pruning import MAX_AGE, prune_user_storage

VISITS = 300
LATER = MAX_AGE + 3600.0  # a day and an hour after the visits


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user storage files of this test, apart from any other's (set before the site)."""
    monkeypatch.setattr(Storage, "path", tmp_path / "nicegui")
    return Storage.path


def user_files() -> set[Path]:
    return set(Storage.path.glob("storage-user-*.json"))


async def written() -> set[Path]:
    """The user storage files, once every session holding data has been written out."""
    deadline = time.monotonic() + 20
    while True:
        sessions = {sid for sid, data in app.storage._users.items() if data}  # noqa: SLF001
        files = user_files()
        names = {path.name for path in files}
        if all(f"storage-user-{sid}.json" in names for sid in sessions):
            return files
        assert time.monotonic() < deadline, "the storage files were not written"
        await asyncio.sleep(0.05)


async def cookie_less_visit(path: str) -> None:
    transport = httpx.ASGITransport(core.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        assert (await client.get(path)).status_code == 200


async def ann_plays_at_a_hot_seat_table(user: User) -> str:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find("A friend on this screen (hot seat)").click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see("Pass the device to")
    return user.back_history[-1].rsplit("/", 1)[-1]


async def test_cookie_less_visits_leave_no_pile_and_a_guest_who_played_stays_known(
    folder: Path, user: User
) -> None:
    table_id = await ann_plays_at_a_hot_seat_table(user)
    ann = await written()
    for _ in range(VISITS // 2):
        await cookie_less_visit("/new/caravan")
        await cookie_less_visit(f"/table/{table_id}")
    pile = await written() - ann
    assert len(pile) >= VISITS // 2, "the visits left files (the pile to prune)"

    gateway = Gateway(make_engine(os.environ["DATABASE_URL"]))
    try:
        assert await prune_user_storage(gateway) == 0, "nothing goes before a day"
        assert await prune_user_storage(gateway, now=time.time() + LATER) >= len(pile)
    finally:
        gateway.close()
    assert user_files() & pile == set()
    assert ann <= user_files(), "the guest who played keeps their file"
    await user.open(f"/table/{table_id}")
    await user.should_see("Pass the device to")  # still seated: the same visitor id


async def test_an_old_file_is_kept_when_its_visitor_owns_a_game_or_an_account(
    folder: Path, user: User
) -> None:
    engine = make_engine(os.environ["DATABASE_URL"])
    repo.ensure_guest(engine, user_id="a" * 32, name="Ann")
    Storage.path.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, uid in (("played", "a" * 32), ("never", "b" * 32), ("no-uid", None)):
        path = Storage.path / f"storage-user-{name}.json"
        path.write_text(json.dumps({"uid": uid, "lang": "fr"} if uid else {"lang": "fr"}))
        files[name] = path
    gateway = Gateway(engine)
    try:
        assert await prune_user_storage(gateway, now=time.time() + LATER) >= 2
    finally:
        gateway.close()
        engine.dispose()
    assert files["played"].exists()
    assert not files["never"].exists() and not files["no-uid"].exists()


def test_the_served_site_forgets_old_visitors_at_start_up(tmp_path: Path) -> None:
    folder = tmp_path / "site" / "data" / "nicegui"
    folder.mkdir(parents=True)
    old = time.time() - LATER
    stale = []
    for name, data in (("never", {"uid": "c" * 32}), ("no-uid", {"lang": "fr"})):
        path = folder / f"storage-user-{name}.json"
        path.write_text(json.dumps(data))
        os.utime(path, (old, old))
        stale.append(path)
    fresh = folder / "storage-user-today.json"
    fresh.write_text(json.dumps({"uid": "d" * 32}))
    site = Server(tmp_path / "site", env={"NICEGUI_STORAGE_PATH": str(folder)}).start()
    try:
        deadline = time.monotonic() + 20
        while any(path.exists() for path in stale) and time.monotonic() < deadline:
            time.sleep(0.1)  # polling the condition the start-up pruning brings about
    finally:
        site.stop()
    assert not any(path.exists() for path in stale), "old files of visitors who own nothing"
    assert fresh.exists(), "a file changed within the day stays"
