"""An unknown table or replay answers 404 with the site's not-found page, in the
browser's language, with its way back to the games."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

PAGES = {
    "en-US": ("There is no such page", "Back to the games"),
    "fr-FR": ("Cette page n’existe pas", "Retour aux jeux"),
}


@pytest.mark.parametrize("context", list(PAGES), indirect=True)
def test_unknown_tables_and_replays_answer_404_with_the_way_home(
    page: Page, base_url: str, request: pytest.FixtureRequest
) -> None:
    heading, back = PAGES[request.node.callspec.params["context"]]
    for path in ("/table/no-such-table", "/replay/no-such-game"):
        reply = page.goto(base_url + path)
        assert reply is not None and reply.status == 404
        expect(page.get_by_test_id("not-found")).to_have_text(heading)
        link = page.get_by_role("link", name=back)
        expect(link).to_have_attribute("href", "/")
    link.click()
    page.wait_for_url(base_url + "/")
    expect(page.get_by_test_id("play-caravan")).to_be_visible()
