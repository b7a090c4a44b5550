"""Probes for a container runtime or a load balancer: ``/healthz`` says the process
answers (no database), ``/readyz`` says it can serve games (the database answers within
:data:`READY_TIMEOUT` seconds and start-up recovery has gone through every unfinished
match, and the process is not stopping: a balancer then sends it no new visitor). Both
answer a small JSON body, 200 when true and 503 when not, naming the process; the image's
HEALTHCHECK asks ``/readyz``, the balancer too (deploy/)."""

from __future__ import annotations

import logging
from typing import Protocol

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text

from ui.cluster import process_name
from ui.gateway import Gateway, StorageUnavailable

log = logging.getLogger(__name__)

READY_TIMEOUT = 2.0  # seconds the database may take to answer a readiness probe


class Probed(Protocol):
    """What the probes read of the site (ui.site.Site)."""

    gateway: Gateway
    recovered: bool
    stopping: bool


def ping(db: Engine) -> None:
    """The cheapest round trip to the database."""
    with db.connect() as connection:
        connection.execute(text("SELECT 1"))


def router(site: Probed) -> APIRouter:
    """The two probe routes, for ``app.include_router``."""
    routes = APIRouter()

    @routes.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok"})

    @routes.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        database = await _database(site)
        ready = database and site.recovered and not site.stopping
        body = {
            "status": "ready" if ready else "not ready",
            "database": "ok" if database else "unreachable",
            "recovered": site.recovered,
            "stopping": site.stopping,
            "process": process_name(),
        }
        return JSONResponse(body, status_code=200 if ready else 503)

    return routes


async def _database(site: Probed) -> bool:
    db = site.gateway.db
    try:
        await site.gateway.run(lambda: ping(db), timeout=READY_TIMEOUT)
    except StorageUnavailable:
        return False
    except Exception:  # any other failure of the round trip is as unready
        log.exception("readiness probe: the database check failed")
        return False
    return True
