"""The reader's time zone, as their browser tells it.

Every page's head runs :data:`ZONE_SCRIPT`, which keeps the browser's zone
(``Intl.DateTimeFormat().resolvedOptions().timeZone``) in the ``cs_tz`` cookie; each later
request carries it and :func:`reader_zone` reads it back. Until the browser has said
(the very first page of a first visit, or a browser without cookies), times are UTC.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from zoneinfo import available_timezones

COOKIE = "cs_tz"
YEAR = 365 * 24 * 3600

ZONE_SCRIPT = (
    "<script>(function () {"
    "var zone; try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) {}"
    f"var kept = {json.dumps(COOKIE + '=')} + encodeURIComponent(zone || '');"
    "if (zone && document.cookie.split('; ').indexOf(kept) < 0) {"
    f"document.cookie = kept + '; path=/; max-age={YEAR}; SameSite=Lax'; }}"
    "})();</script>"
)


@cache
def known_zones() -> frozenset[str]:
    return frozenset(available_timezones())


def reader_zone(cookies: Mapping[str, str] | None) -> str | None:
    """The IANA zone the reader's browser reported, if it names one.

    >>> reader_zone({"cs_tz": "Europe/Paris"})
    'Europe/Paris'
    >>> reader_zone({"cs_tz": "../../etc/passwd"}) is None
    True
    """
    zone = (cookies or {}).get(COOKIE)
    return zone if zone in known_zones() else None
