"""The score race of a replay as ECharts options: one line per seat, a marker at the move shown."""

from __future__ import annotations

from typing import Any

from ui.i18n import Translator


def score_race_options(
    t: Translator,
    names: list[str],
    race: list[list[float]],
    *,
    lower_is_better: bool,
    ply: int,
) -> dict[str, Any]:
    """Options for ``ui.echart``: ``race[k]`` holds every seat's score after ``k`` moves.

    >>> opts = score_race_options(
    ...     Translator("en"), ["Ann", "Bea"], [[0, 0], [2, 0]], lower_is_better=False, ply=1
    ... )
    >>> [s["name"] for s in opts["series"]], opts["series"][1]["data"]
    (['Ann', 'Bea'], [[0, 0], [1, 0]])
    >>> opts["series"][0]["markLine"]["data"]
    [{'xAxis': 1}]
    """
    title = t("replay.chart_lower") if lower_is_better else t("replay.chart")
    labels = distinct(names)
    series = [
        {
            "name": labels[seat],
            "type": "line",
            "step": "end",
            "showSymbol": False,
            "data": [[k, scores[seat]] for k, scores in enumerate(race)],
        }
        for seat in range(len(names))
    ]
    if series:
        series[0]["markLine"] = marker(t, ply)
    return {
        "animation": False,
        "title": {"text": title, "left": "center", "textStyle": {"fontSize": 14}},
        # Drawn on the canvas, not as HTML: seat names come from records anyone may upload.
        "tooltip": {"trigger": "axis", "renderMode": "richText"},
        "legend": {"data": labels, "top": 24},
        "grid": {"top": 64, "left": 48, "right": 24, "bottom": 40},
        "xAxis": {
            "type": "value",
            "name": t("replay.chart_moves"),
            "nameLocation": "middle",
            "nameGap": 26,
            "min": 0,
            "max": max(len(race) - 1, 1),
            "minInterval": 1,
        },
        "yAxis": {"type": "value", "name": t("replay.chart_points")},
        "series": series,
    }


def marker(t: Translator, ply: int) -> dict[str, Any]:
    """The vertical line at the move the board shows."""
    return {
        "silent": True,
        "symbol": "none",
        "lineStyle": {"color": "#b45309", "type": "solid", "width": 2},
        "label": {"formatter": t("replay.chart_here")},
        "data": [{"xAxis": ply}],
    }


def distinct(names: list[str]) -> list[str]:
    """The names, with the seat number added where two seats share one (the legend needs it).

    >>> distinct(["Ann", "Ann", "Bea"])
    ['Ann (1)', 'Ann (2)', 'Bea']
    """
    return [
        f"{name} ({seat + 1})" if names.count(name) > 1 else name for seat, name in enumerate(names)
    ]
