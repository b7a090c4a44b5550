"""The header's count of the games waiting is read again every little while by one task of
the process's (``ui/turn_badge.py``): once a visitor, for all the pages that visitor has
open, and no page keeps a timer of its own for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from nicegui import ui
from nicegui.testing import User

from tests.ui.test_online_pages import other_browser
from ui import turn_badge
from ui.i18n import Translator


class Counted:
    """Turns whose games are made up, counting the queries."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.waiting: dict[str, list[object]] = {}

    async def games_waiting(self, identity: str) -> Sequence[object]:
        self.asked.append(identity)
        return self.waiting.get(identity, [])

    def watch_turns(self, identity: str, callback: Callable[[], None]) -> Callable[[], None]:
        return lambda: None


async def test_one_count_a_visitor_serves_every_page_of_theirs(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    turns = Counted()
    monkeypatch.setattr(turn_badge, "_turns", [turns])
    shown: dict[str, list[int]] = {}

    @ui.page("/badge/{who}/{page}")
    def page(who: str, page: str) -> None:
        key = f"{who}/{page}"
        shown[key] = []
        turn_badge.TurnBadge(Translator("en"), who, lambda n, _: shown[key].append(n))

    for path in ("/badge/ann/1", "/badge/ann/2"):
        await user.open(path)
    async with other_browser() as bea:
        await bea.open("/badge/bea/1")
        for badge in list(turn_badge._badges.values()):  # the first counts, on connecting
            if badge.identity in ("ann", "bea"):
                await badge.refresh()
        turns.asked.clear()
        turns.waiting = {"ann": ["g1", "g2"], "bea": ["g3"]}
        await turn_badge.refresh_all()
    ours = [who for who in turns.asked if who in ("ann", "bea")]  # (other tests' pages too)
    assert sorted(ours) == ["ann", "bea"]  # one query a visitor, not a page
    assert shown == {"ann/1": [2], "ann/2": [2], "bea/1": [1]}
    assert not [e for e in user.client.elements.values() if isinstance(e, ui.timer)]


async def test_a_count_storage_cannot_give_leaves_the_badges_as_they_were(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Away(Counted):
        async def games_waiting(self, identity: str) -> Sequence[object]:
            raise OSError("the database is away")

    monkeypatch.setattr(turn_badge, "_turns", [Away()])
    shown: list[int] = []

    @ui.page("/badge-away")
    def page() -> None:
        turn_badge.TurnBadge(Translator("en"), "ann", lambda n, _: shown.append(n))

    await user.open("/badge-away")
    await turn_badge.refresh_all()
    assert shown == []
