"""The home page: the five games, and a way into each one that is ready."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from nicegui import ui

from core.games import GAMES
from ui.attrs import attrs
from ui.boards import BOARDS
from ui.i18n import Translator
from ui.layout import frame, heading, translator


@dataclass(frozen=True)
class Showcase:
    id: str
    title: str
    players: tuple[int, int]


SHOWCASE: tuple[Showcase, ...] = (
    Showcase("caravan", "Caravan", (2, 2)),
    Showcase("camping", "Deluxe Camping", (2, 4)),
    Showcase("feurio", "Feurio!", (2, 4)),
    Showcase("offseason", "Camel Up Off Season", (3, 5)),
    Showcase("pueblo", "Pueblo", (2, 4)),
)


def register() -> None:
    @ui.page("/")
    def home(request: Request) -> None:
        t = translator(request)
        with frame(t, t("home.title")):
            heading(t("home.headline"), "text-3xl")
            ui.label(t("home.intro_online")).classes("text-base text-grey-8")
            lobby = ui.button(t("home.to_lobby"), icon="groups")
            lobby.on_click(lambda: ui.navigate.to("/lobby"))
            lobby.props('outline no-caps data-testid="home-lobby"').mark("home-lobby")
            with ui.element("div").classes("w-full grid gap-4 cs-games"):
                for game in SHOWCASE:
                    _game_card(t, game)


def _game_card(t: Translator, game: Showcase) -> None:
    ready = game.id in GAMES and game.id in BOARDS
    low, high = game.players
    players = (
        t("home.players_fixed", n=low) if low == high else t("home.players", low=low, high=high)
    )
    with attrs(ui.card().classes("cs-game-card"), {"data-testid": f"game-{game.id}"}):
        attrs(ui.image(f"/static/games/{game.id}.svg"), {"alt": t(f"game.{game.id}.picture")})
        with ui.card_section().classes("gap-1"):
            ui.label(game.title).classes("text-xl font-semibold")
            ui.label(t(f"game.{game.id}.pitch")).classes("text-sm")
            ui.label(players).classes("text-xs text-grey-8")
        with ui.card_actions():
            if not ready:
                ui.badge(t("home.coming_soon")).props('color=grey-7 data-testid="soon"')
                return
            play = ui.button(t("home.play"), on_click=lambda: ui.navigate.to(f"/new/{game.id}"))
            attrs(play.props("color=primary"), {"data-testid": f"play-{game.id}"})
            ui.button(t("home.rules"), on_click=lambda: ui.navigate.to(f"/rules/{game.id}")).props(
                "flat"
            )
