"""The table page's Undo button, played at a Pueblo hot-seat table without a browser."""

from __future__ import annotations

from nicegui.testing import User

from core.table import TableError
from tests.ui.patience import until
from tests.ui.test_pueblo_pages import click_and_wait, offered, picture
from tests.ui.test_pueblo_pages import start_hot_seat as start_pueblo
from ui.i18n import Translator
from ui.pages.errors import refusal


async def start_hot_seat(user: User) -> None:
    await start_pueblo(user)
    await user.should_see("Place your coloured stone")


async def test_a_stone_placed_is_taken_back_with_undo_and_the_board_is_as_before(
    user: User,
) -> None:
    await start_hot_seat(user)
    before = picture(user)
    await user.should_not_see(marker="undo")
    await click_and_wait(user, f"act:{offered(user)[0]}")
    await user.should_see("Where the chief may go")
    user.find(marker="undo").click()
    await user.should_not_see("Where the chief may go")
    await user.should_see("Place your coloured stone")
    await user.should_not_see(marker="undo")
    assert picture(user) == before


async def test_undo_is_not_offered_once_the_turn_is_over(user: User) -> None:
    await start_hot_seat(user)
    await click_and_wait(user, f"act:{offered(user)[0]}")
    await user.should_see(marker="undo")
    await click_and_wait(user, "act:chief 2")
    await user.should_see("Place your coloured stone")  # Bea's turn, on the same screen
    await user.should_not_see(marker="undo")


async def test_a_double_click_takes_back_one_step_and_says_why_the_second_did_nothing(
    user: User,
) -> None:
    await start_hot_seat(user)
    await click_and_wait(user, f"act:{offered(user)[0]}")
    await user.should_see(marker="undo")
    button = user.find(marker="undo")
    button.click()
    button.click()
    await user.should_see("Place your coloured stone")
    moved_on = "The game moved on while you were choosing"
    assert await until(lambda: user.notify.contains(moved_on)), moved_on
    await user.should_not_see(marker="undo")


async def test_the_undo_button_speaks_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/new/pueblo")
    user.find(marker="name").clear().type("Ann")
    user.find("Un ami sur cet écran (chacun son tour)").click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see(marker="pueblo-top")
    await click_and_wait(user, f"act:{offered(user)[0]}")
    await user.should_see("Annuler")


def test_every_undo_refusal_reads_in_english_and_in_french() -> None:
    codes = ["nothing_to_undo", "not_your_step", "irreversible", "stale", "not_player"]
    for lang in ("en", "fr"):
        t = Translator(lang)
        for code in codes:
            text = refusal(t, TableError(code, "untranslated."))
            assert text != "untranslated." and text == t(f"error.{code}"), (lang, code)
    assert refusal(Translator("fr"), TableError("irreversible", "x")).startswith("Ce coup")
