"""Caps on the tables one visitor or one address may open: open ones, and new ones a minute."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from nicegui import core as nicegui_core
from nicegui.testing import User

from core.table import BOT, GUEST, SeatInfo, Table, TableError, TableSettings
from storage import repo
from tests.ui.sites import ANN, BEA, new_site
from ui import table_caps
from ui.bot_pool import BotPool
from ui.i18n import Translator
from ui.pages.errors import refusal
from ui.site import Site
from ui.table_caps import MAX_OPEN_PER_VISITOR

pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'Site._forget_later' was never awaited")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Site:
    """A site whose rates of new tables are out of the way of the caps on open ones."""
    monkeypatch.setattr(table_caps, "NEW_PER_VISITOR_PER_MINUTE", 1000)
    monkeypatch.setattr(table_caps, "NEW_PER_ADDRESS_PER_MINUTE", 1000)
    return new_site(tmp_path)


async def open_table(site: Site, host: str = ANN, *, address: str | None = "10.0.0.1") -> Table:
    """A Caravan table of ``host`` against a second person, so no bot is scheduled."""
    other = BEA if host == ANN else ANN
    seats = [SeatInfo(GUEST, host, "Host"), SeatInfo(GUEST, other, "Guest")]
    return await site.create_table(
        game="caravan",
        options={"hands": 1},
        seats=seats,
        user_ids=[s.user_id for s in seats],
        settings=TableSettings(host=host),
        address=address,
    )


async def finish(table: Table) -> None:
    while not table.state.is_over():
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)


async def refused_key(site: Site, host: str = ANN, *, address: str | None = "10.0.0.1") -> str:
    with pytest.raises(TableError) as refused:
        await open_table(site, host, address=address)
    assert refused.value.code == "too_many"
    return str(refused.value.params["key"])


async def test_a_visitor_with_ten_unfinished_tables_is_refused_an_eleventh(site: Site) -> None:
    for _ in range(MAX_OPEN_PER_VISITOR):
        await open_table(site)
    assert await refused_key(site) == "too_many_open"
    assert len(repo.unfinished_matches(site.db)) == MAX_OPEN_PER_VISITOR  # nothing stored


async def test_a_finished_table_no_longer_counts_against_its_host(site: Site) -> None:
    tables = [await open_table(site) for _ in range(MAX_OPEN_PER_VISITOR)]
    await finish(tables[0])
    await open_table(site)


async def test_a_rematch_counts_as_a_new_table(site: Site) -> None:
    first = await open_table(site)
    for _ in range(MAX_OPEN_PER_VISITOR - 1):
        await open_table(site)
    await finish(first)
    await open_table(site)  # the finished table's place is taken again
    with pytest.raises(TableError) as refused:
        await site.rematch(first, by=ANN)
    assert refused.value.params["key"] == "too_many_open"


async def test_one_address_is_capped_across_visitors(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_caps, "MAX_OPEN_PER_ADDRESS", 3)
    for host in (ANN, ANN, BEA):
        await open_table(site, host)
    assert await refused_key(site, BEA) == "too_many_open_address"
    await open_table(site, BEA, address="10.0.0.2")  # another address is not held back


async def test_a_visitor_opening_tables_fast_is_asked_to_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = new_site(tmp_path)
    monkeypatch.setattr(table_caps, "MAX_OPEN_PER_VISITOR", 100)
    monkeypatch.setattr(table_caps, "MAX_OPEN_PER_ADDRESS", 100)
    for _ in range(table_caps.NEW_PER_VISITOR_PER_MINUTE):
        await open_table(site, address=None)
    with pytest.raises(TableError) as refused:
        await open_table(site, address=None)
    assert refused.value.params["key"] == "too_many_new"
    assert 0 < refused.value.params["seconds"] <= 60


async def test_a_table_of_bots_alone_is_not_held_to_a_visitor_cap(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    site.bots.pool = BotPool(1, ThreadPoolExecutor(1))
    site.bots.choose = lambda *args: None  # the bots do not move here
    seats = [SeatInfo(BOT, "bot:easy", "Easy 1"), SeatInfo(BOT, "bot:easy", "Easy 2")]
    for _ in range(MAX_OPEN_PER_VISITOR + 1):
        await site.create_table(
            game="caravan", options={"hands": 1}, seats=seats, user_ids=[None, None]
        )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_refusal_reads_in_the_visitors_language(language: str) -> None:
    t = Translator(language)
    for key, params in (
        ("too_many_open", {"n": 10}),
        ("too_many_open_address", {"n": 30}),
        ("too_many_new", {"seconds": 42}),
    ):
        text = refusal(t, TableError("too_many", "English", key=key, **params))
        assert t.has(f"error.{key}") and ("10" in text or "30" in text or "42" in text)


async def test_the_new_table_page_says_why_no_table_was_opened(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_caps, "MAX_OPEN_PER_VISITOR", 0)
    await user.open("/new/caravan")
    user.find(marker="start").click()
    await user.should_see("unfinished tables already")
    await user.should_see("New game of Caravan")
