"""The rules help of each game, in the visitor's language."""

from __future__ import annotations

from pathlib import Path

from fastapi import Request
from nicegui import ui

from core.games import GAMES
from ui.layout import frame, translator

HELP_DIR = Path(__file__).resolve().parent.parent / "help"


def register() -> None:
    @ui.page("/rules")
    def index(request: Request) -> None:
        t = translator(request)
        with frame(t, t("rules.title")):
            ui.label(t("rules.index")).classes("text-2xl font-bold")
            with ui.column().classes("gap-2").props('data-testid="rules-index"'):
                for game, rules in GAMES.items():
                    if (HELP_DIR / f"{game}.{t.lang}.md").exists():
                        ui.link(rules.title, f"/rules/{game}").classes("text-lg")

    @ui.page("/rules/{game}")
    def rules(game: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("rules.title")):
            source = HELP_DIR / f"{game}.{t.lang}.md"
            if game not in GAMES or not source.exists():
                ui.label(t("rules.missing")).props('data-testid="error"')
                return
            ui.markdown(source.read_text(encoding="utf-8")).classes("cs-rules max-w-3xl")
