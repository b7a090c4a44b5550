"""The image and the install are built from what the repository says: the Dockerfile's
structure (the Docker engine is not needed to check it), and the lock files that it and
``make`` install from."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("core", "storage", "ui")


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n", " ", "\n".join(lines))
    found = []
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            found.append((word.upper(), " ".join(rest.split())))
    return found


def index(instruction: str, contains: str = "") -> int:
    for n, (word, rest) in enumerate(instructions()):
        if word == instruction and contains in rest:
            return n
    raise AssertionError(f"no {instruction} with {contains!r} in the Dockerfile")


def env() -> dict[str, str]:
    values: dict[str, str] = {}
    for word, rest in instructions():
        if word == "ENV":
            values.update(part.split("=", 1) for part in shlex.split(rest) if "=" in part)
    return values


def test_the_image_runs_as_a_user_that_is_not_root() -> None:
    users = [rest for word, rest in instructions() if word == "USER"]
    assert users, "the image names a user"
    assert users[-1].split(":")[0] not in ("root", "0")
    assert index("USER") < index("CMD")


def test_the_healthcheck_asks_the_readiness_probe_without_curl() -> None:
    check = instructions()[index("HEALTHCHECK")][1]
    command = json.loads(check[check.index("CMD") + 3 :])  # the exec form is a JSON array
    assert command[:2] == ["python", "-c"]
    assert "/readyz" in command[2] or "/healthz" in command[2]
    compile(command[2], "HEALTHCHECK", "exec")
    assert json.loads(instructions()[index("CMD")][1]) == ["python", "-m", "ui.app"]


def test_the_locked_dependencies_are_installed_before_the_source_is_copied() -> None:
    lock = index("COPY", "requirements.lock")
    install = index("RUN", "-r requirements.lock")
    assert "--require-hashes" in instructions()[install][1]
    first_source = min(index("COPY", f"{name} ") for name in SOURCE)
    assert lock < install < first_source


def test_everything_the_site_keeps_lives_in_the_data_volume() -> None:
    volume = instructions()[index("VOLUME")][1]
    volumes = re.findall(r'"([^"]+)"', volume) or volume.split()
    storage = env()["NICEGUI_STORAGE_PATH"]
    assert any(storage.startswith(path.rstrip("/") + "/") for path in volumes)
    workdir = instructions()[index("WORKDIR")][1]
    assert f"{workdir}/data" in volumes, "the database and the secret under data/ too"


def pins(lock: str) -> dict[str, str]:
    text = (ROOT / lock).read_text(encoding="utf-8")
    return dict(re.findall(r"^([a-z0-9._-]+)==(\S+)", text, re.MULTILINE))


def test_the_lock_files_pin_every_dependency_of_pyproject_alike() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    app, test = pins("requirements.lock"), pins("requirements-test.lock")
    for pinned, wanted in (
        (app, project["dependencies"]),
        (test, project["dependencies"] + project["optional-dependencies"]["test"]),
    ):
        for requirement in wanted:
            name = re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0]
            assert name.lower().replace("_", "-") in pinned, f"{name} is not pinned"
    assert {name: test[name] for name in app} == app, "the test lock keeps the app's versions"


def test_make_installs_from_the_lock_files_and_reinstalls_when_they_change() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    stamp = re.search(r"^\$\(STAMP\):(.*)$", makefile, re.MULTILINE)
    assert stamp and "$(LOCKS)" in stamp.group(1)
    assert "-r requirements-test.lock" in makefile
    assert "--no-deps -e ." in makefile
    assert re.search(r"^lock:", makefile, re.MULTILINE)


@pytest.mark.skipif(shutil.which("hadolint") is None, reason="hadolint is not installed")
def test_hadolint_finds_nothing_to_say() -> None:
    result = subprocess.run(
        ["hadolint", str(ROOT / "Dockerfile")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
