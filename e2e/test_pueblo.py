"""Whole games of Pueblo in Chromium, played by clicking, checked against the engine."""

from __future__ import annotations

import io
import random
import time

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from e2e.pueblo import (
    READY,
    SCENE_FPS,
    SCENE_FRAMES,
    SET_SCENE_FPS,
    open_pueblo_table,
    play_to_end,
    take_turn,
)
from e2e.results import finish_and_check, stored_record
from ui.boards.pueblo.scene3d import IDLE_FPS, LIVE_FPS

pytestmark = pytest.mark.pueblo


def coloured_share(png: bytes) -> float:
    """The share of pixels that differ clearly from the picture's most common colour."""
    image = Image.open(io.BytesIO(png)).convert("RGB").resize((140, 105))
    raw = image.tobytes()
    pixels = [tuple(raw[i : i + 3]) for i in range(0, len(raw), 3)]
    background = max(set(pixels), key=pixels.count)
    far = sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, background, strict=True)) > 60)
    return far / len(pixels)


def test_a_two_player_game_against_the_bot_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_pueblo_table(page, base_url, players=2)
    expect(page.get_by_test_id("turn")).to_be_visible()
    scene = page.get_by_test_id("pueblo-3d")
    expect(scene).to_be_visible()

    def play_and_look(p: Page) -> None:
        play_to_end(p)
        deadline = time.monotonic() + 20  # until the last frame has rendered
        share = coloured_share(scene.screenshot())
        while share <= 0.05 and time.monotonic() < deadline:
            share = coloured_share(scene.screenshot())  # a screenshot takes its time
        assert share > 0.05, f"the 3D view looks blank ({share:.1%} of it differs)"

    match_id = finish_and_check(page, base_url, play_and_look)
    assert stored_record(base_url, match_id)["players"] == 2


def test_a_four_player_game_with_three_bots_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_pueblo_table(page, base_url, players=4)
    match_id = finish_and_check(page, base_url, lambda p: play_to_end(p, seed=4))
    record = stored_record(base_url, match_id)
    assert record["players"] == 4
    assert [seat.startswith("bot:") for seat in record["seats"]] == [False, True, True, True]


def test_the_3d_view_draws_few_frames_until_it_is_turned(page: Page, base_url: str) -> None:
    """An idle scene draws a frame now and then; a pointer on it raises the rate while it
    is turned, and the rate falls back a moment after."""
    open_pueblo_table(page, base_url, players=2)
    scene = page.get_by_test_id("pueblo-3d")
    page.wait_for_function(f"() => ({SCENE_FPS})() === {IDLE_FPS}")
    box = scene.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 60, box["y"] + box["height"] / 2, steps=5)
    assert page.evaluate(SCENE_FPS) == LIVE_FPS
    page.mouse.up()
    page.mouse.move(5, 5)  # off the scene
    page.wait_for_function(f"() => ({SCENE_FPS})() === {IDLE_FPS}", timeout=10_000)


def test_the_3d_view_draws_a_move_at_once_without_its_timer(page: Page, base_url: str) -> None:
    """With the scene's own timer slowed to a frame every 100 s, a move played on the
    board (not on the scene) is drawn all the same: the scene draws when the server sends
    it something."""
    open_pueblo_table(page, base_url, players=2)
    page.wait_for_function(f"() => ({SCENE_FPS})() === {IDLE_FPS}")
    page.evaluate(SET_SCENE_FPS, 0.01)
    drawn = page.evaluate(SCENE_FRAMES)
    page.wait_for_function(f"n => ({SCENE_FRAMES})() > n", arg=drawn)  # the timer's last one
    page.wait_for_function(READY, timeout=60_000)
    drawn = page.evaluate(SCENE_FRAMES)
    take_turn(page, random.Random(3))
    page.wait_for_function(f"n => ({SCENE_FRAMES})() > n", arg=drawn, timeout=30_000)
    assert page.evaluate(SCENE_FPS) == 0.01, "drawn on demand, not by a faster timer"
