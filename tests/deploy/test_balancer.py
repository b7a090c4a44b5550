"""A real HAProxy on the rendered configuration, in front of two stand-in apps: the first
answer pins the browser, a pinned browser keeps its app, one whose app is gone reaches the
other, and the admin socket drains and readies an app as the rolling restart does; a
rolling restart that fails midway leaves no app drained."""

from __future__ import annotations

import json
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from deploy import haproxy, rolling_restart
from deploy.rolling_restart import Cluster, RestartFailed
from tests.deploy.stand_ins import Balancer, until

BACKEND = haproxy.BACKEND


def get(balancer: Balancer, app: str | None = None) -> tuple[str, str | None, str]:
    """GET /readyz through the balancer (pinned to ``app`` when given): the process that
    answered (its body), the SERVERID cookie set, if any, and the X-Caravanserai-Process."""
    headers = {"Cookie": f"SERVERID={app}"} if app else {}
    request = urllib.request.Request(balancer.url + "/readyz", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
        body = json.loads(response.read())
        cookies = SimpleCookie()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookies.load(header)
        pinned = cookies["SERVERID"].value if "SERVERID" in cookies else None
        return body["process"], pinned, response.headers["X-Caravanserai-Process"]


def test_the_first_answer_pins_the_browser_to_the_app_that_gave_it(balancer: Balancer) -> None:
    process, pinned, header = get(balancer)
    assert pinned == process == header
    for _ in range(10):
        assert get(balancer, process) == (process, None, process)  # no cookie set again


def test_new_visitors_are_spread_over_the_apps(balancer: Balancer) -> None:
    assert {get(balancer)[0] for _ in range(20)} == {"app1", "app2"}


def test_a_drained_app_keeps_its_pinned_browsers_and_takes_no_new_one(
    balancer: Balancer,
) -> None:
    balancer.admin.set_state(BACKEND, "app1", "drain")
    assert balancer.admin.server(BACKEND, "app1").status == "DRAIN"
    assert {get(balancer)[0] for _ in range(20)} == {"app2"}
    assert {get(balancer, "app1")[0] for _ in range(5)} == {"app1"}
    balancer.admin.set_state(BACKEND, "app1", "ready")
    assert balancer.admin.server(BACKEND, "app1").up
    assert {get(balancer)[0] for _ in range(20)} == {"app1", "app2"}


def test_a_browser_pinned_to_an_app_that_is_gone_reaches_the_other(balancer: Balancer) -> None:
    balancer.apps["app1"].stop()
    # At once, before the checks notice: the refused connection is redispatched.
    process, pinned, _ = get(balancer, "app1")
    assert (process, pinned) == ("app2", "app2")
    until(lambda: not balancer.admin.server(BACKEND, "app1").up, 10, "app1 marked down")
    assert {get(balancer, "app1")[0] for _ in range(5)} == {"app2"}
    balancer.apps["app1"].start()
    balancer.admin.wait(BACKEND, "app1", up=True, timeout=10)


def cluster_without_launcher(balancer: Balancer) -> Cluster:
    """The balancer as a cluster whose launcher does not answer (no control socket)."""
    apps = {name: app.port for name, app in balancer.apps.items()}
    return Cluster(balancer.run_dir, balancer.admin, BACKEND, apps, stop_timeout=1)


def test_a_restart_that_fails_midway_leaves_the_app_ready(balancer: Balancer) -> None:
    said: list[str] = []
    with pytest.raises(RestartFailed, match="app1: the launcher's control socket"):
        rolling_restart.restart_app(
            cluster_without_launcher(balancer), "app1", drain_seconds=0, report=said.append
        )
    assert balancer.admin.server(BACKEND, "app1").status == "UP"
    assert "set back to ready" in said[-1]


def test_no_app_is_taken_away_while_no_other_one_is_up(balancer: Balancer) -> None:
    balancer.admin.set_state(BACKEND, "app2", "maint")
    with pytest.raises(RestartFailed, match="no other app is UP"):
        rolling_restart.restart_app(cluster_without_launcher(balancer), "app1", report=print)
    assert balancer.admin.server(BACKEND, "app1").status == "UP"


def test_restart_all_needs_a_running_cluster(tmp_path: Path) -> None:
    with pytest.raises(RestartFailed, match="no running cluster"):
        rolling_restart.restart_all(tmp_path)


def post(balancer: Balancer, app: str) -> int:
    """POST /readyz through the balancer, pinned to ``app``: the status answered."""
    request = urllib.request.Request(
        balancer.url + "/readyz", data=b"{}", headers={"Cookie": f"SERVERID={app}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def test_a_read_hung_up_on_by_an_app_stopping_is_answered_by_the_other(
    balancer: Balancer,
) -> None:
    """An app that stops while a request is on its way closes the connection without an
    answer; a GET (which changes nothing) is then tried again on the other app instead of
    reaching the browser as a 502, whatever its cookie said."""
    balancer.apps["app1"].hang_up = True
    for _ in range(5):
        process, _, _ = get(balancer, "app1")
        assert process == "app2"
    assert balancer.apps["app1"].hung_up == ["GET"] * 5


def test_a_post_hung_up_on_is_not_sent_again(balancer: Balancer) -> None:
    """A POST may have done its work before the app hung up: it is never sent twice."""
    balancer.apps["app1"].hang_up = True
    assert post(balancer, "app1") == 502
    assert balancer.apps["app1"].hung_up == ["POST"]
    balancer.apps["app1"].hang_up = False
    assert post(balancer, "app1") == 200
