"""The words of each mail, in its reader's language: plain text, every link on a line of
its own. Names people chose (their seat names) appear only in the body, never in a header.

A mail is a :class:`Draft`: its subject, its text and the extra headers it carries (the
unsubscribe link of the "your turn" mails, as ``List-Unsubscribe``, RFC 2369 and 8058).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.games import GAMES
from storage.mail import CONFIRM_FOR
from storage.turns import WaitingGame
from ui.i18n import Translator
from ui.seat_names import seat_name


@dataclass(frozen=True)
class Draft:
    subject: str
    text: str
    headers: dict[str, str] = field(default_factory=dict)


def _mail(t: Translator, name: str, *paragraphs: str) -> str:
    return "\n\n".join((t("mail.greeting", name=name), *paragraphs, t("mail.signature"))) + "\n"


def _unsubscribing(t: Translator, unsubscribe: str) -> tuple[str, dict[str, str]]:
    headers = {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return f"{t('mail.footer')}\n{unsubscribe}", headers


def game_title(game: str) -> str:
    rules = GAMES.get(game)
    return rules.title if rules is not None else game


def opponents(t: Translator, names: Sequence[str], own: Sequence[int]) -> str:
    """The other seats' names, as the reader reads them, joined by the catalogue's list."""
    others = [seat_name(t, name) for seat, name in enumerate(names) if seat not in own]
    return ", ".join(others) if others else t("mail.nobody")


def confirmation(t: Translator, *, name: str, link: str) -> Draft:
    body = f"{t('mail.confirm.body', days=CONFIRM_FOR.days)}\n{link}"
    return Draft(t("mail.confirm.subject"), _mail(t, name, body, t("mail.confirm.ignore")))


def password_reset(t: Translator, *, name: str, link: str) -> Draft:
    body = f"{t('mail.reset.body')}\n{link}"
    return Draft(t("mail.reset.subject"), _mail(t, name, body, t("mail.reset.ignore")))


def your_turn(
    t: Translator,
    *,
    name: str,
    game: str,
    names: Sequence[str],
    seats: Sequence[int],
    link: str,
    unsubscribe: str,
) -> Draft:
    title = game_title(game)
    body = t("mail.turn.body", game=title, opponents=opponents(t, names, seats)) + f"\n{link}"
    footer, headers = _unsubscribing(t, unsubscribe)
    return Draft(t("mail.turn.subject", game=title), _mail(t, name, body, footer), headers)


def digest(
    t: Translator,
    *,
    name: str,
    games: Sequence[WaitingGame],
    link: str,
    unsubscribe: str,
) -> Draft:
    """One mail listing every game waiting for the reader, each with its link."""
    lines = [t("mail.digest.body")]
    for game in games:
        line = t(
            "mail.digest.line",
            game=game_title(game.game),
            opponents=opponents(t, game.names, game.seats),
            since=t.datetime(game.since),
        )
        if game.deadline is not None:
            line += " " + t("mail.digest.deadline", deadline=t.datetime(game.deadline))
        lines.append(f"- {line}\n  {link}/table/{game.match_id}")
    footer, headers = _unsubscribing(t, unsubscribe)
    subject = t.plural("mail.digest.subject", len(games))
    return Draft(subject, _mail(t, name, "\n".join(lines), footer), headers)
