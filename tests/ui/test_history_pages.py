"""History, replay, export and import as a visitor uses them, without a browser.

Matches are stored straight through the repository for the simulated visitor (whose
identity the page reads with ``visitor_id()``), played with each seat's first legal
action, so every replay is the engine's own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User
from sqlalchemy import Engine

from core.games import GAMES
from core.record import dumps, new_record, replay, scores_by_ply, with_result
from core.table import BOT, GUEST, SeatInfo
from storage import repo
from storage.db import make_engine
from storage.models import new_match_id
from tests.ui.patience import until
from tests.ui.test_move_box import hand_codes
from ui.layout import visitor_id
from ui.pages.replayer import SPECTATOR

OPTIONS: dict[str, dict[str, Any]] = {"caravan": {"hands": 1}}


def played(game: str = "caravan", players: int = 2, *, plies: int | None = None) -> dict[str, Any]:
    """A record played with the first legal action of the lowest seat to move; with its
    result when it reaches the end."""
    names = ["Ann", "Bea", "Cid", "Dee", "Eve"][:players]
    record = new_record(game, players, 3, OPTIONS.get(game), names)
    state = replay(record)
    while not state.is_over() and (plies is None or len(record["actions"]) < plies):
        seat = min(state.to_move())
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        record["actions"].append([seat, action])
    return with_result(record, state) if state.is_over() else record


def store(
    engine: Engine,
    uid: str,
    record: dict[str, Any],
    *,
    mine: tuple[int, ...] = (0,),
    resign_at: int | None = None,
) -> str:
    """Store a record as a match the visitor plays at seats ``mine`` (bots elsewhere)."""
    seats = [
        SeatInfo(GUEST, uid, name) if seat in mine else SeatInfo(BOT, "bot:easy", name)
        for seat, name in enumerate(record["seats"])
    ]
    match_id = new_match_id()
    start = {**record, "actions": [], "result": None}
    user_ids = [seat.user_id for seat in seats]
    repo.create_match(engine, match_id=match_id, record=start, seats=seats, user_ids=user_ids)
    last = len(record["actions"])
    for ply, (seat, action) in enumerate(record["actions"], start=1):
        if ply - 1 == resign_at:
            note = {"seat": 0, "ply": resign_at, "by": "Ann", "bot": "bot:normal"}
            taken = SeatInfo(BOT, "bot:normal", "Bot for Ann")
            repo.update_seats(engine, match_id=match_id, seats={0: taken}, resigned=note)
        result = record["result"] if ply == last else None
        repo.append_move(
            engine, match_id=match_id, ply=ply, seat=seat, action=action, result=result
        )
    return match_id


async def visitor(user: User) -> tuple[Engine, str]:
    """The site's database and the simulated visitor's identity (a stored guest)."""
    await user.open("/")
    with user:
        uid = visitor_id()
    engine = make_engine()
    repo.ensure_guest(engine, user_id=uid, name="Ann")
    return engine, uid


def href(user: User, marker: str) -> str:
    (link,) = user.find(marker=marker).elements
    return str(link.props["href"])


def text_of(user: User, marker: str) -> str:
    """The text of the element with this marker (of its parts, for a list item)."""
    (element,) = user.find(marker=marker).elements
    parts = [element, *element.descendants()]
    return "".join(str(part.text) for part in parts if hasattr(part, "text"))


async def arrive(user: User, path: str) -> None:
    """Wait until the simulated browser has navigated to ``path``."""
    assert await until(lambda: user.back_history[-1] == path), (
        f"still on {user.back_history[-1]}, not on {path}"
    )


def shown_rows(user: User) -> list[str]:
    """Match ids of the history rows on the page, top to bottom."""
    rows = [
        element
        for element in user.client.elements.values()
        for m in element._markers
        if m.startswith("match-")
    ]
    return [
        m.removeprefix("match-")
        for row in sorted(rows, key=lambda e: e.id)
        for m in row._markers
        if m.startswith("match-")
    ]


async def upload(user: User, data: bytes, name: str = "game.json") -> None:
    """Send a file through the page's upload element, as a browser would."""
    (element,) = user.find(ui.upload).elements
    with user:
        await element.handle_uploads([ui.upload.SmallFileUpload(name, "application/json", data)])


# ---------------------------------------------------------------------- history


async def test_the_history_links_ongoing_matches_to_their_table_and_finished_ones_to_the_replay(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    finished = store(engine, uid, played())
    ongoing = store(engine, uid, played(plies=3))

    await user.open("/history")

    await user.should_see("2 games")
    assert shown_rows(user) == [ongoing, finished]
    assert href(user, f"continue-{ongoing}") == f"/table/{ongoing}"
    assert href(user, f"replay-{finished}") == f"/replay/{finished}"
    assert href(user, "to-import") == "/import"
    await user.should_see("In progress (3 moves)")


async def test_each_score_is_named_and_a_resignation_is_a_loss(user: User) -> None:
    engine, uid = await visitor(user)
    record = played()  # a draw on the board: -2 each
    assert record["result"]["scores"] == [-2, -2] and record["result"]["ranking"] == [1, 1]
    kept = store(engine, uid, record)
    resigned = store(engine, uid, record, resign_at=4)  # Ann's seat resigned; a bot drew it

    await user.open("/history")
    assert text_of(user, f"outcome-{kept}") == "Draw · You -2 · Bea -2"
    assert text_of(user, f"outcome-{resigned}") == "Lost · You -2 · Bea -2"

    await user.open("/history?result=lost")
    assert shown_rows(user) == [resigned]


async def test_filters_travel_in_the_url_and_narrow_the_list(user: User) -> None:
    engine, uid = await visitor(user)
    caravan_draw = store(engine, uid, played())  # both seats score alike: a draw
    camping_won = store(engine, uid, played("camping"))  # seat 0 wins
    camping_lost = store(engine, uid, played("camping"), mine=(1,))
    ongoing = store(engine, uid, played("feurio", plies=2))

    await user.open("/history?game=camping")
    assert shown_rows(user) == [camping_lost, camping_won]
    (select,) = user.find(marker="filter-game").elements
    assert select.value == "camping"

    await user.open("/history?result=won")
    assert shown_rows(user) == [camping_won]
    await user.open("/history?result=drawn")
    assert shown_rows(user) == [caravan_draw]
    await user.open("/history?result=ongoing")
    assert shown_rows(user) == [ongoing]
    await user.open("/history?game=camping&result=lost")
    assert shown_rows(user) == [camping_lost]
    await user.should_see("1 game")

    await user.open("/history?opponent=ANN")  # the visitor's own seat is no opponent
    assert shown_rows(user) == [camping_lost]  # its first seat is a bot called Ann
    await user.open("/history?result=lost&opponent=nobody")
    await user.should_see("No game fits these filters.")
    assert href(user, "filter-clear") == "/history"


async def test_the_opponent_box_and_the_game_choice_write_the_url(user: User) -> None:
    engine, uid = await visitor(user)
    with_bea = store(engine, uid, played())
    store(engine, uid, played("camping", 3), mine=(0,))

    await user.open("/history?result=drawn")
    user.find(marker="filter-opponent").clear().type("bea")
    user.find(marker="filter-apply").click()
    await arrive(user, "/history?result=drawn&opponent=bea")
    await user.should_see(marker=f"match-{with_bea}")

    (select,) = user.find(marker="filter-game").elements
    with user:
        select.set_value("camping")
    await arrive(user, "/history?game=camping&result=drawn&opponent=bea")
    await user.should_see("No game fits these filters.")


async def test_pages_hold_twenty_matches_and_links_keep_the_filters(user: User) -> None:
    engine, uid = await visitor(user)
    made = [store(engine, uid, played(plies=1)) for _ in range(23)]

    await user.open("/history?result=ongoing")
    await user.should_see("23 games")
    await user.should_see("Page 1 of 2")
    assert len(shown_rows(user)) == 20
    assert href(user, "page-next") == "/history?result=ongoing&page=2"
    await user.should_not_see(marker="page-previous")

    first = shown_rows(user)
    user.find(marker="page-next").click()
    await user.should_see("Page 2 of 2")
    assert first + shown_rows(user) == made[::-1]
    assert href(user, "page-previous") == "/history?result=ongoing"
    await user.should_not_see(marker="page-next")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("game=chess", "There is no game called “chess”; every game is shown."),
        ("result=victory", "“victory” is not a result (won, lost, drawn or ongoing)"),
        ("page=abc", "“abc” is not a page number; the first page is shown."),
        ("page=-3", "“-3” is not a page number"),
        ("opponent=" + "x" * 41, "A name to look for has at most 40 characters"),
        ("page=7", "There is no page 7; here is the last one, page 1."),
    ],
)
async def test_a_bad_query_value_is_named_and_ignored(user: User, query: str, message: str) -> None:
    engine, uid = await visitor(user)
    match_id = store(engine, uid, played())

    await user.open(f"/history?{query}")

    await user.should_see(message)
    assert shown_rows(user) == [match_id]


async def test_bad_query_values_are_explained_in_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/history?game=échecs&page=zéro")
    await user.should_see("Il n’y a pas de jeu nommé « échecs » ; tous les jeux sont affichés.")
    await user.should_see("« zéro » n’est pas un numéro de page ; la première page est affichée.")


# ----------------------------------------------------------------------- replay


async def test_the_replay_steps_jumps_and_shows_the_score_after_each_move(user: User) -> None:
    engine, uid = await visitor(user)
    record = played("camping")
    match_id = store(engine, uid, record)
    total = len(record["actions"])
    race = scores_by_ply(record)

    await user.open(f"/replay/{match_id}")

    await user.should_see(f"Move {total} of {total}")
    assert [text_of(user, f"replay-score-{s}") for s in (0, 1)] == [str(int(x)) for x in race[-1]]
    user.find(marker="replay-first").click()
    await user.should_see(f"Move 0 of {total}")
    user.find(marker="replay-forward").click()
    user.find(marker="replay-forward").click()
    user.find(marker="replay-back").click()
    await user.should_see(f"Move 1 of {total}")
    user.find(marker="replay-move-30").click()
    await user.should_see(f"Move 30 of {total}")
    assert [text_of(user, f"replay-score-{s}") for s in (0, 1)] == [str(int(x)) for x in race[30]]
    await user.should_see("Scores after move 30")
    (slider,) = user.find(marker="replay-slider").elements
    with user:
        slider.set_value(12)
    await user.should_see(f"Move 12 of {total}")
    (chart,) = user.find(marker="replay-chart").elements
    assert chart.options["series"][0]["markLine"]["data"] == [{"xAxis": 12}]
    user.find(marker="replay-last").click()
    await user.should_see(f"Move {total} of {total}")


async def test_the_move_list_names_who_played_each_move(user: User) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)

    await user.open(f"/replay/{match_id}")

    for ply in (1, 2):
        seat = record["actions"][ply - 1][0]
        assert text_of(user, f"replay-move-{ply}").startswith(f"{ply}. {record['seats'][seat]}: ")
    assert text_of(user, "replay-move-0") == "Start of the game"


async def test_any_seats_view_or_the_spectators_may_be_chosen(user: User) -> None:
    engine, uid = await visitor(user)
    match_id = store(engine, uid, played())

    await user.open(f"/replay/{match_id}")
    user.find(marker="replay-first").click()
    await user.should_see("Move 0 of 26")
    mine = set(hand_codes(user))
    (toggle,) = user.find(marker="replay-seat").elements
    with user:
        toggle.set_value(SPECTATOR)
    assert set(hand_codes(user)) == set()
    with user:
        toggle.set_value(1)
    theirs = set(hand_codes(user))
    assert len(mine) == len(theirs) == 15 and not mine & theirs
    await user.should_see("Move 0 of 26")  # the move shown stays


async def test_the_chart_has_one_line_per_seat_and_says_when_lower_is_better(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    pueblo = store(engine, uid, played("pueblo", 3))
    camping = store(engine, uid, played("camping", 3))

    await user.open(f"/replay/{pueblo}")
    (chart,) = user.find(marker="replay-chart").elements
    assert [s["name"] for s in chart.options["series"]] == ["Ann", "Bea", "Cid"]
    assert "lower is better" in chart.options["title"]["text"]
    await user.should_see("Penalty points after move 66 (lower is better)")

    await user.open(f"/replay/{camping}")
    (chart,) = user.find(marker="replay-chart").elements
    assert len(chart.options["series"]) == 3
    assert "lower is better" not in chart.options["title"]["text"]


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_replays_to_its_last_move(user: User, game: str) -> None:
    engine, uid = await visitor(user)
    record = played(game, GAMES[game].min_players)
    match_id = store(engine, uid, record)
    total = len(record["actions"])

    await user.open(f"/replay/{match_id}")

    await user.should_see(f"Move {total} of {total}")
    user.find(marker="replay-first").click()
    await user.should_see(f"Move 0 of {total}")


async def test_a_resignation_is_told_in_the_replay(user: User) -> None:
    engine, uid = await visitor(user)
    match_id = store(engine, uid, played(), resign_at=4)

    await user.open(f"/replay/{match_id}")

    await user.should_see("Ann resigned after move 4; Bot (normal) played on.")
    await user.should_see("Ann resigned here; a bot plays on.")
    # A draw on the board, but Ann resigned: her seat lost, whatever the bot did.
    await user.should_see("Players: Bot for Ann · Bea. Won by Bea.")


async def test_a_match_still_being_played_is_not_replayed(user: User) -> None:
    engine, uid = await visitor(user)
    match_id = store(engine, uid, played(plies=4))

    await user.open(f"/replay/{match_id}")

    await user.should_see("This game is still being played.")
    await user.should_not_see(marker="replay-ply")


async def test_the_record_is_offered_as_the_same_json_as_the_api_under_its_name(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    match_id = store(engine, uid, played(), resign_at=2)
    names: list[str | None] = []
    offer = user.download.content

    def named(content: bytes | str, filename: str | None = None, media_type: str = "") -> None:
        names.append(filename)
        offer(content, filename, media_type)

    user.download.content = named  # type: ignore[method-assign]
    await user.open(f"/replay/{match_id}")
    user.find(marker="replay-download").click()

    response = await user.download.next()
    api = await user.http_client.get(f"/api/matches/{match_id}")
    assert response.content == api.content
    assert json.loads(response.content)["resigned"][0]["ply"] == 2
    assert names == [f"caravanserai-caravan-{match_id}.json"]


# ----------------------------------------------------------------------- import


async def test_an_imported_record_is_replayed_with_its_final_scores_and_not_stored(
    user: User,
) -> None:
    engine, uid = await visitor(user)
    record = played("feurio", 3)
    total = len(record["actions"])

    await user.open("/import")
    await upload(user, dumps(record).encode("utf-8"), "feurio.json")

    await user.should_see("Replay of the file feurio.json")
    await user.should_see(f"Move {total} of {total}")
    shown = [text_of(user, f"replay-score-{s}") for s in range(3)]
    assert shown == [str(int(x)) for x in replay(record).scores()]
    user.find(marker="replay-first").click()
    await user.should_see(f"Move 0 of {total}")
    await user.should_not_see(marker="replay-download")
    await user.open("/history")
    await user.should_see("No games yet on this browser.")


def illegal_third_move() -> bytes:
    record = played()
    record["actions"][2] = [record["actions"][2][0], "9X"]
    return json.dumps(record).encode()


def as_json(**changes: Any) -> bytes:
    return json.dumps({**played(), **changes}).encode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{not json", "This file is not JSON (the error is on line 1)."),
        (b"\xff\xfe\x00garbage", "This file is not text; a game record is a JSON file."),
        (b"[1, 2]", "This file is JSON, but not a game record"),
        (as_json(format=7), "not a record in a format this site knows (format 7)"),
        (as_json(game="chess"), "This record is of a game this site does not know: “chess”."),
        (as_json(players=9), "Caravan is played by 2 to 2 players"),
        (illegal_third_move(), "Move 3 (9X) cannot be played: "),
        (json.dumps(played(plies=5)).encode(), "This record's game is not finished"),
        (b" " * 1_000_001, "This file is larger than 1 MB"),
    ],
)
async def test_a_bad_file_is_refused_with_a_readable_reason(
    user: User, data: bytes, message: str
) -> None:
    await user.open("/import")
    await upload(user, data)

    await user.should_see(message)
    await user.should_not_see(marker="replay-ply")


async def test_a_bad_file_is_refused_in_french_too(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/import")
    await upload(user, illegal_third_move())

    await user.should_see("Le coup 3 (9X) ne peut pas être joué : ")


async def test_a_good_file_after_a_bad_one_clears_the_reason(user: User) -> None:
    await user.open("/import")
    await upload(user, b"{not json")
    await user.should_see("This file is not JSON")
    await upload(user, dumps(played()).encode())
    await user.should_see("Move 26 of 26")
    assert text_of(user, "import-error") == ""
