"""Bot tests search with iteration-only budgets: fast, and the search deterministic."""

from __future__ import annotations

import pytest

from core.bots import levels
from core.bots.levels import Budget


@pytest.fixture(autouse=True)
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "BUDGETS", {"hard": Budget(None, 6)})
