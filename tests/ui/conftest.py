"""Page tests with NiceGUI's simulated user: no browser, the real pages and database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from nicegui.testing import User
from nicegui.testing.user_simulation import user_simulation

from tests.ui import patience

MAIN = Path(__file__).with_name("site_main.py")


@pytest.fixture
async def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[User]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/site.db")
    monkeypatch.setenv("CARAVANSERAI_SECRET", "page-tests")
    monkeypatch.setenv("CARAVANSERAI_BOT_PAUSE", "0")
    patience.install(monkeypatch)  # should_see / should_not_see wait on the page, not 0.3 s
    async with user_simulation(main_file=MAIN) as simulated:
        yield simulated
