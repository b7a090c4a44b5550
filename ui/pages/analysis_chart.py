"""A replay's analysis as ECharts options and as sentences: the evaluation graph (one line
per seat of its value after every move, in %), the mistakes and blunders on it, and the
screen-reader summary of the same graph.

The analysis document is :mod:`core.analysis`'s (``plies``, ``accuracy``); nothing here
judges a move, it only draws what the document says.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

from ui.i18n import Translator
from ui.pages.score_chart import distinct, marker

# The marks drawn on the mover's line: the worst labels, told apart by shape and colour.
MARKS = {"mistake": ("triangle", "#c2410c"), "blunder": ("diamond", "#991b1b")}


def percent(value: float) -> float:
    """A value in [0, 1] as the graph draws it.

    >>> percent(0.5234)
    52.3
    """
    return round(100 * float(value), 1)


def number(t: Translator, value: float) -> str:
    """A number with one decimal at most, in the reader's language.

    >>> en, fr = Translator("en"), Translator("fr")
    >>> number(en, 18.44), number(fr, 18.44), number(fr, 3)
    ('18.4', '18,4', '3')
    """
    return format_decimal(round(float(value), 1), format="0.#", locale=t.lang)


def points(t: Translator, value: float) -> str:
    """A value's difference in [0, 1] as signed percentage points: ``+18.4``.

    >>> points(Translator("en"), 0.184), points(Translator("fr"), 0.0)
    ('+18.4', '+0')
    """
    return "+" + number(t, 100 * max(0.0, float(value)))


def evaluation_options(
    t: Translator, names: list[str], analysis: dict[str, Any], *, ply: int, total: int
) -> dict[str, Any]:
    """Options for ``ui.echart``: a line per seat of its value after each move (in %),
    the mistakes and blunders marked on the line of the player who made them, and the
    marker at the move the board shows.

    >>> doc = {"plies": [
    ...     {"ply": 1, "seat": 0, "label": "blunder", "values": [0.2, 0.8]},
    ...     {"ply": 2, "seat": 1, "label": "best", "values": [0.25, 0.75]}]}
    >>> opts = evaluation_options(Translator("en"), ["Ann", "Bea"], doc, ply=2, total=2)
    >>> [s["name"] for s in opts["series"]]  # no mistake: no mark for mistakes
    ['Ann', 'Bea', 'Blunder']
    >>> opts["series"][1]["data"], opts["series"][2]["data"]
    ([[1, 80.0], [2, 75.0]], [[1, 20.0]])
    >>> opts["series"][0]["markLine"]["data"]
    [{'xAxis': 2}]
    """
    plies = analysis.get("plies") or []
    labels = distinct(names)
    series: list[dict[str, Any]] = [
        {
            "name": labels[seat],
            "type": "line",
            "showSymbol": False,
            "data": [[entry["ply"], percent(entry["values"][seat])] for entry in plies],
        }
        for seat in range(len(names))
    ]
    for label, (symbol, colour) in MARKS.items():
        marked = [
            [entry["ply"], percent(entry["values"][entry["seat"]])]
            for entry in plies
            if entry.get("label") == label
        ]
        if marked:
            series.append(
                {
                    "name": t(f"analysis.label.{label}"),
                    "type": "scatter",
                    "symbol": symbol,
                    "symbolSize": 11,
                    "itemStyle": {"color": colour},
                    "data": marked,
                }
            )
    series[0]["markLine"] = marker(t, ply)
    return {
        "animation": False,
        "title": {"text": t("analysis.chart"), "left": "center", "textStyle": {"fontSize": 14}},
        # Drawn on the canvas, not as HTML: seat names come from records anyone may upload.
        "tooltip": {"trigger": "axis", "renderMode": "richText"},
        # One line however many seats: a phone scrolls it rather than wrapping onto the title.
        "legend": {"data": [s["name"] for s in series], "top": 24, "type": "scroll"},
        "grid": {"top": 72, "left": 48, "right": 24, "bottom": 40},
        "xAxis": {
            "type": "value",
            "name": t("replay.chart_moves"),
            "nameLocation": "middle",
            "nameGap": 26,
            "min": 0,
            "max": max(total, 1),
            "minInterval": 1,
            "axisLabel": {"hideOverlap": True},  # the last move's number may sit on a round one
        },
        "yAxis": {
            "type": "value",
            "min": 0,
            "max": 100,
            "interval": 25,
            # ECharts fills in {value}; the rest is the reader's way of writing a percentage.
            "axisLabel": {"formatter": t("analysis.percent", value="{value}")},
        },
        "series": series,
    }


def summary_text(t: Translator, names: list[str], analysis: dict[str, Any]) -> str:
    """The graph in words, for screen readers: each player's accuracy and the moves
    marked as mistakes and blunders, then the largest swing of the graph.

    >>> doc = {"accuracy": [71.5, None], "plies": [
    ...     {"ply": 1, "seat": 0, "label": "blunder", "values": [0.2, 0.8]},
    ...     {"ply": 2, "seat": 1, "label": "forced", "values": [0.25, 0.75]}]}
    >>> print(summary_text(Translator("en"), ["Ann", "Bea"], doc))
    The evaluation graph shows every player's value after each move, from 0 to 100%. \
Ann: accuracy 72%; mistakes: none; blunders: move 1. \
Bea: accuracy not judged; mistakes: none; blunders: none. \
The largest swing: move 2 (Bea), 5 percentage points.
    """
    plies = analysis.get("plies") or []
    parts = [t("analysis.summary.intro")]
    for seat, name in enumerate(names):
        parts.append(
            t(
                "analysis.summary.player",
                name=name,
                accuracy=accuracy_text(t, analysis, seat),
                mistakes=_moves(t, plies, seat, "mistake"),
                blunders=_moves(t, plies, seat, "blunder"),
            )
        )
    swing = largest_swing(plies)
    if swing is not None:
        entry, size = swing
        parts.append(
            t(
                "analysis.summary.swing",
                n=entry["ply"],
                name=names[entry["seat"]],
                points=number(t, 100 * size),
            )
        )
    return " ".join(parts)


def accuracy_text(t: Translator, analysis: dict[str, Any], seat: int) -> str:
    """A seat's accuracy as a percentage, or words saying none of its moves was judged."""
    accuracy = analysis.get("accuracy") or []
    value = accuracy[seat] if seat < len(accuracy) else None
    if value is None:
        return t("analysis.accuracy_none")
    return t("analysis.percent", value=format_decimal(round(value), locale=t.lang))


def largest_swing(plies: list[dict[str, Any]]) -> tuple[dict[str, Any], float] | None:
    """The move after which some seat's value changed the most, with the change.

    >>> largest_swing([{"ply": 1, "values": [0.5, 0.5]}, {"ply": 2, "values": [0.9, 0.1]}])
    ({'ply': 2, 'values': [0.9, 0.1]}, 0.4)
    """
    best: tuple[dict[str, Any], float] | None = None
    for before, entry in zip(plies, plies[1:], strict=False):
        size = max(abs(a - b) for a, b in zip(entry["values"], before["values"], strict=True))
        if best is None or size > best[1]:
            best = entry, round(size, 6)
    return best


def _moves(t: Translator, plies: list[dict[str, Any]], seat: int, label: str) -> str:
    marked = [str(e["ply"]) for e in plies if e.get("seat") == seat and e.get("label") == label]
    if not marked:
        return t("analysis.summary.none")
    return t.plural("analysis.summary.moves", len(marked), moves=", ".join(marked))
