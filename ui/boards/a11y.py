"""What every board shares to be read and played without a mouse or without colour.

- :func:`target` gives a clickable square, edge, cell, card or tile (an element with
  ``data-click``, drawn in SVG or HTML) the attributes of a button: a role, a place in
  the Tab order and an accessible name in the visitor's language.
- :func:`piece` names a drawn piece that carries meaning (a caravan, a tile, a stack)
  as an image, :func:`group` a picture holding targets and pieces.
- :data:`KEYS_SCRIPT` (added once to every page by the layout) lets Enter and Space
  click the focused target, and puts the focus back on the board when a move redraws it.
- :data:`FOCUS_CSS` draws a focus ring on everything that takes the focus, SVG
  targets included, in the light and the dark theme.

Pure strings: no NiceGUI here, so the SVG builders stay pure functions.
"""

from __future__ import annotations

from html import escape

FOCUS = "#1d4ed8"  # the focus ring on light backgrounds
FOCUS_ON_DARK = "#93c5fd"  # ... on dark ones (dark theme, the site's header)
FOCUS_ON_HEADER = "#fde68a"


def _name(name: str) -> str:
    text = " ".join(name.split())
    if not text:
        raise ValueError("an accessible name may not be empty")
    return escape(text, quote=True)


def target(name: str) -> str:
    """Attributes (with a leading space) of a clickable target named ``name``."""
    return f' role="button" tabindex="0" aria-label="{_name(name)}"'


def piece(name: str) -> str:
    """Attributes of a drawn piece a screen reader should read: an image named ``name``."""
    return f' role="img" aria-label="{_name(name)}"'


def group(name: str) -> str:
    """Attributes of a picture that holds targets and pieces (an image may hold no button)."""
    return f' role="group" aria-label="{_name(name)}"'


def seat_mark(letter: str, colour: str, *, shape: str = "square") -> str:
    """A colour chip that also shows a letter, so a colour is never the only sign."""
    radius = "50%" if shape == "round" else "4px"
    return (
        f'<span class="cs-mark" aria-hidden="true" '
        f'style="background:{escape(colour)};border-radius:{radius}">{escape(letter)}</span>'
    )


# Enter and Space click the focused board target (native buttons do it themselves). A
# click usually redraws the picture, which drops the focus: it goes back to the same
# target if it is still offered, else to the first target of that picture once there is
# one, unless the visitor has put the focus somewhere else meanwhile.
KEYS_SCRIPT = """<script>
(() => {
  if (window.csKeys) return;
  window.csKeys = true;
  const TARGET = '[data-click][role=button]';
  const refocus = (box, token) => {
    const lost = () => !document.activeElement || document.activeElement === document.body;
    const find = () => {
      const scope = box && box.isConnected ? box : document;
      const same = [...scope.querySelectorAll(TARGET)].find((el) => el.dataset.click === token);
      return same || scope.querySelector(TARGET);
    };
    const observer = new MutationObserver(() => {
      if (!lost()) return stop();
      const next = find();
      if (next) { next.focus({preventScroll: true}); stop(); }
    });
    const timer = setTimeout(() => stop(), 20000);
    const stop = () => { observer.disconnect(); clearTimeout(timer); };
    observer.observe(document.body, {childList: true, subtree: true});
  };
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (e.repeat || e.altKey || e.ctrlKey || e.metaKey) return;
    const el = e.target;
    if (!(el instanceof Element) || !el.matches(TARGET) || el.matches('button, a, input')) return;
    e.preventDefault();
    const box = el.closest('.nicegui-html');
    el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
    refocus(box, el.dataset.click);
  });
  // Quasar's loading bar is a progress bar: it needs a name too.
  const nameBar = () => {
    const bar = document.querySelector('.q-loading-bar:not([aria-label])');
    if (bar) bar.setAttribute('aria-label', document.documentElement.dataset.loading || 'Loading');
    return !!bar;
  };
  const watchBar = () => {
    if (nameBar()) return;
    const observer = new MutationObserver(() => { if (nameBar()) observer.disconnect(); });
    observer.observe(document.body, {childList: true, subtree: true});
  };
  if (document.body) watchBar(); else document.addEventListener('DOMContentLoaded', watchBar);
})();
</script>"""

# Quasar's own stylesheet removes outlines with !important from its last cascade layer;
# important declarations of an earlier layer win over it, hence ``@layer base``.
FOCUS_CSS = f"""
@layer base {{
  :focus-visible:not(.q-field__native){{outline:3px solid {FOCUS} !important;
    outline-offset:2px !important}}
  .body--dark :focus-visible:not(.q-field__native){{outline-color:{FOCUS_ON_DARK} !important}}
  .cs-header :focus-visible{{outline-color:{FOCUS_ON_HEADER} !important}}
  svg [role=button]:focus-visible{{outline:none !important}}
}}
svg [role=button]:focus{{outline:none}}
svg [role=button]:focus-visible > :is(rect,polygon,path,line),
svg :is(rect,polygon,path)[role=button]:focus-visible{{stroke:{FOCUS} !important;
  stroke-width:5px !important;stroke-dasharray:none !important;stroke-opacity:1 !important}}
.cs-mark{{display:inline-flex;align-items:center;justify-content:center;width:18px;height:18px;
  flex:none;border:1px solid #212121;color:#ffffff;font:700 11px/1 sans-serif;
  text-shadow:0 0 2px #000000}}
"""
