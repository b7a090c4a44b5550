"""Which match follows a finished one (its rematch), named once however many ask.

Two players asking for the rematch at once, perhaps on two processes, must open one table:
the follow-up's id is claimed here first, under the match's row lock, and only the process
whose claim stood opens it; the others send their players to it.
"""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import select

from storage.db import session
from storage.models import Match


def claim_rematch(engine: Engine, *, match_id: str, rematch: str) -> str:
    """Name ``rematch`` as the match that follows ``match_id`` unless one is named already;
    the one named. Two processes asking at once name one: the first to commit."""
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None:
            raise ValueError(f"There is no match {match_id!r}.")
        if match.rematch is None:
            match.rematch = rematch
            s.add(match)
            s.commit()
        return str(match.rematch)


def release_rematch(engine: Engine, *, match_id: str, rematch: str) -> None:
    """Forget ``rematch`` as the follow-up of ``match_id`` (it could not be opened)."""
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is not None and match.rematch == rematch:
            match.rematch = None
            s.add(match)
            s.commit()
