"""Waiting tables nobody is at: the lobby says how long each has waited and who is
there, and a table with nobody seated present for a day is closed like a cancelled one."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from nicegui.testing import User

from storage import repo
from storage.models import CANCELLED
from tests.ui.sites import ANN, new_site, two_people
from tests.ui.test_online_pages import OPEN_SEAT, open_waiting_table, other_browser
from ui import unattended
from ui.i18n import Translator
from ui.pages.lobby import waited
from ui.site import Site
from ui.unattended import close_unattended

DAY = timedelta(hours=24)
pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'Site._forget_later' was never awaited")


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return new_site(tmp_path)


async def test_a_table_nobody_is_at_for_a_day_is_closed_and_leaves_the_lobby(site: Site) -> None:
    table = await two_people(site, open_seat=True)
    info = site.info(table.id)
    heard: list[str] = []
    info.listen(heard.append)
    opened = info.opened_at
    assert opened is not None and datetime.now(UTC) - opened < timedelta(minutes=1)
    later = opened + DAY + timedelta(hours=1)
    site.arrive(table.id, ANN, "page-1")  # Ann's page is open: never closed
    assert await close_unattended(site, now=later + DAY, age=DAY) == 0
    site.depart(table.id, ANN, "page-1")
    left = info.last_seen
    assert left is not None
    assert await close_unattended(site, now=left + DAY - timedelta(minutes=1), age=DAY) == 0
    assert await close_unattended(site, now=left + DAY, age=DAY) == 1
    assert heard[-1] == "unattended"
    assert site.lobby() == ([], [])
    assert table.id not in site.tables
    (stored,) = repo.load_tables(site.db, match_ids=[table.id])
    assert stored.status == CANCELLED


async def test_a_started_table_is_never_closed_for_want_of_anyone(site: Site) -> None:
    table = await two_people(site)  # Ann against Bea: playing, nobody's page open
    later = datetime.now(UTC) + 3 * DAY
    assert await close_unattended(site, now=later, age=DAY) == 0
    assert table.id in site.tables


async def test_a_restarted_site_counts_the_wait_from_the_table_s_opening(
    site: Site, tmp_path: Path
) -> None:
    table = await two_people(site, open_seat=True)
    again = Site(site.db, bot_pause=0)
    assert await again.recover() == 1
    (stored,) = repo.load_tables(site.db, match_ids=[table.id])
    assert stored.created_at is not None
    assert again.info(table.id).opened_at == stored.created_at
    assert again.info(table.id).unattended_since() == stored.created_at


def test_the_age_is_a_setting_in_hours(monkeypatch: pytest.MonkeyPatch) -> None:
    assert unattended.max_age() == DAY
    monkeypatch.setenv("CARAVANSERAI_UNATTENDED_HOURS", "6")
    assert unattended.max_age() == timedelta(hours=6)
    monkeypatch.setenv("CARAVANSERAI_UNATTENDED_HOURS", "soon")
    assert unattended.max_age() == DAY


def test_waits_read_in_round_words_in_both_languages() -> None:
    now = datetime(2026, 1, 2, tzinfo=UTC)
    en, fr = Translator("en"), Translator("fr")
    assert waited(en, now, now) == "just opened"
    assert waited(en, now - timedelta(minutes=12), now) == "waiting for 12 min"
    assert waited(en, now - timedelta(hours=3, minutes=20), now) == "waiting for 3 h"
    assert waited(en, now - timedelta(days=3), now) == "waiting for 3 days"
    assert waited(fr, now - timedelta(hours=3), now) == "en attente depuis 3 h"
    assert waited(fr, now - timedelta(days=2), now) == "en attente depuis 2 jours"


@pytest.fixture
def sites(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Site]]:
    """The sites built while the test runs (the page tests' own, once ``user`` starts it)."""
    built: list[Site] = []
    original = Site.__init__

    def init(self: Site, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        built.append(self)

    monkeypatch.setattr(Site, "__init__", init)
    yield built


async def test_the_lobby_shows_each_table_s_wait_and_who_is_there(
    sites: list[Site], user: User
) -> None:
    path = await open_waiting_table(user, OPEN_SEAT)
    (site,) = sites
    table_id = path.removeprefix("/table/")
    info = site.info(table_id)
    assert info.opened_at is not None
    info.opened_at -= timedelta(hours=3)
    async with other_browser() as bea:
        await bea.open("/lobby")
        await bea.should_see("waiting for 3 h · Ann present")
        for identity, pages in list(info.present.items()):  # Ann closes her page
            for page in list(pages):
                site.depart(table_id, identity, page)
        await bea.should_see("waiting for 3 h · nobody here")  # live, without a reload
        assert await close_unattended(site, now=datetime.now(UTC) + DAY, age=DAY) == 1
        await bea.should_see("No table is waiting for players just now.")


async def test_the_home_page_speaks_of_playing_friends_online_and_the_lobby(user: User) -> None:
    await user.open("/")
    await user.should_see("with friends online", retries=1)
    await user.should_see("watch the games being played")
    user.find(marker="home-lobby").click()
    await user.should_see("Tables waiting for players")
