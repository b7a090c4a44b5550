"""The page tests wait for the page, not for a fixed 0.3 s: on a busy machine a table's
creation or its start (each a database write in a worker thread) takes longer, and a
right page must not fail its test for that (tests/ui/patience.py)."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

import pytest
from nicegui.testing import User

from storage import repo
from tests.ui import patience
from tests.ui.patience import handled
from tests.ui.test_online_pages import (
    OPEN_SEAT,
    invite_link,
    open_waiting_table,
    other_browser,
    take_seat,
)

SLOW = 0.6  # seconds each write takes here: twice what NiceGUI's own should_see waits


def slowed(write: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(write)
    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(SLOW)  # in the gateway's worker thread, as a loaded database would be
        return write(*args, **kwargs)

    return slow


@pytest.fixture
def slow_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("create_match", "update_seats", "cancel_match"):
        monkeypatch.setattr(repo, name, slowed(getattr(repo, name)))


async def test_a_slow_table_start_is_waited_for(user: User, slow_storage: None) -> None:
    await open_waiting_table(user, OPEN_SEAT)  # should_see("Waiting for players")
    user.find(marker="fill").click()
    await user.should_not_see("Waiting for players")
    await user.should_see("Bot (normal)")
    await open_waiting_table(user, OPEN_SEAT)
    user.find(marker="cancel").click()
    await user.should_see("The host cancelled this table.")


async def test_what_never_comes_still_fails_once_the_patience_is_spent(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(patience, "PATIENCE", 0.5)
    await user.open("/")
    started = time.monotonic()
    with pytest.raises(AssertionError, match="expected to see"):
        await user.should_see("No page says this")
    with pytest.raises(AssertionError, match="expected not to see"):
        await user.should_not_see("Five board games")  # the home page's heading
    assert 1.0 <= time.monotonic() - started < 10


async def test_a_refusal_is_told_to_the_visitor_whose_page_refused(user: User) -> None:
    """NiceGUI would hand it to the simulated visitor read last (here Bea), whose page was
    just updated, and Ann's test would wait for it in vain."""
    await open_waiting_table(user)
    link = invite_link(user)
    async with other_browser() as bea:
        await take_seat(bea, link, "Bea")
        await bea.should_not_see("Waiting for players")
        user.find(marker="chat-input").type("x" * 301)
        send = user.find(marker="chat-send")
        await handled(lambda: (send.click(), bea.back_history))
        assert user.notify.contains("A message has 1 to 300 characters.")
        assert not bea.notify.contains("A message has")
