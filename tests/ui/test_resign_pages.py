"""Resigning as the page shows it: the person who resigned watches the board at once, and the
end of the game says who won, with the final scores, at the top of the page."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.test_history_pages import played, store, visitor
from tests.ui.test_online_pages import invite_link, open_waiting_table, other_browser, take_seat
from tests.ui.test_spectator_feed import stage
from ui.pages.stage import TableStage


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
        await bea.should_not_see(marker="move-input")  # a spectator has no move box


def text_of(user: User, marker: str) -> str:
    (element,) = user.find(marker=marker).elements
    return str(element.text)


def above(user: User, marker: str, other: type) -> bool:
    """Whether the element marked ``marker`` comes before the first ``other`` on the page
    (in the order of the page's tree, which is the order they are laid out in)."""
    (element,) = user.find(marker=marker).elements
    assert user.client is not None
    order = list(user.client.layout.descendants())
    later = [n for n, e in enumerate(order) if isinstance(e, other)]
    return bool(later) and order.index(element) < min(later)


async def test_the_end_of_a_game_says_who_won_and_the_final_scores_above_the_board(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    record = played()  # Ann against a bot called Bea: a draw, -2 each
    drawn = store(engine, uid, record)
    resigned = store(engine, uid, record, resign_at=4)  # Ann resigned: a loss for her

    await user.open(f"/table/{drawn}")
    await user.should_see(marker="end-headline")
    assert text_of(user, "end-headline") == "The match is a draw"
    assert text_of(user, "end-scores") == "You -2 · Bea -2"
    assert above(user, "end-headline", TableStage), "the headline is above the board"

    await user.open(f"/table/{resigned}")
    await user.should_see(marker="end-headline")
    assert text_of(user, "end-headline") == "Bea wins"
    assert text_of(user, "end-scores") == "Bea -2 · You -2"
    await user.should_see("#2 Ann (resigned)")
