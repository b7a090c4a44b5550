"""Online play as visitors use it, without a browser: invitations, the lobby, privacy,
chat, resigning, starting early and cancelling. Several visitors are several
simulated browsers on the same server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
from nicegui import core
from nicegui.testing import User

INVITED = "A friend on another device (invitation link)"
OPEN_SEAT = "An open seat: anyone in the lobby may take it"


@asynccontextmanager
async def other_browser() -> AsyncIterator[User]:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app), base_url="http://test"
    ) as client:
        yield User(client)


async def open_waiting_table(user: User, seat: str = INVITED, *, private: bool = False) -> str:
    """Ann opens a Caravan table whose second seat waits; returns the table's path."""
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(seat).click()
    if private:
        user.find(marker="private").click()
    user.find(marker="start").click()
    await user.should_see("Waiting for players")
    path = user.back_history[-1]
    assert path.startswith("/table/")
    return path


def invite_link(user: User) -> str:
    (box,) = user.find(marker="invite-link").elements
    link = str(box.value)
    return link[link.index("/table/") :]


async def take_seat(user: User, path: str, name: str) -> None:
    await user.open(path)
    user.find(marker="join-name").clear().type(name)
    user.find(marker="take-seat").click()


async def test_an_invited_friend_takes_the_seat_and_both_pages_start_the_game(
    user: User,
) -> None:
    path = await open_waiting_table(user)
    link = invite_link(user)
    assert "invite=" in link
    async with other_browser() as bea:
        await bea.open(path)  # without the invitation
        await bea.should_see("The free seats are kept for invited players.")
        await bea.should_not_see(marker="take-seat")
        await take_seat(bea, link, "Bea")
        await bea.should_see("Bea")
        await bea.should_not_see("Waiting for players")
        await user.should_not_see("Waiting for players")  # Ann's page, without a reload
        await user.should_see("Bea")
        await user.should_see("Hand 1 of 5")


async def test_a_wrong_invitation_token_gives_no_seat(user: User) -> None:
    path = await open_waiting_table(user)
    async with other_browser() as bea:
        await bea.open(f"{path}?invite=forged")
        await bea.should_see("The free seats are kept for invited players.")


async def test_the_lobby_shows_a_new_public_table_live_and_its_start(user: User) -> None:
    async with other_browser() as lobby:
        await lobby.open("/lobby")
        await lobby.should_see("No table is waiting for players just now.")
        path = await open_waiting_table(user, OPEN_SEAT)
        await lobby.should_see("1 seat free")  # no reload
        await lobby.should_see(marker="lobby-join")
        async with other_browser() as bea:
            await take_seat(bea, path, "Bea")
            await bea.should_not_see("Waiting for players")
        await lobby.should_see("No table is waiting for players just now.")
        await lobby.should_see(marker="lobby-watch")


async def test_a_private_table_is_not_listed_and_cannot_be_watched_without_the_link(
    user: User,
) -> None:
    path = await open_waiting_table(user, OPEN_SEAT, private=True)
    link = invite_link(user)
    async with other_browser() as stranger:
        await stranger.open("/lobby")
        await stranger.should_see("No table is waiting for players just now.")
        await stranger.open(path)
        await stranger.should_see("This table is private.")
        await stranger.should_not_see(marker="take-seat")
        await take_seat(stranger, link, "Bea")
        await stranger.should_not_see("Waiting for players")
        await stranger.open(path)  # a player needs no link any more
        await stranger.should_see("Hand 1 of 5")
    async with other_browser() as watcher:
        await watcher.open(path)
        await watcher.should_see("This table is private.")


async def test_chat_is_stored_plain_text_limited_and_for_players_only(user: User) -> None:
    path = await open_waiting_table(user)
    link = invite_link(user)
    async with other_browser() as bea, other_browser() as watcher:
        await take_seat(bea, link, "Bea")
        await bea.should_not_see("Waiting for players")
        bea.find(marker="chat-input").type("hello <b>Ann</b>").trigger("keydown.enter")
        await user.should_see("Bea: hello <b>Ann</b>")  # as text, on Ann's page
        user.find(marker="chat-input").type("x" * 301)
        user.find(marker="chat-send").click()
        await user.should_see("A message has 1 to 300 characters.")
        await watcher.open(path)
        await watcher.should_see("Bea: hello <b>Ann</b>")
        await watcher.should_see("Only the players can write here.")
        await watcher.should_not_see(marker="chat-input")


async def test_a_resigning_player_is_replaced_by_a_bot_that_plays_on(user: User) -> None:
    path = await open_waiting_table(user)
    link = invite_link(user)
    async with other_browser() as bea:
        await take_seat(bea, link, "Bea")
        await bea.should_see(marker="resign")
        bea.find(marker="resign").click()
        bea.find(marker="resign-yes").click()
        await bea.should_see("You are watching")
        await user.should_see("Bot for Bea")
    await user.open(path)
    await user.should_see("Bot for Bea")


async def test_the_host_starts_early_with_bots_or_cancels(user: User) -> None:
    path = await open_waiting_table(user, OPEN_SEAT)
    async with other_browser() as bea:
        await bea.open(path)
        await bea.should_not_see(marker="fill")  # only the host
        user.find(marker="fill").click()
        await user.should_not_see("Waiting for players")
        await bea.should_see("You are watching")
        await bea.should_see("Bot (normal)")
    await open_waiting_table(user, OPEN_SEAT)
    user.find(marker="cancel").click()
    await user.should_see("The host cancelled this table.")
    await user.open("/lobby")
    await user.should_see("No table is waiting for players just now.")


async def test_a_seated_guest_may_leave_before_the_start(user: User) -> None:
    path = await open_waiting_table(user, OPEN_SEAT)
    async with other_browser() as bea:
        await take_seat(bea, path, "Ann")  # Ann's name is taken
        await bea.should_see("Each player needs a different name.")
        await take_seat(bea, path, "Bea")
        await user.should_not_see("Waiting for players")
