"""What pages show about a live table beyond its game state, and who hears of it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.table import SeatInfo

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChatLine:
    seat: int
    name: str
    text: str
    at: datetime


@dataclass
class LiveInfo:
    """What pages show about a table beyond its game state, and who hears of it.

    ``listeners`` are called with an event name -- ``seats``, ``presence``,
    ``chat``, ``rematch`` or ``cancelled`` -- after the change is stored.
    """

    present: dict[str, set[str]] = field(default_factory=dict)  # identity -> client ids
    elsewhere: set[str] = field(default_factory=set)  # identities present on other processes
    chat: list[ChatLine] | None = None  # loaded on first use
    rematch: str | None = None
    rematch_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    players: list[SeatInfo] | None = None  # the seats as the game began (see Site.players_of)
    cancelled: bool = False
    listeners: list[Callable[[str], None]] = field(default_factory=list)
    feed: Any = None  # the spectators' shared board (ui/pages/spectators.py), once needed
    opened_at: datetime | None = None  # when the match was opened (the lobby shows its wait)
    last_seen: datetime | None = None  # when a seated person last came or went, this process
    left: dict[str, float] = field(default_factory=dict)  # identity -> when its last page went

    def listen(self, listener: Callable[[str], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def tell(self, event: str) -> None:
        for listener in list(self.listeners):
            try:
                listener(event)
            except Exception:
                log.exception("table listener failed on %s", event)

    def is_present(self, identity: str) -> bool:
        return bool(self.present.get(identity)) or identity in self.elsewhere

    def unattended_since(self) -> datetime | None:
        """Since when no seated person has had a page of the table open (as far as this
        process knows: from the match's opening when nobody came since the start)."""
        return self.last_seen or self.opened_at
