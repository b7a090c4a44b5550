"""French typography over the whole French catalogue and the French rules pages.

French wants a narrow no-break space (U+202F) before ``:`` ``;`` ``!`` ``?`` and inside
« », and one apostrophe, ``’``. English keeps the ASCII one throughout. Every message has
the same placeholders in both languages, and a counted one has every form of its language.
The texts are read from the catalogues translators edit (``ui/locale/*/LC_MESSAGES/*.po``).
"""

from __future__ import annotations

import re
import string
from pathlib import Path

from ui.i18n import Translator
from ui.i18n.catalogues import plural_tags, po_path, read_catalogue

NNBSP = "\u202f"
HELP = Path(__file__).resolve().parents[2] / "ui" / "help"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CODE_SPAN = re.compile(r"`[^`]*`|^\[\[situation:[\w-]+\]\]$")  # code, a picture's marker
HIGH_MARK = re.compile(r"[:;!?]")
NAMES = ("Feurio!",)  # a game's name keeps its own spelling


def forms(lang: str) -> dict[str, str]:
    """Every text of a language's catalogue: a counted message's forms under their categories
    (``offseason.coins.one``, ``offseason.coins.many``...)."""
    found = {}
    for message in read_catalogue(po_path(lang)):
        if isinstance(message.id, tuple):
            stem = message.id[0].removesuffix(".one")
            pairs = zip(plural_tags(lang), message.string, strict=True)
            found |= {f"{stem}.{tag}": text for tag, text in pairs}
        elif message.id:
            found[message.id] = message.string
    return found


EN, FR = forms("en"), forms("fr")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def technical(text: str, at: int) -> bool:
    """A colon or question mark that belongs to a time (12:30) or an address (https://, ?q=)."""
    before, after = text[at - 1 : at], text[at + 1 : at + 2]
    if text[at] == ":" and before.isdigit() and after.isdigit():
        return True
    if text[at] == ":" and text[at + 1 : at + 3] == "//":
        return True
    query = re.match(r"\w+=", text[at + 1 :])
    return text[at] == "?" and bool(re.match(r"[\w/.-]", before)) and query is not None


def offences(text: str) -> list[str]:
    """What breaks French typography in ``text``, each quoted with what surrounds it."""
    text = PLACEHOLDER.sub("x", text)  # {value:+d} is a format, not a colon
    for name in NAMES:
        text = text.replace(name, "x")
    found = []
    if "'" in text:
        found.append("ASCII apostrophe")
    for mark in HIGH_MARK.finditer(text):
        at = mark.start()
        before = text[at - 1 : at]
        if at == 0 or before == NNBSP or before in ":;!?" or technical(text, at):
            continue
        found.append(f"{text[max(0, at - 8) : at + 1]!r} wants U+202F before {text[at]}")
    for quote in re.finditer("«", text):
        if text[quote.end() : quote.end() + 1] != NNBSP:
            found.append(f"{text[quote.start() : quote.end() + 8]!r} wants U+202F after «")
    for quote in re.finditer("»", text):
        if text[quote.start() - 1 : quote.start()] != NNBSP:
            found.append(f"{text[max(0, quote.start() - 8) : quote.end()]!r} wants U+202F before »")
    return found


def test_the_checker_knows_good_french_from_bad() -> None:
    assert offences("Tour\u202f: 3 cartes\u202f; «\u202foui\u202f»\u202f!") == []
    assert offences("À 12:30, voir https://exemple.fr/a?b=1.") == []
    assert offences("{n:+d} points") == []
    assert offences("Les règles de Feurio!") == []
    assert len(offences("Alice: réfléchit")) == 1
    assert len(offences("Collecté : 2")) == 1
    assert len(offences("Collecté\xa0: 2")) == 1
    assert len(offences("l'Auteur")) == 1
    assert len(offences("« oui »")) == 2
    assert offences(CODE_SPAN.sub("x", "[[situation:caravan-answer]]")) == []


def test_every_french_string_follows_french_typography() -> None:
    bad = {key: found for key, text in FR.items() if (found := offences(text))}
    assert bad == {}, f"{len(bad)} French strings break the typography"


def test_the_french_rules_pages_follow_french_typography() -> None:
    bad = {}
    for page in sorted(HELP.glob("*.fr.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("|") and set(line) <= set("|:- "):
                continue  # a table's alignment row
            if found := offences(CODE_SPAN.sub("x", line)):
                bad[f"{page.name}:{number}"] = found
    assert bad == {}, f"{len(bad)} lines of the French rules break the typography"


def test_english_uses_one_apostrophe() -> None:
    curly = {key for key, text in EN.items() if "’" in text}
    assert curly == set()
    for page in sorted(HELP.glob("*.en.md")):
        assert "’" not in page.read_text(encoding="utf-8"), page.name


def test_every_key_has_the_same_placeholders_in_both_languages() -> None:
    assert set(EN) == {key for key in FR if not key.endswith(".many")}
    differ = {key for key in EN if placeholders(EN[key]) != placeholders(FR[key])}
    assert differ == set()
    many = {key for key in FR if key.endswith(".many")}
    assert many
    assert all(placeholders(FR[key]) == placeholders(FR[key[:-5] + ".other"]) for key in many)


def test_plural_keys_come_in_complete_sets() -> None:
    for lang, catalogue in (("en", EN), ("fr", FR)):
        tags = plural_tags(lang)
        stems = {key.rsplit(".", 1)[0] for key in catalogue if key.endswith((".one", ".other"))}
        incomplete = {s for s in stems if not {f"{s}.{tag}" for tag in tags} <= set(catalogue)}
        assert incomplete == set()


def test_french_counts_nought_and_one_in_the_singular() -> None:
    t = Translator("fr")
    assert t.plural("offseason.coins", 0) == "0 pièce"
    assert t.plural("offseason.coins", 1) == "1 pièce"
    assert t.plural("offseason.coins", 2) == "2 pièces"
    assert Translator("en").plural("offseason.coins", 0) == "0 coins"
