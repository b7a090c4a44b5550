"""What a table page keeps on the server for as long as it is open: a spectator's page is
a few dozen elements (the header is one, the board is the shared frame), with no move box,
no hand summary and no timer of its own (the header's count is one task of the process's
for every page, ``ui/turn_badge.py``); a player's page builds
its move box. Counts, not timings: each element is kept per page, so these bound a page's
memory (``bench.page_build --census`` measures the bytes)."""

from __future__ import annotations

from collections import Counter

from nicegui import ui
from nicegui.testing import User

from tests.ui.patience import until
from tests.ui.test_move_box import box, elements, shown_suggestions, suggestion_options
from tests.ui.test_online_pages import OPEN_SEAT, open_waiting_table, take_seat
from tests.ui.test_spectator_feed import other_browser
from ui.pages.move_box import LIMIT

SPECTATOR_MOST = (
    31  # a spectator's page at a table of two people, chat included (102, then 34, before)
)


def kinds(page: User) -> Counter[str]:
    return Counter(type(element).__name__ for element in elements(page))


async def test_a_spectators_table_page_keeps_few_elements(user: User) -> None:
    path = await open_waiting_table(user, OPEN_SEAT)
    async with other_browser() as bea, other_browser() as eve:
        await take_seat(bea, path, "Bea")
        await bea.should_see("Hand 1 of 5")
        await eve.open(path)
        await eve.should_see("You are watching")
        watched = kinds(eve)
        assert sum(watched.values()) <= SPECTATOR_MOST, watched
        assert watched["SiteHeader"] == 1 and watched["MenuItem"] == 0  # the header is one
        assert watched["Colors"] == 0  # the brand colours are in the site's style rules
        assert watched["Input"] == 0  # no move box
        assert watched["Dialog"] == 0  # no hand summary before a hand ends
        assert watched["Timer"] == 0  # the header's count is the process's task, not the page's
        strip = [e for e in elements(eve) if e.props.get("data-testid") == "seats"]
        assert [type(e).__name__ for e in strip] == ["Html"]  # the seat strip is one element
        assert not [e for e in elements(eve) if str(e.props.get("data-testid")).startswith("seat-")]
        await bea.should_see(marker="move-input")  # a player's move box is built
        assert kinds(bea)["SiteHeader"] == 1


async def test_the_move_boxs_suggestions_are_built_when_first_suggested(user: User) -> None:
    """A player's page holds no suggestion element until the box has something to
    suggest, then only as many as it shows (at most ``LIMIT``), and keeps them."""
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(marker="start").click()
    await user.should_see(marker="move-input")
    assert not suggestion_options(user)
    # The box takes keys on Ann's turn: after the bot's first move, when it has the first.
    assert await until(lambda: not box(user).props.get("readonly")), "Ann's turn never came"
    user.find(marker="move-input").trigger("keydown", {"key": "ArrowDown", "value": ""})
    shown = shown_suggestions(user)
    assert shown and len(suggestion_options(user)) == len(shown) <= LIMIT
    user.find(marker="move-input").trigger("keydown", {"key": "Escape", "value": ""})
    assert not shown_suggestions(user) and len(suggestion_options(user)) == len(shown)


async def test_the_hand_summary_is_built_when_a_hand_ends(user: User) -> None:
    """The dialog comes with the first summary, not with the page."""
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(marker="start").click()
    await user.should_see(marker="move-input")
    assert kinds(user)["Dialog"] == 0
    assert not [e for e in elements(user) if isinstance(e, ui.dialog)]
