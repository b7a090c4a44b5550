"""Site-wide look: palette and the card styles."""

from ui.boards.camping.svg import BOARD_CSS as CAMPING_CSS
from ui.boards.caravan.board import BOARD_CSS
from ui.boards.caravan.cards import CARD_CSS
from ui.boards.feurio.svg import BOARD_CSS as FEURIO_CSS
from ui.boards.offseason.art import BOARD_CSS as OFFSEASON_CSS
from ui.boards.pueblo.top import BOARD_CSS as PUEBLO_CSS

SITE_CSS = (
    """
body{background:#faf6ee}
.body--dark{background:#1d1a15}
.cs-header{background:linear-gradient(90deg,#7c2d12,#9a3412)}
.cs-games{grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.cs-game-card{width:100%}
.cs-game-card img{height:150px;object-fit:cover}
a.no-underline{text-decoration:none}
.cs-rules h1{font-size:2rem;line-height:2.4rem;margin:.5rem 0;font-weight:700}
.cs-rules h2{font-size:1.35rem;line-height:1.8rem;margin:1.2rem 0 .4rem;font-weight:600}
.cs-rules code{background:#efe6d2;padding:0 .25rem;border-radius:4px}
.cs-seat{background:#efe6d2;border:2px solid transparent}
.cs-seat-to-move{border-color:#b45309;background:#fde68a}
.cs-seat-empty{border:2px dashed #a8a29e;background:transparent}
.cs-dot{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:#a8a29e}
.cs-dot-on{background:#16a34a}
.cs-chat{max-height:14rem;overflow-y:auto}
"""
    + CARD_CSS
    + BOARD_CSS
    + CAMPING_CSS
    + FEURIO_CSS
    + PUEBLO_CSS
    + OFFSEASON_CSS
    + ".cp-current{background:#fff3cd;border-radius:6px}"
)
