"""No card a player may not see ever reaches their browser, in the page or over the socket."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Response, WebSocket

from core.games.caravan.cards import CARDS
from core.record import replay
from e2e.caravan import open_new_table, play_to_end
from e2e.online import without_help_examples
from e2e.results import stored_record

pytestmark = pytest.mark.caravan


def test_the_bots_hand_and_the_set_aside_cards_never_reach_the_browser(
    page: Page, base_url: str
) -> None:
    received: list[str] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: received.append(str(frame)))

    def on_response(response: Response) -> None:
        if response.request.resource_type == "document":
            received.append(response.text())

    page.on("websocket", on_socket)
    page.on("response", on_response)
    open_new_table(page, base_url, hands=1)
    play_to_end(page)
    received.append(page.content())

    record = stored_record(base_url, page.url.rsplit("/", 1)[-1])
    end = replay(record)
    mine = record["seats"].index("Ann")
    deal = end.deal  # the true final deal, known only to the server
    hidden = deal.hands[1 - mine] + deal.unseen_wilds + deal.unseen_numbers
    assert len(hidden) >= 3, "some cards are always set aside unseen"
    everything = without_help_examples("\n".join(received))  # the same text for everyone
    assert everything, "frames were captured"
    for code in hidden:
        assert not re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", everything), code
        name = CARDS[code].name
        if not CARDS[code].is_wild:
            assert name not in everything, name
