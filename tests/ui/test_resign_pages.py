"""Resigning as the page shows it: the person who resigned watches the board at once, and the
end of the game says who won, with the final scores, at the top of the page."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.test_online_pages import invite_link, open_waiting_table, other_browser, take_seat
from tests.ui.test_spectator_feed import stage


async def test_a_player_who_resigns_sees_the_spectators_board_at_once(user: User) -> None:
    path = await open_waiting_table(user)
    link = invite_link(user)
    async with other_browser() as bea, other_browser() as eve:
        await take_seat(bea, link, "Bea")
        await bea.should_see(marker="resign")
        await eve.open(path)  # a spectator: the table's shared frame is drawn for them
        await eve.should_see("You are watching")
        await bea.open(path)  # Bea's page, opened again after the frame was drawn
        await bea.should_see(marker="resign")
        shown = stage(bea).frame["seq"]
        bea.find(marker="resign").click()
        bea.find(marker="resign-yes").click()
        await bea.should_see("You are watching")
        frame = stage(bea).frame
        assert frame.get("html"), "the board is drawn on the stage"
        assert frame["seq"] > shown, "the browser takes only a newer frame than it has"
        assert "Bot for Bea" in frame["html"], "the board names who sits there now"
        assert "Bot for Bea" in stage(eve).frame["html"], "the other spectators' board too"
        bea.should_not_see(marker="move-input")  # a spectator has no move box
