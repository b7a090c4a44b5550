"""OpenID Connect providers, configured from the environment.

``OIDC_PROVIDERS`` lists provider ids (``OIDC_PROVIDERS=google,work``); for each id,
``OIDC_<ID>_ISSUER`` (the issuer URL, whose ``/.well-known/openid-configuration``
is read), ``OIDC_<ID>_CLIENT_ID``, ``OIDC_<ID>_CLIENT_SECRET`` and
``OIDC_<ID>_NAME`` (shown on the button; the id by default). With none, no
provider button appears. Authlib's Starlette client keeps ``state`` and
``nonce`` in the session and checks both on the way back.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from authlib.integrations.starlette_client import OAuth


@dataclass(frozen=True)
class Provider:
    id: str
    name: str
    issuer: str
    client_id: str
    client_secret: str


def providers_from(env: Mapping[str, str]) -> list[Provider]:
    """The providers ``env`` configures completely (an incomplete one is left out)."""
    found = []
    for raw in env.get("OIDC_PROVIDERS", "").split(","):
        pid = raw.strip().lower()
        if not re.fullmatch(r"[a-z0-9_]{1,32}", pid):
            continue
        prefix = f"OIDC_{pid.upper()}_"
        issuer = env.get(prefix + "ISSUER", "").rstrip("/")
        client_id = env.get(prefix + "CLIENT_ID", "")
        if not issuer or not client_id:
            continue
        found.append(
            Provider(
                id=pid,
                name=env.get(prefix + "NAME") or pid,
                issuer=issuer,
                client_id=client_id,
                client_secret=env.get(prefix + "CLIENT_SECRET", ""),
            )
        )
    return found


class Providers:
    """The configured providers and their Authlib clients."""

    def __init__(self, providers: list[Provider]) -> None:
        self.all = providers
        self.oauth = OAuth()
        for p in providers:
            self.oauth.register(
                name=p.id,
                client_id=p.client_id,
                client_secret=p.client_secret,
                server_metadata_url=f"{p.issuer}/.well-known/openid-configuration",
                client_kwargs={"scope": "openid profile email"},
            )

    @staticmethod
    def from_environment() -> Providers:
        return Providers(providers_from(os.environ))

    def get(self, pid: str) -> Provider | None:
        return next((p for p in self.all if p.id == pid), None)

    def client(self, pid: str):  # type: ignore[no-untyped-def]
        return self.oauth.create_client(pid)
