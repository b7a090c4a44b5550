"""Playing through the page with the keyboard alone: Tab, Space, Enter, arrows and typing.

Nothing here clicks: focus moves with Tab (or the move box's "/" shortcut) and the
page is read only to know where the focus is and what the move box offers.
"""

from __future__ import annotations

from playwright.sync_api import Page

BOX = "input[data-testid=move-input]"

# Ready for the next keystrokes: the result is shown, or the move box is editable
# (our turn), or a hand summary waits to be closed.
READY = """() => {
  const q = (s) => document.querySelector(s);
  if (q('[data-testid=result]') || q('[data-testid=summary-close]')) return true;
  const box = q('input[data-testid=move-input]');
  return !!box && !box.readOnly;
}"""


def focused_matches(page: Page, selector: str) -> bool:
    """Whether the focused element is, or is inside, an element matching ``selector``."""
    return bool(
        page.evaluate(
            "s => !!document.activeElement && !!document.activeElement.closest(s)", selector
        )
    )


def tab_to(page: Page, selector: str, *, most: int = 60) -> None:
    """Press Tab until the focus reaches an element matching ``selector``."""
    for _ in range(most):
        if focused_matches(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def open_table_by_keyboard(page: Page, base_url: str, *, hands: int, name: str = "Ann") -> None:
    """From the home page to a started Caravan table against the easy bot."""
    page.goto(base_url + "/")
    page.get_by_test_id("play-caravan").wait_for()
    tab_to(page, "[data-testid=play-caravan]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/new/caravan")
    page.get_by_test_id("start").wait_for()
    tab_to(page, "input[data-testid=name]")
    page.keyboard.press("Control+A")
    page.keyboard.type(name)
    tab_to(page, "[role=radio][aria-label*='easy']")
    page.keyboard.press("Space")
    page.wait_for_function("() => document.activeElement.getAttribute('aria-checked') === 'true'")
    tab_to(page, "[role=combobox][aria-label='Number of hands']")
    page.keyboard.press("Enter")  # opens the list of hand counts
    page.get_by_role("option").first.wait_for()
    for _ in range(10):  # up the list to the wanted count (the menu marks the focused one)
        active = page.locator("[role=option].q-manual-focusable--focused")
        if active.count() and active.inner_text().strip().startswith(f"{hands} "):
            break
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    tab_to(page, "[data-testid=start]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()


def suggestions(page: Page) -> list[str]:
    """The move box's visible suggestions, in order."""
    return page.locator("[data-testid=move-suggestions] [role=option]:visible").all_inner_texts()


def focus_box(page: Page) -> None:
    """The "/" shortcut, unless the box has the focus already."""
    if not focused_matches(page, BOX):
        page.keyboard.press("/")
    page.wait_for_function(f"() => document.activeElement.matches('{BOX}')")
