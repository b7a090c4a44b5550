"""The history page's filters as they travel in the URL: read them, check them, write them.

>>> query, problems = read_query(game="caravan", result="won", opponent=" bea ", page="2")
>>> query.url()
'/history?game=caravan&result=won&opponent=bea&page=2'
>>> problems
[]
>>> read_query(game="chess", result=None, opponent=None, page="x")[1]
[('history.bad_game', {'value': 'chess'}), ('history.bad_page', {'value': 'x'})]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from core.games import GAMES
from ui.site_storage import OUTCOMES

MAX_OPPONENT = 40
MAX_PAGE = 10_000
Problem = tuple[str, dict[str, Any]]  # a catalogue key and its parameters


@dataclass(frozen=True)
class HistoryQuery:
    game: str | None = None
    result: str | None = None
    opponent: str | None = None
    page: int = 1

    def url(self, **changes: Any) -> str:
        """This query as a ``/history`` link, with ``changes`` applied (a filter change
        goes back to page 1 unless ``page`` is given)."""
        if changes and "page" not in changes:
            changes["page"] = 1
        query = replace(self, **changes)
        params = {
            "game": query.game,
            "result": query.result,
            "opponent": query.opponent,
            "page": query.page if query.page != 1 else None,
        }
        text = urlencode({k: v for k, v in params.items() if v})
        return f"/history?{text}" if text else "/history"

    @property
    def filtered(self) -> bool:
        return bool(self.game or self.result or self.opponent)


def read_query(
    *, game: str | None, result: str | None, opponent: str | None, page: str | None
) -> tuple[HistoryQuery, list[Problem]]:
    """The query the page can use, and what it had to ignore (each a message to show)."""
    problems: list[Problem] = []
    if game and game not in GAMES:
        problems.append(("history.bad_game", {"value": _short(game)}))
        game = None
    if result and result not in OUTCOMES:
        problems.append(("history.bad_result", {"value": _short(result)}))
        result = None
    opponent = (opponent or "").strip() or None
    if opponent and len(opponent) > MAX_OPPONENT:
        problems.append(("history.bad_opponent", {"n": MAX_OPPONENT}))
        opponent = None
    number = 1
    if page:
        if page.isdecimal() and 1 <= int(page) <= MAX_PAGE:
            number = int(page)
        else:
            problems.append(("history.bad_page", {"value": _short(page)}))
    return HistoryQuery(game or None, result or None, opponent, number), problems


def _short(value: str) -> str:
    return value if len(value) <= 20 else value[:19] + "…"
