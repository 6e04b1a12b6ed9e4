"""The web's background jobs (``cardedge/web/jobs.py``): a grid too costly for a request runs
as a job (its state, progress and the synchronous answer's rows), cancelled at its next step,
refused in one line when its command, keywords or cost are not a job's, forgotten a while
after it finishes; and the page's rule-space panel runs one with a progress bar (Chromium).

The requests' limit is lowered (``create_app(budget=...)``) so that a 1-deck grid of a few
combinations is "too costly for a request": the tests stay cheap. Where only the machinery
is tested, the work itself is a stand-in (``Call.run`` patched) that counts its steps."""

from __future__ import annotations

import contextlib
import json
import shutil
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")

from served import poll, served  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cardedge.web import calls, jobs  # noqa: E402
from cardedge.web.app import create_app  # noqa: E402

LOW = 0.1
"""A request's budget in these tests (seconds): a 1-deck grid of 2 x 2 combinations (0.32 s
estimated for blackjack) is over it."""
GRID = {"command": "grid", "decks": 1, "vary": ["h17", "das"], "basic": False}
"""A cheap blackjack grid (1 deck, no SD, no basic strategy), as a job's body."""
QUERY = "decks=1&vary=h17&vary=das&basic=false"
"""The same grid as a request's query."""


class Steps:
    """A stand-in for a call's work: ``steps`` progress steps of ``pause`` seconds each,
    counting the steps it took (``taken``) and whether it was stopped."""

    def __init__(self, steps: int = 200, pause: float = 0.01) -> None:
        self.steps, self.pause = steps, pause
        self.taken = 0
        self.stopped = threading.Event()

    def run(self, call, progress=None) -> str:
        from cardedge.web.work import Stopped

        try:
            with progress("stand-in", self.steps) as advance:
                for _ in range(self.steps):
                    time.sleep(self.pause)
                    self.taken += 1
                    advance(1)
        except Stopped:
            self.stopped.set()
            raise
        return json.dumps([{"steps": self.taken}])


@pytest.fixture
def steps(monkeypatch) -> Steps:
    work = Steps()
    monkeypatch.setattr(calls.Call, "run", lambda call, progress=None: work.run(call, progress))
    return work


def test_a_grid_over_a_requests_limit_runs_as_a_job_with_the_synchronous_rows():
    """Over the (lowered) request budget the grid answers 403 naming the job's address; the
    job answers 202, its state and progress (the grid's tasks), and once done the same rows
    as the synchronous request of the default budget and the API function."""
    from cardedge import blackjack
    from cardedge.reports.core.render import render_many

    with TestClient(create_app(budget=LOW)) as c:
        refused = c.get(f"/api/blackjack/grid?{QUERY}")
        assert refused.status_code == 403
        assert refused.headers["x-job"] == "/api/blackjack/jobs"
        line = refused.json()["error"]
        assert "start it as a background job (POST /api/blackjack/jobs, up to 100 s)" in line
        started = c.post("/api/blackjack/jobs", json=GRID)
        assert started.status_code == 202, started.text
        first = started.json()
        assert started.headers["location"] == f"/api/jobs/{first['id']}"
        assert first["state"] in ("queued", "running") and first["command"] == "grid"
        status = poll(c, first["id"])
        raw = c.get(f"/api/jobs/{first['id']}").text
    table = blackjack.grid(decks=1, vary=["h17", "das"], basic=False, sd=False)
    assert status["state"] == "done", status
    assert status["progress"]["done"] == status["progress"]["total"] >= 1
    assert status["progress"]["label"] == "Blackjack grid"
    assert status["result"] == table.rows() and len(status["result"]) == 4
    assert raw.endswith(f'"result": {render_many(table, "json").strip()}}}')  # as rendered
    with TestClient(create_app()) as c:
        synchronous = c.get(f"/api/blackjack/grid?{QUERY}")
    assert synchronous.status_code == 200
    assert json.loads(synchronous.text) == status["result"]


def test_a_job_reports_its_progress_and_a_cancel_stops_it_at_its_next_step(steps):
    app = create_app(budget=LOW)
    with TestClient(app) as c:
        job_id = c.post("/api/blackjack/jobs", json=GRID).json()["id"]
        deadline = time.monotonic() + 30
        while steps.taken < 5 and time.monotonic() < deadline:
            time.sleep(0.01)
        running = c.get(f"/api/jobs/{job_id}").json()
        assert running["state"] == "running"
        assert running["progress"]["total"] == 200 and 0 < running["progress"]["done"] < 200
        cancelled = c.delete(f"/api/jobs/{job_id}")
        assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
        assert steps.stopped.wait(5)  # at its next step, not at the end
        assert steps.taken < 200
        deadline = time.monotonic() + 5
        while app.state.jobs.pool.pending and time.monotonic() < deadline:
            time.sleep(0.01)
        assert app.state.jobs.pool.pending == 0  # the job's worker is free again
        assert c.get(f"/api/jobs/{job_id}").json()["state"] == "cancelled"
        assert "result" not in c.get(f"/api/jobs/{job_id}").json()


def test_identical_jobs_share_one_computation_and_one_cancel_leaves_it_to_the_other(steps):
    app = create_app(budget=LOW)
    with TestClient(app) as c:
        a = c.post("/api/blackjack/jobs", json=GRID).json()["id"]
        b = c.post("/api/blackjack/jobs", json={**GRID, "vary": ["h17", "das"]}).json()["id"]
        assert a != b and app.state.jobs.pool.shared == 1
        c.delete(f"/api/jobs/{a}")
        done = poll(c, b)
        assert done["state"] == "done" and done["result"] == [{"steps": 200}]
        assert not steps.stopped.is_set()
        assert c.get(f"/api/jobs/{a}").json()["state"] == "cancelled"
        # the answer is kept as a request's is: the same job again is done at once
        again = c.post("/api/blackjack/jobs", json=GRID).json()
        assert again["state"] == "done" and again["result"] == [{"steps": 200}]


def test_a_job_past_its_time_fails_and_a_full_job_queue_answers_503(steps, monkeypatch):
    monkeypatch.setattr(jobs, "JOB_QUEUE", 1)
    with TestClient(create_app(budget=LOW, job_seconds=0.2)) as c:
        job_id = c.post("/api/blackjack/jobs", json=GRID).json()["id"]
        other = c.post("/api/blackjack/jobs", json={**GRID, "vary": ["h17"]})
        assert other.status_code == 503 and "Retry-After" in other.headers
        assert other.json()["error"].startswith("busy: 1 requests in the queue")
        failed = poll(c, job_id)
    assert failed["state"] == "failed"
    assert failed["error"] == f"stopped after 0.2 s (a job's limit: {jobs.JOB_SECONDS:g} s)"


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"command": "edge", "decks": 1}, 400, "job: no command 'edge' as a job (grid, simulate)"),
        ({"command": "study"}, 400, "job: no command 'study' as a job (grid, simulate)"),
        ({"decks": 1, "vary": "h17"}, 400, "job: no command None as a job (grid, simulate)"),
        ({**GRID, "vary": ["nonsense"]}, 400, "vary: "),
        ({**GRID, "decks": "eight"}, 400, "decks: "),
        ({**GRID, "workers": 2}, 400, "workers: not taken on the web"),
        ({**GRID, "scheduler": "tcp://127.0.0.1:1"}, 400, "scheduler: not taken on the web"),
        ({**GRID, "nonsense": 1}, 400, "unknown option 'nonsense' for blackjack grid"),
        ({**GRID, "format": "csv"}, 400, "format: a job answers JSON"),
        ({**GRID, "decks": {"a": 1}}, 400, "job: decks: a value is text, a number"),
        ([1, 2], 400, "job: the body must be a JSON object"),
        ("not json", 400, "job: the body must be JSON"),
        # 8 deck counts x 2 x 2 x 3 x 3 x 2 x 2 = 1,152 combinations with the SD: ~520 s
        ({**GRID, "decks": "1..8", "sd": True, "vary": ["h17", "das", "double", "split_hands",
          "natural=3:2,6:5", "surrender"]}, 403, "grid: about 518 s of work (1,152 comb"),
    ],
)  # fmt: skip
def test_what_is_not_a_job_is_refused_in_one_line_before_any_work(body, status, says, steps):
    with TestClient(create_app(budget=LOW)) as c:
        if isinstance(body, str):
            response = c.post("/api/blackjack/jobs", content=body.encode())
        else:
            response = c.post("/api/blackjack/jobs", json=body)
    assert response.status_code == status, response.text
    assert list(response.json()) == ["error"]
    line = response.json()["error"]
    assert line.startswith(says) and "\n" not in line, line
    assert steps.taken == 0
    if status == 403:  # over a job's budget: the command line, no job offered
        assert "at most 100 s on the web" in line and "x-job" not in response.headers


def test_unknown_jobs_and_games_answer_404(steps):
    with TestClient(create_app(budget=LOW)) as c:
        assert c.post("/api/poker/jobs", json=GRID).status_code == 404
        missing = c.get("/api/jobs/nosuchjob")
        assert missing.status_code == 404
        assert missing.json()["error"] == ("no job 'nosuchjob' (a finished job is kept 10 minutes)")
        assert c.delete("/api/jobs/nosuchjob").status_code == 404


def test_a_job_no_one_asks_about_is_cancelled_by_its_own_next_step(steps):
    """Its client gone (no GET for ``ABANDON_SECONDS``), the job stops at its next step with
    no request coming, and says why; a job asked about often enough runs on."""
    app = create_app(budget=LOW)
    now = [1000.0]
    app.state.jobs.clock = lambda: now[0]
    with TestClient(app) as c:
        job_id = c.post("/api/blackjack/jobs", json=GRID).json()["id"]
        deadline = time.monotonic() + 30
        while steps.taken < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        for _ in range(3):  # asked every 20 s of the clock: kept
            now[0] += jobs.ABANDON_SECONDS * 2 / 3
            assert c.get(f"/api/jobs/{job_id}").json()["state"] == "running"
        assert not steps.stopped.is_set()
        now[0] += jobs.ABANDON_SECONDS + 1
        assert steps.stopped.wait(5)  # the job's own step saw it, before any request
        assert steps.taken < 200
        status = c.get(f"/api/jobs/{job_id}").json()
        assert status["state"] == "cancelled"
        assert status["error"] == f"no one asked for it in {jobs.ABANDON_SECONDS:g} s: cancelled"


def test_a_finished_job_is_forgotten_after_its_time_and_past_the_most_kept(steps):
    steps.steps = 1
    app = create_app(budget=LOW)
    now = [1000.0]
    app.state.jobs.clock = lambda: now[0]
    with TestClient(app) as c:
        job_id = c.post("/api/blackjack/jobs", json=GRID).json()["id"]
        assert poll(c, job_id)["state"] == "done"
        now[0] += jobs.JOB_KEEP_SECONDS - 1
        assert c.get(f"/api/jobs/{job_id}").status_code == 200
        now[0] += 2
        assert c.get(f"/api/jobs/{job_id}").status_code == 404
        # at most JOB_KEPT: the oldest finished forgotten first
        app.state.jobs.kept = 2
        ids = []
        for vary in (["h17"], ["das"], ["peek"]):
            ids.append(c.post("/api/blackjack/jobs", json={**GRID, "vary": vary}).json()["id"])
            assert poll(c, ids[-1])["state"] == "done"
            now[0] += 1
        assert [c.get(f"/api/jobs/{i}").status_code for i in ids] == [404, 200, 200]


# ---- the page (headless Chromium) -----------------------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
STEP_SECONDS = 1.0
"""How long the page's server lets each grid step take beyond its work (a slowed step: the
progress bar is seen, and a Cancel lands while the job runs)."""


@pytest.fixture
def slow_server():
    """The app, a grid's combination estimated dear, on a uvicorn of its own (a thread of this
    process, so that each step of a grid can be slowed by ``STEP_SECONDS``): its base URL."""
    real = calls.Call.run

    def slowed(call, progress=None):
        @contextlib.contextmanager
        def slow(label, total):
            with progress(label, total) as advance:

                def step(n=1):
                    time.sleep(STEP_SECONDS)
                    advance(n)

                yield step

        return real(call, slow if progress is not None and call.command == "grid" else progress)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(calls.Call, "run", slowed)
        # a combination taken at 5 s: a 2 x 2 grid (20 s) is over a request's 10 s, the
        # page's other requests within it
        patch.setitem(calls.GRID_COST_SECONDS, "blackjack", (5.0, 25.0))
        with served(create_app()) as base:
            yield base


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless Chromium")
def test_the_rule_space_runs_a_grid_over_a_requests_limit_as_a_job_with_progress(
    slow_server, browser
):
    """Over the request budget the panel starts the grid as a job: a progress bar counting
    its steps and a Cancel button, then the heatmap and table of the API's rows; a Cancel
    while another runs stops it and says so, no stale table beside it."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from cardedge import blackjack

    browser.get(f"{slow_server}/blackjack?decks=1")
    WebDriverWait(browser, 120).until(
        lambda d: (
            d.find_element("tag name", "body").get_attribute("data-state") in ("ready", "error")
        )
    )
    assert browser.find_element("tag name", "body").get_attribute("data-state") == "ready", (
        browser.find_element("id", "error").text,
        browser.get_log("browser"),
    )
    panel = browser.find_element("id", "grid")
    job = panel.find_element("css selector", ".job")
    assert not job.is_displayed()
    Select(browser.find_element("name", "vary1")).select_by_value("h17")
    Select(browser.find_element("name", "vary2")).select_by_value("das")
    browser.find_element("css selector", "#grid-form button").click()
    wait = WebDriverWait(browser, 120, poll_frequency=0.05)
    wait.until(lambda d: "steps" in job.text)  # the job's first poll: its steps counted
    assert panel.get_attribute("data-state") == "job"
    assert job.is_displayed() and job.find_element("css selector", "button.cancel").is_displayed()
    bar = job.find_element("css selector", "progress")
    assert int(bar.get_attribute("max")) >= 1
    wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error"))
    assert panel.get_attribute("data-state") == "ready", panel.text
    assert not job.is_displayed()
    rows = blackjack.grid(decks=1, vary=["h17", "das"], sd=False).rows()
    cells = panel.find_elements("css selector", "table.heatmap td.heat")
    by_das = sorted(rows, key=lambda r: (not r["das"], r["h17"]))
    assert [c.text.splitlines()[0] for c in cells] == [
        f"{r['optimal_percent']:.3f}" for r in by_das
    ]
    assert len(panel.find_elements("css selector", ".body table tbody tr")) == 4
    # another grid, cancelled while it runs
    Select(browser.find_element("name", "vary2")).select_by_value("rsa")
    browser.find_element("css selector", "#grid-form button").click()
    wait.until(lambda d: job.is_displayed())
    job.find_element("css selector", "button.cancel").click()
    wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error", "cancelled"))
    assert panel.get_attribute("data-state") == "cancelled", panel.text
    assert panel.find_element("css selector", ".error").text.startswith("cancelled")
    assert not panel.find_elements("css selector", "table.heatmap, .body table")
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    # the request refused for its cost (403, the job's address in X-Job) is the one logged
    assert all("api/blackjack/grid" in e["message"] for e in errors), errors
