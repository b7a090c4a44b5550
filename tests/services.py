"""What a test does when a service it needs does not answer: it fails, saying which.

``make test`` starts PostgreSQL and Redis when they are installed but stopped and installs
HAProxy, so a green run means the storage, the cluster and the balancer were tested. A
developer without one of them opts out explicitly, by naming it (or ``all``) in
``CARAVANSERAI_TESTS_WITHOUT``: those tests are then skipped with the reason, never silently.

    CARAVANSERAI_TESTS_WITHOUT=postgres,redis make unit
"""

from __future__ import annotations

import os
from typing import Literal, NoReturn

import pytest

OPT_OUT = "CARAVANSERAI_TESTS_WITHOUT"
Service = Literal["postgres", "redis", "haproxy"]


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
