"""The table page: one game being played, seen from the visitor's seat."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from core.record import left_seats, standing, timed_out_seats
from core.table import Move, Table, TableError
from ui.boards import BOARDS, SpectatorMarkup
from ui.boards.base import SEEN_PLY, Board
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import frame, heading, translator, visitor_id
from ui.pages.chat import ChatPanel
from ui.pages.errors import refusal
from ui.pages.grace_notice import GraceNotice
from ui.pages.move_box import MoveBox
from ui.pages.not_found import missing
from ui.pages.seats import SeatStrip
from ui.pages.spectators import SpectatorFeed, turn_marks
from ui.pages.stage import TableStage, new_seq
from ui.pages.summary import end_headline, hand_summary, match_result, player_names
from ui.pages.table_controls import TableControls
from ui.pages.turns import NextGame
from ui.pages.waiting import waiting_room
from ui.seat_names import seat_name, seat_names
from ui.site import Site

TURN_CUE_JS = """<script>
window.csTurn = function (mine, label) {
  const icon = document.querySelector("link[rel~='icon']");
  if (window.csTitle === undefined) {
    window.csTitle = document.title;
    window.csIcon = icon ? icon.href : null;
    document.addEventListener('visibilitychange', () => window.csTurnShow());
  }
  window.csMine = mine;
  window.csLabel = label;
  window.csTurnShow();
};
window.csTurnShow = function () {
  const icon = document.querySelector("link[rel~='icon']");
  const cue = window.csMine && document.hidden;
  document.title = cue ? window.csLabel + ' · ' + window.csTitle : window.csTitle;
  if (icon && window.csIcon) icon.href = cue ? '/static/favicon-turn.svg' : window.csIcon;
};
</script>"""


def register(site: Site) -> None:
    @ui.page("/table/{table_id}")
    async def table_page(table_id: str, request: Request, invite: str = "") -> None:
        t = translator(request)
        with frame(t, t("table.title")):
            try:
                table = await site.table(table_id)
            except TableError as err:
                if err.code == "not_found":
                    missing(t, t("table.not_found"))
                    return
                ui.label(refusal(t, err)).classes("text-xl").props('data-testid="error"')
                ui.link(t("back_home"), "/")
                return
            except (StorageUnavailable, SQLAlchemyError):
                ui.label(t("error.storage_read")).classes("text-xl").props('role="alert"')
                return
            uid = visitor_id()
            invited = bool(invite) and invite == table.settings.invite
            if table.settings.private and not table.seats_held_by(uid) and not invited:
                ui.label(t("table.private")).classes("text-xl").props('data-testid="error"')
                ui.link(t("back_home"), "/")
                return
            base = str(request.base_url).rstrip("/")
            TableView(site, table, t, uid, invite=invite if invited else "", base_url=base)


class TableView(TableControls):
    """Keeps one client's board in step with a live table."""

    def __init__(
        self,
        site: Site,
        table: Table,
        t: Translator,
        uid: str,
        *,
        invite: str = "",
        base_url: str = "",
    ) -> None:
        self.site, self.table, self.t, self.uid = site, table, t, uid
        self.invite, self.base_url = invite, base_url
        self.info = site.info(table.id)
        self.client = ui.context.client
        self._identify()
        self.ply = table.ply
        self.seen_hands = len(table.view(None).get("history", []))
        self.result_shown = False
        self.was_my_turn = False
        self.notes_seen = len(table.record.get("resigned") or [])  # resignations, timeouts
        self.board: Board | None = None  # None while a spectator is shown the shared frame
        with ui.row().classes("w-full items-center gap-2"):
            heading(GAMES[table.game].title)
            self.watching = ui.badge(self.t("table.watching")).props(
                'color=grey-7 data-testid="watching"'
            )
            ui.space()
            NextGame(site, t, uid, table.id)  # shown while another game waits for this visitor
            ui.link(self.t("table.rules"), f"/rules/{table.game}", new_tab=True).classes("text-sm")
        self.headline_box = ui.column().classes("w-full")  # who won, once the game is over
        self.stage = TableStage(table.id)
        with self.stage:
            self.strip = SeatStrip(t, table, self.info, uid)
            self.grace = GraceNotice(site, t, table, self.info, uid)  # who left, real time
            self.waiting_box = ui.column().classes("w-full")
            self.board_box = ui.column().classes("w-full").props('data-testid="board"')
        self.leave_feed: Callable[[], None] | None = None  # while shown the spectators' feed
        self.move_box = MoveBox(t, table.game, self.submit)  # playing by typing the notation
        self.result_box = ui.column().classes("w-full")
        self.controls = ui.row().classes("w-full items-center gap-2")
        self.undo_box: ui.row | None = None  # in the controls while a seat here plays
        self.undo_ply: int | None = None  # the position the Undo button was built for
        self.dialog: ui.dialog | None = None  # the hand summary, once there is one
        self.chat = ChatPanel(site, t, table, uid) if self._has_chat() else None
        self._show_seats()
        if table.waiting:
            self._show_waiting()
        else:
            self._rebuild()
        self._show_controls()
        client = ui.context.client
        drops = [table.subscribe(self._on_move), self.info.listen(self._on_event)]
        self.sent_seq: int | None = self.stage.frame.get("seq")  # the frame the page carries
        client.on_connect(self._connected)
        client.on_disconnect(lambda: site.depart(table.id, uid, client.id))

        def gone() -> None:
            site.depart(table.id, uid, client.id)
            self._stop_feed()
            for drop in drops:
                drop()

        client.on_delete(gone)

    def _connected(self) -> None:
        """The page's socket is (again) connected: this visitor is here; a spectator shown
        the feed gets the current frame, which it may have missed while away (on the first
        connection, only when a move came after the page was sent: the page carries its
        frame, and sending it again would cost every arriving spectator a frame)."""
        self.site.arrive(self.table.id, self.uid, self.client.id)
        if self.leave_feed is not None and self.stage.frame.get("seq") != self.sent_seq:
            self.stage.resend()
        self.sent_seq = None  # from now on, a connection is a reconnection: always resend

    def _identify(self) -> None:
        """Which seats this visitor holds (they change as people join, leave or resign)."""
        held = self.table.seats_held_by(self.uid)
        self.held = held
        self.hotseat = len(held) > 1
        self.own_seat = held[0] if len(held) == 1 else None  # None: hot seat or watching
        self.revealed: int | None = self.own_seat
        self.names = seat_names(self.t, [seat.name for seat in self.table.seats])

    def _has_chat(self) -> bool:
        """A chat where more than one person may sit (not against bots or on one screen)."""
        people = {seat.holder for seat in self.table.seats if not seat.is_bot and seat.holder}
        empty = any(seat.is_empty for seat in self.table.seats)
        return self.table.settings.chat and (len(people) > 1 or empty)

    def _show_seats(self) -> None:
        self.watching.set_visibility(not self.held and not self.table.waiting)
        self.strip.update()
        self.grace.update()

    def _show_waiting(self) -> None:
        self.waiting_box.clear()
        with self.waiting_box:
            waiting_room(
                self.site,
                self.t,
                self.table,
                self.uid,
                self.invite,
                self.base_url,
                lambda text: ui.notify(text, type="negative"),
            )

    def _on_event(self, event: str) -> None:
        if event in ("cancelled", "unattended"):  # closed by its host, or for want of anyone
            self.board_box.clear()
            self.waiting_box.clear()
            self.controls.clear()
            self.controls_offer = None  # nothing is offered any more
            with self.waiting_box:
                ui.label(self.t(f"table.{event}")).classes("text-xl").props(
                    'data-testid="cancelled" role="alert"'
                )
                ui.link(self.t("back_home"), "/")
            return
        if event == "chat" and self.chat is not None:
            self.chat.show_lines()
            return
        if event == "rematch":
            self._show_controls()
            return
        if event == "ended":  # the last person resigned: the game ends where it stands
            self._show_controls()
            self._rebuild()
            return
        if event == "seats":
            self._tell_timeouts()
            self._identify()
            if self.chat is not None:
                self.chat.show_form()
            if self.table.waiting:
                self._show_waiting()
            else:  # the game started, or someone resigned: the board is drawn for the new seats
                self.waiting_box.clear()
                self.ply = self.table.ply
                self._rebuild()
            self._show_controls()
        self._show_seats()

    def _tell_timeouts(self) -> None:
        """Say whose time ran out, or who left and was given to a bot, since this page last
        looked (a bot now plays for them)."""
        notes = self.table.record.get("resigned") or []
        for note in notes[self.notes_seen :]:
            note = note if isinstance(note, dict) else {}
            why = "timed_out" if note.get("timed_out") else "left" if note.get("left") else ""
            if why:
                text = (
                    self.t(f"table.you_{why}")
                    if note.get("seat") in self.held
                    else self.t(f"table.{why}", name=seat_name(self.t, str(note.get("by", ""))))
                )
                with self.controls:  # heard outside any page slot: say it in the page's
                    ui.notify(text, type="warning", timeout=10_000)
        self.notes_seen = len(notes)

    def _viewing(self) -> int | None:
        """Whose view this client shows. In hot seat: the seat to move when seats keep
        no secrets from each other; otherwise only a revealed seat of this screen that is
        to move (never one held elsewhere, whatever ``revealed`` says)."""
        if not self.hotseat:
            return self.revealed
        held = self._held_movers()
        if not BOARDS[self.table.game].private:
            return held[0] if held else None
        return self.revealed if self.revealed in held else None

    def _redraw_for_viewer(self) -> bool:
        """Whether a hot-seat board must be drawn anew for the seat now shown: always where
        seats keep no secrets; where they do, only when no seat here is to move (the board
        is shown uncovered, as a watcher's); a hand-over keeps the board behind its cover."""
        return not BOARDS[self.table.game].private or not self._held_movers()

    def _held_movers(self) -> list[int]:
        """The seats to move that this visitor holds, in seat order."""
        movers = self.table.state.to_move()
        return [seat for seat in self.table.seats_held_by(self.uid) if seat in movers]

    def _follow_movers(self, jumped: bool = False) -> None:
        """Cover a revealed hot seat again once it is no longer to move, so that the next
        time it is (a new sealed bid, its next turn) the hand is handed over anew. After
        moves this page did not see one by one (``jumped``), any move by another seat
        covers it too: it may have stopped moving and started again meanwhile."""
        if not self.hotseat or self.revealed is None:
            return
        others = jumped and any(
            mover != self.revealed for mover, _ in self.table.record["actions"][self.ply :]
        )
        if others or self.revealed not in self._held_movers():
            self.revealed = None

    def _rebuild(self) -> None:
        """Draw the board from scratch: page load, re-sync, or a hot-seat hand-over."""
        self._follow_movers()
        self.board_box.clear()
        spec = BOARDS[self.table.game]
        if spec.spectator is not None and not self.held and not self.table.ended:
            self._start_feed(spec.spectator)
            return
        self._stop_feed()
        self.shown = self._viewing()
        self.covered = True  # not known for a new board: the first _cover() says
        with self.board_box:
            self.board = spec.board(
                self.t,
                names=self.names,
                seat=self._viewing(),
                on_action=self.submit,
                thinking=True,
            )
        self._refresh()

    def _start_feed(self, draw: SpectatorMarkup) -> None:
        """Show this spectator the board the table's :class:`SpectatorFeed` draws once for
        all its spectators, instead of a board of elements of its own."""
        self.board = None
        self.covered = False
        self.movers = set(self.table.state.to_move())
        self.move_box.show([], held=(), seat=None, to_move=self.movers, over=False)  # none
        if self.leave_feed is None:
            if self.info.feed is None:
                self.info.feed = SpectatorFeed(self.table, draw)
            self.leave_feed = self.info.feed.join(self.stage, self.t.lang, self.client.id)
            del self.board_box.props["data-testid"]  # the stage's board carries it
            self.board_box.set_visibility(False)
        self.seen_hands = len(self.table.view(None).get("history", []))  # shown in the board

    def _stop_feed(self) -> None:
        if self.leave_feed is not None:
            self.leave_feed()
            self.leave_feed = None
            self.board_box.props["data-testid"] = "board"
            self.board_box.set_visibility(True)

    def _refresh(self) -> None:
        self._follow_movers()
        self.stage.show({"seq": new_seq(), **turn_marks(self.table)})
        self.movers = set(self.table.state.to_move())  # of the position shown
        seat = self._viewing()
        view = self.table.view(seat)
        legal = self.table.legal_actions(seat) if seat is not None else []
        if self.board is not None:
            self.board.show(view, legal)
        over = self.table.ended
        self.move_box.show(legal, held=self.held, seat=seat, to_move=self.movers, over=over)
        # One change for the two (parsing a props string costs more than the rest here).
        self.board_box.props.update({"data-ply": str(self.table.ply), "data-phase": view["phase"]})
        self._cover()
        self._summaries(view)
        self._turn_cue()
        self._show_undo()

    def _turn_cue(self) -> None:
        """Tell a tab in the background, by its title and icon, that it is this player's turn."""
        over = self.table.ended
        mine = not over and any(seat in self.movers for seat in self.held)
        if mine != self.was_my_turn:
            self.was_my_turn = mine
            label = json.dumps(self.t("table.your_turn_title"))
            self.client.run_javascript(
                f"window.csTurn && window.csTurn({str(mine).lower()}, {label})"
            )

    def _cover(self) -> None:
        if not self.hotseat or self.table.ended or not BOARDS[self.table.game].private:
            self._uncover()
            return
        held = self._held_movers()  # a seat held elsewhere, or a bot's, is never offered
        if self._viewing() is not None or not held:
            self._uncover()
            return
        if self.board is None:
            return
        self.covered = True
        name, seat = self.names[held[0]], held[0]
        self.board.set_cover(
            self.t("table.pass_device", name=name),
            self.t("table.show_hand", name=name),
            lambda: self._reveal(seat),
        )

    def _uncover(self) -> None:
        """Take the hand-over screen away, touching the board only if it was there."""
        if self.covered and self.board is not None:
            self.board.set_cover(None)
            self.covered = False

    def _reveal(self, seat: int) -> None:
        """Show ``seat``'s hand: only a seat of this screen that is to move now."""
        if not self.hotseat or seat not in self._held_movers():
            return
        self.revealed = seat
        self._rebuild()

    def _on_move(self, table: Table, move: Move) -> None:
        self._show_seats()
        if self.leave_feed is not None:  # the feed shows the move; a result is drawn here
            if table.state.is_over():
                self._show_controls()
                self._rebuild()
            return
        if move.undone:  # a step taken back: draw the position again
            self.ply = table.ply
            self._rebuild()
            return
        if table.state.is_over():
            self._show_controls()
        jumped = move.ply != self.ply + 1
        self._follow_movers(jumped)
        if self.hotseat and self._viewing() != self.shown and self._redraw_for_viewer():
            self.ply = table.ply  # the board now plays for another seat of this screen, or none
            self._rebuild()
            return
        if jumped:
            self.ply = table.ply
            self._rebuild()
            return
        self.ply = move.ply
        self._refresh()

    async def submit(self, action: str, refused: Callable[[str], None] | None = None) -> bool:
        """Play ``action`` for the seat shown (a click on the board, or the move box);
        a refusal goes to ``refused`` when given, else to a notification."""
        seat = self._viewing()
        if seat is None:
            return False
        try:
            # A choice stands when only other seats of a simultaneous step (sealed bids)
            # moved since this position: the table judges that (Table.submit).
            # The position the browser showed when it sent the action, if it said.
            seen = SEEN_PLY.get()
            expected = self.ply if seen is None else seen
            await self.table.submit(seat, action, by=self.uid, expected_ply=expected)
            return True
        except TableError as err:
            reason = refusal(self.t, err, self.table.game)
            if refused is None:
                ui.notify(reason, type="negative")
            else:
                refused(reason)
            if err.code in ("stale", "game_over"):
                self.ply = self.table.ply
                self._rebuild()
            return False

    def _summaries(self, view: dict[str, Any]) -> None:
        history = view.get("history", [])
        if self.table.ended:
            if view["phase"] != "over" and self.board is not None:  # the last person resigned
                self.board.turn.set_text(self.t("table.ended_resigned"))
            self._show_result(view)
            return
        if len(history) > self.seen_hands:
            self.seen_hands = len(history)
            if self.dialog is None:
                with self.result_box:  # a dialog shows above the page wherever it sits
                    self.dialog = ui.dialog().props('data-testid="summary-dialog"')
            self.dialog.clear()
            with self.dialog, ui.card().classes("min-w-[320px]"):
                hand_summary(self.t, history[-1], self.names)
                ui.button(self.t("table.continue"), on_click=self.dialog.close).props(
                    'color=primary data-testid="summary-close"'
                )
            self.dialog.open()

    def _show_result(self, view: dict[str, Any]) -> None:
        """Who won and the final scores at the top of the page, and the result under the
        board: the players' result as stored (one who resigned is last, under their own
        name, whatever the bot that took their seat did). A game that ended when its last
        person resigned shows the standing at that moment, without the game's breakdown."""
        if self.result_shown:
            return
        self.result_shown = True
        if self.dialog is not None:
            self.dialog.close()
        record = self.table.record
        resigned = self.table.resigned
        result = record.get("result") or view["result"]  # stored ones may predate standing
        result = {**result, "ranking": standing(result["ranking"], resigned)}
        names = player_names(record, seat_names(self.t, [seat.name for seat in self.table.seats]))
        me = self._my_seat()
        over = view["phase"] == "over"
        with self.headline_box:
            notes = record.get("resigned")
            end_headline(
                self.t, result, names, me, resigned, timed_out_seats(notes), left_seats(notes)
            )
        with self.result_box:
            match_result(
                self.t,
                {**view, "result": result, "game": self.table.game},
                names,
                self.table.id,
                me,
                details=self.board.result_details if over and self.board is not None else None,
                resigned=resigned,
            )

    def _my_seat(self) -> int | None:
        """The one seat this visitor played, resigned or not (None in hot seat or watching)."""
        if self.own_seat is not None or self.hotseat:
            return self.own_seat
        mine = [
            n for n, seat in enumerate(self.site.players_of(self.table)) if seat.holder == self.uid
        ]
        return mine[0] if len(mine) == 1 else None
