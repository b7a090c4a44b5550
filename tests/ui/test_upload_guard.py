"""A page's upload route takes a file only from the browser that opened the page: a post
without its session cookie, or with another browser's, is refused and reaches no page."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from tests.ui.test_auth import browser

RECORD = b"\xff\xfe not text"  # what the page says of it shows that the page read it
UNREADABLE = "This file is not text; a game record is a JSON file."


def upload_url(user: User) -> str:
    (element,) = user.find(ui.upload).elements
    return str(element.props["url"])


async def test_a_post_to_another_visitors_upload_route_is_refused(user: User) -> None:
    await user.open("/import")
    url = upload_url(user)
    files = {"file": ("game.json", RECORD, "application/json")}
    async with browser() as stranger:  # no cookie at all
        reply = await stranger.post(url, files=files)
        assert reply.status_code == 403
        await stranger.get("/")  # a session of its own: still another browser's
        assert (await stranger.post(url, files=files)).status_code == 403
    assert not user._sees(UNREADABLE, None, None, None), "nothing reached the page"
    reply = await user.http_client.post(url, files=files)  # the page's own browser
    assert reply.status_code == 200, reply.text
    await user.should_see(UNREADABLE)  # the page read it (and says it is no record)
