"""``/history``: the visitor's matches, newest first, filtered and paged through the URL.

``/history?game=caravan&result=won&opponent=bea&page=2``: every filter lives in the
query, so links and reloads keep it; a value the page cannot use is ignored with a
message. Ongoing matches lead back to their table, finished ones to their replay.
"""

from __future__ import annotations

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from ui.attrs import attrs
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import frame, heading, translator, visitor_id
from ui.pages.errors import page_timeout, unavailable
from ui.pages.history_query import MAX_OPPONENT, HistoryQuery, read_query
from ui.seat_names import seat_name, seat_names
from ui.site import Site
from ui.site_storage import OUTCOMES, HistoryRow

PER_PAGE = 20


def register(site: Site) -> None:
    @ui.page("/history", response_timeout=page_timeout(site.gateway))
    async def history(
        request: Request,
        game: str | None = None,
        result: str | None = None,
        opponent: str | None = None,
        page: str | None = None,
    ) -> None:
        t = translator(request)
        query, problems = read_query(game=game, result=result, opponent=opponent, page=page)
        with frame(t, t("history.title")):
            with ui.row().classes("w-full items-center gap-3 wrap"):
                heading(t("history.title"))
                ui.space()
                ui.link(t("history.import"), "/import").props('data-testid="to-import"').mark(
                    "to-import"
                )
            for key, params in problems:
                ui.label(t(key, **params)).classes("cs-warn").props(
                    'role="alert" data-testid="history-warning"'
                )
            _filters(t, query)
            asked = query.page
            try:
                rows, total, query = await _read(site, query)
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).classes("text-negative").props('role="alert"')
                return
            if total == 0:
                _empty(t, query)
                return
            pages = -(-total // PER_PAGE)
            if asked != query.page:
                ui.label(t("history.no_such_page", page=asked, last=pages)).classes(
                    "cs-warn"
                ).props('role="alert" data-testid="history-warning"')
            ui.label(t.plural("history.total", total)).classes("text-sm").props(
                'data-testid="history-total"'
            )
            with ui.column().classes("w-full gap-2").props('data-testid="history-list"'):
                for row in rows:
                    _row(t, row)
            _pager(t, query, pages)


async def _read(site: Site, query: HistoryQuery) -> tuple[list[HistoryRow], int, HistoryQuery]:
    """The page asked for, or the last one when the query asks past the end."""
    rows, total = await _page(site, query)
    pages = -(-total // PER_PAGE)
    if total and query.page > pages:
        query = HistoryQuery(query.game, query.result, query.opponent, pages)
        rows, total = await _page(site, query)
    return rows, total, query


async def _page(site: Site, query: HistoryQuery) -> tuple[list[HistoryRow], int]:
    return await site.history_page(
        user_id=visitor_id(),
        game=query.game,
        result=query.result,
        opponent=query.opponent,
        page=query.page,
        per_page=PER_PAGE,
    )


def _filters(t: Translator, query: HistoryQuery) -> None:
    games = {"": t("history.any_game"), **{g: rules.title for g, rules in GAMES.items()}}
    results = {"": t("history.any_result"), **{r: t(f"history.result.{r}") for r in OUTCOMES}}
    with ui.row().classes("w-full items-end gap-3 wrap").props('data-testid="history-filters"'):
        ui.select(
            games,
            value=query.game or "",
            label=t("history.game"),
            on_change=lambda e: ui.navigate.to(query.url(game=e.value or None)),
        ).classes("min-w-[180px]").props('data-testid="filter-game"').mark("filter-game")
        ui.select(
            results,
            value=query.result or "",
            label=t("history.result"),
            on_change=lambda e: ui.navigate.to(query.url(result=e.value or None)),
        ).classes("min-w-[160px]").props('data-testid="filter-result"').mark("filter-result")
        name = ui.input(t("history.opponent"), value=query.opponent or "")
        attrs(name.props('clearable data-testid="filter-opponent"'), {"maxlength": MAX_OPPONENT})
        name.mark("filter-opponent")

        def search() -> None:
            ui.navigate.to(query.url(opponent=(name.value or "").strip() or None))

        name.on("keydown.enter", search)
        ui.button(t("history.search"), icon="search", on_click=search).props(
            'outline no-caps data-testid="filter-apply"'
        ).mark("filter-apply")
        if query.filtered:
            ui.link(t("history.clear"), "/history").props('data-testid="filter-clear"').mark(
                "filter-clear"
            )


def _empty(t: Translator, query: HistoryQuery) -> None:
    if query.filtered:
        ui.label(t("history.none_fit")).props('data-testid="history-empty"')
        return
    ui.label(t("history.empty")).props('data-testid="history-empty"')
    ui.button(t("history.play_first"), on_click=lambda: ui.navigate.to("/")).props("color=primary")


def _outcome(t: Translator, row: HistoryRow) -> str:
    if row.status != "finished" or not row.result:
        return t.plural("history.playing", row.moves)
    score = score_line(t, row)
    if row.outcome == "won":
        return t("history.won", score=score)
    if row.outcome == "lost":
        return t("history.lost", score=score)
    if row.outcome == "drawn":
        return t("history.draw", score=score)
    if row.outcome == "abandoned":
        return t("history.abandoned", score=score)
    return t("history.finished", score=score)


def score_line(t: Translator, row: HistoryRow) -> str:
    """Whose score is whose: "You -10 · Ann 9", the visitor's seat first, the others in
    seat order under their names (at a hot-seat table every seat under its name)."""
    scores = (row.result or {}).get("scores", [])
    mine = row.user_seats if len(row.user_seats) == 1 else []
    order = mine + [seat for seat in range(len(scores)) if seat not in mine]

    def part(seat: int) -> str:
        score = int(scores[seat])
        if seat in mine:
            return t("history.score_you", score=score)
        name = seat_name(t, row.seats[seat]) if seat < len(row.seats) else str(seat + 1)
        return t("history.score_of", name=name, score=score)

    return " · ".join(part(seat) for seat in order)


def _row(t: Translator, row: HistoryRow) -> None:
    title = GAMES[row.game].title if row.game in GAMES else row.game
    when = t.datetime(row.created_at)
    names = [
        f"{name} ({t('you')})" if seat in row.user_seats and len(row.user_seats) == 1 else name
        for seat, name in enumerate(seat_names(t, row.seats))
    ]
    card = attrs(ui.card().classes("w-full"), {"data-testid": f"match-{row.id}"})
    with card.mark(f"match-{row.id}"):
        with ui.row().classes("w-full items-center gap-4 wrap"):
            ui.label(title).classes("text-lg font-semibold")
            ui.label(" · ".join(names)).classes("text-sm")
            ui.label(when).classes("text-xs text-grey-8")
            ui.space()
            ui.label(_outcome(t, row)).classes("text-sm font-semibold").props(
                'data-testid="outcome"'
            ).mark(f"outcome-{row.id}")
            if row.status == "finished":
                link = ui.link(t("history.replay"), f"/replay/{row.id}")
                link.props('data-testid="replay"').mark(f"replay-{row.id}")
            else:
                link = ui.link(t("history.continue"), f"/table/{row.id}")
                link.props('data-testid="continue"').mark(f"continue-{row.id}")
            link.classes("px-3 py-1 rounded border border-current no-underline font-semibold")


def _pager(t: Translator, query: HistoryQuery, pages: int) -> None:
    if pages <= 1:
        return
    pager = ui.row().classes("w-full items-center justify-center gap-4").props('role="navigation"')
    with attrs(pager, {"aria-label": t("history.pages")}):
        if query.page > 1:
            ui.link(t("history.previous"), query.url(page=query.page - 1)).props(
                'data-testid="page-previous"'
            ).mark("page-previous")
        ui.label(t("history.page", page=query.page, pages=pages)).props(
            'data-testid="page-position"'
        ).mark("page-position")
        if query.page < pages:
            ui.link(t("history.next"), query.url(page=query.page + 1)).props(
                'data-testid="page-next"'
            ).mark("page-next")
