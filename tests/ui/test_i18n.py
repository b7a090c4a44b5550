"""Every visible string exists in English and French, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

from core.games.caravan.cards import DECK, SUITS
from core.games.caravan.notation import SUIT_LETTERS
from ui.i18n import EN, FR, Translator, best_language

UI = Path(__file__).resolve().parents[2] / "ui"
LITERAL_KEY = re.compile(r"""\bt\(\s*"([a-z_][a-z0-9_.:]*)\"""")
PLURAL_KEY = re.compile(r"""\bt\.plural\(\s*"([a-z_][a-z0-9_.:]*)\"""")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_catalogues_have_the_same_keys() -> None:
    assert set(EN) - set(FR) == set()
    assert set(FR) - set(EN) == set()


def test_translations_use_the_same_placeholders() -> None:
    for key in EN:
        assert placeholders(EN[key]) == placeholders(FR[key]), key


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


def test_the_browser_language_is_followed_with_english_as_fallback() -> None:
    assert best_language("fr-FR,fr;q=0.9,en-US;q=0.8") == "fr"
    assert best_language("en-GB,fr;q=0.5") == "en"
    assert best_language("de-DE,de;q=0.9") == "en"
    assert best_language("de;q=0.9, fr;q=0.8") == "fr"
    assert best_language("fr;q=garbage, en") == "en"
    assert best_language("") == "en"
