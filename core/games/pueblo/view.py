"""What each seat sees of a game of Pueblo: :meth:`PuebloState.view` builds it here.

Pueblo hides nothing, so every seat (and a spectator) sees the same picture; only its
``seat`` differs. The view carries the site (cubes, heights, the colour on top of each
square), the chief's path and the four squares he may reach, the hands, the turn under
way and the last one, the final lap and the auctions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.games.pueblo.auction import MAX_BID
from core.games.pueblo.building import COLOURS, NAMES, NEUTRAL, Seen, colour_name
from core.games.pueblo.geometry import (
    FACE,
    IS_CORNER,
    LOOKS,
    PATH,
    POSES,
    RING,
    SIDE,
    SQUARES,
    site_xy,
    square_name,
)
from core.games.pueblo.steps import CHIEF, KIND, OVER

if TYPE_CHECKING:
    from core.games.pueblo.state import PuebloState


def _seen_view(index: int, seen: list[Seen]) -> list[Any]:
    out = []
    for square, level, ident, colour, points in seen:
        x, y = site_xy(square)
        out.append(
            {
                "x": x,
                "y": y,
                "z": level,
                "square": square_name(square),
                "colour": colour_name(colour),
                "seat": None if colour == NEUTRAL else colour,
                "stone": ident,
                "face": FACE[index],
                "points": points,
            }
        )
    return out


def _turn_view(state: PuebloState, turn: dict[str, Any] | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    out = {key: value for key, value in turn.items() if key not in ("seen", "removed")}
    out["actions"] = list(turn["actions"])
    ident = turn["stone"]
    out["stone"] = None if ident is None else _stone_view(state, ident)
    removed = turn["removed"]
    if removed is not None:
        out["removed"] = {
            "id": removed["id"],
            "colour": removed["colour"],
            "cubes": [_cube_xyz(sq, lv) for sq, lv in removed["cells"]],
        }
    else:
        out["removed"] = None
    if "chief" in turn:
        out["chief"] = dict(turn["chief"])
        out["seen"] = _seen_view(turn["chief"]["to"], turn["seen"])
        out["penalties"] = list(turn["penalties"])
    return out


def _stone_view(state: PuebloState, ident: int) -> dict[str, Any] | None:
    stone = state.stones[ident] if ident < len(state.stones) else None
    if stone is None:
        return {"id": ident, "on_board": False}
    return {
        "id": ident,
        "on_board": True,
        "colour": colour_name(stone.colour),
        "seat": None if stone.colour == NEUTRAL else stone.colour,
        "by": stone.by,
        "action": stone.action,
        "cubes": [_cube_xyz(sq, lv) for sq, lv in stone.cells],
    }


def _hand_view(state: PuebloState, seat: int) -> dict[str, Any]:
    allowed = state.allowed(seat)
    half = state.half[seat]
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "single": state.single[seat],
        "pairs": state.pairs[seat],
        "open_half": None if half is None else KIND[half],
        "coloured": state.coloured_left(seat),
        "neutral": state.neutral_left(seat),
        "left": state.stones_left(seat),
        "next": {"": None, "C": "coloured", "N": "neutral", "CN": "either"}[allowed],
    }


def _preview(state: PuebloState) -> list[dict[str, Any]]:
    out = []
    for steps in range(1, 5):
        index = (state.chief + steps) % RING
        seen, points = state.sight(index)
        out.append(
            {
                **_path_square(index),
                "steps": steps,
                "seen": _seen_view(index, seen),
                "penalties": points,
            }
        )
    return out


def seat_view(state: PuebloState, seat: int | None) -> dict[str, Any]:
    over = state.phase == OVER
    scores = state.scores()
    cubes = []
    for ident, stone in enumerate(state.stones):
        if stone is not None:
            colour = NAMES[stone.colour]
            owner = None if stone.colour == NEUTRAL else stone.colour
            for square, level in stone.cells:
                x, y = XY[square]
                cubes.append(
                    {
                        "x": x,
                        "y": y,
                        "z": level,
                        "colour": colour,
                        "seat": owner,
                        "stone": ident,
                    }
                )
    stones, stacks = state.stones, state.stacks
    tops: list[list[str | None]] = [
        [
            NAMES[stones[stack[-1]].colour] if stack else None  # type: ignore[union-attr]
            for stack in stacks[y * SIDE : (y + 1) * SIDE]
        ]
        for y in range(SIDE)
    ]
    auction = None
    if state.auction is not None:
        a = state.auction
        auction = {
            "round": a["round"],
            "bidders": list(a["bidders"]),
            "cards": list(a["cards"]),
            "won": [dict(lot) for lot in a["won"]],
            "active": list(a.get("active", [])),
            "high": a.get("high"),
            "leader": a.get("leader"),
            "bids": [list(b) for b in a.get("bids", [])],
            "winner": a.get("winner"),
            "price": a.get("price"),
            "max_bid": MAX_BID,
        }
    return {
        "game": "pueblo",
        "seat": seat,
        "players": state.players,
        "options": dict(state.options),
        "phase": state.phase,
        "to_move": sorted(state.to_move()),
        "current": state.current,
        "turn": state.turn,
        "order": list(state.order),
        "colours": list(COLOURS[: state.players]),
        "lower_is_better": True,
        "penalties": list(state.penalties),
        "scores": scores,
        "cubes": cubes,
        "stones": [
            {
                "id": ident,
                "colour": colour_name(stone.colour),
                "by": stone.by,
                "action": stone.action,
            }
            for ident, stone in enumerate(state.stones)
            if stone is not None
        ],
        "heights": [state.height[y * SIDE : (y + 1) * SIDE] for y in range(SIDE)],
        "tops": tops,
        "sacred": [square_name(s) for s in state.sacred],
        "chief": _path_square(state.chief),
        "path": [dict(square) for square in _PATH_VIEW],
        "poses": _pose_view(),
        "hands": [_hand_view(state, s) for s in range(state.players)],
        "preview": _preview(state) if state.phase == CHIEF else None,
        "this_turn": _turn_view(state, state.this_turn),
        "last_turn": _turn_view(state, state.last_turn),
        "final_lap": _copy_lap(state.final_lap),
        "sacred_turns": list(state.sacred_turns),
        "auction": auction,
        "auctions": [
            {"round": a["round"], "won": [dict(lot) for lot in a["won"]]} for a in state.auctions
        ],
        "result": {"scores": scores, "ranking": state.ranking()} if over else None,
    }


XY = tuple(site_xy(square) for square in range(SQUARES))


def _cube_xyz(square: int, level: int) -> dict[str, int]:
    x, y = site_xy(square)
    return {"x": x, "y": y, "z": level}


_PATH_VIEW = tuple(
    {"index": i, "x": x, "y": y, "corner": IS_CORNER[i], "looks": LOOKS[i]}
    for i, (x, y) in enumerate(PATH)
)


def _path_square(index: int) -> dict[str, Any]:
    return dict(_PATH_VIEW[index])


def _copy_lap(lap: dict[str, Any] | None) -> dict[str, Any] | None:
    if lap is None:
        return None
    return {
        "start": lap["start"],
        "squares": [
            {"index": s["index"], "penalties": list(s["penalties"])} for s in lap["squares"]
        ],
        "penalties": list(lap["penalties"]),
    }


_POSES_VIEW = tuple(
    (pose.number, pose.kind, [list(c) for c in pose.cells], [list(c) for c in pose.underside])
    for pose in POSES
)


def _pose_view() -> list[dict[str, Any]]:
    return [
        {
            "pose": number,
            "kind": kind,
            "cells": [c[:] for c in cells],
            "underside": [c[:] for c in underside],
        }
        for number, kind, cells, underside in _POSES_VIEW
    ]
