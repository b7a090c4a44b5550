"""Table seeds: random on a live site; on a test site (CARAVANSERAI_TEST_SEED) derived
from the base, or exactly the one a page's X-Caravanserai-Seed header asks for."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from nicegui.testing import User

from core.table import GUEST, SeatInfo, TableSettings
from storage import repo
from storage.db import make_engine
from tests.ui.sites import ANN, BEA, guests_engine
from ui import seeds
from ui.seeds import Seeds, derive
from ui.site import Site


def test_a_live_site_draws_at_random_and_ignores_the_header(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda n: 99)
    live = Seeds()
    assert not live.testing
    assert live.draw("7") == 99
    assert live.draw() == 99


def test_a_test_site_derives_its_seeds_from_the_base_or_takes_the_one_asked() -> None:
    site = Seeds(5)
    assert site.testing
    assert [site.draw(), site.draw()] == [derive(5, 1), derive(5, 2)]
    assert derive(5, 1) != derive(5, 2) != derive(6, 2)
    assert site.draw("123") == 123
    assert site.draw(" 0 ") == 0
    for bad in ("-1", str(2**31), "12a", "", "1e3", None, 7):
        expected = derive(5, site.count + 1)
        assert site.draw(bad) == expected
    assert all(0 <= derive(b, c) < 2**31 for b in (0, 1, -3, 2**40) for c in range(1, 50))


def test_the_setting_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(seeds.ENV, raising=False)
    assert Seeds.from_environment().base is None
    monkeypatch.setenv(seeds.ENV, " 42 ")
    assert Seeds.from_environment().base == 42
    monkeypatch.setenv(seeds.ENV, "forty-two")
    with pytest.raises(SystemExit, match="must be an integer"):
        Seeds.from_environment()


async def test_a_test_site_deals_the_table_from_the_seed_asked(tmp_path: Path) -> None:
    site = Site(guests_engine(tmp_path), bot_pause=0, seeds=Seeds(5))
    seats = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(GUEST, BEA, "Bea")]

    async def opened(asked: str | None) -> int:
        table = await site.create_table(
            game="caravan",
            options={"hands": 1},
            seats=seats,
            user_ids=[ANN, BEA],
            settings=TableSettings(host=ANN),
            asked_seed=asked,
        )
        stored = repo.load_record(site.db, match_id=table.id)
        assert stored is not None and stored["seed"] == table.record["seed"]
        return int(table.record["seed"])

    assert await opened("4242") == 4242
    assert await opened(None) == derive(5, 1)


@pytest.fixture
def test_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page tests' site (the ``user`` fixture, asked for after this) is a test site."""
    monkeypatch.setenv(seeds.ENV, "1")


async def test_the_new_table_page_passes_the_header_on(
    test_site: None, user: User, tmp_path: Path
) -> None:
    user.http_client.headers[seeds.HEADER] = "31337"
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(marker="start").click()
    await user.should_see("Hand 1 of 5")
    match_id = user.back_history[-1].rsplit("/", 1)[-1]
    engine = make_engine(f"sqlite:///{tmp_path}/site.db")
    record = repo.load_record(engine, match_id=match_id)
    engine.dispose()
    assert record is not None and record["seed"] == 31337
