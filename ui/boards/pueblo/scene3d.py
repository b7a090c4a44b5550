"""Pueblo in 3D (NiceGUI's ``ui.scene``): the site, the path, the stones and the chief.

Built once; each view then adds the cubes that appeared, deletes those that went
(demolition, or a replay stepping back), moves the chief and marks the faces he
saw on the last move. Nothing is rebuilt.

NiceGUI's scene draws itself again on a timer (its ``fps``), whether anything changed or
not, and nothing in this one moves by itself: it changes when the server sends something
(a view, a camera move) or when the player turns it. So it draws on demand: a frame as
soon as a message from the server has been applied, and ``LIVE_FPS`` frames a second
while a pointer, a finger or the wheel is on it and for a moment after (``FPS_JS``);
otherwise the timer draws one frame every ``1 / IDLE_FPS`` seconds, as a safety net. In a
browser drawing WebGL in software an idle scene cost 0.44 of a core at 20 frames a second
(bench/README.md, "The 3D scene's frame rate").
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
IDLE_FPS = 0.5
LIVE_FPS = 30
LIVE_FOR_MS = 1500  # after the last pointer, touch or wheel event on a scene
AFTER_MESSAGE_MS = (30, 250)  # draws after a message from the server (applied by then)
# One script per page for every scene on it (class ``pb-scene``). The frame rate is the
# scene element's ``fps`` prop, set in the page's own copy of the elements' props, which
# the scene reads before each frame; a frame on demand is the scene component's own
# renderers drawing its scene, at most one per element and animation frame. Nothing in it
# comes from a visitor. Run once the page is connected, so that it also works on a board
# built after the page was sent.
FPS_JS = f"""(() => {{
  if (window.pbSceneFps) return;
  window.pbSceneFps = true;
  const timers = new Map(), asked = new Set();
  const setFps = (el, fps) => {{
    const element = mounted_app.elements[el.id.replace(/^c/, "")];
    if (element && element.props.fps !== fps) element.props.fps = fps;
  }};
  const draw = (el) => {{
    if (asked.has(el)) return;
    asked.add(el);
    requestAnimationFrame(() => {{
      asked.delete(el);
      const scene = getElement(el);
      if (!scene || !scene.renderer || !scene.camera) return;
      for (const renderer of [scene.renderer, scene.text_renderer, scene.text3d_renderer]) {{
        renderer?.render(scene.scene, scene.camera);
      }}
    }});
  }};
  const wake = (event) => {{
    const el = event.target instanceof Element && event.target.closest(".pb-scene");
    if (!el) return;
    setFps(el, {LIVE_FPS});
    draw(el);
    clearTimeout(timers.get(el));
    timers.set(el, setTimeout(() => setFps(el, {IDLE_FPS}), {LIVE_FOR_MS}));
  }};
  for (const type of ["pointerdown", "pointermove", "wheel", "touchstart", "touchmove"]) {{
    document.addEventListener(type, wake, {{capture: true, passive: true}});
  }}
  window.socket?.onAny(() => {{
    for (const delay of {list(AFTER_MESSAGE_MS)}) {{
      setTimeout(() => document.querySelectorAll(".pb-scene").forEach(draw), delay);
    }}
  }});
}})();"""


def position(x: float, y: float, z: float) -> tuple[float, float, float]:
    """Scene coordinates of the centre of cube (x, y, level z): the board is centred."""
    return x - 4.5, y - 4.5, z - 0.5


class PuebloScene:
    def __init__(self, title: str) -> None:
        self.scene = ui.scene(width=560, height=420, grid=False, background_color="#f3ead6")
        self.scene.props["fps"] = IDLE_FPS  # the scene takes any number (its type says int)
        ui.run_javascript(FPS_JS)  # also where the board comes after the page (a table starts)
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
