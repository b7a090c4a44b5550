"""The move box: play any game by typing its notation, without a mouse.

A labelled text input under the board, for a seat this visitor holds. Suggestions
come from the seat's legal actions (those starting with what is typed, then those
containing it) in a listbox that the keyboard drives: Up and Down pick, Tab
completes, Enter submits, Escape clears. Enter sends the picked suggestion, or
else the typed text as the game's notation reads it: the engine judges it through the table's usual
submission, and a refusal is shown next to the box with the text kept. The box
itself never decides whether a move is legal. "/" anywhere on the page focuses it.

Moves are shown and read in the page's language, as the board labels them (a Caravan
card as its corner shows it: ``AL`` for the Ace of Moons in French): the game's
:class:`~core.notation.Notation` writes the suggestions and examples and reads the text
back into the canonical action the table is sent, which is what records store.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any

from nicegui import ui
from nicegui.elements.mixins.text_element import TextElement
from nicegui.events import GenericEventArguments, ValueChangeEventArguments

from core.games import GAMES
from ui.attrs import attrs
from ui.boards.base import SEEN_JS, SEEN_PLY, seen_ply
from ui.i18n import Translator

LIMIT = 8  # suggestions shown at once
EXAMPLES = 3  # legal moves quoted in the status line

Refused = Callable[[str], None]
Submit = Callable[[str, Refused], Awaitable[bool]]

# Runs in the browser on each key pressed in the box: the keys the box handles go to
# the server with the text as the browser has it. Tab is kept from moving the focus
# only when there is something to complete (the server writes it in data-completion).
KEY_JS = """(e) => {
  if (e.isComposing) return;
  const input = e.target, key = e.key;
  if (key === 'Tab') {
    const target = input.dataset.completion;
    if (e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    if (!target || target === input.value) return;
  } else if (!['ArrowDown', 'ArrowUp', 'Enter', 'Escape'].includes(key)) {
    return;
  }
  if (key !== 'Escape' || input.value || input.getAttribute('aria-expanded') === 'true') {
    e.preventDefault();
  }
  emit({key: key, value: input.value, seen: SEEN});
}""".replace("SEEN", SEEN_JS)

# "/" anywhere on the page (outside a text field or a dialog) focuses the move box.
SHORTCUT_JS = """<script>
if (!window.csMoveKey) {
  window.csMoveKey = true;
  document.addEventListener('keydown', (e) => {
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const at = e.target;
    if (at && (at.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(at.tagName))) return;
    if (document.querySelector('.q-dialog')) return;
    const box = document.querySelector('input[data-testid=move-input]');
    if (!box || box.offsetParent === null) return;
    e.preventDefault();
    box.focus();
  });
}
</script>"""


def _fold(text: str) -> str:
    """Text as it is compared: case and spaces ignored (a card's corner reads "A L")."""
    return "".join(text.split()).casefold()


def suggest(legal: Sequence[str], typed: str, limit: int = LIMIT) -> list[str]:
    """The moves matching ``typed`` (case and spaces ignored): those starting with it,
    then those containing it, each in the engine's order; at most ``limit``. Empty text
    matches everything. One pass over the list, so hundreds of actions stay cheap."""
    needle = _fold(typed)
    starting: list[str] = []
    containing: list[str] = []
    for action in legal:
        folded = _fold(action)
        if folded.startswith(needle):
            starting.append(action)
            if len(starting) == limit:
                break
        elif len(containing) < limit and needle in folded:
            containing.append(action)
    return (starting + containing)[:limit]


def examples(legal: Sequence[str], count: int = EXAMPLES) -> list[str]:
    """A few legal actions spread over the list (its first, middle and last ones)."""
    if len(legal) <= count:
        return list(legal)
    picks = [legal[round(i * (len(legal) - 1) / (count - 1))] for i in range(count)]
    return list(dict.fromkeys(picks))


def shown(game: str, lang: str, action: str) -> str:
    """A canonical action as the move box shows it on a page in ``lang``."""
    return GAMES[game].notation.write(action, lang)


def read(game: str, lang: str, text: str) -> str:
    """What the move box sends for ``text`` typed on a page in ``lang``: the canonical
    action it names, else the text as typed (the engine then says what is wrong)."""
    return GAMES[game].notation.read(text, lang)


class MoveBox:
    """One client's move box. ``submit(text, refused)`` plays the text for the seat
    shown, as a click on the board would, and calls ``refused(message)`` on a refusal."""

    def __init__(self, t: Translator, game: str, submit: Submit) -> None:
        self.t, self.submit = t, submit
        self.game = game
        self.legal: list[str] = []  # the moves as shown (in the page's language)
        self.actions: dict[str, str] = {}  # a move as shown -> its canonical action
        self.suggestions: list[str] = []
        self.cursor: int | None = None  # the suggestion picked with Up/Down
        self.listing = False  # Down on an empty box lists the first legal actions
        self.active = False
        self.busy = False
        self.root = ui.column().classes("w-full gap-1 cs-move-box")
        self.root.props('data-testid="move-box"')
        self.root.set_visibility(False)
        self.built = False  # the box is built the first time a seat here is shown

    def _build(self) -> None:
        """The input, its suggestions, the error and status lines and the help: on a
        player's page only (a spectator's page never holds them)."""
        t, game = self.t, self.game
        self.built = True
        with self.root:
            self.input = ui.input(t("keyboard.label"), on_change=self._typed)
            self.input.classes("w-full max-w-md").props(
                "outlined dense autocomplete=off spellcheck=false autocapitalize=off"
                ' input-class="font-mono" role=combobox aria-autocomplete=list'
                ' aria-haspopup=listbox aria-expanded=false aria-keyshortcuts="/"'
                ' data-testid="move-input"'
            ).mark("move-input")
            self.input.on("keydown", self._key, js_handler=KEY_JS)
            self.listbox = ui.element("ul").classes("cs-move-options w-full max-w-md")
            self.listbox.props('role=listbox data-testid="move-suggestions"')
            attrs(self.listbox, {"aria-label": t("keyboard.suggestions")}).mark("move-suggestions")
            self.options: list[TextElement] = []  # made as suggestions first need them
            self.error = ui.label().classes("text-negative text-sm")
            self.error.props('role=alert data-testid="move-error"').mark("move-error")
            self.status = ui.label().classes("text-sm")
            self.status.props('data-testid="move-status"').mark("move-status")
            with ui.row().classes("items-baseline gap-2 text-xs text-grey-8"):
                help_text = t("keyboard.help")
                if t.has(f"keyboard.labels.{game}"):
                    help_text += " " + t(f"keyboard.labels.{game}")
                ui.label(help_text).props('data-testid="move-help"')
                ui.link(t("keyboard.notation"), f"/rules/{game}#notation", new_tab=True)
        described = f"{self.status.html_id} {self.error.html_id}"
        attrs(self.input, {"aria-controls": self.listbox.html_id, "aria-describedby": described})
        # NiceGUI's input points a `list` attribute at a datalist it only draws on phones;
        # checkers then take the explicit combobox role (which browsers need) for a clash.
        self.root.client.run_javascript(  # built when a page heard of a seat change, too
            f"document.getElementById('{self.input.html_id}')?.removeAttribute('list')"
        )
        self._render()

    def _option(self, index: int) -> TextElement:
        with self.listbox:
            option = TextElement(tag="li", text="").classes("cs-move-option font-mono")
        option.props("role=option aria-selected=false").mark(f"move-option-{index}")
        option.on("mousedown", js_handler="(e) => e.preventDefault()")  # keep the focus
        option.on("click", lambda _: self._pick(index))
        return option

    # ----------------------------------------------------------------- position

    def show(
        self,
        legal: Sequence[str],
        *,
        held: Collection[int],
        seat: int | None,
        to_move: Collection[int],
        over: bool,
    ) -> None:
        """Bring the box to the position shown: ``legal`` are the actions of ``seat``
        (the seat this page plays for, None when none is shown), ``held`` the seats this
        visitor holds. Spectators get no box; it is read-only out of turn. Only what
        changed is sent to the browser (this runs for every viewer on every move)."""
        self.root.set_visibility(bool(held))
        if not held:
            self.active, self.legal, self.suggestions, self.actions = False, [], [], {}
            return
        if not self.built:
            self._build()
        playing = not over and seat is not None and seat in to_move
        self.active = playing and bool(legal)
        lang = self.t.lang
        self.actions = {shown(self.game, lang, a): a for a in legal} if self.active else {}
        self.legal = list(self.actions)
        _set_prop(self.input, "readonly", None if self.active else True)
        if self.active:
            status = self.t("keyboard.your_move", examples=", ".join(examples(self.legal)))
        elif over:
            status = self.t("keyboard.over")
        elif seat is None and any(s in to_move for s in held):
            status = self.t("keyboard.cover")
        else:
            status = self.t("keyboard.wait")
        self.status.set_text(status)
        self.cursor = None
        self._suggest()

    # ------------------------------------------------------------------ typing

    def _typed(self, e: ValueChangeEventArguments[Any]) -> None:
        self.cursor = None
        self.listing = False
        self._say("")
        self._suggest()

    @property
    def text(self) -> str:
        return str(self.input.value or "")

    def _suggest(self) -> None:
        wanted = self.active and (bool(self.text.strip()) or self.listing)
        self.suggestions = suggest(self.legal, self.text) if wanted else []
        if self.cursor is not None and self.cursor >= len(self.suggestions):
            self.cursor = None
        self._render()

    def _render(self) -> None:
        shown = bool(self.suggestions)
        self.listbox.set_visibility(shown)
        while len(self.options) < len(self.suggestions):  # at most LIMIT
            self.options.append(self._option(len(self.options)))
        for index, option in enumerate(self.options):
            picked = index == self.cursor
            _set_prop(option, "aria-selected", "true" if picked else "false")
            option.set_visibility(index < len(self.suggestions))
            option.set_text(self.suggestions[index] if index < len(self.suggestions) else "")
            if picked != ("cs-move-picked" in option.classes):
                option.classes(toggle="cs-move-picked")
        active = self.options[self.cursor].html_id if shown and self.cursor is not None else None
        _set_prop(self.input, "aria-expanded", "true" if shown else "false")
        _set_prop(self.input, "aria-activedescendant", active)
        _set_prop(self.input, "data-completion", self._completion())

    def _completion(self) -> str | None:
        """What Tab would complete to: the picked suggestion, else the first."""
        if not self.suggestions:
            return None
        return self.suggestions[self.cursor if self.cursor is not None else 0]

    def _say(self, message: str) -> None:
        self.error.set_text(message)
        _set_prop(self.input, "aria-invalid", "true" if message else None)

    # -------------------------------------------------------------------- keys

    def _key(self, e: GenericEventArguments) -> Awaitable[None] | None:
        """Keys act at once; Enter returns the submission, which NiceGUI runs as a task."""
        args = e.args if isinstance(e.args, dict) else {}
        key, value = args.get("key"), args.get("value")
        if isinstance(value, str) and value != self.text:
            self.input.value = value  # the browser's text is the one the player sees
        if key == "Escape":
            self.clear()
        elif not self.active:
            return None
        elif key in ("ArrowDown", "ArrowUp"):
            self._step(1 if key == "ArrowDown" else -1)
        elif key == "Tab":
            self._complete()
        elif key == "Enter":
            return self._enter(seen_ply(args.get("seen")))
        return None

    def _step(self, by: int) -> None:
        if not self.suggestions:
            self.listing = True
            self._suggest()
            if not self.suggestions:
                return
        count = len(self.suggestions)
        if self.cursor is None:
            self.cursor = 0 if by > 0 else count - 1
        else:
            self.cursor = (self.cursor + by) % count
        self._render()

    def _complete(self) -> None:
        target = self._completion()
        if target is not None and target != self.text:
            self.input.value = target  # the change event finds the new suggestions

    def _pick(self, index: int) -> None:
        if self.active and index < len(self.suggestions):
            self.cursor = index
            self._complete()
            self.input.run_method("focus")

    async def _enter(self, seen: int | None = None) -> None:
        SEEN_PLY.set(seen)  # the position the browser showed (this task's own)
        if self.busy:
            return
        if self.cursor is not None and self.cursor < len(self.suggestions):
            action = self.actions[self.suggestions[self.cursor]]
        else:
            action = read(self.game, self.t.lang, self.text)
        if not action:
            self._say(self.t("keyboard.empty", example=self.legal[0]))
            return
        self.busy = True
        try:
            played = await self.submit(action, self._say)
        finally:
            self.busy = False
        if played:
            self.clear()

    def clear(self) -> None:
        """Empty the box, its suggestions and its message."""
        self.cursor = None
        self.listing = False
        self._say("")
        if self.text:
            self.input.value = ""  # the change event redraws
        else:
            self._suggest()


def _set_prop(element: ui.element, key: str, value: Any) -> None:
    """Set (or, with None, remove) a prop, sending an update only when it changes."""
    if element.props.get(key) != value:
        element.props.set_optional(key, value)


MOVE_BOX_CSS = """
.cs-move-options{list-style:none;margin:0;padding:2px;border:1px solid #c9b98f;border-radius:6px}
.cs-move-option{padding:2px 8px;border-radius:4px;cursor:pointer}
.cs-move-option.cs-move-picked{background:var(--q-primary);color:#fff}
"""
