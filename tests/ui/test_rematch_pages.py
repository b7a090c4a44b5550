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


async def test_a_resignation_confirmed_while_the_other_player_resigns_is_not_lost(
    user: User,
) -> None:
    """Ann's confirmation is on its way when Bea's resignation reaches her page: the
    controls it was in must still be there, or the server drops it and Ann plays on."""
    path = await open_waiting_table(user, OPEN_SEAT)
    async with other_browser() as bea:
        await take_seat(bea, path, "Bea")
        await user.should_see(marker="resign")
        user.find(marker="resign").click()
        (confirm,) = user.find(marker="resign-yes").elements  # Ann's click is on its way
        assert isinstance(confirm, ui.button)

        await resign(bea)  # Bea's resignation is heard first
        await user.should_see("Bot for Bea")  # her seat went to a bot

        assert not confirm.is_deleted, "the confirmation Ann's click is on its way to is gone"
        UserInteraction(user, {confirm}, None).click()  # her click arrives
        await user.should_see(marker="rematch")  # every person resigned: the game ended
