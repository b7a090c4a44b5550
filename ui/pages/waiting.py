"""The waiting room of a table whose seats are not all taken: take a seat, share the
invitation, leave, or (the host) start now with bots or cancel."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from nicegui import app, ui
from sqlalchemy.exc import SQLAlchemyError

from core.bots import LEVELS
from core.games import GAMES
from core.table import INVITED, Table, TableError
from ui.attrs import attrs
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import visitor_name
from ui.pages.errors import refusal
from ui.pages.new_table import MAX_NAME, clean_name
from ui.pages.table_options import describe
from ui.pages.tempo_fields import describe as describe_tempo
from ui.seat_names import bot_seat_name
from ui.site import Site


def waiting_room(
    site: Site,
    t: Translator,
    table: Table,
    uid: str,
    invite: str,
    base_url: str,
    on_error: Callable[[str], None],
) -> None:
    """Draw the waiting room for ``uid`` (who came with ``invite``, maybe empty)."""
    seated = bool(table.seats_held_by(uid))
    host = uid == table.settings.host
    empty = [n for n, seat in enumerate(table.seats) if seat.is_empty]
    with ui.card().classes("w-full gap-3").props('data-testid="waiting-room"'):
        ui.label(t("wait.title")).classes("text-xl font-bold")
        _about(t, table, seated=seated, invited=bool(invite) and invite == table.settings.invite)
        takeable = [] if seated else _takeable(table, invite, empty)
        if takeable:  # one of the free seats is the visitor's to take: it is not "free" to them
            others = len(empty) - 1
            text = t("wait.yours_last") if not others else t.plural("wait.yours_others", others)
        else:
            text = t.plural("wait.explain", len(empty))
        ui.label(text).classes("text-sm").props('data-testid="wait-explain"')
        if seated:  # the link opens invited seats, and a private table to its holders
            link = f"{base_url}/table/{table.id}?invite={table.settings.invite}"
            ui.label(t("wait.invite_help")).classes("text-sm font-semibold")
            with ui.row().classes("w-full items-center gap-2 no-wrap"):
                ui.input(value=link).props(
                    'readonly dense outlined data-testid="invite-link"'
                ).classes("grow").mark("invite-link")

                def copy() -> None:
                    ui.clipboard.write(link)
                    ui.notify(t("wait.copied"))

                ui.button(t("wait.copy"), icon="content_copy", on_click=copy).props(
                    "flat dense no-caps"
                )
        if not seated:
            _take_seat(site, t, table, uid, invite, empty, on_error)
        with ui.row().classes("gap-2"):
            if seated and not host:
                _button(t("wait.leave"), "leave", lambda: table.leave(by=uid), t, on_error)
            if host:
                level = (
                    ui.select(
                        {f"bot:{name}": t(f"bot.{name}") for name in LEVELS}, value="bot:normal"
                    )
                    .props('dense outlined data-testid="fill-level"')
                    .mark("fill-level")
                )

                async def fill() -> None:
                    bot = (
                        level.value if level.value in {f"bot:{n}" for n in LEVELS} else "bot:normal"
                    )
                    count = sum(seat.is_empty for seat in table.seats)
                    numbers = [None] if count == 1 else list(range(1, count + 1))
                    names = [bot_seat_name(bot, n) for n in numbers]
                    await table.fill_with_bots(by=uid, bot=bot, names=names)

                _button(t("wait.fill"), "fill", fill, t, on_error, primary=True)
                _button(t("wait.cancel"), "cancel", lambda: site.cancel(table, by=uid), t, on_error)


def _take_seat(
    site: Site,
    t: Translator,
    table: Table,
    uid: str,
    invite: str,
    empty: list[int],
    on_error: Callable[[str], None],
) -> None:
    takeable = _takeable(table, invite, empty)
    if not takeable:
        ui.label(t("wait.no_seat_for_you")).classes("text-sm").props('data-testid="no-seat"')
        return
    name = (
        ui.input(t("new.your_name"), value=visitor_name(t))
        .props('data-testid="join-name" autocomplete="nickname"')
        .classes("w-full max-w-sm")
        .mark("join-name")
    )
    name.props["maxlength"] = MAX_NAME

    async def take() -> None:
        chosen = clean_name(name.value)
        if chosen is None:
            on_error(t("new.bad_name", n=MAX_NAME))
            return
        taken = {seat.name.casefold() for seat in table.seats if not seat.is_empty}
        if chosen.casefold() in taken:
            on_error(t("new.same_names"))
            return
        seat = next((n for n in takeable if table.seats[n].is_empty), None)
        if seat is None:
            on_error(t("error.seat_taken"))
            return
        try:
            await site.ensure_guest(user_id=uid, name=chosen)
        except StorageUnavailable as err:
            on_error(t(f"error.{err.code}"))
            return
        except SQLAlchemyError:
            on_error(t("error.storage"))
            return
        app.storage.user["name"] = chosen
        await table.join(seat, by=uid, name=chosen, invite=invite)

    _button(t("wait.take"), "take-seat", take, t, on_error, primary=True)


def _takeable(table: Table, invite: str, empty: list[int]) -> list[int]:
    """The empty seats a visitor who came with ``invite`` may take."""
    return [n for n in empty if table.seats[n].kind != INVITED or invite == table.settings.invite]


def _about(t: Translator, table: Table, *, seated: bool, invited: bool) -> None:
    """Who opened the table, for which game and with which options."""
    game = GAMES[table.game].title if table.game in GAMES else table.game
    held = table.seats_held_by(table.settings.host)
    host = table.seats[held[0]].name if held else ""
    if seated or not host:
        line = t("wait.game", game=game, n=len(table.seats))
    elif invited:
        line = t("wait.invited_by", host=host, game=game)
    else:
        line = t("wait.hosted_by", host=host, game=game)
    ui.label(line).classes("text-base font-semibold").props('data-testid="wait-about"')
    options = describe(t, table.game, table.record.get("options") or {})
    _bullets(t("wait.options"), options or [t("options.none")], "wait-options")
    # The clock is part of what one agrees to by sitting down: how long, and what happens
    # when a player's time runs out.
    tempo = table.tempo
    clock = [describe_tempo(t, tempo)]
    if tempo.timed:
        clock.append(t(f"tempo.timeout_{tempo.on_timeout}"))
    _bullets(t("wait.clock"), clock, "wait-clock")


def _bullets(title: str, lines: list[str], testid: str) -> None:
    """A titled list of short lines, one bullet each."""
    with attrs(ui.column().classes("gap-0"), {"data-testid": testid}).mark(testid):
        ui.label(title).classes("text-sm font-semibold")
        for text in lines:
            ui.label(f"• {text}").classes("text-sm")


def _button(
    label: str,
    testid: str,
    action: Callable[[], Awaitable[Any]],
    t: Translator,
    on_error: Callable[[str], None],
    *,
    primary: bool = False,
) -> None:
    async def run() -> None:
        button.disable()
        try:
            await action()
        except TableError as err:
            on_error(refusal(t, err))
        finally:
            if not button.is_deleted:
                button.enable()

    button = attrs(ui.button(label, on_click=run).props("no-caps"), {"data-testid": testid})
    button.props("color=primary" if primary else "outline")
    button.mark(testid)
