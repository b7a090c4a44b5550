"""A Caravan match played to its end with the keyboard alone, through the move box.

No mouse: the table is opened by tabbing through the form, the box is reached with
its "/" shortcut, and moves are typed, completed with Tab or picked with the arrows,
then sent with Enter. The result, the history and the replay are reached by Tab and
Enter too.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from core.record import replay
from e2e.caravan import open_new_table, ply
from e2e.keyboard import BOX, READY, focus_box, open_table_by_keyboard, suggestions, tab_to
from e2e.results import expect_scores_named, shown_final_scores, stored_record

pytestmark = pytest.mark.caravan


# The box's text and what Tab would complete it to, read together once the server has
# answered the typed text (two separate reads could fall either side of its answer).
SETTLED = """([selector, typed]) => {
  const box = document.querySelector(selector);
  const target = box && box.dataset.completion;
  const fold = (text) => text.replace(/\\s+/g, '').toLowerCase();
  if (!box || box.value !== typed || !target) return false;
  return fold(target).startsWith(fold(typed)) ? target : false;
}"""


def settled_completion(page: Page, typed: str) -> str:
    """What Tab completes ``typed`` to, once the box shows it and the server has answered."""
    return str(page.wait_for_function(SETTLED, arg=[BOX, typed]).json_value())


def play_turn(page: Page, turn: int) -> str:
    """One move by keyboard: on even turns type the start of a suggested move and
    complete it with Tab; on odd turns pick one with the arrows. Then Enter. Says
    how the move was entered ("completed", "typed" or "picked")."""
    before = ply(page)
    focus_box(page)
    box = page.locator(BOX)
    page.keyboard.press("ArrowDown")  # an empty box lists the first legal moves
    expect(page.get_by_test_id("move-suggestions")).to_be_visible()
    offered = suggestions(page)
    assert offered, "the box offers the legal moves"
    if turn % 2 == 0:
        page.keyboard.press("Escape")
        expect(box).to_have_value("")
        longer = [move for move in offered if len(move) > 2]  # something to complete
        choice = (longer or offered)[turn // 2 % len(longer or offered)]
        page.keyboard.type(choice[:2])
        target = settled_completion(page, choice[:2])  # the first move so starting
        how = "typed"
        if target != choice[:2]:  # (with nothing to complete, Tab would leave the box)
            page.keyboard.press("Tab")
            expect(box).to_have_value(target or "")
            expect(box).to_be_focused()
            how = "completed"
    else:
        steps = turn // 2 % len(offered)
        for _ in range(steps):  # ArrowDown already picked the first
            page.keyboard.press("ArrowDown")
        picked = page.locator("[data-testid=move-suggestions] [aria-selected=true]")
        expect(picked).to_have_text(offered[steps])
        expect(box).to_have_attribute("aria-activedescendant", picked.get_attribute("id") or "")
        how = "picked"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=board]').dataset.ply) > n", arg=before
    )
    expect(page.get_by_test_id("move-error")).to_have_text("")
    return how


def play_to_end(page: Page, *, most: int = 400) -> list[str]:
    """Play every turn of ours by keyboard until the result shows; say how each move
    was entered, and "summary" for each hand summary closed with Escape."""
    moves: list[str] = []
    for _ in range(most):
        page.wait_for_function(READY, timeout=60_000)
        if page.get_by_test_id("result").count():
            return moves
        if page.get_by_test_id("summary-close").count():
            page.keyboard.press("Escape")  # the hand summary closes
            page.get_by_test_id("summary-close").wait_for(state="detached")
            moves.append("summary")
            continue
        moves.append(play_turn(page, len(moves)))
    raise AssertionError("the match did not end")


def test_a_caravan_match_is_played_to_the_end_with_the_keyboard_only(
    page: Page, base_url: str
) -> None:
    open_table_by_keyboard(page, base_url, hands=2)  # two: a hand summary comes between
    match_id = page.url.rsplit("/", 1)[-1]
    expect(page.get_by_test_id("hand-no")).to_have_text("Hand 1 of 2")
    expect(page.get_by_test_id("move-help")).to_contain_text("Press / anywhere")

    moves = play_to_end(page)
    assert "completed" in moves and "picked" in moves and moves.count("summary") == 1, moves
    record = stored_record(base_url, match_id)
    me = record["seats"].index("Ann")
    assert sum(1 for seat, _ in record["actions"] if seat == me) == len(moves) - 1
    engine_scores = [int(s) for s in replay(record).scores()]
    assert shown_final_scores(page) == engine_scores
    expect(page.locator(BOX)).not_to_be_editable()
    expect(page.get_by_test_id("move-status")).to_have_text("The game is over.")

    tab_to(page, "[data-testid=to-history]")
    page.keyboard.press("Enter")
    row = page.get_by_test_id(f"match-{match_id}")
    expect(row).to_be_visible()
    expect_scores_named(row.get_by_test_id("outcome"), record["seats"], engine_scores)
    tab_to(page, f"[data-testid=match-{match_id}] [data-testid=replay]")
    page.keyboard.press("Enter")
    total = len(record["actions"])
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {total} of {total}")


def test_garbled_notation_shows_the_engines_message_and_keeps_the_text(
    page: Page, base_url: str
) -> None:
    open_new_table(page, base_url, hands=1)
    page.wait_for_function(READY, timeout=60_000)
    focus_box(page)
    page.keyboard.type("7Q+zz")
    page.keyboard.press("Enter")
    error = page.get_by_test_id("move-error")
    expect(error).to_have_text(
        "'7Q+zz' is not a play: write the cards as their corners show them, joined by '+',"
        " like 2MK+3MV."
    )
    expect(error).to_have_attribute("role", "alert")
    box = page.get_by_role("combobox", name="Move (notation)")
    expect(box).to_have_attribute("data-testid", "move-input")
    expect(box).to_have_value("7Q+zz")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_be_focused()
    page.keyboard.press("Escape")
    expect(box).to_have_value("")
    expect(error).to_have_text("")
