"""What every game's board shares: the constructor, ``show``, the guarded send, the
hand-over cover, the turn test and the result details. The seats' names and thinking marks
are markup (``ui/boards/frames.py``), in each board's side card.

A board draws one seat's view (``seat`` None: a spectator's) and offers the legal actions
it is given; it never decides a rule. It is "this board's turn" (:meth:`Board.my_turn`)
when the seat shown is to move in that view and the page may act for it (it gave an
``on_action``); every action a board plays goes through :meth:`Board.send`, which is the
one place that refuses an action while another is on its way, out of turn, or not among
the legal actions (a forged click, a stale button).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from inspect import isawaitable
from typing import Any, TypeVar

from nicegui import ui

from ui.i18n import Translator

Submit = Callable[[str], Awaitable[bool]]
"""The page's way to play an action for the seat shown: True once the table took it."""

SEEN_JS = "Number(document.querySelector('[data-testid=board]')?.dataset.ply ?? NaN)"
"""In the browser: the ply of the position the page shows (NaN, sent as null, if none)."""

CLICK_JS = (
    "(e) => { const el = e.target.closest('[data-click]');"
    f" if (el) emit(el.dataset.click, {SEEN_JS}); }}"
)
"""A picture's single click handler: it emits the ``data-click`` token of the target hit
and the ply the page showed."""

PRESS_JS = f"() => emit({SEEN_JS})"
"""A button's click handler: it emits the ply the page showed."""

SEEN_PLY: ContextVar[int | None] = ContextVar("seen_ply", default=None)
"""The ply of the position the browser showed when it sent the click (or Enter) being
handled: the page plays the action only if the game is still there, so a second click of a
double click, or a click from a tab that had not yet drawn the new position, is refused
instead of being played in a position its player never saw."""

E = TypeVar("E", bound=ui.element)


def seen_ply(value: Any) -> int | None:
    """A ply the browser sent, if it is one (anything else: None, the page's own ply)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def on_press(element: E, press: Callable[[], Any]) -> E:
    """Run ``press`` on a click of ``element``, with :data:`SEEN_PLY` set to the ply the
    browser showed (it is set in the click's own task, so no other click sees it)."""

    async def pressed(event: Any) -> None:
        SEEN_PLY.set(seen_ply(event.args))
        result = press()
        if isawaitable(result):
            await result

    return element.on("click", pressed, js_handler=PRESS_JS)


class Board:
    """One client's board of one game. Subclasses build their elements in :meth:`_build`
    (the outermost one is ``root``) and bring them to ``view`` and ``legal`` in :meth:`_draw`."""

    root: ui.element
    turn: ui.label  # what the seat shown is to do, or whose turn it is

    def __init__(
        self,
        t: Translator,
        *,
        names: list[str],
        seat: int | None,
        on_action: Submit | None,
        thinking: bool = False,
    ) -> None:
        self.t, self.names, self.seat, self.on_action = t, names, seat, on_action
        self.marks = thinking  # the seats' thinking marks are shown (``ui/boards/thinking.py``)
        self.view: dict[str, Any] = {}
        self.legal: list[str] = []
        self.busy = False  # an action sent and not yet answered
        self.cover: ui.column | None = None  # the hand-over screen, where seats keep secrets
        self._build()

    # ------------------------------------------------------------ to subclass

    def _build(self) -> None:
        """Make the board's elements (with the seats' thinking marks if ``marks``)."""
        raise NotImplementedError

    def _draw(self) -> None:
        """Bring every element to ``view`` and ``legal``."""
        raise NotImplementedError

    def _keep(self, view: dict[str, Any], legal: list[str]) -> None:
        """Drop the choices under way (a selected card, a lot being built) that the
        position now shown no longer allows; ``view`` and ``legal`` are the ones before."""

    def _redraw(self) -> None:
        """Draw what changes when an action is sent and when it is answered."""
        self._draw()

    def _sent(self, action: str) -> None:
        """The table took ``action``: forget the choices that led to it."""

    def _answered(self, sent: bool) -> None:
        """An action this board tried to send was answered (taken, or refused here or by
        the table)."""

    async def _click(self, kind: str, value: str) -> None:
        """A click on a picture's target, whose token is ``kind:value``: ``act:<action>``
        sends the action; boards with selections add their own kinds."""
        if kind == "act":
            await self.send(value)

    def action_text(self, action: str) -> str:
        """A move in words, for the replay's move list."""
        return action

    def result_details(self, view: dict[str, Any]) -> None:
        """The game's own breakdown under the final scores (nothing by default)."""

    # ------------------------------------------------------------ shared

    def show(self, view: dict[str, Any], legal: list[str]) -> None:
        """Bring the board to this view and these legal actions."""
        before = self.view, self.legal
        self.view, self.legal = view, legal
        self._keep(*before)
        self._draw()

    def my_turn(self) -> bool:
        """Whether the seat shown is to move and this page may act for it."""
        return (
            self.on_action is not None
            and self.seat is not None
            and self.seat in self.view.get("to_move", ())
            and bool(self.legal)
        )

    def active(self) -> bool:
        """Whether a click may do something now: this board's turn, nothing on its way."""
        return self.my_turn() and not self.busy

    async def send(self, action: str) -> bool:
        """Play ``action`` through the page, only on this board's turn, one action at a
        time, and only one of the legal actions; True when the table took it."""
        if self.busy or self.on_action is None:
            return False
        sent = False
        if self.my_turn() and action in self.legal:
            self.busy = True
            self._redraw()
            try:
                sent = await self.on_action(action)
                if sent:
                    self._sent(action)
            finally:
                self.busy = False
                if not self.root.is_deleted:  # else the page rebuilt the board meanwhile
                    self._redraw()
        if not self.root.is_deleted:
            self._answered(sent)
        return sent

    def _clickable(self, picture: ui.element) -> None:
        """Send the clicks on ``picture``'s targets (``data-click``) to :meth:`_click`."""
        picture.on("click", self._clicked, js_handler=CLICK_JS)

    async def _clicked(self, event: Any) -> None:
        args = event.args if isinstance(event.args, list) else [event.args]
        token = args[0] if args and isinstance(args[0], str) else None
        SEEN_PLY.set(seen_ply(args[1]) if len(args) > 1 else None)
        if token is not None and self.active():
            kind, _, value = token.partition(":")
            await self._click(kind, value)

    def _button(self, label: str, press: Callable[[], Any]) -> ui.button:
        """A button that plays (``press`` sends an action): see :func:`on_press`."""
        return on_press(ui.button(label), press)

    # ------------------------------------------------------------ cover

    def _cover_box(self) -> ui.column:
        """The hand-over screen, hidden until :meth:`set_cover` shows it."""
        self.cover = ui.column().classes("w-full items-center gap-2 p-6")
        self.cover.props('data-testid="cover"')
        self.cover.visible = False
        return self.cover

    def _hide_secrets(self, hidden: bool) -> None:
        """Hide (or show again) what the cover keeps from the next player."""

    def set_cover(
        self, text: str | None, button: str = "", on_reveal: Callable[[], Any] | None = None
    ) -> None:
        """Hot seat: hide what the seat keeps secret behind a 'pass the device' screen
        (``text`` None takes it away). A board whose seats keep no secrets has no cover."""
        if self.cover is None:
            return
        self.cover.clear()
        self.cover.visible = text is not None
        self._hide_secrets(text is not None)
        if text is None:
            return
        with self.cover:
            ui.icon("sync_alt").classes("text-4xl")
            ui.label(text).classes("text-xl font-semibold").props('data-testid="cover-text"')
            ui.button(button, on_click=on_reveal).props(
                'color=primary data-testid="cover-show"'
            ).mark("cover-show")
