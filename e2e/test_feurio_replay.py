"""A finished two-player Feurio! game, imported as a record file: its replay's move list
shows the tiles the game laid by itself, and the colour of every step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from core.record import dumps, new_record, replay, views_by_ply, with_result


def finished_game() -> dict[str, Any]:
    """Ann and Bea, each playing two colours, always taking their first legal action."""
    record = new_record("feurio", 2, 3, None, ["Ann", "Bea"])
    state = replay(record)
    while not state.is_over():
        (seat,) = state.to_move()
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        record["actions"].append([seat, action])
    return with_result(record, state)


def test_the_replay_lists_the_tiles_laid_by_themselves_with_their_colours(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    record = finished_game()
    views = views_by_ply(record)
    ply, laid = next(
        (ply, step)
        for ply, view in enumerate(views)
        if ply
        for step in view["steps"]
        if step["auto"] and step["action"].startswith("lay ")
    )
    saved = tmp_path / "feurio.json"
    saved.write_text(dumps(record), encoding="utf-8")

    page.goto(f"{base_url}/import")
    page.get_by_test_id("import-upload").locator("input[type=file]").set_input_files(saved)
    total = len(record["actions"])
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {total} of {total}")

    colour = ["Blue", "Purple", "Green", "Black"][laid["colour"]]
    cell = laid["action"].split(" ")[1]
    entry = page.get_by_test_id(f"replay-move-{ply}")
    expect(entry).to_contain_text(
        f"{record['seats'][laid['seat']]} ({colour}): lays a {laid['value']} on {cell} (automatic)"
    )
    moves = page.get_by_test_id("replay-moves")
    for who in ("Ann (Blue)", "Bea (Purple)", "Ann (Green)", "Bea (Black)"):
        expect(moves).to_contain_text(f"{who}: ")
    entry.click()
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {ply} of {total}")
    expect(page.get_by_test_id("replay-move")).to_contain_text("(automatic)")
