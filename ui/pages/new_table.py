"""Open a new table: the opponent (a bot or a second person on this screen) and options."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from nicegui import app, ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from core.table import BOT, GUEST, HOTSEAT, SeatInfo
from storage import repo
from ui.boards import BOARDS
from ui.i18n import Translator
from ui.layout import frame, translator, visitor_id, visitor_name
from ui.site import Site

MAX_NAME = 24
OPPONENTS = ("bot:heuristic", "bot:random", HOTSEAT)


def clean_name(raw: Any) -> str | None:
    """A display name: trimmed, 1 to 24 printable characters; None when unusable."""
    if not isinstance(raw, str):
        return None
    name = " ".join(raw.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        return None
    return name


def seats_for(t: Translator, opponent: str, me: str, my_name: str, second: str) -> list[SeatInfo]:
    if opponent == HOTSEAT:
        return [SeatInfo(HOTSEAT, me, my_name), SeatInfo(HOTSEAT, me, second)]
    bot_name = t(f"bot.{opponent.removeprefix('bot:')}")
    return [SeatInfo(GUEST, me, my_name), SeatInfo(BOT, opponent, bot_name)]


def register(site: Site) -> None:
    @ui.page("/new/{game}")
    def new_table(game: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("new.title")):
            if game not in GAMES or game not in BOARDS:
                ui.label(t("new.unknown_game")).props('data-testid="error"')
                ui.link(t("back_home"), "/")
                return
            _form(site, t, game)


def _form(site: Site, t: Translator, game: str) -> None:
    rules = GAMES[game]
    ui.label(t("new.heading", game=rules.title)).classes("text-2xl font-bold")
    with ui.card().classes("w-full max-w-xl gap-3"):
        name = (
            ui.input(t("new.your_name"), value=visitor_name(t))
            .props(f'maxlength={MAX_NAME} data-testid="name" autocomplete="nickname"')
            .classes("w-full")
            .mark("name")
        )
        ui.label(t("new.opponent")).classes("text-sm font-semibold")
        opponent = ui.radio({o: t(f"new.opponent.{o}") for o in OPPONENTS}, value=OPPONENTS[0])
        opponent.props('data-testid="opponent"').mark("opponent")
        second = (
            ui.input(t("new.second_name"), value=t("new.second_default"))
            .props(f'maxlength={MAX_NAME} data-testid="second-name"')
            .classes("w-full")
            .mark("second-name")
        )
        second.bind_visibility_from(opponent, "value", backward=lambda v: v == HOTSEAT)
        ui.separator()
        ui.label(t("new.options")).classes("text-sm font-semibold")
        fields = BOARDS[game].option_fields(t, rules.default_options(rules.min_players))
        error = ui.label().classes("text-negative").props('data-testid="form-error" role="alert"')
        error.mark("form-error")

        def start() -> None:
            my_name = clean_name(name.value)
            other = clean_name(second.value) if opponent.value == HOTSEAT else "-"
            if my_name is None or other is None:
                error.set_text(t("new.bad_name", n=MAX_NAME))
                return
            if opponent.value not in OPPONENTS:
                error.set_text(t("new.bad_opponent"))
                return
            options = {key: field.value for key, field in fields.items()}
            me = visitor_id()
            app.storage.user["name"] = my_name
            seats = seats_for(t, opponent.value, me, my_name, other)
            try:
                repo.ensure_guest(site.db, user_id=me, name=my_name)
                user_ids = [None if s.kind == BOT else s.holder for s in seats]
                table = site.create_table(
                    game=game, options=options, seats=seats, user_ids=user_ids
                )
            except ValueError as err:
                error.set_text(t("new.bad_options", reason=str(err)))
                return
            except SQLAlchemyError:
                error.set_text(t("error.storage"))
                return
            ui.navigate.to(f"/table/{table.id}")

        ui.button(t("new.start"), on_click=start).props('color=primary data-testid="start"').mark(
            "start"
        )
