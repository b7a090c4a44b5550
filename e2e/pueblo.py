"""Playing Pueblo through the page, only with what a person can click.

The player sometimes turns the stone, then clicks one of the highlighted squares
of the top view (the stone's anchor), and moves the chief by clicking one of the
numbered path squares — choosing with a seeded random generator.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page

from e2e.camping import PLY_AFTER, ply

# The 3D scene's frame rate: the ``fps`` prop of its element in the page (its DOM id is
# "c" and the element's id; ui/boards/pueblo/scene3d.py).
SCENE_PROPS = (
    "mounted_app.elements[document.querySelector('[data-testid=pueblo-3d]').id.slice(1)].props"
)
SCENE_FPS = f"() => {SCENE_PROPS}.fps"
SET_SCENE_FPS = f"fps => {{ {SCENE_PROPS}.fps = fps; }}"
# How many frames the scene has drawn (three.js counts them in its renderer).
SCENE_FRAMES = (
    "() => getElement(document.querySelector('[data-testid=pueblo-3d]')).renderer.info.render.frame"
)
READY = """() => !!document.querySelector('[data-testid=result], [data-click]')"""
# Anchors are clicked on their own square (the ghost around them is not a target).
TARGETS = '[data-click^="act:"] .pb-hit, [data-click^="act:"]:not(.pb-anchor)'


def open_pueblo_table(page: Page, base_url: str, *, players: int = 2, name: str = "Ann") -> None:
    page.goto(base_url + "/")
    page.get_by_test_id("play-pueblo").click()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("players").get_by_text(str(players), exact=True).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()


def take_turn(page: Page, rng: random.Random) -> None:
    before = ply(page)
    rotate = page.get_by_test_id("rotate")
    if rotate.is_visible() and rotate.is_enabled() and rng.random() < 0.3:
        label = page.get_by_test_id("pose-label").inner_text()
        rotate.click()
        page.wait_for_function(
            "t => document.querySelector('[data-testid=pose-label]').innerText !== t", arg=label
        )
    targets = page.locator(TARGETS)
    targets.nth(rng.randrange(targets.count())).click()
    page.wait_for_function(PLY_AFTER, arg=before)


def play_to_end(page: Page, *, seed: int = 1, max_actions: int = 200) -> None:
    rng = random.Random(seed)
    for _ in range(max_actions):
        page.wait_for_function(READY, timeout=60_000)
        if page.get_by_test_id("result").count():
            return
        take_turn(page, rng)
    raise AssertionError("the game did not end")
