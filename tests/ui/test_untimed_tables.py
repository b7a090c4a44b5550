"""Hot-seat and bot tables stay untimed: the form offers a tempo only while a seat is for a
person on another device, and a tempo chosen before the seat was changed back is not kept."""

from __future__ import annotations

import os

import pytest
from nicegui.testing import User

from core.table import HOTSEAT, INVITED
from storage import repo
from storage.db import make_engine
from tests.ui.sites import until


async def stored_tempo(user: User) -> str:
    await until(lambda: bool(user.back_history) and "/table/" in user.back_history[-1])
    table_id = user.back_history[-1].rsplit("/", 1)[-1]
    info = repo.load_table_info(make_engine(os.environ["DATABASE_URL"]), match_id=table_id)
    assert info is not None
    return info["settings"].tempo.kind


@pytest.mark.parametrize("opponent", [HOTSEAT, "bot:hard"])
async def test_a_table_without_a_seat_for_another_device_is_untimed(
    user: User, opponent: str
) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    (seat,) = user.find(marker="opponent").elements
    seat.value = INVITED  # a friend elsewhere: the tempo is offered, and a clock chosen
    (tempo,) = user.find(marker="tempo").elements
    await until(lambda: tempo.visible and tempo.parent_slot.parent.visible)
    tempo.value = "custom"
    seat.value = opponent  # then the seat goes back to this screen, or to a bot
    await until(lambda: not tempo.parent_slot.parent.visible)
    user.find(marker="start").click()
    assert await stored_tempo(user) == "untimed"
