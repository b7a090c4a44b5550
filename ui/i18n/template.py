"""Writes ``ui/locale/messages.pot``, the template every language's catalogue follows.

Most keys are not literals in the code (``t(f"card.{code}")``), so they cannot be
extracted from it: the English catalogue is where a message is first written, and the
template holds its ids, with the English text as a note for translators. ``make messages``
runs this, then ``pybabel update`` brings every language's ``.po`` in line with it (a new
message arrives there untranslated, a removed one goes).

    python -m ui.i18n.template
"""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from ui.i18n.catalogues import DEFAULT, TEMPLATE, po_path, read_catalogue

HEADER = """\
# The messages of Caravanserai: `make messages` writes this template from the English
# catalogue (ui/i18n/template.py). A new language starts from it: docs/translating.md.
#"""
WIDTH = 100  # the width the catalogues are written with (make messages passes it on)


def template() -> Catalog:
    """The English catalogue's messages without their text, the English as a comment."""
    english = read_catalogue(po_path(DEFAULT))
    made = Catalog(
        project=english.project,
        version=english.version,
        header_comment=HEADER,
        copyright_holder="Caravanserai",
        last_translator="",
        language_team="",
    )
    for message in english:
        if not message.id:
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        empty = ("", "") if isinstance(message.id, tuple) else ""
        made.add(
            message.id,
            empty,
            flags=message.flags,
            auto_comments=["English: " + " | ".join(f"“{text}”" for text in texts)],
            context=message.context,
        )
    return made


def main() -> None:
    with TEMPLATE.open("wb") as pot:
        write_po(pot, template(), width=WIDTH)


if __name__ == "__main__":
    main()
