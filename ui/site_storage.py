"""What pages read and write in storage, as async methods of the site.

Pages never import :mod:`storage`: they ``await site.load_record(match_id)``,
``site.profile(username)`` and so on. Each method runs one storage call through the
site's gateway (:mod:`ui.gateway`), off the event loop and within its time limit, so it
raises :class:`ui.gateway.StorageUnavailable` when the database does not answer; other
storage errors pass through as they are. The few storage names a page needs to draw
itself (the username pattern, the account kinds, the history's outcomes and rows) are
given here too.
"""

from __future__ import annotations

from typing import Any

from core.table import SeatInfo
from storage import accounts, ratings, repo
from storage import history as stored
from storage.accounts import USERNAME
from storage.history import OUTCOMES, HistoryRow
from storage.models import LOCAL, User
from ui.gateway import Gateway

__all__ = ["LOCAL", "OUTCOMES", "USERNAME", "HistoryRow", "PageStorage", "User"]


class PageStorage:
    """The storage calls of the pages; mixed into :class:`ui.site.Site`."""

    gateway: Gateway

    async def ensure_guest(self, *, user_id: str, name: str) -> User:
        """The visitor's user row, made as a guest called ``name`` if it is new."""
        return await self.gateway(repo.ensure_guest, user_id=user_id, name=name)

    async def load_record(self, match_id: str) -> dict[str, Any] | None:
        """A stored match's record (None if unknown)."""
        return await self.gateway(repo.load_record, match_id=match_id)

    async def load_seats(self, match_id: str) -> list[SeatInfo]:
        """Who sat where at a stored match, seat 0 first."""
        return await self.gateway(repo.load_seats, match_id=match_id)

    async def user(self, user_id: str) -> User | None:
        return await self.gateway(accounts.get_user, user_id=user_id)

    async def identities(self, user_id: str) -> list[str]:
        """The sign-in providers linked to the account."""
        return await self.gateway(accounts.identities_of, user_id=user_id)

    async def profile(self, username: str) -> dict[str, Any] | None:
        """What anyone may see of an account (:func:`storage.ratings.profile`)."""
        return await self.gateway(ratings.profile, username=username)

    async def history_page(
        self,
        *,
        user_id: str,
        game: str | None,
        result: str | None,
        opponent: str | None,
        page: int,
        per_page: int,
    ) -> tuple[list[HistoryRow], int]:
        """One page of a visitor's matches and how many match the filters."""
        return await self.gateway(
            stored.matches_for_user_page,
            user_id=user_id,
            game=game,
            result=result,
            opponent=opponent,
            page=page,
            per_page=per_page,
        )
