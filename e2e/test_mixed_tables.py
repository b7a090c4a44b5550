"""Mixed tables of every game: two seats on one screen (hot seat), a bot, and where the
game seats four, a person in a second browser. Played to the end through the page;
every frame each browser received is checked for the secrets of the seats it does not
hold, and each hand-over offered only a seat of that screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from core.record import replay
from e2e.mixed import (
    HOT_NAMES,
    ONLINE,
    coins_shown,
    foreign_seat_shown,
    join,
    open_mixed_table,
    play_to_end,
    seating,
)
from e2e.online import PLY_IN_WIRE, Wire, hidden_by_ply, leaks, new_person, seen
from e2e.results import stored_record
from ui.boards import BOARDS
from ui.i18n import Translator
from ui.seat_names import seat_names


def public_coins_from(record: dict[str, Any]) -> int:
    """Off Season: the first ply whose position shows every seat's coins (a tie-break
    between the richest, or the end)."""
    for ply in range(len(record["actions"]) + 1):
        state: Any = replay(record, upto=ply)
        if state.phase in ("tiebreak", "over"):
            return ply
    raise AssertionError("the game never ended")


def before_ply(wire: Wire, ply: int) -> list[str]:
    """What the page received before it was shown the position at ``ply``."""
    items = []
    for item in wire.items:
        plies = [int(p) for p in PLY_IN_WIRE.findall(item)]
        if plies and max(plies) >= ply:
            break
        items.append(item)
    return items


def check_caravan(wire: Wire, record: dict[str, Any]) -> None:
    """Both hands are this screen's; the cards set aside never reach it."""
    hidden = hidden_by_ply(record, (0, 1))
    assert leaks(wire, hidden) == []
    start: Any = replay(record, upto=0)
    hands = set(start.deal.hands[0])
    assert seen(wire, hands), "the check finds cards this screen was shown"


def check_offseason(
    wires: dict[int, Wire], others: dict[int, list[int]], record: dict[str, Any]
) -> None:
    """Coins stay in each seat's tent until a tie-break or the end shows them all: a
    browser sees only its own seats' counts."""
    public = public_coins_from(record)
    for seat, wire in wires.items():
        early = before_ply(wire, public)
        assert coins_shown(early, seat), "the check finds this browser's own coins"
        for other in others[seat]:
            assert coins_shown(early, other) == [], f"seat {other}'s coins reached seat {seat}"


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_mixed_table_sends_no_browser_the_secrets_of_seats_it_does_not_hold(
    page: Page, browser: Browser, base_url: str, game: str
) -> None:
    seats = seating(game)
    wire = Wire(page)
    table = open_mixed_table(page, base_url, seats)
    pages = {"hot": page}
    wires = {0: wire}
    other_browser = None
    if seats.online is not None:
        other_browser = new_person(browser)
        cid = other_browser.new_page()
        wires[seats.online] = Wire(cid)
        join(cid, base_url, table, ONLINE)
        pages["online"] = cid
    try:
        page.get_by_test_id("board").wait_for()
        played = play_to_end(pages)
    finally:
        if other_browser is not None:
            other_browser.close()
    record = stored_record(base_url, table)
    assert replay(record).is_over()
    assert seat_names(Translator("en"), record["seats"]) == seats.names

    not_hot = seats.names[2:]
    assert foreign_seat_shown(wire, "you", not_hot) == []
    assert foreign_seat_shown(wire, "you", HOT_NAMES[:1]), "the check finds this screen's seats"
    offered = set(played["hot"].covers)
    assert offered <= {f"I am {name}: show my hand" for name in HOT_NAMES}, offered
    assert bool(offered) == BOARDS[game].private, "hand-overs exactly where seats keep secrets"
    if seats.online is not None:
        cid_wire = wires[seats.online]
        assert foreign_seat_shown(cid_wire, "you", seats.names[:3]) == []
        assert not any("Pass the device" in item for item in cid_wire.items)
        assert played["online"].moves > 0
    if game == "caravan":
        check_caravan(wire, record)
    if game == "offseason":
        hot_others = [s for s in range(len(seats.names)) if s not in seats.hot]
        wires_by_seat = {0: wire, 1: wire, **{s: w for s, w in wires.items() if s != 0}}
        others = {
            seat: [s for s in range(len(seats.names)) if s != seat and not (seat < 2 and s < 2)]
            for seat in wires_by_seat
        }
        assert others[0] == hot_others
        check_offseason(wires_by_seat, others, record)
