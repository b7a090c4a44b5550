"""Pueblo in 3D (NiceGUI's ``ui.scene``): the site, the path, the stones and the chief.

Built once; each view then adds the cubes that appeared, deletes those that went
(demolition, or a replay stepping back), moves the chief and marks the faces he
saw on the last move. Nothing is rebuilt.
"""

from __future__ import annotations

import math
from typing import Any

from nicegui import ui

from ui.attrs import attrs
from ui.boards.pueblo.top import COLOURS

FACE_OFFSETS = {  # face seen -> (dx, dy, dz) of the marker plate and its size
    "north": ((0, 0.51, 0), (0.86, 0.04, 0.86)),
    "south": ((0, -0.51, 0), (0.86, 0.04, 0.86)),
    "east": ((0.51, 0, 0), (0.04, 0.86, 0.86)),
    "west": ((-0.51, 0, 0), (0.04, 0.86, 0.86)),
    "top": ((0, 0, 0.51), (0.86, 0.86, 0.04)),
}
SEEN = "#ffeb3b"


def position(x: float, y: float, z: float) -> tuple[float, float, float]:
    """Scene coordinates of the centre of cube (x, y, level z): the board is centred."""
    return x - 4.5, y - 4.5, z - 0.5


class PuebloScene:
    def __init__(self, title: str) -> None:
        self.scene = ui.scene(width=560, height=420, grid=False, background_color="#f3ead6")
        self.scene.classes("pb-scene").style("max-width:100%").props('role="img"')
        attrs(self.scene, {"data-testid": "pueblo-3d", "aria-label": title})
        self.cubes: dict[tuple[int, int, int], tuple[str, Any]] = {}
        self.marks: list[Any] = []
        self.marked: list[Any] = []
        with self.scene:
            self.scene.box(8, 8, 0.2).move(0, 0, -0.1).material("#c9a66b")
            for i in range(10):
                for x, y in ((i, 0), (i, 9), (0, i), (9, i)):
                    corner = x in (0, 9) and y in (0, 9)
                    px, py, _ = position(x, y, 0)
                    self.scene.box(0.94, 0.94, 0.08).move(px, py, -0.16).material(
                        "#a1804a" if corner else "#d9c193"
                    )
            self.chief = self.scene.group()
            with self.chief:
                self.scene.cylinder(0.28, 0.34, 0.9).rotate(math.pi / 2, 0, 0).move(
                    0, 0, 0.45
                ).material("#5d4037")
                self.scene.sphere(0.22).move(0, 0, 1.05).material("#8d6e63")
        self.scene.move_camera(
            x=0, y=-10.5, z=9.5, look_at_x=0, look_at_y=0, look_at_z=0.5, duration=0
        )

    def show(self, view: dict[str, Any]) -> None:
        wanted = {(c["x"], c["y"], c["z"]): c["colour"] for c in view["cubes"]}
        for key in [k for k, (colour, _) in self.cubes.items() if wanted.get(k) != colour]:
            self.cubes.pop(key)[1].delete()
        with self.scene:
            for key, colour in wanted.items():
                if key not in self.cubes:
                    cube = self.scene.box(0.97, 0.97, 0.97).move(*position(*key))
                    cube.material(COLOURS.get(colour, "#9e9e9e"))
                    self.cubes[key] = (colour, cube)
        chief = view.get("chief")
        if chief:
            px, py, _ = position(chief["x"], chief["y"], 0)
            self.chief.move(px, py, 0)
        self._mark_seen(view)

    def _mark_seen(self, view: dict[str, Any]) -> None:
        for mark in self.marks:
            mark.delete()
        self.marks = []
        turn = view.get("this_turn") or {}
        last = turn if turn.get("chief") else (view.get("last_turn") or {})
        if turn.get("stone") and not turn.get("chief"):
            return  # a stone was just placed: the last look is no longer current
        with self.scene:
            for cube in last.get("seen") or []:
                offset, size = FACE_OFFSETS.get(cube.get("face", "top"), FACE_OFFSETS["top"])
                x, y, z = position(cube["x"], cube["y"], cube["z"])
                plate = self.scene.box(*size).move(x + offset[0], y + offset[1], z + offset[2])
                self.marks.append(plate.material(SEEN))
