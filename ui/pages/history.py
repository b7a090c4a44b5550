"""This browser's matches, newest first: continue the ongoing ones, replay the rest."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from storage import repo
from ui.i18n import Translator
from ui.layout import frame, translator, visitor_id
from ui.site import Site


def register(site: Site) -> None:
    @ui.page("/history")
    def history(request: Request) -> None:
        t = translator(request)
        with frame(t, t("history.title")):
            ui.label(t("history.title")).classes("text-2xl font-bold")
            try:
                matches = repo.matches_for_user(site.db, user_id=visitor_id())
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).classes("text-negative").props('role="alert"')
                return
            if not matches:
                ui.label(t("history.empty")).props('data-testid="history-empty"')
                ui.button(t("history.play_first"), on_click=lambda: ui.navigate.to("/")).props(
                    "color=primary"
                )
                return
            with ui.column().classes("w-full gap-2").props('data-testid="history-list"'):
                for match in matches:
                    _row(t, match)


def _outcome(t: Translator, match: dict[str, Any]) -> str:
    if match["status"] != "finished" or not match["result"]:
        return t.plural("history.playing", match["moves"])
    scores = match["result"]["scores"]
    ranking = match["result"]["ranking"]
    seats = match["user_seats"]
    score_text = " – ".join(str(int(s)) for s in scores)
    if len(seats) != 1:
        return t("history.finished", score=score_text)
    if ranking.count(1) > 1 and ranking[seats[0]] == 1:
        return t("history.draw", score=score_text)
    key = "history.won" if ranking[seats[0]] == 1 else "history.lost"
    return t(key, score=score_text)


def _row(t: Translator, match: dict[str, Any]) -> None:
    title = GAMES[match["game"]].title if match["game"] in GAMES else match["game"]
    when = match["created_at"].strftime("%Y-%m-%d %H:%M")
    with ui.card().classes("w-full").props(f'data-testid="match-{match["id"]}"'):
        with ui.row().classes("w-full items-center gap-4 wrap"):
            ui.label(title).classes("text-lg font-semibold")
            ui.label(" · ".join(match["seats"])).classes("text-sm")
            ui.label(when).classes("text-xs text-grey-8")
            ui.space()
            ui.label(_outcome(t, match)).classes("text-sm font-semibold").props(
                'data-testid="outcome"'
            )
            if match["status"] == "finished":
                ui.button(
                    t("history.replay"), on_click=lambda: ui.navigate.to(f"/replay/{match['id']}")
                ).props('outline data-testid="replay"')
            else:
                ui.button(
                    t("history.continue"), on_click=lambda: ui.navigate.to(f"/table/{match['id']}")
                ).props('color=primary data-testid="continue"')
