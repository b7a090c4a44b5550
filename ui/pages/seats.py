"""The strip of seats above a table: who sits where, who is here, whose turn it is, and at
a timed table how much time each player has left."""

from __future__ import annotations

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


class SeatStrip:
    """One chip per seat: its name (or that it is open or kept for the invited), a bot's
    mark, a dot when its player is connected, and a ring around the seats to move.

    The whole strip is one element of markup (every name escaped), drawn again when what
    it shows changes: someone takes, leaves or gives up a seat, comes or goes, or a timed
    table's clocks are set anew. A page keeps one element for it, not a box and a label
    per seat (``bench/README.md``, what a table page keeps).

    The ring follows the ``data-movers`` attribute of the table's stage
    (``ui/pages/stage.py``; ``SEAT_TURN_CSS`` in ``ui/theme.py``), so a move changes
    nothing here.
    """

    def __init__(self, t: Translator, table: Table, info: LiveInfo, uid: str) -> None:
        self.t, self.table, self.info, self.uid = t, table, info, uid
        self.row = ui.html("", sanitize=False, tag="div").classes(
            "nicegui-row wrap w-full gap-2 items-center"
        )
        attrs(self.row, {"data-testid": "seats"})
        self.drawn = ""  # the markup last sent, before its clocks' data-sent was filled in
        self.sent = 0  # clock updates sent: a new one restarts the browser's count
        if table.tempo.timed:
            ui.add_head_html(CLOCK_JS)
        self.update()

    def update(self) -> None:
        """Draw the strip as the table stands (the browser is sent it only if it changed)."""
        left = self.table.time_left()
        clock = self.table.clock
        running = clock.running if clock is not None and not self.table.ended else ()
        chips = []
        for number, seat in enumerate(self.table.seats):
            present = bool(seat.holder) and self.info.is_present(seat.holder)
            time_left = None if left is None or seat.kind == BOT else left[number]
            chips.append(self._chip(number, seat, present, time_left, number in running))
        markup = "".join(chips)
        if markup != self.drawn:
            self.drawn = markup
            if left is not None:
                self.sent += 1  # a new count for the browser's clocks
                markup = markup.replace('data-sent=""', f'data-sent="{self.sent}"')
            self.row.set_content(markup)

    def _chip(
        self, number: int, seat: SeatInfo, present: bool, left: float | None, running: bool
    ) -> str:
        """A seat's chip: a box carrying the seat's data attributes (the turn ring and the
        presence dot are styled from them), the icon or dot, the name and the notes, and
        at a timed table the seat's clock."""
        t = self.t
        box = "cs-seat row no-wrap items-center gap-1 px-3 py-1 rounded-full text-sm"
        if seat.is_empty:
            box += " cs-seat-empty"
        data = (
            f'data-testid="seat-{number}" data-seat="{number}" '
            f'data-kind="{escape(seat.kind)}" data-present="{str(present).lower()}"'
        )
        if seat.is_empty:
            invited = seat.kind == INVITED
            icon = _icon("mail" if invited else "event_seat")
            said = escape(t("seats.invited" if invited else "seats.open", n=number + 1))
            inner = f"{icon}<span>{said}</span>"
        else:
            shown = escape(seat_name(t, seat.name))
            inner = (
                f'<span class="font-semibold ellipsis cs-seat-name" title="{shown}">{shown}</span>'
            )
            if seat.holder == self.uid:
                inner += f'<span class="text-xs opacity-70">{escape(t("seats.you"))}</span>'
            inner += (
                f'<span class="text-xs font-semibold cs-turn">{escape(t("seats.to_move"))}</span>'
            )
            if seat.kind == BOT:
                inner = _icon("smart_toy", t("seats.bot")) + inner
            else:
                said = escape(t("seats.here" if present else "seats.away"))
                inner = f'<span class="cs-dot" role="img" aria-label="{said}"></span>{inner}'
        clock = "" if left is None else self._clock(number, left, running)
        return (
            f'<div class="{box}" {data}>'
            f'<span class="row no-wrap items-center gap-1 cs-seat-inner">{inner}</span>'
            f"{clock}</div>"
        )

    def _clock(self, number: int, left: float, running: bool) -> str:
        """A timed table's clock for one seat: its time left as of now, ticking on in the
        browser while it runs (``data-sent`` is filled in when the strip is sent)."""
        day = self.t("clock.day")
        said = escape(self.t("clock.left", time=clock_text(left, "")))
        return (
            f'<div class="cs-clock text-xs font-mono" data-testid="clock-{number}" '
            f'data-day="{escape(day)}" data-left="{left:.2f}" '
            f'data-running="{str(running).lower()}" data-sent="" aria-label="{said}">'
            f"{escape(clock_text(left, day))}</div>"
        )


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
