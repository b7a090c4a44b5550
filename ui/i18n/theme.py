"""Strings of the header's colour theme switch."""

from __future__ import annotations

EN: dict[str, str] = {
    "theme.label": "Colour theme: {current}",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "theme.auto": "Follow the system",
}

FR: dict[str, str] = {
    "theme.label": "Thème de couleurs : {current}",
    "theme.light": "Clair",
    "theme.dark": "Sombre",
    "theme.auto": "Suivre le système",
}
