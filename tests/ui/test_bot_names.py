"""A bot's seat is stored as what it is and shown in the reader's language: a table a
French visitor opens reads "Bot (easy)" to an English reader, in the lobby, the history
and the replay, and so do matches stored with the old French labels."""

from __future__ import annotations

from nicegui.testing import User

from core.table import BOT, GUEST, SeatInfo
from storage import repo
from storage.models import new_match_id
from tests.ui.test_history_pages import played, store, visitor
from tests.ui.test_online_pages import other_browser
from ui.i18n import Translator
from ui.pages.new_table import clean_name
from ui.seat_names import seat_name, stored_seat_name


async def french_table_with_an_easy_bot(user: User, *, open_seat: bool) -> None:
    """Ann, reading French, opens Deluxe Camping with an easy bot (and an open seat)."""
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/new/camping")
    user.find(marker="name").clear().type("Ann")
    (toggle,) = user.find(marker="players").elements
    toggle.value = 3 if open_seat else 2
    (bot,) = user.find(marker="opponent").elements
    bot.value = "bot:easy"
    if open_seat:
        (third,) = user.find(marker="opponent-3").elements
        third.value = "open"
    user.find(marker="start").click()
    await user.should_see("Robot (facile)", retries=50)


async def test_an_english_reader_of_the_lobby_sees_the_bot_of_a_french_table(user: User) -> None:
    await french_table_with_an_easy_bot(user, open_seat=True)
    async with other_browser() as reader:
        await reader.open("/lobby")
        await reader.should_see("Ann, Bot (easy)")
        await reader.should_not_see("Robot (facile)")


async def test_the_history_names_the_bot_in_the_language_it_is_read_in(user: User) -> None:
    await french_table_with_an_easy_bot(user, open_seat=False)
    user.http_client.headers["accept-language"] = "en"
    await user.open("/history")
    await user.should_see("Ann (you) · Bot (easy)")
    await user.should_not_see("Robot (facile)")


async def test_matches_stored_with_the_old_french_labels_read_in_english(user: User) -> None:
    engine, uid = await visitor(user)
    record = played("camping", 3)
    record["seats"] = ["Ann", "Robot (facile) 1", "Robot (facile) 2"]
    finished = store(engine, uid, record)
    await user.open("/history")
    await user.should_see("Ann (you) · Bot (easy) 1 · Bot (easy) 2")
    await user.open(f"/replay/{finished}")
    await user.should_see("Players: Ann · Bot (easy) 1 · Bot (easy) 2.", retries=20)
    await user.should_not_see("Robot (facile)")


async def test_a_bot_playing_on_for_one_who_resigned_reads_in_the_readers_language(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    record = played("caravan", 2)
    match_id = new_match_id()
    seats = [SeatInfo(BOT, "bot:normal", "Robot pour Ann"), SeatInfo(GUEST, uid, "Bea")]
    start = {**record, "seats": ["Robot pour Ann", "Bea"], "actions": [], "result": None}
    repo.create_match(engine, match_id=match_id, record=start, seats=seats, user_ids=[None, uid])
    await user.open("/history")
    await user.should_see("Bot for Ann · Bea (you)")


def test_every_label_the_catalogues_gave_a_bot_reads_back_as_that_bot() -> None:
    en, fr = Translator("en"), Translator("fr")
    for level in ("easy", "normal", "hard", "heuristic", "random"):
        for t in (en, fr):
            label = t(f"bot.{level}")
            assert stored_seat_name(label) == f"bot:{level}"
            assert stored_seat_name(f"{label} 3") == f"bot:{level} 3"
        assert seat_name(en, f"bot:{level} 3") == f"{en(f'bot.{level}')} 3"
        assert seat_name(fr, f"bot:{level}") == fr(f"bot.{level}")
    assert stored_seat_name("Bot for Ann") == stored_seat_name("Robot pour Ann")
    assert seat_name(fr, "bot:normal for Ann") == "Robot pour Ann"
    assert seat_name(en, "Ann") == "Ann"
    assert seat_name(en, "Bot (easier)") == "Bot (easier)"


def test_a_person_cannot_take_a_name_that_reads_as_a_bot() -> None:
    assert clean_name("bot:easy") is None
    assert clean_name("BOT:hard 2") is None
    assert clean_name("Robotnik") == "Robotnik"


def test_the_history_score_line_names_a_takeover_bot_in_the_readers_language() -> None:
    from datetime import datetime

    from storage.history import HistoryRow
    from ui.i18n import Translator
    from ui.pages.history import score_line

    row = HistoryRow(
        id="m1",
        game="caravan",
        status="finished",
        created_at=datetime(2026, 1, 1),
        finished_at=datetime(2026, 1, 1),
        result={"scores": [-2, 15], "ranking": [1, 2]},
        seats=["Ann", "bot:normal for Bea"],
        user_seats=[0],
        moves=10,
        outcome="won",
        resigned=frozenset({1}),
    )
    assert score_line(Translator("en"), row) == "You -2 · Bot for Bea 15"
    assert "bot:" not in score_line(Translator("fr"), row)
