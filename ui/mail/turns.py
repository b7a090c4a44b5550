"""The "your turn" mails and the daily digest (docs/mail.md).

:class:`TurnMails` listens to the site's turns (``Site.on_turn``: after every stored move
or seat change, the people now to move). For each of them without a page of that table
open here, it queues, in the background, one mail per (person, match, ply at which their
turn began): the outbox's dedupe key ``turn:<user>:<match>:<ply>`` holds that however many
processes hear the move, and whatever moves others make at a simultaneous step. Only
accounts that chose a mail for each turn, at a confirmed address, get one (the query
decides). Nothing here waits for storage or SMTP on the way of a move: the listener only
starts a task.

The digest: every :data:`DIGEST_LOOK` seconds, each account that chose the daily digest
and had none for a day gets one mail listing the games waiting for it
(:func:`storage.turns.games_waiting`), none when nothing waits; the key
``digest:<user>:<day>`` keeps it to one a day across processes.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import timedelta

from nicegui import background_tasks

from core.table import Table
from storage import mail as store
from storage import turns
from storage.models import MailAddress
from ui.i18n import Translator
from ui.mail import compose
from ui.mail.service import Mail
from ui.site_turns import turn_began

log = logging.getLogger(__name__)

DIGEST_EVERY = timedelta(days=1)
DIGEST_LOOK = 600.0  # seconds between two looks for the digests due


@dataclass(frozen=True)
class Turn:
    """What a mail needs of a table, taken when the turn was heard (the table moves on)."""

    match_id: str
    game: str
    names: tuple[str, ...]
    seats: dict[str, tuple[int, ...]]  # each person's seats to move
    began: dict[str, int]  # each person's ply at which their turn began


class TurnMails:
    """Queues the turn mails and digests of one site."""

    def __init__(self, mail: Mail, *, digest_every: timedelta = DIGEST_EVERY) -> None:
        self.mail, self.site = mail, mail.site
        self.digest_every = digest_every
        self.unsubscribe = self.site.on_turn(self.heard)

    def heard(self, table: Table, user_ids: list[str]) -> None:
        """The turn listener: on the event loop, so it only takes note and starts a task."""
        live = self.site.live.get(table.id)
        away = [uid for uid in user_ids if live is None or not live.is_present(uid)]
        if not away:
            return
        to_move = table.state.to_move()
        turn = Turn(
            match_id=table.id,
            game=table.game,
            names=tuple(seat.name for seat in table.seats),
            seats={
                uid: tuple(s for s in sorted(to_move) if table.seats[s].user_id == uid)
                for uid in away
            },
            began={uid: turn_began(table, uid) for uid in away},
        )
        background_tasks.create(self.queue_turn(turn), name=f"turn-mail-{table.id}")

    async def queue_turn(self, turn: Turn) -> int:
        """Queue the turn's mails; how many were new."""
        try:
            recipients = await self.mail.gateway(store.turn_recipients, user_ids=list(turn.seats))
            queued = 0
            for row in recipients:
                queued += await self._turn_mail(turn, row)
            return queued
        except Exception:
            log.exception("the turn mails of match %s could not be queued", turn.match_id)
            return 0

    async def _turn_mail(self, turn: Turn, row: MailAddress) -> bool:
        base = self.mail.base()
        t = Translator(row.lang)
        draft = compose.your_turn(
            t,
            name=self._name(turn, row.user_id),
            game=turn.game,
            names=turn.names,
            seats=turn.seats[row.user_id],
            link=f"{base}/table/{turn.match_id}",
            unsubscribe=self.mail.unsubscribe_link(base, row.user_id),
        )
        dedupe = f"turn:{row.user_id}:{turn.match_id}:{turn.began[row.user_id]}"
        return await self.mail.queue(dedupe, row.address, draft)

    @staticmethod
    def _name(turn: Turn, user_id: str) -> str:
        seats = turn.seats[user_id]
        return turn.names[seats[0]] if seats else ""

    async def digests(self) -> int:
        """Queue the digests due now; how many."""
        now = self.mail.now()
        due = await self.mail.gateway(store.digest_due, now=now, every=self.digest_every)
        queued = 0
        for row in due:
            try:
                queued += await self._digest(row)
            except Exception:
                log.exception("the digest of %s could not be queued", row.user_id)
        return queued

    async def _digest(self, row: MailAddress) -> bool:
        now = self.mail.now()
        games = await self.mail.gateway(turns.games_waiting, user_id=row.user_id)
        queued = False
        if games:
            user = await self.mail.site.user(row.user_id)
            base = self.mail.base()
            draft = compose.digest(
                Translator(row.lang),
                name=(user.username or user.name) if user is not None else "",
                games=games,
                link=base,
                unsubscribe=self.mail.unsubscribe_link(base, row.user_id),
            )
            day = int(now.timestamp() // self.digest_every.total_seconds())
            queued = await self.mail.queue(f"digest:{row.user_id}:{day}", row.address, draft)
        await self.mail.gateway(store.digest_done, user_id=row.user_id, now=now)
        return queued

    async def run(self) -> None:
        """Look for the digests due every :data:`DIGEST_LOOK` seconds while the site runs."""
        while not self.site.stopping:
            try:
                await self.digests()
            except Exception as err:
                log.warning("the digests could not be looked at: %s", err)
            await asyncio.sleep(DIGEST_LOOK)

    def start(self) -> None:
        background_tasks.create(self.run(), name="mail-digests")
