"""What tells that a table page has drawn: for a player, the targets of each game; for
anyone, the board's turn line."""

from __future__ import annotations

from e2e import camping, caravan, feurio, offseason, pueblo

# A player's board offers something to click (per game).
PLAYER_READY = {
    "caravan": caravan.READY,
    "camping": camping.READY,
    "feurio": feurio.READY,
    "pueblo": pueblo.READY,
    "offseason": offseason.OFFERED,
}
# A table has drawn its board (for a spectator as for a player).
BOARD_SHOWN = """() => {
  const turn = document.querySelector('[data-testid=board] [data-testid=turn]');
  return !!turn && turn.innerText.trim().length > 0;
}"""
