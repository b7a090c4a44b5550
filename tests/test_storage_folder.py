"""Each test process keeps NiceGUI's storage in a folder of its own.

A page test's end empties the folder and removes it (NiceGUI's ``Storage.clear``): two
processes of ``pytest -n 2`` sharing one removed it under each other's page tests, which
then failed writing a visitor's storage ("No such file or directory: .../.nicegui").
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from nicegui.storage import Storage


def test_this_process_keeps_its_storage_in_a_folder_named_for_it() -> None:
    made_for_tests = str(Path(tempfile.gettempdir()) / "caravanserai-tests-")
    folder = os.environ["NICEGUI_STORAGE_PATH"]
    if not folder.startswith(made_for_tests):
        return  # a folder the developer chose: theirs to keep apart
    assert folder == str(Path(f"{made_for_tests}{os.getpid()}") / ".nicegui"), folder
    assert Storage.path == Path(folder).resolve()  # where NiceGUI writes it
