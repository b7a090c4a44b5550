"""The strip of seats above a table: who sits where, who is here, whose turn it is, and at
a timed table how much time each player has left."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from nicegui import ui

from core.table import BOT, INVITED, SeatInfo, Table
from ui.attrs import attrs
from ui.i18n import Translator
from ui.live import LiveInfo
from ui.seat_names import seat_name

# The clocks tick in the browser, from the seconds left that the server sent with the last
# change (a move, a seat change, a reload): no second is pushed from the server, and the
# server alone judges when a time is up. Shown as m:ss, h:mm:ss, or days and hours:minutes
# (the day's letter from the page's language, in data-day). No visitor text is read here.
CLOCK_JS = """<script>
(function () {
  if (window.csClocks) return;
  window.csClocks = true;
  const two = (n) => String(n).padStart(2, '0');
  function text(left, day) {
    const s = Math.ceil(left), d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600);
    const m = Math.floor(s % 3600 / 60), sec = s % 60;
    if (d) return d + '\u202f' + day + ' ' + two(h) + ':' + two(m);
    return h ? h + ':' + two(m) + ':' + two(sec) : m + ':' + two(sec);
  }
  setInterval(function () {
    document.querySelectorAll('.cs-clock[data-left]').forEach(function (el) {
      const mark = el.dataset.left + '/' + el.dataset.running + '/' + el.dataset.sent;
      if (el.csMark !== mark) { el.csMark = mark; el.csSince = performance.now(); }
      const running = el.dataset.running === 'true';
      const spent = running ? (performance.now() - el.csSince) / 1000 : 0;
      const left = Math.max(0, parseFloat(el.dataset.left) - spent);
      const shown = text(left, el.dataset.day || 'd');
      if (el.textContent !== shown) el.textContent = shown;
      el.classList.toggle('cs-clock-low', running && left < 10);
    });
  }, 250);
})();
</script>"""


@dataclass
class _Chip:
    box: ui.element
    inner: ui.html  # the icon or dot, the name and the notes: one element of markup
    draw: Callable[[bool], str] | None  # the inner markup, present or not (a person's seat)
    shown: bool | None = None  # present, as last set
    clock: ui.label | None = None  # a timed table's: this seat's time left


class SeatStrip:
    """One chip per seat: its name (or that it is open or kept for the invited), a bot's
    mark, a dot when its player is connected, and a ring around the seats to move.

    The ring follows the ``data-movers`` attribute of the table's stage
    (``ui/pages/stage.py``; ``SEAT_TURN_CSS`` in ``ui/theme.py``), so a move changes
    nothing here.
    :meth:`update` patches presence in place; the chips are drawn afresh only when
    someone takes, leaves or gives up a seat.
    """

    def __init__(self, t: Translator, table: Table, info: LiveInfo, uid: str) -> None:
        self.t, self.table, self.info, self.uid = t, table, info, uid
        self.row = ui.row().classes("w-full gap-2 items-center").props('data-testid="seats"')
        self.drawn: list[SeatInfo] = []
        self.chips: list[_Chip] = []
        self.sent = 0  # clock updates sent: a new one restarts the browser's count
        if table.tempo.timed:
            ui.add_head_html(CLOCK_JS)
        self.update()

    def update(self) -> None:
        if self.drawn != self.table.seats:
            self._draw()
        for seat, chip in zip(self.table.seats, self.chips, strict=True):
            present = bool(seat.holder) and self.info.is_present(seat.holder)
            self._patch(chip, present)
        self._clocks()

    def _clocks(self) -> None:
        """Each player's time left as of now, ticking on in the browser while it runs."""
        left = self.table.time_left()
        if left is None:
            return
        clock = self.table.clock
        running = clock.running if clock is not None and not self.table.ended else ()
        self.sent += 1
        for number, chip in enumerate(self.chips):
            if chip.clock is None:
                continue
            chip.clock.set_text(clock_text(left[number], self.t("clock.day")))
            props = chip.clock.props
            props["data-left"] = f"{left[number]:.2f}"
            props["data-running"] = "true" if number in running else "false"
            props["data-sent"] = str(self.sent)
            props["aria-label"] = self.t("clock.left", time=clock_text(left[number], ""))

    def _patch(self, chip: _Chip, present: bool) -> None:
        """Set the presence when it changed, and only then: the looks follow the data
        attribute (the ``cs-seat`` rules in ``ui/theme.py``)."""
        if present == chip.shown:
            return
        chip.shown = present
        chip.box.props["data-present"] = str(present).lower()
        if chip.draw is not None:  # the dot says it to a screen reader
            chip.inner.set_content(chip.draw(present))

    def _draw(self) -> None:
        self.drawn = list(self.table.seats)
        self.row.clear()
        self.chips = []
        with self.row:
            for number, seat in enumerate(self.table.seats):
                self.chips.append(self._chip(number, seat))

    def _chip(self, number: int, seat: SeatInfo) -> _Chip:
        """A seat's chip: a box carrying the seat's data attributes (the turn ring and the
        presence dot are styled from them), one element of markup inside it (every name
        escaped), and at a timed table the seat's clock."""
        t = self.t
        box = ui.element("div").classes(
            "cs-seat row no-wrap items-center gap-1 px-3 py-1 rounded-full text-sm"
        )
        box.classes("cs-seat-empty" if seat.is_empty else "")
        attrs(
            box, {"data-testid": f"seat-{number}", "data-seat": str(number), "data-kind": seat.kind}
        )
        with box:
            if seat.is_empty:
                invited = seat.kind == INVITED
                icon = _icon("mail" if invited else "event_seat")
                said = escape(t("seats.invited" if invited else "seats.open", n=number + 1))
                inner = ui.html(f"{icon}<span>{said}</span>", sanitize=False, tag="span")
                return _Chip(box, _inner(inner), None)
            shown = escape(seat_name(t, seat.name))
            rest = (
                f'<span class="font-semibold ellipsis cs-seat-name" title="{shown}">{shown}</span>'
            )
            if seat.holder == self.uid:
                rest += f'<span class="text-xs opacity-70">{escape(t("seats.you"))}</span>'
            rest += (
                f'<span class="text-xs font-semibold cs-turn">{escape(t("seats.to_move"))}</span>'
            )
            draw: Callable[[bool], str] | None = None
            if seat.kind == BOT:
                content = _icon("smart_toy", t("seats.bot")) + rest
            else:
                here, away = escape(t("seats.here")), escape(t("seats.away"))

                def draw(present: bool) -> str:
                    said = here if present else away
                    return f'<span class="cs-dot" role="img" aria-label="{said}"></span>{rest}'

                content = draw(False)
            inner = _inner(ui.html(content, sanitize=False, tag="span"))
            clock = None
            if self.table.tempo.timed and seat.kind != BOT:
                clock = ui.label().classes("cs-clock text-xs font-mono")
                attrs(clock, {"data-testid": f"clock-{number}", "data-day": t("clock.day")})
        return _Chip(box, inner, draw, clock=clock)


def _inner(html: ui.html) -> ui.html:
    return html.classes("row no-wrap items-center gap-1 cs-seat-inner")


def _icon(name: str, said: str = "") -> str:
    """A Material icon as Quasar draws one (``name`` is the site's own, never a visitor's)."""
    label = f' role="img" aria-label="{escape(said)}"' if said else ' aria-hidden="true"'
    return f'<i class="q-icon notranslate material-icons text-base"{label}>{name}</i>'


def clock_text(left: float, day: str) -> str:
    """What a clock shows (the browser's script writes the same): ``4:05``, ``1:02:03``,
    ``2 d 05:00``.

    >>> [clock_text(x, "d") for x in (0, 9.2, 245, 3723, 2 * 86400 + 5 * 3600)]
    ['0:00', '0:10', '4:05', '1:02:03', '2\u202fd 05:00']
    """
    s = max(0, int(-(-left // 1)))
    days, hours, minutes, seconds = s // 86400, s % 86400 // 3600, s % 3600 // 60, s % 60
    if days:
        return f"{days}\u202f{day} {hours:02}:{minutes:02}".strip()
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
