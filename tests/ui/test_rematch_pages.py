"""Play again, clicked by both players at once: whoever's click arrives second goes to the
rematch the other one opened.

A click travels from the browser to the server as an event of the element clicked. When
the other player's click had opened the rematch first, the page used to redraw its controls,
deleting the button a click was still on its way to; the server then dropped that click
(its element was gone) and the player stayed at the finished table.
"""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from tests.ui.test_online_pages import OPEN_SEAT, open_waiting_table, other_browser, take_seat


async def resign(page: User) -> None:
    await page.should_see(marker="resign")
    page.find(marker="resign").click()
    page.find(marker="resign-yes").click()


async def test_a_play_again_click_arriving_after_the_rematch_opened_still_goes_there(
    user: User,
) -> None:
    path = await open_waiting_table(user, OPEN_SEAT)
    async with other_browser() as bea:
        await take_seat(bea, path, "Bea")
        await resign(user)
        await resign(bea)  # every person resigned: the game ends
        await user.should_see(marker="rematch")
        await bea.should_see(marker="rematch")
        (clicked,) = user.find(marker="rematch").elements  # Ann's click is on its way to it
        assert isinstance(clicked, ui.button)

        bea.find(marker="rematch").click()  # Bea's arrives first and opens the rematch
        await bea.should_see(marker="resign")
        rematch = bea.back_history[-1]
        assert rematch.startswith("/table/") and rematch != path
        await user.should_see(marker="rematch-go")  # Ann's page heard of it

        assert not clicked.is_deleted, "the button Ann's click is on its way to is gone"
        UserInteraction(user, {clicked}, None).click()  # her click arrives
        await user.should_see(marker="resign")
        assert user.back_history[-1] == rematch
