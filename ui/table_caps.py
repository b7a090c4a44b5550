"""How many tables a visitor, or a network address, may open.

The open tables are the ones this process holds live (and the address each was opened
from is kept in memory only). The new tables a minute are counted by limiters of this
process, which :meth:`TableCaps.check_shared` and :meth:`TableCaps.count_shared` ask
through :func:`ui.shared_rate_limit.limit_for`: shared in Redis by every process when
``REDIS_URL`` is set, so a visitor opening tables on several processes meets one rate;
with it unset, the very same in-memory counts as :meth:`TableCaps.check` and
:meth:`TableCaps.count`.
"""

from __future__ import annotations

import math

from core.table import Table, TableError
from ui.rate_limit import Limiter
from ui.shared_rate_limit import limit_for

# Tables one visitor, or one network address, may have open (neither finished, nor
# cancelled, nor abandoned), and may open in a minute; a rematch counts as a new table.
MAX_OPEN_PER_VISITOR = 10
MAX_OPEN_PER_ADDRESS = 30
NEW_PER_VISITOR_PER_MINUTE = 10
NEW_PER_ADDRESS_PER_MINUTE = 30


class TableCaps:
    """The caps on new tables of one site."""

    def __init__(self) -> None:
        self.addresses: dict[str, str] = {}  # table id -> the address that opened it
        self._new_by_visitor = Limiter(NEW_PER_VISITOR_PER_MINUTE, 60.0)
        self._new_by_address = Limiter(NEW_PER_ADDRESS_PER_MINUTE, 60.0)
        self._shared_by_visitor = limit_for("new-tables:visitor", self._new_by_visitor)
        self._shared_by_address = limit_for("new-tables:address", self._new_by_address)

    def check(self, live: list[Table], visitor: str, address: str | None) -> None:
        """Refuse a new table beyond the caps above (TableError, code ``too_many``), given
        the tables now ``live`` (neither finished, nor cancelled, nor abandoned); the new
        tables a minute as this process counted them."""
        self._check_open(live, visitor, address)
        _refuse_if_waiting(
            max(
                self._new_by_visitor.retry_after(visitor) if visitor else 0.0,
                self._new_by_address.retry_after(address) if address else 0.0,
            )
        )

    async def check_shared(self, live: list[Table], visitor: str, address: str | None) -> None:
        """:meth:`check`, with the new tables a minute as every process counted them."""
        self._check_open(live, visitor, address)
        _refuse_if_waiting(
            max(
                await self._shared_by_visitor.retry_after(visitor) if visitor else 0.0,
                await self._shared_by_address.retry_after(address) if address else 0.0,
            )
        )

    def _check_open(self, live: list[Table], visitor: str, address: str | None) -> None:
        if visitor and sum(t.settings.host == visitor for t in live) >= MAX_OPEN_PER_VISITOR:
            raise TableError(
                "too_many",
                f"You have {MAX_OPEN_PER_VISITOR} unfinished tables already.",
                key="too_many_open",
                n=MAX_OPEN_PER_VISITOR,
            )
        if address and sum(self.addresses.get(t.id) == address for t in live) >= (
            MAX_OPEN_PER_ADDRESS
        ):
            raise TableError(
                "too_many",
                f"{MAX_OPEN_PER_ADDRESS} unfinished tables are open from your network already.",
                key="too_many_open_address",
                n=MAX_OPEN_PER_ADDRESS,
            )

    def count(self, visitor: str, address: str | None) -> None:
        """A new table is being opened by ``visitor`` from ``address`` (counted before it
        is stored, so that requests arriving while the write is under way count)."""
        if visitor:
            self._new_by_visitor.fail(visitor)  # the limiter's word for "count one"
        if address:
            self._new_by_address.fail(address)

    async def count_shared(self, visitor: str, address: str | None) -> None:
        """:meth:`count`, for every process to see (and this one's own counts too)."""
        if visitor:
            await self._shared_by_visitor.fail(visitor)
        if address:
            await self._shared_by_address.fail(address)


def _refuse_if_waiting(wait: float) -> None:
    if wait > 0:
        seconds = math.ceil(wait)
        raise TableError(
            "too_many",
            f"Too many new tables in a minute; wait {seconds} s.",
            key="too_many_new",
            seconds=seconds,
        )
