"""Bot tests search with iteration-only budgets: fast, and the search levels deterministic."""

from __future__ import annotations

import pytest

from core.bots import ismcts
from core.bots.ismcts import Budget


@pytest.fixture(autouse=True)
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ismcts, "BUDGETS", {"normal": Budget(None, 3), "hard": Budget(None, 6)})
