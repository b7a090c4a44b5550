"""The gettext catalogues under ``ui/locale``: one folder per language.

``ui/locale/<lang>/LC_MESSAGES/messages.po`` holds a language's messages, compiled into the
``messages.mo`` beside it (``make translations``); the English one is a catalogue like the
others, so a key never shows. A message id is the key the pages ask for (``home.title``); a
message counted by :meth:`ui.i18n.Translator.plural` has the ids ``<key>.one`` and
``<key>.other`` and as many forms as Babel's CLDR rule for the language has
(``ui/locale/messages.pot`` is the template a new language starts from).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.plural import _plural_tags
from babel.support import Translations

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "messages"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
DEFAULT = "en"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def languages() -> tuple[str, ...]:
    """Every language with a compiled catalogue, English first."""
    found = sorted(mo.parent.parent.name for mo in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT))


def plural_tags(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of ``lang`` in the order of its gettext forms.

    >>> plural_tags("fr")
    ('one', 'many', 'other')
    """
    tags = Locale.parse(lang).plural_form.tags | {"other"}
    return tuple(tag for tag in _plural_tags if tag in tags)


@cache
def translations(lang: str) -> Translations:
    """The compiled catalogue of ``lang`` (read once per process), falling back to English."""
    with mo_path(lang).open("rb") as mo:
        found = Translations(mo, domain=DOMAIN)
    if lang != DEFAULT:
        found.add_fallback(translations(DEFAULT))
    return found


@cache
def messages(lang: str) -> dict[str, str]:
    """Every message of ``lang`` as key → text; a counted message under ``<key>.<category>``.

    >>> messages("fr")["offseason.coins.one"]
    '{count} pièce'
    """
    tags = plural_tags(lang)
    found: dict[str, str] = {}
    for msgid, text in translations(lang)._catalog.items():
        if isinstance(msgid, tuple):
            singular, form = msgid
            found[f"{singular.removesuffix('.one')}.{tags[form]}"] = text
        elif msgid and text:
            found[msgid] = text
    return found


def read_catalogue(path: Path) -> Catalog:
    """A ``.po`` or ``.pot`` file as Babel reads it (what translators edit)."""
    with path.open("rb") as po:
        return read_po(po)
