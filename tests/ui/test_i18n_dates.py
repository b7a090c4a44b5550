"""The history's dates are written in the reader's language and the zone their browser told."""

from __future__ import annotations

from nicegui import app
from nicegui.testing import User
from sqlmodel import Session

from core.record import new_record
from core.table import BOT, GUEST, SeatInfo
from storage import repo
from storage.db import make_engine
from storage.models import Match, new_match_id
from ui.i18n import Translator
from ui.i18n.zone import COOKIE, ZONE_SCRIPT
from ui.layout import visitor_id
from ui.pages import assets


async def stored_match(user: User) -> Match:
    """A match the simulated visitor sits at (no move yet), as stored."""
    await user.open("/")
    with user:
        uid = visitor_id()
    engine = make_engine()
    repo.ensure_guest(engine, user_id=uid, name="Ann")
    record = new_record("caravan", 2, 3, {"hands": 1}, ["Ann", "Bea"])
    seats = [SeatInfo(GUEST, uid, "Ann"), SeatInfo(BOT, "bot:easy", "Bea")]
    match_id = new_match_id()
    repo.create_match(engine, match_id=match_id, record=record, seats=seats, user_ids=[uid, None])
    with Session(engine) as session:
        match = session.get(Match, match_id)
        assert match is not None
        return match


def shown_date(user: User, match_id: str) -> str:
    (card,) = user.find(marker=f"match-{match_id}").elements
    labels = [str(part.text) for part in card.descendants() if "text-xs" in part.classes]
    (date,) = labels
    return date


async def test_a_reader_whose_browser_has_not_told_its_zone_reads_utc(user: User) -> None:
    match = await stored_match(user)
    await user.open("/history")
    assert shown_date(user, match.id) == Translator("en").datetime(match.created_at)


async def test_the_history_shows_the_time_in_the_readers_zone_and_language(user: User) -> None:
    match = await stored_match(user)
    user.http_client.cookies.set(COOKIE, "Pacific/Kiritimati")  # UTC+14
    await user.open("/history")
    shown = shown_date(user, match.id)
    assert shown == Translator("en", "Pacific/Kiritimati").datetime(match.created_at)
    assert shown != Translator("en").datetime(match.created_at)

    user.http_client.cookies.set(COOKIE, "Europe/Paris")
    with user:
        app.storage.user["lang"] = "fr"
    await user.open("/history")
    assert shown_date(user, match.id) == Translator("fr", "Europe/Paris").datetime(match.created_at)


async def test_every_page_asks_the_browser_for_its_zone(user: User) -> None:
    await user.open("/")
    assert "resolvedOptions().timeZone" in ZONE_SCRIPT
    # In the site's script, which every page's head links to (ui/pages/assets.py).
    assert f'<script src="{assets.JS_PATH}"></script>' in user.client.head_html
    assert assets._script(ZONE_SCRIPT) in assets.JS
