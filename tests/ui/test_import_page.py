"""The import page is a drop zone with a named file picker, and says which file it
shows once a good one is read (no uploader's byte count or percentage)."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from core.record import dumps
from tests.ui.test_history_pages import played, upload


def text_of(user: User, marker: str) -> str:
    (element,) = user.find(marker=marker).elements
    return str(element.text)


async def test_the_drop_zone_holds_the_picker_and_says_which_file_is_shown(user: User) -> None:
    await user.open("/import")
    (uploader,) = user.find(ui.upload).elements
    assert "list" in uploader.slots  # the uploader's body is ours: no empty white area
    inside = {m for e in uploader.descendants() for m in e._markers}
    assert {"import-pick", "import-status"} <= inside
    await user.should_see("Drop a record file here")
    await user.should_see("A JSON file of at most 1 MB.")
    assert text_of(user, "import-status") == "No file chosen yet."
    assert text_of(user, "import-pick") == "Choose a file…"

    await upload(user, dumps(played()).encode(), "game.json")
    await user.should_see("Move 26 of 26")
    assert text_of(user, "import-status") == "✓ game.json is shown below."
    assert text_of(user, "import-pick") == "Choose another file…"

    await upload(user, b"{not json", "bad.json")
    await user.should_see("This file is not JSON")
    assert text_of(user, "import-status") == "No file chosen yet."


async def test_the_drop_zone_speaks_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/import")
    await user.should_see("Déposez un fichier de partie ici")
    await upload(user, dumps(played()).encode(), "partie.json")
    await user.should_see("✓ partie.json est montré ci-dessous.")
