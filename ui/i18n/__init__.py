"""French and English for every visible string.

Pages build a :class:`Translator` for the visitor's language: the one they chose
with the header's switch, else the best of ``Accept-Language``, else English.
"""

from __future__ import annotations

from typing import Any

from ui.i18n import (
    a11y,
    account,
    camping,
    feurio,
    history,
    keyboard,
    offseason,
    online,
    pages,
    profile,
    pueblo,
    situations,
    theme,
    undo,
)
from ui.i18n.en import MESSAGES as SITE_EN
from ui.i18n.fr import MESSAGES as SITE_FR

# The site's own strings, then each game's catalogue.
EN: dict[str, str] = {
    **SITE_EN,
    **online.EN,
    **profile.EN,
    **account.EN,
    **camping.EN,
    **feurio.EN,
    **pueblo.EN,
    **offseason.EN,
    **history.EN,
    **keyboard.EN,
    **undo.EN,
    **a11y.EN,
    **situations.EN,
    **theme.EN,
    **pages.EN,
}
FR: dict[str, str] = {
    **SITE_FR,
    **online.FR,
    **profile.FR,
    **account.FR,
    **camping.FR,
    **feurio.FR,
    **pueblo.FR,
    **offseason.FR,
    **history.FR,
    **keyboard.FR,
    **undo.FR,
    **a11y.FR,
    **situations.FR,
    **theme.FR,
    **pages.FR,
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "fr": FR}
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT = "en"


def best_language(accept_language: str | None) -> str:
    """The supported language the browser prefers most.

    >>> best_language("de-CH, fr;q=0.8, en;q=0.5")
    'fr'
    >>> best_language(None)
    'en'
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        ranked.append((-quality, index, tag.strip().lower()[:2]))
    for _, _, lang in sorted(ranked):
        if lang in CATALOGUES:
            return lang
    return DEFAULT


class Translator:
    """Looks a message up by key in one language, falling back to English."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in CATALOGUES else DEFAULT
        self._messages = CATALOGUES[self.lang]

    def __call__(self, key: str, **params: Any) -> str:
        text = self._messages.get(key) or EN.get(key) or key
        return text.format(**params) if params else text

    def plural(self, key: str, count: int, **params: Any) -> str:
        """``key.one`` or ``key.other`` by the language's rule (French counts 0 as one)."""
        one = count == 1 if self.lang == "en" else count in (0, 1)
        return self(f"{key}.{'one' if one else 'other'}", count=count, **params)

    def has(self, key: str) -> bool:
        return key in self._messages
