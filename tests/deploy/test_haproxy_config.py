"""The balancer's configuration (deploy/haproxy.cfg.in): HAProxy accepts it, and it says
what the cluster relies on: a sticky cookie, redispatch, the readiness check, timeouts fit
for long games, forwarded headers and the admin socket; ports and servers are parameters."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from deploy import haproxy
from deploy.haproxy import Server

UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400}


def three_apps(base: int = 8081) -> list[Server]:
    return [Server(f"app{n}", "127.0.0.1", base + n - 1) for n in (1, 2, 3)]


def sections(text: str) -> dict[str, list[str]]:
    """Each section (``global``, ``defaults``, ``backend apps`` ...) and its directives,
    comments and blank lines left out."""
    found: dict[str, list[str]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not raw[0].isspace():
            current = " ".join(line.split())
            found[current] = []
        else:
            assert current is not None, f"a directive out of any section: {raw!r}"
            found[current].append(" ".join(line.split()))
    return found


def seconds(value: str) -> float:
    """An HAProxy duration (``1h``, ``10s``, ``500ms``; a bare number is milliseconds)."""
    number, unit = re.fullmatch(r"(\d+)([a-z]*)", value).groups()  # type: ignore[union-attr]
    return int(number) * UNITS[unit or "ms"]


def timeouts(config: dict[str, list[str]]) -> dict[str, float]:
    return {
        line.split()[1]: seconds(line.split()[2])
        for line in config["defaults"]
        if line.startswith("timeout ")
    }


@pytest.fixture
def config(tmp_path: Path) -> dict[str, list[str]]:
    return sections(haproxy.render(three_apps(), port=8080, run_dir=tmp_path))


def test_haproxy_accepts_the_rendered_configuration(haproxy_program: str, tmp_path: Path) -> None:
    path = tmp_path / "haproxy.cfg"
    path.write_text(haproxy.render(three_apps(), port=8080, run_dir=tmp_path), encoding="utf-8")
    checked = subprocess.run(
        [haproxy_program, "-c", "-f", str(path)], capture_output=True, text=True, timeout=30
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Configuration file is valid" in checked.stdout
    assert haproxy.check(path, haproxy_program).returncode == 0


def test_haproxy_refuses_a_broken_one(haproxy_program: str, tmp_path: Path) -> None:
    """The check above can fail: a file HAProxy cannot read is refused."""
    path = tmp_path / "haproxy.cfg"
    text = haproxy.render(three_apps(), port=8080, run_dir=tmp_path)
    path.write_text(text.replace("balance leastconn", "balance nowhere"), encoding="utf-8")
    assert haproxy.check(path, haproxy_program).returncode != 0


def test_a_browser_is_pinned_to_its_app_by_an_inserted_cookie(
    config: dict[str, list[str]],
) -> None:
    backend = config[f"backend {haproxy.BACKEND}"]
    cookie = next(line for line in backend if line.startswith("cookie "))
    assert cookie.startswith("cookie SERVERID insert indirect nocache")
    servers = [line for line in backend if line.startswith("server ")]
    assert servers == [f"server app{n} 127.0.0.1:{8080 + n} cookie app{n}" for n in (1, 2, 3)]


def test_a_browser_pinned_to_a_dead_app_is_sent_to_another(
    config: dict[str, list[str]],
) -> None:
    defaults = config["defaults"]
    assert any(line.startswith("option redispatch") for line in defaults)
    retries = next(line for line in defaults if line.startswith("retries "))
    assert int(retries.split()[1]) >= 1


def test_apps_are_checked_on_readyz_every_second(config: dict[str, list[str]]) -> None:
    backend = config[f"backend {haproxy.BACKEND}"]
    assert "option httpchk GET /readyz" in backend
    assert "http-check expect status 200" in backend
    default_server = next(line for line in backend if line.startswith("default-server "))
    words = default_server.split()
    assert "check" in words
    assert seconds(words[words.index("inter") + 1]) <= 1
    assert words[words.index("fall") + 1] == "2"
    assert words[words.index("rise") + 1] == "1"


def test_timeouts_let_a_game_s_websocket_last_for_hours(config: dict[str, list[str]]) -> None:
    found = timeouts(config)
    assert found["tunnel"] >= 3600
    for name in ("connect", "client", "server", "http-keep-alive", "http-request", "check"):
        assert 0 < found[name] <= 120, name
    assert found["check"] > 2  # /readyz may take its 2 s on a slow database


def test_the_apps_learn_the_client_s_address_and_scheme(config: dict[str, list[str]]) -> None:
    assert "option forwardfor" in config["defaults"]
    assert "http-request set-header X-Forwarded-Proto http" in config["frontend site"]
    behind_tls = haproxy.render(
        three_apps(), port=8080, run_dir=Path("/x"), forwarded_proto="https"
    )
    assert "X-Forwarded-Proto https" in behind_tls


def test_the_rolling_restart_has_an_admin_socket(tmp_path: Path) -> None:
    config = sections(haproxy.render(three_apps(), port=8080, run_dir=tmp_path))
    socket = tmp_path.resolve() / haproxy.SOCKET
    assert f"stats socket {socket} mode 600 level admin" in config["global"]


def test_ports_and_servers_are_parameters(tmp_path: Path) -> None:
    servers = [Server("app1", "10.0.0.5", 9001), Server("app2", "10.0.0.6", 9001)]
    text = haproxy.render(servers, port=18080, run_dir=tmp_path, bind="127.0.0.1", stats_port=0)
    config = sections(text)
    assert config["frontend site"][0] == "bind 127.0.0.1:18080"
    assert "bind 127.0.0.1:0" in config["listen stats"]
    backend = config[f"backend {haproxy.BACKEND}"]
    assert "server app2 10.0.0.6:9001 cookie app2" in backend
    assert not any("${" in line for line in text.splitlines()), "a placeholder left unfilled"


@pytest.mark.parametrize(
    "servers, why",
    [
        ([], "at least one"),
        ([Server("app1", "h", 1), Server("app1", "h", 2)], "share a name"),
        ([Server("app 1", "h", 1)], "plain server name"),
    ],
)
def test_what_haproxy_would_misread_is_refused(
    servers: list[Server], why: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match=why):
        haproxy.render(servers, port=8080, run_dir=tmp_path)
