"""Caravan's end-of-hand breakdown, and the result screen every game shares."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from nicegui import ui

from ui.attrs import attrs
from ui.boards.caravan.texts import how_hand_ended, match_so_far, summary_heads
from ui.i18n import Translator


def hand_summary(t: Translator, hand: dict[str, Any], names: list[str]) -> None:
    """How the hand ended and what each player scored, line by line."""
    ui.label(t("summary.title", n=hand["hand"])).classes("text-xl font-bold")
    ui.label(how_hand_ended(t, hand, names)).classes("text-sm")
    with (
        ui.grid(columns=4)
        .classes("gap-x-4 gap-y-1 items-center")
        .props('data-testid="hand-summary"')
    ):
        for text in summary_heads(t):
            ui.label(text).classes("text-xs font-semibold")
        for seat in (0, 1):
            ui.label(names[seat]).classes("font-semibold")
            collected = ui.label(f"{hand['collected'][seat]:+d}")
            attrs(collected, {"data-testid": f"summary-collected-{seat}"})
            bonus = ui.label(f"{hand['bonus'][seat]:+d}")
            attrs(bonus, {"data-testid": f"summary-bonus-{seat}"})
            total = ui.label(f"{hand['totals'][seat]:+d}").classes("font-bold")
            attrs(total, {"data-testid": f"summary-total-{seat}"})
    if hand["first_out"] is not None:
        other = 1 - hand["first_out"]
        ui.label(t("summary.bonus_rule", n=hand["cards_left"][other])).classes(
            "text-xs text-grey-8"
        )
    ui.label(match_so_far(t, hand, names)).classes("text-sm")


def headline(
    t: Translator,
    result: dict[str, Any],
    names: list[str],
    me: int | None,
    resigned: Collection[int] = (),
) -> str:
    """Who won: "You win!", "Ann wins", a shared win or a draw, from the result's ranking
    (the players' own: one who resigned is last, whatever the bot in their seat did)."""
    if result.get("ended") == "abandoned":  # closed after a long time without a move
        return t("result.abandoned")
    ranking = result["ranking"]
    winners = [seat for seat, rank in enumerate(ranking) if rank == 1]
    if winners and all(seat in resigned for seat in winners):
        return t("result.all_resigned")
    if len(winners) > 1 and len(winners) == len(ranking):
        return t("result.draw")
    if len(winners) > 1:
        return t("result.shared", names=", ".join(names[s] for s in winners))
    if me is not None and winners == [me]:
        return t("result.you_win")
    return t("result.wins", name=names[winners[0]])


def final_scores(t: Translator, result: dict[str, Any], names: list[str], me: int | None) -> str:
    """Every player's final score, best placed first: "You 22 · Bruno 5"."""
    ranking, scores = result["ranking"], result["scores"]
    order = sorted(range(len(names)), key=lambda s: (ranking[s], s))
    return " · ".join(
        t("result.score_you", score=int(scores[seat]))
        if seat == me
        else t("result.score_of", name=names[seat], score=int(scores[seat]))
        for seat in order
    )


def player_names(record: dict[str, Any], names: list[str]) -> list[str]:
    """The seats' names for a result: a seat whose player resigned goes back to them,
    marked as resigned (the bot that played on is not who lost)."""
    shown = list(names)
    for note in record.get("resigned") or []:
        seat, by = note.get("seat"), note.get("by")
        if isinstance(seat, int) and 0 <= seat < len(shown) and isinstance(by, str) and by:
            shown[seat] = by
    return shown


def _why(seat: int, timed_out: Collection[int], left: Collection[int]) -> str:
    if seat in timed_out:
        return "result.timed_out"
    return "result.left" if seat in left else "result.resigned"


def end_headline(
    t: Translator,
    result: dict[str, Any],
    names: list[str],
    me: int | None,
    resigned: set[int],
    timed_out: Collection[int] = (),
    left: Collection[int] = (),
) -> None:
    """The top of a finished game's page: who won and the final scores, in one line each
    (a player who resigned, ran out of time or left is marked so)."""
    shown = [
        t(_why(seat, timed_out, left), name=name) if seat in resigned else name
        for seat, name in enumerate(names)
    ]
    with ui.column().classes("cs-end-headline w-full gap-0 px-4 py-2 rounded"):
        ui.label(headline(t, result, names, me, resigned)).classes("text-2xl font-bold").props(
            'data-testid="end-headline" role="heading" aria-level="2"'
        ).mark("end-headline")
        ui.label(final_scores(t, result, shown, me)).classes("text-lg").props(
            'data-testid="end-scores"'
        ).mark("end-scores")


def match_result(
    t: Translator,
    view: dict[str, Any],
    names: list[str],
    match_id: str,
    me: int | None,
    details: Callable[[dict[str, Any]], None] | None = None,
    resigned: set[int] | None = None,
) -> None:
    """The final screen: who won, every player's score, the game's own breakdown
    (``details``, drawn by its board), and where to go next. ``view["result"]`` is the
    players' result (a seat in ``resigned`` is shown as its player's, resigned)."""
    result = view["result"]
    scores, ranking = result["scores"], result["ranking"]
    resigned = resigned or set()
    with ui.card().classes("w-full gap-3").props('data-testid="result"'):
        ui.label(headline(t, result, names, me, resigned)).classes("text-3xl font-bold").props(
            'data-testid="result-headline" role="heading" aria-level="2"'
        )
        with ui.row().classes("gap-6 wrap"):
            for seat in sorted(range(len(names)), key=lambda s: (ranking[s], s)):
                name = t("result.resigned", name=names[seat]) if seat in resigned else names[seat]
                with ui.column().classes("items-center gap-0"):
                    ui.label(t("result.place", n=ranking[seat], name=name)).classes("text-sm")
                    score = ui.label(f"{int(scores[seat])}").classes("text-4xl font-bold")
                    attrs(score, {"data-testid": f"final-score-{seat}"})
        if details is not None:
            details(view)
        with ui.row().classes("gap-2"):
            ui.button(
                t("result.again"), on_click=lambda: ui.navigate.to(f"/new/{view['game']}")
            ).props('color=primary data-testid="again"')
            ui.button(
                t("result.replay"), on_click=lambda: ui.navigate.to(f"/replay/{match_id}")
            ).props('outline data-testid="to-replay"')
            ui.button(t("result.history"), on_click=lambda: ui.navigate.to("/history")).props(
                'flat data-testid="to-history"'
            )
