"""The analysis on the replay page, in the downloaded record and on /import, as a visitor
uses them, without a browser.

Most tests replace the site's analysis methods by :class:`Analyses`, which the test moves
on step by step (queued, running, done), so each stage of the page is seen for sure, with
documents made by :func:`document` in :mod:`core.analysis`'s format (checked by
``check_analysis``) from the record itself. The tests under "the real site" ask the site's
own runner, on a tiny budget, and read what storage keeps.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from core.analysis import FORCED, LABELS, check_analysis, moves_digest
from core.record import dumps, replay
from storage import accounts, analyses
from tests.ui.patience import until
from tests.ui.test_history_pages import played, store, text_of, upload, visitor
from ui.boards import BOARDS
from ui.site import Site
from ui.site_analysis import AnalysisStatus


class Analyses:
    """The site's analysis, as the test says it stands: one status per match id."""

    def __init__(self) -> None:
        self.status: dict[str, AnalysisStatus] = {}
        self.asked: list[tuple[str, str | None]] = []
        self.auto: dict[str, bool] = {}

    def install(self, monkeypatch: pytest.MonkeyPatch) -> Analyses:
        fake = self

        async def analysis_of(site: Site, match_id: str) -> AnalysisStatus | None:
            return fake.status.get(match_id)

        async def request_analysis(
            site: Site, match_id: str, *, by: str | None, auto: bool = False
        ) -> AnalysisStatus:
            fake.asked.append((match_id, by))
            fake.status.setdefault(match_id, AnalysisStatus("queued", 0, 0, None))
            return fake.status[match_id]

        async def auto_analysis(site: Site, user_id: str) -> bool:
            return fake.auto.get(user_id, False)

        async def set_auto_analysis(site: Site, user_id: str, on: bool) -> None:
            fake.auto[user_id] = on

        for name, method in (
            ("analysis_of", analysis_of),
            ("request_analysis", request_analysis),
            ("auto_analysis", auto_analysis),
            ("set_auto_analysis", set_auto_analysis),
        ):
            monkeypatch.setattr(Site, name, method, raising=False)
        return self


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Analyses:
    return Analyses().install(monkeypatch)


def document(record: dict[str, Any]) -> dict[str, Any]:
    """An analysis of ``record`` in core.analysis's format: move ``k`` is labelled
    ``LABELS[k % 5]`` (a ply with one legal move: forced), the bot's move is another legal
    move than the one played, and the played move lost ``k`` percentage points."""
    state = replay(record, upto=0)
    plies = []
    for ply, (seat, played_action) in enumerate(record["actions"], start=1):
        legal = state.legal_actions(seat)
        others = [action for action in legal if action != played_action]
        label = FORCED if len(legal) == 1 else LABELS[ply % len(LABELS)]
        loss = 0.0 if label in (FORCED, "best") else ply / 100
        best = played_action if label in (FORCED, "best") else others[0]
        value = 0.5 + (ply % 7 - 3) / 20
        values = [value if s == seat else 1 - value for s in range(record["players"])]
        plies.append(
            {
                "ply": ply,
                "seat": seat,
                "played": played_action,
                "best": best,
                "before": value + loss,
                "after": value,
                "best_value": value + loss,
                "loss": loss,
                "label": label,
                "values": values,
                "rounds": 4,
            }
        )
        state.apply(seat, played_action)
    return {
        "format": 1,
        "game": record["game"],
        "rules_version": record["rules_version"],
        "digest": moves_digest(record),
        "value": "win",
        "budget": {"seconds": 0.02, "rounds": 4, "candidates": 4},
        "plies": plies,
        "accuracy": [81.6, 64.2],
    }


def element(user: User, marker: str) -> ui.element:
    (found,) = user.find(marker=marker).elements
    return found


def chosen(doc: dict[str, Any], label: str) -> dict[str, Any]:
    """The first ply of ``doc`` with this label."""
    return next(entry for entry in doc["plies"] if entry["label"] == label)


# ------------------------------------------------------------------ asking, progress


async def test_the_button_asks_the_progress_shows_and_the_result_appears_without_reload(
    user: User, fake: Analyses
) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    total = len(record["actions"])

    await user.open(f"/replay/{match_id}")
    await user.should_see(marker="analyse")
    await user.should_see("Analyse this game")
    await user.should_not_see(marker="analysis-chart")
    user.find(marker="analyse").click()

    await user.should_see("The analysis is waiting to start…")
    assert fake.asked == [(match_id, uid)]
    await user.should_not_see(marker="analyse")
    fake.status[match_id] = AnalysisStatus("running", 22, total, None)
    await user.should_see(f"Analysing move 23 of {total}")
    assert element(user, "analysis-progress").props["aria-live"] == "polite"
    user.find(marker="replay-first").click()  # the page is usable meanwhile
    await user.should_see(f"Move 0 of {total}")

    fake.status[match_id] = AnalysisStatus("done", total, total, document(record))
    await user.should_see(marker="analysis-chart")
    await user.should_not_see(marker="analysis-progress")
    await user.should_not_see(marker="analyse")
    assert text_of(user, "analysis-label-1") in ("Good", "Forced")
    assert text_of(user, "analysis-label-4") in ("Blunder", "Forced")
    assert user.back_history[-1] == f"/replay/{match_id}"  # no reload


async def test_a_failed_analysis_says_so_and_may_be_asked_again(user: User, fake: Analyses) -> None:
    engine, uid = await visitor(user)
    match_id = store(engine, uid, played())
    fake.status[match_id] = AnalysisStatus("failed", 3, 26, None)

    await user.open(f"/replay/{match_id}")
    await user.should_see("The analysis could not be completed.")
    await user.should_see("Analyse again")
    fake.status[match_id] = AnalysisStatus("queued", 0, 26, None)
    user.find(marker="analyse").click()
    await user.should_see("The analysis is waiting to start…")
    await user.should_not_see("The analysis could not be completed.")


# ------------------------------------------------------------------------ the result


async def test_a_done_analysis_shows_at_once_to_anyone_with_its_labels_and_accuracy(
    user: User, fake: Analyses
) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record, mine=())  # the visitor did not play it
    doc = document(record)
    fake.status[match_id] = AnalysisStatus("done", 26, 26, doc)

    await user.open(f"/replay/{match_id}")
    await user.should_see(marker="analysis-chart")
    await user.should_not_see(marker="analyse")
    for entry in doc["plies"]:
        word = {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy"}.get(entry["label"])
        word = (
            word or {"mistake": "Mistake", "blunder": "Blunder", "forced": "Forced"}[entry["label"]]
        )
        assert text_of(user, f"analysis-label-{entry['ply']}") == word
        label = element(user, f"analysis-label-{entry['ply']}")
        assert f"cs-label-{entry['label']}" in label.classes
    accuracy = text_of(user, "analysis-accuracy-0")
    assert accuracy.startswith("Ann: accuracy 82%")
    mistakes = sum(e["seat"] == 0 and e["label"] == "mistake" for e in doc["plies"])
    assert f"{mistakes} mistake" in accuracy
    assert text_of(user, "analysis-accuracy-1").startswith("Bea: accuracy 64%")
    summary = element(user, "analysis-summary-text")
    assert "cs-sr-only" in summary.classes
    said = text_of(user, "analysis-summary-text")
    assert "Ann: accuracy 82%; mistakes: move" in said
    assert "The largest swing: move" in said
    chart = element(user, "analysis-chart")
    seats = chart.props["options"]["series"][:2]
    assert [s["name"] for s in seats] == ["Ann", "Bea"]
    assert seats[1]["data"][0] == [1, round(100 * doc["plies"][0]["values"][1], 1)]
    assert chart.props["options"]["tooltip"]["renderMode"] == "richText"


async def test_the_bot_s_move_is_said_for_the_move_shown_and_drawn_on_the_board_and_back(
    user: User, fake: Analyses, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    doc = document(record)
    fake.status[match_id] = AnalysisStatus("done", 26, 26, doc)
    views: list[dict[str, Any]] = []
    board = BOARDS["caravan"].board
    show = board.show

    def recorded(self: Any, view: dict[str, Any], legal: list[str]) -> None:
        views.append(view)
        show(self, view, legal)

    monkeypatch.setattr(board, "show", recorded)
    blunder = chosen(doc, "blunder")
    ply = blunder["ply"]

    await user.open(f"/replay/{match_id}")
    await user.should_see(marker="analysis-chart")
    user.find(marker=f"replay-move-{ply}").click()
    await user.should_see(f"Move {ply} of 26")
    better = text_of(user, "analysis-better")
    assert better.startswith("The bot would have played: ")
    assert better.endswith(f"(+{ply} percentage points).")
    assert element(user, "analysis-better").props["data-action"] == blunder["best"]
    assert blunder["best"] in replay(record, upto=ply - 1).legal_actions(blunder["seat"])
    (chart,) = user.find(marker="analysis-chart").elements
    assert chart.props["options"]["series"][0]["markLine"]["data"] == [{"xAxis": ply}]

    user.find(marker="analysis-show-better").click()
    after_best = replay(record, upto=ply - 1)
    after_best.apply(blunder["seat"], blunder["best"])
    await user.should_see("The board shows the bot's move instead of move")
    assert views[-1] == after_best.view(0)
    await user.should_see("Back to the game")
    user.find(marker="analysis-show-better").click()
    await user.should_see("Show on the board")
    assert views[-1] == replay(record, upto=ply).view(0)

    best = chosen(doc, "best")["ply"]
    user.find(marker=f"replay-move-{best}").click()
    await user.should_see("The bot would have played this move too.")
    await user.should_not_see(marker="analysis-show-better")


async def test_a_click_on_the_graph_jumps_to_that_move(user: User, fake: Analyses) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    fake.status[match_id] = AnalysisStatus("done", 26, 26, document(record))

    await user.open(f"/replay/{match_id}")
    await user.should_see(marker="analysis-chart")
    user.find(marker="analysis-chart").trigger("ply", 5)
    await user.should_see("Move 5 of 26")


async def test_the_analysis_speaks_french(user: User, fake: Analyses) -> None:
    user.http_client.headers["accept-language"] = "fr"
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    doc = document(record)
    fake.status[match_id] = AnalysisStatus("running", 3, 26, None)

    await user.open(f"/replay/{match_id}")
    await user.should_see("Analyse du coup 4 sur 26")
    fake.status[match_id] = AnalysisStatus("done", 26, 26, doc)
    await user.should_see(marker="analysis-chart")
    assert text_of(user, "analysis-accuracy-0").startswith("Ann\u202f: précision 82\u202f%")
    ply = chosen(doc, "mistake")["ply"]
    user.find(marker=f"replay-move-{ply}").click()
    await user.should_see(f"Coup {ply} sur 26")
    assert text_of(user, f"analysis-label-{ply}") == "Erreur"
    assert text_of(user, "analysis-better").startswith("Le robot aurait joué\u202f: ")
    assert text_of(user, "analysis-better").endswith(f"(+{ply} points de pourcentage).")


# ------------------------------------------------------------ download, API, import


async def test_the_api_adds_the_analysis_only_when_asked(user: User, fake: Analyses) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    before = (await user.http_client.get(f"/api/matches/{match_id}")).content
    doc = document(record)
    fake.status[match_id] = AnalysisStatus("done", 26, 26, doc)

    plain = await user.http_client.get(f"/api/matches/{match_id}")
    assert plain.content == before
    assert "analysis" not in plain.json()
    with_it = await user.http_client.get(f"/api/matches/{match_id}?analysis=1")
    assert with_it.json() == {**plain.json(), "analysis": doc}


async def test_the_download_holds_the_analysis_unless_the_visitor_says_no(
    user: User, fake: Analyses
) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    fake.status[match_id] = AnalysisStatus("done", 26, 26, document(record))

    await user.open(f"/replay/{match_id}")
    await user.should_see(marker="replay-download-analysis")
    user.find(marker="replay-download").click()
    response = await user.download.next()
    api = await user.http_client.get(f"/api/matches/{match_id}?analysis=1")
    assert response.content == api.content

    user.find(marker="replay-download-analysis").click()  # unticked
    user.find(marker="replay-download").click()
    response = await user.download.next()
    plain = await user.http_client.get(f"/api/matches/{match_id}")
    assert response.content == plain.content


async def test_an_imported_analysis_of_those_moves_is_shown_without_a_button(user: User) -> None:
    record = played()
    doc = document(record)

    await user.open("/import")
    await upload(user, dumps({**record, "analysis": doc}).encode(), "analysed.json")
    await user.should_see(marker="analysis-chart")
    await user.should_not_see(marker="analyse")
    await user.should_not_see(marker="import-analysis-error")
    ply = chosen(doc, "blunder")["ply"]
    assert text_of(user, f"analysis-label-{ply}") == "Blunder"
    assert text_of(user, "analysis-accuracy-1").startswith("Bea: accuracy 64%")


async def test_an_imported_analysis_of_other_moves_is_refused_and_the_game_still_replayed(
    user: User,
) -> None:
    record = played()
    other = played("caravan", 2, plies=None)
    other["seed"] = record["seed"] + 1
    doc = document(record)
    doc["digest"] = moves_digest(other)

    await user.open("/import")
    await upload(user, dumps({**record, "analysis": doc}).encode(), "mixed.json")
    await user.should_see("The analysis in this file does not match those moves")
    await user.should_see("Move 26 of 26")
    await user.should_not_see(marker="analysis-chart")
    await user.should_not_see(marker="analyse")
    assert text_of(user, "import-error") == ""


# ------------------------------------------------------------------------- account


async def test_an_account_turns_automatic_analysis_on_and_off(user: User) -> None:
    engine, uid = await visitor(user)
    accounts.create_account(engine, user_id=uid, username="annie", password_hash="x")

    await user.open("/account")
    await user.should_see("Analyse my finished games automatically")
    assert element(user, "auto-analysis").props.get("model-value") is False
    user.find(marker="auto-analysis").click()
    assert await until(lambda: analyses.auto_analysis(engine, user_id=uid))
    await user.open("/account")
    assert element(user, "auto-analysis").props.get("model-value") is True
    user.find(marker="auto-analysis").click()
    assert await until(lambda: not analyses.auto_analysis(engine, user_id=uid))


async def test_a_guest_has_no_automatic_analysis_switch(user: User, fake: Analyses) -> None:
    await visitor(user)
    await user.open("/account")
    await user.should_see("Create an account")
    await user.should_not_see(marker="auto-analysis")


def test_the_document_helper_makes_legal_best_moves() -> None:
    record = played()
    doc = document(record)
    for entry in doc["plies"]:
        state = replay(record, upto=entry["ply"] - 1)
        assert entry["best"] in state.legal_actions(entry["seat"])
    assert json.loads(json.dumps(doc)) == doc


# ------------------------------------------------------------------------ the real site


@pytest.fixture
def tiny_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's runner judges each ply on a tiny budget (set before the site starts)."""
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_SECONDS", "0.02")
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_ROUNDS", "4")


async def test_the_site_analyses_a_game_asked_from_its_replay_and_serves_it(
    tiny_budget: None, user: User
) -> None:
    engine, uid = await visitor(user)
    record = played()
    match_id = store(engine, uid, record)
    before = (await user.http_client.get(f"/api/matches/{match_id}")).content

    await user.open(f"/replay/{match_id}")
    user.find(marker="analyse").click()
    await user.should_see(marker="analysis-chart")

    api = await user.http_client.get(f"/api/matches/{match_id}?analysis=1")
    doc = check_analysis(record, api.json()["analysis"])
    assert (await user.http_client.get(f"/api/matches/{match_id}")).content == before
    words = {"Best", "Good", "Inaccuracy", "Mistake", "Blunder", "Forced"}
    for entry in doc["plies"]:
        assert text_of(user, f"analysis-label-{entry['ply']}") in words
    judged = [e for e in doc["plies"] if e["label"] != FORCED and e["best"] != e["played"]]
    if judged:
        ply = judged[0]["ply"]
        user.find(marker=f"replay-move-{ply}").click()
        await user.should_see("The bot would have played: ")
        action = element(user, "analysis-better").props["data-action"]
        assert action in replay(record, upto=ply - 1).legal_actions(judged[0]["seat"])
