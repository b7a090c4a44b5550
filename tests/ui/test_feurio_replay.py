"""Feurio!'s replay lists every step, the ones the game played by itself included, each
with the colour that took it (at two players each player has two colours)."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from core.record import views_by_ply
from tests.ui.test_history_pages import played, store, visitor

COLOURS = ["Blue", "Purple", "Green", "Black"]


def move_list(user: User) -> list[list[str]]:
    """Each entry of the move list as its lines: the move, then the steps after it (the
    move as the move box reads it, shown beside them, left out)."""
    items = {
        marker: element
        for element in user.client.elements.values()
        if isinstance(element, ui.item)
        for marker in element._markers
        if marker.startswith("replay-move-")
    }
    return [
        [
            str(p.text)
            for p in items[f"replay-move-{ply}"].descendants()
            if getattr(p, "text", "") and not any(m.startswith("replay-typed-") for m in p._markers)
        ]
        for ply in range(len(items))
    ]


async def test_the_move_list_shows_the_tiles_laid_by_themselves_and_every_colour(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    record = played("feurio")
    assert record["players"] == 2
    match_id = store(engine, uid, record)
    views = views_by_ply(record)
    await user.open(f"/replay/{match_id}")
    await user.should_see("Moves")
    entries = move_list(user)

    ann, bea = record["seats"]
    # Before the first move, the game laid the first colour's tile by itself.
    (start,) = views[0]["steps"]
    assert (start["colour"], start["seat"], start["auto"]) == (3, 1, True)
    cell = start["action"].split()[1]
    assert entries[0] == [
        "Start of the game",
        f"{bea} (Black): lays a {start['value']} on {cell} (automatic)",
    ]
    # Move 3 ends Blue's turn by itself, then Purple's tile goes on the only hottest cell.
    assert [s["action"].split()[0] for s in views[3]["steps"]] == ["man", "done", "lay"]
    laid = views[3]["steps"][2]
    assert entries[3][1:] == [
        f"{ann} (Blue): ends the turn (automatic)",
        f"{bea} (Purple): lays a {laid['value']} on {laid['action'].split()[1]} (automatic)",
    ]
    assert entries[3][0].startswith(f"3. {ann} (Blue): a man to ")
    # Every step of the game is listed, each entry starting with the colour that moved.
    assert len(entries) == len(views)
    shown = sum(len(entry) for entry in entries) - 1  # "Start of the game"
    assert shown == sum(len(view["steps"]) for view in views)
    for ply in range(1, len(views)):
        first = views[ply]["steps"][0]
        name = record["seats"][first["seat"]]
        colour = COLOURS[first["colour"]]
        assert entries[ply][0].startswith(f"{ply}. {name} ({colour}): ")
    movers = {entry[0].split(": ")[0].split(". ", 1)[1] for entry in entries[1:]}
    assert movers == {f"{ann} (Blue)", f"{ann} (Green)", f"{bea} (Purple)", f"{bea} (Black)"}

    user.find(marker="replay-move-3").click()
    await user.should_see(f"{ann} (Blue): ends the turn (automatic); then {bea} (Purple)")


async def test_the_steps_read_in_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    engine, uid = await visitor(user)
    record = played("feurio")
    match_id = store(engine, uid, record)
    start = views_by_ply(record)[0]["steps"][0]
    await user.open(f"/replay/{match_id}")
    await user.should_see("Coups")
    entries = move_list(user)
    cell = start["action"].split()[1]
    assert entries[0][1] == f"Bea (Noir)\u202f: pose un {start['value']} en {cell} (automatique)"
    assert entries[3][1] == "Ann (Bleu)\u202f: termine son tour (automatique)"
