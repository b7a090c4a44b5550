"""Open a new table: the opponent (a bot or a second person on this screen) and options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import Request
from nicegui import app, ui
from nicegui.elements.mixins.value_element import ValueElement
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from core.table import BOT, GUEST, HOTSEAT, INVITED, OPEN, SeatInfo, TableError, TableSettings
from ui import seeds
from ui.attrs import attrs
from ui.boards import BOARDS
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import frame, heading, translator, visitor_id, visitor_name
from ui.pages.errors import refusal
from ui.pages.home import SHOWCASE
from ui.pages.not_found import missing
from ui.pages.table_options import option_fields
from ui.pages.tempo_fields import TempoError, describe, tempo_fields
from ui.seat_names import PREFIX, bot_seat_name
from ui.site import Site

MAX_NAME = 24
OPPONENTS = ("bot:easy", "bot:normal", "bot:hard", HOTSEAT, INVITED, OPEN)
DEFAULT_OPPONENT = "bot:normal"


def clean_name(raw: Any) -> str | None:
    """A display name: trimmed, 1 to 24 printable characters; None when unusable."""
    if not isinstance(raw, str):
        return None
    name = " ".join(raw.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        return None
    if name.casefold().startswith(PREFIX):  # what a bot's seat stores (ui.seat_names)
        return None
    return name


def seats_for(others: list[tuple[str, str]], me: str, my_name: str) -> list[SeatInfo]:
    """The seats: this visitor first, then each other seat's (choice, friend's name).

    With any friend on this screen every human seat of this visitor is a hot
    seat; open and invited seats wait for their players; bots of the same kind
    are numbered so every name is distinct.
    """
    hot = any(choice == HOTSEAT for choice, _ in others)
    seats = [SeatInfo(HOTSEAT if hot else GUEST, me, my_name)]
    bots = [choice for choice, _ in others if choice.startswith("bot:")]
    counted: dict[str, int] = {}
    for choice, friend in others:
        if choice == HOTSEAT:
            seats.append(SeatInfo(HOTSEAT, me, friend))
            continue
        if choice in (OPEN, INVITED):
            seats.append(SeatInfo.empty(choice))
            continue
        number = None
        if bots.count(choice) > 1:
            number = counted[choice] = counted.get(choice, 0) + 1
        seats.append(SeatInfo(BOT, choice, bot_seat_name(choice, number)))
    return seats


def starting_players(game: str) -> int:
    """How many players the form starts on: the fewest the home page announces for the
    game (Off Season's 3, though its rules also take 2 as a variant), within its rules."""
    rules = GAMES[game]
    announced = next((g.players[0] for g in SHOWCASE if g.id == game), rules.min_players)
    return min(max(announced, rules.min_players), rules.max_players)


@dataclass
class SeatChoice:
    """The form fields of one seat besides the visitor's."""

    box: ui.element
    choice: ui.radio
    name: ui.input


def register(site: Site) -> None:
    @ui.page("/new/{game}")
    def new_table(game: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("new.title")):
            if game not in GAMES or game not in BOARDS:
                missing(t, t("new.unknown_game"))
                return
            _form(
                site,
                t,
                game,
                request.client.host if request.client else None,
                request.headers.get(seeds.HEADER),
            )


def _form(
    site: Site, t: Translator, game: str, address: str | None, asked_seed: str | None
) -> None:
    rules = GAMES[game]
    low, high = rules.min_players, rules.max_players
    first = starting_players(game)
    heading(t("new.heading", game=rules.title))
    with ui.card().classes("w-full max-w-xl gap-3"):
        name = (
            ui.input(t("new.your_name"), value=visitor_name(t))
            .props('data-testid="name" autocomplete="nickname"')
            .classes("w-full")
            .mark("name")
        )
        name.props["maxlength"] = MAX_NAME
        players = None
        if low < high:
            ui.label(t("new.players")).classes("text-sm font-semibold")
            players = ui.toggle({n: str(n) for n in range(low, high + 1)}, value=first)
            players.props('data-testid="players"').mark("players")
        others = [_seat_fields(t, seat, high, players) for seat in range(1, high)]
        ui.separator()
        ui.label(t("new.options")).classes("text-sm font-semibold")
        fields = option_fields(t, rules, first)
        ui.separator()
        tempo = tempo_fields(t, rules, first)

        def online() -> bool:
            count = players.value if players is not None else low
            n = count - 1 if isinstance(count, int) else 0
            return any(seat.choice.value in (OPEN, INVITED) for seat in others[:n])

        def chosen_options() -> dict[str, Any]:
            return {k: f.value for k, f in fields.items() if f.value is not None}

        def show_tempo() -> None:
            """The tempo's fields while a seat is for another device, and its summary."""
            tempo.box.set_visibility(online())
            count = players.value if players is not None else low
            tempo.on_timeout.set_visibility(tempo.choice.value != "untimed" and count == 2)
            try:
                chosen = tempo.chosen(rules, count, chosen_options(), online=True)
                tempo.summary.set_text(describe(t, chosen))
            except (TempoError, ValueError) as err:
                tempo.summary.set_text(t("tempo.bad", reason=str(err)))

        watched: list[ValueElement] = [tempo.choice, tempo.minutes, tempo.seconds]
        watched += [tempo.increment, tempo.reserve]
        watched += [seat.choice for seat in others] + list(fields.values())
        for element in [*watched, *([players] if players is not None else [])]:
            element.on_value_change(show_tempo)
        show_tempo()
        ui.separator()
        private = (
            ui.checkbox(t("new.private"), value=False)
            .props('data-testid="private"')
            .mark("private")
        )
        chat = ui.checkbox(t("new.chat"), value=True).props('data-testid="chat-on"').mark("chat-on")
        error = ui.label().classes("text-negative").props('data-testid="form-error" role="alert"')
        error.mark("form-error")

        async def start() -> None:
            count = players.value if players is not None else low
            if not isinstance(count, int) or not low <= count <= high:
                error.set_text(t("new.bad_players"))
                return
            chosen = others[: count - 1]
            if any(seat.choice.value not in OPPONENTS for seat in chosen):
                error.set_text(t("new.bad_opponent"))
                return
            my_name = clean_name(name.value)
            friends = [
                (
                    seat.choice.value,
                    clean_name(seat.name.value) if seat.choice.value == HOTSEAT else "-",
                )
                for seat in chosen
            ]
            if my_name is None or any(friend is None for _, friend in friends):
                error.set_text(t("new.bad_name", n=MAX_NAME))
                return
            humans = [my_name] + [f for c, f in friends if c == HOTSEAT and f is not None]
            if len({h.casefold() for h in humans}) < len(humans):
                error.set_text(t("new.same_names"))
                return
            options = chosen_options()
            try:
                chosen_tempo = tempo.chosen(rules, count, options, online=online())
            except TempoError as err:
                error.set_text(t("tempo.bad", reason=str(err)))
                return
            except ValueError as err:
                error.set_text(t("new.bad_options", reason=str(err)))
                return
            me = visitor_id()
            app.storage.user["name"] = my_name
            seats = seats_for([(c, f or "-") for c, f in friends], me, my_name)
            settings = TableSettings(
                host=me,
                private=private.value is True,
                chat=chat.value is True,
                invited=tuple(n for n, seat in enumerate(seats) if seat.kind == INVITED),
                tempo=chosen_tempo,
            )
            try:
                await site.ensure_guest(user_id=me, name=my_name)
                user_ids = [seat.user_id for seat in seats]
                table = await site.create_table(
                    game=game,
                    options=options,
                    seats=seats,
                    user_ids=user_ids,
                    settings=settings,
                    address=address,
                    asked_seed=asked_seed,  # counts on a test site only (ui/seeds.py)
                )
            except TableError as err:  # over the caps on open or new tables
                error.set_text(refusal(t, err))
                return
            except ValueError as err:
                error.set_text(t("new.bad_options", reason=str(err)))
                return
            except StorageUnavailable as err:
                error.set_text(t(f"error.{err.code}"))
                return
            except SQLAlchemyError:
                error.set_text(t("error.storage"))
                return
            ui.navigate.to(f"/table/{table.id}")

        ui.button(t("new.start"), on_click=start).props('color=primary data-testid="start"').mark(
            "start"
        )


def _seat_fields(t: Translator, seat: int, high: int, players: ui.toggle | None) -> SeatChoice:
    """Who sits at ``seat`` (0 is the visitor): a bot or a friend on this screen."""
    suffix = "" if seat == 1 else f"-{seat + 1}"
    with ui.column().classes("w-full gap-1") as box:
        heading = t("new.opponent") if high == 2 else t("new.seat", n=seat + 1)
        ui.label(heading).classes("text-sm font-semibold")
        # One choice a line: side by side, their long labels wrapped unevenly.
        choice = ui.radio({o: t(f"new.opponent.{o}") for o in OPPONENTS}, value=DEFAULT_OPPONENT)
        attrs(choice, {"data-testid": f"opponent{suffix}"}).mark(f"opponent{suffix}")
        default = t("new.second_default") if seat == 1 else t("new.seat_default", n=seat + 1)
        testid = "second-name" if seat == 1 else f"seat-name-{seat + 1}"
        name = ui.input(t("new.friend_name", n=seat + 1), value=default).classes("w-full")
        attrs(name, {"maxlength": MAX_NAME, "data-testid": testid}).mark(testid)
        name.bind_visibility_from(choice, "value", backward=lambda v: v == HOTSEAT)
    if players is not None:
        box.bind_visibility_from(players, "value", backward=lambda n: seat < n)
    return SeatChoice(box=box, choice=choice, name=name)
