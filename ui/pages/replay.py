"""Step through a stored match move by move: forward, back, or jump to any move."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from core.record import RecordError, replay
from storage import repo
from ui.boards import BOARDS
from ui.i18n import Translator
from ui.layout import frame, translator, visitor_id
from ui.site import Site


def register(site: Site) -> None:
    @ui.page("/replay/{match_id}")
    def replay_page(match_id: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("replay.title")):
            try:
                record = repo.load_record(site.db, match_id=match_id)
                seats = repo.load_seats(site.db, match_id=match_id) if record else []
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).classes("text-negative").props('role="alert"')
                return
            if record is None or record["game"] not in BOARDS:
                ui.label(t("replay.not_found")).props('data-testid="error"')
                return
            if record.get("result") is None:
                ui.label(t("replay.unfinished")).props('data-testid="error"')
                ui.link(t("history.continue"), f"/table/{match_id}")
                return
            held = [i for i, s in enumerate(seats) if s.holder == visitor_id()]
            Replayer(t, record, held[0] if len(held) == 1 else 0)


class Replayer:
    """A read-only board over the positions of a finished record."""

    def __init__(self, t: Translator, record: dict[str, Any], seat: int) -> None:
        self.t, self.record, self.seat = t, record, seat
        self.actions = record["actions"]
        self.names = list(record["seats"])
        self.ply = len(self.actions)
        ui.label(t("replay.heading", game=GAMES[record["game"]].title)).classes(
            "text-2xl font-bold"
        )
        with ui.row().classes("items-center gap-2 wrap"):
            ui.button(icon="first_page", on_click=lambda: self.go(0)).props(
                f'flat data-testid="replay-first" aria-label="{t("replay.first")}"'
            )
            ui.button(icon="chevron_left", on_click=lambda: self.go(self.ply - 1)).props(
                f'flat data-testid="replay-back" aria-label="{t("replay.back")}"'
            )
            self.position = ui.label().classes("text-base min-w-[160px] text-center")
            self.position.props('data-testid="replay-ply" aria-live="polite"')
            ui.button(icon="chevron_right", on_click=lambda: self.go(self.ply + 1)).props(
                f'flat data-testid="replay-forward" aria-label="{t("replay.forward")}"'
            )
            ui.button(icon="last_page", on_click=lambda: self.go(len(self.actions))).props(
                f'flat data-testid="replay-last" aria-label="{t("replay.last")}"'
            )
            ui.space()
            ui.toggle(
                {i: n for i, n in enumerate(self.names)},
                value=seat,
                on_change=lambda e: self.set_seat(e.value),
            ).props('data-testid="replay-seat"')
        self.slider = ui.slider(
            min=0, max=len(self.actions), value=self.ply, on_change=lambda e: self.go(e.value)
        )
        self.slider.props(f'label data-testid="replay-slider" aria-label="{t("replay.jump")}"')
        self.move_text = ui.label().classes("text-sm").props('data-testid="replay-move"')
        self.box = ui.column().classes("w-full")
        self._build_board()

    def _build_board(self) -> None:
        self.box.clear()
        with self.box:
            self.board = BOARDS[self.record["game"]].board(
                self.t, names=self.names, seat=self.seat, on_action=None
            )
        self.go(self.ply)

    def set_seat(self, seat: int) -> None:
        self.seat = seat
        self._build_board()

    def go(self, ply: Any) -> None:
        try:
            target = max(0, min(len(self.actions), int(ply)))
        except (TypeError, ValueError):
            return
        try:
            state = replay(self.record, upto=target)
        except RecordError as err:
            ui.notify(str(err), type="negative")
            return
        self.ply = target
        self.position.set_text(self.t("replay.position", ply=target, total=len(self.actions)))
        if self.slider.value != target:
            self.slider.set_value(target)
        if target:
            seat, action = self.actions[target - 1]
            words = self.board.action_text(action)
            self.move_text.set_text(self.t("replay.move", name=self.names[seat], action=words))
        else:
            self.move_text.set_text(self.t("replay.start"))
        self.board.show(state.view(self.seat), [])
