"""Spectators of a Caravan table share one frame per move and language, sent in one message
(``ui/pages/spectators.py``), and a move costs their pages no update of their own."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from uuid import uuid4

import httpx
import pytest
from nicegui import Client, core, ui
from nicegui.nicegui import _on_handshake
from nicegui.testing import User

from core.games.caravan.cards import DECK
from tests.ui import patience
from tests.ui.test_move_box import elements, hand_codes, ply
from tests.ui.test_online_pages import open_waiting_table, take_seat
from ui.pages import spectators
from ui.pages.stage import TableStage

OPEN_SEAT = "An open seat: anyone in the lobby may take it"


@asynccontextmanager
async def other_browser(language: str = "en") -> AsyncIterator[User]:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app),
        base_url="http://test",
        headers={"accept-language": language},
    ) as client:
        yield User(client)


def stage(user: User) -> TableStage:
    (found,) = [e for e in elements(user) if isinstance(e, TableStage)]
    return found


def shown_codes(html: str) -> set[str]:
    return set(re.findall(r'data-code="([^"]+)"', html))


def to_move(page: User) -> bool:
    (box,) = page.find(marker="move-input").elements
    return not box.props.get("readonly")


async def play_a_single(page: User) -> str:
    """The player to move plays the lowest numbered single card they hold."""
    (box,) = page.find(marker="move-input").elements
    code = min((c for c in hand_codes(page) if c[0] in "23456789"), key=lambda c: c[0])
    box.value = code
    page.find(marker="move-input").trigger("keydown", {"key": "Enter", "value": code})
    return code


async def test_spectators_share_one_frame_per_language_and_a_move_costs_their_pages_nothing(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, dict[str, Any], list[str]]] = []
    real_emit = core.sio.emit

    async def emit(event: str, data: Any, **where: Any) -> None:
        if event != spectators.EVENT:
            return await real_emit(event, data, **where)
        sent.append((event, data, where["to"]))

    monkeypatch.setattr(core.sio, "emit", emit)
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(OPEN_SEAT).click()
    user.find(marker="start").click()
    await user.should_see("Waiting for players")
    path = user.back_history[-1]
    async with (
        other_browser() as bea,
        other_browser() as eve,
        other_browser() as ian,
        other_browser("fr") as zoe,
    ):
        await bea.open(path)
        bea.find(marker="join-name").clear().type("Bea")
        bea.find(marker="take-seat").click()
        await bea.should_see("Hand 1 of 5")
        watchers = [eve, ian, zoe]
        for watcher in watchers:
            await watcher.open(path)
        await zoe.should_see("Vous regardez")
        await eve.should_see("You are watching")
        english = [stage(eve).frame, stage(ian).frame]
        assert english[0] == english[1]  # drawn once for both (one sequence number)
        assert english[0]["ply"] == "0"
        assert "Hand 1 of 5" in english[0]["html"]
        assert "Manche 1 sur 5" in stage(zoe).frame["html"]
        assert not any(e.props.get("data-testid") == "board" for e in elements(eve))

        updates: dict[str, int] = {}
        for name, watcher in (("eve", eve), ("ian", ian), ("zoe", zoe)):
            assert watcher.client is not None
            outbox = watcher.client.outbox

            def count(element: ui.element, name: str = name, real: Any = outbox.enqueue_update):
                updates[name] = updates.get(name, 0) + 1
                real(element)

            monkeypatch.setattr(outbox, "enqueue_update", count)

        mover = user if to_move(user) else bea
        played = await play_a_single(mover)
        assert await patience.until(lambda: ply(user) == 1), ply(user)

        assert updates == {}  # no element of a spectator's page changed
        frames = [(event, data, sorted(to)) for event, data, to in sent]
        assert len(frames) == 2  # one message per language
        by_language = {data["html"].count("Hand 1 of 5"): (data, to) for _, data, to in frames}
        english_frame, english_to = by_language[1]
        ids = [w.client.id for w in watchers if w.client is not None]
        assert english_to == sorted(ids[:2])
        assert english_frame["ply"] == "1"
        assert stage(eve).frame is english_frame is stage(ian).frame  # kept for a reconnection
        assert played in shown_codes(english_frame["html"])
        hidden = {c.code for c in DECK} - shown_codes(english_frame["html"])
        assert hand_codes(user) and set(hand_codes(user)) <= hidden  # no card of either hand
        assert set(hand_codes(bea)) <= hidden


async def test_an_arriving_spectator_is_sent_the_frame_again_only_if_it_missed_one(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page carries the frame of its position: a spectator whose socket connects with
    no move since is not sent it again (at 300 arriving spectators, 300 frames saved); one
    that missed a move between its page and its socket is, and so is every reconnection."""
    resent: list[str] = []
    real_resend = TableStage.resend

    def resend(stage: TableStage) -> None:
        resent.append(stage.client.id)
        real_resend(stage)

    monkeypatch.setattr(TableStage, "resend", resend)

    async def connect(client_id: str, tab: str) -> None:  # that page's socket, as a browser's
        await _on_handshake(
            f"test-{uuid4()}", {"client_id": client_id, "tab_id": tab, "document_id": tab}
        )

    path = await open_waiting_table(user, OPEN_SEAT)
    async with other_browser() as bea, other_browser() as eve, other_browser() as ian:
        await take_seat(bea, path, "Bea")
        await bea.should_see("Hand 1 of 5")
        watching = await eve.open(path)  # page and socket at once: nothing moved between
        assert resent == []
        page = await ian.http_client.get(path)  # Ian's page is sent; his socket comes later
        (late,) = re.findall(r"'client_id': '([0-9a-f-]+)'", page.text)
        mover = user if to_move(user) else bea
        await play_a_single(mover)  # a move before Ian's socket is there to hear it
        (stage_of_ian,) = [
            e for e in Client.instances[late].elements.values() if isinstance(e, TableStage)
        ]
        # The move reaches the feed, which keeps it on Ian's stage.
        assert await patience.until(lambda: stage_of_ian.frame.get("ply") == "1")
        await connect(late, str(uuid4()))
        assert resent == [late], "the spectator who missed a move is sent its frame"
        await connect(watching.id, eve.tab_id)  # Eve's socket comes back
        assert resent == [late, watching.id]
