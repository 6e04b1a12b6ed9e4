"""A blackjack shoe game as a background job (``POST /api/blackjack/jobs`` with
``"command": "simulate"``): the job's tables are the API's with the same seed; a request of
more rounds than its limit is pointed at the job, a job of more than a job's limit, Zero's
simulation (no shoe game yet) and a count or ramp naming a server file are refused in one
line; and the counting page's "Simulate your game" form runs one and fills its calculators
(Chromium)."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")

from starlette.testclient import TestClient  # noqa: E402

from cardedge.web import calls  # noqa: E402
from cardedge.web.app import create_app  # noqa: E402

GAME = {"decks": 1, "penetration": 0.75, "rounds": 20_000, "seed": 11, "bankroll": 500}
"""A tiny shoe game: one deck dealt to 75%, Hi-Lo, the 1-8 ramp, 20,000 rounds, seeded."""


def poll(client, job_id: str, seconds: float = 120.0) -> dict:
    """The job's status once it is no longer queued or running."""
    deadline = time.monotonic() + seconds
    while True:
        status = client.get(f"/api/jobs/{job_id}").json()
        if status["state"] not in ("queued", "running") or time.monotonic() > deadline:
            return status
        time.sleep(0.05)


def test_a_simulate_job_gives_the_api_tables_of_the_same_seed():
    from cardedge import blackjack
    from cardedge.reports.core.render import render_many

    with TestClient(create_app()) as c:
        started = c.post("/api/blackjack/jobs", json={"command": "simulate", **GAME})
        assert started.status_code == 202, started.text
        assert started.json()["command"] == "simulate"
        status = poll(c, started.json()["id"])
    assert status["state"] == "done", status
    assert status["progress"]["label"] == "Blackjack shoe game"
    assert status["progress"]["done"] == status["progress"]["total"] >= 1
    tables = blackjack.simulate(**{**GAME, "bankroll": [500]})
    assert status["result"] == json.loads(render_many(tables, "json"))
    titles = [t["title"].rsplit(": ", 1)[-1] for t in status["result"]["tables"]]
    assert titles[1:] == [
        "edge by true count",
        "betting (units; per 100 rounds dealt)",
        "ramps (units by true count)",
    ]
    assert status["result"]["tables"][0]["rows"][0]["rounds"] == 20_000


def test_a_request_over_its_rounds_is_pointed_at_the_job():
    with TestClient(create_app()) as c:
        refused = c.get("/api/blackjack/simulate?decks=1&penetration=0.75&rounds=1000000")
    assert refused.status_code == 403
    assert refused.headers["x-job"] == "/api/blackjack/jobs"
    assert refused.json()["error"] == (
        f"rounds: at most {calls.MAX_ROUNDS} in one request: start it as a background job "
        f"(POST /api/blackjack/jobs, up to {calls.MAX_JOB_ROUNDS:,} rounds), or give fewer"
    )
    assert calls.MAX_JOB_ROUNDS == 20_000_000  # the job budget (100 s) at 5 us a round


@pytest.mark.parametrize(
    ("game", "body", "status", "says"),
    [
        ("zero", {"command": "simulate", "rounds": 20_000}, 400,
         "job: zero simulate is not a job: Zero has no shoe game yet"),
        ("blackjack", {"command": "simulate", **GAME, "rounds": calls.MAX_JOB_ROUNDS + 1}, 403,
         "rounds: at most 20,000,000 in a job (give rounds=)"),
        ("blackjack", {"command": "simulate", "rounds": 2_000_001}, 403,
         "rounds: at most 2,000,000 in a job"),  # a fresh-shoe simulation: 10 requests'
        ("blackjack", {"command": "simulate", **GAME, "count": "/etc/passwd"}, 400,
         "count: '/etc/passwd': on the web one of hilo"),
        ("blackjack", {"command": "simulate", **GAME, "ramp": "/etc/passwd"}, 400,
         "ramp: '/etc/passwd': on the web UNITS:TC pairs or LOW-HIGH (no ramp file)"),
        ("blackjack", {"command": "simulate", **GAME, "threads": 2}, 400,
         "threads: not taken on the web"),
    ],
)  # fmt: skip
def test_what_is_not_a_simulate_job_is_refused_in_one_line(game, body, status, says):
    with TestClient(create_app()) as c:
        response = c.post(f"/api/{game}/jobs", json=body)
        assert response.status_code == status, response.text
        assert list(response.json()) == ["error"]
        line = response.json()["error"]
        assert line.startswith(says) and "\n" not in line, line
        assert c.get("/stats").json()["jobs"]["kept"] == 0  # no job started


def test_a_request_naming_a_server_file_for_the_count_or_ramp_is_refused():
    with TestClient(create_app()) as c:
        for option in ("count", "ramp"):
            query = f"decks=1&penetration=0.75&rounds=2000&{option}=/etc/hostname"
            response = c.get(f"/api/blackjack/simulate?{query}")
            assert response.status_code == 400, response.text
            assert response.json()["error"].startswith(f"{option}: '/etc/hostname': on the web")
