"""Playing Caravan through the page, only with what a person can click."""

from __future__ import annotations

from collections.abc import Callable, Collection

from playwright.sync_api import Page

READY = """() => {
  const q = (s) => document.querySelector(s);
  const any = ['result', 'summary-close', 'cover-show'].some((id) => q(`[data-testid=${id}]`));
  if (any) return true;
  const hint = q('[data-testid=hint]');
  return !!hint && hint.innerText.trim().length > 0;
}"""


def open_new_table(
    page: Page,
    base_url: str,
    *,
    hands: int,
    opponent: str = "bot:easy",
    name: str = "Ann",
    second: str = "Bea",
) -> None:
    """From the home page to a started table with these options."""
    page.goto(base_url + "/")
    page.get_by_test_id("play-caravan").click()
    page.get_by_test_id("name").fill(name)
    labels = {"bot:easy": "easy", "bot:normal": "normal", "bot:hard": "hard", "hotseat": "hot seat"}
    page.get_by_test_id("opponent").get_by_text(labels[opponent], exact=False).click()
    if opponent == "hotseat":
        page.get_by_test_id("second-name").fill(second)
    page.get_by_test_id("option-hands").click()
    label = f"{hands} hand" + ("" if hands == 1 else "s")
    page.get_by_role("option", name=label, exact=True).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()


def ply(page: Page) -> int:
    return int(page.get_by_test_id("board").get_attribute("data-ply") or 0)


def hand_cards(page: Page) -> list[tuple[str, bool]]:
    """The cards in hand with whether the page marks them as playable now."""
    return page.eval_on_selector_all(
        "[data-testid=hand] [data-code]",
        "els => els.map(e => [e.dataset.code, !e.classList.contains('cv-dim')])",
    )


def _last_play(page: Page) -> dict[str, str] | None:
    return page.evaluate(
        """() => { const plays = document.querySelectorAll('[data-testid^=season-play-]');
        if (!plays.length) return null; const p = plays[plays.length - 1];
        return {kind: p.dataset.kind, length: p.dataset.length, top: p.dataset.top}; }"""
    )


def choose_single(page: Page, exclude: Collection[str] = ()) -> str | None:
    """A single number card this player may play now (none of ``exclude``): the lowest
    that the rules allow."""
    phase = page.get_by_test_id("board").get_attribute("data-phase")
    last = None if phase == "lead" else _last_play(page)
    if last is not None and (last["kind"] != "caravan" or last["length"] != "1"):
        return None
    floor = 0 if last is None else int(last["top"])
    for code, playable in hand_cards(page):
        if playable and code[0] in "23456789" and int(code[0]) > floor and code not in exclude:
            return code
    return None


def choose_bandit(page: Page) -> str | None:
    """A lone Ace or Crown this player may play now: a bandit, which beats any caravan
    (an answer that always exists while the opponent leads caravans and we hold one)."""
    last = _last_play(page)
    if page.get_by_test_id("board").get_attribute("data-phase") == "lead" or last is None:
        return None
    if last["kind"] != "caravan":
        return None
    for code, playable in hand_cards(page):
        if playable and code[0] in "1N":
            return code
    return None


def take_turn(page: Page) -> None:
    """Play the lowest single card that may be played, else pass; wait until it is applied."""
    before = ply(page)
    code = choose_single(page)
    if code is None:
        page.get_by_test_id("pass").click()
    else:
        card = page.locator(f'[data-testid=hand] [data-code="{code}"]')
        if card.get_attribute("aria-pressed") != "true":
            card.click()
        page.get_by_test_id("play").click()
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=board]').dataset.ply) > n", arg=before
    )


def dismiss_interlude(page: Page) -> bool:
    """Close a hand summary or hand the device over, if either is showing; say whether."""
    for testid in ("summary-close", "cover-show"):
        button = page.get_by_test_id(testid)
        if button.count():
            button.click()
            button.wait_for(state="detached")
            return True
    return False


def play_to_end(
    page: Page, *, max_steps: int = 1500, on_summary: Callable[[Page], None] | None = None
) -> None:
    """Take turns, close hand summaries, hand the device over, until the result shows.
    ``on_summary`` looks at each hand summary before it is closed."""
    for _ in range(max_steps):
        page.wait_for_function(READY, timeout=60_000)
        if page.get_by_test_id("result").count():
            return
        if on_summary is not None and page.get_by_test_id("summary-close").count():
            on_summary(page)
        if not dismiss_interlude(page):
            take_turn(page)
    raise AssertionError("the match did not end")
