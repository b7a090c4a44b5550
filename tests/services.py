"""What a test does when a service it needs does not answer: it fails, saying which.

``make test`` starts PostgreSQL and Redis when they are installed but stopped and installs
HAProxy, so a green run means the storage, the cluster and the balancer were tested. A
developer without one of them opts out explicitly, by naming it (or ``all``) in
``CARAVANSERAI_TESTS_WITHOUT``: those tests are then skipped with the reason, never silently.

    CARAVANSERAI_TESTS_WITHOUT=postgres,redis make unit

``python -m tests.services`` (``make database``) starts the test servers of PostgreSQL and
Redis when installed but stopped, as ``make cluster`` does (deploy/services.py), and exits
1 saying which one it could not bring up, unless the run does without it.
"""

from __future__ import annotations

import os
import sys
from typing import Literal, NoReturn

import pytest
from sqlalchemy import URL, make_url

from deploy import services

OPT_OUT = "CARAVANSERAI_TESTS_WITHOUT"
Service = Literal["postgres", "redis", "haproxy"]
DEFAULT_SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def postgres_server() -> URL:
    """The PostgreSQL server the tests make their databases on (``TEST_DATABASE_URL``)."""
    return make_url(os.environ.get("TEST_DATABASE_URL") or DEFAULT_SERVER)


def redis_server() -> str:
    """The Redis the tests keep their keys and channels in (``TEST_REDIS_URL``)."""
    return os.environ.get("TEST_REDIS_URL") or DEFAULT_REDIS


def excused() -> set[str]:
    """The services this run was told to do without."""
    return {name.strip().lower() for name in os.environ.get(OPT_OUT, "").split(",") if name.strip()}


def unavailable(service: Service, why: str) -> NoReturn:
    """Fail the test (skip it only where ``CARAVANSERAI_TESTS_WITHOUT`` names ``service``)."""
    names = excused()
    if service in names or "all" in names:
        pytest.skip(f"{why} (skipped: {OPT_OUT}={os.environ[OPT_OUT]})")
    pytest.fail(
        f"{why}. The suite needs {service}: `make test` starts or installs it; to run "
        f"without it, say so: {OPT_OUT}={service}",
        pytrace=False,
    )


def main() -> int:
    """Both servers answering (started when installed but stopped), or why not."""
    names = excused()
    status = 0
    for service, ensure in (
        ("postgres", lambda: services.ensure_postgres(postgres_server())),
        ("redis", lambda: services.ensure_redis(redis_server())),
    ):
        try:
            ensure()
        except services.ServiceError as err:
            if service in names or "all" in names:
                print(f"{err}: its tests are skipped ({OPT_OUT}={os.environ[OPT_OUT]}).")
            else:
                print(f"{err}. Install it, or run without it: {OPT_OUT}={service}")
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
