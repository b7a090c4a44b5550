"""Every visible string exists in every language's catalogue, with the same placeholders."""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo

from core.games.caravan.cards import DECK, SUITS
from core.games.caravan.notation import SUIT_LETTERS
from ui.i18n import EN, LANGUAGES, Translator, best_language
from ui.i18n.catalogues import TEMPLATE, mo_path, plural_tags, po_path, read_catalogue
from ui.i18n.template import template
from ui.i18n.zone import COOKIE, reader_zone

UI = Path(__file__).resolve().parents[2] / "ui"
LITERAL_KEY = re.compile(r"""\bt\(\s*"([a-z_][a-z0-9_.:]*)\"""")
PLURAL_KEY = re.compile(r"""\bt\.plural\(\s*"([a-z_][a-z0-9_.:]*)\"""")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def texts(catalogue: Catalog) -> dict[object, tuple[str, ...]]:
    """Each message id with its forms (one for a message that is not counted)."""
    return {
        tuple(m.id) if isinstance(m.id, list | tuple) else m.id: (
            tuple(m.string) if isinstance(m.string, list | tuple) else (m.string,)
        )
        for m in catalogue
        if m.id
    }


def test_english_and_french_are_catalogues() -> None:
    assert LANGUAGES == ("en", "fr")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_template_is_translated(lang: str) -> None:
    catalogue = read_catalogue(po_path(lang))
    assert set(texts(catalogue)) == set(texts(read_catalogue(TEMPLATE)))
    untranslated = {key for key, forms in texts(catalogue).items() if not all(forms)}
    assert untranslated == set()
    assert [message.id for message in catalogue if message.id and message.fuzzy] == []
    assert list(catalogue.obsolete) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_use_the_english_placeholders(lang: str) -> None:
    english = texts(read_catalogue(po_path("en")))
    for key, forms in texts(read_catalogue(po_path(lang))).items():
        wanted = set().union(*(placeholders(text) for text in english[key]))
        assert {name for text in forms for name in placeholders(text)} <= wanted, key
        assert placeholders(forms[0]) == placeholders(english[key][0]), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_message_has_the_forms_of_its_language(lang: str) -> None:
    for message in read_catalogue(po_path(lang)):
        if isinstance(message.id, tuple):
            singular, plural = message.id
            assert singular.endswith(".one"), message.id
            assert plural == singular.removesuffix(".one") + ".other", message.id
            assert len(message.string) == len(plural_tags(lang)), message.id


def test_the_template_is_made_from_the_english_catalogue() -> None:
    """``make messages`` was run since the English catalogue last changed."""

    def notes(catalogue: Catalog) -> dict[object, list[str]]:  # a long note is written wrapped
        return {m.id: " ".join(m.auto_comments).split() for m in catalogue if m.id}

    assert notes(template()) == notes(read_catalogue(TEMPLATE))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogues_match_their_po_files(lang: str) -> None:
    """The committed ``.mo`` holds what its ``.po`` says (``make translations``)."""
    compiled = BytesIO()
    write_mo(compiled, read_catalogue(po_path(lang)))
    compiled.seek(0)
    with mo_path(lang).open("rb") as mo:
        committed = read_mo(mo)
    assert texts(committed) == texts(read_mo(compiled))
    assert committed.plural_forms == read_catalogue(po_path(lang)).plural_forms


def test_every_key_the_pages_ask_for_exists() -> None:
    used = {
        key
        for path in UI.rglob("*.py")
        for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert used, "the pattern finds the keys"
    assert sorted(used - set(EN)) == []
    plurals = {
        f"{key}.{form}"
        for path in UI.rglob("*.py")
        for key in PLURAL_KEY.findall(path.read_text(encoding="utf-8"))
        for form in ("one", "other")
    }
    assert plurals, "the pattern finds the plural keys"
    assert sorted(plurals - set(EN)) == []


def test_every_card_and_suit_has_a_name_in_both_languages() -> None:
    for lang in ("en", "fr"):
        t = Translator(lang)
        for card in DECK:
            if not card.is_wild or card.rank == 10:
                assert t.has(f"card.{card.code}"), (lang, card.code)
        for suit in SUITS:
            assert t.has(f"suit.{suit}"), (lang, suit)
            assert SUIT_LETTERS[lang][suit], (lang, suit)  # the corner's letters (notation)


def test_a_missing_message_falls_back_to_english_then_to_its_key() -> None:
    assert Translator("de").lang == "en"
    assert Translator("fr")("no.such.key") == "no.such.key"
    assert Translator("fr").plural("no.such", 2) == "no.such.other"
    assert Translator("fr")("labelled", label="Tour", text="3") == "Tour\u202f: 3"


def test_plurals_follow_the_cldr_rules() -> None:
    fr, en = Translator("fr"), Translator("en")
    french = ["0 pièce", "1 pièce", "2 pièces"]
    assert [fr.plural("offseason.coins", n) for n in (0, 1, 2)] == french
    assert fr.plural("offseason.coins", 1_000_000) == "1000000 pièces"  # CLDR's "many"
    assert [en.plural("offseason.coins", n) for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]


def test_dates_and_times_are_written_in_the_readers_language_and_zone() -> None:
    moment = datetime(2026, 12, 1, 23, 30)  # stored naive, in UTC
    assert Translator("en").datetime(moment) == "Dec 1, 2026, 11:30\u202fPM"
    assert Translator("fr", "Europe/Paris").datetime(moment) == "2 déc. 2026, 00:30"
    assert Translator("en", "America/New_York").datetime(moment) == "Dec 1, 2026, 6:30\u202fPM"
    assert Translator("fr", "Europe/Paris").date(moment.replace(tzinfo=UTC)) == "2 déc. 2026"
    assert Translator("en", "Pacific/Honolulu").date(moment) == "Dec 1, 2026"


def test_the_zone_is_the_one_the_browser_reported() -> None:
    assert reader_zone({COOKIE: "Europe/Paris"}) == "Europe/Paris"
    assert reader_zone({COOKIE: "Mars/Olympus"}) is None
    assert reader_zone({COOKIE: "/etc/localtime"}) is None
    assert reader_zone({}) is None
    assert reader_zone(None) is None


def test_the_browser_language_is_followed_with_english_as_fallback() -> None:
    assert best_language("fr-FR,fr;q=0.9,en-US;q=0.8") == "fr"
    assert best_language("en-GB,fr;q=0.5") == "en"
    assert best_language("de-DE,de;q=0.9") == "en"
    assert best_language("de;q=0.9, fr;q=0.8") == "fr"
    assert best_language("fr;q=garbage, en") == "en"
    assert best_language("") == "en"
