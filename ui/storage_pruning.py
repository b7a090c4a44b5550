"""Forget the visitors who never played (this module: NiceGUI's storage files, when one
process serves the site; :mod:`ui.shared_storage_pruning`: its keys in Redis, by the same rule).

Every browser that opens a page gets a NiceGUI user storage file
(``storage-user-<session>.json`` under ``NICEGUI_STORAGE_PATH``) holding its visitor id
(:func:`ui.layout.visitor_id`), its language and its form token. A visitor id that owns
something in the database (a guest who sat at a table, an account) must be kept: it is
how that browser finds its games again. The others are only a pile: a file left
unchanged for :data:`MAX_AGE` whose visitor id owns nothing is removed, at start-up and
every :data:`INTERVAL` seconds. A visitor who comes back after that simply gets a new
guest id, as on a first visit.

A session a page is still using (an open or recently built page, a request under way)
is never touched, so nothing a visitor does while the file goes can be lost.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path

from nicegui import Client, app
from nicegui.storage import Storage

from storage.accounts import owners_among
from ui import shared_storage_pruning
from ui.gateway import Gateway, StorageUnavailable

log = logging.getLogger(__name__)

MAX_AGE = 24 * 3600.0  # seconds a storage file of a visitor who owns nothing is kept unchanged
INTERVAL = 3600.0  # seconds between two prunings
CLIENT_GRACE = 60.0  # a page built this recently may still connect (as NiceGUI's own pruning)
PREFIX, SUFFIX = "storage-user-", ".json"


@dataclass(frozen=True)
class Candidate:
    """A user storage file unchanged for long enough, with the visitor id it holds."""

    path: Path
    session: str
    mtime: float
    uid: str | None


def candidates(folder: Path, *, older_than: float) -> list[Candidate]:
    """User storage files last written before ``older_than`` (blocking: file reads)."""
    found = []
    for path in folder.glob(f"{PREFIX}*{SUFFIX}"):
        try:
            mtime = path.stat().st_mtime
            if mtime >= older_than:
                continue
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # being replaced or unreadable: left for NiceGUI to deal with
        uid = data.get("uid") if isinstance(data, dict) else None
        session = path.name[len(PREFIX) : -len(SUFFIX)]
        found.append(Candidate(path, session, mtime, uid if isinstance(uid, str) else None))
    return found


def sessions_in_use(now: float) -> set[str]:
    """Sessions that a page or a request may still read or write."""
    held = set(app.storage._active_request_sessions)  # noqa: SLF001
    for client in list(Client.instances.values()):
        stale = not client.has_socket_connection and client.created <= now - CLIENT_GRACE
        if not stale or client._delete_tasks:  # noqa: SLF001 - awaiting a reconnection
            held.add(client.request.session.get("id", ""))
    return held


async def prune_user_storage(
    gateway: Gateway, *, now: float | None = None, max_age: float = MAX_AGE
) -> int:
    """Remove the storage files of visitors who own nothing and left them unchanged for
    ``max_age`` seconds; return how many went. ``now`` is for tests (wall clock)."""
    now = time.time() if now is None else now
    older_than = now - max_age
    found = await asyncio.to_thread(candidates, Storage.path, older_than=older_than)
    if not found:
        return 0
    uids = sorted({item.uid for item in found if item.uid})
    try:
        owners = await gateway(owners_among, user_ids=uids) if uids else set()
    except StorageUnavailable:
        log.warning("user storage left as it is: the database cannot be reached")
        return 0
    # From here on nothing awaits: no request can start for these sessions meanwhile.
    held = sessions_in_use(now)
    removed = sum(
        _forget(item, older_than=older_than)
        for item in found
        if item.uid not in owners and item.session not in held
    )
    if removed:
        log.info("forgot %d visitor(s) who never played", removed)
    return removed


def _forget(item: Candidate, *, older_than: float) -> bool:
    """Remove one file unless its session changed meanwhile (in memory or on disk)."""
    users = app.storage._users  # noqa: SLF001
    loaded = users.get(item.session)
    if loaded is not None and (loaded.last_modified > older_than or loaded.get("uid") != item.uid):
        return False
    try:
        if item.path.stat().st_mtime != item.mtime:
            return False
        item.path.unlink()
    except OSError:
        return False
    users.pop(item.session, None)  # the next request reads the (now absent) file afresh
    return True


def start(gateway: Gateway) -> None:
    """Prune now and every :data:`INTERVAL` seconds (call at start-up): the files, or the
    keys when NiceGUI keeps its storage in Redis (:mod:`ui.shared_storage_pruning`)."""

    async def prune() -> None:
        try:
            if Storage.redis_url:
                await shared_storage_pruning.prune(
                    gateway,
                    in_use=lambda: sessions_in_use(time.time()),
                    max_age=MAX_AGE,
                    interval=INTERVAL,
                )
            else:
                await prune_user_storage(gateway)
        except Exception:
            log.exception("pruning the user storage failed")

    app.timer(INTERVAL, prune, immediate=True)
