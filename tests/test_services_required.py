"""A test whose service does not answer fails, saying which, unless the run opted out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDS_REDIS = """
async def test_needs_redis(redis_url):
    assert redis_url
"""


def run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A test needing Redis, run against an address where nothing listens."""
    test = tmp_path / "test_needs_redis.py"
    test.write_text(NEEDS_REDIS, encoding="utf-8")
    (tmp_path / "conftest.py").write_text("from tests.conftest import *  # noqa\n")
    settings = {k: v for k, v in os.environ.items() if k != "CARAVANSERAI_TESTS_WITHOUT"}
    settings.update(TEST_REDIS_URL="redis://127.0.0.1:1/0", PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
         "-o", "asyncio_mode=auto", "-o", "asyncio_default_fixture_loop_scope=function", str(test)],
        cwd=tmp_path, env=settings, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_a_service_that_does_not_answer_fails_the_test_and_names_itself(tmp_path: Path) -> None:
    done = run(tmp_path)
    assert done.returncode == 1, done.stdout
    assert "1 error" in done.stdout  # in its set-up: the fixture that found no Redis
    assert "Redis not reachable at redis://127.0.0.1:1/0" in done.stdout
    assert "CARAVANSERAI_TESTS_WITHOUT=redis" in done.stdout


@pytest.mark.parametrize("without", ["redis", "postgres, redis", "all"])
def test_a_run_that_names_the_service_skips_its_tests_with_the_reason(
    tmp_path: Path, without: str
) -> None:
    done = run(tmp_path, CARAVANSERAI_TESTS_WITHOUT=without)
    assert done.returncode == 0, done.stdout
    assert "1 skipped" in done.stdout
    assert f"CARAVANSERAI_TESTS_WITHOUT={without}" in done.stdout


def test_naming_another_service_still_fails(tmp_path: Path) -> None:
    done = run(tmp_path, CARAVANSERAI_TESTS_WITHOUT="postgres")
    assert done.returncode == 1, done.stdout
