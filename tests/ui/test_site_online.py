"""The site's online services without pages: rematch, chat, cancel and presence."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.table import GUEST, SeatInfo, Table, TableError
from storage import repo
from tests.ui.sites import ANN, BEA, new_site, two_people
from ui.site import Site
from ui.site_chat import MAX_CHAT, clean_chat

CID = "c" * 32

# A finished table schedules its own removal on NiceGUI's loop, which these tests do not run.
pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'Site._forget_later' was never awaited")


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return new_site(tmp_path)


async def finish(table: Table) -> None:
    while not table.state.is_over():
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)


async def test_a_rematch_opens_once_with_the_same_seats_and_is_remembered(site: Site) -> None:
    table = await two_people(site)
    with pytest.raises(TableError) as early:
        await site.rematch(table, by=ANN)
    assert early.value.code == "not_over"
    await finish(table)
    with pytest.raises(TableError) as stranger:
        await site.rematch(table, by=CID)
    assert stranger.value.code == "not_player"
    heard: list[str] = []
    site.info(table.id).listen(heard.append)
    follow = await site.rematch(table, by=BEA)
    assert await site.rematch(table, by=ANN) == follow  # the second ask joins the first
    assert heard == ["rematch"]
    again = await site.table(follow)
    assert again.seats == table.seats and not again.waiting and again.ply == 0
    assert again.settings.host == BEA and again.settings.invite != table.settings.invite
    info = repo.load_table_info(site.db, match_id=table.id)
    assert info is not None and info["rematch"] == follow


async def test_chat_lines_are_cleaned_stored_and_refused_when_bad(site: Site) -> None:
    table = await two_people(site)
    await site.post_chat(table, by=BEA, text="  hi\x00 there\n\tAnn  ")
    assert [(line.name, line.text) for line in site.chat(table)] == [("Bea", "hi there Ann")]
    for bad in ("", "   ", "x" * (MAX_CHAT + 1), None, 42, ["hi"]):
        with pytest.raises(TableError) as caught:
            await site.post_chat(table, by=ANN, text=bad)
        assert caught.value.code == "bad_chat"
    with pytest.raises(TableError) as outsider:
        await site.post_chat(table, by=CID, text="hello")
    assert outsider.value.code == "not_player"
    site.live.clear()  # a restart: the lines come back from storage
    assert [line.text for line in await site.load_chat(table)] == ["hi there Ann"]
    quiet = await two_people(site, chat=False)
    with pytest.raises(TableError) as closed:
        await site.post_chat(quiet, by=ANN, text="hello")
    assert closed.value.code == "no_chat"


def test_clean_chat_keeps_text_and_drops_control_characters() -> None:
    assert clean_chat("<b>bold</b> & co") == "<b>bold</b> & co"
    assert clean_chat("a\u202eb") == "ab"
    assert clean_chat("x" * MAX_CHAT) == "x" * MAX_CHAT


async def test_only_the_host_cancels_a_waiting_table_and_it_leaves_the_lobby(site: Site) -> None:
    table = await two_people(site, open_seat=True)
    assert site.lobby()[0] == [table]
    with pytest.raises(TableError) as caught:
        await site.cancel(table, by=BEA)
    assert caught.value.code == "host"
    await site.cancel(table, by=ANN)
    assert site.lobby() == ([], [])
    with pytest.raises(TableError):
        await site.table(table.id)
    assert repo.unfinished_matches(site.db) == []


async def test_presence_counts_each_visitor_s_connected_pages(site: Site) -> None:
    table = await two_people(site)
    info = site.info(table.id)
    heard: list[str] = []
    info.listen(heard.append)
    site.arrive(table.id, BEA, "page-1")
    site.arrive(table.id, BEA, "page-2")
    site.depart(table.id, BEA, "page-1")
    assert info.is_present(BEA)
    site.depart(table.id, BEA, "page-2")
    site.depart(table.id, BEA, "page-2")  # twice: nothing more
    assert not info.is_present(BEA)
    assert heard == ["presence"] * 2  # Bea came, Bea went: her second page changed nothing


async def test_a_spectator_coming_and_going_tells_no_page(site: Site) -> None:
    table = await two_people(site)
    info = site.info(table.id)
    heard: list[str] = []
    info.listen(heard.append)
    site.arrive(table.id, CID, "page-1")
    assert info.is_present(CID)
    site.depart(table.id, CID, "page-1")
    assert not info.is_present(CID) and heard == []


async def test_a_rematch_gives_a_player_who_resigned_their_seat_back(site: Site) -> None:
    table = await two_people(site)
    await table.resign(0, by=ANN, name="Bot for Ann")
    await finish(table)
    follow = await site.table(await site.rematch(table, by=ANN))  # the resigner may ask too
    assert follow.seats[0] == SeatInfo(GUEST, ANN, "Ann")
    assert follow.seats[1] == table.seats[1]


async def test_two_players_asking_for_a_rematch_at_once_open_one_table(site: Site) -> None:
    table = await two_people(site)
    await finish(table)
    first, second = await asyncio.gather(site.rematch(table, by=ANN), site.rematch(table, by=BEA))
    assert first == second
    assert len(repo.unfinished_matches(site.db)) == 1
