"""When wild cards can make several runs, the player picks which one is played."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.caravan import READY, dismiss_interlude, hand_cards, open_new_table, take_turn


def _wild_pairs(page: Page) -> list[tuple[str, str]]:
    """(wild, number card) pairs sharing the wild's suit, from the hand on the page."""
    codes = [code for code, _ in hand_cards(page)]
    wilds = [c for c in codes if c[0] in "1N"]
    return [(w, c) for w in wilds for c in codes if c[0] in "23456789" and w[1] in c[1:]]


def _try_alternative_reading(page: Page) -> bool:
    """Select a wild with a number card; if two readings are offered, play the lower one."""
    for wild, natural in _wild_pairs(page):
        page.locator(f'[data-testid=hand] [data-code="{natural}"]').click()
        page.locator(f'[data-testid=hand] [data-code="{wild}"]').click()
        expect(page.get_by_test_id("play")).to_be_visible()
        alternatives = page.locator("[data-testid^=play-top-]")
        if alternatives.count():
            top = alternatives.first.get_attribute("data-testid").rsplit("-", 1)[-1]
            alternatives.first.click()
            expect(page.get_by_test_id("season-play-0")).to_have_attribute("data-top", top)
            expect(page.get_by_test_id("season-play-0")).to_have_attribute("data-length", "2")
            return True
        page.get_by_test_id("clear").click()
        expect(page.get_by_test_id("play")).to_have_count(0)
    return False


def test_a_run_with_a_wild_can_be_played_at_a_lower_reading(page: Page, base_url: str) -> None:
    open_new_table(page, base_url, hands=1, opponent="hotseat")
    for _ in range(200):
        page.wait_for_function(READY)
        if page.get_by_test_id("result").count():
            break
        if dismiss_interlude(page):
            continue
        lead = page.get_by_test_id("board").get_attribute("data-phase") == "lead"
        if lead and _try_alternative_reading(page):
            return
        take_turn(page)
    raise AssertionError("no hand offered a wild card with two readings")
