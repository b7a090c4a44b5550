"""A French Caravan game against a bot: a card typed as its French corner shows it is played."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.caravan import READY, choose_bandit, choose_single, dismiss_interlude, ply, take_turn
from e2e.keyboard import BOX, focus_box, suggestions

HAND_CARD = '[data-testid=hand] [data-code="{code}"]'
CARD_LEFT_HAND = """([code, before]) => {
  const board = document.querySelector('[data-testid=board]');
  return Number(board.dataset.ply) > before
    && !document.querySelector(`[data-testid=hand] [data-code="${code}"]`);
}"""


@pytest.mark.parametrize("context", ["fr-FR"], indirect=True)
def test_a_card_typed_as_its_french_corner_shows_it_is_played(page: Page, base_url: str) -> None:
    page.goto(base_url + "/new/caravan")
    page.get_by_test_id("name").fill("Anne")
    page.get_by_test_id("opponent").get_by_text("Robot facile").click()
    page.get_by_test_id("option-hands").click()
    page.get_by_role("option", name="1 manche", exact=True).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()
    expect(page.get_by_test_id("move-help")).to_contain_text("L\u202f: Lunes")

    # Until one card may be played: a lead, an answer to a lone card, or a lone Ace or Crown
    # (a bandit) against a caravan. Answering only with number cards could pass every season:
    # the bot, never passing, leads every next one, and may go out before Anne plays a card.
    for _ in range(30):
        page.wait_for_function(READY, timeout=30_000)
        assert not page.get_by_test_id("result").count(), "the match ended before a play"
        if dismiss_interlude(page):
            continue
        # A card whose French corner differs from its code (all but the Discovery, 5SV).
        code = choose_single(page, exclude={"5SV"}) or choose_bandit(page)
        if code is None:
            take_turn(page)
            continue
        corner = page.locator(HAND_CARD.format(code=code) + " .cv-rank").inner_text()
        typed = "".join(corner.split())  # "6 FN" as the corner reads, without the gap
        assert typed != code, (typed, code)
        before = ply(page)
        focus_box(page)
        page.keyboard.type(typed)
        expect(page.locator("[data-testid=move-suggestions] [role=option]").first).to_be_visible()
        assert typed in suggestions(page)  # the box writes the moves as the corners do
        page.keyboard.press("Enter")
        page.wait_for_function(CARD_LEFT_HAND, arg=[code, before])
        expect(page.get_by_test_id("move-error")).to_have_text("")
        expect(page.locator(BOX)).to_have_value("")  # emptied once the table took the move
        return
    raise AssertionError("no single card could be played")
