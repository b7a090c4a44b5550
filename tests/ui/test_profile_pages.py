"""Players' public profiles, /players/{username}, as a visitor sees them."""

from __future__ import annotations

import asyncio
import os

from nicegui import ui
from nicegui.testing import User
from sqlalchemy import Engine

from core.record import new_record
from core.table import BOT, HUMAN, SeatInfo
from storage.db import make_engine, session
from storage.models import DELETED, LOCAL, new_match_id
from storage.models import User as Account
from storage.ratings import profile, rate_match
from storage.repo import append_move, create_match
from ui.site import Site


def database() -> Engine:
    """The site's database (the page tests' conftest points DATABASE_URL at it)."""
    return make_engine(os.environ["DATABASE_URL"])


def account(engine: Engine, username: str, name: str | None = None) -> str:
    user = Account(
        name=name or username, kind=LOCAL, username=username, username_key=username.casefold()
    )
    with session(engine) as s:
        s.add(user)
        s.commit()
    return user.id


def finished(engine: Engine, game: str, seats: list[SeatInfo], ranking: list[int]) -> str:
    """A match of ``game`` finished with ``ranking``, then rated; returns its id."""
    record = new_record(game, len(seats), 5, None, [seat.name for seat in seats])
    match_id = new_match_id()
    create_match(
        engine,
        match_id=match_id,
        record=record,
        seats=seats,
        user_ids=[seat.user_id for seat in seats],
    )
    result = {"scores": [0.0] * len(seats), "ranking": ranking}
    append_move(engine, match_id=match_id, ply=1, seat=0, action="x", result=result)
    rate_match(engine, match_id=match_id)
    return match_id


def link_targets(user: User) -> set[str]:
    return {
        str(element.props.get("href"))
        for element in user.client.elements.values()
        if isinstance(element, ui.link)
    }


async def test_a_profile_shows_ratings_per_game_and_recent_games(user: User) -> None:
    engine = database()
    ann, bea, cid = account(engine, "Ann"), account(engine, "bea"), account(engine, "cid")
    duel = finished(
        engine, "caravan", [SeatInfo(HUMAN, ann, "Ann"), SeatInfo(HUMAN, bea, "Bea")], [1, 2]
    )
    trio = finished(
        engine,
        "feurio",
        [SeatInfo(HUMAN, cid, "Cid"), SeatInfo(HUMAN, ann, "Ann"), SeatInfo(HUMAN, bea, "Bea")],
        [1, 2, 3],
    )
    practice = finished(
        engine, "pueblo", [SeatInfo(HUMAN, ann, "Ann"), SeatInfo(BOT, "bot:easy", "Bot")], [2, 1]
    )
    engine.dispose()

    await user.open("/players/ANN")  # any case
    await user.should_see(marker="profile-name")
    await user.should_see("Ann")
    await user.should_see(marker="rating-caravan")
    await user.should_see(marker="rating-feurio")
    await user.should_not_see(marker="rating-pueblo")  # a game against a bot is not rated
    await user.should_see("Caravan")
    await user.should_see("Feurio!")
    await user.should_see("Rated games")
    await user.should_see("1st of 2")
    await user.should_see("2nd of 3")
    await user.should_see("against Cid, Bea")
    await user.should_see("against Bot")
    for match_id in (duel, trio, practice):
        await user.should_see(marker=f"match-{match_id}")
    assert {f"/replay/{m}" for m in (duel, trio, practice)} <= link_targets(user)

    user.http_client.headers["accept-language"] = "fr"
    await user.open("/players/ann")
    await user.should_see("Parties récentes")
    await user.should_see("1er sur 2")


async def test_a_new_account_has_an_empty_profile(user: User) -> None:
    engine = database()
    account(engine, "dora")
    engine.dispose()
    await user.open("/players/dora")
    await user.should_see("No rated game yet.")
    await user.should_see("No finished game yet.")


async def test_unknown_and_deleted_players_get_a_message(user: User) -> None:
    reply = await user.http_client.get("/players/nobody")
    assert reply.status_code == 404 and "There is no such player." in reply.text
    engine = database()
    gone = account(engine, "gone")
    with session(engine) as s:
        row = s.get_one(Account, gone)
        row.kind, row.username, row.username_key = DELETED, None, None
        s.add(row)
        s.commit()
    engine.dispose()
    reply = await user.http_client.get("/players/gone")
    assert reply.status_code == 404 and "There is no such player." in reply.text
    reply = await user.http_client.get("/players/gone", headers={"Accept-Language": "fr"})
    assert reply.status_code == 404 and "Ce joueur n’existe pas." in reply.text


async def test_names_are_shown_as_text_never_as_html(user: User) -> None:
    engine = database()
    evil = "<img src=x onerror=alert(1)>"
    eve = account(engine, "eve", name=f"<b>Eve</b>{evil}")
    mal = account(engine, "mal")
    finished(engine, "caravan", [SeatInfo(HUMAN, eve, "Eve"), SeatInfo(HUMAN, mal, evil)], [1, 2])
    engine.dispose()
    await user.open("/players/eve")
    await user.should_see(f"<b>Eve</b>{evil}")
    await user.should_see(f"against {evil}")
    elements = list(user.client.elements.values())
    assert not any(evil in str(element.props.get("innerHTML", "")) for element in elements)
    shown = [e.text for e in elements if isinstance(e, ui.label) and evil in e.text]
    assert f"<b>Eve</b>{evil}" in shown and f"against {evil}" in shown


async def test_a_game_that_ends_at_a_table_rates_its_players_in_the_background(
    user: User,
) -> None:
    engine = database()
    ann, bea = account(engine, "ann"), account(engine, "bea")
    site = Site(engine, bot_pause=0)
    seats = [SeatInfo(HUMAN, ann, "Ann"), SeatInfo(HUMAN, bea, "Bea")]
    table = await site.create_table(
        game="caravan",
        options={"hands": 1},
        seats=seats,
        user_ids=[seat.user_id for seat in seats],
    )
    while not table.state.is_over():
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    for _ in range(100):  # the rating runs in a worker thread after the last move
        found = profile(engine, username="ann")
        if found and found["ratings"]:
            break
        await asyncio.sleep(0.05)
    assert found is not None
    assert [(r["game"], r["matches"]) for r in found["ratings"]] == [("caravan", 1)]
    assert found["matches"][0]["id"] == table.id and found["matches"][0]["rated"]
    engine.dispose()


def test_a_game_every_player_resigned_is_no_tie_for_first() -> None:
    from ui.i18n import Translator
    from ui.pages.profile import placement

    for lang in ("en", "fr"):
        t = Translator(lang)
        everyone = {"place": 1, "tied": True, "players": 2, "resigned": True}
        assert placement(t, everyone) == t("result.all_resigned")
        assert placement(t, {**everyone, "place": 2, "tied": False}) == t(
            "profile.placement", place=t("profile.place.2"), n=2
        )
