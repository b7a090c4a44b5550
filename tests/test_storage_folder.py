"""Each test process keeps NiceGUI's storage in a folder of its own.

A page test's end empties the folder and removes it (NiceGUI's ``Storage.clear``): two
processes of ``pytest -n 2`` sharing one removed it under each other's page tests, which
then failed writing a visitor's storage ("No such file or directory: .../.nicegui"). The
folder of its own is made with its parent, where NiceGUI makes only the folder itself.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from nicegui.persistence.file_persistent_dict import FilePersistentDict
from nicegui.storage import Storage


def test_this_process_keeps_its_storage_in_a_folder_named_for_it() -> None:
    made_for_tests = str(Path(tempfile.gettempdir()) / "caravanserai-tests-")
    folder = os.environ["NICEGUI_STORAGE_PATH"]
    if not folder.startswith(made_for_tests):
        return  # a folder the developer chose: theirs to keep apart
    assert folder == str(Path(f"{made_for_tests}{os.getpid()}") / ".nicegui"), folder
    assert Storage.path == Path(folder).resolve()  # where NiceGUI writes it


async def test_a_visitors_storage_is_written_after_a_page_test_removed_the_folder() -> None:
    # What a page test's end leaves (Storage.clear): the folder gone. A visitor's first
    # write makes it again (FilePersistentDict.backup), which needs its parent.
    if Storage.path.exists() and not any(Storage.path.iterdir()):
        Storage.path.rmdir()
    probe = FilePersistentDict(Storage.path / "storage-probe.json", encoding="utf-8")
    probe["seen"] = 1  # FileNotFoundError, with no parent folder
    assert Storage.path.is_dir()
    probe.clear()
