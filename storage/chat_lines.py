"""A table's chat lines, stored as their senders wrote them (pages show them as plain text)."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import col, select

from storage.db import session
from storage.models import ChatMessage


def add_chat(engine: Engine, *, match_id: str, seat: int, name: str, text: str) -> ChatMessage:
    """Store one chat line of a table; returns it with its time."""
    with session(engine) as s:
        line = ChatMessage(match_id=match_id, seat=seat, name=name, text=text)
        s.add(line)
        s.commit()
        s.refresh(line)
        return line


def load_chat(engine: Engine, *, match_id: str, limit: int = 200) -> list[ChatMessage]:
    """The last ``limit`` chat lines of a table, oldest first."""
    with session(engine) as s:
        rows = s.exec(
            select(ChatMessage)
            .where(ChatMessage.match_id == match_id)
            .order_by(col(ChatMessage.id).desc())
            .limit(limit)
        ).all()
        return list(reversed(rows))
