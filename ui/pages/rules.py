"""The rules help of each game, in the visitor's language, with pictures of key situations.

The help is ``ui/help/<game>.<lang>.md``; each marker line ``[[situation:<id>]]`` in it is
replaced by that position drawn by the game's own board, read-only (``ui/help/situations.py``).
"""

from __future__ import annotations

import logging
from pathlib import Path

from fastapi import Request
from nicegui import ui

from core.games import GAMES
from ui.attrs import attrs
from ui.boards import BOARDS
from ui.help.situations import SITUATIONS, Situation, split
from ui.i18n import Translator
from ui.layout import frame, heading, translator
from ui.pages.not_found import missing

HELP_DIR = Path(__file__).resolve().parent.parent / "help"
MARKDOWN_EXTRAS = ["fenced-code-blocks", "tables", "header-ids"]  # "#notation" links
log = logging.getLogger(__name__)
# A picture is the real board, shrunk: its own layout at a smaller scale, framed with its caption.
RULES_CSS = """
.cs-situation{margin:.75rem 0 1.25rem;padding:.75rem;border:1px solid var(--cs-line);
border-radius:10px;background:var(--cs-surface)}
.cs-situation-board{zoom:.72;pointer-events:none;user-select:none}
.cs-situation-caption{margin-top:.5rem;font-size:.92rem;line-height:1.35rem;color:var(--cs-ink-soft)}
@media (max-width:600px){.cs-situation{padding:.5rem}.cs-situation-board{zoom:.6}}
.cs-rules-index{grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}
.cs-rules-entry{display:flex;align-items:center;gap:.75rem;padding:.5rem;color:var(--cs-ink);
border:1px solid var(--cs-line);border-radius:10px;background:var(--cs-surface)}
.cs-rules-entry:hover{border-color:var(--cs-accent)}
.cs-rules-thumb{width:96px;height:64px;flex:none;border-radius:6px}
.cs-soft{color:var(--cs-ink-soft)}
"""


def register() -> None:
    @ui.page("/rules")
    def index(request: Request) -> None:
        t = translator(request)
        with frame(t, t("rules.title")):
            ui.add_css(RULES_CSS)
            heading(t("rules.index"))
            entries = ui.element("div").classes("w-full grid gap-3 cs-rules-index")
            with entries.props('data-testid="rules-index"'):
                for game, rules in GAMES.items():
                    if (HELP_DIR / f"{game}.{t.lang}.md").exists():
                        _entry(t, game, rules.title)

    @ui.page("/rules/{game}")
    def rules(game: str, request: Request) -> None:
        t = translator(request)
        source = HELP_DIR / f"{game}.{t.lang}.md"
        known = game in GAMES and source.exists()
        with frame(t, f"{GAMES[game].title} · {t('rules.title')}" if known else t("rules.title")):
            if not known:
                missing(t, t("rules.missing"))
                return
            ui.add_css(RULES_CSS)
            with ui.column().classes("w-full max-w-3xl gap-0 cs-rules"):
                for kind, value in split(source.read_text(encoding="utf-8")):
                    if kind == "text":
                        ui.markdown(value, extras=MARKDOWN_EXTRAS).classes("w-full")
                    elif value in SITUATIONS and SITUATIONS[value].game == game:
                        picture(t, SITUATIONS[value])
                    else:
                        log.warning("%s: no situation %r for this game", source.name, value)


def _entry(t: Translator, game: str, title: str) -> None:
    """One game of the index: its picture (as on the home page), name and pitch, as a link."""
    with ui.link(target=f"/rules/{game}").classes("cs-rules-entry no-underline"):
        ui.image(f"/static/games/{game}.svg").classes("cs-rules-thumb").props(
            'alt="" aria-hidden="true"'  # the link's text names it; Quasar gives it role="img"
        )
        with ui.column().classes("gap-0 min-w-0"):
            ui.label(title).classes("text-lg font-semibold")
            ui.label(t(f"game.{game}.pitch")).classes("text-sm cs-soft")


def picture(t: Translator, situation: Situation) -> None:
    """The situation drawn by its game's board, inert, above its caption."""
    state = situation.position()
    names = [t("new.seat_default", n=seat + 1) for seat in range(situation.players)]
    figure = ui.element("figure").classes("cs-situation w-full")
    attrs(figure, {"data-testid": f"situation-{situation.id}"})
    with figure.mark(f"situation-{situation.id}"):
        # Inert: the board keeps its looks but takes no click, focus or key.
        with ui.element("div").classes("cs-situation-board").props("inert"):
            board = BOARDS[situation.game].board(
                t, names=names, seat=situation.seat, on_action=None
            )
            board.show(state.view(situation.seat), [])
        with ui.element("figcaption").classes("cs-situation-caption"):
            ui.label(t(situation.caption_key))
