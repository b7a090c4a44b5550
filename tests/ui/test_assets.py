"""The site's style rules and scripts are two files every page links to, each at an
address naming its content and cached for a year, not copies inside every page."""

from __future__ import annotations

from nicegui.testing import User

from ui.boards.a11y import KEYS_SCRIPT
from ui.pages import assets
from ui.pages.assets import CSS_PATH, JS_PATH
from ui.theme import SITE_CSS


async def test_every_page_links_the_shared_files_instead_of_copying_them(user: User) -> None:
    for path in ("/", "/lobby", "/rules", "/new/caravan"):
        html = (await user.http_client.get(path)).text
        assert f'<link rel="stylesheet" href="{CSS_PATH}">' in html, path
        assert f'<script src="{JS_PATH}"></script>' in html, path
        assert SITE_CSS[:200] not in html, f"{path} still carries the style rules"
        assert "window.csKeys" not in html, f"{path} still carries the scripts"


async def test_the_files_are_served_and_cached_for_a_year(user: User) -> None:
    await user.open("/")
    css = await user.http_client.get(CSS_PATH)
    assert css.status_code == 200
    assert css.headers["content-type"].startswith("text/css")
    assert css.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert SITE_CSS in css.text
    js = await user.http_client.get(JS_PATH)
    assert js.status_code == 200
    assert js.headers["content-type"].startswith("text/javascript")
    assert "window.csKeys" in js.text and "<script" not in js.text
    assert (await user.http_client.get("/assets/site-0000000000000000.css")).status_code == 404


def test_an_address_changes_with_what_it_serves() -> None:
    assert assets._address("a{}", "css") != assets._address("b{}", "css")
    assert assets._address(assets.CSS, "css") == CSS_PATH
    assert assets._script(KEYS_SCRIPT).strip().startswith("(() =>")
