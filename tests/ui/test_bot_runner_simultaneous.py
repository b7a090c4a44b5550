"""Bots in a simultaneous step (Off Season's sealed bids) think once, and their answers stand
while the other bidders' bids land."""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from nicegui import core as nicegui_core

from core.bots import choose_action
from core.table import BOT, SeatInfo
from tests.ui.sites import guests_engine, until
from ui.bot_pool import BotPool
from ui.site import Site

SEED = 2  # three players: round 1 is a standard sealed bid


class Thinks:
    """``choose_action``, counting the turns each seat was asked to think about."""

    def __init__(self) -> None:
        self.per_seat: Counter[int] = Counter()
        self._lock = threading.Lock()

    def __call__(self, bot: str, state: Any, seat: int, rng: Any) -> str:
        with self._lock:
            self.per_seat[seat] += 1
        return choose_action(bot, state, seat, rng)


async def test_easy_bots_think_once_a_move_and_none_is_refused_over_a_whole_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    monkeypatch.setattr(secrets, "randbelow", lambda n: SEED)
    caplog.set_level(logging.WARNING, logger="ui.bot_runner")
    site = Site(guests_engine(tmp_path), bot_pause=0)
    site.bots.pool = BotPool(workers=2, executor=ThreadPoolExecutor(2), kept_for_people=0)
    thinks = site.bots.choose = Thinks()
    seats = [SeatInfo(BOT, "bot:easy", f"Easy {n}") for n in (1, 2, 3)]
    table = await site.create_table(
        game="offseason", options=None, seats=seats, user_ids=[None, None, None]
    )
    assert table.state.view(None)["phase"] == "auction" and len(table.state.to_move()) == 3
    await until(lambda: table.state.is_over(), deadline=60)
    refused = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    bids = sum(1 for _, action in table.record["actions"] if action.startswith("bid "))
    assert bids >= 3  # the game had sealed bids to make at once
    assert refused == []
    assert thinks.per_seat == Counter(seat for seat, _ in table.record["actions"])
