"""Fixtures of the tests of several processes: the machine's Redis (``TEST_REDIS_URL``,
default ``redis://127.0.0.1:6379/0``), skipped with the reason when it does not answer."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
async def redis_url() -> AsyncIterator[str]:
    url = os.environ.get("TEST_REDIS_URL") or DEFAULT_REDIS
    client = Redis.from_url(url, socket_connect_timeout=2)
    try:
        await client.ping()
    except Exception as err:
        pytest.skip(f"Redis not reachable at {url}: {err}")
    finally:
        await client.aclose()
    yield url


@pytest.fixture
def unique() -> str:
    """A name no other test uses (channels, keys, tables)."""
    return uuid.uuid4().hex[:10]
