"""Hot seat (two people, one screen) to the end, and the site's two languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from core.record import replay
from e2e.caravan import open_new_table, play_to_end
from e2e.results import shown_final_scores, stored_record

pytestmark = pytest.mark.caravan


def test_a_hot_seat_match_hides_each_hand_until_its_player_asks(page: Page, base_url: str) -> None:
    open_new_table(page, base_url, hands=1, opponent="hotseat", name="Ann", second="Bea")
    expect(page.get_by_test_id("cover-text")).to_contain_text("Pass the device to")
    assert page.locator("[data-testid=hand] [data-code]").count() == 0
    page.get_by_test_id("cover-show").click()
    expect(page.locator("[data-testid=hand] [data-code]").first).to_be_visible()
    play_to_end(page)
    match_id = page.url.rsplit("/", 1)[-1]
    record = stored_record(base_url, match_id)
    assert shown_final_scores(page) == [int(s) for s in replay(record).scores()]
    assert record["seats"] == ["Ann", "Bea"]
    page.get_by_test_id("to-history").click()
    expect(page.get_by_test_id(f"match-{match_id}")).to_be_visible()


@pytest.mark.parametrize("context", ["fr-FR"], indirect=True)
def test_the_site_follows_a_french_browser_and_can_switch_to_english(
    page: Page, base_url: str
) -> None:
    page.goto(base_url + "/")
    expect(page.get_by_text("Cinq jeux de société, prêts à jouer")).to_be_visible()
    expect(page.get_by_test_id("play-caravan")).to_have_text("Jouer")
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_text("Five board games, ready to play")).to_be_visible()
    page.reload()
    expect(page.get_by_test_id("play-caravan")).to_have_text("Play")
    page.get_by_test_id("lang-fr").click()
    expect(page.get_by_test_id("play-caravan")).to_have_text("Jouer")


def test_bad_form_data_is_refused_with_a_message_and_no_table(page: Page, base_url: str) -> None:
    page.goto(base_url + "/new/caravan")
    page.get_by_test_id("name").fill("   ")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("form-error")).to_contain_text("Names must be")
    assert "/new/caravan" in page.url
    page.goto(base_url + "/new/chess")
    expect(page.get_by_test_id("error")).to_be_visible()
    page.goto(base_url + "/table/no-such-table")
    expect(page.get_by_test_id("error")).to_have_text("There is no such table.")
