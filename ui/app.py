"""Build the site and serve it: ``python -m ui.app`` (what ``make run`` does).

Configuration comes from the environment:

- ``DATABASE_URL``: SQLAlchemy URL; default a SQLite file under ``data/``.
- ``PORT`` (default 8080) and ``HOST`` (default 0.0.0.0).
- ``CARAVANSERAI_SECRET``: signs the visitors' session cookies; a random one is
  made and kept in ``data/secret`` when unset.
- ``CARAVANSERAI_BOT_PAUSE``: seconds a bot waits before it plays (default 0.8).
- ``CARAVANSERAI_TRUSTED_PROXIES``: comma-separated addresses of the reverse proxies whose
  ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed (default none).
- ``CARAVANSERAI_HTTPS``: ``1`` when browsers reach the site over https (behind a TLS
  proxy): answers then carry HSTS and the session cookie is ``Secure``.
- ``CARAVANSERAI_TEST_SEED``: test sites only: reproducible table seeds (ui/seeds.py).
- ``CARAVANSERAI_DAY_SECONDS``: test sites only: the seconds a turn-based "day" lasts
  (ui/pages/tempo_fields.py).
- ``CARAVANSERAI_GRACE_SECONDS``: how long a player who left a real-time game has to come
  back before the others may give the seat to a bot (default 60; ui/grace.py).
- ``CARAVANSERAI_ABANDONED_DAYS``: days without a move after which an untimed game is
  closed as abandoned, unrated (default 30; ui/abandonment.py).
- ``SMTP_URL``: the SMTP server mail goes out through (``smtp://host``,
  ``smtp+starttls://user:password@host:587`` or ``smtps://user:password@host:465``; see
  ``ui/mail/settings.py`` and docs/mail.md). Unset: no mail, and no e-mail option is offered.
- ``CARAVANSERAI_MAIL_FROM``: the mails' sender (default ``Caravanserai <no-reply@localhost>``).
- ``CARAVANSERAI_PUBLIC_URL``: the site's address as visitors reach it, which starts every
  link in a mail; required with ``SMTP_URL`` (the site refuses to start without it: a link
  is never built from the ``Host`` a request names, which anyone can forge).
- ``REDIS_URL``: the site runs as several processes sharing PostgreSQL and Redis (see
  ``ui/cluster.py`` and docs/cluster.md): changes travel on the bus, the bots' turns go to
  the workers (``python -m jobs.worker``), presence is shared. Unset: one process.
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path
from typing import Any

from nicegui import app, background_tasks, run, ui

from storage.db import make_engine, migrate
from ui import (
    abandonment,
    health,
    security_headers,
    session_storage,
    shared_sessions,
    socket_guard,
    storage_pruning,
    timeouts,
    turn_badge,
    unattended,
)
from ui.auth import mail_routes
from ui.auth import routes as auth_routes
from ui.auth.limits import SignInLimits
from ui.auth.oidc import Providers
from ui.body_limit import BodyLimit
from ui.bus import RedisBus
from ui.cluster import instance_name, redis_url
from ui.mail.service import Mail
from ui.mail.settings import MailSettings
from ui.mail.turns import TurnMails
from ui.pages import (
    account,
    api,
    assets,
    history,
    home,
    import_record,
    lobby,
    new_table,
    not_found,
    profile,
    replay,
    rules,
    table,
    turns,
)
from ui.pages import mail as mail_pages
from ui.presence import SharedPresence
from ui.seeds import Seeds
from ui.site import Site
from ui.upload_guard import UploadGuard

log = logging.getLogger("caravanserai")
STATIC = Path(__file__).resolve().parent / "static"
RECONNECT_TIMEOUT = 15.0  # seconds a page's state is kept for a browser that lost its connection


def storage_secret() -> str:
    """The cookie-signing secret: from the environment, else kept in ``data/secret``."""
    secret = os.environ.get("CARAVANSERAI_SECRET")
    if secret:
        return secret
    path = Path("data") / "secret"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def trusted_proxies() -> list[str]:
    """The proxies whose forwarded headers name the client (none unless configured).

    uvicorn believes ``X-Forwarded-For`` from 127.0.0.1 unless told otherwise, so a
    client on the same machine (or any client, behind a proxy that does not overwrite
    the header) could pick the address the sign-in limits count it under."""
    listed = os.environ.get("CARAVANSERAI_TRUSTED_PROXIES", "")
    return [address.strip() for address in listed.split(",") if address.strip()]


def served_over_https() -> bool:
    return os.environ.get("CARAVANSERAI_HTTPS", "") == "1"


def build() -> Site:
    """Migrate the database, rebuild unfinished matches and declare every page."""
    db = make_engine()
    migrate(db)
    pause = float(os.environ.get("CARAVANSERAI_BOT_PAUSE", "0.8"))
    site = Site(db, bot_pause=pause, seeds=Seeds.from_environment(), **several())
    app.add_middleware(BodyLimit)  # no request body over the limit is read, uploads included
    app.add_middleware(UploadGuard)  # a page's upload route takes posts from its browser only
    app.add_static_files("/static", STATIC)
    assets.share()  # the style rules and scripts of every page, kept once
    app.include_router(health.router(site))
    security_headers.install(app, https=served_over_https())
    socket_guard.install()
    session_storage.install()
    turn_badge.register(site)  # every page's header counts the games waiting for its visitor
    home.register()
    rules.register()
    new_table.register(site)
    table.register(site)
    lobby.register(site)
    turns.register(site)
    providers = Providers.from_environment()
    auth_routes.register(site, providers, SignInLimits())
    mail = mail_service(site)
    account.register(site, providers, mail)
    history.register(site)
    replay.register(site)
    import_record.register()
    profile.register(site)
    api.register(site)
    if mail is not None:
        mail_routes.register(site, mail)
        mail_pages.register(mail)
    not_found.register()

    async def recover() -> None:
        count = await site.recover()
        log.info("recovery done: rebuilt %d unfinished match(es) from storage", count)

    # In the background: the site answers at once, and a table asked for before its
    # turn is rebuilt on demand (Site.table).
    app.on_startup(lambda: background_tasks.create(recover(), name="recover"))
    app.on_startup(lambda: storage_pruning.start(site.gateway))
    # Sessions kept in Redis (NICEGUI_REDIS_URL) hear changes again after Redis restarts.
    app.on_startup(shared_sessions.start)
    app.on_startup(lambda: unattended.start(site))  # waiting tables nobody is at are closed
    app.on_startup(lambda: abandonment.start(site))  # untimed games nobody moves in, closed
    app.on_startup(lambda: timeouts.start(site))  # seats out of time go to a bot
    app.on_startup(turn_badge.start)  # every open page's count of the games waiting, anew
    app.on_startup(site.start_analysis)  # replays' analyses, when this process is alone
    app.on_shutdown(site.stop_analysis)

    if site.several:
        assert isinstance(site.bus, RedisBus)
        app.on_startup(lambda: background_tasks.create(join(site), name="bus"))
        app.on_shutdown(site.bus.close)

    async def drain() -> None:
        """On SIGTERM: no new move is taken, the writes under way finish, storage closes."""
        await site.drain()

    app.on_shutdown(drain)
    # The bots' workers start in the background: the site answers meanwhile, and the
    # first bot move finds a worker ready (ui/bot_pool.py).
    app.on_startup(lambda: background_tasks.create(site.bots.start(), name="bot-workers"))
    app.on_shutdown(site.bots.close)
    return site


def mail_service(site: Site) -> Mail | None:
    """The site's mail with ``SMTP_URL`` set (its sender and turn mails start with the
    app), else None: no mail is sent and no page offers it."""
    settings = MailSettings.from_environment()
    if settings is None:
        return None
    mail = Mail(site, settings, storage_secret())
    turn_mails = TurnMails(mail)
    app.on_startup(mail.start)
    app.on_startup(turn_mails.start)
    app.on_shutdown(mail.sender.close)
    return mail


def several() -> dict[str, Any]:
    """The bus and the bots' queue of a site served by several processes (``REDIS_URL``
    set); nothing for a site served by one."""
    url = redis_url()
    if url is None:
        return {}
    log.info("serving as %s, one of several processes (Redis at %s)", instance_name(), url)
    return {
        "bus": RedisBus(url, name=instance_name()),
        "queue": url,
    }


async def join(site: Site) -> None:
    """Start hearing the other processes, sharing presence, and the sweep."""
    url = redis_url()
    assert url is not None
    site.shared_presence = SharedPresence(url, instance_name())
    await site.bus.start(site.on_event, site.catch_up_all)
    background_tasks.create(site.sweep(), name="sweep")
    background_tasks.create(site.keep_presence(), name="presence")


def main() -> None:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    build()
    proxies = trusted_proxies()
    run.process_pool_start_method = "spawn"  # bot workers start clean, not as copies of the server
    ui.run(
        host=os.environ.get("HOST", "0.0.0.0"),
        port=int(os.environ.get("PORT", "8080")),
        title="Caravanserai",
        favicon=STATIC / "favicon.svg",
        storage_secret=storage_secret(),
        session_middleware_kwargs={"https_only": served_over_https()},
        reload=False,
        show=False,
        # A browser offline for longer gets a fresh page of the current position.
        reconnect_timeout=RECONNECT_TIMEOUT,
        # Passed on to uvicorn: forwarded headers only from the configured proxies.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies,
    )


if __name__ == "__main__":
    main()
