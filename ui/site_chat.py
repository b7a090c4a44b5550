"""The table chat: lines are checked, stored through the gateway, then shown.

:class:`SiteChat` holds the chat methods of :class:`ui.site.Site`.
"""

from __future__ import annotations

import functools
import logging
import math
import unicodedata
from datetime import UTC, datetime
from typing import Any

from core.table import Table, TableError
from storage import chat_lines
from ui.gateway import Gateway
from ui.live import ChatLine, LiveInfo
from ui.rate_limit import Limit, Limiter
from ui.shared_rate_limit import limit_for

log = logging.getLogger(__name__)

MAX_CHAT = 300  # characters in one chat line
CHAT_KEPT = 200  # lines a table shows
CHAT_BURST, CHAT_WINDOW = 5, 10.0  # lines one visitor may write within that many seconds


def clean_chat(raw: Any) -> str | None:
    """A chat line as it will be stored: one line, trimmed, control characters removed;
    None when empty or longer than :data:`MAX_CHAT`. The raw length is checked first: a
    huge line is refused without looking at each of its characters."""
    if not isinstance(raw, str) or len(raw) > MAX_CHAT:
        return None
    text = " ".join(
        "".join(c for c in raw if unicodedata.category(c)[0] != "C" or c in "\n\t").split()
    )
    if not text or len(text) > MAX_CHAT:
        return None
    return text


class SiteChat:
    """The chat of the site's tables; mixed into :class:`ui.site.Site`."""

    gateway: Gateway

    def info(self, table_id: str) -> LiveInfo:
        raise NotImplementedError

    def chat(self, table: Table) -> list[ChatLine]:
        """The table's chat lines in memory, oldest first (none until :meth:`load_chat`)."""
        return self.info(table.id).chat or []

    async def load_chat(self, table: Table) -> list[ChatLine]:
        """The table's chat lines, read from storage (through the gateway) on first use."""
        info = self.info(table.id)
        if info.chat is None:
            rows = await self.gateway(chat_lines.load_chat, match_id=table.id, limit=CHAT_KEPT)
            if info.chat is None:  # another page may have loaded them meanwhile
                info.chat = [ChatLine(r.seat, r.name, r.text, r.created_at) for r in rows]
        return info.chat

    @functools.cached_property
    def chat_limits(self) -> Limiter:
        """Chat lines per visitor (any table) over a sliding window, in this process."""
        return Limiter(CHAT_BURST, CHAT_WINDOW)

    @functools.cached_property
    def chat_pace(self) -> Limit:
        """:attr:`chat_limits` as :meth:`post_chat` asks them: counted in Redis for every
        process when ``REDIS_URL`` is set, so a visitor's lines count wherever they are
        written; this process's own when it serves the site alone."""
        return limit_for("chat", self.chat_limits)

    async def post_chat(self, table: Table, *, by: str, text: Any) -> None:
        """A player says ``text`` at the table; stored before anyone sees it.

        Checked in order of cost: the raw length before the text is cleaned (a huge line
        costs nothing), and the visitor's pace before anything is stored."""
        if not table.settings.chat:
            raise TableError("no_chat", "This table has no chat.")
        held = table.seats_held_by(by)
        if not held:
            raise TableError("not_player", "Only the players can write here.")
        if not isinstance(text, str) or len(text) > MAX_CHAT:
            raise TableError("bad_chat", f"A message has 1 to {MAX_CHAT} characters.", n=MAX_CHAT)
        wait = await self.chat_pace.retry_after(by)
        if wait > 0:
            seconds = math.ceil(wait)
            raise TableError(
                "chat_pace",
                f"You are writing fast: you may write again in {seconds} s.",
                key="chat_pace",
                seconds=seconds,
            )
        line = clean_chat(text)
        if line is None:
            raise TableError("bad_chat", f"A message has 1 to {MAX_CHAT} characters.", n=MAX_CHAT)
        seat = held[0]
        name = table.seats[seat].name
        lines = await self.load_chat(table)  # loaded before this line is stored: added once
        try:
            row = await self.gateway(
                chat_lines.add_chat, match_id=table.id, seat=seat, name=name, text=line
            )
        except Exception as err:
            log.exception("could not store a chat line at table %s", table.id)
            raise TableError("storage", "The message could not be saved. Try again.") from err
        lines.append(ChatLine(seat, name, line, row.created_at if row else datetime.now(UTC)))
        del lines[:-CHAT_KEPT]
        self.info(table.id).tell("chat")
        # A line written counts against the pace; counted once it is shown, so that no other
        # line can be added while the count may wait for Redis.
        await self.chat_pace.fail(by)
