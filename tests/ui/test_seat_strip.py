"""The strip of seats above a table is one element of markup: every name escaped, the
presence and a timed table's clocks in data attributes, sent again only when it changed."""

from __future__ import annotations

import re
from pathlib import Path

from nicegui import ui
from nicegui.testing import User

from core.clock import Tempo
from core.table import GUEST, SeatInfo, TableSettings
from tests.ui.sites import ANN, BEA, guests_engine
from ui.i18n import Translator
from ui.pages.seats import SeatStrip
from ui.site import Site

EVIL = '<img src=x onerror="alert(1)">Ann & co'


async def strip_of(user: User, tmp_path: Path, tempo: Tempo) -> tuple[Site, SeatStrip, str]:
    """A strip, as Bea's page shows it, of a table where Ann has a name meant to harm."""
    site = Site(guests_engine(tmp_path), bot_pause=0)
    seats = [SeatInfo(GUEST, ANN, EVIL), SeatInfo(GUEST, BEA, "Bea")]
    table = await site.create_table(
        game="caravan",
        options={"hands": 1},
        seats=seats,
        user_ids=[ANN, BEA],
        settings=TableSettings(host=ANN, chat=False, tempo=tempo),
    )
    strips: list[SeatStrip] = []

    @ui.page("/strip")
    def page() -> None:
        strips.append(SeatStrip(Translator("en"), table, site.info(table.id), BEA))

    await user.open("/strip")
    return site, strips[0], table.id


def chip(markup: str, seat: int) -> str:
    """One seat's chip in the strip's markup."""
    chips = ['<div class="cs-seat' + part for part in markup.split('<div class="cs-seat')[1:]]
    assert len(chips) == 2 and f'data-testid="seat-{seat}"' in chips[seat], markup
    return chips[seat]


async def test_the_strip_is_one_element_with_every_name_escaped(user: User, tmp_path: Path) -> None:
    _, strip, _ = await strip_of(user, tmp_path, Tempo.untimed())
    markup = strip.row.content
    assert (
        "<img" not in markup
        and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Ann &amp; co" in markup
    )
    assert 'data-kind="guest"' in chip(markup, 0) and "(you)" in chip(markup, 1)
    assert "cs-clock" not in markup  # untimed: no clocks
    assert strip.row.props["data-testid"] == "seats"


async def test_presence_is_drawn_again_only_when_it_changes(user: User, tmp_path: Path) -> None:
    site, strip, table_id = await strip_of(user, tmp_path, Tempo.untimed())
    assert 'data-present="false"' in chip(strip.row.content, 0)
    assert 'aria-label="Not connected"' in chip(strip.row.content, 0)
    site.arrive(table_id, ANN, "ann-page")
    strip.update()
    first = strip.row.content
    assert 'data-present="true"' in chip(first, 0) and 'aria-label="Connected"' in chip(first, 0)
    assert 'data-present="false"' in chip(first, 1)
    strip.update()  # nothing changed: the same markup, not sent again
    assert strip.row.content is first


async def test_a_timed_tables_clocks_are_in_the_strip_and_restart_when_sent(
    user: User, tmp_path: Path
) -> None:
    _, strip, _ = await strip_of(user, tmp_path, Tempo.realtime(300, 5))
    markup = strip.row.content
    clocks = re.findall(
        r'<div class="cs-clock[^>]*data-testid="clock-(\d)"[^>]*>([^<]*)</div>', markup
    )
    assert [seat for seat, _ in clocks] == ["0", "1"]
    assert all(re.fullmatch(r"[45]:\d\d", text) for _, text in clocks), clocks
    sent = re.findall(r'data-sent="(\d+)"', markup)
    assert sent == ["1", "1"]
    assert 'data-running="true"' in chip(markup, 0) + chip(markup, 1)
