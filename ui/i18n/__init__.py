"""Every visible string, in each language of ``ui/locale`` (English and French).

Pages build a :class:`Translator` for the visitor's language: the one they chose
with the header's switch, else the best of ``Accept-Language``, else English; and for
the visitor's time zone, which their browser tells (:mod:`ui.i18n.zone`). The messages
live in gettext catalogues (:mod:`ui.i18n.catalogues`; docs/translating.md).
"""

from __future__ import annotations

from datetime import UTC, tzinfo
from datetime import datetime as DateTime
from typing import Any
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time, get_datetime_format

from ui.i18n.catalogues import DEFAULT, languages, messages, translations

LANGUAGES: tuple[str, ...] = languages()
# Every message of each language as key → text (a counted one under key.one, key.other...).
CATALOGUES: dict[str, dict[str, str]] = {lang: messages(lang) for lang in LANGUAGES}
EN: dict[str, str] = CATALOGUES["en"]
FR: dict[str, str] = CATALOGUES["fr"]


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
    """Looks a message up by key in one language, falling back to English; writes dates and
    times for the reader's language and time zone (UTC when their browser has not said)."""

    def __init__(self, lang: str, zone: str | None = None) -> None:
        self.lang = lang if lang in CATALOGUES else DEFAULT
        self.zone: tzinfo = ZoneInfo(zone) if zone else UTC
        self._messages = CATALOGUES[self.lang]
        self._translations = translations(self.lang)

    def __call__(self, key: str, **params: Any) -> str:
        text = self._translations.gettext(key)
        return text.format(**params) if params else text

    def plural(self, key: str, count: int, **params: Any) -> str:
        """``key.one``, ``key.other``... by the language's CLDR rule (French counts 0 as one)."""
        text = self._translations.ngettext(f"{key}.one", f"{key}.other", count)
        return text.format(count=count, **params)

    def has(self, key: str) -> bool:
        return key in self._messages

    def datetime(self, when: DateTime) -> str:
        """A moment as the reader reads it, in their zone: ``Dec 1, 2026, 3:49 PM``.

        A naive ``when`` is UTC (as the database stores it).
        """
        local = self._local(when)
        time = format_time(local, "short", tzinfo=self.zone, locale=self.lang)
        pattern = str(get_datetime_format("medium", locale=self.lang))
        return pattern.replace("{1}", self.date(local)).replace("{0}", time)

    def date(self, when: DateTime) -> str:
        """The reader's day of a moment: ``Dec 1, 2026``, ``1 déc. 2026``."""
        return format_date(self._local(when), "medium", locale=self.lang)

    def _local(self, when: DateTime) -> DateTime:
        return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(self.zone)
