"""A player's public profile, ``/players/{username}``: ratings per game and recent games.

Usernames are matched without regard to case; a deleted or unknown account gets
a "no such player" message. Every name is shown as text, never as HTML.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from ui.attrs import attrs
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import frame, heading, translator
from ui.pages.errors import page_timeout, unavailable
from ui.pages.not_found import missing
from ui.seat_names import seat_names
from ui.site import Site


def register(site: Site) -> None:
    @ui.page("/players/{username}", response_timeout=page_timeout(site.gateway))
    async def profile_page(username: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("profile.title")):
            try:
                player = await site.profile(username)
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).classes("text-negative").props('role="alert"')
                return
            if player is None:
                missing(t, t("profile.not_found"))
                return
            show(t, player)


def show(t: Translator, player: dict[str, Any]) -> None:
    """The profile returned by :func:`storage.ratings.profile`."""
    with ui.column().classes("gap-0"):
        heading(player["name"]).props('data-testid="profile-name"').mark("profile-name")
        if player["username"] != player["name"]:
            ui.label(t("profile.username", username=player["username"])).classes("text-sm")
    _ratings(t, player["ratings"])
    _recent(t, player["matches"])


def _number(t: Translator, value: float) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if t.lang == "fr" else text


def _title(game: str) -> str:
    return GAMES[game].title if game in GAMES else game


def _ratings(t: Translator, rows: list[dict[str, Any]]) -> None:
    ui.label(t("profile.ratings")).classes("text-xl font-semibold")
    ui.label(t("profile.ratings_help")).classes("text-sm text-grey-8")
    if not rows:
        ui.label(t("profile.no_ratings")).props('data-testid="no-ratings"').mark("no-ratings")
        return
    with ui.element("q-markup-table").props('flat bordered data-testid="ratings"'):
        with ui.element("thead"), ui.element("tr"):
            for key in ("game", "rating", "matches", "wins"):
                with ui.element("th").classes("text-left"):
                    ui.label(t(f"profile.col.{key}"))
        with ui.element("tbody"):
            for row in rows:
                rating = attrs(ui.element("tr"), {"data-testid": f"rating-{row['game']}"})
                with rating.mark(f"rating-{row['game']}"):
                    with ui.element("td"):
                        ui.label(_title(row["game"]))
                    with ui.element("td"):
                        ui.label(str(round(row["ordinal"]))).classes("text-base font-semibold")
                        ui.label(
                            t(
                                "profile.mu_sigma",
                                mu=_number(t, row["mu"]),
                                sigma=_number(t, row["sigma"]),
                            )
                        ).classes("text-xs text-grey-8")
                    with ui.element("td"):
                        ui.label(str(row["matches"]))
                    with ui.element("td"):
                        ui.label(str(row["wins"]))


def placement(t: Translator, match: dict[str, Any]) -> str:
    """ "2nd of 3": the player's place; a game every player resigned has no first place
    (its resigners share the only place there is, which is not a win)."""
    if match["resigned"] and match["place"] == 1:
        return t("result.all_resigned")
    place = t(f"profile.place.{match['place']}")
    key = "profile.placement_tied" if match["tied"] else "profile.placement"
    return t(key, place=place, n=match["players"])


def _recent(t: Translator, matches: list[dict[str, Any]]) -> None:
    ui.label(t("profile.recent")).classes("text-xl font-semibold")
    if not matches:
        ui.label(t("profile.no_matches")).props('data-testid="no-matches"').mark("no-matches")
        return
    with ui.column().classes("w-full gap-2").props('data-testid="recent"'):
        for match in matches:
            card = attrs(ui.card().classes("w-full"), {"data-testid": f"match-{match['id']}"})
            with card.mark(f"match-{match['id']}"):
                with ui.row().classes("w-full items-center gap-4 wrap"):
                    ui.label(_title(match["game"])).classes("text-lg font-semibold")
                    ui.label(t.date(match["finished_at"])).classes("text-xs text-grey-8")
                    ui.label(
                        t("profile.against", names=", ".join(seat_names(t, match["opponents"])))
                    ).classes("text-sm")
                    ui.space()
                    ui.label(placement(t, match)).classes("text-sm font-semibold").mark("place")
                    if match["resigned"]:
                        ui.badge(t("profile.resigned"), color="grey-7")
                    if match["rated"]:
                        ui.badge(t("profile.rated"), color="primary")
                    ui.link(t("profile.replay"), f"/replay/{match['id']}").props(
                        'data-testid="replay"'
                    ).mark("replay")
