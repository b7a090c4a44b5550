"""Site-wide look: the palette (CSS custom properties ``--cs-*``, dark values under
``.body--dark``) and the card and board styles."""

from ui.boards.a11y import FOCUS_CSS
from ui.boards.camping.svg import BOARD_CSS as CAMPING_CSS
from ui.boards.caravan.board import BOARD_CSS
from ui.boards.caravan.cards import CARD_CSS
from ui.boards.feurio.svg import BOARD_CSS as FEURIO_CSS
from ui.boards.offseason.art import BOARD_CSS as OFFSEASON_CSS
from ui.boards.pueblo.top import BOARD_CSS as PUEBLO_CSS
from ui.boards.thinking import MAX_SEATS, THINKING_CSS

# Quasar's brand colours, darkened where white text on them (or they on the page) read
# below the 4.5:1 contrast that small text needs.
# "dark" and "dark_page" are the dark theme's surfaces (cards, menus, dialogs) and page: the
# palette's warm browns (--cs-surface, --cs-bg below) instead of Quasar's greys.
BRAND = {
    "primary": "#1e5a96",
    "positive": "#1b7f3a",
    "dark": "#2a251d",
    "dark_page": "#1d1a15",
}

# Phones and tablets (the e2e suite checks 375 and 768 px wide): nothing makes the page
# scroll sideways. Below 900 px the header's links fold into its menu (``cs-wide`` /
# ``cs-narrow``, ``ui/layout.py``); on phones the page's and cards' margins shrink and the
# boards' side panels (``cs-side``) take the whole width; on touch screens buttons are
# at least 40 px tall. A name in the seat strip ends with an ellipsis (the whole name is its
# title); in a board's side panel it wraps (``cs-name``), at a space or else anywhere,
# beside a note that keeps to one line (``cs-aside``: "2 caravans to place"). A section of
# a page that is empty for now (who won, who left, the waiting room) takes no room: as an
# empty column of the page's or the table stage's column it would still add a gap.
SCREENS_CSS = """
.cs-main > .nicegui-column:empty,[data-testid=stage] > .nicegui-column:empty{display:none}
@media (max-width:899.98px){.cs-wide{display:none !important}}
@media (min-width:900px){.cs-narrow{display:none !important}}
.cs-account .block,.cs-account .q-item__section{max-width:10rem;overflow:hidden;
  text-overflow:ellipsis;white-space:nowrap}
@layer nicegui {
  @media (max-width:599.98px){
    .nicegui-content{padding:.5rem}
    .nicegui-card:not(.nicegui-card-tight){padding:.75rem}
  }
}
@media (pointer:coarse){.q-btn:not(.q-btn--dense){min-height:40px}
  .cs-header .q-btn{min-width:40px;min-height:40px}}
@media (max-width:599.98px){.cs-side{flex:1 1 100% !important;max-width:none !important}}
.q-btn-toggle{flex-wrap:wrap;max-width:100%}
.q-btn-toggle .q-btn{text-transform:none}
.cs-rules pre{max-width:100%;overflow-x:auto}
.cs-seat{max-width:100%}
.cs-clock{padding:0 .35rem;border-radius:6px;background:rgba(0,0,0,.08);white-space:nowrap}
.cs-clock-low{background:#b91c1c;color:#fff}
.cs-seat-name{min-width:0;max-width:14rem}
.cs-seat-inner{min-width:0}
.cs-name{min-width:0;overflow-wrap:anywhere}
.cs-aside{flex:none;white-space:nowrap}
"""

SEAT_TURN_CSS = ".cs-turn{display:none}\n" + "".join(
    f'[data-movers~="s{n}"] .cs-seat[data-seat="{n}"]{{border-color:#b45309;background:#fde68a}}\n'
    f'[data-movers~="s{n}"] .cs-seat[data-seat="{n}"] .cs-turn{{display:block}}\n'
    for n in range(MAX_SEATS)
)
"""The ring and the "to play" of the seats to move, from the stage's ``data-movers``."""

# Quasar's brand colours, as the custom properties its classes read (``text-primary``,
# ``bg-positive``...), set once in the site's style rules rather than by an element on
# every page (``ui.colors``). NiceGUI writes its default colours into the body's own style
# as a page starts, so these must be important to win.
BRAND_CSS = (
    "body{"
    + "".join(f"--q-{name.replace('_', '-')}:{value} !important;" for name, value in BRAND.items())
    + "}\n"
)

SITE_CSS = (
    BRAND_CSS
    + """
:root{--cs-bg:#faf6ee;--cs-surface:#fffdf8;--cs-ink:#2b2418;--cs-ink-soft:#5c5040;
--cs-line:#e3d6bd;--cs-accent:#b45309;--cs-accent-soft:#fde68a;--cs-code:#efe6d2;--cs-link:#1d4ed8}
.body--dark{--cs-bg:#1d1a15;--cs-surface:#2a251d;--cs-ink:#f3ead8;--cs-ink-soft:#c4bcae;
--cs-line:#4a4032;--cs-accent:#f59e0b;--cs-accent-soft:#4a3b12;--cs-code:#3a3227;--cs-link:#93c5fd}
body,.body--dark{background:var(--cs-bg);color:var(--cs-ink)}
.cs-header{background:linear-gradient(90deg,#7c2d12,#9a3412)}
.cs-games{grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.cs-game-card{width:100%}
.cs-game-card img{height:150px;object-fit:cover}
a.no-underline{text-decoration:none}
.cs-rules h1{font-size:2rem;line-height:2.4rem;margin:.5rem 0;font-weight:700}
.cs-rules h2{font-size:1.35rem;line-height:1.8rem;margin:1.2rem 0 .4rem;font-weight:600}
.cs-rules code{background:var(--cs-code);color:var(--cs-ink);padding:0 .25rem;border-radius:4px}
.cs-seat{background:#efe6d2;color:#2b2418;border:2px solid transparent}
.cs-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;
  clip:rect(0,0,0,0);white-space:nowrap;border:0}
.cs-seat-empty{border:2px dashed #a8a29e;background:transparent}
.body--dark .cs-seat-empty{color:#f3ead8}
.cs-dot{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:#a8a29e}
.cs-seat[data-present=true] .cs-dot{background:#16a34a}
.cs-chat{max-height:14rem;overflow-y:auto}
.nicegui-link{color:var(--cs-link)}
@layer quasar {
  .body--dark .text-grey-8{color:#c4bcae !important}
  .body--dark .text-primary{color:#93c5fd !important}
  .body--dark .text-negative{color:#fca5a5 !important}
  .body--dark .text-positive{color:#86efac !important}
}
.cs-warn{color:#b4410b}
/* A finished game's headline: who won and the final scores, above the board. */
.cs-end-headline{background:var(--cs-accent-soft);color:var(--cs-ink);
border-left:4px solid var(--cs-accent)}
.cs-now{background:#ffecb3;color:#2b2418}
.body--dark .cs-now{background:#4a3b12;color:#f3ead8}
/* A card in a spectators' frame is markup, not a QCard: it gets the dark card's colours here. */
.body--dark .cs-frame-card{background:var(--q-dark);color:#fff}
/* A collapsed list in a spectators' frame (a <details>), with the expansion's arrow. */
.cs-details summary{cursor:pointer;list-style:none;padding:.25rem 0}
.cs-details summary::-webkit-details-marker{display:none}
.cs-details summary::after{content:"\\25BE";margin-left:.5rem}
.cs-details[open] summary::after{content:"\\25B4"}
.cs-upload{width:100%;max-width:36rem;max-height:none;background:var(--cs-surface);
color:var(--cs-ink);border:2px dashed color-mix(in srgb,var(--cs-accent) 55%,var(--cs-line));
border-radius:12px}
.cs-upload .q-uploader__header{display:none}
.cs-upload .q-uploader__list{min-height:0;padding:1.25rem 1rem;overflow:visible}
.cs-upload .q-uploader__dnd{outline:2px dashed var(--cs-accent);outline-offset:-2px;
background:color-mix(in srgb,var(--cs-accent-soft) 50%,transparent)}
.cs-drop-icon{color:var(--cs-accent)}
.body--dark .cs-warn{color:#fdba74}
.body--dark .cs-mark{box-shadow:0 0 0 1px #c4bcae}
/* The score chart draws dark text on its canvas: in the dark theme it sits on paper. */
.body--dark [data-testid=replay-chart]{background:#efe7d6;border-radius:8px}
"""
    + SCREENS_CSS
    + FOCUS_CSS
    + CARD_CSS
    + BOARD_CSS
    + CAMPING_CSS
    + FEURIO_CSS
    + PUEBLO_CSS
    + OFFSEASON_CSS
    + THINKING_CSS
    + SEAT_TURN_CSS
    + ".cp-current{background:#fff3cd;border-radius:6px}"
    + ".body--dark .cp-current{background:#3d3320}"
)
